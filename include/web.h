/* web.h -- `gomoku serve`: the club's read-only web site over HTTP
 * (GNU libmicrohttpd).
 *
 * WEB_THREADS server threads answer the requests (libmicrohttpd's pool
 * of polling threads, each with its own connections), so one slow page
 * holds one of them, not the site. Each reads through a store handle of
 * its own, opened read-only on web_config's db_path at its first
 * request; the handle web_start() is given (opened with
 * store_open_readonly()) keeps the players' live list and the
 * leaderboards the pages share, under a lock, from web_start() to
 * web_stop(): the caller must not use it meanwhile. One more thread
 * wakes the live games' event streams (Server-Sent Events) ten times a
 * second, and closes the connections whose headers are late; it reads
 * nothing. The server reads the store and writes nothing; the pages
 * are web_pages.c's, each rendered in its request's language (gettext's
 * is the process's: one page at a time renders, the reads run side by
 * side). Nothing here prints: the caller says where it listens.
 *
 * Bounds: WEB_CONNECTIONS_MAX connections at once, each closed after
 * WEB_TIMEOUT_S seconds idle or when a request's line and headers have
 * not all come WEB_HEADERS_S seconds after it opened (or after its
 * previous request ended), WEB_REQUEST_MEMORY bytes for a request's
 * line and headers (a longer request is refused by libmicrohttpd),
 * paths up to WEB_PATH_MAX bytes, WEB_WATCHERS_MAX live games' event
 * streams at once (each counts as a connection); only GET and HEAD are
 * answered. From one client address (origin.h: an IPv6 address by its
 * /64), at most WEB_ADDRESS_CONNECTIONS connections (one more is closed
 * at once) and WEB_ADDRESS_STREAMS event streams (one more gets 429),
 * unless the server is `proxied`: every request then comes from the
 * proxy, whose own limits count (docs/CLUB.md).
 */
#ifndef GOMOKU_WEB_H
#define GOMOKU_WEB_H

#include <stdbool.h>
#include <stddef.h>

#define WEB_LISTEN_DEFAULT	"127.0.0.1:8080"
#define WEB_CONNECTIONS_MAX	512
#define WEB_TIMEOUT_S		15
#define WEB_REQUEST_MEMORY	(32 * 1024)
#define WEB_HEADERS_S		10
#define WEB_WATCHERS_MAX	300 /* event streams of live games at once */
#define WEB_ADDRESS_CONNECTIONS 32  /* at once from one client address */
#define WEB_ADDRESS_STREAMS	8   /* event streams from one address */
#define WEB_ADDRESS_MAX		64  /* "[IPv6]:PORT" and its NUL */
#define WEB_THREADS		4   /* server threads answering requests */

struct store;
struct web_server;

/* How a server is run (`gomoku serve`'s options). */
struct web_config {
	/* Where it listens: "ADDRESS:PORT" with an IPv4 address or a
	 * bracketed IPv6 one ("[::1]:8080"); port 0 takes any free port
	 * (web_address() says which). */
	const char *listen;
	/* Every request comes through a reverse proxy on this machine
	 * (--proxied): no limits per client address, the proxy's count. */
	bool proxied;
	/* The database the store handle was opened on: each server
	 * thread opens its own on it. */
	const char *db_path;
};

/* Start serving the club in store `s` as cfg says. SIGINT, SIGTERM and SIGHUP
 * are blocked in the calling thread (and so in the server's) for
 * web_wait() to take. Return 0 with *out the server; or -1 with *out
 * NULL and a sentence saying what failed in err[0..cap). */
int web_start(struct store *s, const struct web_config *cfg,
	      struct web_server **out, char *err, size_t cap);

/* Where server w listens, as "ADDRESS:PORT" with the port it bound,
 * into buf[WEB_ADDRESS_MAX]. Return buf. */
const char *web_address(const struct web_server *w, char buf[WEB_ADDRESS_MAX]);

/* Wait until SIGINT, SIGTERM or SIGHUP arrives (blocked by
 * web_start()). Return the signal's number. */
int web_wait(void);

/* Stop server w (the connections open are closed) and free it; the
 * store is the caller's again. Accepts NULL. */
void web_stop(struct web_server *w);

#endif
