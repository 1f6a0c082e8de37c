/* store_players.c -- players and their logins, and counting a finished
 * ranked match into both players' counters and Elo ratings. */
#include <limits.h>
#include <string.h>

#include "rating.h"
#include "store_internal.h"

#define WHAT_LOAD     "cannot load the players"
#define WHAT_RELOAD   "cannot reload the player"
#define WHAT_ADD      "cannot add the player"
#define WHAT_LOGIN    "cannot read the login"
#define WHAT_FAILED   "cannot count the failed login"
#define WHAT_SUCCEED  "cannot record the login"
#define WHAT_PASSWORD "cannot change the password"

/* The columns a struct player_info is read from, in this order. */
#define PLAYER_COLUMNS                                                         \
	"id, username, nickname, created_at, last_login_at,"                   \
	" games, wins, losses, ties, score, rating"

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
	info->rec.games = sqlite3_column_int(st, 5);
	info->rec.wins = sqlite3_column_int(st, 6);
	info->rec.losses = sqlite3_column_int(st, 7);
	info->rec.ties = sqlite3_column_int(st, 8);
	info->rec.score = sqlite3_column_int(st, 9);
	info->rec.rating = sqlite3_column_double(st, 10);
	if (info->username == NULL || info->nickname == NULL)
		return -1;
	return 0;
}

/* Remove from `l` every node after `last` (NULL: every node). */
static void drop_after(struct plist *l, const struct player *last)
{
	while (plist_last(l) != last)
		plist_remove(l, plist_last(l));
}

/* See store.h. One query of just the list's columns; on failure the
 * players appended so far are removed again, leaving `l` as it was. */
enum store_status store_load_players(struct store *s, struct plist *l)
{
	const struct player *old_last = plist_last(l);
	enum store_status ret = STORE_ERR;
	struct player_info info;
	long long max_id = 0;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	/* Ids are handed out in order, so the largest sizes the index well
	 * enough that loading never rehashes (an O(1) query on the rowid). */
	if (store_query_int(s, "SELECT coalesce(max(id), 0) FROM players",
			    &max_id, WHAT_LOAD) != SQLITE_OK)
		return STORE_ERR;
	if (max_id > 0 &&
	    plist_reserve(l, plist_count(l) + (size_t)max_id) != 0) {
		store_set_err(s, WHAT_LOAD, "out of memory");
		return STORE_ERR;
	}
	if (store_prepare(s,
			  "SELECT " PLAYER_COLUMNS " FROM players ORDER BY id",
			  &st, WHAT_LOAD) != 0)
		return STORE_ERR;
	for (;;) {
		rc = sqlite3_step(st);
		if (rc != SQLITE_ROW)
			break;
		if (row_to_info(st, &info) != 0 ||
		    plist_append(l, &info) == NULL) {
			store_set_err(s, WHAT_LOAD,
				      "out of memory, or a player is "
				      "in the list already");
			goto out_drop;
		}
	}
	if (rc == SQLITE_DONE) {
		ret = STORE_OK;
		goto out_finalize;
	}
	store_set_db_err(s, WHAT_LOAD);
out_drop:
	drop_after(l, old_last);
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Bring node `p` up to date with `info`. The names never change through
 * this module; should they differ, the node is replaced (at the tail).
 * Return 0, or -1 when the replacement cannot be appended. */
static int update_node(struct plist *l, struct player *p,
		       const struct player_info *info)
{
	if (strcmp(p->username, info->username) != 0 ||
	    strcmp(p->nickname, info->nickname) != 0) {
		plist_remove(l, p);
		return plist_append(l, info) != NULL ? 0 : -1;
	}
	p->created_at = info->created_at;
	p->last_login_at = info->last_login_at;
	p->rec = info->rec;
	return 0;
}

/* See store.h. */
enum store_status store_reload_player(struct store *s, struct plist *l,
				      long long id)
{
	enum store_status ret = STORE_ERR;
	struct player_info info;
	struct player *p;
	sqlite3_stmt *st;
	int rc, bad;

	store_clear_err(s);
	if (store_prepare(
		    s, "SELECT " PLAYER_COLUMNS " FROM players WHERE id = ?1",
		    &st, WHAT_RELOAD) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 1, id) != SQLITE_OK) {
		store_set_db_err(s, WHAT_RELOAD);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		store_set_err(s, WHAT_RELOAD, "no such player");
		ret = STORE_NOT_FOUND;
		goto out_finalize;
	}
	if (rc != SQLITE_ROW) {
		store_set_db_err(s, WHAT_RELOAD);
		goto out_finalize;
	}
	p = plist_find_id(l, id);
	bad = row_to_info(st, &info) != 0;
	if (!bad)
		bad = p != NULL ? update_node(l, p, &info) != 0
				: plist_append(l, &info) == NULL;
	if (bad)
		store_set_err(s, WHAT_RELOAD,
			      "out of memory, or the name is taken "
			      "in the list");
	else
		ret = STORE_OK;
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. */
enum store_status store_add_player(struct store *s, const char *username,
				   const char *nickname, const char *hash,
				   long long now, long long *id)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (store_prepare(s,
			  "INSERT INTO players"
			  " (username, nickname, password_hash, created_at)"
			  " VALUES (?1, ?2, ?3, ?4)",
			  &st, WHAT_ADD) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, username, -1, SQLITE_STATIC) !=
		    SQLITE_OK ||
	    sqlite3_bind_text(st, 2, nickname, -1, SQLITE_STATIC) !=
		    SQLITE_OK ||
	    sqlite3_bind_text(st, 3, hash, -1, SQLITE_STATIC) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 4, now) != SQLITE_OK) {
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
	sqlite3_finalize(st);
	return ret;
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
	return 0;
}

/* See store.h. */
enum store_status store_get_login(struct store *s, const char *username,
				  struct store_login *out)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (store_prepare(
		    s,
		    "SELECT id, password_hash, failed_logins, locked_until"
		    " FROM players WHERE username = ?1",
		    &st, WHAT_LOGIN) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, username, -1, SQLITE_STATIC) !=
	    SQLITE_OK) {
		store_set_db_err(s, WHAT_LOGIN);
		goto out_finalize;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		store_set_err(s, WHAT_LOGIN, "no such player");
		ret = STORE_NOT_FOUND;
	} else if (rc != SQLITE_ROW) {
		store_set_db_err(s, WHAT_LOGIN);
	} else if (row_to_login(st, out) != 0) {
		store_set_err(s, WHAT_LOGIN, "the stored hash is not valid");
	} else {
		ret = STORE_OK;
	}
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* Whose failed logins: a player (`name` NULL) or a name that has no
 * account (the login_failures table, keyed by the name in lower case). */
struct failure_key {
	long long id;
	const char *name;
};

/* Prepare `sql` (the player's or the name's form) with the key bound to
 * ?1. Return 0, or -1 with the error kept. */
static int prepare_keyed(struct store *s, const struct failure_key *k,
			 const char *player_sql, const char *name_sql,
			 sqlite3_stmt **st)
{
	int rc;

	if (store_prepare(s, k->name != NULL ? name_sql : player_sql, st,
			  WHAT_FAILED) != 0)
		return -1;
	rc = k->name != NULL
		     ? sqlite3_bind_text(*st, 1, k->name, -1, SQLITE_STATIC)
		     : sqlite3_bind_int64(*st, 1, k->id);
	if (rc == SQLITE_OK)
		return 0;
	store_set_db_err(s, WHAT_FAILED);
	sqlite3_finalize(*st);
	*st = NULL;
	return -1;
}

/* Add one to the failed logins of `k` and put the new count in *count.
 * Return STORE_OK, STORE_NOT_FOUND (no such player) or STORE_ERR. */
static enum store_status count_failure(struct store *s,
				       const struct failure_key *k, int *count)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	long long n;
	int rc;

	if (prepare_keyed(s, k,
			  "UPDATE players SET failed_logins = failed_logins + 1"
			  " WHERE id = ?1 RETURNING failed_logins",
			  "INSERT INTO login_failures (name, failed_logins)"
			  " VALUES (lower(?1), 1) ON CONFLICT (name) DO UPDATE"
			  " SET failed_logins = failed_logins + 1"
			  " RETURNING failed_logins",
			  &st) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		store_set_err(s, WHAT_FAILED, "no such player");
		ret = STORE_NOT_FOUND;
	} else if (rc != SQLITE_ROW) {
		store_set_db_err(s, WHAT_FAILED);
	} else {
		n = sqlite3_column_int64(st, 0);
		*count = n > INT_MAX ? INT_MAX : (int)n;
		if (store_step_done(s, st, WHAT_FAILED) == SQLITE_DONE)
			ret = STORE_OK;
	}
	sqlite3_finalize(st);
	return ret;
}

/* Set the lock of `k` to `until`. Return STORE_OK or STORE_ERR. */
static enum store_status set_lock(struct store *s, const struct failure_key *k,
				  long long until)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;

	if (prepare_keyed(s, k,
			  "UPDATE players SET locked_until = ?2 WHERE id = ?1",
			  "UPDATE login_failures SET locked_until = ?2"
			  " WHERE name = lower(?1)",
			  &st) != 0)
		return STORE_ERR;
	if (sqlite3_bind_int64(st, 2, until) != SQLITE_OK)
		store_set_db_err(s, WHAT_FAILED);
	else if (store_step_done(s, st, WHAT_FAILED) == SQLITE_DONE)
		ret = STORE_OK;
	sqlite3_finalize(st);
	return ret;
}

/* Count a failure for `k` and lock it for auth_lock_seconds() of the new
 * count (0 while that gives none), in one transaction. */
static enum store_status
record_failure(struct store *s, const struct failure_key *k, long long now)
{
	enum store_status st;
	long long lock;
	int count = 0;

	store_clear_err(s);
	st = store_begin(s, WHAT_FAILED);
	if (st != STORE_OK)
		return st;
	st = count_failure(s, k, &count);
	if (st == STORE_OK) {
		lock = auth_lock_seconds(count);
		st = set_lock(s, k, lock > 0 ? now + lock : 0);
	}
	return store_finish(s, st, WHAT_FAILED);
}

/* See store.h. */
enum store_status store_login_failed(struct store *s, long long id,
				     long long now)
{
	struct failure_key k = {id, NULL};

	return record_failure(s, &k, now);
}

/* See store.h. */
enum store_status store_name_failed(struct store *s, const char *name,
				    long long now)
{
	struct failure_key k = {0, name};

	if (name == NULL) {
		store_clear_err(s);
		store_set_err(s, WHAT_FAILED, "no name was given");
		return STORE_ERR;
	}
	return record_failure(s, &k, now);
}

/* See store.h. */
enum store_status store_get_name_failures(struct store *s, const char *name,
					  struct store_login *out)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	store_clear_err(s);
	if (store_prepare(s,
			  "SELECT failed_logins, locked_until FROM"
			  " login_failures WHERE name = lower(?1)",
			  &st, WHAT_LOGIN) != 0)
		return STORE_ERR;
	if (sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC) != SQLITE_OK) {
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
	sqlite3_finalize(st);
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
	if (store_step_done(s, st, what) != SQLITE_DONE)
		goto out_finalize;
	ret = sqlite3_changes(s->db) == 1 ? STORE_OK : STORE_NOT_FOUND;
	if (ret == STORE_NOT_FOUND)
		store_set_err(s, what, "no such player");
out_finalize:
	sqlite3_finalize(st);
	return ret;
}

/* See store.h. */
enum store_status store_login_succeeded(struct store *s, long long id,
					long long now, const char *new_hash)
{
	store_clear_err(s);
	return update_player(s,
			     "UPDATE players SET failed_logins = 0,"
			     " locked_until = 0, last_login_at = ?3,"
			     " password_hash = coalesce(?2, password_hash)"
			     " WHERE id = ?1",
			     id, new_hash, &now, WHAT_SUCCEED);
}

/* See store.h. */
enum store_status store_set_password(struct store *s, long long id,
				     const char *hash)
{
	store_clear_err(s);
	if (hash == NULL) {
		store_set_err(s, WHAT_PASSWORD, "no hash was given");
		return STORE_ERR;
	}
	return update_player(s,
			     "UPDATE players SET password_hash = ?2"
			     " WHERE id = ?1",
			     id, hash, NULL, WHAT_PASSWORD);
}

/* See store_internal.h. */
enum store_status store_player_exists(struct store *s, long long id,
				      const char *what)
{
	long long one;

	return store_query_ints(s, "SELECT 1 FROM players WHERE id = ?1", &id,
				1, &one, 1, what, "no such player");
}

/* ==== Counting a result ================================================= */

/* One side of a match: what it had before and what it gets. */
struct side {
	long long id;
	double rating;
	int games;
	double score; /* 1 win, 0.5 draw, 0 loss */
};

/* Read side->id's rating and games into `side`. Return STORE_OK,
 * STORE_NOT_FOUND or STORE_ERR. */
static enum store_status read_side(struct store *s, struct side *side,
				   const char *what)
{
	enum store_status ret = STORE_ERR;
	sqlite3_stmt *st;
	int rc;

	if (store_prepare_ints(
		    s, "SELECT rating, games FROM players WHERE id = ?1", &st,
		    &side->id, 1, what) != 0)
		return STORE_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		side->rating = sqlite3_column_double(st, 0);
		side->games = sqlite3_column_int(st, 1);
		ret = STORE_OK;
	} else if (rc == SQLITE_DONE) {
		store_set_err(s, what, "no such player");
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	sqlite3_finalize(st);
	return ret;
}

/* Add one game's outcome for `side` to its counters, relative to what
 * the row holds now, with rating change `delta`. Return STORE_OK or
 * STORE_ERR. */
static enum store_status apply_side(struct store *s, const struct side *side,
				    double delta, const char *what)
{
	enum store_status ret = STORE_ERR;
	int win = side->score == 1.0, loss = side->score == 0.0;
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(
		    s,
		    "UPDATE players SET games = games + 1, wins = wins + ?2,"
		    " losses = losses + ?3, ties = ties + ?4,"
		    " score = score + ?5, rating = rating + ?6 WHERE id = ?1",
		    &st, what) != 0)
		return STORE_ERR;
	rc = sqlite3_bind_int64(st, 1, side->id);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 2, win);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 3, loss);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 4, !win && !loss);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int(st, 5, win - loss);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_double(st, 6, delta);
	if (rc != SQLITE_OK)
		store_set_db_err(s, what);
	else if (store_step_done(s, st, what) == SQLITE_DONE)
		ret = STORE_OK;
	sqlite3_finalize(st);
	return ret;
}

/* See store_internal.h. */
enum store_status store_count_ranked(struct store *s, long long black_id,
				     long long white_id,
				     enum match_result result, const char *what)
{
	struct side black = {.id = black_id}, white = {.id = white_id};
	double black_delta, white_delta;
	enum store_status st;

	st = read_side(s, &black, what);
	if (st == STORE_OK)
		st = read_side(s, &white, what);
	if (st != STORE_OK)
		return st;
	black.score = result == RESULT_BLACK_WIN   ? 1.0
		      : result == RESULT_WHITE_WIN ? 0.0
						   : 0.5;
	white.score = 1.0 - black.score;
	black_delta = rating_delta(black.rating, black.games, white.rating,
				   black.score);
	white_delta = rating_delta(white.rating, white.games, black.rating,
				   white.score);
	st = apply_side(s, &black, black_delta, what);
	if (st == STORE_OK)
		st = apply_side(s, &white, white_delta, what);
	return st;
}
