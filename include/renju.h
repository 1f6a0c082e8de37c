/* renju.h -- renju's forbidden moves for black: overline, double-four,
 * double-three, judged as the RIF rules define them.
 *
 * Pure C: no I/O, no allocation, no globals. Every function takes the
 * board as a constant and judges on a private copy of its cells, with a
 * small memory of the verdicts found while answering that one call (a
 * few kilobytes of the caller's stack, and a few hundred bytes more for
 * each link of the longest chain of completing points it follows, see
 * below). This layer sits under board.h: it needs only the types of
 * board_types.h and calls nothing in board.c, while board_play() asks it
 * about black's moves under RULE_RENJU (board_play_verdict() says what
 * it asked).
 *
 * The words, as used here (all lines are the four directions through the
 * stone just placed, and every shape must contain that stone):
 *   five       exactly five black stones in a row; it always wins, so a
 *              move that makes a five is never forbidden, even when it
 *              also makes an overline, two fours or two threes.
 *   overline   six or more black stones in a row.
 *   four       four stones of a line that one more stone turns into a
 *              five. One line can hold two fours (X X X . X . X X X with
 *              the middle stone just played, or X . X X X . X); a
 *              straight four (. X X X X .) is one four with two points.
 *   three      stones of a line that one more stone, on a point that is
 *              not forbidden for black and does not make a five anywhere,
 *              turns into a straight four (the "true" or open three). A
 *              line that holds a four holds no three.
 * A three whose completing points are all forbidden (say, a point that
 * makes an overline or a double-four elsewhere) is a fake three, and
 * whether a completing point is forbidden is decided by the same rules,
 * recursively, with the stones of the question still placed, as deep as
 * the chain of completing points goes: there is no depth limit (each
 * level places one more stone on an empty cell, so the chain ends), and
 * a set of stones met again along another chain is answered from memory.
 *
 * Renju is always five in a row: these functions ignore b->k and
 * b->rule. board_init() accepts RULE_RENJU only with k == 5 on boards
 * whose sides are both at least 5 (see board_rule_valid()).
 */
#ifndef GOMOKU_RENJU_H
#define GOMOKU_RENJU_H

#include <stdbool.h>

#include "board_types.h"

/* The verdict on black's move to one point, in the order it is decided:
 * a five is always allowed; otherwise an overline, then two or more
 * fours, then two or more threes forbid the move. */
enum renju_verdict {
	RENJU_OK = 0,
	RENJU_OVERLINE,
	RENJU_DOUBLE_FOUR,
	RENJU_DOUBLE_THREE
};

/* The verdict on BLACK playing the empty cell (row, col) of b, whoever is
 * to move and whatever b's rule. Return RENJU_OK also when (row, col) is
 * off the board or not empty (there is nothing to forbid there): there
 * is no failure. b is only read. */
enum renju_verdict renju_check(const struct board *b, int row, int col);

/* Return true when black may not play the empty cell (row, col) of b:
 * renju_check() != RENJU_OK (so false off the board and on stones). */
bool renju_forbidden(const struct board *b, int row, int col);

/* Write into out[] the empty cells of b that are forbidden for black, in
 * row-major order, at most max of them (out may be NULL when max is 0).
 * Return how many were written (0 when max <= 0). out[] is the caller's
 * and nothing past the count is touched; BOARD_MAX_CELLS entries always
 * suffice. There is no failure. */
int renju_forbidden_points(const struct board *b, struct move *out, int max);

#endif
