/* elo.c -- a match's score, its Elo difference and the 95 % interval;
 * see elo.h for the formulas.
 */
#include <math.h>

#include "elo.h"

/* The two-sided error rate of the interval, for the exact bound. */
#define ALPHA 0.05

double elo_from_score(double p)
{
	if (!(p >= 0.0 && p <= 1.0))
		return NAN;
	if (p == 0.0)
		return -INFINITY;
	if (p == 1.0)
		return INFINITY;
	return -400.0 * log10(1.0 / p - 1.0);
}

/* The Elo of p clamped into 0..1 (so a bound beyond either end is
 * infinite). */
static double elo_clamped(double p)
{
	if (p <= 0.0)
		return -INFINITY;
	if (p >= 1.0)
		return INFINITY;
	return elo_from_score(p);
}

/* Fill e's interval for a match won (p = 1) or lost (p = 0) in all of
 * its n games: the exact Clopper-Pearson bound, see elo.h. */
static void extreme_interval(struct elo_estimate *e)
{
	double q = pow(ALPHA / 2.0, 1.0 / e->games);

	if (e->score == 1.0) {
		e->low = elo_from_score(q);
		e->high = INFINITY;
	} else {
		e->low = -INFINITY;
		e->high = elo_from_score(1.0 - q);
	}
}

/* Fill e's Elo and 95 % interval from its games, score and stdev. */
static void fill_interval(struct elo_estimate *e)
{
	double half;

	e->elo = elo_from_score(e->score);
	if (e->score == 0.0 || e->score == 1.0) {
		extreme_interval(e);
	} else {
		half = ELO_Z95 * e->stdev / sqrt(e->games);
		e->low = elo_clamped(e->score - half);
		e->high = elo_clamped(e->score + half);
	}
	e->margin = isinf(e->low) || isinf(e->high) ? INFINITY
						    : (e->high - e->low) / 2.0;
}

int elo_estimate(int wins, int losses, int draws, struct elo_estimate *out)
{
	struct elo_estimate e;
	double n, p;

	if (wins < 0 || losses < 0 || draws < 0 || wins + losses + draws <= 0)
		return -1;
	e.games = wins + losses + draws;
	n = e.games;
	p = (wins + 0.5 * draws) / n;
	e.score = p;
	e.stdev = sqrt((wins * (1.0 - p) * (1.0 - p) + losses * p * p +
			draws * (0.5 - p) * (0.5 - p)) /
		       n);
	fill_interval(&e);
	*out = e;
	return 0;
}

int elo_estimate_pairs(const int *pairs, struct elo_estimate *out)
{
	struct elo_estimate e;
	double n = 0.0, p = 0.0, var = 0.0, d;
	int i;

	for (i = 0; i < ELO_PAIR_OUTCOMES; i++) {
		if (pairs[i] < 0)
			return -1;
		n += pairs[i];
		p += pairs[i] * (i / 4.0);
	}
	if (n == 0.0)
		return -1;
	p /= n;
	for (i = 0; i < ELO_PAIR_OUTCOMES; i++) {
		d = i / 4.0 - p;
		var += pairs[i] * d * d;
	}
	e.games = 2 * (int)n;
	e.score = p;
	e.stdev = sqrt(2.0 * var / n);
	fill_interval(&e);
	*out = e;
	return 0;
}

bool elo_bounded(const struct elo_estimate *e)
{
	return isfinite(e->margin);
}
