/* store_live.c -- the store as the channel between processes: the
 * matches in progress a watcher lists, the requests between two
 * terminals and the presence rows of logged-in processes (challenges:
 * store_challenges.c; see store_live.h and docs/ARCHITECTURE.md, "Two
 * terminals"). */
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "rules.h"
#include "store_internal.h"
#include "store_live.h"

#define WHAT_VERSION  "cannot read the database's version"
#define WHAT_LIVE     "cannot list the matches in progress"
#define WHAT_PRESENCE "cannot save who is here"
#define WHAT_PRESENT  "cannot list who is here"
#define WHAT_REQUEST  "cannot save the request"

/* See store_live.h. */
enum store_status store_data_version(struct store *s, long long *version)
{
	store_clear_err(s);
	return store_read_version(s, version, WHAT_VERSION);
}

/* See store_live.h. */
int store_change_fd(struct store *s)
{
	const char *db = sql_file(s->db);
	char wal[4096];
	int fd;

	if (s->change_made)
		return s->change_fd;
	s->change_made = true;
	s->change_fd = -1;
	if (db == NULL || db[0] == '\0' ||
	    snprintf(wal, sizeof(wal), "%s-wal", db) >= (int)sizeof(wal))
		return -1; /* in memory, or a name too long */
	fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (fd < 0)
		return -1;
	if (inotify_add_watch(fd, wal, IN_ATTRIB) < 0 && /* store_db.c's */
	    inotify_add_watch(fd, db, IN_MODIFY) < 0) {
		close(fd);
		return -1;
	}
	s->change_fd = fd;
	return fd;
}

/* Copy column `col` (text, or NULL for "") into buf[cap]. */
static void copy_text(struct sql_stmt *st, int col, char *buf, size_t cap)
{
	const char *t = sql_text(st, col);

	snprintf(buf, cap, "%s", t != NULL ? t : "");
}

/* ==== Matches in progress ================================================ */

/* Fill *m from a row of store_live_matches()'s query. Return 0, or -1
 * when its kind is not valid. */
static int row_to_live(struct sql_stmt *st, struct live_match *m)
{
	int kind = match_kind_value(sql_text(st, 1));

	if (kind < 0)
		return -1;
	memset(m, 0, sizeof(*m));
	m->id = sql_int64(st, 0);
	m->kind = (enum match_kind)kind;
	copy_text(st, 2, m->black, sizeof(m->black));
	copy_text(st, 3, m->white, sizeof(m->white));
	m->ai_level = sql_int(st, 4);
	copy_text(st, 5, m->variant, sizeof(m->variant));
	m->nmoves = sql_int(st, 6);
	m->last_active_at = sql_int64(st, 7);
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
	struct sql_stmt *st;
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
	while ((rc = sql_step(st)) == SQL_ROW) {
		if (row_to_live(st, &m) != 0) {
			store_set_err(s, WHAT_LIVE,
				      "a stored match is not "
				      "valid");
			goto out_finalize;
		}
		if (row(ctx, &m) != 0)
			break;
	}
	if (rc == SQL_ROW || rc == SQL_DONE)
		ret = STORE_OK;
	else
		store_set_db_err(s, WHAT_LIVE);
out_finalize:
	store_release(s, st);
	return ret;
}

/* ==== Requests between two terminals ===================================== */

/* The words the match_requests table stores, by enum request_kind. */
static const char *const kind_words[] = {
	[REQUEST_DRAW] = "draw",
	[REQUEST_UNDO] = "undo",
};

#define NKINDS ((int)(sizeof kind_words / sizeof kind_words[0]))

/* Inside a request's transaction: a pending request of match `id` made
 * at another ply than the moves now stored was overtaken by the match
 * (a move, an undo), and one whose match ended outlived it: mark it
 * withdrawn, so that it can be answered no more and holds no place. */
static enum store_status withdraw_stale(struct store *s, long long id)
{
	return store_exec_ints(s,
			       "UPDATE match_requests SET state = 'withdrawn'"
			       " WHERE match_id = ?1 AND state = 'pending'"
			       " AND (ply <> (SELECT count(*) FROM match_moves"
			       "  WHERE match_id = ?1) OR (SELECT status FROM"
			       "  matches WHERE id = ?1) <> 'unfinished')",
			       &id, 1, WHAT_REQUEST) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* Inside a request's transaction: STORE_EXISTS (saying so) when match
 * `id` has a request pending, else STORE_OK. */
static enum store_status none_pending(struct store *s, long long id)
{
	long long n = 0;
	enum store_status st;

	st = store_query_ints(s,
			      "SELECT count(*) FROM match_requests"
			      " WHERE match_id = ?1 AND state = 'pending'",
			      &id, 1, &n, 1, WHAT_REQUEST, "");
	if (st == STORE_OK && n > 0) {
		store_set_err(s, WHAT_REQUEST,
			      "another request is waiting for its answer");
		st = STORE_EXISTS;
	}
	return st;
}

/* The rule each kind of request must meet, as the WHERE of an INSERT ...
 * SELECT FROM matches with ?1 the match, ?2 the ply, ?3 now and ?4 the
 * kind's word: the match unfinished with exactly `ply` moves; for an
 * undo, two moves after the opening's stones with the colours final. */
#define REQUEST_INSERT                                                         \
	"INSERT INTO match_requests (match_id, kind, ply, state,"              \
	" created_at) SELECT ?1, ?4, ?2, 'pending', ?3 FROM matches"           \
	" WHERE id = ?1 AND status = 'unfinished'"                             \
	" AND (SELECT count(*) FROM match_moves WHERE match_id = ?1) = ?2"     \
	" AND (?4 = 'draw' OR (colours_final = 1 AND ?2 >= 2"                  \
	"  AND ?2 - 2 >= opening_stones))"

/* Inside a request's transaction: insert it, *request_id its id. */
static enum store_status insert_request(struct store *s, long long id,
					enum request_kind kind, int ply,
					long long now, long long *request_id)
{
	const long long args[] = {id, ply, now};
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	if (store_prepare_ints(s, REQUEST_INSERT, &st, args, 3, WHAT_REQUEST) !=
	    0)
		return STORE_ERR;
	if (sql_bind_text(st, 4, kind_words[kind]) != SQL_OK)
		store_set_db_err(s, WHAT_REQUEST);
	else
		ret = store_step_one(s, st, WHAT_REQUEST, STORE_ERR,
				     kind == REQUEST_UNDO
					     ? "there are no two moves after "
					       "the opening to take back"
					     : "the match is not unfinished "
					       "with those moves");
	store_release(s, st);
	if (ret != STORE_OK)
		return ret;
	*request_id = sql_last_id(s->db);
	return STORE_OK;
}

/* See store_live.h. */
enum store_status store_request_new(struct store *s, long long id,
				    enum request_kind kind, int ply,
				    long long now, long long *request_id)
{
	long long new_id = 0;
	enum store_status st;

	store_clear_err(s);
	if ((int)kind <= 0 || (int)kind >= NKINDS) {
		store_set_err(s, WHAT_REQUEST, "not a kind of request");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_REQUEST);
	if (st != STORE_OK)
		return st;
	st = store_check_match_sessions(s, id, WHAT_REQUEST);
	if (st == STORE_OK)
		st = store_seat_check(s, id, WHAT_REQUEST);
	if (st == STORE_OK)
		st = withdraw_stale(s, id);
	if (st == STORE_OK)
		st = none_pending(s, id);
	if (st == STORE_OK)
		st = insert_request(s, id, kind, ply, now, &new_id);
	st = store_finish(s, st, WHAT_REQUEST);
	if (st == STORE_OK)
		*request_id = new_id;
	return st;
}

/* The state whose word is `word` (REQUEST_NONE for none). */
static enum request_state request_state_value(const char *word)
{
	static const char *const words[] = {
		[REQUEST_PENDING] = "pending",
		[REQUEST_ACCEPTED] = "accepted",
		[REQUEST_DECLINED] = "declined",
		[REQUEST_WITHDRAWN] = "withdrawn",
	};
	int i;

	for (i = 1; word != NULL && i < (int)(sizeof words / sizeof *words);
	     i++)
		if (strcmp(word, words[i]) == 0)
			return (enum request_state)i;
	return REQUEST_NONE;
}

/* Read the one request `sql` finds (its columns id, match_id, kind, ply
 * and state as they stand, with ?1 `key`) into *out. STORE_NOT_FOUND
 * when there is none. */
static enum store_status read_request(struct store *s, const char *sql,
				      long long key, struct match_request *out)
{
	enum store_status ret;
	struct match_request r;
	const char *kind;
	struct sql_stmt *st;

	if (store_prepare_ints(s, sql, &st, &key, 1, WHAT_REQUEST) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_REQUEST, "no such request");
	if (ret == STORE_OK) {
		kind = sql_text(st, 2);
		r.id = sql_int64(st, 0);
		r.match_id = sql_int64(st, 1);
		r.kind = kind != NULL && strcmp(kind, "undo") == 0
				 ? REQUEST_UNDO
				 : REQUEST_DRAW;
		r.ply = sql_int(st, 3);
		r.state = request_state_value(sql_text(st, 4));
		*out = r;
	}
	store_release(s, st);
	return ret;
}

/* A request's columns as read_request() reads them: a pending one the
 * match has moved past, or whose match ended, reads as withdrawn. */
#define REQUEST_COLUMNS                                                        \
	"SELECT r.id, r.match_id, r.kind, r.ply, CASE WHEN r.state ="          \
	" 'pending' AND (m.status <> 'unfinished' OR r.ply <> (SELECT"         \
	" count(*) FROM match_moves WHERE match_id = r.match_id))"             \
	" THEN 'withdrawn' ELSE r.state END"                                   \
	" FROM match_requests AS r JOIN matches AS m ON m.id = r.match_id "

/* See store_live.h. */
enum store_status store_request_get(struct store *s, long long request_id,
				    struct match_request *out)
{
	store_clear_err(s);
	return read_request(s, REQUEST_COLUMNS "WHERE r.id = ?1", request_id,
			    out);
}

/* See store_live.h. */
enum store_status store_request_pending(struct store *s, long long id,
					struct match_request *out)
{
	struct match_request r;
	enum store_status st;

	store_clear_err(s);
	st = read_request(s,
			  REQUEST_COLUMNS "WHERE r.match_id = ?1"
					  " AND r.state = 'pending'",
			  id, &r);
	if (st == STORE_OK && r.state != REQUEST_PENDING) {
		store_set_err(s, WHAT_REQUEST, "no such request");
		st = STORE_NOT_FOUND;
	}
	if (st == STORE_OK)
		*out = r;
	return st;
}

/* Inside the answer's transaction: take back the last two of the `ply`
 * moves of match `id` (an undo accepted at `now`), the turn of the move
 * to play starting afresh at `now`. STORE_ERR when the match is not
 * unfinished with exactly those moves. */
static enum store_status take_back(struct store *s, long long id, int ply,
				   long long now)
{
	const long long args[] = {id, ply, now};

	if (store_exec_one(s,
			   "UPDATE matches SET last_active_at ="
			   " greatest(started_at, ?3)"
			   " WHERE id = ?1 AND status = 'unfinished'"
			   " AND (SELECT count(*) FROM match_moves"
			   "  WHERE match_id = ?1) = ?2",
			   args, 3, WHAT_REQUEST, STORE_ERR,
			   "the match moved on") != STORE_OK)
		return STORE_ERR;
	/* the asker's turn ends (no time given back), the moves go */
	return store_clock_take_back(s, id, ply - 2, 1000 * now, WHAT_REQUEST);
}

/* Inside the answer's transaction: STORE_NOT_FOUND (saying so) unless
 * request `request_id` is match `id`'s, of kind `kind`, and pending as
 * the match stands; its ply into *ply. */
static enum store_status still_asked(struct store *s, long long id,
				     long long request_id,
				     enum request_kind kind, int *ply)
{
	struct match_request r;
	enum store_status st;

	st = read_request(s, REQUEST_COLUMNS "WHERE r.id = ?1", request_id, &r);
	if (st == STORE_OK &&
	    (r.match_id != id || r.kind != kind || r.state != REQUEST_PENDING))
		st = STORE_NOT_FOUND;
	if (st == STORE_NOT_FOUND)
		store_set_err(s, WHAT_REQUEST,
			      "the request was withdrawn or is not the one "
			      "asked");
	if (st == STORE_OK)
		*ply = r.ply;
	return st;
}

/* See store_live.h. */
enum store_status store_request_answer(struct store *s, long long id,
				       long long request_id,
				       enum request_kind kind, bool accept,
				       long long now)
{
	const long long args[] = {request_id, accept};
	enum store_status st;
	int ply = 0;

	store_clear_err(s);
	st = store_begin(s, WHAT_REQUEST);
	if (st != STORE_OK)
		return st;
	st = store_check_match_sessions(s, id, WHAT_REQUEST);
	if (st == STORE_OK)
		st = store_seat_check(s, id, WHAT_REQUEST);
	if (st == STORE_OK)
		st = still_asked(s, id, request_id, kind, &ply);
	if (st == STORE_OK && accept && kind == REQUEST_UNDO)
		st = take_back(s, id, ply, now);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE match_requests SET state = CASE ?2"
			    " WHEN 0 THEN 'declined' ELSE 'accepted' END"
			    " WHERE id = ?1",
			    args, 2, WHAT_REQUEST) != SQL_DONE)
		st = STORE_ERR;
	return store_finish(s, st, WHAT_REQUEST);
}

/* ==== Presence =========================================================== */

/* See store_live.h. The player's session checked and the row written
 * in one transaction. */
enum store_status store_presence_set(struct store *s, long long pid,
				     long long player_id, long long match_id,
				     long long now)
{
	/* a refusal is the live session's: a dead process's row with the
	 * same pid (stale) hands it on to nobody */
	const long long args[] = {pid, player_id, match_id, now,
				  STORE_PRESENCE_STALE};
	enum store_status st;
	int rc;

	store_clear_err(s);
	st = store_begin(s, WHAT_PRESENCE);
	if (st != STORE_OK)
		return st;
	st = store_check_sessions(s, &player_id, 1, WHAT_PRESENCE);
	if (st == STORE_OK) {
		rc = store_exec_ints(
			s,
			"INSERT INTO presence (pid, player_id, state,"
			" match_id, refreshed_at) VALUES (?1, ?2,"
			" CASE ?3 WHEN 0 THEN 'idle' ELSE 'playing' END,"
			" nullif(?3, 0), ?4) ON CONFLICT (pid) DO UPDATE SET"
			" refusing = CASE WHEN player_id = excluded.player_id"
			"  AND refreshed_at >= excluded.refreshed_at - ?5"
			"  THEN refusing ELSE 0 END,"
			" player_id = excluded.player_id,"
			" state = excluded.state,"
			" match_id = excluded.match_id,"
			" refreshed_at = excluded.refreshed_at",
			args, 5, WHAT_PRESENCE);
		st = rc == SQL_DONE ? STORE_OK
				    : store_missing_key(s, rc, WHAT_PRESENCE);
	}
	return store_finish(s, st, WHAT_PRESENCE);
}

/* See store_live.h. */
enum store_status store_presence_watch(struct store *s, long long pid,
				       long long match_id)
{
	const long long args[] = {pid, match_id};

	store_clear_err(s);
	return store_exec_ints(s,
			       "UPDATE presence SET watching_id ="
			       " nullif(?2, 0) WHERE pid = ?1",
			       args, 2, WHAT_PRESENCE) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store_live.h. */
enum store_status store_presence_clear(struct store *s, long long pid)
{
	store_clear_err(s);
	return store_exec_ints(s, "DELETE FROM presence WHERE pid = ?1", &pid,
			       1, WHAT_PRESENCE) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* Inside the refusal's transaction: decline at `now` every challenge
 * to the player of process `pid` still pending. */
static enum store_status decline_all(struct store *s, long long pid,
				     long long now)
{
	const long long args[] = {pid, now, now - STORE_CHALLENGE_TTL};

	return store_exec_ints(s,
			       "UPDATE challenges SET state = 'declined',"
			       " closed_at = ?2 WHERE state = 'pending'"
			       " AND created_at > ?3 AND to_id = (SELECT"
			       " player_id FROM presence WHERE pid = ?1)",
			       args, 3, WHAT_PRESENCE) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store_live.h. */
enum store_status store_presence_refuse(struct store *s, long long pid,
					bool refuse, long long now)
{
	const long long args[] = {pid, refuse};
	enum store_status st;

	store_clear_err(s);
	st = store_begin(s, WHAT_PRESENCE);
	if (st != STORE_OK)
		return st;
	st = store_exec_one(
		s, "UPDATE presence SET refusing = ?2 WHERE pid = ?1", args, 2,
		WHAT_PRESENCE, STORE_NOT_FOUND, "nobody is logged in here");
	if (st == STORE_OK && refuse)
		st = decline_all(s, pid, now);
	return store_finish(s, st, WHAT_PRESENCE);
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
	struct sql_stmt *st;
	int rc;

	store_clear_err(s);
	if (row == NULL) {
		store_set_err(s, WHAT_PRESENT, "no callback");
		return STORE_ERR;
	}
	if (store_prepare_ints(s,
			       "SELECT p.id, p.username, p.nickname,"
			       /* a match that ended is no longer played,
				* whatever the process still shows */
			       " max(CASE WHEN EXISTS (SELECT 1 FROM matches"
			       " AS m WHERE m.id = r.match_id"
			       " AND m.status = 'unfinished')"
			       " THEN r.match_id ELSE 0 END),"
			       " max(coalesce(r.watching_id, 0)),"
			       " EXISTS (SELECT 1 FROM seeks AS k WHERE"
			       " k.player_id = p.id AND k.state = 'open'"
			       " AND k.refreshed_at >= ?1)"
			       " FROM presence AS r"
			       /* CROSS: the few presence rows drive the
				* join, never a scan of every player */
			       " CROSS JOIN players AS p"
			       " WHERE p.id = r.player_id"
			       " AND r.refreshed_at >= ?1"
			       " GROUP BY p.id ORDER BY p.username",
			       &st, args, 1, WHAT_PRESENT) != 0)
		return STORE_ERR;
	while ((rc = sql_step(st)) == SQL_ROW) {
		r.player_id = sql_int64(st, 0);
		r.username = sql_text(st, 1);
		r.nickname = sql_text(st, 2);
		r.match_id = sql_int64(st, 3);
		r.watching_id = sql_int64(st, 4);
		r.seeking = sql_int(st, 5) != 0;
		if (row(ctx, &r) != 0)
			break;
	}
	if (rc == SQL_ROW || rc == SQL_DONE)
		ret = STORE_OK;
	else
		store_set_db_err(s, WHAT_PRESENT);
	store_release(s, st);
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
