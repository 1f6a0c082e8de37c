/* test_store_analyses.c -- tests for the analyses kept
 * (src/store_analyses.c): a whole analysis of a finished match is read
 * back by another handle, field by field; one per match and time a
 * position, replaced by a second save; a match still being played, moves
 * that are not the match's, or a stale analysis are never kept or read;
 * values out of range are refused with nothing written; a version 20 file
 * gets the table. Throw-away databases (tests/store_fixture.h). */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "analyze.h"
#include "store.h"
#include "store_fixture.h"

#define NMOVES 9 /* fx_five_moves */

/* An analysis of the nine fx_five_moves, with something in every field. */
static void judged(struct analyze_move *m)
{
	int i;

	memset(m, 0, NMOVES * sizeof(*m));
	for (i = 0; i < NMOVES; i++) {
		m[i].number = i + 1;
		m[i].colour = i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
		m[i].played = fx_five_moves[i];
		m[i].before = 50.0 + i;
		m[i].after = 40.5 - i;
		m[i].score_before = 100 * i;
		m[i].score_after = -100 * i;
		m[i].has_best = i != 4;
		m[i].best.row = (unsigned char)(i + 1);
		m[i].best.col = (unsigned char)(14 - i);
		m[i].mark = (enum analyze_mark)(i % ANALYZE_MARKS);
	}
	m[5].missed_win = true;
	m[7].forced_loss = true;
}

/* Assert that got[0..n-1] is want[0..n-1], the best move only when
 * there is one. */
static void same_moves(const struct analyze_move *got,
		       const struct analyze_move *want, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(got[i].number, want[i].number);
		CU_ASSERT_EQUAL(got[i].colour, want[i].colour);
		CU_ASSERT_EQUAL(got[i].played.row, want[i].played.row);
		CU_ASSERT_EQUAL(got[i].played.col, want[i].played.col);
		CU_ASSERT_DOUBLE_EQUAL(got[i].before, want[i].before, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(got[i].after, want[i].after, 1e-9);
		CU_ASSERT_EQUAL(got[i].score_before, want[i].score_before);
		CU_ASSERT_EQUAL(got[i].score_after, want[i].score_after);
		CU_ASSERT_EQUAL(got[i].has_best, want[i].has_best);
		if (want[i].has_best) {
			CU_ASSERT_EQUAL(got[i].best.row, want[i].best.row);
			CU_ASSERT_EQUAL(got[i].best.col, want[i].best.col);
		}
		CU_ASSERT_EQUAL(got[i].mark, want[i].mark);
		CU_ASSERT_EQUAL(got[i].missed_win, want[i].missed_win);
		CU_ASSERT_EQUAL(got[i].forced_loss, want[i].forced_loss);
	}
}

/* A club with one finished ranked match of the nine moves (*mid). */
static struct store *club_with_match(char *path, long long ids[3],
				     long long *mid)
{
	struct store *s = fx_club(path, ids);

	CU_ASSERT_EQUAL_FATAL(
		fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, mid), STORE_OK);
	return s;
}

/* Kept, then read back whole by another handle; another time a position
 * is another analysis; a second save replaces the first. */
static void test_analysis_kept(void)
{
	char path[FX_PATH_SIZE];
	struct analyze_move want[NMOVES], got[NMOVES];
	long long ids[3], mid;
	struct store *s = club_with_match(path, ids, &mid), *other;
	int n = 0, time_ms = -1;

	judged(want);
	CU_ASSERT_EQUAL(store_analysis_load(s, mid, 1000, got, NMOVES, &n),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_analysis_longest(s, mid, &time_ms),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(time_ms, -1);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 250, want, NMOVES),
			STORE_OK);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES),
			STORE_OK);
	CU_ASSERT_EQUAL(store_analysis_longest(s, mid, &time_ms), STORE_OK);
	CU_ASSERT_EQUAL(time_ms, 1000);
	other = fx_open_ok(path);
	CU_ASSERT_EQUAL(store_analysis_load(other, mid, 1000, got, NMOVES, &n),
			STORE_OK);
	CU_ASSERT_EQUAL(n, NMOVES);
	same_moves(got, want, NMOVES);
	CU_ASSERT_EQUAL(store_analysis_load(other, mid, 200, got, NMOVES, &n),
			STORE_NOT_FOUND);
	want[2].after = 12.25;
	want[2].mark = ANALYZE_BLUNDER;
	CU_ASSERT_EQUAL(store_analysis_save(other, mid, 1000, want, NMOVES),
			STORE_OK);
	CU_ASSERT_EQUAL(store_analysis_load(s, mid, 1000, got, NMOVES, &n),
			STORE_OK);
	same_moves(got, want, NMOVES);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM match_analyses"
				    " WHERE match_id = ?1",
				    mid),
			2 * NMOVES); /* the 250 ms one is kept too */
	store_close(other);
	store_close(s);
}

/* A match being played is neither kept nor read; an imported one
 * without an end is; moves that are not the match's, or not all of
 * them, are refused; values out of range too, nothing written. */
static void test_analysis_refused(void)
{
	char path[FX_PATH_SIZE];
	struct analyze_move want[NMOVES], got[NMOVES];
	struct match_header h;
	long long ids[3], mid, playing, imported;
	struct store *s = club_with_match(path, ids, &mid);
	int n = 0;

	judged(want);
	h = fx_ranked(ids[0], ids[2], 3000);
	playing = fx_play(s, &h, NMOVES);
	CU_ASSERT_EQUAL(store_analysis_save(s, playing, 1000, want, NMOVES),
			STORE_NOT_FOUND);
	h = fx_imported(4000);
	CU_ASSERT_EQUAL_FATAL(
		store_match_import(s, &h, NMOVES - 1, fx_five_moves, fx_five_ms,
				   RESULT_NONE, REASON_NONE, &imported),
		STORE_OK);
	CU_ASSERT_EQUAL(store_analysis_save(s, imported, 1000, want, NMOVES),
			STORE_NOT_FOUND); /* one move too many */
	CU_ASSERT_EQUAL(
		store_analysis_save(s, imported, 1000, want, NMOVES - 1),
		STORE_OK);
	CU_ASSERT_EQUAL(store_analysis_load(s, imported, 1000, got, NMOVES, &n),
			STORE_OK);
	CU_ASSERT_EQUAL(n, NMOVES - 1);
	CU_ASSERT_EQUAL(store_analysis_load(s, playing, 1000, got, NMOVES, &n),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES - 1),
			STORE_NOT_FOUND);
	want[3].played.col = 0;
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES),
			STORE_NOT_FOUND);
	judged(want);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 0, want, NMOVES),
			STORE_ERR);
	want[1].before = 101.0;
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_analysis_save(s, 999, 1000, want, NMOVES),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM match_analyses"
				    " WHERE match_id <> ?1",
				    imported),
			0);
	store_close(s);
}

/* An analysis whose rows no longer agree with the match (a move written
 * behind the store's back, or one row missing) is stale: never read. */
static void test_analysis_stale(void)
{
	char path[FX_PATH_SIZE];
	struct analyze_move want[NMOVES], got[NMOVES];
	long long ids[3], mid;
	struct store *s = club_with_match(path, ids, &mid);
	char sql[256];
	int n = -1;

	judged(want);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES),
			STORE_OK);
	snprintf(sql, sizeof sql,
		 "UPDATE match_analyses SET col = 14 WHERE match_id = %lld"
		 " AND ply = 9",
		 mid);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, sql), SQLITE_OK);
	CU_ASSERT_EQUAL(store_analysis_load(s, mid, 1000, got, NMOVES, &n),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES),
			STORE_OK);
	snprintf(sql, sizeof sql,
		 "DELETE FROM match_analyses WHERE match_id = %lld AND ply = 4",
		 mid);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, sql), SQLITE_OK);
	CU_ASSERT_EQUAL(store_analysis_load(s, mid, 1000, got, NMOVES, &n),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(n, -1);
	store_close(s);
}

/* A version 21 file gets the table, and an analysis can be kept in it. */
static void test_analysis_upgrade(void)
{
	char path[FX_PATH_SIZE];
	struct analyze_move want[NMOVES];
	long long ids[3], mid;
	struct store *s = club_with_match(path, ids, &mid);

	store_close(s);
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, FX_UNDO_V22 "PRAGMA user_version = 21;"),
		SQLITE_OK);
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL(fx_path_int(path, "PRAGMA user_version", 0),
			store_schema_version());
	judged(want);
	CU_ASSERT_EQUAL(store_analysis_save(s, mid, 1000, want, NMOVES),
			STORE_OK);
	CU_ASSERT_EQUAL(
		fx_path_int(path,
			    "SELECT count(*) FROM pragma_foreign_key_check", 0),
		0);
	store_close(s);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"kept, read back, replaced", test_analysis_kept},
	{"unfinished matches and other moves refused", test_analysis_refused},
	{"a stale analysis is not read", test_analysis_stale},
	{"a version 20 file gets the analyses", test_analysis_upgrade},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_analyses_suite = {
	"store_analyses", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
