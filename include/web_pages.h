/* web_pages.h -- the web site's pages as HTML, built into a buffer.
 *
 * The pages of `gomoku serve` (web.c) without the server: what a request
 * asks for (web_request_parse()), and each page rendered from plain
 * values that web.c has read from the store. Nothing here does I/O,
 * reads the store or keeps a global; the words are gettext's, in the
 * language i18n_set_lang() chose last (web.c chooses the request's).
 *
 * Every piece of text that comes from the database (names, nicknames,
 * variants) goes through web_put_text(), the one escaping function: the
 * caller never writes such text with strbuf_puts().
 */
#ifndef GOMOKU_WEB_PAGES_H
#define GOMOKU_WEB_PAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze.h"
#include "i18n.h"
#include "player.h"
#include "rules.h"
#include "store.h"
#include "store_live.h"
#include "strbuf.h"

/* ==== Pages are built in a strbuf (strbuf.h) ========================= */

#define WEB_PAGE_MAX (4u << 20) /* bytes of one page at most */

/* Append `s` escaped for HTML text and for a quoted attribute value:
 * & < > " ' as character references; every C0 and C1 control character
 * but tab and line feed, DEL, the bidirectional controls (U+061C,
 * U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) and each byte that is
 * not part of valid UTF-8 as U+FFFD; every other character, combining
 * marks included, as it is. NULL appends nothing. */
void web_put_text(struct strbuf *b, const char *s);

/* Append `s` for a URL's path segment or query value: the unreserved
 * characters (A-Z a-z 0-9 - . _ ~) as they are, every other byte as
 * %XX. */
void web_put_url(struct strbuf *b, const char *s);

/* ==== What a request asks =============================================== */

enum web_page {
	WEB_HOME = 0,	 /* / (?rule=freestyle|exact|renju) */
	WEB_PLAYER,	 /* /player/USERNAME */
	WEB_GAME,	 /* /game/ID (?ply=N) */
	WEB_GAME_PSQ,	 /* /game/ID.psq: the PSQ file */
	WEB_GAME_EVENTS, /* /game/ID/events: Server-Sent Events */
	WEB_STYLE,	 /* /style.css */
	WEB_SCRIPT,	 /* /live.js: the live page's script */
	WEB_NOT_FOUND,	 /* 404: no such path */
	WEB_BAD_REQUEST, /* 400: a parameter that is not valid */
	WEB_UNAVAILABLE, /* 503: the store cannot be read (web.c's) */
	WEB_TOO_MANY,	 /* 429: the address's share is taken (web.c's) */
	WEB_FULL,	 /* 503: every live stream is taken (web.c's) */
};

#define WEB_PATH_MAX 512 /* bytes of a path the site answers */

struct web_request {
	enum web_page page;
	enum lang lang;	 /* the page's language */
	bool lang_given; /* chosen by ?lang= (kept in the page's links) */
	char username[PLAYER_USERNAME_MAX + 1]; /* WEB_PLAYER */
	long long match_id; /* WEB_GAME, WEB_GAME_PSQ, WEB_GAME_EVENTS */
	int ply;	    /* WEB_GAME: the position after this many moves; -1:
			     * the last */
	int rule;	    /* WEB_HOME: an enum rule, or -1: every rule */
};

/* Read a request into *r: `path` as the server decoded it (no query),
 * the query's `lang`, `ply` and `rule` values (NULL when not given) and
 * the Accept-Language header (NULL when none). The language is ?lang=
 * (en or zh), else the first of English and Chinese that
 * Accept-Language ranks highest, else English. An unknown path is
 * WEB_NOT_FOUND; a known one with a parameter that is not valid for it
 * (ply not 0..BOARD_MAX_CELLS, an unknown rule or lang) WEB_BAD_REQUEST.
 * Never fails: any bytes give one of the pages. */
void web_request_parse(struct web_request *r, const char *path,
		       const char *lang, const char *ply, const char *rule,
		       const char *accept_language);

/* ==== The pages ========================================================= */

/* A player online, for the home page (a copy of the store's row). */
struct web_online {
	char username[PLAYER_USERNAME_MAX + 1];
	char nickname[PLAYER_NICKNAME_MAX + 1];
	bool playing; /* in a match now (no more is shown) */
};

/* What the home page shows. */
struct web_home {
	int rule;		    /* -1: every rule, else enum rule */
	struct player *const *best; /* the leaderboard, best first */
	size_t nbest;		    /* (plist_top()'s order by score) */
	const struct web_online *online;
	size_t nonline;
	const struct live_match *live; /* games in progress */
	size_t nlive;
};

/* One of a player's recent games (a copy of a struct history_row). */
struct web_game_row {
	long long id;
	enum match_kind kind;
	enum match_status status;
	enum stone colour;			/* the player's */
	char opponent[PLAYER_USERNAME_MAX + 1]; /* "" for the computer */
	char opponent_nickname[PLAYER_NICKNAME_MAX + 1];
	int ai_level;
	char variant[STORE_VARIANT_MAX + 1];
	enum match_result result; /* from black's side */
	enum match_reason reason;
	long long started_at;
	int nmoves;
	bool casual;
	enum match_unrated unrated;
};

/* Results against one opponent (a copy of a struct opponent_row). */
struct web_opponent {
	char username[PLAYER_USERNAME_MAX + 1];
	char nickname[PLAYER_NICKNAME_MAX + 1];
	int won, lost, drawn;
};

/* A point of a rating graph: the rating after a rated match. */
struct web_rating_point {
	long long at; /* Unix seconds: the match's end */
	double rating;
};

/* What a player's page shows. */
struct web_player {
	const struct player *p;
	int rank;			  /* by score; 0: not ranked */
	bool has_rule[3];		  /* freestyle, exact, renju */
	struct player_record rule_rec[3]; /* the record under each */
	const struct web_game_row *games; /* newest first */
	size_t ngames;
	int total_games;		      /* all the player's matches */
	const struct web_opponent *opponents; /* the most played first */
	size_t nopponents;
	const struct web_rating_point *ratings; /* oldest first; the graph */
	size_t nratings;			/* (none: no graph) */
};

/* Each page into b, a whole HTML document in the request's language,
 * its links keeping ?lang= when the request gave it. web_page_game()
 * shows match f after r->ply moves (its last move when r->ply is -1 or
 * more than it has); a match still being played, shown at its last
 * move, also gets /live.js, which follows /game/ID/events and loads the
 * page again at each event (without script, a reload does the same).
 * an[0..nan-1], when nan > 0, is the stored analysis of f's moves
 * (store_analysis_load()): each side's accuracy, an evaluation graph
 * (black's chance after each move, as SVG), and each move's chance and
 * mark in the move list. */
void web_page_home(struct strbuf *b, const struct web_request *r,
		   const struct web_home *h);
void web_page_player(struct strbuf *b, const struct web_request *r,
		     const struct web_player *pl);
void web_page_game(struct strbuf *b, const struct web_request *r,
		   const struct match_full *f, const struct analyze_move *an,
		   int nan);

/* The error page for HTTP status 404 (WEB_NOT_FOUND), 503
 * (WEB_UNAVAILABLE, WEB_FULL), 429 (WEB_TOO_MANY) or 400 (any other
 * page value). */
void web_page_error(struct strbuf *b, const struct web_request *r);

/* The site's one stylesheet (a static string). */
const char *web_page_style(void);

/* The live page's script (a static string): it opens an EventSource on
 * the page's data-events address and, at each event, fetches the page
 * again and puts its <main> in place of the shown one, keeping in
 * data-delay-ms on <html> the milliseconds from the move's commit (the
 * event's "at", the store's clock) to the board shown. */
const char *web_page_script(void);

/* One Server-Sent Event for match state m into b: "event: move" (or
 * "event: end" once the match is no longer being played) and one data
 * line, "{"moves": N, "status": "WORD", "at": MS}" (MS: the store's
 * Unix ms when the last move was committed, or 0), then the blank line
 * that ends an event. */
void web_event(struct strbuf *b, const struct match_now *m);

#endif
