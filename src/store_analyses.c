/* store_analyses.c -- analyses kept once done: one row of match_analyses
 * per move of a finished match that the computer judged (schema version
 * 21), bound to the match's moves and to the time a position. */
#include <string.h>

#include "analyze.h"
#include "store_internal.h"

#define WHAT_SAVE_ANALYSIS "cannot keep the analysis"
#define WHAT_LOAD_ANALYSIS "cannot read the analysis"

/* The marks as match_analyses keeps them, by enum analyze_mark. */
static const char *const mark_words[ANALYZE_MARKS] = {"", "inaccuracy",
						      "mistake", "blunder"};

/* A match that may be analysed: over, or imported (whose end a file may
 * not say); with exactly ?3 moves. ?1 is its id. */
#define ANALYSABLE                                                             \
	"SELECT 1 FROM matches WHERE id = ?1"                                  \
	" AND (status <> 'unfinished' OR kind = 'imported')"                   \
	" AND (SELECT count(*) FROM match_moves WHERE match_id = ?1) = ?3"

/* Check inside the open transaction that match `id` may be analysed and
 * has n moves, and that moves[i].played is its move i + 1. Return
 * STORE_OK, or STORE_NOT_FOUND (the error kept) when not. */
static enum store_status check_moves(struct store *s, long long id, int n,
				     const struct analyze_move *moves)
{
	const long long args[] = {id, 0, n};
	long long one;
	enum store_status st;
	struct sql_stmt *q = NULL;
	int i, rc = SQL_OK;

	st = store_query_ints(s, ANALYSABLE, args, 3, &one, 1,
			      WHAT_SAVE_ANALYSIS,
			      "no such finished match with these moves");
	if (st != STORE_OK)
		return st;
	if (store_prepare_ints(s,
			       "SELECT row, col FROM match_moves"
			       " WHERE match_id = ?1 ORDER BY ply",
			       &q, args, 1, WHAT_SAVE_ANALYSIS) != 0)
		return STORE_ERR;
	for (i = 0; i < n && st == STORE_OK; i++) {
		rc = sql_step(q);
		if (rc != SQL_ROW)
			st = STORE_ERR;
		else if (sql_int(q, 0) != moves[i].played.row ||
			 sql_int(q, 1) != moves[i].played.col)
			st = STORE_NOT_FOUND;
	}
	if (st == STORE_ERR)
		store_set_db_err(s, WHAT_SAVE_ANALYSIS);
	else if (st == STORE_NOT_FOUND)
		store_set_err(s, WHAT_SAVE_ANALYSIS, "not the match's moves");
	store_release(s, q);
	return st;
}

/* Bind move m (ply `ply`) to the insert's ?3..?14. Return SQL_OK or
 * the failure. */
static int bind_move(struct sql_stmt *q, int ply, const struct analyze_move *m)
{
	int rc = sql_bind_int(q, 3, ply);

	if (rc == SQL_OK)
		rc = sql_bind_int(q, 4, m->played.row);
	if (rc == SQL_OK)
		rc = sql_bind_int(q, 5, m->played.col);
	if (rc == SQL_OK)
		rc = sql_bind_double(q, 6, m->before);
	if (rc == SQL_OK)
		rc = sql_bind_double(q, 7, m->after);
	if (rc == SQL_OK)
		rc = sql_bind_int(q, 8, m->score_before);
	if (rc == SQL_OK)
		rc = sql_bind_int(q, 9, m->score_after);
	if (rc == SQL_OK)
		rc = m->has_best ? sql_bind_int(q, 10, m->best.row)
				 : sql_bind_null(q, 10);
	if (rc == SQL_OK)
		rc = m->has_best ? sql_bind_int(q, 11, m->best.col)
				 : sql_bind_null(q, 11);
	if (rc == SQL_OK)
		rc = sql_bind_text(q, 12,
				   (unsigned)m->mark < ANALYZE_MARKS
					   ? mark_words[m->mark]
					   : "?");
	if (rc == SQL_OK)
		rc = sql_bind_int(q, 13, m->missed_win);
	if (rc == SQL_OK)
		rc = sql_bind_int(q, 14, m->forced_loss);
	return rc;
}

/* Write moves[0..n-1] as match id's rows for time_ms (inside the open
 * transaction, the old ones deleted). Return STORE_OK or STORE_ERR. */
static enum store_status write_moves(struct store *s, long long id, int time_ms,
				     const struct analyze_move *moves, int n)
{
	const long long args[] = {id, time_ms};
	struct sql_stmt *q = NULL;
	int i, rc = SQL_DONE;

	if (store_exec_ints(s,
			    "DELETE FROM match_analyses"
			    " WHERE match_id = ?1 AND time_ms = ?2",
			    args, 2, WHAT_SAVE_ANALYSIS) != SQL_DONE ||
	    store_prepare_ints(s,
			       "INSERT INTO match_analyses (match_id, time_ms,"
			       " ply, row, col, before, after, score_before,"
			       " score_after, best_row, best_col, mark,"
			       " missed_win, forced_loss, analysed_at) VALUES"
			       " (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,"
			       " ?11, ?12, ?13, ?14, " STORE_NOW_MS " / 1000)",
			       &q, args, 2, WHAT_SAVE_ANALYSIS) != 0)
		return STORE_ERR;
	for (i = 0; i < n && rc == SQL_DONE; i++) {
		if (bind_move(q, i + 1, &moves[i]) != SQL_OK) {
			store_set_db_err(s, WHAT_SAVE_ANALYSIS);
			rc = SQL_ERROR;
			break;
		}
		rc = store_step_done(s, q, WHAT_SAVE_ANALYSIS);
		sql_reset(q);
	}
	store_release(s, q);
	return rc == SQL_DONE ? STORE_OK : STORE_ERR;
}

/* See store.h. One write transaction: the check of the match and its
 * moves, the old rows out, the new ones in. */
enum store_status store_analysis_save(struct store *s, long long match_id,
				      int time_ms,
				      const struct analyze_move *moves, int n)
{
	enum store_status st;

	store_clear_err(s);
	if (n < 1 || n > BOARD_MAX_CELLS || time_ms < 1 ||
	    time_ms > STORE_ANALYSIS_MS_MAX) {
		store_set_err(s, WHAT_SAVE_ANALYSIS, "out of range");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_SAVE_ANALYSIS);
	if (st != STORE_OK)
		return st;
	st = check_moves(s, match_id, n, moves);
	if (st == STORE_OK)
		st = write_moves(s, match_id, time_ms, moves, n);
	return store_finish(s, st, WHAT_SAVE_ANALYSIS);
}

/* The mark kept as `word`: ANALYZE_GOOD for "" (or a word not known). */
static enum analyze_mark mark_of(const char *word)
{
	int i;

	for (i = 1; word != NULL && i < ANALYZE_MARKS; i++)
		if (strcmp(word, mark_words[i]) == 0)
			return (enum analyze_mark)i;
	return ANALYZE_GOOD;
}

/* Fill *m from q's row (ply, row, col, before, after, score_before,
 * score_after, best_row, best_col, mark, missed_win, forced_loss). */
static void row_to_move(struct sql_stmt *q, struct analyze_move *m)
{
	memset(m, 0, sizeof(*m));
	m->number = sql_int(q, 0);
	m->colour = m->number % 2 == 1 ? STONE_BLACK : STONE_WHITE;
	m->played.row = (unsigned char)sql_int(q, 1);
	m->played.col = (unsigned char)sql_int(q, 2);
	m->before = sql_double(q, 3);
	m->after = sql_double(q, 4);
	m->score_before = sql_int(q, 5);
	m->score_after = sql_int(q, 6);
	m->has_best = !sql_is_null(q, 7);
	if (m->has_best) {
		m->best.row = (unsigned char)sql_int(q, 7);
		m->best.col = (unsigned char)sql_int(q, 8);
	}
	m->mark = mark_of(sql_text(q, 9));
	m->missed_win = sql_int(q, 10) != 0;
	m->forced_loss = sql_int(q, 11) != 0;
}

/* Read match id's rows for time_ms, each joined to the match's move of
 * its ply and equal to it, into moves[0..max-1]. Return how many, or -1
 * on an error (kept). */
static int read_moves(struct store *s, long long id, int time_ms,
		      struct analyze_move *moves, int max)
{
	const long long args[] = {id, time_ms};
	struct sql_stmt *q = NULL;
	int n = 0, rc;

	if (store_prepare_ints(
		    s,
		    "SELECT a.ply, a.row, a.col, a.before, a.after,"
		    " a.score_before, a.score_after, a.best_row, a.best_col,"
		    " a.mark, a.missed_win, a.forced_loss"
		    " FROM match_analyses a JOIN match_moves m"
		    " ON m.match_id = a.match_id AND m.ply = a.ply"
		    " AND m.row = a.row AND m.col = a.col"
		    " WHERE a.match_id = ?1 AND a.time_ms = ?2 ORDER BY a.ply",
		    &q, args, 2, WHAT_LOAD_ANALYSIS) != 0)
		return -1;
	rc = sql_step(q);
	for (; rc == SQL_ROW && n < max; rc = sql_step(q))
		row_to_move(q, &moves[n++]);
	if (rc != SQL_ROW && rc != SQL_DONE) {
		store_set_db_err(s, WHAT_LOAD_ANALYSIS);
		n = -1;
	}
	store_release(s, q);
	return n;
}

/* See store.h. One read transaction: the match as it is now, and the
 * rows that agree with its moves. */
enum store_status store_analysis_load(struct store *s, long long match_id,
				      int time_ms, struct analyze_move *moves,
				      int max, int *n)
{
	long long args[] = {match_id, 0, 0}, one;
	enum store_status st;
	int got;

	store_clear_err(s);
	st = store_begin_read(s, WHAT_LOAD_ANALYSIS);
	if (st != STORE_OK)
		return st;
	got = read_moves(s, match_id, time_ms, moves, max);
	if (got < 0)
		st = STORE_ERR;
	else if (got == 0 || got > max || moves[got - 1].number != got)
		st = STORE_NOT_FOUND; /* none, or not every ply agrees */
	if (st == STORE_OK) {
		args[2] = got;
		st = store_query_ints(s, ANALYSABLE, args, 3, &one, 1,
				      WHAT_LOAD_ANALYSIS,
				      "kept for other moves");
	}
	if (st == STORE_NOT_FOUND && store_errmsg(s)[0] == '\0')
		store_set_err(s, WHAT_LOAD_ANALYSIS, "none kept");
	st = store_finish(s, st, WHAT_LOAD_ANALYSIS);
	if (st == STORE_OK)
		*n = got;
	return st;
}

/* See store.h. */
enum store_status store_analysis_longest(struct store *s, long long match_id,
					 int *time_ms)
{
	long long out = 0;
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(s,
			      "SELECT max(time_ms) FROM match_analyses"
			      " WHERE match_id = ?1 HAVING count(*) > 0",
			      &match_id, 1, &out, 1, WHAT_LOAD_ANALYSIS,
			      "no analysis is kept");
	if (st == STORE_OK)
		*time_ms = (int)out;
	return st;
}
