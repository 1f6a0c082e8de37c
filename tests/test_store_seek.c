/* test_store_seek.c -- tests for the lobby (src/store_seek.c): seeks
 * posted, listed, kept fresh, taken, paired and withdrawn, and casual
 * matches never counted. Each rule the store decides has the cheat it
 * prevents: taking one's own seek, a seek whose poster left, a rating
 * outside the range, a second taker, a second open seek, colours chosen
 * by the taker. Each test uses throw-away databases
 * (tests/store_fixture.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "rating.h"
#include "store.h"
#include "store_fixture.h"
#include "store_live.h"

#define T0 70000 /* the tests' clock, in Unix seconds */

/* A rated 15x15 gomoku seek of `player` at 5+3, any rating. */
static struct seek a_seek(long long player)
{
	struct seek k = {
		.player_id = player,
		.game = {.variant = *rules_preset("gomoku"),
			 .opening = OPENING_NONE,
			 .time = {CLOCK_FISCHER, 0, 300, 3}},
		.rated = true,
		.within = 0,
	};

	return k;
}

/* Post k at `now`, asserting it was stored, not paired: its id (its
 * range in *k). */
static long long posted(struct store *s, struct seek *k, long long now)
{
	long long mid = -1;

	CU_ASSERT_EQUAL_FATAL(store_seek_post(s, k, now, &mid, NULL), STORE_OK);
	CU_ASSERT_EQUAL(mid, 0);
	CU_ASSERT_NOT_EQUAL(k->id, 0);
	return k->id;
}

/* What a store_seek_list() callback saw. */
struct seeks_seen {
	long long id[4];
	char name[4][PLAYER_USERNAME_MAX + 1];
	double rating[4];
	bool takeable[4];
	int n, total;
};

/* store_seek_list() callback: keep the id, the poster and the rating. */
static int keep_seek(void *ctx, const struct seek *k)
{
	struct seeks_seen *seen = ctx;

	CU_ASSERT_FATAL(seen->n < 4);
	seen->id[seen->n] = k->id;
	seen->rating[seen->n] = k->rating;
	seen->takeable[seen->n] = k->takeable;
	snprintf(seen->name[seen->n++], PLAYER_USERNAME_MAX + 1, "%s",
		 k->username);
	return 0;
}

/* The open seeks filter f lists at `now`. */
static struct seeks_seen listed_for(struct store *s, long long now,
				    const struct seek_filter *f)
{
	struct seeks_seen seen = {.n = 0};

	CU_ASSERT_EQUAL(
		store_seek_list(s, now, f, keep_seek, &seen, &seen.total),
		STORE_OK);
	return seen;
}

/* The open seeks listed at `now`, every one on one page. */
static struct seeks_seen listed(struct store *s, long long now)
{
	struct seek_filter all = {.limit = 4};

	return listed_for(s, now, &all);
}

/* The number `sql` (with ?1 = arg) reads from the file at path. */
static long long count(const char *path, const char *sql, long long arg)
{
	return fx_path_int(path, sql, arg);
}

/* A seek is listed with its poster and rating; another player takes it:
 * the match is the seek's game between the two, unfinished and rated,
 * and the seek is taken with it (its poster reads so). Nobody takes it
 * again, and nobody takes their own seek. */
static void test_seek_taken(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, mine, mid = 0, again = 0;
	struct store *s = fx_club(path, ids);
	enum seek_refusal why = SEEK_TAKEN_OK;
	struct seek k = a_seek(ids[0]), got;
	struct seeks_seen seen;

	id = posted(s, &k, T0);
	CU_ASSERT_EQUAL(store_seek_get(s, id, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, SEEK_OPEN);
	CU_ASSERT_EQUAL(got.match_id, 0);
	seen = listed(s, T0 + 1);
	CU_ASSERT_EQUAL_FATAL(seen.n, 1);
	CU_ASSERT_EQUAL(seen.id[0], id);
	CU_ASSERT_STRING_EQUAL(seen.name[0], "alice");
	CU_ASSERT_DOUBLE_EQUAL(seen.rating[0], RATING_START, 0.001);

	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[0], T0 + 2, &mid, &why),
			STORE_EXISTS); /* alice's own */
	CU_ASSERT_EQUAL(why, SEEK_OWN);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], T0 + 2, &mid, NULL),
			STORE_OK);
	CU_ASSERT_NOT_EQUAL_FATAL(mid, 0);
	CU_ASSERT_EQUAL(
		count(path,
		      "SELECT count(*) FROM matches WHERE id = ?1"
		      " AND kind = 'ranked' AND rated = 1"
		      " AND status = 'unfinished' AND variant = 'gomoku'"
		      " AND clock_base = 300 AND clock_increment = 3"
		      " AND min(black_id, white_id) = 1"
		      " AND max(black_id, white_id) = 2",
		      mid),
		1);
	CU_ASSERT_EQUAL(store_seek_get(s, id, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, SEEK_TAKEN); /* read, as the poster waits */
	CU_ASSERT_EQUAL(got.match_id, mid);
	CU_ASSERT_EQUAL(store_seek_refresh(s, id, T0 + 3, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, SEEK_TAKEN);
	CU_ASSERT_EQUAL(got.match_id, mid);
	CU_ASSERT_EQUAL(listed(s, T0 + 3).n, 0);
	CU_ASSERT_EQUAL(store_seek_get(s, 999, &got), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[2], T0 + 3, &again, &why),
			STORE_EXISTS); /* carol, second */
	CU_ASSERT_EQUAL(why, SEEK_GONE);
	CU_ASSERT_EQUAL(again, 0);
	CU_ASSERT_EQUAL(count(path, "SELECT count(*) FROM matches", 0), 1);
	CU_ASSERT_EQUAL(store_seek_take(s, 999, ids[2], T0 + 3, &again, NULL),
			STORE_NOT_FOUND);

	mine = posted(s, &k, T0 + 4);
	CU_ASSERT_NOT_EQUAL(mine, id);
	store_close(s);
}

/* A seek whose poster stopped refreshing it is gone from the list and
 * cannot be taken; refreshed again, it can. */
static void test_seek_stale(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, mid = 0;
	struct store *s = fx_club(path, ids);
	struct seek k = a_seek(ids[0]), got;
	long long late = T0 + STORE_SEEK_STALE + 1;
	enum seek_refusal why = SEEK_TAKEN_OK;

	id = posted(s, &k, T0);
	CU_ASSERT_EQUAL(listed(s, late).n, 0);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], late, &mid, &why),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(why, SEEK_GONE);
	CU_ASSERT_EQUAL(count(path, "SELECT count(*) FROM matches", 0), 0);
	CU_ASSERT_EQUAL(store_seek_refresh(s, id, late, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, SEEK_OPEN);
	CU_ASSERT_EQUAL(listed(s, late + 1).n, 1);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], late + 1, &mid, NULL),
			STORE_OK);
	store_close(s);
}

/* A taker whose rating is outside the range is refused, nothing
 * written; inside it, taken. */
static void test_seek_range(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, mid = 0;
	struct store *s = fx_club(path, ids);
	struct seek k = a_seek(ids[0]);
	enum seek_refusal why = SEEK_TAKEN_OK;

	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "INSERT INTO rule_records (player_id,"
				     " rule, games, wins, losses, ties,"
				     " score, rating) VALUES (2,"
				     " 'freestyle', 1, 1, 0, 0, 1, 1650)"),
			0);
	k.within = 100; /* alice's 1500: 1400 to 1600, bob's 1650 out */
	id = posted(s, &k, T0);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], T0 + 1, &mid, &why),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(why, SEEK_OUT_OF_RANGE);
	CU_ASSERT_EQUAL(count(path, "SELECT count(*) FROM matches", 0), 0);
	k.within = 200;
	id = posted(s, &k, T0 + 2);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], T0 + 3, &mid, NULL),
			STORE_OK);
	store_close(s);
}

/* The cheat: a range centred on a rating the seek's rule does not use
 * (a player high overall, listed low at renju, keeping renju seeks to
 * much weaker players). The store centres it on the poster's rating
 * under the seek's rule, whatever the process holds, and rounds it. */
static void test_seek_range_on_rule(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct store *s = fx_club(path, ids);
	struct seek k = a_seek(ids[0]);

	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "UPDATE players SET rating = 1709"
				     " WHERE id = 1;"
				     "INSERT INTO rule_records (player_id,"
				     " rule, games, wins, losses, ties,"
				     " score, rating) VALUES (1, 'exact',"
				     " 1, 1, 0, 0, 1, 1549.6)"),
			0);
	k.game.variant = *rules_preset("renju"); /* none yet: the start */
	k.within = 100;
	posted(s, &k, T0);
	CU_ASSERT_EQUAL(k.min_rating, 1400);
	CU_ASSERT_EQUAL(k.max_rating, 1600);
	k.game.variant = *rules_preset("standard"); /* exact five */
	k.within = 400;
	posted(s, &k, T0 + 1);
	CU_ASSERT_EQUAL(k.min_rating, 1150);
	CU_ASSERT_EQUAL(k.max_rating, 1950);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT count(*) FROM seeks WHERE id = ?1"
			      " AND min_rating = 1150 AND max_rating = 1950",
			      k.id),
			1);
	k.within = 0;
	posted(s, &k, T0 + 2);
	CU_ASSERT_EQUAL(k.min_rating, 0);
	CU_ASSERT_EQUAL(k.max_rating, STORE_SEEK_ANY_RATING);
	k.within = STORE_SEEK_WITHIN_MAX + 1;
	CU_ASSERT_EQUAL(store_seek_post(s, &k, T0 + 3, &k.id, NULL), STORE_ERR);
	store_close(s);
}

/* The cheat: many accounts flooding the lobby from one connection. One
 * open seek an origin: another player's post from it is refused,
 * nothing written (not even the withdrawal of their own); a stale seek
 * of the origin does not count; a seek of no origin limits nothing. */
static void test_seek_one_an_origin(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid = 0, mine;
	struct store *s = fx_club(path, ids);
	struct seek a = a_seek(ids[0]), b = a_seek(ids[1]), c = a_seek(ids[2]);
	enum seek_refusal why = SEEK_TAKEN_OK;

	snprintf(a.origin, sizeof(a.origin), "203.0.113.7");
	posted(s, &a, T0);
	b.game.time = fx_time(30, 0, 0); /* no pairing with alice's */
	mine = posted(s, &b, T0);	 /* bob's, of no origin */
	snprintf(b.origin, sizeof(b.origin), "203.0.113.7");
	CU_ASSERT_EQUAL(store_seek_post(s, &b, T0 + 1, &mid, &why),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(why, SEEK_SAME_ORIGIN);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT count(*) FROM seeks WHERE state = 'open'"
			      " AND id IN (1, ?1)",
			      mine),
			2);
	/* alice's own again: hers replaced, not refused */
	a.game.time = fx_time(60, 0, 0);
	posted(s, &a, T0 + 2);
	/* carol from another address; bob from alice's once hers is stale */
	snprintf(c.origin, sizeof(c.origin), "198.51.100.1");
	c.game.time = fx_time(90, 0, 0);
	posted(s, &c, T0 + 3);
	posted(s, &b, T0 + 2 + STORE_SEEK_STALE + 1);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT count(*) FROM seeks WHERE state = 'open'"
			      " AND origin IS NOT NULL AND ?1",
			      1),
			2);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT player_id FROM seeks WHERE state = 'open'"
			      " AND origin = '203.0.113.7' AND ?1",
			      1),
			2);
	store_close(s);
}

/* A page of the list, the seeks the viewer may take first; the
 * filters; the viewer's own seek left out; the count of them all. */
static void test_seek_list_pages(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], first, second;
	struct store *s = fx_club(path, ids);
	struct seek a = a_seek(ids[0]), b = a_seek(ids[1]);
	struct seek_filter f = {.viewer_id = ids[2], .limit = 1};
	struct seeks_seen seen;

	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "INSERT INTO rule_records (player_id,"
				     " rule, games, wins, losses, ties,"
				     " score, rating) VALUES (3,"
				     " 'freestyle', 1, 1, 0, 0, 1, 1800)"),
			0);
	a.within = 100; /* carol's 1800 is out of it */
	first = posted(s, &a, T0);
	b.rated = false;
	second = posted(s, &b, T0 + 1);
	seen = listed_for(s, T0 + 2, &f);
	CU_ASSERT_EQUAL(seen.total, 2);
	CU_ASSERT_EQUAL_FATAL(seen.n, 1);
	CU_ASSERT_EQUAL(seen.id[0], second); /* the newer, which she may take */
	CU_ASSERT(seen.takeable[0]);
	f.offset = 1;
	seen = listed_for(s, T0 + 2, &f);
	CU_ASSERT_EQUAL_FATAL(seen.n, 1);
	CU_ASSERT_EQUAL(seen.id[0], first);
	CU_ASSERT(!seen.takeable[0]);
	f.offset = 2;
	CU_ASSERT_EQUAL(listed_for(s, T0 + 2, &f).n, 0);

	f = (struct seek_filter){
		.viewer_id = ids[2], .limit = 4, .rated = SEEK_RATED_ONLY};
	seen = listed_for(s, T0 + 2, &f);
	CU_ASSERT(seen.n == 1 && seen.total == 1 && seen.id[0] == first);
	f.rated = SEEK_CASUAL_ONLY;
	seen = listed_for(s, T0 + 2, &f);
	CU_ASSERT(seen.n == 1 && seen.id[0] == second);
	f.clock = SEEK_PER_MOVE;
	CU_ASSERT_EQUAL(listed_for(s, T0 + 2, &f).total, 0);
	f.clock = SEEK_GAME_CLOCK;
	CU_ASSERT_EQUAL(listed_for(s, T0 + 2, &f).total, 1);
	f = (struct seek_filter){
		.viewer_id = ids[2], .limit = 4, .variant = "renju"};
	CU_ASSERT_EQUAL(listed_for(s, T0 + 2, &f).total, 0);
	f.variant = "gomoku";
	CU_ASSERT_EQUAL(listed_for(s, T0 + 2, &f).total, 2);
	f.viewer_id = ids[0]; /* alice's own is not hers to see */
	seen = listed_for(s, T0 + 2, &f);
	CU_ASSERT(seen.n == 1 && seen.total == 1 && seen.id[0] == second);
	store_close(s);
}

/* One open seek a player: a second withdraws the first. Withdrawing
 * leaves none to take; a seek taken before its withdrawal gives its
 * match to the poster instead. */
static void test_seek_one_open(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], first, second, mid = 0, theirs = 0;
	struct store *s = fx_club(path, ids);
	struct seek k = a_seek(ids[0]);

	first = posted(s, &k, T0);
	k.game.time = fx_time(30, 0, 0);
	second = posted(s, &k, T0 + 1);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT count(*) FROM seeks WHERE state = 'open'",
			      0),
			1);
	CU_ASSERT_EQUAL(store_seek_take(s, first, ids[1], T0 + 2, &mid, NULL),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(store_seek_withdraw(s, second, &theirs), STORE_OK);
	CU_ASSERT_EQUAL(theirs, 0);
	CU_ASSERT_EQUAL(store_seek_take(s, second, ids[1], T0 + 2, &mid, NULL),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(listed(s, T0 + 2).n, 0);

	second = posted(s, &k, T0 + 3);
	CU_ASSERT_EQUAL(store_seek_take(s, second, ids[1], T0 + 4, &mid, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(store_seek_withdraw(s, second, &theirs), STORE_OK);
	CU_ASSERT_EQUAL(theirs, mid);
	store_close(s);
}

/* Two seeks of the same game whose ranges hold each other pair: the
 * second post takes the first (its match, the first's id) and leaves no
 * seek open. Another game, or a range that excludes, does not pair. */
static void test_seek_pairing(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], first, mid = 0;
	struct store *s = fx_club(path, ids);
	struct seek a = a_seek(ids[0]), b = a_seek(ids[1]);

	first = posted(s, &a, T0);
	b.game.variant.name = "Gomoku"; /* another variant's name: no pair */
	posted(s, &b, T0 + 1);
	b = a_seek(ids[1]);
	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "INSERT INTO rule_records (player_id,"
				     " rule, games, wins, losses, ties,"
				     " score, rating) VALUES (2,"
				     " 'freestyle', 1, 1, 0, 0, 1, 1750)"),
			0);
	b.within = 200; /* alice's 1500 is outside bob's range */
	posted(s, &b, T0 + 2);
	CU_ASSERT_EQUAL(listed(s, T0 + 2).n, 2);

	b.within = 0;
	CU_ASSERT_EQUAL(store_seek_post(s, &b, T0 + 3, &mid, NULL), STORE_OK);
	CU_ASSERT_EQUAL(b.id, first);
	CU_ASSERT_NOT_EQUAL_FATAL(mid, 0);
	CU_ASSERT_EQUAL(listed(s, T0 + 3).n, 0);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT count(*) FROM seeks WHERE id = ?1"
			      " AND state = 'taken'",
			      first),
			1);
	store_close(s);
}

/* The colours are the store's: over many takes the taker gets both. */
static void test_seek_colours_drawn(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, mid = 0, black = 0;
	struct store *s = fx_club(path, ids);
	struct seek k = a_seek(ids[0]);
	int i;

	for (i = 0; i < 40; i++) {
		id = posted(s, &k, T0 + 2 * i);
		CU_ASSERT_EQUAL_FATAL(store_seek_take(s, id, ids[1],
						      T0 + 2 * i + 1, &mid,
						      NULL),
				      STORE_OK);
		black += count(path,
			       "SELECT black_id = 2 FROM matches WHERE id = ?1",
			       mid);
		/* ended, so that the next take starts a match of its own */
		CU_ASSERT_EQUAL(store_match_abandon(s, mid, T0 + 2 * i + 1),
				STORE_OK);
	}
	CU_ASSERT(black > 0 && black < 40);
	store_close(s);
}

/* A casual match (a casual seek's) is played and finished like a ranked
 * one and counted for nobody: every record as before. */
static void test_casual_not_counted(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, mid = 0;
	struct store *s = fx_club(path, ids);
	struct seek k = a_seek(ids[0]);
	struct player_record a = fx_record_of(s, ids[0]);
	struct player_record b = fx_record_of(s, ids[1]);
	struct match_full *f = malloc(sizeof(*f));
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	k.rated = false;
	k.game.time = fx_time(0, 0, 0); /* the store's clock is today's */
	id = posted(s, &k, T0);
	CU_ASSERT_EQUAL_FATAL(
		store_seek_take(s, id, ids[1], T0 + 1, &mid, NULL), STORE_OK);
	for (i = 0; i < 9; i++)
		CU_ASSERT_EQUAL(store_match_move(s, mid, i + 1,
						 fx_five_moves[i].row,
						 fx_five_moves[i].col, 100),
				STORE_OK);
	CU_ASSERT_EQUAL(store_match_finish(s, mid, RESULT_BLACK_WIN,
					   REASON_FIVE, T0 + 30),
			STORE_OK);
	CU_ASSERT_EQUAL(count(path,
			      "SELECT count(*) FROM matches WHERE id = ?1"
			      " AND status = 'finished' AND rated = 0",
			      mid),
			1);
	fx_assert_record(fx_record_of(s, ids[0]), a);
	fx_assert_record(fx_record_of(s, ids[1]), b);
	CU_ASSERT_EQUAL(count(path, "SELECT count(*) FROM rule_records", 0), 0);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, mid, f), STORE_OK);
	CU_ASSERT(f->casual);
	free(f);
	store_close(s);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"a seek listed, taken by another, its match started", test_seek_taken},
	{"a seek not refreshed cannot be taken", test_seek_stale},
	{"a rating outside the range cannot take", test_seek_range},
	{"the range is centred on the rule's rating", test_seek_range_on_rule},
	{"one open seek an origin", test_seek_one_an_origin},
	{"pages and filters, the takeable first", test_seek_list_pages},
	{"one open seek a player; withdrawn, none", test_seek_one_open},
	{"two seeks of one game pair themselves", test_seek_pairing},
	{"the colours are drawn by the store", test_seek_colours_drawn},
	{"a casual match is counted for nobody", test_casual_not_counted},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_seek_suite = {"store_seek", fx_suite_init, fx_suite_cleanup,
				 NULL,	       NULL,	      tests};
