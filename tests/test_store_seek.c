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
		.min_rating = 0,
		.max_rating = STORE_SEEK_ANY_RATING,
	};

	return k;
}

/* Post k at `now`, asserting it was stored, not paired: its id. */
static long long posted(struct store *s, const struct seek *k, long long now)
{
	long long id = 0, mid = -1;

	CU_ASSERT_EQUAL_FATAL(store_seek_post(s, k, now, &id, &mid), STORE_OK);
	CU_ASSERT_EQUAL(mid, 0);
	CU_ASSERT_NOT_EQUAL(id, 0);
	return id;
}

/* What a store_seek_list() callback saw. */
struct seeks_seen {
	long long id[4];
	char name[4][PLAYER_USERNAME_MAX + 1];
	double rating[4];
	int n;
};

/* store_seek_list() callback: keep the id, the poster and the rating. */
static int keep_seek(void *ctx, const struct seek *k)
{
	struct seeks_seen *seen = ctx;

	CU_ASSERT_FATAL(seen->n < 4);
	seen->id[seen->n] = k->id;
	seen->rating[seen->n] = k->rating;
	snprintf(seen->name[seen->n++], PLAYER_USERNAME_MAX + 1, "%s",
		 k->username);
	return 0;
}

/* The open seeks listed at `now`. */
static struct seeks_seen listed(struct store *s, long long now)
{
	struct seeks_seen seen = {.n = 0};

	CU_ASSERT_EQUAL(store_seek_list(s, now, keep_seek, &seen), STORE_OK);
	return seen;
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

	k.min_rating = 1600;
	k.max_rating = 2000;
	id = posted(s, &k, T0);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], T0 + 1, &mid, &why),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(why, SEEK_OUT_OF_RANGE);
	CU_ASSERT_EQUAL(count(path, "SELECT count(*) FROM matches", 0), 0);
	k.min_rating = 1400;
	id = posted(s, &k, T0 + 2);
	CU_ASSERT_EQUAL(store_seek_take(s, id, ids[1], T0 + 3, &mid, NULL),
			STORE_OK);
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
	long long ids[3], first, id = 0, mid = 0;
	struct store *s = fx_club(path, ids);
	struct seek a = a_seek(ids[0]), b = a_seek(ids[1]);

	first = posted(s, &a, T0);
	b.game.variant.name = "Gomoku"; /* another variant's name: no pair */
	posted(s, &b, T0 + 1);
	b = a_seek(ids[1]);
	b.min_rating = 1600; /* alice's 1500 is outside bob's range */
	posted(s, &b, T0 + 2);
	CU_ASSERT_EQUAL(listed(s, T0 + 2).n, 2);

	b.min_rating = 0;
	CU_ASSERT_EQUAL(store_seek_post(s, &b, T0 + 3, &id, &mid), STORE_OK);
	CU_ASSERT_EQUAL(id, first);
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
	{"one open seek a player; withdrawn, none", test_seek_one_open},
	{"two seeks of one game pair themselves", test_seek_pairing},
	{"the colours are drawn by the store", test_seek_colours_drawn},
	{"a casual match is counted for nobody", test_casual_not_counted},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_seek_suite = {"store_seek", fx_suite_init, fx_suite_cleanup,
				 NULL,	       NULL,	      tests};
