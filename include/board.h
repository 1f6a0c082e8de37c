/* board.h -- the rules engine: an R x C grid, K in a row, two sides.
 *
 * Pure C: no I/O, no allocation, no globals. A struct board is a plain
 * value: copy it with assignment, keep it on the stack. Rows and columns
 * are 0-based here; people's 1-based labels live in notation.h.
 */
#ifndef GOMOKU_BOARD_H
#define GOMOKU_BOARD_H

#include <stdbool.h>

#define BOARD_MIN_SIZE	3
#define BOARD_MAX_SIZE	26
#define BOARD_MAX_CELLS (BOARD_MAX_SIZE * BOARD_MAX_SIZE)

/* What stands on a cell; also names the two sides. Black moves first. */
enum stone { STONE_NONE = 0, STONE_BLACK = 1, STONE_WHITE = 2 };

/* How a line of K decides the game.
 * FREESTYLE: K or more in a row wins (the seed programs' rule).
 * EXACT: exactly K wins; an overline (K+1 or more) does not.
 * RENJU: K is 5. Black wins with exactly five and may not play an
 *   overline, a double-four or a double-three (renju.h says exactly
 *   what those are); white wins with five or more and plays anywhere. */
enum rule { RULE_FREESTYLE = 0, RULE_EXACT = 1, RULE_RENJU = 2 };

/* Where the game stands. */
enum board_state {
	BOARD_PLAYING = 0,
	BOARD_BLACK_WON,
	BOARD_WHITE_WON,
	BOARD_DRAW /* full board, nobody won */
};

/* Why board_play() refused a move. The board is unchanged on refusal. */
enum board_error {
	BOARD_OK = 0,
	BOARD_ERR_OFF_BOARD, /* row or column outside the grid */
	BOARD_ERR_OCCUPIED,  /* a stone is already there */
	BOARD_ERR_GAME_OVER, /* the game has been won or drawn */
	BOARD_ERR_FORBIDDEN  /* RULE_RENJU: black's forbidden point; the
			      * caller decides whether that loses, and
			      * renju_play_verdict() says why */
};

struct move {
	unsigned char row, col;
};

struct board {
	int rows, cols, k;
	enum rule rule;
	enum board_state state;
	int nmoves;
	unsigned char cells[BOARD_MAX_CELLS]; /* enum stone, row-major */
	struct move moves[BOARD_MAX_CELLS];   /* in the order played */
	int nwin;			      /* stones in win[] when won */
	struct move win[BOARD_MAX_SIZE];      /* the winning line, in order */
};

/* Check a shape: 3 <= rows, cols <= 26 and 3 <= k <= max(rows, cols).
 * Return true when it is one board_init() accepts under the freestyle
 * and exact rules. It does not know the rule: RULE_RENJU asks more (see
 * board_rule_valid()). */
bool board_shape_valid(int rows, int cols, int k);

/* Check a shape together with its rule: board_shape_valid(), a known
 * rule, and for RULE_RENJU also k == 5 and rows, cols >= 5. Return true
 * when board_init() accepts exactly these arguments. */
bool board_rule_valid(int rows, int cols, int k, enum rule rule);

/* Start an empty board. Return 0 on success, -1 (board untouched) when
 * board_rule_valid() says no: a bad shape, an unknown rule, or RULE_RENJU
 * without k == 5 on a board at least 5x5. */
int board_init(struct board *b, int rows, int cols, int k, enum rule rule);

/* The stone on (row, col), or STONE_NONE when empty or off the board. */
enum stone board_at(const struct board *b, int row, int col);

/* Whose turn it is: black on even move counts, white on odd. */
enum stone board_to_move(const struct board *b);

/* The other side. */
enum stone stone_other(enum stone s);

/* Place the side-to-move's stone on (row, col), then look for a win on
 * the lines through it (four directions, both ways) and for a full board.
 * Under RULE_RENJU black's move to a forbidden point is refused with
 * BOARD_ERR_FORBIDDEN (checked after off-board, occupied and game over).
 * Return BOARD_OK, or the reason for refusal with the board unchanged. */
enum board_error board_play(struct board *b, int row, int col);

/* Take back the last move and reopen the game if it had ended.
 * Return 0, or -1 when there is no move to take back. */
int board_undo(struct board *b);

/* The last move played, or NULL on an empty board. */
const struct move *board_last(const struct board *b);

/* The winner's stone, or STONE_NONE while playing or after a draw. */
enum stone board_winner(const struct board *b);

/* Length of the unbroken run of `s` through (row, col) along the
 * direction (dr, dc), counting both ways and the cell itself (which is
 * counted as `s` whatever stands there). */
int board_run_length(const struct board *b, int row, int col, int dr, int dc,
		     enum stone s);

#endif
