/* test_origin.c -- tests for src/origin.c: where a player connects
 * from, read from SSH_CONNECTION as sshd sets it, and where a web
 * client connects from, read from its socket address.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

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

/* Whether the socket address of `ip` (IPv4 or IPv6 text) gives the
 * origin `want`, as SSH_CONNECTION's line would. */
static int socket_gives(const char *ip, const char *want)
{
	struct sockaddr_in v4 = {.sin_family = AF_INET};
	struct sockaddr_in6 v6 = {.sin6_family = AF_INET6};
	char out[ORIGIN_MAX], line[128];
	const struct sockaddr *sa = (const struct sockaddr *)&v6;

	if (inet_pton(AF_INET, ip, &v4.sin_addr) == 1)
		sa = (const struct sockaddr *)&v4;
	else if (inet_pton(AF_INET6, ip, &v6.sin6_addr) != 1)
		return 0;
	snprintf(line, sizeof(line), "%s 50022 ::1 22", ip);
	return origin_from_sockaddr(sa, out) == 0 && strcmp(out, want) == 0 &&
	       gives(line, want);
}

/* A socket's address is the same origin as the same address in
 * SSH_CONNECTION; a family without addresses is none. */
static void test_sockaddr(void)
{
	struct sockaddr unix_like = {.sa_family = AF_UNIX};
	char out[ORIGIN_MAX] = "x";

	CU_ASSERT(socket_gives("203.0.113.7", "203.0.113.7"));
	CU_ASSERT(socket_gives("2001:db8:1:2:ffff::9", "2001:db8:1:2::/64"));
	CU_ASSERT(socket_gives("::ffff:127.0.0.2", "127.0.0.2"));
	CU_ASSERT(origin_from_sockaddr(&unix_like, out) == -1);
	CU_ASSERT_STRING_EQUAL(out, "");
	CU_ASSERT(origin_from_sockaddr(NULL, out) == -1);
}

static CU_TestInfo tests[] = {
	{"an IPv4 address is the origin", test_ipv4},
	{"an IPv6 address counts as its /64", test_ipv6_network},
	{"an IPv4-mapped address is the IPv4 one", test_mapped_ipv4},
	{"no line or not sshd's: no origin", test_none},
	{"a socket's address: the same origins", test_sockaddr},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo origin_suite = {"origin", init, cleanup, NULL, NULL, tests};
