/* store_live.h -- the store as the channel between processes: matches
 * in progress for watchers, who is here (presence), and challenges.
 *
 * Part of the store (store.h's rules hold: every function returns a
 * store_status, keeps a sentence for store_errmsg() on failure, and a
 * refused change leaves the database as it was). Times are Unix seconds,
 * always passed in by the caller (`now`), so tests can use any clock.
 * See docs/ARCHITECTURE.md, "Two terminals".
 */
#ifndef GOMOKU_STORE_LIVE_H
#define GOMOKU_STORE_LIVE_H

#include <stdbool.h>

#include "store.h"

/* PRAGMA data_version of the connection into *version: it moves when
 * another connection (another process) committed a change to the file,
 * and costs no page read, so a waiting process may ask it often.
 * STORE_ERR (and *version unchanged) when it cannot be read. */
enum store_status store_data_version(struct store *s, long long *version);

/* ==== Matches in progress ================================================ */

/* One match in progress, as a watcher's list shows it. */
struct live_match {
	long long id;
	enum match_kind kind;		     /* ranked or computer */
	char black[PLAYER_USERNAME_MAX + 1]; /* "" for the computer */
	char white[PLAYER_USERNAME_MAX + 1]; /* "" for the computer */
	int ai_level;			     /* the computer's, else 0 */
	char variant[STORE_VARIANT_MAX + 1];
	int nmoves;		  /* moves stored */
	long long last_active_at; /* its last change */
};

/* The unfinished ranked and computer matches, the most recently active
 * first, up to `limit` of them: row(ctx, m) for each (m is valid during
 * the call only). row() returns 0 to go on, non-zero to stop (still
 * STORE_OK); it must not call the store. STORE_ERR for a NULL row() or a
 * negative limit; on a failure part-way row() was called for some. */
enum store_status store_live_matches(struct store *s, int limit,
				     int (*row)(void *ctx,
						const struct live_match *m),
				     void *ctx);

/* Claim unfinished ranked match `id` as a win on time for `result`'s
 * colour (RESULT_BLACK_WIN or RESULT_WHITE_WIN: the side not to move)
 * at `now`: finished with REASON_TIMEOUT and counted for both players as
 * store_match_finish() does, in one transaction. For a player whose
 * opponent plays from another process that has not recorded a move in
 * time (killed, or hung). Refused (STORE_ERR, nothing changed) unless
 * the match is timed, has exactly `nmoves` moves with the other colour
 * to move (colours final), and its last change (last_active_at) is at
 * least time_per_move + `grace` seconds before `now`. */
enum store_status store_match_claim_timeout(struct store *s, long long id,
					    enum match_result result,
					    int nmoves, long long grace,
					    long long now);

/* ==== Requests between two terminals ===================================== */

/* What a request asks of the player at the other terminal. */
enum request_kind {
	REQUEST_DRAW = 1, /* to agree to a draw */
	REQUEST_UNDO	  /* to take back the asker's last move and the reply */
};

/* Where a request stands. */
enum request_state {
	REQUEST_NONE = 0,
	REQUEST_PENDING,
	REQUEST_ACCEPTED,
	REQUEST_DECLINED
};

/* A match has one request at a time (a new one replaces the last),
 * known by the ply it was made at: the moves on the board then. */

/* The player to move in unfinished match `id`, with `ply` moves on the
 * board, offers a draw to the opponent at the other terminal: store it
 * pending (replacing the match's earlier request). STORE_ERR when the
 * match is not unfinished. */
enum store_status store_request_draw(struct store *s, long long id, int ply,
				     long long now);

/* The player to move in unfinished match `id`, with `ply` moves on the
 * board, asks the opponent at the other terminal to take back the
 * asker's last move and the reply (plies ply - 1 and ply): store it
 * pending (replacing the match's earlier request). Refused (STORE_ERR,
 * nothing written) unless the match is unfinished with its colours
 * final and exactly `ply` moves, both of them after the opening's
 * stones (ply - 2 >= opening_stones; the rule of match.h). */
enum store_status store_request_undo(struct store *s, long long id, int ply,
				     long long now);

/* The state of match `id`'s request made at `ply` into *state
 * (REQUEST_NONE when there is none for that ply). */
enum store_status store_request_get(struct store *s, long long id, int ply,
				    enum request_state *state);

/* The kind of match `id`'s request made at `ply` and still pending into
 * *kind. STORE_NOT_FOUND when none is pending at that ply; on failure
 * *kind is unchanged. */
enum store_status store_request_pending(struct store *s, long long id, int ply,
					enum request_kind *kind);

/* Answer match `id`'s pending request made at `ply`, at `now`. An undo
 * accepted takes the two moves back in the same transaction as the
 * answer (the match keeps ply - 2 moves; its last_active_at becomes
 * `now` and the clock of the move to play starts afresh), so a crash
 * never leaves the answer without the undo or the undo without the
 * answer. STORE_ERR (nothing changed) when there is no such pending
 * request (withdrawn, answered, or the match moved on), or for an undo
 * accepted when the match is no longer unfinished with those `ply`
 * moves. */
enum store_status store_request_answer(struct store *s, long long id, int ply,
				       bool accept, long long now);

/* ==== Presence =========================================================== */

/* A presence row not refreshed for this many seconds is stale: its
 * process died or hangs, and it counts for nothing. */
#define STORE_PRESENCE_STALE 20

/* Process `pid` (> 0) has player `player_id` logged in, idle when
 * match_id is 0, else playing that match: write its row with
 * refreshed_at `now`, replacing the process's earlier row (another
 * player's, after a log-out, or a dead process's with the same pid).
 * STORE_NOT_FOUND when the player or match does not exist. */
enum store_status store_presence_set(struct store *s, long long pid,
				     long long player_id, long long match_id,
				     long long now);

/* Process `pid` has nobody logged in any more: delete its row (none is
 * fine). */
enum store_status store_presence_clear(struct store *s, long long pid);

/* One player present, for the list of players online. */
struct presence_row {
	long long player_id;
	const char *username; /* valid during the callback only */
	const char *nickname;
	long long match_id; /* a match being played, else 0 (idle) */
};

/* Every player with a presence row refreshed at most
 * STORE_PRESENCE_STALE seconds before `now`, once each (playing when any
 * of their processes plays), by username: row(ctx, r) for each. row()
 * returns 0 to go on, non-zero to stop (still STORE_OK); it must not
 * call the store. STORE_ERR for a NULL row(). */
enum store_status store_presence_list(struct store *s, long long now,
				      int (*row)(void *ctx,
						 const struct presence_row *r),
				      void *ctx);

/* Whether player `player_id` is present at `now` (as above), into
 * *present. */
enum store_status store_presence_of(struct store *s, long long player_id,
				    long long now, bool *present);

/* ==== Challenges ========================================================= */

/* A challenge is answered within this many seconds or it expires. */
#define STORE_CHALLENGE_TTL 60

enum challenge_state {
	CHALLENGE_PENDING = 1, /* waiting for the answer */
	CHALLENGE_ACCEPTED,    /* match_id is the ranked match it started */
	CHALLENGE_DECLINED,
	CHALLENGE_EXPIRED,  /* not answered within STORE_CHALLENGE_TTL */
	CHALLENGE_WITHDRAWN /* the challenger stopped waiting */
};

/* One challenge: who challenges whom to which game. A plain value. */
struct challenge {
	long long id;
	long long from_id, to_id; /* the challenger, the challenged */
	char variant[STORE_VARIANT_MAX + 1];
	enum rule rule;
	int rows, cols, k;
	enum match_opening opening;
	int time_per_move;    /* seconds, 0 = no limit */
	long long created_at; /* Unix seconds */
	enum challenge_state state;
	long long match_id; /* CHALLENGE_ACCEPTED: the match, else 0 */
};

/* Store challenge `c` (its id, state and match_id are ignored: a new
 * challenge is pending) and set *id to its id. STORE_NOT_FOUND when a
 * player does not exist; STORE_ERR for a player challenging themselves
 * or a game the table refuses. */
enum store_status store_challenge_new(struct store *s,
				      const struct challenge *c, long long *id);

/* Read challenge `id` into *out as it stands at `now`: a pending one
 * created STORE_CHALLENGE_TTL seconds or more before `now` reads as
 * CHALLENGE_EXPIRED. STORE_NOT_FOUND when there is none; on failure *out
 * is unchanged. */
enum store_status store_challenge_get(struct store *s, long long id,
				      long long now, struct challenge *out);

/* The oldest challenge to player `to_id` still pending at `now` (younger
 * than STORE_CHALLENGE_TTL seconds) into *out. STORE_NOT_FOUND when there
 * is none; on failure *out is unchanged. */
enum store_status store_challenge_for(struct store *s, long long to_id,
				      long long now, struct challenge *out);

/* Accept challenge `id` at `now` in one transaction: start ranked match
 * `h` (as store_match_start(); its two players must be the challenge's,
 * either colour) and mark the challenge accepted with it; *match_id is
 * the new match. Refused (STORE_ERR, nothing written) when the
 * challenge is not pending at `now` (answered, withdrawn or expired), so
 * an answer and an expiry never both win. STORE_NOT_FOUND when there is
 * no such challenge. */
enum store_status store_challenge_accept(struct store *s, long long id,
					 const struct match_header *h,
					 long long now, long long *match_id);

/* End pending challenge `id` at `now` with `state` (CHALLENGE_DECLINED,
 * CHALLENGE_EXPIRED or CHALLENGE_WITHDRAWN). A decline after the
 * challenge expired is stored as expired. Refused (STORE_ERR) when the
 * challenge is no longer pending (an answer came first), or for another
 * state; STORE_NOT_FOUND when there is no such challenge. */
enum store_status store_challenge_close(struct store *s, long long id,
					enum challenge_state state,
					long long now);

#endif
