/* ui_game.h -- private to the ui: one game at the terminal, whoever
 * plays it (people or the computer) and whether or not it is recorded.
 * ui_game.c runs a game and keeps its record; ui_matches.c chooses the
 * games (ranked, against the computer, resumed) and calls ui_game.c.
 * ui_game_rules.c holds what the game's two front ends (the line's,
 * ui_game.c, and the screen's, ui_screen_game.c) share, so both obey the
 * same rules in the same words. */
#ifndef GOMOKU_UI_GAME_H
#define GOMOKU_UI_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "ai.h"
#include "match.h"
#include "renju.h"
#include "ui.h"

struct game {
	struct ui *ui;
	struct match m;
	struct ai *ai[2];	/* by seat (match.h): the computer, else NULL */
	int level[2];		/* by seat: the computer's level */
	long long player_id[2]; /* by seat; 0 for guests and the computer */
	int record_kind;	/* enum match_kind to record, 0: not kept */
	long long match_id;	/* the record being written, 0 until open */
	int saved;		/* moves already in the record */
	int saved_stones;	/* the record's opening_stones */
	bool saved_final;	/* the record's colours_final */
	int time_per_move;	/* seconds per move, 0 = no limit */
	int deadline_ply;	/* the move the deadline is for */
	long long deadline;	/* term_now_ms() time, 0 = none */
	long long used_ms;	/* resumed: what the move to play (ply
				 * deadline_ply) had used already */
	int only_seat;		/* -1: both seats here; else the one seat
				 * present, which plays until the other
				 * must act */
	bool waiting;		/* stopped for the absent seat's turn */
	bool remote;		/* the absent seat plays from another
				 * process: its moves are awaited in the
				 * store (ui_game_remote.c) */
	bool undo_agreed;	/* remote: this player accepted the absent
				 * seat's undo (the store took the moves
				 * back); match_run() takes it back next,
				 * without asking again */
	bool elsewhere;		/* another process ended or changed the
				 * record: the game stopped */
	bool closed;		/* the record is no longer unfinished */
	int shown;		/* moves on the board when last drawn */
	enum ui_status stop;	/* why the game stopped early */
	double rating_before[2];  /* by seat: the rating at the start */
	bool offer_rematch;	  /* ranked: ask for a rematch at the end */
	int rematch;		  /* its answer: 1 yes, 0 no, -1 not asked */
	bool settled;		  /* the end is saved (by the screen's end) */
	enum ui_status settle_st; /* and how that went */
};

/* Prepare g for a game of variant v between seat 0 (black unless the
 * opening says otherwise) and seat 1 (the names and v's name must outlive
 * the game), with ui->opening when `opening` is true, timed by
 * ui->time_per_move. Return 0, or -1 for a bad variant. Allocates
 * nothing: only the computer players a caller adds need game_free(). */
int game_init(struct game *g, struct ui *ui, const struct variant *v,
	      const char *first, const char *second, bool opening);

/* Play g's match to its end at the terminal, then show the final board
 * and the result. When g->record_kind is set, the match's record is
 * opened at once (during a swap2 opening black is the first placer until
 * the colours are known), every stone (and undo, and the opening's
 * choices) is written as it is played, and the end is saved with the
 * players' new counters ("Match N saved."); a game that stops early stays
 * unfinished in the database with the time the move to play had used,
 * to be resumed. Before each prompt, and when a write is refused, the
 * record is read again: a match another process ended or changed stops
 * here with a message (g->elsewhere). With g->only_seat set, play stops
 * when the other seat must act (g->waiting; the match waits for them).
 * Return UI_OK when the game ended (and was saved), was ended elsewhere
 * or waits for the absent seat (g->closed says whether the record is
 * still unfinished); UI_FAILED after saying why the database refused
 * it; else why it stopped (UI_EOF, UI_INTERRUPTED). */
enum ui_status game_play(struct game *g);

/* Free g's computer players, leaving none (g itself is the caller's).
 * Accepts a game without any, so it may be called twice. */
void game_free(struct game *g);

/* Flip a coin: true means `a` (the first of the two) plays black. Says
 * who moves first. With `secure` (ranked matches) the coin is the
 * system's secure random source, never ui->rng (which --seed fixes). */
bool game_coin_flip(struct ui *ui, const char *a, const char *b, bool secure);

/* ---- ui_game_rules.c: the rules both front ends obey ----
 * Messages are said with ui_say(), which a full-screen game shows on its
 * status line (struct ui's sink). */

/* True when seat `seat` is not here: g->only_seat is set and is not it
 * (the game then stops, waiting for that seat). */
bool game_seat_absent(const struct game *g, int seat);

/* game_seat_absent() for the seat that acts next in m. */
bool game_absent_turn(const struct game *g, const struct match *m);

/* Whether the input `in` may be played now: undo and draw offers need
 * both players here (not with g->only_seat), and are refused saying so.
 * Return true for every other input. */
bool game_command_allowed(struct game *g, const struct input *in);

/* Whether g's record is still as this game left it: unfinished, with the
 * moves it wrote (true too for a game not recorded, or when the database
 * cannot say). When another process ended or changed it, say so, set
 * g->elsewhere (g->closed when it ended, g->stop to UI_OK) and return
 * false: the game must stop. */
bool game_record_still_ours(struct game *g);

/* The deadline (term_now_ms() time) for the move now to be played, set
 * when it is first asked for (so refused input does not restart the
 * clock), less what a resumed move had used before (g->used_ms for
 * g->deadline_ply); 0 without a limit. */
long long game_move_deadline(struct game *g, const struct match *m);

/* What the move to play has used of its time, in ms (0 without one), to
 * be saved when the game stops unfinished. */
long long game_clock_used(const struct game *g, const struct match *m);

/* The computer to move in m thinks and fills *in with its move. Return
 * 0, or -1 with g->stop UI_INTERRUPTED when a stop signal came first.
 * Says nothing: the front end shows the thinking and the move. */
int game_computer_move(struct game *g, const struct match *m, struct input *in);

/* The computer's answer to question q: yes to undo; no to a draw,
 * saying "The computer plays on.". Return 1 or 0. */
int game_computer_answer(struct game *g, enum match_question q);

/* Settle the swap2 choice q due from `seat` without asking anyone, when
 * it need not be asked: the seat is absent (g->waiting; *value -1: the
 * game stops), the record was changed elsewhere (game_record_still_ours();
 * *value -1), or the seat is the computer's, which chooses the colour its
 * search likes better, saying which (*value its choice as choose()
 * returns it, or -1 with g->stop UI_INTERRUPTED on a stop signal).
 * Return true when settled so, false when the person must be asked. */
bool game_choice_settled(struct game *g, const struct match *m, int seat,
			 enum match_choice q, int *value);

/* Why a point is forbidden for black, in words (a static string; "" for
 * RENJU_OK). */
const char *game_verdict_words(enum renju_verdict v);

/* List black's forbidden points in m as " h8 (double three)" each into
 * the caller's buf[cap] (cut to fit). Return how many there are, or -1
 * (buf "") when black is not to move under renju. */
int game_forbidden_list(const struct match *m, char *buf, size_t cap);

/* Why a line is not a move (error e on board b), into buf[cap]. */
void game_input_error(const struct board *b, enum input_error e, char *buf,
		      size_t cap);

/* Why move `in` was refused (err), into buf[cap]; a forbidden point ends
 * with `hint` (how to see them) unless it loses the game. */
void game_refusal(const struct match *m, const struct input *in,
		  enum board_error err, const char *hint, char *buf,
		  size_t cap);

/* What to say of event e into buf[cap]. Return false when nothing is to
 * be said (the computer declining a draw has said so already). */
bool game_event_words(const struct game *g, const struct match *m,
		      enum match_event e, char *buf, size_t cap);

/* Question q to `who` ("Alice, Bob offers a draw. Do you accept?") into
 * buf[cap]. */
void game_question(const struct match *m, enum stone who, enum match_question q,
		   char *buf, size_t cap);

/* The swap2 choice q for `seat`: its title into title[cap] and its
 * labels (static strings) into labels[0..2]. Return how many labels. */
int game_choice_menu(const struct match *m, int seat, enum match_choice q,
		     char *title, size_t cap, const char *labels[3]);

/* The value choose() returns for label `index` (from 0) of choice q. */
int game_choice_value(enum match_choice q, int index);

/* Note each account's rating as the game starts (g->rating_before), for
 * the summary's changes. */
void game_ratings_before(struct game *g);

/* For a ranked match: what seat `seat` stands to gain or lose, as
 * "win +16 · draw 0 · loss −16" (rating.c's Elo from both ratings now)
 * into buf[cap], and its rating now into *rating. Return false (nothing
 * set) for any other game, and once the match's record is closed. */
bool game_stake(const struct game *g, int seat, double *rating, char *buf,
		size_t cap);

/* p's record after a ranked match, as "  Alice: 1 won, 0 lost, 0 tied;
 * score 1; rating 1520 (+20); rank 1" (the change from `before`, the rank
 * by score among ui->players), into buf[cap], cut to fit. */
void game_record_line(struct ui *ui, const struct player *p, double before,
		      char *buf, size_t cap);

/* The summary after g's recorded game, once its record is closed
 * (g->closed), into buf[cap], lines split at '\n' ("" when there is
 * none: not recorded, or not closed): for a ranked match both players'
 * new records, ratings with their change and ranks (the club is read
 * again for the ranks); against the computer the person's record against
 * that level ("Your record against Expert: 3 wins, 1 loss, 0 draws").
 * Return UI_OK, or UI_FAILED after saying why the database failed (buf
 * then holds what was gathered). */
enum ui_status game_summary(struct game *g, char *buf, size_t cap);

/* ---- ui_matches.c ---- */

struct match_full;

/* Rebuild into g the game of unfinished match f from its record (seat 0
 * black, named `black`; the names must outlive g), with the clock and
 * the opening where they stopped, to be played on and recorded. Return
 * UI_OK, or UI_FAILED after saying that its moves do not make a game. */
enum ui_status game_rebuild(struct game *g, struct ui *ui,
			    const struct match_full *f, const char *black,
			    const char *white);

/* ---- ui_game_remote.c: the other seat played from another process ----
 * For a game with g->remote (and g->only_seat, the seat played here). */

/* The absent seat's next move, as its process commits it: wait for it
 * in the store (polling cheaply; keys are still read: resign, q), and
 * fill *in with it (it is in the record already: g->saved counts it).
 * Claims the win on time when the opponent's time is gone and their
 * process has recorded nothing. Return 0 with the move, or -1 to stop:
 * the match ended (g->elsewhere, said so), the player left (q, end of
 * input: g->waiting) or a stop signal (g->stop UI_INTERRUPTED). */
int game_remote_ask(struct game *g, const struct match *m, struct input *in);

/* game_remote_ask() a step at a time, for a front end that reads its
 * own keys (the full-screen game): game_remote_wait_begin() starts the
 * wait for the absent seat's move in m (w is the caller's) and looks
 * once; game_remote_poll() looks again, cheaply (PRAGMA data_version
 * first), and claims the win on time when the opponent's time is gone.
 * While waiting, a request of the opponent (a draw, an undo) is asked
 * with ui_yes_no() and answered. Both return 1 with the input for
 * match_run() in *in (the opponent's move, in the record already:
 * g->saved counts it; or an undo this player agreed to: INPUT_UNDO), 0
 * while nothing came, or -1 when the match ended (said so,
 * g->elsewhere). */
struct remote_wait {
	long long version; /* PRAGMA data_version last seen */
	long long since;   /* term_now_ms() when the wait began */
};
int game_remote_wait_begin(struct game *g, const struct match *m,
			   struct remote_wait *w, struct input *in);
int game_remote_poll(struct game *g, const struct match *m,
		     struct remote_wait *w, struct input *in);

/* Resign from the waiting side (asked first with ui_yes_no()): the
 * opponent wins. Return true when the match ended (recorded here, or
 * elsewhere first: g->elsewhere, g->closed), false when the player
 * said no or it could not be written. */
bool game_remote_resign(struct game *g, const struct match *m);

/* Put request q (ASK_ACCEPT_DRAW: a draw offer; ASK_ACCEPT_UNDO: take
 * back the last move of the player to move in m and the reply) to the
 * absent seat's player at the other terminal: the request is stored and
 * its answer awaited (Ctrl-C stops). An undo accepted there has taken
 * the moves back in the store already: g->saved follows, so that
 * match_run() only takes them off the board. Return 1 (accepted), 0
 * (declined, or the store refused the request) or -1 to stop (a stop
 * signal, or the match ended elsewhere: said so). */
int game_remote_confirm(struct game *g, const struct match *m,
			enum match_question q);

/* The swap2 choice q due from the absent seat `seat` in m, as that
 * player makes it at the other terminal: wait for it in the store (the
 * seats that process writes; polling as game_remote_ask() does, keys
 * read: q leaves) and return it as match_io's choose() does, with
 * g->saved_stones and g->saved_final following the record (the choice
 * is written there already). Return -1 to stop: the match ended or
 * changed elsewhere (said so), the player left (g->waiting) or a stop
 * signal (g->stop UI_INTERRUPTED). */
int game_remote_choice(struct game *g, const struct match *m, int seat,
		       enum match_choice q);

/* game_remote_choice() a step at a time, for the full-screen game: look
 * whether the absent seat made swap2 choice q since *version (PRAGMA
 * data_version; 0 to look at once). Return 1 with *value set (as
 * game_remote_choice() returns it), 0 not yet, or -1 when the match
 * ended or changed elsewhere (said so). */
int game_remote_choice_poll(struct game *g, enum match_choice q,
			    long long *version, int *value);

/* This player made swap2 choice q (`value`, as choose() returns it) in
 * g's remote match: write at once what the other process must know
 * before the next stone, two more stones to place (the colours, once
 * chosen, are written with the next change as in any game). Return 0,
 * or -1 when the store refused (said so; g->stop UI_FAILED). */
int game_remote_chose(struct game *g, enum match_choice q, int value);

/* Show `prompt` (then emptied, so the line read does not show it again)
 * and wait for the player's input until `deadline` (term_now_ms() time,
 * 0 = none), watching the store meanwhile. Return 1 when input is ready,
 * 0 at the deadline, -1 when the match ended elsewhere (said so,
 * g->elsewhere) or a stop signal came (g->stop UI_INTERRUPTED). */
int game_remote_await(struct game *g, char *prompt, long long deadline);

/* True when g's match ended with the opponent's move (five, full board,
 * forbidden point) and the opponent's process recorded the end (waited
 * for a few seconds): then g->closed is set and there is nothing to
 * write. False for every other game, or when the end must be written
 * here. */
bool game_remote_ended_there(struct game *g);

#endif
