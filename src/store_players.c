/* store_players.c -- the players: the live list, accounts and their
 * approval, logins and their failures, the sessions of this handle and
 * the leaderboards. Counting a result is store_count.c's. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

#define WHAT_LOAD     "cannot load the players"
#define WHAT_REFRESH  "cannot refresh the players"
#define WHAT_RELOAD   "cannot reload the player"
#define WHAT_ADD      "cannot add the player"
#define WHAT_APPROVE  "cannot approve the player"
#define WHAT_LOGIN    "cannot read the login"
#define WHAT_FAILED   "cannot count the failed login"
#define WHAT_SUCCEED  "cannot record the login"
#define WHAT_PASSWORD "cannot change the password"
#define WHAT_SESSION  "cannot hold the session"

#define SEQ_COLUMN 9 /* changed_seq, after STORE_PLAYER_COLUMNS */

/* ==== Players =========================================================== */

/* Fill `info` from a row of STORE_PLAYER_COLUMNS; the strings point into the
 * statement and last until its next step. Return 0, or -1 (out of
 * memory). */
static int row_to_info(struct sql_stmt *st, struct player_info *info)
{
	info->id = sql_int64(st, 0);
	info->username = sql_text(st, 1);
	info->nickname = sql_text(st, 2);
	info->created_at = sql_int64(st, 3);
	info->last_login_at = sql_int64(st, 4);
	info->rec.wins = sql_int(st, 5);
	info->rec.losses = sql_int(st, 6);
	info->rec.ties = sql_int(st, 7);
	info->rec.rating = sql_double(st, 8);
	info->rec.games = info->rec.wins + info->rec.losses + info->rec.ties;
	info->rec.score = info->rec.wins - info->rec.losses;
	if (info->username == NULL || info->nickname == NULL)
		return -1;
	return 0;
}

/* The node of `l` for the player row `info`: found by username (O(1)),
 * which no statement changes, and checked by id; NULL when the list does
 * not hold the player. */
static struct player *node_of(const struct plist *l,
			      const struct player_info *info)
{
	struct player *p = plist_find(l, info->username);

	return p != NULL && p->id == info->id ? p : NULL;
}

/* Bring the list up to date with player row `info`: its node changed in
 * place, or a new node at the tail. Return the node, or NULL (out of
 * memory, or the name is taken by another node) with the error kept. */
static struct player *apply_row(struct store *s, struct plist *l,
				const struct player_info *info,
				const char *what)
{
	struct player *p = node_of(l, info);

	if (p != NULL ? plist_update(l, p, info) != 0
		      : (p = plist_append(l, info)) == NULL) {
		store_set_err(s, what,
			      "out of memory, or the name is taken in the "
			      "list");
		return NULL;
	}
	return p;
}

/* A query being read into a list by plist_load(). */
struct load_rows {
	struct sql_stmt *st;
	int rc; /* the last sql_step() */
};

/* plist_load()'s next(): the next row of the query. */
static int next_row(void *ctx, struct player_info *info)
{
	struct load_rows *rows = ctx;

	rows->rc = sql_step(rows->st);
	if (rows->rc == SQL_DONE)
		return 0;
	if (rows->rc != SQL_ROW || row_to_info(rows->st, info) != 0)
		return -1;
	return 1;
}

/* See store_internal.h. */
enum store_status store_append_players(struct store *s, struct plist *l,
				       struct sql_stmt *st)
{
	const struct player *old_last = plist_last(l);
	struct load_rows rows = {st, SQL_OK};
	struct player_info info;
	int rc = 1;

	if (plist_count(l) == 0)
		rc = plist_load(l, next_row, &rows);
	else
		while (rc == 1 && (rc = next_row(&rows, &info)) == 1)
			if (plist_append(l, &info) == NULL)
				rc = -1;
	if (rc == 0)
		return STORE_OK;
	if (rows.rc != SQL_ROW && rows.rc != SQL_DONE)
		store_set_db_err(s, WHAT_LOAD);
	else
		store_set_err(s, WHAT_LOAD,
			      "out of memory, or a player is in the list "
			      "already");
	while (plist_last(l) != old_last)
		plist_remove(l, plist_last(l));
	return STORE_ERR;
}

/* See store.h. The version is read before the counter, so a commit made
 * between them is seen by the next refresh. */
enum store_status store_watch_players(struct store *s, struct plist *l)
{
	long long version = 0, seq = 0;
	enum store_status st;

	store_clear_err(s);
	if (plist_count(l) != 0) {
		store_set_err(s, WHAT_LOAD, "the list is not empty");
		return STORE_ERR;
	}
	if (store_read_version(s, &version, WHAT_LOAD) != STORE_OK)
		return STORE_ERR;
	st = store_query_ints(s, "SELECT seq FROM player_change_seq", NULL, 0,
			      &seq, 1, WHAT_LOAD, "no counter");
	if (st == STORE_OK)
		s->live = (struct store_live){l, version,
					      sql_total_changes(s->db), seq};
	return st;
}

/* Apply to `l` every player row changed after counter value *seq, in id
 * order (so new players join the tail in order), and raise *seq to the
 * newest change read. INDEXED BY: without it SQLite prefers to scan every
 * row in id order over sorting the few that changed. Return STORE_OK or
 * STORE_ERR; on failure the rows applied so far stay (each is a whole, true
 * row). */
static enum store_status read_changes(struct store *s, struct plist *l,
				      long long *seq)
{
	enum store_status ret = STORE_ERR;
	struct player_info info;
	long long newest = *seq;
	struct sql_stmt *st;
	int rc;

	if (store_prepare_ints(s,
			       "SELECT " STORE_PLAYER_COLUMNS ", changed_seq"
			       " FROM players INDEXED BY players_by_change"
			       " WHERE changed_seq > ?1 ORDER BY id",
			       &st, seq, 1, WHAT_REFRESH) != 0)
		return STORE_ERR;
	while ((rc = sql_step(st)) == SQL_ROW) {
		if (row_to_info(st, &info) != 0)
			goto out_finalize;
		if (node_of(l, &info) != NULL &&
		    apply_row(s, l, &info, WHAT_REFRESH) == NULL)
			goto out_finalize;
		if (sql_int64(st, SEQ_COLUMN) > newest)
			newest = sql_int64(st, SEQ_COLUMN);
	}
	if (rc != SQL_DONE) {
		store_set_db_err(s, WHAT_REFRESH);
		goto out_finalize;
	}
	*seq = newest;
	ret = STORE_OK;
out_finalize:
	store_release(s, st);
	return ret;
}

/* See store.h. */
enum store_status store_refresh_players(struct store *s, struct plist *l)
{
	long long version = 0, changes, seq = s->live.seq;
	enum store_status st;

	store_clear_err(s);
	if (l == NULL || l != s->live.list) {
		store_set_err(s, WHAT_REFRESH,
			      "the list was not loaded by this handle");
		return STORE_ERR;
	}
	if (store_read_version(s, &version, WHAT_REFRESH) != STORE_OK)
		return STORE_ERR;
	changes = sql_total_changes(s->db);
	if (version == s->live.version && changes == s->live.changes)
		return STORE_OK; /* nobody has committed since */
	st = read_changes(s, l, &seq);
	if (st == STORE_OK) {
		s->live.version = version;
		s->live.changes = changes;
		s->live.seq = seq;
	}
	return st;
}

/* See store.h. */
long long store_players_seen(const struct store *s)
{
	return s->live.list != NULL ? s->live.seq : -1;
}

/* Read the one player row of `st` (prepared and bound) into `l`, in
 * place or appended, its node into *out (NULL when none), and give `st`
 * back. Return STORE_OK, STORE_NOT_FOUND (no such row) or STORE_ERR, the
 * error kept. */
static enum store_status read_one(struct store *s, struct plist *l,
				  struct sql_stmt *st, struct player **out)
{
	enum store_status ret =
		store_step_row(s, st, WHAT_RELOAD, "no such player");
	struct player_info info;

	*out = NULL;
	if (ret == STORE_OK && row_to_info(st, &info) != 0) {
		store_set_err(s, WHAT_RELOAD, "out of memory");
		ret = STORE_ERR;
	} else if (ret == STORE_OK &&
		   (*out = apply_row(s, l, &info, WHAT_RELOAD)) == NULL) {
		ret = STORE_ERR;
	}
	store_release(s, st);
	return ret;
}

/* See store.h. */
enum store_status store_reload_player(struct store *s, struct plist *l,
				      long long id)
{
	struct sql_stmt *st;
	struct player *p;

	store_clear_err(s);
	if (store_prepare_ints(s,
			       "SELECT " STORE_PLAYER_COLUMNS
			       " FROM players WHERE id = ?1",
			       &st, &id, 1, WHAT_RELOAD) != 0)
		return STORE_ERR;
	return read_one(s, l, st, &p);
}

/* See store.h. */
enum store_status store_find_player(struct store *s, struct plist *l,
				    const char *username, struct player **out)
{
	struct sql_stmt *st;

	store_clear_err(s);
	*out = plist_find(l, username);
	if (*out != NULL)
		return STORE_OK;
	if (store_prepare(s,
			  "SELECT " STORE_PLAYER_COLUMNS
			  " FROM players WHERE username = ?1",
			  &st, WHAT_RELOAD) != 0)
		return STORE_ERR;
	if (sql_bind_text(st, 1, username) != SQL_OK) {
		store_set_db_err(s, WHAT_RELOAD);
		store_release(s, st);
		return STORE_ERR;
	}
	return read_one(s, l, st, out);
}

/* Insert the player row with its keys; *id is its id. Return STORE_OK,
 * STORE_EXISTS (the username taken) or STORE_ERR. */
static enum store_status insert_player(struct store *s, const char *username,
				       const char *nickname, const char *hash,
				       const char *origin, long long now,
				       const struct store_player_keys *keys,
				       long long *id)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	if (store_prepare(s,
			  "INSERT INTO players"
			  " (username, nickname, password_hash, created_at,"
			  " username_fold_key, username_shape_key,"
			  " nickname_fold_key, nickname_shape_key, joined_from,"
			  " approved) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,"
			  " ?9, CAST(?9 = '' AS INTEGER))",
			  &st, WHAT_ADD) != 0)
		return STORE_ERR;
	if (sql_bind_text(st, 1, username) != SQL_OK ||
	    sql_bind_text(st, 2, nickname) != SQL_OK ||
	    sql_bind_text(st, 3, hash) != SQL_OK ||
	    sql_bind_int64(st, 4, now) != SQL_OK ||
	    store_bind_player_keys(st, 5, keys) != SQL_OK ||
	    sql_bind_text(st, 9, origin) != SQL_OK) {
		store_set_db_err(s, WHAT_ADD);
		goto out_finalize;
	}
	rc = store_step_done(s, st, WHAT_ADD);
	if (rc == SQL_UNIQUE) {
		store_set_err(s, WHAT_ADD, "the username is taken");
		ret = STORE_EXISTS;
	} else if (rc == SQL_DONE) {
		*id = sql_last_id(s->db);
		ret = STORE_OK;
	}
out_finalize:
	store_release(s, st);
	return ret;
}

/* How many accounts were made from `origin` in the 24 hours before
 * `now`, into *made. Return STORE_OK or STORE_ERR (the error kept). */
static enum store_status count_joins(struct store *s, const char *origin,
				     long long now, long long *made,
				     const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	if (store_prepare(s,
			  "SELECT count(*) FROM players WHERE joined_from = ?1"
			  " AND created_at > ?2",
			  &st, what) != 0)
		return STORE_ERR;
	if (sql_bind_text(st, 1, origin) != SQL_OK ||
	    sql_bind_int64(st, 2, now - 86400) != SQL_OK)
		store_set_db_err(s, what);
	else if (store_step_row(s, st, what, "no count") == STORE_OK)
		ret = STORE_OK;
	if (ret == STORE_OK)
		*made = sql_int64(st, 0);
	store_release(s, st);
	return ret;
}

/* How many more accounts `origin` may make at `now` (store_join()):
 * *left STORE_JOINS_MAX + 1 when no limit applies, 0 when the club is
 * closed to connections. Return STORE_OK or STORE_ERR (the error
 * kept). */
static enum store_status joins_left(struct store *s, const char *origin,
				    long long now, int *left, const char *what)
{
	long long v[2] = {0, 0}, made = 0, limit;

	*left = STORE_JOINS_MAX + 1;
	if (origin == NULL || origin[0] == '\0')
		return STORE_OK;
	if (store_query_ints(s,
			     "SELECT joins_per_day, join_policy = 'closed'"
			     " FROM club_settings WHERE id = 1",
			     NULL, 0, v, 2, what,
			     "the club has no settings row") != STORE_OK)
		return STORE_ERR;
	limit = v[0];
	if (v[1] != 0)
		*left = 0;
	if (v[1] != 0 || limit == 0)
		return STORE_OK;
	if (count_joins(s, origin, now, &made, what) != STORE_OK)
		return STORE_ERR;
	*left = made >= limit ? 0 : (int)(limit - made);
	return STORE_OK;
}

/* See store.h. */
enum store_status store_joins_left(struct store *s, const char *origin,
				   long long now, int *left)
{
	store_clear_err(s);
	return joins_left(s, origin, now, left, WHAT_ADD);
}

/* See store.h. */
enum store_status store_approve(struct store *s, const char *username)
{
	enum store_status st = STORE_ERR;
	struct sql_stmt *stmt;

	store_clear_err(s);
	if (store_prepare(s,
			  "UPDATE players SET approved = 1 WHERE username = ?1",
			  &stmt, WHAT_APPROVE) != 0)
		return STORE_ERR;
	if (sql_bind_text(stmt, 1, username) != SQL_OK) {
		store_set_db_err(s, WHAT_APPROVE);
	} else {
		st = store_step_one(s, stmt, WHAT_APPROVE, STORE_NOT_FOUND,
				    "no such player");
	}
	store_release(s, stmt);
	return st;
}

/* See store.h. */
enum store_status store_add_player(struct store *s, const char *username,
				   const char *nickname, const char *hash,
				   long long now, long long *id)
{
	return store_join(s, username, nickname, hash, "", now, id);
}

/* See store.h. The limit is read and the row inserted in one write
 * transaction (the UNIQUE username says "taken" before any look-alike
 * does), then the other players' keys are read under the same write
 * lock, and a look-alike rolls it back. */
enum store_status store_join(struct store *s, const char *username,
			     const char *nickname, const char *hash,
			     const char *origin, long long now, long long *id)
{
	struct store_player_keys keys;
	enum store_status st;
	long long new_id = 0;
	bool alike = false;
	int left = 0;

	store_clear_err(s);
	if (store_player_keys(s, username, nickname, &keys, WHAT_ADD) != 0) {
		store_player_keys_free(&keys);
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_ADD);
	if (st == STORE_OK) {
		st = joins_left(s, origin, now, &left, WHAT_ADD);
		if (st == STORE_OK && left == 0) {
			store_set_err(s, WHAT_ADD,
				      "no account may be made from the "
				      "connection now (joins-per-day, or the "
				      "club closed)");
			st = STORE_LIMIT;
		}
		if (st == STORE_OK)
			st = insert_player(s, username, nickname, hash,
					   origin != NULL ? origin : "", now,
					   &keys, &new_id);
		if (st == STORE_OK)
			st = store_player_alike(s, &keys, new_id, &alike,
						WHAT_ADD);
		if (st == STORE_OK && alike) {
			store_set_err(s, WHAT_ADD,
				      "a name looks like another player's");
			st = STORE_LOOKALIKE;
		}
		st = store_finish(s, st, WHAT_ADD);
	}
	store_player_keys_free(&keys);
	if (st == STORE_OK)
		*id = new_id;
	return st;
}

/* Copy the login columns of the current row into *out. Return 0, or -1
 * when the stored hash does not fit. */
static int row_to_login(struct sql_stmt *st, struct store_login *out)
{
	const char *hash = sql_text(st, 1);
	int len = sql_bytes(st, 1);

	if (hash == NULL || len <= 0 || len >= AUTH_HASH_MAX)
		return -1;
	out->id = sql_int64(st, 0);
	memcpy(out->hash, hash, (size_t)len);
	out->hash[len] = '\0';
	out->failed_logins = sql_int(st, 2);
	out->locked_until = sql_int64(st, 3);
	out->gen = sql_int64(st, 4);
	return 0;
}

/* Bind the texts a and b to ?1 and ?2 of st. Return SQL_OK or the
 * failure. */
static enum sql_code bind_texts(struct sql_stmt *st, const char *a,
				const char *b)
{
	enum sql_code rc = sql_bind_text(st, 1, a);

	return rc == SQL_OK ? sql_bind_text(st, 2, b) : rc;
}

/* See store.h. */
enum store_status store_get_login(struct store *s, const char *username,
				  const char *origin, struct store_login *out)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	store_clear_err(s);
	if (store_prepare(s,
			  "SELECT p.id, p.password_hash,"
			  " coalesce(f.failed_logins, 0),"
			  " coalesce(f.locked_until, 0), p.password_gen"
			  " FROM players AS p LEFT JOIN login_failures AS f"
			  " ON f.name = lower(p.username) AND f.origin = ?2"
			  " WHERE p.username = ?1",
			  &st, WHAT_LOGIN) != 0)
		return STORE_ERR;
	if (bind_texts(st, username, origin) != SQL_OK) {
		store_set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	ret = store_step_row(s, st, WHAT_LOGIN, "no such player");
	if (ret == STORE_OK && row_to_login(st, out) != 0) {
		store_set_err(s, WHAT_LOGIN, "the stored hash is not valid");
		ret = STORE_ERR;
	}
out_finalize:
	store_release(s, st);
	return ret;
}

/* Prepare `sql` with the name ?1 (made lower case by the SQL) and the
 * origin ?2 bound. Return 0, or -1 with the error kept. */
static int prepare_keyed(struct store *s, const char *sql, const char *name,
			 const char *origin, struct sql_stmt **st)
{
	if (store_prepare(s, sql, st, WHAT_FAILED) != 0)
		return -1;
	if (bind_texts(*st, name, origin) == SQL_OK)
		return 0;
	store_set_db_err(s, WHAT_FAILED);
	store_release(s, *st);
	*st = NULL;
	return -1;
}

/* Add one to the failed logins of `name` from `origin` at `now`,
 * starting again from one when the last failure is older than
 * AUTH_FAILURE_WINDOW, and put the new count in *count. Return STORE_OK
 * or STORE_ERR. */
static enum store_status count_failure(struct store *s, const char *name,
				       const char *origin, long long now,
				       int *count)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	long long n;

	if (prepare_keyed(s,
			  "INSERT INTO login_failures (name, origin,"
			  " failed_logins, last_failed_at) VALUES (lower(?1),"
			  " ?2, 1, ?4) ON CONFLICT (name, origin) DO UPDATE"
			  " SET failed_logins = CASE WHEN"
			  " login_failures.last_failed_at < ?3 THEN 1"
			  " ELSE login_failures.failed_logins + 1 END,"
			  " last_failed_at = ?4 RETURNING failed_logins",
			  name, origin, &st) != 0)
		return STORE_ERR;
	if (sql_bind_int64(st, 3, now - AUTH_FAILURE_WINDOW) != SQL_OK ||
	    sql_bind_int64(st, 4, now) != SQL_OK) {
		store_set_db_err(s, WHAT_FAILED);
		store_release(s, st);
		return STORE_ERR;
	}
	if (store_step_row(s, st, WHAT_FAILED, "no row") == STORE_OK) {
		n = sql_int64(st, 0);
		*count = n > INT_MAX ? INT_MAX : (int)n;
		if (store_step_done(s, st, WHAT_FAILED) == SQL_DONE)
			ret = STORE_OK;
	}
	store_release(s, st);
	return ret;
}

/* Set the lock of `name` from `origin` to `until`. Return STORE_OK or
 * STORE_ERR. */
static enum store_status set_lock(struct store *s, const char *name,
				  const char *origin, long long until)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	if (prepare_keyed(s,
			  "UPDATE login_failures SET locked_until = ?3"
			  " WHERE name = lower(?1) AND origin = ?2",
			  name, origin, &st) != 0)
		return STORE_ERR;
	if (sql_bind_int64(st, 3, until) != SQL_OK)
		store_set_db_err(s, WHAT_FAILED);
	else if (store_step_done(s, st, WHAT_FAILED) == SQL_DONE)
		ret = STORE_OK;
	store_release(s, st);
	return ret;
}

/* Delete the login_failures rows that no longer count at `now`: the last
 * failure older than AUTH_FAILURE_WINDOW and no lock running. Such a row
 * changes nothing (count_failure() would start again from one, and the
 * name is not locked), so failures leave no trace for long. Return
 * STORE_OK or STORE_ERR (the error kept). */
static enum store_status prune_failures(struct store *s, long long now,
					const char *what)
{
	const long long args[2] = {now - AUTH_FAILURE_WINDOW, now};

	return store_exec_ints(s,
			       "DELETE FROM login_failures WHERE"
			       " last_failed_at < ?1 AND locked_until <= ?2",
			       args, 2, what) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* Inside a transaction: count a failure for `name` from `origin` and
 * lock it for auth_lock_seconds() of the new count (0 while that gives
 * none; *until the lock's end, or 0), and prune_failures(). */
static enum store_status record_failure(struct store *s, const char *name,
					const char *origin, long long now,
					long long *until)
{
	enum store_status st;
	long long lock;
	int count = 0;

	*until = 0;
	st = count_failure(s, name, origin, now, &count);
	if (st == STORE_OK) {
		lock = auth_lock_seconds(count);
		*until = lock > 0 ? now + lock : 0;
		st = set_lock(s, name, origin, *until);
	}
	if (st == STORE_OK)
		st = prune_failures(s, now, WHAT_FAILED);
	return st;
}

/* Inside a transaction: player `id` is locked out from `now` until
 * `until` (from some origin): keep it in lockouts, from where the
 * player's latest lock-out ends when that is later, so that none
 * overlap (STORE_LOCKED_SINCE_SQL adds them up). First forget the
 * player's lock-outs that can no longer lengthen a wait: those that
 * ended by `now` and before every unfinished match of theirs began (a
 * wait for an absent player starts within a match, so a clock set
 * ahead forgets none that could). Return
 * STORE_OK or STORE_ERR (the error kept). */
static enum store_status record_lockout(struct store *s, long long id,
					long long now, long long until)
{
	const long long args[] = {id, now, until};

	if (store_exec_ints(s,
			    "DELETE FROM lockouts WHERE player_id = ?1"
			    " AND until_at <= ?2"
			    " AND until_at < (SELECT coalesce(min(started_at),"
			    " until_at + 1) FROM matches"
			    " WHERE status = 'unfinished'"
			    " AND (black_id = ?1 OR white_id = ?1))",
			    args, 2, WHAT_FAILED) != SQL_DONE)
		return STORE_ERR;
	return store_exec_ints(s,
			       "INSERT INTO lockouts (player_id, from_at,"
			       " until_at) SELECT ?1, f, ?3 FROM (SELECT"
			       " greatest(?2, coalesce(max(until_at), 0)) AS f"
			       " FROM lockouts WHERE player_id = ?1) AS last"
			       " WHERE f < ?3",
			       args, 3, WHAT_FAILED) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store.h. */
enum store_status store_login_failed(struct store *s, long long id,
				     const char *origin, long long now)
{
	char name[PLAYER_USERNAME_MAX + 1];
	enum store_status st;
	long long until = 0;
	struct sql_stmt *q;

	store_clear_err(s);
	st = store_begin(s, WHAT_FAILED);
	if (st != STORE_OK)
		return st;
	if (store_prepare_ints(s, "SELECT username FROM players WHERE id = ?1",
			       &q, &id, 1, WHAT_FAILED) != 0)
		return store_finish(s, STORE_ERR, WHAT_FAILED);
	st = store_step_row(s, q, WHAT_FAILED, "no such player");
	if (st == STORE_OK)
		snprintf(name, sizeof(name), "%s", sql_text(q, 0));
	store_release(s, q);
	if (st == STORE_OK)
		st = record_failure(s, name, origin, now, &until);
	if (st == STORE_OK && until > 0)
		st = record_lockout(s, id, now, until);
	return store_finish(s, st, WHAT_FAILED);
}

/* See store.h. */
enum store_status store_name_failed(struct store *s, const char *name,
				    const char *origin, long long now)
{
	enum store_status st;
	long long until; /* a name with no account has no lock-outs kept */

	store_clear_err(s);
	if (name == NULL) {
		store_set_err(s, WHAT_FAILED, "no name was given");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_FAILED);
	if (st == STORE_OK)
		st = store_finish(s,
				  record_failure(s, name, origin, now, &until),
				  WHAT_FAILED);
	return st;
}

/* See store.h. */
enum store_status store_get_name_failures(struct store *s, const char *name,
					  const char *origin,
					  struct store_login *out)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	store_clear_err(s);
	if (store_prepare(s,
			  "SELECT failed_logins, locked_until FROM"
			  " login_failures WHERE name = lower(?1)"
			  " AND origin = ?2",
			  &st, WHAT_LOGIN) != 0)
		return STORE_ERR;
	if (bind_texts(st, name, origin) != SQL_OK) {
		store_set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	rc = sql_step(st);
	if (rc != SQL_ROW && rc != SQL_DONE) {
		store_set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	memset(out, 0, sizeof(*out));
	if (rc == SQL_ROW) {
		out->failed_logins = sql_int(st, 0);
		out->locked_until = sql_int64(st, 1);
	}
	ret = STORE_OK;
out_finalize:
	store_release(s, st);
	return ret;
}

/* Run a one-statement UPDATE of player ?1 with the text ?2 (NULL when
 * `text` is) and, unless `number` is NULL, the number ?3. Return
 * STORE_OK, STORE_NOT_FOUND when no row has that id, or STORE_ERR. */
static enum store_status update_player(struct store *s, const char *sql,
				       long long id, const char *text,
				       const long long *number,
				       const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	if (store_prepare(s, sql, &st, what) != 0)
		return STORE_ERR;
	rc = sql_bind_int64(st, 1, id);
	if (rc == SQL_OK)
		rc = text != NULL ? sql_bind_text(st, 2, text)
				  : sql_bind_null(st, 2);
	if (rc == SQL_OK && number != NULL)
		rc = sql_bind_int64(st, 3, *number);
	if (rc != SQL_OK) {
		store_set_db_err(s, what);
		goto out_finalize;
	}
	ret = store_step_one(s, st, what, STORE_NOT_FOUND, "no such player");
out_finalize:
	store_release(s, st);
	return ret;
}

/* See store.h. */
enum store_status store_login_succeeded(struct store *s, long long id,
					const char *origin, long long now,
					const char *new_hash)
{
	enum store_status st;
	struct sql_stmt *q;

	store_clear_err(s);
	st = store_begin(s, WHAT_SUCCEED);
	if (st != STORE_OK)
		return st;
	st = update_player(s,
			   "UPDATE players SET last_login_at = ?3,"
			   " password_hash = coalesce(?2, password_hash)"
			   " WHERE id = ?1",
			   id, new_hash, &now, WHAT_SUCCEED);
	if (st == STORE_OK &&
	    store_prepare_ints(s,
			       "DELETE FROM login_failures WHERE origin = ?2"
			       " AND name = (SELECT lower(username)"
			       " FROM players WHERE id = ?1)",
			       &q, &id, 1, WHAT_SUCCEED) != 0)
		st = STORE_ERR;
	if (st == STORE_OK) {
		if (sql_bind_text(q, 2, origin) != SQL_OK) {
			store_set_db_err(s, WHAT_SUCCEED);
			st = STORE_ERR;
		} else if (store_step_done(s, q, WHAT_SUCCEED) != SQL_DONE) {
			st = STORE_ERR;
		}
		store_release(s, q);
	}
	if (st == STORE_OK)
		st = prune_failures(s, now, WHAT_SUCCEED);
	return store_finish(s, st, WHAT_SUCCEED);
}

/* The session this handle holds for player `id`, or NULL. */
static struct store_session *session_of(struct store *s, long long id)
{
	int i;

	for (i = 0; id > 0 && i < STORE_SESSIONS_MAX; i++)
		if (s->sessions[i].player_id == id)
			return &s->sessions[i];
	return NULL;
}

/* Player `id`'s password generation into *gen. Return STORE_OK,
 * STORE_NOT_FOUND or STORE_ERR (the error kept). */
static enum store_status read_gen(struct store *s, long long id, long long *gen,
				  const char *what)
{
	return store_query_ints(
		s, "SELECT password_gen FROM players WHERE id = ?1", &id, 1,
		gen, 1, what, "no such player");
}

/* See store.h. The session's check, the new hash and generation, and
 * the generation read back for this handle's session: one write
 * transaction. */
enum store_status store_set_password(struct store *s, long long id,
				     const char *hash)
{
	struct store_session *mine = session_of(s, id);
	long long gen = 0;
	enum store_status st;

	store_clear_err(s);
	if (hash == NULL) {
		store_set_err(s, WHAT_PASSWORD, "no hash was given");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_PASSWORD);
	if (st != STORE_OK)
		return st;
	st = store_check_sessions(s, &id, 1, WHAT_PASSWORD);
	if (st == STORE_OK)
		st = update_player(s,
				   "UPDATE players SET password_hash = ?2,"
				   " password_gen = password_gen + 1"
				   " WHERE id = ?1",
				   id, hash, NULL, WHAT_PASSWORD);
	if (st == STORE_OK)
		st = read_gen(s, id, &gen, WHAT_PASSWORD);
	st = store_finish(s, st, WHAT_PASSWORD);
	if (st == STORE_OK && mine != NULL)
		mine->gen = gen;
	return st;
}

/* See store.h. */
enum store_status store_session_begin(struct store *s, long long player_id,
				      long long gen)
{
	struct store_session *slot = session_of(s, player_id);
	int i;

	store_clear_err(s);
	for (i = 0; slot == NULL && i < STORE_SESSIONS_MAX; i++)
		if (s->sessions[i].player_id == 0)
			slot = &s->sessions[i];
	if (slot == NULL || player_id <= 0) {
		store_set_err(s, WHAT_SESSION,
			      player_id > 0 ? "too many players are logged in"
					    : "no such player");
		return STORE_ERR;
	}
	slot->player_id = player_id;
	slot->gen = gen;
	return STORE_OK;
}

/* See store.h. */
void store_session_end(struct store *s, long long player_id)
{
	struct store_session *slot = session_of(s, player_id);

	if (slot != NULL)
		memset(slot, 0, sizeof(*slot));
}

/* See store.h. */
long long store_stale_player(const struct store *s)
{
	return s->stale;
}

/* See store_internal.h. */
enum store_status store_check_sessions(struct store *s,
				       const long long *players, int n,
				       const char *what)
{
	enum store_status st = STORE_OK;
	int i;

	for (i = 0; st == STORE_OK && i < n; i++) {
		const struct store_session *mine = session_of(s, players[i]);
		long long gen = 0;

		if (mine == NULL)
			continue;
		st = read_gen(s, players[i], &gen, what);
		if (st == STORE_OK && gen != mine->gen) {
			store_set_err(s, what,
				      "the password changed since this "
				      "session logged in");
			s->stale = players[i];
			st = STORE_STALE;
		}
	}
	return st;
}

/* See store_internal.h. */
enum store_status store_check_match_sessions(struct store *s, long long id,
					     const char *what)
{
	long long players[2] = {0, 0};
	enum store_status st;

	st = store_query_ints(s,
			      "SELECT coalesce(black_id, 0),"
			      " coalesce(white_id, 0) FROM matches"
			      " WHERE id = ?1",
			      &id, 1, players, 2, what, "no such match");
	if (st == STORE_NOT_FOUND)
		return STORE_OK;
	return st == STORE_OK ? store_check_sessions(s, players, 2, what) : st;
}

/* See store_internal.h. */
enum store_status store_player_exists(struct store *s, long long id,
				      const char *what)
{
	long long one;

	return store_query_ints(s, "SELECT 1 FROM players WHERE id = ?1", &id,
				1, &one, 1, what, "no such player");
}
