/* store_names.c -- players' names that look alike: the confusable keys
 * (confusable.h) kept with every player, indexed, and the look-up that
 * finds another player whose username or nickname has the same key, one
 * indexed read whatever the club's size (migration 12 added the keys and
 * keyed the players already there).
 *
 * A player row holds four keys: the two skeletons (folded and shape) of
 * its username and of its nickname. A name looks like a player's when
 * its folded skeleton is one of the player's two folded ones, or its
 * shape one of the two shapes. A key is NULL only for a name that could
 * not be keyed when migration 12 ran (not valid UTF-8): it matches no
 * name. The store makes every key itself from the names it writes, so
 * no caller can store a wrong one.
 */
#include <stdlib.h>
#include <string.h>

#include "confusable.h"
#include "store_internal.h"

#define WHAT_ALIKE "cannot look for a look-alike name"

/* The checker of the handle, opened on first use (NULL, with the error
 * kept, when ICU cannot open one). */
static struct confusable *checker(struct store *s, const char *what)
{
	if (s->names == NULL)
		s->names = confusable_open();
	if (s->names == NULL)
		store_set_err(s, what, "the look-alike checker cannot open");
	return s->names;
}

/* Whether the club folds digits in names (club_settings.name_digits),
 * into *on. Return 0, or -1 with the error kept. */
static int club_digits(struct store *s, bool *on, const char *what)
{
	long long v = 0;

	if (store_query_int(
		    s, "SELECT name_digits FROM club_settings WHERE id = 1", &v,
		    what) != SQL_OK)
		return -1;
	*on = v != 0;
	return 0;
}

/* Make in *key the key of `name`, digits folded when `digits`. Return 0,
 * or -1 with the error kept (and an empty key) when the name cannot be
 * keyed. */
static int make_key(struct store *s, const char *name, bool digits,
		    struct confusable_key *key, const char *what)
{
	struct confusable *c = checker(s, what);

	key->folded = key->shape = NULL;
	if (c == NULL)
		return -1;
	if (confusable_key_digits(c, name, digits, key) == 0)
		return 0;
	store_set_err(s, what,
		      "the name cannot be keyed (not UTF-8, or ICU failing)");
	return -1;
}

/* Bind the two skeletons of *key to ?n and ?n+1 (NULL for an empty
 * key). Return SQL_OK or the failure. */
static int bind_key(struct sql_stmt *st, int n,
		    const struct confusable_key *key)
{
	int rc = sql_bind_text(st, n, key->folded);

	if (rc == SQL_OK)
		rc = sql_bind_text(st, n + 1, key->shape);
	return rc;
}

/* Whether a player other than `self` has a name whose key is *key: one
 * read through the four indexes. Return STORE_OK with *alike set, or
 * STORE_ERR. */
static enum store_status key_taken(struct store *s,
				   const struct confusable_key *key,
				   long long self, bool *alike,
				   const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	if (store_prepare(s,
			  "SELECT EXISTS (SELECT 1 FROM players"
			  "  WHERE username_fold_key = ?1 AND id <> ?3)"
			  " OR EXISTS (SELECT 1 FROM players"
			  "  WHERE nickname_fold_key = ?1 AND id <> ?3)"
			  " OR EXISTS (SELECT 1 FROM players"
			  "  WHERE username_shape_key = ?2 AND id <> ?3)"
			  " OR EXISTS (SELECT 1 FROM players"
			  "  WHERE nickname_shape_key = ?2 AND id <> ?3)",
			  &st, what) != 0)
		return STORE_ERR;
	if (bind_key(st, 1, key) != SQL_OK ||
	    sql_bind_int64(st, 3, self) != SQL_OK) {
		store_set_db_err(s, what);
		goto out_finalize;
	}
	ret = store_step_row(s, st, what, "no answer");
	if (ret == STORE_OK)
		*alike = sql_int(st, 0) != 0;
out_finalize:
	store_release(s, st);
	return ret;
}

/* See store.h. */
enum store_status store_name_lookalike(struct store *s, const char *name,
				       long long self, bool *alike)
{
	struct confusable_key key = {NULL, NULL};
	enum store_status st = STORE_ERR;
	bool digits = false;

	store_clear_err(s);
	if (club_digits(s, &digits, WHAT_ALIKE) == 0 &&
	    make_key(s, name, digits, &key, WHAT_ALIKE) == 0)
		st = key_taken(s, &key, self, alike, WHAT_ALIKE);
	confusable_key_free(&key);
	return st;
}

/* ==== Keys of a player ================================================== */

/* Move the strings of *key into keys->key[i] and key[i + 1]. */
static void keep_key(struct store_player_keys *keys, int i,
		     struct confusable_key *key)
{
	keys->key[i] = key->folded;
	keys->key[i + 1] = key->shape;
	key->folded = key->shape = NULL;
}

/* Make the keys of `username` and `nickname` into *keys (emptied
 * first), digits folded when `digits`. Return 0, or -1 with the error
 * kept when either cannot be keyed: its two keys stay NULL, the other
 * name's are made. */
static int key_names(struct store *s, const char *username,
		     const char *nickname, bool digits,
		     struct store_player_keys *keys, const char *what)
{
	struct confusable_key key;
	int rc = 0;

	memset(keys, 0, sizeof(*keys));
	if (make_key(s, username, digits, &key, what) == 0)
		keep_key(keys, 0, &key);
	else
		rc = -1;
	if (make_key(s, nickname, digits, &key, what) == 0)
		keep_key(keys, 2, &key);
	else
		rc = -1;
	return rc;
}

/* See store_internal.h. */
int store_player_keys(struct store *s, const char *username,
		      const char *nickname, struct store_player_keys *keys,
		      const char *what)
{
	bool digits = false;

	memset(keys, 0, sizeof(*keys));
	if (club_digits(s, &digits, what) == 0 &&
	    key_names(s, username, nickname, digits, keys, what) == 0)
		return 0;
	store_player_keys_free(keys);
	return -1;
}

/* See store_internal.h. */
void store_player_keys_free(struct store_player_keys *keys)
{
	int i;

	for (i = 0; i < 4; i++) {
		free(keys->key[i]);
		keys->key[i] = NULL;
	}
}

/* See store_internal.h. */
enum sql_code store_bind_player_keys(struct sql_stmt *st, int n,
				     const struct store_player_keys *keys)
{
	int rc = SQL_OK, i;

	for (i = 0; i < 4 && rc == SQL_OK; i++)
		rc = sql_bind_text(st, n + i, keys->key[i]);
	return rc;
}

/* See store_internal.h. */
enum store_status store_player_alike(struct store *s,
				     const struct store_player_keys *keys,
				     long long self, bool *alike,
				     const char *what)
{
	const struct confusable_key username = {keys->key[0], keys->key[1]};
	const struct confusable_key nickname = {keys->key[2], keys->key[3]};
	enum store_status st;

	*alike = false;
	st = key_taken(s, &username, self, alike, what);
	if (st == STORE_OK && !*alike)
		st = key_taken(s, &nickname, self, alike, what);
	return st;
}

/* ==== Migrations 12 and 26: keying the players already there ============ */

/* Write the keys of the current row of `rows` (id, username, nickname)
 * through `update` (?1 the id, ?2..?5 the keys). A name that cannot be
 * keyed gets NULL keys. Return STORE_OK or STORE_ERR. */
static enum store_status key_row(struct store *s, struct sql_stmt *rows,
				 struct sql_stmt *update, bool digits,
				 const char *what)
{
	struct store_player_keys keys;
	enum store_status ret = STORE_ERR;

	/* a name that cannot be keyed leaves its keys NULL */
	(void)key_names(s, sql_text(rows, 1), sql_text(rows, 2), digits, &keys,
			what);
	if (s->names == NULL)
		goto out_free; /* ICU failing, not the name */
	store_clear_err(s);
	sql_reset(update);
	if (sql_bind_int64(update, 1, sql_int64(rows, 0)) != SQL_OK ||
	    store_bind_player_keys(update, 2, &keys) != SQL_OK)
		store_set_db_err(s, what);
	else if (store_step_done(s, update, what) == SQL_DONE)
		ret = STORE_OK;
	sql_reset(update);
out_free:
	store_player_keys_free(&keys);
	return ret;
}

/* See store_internal.h. Rows are read in id order and only their key
 * columns are written, so the scan meets each row once. */
enum store_status store_rekey_players(struct store *s, bool digits,
				      const char *what)
{
	enum store_status ret = STORE_OK;
	struct sql_stmt *rows = NULL, *update = NULL;
	int rc = SQL_DONE;

	if (store_prepare(s, "SELECT id, username, nickname FROM players",
			  &rows, what) != 0 ||
	    store_prepare(s,
			  "UPDATE players SET username_fold_key = ?2,"
			  " username_shape_key = ?3, nickname_fold_key = ?4,"
			  " nickname_shape_key = ?5 WHERE id = ?1",
			  &update, what) != 0) {
		ret = STORE_ERR;
		goto out_finalize;
	}
	while (ret == STORE_OK && (rc = sql_step(rows)) == SQL_ROW)
		ret = key_row(s, rows, update, digits, what);
	if (ret == STORE_OK && rc != SQL_DONE) {
		store_set_db_err(s, what);
		ret = STORE_ERR;
	}
out_finalize:
	store_release(s, update);
	store_release(s, rows);
	return ret;
}

/* See store_internal.h. The key columns are in no index yet (migration
 * 12 adds them, 26 drops the indexes first): the indexes are made after,
 * over the filled columns. */
enum store_status store_key_players(struct store *s, const char *what)
{
	enum store_status ret = store_rekey_players(s, false, what);

	if (ret == STORE_OK &&
	    store_run_sql(s,
			  "CREATE INDEX players_by_username_fold"
			  " ON players (username_fold_key);"
			  "CREATE INDEX players_by_username_shape"
			  " ON players (username_shape_key);"
			  "CREATE INDEX players_by_nickname_fold"
			  " ON players (nickname_fold_key);"
			  "CREATE INDEX players_by_nickname_shape"
			  " ON players (nickname_shape_key);",
			  what) != SQL_OK)
		ret = STORE_ERR;
	return ret;
}
