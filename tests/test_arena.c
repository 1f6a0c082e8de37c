/* test_arena.c -- unit tests for the arena's arithmetic
 * (tests/arena/elo.c): the Elo difference a score implies and its 95 %
 * interval. The expected values were computed independently (Python's
 * math module, the formulas in elo.h).
 */
#include <math.h>

#include <CUnit/CUnit.h>

#include "arena/elo.h"

#define EPS 1e-9

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
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo arena_suite = {"arena", init, cleanup, NULL, NULL, tests};
