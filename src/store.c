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
#define WHAT_OPEN     "cannot open the database"
#define WHAT_MIGRATE  "cannot upgrade the database"
#define WHAT_LOAD     "cannot load the players"
#define WHAT_RELOAD   "cannot reload the player"
#define WHAT_ADD      "cannot add the player"
#define WHAT_LOGIN    "cannot read the login"
#define WHAT_FAILED   "cannot count the failed login"
#define WHAT_SUCCEED  "cannot record the login"
#define WHAT_PASSWORD "cannot change the password"
#define WHAT_RECORD   "cannot record the match"

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

/* ==== Matches =========================================================== */

/* One side of a match: what it had before and what it gets. */
struct side {
	long long id;
	double rating;
	int games;
	double score; /* 1 win, 0.5 draw, 0 loss */
};

/* The word the matches table uses for a result, or NULL if unknown. */
static const char *result_word(enum match_result r)
{
	switch (r) {
	case RESULT_BLACK_WIN:
		return "black";
	case RESULT_WHITE_WIN:
		return "white";
	case RESULT_DRAW:
		return "draw";
	}
	return NULL;
}

/* The word the matches table uses for a reason, or NULL if unknown. */
static const char *reason_word(enum match_reason r)
{
	switch (r) {
	case REASON_FIVE:
		return "five";
	case REASON_RESIGN:
		return "resign";
	case REASON_DRAW:
		return "draw";
	case REASON_FULL:
		return "full";
	}
	return NULL;
}

/* The word the matches table uses for a rule, or NULL if unknown. */
static const char *rule_word(enum rule r)
{
	switch (r) {
	case RULE_FREESTYLE:
		return "freestyle";
	case RULE_EXACT:
		return "exact";
	}
	return NULL;
}

/* Check what the database cannot: the enums and the pointers. Return 0,
 * or -1 with the error kept. */
static int check_record(struct store *s, const struct match_record *m)
{
	const char *why = NULL;

	if (m->variant == NULL)
		why = "the variant is missing";
	else if (result_word(m->result) == NULL)
		why = "the result is not valid";
	else if (reason_word(m->reason) == NULL)
		why = "the reason is not valid";
	else if (rule_word(m->rule) == NULL)
		why = "the rule is not valid";
	else if (m->nmoves < 0 || m->nmoves > BOARD_MAX_CELLS)
		why = "the number of moves is not valid";
	else if (m->nmoves > 0 && (m->moves == NULL || m->move_ms == NULL))
		why = "the moves are missing";
	if (why == NULL)
		return 0;
	set_err(s, WHAT_RECORD, why);
	return -1;
}

/* Read side->id's rating and games into `side`. Return STORE_OK,
 * STORE_NOT_FOUND or STORE_ERR. */
static enum store_status read_side(struct store *s, struct side *side)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s, "SELECT rating, games FROM players WHERE id = ?1", &st,
		    WHAT_RECORD) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 1, side->id) != SQLITE_OK) {
		set_db_err(s, WHAT_RECORD);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		side->rating = sqlite3_column_double(st, 0);
		side->games = sqlite3_column_int(st, 1);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		set_err(s, WHAT_RECORD, "no such player");
		ret = STORE_NOT_FOUND;
	} else {
		set_db_err(s, WHAT_RECORD);
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Bind the match row's parameters ?1..?11 from `m`. Return SQLITE_OK or
 * the first error. */
static int bind_match(sqlite3_stmt *st, const struct match_record *m)
{
	int rc;

	rc = sqlite3_bind_int64(st, 1, m->black_id);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 2, m->white_id);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 3, m->variant, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 4, rule_word(m->rule), -1,
				       SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 5, m->rows);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 6, m->cols);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 7, m->k);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 8, result_word(m->result), -1,
				       SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 9, reason_word(m->reason), -1,
				       SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 10, m->started_at);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 11, m->ended_at);
	return rc;
}

/* Insert the match row; its id goes to *match_id. Return STORE_OK or
 * STORE_ERR. */
static enum store_status
insert_match(struct store *s, const struct match_record *m, long long *match_id)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;

	if (prepare(s,
		    "INSERT INTO matches (status, black_id, white_id, variant,"
		    " rule, rows, cols, k, result, reason, started_at,"
		    " ended_at) VALUES ('finished', ?1, ?2, ?3, ?4, ?5, ?6,"
		    " ?7, ?8, ?9, ?10, ?11)",
		    &st, WHAT_RECORD) != 0)
		return STORE_ERR;
	if (bind_match(st, m) != SQLITE_OK) {
		set_db_err(s, WHAT_RECORD);
		goto out_finalize;
	}
	if (step_done(s, st, WHAT_RECORD) == SQLITE_DONE) {
		*match_id = sqlite3_last_insert_rowid(s->db);
		ret = STORE_OK;
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Insert every move of `m` (ply 1 is black's first) under `match_id`.
 * Return STORE_OK or STORE_ERR. */
static enum store_status
insert_moves(struct store *s, const struct match_record *m, long long match_id)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int i, rc;

	if (prepare(s,
		    "INSERT INTO match_moves (match_id, ply, row, col, ms)"
		    " VALUES (?1, ?2, ?3, ?4, ?5)",
		    &st, WHAT_RECORD) != 0)
		return STORE_ERR;
	for (i = 0; i < m->nmoves; i++) {
		rc = sqlite3_bind_int64(st, 1, match_id);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(st, 2, i + 1);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(st, 3, m->moves[i].row);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(st, 4, m->moves[i].col);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int64(st, 5, m->move_ms[i]);
		if (rc != SQLITE_OK) {
			set_db_err(s, WHAT_RECORD);
			goto out_finalize;
		}
		if (step_done(s, st, WHAT_RECORD) != SQLITE_DONE ||
		    sqlite3_reset(st) != SQLITE_OK)
			goto out_finalize;
	}
	ret = STORE_OK;
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Add one game's outcome for `side` to its counters, relative to what
 * the row holds now, with rating change `delta`. Return STORE_OK or
 * STORE_ERR. */
static enum store_status apply_side(struct store *s, const struct side *side,
				    double delta)
{
	enum store_status ret = STORE_ERR;
	int win = side->score == 1.0, loss = side->score == 0.0;
	sqlite3_stmt *st;
	int rc;

	if (prepare(s,
		    "UPDATE players SET games = games + 1, wins = wins + ?2,"
		    " losses = losses + ?3, ties = ties + ?4,"
		    " score = score + ?5, rating = rating + ?6 WHERE id = ?1",
		    &st, WHAT_RECORD) != 0)
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
		set_db_err(s, WHAT_RECORD);
	else if (step_done(s, st, WHAT_RECORD) == SQLITE_DONE)
		ret = STORE_OK;
	sqlite3_finalize(st);
	return ret;
}

/* Read both sides, then write the match, its moves and both players'
 * counters, inside the caller's transaction. Return STORE_OK or why
 * not. */
static enum store_status
write_match(struct store *s, const struct match_record *m, long long *match_id)
{
	struct side black = {.id = m->black_id}, white = {.id = m->white_id};
	double black_delta, white_delta;
	enum store_status st;

	st = read_side(s, &black);
	if (st == STORE_OK)
		st = read_side(s, &white);
	if (st != STORE_OK)
		return st;
	black.score = m->result == RESULT_BLACK_WIN   ? 1.0
		      : m->result == RESULT_WHITE_WIN ? 0.0
						      : 0.5;
	white.score = 1.0 - black.score;
	black_delta = rating_delta(black.rating, black.games, white.rating,
				   black.score);
	white_delta = rating_delta(white.rating, white.games, black.rating,
				   white.score);
	st = insert_match(s, m, match_id);
	if (st == STORE_OK)
		st = insert_moves(s, m, *match_id);
	if (st == STORE_OK)
		st = apply_side(s, &black, black_delta);
	if (st == STORE_OK)
		st = apply_side(s, &white, white_delta);
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
