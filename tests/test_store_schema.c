/* test_store_schema.c -- tests for opening the store and its schema
 * (src/store_schema.c, on the connection src/store_db.c makes): the
 * folders, file modes and pragmas a database gets, processes opening one
 * new file at once, the migrations from every older version (rolled back
 * whole when one fails) and the constraints the tables keep. Each test
 * uses throw-away databases (tests/store_fixture.h); plain SQLite
 * connections look at, and tamper with, the files from outside.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/CUnit.h>
#include <sqlite3.h>

#include "player.h"
#include "store.h"
#include "store_fixture.h"

#define APP_ID 0x476F6D6B /* "Gomk" */

/* ==== Opening =========================================================== */

/* Open makes the missing folder 0700 and the file 0600, and SQLite's -wal
 * and -shm files are 0600 too, whatever the umask. */
static void test_open_modes(void)
{
	char dir[FX_PATH_SIZE], path[FX_PATH_SIZE], side[FX_PATH_SIZE];
	mode_t old = umask(0);
	struct store *s;
	long long id;

	fx_new_path(dir, "newdir");
	fx_with_suffix(path, dir, "/club.db");
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_mode_of(dir), 0700);
	CU_ASSERT_EQUAL(fx_mode_of(path), 0600);
	CU_ASSERT_EQUAL(
		store_add_player(s, "alice", "A", FX_HASH_ALICE, 1, &id),
		STORE_OK);
	fx_with_suffix(side, path, "-wal");
	CU_ASSERT_EQUAL(fx_mode_of(side), 0600);
	fx_with_suffix(side, path, "-shm");
	CU_ASSERT_EQUAL(fx_mode_of(side), 0600);
	store_close(s);
	umask(old);

	/* A folder where the file should be. */
	s = NULL;
	CU_ASSERT_EQUAL(store_open(fx_tmpdir(), &s), STORE_CANT_OPEN);
	store_close(s);
}

static sqlite3 *captured_db;

/* SQLite auto-extension: remember each new connection. */
static int capture_db(sqlite3 *db, char **err, const sqlite3_api_routines *api)
{
	(void)err;
	(void)api;
	captured_db = db;
	return SQLITE_OK;
}

/* Open a store at `path` and return the SQLite connection it made. */
static sqlite3 *open_captured(const char *path, struct store **s)
{
	captured_db = NULL;
	CU_ASSERT_EQUAL(sqlite3_auto_extension((void (*)(void))capture_db),
			SQLITE_OK);
	CU_ASSERT_EQUAL(store_open(path, s), STORE_OK);
	sqlite3_cancel_auto_extension((void (*)(void))capture_db);
	CU_ASSERT_PTR_NOT_NULL(captured_db);
	return captured_db;
}

/* Check the pragmas on one of the store's connections. */
static void check_pragmas(sqlite3 *db)
{
	char buf[FX_SNAP_SIZE];

	CU_ASSERT_STRING_EQUAL(fx_raw_text(db, "PRAGMA journal_mode", 0, buf),
			       "wal");
	CU_ASSERT_EQUAL(fx_raw_int(db, "PRAGMA synchronous", 0), 2);
	CU_ASSERT_EQUAL(fx_raw_int(db, "PRAGMA foreign_keys", 0), 1);
	CU_ASSERT_EQUAL(fx_raw_int(db, "PRAGMA busy_timeout", 0), 5000);
	CU_ASSERT_EQUAL(fx_raw_int(db, "PRAGMA secure_delete", 0), 1);
}

/* Open makes every missing folder above the file, each 0700 even under
 * a umask of 022, as mkdir -p; a file in the way is named and nothing
 * below it is made. */
static void test_open_folders(void)
{
	char top[FX_PATH_SIZE], mid[FX_PATH_SIZE], dir[FX_PATH_SIZE];
	char path[FX_PATH_SIZE], want[FX_PATH_SIZE + 40];
	mode_t old = umask(022);
	struct store *s;

	fx_new_path(top, "a");
	fx_with_suffix(mid, top, "/b");
	fx_with_suffix(dir, mid, "/c");
	fx_with_suffix(path, dir, "/club.db");
	s = fx_open_ok(path);
	store_close(s);
	CU_ASSERT_EQUAL(fx_mode_of(top), 0700);
	CU_ASSERT_EQUAL(fx_mode_of(mid), 0700);
	CU_ASSERT_EQUAL(fx_mode_of(dir), 0700);
	CU_ASSERT_EQUAL(fx_mode_of(path), 0600);
	umask(old);

	/* Folders that exist are kept as they are, their modes included. */
	CU_ASSERT_EQUAL_FATAL(chmod(mid, 0755), 0);
	fx_with_suffix(path, mid, "/d/club.db");
	s = fx_open_ok(path);
	store_close(s);
	CU_ASSERT_EQUAL(fx_mode_of(mid), 0755);

	/* A file where a folder should be. */
	fx_with_suffix(path, dir, "/club.db/e/club.db");
	s = NULL;
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_CANT_OPEN);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	snprintf(want, sizeof want, "cannot make the folder %s/club.db: ", dir);
	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), want, strlen(want)), 0);
	fx_with_suffix(path, dir, "/club.db/e");
	CU_ASSERT_EQUAL(fx_mode_of(path), -1);
	store_close(s);
}

/* Every connection gets WAL, synchronous=FULL, foreign keys and a busy
 * timeout: the first one (which makes the file) and a later one. */
static void test_open_pragmas(void)
{
	char path[FX_PATH_SIZE];
	struct store *a = NULL, *b = NULL;
	sqlite3 *db;

	fx_new_path(path, "pragmas.db");
	db = open_captured(path, &a);
	if (db != NULL)
		check_pragmas(db);
	db = open_captured(path, &b);
	if (db != NULL)
		check_pragmas(db);
	store_close(b);
	store_close(a);
}

/* Make an SQLite database with no tables at `path` (it has a header and
 * a page, unlike a 0-byte file). Return 0 or -1. */
static int make_empty_sqlite(const char *path)
{
	sqlite3 *db = NULL;
	int rc;

	rc = sqlite3_open_v2(path, &db,
			     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "CREATE TABLE t (x); DROP TABLE t;", NULL,
				  NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

/* A new file, and an empty SQLite file, get the whole current schema:
 * our application id, the latest user_version, STRICT tables. */
static void test_new_schema(void)
{
	char path[FX_PATH_SIZE];
	struct store *s;
	long long id;
	int i;

	CU_ASSERT(store_schema_version() >= 2);
	for (i = 0; i < 2; i++) {
		fx_new_path(path, "schema.db");
		if (i == 1) /* an empty SQLite database, not a 0-byte file */
			CU_ASSERT_EQUAL_FATAL(make_empty_sqlite(path), 0);
		s = fx_open_ok(path);
		store_close(s);
		CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA application_id", 0),
				APP_ID);
		CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
				store_schema_version());
		CU_ASSERT_EQUAL(
			fx_path_int(path,
				    "SELECT count(*) FROM pragma_table_list"
				    " WHERE name IN ('players', 'matches',"
				    " 'match_moves') AND strict = 1",
				    0),
			3);
		CU_ASSERT_EQUAL(fx_path_int(path,
					    "SELECT wr FROM pragma_table_list"
					    " WHERE name = 'match_moves'",
					    0),
				1);
	}

	/* Opening again keeps what is there. */
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(
		store_add_player(s, "keeper", "K", FX_HASH_ALICE, 5, &id),
		STORE_OK);
	store_close(s);
	s = fx_open_ok(path);
	store_close(s);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM players", 0),
			1);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
}

#define OPENERS	    6
#define RACE_ROUNDS 10

/* In a child: wait for the start signal on `fd`, open `path` and exit 0
 * when that worked. */
static void opener(int fd, const char *path)
{
	struct store *s = NULL;
	char go;
	int ok;

	ok = read(fd, &go, 1) == 1 && store_open(path, &s) == STORE_OK;
	if (!ok)
		fprintf(stderr, "opener: %s\n", store_errmsg(s));
	store_close(s);
	_exit(ok ? 0 : 1);
}

/* Start OPENERS processes that open `path` at the same moment; assert
 * that each one succeeded. */
static void race_open(const char *path)
{
	char go[OPENERS] = {0};
	pid_t pids[OPENERS];
	int fds[2], i, status;

	CU_ASSERT_EQUAL_FATAL(pipe(fds), 0);
	fflush(NULL);
	for (i = 0; i < OPENERS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(fds[1]);
			opener(fds[0], path);
		}
		CU_ASSERT(pids[i] > 0);
	}
	close(fds[0]);
	CU_ASSERT_EQUAL(write(fds[1], go, sizeof go), (ssize_t)sizeof go);
	close(fds[1]);
	for (i = 0; i < OPENERS; i++) {
		status = -1;
		if (pids[i] > 0)
			CU_ASSERT_EQUAL(waitpid(pids[i], &status, 0), pids[i]);
		CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
}

/* Several processes opening one new file at once all succeed: the one
 * that makes the schema does, the others find it made. The race is
 * run on several new files, as a lost race does not show every time. */
static void test_open_race(void)
{
	char path[FX_PATH_SIZE];
	int round;

	for (round = 0; round < RACE_ROUNDS; round++) {
		fx_new_path(path, "race.db");
		race_open(path);
		CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
				store_schema_version());
	}
}

/* ==== Migrations ======================================================== */

/* What version 9 adds, taken away again. */
#define UNDO_V9                                                                \
	"DROP INDEX login_failures_by_time;"                                   \
	"ALTER TABLE login_failures DROP COLUMN last_failed_at;"               \
	"ALTER TABLE players DROP COLUMN last_failed_at;"

/* What version 8 adds, taken away again. */
#define UNDO_V8 "DROP TABLE login_failures;"
/* What version 10 adds, taken away again. */
#define UNDO_V10                                                               \
	"DROP TABLE presence;DROP TABLE challenges;DROP TABLE match_requests;"

/* What version 6 adds to the players table, taken away again. */
#define UNDO_V6                                                                \
	"DROP TRIGGER players_inserted;"                                       \
	"DROP TRIGGER players_changed;"                                        \
	"DROP INDEX players_by_change;"                                        \
	"DROP TABLE player_change_seq;"                                        \
	"ALTER TABLE players DROP COLUMN changed_seq;"

/* Every player's columns of version 5, as one string. */
#define ALL_PLAYERS_V5                                                         \
	"SELECT group_concat(id || username || nickname || password_hash ||"   \
	" games || wins || losses || ties || score || rating || created_at ||" \
	" last_login_at || failed_logins || locked_until, ';')"                \
	" FROM (SELECT * FROM players ORDER BY id)"

/* Turn the current database at `path` into a version 1 database: what
 * version 1 made (the real first migration, run by store_open()) without
 * any table a later version adds (matches last: the others refer to it). */
static void make_v1(const char *path)
{
	char drop[FX_SNAP_SIZE];

	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, FX_UNDO_V12 UNDO_V10 UNDO_V9 UNDO_V6),
		SQLITE_OK);
	fx_path_text(path,
		     "SELECT group_concat('DROP TABLE ' || name || ';', '') ||"
		     " 'PRAGMA user_version = 1;' FROM (SELECT name FROM"
		     " sqlite_schema WHERE type = 'table' AND name <> 'players'"
		     " ORDER BY name = 'matches', name)",
		     0, drop);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, drop), SQLITE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM sqlite_schema WHERE"
				    " name LIKE 'match%'",
				    0),
			0);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM sqlite_schema WHERE"
				    " type = 'table'",
				    0),
			1);
}

/* A version 1 database with players in it is brought to the current
 * schema: the same schema as a new file, and every player kept. */
static void test_migrate_v1(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	char players[FX_SNAP_SIZE], again[FX_SNAP_SIZE];
	long long ids[3], mid;
	struct store *s;

	/* make_v1 knows what versions 2 to 34 add: a new one, check it */
	CU_ASSERT_EQUAL_FATAL(store_schema_version(), 34);
	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	store_close(s);
	fx_schema_text(path, before);
	make_v1(path);
	fx_path_text(path,
		     "SELECT group_concat(id || username || wins || losses ||"
		     " rating || password_hash, ';') FROM players",
		     0, players);

	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, after), before);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(id || username ||"
			     " wins || losses || rating ||"
			     " password_hash, ';') FROM players",
			     0, again),
		players);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 1);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 2);
	store_close(s);
}

/* A version 5 database with players and a match (its matches table in
 * version 7's layout, which migration 7 copies all the same) is brought
 * to the current schema (a new file's): every player kept, each with
 * changed_seq 0 and the counter at 0; a list loaded then follows the
 * next change. */
static void test_migrate_v5(void)
{
	char path[FX_PATH_SIZE], fresh[FX_PATH_SIZE], want[FX_SNAP_SIZE];
	char players[FX_SNAP_SIZE], buf[FX_SNAP_SIZE];
	long long ids[3], mid;
	struct store *s, *other;
	struct plist *l;

	fx_new_path(fresh, "fresh.db");
	store_close(fx_open_ok(fresh));
	fx_schema_text(fresh, want);
	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	store_close(s);
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, FX_UNDO_V12 UNDO_V10 UNDO_V9 UNDO_V8 UNDO_V6
			     "PRAGMA user_version = 5;"),
		SQLITE_OK);
	fx_path_text(path, ALL_PLAYERS_V5, 0, players);

	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf), want);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, ALL_PLAYERS_V5, 0, buf),
			       players);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT max(changed_seq) FROM players", 0),
		0);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT seq FROM player_change_seq", 0), 0);
	l = fx_live_players(s);
	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(
		fx_a_match(other, ids[1], ids[2], RESULT_BLACK_WIN, &mid),
		STORE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(s, l), STORE_OK);
	CU_ASSERT_EQUAL(plist_find(l, "bob")->rec.games, 2);
	CU_ASSERT_EQUAL(plist_find(l, "carol")->rec.losses, 1);
	plist_free(l);
	store_close(other);
	store_close(s);
}

/* A migration that fails half-way is rolled back whole: the version and
 * the tables are as they were. */
static void test_migrate_rollback(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	struct store *s;
	long long ids[3];

	s = fx_club(path, ids);
	store_close(s);
	make_v1(path);
	/* Version 2 makes matches and matches_by_black, then fails here. */
	CU_ASSERT_EQUAL(fx_path_exec(path, "CREATE TABLE matches_by_white (x)"),
			SQLITE_OK);
	fx_schema_text(path, before);
	s = NULL;
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot upgrade the database: ", 29),
		0);
	store_close(s);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 1);
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, after), before);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM players", 0),
			3);
}

/* A database from a newer Gomoku Club is refused, its bytes untouched. */
static void test_refuse_newer(void)
{
	char path[FX_PATH_SIZE];
	struct store *s;
	long long ids[3];
	size_t len = 0;
	char *bytes;

	s = fx_club(path, ids);
	store_close(s);
	CU_ASSERT_EQUAL(fx_path_exec(path, "PRAGMA user_version = 99"),
			SQLITE_OK);
	bytes = fx_read_all(path, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
	s = NULL;
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_NEWER);
	CU_ASSERT_PTR_NOT_NULL(s);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	store_close(s);
	CU_ASSERT(fx_same_bytes(bytes, len, path));
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 99);
	free(bytes);
}

/* Open `path`, expecting STORE_NOT_OURS and the file unchanged. */
static void expect_not_ours(const char *path)
{
	struct store *s = NULL;
	size_t len = 0;
	char *bytes = fx_read_all(path, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_NOT_OURS);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	store_close(s);
	CU_ASSERT(fx_same_bytes(bytes, len, path));
	free(bytes);
}

/* A text file and other programs' databases are refused, untouched. */
static void test_refuse_foreign(void)
{
	char path[FX_PATH_SIZE];

	fx_new_path(path, "notes.txt");
	CU_ASSERT_EQUAL_FATAL(fx_write_text(path, "Shopping list\n- milk\n- go "
						  "board\n- 361 stones\n"),
			      0);
	expect_not_ours(path);

	fx_new_path(path, "other.db");
	CU_ASSERT_EQUAL_FATAL(fx_write_text(path, ""), 0);
	CU_ASSERT_EQUAL(fx_path_exec(path,
				     "CREATE TABLE recipes (name TEXT);"
				     "INSERT INTO recipes VALUES ('soup');"),
			SQLITE_OK);
	expect_not_ours(path);

	fx_new_path(path, "tagged.db");
	CU_ASSERT_EQUAL_FATAL(fx_write_text(path, ""), 0);
	CU_ASSERT_EQUAL(fx_path_exec(path, "PRAGMA application_id = 42;"
					   "CREATE TABLE t (x); DROP TABLE t;"),
			SQLITE_OK);
	expect_not_ours(path);

	/* A newer-looking version without our application id. */
	fx_new_path(path, "versioned.db");
	CU_ASSERT_EQUAL_FATAL(fx_write_text(path, ""), 0);
	CU_ASSERT_EQUAL(fx_path_exec(path, "PRAGMA user_version = 99;"),
			SQLITE_OK);
	expect_not_ours(path);
}

/* ==== Constraints ======================================================= */

/* The database itself refuses bad counters, names, matches and moves. */
static void test_constraints_raw(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], mid;
	struct store *s;
	sqlite3 *db;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	fx_snapshot(path, before);
	db = fx_raw_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	CU_ASSERT(fx_refused(db, "UPDATE players SET wins = -1"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET losses = -1, games = 0,"
				 " score = 1"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET failed_logins = -1"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET games = games + 1"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET score = score + 1"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET wins = 'many'"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET username = 'x y'"
				 " WHERE username = 'alice'"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET username = 'al'"
				 " WHERE username = 'alice'"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET username = 'BOB'"
				 " WHERE username = 'alice'"));
	CU_ASSERT(fx_refused(db, "UPDATE players SET nickname = ''"));
	CU_ASSERT(fx_refused(db,
			     "INSERT INTO matches (kind, black_id, white_id,"
			     " variant, rule, rows, cols, k, result, reason,"
			     " started_at, ended_at) SELECT 'ranked', id, id,"
			     " 'gomoku', 'freestyle', 15, 15, 5, 'black',"
			     " 'five', 1, 2 FROM players LIMIT 1"));
	CU_ASSERT(fx_refused(db,
			     "INSERT INTO matches (kind, black_id, white_id,"
			     " variant, rule, rows, cols, k, result, reason,"
			     " started_at, ended_at) VALUES ('ranked', 999998,"
			     " 999999, 'gomoku', 'freestyle', 15, 15, 5,"
			     " 'black', 'five', 1, 2)"));
	CU_ASSERT(fx_refused(db,
			     "INSERT INTO matches (black_id, white_id,"
			     " variant, rule, rows, cols, k, result, reason,"
			     " started_at, ended_at) SELECT 1, 2, 'gomoku',"
			     " 'freestyle', 15, 15, 5, 'black', 'five', 1, 2"));
	CU_ASSERT(fx_refused(db, "UPDATE matches SET k = 16"));
	CU_ASSERT(fx_refused(db, "UPDATE matches SET result = 'draw'"));
	CU_ASSERT(fx_refused(db, "INSERT INTO match_moves (match_id, ply, row, "
				 "col, ms) SELECT id, 10, 26, 0, 0"
				 " FROM matches"));
	CU_ASSERT(fx_refused(db, "INSERT INTO match_moves (match_id, ply, row, "
				 "col, ms) SELECT id, 10, 14, 15,"
				 " 0 FROM matches"));
	CU_ASSERT(fx_refused(db, "INSERT INTO match_moves (match_id, ply, row, "
				 "col, ms) SELECT id, 10, 7, 3, 0"
				 " FROM matches"));
	CU_ASSERT(fx_refused(db, "UPDATE match_moves SET ms = -1"));
	CU_ASSERT(fx_refused(db, "DELETE FROM players"));
	sqlite3_close(db);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	store_close(s);
}

/* Adding players: a name taken in any case is STORE_EXISTS, names and
 * nicknames outside the limits are refused, and nothing is added. */
static void test_constraints_add(void)
{
	char path[FX_PATH_SIZE], nick[PLAYER_NICKNAME_MAX + 2];
	struct store *s;
	long long ids[3], id = -7;

	s = fx_club(path, ids);
	CU_ASSERT(ids[0] != ids[1] && ids[1] != ids[2]);
	CU_ASSERT_EQUAL(store_add_player(s, "ALICE", "x", FX_HASH_BOB, 9, &id),
			STORE_EXISTS);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(store_add_player(s, "Bob", "x", FX_HASH_BOB, 9, &id),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(store_add_player(s, "al", "x", FX_HASH_BOB, 9, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), "cannot add the player: ", 23),
			0);
	CU_ASSERT_EQUAL(store_add_player(s, "a_b-c", "x", FX_HASH_BOB, 9, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_add_player(s, "abcdefghij0123456789x", "x",
					 FX_HASH_BOB, 9, &id),
			STORE_ERR);
	memset(nick, 'n', sizeof nick - 1);
	nick[sizeof nick - 1] = '\0'; /* 81 bytes */
	CU_ASSERT_EQUAL(store_add_player(s, "dave", nick, FX_HASH_BOB, 9, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(id, -7);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM players", 0),
			3);

	nick[sizeof nick - 2] = '\0'; /* 80 bytes */
	CU_ASSERT_EQUAL(store_add_player(s, "abcdefghij0123456789", nick,
					 FX_HASH_BOB, 9, &id),
			STORE_OK);
	CU_ASSERT(id > ids[2]);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM players", 0),
			4);
	store_close(s);
}

/* The new CHECKs: each kind with its players, level and names; imported
 * games only finished; a time per move never negative. */
static void test_constraints_kinds(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3];
	struct store *s;
	sqlite3 *db;

#define INS                                                                    \
	"INSERT INTO matches (kind, status, black_id, white_id,"               \
	" black_name, white_name, ai_level, time_per_move, variant,"           \
	" rule, rows, cols, k, started_at) VALUES "
	s = fx_club(path, ids);
	store_close(s);
	fx_snapshot(path, before);
	db = fx_raw_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	CU_ASSERT(fx_refused(db,
			     INS "('ranked', 'unfinished', 1, NULL, NULL,"
				 " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db, INS "('ranked', 'unfinished', 1, 2, NULL,"
				     " NULL, 3, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db, INS "('ranked', 'unfinished', 1, 2, 'x', NULL,"
				     " NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('ranked', 'unfinished', 1, 2, NULL,"
				 " NULL, NULL, -1, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db, INS "('computer', 'unfinished', 1, 2, NULL,"
				     " NULL, 3, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('computer', 'unfinished', 1, NULL, NULL,"
				 " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db, INS "('computer', 'unfinished', NULL, 1, NULL,"
				     " NULL, 6, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db, INS "('computer', 'unfinished', NULL, 1, NULL,"
				     " NULL, 0, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('imported', 'finished', 1, NULL, 'a',"
				 " 'b', NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('imported', 'finished', NULL, NULL, 'a',"
				 " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('imported', 'unfinished', NULL, NULL,"
				 " 'a', 'b', NULL, 0, 'g', 'exact', 9, 9, 5,"
				 " 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('imported', 'finished', NULL, NULL, '',"
				 " 'b', NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	/* 11 characters of 3 bytes: 33 bytes, one over. */
	CU_ASSERT(fx_refused(db,
			     INS "('ranked', 'unfinished', 1, 2, NULL, NULL,"
				 " NULL, 0, '\u4e00\u4e8c\u4e09\u56db"
				 "\u4e94\u516d\u4e03\u516b\u4e5d\u5341"
				 "\u4e00', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(fx_refused(db,
			     INS "('friendly', 'unfinished', 1, 2, NULL,"
				 " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
#undef INS
	sqlite3_close(db);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
}

/* ==== Version 2 databases ============================================== */

/* Players, two finished ranked matches and an unfinished one, as a
 * version 2 program wrote them. */
static const char v2_rows[] =
	"INSERT INTO players (id, username, nickname, password_hash, wins,"
	" losses, ties, score, games, rating, created_at) VALUES"
	" (1, 'alice', 'Alice', '" FX_HASH_ALICE
	"', 1, 0, 1, 1, 2, 1516.5, 10),"
	" (2, 'bob', 'Bob', '" FX_HASH_BOB "', 0, 1, 1, -1, 2, 1483.5, 11),"
	" (3, 'carol', 'Carol', '" FX_HASH_CAROL "', 0, 0, 0, 0, 0, 1500, 12);"
	"INSERT INTO matches (id, status, black_id, white_id, variant, rule,"
	" rows, cols, k, result, reason, started_at, ended_at) VALUES"
	" (1, 'finished', 1, 2, 'gomoku', 'freestyle', 15, 15, 5, 'black',"
	" 'five', 100, 130),"
	" (2, 'finished', 2, 1, 'tictactoe', 'exact', 3, 3, 3, 'draw',"
	" 'full', 200, 210),"
	" (3, 'unfinished', 1, 3, 'gomoku', 'freestyle', 15, 15, 5, NULL,"
	" NULL, 300, NULL);"
	"INSERT INTO match_moves VALUES (1, 1, 7, 3, 0), (1, 2, 8, 3, 1500),"
	" (1, 3, 7, 4, 2600), (2, 1, 1, 1, 10), (2, 2, 0, 0, 20),"
	" (3, 1, 7, 7, 0), (3, 2, 7, 8, 900);";

/* The columns version 2 had, of every match, as one string. */
#define V2_MATCHES                                                             \
	"SELECT group_concat(id || status || coalesce(black_id, '-') ||"       \
	" coalesce(white_id, '-') || coalesce(ai_level, '-') || variant ||"    \
	" rule || rows || cols || k || coalesce(result, '-') ||"               \
	" coalesce(reason, '-') || started_at || coalesce(ended_at, '-'),"     \
	" ';') FROM (SELECT * FROM matches ORDER BY id)"
#define ALL_MOVES                                                              \
	"SELECT group_concat(match_id || ',' || ply || ',' || row || ',' ||"   \
	" col || ',' || ms, ';') FROM (SELECT * FROM match_moves"              \
	" ORDER BY match_id, ply)"

/* A version 2 database with matches and moves is brought to the current
 * schema (the same as a new file's): every player, match and move kept,
 * the matches ranked, the moves still tied to their matches. */
static void test_migrate_v2(void)
{
	char path[FX_PATH_SIZE], fresh[FX_PATH_SIZE], want[FX_SNAP_SIZE];
	char players[FX_SNAP_SIZE], matches[FX_SNAP_SIZE], moves[FX_SNAP_SIZE];
	char buf[FX_SNAP_SIZE];
	struct store *s;
	long long id;

	fx_new_path(fresh, "fresh.db");
	store_close(fx_open_ok(fresh));
	fx_schema_text(fresh, want);
	fx_new_path(path, "v2.db");
	fx_make_old(path, 2, v2_rows);
	fx_path_text(path, FX_ALL_PLAYERS, 0, players);
	fx_path_text(path, V2_MATCHES, 0, matches);
	fx_path_text(path, ALL_MOVES, 0, moves);

	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf), want);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, FX_ALL_PLAYERS, 0, buf),
			       players);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, V2_MATCHES, 0, buf), matches);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, ALL_MOVES, 0, buf), moves);
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM matches WHERE"
			    " kind = 'ranked' AND time_per_move = 0 AND"
			    " black_name IS NULL AND white_name IS NULL",
			    0),
		3);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT \"table\" FROM"
					    " pragma_foreign_key_list"
					    "('match_moves')",
					    0, buf),
			       "matches");
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path, "PRAGMA integrity_check", 0, buf), "ok");
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM pragma_foreign_key_check", 0),
		0);

	/* The old rows work with the new functions. */
	CU_ASSERT_EQUAL(store_match_unfinished(s, 3, &id), STORE_OK);
	CU_ASSERT_EQUAL(id, 3);
	CU_ASSERT_EQUAL(store_match_move(s, 3, 3, 8, 8, 2000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, 3, 4, 15, 0, 2000), STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, 3, RESULT_WHITE_WIN, REASON_RESIGN, 400),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_record_of(s, 3).wins, 1);
	CU_ASSERT_EQUAL(fx_record_of(s, 1).games, 3);
	store_close(s);

	/* Deleting a match still takes its moves with it. */
	CU_ASSERT_EQUAL(fx_path_exec(path, "DELETE FROM matches WHERE id = 1"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, 1), 0);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM match_moves", 0), 5);
}

/* Open `path`, expecting the upgrade to fail and the file to keep its
 * version 2 schema and rows. */
static void expect_v2_kept(const char *path)
{
	char before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	char rows[FX_SNAP_SIZE], again[FX_SNAP_SIZE];
	struct store *s = NULL;

	fx_schema_text(path, before);
	fx_path_text(path, V2_MATCHES, 0, rows);
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot upgrade the database: ", 29),
		0);
	store_close(s);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 2);
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, after), before);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, V2_MATCHES, 0, again), rows);
}

/* A version 2 database that the new tables cannot hold (a computer
 * level version 3 does not know; a move whose match is gone) is left as
 * it was: the rebuilt tables are rolled back with the rest. */
static void test_migrate_v2_refused(void)
{
	char path[FX_PATH_SIZE];

	fx_new_path(path, "v2-level.db");
	fx_make_old(path, 2,
		    "INSERT INTO players (id, username, nickname,"
		    " password_hash, created_at) VALUES"
		    " (1, 'alice', 'A', 'h', 1);"
		    "INSERT INTO matches (status, black_id, ai_level,"
		    " variant, rule, rows, cols, k, started_at) VALUES"
		    " ('unfinished', 1, 0, 'gomoku', 'freestyle', 15, 15,"
		    " 5, 9);");
	expect_v2_kept(path);

	fx_new_path(path, "v2-orphan.db");
	fx_make_old(path, 2, v2_rows);
	CU_ASSERT_EQUAL(fx_path_exec(path, "PRAGMA foreign_keys = OFF;"
					   "DELETE FROM matches WHERE id = 2;"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM match_moves", 0), 7);
	expect_v2_kept(path);
}

/* ==== Version 3 databases ============================================== */

/* Players and matches of every kind and status, as a version 3 program
 * wrote them. */
static const char v3_rows[] =
	"INSERT INTO players (id, username, nickname, password_hash, wins,"
	" losses, ties, score, games, rating, created_at) VALUES"
	" (1, 'alice', 'Alice', '" FX_HASH_ALICE "', 1, 0, 0, 1, 1, 1516, 10),"
	" (2, 'bob', 'Bob', '" FX_HASH_BOB "', 0, 1, 0, -1, 1, 1484, 11),"
	" (3, 'carol', 'Carol', '" FX_HASH_CAROL "', 0, 0, 0, 0, 0, 1500, 12);"
	"INSERT INTO matches (id, kind, status, black_id, white_id,"
	" black_name, white_name, ai_level, variant, rule, rows, cols, k,"
	" time_per_move, result, reason, started_at, ended_at) VALUES"
	" (1, 'ranked', 'finished', 1, 2, NULL, NULL, NULL, 'gomoku',"
	" 'freestyle', 15, 15, 5, 30, 'black', 'five', 100, 130),"
	" (2, 'computer', 'finished', NULL, 2, NULL, NULL, 3, 'gomoku10',"
	" 'exact', 10, 10, 5, 0, 'white', 'resign', 200, 260),"
	" (3, 'imported', 'finished', NULL, NULL, 'Black Brain',"
	" 'White Brain', NULL, 'tictactoe', 'exact', 3, 3, 3, 0, 'draw',"
	" 'full', 300, 301),"
	" (4, 'ranked', 'unfinished', 1, 3, NULL, NULL, NULL, 'gomoku',"
	" 'freestyle', 15, 15, 5, 45, NULL, NULL, 400, NULL),"
	" (5, 'ranked', 'abandoned', 3, 2, NULL, NULL, NULL, 'gomoku',"
	" 'freestyle', 15, 15, 5, 0, NULL, NULL, 500, 550);"
	"INSERT INTO match_moves VALUES (1, 1, 7, 3, 0), (1, 2, 8, 3, 1500),"
	" (1, 3, 7, 4, 2600), (2, 1, 4, 4, 10), (2, 2, 5, 5, 20),"
	" (3, 1, 1, 1, 0), (3, 2, 0, 0, 500), (4, 1, 7, 7, 0),"
	" (4, 2, 7, 8, 900), (5, 1, 3, 3, 0);";

/* The columns version 3 had, of every match, as one string. */
#define V3_MATCHES                                                             \
	"SELECT group_concat(id || kind || status || coalesce(black_id, '-')"  \
	" || coalesce(white_id, '-') || coalesce(black_name, '-') ||"          \
	" coalesce(white_name, '-') || coalesce(ai_level, '-') || variant ||"  \
	" rule || rows || cols || k || time_per_move ||"                       \
	" coalesce(result, '-') || coalesce(reason, '-') || started_at ||"     \
	" coalesce(ended_at, '-'), ';') FROM (SELECT * FROM matches"           \
	" ORDER BY id)"

/* Replace the first `from` in text[FX_SNAP_SIZE] with `to`. Return
 * false when `from` is not there. */
static bool retitle(char *text, const char *from, const char *to)
{
	char rest[FX_SNAP_SIZE];
	char *at = strstr(text, from);

	if (at == NULL)
		return false;
	snprintf(rest, sizeof rest, "%s", at + strlen(from));
	snprintf(at, FX_SNAP_SIZE - (size_t)(at - text), "%s%s", to, rest);
	return true;
}

/* Check the database at `path` after its upgrade from v3_rows: the
 * schema a new file has, the foreign keys sound, every match 'none'. */
static void check_v3_upgraded(const char *path, const char *want_schema)
{
	char buf[FX_SNAP_SIZE];

	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf), want_schema);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches"
				    " WHERE opening = 'none'",
				    0),
			5);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT \"table\" FROM"
					    " pragma_foreign_key_list"
					    "('match_moves')",
					    0, buf),
			       "matches");
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path, "PRAGMA integrity_check", 0, buf), "ok");
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM pragma_foreign_key_check", 0),
		0);
}

/* A version 3 database with matches of every kind and status is brought
 * to the current schema (a new file's): every player, match and move
 * kept, each match with the opening 'none', and the old rows work with
 * the functions (and the new rule) afterwards. */
static void test_migrate_v3(void)
{
	char path[FX_PATH_SIZE], fresh[FX_PATH_SIZE], want[FX_SNAP_SIZE];
	char players[FX_SNAP_SIZE], matches[FX_SNAP_SIZE], moves[FX_SNAP_SIZE];
	char buf[FX_SNAP_SIZE];
	struct match_full *f = malloc(sizeof *f);
	struct match_header h;
	struct store *s;
	long long id;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(store_schema_version(), 34); /* add v34 -> v35 */
	fx_new_path(fresh, "fresh.db");
	store_close(fx_open_ok(fresh));
	fx_schema_text(fresh, want);
	fx_new_path(path, "v3.db");
	fx_make_old(path, 3, v3_rows);
	fx_path_text(path, FX_ALL_PLAYERS, 0, players);
	fx_path_text(path, V3_MATCHES, 0, matches);
	fx_path_text(path, ALL_MOVES, 0, moves);

	s = fx_open_ok(path);
	check_v3_upgraded(path, want);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, FX_ALL_PLAYERS, 0, buf),
			       players);
	/* v14: the abandoned ranked match 5 had one move, so it is aborted */
	CU_ASSERT_FATAL(retitle(matches, "5rankedabandoned", "5rankedaborted"));
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, V3_MATCHES, 0, buf), matches);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, ALL_MOVES, 0, buf), moves);
	/* v5: each match last moved at its end, or (unfinished) at its
	 * start plus its last move's time; none mid-opening or paused */
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(
			path,
			"SELECT group_concat(last_active_at || ':' ||"
			" opening_stones || colours_final || clock_used_ms,"
			" ' ') FROM (SELECT * FROM matches ORDER BY id)",
			0, buf),
		"130:010 260:010 301:010 400:010 550:010");
	/* v12: each turn began when its match last moved */
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(turn_started_ms || ':' ||"
			     " turn_allowed_ms, ' ') FROM (SELECT * FROM"
			     " matches ORDER BY id)",
			     0, buf),
		"130000:30000 260000:0 301000:0 400000:45000 550000:0");
	/* v15: every password at its first generation */
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM players"
				    " WHERE password_gen = 0",
				    0),
			fx_path_int(path, "SELECT count(*) FROM players", 0));

	/* v17: the rules every process used by default (none ended on a
	 * forbidden point) */
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(claim_after_days || forbidden"
			     " || disconnect_grace, ' ') FROM (SELECT * FROM"
			     " matches ORDER BY id)",
			     0, buf),
		"7refuse120 7refuse120 7refuse120 7refuse120 7refuse120");
	/* v20: no match had a game clock; no move's time left is known */
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(clock_base || ':' ||"
			     " clock_increment || ':' || black_left_ms || ':'"
			     " || white_left_ms, ' ') FROM (SELECT * FROM"
			     " matches ORDER BY id)",
			     0, buf),
		"0:0:0:0 0:0:0:0 0:0:0:0 0:0:0:0 0:0:0:0");
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM match_moves"
				    " WHERE left_ms IS NOT NULL",
				    0),
			0);
	/* v21: every match of before is rated (casual ones are new) */
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM matches WHERE rated = 1", 0),
		fx_path_int(path, "SELECT count(*) FROM matches", 0));

	CU_ASSERT_EQUAL_FATAL(store_match_load(s, 2, f), STORE_OK);
	CU_ASSERT_EQUAL(f->kind, MATCH_COMPUTER);
	CU_ASSERT_EQUAL(f->game.variant.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(f->game.opening, OPENING_NONE);
	CU_ASSERT_EQUAL(f->nmoves, 2);
	CU_ASSERT_EQUAL(store_match_unfinished(s, 3, &id), STORE_OK);
	CU_ASSERT_EQUAL(id, 4);
	CU_ASSERT_EQUAL(store_match_move(s, 4, 3, 8, 8, 2000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_finish(s, 4, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 600),
			STORE_ERR); /* a freestyle match */
	CU_ASSERT_EQUAL(
		store_match_finish(s, 4, RESULT_WHITE_WIN, REASON_RESIGN, 600),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_record_of(s, 3).wins, 1);
	CU_ASSERT_EQUAL(fx_record_of(s, 1).games, 2);
	h = fx_ranked(1, 2, 700);
	h.game.variant.rule = RULE_RENJU;
	h.game.opening = OPENING_SWAP2;
	h.forbidden_loses = true;
	id = fx_play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 800),
			STORE_OK);
	store_close(s);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
					    "SELECT rule || opening || reason"
					    " FROM matches WHERE id = ?1",
					    id, buf),
			       "renjuswap2forbidden");
	free(f);
}

/* A version 3 database with moves whose match is gone cannot pass the
 * foreign keys of the rebuilt tables: the upgrade is rolled back, the
 * file left at version 3 with its schema and rows. */
static void test_migrate_v3_refused(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	char rows[FX_SNAP_SIZE], again[FX_SNAP_SIZE];
	struct store *s = NULL;

	fx_new_path(path, "v3-orphan.db");
	fx_make_old(path, 3, v3_rows);
	CU_ASSERT_EQUAL(fx_path_exec(path, "PRAGMA foreign_keys = OFF;"
					   "DELETE FROM matches WHERE id = 3;"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM match_moves", 0), 10);
	fx_schema_text(path, before);
	fx_path_text(path, V3_MATCHES, 0, rows);
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot upgrade the database: ", 29),
		0);
	store_close(s);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 3);
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, after), before);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, V3_MATCHES, 0, again), rows);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM match_moves", 0), 10);
}

/* ==== Version 14: matches that ended before both sides moved ========== */

/* Write record `r` as player `id`'s own counters, and as its record
 * under the freestyle rule, with plain SQLite on the file `path`. */
static void write_record(const char *path, long long id, struct player_record r)
{
	char sql[1024];

	snprintf(sql, sizeof sql,
		 "UPDATE players SET games = %d, wins = %d, losses = %d,"
		 " ties = %d, score = %d, rating = %.17g WHERE id = %lld;"
		 "INSERT OR REPLACE INTO rule_records (rule, player_id, games,"
		 " wins, losses, ties, score, rating) VALUES ('freestyle',"
		 " %lld, %d, %d, %d, %d, %d, %.17g);",
		 r.games, r.wins, r.losses, r.ties, r.score, r.rating, id, id,
		 r.games, r.wins, r.losses, r.ties, r.score, r.rating);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, sql), SQLITE_OK);
}

/* Player `id`'s record under the freestyle rule. */
static struct player_record freestyle_of(struct store *s, long long id)
{
	struct player_record r = {0};

	CU_ASSERT_EQUAL(store_rule_record(s, id, RULE_FREESTYLE, &r), STORE_OK);
	return r;
}

/* A club as version 13 left it, at path[FX_PATH_SIZE] (ids[3], the
 * matches' ids m[4]): version 13 rated every ending, so bob's
 * resignation before carol moved (m[1]) counted for both, and carol's
 * win over alice after it (m[2]) was counted from those ratings; alice
 * and carol abandoned m[3] at its first move. The file is made by this
 * version and put back as version 13 left it (the rows, the players'
 * counters and rule records, user_version 13): version 14 changes no
 * column, only the CHECK on the status, and its migration makes the
 * table again. Rows of presence, challenges and requests refer to the
 * matches. The records before m[0] go to start[3]. */
static void make_v13_club(char *path, long long ids[3], long long m[4],
			  struct player_record start[3])
{
	struct player_record bob, carol;
	struct match_header h;
	struct store *s;
	char sql[4096];
	int i;

	s = fx_club(path, ids);
	for (i = 0; i < 3; i++)
		start[i] = fx_record_of(s, ids[i]);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &m[0]),
			STORE_OK);
	bob = fx_record_of(s, ids[1]); /* the same under freestyle */
	carol = fx_expect_after(start[2], &bob, 1.0);
	bob = fx_expect_after(bob, &start[2], 0.0);
	h = fx_ranked(ids[1], ids[2], 3000);
	m[1] = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_finish(s, m[1], RESULT_WHITE_WIN,
					   REASON_RESIGN, 3010),
			STORE_OK);
	write_record(path, ids[1], bob);
	write_record(path, ids[2], carol);
	h = fx_ranked(ids[0], ids[2], 4000);
	m[2] = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL(store_match_finish(s, m[2], RESULT_WHITE_WIN,
					   REASON_RESIGN, 4010),
			STORE_OK);
	h = fx_ranked(ids[2], ids[0], 5000);
	m[3] = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_abandon(s, m[3], 5010), STORE_OK);
	store_close(s);
	snprintf(sql, sizeof sql,
		 /* what versions 15 to 21 add, taken away first */
		 FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18 FX_UNDO_V17 FX_UNDO_V16
			 FX_UNDO_V15
		 "UPDATE matches SET status = 'finished', result = 'white',"
		 " reason = 'resign' WHERE id = %lld;"
		 "UPDATE matches SET status = 'abandoned' WHERE id = %lld;"
		 "INSERT INTO presence VALUES (4242, %lld, 'playing', %lld, 9);"
		 "INSERT INTO challenges (from_id, to_id, variant, rule, rows,"
		 " cols, k, opening, time_per_move, created_at, state,"
		 " match_id) VALUES (%lld, %lld, 'gomoku', 'freestyle', 15, 15,"
		 " 5, 'none', 0, 9, 'accepted', %lld);"
		 "INSERT INTO match_requests (match_id, kind, ply, state,"
		 " created_at) VALUES (%lld, 'draw', 1, 'declined', 9);"
		 "PRAGMA user_version = 13;",
		 m[1], m[3], ids[0], m[2], ids[1], ids[2], m[1], m[1]);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, sql), SQLITE_OK);
}

/* Issue 22: the upgrade to version 14 aborts the finished ranked
 * matches that ended before both sides moved, and the abandoned ones
 * too; what they counted is taken back, so every record is what it
 * would have been without them (carol's win over alice, counted after
 * the aborted match, is counted again from the ratings without it);
 * every other row, move and reference is kept. */
static void test_migrate_aborts(void)
{
	struct player_record start[3], alice, bob, carol;
	char path[FX_PATH_SIZE], fresh[FX_PATH_SIZE];
	char want[FX_SNAP_SIZE], buf[FX_SNAP_SIZE], moves[FX_SNAP_SIZE];
	long long ids[3], m[4];
	struct store *s;

	make_v13_club(path, ids, m, start);
	fx_path_text(path, ALL_MOVES, 0, moves);
	alice = fx_expect_after(start[0], &start[1], 1.0); /* m[0] */
	bob = fx_expect_after(start[1], &start[0], 0.0);
	carol = fx_expect_after(start[2], &alice, 1.0); /* m[2] */
	alice = fx_expect_after(alice, &start[2], 0.0);

	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	fx_new_path(fresh, "fresh14.db");
	store_close(fx_open_ok(fresh));
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf),
			       fx_schema_text(fresh, want));
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT group_concat(status || coalesce(result,"
			     " '-') || coalesce(reason, '-') || ended_at, ' ')"
			     " FROM (SELECT * FROM matches ORDER BY id)",
			     0, buf),
		"finishedblackfive2013 aborted--3010 finishedwhiteresign4010 "
		"aborted--5010");
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, ALL_MOVES, 0, buf), moves);
	fx_assert_record(fx_record_of(s, ids[0]), alice);
	fx_assert_record(fx_record_of(s, ids[1]), bob);
	fx_assert_record(fx_record_of(s, ids[2]), carol);
	fx_assert_record(freestyle_of(s, ids[0]), alice);
	fx_assert_record(freestyle_of(s, ids[1]), bob);
	fx_assert_record(freestyle_of(s, ids[2]), carol);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT (SELECT count(*) FROM presence"
				    " WHERE match_id = ?1) + (SELECT count(*)"
				    " FROM challenges) + (SELECT count(*) FROM"
				    " match_requests) + (SELECT count(*) FROM"
				    " pragma_foreign_key_check)",
				    m[2]),
			3);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM sqlite_temp_schema", 0),
		0);
	store_close(s);
}

/* Each counted result's two ratings after it, as the store kept them
 * when it counted them (a result that moved none among them), and as
 * migration 32 replays them on a version 31 file: the same. */
#define RATINGS_AFTER                                                          \
	"SELECT group_concat(id || ':' || coalesce(black_after, '-') || '/'"   \
	" || coalesce(white_after, '-'), ' ') FROM (SELECT * FROM matches"     \
	" ORDER BY id)"

static void test_migrate_ratings_after(void)
{
	char path[FX_PATH_SIZE], kept[FX_SNAP_SIZE], replayed[FX_SNAP_SIZE];
	long long ids[3], fresh, id;
	struct store *s = fx_club(path, ids);
	struct match_header h;

	CU_ASSERT_EQUAL_FATAL(store_join(s, "fresh", "Fresh", "h",
					 "203.0.113.7", 1500, &fresh),
			      STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[2], ids[0], RESULT_DRAW, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, fresh, ids[1], RESULT_BLACK_WIN, &id),
			STORE_OK); /* moves no rating: fresh is new */
	CU_ASSERT_EQUAL(fx_a_match(s, ids[1], ids[2], RESULT_WHITE_WIN, &id),
			STORE_OK);
	h = fx_computer(ids[0], 0, 2, 3100);
	CU_ASSERT_EQUAL(
		fx_play_whole(s, &h, RESULT_BLACK_WIN, REASON_FIVE, &id),
		STORE_OK);
	store_close(s);
	fx_path_text(path, RATINGS_AFTER, 0, kept);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches WHERE"
				    " black_after IS NOT NULL AND"
				    " black_after = (SELECT rating FROM players"
				    " WHERE id = black_id)",
				    0),
			2); /* the last results of fresh and bob */
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches WHERE"
				    " black_after IS NULL",
				    0),
			1); /* the computer's */
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, FX_UNDO_V32 "PRAGMA user_version = 31;"),
		SQLITE_OK);
	store_close(fx_open_ok(path));
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, RATINGS_AFTER, 0, replayed),
			       kept);
}

/* Migration 33 counts a version 32 file's ranked players by (score,
 * wins), as its triggers then keep them: the counts made on the upgrade
 * are the counts kept by a club that had them all along. */
static void test_migrate_rank_groups(void)
{
	char path[FX_PATH_SIZE], kept[FX_SNAP_SIZE], counted[FX_SNAP_SIZE];
	char wanted[FX_SNAP_SIZE];
	long long ids[3], id;
	struct store *s = fx_club(path, ids);

	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[2], ids[1], RESULT_DRAW, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[1], ids[0], RESULT_BLACK_WIN, &id),
			STORE_OK);
	store_close(s);
	fx_path_text(path, FX_RANK_GROUPS, 0, kept);
	CU_ASSERT_STRING_EQUAL(kept, "0/0:1 0/1:2"); /* carol; alice, bob */
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, FX_UNDO_V33 "PRAGMA user_version = 32;"),
		SQLITE_OK);
	store_close(fx_open_ok(path));
	CU_ASSERT_STRING_EQUAL(fx_path_text(path, FX_RANK_GROUPS, 0, counted),
			       kept);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path, FX_RANK_GROUPS_WANTED, 0, wanted), kept);
}

/* For each version v from 4 to 33, what versions v + 1 to 34 add: taken
 * away from a club of today's, with "PRAGMA user_version = v;" after it,
 * a version v file (13's matches are in version 14's layout, 10's
 * requests in 11's and 6's matches in 7's: those migrations copy such a
 * table all the same). */
static const struct {
	int version;
	const char *undo;
} older[] = {
	{33, FX_UNDO_V34},
	{32, FX_UNDO_V33},
	{31, FX_UNDO_V32},
	{30, FX_UNDO_V31},
	{29, FX_UNDO_V30},
	{28, FX_UNDO_V29},
	{27, FX_UNDO_V28},
	{26, FX_UNDO_V27},
	{25, FX_UNDO_V26},
	{24, FX_UNDO_V25},
	{23, FX_UNDO_V24},
	{22, FX_UNDO_V23},
	{21, FX_UNDO_V22},
	{20, FX_UNDO_V21},
	{19, FX_UNDO_V20},
	{18, FX_UNDO_V20 FX_UNDO_V19},
	{17, FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18},
	{16, FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18 FX_UNDO_V17},
	{15, FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18 FX_UNDO_V17 FX_UNDO_V16},
	{14, FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18 FX_UNDO_V17 FX_UNDO_V16
		     FX_UNDO_V15},
	{13, FX_UNDO_V20 FX_UNDO_V19 FX_UNDO_V18 FX_UNDO_V17 FX_UNDO_V16
		     FX_UNDO_V15},
	{12, FX_UNDO_V13},
	{11, FX_UNDO_V12},
	{10, FX_UNDO_V12},
	{9, FX_UNDO_V12 UNDO_V10},
	{8, FX_UNDO_V12 UNDO_V10 UNDO_V9},
	{7, FX_UNDO_V12 UNDO_V10 UNDO_V9 UNDO_V8},
	{6, FX_UNDO_V12 UNDO_V10 UNDO_V9 UNDO_V8},
	{5, FX_UNDO_V12 UNDO_V10 UNDO_V9 UNDO_V8 UNDO_V6},
	{4, FX_UNDO_V12 UNDO_V10 UNDO_V9 UNDO_V8 UNDO_V6
	 "DROP TABLE rule_records;"},
};

/* Assert that the file at `path` opens at version 34 with the players'
 * preferences, the game clocks, the lobby, the analyses kept, rematches,
 * the leaderboards' indexes, the lock-outs and the counts by rank, in a
 * new file's schema `want`. */
static void assert_upgraded(const char *path, const char *want)
{
	char buf[FX_SNAP_SIZE];

	store_close(fx_open_ok(path));
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 34);
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM sqlite_schema WHERE"
			    " type = 'table' AND name IN"
			    " ('player_prefs', 'seeks', 'match_analyses',"
			    " 'lockouts', 'rank_groups')",
			    0),
		5);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM sqlite_schema WHERE"
				    " type = 'index' AND name IN"
				    " ('players_by_score',"
				    " 'rule_records_by_score',"
				    " 'players_by_rating', 'players_by_wins',"
				    " 'players_by_win_rate',"
				    " 'rule_records_by_rating',"
				    " 'rule_records_by_wins',"
				    " 'rule_records_by_win_rate')",
				    0),
			8);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM"
				    " pragma_table_info('challenges')"
				    " WHERE name = 'rematch_of'",
				    0),
			1);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(
			path,
			"SELECT group_concat(n, ' ') FROM (SELECT t.name"
			" || '.' || c.name AS n FROM (SELECT 'matches' AS"
			" name UNION ALL SELECT 'match_moves' UNION ALL"
			" SELECT 'challenges') t, pragma_table_info(t.name)"
			" c WHERE c.name IN ('clock_base',"
			" 'clock_increment', 'black_left_ms',"
			" 'white_left_ms', 'left_ms') ORDER BY n)",
			0, buf),
		"challenges.clock_base challenges.clock_increment"
		" match_moves.left_ms matches.black_left_ms matches.clock_base"
		" matches.clock_increment matches.white_left_ms");
	CU_ASSERT_STRING_EQUAL(fx_schema_text(path, buf), want);
}

/* A file of every version before 34 (1, 2 and 3 as test_migrate_v1,
 * _v2 and _v3 make them, the others from a club of today's, what later
 * versions add taken away) is brought to version 34: the preferences
 * table, the clock columns, the seeks, the analyses, the rematches, the
 * leaderboards' indexes, the seeks' origins, the keys made again and
 * the failed logins by origin there, the lock-outs, the club's
 * name-digits setting, where accounts were made from, who may move a
 * rating, the ratings after each result, the counts by rank, the
 * leaderboards' indexes by rating, wins and win rate, the
 * schema a new file's. */
static void test_migrate_every_version(void)
{
	char path[FX_PATH_SIZE], want[FX_SNAP_SIZE], sql[FX_SNAP_SIZE * 2];
	long long ids[3];
	size_t i;

	CU_ASSERT_EQUAL_FATAL(store_schema_version(), 34); /* a new one: add */
	fx_new_path(path, "fresh.db");
	store_close(fx_open_ok(path));
	fx_schema_text(path, want);
	for (i = 0; i < sizeof older / sizeof older[0]; i++) {
		store_close(fx_club(path, ids));
		snprintf(sql, sizeof sql, "%sPRAGMA user_version = %d;",
			 older[i].undo, older[i].version);
		CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, sql), SQLITE_OK);
		CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
				older[i].version);
		assert_upgraded(path, want);
	}
	store_close(fx_club(path, ids));
	make_v1(path);
	assert_upgraded(path, want);
	fx_new_path(path, "v2.db");
	fx_make_old(path, 2, v2_rows);
	assert_upgraded(path, want);
	fx_new_path(path, "v3.db");
	fx_make_old(path, 3, v3_rows);
	assert_upgraded(path, want);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"open makes folder 0700, file/-wal/-shm 0600", test_open_modes},
	{"open makes every missing folder 0700, as mkdir -p",
	 test_open_folders},
	{"open sets WAL, synchronous, foreign keys, timeout",
	 test_open_pragmas},
	{"a new or empty file gets the current schema", test_new_schema},
	{"a version 1 database is migrated", test_migrate_v1},
	{"a failed migration is rolled back whole", test_migrate_rollback},
	{"a newer database is refused untouched", test_refuse_newer},
	{"a text file or other database is refused", test_refuse_foreign},
	{"the schema refuses bad rows", test_constraints_raw},
	{"add_player: names taken in any case, limits", test_constraints_add},
	{"processes opening one new file at once", test_open_race},
	{"a version 2 database with matches is migrated", test_migrate_v2},
	{"a version 2 database the new schema refuses is kept",
	 test_migrate_v2_refused},
	{"the schema refuses matches that do not fit their kind",
	 test_constraints_kinds},
	{"a version 3 database with matches is migrated", test_migrate_v3},
	{"a version 5 database gets change stamps", test_migrate_v5},
	{"a version 3 database with a broken reference is kept",
	 test_migrate_v3_refused},
	{"version 14 aborts old matches nobody played, and re-rates",
	 test_migrate_aborts},
	{"a file of every older version reaches 20",
	 test_migrate_every_version},
	{"version 33 counts the ranked players as its triggers keep them",
	 test_migrate_rank_groups},
	{"version 32 replays each result's ratings as they were kept",
	 test_migrate_ratings_after},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_schema_suite = {
	"store_schema", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
