/* store_live.c -- the store as the channel between processes: the
 * matches in progress a watcher lists, the presence rows of logged-in
 * processes, and challenges (see store_live.h and docs/ARCHITECTURE.md,
 * "Two terminals"). */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "store_internal.h"
#include "store_live.h"

#define WHAT_VERSION   "cannot read the database's version"
#define WHAT_LIVE      "cannot list the matches in progress"
#define WHAT_PRESENCE  "cannot save who is here"
#define WHAT_PRESENT   "cannot list who is here"
#define WHAT_CHALLENGE "cannot save the challenge"
#define WHAT_READ_CH   "cannot read the challenge"
#define WHAT_ANSWER    "cannot answer the challenge"
#define WHAT_TIMEOUT   "cannot claim the match on time"
#define WHAT_REQUEST   "cannot save the request"

/* See store_live.h. */
enum store_status store_data_version(struct store *s, long long *version)
{
	long long v;

	store_clear_err(s);
	if (store_query_int(s, "PRAGMA data_version", &v, WHAT_VERSION) !=
	    SQLITE_OK)
		return STORE_ERR;
	*version = v;
	return STORE_OK;
}

/* Copy column `col` (text, or NULL for "") into buf[cap]. */
static void copy_text(sqlite3_stmt *st, int col, char *buf, size_t cap)
{
	const char *t = (const char *)sqlite3_column_text(st, col);

	snprintf(buf, cap, "%s", t != NULL ? t : "");
}

/* ==== Matches in progress ================================================ */

/* Fill *m from a row of store_live_matches()'s query. Return 0, or -1
 * when its kind is not valid. */
static int row_to_live(sqlite3_stmt *st, struct live_match *m)
{
	int kind = match_kind_value((const char *)sqlite3_column_text(st, 1));

	if (kind < 0)
		return -1;
	memset(m, 0, sizeof(*m));
	m->id = sqlite3_column_int64(st, 0);
	m->kind = (enum match_kind)kind;
	copy_text(st, 2, m->black, sizeof(m->black));
	copy_text(st, 3, m->white, sizeof(m->white));
	m->ai_level = sqlite3_column_int(st, 4);
	copy_text(st, 5, m->variant, sizeof(m->variant));
	m->nmoves = sqlite3_column_int(st, 6);
	m->last_active_at = sqlite3_column_int64(st, 7);
	return 0;
}

/* See store_live.h. The partial index matches_unfinished holds only
 * the unfinished matches, so the list costs what is in progress, not
 * what was ever played. */
enum store_status
store_live_matches(struct store *s, int limit,
		   int (*row)(void *ctx, const struct live_match *m), void *ctx)
{
	const long long args[] = {limit};
	enum store_status ret = STORE_ERR;
	struct live_match m;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (row == NULL || limit < 0) {
		store_set_err(s, WHAT_LIVE, "no callback or a negative limit");
		return STORE_ERR;
	}
	if (store_prepare_ints(
		    s,
		    "SELECT m.id, m.kind, b.username, w.username, m.ai_level,"
		    " m.variant, (SELECT count(*) FROM match_moves"
		    "  WHERE match_id = m.id), m.last_active_at"
		    " FROM matches AS m INDEXED BY matches_unfinished"
		    " LEFT JOIN players AS b ON b.id = m.black_id"
		    " LEFT JOIN players AS w ON w.id = m.white_id"
		    " WHERE m.status = 'unfinished' AND m.kind <> 'imported'"
		    " ORDER BY m.last_active_at DESC, m.id DESC LIMIT ?1",
		    &st, args, 1, WHAT_LIVE) != 0)
		return STORE_ERR;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (row_to_live(st, &m) != 0) {
			store_set_err(s, WHAT_LIVE,
				      "a stored match is not "
				      "valid");
			goto out_finalize;
		}
		if (row(ctx, &m) != 0)
			break;
	}
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		ret = STORE_OK;
	else
		store_set_db_err(s, WHAT_LIVE);
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store_live.h. One UPDATE whose WHERE is the whole rule, so the
 * check and the change are one step; then the count, in the same
 * transaction. */
enum store_status store_match_claim_timeout(struct store *s, long long id,
					    enum match_result result,
					    int nmoves, long long grace,
					    long long now)
{
	const long long args[] = {id, result, nmoves, now, grace};
	enum store_status st;

	store_clear_err(s);
	_Static_assert(RESULT_BLACK_WIN == 1 && RESULT_WHITE_WIN == 2,
		       "the UPDATE below numbers the results");
	st = store_begin(s, WHAT_TIMEOUT);
	if (st != STORE_OK)
		return st;
	if (store_exec_ints(
		    s,
		    "UPDATE matches SET status = 'finished', result ="
		    " CASE ?2 WHEN 1 THEN 'black' ELSE 'white' END,"
		    " reason = 'timeout', ended_at = max(?4, started_at)"
		    " WHERE id = ?1 AND status = 'unfinished'"
		    " AND kind = 'ranked' AND time_per_move > 0"
		    " AND colours_final = 1 AND ?2 = 2 - ?3 % 2"
		    " AND (SELECT count(*) FROM match_moves"
		    "  WHERE match_id = ?1) = ?3"
		    " AND last_active_at + time_per_move + ?5 <= ?4",
		    args, 5, WHAT_TIMEOUT) != SQLITE_DONE)
		st = STORE_ERR;
	if (st == STORE_OK && sqlite3_changes(s->db) != 1) {
		store_set_err(s, WHAT_TIMEOUT,
			      "the match is not waiting for a move whose time "
			      "is gone");
		st = STORE_ERR;
	}
	if (st == STORE_OK)
		st = store_count_ranked(s, id, WHAT_TIMEOUT);
	return store_finish(s, st, WHAT_TIMEOUT);
}

/* ==== Requests between two terminals ===================================== */

/* Store the request the INSERT ... SELECT `sql` makes from ?1 (the
 * match), ?2 (the ply) and ?3 (now) when its WHERE allows, saying
 * `refused` when it does not. */
static enum store_status new_request(struct store *s, const char *sql,
				     long long id, int ply, long long now,
				     const char *refused)
{
	const long long args[] = {id, ply, now};

	store_clear_err(s);
	if (store_exec_ints(s, sql, args, 3, WHAT_REQUEST) != SQLITE_DONE)
		return STORE_ERR;
	if (sqlite3_changes(s->db) != 1) {
		store_set_err(s, WHAT_REQUEST, refused);
		return STORE_ERR;
	}
	return STORE_OK;
}

/* See store_live.h. */
enum store_status store_request_draw(struct store *s, long long id, int ply,
				     long long now)
{
	return new_request(s,
			   "INSERT OR REPLACE INTO match_requests (match_id,"
			   " kind, ply, state, created_at) SELECT ?1, 'draw',"
			   " ?2, 'pending', ?3 FROM matches WHERE id = ?1"
			   " AND status = 'unfinished'",
			   id, ply, now, "the match is not unfinished");
}

/* See store_live.h. One INSERT whose WHERE is the whole rule. */
enum store_status store_request_undo(struct store *s, long long id, int ply,
				     long long now)
{
	return new_request(s,
			   "INSERT OR REPLACE INTO match_requests (match_id,"
			   " kind, ply, state, created_at) SELECT ?1, 'undo',"
			   " ?2, 'pending', ?3 FROM matches WHERE id = ?1"
			   " AND status = 'unfinished' AND colours_final = 1"
			   " AND ?2 - 2 >= opening_stones AND ?2 >= 2"
			   " AND (SELECT count(*) FROM match_moves"
			   "  WHERE match_id = ?1) = ?2",
			   id, ply, now,
			   "there are no two moves after the opening to take "
			   "back");
}

/* See store_live.h. */
enum store_status store_request_get(struct store *s, long long id, int ply,
				    enum request_state *state)
{
	const long long args[] = {id, ply};
	long long v = 0;
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(s,
			      "SELECT CASE state WHEN 'pending' THEN 1"
			      " WHEN 'accepted' THEN 2 ELSE 3 END"
			      " FROM match_requests WHERE match_id = ?1"
			      " AND ply = ?2",
			      args, 2, &v, 1, WHAT_REQUEST, "none");
	if (st == STORE_NOT_FOUND)
		st = STORE_OK; /* v stays 0: REQUEST_NONE */
	if (st == STORE_OK)
		*state = (enum request_state)v;
	return st;
}

/* See store_live.h. */
enum store_status store_request_pending(struct store *s, long long id, int ply,
					enum request_kind *kind)
{
	const long long args[] = {id, ply};
	long long undo = 0;
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(s,
			      "SELECT kind = 'undo' FROM match_requests"
			      " WHERE match_id = ?1 AND ply = ?2"
			      " AND state = 'pending'",
			      args, 2, &undo, 1, WHAT_REQUEST,
			      "no such pending request");
	if (st == STORE_OK)
		*kind = undo ? REQUEST_UNDO : REQUEST_DRAW;
	return st;
}

/* Inside the answer's transaction: take back the last two of the `ply`
 * moves of match `id` (an undo accepted at `now`). STORE_ERR when the
 * match is not unfinished with exactly those moves. */
static enum store_status take_back(struct store *s, long long id, int ply,
				   long long now)
{
	const long long args[] = {id, ply, now};

	if (store_exec_ints(s,
			    "UPDATE matches SET clock_used_ms = 0,"
			    " last_active_at = max(started_at, ?3)"
			    " WHERE id = ?1 AND status = 'unfinished'"
			    " AND (SELECT count(*) FROM match_moves"
			    "  WHERE match_id = ?1) = ?2",
			    args, 3, WHAT_REQUEST) != SQLITE_DONE)
		return STORE_ERR;
	if (sqlite3_changes(s->db) != 1) {
		store_set_err(s, WHAT_REQUEST, "the match moved on");
		return STORE_ERR;
	}
	return store_exec_ints(s,
			       "DELETE FROM match_moves WHERE match_id = ?1"
			       " AND ply > ?2 - 2",
			       args, 2, WHAT_REQUEST) == SQLITE_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store_live.h. */
enum store_status store_request_answer(struct store *s, long long id, int ply,
				       bool accept, long long now)
{
	const long long args[] = {id, ply, accept};
	enum request_kind kind = REQUEST_DRAW;
	enum store_status st;

	store_clear_err(s);
	st = store_begin(s, WHAT_REQUEST);
	if (st != STORE_OK)
		return st;
	st = store_request_pending(s, id, ply, &kind);
	if (st == STORE_NOT_FOUND)
		st = STORE_ERR; /* nothing to answer */
	if (st == STORE_OK && accept && kind == REQUEST_UNDO)
		st = take_back(s, id, ply, now);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE match_requests SET state = CASE ?3"
			    " WHEN 0 THEN 'declined' ELSE 'accepted' END"
			    " WHERE match_id = ?1 AND ply = ?2",
			    args, 3, WHAT_REQUEST) != SQLITE_DONE)
		st = STORE_ERR;
	return store_finish(s, st, WHAT_REQUEST);
}

/* ==== Presence =========================================================== */

/* Keep "what: no such player or match" for a failed foreign key `rc`
 * and return STORE_NOT_FOUND; STORE_ERR for other failures. */
static enum store_status missing_key(struct store *s, int rc, const char *what)
{
	if (rc != SQLITE_CONSTRAINT_FOREIGNKEY)
		return STORE_ERR;
	store_set_err(s, what, "no such player or match");
	return STORE_NOT_FOUND;
}

/* See store_live.h. */
enum store_status store_presence_set(struct store *s, long long pid,
				     long long player_id, long long match_id,
				     long long now)
{
	const long long args[] = {pid, player_id, match_id, now};
	int rc;

	store_clear_err(s);
	rc = store_exec_ints(
		s,
		"INSERT OR REPLACE INTO presence (pid, player_id, state,"
		" match_id, refreshed_at) VALUES (?1, ?2,"
		" CASE ?3 WHEN 0 THEN 'idle' ELSE 'playing' END,"
		" nullif(?3, 0), ?4)",
		args, 4, WHAT_PRESENCE);
	return rc == SQLITE_DONE ? STORE_OK : missing_key(s, rc, WHAT_PRESENCE);
}

/* See store_live.h. */
enum store_status store_presence_clear(struct store *s, long long pid)
{
	store_clear_err(s);
	return store_exec_ints(s, "DELETE FROM presence WHERE pid = ?1", &pid,
			       1, WHAT_PRESENCE) == SQLITE_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store_live.h. */
enum store_status store_presence_list(struct store *s, long long now,
				      int (*row)(void *ctx,
						 const struct presence_row *r),
				      void *ctx)
{
	const long long args[] = {now - STORE_PRESENCE_STALE};
	enum store_status ret = STORE_ERR;
	struct presence_row r;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (row == NULL) {
		store_set_err(s, WHAT_PRESENT, "no callback");
		return STORE_ERR;
	}
	if (store_prepare_ints(s,
			       "SELECT p.id, p.username, p.nickname,"
			       " max(coalesce(r.match_id, 0))"
			       " FROM presence AS r"
			       " JOIN players AS p ON p.id = r.player_id"
			       " WHERE r.refreshed_at >= ?1"
			       " GROUP BY p.id ORDER BY p.username",
			       &st, args, 1, WHAT_PRESENT) != 0)
		return STORE_ERR;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.player_id = sqlite3_column_int64(st, 0);
		r.username = (const char *)sqlite3_column_text(st, 1);
		r.nickname = (const char *)sqlite3_column_text(st, 2);
		r.match_id = sqlite3_column_int64(st, 3);
		if (row(ctx, &r) != 0)
			break;
	}
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		ret = STORE_OK;
	else
		store_set_db_err(s, WHAT_PRESENT);
	sqlite3_finalize(st);
	return ret;
}

/* See store_live.h. */
enum store_status store_presence_of(struct store *s, long long player_id,
				    long long now, bool *present)
{
	const long long args[] = {player_id, now - STORE_PRESENCE_STALE};
	long long n = 0;
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(s,
			      "SELECT count(*) FROM presence WHERE"
			      " player_id = ?1 AND refreshed_at >= ?2",
			      args, 2, &n, 1, WHAT_PRESENT, "");
	if (st == STORE_OK)
		*present = n > 0;
	return st;
}

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

/* Bind challenge c's game to ?1..?10 (from, to, variant, rule, rows,
 * cols, k, opening, time per move, created_at). Return SQLITE_OK or the
 * first error. */
static int bind_challenge(sqlite3_stmt *st, const struct challenge *c)
{
	const long long ints[] = {c->from_id,	c->to_id, c->rows,
				  c->cols,	c->k,	  c->time_per_move,
				  c->created_at};
	static const int at[] = {1, 2, 5, 6, 7, 9, 10};
	const char *rule = store_rule_word(c->rule);
	const char *opening = match_opening_word(c->opening);
	int i, rc = SQLITE_OK;

	for (i = 0; rc == SQLITE_OK && i < 7; i++)
		rc = sqlite3_bind_int64(st, at[i], ints[i]);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(st, 3, c->variant, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK && rule != NULL)
		rc = sqlite3_bind_text(st, 4, rule, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK && opening != NULL)
		rc = sqlite3_bind_text(st, 8, opening, -1, SQLITE_STATIC);
	return rc;
}

/* See store_live.h. */
enum store_status store_challenge_new(struct store *s,
				      const struct challenge *c, long long *id)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (store_prepare(s,
			  "INSERT INTO challenges (from_id, to_id, variant,"
			  " rule, rows, cols, k, opening, time_per_move,"
			  " created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
			  " ?8, ?9, ?10)",
			  &st, WHAT_CHALLENGE) != 0)
		return STORE_ERR;
	if (bind_challenge(st, c) != SQLITE_OK) {
		store_set_db_err(s, WHAT_CHALLENGE);
		goto out_finalize;
	}
	rc = store_step_done(s, st, WHAT_CHALLENGE);
	if (rc == SQLITE_DONE) {
		*id = sqlite3_last_insert_rowid(s->db);
		ret = STORE_OK;
	} else {
		ret = missing_key(s, rc, WHAT_CHALLENGE);
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* The columns of a challenge, in the order row_to_challenge() reads
 * them; ?2 is `now`. */
#define CHALLENGE_COLUMNS                                                      \
	"SELECT id, from_id, to_id, variant, rule, rows, cols, k, opening,"    \
	" time_per_move, created_at,"                                          \
	" CASE WHEN state = 'pending' AND created_at <= ?2 - 60"               \
	" THEN 'expired' ELSE state END, coalesce(match_id, 0)"                \
	" FROM challenges "

_Static_assert(STORE_CHALLENGE_TTL == 60, "CHALLENGE_COLUMNS says 60");

/* Fill *c from a row of CHALLENGE_COLUMNS. Return 0, or -1 when a word
 * is not valid. */
static int row_to_challenge(sqlite3_stmt *st, struct challenge *c)
{
	int opening =
		match_opening_value((const char *)sqlite3_column_text(st, 8));

	memset(c, 0, sizeof(*c));
	c->state = state_value((const char *)sqlite3_column_text(st, 11));
	if (opening < 0 || c->state == 0 ||
	    rules_parse_rule((const char *)sqlite3_column_text(st, 4),
			     &c->rule) != 0)
		return -1;
	c->id = sqlite3_column_int64(st, 0);
	c->from_id = sqlite3_column_int64(st, 1);
	c->to_id = sqlite3_column_int64(st, 2);
	copy_text(st, 3, c->variant, sizeof(c->variant));
	c->rows = sqlite3_column_int(st, 5);
	c->cols = sqlite3_column_int(st, 6);
	c->k = sqlite3_column_int(st, 7);
	c->opening = (enum match_opening)opening;
	c->time_per_move = sqlite3_column_int(st, 9);
	c->created_at = sqlite3_column_int64(st, 10);
	c->match_id = sqlite3_column_int64(st, 12);
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
	sqlite3_stmt *st;

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
	sqlite3_finalize(st);
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

/* See store_live.h. */
enum store_status store_challenge_for(struct store *s, long long to_id,
				      long long now, struct challenge *out)
{
	store_clear_err(s);
	return read_challenge(s,
			      CHALLENGE_COLUMNS
			      "INDEXED BY challenges_pending"
			      " WHERE to_id = ?1 AND state = 'pending'"
			      " AND created_at > ?2 - 60"
			      " ORDER BY created_at, id LIMIT 1",
			      to_id, now, out);
}

/* Why challenge c cannot be answered by starting match h, or NULL. */
static const char *accept_problem(const struct challenge *c,
				  const struct match_header *h)
{
	if (c->state != CHALLENGE_PENDING)
		return "the challenge is no longer open";
	if (h->kind != MATCH_RANKED || h->opening != c->opening ||
	    !((h->black_id == c->from_id && h->white_id == c->to_id) ||
	      (h->black_id == c->to_id && h->white_id == c->from_id)))
		return "the match is not the challenge's";
	return NULL;
}

/* See store_live.h. */
enum store_status store_challenge_accept(struct store *s, long long id,
					 const struct match_header *h,
					 long long now, long long *match_id)
{
	long long args[] = {id, 0};
	enum store_status st;
	struct challenge c;
	const char *why;

	store_clear_err(s);
	st = store_begin(s, WHAT_ANSWER);
	if (st != STORE_OK)
		return st;
	st = read_challenge(s, CHALLENGE_COLUMNS "WHERE id = ?1", id, now, &c);
	why = st == STORE_OK ? accept_problem(&c, h) : NULL;
	if (why != NULL) {
		store_set_err(s, WHAT_ANSWER, why);
		st = STORE_ERR;
	}
	/* One INSERT: inside this transaction, not one of its own. */
	if (st == STORE_OK)
		st = store_match_start(s, h, &args[1]);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE challenges SET state = 'accepted',"
			    " match_id = ?2 WHERE id = ?1",
			    args, 2, WHAT_ANSWER) != SQLITE_DONE)
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
	long long args[] = {id, 0};

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
			    " ELSE 'withdrawn' END WHERE id = ?1",
			    args, 2, WHAT_ANSWER) != SQLITE_DONE)
		st = STORE_ERR;
	return store_finish(s, st, WHAT_ANSWER);
}
