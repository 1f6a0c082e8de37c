/* store_challenges.c -- challenges between players logged in at two
 * terminals: made, read, answered, declined, withdrawn, expired, and a
 * rematch's (see store_live.h and docs/ARCHITECTURE.md, "Two
 * terminals"). */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "store_internal.h"
#include "store_live.h"

#define WHAT_CHALLENGE "cannot save the challenge"
#define WHAT_READ_CH   "cannot read the challenge"
#define WHAT_ANSWER    "cannot answer the challenge"

/* ==== Challenges ========================================================= */

/* The words the challenges table stores, by enum challenge_state. */
static const char *const state_words[] = {
	[CHALLENGE_PENDING] = "pending",     [CHALLENGE_ACCEPTED] = "accepted",
	[CHALLENGE_DECLINED] = "declined",   [CHALLENGE_EXPIRED] = "expired",
	[CHALLENGE_WITHDRAWN] = "withdrawn",
};

#define NSTATES ((int)(sizeof state_words / sizeof state_words[0]))

/* The state whose word is `word`, or 0 for none. */
static enum challenge_state state_value(const char *word)
{
	int i;

	for (i = 1; word != NULL && i < NSTATES; i++)
		if (strcmp(word, state_words[i]) == 0)
			return (enum challenge_state)i;
	return (enum challenge_state)0;
}

/* Bind challenge c to ?1 and ?2 (from, to), ?3..?11 (its game's
 * terms, store_bind_game()) and ?12 (created_at). Return SQL_OK or
 * the first error. */
static int bind_challenge(struct sql_stmt *st, const struct challenge *c)
{
	int rc = sql_bind_int64(st, 1, c->from_id);

	if (rc == SQL_OK)
		rc = sql_bind_int64(st, 2, c->to_id);
	if (rc == SQL_OK)
		rc = store_bind_game(st, 3, &c->game);
	if (rc == SQL_OK)
		rc = sql_bind_int64(st, 3 + STORE_GAME_DEF, c->created_at);
	return rc;
}

/* The INSERT of a new challenge (bind_challenge()'s ?1..?12, ?13 0),
 * the same offering unfinished match ?13, and offering a rematch of
 * match ?14, settled and the two players', each of the last two taking
 * that match's game (?3 to ?11 bound but unused: SQLite allows it below
 * the highest, ?14). */
#define CHALLENGE_INSERT                                                       \
	"INSERT INTO challenges (from_id, to_id, variant, rule, rows, cols,"   \
	" k, opening, time_per_move, created_at, resume_id, clock_base,"       \
	" clock_increment, rematch_of)"
#define CHALLENGE_NEW                                                          \
	CHALLENGE_INSERT " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?12,"   \
			 " nullif(?13, 0), ?10, ?11, nullif(?14, 0))"
#define CHALLENGE_OF_MATCH(resume, rematch)                                    \
	CHALLENGE_INSERT " SELECT ?1, ?2, variant, rule, rows, cols, k,"       \
			 " opening, time_per_move, ?12, " resume ","           \
			 " clock_base, clock_increment, " rematch              \
			 " FROM matches WHERE id = ?13 + ?14"
#define CHALLENGE_RESUME CHALLENGE_OF_MATCH("id", "NULL")
#define CHALLENGE_REMATCH                                                      \
	CHALLENGE_OF_MATCH("NULL", "id")                                       \
	" AND kind = 'ranked' AND status <> 'unfinished' AND"                  \
	" ((black_id = ?1 AND white_id = ?2) OR"                               \
	" (black_id = ?2 AND white_id = ?1))"

/* Inside the new challenge's transaction: insert c (offering match
 * `resume_id` when not 0, else a rematch of c->rematch_of when not 0),
 * its id into *id. */
static enum store_status insert_challenge(struct store *s,
					  const struct challenge *c,
					  long long resume_id, long long *id)
{
	long long rematch = resume_id != 0 ? 0 : c->rematch_of;
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	if (store_prepare(s,
			  resume_id != 0 ? CHALLENGE_RESUME
			  : rematch != 0 ? CHALLENGE_REMATCH
					 : CHALLENGE_NEW,
			  &st, WHAT_CHALLENGE) != 0)
		return STORE_ERR;
	rc = bind_challenge(st, c);
	if (rc == SQL_OK)
		rc = sql_bind_int64(st, 13, resume_id);
	if (rc == SQL_OK)
		rc = sql_bind_int64(st, 14, rematch);
	if (rc != SQL_OK) {
		store_set_db_err(s, WHAT_CHALLENGE);
		goto out_finalize;
	}
	rc = store_step_done(s, st, WHAT_CHALLENGE);
	if (rc == SQL_DONE && sql_changes(s->db) == 1) {
		*id = sql_last_id(s->db);
		ret = STORE_OK;
	} else if (rc == SQL_DONE) {
		store_set_err(s, WHAT_CHALLENGE,
			      rematch != 0 ? "not a settled ranked match of "
					     "the two players"
					   : "the match offered is gone");
	} else {
		ret = store_missing_key(s, rc, WHAT_CHALLENGE);
	}
out_finalize:
	store_release(s, st);
	return ret;
}

/* Inside the new challenge's transaction: delete the challenges settled
 * long enough (made STORE_CHALLENGE_KEEP seconds before `now`: any
 * still pending then has expired), but for the declines and withdrawals
 * whose cooldown still runs. */
static enum store_status delete_settled(struct store *s, long long now)
{
	const long long args[] = {now - STORE_CHALLENGE_KEEP,
				  now - STORE_CHALLENGE_COOLDOWN};

	_Static_assert(STORE_CHALLENGE_KEEP > STORE_CHALLENGE_TTL,
		       "a pending challenge is never deleted");
	return store_exec_ints(s,
			       "DELETE FROM challenges WHERE created_at <= ?1"
			       " AND NOT (state IN ('declined', 'withdrawn')"
			       " AND coalesce(closed_at, created_at) > ?2)",
			       args, 2, WHAT_CHALLENGE) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* Inside a transaction: the one number `sql` (an aggregate, with args
 * as ?1..?n) reads, into *out. */
static enum store_status read_number(struct store *s, const char *sql,
				     const long long *args, int n,
				     long long *out)
{
	return store_query_ints(s, sql, args, n, out, 1, WHAT_CHALLENGE,
				"no answer");
}

/* The pending challenge (younger than the TTL at ?3) from ?1 to ?2, or 0. */
#define PENDING_FROM_TO                                                        \
	"SELECT coalesce(min(id), 0) FROM challenges WHERE from_id = ?1"       \
	" AND to_id = ?2 AND state = 'pending' AND created_at > ?3"

/* Inside the new challenge's transaction: which rule of challenges
 * refuses c (r->refused; r->id, r->wait as store_live.h says), judged at
 * c->created_at. STORE_EXISTS when one does, STORE_OK when none. */
static enum store_status challenge_rules(struct store *s,
					 const struct challenge *c,
					 struct challenge_sent *r)
{
	const long long now = c->created_at;
	const long long taking[] = {c->to_id, now - STORE_PRESENCE_STALE};
	const long long theirs[] = {c->to_id, c->from_id,
				    now - STORE_CHALLENGE_TTL};
	const long long mine[] = {c->from_id, c->to_id,
				  now - STORE_CHALLENGE_TTL};
	long long n = 0, last = 0;
	enum store_status st;

	st = read_number(s,
			 "SELECT count(*) FROM presence WHERE player_id = ?1"
			 " AND refusing = 1 AND refreshed_at >= ?2",
			 taking, 2, &n);
	if (st == STORE_OK && n > 0)
		r->refused = CHALLENGE_NOT_TAKING;
	if (st == STORE_OK && !r->refused)
		st = read_number(s, PENDING_FROM_TO, theirs, 3, &r->id);
	if (st == STORE_OK && !r->refused && r->id != 0)
		r->refused = CHALLENGE_CROSSED;
	if (st == STORE_OK && !r->refused)
		st = read_number(s, PENDING_FROM_TO, mine, 3, &n);
	if (st == STORE_OK && !r->refused && n != 0)
		r->refused = CHALLENGE_ALREADY_SENT;
	if (st == STORE_OK && !r->refused)
		st = read_number(s,
				 "SELECT coalesce(max(coalesce(closed_at,"
				 " created_at)), 0) FROM challenges"
				 " WHERE from_id = ?1 AND to_id = ?2"
				 " AND state IN ('declined', 'withdrawn')",
				 mine, 2, &last);
	if (st == STORE_OK && !r->refused &&
	    last + STORE_CHALLENGE_COOLDOWN > now && last != 0) {
		r->refused = CHALLENGE_TOO_SOON;
		r->wait = last + STORE_CHALLENGE_COOLDOWN - now;
	}
	if (st == STORE_OK && r->refused) {
		store_set_err(s, WHAT_CHALLENGE,
			      "the rules of challenges "
			      "refuse it now");
		st = STORE_EXISTS;
	}
	return st;
}

/* See store_live.h. */
enum store_status store_challenge_new(struct store *s,
				      const struct challenge *c,
				      struct challenge_sent *out)
{
	const long long players[] = {c->from_id, c->to_id};
	struct challenge_sent r = {CHALLENGE_SENT, 0, 0, 0};
	enum store_status st;

	store_clear_err(s);
	if (c->from_id == c->to_id) {
		store_set_err(s, WHAT_CHALLENGE,
			      "a player cannot challenge themselves");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_CHALLENGE);
	if (st != STORE_OK)
		return st;
	st = store_check_sessions(s, players, 2, WHAT_CHALLENGE);
	if (st == STORE_OK)
		st = delete_settled(s, c->created_at);
	if (st == STORE_OK)
		st = challenge_rules(s, c, &r);
	if (st == STORE_OK) {
		st = store_match_unfinished_between(s, c->from_id, c->to_id,
						    &r.resume_id);
		if (st == STORE_NOT_FOUND) {
			store_clear_err(s);
			st = STORE_OK;
		}
	}
	if (st == STORE_OK)
		st = insert_challenge(s, c, r.resume_id, &r.id);
	st = store_finish(s, st, WHAT_CHALLENGE);
	if (st == STORE_OK || st == STORE_EXISTS)
		*out = r;
	return st;
}

/* The columns of a challenge, in the order row_to_challenge() reads
 * them; ?2 is `now`. */
#define CHALLENGE_COLUMNS                                                      \
	"SELECT id, from_id, to_id, variant, rule, rows, cols, k, opening,"    \
	" time_per_move, clock_base, clock_increment, created_at,"             \
	" CASE WHEN state = 'pending' AND created_at <= ?2 - 60"               \
	" THEN 'expired' ELSE state END, coalesce(match_id, 0),"               \
	" coalesce(resume_id, 0),"                                             \
	" coalesce(rematch_of, 0), coalesce((SELECT CAST(rated = 0 AS "        \
	"INTEGER)"                                                             \
	" FROM matches WHERE matches.id = rematch_of), 0) FROM challenges "

_Static_assert(STORE_CHALLENGE_TTL == 60, "CHALLENGE_COLUMNS says 60");

/* Fill *c from a row of CHALLENGE_COLUMNS. Return 0, or -1 when a word
 * is not valid. */
static int row_to_challenge(struct sql_stmt *st, struct challenge *c)
{
	enum { AFTER = 3 + STORE_GAME_DEF }; /* the columns after the terms */

	memset(c, 0, sizeof(*c));
	c->state = state_value(sql_text(st, AFTER + 1));
	if (c->state == 0 || store_row_game(st, 3, &c->game) != 0)
		return -1;
	c->id = sql_int64(st, 0);
	c->from_id = sql_int64(st, 1);
	c->to_id = sql_int64(st, 2);
	c->created_at = sql_int64(st, AFTER);
	c->match_id = sql_int64(st, AFTER + 2);
	c->resume_id = sql_int64(st, AFTER + 3);
	c->rematch_of = sql_int64(st, AFTER + 4);
	c->casual = sql_int(st, AFTER + 5) != 0;
	return 0;
}

/* Read the one challenge `sql` (CHALLENGE_COLUMNS and a condition on ?1,
 * with ?2 now) finds into *out. */
static enum store_status read_challenge(struct store *s, const char *sql,
					long long key, long long now,
					struct challenge *out)
{
	const long long args[] = {key, now};
	enum store_status ret;
	struct challenge c;
	struct sql_stmt *st;

	if (store_prepare_ints(s, sql, &st, args, 2, WHAT_READ_CH) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_READ_CH, "no such challenge");
	if (ret == STORE_OK && row_to_challenge(st, &c) != 0) {
		store_set_err(s, WHAT_READ_CH,
			      "the stored challenge is not "
			      "valid");
		ret = STORE_ERR;
	} else if (ret == STORE_OK) {
		*out = c;
	}
	store_release(s, st);
	return ret;
}

/* See store_live.h. */
enum store_status store_challenge_get(struct store *s, long long id,
				      long long now, struct challenge *out)
{
	store_clear_err(s);
	return read_challenge(s, CHALLENGE_COLUMNS "WHERE id = ?1", id, now,
			      out);
}

/* The end of a query of CHALLENGE_COLUMNS for the oldest challenge
 * still pending at ?2 among those its condition (before it) names. */
#define CHALLENGE_OLDEST_PENDING                                               \
	" AND state = 'pending' AND created_at > ?2 - 60"                      \
	" ORDER BY created_at, id LIMIT 1"

_Static_assert(STORE_CHALLENGE_TTL == 60, "CHALLENGE_OLDEST_PENDING says 60");

/* See store_live.h. */
enum store_status store_challenge_for(struct store *s, long long to_id,
				      long long now, struct challenge *out)
{
	store_clear_err(s);
	return read_challenge(s,
			      CHALLENGE_COLUMNS
			      "INDEXED BY challenges_pending"
			      " WHERE to_id = ?1" CHALLENGE_OLDEST_PENDING,
			      to_id, now, out);
}

/* See store_live.h. */
enum store_status store_rematch_pending(struct store *s, long long match_id,
					long long now, struct challenge *out)
{
	store_clear_err(s);
	return read_challenge(s,
			      CHALLENGE_COLUMNS
			      "WHERE rematch_of = ?1" CHALLENGE_OLDEST_PENDING,
			      match_id, now, out);
}

/* The sessions of challenge c's two players, in the caller's
 * transaction (store_check_sessions()). */
static enum store_status check_challenge_sessions(struct store *s,
						  const struct challenge *c)
{
	const long long players[] = {c->from_id, c->to_id};

	return store_check_sessions(s, players, 2, WHAT_ANSWER);
}

/* Why challenge c cannot be answered by starting match h, or NULL. */
static const char *accept_problem(const struct challenge *c,
				  const struct match_header *h)
{
	if (c->state != CHALLENGE_PENDING)
		return "the challenge is no longer open";
	if (c->resume_id != 0 || c->rematch_of != 0)
		return NULL; /* h is ignored */
	if (h == NULL || h->kind != MATCH_RANKED ||
	    h->game.opening != c->game.opening ||
	    !clock_same(&h->game.time, &c->game.time) ||
	    !((h->black_id == c->from_id && h->white_id == c->to_id) ||
	      (h->black_id == c->to_id && h->white_id == c->from_id)))
		return "the match is not the challenge's";
	return NULL;
}

/* Inside the answer's transaction: rematch challenge c's match at
 * `now` into *h: c's game (the other match's, stored with c), the
 * colours of c->rematch_of swapped, casual when it was. */
static enum store_status rematch_header(struct store *s,
					const struct challenge *c,
					long long now, struct match_header *h)
{
	long long was[3]; /* white, black, rated */

	if (store_query_ints(s,
			     "SELECT white_id, black_id, rated FROM matches"
			     " WHERE id = ?1",
			     &c->rematch_of, 1, was, 3, WHAT_ANSWER,
			     "the match to play again is gone") != STORE_OK)
		return STORE_ERR;
	memset(h, 0, sizeof(*h));
	h->kind = MATCH_RANKED;
	h->black_id = was[0];
	h->white_id = was[1];
	h->game = c->game;
	h->started_at = now;
	h->casual = was[2] == 0;
	return STORE_OK;
}

/* See store_live.h. */
enum store_status store_challenge_accept(struct store *s, long long id,
					 const struct match_header *h,
					 long long now, long long *match_id)
{
	long long args[] = {id, 0, now};
	struct match_header again;
	bool resumed = false;
	enum store_status st;
	struct challenge c;
	const char *why;

	store_clear_err(s);
	st = store_begin(s, WHAT_ANSWER);
	if (st != STORE_OK)
		return st;
	st = read_challenge(s, CHALLENGE_COLUMNS "WHERE id = ?1", id, now, &c);
	if (st == STORE_OK)
		st = check_challenge_sessions(s, &c);
	why = st == STORE_OK ? accept_problem(&c, h) : NULL;
	if (why != NULL) {
		store_set_err(s, WHAT_ANSWER, why);
		st = STORE_ERR;
	}
	if (st == STORE_OK && c.resume_id != 0) {
		args[1] = c.resume_id;
		st = store_match_go_on(s, c.resume_id, c.from_id, c.to_id, now,
				       WHAT_ANSWER);
	} else if (st == STORE_OK && c.rematch_of != 0) {
		st = rematch_header(s, &c, now, &again);
		if (st == STORE_OK)
			st = store_match_begin(s, &again, false, &args[1],
					       &resumed);
	} else if (st == STORE_OK) {
		/* One INSERT: inside this transaction, not one of its own;
		 * a match from two terminals, whatever the club's ranked
		 * hot-seat. */
		st = store_match_begin(s, h, false, &args[1], &resumed);
	}
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE challenges SET state = 'accepted',"
			    " match_id = ?2, closed_at = ?3 WHERE id = ?1",
			    args, 3, WHAT_ANSWER) != SQL_DONE)
		st = STORE_ERR;
	st = store_finish(s, st, WHAT_ANSWER);
	if (st == STORE_OK)
		*match_id = args[1];
	return st;
}

/* See store_live.h. */
enum store_status store_challenge_close(struct store *s, long long id,
					enum challenge_state state,
					long long now)
{
	enum store_status st;
	struct challenge c;
	long long args[] = {id, 0, now};

	store_clear_err(s);
	if (state != CHALLENGE_DECLINED && state != CHALLENGE_EXPIRED &&
	    state != CHALLENGE_WITHDRAWN) {
		store_set_err(s, WHAT_ANSWER, "not a way to end a challenge");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_ANSWER);
	if (st != STORE_OK)
		return st;
	st = read_challenge(s, CHALLENGE_COLUMNS "WHERE id = ?1", id, now, &c);
	if (st == STORE_OK)
		st = check_challenge_sessions(s, &c);
	if (st == STORE_OK && c.state != CHALLENGE_PENDING &&
	    c.state != CHALLENGE_EXPIRED) {
		store_set_err(s, WHAT_ANSWER, "the challenge was answered");
		st = STORE_ERR;
	}
	if (st == STORE_OK && c.state == CHALLENGE_EXPIRED)
		state = CHALLENGE_EXPIRED;
	_Static_assert(CHALLENGE_DECLINED == 3 && CHALLENGE_EXPIRED == 4,
		       "the UPDATE below numbers the states");
	args[1] = (long long)state;
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE challenges SET state = CASE ?2"
			    " WHEN 3 THEN 'declined' WHEN 4 THEN 'expired'"
			    " ELSE 'withdrawn' END, closed_at = ?3"
			    " WHERE id = ?1",
			    args, 3, WHAT_ANSWER) != SQL_DONE)
		st = STORE_ERR;
	return store_finish(s, st, WHAT_ANSWER);
}
