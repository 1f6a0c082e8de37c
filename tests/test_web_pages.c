/* test_web_pages.c -- unit tests for src/web_pages.c: the one escaping
 * function (markup, quotes, ampersands, bidirectional controls,
 * combining marks, bytes that are not UTF-8), URL parts, what a request
 * asks (paths, parameters, languages), and the pages rendered from
 * plain values with hostile names in them. No server, no database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "notation.h"
#include "web_pages.h"

#define FFFD "\xef\xbf\xbd"

static int init(void)
{
	return 0;
}

static int cleanup(void)
{
	return 0;
}

/* Assert with the caller's line and a message in the failure report. */
#define CHECK_AT(cond, line, what)                                             \
	CU_assertImplementation((cond), (unsigned int)(line), (what),          \
				__FILE__, "", CU_FALSE)

/* web_put_text(in) must give exactly `want`. */
static void escaped_is(const char *in, const char *want, int line)
{
	struct strbuf b;

	strbuf_init(&b, WEB_PAGE_MAX);
	web_put_text(&b, in);
	CHECK_AT(!b.failed, line, "the buffer did not fail");
	CHECK_AT(strcmp(b.data != NULL ? b.data : "", want) == 0, line, want);
	strbuf_release(&b);
}

#define ESCAPED(in, want) escaped_is(in, want, __LINE__)

static void test_escape_markup(void)
{
	ESCAPED("<script>alert('x')</script>",
		"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
	ESCAPED("\"><img src=x onerror=alert(1)>",
		"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
	ESCAPED("Tom & Jerry &amp;", "Tom &amp; Jerry &amp;amp;");
	ESCAPED("plain text", "plain text");
	ESCAPED("", "");
}

static void test_escape_bidi_and_controls(void)
{
	/* RLO, LRI, PDI, RLM, ALM: shown as U+FFFD, reordering nothing */
	ESCAPED("a\xe2\x80\xae"
		"b",
		"a" FFFD "b");
	ESCAPED("\xe2\x81\xa6x\xe2\x81\xa9", FFFD "x" FFFD);
	ESCAPED("\xe2\x80\x8f\xd8\x9c", FFFD FFFD);
	/* C0 (but tab and line feed), DEL and C1 */
	ESCAPED("a\x01\x1b[31m\x7f"
		"b",
		"a" FFFD FFFD "[31m" FFFD "b");
	ESCAPED("a\tb\nc", "a\tb\nc");
	ESCAPED("\xc2\x85", FFFD);
}

static void test_escape_keeps_text(void)
{
	/* combining marks, CJK, an emoji and right-to-left letters stay */
	ESCAPED("e\xcc\x81", "e\xcc\x81");
	ESCAPED("\xcc\x81\xcc\x81start", "\xcc\x81\xcc\x81start");
	ESCAPED("\xe5\xb0\x8f\xe6\x98\x8e", "\xe5\xb0\x8f\xe6\x98\x8e");
	ESCAPED("\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	ESCAPED("\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d",
		"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d");
}

static void test_escape_bad_utf8(void)
{
	ESCAPED("a\xff"
		"b",
		"a" FFFD "b");
	ESCAPED("\xc0\xaf", FFFD FFFD);			  /* overlong '/' */
	ESCAPED("\xed\xa0\x80", FFFD FFFD FFFD);	  /* a surrogate */
	ESCAPED("\xe5\xb0", FFFD FFFD);			  /* cut short */
	ESCAPED("\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD); /* past U+10FFFF */
	ESCAPED("\xe5<", FFFD "&lt;"); /* no markup hides in a sequence */
}

static void test_escape_null(void)
{
	struct strbuf b;

	strbuf_init(&b, WEB_PAGE_MAX);
	web_put_text(&b, NULL);
	CU_ASSERT_EQUAL(b.len, 0);
	strbuf_release(&b);
}

static void test_url(void)
{
	struct strbuf b;

	strbuf_init(&b, WEB_PAGE_MAX);
	web_put_url(&b, "a b/\xc3\xa9?&=\"<-._~Z9");
	CU_ASSERT_STRING_EQUAL(b.data, "a%20b%2F%C3%A9%3F%26%3D%22%3C-._~Z9");
	strbuf_release(&b);
}

static void test_buffer_bound(void)
{
	char *big = malloc(WEB_PAGE_MAX / 2 + 1);
	struct strbuf b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	memset(big, 'x', WEB_PAGE_MAX / 2);
	big[WEB_PAGE_MAX / 2] = '\0';
	strbuf_init(&b, WEB_PAGE_MAX);
	strbuf_puts(&b, big);
	CU_ASSERT_FALSE(b.failed);
	strbuf_puts(&b, big);
	CU_ASSERT_TRUE(b.failed);
	strbuf_puts(&b, "more");
	CU_ASSERT_TRUE(b.len <= WEB_PAGE_MAX);
	strbuf_release(&b);
	free(big);
}

/* ==== Requests ============================================================ */

/* Parse path with ?ply= and ?rule= values; return the page. */
static enum web_page page_of(const char *path, const char *ply,
			     const char *rule, struct web_request *r)
{
	web_request_parse(r, path, NULL, ply, rule, NULL);
	return r->page;
}

static void test_request_paths(void)
{
	struct web_request r;

	CU_ASSERT_EQUAL(page_of("/", NULL, NULL, &r), WEB_HOME);
	CU_ASSERT_EQUAL(r.rule, -1);
	CU_ASSERT_EQUAL(page_of("/style.css", NULL, NULL, &r), WEB_STYLE);
	CU_ASSERT_EQUAL(page_of("/player/alice", NULL, NULL, &r), WEB_PLAYER);
	CU_ASSERT_STRING_EQUAL(r.username, "alice");
	CU_ASSERT_EQUAL(page_of("/game/12", NULL, NULL, &r), WEB_GAME);
	CU_ASSERT_EQUAL(r.match_id, 12);
	CU_ASSERT_EQUAL(r.ply, -1);
	CU_ASSERT_EQUAL(page_of("/game/12.psq", NULL, NULL, &r), WEB_GAME_PSQ);
	CU_ASSERT_EQUAL(r.match_id, 12);
	CU_ASSERT_EQUAL(page_of("/game/12/events", NULL, NULL, &r),
			WEB_GAME_EVENTS);
	CU_ASSERT_EQUAL(r.match_id, 12);
	CU_ASSERT_EQUAL(page_of("/live.js", NULL, NULL, &r), WEB_SCRIPT);
	CU_ASSERT_EQUAL(page_of("/game/12/events/", NULL, NULL, &r),
			WEB_NOT_FOUND);
	CU_ASSERT_EQUAL(page_of("/game/12/live", NULL, NULL, &r),
			WEB_NOT_FOUND);
}

static void test_request_not_found(void)
{
	static const char *const paths[] = {"",
					    "/index.html",
					    "/player/",
					    "/player/a/b",
					    "/player/<x>",
					    "/player/abcdefghijklmnopqrstu",
					    "/game/",
					    "/game/0",
					    "/game/-1",
					    "/game/+1",
					    "/game/01",
					    "/game/1x",
					    "/game/1.psqx",
					    "/game/1/",
					    "/game/99999999999999999999",
					    "/style.css/",
					    "//",
					    "/../etc/passwd",
					    "/player/../../x"};
	struct web_request r;
	char long_path[WEB_PATH_MAX + 2];
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		CHECK_AT(page_of(paths[i], NULL, NULL, &r) == WEB_NOT_FOUND,
			 __LINE__, paths[i]);
	CU_ASSERT_EQUAL(page_of(NULL, NULL, NULL, &r), WEB_NOT_FOUND);
	memset(long_path, 'a', sizeof(long_path) - 1);
	long_path[0] = '/';
	long_path[sizeof(long_path) - 1] = '\0';
	CU_ASSERT_EQUAL(page_of(long_path, NULL, NULL, &r), WEB_NOT_FOUND);
}

static void test_request_params(void)
{
	struct web_request r;

	CU_ASSERT_EQUAL(page_of("/game/3", "0", NULL, &r), WEB_GAME);
	CU_ASSERT_EQUAL(r.ply, 0);
	CU_ASSERT_EQUAL(page_of("/game/3", "17", NULL, &r), WEB_GAME);
	CU_ASSERT_EQUAL(r.ply, 17);
	CU_ASSERT_EQUAL(page_of("/game/3", "-1", NULL, &r), WEB_BAD_REQUEST);
	CU_ASSERT_EQUAL(page_of("/game/3", "x", NULL, &r), WEB_BAD_REQUEST);
	CU_ASSERT_EQUAL(page_of("/game/3", "", NULL, &r), WEB_BAD_REQUEST);
	CU_ASSERT_EQUAL(page_of("/game/3", "677", NULL, &r), WEB_BAD_REQUEST);
	CU_ASSERT_EQUAL(page_of("/", NULL, "renju", &r), WEB_HOME);
	CU_ASSERT_EQUAL(r.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(page_of("/", NULL, "exact", &r), WEB_HOME);
	CU_ASSERT_EQUAL(r.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(page_of("/", NULL, "chess", &r), WEB_BAD_REQUEST);
	/* a parameter another page has is ignored */
	CU_ASSERT_EQUAL(page_of("/player/bob", "x", "chess", &r), WEB_PLAYER);
}

/* The language of a request with ?lang=`lang` and Accept-Language `h`. */
static enum lang lang_of(const char *lang, const char *h, enum web_page *page)
{
	struct web_request r;

	web_request_parse(&r, "/", lang, NULL, NULL, h);
	*page = r.page;
	return r.lang;
}

static void test_request_language(void)
{
	enum web_page page;

	CU_ASSERT_EQUAL(lang_of(NULL, NULL, &page), LANG_EN);
	CU_ASSERT_EQUAL(lang_of(NULL, "zh-CN,zh;q=0.9,en;q=0.8", &page),
			LANG_ZH);
	CU_ASSERT_EQUAL(lang_of(NULL, "en-US,en;q=0.9,zh;q=0.8", &page),
			LANG_EN);
	CU_ASSERT_EQUAL(lang_of(NULL, "fr, zh-TW;q=0.7, en;q=0.5", &page),
			LANG_ZH);
	CU_ASSERT_EQUAL(lang_of(NULL, "en;q=0.2, zh;q=0.5", &page), LANG_ZH);
	CU_ASSERT_EQUAL(lang_of(NULL, "zh;q=0, en;q=0.1", &page), LANG_EN);
	CU_ASSERT_EQUAL(lang_of(NULL, "de-DE,fr", &page), LANG_EN);
	CU_ASSERT_EQUAL(lang_of(NULL, ";q=,,,zh", &page), LANG_ZH);
	/* ?lang= wins over the header */
	CU_ASSERT_EQUAL(lang_of("en", "zh-CN", &page), LANG_EN);
	CU_ASSERT_EQUAL(lang_of("zh", "en", &page), LANG_ZH);
	CU_ASSERT_EQUAL(page, WEB_HOME);
	lang_of("fr", NULL, &page);
	CU_ASSERT_EQUAL(page, WEB_BAD_REQUEST);
}

/* ==== Pages ================================================================
 */

#define HOSTILE "<script>alert(\"x&y\")</script>\xe2\x80\xae'"

/* A list of two players, one with a hostile nickname and a record. */
static struct plist *two_players(void)
{
	struct plist *l = plist_create();
	struct player_info a = {1, "mallory", HOSTILE,
				0, 0,	      {3, 2, 1, 0, 1, 1530.6}};
	struct player_info b = {2, "bob", "Bob", 0, 0, {3, 1, 2, 0, -1, 1470}};

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_PTR_NOT_NULL(plist_append(l, &a));
	CU_ASSERT_PTR_NOT_NULL(plist_append(l, &b));
	return l;
}

/* How many times `what` is in the page. */
static int count_in(const struct strbuf *b, const char *what)
{
	const char *p = b->data;
	int n = 0;

	while ((p = strstr(p, what)) != NULL) {
		n++;
		p += strlen(what);
	}
	return n;
}

static void test_home_page(void)
{
	struct plist *l = two_players();
	struct player *best[2];
	struct web_online on = {"mallory", HOSTILE, true};
	struct live_match m = {7, MATCH_RANKED, "mallory", "bob",
			       0, "gomoku",	12,	   0};
	struct web_home h = {-1, best, 0, &on, 1, &m, 1};
	struct web_request r;
	struct strbuf b;

	h.nbest = plist_top(l, PLIST_BY_SCORE, 2, best);
	web_request_parse(&r, "/", "zh", NULL, NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_home(&b, &r, &h);
	CU_ASSERT_FALSE_FATAL(b.failed);
	CU_ASSERT_PTR_NULL(strstr(b.data, "<script"));
	CU_ASSERT_PTR_NULL(strstr(b.data, "\xe2\x80\xae"));
	CU_ASSERT_EQUAL(count_in(&b, "&lt;script&gt;alert(&quot;x&amp;y&quot;)"
				     "&lt;/script&gt;" FFFD "&#39;"),
			2); /* the leaderboard and the players online */
	/* mallory (score 1) leads bob (-1); each row links its player */
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data,
				      "<td class=\"num rank\">1</td>"
				      "<td class=\"username\"><a "
				      "class=\"player\" "
				      "href=\"/player/mallory?lang=zh\">"));
	CU_ASSERT_TRUE(strstr(b.data, "/player/mallory") <
		       strstr(b.data, "/player/bob"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "href=\"/game/7?lang=zh\""));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(b.data, "<td class=\"num rating\">1531?"));
	strbuf_release(&b);
	plist_free(l);
}

static void test_player_page(void)
{
	struct plist *l = two_players();
	struct web_game_row g = {5,
				 MATCH_RANKED,
				 MATCH_STATUS_FINISHED,
				 STONE_WHITE,
				 "bob",
				 "Bob<>",
				 0,
				 "gomoku",
				 RESULT_WHITE_WIN,
				 REASON_FIVE,
				 0,
				 9,
				 false,
				 UNRATED_PAIR};
	struct web_opponent o = {"bob", "B&b", 2, 1, 0};
	struct web_player v = {plist_find(l, "mallory"),
			       1,
			       {true, false, false},
			       {{3, 2, 1, 0, 1, 1530}},
			       &g,
			       1,
			       1,
			       &o,
			       1,
			       NULL,
			       0};
	struct web_request r;
	struct strbuf b;

	web_request_parse(&r, "/player/mallory", NULL, NULL, NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_player(&b, &r, &v);
	CU_ASSERT_FALSE_FATAL(b.failed);
	CU_ASSERT_PTR_NULL(strstr(b.data, "<script"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<bdi>Bob&lt;&gt;</bdi>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<bdi>B&amp;b</bdi>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "href=\"/game/5\">5</a>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, ">won (rating unchanged)<"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<dd id=\"rank\">1</dd>"));
	/* the Chinese link keeps the page */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(b.data, "href=\"/player/mallory?lang=zh\""));
	CU_ASSERT_PTR_NULL(strstr(b.data, "rating-graph")); /* no points */
	strbuf_release(&b);
	plist_free(l);
}

/* The rating graph: from RATING_START through each point, the last one
 * written out, scaled between the lowest and highest (10 either side). */
static void test_rating_graph(void)
{
	struct plist *l = two_players();
	struct web_rating_point pts[2] = {{1700000000, 1520.0},
					  {1700086400, 1490.0}};
	struct web_player v;
	struct web_request r;
	struct strbuf b;

	memset(&v, 0, sizeof(v));
	v.p = plist_find(l, "bob");
	v.ratings = pts;
	v.nratings = 2;
	web_request_parse(&r, "/player/bob", NULL, NULL, NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_player(&b, &r, &v);
	CU_ASSERT_FALSE_FATAL(b.failed);
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "data-last=\"1490.0\""));
	/* 1500, 1520, 1490 between 1480 and 1530: y = 8 + 144 * (1530 - r)
	 * / 50 */
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "points=\"8.0,94.4 300.0,36.8 "
					      "592.0,123.2\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "2023-11-14 \xe2\x80\x93 "
					      "2023-11-15"));
	strbuf_release(&b);
	plist_free(l);
}

/* A new 15x15 gomoku match (the caller frees it): `id`, `kind`,
 * `status`, `nmoves` moves stored (their cells the caller's). */
static struct match_full *a_match(long long id, enum match_kind kind,
				  enum match_status status, int nmoves)
{
	struct match_full *f = calloc(1, sizeof(*f));

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	f->id = id;
	f->kind = kind;
	f->status = status;
	f->game.variant = *rules_preset("gomoku");
	f->nmoves = nmoves;
	return f;
}

static void test_game_page(void)
{
	struct match_full *f =
		a_match(4, MATCH_IMPORTED, MATCH_STATUS_FINISHED, 9);
	struct web_request r;
	struct strbuf b;
	char cell[NOTATION_MOVE_LEN + 8];
	int i;

	f->result = RESULT_BLACK_WIN;
	f->reason = REASON_FIVE;
	snprintf(f->black_name, sizeof(f->black_name), "%s", HOSTILE);
	snprintf(f->white_name, sizeof(f->white_name), "W");
	for (i = 0; i < 9; i++) {
		f->moves[i] =
			(struct move){i % 2 == 0 ? 7 : 0,
				      (unsigned char)(i / 2 + 7 * (i % 2))};
		f->move_ms[i] = 1000LL * (i + 1);
		f->move_left_ms[i] = -1;
	}
	web_request_parse(&r, "/game/4", NULL, "3", NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_game(&b, &r, f, NULL, 0);
	CU_ASSERT_FALSE_FATAL(b.failed);
	CU_ASSERT_PTR_NULL(strstr(b.data, "<script"));
	/* three stones after three moves, the last one marked */
	CU_ASSERT_EQUAL(count_in(&b, "<circle class=\"black\""), 2);
	CU_ASSERT_EQUAL(count_in(&b, "<circle class=\"white\""), 1);
	CU_ASSERT_EQUAL(count_in(&b, "<circle class=\"last\""), 1);
	/* every move listed as the terminal writes it, with its link */
	for (i = 0; i < 9; i++) {
		notation_format(f->moves[i].row, f->moves[i].col, cell + 4);
		memcpy(cell, i % 2 == 0 ? "\xe2\x97\x8f " : "\xe2\x97\x8b ", 4);
		CHECK_AT(strstr(b.data, cell) != NULL, __LINE__, cell);
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "href=\"/game/4?ply=4\">Next"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<span id=\"ply\">3 / 9</span>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "href=\"/game/4.psq\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, ">a<")); /* column labels */
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, ">o<"));
	CU_ASSERT_PTR_NULL(strstr(b.data, ">p<"));
	CU_ASSERT_PTR_NULL(strstr(b.data, "id=\"graph\"")); /* no analysis */
	CU_ASSERT_EQUAL(count_in(&b, "<circle class=\"win\""), 0);
	strbuf_release(&b);
	/* at the end, the five that won circled (row 8, a8 to e8) */
	web_request_parse(&r, "/game/4", NULL, "9", NULL, NULL);
	web_page_game(&b, &r, f, NULL, 0);
	CU_ASSERT_FALSE_FATAL(b.failed);
	CU_ASSERT_EQUAL(count_in(&b, "<circle class=\"win\""), 5);
	CU_ASSERT_PTR_NOT_NULL(/* a8: 32 units a cell, 1 from the edge */
			       strstr(b.data, "<circle class=\"win\" cx=\"32\" "
					      "cy=\"256\""));
	strbuf_release(&b);
	free(f);
}

/* A game with its analysis: accuracy, the graph, chances and marks. */
static void test_game_analysis(void)
{
	struct match_full *f =
		a_match(5, MATCH_RANKED, MATCH_STATUS_FINISHED, 3);
	struct analyze_move an[3] = {{1,
				      STONE_BLACK,
				      {7, 7},
				      50,
				      52,
				      0,
				      10,
				      false,
				      {0, 0},
				      ANALYZE_GOOD,
				      false,
				      false},
				     {2,
				      STONE_WHITE,
				      {0, 0},
				      48,
				      10,
				      0,
				      -900,
				      false,
				      {0, 0},
				      ANALYZE_BLUNDER,
				      false,
				      false},
				     {3,
				      STONE_BLACK,
				      {7, 8},
				      90,
				      91,
				      0,
				      950,
				      false,
				      {0, 0},
				      ANALYZE_GOOD,
				      false,
				      false}};
	struct web_request r;
	struct strbuf b;

	f->result = RESULT_BLACK_WIN;
	f->reason = REASON_RESIGN;
	f->moves[0] = an[0].played;
	f->moves[1] = an[1].played;
	f->moves[2] = an[2].played;
	web_request_parse(&r, "/game/5", NULL, NULL, NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_game(&b, &r, f, an, 3);
	CU_ASSERT_FALSE_FATAL(b.failed);
	/* black's chance after each move: 52, 100 - 10 = 90, 91 */
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<td class=\"num\">52%</td>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<td class=\"num\">90%</td>"
					      "<td class=\"mark mark3\">"
					      "blunder</td>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "points=\"8.0,77.1 300.0,22.4 "
					      "592.0,21.0\""));
	CU_ASSERT_EQUAL(count_in(&b, "<circle class=\"mark3\""), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "id=\"accuracy\""));
	strbuf_release(&b);
	free(f);
}

static void test_events(void)
{
	struct match_now m = {.status = MATCH_STATUS_UNFINISHED,
			      .nmoves = 3,
			      .turn_started_ms = 1700000000123LL};
	struct strbuf b;

	strbuf_init(&b, WEB_PAGE_MAX);
	web_event(&b, &m);
	CU_ASSERT_STRING_EQUAL(b.data, "event: move\ndata: {\"moves\": 3, "
				       "\"status\": \"unfinished\", \"at\": "
				       "1700000000123}\n\n");
	strbuf_release(&b);
	m.status = MATCH_STATUS_FINISHED;
	m.nmoves = 0; /* no move: no time of one */
	web_event(&b, &m);
	CU_ASSERT_STRING_EQUAL(b.data, "event: end\ndata: {\"moves\": 0, "
				       "\"status\": \"finished\", \"at\": "
				       "0}\n\n");
	strbuf_release(&b);
}

/* A game being played gets the live script at its last move only. */
static void test_live_game_page(void)
{
	struct match_full *f =
		a_match(8, MATCH_RANKED, MATCH_STATUS_UNFINISHED, 0);
	struct web_request r;
	struct strbuf b;

	web_request_parse(&r, "/game/8", NULL, NULL, NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_game(&b, &r, f, NULL, 0);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(b.data, "data-events=\"/game/8/events\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "<script src=\"/live.js\""));
	strbuf_release(&b);
	web_request_parse(&r, "/game/8", NULL, "0", NULL, NULL);
	web_page_game(&b, &r, f, NULL, 0); /* a step back: no updates */
	CU_ASSERT_PTR_NULL(strstr(b.data, "<script"));
	strbuf_release(&b);
	f->status = MATCH_STATUS_FINISHED;
	f->result = RESULT_DRAW;
	f->reason = REASON_DRAW;
	web_request_parse(&r, "/game/8", NULL, NULL, NULL, NULL);
	web_page_game(&b, &r, f, NULL, 0);
	CU_ASSERT_PTR_NULL(strstr(b.data, "<script"));
	strbuf_release(&b);
	free(f);
}

static void test_error_pages(void)
{
	struct web_request r;
	struct strbuf b;

	web_request_parse(&r, "/nope", NULL, NULL, NULL, NULL);
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_error(&b, &r);
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "Not found"));
	strbuf_release(&b);
	web_request_parse(&r, "/game/1", "xx", NULL, NULL, NULL);
	web_page_error(&b, &r);
	CU_ASSERT_PTR_NOT_NULL(strstr(b.data, "Bad request"));
	strbuf_release(&b);
}

static CU_TestInfo tests[] = {
	{"markup, quotes and & are escaped", test_escape_markup},
	{"bidi and control characters become U+FFFD",
	 test_escape_bidi_and_controls},
	{"combining marks, CJK and RTL letters stay", test_escape_keeps_text},
	{"bytes that are not UTF-8 become U+FFFD", test_escape_bad_utf8},
	{"NULL text appends nothing", test_escape_null},
	{"URL parts are percent-encoded", test_url},
	{"a page stops at WEB_PAGE_MAX", test_buffer_bound},
	{"the paths of the site", test_request_paths},
	{"other paths are not found", test_request_not_found},
	{"ply, rule: valid or a bad request", test_request_params},
	{"?lang= and Accept-Language choose the language",
	 test_request_language},
	{"the home page escapes names and ranks", test_home_page},
	{"a player's page", test_player_page},
	{"a player's rating graph", test_rating_graph},
	{"a game's page: board, moves, steps", test_game_page},
	{"a game's page with its analysis", test_game_analysis},
	{"a live game's events", test_events},
	{"the live script on a game being played, only", test_live_game_page},
	{"the error pages", test_error_pages},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo web_pages_suite = {"web_pages", init, cleanup, NULL, NULL, tests};
