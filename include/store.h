/* store.h -- the club's records in SQLite: players and matches.
 *
 * The only module that speaks SQL (its files are src/store_*.c; the
 * sections below say which file implements what, and what processes
 * share while they run is in store_live.h). Every
 * function returns a store_status; on any failure a sentence saying what
 * failed (in English, with SQLite's own words) is kept for
 * store_errmsg(). A failed change is rolled back: the database is as it
 * was before the call, and the caller's out-parameters are left as they
 * were unless a function says otherwise. Times are Unix seconds (moves:
 * milliseconds since the match started).
 */
#ifndef GOMOKU_STORE_H
#define GOMOKU_STORE_H

#include "auth.h"
#include "board.h"
#include "clock.h"
#include "game_def.h"
#include "match.h" /* a match's result, reason, kind, status */
#include "player.h"

enum store_status {
	STORE_OK = 0,
	STORE_NOT_FOUND, /* no such player (or match) */
	STORE_EXISTS,	 /* the username is taken (any case) */
	STORE_LOOKALIKE, /* a name looks like another player's */
	STORE_NEWER,	 /* made by a newer Gomoku Club: left untouched */
	STORE_NOT_OURS,	 /* not a Gomoku Club database */
	STORE_CANT_OPEN, /* the file or its folder cannot be opened/made */
	STORE_STALE,	 /* a session's password changed since its login:
			  * nothing written (see store_session_begin()) */
	STORE_LIMIT,	 /* a limit of the club's is reached (see the
			  * function) */
	STORE_CLOCK,	 /* the caller's time is too far from the club's
			  * clock (club_settings.clock_skew): nothing
			  * written */
	STORE_ERR	 /* anything else; see store_errmsg() */
};

#define STORE_AI_LEVEL_MIN 1
#define STORE_AI_LEVEL_MAX 5
#define STORE_NAME_MAX	   80 /* bytes of an imported player's name */
#define STORE_VARIANT_MAX  32 /* bytes of a variant's name */

/* What a login needs from the database. */
struct store_login {
	long long id;
	char hash[AUTH_HASH_MAX];
	int failed_logins;
	long long locked_until; /* Unix seconds, 0 = not locked */
	long long gen;		/* the password's generation (see
				 * store_session_begin()) */
};

struct store;

/* ---- store_schema.c, store_db.c: the file, its schema, its errors ---- */

/* Open (creating if needed) the database at `path`, making its folder
 * and every missing folder above it (each mode 0700, as mkdir -p) and
 * the file (mode 0600) when they do not exist, then set WAL,
 * synchronous=FULL, foreign_keys=ON and a busy timeout and apply any
 * pending migrations in one transaction. On success *out is the handle,
 * the caller's to close with store_close(). On failure *out is still set
 * when memory allows (so store_errmsg() can say why; close it with
 * store_close(), the only other call it takes) or NULL. */
enum store_status store_open(const char *path, struct store **out);

/* Open the existing database at `path` for reading only
 * (SQLITE_OPEN_READONLY; no statement on the handle can write, so
 * nothing is made, migrated or changed): for `gomoku serve`, a WAL
 * reader beside the players' processes. The file must be a Gomoku Club
 * database of exactly this build's schema (STORE_CANT_OPEN otherwise,
 * saying so; STORE_NEWER for a newer one). *out as store_open() says;
 * every reading function may be used on the handle, and every writing
 * one fails with STORE_ERR. */
enum store_status store_open_readonly(const char *path, struct store **out);

/* Close the handle and free it. Accepts NULL. */
void store_close(struct store *s);

/* The last error as a sentence, or "" when the last call succeeded. The
 * string belongs to the handle and changes with its next call; for a
 * NULL handle (store_open() ran out of memory) it says so. Never NULL. */
const char *store_errmsg(const struct store *s);

/* Whether the file at `path` is one of the database's own files (the
 * database, its -wal or its -shm), compared by device and inode, so
 * that a hard link or another name for it is caught too. False when
 * `path` does not exist. */
bool store_owns_file(const struct store *s, const char *path);

/* The schema version this build writes (PRAGMA user_version), which
 * `gomoku --version` prints for the club's admin. */
int store_schema_version(void);

/* ---- store_players.c: accounts, logins, the players' counters ---- */

/* Make `l`, an empty list, this handle's live list (one per handle: the
 * last one made so) of the players the caller reads into it
 * (store_find_player(), store_reload_player()) as it shows them, so that
 * its memory does not follow the club's size. STORE_ERR for a list that
 * is not empty. */
enum store_status store_watch_players(struct store *s, struct plist *l);

/* Bring `l`, this handle's live list (store_watch_players()), up to date
 * with what this handle and every other process have committed since it
 * was made or last refreshed: the players it holds are updated in place
 * (nodes never move, so pointers to them stay valid); the others, new
 * players among them, stay out. When nothing was committed it costs one
 * PRAGMA; otherwise it reads only the players changed since, never every
 * row. STORE_ERR (the list unchanged) for a list that is not the
 * handle's live one; on other failures the players read so far are
 * applied, each whole, and the next call reads them again. */
enum store_status store_refresh_players(struct store *s, struct plist *l);

/* The player called `username` (in any case) in `l`, read into it
 * (appended) when it does not hold them yet, into *out. STORE_NOT_FOUND
 * when there is no such player (*out NULL). */
enum store_status store_find_player(struct store *s, struct plist *l,
				    const char *username, struct player **out);

/* Where the handle's live list stands: the players' change counter it
 * has seen, which moves when (and only when) store_watch_players() or
 * store_refresh_players() read a change to any player (a new one, a
 * result, a login...), whether or not the list holds them; -1 before a
 * list is made. So a caller may keep what it computed from the club (a
 * leaderboard) while this is the same. */
long long store_players_seen(const struct store *s);

/* Re-read the player with `id` into its node in `l`, in place (appending
 * it when the list does not have it yet; the list owns the node).
 * STORE_NOT_FOUND when no such row (`l` unchanged). On STORE_ERR (out of
 * memory, or its name is taken by another node) `l` is unchanged. */
enum store_status store_reload_player(struct store *s, struct plist *l,
				      long long id);

/* Create an account (the strings are copied into the database), with
 * the confusable keys (confusable.h) of both names, in one write
 * transaction that also makes sure no other player's username or
 * nickname looks like either name: decided from what is committed, so
 * of two processes registering look-alike names at once only the first
 * to write succeeds. The player's own two names may look alike. On
 * success *id is its row id. STORE_EXISTS when the username is taken in
 * any case; STORE_LOOKALIKE when a name looks like another player's;
 * STORE_ERR also when a name cannot be keyed (not UTF-8, ICU failing).
 * On any failure nothing is written. */
enum store_status store_add_player(struct store *s, const char *username,
				   const char *nickname, const char *hash,
				   long long now, long long *id);

/* store_add_player() for a newcomer registering from `origin` (where
 * they connect from, origin.h; "" where none is known), kept with the
 * account: refused with STORE_LIMIT (nothing written) when the club is
 * closed to connections (CLUB_JOIN_CLOSED) or its joins_per_day
 * accounts were made from that origin in the 24 hours before `now`
 * (decided in the write transaction, from what is committed). No limit
 * applies where the origin is "" (the machine itself, whose accounts
 * are approved as they are made), or the club's limit is 0. */
enum store_status store_join(struct store *s, const char *username,
			     const char *nickname, const char *hash,
			     const char *origin, long long now, long long *id);

/* (store_count.c) Whether a rated result between players `a` and `b`
 * in a match begun at `at` (Unix seconds) would move their ratings if
 * it were counted now (the rules store_count_ranked() applies):
 * UNRATED_NO, or why not, into *why. For a stake shown before the game;
 * the count decides. */
enum store_status store_rating_moves(struct store *s, long long a, long long b,
				     long long at, enum match_unrated *why);

/* The club's clock, the one every decision about time is taken by:
 * the clock of the kernel of the machine that holds the file (SQLite's
 * file is one machine's), asked by the system call itself, whatever the
 * process's C library was made to say (a process under faketime gets
 * the real time). In Unix ms, and in Unix seconds. Every `now` a
 * process passes to the store comes from here: the claims
 * (store_match_claim(), _timeout(), _gone()) and the seeks
 * (store_seek_post(), _take()) refuse with STORE_CLOCK, writing nothing,
 * a time farther than the club's clock_skew from it. */
long long store_now_ms(void);
long long store_now(void);

/* Approve the account `username` (any case): its rated results move
 * ratings from its next one (enum club_join). STORE_NOT_FOUND when
 * there is no such player. */
enum store_status store_approve(struct store *s, const char *username);

/* How many more accounts may be made from `origin` at `now` (see
 * store_join()) into *left: STORE_JOINS_MAX + 1 when no limit applies,
 * 0 when none may (the club closed to connections, or the day's made).
 * For a prompt to say so before asking; store_join() decides. */
enum store_status store_joins_left(struct store *s, const char *origin,
				   long long now, int *left);

/* Whether `name` looks like the username or the nickname of a player
 * other than player `self` (an id; 0 for none), by the keys stored with
 * the players: one indexed read, whatever the club's size. On STORE_OK
 * *alike says; STORE_ERR when `name` cannot be keyed (not UTF-8, ICU
 * failing) or the database fails: refuse the name then. For the prompt;
 * store_add_player() decides again when it writes. */
enum store_status store_name_lookalike(struct store *s, const char *name,
				       long long self, bool *alike);

/* Failed logins are counted for a name (a player's username in lower
 * case, or a name that has no account) and where the guesses come from:
 * `origin`, where the player connects from (origin.h), "" where none is
 * known. Guesses from one origin lock that origin out; the owner
 * logging in from another is never refused because of them. */

/* Read what a login from `origin` needs for `username` (any case) into
 * *out: the failures and lock counted from there. STORE_NOT_FOUND when
 * there is no such player; STORE_ERR also when the stored hash does not
 * fit AUTH_HASH_MAX. */
enum store_status store_get_login(struct store *s, const char *username,
				  const char *origin, struct store_login *out);

/* Count a failed login for player `id` from `origin` at `now` (+ 1,
 * relative; 1 when the last one is older than AUTH_FAILURE_WINDOW) and
 * lock the account from there until now + auth_lock_seconds(new count),
 * in one transaction, which also deletes the failures that no longer
 * count: the last one older than AUTH_FAILURE_WINDOW, no lock running.
 * A lock is also kept as the player's lock-out, for the claims against
 * an absent player, whose wait does not run while they are locked out
 * (store_match_claim(), store_match_claim_gone()).
 * STORE_NOT_FOUND when there is no such player. */
enum store_status store_login_failed(struct store *s, long long id,
				     const char *origin, long long now);

/* Count a failed login for `name`, a name that has no account, the way
 * store_login_failed() counts one for a player (the count, lock and time
 * kept in the login_failures table under the name in lower case; rows
 * that no longer count deleted in the same transaction), so that a name
 * that does not exist locks like one that does. `name` must pass
 * auth_check_username() (STORE_ERR otherwise, or when NULL). */
enum store_status store_name_failed(struct store *s, const char *name,
				    const char *origin, long long now);

/* Read the failed logins and lock that store_name_failed() keeps for
 * `name` (any case) from `origin` into *out: id 0, an empty hash, and
 * zeros when it has none. STORE_ERR (out unchanged) when the database
 * fails. */
enum store_status store_get_name_failures(struct store *s, const char *name,
					  const char *origin,
					  struct store_login *out);

/* A successful login from `origin`: reset the failures and the lock
 * counted from there (others' stay), set last_login_at, replace the
 * hash when new_hash is not NULL, and delete the failures that no
 * longer count at `now` (see store_login_failed()), in one transaction.
 * STORE_NOT_FOUND when there is no such player. */
enum store_status store_login_succeeded(struct store *s, long long id,
					const char *origin, long long now,
					const char *new_hash);

/* Replace a player's password hash and move its generation on (+1), in
 * one transaction: every other session of the player is stale from
 * then on. When this handle holds a session of the player, that session
 * must not be stale (STORE_STALE, nothing written) and it takes the new
 * generation: it stays logged in. STORE_NOT_FOUND when there is no such
 * player; STORE_ERR when `hash` is NULL. */
enum store_status store_set_password(struct store *s, long long id,
				     const char *hash);

/* ---- store_players.c: sessions, which end with the password ----
 *
 * A player logged in at this process holds a session on the handle: the
 * generation of the password they logged in with (store_login.gen, read
 * with the hash that was verified). Every write made in a player's name
 * (store_match_start(), _move(), _undo(), _seats(), _pause(), _resume(),
 * _finish(), _abandon(), _claim(), _claim_timeout();
 * store_request_new(), _answer(); store_challenge_new(), _accept(),
 * _close(); store_presence_set(); store_set_password()) reads, inside
 * its own write transaction, the generation of every player it
 * concerns (a match's or a challenge's two players, the presence row's)
 * who has a session here; when one moved, the write is refused with
 * STORE_STALE, nothing written, and store_stale_player() says whose.
 * Writes in nobody's name (a registration, a login and its failures, an
 * import, store_presence_clear()) do not look. */

/* How many sessions a handle holds: the player logged in at the menus
 * and the opponent logged in beside them for a hot-seat match. */
#define STORE_SESSIONS_MAX 2

/* Player `player_id` logged in here with password generation `gen`:
 * hold the session (replacing the player's earlier one). STORE_ERR when
 * the handle holds STORE_SESSIONS_MAX other players' sessions already,
 * or for an id <= 0. Reads and writes nothing in the database. */
enum store_status store_session_begin(struct store *s, long long player_id,
				      long long gen);

/* Player `player_id` logged out here: drop the session (none is fine). */
void store_session_end(struct store *s, long long player_id);

/* The player whose session the last call found stale (it returned
 * STORE_STALE), else 0. */
long long store_stale_player(const struct store *s);

/* ==== The club's settings (store_club.c) =================================
 *
 * The rules that decide ranked results are the club's, kept in the
 * database (one row of club_settings), not any process's: the
 * administrator changes them with `gomoku club set`, where the database
 * is writable; the menus never do. Every match keeps the rules it
 * started with (struct match_rules), so a change applies to new matches
 * only, and the store decides a match's claim and its forbidden points
 * from its own stored rules, whatever a process asks.
 */

#define STORE_CLAIM_AFTER_MAX 3650  /* days */
#define STORE_GRACE_MAX	      86400 /* seconds */
#define STORE_JOINS_MAX	      1000  /* accounts a day from a connection */

/* How accounts are made (club_settings.join_policy). A rated result
 * moves ratings only when both players are rated members: approved
 * (store_approve(); accounts made at the machine itself are approved
 * when made), or, where the club is open, past its rated_after rated
 * games. */
enum club_join {
	CLUB_JOIN_OPEN = 0, /* anyone registers */
	CLUB_JOIN_APPROVAL, /* anyone registers; rated once approved */
	CLUB_JOIN_CLOSED    /* accounts are made at the machine only */
};

#define STORE_GAMES_MAX	     1000 /* rated_after, pair_games */
#define STORE_PAIR_HOURS_MAX 8760 /* a year */

/* The club's settings, as stored. A plain value. */
struct club_settings {
	int claim_after_days; /* an unfinished ranked match left this many
			       * days since its turn began can be claimed
			       * by the player not to move: 0..
			       * STORE_CLAIM_AFTER_MAX (default 7) */
	bool forbidden_loses; /* renju: black's forbidden point loses the
			       * game; false: it is refused (the default) */
	bool ranked_hotseat;  /* ranked matches may be played by two
			       * players at one terminal (default true) */
	int disconnect_grace; /* seconds a two-terminal match waits for an
			       * opponent whose process is gone:
			       * 0..STORE_GRACE_MAX (default 120) */
	bool name_digits;     /* names also look alike with digits for
			       * letters, "4lice" like "alice"
			       * (confusable_key_digits(); default
			       * false) */
	int joins_per_day;    /* accounts one connection may make in a
			       * day: 0 (no limit)..STORE_JOINS_MAX
			       * (default 5; store_join()) */
	enum club_join join;  /* how accounts are made (default open) */
	int rated_after;      /* with CLUB_JOIN_OPEN, rated games counted
			       * after which an account not approved is a
			       * rated member: 0..STORE_GAMES_MAX
			       * (default 5) */
	int pair_games;	      /* rated games between two players in
			       * pair_hours that move ratings: 0 (no
			       * limit)..STORE_GAMES_MAX (default 10) */
	int pair_hours;	      /* their window: 1..STORE_PAIR_HOURS_MAX
			       * (default 24) */
	int clock_skew;	      /* seconds a process's time may be from the
			       * store's (store_now()) in a claim or a
			       * seek: 0 (not checked)..STORE_GRACE_MAX
			       * (default 300) */
};

/* One setting, for store_club_set(). */
enum club_key {
	CLUB_CLAIM_AFTER = 0,  /* days */
	CLUB_FORBIDDEN,	       /* 1: lose, 0: refuse */
	CLUB_RANKED_HOTSEAT,   /* 1: on, 0: off */
	CLUB_DISCONNECT_GRACE, /* seconds */
	CLUB_NAME_DIGITS,      /* 1: on, 0: off; every player keyed again */
	CLUB_JOINS_PER_DAY,    /* accounts a day from one connection */
	CLUB_JOIN,	       /* enum club_join */
	CLUB_RATED_AFTER,      /* rated games */
	CLUB_PAIR_GAMES,       /* rated games a pair */
	CLUB_PAIR_HOURS,       /* hours */
	CLUB_CLOCK_SKEW	       /* seconds */
};

/* Read the club's settings into *out. On failure *out is unchanged. */
enum store_status store_club_get(struct store *s, struct club_settings *out);

/* Set the club's setting `key` to `value` (as enum club_key says) at
 * `now`, for the matches that start from then on; CLUB_NAME_DIGITS for
 * the names registered or changed from then on, every player's keys
 * made again with it in the same transaction (players already alike
 * under it stay). STORE_ERR (nothing changed) for an unknown key or a
 * value out of its range. */
enum store_status store_club_set(struct store *s, enum club_key key,
				 long long value, long long now);

/* ==== Matches saved as they are played (store_matches.c) ================
 *
 * store_match_start() makes the row (unfinished); store_match_move(),
 * store_match_undo() and store_match_seats() write each change at once,
 * each in its own short transaction, and store_match_pause() what the
 * clock had used when play stops; store_match_finish(),
 * store_match_claim() or store_match_abandon() ends it. A run that dies
 * in between leaves the match unfinished with every move that was
 * written. A match that is not unfinished is never changed again: moves,
 * undos, a second finish or an abandon are refused. Each change but the
 * end sets the match's last_active_at to the time now.
 *
 * The clock of the move to play is the store's: each move, undo or
 * change of colours committed starts the next turn (turn_started_ms,
 * the database's clock in Unix ms) with the whole time per move
 * (turn_allowed_ms); it runs from then whoever comes and goes, and every
 * process reads it from here. Pausing, leaving or playing from another
 * terminal never gives time back; only store_match_resume() (both
 * players back at one terminal) does. The wait before an abandoned match
 * can be claimed counts from the turn's start too.
 */

/* A match as it starts (or, for store_match_import(), as it was). The
 * fields that do not apply to the kind are ignored: ai_level unless
 * MATCH_COMPUTER, the names unless MATCH_IMPORTED. */
struct match_header {
	enum match_kind kind;
	long long black_id, white_id; /* players' ids; 0 = none. RANKED:
				       * both, different; COMPUTER: exactly
				       * one (the other side is the
				       * computer); IMPORTED: neither */
	int ai_level;		      /* COMPUTER: its level, 1..5 */
	const char *black_name;	      /* IMPORTED: 1..STORE_NAME_MAX bytes */
	const char *white_name;
	/* The game: its variant's name 1..STORE_VARIANT_MAX bytes, its
	 * time control valid (clock_valid()), or refused. */
	struct game_def game;
	long long started_at;
	/* What the command line asked for this match, which it gets only
	 * when stricter than the club's (struct club_settings): a longer
	 * claim wait (0 asks nothing), and a forbidden point that loses
	 * rather than is refused. */
	int claim_after_days;
	bool forbidden_loses;
	bool casual; /* RANKED from two terminals: played alike, never
		      * counted (matches.rated = 0); false: rated */
};

/* The rules a match keeps from its start (the club's, or stricter). */
struct match_rules {
	int claim_after_days; /* days from the turn's start to a claim */
	bool forbidden_loses; /* renju: black's forbidden point loses */
	int disconnect_grace; /* seconds for an opponent whose process is
			       * gone (two terminals) */
};

/* A whole match as stored, to resume or replay it. A plain value: the
 * strings are the struct's own (fixed buffers), so it may be copied. */
struct match_full {
	long long id;
	enum match_kind kind;
	enum match_status status;
	long long black_id, white_id; /* 0 for the computer or imported */
	int ai_level;		      /* the computer's level, else 0 */
	/* The players' nicknames (ranked and computer games), the stored
	 * names (imported games), or "" for the computer's side. */
	char black_name[STORE_NAME_MAX + 1], white_name[STORE_NAME_MAX + 1];
	/* The players' usernames, or "" for the computer or imported. */
	char black_username[PLAYER_USERNAME_MAX + 1];
	char white_username[PLAYER_USERNAME_MAX + 1];
	struct game_def game; /* the variant's name a preset's, or "custom" */
	long long clock_used_ms;	/* used by the move to play when the
					 * match stopped (0 after a move) */
	int opening_stones;		/* match.h's opening_stones */
	bool colours_final;		/* false during the swap2 opening:
					 * black is then the first placer */
	long long started_at, ended_at; /* ended_at 0 while unfinished */
	long long last_active_at;	/* the last change, or the end */
	long long turn_started_ms;	/* Unix ms: the move to play's turn
					 * began (the last move, or the
					 * start) */
	long long turn_allowed_ms;	/* the time that turn has (0 = no
					 * limit) */
	long long claim_from_ms[2];	/* Unix ms from which the player not
					 * to move may claim it, when the
					 * black_id [0] or white_id [1]
					 * player is to move: the claim wait
					 * from turn_started_ms, which does
					 * not run while they are locked
					 * out (store_match_claim()) */
	long long black_left_ms;	/* a game clock: the black_id and */
	long long white_left_ms;	/* white_id players' when the turn
					 * began (the mover's runs) */
	struct match_rules rules;	/* kept from its start */
	bool casual;			/* ranked kind, never counted */
	enum match_unrated unrated;	/* counted: why it moved no rating,
					 * if it did not */
	enum match_result result;	/* RESULT_NONE unless finished */
	enum match_reason reason;	/* REASON_NONE unless finished */
	int nmoves;			/* moves[0..nmoves-1], black first */
	struct move moves[BOARD_MAX_CELLS];
	long long move_ms[BOARD_MAX_CELLS]; /* ms since started_at */
	/* The mover's time left after each move (a game clock's with its
	 * increment), -1 when untimed or not stored. */
	long long move_left_ms[BOARD_MAX_CELLS];
};

/* One line of a player's match history, seen from that player. The
 * strings point into the store and last until the callback returns. */
struct history_row {
	long long id;
	enum match_kind kind; /* MATCH_RANKED or MATCH_COMPUTER */
	enum match_status status;
	enum stone colour;	       /* the player's */
	long long opponent_id;	       /* 0 for the computer */
	const char *opponent;	       /* username; NULL for the computer */
	const char *opponent_nickname; /* NULL for the computer */
	int ai_level;		       /* the computer's level, else 0 */
	struct game_def game;
	enum match_result result; /* from black's side; RESULT_NONE unless
				   * finished */
	enum match_reason reason;
	long long started_at, ended_at; /* ended_at 0 while unfinished */
	int nmoves;			/* moves stored now */
	bool casual;			/* never counted (the lobby's) */
	enum match_unrated unrated;	/* counted: why it moved no rating,
					 * if it did not */
	/* Seconds played: ended_at - started_at for a finished match; for
	 * an unfinished or abandoned one, the time of its last move. */
	long long duration;
	bool my_turn; /* store_unfinished() only: the player acts next */
};

/* One imported game, as store_imported() lists it. The strings belong
 * to the store and are valid only during the row() call. */
struct imported_row {
	long long id;
	enum match_status status; /* finished, or unfinished: result unknown */
	const char *black_name, *white_name;
	struct game_def game;	  /* imported games have no clock */
	enum match_result result; /* from black's side; RESULT_NONE unless
				   * finished */
	enum match_reason reason;
	long long started_at;
	int nmoves;
};

/* Start a ranked match or a game against the computer: a row with
 * status unfinished and no moves (`h` is checked; an imported game is
 * refused: use store_match_import()). With OPENING_SWAP2 the colours are
 * not final (black_id is the player placing the first three stones,
 * opening_stones 3) until store_match_seats() says so. The match keeps
 * the club's settings as they are now (struct match_rules), each made
 * stricter where `h` asks it. A ranked match started here is played by
 * both players at one terminal (a two-terminal match starts with
 * store_challenge_accept()): refused (STORE_ERR, nothing written) while
 * the club's ranked_hotseat is off. On success *id is the match's id.
 * STORE_NOT_FOUND when a player id does not exist. Two players have one
 * unfinished ranked match at most: while they have one, a ranked start
 * between them is refused (STORE_EXISTS, nothing written, *id that
 * match: offer it instead), as every start between two players is
 * (docs/ARCHITECTURE.md, "A match's life"). */
enum store_status
store_match_start(struct store *s, const struct match_header *h, long long *id);

/* Read the rules match `id` keeps from its start into *out.
 * STORE_NOT_FOUND when there is no such match; on failure *out is
 * unchanged. */
enum store_status store_match_rules(struct store *s, long long id,
				    struct match_rules *out);

/* Write move number `ply` (1-based; black plays the odd ones) of
 * unfinished match `id`: the cell (0-based row, col) and `ms` since the
 * match started, in one transaction (the next move's clock_used_ms is
 * 0). Refused (STORE_ERR, nothing written) when the match is not
 * unfinished or is imported, `ply` is not exactly the stored moves + 1,
 * or the cell is off the board or taken. STORE_NOT_FOUND when there is
 * no such match. */
enum store_status store_match_move(struct store *s, long long id, int ply,
				   int row, int col, long long ms);

/* Take moves back in unfinished match `id`, keeping the first `nmoves`
 * (0 <= nmoves <= the stored moves; equal changes nothing), in one
 * transaction. STORE_ERR when the match is not unfinished. */
enum store_status store_match_undo(struct store *s, long long id, int nmoves);

/* End unfinished match `id` in one transaction: status finished, the
 * result and reason (a draw goes with REASON_DRAW or REASON_FULL, a win
 * with the others; REASON_FORBIDDEN only with RESULT_WHITE_WIN in a
 * RULE_RENJU match whose rules say a forbidden point loses), ended_at (at
 * least started_at), and for a ranked match both players' counters
 * (games, wins, losses, ties, score) and Elo ratings, overall and under
 * the match's rule (store_rule_record()), each updated relative to the
 * values in the database at that moment. A ranked match whose two sides
 * have not both moved (fewer than two moves stored, or a swap2 opening
 * whose second player has not chosen yet) is aborted instead, whatever
 * the result: status MATCH_STATUS_ABORTED, no result or reason, nobody
 * counted (not rated; store_match_now() tells the caller). A game
 * against the computer changes no player and is never aborted. Refused
 * (STORE_ERR, nothing changed) when the match is not unfinished, so a
 * result is never counted twice. */
enum store_status store_match_finish(struct store *s, long long id,
				     enum match_result result,
				     enum match_reason reason,
				     long long ended_at);

/* Give up unfinished match `id`: status abandoned (aborted for a ranked
 * match whose two sides have not both moved, as store_match_finish()
 * says), ended_at = `when` (at least started_at). Counts for nobody;
 * the moves are kept.
 * STORE_ERR when the match is not unfinished. (For a ranked match the
 * caller has both players' consent: one alone may only resign.) */
enum store_status store_match_abandon(struct store *s, long long id,
				      long long when);

/* Set who plays which colour in unfinished match `id` as its opening
 * goes on: black_id and white_id (the same two players, either way
 * round), opening_stones (0, 3 or 5) and whether the colours are final,
 * in one transaction. STORE_ERR (nothing changed) when the match is not
 * unfinished or the players are not its own; STORE_NOT_FOUND when there
 * is no such match. */
enum store_status store_match_seats(struct store *s, long long id,
				    long long black_id, long long white_id,
				    int opening_stones, bool colours_final);

/* Play stopped in unfinished match `id` (input ended, a signal, a
 * player left) at `when_ms` (Unix milliseconds, as turn_started_ms):
 * keep what the move to play had used of its time by then, as the
 * store's clock says (clock_used_ms, for store_match_resume()), and set
 * last_active_at to its second. The turn's
 * clock runs on: nothing the caller believes is written. STORE_ERR when
 * the match is not unfinished. */
enum store_status store_match_pause(struct store *s, long long id,
				    long long when_ms);

/* Both players of unfinished match `id` are back at one terminal at
 * `now` (a hot-seat resume, each having logged in): the move to play's
 * turn starts again at `now` with what it had left when play stopped
 * (the time per move less clock_used_ms). Never for a match played from
 * two terminals, whose clock runs whoever comes and goes. STORE_ERR
 * when the match is not unfinished, or for a ranked match while the
 * club's ranked_hotseat is off (both players at one terminal). */
enum store_status store_match_resume(struct store *s, long long id,
				     long long now);

/* Claim unfinished ranked match `id` as a win for `result`'s colour
 * (RESULT_BLACK_WIN or RESULT_WHITE_WIN): finished with REASON_ABANDONED
 * at `now` and counted for both players (or aborted) as store_match_finish()
 * does, in one transaction: a claim against an opponent who never moved
 * is aborted. The caller says who may claim (the player not to
 * move); the store refuses (STORE_ERR, nothing changed) unless the match
 * is still as the claimant saw it (`nmoves` moves stored, unfinished,
 * ranked) and its turn began (turn_started_ms: the last move, or the
 * start; never a log-in or a pause) at least the match's own claim wait
 * (match_rules.claim_after_days, kept from its start) before `now`, a
 * wait that does not run while the player to move is locked out of
 * logging in (store_login_failed()), for up to the wait again: so that
 * a claimant cannot win by keeping an absent opponent from coming back,
 * nor a player put a claim off for ever by locking their own account.
 * match_full.claim_from_ms says when. STORE_NOT_FOUND when there is no
 * such match. */
enum store_status store_match_claim(struct store *s, long long id,
				    enum match_result result, int nmoves,
				    long long now);

/* Claim unfinished ranked match `id` as a win on time for `result`'s
 * colour (RESULT_BLACK_WIN or RESULT_WHITE_WIN: the side not to move)
 * at `now`: finished with REASON_TIMEOUT and counted for both players (or
 * aborted: a loss on time at move 0 or 1) as store_match_finish() does,
 * in one transaction. For a player whose
 * opponent plays from another process that has not recorded a move in
 * time (killed, hung, or gone). Refused (STORE_ERR, nothing changed)
 * unless the match is timed, has exactly `nmoves` moves with the other
 * colour to move (colours final), and the stored turn's time
 * (turn_started_ms + turn_allowed_ms) and `grace` seconds are gone at
 * `now`. The store decides the result from the stored position: the
 * claimant's win, or a draw (RESULT_DRAW, still REASON_TIMEOUT) when
 * the claimant could no longer make K in a row (clock_flag_winner()):
 * read it back with store_match_now(). */
enum store_status store_match_claim_timeout(struct store *s, long long id,
					    enum match_result result,
					    int nmoves, long long grace,
					    long long now);

/* Where match `id` stands now, read cheaply (no moves), for a process
 * playing it to notice what another process did. */
struct match_now {
	enum match_status status;
	enum match_result result;  /* RESULT_NONE unless finished */
	enum match_reason reason;  /* REASON_NONE unless finished */
	int nmoves;		   /* moves stored */
	long long turn_started_ms; /* the move to play's turn began (Unix
				    * ms) */
	long long turn_allowed_ms; /* and the time it has (0 = no limit) */
	struct time_control time;
	long long black_left_ms;    /* a game clock: the black_id and */
	long long white_left_ms;    /* white_id players' when the turn
				     * began (the mover's runs) */
	enum match_unrated unrated; /* finished and rated: why the result
				     * moved no rating, if it did not */
};

/* Read match `id`'s state into *out. STORE_NOT_FOUND when there is no
 * such match; on failure *out is unchanged. */
enum store_status store_match_now(struct store *s, long long id,
				  struct match_now *out);

/* The newest (by started_at, then id) unfinished match that player
 * `player_id` plays in, ranked or against the computer, into *id.
 * STORE_NOT_FOUND when there is none. */
enum store_status store_match_unfinished(struct store *s, long long player_id,
					 long long *id);

/* The newest (by started_at, then id) unfinished ranked match between
 * players `a` and `b` (either colour), into *id. STORE_NOT_FOUND when
 * there is none. */
enum store_status store_match_unfinished_between(struct store *s, long long a,
						 long long b, long long *id);

/* Read match `id`, its header and every move, into *out (from one
 * snapshot; *out is the caller's and owns nothing). STORE_NOT_FOUND when
 * there is no such match; on failure *out holds no match (it may be
 * zeroed or partly filled). */
enum store_status store_match_load(struct store *s, long long id,
				   struct match_full *out);

/* ---- store_query.c: history, imported games, records ---- */

/* Player `player_id`'s matches (ranked and against the computer, in
 * every status; imported games belong to nobody), newest first (by
 * started_at, then id): skip `offset`, then call row(ctx, r) for up to
 * `limit` of them (limit 0: none, just the total). *total is how many
 * the player has in all, for paging. row() returns 0 to go on, or
 * non-zero to stop early (still STORE_OK); it must not call the store.
 * STORE_NOT_FOUND when there is no such player; STORE_ERR for a negative
 * offset or limit, or a NULL row() with limit > 0. On failure row() may
 * have been called for some rows already, and *total is unchanged. */
enum store_status
store_history(struct store *s, long long player_id, int offset, int limit,
	      int (*row)(void *ctx, const struct history_row *r), void *ctx,
	      int *total);

/* Player `player_id`'s unfinished matches (ranked and against the
 * computer), the most recently active first (by last_active_at, then
 * id), up to `limit` of them: row(ctx, r) for each, as store_history()
 * calls it, with r->my_turn set (the player acts next, by the colours
 * or the swap2 opening). STORE_ERR for a negative limit or a NULL
 * row(). */
enum store_status
store_unfinished(struct store *s, long long player_id, int limit,
		 int (*row)(void *ctx, const struct history_row *r), void *ctx);

/* The imported games (which belong to nobody), newest first (by
 * started_at, then id): skip `offset`, then call row(ctx, r) for up to
 * `limit` of them (limit 0: none, just the total), as store_history()
 * does; *total is how many there are in all. STORE_ERR for a negative
 * offset or limit, a NULL row() with limit > 0, or a failure (row() may
 * have been called for some rows already; *total is unchanged). */
enum store_status store_imported(struct store *s, int offset, int limit,
				 int (*row)(void *ctx,
					    const struct imported_row *r),
				 void *ctx, int *total);

/* Player `player_id`'s finished games against computer level `level`
 * (1..5), from the player's side, into *wins, *losses and *draws.
 * STORE_NOT_FOUND when there is no such player, STORE_ERR for a level
 * out of range; on failure the counts are unchanged. */
enum store_status store_computer_record(struct store *s, long long player_id,
					int level, int *wins, int *losses,
					int *draws);

/* How many of player `player_id`'s ranked matches were aborted (ended
 * before both sides had moved: not rated), into *n. STORE_NOT_FOUND when
 * there is no such player; on failure *n is unchanged. */
enum store_status store_aborted_count(struct store *s, long long player_id,
				      int *n);

/* Player `player_id`'s record under `rule` alone into *rec: games,
 * wins, losses, ties, score = wins - losses, and an Elo rating of its
 * own, from RATING_START at the first game under the rule, counted as
 * each ranked match finished (the matches before schema 5 replayed into
 * it when the file was upgraded), exactly as the players' own counters
 * and rating count ranked matches of every rule. STORE_NOT_FOUND when the
 * player (or no such player) has finished no ranked match under it; STORE_ERR
 * for a rule the store does not know. On failure *rec is unchanged. */
enum store_status store_rule_record(struct store *s, long long player_id,
				    enum rule rule, struct player_record *rec);

/* Append to `out` (a list holding none of the club's players) the
 * best `top` players by `key`, in plist_top()'s order and ties, best
 * first: every player with their own record when `rule` is NULL, else
 * the players with a record under *rule, holding it
 * (store_rule_record()'s). An indexed read of `top` rows (schemas 24
 * and 34), not a pass over the players. STORE_ERR for a negative `top`,
 * a rule or key the store does not know or a failure, and then `out` is
 * as it was. */
enum store_status store_top_players(struct store *s, const enum rule *rule,
				    enum plist_key key, int top,
				    struct plist *out);

/* Player `player_id`'s rank by `key` into *rank: plist_rank()'s, 1 +
 * the ranked players above them, players who tie sharing it; 0 when
 * they have no ranked game. And into *ranked (NULL: not wanted) how
 * many players are ranked. One read whatever the club's size by score
 * or wins (the counts kept by (score, wins), schema 33); by rating or
 * win rate, counts over migration 34's index that walk its entries
 * above the player. STORE_NOT_FOUND for no such player; on failure
 * *rank and *ranked are unchanged. */
enum store_status store_player_rank(struct store *s, long long player_id,
				    enum plist_key key, int *rank,
				    long long *ranked);

/* A player's results against one opponent, as store_opponents() lists
 * them. The strings belong to the store and are valid only during the
 * row() call. */
struct opponent_row {
	long long opponent_id;
	const char *username, *nickname;
	int won, lost, drawn; /* from the player's side */
};

/* Player `player_id`'s finished rated ranked matches, grouped by
 * opponent, the most played first (then by username): call row(ctx, r)
 * for up to `limit` opponents, until it returns non-zero (still
 * STORE_OK); row() must not call the store. A player who does not exist
 * has no opponents. STORE_ERR for a negative limit, a NULL row() or a
 * failure (row() may have been called for some rows already). */
enum store_status
store_opponents(struct store *s, long long player_id, int limit,
		int (*row)(void *ctx, const struct opponent_row *r), void *ctx);

/* Player `player_id`'s rating after each of their rated ranked matches,
 * oldest first: call row(ctx, at, rating) for each (`at` the match's
 * end, Unix seconds) until it returns non-zero (still STORE_OK); row()
 * must not call the store. The ratings are those the store kept on
 * each match as it counted it (the results of before schema 32 replayed
 * from RATING_START as they were counted), so the last one is the
 * player's rating now: the web's rating graph, read from the player's
 * own matches by index. STORE_ERR for a NULL row() or a failure. */
enum store_status store_rating_history(struct store *s, long long player_id,
				       int (*row)(void *ctx, long long at,
						  double rating),
				       void *ctx);

/* ---- store_match_rows.c: a game read from a file ---- */

/* Write an imported game in one transaction: `h` (kind MATCH_IMPORTED,
 * two names, no ids), status finished with `result` and `reason` (or,
 * with RESULT_NONE and REASON_NONE, unfinished: the file does not say
 * how it ended, and it can never be played on), the
 * `nmoves` moves (black first) and their ms since the start (`ms` may be
 * NULL: all 0); ended_at (when finished) is started_at plus the last
 * move's time. The
 * store checks only what the table can (cells on the board and not
 * repeated, result and reason agreeing as store_match_finish() says):
 * the rules are the caller's.
 * On refusal nothing is written. On success *id is the new match's id. */
enum store_status store_match_import(struct store *s,
				     const struct match_header *h, int nmoves,
				     const struct move *moves,
				     const long long *ms,
				     enum match_result result,
				     enum match_reason reason, long long *id);

/* ---- store_prefs.c: a player's preferences, kept with the account ----
 *
 * What a player chose on the Preferences page, applied at every login
 * (the command line still wins for its own run). A value left unset
 * (-1, or "" for text) keeps what the environment chose. The default
 * variant, opening and time control are kept as plain text for the
 * menus that start games; the store checks only their length (and the
 * opening's two names). */

#define STORE_PREF_TEXT_MAX 32 /* bytes of a text preference, NUL included */

struct store_prefs {
	char lang[3];	    /* "en", "zh" or "" */
	int ascii;	    /* 1: * and # stones, 0: ● and ○, -1 unset */
	int color;	    /* 1: colours, 0: none, -1 unset */
	int ai_level;	    /* STORE_AI_LEVEL_MIN..MAX, or -1 unset */
	bool confirm_moves; /* a move is played on a second key press */
	bool refuse_challenges; /* refuse challenges from each login on */
	char variant[STORE_PREF_TEXT_MAX];	/* "" unset */
	char opening[STORE_PREF_TEXT_MAX];	/* "none", "swap2" or "" */
	char time_control[STORE_PREF_TEXT_MAX]; /* "" unset */
};

/* The preferences nobody chose (everything unset, no confirmation, challenges
 * taken) into *out. Cannot fail. */
void store_prefs_default(struct store_prefs *out);

/* Player `player_id`'s preferences into *out: store_prefs_default()'s for a
 * player who never saved any. STORE_NOT_FOUND when there is no such player;
 * on failure *out is unchanged. */
enum store_status store_prefs_get(struct store *s, long long player_id,
				  struct store_prefs *out);

/* Save `p` as player `player_id`'s preferences, replacing the ones before,
 * in one transaction: a write in the player's name, so their session on
 * the handle (if any) must not be stale (STORE_STALE). STORE_NOT_FOUND when
 * there is no such player; STORE_ERR for a value out of range (nothing
 * written). */
enum store_status store_prefs_set(struct store *s, long long player_id,
				  const struct store_prefs *p);

/* ---- store_analyses.c: analyses kept once done ----
 *
 * The computer's judgement of every move of a finished match (analyze.h),
 * kept so that a second look, by anyone, is instant. One analysis per
 * match and time a position (the search's milliseconds, the one parameter
 * of an analysis); only a whole one is kept, and it is read back only
 * while the match's stored moves are the ones it judged. */

#define STORE_ANALYSIS_MS_MAX 3600000 /* the longest time a position kept */

struct analyze_move;

/* Keep moves[0..n-1] (analyze_next()'s, in order) as the analysis of match
 * `match_id` with time_ms milliseconds a position, replacing one kept with
 * the same time, in one transaction. The match must be over (or imported),
 * n must be its number of moves and moves[i].played its move i + 1:
 * STORE_NOT_FOUND otherwise (a match still being played included), nothing
 * written. STORE_ERR for n or time_ms out of range (1..BOARD_MAX_CELLS,
 * 1..STORE_ANALYSIS_MS_MAX) or a failure. */
enum store_status store_analysis_save(struct store *s, long long match_id,
				      int time_ms,
				      const struct analyze_move *moves, int n);

/* The longest time a position among the analyses of match `match_id`
 * kept, into *time_ms: the one to read with store_analysis_load().
 * STORE_NOT_FOUND when none is kept; on failure *time_ms is unchanged. */
enum store_status store_analysis_longest(struct store *s, long long match_id,
					 int *time_ms);

/* The analysis of match `match_id` kept with time_ms a position into
 * moves[0..max-1] (each move's number, colour, played move, chances,
 * scores, best move and marks), its count into *n. STORE_NOT_FOUND when
 * none is kept, when the match is being played, or when the one kept does
 * not judge exactly the match's stored moves (a stale one is never read);
 * on failure moves[] may be partly written and *n is unchanged. */
enum store_status store_analysis_load(struct store *s, long long match_id,
				      int time_ms, struct analyze_move *moves,
				      int max, int *n);

#endif
