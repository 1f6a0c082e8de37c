/* test_store_query.c -- tests for what the store reads back
 * (src/store_query.c): a player's history, the record against the
 * computer, the imported games, and the records under one rule (with
 * the upgrade that replays the matches into them). Each test uses
 * throw-away databases (tests/store_fixture.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "player.h"
#include "rating.h"
#include "store.h"
#include "store_fixture.h"

/* ==== Histories ========================================================= */

/* The matches the history tests play; their ids in m[7]. Alice's
 * history, newest first: m[5], m[2], m[6], m[1], m[0]. */
static void history_club(struct store *s, const long long ids[3],
			 long long m[7])
{
	struct match_header h;

	h = fx_ranked(ids[0], ids[1], 100);
	h.game.time = fx_time(30, 0, 0);
	m[0] = fx_play(s, &h, 9);
	CU_ASSERT_EQUAL(
		store_match_finish(s, m[0], RESULT_BLACK_WIN, REASON_FIVE, 130),
		STORE_OK);
	h = fx_computer(0, ids[0], 3, 200);
	h.game.variant.name = "gomoku10";
	h.game.variant.rows = h.game.variant.cols = 10;
	h.game.variant.rule = RULE_EXACT;
	m[1] = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_finish(s, m[1], RESULT_WHITE_WIN,
					   REASON_RESIGN, 260),
			STORE_OK);
	h = fx_ranked(ids[1], ids[0], 300);
	m[2] = fx_play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_abandon(s, m[2], 400), STORE_OK);
	h = fx_ranked(ids[2], ids[1], 350);
	m[3] = fx_play(s, &h, 1);
	h = fx_imported(500);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, fx_five_ms,
					   RESULT_BLACK_WIN, REASON_RESIGN,
					   &m[4]),
			STORE_OK);
	h = fx_ranked(ids[0], ids[2], 600);
	m[5] = fx_play(s, &h, 2);
	h = fx_computer(ids[0], 0, 1, 200);
	m[6] = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(
		store_match_finish(s, m[6], RESULT_DRAW, REASON_DRAW, 250),
		STORE_OK);
}

/* Check the rows of alice's whole history (see history_club()). */
static void check_alice_history(const struct fx_seen_list *l,
				const long long ids[3], const long long m[7])
{
	const struct fx_seen *e = l->rows;

	CU_ASSERT_EQUAL_FATAL(l->n, 5);
	CU_ASSERT_EQUAL(e[0].r.id, m[5]);
	CU_ASSERT_EQUAL(e[0].r.status, MATCH_STATUS_UNFINISHED);
	CU_ASSERT_EQUAL(e[0].r.colour, STONE_BLACK);
	CU_ASSERT_EQUAL(e[0].r.opponent_id, ids[2]);
	CU_ASSERT_STRING_EQUAL(e[0].opponent, "carol");
	CU_ASSERT_STRING_EQUAL(e[0].nickname, "Carol");
	CU_ASSERT_EQUAL(e[0].r.result, RESULT_NONE);
	CU_ASSERT_EQUAL(e[0].r.ended_at, 0);
	CU_ASSERT_EQUAL(e[0].r.nmoves, 2);
	CU_ASSERT_EQUAL(e[0].r.duration, 1); /* the 2nd move at 1500 ms */

	CU_ASSERT_EQUAL(e[1].r.id, m[2]);
	CU_ASSERT_EQUAL(e[1].r.status, MATCH_STATUS_ABANDONED);
	CU_ASSERT_EQUAL(e[1].r.colour, STONE_WHITE);
	CU_ASSERT_STRING_EQUAL(e[1].opponent, "bob");
	CU_ASSERT_EQUAL(e[1].r.ended_at, 400);
	CU_ASSERT_EQUAL(e[1].r.nmoves, 4);
	CU_ASSERT_EQUAL(e[1].r.duration, 4); /* the 4th move at 4100 ms */

	CU_ASSERT_EQUAL(e[2].r.id, m[6]); /* same start as m[1], later id */
	CU_ASSERT_EQUAL(e[2].r.kind, MATCH_COMPUTER);
	CU_ASSERT_EQUAL(e[2].r.colour, STONE_BLACK);
	CU_ASSERT_EQUAL(e[2].r.ai_level, 1);
	CU_ASSERT_EQUAL(e[2].r.result, RESULT_DRAW);
	CU_ASSERT_EQUAL(e[2].r.duration, 50);

	CU_ASSERT_EQUAL(e[3].r.id, m[1]);
	CU_ASSERT_EQUAL(e[3].r.kind, MATCH_COMPUTER);
	CU_ASSERT_EQUAL(e[3].r.colour, STONE_WHITE);
	CU_ASSERT_EQUAL(e[3].r.opponent_id, 0);
	CU_ASSERT_STRING_EQUAL(e[3].opponent, "(computer)");
	CU_ASSERT_STRING_EQUAL(e[3].nickname, "(computer)");
	CU_ASSERT_EQUAL(e[3].r.ai_level, 3);
	CU_ASSERT_STRING_EQUAL(e[3].variant, "gomoku10");
	CU_ASSERT_EQUAL(e[3].r.game.variant.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(e[3].r.game.variant.rows, 10);
	CU_ASSERT_EQUAL(e[3].r.result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(e[3].r.reason, REASON_RESIGN);
	CU_ASSERT_EQUAL(e[3].r.nmoves, 3);
	CU_ASSERT_EQUAL(e[3].r.duration, 60);

	CU_ASSERT_EQUAL(e[4].r.id, m[0]);
	CU_ASSERT_EQUAL(e[4].r.kind, MATCH_RANKED);
	CU_ASSERT_EQUAL(e[4].r.status, MATCH_STATUS_FINISHED);
	CU_ASSERT_EQUAL(e[4].r.colour, STONE_BLACK);
	CU_ASSERT_STRING_EQUAL(e[4].opponent, "bob");
	CU_ASSERT_STRING_EQUAL(e[4].variant, "gomoku");
	CU_ASSERT_EQUAL(e[4].r.game.variant.rule, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(e[4].r.game.variant.rows, 15);
	CU_ASSERT_EQUAL(e[4].r.game.variant.cols, 15);
	CU_ASSERT_EQUAL(e[4].r.game.variant.k, 5);
	CU_ASSERT_EQUAL(e[4].r.game.time.per_move, 30);
	CU_ASSERT_EQUAL(e[4].r.result, RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(e[4].r.reason, REASON_FIVE);
	CU_ASSERT_EQUAL(e[4].r.started_at, 100);
	CU_ASSERT_EQUAL(e[4].r.ended_at, 130);
	CU_ASSERT_EQUAL(e[4].r.nmoves, 9);
	CU_ASSERT_EQUAL(e[4].r.duration, 30);
}

/* A player's history: every match they are in, newest first, with the
 * opponent and colour seen from them; pages and the total; imported
 * games in nobody's. */
static void test_history(void)
{
	static struct fx_seen_list l, all;
	long long ids[3], m[7];
	char path[FX_PATH_SIZE];
	struct store *s;
	int i, total;

	s = fx_club(path, ids);
	history_club(s, ids, m);
	CU_ASSERT_EQUAL(fx_history_page(s, ids[0], 0, 10, &all), 5);
	check_alice_history(&all, ids, m);
	for (i = 0; i < 5; i += 2) { /* pages of two agree with the whole */
		CU_ASSERT_EQUAL(fx_history_page(s, ids[0], i, 2, &l), 5);
		CU_ASSERT_EQUAL(l.n, i < 4 ? 2 : 1);
		CU_ASSERT_EQUAL(l.rows[0].r.id, all.rows[i].r.id);
		if (i < 4)
			CU_ASSERT_EQUAL(l.rows[1].r.id, all.rows[i + 1].r.id);
	}
	CU_ASSERT_EQUAL(fx_history_page(s, ids[0], 5, 2, &l), 5);
	CU_ASSERT_EQUAL(l.n, 0);
	CU_ASSERT_EQUAL(fx_history_page(s, ids[0], 0, 0, &l), 5);
	CU_ASSERT_EQUAL(l.n, 0);
	l.stop_after = 1;
	CU_ASSERT_EQUAL(fx_history_page(s, ids[0], 1, 10, &l), 5);
	CU_ASSERT_EQUAL(l.n, 1);
	CU_ASSERT_EQUAL(l.rows[0].r.id, m[2]);
	l.stop_after = 0;

	CU_ASSERT_EQUAL(fx_history_page(s, ids[1], 0, 10, &l), 3);
	CU_ASSERT_EQUAL(l.rows[0].r.id, m[3]);
	CU_ASSERT_EQUAL(l.rows[0].r.colour, STONE_WHITE);
	CU_ASSERT_STRING_EQUAL(l.rows[0].opponent, "carol");
	CU_ASSERT_EQUAL(l.rows[1].r.id, m[2]);
	CU_ASSERT_EQUAL(l.rows[1].r.colour, STONE_BLACK);
	CU_ASSERT_STRING_EQUAL(l.rows[1].opponent, "alice");
	CU_ASSERT_EQUAL(l.rows[2].r.id, m[0]);
	CU_ASSERT_EQUAL(fx_history_page(s, ids[2], 0, 10, &l), 2);
	for (i = 0; i < l.n; i++)
		CU_ASSERT(l.rows[i].r.id != m[4]);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			7);

	total = -7;
	CU_ASSERT_EQUAL(
		store_history(s, 999999, 0, 5, fx_collect_history, &l, &total),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(
		store_history(s, ids[0], -1, 5, fx_collect_history, &l, &total),
		STORE_ERR);
	CU_ASSERT_EQUAL(
		store_history(s, ids[0], 0, -1, fx_collect_history, &l, &total),
		STORE_ERR);
	CU_ASSERT_EQUAL(total, -7);
	store_close(s);
}

/* Matches that started in the same second are listed newest id first,
 * whichever colour the player had. */
static void test_history_ties(void)
{
	static struct fx_seen_list l;
	long long ids[3], m[6];
	struct match_header h;
	char path[FX_PATH_SIZE];
	struct store *s;
	int i;

	s = fx_club(path, ids);
	for (i = 0; i < 6; i++) {
		h = i % 3 == 0	 ? fx_ranked(ids[0], ids[1], 500)
		    : i % 3 == 1 ? fx_ranked(ids[2], ids[0], 500)
				 : fx_computer(0, ids[0], 2, 500);
		m[i] = fx_play(s, &h, 0);
		/* ended: two players have one unfinished match at most */
		if (h.kind == MATCH_RANKED)
			CU_ASSERT_EQUAL(store_match_abandon(s, m[i], 500),
					STORE_OK);
	}
	CU_ASSERT_EQUAL(fx_history_page(s, ids[0], 0, 10, &l), 6);
	CU_ASSERT_EQUAL_FATAL(l.n, 6);
	for (i = 0; i < 6; i++)
		CU_ASSERT_EQUAL(l.rows[i].r.id, m[5 - i]);
	store_close(s);
}

/* A player's unfinished matches, the most recently active first, with
 * whose turn it is (by the colours, or the swap2 opening); finished,
 * abandoned and other players' matches are not listed. */
static void test_unfinished_list(void)
{
	static struct fx_seen_list l;
	long long ids[3], ab, ac, cpu, bc, done;
	struct match_header h;
	char path[FX_PATH_SIZE];
	struct store *s = fx_club(path, ids);

	h = fx_ranked(ids[0], ids[1], 500); /* alice black, 2 moves */
	ab = fx_play(s, &h, 2);
	h = fx_ranked(ids[2], ids[0], 600); /* carol black: alice white */
	h.game.opening = OPENING_SWAP2;	    /* carol places the three */
	ac = fx_play(s, &h, 3);		    /* alice chooses now */
	h = fx_computer(0, ids[0], 2, 700); /* alice white, 1 move */
	cpu = fx_play(s, &h, 1);
	h = fx_ranked(ids[1], ids[2], 800); /* not alice's */
	bc = fx_play(s, &h, 0);
	h = fx_computer(ids[0], 0, 3, 900);
	done = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_abandon(s, done, 950), STORE_OK);
	CU_ASSERT_NOT_EQUAL(bc, 0);
	CU_ASSERT_EQUAL(store_unfinished(s, ids[0], 10, fx_collect_history, &l),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(l.n, 3);
	CU_ASSERT_EQUAL(l.rows[0].r.id, cpu); /* the newest */
	CU_ASSERT_TRUE(l.rows[0].r.my_turn);
	CU_ASSERT_EQUAL(l.rows[0].r.opponent_id, 0);
	CU_ASSERT_EQUAL(l.rows[1].r.id, ac);
	CU_ASSERT_TRUE(l.rows[1].r.my_turn);
	CU_ASSERT_EQUAL(l.rows[1].r.opponent_id, ids[2]);
	CU_ASSERT_EQUAL(l.rows[2].r.id, ab);
	CU_ASSERT_TRUE(l.rows[2].r.my_turn);
	l.n = 0;
	CU_ASSERT_EQUAL(store_unfinished(s, ids[1], 10, fx_collect_history, &l),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(l.n, 2);
	CU_ASSERT_EQUAL(l.rows[0].r.id, ab); /* moved now; bc at its start */
	CU_ASSERT_FALSE(l.rows[0].r.my_turn);
	CU_ASSERT_EQUAL(l.rows[1].r.id, bc);
	CU_ASSERT_TRUE(l.rows[1].r.my_turn); /* bob black, no move yet */
	l.n = 0;
	CU_ASSERT_EQUAL(store_unfinished(s, ids[0], 1, fx_collect_history, &l),
			STORE_OK);
	CU_ASSERT_EQUAL(l.n, 1);
	CU_ASSERT_EQUAL(store_unfinished(s, ids[0], -1, fx_collect_history, &l),
			STORE_ERR);
	store_close(s);
}

/* ==== Records against the computer ====================================== */

/* Finish a game of player `p` (black when `black`) against computer
 * `level` with `result`. */
static void computer_game(struct store *s, long long p, int black, int level,
			  enum match_result result)
{
	struct match_header h =
		fx_computer(black ? p : 0, black ? 0 : p, level, 100);
	long long id = fx_play(s, &h, 1);

	CU_ASSERT_EQUAL(store_match_finish(s, id, result,
					   result == RESULT_DRAW
						   ? REASON_DRAW
						   : REASON_RESIGN,
					   200),
			STORE_OK);
}

/* Expect player `p`'s record against `level` to be w/l/d. */
static void expect_computer(struct store *s, long long p, int level, int w,
			    int l, int d)
{
	int wins = -1, losses = -1, draws = -1;

	CU_ASSERT_EQUAL(
		store_computer_record(s, p, level, &wins, &losses, &draws),
		STORE_OK);
	CU_ASSERT_EQUAL(wins, w);
	CU_ASSERT_EQUAL(losses, l);
	CU_ASSERT_EQUAL(draws, d);
}

/* Games against the computer count per level, from the player's side,
 * only when finished, and never touch the players' counters. */
static void test_computer_record(void)
{
	struct player_record a, b;
	struct match_header h;
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s;
	int w = 0;

	s = fx_club(path, ids);
	a = fx_record_of(s, ids[0]);
	b = fx_record_of(s, ids[1]);
	computer_game(s, ids[0], 0, 3, RESULT_WHITE_WIN); /* won */
	computer_game(s, ids[0], 1, 3, RESULT_WHITE_WIN); /* lost */
	computer_game(s, ids[0], 1, 3, RESULT_DRAW);
	computer_game(s, ids[0], 1, 3, RESULT_BLACK_WIN); /* won */
	computer_game(s, ids[0], 1, 1, RESULT_WHITE_WIN); /* lost */
	computer_game(s, ids[1], 1, 3, RESULT_BLACK_WIN);
	h = fx_computer(ids[0], 0, 3, 300);
	id = fx_play(s, &h, 0); /* unfinished */
	h = fx_computer(0, ids[0], 3, 300);
	id = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 400), STORE_OK);
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &id);
	fx_assert_record(fx_record_of(s, ids[0]), fx_expect_after(a, &b, 1.0));
	fx_assert_record(fx_record_of(s, ids[1]), fx_expect_after(b, &a, 0.0));

	expect_computer(s, ids[0], 3, 2, 1, 1);
	expect_computer(s, ids[0], 1, 0, 1, 0);
	expect_computer(s, ids[0], 5, 0, 0, 0);
	expect_computer(s, ids[1], 3, 1, 0, 0);
	expect_computer(s, ids[2], 3, 0, 0, 0);
	CU_ASSERT_EQUAL(store_computer_record(s, ids[0], 0, &w, &w, &w),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_computer_record(s, ids[0], 6, &w, &w, &w),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_computer_record(s, 999999, 3, &w, &w, &w),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(w, 0);
	store_close(s);
}

/* ==== Imported games ==================================================== */

/* Ids and moves of the imported games store_imported() listed. */
struct imported_seen {
	long long id[8];
	int nmoves[8];
	char black[8][STORE_NAME_MAX + 1];
	int n, stop_after;
};

static int collect_imported(void *ctx, const struct imported_row *r)
{
	struct imported_seen *l = ctx;

	if (l->n < 8) {
		l->id[l->n] = r->id;
		l->nmoves[l->n] = r->nmoves;
		snprintf(l->black[l->n], sizeof(l->black[0]), "%s",
			 r->black_name);
		l->n++;
	}
	return l->stop_after > 0 && l->n >= l->stop_after;
}

/* The imported games are listed newest first, in pages, with their
 * names and moves; the players' matches (six in the club) are not among
 * them. */
static void test_imported_list(void)
{
	struct imported_seen l = {0};
	struct match_header h;
	long long ids[3], m[7], a, b, c;
	char path[FX_PATH_SIZE];
	struct store *s;
	int total = -1;

	s = fx_club(path, ids);
	history_club(s, ids, m);
	CU_ASSERT_EQUAL(store_imported(s, 0, 5, collect_imported, &l, &total),
			STORE_OK);
	CU_ASSERT_EQUAL(total, 1); /* the club's one, m[4] */
	CU_ASSERT(l.n == 1 && l.id[0] == m[4] && l.nmoves[0] == 3);
	l.n = 0;
	h = fx_imported(7000);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 9, fx_five_moves, fx_five_ms,
					   RESULT_BLACK_WIN, REASON_FIVE, &a),
			STORE_OK);
	h = fx_imported(9000);
	h.black_name = "Newer";
	CU_ASSERT_EQUAL(store_match_import(s, &h, 2, fx_five_moves, NULL,
					   RESULT_DRAW, REASON_DRAW, &b),
			STORE_OK);
	h = fx_imported(8000);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, NULL,
					   RESULT_NONE, REASON_NONE, &c),
			STORE_OK);
	CU_ASSERT_EQUAL(store_imported(s, 0, 5, collect_imported, &l, &total),
			STORE_OK);
	CU_ASSERT_EQUAL(total, 4);
	CU_ASSERT_EQUAL_FATAL(l.n, 4);
	CU_ASSERT(l.id[0] == b && l.id[1] == c && l.id[2] == a &&
		  l.id[3] == m[4]);
	CU_ASSERT_STRING_EQUAL(l.black[0], "Newer");
	CU_ASSERT_STRING_EQUAL(l.black[2], "Black Brain");
	CU_ASSERT(l.nmoves[0] == 2 && l.nmoves[1] == 3 && l.nmoves[2] == 9);
	l = (struct imported_seen){.stop_after = 1};
	CU_ASSERT_EQUAL(store_imported(s, 1, 5, collect_imported, &l, &total),
			STORE_OK);
	CU_ASSERT(l.n == 1 && l.id[0] == c);
	l.n = 0;
	CU_ASSERT_EQUAL(store_imported(s, 0, 0, NULL, NULL, &total), STORE_OK);
	CU_ASSERT_EQUAL(total, 4);
	total = -7;
	CU_ASSERT_EQUAL(store_imported(s, -1, 5, collect_imported, &l, &total),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_imported(s, 0, 5, NULL, NULL, &total), STORE_ERR);
	CU_ASSERT_EQUAL(total, -7);
	store_close(s);
}

/* ==== Records under one rule =========================================== */

/* A rule's records as rule_records holds them (fx_rule_records()). */
struct rule_rows {
	struct fx_rule_row row[8];
	int n;
};

/* Read `rule`'s records into *r. */
static void read_rule_rows(struct store *s, enum rule rule, struct rule_rows *r)
{
	r->n = fx_rule_records(s, rule, r->row, 8);
}

/* The records of alice, bob and carol (ids[0..2]) under one rule, as
 * the test expects them. */
struct rule_model {
	struct player_record rec[3];
};

/* A model where nobody has played under the rule yet. */
static struct rule_model rule_model_start(void)
{
	struct rule_model m;
	int i;

	memset(&m, 0, sizeof m);
	for (i = 0; i < 3; i++)
		m.rec[i].rating = RATING_START;
	return m;
}

/* Count a game of player index b (black) against w ending in `result`
 * into the model, as Elo does: both changes from the values before. */
static void rule_model_count(struct rule_model *m, int b, int w,
			     enum match_result result)
{
	struct player_record black = m->rec[b], white = m->rec[w];
	double bs = result == RESULT_BLACK_WIN	 ? 1.0
		    : result == RESULT_WHITE_WIN ? 0.0
						 : 0.5;

	m->rec[b] = fx_expect_after(black, &white, bs);
	m->rec[w] = fx_expect_after(white, &black, 1.0 - bs);
}

/* Start a ranked match under `rule` between players ids[b] (black) and
 * ids[w] and end it: finished with `result` and `reason` (counted into
 * the model), or abandoned when result is RESULT_NONE. */
static void rule_game(struct store *s, const long long ids[3], int b, int w,
		      enum rule rule, enum match_result result,
		      enum match_reason reason, struct rule_model *m)
{
	struct match_header h = fx_ranked(ids[b], ids[w], 1000);
	long long id;

	h.game.variant.rule = rule;
	h.forbidden_loses = reason == REASON_FORBIDDEN;
	id = fx_play(s, &h, 2);
	if (result == RESULT_NONE) {
		CU_ASSERT_EQUAL(store_match_abandon(s, id, 1100), STORE_OK);
	} else {
		CU_ASSERT_EQUAL(store_match_finish(s, id, result, reason, 1100),
				STORE_OK);
		rule_model_count(m, b, w, result);
	}
}

/* Assert that row i of r is player `id` with record `want`, and that
 * store_rule_record() gives the same. */
static void expect_rule_row(struct store *s, enum rule rule,
			    const struct rule_rows *r, int i, long long id,
			    struct player_record want)
{
	struct player_record one;

	CU_ASSERT_EQUAL_FATAL(r->n > i, 1);
	CU_ASSERT_EQUAL(r->row[i].id, id);
	fx_assert_record(r->row[i].rec, want);
	memset(&one, 0, sizeof one);
	CU_ASSERT_EQUAL(store_rule_record(s, id, rule, &one), STORE_OK);
	fx_assert_record(one, want);
}

/* Per-rule records count only finished ranked matches under that rule,
 * from each player's side, in id order; players without any are left
 * out; each rule has its own Elo rating, from RATING_START at the first
 * game under it, changed only by games under that rule. */
static void test_rule_records(void)
{
	static struct rule_rows r;
	struct rule_model renju = rule_model_start();
	struct rule_model freestyle = rule_model_start();
	struct player_record none = {.rating = -1};
	struct match_header h;
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s;
	int i, games;

	s = fx_club(path, ids);
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &id);
	rule_model_count(&freestyle, 0, 1, RESULT_BLACK_WIN);
	rule_game(s, ids, 0, 2, RULE_RENJU, RESULT_WHITE_WIN, REASON_FORBIDDEN,
		  &renju);
	fx_record_and_check(s, ids, ids[1], ids[0], RESULT_DRAW, &id);
	rule_model_count(&freestyle, 1, 0, RESULT_DRAW);
	rule_game(s, ids, 1, 0, RULE_RENJU, RESULT_BLACK_WIN, REASON_FIVE,
		  &renju);
	rule_game(s, ids, 2, 0, RULE_RENJU, RESULT_DRAW, REASON_FULL, &renju);
	rule_game(s, ids, 1, 2, RULE_RENJU, RESULT_NONE, REASON_NONE, &renju);
	h = fx_ranked(ids[1], ids[2], 1200);
	h.game.variant.rule = RULE_RENJU;
	fx_play(s, &h, 1); /* unfinished */
	h = fx_computer(ids[1], 0, 2, 1300);
	h.game.variant.rule = RULE_RENJU;
	id = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 1400),
		STORE_OK);
	h = fx_imported(1500);
	h.game.variant.rule = RULE_RENJU;
	CU_ASSERT_EQUAL(store_match_import(s, &h, 2, fx_five_moves, NULL,
					   RESULT_DRAW, REASON_DRAW, &id),
			STORE_OK);

	read_rule_rows(s, RULE_RENJU, &r);
	CU_ASSERT_EQUAL(r.n, 3);
	for (i = 0; i < 3; i++)
		expect_rule_row(s, RULE_RENJU, &r, i, ids[i], renju.rec[i]);
	CU_ASSERT_EQUAL(renju.rec[0].losses, 2);
	CU_ASSERT_EQUAL(renju.rec[0].ties, 1);
	for (i = 0, games = 0; i < r.n; i++)
		games += r.row[i].rec.games;
	CU_ASSERT_EQUAL(games, 6); /* three matches, two sides each */
	/* Not the overall rating, which counts the freestyle games too. */
	CU_ASSERT(fabs(r.row[0].rec.rating - fx_record_of(s, ids[0]).rating) >
		  1.0);

	read_rule_rows(s, RULE_FREESTYLE, &r);
	CU_ASSERT_EQUAL(r.n, 2); /* carol played no freestyle match */
	expect_rule_row(s, RULE_FREESTYLE, &r, 0, ids[0], freestyle.rec[0]);
	expect_rule_row(s, RULE_FREESTYLE, &r, 1, ids[1], freestyle.rec[1]);
	CU_ASSERT_EQUAL(store_rule_record(s, ids[2], RULE_FREESTYLE, &none),
			STORE_NOT_FOUND);
	CU_ASSERT_DOUBLE_EQUAL(none.rating, -1, 0); /* left alone */
	/* Global counters hold both rules. */
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).games, 5);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 1);

	read_rule_rows(s, RULE_EXACT, &r);
	CU_ASSERT_EQUAL(r.n, 0);

	CU_ASSERT_EQUAL(store_rule_record(s, ids[0], (enum rule)9, &none),
			STORE_ERR);
	store_close(s);
}

/* Ranked matches of a version 3 program under two rules, ending in
 * another order than they started (ended_at 200, 300, 300, 400, 500:
 * matches 2, 3, 8, 4, 1), and matches that count for no rule. */
static const char v3_rule_rows[] =
	"INSERT INTO players (id, username, nickname, password_hash, wins,"
	" losses, ties, score, games, rating, created_at) VALUES"
	" (1, 'alice', 'Alice', '" FX_HASH_ALICE "', 1, 2, 1, -1, 4, 1490, 10),"
	" (2, 'bob', 'Bob', '" FX_HASH_BOB "', 0, 1, 2, -1, 3, 1495, 11),"
	" (3, 'carol', 'Carol', '" FX_HASH_CAROL "', 2, 0, 1, 2, 3, 1515, 12);"
	"INSERT INTO matches (id, kind, status, black_id, white_id, ai_level,"
	" variant, rule, rows, cols, k, result, reason, started_at, ended_at)"
	" VALUES"
	" (1, 'ranked', 'finished', 1, 2, NULL, 'gomoku', 'freestyle', 15,"
	" 15, 5, 'black', 'five', 100, 500),"
	" (2, 'ranked', 'finished', 2, 3, NULL, 'gomoku', 'freestyle', 15,"
	" 15, 5, 'draw', 'draw', 110, 200),"
	" (3, 'ranked', 'finished', 1, 3, NULL, 'standard', 'exact', 15,"
	" 15, 5, 'white', 'resign', 120, 300),"
	" (4, 'ranked', 'finished', 3, 1, NULL, 'gomoku', 'freestyle', 15,"
	" 15, 5, 'black', 'five', 130, 400),"
	" (5, 'ranked', 'abandoned', 1, 2, NULL, 'gomoku', 'freestyle', 15,"
	" 15, 5, NULL, NULL, 140, 450),"
	" (6, 'ranked', 'unfinished', 2, 1, NULL, 'gomoku', 'exact', 15,"
	" 15, 5, NULL, NULL, 150, NULL),"
	" (7, 'computer', 'finished', 1, NULL, 2, 'gomoku', 'freestyle', 15,"
	" 15, 5, 'black', 'five', 160, 170),"
	" (8, 'ranked', 'finished', 2, 1, NULL, 'standard', 'exact', 15,"
	" 15, 5, 'draw', 'full', 170, 300);"
	/* both sides moved in every match but the abandoned one (so none
	 * is aborted by version 14) */
	"INSERT INTO match_moves (match_id, ply, row, col, ms) VALUES"
	" (1, 1, 7, 7, 0), (1, 2, 7, 8, 0), (2, 1, 7, 7, 0), (2, 2, 7, 8, 0),"
	" (3, 1, 7, 7, 0), (3, 2, 7, 8, 0), (4, 1, 7, 7, 0), (4, 2, 7, 8, 0),"
	" (6, 1, 7, 7, 0), (6, 2, 7, 8, 0), (7, 1, 7, 7, 0), (7, 2, 7, 8, 0),"
	" (8, 1, 7, 7, 0), (8, 2, 7, 8, 0);";

/* Check every row of `rule`'s records against the model (ids 1..3). */
static void expect_rule_model(struct store *s, enum rule rule,
			      const struct rule_model *m, int players)
{
	static struct rule_rows r;
	int i, row = 0;

	read_rule_rows(s, rule, &r);
	CU_ASSERT_EQUAL(r.n, players);
	for (i = 0; i < 3; i++)
		if (m->rec[i].games > 0)
			expect_rule_row(s, rule, &r, row++, i + 1, m->rec[i]);
}

/* The upgrade replays the finished ranked matches already played into
 * each rule's records, in the order they ended, and leaves the players'
 * own counters alone; a match finished afterwards goes on from there. */
static void test_migrate_rule_records(void)
{
	struct rule_model freestyle = rule_model_start();
	struct rule_model exact = rule_model_start();
	const struct rule_model none = rule_model_start();
	char path[FX_PATH_SIZE], players[FX_SNAP_SIZE], buf[FX_SNAP_SIZE];
	struct store *s;

	fx_new_path(path, "v3-rules.db");
	fx_make_old(path, 3, v3_rule_rows);
	fx_path_text(path, FX_ALL_PLAYERS, 0, players);
	rule_model_count(&freestyle, 1, 2, RESULT_DRAW);      /* match 2 */
	rule_model_count(&exact, 0, 2, RESULT_WHITE_WIN);     /* match 3 */
	rule_model_count(&exact, 1, 0, RESULT_DRAW);	      /* match 8 */
	rule_model_count(&freestyle, 2, 0, RESULT_BLACK_WIN); /* match 4 */
	rule_model_count(&freestyle, 0, 1, RESULT_BLACK_WIN); /* match 1 */

	s = fx_open_ok(path);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, FX_ALL_PLAYERS, 0, buf),
			       players);
	expect_rule_model(s, RULE_FREESTYLE, &freestyle, 3);
	expect_rule_model(s, RULE_EXACT, &exact, 3);
	expect_rule_model(s, RULE_RENJU, &none, 0);

	/* Match 6 (exact) finishes now: bob, black, resigns. */
	CU_ASSERT_EQUAL(
		store_match_finish(s, 6, RESULT_WHITE_WIN, REASON_RESIGN, 600),
		STORE_OK);
	rule_model_count(&exact, 1, 0, RESULT_WHITE_WIN);
	expect_rule_model(s, RULE_EXACT, &exact, 3);
	expect_rule_model(s, RULE_FREESTYLE, &freestyle, 3);
	store_close(s);
}

/* ==== Results against each opponent, read-only handles ================== */

/* What store_opponents() gave, copied. */
struct opp_rows {
	char name[8][24];
	int won[8], lost[8], drawn[8], n;
};

static int keep_opponent(void *ctx, const struct opponent_row *o)
{
	struct opp_rows *r = ctx;

	snprintf(r->name[r->n], sizeof r->name[0], "%s", o->username);
	r->won[r->n] = o->won;
	r->lost[r->n] = o->lost;
	r->drawn[r->n] = o->drawn;
	return ++r->n >= 8;
}

static void test_opponents(void)
{
	struct opp_rows r = {0};
	struct match_header h;
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);

	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &id);
	fx_record_and_check(s, ids, ids[1], ids[0], RESULT_BLACK_WIN, &id);
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_DRAW, &id);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[2], ids[0], RESULT_WHITE_WIN, &id),
			STORE_OK);
	h = fx_ranked(ids[0], ids[2], 1200);
	fx_play(s, &h, 3); /* unfinished: not counted */
	h = fx_computer(ids[0], 0, 2, 1300);
	CU_ASSERT_EQUAL(
		fx_play_whole(s, &h, RESULT_BLACK_WIN, REASON_FIVE, &id),
		STORE_OK);
	CU_ASSERT_EQUAL(store_opponents(s, ids[0], 10, keep_opponent, &r),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(r.n, 2);
	/* bob, three games (1 won, 1 lost, 1 drawn), before carol's one */
	CU_ASSERT_STRING_EQUAL(r.name[0], "bob");
	CU_ASSERT(r.won[0] == 1 && r.lost[0] == 1 && r.drawn[0] == 1);
	CU_ASSERT_STRING_EQUAL(r.name[1], "carol");
	CU_ASSERT(r.won[1] == 1 && r.lost[1] == 0 && r.drawn[1] == 0);
	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL(store_opponents(s, ids[0], 1, keep_opponent, &r),
			STORE_OK);
	CU_ASSERT_EQUAL(r.n, 1);
	CU_ASSERT_EQUAL(store_opponents(s, ids[0], -1, keep_opponent, &r),
			STORE_ERR);
	store_close(s);
}

/* store_rating_history()'s points, kept; `stop_after` of them at most
 * (then row() returns 1). */
struct points {
	int n, stop_after;
	double rating[16];
};

static int keep_point(void *ctx, long long at, double rating)
{
	struct points *p = ctx;

	CU_ASSERT(at > 0);
	if (p->n < 16)
		p->rating[p->n] = rating;
	p->n++;
	return p->n == p->stop_after ? 1 : 0;
}

/* Player `id`'s rating graph, checked: `n` points, the last of them the
 * rating the store keeps for the player. */
static void check_graph(struct store *s, long long id, int n)
{
	struct points p = {0, 0, {0}};

	CU_ASSERT_EQUAL(store_rating_history(s, id, keep_point, &p), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(p.n, n);
	CU_ASSERT_DOUBLE_EQUAL(p.rating[n - 1], fx_record_of(s, id).rating,
			       1e-9);
}

/* A player's rating graph is the store's own count replayed: a point
 * for each rated ranked match of theirs (not a casual, an unfinished or
 * a computer match, nor another pair's), the last one the rating the
 * store keeps; a row() that returns non-zero stops it. */
static void test_rating_history(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);
	struct match_header h;
	struct points p = {0, 1, {0}};

	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[1], ids[0], RESULT_BLACK_WIN, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[2], RESULT_DRAW, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[2], ids[1], RESULT_WHITE_WIN, &id),
			STORE_OK);
	h = fx_ranked(ids[0], ids[1], 3000);
	h.casual = true;
	CU_ASSERT_EQUAL(
		fx_play_whole(s, &h, RESULT_BLACK_WIN, REASON_FIVE, &id),
		STORE_OK);
	h = fx_computer(ids[0], 0, 2, 3100);
	CU_ASSERT_EQUAL(
		fx_play_whole(s, &h, RESULT_BLACK_WIN, REASON_FIVE, &id),
		STORE_OK);
	h = fx_ranked(ids[2], ids[0], 3200);
	fx_play(s, &h, 3);
	check_graph(s, ids[0], 3);
	check_graph(s, ids[1], 3);
	check_graph(s, ids[2], 2);
	CU_ASSERT_EQUAL(store_rating_history(s, ids[0], keep_point, &p),
			STORE_OK);
	CU_ASSERT_EQUAL(p.n, 1);
	CU_ASSERT_EQUAL(store_rating_history(s, ids[0], NULL, NULL), STORE_ERR);
	store_close(s);
}

static void test_open_readonly(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	struct plist *l;
	struct store *ro, *s;
	long long ids[3], id;

	s = fx_club(path, ids);
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &id);
	store_close(s);
	fx_snapshot(path, before);
	CU_ASSERT_EQUAL_FATAL(store_open_readonly(path, &ro), STORE_OK);
	l = plist_create();
	CU_ASSERT_EQUAL(store_top_players(ro, NULL, PLIST_BY_SCORE, 10, l),
			STORE_OK);
	CU_ASSERT_EQUAL(plist_count(l), 3);
	plist_free(l);
	/* every write is refused, and nothing changes */
	CU_ASSERT_NOT_EQUAL(store_club_set(ro, CLUB_CLAIM_AFTER, 3, 100),
			    STORE_OK);
	CU_ASSERT_NOT_EQUAL(
		store_add_player(ro, "dave", "Dave", FX_HASH_BOB, 100, &id),
		STORE_OK);
	store_close(ro);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM players", 0),
			3);

	/* no file is made; an older schema is not upgraded */
	fx_new_path(path, "none.db");
	CU_ASSERT_EQUAL(store_open_readonly(path, &ro), STORE_CANT_OPEN);
	store_close(ro);
	CU_ASSERT_EQUAL(fx_mode_of(path), -1);
	s = fx_club(path, ids);
	store_close(s);
	CU_ASSERT_EQUAL(
		fx_path_exec(path, FX_UNDO_V22 "PRAGMA user_version = 21;"),
		SQLITE_OK);
	CU_ASSERT_EQUAL(store_open_readonly(path, &ro), STORE_CANT_OPEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(store_errmsg(ro), "run gomoku"));
	store_close(ro);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 21);
}

static void test_players_seen(void)
{
	char path[FX_PATH_SIZE];
	struct store *s, *other;
	struct plist *l = plist_create();
	long long ids[3], id, seen;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(store_players_seen(s), -1); /* no list yet */
	CU_ASSERT_EQUAL_FATAL(store_watch_players(s, l), STORE_OK);
	seen = store_players_seen(s);
	CU_ASSERT(seen >= 0);
	CU_ASSERT_EQUAL(store_refresh_players(s, l), STORE_OK);
	CU_ASSERT_EQUAL(store_players_seen(s), seen); /* nothing changed */
	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(
		store_add_player(other, "dave", "Dave", FX_HASH_BOB, 100, &id),
		STORE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(s, l), STORE_OK);
	CU_ASSERT(store_players_seen(s) > seen); /* a new player */
	seen = store_players_seen(s);
	CU_ASSERT_EQUAL(fx_a_match(other, ids[0], ids[1], RESULT_DRAW, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(s, l), STORE_OK);
	CU_ASSERT(store_players_seen(s) > seen); /* a result */
	store_close(other);
	plist_free(l);
	store_close(s);
}

/* ==== Suite ============================================================= */

/* ==== The leaderboards' top ============================================ */

/* Players who tie on every key but the username (Dave, ann_b, ANN_A),
 * on score alone (eve, fay, gus: wins and losses break it), unranked
 * ones (alice, bob, carol, zed), and records under two rules with the
 * same kinds of ties (one renju row of no game). */
static const char top_rows[] =
	"INSERT INTO players (username, nickname, password_hash, wins,"
	" losses, ties, score, games, rating, created_at) VALUES"
	" ('Dave', 'D', 'h', 3, 1, 0, 2, 4, 1500, 1),"
	" ('ann_b', 'A', 'h', 3, 1, 2, 2, 6, 1510, 2),"
	" ('ANN_A', 'A', 'h', 3, 1, 0, 2, 4, 1490, 3),"
	" ('eve', 'E', 'h', 4, 2, 0, 2, 6, 1500, 4),"
	" ('fay', 'F', 'h', 2, 0, 1, 2, 3, 1500, 5),"
	" ('gus', 'G', 'h', 0, 2, 0, -2, 2, 1400, 6),"
	" ('hal', 'H', 'h', 0, 0, 3, 0, 3, 1500, 7),"
	" ('zed', 'Z', 'h', 0, 0, 0, 0, 0, 1500, 8);"
	"INSERT INTO rule_records (rule, player_id, games, wins, losses,"
	" ties, score, rating) SELECT 'freestyle', id, games, wins, losses,"
	" ties, score, rating FROM players WHERE games > 0;"
	"INSERT INTO rule_records (rule, player_id, games, wins, losses,"
	" ties, score, rating) SELECT 'renju', id, 2, 1, 1, 0, 0, 1500"
	" FROM players WHERE username IN ('eve', 'Dave', 'ann_b');"
	"INSERT INTO rule_records (rule, player_id, games, wins, losses,"
	" ties, score, rating) SELECT 'renju', id, 0, 0, 0, 0, 0, 1500"
	" FROM players WHERE username = 'bob';";

/* Assert that store_top_players(rule, key, top) gives best[0..n-1] (as
 * plist_top() wrote them from a pass over every player) with the same
 * records. */
static void expect_top(struct store *s, const enum rule *rule,
		       enum plist_key key, int top, struct player *const best[],
		       size_t n)
{
	struct plist *got = plist_create();
	const struct player *p;
	size_t i = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_EQUAL_FATAL(store_top_players(s, rule, key, top, got),
			      STORE_OK);
	CU_ASSERT_EQUAL(plist_count(got), n);
	for (p = plist_first(got); p != NULL && i < n; p = p->next, i++) {
		CU_ASSERT_STRING_EQUAL(p->username, best[i]->username);
		CU_ASSERT_EQUAL(p->id, best[i]->id);
		CU_ASSERT_EQUAL(p->rec.games, best[i]->rec.games);
		CU_ASSERT_EQUAL(p->rec.wins, best[i]->rec.wins);
		CU_ASSERT_EQUAL(p->rec.losses, best[i]->rec.losses);
		CU_ASSERT_EQUAL(p->rec.ties, best[i]->rec.ties);
		CU_ASSERT_EQUAL(p->rec.score, best[i]->rec.score);
		CU_ASSERT_DOUBLE_EQUAL(p->rec.rating, best[i]->rec.rating, 0);
		CU_ASSERT_STRING_EQUAL(p->nickname, best[i]->nickname);
	}
	plist_free(got);
}

/* store_top_players() gives what the pass over every player gave
 * (plist_top() over every player, or over a rule's players), ties and
 * unranked players included, for every count and every key. */
static void test_top_players(void)
{
	static const enum rule rules[] = {RULE_FREESTYLE, RULE_EXACT,
					  RULE_RENJU};
	char path[FX_PATH_SIZE];
	struct player *best[16];
	struct plist *all, *list;
	enum plist_key key;
	long long ids[3];
	struct store *s;
	size_t i, n;
	int top;

	store_close(fx_club(path, ids));
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, top_rows), SQLITE_OK);
	s = fx_open_ok(path);
	all = fx_load_players(s);
	for (key = PLIST_BY_SCORE; key <= PLIST_BY_WINRATE; key++) {
		for (top = 0; top <= 14; top++) {
			n = plist_top(all, key, (size_t)top, best);
			expect_top(s, NULL, key, top, best, n);
		}
		for (i = 0; i < sizeof rules / sizeof rules[0]; i++) {
			list = fx_rule_players(s, rules[i]);
			for (top = 0; top <= 6; top++) {
				n = plist_top(list, key, (size_t)top, best);
				expect_top(s, &rules[i], key, top, best, n);
			}
			plist_free(list);
		}
	}
	n = plist_top(all, PLIST_BY_SCORE, 4, best);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_STRING_EQUAL(best[0]->username, "eve"); /* most wins */
	CU_ASSERT_STRING_EQUAL(best[1]->username, "ANN_A");
	CU_ASSERT_STRING_EQUAL(best[2]->username, "ann_b");
	CU_ASSERT_STRING_EQUAL(best[3]->username, "Dave");

	list = plist_create();
	CU_ASSERT_EQUAL(store_top_players(s, NULL, PLIST_BY_SCORE, -1, list),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_top_players(s, (const enum rule[]){(enum rule)9},
					  PLIST_BY_SCORE, 3, list),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_top_players(s, NULL, (enum plist_key)4, 3, list),
			STORE_ERR);
	CU_ASSERT_EQUAL(plist_count(list), 0);
	plist_free(list);
	plist_free(all);
	store_close(s);
}

/* Assert that every player's rank by every key from the store is
 * plist_rank()'s over a list read now, and the ranked players their
 * count; return how many are ranked. */
static long long expect_ranks(struct store *s, const char *path)
{
	char kept[FX_SNAP_SIZE], wanted[FX_SNAP_SIZE];
	struct plist *all = fx_load_players(s);
	long long ranked = -1, count = 0;
	const struct player *p;
	enum plist_key key;
	int rank;

	CU_ASSERT_PTR_NOT_NULL_FATAL(all);
	for (p = plist_first(all); p != NULL; p = p->next) {
		for (key = PLIST_BY_SCORE; key <= PLIST_BY_WINRATE; key++) {
			rank = -1;
			CU_ASSERT_EQUAL(store_player_rank(s, p->id, key, &rank,
							  &ranked),
					STORE_OK);
			CU_ASSERT_EQUAL(rank, plist_rank(all, p, key));
		}
		count += player_ranked(p);
	}
	CU_ASSERT_EQUAL(ranked, count);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path, FX_RANK_GROUPS, 0, kept),
		fx_path_text(path, FX_RANK_GROUPS_WANTED, 0, wanted));
	plist_free(all);
	return count;
}

/* store_player_rank() is the pass over every player (plist_rank()) by
 * every key, ties and unranked players included, for players who joined
 * with games (top_rows) and through 40 results counted among them
 * (groups left empty, groups made anew); no such player is
 * STORE_NOT_FOUND, no such key STORE_ERR. */
static void test_player_rank(void)
{
	static const enum match_result results[] = {
		RESULT_BLACK_WIN, RESULT_WHITE_WIN, RESULT_DRAW};
	char path[FX_PATH_SIZE];
	long long ids[3], id, ranked = 7, *all_ids;
	unsigned seed = 12345;
	struct plist *all;
	const struct player *p;
	struct store *s;
	int i, n = 0, rank = 9;

	store_close(fx_club(path, ids));
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, top_rows), SQLITE_OK);
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(expect_ranks(s, path), 7);
	all = fx_load_players(s);
	all_ids = calloc(plist_count(all), sizeof *all_ids);
	CU_ASSERT_PTR_NOT_NULL_FATAL(all_ids);
	for (p = plist_first(all); p != NULL; p = p->next)
		all_ids[n++] = p->id;
	for (i = 0; i < 40; i++) {
		long long b, w;

		seed = seed * 1103515245u + 12345u;
		b = all_ids[(seed >> 8) % (unsigned)n];
		w = all_ids[(seed >> 16) % (unsigned)n];
		if (b == w)
			continue;
		CU_ASSERT_EQUAL(
			fx_a_match(s, b, w, results[(seed >> 4) % 3], &id),
			STORE_OK);
		expect_ranks(s, path);
	}
	CU_ASSERT_EQUAL(
		store_player_rank(s, 999999, PLIST_BY_RATING, &rank, &ranked),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_player_rank(s, all_ids[0], (enum plist_key)4,
					  &rank, &ranked),
			STORE_ERR);
	CU_ASSERT_EQUAL(rank, 9);
	CU_ASSERT_EQUAL(ranked, 7);
	free(all_ids);
	plist_free(all);
	store_close(s);
}

static CU_TestInfo tests[] = {
	{"history: newest first, pages, total, from the player", test_history},
	{"history: the same start, newest id first", test_history_ties},
	{"a player's unfinished matches, with whose turn",
	 test_unfinished_list},
	{"record against the computer, per level", test_computer_record},
	{"imported games: newest first, pages, total", test_imported_list},
	{"records under one rule, each with its own Elo", test_rule_records},
	{"the upgrade replays old matches into each rule's records",
	 test_migrate_rule_records},
	{"results against each opponent, the most played first",
	 test_opponents},
	{"a rating graph is the store's count replayed, to today's rating",
	 test_rating_history},
	{"a read-only handle reads, writes nothing, upgrades nothing",
	 test_open_readonly},
	{"the players seen move with a change, only", test_players_seen},
	{"the leaderboards' top, as the pass over every player",
	 test_top_players},
	{"a player's rank by score, as the pass over every player",
	 test_player_rank},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_query_suite = {
	"store_query", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
