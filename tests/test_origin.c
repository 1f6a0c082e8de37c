/* test_origin.c -- tests for src/origin.c: where a player connects
 * from, read from SSH_CONNECTION as sshd sets it.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "origin.h"

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

/* Whether `line` gives the origin `want` ("" for none). */
static int gives(const char *line, const char *want)
{
	char out[ORIGIN_MAX];
	int rc = origin_from_ssh(line, out);

	return (rc == 0) == (want[0] != '\0') && strcmp(out, want) == 0;
}

static void test_ipv4(void)
{
	CU_ASSERT(gives("203.0.113.7 50022 192.0.2.1 22", "203.0.113.7"));
	CU_ASSERT(gives("10.0.0.1 1 10.0.0.2 22", "10.0.0.1"));
}

/* An IPv6 address counts as its /64: the addresses of one home (one
 * subscriber's network) are one origin. */
static void test_ipv6_network(void)
{
	CU_ASSERT(gives("2001:db8:1:2::5 50022 ::1 22", "2001:db8:1:2::/64"));
	CU_ASSERT(gives("2001:db8:1:2:ffff:eeee:dddd:9 50022 ::1 22",
			"2001:db8:1:2::/64"));
	CU_ASSERT(gives("2001:db8:1:3::5 50022 ::1 22", "2001:db8:1:3::/64"));
	CU_ASSERT(gives("::1 50022 ::1 22", "::/64"));
}

/* An IPv4 client seen through an IPv6 socket is the IPv4 address. */
static void test_mapped_ipv4(void)
{
	CU_ASSERT(gives("::ffff:203.0.113.7 50022 ::1 22", "203.0.113.7"));
}

/* No line, or not sshd's: no origin (a local player). */
static void test_none(void)
{
	CU_ASSERT(gives(NULL, ""));
	CU_ASSERT(gives("", ""));
	CU_ASSERT(gives("203.0.113.7", ""));
	CU_ASSERT(gives(" 203.0.113.7 1 2 3", ""));
	CU_ASSERT(gives("203.0.113.777 1 2 3", ""));
	CU_ASSERT(gives("example.org 1 2 3", ""));
	CU_ASSERT(gives("2001:db8:1:2:3:4:5:6:7:8:9:10:11:12:13:14 1 2 3", ""));
}

static CU_TestInfo tests[] = {
	{"an IPv4 address is the origin", test_ipv4},
	{"an IPv6 address counts as its /64", test_ipv6_network},
	{"an IPv4-mapped address is the IPv4 one", test_mapped_ipv4},
	{"no line or not sshd's: no origin", test_none},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo origin_suite = {"origin", init, cleanup, NULL, NULL, tests};
