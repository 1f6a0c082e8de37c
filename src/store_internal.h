/* store_internal.h -- what the store's files share, private to them.
 *
 * The store is one module in several files (store_*.c, ARCHITECTURE.md's
 * tree); only they include this header. Every helper that can fail
 * keeps a sentence saying what failed for store_errmsg(), "<what>: <detail>",
 * where `what` is the caller's WHAT_... string.
 */
#ifndef GOMOKU_STORE_INTERNAL_H
#define GOMOKU_STORE_INTERNAL_H

#include <stdbool.h>

#include "store.h"
#include "store_sql.h"

#define STORE_ERR_MAX 512

/* What failed, the first half of an error sentence (the others are in
 * the files that use them). */
#define WHAT_OPEN "cannot open the database"

/* Where the live player list (the one store_load_players() filled
 * last) stands against the database. */
struct store_live {
	const struct plist *list; /* NULL until a load succeeds */
	long long version;	  /* PRAGMA data_version when last read */
	long long changes;	  /* sql_total_changes() then */
	long long seq;		  /* player_change_seq the list has seen */
};

struct confusable; /* confusable.h */

/* A player logged in at this process (store.h's sessions). */
struct store_session {
	long long player_id; /* 0: a free slot */
	long long gen;	     /* the password's generation at the login */
};

/* The seat this connection holds in a match (store_seat_take()), or
 * none (match_id 0); holder is the number it holds seats by, drawn at
 * its first take (0 until then). */
struct store_seat {
	long long holder, match_id, player_id;
};

struct store {
	struct sql_conn *db; /* NULL until connected */
	struct store_live live;
	struct store_session sessions[STORE_SESSIONS_MAX];
	long long stale; /* the player the last call found stale, else 0 */
	struct store_seat seat;
	struct confusable *names; /* store_names.c's checker: NULL until
				   used, closed by store_close() */
	int change_fd;	  /* store_change_fd()'s watch, when change_made */
	bool change_made; /* store_change_fd() tried (change_fd -1: none) */
	char err[STORE_ERR_MAX];
};

/* The store's own clock in Unix ms, as an SQL expression: the function
 * store_db.c gives every connection, store_now_ms()'s. */
#define STORE_NOW_MS "store_now_ms()"

/* Refuse, inside a decision that takes the calling process's time
 * (a claim, a seek), a `now_ms` farther than the club's clock_skew from
 * the store's clock (STORE_CLOCK, the error kept: how far); none when
 * the club's clock_skew is 0. Return STORE_OK, STORE_CLOCK or
 * STORE_ERR. */
enum store_status store_check_now(struct store *s, long long now_ms,
				  const char *what);

/* ==== Errors and statements (store_db.c) ================================ */

/* Forget the last error. */
void store_clear_err(struct store *s);

/* Keep "<what>: <detail>" as the last error. */
void store_set_err(struct store *s, const char *what, const char *detail);

/* Keep "<what>: <the database's message>" as the last error. */
void store_set_db_err(struct store *s, const char *what);

/* sql_prepare() `sql` on the handle's connection (kept there, handed out
 * reset and unbound: store_sql.h), to be given back with
 * store_release(). Return 0, or -1 with the error kept and *st NULL. */
int store_prepare(struct store *s, const char *sql, struct sql_stmt **st,
		  const char *what);

/* Give back a statement of store_prepare() (sql_release()). NULL:
 * nothing. */
void store_release(struct store *s, struct sql_stmt *st);

/* Close the connection and its statements (s->db NULL after). */
void store_db_close(struct store *s);

/* Keep "what: no such player or match" for a failed foreign key `rc`
 * (a step's code) and return STORE_NOT_FOUND; STORE_ERR for other
 * failures. */
enum store_status store_missing_key(struct store *s, int rc, const char *what);

/* Step a statement that returns no rows to its end. Return SQL_DONE,
 * or the failure with the error kept. */
enum sql_code store_step_done(struct store *s, struct sql_stmt *st,
			      const char *what);

/* Step st to the one row it reads. Return STORE_OK with the row ready;
 * STORE_NOT_FOUND, keeping "what: missing", when there is none; or
 * STORE_ERR with the database's error kept. */
enum store_status store_step_row(struct store *s, struct sql_stmt *st,
				 const char *what, const char *missing);

/* Run one or more constant statements without parameters, each to its
 * end, discarding any rows. Return SQL_OK or the first failure (the
 * error kept). */
enum sql_code store_run_sql(struct store *s, const char *sql, const char *what);

/* Read the first column of the first row of a constant query into *out.
 * Return SQL_OK or the failure (the error kept). */
enum sql_code store_query_int(struct store *s, const char *sql, long long *out,
			      const char *what);

/* Prepare `sql` and bind args[0..n-1] to ?1..?n (the caller releases
 * *st). Return 0, or -1 with the error kept (and *st NULL). */
int store_prepare_ints(struct store *s, const char *sql, struct sql_stmt **st,
		       const long long *args, int n, const char *what);

/* Bind `text` (static for the statement's life) to parameter i, or NULL
 * when it is NULL. Return what sql_bind_text()
 * or sql_bind_null() returns. */
enum sql_code store_bind_opt_text(struct sql_stmt *st, int i, const char *text);

/* Run `sql`, which returns no rows, with args[0..n-1] as ?1..?n. Return
 * SQL_DONE, or the failure with the error kept. */
enum sql_code store_exec_ints(struct store *s, const char *sql,
			      const long long *args, int n, const char *what);

/* Step st (bound, returning no rows) to its end, then require that it
 * changed exactly one row: "UPDATE, then fail unless exactly one row
 * changed". Return STORE_OK; `none` with "what: why" kept when it
 * changed no row (or more); STORE_ERR with the database's error kept. */
enum store_status store_step_one(struct store *s, struct sql_stmt *st,
				 const char *what, enum store_status none,
				 const char *why);

/* store_step_one() for `sql` with args[0..n-1] as ?1..?n. */
enum store_status store_exec_one(struct store *s, const char *sql,
				 const long long *args, int n, const char *what,
				 enum store_status none, const char *why);

/* Read the integer columns of the one row `sql` (with args as ?1..?n)
 * returns into out[0..nout-1]. Return STORE_OK, STORE_NOT_FOUND (no row;
 * the error kept as `what` + `none`) or STORE_ERR. */
enum store_status store_query_ints(struct store *s, const char *sql,
				   const long long *args, int n, long long *out,
				   int nout, const char *what,
				   const char *none);

/* The time control a row keeps in its columns time_per_move (column
 * `per_move` of st), clock_base and clock_increment (the two after
 * `base`), into *out; none when they make no valid control (they cannot:
 * every control is checked before it is written). */
void store_column_time(struct sql_stmt *st, int per_move, int base,
		       struct time_control *out);

/* Start a write transaction, taking the write lock now. Return STORE_OK
 * or STORE_ERR (the error kept). End it with store_finish(). */
enum store_status store_begin(struct store *s, const char *what);

/* Start a read transaction: what it reads comes from one snapshot.
 * Return STORE_OK or STORE_ERR (the error kept). End it with
 * store_finish(). */
enum store_status store_begin_read(struct store *s, const char *what);

/* Undo the open transaction, if the database has not already. The first error
 * stays the one kept: a failed ROLLBACK cannot be helped here, and the
 * database rolls back itself when the connection closes. */
void store_rollback(struct store *s);

/* Commit the open transaction, or roll it back when `st` is not STORE_OK
 * or the commit fails. Return `st`, or STORE_ERR when COMMIT failed. */
enum store_status store_finish(struct store *s, enum store_status st,
			       const char *what);

/* Read into *version a number that changes whenever another connection
 * commits (sql_data_version()). Return STORE_OK or STORE_ERR (the error
 * kept as `what`). */
enum store_status store_read_version(struct store *s, long long *version,
				     const char *what);

/* Make the database's folders (0700) and file (0600) when missing and
 * open the connection, reading nothing yet. Return STORE_OK, or
 * STORE_CANT_OPEN / STORE_ERR with the error kept (s->db may then be
 * open: the caller closes it). */
enum store_status store_db_connect(struct store *s, const char *path);

/* Connect to the existing database at `path` read-only
 * (SQL_READ_ONLY: no statement of this connection can write), with the busy
 * timeout; nothing is made. Return STORE_OK, or STORE_CANT_OPEN/STORE_ERR (the
 * error kept). */
enum store_status store_db_connect_readonly(struct store *s, const char *path);

/* Switch to WAL and set synchronous=FULL, foreign_keys=ON and
 * secure_delete=ON (so an old password hash does not linger in free
 * space). Return STORE_OK or STORE_ERR (the error kept). */
enum store_status store_db_configure(struct store *s);

/* ==== The schema (store_schema.c) ======================================= */

/* Say whose file this is, reading only. For a Gomoku Club database (or
 * an empty one) return STORE_OK with its schema version in *version (0
 * for a new file); otherwise STORE_NEWER, STORE_NOT_OURS or STORE_ERR
 * (the error kept). */
enum store_status store_schema_classify(struct store *s, int *version);

/* Bring the schema up to store_schema_version() in one transaction,
 * looking at the version again under the write lock (another process may
 * have migrated meanwhile). Return STORE_OK or why not (rolled back). */
enum store_status store_schema_migrate(struct store *s);

/* ==== The migrations (store_migrations.c, store_rebuilds.c) ============= */

/* Our files' PRAGMA application_id: 0x476F6D6B, "Gomk". */
#define STORE_APP_ID 1198484843

/* Run migration `version`, from it to version + 1: its SQL, then what it
 * does in C, inside the caller's transaction. Return STORE_OK, or
 * STORE_ERR with the error kept (under `what`). */
enum store_status store_migration_run(struct store *s, int version,
				      const char *what);

/* Migrations 7 and 14's SQL (migrations[6] and [13]), and the rest of
 * migrations 7, 14 and 20 (their migration_code): the matches tables
 * rebuilt (store_rebuilds.c). */
extern const char store_migration_7_matches[];
extern const char store_migration_14_abort[];
enum store_status store_migrate_7_swap(struct store *s, const char *what);
enum store_status store_migrate_14_abort(struct store *s, const char *what);
enum store_status store_migrate_20_matches(struct store *s, const char *what);

/* ==== Names that look alike (store_names.c) ============================= */

/* The look-alike keys of a player's two names (confusable.h's two
 * skeletons of each), in the order of their columns: username_fold_key,
 * username_shape_key, nickname_fold_key, nickname_shape_key. NULL for a
 * name not keyed. */
struct store_player_keys {
	char *key[4];
};

/* Make in *keys the keys of `username` and `nickname`, digits folded
 * as the club says (club_settings.name_digits). Return 0, or -1
 * with the error kept and *keys empty when either cannot be keyed (not
 * UTF-8, ICU or memory failing). Free with store_player_keys_free(),
 * also after a failure. */
int store_player_keys(struct store *s, const char *username,
		      const char *nickname, struct store_player_keys *keys,
		      const char *what);

/* Free the strings of *keys (an empty one too). */
void store_player_keys_free(struct store_player_keys *keys);

/* Bind the four keys to ?n..?n+3 of st, in their order. Return
 * SQL_OK or the failure. */
enum sql_code store_bind_player_keys(struct sql_stmt *st, int n,
				     const struct store_player_keys *keys);

/* Whether a player other than `self` (an id; 0 for none) has a username
 * or nickname that looks like either name of *keys: two indexed reads.
 * Return STORE_OK with *alike set, or STORE_ERR (the error kept). */
enum store_status store_player_alike(struct store *s,
				     const struct store_player_keys *keys,
				     long long self, bool *alike,
				     const char *what);

/* Migrations 12's and 26's C step: write every player's keys (NULL for
 * a name that cannot be keyed; digits not folded: the club had no such
 * setting), then index them. Return STORE_OK or STORE_ERR (the error
 * kept; the caller rolls back). */
enum store_status store_key_players(struct store *s, const char *what);

/* Inside the caller's write transaction: write every player's keys
 * again, digits folded when `digits` (`club set name-digits`). Return
 * STORE_OK or STORE_ERR (the error kept; the caller rolls back). */
enum store_status store_rekey_players(struct store *s, bool digits,
				      const char *what);

/* ==== Players (store_players.c) ========================================= */

/* The columns a struct player_info is read from, in this order
 * (store_append_players()). games and score are not read: the table's
 * CHECKs make them wins + losses + ties and wins - losses. */
#define STORE_PLAYER_COLUMNS                                                   \
	"id, username, nickname, created_at, last_login_at,"                   \
	" wins, losses, ties, rating"

/* Append each row of `st` (STORE_PLAYER_COLUMNS) to `l`: in bulk into
 * an empty list (the usernames come from a UNIQUE column), else one by
 * one, checked. On failure the rows appended are removed again. Return
 * STORE_OK or STORE_ERR with the error kept. */
enum store_status store_append_players(struct store *s, struct plist *l,
				       struct sql_stmt *st);

/* STORE_OK when player `id` exists, else STORE_NOT_FOUND or STORE_ERR
 * (the error kept). */
enum store_status store_player_exists(struct store *s, long long id,
				      const char *what);

/* Inside the caller's write transaction: STORE_OK when every player of
 * players[0..n-1] (0s ignored) who has a session on the handle still has
 * the generation that session logged in with; STORE_STALE (s->stale
 * set, "what: ..." kept) when one does not; STORE_ERR. */
enum store_status store_check_sessions(struct store *s,
				       const long long *players, int n,
				       const char *what);

/* store_check_sessions() for the two players of match `id` (none for a
 * match that does not exist: the caller's own read says so). */
enum store_status store_check_match_sessions(struct store *s, long long id,
					     const char *what);

/* Start match `h` as store_match_start() does (store.h), inside the
 * caller's transaction if one is open (one INSERT); a ranked match
 * `one_terminal` (hot-seat) only while the club allows it, else one
 * played from two terminals (an accepted challenge, a seek taken).
 * The one start between two players: when h's two players have an
 * unfinished ranked match, no second one is made and *id is that
 * match; from two terminals (`resumed` not NULL) it goes on
 * (store_match_go_on() at h->started_at) and *resumed is true, at one
 * terminal (`resumed` NULL) the start is refused: STORE_EXISTS,
 * nothing written, the error naming it. */
enum store_status store_match_begin(struct store *s,
				    const struct match_header *h,
				    bool one_terminal, long long *id,
				    bool *resumed);

/* Inside the caller's transaction: unfinished ranked match `id`
 * between players a and b is played on from two terminals from `now`
 * (Unix seconds), both players having agreed: the move to play of a
 * timed match gets back what it had left when play stopped (as
 * store_match_resume()); an untimed one keeps its turn's start, from
 * which the claim's wait counts. STORE_ERR (the error for `what`) when
 * it is no longer unfinished between the two. */
enum store_status store_match_go_on(struct store *s, long long id, long long a,
				    long long b, long long now,
				    const char *what);

/* Count finished ranked match `match_id` (its result already stored)
 * for both players inside the caller's transaction: games, wins,
 * losses, ties, score and Elo, each from (and relative to) the values in
 * the database now, into the players' own counters and into those under
 * the match's rule (rule_records). Return STORE_OK, STORE_NOT_FOUND (no
 * such finished ranked match, or a player is missing) or STORE_ERR (the
 * error kept). */
/* Inside a write transaction on match `match_id`: STORE_OK unless this
 * connection took its seat in that match (store_seat_take()) and another
 * connection holds that seat now (took it over), then STORE_ERR saying
 * so (what: "the match was continued in another session"). A
 * connection that took no seat in the match is refused while any seat
 * there is held by a lease that has not lapsed by the store's clock
 * (SQLite's 'now'): "the match is open in another session". */
enum store_status store_seat_check(struct store *s, long long match_id,
				   const char *what);

/* ==== The clocks of a match being played (store_clock.c) ================
 *
 * Beneath store_matches.c and store_live.c, as the seats are: every
 * change that ends a turn (a move, a swap2 choice, a take-back) calls
 * store_clock_end_turn() before it and store_clock_start_turn() after
 * it, in the change's own transaction, so the clocks are the store's. */

/* The SQL condition, on a row of matches (its id is matches.id), that
 * the black_id player acts next: by the colours once they are final,
 * else as match_seat_to_act() says of the swap2 opening (the first
 * placer, black_id, places the first three stones and chooses after the
 * fifth; the other places the fourth and fifth and chooses after the
 * third). */
#define STORE_BLACK_TO_ACT_SQL STORE_BLACK_TO_ACT_OF("matches")

/* STORE_BLACK_TO_ACT_SQL on a row of matches named `m` in the query (a
 * string literal: "matches", or an alias). */
#define STORE_BLACK_TO_ACT_OF(m)                                               \
	"(SELECT CASE WHEN " m ".colours_final = 1 THEN n % 2 = 0"             \
	" WHEN " m ".opening_stones = 3 THEN n < 3 ELSE n >= 5 END"            \
	" FROM (SELECT count(*) AS n FROM match_moves"                         \
	" WHERE match_id = " m ".id) AS moved)"

/* The SQL value, on a row of matches, of the time the turn to play has
 * when it begins afresh: the mover's game clock, the whole time per
 * move, or 0 (no limit). */
#define STORE_TURN_FULL_SQL                                                    \
	"(CASE WHEN clock_base > 0 THEN CASE WHEN " STORE_BLACK_TO_ACT_SQL     \
	" THEN black_left_ms ELSE white_left_ms END"                           \
	" ELSE 1000 * time_per_move END)"

/* The SQL value of the seconds player `who` (an SQL value) was locked
 * out of logging in (lockouts, from any origin) from `since_s` (Unix s)
 * on, a lock still running counted to its end. The lockouts of a player
 * never overlap (store_login_failed() starts one where the last ends). */
#define STORE_LOCKED_SINCE_SQL(who, since_s)                                   \
	"(SELECT coalesce(sum(l.until_at - greatest(l.from_at, " since_s       \
	")), 0)"                                                               \
	" FROM lockouts l WHERE l.player_id = " who                            \
	" AND l.until_at > " since_s ")"

/* The SQL value of when (Unix ms) a wait of `wait_s` seconds for player
 * `who` to come back, from `from_ms`, ends: it does not run while they
 * are locked out (STORE_LOCKED_SINCE_SQL), for up to the wait again (so
 * that a player who locks their own account cannot put it off for
 * ever). The one rule of both claims against an absent player. */
#define STORE_WAIT_END_SQL(from_ms, wait_s, who)                               \
	"(" from_ms " + 1000 * (" wait_s " + least(" wait_s                    \
	", " STORE_LOCKED_SINCE_SQL(who, "((" from_ms ") / 1000)") ")))"

/* The SQL value, on a row m of matches, of when (Unix ms) the player
 * not to move may claim it when player `who` is to move (the claim wait
 * does not run while they are locked out: STORE_WAIT_END_SQL). */
#define STORE_CLAIM_FROM_SQL(who)                                              \
	STORE_WAIT_END_SQL("m.turn_started_ms", "86400 * m.claim_after_days",  \
			   who)

/* The SQL value, on a row of match_seats with its row of matches, of
 * when (Unix ms) the win may be claimed against the seat's player, gone:
 * the match's disconnection grace from the seat's lapse, which does not
 * run while they are locked out (STORE_WAIT_END_SQL). */
#define STORE_GONE_CLAIM_FROM_SQL                                              \
	STORE_WAIT_END_SQL("match_seats.lease_until_ms",                       \
			   "matches.disconnect_grace",                         \
			   "match_seats.player_id")

/* The database's clock now, in Unix ms (the clocks' times), into
 * *now_ms. Return STORE_OK or STORE_ERR (the error kept). */
enum store_status store_clock_now(struct store *s, long long *now_ms,
				  const char *what);

/* Inside the caller's write transaction, before a change to unfinished
 * match `id` that ends the turn of the player to act, at `now_ms`: that
 * player's clock is charged with the time since the turn began
 * (clock.h's clock_move() for a move, `moved`, with its increment;
 * clock_spend() for a choice or a take-back). *left_ms (may be NULL)
 * is the mover's time left after it for the move's row, -1 untimed.
 * Refused (STORE_ERR, "the time is up") for a move on a game clock
 * whose flag fell first: the store decides, and the claim on time
 * follows. */
enum store_status store_clock_end_turn(struct store *s, long long id,
				       bool moved, long long now_ms,
				       long long *left_ms, const char *what);

/* Inside the same transaction, after the change: the next turn of match
 * `id` begins at `now_ms` (never before the match's start) with what
 * it has in full (STORE_TURN_FULL_SQL), and last_active_at is its
 * second. Return STORE_OK or STORE_ERR. */
enum store_status store_clock_start_turn(struct store *s, long long id,
					 long long now_ms, const char *what);

/* Inside the caller's write transaction: a take-back of match `id` at
 * `now_ms` that keeps its first `keep` moves. The turn of the player to
 * act ends (charged, no time given back), the later moves go, and the
 * next turn begins. Return STORE_OK or STORE_ERR (the error kept). */
enum store_status store_clock_take_back(struct store *s, long long id,
					long long keep, long long now_ms,
					const char *what);

/* ==== A match's row written whole (store_match_rows.c) ================== */

/* How a new match row ends: unfinished (result RESULT_NONE), or
 * finished with a result, a reason and an end time. */
struct store_ending {
	enum match_result result;
	enum match_reason reason;
	long long ended_at;
};

/* Check header `h` for a new row. Return 0, or -1 with the error kept
 * under `what`. */
int store_check_header(struct store *s, const struct match_header *h,
		       const char *what);

/* Insert a match row for `h` ending as `e`, with the club's rules made
 * stricter where `h` asks, and only while the club allows ranked
 * hot-seat when `one_terminal`; its id goes to *id. Return STORE_OK,
 * STORE_NOT_FOUND (a player id that does not exist) or STORE_ERR. */
enum store_status store_insert_match(struct store *s,
				     const struct match_header *h,
				     const struct store_ending *e,
				     bool one_terminal, long long *id,
				     const char *what);

/* Keep a clearer error than the database's for a failed move insert
 * with code `rc`: a taken cell or move number. */
void store_explain_move(struct store *s, int rc, int row, int col,
			const char *what);

/* ==== Counting a result (store_count.c) ================================= */

/* Inside the caller's write transaction: decide whether finished rated
 * match `match_id` moves the ratings (matches.unrated, from the club's
 * rules and the players' committed rows), then count it into both
 * players' own counters and those under its rule. Return STORE_OK,
 * STORE_NOT_FOUND or STORE_ERR. */
enum store_status store_count_ranked(struct store *s, long long match_id,
				     const char *what);

/* club_settings.join_policy as enum club_join's number. */
#define STORE_JOIN_SQL                                                         \
	"CASE join_policy WHEN 'open' THEN 0 WHEN 'approval' THEN 1"           \
	" ELSE 2 END"

/* matches.unrated as enum match_unrated's number. */
#define STORE_UNRATED_SQL(col)                                                 \
	"CASE " col " WHEN 'new' THEN 1 WHEN 'pair' THEN 2 ELSE 0 END"

/* The SQL condition, on a row of matches (its id is matches.id), that
 * the match's two sides have not both moved: fewer than two moves
 * stored, or a swap2 opening whose second player has not chosen yet
 * (at most the three stones, colours not final: the first placer alone
 * played). A ranked match that ends so is aborted, as on lichess. */
#define STORE_UNPLAYED_SQL                                                     \
	"(SELECT n < 2 OR (opening = 'swap2' AND colours_final = 0"            \
	" AND opening_stones = 3 AND n <= 3) FROM (SELECT count(*) AS n"       \
	" FROM match_moves WHERE match_id = matches.id) AS moved)"

/* Inside the transaction that has just marked ranked match `match_id`
 * finished (its result stored): when its two sides had not both moved
 * (STORE_UNPLAYED_SQL), abort it instead (status 'aborted', no result
 * or reason, nobody counted: not rated); else count it
 * (store_count_ranked()), unless it is casual (rated = 0: nobody
 * counted either). Every path that ends a ranked match with a result
 * goes through here. Return as store_count_ranked(). */
enum store_status store_count_or_abort(struct store *s, long long match_id,
				       const char *what);

/* Migration 14's C, after its SQL, inside its transaction: every
 * finished ranked match whose two sides had not both moved is aborted,
 * and what it counted taken back: its games, wins, losses, ties and
 * score exactly, and each player's rating by the difference it made
 * (every finished ranked match replayed from RATING_START with it and
 * without it); rule_records, made from the matches alone, are counted
 * again. Abandoned ranked matches that had not both moved are marked
 * aborted too. Return STORE_OK or STORE_ERR (the error kept). */
enum store_status store_abort_unplayed(struct store *s, const char *what);

/* Fill the empty rule_records by counting every finished ranked match
 * under its rule, in the order they ended (ended_at, then id), inside
 * the caller's transaction (a migration's). Return STORE_OK or STORE_ERR
 * (the error kept). */
enum store_status store_replay_rule_records(struct store *s, const char *what);

/* Migration 32's C step (store_query.c): keep each side's rating after
 * every counted ranked result (matches.black_after, white_after),
 * replayed from RATING_START in the order they were counted (ended_at,
 * then id) with the store's own count (rating_deltas()), inside the
 * caller's transaction. Return STORE_OK or STORE_ERR (the error kept). */
enum store_status store_keep_ratings_after(struct store *s, const char *what);

/* ==== The words of the matches table (store_words.c) ====================
 *
 * The table stores match.h's fixed words (match_result_word() and the
 * others) and rules.h's word for the rule. */

/* The word the matches table stores for rule `r` (a static string), or
 * NULL for a rule that has none. */
const char *store_rule_word(enum rule r);

/* A game's definition (struct game_def) takes 9 parameters or columns
 * in a row, in this order: variant, rule, rows, cols, k, opening, time
 * per move, clock base, clock increment. */
#define STORE_GAME_DEF 9

/* Those columns of the matches table (as `m`), for a SELECT that reads
 * them with store_row_game(). */
#define STORE_GAME_COLUMNS                                                     \
	"m.variant, m.rule, m.rows, m.cols, m.k, m.opening, m.time_per_move,"  \
	" m.clock_base, m.clock_increment"

/* Bind g to ?first..?first + 8 of st, in STORE_GAME_DEF's order (a rule
 * or opening without a word left unbound: NULL). Return SQL_OK or
 * the first error. */
enum sql_code store_bind_game(struct sql_stmt *st, int first,
			      const struct game_def *g);

/* Read *g from columns first..first + 8 of st's row, in STORE_GAME_DEF's
 * order (the variant's name a preset's, or "custom"). Return 0, or -1
 * when the rule or the opening is not valid. */
int store_row_game(struct sql_stmt *st, int first, struct game_def *g);

/* Why a match cannot end with `result` and `reason`, or NULL when it
 * can as far as C checks (the table checks that a draw goes with 'draw'
 * or 'full'). `renju`: the match is played under RULE_RENJU. A static
 * string. */
const char *store_ending_problem(enum match_result result,
				 enum match_reason reason, bool renju);

/* The words of a match row, decoded. */
struct match_words {
	enum match_kind kind;
	enum match_status status;
	enum rule rule;
	enum match_result result;
	enum match_reason reason;
	enum match_opening opening;
};

/* Decode the words of a match row: kind, status, rule, result and reason
 * in the five columns from `first`, the opening in column `opening`.
 * Return 0, or -1 (*w partly written) when one is not valid. */
int store_read_words(struct sql_stmt *st, int first, int opening,
		     struct match_words *w);

#endif
