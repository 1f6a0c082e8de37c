/* test_rating.c -- unit tests for src/rating.c: Elo expected scores, the
 * K factor and rating changes.
 */
#include <CUnit/CUnit.h>

#include "player.h"
#include "rating.h"

#define EPS 1e-9

/* Expected scores for gaps of 0, 200, 400 and 800 points. */
static void test_expected_known_values(void)
{
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(1500, 1500), 0.5, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(2100, 2100), 0.5, EPS);
	/* 400 points: 1 / (1 + 1/10) = 10/11 */
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(1900, 1500), 10.0 / 11.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(1500, 1900), 1.0 / 11.0, EPS);
	/* 800 points: 1 / (1 + 1/100) = 100/101 */
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(2300, 1500), 100.0 / 101.0, EPS);
	/* 200 points: 1 / (1 + 10^-0.5) */
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(1700, 1500), 0.759746926647958,
			       1e-12);
}

/* Both sides' expectations add to 1, favouring the higher rating. */
static void test_expected_symmetric(void)
{
	static const double r[] = {0, 800, 1234.5, 1500, 1501, 2400, 3000};
	size_t i, j;

	for (i = 0; i < sizeof(r) / sizeof(r[0]); i++) {
		for (j = 0; j < sizeof(r) / sizeof(r[0]); j++) {
			double e = rating_expected(r[i], r[j]);

			CU_ASSERT_TRUE(e > 0.0 && e < 1.0);
			CU_ASSERT_DOUBLE_EQUAL(e + rating_expected(r[j], r[i]),
					       1.0, EPS);
			if (r[i] > r[j])
				CU_ASSERT_TRUE(e > 0.5);
			if (r[i] < r[j])
				CU_ASSERT_TRUE(e < 0.5);
		}
	}
	/* the same gap gives the same expectation at any level */
	CU_ASSERT_DOUBLE_EQUAL(rating_expected(1100, 1000),
			       rating_expected(2500, 2400), EPS);
}

/* K is 40, 20 or 10 on the right side of 30 games and 2400. */
static void test_k_factor_boundaries(void)
{
	CU_ASSERT_EQUAL(rating_k_factor(RATING_START, 0), 40);
	CU_ASSERT_EQUAL(rating_k_factor(RATING_START, 29), 40);
	CU_ASSERT_EQUAL(rating_k_factor(RATING_START, 30), 20);
	CU_ASSERT_EQUAL(rating_k_factor(RATING_START, 500), 20);
	CU_ASSERT_EQUAL(rating_k_factor(2399, 29), 40);
	CU_ASSERT_EQUAL(rating_k_factor(2399, 30), 20);
	CU_ASSERT_EQUAL(rating_k_factor(2399.999, 100), 20);
	CU_ASSERT_EQUAL(rating_k_factor(2400, 100), 10);
	CU_ASSERT_EQUAL(rating_k_factor(2400, 0), 10);
	CU_ASSERT_EQUAL(rating_k_factor(2400, 29), 10);
	CU_ASSERT_EQUAL(rating_k_factor(2700, 30), 10);
	CU_ASSERT_EQUAL(rating_k_factor(100, 29), 40);
}

/* Between equal ratings: a win +K/2, a loss -K/2, a draw 0. */
static void test_delta_equal_ratings(void)
{
	/* K 40: a win is worth 20, a loss costs 20, a draw nothing */
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 0, 1500, 1.0), 20.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 0, 1500, 0.0), -20.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 0, 1500, 0.5), 0.0, EPS);
	/* K 20 and K 10 */
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1800, 30, 1800, 1.0), 10.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(2400, 30, 2400, 0.0), -5.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(2400, 30, 2400, 0.5), 0.0, EPS);
}

/* Deltas between unequal ratings, and with different K. */
static void test_delta_uneven(void)
{
	/* 400 points apart, K 20: the favourite gains 20/11 for a win */
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1900, 40, 1500, 1.0), 20.0 / 11.0,
			       EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 40, 1900, 0.0), -20.0 / 11.0,
			       EPS);
	/* the underdog's win is worth 200/11 */
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 40, 1900, 1.0), 200.0 / 11.0,
			       EPS);
	/* a draw moves the favourite down and the underdog up */
	CU_ASSERT_TRUE(rating_delta(1900, 40, 1500, 0.5) < 0.0);
	CU_ASSERT_TRUE(rating_delta(1500, 40, 1900, 0.5) > 0.0);
	/* different K: a newcomer gains 20, the regular loses only 10 */
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 3, 1500, 1.0), 20.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(rating_delta(1500, 30, 1500, 0.0), -10.0, EPS);
}

/* With equal K, what one player gains the other loses. */
static void test_delta_zero_sum(void)
{
	static const double r[] = {1000, 1450, 1500, 1733.3, 2100, 2390};
	static const double score[] = {0.0, 0.5, 1.0};
	size_t i, j, s;

	for (i = 0; i < sizeof(r) / sizeof(r[0]); i++) {
		for (j = 0; j < sizeof(r) / sizeof(r[0]); j++) {
			for (s = 0; s < 3; s++) {
				double a =
					rating_delta(r[i], 50, r[j], score[s]);
				double b = rating_delta(r[j], 50, r[i],
							1.0 - score[s]);

				CU_ASSERT_DOUBLE_EQUAL(a + b, 0.0, EPS);
			}
		}
	}
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
	{"expected score: known values", test_expected_known_values},
	{"expected score: symmetric, in (0,1)", test_expected_symmetric},
	{"K factor boundaries (29/30 games, 2399/2400)",
	 test_k_factor_boundaries},
	{"delta between equal ratings, draw gives 0", test_delta_equal_ratings},
	{"delta between uneven ratings and K", test_delta_uneven},
	{"deltas sum to zero for equal K", test_delta_zero_sum},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo rating_suite = {"rating", init, cleanup, NULL, NULL, tests};
