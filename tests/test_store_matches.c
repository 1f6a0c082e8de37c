/* test_store_matches.c -- tests for matches (src/store_matches.c,
 * store_match_rows.c and store_match_load.c): whole matches and the counters
 * they change, two processes writing at once, matches saved move by move,
 * refused writes that change nothing, abandoned, paused and claimed matches,
 * loading, imports, a writer killed in the middle, renju and openings. Each
 * test uses throw-away databases (tests/store_fixture.h).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
#include "store_fixture.h"

_Static_assert(STORE_AI_LEVEL_MIN == AI_LEVEL_MIN &&
		       STORE_AI_LEVEL_MAX == AI_LEVEL_MAX,
	       "the store keeps the levels the computer player has");

/* ==== Matches =========================================================== */

/* Check the match row and its moves as fx_a_match() writes them. */
static void check_match_row(const char *path, long long mid, long long black,
			    long long white, const char *result)
{
	char buf[FX_SNAP_SIZE], want[FX_SNAP_SIZE];
	size_t used = 0;
	int i;

	snprintf(want, sizeof want,
		 "finished|%lld|%lld||gomoku|freestyle|15|"
		 "15|5|%s|%s|2000|2013",
		 black, white, result,
		 strcmp(result, "draw") ? "five" : "draw");
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(
			path,
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
					 fx_five_moves[i].row,
					 fx_five_moves[i].col, fx_five_ms[i]);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(
			path,
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
	char path[FX_PATH_SIZE];
	long long ids[3], m1 = 0, m2 = 0, m3 = 0, m4 = 0;
	struct store *s;

	s = fx_club(path, ids);
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_BLACK_WIN, &m1);
	check_match_row(path, m1, ids[0], ids[1], "black");
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_WHITE_WIN, &m2);
	check_match_row(path, m2, ids[0], ids[1], "white");
	fx_record_and_check(s, ids, ids[1], ids[0], RESULT_WHITE_WIN, &m3);
	fx_record_and_check(s, ids, ids[0], ids[1], RESULT_DRAW, &m4);
	check_match_row(path, m4, ids[0], ids[1], "draw");
	CU_ASSERT(m1 != m2 && m2 != m3 && m3 != m4);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			4);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM match_moves", 0), 36);
	/* alice: W L W D; bob: L W L D. */
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).score, 1);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).score, -1);
	CU_ASSERT(fx_record_of(s, ids[0]).rating > RATING_START);
	store_close(s);
}

/* Play the i-th match of a concurrent writer between ids[0] and
 * ids[opp], start to finish. Return as fx_a_match(). */
static enum store_status
concurrent_match(struct store *s, const long long ids[3], int opp, int i)
{
	static const enum match_result results[] = {
		RESULT_BLACK_WIN, RESULT_WHITE_WIN, RESULT_DRAW,
		RESULT_BLACK_WIN};
	long long mid;

	return i % 2 == 0
		       ? fx_a_match(s, ids[0], ids[opp], results[i % 4], &mid)
		       : fx_a_match(s, ids[opp], ids[0], results[i % 4], &mid);
}

#define CONCURRENT_MATCHES 40

/* Play the concurrent matches on a new handle, each through start,
 * moves and finish, in step with the other writer: match i starts once
 * the other has finished match i - 1 (a byte on `from`; each finished
 * match is told on `to`), so the two always play at the same time and
 * neither runs far ahead. (SQLite's busy handler polls: a writer that
 * committed back to back for longer than the busy timeout would lock
 * the other out on a slow machine, however correct the store.) Return
 * how many failed (or -1 when the store cannot be opened). */
static int write_matches(const char *path, const long long ids[3], int opp,
			 int from, int to)
{
	struct store *s = NULL;
	int i, failed = 0;
	char token = 'm';

	if (store_open(path, &s) != STORE_OK) {
		store_close(s);
		return -1;
	}
	for (i = 0; i < CONCURRENT_MATCHES; i++) {
		if (i > 0 && read(from, &token, 1) != 1)
			failed++; /* the other writer is gone */
		if (concurrent_match(s, ids, opp, i) != STORE_OK) {
			fprintf(stderr, "writer: %s\n", store_errmsg(s));
			failed++;
		}
		if (i + 1 < CONCURRENT_MATCHES && write(to, &token, 1) != 1)
			failed++; /* the other writer is gone */
	}
	store_close(s);
	return failed;
}

/* Two processes, each with its own handle, play matches at once (start,
 * every move, finish), alice in all of them, against bob in one and
 * carol in the other (two players have one unfinished match at most):
 * every match and move is kept and the counters add up. */
static void test_two_writers(void)
{
	char path[FX_PATH_SIZE];
	struct player_record a, b, c;
	long long ids[3];
	struct store *s;
	int status = -1, to_child[2], to_parent[2];
	pid_t pid;

	s = fx_club(path, ids);
	store_close(s);
	/* a writer whose partner died gets EPIPE (a failure), not SIGPIPE */
	signal(SIGPIPE, SIG_IGN);
	CU_ASSERT_FATAL(pipe(to_child) == 0 && pipe(to_parent) == 0);
	fflush(NULL);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0) {
		close(to_child[1]);
		close(to_parent[0]);
		_exit(write_matches(path, ids, 2, to_child[0], to_parent[1]) ==
				      0
			      ? 0
			      : 1);
	}
	close(to_child[0]);
	close(to_parent[1]);
	CU_ASSERT_EQUAL(write_matches(path, ids, 1, to_parent[0], to_child[1]),
			0);
	close(to_parent[0]);
	close(to_child[1]);
	CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
	signal(SIGPIPE, SIG_DFL);
	CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	s = fx_open_ok(path);
	a = fx_record_of(s, ids[0]);
	b = fx_record_of(s, ids[1]);
	c = fx_record_of(s, ids[2]);
	/* Per writer and 4 matches: alice W, W, D, L (see above). */
	CU_ASSERT_EQUAL(a.games, 2 * CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(a.wins, CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(a.ties, CONCURRENT_MATCHES / 2);
	CU_ASSERT_EQUAL(a.losses, CONCURRENT_MATCHES / 2);
	CU_ASSERT_EQUAL(b.games, CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(c.games, CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(b.wins + c.wins, a.losses);
	CU_ASSERT_EQUAL(b.losses + c.losses, a.wins);
	CU_ASSERT_EQUAL(b.ties + c.ties, a.ties);
	CU_ASSERT(a.rating != RATING_START && b.rating != RATING_START &&
		  c.rating != RATING_START);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			2 * CONCURRENT_MATCHES);
	CU_ASSERT_EQUAL(
		fx_path_int(path, "SELECT count(*) FROM match_moves", 0),
		2 * CONCURRENT_MATCHES * 9);
	store_close(s);
}

/* ==== Matches saved as they are played ================================== */

/* Match `id`'s row and moves as one string, in buf[FX_SNAP_SIZE]. */
static const char *match_text(const char *path, long long id, char *buf)
{
	return fx_path_text(
		path,
		"SELECT kind || '|' || status || '|' || coalesce(result, '-')"
		" || '|' || coalesce(reason, '-') || '|' ||"
		" coalesce(ended_at, '-') || '|' || coalesce((SELECT"
		" group_concat(ply || ',' || row || ',' || col || ',' || ms,"
		" ';') FROM (SELECT * FROM match_moves WHERE match_id = ?1"
		" ORDER BY ply)), '') FROM matches WHERE id = ?1",
		id, buf);
}

/* A match that is started, played, partly taken back and finished
 * changes no counter until the finish, then both exactly once (as a
 * whole match does); a second finish is refused. */
static void test_match_flow(void)
{
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	struct player_record a, b, third;
	struct match_header h;
	long long ids[3], id;
	struct store *s;
	int i;

	s = fx_club(path, ids);
	a = fx_record_of(s, ids[0]);
	b = fx_record_of(s, ids[1]);
	third = fx_record_of(s, ids[2]);
	h = fx_ranked(ids[0], ids[1], 2000);
	h.game.time = fx_time(30, 0, 0);
	id = fx_play(s, &h, 5);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, before),
			       "ranked|unfinished|-|-|-|1,7,3,0;2,8,3,1500;"
			       "3,7,4,2600;4,8,4,4100;5,7,5,5000");
	CU_ASSERT_EQUAL(store_match_undo(s, id, 3), STORE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, id), 3);
	/* The cells taken back are free again. */
	for (i = 3; i < 9; i++)
		CU_ASSERT_EQUAL(
			store_match_move(s, id, i + 1, fx_five_moves[i].row,
					 fx_five_moves[i].col, fx_five_ms[i]),
			STORE_OK);
	fx_assert_record(fx_record_of(s, ids[0]), a);
	fx_assert_record(fx_record_of(s, ids[1]), b);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT time_per_move FROM matches"
				    " WHERE id = ?1",
				    id),
			30);

	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 2013),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "");
	fx_assert_record(fx_record_of(s, ids[0]), fx_expect_after(a, &b, 1.0));
	fx_assert_record(fx_record_of(s, ids[1]), fx_expect_after(b, &a, 0.0));
	fx_assert_record(fx_record_of(s, ids[2]), third);
	check_match_row(path, id, ids[0], ids[1], "black");

	/* Never counted twice, whatever the second result says. */
	fx_snapshot(path, before);
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
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
	check_match_row(path, id, ids[0], ids[1], "black");
	store_close(s);
}

/* A draw, a timeout and a clock that went back: the words stored, the
 * counters, ended_at never before started_at; a result and reason that
 * disagree are refused with the match left unfinished. */
static void test_match_finish_kinds(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct player_record a, b;
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	s = fx_club(path, ids);
	h = fx_ranked(ids[1], ids[0], 5000);
	id = fx_play(s, &h, 2);
	a = fx_record_of(s, ids[0]);
	b = fx_record_of(s, ids[1]);
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
	fx_assert_record(fx_record_of(s, ids[0]), a);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "ranked|unfinished|-|-|-|1,7,3,0;2,8,3,1500");
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_TIMEOUT, 10),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		match_text(path, id, buf),
		"ranked|finished|white|timeout|5000|1,7,3,0;2,8,3,1500");
	fx_assert_record(fx_record_of(s, ids[0]), fx_expect_after(a, &b, 1.0));
	fx_assert_record(fx_record_of(s, ids[1]), fx_expect_after(b, &a, 0.0));

	a = fx_record_of(s, ids[0]);
	b = fx_record_of(s, ids[1]);
	h = fx_ranked(ids[0], ids[1], 6000);
	id = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_DRAW, REASON_DRAW, 6060),
		STORE_OK);
	fx_assert_record(fx_record_of(s, ids[0]), fx_expect_after(a, &b, 0.5));
	fx_assert_record(fx_record_of(s, ids[1]), fx_expect_after(b, &a, 0.5));
	CU_ASSERT_STRING_EQUAL(
		match_text(path, id, buf),
		"ranked|finished|draw|draw|6060|1,7,3,0;2,8,3,1500");
	store_close(s);
}

/* After a refused call: the error names `what` failed, and the file is
 * as `before` (a fx_snapshot()) says. */
static void assert_unchanged(struct store *s, const char *path,
			     const char *before, const char *what)
{
	char after[FX_SNAP_SIZE];

	CU_ASSERT_EQUAL(strncmp(store_errmsg(s), what, strlen(what)), 0);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
}

/* Expect store_match_start(h) to fail with `want`, writing nothing. */
static void expect_start_refused(struct store *s, const char *path,
				 const struct match_header *h,
				 enum store_status want)
{
	char before[FX_SNAP_SIZE];
	long long id = -7;

	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_start(s, h, &id), want);
	CU_ASSERT_EQUAL(id, -7);
	assert_unchanged(s, path, before, "cannot start the match: ");
}

/* Headers that do not fit their kind, or a board or player that does
 * not exist, are refused and nothing is written. */
static void test_match_start_refused(void)
{
	struct match_header h;
	char path[FX_PATH_SIZE];
	long long ids[3];
	struct store *s;

	s = fx_club(path, ids);
	h = fx_ranked(ids[0], 0, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_ranked(ids[0], ids[0], 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_ranked(ids[0], 999999, 1);
	expect_start_refused(s, path, &h, STORE_NOT_FOUND);
	h = fx_ranked(ids[0], ids[1], 1);
	h.kind = (enum match_kind)0;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_ranked(ids[0], ids[1], 1);
	h.game.variant.k = 16;
	expect_start_refused(s, path, &h, STORE_ERR);
	h.game.variant.k = 5;
	h.game.variant.name = NULL;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_ranked(ids[0], ids[1], 1);
	h.game.time = fx_time(-1, 0, 0);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_ranked(ids[0], ids[1], 1);
	h.game.variant.rule = (enum rule)7;
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_computer(ids[0], ids[1], 3, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_computer(0, 0, 3, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_computer(ids[0], 0, 0, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_computer(0, ids[0], STORE_AI_LEVEL_MAX + 1, 1);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_imported(1);
	expect_start_refused(s, path, &h, STORE_ERR);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			0);

	/* What does not apply to a kind is not stored. */
	h = fx_ranked(ids[0], ids[1], 1);
	h.ai_level = 3;
	h.black_name = "ignored";
	fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(fx_path_int(path,
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
	char before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];

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
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 100);
	id = fx_play(s, &h, 0);
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
	CU_ASSERT_EQUAL(fx_moves_of(path, id), 2);
	CU_ASSERT_EQUAL(store_match_undo(s, id, 0), STORE_OK);
	CU_ASSERT_EQUAL(fx_moves_of(path, id), 0);
	CU_ASSERT_EQUAL(store_match_move(s, id, 1, 14, 14, 5), STORE_OK);
	CU_ASSERT_EQUAL(store_match_move(s, id, 2, 0, 0, 6), STORE_OK);

	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_RESIGN, 200),
		STORE_OK);
	expect_move_refused(s, path, id, 3, 7, 7, 30, STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot save the move: the match has ended");
	CU_ASSERT_EQUAL(store_match_undo(s, id, 0), STORE_ERR);
	CU_ASSERT_EQUAL(fx_moves_of(path, id), 2);
	store_close(s);
}

/* Expect store_match_finish() of match `id` to fail with `want`,
 * changing nothing: the match stays unfinished, no counter moves. */
static void expect_finish_refused(struct store *s, const char *path,
				  long long id, enum match_result result,
				  enum match_reason reason,
				  enum store_status want)
{
	char before[FX_SNAP_SIZE];

	fx_snapshot(path, before);
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
	char path[FX_PATH_SIZE];
	long long ids[3], mid, id;
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(fx_a_match(s, ids[0], ids[1], RESULT_BLACK_WIN, &mid),
			STORE_OK);

	h = fx_ranked(ids[0], 999999, 2000);
	expect_start_refused(s, path, &h, STORE_NOT_FOUND);
	h = fx_ranked(ids[0], ids[0], 2000);
	expect_start_refused(s, path, &h, STORE_ERR);
	h = fx_ranked(ids[0], ids[1], 2000);
	h.game.variant.k = 16;
	expect_start_refused(s, path, &h, STORE_ERR);
	h.game.variant.k = 5;
	id = fx_play(s, &h, 8);
	/* The last move off the 15x15 board, off every board, on a cell
	 * played already. */
	expect_move_refused(s, path, id, 9, 15, 7, 12345, STORE_ERR);
	expect_move_refused(s, path, id, 9, 40, 7, 12345, STORE_ERR);
	expect_move_refused(s, path, id, 9, fx_five_moves[0].row,
			    fx_five_moves[0].col, 12345, STORE_ERR);
	CU_ASSERT_EQUAL(store_match_move(s, id, 9, fx_five_moves[8].row,
					 fx_five_moves[8].col, fx_five_ms[8]),
			STORE_OK);
	expect_finish_refused(s, path, id, (enum match_result)0, REASON_FIVE,
			      STORE_ERR);

	/* The last step, white's counters, fails after black's were set. */
	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path,
			     "CREATE TRIGGER fail_bob BEFORE UPDATE OF games"
			     " ON players WHEN NEW.username = 'bob'"
			     " BEGIN SELECT RAISE(ABORT, 'test failure');"
			     " END"),
		SQLITE_OK);
	expect_finish_refused(s, path, id, RESULT_BLACK_WIN, REASON_FIVE,
			      STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: test failure");
	CU_ASSERT_EQUAL(fx_path_exec(path, "DROP TRIGGER fail_bob"), SQLITE_OK);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE, 2013),
		STORE_OK);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).wins, 2);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).games, 2);
	store_close(s);
}

/* An abandoned match counts for nobody, keeps its moves and cannot be
 * played, finished or abandoned again. */
static void test_match_abandon(void)
{
	struct player_record before[3];
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct match_header h;
	long long ids[3], id, c;
	struct store *s;
	int i;

	s = fx_club(path, ids);
	for (i = 0; i < 3; i++)
		before[i] = fx_record_of(s, ids[i]);
	h = fx_ranked(ids[0], ids[1], 700);
	id = fx_play(s, &h, 4);
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

	h = fx_computer(0, ids[2], 2, 900);
	c = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_abandon(s, c, 950), STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, c, buf),
			       "computer|abandoned|-|-|950|1,7,3,0");
	for (i = 0; i < 3; i++)
		fx_assert_record(fx_record_of(s, ids[i]), before[i]);
	store_close(s);
}

/* ==== Ranked results nobody can escape ================================== */

/* A swap2 match is kept from its first stone: black is the first placer
 * until store_match_seats() gives the colours out, either way round, to
 * its own two players only. */
static void test_match_seats(void)
{
	struct match_full *f = malloc(sizeof *f);
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], id, c;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 700);
	h.game.opening = OPENING_SWAP2;
	id = fx_play(s, &h, 3);
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

	h = fx_computer(ids[2], 0, 2, 800);
	h.game.opening = OPENING_SWAP2;
	c = fx_play(s, &h, 3);
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

/* A stopped match keeps what the move to play had used of its time by
 * the store's clock (never what the caller says) and when it stopped;
 * its turn's clock runs on; the next move starts its turn afresh. */
static void test_match_pause(void)
{
	struct match_full *f = malloc(sizeof *f);
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], id, before, t0, at;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 700);
	h.game.time = fx_time(30, 0, 0);
	before = (long long)time(NULL);
	id = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT(f->last_active_at >= before - 1); /* the move's write */
	t0 = f->turn_started_ms;		    /* the store's clock */
	CU_ASSERT(t0 >= 1000 * (before - 1));
	CU_ASSERT_EQUAL(f->turn_allowed_ms, 30000);
	at = t0 + 12345; /* to the millisecond */
	CU_ASSERT_EQUAL(store_match_pause(s, id, at), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 12345);
	CU_ASSERT_EQUAL(f->last_active_at, at / 1000);
	CU_ASSERT_EQUAL(f->turn_started_ms, t0); /* its clock runs on */
	CU_ASSERT_EQUAL(store_match_pause(s, id, at + 99000), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 30000); /* all of it, no more */
	CU_ASSERT_EQUAL(store_match_pause(s, id, t0 - 5000), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 0);
	CU_ASSERT_EQUAL(store_match_move(s, id, 3, 7, 4, 2600), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 0);
	CU_ASSERT(f->last_active_at >= before - 1);
	CU_ASSERT(f->turn_started_ms >= t0);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_RESIGN, 900),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_pause(s, id, 6000000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_resume(s, id, 6000), STORE_ERR);
	store_close(s);
	free(f);
}

/* Move match `id`'s turn start `ms` earlier in the file at `path`, as
 * if that turn had been running that much longer. */
static void turn_earlier(const char *path, long long id, const char *ms)
{
	char sql[160];

	snprintf(sql, sizeof sql,
		 "UPDATE matches SET turn_started_ms = turn_started_ms - %s"
		 " WHERE id = %lld",
		 ms, id);
	CU_ASSERT_EQUAL(fx_path_exec(path, sql), SQLITE_OK);
}

/* A 5+3 game clock kept by the store: each side starts with 5 minutes;
 * a move charges its mover the time since the turn began (the stored
 * start to the next turn's, exactly) and adds 3 s; the other clock
 * waits; a pause keeps what the turn used and a resume gives the rest;
 * a move at the instant the clock reaches 0 is refused, and the
 * opponent's claim on time is taken. */
static void test_match_game_clock(void)
{
	struct match_full *f = malloc(sizeof *f);
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], id, t0, used, black, now;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], (long long)time(NULL));
	h.game.time = fx_time(0, 300, 3);
	CU_ASSERT_EQUAL_FATAL(store_match_start(s, &h, &id), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->game.time.base, 300);
	CU_ASSERT_EQUAL(f->game.time.increment, 3);
	CU_ASSERT_EQUAL(f->turn_allowed_ms, 300000);
	CU_ASSERT_EQUAL(f->black_left_ms, 300000);
	CU_ASSERT_EQUAL(f->white_left_ms, 300000);

	/* black's first move, 12.345 s (and the test's own ms) in */
	turn_earlier(path, id, "12345");
	t0 = f->turn_started_ms - 12345;
	CU_ASSERT_EQUAL(store_match_move(s, id, 1, 7, 7, 12345), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	used = f->turn_started_ms - t0;
	CU_ASSERT(used >= 12345);
	CU_ASSERT_EQUAL(f->move_left_ms[0], 300000 - used + 3000);
	CU_ASSERT_EQUAL(f->black_left_ms, f->move_left_ms[0]);
	CU_ASSERT_EQUAL(f->white_left_ms, 300000); /* white's waited */
	CU_ASSERT_EQUAL(f->turn_allowed_ms, 300000);
	black = f->black_left_ms;

	/* white's, a minute in */
	turn_earlier(path, id, "60000");
	t0 = f->turn_started_ms - 60000;
	CU_ASSERT_EQUAL(store_match_move(s, id, 2, 7, 8, 70000), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	used = f->turn_started_ms - t0;
	CU_ASSERT_EQUAL(f->move_left_ms[1], 300000 - used + 3000);
	CU_ASSERT_EQUAL(f->white_left_ms, f->move_left_ms[1]);
	CU_ASSERT_EQUAL(f->black_left_ms, black);
	CU_ASSERT_EQUAL(f->turn_allowed_ms, black); /* black's runs */

	/* stopped 7 s into black's turn; back at one terminal */
	CU_ASSERT_EQUAL(store_match_pause(s, id, f->turn_started_ms + 7000),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->clock_used_ms, 7000);
	now = (long long)time(NULL);
	CU_ASSERT_EQUAL(store_match_resume(s, id, now), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->turn_started_ms, 1000 * now);
	CU_ASSERT_EQUAL(f->turn_allowed_ms, black - 7000);

	/* the flag falls as black moves: refused, nothing written */
	turn_earlier(path, id, "turn_allowed_ms");
	CU_ASSERT_EQUAL(store_match_move(s, id, 3, 6, 6, 90000), STORE_ERR);
	CU_ASSERT_PTR_NOT_NULL(strstr(store_errmsg(s), "the time is up"));
	CU_ASSERT_EQUAL(fx_moves_of(path, id), 2);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, id, RESULT_WHITE_WIN, 2, 0,
						  now + 1),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(f->reason, REASON_TIMEOUT);
	store_close(s);
	free(f);
}

/* A time control the store refuses: both kinds, or out of range. */
static void test_match_bad_clock(void)
{
	static const int bad[][3] = {
		{30, 300, 0},  {0, 30, 0},   {0, 90, 0},
		{0, 11400, 0}, {0, 300, 61}, {0, 0, 5},
	};
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], id = 0;
	struct store *s;
	size_t i;

	s = fx_club(path, ids);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		h = fx_ranked(ids[0], ids[1], 700);
		h.game.time = fx_time(bad[i][0], bad[i][1], bad[i][2]);
		CU_ASSERT_EQUAL(store_match_start(s, &h, &id), STORE_ERR);
	}
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			0);
	store_close(s);
}

/* A ranked match left too long can be claimed as a win: only once, only
 * as the claimant saw it, only after the wait, counted for both and
 * kept with the reason 'abandoned'. Nothing else ends a match so. */
static void test_match_claim(void)
{
	struct player_record black0, white0;
	long long ids[3], id, c, now = (long long)time(NULL);
	const long long week = 7 * 86400;
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct match_header h;
	struct store *s;

	s = fx_club(path, ids);
	black0 = fx_record_of(s, ids[0]);
	white0 = fx_record_of(s, ids[1]);
	h = fx_ranked(ids[0], ids[1], 700);
	id = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3, now + 60),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot claim the match: the match has not "
			       "waited long enough");
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_BLACK_WIN, 2, now + week + 60),
		STORE_ERR); /* it moved on since */
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_DRAW, 3, now + week + 60),
		STORE_ERR);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_BLACK_WIN,
					   REASON_ABANDONED, now),
			STORE_ERR);
	fx_assert_record(fx_record_of(s, ids[0]), black0);
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_BLACK_WIN, 3, now + week + 60),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT status || result || reason FROM matches"
			     " WHERE id = ?1",
			     id, buf),
		"finishedblackabandoned");
	fx_assert_record(fx_record_of(s, ids[0]),
			 fx_expect_after(black0, &white0, 1.0));
	fx_assert_record(fx_record_of(s, ids[1]),
			 fx_expect_after(white0, &black0, 0.0));
	CU_ASSERT_EQUAL(
		store_match_claim(s, id, RESULT_BLACK_WIN, 3, now + 2 * week),
		STORE_ERR); /* counted once */
	CU_ASSERT_EQUAL(store_match_claim(s, 999999, RESULT_BLACK_WIN, 0, now),
			STORE_NOT_FOUND);

	h = fx_computer(ids[2], 0, 2, 800);
	c = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(
		store_match_claim(s, c, RESULT_BLACK_WIN, 1, now + week),
		STORE_ERR); /* only a ranked match */
	store_close(s);
}

/* The claim wait does not run while the player to move is locked out
 * of logging in (guesses at their password from anywhere), for up to
 * the wait again; match_full.claim_from_ms says when the claim opens,
 * as the claim itself decides. */
static void test_claim_paused_by_lockout(void)
{
	const long long week = 7 * 86400;
	const long long lock = auth_lock_seconds(AUTH_LOCK_AFTER);
	long long ids[3], id, t0, i;
	char path[FX_PATH_SIZE], sql[256];
	struct match_full *f = malloc(sizeof *f);
	struct match_header h;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 700);
	id = fx_play(s, &h, 3); /* white (ids[1]) to move */
	t0 = fx_path_int(path,
			 "SELECT turn_started_ms FROM matches WHERE"
			 " id = ?1",
			 id);
	/* a day into the wait, five wrong passwords for white from one
	 * address lock white out for auth_lock_seconds(5) there */
	for (i = 0; i < AUTH_LOCK_AFTER; i++)
		CU_ASSERT_EQUAL(store_login_failed(s, ids[1], "192.0.2.7",
						   t0 / 1000 + 86400),
				STORE_OK);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT until_at - from_at FROM lockouts"
				    " WHERE player_id = ?1",
				    ids[1]),
			lock);
	CU_ASSERT_EQUAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->claim_from_ms[1], t0 + 1000 * (week + lock));
	CU_ASSERT_EQUAL(f->claim_from_ms[0], t0 + 1000 * week);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3,
					  (t0 + 1000 * week) / 1000 + 1),
			STORE_ERR); /* the wait without the lock-out */
	/* a lock-out of a month counts for a week at most (the wait
	 * again): then it is claimed */
	snprintf(sql, sizeof sql,
		 "UPDATE lockouts SET until_at = from_at + 30 * 86400"
		 " WHERE player_id = %lld",
		 ids[1]);
	CU_ASSERT_EQUAL(fx_path_exec(path, sql), SQLITE_OK);
	CU_ASSERT_EQUAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->claim_from_ms[1], t0 + 1000 * 2 * week);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3,
					  f->claim_from_ms[1] / 1000 - 1),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3,
					  (f->claim_from_ms[1] + 999) / 1000),
			STORE_OK);
	free(f);
	store_close(s);
}

/* store_match_now says where a match stands, cheaply. */
static void test_match_now(void)
{
	struct match_now now = {.status = MATCH_STATUS_ABANDONED,
				.result = RESULT_DRAW,
				.reason = REASON_FULL,
				.nmoves = -1};
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], a, b;
	struct store *s;

	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 700);
	a = fx_play(s, &h, 4);
	h.white_id = ids[2]; /* one unfinished match a pair */
	b = fx_play(s, &h, 2);
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
	CU_ASSERT_EQUAL(now.nmoves, 2);
	CU_ASSERT_EQUAL(store_match_now(s, 999999, &now), STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(now.nmoves, 2); /* unchanged */
	store_close(s);
}

/* The unfinished ranked match between two players, in either colour,
 * newest first; other players' and the computer's are not theirs. */
static void test_match_unfinished_between(void)
{
	long long ids[3], ab, ba, id = -7;
	struct match_header h;
	char path[FX_PATH_SIZE], sql[512];
	struct store *s;

	s = fx_club(path, ids);
	h = fx_computer(ids[0], 0, 1, 9000);
	fx_play(s, &h, 1);
	h = fx_ranked(ids[0], ids[2], 9000);
	fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_unfinished_between(s, ids[0], ids[1], &id),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(id, -7);
	h = fx_ranked(ids[0], ids[1], 5000);
	ab = fx_play(s, &h, 1);
	h = fx_ranked(ids[1], ids[0], 6000);
	/* refused now; a file from before the rule may hold a second */
	CU_ASSERT_EQUAL(store_match_start(s, &h, &id), STORE_EXISTS);
	CU_ASSERT_EQUAL(id, ab);
	id = -7;
	snprintf(
		sql, sizeof(sql),
		"INSERT INTO matches (kind, status, black_id, white_id,"
		" variant, rule, rows, cols, k, started_at, last_active_at)"
		" SELECT 'ranked', 'unfinished', white_id, black_id, variant,"
		" rule, rows, cols, k, 6000, 6000 FROM matches WHERE id = %lld",
		ab);
	CU_ASSERT_EQUAL_FATAL(fx_path_exec(path, sql), SQLITE_OK);
	ba = fx_path_int(path, "SELECT max(id) FROM matches", 0);
	CU_ASSERT_EQUAL(fx_path_int(path,
				    "SELECT count(*) FROM matches WHERE"
				    " status = 'unfinished' AND black_id = ?1",
				    ids[1]),
			1);
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
	struct match_header h = fx_imported(400);
	struct match_now now;
	char path[FX_PATH_SIZE];
	long long ids[3], id = 0;
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, fx_five_ms,
					   RESULT_NONE, REASON_NONE, &id),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_now(s, id, &now), STORE_OK);
	CU_ASSERT_EQUAL(now.status, MATCH_STATUS_UNFINISHED);
	CU_ASSERT_EQUAL(now.result, RESULT_NONE);
	CU_ASSERT_EQUAL(now.nmoves, 3);
	CU_ASSERT_EQUAL(store_match_move(s, id, 4, 8, 4, 5000), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_undo(s, id, 1), STORE_ERR);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, fx_five_ms,
					   RESULT_NONE, REASON_FIVE, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, fx_five_ms,
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
	char path[FX_PATH_SIZE];
	struct store *s;

	s = fx_club(path, ids);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(id, -7);
	h = fx_ranked(ids[0], ids[1], 5000);
	newer = fx_play(s, &h, 1);
	h = fx_ranked(ids[2], ids[0], 4000); /* a later id, started earlier */
	older = fx_play(s, &h, 2);
	CU_ASSERT(older > newer);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, newer);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[1], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, newer);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[2], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, older);

	h = fx_computer(ids[0], 0, 3, 5000); /* the same start: the later id */
	same = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, same);
	CU_ASSERT_EQUAL(
		store_match_finish(s, same, RESULT_DRAW, REASON_DRAW, 6000),
		STORE_OK);
	CU_ASSERT_EQUAL(store_match_abandon(s, newer, 6000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[1], &id),
			STORE_NOT_FOUND);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, older);
	CU_ASSERT_EQUAL(store_match_finish(s, older, RESULT_BLACK_WIN,
					   REASON_FIVE, 6000),
			STORE_OK);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id),
			STORE_NOT_FOUND);

	h = fx_computer(0, ids[2], 4, 7000);
	cpu = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[2], &id), STORE_OK);
	CU_ASSERT_EQUAL(id, cpu);
	CU_ASSERT_EQUAL(store_match_unfinished(s, ids[0], &id),
			STORE_NOT_FOUND);
	store_close(s);
}

/* Check the moves of `f` against the first n of fx_five_moves. */
static void check_loaded_moves(const struct match_full *f, int n)
{
	int i;

	CU_ASSERT_EQUAL_FATAL(f->nmoves, n);
	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(f->moves[i].row, fx_five_moves[i].row);
		CU_ASSERT_EQUAL(f->moves[i].col, fx_five_moves[i].col);
		CU_ASSERT_EQUAL(f->move_ms[i], fx_five_ms[i]);
	}
}

/* A ranked match loads with its header, the players' names and every
 * move; so does a finished game against the computer. */
static void test_match_load(void)
{
	struct match_full *f = malloc(sizeof *f);
	struct match_header h;
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	h = fx_ranked(ids[2], ids[0], 3000);
	h.game.variant.name = "gomoku10";
	h.game.variant.rows = 10;
	h.game.variant.cols = 12;
	h.game.variant.k = 4;
	h.game.variant.rule = RULE_EXACT;
	h.game.time = fx_time(45, 0, 0);
	id = fx_play(s, &h, 6);
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
	CU_ASSERT_STRING_EQUAL(f->game.variant.name, "gomoku10");
	CU_ASSERT_EQUAL(f->game.variant.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(f->game.variant.rows, 10);
	CU_ASSERT_EQUAL(f->game.variant.cols, 12);
	CU_ASSERT_EQUAL(f->game.variant.k, 4);
	CU_ASSERT_EQUAL(f->game.time.per_move, 45);
	CU_ASSERT_EQUAL(f->started_at, 3000);
	CU_ASSERT_EQUAL(f->ended_at, 0);
	CU_ASSERT_EQUAL(f->result, RESULT_NONE);
	CU_ASSERT_EQUAL(f->reason, REASON_NONE);
	check_loaded_moves(f, 6);

	h = fx_computer(0, ids[1], 5, 4000);
	id = fx_play(s, &h, 9);
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

/* Import `n` moves under `h`, expecting refusal with nothing written. */
static void expect_import_refused(struct store *s, const char *path,
				  const struct match_header *h, int n,
				  const struct move *moves,
				  enum match_result result)
{
	char before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long id = -7;

	fx_snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_import(s, h, n, moves, fx_five_ms, result,
					   REASON_FIVE, &id),
			STORE_ERR);
	CU_ASSERT_EQUAL(id, -7);
	CU_ASSERT_EQUAL(
		strncmp(store_errmsg(s), "cannot import the game: ", 24), 0);
	CU_ASSERT_STRING_EQUAL(fx_snapshot(path, after), before);
}

/* An imported game is one finished, unranked record with names, moves
 * and times, or (a bad move, a bad header) nothing at all. */
static void test_import(void)
{
	char path[FX_PATH_SIZE], name[STORE_NAME_MAX + 2];
	struct match_full *f = malloc(sizeof *f);
	struct move moves[9];
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	h = fx_imported(7000);
	CU_ASSERT_EQUAL(store_match_import(s, &h, 9, fx_five_moves, fx_five_ms,
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

	CU_ASSERT_EQUAL(store_match_import(s, &h, 2, fx_five_moves, NULL,
					   RESULT_DRAW, REASON_DRAW, &id),
			STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->nmoves, 2);
	CU_ASSERT_EQUAL(f->move_ms[1], 0);
	CU_ASSERT_EQUAL(f->ended_at, 7000);
	fx_assert_record(fx_record_of(s, ids[0]), fx_record_of(s, ids[2]));
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).games, 0);

	memcpy(moves, fx_five_moves, sizeof moves);
	moves[8].row = 15; /* off the board, the last move */
	expect_import_refused(s, path, &h, 9, moves, RESULT_BLACK_WIN);
	moves[8] = moves[2]; /* a cell played twice */
	expect_import_refused(s, path, &h, 9, moves, RESULT_BLACK_WIN);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "cannot import the game: "
						"the cell (7, 4) is taken");
	expect_import_refused(s, path, &h, 9, fx_five_moves, RESULT_NONE);
	expect_import_refused(s, path, &h, 9, fx_five_moves, RESULT_DRAW);
	expect_import_refused(s, path, &h, BOARD_MAX_CELLS + 1, fx_five_moves,
			      RESULT_BLACK_WIN);
	expect_import_refused(s, path, &h, 1, NULL, RESULT_BLACK_WIN);
	h.white_name = NULL;
	expect_import_refused(s, path, &h, 9, fx_five_moves, RESULT_BLACK_WIN);
	memset(name, 'n', sizeof name - 1);
	name[sizeof name - 1] = '\0'; /* one byte too long */
	h.white_name = name;
	expect_import_refused(s, path, &h, 9, fx_five_moves, RESULT_BLACK_WIN);
	h = fx_imported(7000);
	h.black_id = ids[0];
	expect_import_refused(s, path, &h, 9, fx_five_moves, RESULT_BLACK_WIN);
	h = fx_ranked(ids[0], ids[1], 7000);
	expect_import_refused(s, path, &h, 9, fx_five_moves, RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(fx_path_int(path, "SELECT count(*) FROM matches", 0),
			2);
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
	struct match_header h = fx_ranked(ids[0], ids[1], 5000);
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
	char buf[FX_SNAP_SIZE];
	struct store *s;
	long long found = -1;
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path, "PRAGMA integrity_check", 0, buf), "ok");
	s = fx_open_ok(path);
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
	CU_ASSERT_EQUAL(fx_record_of(s, ids[0]).ties, 1);
	free(f);
	store_close(s);
}

/* A process killed (SIGKILL: no clean-up at all) after writing N moves
 * leaves the match unfinished with exactly those N moves, in a file
 * that passes integrity_check. */
static void test_killed_after_moves(void)
{
	char path[FX_PATH_SIZE];
	long long ids[3], id;
	struct store *s;
	int reported = 0;

	s = fx_club(path, ids);
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
	char path[FX_PATH_SIZE];
	long long ids[3], id, n;
	struct store *s;
	int reported = 0;

	s = fx_club(path, ids);
	store_close(s);
	id = kill_writer(path, ids, 200, 20, &reported);
	CU_ASSERT_FATAL(id > 0);
	CU_ASSERT(reported >= 20);
	n = fx_moves_of(path, id);
	CU_ASSERT(n == reported || n == reported + 1);
	check_survivor(path, ids, id, (int)n);
}

/* ==== Renju and openings =============================================== */

/* A ranked renju match with the swap2 opening: the rule and opening are
 * stored at the start; 'forbidden' ends it only as a win for white,
 * counted like any win; load and history give the rule, opening and
 * reason back. A freestyle match cannot end by a forbidden move. */
static void test_renju_round_trip(void)
{
	static struct fx_seen_list l;
	struct match_full *f = malloc(sizeof *f);
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	struct player_record a, b;
	struct match_header h;
	long long ids[3], id;
	struct store *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	s = fx_club(path, ids);
	a = fx_record_of(s, ids[0]);
	b = fx_record_of(s, ids[1]);
	h = fx_ranked(ids[0], ids[1], 8000);
	h.game.variant.name = "renju";
	h.game.variant.rule = RULE_RENJU;
	h.game.opening = OPENING_SWAP2;
	h.forbidden_loses = true; /* else a forbidden point is refused */
	id = fx_play(s, &h, 8);
	CU_ASSERT_STRING_EQUAL(fx_path_text(path,
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
	fx_assert_record(fx_record_of(s, ids[0]), a);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 8100),
			STORE_OK);
	CU_ASSERT_EQUAL(strncmp(match_text(path, id, after),
				"ranked|finished|white|forbidden|8100|", 37),
			0);
	fx_assert_record(fx_record_of(s, ids[0]), fx_expect_after(a, &b, 0.0));
	fx_assert_record(fx_record_of(s, ids[1]), fx_expect_after(b, &a, 1.0));

	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_STRING_EQUAL(f->game.variant.name, "renju");
	CU_ASSERT_EQUAL(f->game.variant.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(f->game.opening, OPENING_SWAP2);
	CU_ASSERT_EQUAL(f->result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(f->reason, REASON_FORBIDDEN);
	check_loaded_moves(f, 8);
	CU_ASSERT_EQUAL(fx_history_page(s, ids[1], 0, 10, &l), 1);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	CU_ASSERT_EQUAL(l.rows[0].r.id, id);
	CU_ASSERT_EQUAL(l.rows[0].r.colour, STONE_WHITE);
	CU_ASSERT_EQUAL(l.rows[0].r.game.variant.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(l.rows[0].r.game.opening, OPENING_SWAP2);
	CU_ASSERT_EQUAL(l.rows[0].r.result, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(l.rows[0].r.reason, REASON_FORBIDDEN);

	h = fx_ranked(ids[1], ids[2], 9000);
	id = fx_play(s, &h, 2);
	match_text(path, id, before);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 9100),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s),
			       "cannot finish the match: a forbidden move "
			       "ends only a renju match");
	CU_ASSERT_STRING_EQUAL(match_text(path, id, after), before);
	CU_ASSERT_EQUAL_FATAL(store_match_load(s, id, f), STORE_OK);
	CU_ASSERT_EQUAL(f->game.variant.rule, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(f->game.opening, OPENING_NONE);
	CU_ASSERT_EQUAL(fx_history_page(s, ids[2], 0, 10, &l), 1);
	CU_ASSERT_EQUAL(l.rows[0].r.game.opening, OPENING_NONE);
	CU_ASSERT_EQUAL(l.rows[0].r.game.variant.rule, RULE_FREESTYLE);
	free(f);
	store_close(s);
}

/* Renju games played whole (ranked), imported and against the computer
 * keep their rule, opening and reason; an opening the store does not
 * know, or 'forbidden' that is not a renju win for white, is refused
 * and changes nothing; the table refuses the same by itself. */
static void test_renju_writes(void)
{
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct player_record c;
	struct match_header h;
	long long ids[3], id;
	int w = -1, lost = -1, d = -1;
	struct store *s;
	sqlite3 *db;

	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 2000);
	h.game.variant.rule = RULE_RENJU;
	h.game.opening = OPENING_SWAP2;
	h.forbidden_loses = true;
	CU_ASSERT_EQUAL(
		fx_play_whole(s, &h, RESULT_WHITE_WIN, REASON_FORBIDDEN, &id),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT rule || opening || result ||"
			     " reason FROM matches WHERE id = ?1",
			     id, buf),
		"renjuswap2whiteforbidden");
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).wins, 1);
	id = fx_play(s, &h, 9);
	expect_finish_refused(s, path, id, RESULT_BLACK_WIN, REASON_FORBIDDEN,
			      STORE_ERR);
	h.game.variant.rule = RULE_EXACT;
	h.white_id = ids[2]; /* one unfinished match a pair */
	id = fx_play(s, &h, 9);
	expect_finish_refused(s, path, id, RESULT_WHITE_WIN, REASON_FORBIDDEN,
			      STORE_ERR);
	h = fx_ranked(ids[0], ids[1], 2000);
	h.game.opening = (enum match_opening)7;
	expect_start_refused(s, path, &h, STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "cannot start the match: "
						"the opening is not valid");

	h = fx_ranked(ids[0], ids[1], 100);
	h.game.opening = (enum match_opening) - 1;
	expect_start_refused(s, path, &h, STORE_ERR);

	h = fx_imported(7000);
	h.game.variant.rule = RULE_RENJU;
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, fx_five_ms,
					   RESULT_WHITE_WIN, REASON_FORBIDDEN,
					   &id),
			STORE_OK);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT kind || rule || opening ||"
			     " reason FROM matches WHERE id = ?1",
			     id, buf),
		"importedrenjunoneforbidden");
	h.game.variant.rule = RULE_FREESTYLE;
	CU_ASSERT_EQUAL(store_match_import(s, &h, 3, fx_five_moves, fx_five_ms,
					   RESULT_WHITE_WIN, REASON_FORBIDDEN,
					   &id),
			STORE_ERR);

	c = fx_record_of(s, ids[2]);
	h = fx_computer(ids[2], 0, 4, 9500);
	h.game.variant.rule = RULE_RENJU;
	h.forbidden_loses = true;
	id = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_WHITE_WIN,
					   REASON_FORBIDDEN, 9600),
			STORE_OK);
	fx_assert_record(fx_record_of(s, ids[2]), c);
	CU_ASSERT_EQUAL(store_computer_record(s, ids[2], 4, &w, &lost, &d),
			STORE_OK);
	CU_ASSERT_EQUAL(lost, 1);
	CU_ASSERT_EQUAL(w + d, 0);

	db = fx_raw_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	CU_ASSERT(fx_refused(db, "UPDATE matches SET opening = 'swap3'"));
	CU_ASSERT(fx_refused(db, "UPDATE matches SET opening = NULL"));
	CU_ASSERT(fx_refused(db, "UPDATE matches SET rule = 'freestyle'"
				 " WHERE reason = 'forbidden'"));
	CU_ASSERT(fx_refused(db, "UPDATE matches SET result = 'black'"
				 " WHERE reason = 'forbidden'"));
	CU_ASSERT(fx_refused(db, "UPDATE matches SET rule = 'swap'"));
	CU_ASSERT_EQUAL(sqlite3_exec(db,
				     "UPDATE matches SET rule = 'renju',"
				     " opening = 'swap2' WHERE kind = 'ranked'",
				     NULL, NULL, NULL),
			SQLITE_OK);
	sqlite3_close(db);
	store_close(s);
}

/* ==== Sessions end with the password =================================== */

/* What a match row holds that a write could change, with fx_snapshot()'s
 * counters and moves, as one text in buf[FX_SNAP_SIZE]. */
static const char *match_snapshot(const char *path, char *buf)
{
	char counters[FX_SNAP_SIZE], rows[FX_SNAP_SIZE];

	fx_snapshot(path, counters);
	fx_path_text(path,
		     "SELECT group_concat(id || status || coalesce(black_id, 0)"
		     " || coalesce(white_id, 0) || opening_stones"
		     " || colours_final || clock_used_ms || turn_started_ms"
		     " || turn_allowed_ms || last_active_at || ended_at"
		     " || coalesce(result, '-'), ';') FROM matches",
		     0, rows);
	snprintf(buf, FX_SNAP_SIZE, "%.2000s|%.2000s", counters, rows);
	return buf;
}

/* The cheat of issue 22: once another process changed alice's password,
 * a handle whose session of alice logged in before refuses every match
 * write in her name (STORE_STALE, naming her) and changes nothing; a
 * stale session of a player not in the match does not matter; logged in
 * again, her writes go through. */
static void test_stale_session_match(void)
{
	static const char one[] = "$argon2id$v=19$m=8,t=1,p=1$b25l$one";
	char path[FX_PATH_SIZE], before[FX_SNAP_SIZE], after[FX_SNAP_SIZE];
	long long ids[3], mid, other = 0;
	struct store *s = fx_club(path, ids);
	struct match_header h = fx_ranked(ids[0], ids[1], 100);
	struct match_header cpu = fx_computer(ids[0], 0, 2, 100);

	h.game.time = fx_time(30, 0, 0);
	mid = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 3, 7, 4, 2600), STORE_OK);
	fx_passwd_elsewhere(path, ids[0], one);
	match_snapshot(path, before);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 4, 8, 4, 4100), STORE_STALE);
	CU_ASSERT_EQUAL(store_stale_player(s), ids[0]);
	CU_ASSERT_EQUAL(store_match_undo(s, mid, 1), STORE_STALE);
	CU_ASSERT_EQUAL(store_match_seats(s, mid, ids[1], ids[0], 0, true),
			STORE_STALE);
	CU_ASSERT_EQUAL(store_match_pause(s, mid, 100500), STORE_STALE);
	CU_ASSERT_EQUAL(store_match_resume(s, mid, 200), STORE_STALE);
	CU_ASSERT_EQUAL(store_match_finish(s, mid, RESULT_WHITE_WIN,
					   REASON_RESIGN, 300),
			STORE_STALE);
	CU_ASSERT_EQUAL(store_match_abandon(s, mid, 300), STORE_STALE);
	CU_ASSERT_EQUAL(store_match_claim(s, mid, RESULT_BLACK_WIN, 3,
					  (long long)time(NULL) + 60),
			STORE_STALE);
	CU_ASSERT_EQUAL(store_match_claim_timeout(s, mid, RESULT_BLACK_WIN, 3,
						  0,
						  (long long)time(NULL) + 60),
			STORE_STALE);
	CU_ASSERT_EQUAL(store_match_start(s, &h, &other), STORE_STALE);
	CU_ASSERT_EQUAL(store_match_start(s, &cpu, &other), STORE_STALE);
	CU_ASSERT_EQUAL(store_stale_player(s), ids[0]);
	CU_ASSERT_EQUAL(other, 0);
	CU_ASSERT_STRING_EQUAL(match_snapshot(path, after), before);

	/* carol's stale session is not this match's business */
	store_session_end(s, ids[0]);
	CU_ASSERT_EQUAL(fx_session(s, "carol"), ids[2]);
	fx_passwd_elsewhere(path, ids[2], one);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 4, 8, 4, 4100), STORE_OK);
	CU_ASSERT_EQUAL(store_stale_player(s), 0);
	store_session_end(s, ids[2]);

	/* alice logged in again: the new generation is hers */
	CU_ASSERT_EQUAL(fx_session(s, "alice"), ids[0]);
	CU_ASSERT_EQUAL(store_match_move(s, mid, 5, 7, 5, 5000), STORE_OK);
	CU_ASSERT_EQUAL(store_match_finish(s, mid, RESULT_WHITE_WIN,
					   REASON_RESIGN, 300),
			STORE_OK);
	CU_ASSERT_EQUAL(fx_record_of(s, ids[1]).wins, 1);
	store_close(s);
}

/* ==== Aborted: ended before both sides moved ============================ */

/* The records of the club's three players now, into r[3]. */
static void records_now(struct store *s, const long long ids[3],
			struct player_record r[3])
{
	int i;

	for (i = 0; i < 3; i++)
		r[i] = fx_record_of(s, ids[i]);
}

/* Expect ranked match `id` aborted at `ended` (no result, no reason, its
 * `nmoves` moves kept), nobody's record changed from was[3], no rule
 * record made, and the match closed to every other ending. */
static void expect_aborted(struct store *s, const char *path,
			   const long long ids[3], long long id, int nmoves,
			   long long ended, const struct player_record was[3])
{
	struct match_now now = {0};
	struct player_record r;
	char buf[FX_SNAP_SIZE], want[64];
	int i;

	snprintf(want, sizeof want, "aborted|-|-|%lld", ended);
	CU_ASSERT_STRING_EQUAL(
		fx_path_text(path,
			     "SELECT status || '|' || coalesce(result, '-') ||"
			     " '|' || coalesce(reason, '-') || '|' || ended_at"
			     " FROM matches WHERE id = ?1",
			     id, buf),
		want);
	CU_ASSERT_EQUAL(fx_moves_of(path, id), nmoves);
	CU_ASSERT_EQUAL(store_match_now(s, id, &now), STORE_OK);
	CU_ASSERT_EQUAL(now.status, MATCH_STATUS_ABORTED);
	CU_ASSERT_EQUAL(now.result, RESULT_NONE);
	for (i = 0; i < 3; i++) {
		fx_assert_record(fx_record_of(s, ids[i]), was[i]);
		CU_ASSERT_EQUAL(
			store_rule_record(s, ids[i], RULE_FREESTYLE, &r),
			STORE_NOT_FOUND);
	}
	CU_ASSERT_EQUAL(store_match_finish(s, id, RESULT_BLACK_WIN,
					   REASON_RESIGN, ended),
			STORE_ERR);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "cannot finish the match: "
						"the match was aborted");
	CU_ASSERT_EQUAL(store_match_abandon(s, id, ended), STORE_ERR);
	fx_assert_record(fx_record_of(s, ids[0]), was[0]);
}

/* The turn of match `id` as stored, in Unix seconds (rounded up). */
static long long turn_second(const char *path, long long id)
{
	return (fx_path_int(path,
			    "SELECT turn_started_ms FROM matches WHERE id = ?1",
			    id) +
		999) /
	       1000;
}

/* Issue 22: a ranked match that ends before both sides have moved is
 * aborted by the store, whatever ends it: a win on time at move 0 or 1,
 * a resignation or an agreed draw at move 0 or 1, a claim against an
 * opponent who never moved, an abandon. Nobody's games, results,
 * rating or rule records change. */
static void test_abort_unplayed(void)
{
	struct player_record was[3];
	char path[FX_PATH_SIZE];
	struct match_header h;
	long long ids[3], id, at;
	struct store *s;

	s = fx_club(path, ids);
	records_now(s, ids, was);
	h = fx_ranked(ids[0], ids[1], 100);
	h.game.time = fx_time(30, 0, 0);
	id = fx_play(s, &h, 0); /* black never moves: white claims on time */
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(s, id, RESULT_WHITE_WIN, 0, 3, 200),
		STORE_OK);
	expect_aborted(s, path, ids, id, 0, 200, was);

	id = fx_play(s, &h, 1); /* white never moves: black claims on time */
	at = turn_second(path, id) + 40;
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(s, id, RESULT_BLACK_WIN, 1, 3, at),
		STORE_OK);
	expect_aborted(s, path, ids, id, 1, at, was);

	h.game.time = fx_time(0, 0, 0);
	id = fx_play(s, &h, 1); /* white resigns before its first move */
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_RESIGN, 300),
		STORE_OK);
	expect_aborted(s, path, ids, id, 1, 300, was);

	id = fx_play(s, &h, 0); /* black resigns at once */
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_RESIGN, 300),
		STORE_OK);
	expect_aborted(s, path, ids, id, 0, 300, was);

	id = fx_play(s, &h, 1); /* a draw agreed before white moved */
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_DRAW, REASON_DRAW, 300),
		STORE_OK);
	expect_aborted(s, path, ids, id, 1, 300, was);

	id = fx_play(s, &h, 1); /* white left it: black claims the win */
	at = turn_second(path, id) + 7 * 86400; /* the club's week waited */
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 1, at),
			STORE_OK);
	expect_aborted(s, path, ids, id, 1, at, was);

	id = fx_play(s, &h, 1); /* both agree it counts for nobody */
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 400), STORE_OK);
	expect_aborted(s, path, ids, id, 1, 400, was);
	store_close(s);
}

/* Once both sides have moved, the same endings are rated as before:
 * the resignation, the claims on time and for an abandoned match. */
static void test_abort_not_after_two(void)
{
	struct player_record was[3];
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct match_header h;
	long long ids[3], id, at;
	struct store *s;

	s = fx_club(path, ids);
	h = fx_ranked(ids[0], ids[1], 100);
	records_now(s, ids, was);
	id = fx_play(s, &h, 2);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_RESIGN, 300),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "ranked|finished|black|resign|300|1,7,3,0;"
			       "2,8,3,1500");
	fx_assert_record(fx_record_of(s, ids[0]),
			 fx_expect_after(was[0], &was[1], 1.0));
	fx_assert_record(fx_record_of(s, ids[1]),
			 fx_expect_after(was[1], &was[0], 0.0));

	records_now(s, ids, was);
	h.game.time = fx_time(30, 0, 0);
	id = fx_play(s, &h, 2);
	at = turn_second(path, id) + 40;
	CU_ASSERT_EQUAL(
		store_match_claim_timeout(s, id, RESULT_WHITE_WIN, 2, 3, at),
		STORE_OK);
	CU_ASSERT_EQUAL(strncmp(match_text(path, id, buf),
				"ranked|finished|white|timeout|", 30),
			0);
	fx_assert_record(fx_record_of(s, ids[1]),
			 fx_expect_after(was[1], &was[0], 1.0));

	records_now(s, ids, was);
	h.game.time = fx_time(0, 0, 0);
	id = fx_play(s, &h, 3);
	at = turn_second(path, id) + 7 * 86400; /* the club's week waited */
	CU_ASSERT_EQUAL(store_match_claim(s, id, RESULT_BLACK_WIN, 3, at),
			STORE_OK);
	fx_assert_record(fx_record_of(s, ids[0]),
			 fx_expect_after(was[0], &was[1], 1.0));
	fx_assert_record(fx_record_of(s, ids[2]), was[2]);
	store_close(s);
}

/* In swap2 the first placer plays the three opening stones alone: the
 * match is aborted until the other player has chosen, and rated once
 * they have. A game against the computer (never rated) is not aborted:
 * it keeps its result for the player's record against the level, and an
 * abandoned one stays abandoned. */
static void test_abort_swap2_and_computer(void)
{
	struct player_record was[3];
	char path[FX_PATH_SIZE], buf[FX_SNAP_SIZE];
	struct match_header h;
	long long ids[3], id;
	int w = -1, l = -1, d = -1;
	struct store *s;

	s = fx_club(path, ids);
	records_now(s, ids, was);
	h = fx_ranked(ids[0], ids[1], 100);
	h.game.opening = OPENING_SWAP2;
	id = fx_play(s, &h, 3); /* white never chose */
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_RESIGN, 300),
		STORE_OK);
	expect_aborted(s, path, ids, id, 3, 300, was);

	id = fx_play(s, &h, 3);
	CU_ASSERT_EQUAL(store_match_seats(s, id, ids[1], ids[0], 3, true),
			STORE_OK); /* bob took black */
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_BLACK_WIN, REASON_RESIGN, 300),
		STORE_OK);
	fx_assert_record(fx_record_of(s, ids[1]),
			 fx_expect_after(was[1], &was[0], 1.0));

	h = fx_computer(ids[2], 0, 2, 100);
	id = fx_play(s, &h, 0);
	CU_ASSERT_EQUAL(
		store_match_finish(s, id, RESULT_WHITE_WIN, REASON_RESIGN, 300),
		STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "computer|finished|white|resign|300|");
	CU_ASSERT_EQUAL(store_computer_record(s, ids[2], 2, &w, &l, &d),
			STORE_OK);
	CU_ASSERT_EQUAL(l, 1);
	id = fx_play(s, &h, 1);
	CU_ASSERT_EQUAL(store_match_abandon(s, id, 300), STORE_OK);
	CU_ASSERT_STRING_EQUAL(match_text(path, id, buf),
			       "computer|abandoned|-|-|300|1,7,3,0");
	fx_assert_record(fx_record_of(s, ids[2]), was[2]);
	store_close(s);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"a stale session writes nothing of a match", test_stale_session_match},
	{"a game clock: increments, pause, a flag as the move comes",
	 test_match_game_clock},
	{"time controls the store refuses", test_match_bad_clock},
	{"whole matches: wins, losses, draws, Elo, moves", test_whole_match},
	{"two processes record matches at once", test_two_writers},
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
	{"the claim wait does not run while the absent player is locked out",
	 test_claim_paused_by_lockout},
	{"where a match stands now", test_match_now},
	{"the unfinished match between two players",
	 test_match_unfinished_between},
	{"an imported game without a known end is not a draw",
	 test_import_unknown_end},
	{"load gives back the header and every move", test_match_load},
	{"import: one record or nothing", test_import},
	{"killed after N moves: unfinished with N moves",
	 test_killed_after_moves},
	{"killed while writing: every reported move kept",
	 test_killed_while_writing},
	{"renju and 'forbidden': start, finish, load, history",
	 test_renju_round_trip},
	{"renju and swap2 recorded, imported; bad pairs refused",
	 test_renju_writes},
	{"ended before both sides moved: aborted, not rated",
	 test_abort_unplayed},
	{"ended after both sides moved: rated as before",
	 test_abort_not_after_two},
	{"swap2 aborted until the choice; the computer's games never",
	 test_abort_swap2_and_computer},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo store_matches_suite = {
	"store_matches", fx_suite_init, fx_suite_cleanup, NULL, NULL, tests};
