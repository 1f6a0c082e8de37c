/* test_store.c -- tests for the store (src/store_*.c), each on throw-away
 * databases in a mkdtemp() folder that the suite's cleanup removes. Plain
 * SQLite connections look at (and tamper with) the files from outside.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/CUnit.h>
#include <sqlite3.h>

#include "ai.h"
#include "auth.h"
#include "player.h"
#include "rating.h"
#include "store.h"
#include "store_live.h"

#define APP_ID	   0x476F6D6B /* "Gomk" */
#define PATH_SIZE  512
#define SNAP_SIZE  4096
#define RAW_ERROR  LLONG_MIN
#define HASH_ALICE "$argon2id$v=19$m=8,t=1,p=1$YWxpY2VzYWx0$aliceHASHaaaa0001"
#define HASH_BOB   "$argon2id$v=19$m=8,t=1,p=1$Ym9ic2FsdHM$bobHASHbbbbbb0002"
#define HASH_CAROL "$argon2id$v=19$m=8,t=1,p=1$Y2Fyb2xzYWx0$carolHASHccc0003"

_Static_assert(STORE_AI_LEVEL_MIN == AI_LEVEL_MIN &&
		       STORE_AI_LEVEL_MAX == AI_LEVEL_MAX,
	       "the store keeps the levels the computer player has");

static char tmpdir[PATH_SIZE];
static int file_no;

/* ==== Files and folders ================================================= */

/* Remove `path` and, when it is a folder, everything in it. Return 0 or
 * -1. */
static int remove_tree(const char *path)
{
	char child[PATH_SIZE];
	struct dirent *e;
	struct stat sb;
	DIR *d;

	if (lstat(path, &sb) != 0)
		return -1;
	if (!S_ISDIR(sb.st_mode))
		return unlink(path);
	d = opendir(path);
	if (d == NULL)
		return -1;
	for (e = readdir(d); e != NULL; e = readdir(d)) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(child, sizeof child, "%s/%s", path, e->d_name);
		remove_tree(child);
	}
	closedir(d);
	return rmdir(path);
}

/* Make the suite's temporary folder. */
static int suite_init(void)
{
	snprintf(tmpdir, sizeof tmpdir, "%s", "/tmp/gomoku-store-XXXXXX");
	return mkdtemp(tmpdir) != NULL ? 0 : -1;
}

/* Remove the suite's temporary folder. */
static int suite_cleanup(void)
{
	return remove_tree(tmpdir);
}

/* A fresh path in the temporary folder, unique within the run. */
static void new_path(char *buf, const char *name)
{
	int n = snprintf(buf, PATH_SIZE, "%s/%d-%s", tmpdir, ++file_no, name);

	CU_ASSERT_FATAL(n > 0 && n < PATH_SIZE);
}

/* `path` with `suffix` appended. */
static void with_suffix(char *buf, const char *path, const char *suffix)
{
	int n = snprintf(buf, PATH_SIZE, "%s%s", path, suffix);

	CU_ASSERT_FATAL(n > 0 && n < PATH_SIZE);
}

/* The permission bits of `path`, or -1 when it cannot be stat'ed. */
static int mode_of(const char *path)
{
	struct stat sb;

	if (stat(path, &sb) != 0)
		return -1;
	return (int)(sb.st_mode & 07777);
}

/* The whole of file `path` in a new buffer; *len is its size. NULL when
 * it cannot be read. */
static char *read_all(const char *path, size_t *len)
{
	char *buf = NULL;
	struct stat sb;
	FILE *f;

	f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	if (fstat(fileno(f), &sb) == 0) {
		buf = malloc((size_t)sb.st_size + 1);
		*len = (size_t)sb.st_size;
		if (buf != NULL && fread(buf, 1, *len, f) != *len) {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* Write `text` to a new file `path`. Return 0 or -1. */
static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (f == NULL)
		return -1;
	ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* True when files `a` and `b` hold the same bytes. */
static int same_bytes(const char *a, size_t alen, const char *path)
{
	size_t blen = 0;
	char *b = read_all(path, &blen);
	int same = b != NULL && alen == blen && memcmp(a, b, alen) == 0;

	free(b);
	return same;
}

/* How many times `needle` occurs in the bytes of file `path` (0 when the
 * file does not exist). */
static int count_in_file(const char *path, const char *needle)
{
	size_t len = 0, nlen = strlen(needle), i;
	char *buf = read_all(path, &len);
	int n = 0;

	for (i = 0; buf != NULL && i + nlen <= len; i++)
		if (memcmp(buf + i, needle, nlen) == 0)
			n++;
	free(buf);
	return n;
}

/* ==== Plain SQLite ====================================================== */

/* Open `path` with plain SQLite, foreign keys on. NULL on failure. */
static sqlite3 *raw_open(const char *path)
{
	sqlite3 *db = NULL;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) !=
		    SQLITE_OK ||
	    sqlite3_busy_timeout(db, 5000) != SQLITE_OK ||
	    sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) !=
		    SQLITE_OK) {
		sqlite3_close(db);
		return NULL;
	}
	return db;
}

/* Run `sql` (no parameters) on the file `path`. Return SQLite's code. */
static int path_exec(const char *path, const char *sql)
{
	sqlite3 *db = raw_open(path);
	int rc;

	if (db == NULL)
		return SQLITE_CANTOPEN;
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}

/* Prepare `sql` on `db` and bind `arg` to ?1 when it has parameters.
 * NULL on failure. */
static sqlite3_stmt *raw_query(sqlite3 *db, const char *sql, long long arg)
{
	sqlite3_stmt *st = NULL;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	if (sqlite3_bind_parameter_count(st) > 0 &&
	    sqlite3_bind_int64(st, 1, arg) != SQLITE_OK) {
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

/* The first column of the first row of `sql` (?1 = arg) as an integer,
 * or RAW_ERROR. */
static long long raw_int(sqlite3 *db, const char *sql, long long arg)
{
	sqlite3_stmt *st = raw_query(db, sql, arg);
	long long v = RAW_ERROR;

	if (st != NULL && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* The first column of the first row of `sql` (?1 = arg) as text in
 * buf[SNAP_SIZE] ("(null)" for NULL, "(error)" on failure). */
static const char *raw_text(sqlite3 *db, const char *sql, long long arg,
			    char *buf)
{
	sqlite3_stmt *st = raw_query(db, sql, arg);
	const unsigned char *t;

	snprintf(buf, SNAP_SIZE, "%s", "(error)");
	if (st != NULL && sqlite3_step(st) == SQLITE_ROW) {
		t = sqlite3_column_text(st, 0);
		snprintf(buf, SNAP_SIZE, "%s", t ? (const char *)t : "(null)");
	}
	sqlite3_finalize(st);
	return buf;
}

/* raw_int() on the file `path`. */
static long long path_int(const char *path, const char *sql, long long arg)
{
	sqlite3 *db = raw_open(path);
	long long v;

	if (db == NULL)
		return RAW_ERROR;
	v = raw_int(db, sql, arg);
	sqlite3_close(db);
	return v;
}

/* raw_text() on the file `path`. */
static const char *path_text(const char *path, const char *sql, long long arg,
			     char *buf)
{
	sqlite3 *db = raw_open(path);

	snprintf(buf, SNAP_SIZE, "%s", "(error)");
	if (db == NULL)
		return buf;
	raw_text(db, sql, arg, buf);
	sqlite3_close(db);
	return buf;
}

/* Every table's rows that a match can change, as one string. */
static const char *snapshot(const char *path, char *buf)
{
	return path_text(
		path,
		"SELECT (SELECT group_concat(s, ';') FROM (SELECT id || ':' ||"
		" games || ':' || wins || ':' || losses || ':' || ties || ':'"
		" || score || ':' || rating || ':' || failed_logins || ':' ||"
		" locked_until || ':' || last_login_at AS s FROM players"
		" ORDER BY id)) || '|' || (SELECT count(*) FROM matches) ||"
		" '|' || (SELECT count(*) FROM match_moves)",
		0, buf);
}

/* The schema as text, sorted by object name. */
static const char *schema_text(const char *path, char *buf)
{
	return path_text(path,
			 "SELECT group_concat(type || ' ' || name || ' ' ||"
			 " coalesce(sql, ''), char(10)) FROM"
			 " (SELECT * FROM sqlite_schema ORDER BY name)",
			 0, buf);
}

/* ==== Fixtures ========================================================== */

/* Open a store at `path`, asserting success. */
static struct store *open_ok(const char *path)
{
	struct store *s = NULL;
	enum store_status st = store_open(path, &s);

	CU_ASSERT_EQUAL_FATAL(st, STORE_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "");
	return s;
}

/* A new club at a fresh path (into path[PATH_SIZE]) with alice, bob and
 * carol; their ids go to ids[3]. */
static struct store *club(char *path, long long ids[3])
{
	struct store *s;

	new_path(path, "club.db");
	s = open_ok(path);
	CU_ASSERT_EQUAL_FATAL(store_add_player(s, "alice", "Alice", HASH_ALICE,
					       1000, &ids[0]),
			      STORE_OK);
	CU_ASSERT_EQUAL_FATAL(
		store_add_player(s, "bob", "Bob", HASH_BOB, 1001, &ids[1]),
		STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_add_player(s, "carol", "Carol", HASH_CAROL,
					       1002, &ids[2]),
			      STORE_OK);
	return s;
}

/* Every player in the database, in a new list. */
static struct plist *load(struct store *s)
{
	struct plist *l = plist_create();

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(store_load_players(s, l), STORE_OK);
	return l;
}

/* A copy of player `id`'s record as the database has it now. */
static struct player_record record_of(struct store *s, long long id)
{
	struct player_record r = {0};
	struct plist *l = load(s);
	struct player *p = plist_find_id(l, id);

	CU_ASSERT_PTR_NOT_NULL(p);
	if (p != NULL)
		r = p->rec;
	plist_free(l);
	return r;
}

/* Nine moves on 15x15 in which black makes five in a row. */
static const struct move five_moves[] = {
	{7, 3}, {8, 3}, {7, 4}, {8, 4}, {7, 5}, {8, 5}, {7, 6}, {8, 6}, {7, 7},
};
static const long long five_ms[] = {
	0, 1500, 2600, 4100, 5000, 7300, 8000, 9999, 12345,
};

/* A ranked 15x15 gomoku match between `black` and `white`. */
static struct match_header ranked(long long black, long long white,
				  long long at)
{
	struct match_header h = {
		.kind = MATCH_RANKED,
		.black_id = black,
		.white_id = white,
		.variant = "gomoku",
		.rule = RULE_FREESTYLE,
		.rows = 15,
		.cols = 15,
		.k = 5,
		.started_at = at,
	};
	return h;
}

/* Play a whole match as the program does: store_match_start(h), each of
 * the nine five_moves with store_match_move(), then store_match_finish()
 * with `result` and `reason` 13 seconds after the start. Return the
 * first status that is not STORE_OK (the match stays as far as it got),
 * or STORE_OK with the match's id in *mid. */
static enum store_status play_whole(struct store *s,
				    const struct match_header *h,
				    enum match_result result,
				    enum match_reason reason, long long *mid)
{
	enum store_status st;
	long long id = 0;
	int i;

	st = store_match_start(s, h, &id);
	for (i = 0; st == STORE_OK && i < 9; i++)
		st = store_match_move(s, id, i + 1, five_moves[i].row,
				      five_moves[i].col, five_ms[i]);
	if (st == STORE_OK)
		st = store_match_finish(s, id, result, reason,
					h->started_at + 13);
	if (st == STORE_OK)
		*mid = id;
	return st;
}

/* Play a whole ranked 15x15 match between `black` and `white` from 2000
 * to 2013 with the moves above, ending in `result` (by five, or an
 * agreed draw). Return as play_whole(). */
static enum store_status a_match(struct store *s, long long black,
				 long long white, enum match_result result,
				 long long *mid)
{
	const struct match_header h = ranked(black, white, 2000);

	return play_whole(s, &h, result,
			  result == RESULT_DRAW ? REASON_DRAW : REASON_FIVE,
			  mid);
}

/* ==== Opening =========================================================== */

/* Open makes the missing folder 0700 and the file 0600, and SQLite's -wal
 * and -shm files are 0600 too, whatever the umask. */
static void test_open_modes(void)
{
	char dir[PATH_SIZE], path[PATH_SIZE], side[PATH_SIZE];
	mode_t old = umask(0);
	struct store *s;
	long long id;

	new_path(dir, "newdir");
	with_suffix(path, dir, "/club.db");
	s = open_ok(path);
	CU_ASSERT_EQUAL(mode_of(dir), 0700);
	CU_ASSERT_EQUAL(mode_of(path), 0600);
	CU_ASSERT_EQUAL(store_add_player(s, "alice", "A", HASH_ALICE, 1, &id),
			STORE_OK);
	with_suffix(side, path, "-wal");
	CU_ASSERT_EQUAL(mode_of(side), 0600);
	with_suffix(side, path, "-shm");
	CU_ASSERT_EQUAL(mode_of(side), 0600);
	store_close(s);
	umask(old);

	/* A folder where the file should be. */
	s = NULL;
	CU_ASSERT_EQUAL(store_open(tmpdir, &s), STORE_CANT_OPEN);
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
	char buf[SNAP_SIZE];

	CU_ASSERT_STRING_EQUAL(raw_text(db, "PRAGMA journal_mode", 0, buf),
			       "wal");
	CU_ASSERT_EQUAL(raw_int(db, "PRAGMA synchronous", 0), 2);
	CU_ASSERT_EQUAL(raw_int(db, "PRAGMA foreign_keys", 0), 1);
	CU_ASSERT_EQUAL(raw_int(db, "PRAGMA busy_timeout", 0), 5000);
	CU_ASSERT_EQUAL(raw_int(db, "PRAGMA secure_delete", 0), 1);
}

/* Open makes every missing folder above the file, each 0700 even under
 * a umask of 022, as mkdir -p; a file in the way is named and nothing
 * below it is made. */
static void test_open_folders(void)
{
	char top[PATH_SIZE], mid[PATH_SIZE], dir[PATH_SIZE];
	char path[PATH_SIZE], want[PATH_SIZE + 40];
	mode_t old = umask(022);
	struct store *s;

	new_path(top, "a");
	with_suffix(mid, top, "/b");
	with_suffix(dir, mid, "/c");
	with_suffix(path, dir, "/club.db");
	s = open_ok(path);
	store_close(s);
	CU_ASSERT_EQUAL(mode_of(top), 0700);
	CU_ASSERT_EQUAL(mode_of(mid), 0700);
	CU_ASSERT_EQUAL(mode_of(dir), 0700);
	CU_ASSERT_EQUAL(mode_of(path), 0600);
	umask(old);

	/* Folders that exist are kept as they are, their modes included. */
	CU_ASSERT_EQUAL_FATAL(chmod(mid, 0755), 0);
	with_suffix(path, mid, "/d/club.db");
	s = open_ok(path);
	store_close(s);
	CU_ASSERT_EQUAL(mode_of(mid), 0755);

	/* A file where a folder should be. */
	with_suffix(path, dir, "/club.db/e/club.db");
	s = NULL;
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_CANT_OPEN);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	snprintf(want, sizeof want, "cannot make the folder %s/club.db: ", dir);
	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), want, strlen(want)), 0);
	with_suffix(path, dir, "/club.db/e");
	CU_ASSERT_EQUAL(mode_of(path), -1);
	store_close(s);
}

/* Every connection gets WAL, synchronous=FULL, foreign keys and a busy
 * timeout: the first one (which makes the file) and a later one. */
static void test_open_pragmas(void)
{
	char path[PATH_SIZE];
	struct store *a = NULL, *b = NULL;
	sqlite3 *db;

	new_path(path, "pragmas.db");
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
	char path[PATH_SIZE];
	struct store *s;
	long long id;
	int i;

	CU_ASSERT(store_schema_version() >= 2);
	for (i = 0; i < 2; i++) {
		new_path(path, "schema.db");
		if (i == 1) /* an empty SQLite database, not a 0-byte file */
			CU_ASSERT_EQUAL_FATAL(make_empty_sqlite(path), 0);
		s = open_ok(path);
		store_close(s);
		CU_ASSERT_EQUAL(path_int(path, "PRAGMA application_id", 0),
				APP_ID);
		CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
				store_schema_version());
		CU_ASSERT_EQUAL(
			path_int(path,
				 "SELECT count(*) FROM pragma_table_list"
				 " WHERE name IN ('players', 'matches',"
				 " 'match_moves') AND strict = 1",
				 0),
			3);
		CU_ASSERT_EQUAL(path_int(path,
					 "SELECT wr FROM pragma_table_list"
					 " WHERE name = 'match_moves'",
					 0),
				1);
	}

	/* Opening again keeps what is there. */
	s = open_ok(path);
	CU_ASSERT_EQUAL(store_add_player(s, "keeper", "K", HASH_ALICE, 5, &id),
			STORE_OK);
	store_close(s);
	s = open_ok(path);
	store_close(s);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM players", 0), 1);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
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
	char drop[SNAP_SIZE];

	CU_ASSERT_EQUAL_FATAL(path_exec(path, UNDO_V10 UNDO_V9 UNDO_V6),
			      SQLITE_OK);
	path_text(path,
		  "SELECT group_concat('DROP TABLE ' || name || ';', '') ||"
		  " 'PRAGMA user_version = 1;' FROM (SELECT name FROM"
		  " sqlite_schema WHERE type = 'table' AND name <> 'players'"
		  " ORDER BY name = 'matches', name)",
		  0, drop);
	CU_ASSERT_EQUAL_FATAL(path_exec(path, drop), SQLITE_OK);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT count(*) FROM sqlite_schema WHERE"
				 " name LIKE 'match%'",
				 0),
			0);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT count(*) FROM sqlite_schema WHERE"
				 " type = 'table'",
				 0),
			1);
}

/* A version 1 database with players in it is brought to the current
 * schema: the same schema as a new file, and every player kept. */
static void test_migrate_v1(void)
{
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	char players[SNAP_SIZE], again[SNAP_SIZE];
	long long ids[3], mid;
	struct store *s;

	/* make_v1 knows what versions 2 to 11 add: a new one, check it */
	CU_ASSERT_EQUAL_FATAL(store_schema_version(), 11);
	s = club(path, ids);
	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	store_close(s);
	schema_text(path, before);
	make_v1(path);
	path_text(path,
		  "SELECT group_concat(id || username || wins || losses ||"
		  " rating || password_hash, ';') FROM players",
		  0, players);

	s = open_ok(path);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(schema_text(path, after), before);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT group_concat(id || username ||"
					 " wins || losses || rating ||"
					 " password_hash, ';') FROM players",
					 0, again),
			       players);
	CU_ASSERT_EQUAL(record_of(s, ids[0]).wins, 1);
	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(record_of(s, ids[0]).wins, 2);
	store_close(s);
}

/* A version 5 database with players and a match (its matches table in
 * version 7's layout, which migration 7 copies all the same) is brought
 * to the current schema (a new file's): every player kept, each with
 * changed_seq 0 and the counter at 0; a list loaded then follows the
 * next change. */
static void test_migrate_v5(void)
{
	char path[PATH_SIZE], fresh[PATH_SIZE], want[SNAP_SIZE];
	char players[SNAP_SIZE], buf[SNAP_SIZE];
	long long ids[3], mid;
	struct store *s, *other;
	struct plist *l;

	new_path(fresh, "fresh.db");
	store_close(open_ok(fresh));
	schema_text(fresh, want);
	s = club(path, ids);
	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	store_close(s);
	CU_ASSERT_EQUAL_FATAL(path_exec(path, UNDO_V10 UNDO_V9 UNDO_V8 UNDO_V6
					"PRAGMA user_version = 5;"),
			      SQLITE_OK);
	path_text(path, ALL_PLAYERS_V5, 0, players);

	s = open_ok(path);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(schema_text(path, buf), want);
	CU_ASSERT_STRING_EQUAL(path_text(path, ALL_PLAYERS_V5, 0, buf),
			       players);
	CU_ASSERT_EQUAL(
		path_int(path, "SELECT max(changed_seq) FROM players", 0), 0);
	CU_ASSERT_EQUAL(path_int(path, "SELECT seq FROM player_change_seq", 0),
			0);
	l = load(s);
	other = open_ok(path);
	CU_ASSERT_EQUAL(a_match(other, ids[1], ids[2], RESULT_BLACK_WIN, &mid),
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
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	struct store *s;
	long long ids[3];

	s = club(path, ids);
	store_close(s);
	make_v1(path);
	/* Version 2 makes matches and matches_by_black, then fails here. */
	CU_ASSERT_EQUAL(path_exec(path, "CREATE TABLE matches_by_white (x)"),
			SQLITE_OK);
	schema_text(path, before);
	s = NULL;
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot upgrade the database: ", 29),
		0);
	store_close(s);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0), 1);
	CU_ASSERT_STRING_EQUAL(schema_text(path, after), before);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM players", 0), 3);
}

/* A database from a newer Gomoku Club is refused, its bytes untouched. */
static void test_refuse_newer(void)
{
	char path[PATH_SIZE];
	struct store *s;
	long long ids[3];
	size_t len = 0;
	char *bytes;

	s = club(path, ids);
	store_close(s);
	CU_ASSERT_EQUAL(path_exec(path, "PRAGMA user_version = 99"), SQLITE_OK);
	bytes = read_all(path, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
	s = NULL;
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_NEWER);
	CU_ASSERT_PTR_NOT_NULL(s);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	store_close(s);
	CU_ASSERT(same_bytes(bytes, len, path));
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0), 99);
	free(bytes);
}

/* Open `path`, expecting STORE_NOT_OURS and the file unchanged. */
static void expect_not_ours(const char *path)
{
	struct store *s = NULL;
	size_t len = 0;
	char *bytes = read_all(path, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_NOT_OURS);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	store_close(s);
	CU_ASSERT(same_bytes(bytes, len, path));
	free(bytes);
}

/* A text file and other programs' databases are refused, untouched. */
static void test_refuse_foreign(void)
{
	char path[PATH_SIZE];

	new_path(path, "notes.txt");
	CU_ASSERT_EQUAL_FATAL(write_text(path, "Shopping list\n- milk\n- go "
					       "board\n- 361 stones\n"),
			      0);
	expect_not_ours(path);

	new_path(path, "other.db");
	CU_ASSERT_EQUAL_FATAL(write_text(path, ""), 0);
	CU_ASSERT_EQUAL(path_exec(path, "CREATE TABLE recipes (name TEXT);"
					"INSERT INTO recipes VALUES ('soup');"),
			SQLITE_OK);
	expect_not_ours(path);

	new_path(path, "tagged.db");
	CU_ASSERT_EQUAL_FATAL(write_text(path, ""), 0);
	CU_ASSERT_EQUAL(path_exec(path, "PRAGMA application_id = 42;"
					"CREATE TABLE t (x); DROP TABLE t;"),
			SQLITE_OK);
	expect_not_ours(path);

	/* A newer-looking version without our application id. */
	new_path(path, "versioned.db");
	CU_ASSERT_EQUAL_FATAL(write_text(path, ""), 0);
	CU_ASSERT_EQUAL(path_exec(path, "PRAGMA user_version = 99;"),
			SQLITE_OK);
	expect_not_ours(path);
}

/* ==== Constraints ======================================================= */

/* True when `sql` on `db` fails with a constraint error. */
static int refused(sqlite3 *db, const char *sql)
{
	return (sqlite3_exec(db, sql, NULL, NULL, NULL) & 0xff) ==
	       SQLITE_CONSTRAINT;
}

/* The database itself refuses bad counters, names, matches and moves. */
static void test_constraints_raw(void)
{
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	long long ids[3], mid;
	struct store *s;
	sqlite3 *db;

	s = club(path, ids);
	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	snapshot(path, before);
	db = raw_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	CU_ASSERT(refused(db, "UPDATE players SET wins = -1"));
	CU_ASSERT(refused(db, "UPDATE players SET losses = -1, games = 0,"
			      " score = 1"));
	CU_ASSERT(refused(db, "UPDATE players SET failed_logins = -1"));
	CU_ASSERT(refused(db, "UPDATE players SET games = games + 1"));
	CU_ASSERT(refused(db, "UPDATE players SET score = score + 1"));
	CU_ASSERT(refused(db, "UPDATE players SET wins = 'many'"));
	CU_ASSERT(refused(db, "UPDATE players SET username = 'x y'"
			      " WHERE username = 'alice'"));
	CU_ASSERT(refused(db, "UPDATE players SET username = 'al'"
			      " WHERE username = 'alice'"));
	CU_ASSERT(refused(db, "UPDATE players SET username = 'BOB'"
			      " WHERE username = 'alice'"));
	CU_ASSERT(refused(db, "UPDATE players SET nickname = ''"));
	CU_ASSERT(refused(db, "INSERT INTO matches (kind, black_id, white_id,"
			      " variant, rule, rows, cols, k, result, reason,"
			      " started_at, ended_at) SELECT 'ranked', id, id,"
			      " 'gomoku', 'freestyle', 15, 15, 5, 'black',"
			      " 'five', 1, 2 FROM players LIMIT 1"));
	CU_ASSERT(refused(db, "INSERT INTO matches (kind, black_id, white_id,"
			      " variant, rule, rows, cols, k, result, reason,"
			      " started_at, ended_at) VALUES ('ranked', 999998,"
			      " 999999, 'gomoku', 'freestyle', 15, 15, 5,"
			      " 'black', 'five', 1, 2)"));
	CU_ASSERT(refused(db,
			  "INSERT INTO matches (black_id, white_id,"
			  " variant, rule, rows, cols, k, result, reason,"
			  " started_at, ended_at) SELECT 1, 2, 'gomoku',"
			  " 'freestyle', 15, 15, 5, 'black', 'five', 1, 2"));
	CU_ASSERT(refused(db, "UPDATE matches SET k = 16"));
	CU_ASSERT(refused(db, "UPDATE matches SET result = 'draw'"));
	CU_ASSERT(refused(db, "INSERT INTO match_moves SELECT id, 10, 26, 0, 0"
			      " FROM matches"));
	CU_ASSERT(refused(db, "INSERT INTO match_moves SELECT id, 10, 14, 15,"
			      " 0 FROM matches"));
	CU_ASSERT(refused(db, "INSERT INTO match_moves SELECT id, 10, 7, 3, 0"
			      " FROM matches"));
	CU_ASSERT(refused(db, "UPDATE match_moves SET ms = -1"));
	CU_ASSERT(refused(db, "DELETE FROM players"));
	sqlite3_close(db);
	CU_ASSERT_STRING_EQUAL(snapshot(path, after), before);
	store_close(s);
}

/* Adding players: a name taken in any case is STORE_EXISTS, names and
 * nicknames outside the limits are refused, and nothing is added. */
static void test_constraints_add(void)
{
	char path[PATH_SIZE], nick[PLAYER_NICKNAME_MAX + 2];
	struct store *s;
	long long ids[3], id = -7;

	s = club(path, ids);
	CU_ASSERT(ids[0] != ids[1] && ids[1] != ids[2]);
	CU_ASSERT_EQUAL(store_add_player(s, "ALICE", "x", HASH_BOB, 9, &id),
			STORE_EXISTS);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(store_add_player(s, "Bob", "x", HASH_BOB, 9, &id),
			STORE_EXISTS);
	CU_ASSERT_EQUAL(store_add_player(s, "al", "x", HASH_BOB, 9, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), "cannot add the player: ", 23),
			0);
	CU_ASSERT_EQUAL(store_add_player(s, "a_b-c", "x", HASH_BOB, 9, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_add_player(s, "abcdefghij0123456789x", "x",
					 HASH_BOB, 9, &id),
			STORE_ERR);
	memset(nick, 'n', sizeof nick - 1);
	nick[sizeof nick - 1] = '\0'; /* 81 bytes */
	CU_ASSERT_EQUAL(store_add_player(s, "dave", nick, HASH_BOB, 9, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(id, -7);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM players", 0), 3);

	nick[sizeof nick - 2] = '\0'; /* 80 bytes */
	CU_ASSERT_EQUAL(store_add_player(s, "abcdefghij0123456789", nick,
					 HASH_BOB, 9, &id),
			STORE_OK);
	CU_ASSERT(id > ids[2]);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM players", 0), 4);
	store_close(s);
}

/* The new CHECKs: each kind with its players, level and names; imported
 * games only finished; a time per move never negative. */
static void test_constraints_kinds(void)
{
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	long long ids[3];
	struct store *s;
	sqlite3 *db;

#define INS                                                                    \
	"INSERT INTO matches (kind, status, black_id, white_id,"               \
	" black_name, white_name, ai_level, time_per_move, variant,"           \
	" rule, rows, cols, k, started_at) VALUES "
	s = club(path, ids);
	store_close(s);
	snapshot(path, before);
	db = raw_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	CU_ASSERT(refused(db, INS "('ranked', 'unfinished', 1, NULL, NULL,"
				  " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('ranked', 'unfinished', 1, 2, NULL,"
				  " NULL, 3, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('ranked', 'unfinished', 1, 2, 'x', NULL,"
				  " NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db,
			  INS "('ranked', 'unfinished', 1, 2, NULL,"
			      " NULL, NULL, -1, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('computer', 'unfinished', 1, 2, NULL,"
				  " NULL, 3, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('computer', 'unfinished', 1, NULL, NULL,"
				  " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('computer', 'unfinished', NULL, 1, NULL,"
				  " NULL, 6, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('computer', 'unfinished', NULL, 1, NULL,"
				  " NULL, 0, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('imported', 'finished', 1, NULL, 'a',"
				  " 'b', NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('imported', 'finished', NULL, NULL, 'a',"
				  " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('imported', 'unfinished', NULL, NULL,"
				  " 'a', 'b', NULL, 0, 'g', 'exact', 9, 9, 5,"
				  " 1)"));
	CU_ASSERT(refused(db, INS "('imported', 'finished', NULL, NULL, '',"
				  " 'b', NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
	/* 11 characters of 3 bytes: 33 bytes, one over. */
	CU_ASSERT(refused(db, INS "('ranked', 'unfinished', 1, 2, NULL, NULL,"
				  " NULL, 0, '\u4e00\u4e8c\u4e09\u56db"
				  "\u4e94\u516d\u4e03\u516b\u4e5d\u5341"
				  "\u4e00', 'exact', 9, 9, 5, 1)"));
	CU_ASSERT(refused(db, INS "('friendly', 'unfinished', 1, 2, NULL,"
				  " NULL, NULL, 0, 'g', 'exact', 9, 9, 5, 1)"));
#undef INS
	sqlite3_close(db);
	CU_ASSERT_STRING_EQUAL(snapshot(path, after), before);
}

/* ==== Logins ============================================================ */

/* get_login finds a player in any case, with the hash and lock state. */
static void test_get_login(void)
{
	char path[PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;

	s = club(path, ids);
	memset(&in, 0x55, sizeof in);
	CU_ASSERT_EQUAL(store_get_login(s, "BoB", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.id, ids[1]);
	CU_ASSERT_STRING_EQUAL(in.hash, HASH_BOB);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL(store_get_login(s, "nobody", &in), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_get_login(s, "bob%", &in), STORE_NOT_FOUND);
	store_close(s);
}

/* Failed logins count up one by one and lock the account as
 * auth_lock_seconds() says (from the fifth); other players untouched. */
static void test_login_failed(void)
{
	char path[PATH_SIZE];
	struct store_login in;
	long long ids[3], lock;
	struct store *s;
	int n;

	s = club(path, ids);
	CU_ASSERT(auth_lock_seconds(AUTH_LOCK_AFTER) > 0);
	for (n = 1; n <= AUTH_LOCK_AFTER + 2; n++) {
		CU_ASSERT_EQUAL(store_login_failed(s, ids[0], 10000 + n),
				STORE_OK);
		CU_ASSERT_EQUAL_FATAL(store_get_login(s, "alice", &in),
				      STORE_OK);
		CU_ASSERT_EQUAL(in.failed_logins, n);
		lock = auth_lock_seconds(n);
		CU_ASSERT_EQUAL(in.locked_until,
				lock > 0 ? 10000 + n + lock : 0);
		CU_ASSERT_EQUAL(in.locked_until != 0, n >= AUTH_LOCK_AFTER);
	}
	CU_ASSERT_EQUAL(store_get_login(s, "bob", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL(store_login_failed(s, 999999, 1), STORE_NOT_FOUND);
	store_close(s);
}

/* Failed logins older than AUTH_FAILURE_WINDOW no longer count: the next
 * one starts again from one, for a player and for a name without an
 * account alike; one exactly that old still counts. */
static void test_failures_expire(void)
{
	const long long t = 50000, later = t + AUTH_FAILURE_WINDOW;
	char path[PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;
	int i;

	s = club(path, ids);
	for (i = 0; i < AUTH_LOCK_AFTER - 1; i++) {
		CU_ASSERT_EQUAL(store_login_failed(s, ids[0], t), STORE_OK);
		CU_ASSERT_EQUAL(store_login_failed(s, ids[1], t), STORE_OK);
		CU_ASSERT_EQUAL(store_name_failed(s, "ghost", t), STORE_OK);
		CU_ASSERT_EQUAL(store_name_failed(s, "Spectre", t), STORE_OK);
	}
	/* alice and ghost a window later: still counted, so locked */
	CU_ASSERT_EQUAL(store_login_failed(s, ids[0], later), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "GHOST", later), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, AUTH_LOCK_AFTER);
	CU_ASSERT(in.locked_until > later);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "ghost", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, AUTH_LOCK_AFTER);
	CU_ASSERT(in.locked_until > later);
	/* bob and spectre a second more: forgotten, one again, no lock */
	CU_ASSERT_EQUAL(store_login_failed(s, ids[1], later + 1), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "spectre", later + 1), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "bob", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "spectre", &in), STORE_OK);
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
	char path[PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;

	s = club(path, ids);
	CU_ASSERT_EQUAL(store_name_failed(s, "old_one", t), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "old_locked", t), STORE_OK);
	CU_ASSERT_EQUAL(store_name_failed(s, "recent", t + 10), STORE_OK);
	CU_ASSERT_EQUAL(path_exec(path, "UPDATE login_failures SET"
					" locked_until = 9999999999"
					" WHERE name = 'old_locked'"),
			SQLITE_OK);
	/* a failed login of a player prunes */
	CU_ASSERT_EQUAL(store_login_failed(s, ids[1], later), STORE_OK);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "old_one", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "old_locked", &in),
			STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "recent", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	/* a failed login of a name prunes; it keeps its own new row */
	CU_ASSERT_EQUAL(store_name_failed(s, "newcomer", later + 10), STORE_OK);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "recent", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(store_get_name_failures(s, "newcomer", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 1);
	/* a successful login prunes too */
	CU_ASSERT_EQUAL(
		store_login_succeeded(
			s, ids[0], later + 10 + AUTH_FAILURE_WINDOW + 1, NULL),
		STORE_OK);
	CU_ASSERT_EQUAL(
		path_int(path, "SELECT count(*) FROM login_failures", -1),
		1); /* old_locked, still locked */
	store_close(s);
}

/* A successful login resets failures and the lock, sets last_login_at
 * and stores a new hash only when one is given. */
static void test_login_succeeded(void)
{
	static const char rehash[] = "$argon2id$v=19$m=65536,t=2,p=1$bmV3$new";
	char path[PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct plist *l;
	struct store *s;
	int i;

	s = club(path, ids);
	for (i = 0; i < AUTH_LOCK_AFTER; i++)
		CU_ASSERT_EQUAL(store_login_failed(s, ids[0], 100), STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], 7777, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", &in), STORE_OK);
	CU_ASSERT_EQUAL(in.failed_logins, 0);
	CU_ASSERT_EQUAL(in.locked_until, 0);
	CU_ASSERT_STRING_EQUAL(in.hash, HASH_ALICE);

	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], 8888, rehash),
			STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, rehash);
	l = load(s);
	CU_ASSERT_EQUAL(plist_find_id(l, ids[0])->last_login_at, 8888);
	CU_ASSERT_EQUAL(plist_find_id(l, ids[1])->last_login_at, 0);
	plist_free(l);
	CU_ASSERT_EQUAL(store_get_login(s, "bob", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, HASH_BOB);
	CU_ASSERT_EQUAL(store_login_succeeded(s, 999999, 1, NULL),
			STORE_NOT_FOUND);
	store_close(s);
}

/* set_password replaces one player's hash and no other. */
static void test_set_password(void)
{
	static const char fresh[] = "$argon2id$v=19$m=8,t=1,p=1$ZnJlc2g$fresh";
	char path[PATH_SIZE];
	struct store_login in;
	long long ids[3];
	struct store *s;

	s = club(path, ids);
	CU_ASSERT_EQUAL(store_set_password(s, ids[2], fresh), STORE_OK);
	CU_ASSERT_EQUAL(store_get_login(s, "carol", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, fresh);
	CU_ASSERT_EQUAL(store_get_login(s, "alice", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, HASH_ALICE);
	CU_ASSERT_EQUAL(store_set_password(s, 999999, fresh), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_set_password(s, ids[2], ""), STORE_ERR);
	CU_ASSERT_EQUAL(store_get_login(s, "carol", &in), STORE_OK);
	CU_ASSERT_STRING_EQUAL(in.hash, fresh);
	store_close(s);
}

/* ==== Matches =========================================================== */

/* `r` after one game scored `score` (1, 0.5, 0) against `opp`. */
static struct player_record expect_after(struct player_record r,
					 const struct player_record *opp,
					 double score)
{
	double delta = rating_delta(r.rating, r.games, opp->rating, score);

	r.games++;
	r.wins += score == 1.0;
	r.losses += score == 0.0;
	r.ties += score == 0.5;
	r.score = r.wins - r.losses;
	r.rating += delta;
	return r;
}

/* Assert that two records are the same. */
static void assert_record(struct player_record got, struct player_record want)
{
	CU_ASSERT_EQUAL(got.games, want.games);
	CU_ASSERT_EQUAL(got.wins, want.wins);
	CU_ASSERT_EQUAL(got.losses, want.losses);
	CU_ASSERT_EQUAL(got.ties, want.ties);
	CU_ASSERT_EQUAL(got.score, want.score);
	CU_ASSERT_DOUBLE_EQUAL(got.rating, want.rating, 1e-9);
}

/* Play one whole match and check both players' records and the
 * third's. */
static void record_and_check(struct store *s, const long long ids[3],
			     long long black, long long white,
			     enum match_result result, long long *mid)
{
	struct player_record b = record_of(s, black), w = record_of(s, white);
	struct player_record third = record_of(s, ids[2]);
	double bs = result == RESULT_BLACK_WIN	 ? 1.0
		    : result == RESULT_WHITE_WIN ? 0.0
						 : 0.5;

	CU_ASSERT_EQUAL_FATAL(a_match(s, black, white, result, mid), STORE_OK);
	assert_record(record_of(s, black), expect_after(b, &w, bs));
	assert_record(record_of(s, white), expect_after(w, &b, 1.0 - bs));
	assert_record(record_of(s, ids[2]), third);
}

/* Check the match row and its moves as a_match() writes them. */
static void check_match_row(const char *path, long long mid, long long black,
			    long long white, const char *result)
{
	char buf[SNAP_SIZE], want[SNAP_SIZE];
	size_t used = 0;
	int i;

	snprintf(want, sizeof want,
		 "finished|%lld|%lld||gomoku|freestyle|15|"
		 "15|5|%s|%s|2000|2013",
		 black, white, result,
		 strcmp(result, "draw") ? "five" : "draw");
	CU_ASSERT_STRING_EQUAL(
		path_text(path,
			  "SELECT status || '|' || black_id || '|' || white_id"
			  " || '|' || coalesce(ai_level, '') || '|' || variant"
			  " || '|' || rule || '|' || rows || '|' || cols ||"
			  " '|' || k || '|' || result || '|' || reason || '|'"
			  " || started_at || '|' || ended_at FROM matches"
			  " WHERE id = ?1",
			  mid, buf),
		want);
	for (i = 0; i < 9; i++)
		used += (size_t)snprintf(want + used, sizeof want - used,
					 "%s%d,%d,%d,%lld", i ? ";" : "", i + 1,
					 five_moves[i].row, five_moves[i].col,
					 five_ms[i]);
	CU_ASSERT_STRING_EQUAL(
		path_text(path,
			  "SELECT group_concat(ply || ',' || row || ',' || col"
			  " || ',' || ms, ';') FROM (SELECT * FROM match_moves"
			  " WHERE match_id = ?1 ORDER BY ply)",
			  mid, buf),
		want);
}

/* Whole matches played through start, moves and finish: wins, losses
 * and draws change both players exactly (counters and the Elo change
 * rating_delta() gives), store the match and its moves in order, and
 * leave the third player alone. */
static void test_whole_match(void)
{
	char path[PATH_SIZE];
	long long ids[3], m1 = 0, m2 = 0, m3 = 0, m4 = 0;
	struct store *s;

	s = club(path, ids);
	record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &m1);
	check_match_row(path, m1, ids[0], ids[1], "black");
	record_and_check(s, ids, ids[0], ids[1], RESULT_WHITE_WIN, &m2);
	check_match_row(path, m2, ids[0], ids[1], "white");
	record_and_check(s, ids, ids[1], ids[0], RESULT_WHITE_WIN, &m3);
	record_and_check(s, ids, ids[0], ids[1], RESULT_DRAW, &m4);
	check_match_row(path, m4, ids[0], ids[1], "draw");
	CU_ASSERT(m1 != m2 && m2 != m3 && m3 != m4);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0), 4);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM match_moves", 0),
			36);
	/* alice: W L W D; bob: L W L D. */
	CU_ASSERT_EQUAL(record_of(s, ids[0]).score, 1);
	CU_ASSERT_EQUAL(record_of(s, ids[1]).score, -1);
	CU_ASSERT(record_of(s, ids[0]).rating > RATING_START);
	store_close(s);
}

/* Play the i-th match of a concurrent writer, start to finish. Return
 * as a_match(). */
static enum store_status concurrent_match(struct store *s,
					  const long long ids[3], int i)
{
	static const enum match_result results[] = {
		RESULT_BLACK_WIN, RESULT_WHITE_WIN, RESULT_DRAW,
		RESULT_BLACK_WIN};
	long long mid;

	return i % 2 == 0 ? a_match(s, ids[0], ids[1], results[i % 4], &mid)
			  : a_match(s, ids[1], ids[0], results[i % 4], &mid);
}

#define CONCURRENT_MATCHES 40

/* Play the concurrent matches on a new handle, each through start,
 * moves and finish. Return how many failed (or -1 when the store cannot
 * be opened). */
static int write_matches(const char *path, const long long ids[3])
{
	struct store *s = NULL;
	int i, failed = 0;

	if (store_open(path, &s) != STORE_OK) {
		store_close(s);
		return -1;
	}
	for (i = 0; i < CONCURRENT_MATCHES; i++) {
		if (concurrent_match(s, ids, i) != STORE_OK) {
			fprintf(stderr, "writer: %s\n", store_errmsg(s));
			failed++;
		}
	}
	store_close(s);
	return failed;
}

/* Two processes, each with its own handle, play matches between the same
 * players at once (start, every move, finish): every match and move is
 * kept and the counters add up. */
static void test_two_writers(void)
{
	char path[PATH_SIZE];
	struct player_record a, b;
	long long ids[3];
	struct store *s;
	int status = -1;
	pid_t pid;

	s = club(path, ids);
	store_close(s);
	fflush(NULL);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0)
		_exit(write_matches(path, ids) == 0 ? 0 : 1);
	CU_ASSERT_EQUAL(write_matches(path, ids), 0);
	CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	s = open_ok(path);
	a = record_of(s, ids[0]);
	b = record_of(s, ids[1]);
	/* Per writer and 4 matches: alice W, W, D, L (see above). */
	CU_ASSERT_EQUAL(a.games, 2 * CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(a.wins, CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(a.ties, CONCURRENT_MATCHES / 2);
	CU_ASSERT_EQUAL(a.losses, CONCURRENT_MATCHES / 2);
	CU_ASSERT_EQUAL(b.games, 2 * CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(b.wins, a.losses);
	CU_ASSERT_EQUAL(b.losses, a.wins);
	CU_ASSERT_EQUAL(b.ties, a.ties);
	CU_ASSERT_DOUBLE_EQUAL(a.rating + b.rating, 2 * RATING_START, 1e-6);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0),
			2 * CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM match_moves", 0),
			2 * CONCURRENT_MATCHES * 9);
	store_close(s);
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
	char path[PATH_SIZE];
	int round;

	for (round = 0; round < RACE_ROUNDS; round++) {
		new_path(path, "race.db");
		race_open(path);
		CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
				store_schema_version());
	}
}

/* ==== Loading the list ================================================== */

/* load_players appends every player in id order with all the fields, and
 * leaves the list as it was when it cannot. */
static void test_load_players(void)
{
	char path[PATH_SIZE];
	long long ids[3], mid;
	struct plist *l;
	struct player *p;
	struct store *s;
	int i = 0;

	new_path(path, "empty.db");
	s = open_ok(path);
	l = load(s);
	CU_ASSERT_EQUAL(plist_count(l), 0);
	plist_free(l);
	store_close(s);

	s = club(path, ids);
	CU_ASSERT_EQUAL(a_match(s, ids[1], ids[2], RESULT_WHITE_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[2], 4242, NULL), STORE_OK);
	l = load(s);
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

	/* Loading again would duplicate every name: refused, list kept. */
	CU_ASSERT_EQUAL(store_load_players(s, l), STORE_ERR);
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
	char path[PATH_SIZE];
	long long ids[3], mid, dave;
	struct store *a, *b;
	struct player *p;
	struct plist *l;

	a = club(path, ids);
	b = open_ok(path);
	l = load(a);
	p = plist_find_id(l, ids[0]);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(a_match(b, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(b, ids[0], 31337, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(p->rec.games, 0);
	CU_ASSERT_EQUAL(store_reload_player(a, l, ids[0]), STORE_OK);
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, ids[0]), p);
	CU_ASSERT_EQUAL(p->rec.games, 1);
	CU_ASSERT_EQUAL(p->rec.wins, 1);
	CU_ASSERT_EQUAL(p->last_login_at, 31337);
	assert_record(p->rec, record_of(b, ids[0]));
	CU_ASSERT_EQUAL(plist_find_id(l, ids[1])->rec.games, 0);

	CU_ASSERT_EQUAL(
		store_add_player(b, "dave", "Dave", HASH_BOB, 77, &dave),
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

/* refresh_players brings the list up to date with what another handle
 * committed: a match changes both players in place (same nodes), a new
 * player joins the tail in id order, and nothing else moves. */
static void test_refresh_sees_others(void)
{
	char path[PATH_SIZE];
	long long ids[3], mid, dave;
	struct player *alice, *bob, *carol;
	struct store *a, *b;
	struct plist *l;

	a = club(path, ids);
	b = open_ok(path);
	l = load(a);
	alice = plist_find_id(l, ids[0]);
	bob = plist_find_id(l, ids[1]);
	carol = plist_find_id(l, ids[2]);
	CU_ASSERT_FATAL(alice != NULL && bob != NULL && carol != NULL);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK); /* no news */
	CU_ASSERT_EQUAL(plist_count(l), 3);

	CU_ASSERT_EQUAL(a_match(b, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_add_player(b, "dave", "Dave", HASH_BOB, 77, &dave),
		STORE_OK);
	CU_ASSERT_EQUAL(alice->rec.games, 0);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_STRING_EQUAL(store_errmsg(a), "");
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, ids[0]), alice);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "bob"), bob);
	assert_record(alice->rec, record_of(b, ids[0]));
	assert_record(bob->rec, record_of(b, ids[1]));
	CU_ASSERT_EQUAL(alice->rec.wins, 1);
	CU_ASSERT_EQUAL(bob->rec.losses, 1);
	CU_ASSERT_EQUAL(carol->rec.games, 0);
	CU_ASSERT_EQUAL(plist_count(l), 4);
	CU_ASSERT_EQUAL(plist_last(l)->id, dave);
	CU_ASSERT_STRING_EQUAL(plist_find(l, "DAVE")->nickname, "Dave");
	CU_ASSERT(ids_ascending(l));

	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK); /* no news */
	CU_ASSERT_EQUAL(plist_count(l), 4);
	plist_free(l);
	store_close(b);
	store_close(a);
}

/* The handle's own writes are seen without a reload, and so is a change
 * made by another tool straight in SQLite (the triggers stamp it): a new
 * nickname lands in the same node. */
static void test_refresh_own_and_raw(void)
{
	char path[PATH_SIZE];
	long long ids[3];
	struct player *carol;
	struct store *a;
	struct plist *l;

	a = club(path, ids);
	l = load(a);
	carol = plist_find(l, "carol");
	CU_ASSERT_PTR_NOT_NULL_FATAL(carol);
	CU_ASSERT_EQUAL(store_login_succeeded(a, ids[2], 5150, NULL), STORE_OK);
	CU_ASSERT_EQUAL(carol->last_login_at, 0);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_EQUAL(carol->last_login_at, 5150);

	CU_ASSERT_EQUAL(path_exec(path, "UPDATE players SET nickname ="
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
	char path[PATH_SIZE];
	long long ids[3];
	struct store *a, *b;
	struct plist *l;

	a = club(path, ids);
	b = open_ok(path);
	l = load(a);
	CU_ASSERT_EQUAL(path_exec(path, "UPDATE players SET wins = wins + 1,"
					" games = games + 1, score = score + 1"
					" WHERE username = 'bob';"
					"UPDATE players SET changed_seq = 0"
					" WHERE username = 'bob';"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(b, ids[0], 4321, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_refresh_players(a, l), STORE_OK);
	CU_ASSERT_EQUAL(plist_find(l, "alice")->last_login_at, 4321);
	CU_ASSERT_EQUAL(plist_find(l, "bob")->rec.wins, 0);
	CU_ASSERT_EQUAL(record_of(b, ids[1]).wins, 1);
	plist_free(l);
	store_close(b);
	store_close(a);
}

/* Every change to a listed column stamps the row with the next value of
 * the counter, one per change; changes the list does not hold (a failed
 * login, a new password) stamp nothing. */
static void test_change_stamps(void)
{
	char path[PATH_SIZE], buf[SNAP_SIZE];
	long long ids[3], mid, seq;
	struct store *s;

	s = club(path, ids);
	seq = path_int(path, "SELECT seq FROM player_change_seq", 0);
	CU_ASSERT_EQUAL(seq, 3); /* three players inserted */
	CU_ASSERT_STRING_EQUAL(
		path_text(path,
			  "SELECT group_concat(changed_seq, ',')"
			  " FROM (SELECT changed_seq FROM players"
			  " ORDER BY id)",
			  0, buf),
		"1,2,3");
	CU_ASSERT_EQUAL(store_login_failed(s, ids[1], 100), STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(s, ids[1], HASH_CAROL), STORE_OK);
	CU_ASSERT_EQUAL(path_int(path, "SELECT seq FROM player_change_seq", 0),
			3);
	CU_ASSERT_EQUAL(a_match(s, ids[2], ids[0], RESULT_DRAW, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(path_int(path, "SELECT seq FROM player_change_seq", 0),
			5);
	CU_ASSERT_EQUAL(
		path_int(path, "SELECT changed_seq FROM players WHERE id = ?1",
			 ids[1]),
		2);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT min(changed_seq) FROM players"
				 " WHERE id IN (1, 3)",
				 0),
			4);
	store_close(s);
}

/* One live list per handle: refreshing a list the handle did not load
 * last is refused and changes nothing. */
static void test_refresh_other_list(void)
{
	char path[PATH_SIZE];
	long long ids[3];
	struct plist *first, *second, *never;
	struct store *s;

	s = club(path, ids);
	never = plist_create();
	CU_ASSERT_PTR_NOT_NULL_FATAL(never);
	CU_ASSERT_EQUAL(store_refresh_players(s, never), STORE_ERR);
	CU_ASSERT_STRING_NOT_EQUAL(store_errmsg(s), "");
	CU_ASSERT_EQUAL(plist_count(never), 0);
	first = load(s);
	second = load(s);
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
	char wal[PATH_SIZE];

	with_suffix(wal, path, "-wal");
	return count_in_file(path, hash) + count_in_file(wal, hash);
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
	char path[PATH_SIZE], buf[SNAP_SIZE];
	long long ids[3], mid, id;
	struct store *s;

	s = club(path, ids);
	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_DRAW, &mid),
			STORE_OK);
	CU_ASSERT_EQUAL(store_login_failed(s, ids[0], 50), STORE_OK);
	CU_ASSERT_EQUAL(store_login_succeeded(s, ids[0], 60, new_alice),
			STORE_OK);
	CU_ASSERT_EQUAL(store_set_password(s, ids[1], new_bob), STORE_OK);
	CU_ASSERT_EQUAL(store_add_player(s, "ALICE", "x", intruder, 1, &id),
			STORE_EXISTS);
	CU_ASSERT_PTR_NULL(strstr(store_errmsg(s), "argon2id"));
	CU_ASSERT_EQUAL(store_add_player(s, "a!", "x", intruder, 1, &id),
			STORE_ERR);
	CU_ASSERT_PTR_NULL(strstr(store_errmsg(s), "argon2id"));
	store_close(s);

	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT password_hash FROM players"
					 " WHERE id = ?1",
					 ids[0], buf),
			       new_alice);
	CU_ASSERT_EQUAL(count_hash(path, new_alice), 1);
	CU_ASSERT_EQUAL(count_hash(path, new_bob), 1);
	CU_ASSERT_EQUAL(count_hash(path, HASH_CAROL), 1);
	CU_ASSERT_EQUAL(count_hash(path, HASH_ALICE), 0);
	CU_ASSERT_EQUAL(count_hash(path, HASH_BOB), 0);
	CU_ASSERT_EQUAL(count_hash(path, intruder), 0);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT count(*) FROM players"
				 " WHERE password_hash LIKE '$argon2id$%'",
				 0),
			3);
}

/* ==== Matches saved as they are played ================================== */

/* A 15x15 game of `black` or `white` (the other 0) against the computer
 * at `level`. */
static struct match_header computer(long long black, long long white, int level,
				    long long at)
{
	struct match_header h = ranked(black, white, at);

	h.kind = MATCH_COMPUTER;
	h.ai_level = level;
	return h;
}

/* An imported 15x15 game between two names. */
static struct match_header imported(long long at)
{
	struct match_header h = ranked(0, 0, at);

	h.kind = MATCH_IMPORTED;
	h.black_name = "Black Brain";
	h.white_name = "White Brain";
	return h;
}

/* Start a match for `h` and write the first n of five_moves; its id. */
static long long play(struct store *s, const struct match_header *h, int n)
{
	long long id = -1;
	int i;

	CU_ASSERT_EQUAL_FATAL(store_match_start(s, h, &id), STORE_OK);
	CU_ASSERT_FATAL(id > 0);
	for (i = 0; i < n; i++)
		CU_ASSERT_EQUAL_FATAL(
			store_match_move(s, id, i + 1, five_moves[i].row,
					 five_moves[i].col, five_ms[i]),
			STORE_OK);
	return id;
}

/* Match `id`'s row and moves as one string, in buf[SNAP_SIZE]. */
static const char *match_text(const char *path, long long id, char *buf)
{
	return path_text(
		path,
		"SELECT kind || '|' || status || '|' || coalesce(result, '-')"
		" || '|' || coalesce(reason, '-') || '|' ||"
		" coalesce(ended_at, '-') || '|' || coalesce((SELECT"
		" group_concat(ply || ',' || row || ',' || col || ',' || ms,"
		" ';') FROM (SELECT * FROM match_moves WHERE match_id = ?1"
		" ORDER BY ply)), '') FROM matches WHERE id = ?1",
		id, buf);
}

/* How many moves match `id` has in the file. */
static long long moves_of(const char *path, long long id)
{
	return path_int(path,
			"SELECT count(*) FROM match_moves WHERE match_id = ?1",
			id);
}

/* A match that is started, played, partly taken back and finished
 * changes no counter until the finish, then both exactly once (as a
 * whole match does); a second finish is refused. */
static void test_match_flow(void)
{
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	struct player_record a, b, third;
	struct match_header h;
	long long ids[3], id;
	struct store *s;
	int i;

	s = club(path, ids);
	a = record_of(s, ids[0]);
	b = record_of(s, ids[1]);
	third = record_of(s, ids[2]);
	h = ranked(ids[0], ids[1], 2000);
	h.time_per_move = 30;
	id = play(s, &h, 5);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, before),
			       "ranked|unfinished|-|-|-|1,7,3,0;2,8,3,1500;"
			       "3,7,4,2600;4,8,4,4100;5,7,5,5000");
	CU_ASSERT_EQUAL(store_match_undo(s, id, 3), STORE_OK);
	CU_ASSERT_EQUAL(moves_of(path, id), 3);
	/* The cells taken back are free again. */
	for (i = 3; i < 9; i++)
		CU_ASSERT_EQUAL(store_match_move(s, id, i + 1,
						 five_moves[i].row,
						 five_moves[i].col, five_ms[i]),
				STORE_OK);
	assert_record(record_of(s, ids[0]), a);
	assert_record(record_of(s, ids[1]), b);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT time_per_move FROM matches"
				 " WHERE id = ?1",
				 id),
			30);

	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 2013),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "");
	assert_record(record_of(s, ids[0]), expect_after(a, &b, 1.0));
	assert_record(record_of(s, ids[1]), expect_after(b, &a, 0.0));
	assert_record(record_of(s, ids[2]), third);
	check_match_row(path, id, ids[0], ids[1], "black");

	/* Never counted twice, whatever the second result says. */
	snapshot(path, before);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 2014),
		STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: the match has ended");
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_RESIGN, 9),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 3000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, id, 10, 0, 0, 20000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s, id, 8), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(snapshot(path, after), before);
	check_match_row(path, id, ids[0], ids[1], "black");
	store_close(s);
}

/* A draw, a timeout and a clock that went back: the words stored, the
 * counters, ended_at never before started_at; a result and reason that
 * disagree are refused with the match left unfinished. */
static void test_match_finish_kinds(void)
{
	char path[PATH_SIZE], buf[SNAP_SIZE];
	struct player_record a, b;
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	s = club(path, ids);
	h = ranked(ids[1], ids[0], 5000);
	id = play(s, &h, 2);
	a = record_of(s, ids[0]);
	b = record_of(s, ids[1]);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_DRAW, REASON_FIVE, 5100),
		STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_FULL, 5100),
		STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_NONE, REASON_FIVE, 5100),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_BLACK_WIN,
					   (enum match_reason)99, 5100),
			STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, 999999, RESULT_DRAW, REASON_DRAW, 5100),
		STORE_NOT_FOUND);
	assert_record(record_of(s, ids[0]), a);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "ranked|unfinished|-|-|-|1,7,3,0;2,8,3,1500");
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_TIMEOUT, 10),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		match_text(path, id, buf),
		"ranked|finished|white|timeout|5000|1,7,3,0;2,8,3,1500");
	assert_record(record_of(s, ids[0]), expect_after(a, &b, 1.0));
	assert_record(record_of(s, ids[1]), expect_after(b, &a, 0.0));

	a = record_of(s, ids[0]);
	b = record_of(s, ids[1]);
	h = ranked(ids[0], ids[1], 6000);
	id = play(s, &h, 0);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_DRAW, REASON_DRAW, 6060),
		STORE_OK);
	assert_record(record_of(s, ids[0]), expect_after(a, &b, 0.5));
	assert_record(record_of(s, ids[1]), expect_after(b, &a, 0.5));
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "ranked|finished|draw|draw|6060|");
	store_close(s);
}

/* After a refused call: the error names `what` failed, and the file is
 * as `before` (a snapshot()) says. */
static void assert_unchanged(struct store *s, const char *path,
			     const char *before, const char *what)
{
	char after[SNAP_SIZE];

	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), what, strlen(what)), 0);
	CU_ASSERT_STRING_EQUAL(snapshot(path, after), before);
}

/* Expect store_match_start(h) to fail with `want`, writing nothing. */
static void expect_start_refused(struct store *s, const char *path,
				 const struct match_header *h,
				 enum store_status want)
{
	char before[SNAP_SIZE];
	long long id = -7;

	snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_start(s, h, &id), want);
	CU_ASSERT_EQUAL(id, -7);
	assert_unchanged(s, path, before, "cannot start the match: ");
}

/* Headers that do not fit their kind, or a board or player that does
 * not exist, are refused and nothing is written. */
static void test_match_start_refused(void)
{
	struct match_header h;
	char path[PATH_SIZE];
	long long ids[3];
	struct store *s;

	s = club(path, ids);
	h = ranked(ids[0], 0, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = ranked(ids[0], ids[0], 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = ranked(ids[0], 999999, 1);
	expect_start_refused(s, path, &h, STORE_NOT_FOUND);
	h = ranked(ids[0], ids[1], 1);
	h.kind = (enum match_kind)0;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = ranked(ids[0], ids[1], 1);
	h.k = 16;
	expect_start_refused(s, path, &h, STORE_ERR);
	h.k = 5;
	h.variant = NULL;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = ranked(ids[0], ids[1], 1);
	h.time_per_move = -1;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = ranked(ids[0], ids[1], 1);
	h.rule = (enum rule)7;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = computer(ids[0], ids[1], 3, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = computer(0, 0, 3, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = computer(ids[0], 0, 0, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = computer(0, ids[0], STORE_AI_LEVEL_MAX + 1, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = imported(1);
	expect_start_refused(s, path, &h, STORE_ERR);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0), 0);

	/* What does not apply to a kind is not stored. */
	h = ranked(ids[0], ids[1], 1);
	h.ai_level = 3;
	h.black_name = "ignored";
	play(s, &h, 0);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT count(*) FROM matches WHERE"
				 " ai_level IS NULL AND black_name IS NULL",
				 0),
			1);
	store_close(s);
}

/* Expect store_match_move() to fail with `want`, the moves unchanged. */
static void expect_move_refused(struct store *s, const char *path, long long id,
				int ply, int row, int col, long long ms,
				enum store_status want)
{
	char before[SNAP_SIZE], after[SNAP_SIZE];

	match_text(path, id, before);
	CU_ASSERT_EQUAL(store_match_move(s, id, ply, row, col, ms), want);
	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), "cannot save the move: ", 22),
			0);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, after), before);
}

/* Moves out of turn (a gap, a repeat), on a taken cell or off the
 * board, with a bad time, to no match, or after the end are refused;
 * so are undos that keep more moves than there are. */
static void test_match_moves_refused(void)
{
	char path[PATH_SIZE], buf[SNAP_SIZE];
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	s = club(path, ids);
	h = ranked(ids[0], ids[1], 100);
	id = play(s, &h, 0);
	expect_move_refused(s, path, id, 0, 7, 7, 0, STORE_ERR);
	expect_move_refused(s, path, id, 2, 7, 7, 0, STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot save the move: move 2 is not the next "
			       "one (0 are saved)");
	CU_ASSERT_EQUAL(store_match_move(s, id, 1, 7, 7, 10), STORE_OK);
	expect_move_refused(s, path, id, 1, 7, 8, 20, STORE_ERR);
	expect_move_refused(s, path, id, 3, 7, 8, 20, STORE_ERR);
	expect_move_refused(s, path, id, 2, 7, 7, 20, STORE_ERR);
	CU_ASSERT_STRING_EQUAL(
		store_errmsg(s),
		"cannot save the move: the cell (7, 7) is taken");
	expect_move_refused(s, path, id, 2, 15, 0, 20, STORE_ERR);
	expect_move_refused(s, path, id, 2, 0, 15, 20, STORE_ERR);
	expect_move_refused(s, path, id, 2, -1, 0, 20, STORE_ERR);
	expect_move_refused(s, path, id, 2, 0, 0, -1, STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, 999999, 1, 0, 0, 0),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_match_move(s, id, 2, 14, 14, 20), STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "ranked|unfinished|-|-|-|1,7,7,10;2,14,14,20");

	CU_ASSERT_EQUAL(store_match_undo(s, id, 3), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s, id, -1), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s, 999999, 0), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_match_undo(s, id, 2), STORE_OK);
	CU_ASSERT_EQUAL(moves_of(path, id), 2);
	CU_ASSERT_EQUAL(store_match_undo(s, id, 0), STORE_OK);
	CU_ASSERT_EQUAL(moves_of(path, id), 0);
	CU_ASSERT_EQUAL(store_match_move(s, id, 1, 14, 14, 5), STORE_OK);

	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_RESIGN, 200),
		STORE_OK);
	expect_move_refused(s, path, id, 2, 7, 7, 30, STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot save the move: the match has ended");
	CU_ASSERT_EQUAL(store_match_undo(s, id, 0), STORE_ERR);
	CU_ASSERT_EQUAL(moves_of(path, id), 1);
	store_close(s);
}

/* Expect store_match_finish() of match `id` to fail with `want`,
 * changing nothing: the match stays unfinished, no counter moves. */
static void expect_finish_refused(struct store *s, const char *path,
				  long long id, enum match_result result,
				  enum match_reason reason,
				  enum store_status want)
{
	char before[SNAP_SIZE];

	snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_finish(s, id, result, reason, 2013), want);
	assert_unchanged(s, path, before, "cannot finish the match: ");
}

/* Whichever call of a whole match fails changes nothing: a refused start
 * writes no row, a refused move no move, and a refused finish (even when
 * white's counters fail after black's were set) no counter; the match
 * can then still be finished. */
static void test_whole_match_refused(void)
{
	struct match_header h;
	char path[PATH_SIZE];
	long long ids[3], mid, id;
	struct store *s;

	s = club(path, ids);
	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);

	h = ranked(ids[0], 999999, 2000);
	expect_start_refused(s, path, &h, STORE_NOT_FOUND);
	h = ranked(ids[0], ids[0], 2000);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = ranked(ids[0], ids[1], 2000);
	h.k = 16;
	expect_start_refused(s, path, &h, STORE_ERR);
	h.k = 5;
	id = play(s, &h, 8);
	/* The last move off the 15x15 board, off every board, on a cell
	 * played already. */
	expect_move_refused(s, path, id, 9, 15, 7, 12345, STORE_ERR);
	expect_move_refused(s, path, id, 9, 40, 7, 12345, STORE_ERR);
	expect_move_refused(s, path, id, 9, five_moves[0].row,
			    five_moves[0].col, 12345, STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, id, 9, five_moves[8].row,
					 five_moves[8].col, five_ms[8]),
			STORE_OK);
	expect_finish_refused(s, path, id, (enum match_result)0, REASON_FIVE,
			      STORE_ERR);

	/* The last step, white's counters, fails after black's were set. */
	CU_ASSERT_EQUAL_FATAL(
		path_exec(path, "CREATE TRIGGER fail_bob BEFORE UPDATE OF games"
				" ON players WHEN NEW.username = 'bob'"
				" BEGIN SELECT RAISE(ABORT, 'test failure');"
				" END"),
		SQLITE_OK);
	expect_finish_refused(s, path, id, RESULT_BLACK_WIN, REASON_FIVE,
			      STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: test failure");
	CU_ASSERT_EQUAL(path_exec(path, "DROP TRIGGER fail_bob"), SQLITE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 2013),
		STORE_OK);
	CU_ASSERT_EQUAL(record_of(s, ids[0]).wins, 2);
	CU_ASSERT_EQUAL(record_of(s, ids[1]).games, 2);
	store_close(s);
}

/* An abandoned match counts for nobody, keeps its moves and cannot be
 * played, finished or abandoned again. */
static void test_match_abandon(void)
{
	struct player_record before[3];
	char path[PATH_SIZE], buf[SNAP_SIZE];
	struct match_header h;
	long long ids[3], id, c;
	struct store *s;
	int i;

	s = club(path, ids);
	for (i = 0; i < 3; i++)
		before[i] = record_of(s, ids[i]);
	h = ranked(ids[0], ids[1], 700);
	id = play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 650), STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "ranked|abandoned|-|-|700|1,7,3,0;2,8,3,1500;"
			       "3,7,4,2600;4,8,4,4100");
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 800), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "cannot abandon the match: "
						"the match was abandoned");
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 800),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, id, 5, 7, 5, 5000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_abandon(s, 999999, 800), STORE_NOT_FOUND);

	h = computer(0, ids[2], 2, 900);
	c = play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_abandon(s, c, 950), STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, c, buf),
			       "computer|abandoned|-|-|950|1,7,3,0");
	for (i = 0; i < 3; i++)
		assert_record(record_of(s, ids[i]), before[i]);
	store_close(s);
}

/* ==== Ranked results nobody can escape ================================== */

/* A swap2 match is kept from its first stone: black is the first placer
 * until store_match_seats() gives the colours out, either way round, to
 * its own two players only. */
static void test_match_seats(void)
{
	struct match_full *f = malloc(sizeof *f);
	char path[PATH_SIZE];
	struct match_header h;
	long long ids[3], id, c;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = club(path, ids);
	h = ranked(ids[0], ids[1], 700);
	h.opening = OPENING_SWAP2;
	id = play(s, &h, 3);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->opening_stones, 3);
	CU_ASSERT_FALSE(f->colours_final);
	CU_ASSERT_EQUAL(f->nmoves, 3);
	CU_ASSERT_EQUAL(store_match_seats(s, id, ids[0], ids[2], 3, true),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_seats(s, id, ids[1], ids[0], 5, false),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_seats(s, id, ids[1], ids[0], 5, true),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->black_id, ids[1]);
	CU_ASSERT_EQUAL(f->white_id, ids[0]);
	CU_ASSERT_EQUAL(f->opening_stones, 5);
	CU_ASSERT_TRUE(f->colours_final);
	CU_ASSERT_EQUAL(store_match_seats(s, id, ids[1], ids[0], 4, true),
			STORE_ERR); /* the table's CHECK */
	CU_ASSERT_EQUAL(store_match_seats(s, 999999, ids[1], ids[0], 3, true),
			STORE_NOT_FOUND);

	h = computer(ids[2], 0, 2, 800);
	h.opening = OPENING_SWAP2;
	c = play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_seats(s, c, 0, ids[2], 3, true), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, c, f), STORE_OK);
	CU_ASSERT_EQUAL(f->black_id, 0);
	CU_ASSERT_EQUAL(f->white_id, ids[2]);
	CU_ASSERT_EQUAL(
		store_match_finish(s, c, RESULT_WHITE_WIN, REASON_RESIGN, 900),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_seats(s, c, ids[2], 0, 3, true), STORE_ERR);
	store_close(s);
	free(f);
}

/* A stopped match keeps what the move to play had used of its time and
 * when it stopped; the next move starts its clock afresh. */
static void test_match_pause(void)
{
	struct match_full *f = malloc(sizeof *f);
	char path[PATH_SIZE];
	struct match_header h;
	long long ids[3], id, before;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = club(path, ids);
	h = ranked(ids[0], ids[1], 700);
	h.time_per_move = 30;
	id = play(s, &h, 2);
	before = (long long)time(NULL);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT(f->last_active_at >= before - 1); /* the move's write */
	CU_ASSERT_EQUAL(store_match_pause(s, id, 12345, 5000), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 12345);
	CU_ASSERT_EQUAL(f->last_active_at, 5000);
	CU_ASSERT_EQUAL(store_match_pause(s, id, -1, 5000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, id, 3, 7, 4, 2600), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 0);
	CU_ASSERT(f->last_active_at >= before - 1);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_RESIGN, 900),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_pause(s, id, 10, 6000), STORE_ERR);
	store_close(s);
	free(f);
}

/* A ranked match left too long can be claimed as a win: only once, only
 * as the claimant saw it, only after the wait, counted for both and
 * kept with the reason 'abandoned'. Nothing else ends a match so. */
static void test_match_claim(void)
{
	struct player_record black0, white0;
	long long ids[3], id, c, now = (long long)time(NULL);
	const long long week = 7 * 86400;
	char path[PATH_SIZE], buf[SNAP_SIZE];
	struct match_header h;
	struct store *s;

	s = club(path, ids);
	black0 = record_of(s, ids[0]);
	white0 = record_of(s, ids[1]);
	h = ranked(ids[0], ids[1], 700);
	id = play(s, &h, 3);
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_BLACK_WIN, 3, week, now + 60),
		STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot claim the match: the match has not "
			       "waited long enough");
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 2, week,
					  now + week + 60),
			STORE_ERR); /* it moved on since */
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_DRAW, 3, week, now + week + 60),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_BLACK_WIN,
					   REASON_ABANDONED, now),
			STORE_ERR);
	assert_record(record_of(s, ids[0]), black0);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3, week,
					  now + week + 60),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		path_text(path,
			  "SELECT status || result || reason FROM matches"
			  " WHERE id = ?1",
			  id, buf),
		"finishedblackabandoned");
	assert_record(record_of(s, ids[0]), expect_after(black0, &white0, 1.0));
	assert_record(record_of(s, ids[1]), expect_after(white0, &black0, 0.0));
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3, week,
					  now + 2 * week),
			STORE_ERR); /* counted once */
	CU_ASSERT_EQUAL(
		store_match_claim(s, 999999, RESULT_BLACK_WIN, 0, 0, now),
		STORE_NOT_FOUND);

	h = computer(ids[2], 0, 2, 800);
	c = play(s, &h, 1);
	CU_ASSERT_EQUAL(
		store_match_claim(s, c, RESULT_BLACK_WIN, 1, 0, now + week),
		STORE_ERR); /* only a ranked match */
	store_close(s);
}

/* store_match_now says where a match stands, cheaply. */
static void test_match_now(void)
{
	struct match_now now = {MATCH_STATUS_ABANDONED, RESULT_DRAW,
				REASON_FULL, -1};
	char path[PATH_SIZE];
	struct match_header h;
	long long ids[3], a, b;
	struct store *s;

	s = club(path, ids);
	h = ranked(ids[0], ids[1], 700);
	a = play(s, &h, 4);
	b = play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_now(s, a, &now), STORE_OK);
	CU_ASSERT_EQUAL(now.status, MATCH_STATUS_UNFINISHED);
	CU_ASSERT_EQUAL(now.result, RESULT_NONE);
	CU_ASSERT_EQUAL(now.reason, REASON_NONE);
	CU_ASSERT_EQUAL(now.nmoves, 4);
	CU_ASSERT_EQUAL(
		store_match_finish(s, a, RESULT_WHITE_WIN, REASON_RESIGN, 900),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_now(s, a, &now), STORE_OK);
	CU_ASSERT_EQUAL(now.status, MATCH_STATUS_FINISHED);
	CU_ASSERT_EQUAL(now.result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(now.reason, REASON_RESIGN);
	CU_ASSERT_EQUAL(store_match_abandon(s, b, 900), STORE_OK);
	CU_ASSERT_EQUAL(store_match_now(s, b, &now), STORE_OK);
	CU_ASSERT_EQUAL(now.status, MATCH_STATUS_ABANDONED);
	CU_ASSERT_EQUAL(now.nmoves, 1);
	CU_ASSERT_EQUAL(store_match_now(s, 999999, &now), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(now.nmoves, 1); /* unchanged */
	store_close(s);
}

/* The unfinished ranked match between two players, in either colour,
 * newest first; other players' and the computer's are not theirs. */
static void test_match_unfinished_between(void)
{
	long long ids[3], ab, ba, id = -7;
	struct match_header h;
	char path[PATH_SIZE];
	struct store *s;

	s = club(path, ids);
	h = computer(ids[0], 0, 1, 9000);
	play(s, &h, 1);
	h = ranked(ids[0], ids[2], 9000);
	play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_unfinished_between(s, ids[0], ids[1], &id),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(id, -7);
	h = ranked(ids[0], ids[1], 5000);
	ab = play(s, &h, 1);
	h = ranked(ids[1], ids[0], 6000);
	ba = play(s, &h, 2);
	CU_ASSERT_EQUAL(store_match_unfinished_between(s, ids[0], ids[1], &id),
			STORE_OK);
	CU_ASSERT_EQUAL(id, ba);
	CU_ASSERT_EQUAL(store_match_abandon(s, ba, 7000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_unfinished_between(s, ids[1], ids[0], &id),
			STORE_OK);
	CU_ASSERT_EQUAL(id, ab);
	store_close(s);
}

/* An imported game whose end the file does not tell is kept unfinished
 * (result unknown, never a draw) and can never be played on. */
static void test_import_unknown_end(void)
{
	struct match_header h = imported(400);
	struct match_now now;
	char path[PATH_SIZE];
	long long ids[3], id = 0;
	struct store *s;

	s = club(path, ids);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, five_ms,
					   RESULT_NONE, REASON_NONE, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_now(s, id, &now), STORE_OK);
	CU_ASSERT_EQUAL(now.status, MATCH_STATUS_UNFINISHED);
	CU_ASSERT_EQUAL(now.result, RESULT_NONE);
	CU_ASSERT_EQUAL(now.nmoves, 3);
	CU_ASSERT_EQUAL(store_match_move(s, id, 4, 8, 4, 5000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s, id, 1), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, five_ms,
					   RESULT_NONE, REASON_FIVE, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, five_ms,
					   RESULT_BLACK_WIN, REASON_ABANDONED,
					   &id),
			STORE_ERR);
	store_close(s);
}

/* store_match_unfinished finds the newest unfinished match of either
 * player (by started_at, then id), ranked or against the computer, and
 * none once they are over. */
static void test_match_unfinished(void)
{
	long long ids[3], older, newer, same, cpu, id = -7;
	struct match_header h;
	char path[PATH_SIZE];
	struct store *s;

	s = club(path, ids);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(id, -7);
	h = ranked(ids[0], ids[1], 5000);
	newer = play(s, &h, 1);
	h = ranked(ids[1], ids[0], 4000); /* a later id, started earlier */
	older = play(s, &h, 2);
	CU_ASSERT(older > newer);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, newer);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[1], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, newer);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[2], &id),
			STORE_NOT_FOUND);

	h = ranked(ids[1], ids[0], 5000); /* the same start: the later id */
	same = play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, same);
	CU_ASSERT_EQUAL(
		store_match_finish(s, same, RESULT_DRAW, REASON_DRAW, 6000),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_abandon(s, newer, 6000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[1], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, older);
	CU_ASSERT_EQUAL(store_match_finish(s, older, RESULT_BLACK_WIN,
					   REASON_FIVE, 6000),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id),
			STORE_NOT_FOUND);

	h = computer(0, ids[2], 4, 7000);
	cpu = play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[2], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, cpu);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id),
			STORE_NOT_FOUND);
	store_close(s);
}

/* Check the moves of `f` against the first n of five_moves. */
static void check_loaded_moves(const struct match_full *f, int n)
{
	int i;

	CU_ASSERT_EQUAL_FATAL(f->nmoves, n);
	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(f->moves[i].row, five_moves[i].row);
		CU_ASSERT_EQUAL(f->moves[i].col, five_moves[i].col);
		CU_ASSERT_EQUAL(f->move_ms[i], five_ms[i]);
	}
}

/* A ranked match loads with its header, the players' names and every
 * move; so does a finished game against the computer. */
static void test_match_load(void)
{
	struct match_full *f = malloc(sizeof *f);
	struct match_header h;
	char path[PATH_SIZE];
	long long ids[3], id;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = club(path, ids);
	h = ranked(ids[2], ids[0], 3000);
	h.variant = "gomoku10";
	h.rows = 10;
	h.cols = 12;
	h.k = 4;
	h.rule = RULE_EXACT;
	h.time_per_move = 45;
	id = play(s, &h, 6);
	memset(f, 0x5a, sizeof *f);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->id, id);
	CU_ASSERT_EQUAL(f->kind, MATCH_RANKED);
	CU_ASSERT_EQUAL(f->status, MATCH_STATUS_UNFINISHED);
	CU_ASSERT_EQUAL(f->black_id, ids[2]);
	CU_ASSERT_EQUAL(f->white_id, ids[0]);
	CU_ASSERT_EQUAL(f->ai_level, 0);
	CU_ASSERT_STRING_EQUAL(f->black_name, "Carol");
	CU_ASSERT_STRING_EQUAL(f->white_name, "Alice");
	CU_ASSERT_STRING_EQUAL(f->black_username, "carol");
	CU_ASSERT_STRING_EQUAL(f->white_username, "alice");
	CU_ASSERT_STRING_EQUAL(f->variant, "gomoku10");
	CU_ASSERT_EQUAL(f->rule, RULE_EXACT);
	CU_ASSERT_EQUAL(f->rows, 10);
	CU_ASSERT_EQUAL(f->cols, 12);
	CU_ASSERT_EQUAL(f->k, 4);
	CU_ASSERT_EQUAL(f->time_per_move, 45);
	CU_ASSERT_EQUAL(f->started_at, 3000);
	CU_ASSERT_EQUAL(f->ended_at, 0);
	CU_ASSERT_EQUAL(f->result, RESULT_NONE);
	CU_ASSERT_EQUAL(f->reason, REASON_NONE);
	check_loaded_moves(f, 6);

	h = computer(0, ids[1], 5, 4000);
	id = play(s, &h, 9);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 4100),
		STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->kind, MATCH_COMPUTER);
	CU_ASSERT_EQUAL(f->status, MATCH_STATUS_FINISHED);
	CU_ASSERT_EQUAL(f->black_id, 0);
	CU_ASSERT_EQUAL(f->white_id, ids[1]);
	CU_ASSERT_EQUAL(f->ai_level, 5);
	CU_ASSERT_STRING_EQUAL(f->black_name, "");
	CU_ASSERT_STRING_EQUAL(f->black_username, "");
	CU_ASSERT_STRING_EQUAL(f->white_name, "Bob");
	CU_ASSERT_STRING_EQUAL(f->white_username, "bob");
	CU_ASSERT_EQUAL(f->ended_at, 4100);
	CU_ASSERT_EQUAL(f->result, RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(f->reason, REASON_FIVE);
	check_loaded_moves(f, 9);

	CU_ASSERT_EQUAL(store_match_load(s, 999999, f), STORE_NOT_FOUND);
	free(f);
	store_close(s);
}

/* One row of a history, with its strings copied. */
struct seen {
	struct history_row r;
	char opponent[32], nickname[96], variant[40];
};

/* What a history callback collects. */
struct seen_list {
	struct seen rows[16];
	int n, stop_after; /* stop_after 0: never stop */
};

/* History callback: copy the row; stop when stop_after rows are in. */
static int collect(void *ctx, const struct history_row *r)
{
	struct seen_list *l = ctx;
	struct seen *e;

	CU_ASSERT_FATAL(l->n < 16);
	e = &l->rows[l->n++];
	e->r = *r;
	snprintf(e->opponent, sizeof e->opponent, "%s",
		 r->opponent ? r->opponent : "(computer)");
	snprintf(e->nickname, sizeof e->nickname, "%s",
		 r->opponent_nickname ? r->opponent_nickname : "(computer)");
	snprintf(e->variant, sizeof e->variant, "%s", r->variant);
	return l->stop_after != 0 && l->n >= l->stop_after;
}

/* Read a page of player `id`'s history into *l; return the total. */
static int page(struct store *s, long long id, int offset, int limit,
		struct seen_list *l)
{
	int total = -1;

	l->n = 0;
	CU_ASSERT_EQUAL(store_history(s, id, offset, limit, collect, l, &total),
			STORE_OK);
	return total;
}

/* The matches the history tests play; their ids in m[7]. Alice's
 * history, newest first: m[5], m[2], m[6], m[1], m[0]. */
static void history_club(struct store *s, const long long ids[3],
			 long long m[7])
{
	struct match_header h;

	h = ranked(ids[0], ids[1], 100);
	h.time_per_move = 30;
	m[0] = play(s, &h, 9);
	CU_ASSERT_EQUAL(
		store_match_finish(s, m[0], RESULT_BLACK_WIN, REASON_FIVE, 130),
		STORE_OK);
	h = computer(0, ids[0], 3, 200);
	h.variant = "gomoku10";
	h.rows = h.cols = 10;
	h.rule = RULE_EXACT;
	m[1] = play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_finish(s, m[1], RESULT_WHITE_WIN,
					   REASON_RESIGN, 260),
			STORE_OK);
	h = ranked(ids[1], ids[0], 300);
	m[2] = play(s, &h, 4);
	CU_ASSERT_EQUAL(store_match_abandon(s, m[2], 400), STORE_OK);
	h = ranked(ids[2], ids[1], 350);
	m[3] = play(s, &h, 1);
	h = imported(500);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, five_ms,
					   RESULT_BLACK_WIN, REASON_RESIGN,
					   &m[4]),
			STORE_OK);
	h = ranked(ids[0], ids[2], 600);
	m[5] = play(s, &h, 2);
	h = computer(ids[0], 0, 1, 200);
	m[6] = play(s, &h, 0);
	CU_ASSERT_EQUAL(
		store_match_finish(s, m[6], RESULT_DRAW, REASON_DRAW, 250),
		STORE_OK);
}

/* Check the rows of alice's whole history (see history_club()). */
static void check_alice_history(const struct seen_list *l,
				const long long ids[3], const long long m[7])
{
	const struct seen *e = l->rows;

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
	CU_ASSERT_EQUAL(e[3].r.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(e[3].r.rows, 10);
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
	CU_ASSERT_EQUAL(e[4].r.rule, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(e[4].r.rows, 15);
	CU_ASSERT_EQUAL(e[4].r.cols, 15);
	CU_ASSERT_EQUAL(e[4].r.k, 5);
	CU_ASSERT_EQUAL(e[4].r.time_per_move, 30);
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
	static struct seen_list l, all;
	long long ids[3], m[7];
	char path[PATH_SIZE];
	struct store *s;
	int i, total;

	s = club(path, ids);
	history_club(s, ids, m);
	CU_ASSERT_EQUAL(page(s, ids[0], 0, 10, &all), 5);
	check_alice_history(&all, ids, m);
	for (i = 0; i < 5; i += 2) { /* pages of two agree with the whole */
		CU_ASSERT_EQUAL(page(s, ids[0], i, 2, &l), 5);
		CU_ASSERT_EQUAL(l.n, i < 4 ? 2 : 1);
		CU_ASSERT_EQUAL(l.rows[0].r.id, all.rows[i].r.id);
		if (i < 4)
			CU_ASSERT_EQUAL(l.rows[1].r.id, all.rows[i + 1].r.id);
	}
	CU_ASSERT_EQUAL(page(s, ids[0], 5, 2, &l), 5);
	CU_ASSERT_EQUAL(l.n, 0);
	CU_ASSERT_EQUAL(page(s, ids[0], 0, 0, &l), 5);
	CU_ASSERT_EQUAL(l.n, 0);
	l.stop_after = 1;
	CU_ASSERT_EQUAL(page(s, ids[0], 1, 10, &l), 5);
	CU_ASSERT_EQUAL(l.n, 1);
	CU_ASSERT_EQUAL(l.rows[0].r.id, m[2]);
	l.stop_after = 0;

	CU_ASSERT_EQUAL(page(s, ids[1], 0, 10, &l), 3);
	CU_ASSERT_EQUAL(l.rows[0].r.id, m[3]);
	CU_ASSERT_EQUAL(l.rows[0].r.colour, STONE_WHITE);
	CU_ASSERT_STRING_EQUAL(l.rows[0].opponent, "carol");
	CU_ASSERT_EQUAL(l.rows[1].r.id, m[2]);
	CU_ASSERT_EQUAL(l.rows[1].r.colour, STONE_BLACK);
	CU_ASSERT_STRING_EQUAL(l.rows[1].opponent, "alice");
	CU_ASSERT_EQUAL(l.rows[2].r.id, m[0]);
	CU_ASSERT_EQUAL(page(s, ids[2], 0, 10, &l), 2);
	for (i = 0; i < l.n; i++)
		CU_ASSERT(l.rows[i].r.id != m[4]);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0), 7);

	total = -7;
	CU_ASSERT_EQUAL(store_history(s, 999999, 0, 5, collect, &l, &total),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_history(s, ids[0], -1, 5, collect, &l, &total),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_history(s, ids[0], 0, -1, collect, &l, &total),
			STORE_ERR);
	CU_ASSERT_EQUAL(total, -7);
	store_close(s);
}

/* Matches that started in the same second are listed newest id first,
 * whichever colour the player had. */
static void test_history_ties(void)
{
	static struct seen_list l;
	long long ids[3], m[6];
	struct match_header h;
	char path[PATH_SIZE];
	struct store *s;
	int i;

	s = club(path, ids);
	for (i = 0; i < 6; i++) {
		h = i % 3 == 0	 ? ranked(ids[0], ids[1], 500)
		    : i % 3 == 1 ? ranked(ids[2], ids[0], 500)
				 : computer(0, ids[0], 2, 500);
		m[i] = play(s, &h, 0);
	}
	CU_ASSERT_EQUAL(page(s, ids[0], 0, 10, &l), 6);
	CU_ASSERT_EQUAL_FATAL(l.n, 6);
	for (i = 0; i < 6; i++)
		CU_ASSERT_EQUAL(l.rows[i].r.id, m[5 - i]);
	store_close(s);
}

/* Finish a game of player `p` (black when `black`) against computer
 * `level` with `result`. */
static void computer_game(struct store *s, long long p, int black, int level,
			  enum match_result result)
{
	struct match_header h =
		computer(black ? p : 0, black ? 0 : p, level, 100);
	long long id = play(s, &h, 1);

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
	char path[PATH_SIZE];
	long long ids[3], id;
	struct store *s;
	int w = 0;

	s = club(path, ids);
	a = record_of(s, ids[0]);
	b = record_of(s, ids[1]);
	computer_game(s, ids[0], 0, 3, RESULT_WHITE_WIN); /* won */
	computer_game(s, ids[0], 1, 3, RESULT_WHITE_WIN); /* lost */
	computer_game(s, ids[0], 1, 3, RESULT_DRAW);
	computer_game(s, ids[0], 1, 3, RESULT_BLACK_WIN); /* won */
	computer_game(s, ids[0], 1, 1, RESULT_WHITE_WIN); /* lost */
	computer_game(s, ids[1], 1, 3, RESULT_BLACK_WIN);
	h = computer(ids[0], 0, 3, 300);
	id = play(s, &h, 0); /* unfinished */
	h = computer(0, ids[0], 3, 300);
	id = play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 400), STORE_OK);
	record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &id);
	assert_record(record_of(s, ids[0]), expect_after(a, &b, 1.0));
	assert_record(record_of(s, ids[1]), expect_after(b, &a, 0.0));

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

/* Import `n` moves under `h`, expecting refusal with nothing written. */
static void expect_import_refused(struct store *s, const char *path,
				  const struct match_header *h, int n,
				  const struct move *moves,
				  enum match_result result)
{
	char before[SNAP_SIZE], after[SNAP_SIZE];
	long long id = -7;

	snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_import(s, h, n, moves, five_ms, result,
					   REASON_FIVE, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(id, -7);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot import the game: ", 24), 0);
	CU_ASSERT_STRING_EQUAL(snapshot(path, after), before);
}

/* An imported game is one finished, unranked record with names, moves
 * and times, or (a bad move, a bad header) nothing at all. */
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
	char path[PATH_SIZE];
	struct store *s;
	int total = -1;

	s = club(path, ids);
	history_club(s, ids, m);
	CU_ASSERT_EQUAL(store_imported(s, 0, 5, collect_imported, &l, &total),
			STORE_OK);
	CU_ASSERT_EQUAL(total, 1); /* the club's one, m[4] */
	CU_ASSERT(l.n == 1 && l.id[0] == m[4] && l.nmoves[0] == 3);
	l.n = 0;
	h = imported(7000);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 9, five_moves, five_ms,
					   RESULT_BLACK_WIN, REASON_FIVE, &a),
			STORE_OK);
	h = imported(9000);
	h.black_name = "Newer";
	CU_ASSERT_EQUAL(store_match_import(s, &h, 2, five_moves, NULL,
					   RESULT_DRAW, REASON_DRAW, &b),
			STORE_OK);
	h = imported(8000);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, NULL,
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

static void test_import(void)
{
	char path[PATH_SIZE], name[STORE_NAME_MAX + 2];
	struct match_full *f = malloc(sizeof *f);
	struct move moves[9];
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = club(path, ids);
	h = imported(7000);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 9, five_moves, five_ms,
					   RESULT_BLACK_WIN, REASON_FIVE, &id),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->kind, MATCH_IMPORTED);
	CU_ASSERT_EQUAL(f->status, MATCH_STATUS_FINISHED);
	CU_ASSERT_EQUAL(f->black_id, 0);
	CU_ASSERT_EQUAL(f->white_id, 0);
	CU_ASSERT_STRING_EQUAL(f->black_name, "Black Brain");
	CU_ASSERT_STRING_EQUAL(f->white_name, "White Brain");
	CU_ASSERT_STRING_EQUAL(f->black_username, "");
	CU_ASSERT_EQUAL(f->result, RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(f->reason, REASON_FIVE);
	CU_ASSERT_EQUAL(f->started_at, 7000);
	CU_ASSERT_EQUAL(f->ended_at, 7012); /* the last move at 12345 ms */
	check_loaded_moves(f, 9);
	CU_ASSERT_EQUAL(store_match_move(s, id, 10, 0, 0, 0), STORE_ERR);

	CU_ASSERT_EQUAL(store_match_import(s, &h, 2, five_moves, NULL,
					   RESULT_DRAW, REASON_DRAW, &id),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->nmoves, 2);
	CU_ASSERT_EQUAL(f->move_ms[1], 0);
	CU_ASSERT_EQUAL(f->ended_at, 7000);
	assert_record(record_of(s, ids[0]), record_of(s, ids[2]));
	CU_ASSERT_EQUAL(record_of(s, ids[0]).games, 0);

	memcpy(moves, five_moves, sizeof moves);
	moves[8].row = 15; /* off the board, the last move */
	expect_import_refused(s, path, &h, 9, moves, RESULT_BLACK_WIN);
	moves[8] = moves[2]; /* a cell played twice */
	expect_import_refused(s, path, &h, 9, moves, RESULT_BLACK_WIN);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "cannot import the game: "
						"the cell (7, 4) is taken");
	expect_import_refused(s, path, &h, 9, five_moves, RESULT_NONE);
	expect_import_refused(s, path, &h, 9, five_moves, RESULT_DRAW);
	expect_import_refused(s, path, &h, BOARD_MAX_CELLS + 1, five_moves,
			      RESULT_BLACK_WIN);
	expect_import_refused(s, path, &h, 1, NULL, RESULT_BLACK_WIN);
	h.white_name = NULL;
	expect_import_refused(s, path, &h, 9, five_moves, RESULT_BLACK_WIN);
	memset(name, 'n', sizeof name - 1);
	name[sizeof name - 1] = '\0'; /* one byte too long */
	h.white_name = name;
	expect_import_refused(s, path, &h, 9, five_moves, RESULT_BLACK_WIN);
	h = imported(7000);
	h.black_id = ids[0];
	expect_import_refused(s, path, &h, 9, five_moves, RESULT_BLACK_WIN);
	h = ranked(ids[0], ids[1], 7000);
	expect_import_refused(s, path, &h, 9, five_moves, RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0), 2);
	free(f);
	store_close(s);
}

/* ==== A run that dies =================================================== */

/* The i-th cell of a long game on 15x15: row by row. */
static struct move cell_of(int i)
{
	struct move m = {(unsigned char)(i / 15), (unsigned char)(i % 15)};

	return m;
}

/* In a child: start a ranked match, write moves one by one (up to
 * `limit`), telling the parent through `fd` the match id and then the
 * count after each; then wait to be killed. Never returns. */
static void doomed_writer(const char *path, const long long ids[3], int limit,
			  int fd)
{
	struct match_header h = ranked(ids[0], ids[1], 5000);
	struct store *s = NULL;
	long long id = -1;
	struct move m;
	int i;

	if (store_open(path, &s) != STORE_OK ||
	    store_match_start(s, &h, &id) != STORE_OK)
		id = -1;
	if (write(fd, &id, sizeof id) != (ssize_t)sizeof id || id < 0)
		_exit(1);
	for (i = 1; i <= limit; i++) {
		m = cell_of(i - 1);
		if (store_match_move(s, id, i, m.row, m.col, i * 100LL) !=
			    STORE_OK ||
		    write(fd, &i, sizeof i) != (ssize_t)sizeof i)
			_exit(1);
	}
	for (;;)
		pause();
}

/* Fork a doomed writer of up to `limit` moves; kill it with SIGKILL
 * once it has reported `kill_at` moves (or all of them). Return the
 * match id; *reported is the last count it reported. */
static long long kill_writer(const char *path, const long long ids[3],
			     int limit, int kill_at, int *reported)
{
	long long id = -1;
	int fds[2], status = 0, n;
	pid_t pid;

	CU_ASSERT_EQUAL_FATAL(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		doomed_writer(path, ids, limit, fds[1]);
	}
	close(fds[1]);
	*reported = 0;
	CU_ASSERT_EQUAL(read(fds[0], &id, sizeof id), (ssize_t)sizeof id);
	while (*reported < kill_at &&
	       read(fds[0], &n, sizeof n) == (ssize_t)sizeof n)
		*reported = n;
	CU_ASSERT_EQUAL(kill(pid, SIGKILL), 0);
	CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	while (read(fds[0], &n, sizeof n) == (ssize_t)sizeof n)
		*reported = n; /* reports still in the pipe */
	close(fds[0]);
	return id;
}

/* Check that match `id` is unfinished with the first n cells of
 * cell_of(), found as alice's unfinished match, in a sound file. */
static void check_survivor(const char *path, const long long ids[3],
			   long long id, int n)
{
	struct match_full *f = malloc(sizeof *f);
	char buf[SNAP_SIZE];
	struct store *s;
	long long found = -1;
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(
		path_text(path, "PRAGMA integrity_check", 0, buf), "ok");
	s = open_ok(path);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &found), STORE_OK);
	CU_ASSERT_EQUAL(found, id);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->status, MATCH_STATUS_UNFINISHED);
	CU_ASSERT_EQUAL_FATAL(f->nmoves, n);
	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(f->moves[i].row, cell_of(i).row);
		CU_ASSERT_EQUAL(f->moves[i].col, cell_of(i).col);
		CU_ASSERT_EQUAL(f->move_ms[i], (i + 1) * 100LL);
	}
	/* The game can go on and be counted. */
	CU_ASSERT_EQUAL(store_match_move(s, id, n + 1, cell_of(n).row,
					 cell_of(n).col, 99999),
			STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_DRAW, REASON_DRAW, 9000),
		STORE_OK);
	CU_ASSERT_EQUAL(record_of(s, ids[0]).ties, 1);
	free(f);
	store_close(s);
}

/* A process killed (SIGKILL: no clean-up at all) after writing N moves
 * leaves the match unfinished with exactly those N moves, in a file
 * that passes integrity_check. */
static void test_killed_after_moves(void)
{
	char path[PATH_SIZE];
	long long ids[3], id;
	struct store *s;
	int reported = 0;

	s = club(path, ids);
	store_close(s);
	id = kill_writer(path, ids, 7, 7, &reported);
	CU_ASSERT_EQUAL(reported, 7);
	CU_ASSERT_FATAL(id > 0);
	check_survivor(path, ids, id, 7);
}

/* Killed while writing moves as fast as it can: the match keeps every
 * move the writer reported and at most the one it was committing, and
 * the file is sound. */
static void test_killed_while_writing(void)
{
	char path[PATH_SIZE];
	long long ids[3], id, n;
	struct store *s;
	int reported = 0;

	s = club(path, ids);
	store_close(s);
	id = kill_writer(path, ids, 200, 20, &reported);
	CU_ASSERT_FATAL(id > 0);
	CU_ASSERT(reported >= 20);
	n = moves_of(path, id);
	CU_ASSERT(n == reported || n == reported + 1);
	check_survivor(path, ids, id, (int)n);
}

/* ==== Version 2 databases ============================================== */

/* What migrations 1 and 2 made, as released (store_schema.c never edits a
 * released migration): the SQL of a real version 2 database. */
static const char v2_schema[] =
	"CREATE TABLE players ("
	" id INTEGER PRIMARY KEY,"
	" username TEXT NOT NULL UNIQUE COLLATE NOCASE"
	"  CHECK (length(username) BETWEEN 3 AND 20"
	"   AND username NOT GLOB '*[^A-Za-z0-9_]*'),"
	" nickname TEXT NOT NULL"
	"  CHECK (length(CAST(nickname AS BLOB)) BETWEEN 1 AND 80),"
	" password_hash TEXT NOT NULL"
	"  CHECK (length(password_hash) BETWEEN 1 AND 127),"
	" wins INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),"
	" losses INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),"
	" ties INTEGER NOT NULL DEFAULT 0 CHECK (ties >= 0),"
	" score INTEGER NOT NULL DEFAULT 0,"
	" games INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),"
	" rating REAL NOT NULL DEFAULT 1500,"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0),"
	" last_login_at INTEGER NOT NULL DEFAULT 0 CHECK (last_login_at >= 0),"
	" failed_logins INTEGER NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),"
	" locked_until INTEGER NOT NULL DEFAULT 0 CHECK (locked_until >= 0),"
	" CHECK (score = wins - losses),"
	" CHECK (games = wins + losses + ties)"
	") STRICT;"
	"PRAGMA user_version = 1;"
	"PRAGMA application_id = 1198484843;"
	"CREATE TABLE matches ("
	" id INTEGER PRIMARY KEY,"
	" status TEXT NOT NULL DEFAULT 'finished'"
	"  CHECK (status IN ('finished', 'unfinished', 'abandoned')),"
	" black_id INTEGER REFERENCES players (id),"
	" white_id INTEGER REFERENCES players (id),"
	" ai_level INTEGER CHECK (ai_level >= 0),"
	" variant TEXT NOT NULL CHECK (length(variant) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL CHECK (rule IN ('freestyle', 'exact')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT"
	"  CHECK (reason IN ('five', 'resign', 'draw', 'full', 'timeout')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" CHECK (black_id <> white_id),"
	" CHECK (CASE WHEN ai_level IS NULL"
	"  THEN black_id IS NOT NULL AND white_id IS NOT NULL"
	"  ELSE (black_id IS NULL) <> (white_id IS NULL) END),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (result IS NULL OR reason IS NULL"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw'))"
	") STRICT;"
	"CREATE INDEX matches_by_black ON matches (black_id);"
	"CREATE INDEX matches_by_white ON matches (white_id);"
	"CREATE TABLE match_moves ("
	" match_id INTEGER NOT NULL"
	"  REFERENCES matches (id) ON DELETE CASCADE,"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 1 AND 676),"
	" row INTEGER NOT NULL CHECK (row BETWEEN 0 AND 25),"
	" col INTEGER NOT NULL CHECK (col BETWEEN 0 AND 25),"
	" ms INTEGER NOT NULL CHECK (ms >= 0),"
	" PRIMARY KEY (match_id, ply),"
	" UNIQUE (match_id, row, col)"
	") STRICT, WITHOUT ROWID;"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA user_version = 2;";

/* What migration 3 made of a version 2 database, as released: with
 * v2_schema, the SQL of a real version 3 database. */
static const char v3_migration[] =
	"CREATE TABLE new_matches ("
	" id INTEGER PRIMARY KEY,"
	" kind TEXT NOT NULL"
	"  CHECK (kind IN ('ranked', 'computer', 'imported')),"
	" status TEXT NOT NULL DEFAULT 'finished'"
	"  CHECK (status IN ('finished', 'unfinished', 'abandoned')),"
	" black_id INTEGER REFERENCES players (id),"
	" white_id INTEGER REFERENCES players (id),"
	" black_name TEXT"
	"  CHECK (length(CAST(black_name AS BLOB)) BETWEEN 1 AND 80),"
	" white_name TEXT"
	"  CHECK (length(CAST(white_name AS BLOB)) BETWEEN 1 AND 80),"
	" ai_level INTEGER CHECK (ai_level BETWEEN 1 AND 5),"
	" variant TEXT NOT NULL"
	"  CHECK (length(CAST(variant AS BLOB)) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL CHECK (rule IN ('freestyle', 'exact')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT"
	"  CHECK (reason IN ('five', 'resign', 'draw', 'full', 'timeout')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" CHECK (black_id <> white_id),"
	" CHECK (CASE kind"
	"  WHEN 'ranked' THEN black_id IS NOT NULL AND white_id IS NOT NULL"
	"   AND ai_level IS NULL"
	"  WHEN 'computer' THEN (black_id IS NULL) <> (white_id IS NULL)"
	"   AND ai_level IS NOT NULL"
	"  ELSE black_id IS NULL AND white_id IS NULL AND ai_level IS NULL"
	"   AND black_name IS NOT NULL AND white_name IS NOT NULL END),"
	" CHECK (kind = 'imported'"
	"  OR (black_name IS NULL AND white_name IS NULL)),"
	" CHECK (kind <> 'imported' OR status = 'finished'),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (result IS NULL OR reason IS NULL"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw'))"
	") STRICT;"
	"INSERT INTO new_matches (id, kind, status, black_id, white_id,"
	" ai_level, variant, rule, rows, cols, k, result, reason,"
	" started_at, ended_at)"
	" SELECT id, CASE WHEN ai_level IS NULL THEN 'ranked'"
	" ELSE 'computer' END, status, black_id, white_id, ai_level,"
	" variant, rule, rows, cols, k, result, reason, started_at,"
	" ended_at FROM matches;"
	"CREATE TABLE new_match_moves ("
	" match_id INTEGER NOT NULL"
	"  REFERENCES new_matches (id) ON DELETE CASCADE,"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 1 AND 676),"
	" row INTEGER NOT NULL CHECK (row BETWEEN 0 AND 25),"
	" col INTEGER NOT NULL CHECK (col BETWEEN 0 AND 25),"
	" ms INTEGER NOT NULL CHECK (ms >= 0),"
	" PRIMARY KEY (match_id, ply),"
	" UNIQUE (match_id, row, col)"
	") STRICT, WITHOUT ROWID;"
	"INSERT INTO new_match_moves (match_id, ply, row, col, ms)"
	" SELECT match_id, ply, row, col, ms FROM match_moves;"
	"DROP TABLE match_moves;" /* and its trigger */
	"DROP TABLE matches;"	  /* and its indexes */
	"ALTER TABLE new_matches RENAME TO matches;"
	"ALTER TABLE new_match_moves RENAME TO match_moves;"
	"CREATE INDEX matches_by_black ON matches (black_id, started_at);"
	"CREATE INDEX matches_by_white ON matches (white_id, started_at);"
	"CREATE INDEX matches_unfinished ON matches (started_at)"
	" WHERE status = 'unfinished';"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA user_version = 3;";

/* Make a version 2 or 3 database at `path` with plain SQLite (foreign
 * keys off, as a careless tool might have them): the version 2 schema,
 * for version 3 its migration, then `rows`. */
static void make_old(const char *path, int version, const char *rows)
{
	sqlite3 *db = NULL;

	CU_ASSERT_EQUAL_FATAL(sqlite3_open(path, &db), SQLITE_OK);
	CU_ASSERT_EQUAL(sqlite3_exec(db, v2_schema, NULL, NULL, NULL),
			SQLITE_OK);
	if (version == 3)
		CU_ASSERT_EQUAL(
			sqlite3_exec(db, v3_migration, NULL, NULL, NULL),
			SQLITE_OK);
	CU_ASSERT_EQUAL(sqlite3_exec(db, rows, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	CU_ASSERT_EQUAL_FATAL(path_int(path, "PRAGMA user_version", 0),
			      version);
}

/* Players, two finished ranked matches and an unfinished one, as a
 * version 2 program wrote them. */
static const char v2_rows[] =
	"INSERT INTO players (id, username, nickname, password_hash, wins,"
	" losses, ties, score, games, rating, created_at) VALUES"
	" (1, 'alice', 'Alice', '" HASH_ALICE "', 1, 0, 1, 1, 2, 1516.5, 10),"
	" (2, 'bob', 'Bob', '" HASH_BOB "', 0, 1, 1, -1, 2, 1483.5, 11),"
	" (3, 'carol', 'Carol', '" HASH_CAROL "', 0, 0, 0, 0, 0, 1500, 12);"
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
#define ALL_PLAYERS                                                            \
	"SELECT group_concat(id || username || nickname || password_hash ||"   \
	" games || wins || losses || ties || score || rating || created_at,"   \
	" ';') FROM (SELECT * FROM players ORDER BY id)"

/* A version 2 database with matches and moves is brought to the current
 * schema (the same as a new file's): every player, match and move kept,
 * the matches ranked, the moves still tied to their matches. */
static void test_migrate_v2(void)
{
	char path[PATH_SIZE], fresh[PATH_SIZE], want[SNAP_SIZE];
	char players[SNAP_SIZE], matches[SNAP_SIZE], moves[SNAP_SIZE];
	char buf[SNAP_SIZE];
	struct store *s;
	long long id;

	new_path(fresh, "fresh.db");
	store_close(open_ok(fresh));
	schema_text(fresh, want);
	new_path(path, "v2.db");
	make_old(path, 2, v2_rows);
	path_text(path, ALL_PLAYERS, 0, players);
	path_text(path, V2_MATCHES, 0, matches);
	path_text(path, ALL_MOVES, 0, moves);

	s = open_ok(path);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(schema_text(path, buf), want);
	CU_ASSERT_STRING_EQUAL(path_text(path, ALL_PLAYERS, 0, buf), players);
	CU_ASSERT_STRING_EQUAL(path_text(path, V2_MATCHES, 0, buf), matches);
	CU_ASSERT_STRING_EQUAL(path_text(path, ALL_MOVES, 0, buf), moves);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT count(*) FROM matches WHERE"
				 " kind = 'ranked' AND time_per_move = 0 AND"
				 " black_name IS NULL AND white_name IS NULL",
				 0),
			3);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT \"table\" FROM"
					 " pragma_foreign_key_list"
					 "('match_moves')",
					 0, buf),
			       "matches");
	CU_ASSERT_STRING_EQUAL(
		path_text(path, "PRAGMA integrity_check", 0, buf), "ok");
	CU_ASSERT_EQUAL(
		path_int(path, "SELECT count(*) FROM pragma_foreign_key_check",
			 0),
		0);

	/* The old rows work with the new functions. */
	CU_ASSERT_EQUAL(store_match_unfinished(s, 3, &id), STORE_OK);
	CU_ASSERT_EQUAL(id, 3);
	CU_ASSERT_EQUAL(store_match_move(s, 3, 3, 8, 8, 2000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, 3, 4, 15, 0, 2000), STORE_ERR);
	CU_ASSERT_EQUAL(
		store_match_finish(s, 3, RESULT_WHITE_WIN, REASON_RESIGN, 400),
		STORE_OK);
	CU_ASSERT_EQUAL(record_of(s, 3).wins, 1);
	CU_ASSERT_EQUAL(record_of(s, 1).games, 3);
	store_close(s);

	/* Deleting a match still takes its moves with it. */
	CU_ASSERT_EQUAL(path_exec(path, "DELETE FROM matches WHERE id = 1"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(moves_of(path, 1), 0);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM match_moves", 0),
			5);
}

/* Open `path`, expecting the upgrade to fail and the file to keep its
 * version 2 schema and rows. */
static void expect_v2_kept(const char *path)
{
	char before[SNAP_SIZE], after[SNAP_SIZE];
	char rows[SNAP_SIZE], again[SNAP_SIZE];
	struct store *s = NULL;

	schema_text(path, before);
	path_text(path, V2_MATCHES, 0, rows);
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot upgrade the database: ", 29),
		0);
	store_close(s);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0), 2);
	CU_ASSERT_STRING_EQUAL(schema_text(path, after), before);
	CU_ASSERT_STRING_EQUAL(path_text(path, V2_MATCHES, 0, again), rows);
}

/* A version 2 database that the new tables cannot hold (a computer
 * level version 3 does not know; a move whose match is gone) is left as
 * it was: the rebuilt tables are rolled back with the rest. */
static void test_migrate_v2_refused(void)
{
	char path[PATH_SIZE];

	new_path(path, "v2-level.db");
	make_old(path, 2,
		 "INSERT INTO players (id, username, nickname,"
		 " password_hash, created_at) VALUES"
		 " (1, 'alice', 'A', 'h', 1);"
		 "INSERT INTO matches (status, black_id, ai_level,"
		 " variant, rule, rows, cols, k, started_at) VALUES"
		 " ('unfinished', 1, 0, 'gomoku', 'freestyle', 15, 15,"
		 " 5, 9);");
	expect_v2_kept(path);

	new_path(path, "v2-orphan.db");
	make_old(path, 2, v2_rows);
	CU_ASSERT_EQUAL(path_exec(path, "PRAGMA foreign_keys = OFF;"
					"DELETE FROM matches WHERE id = 2;"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM match_moves", 0),
			7);
	expect_v2_kept(path);
}

/* ==== Version 3 databases ============================================== */

/* Players and matches of every kind and status, as a version 3 program
 * wrote them. */
static const char v3_rows[] =
	"INSERT INTO players (id, username, nickname, password_hash, wins,"
	" losses, ties, score, games, rating, created_at) VALUES"
	" (1, 'alice', 'Alice', '" HASH_ALICE "', 1, 0, 0, 1, 1, 1516, 10),"
	" (2, 'bob', 'Bob', '" HASH_BOB "', 0, 1, 0, -1, 1, 1484, 11),"
	" (3, 'carol', 'Carol', '" HASH_CAROL "', 0, 0, 0, 0, 0, 1500, 12);"
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

/* Check the database at `path` after its upgrade from v3_rows: the
 * schema a new file has, the foreign keys sound, every match 'none'. */
static void check_v3_upgraded(const char *path, const char *want_schema)
{
	char buf[SNAP_SIZE];

	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	CU_ASSERT_STRING_EQUAL(schema_text(path, buf), want_schema);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT count(*) FROM matches"
				 " WHERE opening = 'none'",
				 0),
			5);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT \"table\" FROM"
					 " pragma_foreign_key_list"
					 "('match_moves')",
					 0, buf),
			       "matches");
	CU_ASSERT_STRING_EQUAL(
		path_text(path, "PRAGMA integrity_check", 0, buf), "ok");
	CU_ASSERT_EQUAL(
		path_int(path, "SELECT count(*) FROM pragma_foreign_key_check",
			 0),
		0);
}

/* A version 3 database with matches of every kind and status is brought
 * to the current schema (a new file's): every player, match and move
 * kept, each match with the opening 'none', and the old rows work with
 * the functions (and the new rule) afterwards. */
static void test_migrate_v3(void)
{
	char path[PATH_SIZE], fresh[PATH_SIZE], want[SNAP_SIZE];
	char players[SNAP_SIZE], matches[SNAP_SIZE], moves[SNAP_SIZE];
	char buf[SNAP_SIZE];
	struct match_full *f = malloc(sizeof *f);
	struct match_header h;
	struct store *s;
	long long id;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(store_schema_version(), 11); /* add v11 -> v12 */
	new_path(fresh, "fresh.db");
	store_close(open_ok(fresh));
	schema_text(fresh, want);
	new_path(path, "v3.db");
	make_old(path, 3, v3_rows);
	path_text(path, ALL_PLAYERS, 0, players);
	path_text(path, V3_MATCHES, 0, matches);
	path_text(path, ALL_MOVES, 0, moves);

	s = open_ok(path);
	check_v3_upgraded(path, want);
	CU_ASSERT_STRING_EQUAL(path_text(path, ALL_PLAYERS, 0, buf), players);
	CU_ASSERT_STRING_EQUAL(path_text(path, V3_MATCHES, 0, buf), matches);
	CU_ASSERT_STRING_EQUAL(path_text(path, ALL_MOVES, 0, buf), moves);
	/* v5: each match last moved at its end, or (unfinished) at its
	 * start plus its last move's time; none mid-opening or paused */
	CU_ASSERT_STRING_EQUAL(
		path_text(path,
			  "SELECT group_concat(last_active_at || ':' ||"
			  " opening_stones || colours_final || clock_used_ms,"
			  " ' ') FROM (SELECT * FROM matches ORDER BY id)",
			  0, buf),
		"130:010 260:010 301:010 400:010 550:010");

	CU_ASSERT_EQUAL_FATAL(store_match_load(s, 2, f), STORE_OK);
	CU_ASSERT_EQUAL(f->kind, MATCH_COMPUTER);
	CU_ASSERT_EQUAL(f->rule, RULE_EXACT);
	CU_ASSERT_EQUAL(f->opening, OPENING_NONE);
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
	CU_ASSERT_EQUAL(record_of(s, 3).wins, 1);
	CU_ASSERT_EQUAL(record_of(s, 1).games, 2);
	h = ranked(1, 2, 700);
	h.rule = RULE_RENJU;
	h.opening = OPENING_SWAP2;
	id = play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 800),
			STORE_OK);
	store_close(s);
	CU_ASSERT_STRING_EQUAL(path_text(path,
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
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	char rows[SNAP_SIZE], again[SNAP_SIZE];
	struct store *s = NULL;

	new_path(path, "v3-orphan.db");
	make_old(path, 3, v3_rows);
	CU_ASSERT_EQUAL(path_exec(path, "PRAGMA foreign_keys = OFF;"
					"DELETE FROM matches WHERE id = 3;"),
			SQLITE_OK);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM match_moves", 0),
			10);
	schema_text(path, before);
	path_text(path, V3_MATCHES, 0, rows);
	CU_ASSERT_EQUAL(store_open(path, &s), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot upgrade the database: ", 29),
		0);
	store_close(s);
	CU_ASSERT_EQUAL(path_int(path, "PRAGMA user_version", 0), 3);
	CU_ASSERT_STRING_EQUAL(schema_text(path, after), before);
	CU_ASSERT_STRING_EQUAL(path_text(path, V3_MATCHES, 0, again), rows);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM match_moves", 0),
			10);
}

/* ==== Renju and openings =============================================== */

/* A ranked renju match with the swap2 opening: the rule and opening are
 * stored at the start; 'forbidden' ends it only as a win for white,
 * counted like any win; load and history give the rule, opening and
 * reason back. A freestyle match cannot end by a forbidden move. */
static void test_renju_round_trip(void)
{
	static struct seen_list l;
	struct match_full *f = malloc(sizeof *f);
	char path[PATH_SIZE], before[SNAP_SIZE], after[SNAP_SIZE];
	struct player_record a, b;
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = club(path, ids);
	a = record_of(s, ids[0]);
	b = record_of(s, ids[1]);
	h = ranked(ids[0], ids[1], 8000);
	h.variant = "renju";
	h.rule = RULE_RENJU;
	h.opening = OPENING_SWAP2;
	id = play(s, &h, 8);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT rule || '|' || opening FROM"
					 " matches WHERE id = ?1",
					 id, before),
			       "renju|swap2");
	match_text(path, id, before);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_BLACK_WIN,
					   REASON_FORBIDDEN, 8100),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: a forbidden move by "
			       "black is a win for white");
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_DRAW, REASON_FORBIDDEN, 8100),
		STORE_ERR);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, after), before);
	assert_record(record_of(s, ids[0]), a);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 8100),
			STORE_OK);
	CU_ASSERT_EQUAL(strncmp(match_text(path, id, after),
				"ranked|finished|white|forbidden|8100|", 37),
			0);
	assert_record(record_of(s, ids[0]), expect_after(a, &b, 0.0));
	assert_record(record_of(s, ids[1]), expect_after(b, &a, 1.0));

	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_STRING_EQUAL(f->variant, "renju");
	CU_ASSERT_EQUAL(f->rule, RULE_RENJU);
	CU_ASSERT_EQUAL(f->opening, OPENING_SWAP2);
	CU_ASSERT_EQUAL(f->result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(f->reason, REASON_FORBIDDEN);
	check_loaded_moves(f, 8);
	CU_ASSERT_EQUAL(page(s, ids[1], 0, 10, &l), 1);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	CU_ASSERT_EQUAL(l.rows[0].r.id, id);
	CU_ASSERT_EQUAL(l.rows[0].r.colour, STONE_WHITE);
	CU_ASSERT_EQUAL(l.rows[0].r.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(l.rows[0].r.opening, OPENING_SWAP2);
	CU_ASSERT_EQUAL(l.rows[0].r.result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(l.rows[0].r.reason, REASON_FORBIDDEN);

	h = ranked(ids[1], ids[2], 9000);
	id = play(s, &h, 2);
	match_text(path, id, before);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 9100),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: a forbidden move "
			       "ends only a renju match");
	CU_ASSERT_STRING_EQUAL(match_text(path, id, after), before);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->rule, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(f->opening, OPENING_NONE);
	CU_ASSERT_EQUAL(page(s, ids[2], 0, 10, &l), 1);
	CU_ASSERT_EQUAL(l.rows[0].r.opening, OPENING_NONE);
	CU_ASSERT_EQUAL(l.rows[0].r.rule, RULE_FREESTYLE);
	free(f);
	store_close(s);
}

/* Renju games played whole (ranked), imported and against the computer
 * keep their rule, opening and reason; an opening the store does not
 * know, or 'forbidden' that is not a renju win for white, is refused
 * and changes nothing; the table refuses the same by itself. */
static void test_renju_writes(void)
{
	char path[PATH_SIZE], buf[SNAP_SIZE];
	struct player_record c;
	struct match_header h;
	long long ids[3], id;
	int w = -1, lost = -1, d = -1;
	struct store *s;
	sqlite3 *db;

	s = club(path, ids);
	h = ranked(ids[0], ids[1], 2000);
	h.rule = RULE_RENJU;
	h.opening = OPENING_SWAP2;
	CU_ASSERT_EQUAL(
		play_whole(s, &h, RESULT_WHITE_WIN, REASON_FORBIDDEN, &id),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT rule || opening || result ||"
					 " reason FROM matches WHERE id = ?1",
					 id, buf),
			       "renjuswap2whiteforbidden");
	CU_ASSERT_EQUAL(record_of(s, ids[1]).wins, 1);
	id = play(s, &h, 9);
	expect_finish_refused(s, path, id, RESULT_BLACK_WIN, REASON_FORBIDDEN,
			      STORE_ERR);
	h.rule = RULE_EXACT;
	id = play(s, &h, 9);
	expect_finish_refused(s, path, id, RESULT_WHITE_WIN, REASON_FORBIDDEN,
			      STORE_ERR);
	h = ranked(ids[0], ids[1], 2000);
	h.opening = (enum match_opening)7;
	expect_start_refused(s, path, &h, STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "cannot start the match: "
						"the opening is not valid");

	h = ranked(ids[0], ids[1], 100);
	h.opening = (enum match_opening) - 1;
	expect_start_refused(s, path, &h, STORE_ERR);

	h = imported(7000);
	h.rule = RULE_RENJU;
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, five_ms,
					   RESULT_WHITE_WIN, REASON_FORBIDDEN,
					   &id),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT kind || rule || opening ||"
					 " reason FROM matches WHERE id = ?1",
					 id, buf),
			       "importedrenjunoneforbidden");
	h.rule = RULE_FREESTYLE;
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, five_moves, five_ms,
					   RESULT_WHITE_WIN, REASON_FORBIDDEN,
					   &id),
			STORE_ERR);

	c = record_of(s, ids[2]);
	h = computer(ids[2], 0, 4, 9500);
	h.rule = RULE_RENJU;
	id = play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 9600),
			STORE_OK);
	assert_record(record_of(s, ids[2]), c);
	CU_ASSERT_EQUAL(store_computer_record(s, ids[2], 4, &w, &lost, &d),
			STORE_OK);
	CU_ASSERT_EQUAL(lost, 1);
	CU_ASSERT_EQUAL(w + d, 0);

	db = raw_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	CU_ASSERT(refused(db, "UPDATE matches SET opening = 'swap3'"));
	CU_ASSERT(refused(db, "UPDATE matches SET opening = NULL"));
	CU_ASSERT(refused(db, "UPDATE matches SET rule = 'freestyle'"
			      " WHERE reason = 'forbidden'"));
	CU_ASSERT(refused(db, "UPDATE matches SET result = 'black'"
			      " WHERE reason = 'forbidden'"));
	CU_ASSERT(refused(db, "UPDATE matches SET rule = 'swap'"));
	CU_ASSERT_EQUAL(sqlite3_exec(db,
				     "UPDATE matches SET rule = 'renju',"
				     " opening = 'swap2' WHERE kind = 'ranked'",
				     NULL, NULL, NULL),
			SQLITE_OK);
	sqlite3_close(db);
	store_close(s);
}

/* ==== Records under one rule =========================================== */

/* What a store_rule_records() callback saw. */
struct rule_rows {
	long long id[8];
	struct player_record rec[8];
	int n, stop_after; /* stop_after 0: never stop */
};

/* store_rule_records() callback: keep the row; stop when asked. */
static int keep_rule_row(void *ctx, long long player_id,
			 const struct player_record *rec)
{
	struct rule_rows *r = ctx;

	CU_ASSERT_FATAL(r->n < 8);
	r->id[r->n] = player_id;
	r->rec[r->n++] = *rec;
	return r->stop_after != 0 && r->n >= r->stop_after;
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

	m->rec[b] = expect_after(black, &white, bs);
	m->rec[w] = expect_after(white, &black, 1.0 - bs);
}

/* Start a ranked match under `rule` between players ids[b] (black) and
 * ids[w] and end it: finished with `result` and `reason` (counted into
 * the model), or abandoned when result is RESULT_NONE. */
static void rule_game(struct store *s, const long long ids[3], int b, int w,
		      enum rule rule, enum match_result result,
		      enum match_reason reason, struct rule_model *m)
{
	struct match_header h = ranked(ids[b], ids[w], 1000);
	long long id;

	h.rule = rule;
	id = play(s, &h, 2);
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
	CU_ASSERT_EQUAL(r->id[i], id);
	assert_record(r->rec[i], want);
	memset(&one, 0, sizeof one);
	CU_ASSERT_EQUAL(store_rule_record(s, id, rule, &one), STORE_OK);
	assert_record(one, want);
}

/* Per-rule records count only finished ranked matches under that rule,
 * from each player's side, in id order; players without any are left
 * out; each rule has its own Elo rating, from RATING_START at the first
 * game under it, changed only by games under that rule; a callback may
 * stop early. */
static void test_rule_records(void)
{
	static struct rule_rows r;
	struct rule_model renju = rule_model_start();
	struct rule_model freestyle = rule_model_start();
	struct player_record none = {.rating = -1};
	struct match_header h;
	char path[PATH_SIZE];
	long long ids[3], id;
	struct store *s;
	int i, games;

	s = club(path, ids);
	record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &id);
	rule_model_count(&freestyle, 0, 1, RESULT_BLACK_WIN);
	rule_game(s, ids, 0, 2, RULE_RENJU, RESULT_WHITE_WIN, REASON_FORBIDDEN,
		  &renju);
	record_and_check(s, ids, ids[1], ids[0], RESULT_DRAW, &id);
	rule_model_count(&freestyle, 1, 0, RESULT_DRAW);
	rule_game(s, ids, 1, 0, RULE_RENJU, RESULT_BLACK_WIN, REASON_FIVE,
		  &renju);
	rule_game(s, ids, 2, 0, RULE_RENJU, RESULT_DRAW, REASON_FULL, &renju);
	rule_game(s, ids, 1, 2, RULE_RENJU, RESULT_NONE, REASON_NONE, &renju);
	h = ranked(ids[1], ids[2], 1200);
	h.rule = RULE_RENJU;
	play(s, &h, 1); /* unfinished */
	h = computer(ids[1], 0, 2, 1300);
	h.rule = RULE_RENJU;
	id = play(s, &h, 1);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 1400),
		STORE_OK);
	h = imported(1500);
	h.rule = RULE_RENJU;
	CU_ASSERT_EQUAL(store_match_import(s, &h, 2, five_moves, NULL,
					   RESULT_DRAW, REASON_DRAW, &id),
			STORE_OK);

	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL(store_rule_records(s, RULE_RENJU, keep_rule_row, &r),
			STORE_OK);
	CU_ASSERT_EQUAL(r.n, 3);
	for (i = 0; i < 3; i++)
		expect_rule_row(s, RULE_RENJU, &r, i, ids[i], renju.rec[i]);
	CU_ASSERT_EQUAL(renju.rec[0].losses, 2);
	CU_ASSERT_EQUAL(renju.rec[0].ties, 1);
	for (i = 0, games = 0; i < r.n; i++)
		games += r.rec[i].games;
	CU_ASSERT_EQUAL(games, 6); /* three matches, two sides each */
	/* Not the overall rating, which counts the freestyle games too. */
	CU_ASSERT(fabs(r.rec[0].rating - record_of(s, ids[0]).rating) > 1.0);

	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL(
		store_rule_records(s, RULE_FREESTYLE, keep_rule_row, &r),
		STORE_OK);
	CU_ASSERT_EQUAL(r.n, 2); /* carol played no freestyle match */
	expect_rule_row(s, RULE_FREESTYLE, &r, 0, ids[0], freestyle.rec[0]);
	expect_rule_row(s, RULE_FREESTYLE, &r, 1, ids[1], freestyle.rec[1]);
	CU_ASSERT_EQUAL(store_rule_record(s, ids[2], RULE_FREESTYLE, &none),
			STORE_NOT_FOUND);
	CU_ASSERT_DOUBLE_EQUAL(none.rating, -1, 0); /* left alone */
	/* Global counters hold both rules. */
	CU_ASSERT_EQUAL(record_of(s, ids[0]).games, 5);
	CU_ASSERT_EQUAL(record_of(s, ids[0]).wins, 1);

	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL(store_rule_records(s, RULE_EXACT, keep_rule_row, &r),
			STORE_OK);
	CU_ASSERT_EQUAL(r.n, 0);

	memset(&r, 0, sizeof r);
	r.stop_after = 1;
	CU_ASSERT_EQUAL(store_rule_records(s, RULE_RENJU, keep_rule_row, &r),
			STORE_OK);
	CU_ASSERT_EQUAL(r.n, 1);
	CU_ASSERT_EQUAL(r.id[0], ids[0]);

	r.n = 0;
	CU_ASSERT_EQUAL(store_rule_records(s, (enum rule)9, keep_rule_row, &r),
			STORE_ERR);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot read the records under", 29),
		0);
	CU_ASSERT_EQUAL(store_rule_records(s, RULE_RENJU, NULL, &r), STORE_ERR);
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
	" (1, 'alice', 'Alice', '" HASH_ALICE "', 1, 2, 1, -1, 4, 1490, 10),"
	" (2, 'bob', 'Bob', '" HASH_BOB "', 0, 1, 2, -1, 3, 1495, 11),"
	" (3, 'carol', 'Carol', '" HASH_CAROL "', 2, 0, 1, 2, 3, 1515, 12);"
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
	" 15, 5, 'draw', 'full', 170, 300);";

/* Check every row of `rule`'s records against the model (ids 1..3). */
static void expect_rule_model(struct store *s, enum rule rule,
			      const struct rule_model *m, int players)
{
	static struct rule_rows r;
	int i, row = 0;

	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL(store_rule_records(s, rule, keep_rule_row, &r),
			STORE_OK);
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
	char path[PATH_SIZE], players[SNAP_SIZE], buf[SNAP_SIZE];
	struct store *s;

	new_path(path, "v3-rules.db");
	make_old(path, 3, v3_rule_rows);
	path_text(path, ALL_PLAYERS, 0, players);
	rule_model_count(&freestyle, 1, 2, RESULT_DRAW);      /* match 2 */
	rule_model_count(&exact, 0, 2, RESULT_WHITE_WIN);     /* match 3 */
	rule_model_count(&exact, 1, 0, RESULT_DRAW);	      /* match 8 */
	rule_model_count(&freestyle, 2, 0, RESULT_BLACK_WIN); /* match 4 */
	rule_model_count(&freestyle, 0, 1, RESULT_BLACK_WIN); /* match 1 */

	s = open_ok(path);
	CU_ASSERT_STRING_EQUAL(path_text(path, ALL_PLAYERS, 0, buf), players);
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
	char path[PATH_SIZE];
	struct live_seen seen = {0};
	struct match_header h;
	long long ids[3], done, a, b, v1, v2;
	struct store *s = club(path, ids), *other;

	CU_ASSERT_EQUAL(a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &done),
			STORE_OK);
	h = ranked(ids[1], ids[2], 3000);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &a), STORE_OK);
	h = ranked(ids[2], ids[0], 3100);
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

	other = open_ok(path);
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

/* store_presence_list() callback: keep the id, name and match. */
static int keep_present(void *ctx, const struct presence_row *r)
{
	return seen_add(ctx, r->player_id, (int)r->match_id, r->username);
}

/* Presence rows: one per process, replaced by the same pid, stale after
 * STORE_PRESENCE_STALE seconds, listed once per player (playing when
 * any process of theirs plays), removed on clear. */
static void test_presence(void)
{
	char path[PATH_SIZE];
	struct live_seen seen = {0};
	struct match_header h = {0};
	long long ids[3], mid, now = 100000;
	struct store *s = club(path, ids);
	bool here = true;

	h = ranked(ids[0], ids[1], 3000);
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
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM presence", 0), 3);
	store_close(s);
}

/* A pending 15x15 challenge from `from` to `to` made at `at`. */
static struct challenge a_challenge(long long from, long long to, long long at)
{
	struct challenge c = {
		.from_id = from,
		.to_id = to,
		.variant = "gomoku",
		.rule = RULE_FREESTYLE,
		.rows = 15,
		.cols = 15,
		.k = 5,
		.time_per_move = 30,
		.created_at = at,
	};
	return c;
}

/* A challenge is pending for STORE_CHALLENGE_TTL seconds, then reads as
 * expired and can no longer be accepted; a decline after that is kept
 * as an expiry; an answered challenge cannot be answered again. */
static void test_challenge_expiry(void)
{
	char path[PATH_SIZE];
	struct challenge c = {0}, got = {0};
	long long ids[3], id, mid = 0, t = 50000;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[1], ids[0], t + 10);

	c = a_challenge(ids[0], ids[1], t);
	CU_ASSERT_EQUAL_FATAL(store_challenge_new(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 59, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.id, id);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_PENDING);
	CU_ASSERT_EQUAL(got.time_per_move, 30);
	CU_ASSERT_STRING_EQUAL(got.variant, "gomoku");
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[0], t, &got),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_challenge_for(s, ids[1], t + 60, &got),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 60, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_EXPIRED);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 60, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(mid, 0);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0), 0);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_DECLINED, t + 61),
		STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_EXPIRED);

	/* declined in time: stays declined, and cannot be accepted */
	c = a_challenge(ids[0], ids[2], t);
	CU_ASSERT_EQUAL_FATAL(store_challenge_new(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_close(s, id, CHALLENGE_DECLINED, t + 5),
			STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 5, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_DECLINED);
	h = ranked(ids[2], ids[0], t + 6);
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
	char path[PATH_SIZE];
	struct challenge c = {0}, got = {0};
	long long ids[3], id, mid = 0, t = 50000;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[2], ids[0], t + 3);

	c = a_challenge(ids[0], ids[1], t);
	CU_ASSERT_EQUAL_FATAL(store_challenge_new(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 3, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(path_int(path, "SELECT count(*) FROM matches", 0), 0);
	h = ranked(ids[1], ids[0], t + 3);
	h.time_per_move = c.time_per_move;
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 3, &mid),
			STORE_OK);
	CU_ASSERT_NOT_EQUAL(mid, 0);
	CU_ASSERT_EQUAL(store_challenge_get(s, id, t + 100, &got), STORE_OK);
	CU_ASSERT_EQUAL(got.state, CHALLENGE_ACCEPTED);
	CU_ASSERT_EQUAL(got.match_id, mid);
	CU_ASSERT_EQUAL(path_int(path,
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
	CU_ASSERT_EQUAL_FATAL(store_challenge_new(s, &c, &id), STORE_OK);
	CU_ASSERT_EQUAL(
		store_challenge_close(s, id, CHALLENGE_WITHDRAWN, t + 1),
		STORE_OK);
	CU_ASSERT_EQUAL(store_challenge_accept(s, id, &h, t + 2, &mid),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_challenge_get(s, 9999, t, &got), STORE_NOT_FOUND);

	c = a_challenge(ids[0], ids[0], t);
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &id), STORE_ERR);
	c = a_challenge(ids[0], 999, t);
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &id), STORE_NOT_FOUND);
	c = a_challenge(ids[0], ids[1], t);
	c.k = 30;
	CU_ASSERT_EQUAL(store_challenge_new(s, &c, &id), STORE_ERR);
	store_close(s);
}

/* A win on time is claimed only by the side not to move, once the
 * mover's time and the grace are gone since the last change, only in a
 * timed ranked match with exactly the moves the claimant saw; it counts
 * for both players, with the reason timeout. */
static void test_claim_timeout(void)
{
	char path[PATH_SIZE], buf[SNAP_SIZE];
	long long ids[3], mid, untimed, t = 7000;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[0], ids[1], t);

	CU_ASSERT_EQUAL(store_match_start(s, &h, &untimed), STORE_OK);
	h.time_per_move = 30;
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
	CU_ASSERT_EQUAL(record_of(s, ids[1]).wins, 0);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 0,
						  3, t + 33),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT status || result || reason"
					 " FROM matches WHERE id = ?1",
					 mid, buf),
			       "finishedwhitetimeout");
	CU_ASSERT_EQUAL(record_of(s, ids[1]).wins, 1);
	CU_ASSERT_EQUAL(record_of(s, ids[0]).losses, 1);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_WHITE_WIN, 0,
						  3, t + 99),
			STORE_ERR);
	CU_ASSERT_EQUAL(record_of(s, ids[1]).wins, 1);
	store_close(s);
}

/* A draw offer between two terminals: pending, answered once, keyed by
 * the ply it was made at; none for a finished match. */
static void test_draw_request(void)
{
	char path[PATH_SIZE];
	long long ids[3], mid;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[0], ids[1], 100);
	enum request_state state = REQUEST_PENDING;

	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &mid), STORE_OK);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 0, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_NONE);
	CU_ASSERT_EQUAL(store_request_draw(s, mid, 0, 200), STORE_OK);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 0, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_PENDING);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 1, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_NONE);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 1, true, 220), STORE_ERR);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 0, false, 220), STORE_OK);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 0, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_DECLINED);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 0, true, 220), STORE_ERR);
	CU_ASSERT_EQUAL(store_request_draw(s, mid, 0, 210), STORE_OK);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 0, true, 220), STORE_OK);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 0, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_ACCEPTED);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, 300),
		STORE_OK);
	CU_ASSERT_EQUAL(store_request_draw(s, mid, 0, 310), STORE_ERR);
	store_close(s);
}

/* Version 10's requests table (draw offers only), with a row. */
#define MATCH_REQUESTS_V10                                                     \
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
	char path[PATH_SIZE], want[SNAP_SIZE], got[SNAP_SIZE], buf[SNAP_SIZE];
	long long ids[3], mid;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[0], ids[1], 100);

	mid = play(s, &h, 2);
	CU_ASSERT_EQUAL_FATAL(mid, 1);
	store_close(s);
	schema_text(path, want);
	CU_ASSERT_EQUAL_FATAL(path_exec(path, MATCH_REQUESTS_V10), SQLITE_OK);
	s = open_ok(path);
	CU_ASSERT_STRING_EQUAL(schema_text(path, got), want);
	CU_ASSERT_STRING_EQUAL(path_text(path,
					 "SELECT group_concat(match_id || kind"
					 " || ply || state || created_at)"
					 " FROM match_requests",
					 0, buf),
			       "1draw0declined150");
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 2, 200), STORE_OK);
	store_close(s);
}

/* How many moves match `id` at `path` keeps. */
static long long moves_kept(const char *path, long long id)
{
	return path_int(path,
			"SELECT count(*) FROM match_moves"
			" WHERE match_id = ?1",
			id);
}

/* An undo between two terminals: asked only by the player to move with
 * two moves of their own to take back; declined, nothing moves;
 * accepted, the two moves go in the answer's own transaction and the
 * match's clock restarts at `now`; answered once. */
static void test_undo_request(void)
{
	char path[PATH_SIZE];
	long long ids[3], mid;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[0], ids[1], 100);
	enum request_state state = REQUEST_NONE;
	enum request_kind kind = REQUEST_DRAW;

	mid = play(s, &h, 0);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 0, 200), STORE_ERR);
	mid = play(s, &h, 4);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 3, 200), STORE_ERR);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 5, 200), STORE_ERR);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, 4, &kind),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 4, 200), STORE_OK);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, 4, &kind), STORE_OK);
	CU_ASSERT_EQUAL(kind, REQUEST_UNDO);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 4, false, 210), STORE_OK);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 4, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_DECLINED);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 4);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, 4, &kind),
			STORE_NOT_FOUND);

	CU_ASSERT_EQUAL(store_request_undo(s, mid, 4, 220), STORE_OK);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 4, true, 230), STORE_OK);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 4, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_ACCEPTED);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 2);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT max(ply) FROM match_moves"
				 " WHERE match_id = ?1",
				 mid),
			2);
	CU_ASSERT_EQUAL(path_int(path,
				 "SELECT last_active_at FROM matches"
				 " WHERE id = ?1",
				 mid),
			230);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 4, true, 240), STORE_ERR);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 2);
	/* the moves are played again; a draw offer takes none back */
	CU_ASSERT_EQUAL(store_match_move(s, mid, 3, 7, 4, 3000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 4, 8, 4, 4000), STORE_OK);
	CU_ASSERT_EQUAL(store_request_draw(s, mid, 4, 250), STORE_OK);
	CU_ASSERT_EQUAL(store_request_pending(s, mid, 4, &kind), STORE_OK);
	CU_ASSERT_EQUAL(kind, REQUEST_DRAW);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 4, true, 260), STORE_OK);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 4);
	store_close(s);
}

/* An accepted undo whose match moved on (or ended) meanwhile changes
 * nothing at all: the answer is rolled back with it. The opening's
 * stones are never taken back, nor any while the colours are open. */
static void test_undo_request_refused(void)
{
	char path[PATH_SIZE];
	long long ids[3], mid;
	struct store *s = club(path, ids);
	struct match_header h = ranked(ids[0], ids[1], 100);
	enum request_state state = REQUEST_NONE;

	mid = play(s, &h, 4);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 4, 200), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 7, 5, 5000), STORE_OK);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 4, true, 210), STORE_ERR);
	CU_ASSERT_EQUAL(store_request_get(s, mid, 4, &state), STORE_OK);
	CU_ASSERT_EQUAL(state, REQUEST_PENDING);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 5);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 5, 220), STORE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, mid, RESULT_DRAW, REASON_DRAW, 230),
		STORE_OK);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 5, true, 240), STORE_ERR);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 5);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 5, 250), STORE_ERR);

	h.opening = OPENING_SWAP2;
	mid = play(s, &h, 4);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 4, 300), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_seats(s, mid, ids[0], ids[1], 3, true),
			STORE_OK);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 4, 300), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 7, 5, 5000), STORE_OK);
	CU_ASSERT_EQUAL(store_request_undo(s, mid, 5, 310), STORE_OK);
	CU_ASSERT_EQUAL(store_request_answer(s, mid, 5, true, 320), STORE_OK);
	CU_ASSERT_EQUAL(moves_kept(path, mid), 3);
	store_close(s);
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
	{"get_login finds a player in any case", test_get_login},
	{"login_failed counts up and locks after five", test_login_failed},
	{"login_succeeded resets and rehashes", test_login_succeeded},
	{"failed logins older than a day no longer count",
	 test_failures_expire},
	{"login_failures rows that no longer count are deleted",
	 test_failures_pruned},
	{"set_password replaces one hash", test_set_password},
	{"whole matches: wins, losses, draws, Elo, moves", test_whole_match},
	{"two processes record matches at once", test_two_writers},
	{"processes opening one new file at once", test_open_race},
	{"load_players reads all, in id order", test_load_players},
	{"reload_player sees another connection", test_reload_player},
	{"refresh sees another connection's match and player",
	 test_refresh_sees_others},
	{"refresh sees own writes and raw SQL", test_refresh_own_and_raw},
	{"refresh reads only the changed rows",
	 test_refresh_reads_only_changes},
	{"every listed change stamps the row", test_change_stamps},
	{"refresh only the handle's live list", test_refresh_other_list},
	{"a hash is stored only in players.password_hash",
	 test_hash_only_in_players},
	{"a version 2 database with matches is migrated", test_migrate_v2},
	{"a version 2 database the new schema refuses is kept",
	 test_migrate_v2_refused},
	{"the schema refuses matches that do not fit their kind",
	 test_constraints_kinds},
	{"start, moves, undo, finish: counted once, at the end",
	 test_match_flow},
	{"finish: draws, timeouts, bad results, the clock",
	 test_match_finish_kinds},
	{"start refuses bad headers and writes nothing",
	 test_match_start_refused},
	{"moves out of turn, on taken cells, after the end refused",
	 test_match_moves_refused},
	{"a refused start, move or finish changes nothing",
	 test_whole_match_refused},
	{"an abandoned match counts for nobody", test_match_abandon},
	{"the newest unfinished match, none when over", test_match_unfinished},
	{"swap2 stones are kept before the colours are known",
	 test_match_seats},
	{"a stopped match keeps its clock", test_match_pause},
	{"a match left too long is claimed once, after the wait",
	 test_match_claim},
	{"where a match stands now", test_match_now},
	{"the unfinished match between two players",
	 test_match_unfinished_between},
	{"an imported game without a known end is not a draw",
	 test_import_unknown_end},
	{"load gives back the header and every move", test_match_load},
	{"history: newest first, pages, total, from the player", test_history},
	{"history: the same start, newest id first", test_history_ties},
	{"record against the computer, per level", test_computer_record},
	{"import: one record or nothing", test_import},
	{"imported games: newest first, pages, total", test_imported_list},
	{"killed after N moves: unfinished with N moves",
	 test_killed_after_moves},
	{"killed while writing: every reported move kept",
	 test_killed_while_writing},
	{"a version 3 database with matches is migrated", test_migrate_v3},
	{"a version 5 database gets change stamps", test_migrate_v5},
	{"a version 3 database with a broken reference is kept",
	 test_migrate_v3_refused},
	{"renju and 'forbidden': start, finish, load, history",
	 test_renju_round_trip},
	{"renju and swap2 recorded, imported; bad pairs refused",
	 test_renju_writes},
	{"records under one rule, each with its own Elo", test_rule_records},
	{"the upgrade replays old matches into each rule's records",
	 test_migrate_rule_records},
	{"live matches listed; data_version; one writer per ply",
	 test_live_matches},
	{"presence: per process, stale rows ignored", test_presence},
	{"challenges expire after a minute", test_challenge_expiry},
	{"accepting a challenge starts its match", test_challenge_accept},
	{"a win on time is claimed only when the time is gone",
	 test_claim_timeout},
	{"draw offers between terminals are answered once", test_draw_request},
	{"an undo between terminals: the answer takes the moves back",
	 test_undo_request},
	{"an undo refused: moved on, ended, or the opening's stones",
	 test_undo_request_refused},
	{"a version 10 database keeps its requests and takes undos",
	 test_migrate_v10_requests},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_suite = {"store", suite_init, suite_cleanup,
			    NULL,    NULL,	 tests};
