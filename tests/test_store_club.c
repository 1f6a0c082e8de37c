/* test_store_club.c -- tests for the club's settings (src/store_club.c)
 * and the rules every match keeps from its start (src/store_matches.c):
 * the settings read, written and refused out of range; a match keeps
 * what it started with when the setting changes; a command line gets a
 * stricter value, never a looser one; a claim waits the match's own
 * wait whatever the process believes; the forbidden-point policy is the
 * match's; ranked hot-seat refused while the club has it off. Explicit
 * times, no sleeps; throw-away databases (tests/store_fixture.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "rating.h"
#include "store.h"
#include "store_fixture.h"
#include "store_live.h"

/* The club's settings now, asserting the read works. */
static struct club_settings settings_of(struct store *s)
{
	struct club_settings c = {
		-1, true, false, -1, true, -1, CLUB_JOIN_CLOSED,
		-1, -1,	  -1,	 -1};

	CU_ASSERT_EQUAL(store_club_get(s, &c), STORE_OK);
	return c;
}

/* The rules match `id` keeps, asserting the read works. */
static struct match_rules rules_of(struct store *s, long long id)
{
	struct match_rules r = {-1, false, -1};

	CU_ASSERT_EQUAL(store_match_rules(s, id, &r), STORE_OK);
	return r;
}

/* The second the turn of match `id` began, rounded up (turn_started_ms
 * is the database's clock in ms). */
static long long turn_second(const char *path, long long id)
{
	long long ms = fx_path_int(
		path, "SELECT turn_started_ms FROM matches WHERE id = ?1", id);

	return (ms + 999) / 1000;
}

/* A new club keeps the defaults every process used before: a week's
 * claim wait, forbidden points refused, ranked hot-seat on, two minutes'
 * grace, digits in names not read as letters, five accounts a day from
 * one connection. */
static void test_club_defaults(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct store *s = fx_club(path, ids);
	struct club_settings c = settings_of(s);

	CU_ASSERT_EQUAL(c.claim_after_days, 7);
	CU_ASSERT_FALSE(c.forbidden_loses);
	CU_ASSERT_TRUE(c.ranked_hotseat);
	CU_ASSERT_EQUAL(c.disconnect_grace, 120);
	CU_ASSERT_FALSE(c.name_digits);
	CU_ASSERT_EQUAL(c.joins_per_day, 5);
	CU_ASSERT_EQUAL(c.join, CLUB_JOIN_OPEN);
	CU_ASSERT_EQUAL(c.rated_after, 5);
	CU_ASSERT_EQUAL(c.pair_games, 10);
	CU_ASSERT_EQUAL(c.pair_hours, 24);
	CU_ASSERT_EQUAL(c.clock_skew, 0); /* fx_club()'s; the schema's
					   * default is 300 */
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT dflt_value FROM"
				    " pragma_table_info('club_settings')"
				    " WHERE name = 'clock_skew'",
				    0),
			300);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM club_settings", 0), 1);
	store_close(s);
}

/* Each setting is written, kept by the file (another handle reads it)
 * with the time of the change; a value out of its range, or an unknown
 * setting, is refused and changes nothing. */
static void test_club_set(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	const char *row = "SELECT claim_after_days || '|' || forbidden || '|'"
			  " || ranked_hotseat || '|' || disconnect_grace"
			  " || '|' || changed_at FROM club_settings";
	long long ids[3];
	struct store *s = fx_club(path, ids), *other;
	struct club_settings c;

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLAIM_AFTER, 0, 500), STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_FORBIDDEN, 1, 600), STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_RANKED_HOTSEAT, 0, 700),
			STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_DISCONNECT_GRACE, 30, 800),
			STORE_OK);
	other = fx_open_ok(path);
	c = settings_of(other);
	CU_ASSERT_EQUAL(c.claim_after_days, 0);
	CU_ASSERT_TRUE(c.forbidden_loses);
	CU_ASSERT_FALSE(c.ranked_hotseat);
	CU_ASSERT_EQUAL(c.disconnect_grace, 30);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, row, 0, before),
			       "0|lose|0|30|800");
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLAIM_AFTER, -1, 900),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLAIM_AFTER,
				       STORE_CLAIM_AFTER_MAX + 1, 900),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_FORBIDDEN, 2, 900), STORE_ERR);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_RANKED_HOTSEAT, -1, 900),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_DISCONNECT_GRACE,
				       STORE_GRACE_MAX + 1, 900),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_club_set(s, (enum club_key)99, 1, 900),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, row, 0, after), before);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLAIM_AFTER,
				       STORE_CLAIM_AFTER_MAX, 1000),
			STORE_OK);
	CU_ASSERT_EQUAL(settings_of(other).claim_after_days,
			STORE_CLAIM_AFTER_MAX);
	store_close(other);
	store_close(s);
}

/* A match keeps the rules it started with: the club's at its start,
 * whatever the club says later; a new match gets the new ones. */
static void test_match_keeps_rules(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], old, young;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 1000);
	struct match_rules r;

	old = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLAIM_AFTER, 1, 1100), STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_FORBIDDEN, 1, 1100), STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_DISCONNECT_GRACE, 45, 1100),
			STORE_OK);
	h.white_id = ids[2]; /* one unfinished match a pair */
	young = fx_play(s, &h, 2);
	r = rules_of(s, old);
	CU_ASSERT_EQUAL(r.claim_after_days, 7);
	CU_ASSERT_FALSE(r.forbidden_loses);
	CU_ASSERT_EQUAL(r.disconnect_grace, 120);
	r = rules_of(s, young);
	CU_ASSERT_EQUAL(r.claim_after_days, 1);
	CU_ASSERT_TRUE(r.forbidden_loses);
	CU_ASSERT_EQUAL(r.disconnect_grace, 45);
	CU_ASSERT_EQUAL(store_match_rules(s, 999999, &r), STORE_NOT_FOUND);
	store_close(s);
}

/* What a command line asks is kept only when stricter: a longer claim
 * wait, a forbidden point that loses. A shorter wait, or refused
 * forbidden points under a club where they lose, get the club's. */
static void test_match_stricter_only(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 1000);
	struct match_rules r;

	h.claim_after_days = 30;
	h.forbidden_loses = true;
	id = fx_play(s, &h, 0);
	r = rules_of(s, id);
	CU_ASSERT_EQUAL(r.claim_after_days, 30);
	CU_ASSERT_TRUE(r.forbidden_loses);
	h.claim_after_days = 0; /* the cheat: --claim-after 0 */
	h.forbidden_loses = false;
	h.white_id = ids[2]; /* one unfinished match a pair */
	id = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(rules_of(s, id).claim_after_days, 7);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_FORBIDDEN, 1, 1100), STORE_OK);
	h.claim_after_days = 3;
	h.black_id = ids[1];
	id = fx_play(s, &h, 0);
	r = rules_of(s, id);
	CU_ASSERT_EQUAL(r.claim_after_days, 7);
	CU_ASSERT_TRUE(r.forbidden_loses);
	store_close(s);
}

/* The cheat of issue 22: a claim before the match's own stored wait is
 * refused, however short a wait the claimant's process was started
 * with; the club changing its setting later does not shorten it. A
 * match started after `club set claim-after 0` can be claimed at once. */
static void test_claim_waits_stored(void)
{
	const long long day = 86400;
	char path[FX_PATH_SIZE];
	long long ids[3], old, young, t;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 1000);

	old = fx_play(s, &h, 3); /* white to move: black may claim */
	t = turn_second(path, old);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLAIM_AFTER, 0, t), STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_claim(s, old, RESULT_BLACK_WIN, 3, t + 6 * day),
		STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot claim the match: the match has not "
			       "waited long enough");
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches WHERE id = ?1"
				    " AND status = 'unfinished'",
				    old),
			1);
	h.white_id = ids[2]; /* one unfinished match a pair */
	young = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_claim(s, young, RESULT_BLACK_WIN, 3,
					  turn_second(path, young)),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_claim(s, old, RESULT_BLACK_WIN, 3, t + 7 * day),
		STORE_OK);
	store_close(s);
}

/* Time from one clock: a process whose time is eight days ahead of the
 * store's (store_now(), the kernel's) claims nothing and posts no seek
 * while the club checks (clock-skew), and the match is as it was; in
 * time it is refused only for the wait; with clock-skew 0 the time
 * given is taken. */
static void test_clock_skew(void)
{
	const long long day = 86400;
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], id, mid = 0, now = store_now();
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], now);
	struct seek k = {.player_id = ids[2]};

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLOCK_SKEW, 60, now), STORE_OK);
	id = fx_play(s, &h, 3); /* white to move: black may claim */
	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3,
					  store_now() + 8 * day),
			STORE_CLOCK);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(store_errmsg(s), "s ahead of the club's"));
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_BLACK_WIN, 3, store_now()),
		STORE_ERR); /* in time: only the wait refuses it */
	CU_ASSERT_PTR_NOT_NULL(strstr(store_errmsg(s), "not waited long"));
	k.game = h.game;
	CU_ASSERT_EQUAL(
		store_seek_post(s, &k, store_now() + 8 * day, &mid, NULL),
		STORE_CLOCK);
	CU_ASSERT_EQUAL(
		store_seek_post(s, &k, store_now() - 8 * day, &mid, NULL),
		STORE_CLOCK);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM seeks", 0), 0);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_CLOCK_SKEW, 0, now), STORE_OK);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3,
					  store_now() + 8 * day),
			STORE_OK); /* 0: the club takes the time given */
	store_close(s);
}

/* Finishing a renju match on a forbidden point follows the match's own
 * policy: refused where forbidden points are refused (the club's at the
 * start, even if the club says lose by the end), taken where they lose. */
static void test_forbidden_policy(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], refuse, lose;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 1000);

	h.game.variant.name = "renju";
	h.game.variant.rule = RULE_RENJU;
	refuse = fx_play(s, &h, 4);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_FORBIDDEN, 1, 1100), STORE_OK);
	h.white_id = ids[2]; /* one unfinished match a pair */
	lose = fx_play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_finish(s, refuse, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 1200),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: this match refuses "
			       "a forbidden point instead");
	CU_ASSERT_EQUAL(store_match_finish(s, lose, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 1200),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_finish(s, refuse, RESULT_WHITE_WIN,
					   REASON_FIVE, 1200),
			STORE_OK);
	store_close(s);
}

/* A pending challenge from `from` to `to` at `at`; its id. */
static long long challenge(struct store *s, long long from, long long to,
			   long long at)
{
	struct challenge c = {0};
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};

	c.from_id = from;
	c.to_id = to;
	c.game.variant = *rules_preset("gomoku");
	c.game.opening = OPENING_NONE;
	c.created_at = at;
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &sent), STORE_OK);
	return sent.id;
}

/* With ranked hot-seat off, the store refuses to start a ranked match
 * at one terminal (store_match_start) and to resume one there, and
 * writes nothing; a game against the computer and a match from two
 * terminals (an accepted challenge) still start. */
static void test_hotseat_off(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id = 0, mid = 0, before, t = 50000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], t);
	struct match_header comp = fx_computer(ids[2], 0, 2, t);
	struct match_header other = fx_ranked(ids[0], ids[2], t);
	struct match_header fresh = fx_ranked(ids[1], ids[2], t);
	long long old = fx_play(s, &h, 2);

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_RANKED_HOTSEAT, 0, t), STORE_OK);
	before = fx_path_int(path, "SELECT count(*) FROM matches", 0);
	CU_ASSERT_EQUAL(store_match_start(s, &fresh, &id), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot start the match: ranked hot-seat is "
			       "off in this club");
	CU_ASSERT_EQUAL(id, 0);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			before);
	CU_ASSERT_EQUAL(store_match_resume(s, old, t + 10), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_start(s, &comp, &id), STORE_OK);
	/* (ids[0] and ids[2]: between ids[0] and ids[1] a challenge would
	 * offer their unfinished match) */
	CU_ASSERT_EQUAL(store_challenge_accept(s,
					       challenge(s, ids[0], ids[2], t),
					       &other, t, &mid),
			STORE_OK);
	CU_ASSERT_NOT_EQUAL(mid, 0);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_RANKED_HOTSEAT, 1, t), STORE_OK);
	CU_ASSERT_EQUAL(store_match_start(s, &fresh, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_match_resume(s, old, t + 10), STORE_OK);
	store_close(s);
}

/* A file from before version 17 gets the default settings, and its
 * matches the rules every process used by default: a week, refused
 * forbidden points, two minutes; one that ended on a forbidden point
 * was played where they lose. */
static void test_upgrade_defaults(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], plain, forbidden;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 1000);
	struct club_settings c;

	h.claim_after_days = 30;
	plain = fx_play(s, &h, 2);
	h.game.variant.name = "renju";
	h.game.variant.rule = RULE_RENJU;
	h.forbidden_loses = true;
	h.white_id = ids[2]; /* one unfinished match a pair */
	forbidden = fx_play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_finish(s, forbidden, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 1100),
			STORE_OK);
	store_close(s);
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path,
			     FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18 FX_UNDO_V17
			     "PRAGMA user_version = 16;"),
		SQLITE_OK);
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	c = settings_of(s);
	CU_ASSERT_EQUAL(c.claim_after_days, 7);
	CU_ASSERT_FALSE(c.forbidden_loses);
	CU_ASSERT_TRUE(c.ranked_hotseat);
	CU_ASSERT_EQUAL(c.disconnect_grace, 120);
	CU_ASSERT_EQUAL(rules_of(s, plain).claim_after_days, 7);
	CU_ASSERT_FALSE(rules_of(s, plain).forbidden_loses);
	CU_ASSERT_EQUAL(rules_of(s, plain).disconnect_grace, 120);
	CU_ASSERT_TRUE(rules_of(s, forbidden).forbidden_loses);
	store_close(s);
}

/* ==== Suite ============================================================= */

/* name-digits keys every player again in its own transaction: on, a
 * name with digits for a player's letters looks like theirs (and two
 * players already alike stay); off again, it does not. */
static void test_name_digits(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);
	bool alike = true;

	CU_ASSERT_EQUAL(store_add_player(s, "b0bby", "B0bby", "h", 1, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_name_lookalike(s, "4lice", 0, &alike), STORE_OK);
	CU_ASSERT_FALSE(alike);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_NAME_DIGITS, 1, 500), STORE_OK);
	CU_ASSERT_TRUE(settings_of(s).name_digits);
	CU_ASSERT_EQUAL(store_name_lookalike(s, "4lice", 0, &alike), STORE_OK);
	CU_ASSERT_TRUE(alike);
	CU_ASSERT_EQUAL(store_add_player(s, "8obby", "Eighty", "h", 1, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_NAME_DIGITS, 2, 600), STORE_ERR);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_NAME_DIGITS, 0, 700), STORE_OK);
	CU_ASSERT_EQUAL(store_name_lookalike(s, "4lice", 0, &alike), STORE_OK);
	CU_ASSERT_FALSE(alike);
	store_close(s);
}

/* Player `id`'s rating in the file `path`. */
static double rating_in(const char *path, long long id)
{
	char buf[FX_SNAP_SIZE];

	return atof(fx_path_text(
		path, "SELECT rating FROM players WHERE id = ?1", id, buf));
}

/* Play one whole ranked match, black `b` winning against `w`, begun at
 * `at`, and return why it moved no rating, as the store tells it. */
static enum match_unrated black_beats(struct store *s, long long b, long long w,
				      long long at)
{
	struct match_header h = fx_ranked(b, w, at);
	struct match_now now = {.unrated = -1};
	long long mid = 0;

	CU_ASSERT_EQUAL_FATAL(
		fx_play_whole(s, &h, RESULT_BLACK_WIN, REASON_FIVE, &mid),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_now(s, mid, &now), STORE_OK);
	return now.unrated;
}

/* A rating farm: accounts made over SSH are not rated members until
 * approved or, with the club open, past rated-after rated games. A win
 * against one counts as a game and a win and moves neither rating; the
 * rated-after'th game's next one moves both. With join approval only
 * the approval does; the approval counts from the next result. The
 * rating graph replays what was counted. */
static void test_rated_members(void)
{
	const char *x = "203.0.113.7";
	const long long t = 1700000000;
	char path[FX_PATH_SIZE];
	long long ids[3], fresh, other;
	struct store *s = fx_club(path, ids);
	enum match_unrated why = -1;
	double alice;
	int i;

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_RATED_AFTER, 2, t), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(
		store_join(s, "fresh", "Fresh", "h", x, t, &fresh), STORE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT approved FROM players WHERE id = ?1",
			    fresh),
		0);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT approved FROM players WHERE id = ?1",
			    ids[0]),
		1); /* made at the machine */
	CU_ASSERT_EQUAL(store_rating_moves(s, ids[0], fresh, t, &why),
			STORE_OK);
	CU_ASSERT_EQUAL(why, UNRATED_NEW); /* the stake before the game */
	CU_ASSERT_EQUAL(store_rating_moves(s, ids[0], ids[1], t, &why),
			STORE_OK);
	CU_ASSERT_EQUAL(why, UNRATED_NO);
	for (i = 0; i < 2; i++) {
		alice = rating_in(path, ids[0]);
		CU_ASSERT_EQUAL(black_beats(s, ids[0], fresh, t + 100 * i),
				UNRATED_NEW);
		CU_ASSERT_DOUBLE_EQUAL(rating_in(path, ids[0]), alice, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(rating_in(path, fresh), RATING_START,
				       1e-9);
	}
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 2);
	CU_ASSERT_EQUAL(fx_record_of(s, fresh).games, 2);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], fresh, t + 200), UNRATED_NO);
	CU_ASSERT(rating_in(path, ids[0]) > alice);
	CU_ASSERT(rating_in(path, fresh) < RATING_START);

	/* join approval: games do not make a member, the approval does */
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_JOIN, CLUB_JOIN_APPROVAL, t),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(
		store_join(s, "other", "Other", "h", x, t, &other), STORE_OK);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(
			black_beats(s, ids[1], other, t + 300 + 100 * i),
			UNRATED_NEW);
	CU_ASSERT_EQUAL(black_beats(s, ids[1], fresh, t + 600),
			UNRATED_NEW); /* past its games, but not approved */
	CU_ASSERT_EQUAL(store_approve(s, "OTHER"), STORE_OK);
	CU_ASSERT_EQUAL(store_approve(s, "nobody"), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(black_beats(s, ids[1], other, t + 700), UNRATED_NO);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches"
				    " WHERE unrated = 'new'",
				    0),
			6);
	store_close(s);
}

/* The rating graph (store_rating_history()) replays the count as it
 * was: a result that moved nothing moves nothing there, whatever the
 * settings are since. */
static int last_point(void *ctx, long long at, double rating)
{
	(void)at;
	*(double *)ctx = rating;
	return 0;
}

static void test_unrated_replayed(void)
{
	const long long t = 1700000000;
	char path[FX_PATH_SIZE];
	long long ids[3], fresh;
	struct store *s = fx_club(path, ids);
	double graph = 0;

	CU_ASSERT_EQUAL_FATAL(
		store_join(s, "fresh", "Fresh", "h", "203.0.113.7", t, &fresh),
		STORE_OK);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[1], t), UNRATED_NO);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], fresh, t + 100), UNRATED_NEW);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_RATED_AFTER, 0, t), STORE_OK);
	CU_ASSERT_EQUAL(store_rating_history(s, ids[0], last_point, &graph),
			STORE_OK);
	CU_ASSERT_DOUBLE_EQUAL(graph, rating_in(path, ids[0]), 1e-6);
	store_close(s);
}

/* Repeated pairs: past pair-games rated games between the same two
 * begun within pair-hours, a result moves no rating (either colour);
 * another pair, or a game begun after the window, moves them again;
 * pair-games 0 is no limit. */
static void test_pair_games(void)
{
	const long long t = 1700000000;
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct store *s = fx_club(path, ids);
	enum match_unrated why = -1;
	double alice;

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_PAIR_GAMES, 2, t), STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_PAIR_HOURS, 1, t), STORE_OK);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[1], t), UNRATED_NO);
	CU_ASSERT_EQUAL(black_beats(s, ids[1], ids[0], t + 60), UNRATED_NO);
	CU_ASSERT_EQUAL(store_rating_moves(s, ids[1], ids[0], t + 120, &why),
			STORE_OK);
	CU_ASSERT_EQUAL(why, UNRATED_PAIR);
	alice = rating_in(path, ids[0]);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[1], t + 120), UNRATED_PAIR);
	CU_ASSERT_DOUBLE_EQUAL(rating_in(path, ids[0]), alice, 1e-9);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[2], t + 180), UNRATED_NO);
	/* begun an hour after the second: only the third is in its hour;
	 * 40 s later the third and this one are */
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[1], t + 3660), UNRATED_NO);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[1], t + 3700), UNRATED_PAIR);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_PAIR_GAMES, 0, t), STORE_OK);
	CU_ASSERT_EQUAL(black_beats(s, ids[0], ids[1], t + 3760), UNRATED_NO);
	store_close(s);
}

/* join closed: no account from a connection, any number at the
 * machine. */
static void test_join_closed(void)
{
	const long long t = 1700000000;
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);
	int left = -1;

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_JOIN, CLUB_JOIN_CLOSED, t),
			STORE_OK);
	CU_ASSERT_EQUAL(store_joins_left(s, "203.0.113.7", t, &left), STORE_OK);
	CU_ASSERT_EQUAL(left, 0);
	CU_ASSERT_EQUAL(
		store_join(s, "newa", "New A", "h", "203.0.113.7", t, &id),
		STORE_LIMIT);
	CU_ASSERT_EQUAL(store_join(s, "newb", "New B", "h", "", t, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_JOIN, CLUB_JOIN_CLOSED + 1, t),
			STORE_ERR);
	store_close(s);
}

/* joins-per-day accounts a day from one origin, decided when the account
 * is written; another origin, the machine (""), a day later or a limit
 * of 0 are not limited. */
static void test_joins_per_day(void)
{
	const char *x = "203.0.113.7", *y = "198.51.100.2";
	const long long t = 1700000000;
	char path[FX_PATH_SIZE], name[32];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);
	int i, left = -1;

	CU_ASSERT_EQUAL(store_club_set(s, CLUB_JOINS_PER_DAY, 2, t), STORE_OK);
	CU_ASSERT_EQUAL(store_joins_left(s, x, t, &left), STORE_OK);
	CU_ASSERT_EQUAL(left, 2);
	CU_ASSERT_EQUAL(store_join(s, "newa", "New A", "h", x, t, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_join(s, "newb", "New B", "h", x, t + 1, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_joins_left(s, x, t + 2, &left), STORE_OK);
	CU_ASSERT_EQUAL(left, 0);
	CU_ASSERT_EQUAL(store_join(s, "newc", "New C", "h", x, t + 2, &id),
			STORE_LIMIT);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM players WHERE"
				    " username = 'newc'",
				    0),
			0);
	CU_ASSERT_EQUAL(store_join(s, "newd", "New D", "h", y, t + 2, &id),
			STORE_OK);
	for (i = 0; i < 3; i++) { /* at the machine: no limit */
		snprintf(name, sizeof name, "local%d", i);
		CU_ASSERT_EQUAL(store_join(s, name, name, "h", "", t, &id),
				STORE_OK);
	}
	CU_ASSERT_EQUAL(store_join(s, "newe", "New E", "h", x, t + 86401, &id),
			STORE_OK); /* a day after the first */
	CU_ASSERT_EQUAL(store_club_set(s, CLUB_JOINS_PER_DAY, 0, t), STORE_OK);
	CU_ASSERT_EQUAL(store_join(s, "newf", "New F", "h", x, t + 86401, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_club_set(s, CLUB_JOINS_PER_DAY, STORE_JOINS_MAX + 1, t),
		STORE_ERR);
	store_close(s);
}

static CU_TestInfo tests[] = {
	{"a new club has today's defaults", test_club_defaults},
	{"settings written, kept, refused out of range", test_club_set},
	{"name-digits keys every player again", test_name_digits},
	{"joins-per-day accounts a day from one connection",
	 test_joins_per_day},
	{"rated members: approved, or past rated-after games",
	 test_rated_members},
	{"the rating graph replays results that moved nothing",
	 test_unrated_replayed},
	{"pair-games rated games a pair in pair-hours", test_pair_games},
	{"join closed: accounts at the machine only", test_join_closed},
	{"a match keeps the rules it started with", test_match_keeps_rules},
	{"a command line gets stricter rules, never looser",
	 test_match_stricter_only},
	{"a claim waits the match's own stored wait", test_claim_waits_stored},
	{"clock-skew: a time far from the store's is refused", test_clock_skew},
	{"forbidden points follow the match's policy", test_forbidden_policy},
	{"ranked hot-seat refused while off", test_hotseat_off},
	{"an older file gets the defaults", test_upgrade_defaults},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_club_suite = {"store_club", fx_suite_init, fx_suite_cleanup,
				 NULL,	       NULL,	      tests};
