/* rating.c -- Elo ratings for ranked matches.
 *
 * Pure C: no I/O, no globals. Uses pow() from the C maths library, so
 * programs that link this file need -lm.
 */
#include <math.h>

#include "rating.h"

#define RATING_K_MASTER	      10 /* once the rating has reached 2400 */
#define RATING_K_NEWCOMER     40 /* for the first 30 games */
#define RATING_K_REGULAR      20 /* everyone else */
#define RATING_MASTER	      2400.0
#define RATING_NEWCOMER_GAMES 30

/* The expected score (0..1) of a player rated `ra` against one rated
 * `rb`: 1 / (1 + 10^((rb - ra) / 400)). */
double rating_expected(double ra, double rb)
{
	return 1.0 / (1.0 + pow(10.0, (rb - ra) / 400.0));
}

/* The K factor for a player with `rating` who has played `games` ranked
 * games before this one: 10 from 2400 up, else 40 for fewer than 30
 * games, else 20. */
int rating_k_factor(double rating, int games)
{
	if (rating >= RATING_MASTER)
		return RATING_K_MASTER;
	if (games < RATING_NEWCOMER_GAMES)
		return RATING_K_NEWCOMER;
	return RATING_K_REGULAR;
}

/* The change to a player's rating after one game: K * (score - expected),
 * where `score` is 1 for a win, 0.5 for a draw and 0 for a loss. */
double rating_delta(double rating, int games, double opponent_rating,
		    double score)
{
	double expected = rating_expected(rating, opponent_rating);

	return rating_k_factor(rating, games) * (score - expected);
}

void rating_deltas(double ra, int games_a, double rb, int games_b,
		   double score_a, double *delta_a, double *delta_b)
{
	*delta_a = rating_delta(ra, games_a, rb, score_a);
	*delta_b = rating_delta(rb, games_b, ra, 1.0 - score_a);
}
