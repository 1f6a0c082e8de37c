/* origin.h -- where a player connects from, for the club's limits per
 * connection (one open seek; docs/ARCHITECTURE.md, "Many seeks, and
 * where a player connects from").
 *
 * Pure: no I/O, no globals. The program is given the SSH client's
 * address by sshd in SSH_CONNECTION ("CLIENT_IP CLIENT_PORT SERVER_IP
 * SERVER_PORT"), which a client cannot set (docs/CLUB.md); a player at
 * the machine itself has none. The web site (web.c) has each
 * connection's address from the kernel, and counts its limits per
 * origin the same way.
 */
#ifndef GOMOKU_ORIGIN_H
#define GOMOKU_ORIGIN_H

/* Room for an origin and its '\0': any IPv6 address's text
 * (INET6_ADDRSTRLEN, 46 with its '\0') and "/64". */
#define ORIGIN_MAX 49

/* The origin that `ssh_connection` (SSH_CONNECTION's value, or NULL)
 * names, into out: an IPv4 address as inet_ntop() writes it, an IPv6
 * one as its /64 network ("2001:db8:1:2::/64": what one subscriber is
 * given, so the addresses of one home count as one), an IPv4 address
 * mapped into IPv6 as the IPv4 one. Return 0, or -1 with out "" when
 * there is none or it is not such a line (no origin known). */
int origin_from_ssh(const char *ssh_connection, char out[ORIGIN_MAX]);

struct sockaddr;

/* The origin of the socket address sa (AF_INET or AF_INET6; NULL or any
 * other family: none), as origin_from_ssh() gives it. Return 0, or -1
 * with out "". */
int origin_from_sockaddr(const struct sockaddr *sa, char out[ORIGIN_MAX]);

#endif
