/* match.h -- one game from the first move to the end, through callbacks.
 *
 * No I/O: the caller supplies how to show the position, read a command
 * and ask a yes/no question (a terminal in ui_game.c, a script in the
 * tests), so whole games can be driven without a terminal.
 *
 * Two seats: seat 0 (the first player, black unless an opening says
 * otherwise) and seat 1. With the swap2 opening, seat 0 places three
 * stones (black, white, black); seat 1 then takes white, takes black, or
 * places two more (white, black) and lets seat 0 choose the colour.
 * Only moves and help are taken during the opening.
 *
 * The same header names how a match ended (result, reason) and how the
 * club keeps it (kind, status), with their fixed English words.
 *
 * The player to move may type a move or a command:
 *   undo    take back their own last move (and the opponent's reply);
 *           the opponent must agree. Never the opening's stones: a
 *           player whose only stones are the opening's has no move of
 *           their own to take back
 *   draw    offer a draw; the opponent must agree
 *   resign  give up (after confirming)
 *   help    ask for help
 */
#ifndef GOMOKU_MATCH_H
#define GOMOKU_MATCH_H

#include <stdbool.h>

#include "board.h"
#include "notation.h"
#include "rules.h"

/* How a game ended. */
enum match_end {
	MATCH_UNFINISHED = 0, /* input ended or a signal stopped it */
	MATCH_FIVE,	      /* a line of K was made */
	MATCH_RESIGN,	      /* the loser resigned */
	MATCH_AGREED_DRAW,    /* both agreed to a draw */
	MATCH_FULL,	      /* the board filled up with no line */
	MATCH_TIMEOUT,	      /* the player to move ran out of time (in
			       * the opening, the seat to act: the
			       * colours are then set seat 0 black, as
			       * the record keeps them until chosen) */
	MATCH_FORBIDDEN,      /* renju, strict: black played a forbidden
			       * point and lost */
	MATCH_CLAIMED	      /* the loser left the game and the winner
			       * claimed it (the record's reason
			       * abandoned): set only by match_set_end(),
			       * never reached by match_run() */
};

/* Questions the match puts to a player. */
enum match_question {
	ASK_ACCEPT_UNDO,   /* to the opponent of the one asking */
	ASK_ACCEPT_DRAW,   /* to the opponent of the one offering */
	ASK_CONFIRM_RESIGN /* to the one resigning */
};

/* Choices the opening puts to a seat. */
enum match_choice {
	CHOOSE_SWAP2, /* seat 1 after three stones: a swap2_choice */
	CHOOSE_COLOUR /* seat 0 after five stones: STONE_BLACK/WHITE */
};

enum swap2_choice { SWAP2_TAKE_WHITE = 0, SWAP2_TAKE_BLACK, SWAP2_PLACE_TWO };

enum match_opening { OPENING_NONE = 0, OPENING_SWAP2 };

/* Things the match tells the players about. */
enum match_event {
	EVENT_NOTHING_TO_UNDO, /* the player to move has no move to undo */
	EVENT_UNDO_REFUSED,
	EVENT_UNDONE,
	EVENT_DRAW_REFUSED,
	EVENT_OPENING_MOVES_ONLY, /* a command during the opening */
	EVENT_COLOURS_SET	  /* the opening gave out the colours */
};

struct match {
	struct board board;
	struct variant variant;
	const char *seat_name[2]; /* seat 0 and seat 1 */
	int seat[3];		  /* by stone: the seat that plays it; in
				   * the opening, the one placing both */
	const char *name[3];	  /* by stone: seat_name[seat[stone]] */
	enum match_opening opening;
	bool opening_done;    /* colours are final */
	bool swap2_two;	      /* seat 1 chose to place two more */
	int opening_stones;   /* the opening's stones: 3 (5 once seat 1
			       * chose to place two more) with swap2, 0
			       * without; undo never takes them back */
	bool forbidden_loses; /* renju: a forbidden point loses the
			       * game instead of being refused */
	enum match_end end;
	enum stone winner; /* STONE_NONE for draws and unfinished games */
	enum stone resigned;
	long long started_ms;		    /* clock at match_run() */
	long long move_ms[BOARD_MAX_CELLS]; /* each move, since start */
};

struct match_io {
	/* Show the position; the player to move is next. */
	void (*show)(void *ctx, const struct match *m);
	/* Read the next move or command of the player to move into *in,
	 * re-asking on invalid input. Return 0, -1 to stop the game (end
	 * of input or a signal), or MATCH_ASK_TIMEOUT when the player to
	 * move ran out of time (they lose). */
	int (*ask)(void *ctx, const struct match *m, struct input *in);
	/* Ask player `who` question q. Return 1 for yes, 0 for no, -1 to
	 * stop the game. */
	int (*confirm)(void *ctx, const struct match *m, enum stone who,
		       enum match_question q);
	/* Say why board_play() refused the move in `in`. */
	void (*refused)(void *ctx, const struct match *m,
			const struct input *in, enum board_error err);
	/* Tell the players something happened. */
	void (*event)(void *ctx, const struct match *m, enum match_event e);
	/* Show the help. */
	void (*help)(void *ctx, const struct match *m);
	/* Milliseconds on a monotonic clock, to time the moves. May be
	 * NULL: every move then takes 0 ms. */
	long long (*clock_ms)(void *ctx);
	/* The board changed: one move was played, or an undo took moves
	 * back (m->board.nmoves says how many remain). Called before the
	 * next prompt, so the change can be saved. Return 0, or -1 to stop
	 * the game (it could not be saved). May be NULL. */
	int (*changed)(void *ctx, const struct match *m);
	/* Put choice q to `seat` (see enum match_choice for the answers).
	 * Return the answer, or -1 to stop the game. Needed only with an
	 * opening. */
	int (*choose)(void *ctx, const struct match *m, int seat,
		      enum match_choice q);
};

/* What ask() returns when the player to move ran out of time. */
#define MATCH_ASK_TIMEOUT (-2)

/* Start a match of variant `v` between black_name and white_name (the
 * strings must outlive the match). Return 0, or -1 for a bad variant. */
int match_init(struct match *m, const struct variant *v, const char *black_name,
	       const char *white_name);

/* Play the match with `opening` (call before match_run()). Return 0, or
 * -1 when it does not fit: swap2 needs K of at least 5 (so the opening
 * stones cannot win) and a game not yet begun. */
int match_set_opening(struct match *m, enum match_opening opening);

/* Play the moves[0..n-1] of an unfinished game again (to resume it),
 * with their times. Return 0, or -1 (the match as it was before) when a
 * move is refused or ends the game. */
int match_replay(struct match *m, const struct move *moves, const long long *ms,
		 int n);

/* Put a resumed match's opening back where it stopped, after
 * match_set_opening() and match_replay(): `stones` is what
 * m->opening_stones was (0, 3 or 5) and `colours_final` whether the
 * colours were known (seat 0 then plays black; during the opening seat
 * 0 is the one who placed the first three stones). Return 0, or -1 (m
 * unchanged) when they do not fit the opening and the stones on the
 * board. */
int match_restore_opening(struct match *m, int stones, bool colours_final);

/* The seat (0 or 1) that acts next in m: the one to place a stone or,
 * in the swap2 opening, to make the choice now due. */
int match_seat_to_act(const struct match *m);

/* Play until the game ends or io stops it; m->end says how it ended and
 * m->winner who won. A match with moves already on the board (resumed)
 * carries on from them. Return m->end. */
enum match_end match_run(struct match *m, const struct match_io *io, void *ctx);

/* ==== How a match ended, in words =======================================
 *
 * The vocabulary of a result, for the game, the store and the listings.
 * Each value has one fixed English word, the same in every language: the
 * matches table stores it (see store.h) and scripts read it (the tsv and
 * json listings). Words for people, translated, are the UI's.
 */

/* How a finished game ended, from black's side. */
enum match_result {
	RESULT_NONE = 0, /* not finished (unfinished or abandoned) */
	RESULT_BLACK_WIN,
	RESULT_WHITE_WIN,
	RESULT_DRAW
};

enum match_reason {
	REASON_NONE = 0, /* not finished */
	REASON_FIVE,	 /* K in a row */
	REASON_RESIGN,
	REASON_DRAW,	  /* agreed */
	REASON_FULL,	  /* full board */
	REASON_TIMEOUT,	  /* the player to move ran out of time (they lose) */
	REASON_FORBIDDEN, /* RULE_RENJU only: black played a forbidden
			   * point and lost; always with RESULT_WHITE_WIN */
	REASON_ABANDONED  /* ranked only: left unfinished too long by the
			   * player to move, and claimed as a win by the
			   * other; never a draw */
};

/* Why a rated result moved no rating (the store decides when it counts
 * the result; matches.unrated). */
enum match_unrated {
	UNRATED_NO = 0, /* it moved both ratings */
	UNRATED_NEW,	/* a side was not yet a rated member of the club */
	UNRATED_PAIR	/* past the club's rated games a pair in its window */
};

/* What kind of game a match is, as the club keeps it. */
enum match_kind {
	MATCH_RANKED = 1, /* two players; counted for both when finished */
	MATCH_COMPUTER,	  /* one player against the computer: counted only
			   * in store_computer_record(), never in the
			   * players' games, wins, score or rating */
	MATCH_IMPORTED	  /* read from a file: two names, no players,
			   * always finished, never counted */
};

/* Where a match stands. */
enum match_status {
	MATCH_STATUS_UNFINISHED = 1, /* being played, or its run died */
	MATCH_STATUS_FINISHED,
	MATCH_STATUS_ABANDONED, /* given up unfinished: counts for nobody */
	MATCH_STATUS_ABORTED	/* ranked only: ended before both sides had
				 * moved (store.h), so not rated: counts
				 * for nobody, no result */
};

/* A finished match m (m->end not MATCH_UNFINISHED) as the record keeps
 * it: its result from black's side, and why it ended. */
enum match_result match_result_of(const struct match *m);
enum match_reason match_reason_of(const struct match *m);

/* The other way: set m's end and winner from a record's `result` and
 * `reason`, as another process settled it (a claim, REASON_ABANDONED,
 * is MATCH_CLAIMED). -1 (m unchanged) for REASON_NONE, or a result that
 * is no win with a reason only a win has. */
int match_set_end(struct match *m, enum match_result result,
		  enum match_reason reason);

/* The fixed word of a value, a static string: "black", "white", "draw";
 * "five", "resign", "draw", "full", "timeout", "forbidden",
 * "abandoned"; "ranked",
 * "computer", "imported"; "unfinished", "finished", "abandoned",
 * "aborted"; "none",
 * "swap2". NULL for a value without one (RESULT_NONE, REASON_NONE, or
 * out of range). */
const char *match_result_word(enum match_result r);

/* Black's score in result r, as a rating counts it: 1 (black won), 0
 * (white won) or 0.5 (a draw; anything else). */
double match_black_score(enum match_result r);
const char *match_reason_word(enum match_reason r);
const char *match_kind_word(enum match_kind k);
const char *match_status_word(enum match_status s);
const char *match_opening_word(enum match_opening o);

/* The value whose fixed word (above) is `word`, or -1 when `word` is
 * NULL or none of them. */
int match_result_value(const char *word);
int match_reason_value(const char *word);
int match_kind_value(const char *word);
int match_status_value(const char *word);
int match_opening_value(const char *word);

/* Why a match ended as the listings for scripts spell it, a static
 * string: "five", "resigned", "agreed", "full board", "timeout",
 * "forbidden" or "abandoned" (the loser walked away: the result says
 * who); "" for REASON_NONE or a value out of range. (Both formats
 * were published before they shared a table, so three reasons are spelt
 * unlike match_reason_word(); neither can change.) */
const char *match_reason_listed(enum match_reason r);

/* Why a rated result moved no rating, as the store and the listings for
 * scripts spell it (matches.unrated): "new" or "pair"; "" for
 * UNRATED_NO or a value out of range. */
const char *match_unrated_word(enum match_unrated why);

#endif
