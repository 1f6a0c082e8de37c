/* store_db.c -- the connection: making the file and connecting (the
 * driver's settings: store_sqlite.c), the last error, closing, and the
 * statement and transaction helpers every store file uses (store_open() is in
 * store_schema.c).
 *
 * The SQL goes through the driver (store_sql.h, SQLite's in
 * store_sqlite.c). Every statement is a constant string with bound
 * parameters; each call goes prepare -> bind -> step -> release with one
 * exit label (the statement stays prepared on the connection for the
 * next call), and a change of more than one statement runs inside one
 * write transaction (store_begin()/store_finish()), rolled back on the
 * error path.
 */
#define _DEFAULT_SOURCE /* syscall() */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "confusable.h"
#include "store_internal.h"

#define STORE_BUSY_MS 5000

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
	store_set_err(s, what, sql_errmsg(s->db));
}

/* See store_internal.h. */
int store_prepare(struct store *s, const char *sql, struct sql_stmt **st,
		  const char *what)
{
	if (sql_prepare(s->db, sql, st) == SQL_OK)
		return 0;
	store_set_db_err(s, what);
	return -1;
}

/* See store_internal.h. */
void store_release(struct store *s, struct sql_stmt *st)
{
	(void)s;
	sql_release(st);
}

/* See store_internal.h. */
void store_db_close(struct store *s)
{
	sql_close(s->db);
	s->db = NULL;
}

/* See store_internal.h. */
enum store_status store_missing_key(struct store *s, int rc, const char *what)
{
	if (rc != SQL_FOREIGN_KEY)
		return STORE_ERR;
	store_set_err(s, what, "no such player or match");
	return STORE_NOT_FOUND;
}

/* See store_internal.h. */
enum sql_code store_step_done(struct store *s, struct sql_stmt *st,
			      const char *what)
{
	int rc = sql_step(st);

	if (rc == SQL_DONE)
		return rc;
	if (rc == SQL_ROW)
		store_set_err(s, what,
			      "a statement returned rows unexpectedly");
	else
		store_set_db_err(s, what);
	return rc == SQL_ROW ? SQL_ERROR : rc;
}

/* See store_internal.h. */
enum store_status store_step_row(struct store *s, struct sql_stmt *st,
				 const char *what, const char *missing)
{
	int rc = sql_step(st);

	if (rc == SQL_ROW)
		return STORE_OK;
	if (rc == SQL_DONE) {
		store_set_err(s, what, missing);
		return STORE_NOT_FOUND;
	}
	store_set_db_err(s, what);
	return STORE_ERR;
}

/* See store_internal.h. */
enum sql_code store_run_sql(struct store *s, const char *sql, const char *what)
{
	enum sql_code rc = sql_run(s->db, sql);

	if (rc != SQL_OK)
		store_set_db_err(s, what);
	return rc;
}

/* See store_internal.h. */
void store_column_time(struct sql_stmt *st, int per_move, int base,
		       struct time_control *out)
{
	if (clock_control(sql_int(st, per_move), sql_int(st, base),
			  sql_int(st, base + 1), out) != 0)
		*out = (struct time_control){.kind = CLOCK_NONE};
}

/* See store_internal.h. */
enum sql_code store_query_int(struct store *s, const char *sql, long long *out,
			      const char *what)
{
	struct sql_stmt *st;
	int rc;

	if (store_prepare(s, sql, &st, what) != 0)
		return SQL_ERROR;
	rc = sql_step(st);
	if (rc == SQL_ROW) {
		*out = sql_int64(st, 0);
		rc = SQL_OK;
	} else {
		store_set_db_err(s, what);
		if (rc == SQL_DONE)
			rc = SQL_ERROR;
	}
	store_release(s, st);
	return rc;
}

/* Begin a transaction `kind` on s. Return STORE_OK or STORE_ERR (the
 * error kept). */
static enum store_status begin(struct store *s, enum sql_transaction kind,
			       const char *what)
{
	if (sql_begin(s->db, kind) == SQL_OK)
		return STORE_OK;
	store_set_db_err(s, what);
	return STORE_ERR;
}

/* See store_internal.h. */
enum store_status store_begin(struct store *s, const char *what)
{
	return begin(s, SQL_WRITE, what);
}

/* See store_internal.h. */
enum store_status store_begin_read(struct store *s, const char *what)
{
	return begin(s, SQL_READ, what);
}

/* See store_internal.h. */
void store_rollback(struct store *s)
{
	sql_rollback(s->db);
}

/* See store_internal.h. */
enum store_status store_finish(struct store *s, enum store_status st,
			       const char *what)
{
	if (st == STORE_OK) {
		if (sql_commit(s->db) == SQL_OK)
			return STORE_OK;
		store_set_db_err(s, what);
	}
	store_rollback(s);
	return st == STORE_OK ? STORE_ERR : st;
}

/* See store_internal.h. */
enum store_status store_read_version(struct store *s, long long *version,
				     const char *what)
{
	if (sql_data_version(s->db, version) == SQL_OK)
		return STORE_OK;
	store_set_db_err(s, what);
	return STORE_ERR;
}

/* ==== Statements with integer parameters ================================ */

/* See store_internal.h. */
int store_prepare_ints(struct store *s, const char *sql, struct sql_stmt **st,
		       const long long *args, int n, const char *what)
{
	int i;

	if (store_prepare(s, sql, st, what) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (sql_bind_int64(*st, i + 1, args[i]) != SQL_OK) {
			store_set_db_err(s, what);
			store_release(s, *st);
			*st = NULL;
			return -1;
		}
	}
	return 0;
}

/* See store_internal.h. */
enum sql_code store_bind_opt_text(struct sql_stmt *st, int i, const char *text)
{
	return text != NULL ? sql_bind_text(st, i, text) : sql_bind_null(st, i);
}

/* See store_internal.h. */
enum sql_code store_exec_ints(struct store *s, const char *sql,
			      const long long *args, int n, const char *what)
{
	struct sql_stmt *st;
	int rc;

	if (store_prepare_ints(s, sql, &st, args, n, what) != 0)
		return SQL_ERROR;
	rc = store_step_done(s, st, what);
	store_release(s, st);
	return rc;
}

/* See store_internal.h. */
enum store_status store_step_one(struct store *s, struct sql_stmt *st,
				 const char *what, enum store_status none,
				 const char *why)
{
	if (store_step_done(s, st, what) != SQL_DONE)
		return STORE_ERR;
	if (sql_changes(s->db) == 1)
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
	struct sql_stmt *st;

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
	struct sql_stmt *st;
	int i, rc;

	if (store_prepare_ints(s, sql, &st, args, n, what) != 0)
		return STORE_ERR;
	rc = sql_step(st);
	if (rc == SQL_ROW) {
		for (i = 0; i < nout; i++)
			out[i] = sql_int64(st, i);
		ret = STORE_OK;
	} else if (rc == SQL_DONE) {
		store_set_err(s, what, none);
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	store_release(s, st);
	return ret;
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

/* Open the connection (`mode`) with the busy timeout. Return STORE_OK,
 * or STORE_CANT_OPEN/STORE_ERR. */
static enum store_status open_connection(struct store *s, const char *path,
					 enum sql_mode mode)
{
	enum sql_code rc = sql_open(path, mode, STORE_BUSY_MS, &s->db);

	if (rc == SQL_OK)
		return STORE_OK;
	store_set_err(s, WHAT_OPEN,
		      s->db != NULL ? sql_errmsg(s->db) : "out of memory");
	return rc == SQL_NOMEM ? STORE_ERR : STORE_CANT_OPEN;
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

/* See store_internal.h. */
enum store_status store_check_now(struct store *s, long long now_ms,
				  const char *what)
{
	long long skew = 0, off;
	char detail[160];

	if (store_query_int(s,
			    "SELECT clock_skew FROM club_settings WHERE id = 1",
			    &skew, what) != SQL_OK)
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

/* Give the connection the SQL function store_now_ms() (STORE_NOW_MS).
 * Return STORE_OK or STORE_ERR. */
static enum store_status add_clock(struct store *s)
{
	if (sql_add_function(s->db, "store_now_ms", store_now_ms) != SQL_OK) {
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
		st = open_connection(s, path, SQL_READ_WRITE);
	if (st == STORE_OK)
		st = add_clock(s);
	return st;
}

/* See store_internal.h. */
enum store_status store_db_connect_readonly(struct store *s, const char *path)
{
	enum store_status st;

	st = open_connection(s, path, SQL_READ_ONLY);
	if (st == STORE_OK)
		st = add_clock(s);
	return st;
}

/* See store_internal.h. */
enum store_status store_db_configure(struct store *s)
{
	if (sql_configure(s->db) != SQL_OK) {
		store_set_db_err(s, WHAT_OPEN);
		return STORE_ERR;
	}
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
	const char *db = sql_file(s->db);
	char name[4096];
	struct stat target, own;
	size_t i;

	if (db == NULL || stat(path, &target) != 0)
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
