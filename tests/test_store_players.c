/* test_store_players.c -- tests for the players (src/store_players.c):
 * logins, failed logins and locks, new passwords, loading the list and
 * keeping it up to date, and where a password hash may be kept. Each
 * test uses throw-away databases (tests/store_fixture.h).
 */
#include <stdbool.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <sqlite3.h>

#include "auth.h"
#include "player.h"
#include "rating.h"
#include "store.h"
#include "store_fixture.h"

/* ==== Logins ============================================================ */

/* get_login finds a player in any case, with the hash and lock state. */
static void test_get_login(void)
{
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;

	s = fx_club(path, ids);
	memset(&in, 0x55, sizeof in);
	CU_ASSERT_EQUAL(store_get_login(s, "BoB", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.id, ids[1]);
	CU_ASSERT_STRING_EQUAL(in.hash, FX_HASH_BOB);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL(store_get_login(s, "nobody", "", &in), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_get_login(s, "bob%", "", &in), STORE_NOT_FOUND);
	store_close(s);
}

/* Failed logins count up one by one and lock the account as
 * auth_lock_seconds() says (from the fifth); other players untouched. */
static void test_login_failed(void)
{
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3], lock;
	struct store *s;
	int n;

	s = fx_club(path, ids);
	CU_ASSERT(auth_lock_seconds(AUTH_LOCK_AFTER) > 0);
	for (n = 1; n <= AUTH_LOCK_AFTER + 2; n++) {
		CU_ASSERT_EQUAL(store_login_failed(s, ids[0], "", 10000 + n),
				STORE_OK);
		CU_ASSERT_EQUAL_FATAL(store_get_login(s, "alice", "", &in),
				      STORE_OK);
		CU_ASSERT_EQUAL(in.failed_logins, n);
		lock = auth_lock_seconds(n);
		CU_ASSERT_EQUAL(in.locked_until,
				lock > 0 ? 10000 + n + lock : 0);
		CU_ASSERT_EQUAL(in.locked_until != 0, n >= AUTH_LOCK_AFTER);
	}
	CU_ASSERT_EQUAL(store_get_login(s, "bob", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL(store_login_failed(s, 999999, "", 1), STORE_NOT_FOUND);
	store_close(s);
}

/* Each lock of a player's name, from any origin, is kept as a lock-out
 * of theirs; one that begins while another runs is kept from where that
 * one ends, so that their lock-outs never overlap. A name with no
 * account has none. */
static void test_lockouts(void)
{
	const long long t = 30000, first = auth_lock_seconds(AUTH_LOCK_AFTER);
	char path[FX_PATH_SIZE], want[128], buf[FX_SNAP_SIZE];
	long long ids[3];
	struct store *s = fx_club(path, ids);
	int n;

	for (n = 1; n <= AUTH_LOCK_AFTER; n++)
		CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "x", t),
				STORE_OK);
	for (n = 1; n <= AUTH_LOCK_AFTER; n++) /* from y, 10 s later */
		CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "y", t + 10),
				STORE_OK);
	for (n = 1; n <= AUTH_LOCK_AFTER; n++)
		CU_ASSERT_EQUAL(store_name_failed(s, "nobody", "x", t),
				STORE_OK);
	snprintf(want, sizeof want, "%lld-%lld %lld-%lld", t, t + first,
		 t + first, t + 10 + first);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(from_at || '-' || until_at,"
			     " ' ') FROM (SELECT * FROM lockouts"
			     " WHERE player_id = ?1 ORDER BY from_at)",
			     ids[1], buf),
		want);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM lockouts", 0),
			2);
	store_close(s);
}

/* Lock player `id` out from `origin` at `t` (enough failures). */
static void lock_out(struct store *s, long long id, const char *origin,
		     long long t)
{
	int n;

	for (n = 1; n <= AUTH_LOCK_AFTER; n++)
		CU_ASSERT_EQUAL(store_login_failed(s, id, origin, t), STORE_OK);
}

/* A player's lock-outs that ended before every unfinished match of
 * theirs began can lengthen no wait: the next lock-out forgets them.
 * Those that ended after such a match began are kept while it is
 * unfinished. */
static void test_lockouts_pruned(void)
{
	const long long t = 30000;
	char path[FX_PATH_SIZE];
	long long ids[3], mid;
	struct store *s = fx_club(path, ids);
	const struct match_header h = fx_ranked(ids[1], ids[2], t - 100);
	const char *count =
		"SELECT count(*) FROM lockouts WHERE player_id = ?1";

	lock_out(s, ids[1], "x", t);
	mid = fx_play(s, &h, 2); /* unfinished, begun before the lock-out */
	CU_ASSERT_FATAL(mid > 0);
	lock_out(s, ids[1], "y", t + 5000);
	CU_ASSERT_EQUAL(fx_path_int(path, count, ids[1]), 2);
	CU_ASSERT_EQUAL(store_match_abandon(s, mid, t + 6000), STORE_OK);
	lock_out(s, ids[1], "z", t + 9000);
	CU_ASSERT_EQUAL(fx_path_int(path, count, ids[1]), 1);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT from_at FROM lockouts"
				    " WHERE player_id = ?1",
				    ids[1]),
			t + 9000);
	store_close(s);
}

/* The cheat: locking a disconnected opponent out by guessing their
 * password, then claiming the win while they cannot log in. Failures
 * count where they come from: guesses from one origin lock that origin
 * out, the owner from another is not locked, and their success there
 * leaves the guesser's lock as it is. A name with no account, the same. */
static void test_failures_by_origin(void)
{
	const char *x = "203.0.113.7", *y = "198.51.100.2";
	const long long t = 30000;
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s = fx_club(path, ids);
	int n;

	for (n = 1; n <= AUTH_LOCK_AFTER; n++)
		CU_ASSERT_EQUAL(store_login_failed(s, ids[1], x, t + n),
				STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_get_login(s, "bob", x, &in), STORE_OK);
	CU_ASSERT(in.locked_until > t + AUTH_LOCK_AFTER);
	CU_ASSERT_EQUAL_FATAL(store_get_login(s, "bob", y, &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL_FATAL(store_get_login(s, "bob", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.locked_until, 0); /* at the machine: not locked */
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[1], y, t + 10, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_get_login(s, "BOB", x, &in), STORE_OK);
	CU_ASSERT(in.locked_until > t + 10);

	for (n = 1; n <= AUTH_LOCK_AFTER; n++)
		CU_ASSERT_EQUAL(store_name_failed(s, "ghost", x, t + n),
				STORE_OK);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "ghost", x, &in), STORE_OK);
	CU_ASSERT(in.locked_until > t + AUTH_LOCK_AFTER);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "ghost", y, &in), STORE_OK);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	store_close(s);
}

/* Failed logins older than AUTH_FAILURE_WINDOW no longer count: the next
 * one starts again from one, for a player and for a name without an
 * account alike; one exactly that old still counts. */
static void test_failures_expire(void)
{
	const long long t = 50000, later = t + AUTH_FAILURE_WINDOW;
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;
	int i;

	s = fx_club(path, ids);
	for (i = 0; i < AUTH_LOCK_AFTER - 1; i++) {
		CU_ASSERT_EQUAL(store_login_failed(s, ids[0], "", t), STORE_OK);
		CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "", t), STORE_OK);
		CU_ASSERT_EQUAL(store_name_failed(s, "ghost", "", t), STORE_OK);
		CU_ASSERT_EQUAL(store_name_failed(s, "Spectre", "", t),
				STORE_OK);
	}
	/* alice and ghost a window later: still counted, so locked */
	CU_ASSERT_EQUAL(store_login_failed(s, ids[0], "", later), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "GHOST", "", later), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, AUTH_LOCK_AFTER);
	CU_ASSERT(in.locked_until > later);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "ghost", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, AUTH_LOCK_AFTER);
	CU_ASSERT(in.locked_until > later);
	/* bob and spectre a second more: forgotten, one again, no lock */
	CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "", later + 1), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "spectre", "", later + 1),
			STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "bob", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "spectre", "", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	store_close(s);
}

/* The login_failures rows of names without an account go once they no
 * longer count (last failure older than AUTH_FAILURE_WINDOW, no lock
 * running), on the next failed-login write or successful login; the
 * others stay. */
static void test_failures_pruned(void)
{
	const long long t = 50000, later = t + AUTH_FAILURE_WINDOW + 1;
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(store_name_failed(s, "old_one", "", t), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "old_locked", "", t), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "recent", "", t + 10), STORE_OK);
	CU_ASSERT_EQUAL(fx_path_exec(path, "UPDATE login_failures SET"
					   " locked_until = 9999999999"
					   " WHERE name = 'old_locked'"),
			SQLITE_OK);
	/* a failed login of a player prunes */
	CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "", later), STORE_OK);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "old_one", "", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "old_locked", "", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "recent", "", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	/* a failed login of a name prunes; it keeps its own new row */
	CU_ASSERT_EQUAL(store_name_failed(s, "newcomer", "", later + 10),
			STORE_OK);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "recent", "", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "newcomer", "", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	/* a successful login prunes too */
	CU_ASSERT_EQUAL(store_login_succeeded(
				s, ids[0], "",
				later + 10 + AUTH_FAILURE_WINDOW + 1, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM login_failures", -1),
		1); /* old_locked, still locked */
	store_close(s);
}

/* A successful login resets failures and the lock, sets last_login_at
 * and stores a new hash only when one is given. */
static void test_login_succeeded(void)
{
	static const char rehash[] = "$argon2id$v=19$m=65536,t=2,p=1$bmV3$new";
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct plist *l;
	struct store *s;
	int i;

	s = fx_club(path, ids);
	for (i = 0; i < AUTH_LOCK_AFTER; i++)
		CU_ASSERT_EQUAL(store_login_failed(s, ids[0], "", 100),
				STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], "", 7777, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_STRING_EQUAL(in.hash, FX_HASH_ALICE);

	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], "", 8888, rehash),
			STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, rehash);
	l = fx_load_players(s);
	CU_ASSERT_EQUAL(plist_find_id(l, ids[0])->last_login_at, 8888);
	CU_ASSERT_EQUAL(plist_find_id(l, ids[1])->last_login_at, 0);
	plist_free(l);
	CU_ASSERT_EQUAL(store_get_login(s, "bob", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, FX_HASH_BOB);
	CU_ASSERT_EQUAL(store_login_succeeded(s, 999999, "", 1, NULL),
			STORE_NOT_FOUND);
	store_close(s);
}

/* set_password replaces one player's hash and no other. */
static void test_set_password(void)
{
	static const char fresh[] = "$argon2id$v=19$m=8,t=1,p=1$ZnJlc2g$fresh";
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(store_set_password(s, ids[2], fresh), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "carol", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, fresh);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, FX_HASH_ALICE);
	CU_ASSERT_EQUAL(store_set_password(s, 999999, fresh), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_set_password(s, ids[2], ""), STORE_ERR);
	CU_ASSERT_EQUAL(store_get_login(s, "carol", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, fresh);
	store_close(s);
}

/* ==== Sessions end with the password =================================== */

/* The generation moves with every change of the password, by one, and
 * never with a login or a rehash at login (a new hash of the same
 * password); other players' stay. */
static void test_password_gen(void)
{
	static const char rehash[] = "$argon2id$v=19$m=65536,t=2,p=1$bmV3$new";
	static const char fresh[] = "$argon2id$v=19$m=8,t=1,p=1$ZnJlc2g$fresh";
	char path[FX_PATH_SIZE];
	struct store_login in;
	long long ids[3], gen;
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL_FATAL(store_get_login(s, "alice", "", &in), STORE_OK);
	gen = in.gen;
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], "", 7777, rehash),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], "", 7778, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, rehash);
	CU_ASSERT_EQUAL(in.gen, gen);
	CU_ASSERT_EQUAL(store_set_password(s, ids[0], fresh), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.gen, gen + 1);
	CU_ASSERT_EQUAL(store_set_password(s, ids[0], rehash), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.gen, gen + 2);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT password_gen FROM players"
				    " WHERE id = ?1",
				    ids[1]),
			0);
	store_close(s);
}

/* The cheat of issue 22: a session that logged in before another
 * process changed the password cannot change it (nor anything else,
 * see the match and live suites): refused, nothing written. The
 * session that changes it keeps the new generation and can change it
 * again; a new login can too. */
static void test_session_stale_password(void)
{
	static const char one[] = "$argon2id$v=19$m=8,t=1,p=1$b25l$one";
	static const char two[] = "$argon2id$v=19$m=8,t=1,p=1$dHdv$two";
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s, *other;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_session(other, "alice"), ids[0]);
	CU_ASSERT_EQUAL(store_stale_player(s), 0);
	CU_ASSERT_EQUAL(store_set_password(other, ids[0], one), STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(other, ids[0], two), STORE_OK);
	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(store_set_password(s, ids[0], one), STORE_STALE);
	CU_ASSERT_EQUAL(store_stale_player(s), ids[0]);
	CU_ASSERT_PTR_NOT_NULL(strstr(store_errmsg(s), "password changed"));
	CU_ASSERT_EQUAL(store_get_login(s, "alice", "", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, two);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	CU_ASSERT_EQUAL(store_stale_player(s), 0); /* the last call's */
	/* bob's session is not alice's */
	CU_ASSERT_EQUAL(fx_session(s, "bob"), ids[1]);
	CU_ASSERT_EQUAL(store_set_password(s, ids[1], one), STORE_OK);
	/* logged in again: the current generation */
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	CU_ASSERT_EQUAL(store_set_password(s, ids[0], one), STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(other, ids[0], two), STORE_STALE);
	store_close(other);
	store_close(s);
}

/* A handle holds STORE_SESSIONS_MAX players' sessions, one each; a
 * session ended frees its place and its player writes unchecked. */
static void test_session_slots(void)
{
	static const char one[] = "$argon2id$v=19$m=8,t=1,p=1$b25l$one";
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(STORE_SESSIONS_MAX, 2);
	CU_ASSERT_EQUAL(store_session_begin(s, ids[0], 5), STORE_OK);
	CU_ASSERT_EQUAL(store_session_begin(s, ids[0], 0), STORE_OK);
	CU_ASSERT_EQUAL(store_session_begin(s, ids[1], 0), STORE_OK);
	CU_ASSERT_EQUAL(store_session_begin(s, ids[2], 0), STORE_ERR);
	CU_ASSERT_EQUAL(store_session_begin(s, 0, 0), STORE_ERR);
	store_session_end(s, ids[2]); /* none is fine */
	store_session_end(s, ids[1]);
	CU_ASSERT_EQUAL(store_session_begin(s, ids[2], 7), STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(s, ids[2], one), STORE_STALE);
	store_session_end(s, ids[2]);
	CU_ASSERT_EQUAL(store_set_password(s, ids[2], one), STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(s, ids[0], one), STORE_OK);
	store_close(s);
}

/* ==== Loading the list ================================================== */

/* read_players appends every player in id order with all the fields, and
 * leaves the list as it was when it cannot. */
static void test_load_players(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid;
	struct plist *l;
	struct player *p;
	struct store *s;
	int i = 0;

	fx_new_path(path, "empty.db");
	s = fx_open_ok(path);
	l = fx_load_players(s);
	CU_ASSERT_EQUAL(plist_count(l), 0);
	plist_free(l);
	store_close(s);

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[1], ids[2], RESULT_WHITE_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[2], "", 4242, NULL),
			STORE_OK);
	l = fx_load_players(s);
	CU_ASSERT_EQUAL_FATAL(plist_count(l), 3);
	for (p = plist_first(l); p != NULL; p = p->next, i++)
		CU_ASSERT_EQUAL(p->id, ids[i]);
	p = plist_find(l, "CAROL");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->username, "carol");
	CU_ASSERT_STRING_EQUAL(p->nickname, "Carol");
	CU_ASSERT_EQUAL(p->created_at, 1002);
	CU_ASSERT_EQUAL(p->last_login_at, 4242);
	CU_ASSERT_EQUAL(p->rec.wins, 1);
	CU_ASSERT_EQUAL(p->rec.score, 1);
	CU_ASSERT(p->rec.rating > RATING_START);
	CU_ASSERT_DOUBLE_EQUAL(plist_find(l, "alice")->rec.rating, RATING_START,
			       1e-12);

	/* Reading them again would duplicate every name: refused, list
	 * kept. */
	CU_ASSERT_EQUAL(store_top_players(s, NULL, PLIST_BY_SCORE, 10, l),
			STORE_ERR);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(plist_count(l), 3);
	CU_ASSERT_EQUAL(plist_last(l)->id, ids[2]);
	plist_free(l);
	store_close(s);
}

/* reload_player sees what another connection wrote: in place for a
 * player in the list, appended for a new one, NOT_FOUND for none. */
static void test_reload_player(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, dave;
	struct store *a, *b;
	struct player *p;
	struct plist *l;

	a = fx_club(path, ids);
	b = fx_open_ok(path);
	l = fx_load_players(a);
	p = plist_find_id(l, ids[0]);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(fx_a_match(b, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(b, ids[0], "", 31337, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(p->rec.games, 0);
	CU_ASSERT_EQUAL(store_reload_player(a, l, ids[0]), STORE_OK);
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, ids[0]), p);
	CU_ASSERT_EQUAL(p->rec.games, 1);
	CU_ASSERT_EQUAL(p->rec.wins, 1);
	CU_ASSERT_EQUAL(p->last_login_at, 31337);
	fx_assert_record(p->rec, fx_record_of(b, ids[0]));
	CU_ASSERT_EQUAL(plist_find_id(l, ids[1])->rec.games, 0);

	CU_ASSERT_EQUAL(
		store_add_player(b, "dave", "Dave", FX_HASH_BOB, 77, &dave),
		STORE_OK);
	CU_ASSERT_EQUAL(store_reload_player(a, l, dave), STORE_OK);
	CU_ASSERT_EQUAL(plist_count(l), 4);
	CU_ASSERT_STRING_EQUAL(plist_last(l)->username, "dave");
	CU_ASSERT_EQUAL(store_reload_player(a, l, 999999), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(plist_count(l), 4);
	plist_free(l);
	store_close(b);
	store_close(a);
}

/* ==== Live lists ========================================================= */

/* True when l's players are in increasing id order. */
static bool ids_ascending(const struct plist *l)
{
	const struct player *p;

	for (p = plist_first(l); p != NULL && p->next != NULL; p = p->next)
		if (p->id >= p->next->id)
			return false;
	return true;
}

/* refresh_players brings the live list up to date with what another
 * handle committed: a match changes both players in place (same nodes),
 * and nothing else moves; a new player stays out until read into it. */
static void test_refresh_sees_others(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, dave;
	struct player *alice, *bob, *carol;
	struct store *a, *b;
	struct plist *l;

	a = fx_club(path, ids);
	b = fx_open_ok(path);
	l = fx_live_players(a);
	alice = plist_find_id(l, ids[0]);
	bob = plist_find_id(l, ids[1]);
	carol = plist_find_id(l, ids[2]);
	CU_ASSERT_FATAL(alice != NULL && bob != NULL && carol != NULL);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK); /* no news */
	CU_ASSERT_EQUAL(plist_count(l), 3);

	CU_ASSERT_EQUAL(fx_a_match(b, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_add_player(b, "dave", "Dave", FX_HASH_BOB, 77, &dave),
		STORE_OK);
	CU_ASSERT_EQUAL(alice->rec.games, 0);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_STRING_EQUAL(store_errmsg(a), "");
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, ids[0]), alice);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "bob"), bob);
	fx_assert_record(alice->rec, fx_record_of(b, ids[0]));
	fx_assert_record(bob->rec, fx_record_of(b, ids[1]));
	CU_ASSERT_EQUAL(alice->rec.wins, 1);
	CU_ASSERT_EQUAL(bob->rec.losses, 1);
	CU_ASSERT_EQUAL(carol->rec.games, 0);
	CU_ASSERT_EQUAL(plist_count(l), 3);
	CU_ASSERT_PTR_NULL(plist_find(l, "dave"));
	CU_ASSERT(ids_ascending(l));

	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK); /* no news */
	CU_ASSERT_EQUAL(plist_count(l), 3);
	plist_free(l);
	store_close(b);
	store_close(a);
}

/* A list of the players shown (store_watch_players()) starts empty and
 * holds whom it is read: a player found by name (in any case) or id
 * joins it, once; a refresh updates those players in place after
 * another handle's match, and leaves out the players not shown, a new
 * one among them; a list that is not empty is refused. */
static void test_watch_players(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], mid, dave;
	struct player *alice = NULL, *again = NULL, *none = NULL;
	struct store *a, *b;
	struct plist *l = plist_create(), *full;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	a = fx_club(path, ids);
	b = fx_open_ok(path);
	full = fx_load_players(a);
	CU_ASSERT_EQUAL(store_watch_players(a, full), STORE_ERR);
	CU_ASSERT_EQUAL(store_watch_players(a, l), STORE_OK);
	CU_ASSERT_EQUAL(plist_count(l), 0);
	CU_ASSERT_EQUAL(store_find_player(a, l, "ALICE", &alice), STORE_OK);
	CU_ASSERT_FATAL(alice != NULL && alice->id == ids[0]);
	CU_ASSERT_EQUAL(store_find_player(a, l, "alice", &again), STORE_OK);
	CU_ASSERT_PTR_EQUAL(again, alice);
	CU_ASSERT_EQUAL(store_find_player(a, l, "nobody", &none),
			STORE_NOT_FOUND);
	CU_ASSERT_PTR_NULL(none);
	CU_ASSERT_EQUAL(store_reload_player(a, l, ids[2]),
			STORE_OK); /* carol */
	CU_ASSERT_EQUAL(plist_count(l), 2);

	CU_ASSERT_EQUAL(fx_a_match(b, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_add_player(b, "dave", "Dave", FX_HASH_BOB, 77, &dave),
		STORE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_EQUAL(plist_count(l), 2); /* neither bob nor dave */
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, ids[0]), alice);
	fx_assert_record(alice->rec, fx_record_of(b, ids[0]));
	CU_ASSERT_EQUAL(alice->rec.wins, 1);
	CU_ASSERT_PTR_NULL(plist_find(l, "bob"));
	CU_ASSERT_PTR_NULL(plist_find(l, "dave"));
	CU_ASSERT_EQUAL(store_reload_player(a, l, ids[1]), STORE_OK); /* bob */
	CU_ASSERT_EQUAL(plist_find(l, "bob")->rec.losses, 1);
	CU_ASSERT_EQUAL(store_find_player(a, l, "Dave", &none), STORE_OK);
	CU_ASSERT_EQUAL(plist_count(l), 4);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK); /* no news */
	CU_ASSERT_EQUAL(plist_count(l), 4);
	plist_free(full);
	plist_free(l);
	store_close(b);
	store_close(a);
}

/* The handle's own writes are seen without a reload, and so is a change
 * made by another tool straight in SQLite (the triggers stamp it): a new
 * nickname lands in the same node. */
static void test_refresh_own_and_raw(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct player *carol;
	struct store *a;
	struct plist *l;

	a = fx_club(path, ids);
	l = fx_live_players(a);
	carol = plist_find(l, "carol");
	CU_ASSERT_PTR_NOT_NULL_FATAL(carol);
	CU_ASSERT_EQUAL(store_login_succeeded(a, ids[2], "", 5150, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(carol->last_login_at, 0);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_EQUAL(carol->last_login_at, 5150);

	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "UPDATE players SET nickname ="
				     " 'Caroline the Great' WHERE id = 3"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "carol"), carol);
	CU_ASSERT_STRING_EQUAL(carol->nickname, "Caroline the Great");
	CU_ASSERT_EQUAL(plist_count(l), 3);
	plist_free(l);
	store_close(a);
}

/* A refresh reads only the rows stamped since the last one, never every
 * row: bob's row, changed behind the stamp's back, stays as the list had
 * it, while alice's stamped change arrives. */
static void test_refresh_reads_only_changes(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct store *a, *b;
	struct plist *l;

	a = fx_club(path, ids);
	b = fx_open_ok(path);
	l = fx_live_players(a);
	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "UPDATE players SET wins = wins + 1,"
				     " games = games + 1, score = score + 1"
				     " WHERE username = 'bob';"
				     "UPDATE players SET changed_seq = 0"
				     " WHERE username = 'bob';"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(b, ids[0], "", 4321, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_EQUAL(plist_find(l, "alice")->last_login_at, 4321);
	CU_ASSERT_EQUAL(plist_find(l, "bob")->rec.wins, 0);
	CU_ASSERT_EQUAL(fx_record_of(b, ids[1]).wins, 1);
	plist_free(l);
	store_close(b);
	store_close(a);
}

/* Every change to a listed column stamps the row with the next value of
 * the counter, one per change; changes the list does not hold (a failed
 * login, a new password) stamp nothing. */
static void test_change_stamps(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], mid, seq;
	struct store *s;

	s = fx_club(path, ids);
	seq = fx_path_int(path, "SELECT seq FROM player_change_seq", 0);
	CU_ASSERT_EQUAL(seq, 3); /* three players inserted */
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(changed_seq, ',')"
			     " FROM (SELECT changed_seq FROM players"
			     " ORDER BY id)",
			     0, buf),
		"1,2,3");
	CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "", 100), STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(s, ids[1], FX_HASH_CAROL), STORE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT seq FROM player_change_seq", 0), 3);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[2], ids[0], RESULT_DRAW, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT seq FROM player_change_seq", 0), 5);
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT changed_seq FROM players WHERE id = ?1",
			    ids[1]),
		2);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT min(changed_seq) FROM players"
				    " WHERE id IN (1, 3)",
				    0),
			4);
	store_close(s);
}

/* One live list per handle: refreshing a list the handle did not make
 * live last is refused and changes nothing. */
static void test_refresh_other_list(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct plist *first, *second, *never;
	struct store *s;

	s = fx_club(path, ids);
	never = plist_create();
	CU_ASSERT_PTR_NOT_NULL_FATAL(never);
	CU_ASSERT_EQUAL(store_refresh_players(s, never), STORE_ERR);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(plist_count(never), 0);
	first = fx_live_players(s);
	second = fx_live_players(s);
	CU_ASSERT_EQUAL(store_refresh_players(s, first), STORE_ERR);
	CU_ASSERT_EQUAL(store_refresh_players(s, second), STORE_OK);
	CU_ASSERT_EQUAL(plist_count(first), 3);
	plist_free(never);
	plist_free(second);
	plist_free(first);
	store_close(s);
}

/* ==== Password hashes =================================================== */

/* Count `hash` in the database file and its -wal file. */
static int count_hash(const char *path, const char *hash)
{
	char wal[FX_PATH_SIZE];

	fx_with_suffix(wal, path, "-wal");
	return fx_count_in_file(path, hash) + fx_count_in_file(wal, hash);
}

/* A hash lives in players.password_hash and nowhere else: not in other
 * tables or indexes, not in error messages, and a replaced hash does not
 * linger in the file. */
static void test_hash_only_in_players(void)
{
	static const char new_alice[] = "$argon2id$v=19$m=65536,t=2,p=1$"
					"bmV3YWxpY2U$NEWaliceHASH";
	static const char new_bob[] = "$argon2id$v=19$m=8,t=1,p=1$bmV3Ym9i$"
				      "NEWbobHASHlonger0123456789";
	static const char intruder[] = "$argon2id$v=19$m=8,t=1,p=1$aW50cnVk$"
				       "INTRUDERhash";
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], mid, id;
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_DRAW, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_failed(s, ids[0], "", 50), STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], "", 60, new_alice),
			STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(s, ids[1], new_bob), STORE_OK);
	CU_ASSERT_EQUAL(store_add_player(s, "ALICE", "x", intruder, 1, &id),
			STORE_EXISTS);
	CU_ASSERT_PTR_NULL(strstr(store_errmsg(s), "argon2id"));
	CU_ASSERT_EQUAL(store_add_player(s, "a!", "x", intruder, 1, &id),
			STORE_ERR);
	CU_ASSERT_PTR_NULL(strstr(store_errmsg(s), "argon2id"));
	store_close(s);

	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT password_hash FROM players"
					    " WHERE id = ?1",
					    ids[0], buf),
			       new_alice);
	CU_ASSERT_EQUAL(count_hash(path, new_alice), 1);
	CU_ASSERT_EQUAL(count_hash(path, new_bob), 1);
	CU_ASSERT_EQUAL(count_hash(path, FX_HASH_CAROL), 1);
	CU_ASSERT_EQUAL(count_hash(path, FX_HASH_ALICE), 0);
	CU_ASSERT_EQUAL(count_hash(path, FX_HASH_BOB), 0);
	CU_ASSERT_EQUAL(count_hash(path, intruder), 0);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM players"
				    " WHERE password_hash LIKE '$argon2id$%'",
				    0),
			3);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"get_login finds a player in any case", test_get_login},
	{"login_failed counts up and locks after five", test_login_failed},
	{"login_succeeded resets and rehashes", test_login_succeeded},
	{"failures lock where they come from", test_failures_by_origin},
	{"each lock is a lock-out of the player's, none overlapping",
	 test_lockouts},
	{"lock-outs that can lengthen no wait are forgotten",
	 test_lockouts_pruned},
	{"failed logins older than a day no longer count",
	 test_failures_expire},
	{"login_failures rows that no longer count are deleted",
	 test_failures_pruned},
	{"set_password replaces one hash", test_set_password},
	{"the password's generation moves only when it changes",
	 test_password_gen},
	{"a stale session cannot change the password",
	 test_session_stale_password},
	{"a handle holds two sessions, one a player", test_session_slots},
	{"load_players reads all, in id order", test_load_players},
	{"reload_player sees another connection", test_reload_player},
	{"refresh sees another connection's match and player",
	 test_refresh_sees_others},
	{"refresh sees own writes and raw SQL", test_refresh_own_and_raw},
	{"a list of the players shown holds those read into it",
	 test_watch_players},
	{"refresh reads only the changed rows",
	 test_refresh_reads_only_changes},
	{"every listed change stamps the row", test_change_stamps},
	{"refresh only the handle's live list", test_refresh_other_list},
	{"a hash is stored only in players.password_hash",
	 test_hash_only_in_players},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_players_suite = {
	"store_players", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
