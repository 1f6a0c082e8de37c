/* store_matches.c -- writing matches as they are played: started, saved
 * move by move, paused and resumed, finished, abandoned or claimed. (A
 * row written whole and an import: store_match_rows.c; a match read
 * back: store_match_load.c.) */
#include <stdio.h>

#include "clock.h"
#include "store_internal.h"
#include "store_live.h"

#define WHAT_START	"cannot start the match"
#define WHAT_MOVE	"cannot save the move"
#define WHAT_UNDO	"cannot save the undo"
#define WHAT_FINISH	"cannot finish the match"
#define WHAT_ABANDON	"cannot abandon the match"
#define WHAT_SEATS	"cannot save the colours"
#define WHAT_PAUSE	"cannot save the clock"
#define WHAT_CLAIM	"cannot claim the match"
#define WHAT_TIMEOUT	"cannot claim the match on time"
#define WHAT_GONE	"cannot claim the match of a player who left"
#define WHAT_NOW	"cannot read the match"
#define WHAT_UNFINISHED "cannot look for an unfinished match"
#define WHAT_RULES	"cannot read the match's rules"

/* ==== Matches saved as they are played ================================== */

/* open_match() reads kind and status as these numbers. */
_Static_assert(MATCH_RANKED == 1 && MATCH_COMPUTER == 2 && MATCH_IMPORTED == 3,
	       "open_match() numbers the kinds 1, 2, 3");
_Static_assert(MATCH_STATUS_UNFINISHED == 1 && MATCH_STATUS_FINISHED == 2 &&
		       MATCH_STATUS_ABANDONED == 3 && MATCH_STATUS_ABORTED == 4,
	       "open_match() numbers the statuses 1, 2, 3, 4");

/* What the functions that change a match look at first. */
struct match_state {
	long long kind, status;	      /* enum match_kind, enum match_status */
	long long black_id, white_id; /* 0 = none */
	long long nmoves;	      /* moves stored */
	long long renju;	      /* 1 when played under RULE_RENJU */
	long long turn_started_ms;    /* when the move to play began */
	long long claim_after_days;   /* its rules (struct match_rules) */
	long long forbidden_loses;
};

/* Read match `id`'s state into *m, check the sessions of its players,
 * and require the match unfinished and, when this connection took its
 * seat in it, that seat still its own (store_seat_check()), inside the
 * caller's write transaction. Return STORE_OK, STORE_NOT_FOUND,
 * STORE_STALE or STORE_ERR (the error kept). */
static enum store_status open_match(struct store *s, long long id,
				    struct match_state *m, const char *what)
{
	long long v[9];
	enum store_status st;

	st = store_query_ints(s,
			      "SELECT CASE kind WHEN 'ranked' THEN 1"
			      " WHEN 'computer' THEN 2 ELSE 3 END,"
			      " CASE status WHEN 'unfinished' THEN 1"
			      " WHEN 'finished' THEN 2 WHEN 'abandoned' THEN 3"
			      " ELSE 4 END,"
			      " coalesce(black_id, 0), coalesce(white_id, 0),"
			      " (SELECT count(*) FROM match_moves"
			      " WHERE match_id = ?1), rule = 'renju',"
			      " turn_started_ms, claim_after_days,"
			      " forbidden = 'lose' FROM matches WHERE id = ?1",
			      &id, 1, v, 9, what, "no such match");
	if (st != STORE_OK)
		return st;
	*m = (struct match_state){v[0], v[1], v[2], v[3], v[4],
				  v[5], v[6], v[7], v[8]};
	st = store_check_sessions(s, &v[2], 2, what); /* black, white */
	if (st != STORE_OK)
		return st;
	if (m->status == MATCH_STATUS_UNFINISHED)
		return store_seat_check(s, id, what);
	store_set_err(s, what,
		      m->status == MATCH_STATUS_FINISHED ? "the match has ended"
		      : m->status == MATCH_STATUS_ABANDONED
			      ? "the match was abandoned"
			      : "the match was aborted");
	return STORE_ERR;
}

/* open_match() for a match being played: an imported game never is.
 * Return STORE_OK, STORE_NOT_FOUND or STORE_ERR (the error kept). */
static enum store_status open_played(struct store *s, long long id,
				     struct match_state *m, const char *what)
{
	enum store_status st = open_match(s, id, m, what);

	if (st == STORE_OK && m->kind == MATCH_IMPORTED) {
		store_set_err(s, what, "an imported game is never played");
		st = STORE_ERR;
	}
	return st;
}

/* The turn of match `id`'s player to act ends now (the database's
 * clock, into *now_ms), with a move when `moved`: their clock is
 * charged (store_clock_end_turn(); *left_ms, may be NULL, the mover's
 * time left after it, -1 untimed). Return STORE_OK or STORE_ERR. */
static enum store_status turn_ends(struct store *s, long long id, bool moved,
				   long long *now_ms, long long *left_ms,
				   const char *what)
{
	enum store_status st = store_clock_now(s, now_ms, what);

	if (st == STORE_OK)
		st = store_clock_end_turn(s, id, moved, *now_ms, left_ms, what);
	return st;
}

/* Inside store_match_begin()'s transaction: the one start between two
 * players. When ranked match h's players have an unfinished ranked
 * match, *id is it, and it goes on from two terminals (`resumed`) or is
 * refused at one (STORE_EXISTS, naming it); STORE_NOT_FOUND when they
 * have none: h is to be started. */
static enum store_status unfinished_pair(struct store *s,
					 const struct match_header *h,
					 long long *id, bool *resumed)
{
	enum store_status st;
	char why[96];

	if (h->kind != MATCH_RANKED)
		return STORE_NOT_FOUND;
	st = store_match_unfinished_between(s, h->black_id, h->white_id, id);
	if (st != STORE_OK)
		return st;
	if (resumed == NULL) {
		snprintf(why, sizeof(why),
			 "the two players have an unfinished match, %lld", *id);
		store_set_err(s, WHAT_START, why);
		return STORE_EXISTS;
	}
	*resumed = true;
	return store_match_go_on(s, *id, h->black_id, h->white_id,
				 h->started_at, WHAT_START);
}

/* See store_internal.h. The players' sessions checked and the row
 * inserted (or the pair's unfinished match taken) in one transaction:
 * its own, or the caller's when one is open (store_challenge_accept()'s,
 * store_seek_take()'s). */
enum store_status store_match_begin(struct store *s,
				    const struct match_header *h,
				    bool one_terminal, long long *id,
				    bool *resumed)
{
	const struct store_ending e = {RESULT_NONE, REASON_NONE, 0};
	const long long players[] = {h->black_id, h->white_id};
	bool own = !sql_in_transaction(s->db);
	enum store_status st;
	long long new_id = 0;

	store_clear_err(s);
	if (resumed != NULL)
		*resumed = false;
	if (store_check_header(s, h, WHAT_START) != 0)
		return STORE_ERR;
	if (h->kind == MATCH_IMPORTED) {
		store_set_err(s, WHAT_START,
			      "an imported game is never played");
		return STORE_ERR;
	}
	st = own ? store_begin(s, WHAT_START) : STORE_OK;
	if (st != STORE_OK)
		return st;
	st = store_check_sessions(s, players, 2, WHAT_START);
	if (st == STORE_OK)
		st = unfinished_pair(s, h, &new_id, resumed);
	if (st == STORE_NOT_FOUND)
		st = store_insert_match(s, h, &e,
					one_terminal && h->kind == MATCH_RANKED,
					&new_id, WHAT_START);
	if (own)
		st = store_finish(s, st, WHAT_START);
	if (st == STORE_OK || st == STORE_EXISTS)
		*id = new_id;
	return st;
}

/* See store_internal.h. */
enum store_status store_match_go_on(struct store *s, long long id, long long a,
				    long long b, long long now,
				    const char *what)
{
	const long long args[] = {id, now, a, b};

	return store_exec_one(
		s,
		"UPDATE matches SET turn_started_ms = CASE WHEN"
		" time_per_move > 0 OR clock_base > 0 THEN"
		" 1000 * greatest(?2, started_at) ELSE turn_started_ms"
		" END, turn_allowed_ms = greatest(0, " STORE_TURN_FULL_SQL
		" - clock_used_ms),"
		" last_active_at = greatest(?2, started_at)"
		" WHERE id = ?1 AND status = 'unfinished'"
		" AND kind = 'ranked' AND ((black_id = ?3 AND"
		" white_id = ?4) OR (black_id = ?4 AND"
		" white_id = ?3))",
		args, 4, what, STORE_ERR, "the match offered has ended");
}

/* See store.h: a ranked match started here is played at one terminal. */
enum store_status store_match_start(struct store *s,
				    const struct match_header *h, long long *id)
{
	return store_match_begin(s, h, true, id, NULL);
}

/* See store.h. */
enum store_status store_match_rules(struct store *s, long long id,
				    struct match_rules *out)
{
	enum store_status st;
	long long v[3];

	store_clear_err(s);
	st = store_query_ints(s,
			      "SELECT claim_after_days, forbidden = 'lose',"
			      " disconnect_grace FROM matches WHERE id = ?1",
			      &id, 1, v, 3, WHAT_RULES, "no such match");
	if (st != STORE_OK)
		return st;
	out->claim_after_days = (int)v[0];
	out->forbidden_loses = v[1] != 0;
	out->disconnect_grace = (int)v[2];
	return STORE_OK;
}

/* See store.h. */
enum store_status store_match_move(struct store *s, long long id, int ply,
				   int row, int col, long long ms)
{
	long long args[] = {id, ply, row, col, ms, -1}, now = 0;
	struct match_state m;
	enum store_status st;
	int rc;

	store_clear_err(s);
	st = store_begin(s, WHAT_MOVE);
	if (st != STORE_OK)
		return st;
	st = open_played(s, id, &m, WHAT_MOVE);
	if (st == STORE_OK && ply != m.nmoves + 1) {
		snprintf(s->err, sizeof s->err,
			 WHAT_MOVE ": move %d is not the next one (%lld are "
				   "saved)",
			 ply, m.nmoves);
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = turn_ends(s, id, true, &now, &args[5], WHAT_MOVE);
	if (st == STORE_OK) {
		rc = store_exec_ints(
			s,
			"INSERT INTO match_moves (match_id, ply, row,"
			" col, ms, left_ms) VALUES (?1, ?2, ?3, ?4, ?5,"
			" nullif(?6, -1))",
			args, 6, WHAT_MOVE);
		store_explain_move(s, rc, row, col, WHAT_MOVE);
		st = rc == SQL_DONE ? STORE_OK : STORE_ERR;
	}
	if (st == STORE_OK)
		st = store_clock_start_turn(s, id, now, WHAT_MOVE);
	return store_finish(s, st, WHAT_MOVE);
}

/* See store.h. */
enum store_status store_match_undo(struct store *s, long long id, int nmoves)
{
	struct match_state m;
	enum store_status st;
	long long now = 0;

	store_clear_err(s);
	st = store_begin(s, WHAT_UNDO);
	if (st != STORE_OK)
		return st;
	st = open_played(s, id, &m, WHAT_UNDO);
	if (st == STORE_OK && (nmoves < 0 || nmoves > m.nmoves)) {
		snprintf(s->err, sizeof s->err,
			 WHAT_UNDO ": cannot keep %d moves of %lld", nmoves,
			 m.nmoves);
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = store_clock_now(s, &now, WHAT_UNDO);
	if (st == STORE_OK)
		st = store_clock_take_back(s, id, nmoves, now, WHAT_UNDO);
	return store_finish(s, st, WHAT_UNDO);
}

/* Mark match `id` finished with `result`, `reason` and `ended_at` (at
 * least its start). Return STORE_OK or STORE_ERR. */
static enum store_status set_result(struct store *s, long long id,
				    enum match_result result,
				    enum match_reason reason,
				    long long ended_at)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	if (store_prepare(s,
			  "UPDATE matches SET status = 'finished', result = ?2,"
			  " reason = ?3, ended_at = greatest(?4, started_at)"
			  " WHERE id = ?1",
			  &st, WHAT_FINISH) != 0)
		return STORE_ERR;
	rc = sql_bind_int64(st, 1, id);
	if (rc == SQL_OK)
		rc = store_bind_opt_text(st, 2, match_result_word(result));
	if (rc == SQL_OK)
		rc = store_bind_opt_text(st, 3, match_reason_word(reason));
	if (rc == SQL_OK)
		rc = sql_bind_int64(st, 4, ended_at);
	if (rc != SQL_OK)
		store_set_db_err(s, WHAT_FINISH);
	else if (store_step_done(s, st, WHAT_FINISH) == SQL_DONE)
		ret = STORE_OK;
	store_release(s, st);
	return ret;
}

/* Whether running out of time on match `id`'s stored position is a
 * draw: the side to move (black after an even number of moves) ran
 * out, its colours are final (never in the opening, as match.c's
 * time_out()), and clock_flag_winner() finds that the other side can
 * no longer make K in a row. The stones go on a board of the match's
 * shape and rule as the moves' order colours them (odd plies black),
 * the opening's too. Into *draw; return STORE_OK, STORE_NOT_FOUND or
 * STORE_ERR (the error kept as `what`). */
static enum store_status stored_flag_draw(struct store *s, long long id,
					  const char *what, bool *draw)
{
	long long shape[6]; /* rows, cols, k, rule, colours_final, moves */
	enum store_status st;
	struct sql_stmt *moves;
	struct board b;
	int rc;

	*draw = false;
	st = store_query_ints(s,
			      "SELECT rows, cols, k, CASE rule WHEN 'exact'"
			      " THEN 1 WHEN 'renju' THEN 2 ELSE 0 END,"
			      " colours_final, (SELECT count(*) FROM"
			      " match_moves WHERE match_id = ?1)"
			      " FROM matches WHERE id = ?1",
			      &id, 1, shape, 6, what, "no such match");
	if (st != STORE_OK || shape[4] == 0)
		return st;
	_Static_assert(RULE_EXACT == 1 && RULE_RENJU == 2,
		       "the SELECT above numbers the rules");
	if (board_init(&b, (int)shape[0], (int)shape[1], (int)shape[2],
		       (enum rule)shape[3]) != 0 ||
	    store_prepare_ints(s,
			       "SELECT ply, row, col FROM match_moves"
			       " WHERE match_id = ?1 ORDER BY ply",
			       &moves, &id, 1, what) != 0)
		return STORE_ERR;
	while ((rc = sql_step(moves)) == SQL_ROW)
		(void)board_place(&b, sql_int(moves, 1), sql_int(moves, 2),
				  sql_int(moves, 0) % 2 == 1 ? STONE_BLACK
							     : STONE_WHITE);
	if (rc != SQL_DONE)
		store_set_db_err(s, what);
	store_release(s, moves);
	*draw = clock_flag_winner(&b, shape[5] % 2 == 0
					      ? STONE_BLACK
					      : STONE_WHITE) == STONE_NONE;
	return rc == SQL_DONE ? STORE_OK : STORE_ERR;
}

/* See store.h. */
enum store_status store_match_finish(struct store *s, long long id,
				     enum match_result result,
				     enum match_reason reason,
				     long long ended_at)
{
	struct match_state m;
	enum store_status st;
	const char *why;
	bool draw = false;

	store_clear_err(s);
	/* Everything but the rule, before taking the write lock. */
	why = reason == REASON_ABANDONED
		      ? "only a claim ends a match as abandoned"
		      : store_ending_problem(result, reason, true);
	if (why != NULL) {
		store_set_err(s, WHAT_FINISH, why);
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_FINISH);
	if (st != STORE_OK)
		return st;
	st = open_match(s, id, &m, WHAT_FINISH);
	why = st == STORE_OK
		      ? store_ending_problem(result, reason, m.renju != 0)
		      : NULL;
	if (why == NULL && st == STORE_OK && reason == REASON_FORBIDDEN &&
	    !m.forbidden_loses)
		why = "this match refuses a forbidden point instead";
	if (why == NULL && st == STORE_OK && reason == REASON_TIMEOUT)
		st = stored_flag_draw(s, id, WHAT_FINISH, &draw);
	if (why == NULL && st == STORE_OK && reason == REASON_TIMEOUT &&
	    draw != (result == RESULT_DRAW))
		why = draw ? "the other side could no longer win: out of "
			     "time is a draw"
			   : "the other side can still win: out of time "
			     "loses";
	if (why != NULL) {
		store_set_err(s, WHAT_FINISH, why);
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = set_result(s, id, result, reason, ended_at);
	if (st == STORE_OK && m.kind == MATCH_RANKED)
		st = store_count_or_abort(s, id, WHAT_FINISH);
	return store_finish(s, st, WHAT_FINISH);
}

/* See store.h. */
enum store_status store_match_abandon(struct store *s, long long id,
				      long long when)
{
	const long long args[] = {id, when};
	struct match_state m;
	enum store_status st;

	store_clear_err(s);
	st = store_begin(s, WHAT_ABANDON);
	if (st != STORE_OK)
		return st;
	st = open_match(s, id, &m, WHAT_ABANDON);
	if (st == STORE_OK &&
	    store_exec_ints(
		    s,
		    "UPDATE matches SET status = CASE WHEN kind ="
		    " 'ranked' AND " STORE_UNPLAYED_SQL " THEN"
		    " 'aborted' ELSE 'abandoned' END,"
		    " ended_at = greatest(?2, started_at) WHERE id = ?1",
		    args, 2, WHAT_ABANDON) != SQL_DONE)
		st = STORE_ERR;
	return store_finish(s, st, WHAT_ABANDON);
}

/* See store.h. */
enum store_status store_match_seats(struct store *s, long long id,
				    long long black_id, long long white_id,
				    int opening_stones, bool colours_final)
{
	const long long args[] = {id, black_id, white_id, opening_stones,
				  colours_final ? 1 : 0};
	struct match_state m;
	enum store_status st;
	long long now = 0;

	store_clear_err(s);
	st = store_begin(s, WHAT_SEATS);
	if (st != STORE_OK)
		return st;
	st = open_played(s, id, &m, WHAT_SEATS);
	if (st == STORE_OK &&
	    !(black_id == m.black_id && white_id == m.white_id) &&
	    !(black_id == m.white_id && white_id == m.black_id)) {
		store_set_err(s, WHAT_SEATS, "those are not its players");
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = turn_ends(s, id, false, &now, NULL, WHAT_SEATS);
	/* the game clocks stay with their players */
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE matches SET black_id = nullif(?2, 0),"
			    " white_id = nullif(?3, 0),"
			    " opening_stones = ?4, colours_final = ?5,"
			    " black_left_ms = CASE WHEN black_id = ?2 THEN"
			    " black_left_ms ELSE white_left_ms END,"
			    " white_left_ms = CASE WHEN black_id = ?2 THEN"
			    " white_left_ms ELSE black_left_ms END"
			    " WHERE id = ?1",
			    args, 5, WHAT_SEATS) != SQL_DONE)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = store_clock_start_turn(s, id, now, WHAT_SEATS);
	return store_finish(s, st, WHAT_SEATS);
}

/* Whether the club allows ranked hot-seat now, into *on. Return
 * STORE_OK or STORE_ERR (the error kept). */
static enum store_status hotseat_allowed(struct store *s, bool *on,
					 const char *what)
{
	long long v = 0;
	enum store_status st = store_query_ints(
		s, "SELECT ranked_hotseat FROM club_settings WHERE id = 1",
		NULL, 0, &v, 1, what, "the club has no settings row");

	*on = v != 0;
	return st == STORE_NOT_FOUND ? STORE_ERR : st;
}

/* Run `sql` (?1 the match id, ?2 `when`) on match `id`, which must be
 * unfinished and under way, in a transaction of its own: the clock's
 * writes that only pausing and resuming make. With `one_terminal` (both
 * players at one terminal), a ranked match needs the club to allow
 * ranked hot-seat. */
static enum store_status update_played(struct store *s, long long id,
				       long long when, bool one_terminal,
				       const char *sql)
{
	const long long args[] = {id, when};
	struct match_state m;
	enum store_status st;
	bool on = true;

	store_clear_err(s);
	st = store_begin(s, WHAT_PAUSE);
	if (st != STORE_OK)
		return st;
	st = open_played(s, id, &m, WHAT_PAUSE);
	if (st == STORE_OK && one_terminal && m.kind == MATCH_RANKED)
		st = hotseat_allowed(s, &on, WHAT_PAUSE);
	if (st == STORE_OK && !on) {
		store_set_err(s, WHAT_PAUSE,
			      "ranked hot-seat is off in this club");
		st = STORE_ERR;
	}
	if (st == STORE_OK &&
	    store_exec_ints(s, sql, args, 2, WHAT_PAUSE) != SQL_DONE)
		st = STORE_ERR;
	return store_finish(s, st, WHAT_PAUSE);
}

/* See store.h. */
enum store_status store_match_pause(struct store *s, long long id,
				    long long when_ms)
{
	/* used = the time per move less what is left at `when_ms`
	 * (between 0 and what the turn was allowed), to the millisecond as
	 * the turn's start is */
	return update_played(s, id, when_ms, false,
			     "UPDATE matches SET clock_used_ms ="
			     " " STORE_TURN_FULL_SQL
			     " - greatest(0, least(turn_allowed_ms,"
			     " turn_allowed_ms + turn_started_ms - ?2)),"
			     " last_active_at = greatest(?2 / 1000, started_at)"
			     " WHERE id = ?1");
}

/* See store.h. */
enum store_status store_match_resume(struct store *s, long long id,
				     long long now)
{
	return update_played(
		s, id, now, true,
		"UPDATE matches SET turn_started_ms ="
		" 1000 * greatest(?2, started_at), turn_allowed_ms ="
		" greatest(0, " STORE_TURN_FULL_SQL " - clock_used_ms),"
		" last_active_at = greatest(?2, started_at)"
		" WHERE id = ?1");
}

/* Why unfinished match `id` (its state m) cannot be claimed for
 * `result` with `nmoves` seen at `now`, by its own claim wait from its
 * turn's start (STORE_CLAIM_FROM_SQL, the loser's); NULL when it can, and
 * when the store fails (the error kept, *st STORE_ERR). */
static const char *claim_problem(struct store *s, long long id,
				 const struct match_state *m,
				 enum match_result result, int nmoves,
				 long long now, enum store_status *st)
{
	const long long args[] = {id, result == RESULT_BLACK_WIN ? m->white_id
								 : m->black_id};
	long long from = 0;

	if (m->kind != MATCH_RANKED)
		return "only a ranked match can be claimed";
	if (result != RESULT_BLACK_WIN && result != RESULT_WHITE_WIN)
		return "a claim is a win";
	if (m->nmoves != nmoves)
		return "the match has moved on";
	*st = store_query_ints(s,
			       "SELECT " STORE_CLAIM_FROM_SQL(
				       "?2") " FROM matches m WHERE m.id = ?1",
			       args, 2, &from, 1, WHAT_CLAIM, "no such match");
	if (*st == STORE_OK && 1000 * now < from)
		return "the match has not waited long enough";
	return NULL;
}

/* See store.h. */
enum store_status store_match_claim(struct store *s, long long id,
				    enum match_result result, int nmoves,
				    long long now)
{
	struct match_state m;
	enum store_status st;
	const char *why = NULL;

	store_clear_err(s);
	st = store_begin(s, WHAT_CLAIM);
	if (st != STORE_OK)
		return st;
	st = store_check_now(s, 1000 * now, WHAT_CLAIM);
	if (st == STORE_OK)
		st = open_match(s, id, &m, WHAT_CLAIM);
	if (st == STORE_OK)
		why = claim_problem(s, id, &m, result, nmoves, now, &st);
	if (why != NULL) {
		store_set_err(s, WHAT_CLAIM, why);
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = set_result(s, id, result, REASON_ABANDONED, now);
	if (st == STORE_OK)
		st = store_count_or_abort(s, id, WHAT_CLAIM);
	return store_finish(s, st, WHAT_CLAIM);
}

/* See store.h. One UPDATE whose WHERE is the whole rule, so the
 * check and the change are one step; then the count, in the same
 * transaction. */
enum store_status store_match_claim_timeout(struct store *s, long long id,
					    enum match_result result,
					    int nmoves, long long grace,
					    long long now)
{
	long long args[] = {id, result, nmoves, now, grace, 0};
	enum store_status st;
	bool draw = false;

	store_clear_err(s);
	_Static_assert(RESULT_BLACK_WIN == 1 && RESULT_WHITE_WIN == 2,
		       "the UPDATE below numbers the results");
	st = store_begin(s, WHAT_TIMEOUT);
	if (st != STORE_OK)
		return st;
	st = store_check_now(s, 1000 * now, WHAT_TIMEOUT);
	if (st == STORE_OK)
		st = store_check_match_sessions(s, id, WHAT_TIMEOUT);
	if (st == STORE_OK)
		st = store_seat_check(s, id, WHAT_TIMEOUT);
	if (st == STORE_OK)
		st = stored_flag_draw(s, id, WHAT_TIMEOUT, &draw);
	args[5] = draw;
	if (st == STORE_OK)
		st = store_exec_one(
			s,
			"UPDATE matches SET status = 'finished', result ="
			" CASE WHEN ?6 THEN 'draw' WHEN ?2 = 1 THEN 'black'"
			" ELSE 'white' END,"
			" reason = 'timeout', ended_at = greatest(?4, "
			"started_at)"
			" WHERE id = ?1 AND status = 'unfinished'"
			" AND kind = 'ranked'"
			" AND (time_per_move > 0 OR clock_base > 0)"
			" AND colours_final = 1 AND ?2 = 2 - ?3 % 2"
			" AND (SELECT count(*) FROM match_moves"
			"  WHERE match_id = ?1) = ?3"
			" AND turn_started_ms + turn_allowed_ms + 1000 * ?5"
			" <= 1000 * ?4",
			args, 6, WHAT_TIMEOUT, STORE_ERR,
			"the match is not waiting for a move whose time is "
			"gone");
	if (st == STORE_OK)
		st = store_count_or_abort(s, id, WHAT_TIMEOUT);
	return store_finish(s, st, WHAT_TIMEOUT);
}

/* The rule of store_match_claim_gone(), as an UPDATE: ?1 the match, ?2
 * the claimant's colour (1 black, 2 white), ?3 the moves seen, ?4 now
 * (ms), ?5 the claimant, ?6 their seat's holder. The player to move is
 * the one whose colour ply ?3 + 1 plays; their seat's lease lapsed
 * (taken by nobody since) the match's own grace ago, a grace that does
 * not run while they are locked out (STORE_WAIT_END_SQL). */
#define CLAIM_GONE                                                             \
	"UPDATE matches SET status = 'finished', result ="                     \
	" CASE ?2 WHEN 1 THEN 'black' ELSE 'white' END,"                       \
	" reason = 'abandoned', ended_at = greatest(?4 / 1000, started_at)"    \
	" WHERE id = ?1 AND status = 'unfinished' AND kind = 'ranked'"         \
	" AND time_per_move = 0 AND clock_base = 0 AND colours_final = 1"      \
	" AND ?2 = 2 - ?3 % 2"                                                 \
	" AND ?5 = CASE ?2 WHEN 1 THEN black_id ELSE white_id END"             \
	" AND (SELECT count(*) FROM match_moves WHERE match_id = ?1) = ?3"     \
	" AND EXISTS (SELECT 1 FROM match_seats WHERE match_id = ?1"           \
	"  AND player_id = CASE ?2 WHEN 1 THEN white_id ELSE black_id END"     \
	"  AND holder <> ?6"                                                   \
	"  AND " STORE_GONE_CLAIM_FROM_SQL " <= ?4)"

/* See store_live.h. As store_match_claim_timeout(): one UPDATE whose
 * WHERE is the whole rule (?6 this connection's seat-holding number; the
 * grace the match's own, kept from the club's when it started), then
 * the count. */
enum store_status store_match_claim_gone(struct store *s, long long id,
					 enum match_result result, int nmoves,
					 long long now_ms)
{
	const long long args[] = {
		id, result, nmoves, now_ms, s->seat.player_id, s->seat.holder};
	enum store_status st;

	store_clear_err(s);
	if (s->seat.match_id != id) {
		store_set_err(s, WHAT_GONE,
			      "the claimant is not at their seat");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_GONE);
	if (st != STORE_OK)
		return st;
	st = store_check_now(s, now_ms, WHAT_GONE);
	if (st == STORE_OK)
		st = store_check_match_sessions(s, id, WHAT_GONE);
	if (st == STORE_OK)
		st = store_seat_check(s, id, WHAT_GONE);
	if (st == STORE_OK)
		st = store_exec_one(s, CLAIM_GONE, args, 6, WHAT_GONE,
				    STORE_ERR,
				    "the opponent is not gone long enough, or "
				    "not to move");
	if (st == STORE_OK)
		st = store_count_or_abort(s, id, WHAT_GONE);
	return store_finish(s, st, WHAT_GONE);
}

/* Fill *out from a row of status, result, reason and the moves. Return
 * 0, or -1 when a word is not valid. */
static int row_to_now(struct sql_stmt *st, struct match_now *out)
{
	const char *result = sql_text(st, 1);
	const char *reason = sql_text(st, 2);
	int status = match_status_value(sql_text(st, 0));
	int res = result != NULL ? match_result_value(result) : 0;
	int why = reason != NULL ? match_reason_value(reason) : 0;

	if (status < 0 || res < 0 || why < 0)
		return -1;
	out->status = (enum match_status)status;
	out->result = (enum match_result)res;
	out->reason = (enum match_reason)why;
	out->nmoves = sql_int(st, 3);
	out->turn_started_ms = sql_int64(st, 4);
	out->turn_allowed_ms = sql_int64(st, 5);
	store_column_time(st, 10, 6, &out->time);
	out->black_left_ms = sql_int64(st, 8);
	out->white_left_ms = sql_int64(st, 9);
	out->unrated = (enum match_unrated)sql_int(st, 11);
	return 0;
}

/* See store.h. */
enum store_status store_match_now(struct store *s, long long id,
				  struct match_now *out)
{
	enum store_status ret = STORE_ERR;
	struct match_now now;
	struct sql_stmt *st;

	store_clear_err(s);
	if (store_prepare_ints(
		    s,
		    "SELECT status, result, reason, (SELECT count(*)"
		    " FROM match_moves WHERE match_id = ?1),"
		    " turn_started_ms, turn_allowed_ms,"
		    " clock_base, clock_increment, black_left_ms,"
		    " white_left_ms, time_per_move, " STORE_UNRATED_SQL(
			    "unrated") " FROM matches"
				       " WHERE id = ?1",
		    &st, &id, 1, WHAT_NOW) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_NOW, "no such match");
	if (ret == STORE_OK && row_to_now(st, &now) != 0) {
		store_set_err(s, WHAT_NOW, "the stored match is not valid");
		ret = STORE_ERR;
	} else if (ret == STORE_OK) {
		*out = now;
	}
	store_release(s, st);
	return ret;
}

/* See store.h. The unary + keeps SQLite off the per-player indexes, so
 * it walks the small matches_unfinished index newest first and stops at
 * the first match the player is in. */
enum store_status store_match_unfinished(struct store *s, long long player_id,
					 long long *id)
{
	long long found = 0;
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(
		s,
		"SELECT id FROM matches WHERE status = 'unfinished'"
		" AND (+black_id = ?1 OR +white_id = ?1)"
		" ORDER BY started_at DESC, id DESC LIMIT 1",
		&player_id, 1, &found, 1, WHAT_UNFINISHED,
		"the player has no unfinished match");
	if (st == STORE_OK)
		*id = found;
	return st;
}

/* See store.h. Walks matches_unfinished, as above. */
enum store_status store_match_unfinished_between(struct store *s, long long a,
						 long long b, long long *id)
{
	const long long args[] = {a, b};
	long long found = 0;
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(
		s,
		"SELECT id FROM matches WHERE status = 'unfinished'"
		" AND kind = 'ranked' AND ((+black_id = ?1 AND +white_id = ?2)"
		" OR (+black_id = ?2 AND +white_id = ?1))"
		" ORDER BY started_at DESC, id DESC LIMIT 1",
		args, 2, &found, 1, WHAT_UNFINISHED,
		"the players have no unfinished match");
	if (st == STORE_OK)
		*id = found;
	return st;
}
