/* sprt.h -- the arena's sequential test: a generalized sequential
 * probability ratio test (GSPRT) on the pairs of games of each opening,
 * the pentanomial model that fishtest uses for chess engines.
 *
 * Pure C: no I/O, no allocation, no globals.
 *
 * A pair is the two games of one opening, one with each colour; what p1
 * scores in it is 0, 1/2, 1, 3/2 or 2 points, and pairs[i] counts the
 * pairs where it scored i/2 (LL, LD, WL or DD, WD, WW). Pairs, not
 * games, are the samples: the two games of an opening are not
 * independent (in gomoku black wins most of them), and the pair takes
 * that out.
 *
 * The hypotheses are about the expected score of a game, in logistic
 * Elo: H0 says p1 - p2 = elo0, H1 says elo1 (s = 1 / (1 + 10^(-elo/400))).
 * The log-likelihood ratio of the counts is
 *   LLR = N * sum_i f_i ln(q1_i / q0_i)
 * with N the pairs, f_i = pairs[i] / N (a count of 0 taken as 0.001, as
 * fishtest does, so that no f_i is 0) and qk the distribution on the
 * five outcomes that is most likely given f under the constraint that a
 * game's expected score is sk (f_i / (1 + x (i/4 - sk)), x the root of
 * sum_i f_i (i/4 - sk) / (1 + x (i/4 - sk)) = 0). The test accepts H1 once
 * LLR >= ln((1 - beta) / alpha) and H0 once LLR <= ln(beta / (1 - alpha)),
 * so that it accepts H1 wrongly with probability about alpha when H0 is
 * true, and H0 wrongly with probability about beta when H1 is.
 */
#ifndef ARENA_SPRT_H
#define ARENA_SPRT_H

#include "elo.h"

/* The test's hypotheses (Elo p1 - p2) and error rates (each in 0..1). */
struct sprt {
	double elo0, elo1;
	double alpha, beta;
};

/* What the test says so far. */
enum sprt_verdict {
	SPRT_CONTINUE, /* between the bounds: play more pairs */
	SPRT_H0,       /* the lower bound is crossed: accept H0 (elo0) */
	SPRT_H1	       /* the upper bound is crossed: accept H1 (elo1) */
};

/* The expected score of a game at an Elo difference: 1 / (1 +
 * 10^(-elo/400)). */
double sprt_score(double elo);

/* The test's bounds on the LLR: ln(beta / (1 - alpha)) into *lower,
 * ln((1 - beta) / alpha) into *upper. */
void sprt_bounds(const struct sprt *t, double *lower, double *upper);

/* The log-likelihood ratio of H1 to H0 for the pair counts
 * pairs[ELO_PAIR_OUTCOMES] (none negative); 0 when there is no pair. NAN
 * when elo0 or elo1 is not a finite number. */
double sprt_llr(const struct sprt *t, const int *pairs);

/* Where llr stands against t's bounds. */
enum sprt_verdict sprt_verdict(const struct sprt *t, double llr);

#endif
