/* origin.c -- where a player connects from (origin.h). */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "origin.h"

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
		return inet_ntop(AF_INET, a, out, ORIGIN_MAX) != NULL ? 0 : -1;
	if (inet_pton(AF_INET6, ip, a) != 1)
		return -1;
	if (memcmp(a, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12) == 0)
		return inet_ntop(AF_INET, a + 12, out, ORIGIN_MAX) != NULL ? 0
									   : -1;
	memset(a + 8, 0, 8); /* the network: its first 64 bits */
	if (inet_ntop(AF_INET6, a, ip, sizeof(ip)) == NULL)
		return -1;
	snprintf(out, ORIGIN_MAX, "%s/64", ip);
	return 0;
}
