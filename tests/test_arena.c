/* test_arena.c -- unit tests for the arena's arithmetic
 * (tests/arena/elo.c, tests/arena/sprt.c): the Elo difference a score
 * implies and its 95 % interval, from games or from pairs of games, and
 * the sequential test's log-likelihood ratio and bounds. The expected
 * values were computed independently: Python's math module with the
 * formulas in elo.h, and for the test a Python program after fishtest's
 * LLR_logistic (pentanomial, the most likely distributions found by
 * mpmath's root finder at 50 digits, not by bisection as sprt.c does).
 */
#include <math.h>

#include <CUnit/CUnit.h>

#include "arena/elo.h"
#include "arena/sprt.h"

#define EPS 1e-9

/* The test as `make sprt` runs it by default. */
static const struct sprt default_test = {0.0, 10.0, 0.05, 0.05};

/* d(p) at known scores: 0.5 is level, 0.75 is 400 log10(3). */
static void test_elo_known_values(void)
{
	CU_ASSERT_DOUBLE_EQUAL(elo_from_score(0.5), 0.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(elo_from_score(0.75), 190.848501887865, EPS);
	CU_ASSERT_DOUBLE_EQUAL(elo_from_score(0.25), -190.848501887865, EPS);
	CU_ASSERT_DOUBLE_EQUAL(elo_from_score(0.9), 381.69700377572985, EPS);
	CU_ASSERT_DOUBLE_EQUAL(elo_from_score(10.0 / 11.0), 400.0, EPS);
}

/* The ends are infinite, not a huge number; outside 0..1 is no score. */
static void test_elo_ends(void)
{
	CU_ASSERT_TRUE(isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
	CU_ASSERT_TRUE(isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
	CU_ASSERT_TRUE(isnan(elo_from_score(1.5)));
	CU_ASSERT_TRUE(isnan(elo_from_score(-0.1)));
	CU_ASSERT_TRUE(isnan(elo_from_score(NAN)));
}

/* 30 wins, 20 losses, 10 draws: cutechess-cli's figures. */
static void test_estimate_known_match(void)
{
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate(30, 20, 10, &e), 0);
	CU_ASSERT_EQUAL(e.games, 60);
	CU_ASSERT_DOUBLE_EQUAL(e.score, 35.0 / 60.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, 58.45121427129523, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.stdev, 0.44876373392787533, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.low, -21.02432486245083, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.high, 144.62248291452045, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.margin, 82.82340388848564, EPS);
	CU_ASSERT_TRUE(elo_bounded(&e));
}

/* Draws narrow the deviation: the same score with 4 draws in 12. */
static void test_estimate_with_draws(void)
{
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate(5, 3, 4, &e), 0);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, 58.45121427129523, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.stdev, 0.39965262694272663, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.low, -102.05928127945698, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.high, 251.2815460053749, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.margin, 176.67041364241595, EPS);
}

/* A level match: 0 Elo, an interval symmetric about it. */
static void test_estimate_level(void)
{
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate(10, 10, 0, &e), 0);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, 0.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.stdev, 0.5, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.high, 163.32483041631045, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.low, -e.high, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.margin, e.high, EPS);
}

/* Every game won: +inf, and the exact bound 0.025^(1/n) below. */
static void test_estimate_all_won(void)
{
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate(8, 0, 0, &e), 0);
	CU_ASSERT_DOUBLE_EQUAL(e.score, 1.0, EPS);
	CU_ASSERT_TRUE(isinf(e.elo) && e.elo > 0);
	CU_ASSERT_DOUBLE_EQUAL(e.low, 92.89041532118453, EPS);
	CU_ASSERT_TRUE(isinf(e.high) && e.high > 0);
	CU_ASSERT_FALSE(elo_bounded(&e));
}

/* Every game lost: the mirror image, here over 20 games. */
static void test_estimate_all_lost(void)
{
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate(0, 20, 0, &e), 0);
	CU_ASSERT_TRUE(isinf(e.elo) && e.elo < 0);
	CU_ASSERT_TRUE(isinf(e.low) && e.low < 0);
	CU_ASSERT_DOUBLE_EQUAL(e.high, -277.38744079767, EPS);
	CU_ASSERT_FALSE(elo_bounded(&e));
}

/* 7 of 8: the normal interval runs past a score of 1, so it is
 * unbounded above, and the lower bound is still the formula's. */
static void test_estimate_interval_past_one(void)
{
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate(7, 1, 0, &e), 0);
	CU_ASSERT_DOUBLE_EQUAL(e.score, 0.875, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, elo_from_score(0.875), EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.low, 104.35762946589617, EPS);
	CU_ASSERT_TRUE(isinf(e.high) && e.high > 0);
	CU_ASSERT_FALSE(elo_bounded(&e));
}

/* No game, or a negative count: refused, the output untouched. */
static void test_estimate_refuses(void)
{
	struct elo_estimate e = {0};

	e.games = 77;
	CU_ASSERT_EQUAL(elo_estimate(0, 0, 0, &e), -1);
	CU_ASSERT_EQUAL(elo_estimate(-1, 2, 0, &e), -1);
	CU_ASSERT_EQUAL(elo_estimate(3, 0, -2, &e), -1);
	CU_ASSERT_EQUAL(e.games, 77);
}

/* 100 pairs: p1 a little behind; the interval from the pairs. */
static void test_pairs_known(void)
{
	const int pairs[] = {10, 20, 40, 25, 5};
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate_pairs(pairs, &e), 0);
	CU_ASSERT_EQUAL(e.games, 200);
	CU_ASSERT_DOUBLE_EQUAL(e.score, 0.4875, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, -8.6876998772945152, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.stdev, 0.36185287065325321, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.low, -43.763852898377101, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.high, 26.211689455276811, EPS);
	CU_ASSERT_TRUE(elo_bounded(&e));
}

/* Pairs mostly level (each colour wins its game): a narrow interval. */
static void test_pairs_mostly_level(void)
{
	const int pairs[] = {2, 40, 300, 60, 3};
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate_pairs(pairs, &e), 0);
	CU_ASSERT_EQUAL(e.games, 810);
	CU_ASSERT_DOUBLE_EQUAL(e.score, 0.51358024691358025, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, 9.4388435204674491, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.stdev, 0.19148940133743545, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.low, 0.27299653636273992, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.high, 18.617847672693253, EPS);
}

/* Every pair level: 0, and no spread at all between the pairs. */
static void test_pairs_all_level(void)
{
	const int pairs[] = {0, 0, 9, 0, 0};
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate_pairs(pairs, &e), 0);
	CU_ASSERT_DOUBLE_EQUAL(e.elo, 0.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.stdev, 0.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(e.margin, 0.0, EPS);
}

/* Every pair won: +inf, the exact bound over its 8 games. */
static void test_pairs_all_won(void)
{
	const int pairs[] = {0, 0, 0, 0, 4};
	struct elo_estimate e;

	CU_ASSERT_EQUAL_FATAL(elo_estimate_pairs(pairs, &e), 0);
	CU_ASSERT_TRUE(isinf(e.elo) && e.elo > 0);
	CU_ASSERT_DOUBLE_EQUAL(e.low, 92.890415321184555, EPS);
	CU_ASSERT_FALSE(elo_bounded(&e));
}

/* No pair, or a negative count: refused, the output untouched. */
static void test_pairs_refused(void)
{
	const int none[] = {0, 0, 0, 0, 0}, negative[] = {1, -1, 3, 0, 0};
	struct elo_estimate e = {0};

	e.games = 77;
	CU_ASSERT_EQUAL(elo_estimate_pairs(none, &e), -1);
	CU_ASSERT_EQUAL(elo_estimate_pairs(negative, &e), -1);
	CU_ASSERT_EQUAL(e.games, 77);
}

/* The score of an Elo difference, and Wald's bounds. */
static void test_sprt_score_and_bounds(void)
{
	const struct sprt loose = {0.0, 10.0, 0.1, 0.2};
	double lower, upper;

	CU_ASSERT_DOUBLE_EQUAL(sprt_score(0.0), 0.5, EPS);
	CU_ASSERT_DOUBLE_EQUAL(sprt_score(10.0), 0.51438718416599866, EPS);
	CU_ASSERT_DOUBLE_EQUAL(sprt_score(-10.0), 1 - 0.51438718416599866, EPS);
	sprt_bounds(&default_test, &lower, &upper);
	CU_ASSERT_DOUBLE_EQUAL(lower, -2.9444389791664405, EPS);
	CU_ASSERT_DOUBLE_EQUAL(upper, 2.9444389791664405, EPS);
	sprt_bounds(&loose, &lower, &upper);
	CU_ASSERT_DOUBLE_EQUAL(lower, -1.5040773967762741, EPS);
	CU_ASSERT_DOUBLE_EQUAL(upper, 2.0794415416798359, EPS);
}

/* The LLR of H1 (elo 10) against H0 (elo 0) for given pair counts. */
static void test_sprt_llr_known(void)
{
	const int behind[] = {10, 20, 40, 25, 5};
	const int ahead[] = {2, 40, 300, 60, 3};

	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&default_test, behind),
			       -0.43748623289102832, EPS);
	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&default_test, ahead),
			       2.0157241780209081, EPS);
}

/* fishtest's own example (its stat_util.py): 188,000 games' pairs,
 * elo0 -3, elo1 1, logistic. */
static void test_sprt_llr_fishtest(void)
{
	const struct sprt t = {-3.0, 1.0, 0.05, 0.05};
	const int pairs[] = {10789, 19328, 33806, 19402, 10543};

	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&t, pairs), 2.1310678117878922, 1e-8);
}

/* Outcomes never seen count as 0.001 pairs, so the LLR stays finite. */
static void test_sprt_llr_empty_outcomes(void)
{
	const int some[] = {0, 3, 30, 5, 0}, won[] = {0, 0, 0, 0, 7};
	const int lost[] = {3, 0, 1, 0, 0};

	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&default_test, some),
			       0.25017622142145252, EPS);
	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&default_test, won),
			       0.19863299168767584, EPS);
	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&default_test, lost),
			       -0.11679735597649236, EPS);
}

/* Mirrored counts under mirrored hypotheses give the same LLR. */
static void test_sprt_llr_mirror(void)
{
	const struct sprt down = {0.0, -10.0, 0.05, 0.05};
	const int pairs[] = {10, 20, 40, 25, 5}, mirror[] = {5, 25, 40, 20, 10};

	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&down, mirror),
			       sprt_llr(&default_test, pairs), EPS);
}

/* With elo1 400: four won pairs go on, five accept H1, two lost ones
 * accept H0; no pair is an LLR of 0. */
static void test_sprt_verdicts(void)
{
	const struct sprt wide = {0.0, 400.0, 0.05, 0.05};
	const int four[] = {0, 0, 0, 0, 4}, five[] = {0, 0, 0, 0, 5};
	const int lost[] = {2, 0, 0, 0, 0}, none[] = {0, 0, 0, 0, 0};
	double llr;

	llr = sprt_llr(&wide, four);
	CU_ASSERT_DOUBLE_EQUAL(llr, 2.3914269965687043, EPS);
	CU_ASSERT_EQUAL(sprt_verdict(&wide, llr), SPRT_CONTINUE);
	llr = sprt_llr(&wide, five);
	CU_ASSERT_DOUBLE_EQUAL(llr, 2.9892659542777271, EPS);
	CU_ASSERT_EQUAL(sprt_verdict(&wide, llr), SPRT_H1);
	llr = sprt_llr(&wide, lost);
	CU_ASSERT_DOUBLE_EQUAL(llr, -3.4140106436038964, EPS);
	CU_ASSERT_EQUAL(sprt_verdict(&wide, llr), SPRT_H0);
	CU_ASSERT_DOUBLE_EQUAL(sprt_llr(&wide, none), 0.0, EPS);
	CU_ASSERT_EQUAL(sprt_verdict(&wide, 0.0), SPRT_CONTINUE);
}

/* Suite set-up: nothing to prepare. Returns 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to undo. Returns 0. */
static int cleanup(void)
{
	return 0;
}

static CU_TestInfo tests[] = {
	{"Elo of a score: known values", test_elo_known_values},
	{"Elo of a score: infinite at 0 and 1, NaN outside", test_elo_ends},
	{"estimate: 30-20-10 as cutechess-cli prints it",
	 test_estimate_known_match},
	{"estimate: draws narrow the deviation", test_estimate_with_draws},
	{"estimate: a level match is symmetric", test_estimate_level},
	{"estimate: all won is +inf, exact lower bound", test_estimate_all_won},
	{"estimate: all lost is -inf, exact upper bound",
	 test_estimate_all_lost},
	{"estimate: an interval past a score of 1 is unbounded",
	 test_estimate_interval_past_one},
	{"estimate: no game or a negative count is refused",
	 test_estimate_refuses},
	{"pairs: 100 pairs, p1 a little behind", test_pairs_known},
	{"pairs: mostly level pairs give a narrow interval",
	 test_pairs_mostly_level},
	{"pairs: all level is 0 with no spread", test_pairs_all_level},
	{"pairs: all won is +inf, exact lower bound", test_pairs_all_won},
	{"pairs: no pair or a negative count is refused", test_pairs_refused},
	{"sprt: the score of an Elo difference, and the bounds",
	 test_sprt_score_and_bounds},
	{"sprt: LLR of known pair counts", test_sprt_llr_known},
	{"sprt: LLR of fishtest's own example", test_sprt_llr_fishtest},
	{"sprt: outcomes never seen count as 0.001",
	 test_sprt_llr_empty_outcomes},
	{"sprt: mirrored counts and hypotheses, the same LLR",
	 test_sprt_llr_mirror},
	{"sprt: four won pairs go on, five accept H1, two lost H0",
	 test_sprt_verdicts},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo arena_suite = {"arena", init, cleanup, NULL, NULL, tests};
