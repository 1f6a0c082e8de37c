/* store_db.c -- the connection: making the file and connecting, the
 * pragmas, the last error, closing, and the statement and transaction
 * helpers every store file uses (store_open() is in store_schema.c).
 *
 * Every statement is a constant string with bound parameters; each call
 * goes prepare -> bind -> step -> release with one exit label (the
 * statement stays prepared on the handle for the next call), and a
 * change of more than one statement runs inside BEGIN IMMEDIATE ...
 * COMMIT (store_begin()/store_finish()) with ROLLBACK on the error path.
 */
#define _DEFAULT_SOURCE /* syscall() */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "confusable.h"
#include "store_internal.h"

#define STORE_BUSY_MS  5000
#define STORE_RETRY_MS 10

/* ==== Errors and statements ============================================= */

/* See store_internal.h. */
void store_clear_err(struct store *s)
{
	s->err[0] = '\0';
	s->stale = 0;
}

/* See store_internal.h. */
void store_set_err(struct store *s, const char *what, const char *detail)
{
	snprintf(s->err, sizeof s->err, "%s: %s", what, detail);
}

/* See store_internal.h. */
void store_set_db_err(struct store *s, const char *what)
{
	store_set_err(s, what, sqlite3_errmsg(s->db));
}

/* How many places of s->kept a text may take, from the one its address
 * hashes to. */
#define KEPT_PROBES 4

/* The first place of s->kept for the text at `sql`. */
static size_t kept_home(const char *sql)
{
	return (size_t)(((uintptr_t)sql >> 3) * 2654435761u) % STORE_KEPT_MAX;
}

/* See store_internal.h. */
int store_prepare(struct store *s, const char *sql, sqlite3_stmt **st,
		  const char *what)
{
	struct store_kept *k, *free_place = NULL;
	size_t i, home = kept_home(sql);

	for (i = 0; i < KEPT_PROBES; i++) {
		k = &s->kept[(home + i) % STORE_KEPT_MAX];
		if (k->busy)
			continue;
		if (k->sql == sql && strcmp(sqlite3_sql(k->st), sql) == 0) {
			k->busy = true;
			*st = k->st;
			return 0;
		}
		if (free_place == NULL ||
		    (free_place->st != NULL && k->st == NULL))
			free_place = k;
	}
	if (sqlite3_prepare_v3(s->db, sql, -1,
			       free_place != NULL ? SQLITE_PREPARE_PERSISTENT
						  : 0,
			       st, NULL) != SQLITE_OK) {
		store_set_db_err(s, what);
		sqlite3_finalize(*st);
		*st = NULL;
		return -1;
	}
	if (free_place != NULL && *st != NULL) {
		sqlite3_finalize(free_place->st);
		*free_place = (struct store_kept){sql, *st, true};
	}
	return 0;
}

/* See store_internal.h. */
void store_release(struct store *s, sqlite3_stmt *st)
{
	size_t i;

	if (st == NULL)
		return;
	for (i = 0; i < STORE_KEPT_MAX; i++) {
		if (s->kept[i].st == st) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			s->kept[i].busy = false;
			return;
		}
	}
	sqlite3_finalize(st);
}

/* See store_internal.h. */
void store_db_close(struct store *s)
{
	size_t i;

	for (i = 0; i < STORE_KEPT_MAX; i++) {
		sqlite3_finalize(s->kept[i].st);
		s->kept[i] = (struct store_kept){0};
	}
	sqlite3_close_v2(s->db);
	s->db = NULL;
}

/* See store_internal.h. */
enum store_status store_missing_key(struct store *s, int rc, const char *what)
{
	if (rc != SQLITE_CONSTRAINT_FOREIGNKEY)
		return STORE_ERR;
	store_set_err(s, what, "no such player or match");
	return STORE_NOT_FOUND;
}

/* See store_internal.h. */
int store_step_done(struct store *s, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_DONE)
		return rc;
	if (rc == SQLITE_ROW)
		store_set_err(s, what,
			      "a statement returned rows unexpectedly");
	else
		store_set_db_err(s, what);
	return rc == SQLITE_ROW ? SQLITE_ERROR : rc;
}

/* See store_internal.h. */
enum store_status store_step_row(struct store *s, sqlite3_stmt *st,
				 const char *what, const char *missing)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW)
		return STORE_OK;
	if (rc == SQLITE_DONE) {
		store_set_err(s, what, missing);
		return STORE_NOT_FOUND;
	}
	store_set_db_err(s, what);
	return STORE_ERR;
}

/* See store_internal.h. */
int store_run_sql(struct store *s, const char *sql, const char *what)
{
	sqlite3_stmt *st = NULL;
	const char *tail = sql;
	int rc = SQLITE_OK;

	while (rc == SQLITE_OK && *tail != '\0') {
		rc = sqlite3_prepare_v2(s->db, tail, -1, &st, &tail);
		if (rc != SQLITE_OK) {
			store_set_db_err(s, what);
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
			store_set_db_err(s, what);
		sqlite3_finalize(st);
	}
	return rc;
}

/* See store_internal.h. */
void store_column_time(sqlite3_stmt *st, int per_move, int base,
		       struct time_control *out)
{
	if (clock_control(sqlite3_column_int(st, per_move),
			  sqlite3_column_int(st, base),
			  sqlite3_column_int(st, base + 1), out) != 0)
		*out = (struct time_control){.kind = CLOCK_NONE};
}

/* See store_internal.h. */
int store_query_int(struct store *s, const char *sql, long long *out,
		    const char *what)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, sql, &st, what) != 0)
		return SQLITE_ERROR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int64(st, 0);
		rc = SQLITE_OK;
	} else {
		store_set_db_err(s, what);
		if (rc == SQLITE_DONE)
			rc = SQLITE_ERROR;
	}
	store_release(s, st);
	return rc;
}

/* See store_internal.h. */
enum store_status store_begin(struct store *s, const char *what)
{
	if (store_run_sql(s, "BEGIN IMMEDIATE", what) != SQLITE_OK)
		return STORE_ERR;
	return STORE_OK;
}

/* See store_internal.h. */
void store_rollback(struct store *s)
{
	sqlite3_stmt *st;

	if (sqlite3_get_autocommit(s->db))
		return;
	if (sqlite3_prepare_v2(s->db, "ROLLBACK", -1, &st, NULL) != SQLITE_OK)
		return;
	(void)sqlite3_step(st);
	sqlite3_finalize(st);
}

/* See store_internal.h. */
enum store_status store_finish(struct store *s, enum store_status st,
			       const char *what)
{
	if (st == STORE_OK && store_run_sql(s, "COMMIT", what) == SQLITE_OK)
		return STORE_OK;
	store_rollback(s);
	return st == STORE_OK ? STORE_ERR : st;
}

/* ==== Statements with integer parameters ================================ */

/* See store_internal.h. */
int store_prepare_ints(struct store *s, const char *sql, sqlite3_stmt **st,
		       const long long *args, int n, const char *what)
{
	int i;

	if (store_prepare(s, sql, st, what) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (sqlite3_bind_int64(*st, i + 1, args[i]) != SQLITE_OK) {
			store_set_db_err(s, what);
			store_release(s, *st);
			*st = NULL;
			return -1;
		}
	}
	return 0;
}

/* See store_internal.h. */
int store_bind_opt_text(sqlite3_stmt *st, int i, const char *text)
{
	return text != NULL ? sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC)
			    : sqlite3_bind_null(st, i);
}

/* See store_internal.h. */
int store_exec_ints(struct store *s, const char *sql, const long long *args,
		    int n, const char *what)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare_ints(s, sql, &st, args, n, what) != 0)
		return SQLITE_ERROR;
	rc = store_step_done(s, st, what);
	store_release(s, st);
	return rc;
}

/* See store_internal.h. */
enum store_status store_step_one(struct store *s, sqlite3_stmt *st,
				 const char *what, enum store_status none,
				 const char *why)
{
	if (store_step_done(s, st, what) != SQLITE_DONE)
		return STORE_ERR;
	if (sqlite3_changes(s->db) == 1)
		return STORE_OK;
	store_set_err(s, what, why);
	return none;
}

/* See store_internal.h. */
enum store_status store_exec_one(struct store *s, const char *sql,
				 const long long *args, int n, const char *what,
				 enum store_status none, const char *why)
{
	enum store_status ret;
	sqlite3_stmt *st;

	if (store_prepare_ints(s, sql, &st, args, n, what) != 0)
		return STORE_ERR;
	ret = store_step_one(s, st, what, none, why);
	store_release(s, st);
	return ret;
}

/* See store_internal.h. */
enum store_status store_query_ints(struct store *s, const char *sql,
				   const long long *args, int n, long long *out,
				   int nout, const char *what, const char *none)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int i, rc;

	if (store_prepare_ints(s, sql, &st, args, n, what) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		for (i = 0; i < nout; i++)
			out[i] = sqlite3_column_int64(st, i);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		store_set_err(s, what, none);
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	store_release(s, st);
	return ret;
}

/* See store_internal.h. */
enum store_status store_begin_read(struct store *s, const char *what)
{
	if (store_run_sql(s, "BEGIN", what) != SQLITE_OK)
		return STORE_ERR;
	return STORE_OK;
}

/* ==== Opening ========================================================== */

/* Make folder `dir` with mode 0700 unless a folder is there already.
 * Return 0, or -1 with errno set (ENOTDIR: something else is there). */
static int make_one_folder(const char *dir)
{
	struct stat st;
	int err;

	if (mkdir(dir, 0700) == 0)
		return 0;
	/* Whatever mkdir() said (EEXIST, or on some systems EACCES or EROFS
	 * for what exists), a folder that is there will do. */
	err = errno;
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	errno = err == EEXIST ? ENOTDIR : err;
	return -1;
}

/* Make every missing folder of `dir` from the top down, each mode 0700,
 * as mkdir -p does. On failure return -1 with errno set and `dir` cut
 * at the folder that could not be made; else return 0. */
static int make_folders(char *dir)
{
	char *p, c;

	for (p = dir + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (make_one_folder(dir) != 0)
			return -1;
		*p = c;
		if (c == '\0')
			return 0;
	}
}

/* Make the folder that will hold `path` and every missing folder above
 * it, each mode 0700, unless they exist. Return STORE_OK,
 * STORE_CANT_OPEN, or STORE_ERR (out of memory). */
static enum store_status make_folder(struct store *s, const char *path)
{
	enum store_status ret = STORE_OK;
	char *dir, *slash;

	dir = strdup(path);
	if (dir == NULL) {
		store_set_err(s, WHAT_OPEN, "out of memory");
		return STORE_ERR;
	}
	slash = strrchr(dir, '/');
	if (slash != NULL && slash != dir) {
		*slash = '\0';
		if (make_folders(dir) != 0) {
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

/* Open the SQLite connection (`mode`: SQLITE_OPEN_READWRITE or
 * SQLITE_OPEN_READONLY) with extended result codes and a busy timeout.
 * Return STORE_OK, or STORE_CANT_OPEN/STORE_ERR. */
static enum store_status open_connection(struct store *s, const char *path,
					 int mode)
{
	int rc;

	/* One connection per handle, used by one thread at a time: SQLite's
	 * per-call mutexes would only cost time (NOMUTEX). */
	rc = sqlite3_open_v2(path, &s->db, mode | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		store_set_err(s, WHAT_OPEN,
			      s->db != NULL ? sqlite3_errmsg(s->db)
					    : "out of memory");
		return rc == SQLITE_NOMEM ? STORE_ERR : STORE_CANT_OPEN;
	}
	rc = sqlite3_extended_result_codes(s->db, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
	if (rc != SQLITE_OK) {
		store_set_db_err(s, WHAT_OPEN);
		return STORE_ERR;
	}
	return STORE_OK;
}

/* Ask for WAL mode once. Return SQLITE_OK when the connection is in WAL
 * mode, SQLITE_BUSY when SQLite kept the old mode (or said busy), or
 * another error code (the error kept in every case). */
static int try_wal(struct store *s)
{
	const unsigned char *mode;
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, "PRAGMA journal_mode = WAL", &st, WHAT_OPEN) != 0)
		return SQLITE_ERROR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		mode = sqlite3_column_text(st, 0);
		rc = mode != NULL && sqlite3_stricmp((const char *)mode,
						     "wal") == 0
			     ? SQLITE_OK
			     : SQLITE_BUSY;
		if (rc != SQLITE_OK)
			store_set_err(s, WHAT_OPEN,
				      "the database stays out of WAL "
				      "mode");
	} else {
		store_set_db_err(s, WHAT_OPEN);
	}
	store_release(s, st);
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

/* ==== The store's clock ================================================== */

/* See store.h. The kernel's own call, not the C library's: a library
 * preloaded to fake the time (libfaketime) replaces the library's
 * clock_gettime() and the file times stat() returns, not the system
 * call. */
long long store_now_ms(void)
{
	struct timespec ts;

	if (syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts) != 0)
		clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* See store.h. */
long long store_now(void)
{
	return store_now_ms() / 1000;
}

/* SQL's store_now_ms() (STORE_NOW_MS). */
static void sql_now_ms(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	sqlite3_result_int64(ctx, store_now_ms());
}

/* See store_internal.h. */
enum store_status store_check_now(struct store *s, long long now_ms,
				  const char *what)
{
	long long skew = 0, off;
	char detail[160];

	if (store_query_int(s,
			    "SELECT clock_skew FROM club_settings WHERE id = 1",
			    &skew, what) != SQLITE_OK)
		return STORE_ERR;
	if (skew == 0)
		return STORE_OK;
	off = now_ms - store_now_ms();
	if (off <= 1000 * skew && off >= -1000 * skew)
		return STORE_OK;
	snprintf(detail, sizeof(detail),
		 "this process's clock is %lld s %s the club's (at most %lld "
		 "s allowed)",
		 (off < 0 ? -off : off) / 1000, off < 0 ? "behind" : "ahead of",
		 skew);
	store_set_err(s, what, detail);
	return STORE_CLOCK;
}

/* Give the connection the SQL function store_now_ms(). Return STORE_OK
 * or STORE_ERR. */
static enum store_status add_clock(struct store *s)
{
	if (sqlite3_create_function_v2(s->db, "store_now_ms", 0, SQLITE_UTF8,
				       NULL, sql_now_ms, NULL, NULL,
				       NULL) != SQLITE_OK) {
		store_set_db_err(s, WHAT_OPEN);
		return STORE_ERR;
	}
	return STORE_OK;
}

/* See store_internal.h. */
enum store_status store_db_connect(struct store *s, const char *path)
{
	enum store_status st;

	st = make_folder(s, path);
	if (st == STORE_OK)
		st = make_file(s, path);
	if (st == STORE_OK)
		st = open_connection(s, path, SQLITE_OPEN_READWRITE);
	if (st == STORE_OK)
		st = add_clock(s);
	return st;
}

/* See store_internal.h. */
enum store_status store_db_connect_readonly(struct store *s, const char *path)
{
	enum store_status st;

	st = open_connection(s, path, SQLITE_OPEN_READONLY);
	if (st == STORE_OK &&
	    store_run_sql(s, "PRAGMA query_only = ON", WHAT_OPEN) != SQLITE_OK)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = add_clock(s);
	return st;
}

/* SQLite's own checkpoint threshold, in WAL pages (its
 * SQLITE_DEFAULT_WAL_AUTOCHECKPOINT), which a WAL hook replaces. */
#define WAL_CHECKPOINT_PAGES 1000

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

/* See store_internal.h. */
enum store_status store_db_configure(struct store *s)
{
	if (set_wal(s) != STORE_OK)
		return STORE_ERR;
	sqlite3_wal_hook(s->db, committed, NULL);
	if (store_run_sql(s,
			  "PRAGMA synchronous = FULL;"
			  "PRAGMA foreign_keys = ON;"
			  "PRAGMA secure_delete = ON;",
			  WHAT_OPEN) != SQLITE_OK)
		return STORE_ERR;
	store_clear_err(s); /* a retried WAL switch may have left one */
	return STORE_OK;
}

/* See store.h. */
void store_close(struct store *s)
{
	if (s == NULL)
		return;
	store_db_close(s);
	confusable_close(s->names);
	if (s->change_made && s->change_fd >= 0)
		close(s->change_fd);
	free(s);
}

/* See store.h. */
bool store_owns_file(const struct store *s, const char *path)
{
	static const char *const suffixes[] = {"", "-wal", "-shm"};
	const char *db = sqlite3_db_filename(s->db, "main");
	char name[4096];
	struct stat target, own;
	size_t i;

	if (db == NULL || db[0] == '\0' || stat(path, &target) != 0)
		return false;
	for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		snprintf(name, sizeof name, "%s%s", db, suffixes[i]);
		if (stat(name, &own) == 0 && own.st_dev == target.st_dev &&
		    own.st_ino == target.st_ino)
			return true;
	}
	return false;
}

/* See store.h. A NULL handle (store_open() ran out of memory) reads
 * "out of memory". */
const char *store_errmsg(const struct store *s)
{
	if (s == NULL)
		return WHAT_OPEN ": out of memory";
	return s->err;
}
