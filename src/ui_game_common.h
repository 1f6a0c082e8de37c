/* ui_game_common.h -- private to the ui: one game at the terminal (struct
 * game, in its named parts), whoever plays it (people or the computer)
 * and whether or not it is recorded, and the rules its two front ends
 * obey: the line's (ui_game.c) and the screen's (ui_screen_game.c), so
 * both obey the same rules in the same words. Defined by what they do:
 * who acts, the match's life and the computer (ui_game_common.c), the
 * clock (ui_game_clock.c), the words (ui_game_words.c), the stake and
 * the summary (ui_game_stake.c). Running a game and keeping its record:
 * ui_game.h. */
#ifndef GOMOKU_UI_GAME_COMMON_H
#define GOMOKU_UI_GAME_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "ai.h"
#include "clock.h"
#include "match.h"
#include "renju.h"
#include "store.h"
#include "ui.h"

/* The clocks as g's record last said (store.h's match_now), read when
 * a turn's deadline is set or a watcher loads the match; in a game
 * without a record, as this process keeps them
 * (game_common_local_clock()). */
struct game_clock {
	bool known;	      /* read from the record, or kept here */
	int col;	      /* kept here: the column whose turn it is */
	int ply;	      /* the moves on the board then */
	long long since;      /* term_now_ms() time the turn began */
	long long allowed_ms; /* and the time it had (the mover's) */
	long long left_ms[2]; /* a game clock: the record's black and
			       * white players' (the first placer and
			       * the other during the opening) */
};

/* Where a game's match stands for this process: one value
 * (docs/ARCHITECTURE.md, "A match's life"), changed only by the
 * game_life_*() functions below; what every screen says of the match
 * (whose turn, waiting, ended and why) is derived from it. A game
 * without a record is GAME_PLAYING until match_run() ends it. */
enum game_state {
	GAME_PLAYING = 0, /* played here; its record unfinished */
	GAME_WAITS,	  /* play stopped here for the absent seat's turn,
			   * or its player left (q, Esc, end of input
			   * while waiting): the record waits */
	GAME_ENDED,	  /* the record is no longer unfinished: life.end */
	GAME_CHANGED,	  /* another process changed the record (not its
			   * end): resume it again to go on */
	GAME_TAKEN_OVER,  /* another session of this player took the seat */
	GAME_STALE	  /* this player's session ended: nothing more is
			   * written */
};

struct game_life {
	enum game_state state;
	bool ended_here;      /* GAME_ENDED by this process's write */
	struct match_now end; /* GAME_ENDED: the record as it ended */
};

/* Who plays g's two seats (match.h: seat 0 plays black, or opens a
 * swap2), by seat. */
struct game_seats {
	struct ai *ai[2];	    /* the computer, else NULL */
	int level[2];		    /* the computer's level */
	long long player_id[2];	    /* 0 for guests and the computer */
	double rating_before[2];    /* the rating at the start */
	enum match_unrated unrated; /* at the start: why a rated result
				     * would move no rating (the stake) */
	int only_seat;		    /* -1: both seats here; else the one seat
				     * present, which plays until the other
				     * must act */
};

/* g's record in the store, and what of it this process has written. */
struct game_record {
	int kind;	  /* enum match_kind to record, 0: not kept */
	bool casual;	  /* a ranked kind never counted (the lobby's) */
	long long id;	  /* the record being written, 0 until open */
	int saved;	  /* moves already in the record */
	int saved_stones; /* the record's opening_stones */
	bool saved_final; /* the record's colours_final */
};

/* g's clock: its time control, the turn as the record last said, and
 * the deadline of the move asked for. */
struct game_timing {
	struct time_control control; /* the match's time control */
	struct game_clock turn;	     /* the turn as the record last said */
	int deadline_ply;	     /* the move the deadline is for */
	long long deadline;	     /* term_now_ms() time, 0 = none */
	long long used_ms;	     /* resumed: what the move to play (ply
				      * deadline_ply) had used already */
};

/* The other terminal, in a match whose absent seat plays from another
 * process (ui_game_remote.c). */
struct game_remote {
	bool on;		/* the absent seat's moves are awaited in the
				 * store */
	bool undo_agreed;	/* this player accepted the absent seat's undo
				 * (the store took the moves back);
				 * match_run() takes it back next, without
				 * asking again */
	bool request_refused;	/* the store refused this player's request
				 * (one pending at a time): no "said no"
				 * follows */
	bool other_gone;	/* the opponent left the game (their seat's
				 * lease lapsed; said so) */
	bool gone_asked;	/* the claim against the gone opponent was
				 * offered */
	long long seats_looked; /* term_now_ms() of the last look at the
				 * opponent's seat */
};

/* How play stopped here, and what the player chose at the end. */
struct game_end {
	enum ui_status stop;	  /* why the game stopped early */
	const char *again;	  /* asked when the game has ended ("Play
				   * another game?"), NULL for nothing */
	int again_answer;	  /* answered in the screen's end-of-game
				   * box: 1 yes, 0 no, -1 not asked there */
	bool analyse;		  /* "Analyse this game" (`a`) chosen there */
	bool rematch;		  /* remote: a rematch (`r`) chosen there */
	bool settled;		  /* the end was written (by the screen's
				   * end) */
	enum ui_status settle_st; /* and how that went */
};

/* One game at the terminal, in its named parts. */
struct game {
	struct ui *ui;
	struct match m; /* the game itself (match.h) */
	struct game_seats seats;
	struct game_record rec;
	struct game_timing timing;
	struct game_remote remote;
	struct game_life life; /* the match's life, as seen here */
	struct game_end end;
	int shown; /* moves on the board when last drawn */
};

/* ---- The match's life (ui_game_common.c) ---- */

/* Play stopped here for a reason of this process's: GAME_WAITS (the
 * absent seat's turn, the player left), g->end.stop UI_OK; nothing when a
 * stop signal came (g->end.stop UI_INTERRUPTED: the program stops). */
void game_life_waits(struct game *g);

/* Read the end of g's record back from the store into g->life (state
 * GAME_ENDED, `here` when this process wrote it). Return true when the
 * record is no longer unfinished; false (g->life unchanged) when it is,
 * or cannot be read. */
bool game_life_ended(struct game *g, bool here);

/* Whether g's record has ended (GAME_ENDED), and whether it was aborted
 * (ended before both sides had moved: not rated). */
bool game_ended(const struct game *g);
bool game_aborted(const struct game *g);

/* Whether g stopped because of another process or session, not its
 * end: GAME_CHANGED, GAME_TAKEN_OVER or GAME_STALE (said so). */
bool game_stopped_outside(const struct game *g);

/* Whether g is over, one way or another, as the end is told: its
 * match ended on the board here, or its record ended. */
bool game_over(const struct game *g);

/* ---- Who acts, and the record still this game's (ui_game_common.c) ----
 * Messages are said with ui_say(), which a full-screen game shows on its
 * status line (struct ui's sink). */

/* True when seat `seat` is not here: g->seats.only_seat is set and is not it
 * (the game then stops, waiting for that seat). */
bool game_common_seat_absent(const struct game *g, int seat);

/* game_common_seat_absent() for the seat that acts next in m. */
bool game_common_absent_turn(const struct game *g, const struct match *m);

/* Whether the input `in` may be played now: undo and draw offers need
 * both players here (not with g->seats.only_seat), and are refused saying so.
 * Return true for every other input. */
bool game_common_command_allowed(struct game *g, const struct input *in);

/* Whether g's record is still as this game left it: unfinished, with the
 * moves it wrote (true too for a game not recorded, or when the database
 * cannot say). When another process ended it (GAME_ENDED: told as the
 * game's end), changed it (GAME_CHANGED, said so), or (remote) another
 * session took this player's seat over (GAME_TAKEN_OVER, said so),
 * g->end.stop becomes UI_OK and it returns false: the game must stop.
 * Called after a write failed, it first looks whether the store
 * refused it for a stale session (ui_session_ended(): said so): then
 * GAME_STALE, g->end.stop UI_STALE, false, and the game leaves writing
 * nothing more. */
bool game_common_record_still_ours(struct game *g);

/* A game that stopped because its record ended (game_ended()), by
 * another process or outside match_run() here (a claim, a resignation
 * while waiting): put the record's end and winner into g->m, so that
 * the game shows it as any end (its words, the end-of-game box with
 * its summary); true when it did. Not for an abandoned or aborted
 * match, which has no end of that kind (game_common_end_words() says
 * what became of it). */
bool game_common_end_from_record(struct game *g);

/* Whether this process still holds its player's seat in g's remote match
 * (true for every other game): when another session took it over, say
 * "This match was continued in another session." (once), GAME_TAKEN_OVER
 * (g->end.stop UI_OK) and return false: the game must stop, and the store
 * refuses its writes anyway. */
bool game_common_seat_still_ours(struct game *g);

/* ---- The clock (ui_game_clock.c) ---- */

/* The term_now_ms() time of Unix time `unix_ms` (a time the store
 * keeps), by the wall clock now. */
long long game_since_stored(long long unix_ms);

/* When the move now to play in m began its turn, as g's record says
 * (term_now_ms() time): the same for every process, whoever came and
 * went. term_now_ms() when there is no record yet or it cannot be
 * read. */
long long game_turn_since(struct game *g, const struct match *m);

/* The deadline (term_now_ms() time) for the move now to be played, set
 * when it is first asked for (so refused input does not restart the
 * clock): the stored turn's start and time once the game is recorded
 * (store.h: the store's clock), else from now less what a resumed move
 * had used before (g->timing.used_ms for g->timing.deadline_ply); 0 without a
 * limit. */
long long game_common_move_deadline(struct game *g, const struct match *m);

/* What the move to play has used of its time, in ms (0 without one), as
 * the panel shows it. */
long long game_common_clock_used(const struct game *g, const struct match *m);

/* Whether g's moves are timed (a time per move or a game clock). */
bool game_common_timed(const struct game *g);

/* Copy the clocks of a stored turn (the record's turn start in Unix ms,
 * what it had, the two game clocks) into t->turn, for the position
 * with `ply` moves. */
void game_timing_set(struct game_timing *t, int ply, long long turn_started_ms,
		     long long allowed_ms, long long black_left_ms,
		     long long white_left_ms);

/* A game without a record (a guest game) keeps its clock itself, as
 * the store keeps a record's: called whenever m changed (a move, an
 * undo, the colours chosen) and once before the first move. The turn
 * that was on ends (a move adds a game clock's increment, anything else
 * spends its time) and the next begins now. Does nothing for a recorded
 * or untimed game. */
void game_common_local_clock(struct game *g, const struct match *m);

/* What `side`'s clock shows now in m, timed by t (a game's, or a
 * watcher's from the stored match), in ms, into *ms: the mover's
 * counting down from the record's turn (or the game's own deadline),
 * the other's as it stands (a game clock's time left, the whole time
 * per move). False (nothing written) when moves are not timed. */
bool game_timing_left(const struct game_timing *t, const struct match *m,
		      enum stone side, long long *ms);

/* ---- The computer (ui_game_common.c) ---- */

/* The computer to move in m thinks and fills *in with its move, within
 * its level's time and, in a timed game, a share of its clock. Return
 * 0; MATCH_ASK_TIMEOUT when its time ran out all the same; or -1 with
 * g->end.stop UI_INTERRUPTED when a stop signal came first. Says nothing:
 * the front end shows the thinking and the move. */
int game_common_computer_move(struct game *g, const struct match *m,
			      struct input *in);

/* The computer's answer to question q: yes to undo; no to a draw,
 * saying "The computer plays on.". Return 1 or 0. */
int game_common_computer_answer(struct game *g, enum match_question q);

/* Settle the swap2 choice q due from `seat` without asking anyone, when
 * it need not be asked: the seat is absent (GAME_WAITS; *value -1: the
 * game stops), the record was changed elsewhere
 * (game_common_record_still_ours(); *value -1), or the seat is the computer's,
 * which chooses the colour its search likes better, saying which (*value its
 * choice as choose() returns it, or -1 with g->end.stop UI_INTERRUPTED on a
 * stop signal). Return true when settled so, false when the person must be
 * asked. */
bool game_common_choice_settled(struct game *g, const struct match *m, int seat,
				enum match_choice q, int *value);

/* ---- Words (ui_game_words.c) ---- */

/* Why a point is forbidden for black, in words (a static string; "" for
 * RENJU_OK). */
const char *game_common_verdict_words(enum renju_verdict v);

/* List black's forbidden points in m as " h8 (double three)" each into
 * the caller's buf[cap] (cut to fit). Return how many there are, or -1
 * (buf "") when black is not to move under renju. */
int game_common_forbidden_list(const struct match *m, char *buf, size_t cap);

/* Why a line is not a move (error e on board b), into buf[cap]. */
void game_common_input_error(const struct board *b, enum input_error e,
			     char *buf, size_t cap);

/* Why move `in` was refused (err), into buf[cap]; a forbidden point ends
 * with how to see them all (typed `hint`, in both front ends) unless it
 * loses the game. Short enough for an 80-column status line. */
void game_common_refusal(const struct match *m, const struct input *in,
			 enum board_error err, char *buf, size_t cap);

/* What to say of event e into buf[cap]. Return false when nothing is to
 * be said (the computer declining a draw has said so already). */
bool game_common_event_words(const struct game *g, const struct match *m,
			     enum match_event e, char *buf, size_t cap);

/* The help's sentence for m's rule ("5 in a row wins (or more).") into
 * buf[cap]. */
void game_common_rule_words(const struct match *m, char *buf, size_t cap);

/* How g's match m ended, one whole sentence into buf[cap], from its
 * record once it has one (game_ended(): "Alice resigned. Bob wins.",
 * "Bob left the game: Alice wins by claim.", that it was aborted and
 * not rated, or abandoned), else from m (a game without a record),
 * naming the side of stone s as name[s] (as m->name, by stone): the
 * line says "● Black Alice", the screen "Alice". "" while neither has
 * ended. */
void game_common_end_words(const struct game *g, const struct match *m,
			   const char *const name[3], char *buf, size_t cap);

/* ---- Words of an aborted match (ui_game_common.c) ---- */

/* The sentence that says a game was aborted and not rated, in the
 * user's language (a static string). */
const char *game_common_aborted_words(void);

/* The sentence that says match `id` was aborted and not rated, into
 * buf[cap]. */
void game_common_match_aborted(long long id, char *buf, size_t cap);

/* ---- Questions (ui_game_words.c) ---- */

/* Question q to `who` ("Alice, Bob offers a draw. Do you accept?") into
 * buf[cap]. */
void game_common_question(const struct match *m, enum stone who,
			  enum match_question q, char *buf, size_t cap);

/* The swap2 choice q for `seat`: its title into title[cap] and its
 * labels (static strings) into labels[0..2]. Return how many labels. */
int game_common_choice_menu(const struct match *m, int seat,
			    enum match_choice q, char *title, size_t cap,
			    const char *labels[3]);

/* The value choose() returns for label `index` (from 0) of choice q. */
int game_common_choice_value(enum match_choice q, int index);

/* ---- The stake and the summary (ui_game_stake.c) ---- */

/* The account playing seat `seat` of g, or NULL (a guest, the
 * computer). */
const struct player *game_seat_player(const struct game *g, int seat);

/* Note each account's rating as the game starts (g->seats.rating_before), for
 * the summary's changes, and whether a rated result would move them
 * (g->seats.unrated, from the store), for the stake. */
void game_common_ratings_before(struct game *g);

/* What one seat of a ranked match stands to gain or lose (rating.c's Elo
 * from both ratings now), each as people read it: "+16", "0", "−16". */
struct game_stake {
	double rating; /* the seat's rating now */
	char win[16], draw[16], loss[16];
};

/* For a ranked match: seat `seat`'s stake into *out. Return false
 * (nothing set) for any other game, and once the match's record is
 * ended. */
bool game_common_stake(const struct game *g, int seat, struct game_stake *out);

/* A stake as a sentence, "win +16 · draw 0 · loss −16", into buf[cap]. */
void game_common_stake_text(const struct game_stake *st, char *buf, size_t cap);

/* p's record after a ranked match, as "  Alice: 1 won, 0 lost, 0 tied;
 * score 1; rating 1520 (+20); rank 1" (the change from `before`, the rank
 * by score the store's, store_player_rank()), into buf[cap], cut to fit.
 * UI_OK, or what ui_store_failed() gives when the store cannot say the
 * rank (buf is then unchanged). */
enum ui_status game_common_record_line(struct ui *ui, const struct player *p,
				       double before, char *buf, size_t cap);

/* The summary after g's recorded game, once its record ended
 * (game_ended()), into buf[cap], lines split at '\n' ("" when there is
 * none: not recorded, or not ended): for a ranked match both players'
 * new records, ratings with their change and ranks (the club is read
 * again for the ranks); against the computer the person's record against
 * that level ("Your record against Expert: 3 wins, 1 loss, 0 draws").
 * Return UI_OK, or UI_FAILED after saying why the database failed (buf
 * then holds what was gathered). */
enum ui_status game_common_summary(struct game *g, char *buf, size_t cap);

/* ---- The end, and the seat (ui_game_common.c) ---- */

/* The answer to g->end.again, the question at the game's end, into *yes: the
 * one given in the screen's end-of-game box, or else asked now with
 * ui_yes_no(). Return UI_OK, UI_INTERRUPTED (a stop signal in the box),
 * or what ui_yes_no() returns. */
enum ui_status game_common_again(struct game *g, bool *yes);

/* Take `me`'s seat in unfinished ranked match `id` for this process
 * (one seat, one process: store_live.h), which every write to the match
 * from here then needs while another holds a seat there. When another
 * session of `me`'s holds it, ask whether to take it over (that session
 * can then do nothing more in the match). *taken says whether this
 * process holds it now (it leaves it with store_seat_release()).
 * Return UI_OK, UI_FAILED after saying why the store failed, or what
 * the question returned. */
enum ui_status game_common_take_seat(struct ui *ui, const struct player *me,
				     long long id, bool *taken);

#endif
