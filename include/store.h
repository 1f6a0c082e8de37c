/* store.h -- the club's records in SQLite: players and matches.
 *
 * The only module that speaks SQL. Every function returns a
 * store_status; on STORE_ERR a sentence saying what failed (in English,
 * with SQLite's own words) is kept for store_errmsg(). A failed change
 * is rolled back: the database is as it was before the call. Times are
 * Unix seconds (moves: milliseconds since the match started).
 */
#ifndef GOMOKU_STORE_H
#define GOMOKU_STORE_H

#include "auth.h"
#include "board.h"
#include "player.h"

enum store_status {
	STORE_OK = 0,
	STORE_NOT_FOUND, /* no such player */
	STORE_EXISTS,	 /* the username is taken (any case) */
	STORE_NEWER,	 /* made by a newer Gomoku Club: left untouched */
	STORE_NOT_OURS,	 /* not a Gomoku Club database */
	STORE_CANT_OPEN, /* the file or its folder cannot be opened/made */
	STORE_ERR	 /* anything else; see store_errmsg() */
};

/* How a finished game ended, from black's side. */
enum match_result { RESULT_BLACK_WIN = 1, RESULT_WHITE_WIN, RESULT_DRAW };

enum match_reason {
	REASON_FIVE = 1, /* K in a row */
	REASON_RESIGN,
	REASON_DRAW, /* agreed */
	REASON_FULL  /* full board */
};

/* What a login needs from the database. */
struct store_login {
	long long id;
	char hash[AUTH_HASH_MAX];
	int failed_logins;
	long long locked_until; /* Unix seconds, 0 = not locked */
};

/* A finished ranked match, ready to be written. */
struct match_record {
	long long black_id, white_id;
	const char *variant; /* "gomoku", "tictactoe", ..., "custom" */
	enum rule rule;
	int rows, cols, k;
	enum match_result result;
	enum match_reason reason;
	long long started_at, ended_at;
	int nmoves;
	const struct move *moves; /* nmoves, in order, black first */
	const long long *move_ms; /* nmoves, ms since started_at */
};

struct store;

/* Open (creating if needed) the database at `path`, making the folder
 * (mode 0700) and file (mode 0600) when they do not exist, then set WAL,
 * synchronous=FULL, foreign_keys=ON and a busy timeout and apply any
 * pending migrations in one transaction. On success *out is the handle.
 * On failure *out is still set when memory allows (so store_errmsg()
 * can say why; close it with store_close()) or NULL. */
enum store_status store_open(const char *path, struct store **out);

/* Close the handle. Accepts NULL. */
void store_close(struct store *s);

/* The last error as a sentence, or "" when there was none. */
const char *store_errmsg(const struct store *s);

/* The schema version this build writes (PRAGMA user_version). */
int store_schema_version(void);

/* Append every player to `l` (list order: by id). */
enum store_status store_load_players(struct store *s, struct plist *l);

/* Re-read the player with `id` into its node in `l` (appending it when
 * the list does not have it yet). STORE_NOT_FOUND when no such row. */
enum store_status store_reload_player(struct store *s, struct plist *l,
				      long long id);

/* Create an account. On success *id is its row id. STORE_EXISTS when
 * the username is taken in any case. */
enum store_status store_add_player(struct store *s, const char *username,
				   const char *nickname, const char *hash,
				   long long now, long long *id);

/* Read what a login needs for `username` (any case). */
enum store_status store_get_login(struct store *s, const char *username,
				  struct store_login *out);

/* Count a failed login for player `id` (failed_logins + 1, relative)
 * and lock the account until now + auth_lock_seconds(new count). */
enum store_status store_login_failed(struct store *s, long long id,
				     long long now);

/* A successful login: reset failures and the lock, set last_login_at,
 * and replace the hash when new_hash is not NULL. */
enum store_status store_login_succeeded(struct store *s, long long id,
					long long now, const char *new_hash);

/* Replace a player's password hash. */
enum store_status store_set_password(struct store *s, long long id,
				     const char *hash);

/* Write a finished ranked match in one transaction: the match row, every
 * move, and both players' counters (games, wins, losses, ties, score and
 * Elo rating, all updated relative to the values in the database at
 * that moment). On success *match_id is the new match's id. */
enum store_status store_record_match(struct store *s,
				     const struct match_record *m,
				     long long *match_id);

#endif
