/* store_live.h -- the store as the channel between processes: matches
 * in progress for watchers, who is here (presence), and challenges
 * (store_live.c, store_challenges.c, store_seek.c).
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

#include "origin.h"
#include "store.h"

/* PRAGMA data_version of the connection into *version: it moves when
 * another connection (another process) committed a change to the file,
 * and costs no page read, so a waiting process may ask it often.
 * STORE_ERR (and *version unchanged) when it cannot be read. */
enum store_status store_data_version(struct store *s, long long *version);

/* A descriptor that becomes readable when a process commits to s's
 * database (an inotify watch on the times of the "-wal" file, which
 * every connection of the store touches once a commit is visible; on
 * the database itself when a read-only connection finds no WAL), made
 * at the first call and closed by store_close(); -1 when none can be
 * made (then only a timeout tells a waiting process to look). What it
 * says is only "look": read and drop its bytes, then ask
 * store_data_version() whether another process committed. */
int store_change_fd(struct store *s);

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
	REQUEST_DECLINED,
	REQUEST_WITHDRAWN /* the match moved past it or ended unanswered */
};

/* One request, as stored: a plain value. */
struct match_request {
	long long id; /* its own: an answer names it */
	long long match_id;
	enum request_kind kind;
	int ply; /* the moves on the board when it was made */
	enum request_state state;
};

/* A match has at most one request pending at a time; a pending request
 * is never replaced, nor changed into another: the question a player is
 * shown (store_request_pending()) is the one their answer answers
 * (store_request_answer() names its id and kind). A pending request
 * whose match moved on (a move, an undo) or ended reads as withdrawn and
 * can no longer be answered. Every request is kept. */

/* The player to move in unfinished match `id`, with `ply` moves on the
 * board, asks something of the opponent at the other terminal: a draw
 * (REQUEST_DRAW) or to take back the asker's last move and the reply
 * (REQUEST_UNDO, plies ply - 1 and ply). Store it pending at `now` and
 * set *request_id to its id. STORE_EXISTS (nothing written) when the
 * match has a request pending already, whoever made it; STORE_ERR when
 * the match is not unfinished with exactly `ply` moves, or for an undo
 * unless its colours are final and both moves come after the opening's
 * stones (ply - 2 >= opening_stones; the rule of match.h). */
enum store_status store_request_new(struct store *s, long long id,
				    enum request_kind kind, int ply,
				    long long now, long long *request_id);

/* Request `request_id` as it stands into *out (a pending one the match
 * moved past reads REQUEST_WITHDRAWN). STORE_NOT_FOUND when there is no
 * such request; on failure *out is unchanged. */
enum store_status store_request_get(struct store *s, long long request_id,
				    struct match_request *out);

/* Match `id`'s request still pending (made at the moves now stored, the
 * match unfinished) into *out. STORE_NOT_FOUND when none is; on failure
 * *out is unchanged. */
enum store_status store_request_pending(struct store *s, long long id,
					struct match_request *out);

/* Answer request `request_id` of match `id`, which the player was asked
 * as a request of kind `kind`, at `now`. An undo accepted takes the two
 * moves back in the same transaction as the answer (the match keeps
 * ply - 2 moves; its last_active_at becomes `now` and the turn of the
 * move to play starts at `now`), so a crash never leaves the answer
 * without the undo or the undo without the answer. STORE_NOT_FOUND
 * (nothing changed) when that request is not the match's, not of that
 * kind, or no longer pending (answered, or withdrawn by the match moving
 * on or ending); STORE_ERR when it cannot be written. */
enum store_status store_request_answer(struct store *s, long long id,
				       long long request_id,
				       enum request_kind kind, bool accept,
				       long long now);

/* ==== Seats: one seat, one process ======================================= */

/* A player's seat in a ranked match played from two terminals is held by
 * one connection (one process) at a time: a lease, taken when its
 * process starts or rejoins playing the match and renewed while it runs
 * (every few seconds: ui_presence.c). While a connection holds its seat,
 * every write it makes to that match (a move, an undo, the seats, a
 * resignation or other end, a pause, a claim, a request or an answer)
 * checks in its own transaction that it still holds the seat, and is
 * refused (STORE_ERR) once another connection took the seat over. A
 * lease that was not renewed lapses: its player left the game, and the
 * seat is free to take again. Times are Unix milliseconds (`now_ms`). */

/* A lease lasts this long after its last renewal: two renewals (5 s
 * apart) may be missed, by a busy machine or a write waiting for the
 * lock, before a live process looks gone; a killed one looks gone
 * within this time. */
#define STORE_SEAT_LEASE_MS 15000

/* A seat's lease as it stands at a time: a plain value. */
struct seat_lease {
	bool taken;	    /* somebody took the seat (else never held) */
	bool mine;	    /* this connection holds it */
	bool live;	    /* its lease runs past `now_ms` */
	long long until_ms; /* when it lapses or lapsed */
	/* When (Unix ms) the win may be claimed against its player, gone:
	 * the match's disconnection grace from until_ms, which does not
	 * run while they are locked out (store_match_claim_gone()). */
	long long claim_from_ms;
};

/* Take player `player_id`'s seat in match `match_id` (unfinished, ranked,
 * theirs) for this connection at `now_ms`, for STORE_SEAT_LEASE_MS: when
 * nobody holds it, its lease lapsed, this connection holds it already,
 * or `takeover` (the other connection then can write no more to the
 * match). This connection then holds that seat (and no other it held).
 * STORE_EXISTS (nothing changed) when another connection's lease is
 * live and not `takeover`; STORE_NOT_FOUND when there is no such match;
 * STORE_ERR when the match is not unfinished and ranked or the player
 * not in it. */
enum store_status store_seat_take(struct store *s, long long match_id,
				  long long player_id, bool takeover,
				  long long now_ms);

/* Renew the lease of the seat this connection took in match `match_id`
 * to STORE_SEAT_LEASE_MS after `now_ms`. STORE_NOT_FOUND (nothing
 * changed) when it took none there or another connection holds that
 * seat now (it took it over); a lease that lapsed while nobody took the
 * seat is renewed (the player is back). */
enum store_status store_seat_renew(struct store *s, long long match_id,
				   long long now_ms);

/* This connection leaves the seat it took, at `now_ms`: its lease lapses
 * then (the opponent is told at once) when it still holds it. Its writes
 * to that match are still checked: refused once another connection took
 * the seat. STORE_OK also when it held none. */
enum store_status store_seat_release(struct store *s, long long now_ms);

/* Player `player_id`'s seat in match `match_id` as it stands at `now_ms`
 * into *out (all false and 0 when never taken). */
enum store_status store_seat_get(struct store *s, long long match_id,
				 long long player_id, long long now_ms,
				 struct seat_lease *out);

/* The player who holds their seat in untimed ranked match `id` here
 * claims the win (`result`, their colour) against an opponent who is to
 * move and left the game: the opponent's lease lapsed at least
 * the match's disconnection grace (match_rules.disconnect_grace, the
 * club's when it started) before `now_ms` and nobody took it
 * since. Decided in one transaction from what is committed, with the
 * match's `nmoves` as the claimant saw them, and counted as
 * store_match_finish() does (reason abandoned). The grace does not run
 * while the opponent is locked out of logging in, for up to the grace
 * again (store_match_claim()); seat_lease.claim_from_ms says when it
 * ends. Refused (STORE_ERR, nothing changed) otherwise: a timed match
 * (claimed on time), the colours not final, the claimant to move or not
 * at their seat here, the opponent back or gone for less than the
 * grace. */
enum store_status store_match_claim_gone(struct store *s, long long id,
					 enum match_result result, int nmoves,
					 long long now_ms);

/* ==== Presence =========================================================== */

/* A presence row not refreshed for this many seconds is stale: its
 * process died or hangs, and it counts for nothing. */
#define STORE_PRESENCE_STALE 20

/* Process `pid` (> 0) has player `player_id` logged in, idle when
 * match_id is 0, else playing that match: write its row with
 * refreshed_at `now`, replacing the process's earlier row (another
 * player's, after a log-out, or a dead process's with the same pid).
 * A refusal of challenges (store_presence_refuse()) stays while the row
 * is the same player's. STORE_NOT_FOUND when the player or match does
 * not exist. */
enum store_status store_presence_set(struct store *s, long long pid,
				     long long player_id, long long match_id,
				     long long now);

/* Process `pid` has nobody logged in any more: delete its row (none is
 * fine), and with it the refusal of challenges it held. */
enum store_status store_presence_clear(struct store *s, long long pid);

/* The player logged in at process `pid` refuses every challenge
 * (`refuse`), or takes them again, for as long as the process's row
 * lives (store_presence_clear() at log-out or exit; a stale row counts
 * for nothing): store_challenge_new() then refuses challenges to them
 * at once. Refusing also declines, at `now`, the challenges to them
 * still pending, in the same transaction. STORE_NOT_FOUND when the
 * process has no row. */
enum store_status store_presence_refuse(struct store *s, long long pid,
					bool refuse, long long now);

/* One player present, for the list of players online. */
struct presence_row {
	long long player_id;
	const char *username; /* valid during the callback only */
	const char *nickname;
	long long match_id;    /* an unfinished match being played, else 0
				* (idle, or its match ended) */
	long long watching_id; /* a match being watched, else 0 */
	bool seeking;	       /* an open seek of theirs is fresh */
};

/* Process `pid`'s player watches match `match_id` now (0: no longer).
 * Return STORE_OK or STORE_ERR. */
enum store_status store_presence_watch(struct store *s, long long pid,
				       long long match_id);

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

/* After a decline or a withdrawal, the same challenger waits this many
 * seconds before challenging the same player again. */
#define STORE_CHALLENGE_COOLDOWN 300

/* A settled challenge (answered, expired, withdrawn) is deleted once it
 * was made this many seconds ago (the challenger's wait has long read
 * its answer by then), unless the cooldown still needs it. */
#define STORE_CHALLENGE_KEEP (2 * STORE_CHALLENGE_TTL)

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
	struct game_def game;
	long long created_at; /* Unix seconds */
	enum challenge_state state;
	long long match_id;   /* CHALLENGE_ACCEPTED: the match, else 0 */
	long long resume_id;  /* the two players' unfinished ranked match it
			       * offers to continue (its game is that
			       * match's), else 0: a new match */
	long long rematch_of; /* a settled ranked match of the two players
			       * it offers to play again (its game is that
			       * match's, the colours swapped), else 0 */
	bool casual;	      /* read: a rematch of a casual match */
};

/* Why store_challenge_new() stored no challenge. */
enum challenge_refusal {
	CHALLENGE_SENT = 0,	/* not refused: stored */
	CHALLENGE_NOT_TAKING,	/* the challenged player refuses challenges */
	CHALLENGE_CROSSED,	/* they challenged the challenger, pending */
	CHALLENGE_ALREADY_SENT, /* the challenger's to them is pending */
	CHALLENGE_TOO_SOON	/* declined or withdrawn lately */
};

/* What store_challenge_new() did. */
struct challenge_sent {
	enum challenge_refusal refused;
	long long id;	     /* CHALLENGE_SENT: the new challenge; CROSSED:
			      * the other player's, to answer instead */
	long long wait;	     /* CHALLENGE_TOO_SOON: seconds still to wait */
	long long resume_id; /* CHALLENGE_SENT: the match it offers, else 0 */
};

/* Store challenge `c` made at c->created_at (`now`; its id, state,
 * match_id and resume_id are ignored: a new challenge is pending) and
 * fill *out, deciding in one transaction (the rules of challenges):
 *  - refused when the challenged player refuses challenges now (a live
 *    presence row of theirs says so: CHALLENGE_NOT_TAKING);
 *  - one challenge pending per pair of players, either way: refused when
 *    the challenged player's challenge to the challenger is pending
 *    (CHALLENGE_CROSSED, out->id: answer that one) or the challenger's to
 *    them is (CHALLENGE_ALREADY_SENT);
 *  - refused for STORE_CHALLENGE_COOLDOWN seconds after the challenger's
 *    last challenge to them was declined or withdrawn (CHALLENGE_TOO_SOON,
 *    out->wait the seconds left);
 *  - when the two have an unfinished ranked match, the challenge offers
 *    it (out->resume_id; the stored game is that match's, not c's);
 *  - else a challenge naming c->rematch_of offers a rematch of that
 *    match, which must be a settled ranked match of the two (STORE_ERR
 *    when it is not): the stored game is that match's, not c's;
 *  - the settled challenges made STORE_CHALLENGE_KEEP seconds or more
 *    before `now` are deleted, but for those the cooldown still needs.
 * STORE_OK when stored (out->id); STORE_EXISTS when a rule refused it
 * (out->refused says which; nothing written); STORE_NOT_FOUND when a
 * player does not exist; STORE_ERR for a player challenging themselves
 * or a game the table refuses. */
enum store_status store_challenge_new(struct store *s,
				      const struct challenge *c,
				      struct challenge_sent *out);

/* Read challenge `id` into *out as it stands at `now`: a pending one
 * created STORE_CHALLENGE_TTL seconds or more before `now` reads as
 * CHALLENGE_EXPIRED. STORE_NOT_FOUND when there is none; on failure *out
 * is unchanged. */
enum store_status store_challenge_get(struct store *s, long long id,
				      long long now, struct challenge *out);

/* The rematch of settled match `match_id` still pending at `now`, into
 * *out: at most one is (the second player's offer accepts the first),
 * whichever other challenges its player has. STORE_NOT_FOUND when there
 * is none; on failure *out is unchanged. */
enum store_status store_rematch_pending(struct store *s, long long match_id,
					long long now, struct challenge *out);

/* The oldest challenge to player `to_id` still pending at `now` (younger
 * than STORE_CHALLENGE_TTL seconds) into *out. STORE_NOT_FOUND when there
 * is none; on failure *out is unchanged. */
enum store_status store_challenge_for(struct store *s, long long to_id,
				      long long now, struct challenge *out);

/* Accept challenge `id` at `now` in one transaction: start ranked match
 * `h` (as store_match_start(), but played from two terminals, so
 * whatever the club's ranked_hotseat; its two players must be the
 * challenge's, either colour) and mark the challenge accepted with it;
 * *match_id is the new match. A challenge that offers an unfinished match
 * (resume_id) ignores `h` (it may be NULL): that match, still
 * unfinished, is the one accepted (*match_id), to be played on from the
 * two terminals, and the move to play gets back, from `now`, the time it
 * had left when play stopped, as a hot-seat resume does (both players
 * agreed: one asked, the other accepted); an untimed match's turn keeps
 * its start, so the claim's wait is not put off. A rematch's match
 * (rematch_of) is made here too, `h` ignored: the challenge's game,
 * black the other match's white and white its black, casual when that
 * match was. When the two players have an unfinished ranked match
 * meanwhile, no match is made: that one is accepted and goes on, as
 * an offered one does (the one start between two players). Refused
 * (STORE_ERR,
 * nothing written) when the challenge is not pending at `now`
 * (answered, withdrawn or expired), so an answer and an expiry never
 * both win, or when the match it offers has ended. STORE_NOT_FOUND when
 * there is no such challenge. */
enum store_status store_challenge_accept(struct store *s, long long id,
					 const struct match_header *h,
					 long long now, long long *match_id);

/* End pending challenge `id` at `now` with `state` (CHALLENGE_DECLINED,
 * CHALLENGE_EXPIRED or CHALLENGE_WITHDRAWN; a decline or a withdrawal
 * starts the challenger's cooldown at `now`). A decline after the
 * challenge expired is stored as expired. Refused (STORE_ERR) when the
 * challenge is no longer pending (an answer came first), or for another
 * state; STORE_NOT_FOUND when there is no such challenge. */
enum store_status store_challenge_close(struct store *s, long long id,
					enum challenge_state state,
					long long now);

/* ==== The lobby: seeks (store_seek.c) ===================================== */

/* A seek not refreshed by its poster for this many seconds is not
 * listed and cannot be taken (its poster left, or their process hangs). */
#define STORE_SEEK_STALE 20

/* A rating range that holds every player. */
#define STORE_SEEK_ANY_RATING 100000

/* What became of a seek. */
enum seek_state { SEEK_OPEN = 1, SEEK_TAKEN, SEEK_WITHDRAWN };

/* A game proposed to anyone: a challenge's proposal, rated or casual,
 * for a taker whose rating under its rule is in [min_rating,
 * max_rating]. A plain value; store_seek_list() fills the poster's
 * names and rating too. */
struct seek {
	long long id, player_id; /* the seek, its poster */
	struct game_def game;
	bool rated; /* false: casual, never counted */
	/* Posting: the takers asked for, those whose rating is within this
	 * many points of the poster's under the seek's rule (0: any); the
	 * store computes the range from it. */
	int within;
	int min_rating, max_rating; /* the range as stored */
	char origin[ORIGIN_MAX];    /* the poster's (origin.h), "" unknown */
	long long created_at;	    /* Unix seconds */
	enum seek_state state;
	long long match_id; /* SEEK_TAKEN: the match it started, else 0 */
	/* store_seek_list() only: */
	char username[PLAYER_USERNAME_MAX + 1];
	char nickname[PLAYER_NICKNAME_MAX + 1];
	double rating; /* the poster's, under the seek's rule */
	bool takeable; /* the viewer's rating is in the range */
};

/* The widest range a seek may ask for: within this of the poster. */
#define STORE_SEEK_WITHIN_MAX 1000

/* Why store_seek_post() or store_seek_take() refused. */
enum seek_refusal {
	SEEK_TAKEN_OK = 0, /* not refused */
	SEEK_GONE,	   /* taken, withdrawn, or its poster left */
	SEEK_OWN,	   /* the taker posted it */
	SEEK_OUT_OF_RANGE, /* the taker's rating is outside its range */
	SEEK_SAME_ORIGIN   /* another player's seek from its origin is open */
};

/* Post seek *k (its id, range, state, match_id, created_at and names
 * ignored) for its player at `now`, in one transaction. The poster's
 * own open seek, if any, is withdrawn first. When k has an origin and
 * another player's fresh open seek has the same, nothing is written:
 * STORE_EXISTS, *why SEEK_SAME_ORIGIN (one open seek a connection; a
 * stale one of that origin is withdrawn instead). The range is computed
 * here: within k->within points of the poster's rating under the seek's
 * rule (RATING_START before their first game under it), into
 * k->min_rating and k->max_rating (0 and STORE_SEEK_ANY_RATING for 0).
 * Then, when an open, fresh seek of another player proposes the same
 * game and each player's rating is in the other's range, that seek is
 * taken instead (the oldest one; *match_id the match started, as
 * store_seek_take() starts it, and k->id that seek's); else k is stored
 * (k->id) and *match_id is 0. Settled seeks older than ten minutes are
 * deleted. Return STORE_OK, STORE_EXISTS, or STORE_ERR (a session ended:
 * STORE_STALE; k->within outside 0..STORE_SEEK_WITHIN_MAX). */
enum store_status store_seek_post(struct store *s, struct seek *k,
				  long long now, long long *match_id,
				  enum seek_refusal *why);

/* Player `taker_id` takes seek `id` at `now`, in one transaction: the
 * seek must be open, refreshed less than STORE_SEEK_STALE seconds ago,
 * not the taker's own, and the taker's rating under its rule in its
 * range; its ranked match (casual when the seek is) is started with the
 * colours drawn here, by the store, and the seek marked taken with it
 * (*match_id); but when the two players have an unfinished ranked
 * match, that one is the seek's match and goes on, from `now`, as an
 * accepted offer to continue it does (store_challenge_accept()). Refused
 * otherwise: STORE_EXISTS, nothing written, *why (may be NULL) says which rule;
 * STORE_NOT_FOUND when there is no such seek. */
enum store_status store_seek_take(struct store *s, long long id,
				  long long taker_id, long long now,
				  long long *match_id, enum seek_refusal *why);

/* The poster of seek `id` still waits for it at `now`: an open seek is
 * kept fresh. *out is then the seek as stored (taken: its match).
 * STORE_NOT_FOUND when there is no such seek (deleted). */
enum store_status store_seek_refresh(struct store *s, long long id,
				     long long now, struct seek *out);

/* Read seek `id` as stored into *out, writing nothing. STORE_NOT_FOUND
 * when there is no such seek. */
enum store_status store_seek_get(struct store *s, long long id,
				 struct seek *out);

/* The poster leaves: open seek `id` is withdrawn. When it was taken
 * first, *match_id is its match (to be played: the taker's process
 * plays it already) and nothing is written; else *match_id is 0. */
enum store_status store_seek_withdraw(struct store *s, long long id,
				      long long *match_id);

/* Which seeks store_seek_list() lists, and which of them. */
enum seek_clock_filter {
	SEEK_ANY_CLOCK = 0,
	SEEK_NO_CLOCK,	 /* untimed */
	SEEK_PER_MOVE,	 /* a time per move */
	SEEK_GAME_CLOCK, /* a game clock */
	SEEK_CLOCK_FILTERS
};
enum seek_rated_filter {
	SEEK_RATED_ANY = 0,
	SEEK_RATED_ONLY,
	SEEK_CASUAL_ONLY,
	SEEK_RATED_FILTERS
};
struct seek_filter {
	long long viewer_id; /* whose seeks are left out, and for whom
			      * takeable is judged */
	const char *variant; /* a variant's name, or NULL for any */
	enum seek_clock_filter clock;
	enum seek_rated_filter rated;
	int offset, limit; /* the page: the first listed, how many */
};

/* Call row(ctx, k) for each open seek fresh at `now` that f lets
 * through, the page of f->offset and f->limit: those the viewer may
 * take first (k->takeable: their rating under the seek's rule in its
 * range), then the oldest first; each with its poster's names and
 * rating (under the seek's rule). A non-zero return stops the listing.
 * The seek is valid only during the call. *total: how many f lets
 * through in all. */
enum store_status store_seek_list(struct store *s, long long now,
				  const struct seek_filter *f,
				  int (*row)(void *ctx, const struct seek *k),
				  void *ctx, int *total);

#endif
