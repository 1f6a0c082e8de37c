/* store_schema.c -- opening a database: recognising our file and
 * bringing it to the current schema (the migrations: store_migrations.c).
 *
 * A database is recognised by its PRAGMA application_id and versioned by
 * its PRAGMA user_version.
 */
#include <stdio.h>
#include <stdlib.h>

#include "store_internal.h"

#define WHAT_MIGRATE "cannot upgrade the database"

/* ==== Recognising and upgrading a file ================================== */

/* Read the application id, user_version and number of schema objects
 * in one statement, so from one snapshot even while another process is
 * making the schema. Return SQL_OK or the failure (kept; SQL_NOT_DB for
 * a file that is no database). */
static enum sql_code read_identity(struct store *s, long long *app,
				   long long *ver, long long *objects)
{
	struct sql_stmt *st;
	enum sql_code rc;

	rc = sql_prepare(s->db,
			 "SELECT (SELECT application_id"
			 " FROM pragma_application_id),"
			 " (SELECT user_version FROM pragma_user_version),"
			 " (SELECT count(*) FROM sqlite_schema)",
			 &st);
	if (rc == SQL_OK)
		rc = sql_step(st);
	if (rc == SQL_ROW) {
		*app = sql_int64(st, 0);
		*ver = sql_int64(st, 1);
		*objects = sql_int64(st, 2);
		rc = SQL_OK;
	} else {
		store_set_db_err(s, WHAT_OPEN);
	}
	store_release(s, st);
	return rc;
}

/* See store_internal.h. */
enum store_status store_schema_classify(struct store *s, int *version)
{
	long long app = 0, ver = 0, objects = 0;
	enum sql_code rc;

	rc = read_identity(s, &app, &ver, &objects);
	if (rc == SQL_NOT_DB)
		goto not_ours;
	if (rc != SQL_OK)
		return STORE_ERR;
	if (app == STORE_APP_ID && ver > store_schema_version()) {
		snprintf(s->err, sizeof s->err,
			 WHAT_OPEN ": it was made by a newer Gomoku Club "
				   "(schema %lld; this one knows up to %d)",
			 ver, store_schema_version());
		return STORE_NEWER;
	}
	if ((app == STORE_APP_ID && ver >= 1) ||
	    (app == 0 && ver == 0 && objects == 0)) {
		*version = (int)ver;
		return STORE_OK;
	}
not_ours:
	store_set_err(s, WHAT_OPEN, "it is not a Gomoku Club database");
	return STORE_NOT_OURS;
}

/* Check every foreign key in the database (a rebuilt table must still
 * point at rows that exist). Return 0, or -1 with the error kept. */
static int check_foreign_keys(struct store *s)
{
	long long broken = 0;

	if (store_query_int(s, "SELECT count(*) FROM pragma_foreign_key_check",
			    &broken, WHAT_MIGRATE) != SQL_OK)
		return -1;
	if (broken == 0)
		return 0;
	snprintf(s->err, sizeof s->err,
		 WHAT_MIGRATE ": %lld rows refer to rows that do not exist",
		 broken);
	return -1;
}

/* See store_internal.h. */
enum store_status store_schema_migrate(struct store *s)
{
	enum store_status st;
	long long now_at = 0;
	int version = 0;

	st = store_begin(s, WHAT_MIGRATE);
	if (st != STORE_OK)
		return st;
	st = store_schema_classify(s, &version);
	if (st != STORE_OK)
		goto out_rollback;
	st = STORE_ERR;
	for (; version < store_schema_version(); version++)
		if (store_migration_run(s, version, WHAT_MIGRATE) != STORE_OK)
			goto out_rollback;
	if (store_query_int(s, "PRAGMA user_version", &now_at, WHAT_MIGRATE) !=
	    SQL_OK)
		goto out_rollback;
	if (now_at != store_schema_version()) {
		store_set_err(s, WHAT_MIGRATE,
			      "a migration set the wrong version");
		goto out_rollback;
	}
	if (check_foreign_keys(s) != 0)
		goto out_rollback;
	return store_finish(s, STORE_OK, WHAT_MIGRATE);
out_rollback:
	store_rollback(s);
	return st;
}

/* ==== Opening a database ================================================ */

/* Everything store_open() does after making the handle. */
static enum store_status open_database(struct store *s, const char *path)
{
	enum store_status st;
	int version = 0;

	st = store_db_connect(s, path);
	if (st == STORE_OK)
		st = store_schema_classify(s, &version);
	if (st == STORE_OK)
		st = store_db_configure(s);
	if (st == STORE_OK && version < store_schema_version())
		st = store_schema_migrate(s);
	return st;
}

/* Make a handle in *out and open `path` on it with open_db(); on
 * failure close the connection, so only store_errmsg() and
 * store_close() may be used on *out (NULL when memory ran out). */
static enum store_status
open_handle(const char *path, struct store **out,
	    enum store_status (*open_db)(struct store *s, const char *path))
{
	enum store_status st;
	struct store *s;

	*out = NULL;
	s = calloc(1, sizeof *s);
	if (s == NULL)
		return STORE_ERR;
	*out = s;
	if (path == NULL || path[0] == '\0') {
		store_set_err(s, WHAT_OPEN, "no file name was given");
		return STORE_CANT_OPEN;
	}
	st = open_db(s, path);
	if (st != STORE_OK)
		store_db_close(s);
	return st;
}

/* See store.h. */
enum store_status store_open(const char *path, struct store **out)
{
	return open_handle(path, out, open_database);
}

/* Everything store_open_readonly() does after making the handle. */
static enum store_status open_database_readonly(struct store *s,
						const char *path)
{
	enum store_status st;
	int version = 0;

	st = store_db_connect_readonly(s, path);
	if (st == STORE_OK)
		st = store_schema_classify(s, &version);
	if (st == STORE_OK && version != store_schema_version()) {
		snprintf(s->err, sizeof s->err,
			 WHAT_OPEN ": its schema is %d, this program's %d: "
				   "run gomoku on it once to upgrade it",
			 version, store_schema_version());
		st = STORE_CANT_OPEN;
	}
	return st;
}

/* See store.h. */
enum store_status store_open_readonly(const char *path, struct store **out)
{
	return open_handle(path, out, open_database_readonly);
}
