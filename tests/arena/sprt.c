/* sprt.c -- the sequential test on pairs of games; see sprt.h for the
 * model and the formulas.
 */
#include <math.h>

#include "sprt.h"

/* What stands in for a count of 0 (fishtest's regularization). */
#define EMPTY_COUNT 1e-3
/* Bisection steps: far more than a double's 52 bits need. */
#define ROOT_STEPS 200

double sprt_score(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

void sprt_bounds(const struct sprt *t, double *lower, double *upper)
{
	*lower = log(t->beta / (1.0 - t->alpha));
	*upper = log((1.0 - t->beta) / t->alpha);
}

/* The points of outcome i for one game on average: i / 4. */
static double outcome_score(int i)
{
	return i / 4.0;
}

/* sum_i f_i b_i / (1 + x b_i), b_i = i/4 - s: decreasing in x. */
static double secular(const double *f, double s, double x)
{
	double sum = 0.0, b;
	int i;

	for (i = 0; i < ELO_PAIR_OUTCOMES; i++) {
		b = outcome_score(i) - s;
		sum += f[i] * b / (1.0 + x * b);
	}
	return sum;
}

/* The root x of secular(f, s, x) = 0 between -1/(1 - s) and 1/s (where
 * every 1 + x b_i is positive), for 0 < s < 1 and every f_i > 0: the
 * multiplier that makes f_i / (1 + x b_i) the most likely distribution
 * whose expected game score is s. Found by bisection. */
static double mle_multiplier(const double *f, double s)
{
	double lo = -1.0 / (1.0 - s), hi = 1.0 / s, mid;
	int step;

	for (step = 0; step < ROOT_STEPS; step++) {
		mid = (lo + hi) / 2.0;
		if (mid <= lo || mid >= hi)
			break;
		if (secular(f, s, mid) > 0.0)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2.0;
}

double sprt_llr(const struct sprt *t, const int *pairs)
{
	double f[ELO_PAIR_OUTCOMES], n = 0.0, s0, s1, x0, x1, sum = 0.0, a;
	int i, any = 0;

	if (!isfinite(t->elo0) || !isfinite(t->elo1))
		return NAN;
	for (i = 0; i < ELO_PAIR_OUTCOMES; i++) {
		any += pairs[i];
		f[i] = pairs[i] > 0 ? pairs[i] : EMPTY_COUNT;
		n += f[i];
	}
	if (any == 0)
		return 0.0;
	for (i = 0; i < ELO_PAIR_OUTCOMES; i++)
		f[i] /= n;
	s0 = sprt_score(t->elo0);
	s1 = sprt_score(t->elo1);
	x0 = mle_multiplier(f, s0);
	x1 = mle_multiplier(f, s1);
	for (i = 0; i < ELO_PAIR_OUTCOMES; i++) {
		a = outcome_score(i);
		sum += f[i] *
		       (log(1.0 + x0 * (a - s0)) - log(1.0 + x1 * (a - s1)));
	}
	return n * sum;
}

enum sprt_verdict sprt_verdict(const struct sprt *t, double llr)
{
	double lower, upper;

	sprt_bounds(t, &lower, &upper);
	if (llr >= upper)
		return SPRT_H1;
	if (llr <= lower)
		return SPRT_H0;
	return SPRT_CONTINUE;
}
