/* test_store_db.c -- tests for the statements a store's connection
 * keeps prepared (the driver's sql_prepare() and sql_release(), through
 * src/store_db.c's store_prepare() and store_release()): a text prepared
 * again is the statement kept, handed out reset with no parameter bound;
 * the same text asked for while it is held is a second statement; a
 * buffer that now holds another text is prepared again; more texts than
 * the connection keeps all run. How often a statement has run is read
 * from SQLite's sqlite_stmt table, through the same connection. And the
 * common dialect's greatest() and least(), which the driver gives
 * SQLite. The store's own header (store_internal.h): these are the
 * store's helpers, below its API. Throw-away databases
 * (tests/store_fixture.h). */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "../src/store_internal.h"
#include "store_fixture.h"

/* A new club's handle (its path and players are not needed here). */
static struct store *club(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3];

	return fx_club(path, ids);
}

/* The one integer `sql` reads through s (with ?1 bound to `arg` when
 * `bind`), the statement given back after. -1 when it fails. */
static long long read_one(struct store *s, const char *sql, bool bind,
			  long long arg)
{
	struct sql_stmt *st;
	long long v = -1;

	if (store_prepare(s, sql, &st, "test") != 0)
		return -1;
	if ((!bind || sql_bind_int64(st, 1, arg) == SQL_OK) &&
	    sql_step(st) == SQL_ROW)
		v = sql_is_null(st, 0) ? -2 : sql_int64(st, 0);
	store_release(s, st);
	return v;
}

/* How many times the statements of s's connection whose text is `sql`
 * have run (SQLite's count: a run ends at a reset), -1 when it cannot be
 * read. A statement prepared again starts again from 0. */
static long long runs(struct store *s, const char *sql)
{
	struct sql_stmt *st;
	long long v = -1;

	if (store_prepare(s, "SELECT sum(run) FROM sqlite_stmt WHERE sql = ?1",
			  &st, "test") != 0)
		return -1;
	if (sql_bind_text(st, 1, sql) == SQL_OK && sql_step(st) == SQL_ROW)
		v = sql_int64(st, 0);
	store_release(s, st);
	return v;
}

/* A text prepared again is the statement kept, reset (a statement given
 * back after its first row reads from the first row again) and with no
 * parameter bound (NULL). */
static void test_kept_again(void)
{
	static const char sql[] = "SELECT ?1 UNION ALL SELECT 7";
	struct store *s = club();
	struct sql_stmt *a, *b;

	CU_ASSERT_EQUAL(store_prepare(s, sql, &a, "test"), 0);
	CU_ASSERT_EQUAL(sql_bind_int64(a, 1, 5), SQL_OK);
	CU_ASSERT_EQUAL(sql_step(a), SQL_ROW);
	CU_ASSERT_EQUAL(sql_int64(a, 0), 5);
	store_release(s, a);
	CU_ASSERT_EQUAL(store_prepare(s, sql, &b, "test"), 0);
	CU_ASSERT_PTR_EQUAL(b, a);
	/* the same statement, not one made again in the first one's place */
	CU_ASSERT_EQUAL(runs(s, sql), 1);
	CU_ASSERT_EQUAL(sql_step(b), SQL_ROW);
	CU_ASSERT(sql_is_null(b, 0));
	store_release(s, b);
	store_close(s);
}

/* The same text asked for while its statement is held is a second
 * statement (kept in another place); both run, and both are given
 * back (valgrind sees no leak). */
static void test_kept_held(void)
{
	static const char sql[] = "SELECT ?1 + 1";
	struct store *s = club();
	struct sql_stmt *outer;

	CU_ASSERT_EQUAL(store_prepare(s, sql, &outer, "test"), 0);
	CU_ASSERT_EQUAL(sql_bind_int64(outer, 1, 40), SQL_OK);
	CU_ASSERT_EQUAL(sql_step(outer), SQL_ROW);
	CU_ASSERT_EQUAL(read_one(s, sql, true, 1), 2);
	CU_ASSERT_EQUAL(sql_int64(outer, 0), 41);
	CU_ASSERT_EQUAL(sql_step(outer), SQL_DONE);
	store_release(s, outer);
	CU_ASSERT_EQUAL(read_one(s, sql, true, 9), 10);
	/* the first ran twice (given back, it was found first), the second
	 * once */
	CU_ASSERT_EQUAL(store_prepare(s, sql, &outer, "test"), 0);
	CU_ASSERT_EQUAL(runs(s, sql), 3);
	store_release(s, outer);
	store_close(s);
}

/* A buffer prepared from, then given another text, is that text's
 * statement the next time; and more texts than the handle keeps all run
 * (those that find no place are prepared each time). */
static void test_kept_texts(void)
{
	struct store *s = club();
	char texts[2 * SQL_KEPT][32], buf[32];
	int i, wrong = 0;

	snprintf(buf, sizeof buf, "SELECT 1");
	CU_ASSERT_EQUAL(read_one(s, buf, false, 0), 1);
	snprintf(buf, sizeof buf, "SELECT 2");
	CU_ASSERT_EQUAL(read_one(s, buf, false, 0), 2);
	for (i = 0; i < 2 * SQL_KEPT; i++)
		snprintf(texts[i], sizeof texts[i], "SELECT %d", 100 + i);
	for (i = 0; i < 4 * SQL_KEPT; i++)
		wrong += read_one(s, texts[i % (2 * SQL_KEPT)], false, 0) !=
			 100 + i % (2 * SQL_KEPT);
	CU_ASSERT_EQUAL(wrong, 0);
	store_close(s);
}

/* The common dialect's greatest() and least() (the driver's on SQLite,
 * PostgreSQL's own): the largest and smallest of their numbers, an
 * integer kept an integer, a double compared by value, NULLs left out
 * (NULL when all are), as PostgreSQL has them; text refused. */
static void test_greatest_least(void)
{
	struct store *s = club();
	struct sql_stmt *st;

	CU_ASSERT_EQUAL(read_one(s, "SELECT greatest(3, 7, 5)", false, 0), 7);
	CU_ASSERT_EQUAL(read_one(s, "SELECT least(3, 7, -5)", false, 0), -5);
	CU_ASSERT_EQUAL(read_one(s, "SELECT greatest(?1, 0)", true, -4), 0);
	CU_ASSERT_EQUAL(read_one(s, "SELECT least(?1, 0)", true, -4), -4);
	CU_ASSERT_EQUAL(read_one(s, "SELECT greatest(NULL, 2, NULL)", false, 0),
			2);
	CU_ASSERT_EQUAL(read_one(s, "SELECT least(NULL, NULL)", false, 0), -2);
	CU_ASSERT_EQUAL(
		read_one(s, "SELECT greatest(9007199254740993, 1)", false, 0),
		9007199254740993LL); /* no trip through a double */
	CU_ASSERT_EQUAL(read_one(s,
				 "SELECT typeof(greatest(2, 2.5)) = 'real'"
				 " AND greatest(2, 2.5) = 2.5"
				 " AND least(2, 2.5) = 2",
				 false, 0),
			1);
	CU_ASSERT_EQUAL_FATAL(
		store_prepare(s, "SELECT greatest(1, 'a')", &st, "test"), 0);
	CU_ASSERT_EQUAL(sql_step(st), SQL_ERROR);
	store_release(s, st);
	store_close(s);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"a text prepared again: the statement kept, reset", test_kept_again},
	{"the same text while it is held: a second statement", test_kept_held},
	{"a buffer's new text, and more texts than are kept", test_kept_texts},
	{"greatest() and least() of the common dialect", test_greatest_least},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_db_suite = {"store_db", fx_suite_init, fx_suite_cleanup,
			       NULL,	   NULL,	  tests};
