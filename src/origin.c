/* origin.c -- where a player connects from (origin.h). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "origin.h"

/* The origin of the address a[] of `family` (AF_INET: 4 bytes,
 * AF_INET6: 16) into out. Return 0, or -1 with out "". */
static int origin_of(int family, const unsigned char *a, char out[ORIGIN_MAX])
{
	char ip[INET6_ADDRSTRLEN];
	unsigned char net[16];

	out[0] = '\0';
	if (family == AF_INET)
		return inet_ntop(AF_INET, a, out, ORIGIN_MAX) != NULL ? 0 : -1;
	if (family != AF_INET6)
		return -1;
	if (memcmp(a, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12) == 0)
		return origin_of(AF_INET, a + 12, out);
	memcpy(net, a, 8);
	memset(net + 8, 0, 8); /* the network: its first 64 bits */
	if (inet_ntop(AF_INET6, net, ip, sizeof(ip)) == NULL)
		return -1;
	snprintf(out, ORIGIN_MAX, "%s/64", ip);
	return 0;
}

/* See origin.h. */
int origin_from_ssh(const char *ssh_connection, char out[ORIGIN_MAX])
{
	char ip[INET6_ADDRSTRLEN];
	unsigned char a[16];
	size_t n;

	out[0] = '\0';
	if (ssh_connection == NULL)
		return -1;
	n = strcspn(ssh_connection, " ");
	if (n == 0 || n >= sizeof(ip) || ssh_connection[n] != ' ')
		return -1;
	memcpy(ip, ssh_connection, n);
	ip[n] = '\0';
	if (inet_pton(AF_INET, ip, a) == 1)
		return origin_of(AF_INET, a, out);
	if (inet_pton(AF_INET6, ip, a) != 1)
		return -1;
	return origin_of(AF_INET6, a, out);
}

/* See origin.h. */
int origin_from_sockaddr(const struct sockaddr *sa, char out[ORIGIN_MAX])
{
	out[0] = '\0';
	if (sa == NULL)
		return -1;
	if (sa->sa_family == AF_INET)
		return origin_of(
			AF_INET,
			(const unsigned char *)&((const struct sockaddr_in *)sa)
				->sin_addr,
			out);
	if (sa->sa_family == AF_INET6)
		return origin_of(
			AF_INET6,
			((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr,
			out);
	return -1;
}
