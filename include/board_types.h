/* board_types.h -- what a board is made of: stones, moves, rules, the
 * state of the game and struct board itself.
 *
 * Data only, no functions: the layer under both renju.h (which judges
 * black's moves by reading these cells) and board.h (which plays moves
 * and asks renju.h about black's under RULE_RENJU). Include board.h to
 * use a board; this header exists so that renju.h need not.
 *
 * A struct board is a plain value: copy it with assignment, keep it on
 * the stack. Rows and columns are 0-based here; people's 1-based labels
 * live in notation.h.
 */
#ifndef GOMOKU_BOARD_TYPES_H
#define GOMOKU_BOARD_TYPES_H

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

#endif
