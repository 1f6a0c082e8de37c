/* test_store_names.c -- tests for names that look alike in the store
 * (src/store_names.c, and store_add_player()'s check): the keys kept
 * with every player, the look-up both ways (a username against other
 * players' usernames and nicknames, a nickname against their usernames
 * too), decided by what is committed whatever a handle saw before, and
 * the players already there keyed by migration 12. Each test uses
 * throw-away databases (tests/store_fixture.h).
 */
#include <stdbool.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <sqlite3.h>

#include "store.h"
#include "store_fixture.h"

#define HASH FX_HASH_BOB

/* The number of players in the database at `path`. */
static long long players_in(const char *path)
{
	return fx_path_int(path, "SELECT count(*) FROM players", -1);
}

/* Whether `name` looks like a name of a player other than `self`, as
 * store_name_lookalike() says (asserting it can tell). */
static bool alike(struct store *s, const char *name, long long self)
{
	bool found = false;

	CU_ASSERT_EQUAL(store_name_lookalike(s, name, self, &found), STORE_OK);
	return found;
}

/* Usernames are checked like nicknames: a new username like another's
 * username (rn for m, 0 for o, 1 and I for l), a new username like
 * another's nickname, a new nickname like another's username or
 * nickname: each refused, nothing written. One's own two names may look
 * alike; a taken username is still "taken". */
static void test_add_both_ways(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id = 0;
	struct store *s;

	s = fx_club(path, ids); /* alice Alice, bob Bob, carol Carol */
	CU_ASSERT_EQUAL(store_add_player(s, "mallory", "Trent", HASH, 5, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_add_player(s, "rnallory", "Newcomer", HASH, 5, &id),
		STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(
		store_add_player(s, "MALL0RY", "Newcomer", HASH, 5, &id),
		STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(
		store_add_player(s, "mal1ory", "Newcomer", HASH, 5, &id),
		STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(store_add_player(s, "a1ice", "Newcomer", HASH, 5, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(store_add_player(s, "aIice", "Newcomer", HASH, 5, &id),
			STORE_LOOKALIKE);
	/* a username like mallory's nickname Trent */
	CU_ASSERT_EQUAL(store_add_player(s, "TRENT", "Newcomer", HASH, 5, &id),
			STORE_LOOKALIKE);
	/* a nickname like bob's username, like mallory's nickname */
	CU_ASSERT_EQUAL(store_add_player(s, "zed", "B0B", HASH, 5, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(store_add_player(s, "zed", "trent", HASH, 5, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot add the player: a name looks like "
			       "another player's");
	CU_ASSERT_EQUAL(players_in(path), 4);
	CU_ASSERT_EQUAL(store_add_player(s, "ALICE", "Newcomer", HASH, 5, &id),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(store_add_player(s, "zed", "ZED", HASH, 5, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(players_in(path), 5);
	store_close(s);
}

/* The look-up: another player's username or nickname, in any case and
 * shape, but not the player's own (self); Chinese names only like
 * themselves. A name that cannot be keyed cannot be told (STORE_ERR),
 * and then store_add_player() writes nothing. */
static void test_lookup(void)
{
	static const char ailisi[] = "\xe7\x88\xb1\xe4\xb8\xbd\xe4\xb8\x9d";
	char path[FX_PATH_SIZE];
	long long ids[3], id = 0;
	bool found = false;
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(store_add_player(s, "dave", ailisi, HASH, 5, &id),
			STORE_OK);
	CU_ASSERT_TRUE(alike(s, "ALICE", 0));
	CU_ASSERT_TRUE(alike(s, "\xd0\xb0l\xd1\x96\xd1\x81\xd0\xb5", 0));
	CU_ASSERT_TRUE(alike(s, "Car0l", 0));
	CU_ASSERT_TRUE(alike(s, ailisi, 0));
	CU_ASSERT_FALSE(alike(s, ailisi, id));
	CU_ASSERT_FALSE(alike(s, "Alice", ids[0]));
	CU_ASSERT_TRUE(alike(s, "Alice", ids[1]));
	CU_ASSERT_FALSE(alike(s, "\xe7\x88\xb1\xe4\xb8\xbd", 0));
	CU_ASSERT_FALSE(alike(s, "malory", 0));
	CU_ASSERT_EQUAL(store_name_lookalike(s,
					     "b\xff"
					     "b",
					     0, &found),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_add_player(s, "erin",
					 "b\xff"
					 "b",
					 HASH, 5, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(players_in(path), 4);
	store_close(s);
}

/* The store decides from what is committed: a handle opened before
 * another process registered mallory (its list, if it had one, would
 * not have her) is refused rnallory all the same. */
static void test_other_handle(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id = 0;
	struct store *a, *b;
	struct plist *stale;

	a = fx_club(path, ids);
	b = fx_open_ok(path);
	stale = fx_load_players(b);
	CU_ASSERT_FALSE(alike(b, "rnallory", 0));
	CU_ASSERT_EQUAL(store_add_player(a, "mallory", "Mal", HASH, 5, &id),
			STORE_OK);
	CU_ASSERT_PTR_NULL(plist_find(stale, "mallory"));
	CU_ASSERT_TRUE(alike(b, "rnallory", 0));
	CU_ASSERT_EQUAL(store_add_player(b, "rnallory", "Rn", HASH, 6, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(players_in(path), 4);
	plist_free(stale);
	store_close(b);
	store_close(a);
}

/* Every player's four keys are stored, the nickname's even when it is
 * the username; names alike give the same keys. */
static void test_keys_stored(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3];
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM players WHERE"
				    " username_fold_key IS NULL OR"
				    " username_shape_key IS NULL OR"
				    " nickname_fold_key IS NULL OR"
				    " nickname_shape_key IS NULL",
				    -1),
			0);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT username_fold_key || ' ' ||"
			     " nickname_fold_key FROM players WHERE id = ?1",
			     ids[0], buf),
		"alice alice");
	store_close(s);
}

/* ==== Migration 12 ====================================================== */

/* The keys of every player, as one string. */
#define ALL_KEYS                                                               \
	"SELECT group_concat(id || ':' || coalesce(username_fold_key, '-')"    \
	" || coalesce(username_shape_key, '-') || '/' ||"                      \
	" coalesce(nickname_fold_key, '-') ||"                                 \
	" coalesce(nickname_shape_key, '-'), ';')"                             \
	" FROM (SELECT * FROM players ORDER BY id)"

/* A club of three players at `path` (fx_club()), and in want the schema
 * a new file has, for an upgrade to be compared with. */
static struct store *club_and_schema(char *path, long long ids[3], char *want)
{
	char fresh[FX_PATH_SIZE];

	fx_new_path(fresh, "fresh.db");
	store_close(fx_open_ok(fresh));
	fx_schema_text(fresh, want);
	return fx_club(path, ids);
}

/* A version 11 database is keyed when opened: each player gets the keys
 * a new player with the same names gets, indexed as in a new file; a
 * name that cannot be keyed gets none (and matches nothing); look-alikes
 * registered before (a1ice beside alice) do not stop the upgrade. Then
 * the old players' names are found both ways. */
static void test_migrate_v11(void)
{
	char path[FX_PATH_SIZE];
	char want[FX_SNAP_SIZE], keys[FX_SNAP_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], id = 0;
	struct store *s = club_and_schema(path, ids, want);

	CU_ASSERT_EQUAL(store_add_player(s, "mallory", "Trent", HASH, 5, &id),
			STORE_OK);
	store_close(s);
	fx_path_text(path, ALL_KEYS, 0, keys);
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, FX_UNDO_V12 "PRAGMA user_version = 11;"),
		SQLITE_OK);
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(
			path,
			"INSERT INTO players (id, username, nickname,"
			" password_hash, created_at) VALUES"
			" (9, 'a1ice', 'Twin', 'h', 9),"
			" (10, 'broken', CAST(X'62FF62' AS TEXT), 'h', 9)"),
		SQLITE_OK);

	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf), want);
	fx_path_text(path, ALL_KEYS " WHERE id < 9", 0, buf);
	CU_ASSERT_STRING_EQUAL(buf, keys);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT username_fold_key || username_shape_key"
			     " FROM players WHERE id = ?1",
			     9, buf),
		fx_path_text(path,
			     "SELECT username_fold_key || username_shape_key"
			     " FROM players WHERE id = ?1",
			     ids[0], keys));
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM players WHERE id = 10"
				    " AND username_fold_key = 'broken'"
				    " AND nickname_fold_key IS NULL",
				    -1),
			1);
	CU_ASSERT_TRUE(alike(s, "TRENT", 0));
	CU_ASSERT_TRUE(alike(s, "Twin", 0));
	CU_ASSERT_EQUAL(store_add_player(s, "trent", "T", HASH, 5, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(store_add_player(s, "zed", "BOB", HASH, 5, &id),
			STORE_LOOKALIKE);
	CU_ASSERT_EQUAL(store_add_player(s, "zed", "Zed", HASH, 5, &id),
			STORE_OK);
	store_close(s);
}

/* A version 25 database is keyed again when opened (migration 26): a
 * nickname in small capitals beside a player's name, stored with the
 * keys of before (which did not see them), is found alike after, and a
 * new look-alike is refused. */
static void test_migrate_v25(void)
{
	char path[FX_PATH_SIZE], want[FX_SNAP_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], id = 0;
	struct store *s = club_and_schema(path, ids, want);

	CU_ASSERT_EQUAL(store_add_player(s, "zed", "Zed", HASH, 5, &id),
			STORE_OK);
	store_close(s);
	/* ʙᴏʙ, keyed as version 25 keyed it: its small capitals kept */
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path,
			     FX_UNDO_V26 "UPDATE players SET nickname ="
					 " '\u0299\u1D0F\u0299',"
					 " nickname_fold_key ="
					 " '\u0299o\u0299', nickname_shape_key"
					 " = '\u0299o\u0299' WHERE id = 4;"
					 "PRAGMA user_version = 25;"),
		SQLITE_OK);
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf), want);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT nickname_fold_key ||"
					    " nickname_shape_key FROM players"
					    " WHERE id = ?1",
					    4, buf),
			       "bobbob");
	CU_ASSERT_EQUAL(store_add_player(s, "ann",
					 "\u1D00\u029F\u026A\u1D04"
					 "\u1D07",
					 HASH, 5, &id),
			STORE_LOOKALIKE); /* ᴀʟɪᴄᴇ */
	store_close(s);
}

static CU_TestInfo tests[] = {
	{"look-alikes refused both ways, nothing written", test_add_both_ways},
	{"the look-up: others' names, not one's own", test_lookup},
	{"decided by what is committed, not a stale handle", test_other_handle},
	{"every player's four keys are stored", test_keys_stored},
	{"a version 11 database gets its players keyed", test_migrate_v11},
	{"a version 25 database is keyed again", test_migrate_v25},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_names_suite = {
	"store_names", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
