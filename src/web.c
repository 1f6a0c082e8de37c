/* web.c -- `gomoku serve` (web.h): the HTTP side of the club's web site
 * on GNU libmicrohttpd. Routing, the store's reads for each page, the
 * response headers and the bounds; the HTML is web_pages.c's. */
#include <arpa/inet.h>
#include <stddef.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>

#include "export.h"
#include "i18n.h"
#include "number.h"
#include "origin.h"
#include "record.h"
#include "store.h"
#include "store_live.h"
#include "web.h"
#include "web_pages.h"

#define WEB_TOP	     10	   /* leaderboard rows, as `gomoku leaderboard` */
#define WEB_ONLINE   100   /* players online shown */
#define WEB_LIVE     20	   /* games in progress shown */
#define WEB_RECENT   20	   /* a player's recent games shown */
#define WEB_OPPONENT 50	   /* opponents shown */
#define WEB_TICK_MS  100   /* how often a watcher looks at its match */
#define WEB_PING_MS  15000 /* a comment line to an idle watcher */

/* A leaderboard, kept while the players are as they were when it was
 * made (store_players_seen()): its top is an indexed read
 * (store_top_players()), a page from the cache nothing. */
struct board_cache {
	long long seen;	   /* store_players_seen() then; -2: never */
	struct plist *top; /* the best, best first (NULL: not read) */
	struct player *best[WEB_TOP];
	size_t n;
};

/* A connection, from its accept to its close (libmicrohttpd's
 * connection notices): where it comes from, for the limits per client
 * address, and by when its request's line and headers must have come
 * (a client that sends them a byte at a time would otherwise hold the
 * connection for as long as it likes: each byte keeps it from idling). */
struct link {
	char origin[ORIGIN_MAX]; /* origin.h; "" when the server is proxied */
	int fd;			 /* its socket, for shutdown() */
	long long headers_by;	 /* monotonic ms; 0: a request is answered */
	struct link *prev, *next;
};

/* A browser following a match (/game/ID/events). Its connection is
 * suspended while nothing is new; the ticker thread resumes every
 * suspended one each WEB_TICK_MS, and the server's thread looks at the
 * match again (watch_read()). */
struct watcher {
	struct web_server *w;
	struct MHD_Connection *conn;
	long long match_id;
	struct match_now sent;	 /* what the last event said */
	bool started;		 /* the first event is sent */
	bool ended;		 /* the "end" event is sent */
	bool suspended;		 /* on the ticker's list (w->lock) */
	long long quiet_since;	 /* Unix ms of the last bytes sent */
	char origin[ORIGIN_MAX]; /* its connection's (struct link) */
	struct watcher *prev, *next;
};

/* A server thread's own store handle (SQLite's connections are not
 * shared between threads), opened read-only at the thread's first
 * request (reader()) and closed by web_stop(). */
struct reader {
	struct store *store;
	struct reader *next;
};

struct web_server {
	struct MHD_Daemon *daemon;
	char db_path[4096];	  /* what each thread's reader opens */
	pthread_key_t reader_key; /* a thread's struct reader */
	bool key_made;
	struct reader *readers; /* every one opened (lock) */
	/* What the pages share across requests and threads, under
	 * `shared`: the handle web_start() was given, its live list of the
	 * players whose pages were asked for (store_watch_players(): a
	 * player's page finds them there; their rank is the store's,
	 * store_player_rank()) and the leaderboards, kept while no player
	 * changed. */
	pthread_mutex_t shared;
	struct store *store;
	struct plist *players; /* the players shown, refreshed */
	struct board_cache boards[RULE_RENJU + 2]; /* every rule, each rule */
	char address[WEB_ADDRESS_MAX];
	bool proxied;	      /* web_config's: no limits per address */
	pthread_mutex_t lock; /* the watchers' and links' lists, flags */
	pthread_t ticker;
	bool ticker_started;
	bool stopping;		  /* web_stop() has begun (lock) */
	struct watcher *watchers; /* every one, suspended or not */
	struct link *links;	  /* every connection open */
	int nwatchers;
};

/* ==== libmicrohttpd, loaded when the site starts ========================== */

/* The library is opened by web_start() (dlopen), not linked: it brings
 * GnuTLS and its kin, about 2 MB of memory that every other command
 * (the brain under a Gomocup memory limit first) would carry for
 * nothing. These are the functions web.c calls, the library's own,
 * filled once; they stay loaded until the process ends. */
#define WEB_MHD_LIBRARY "libmicrohttpd.so.12"

struct mhd_api {
	struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port,
					   MHD_AcceptPolicyCallback apc,
					   void *apc_cls,
					   MHD_AccessHandlerCallback dh,
					   void *dh_cls, ...);
	void (*stop_daemon)(struct MHD_Daemon *daemon);
	const union MHD_DaemonInfo *(*get_daemon_info)(
		struct MHD_Daemon *daemon, enum MHD_DaemonInfoType info_type,
		...);
	const union MHD_ConnectionInfo *(*get_connection_info)(
		struct MHD_Connection *c, enum MHD_ConnectionInfoType info_type,
		...);
	const char *(*lookup_connection_value)(struct MHD_Connection *c,
					       enum MHD_ValueKind kind,
					       const char *key);
	int (*get_connection_values)(struct MHD_Connection *c,
				     enum MHD_ValueKind kind,
				     MHD_KeyValueIterator iterator,
				     void *iterator_cls);
	enum MHD_Result (*queue_response)(struct MHD_Connection *c,
					  unsigned int status_code,
					  struct MHD_Response *response);
	void (*suspend_connection)(struct MHD_Connection *c);
	void (*resume_connection)(struct MHD_Connection *c);
	struct MHD_Response *(*create_response_from_callback)(
		uint64_t size, size_t block_size, MHD_ContentReaderCallback crc,
		void *crc_cls, MHD_ContentReaderFreeCallback crfc);
	struct MHD_Response *(*create_response_from_buffer)(
		size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
	void (*destroy_response)(struct MHD_Response *response);
	enum MHD_Result (*add_response_header)(struct MHD_Response *response,
					       const char *header,
					       const char *content);
};

static struct mhd_api mhd;

/* load_mhd() copies each address dlsym() gives into a function pointer. */
_Static_assert(sizeof(void *) == sizeof(mhd.stop_daemon),
	       "a function pointer is the size of an object pointer");

/* Open libmicrohttpd and fill `mhd` (once). Return 0, or -1 with what
 * failed in err[0..cap). */
static int load_mhd(char *err, size_t cap)
{
#define MHD_FUNCTION(f)                                                        \
	{                                                                      \
		"MHD_" #f, offsetof(struct mhd_api, f)                         \
	}
	static const struct {
		const char *name;
		size_t offset;
	} fns[] = {
		MHD_FUNCTION(start_daemon),
		MHD_FUNCTION(stop_daemon),
		MHD_FUNCTION(get_daemon_info),
		MHD_FUNCTION(get_connection_info),
		MHD_FUNCTION(lookup_connection_value),
		MHD_FUNCTION(get_connection_values),
		MHD_FUNCTION(queue_response),
		MHD_FUNCTION(suspend_connection),
		MHD_FUNCTION(resume_connection),
		MHD_FUNCTION(create_response_from_callback),
		MHD_FUNCTION(create_response_from_buffer),
		MHD_FUNCTION(destroy_response),
		MHD_FUNCTION(add_response_header),
	};
#undef MHD_FUNCTION
	static void *lib;
	void *sym;
	size_t i;

	if (lib != NULL)
		return 0;
	lib = dlopen(WEB_MHD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		snprintf(err, cap, "cannot load %s: %s", WEB_MHD_LIBRARY,
			 dlerror());
		return -1;
	}
	for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
		sym = dlsym(lib, fns[i].name);
		if (sym == NULL) {
			snprintf(err, cap, "%s has no %s", WEB_MHD_LIBRARY,
				 fns[i].name);
			dlclose(lib);
			lib = NULL;
			return -1;
		}
		/* POSIX: a function's address as dlsym() gives it */
		memcpy((char *)&mhd + fns[i].offset, &sym, sizeof(sym));
	}
	return 0;
}

/* ==== Threads: each one's store, the one language ======================== */

/* The calling server thread's store handle: its reader, opened at its
 * first call. NULL when it cannot be opened (the page is then 503). */
static struct store *reader(struct web_server *w)
{
	struct reader *r = pthread_getspecific(w->reader_key);

	if (r != NULL)
		return r->store;
	r = calloc(1, sizeof(*r));
	if (r == NULL)
		return NULL;
	if (store_open_readonly(w->db_path, &r->store) != STORE_OK) {
		store_close(r->store);
		free(r);
		return NULL;
	}
	pthread_mutex_lock(&w->lock);
	r->next = w->readers;
	w->readers = r;
	pthread_mutex_unlock(&w->lock);
	pthread_setspecific(w->reader_key, r);
	return r->store;
}

/* gettext's language is the process's (i18n_set_lang()): each page is
 * rendered in its request's language under this lock, so that two
 * requests in two languages on two threads cannot mix their words. The
 * reads come before, outside it; rendering takes microseconds. */
static pthread_mutex_t language = PTHREAD_MUTEX_INITIALIZER;

/* Speak r's language until quiet(). */
static void speak(const struct web_request *r)
{
	pthread_mutex_lock(&language);
	i18n_set_lang(r->lang);
}

static void quiet(void)
{
	pthread_mutex_unlock(&language);
}

/* ==== Responses ========================================================== */

/* Every response's headers: no cookie is ever set; only the site's own
 * resources may load; nothing may frame it. */
static void add_headers(struct MHD_Response *resp, const char *type,
			const struct web_request *r)
{
	mhd.add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	mhd.add_response_header(resp, "Content-Security-Policy",
				"default-src 'self'; base-uri 'none'; "
				"form-action 'self'; frame-ancestors 'none'");
	mhd.add_response_header(resp, "X-Content-Type-Options", "nosniff");
	mhd.add_response_header(resp, "X-Frame-Options", "DENY");
	mhd.add_response_header(resp, "Referrer-Policy", "no-referrer");
	mhd.add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-cache");
	if (r != NULL) {
		mhd.add_response_header(resp, MHD_HTTP_HEADER_VARY,
					"Accept-Language");
		mhd.add_response_header(resp, "Content-Language",
					r->lang == LANG_ZH ? "zh-CN" : "en");
	}
}

/* Queue `len` bytes of `data` (the response takes them when `owned`,
 * to free()) with HTTP `status`. */
static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned status,
				  char *data, size_t len, bool owned,
				  const char *type, const struct web_request *r)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;

	resp = mhd.create_response_from_buffer(len, data,
					       owned ? MHD_RESPMEM_MUST_FREE
						     : MHD_RESPMEM_PERSISTENT);
	if (resp == NULL) {
		if (owned)
			free(data);
		return MHD_NO;
	}
	add_headers(resp, type, r);
	ret = mhd.queue_response(c, status, resp);
	mhd.destroy_response(resp);
	return ret;
}

static char no_memory[] = "out of memory\n";

/* Queue the page built in b (its bytes go to the response). */
static enum MHD_Result send_page(struct MHD_Connection *c, unsigned status,
				 struct strbuf *b, const struct web_request *r)
{
	char *data = b->data;
	size_t len = b->len;

	if (b->failed || data == NULL) {
		strbuf_release(b);
		return send_bytes(c, MHD_HTTP_INTERNAL_SERVER_ERROR, no_memory,
				  sizeof(no_memory) - 1, false,
				  "text/plain; charset=utf-8", NULL);
	}
	strbuf_init(b, WEB_PAGE_MAX);
	return send_bytes(c, status, data, len, true,
			  "text/html; charset=utf-8", r);
}

/* Queue the error page for r->page (404, 429 or 400), or 503 with
 * `unavailable` (the store failed). */
static enum MHD_Result send_error(struct MHD_Connection *c,
				  struct web_request *r, bool unavailable)
{
	struct strbuf b;
	unsigned status = r->page == WEB_NOT_FOUND  ? MHD_HTTP_NOT_FOUND
			  : r->page == WEB_TOO_MANY ? MHD_HTTP_TOO_MANY_REQUESTS
			  : r->page == WEB_FULL ? MHD_HTTP_SERVICE_UNAVAILABLE
						: MHD_HTTP_BAD_REQUEST;

	if (unavailable) {
		r->page = WEB_UNAVAILABLE;
		status = MHD_HTTP_SERVICE_UNAVAILABLE;
	}
	strbuf_init(&b, WEB_PAGE_MAX);
	speak(r);
	web_page_error(&b, r);
	quiet();
	return send_page(c, status, &b, r);
}

/* ==== The pages' reads =================================================== */

/* store_presence_list()'s row(): copy a player online. */
static int online_row(void *ctx, const struct presence_row *p)
{
	struct web_home *h = ctx;
	struct web_online *o = (struct web_online *)&h->online[h->nonline];

	if (h->nonline >= WEB_ONLINE)
		return 1;
	snprintf(o->username, sizeof(o->username), "%s", p->username);
	snprintf(o->nickname, sizeof(o->nickname), "%s", p->nickname);
	o->playing = p->match_id != 0;
	h->nonline++;
	return 0;
}

/* store_live_matches()'s row(): copy a game in progress. */
static int live_row(void *ctx, const struct live_match *m)
{
	struct web_home *h = ctx;

	if (h->nlive >= WEB_LIVE)
		return 1;
	((struct live_match *)h->live)[h->nlive++] = *m;
	return 0;
}

/* The leaderboard of `rule` (-1: every rule), from the cache while no
 * player has changed since it was made, else made again (w->shared
 * held, the players refreshed). NULL when the store (or memory)
 * failed. */
static const struct board_cache *leaderboard(struct web_server *w, int rule)
{
	struct board_cache *c = &w->boards[rule + 1];
	long long seen = store_players_seen(w->store);
	enum rule r = (enum rule)rule;
	struct plist *top;
	struct player *p;

	if (c->seen == seen)
		return c;
	top = plist_create();
	if (top == NULL ||
	    store_top_players(w->store, rule >= 0 ? &r : NULL, PLIST_BY_SCORE,
			      WEB_TOP, top) != STORE_OK) {
		plist_free(top);
		return NULL;
	}
	plist_free(c->top);
	c->top = top;
	c->n = 0;
	for (p = plist_first(top); p != NULL && c->n < WEB_TOP; p = p->next)
		c->best[c->n++] = p;
	c->seen = seen;
	return c;
}

/* Read (through s, the thread's) and render the home page into b, the
 * leaderboard from the one shared. Return 0, or -1 when the store (or
 * memory) failed. */
static int home(struct web_server *w, struct store *s,
		const struct web_request *r, struct strbuf *b)
{
	struct web_online online[WEB_ONLINE];
	struct live_match live[WEB_LIVE];
	struct web_home h = {r->rule, NULL, 0, online, 0, live, 0};
	const struct board_cache *board = NULL;

	if (store_presence_list(s, store_now(), online_row, &h) != STORE_OK ||
	    store_live_matches(s, WEB_LIVE, live_row, &h) != STORE_OK)
		return -1;
	pthread_mutex_lock(&w->shared);
	if (store_refresh_players(w->store, w->players) == STORE_OK)
		board = leaderboard(w, r->rule);
	if (board != NULL) {
		h.best = board->best;
		h.nbest = board->n;
		speak(r);
		web_page_home(b, r, &h);
		quiet();
	}
	pthread_mutex_unlock(&w->shared);
	return board != NULL ? 0 : -1;
}

/* A player's page's lists, filled by the store's callbacks. */
struct player_lists {
	struct web_game_row games[WEB_RECENT];
	size_t ngames;
	struct web_opponent opponents[WEB_OPPONENT];
	size_t nopponents;
};

/* store_history()'s row(): copy a recent game. */
static int game_row(void *ctx, const struct history_row *h)
{
	struct player_lists *pl = ctx;
	struct web_game_row *g = &pl->games[pl->ngames];

	if (pl->ngames >= WEB_RECENT)
		return 1;
	*g = (struct web_game_row){
		h->id,	   h->kind,   h->status,     h->colour,
		"",	   "",	      h->ai_level,   "",
		h->result, h->reason, h->started_at, h->nmoves,
		h->casual, h->unrated};
	snprintf(g->opponent, sizeof(g->opponent), "%s",
		 h->opponent != NULL ? h->opponent : "");
	snprintf(g->opponent_nickname, sizeof(g->opponent_nickname), "%s",
		 h->opponent_nickname != NULL ? h->opponent_nickname : "");
	snprintf(g->variant, sizeof(g->variant), "%s", h->game.variant.name);
	pl->ngames++;
	return 0;
}

/* store_opponents()'s row(): copy one opponent's results. */
static int opponent_row(void *ctx, const struct opponent_row *o)
{
	struct player_lists *pl = ctx;
	struct web_opponent *to = &pl->opponents[pl->nopponents];

	if (pl->nopponents >= WEB_OPPONENT)
		return 1;
	snprintf(to->username, sizeof(to->username), "%s", o->username);
	snprintf(to->nickname, sizeof(to->nickname), "%s", o->nickname);
	to->won = o->won;
	to->lost = o->lost;
	to->drawn = o->drawn;
	pl->nopponents++;
	return 0;
}

/* store_rating_history()'s row(): the points of a rating graph. */
struct graph_points {
	struct web_rating_point *points;
	size_t n, cap;
	bool failed; /* out of memory: the replay stopped */
};

/* Keep the rating after a match that ended `at`: 0, or 1 out of memory
 * (failed, which stops the replay). */
static int graph_point(void *ctx, long long at, double rating)
{
	struct graph_points *g = ctx;
	struct web_rating_point *more;

	if (g->n == g->cap) {
		g->cap = g->cap > 0 ? 2 * g->cap : 64;
		more = realloc(g->points, g->cap * sizeof(*more));
		if (more == NULL) {
			g->failed = true;
			return 1;
		}
		g->points = more;
	}
	g->points[g->n++] = (struct web_rating_point){at, rating};
	return 0;
}

/* Player p's rating after each of their rated matches
 * (store_rating_history(): their own matches, by index) into
 * v->ratings, *points the same memory, for the caller to free. Return
 * 0, or -1 when the store (or memory) failed. */
static int player_ratings(struct store *s, struct web_player *v,
			  struct web_rating_point **points)
{
	struct graph_points g = {NULL, 0, 0, false};

	if (store_rating_history(s, v->p->id, graph_point, &g) != STORE_OK ||
	    g.failed) {
		free(g.points);
		return -1;
	}
	*points = g.points;
	v->ratings = g.points;
	v->nratings = g.n;
	return 0;
}

/* The records of player p under each rule into *v. */
static int player_rules(struct store *s, struct web_player *v)
{
	enum store_status st;
	int rule;

	for (rule = RULE_FREESTYLE; rule <= RULE_RENJU; rule++) {
		st = store_rule_record(s, v->p->id, (enum rule)rule,
				       &v->rule_rec[rule]);
		if (st != STORE_OK && st != STORE_NOT_FOUND)
			return -1;
		v->has_rule[rule] = st == STORE_OK;
	}
	return 0;
}

/* Player r->username, copied into *me, from the shared live list of the
 * players shown, read into it at their page's first request (the copy's
 * nickname is the list's memory, which stays as it is until the list is
 * freed: a new nickname gets new room, plist_update()). Return 0, 1 when
 * there is no such player, or -1 when the store failed. */
static int find_player(struct web_server *w, const struct web_request *r,
		       struct player *me)
{
	struct player *p = NULL;
	enum store_status st = STORE_ERR;
	int ret = -1;

	pthread_mutex_lock(&w->shared);
	if (store_refresh_players(w->store, w->players) == STORE_OK)
		st = store_find_player(w->store, w->players, r->username, &p);
	if (st == STORE_OK)
		ret = 0;
	else if (st == STORE_NOT_FOUND)
		ret = 1;
	if (p != NULL) {
		*me = *p;
		me->prev = me->next = NULL;
	}
	pthread_mutex_unlock(&w->shared);
	return ret;
}

/* Read (through s, the thread's) and render player r->username's page
 * into b. Return 0, 1 when there is no such player, or -1 when the
 * store (or memory) failed. */
static int player(struct web_server *w, struct store *s,
		  const struct web_request *r, struct strbuf *b)
{
	struct player_lists *lists = calloc(1, sizeof(*lists));
	struct web_rating_point *points = NULL;
	struct web_player v = {0};
	struct player me;
	int ret = lists != NULL ? find_player(w, r, &me) : -1;

	if (ret != 0)
		goto out_free;
	ret = -1;
	v.p = &me;
	if (store_player_rank(s, me.id, PLIST_BY_SCORE, &v.rank, NULL) !=
		    STORE_OK ||
	    player_rules(s, &v) != 0 || player_ratings(s, &v, &points) != 0 ||
	    store_history(s, me.id, 0, WEB_RECENT, game_row, lists,
			  &v.total_games) != STORE_OK ||
	    store_opponents(s, me.id, WEB_OPPONENT, opponent_row, lists) !=
		    STORE_OK)
		goto out_free;
	v.games = lists->games;
	v.ngames = lists->ngames;
	v.opponents = lists->opponents;
	v.nopponents = lists->nopponents;
	speak(r);
	web_page_player(b, r, &v);
	quiet();
	ret = 0;
out_free:
	free(points);
	free(lists);
	return ret;
}

/* Load match r->match_id into a new struct (the caller frees it).
 * Return 0, 1 when there is no such match, or -1. */
static int load_match(struct store *s, const struct web_request *r,
		      struct match_full **out)
{
	enum store_status st;

	*out = malloc(sizeof(**out));
	if (*out == NULL)
		return -1;
	st = store_match_load(s, r->match_id, *out);
	if (st == STORE_OK)
		return 0;
	free(*out);
	*out = NULL;
	return st == STORE_NOT_FOUND ? 1 : -1;
}

/* Read and render match r->match_id's page into b, with the analysis
 * kept for it (the one with the longest time a position), if any. Return 0, 1
 * when there is no such match, or -1 when the store (or memory) failed. */
static int game(struct store *s, const struct web_request *r, struct strbuf *b)
{
	struct analyze_move *an = malloc(BOARD_MAX_CELLS * sizeof(*an));
	struct match_full *f = NULL;
	enum store_status st = STORE_ERR;
	int got = an != NULL ? load_match(s, r, &f) : -1, nan = 0, time_ms = 0;

	if (got == 0)
		st = store_analysis_longest(s, f->id, &time_ms);
	if (got == 0 && st == STORE_OK)
		st = store_analysis_load(s, f->id, time_ms, an, BOARD_MAX_CELLS,
					 &nan);
	if (got == 0 && st != STORE_OK && st != STORE_NOT_FOUND)
		got = -1;
	if (got == 0) {
		speak(r);
		web_page_game(b, r, f, an, st == STORE_OK ? nan : 0);
		quiet();
	}
	free(f);
	free(an);
	return got;
}

/* Queue match r->match_id's PSQ file, as `gomoku export` writes it. */
static enum MHD_Result send_psq(struct store *s, struct MHD_Connection *c,
				struct web_request *r)
{
	struct match_full *f;
	char *text, name[96];
	struct MHD_Response *resp;
	enum MHD_Result ret;
	size_t len = 0;
	int found = load_match(s, r, &f);

	if (found != 0) {
		r->page = WEB_NOT_FOUND;
		return send_error(c, r, found < 0);
	}
	text = malloc(RECORD_TEXT_MAX);
	if (text == NULL || export_match_text(f, false, text, RECORD_TEXT_MAX,
					      &len) != RECORD_OK) {
		free(text);
		free(f);
		r->page = WEB_NOT_FOUND;
		return send_error(c, r, false);
	}
	free(f);
	resp = mhd.create_response_from_buffer(len, text,
					       MHD_RESPMEM_MUST_FREE);
	if (resp == NULL) {
		free(text);
		return MHD_NO;
	}
	add_headers(resp, "text/plain; charset=utf-8", NULL);
	snprintf(name, sizeof(name), "attachment; filename=\"match-%lld.psq\"",
		 r->match_id);
	mhd.add_response_header(resp, "Content-Disposition", name);
	ret = mhd.queue_response(c, MHD_HTTP_OK, resp);
	mhd.destroy_response(resp);
	return ret;
}

/* ==== Live games: Server-Sent Events ===================================== */

/* Copy as much of b as fits into buf[0..max) (an event is small: it
 * always fits a block). Return the bytes, or END_WITH_ERROR. */
static ssize_t give(struct watcher *v, struct strbuf *b, char *buf, size_t max)
{
	ssize_t n = MHD_CONTENT_READER_END_WITH_ERROR;

	if (!b->failed && b->data != NULL && b->len <= max) {
		memcpy(buf, b->data, b->len);
		n = (ssize_t)b->len;
		v->quiet_since = store_now_ms();
	}
	strbuf_release(b);
	return n;
}

/* Nothing new for v: put it on the ticker's list and suspend its
 * connection (return 0), or end the stream when the server stops
 * (decided under the lock that resume_all() reads the list under, so
 * no connection stays suspended behind web_stop()). */
static ssize_t wait_for_news(struct watcher *v)
{
	ssize_t ret = 0;

	pthread_mutex_lock(&v->w->lock);
	if (v->w->stopping) {
		ret = MHD_CONTENT_READER_END_OF_STREAM;
	} else {
		v->suspended = true;
		mhd.suspend_connection(v->conn);
	}
	pthread_mutex_unlock(&v->w->lock);
	return ret;
}

/* Whether v's browser has closed its end: a stream's client sends
 * nothing after its request, so an end of file to read is its leaving.
 * Looked at each tick, the stream then ends at once, where a write (the
 * next ping, up to WEB_PING_MS later) would find it: a browser that
 * leaves or reloads gives its place of WEB_WATCHERS_MAX back at once. */
static bool browser_left(const struct watcher *v)
{
	const union MHD_ConnectionInfo *fd = mhd.get_connection_info(
		v->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	char c;

	return fd != NULL &&
	       recv(fd->connect_fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

/* libmicrohttpd's content reader of an event stream: the match's state
 * as an event when it changed (the first call: as it is), a comment
 * line after WEB_PING_MS of quiet, else nothing, the connection
 * suspended until the next tick. The stream ends after the "end" event,
 * when the browser has left, or when the server stops. */
static ssize_t watch_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct watcher *v = cls;
	struct strbuf b;
	struct match_now m;
	struct store *s;
	bool stopping;

	(void)pos;
	pthread_mutex_lock(&v->w->lock);
	stopping = v->w->stopping;
	pthread_mutex_unlock(&v->w->lock);
	if (stopping || v->ended)
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (v->started && browser_left(v))
		return MHD_CONTENT_READER_END_WITH_ERROR;
	s = reader(v->w);
	if (s == NULL || store_match_now(s, v->match_id, &m) != STORE_OK)
		return MHD_CONTENT_READER_END_WITH_ERROR;
	strbuf_init(&b, WEB_PAGE_MAX);
	if (!v->started || m.nmoves != v->sent.nmoves ||
	    m.status != v->sent.status ||
	    m.turn_started_ms != v->sent.turn_started_ms) {
		if (!v->started)
			strbuf_printf(&b, "retry: %d\n", 1000);
		web_event(&b, &m);
		v->started = true;
		v->sent = m;
		v->ended = m.status != MATCH_STATUS_UNFINISHED;
		return give(v, &b, buf, max);
	}
	if (store_now_ms() - v->quiet_since >= WEB_PING_MS) {
		strbuf_puts(&b, ": ping\n\n");
		return give(v, &b, buf, max);
	}
	return wait_for_news(v);
}

/* The stream's end (the browser left, or the server stops): unlist v
 * and free it. */
static void watch_free(void *cls)
{
	struct watcher *v = cls;
	struct web_server *w = v->w;

	pthread_mutex_lock(&w->lock);
	if (v->prev != NULL)
		v->prev->next = v->next;
	else
		w->watchers = v->next;
	if (v->next != NULL)
		v->next->prev = v->prev;
	w->nwatchers--;
	pthread_mutex_unlock(&w->lock);
	free(v);
}

/* Resume every suspended watcher of w; with `stop`, first say the
 * server stops. The list is read under w->lock, the connections are
 * resumed outside it (libmicrohttpd takes a lock of its own there, and
 * the server's thread may hold that one when it calls watch_free()).
 * A connection taken off the list stays suspended, so it cannot close,
 * until it is resumed here. Return whether the server stops. */
static bool resume_all(struct web_server *w, bool stop)
{
	struct MHD_Connection *conns[WEB_WATCHERS_MAX];
	struct watcher *v;
	bool stopping;
	int n = 0, i;

	pthread_mutex_lock(&w->lock);
	w->stopping |= stop;
	stopping = w->stopping;
	for (v = w->watchers; v != NULL && n < WEB_WATCHERS_MAX; v = v->next)
		if (v->suspended) {
			v->suspended = false;
			conns[n++] = v->conn;
		}
	pthread_mutex_unlock(&w->lock);
	for (i = 0; i < n; i++)
		mhd.resume_connection(conns[i]);
	return stopping;
}

/* ==== Connections and the limits per client address ====================== */

/* Monotonic milliseconds, for deadlines (setting the wall clock moves
 * none). */
static long long mono_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* How many connections come from `origin` (w->lock held). */
static int links_from(const struct web_server *w, const char *origin)
{
	const struct link *l;
	int n = 0;

	for (l = w->links; l != NULL; l = l->next)
		n += strcmp(l->origin, origin) == 0;
	return n;
}

/* How many live games' streams are open from `origin` (w->lock held). */
static int watchers_from(const struct web_server *w, const char *origin)
{
	const struct watcher *v;
	int n = 0;

	for (v = w->watchers; v != NULL; v = v->next)
		n += strcmp(v->origin, origin) == 0;
	return n;
}

/* libmicrohttpd's accept policy: a connection from a client address
 * (origin.h: an IPv6 one by its /64) that holds WEB_ADDRESS_CONNECTIONS
 * already is closed at once, so that one client cannot take the
 * server's WEB_CONNECTIONS_MAX from everyone else. Behind a proxy every
 * connection comes from the proxy, whose own limits count. */
static enum MHD_Result admit(void *cls, const struct sockaddr *addr,
			     socklen_t len)
{
	struct web_server *w = cls;
	char origin[ORIGIN_MAX];
	bool room;

	(void)len;
	if (w->proxied)
		return MHD_YES;
	origin_from_sockaddr(addr, origin);
	pthread_mutex_lock(&w->lock);
	room = links_from(w, origin) < WEB_ADDRESS_CONNECTIONS;
	pthread_mutex_unlock(&w->lock);
	return room ? MHD_YES : MHD_NO;
}

/* libmicrohttpd's connection notices: a connection is listed when it
 * opens, with WEB_HEADERS_S for its first request's line and headers,
 * and unlisted when it closes (before libmicrohttpd closes its socket,
 * which expire_headers() relies on). Without memory for it, it is not
 * listed: it has no deadline, and does not count for its address. */
static void notice(void *cls, struct MHD_Connection *c, void **socket_context,
		   enum MHD_ConnectionNotificationCode code)
{
	struct web_server *w = cls;
	const union MHD_ConnectionInfo *addr, *fd;
	struct link *l = *socket_context;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		addr = mhd.get_connection_info(
			c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		fd = mhd.get_connection_info(c,
					     MHD_CONNECTION_INFO_CONNECTION_FD);
		if (fd == NULL || (l = calloc(1, sizeof(*l))) == NULL)
			return;
		if (!w->proxied && addr != NULL)
			origin_from_sockaddr(addr->client_addr, l->origin);
		l->fd = fd->connect_fd;
		l->headers_by = mono_ms() + WEB_HEADERS_S * 1000LL;
		pthread_mutex_lock(&w->lock);
		l->next = w->links;
		if (w->links != NULL)
			w->links->prev = l;
		w->links = l;
		pthread_mutex_unlock(&w->lock);
		*socket_context = l;
		return;
	}
	if (l == NULL)
		return;
	pthread_mutex_lock(&w->lock);
	if (l->prev != NULL)
		l->prev->next = l->next;
	else
		w->links = l->next;
	if (l->next != NULL)
		l->next->prev = l->prev;
	pthread_mutex_unlock(&w->lock);
	*socket_context = NULL;
	free(l);
}

/* The link of connection c, or NULL when it is not listed. */
static struct link *link_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *info =
		mhd.get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return info != NULL ? info->socket_context : NULL;
}

/* Give connection c's next request's line and headers WEB_HEADERS_S
 * (`await`), or none (its request is whole and being answered). */
static void await_headers(struct web_server *w, struct MHD_Connection *c,
			  bool await)
{
	struct link *l = link_of(c);

	if (l == NULL)
		return;
	pthread_mutex_lock(&w->lock);
	l->headers_by = await ? mono_ms() + WEB_HEADERS_S * 1000LL : 0;
	pthread_mutex_unlock(&w->lock);
}

/* libmicrohttpd's notice of a request's end: a kept-alive connection
 * has WEB_HEADERS_S for the next one. */
static void request_done(void *cls, struct MHD_Connection *c, void **con_cls,
			 enum MHD_RequestTerminationCode code)
{
	(void)con_cls;
	(void)code;
	await_headers(cls, c, true);
}

/* Close the connections whose request's line and headers are late, by
 * shutting their sockets down: libmicrohttpd finds them ended and closes
 * them. A link is unlisted under w->lock before its socket is closed,
 * so a descriptor shut down here is still its connection's. */
static void expire_headers(struct web_server *w)
{
	long long now = mono_ms();
	struct link *l;

	pthread_mutex_lock(&w->lock);
	for (l = w->links; l != NULL; l = l->next)
		if (l->headers_by != 0 && now >= l->headers_by) {
			shutdown(l->fd, SHUT_RDWR);
			l->headers_by = 0;
		}
	pthread_mutex_unlock(&w->lock);
}

/* The ticker thread: every WEB_TICK_MS, the connections whose headers
 * are late are closed and the suspended watchers look at their matches
 * again, until web_stop(). */
static void *ticker(void *arg)
{
	struct web_server *w = arg;
	struct timespec tick = {0, WEB_TICK_MS * 1000000L};

	do {
		nanosleep(&tick, NULL);
		expire_headers(w);
	} while (!resume_all(w, false));
	return NULL;
}

/* The type of an event stream. */
#define EVENTS_TYPE "text/event-stream; charset=utf-8"

/* Queue the event stream of match r->match_id: 404 when there is no
 * such match, 429 when WEB_ADDRESS_STREAMS streams are open from the
 * client's address, 503 when WEB_WATCHERS_MAX browsers follow games.
 * For HEAD (`head`), its headers alone: no stream is opened, so no
 * byte of one follows them on the connection. */
static enum MHD_Result send_events(struct web_server *w, struct store *s,
				   struct MHD_Connection *c,
				   struct web_request *r, bool head)
{
	static char nothing[] = "";
	struct watcher *v = NULL;
	struct MHD_Response *resp;
	struct match_now m;
	struct link *l = link_of(c);
	enum store_status st;
	enum MHD_Result ret;
	bool listed = false, address_full = false;

	st = store_match_now(s, r->match_id, &m);
	if (head && st == STORE_OK)
		return send_bytes(c, MHD_HTTP_OK, nothing, 0, false,
				  EVENTS_TYPE, NULL);
	if (st == STORE_OK && (v = calloc(1, sizeof(*v))) == NULL)
		st = STORE_ERR;
	pthread_mutex_lock(&w->lock);
	if (st == STORE_OK && l != NULL && l->origin[0] != '\0' &&
	    watchers_from(w, l->origin) >= WEB_ADDRESS_STREAMS) {
		address_full = true;
	} else if (st == STORE_OK && w->nwatchers < WEB_WATCHERS_MAX) {
		*v = (struct watcher){.w = w,
				      .conn = c,
				      .match_id = r->match_id,
				      .quiet_since = store_now_ms(),
				      .next = w->watchers};
		if (l != NULL)
			memcpy(v->origin, l->origin, sizeof(v->origin));
		if (w->watchers != NULL)
			w->watchers->prev = v;
		w->watchers = v;
		w->nwatchers++;
		listed = true;
	}
	pthread_mutex_unlock(&w->lock);
	if (!listed) {
		free(v);
		r->page = st == STORE_NOT_FOUND ? WEB_NOT_FOUND
			  : st != STORE_OK	? WEB_UNAVAILABLE
			  : address_full	? WEB_TOO_MANY
						: WEB_FULL;
		return send_error(c, r, r->page == WEB_UNAVAILABLE);
	}
	resp = mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 1024,
						 watch_read, v, watch_free);
	if (resp == NULL) {
		watch_free(v);
		return MHD_NO;
	}
	add_headers(resp, EVENTS_TYPE, NULL);
	ret = mhd.queue_response(c, MHD_HTTP_OK, resp);
	mhd.destroy_response(resp);
	return ret;
}

/* ==== Routing ============================================================ */

/* Answer request r with its page (for HEAD, `head`: its headers), its
 * reads through the calling thread's store handle. */
static enum MHD_Result route(struct web_server *w, struct MHD_Connection *c,
			     struct web_request *r, bool head)
{
	struct store *s;
	struct strbuf b;
	int got = -1;

	if (r->page == WEB_STYLE)
		return send_bytes(c, MHD_HTTP_OK, (char *)web_page_style(),
				  strlen(web_page_style()), false,
				  "text/css; charset=utf-8", NULL);
	if (r->page == WEB_SCRIPT)
		return send_bytes(c, MHD_HTTP_OK, (char *)web_page_script(),
				  strlen(web_page_script()), false,
				  "text/javascript; charset=utf-8", NULL);
	if (r->page == WEB_NOT_FOUND || r->page == WEB_BAD_REQUEST)
		return send_error(c, r, false);
	s = reader(w);
	if (s == NULL)
		return send_error(c, r, true);
	if (r->page == WEB_GAME_PSQ)
		return send_psq(s, c, r);
	if (r->page == WEB_GAME_EVENTS)
		return send_events(w, s, c, r, head);
	strbuf_init(&b, WEB_PAGE_MAX);
	if (r->page == WEB_HOME) {
		got = home(w, s, r, &b);
	} else if (r->page == WEB_PLAYER) {
		got = player(w, s, r, &b);
	} else {
		got = game(s, r, &b);
	}
	if (got == 0)
		return send_page(c, MHD_HTTP_OK, &b, r);
	strbuf_release(&b);
	r->page = WEB_NOT_FOUND;
	return send_error(c, r, got < 0);
}

/* Queue a short plain-text refusal with HTTP `status` (and, for 405,
 * the methods allowed). */
static enum MHD_Result send_refusal(struct MHD_Connection *c, unsigned status,
				    char *text, size_t len)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;

	resp = mhd.create_response_from_buffer(len, text,
					       MHD_RESPMEM_PERSISTENT);
	if (resp == NULL)
		return MHD_NO;
	add_headers(resp, "text/plain; charset=utf-8", NULL);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		mhd.add_response_header(resp, MHD_HTTP_HEADER_ALLOW,
					"GET, HEAD");
	ret = mhd.queue_response(c, status, resp);
	mhd.destroy_response(resp);
	return ret;
}

/* Whether header `key` is `name` in any case, blanks after it too (a
 * proxy may read "Transfer-Encoding :" as the header, libmicrohttpd
 * keeps the blank in the key). */
static bool header_is(const char *key, const char *name)
{
	size_t n = strlen(name);

	return strncasecmp(key, name, n) == 0 &&
	       key[n + strspn(key + n, " \t")] == '\0';
}

/* The headers that frame a request's body, counted: a Content-Length
 * ([0]; [1] those that are not "0") and a Transfer-Encoding ([2]). */
static enum MHD_Result count_framing(void *cls, enum MHD_ValueKind kind,
				     const char *key, const char *value)
{
	int *n = cls;

	(void)kind;
	if (header_is(key, MHD_HTTP_HEADER_CONTENT_LENGTH)) {
		n[0]++;
		n[1] += value == NULL || strcmp(value, "0") != 0;
	} else if (header_is(key, MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
		n[2]++;
	}
	return MHD_YES;
}

/* Whether the request on c says it has a body, or could be read as
 * having one: any Transfer-Encoding, more than one Content-Length, or
 * one that is not 0 (a request here has none; two framings of one are
 * how a request is smuggled past a proxy). */
static bool has_body(struct MHD_Connection *c)
{
	int n[3] = {0, 0, 0};

	mhd.get_connection_values(c, MHD_HEADER_KIND, count_framing, n);
	return n[0] > 1 || n[1] > 0 || n[2] > 0;
}

/* libmicrohttpd's access handler. Its first call for a request sees the
 * headers: a method other than GET and HEAD, or a body, is refused at
 * once (and the connection closed); otherwise the page is answered at
 * the second call, once the request is whole, so that the connection
 * may be kept alive. */
static enum MHD_Result answer(void *cls, struct MHD_Connection *c,
			      const char *url, const char *method,
			      const char *version, const char *upload_data,
			      size_t *upload_data_size, void **con_cls)
{
	static char not_allowed[] = "only GET and HEAD are answered here\n";
	static char no_body[] = "a request here has no body\n";
	static int headers_seen;
	struct web_server *w = cls;
	struct web_request r;

	(void)version;
	(void)upload_data;
	if (*con_cls == NULL) {
		*con_cls = &headers_seen;
		await_headers(w, c, false);
		if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 &&
		    strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
			return send_refusal(c, MHD_HTTP_METHOD_NOT_ALLOWED,
					    not_allowed,
					    sizeof(not_allowed) - 1);
		if (has_body(c))
			return send_refusal(c, MHD_HTTP_BAD_REQUEST, no_body,
					    sizeof(no_body) - 1);
		return MHD_YES;
	}
	if (*upload_data_size != 0) /* not announced: cannot happen */
		return MHD_NO;
	web_request_parse(
		&r, url,
		mhd.lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "lang"),
		mhd.lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "ply"),
		mhd.lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "rule"),
		mhd.lookup_connection_value(c, MHD_HEADER_KIND,
					    MHD_HTTP_HEADER_ACCEPT_LANGUAGE));
	return route(w, c, &r, strcmp(method, MHD_HTTP_METHOD_HEAD) == 0);
}

/* ==== Starting and stopping ============================================== */

/* Read "A.B.C.D:PORT" or "[IPv6]:PORT" into *addr. Return 0, or -1. */
static int parse_listen(const char *text, struct sockaddr_storage *addr)
{
	struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
	const char *colon = strrchr(text, ':');
	char host[WEB_ADDRESS_MAX];
	unsigned long long port = 0;
	size_t n;

	if (colon == NULL || number_parse(colon + 1, 0, 65535, &port) != 0)
		return -1;
	n = (size_t)(colon - text);
	if (n == 0 || n >= sizeof(host))
		return -1;
	memset(addr, 0, sizeof(*addr));
	if (text[0] == '[' && text[n - 1] == ']') {
		memcpy(host, text + 1, n - 2);
		host[n - 2] = '\0';
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((unsigned short)port);
		return inet_pton(AF_INET6, host, &v6->sin6_addr) == 1 ? 0 : -1;
	}
	memcpy(host, text, n);
	host[n] = '\0';
	v4->sin_family = AF_INET;
	v4->sin_port = htons((unsigned short)port);
	return inet_pton(AF_INET, host, &v4->sin_addr) == 1 ? 0 : -1;
}

/* The signals web_wait() takes. */
static void stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
}

/* Start the daemon of w at addr; keep the address it bound. */
static int start_daemon(struct web_server *w,
			const struct sockaddr_storage *addr)
{
	const union MHD_DaemonInfo *info;
	char host[INET6_ADDRSTRLEN];
	bool v6 = addr->ss_family == AF_INET6;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO |
			 MHD_ALLOW_SUSPEND_RESUME | (v6 ? MHD_USE_IPv6 : 0);

	w->daemon = mhd.start_daemon(
		flags, 0, admit, w, answer, w, MHD_OPTION_SOCK_ADDR, addr,
		MHD_OPTION_NOTIFY_CONNECTION, notice, w,
		MHD_OPTION_NOTIFY_COMPLETED, request_done, w,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)WEB_CONNECTIONS_MAX,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)WEB_TIMEOUT_S,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)WEB_REQUEST_MEMORY,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)WEB_THREADS,
		MHD_OPTION_STRICT_FOR_CLIENT, 1, MHD_OPTION_END);
	if (w->daemon == NULL)
		return -1;
	info = mhd.get_daemon_info(w->daemon, MHD_DAEMON_INFO_BIND_PORT);
	if (v6)
		inet_ntop(AF_INET6,
			  &((const struct sockaddr_in6 *)addr)->sin6_addr, host,
			  sizeof(host));
	else
		inet_ntop(AF_INET,
			  &((const struct sockaddr_in *)addr)->sin_addr, host,
			  sizeof(host));
	snprintf(w->address, sizeof(w->address), v6 ? "[%s]:%u" : "%s:%u", host,
		 info != NULL ? (unsigned)info->port : 0u);
	return 0;
}

int web_start(struct store *s, const struct web_config *cfg,
	      struct web_server **out, char *err, size_t cap)
{
	struct web_server *w = calloc(1, sizeof(*w));
	struct sockaddr_storage addr;
	sigset_t set;
	size_t i;

	*out = NULL;
	if (w == NULL || (w->players = plist_create()) == NULL) {
		snprintf(err, cap, "out of memory");
		goto out_free;
	}
	w->store = s;
	w->proxied = cfg->proxied;
	pthread_mutex_init(&w->lock, NULL);
	pthread_mutex_init(&w->shared, NULL);
	for (i = 0; i < sizeof(w->boards) / sizeof(w->boards[0]); i++)
		w->boards[i].seen = -2;
	if (strlen(cfg->db_path) >= sizeof(w->db_path)) {
		snprintf(err, cap, "the database's name is too long");
		goto out_free;
	}
	snprintf(w->db_path, sizeof(w->db_path), "%s", cfg->db_path);
	if (pthread_key_create(&w->reader_key, NULL) != 0) {
		snprintf(err, cap, "cannot make a thread's key");
		goto out_free;
	}
	w->key_made = true;
	if (load_mhd(err, cap) != 0)
		goto out_free;
	if (parse_listen(cfg->listen, &addr) != 0) {
		snprintf(err, cap, "not an address and port: %s", cfg->listen);
		goto out_free;
	}
	if (store_watch_players(s, w->players) != STORE_OK) {
		snprintf(err, cap, "%s", store_errmsg(s));
		goto out_free;
	}
	stop_signals(&set);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (start_daemon(w, &addr) != 0) {
		snprintf(err, cap, "cannot listen at %s", cfg->listen);
		goto out_free;
	}
	if (pthread_create(&w->ticker, NULL, ticker, w) != 0) {
		snprintf(err, cap, "cannot start a thread");
		goto out_free;
	}
	w->ticker_started = true;
	*out = w;
	return 0;
out_free:
	web_stop(w);
	return -1;
}

const char *web_address(const struct web_server *w, char buf[WEB_ADDRESS_MAX])
{
	snprintf(buf, WEB_ADDRESS_MAX, "%s", w->address);
	return buf;
}

int web_wait(void)
{
	sigset_t set;
	int sig = 0;

	stop_signals(&set);
	while (sigwait(&set, &sig) != 0)
		;
	return sig;
}

void web_stop(struct web_server *w)
{
	struct reader *r;
	size_t i;

	if (w == NULL)
		return;
	/* The ticker ends; each watcher, resumed, ends its stream; then
	 * the daemon may stop (it must find no connection suspended). */
	resume_all(w, true);
	if (w->ticker_started)
		pthread_join(w->ticker, NULL);
	if (w->daemon != NULL)
		mhd.stop_daemon(w->daemon); /* its threads have ended */
	while ((r = w->readers) != NULL) {
		w->readers = r->next;
		store_close(r->store);
		free(r);
	}
	if (w->key_made)
		pthread_key_delete(w->reader_key);
	for (i = 0; i < sizeof(w->boards) / sizeof(w->boards[0]); i++)
		plist_free(w->boards[i].top);
	plist_free(w->players);
	free(w);
}
