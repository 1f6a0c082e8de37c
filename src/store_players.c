/* store_players.c -- players and their logins, and counting a finished
 * ranked match into both players' counters and Elo ratings, overall and
 * under the match's rule. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "rating.h"
#include "store_internal.h"

#define WHAT_LOAD     "cannot load the players"
#define WHAT_REFRESH  "cannot refresh the players"
#define WHAT_RELOAD   "cannot reload the player"
#define WHAT_ADD      "cannot add the player"
#define WHAT_APPROVE  "cannot approve the player"
#define WHAT_PREDICT  "cannot tell whether the ratings will move"
#define WHAT_LOGIN    "cannot read the login"
#define WHAT_FAILED   "cannot count the failed login"
#define WHAT_SUCCEED  "cannot record the login"
#define WHAT_PASSWORD "cannot change the password"
#define WHAT_SESSION  "cannot hold the session"

/* The columns a struct player_info is read from, in this order. games
 * and score are not read: the table's CHECKs make them wins + losses +
 * ties and wins - losses. */
#define PLAYER_COLUMNS                                                         \
	"id, username, nickname, created_at, last_login_at,"                   \
	" wins, losses, ties, rating"
#define SEQ_COLUMN 9 /* changed_seq, after PLAYER_COLUMNS */

/* ==== Players =========================================================== */

/* Fill `info` from a row of PLAYER_COLUMNS; the strings point into the
 * statement and last until its next step. Return 0, or -1 (out of
 * memory). */
static int row_to_info(sqlite3_stmt *st, struct player_info *info)
{
	info->id = sqlite3_column_int64(st, 0);
	info->username = (const char *)sqlite3_column_text(st, 1);
	info->nickname = (const char *)sqlite3_column_text(st, 2);
	info->created_at = sqlite3_column_int64(st, 3);
	info->last_login_at = sqlite3_column_int64(st, 4);
	info->rec.wins = sqlite3_column_int(st, 5);
	info->rec.losses = sqlite3_column_int(st, 6);
	info->rec.ties = sqlite3_column_int(st, 7);
	info->rec.rating = sqlite3_column_double(st, 8);
	info->rec.games = info->rec.wins + info->rec.losses + info->rec.ties;
	info->rec.score = info->rec.wins - info->rec.losses;
	if (info->username == NULL || info->nickname == NULL)
		return -1;
	return 0;
}

/* The node of `l` for the player row `info`: found by username (O(1))
 * and checked by id. NULL when the list does not have it: a new player,
 * known as new in O(1) when its id is past the list's last (the list is
 * kept in id order); otherwise the row's id is looked for in O(n). */
static struct player *node_of(const struct plist *l,
			      const struct player_info *info)
{
	struct player *p = plist_find(l, info->username);
	const struct player *last = plist_last(l);

	if (p != NULL && p->id == info->id)
		return p;
	if (p == NULL && (last == NULL || info->id > last->id))
		return NULL;
	return plist_find_id(l, info->id);
}

/* Bring the list up to date with player row `info`: its node changed in
 * place, or a new node at the tail. Return 0, or -1 (out of memory, or
 * the name is taken by another node) with the error kept. */
static int apply_row(struct store *s, struct plist *l,
		     const struct player_info *info, const char *what)
{
	struct player *p = node_of(l, info);
	int bad = p != NULL ? plist_update(l, p, info) != 0
			    : plist_append(l, info) == NULL;

	if (bad)
		store_set_err(s, what,
			      "out of memory, or the name is taken in the "
			      "list");
	return bad ? -1 : 0;
}

/* A query being read into a list by plist_load(). */
struct load_rows {
	sqlite3_stmt *st;
	int rc; /* the last sqlite3_step() */
};

/* plist_load()'s next(): the next row of the query. */
static int next_row(void *ctx, struct player_info *info)
{
	struct load_rows *rows = ctx;

	rows->rc = sqlite3_step(rows->st);
	if (rows->rc == SQLITE_DONE)
		return 0;
	if (rows->rc != SQLITE_ROW || row_to_info(rows->st, info) != 0)
		return -1;
	return 1;
}

/* Append each row of `st` to `l`: in bulk into an empty list (the
 * usernames come from a UNIQUE column), else one by one, checked. On
 * failure the rows appended are removed again. Return STORE_OK or
 * STORE_ERR with the error kept. */
static enum store_status append_rows(struct store *s, struct plist *l,
				     sqlite3_stmt *st)
{
	const struct player *old_last = plist_last(l);
	struct load_rows rows = {st, SQLITE_OK};
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
	if (rows.rc != SQLITE_ROW && rows.rc != SQLITE_DONE)
		store_set_db_err(s, WHAT_LOAD);
	else
		store_set_err(s, WHAT_LOAD,
			      "out of memory, or a player is in the list "
			      "already");
	while (plist_last(l) != old_last)
		plist_remove(l, plist_last(l));
	return STORE_ERR;
}

/* Read the change counter and the largest id into *seq and *max_id,
 * then size `l` for the players. Return STORE_OK or STORE_ERR. */
static enum store_status prepare_list(struct store *s, struct plist *l,
				      long long *seq)
{
	long long out[2];
	enum store_status st;

	/* Ids are handed out in order and players never deleted, so the
	 * largest id (an O(1) query on the rowid) sizes the list well. */
	st = store_query_ints(s,
			      "SELECT (SELECT seq FROM player_change_seq),"
			      " coalesce(max(id), 0) FROM players",
			      NULL, 0, out, 2, WHAT_LOAD, "no counter");
	if (st != STORE_OK)
		return STORE_ERR;
	*seq = out[0];
	if (out[1] > 0 &&
	    plist_reserve(l, plist_count(l) + (size_t)out[1]) != 0) {
		store_set_err(s, WHAT_LOAD, "out of memory");
		return STORE_ERR;
	}
	return STORE_OK;
}

/* See store.h. One read transaction, so the counter and the rows come
 * from one snapshot; data_version is read before it, so a commit made
 * meanwhile is seen by the next refresh. */
enum store_status store_load_players(struct store *s, struct plist *l)
{
	long long version = 0, seq = 0;
	enum store_status st;
	sqlite3_stmt *rows = NULL;

	store_clear_err(s);
	if (store_query_int(s, "PRAGMA data_version", &version, WHAT_LOAD) !=
	    SQLITE_OK)
		return STORE_ERR;
	st = store_begin_read(s, WHAT_LOAD);
	if (st != STORE_OK)
		return st;
	st = prepare_list(s, l, &seq);
	if (st == STORE_OK &&
	    store_prepare(s,
			  "SELECT " PLAYER_COLUMNS " FROM players ORDER BY id",
			  &rows, WHAT_LOAD) != 0)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = append_rows(s, l, rows);
	store_release(s, rows);
	st = store_finish(s, st, WHAT_LOAD);
	if (st == STORE_OK)
		s->live = (struct store_live){
			l, version, sqlite3_total_changes64(s->db), seq};
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
	sqlite3_stmt *st;
	int rc;

	if (store_prepare_ints(s,
			       "SELECT " PLAYER_COLUMNS ", changed_seq"
			       " FROM players INDEXED BY players_by_change"
			       " WHERE changed_seq > ?1 ORDER BY id",
			       &st, seq, 1, WHAT_REFRESH) != 0)
		return STORE_ERR;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (row_to_info(st, &info) != 0 ||
		    apply_row(s, l, &info, WHAT_REFRESH) != 0)
			goto out_finalize;
		if (sqlite3_column_int64(st, SEQ_COLUMN) > newest)
			newest = sqlite3_column_int64(st, SEQ_COLUMN);
	}
	if (rc != SQLITE_DONE) {
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
	if (store_query_int(s, "PRAGMA data_version", &version, WHAT_REFRESH) !=
	    SQLITE_OK)
		return STORE_ERR;
	changes = sqlite3_total_changes64(s->db);
	if (version == s->live.version && changes == s->live.changes)
		return STORE_OK; /* nobody has committed since */
	st = read_changes(s, l, &seq);
	if (st == STORE_OK)
		s->live = (struct store_live){l, version, changes, seq};
	return st;
}

/* See store.h. */
long long store_players_seen(const struct store *s)
{
	return s->live.list != NULL ? s->live.seq : -1;
}

/* See store.h. */
enum store_status store_reload_player(struct store *s, struct plist *l,
				      long long id)
{
	enum store_status ret = STORE_ERR;
	struct player_info info;
	sqlite3_stmt *st;

	store_clear_err(s);
	if (store_prepare_ints(
		    s, "SELECT " PLAYER_COLUMNS " FROM players WHERE id = ?1",
		    &st, &id, 1, WHAT_RELOAD) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_RELOAD, "no such player");
	if (ret == STORE_OK && row_to_info(st, &info) != 0) {
		store_set_err(s, WHAT_RELOAD, "out of memory");
		ret = STORE_ERR;
	} else if (ret == STORE_OK &&
		   apply_row(s, l, &info, WHAT_RELOAD) != 0) {
		ret = STORE_ERR;
	}
	store_release(s, st);
	return ret;
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
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s,
			  "INSERT INTO players"
			  " (username, nickname, password_hash, created_at,"
			  " username_fold_key, username_shape_key,"
			  " nickname_fold_key, nickname_shape_key, joined_from,"
			  " approved) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,"
			  " ?9, ?9 = '')",
			  &st, WHAT_ADD) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, username, -1, SQLITE_STATIC) !=
		    SQLITE_OK ||
	    sqlite3_bind_text(st, 2, nickname, -1, SQLITE_STATIC) !=
		    SQLITE_OK ||
	    sqlite3_bind_text(st, 3, hash, -1, SQLITE_STATIC) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 4, now) != SQLITE_OK ||
	    store_bind_player_keys(st, 5, keys) != SQLITE_OK ||
	    sqlite3_bind_text(st, 9, origin, -1, SQLITE_STATIC) != SQLITE_OK) {
		store_set_db_err(s, WHAT_ADD);
		goto out_finalize;
	}
	rc = store_step_done(s, st, WHAT_ADD);
	if (rc == SQLITE_CONSTRAINT_UNIQUE) {
		store_set_err(s, WHAT_ADD, "the username is taken");
		ret = STORE_EXISTS;
	} else if (rc == SQLITE_DONE) {
		*id = sqlite3_last_insert_rowid(s->db);
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
	sqlite3_stmt *st;

	if (store_prepare(s,
			  "SELECT count(*) FROM players WHERE joined_from = ?1"
			  " AND created_at > ?2",
			  &st, what) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, origin, -1, SQLITE_STATIC) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 2, now - 86400) != SQLITE_OK)
		store_set_db_err(s, what);
	else if (store_step_row(s, st, what, "no count") == STORE_OK)
		ret = STORE_OK;
	if (ret == STORE_OK)
		*made = sqlite3_column_int64(st, 0);
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
	sqlite3_stmt *stmt;

	store_clear_err(s);
	if (store_prepare(s,
			  "UPDATE players SET approved = 1 WHERE username = ?1",
			  &stmt, WHAT_APPROVE) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(stmt, 1, username, -1, SQLITE_STATIC) !=
	    SQLITE_OK) {
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
static int row_to_login(sqlite3_stmt *st, struct store_login *out)
{
	const unsigned char *hash = sqlite3_column_text(st, 1);
	int len = sqlite3_column_bytes(st, 1);

	if (hash == NULL || len <= 0 || len >= AUTH_HASH_MAX)
		return -1;
	out->id = sqlite3_column_int64(st, 0);
	memcpy(out->hash, hash, (size_t)len);
	out->hash[len] = '\0';
	out->failed_logins = sqlite3_column_int(st, 2);
	out->locked_until = sqlite3_column_int64(st, 3);
	out->gen = sqlite3_column_int64(st, 4);
	return 0;
}

/* Bind the texts a and b to ?1 and ?2 of st. Return SQLite's code. */
static int bind_texts(sqlite3_stmt *st, const char *a, const char *b)
{
	int rc = sqlite3_bind_text(st, 1, a, -1, SQLITE_STATIC);

	return rc == SQLITE_OK ? sqlite3_bind_text(st, 2, b, -1, SQLITE_STATIC)
			       : rc;
}

/* See store.h. */
enum store_status store_get_login(struct store *s, const char *username,
				  const char *origin, struct store_login *out)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;

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
	if (bind_texts(st, username, origin) != SQLITE_OK) {
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
			 const char *origin, sqlite3_stmt **st)
{
	if (store_prepare(s, sql, st, WHAT_FAILED) != 0)
		return -1;
	if (bind_texts(*st, name, origin) == SQLITE_OK)
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
	sqlite3_stmt *st;
	long long n;

	if (prepare_keyed(s,
			  "INSERT INTO login_failures (name, origin,"
			  " failed_logins, last_failed_at) VALUES (lower(?1),"
			  " ?2, 1, ?4) ON CONFLICT (name, origin) DO UPDATE"
			  " SET failed_logins = CASE WHEN last_failed_at < ?3"
			  " THEN 1 ELSE failed_logins + 1 END,"
			  " last_failed_at = ?4 RETURNING failed_logins",
			  name, origin, &st) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 3, now - AUTH_FAILURE_WINDOW) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 4, now) != SQLITE_OK) {
		store_set_db_err(s, WHAT_FAILED);
		store_release(s, st);
		return STORE_ERR;
	}
	if (store_step_row(s, st, WHAT_FAILED, "no row") == STORE_OK) {
		n = sqlite3_column_int64(st, 0);
		*count = n > INT_MAX ? INT_MAX : (int)n;
		if (store_step_done(s, st, WHAT_FAILED) == SQLITE_DONE)
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
	sqlite3_stmt *st;

	if (prepare_keyed(s,
			  "UPDATE login_failures SET locked_until = ?3"
			  " WHERE name = lower(?1) AND origin = ?2",
			  name, origin, &st) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 3, until) != SQLITE_OK)
		store_set_db_err(s, WHAT_FAILED);
	else if (store_step_done(s, st, WHAT_FAILED) == SQLITE_DONE)
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
			       args, 2, what) == SQLITE_DONE
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
 * overlap (STORE_LOCKED_SINCE_SQL adds them up). Return STORE_OK or
 * STORE_ERR (the error kept). */
static enum store_status record_lockout(struct store *s, long long id,
					long long now, long long until)
{
	const long long args[] = {id, now, until};

	return store_exec_ints(s,
			       "INSERT INTO lockouts (player_id, from_at,"
			       " until_at) SELECT ?1, f, ?3 FROM (SELECT"
			       " max(?2, coalesce(max(until_at), 0)) AS f"
			       " FROM lockouts WHERE player_id = ?1)"
			       " WHERE f < ?3",
			       args, 3, WHAT_FAILED) == SQLITE_DONE
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
	sqlite3_stmt *q;

	store_clear_err(s);
	st = store_begin(s, WHAT_FAILED);
	if (st != STORE_OK)
		return st;
	if (store_prepare_ints(s, "SELECT username FROM players WHERE id = ?1",
			       &q, &id, 1, WHAT_FAILED) != 0)
		return store_finish(s, STORE_ERR, WHAT_FAILED);
	st = store_step_row(s, q, WHAT_FAILED, "no such player");
	if (st == STORE_OK)
		snprintf(name, sizeof(name), "%s",
			 (const char *)sqlite3_column_text(q, 0));
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
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (store_prepare(s,
			  "SELECT failed_logins, locked_until FROM"
			  " login_failures WHERE name = lower(?1)"
			  " AND origin = ?2",
			  &st, WHAT_LOGIN) != 0)
		return STORE_ERR;
	if (bind_texts(st, name, origin) != SQLITE_OK) {
		store_set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		store_set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	memset(out, 0, sizeof(*out));
	if (rc == SQLITE_ROW) {
		out->failed_logins = sqlite3_column_int(st, 0);
		out->locked_until = sqlite3_column_int64(st, 1);
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
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s, sql, &st, what) != 0)
		return STORE_ERR;
	rc = sqlite3_bind_int64(st, 1, id);
	if (rc == SQLITE_OK)
		rc = text != NULL
			     ? sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC)
			     : sqlite3_bind_null(st, 2);
	if (rc == SQLITE_OK && number != NULL)
		rc = sqlite3_bind_int64(st, 3, *number);
	if (rc != SQLITE_OK) {
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
	sqlite3_stmt *q;

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
		if (sqlite3_bind_text(q, 2, origin, -1, SQLITE_STATIC) !=
		    SQLITE_OK) {
			store_set_db_err(s, WHAT_SUCCEED);
			st = STORE_ERR;
		} else if (store_step_done(s, q, WHAT_SUCCEED) != SQLITE_DONE) {
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

/* ==== The leaderboards by score ========================================= */

#define WHAT_TOP "cannot read the leaderboard"

/* The columns of PLAYER_COLUMNS with a rule's record for the player's
 * own (the record's games and score follow from them, as the table's
 * CHECKs have it). */
#define RULE_PLAYER_COLUMNS                                                    \
	"p.id, p.username, p.nickname, p.created_at, p.last_login_at,"         \
	" r.wins, r.losses, r.ties, r.rating"

/* A leaderboard's two reads, ?1 the rows wanted and ?2 the rule's word:
 * the ranked players (games > 0) in PLIST_BY_SCORE's order from
 * migration 24's indexes, which SQLite walks from the top and stops
 * after ?1 rows; then, while fewer were found, the unranked ones (no
 * record, so equal but for the username) by username. A rule's records
 * are in that order but the username, the players': SQLite sorts only
 * the rows that tie on the rest, as it walks them. */
static const char *const top_every_rule[2] = {
	"SELECT " PLAYER_COLUMNS " FROM players WHERE games > 0"
	" ORDER BY score DESC, wins DESC, losses, username COLLATE NOCASE"
	" LIMIT ?1",
	"SELECT " PLAYER_COLUMNS " FROM players WHERE games = 0"
	" ORDER BY username COLLATE NOCASE LIMIT ?1"};
static const char *const top_one_rule[2] = {
	"SELECT " RULE_PLAYER_COLUMNS " FROM rule_records r CROSS JOIN"
	" players p ON p.id = r.player_id WHERE r.rule = ?2 AND r.games > 0"
	" ORDER BY r.score DESC, r.wins DESC, r.losses,"
	" p.username COLLATE NOCASE LIMIT ?1",
	"SELECT " RULE_PLAYER_COLUMNS " FROM rule_records r CROSS JOIN"
	" players p ON p.id = r.player_id WHERE r.rule = ?2 AND r.games = 0"
	" ORDER BY p.username COLLATE NOCASE LIMIT ?1"};

/* Append to `out` the rows of sql (see top_every_rule) for up to `top`
 * more players, `word` (NULL: none) bound as ?2. Return STORE_OK or
 * STORE_ERR with the error kept (`out` as it was). */
static enum store_status top_part(struct store *s, const char *sql,
				  const char *word, int top, struct plist *out)
{
	enum store_status st = STORE_ERR;
	sqlite3_stmt *rows;
	int rc;

	if (store_prepare(s, sql, &rows, WHAT_TOP) != 0)
		return STORE_ERR;
	rc = sqlite3_bind_int(rows, 1, top);
	if (rc == SQLITE_OK && word != NULL)
		rc = sqlite3_bind_text(rows, 2, word, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		st = append_rows(s, out, rows);
	else
		store_set_db_err(s, WHAT_TOP);
	store_release(s, rows);
	return st;
}

/* See store.h. One read transaction, so both reads see one snapshot. */
enum store_status store_top_players(struct store *s, const enum rule *rule,
				    int top, struct plist *out)
{
	const char *const *sql = rule != NULL ? top_one_rule : top_every_rule;
	const char *word = rule != NULL ? store_rule_word(*rule) : NULL;
	size_t had = plist_count(out);
	enum store_status st;
	int part;

	store_clear_err(s);
	if (top < 0 || (rule != NULL && word == NULL)) {
		store_set_err(s, WHAT_TOP,
			      "the rule or the count is not valid");
		return STORE_ERR;
	}
	st = store_begin_read(s, WHAT_TOP);
	if (st != STORE_OK)
		return st;
	for (part = 0; part < 2 && st == STORE_OK; part++) {
		int found = (int)(plist_count(out) - had);

		if (found < top)
			st = top_part(s, sql[part], word, top - found, out);
	}
	if (st != STORE_OK)
		while (plist_count(out) > had)
			plist_remove(out, plist_last(out));
	return store_finish(s, st, WHAT_TOP);
}

/* ==== Counting a result =================================================
 *
 * A finished ranked match counts twice, each time the same way: into the
 * players' own counters and Elo rating (over every rule), and into their
 * counters and Elo rating under the match's rule alone (rule_records,
 * where a player's row is made at their first game under that rule).
 * A counter's two statements are prepared once, so that replaying every
 * match of a club (a migration) costs steps, not prepares. */

/* The columns of a finished ranked match that counting reads, from
 * matches: its id, the players and the result, then whether it moves
 * the ratings: MOVES_NOW for a match counted now, MOVES_THEN in a
 * migration's replay (those run before migration 31 made the column,
 * when every result moved them). */
#define RANKED_COLUMNS "id, black_id, white_id, result"
#define MOVES_NOW      ", unrated = ''"
#define MOVES_THEN     ", 1"
#define RANKED_WHERE                                                           \
	" FROM matches WHERE kind = 'ranked' AND status = 'finished'"

/* Why a rated result between players `b` and `w` (SQL expressions), in
 * a match begun at `at` and counted after the matches with ids below
 * `before`, moves no rating: 'new' when a side is not a rated member
 * (approved, or with the club open past its rated_after games), 'pair'
 * past the club's pair_games rated games between the two begun within
 * its pair_hours before `at`, else ''. From what is committed and the
 * match's own times: no process's clock. */
#define UNRATED_WHY(b, w, at, before)                                          \
	"(CASE WHEN EXISTS (SELECT 1 FROM players AS p, club_settings AS c"    \
	"  WHERE c.id = 1 AND p.id IN (" b ", " w ") AND p.approved = 0"       \
	"  AND (c.join_policy <> 'open' OR p.games < c.rated_after))"          \
	" THEN 'new'"                                                          \
	" WHEN (SELECT pair_games FROM club_settings WHERE id = 1) > 0"        \
	"  AND (SELECT count(*) FROM matches AS o WHERE o.id < " before        \
	"  AND o.kind = 'ranked' AND o.status = 'finished' AND o.rated = 1"    \
	"  AND ((o.black_id = " b " AND o.white_id = " w ")"                   \
	"  OR (o.black_id = " w " AND o.white_id = " b "))"                    \
	"  AND o.started_at > " at " - 3600 * (SELECT pair_hours"              \
	"  FROM club_settings WHERE id = 1)) >= (SELECT pair_games"            \
	"  FROM club_settings WHERE id = 1) THEN 'pair'"                       \
	" ELSE '' END)"

/* Decide, as match ?1 is counted, whether it moves the ratings. */
#define DECIDE_UNRATED                                                         \
	"UPDATE matches AS m SET unrated = " UNRATED_WHY(                      \
		"m.black_id", "m.white_id", "m.started_at",                    \
		"m.id") " WHERE id = ?1"

/* A finished ranked match, as counting needs it. */
struct ranked {
	long long id, black_id, white_id;
	enum match_result result;
	bool moves; /* it moves the ratings (matches.unrated '') */
};

/* One side of a match: what it had before and what it gets. */
struct side {
	long long id;
	double rating;
	int games;
	double score; /* 1 win, 0.5 draw, 0 loss */
};

/* Where a count goes: the players' own counters, those under the rule
 * of the match being counted, or a replay's ratings (temp.replayed, a
 * migration's: store_abort_unplayed()). */
enum count_target { COUNT_OWN, COUNT_RULE, COUNT_REPLAY };

struct counter {
	enum count_target to;
	sqlite3_stmt *read;  /* READ_OWN or READ_RULE */
	sqlite3_stmt *apply; /* APPLY_OWN or APPLY_RULE */
};

/* Fill *m from a row of RANKED_COLUMNS and its MOVES_*. */
static void row_to_ranked(sqlite3_stmt *st, struct ranked *m)
{
	m->id = sqlite3_column_int64(st, 0);
	m->black_id = sqlite3_column_int64(st, 1);
	m->white_id = sqlite3_column_int64(st, 2);
	m->result = (enum match_result)match_result_value(
		(const char *)sqlite3_column_text(st, 3));
	m->moves = sqlite3_column_int(st, 4) != 0;
}

/* Read finished ranked match `id` into *m. Return STORE_OK,
 * STORE_NOT_FOUND (no such finished ranked match) or STORE_ERR. */
static enum store_status read_ranked(struct store *s, long long id,
				     struct ranked *m, const char *what)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (store_prepare_ints(s,
			       "SELECT " RANKED_COLUMNS MOVES_NOW RANKED_WHERE
			       " AND id = ?1",
			       &st, &id, 1, what) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		row_to_ranked(st, m);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		store_set_err(s, what, "no such finished ranked match");
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	store_release(s, st);
	return ret;
}

/* Give c's statements back. Accepts one never prepared (zeroed). */
static void counter_free(struct store *s, struct counter *c)
{
	store_release(s, c->read);
	store_release(s, c->apply);
	c->read = c->apply = NULL;
}

/* A counter's statements: reading a side (?1 the player; for a rule,
 * ?2 the match), and adding a game to it (apply_side()). */
#define READ_OWN "SELECT rating, games FROM players WHERE id = ?1"
#define READ_RULE                                                              \
	"SELECT r.rating, r.games FROM rule_records AS r"                      \
	" JOIN matches AS m ON r.rule = m.rule"                                \
	" WHERE m.id = ?2 AND r.player_id = ?1"
#define APPLY_OWN                                                              \
	"UPDATE players SET games = games + 1, wins = wins + ?2,"              \
	" losses = losses + ?3, ties = ties + ?4, score = score + ?5,"         \
	" rating = rating + ?6 WHERE id = ?1"
#define APPLY_RULE                                                             \
	"INSERT INTO rule_records (rule, player_id, games, wins, losses,"      \
	" ties, score, rating) SELECT rule, ?1, 1, ?2, ?3, ?4, ?5, ?7 + ?6"    \
	" FROM matches WHERE id = ?8 ON CONFLICT (rule, player_id) DO UPDATE"  \
	" SET games = games + 1, wins = wins + ?2, losses = losses + ?3,"      \
	" ties = ties + ?4, score = score + ?5, rating = rating + ?6"

/* A replay's side: its rating and games so far (?1 the player), and a
 * game added (?1 the player, ?6 the change, ?7 the rating before its
 * first game; ?2..?5 are bound and unused). */
#define READ_REPLAY                                                            \
	"SELECT rating, games FROM temp.replayed WHERE player_id = ?1"
#define APPLY_REPLAY                                                           \
	"INSERT INTO temp.replayed (player_id, games, rating)"                 \
	" VALUES (?1, 1, ?7 + ?6) ON CONFLICT (player_id) DO UPDATE"           \
	" SET games = games + 1, rating = rating + ?6"

/* Prepare c's statements (c->to says which). Return 0, or -1 with
 * the error kept and nothing left to free. */
static int counter_prepare(struct store *s, struct counter *c, const char *what)
{
	static const char *const read[] = {READ_OWN, READ_RULE, READ_REPLAY};
	static const char *const apply[] = {APPLY_OWN, APPLY_RULE,
					    APPLY_REPLAY};

	c->read = c->apply = NULL;
	if (store_prepare(s, read[c->to], &c->read, what) != 0 ||
	    store_prepare(s, apply[c->to], &c->apply, what) != 0) {
		counter_free(s, c);
		return -1;
	}
	return 0;
}

/* Read side->id's rating and games into `side` through c, for match
 * `match` (a player without a game under its rule yet starts at
 * RATING_START). Return STORE_OK, STORE_NOT_FOUND or STORE_ERR. */
static enum store_status read_side(struct store *s, const struct counter *c,
				   long long match, struct side *side,
				   const char *what)
{
	enum store_status ret = STORE_ERR;
	int rc;

	sqlite3_reset(c->read);
	if (sqlite3_bind_int64(c->read, 1, side->id) != SQLITE_OK ||
	    (c->to == COUNT_RULE &&
	     sqlite3_bind_int64(c->read, 2, match) != SQLITE_OK)) {
		store_set_db_err(s, what);
		return STORE_ERR;
	}
	side->rating = RATING_START;
	side->games = 0;
	rc = sqlite3_step(c->read);
	if (rc == SQLITE_ROW) {
		side->rating = sqlite3_column_double(c->read, 0);
		side->games = sqlite3_column_int(c->read, 1);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE && c->to != COUNT_OWN) {
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		store_set_err(s, what, "no such player");
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	sqlite3_reset(c->read);
	return ret;
}

/* Add one game's outcome for `side` in match `match` to its counters
 * through c, relative to what the row holds now, with rating change
 * `delta` (a missing rule row is made, from side->rating). Return
 * STORE_OK or STORE_ERR. */
static enum store_status apply_side(struct store *s, const struct counter *c,
				    long long match, const struct side *side,
				    double delta, const char *what)
{
	const int win = side->score == 1.0, loss = side->score == 0.0;
	const int counts[] = {win, loss, !win && !loss, win - loss};
	enum store_status ret = STORE_ERR;
	int rc, i;

	sqlite3_reset(c->apply);
	rc = sqlite3_bind_int64(c->apply, 1, side->id);
	for (i = 0; i < 4 && rc == SQLITE_OK; i++)
		rc = sqlite3_bind_int(c->apply, i + 2, counts[i]);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_double(c->apply, 6, delta);
	if (rc == SQLITE_OK && c->to != COUNT_OWN)
		rc = sqlite3_bind_double(c->apply, 7, side->rating);
	if (rc == SQLITE_OK && c->to == COUNT_RULE)
		rc = sqlite3_bind_int64(c->apply, 8, match);
	if (rc != SQLITE_OK)
		store_set_db_err(s, what);
	else if (store_step_done(s, c->apply, what) == SQLITE_DONE)
		ret = STORE_OK;
	sqlite3_reset(c->apply);
	return ret;
}

/* Count match m for both players through c. Each side's Elo change
 * comes from both sides' values before the game; none when m moves no
 * rating. Return STORE_OK, STORE_NOT_FOUND or STORE_ERR. */
static enum store_status count_match(struct store *s, const struct counter *c,
				     const struct ranked *m, const char *what)
{
	struct side black = {.id = m->black_id}, white = {.id = m->white_id};
	double black_delta, white_delta;
	enum store_status st;

	st = read_side(s, c, m->id, &black, what);
	if (st == STORE_OK)
		st = read_side(s, c, m->id, &white, what);
	if (st != STORE_OK)
		return st;
	black.score = match_black_score(m->result);
	white.score = 1.0 - black.score;
	black_delta = white_delta = 0.0;
	if (m->moves)
		rating_deltas(black.rating, black.games, white.rating,
			      white.games, black.score, &black_delta,
			      &white_delta);
	st = apply_side(s, c, m->id, &black, black_delta, what);
	if (st == STORE_OK)
		st = apply_side(s, c, m->id, &white, white_delta, what);
	return st;
}

/* Count match m through a counter of its own to `to`. */
static enum store_status count_once(struct store *s, const struct ranked *m,
				    enum count_target to, const char *what)
{
	struct counter c = {.to = to};
	enum store_status st;

	if (counter_prepare(s, &c, what) != 0)
		return STORE_ERR;
	st = count_match(s, &c, m, what);
	counter_free(s, &c);
	return st;
}

/* See store.h. */
enum store_status store_rating_moves(struct store *s, long long a, long long b,
				     long long at, enum match_unrated *why)
{
	const long long args[] = {a, b, at};
	enum store_status st;
	long long v = 0;

	store_clear_err(s);
	st = store_query_ints(
		s,
		"SELECT " STORE_UNRATED_SQL(UNRATED_WHY(
			"?1", "?2", "?3",
			"(SELECT coalesce(max(id), 0) + 1 FROM matches)")),
		args, 3, &v, 1, WHAT_PREDICT, "no answer");
	if (st == STORE_OK)
		*why = (enum match_unrated)v;
	return st;
}

/* See store_internal.h. */
enum store_status store_count_ranked(struct store *s, long long match_id,
				     const char *what)
{
	struct ranked m;
	enum store_status st;

	if (store_exec_ints(s, DECIDE_UNRATED, &match_id, 1, what) !=
	    SQLITE_DONE)
		return STORE_ERR;
	st = read_ranked(s, match_id, &m, what);
	if (st == STORE_OK)
		st = count_once(s, &m, COUNT_OWN, what);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE matches SET black_after = (SELECT rating"
			    " FROM players WHERE id = black_id), white_after ="
			    " (SELECT rating FROM players WHERE id = white_id)"
			    " WHERE id = ?1",
			    &match_id, 1, what) != SQLITE_DONE)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = count_once(s, &m, COUNT_RULE, what);
	return st;
}

/* Count every finished ranked match to `to`, oldest result first (as
 * they were counted), through one counter for them all. Return STORE_OK
 * or STORE_ERR (the error kept). */
static enum store_status replay(struct store *s, enum count_target to,
				const char *what)
{
	struct counter c = {.to = to};
	enum store_status ret = STORE_OK;
	struct ranked m;
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s,
			  "SELECT " RANKED_COLUMNS MOVES_THEN RANKED_WHERE
			  " ORDER BY ended_at, id",
			  &st, what) != 0)
		return STORE_ERR;
	if (counter_prepare(s, &c, what) != 0) {
		store_release(s, st);
		return STORE_ERR;
	}
	for (rc = sqlite3_step(st); rc == SQLITE_ROW; rc = sqlite3_step(st)) {
		row_to_ranked(st, &m);
		ret = count_match(s, &c, &m, what);
		if (ret != STORE_OK)
			goto out_finalize;
	}
	if (rc != SQLITE_DONE) {
		store_set_db_err(s, what);
		ret = STORE_ERR;
	}
out_finalize:
	counter_free(s, &c);
	store_release(s, st);
	return ret;
}

/* See store_internal.h. */
enum store_status store_replay_rule_records(struct store *s, const char *what)
{
	return replay(s, COUNT_RULE, what);
}

/* See store_internal.h. One UPDATE decides, from what is committed. */
enum store_status store_count_or_abort(struct store *s, long long match_id,
				       const char *what)
{
	long long rated = 0;

	if (store_exec_ints(s,
			    "UPDATE matches SET status = 'aborted',"
			    " result = NULL, reason = NULL WHERE id = ?1"
			    " AND kind = 'ranked' AND status = 'finished'"
			    " AND " STORE_UNPLAYED_SQL,
			    &match_id, 1, what) != SQLITE_DONE)
		return STORE_ERR;
	if (sqlite3_changes(s->db) == 1)
		return STORE_OK;
	if (store_query_ints(s, "SELECT rated FROM matches WHERE id = ?1",
			     &match_id, 1, &rated, 1, what,
			     "no such match") != STORE_OK)
		return STORE_ERR;
	return rated ? store_count_ranked(s, match_id, what) : STORE_OK;
}

/* ==== Aborting the matches of older versions (migration 14) ============= */

/* The finished ranked matches that migration 14 aborts. */
#define UNPLAYED_RANKED                                                        \
	" FROM matches WHERE kind = 'ranked' AND status = 'finished' "         \
	"AND " STORE_UNPLAYED_SQL

/* Run `sql` (no parameters) inside the migration. Return STORE_OK or
 * STORE_ERR (the error kept). */
static enum store_status run(struct store *s, const char *sql, const char *what)
{
	return store_run_sql(s, sql, what) == SQLITE_OK ? STORE_OK : STORE_ERR;
}

/* Take back from the players' own counters what the matches about to be
 * aborted counted (their games, wins, losses, ties and score: exact
 * sums). Return STORE_OK or STORE_ERR. */
static enum store_status take_back_counts(struct store *s, const char *what)
{
	return run(s,
		   "CREATE TEMP TABLE taken_back AS SELECT player_id,"
		   " count(*) AS n, sum(won) AS n_won, sum(lost) AS n_lost"
		   " FROM (SELECT black_id AS player_id, result = 'black' AS"
		   " won, result = 'white' AS lost" UNPLAYED_RANKED
		   " UNION ALL SELECT white_id, result = 'white',"
		   " result = 'black'" UNPLAYED_RANKED ") GROUP BY player_id;"
		   "UPDATE players SET games = games - t.n,"
		   " wins = wins - t.n_won, losses = losses - t.n_lost,"
		   " ties = ties - (t.n - t.n_won - t.n_lost),"
		   " score = score - (t.n_won - t.n_lost)"
		   " FROM temp.taken_back AS t WHERE t.player_id = players.id;"
		   "DROP TABLE temp.taken_back;",
		   what);
}

/* Replay every finished ranked match from RATING_START into a new
 * temp.replayed, first renaming the one there (if any) to
 * temp.replayed_before. Return STORE_OK or STORE_ERR. */
static enum store_status replay_ratings(struct store *s, bool again,
					const char *what)
{
	if (again &&
	    run(s, "ALTER TABLE temp.replayed RENAME TO replayed_before;",
		what) != STORE_OK)
		return STORE_ERR;
	if (run(s,
		"CREATE TEMP TABLE replayed (player_id INTEGER PRIMARY KEY,"
		" games INTEGER NOT NULL, rating REAL NOT NULL);",
		what) != STORE_OK)
		return STORE_ERR;
	return replay(s, COUNT_REPLAY, what);
}

/* Move each player's rating by what the replay without the aborted
 * matches gives less what the replay with them gave (a player left
 * with no game in it is back at RATING_START); players it did not move
 * are not touched. Return STORE_OK or STORE_ERR. */
static enum store_status move_ratings(struct store *s, const char *what)
{
	const long long start = (long long)RATING_START; /* a whole number */

	if (store_exec_ints(
		    s,
		    "UPDATE players SET rating = rating + d.change FROM"
		    " (SELECT b.player_id, coalesce(a.rating, ?1) - b.rating"
		    " AS change FROM temp.replayed_before AS b"
		    " LEFT JOIN temp.replayed AS a"
		    " ON a.player_id = b.player_id) AS d"
		    " WHERE d.player_id = players.id AND d.change <> 0",
		    &start, 1, what) != SQLITE_DONE)
		return STORE_ERR;
	return run(s,
		   "DROP TABLE temp.replayed; DROP TABLE temp.replayed_before;",
		   what);
}

/* See store_internal.h. */
enum store_status store_abort_unplayed(struct store *s, const char *what)
{
	enum store_status st;
	long long n = 0;

	st = run(s,
		 "UPDATE matches SET status = 'aborted',"
		 " ended_at = coalesce(ended_at, last_active_at)"
		 " WHERE kind = 'ranked' AND status = 'abandoned'"
		 " AND " STORE_UNPLAYED_SQL ";",
		 what);
	if (st == STORE_OK &&
	    store_query_int(s, "SELECT count(*)" UNPLAYED_RANKED, &n, what) !=
		    SQLITE_OK)
		st = STORE_ERR;
	if (st != STORE_OK || n == 0)
		return st;
	st = replay_ratings(s, false, what);
	if (st == STORE_OK)
		st = take_back_counts(s, what);
	if (st == STORE_OK)
		st = run(s,
			 "UPDATE matches SET status = 'aborted', result = NULL,"
			 " reason = NULL WHERE kind = 'ranked'"
			 " AND status = 'finished' AND " STORE_UNPLAYED_SQL ";",
			 what);
	if (st == STORE_OK)
		st = replay_ratings(s, true, what);
	if (st == STORE_OK)
		st = move_ratings(s, what);
	if (st == STORE_OK)
		st = run(s, "DELETE FROM rule_records;", what);
	if (st == STORE_OK)
		st = replay(s, COUNT_RULE, what);
	return st;
}
