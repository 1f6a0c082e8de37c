/* store_matches.c -- writing matches: started and saved move by move as
 * they are played, then finished or abandoned; or imported whole. And
 * reading one back whole, to resume or replay it. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

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
#define WHAT_LOAD_MATCH "cannot load the match"
#define WHAT_IMPORT	"cannot import the game"
#define WHAT_RULES	"cannot read the match's rules"

/* The SQL value, on a row m of matches, of when (Unix ms) the player
 * not to move may claim it when player `who` is to move (the claim wait
 * does not run while they are locked out: STORE_WAIT_END_SQL). */
#define CLAIM_FROM_SQL(who)                                                    \
	STORE_WAIT_END_SQL("m.turn_started_ms", "86400 * m.claim_after_days",  \
			   who)

/* ==== Writing match rows and moves ====================================== */

/* How a new match row ends: unfinished (result RESULT_NONE), or
 * finished with a result, a reason and an end time. */
struct ending {
	enum match_result result;
	enum match_reason reason;
	long long ended_at;
};

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

/* Check header `h`. Return 0, or -1 with the error kept. */
static int check_header(struct store *s, const struct match_header *h,
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
static int bind_ending(struct sql_stmt *st, const struct ending *e)
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

/* Insert a match row for `h` ending as `e`, with the club's rules made
 * stricter where `h` asks, and only while the club allows ranked
 * hot-seat when `one_terminal`; its id goes to *id. Return STORE_OK,
 * STORE_NOT_FOUND (a player id that does not exist) or STORE_ERR. */
static enum store_status insert_row(struct store *s,
				    const struct match_header *h,
				    const struct ending *e, bool one_terminal,
				    long long *id, const char *what)
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
		    " max(?21, c.claim_after_days), CASE WHEN ?22 = 1"
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

/* Keep a clearer error than SQLite's for a failed move insert with
 * code `rc`: a taken cell or move number. */
static void explain_move(struct store *s, int rc, int row, int col,
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
		explain_move(s, rc, moves[i].row, moves[i].col, what);
		if (rc != SQL_DONE || sql_reset(st) != SQL_OK)
			goto out_finalize;
	}
	ret = STORE_OK;
out_finalize:
	store_release(s, st);
	return ret;
}

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
	const struct ending e = {RESULT_NONE, REASON_NONE, 0};
	const long long players[] = {h->black_id, h->white_id};
	bool own = !sql_in_transaction(s->db);
	enum store_status st;
	long long new_id = 0;

	store_clear_err(s);
	if (resumed != NULL)
		*resumed = false;
	if (check_header(s, h, WHAT_START) != 0)
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
		st = insert_row(s, h, &e,
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
		" 1000 * max(?2, started_at) ELSE turn_started_ms"
		" END, turn_allowed_ms = max(0, " STORE_TURN_FULL_SQL
		" - clock_used_ms),"
		" last_active_at = max(?2, started_at)"
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
		explain_move(s, rc, row, col, WHAT_MOVE);
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
			  " reason = ?3, ended_at = max(?4, started_at)"
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
	    store_exec_ints(s,
			    "UPDATE matches SET status = CASE WHEN kind ="
			    " 'ranked' AND " STORE_UNPLAYED_SQL " THEN"
			    " 'aborted' ELSE 'abandoned' END,"
			    " ended_at = max(?2, started_at) WHERE id = ?1",
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
			     " - max(0, min(turn_allowed_ms,"
			     " turn_allowed_ms + turn_started_ms - ?2)),"
			     " last_active_at = max(?2 / 1000, started_at)"
			     " WHERE id = ?1");
}

/* See store.h. */
enum store_status store_match_resume(struct store *s, long long id,
				     long long now)
{
	return update_played(s, id, now, true,
			     "UPDATE matches SET turn_started_ms ="
			     " 1000 * max(?2, started_at), turn_allowed_ms ="
			     " max(0, " STORE_TURN_FULL_SQL " - clock_used_ms),"
			     " last_active_at = max(?2, started_at)"
			     " WHERE id = ?1");
}

/* Why unfinished match `id` (its state m) cannot be claimed for
 * `result` with `nmoves` seen at `now`, by its own claim wait from its
 * turn's start (CLAIM_FROM_SQL, the loser's); NULL when it can, and
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
			       "SELECT " CLAIM_FROM_SQL(
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
			" reason = 'timeout', ended_at = max(?4, started_at)"
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
	" reason = 'abandoned', ended_at = max(?4 / 1000, started_at)"         \
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

/* ==== Reading matches back ============================================== */

/* Copy column `col` (NULL reads as "") into buf[size]. Return 0, or -1
 * when it does not fit. */
static int column_copy(struct sql_stmt *st, int col, char *buf, size_t size)
{
	const char *text = sql_text(st, col);
	size_t len = (size_t)sql_bytes(st, col);

	if (text == NULL)
		len = 0;
	if (len >= size)
		return -1;
	if (len > 0)
		memcpy(buf, text, len);
	buf[len] = '\0';
	return 0;
}

/* The columns row_to_full() reads, in its order: the game
 * (store_row_game()'s nine), the words, the rest. */
#define FULL_COLUMNS                                                           \
	STORE_GAME_COLUMNS                                                     \
	", m.kind, m.status, m.rule, m.result, m.reason,"                      \
	" coalesce(m.black_id, 0), coalesce(m.white_id, 0),"                   \
	" coalesce(m.ai_level, 0), m.started_at, coalesce(m.ended_at, 0),"     \
	" coalesce(b.nickname, m.black_name), coalesce(w.nickname,"            \
	" m.white_name), b.username, w.username,"                              \
	" m.clock_used_ms, m.opening_stones, m.colours_final,"                 \
	" m.last_active_at, m.turn_started_ms, m.turn_allowed_ms,"             \
	" m.claim_after_days, m.forbidden = 'lose', m.disconnect_grace,"       \
	" m.black_left_ms, m.white_left_ms, m.rated, " CLAIM_FROM_BOTH         \
	", " STORE_UNRATED_SQL("m.unrated")
/* FULL_COLUMNS' two claim times, black's then white's. */
#define CLAIM_FROM_BOTH                                                        \
	CLAIM_FROM_SQL("m.black_id") ", " CLAIM_FROM_SQL("m.white_id")

/* Fill the game and the words of *out from a row of FULL_COLUMNS.
 * Return 0, or -1 when one is not valid. */
static int row_to_words(struct sql_stmt *st, struct match_full *out)
{
	struct match_words w;

	if (store_row_game(st, 0, &out->game) != 0 ||
	    store_read_words(st, STORE_GAME_DEF, 5, &w) != 0)
		return -1;
	out->kind = w.kind;
	out->status = w.status;
	out->result = w.result;
	out->reason = w.reason;
	return 0;
}

/* Fill *out's header from a row of FULL_COLUMNS. Return 0, or -1 when
 * something stored is not valid. */
static int row_to_full(struct sql_stmt *st, struct match_full *out)
{
	enum { AFTER = STORE_GAME_DEF + 5 }; /* the game's and the words */

	if (row_to_words(st, out) != 0)
		return -1;
	out->black_id = sql_int64(st, AFTER);
	out->white_id = sql_int64(st, AFTER + 1);
	out->ai_level = sql_int(st, AFTER + 2);
	out->started_at = sql_int64(st, AFTER + 3);
	out->ended_at = sql_int64(st, AFTER + 4);
	out->clock_used_ms = sql_int64(st, AFTER + 9);
	out->opening_stones = sql_int(st, AFTER + 10);
	out->colours_final = sql_int(st, AFTER + 11) != 0;
	out->last_active_at = sql_int64(st, AFTER + 12);
	out->turn_started_ms = sql_int64(st, AFTER + 13);
	out->turn_allowed_ms = sql_int64(st, AFTER + 14);
	out->rules.claim_after_days = sql_int(st, AFTER + 15);
	out->rules.forbidden_loses = sql_int(st, AFTER + 16) != 0;
	out->rules.disconnect_grace = sql_int(st, AFTER + 17);
	out->black_left_ms = sql_int64(st, AFTER + 18);
	out->white_left_ms = sql_int64(st, AFTER + 19);
	out->casual = sql_int(st, AFTER + 20) == 0;
	out->claim_from_ms[0] = sql_int64(st, AFTER + 21);
	out->claim_from_ms[1] = sql_int64(st, AFTER + 22);
	out->unrated = (enum match_unrated)sql_int(st, AFTER + 23);
	if (column_copy(st, AFTER + 5, out->black_name,
			sizeof out->black_name) ||
	    column_copy(st, AFTER + 6, out->white_name,
			sizeof out->white_name) ||
	    column_copy(st, AFTER + 7, out->black_username,
			sizeof out->black_username) ||
	    column_copy(st, AFTER + 8, out->white_username,
			sizeof out->white_username))
		return -1;
	return 0;
}

/* Read match `id`'s row into *out. Return STORE_OK, STORE_NOT_FOUND or
 * STORE_ERR. */
static enum store_status load_header(struct store *s, long long id,
				     struct match_full *out)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	if (store_prepare_ints(s,
			       "SELECT " FULL_COLUMNS " FROM matches AS m"
			       " LEFT JOIN players AS b ON b.id = m.black_id"
			       " LEFT JOIN players AS w ON w.id = m.white_id"
			       " WHERE m.id = ?1",
			       &st, &id, 1, WHAT_LOAD_MATCH) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_LOAD_MATCH, "no such match");
	if (ret == STORE_OK && row_to_full(st, out) != 0) {
		store_set_err(s, WHAT_LOAD_MATCH,
			      "the stored match is not valid");
		ret = STORE_ERR;
	} else if (ret == STORE_OK) {
		out->id = id;
	}
	store_release(s, st);
	return ret;
}

/* Read match `id`'s moves, in order, into *out. Return STORE_OK, or
 * STORE_ERR when they cannot be read or are not 1, 2, 3, ... */
static enum store_status load_moves(struct store *s, long long id,
				    struct match_full *out)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int n = 0, rc;

	if (store_prepare_ints(s,
			       "SELECT ply, row, col, ms, coalesce(left_ms, -1)"
			       " FROM match_moves"
			       " WHERE match_id = ?1 ORDER BY ply",
			       &st, &id, 1, WHAT_LOAD_MATCH) != 0)
		return STORE_ERR;
	for (rc = sql_step(st); rc == SQL_ROW; rc = sql_step(st)) {
		if (n == BOARD_MAX_CELLS || sql_int(st, 0) != n + 1)
			break;
		out->moves[n].row = (unsigned char)sql_int(st, 1);
		out->moves[n].col = (unsigned char)sql_int(st, 2);
		out->move_ms[n] = sql_int64(st, 3);
		out->move_left_ms[n] = sql_int64(st, 4);
		n++;
	}
	out->nmoves = n;
	if (rc == SQL_DONE)
		ret = STORE_OK;
	else if (rc == SQL_ROW)
		store_set_err(s, WHAT_LOAD_MATCH,
			      "the stored moves have a gap");
	else
		store_set_db_err(s, WHAT_LOAD_MATCH);
	store_release(s, st);
	return ret;
}

/* See store.h. */
enum store_status store_match_load(struct store *s, long long id,
				   struct match_full *out)
{
	enum store_status st;

	store_clear_err(s);
	memset(out, 0, sizeof *out);
	st = store_begin_read(s, WHAT_LOAD_MATCH);
	if (st != STORE_OK)
		return st;
	st = load_header(s, id, out);
	if (st == STORE_OK)
		st = load_moves(s, id, out);
	return store_finish(s, st, WHAT_LOAD_MATCH);
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
	struct ending e = {result, reason, h->started_at};
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
	st = insert_row(s, h, &e, false, &new_id, WHAT_IMPORT);
	if (st == STORE_OK)
		st = insert_moves(s, new_id, nmoves, moves, ms, WHAT_IMPORT);
	st = store_finish(s, st, WHAT_IMPORT);
	if (st == STORE_OK)
		*id = new_id;
	return st;
}
