/* board.h -- the rules engine: an R x C grid, K in a row, two sides.
 *
 * Pure C: no I/O, no allocation, no globals. The types (struct board,
 * enum stone, enum rule, ...) are in board_types.h, included here: a
 * struct board is a plain value, copy it with assignment, keep it on the
 * stack. Rows and columns are 0-based here; people's 1-based labels live
 * in notation.h. Under RULE_RENJU, board_play() asks renju.h whether
 * black's move is forbidden; renju.h knows nothing of this file.
 */
#ifndef GOMOKU_BOARD_H
#define GOMOKU_BOARD_H

#include <stdbool.h>

#include "board_types.h"
#include "renju.h"

/* Why board_play() refused a move. The board is unchanged on refusal. */
enum board_error {
	BOARD_OK = 0,
	BOARD_ERR_OFF_BOARD, /* row or column outside the grid */
	BOARD_ERR_OCCUPIED,  /* a stone is already there */
	BOARD_ERR_GAME_OVER, /* the game has been won or drawn */
	BOARD_ERR_FORBIDDEN  /* RULE_RENJU: black's forbidden point; the
			      * caller decides whether that loses, and
			      * board_play_verdict() says why */
};

/* Board functions work on a struct board the caller owns (usually on the
 * stack); none allocates, none keeps a pointer to it after returning. */

/* Check a shape: 3 <= rows, cols <= 26 and 3 <= k <= max(rows, cols).
 * Return true when it is one board_init() accepts under the freestyle
 * and exact rules, false otherwise. It does not know the rule:
 * RULE_RENJU asks more (see board_rule_valid()). */
bool board_shape_valid(int rows, int cols, int k);

/* Check a shape together with its rule: board_shape_valid(), a known
 * rule, and for RULE_RENJU also k == 5 and rows, cols >= 5. Return true
 * when board_init() accepts exactly these arguments, false otherwise. */
bool board_rule_valid(int rows, int cols, int k, enum rule rule);

/* Start an empty board in *b (the caller's; every byte is set, so a
 * board can be compared with memcmp()). Return 0 on success, -1 (board
 * untouched) when
 * board_rule_valid() says no: a bad shape, an unknown rule, or RULE_RENJU
 * without k == 5 on a board at least 5x5. */
int board_init(struct board *b, int rows, int cols, int k, enum rule rule);

/* The stone on (row, col), or STONE_NONE when empty or off the board. */
enum stone board_at(const struct board *b, int row, int col);

/* Whose turn it is: black on even move counts, white on odd (also once
 * the game is over: the side that would move next). Never fails. */
enum stone board_to_move(const struct board *b);

/* The other side: white for black, black for white, STONE_NONE for
 * STONE_NONE (or any other value). */
enum stone stone_other(enum stone s);

/* Place the side-to-move's stone on (row, col), then look for a win on
 * the lines through it (four directions, both ways) and for a full board.
 * Under RULE_RENJU black's move to a forbidden point is refused with
 * BOARD_ERR_FORBIDDEN (checked after off-board, occupied and game over).
 * Return BOARD_OK, or the reason for refusal with the board unchanged. */
enum board_error board_play(struct board *b, int row, int col);

/* Place a stone of `s` (STONE_BLACK or STONE_WHITE) on (row, col)
 * whoever's turn board_to_move() says it is, and settle the game as
 * board_play() does: for positions set up stone by stone, whose counts
 * need not alternate. No renju verdict is asked (a set-up position may
 * hold what its order of play would have forbidden). The board keeps
 * counting moves, so board_to_move() then no longer names the side to
 * move: the caller keeps track of that. Return BOARD_OK, or
 * BOARD_ERR_GAME_OVER, BOARD_ERR_OFF_BOARD or BOARD_ERR_OCCUPIED (also
 * for an `s` that is no stone) with the board unchanged. */
enum board_error board_place(struct board *b, int row, int col, enum stone s);

/* The renju verdict board_play() applies to the side to move on
 * (row, col): renju_check() when b plays RULE_RENJU, the game is on,
 * black is to move and (row, col) is an empty cell of the board;
 * RENJU_OK otherwise. After board_play() has refused a move with
 * BOARD_ERR_FORBIDDEN, this says why (the board is unchanged, so the
 * question can be asked again). Never fails; b is not changed. */
enum renju_verdict board_play_verdict(const struct board *b, int row, int col);

/* Take back the last move and reopen the game if it had ended (the
 * winning line is cleared). Return 0, or -1 with b unchanged when there
 * is no move to take back. */
int board_undo(struct board *b);

/* The last move played, or NULL on an empty board. The pointer is into
 * b->moves: it belongs to b and holds the move until b changes. */
const struct move *board_last(const struct board *b);

/* The winner's stone, or STONE_NONE while playing or after a draw. */
enum stone board_winner(const struct board *b);

/* Length of the unbroken run of `s` through (row, col) along the
 * direction (dr, dc), counting both ways and the cell itself (which is
 * counted as `s` whatever stands there). Return 0 when (row, col) is off
 * the board or (dr, dc) is not a unit step (each of -1, 0, 1, not both
 * 0). */
int board_run_length(const struct board *b, int row, int col, int dr, int dc,
		     enum stone s);

#endif
