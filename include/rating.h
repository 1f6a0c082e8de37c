/* rating.h -- Elo ratings for ranked matches.
 *
 * Pure C: no I/O, no globals. Everyone starts at RATING_START (1500, in
 * player.h). K is 40 for a player's first 30 games, then 20, and 10 once
 * the rating has reached 2400. A draw counts as half a win.
 */
#ifndef GOMOKU_RATING_H
#define GOMOKU_RATING_H

/* The expected score (0..1) of a player rated `ra` against one rated
 * `rb`: 1 / (1 + 10^((rb - ra) / 400)). */
double rating_expected(double ra, double rb);

/* The K factor for a player with `rating` who has played `games` ranked
 * games before this one. */
int rating_k_factor(double rating, int games);

/* The change to a player's rating after one game: K * (score - expected),
 * where `score` is 1 for a win, 0.5 for a draw and 0 for a loss. */
double rating_delta(double rating, int games, double opponent_rating,
		    double score);

/* One game between players a and b counted, as the store counts a
 * ranked result: each side's change from both sides' values before it
 * (a rated `ra` after `games_a` games scored `score_a`, b the rest) into
 * *delta_a and *delta_b. */
void rating_deltas(double ra, int games_a, double rb, int games_b,
		   double score_a, double *delta_a, double *delta_b);

#endif
