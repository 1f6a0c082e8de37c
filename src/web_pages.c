/* web_pages.c -- the web site's pages as HTML in a buffer (web_pages.h):
 * the buffer and the one escaping function, what a request asks, and
 * each page. No I/O: web.c reads the store and sends the bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "i18n.h"
#include "notation.h"
#include "number.h"
#include "web_pages.h"
#include "words.h"

/* ==== Escaping =========================================================== */

#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD */

/* The length of the valid UTF-8 sequence at s (1..4), with its code
 * point in *cp; 0 when the bytes there are not one. */
static int utf8_at(const unsigned char *s, unsigned long *cp)
{
	int n, i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, *cp = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, *cp = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, *cp = s[0] & 0x07u;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (s[i] & 0x3fu);
	}
	/* overlong forms, surrogates, past U+10FFFF */
	if ((n == 3 && *cp < 0x800) || (n == 4 && *cp < 0x10000) ||
	    (*cp >= 0xd800 && *cp <= 0xdfff) || *cp > 0x10ffff)
		return 0;
	return n;
}

/* Whether code point cp is shown as U+FFFD: a control character (but
 * tab and line feed) or one that reorders text around it. */
static bool replaced(unsigned long cp)
{
	if (cp == '\t' || cp == '\n')
		return false;
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x61c ||
	       cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

void web_put_text(struct strbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	int n;

	for (; p != NULL && *p != '\0'; p += n > 0 ? n : 1) {
		n = utf8_at(p, &cp);
		if (n == 0 || replaced(cp))
			strbuf_puts(b, REPLACEMENT);
		else if (cp == '&')
			strbuf_puts(b, "&amp;");
		else if (cp == '<')
			strbuf_puts(b, "&lt;");
		else if (cp == '>')
			strbuf_puts(b, "&gt;");
		else if (cp == '"')
			strbuf_puts(b, "&quot;");
		else if (cp == '\'')
			strbuf_puts(b, "&#39;");
		else
			strbuf_add(b, (const char *)p, (size_t)n);
	}
}

void web_put_url(struct strbuf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	char esc[3] = {'%', 0, 0};

	for (; *p != '\0'; p++) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~", *p) != NULL) {
			strbuf_add(b, (const char *)p, 1);
			continue;
		}
		esc[1] = hex[*p >> 4];
		esc[2] = hex[*p & 15];
		strbuf_add(b, esc, 3);
	}
}

/* ==== What a request asks ================================================ */

/* The language Accept-Language ranks highest among English and Chinese
 * (weights q=0..1; the first wins a tie); English when it names neither. */
static enum lang accepted_lang(const char *h)
{
	int best = -1, q;
	enum lang lang = LANG_EN, this;
	const char *p, *end;

	for (p = h; p != NULL && *p != '\0'; p = *end == ',' ? end + 1 : end) {
		end = p + strcspn(p, ",");
		p += strspn(p, " \t");
		if (strncmp(p, "zh", 2) == 0 || strncmp(p, "ZH", 2) == 0)
			this = LANG_ZH;
		else if (strncmp(p, "en", 2) == 0 || strncmp(p, "EN", 2) == 0)
			this = LANG_EN;
		else
			continue;
		q = 1000;
		p = strstr(p, ";q=");
		if (p != NULL && p < end) {
			q = p[3] == '1' ? 1000 : 0;
			if (p[3] == '0' && p[4] == '.' && p[5] >= '0' &&
			    p[5] <= '9')
				q = (p[5] - '0') * 100;
		}
		if (q > best && q > 0) {
			best = q;
			lang = this;
		}
	}
	return lang;
}

/* The page of a path under "/game/": "ID", "ID.psq" or "ID/events". */
static void parse_game(struct web_request *r, const char *rest)
{
	const char *end = number_scan(rest, 1, 1000000000000LL, &r->match_id);

	if (end == NULL || rest[0] == '0' || rest[0] == '-' || rest[0] == '+')
		r->page = WEB_NOT_FOUND;
	else if (*end == '\0')
		r->page = WEB_GAME;
	else if (strcmp(end, ".psq") == 0)
		r->page = WEB_GAME_PSQ;
	else if (strcmp(end, "/events") == 0)
		r->page = WEB_GAME_EVENTS;
	else
		r->page = WEB_NOT_FOUND;
}

/* The page of a path under "/player/": a username's characters. */
static void parse_player(struct web_request *r, const char *rest)
{
	size_t n = strlen(rest);

	r->page = WEB_NOT_FOUND;
	if (n == 0 || n > PLAYER_USERNAME_MAX ||
	    strspn(rest, "abcdefghijklmnopqrstuvwxyz"
			 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") != n)
		return;
	memcpy(r->username, rest, n + 1);
	r->page = WEB_PLAYER;
}

/* The parameters of the page found: ?ply= (game) and ?rule= (home). */
static void parse_params(struct web_request *r, const char *ply,
			 const char *rule)
{
	unsigned long long n = 0;
	enum rule which = RULE_FREESTYLE;

	if (r->page == WEB_GAME && ply != NULL) {
		if (number_parse(ply, 0, BOARD_MAX_CELLS, &n) != 0)
			r->page = WEB_BAD_REQUEST;
		r->ply = (int)n;
	}
	if (r->page == WEB_HOME && rule != NULL) {
		if (rules_parse_rule(rule, &which) != 0)
			r->page = WEB_BAD_REQUEST;
		r->rule = (int)which;
	}
}

void web_request_parse(struct web_request *r, const char *path,
		       const char *lang, const char *ply, const char *rule,
		       const char *accept_language)
{
	memset(r, 0, sizeof(*r));
	r->ply = -1;
	r->rule = -1;
	r->lang = accepted_lang(accept_language);
	if (path == NULL || strlen(path) > WEB_PATH_MAX)
		r->page = WEB_NOT_FOUND;
	else if (strcmp(path, "/") == 0)
		r->page = WEB_HOME;
	else if (strcmp(path, "/style.css") == 0)
		r->page = WEB_STYLE;
	else if (strcmp(path, "/live.js") == 0)
		r->page = WEB_SCRIPT;
	else if (strncmp(path, "/player/", 8) == 0)
		parse_player(r, path + 8);
	else if (strncmp(path, "/game/", 6) == 0)
		parse_game(r, path + 6);
	else
		r->page = WEB_NOT_FOUND;
	if (lang != NULL) {
		r->lang_given = true;
		if (strcmp(lang, "zh") == 0)
			r->lang = LANG_ZH;
		else if (strcmp(lang, "en") == 0)
			r->lang = LANG_EN;
		else if (r->page != WEB_NOT_FOUND)
			r->page = WEB_BAD_REQUEST;
	}
	parse_params(r, ply, rule);
}

/* ==== The frame of every page ============================================ */

static const char *const lang_code[] = {"en", "zh"};

/* The request's ?lang= for a link, when it gave one: "?lang=xx" as the
 * first parameter, else "&amp;lang=xx". */
static void put_lang_arg(struct strbuf *b, const struct web_request *r,
			 bool first)
{
	if (r->lang_given)
		strbuf_printf(b, "%slang=%s", first ? "?" : "&amp;",
			      lang_code[r->lang]);
}

/* The address of the page r asks for, in language `lang`. */
static void put_self(struct strbuf *b, const struct web_request *r,
		     enum lang lang)
{
	if (r->page == WEB_PLAYER) {
		strbuf_puts(b, "/player/");
		web_put_url(b, r->username);
		strbuf_puts(b, "?");
	} else if (r->page == WEB_GAME) {
		strbuf_printf(b, "/game/%lld?", r->match_id);
		if (r->ply >= 0)
			strbuf_printf(b, "ply=%d&amp;", r->ply);
	} else if (r->page == WEB_HOME && r->rule >= 0) {
		strbuf_printf(b, "/?rule=%s&amp;",
			      rules_rule_name((enum rule)r->rule));
	} else {
		strbuf_puts(b, "/?");
	}
	strbuf_printf(b, "lang=%s", lang_code[lang]);
}

/* The document's head and the site's header, titled `title` (text,
 * escaped here) and `sub` (NULL or more text after it). */
static void page_begin(struct strbuf *b, const struct web_request *r,
		       const char *title, const char *sub)
{
	strbuf_printf(b,
		      "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
		      "<meta charset=\"utf-8\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, "
		      "initial-scale=1\">\n<title>",
		      r->lang == LANG_ZH ? "zh-CN" : "en");
	web_put_text(b, title);
	if (sub != NULL) {
		strbuf_puts(b, " ");
		web_put_text(b, sub);
	}
	strbuf_puts(b, " - ");
	web_put_text(b, _("Gomoku Club"));
	strbuf_puts(b, "</title>\n<link rel=\"stylesheet\" href=\"/style.css\">"
		       "\n</head>\n<body>\n<header><a class=\"site\" href=\"/");
	put_lang_arg(b, r, true);
	strbuf_puts(b, "\">");
	web_put_text(b, _("Gomoku Club"));
	strbuf_puts(b, "</a> <nav class=\"lang\">");
	if (r->lang == LANG_ZH) {
		strbuf_puts(b, "<a hreflang=\"en\" lang=\"en\" href=\"");
		put_self(b, r, LANG_EN);
		strbuf_puts(b, "\">English</a>");
	} else {
		strbuf_puts(b, "<a hreflang=\"zh\" lang=\"zh-CN\" href=\"");
		put_self(b, r, LANG_ZH);
		strbuf_puts(b, "\">\xe4\xb8\xad\xe6\x96\x87</a>");
	}
	strbuf_puts(b, "</nav></header>\n<main>\n<h1>");
	web_put_text(b, title);
	if (sub != NULL) {
		strbuf_puts(b, " <bdi>");
		web_put_text(b, sub);
		strbuf_puts(b, "</bdi>");
	}
	strbuf_puts(b, "</h1>\n");
}

static void page_end(struct strbuf *b)
{
	strbuf_puts(b, "</main>\n<footer>");
	web_put_text(b, _("Read-only: this site changes nothing in the club."));
	strbuf_puts(b, "</footer>\n</body>\n</html>\n");
}

/* A link to player `username` showing `nickname` (both database text). */
static void put_player_link(struct strbuf *b, const struct web_request *r,
			    const char *username, const char *nickname)
{
	strbuf_puts(b, "<a class=\"player\" href=\"/player/");
	web_put_url(b, username);
	put_lang_arg(b, r, true);
	strbuf_puts(b, "\"><bdi>");
	web_put_text(b, nickname != NULL && nickname[0] != '\0' ? nickname
								: username);
	strbuf_puts(b, "</bdi></a>");
}

/* A link to match `id`, showing `text` (the program's words). */
static void put_game_link(struct strbuf *b, const struct web_request *r,
			  long long id, const char *text)
{
	strbuf_printf(b, "<a href=\"/game/%lld", id);
	put_lang_arg(b, r, true);
	strbuf_puts(b, "\">");
	web_put_text(b, text);
	strbuf_puts(b, "</a>");
}

/* A table's header row of `n` translated column titles. */
static void put_header_row(struct strbuf *b, const char *const titles[], int n)
{
	int i;

	strbuf_puts(b, "<thead><tr>");
	for (i = 0; i < n; i++) {
		strbuf_puts(b, "<th>");
		web_put_text(b, _(titles[i]));
		strbuf_puts(b, "</th>");
	}
	strbuf_puts(b, "</tr></thead>\n");
}

/* The record's numbers as table cells: games, W, L, T. */
static void put_record_cells(struct strbuf *b, const struct player_record *r)
{
	strbuf_printf(b,
		      "<td class=\"num\">%d</td><td class=\"num\">%d</td>"
		      "<td class=\"num\">%d</td><td class=\"num\">%d</td>",
		      r->games, r->wins, r->losses, r->ties);
}

/* ==== The home page ====================================================== */

/* The leaderboard's rows. */
static void put_leaderboard_rows(struct strbuf *b, const struct web_request *r,
				 const struct web_home *h)
{
	const struct player *p;
	int rank = 0;
	size_t i;

	for (i = 0; i < h->nbest; i++) {
		p = h->best[i];
		rank = plist_rank_at(h->best, i, PLIST_BY_SCORE, rank);
		strbuf_puts(b, "<tr><td class=\"num rank\">");
		if (rank > 0)
			strbuf_printf(b, "%d", rank);
		else
			strbuf_puts(b, "\xe2\x80\x93");
		strbuf_puts(b, "</td><td class=\"username\">");
		put_player_link(b, r, p->username, p->username);
		strbuf_puts(b, "</td><td class=\"nickname\"><bdi>");
		web_put_text(b, p->nickname);
		strbuf_puts(b, "</bdi></td>");
		put_record_cells(b, &p->rec);
		strbuf_printf(b,
			      "<td class=\"num score\">%d</td>"
			      "<td class=\"num rating\">%.0f%s</td>"
			      "<td class=\"num\">",
			      p->rec.score, p->rec.rating,
			      player_provisional(p) ? "?" : "");
		if (p->rec.games > 0)
			strbuf_printf(b, "%.0f%%", player_win_rate(p) * 100.0);
		else
			strbuf_puts(b, "\xe2\x80\x93");
		strbuf_puts(b, "</td></tr>\n");
	}
}

/* The links choosing the leaderboard's rule. */
static void put_rule_links(struct strbuf *b, const struct web_request *r,
			   int current)
{
	int rule;

	strbuf_puts(b, "<nav class=\"rules\">");
	for (rule = -1; rule <= RULE_RENJU; rule++) {
		if (rule == current) {
			strbuf_puts(b, "<strong>");
		} else {
			strbuf_puts(b, "<a href=\"/");
			if (rule >= 0)
				strbuf_printf(b, "?rule=%s",
					      rules_rule_name((enum rule)rule));
			put_lang_arg(b, r, rule < 0);
			strbuf_puts(b, "\">");
		}
		web_put_text(b, rule < 0 ? _("All rules")
					 : words_rule_family(rule));
		strbuf_puts(b, rule == current ? "</strong> " : "</a> ");
	}
	strbuf_puts(b, "</nav>\n");
}

static void put_leaderboard(struct strbuf *b, const struct web_request *r,
			    const struct web_home *h)
{
	static const char *const titles[] = {
		N_("Rank"),   N_("Player"), N_("Nickname"), N_("Games"),
		N_("W"),      N_("L"),	    N_("T"),	    N_("Score"),
		N_("Rating"), N_("Win%")};

	put_rule_links(b, r, h->rule);
	if (h->nbest == 0) {
		strbuf_puts(b, "<p>");
		web_put_text(b, _("No games to rank yet."));
		strbuf_puts(b, "</p>\n");
		return;
	}
	strbuf_puts(b, "<div class=\"scroll\"><table id=\"leaderboard\">\n");
	put_header_row(b, titles, (int)(sizeof(titles) / sizeof(titles[0])));
	strbuf_puts(b, "<tbody>\n");
	put_leaderboard_rows(b, r, h);
	strbuf_puts(b, "</tbody></table></div>\n");
}

static void put_online(struct strbuf *b, const struct web_request *r,
		       const struct web_home *h)
{
	size_t i;

	strbuf_puts(b, "<h2>");
	web_put_text(b, _("Players online"));
	strbuf_puts(b, "</h2>\n<ul id=\"online\">\n");
	for (i = 0; i < h->nonline; i++) {
		strbuf_puts(b, "<li>");
		put_player_link(b, r, h->online[i].username,
				h->online[i].nickname);
		strbuf_puts(b, " <span class=\"state\">");
		web_put_text(b,
			     h->online[i].playing ? _("playing") : _("online"));
		strbuf_puts(b, "</span></li>\n");
	}
	if (h->nonline == 0) {
		strbuf_puts(b, "<li>");
		web_put_text(b, _("Nobody is online."));
		strbuf_puts(b, "</li>\n");
	}
	strbuf_puts(b, "</ul>\n");
}

/* One side of a game in progress: the player's link or the computer. */
static void put_live_side(struct strbuf *b, const struct web_request *r,
			  const char *username, int ai_level)
{
	char buf[64];

	if (username[0] != '\0') {
		put_player_link(b, r, username, username);
		return;
	}
	snprintf(buf, sizeof(buf), _("Computer (level %d)"), ai_level);
	web_put_text(b, buf);
}

static void put_live(struct strbuf *b, const struct web_request *r,
		     const struct web_home *h)
{
	char text[64];
	size_t i;

	strbuf_puts(b, "<h2>");
	web_put_text(b, _("Games in progress"));
	strbuf_puts(b, "</h2>\n<ul id=\"live\">\n");
	for (i = 0; i < h->nlive; i++) {
		const struct live_match *m = &h->live[i];

		strbuf_puts(b, "<li>");
		snprintf(text, sizeof(text), _("Match %lld"), m->id);
		put_game_link(b, r, m->id, text);
		strbuf_puts(b, ": ");
		put_live_side(b, r, m->black, m->ai_level);
		strbuf_puts(b, " \xe2\x80\x93 ");
		put_live_side(b, r, m->white, m->ai_level);
		strbuf_puts(b, ", ");
		snprintf(text, sizeof(text),
			 ngettext("%d move", "%d moves", m->nmoves), m->nmoves);
		web_put_text(b, text);
		strbuf_puts(b, "</li>\n");
	}
	if (h->nlive == 0) {
		strbuf_puts(b, "<li>");
		web_put_text(b, _("No game is being played."));
		strbuf_puts(b, "</li>\n");
	}
	strbuf_puts(b, "</ul>\n");
}

void web_page_home(struct strbuf *b, const struct web_request *r,
		   const struct web_home *h)
{
	page_begin(b, r, _("Leaderboard"),
		   h->rule >= 0 ? words_rule_family(h->rule) : NULL);
	put_leaderboard(b, r, h);
	put_online(b, r, h);
	put_live(b, r, h);
	page_end(b);
}

/* ==== A player's page ==================================================== */

#define WEB_GRAPH_POINTS 500 /* a rating graph's newest points */

#define GRAPH_W	  600 /* a graph's size in SVG units */
#define GRAPH_H	  160
#define GRAPH_PAD 8 /* room for a dot at the edges */

/* The graph's x of judged move i (0-based) of n, and y of chance c. */
static double graph_x(int i, int n)
{
	return GRAPH_PAD +
	       (n > 1 ? (double)(GRAPH_W - 2 * GRAPH_PAD) * i / (n - 1) : 0);
}

static double graph_y(double c)
{
	return GRAPH_PAD + (GRAPH_H - 2 * GRAPH_PAD) * (100.0 - c) / 100.0;
}

/* Unix time t as "YYYY-MM-DD" (UTC) into buf[16]; "-" for 0. */
static const char *date_text(long long t, char buf[16])
{
	time_t when = (time_t)t;
	struct tm tm;

	if (t <= 0 || gmtime_r(&when, &tm) == NULL ||
	    strftime(buf, 16, "%Y-%m-%d", &tm) == 0)
		snprintf(buf, 16, "-");
	return buf;
}

static void put_record(struct strbuf *b, const struct web_player *pl)
{
	const struct player_record *rec = &pl->p->rec;

	strbuf_puts(b, "<dl class=\"record\">");
	strbuf_puts(b, "<dt>");
	web_put_text(b, _("Rank"));
	strbuf_puts(b, "</dt><dd id=\"rank\">");
	if (pl->rank > 0)
		strbuf_printf(b, "%d", pl->rank);
	else
		strbuf_puts(b, "\xe2\x80\x93");
	strbuf_puts(b, "</dd><dt>");
	web_put_text(b, _("Rating"));
	strbuf_printf(b, "</dt><dd id=\"rating\">%.0f%s</dd><dt>", rec->rating,
		      player_provisional(pl->p) ? "?" : "");
	web_put_text(b, _("Games"));
	strbuf_printf(b, "</dt><dd>%d</dd><dt>", rec->games);
	web_put_text(b, _("won"));
	strbuf_printf(b, "</dt><dd>%d</dd><dt>", rec->wins);
	web_put_text(b, _("lost"));
	strbuf_printf(b, "</dt><dd>%d</dd><dt>", rec->losses);
	web_put_text(b, _("draw"));
	strbuf_printf(b, "</dt><dd>%d</dd><dt>", rec->ties);
	web_put_text(b, _("Score"));
	strbuf_printf(b, "</dt><dd id=\"score\">%d</dd></dl>\n", rec->score);
}

static void put_rule_ratings(struct strbuf *b, const struct web_player *pl)
{
	static const char *const titles[] = {N_("Rule"), N_("Games"),
					     N_("W"),	 N_("L"),
					     N_("T"),	 N_("Rating")};
	int i;

	strbuf_puts(b, "<h2>");
	web_put_text(b, _("Ratings by rule"));
	strbuf_puts(b, "</h2>\n<table id=\"rules\">\n");
	put_header_row(b, titles, (int)(sizeof(titles) / sizeof(titles[0])));
	strbuf_puts(b, "<tbody>\n");
	for (i = 0; i <= RULE_RENJU; i++) {
		if (!pl->has_rule[i])
			continue;
		strbuf_puts(b, "<tr><td>");
		web_put_text(b, words_rule_family(i));
		strbuf_puts(b, "</td>");
		put_record_cells(b, &pl->rule_rec[i]);
		strbuf_printf(b, "<td class=\"num\">%.0f</td></tr>\n",
			      pl->rule_rec[i].rating);
	}
	strbuf_puts(b, "</tbody></table>\n");
}

/* How game g ended for its player, in words. */
static const char *outcome_words(const struct web_game_row *g)
{
	enum match_result mine =
		g->colour == STONE_BLACK ? RESULT_BLACK_WIN : RESULT_WHITE_WIN;

	if (g->status == MATCH_STATUS_UNFINISHED)
		return _("unfinished");
	if (g->status == MATCH_STATUS_ABANDONED)
		return _("abandoned");
	if (g->status == MATCH_STATUS_ABORTED)
		return _("aborted");
	if (g->result == RESULT_DRAW)
		return _("draw");
	return g->result == mine ? _("won") : _("lost");
}

static void put_game_row(struct strbuf *b, const struct web_request *r,
			 const struct web_game_row *g)
{
	const char *note = words_counted(g->casual, g->unrated);
	char text[64];

	strbuf_puts(b, "<tr><td>");
	snprintf(text, sizeof(text), "%lld", g->id);
	put_game_link(b, r, g->id, text);
	strbuf_printf(b, "</td><td>%s</td><td>",
		      date_text(g->started_at, text));
	web_put_text(b, g->colour == STONE_BLACK ? _("Black") : _("White"));
	strbuf_puts(b, "</td><td>");
	if (g->opponent[0] != '\0')
		put_player_link(b, r, g->opponent, g->opponent_nickname);
	else
		put_live_side(b, r, "", g->ai_level);
	strbuf_puts(b, "</td><td>");
	web_put_text(b, words_variant(g->variant));
	strbuf_puts(b, "</td><td>");
	web_put_text(b, outcome_words(g));
	if (note[0] != '\0') {
		strbuf_puts(b, " (");
		web_put_text(b, note);
		strbuf_puts(b, ")");
	}
	strbuf_printf(b, "</td><td class=\"num\">%d</td></tr>\n", g->nmoves);
}

static void put_recent(struct strbuf *b, const struct web_request *r,
		       const struct web_player *pl)
{
	static const char *const titles[] = {
		N_("Match"),   N_("Date"),   N_("Colour"), N_("Opponent"),
		N_("Variant"), N_("Result"), N_("Moves")};
	size_t i;

	strbuf_puts(b, "<h2>");
	web_put_text(b, _("Recent games"));
	strbuf_puts(b, "</h2>\n");
	if (pl->ngames == 0) {
		strbuf_puts(b, "<p>");
		web_put_text(b, _("No games yet."));
		strbuf_puts(b, "</p>\n");
		return;
	}
	strbuf_puts(b, "<div class=\"scroll\"><table id=\"games\">\n");
	put_header_row(b, titles, (int)(sizeof(titles) / sizeof(titles[0])));
	strbuf_puts(b, "<tbody>\n");
	for (i = 0; i < pl->ngames; i++)
		put_game_row(b, r, &pl->games[i]);
	strbuf_puts(b, "</tbody></table></div>\n");
}

static void put_opponents(struct strbuf *b, const struct web_request *r,
			  const struct web_player *pl)
{
	static const char *const titles[] = {N_("Opponent"), N_("won"),
					     N_("lost"), N_("draw")};
	size_t i;

	if (pl->nopponents == 0)
		return;
	strbuf_puts(b, "<h2>");
	web_put_text(b, _("Results against each opponent"));
	strbuf_puts(b, "</h2>\n<table id=\"opponents\">\n");
	put_header_row(b, titles, (int)(sizeof(titles) / sizeof(titles[0])));
	strbuf_puts(b, "<tbody>\n");
	for (i = 0; i < pl->nopponents; i++) {
		const struct web_opponent *o = &pl->opponents[i];

		strbuf_puts(b, "<tr><td>");
		put_player_link(b, r, o->username, o->nickname);
		strbuf_printf(b,
			      "</td><td class=\"num\">%d</td>"
			      "<td class=\"num\">%d</td>"
			      "<td class=\"num\">%d</td></tr>\n",
			      o->won, o->lost, o->drawn);
	}
	strbuf_puts(b, "</tbody></table>\n");
}

/* The rating graph: the rating from RATING_START through each rated
 * match (the newest WEB_GRAPH_POINTS), scaled between its lowest and
 * highest, with them and the first and last dates written beside. */
static void put_rating_graph(struct strbuf *b, const struct web_player *pl)
{
	const struct web_rating_point *p = pl->ratings;
	size_t n = pl->nratings, i;
	double lo = RATING_START, hi = RATING_START;
	char from[16], to[16];

	if (n > WEB_GRAPH_POINTS) {
		p += n - WEB_GRAPH_POINTS;
		n = WEB_GRAPH_POINTS;
	}
	for (i = 0; i < n; i++) {
		lo = p[i].rating < lo ? p[i].rating : lo;
		hi = p[i].rating > hi ? p[i].rating : hi;
	}
	lo -= 10;
	hi += 10;
	strbuf_puts(b, "<h2>");
	web_put_text(b, _("Rating over time"));
	strbuf_printf(b,
		      "</h2>\n<svg id=\"rating-graph\" role=\"img\" "
		      "viewBox=\"0 0 %d %d\" data-last=\"%.1f\" "
		      "xmlns=\"http://www.w3.org/2000/svg\"><title>",
		      GRAPH_W, GRAPH_H, p[n - 1].rating);
	web_put_text(b, _("Rating over time"));
	strbuf_printf(b,
		      "</title>\n<text class=\"label\" x=\"2\" y=\"12\">%.0f"
		      "</text><text class=\"label\" x=\"2\" y=\"%d\">%.0f"
		      "</text>\n<polyline class=\"chance\" points=\"",
		      hi - 10, GRAPH_H - 4, lo + 10);
	strbuf_printf(b, "%.1f,%.1f", graph_x(0, (int)n + 1),
		      graph_y(100.0 * (RATING_START - lo) / (hi - lo)));
	for (i = 0; i < n; i++)
		strbuf_printf(b, " %.1f,%.1f", graph_x((int)i + 1, (int)n + 1),
			      graph_y(100.0 * (p[i].rating - lo) / (hi - lo)));
	strbuf_printf(
		b, "\"/>\n</svg>\n<p class=\"range\">%s \xe2\x80\x93 %s</p>\n",
		date_text(p[0].at, from), date_text(p[n - 1].at, to));
}

void web_page_player(struct strbuf *b, const struct web_request *r,
		     const struct web_player *pl)
{
	page_begin(b, r, pl->p->nickname, NULL);
	strbuf_puts(b, "<p class=\"username\">");
	web_put_text(b, pl->p->username);
	strbuf_puts(b, "</p>\n");
	put_record(b, pl);
	if (pl->nratings > 0)
		put_rating_graph(b, pl);
	put_rule_ratings(b, pl);
	put_recent(b, r, pl);
	put_opponents(b, r, pl);
	page_end(b);
}

/* ==== A game's page ====================================================== */

#define CELL 32 /* the board's spacing in SVG units */

/* One side of match f: the player's link, the stored name of an
 * imported game, or the computer. */
static void put_side(struct strbuf *b, const struct web_request *r,
		     const struct match_full *f, enum stone s)
{
	const char *user =
		s == STONE_BLACK ? f->black_username : f->white_username;
	const char *name = s == STONE_BLACK ? f->black_name : f->white_name;

	if (user[0] != '\0') {
		put_player_link(b, r, user, name);
	} else if (name[0] != '\0') {
		strbuf_puts(b, "<bdi>");
		web_put_text(b, name);
		strbuf_puts(b, "</bdi>");
	} else {
		put_live_side(b, r, "", f->ai_level);
	}
}

/* How match f ended (or that it has not), in words. */
static const char *result_words(const struct match_full *f)
{
	if (f->status == MATCH_STATUS_UNFINISHED)
		return _("Being played, or unfinished.");
	if (f->status == MATCH_STATUS_ABANDONED)
		return _("Abandoned: it counts for nobody.");
	if (f->status == MATCH_STATUS_ABORTED)
		return _("Aborted before both sides moved: not rated.");
	if (f->result == RESULT_BLACK_WIN)
		return _("Black won.");
	if (f->result == RESULT_WHITE_WIN)
		return _("White won.");
	return _("A draw.");
}

/* The board's lines and labels, as the terminal labels them: columns
 * a.. across the top, rows 1.. down the left. */
static void put_grid(struct strbuf *b, const struct match_full *f)
{
	char label[NOTATION_MOVE_LEN];
	int i;

	for (i = 0; i < f->game.variant.rows; i++)
		strbuf_printf(
			b,
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
			"<text class=\"label\" x=\"%d\" y=\"%d\">%d</text>"
			"\n",
			CELL, CELL * (i + 1), CELL * f->game.variant.cols,
			CELL * (i + 1), CELL / 3, CELL * (i + 1) + 5, i + 1);
	for (i = 0; i < f->game.variant.cols; i++) {
		notation_format(0, i, label);
		label[1] = '\0';
		strbuf_printf(
			b,
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
			"<text class=\"label\" x=\"%d\" y=\"%d\">%s</text>"
			"\n",
			CELL * (i + 1), CELL, CELL * (i + 1),
			CELL * f->game.variant.rows, CELL * (i + 1), CELL / 2,
			label);
	}
}

/* The winning line of match f after `ply` moves, as the board finds it
 * (board.h), circled; nothing while no line is made. */
static void put_win(struct strbuf *b, const struct match_full *f, int ply)
{
	struct board board;
	int i;

	rules_start(&f->game.variant, &board);
	for (i = 0; i < ply; i++)
		if (board_play(&board, f->moves[i].row, f->moves[i].col) !=
		    BOARD_OK)
			return;
	for (i = 0; i < board.nwin; i++)
		strbuf_printf(b,
			      "<circle class=\"win\" cx=\"%d\" cy=\"%d\" "
			      "r=\"%d\"/>\n",
			      CELL * (board.win[i].col + 1),
			      CELL * (board.win[i].row + 1), CELL / 2 - 1);
}

/* The board of match f after `ply` moves as SVG, the winning line
 * circled. */
static void put_board(struct strbuf *b, const struct match_full *f, int ply)
{
	int i, x, y;

	strbuf_printf(b,
		      "<svg id=\"board\" role=\"img\" viewBox=\"0 0 %d %d\" "
		      "xmlns=\"http://www.w3.org/2000/svg\"><title>",
		      CELL * (f->game.variant.cols + 1),
		      CELL * (f->game.variant.rows + 1));
	web_put_text(b, _("The board"));
	strbuf_puts(b, "</title>\n<g class=\"grid\">\n");
	put_grid(b, f);
	strbuf_puts(b, "</g>\n");
	for (i = 0; i < ply; i++) {
		x = CELL * (f->moves[i].col + 1);
		y = CELL * (f->moves[i].row + 1);
		strbuf_printf(b,
			      "<circle class=\"%s\" cx=\"%d\" cy=\"%d\" "
			      "r=\"%d\"/>\n",
			      i % 2 == 0 ? "black" : "white", x, y,
			      CELL * 9 / 20);
		if (i == ply - 1)
			strbuf_printf(b,
				      "<circle class=\"last\" cx=\"%d\" "
				      "cy=\"%d\" r=\"%d\"/>\n",
				      x, y, CELL / 6);
	}
	put_win(b, f, ply);
	strbuf_puts(b, "</svg>\n");
}

/* A link to match f after `ply` moves, showing `text`, or the text
 * alone when ply is the page's own or out of the game. */
static void put_ply_link(struct strbuf *b, const struct web_request *r,
			 const struct match_full *f, int ply, int shown,
			 const char *text)
{
	if (ply < 0 || ply > f->nmoves || ply == shown) {
		strbuf_puts(b, "<span>");
		web_put_text(b, text);
		strbuf_puts(b, "</span> ");
		return;
	}
	strbuf_printf(b, "<a href=\"/game/%lld?ply=%d", f->id, ply);
	put_lang_arg(b, r, false);
	strbuf_puts(b, "\">");
	web_put_text(b, text);
	strbuf_puts(b, "</a> ");
}

static void put_steps(struct strbuf *b, const struct web_request *r,
		      const struct match_full *f, int shown)
{
	strbuf_puts(b, "<nav class=\"steps\">");
	put_ply_link(b, r, f, 0, shown, _("Start"));
	put_ply_link(b, r, f, shown - 1, shown, _("Previous"));
	strbuf_printf(b, "<span id=\"ply\">%d / %d</span> ", shown, f->nmoves);
	put_ply_link(b, r, f, shown + 1, shown, _("Next"));
	put_ply_link(b, r, f, f->nmoves, shown, _("End"));
	strbuf_puts(b, "</nav>\n");
}

/* Black's chance to win after judged move m, per cent. */
static double black_chance(const struct analyze_move *m)
{
	return m->colour == STONE_BLACK ? m->after : 100.0 - m->after;
}

/* A judged move's mark in words ("" for a good move or the opening's). */
static const char *mark_words(const struct analyze_move *m, int skip)
{
	static const char *const words[ANALYZE_MARKS] = {
		"", N_("inaccuracy"), N_("mistake"), N_("blunder")};

	if (m->number <= skip || m->mark <= ANALYZE_GOOD ||
	    m->mark >= ANALYZE_MARKS)
		return "";
	return _(words[m->mark]);
}

/* The analysis's cells of move i: black's chance after it, its mark. */
static void put_judged_cells(struct strbuf *b, const struct match_full *f,
			     const struct analyze_move *an, int nan, int i)
{
	int skip = f->game.opening == OPENING_SWAP2 ? f->opening_stones : 0;

	if (nan <= 0)
		return;
	if (i >= nan) {
		strbuf_puts(b, "<td></td><td></td>");
		return;
	}
	strbuf_printf(b,
		      "<td class=\"num\">%.0f%%</td><td class=\"mark "
		      "mark%d\">",
		      black_chance(&an[i]),
		      an[i].number <= skip ? 0 : an[i].mark);
	web_put_text(b, mark_words(&an[i], skip));
	strbuf_puts(b, "</td>");
}

/* The move list: each move, linked to the position after it, with the
 * time it took and the mover's clock after it (where one is kept), and
 * the analysis's chance and mark where there is one. */
static void put_moves(struct strbuf *b, const struct web_request *r,
		      const struct match_full *f, int shown,
		      const struct analyze_move *an, int nan)
{
	static const char *const titles[] = {
		N_("Ply"),   N_("Move"),	   N_("Time"),
		N_("Clock"), N_("Black's chance"), N_("Mark")};
	char text[32], notation[NOTATION_MOVE_LEN];
	long long took;
	int i;

	strbuf_puts(b, "<table id=\"moves\">\n");
	put_header_row(b, titles, nan > 0 ? 6 : 4);
	strbuf_puts(b, "<tbody>\n");
	for (i = 0; i < f->nmoves; i++) {
		strbuf_printf(b, "<tr%s><td class=\"num\">%d</td><td>",
			      i + 1 == shown ? " class=\"shown\"" : "", i + 1);
		notation_format(f->moves[i].row, f->moves[i].col, notation);
		snprintf(text, sizeof(text), "%s %s",
			 i % 2 == 0 ? "\xe2\x97\x8f" : "\xe2\x97\x8b",
			 notation);
		put_ply_link(b, r, f, i + 1, -1, text);
		took = f->move_ms[i] - (i > 0 ? f->move_ms[i - 1] : 0);
		if (clock_format(took, text, sizeof(text)) != 0)
			text[0] = '\0';
		strbuf_printf(
			b, "</td><td class=\"num\">%s</td><td class=\"num\">",
			text);
		if (f->move_left_ms[i] >= 0 &&
		    clock_format(f->move_left_ms[i], text, sizeof(text)) == 0)
			strbuf_puts(b, text);
		strbuf_puts(b, "</td>");
		put_judged_cells(b, f, an, nan, i);
		strbuf_puts(b, "</tr>\n");
	}
	strbuf_puts(b, "</tbody></table>\n");
}

/* The evaluation graph: black's chance after each judged move (a line
 * from 100% at the top to 0% at the bottom, 50% marked), the marked
 * moves as dots, the shown position as a vertical line. */
static void put_graph(struct strbuf *b, const struct analyze_move *an, int nan,
		      int shown, int skip)
{
	int i;

	strbuf_printf(b,
		      "<svg id=\"graph\" role=\"img\" viewBox=\"0 0 %d %d\" "
		      "xmlns=\"http://www.w3.org/2000/svg\"><title>",
		      GRAPH_W, GRAPH_H);
	web_put_text(b, _("Black's chance to win, move by move"));
	strbuf_printf(b,
		      "</title>\n<line class=\"half\" x1=\"0\" y1=\"%d\" "
		      "x2=\"%d\" y2=\"%d\"/>\n",
		      GRAPH_H / 2, GRAPH_W, GRAPH_H / 2);
	if (shown > 0 && shown <= nan)
		strbuf_printf(b,
			      "<line class=\"shown\" x1=\"%.1f\" y1=\"0\" "
			      "x2=\"%.1f\" y2=\"%d\"/>\n",
			      graph_x(shown - 1, nan), graph_x(shown - 1, nan),
			      GRAPH_H);
	strbuf_puts(b, "<polyline class=\"chance\" points=\"");
	for (i = 0; i < nan; i++)
		strbuf_printf(b, "%s%.1f,%.1f", i > 0 ? " " : "",
			      graph_x(i, nan), graph_y(black_chance(&an[i])));
	strbuf_puts(b, "\"/>\n");
	for (i = 0; i < nan; i++)
		if (an[i].number > skip && an[i].mark > ANALYZE_GOOD &&
		    an[i].mark < ANALYZE_MARKS)
			strbuf_printf(b,
				      "<circle class=\"mark%d\" cx=\"%.1f\" "
				      "cy=\"%.1f\" r=\"4\"/>\n",
				      an[i].mark, graph_x(i, nan),
				      graph_y(black_chance(&an[i])));
	strbuf_puts(b, "</svg>\n");
}

/* The stored analysis: each side's accuracy, then the graph. */
static void put_analysis(struct strbuf *b, const struct match_full *f,
			 const struct analyze_move *an, int nan, int shown)
{
	int skip = f->game.opening == OPENING_SWAP2 ? f->opening_stones : 0;
	struct analyze_summary sb, sw;
	char text[128];

	analyze_summarise(an, nan, STONE_BLACK, skip, &sb);
	analyze_summarise(an, nan, STONE_WHITE, skip, &sw);
	strbuf_puts(b, "<h2>");
	web_put_text(b, _("The computer's analysis"));
	strbuf_puts(b, "</h2>\n<p id=\"accuracy\">");
	snprintf(text, sizeof(text), _("Accuracy: %s %.0f%%, %s %.0f%%"),
		 "\xe2\x97\x8f", sb.accuracy, "\xe2\x97\x8b", sw.accuracy);
	web_put_text(b, text);
	strbuf_puts(b, "</p>\n");
	put_graph(b, an, nan, shown, skip);
}

/* Who plays, the game's shape, how it ended, the PSQ file. */
static void put_game_facts(struct strbuf *b, const struct web_request *r,
			   const struct match_full *f)
{
	const char *note = f->kind == MATCH_RANKED
				   ? words_counted(f->casual, f->unrated)
				   : "";
	char date[16], why[64];

	strbuf_puts(b, "<p class=\"sides\">\xe2\x97\x8f ");
	put_side(b, r, f, STONE_BLACK);
	strbuf_puts(b, " \xe2\x80\x93 \xe2\x97\x8b ");
	put_side(b, r, f, STONE_WHITE);
	strbuf_printf(b, "</p>\n<p class=\"facts\">%s, ",
		      date_text(f->started_at, date));
	web_put_text(b, words_variant(f->game.variant.name));
	strbuf_printf(b, " %dx%d, ", f->game.variant.rows,
		      f->game.variant.cols);
	web_put_text(b, words_rule(f->game.variant.rule, f->game.variant.k, why,
				   sizeof(why)));
	strbuf_puts(b, "</p>\n<p id=\"result\">");
	web_put_text(b, result_words(f));
	if (f->status == MATCH_STATUS_FINISHED) {
		strbuf_puts(b, " (");
		web_put_text(b,
			     words_reason(f->reason, f->result,
					  f->game.variant.k, why, sizeof(why)));
		strbuf_puts(b, ")");
	}
	if (note[0] != '\0') {
		strbuf_puts(b, ", ");
		web_put_text(b, note);
	}
	strbuf_printf(b, "</p>\n<p><a download href=\"/game/%lld.psq\">",
		      f->id);
	web_put_text(b, _("Download the game (PSQ)"));
	strbuf_puts(b, "</a></p>\n");
}

void web_page_game(struct strbuf *b, const struct web_request *r,
		   const struct match_full *f, const struct analyze_move *an,
		   int nan)
{
	int shown = r->ply < 0 || r->ply > f->nmoves ? f->nmoves : r->ply;
	char title[64];

	snprintf(title, sizeof(title), _("Match %lld"), f->id);
	page_begin(b, r, title, NULL);
	put_game_facts(b, r, f);
	strbuf_puts(b, "<div class=\"game\"><div class=\"board\">\n");
	put_board(b, f, shown);
	put_steps(b, r, f, shown);
	strbuf_puts(b, "</div><div class=\"moves\">\n");
	put_moves(b, r, f, shown, an, nan);
	strbuf_puts(b, "</div></div>\n");
	if (nan > 0)
		put_analysis(b, f, an, nan, shown);
	if (f->status == MATCH_STATUS_UNFINISHED && f->kind != MATCH_IMPORTED &&
	    r->ply < 0) {
		strbuf_printf(b,
			      "<p id=\"live\" data-events=\"/game/%lld/"
			      "events\">",
			      f->id);
		web_put_text(b, _("This page follows the game as it is "
				  "played."));
		strbuf_puts(b, "</p>\n<script src=\"/live.js\" defer></script>"
			       "\n");
	}
	page_end(b);
}

void web_event(struct strbuf *b, const struct match_now *m)
{
	const char *status = match_status_word(m->status);

	strbuf_printf(b,
		      "event: %s\ndata: {\"moves\": %d, \"status\": \"%s\", "
		      "\"at\": %lld}\n\n",
		      m->status == MATCH_STATUS_UNFINISHED ? "move" : "end",
		      m->nmoves, status != NULL ? status : "",
		      m->nmoves > 0 ? m->turn_started_ms : 0LL);
}

/* ==== Errors and the stylesheet ========================================== */

void web_page_error(struct strbuf *b, const struct web_request *r)
{
	const char *title = _("Bad request"),
		   *text = _("The address asks for something that is not "
			     "valid here.");

	if (r->page == WEB_NOT_FOUND) {
		title = _("Not found");
		text = _("There is no such page in the club.");
	} else if (r->page == WEB_UNAVAILABLE) {
		title = _("Unavailable");
		text = _("The club's records cannot be read just now. Try "
			 "again in a moment.");
	} else if (r->page == WEB_FULL) {
		title = _("Unavailable");
		text = _("Too many browsers follow live games just now. Try "
			 "again in a minute.");
	} else if (r->page == WEB_TOO_MANY) {
		title = _("Too many");
		text = _("Too many live games are being followed from your "
			 "address. Close one and try again.");
	}
	page_begin(b, r, title, NULL);
	strbuf_puts(b, "<p>");
	web_put_text(b, text);
	strbuf_puts(b, "</p>\n<p><a href=\"/");
	put_lang_arg(b, r, true);
	strbuf_puts(b, "\">");
	web_put_text(b, _("Leaderboard"));
	strbuf_puts(b, "</a></p>\n");
	page_end(b);
}

const char *web_page_script(void)
{
	return "(function () {\n"
	       "  var live = document.getElementById('live');\n"
	       "  if (!live || !window.EventSource || !window.fetch) return;\n"
	       "  var events = new EventSource(live.getAttribute("
	       "'data-events'));\n"
	       "  function show(e) {\n"
	       "    var at = JSON.parse(e.data).at;\n"
	       "    fetch(location.href, {cache: 'no-store'})\n"
	       "      .then(function (r) { return r.text(); })\n"
	       "      .then(function (text) {\n"
	       "        var page = new DOMParser().parseFromString(text, "
	       "'text/html');\n"
	       "        document.querySelector('main').innerHTML =\n"
	       "          page.querySelector('main').innerHTML;\n"
	       "        if (at > 0) document.documentElement.setAttribute(\n"
	       "          'data-delay-ms', String(Date.now() - at));\n"
	       "      });\n"
	       "  }\n"
	       "  events.addEventListener('move', show);\n"
	       "  events.addEventListener('end', function (e) {\n"
	       "    events.close();\n"
	       "    show(e);\n"
	       "  });\n"
	       "})();\n";
}

const char *web_page_style(void)
{
	return "body{font-family:system-ui,sans-serif;margin:0 auto;"
	       "max-width:60rem;padding:0 .75rem;color:#222;background:#fff}\n"
	       "header{display:flex;justify-content:space-between;"
	       "align-items:center;padding:.5rem 0;border-bottom:1px solid "
	       "#ccc}\n"
	       ".site{font-weight:bold;text-decoration:none;color:#222}\n"
	       "table{border-collapse:collapse;margin:.5rem 0}\n"
	       "th,td{padding:.2rem .5rem;border-bottom:1px solid #eee;"
	       "text-align:left}\n"
	       ".num{text-align:right;font-variant-numeric:tabular-nums}\n"
	       ".scroll{overflow-x:auto}\n"
	       ":is(#leaderboard,#games,#opponents) "
	       "td{overflow-wrap:anywhere}\n"
	       "@media (max-width:40rem){"
	       "#leaderboard :is(th,td):is(:nth-child(3),:nth-child(5),"
	       ":nth-child(6),:nth-child(7),:nth-child(10)),"
	       "#games :is(th,td):is(:nth-child(2),:nth-child(5),"
	       ":nth-child(7)),"
	       "#moves :is(th,td):is(:nth-child(3),:nth-child(4))"
	       "{display:none}}\n"
	       "nav.rules a,nav.rules strong,nav.steps a,nav.steps span"
	       "{margin-right:.6rem}\n"
	       ".record{display:grid;grid-template-columns:max-content auto;"
	       "gap:.1rem 1rem}\n.record dd{margin:0}\n"
	       ".game{display:flex;flex-wrap:wrap;gap:1rem}\n"
	       ".board{flex:1 1 24rem;max-width:40rem}\n"
	       "#board{width:100%;height:auto;background:#dcb35c}\n"
	       "#board line{stroke:#333;stroke-width:1}\n"
	       "#board .label{font-size:12px;text-anchor:middle;fill:#333}\n"
	       "#board .black{fill:#111}\n"
	       "#board .white{fill:#fafafa;stroke:#333;stroke-width:1}\n"
	       "#board .last{fill:#d22}\n"
	       "#board .win{fill:none;stroke:#2a2;stroke-width:3}\n"
	       "tr.shown{background:#fe9}\n"
	       "#graph,#rating-graph{width:100%;max-width:40rem;height:auto;"
	       "background:#f6f6f6}\n"
	       "#rating-graph .chance{fill:none;stroke:#225;stroke-width:2}\n"
	       "#rating-graph .label{font-size:11px;fill:#555}\n"
	       "#graph .half{stroke:#bbb;stroke-dasharray:4}\n"
	       "#graph .shown{stroke:#c90}\n"
	       "#graph .chance{fill:none;stroke:#222;stroke-width:2}\n"
	       "#graph .mark1,.mark.mark1{fill:#c90;color:#a70}\n"
	       "#graph .mark2,.mark.mark2{fill:#d60;color:#c50}\n"
	       "#graph .mark3,.mark.mark3{fill:#d22;color:#c11}\n"
	       "footer{margin:2rem 0 1rem;color:#777;font-size:.85rem}\n";
}
