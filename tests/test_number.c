/* test_number.c -- tests for src/number.c: whole decimal numbers, their
 * ranges and overflow, and numbers at the start of a longer text.
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <CUnit/CUnit.h>

#include "number.h"

/* Suite set-up: nothing to prepare. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* Value of number_parse(s, lo, hi), or `none` when it refuses s; a
 * refusal must leave the output unchanged. */
static unsigned long long parsed(const char *s, unsigned long long lo,
				 unsigned long long hi, unsigned long long none)
{
	unsigned long long v = none;

	if (number_parse(s, lo, hi, &v) != 0) {
		CU_ASSERT_EQUAL(v, none);
		return none;
	}
	return v;
}

static void test_parse_digits(void)
{
	CU_ASSERT_EQUAL(parsed("0", 0, 10, 99), 0);
	CU_ASSERT_EQUAL(parsed("7", 0, 10, 99), 7);
	CU_ASSERT_EQUAL(parsed("10", 0, 10, 99), 10);
	CU_ASSERT_EQUAL(parsed("007", 0, 10, 99), 7);
	CU_ASSERT_EQUAL(parsed("123456789", 0, 1000000000, 0), 123456789);
}

static void test_parse_refuses_other_text(void)
{
	static const char *const bad[] = {"",	 " 1", "1 ",  "+1",  "-1",
					  "-0",	 "1x", "x1",  "1.0", "0x1",
					  "1e3", "١",  "\t1", "1\n"};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CU_ASSERT_EQUAL(parsed(bad[i], 0, 100, 99), 99);
}

static void test_parse_range(void)
{
	CU_ASSERT_EQUAL(parsed("1", 1, 5, 99), 1);
	CU_ASSERT_EQUAL(parsed("5", 1, 5, 99), 5);
	CU_ASSERT_EQUAL(parsed("0", 1, 5, 99), 99);
	CU_ASSERT_EQUAL(parsed("6", 1, 5, 99), 99);
	CU_ASSERT_EQUAL(parsed("86400", 0, 86400, 1), 86400);
	CU_ASSERT_EQUAL(parsed("86401", 0, 86400, 1), 1);
}

static void test_parse_overflow(void)
{
	/* The whole unsigned range, up to its last value, and no further. */
	CU_ASSERT_EQUAL(parsed("18446744073709551615", 0, UINT64_MAX, 1),
			UINT64_MAX);
	CU_ASSERT_EQUAL(parsed("18446744073709551610", 0, UINT64_MAX, 1),
			UINT64_MAX - 5);
	CU_ASSERT_EQUAL(parsed("18446744073709551616", 0, UINT64_MAX, 1), 1);
	CU_ASSERT_EQUAL(parsed("18446744073709551620", 0, UINT64_MAX, 1), 1);
	CU_ASSERT_EQUAL(parsed("99999999999999999999999", 0, UINT64_MAX, 1), 1);
	CU_ASSERT_EQUAL(parsed("00000000000000000000000042", 0, 100, 1), 42);
}

/* Scan s in lo..hi; *rest is what follows the number ("" at the end),
 * or NULL when refused (then the value is `none`, unchanged). */
static long long scanned(const char *s, long long lo, long long hi,
			 long long none, const char **rest)
{
	long long v = none;

	*rest = number_scan(s, lo, hi, &v);
	if (*rest == NULL)
		CU_ASSERT_EQUAL(v, none);
	return v;
}

static void test_scan_stops_after_digits(void)
{
	const char *rest;

	CU_ASSERT_EQUAL(scanned("12,34", 0, 100, -7, &rest), 12);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rest);
	CU_ASSERT_EQUAL(*rest, ',');
	CU_ASSERT_EQUAL(scanned("5", 0, 100, -7, &rest), 5);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rest);
	CU_ASSERT_EQUAL(*rest, '\0');
	CU_ASSERT_EQUAL(scanned("8 tail", 0, 100, -7, &rest), 8);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rest);
	CU_ASSERT_EQUAL(*rest, ' ');
	CU_ASSERT_EQUAL(scanned(" 8", 0, 100, -7, &rest), -7);
	CU_ASSERT_PTR_NULL(rest);
	CU_ASSERT_EQUAL(scanned("+8", 0, 100, -7, &rest), -7);
	CU_ASSERT_PTR_NULL(rest);
	CU_ASSERT_EQUAL(scanned(",", 0, 100, -7, &rest), -7);
	CU_ASSERT_PTR_NULL(rest);
}

static void test_scan_sign(void)
{
	const char *rest;

	CU_ASSERT_EQUAL(scanned("-1,2", -10, 10, 0, &rest), -1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rest);
	CU_ASSERT_EQUAL(*rest, ',');
	CU_ASSERT_EQUAL(scanned("-0", -10, 10, 5, &rest), 0);
	CU_ASSERT_PTR_NOT_NULL(rest);
	CU_ASSERT_EQUAL(scanned("-11", -10, 10, 5, &rest), 5);
	CU_ASSERT_PTR_NULL(rest);
	CU_ASSERT_EQUAL(scanned("-", -10, 10, 5, &rest), 5);
	CU_ASSERT_PTR_NULL(rest);
	CU_ASSERT_EQUAL(scanned("--1", -10, 10, 5, &rest), 5);
	CU_ASSERT_PTR_NULL(rest);
	/* No sign at all when the range has no negative numbers. */
	CU_ASSERT_EQUAL(scanned("-1", 0, 10, 5, &rest), 5);
	CU_ASSERT_PTR_NULL(rest);
}

static void test_scan_limits(void)
{
	const char *rest;

	CU_ASSERT_EQUAL(scanned("9223372036854775807", 0, LLONG_MAX, 0, &rest),
			LLONG_MAX);
	CU_ASSERT_PTR_NOT_NULL(rest);
	CU_ASSERT_EQUAL(scanned("9223372036854775808", 0, LLONG_MAX, 0, &rest),
			0);
	CU_ASSERT_PTR_NULL(rest);
	CU_ASSERT_EQUAL(
		scanned("-9223372036854775808", LLONG_MIN, LLONG_MAX, 0, &rest),
		LLONG_MIN);
	CU_ASSERT_PTR_NOT_NULL(rest);
	CU_ASSERT_EQUAL(
		scanned("-9223372036854775809", LLONG_MIN, LLONG_MAX, 0, &rest),
		0);
	CU_ASSERT_PTR_NULL(rest);
	CU_ASSERT_EQUAL(scanned("1000001", -1000000, 1000000, 3, &rest), 3);
	CU_ASSERT_PTR_NULL(rest);
}

static CU_TestInfo tests[] = {
	{"digits make a number", test_parse_digits},
	{"anything but digits is refused", test_parse_refuses_other_text},
	{"a number must be in its range", test_parse_range},
	{"overflow is refused, the last value is not", test_parse_overflow},
	{"a scan stops after the digits", test_scan_stops_after_digits},
	{"a scan takes '-' only for a signed range", test_scan_sign},
	{"a scan reaches both ends of long long", test_scan_limits},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo number_suite = {"number", init, cleanup, NULL, NULL, tests};
