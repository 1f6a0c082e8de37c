/* test_store_live.c -- tests for two terminals on one database
 * (src/store_live.c): the live matches and data_version, presence,
 * challenges, wins on time, draw offers and undos, and version 10's
 * requests. Each test uses throw-away databases (tests/store_fixture.h).
 */
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/CUnit.h>
#include <sqlite3.h>

#include "auth.h"
#include "player.h"
#include "store.h"
#include "store_fixture.h"
#include "store_live.h"

/* ==== Two terminals: live matches, presence, challenges =============== */

/* What a store_live_matches() or store_presence_list() callback saw. */
struct live_seen {
	long long id[8];
	int nmoves[8];
	char name[8][PLAYER_USERNAME_MAX + 1];
	int n;
};

/* Keep one row a callback saw: an id, a number and a name. */
static int seen_add(struct live_seen *seen, long long id, int n,
		    const char *name)
{
	CU_ASSERT_FATAL(seen->n < 8);
	seen->id[seen->n] = id;
	seen->nmoves[seen->n] = n;
	snprintf(seen->name[seen->n++], PLAYER_USERNAME_MAX + 1, "%s", name);
	return 0;
}

/* store_live_matches() callback: keep the id, moves and black's name. */
static int keep_live(void *ctx, const struct live_match *m)
{
	return seen_add(ctx, m->id, m->nmoves, m->black);
}

/* Only unfinished ranked and computer matches are live, the latest
 * active first, with their moves counted; data_version moves when
 * another connection commits, not for the connection's own writes. */
static void test_live_matches(void)
{
	char path[FX_PATH_SIZE];
	struct live_seen seen = {0};
	struct match_header h;
	long long ids[3], done, a, b, v1, v2;
	struct store *s = fx_club(path, ids), *other;

	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &done),
			STORE_OK);
	h = fx_ranked(ids[1], ids[2], 3000);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &a), STORE_OK);
	h = fx_ranked(ids[2], ids[0], 3100);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &b), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, a, 1, 7, 7, 10), STORE_OK);
	CU_ASSERT_EQUAL(store_live_matches(s, 10, keep_live, &seen), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(seen.n, 2);
	/* a moved last (now); b started at 3100, long ago */
	CU_ASSERT_EQUAL(seen.id[0], a);
	CU_ASSERT_EQUAL(seen.nmoves[0], 1);
	CU_ASSERT_STRING_EQUAL(seen.name[0], "bob");
	CU_ASSERT_EQUAL(seen.id[1], b);
	CU_ASSERT_EQUAL(seen.nmoves[1], 0);
	seen.n = 0;
	CU_ASSERT_EQUAL(store_live_matches(s, 1, keep_live, &seen), STORE_OK);
	CU_ASSERT_EQUAL(seen.n, 1);
	CU_ASSERT_EQUAL(store_live_matches(s, -1, keep_live, &seen), STORE_ERR);

	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(store_data_version(s, &v1), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, a, 2, 0, 0, 20), STORE_OK);
	CU_ASSERT_EQUAL(store_data_version(s, &v2), STORE_OK);
	CU_ASSERT_EQUAL(v1, v2);
	CU_ASSERT_EQUAL(store_match_move(other, a, 3, 1, 1, 30), STORE_OK);
	CU_ASSERT_EQUAL(store_data_version(s, &v2), STORE_OK);
	CU_ASSERT_NOT_EQUAL(v1, v2);
	/* the same ply from two writers: the second is refused */
	CU_ASSERT_EQUAL(store_match_move(s, a, 4, 2, 2, 40), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(other, a, 4, 3, 3, 40), STORE_ERR);
	store_close(other);
	store_close(s);
}

/* Whether descriptor fd is readable within `ms`; its bytes are read
 * and dropped, as a wait does (term_wait_input_or()). */
static bool readable(int fd, int ms)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	char buf[4096];
	bool ready = poll(&p, 1, ms) > 0;

	while (ready && read(fd, buf, sizeof(buf)) > 0)
		;
	return ready;
}

/* The change descriptor wakes a waiting connection for each commit of
 * another, and only once the commit is there to read (data_version has
 * moved by then); nothing wakes it while nobody commits. */
static void test_change_fd(void)
{
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], a, v1, v2;
	struct store *s = fx_club(path, ids), *other = fx_open_ok(path);
	int fd = store_change_fd(s), ply;

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(store_change_fd(s), fd); /* made once */
	h = fx_ranked(ids[1], ids[2], 3000);
	CU_ASSERT_EQUAL_FATAL(store_match_start(other, &h, &a), STORE_OK);
	(void)readable(fd, 0);
	CU_ASSERT_FALSE(readable(fd, 50));
	for (ply = 1; ply <= 3; ply++) {
		CU_ASSERT_EQUAL(store_data_version(s, &v1), STORE_OK);
		CU_ASSERT_EQUAL(store_match_move(other, a, ply, ply, ply, 10),
				STORE_OK);
		CU_ASSERT_TRUE(readable(fd, 5000));
		CU_ASSERT_EQUAL(store_data_version(s, &v2), STORE_OK);
		CU_ASSERT_NOT_EQUAL(v1, v2);
		CU_ASSERT_FALSE(readable(fd, 0));
	}
	store_close(other);
	store_close(s);
}

/* store_presence_list() callback: keep the id, name and match. */
static int keep_present(void *ctx, const struct presence_row *r)
{
	return seen_add(ctx, r->player_id, (int)r->match_id, r->username);
}

/* Presence rows: one per process, replaced by the same pid, stale after
 * STORE_PRESENCE_STALE seconds, listed once per player (playing when
 * any process of theirs plays a match that has not ended), removed on
 * clear. */
static void test_presence(void)
{
	char path[FX_PATH_SIZE];
	struct live_seen seen = {0};
	struct match_header h = {0};
	long long ids[3], mid, now = 100000;
	struct store *s = fx_club(path, ids);
	bool here = true;

	h = fx_ranked(ids[0], ids[1], 3000);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &mid), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_set(s, 11, ids[1], 0, now), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_set(s, 12, ids[1], mid, now - 5),
			STORE_OK);
	CU_ASSERT_EQUAL(store_presence_set(s, 13, ids[0], 0, now), STORE_OK);
	/* pid 14 is carol's dead process */
	CU_ASSERT_EQUAL(store_presence_set(s, 14, ids[2], 0,
					   now - STORE_PRESENCE_STALE - 1),
			STORE_OK);
	CU_ASSERT_EQUAL(store_presence_set(s, 15, 999, 0, now),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_presence_list(s, now, keep_present, &seen),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(seen.n, 2);
	CU_ASSERT_STRING_EQUAL(seen.name[0], "alice");
	CU_ASSERT_EQUAL(seen.nmoves[0], 0);
	CU_ASSERT_STRING_EQUAL(seen.name[1], "bob");
	CU_ASSERT_EQUAL(seen.nmoves[1], mid);
	CU_ASSERT_EQUAL(store_presence_of(s, ids[2], now, &here), STORE_OK);
	CU_ASSERT_FALSE(here);
	/* carol logs in again in a process with the dead one's pid */
	CU_ASSERT_EQUAL(store_presence_set(s, 14, ids[2], 0, now), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_of(s, ids[2], now, &here), STORE_OK);
	CU_ASSERT_TRUE(here);
	/* alice logs out of pid 13, which bob then uses */
	CU_ASSERT_EQUAL(store_presence_clear(s, 13), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_of(s, ids[0], now, &here), STORE_OK);
	CU_ASSERT_FALSE(here);
	CU_ASSERT_EQUAL(store_presence_clear(s, 13), STORE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM presence", 0),
			3);
	/* the match ends while bob's process still shows it (its end box
	 * is up): bob is no longer playing */
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, now),
		STORE_OK);
	seen.n = 0;
	CU_ASSERT_EQUAL(store_presence_list(s, now, keep_present, &seen),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(seen.n, 2);
	CU_ASSERT_STRING_EQUAL(seen.name[0], "bob");
	CU_ASSERT_EQUAL(seen.nmoves[0], 0);
	store_close(s);
}

/* A pending 15x15 challenge from `from` to `to` made at `at`. */
static struct challenge a_challenge(long long from, long long to, long long at)
{
	struct challenge c = {
		.from_id = from,
		.to_id = to,
		.game = {.variant = *rules_preset("gomoku"),
			 .time = {CLOCK_PER_MOVE, 30, 0, 0}},
		.created_at = at,
	};
	return c;
}

/* store_challenge_new(): the new challenge's id (or the one it names)
 * into *id. */
static enum store_status new_challenge(struct store *s,
				       const struct challenge *c, long long *id)
{
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};
	enum store_status st = store_challenge_new(s, c, &sent);

	*id = sent.id;
	return st;
}

/* A challenge's game is stored and read back whole, its variant's name
 * the preset's (the same constant) or "custom" for a board no preset
 * has. */
static void test_challenge_game(void)
{
	char path[FX_PATH_SIZE];
	struct challenge c = {0}, got = {0};
	long long ids[3], id, t = 50000;
	struct store *s = fx_club(path, ids);
	const struct variant renju = *rules_preset("renju");

	c = a_challenge(ids[0], ids[1], t);
	c.game.variant = renju;
	c.game.opening = OPENING_SWAP2;
	c.game.time = fx_time(0, 300, 3);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t, &got), STORE_OK);
	CU_ASSERT_PTR_EQUAL(got.game.variant.name, rules_preset("renju")->name);
	CU_ASSERT_EQUAL(got.game.variant.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(got.game.variant.rows, renju.rows);
	CU_ASSERT_EQUAL(got.game.variant.k, 5);
	CU_ASSERT_EQUAL(got.game.opening, OPENING_SWAP2);
	CU_ASSERT_TRUE(clock_same(&got.game.time, &c.game.time));
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_WITHDRAWN, t),
			STORE_OK);

	c = a_challenge(ids[2], ids[1], t);
	c.game.variant = (struct variant){"custom", 19, 17, 6, RULE_EXACT};
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t, &got), STORE_OK);
	CU_ASSERT_STRING_EQUAL(got.game.variant.name, "custom");
	CU_ASSERT_EQUAL(got.game.variant.rows, 19);
	CU_ASSERT_EQUAL(got.game.variant.cols, 17);
	CU_ASSERT_EQUAL(got.game.variant.k, 6);
	CU_ASSERT_EQUAL(got.game.variant.rule, RULE_EXACT);
	store_close(s);
}

/* A challenge is pending for STORE_CHALLENGE_TTL seconds, then reads as
 * expired and can no longer be accepted; a decline after that is kept
 * as an expiry; an answered challenge cannot be answered again. */
static void test_challenge_expiry(void)
{
	char path[FX_PATH_SIZE];
	struct challenge c = {0}, got = {0};
	long long ids[3], id, mid = 0, t = 50000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[1], ids[0], t + 10);

	c = a_challenge(ids[0], ids[1], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 59, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.id, id);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_PENDING);
	CU_ASSERT_EQUAL(got.game.time.per_move, 30);
	CU_ASSERT_STRING_EQUAL(got.game.variant.name, "gomoku");
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[0], t, &got),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 60, &got),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 60, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_EXPIRED);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 60, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(mid, 0);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			0);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_DECLINED, t + 61),
		STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_EXPIRED);

	/* declined in time: stays declined, and cannot be accepted */
	c = a_challenge(ids[0], ids[2], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_DECLINED, t + 5),
			STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 5, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_DECLINED);
	h = fx_ranked(ids[2], ids[0], t + 6);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 6, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_WITHDRAWN, t + 6),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_ACCEPTED, t + 6),
			STORE_ERR);
	store_close(s);
}

/* Accepting starts the ranked match in the same transaction and names
 * it; a match that is not between the challenge's players is refused;
 * a withdrawn challenge cannot be accepted; bad challenges are refused. */
static void test_challenge_accept(void)
{
	char path[FX_PATH_SIZE];
	struct challenge c = {0}, got = {0};
	long long ids[3], id, mid = 0, t = 50000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[2], ids[0], t + 3);

	c = a_challenge(ids[0], ids[1], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 3, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			0);
	h = fx_ranked(ids[1], ids[0], t + 3);
	h.game.time = c.game.time;
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 3, &mid),
			STORE_OK);
	CU_ASSERT_NOT_EQUAL(mid, 0);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 100, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_ACCEPTED);
	CU_ASSERT_EQUAL(got.match_id, mid);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT time_per_move FROM matches"
				    " WHERE id = ?1 AND status = 'unfinished'",
				    mid),
			30);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 4, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_WITHDRAWN, t + 4),
		STORE_ERR);

	c = a_challenge(ids[0], ids[1], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_WITHDRAWN, t + 1),
		STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 2, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_challenge_get(s, 9999, t, &got), STORE_NOT_FOUND);

	c = a_challenge(ids[0], ids[0], t);
	CU_ASSERT_EQUAL(new_challenge(s, &c, &id), STORE_ERR);
	c = a_challenge(ids[0], 999, t);
	CU_ASSERT_EQUAL(new_challenge(s, &c, &id), STORE_NOT_FOUND);
	c = a_challenge(ids[1], ids[2], t); /* alice must wait for bob */
	c.game.variant.k = 30;
	CU_ASSERT_EQUAL(new_challenge(s, &c, &id), STORE_ERR);
	store_close(s);
}

/* The rule that refused challenge c at c->created_at (CHALLENGE_SENT
 * when it was stored), its number (a wait, the challenge to answer)
 * into *n. */
static enum challenge_refusal
refusal_of(struct store *s, const struct challenge *c, long long *n)
{
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};
	enum store_status st = store_challenge_new(s, c, &sent);

	CU_ASSERT(st == STORE_OK || st == STORE_EXISTS);
	CU_ASSERT_EQUAL(st == STORE_EXISTS, sent.refused != CHALLENGE_SENT);
	*n = sent.refused == CHALLENGE_TOO_SOON ? sent.wait : sent.id;
	return sent.refused;
}

/* One challenge pending per pair, either way: a second from the same
 * challenger is refused, and one the other way names the pending one to
 * answer; refusals write nothing; another pair is free; once the first
 * expired (no cooldown after an expiry) the pair is free again. */
static void test_challenge_one_per_pair(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], first, n, t = 50000;
	struct store *s = fx_club(path, ids);
	struct challenge c = a_challenge(ids[0], ids[1], t);

	CU_ASSERT_EQUAL(refusal_of(s, &c, &first), CHALLENGE_SENT);
	c.created_at = t + 10;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_ALREADY_SENT);
	c = a_challenge(ids[1], ids[0], t + 59);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_CROSSED);
	CU_ASSERT_EQUAL(n, first);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM challenges", 0),
			1);
	c = a_challenge(ids[0], ids[2], t + 10);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	c = a_challenge(ids[1], ids[0], t + 60);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	c = a_challenge(ids[0], ids[1], t + 61);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_CROSSED);
	store_close(s);
}

/* After a decline or a withdrawal the same challenger waits
 * STORE_CHALLENGE_COOLDOWN seconds from it: refused at 4:59 (1 s to
 * wait), taken at 5:00; the challenged player may challenge back at
 * once; an acceptance or an expiry starts no wait. */
static void test_challenge_cooldown(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, n, mid, t = 50000;
	struct store *s = fx_club(path, ids);
	struct challenge c = a_challenge(ids[0], ids[1], t);
	struct match_header h;

	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_DECLINED, t + 10),
		STORE_OK);
	c.created_at = t + 10 + 60;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_TOO_SOON);
	CU_ASSERT_EQUAL(n, 240);
	c.created_at = t + 10 + STORE_CHALLENGE_COOLDOWN - 1;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_TOO_SOON);
	CU_ASSERT_EQUAL(n, 1);
	c = a_challenge(ids[1], ids[0], t + 20);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_EXPIRED, t + 80),
			STORE_OK);
	c = a_challenge(ids[0], ids[1], t + 10 + STORE_CHALLENGE_COOLDOWN);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);

	/* withdrawn: the wait counts from the withdrawal, not the start */
	t += 1000;
	c = a_challenge(ids[0], ids[2], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_WITHDRAWN, t + 50),
		STORE_OK);
	c.created_at = t + 50 + STORE_CHALLENGE_COOLDOWN - 1;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_TOO_SOON);
	c.created_at = t + 50 + STORE_CHALLENGE_COOLDOWN;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);
	/* accepted: no wait after it */
	h = fx_ranked(ids[2], ids[0], c.created_at + 1);
	h.game.time = c.game.time; /* the challenge's game */
	CU_ASSERT_EQUAL(
		store_challenge_accept(s, id, &h, c.created_at + 1, &mid),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW,
					   c.created_at + 2),
			STORE_OK);
	c.created_at += 3;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);
	store_close(s);
}

/* A player refuses every challenge while their live session says so:
 * refused at once, the challenges waiting for them declined; a refresh
 * keeps the refusal, a stale row or a log-out (the row cleared) ends it,
 * and so does another player logging in with the process's pid. */
static void test_challenge_refused_all(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, n, t = 50000;
	struct store *s = fx_club(path, ids);
	struct challenge c = a_challenge(ids[0], ids[1], t), got;

	CU_ASSERT_EQUAL(store_presence_refuse(s, 21, true, t), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_presence_set(s, 21, ids[1], 0, t), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_refuse(s, 21, true, t + 5), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 5, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_DECLINED);
	c = a_challenge(ids[2], ids[1], t + 6);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_NOT_TAKING);
	CU_ASSERT_EQUAL(store_presence_set(s, 21, ids[1], 0, t + 10), STORE_OK);
	c.created_at = t + 10 + STORE_PRESENCE_STALE;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_NOT_TAKING);
	/* bob refuses challenges to him, not his own challenges */
	c = a_challenge(ids[1], ids[2], t + 11);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	/* past alice's cooldown (from t + 5), bob's row gone stale (the
	 * process died): it counts for nothing */
	c = a_challenge(ids[0], ids[1], t + 10 + STORE_CHALLENGE_COOLDOWN);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_EXPIRED,
					      c.created_at + 60),
			STORE_OK);

	t += 1000;
	CU_ASSERT_EQUAL(store_presence_set(s, 21, ids[1], 0, t), STORE_OK);
	c = a_challenge(ids[2], ids[1], t);
	CU_ASSERT_EQUAL(store_presence_refuse(s, 21, true, t), STORE_OK);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_NOT_TAKING);
	CU_ASSERT_EQUAL(store_presence_refuse(s, 21, false, t), STORE_OK);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_EXPIRED, t + 60),
			STORE_OK);
	/* a log-out clears it; carol in the same pid refuses nothing */
	CU_ASSERT_EQUAL(store_presence_refuse(s, 21, true, t + 60), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_set(s, 21, ids[2], 0, t + 61), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_set(s, 21, ids[1], 0, t + 62), STORE_OK);
	c = a_challenge(ids[2], ids[1], t + 62);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &id), CHALLENGE_SENT);
	CU_ASSERT_EQUAL(store_presence_refuse(s, 21, true, t + 63), STORE_OK);
	CU_ASSERT_EQUAL(store_presence_clear(s, 21), STORE_OK);
	c = a_challenge(ids[0], ids[1], t + 64);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	store_close(s);
}

/* A new challenge deletes the challenges settled STORE_CHALLENGE_KEEP
 * seconds before it (a pending one that old has expired), but keeps
 * the young ones and the declines and withdrawals whose cooldown runs. */
static void test_challenge_rows_deleted(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, n, t = 50000, mid;
	struct store *s = fx_club(path, ids);
	struct challenge c = a_challenge(ids[0], ids[1], t);
	struct match_header h = fx_ranked(ids[1], ids[0], t + 1);
	const char *left = "SELECT group_concat(from_id || to_id || state,"
			   " ' ') FROM (SELECT * FROM challenges ORDER BY id)";
	char buf[FX_SNAP_SIZE];

	/* alice -> bob accepted, bob -> carol expired unanswered, carol ->
	 * alice declined late, at t + 50 */
	h.game.time = c.game.time; /* the challenge's game */
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 1, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, t + 2),
		STORE_OK);
	c = a_challenge(ids[1], ids[2], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	c = a_challenge(ids[2], ids[0], t);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_DECLINED, t + 50),
		STORE_OK);
	/* one second short of the keep: nothing deleted */
	c = a_challenge(ids[0], ids[2], t + STORE_CHALLENGE_KEEP - 1);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, left, 0, buf),
			       "12accepted 23pending 31declined 13pending");
	/* the keep gone: the accepted and the expired rows go; the decline
	 * stays for its cooldown */
	c = a_challenge(ids[1], ids[0], t + STORE_CHALLENGE_KEEP);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, left, 0, buf),
			       "31declined 13pending 21pending");
	/* a refusal deletes nothing (it writes nothing) */
	c = a_challenge(ids[2], ids[0], t + 50 + STORE_CHALLENGE_COOLDOWN - 1);
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_TOO_SOON);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, left, 0, buf),
			       "31declined 13pending 21pending");
	c.created_at = t + 50 + STORE_CHALLENGE_COOLDOWN;
	CU_ASSERT_EQUAL(refusal_of(s, &c, &n), CHALLENGE_SENT);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, left, 0, buf), "31pending");
	store_close(s);
}

/* A rematch is offered of a settled ranked match of the two players
 * only, and its game is that match's, whatever the offer says; accepted,
 * the store swaps the colours (the accepter's header cannot keep them)
 * and a casual match's rematch stays casual. */
static void test_challenge_rematch(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, old, casual, open_ac, mid = 0, t = 50000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[2], t);
	struct challenge c, got;

	CU_ASSERT_EQUAL_FATAL(
		fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &old),
		STORE_OK);
	open_ac = fx_play(s, &h, 2); /* alice and carol's, unfinished */
	h = fx_ranked(ids[0], ids[1], t);

	c = a_challenge(ids[2], ids[1], t + 1); /* carol: not hers */
	c.rematch_of = old;
	CU_ASSERT_EQUAL(new_challenge(s, &c, &id), STORE_ERR);
	c = a_challenge(ids[0], ids[1], t + 1); /* not bob's, unfinished */
	c.rematch_of = open_ac;
	CU_ASSERT_EQUAL(new_challenge(s, &c, &id), STORE_ERR);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM challenges", 0),
			0);

	c.rematch_of = old;
	c.game.variant.rows = c.game.variant.cols =
		19; /* the offer's own game: not taken */
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 2, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.id, id);
	CU_ASSERT_EQUAL(got.rematch_of, old);
	CU_ASSERT_FALSE(got.casual);
	CU_ASSERT_EQUAL(got.game.variant.rows, 15);
	CU_ASSERT_EQUAL(got.game.time.per_move, 0);
	/* bob accepts with alice black again: the store swaps them */
	h.game.time = fx_time(0, 0, 0);
	CU_ASSERT_EQUAL_FATAL(store_challenge_accept(s, id, &h, t + 3, &mid),
			      STORE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches WHERE id = ?1"
				    " AND status = 'unfinished' AND rated = 1"
				    " AND black_id = 2 AND white_id = 1"
				    " AND rows = 15",
				    mid),
			1);
	CU_ASSERT_EQUAL(store_match_abandon(s, mid, t + 4), STORE_OK);

	h = fx_ranked(ids[1], ids[0], t + 10);
	h.casual = true;
	CU_ASSERT_EQUAL_FATAL(
		fx_play_whole(s, &h, RESULT_BLACK_WIN, REASON_FIVE, &casual),
		STORE_OK);
	c = a_challenge(ids[0], ids[1], t + 30);
	c.rematch_of = casual;
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 30, &got), STORE_OK);
	CU_ASSERT_TRUE(got.casual);
	CU_ASSERT_EQUAL_FATAL(store_challenge_accept(s, id, NULL, t + 31, &mid),
			      STORE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches WHERE id = ?1"
				    " AND rated = 0 AND black_id = 1"
				    " AND white_id = 2",
				    mid),
			1);
	store_close(s);
}

/* A rematch offered is found by its match, also behind an older
 * challenge of another player's (which store_challenge_for() gives
 * first), until it is answered or expires. */
static void test_rematch_pending(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, other, old, mid = 0, t = 50000;
	struct store *s = fx_club(path, ids);
	struct challenge c, got;

	CU_ASSERT_EQUAL_FATAL(
		fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &old),
		STORE_OK);
	CU_ASSERT_EQUAL(store_rematch_pending(s, old, t, &got),
			STORE_NOT_FOUND);
	c = a_challenge(ids[2], ids[1], t); /* carol's, to bob, first */
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &other), STORE_OK);
	c = a_challenge(ids[0], ids[1], t + 1); /* alice's rematch */
	c.rematch_of = old;
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);

	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 2, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.id, other);
	CU_ASSERT_EQUAL(store_rematch_pending(s, old, t + 2, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.id, id);
	CU_ASSERT_EQUAL(got.from_id, ids[0]);
	CU_ASSERT_EQUAL(got.to_id, ids[1]);
	CU_ASSERT_EQUAL(store_rematch_pending(s, old, t + 1 + 60, &got),
			STORE_NOT_FOUND); /* expired */
	CU_ASSERT_EQUAL_FATAL(store_challenge_accept(s, id, NULL, t + 3, &mid),
			      STORE_OK);
	CU_ASSERT_EQUAL(store_rematch_pending(s, old, t + 4, &got),
			STORE_NOT_FOUND); /* answered */
	store_close(s);
}

/* Play stopped in match `mid` `ms` after its turn began (the store's
 * pause, at that time). */
static void pause_after(struct store *s, const char *path, long long mid,
			long long ms)
{
	long long began = fx_path_int(
		path, "SELECT turn_started_ms FROM matches WHERE id = ?1", mid);

	CU_ASSERT_EQUAL(store_match_pause(s, mid, began + ms), STORE_OK);
}

/* One start between two players: while two have an unfinished ranked
 * match, no second one is made by any flow. A hot-seat start is
 * refused naming it (nothing written); a challenge sent before it
 * existed, a rematch and a seek (taken, or paired by a second post)
 * each get that match, played on, its timed move given back what it
 * had left; once it ended, each starts a match of its own again. The
 * cheat: two unfinished matches, one left to lapse while the other is
 * played. */
static void test_one_match_between_two(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, got = 0, ch, sk, t = 60000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], t);
	struct challenge c = a_challenge(ids[1], ids[0], t);
	struct seek k = {.player_id = ids[0], .game = c.game, .rated = true};
	const char *count = "SELECT count(*) FROM matches WHERE"
			    " status = 'unfinished' AND ?1 > 0";

	/* the challenge is sent before the pair has a match */
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &ch), STORE_OK);
	h.game.time = fx_time(20, 0, 0);
	mid = fx_play(s, &h, 2);
	pause_after(s, path, mid, 15000);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &got), STORE_EXISTS);
	CU_ASSERT_EQUAL(got, mid);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot start the match: the two players have "
			       "an unfinished match, 1");
	CU_ASSERT_EQUAL(fx_path_int(path, count, 1), 1);
	/* accepted: that match goes on, its move with 5 s left */
	got = 0;
	h.game.time = c.game.time; /* the challenge's game */
	CU_ASSERT_EQUAL(store_challenge_accept(s, ch, &h, t + 50, &got),
			STORE_OK);
	CU_ASSERT_EQUAL(got, mid);
	CU_ASSERT_EQUAL(fx_path_int(path, count, 1), 1);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT turn_allowed_ms FROM matches"
				    " WHERE id = ?1",
				    mid),
			5000);
	/* a seek posted, then taken by the other: that match again */
	CU_ASSERT_EQUAL(store_seek_post(s, &k, t + 60, &got, NULL), STORE_OK);
	sk = k.id;
	CU_ASSERT_EQUAL(got, 0);
	CU_ASSERT_EQUAL(store_seek_take(s, sk, ids[1], t + 61, &got, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(got, mid);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT match_id FROM seeks WHERE id = ?1",
				    sk),
			mid);
	/* two seeks that pair: that match again */
	CU_ASSERT_EQUAL(store_seek_post(s, &k, t + 70, &got, NULL), STORE_OK);
	k.player_id = ids[1];
	CU_ASSERT_EQUAL(store_seek_post(s, &k, t + 71, &got, NULL), STORE_OK);
	CU_ASSERT_EQUAL(got, mid);
	CU_ASSERT_EQUAL(fx_path_int(path, count, 1), 1);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			1);
	/* ended: a rematch of it is a match of its own, and the next
	 * rematch offer, with that one unfinished, gets it */
	CU_ASSERT_EQUAL(store_match_finish(s, mid, RESULT_BLACK_WIN,
					   REASON_RESIGN, t + 80),
			STORE_OK);
	c = a_challenge(ids[0], ids[1], t + 90);
	c.rematch_of = mid;
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &ch), STORE_OK);
	c = a_challenge(ids[0], ids[2], t + 90);
	CU_ASSERT_EQUAL(store_challenge_accept(s, ch, NULL, t + 91, &got),
			STORE_OK);
	CU_ASSERT_NOT_EQUAL(got, mid);
	mid = got;
	c = a_challenge(ids[1], ids[0], t + 100);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &ch), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, ch, &h, t + 101, &got),
			STORE_OK);
	CU_ASSERT_EQUAL(got, mid);
	CU_ASSERT_EQUAL(fx_path_int(path, count, 1), 1);
	store_close(s);
}

/* A challenge between two players with an unfinished ranked match
 * offers that match (its game, not the challenge's); accepting plays
 * it on, no new match, the timed move getting back what it had left;
 * once the match ended the offer cannot be accepted; other pairs and
 * finished matches offer nothing. */
static void test_challenge_offers_unfinished(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id, mid, got_mid = 0, t = 50000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[1], ids[0], t);
	struct challenge c = a_challenge(ids[0], ids[1], t + 100), got;
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};

	h.game.time = fx_time(20, 0, 0);
	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &mid), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 1, 7, 7, t + 1), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 2, 0, 0, t + 2), STORE_OK);
	/* white thought 15 s, then play stopped */
	pause_after(s, path, mid, 15000);
	c.game.variant.rows = c.game.variant.cols = 19;
	c.game.time = fx_time(0, 0, 0);
	CU_ASSERT_EQUAL_FATAL(store_challenge_new(s, &c, &sent), STORE_OK);
	CU_ASSERT_EQUAL(sent.resume_id, mid);
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 101, &got),
			STORE_OK);
	CU_ASSERT_EQUAL(got.id, sent.id);
	CU_ASSERT_EQUAL(got.resume_id, mid);
	CU_ASSERT_EQUAL(got.game.variant.rows, 15);
	CU_ASSERT_EQUAL(got.game.time.per_move, 20);
	CU_ASSERT_EQUAL(
		store_challenge_accept(s, sent.id, NULL, t + 110, &got_mid),
		STORE_OK);
	CU_ASSERT_EQUAL(got_mid, mid);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			1);
	CU_ASSERT_EQUAL(store_challenge_get(s, sent.id, t + 111, &got),
			STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_ACCEPTED);
	CU_ASSERT_EQUAL(got.match_id, mid);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT turn_started_ms / 1000 * 100000 +"
				    " turn_allowed_ms FROM matches"
				    " WHERE id = ?1",
				    mid),
			(t + 110) * 100000 + 5000);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 2);

	/* offered, then ended before the answer: refused, nothing written */
	c = a_challenge(ids[1], ids[0], t + 200);
	CU_ASSERT_EQUAL_FATAL(new_challenge(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, t + 201),
		STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, NULL, t + 202, &got_mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 202, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_PENDING);
	/* finished: a new challenge offers nothing; nor to another pair */
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_EXPIRED, t + 260),
		STORE_OK);
	c = a_challenge(ids[0], ids[1], t + 300);
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &sent), STORE_OK);
	CU_ASSERT_EQUAL(sent.resume_id, 0);
	h = fx_ranked(ids[0], ids[2], t + 300);
	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &mid), STORE_OK);
	c = a_challenge(ids[1], ids[2], t + 301);
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &sent), STORE_OK);
	CU_ASSERT_EQUAL(sent.resume_id, 0);
	store_close(s);
}

/* A win on time is claimed only by the side not to move, once the
 * mover's time and the grace are gone since the last change, only in a
 * timed ranked match with exactly the moves the claimant saw. Here
 * black never moved, so the claim aborts the match: no result, nobody
 * counted (test_clock_not_dodged() has one counted for both). */
static void test_claim_timeout(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], mid, untimed, t = 7000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], t);
	struct match_header other = fx_ranked(ids[0], ids[2], t);

	/* (another pair: two players have one unfinished match at most) */
	CU_ASSERT_EQUAL(store_match_start(s, &other, &untimed), STORE_OK);
	h.game.time = fx_time(30, 0, 0);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &mid), STORE_OK);
	/* black (alice) to move, nothing played: white may claim at t + 33 */
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 0,
						  3, t + 32),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_BLACK_WIN, 0,
						  3, t + 40),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 1,
						  3, t + 40),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, untimed, RESULT_WHITE_WIN,
						  0, 3, t + 40),
			STORE_ERR);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).wins, 0);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 0,
						  3, t + 33),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(
			path,
			"SELECT status || coalesce(result, '-') ||"
			" coalesce(reason, '-') FROM matches WHERE id = ?1",
			mid, buf),
		"aborted--");
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).games, 0);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).games, 0);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 0,
						  3, t + 99),
			STORE_ERR);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).games, 0);
	store_close(s);
}

/* Request `kind` in match `mid` at `ply` and `now`, expecting `want`;
 * its id (0 unless made). */
static long long ask(struct store *s, long long mid, enum request_kind kind,
		     int ply, long long now, enum store_status want)
{
	long long rid = 0;

	enum store_status got = store_request_new(s, mid, kind, ply, now, &rid);

	CU_ASSERT_EQUAL(got, want);
	if (got != want)
		fprintf(stderr, "\nrequest at ply %d: %s\n", ply,
			got == STORE_OK ? "made" : store_errmsg(s));
	return rid;
}

/* The state of request `rid` (REQUEST_NONE when it cannot be read). */
static enum request_state state_of(struct store *s, long long rid)
{
	struct match_request r = {0};

	return store_request_get(s, rid, &r) == STORE_OK ? r.state
							 : REQUEST_NONE;
}

/* A draw offer between two terminals: pending at the moves stored, with
 * an id of its own, answered once; a new one is another request; none
 * for a finished match. */
static void test_draw_request(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, r1, r2;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);
	struct match_request r = {0};

	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &mid), STORE_OK);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, &r), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_request_get(s, 12345, &r), STORE_NOT_FOUND);
	ask(s, mid, REQUEST_DRAW, 1, 200, STORE_ERR); /* not the moves */
	r1 = ask(s, mid, REQUEST_DRAW, 0, 200, STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, r1), REQUEST_PENDING);
	CU_ASSERT_EQUAL_FATAL(store_request_pending(s, mid, &r), STORE_OK);
	CU_ASSERT_EQUAL(r.id, r1);
	CU_ASSERT_EQUAL(r.match_id, mid);
	CU_ASSERT_EQUAL(r.kind, REQUEST_DRAW);
	CU_ASSERT_EQUAL(r.ply, 0);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, r1 + 1, REQUEST_DRAW, true, 220),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, r1, REQUEST_DRAW, false, 220),
		STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, r1), REQUEST_DECLINED);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, r1, REQUEST_DRAW, true, 220),
		STORE_NOT_FOUND); /* answered once */
	CU_ASSERT_EQUAL(state_of(s, r1), REQUEST_DECLINED);
	r2 = ask(s, mid, REQUEST_DRAW, 0, 210, STORE_OK);
	CU_ASSERT_NOT_EQUAL(r2, r1);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, r2, REQUEST_DRAW, true, 220),
		STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, r2), REQUEST_ACCEPTED);
	CU_ASSERT_EQUAL(state_of(s, r1), REQUEST_DECLINED);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, 300),
		STORE_OK);
	ask(s, mid, REQUEST_DRAW, 0, 310, STORE_ERR);
	store_close(s);
}

/* The cheat of issue 22: a pending request is never replaced by another
 * (a second one is refused, whoever asks), and an answer counts only for
 * the request it names, of the kind it was asked as: a yes to an undo
 * never agrees to a draw, nor a yes to a draw to an undo. */
static void test_request_not_replaced(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], mid, undo, draw;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);

	mid = fx_play(s, &h, 4);
	undo = ask(s, mid, REQUEST_UNDO, 4, 200, STORE_OK);
	CU_ASSERT_EQUAL(ask(s, mid, REQUEST_DRAW, 4, 201, STORE_EXISTS), 0);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot save the request: another request is "
			       "waiting for its answer");
	ask(s, mid, REQUEST_UNDO, 4, 201, STORE_EXISTS);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, undo, REQUEST_DRAW, true, 210),
		STORE_NOT_FOUND); /* not the question asked */
	CU_ASSERT_EQUAL(state_of(s, undo), REQUEST_PENDING);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid + 1, undo, REQUEST_UNDO, true, 210),
		STORE_NOT_FOUND); /* not that match's */
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, undo, REQUEST_UNDO, true, 220),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 2);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT status FROM matches"
					    " WHERE id = ?1",
					    mid, buf),
			       "unfinished");

	/* the other way round: a draw offered, an undo refused */
	draw = ask(s, mid, REQUEST_DRAW, 2, 230, STORE_OK);
	ask(s, mid, REQUEST_UNDO, 2, 231, STORE_EXISTS);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, draw, REQUEST_UNDO, true, 240),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 2);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, draw, REQUEST_DRAW, true, 240),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 2);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM match_requests"
				    " WHERE match_id = ?1",
				    mid),
			2);
	store_close(s);
}

/* A request the match moved past (a move) or that outlived its match
 * reads as withdrawn: it cannot be answered, and holds no place. */
static void test_request_withdrawn(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, old, next;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);
	struct match_request r = {0};

	mid = fx_play(s, &h, 4);
	old = ask(s, mid, REQUEST_DRAW, 4, 200, STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 7, 5, 5000), STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, old), REQUEST_WITHDRAWN);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, &r), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, old, REQUEST_DRAW, true, 210),
		STORE_NOT_FOUND);
	next = ask(s, mid, REQUEST_UNDO, 5, 220, STORE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM match_requests"
				    " WHERE state = 'withdrawn' AND id = ?1",
				    old),
			1);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, 230),
		STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, next), REQUEST_WITHDRAWN);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, next, REQUEST_UNDO, true, 240),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 5);
	store_close(s);
}

/* Version 10's requests table (draw offers only), with a row, and its
 * matches without their stored turns (version 13's). */
#define MATCH_REQUESTS_V10                                                     \
	FX_UNDO_V12                                                            \
	"DROP TABLE match_requests;"                                           \
	"CREATE TABLE match_requests ("                                        \
	" match_id INTEGER PRIMARY KEY REFERENCES matches (id),"               \
	" kind TEXT NOT NULL CHECK (kind IN ('draw')),"                        \
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 0 AND 676),"                 \
	" state TEXT NOT NULL"                                                 \
	"  CHECK (state IN ('pending', 'accepted', 'declined')),"              \
	" created_at INTEGER NOT NULL CHECK (created_at >= 0)"                 \
	") STRICT;"                                                            \
	"INSERT INTO match_requests VALUES (1, 'draw', 0, 'declined', 150);"   \
	"PRAGMA user_version = 10;"

/* A version 10 database keeps its requests, and then takes undos: the
 * schema is a new file's. */
static void test_migrate_v10_requests(void)
{
	char path[FX_PATH_SIZE], want[FX_SNAP_SIZE], got[FX_SNAP_SIZE],
		buf[FX_SNAP_SIZE];
	long long ids[3], mid;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);

	mid = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL_FATAL(mid, 1);
	store_close(s);
	fx_schema_text(path, want);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, MATCH_REQUESTS_V10),
			      SQLITE_OK);
	s = fx_open_ok(path);
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, got), want);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(match_id || kind"
			     " || ply || state || created_at)"
			     " FROM match_requests",
			     0, buf),
		"1draw0declined150");
	ask(s, mid, REQUEST_UNDO, 2, 200, STORE_OK);
	store_close(s);
}

/* An undo between two terminals: asked only by the player to move with
 * two moves of their own to take back; declined, nothing moves;
 * accepted, the two moves go in the answer's own transaction and the
 * turn of the move to play starts at `now`; answered once. */
static void test_undo_request(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, rid;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);
	struct match_header h2 = fx_ranked(ids[0], ids[2], 100);
	struct match_request r = {0};

	mid = fx_play(s, &h2, 0);
	ask(s, mid, REQUEST_UNDO, 0, 200, STORE_ERR);
	mid = fx_play(s, &h, 4);
	ask(s, mid, REQUEST_UNDO, 3, 200, STORE_ERR);
	ask(s, mid, REQUEST_UNDO, 5, 200, STORE_ERR);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, &r), STORE_NOT_FOUND);
	rid = ask(s, mid, REQUEST_UNDO, 4, 200, STORE_OK);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, &r), STORE_OK);
	CU_ASSERT_EQUAL(r.kind, REQUEST_UNDO);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_UNDO, false, 210),
		STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, rid), REQUEST_DECLINED);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 4);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, &r), STORE_NOT_FOUND);

	rid = ask(s, mid, REQUEST_UNDO, 4, 220, STORE_OK);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_UNDO, true, 230),
		STORE_OK);
	CU_ASSERT_EQUAL(state_of(s, rid), REQUEST_ACCEPTED);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 2);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT max(ply) FROM match_moves"
				    " WHERE match_id = ?1",
				    mid),
			2);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT last_active_at * 1000000"
				    " + turn_started_ms FROM matches"
				    " WHERE id = ?1",
				    mid),
			230 * 1000000LL + 230000);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_UNDO, true, 240),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 2);
	/* the moves are played again; a draw offer takes none back */
	CU_ASSERT_EQUAL(store_match_move(s, mid, 3, 7, 4, 3000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 4, 8, 4, 4000), STORE_OK);
	rid = ask(s, mid, REQUEST_DRAW, 4, 250, STORE_OK);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, &r), STORE_OK);
	CU_ASSERT_EQUAL(r.kind, REQUEST_DRAW);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_DRAW, true, 260),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 4);
	store_close(s);
}

/* An accepted undo whose match moved on (or ended) meanwhile changes
 * nothing at all. The opening's stones are never taken back, nor any
 * while the colours are open. */
static void test_undo_request_refused(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, rid;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);

	mid = fx_play(s, &h, 4);
	rid = ask(s, mid, REQUEST_UNDO, 4, 200, STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 7, 5, 5000), STORE_OK);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_UNDO, true, 210),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 5);
	rid = ask(s, mid, REQUEST_UNDO, 5, 220, STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, 230),
		STORE_OK);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_UNDO, true, 240),
		STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 5);
	ask(s, mid, REQUEST_UNDO, 5, 250, STORE_ERR);

	h.game.opening = OPENING_SWAP2;
	mid = fx_play(s, &h, 4);
	ask(s, mid, REQUEST_UNDO, 4, 300, STORE_ERR);
	CU_ASSERT_EQUAL(store_match_seats(s, mid, ids[0], ids[1], 3, true),
			STORE_OK);
	ask(s, mid, REQUEST_UNDO, 4, 300, STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 7, 5, 5000), STORE_OK);
	rid = ask(s, mid, REQUEST_UNDO, 5, 310, STORE_OK);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_UNDO, true, 320),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, mid), 3);
	store_close(s);
}

/* ==== Clocks in the store ================================================ */

/* The stored turn of match `mid`: when it began, in Unix ms. */
static long long turn_of(const char *path, long long mid)
{
	return fx_path_int(
		path, "SELECT turn_started_ms FROM matches WHERE id = ?1", mid);
}

/* The first whole second at which `ms` (Unix ms) is gone. */
static long long second_after(long long ms)
{
	return (ms + 999) / 1000;
}

/* The cheat of issue 22: the mover leaves (a pause), comes back and
 * leaves again; none of it gives time back. The win on time is decided
 * from the stored turn alone: its start, its time, the grace. */
static void test_clock_not_dodged(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, t0, end;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);

	h.game.time = fx_time(20, 0, 0);
	mid = fx_play(s, &h, 2); /* black to move */
	t0 = turn_of(path, mid);
	CU_ASSERT_EQUAL(store_match_pause(s, mid, t0 + 15000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_pause(s, mid, t0 + 21000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_pause(s, mid, t0 + 22000), STORE_OK);
	CU_ASSERT_EQUAL(turn_of(path, mid), t0);
	end = second_after(t0 + 20000 + 3000);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 2,
						  3, end - 1),
			STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 2, 3, end),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).wins, 1);
	store_close(s);
}

/* A tic-tac-toe match with `n` of these moves stored, 20 s a move:
 *   X O X
 *   X O .
 *   O X .     (the seventh, c2, made) */
static long long tictactoe_played(struct store *s, const long long ids[], int n)
{
	static const int moves[][2] = {
		{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 0}, {2, 0}, {2, 1},
	};
	struct match_header h = fx_ranked(ids[0], ids[1], 100);
	long long mid;
	int i;

	h.game.variant.name = "tictactoe";
	h.game.variant.rows = h.game.variant.cols = h.game.variant.k = 3;
	h.game.time = fx_time(20, 0, 0);
	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &mid), STORE_OK);
	for (i = 0; i < n; i++)
		CU_ASSERT_EQUAL_FATAL(store_match_move(s, mid, i + 1,
						       moves[i][0], moves[i][1],
						       1000LL * (i + 1)),
				      STORE_OK);
	return mid;
}

/* Claim tictactoe_played() match `id` (`n` moves) on time for
 * `result` once its 20 s and a grace of 3 s are gone. */
static enum store_status claim_when_gone(struct store *s, const char *path,
					 long long id, enum match_result result,
					 int n)
{
	return store_match_claim_timeout(
		s, id, result, n, 3,
		second_after(turn_of(path, id) + 20000 + 3000));
}

/* Match `id`'s status, result and reason run together, into buf. */
static const char *outcome_of(const char *path, long long id, char *buf)
{
	return fx_path_text(path,
			    "SELECT status || result || reason FROM matches"
			    " WHERE id = ?1",
			    id, buf);
}

/* Out of time is a draw when the claimant can no longer make K in a
 * row, which the store decides from the stored position: after seven
 * moves of tic-tac-toe white's flag is a draw (black's only open line,
 * column c, needs two moves with white's in between and one cell
 * left), counted as a tie for both; a move earlier black's flag is
 * white's win (column b). */
static void test_claim_timeout_draw(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], drawn, won;
	struct store *s = fx_club(path, ids);

	drawn = tictactoe_played(s, ids, 7);
	CU_ASSERT_EQUAL(claim_when_gone(s, path, drawn, RESULT_BLACK_WIN, 7),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(outcome_of(path, drawn, buf),
			       "finisheddrawtimeout");
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).ties, 1);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).ties, 1);
	won = tictactoe_played(s, ids, 6);
	CU_ASSERT_EQUAL(claim_when_gone(s, path, won, RESULT_WHITE_WIN, 6),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(outcome_of(path, won, buf),
			       "finishedwhitetimeout");
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).wins, 1);
	store_close(s);
}

/* The mover's own process that saw its flag finishes the match on
 * time, and the store holds it to the stored position as a claim:
 * after seven moves of tic-tac-toe only a draw, a move earlier only the
 * other side's win. */
static void test_finish_timeout_draw(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], drawn, won;
	struct store *s = fx_club(path, ids);

	drawn = tictactoe_played(s, ids, 7);
	CU_ASSERT_EQUAL(store_match_finish(s, drawn, RESULT_BLACK_WIN,
					   REASON_TIMEOUT, 200),
			STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, drawn, RESULT_DRAW, REASON_TIMEOUT, 200),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(outcome_of(path, drawn, buf),
			       "finisheddrawtimeout");
	won = tictactoe_played(s, ids, 6);
	CU_ASSERT_EQUAL(
		store_match_finish(s, won, RESULT_DRAW, REASON_TIMEOUT, 200),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_finish(s, won, RESULT_WHITE_WIN,
					   REASON_TIMEOUT, 200),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(outcome_of(path, won, buf),
			       "finishedwhitetimeout");
	store_close(s);
}

/* Both players back at one terminal (a hot-seat resume) give the move
 * what it had left when play stopped, and no more; its turn then runs
 * from the resume. */
static void test_clock_resumed(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, t0, at, used, back;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);

	h.game.time = fx_time(30, 0, 0);
	mid = fx_play(s, &h, 2);
	t0 = turn_of(path, mid);
	at = t0 / 1000 + 10;
	CU_ASSERT_EQUAL(store_match_pause(s, mid, 1000 * at), STORE_OK);
	used = 1000 * at - t0;
	back = at + 3600;
	CU_ASSERT_EQUAL(store_match_resume(s, mid, back), STORE_OK);
	CU_ASSERT_EQUAL(turn_of(path, mid), 1000 * back);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT turn_allowed_ms FROM matches"
				    " WHERE id = ?1",
				    mid),
			30000 - used);
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(
			s, mid, RESULT_WHITE_WIN, 2, 3,
			second_after(1000 * back + 30000 - used + 3000) - 1),
		STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(
			s, mid, RESULT_WHITE_WIN, 2, 3,
			second_after(1000 * back + 30000 - used + 3000)),
		STORE_OK);
	store_close(s);
}

/* The cheat of issue 22: the claim for an abandoned match counts from
 * the turn's start (the last move), not from a log-in or a pause. */
static void test_claim_from_turn(void)
{
	const long long week = 7 * 86400;
	char path[FX_PATH_SIZE];
	long long ids[3], mid, t0;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);

	mid = fx_play(s, &h, 3); /* white to move, untimed */
	t0 = turn_of(path, mid);
	CU_ASSERT_EQUAL(store_match_pause(s, mid, t0 + 6 * 86400 * 1000LL),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_claim(s, mid, RESULT_BLACK_WIN, 3,
					  second_after(t0) + week - 1),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim(s, mid, RESULT_BLACK_WIN, 3,
					  second_after(t0) + week),
			STORE_OK);
	store_close(s);
}

/* ==== Sessions end with the password =================================== */

/* The presence rows, challenges and requests, with fx_snapshot()'s
 * counters and moves, as one text in buf[FX_SNAP_SIZE]. */
static const char *live_snapshot(const char *path, char *buf)
{
	char counters[FX_SNAP_SIZE], rows[FX_SNAP_SIZE];

	fx_snapshot(path, counters);
	fx_path_text(
		path,
		"SELECT (SELECT group_concat(pid || state || refreshed_at ||"
		" coalesce(match_id, 0), ';') FROM presence) || '|' ||"
		" (SELECT group_concat(id || state || coalesce(match_id, 0),"
		" ';') FROM challenges) || '|' || (SELECT group_concat(id ||"
		" state, ';') FROM match_requests)",
		0, rows);
	snprintf(buf, FX_SNAP_SIZE, "%.2000s|%.2000s", counters, rows);
	return buf;
}

/* The cheat of issue 22 between terminals: once another process changed
 * alice's password, her old session can neither show her here, nor
 * ask, answer, challenge, accept or decline: STORE_STALE, nothing
 * written. Logging out still clears the row; logged in again, she
 * answers and accepts. */
static void test_stale_session_live(void)
{
	static const char one[] = "$argon2id$v=19$m=8,t=1,p=1$b25l$one";
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], mid, cid, rid, other = 0, t = 90000;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);
	struct challenge c = a_challenge(ids[1], ids[0], t);
	struct match_header accepted = fx_ranked(ids[1], ids[0], t + 3);
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};

	accepted.game.time = c.game.time;
	/* the challenge before the match: after it, it would offer it */
	CU_ASSERT_EQUAL_FATAL(store_challenge_new(s, &c, &sent), STORE_OK);
	cid = sent.id;
	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &mid), STORE_OK);
	rid = ask(s, mid, REQUEST_DRAW, 0, t, STORE_OK);
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	CU_ASSERT_EQUAL(store_presence_set(s, 42, ids[0], 0, t), STORE_OK);
	fx_passwd_elsewhere(path, ids[0], one);
	live_snapshot(path, before);
	CU_ASSERT_EQUAL(store_presence_set(s, 42, ids[0], mid, t + 1),
			STORE_STALE);
	CU_ASSERT_EQUAL(store_stale_player(s), ids[0]);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_DRAW, true, t + 2),
		STORE_STALE);
	CU_ASSERT_EQUAL(
		store_request_new(s, mid, REQUEST_DRAW, 0, t + 2, &other),
		STORE_STALE);
	c = a_challenge(ids[0], ids[2], t + 2);
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &sent), STORE_STALE);
	CU_ASSERT_EQUAL(
		store_challenge_accept(s, cid, &accepted, t + 3, &other),
		STORE_STALE);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, cid, CHALLENGE_DECLINED, t + 3),
		STORE_STALE);
	CU_ASSERT_EQUAL(store_stale_player(s), ids[0]);
	CU_ASSERT_EQUAL(other, 0);
	CU_ASSERT_STRING_EQUAL(live_snapshot(path, after), before);
	CU_ASSERT_EQUAL(store_presence_clear(s, 42), STORE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM presence", 0),
			0);

	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_DRAW, false, t + 4),
		STORE_OK);
	CU_ASSERT_EQUAL(
		store_challenge_accept(s, cid, &accepted, t + 4, &other),
		STORE_OK);
	CU_ASSERT_NOT_EQUAL(other, 0);
	store_close(s);
}

/* ==== Seats: one seat, one process ======================================= */

/* Player `who`'s seat in match `mid` at `now_ms`, as connection s sees
 * it. */
static struct seat_lease seat_of(struct store *s, long long mid, long long who,
				 long long now_ms)
{
	struct seat_lease l = {true, true, true, -1, -1};

	CU_ASSERT_EQUAL(store_seat_get(s, mid, who, now_ms, &l), STORE_OK);
	return l;
}

/* A lease is taken, renewed, refused to a second holder while it runs,
 * and free to take once it lapsed; the first holder then can neither
 * renew it nor write to the match. */
static void test_seat_lease(void)
{
	const long long t = 1700000000000LL, L = STORE_SEAT_LEASE_MS;
	char path[FX_PATH_SIZE];
	long long ids[3], mid, other;
	struct store *s = fx_club(path, ids), *s2 = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], t / 1000);
	struct match_header h2 = fx_ranked(ids[0], ids[2], t / 1000);
	struct seat_lease l;

	mid = fx_play(s, &h, 2); /* black (alice) to move */
	other = fx_play(s, &h2, 0);
	l = seat_of(s2, mid, ids[0], t);
	CU_ASSERT(!l.taken && !l.live && !l.mine);
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[0], false, t), STORE_OK);
	l = seat_of(s, mid, ids[0], t + 1);
	CU_ASSERT(l.taken && l.live && l.mine);
	CU_ASSERT_EQUAL(l.until_ms, t + L);
	l = seat_of(s2, mid, ids[0], t + 1);
	CU_ASSERT(l.taken && l.live && !l.mine);
	/* a second process of alice's: refused while the lease runs */
	CU_ASSERT_EQUAL(store_seat_take(s2, mid, ids[0], false, t + 1000),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(store_seat_renew(s, other, t + 5000), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_seat_renew(s, mid, t + 5000), STORE_OK);
	CU_ASSERT_EQUAL(seat_of(s2, mid, ids[0], t).until_ms, t + 5000 + L);
	CU_ASSERT_EQUAL(store_seat_take(s2, mid, ids[0], false, t + 4999 + L),
			STORE_EXISTS);
	CU_ASSERT(seat_of(s2, mid, ids[0], t + 4999 + L).live);
	/* lapsed: alice left the game; the seat is free */
	CU_ASSERT(!seat_of(s2, mid, ids[0], t + 5000 + L).live);
	CU_ASSERT_EQUAL(store_seat_take(s2, mid, ids[0], false, t + 5000 + L),
			STORE_OK);
	CU_ASSERT_EQUAL(store_seat_renew(s, mid, t + 5001 + L),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 3, 0, 0, 0), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot save the move: the match was continued "
			       "in another session");
	CU_ASSERT_EQUAL(store_match_move(s2, mid, 3, 0, 0, 0), STORE_OK);
	/* only a ranked match's players have seats in it */
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[2], false, t), STORE_ERR);
	CU_ASSERT_EQUAL(store_seat_take(s, mid + 99, ids[0], false, t),
			STORE_NOT_FOUND);
	/* s holds no seat in the other match: its writes there go on */
	CU_ASSERT_EQUAL(store_match_move(s, other, 1, 7, 7, 0), STORE_OK);
	store_close(s2);
	store_close(s);
}

/* Taken over: the second session holds the seat at once, and every write
 * of the first for that match is refused; its release leaves the new
 * holder's lease alone. */
static void test_seat_takeover(void)
{
	const long long t = 1700000000000LL;
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], mid, rid = 0, me;
	struct store *s = fx_club(path, ids), *s2 = fx_open_ok(path);
	struct store *bob = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], t / 1000);

	h.game.time = fx_time(30, 0, 0);
	mid = fx_play(s, &h, 5); /* white (bob) to move */
	me = t / 1000 + 3600;
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[0], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_seat_take(bob, mid, ids[1], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_request_new(bob, mid, REQUEST_DRAW, 5, me, &rid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_seat_take(s2, mid, ids[0], true, t + 1000),
			STORE_OK);
	CU_ASSERT(seat_of(s2, mid, ids[0], t + 1000).mine);
	CU_ASSERT(!seat_of(s, mid, ids[0], t + 1000).mine);
	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(
		store_request_answer(s, mid, rid, REQUEST_DRAW, true, me),
		STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_WHITE_WIN, REASON_RESIGN, me),
		STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(s, mid, RESULT_BLACK_WIN, 5, 3, me),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_pause(s, mid, 1000 * me), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s, mid, 3), STORE_ERR);
	CU_ASSERT_EQUAL(store_seat_renew(s, mid, t + 2000), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(state_of(s, rid), REQUEST_PENDING);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	CU_ASSERT_EQUAL(store_seat_release(s, t + 2000), STORE_OK);
	CU_ASSERT(seat_of(bob, mid, ids[0], t + 2000).live);
	/* the new session answers and plays */
	CU_ASSERT_EQUAL(
		store_request_answer(s2, mid, rid, REQUEST_DRAW, false, me),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(bob, mid, 6, 0, 0, 0), STORE_OK);
	CU_ASSERT_EQUAL(store_request_new(s, mid, REQUEST_DRAW, 6, me, &rid),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 7, 0, 1, 0), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s2, mid, 7, 0, 1, 0), STORE_OK);
	store_close(bob);
	store_close(s2);
	store_close(s);
}

/* A connection that took no seat in a match writes nothing to it while
 * another holds a seat there that has not lapsed by the store's clock:
 * a second session of a player (the login's "Play your move now", a
 * resignation from the menu) cannot play beside the one at the seat.
 * Once that lease is released or lapsed, the write goes through. */
static void test_seat_less_write(void)
{
	/* a lease taken a year from now has not lapsed by the store's
	 * clock; one taken in 2023 has */
	const long long live = 1000LL * (time(NULL) + 366 * 86400);
	const long long t = 1700000000000LL;
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], mid, rid = 0, me = t / 1000 + 60;
	struct store *s = fx_club(path, ids), *s2 = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], t / 1000);

	mid = fx_play(s, &h, 2); /* black (alice) to move */
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[0], false, live), STORE_OK);
	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_move(s2, mid, 3, 0, 0, 0), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s2),
			       "cannot save the move: the match is open in "
			       "another session");
	CU_ASSERT_EQUAL(store_match_finish(s2, mid, RESULT_WHITE_WIN,
					   REASON_RESIGN, me),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_request_new(s2, mid, REQUEST_DRAW, 2, me, &rid),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s2, mid, 1), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_pause(s2, mid, 1000 * me), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_abandon(s2, mid, me), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	/* the holder itself writes on */
	CU_ASSERT_EQUAL(store_match_move(s, mid, 3, 0, 0, 0), STORE_OK);
	/* released (it leaves the game): the seat-less write goes through */
	CU_ASSERT_EQUAL(store_seat_release(s, t), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s2, mid, 4, 0, 1, 0), STORE_OK);
	/* a lease that lapsed long ago does not stop it either */
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[1], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s2, mid, 5, 0, 2, 0), STORE_OK);
	store_close(s2);
	store_close(s);
}

/* Opponent gone: a win against a player whose lease lapsed (or was
 * released) is claimed only after the grace, counted from the lapse as
 * committed, only in an untimed match with that player to move, only by
 * the other player at their seat; coming back puts it off. */
static void test_claim_gone(void)
{
	const long long t = 1700000000000LL, L = STORE_SEAT_LEASE_MS;
	const long long G = 1000LL * 120; /* the club's default grace */
	static const char one[] = "$argon2id$v=19$m=8,t=1,p=1$b25l$one";
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	char before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], mid, timed;
	struct store *s = fx_club(path, ids), *bob = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], t / 1000);

	mid = fx_play(s, &h, 3); /* white (bob) to move */
	CU_ASSERT_EQUAL(store_seat_take(bob, mid, ids[1], false, t), STORE_OK);
	/* alice not at her seat here: refused */
	CU_ASSERT_EQUAL(
		store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3, t + L + G),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[0], false, t), STORE_OK);
	/* bob's lease lapses at t + L: not before the grace after that */
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3,
					       t + L + G - 1),
			STORE_ERR);
	/* bob is back */
	CU_ASSERT_EQUAL(store_seat_take(bob, mid, ids[1], false, t + L + 60000),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3, t + L + G),
		STORE_ERR);
	/* bob leaves (q): the grace counts from then */
	CU_ASSERT_EQUAL(store_seat_release(bob, t + L + 70000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3,
					       t + L + 70000 + G - 1),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_WHITE_WIN, 3,
					       t + L + 70000 + G),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 2,
					       t + L + 70000 + G),
			STORE_ERR);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 0);
	/* alice's password changed since her session began: her claim is
	 * refused as stale and writes nothing; logged in again, it stands */
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	fx_passwd_elsewhere(path, ids[0], one);
	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3,
					       t + L + 70000 + G),
			STORE_STALE);
	CU_ASSERT_EQUAL(store_stale_player(s), ids[0]);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	store_session_end(s, ids[0]);
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3,
					       t + L + 70000 + G),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT status || result || reason"
					    " FROM matches WHERE id = ?1",
					    mid, buf),
			       "finishedblackabandoned");
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 1);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).losses, 1);
	/* a timed match is claimed on time, not by the grace */
	h.game.time = fx_time(30, 0, 0);
	timed = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(store_seat_take(s, timed, ids[0], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_seat_take(bob, timed, ids[1], false, t),
			STORE_OK);
	CU_ASSERT_EQUAL(store_seat_release(bob, t), STORE_OK);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, timed, RESULT_BLACK_WIN, 3,
					       t + 10 * G),
			STORE_ERR);
	store_close(bob);
	store_close(s);
}

/* The grace of a gone opponent does not run while they are locked out
 * of logging in; their seat says when it ends, as the claim decides. */
static void test_claim_gone_paused(void)
{
	const long long t = 1700000000000LL;
	const long long G = 1000LL * 120; /* the club's default grace */
	const long long lock = 1000 * auth_lock_seconds(AUTH_LOCK_AFTER);
	char path[FX_PATH_SIZE];
	long long ids[3], mid, i;
	struct store *s = fx_club(path, ids), *bob = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], t / 1000);

	mid = fx_play(s, &h, 3); /* white (bob) to move */
	CU_ASSERT_EQUAL(store_seat_take(bob, mid, ids[1], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[0], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_seat_release(bob, t), STORE_OK); /* gone */
	CU_ASSERT_EQUAL(seat_of(s, mid, ids[1], t).claim_from_ms, t + G);
	/* a minute later, bob is locked out (guesses from anywhere) */
	for (i = 0; i < AUTH_LOCK_AFTER; i++)
		CU_ASSERT_EQUAL(
			store_login_failed(s, ids[1], "", (t + 60000) / 1000),
			STORE_OK);
	CU_ASSERT_EQUAL(seat_of(s, mid, ids[1], t).claim_from_ms, t + G + lock);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3,
					       t + G + lock - 1),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 3,
					       t + G + lock),
			STORE_OK);
	store_close(bob);
	store_close(s);
}

/* The claimant to move cannot claim against a gone opponent: they move
 * first. */
static void test_claim_gone_not_to_move(void)
{
	const long long t = 1700000000000LL;
	char path[FX_PATH_SIZE];
	long long ids[3], mid;
	struct store *s = fx_club(path, ids), *bob = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], t / 1000);

	mid = fx_play(s, &h, 4); /* black (alice) to move */
	CU_ASSERT_EQUAL(store_seat_take(s, mid, ids[0], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_seat_take(bob, mid, ids[1], false, t), STORE_OK);
	CU_ASSERT_EQUAL(store_seat_release(bob, t), STORE_OK);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 4,
					       t + 1000000),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 0, 0, 0), STORE_OK);
	CU_ASSERT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, 5,
					       t + 1000000),
			STORE_OK);
	store_close(bob);
	store_close(s);
}

/* ==== Suite ============================================================= */

/* Try every way out of match `mid` at `now` (seconds; the clocks' ms
 * from it) and check that each is refused and nothing is written. */
static void refuse_every_way_out(struct store *s, struct store *other,
				 const char *path, long long mid,
				 const long long ids[2], long long now)
{
	char before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	const long long ms = now * 1000, week = 7 * 86400;
	const int n = (int)fx_moves_of(path, mid);

	fx_snapshot(path, before);
	CU_ASSERT_NOT_EQUAL(store_match_move(s, mid, n + 1, 14, 14, ms),
			    STORE_OK);
	if (n > 0)
		CU_ASSERT_NOT_EQUAL(store_match_undo(s, mid, n - 1), STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_seats(s, mid, ids[1], ids[0], 0, true),
			    STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_pause(s, mid, ms), STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_resume(s, mid, ms), STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_finish(s, mid, RESULT_BLACK_WIN,
					       REASON_RESIGN, now),
			    STORE_OK);
	CU_ASSERT_NOT_EQUAL(
		store_match_claim(s, mid, RESULT_BLACK_WIN, n, now + 2 * week),
		STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_claim_timeout(s, mid, RESULT_BLACK_WIN,
						      n, 0, ms + week * 1000),
			    STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_seat_take(s, mid, ids[0], true, ms),
			    STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_claim_gone(s, mid, RESULT_BLACK_WIN, n,
						   ms + week * 1000),
			    STORE_OK);
	CU_ASSERT_NOT_EQUAL(store_match_abandon(other, mid, now), STORE_OK);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
}

/* Finished, claimed, aborted and abandoned are final (ARCHITECTURE.md,
 * "A match's life"): from each, every transition the table has is
 * refused by the store and writes nothing, from either player's
 * connection, a week later as at once. */
static void test_ended_is_final(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], mid, now = (long long)time(NULL);
	const long long week = 7 * 86400;
	struct store *s = fx_club(path, ids), *bob = fx_open_ok(path);
	struct match_header h = fx_ranked(ids[0], ids[1], now);
	static const char *const status =
		"SELECT status || '/' || coalesce(reason, '-')"
		" FROM matches WHERE id = ?1";

	/* finished: bob resigned */
	mid = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_finish(bob, mid, RESULT_BLACK_WIN,
					   REASON_RESIGN, now),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, status, mid, buf),
			       "finished/resign");
	refuse_every_way_out(s, bob, path, mid, ids, now);
	refuse_every_way_out(bob, s, path, mid, ids, now + week);
	/* claimed: white's turn left a week */
	mid = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(
		store_match_claim(s, mid, RESULT_BLACK_WIN, 3, now + week + 60),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, status, mid, buf),
			       "finished/abandoned");
	refuse_every_way_out(s, bob, path, mid, ids, now + week + 60);
	/* aborted: resigned before white's first move */
	mid = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_finish(bob, mid, RESULT_BLACK_WIN,
					   REASON_RESIGN, now),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, status, mid, buf),
			       "aborted/-");
	refuse_every_way_out(s, bob, path, mid, ids, now);
	/* abandoned: both agreed it counts for nobody */
	mid = fx_play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_abandon(s, mid, now), STORE_OK);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, status, mid, buf),
			       "abandoned/-");
	refuse_every_way_out(bob, s, path, mid, ids, now + week);
	store_close(bob);
	store_close(s);
}

static CU_TestInfo tests[] = {
	{"live matches listed; data_version; one writer per ply",
	 test_live_matches},
	{"the change descriptor wakes a waiter once a commit is there",
	 test_change_fd},
	{"presence: per process, stale rows ignored", test_presence},
	{"challenges expire after a minute", test_challenge_expiry},
	{"a challenge's game is stored and read back whole",
	 test_challenge_game},
	{"accepting a challenge starts its match", test_challenge_accept},
	{"one challenge pending per pair, either way",
	 test_challenge_one_per_pair},
	{"a decline or a withdrawal: five minutes before the next",
	 test_challenge_cooldown},
	{"a player may refuse every challenge for the session",
	 test_challenge_refused_all},
	{"settled challenges are deleted, but for the cooldown's",
	 test_challenge_rows_deleted},
	{"a challenge offers the pair's unfinished match",
	 test_challenge_offers_unfinished},
	{"two players have one unfinished match, whatever the flow",
	 test_one_match_between_two},
	{"a match ended is final: every way out refused, nothing written",
	 test_ended_is_final},
	{"a rematch: the pair's settled match, the colours swapped",
	 test_challenge_rematch},
	{"a rematch offered is found by its match, behind another challenge",
	 test_rematch_pending},
	{"a win on time is claimed only when the time is gone",
	 test_claim_timeout},
	{"out of time is a draw when the claimant cannot win any more",
	 test_claim_timeout_draw},
	{"a flag finished by its own side is held to the position",
	 test_finish_timeout_draw},
	{"draw offers between terminals are answered once", test_draw_request},
	{"a pending request is never replaced; an answer names its request",
	 test_request_not_replaced},
	{"a request the match moved past is withdrawn", test_request_withdrawn},
	{"an undo between terminals: the answer takes the moves back",
	 test_undo_request},
	{"an undo refused: moved on, ended, or the opening's stones",
	 test_undo_request_refused},
	{"leaving and coming back never gives time back",
	 test_clock_not_dodged},
	{"a hot-seat resume gives the move what it had left",
	 test_clock_resumed},
	{"the claim for an abandoned match counts from the turn",
	 test_claim_from_turn},
	{"a version 10 database keeps its requests and takes undos",
	 test_migrate_v10_requests},
	{"a stale session writes no presence, request or challenge",
	 test_stale_session_live},
	{"a seat's lease: taken, renewed, refused to another, lapsed",
	 test_seat_lease},
	{"a seat taken over: the old session can write nothing more",
	 test_seat_takeover},
	{"no seat-less write beside a live seat", test_seat_less_write},
	{"a gone opponent's match is claimed after the grace", test_claim_gone},
	{"the grace does not run while the gone player is locked out",
	 test_claim_gone_paused},
	{"a gone opponent is claimed against only on their turn",
	 test_claim_gone_not_to_move},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_live_suite = {"store_live", fx_suite_init, fx_suite_cleanup,
				 NULL,	       NULL,	      tests};
