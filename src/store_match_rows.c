/* store_match_rows.c -- a match's row and moves written whole: the
 * checks of a header, its binds, the row (store_match_begin()'s and an
 * import's) and an imported game's moves.
 */
#include <limits.h>
#include <stdio.h>

#include "clock.h"
#include "store_internal.h"

#define WHAT_IMPORT "cannot import the game"

/* Why header `h` cannot be stored, or NULL when it can. */
static const char *header_problem(const struct match_header *h)
{
	if (match_kind_word(h->kind) == NULL)
		return "the kind of match is not valid";
	if (h->game.variant.name == NULL)
		return "the variant is missing";
	if (store_rule_word(h->game.variant.rule) == NULL)
		return "the rule is not valid";
	if (match_opening_word(h->game.opening) == NULL)
		return "the opening is not valid";
	if (h->black_id < 0 || h->white_id < 0)
		return "a player id is negative";
	if (!clock_valid(&h->game.time))
		return "the time control is not valid";
	if (h->claim_after_days < 0 ||
	    h->claim_after_days > STORE_CLAIM_AFTER_MAX)
		return "the claim wait is out of range";
	if (h->kind == MATCH_RANKED && (h->black_id == 0 || h->white_id == 0))
		return "a ranked match needs two players";
	if (h->kind == MATCH_COMPUTER &&
	    ((h->black_id == 0) == (h->white_id == 0) ||
	     h->ai_level < STORE_AI_LEVEL_MIN ||
	     h->ai_level > STORE_AI_LEVEL_MAX))
		return "a game against the computer needs one player and a "
		       "level from 1 to 5";
	if (h->kind == MATCH_IMPORTED &&
	    (h->black_id != 0 || h->white_id != 0 || h->black_name == NULL ||
	     h->white_name == NULL))
		return "an imported game needs two names and no players";
	return NULL;
}

/* See store_internal.h. */
int store_check_header(struct store *s, const struct match_header *h,
		       const char *what)
{
	const char *why = header_problem(h);

	if (why == NULL)
		return 0;
	store_set_err(s, what, why);
	return -1;
}

/* Bind `id` to parameter i, or NULL when it is 0 (no player). */
static int bind_id(struct sql_stmt *st, int i, long long id)
{
	return id != 0 ? sql_bind_int64(st, i, id) : sql_bind_null(st, i);
}

/* Bind ?1..?7 (who plays) from `h`; what does not apply to its kind is
 * NULL. Return SQL_OK or the first error. */
static int bind_players(struct sql_stmt *st, const struct match_header *h)
{
	int imported = h->kind == MATCH_IMPORTED;
	int rc;

	rc = sql_bind_text(st, 1, match_kind_word(h->kind));
	if (rc == SQL_OK)
		rc = bind_id(st, 2, h->black_id);
	if (rc == SQL_OK)
		rc = bind_id(st, 3, h->white_id);
	if (rc == SQL_OK)
		rc = store_bind_opt_text(st, 4,
					 imported ? h->black_name : NULL);
	if (rc == SQL_OK)
		rc = store_bind_opt_text(st, 5,
					 imported ? h->white_name : NULL);
	if (rc == SQL_OK && h->kind == MATCH_COMPUTER)
		rc = sql_bind_int(st, 6, h->ai_level);
	if (rc == SQL_OK)
		rc = sql_bind_int64(st, 7, h->started_at);
	return rc;
}

/* Bind ?8..?13 and ?18..?20 (the board, the clock and the opening)
 * from `h`: a swap2 match being played starts with its colours not final
 * (an imported one has them). Return SQL_OK or the first error. */
static int bind_board(struct sql_stmt *st, const struct match_header *h)
{
	const struct variant *v = &h->game.variant;
	bool swap2 = h->game.opening == OPENING_SWAP2;
	int rc;

	rc = sql_bind_text(st, 8, v->name);
	if (rc == SQL_OK)
		rc = sql_bind_text(st, 9, store_rule_word(v->rule));
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 10, v->rows);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 11, v->cols);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 12, v->k);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 13, h->game.time.per_move);
	if (rc == SQL_OK)
		rc = sql_bind_text(st, 18, match_opening_word(h->game.opening));
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 19, swap2 ? 3 : 0);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 20,
				  swap2 && h->kind != MATCH_IMPORTED ? 0 : 1);
	return rc;
}

/* Bind ?14..?17 (status, result, reason, ended_at) from `e`: finished
 * when it has a result, else unfinished. Return SQL_OK or the first
 * error. */
static int bind_ending(struct sql_stmt *st, const struct store_ending *e)
{
	int finished = e->result != RESULT_NONE;
	const char *status = match_status_word(
		finished ? MATCH_STATUS_FINISHED : MATCH_STATUS_UNFINISHED);
	int rc;

	rc = sql_bind_text(st, 14, status);
	if (rc == SQL_OK && finished)
		rc = store_bind_opt_text(st, 15, match_result_word(e->result));
	if (rc == SQL_OK && finished)
		rc = store_bind_opt_text(st, 16, match_reason_word(e->reason));
	if (rc == SQL_OK && finished)
		rc = sql_bind_int64(st, 17, e->ended_at);
	return rc;
}

/* Bind ?21..?26 (the rules asked for, whether the club must allow
 * ranked hot-seat: `one_terminal`, the game clock, whether rated).
 * Return SQL_OK or the first error. */
static int bind_rules(struct sql_stmt *st, const struct match_header *h,
		      bool one_terminal)
{
	int rc = sql_bind_int(st, 21, h->claim_after_days);

	if (rc == SQL_OK)
		rc = sql_bind_int(st, 22, h->forbidden_loses ? 1 : 0);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 23, one_terminal ? 1 : 0);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 24, h->game.time.base);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 25, h->game.time.increment);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 26, h->casual ? 0 : 1);
	return rc;
}

/* See store_internal.h. */
enum store_status store_insert_match(struct store *s,
				     const struct match_header *h,
				     const struct store_ending *e,
				     bool one_terminal, long long *id,
				     const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	if (store_prepare(
		    s,
		    "INSERT INTO matches (kind, black_id, white_id,"
		    " black_name, white_name, ai_level, started_at, variant,"
		    " rule, rows, cols, k, time_per_move, status, result,"
		    " reason, ended_at, opening, opening_stones,"
		    " colours_final, last_active_at, turn_started_ms,"
		    " turn_allowed_ms, claim_after_days, forbidden,"
		    " disconnect_grace, clock_base, clock_increment,"
		    " black_left_ms, white_left_ms, rated) SELECT ?1, ?2,"
		    " ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
		    " ?15, ?16, ?17, ?18, ?19, ?20, coalesce(?17, ?7),"
		    " 1000 * ?7, 1000 * (?13 + ?24),"
		    " greatest(?21, c.claim_after_days), CASE WHEN ?22 = 1"
		    " OR c.forbidden = 'lose' THEN 'lose' ELSE 'refuse' END,"
		    " c.disconnect_grace, ?24, ?25, 1000 * ?24, 1000 * ?24,"
		    " ?26 FROM club_settings AS c"
		    " WHERE c.id = 1 AND (?23 = 0 OR c.ranked_hotseat = 1)",
		    &st, what) != 0)
		return STORE_ERR;
	rc = bind_players(st, h);
	if (rc == SQL_OK)
		rc = bind_board(st, h);
	if (rc == SQL_OK)
		rc = bind_ending(st, e);
	if (rc == SQL_OK)
		rc = bind_rules(st, h, one_terminal);
	if (rc != SQL_OK) {
		store_set_db_err(s, what);
		goto out_finalize;
	}
	rc = store_step_done(s, st, what);
	if (rc == SQL_FOREIGN_KEY) {
		store_set_err(s, what, "no such player");
		ret = STORE_NOT_FOUND;
	} else if (rc == SQL_DONE && sql_changes(s->db) != 1) {
		store_set_err(s, what,
			      one_terminal
				      ? "ranked hot-seat is off in this club"
				      : "the club has no settings row");
	} else if (rc == SQL_DONE) {
		*id = sql_last_id(s->db);
		ret = STORE_OK;
	}
out_finalize:
	store_release(s, st);
	return ret;
}

/* See store_internal.h. */
void store_explain_move(struct store *s, int rc, int row, int col,
			const char *what)
{
	if (rc == SQL_UNIQUE)
		snprintf(s->err, sizeof s->err,
			 "%s: the cell (%d, %d) is taken", what, row, col);
	else if (rc == SQL_PRIMARY_KEY)
		store_set_err(s, what, "that move number is stored already");
}

/* Insert moves[0..n-1] (ply 1 is black's first) with ms[] (NULL: all 0)
 * under `match_id`. Return STORE_OK or STORE_ERR. */
static enum store_status insert_moves(struct store *s, long long match_id,
				      int n, const struct move *moves,
				      const long long *ms, const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int i, rc;

	if (store_prepare(
		    s,
		    "INSERT INTO match_moves (match_id, ply, row, col, ms)"
		    " VALUES (?1, ?2, ?3, ?4, ?5)",
		    &st, what) != 0)
		return STORE_ERR;
	for (i = 0; i < n; i++) {
		rc = sql_bind_int64(st, 1, match_id);
		if (rc == SQL_OK)
			rc = sql_bind_int(st, 2, i + 1);
		if (rc == SQL_OK)
			rc = sql_bind_int(st, 3, moves[i].row);
		if (rc == SQL_OK)
			rc = sql_bind_int(st, 4, moves[i].col);
		if (rc == SQL_OK)
			rc = sql_bind_int64(st, 5, ms != NULL ? ms[i] : 0);
		if (rc != SQL_OK) {
			store_set_db_err(s, what);
			goto out_finalize;
		}
		rc = store_step_done(s, st, what);
		store_explain_move(s, rc, moves[i].row, moves[i].col, what);
		if (rc != SQL_DONE || sql_reset(st) != SQL_OK)
			goto out_finalize;
	}
	ret = STORE_OK;
out_finalize:
	store_release(s, st);
	return ret;
}

/* ==== Importing ========================================================= */

/* Why an imported game cannot be stored, or NULL when it can (as far as
 * C can tell; the table checks the rest). */
static const char *import_problem(const struct match_header *h, int nmoves,
				  const struct move *moves, const long long *ms,
				  enum match_result result,
				  enum match_reason reason)
{
	const char *why = header_problem(h);
	long long last;

	if (why != NULL)
		return why;
	if (h->kind != MATCH_IMPORTED)
		return "an imported game must be of kind imported";
	if (nmoves < 0 || nmoves > BOARD_MAX_CELLS ||
	    (nmoves > 0 && moves == NULL))
		return "the moves are not valid";
	if (result == RESULT_NONE && reason == REASON_NONE)
		why = NULL; /* the file does not say: unfinished */
	else if (reason == REASON_ABANDONED)
		why = "an imported game is never claimed";
	else
		why = store_ending_problem(result, reason,
					   h->game.variant.rule == RULE_RENJU);
	if (why != NULL)
		return why;
	last = nmoves > 0 && ms != NULL ? ms[nmoves - 1] : 0;
	if (last < 0 || h->started_at < 0 ||
	    h->started_at > LLONG_MAX - last / 1000)
		return "the times are not valid";
	return NULL;
}

/* See store.h. */
enum store_status store_match_import(struct store *s,
				     const struct match_header *h, int nmoves,
				     const struct move *moves,
				     const long long *ms,
				     enum match_result result,
				     enum match_reason reason, long long *id)
{
	const char *why = import_problem(h, nmoves, moves, ms, result, reason);
	struct store_ending e = {result, reason, h->started_at};
	enum store_status st;
	long long new_id = 0;

	store_clear_err(s);
	if (why != NULL) {
		store_set_err(s, WHAT_IMPORT, why);
		return STORE_ERR;
	}
	if (nmoves > 0 && ms != NULL)
		e.ended_at += ms[nmoves - 1] / 1000;
	st = store_begin(s, WHAT_IMPORT);
	if (st != STORE_OK)
		return st;
	st = store_insert_match(s, h, &e, false, &new_id, WHAT_IMPORT);
	if (st == STORE_OK)
		st = insert_moves(s, new_id, nmoves, moves, ms, WHAT_IMPORT);
	st = store_finish(s, st, WHAT_IMPORT);
	if (st == STORE_OK)
		*id = new_id;
	return st;
}
