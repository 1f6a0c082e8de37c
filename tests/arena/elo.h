/* elo.h -- the arena's arithmetic: the score of a match between two
 * players and the Elo difference it implies, with its 95 % interval.
 *
 * Pure C: no I/O, no allocation, no globals. The formulas are the
 * standard ones (those cutechess-cli prints; for pairs, fishtest's):
 *   score     p = (wins + draws / 2) / games
 *   Elo       d(p) = -400 log10(1 / p - 1)
 *   deviation s = sqrt(mean over the games of (x - p)^2), x each game's
 *             score (1, 1/2 or 0)
 *   interval  [d(p - 1.96 s / sqrt(n)), d(p + 1.96 s / sqrt(n))], a bound
 *             beyond 0 or 1 being -inf or +inf; the margin ("+-") is
 *             half its width
 * A match won (or lost) in every game has p = 1 (0): no finite Elo, and
 * s = 0 says nothing about the error. Its interval then comes from the
 * exact binomial bound instead (Clopper-Pearson, 95 % two-sided): with n
 * games all won, the score is at least 0.025^(1/n), so the difference is
 * at least d(0.025^(1/n)), and unbounded above (mirrored for all lost).
 */
#ifndef ARENA_ELO_H
#define ARENA_ELO_H

#include <stdbool.h>

/* The 95 % two-sided normal quantile. */
#define ELO_Z95 1.96

/* What a match's results say, from the first player's side. */
struct elo_estimate {
	int games;     /* wins + losses + draws */
	double score;  /* p, in 0..1 */
	double elo;    /* d(p): -INFINITY at p = 0, +INFINITY at p = 1 */
	double stdev;  /* s, the per-game standard deviation of the score */
	double low;    /* the 95 % interval's lower bound (maybe -INFINITY) */
	double high;   /* its upper bound (maybe +INFINITY) */
	double margin; /* (high - low) / 2; INFINITY when a bound is */
};

/* The Elo difference a score p in 0..1 implies: -400 log10(1/p - 1),
 * -INFINITY for 0, +INFINITY for 1, NAN outside 0..1 (or for NAN). */
double elo_from_score(double p);

/* Estimate from wins, losses and draws (none negative, at least one
 * game) into *out. Return 0, or -1 with *out unchanged when there is no
 * game or a count is negative. */
int elo_estimate(int wins, int losses, int draws, struct elo_estimate *out);

/* A pair's outcomes for the first player: 0, 1/2, 1, 3/2 or 2 points. */
#define ELO_PAIR_OUTCOMES 5

/* Estimate from pairs of games (the two games of an opening, one with
 * each colour): pairs[i] counts the pairs where the first player scored
 * i/2 points, i = 0..ELO_PAIR_OUTCOMES - 1. The score p is the mean of
 * a game's, its deviation comes from the pairs (v the variance of a
 * pair's mean score i/4 about p, N the pairs): stdev = sqrt(2 v), so that
 * stdev / sqrt(games) = sqrt(v / N), the pairs' standard error; the
 * interval as above over games = 2 N. When the colour decides most
 * games, pairs vary less than games and the interval is narrower than
 * elo_estimate()'s from the same games. Return 0, or -1 with *out
 * unchanged when there is no pair or a count is negative. */
int elo_estimate_pairs(const int *pairs, struct elo_estimate *out);

/* Whether the estimate's margin is a finite number of points. */
bool elo_bounded(const struct elo_estimate *e);

#endif
