/* test_store_prefs.c -- tests for the players' preferences
 * (src/store_prefs.c): nothing saved reads as the defaults, a save is
 * read back whole by another handle and replaces the one before, values
 * out of range and stale sessions are refused with nothing written, and
 * a file from before version 19 gets the table. Throw-away databases
 * (tests/store_fixture.h). */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "store.h"
#include "store_fixture.h"

/* Preferences with every field chosen. */
static struct store_prefs chosen(void)
{
	struct store_prefs p;

	store_prefs_default(&p);
	snprintf(p.lang, sizeof(p.lang), "zh");
	p.ascii = 1;
	p.color = 0;
	p.ai_level = 4;
	p.confirm_moves = true;
	p.refuse_challenges = true;
	snprintf(p.variant, sizeof(p.variant), "renju");
	snprintf(p.opening, sizeof(p.opening), "swap2");
	snprintf(p.time_control, sizeof(p.time_control), "5+3");
	return p;
}

/* Assert that a and b hold the same preferences. */
static void same_prefs(const struct store_prefs *a, const struct store_prefs *b)
{
	CU_ASSERT_STRING_EQUAL(a->lang, b->lang);
	CU_ASSERT_EQUAL(a->ascii, b->ascii);
	CU_ASSERT_EQUAL(a->color, b->color);
	CU_ASSERT_EQUAL(a->ai_level, b->ai_level);
	CU_ASSERT_EQUAL(a->confirm_moves, b->confirm_moves);
	CU_ASSERT_EQUAL(a->refuse_challenges, b->refuse_challenges);
	CU_ASSERT_STRING_EQUAL(a->variant, b->variant);
	CU_ASSERT_STRING_EQUAL(a->opening, b->opening);
	CU_ASSERT_STRING_EQUAL(a->time_control, b->time_control);
}

/* A player who saved nothing has the defaults; no such player is
 * STORE_NOT_FOUND for a read and a write. */
static void test_prefs_default(void)
{
	char path[FX_PATH_SIZE];
	struct store_prefs p = chosen(), want;
	long long ids[3];
	struct store *s = fx_club(path, ids);

	store_prefs_default(&want);
	CU_ASSERT_EQUAL(want.ascii, -1);
	CU_ASSERT_EQUAL(want.ai_level, -1);
	CU_ASSERT_FALSE(want.confirm_moves);
	CU_ASSERT_EQUAL(store_prefs_get(s, ids[1], &p), STORE_OK);
	same_prefs(&p, &want);
	p = chosen();
	CU_ASSERT_EQUAL(store_prefs_get(s, 999999, &p), STORE_NOT_FOUND);
	CU_ASSERT_STRING_EQUAL(p.lang, "zh"); /* unchanged */
	CU_ASSERT_EQUAL(store_prefs_set(s, 999999, &p), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM player_prefs", 0), 0);
	store_close(s);
}

/* What one handle saves another reads back whole; a second save
 * replaces the first, back to unset values; another player's stay. */
static void test_prefs_saved(void)
{
	char path[FX_PATH_SIZE];
	struct store_prefs p = chosen(), got, unset;
	long long ids[3];
	struct store *s = fx_club(path, ids), *other;

	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &p), STORE_OK);
	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(store_prefs_get(other, ids[0], &got), STORE_OK);
	same_prefs(&got, &p);
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[2], &p), STORE_OK);
	store_prefs_default(&unset);
	unset.confirm_moves = true;
	CU_ASSERT_EQUAL(store_prefs_set(other, ids[0], &unset), STORE_OK);
	CU_ASSERT_EQUAL(store_prefs_get(s, ids[0], &got), STORE_OK);
	same_prefs(&got, &unset);
	CU_ASSERT_EQUAL(store_prefs_get(s, ids[2], &got), STORE_OK);
	same_prefs(&got, &p);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM player_prefs", 0), 2);
	store_close(other);
	store_close(s);
}

/* Values the table does not take are refused and nothing is written. */
static void test_prefs_refused(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	struct store_prefs p = chosen(), bad;
	long long ids[3];
	struct store *s = fx_club(path, ids);

	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &p), STORE_OK);
	fx_snapshot(path, before);
	bad = p;
	bad.ai_level = 6;
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &bad), STORE_ERR);
	bad = p;
	snprintf(bad.lang, sizeof(bad.lang), "fr");
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &bad), STORE_ERR);
	bad = p;
	snprintf(bad.opening, sizeof(bad.opening), "swap3");
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &bad), STORE_ERR);
	bad = p;
	bad.ascii = 2;
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &bad), STORE_ERR);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(store_errmsg(s), "cannot save the preferences"));
	store_close(s);
}

/* A session whose password changed elsewhere saves nothing. */
static void test_prefs_stale(void)
{
	static const char hash[] = "$argon2id$v=19$m=8,t=1,p=1$b25l$one";
	char path[FX_PATH_SIZE];
	struct store_prefs p = chosen(), got;
	long long ids[3];
	struct store *s = fx_club(path, ids), *other;

	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(store_set_password(other, ids[0], hash), STORE_OK);
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &p), STORE_STALE);
	CU_ASSERT_EQUAL(store_prefs_get(other, ids[0], &got), STORE_OK);
	CU_ASSERT_EQUAL(got.ai_level, -1);
	store_close(other);
	store_close(s);
}

/* A version 18 file gets the table: its players read the defaults and
 * can save theirs. */
static void test_prefs_upgrade(void)
{
	char path[FX_PATH_SIZE];
	struct store_prefs p = chosen(), got;
	long long ids[3];
	struct store *s = fx_club(path, ids);

	CU_ASSERT_EQUAL_FATAL(store_schema_version(), 21);
	store_close(s);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path,
					   FX_UNDO_V21 FX_UNDO_V20 FX_UNDO_V19
					   "PRAGMA user_version = 18;"),
			      SQLITE_OK);
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0), 21);
	CU_ASSERT_EQUAL(store_prefs_get(s, ids[0], &got), STORE_OK);
	CU_ASSERT_EQUAL(got.ai_level, -1);
	CU_ASSERT_EQUAL(store_prefs_set(s, ids[0], &p), STORE_OK);
	CU_ASSERT_EQUAL(store_prefs_get(s, ids[0], &got), STORE_OK);
	same_prefs(&got, &p);
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM pragma_foreign_key_check", 0),
		0);
	store_close(s);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"nothing saved reads as the defaults", test_prefs_default},
	{"saved, read back, replaced", test_prefs_saved},
	{"values out of range refused", test_prefs_refused},
	{"a stale session saves nothing", test_prefs_stale},
	{"a version 18 file gets the preferences", test_prefs_upgrade},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_prefs_suite = {
	"store_prefs", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
