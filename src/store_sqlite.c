/* store_sqlite.c -- the store's SQL driver on SQLite (store_sql.h).
 *
 * A connection keeps up to SQL_KEPT statements, each found again by the
 * address of its text, so that a statement is prepared once per
 * connection: preparing against a schema of many migrations costs far
 * more than most reads (docs/ARCHITECTURE.md, "the store on two
 * drivers"). SQLite's own settings (WAL, its commit hook, pragmas) are
 * here too.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "store_sql.h"

/* How many places of the kept statements a text may take, from the one
 * its address hashes to. */
#define KEPT_PROBES 4

/* How long to wait between tries of the switch to WAL, in ms. */
#define WAL_RETRY_MS 10

/* SQLite's own checkpoint threshold, in WAL pages (its
 * SQLITE_DEFAULT_WAL_AUTOCHECKPOINT), which the commit hook replaces. */
#define WAL_CHECKPOINT_PAGES 1000

struct sql_stmt {
	sqlite3_stmt *st;   /* NULL: a free place of the kept ones */
	struct sql_conn *c; /* the connection it was prepared on */
	const char *sql;    /* the text it is kept for; NULL: not kept */
	bool busy;	    /* handed out and not released yet */
};

struct sql_conn {
	sqlite3 *db;
	int busy_ms;
	char msg[128]; /* the driver's own word on the last failure, or "" */
	struct sql_stmt kept[SQL_KEPT];
};

/* SQLite's result code `rc` as the driver's. */
static enum sql_code code_of(int rc)
{
	switch (rc) {
	case SQLITE_OK:
		return SQL_OK;
	case SQLITE_ROW:
		return SQL_ROW;
	case SQLITE_DONE:
		return SQL_DONE;
	case SQLITE_CONSTRAINT_UNIQUE:
		return SQL_UNIQUE;
	case SQLITE_CONSTRAINT_PRIMARYKEY:
		return SQL_PRIMARY_KEY;
	case SQLITE_CONSTRAINT_FOREIGNKEY:
		return SQL_FOREIGN_KEY;
	default:
		break;
	}
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return SQL_BUSY;
	case SQLITE_CONSTRAINT:
		return SQL_CONSTRAINT;
	case SQLITE_NOTADB:
		return SQL_NOT_DB;
	case SQLITE_NOMEM:
		return SQL_NOMEM;
	default:
		return SQL_ERROR;
	}
}

/* Return SQLite's code `rc` on c as the driver's, SQLite's message
 * standing for it. */
static enum sql_code said(struct sql_conn *c, int rc)
{
	c->msg[0] = '\0';
	return code_of(rc);
}

/* ==== The common dialect's functions ==================================== */

/* Compare two numbers (integers, or either a double) by value: <0, 0
 * or >0. */
static int compare_numbers(sqlite3_value *a, sqlite3_value *b)
{
	double x, y;

	if (sqlite3_value_type(a) == SQLITE_INTEGER &&
	    sqlite3_value_type(b) == SQLITE_INTEGER) {
		sqlite3_int64 i = sqlite3_value_int64(a);
		sqlite3_int64 j = sqlite3_value_int64(b);

		return (i > j) - (i < j);
	}
	x = sqlite3_value_double(a);
	y = sqlite3_value_double(b);
	return (x > y) - (x < y);
}

/* greatest(x, ...) and least(x, ...) as PostgreSQL has them (the
 * common dialect's scalar maximum and minimum: SQLite's max(a, b) is
 * its own): the largest (user data 1) or smallest (-1) of the numbers
 * given, NULLs left out; NULL when all are. */
static void call_extreme(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	int sign = (int)(intptr_t)sqlite3_user_data(ctx), i;
	sqlite3_value *best = NULL;

	for (i = 0; i < argc; i++) {
		int type = sqlite3_value_type(argv[i]);

		if (type == SQLITE_NULL)
			continue;
		if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
			sqlite3_result_error(ctx,
					     "greatest() and least() "
					     "take numbers",
					     -1);
			return;
		}
		if (best == NULL || sign * compare_numbers(argv[i], best) > 0)
			best = argv[i];
	}
	if (best != NULL)
		sqlite3_result_value(ctx, best);
	else
		sqlite3_result_null(ctx);
}

/* Give the connection greatest() and least() (call_extreme()). Return
 * SQLite's code. */
static int add_extremes(sqlite3 *db)
{
	const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
	int rc = sqlite3_create_function_v2(db, "greatest", -1, flags,
					    (void *)(intptr_t)1, call_extreme,
					    NULL, NULL, NULL);

	if (rc == SQLITE_OK)
		rc = sqlite3_create_function_v2(db, "least", -1, flags,
						(void *)(intptr_t)-1,
						call_extreme, NULL, NULL, NULL);
	return rc;
}

/* ==== The connection ===================================================== */

/* See store_sql.h. */
enum sql_code sql_open(const char *path, enum sql_mode mode, int busy_ms,
		       struct sql_conn **out)
{
	struct sql_conn *c = calloc(1, sizeof *c);
	int rc, flags;

	*out = c;
	if (c == NULL)
		return SQL_NOMEM;
	c->busy_ms = busy_ms;
	/* One connection per handle, used by one thread at a time: SQLite's
	 * per-call mutexes would only cost time (NOMUTEX). */
	flags = (mode == SQL_READ_ONLY ? SQLITE_OPEN_READONLY
				       : SQLITE_OPEN_READWRITE) |
		SQLITE_OPEN_NOMUTEX;
	rc = sqlite3_open_v2(path, &c->db, flags, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_extended_result_codes(c->db, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(c->db, busy_ms);
	if (rc == SQLITE_OK)
		rc = add_extremes(c->db);
	if (rc != SQLITE_OK) {
		if (c->db == NULL) {
			free(c);
			*out = NULL;
			return SQL_NOMEM;
		}
		return said(c, rc);
	}
	if (mode == SQL_READ_ONLY)
		return sql_run(c, "PRAGMA query_only = ON");
	return SQL_OK;
}

/* See store_sql.h. */
void sql_close(struct sql_conn *c)
{
	size_t i;

	if (c == NULL)
		return;
	for (i = 0; i < SQL_KEPT; i++)
		sqlite3_finalize(c->kept[i].st);
	sqlite3_close_v2(c->db);
	free(c);
}

/* See store_sql.h. */
const char *sql_errmsg(struct sql_conn *c)
{
	return c->msg[0] != '\0' ? c->msg : sqlite3_errmsg(c->db);
}

/* See store_sql.h. */
const char *sql_file(struct sql_conn *c)
{
	const char *file = sqlite3_db_filename(c->db, "main");

	return file != NULL && file[0] != '\0' ? file : NULL;
}

/* SQL's value of a function of sql_add_function(). */
static void call_function(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	long long (*fn)(void) =
		(long long (*)(void))(uintptr_t)sqlite3_user_data(ctx);

	(void)argc;
	(void)argv;
	sqlite3_result_int64(ctx, fn());
}

/* See store_sql.h. */
enum sql_code sql_add_function(struct sql_conn *c, const char *name,
			       long long (*fn)(void))
{
	return said(c, sqlite3_create_function_v2(c->db, name, 0, SQLITE_UTF8,
						  (void *)(uintptr_t)fn,
						  call_function, NULL, NULL,
						  NULL));
}

/* Ask for WAL mode once. Return SQL_OK when the connection is in WAL
 * mode, SQL_BUSY when SQLite kept the old mode (or said busy), or
 * another failure. */
static enum sql_code try_wal(struct sql_conn *c)
{
	struct sql_stmt *st;
	const char *mode;
	enum sql_code rc;

	rc = sql_prepare(c, "PRAGMA journal_mode = WAL", &st);
	if (rc != SQL_OK)
		return rc;
	rc = sql_step(st);
	if (rc == SQL_ROW) {
		mode = sql_text(st, 0);
		rc = mode != NULL && sqlite3_stricmp(mode, "wal") == 0
			     ? SQL_OK
			     : SQL_BUSY;
		if (rc != SQL_OK)
			snprintf(c->msg, sizeof c->msg,
				 "the database stays out of WAL mode");
	}
	sql_release(st);
	return rc;
}

/* After every commit of the connection (sqlite3_wal_hook(), called once
 * the commit is visible to every reader): tell the processes waiting on
 * the store (store_change_fd()'s inotify watch on the "-wal" file) by
 * touching the file's times, and checkpoint as SQLite would have. The
 * WAL's own writes come before the commit is visible, so a reader woken
 * by them could find nothing new yet. */
static int committed(void *ctx, sqlite3 *db, const char *name, int pages)
{
	char wal[4096];
	const char *file = sqlite3_db_filename(db, name);

	(void)ctx;
	if (file != NULL && file[0] != '\0' &&
	    snprintf(wal, sizeof(wal), "%s-wal", file) < (int)sizeof(wal))
		(void)utimensat(AT_FDCWD, wal, NULL, 0); /* a wake, or none */
	if (pages >= WAL_CHECKPOINT_PAGES)
		(void)sqlite3_wal_checkpoint_v2(
			db, name, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
	return SQLITE_OK;
}

/* See store_sql.h. While other processes open the same new file, the
 * switch to WAL can fail at once, without the busy handler; so it is
 * tried again every WAL_RETRY_MS for up to the busy wait. */
enum sql_code sql_configure(struct sql_conn *c)
{
	enum sql_code rc;
	int waited;

	for (waited = 0;; waited += WAL_RETRY_MS) {
		rc = try_wal(c);
		if (rc != SQL_BUSY || waited >= c->busy_ms)
			break;
		sqlite3_sleep(WAL_RETRY_MS);
	}
	if (rc != SQL_OK)
		return rc;
	sqlite3_wal_hook(c->db, committed, NULL);
	return sql_run(c, "PRAGMA synchronous = FULL;"
			  "PRAGMA foreign_keys = ON;"
			  "PRAGMA secure_delete = ON;");
}

/* See store_sql.h. */
long long sql_changes(struct sql_conn *c)
{
	return sqlite3_changes64(c->db);
}

/* See store_sql.h. */
long long sql_total_changes(struct sql_conn *c)
{
	return sqlite3_total_changes64(c->db);
}

/* See store_sql.h. */
long long sql_last_id(struct sql_conn *c)
{
	return sqlite3_last_insert_rowid(c->db);
}

/* See store_sql.h. */
bool sql_in_transaction(struct sql_conn *c)
{
	return sqlite3_get_autocommit(c->db) == 0;
}

/* See store_sql.h. BEGIN IMMEDIATE takes the write lock at once: a
 * deferred transaction that reads first and writes later can fail at
 * its first write, without the busy wait, when another connection
 * wrote meanwhile. */
enum sql_code sql_begin(struct sql_conn *c, enum sql_transaction kind)
{
	return sql_run(c, kind == SQL_WRITE ? "BEGIN IMMEDIATE" : "BEGIN");
}

/* See store_sql.h. */
enum sql_code sql_commit(struct sql_conn *c)
{
	return sql_run(c, "COMMIT");
}

/* See store_sql.h. */
void sql_rollback(struct sql_conn *c)
{
	if (sql_in_transaction(c))
		(void)sql_run(c, "ROLLBACK");
}

/* See store_sql.h. */
enum sql_code sql_data_version(struct sql_conn *c, long long *version)
{
	struct sql_stmt *st;
	enum sql_code rc = sql_prepare(c, "PRAGMA data_version", &st);

	if (rc == SQL_OK)
		rc = sql_step(st);
	if (rc == SQL_ROW) {
		*version = sql_int64(st, 0);
		rc = SQL_OK;
	} else if (rc == SQL_DONE) {
		snprintf(c->msg, sizeof c->msg, "no data_version");
		rc = SQL_ERROR;
	}
	sql_release(st);
	return rc;
}

/* ==== Statements ========================================================= */

/* The first place of the kept statements for the text at `sql`. */
static size_t kept_home(const char *sql)
{
	return (size_t)(((uintptr_t)sql >> 3) * 2654435761u) % SQL_KEPT;
}

/* See store_sql.h. */
enum sql_code sql_prepare(struct sql_conn *c, const char *sql,
			  struct sql_stmt **out)
{
	struct sql_stmt *k, *place = NULL;
	sqlite3_stmt *st = NULL;
	size_t i, home = kept_home(sql);
	int rc;

	*out = NULL;
	for (i = 0; i < KEPT_PROBES; i++) {
		k = &c->kept[(home + i) % SQL_KEPT];
		if (k->busy)
			continue;
		if (k->sql == sql && strcmp(sqlite3_sql(k->st), sql) == 0) {
			k->busy = true;
			*out = k;
			return SQL_OK;
		}
		if (place == NULL || (place->st != NULL && k->st == NULL))
			place = k;
	}
	rc = sqlite3_prepare_v3(c->db, sql, -1,
				place != NULL ? SQLITE_PREPARE_PERSISTENT : 0,
				&st, NULL);
	if (rc == SQLITE_OK && st == NULL) /* only white space */
		rc = SQLITE_MISUSE;
	if (rc != SQLITE_OK) {
		sqlite3_finalize(st);
		return said(c, rc);
	}
	if (place == NULL) {
		place = malloc(sizeof *place);
		if (place == NULL) {
			sqlite3_finalize(st);
			snprintf(c->msg, sizeof c->msg, "out of memory");
			return SQL_NOMEM;
		}
		sql = NULL;
	} else {
		sqlite3_finalize(place->st);
	}
	*place = (struct sql_stmt){st, c, sql, true};
	*out = place;
	return SQL_OK;
}

/* See store_sql.h. */
void sql_release(struct sql_stmt *st)
{
	if (st == NULL)
		return;
	if (st->sql == NULL) {
		sqlite3_finalize(st->st);
		free(st);
		return;
	}
	sqlite3_reset(st->st);
	sqlite3_clear_bindings(st->st);
	st->busy = false;
}

/* See store_sql.h. */
enum sql_code sql_run(struct sql_conn *c, const char *script)
{
	sqlite3_stmt *st = NULL;
	const char *tail = script;
	int rc = SQLITE_OK;

	while (rc == SQLITE_OK && *tail != '\0') {
		rc = sqlite3_prepare_v2(c->db, tail, -1, &st, &tail);
		if (rc != SQLITE_OK || st == NULL) /* st NULL: only a comment */
			break;
		do
			rc = sqlite3_step(st);
		while (rc == SQLITE_ROW);
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
		sqlite3_finalize(st);
	}
	return said(c, rc);
}

/* See store_sql.h. */
enum sql_code sql_bind_int64(struct sql_stmt *st, int i, long long v)
{
	return said(st->c, sqlite3_bind_int64(st->st, i, v));
}

/* See store_sql.h. */
enum sql_code sql_bind_int(struct sql_stmt *st, int i, int v)
{
	return said(st->c, sqlite3_bind_int(st->st, i, v));
}

/* See store_sql.h. */
enum sql_code sql_bind_double(struct sql_stmt *st, int i, double v)
{
	return said(st->c, sqlite3_bind_double(st->st, i, v));
}

/* See store_sql.h. */
enum sql_code sql_bind_text(struct sql_stmt *st, int i, const char *text)
{
	return said(st->c,
		    sqlite3_bind_text(st->st, i, text, -1, SQLITE_STATIC));
}

/* See store_sql.h. */
enum sql_code sql_bind_null(struct sql_stmt *st, int i)
{
	return said(st->c, sqlite3_bind_null(st->st, i));
}

/* See store_sql.h. */
int sql_params(struct sql_stmt *st)
{
	return sqlite3_bind_parameter_count(st->st);
}

/* See store_sql.h. */
enum sql_code sql_step(struct sql_stmt *st)
{
	return said(st->c, sqlite3_step(st->st));
}

/* See store_sql.h. */
enum sql_code sql_reset(struct sql_stmt *st)
{
	return said(st->c, sqlite3_reset(st->st));
}

/* See store_sql.h. */
long long sql_int64(struct sql_stmt *st, int col)
{
	return sqlite3_column_int64(st->st, col);
}

/* See store_sql.h. */
int sql_int(struct sql_stmt *st, int col)
{
	return sqlite3_column_int(st->st, col);
}

/* See store_sql.h. */
double sql_double(struct sql_stmt *st, int col)
{
	return sqlite3_column_double(st->st, col);
}

/* See store_sql.h. */
const char *sql_text(struct sql_stmt *st, int col)
{
	return (const char *)sqlite3_column_text(st->st, col);
}

/* See store_sql.h. */
int sql_bytes(struct sql_stmt *st, int col)
{
	return sqlite3_column_bytes(st->st, col);
}

/* See store_sql.h. */
bool sql_is_null(struct sql_stmt *st, int col)
{
	return sqlite3_column_type(st->st, col) == SQLITE_NULL;
}

/* See store_sql.h. */
int sql_columns(struct sql_stmt *st)
{
	return sqlite3_column_count(st->st);
}
