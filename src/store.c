/* store.c -- the club's records in SQLite: players and matches.
 *
 * The only module that speaks SQL. Every statement is a constant string
 * with bound parameters; each call goes prepare -> bind -> step ->
 * finalize with one exit label, and a change of more than one statement
 * runs inside BEGIN IMMEDIATE ... COMMIT with ROLLBACK on the error path.
 * The schema grows by the ordered list of migrations below; a database
 * is recognised by its PRAGMA application_id and versioned by its PRAGMA
 * user_version.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "auth.h"
#include "rating.h"
#include "store.h"

#define STORE_APP_ID   1198484843 /* 0x476F6D6B, "Gomk" */
#define STORE_BUSY_MS  5000
#define STORE_RETRY_MS 10
#define STORE_ERR_MAX  512

#define STR_(x) #x
#define STR(x)	STR_(x)
/* Part of migration 1: mark the file as ours. */
#define SET_APP_ID "PRAGMA application_id = " STR(STORE_APP_ID) ";"

struct store {
	sqlite3 *db;
	char err[STORE_ERR_MAX];
};

/* What failed, the first half of every error sentence. */
#define WHAT_OPEN	"cannot open the database"
#define WHAT_MIGRATE	"cannot upgrade the database"
#define WHAT_LOAD	"cannot load the players"
#define WHAT_RELOAD	"cannot reload the player"
#define WHAT_ADD	"cannot add the player"
#define WHAT_LOGIN	"cannot read the login"
#define WHAT_FAILED	"cannot count the failed login"
#define WHAT_SUCCEED	"cannot record the login"
#define WHAT_PASSWORD	"cannot change the password"
#define WHAT_RECORD	"cannot record the match"
#define WHAT_START	"cannot start the match"
#define WHAT_MOVE	"cannot save the move"
#define WHAT_UNDO	"cannot save the undo"
#define WHAT_FINISH	"cannot finish the match"
#define WHAT_ABANDON	"cannot abandon the match"
#define WHAT_UNFINISHED "cannot look for an unfinished match"
#define WHAT_LOAD_MATCH "cannot load the match"
#define WHAT_HISTORY	"cannot read the match history"
#define WHAT_COMPUTER	"cannot read the record against the computer"
#define WHAT_IMPORT	"cannot import the game"
#define WHAT_RULE	"cannot read the records under the rule"

/* ==== Schema ============================================================ */

/* migrations[i] takes the schema from version i to version i + 1 and sets
 * user_version to i + 1. Never edit a released migration: add one. */
static const char *const migrations[] = {
	/* 1: the players */
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
	"PRAGMA user_version = 1;" SET_APP_ID,

	/* 2: matches and their moves. A game against the computer has one
	 * player id NULL and ai_level set; result is NULL until finished. */
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
	"PRAGMA user_version = 2;",

	/* 3: kinds of match (ranked, against the computer, imported), the
	 * names of imported games' players, a time limit per move, and
	 * indexes for a player's history and unfinished matches. SQLite
	 * cannot change a CHECK, so both tables are rebuilt inside the
	 * migration's transaction, where foreign_keys stays ON: the new
	 * tables are made and filled (new_match_moves referring to
	 * new_matches), the old match_moves is dropped before the old
	 * matches (so that drop cascades to nothing), and renaming
	 * new_matches to matches points new_match_moves' reference at
	 * "matches". migrate() then runs foreign_key_check. A v2 row with
	 * an ai_level becomes a computer game, every other one ranked. */
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
	"PRAGMA user_version = 3;",

	/* 4: the renju rule, the reason 'forbidden' (black played a
	 * forbidden point under renju and lost: only a win for white in a
	 * renju match), and the opening a match was played with. The
	 * CHECKs change, so both tables are rebuilt as in migration 3; every
	 * v3 match gets the opening 'none'. */
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
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" opening TEXT NOT NULL DEFAULT 'none'"
	"  CHECK (opening IN ('none', 'swap2')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT CHECK (reason IN ('five', 'resign', 'draw', 'full',"
	"  'timeout', 'forbidden')),"
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
	"  OR (reason IN ('draw', 'full')) = (result = 'draw')),"
	" CHECK (reason IS NOT 'forbidden'"
	"  OR (result = 'white' AND rule = 'renju'))"
	") STRICT;"
	"INSERT INTO new_matches (id, kind, status, black_id, white_id,"
	" black_name, white_name, ai_level, variant, rule, rows, cols, k,"
	" time_per_move, result, reason, started_at, ended_at)"
	" SELECT id, kind, status, black_id, white_id, black_name,"
	" white_name, ai_level, variant, rule, rows, cols, k,"
	" time_per_move, result, reason, started_at, ended_at FROM matches;"
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
	"CREATE INDEX matches_ranked_by_rule ON matches (rule)"
	" WHERE kind = 'ranked' AND status = 'finished';"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA user_version = 4;",
};

#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

/* The columns a struct player_info is read from, in this order. */
#define PLAYER_COLUMNS                                                         \
	"id, username, nickname, created_at, last_login_at,"                   \
	" games, wins, losses, ties, score, rating"

/* ==== Errors and statements ============================================= */

/* Forget the last error. */
static void clear_err(struct store *s)
{
	s->err[0] = '\0';
}

/* Keep "<what>: <detail>" as the last error. */
static void set_err(struct store *s, const char *what, const char *detail)
{
	snprintf(s->err, sizeof s->err, "%s: %s", what, detail);
}

/* Keep "<what>: <SQLite's message>" as the last error. */
static void set_db_err(struct store *s, const char *what)
{
	set_err(s, what, sqlite3_errmsg(s->db));
}

/* Prepare one statement. Return 0, or -1 with the error kept. */
static int prepare(struct store *s, const char *sql, sqlite3_stmt **st,
		   const char *what)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) == SQLITE_OK)
		return 0;
	set_db_err(s, what);
	*st = NULL;
	return -1;
}

/* Step a statement that returns no rows to its end. Return SQLITE_DONE,
 * or SQLite's (extended) error code with the error kept. */
static int step_done(struct store *s, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_DONE)
		return rc;
	if (rc == SQLITE_ROW)
		set_err(s, what, "a statement returned rows unexpectedly");
	else
		set_db_err(s, what);
	return rc == SQLITE_ROW ? SQLITE_ERROR : rc;
}

/* Run one or more constant statements without parameters, each to its
 * end, discarding any rows. Return SQLITE_OK or the first error code
 * (the error kept). */
static int run_sql(struct store *s, const char *sql, const char *what)
{
	sqlite3_stmt *st = NULL;
	const char *tail = sql;
	int rc = SQLITE_OK;

	while (rc == SQLITE_OK && *tail != '\0') {
		rc = sqlite3_prepare_v2(s->db, tail, -1, &st, &tail);
		if (rc != SQLITE_OK) {
			set_db_err(s, what);
			break;
		}
		if (st == NULL) /* only white space or a comment was left */
			break;
		do
			rc = sqlite3_step(st);
		while (rc == SQLITE_ROW);
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
		else
			set_db_err(s, what);
		sqlite3_finalize(st);
	}
	return rc;
}

/* Read the first column of the first row of a constant query into *out.
 * Return SQLITE_OK or SQLite's error code (the error kept). */
static int query_int(struct store *s, const char *sql, long long *out,
		     const char *what)
{
	sqlite3_stmt *st;
	int rc;

	rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
	if (rc != SQLITE_OK) {
		set_db_err(s, what);
		return rc;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int64(st, 0);
		rc = SQLITE_OK;
	} else {
		set_db_err(s, what);
		if (rc == SQLITE_DONE)
			rc = SQLITE_ERROR;
	}
	sqlite3_finalize(st);
	return rc;
}

/* Start a write transaction, taking the write lock now. Return STORE_OK
 * or STORE_ERR (the error kept). */
static enum store_status begin(struct store *s, const char *what)
{
	if (run_sql(s, "BEGIN IMMEDIATE", what) != SQLITE_OK)
		return STORE_ERR;
	return STORE_OK;
}

/* Undo the open transaction, if SQLite has not already. The first error
 * stays the one kept: a failed ROLLBACK cannot be helped here, and SQLite
 * rolls back itself when the connection closes. */
static void rollback(struct store *s)
{
	sqlite3_stmt *st;

	if (sqlite3_get_autocommit(s->db))
		return;
	if (sqlite3_prepare_v2(s->db, "ROLLBACK", -1, &st, NULL) != SQLITE_OK)
		return;
	(void)sqlite3_step(st);
	sqlite3_finalize(st);
}

/* Commit the open transaction, or roll it back when `st` is not STORE_OK
 * or the commit fails. Return `st`, or STORE_ERR when COMMIT failed. */
static enum store_status finish(struct store *s, enum store_status st,
				const char *what)
{
	if (st == STORE_OK && run_sql(s, "COMMIT", what) == SQLITE_OK)
		return STORE_OK;
	rollback(s);
	return st == STORE_OK ? STORE_ERR : st;
}

/* ==== Opening and migrating ============================================= */

/* Make the folder that will hold `path` (only its last component), mode
 * 0700, unless it exists. Return STORE_OK or STORE_CANT_OPEN. */
static enum store_status make_folder(struct store *s, const char *path)
{
	enum store_status ret = STORE_OK;
	char *dir, *slash;

	dir = strdup(path);
	if (dir == NULL) {
		set_err(s, WHAT_OPEN, "out of memory");
		return STORE_ERR;
	}
	slash = strrchr(dir, '/');
	if (slash != NULL && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			snprintf(s->err, sizeof s->err,
				 "cannot make the folder %s: %s", dir,
				 strerror(errno));
			ret = STORE_CANT_OPEN;
		}
	}
	free(dir);
	return ret;
}

/* Create the database file with mode 0600 when it does not exist, so
 * SQLite (which gives -wal and -shm files the database's mode) never
 * makes a file others can read. Return STORE_OK or STORE_CANT_OPEN. */
static enum store_status make_file(struct store *s, const char *path)
{
	int fd;

	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
	if (fd < 0) {
		snprintf(s->err, sizeof s->err, "cannot open %s: %s", path,
			 strerror(errno));
		return STORE_CANT_OPEN;
	}
	close(fd);
	return STORE_OK;
}

/* Open the SQLite connection with extended result codes and a busy
 * timeout. Return STORE_OK, or STORE_CANT_OPEN/STORE_ERR. */
static enum store_status open_connection(struct store *s, const char *path)
{
	int rc;

	/* One connection per handle, used by one thread at a time: SQLite's
	 * per-call mutexes would only cost time (NOMUTEX). */
	rc = sqlite3_open_v2(path, &s->db,
			     SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		set_err(s, WHAT_OPEN,
			s->db != NULL ? sqlite3_errmsg(s->db)
				      : "out of memory");
		return rc == SQLITE_NOMEM ? STORE_ERR : STORE_CANT_OPEN;
	}
	rc = sqlite3_extended_result_codes(s->db, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
	if (rc != SQLITE_OK) {
		set_db_err(s, WHAT_OPEN);
		return STORE_ERR;
	}
	return STORE_OK;
}

/* Read the application id, user_version and number of schema objects
 * in one statement, so from one snapshot even while another process is
 * making the schema. Return SQLITE_OK or SQLite's error (kept). */
static int read_identity(struct store *s, long long *app, long long *ver,
			 long long *objects)
{
	sqlite3_stmt *st;
	int rc;

	rc = sqlite3_prepare_v2(
		s->db,
		"SELECT (SELECT application_id"
		" FROM pragma_application_id),"
		" (SELECT user_version FROM pragma_user_version),"
		" (SELECT count(*) FROM sqlite_schema)",
		-1, &st, NULL);
	if (rc != SQLITE_OK) {
		set_db_err(s, WHAT_OPEN);
		return rc;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*app = sqlite3_column_int64(st, 0);
		*ver = sqlite3_column_int64(st, 1);
		*objects = sqlite3_column_int64(st, 2);
		rc = SQLITE_OK;
	} else {
		set_db_err(s, WHAT_OPEN);
	}
	sqlite3_finalize(st);
	return rc;
}

/* Say whose file this is, reading only. For a Gomoku Club database (or
 * an empty one) return STORE_OK with its schema version in *version (0
 * for a new file); otherwise STORE_NEWER, STORE_NOT_OURS or STORE_ERR. */
static enum store_status classify(struct store *s, int *version)
{
	long long app = 0, ver = 0, objects = 0;
	int rc;

	rc = read_identity(s, &app, &ver, &objects);
	if ((rc & 0xff) == SQLITE_NOTADB)
		goto not_ours;
	if (rc != SQLITE_OK)
		return STORE_ERR;
	if (app == STORE_APP_ID && ver > SCHEMA_VERSION) {
		snprintf(s->err, sizeof s->err,
			 WHAT_OPEN ": it was made by a newer Gomoku Club "
				   "(schema %lld; this one knows up to %d)",
			 ver, SCHEMA_VERSION);
		return STORE_NEWER;
	}
	if ((app == STORE_APP_ID && ver >= 1) ||
	    (app == 0 && ver == 0 && objects == 0)) {
		*version = (int)ver;
		return STORE_OK;
	}
not_ours:
	set_err(s, WHAT_OPEN, "it is not a Gomoku Club database");
	return STORE_NOT_OURS;
}

/* Ask for WAL mode once. Return SQLITE_OK when the connection is in WAL
 * mode, SQLITE_BUSY when SQLite kept the old mode (or said busy), or
 * another error code (the error kept in every case). */
static int try_wal(struct store *s)
{
	const unsigned char *mode;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s, "PRAGMA journal_mode = WAL", &st, WHAT_OPEN) != 0)
		return SQLITE_ERROR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		mode = sqlite3_column_text(st, 0);
		rc = mode != NULL && sqlite3_stricmp((const char *)mode,
						     "wal") == 0
			     ? SQLITE_OK
			     : SQLITE_BUSY;
		if (rc != SQLITE_OK)
			set_err(s, WHAT_OPEN,
				"the database stays out of WAL "
				"mode");
	} else {
		set_db_err(s, WHAT_OPEN);
	}
	sqlite3_finalize(st);
	return rc;
}

/* Switch the connection to WAL. While other processes open the same new
 * file, the switch can fail at once, without the busy handler; so try
 * again every STORE_RETRY_MS for up to the busy timeout. Return STORE_OK
 * or STORE_ERR. */
static enum store_status set_wal(struct store *s)
{
	int waited, rc;

	for (waited = 0;; waited += STORE_RETRY_MS) {
		rc = try_wal(s);
		if ((rc & 0xff) != SQLITE_BUSY || waited >= STORE_BUSY_MS)
			break;
		sqlite3_sleep(STORE_RETRY_MS);
	}
	return rc == SQLITE_OK ? STORE_OK : STORE_ERR;
}

/* Switch to WAL, then set synchronous=FULL, foreign_keys=ON and
 * secure_delete=ON (so an old password hash does not linger in free
 * space). Return STORE_OK or STORE_ERR. */
static enum store_status set_pragmas(struct store *s)
{
	if (set_wal(s) != STORE_OK)
		return STORE_ERR;
	if (run_sql(s,
		    "PRAGMA synchronous = FULL;"
		    "PRAGMA foreign_keys = ON;"
		    "PRAGMA secure_delete = ON;",
		    WHAT_OPEN) != SQLITE_OK)
		return STORE_ERR;
	clear_err(s); /* a retried WAL switch may have left one */
	return STORE_OK;
}

/* Check every foreign key in the database (a rebuilt table must still
 * point at rows that exist). Return 0, or -1 with the error kept. */
static int check_foreign_keys(struct store *s)
{
	long long broken = 0;

	if (query_int(s, "SELECT count(*) FROM pragma_foreign_key_check",
		      &broken, WHAT_MIGRATE) != SQLITE_OK)
		return -1;
	if (broken == 0)
		return 0;
	snprintf(s->err, sizeof s->err,
		 WHAT_MIGRATE ": %lld rows refer to rows that do not exist",
		 broken);
	return -1;
}

/* Bring the schema up to SCHEMA_VERSION in one transaction, looking at
 * the version again under the write lock (another process may have
 * migrated meanwhile). Return STORE_OK or why not (rolled back). */
static enum store_status migrate(struct store *s)
{
	enum store_status st;
	long long now_at = 0;
	int version = 0;

	st = begin(s, WHAT_MIGRATE);
	if (st != STORE_OK)
		return st;
	st = classify(s, &version);
	if (st != STORE_OK)
		goto out_rollback;
	st = STORE_ERR;
	for (; version < SCHEMA_VERSION; version++)
		if (run_sql(s, migrations[version], WHAT_MIGRATE) != SQLITE_OK)
			goto out_rollback;
	if (query_int(s, "PRAGMA user_version", &now_at, WHAT_MIGRATE) !=
	    SQLITE_OK)
		goto out_rollback;
	if (now_at != SCHEMA_VERSION) {
		set_err(s, WHAT_MIGRATE, "a migration set the wrong version");
		goto out_rollback;
	}
	if (check_foreign_keys(s) != 0)
		goto out_rollback;
	return finish(s, STORE_OK, WHAT_MIGRATE);
out_rollback:
	rollback(s);
	return st;
}

/* Everything store_open() does after making the handle. */
static enum store_status open_database(struct store *s, const char *path)
{
	enum store_status st;
	int version = 0;

	st = make_folder(s, path);
	if (st == STORE_OK)
		st = make_file(s, path);
	if (st == STORE_OK)
		st = open_connection(s, path);
	if (st == STORE_OK)
		st = classify(s, &version);
	if (st == STORE_OK)
		st = set_pragmas(s);
	if (st == STORE_OK && version < SCHEMA_VERSION)
		st = migrate(s);
	return st;
}

/* See store.h. On failure the connection is closed already, so only
 * store_errmsg() and store_close() may be used on *out. */
enum store_status store_open(const char *path, struct store **out)
{
	enum store_status st;
	struct store *s;

	*out = NULL;
	s = calloc(1, sizeof *s);
	if (s == NULL)
		return STORE_ERR;
	*out = s;
	if (path == NULL || path[0] == '\0') {
		set_err(s, WHAT_OPEN, "no file name was given");
		return STORE_CANT_OPEN;
	}
	st = open_database(s, path);
	if (st != STORE_OK) {
		sqlite3_close_v2(s->db);
		s->db = NULL;
	}
	return st;
}

/* See store.h. */
void store_close(struct store *s)
{
	if (s == NULL)
		return;
	sqlite3_close_v2(s->db);
	free(s);
}

/* See store.h. A NULL handle (store_open() ran out of memory) reads
 * "out of memory". */
const char *store_errmsg(const struct store *s)
{
	if (s == NULL)
		return WHAT_OPEN ": out of memory";
	return s->err;
}

/* See store.h. */
int store_schema_version(void)
{
	return SCHEMA_VERSION;
}

/* ==== Players =========================================================== */

/* Fill `info` from a row of PLAYER_COLUMNS; the strings point into the
 * statement and last until its next step. Return 0, or -1 (out of
 * memory). */
static int row_to_info(sqlite3_stmt *st, struct player_info *info)
{
	info->id = sqlite3_column_int64(st, 0);
	info->username = (const char *)sqlite3_column_text(st, 1);
	info->nickname = (const char *)sqlite3_column_text(st, 2);
	info->created_at = sqlite3_column_int64(st, 3);
	info->last_login_at = sqlite3_column_int64(st, 4);
	info->rec.games = sqlite3_column_int(st, 5);
	info->rec.wins = sqlite3_column_int(st, 6);
	info->rec.losses = sqlite3_column_int(st, 7);
	info->rec.ties = sqlite3_column_int(st, 8);
	info->rec.score = sqlite3_column_int(st, 9);
	info->rec.rating = sqlite3_column_double(st, 10);
	if (info->username == NULL || info->nickname == NULL)
		return -1;
	return 0;
}

/* Remove from `l` every node after `last` (NULL: every node). */
static void drop_after(struct plist *l, const struct player *last)
{
	while (plist_last(l) != last)
		plist_remove(l, plist_last(l));
}

/* See store.h. One query of just the list's columns; on failure the
 * players appended so far are removed again, leaving `l` as it was. */
enum store_status store_load_players(struct store *s, struct plist *l)
{
	const struct player *old_last = plist_last(l);
	enum store_status ret = STORE_ERR;
	struct player_info info;
	long long max_id = 0;
	sqlite3_stmt *st;
	int rc;

	clear_err(s);
	/* Ids are handed out in order, so the largest sizes the index well
	 * enough that loading never rehashes (an O(1) query on the rowid). */
	if (query_int(s, "SELECT coalesce(max(id), 0) FROM players", &max_id,
		      WHAT_LOAD) != SQLITE_OK)
		return STORE_ERR;
	if (max_id > 0 &&
	    plist_reserve(l, plist_count(l) + (size_t)max_id) != 0) {
		set_err(s, WHAT_LOAD, "out of memory");
		return STORE_ERR;
	}
	if (prepare(s, "SELECT " PLAYER_COLUMNS " FROM players ORDER BY id",
		    &st, WHAT_LOAD) != 0)
		return STORE_ERR;
	for (;;) {
		rc = sqlite3_step(st);
		if (rc != SQLITE_ROW)
			break;
		if (row_to_info(st, &info) != 0 ||
		    plist_append(l, &info) == NULL) {
			set_err(s, WHAT_LOAD,
				"out of memory, or a player is "
				"in the list already");
			goto out_drop;
		}
	}
	if (rc == SQLITE_DONE) {
		ret = STORE_OK;
		goto out_finalize;
	}
	set_db_err(s, WHAT_LOAD);
out_drop:
	drop_after(l, old_last);
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Bring node `p` up to date with `info`. The names never change through
 * this module; should they differ, the node is replaced (at the tail).
 * Return 0, or -1 when the replacement cannot be appended. */
static int update_node(struct plist *l, struct player *p,
		       const struct player_info *info)
{
	if (strcmp(p->username, info->username) != 0 ||
	    strcmp(p->nickname, info->nickname) != 0) {
		plist_remove(l, p);
		return plist_append(l, info) != NULL ? 0 : -1;
	}
	p->created_at = info->created_at;
	p->last_login_at = info->last_login_at;
	p->rec = info->rec;
	return 0;
}

/* See store.h. */
enum store_status store_reload_player(struct store *s, struct plist *l,
				      long long id)
{
	enum store_status ret = STORE_ERR;
	struct player_info info;
	struct player *p;
	sqlite3_stmt *st;
	int rc, bad;

	clear_err(s);
	if (prepare(s, "SELECT " PLAYER_COLUMNS " FROM players WHERE id = ?1",
		    &st, WHAT_RELOAD) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 1, id) != SQLITE_OK) {
		set_db_err(s, WHAT_RELOAD);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		set_err(s, WHAT_RELOAD, "no such player");
		ret = STORE_NOT_FOUND;
		goto out_finalize;
	}
	if (rc != SQLITE_ROW) {
		set_db_err(s, WHAT_RELOAD);
		goto out_finalize;
	}
	p = plist_find_id(l, id);
	bad = row_to_info(st, &info) != 0;
	if (!bad)
		bad = p != NULL ? update_node(l, p, &info) != 0
				: plist_append(l, &info) == NULL;
	if (bad)
		set_err(s, WHAT_RELOAD,
			"out of memory, or the name is taken "
			"in the list");
	else
		ret = STORE_OK;
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. */
enum store_status store_add_player(struct store *s, const char *username,
				   const char *nickname, const char *hash,
				   long long now, long long *id)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	clear_err(s);
	if (prepare(s,
		    "INSERT INTO players"
		    " (username, nickname, password_hash, created_at)"
		    " VALUES (?1, ?2, ?3, ?4)",
		    &st, WHAT_ADD) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, username, -1, SQLITE_STATIC) !=
		    SQLITE_OK ||
	    sqlite3_bind_text(st, 2, nickname, -1, SQLITE_STATIC) !=
		    SQLITE_OK ||
	    sqlite3_bind_text(st, 3, hash, -1, SQLITE_STATIC) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 4, now) != SQLITE_OK) {
		set_db_err(s, WHAT_ADD);
		goto out_finalize;
	}
	rc = step_done(s, st, WHAT_ADD);
	if (rc == SQLITE_CONSTRAINT_UNIQUE) {
		set_err(s, WHAT_ADD, "the username is taken");
		ret = STORE_EXISTS;
	} else if (rc == SQLITE_DONE) {
		*id = sqlite3_last_insert_rowid(s->db);
		ret = STORE_OK;
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Copy the login columns of the current row into *out. Return 0, or -1
 * when the stored hash does not fit. */
static int row_to_login(sqlite3_stmt *st, struct store_login *out)
{
	const unsigned char *hash = sqlite3_column_text(st, 1);
	int len = sqlite3_column_bytes(st, 1);

	if (hash == NULL || len <= 0 || len >= AUTH_HASH_MAX)
		return -1;
	out->id = sqlite3_column_int64(st, 0);
	memcpy(out->hash, hash, (size_t)len);
	out->hash[len] = '\0';
	out->failed_logins = sqlite3_column_int(st, 2);
	out->locked_until = sqlite3_column_int64(st, 3);
	return 0;
}

/* See store.h. */
enum store_status store_get_login(struct store *s, const char *username,
				  struct store_login *out)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	clear_err(s);
	if (prepare(s,
		    "SELECT id, password_hash, failed_logins, locked_until"
		    " FROM players WHERE username = ?1",
		    &st, WHAT_LOGIN) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, username, -1, SQLITE_STATIC) !=
	    SQLITE_OK) {
		set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		set_err(s, WHAT_LOGIN, "no such player");
		ret = STORE_NOT_FOUND;
	} else if (rc != SQLITE_ROW) {
		set_db_err(s, WHAT_LOGIN);
	} else if (row_to_login(st, out) != 0) {
		set_err(s, WHAT_LOGIN, "the stored hash is not valid");
	} else {
		ret = STORE_OK;
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Add one to player `id`'s failed logins and put the new count in
 * *count. Return STORE_OK, STORE_NOT_FOUND or STORE_ERR. */
static enum store_status count_failure(struct store *s, long long id,
				       int *count)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	long long n;
	int rc;

	if (prepare(s,
		    "UPDATE players SET failed_logins = failed_logins + 1"
		    " WHERE id = ?1 RETURNING failed_logins",
		    &st, WHAT_FAILED) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 1, id) != SQLITE_OK) {
		set_db_err(s, WHAT_FAILED);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		set_err(s, WHAT_FAILED, "no such player");
		ret = STORE_NOT_FOUND;
	} else if (rc != SQLITE_ROW) {
		set_db_err(s, WHAT_FAILED);
	} else {
		n = sqlite3_column_int64(st, 0);
		*count = n > INT_MAX ? INT_MAX : (int)n;
		if (step_done(s, st, WHAT_FAILED) == SQLITE_DONE)
			ret = STORE_OK;
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Set player `id`'s lock to `until`. Return STORE_OK or STORE_ERR. */
static enum store_status set_lock(struct store *s, long long id,
				  long long until)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;

	if (prepare(s, "UPDATE players SET locked_until = ?2 WHERE id = ?1",
		    &st, WHAT_FAILED) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 1, id) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 2, until) != SQLITE_OK) {
		set_db_err(s, WHAT_FAILED);
		goto out_finalize;
	}
	if (step_done(s, st, WHAT_FAILED) == SQLITE_DONE)
		ret = STORE_OK;
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. The lock is 0 while auth_lock_seconds() gives none. */
enum store_status store_login_failed(struct store *s, long long id,
				     long long now)
{
	enum store_status st;
	long long lock;
	int count = 0;

	clear_err(s);
	st = begin(s, WHAT_FAILED);
	if (st != STORE_OK)
		return st;
	st = count_failure(s, id, &count);
	if (st == STORE_OK) {
		lock = auth_lock_seconds(count);
		st = set_lock(s, id, lock > 0 ? now + lock : 0);
	}
	return finish(s, st, WHAT_FAILED);
}

/* Run a one-statement UPDATE of player ?1 with the text ?2 (NULL when
 * `text` is) and, unless `number` is NULL, the number ?3. Return
 * STORE_OK, STORE_NOT_FOUND when no row has that id, or STORE_ERR. */
static enum store_status update_player(struct store *s, const char *sql,
				       long long id, const char *text,
				       const long long *number,
				       const char *what)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s, sql, &st, what) != 0)
		return STORE_ERR;
	rc = sqlite3_bind_int64(st, 1, id);
	if (rc == SQLITE_OK)
		rc = text != NULL
			     ? sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC)
			     : sqlite3_bind_null(st, 2);
	if (rc == SQLITE_OK && number != NULL)
		rc = sqlite3_bind_int64(st, 3, *number);
	if (rc != SQLITE_OK) {
		set_db_err(s, what);
		goto out_finalize;
	}
	if (step_done(s, st, what) != SQLITE_DONE)
		goto out_finalize;
	ret = sqlite3_changes(s->db) == 1 ? STORE_OK : STORE_NOT_FOUND;
	if (ret == STORE_NOT_FOUND)
		set_err(s, what, "no such player");
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. */
enum store_status store_login_succeeded(struct store *s, long long id,
					long long now, const char *new_hash)
{
	clear_err(s);
	return update_player(s,
			     "UPDATE players SET failed_logins = 0,"
			     " locked_until = 0, last_login_at = ?3,"
			     " password_hash = coalesce(?2, password_hash)"
			     " WHERE id = ?1",
			     id, new_hash, &now, WHAT_SUCCEED);
}

/* See store.h. */
enum store_status store_set_password(struct store *s, long long id,
				     const char *hash)
{
	clear_err(s);
	if (hash == NULL) {
		set_err(s, WHAT_PASSWORD, "no hash was given");
		return STORE_ERR;
	}
	return update_player(s,
			     "UPDATE players SET password_hash = ?2"
			     " WHERE id = ?1",
			     id, hash, NULL, WHAT_PASSWORD);
}

/* ==== Words ============================================================= */

/* An enum's value and the word the tables store for it. Each table ends
 * with {0, NULL}. */
struct word {
	int value;
	const char *word;
};

static const struct word result_words[] = {
	{RESULT_BLACK_WIN, "black"},
	{RESULT_WHITE_WIN, "white"},
	{RESULT_DRAW, "draw"},
	{0, NULL},
};

static const struct word reason_words[] = {
	{REASON_FIVE, "five"},
	{REASON_RESIGN, "resign"},
	{REASON_DRAW, "draw"},
	{REASON_FULL, "full"},
	{REASON_TIMEOUT, "timeout"},
	{REASON_FORBIDDEN, "forbidden"},
	{0, NULL},
};

static const struct word rule_words[] = {
	{RULE_FREESTYLE, "freestyle"},
	{RULE_EXACT, "exact"},
	{RULE_RENJU, "renju"},
	{0, NULL},
};

static const struct word opening_words[] = {
	{OPENING_NONE, "none"},
	{OPENING_SWAP2, "swap2"},
	{0, NULL},
};

static const struct word kind_words[] = {
	{MATCH_RANKED, "ranked"},
	{MATCH_COMPUTER, "computer"},
	{MATCH_IMPORTED, "imported"},
	{0, NULL},
};

static const struct word status_words[] = {
	{MATCH_STATUS_UNFINISHED, "unfinished"},
	{MATCH_STATUS_FINISHED, "finished"},
	{MATCH_STATUS_ABANDONED, "abandoned"},
	{0, NULL},
};

/* The word for `value` in table `t`, or NULL if it has none. */
static const char *word_of(const struct word *t, int value)
{
	for (; t->word != NULL; t++)
		if (t->value == value)
			return t->word;
	return NULL;
}

/* Put the value of column `col` (a word of table `t`, or NULL when
 * `null_value` is not -1) into *value. Return 0, or -1 when the column
 * holds something else. */
static int column_word(sqlite3_stmt *st, int col, const struct word *t,
		       int null_value, int *value)
{
	const char *w = (const char *)sqlite3_column_text(st, col);

	if (w == NULL && null_value != -1) {
		*value = null_value;
		return 0;
	}
	for (; w != NULL && t->word != NULL; t++) {
		if (strcmp(t->word, w) == 0) {
			*value = t->value;
			return 0;
		}
	}
	return -1;
}

/* The word the matches table uses for a result, or NULL if unknown. */
static const char *result_word(enum match_result r)
{
	return word_of(result_words, (int)r);
}

/* The word the matches table uses for a reason, or NULL if unknown. */
static const char *reason_word(enum match_reason r)
{
	return word_of(reason_words, (int)r);
}

/* The word the matches table uses for a rule, or NULL if unknown. */
static const char *rule_word(enum rule r)
{
	return word_of(rule_words, (int)r);
}

/* The word the matches table uses for an opening, or NULL if unknown. */
static const char *opening_word(enum match_opening o)
{
	return word_of(opening_words, (int)o);
}

/* Why a match cannot end with `result` and `reason`, or NULL when it
 * can as far as C checks (the table checks that a draw goes with 'draw'
 * or 'full'). `renju`: the match is played under RULE_RENJU. */
static const char *ending_problem(enum match_result result,
				  enum match_reason reason, bool renju)
{
	if (result_word(result) == NULL || reason_word(reason) == NULL)
		return "the result or reason is not valid";
	if (reason == REASON_FORBIDDEN && result != RESULT_WHITE_WIN)
		return "a forbidden move by black is a win for white";
	if (reason == REASON_FORBIDDEN && !renju)
		return "a forbidden move ends only a renju match";
	return NULL;
}

/* ==== Statements with integer parameters ================================ */

/* Prepare `sql` and bind args[0..n-1] to ?1..?n. Return 0, or -1 with
 * the error kept (and *st NULL). */
static int prepare_ints(struct store *s, const char *sql, sqlite3_stmt **st,
			const long long *args, int n, const char *what)
{
	int i;

	if (prepare(s, sql, st, what) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (sqlite3_bind_int64(*st, i + 1, args[i]) != SQLITE_OK) {
			set_db_err(s, what);
			sqlite3_finalize(*st);
			*st = NULL;
			return -1;
		}
	}
	return 0;
}

/* Run `sql`, which returns no rows, with args[0..n-1] as ?1..?n. Return
 * SQLITE_DONE, or SQLite's (extended) error code with the error kept. */
static int exec_ints(struct store *s, const char *sql, const long long *args,
		     int n, const char *what)
{
	sqlite3_stmt *st;
	int rc;

	if (prepare_ints(s, sql, &st, args, n, what) != 0)
		return SQLITE_ERROR;
	rc = step_done(s, st, what);
	sqlite3_finalize(st);
	return rc;
}

/* Read the integer columns of the one row `sql` (with args as ?1..?n)
 * returns into out[0..nout-1]. Return STORE_OK, STORE_NOT_FOUND (no row;
 * the error kept as `what` + `none`) or STORE_ERR. */
static enum store_status query_ints(struct store *s, const char *sql,
				    const long long *args, int n,
				    long long *out, int nout, const char *what,
				    const char *none)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int i, rc;

	if (prepare_ints(s, sql, &st, args, n, what) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		for (i = 0; i < nout; i++)
			out[i] = sqlite3_column_int64(st, i);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		set_err(s, what, none);
		ret = STORE_NOT_FOUND;
	} else {
		set_db_err(s, what);
	}
	sqlite3_finalize(st);
	return ret;
}

/* Start a read transaction: what it reads comes from one snapshot.
 * Return STORE_OK or STORE_ERR (the error kept). */
static enum store_status begin_read(struct store *s, const char *what)
{
	if (run_sql(s, "BEGIN", what) != SQLITE_OK)
		return STORE_ERR;
	return STORE_OK;
}

/* STORE_OK when player `id` exists, else STORE_NOT_FOUND or STORE_ERR. */
static enum store_status player_exists(struct store *s, long long id,
				       const char *what)
{
	long long one;

	return query_ints(s, "SELECT 1 FROM players WHERE id = ?1", &id, 1,
			  &one, 1, what, "no such player");
}

/* ==== Counting a result ================================================= */

/* One side of a match: what it had before and what it gets. */
struct side {
	long long id;
	double rating;
	int games;
	double score; /* 1 win, 0.5 draw, 0 loss */
};

/* Read side->id's rating and games into `side`. Return STORE_OK,
 * STORE_NOT_FOUND or STORE_ERR. */
static enum store_status read_side(struct store *s, struct side *side,
				   const char *what)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (prepare_ints(s, "SELECT rating, games FROM players WHERE id = ?1",
			 &st, &side->id, 1, what) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		side->rating = sqlite3_column_double(st, 0);
		side->games = sqlite3_column_int(st, 1);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		set_err(s, what, "no such player");
		ret = STORE_NOT_FOUND;
	} else {
		set_db_err(s, what);
	}
	sqlite3_finalize(st);
	return ret;
}

/* Add one game's outcome for `side` to its counters, relative to what
 * the row holds now, with rating change `delta`. Return STORE_OK or
 * STORE_ERR. */
static enum store_status apply_side(struct store *s, const struct side *side,
				    double delta, const char *what)
{
	enum store_status ret = STORE_ERR;
	int win = side->score == 1.0, loss = side->score == 0.0;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s,
		    "UPDATE players SET games = games + 1, wins = wins + ?2,"
		    " losses = losses + ?3, ties = ties + ?4,"
		    " score = score + ?5, rating = rating + ?6 WHERE id = ?1",
		    &st, what) != 0)
		return STORE_ERR;
	rc = sqlite3_bind_int64(st, 1, side->id);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 2, win);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 3, loss);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 4, !win && !loss);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 5, win - loss);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_double(st, 6, delta);
	if (rc != SQLITE_OK)
		set_db_err(s, what);
	else if (step_done(s, st, what) == SQLITE_DONE)
		ret = STORE_OK;
	sqlite3_finalize(st);
	return ret;
}

/* Count a finished ranked game for both players inside the caller's
 * transaction: games, wins, losses, ties, score and Elo, each from (and
 * relative to) the values in the database now. Return STORE_OK,
 * STORE_NOT_FOUND or STORE_ERR. */
static enum store_status count_ranked(struct store *s, long long black_id,
				      long long white_id,
				      enum match_result result,
				      const char *what)
{
	struct side black = {.id = black_id}, white = {.id = white_id};
	double black_delta, white_delta;
	enum store_status st;

	st = read_side(s, &black, what);
	if (st == STORE_OK)
		st = read_side(s, &white, what);
	if (st != STORE_OK)
		return st;
	black.score = result == RESULT_BLACK_WIN   ? 1.0
		      : result == RESULT_WHITE_WIN ? 0.0
						   : 0.5;
	white.score = 1.0 - black.score;
	black_delta = rating_delta(black.rating, black.games, white.rating,
				   black.score);
	white_delta = rating_delta(white.rating, white.games, black.rating,
				   white.score);
	st = apply_side(s, &black, black_delta, what);
	if (st == STORE_OK)
		st = apply_side(s, &white, white_delta, what);
	return st;
}

/* ==== Writing match rows and moves ====================================== */

/* How a new match row ends: unfinished (result RESULT_NONE), or
 * finished with a result, a reason and an end time. */
struct ending {
	enum match_result result;
	enum match_reason reason;
	long long ended_at;
};

/* Why header `h` cannot be stored, or NULL when it can. */
static const char *header_problem(const struct match_header *h)
{
	if (word_of(kind_words, (int)h->kind) == NULL)
		return "the kind of match is not valid";
	if (h->variant == NULL)
		return "the variant is missing";
	if (rule_word(h->rule) == NULL)
		return "the rule is not valid";
	if (opening_word(h->opening) == NULL)
		return "the opening is not valid";
	if (h->black_id < 0 || h->white_id < 0 || h->time_per_move < 0)
		return "a player id or the time per move is negative";
	if (h->kind == MATCH_RANKED && (h->black_id == 0 || h->white_id == 0))
		return "a ranked match needs two players";
	if (h->kind == MATCH_COMPUTER &&
	    ((h->black_id == 0) == (h->white_id == 0) ||
	     h->ai_level < STORE_AI_LEVEL_MIN ||
	     h->ai_level > STORE_AI_LEVEL_MAX))
		return "a game against the computer needs one player and a "
		       "level from 1 to 5";
	if (h->kind == MATCH_IMPORTED &&
	    (h->black_id != 0 || h->white_id != 0 || h->black_name == NULL ||
	     h->white_name == NULL))
		return "an imported game needs two names and no players";
	return NULL;
}

/* Check header `h`. Return 0, or -1 with the error kept. */
static int check_header(struct store *s, const struct match_header *h,
			const char *what)
{
	const char *why = header_problem(h);

	if (why == NULL)
		return 0;
	set_err(s, what, why);
	return -1;
}

/* Bind `id` to parameter i, or NULL when it is 0 (no player). */
static int bind_id(sqlite3_stmt *st, int i, long long id)
{
	return id != 0 ? sqlite3_bind_int64(st, i, id)
		       : sqlite3_bind_null(st, i);
}

/* Bind `text` to parameter i, or NULL when it is NULL. */
static int bind_opt_text(sqlite3_stmt *st, int i, const char *text)
{
	return text != NULL ? sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC)
			    : sqlite3_bind_null(st, i);
}

/* Bind ?1..?7 (who plays) from `h`; what does not apply to its kind is
 * NULL. Return SQLITE_OK or the first error. */
static int bind_players(sqlite3_stmt *st, const struct match_header *h)
{
	int imported = h->kind == MATCH_IMPORTED;
	int rc;

	rc = sqlite3_bind_text(st, 1, word_of(kind_words, (int)h->kind), -1,
			       SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = bind_id(st, 2, h->black_id);
	if (rc == SQLITE_OK)
		rc = bind_id(st, 3, h->white_id);
	if (rc == SQLITE_OK)
		rc = bind_opt_text(st, 4, imported ? h->black_name : NULL);
	if (rc == SQLITE_OK)
		rc = bind_opt_text(st, 5, imported ? h->white_name : NULL);
	if (rc == SQLITE_OK && h->kind == MATCH_COMPUTER)
		rc = sqlite3_bind_int(st, 6, h->ai_level);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 7, h->started_at);
	return rc;
}

/* Bind ?8..?13 and ?18 (the board, the clock and the opening) from `h`.
 * Return SQLITE_OK or the first error. */
static int bind_board(sqlite3_stmt *st, const struct match_header *h)
{
	int rc;

	rc = sqlite3_bind_text(st, 8, h->variant, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 9, rule_word(h->rule), -1,
				       SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 10, h->rows);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 11, h->cols);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 12, h->k);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 13, h->time_per_move);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 18, opening_word(h->opening), -1,
				       SQLITE_STATIC);
	return rc;
}

/* Bind ?14..?17 (status, result, reason, ended_at) from `e`: finished
 * when it has a result, else unfinished. Return SQLITE_OK or the first
 * error. */
static int bind_ending(sqlite3_stmt *st, const struct ending *e)
{
	int finished = e->result != RESULT_NONE;
	int rc;

	rc = sqlite3_bind_text(st, 14, finished ? "finished" : "unfinished", -1,
			       SQLITE_STATIC);
	if (rc == SQLITE_OK && finished)
		rc = bind_opt_text(st, 15, result_word(e->result));
	if (rc == SQLITE_OK && finished)
		rc = bind_opt_text(st, 16, reason_word(e->reason));
	if (rc == SQLITE_OK && finished)
		rc = sqlite3_bind_int64(st, 17, e->ended_at);
	return rc;
}

/* Insert a match row for `h` ending as `e`; its id goes to *id. Return
 * STORE_OK, STORE_NOT_FOUND (a player id that does not exist) or
 * STORE_ERR. */
static enum store_status insert_row(struct store *s,
				    const struct match_header *h,
				    const struct ending *e, long long *id,
				    const char *what)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s,
		    "INSERT INTO matches (kind, black_id, white_id,"
		    " black_name, white_name, ai_level, started_at, variant,"
		    " rule, rows, cols, k, time_per_move, status, result,"
		    " reason, ended_at, opening) VALUES (?1, ?2, ?3, ?4, ?5,"
		    " ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,"
		    " ?18)",
		    &st, what) != 0)
		return STORE_ERR;
	rc = bind_players(st, h);
	if (rc == SQLITE_OK)
		rc = bind_board(st, h);
	if (rc == SQLITE_OK)
		rc = bind_ending(st, e);
	if (rc != SQLITE_OK) {
		set_db_err(s, what);
		goto out_finalize;
	}
	rc = step_done(s, st, what);
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) {
		set_err(s, what, "no such player");
		ret = STORE_NOT_FOUND;
	} else if (rc == SQLITE_DONE) {
		*id = sqlite3_last_insert_rowid(s->db);
		ret = STORE_OK;
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Keep a clearer error than SQLite's for a failed move insert with
 * code `rc`: a taken cell or move number. */
static void explain_move(struct store *s, int rc, int row, int col,
			 const char *what)
{
	if (rc == SQLITE_CONSTRAINT_UNIQUE)
		snprintf(s->err, sizeof s->err,
			 "%s: the cell (%d, %d) is taken", what, row, col);
	else if (rc == SQLITE_CONSTRAINT_PRIMARYKEY)
		set_err(s, what, "that move number is stored already");
}

/* Insert moves[0..n-1] (ply 1 is black's first) with ms[] (NULL: all 0)
 * under `match_id`. Return STORE_OK or STORE_ERR. */
static enum store_status insert_moves(struct store *s, long long match_id,
				      int n, const struct move *moves,
				      const long long *ms, const char *what)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int i, rc;

	if (prepare(s,
		    "INSERT INTO match_moves (match_id, ply, row, col, ms)"
		    " VALUES (?1, ?2, ?3, ?4, ?5)",
		    &st, what) != 0)
		return STORE_ERR;
	for (i = 0; i < n; i++) {
		rc = sqlite3_bind_int64(st, 1, match_id);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(st, 2, i + 1);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(st, 3, moves[i].row);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(st, 4, moves[i].col);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int64(st, 5, ms != NULL ? ms[i] : 0);
		if (rc != SQLITE_OK) {
			set_db_err(s, what);
			goto out_finalize;
		}
		rc = step_done(s, st, what);
		explain_move(s, rc, moves[i].row, moves[i].col, what);
		if (rc != SQLITE_DONE || sqlite3_reset(st) != SQLITE_OK)
			goto out_finalize;
	}
	ret = STORE_OK;
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* ==== Finished ranked matches written whole ============================= */

/* Why record `m` cannot be stored, as far as C can tell (the enums and
 * the pointers), or NULL when it can. */
static const char *record_problem(const struct match_record *m)
{
	if (m->variant == NULL)
		return "the variant is missing";
	if (result_word(m->result) == NULL)
		return "the result is not valid";
	if (reason_word(m->reason) == NULL)
		return "the reason is not valid";
	if (rule_word(m->rule) == NULL)
		return "the rule is not valid";
	if (opening_word(m->opening) == NULL)
		return "the opening is not valid";
	if (m->nmoves < 0 || m->nmoves > BOARD_MAX_CELLS)
		return "the number of moves is not valid";
	if (m->nmoves > 0 && (m->moves == NULL || m->move_ms == NULL))
		return "the moves are missing";
	return ending_problem(m->result, m->reason, m->rule == RULE_RENJU);
}

/* Check what the database cannot: the enums and the pointers. Return 0,
 * or -1 with the error kept. */
static int check_record(struct store *s, const struct match_record *m)
{
	const char *why = record_problem(m);

	if (why == NULL)
		return 0;
	set_err(s, WHAT_RECORD, why);
	return -1;
}

/* Count the result for both players (first, so a missing player is
 * STORE_NOT_FOUND), then write the match and its moves, inside the
 * caller's transaction. Return STORE_OK or why not. */
static enum store_status
write_match(struct store *s, const struct match_record *m, long long *match_id)
{
	const struct match_header h = {
		.kind = MATCH_RANKED,
		.black_id = m->black_id,
		.white_id = m->white_id,
		.variant = m->variant,
		.rule = m->rule,
		.opening = m->opening,
		.rows = m->rows,
		.cols = m->cols,
		.k = m->k,
		.started_at = m->started_at,
	};
	const struct ending e = {m->result, m->reason, m->ended_at};
	enum store_status st;

	st = count_ranked(s, m->black_id, m->white_id, m->result, WHAT_RECORD);
	if (st == STORE_OK)
		st = insert_row(s, &h, &e, match_id, WHAT_RECORD);
	if (st == STORE_OK)
		st = insert_moves(s, *match_id, m->nmoves, m->moves, m->move_ms,
				  WHAT_RECORD);
	return st;
}

/* See store.h. */
enum store_status store_record_match(struct store *s,
				     const struct match_record *m,
				     long long *match_id)
{
	enum store_status st;
	long long id = 0;

	clear_err(s);
	if (check_record(s, m) != 0)
		return STORE_ERR;
	st = begin(s, WHAT_RECORD);
	if (st != STORE_OK)
		return st;
	st = finish(s, write_match(s, m, &id), WHAT_RECORD);
	if (st == STORE_OK)
		*match_id = id;
	return st;
}

/* ==== Matches saved as they are played ================================== */

/* open_match() reads kind and status as these numbers. */
_Static_assert(MATCH_RANKED == 1 && MATCH_COMPUTER == 2 && MATCH_IMPORTED == 3,
	       "open_match() numbers the kinds 1, 2, 3");
_Static_assert(MATCH_STATUS_UNFINISHED == 1 && MATCH_STATUS_FINISHED == 2 &&
		       MATCH_STATUS_ABANDONED == 3,
	       "open_match() numbers the statuses 1, 2, 3");

/* What the functions that change a match look at first. */
struct match_state {
	long long kind, status;	      /* enum match_kind, enum match_status */
	long long black_id, white_id; /* 0 = none */
	long long nmoves;	      /* moves stored */
	long long renju;	      /* 1 when played under RULE_RENJU */
};

/* Read match `id`'s state into *m, and require the match unfinished.
 * Return STORE_OK, STORE_NOT_FOUND or STORE_ERR (the error kept). */
static enum store_status open_match(struct store *s, long long id,
				    struct match_state *m, const char *what)
{
	long long v[6];
	enum store_status st;

	st = query_ints(s,
			"SELECT CASE kind WHEN 'ranked' THEN 1"
			" WHEN 'computer' THEN 2 ELSE 3 END,"
			" CASE status WHEN 'unfinished' THEN 1"
			" WHEN 'finished' THEN 2 ELSE 3 END,"
			" coalesce(black_id, 0), coalesce(white_id, 0),"
			" (SELECT count(*) FROM match_moves"
			" WHERE match_id = ?1), rule = 'renju'"
			" FROM matches WHERE id = ?1",
			&id, 1, v, 6, what, "no such match");
	if (st != STORE_OK)
		return st;
	*m = (struct match_state){v[0], v[1], v[2], v[3], v[4], v[5]};
	if (m->status == MATCH_STATUS_UNFINISHED)
		return STORE_OK;
	set_err(s, what,
		m->status == MATCH_STATUS_FINISHED ? "the match has ended"
						   : "the match was abandoned");
	return STORE_ERR;
}

/* See store.h. One INSERT, so its own transaction. */
enum store_status store_match_start(struct store *s,
				    const struct match_header *h, long long *id)
{
	const struct ending e = {RESULT_NONE, REASON_NONE, 0};
	enum store_status st;
	long long new_id = 0;

	clear_err(s);
	if (check_header(s, h, WHAT_START) != 0)
		return STORE_ERR;
	if (h->kind == MATCH_IMPORTED) {
		set_err(s, WHAT_START, "an imported game is never played");
		return STORE_ERR;
	}
	st = insert_row(s, h, &e, &new_id, WHAT_START);
	if (st == STORE_OK)
		*id = new_id;
	return st;
}

/* See store.h. */
enum store_status store_match_move(struct store *s, long long id, int ply,
				   int row, int col, long long ms)
{
	const long long args[] = {id, ply, row, col, ms};
	struct match_state m;
	enum store_status st;
	int rc;

	clear_err(s);
	st = begin(s, WHAT_MOVE);
	if (st != STORE_OK)
		return st;
	st = open_match(s, id, &m, WHAT_MOVE);
	if (st == STORE_OK && ply != m.nmoves + 1) {
		snprintf(s->err, sizeof s->err,
			 WHAT_MOVE ": move %d is not the next one (%lld are "
				   "saved)",
			 ply, m.nmoves);
		st = STORE_ERR;
	}
	if (st == STORE_OK) {
		rc = exec_ints(s,
			       "INSERT INTO match_moves (match_id, ply, row,"
			       " col, ms) VALUES (?1, ?2, ?3, ?4, ?5)",
			       args, 5, WHAT_MOVE);
		explain_move(s, rc, row, col, WHAT_MOVE);
		st = rc == SQLITE_DONE ? STORE_OK : STORE_ERR;
	}
	return finish(s, st, WHAT_MOVE);
}

/* See store.h. */
enum store_status store_match_undo(struct store *s, long long id, int nmoves)
{
	const long long args[] = {id, nmoves};
	struct match_state m;
	enum store_status st;

	clear_err(s);
	st = begin(s, WHAT_UNDO);
	if (st != STORE_OK)
		return st;
	st = open_match(s, id, &m, WHAT_UNDO);
	if (st == STORE_OK && (nmoves < 0 || nmoves > m.nmoves)) {
		snprintf(s->err, sizeof s->err,
			 WHAT_UNDO ": cannot keep %d moves of %lld", nmoves,
			 m.nmoves);
		st = STORE_ERR;
	}
	if (st == STORE_OK &&
	    exec_ints(s,
		      "DELETE FROM match_moves WHERE match_id = ?1"
		      " AND ply > ?2",
		      args, 2, WHAT_UNDO) != SQLITE_DONE)
		st = STORE_ERR;
	return finish(s, st, WHAT_UNDO);
}

/* Mark match `id` finished with `result`, `reason` and `ended_at` (at
 * least its start). Return STORE_OK or STORE_ERR. */
static enum store_status set_result(struct store *s, long long id,
				    enum match_result result,
				    enum match_reason reason,
				    long long ended_at)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s,
		    "UPDATE matches SET status = 'finished', result = ?2,"
		    " reason = ?3, ended_at = max(?4, started_at)"
		    " WHERE id = ?1",
		    &st, WHAT_FINISH) != 0)
		return STORE_ERR;
	rc = sqlite3_bind_int64(st, 1, id);
	if (rc == SQLITE_OK)
		rc = bind_opt_text(st, 2, result_word(result));
	if (rc == SQLITE_OK)
		rc = bind_opt_text(st, 3, reason_word(reason));
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 4, ended_at);
	if (rc != SQLITE_OK)
		set_db_err(s, WHAT_FINISH);
	else if (step_done(s, st, WHAT_FINISH) == SQLITE_DONE)
		ret = STORE_OK;
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. */
enum store_status store_match_finish(struct store *s, long long id,
				     enum match_result result,
				     enum match_reason reason,
				     long long ended_at)
{
	struct match_state m;
	enum store_status st;
	const char *why;

	clear_err(s);
	/* Everything but the rule, before taking the write lock. */
	why = ending_problem(result, reason, true);
	if (why != NULL) {
		set_err(s, WHAT_FINISH, why);
		return STORE_ERR;
	}
	st = begin(s, WHAT_FINISH);
	if (st != STORE_OK)
		return st;
	st = open_match(s, id, &m, WHAT_FINISH);
	why = st == STORE_OK ? ending_problem(result, reason, m.renju != 0)
			     : NULL;
	if (why != NULL) {
		set_err(s, WHAT_FINISH, why);
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = set_result(s, id, result, reason, ended_at);
	if (st == STORE_OK && m.kind == MATCH_RANKED)
		st = count_ranked(s, m.black_id, m.white_id, result,
				  WHAT_FINISH);
	return finish(s, st, WHAT_FINISH);
}

/* See store.h. */
enum store_status store_match_abandon(struct store *s, long long id,
				      long long when)
{
	const long long args[] = {id, when};
	struct match_state m;
	enum store_status st;

	clear_err(s);
	st = begin(s, WHAT_ABANDON);
	if (st != STORE_OK)
		return st;
	st = open_match(s, id, &m, WHAT_ABANDON);
	if (st == STORE_OK &&
	    exec_ints(s,
		      "UPDATE matches SET status = 'abandoned',"
		      " ended_at = max(?2, started_at) WHERE id = ?1",
		      args, 2, WHAT_ABANDON) != SQLITE_DONE)
		st = STORE_ERR;
	return finish(s, st, WHAT_ABANDON);
}

/* See store.h. The unary + keeps SQLite off the per-player indexes, so
 * it walks the small matches_unfinished index newest first and stops at
 * the first match the player is in. */
enum store_status store_match_unfinished(struct store *s, long long player_id,
					 long long *id)
{
	long long found = 0;
	enum store_status st;

	clear_err(s);
	st = query_ints(s,
			"SELECT id FROM matches WHERE status = 'unfinished'"
			" AND (+black_id = ?1 OR +white_id = ?1)"
			" ORDER BY started_at DESC, id DESC LIMIT 1",
			&player_id, 1, &found, 1, WHAT_UNFINISHED,
			"the player has no unfinished match");
	if (st == STORE_OK)
		*id = found;
	return st;
}

/* ==== Reading matches back ============================================== */

/* Copy column `col` (NULL reads as "") into buf[size]. Return 0, or -1
 * when it does not fit. */
static int column_copy(sqlite3_stmt *st, int col, char *buf, size_t size)
{
	const unsigned char *text = sqlite3_column_text(st, col);
	size_t len = (size_t)sqlite3_column_bytes(st, col);

	if (text == NULL)
		len = 0;
	if (len >= size)
		return -1;
	if (len > 0)
		memcpy(buf, text, len);
	buf[len] = '\0';
	return 0;
}

/* The columns row_to_full() reads, in its order. */
#define FULL_COLUMNS                                                           \
	"m.kind, m.status, m.rule, m.result, m.reason,"                        \
	" coalesce(m.black_id, 0), coalesce(m.white_id, 0),"                   \
	" coalesce(m.ai_level, 0), m.rows, m.cols, m.k, m.time_per_move,"      \
	" m.started_at, coalesce(m.ended_at, 0),"                              \
	" coalesce(b.nickname, m.black_name), coalesce(w.nickname,"            \
	" m.white_name), b.username, w.username, m.variant, m.opening"

/* The words of a match row, decoded. */
struct match_words {
	enum match_kind kind;
	enum match_status status;
	enum rule rule;
	enum match_result result;
	enum match_reason reason;
	enum match_opening opening;
};

/* Decode the words of a match row: kind, status, rule, result and reason
 * in the five columns from `first`, the opening in column `opening`.
 * Return 0, or -1 when one is not valid. */
static int read_words(sqlite3_stmt *st, int first, int opening,
		      struct match_words *w)
{
	int kind, status, rule, result, reason, open;

	if (column_word(st, first, kind_words, -1, &kind) != 0 ||
	    column_word(st, first + 1, status_words, -1, &status) != 0 ||
	    column_word(st, first + 2, rule_words, -1, &rule) != 0 ||
	    column_word(st, first + 3, result_words, RESULT_NONE, &result) !=
		    0 ||
	    column_word(st, first + 4, reason_words, REASON_NONE, &reason) !=
		    0 ||
	    column_word(st, opening, opening_words, -1, &open) != 0)
		return -1;
	w->kind = (enum match_kind)kind;
	w->status = (enum match_status)status;
	w->rule = (enum rule)rule;
	w->result = (enum match_result)result;
	w->reason = (enum match_reason)reason;
	w->opening = (enum match_opening)open;
	return 0;
}

/* Fill the words of *out from a row of FULL_COLUMNS. Return 0, or -1
 * when one is not valid. */
static int row_to_words(sqlite3_stmt *st, struct match_full *out)
{
	struct match_words w;

	if (read_words(st, 0, 19, &w) != 0)
		return -1;
	out->kind = w.kind;
	out->status = w.status;
	out->rule = w.rule;
	out->opening = w.opening;
	out->result = w.result;
	out->reason = w.reason;
	return 0;
}

/* Fill *out's header from a row of FULL_COLUMNS. Return 0, or -1 when
 * something stored is not valid. */
static int row_to_full(sqlite3_stmt *st, struct match_full *out)
{
	if (row_to_words(st, out) != 0)
		return -1;
	out->black_id = sqlite3_column_int64(st, 5);
	out->white_id = sqlite3_column_int64(st, 6);
	out->ai_level = sqlite3_column_int(st, 7);
	out->rows = sqlite3_column_int(st, 8);
	out->cols = sqlite3_column_int(st, 9);
	out->k = sqlite3_column_int(st, 10);
	out->time_per_move = sqlite3_column_int(st, 11);
	out->started_at = sqlite3_column_int64(st, 12);
	out->ended_at = sqlite3_column_int64(st, 13);
	if (column_copy(st, 14, out->black_name, sizeof out->black_name) ||
	    column_copy(st, 15, out->white_name, sizeof out->white_name) ||
	    column_copy(st, 16, out->black_username,
			sizeof out->black_username) ||
	    column_copy(st, 17, out->white_username,
			sizeof out->white_username) ||
	    column_copy(st, 18, out->variant, sizeof out->variant))
		return -1;
	return 0;
}

/* Read match `id`'s row into *out. Return STORE_OK, STORE_NOT_FOUND or
 * STORE_ERR. */
static enum store_status load_header(struct store *s, long long id,
				     struct match_full *out)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (prepare_ints(s,
			 "SELECT " FULL_COLUMNS " FROM matches AS m"
			 " LEFT JOIN players AS b ON b.id = m.black_id"
			 " LEFT JOIN players AS w ON w.id = m.white_id"
			 " WHERE m.id = ?1",
			 &st, &id, 1, WHAT_LOAD_MATCH) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		set_err(s, WHAT_LOAD_MATCH, "no such match");
		ret = STORE_NOT_FOUND;
	} else if (rc != SQLITE_ROW) {
		set_db_err(s, WHAT_LOAD_MATCH);
	} else if (row_to_full(st, out) != 0) {
		set_err(s, WHAT_LOAD_MATCH, "the stored match is not valid");
	} else {
		out->id = id;
		ret = STORE_OK;
	}
	sqlite3_finalize(st);
	return ret;
}

/* Read match `id`'s moves, in order, into *out. Return STORE_OK, or
 * STORE_ERR when they cannot be read or are not 1, 2, 3, ... */
static enum store_status load_moves(struct store *s, long long id,
				    struct match_full *out)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int n = 0, rc;

	if (prepare_ints(s,
			 "SELECT ply, row, col, ms FROM match_moves"
			 " WHERE match_id = ?1 ORDER BY ply",
			 &st, &id, 1, WHAT_LOAD_MATCH) != 0)
		return STORE_ERR;
	for (rc = sqlite3_step(st); rc == SQLITE_ROW; rc = sqlite3_step(st)) {
		if (n == BOARD_MAX_CELLS || sqlite3_column_int(st, 0) != n + 1)
			break;
		out->moves[n].row = (unsigned char)sqlite3_column_int(st, 1);
		out->moves[n].col = (unsigned char)sqlite3_column_int(st, 2);
		out->move_ms[n] = sqlite3_column_int64(st, 3);
		n++;
	}
	out->nmoves = n;
	if (rc == SQLITE_DONE)
		ret = STORE_OK;
	else if (rc == SQLITE_ROW)
		set_err(s, WHAT_LOAD_MATCH, "the stored moves have a gap");
	else
		set_db_err(s, WHAT_LOAD_MATCH);
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. */
enum store_status store_match_load(struct store *s, long long id,
				   struct match_full *out)
{
	enum store_status st;

	clear_err(s);
	memset(out, 0, sizeof *out);
	st = begin_read(s, WHAT_LOAD_MATCH);
	if (st != STORE_OK)
		return st;
	st = load_header(s, id, out);
	if (st == STORE_OK)
		st = load_moves(s, id, out);
	return finish(s, st, WHAT_LOAD_MATCH);
}

/* ==== History =========================================================== */

/* The columns row_to_history() reads, in its order; ?1 is the player. */
#define HISTORY_COLUMNS                                                        \
	"m.id, m.kind, m.status, m.rule, m.result, m.reason,"                  \
	" CASE WHEN m.black_id = ?1 THEN 1 ELSE 2 END, coalesce(o.id, 0),"     \
	" o.username, o.nickname, coalesce(m.ai_level, 0), m.variant,"         \
	" m.rows, m.cols, m.k, m.time_per_move, m.started_at,"                 \
	" coalesce(m.ended_at, 0),"                                            \
	" (SELECT count(*) FROM match_moves WHERE match_id = m.id),"           \
	" coalesce((SELECT ms FROM match_moves WHERE match_id = m.id"          \
	" ORDER BY ply DESC LIMIT 1), 0), m.opening"

/* Fill the words of *r from a row of HISTORY_COLUMNS. Return 0, or -1
 * when one is not valid. */
static int history_words(sqlite3_stmt *st, struct history_row *r)
{
	struct match_words w;

	if (read_words(st, 1, 20, &w) != 0)
		return -1;
	r->kind = w.kind;
	r->status = w.status;
	r->rule = w.rule;
	r->opening = w.opening;
	r->result = w.result;
	r->reason = w.reason;
	return 0;
}

/* Fill *r from a row of HISTORY_COLUMNS; the strings point into the
 * statement. Return 0, or -1 when something stored is not valid. */
static int row_to_history(sqlite3_stmt *st, struct history_row *r)
{
	memset(r, 0, sizeof *r);
	if (history_words(st, r) != 0)
		return -1;
	r->id = sqlite3_column_int64(st, 0);
	r->colour = sqlite3_column_int(st, 6) == 1 ? STONE_BLACK : STONE_WHITE;
	r->opponent_id = sqlite3_column_int64(st, 7);
	r->opponent = (const char *)sqlite3_column_text(st, 8);
	r->opponent_nickname = (const char *)sqlite3_column_text(st, 9);
	r->ai_level = sqlite3_column_int(st, 10);
	r->variant = (const char *)sqlite3_column_text(st, 11);
	r->rows = sqlite3_column_int(st, 12);
	r->cols = sqlite3_column_int(st, 13);
	r->k = sqlite3_column_int(st, 14);
	r->time_per_move = sqlite3_column_int(st, 15);
	r->started_at = sqlite3_column_int64(st, 16);
	r->ended_at = sqlite3_column_int64(st, 17);
	r->nmoves = sqlite3_column_int(st, 18);
	r->duration = r->status == MATCH_STATUS_FINISHED
			      ? r->ended_at - r->started_at
			      : sqlite3_column_int64(st, 19) / 1000;
	if (r->variant == NULL ||
	    (r->opponent_id != 0) != (r->opponent != NULL))
		return -1;
	return 0;
}

/* Call row() for up to `limit` of player `id`'s matches after `offset`,
 * newest first, until it returns non-zero. Return STORE_OK or STORE_ERR. */
static enum store_status
list_history(struct store *s, long long id, int offset, int limit,
	     int (*row)(void *, const struct history_row *), void *ctx)
{
	const long long args[] = {id, limit, offset};
	enum store_status ret = STORE_ERR;
	struct history_row r;
	sqlite3_stmt *st;
	int rc;

	if (prepare_ints(s,
			 "SELECT " HISTORY_COLUMNS " FROM matches AS m"
			 " LEFT JOIN players AS o ON o.id = CASE WHEN"
			 " m.black_id = ?1 THEN m.white_id ELSE m.black_id END"
			 " WHERE m.black_id = ?1 OR m.white_id = ?1"
			 " ORDER BY m.started_at DESC, m.id DESC"
			 " LIMIT ?2 OFFSET ?3",
			 &st, args, 3, WHAT_HISTORY) != 0)
		return STORE_ERR;
	for (rc = sqlite3_step(st); rc == SQLITE_ROW; rc = sqlite3_step(st)) {
		if (row_to_history(st, &r) != 0) {
			set_err(s, WHAT_HISTORY, "a stored match is not valid");
			goto out_finalize;
		}
		if (row(ctx, &r) != 0) {
			rc = SQLITE_DONE;
			break;
		}
	}
	if (rc == SQLITE_DONE)
		ret = STORE_OK;
	else
		set_db_err(s, WHAT_HISTORY);
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. One read transaction, so the total and the page agree. */
enum store_status
store_history(struct store *s, long long player_id, int offset, int limit,
	      int (*row)(void *ctx, const struct history_row *r), void *ctx,
	      int *total)
{
	enum store_status st;
	long long count = 0;

	clear_err(s);
	if (offset < 0 || limit < 0 || (limit > 0 && row == NULL)) {
		set_err(s, WHAT_HISTORY, "the page is not valid");
		return STORE_ERR;
	}
	st = begin_read(s, WHAT_HISTORY);
	if (st != STORE_OK)
		return st;
	st = player_exists(s, player_id, WHAT_HISTORY);
	if (st == STORE_OK)
		st = query_ints(s,
				"SELECT count(*) FROM matches"
				" WHERE black_id = ?1 OR white_id = ?1",
				&player_id, 1, &count, 1, WHAT_HISTORY, "");
	if (st == STORE_OK && limit > 0)
		st = list_history(s, player_id, offset, limit, row, ctx);
	st = finish(s, st, WHAT_HISTORY);
	if (st == STORE_OK)
		*total = count > INT_MAX ? INT_MAX : (int)count;
	return st;
}

/* See store.h. */
enum store_status store_computer_record(struct store *s, long long player_id,
					int level, int *wins, int *losses,
					int *draws)
{
	const long long args[] = {player_id, level};
	enum store_status st;
	long long v[3];

	clear_err(s);
	if (level < STORE_AI_LEVEL_MIN || level > STORE_AI_LEVEL_MAX) {
		set_err(s, WHAT_COMPUTER, "the level is not valid");
		return STORE_ERR;
	}
	st = player_exists(s, player_id, WHAT_COMPUTER);
	if (st == STORE_OK)
		st = query_ints(
			s,
			"SELECT coalesce(sum(result = CASE WHEN black_id = ?1"
			" THEN 'black' ELSE 'white' END), 0),"
			" coalesce(sum(result = CASE WHEN black_id = ?1"
			" THEN 'white' ELSE 'black' END), 0),"
			" coalesce(sum(result = 'draw'), 0) FROM matches"
			" WHERE kind = 'computer' AND status = 'finished'"
			" AND ai_level = ?2"
			" AND (black_id = ?1 OR white_id = ?1)",
			args, 2, v, 3, WHAT_COMPUTER, "");
	if (st != STORE_OK)
		return st;
	*wins = (int)v[0];
	*losses = (int)v[1];
	*draws = (int)v[2];
	return STORE_OK;
}

/* ==== Records under one rule =========================================== */

/* Every player's finished ranked matches under rule ?1, seen from the
 * player: one row per player, in id order. The partial index
 * matches_ranked_by_rule finds the matches of both halves. */
#define RULE_RECORDS                                                           \
	"SELECT p.id, count(*), sum(g.won), sum(g.lost), sum(g.tie),"          \
	" p.rating FROM (SELECT black_id AS player, result = 'black' AS won,"  \
	" result = 'white' AS lost, result = 'draw' AS tie FROM matches"       \
	" WHERE kind = 'ranked' AND status = 'finished' AND rule = ?1"         \
	" UNION ALL SELECT white_id, result = 'white', result = 'black',"      \
	" result = 'draw' FROM matches WHERE kind = 'ranked'"                  \
	" AND status = 'finished' AND rule = ?1) AS g"                         \
	" JOIN players AS p ON p.id = g.player GROUP BY p.id ORDER BY p.id"

/* Fill *rec from a row of RULE_RECORDS. */
static void row_to_rule_record(sqlite3_stmt *st, struct player_record *rec)
{
	rec->games = sqlite3_column_int(st, 1);
	rec->wins = sqlite3_column_int(st, 2);
	rec->losses = sqlite3_column_int(st, 3);
	rec->ties = sqlite3_column_int(st, 4);
	rec->score = rec->wins - rec->losses;
	rec->rating = sqlite3_column_double(st, 5);
}

/* See store.h. One statement, so one snapshot. */
enum store_status
store_rule_records(struct store *s, enum rule rule,
		   int (*row)(void *ctx, long long player_id,
			      const struct player_record *rec),
		   void *ctx)
{
	enum store_status ret = STORE_ERR;
	struct player_record rec;
	sqlite3_stmt *st;
	int rc;

	clear_err(s);
	if (rule_word(rule) == NULL || row == NULL) {
		set_err(s, WHAT_RULE, "the rule or the callback is not valid");
		return STORE_ERR;
	}
	if (prepare(s, RULE_RECORDS, &st, WHAT_RULE) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, rule_word(rule), -1, SQLITE_STATIC) !=
	    SQLITE_OK) {
		set_db_err(s, WHAT_RULE);
		goto out_finalize;
	}
	for (rc = sqlite3_step(st); rc == SQLITE_ROW; rc = sqlite3_step(st)) {
		row_to_rule_record(st, &rec);
		if (row(ctx, sqlite3_column_int64(st, 0), &rec) != 0) {
			rc = SQLITE_DONE;
			break;
		}
	}
	if (rc == SQLITE_DONE)
		ret = STORE_OK;
	else
		set_db_err(s, WHAT_RULE);
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* ==== Importing ========================================================= */

/* Why an imported game cannot be stored, or NULL when it can (as far as
 * C can tell; the table checks the rest). */
static const char *import_problem(const struct match_header *h, int nmoves,
				  const struct move *moves, const long long *ms,
				  enum match_result result,
				  enum match_reason reason)
{
	const char *why = header_problem(h);
	long long last;

	if (why != NULL)
		return why;
	if (h->kind != MATCH_IMPORTED)
		return "an imported game must be of kind imported";
	if (nmoves < 0 || nmoves > BOARD_MAX_CELLS ||
	    (nmoves > 0 && moves == NULL))
		return "the moves are not valid";
	why = ending_problem(result, reason, h->rule == RULE_RENJU);
	if (why != NULL)
		return why;
	last = nmoves > 0 && ms != NULL ? ms[nmoves - 1] : 0;
	if (last < 0 || h->started_at < 0 ||
	    h->started_at > LLONG_MAX - last / 1000)
		return "the times are not valid";
	return NULL;
}

/* See store.h. */
enum store_status store_match_import(struct store *s,
				     const struct match_header *h, int nmoves,
				     const struct move *moves,
				     const long long *ms,
				     enum match_result result,
				     enum match_reason reason, long long *id)
{
	const char *why = import_problem(h, nmoves, moves, ms, result, reason);
	struct ending e = {result, reason, h->started_at};
	enum store_status st;
	long long new_id = 0;

	clear_err(s);
	if (why != NULL) {
		set_err(s, WHAT_IMPORT, why);
		return STORE_ERR;
	}
	if (nmoves > 0 && ms != NULL)
		e.ended_at += ms[nmoves - 1] / 1000;
	st = begin(s, WHAT_IMPORT);
	if (st != STORE_OK)
		return st;
	st = insert_row(s, h, &e, &new_id, WHAT_IMPORT);
	if (st == STORE_OK)
		st = insert_moves(s, new_id, nmoves, moves, ms, WHAT_IMPORT);
	st = finish(s, st, WHAT_IMPORT);
	if (st == STORE_OK)
		*id = new_id;
	return st;
}
