/* brain.h -- the computer player behind the Gomocup ("pbrain") protocol,
 * so standard gomoku managers (piskvork, GomocupJudge, liskvork) can
 * drive it: `gomoku brain` reads commands on standard input, one a line,
 * and answers on standard output.
 *
 * Commands (coordinates are x,y: column then row, 0-based):
 *   START N           an empty N x N board (5..26)      -> OK | ERROR ...
 *   RECTSTART W,H     an empty board W wide, H high       -> OK | ERROR ...
 *   RESTART           empty the board, same size          -> OK
 *   BEGIN             play the first move                 -> x,y
 *   TURN x,y          the opponent played x,y; reply      -> x,y
 *   BOARD             then lines x,y,f until DONE: f 1 our stone, 2 the
 *                     opponent's (3, a continuous game's stone, counts as
 *                     the opponent's); then reply         -> x,y
 *   TAKEBACK x,y      take back the last move, at x,y     -> OK
 *   SWAP2BOARD        then lines x,y (the stones so far, in order) until
 *                     DONE: with none, three stones (black, white,
 *                     black) the engine finds fair   -> x1,y1 x2,y2 x3,y3;
 *                     with 3 or 5, white to move: a move when the engine
 *                     prefers white, else "SWAP" (we take black)
 *                                                         -> x,y | SWAP
 *   INFO key value    timeout_turn, timeout_match, time_left (ms),
 *                     max_memory (bytes), rule (bits: 1 exactly five,
 *                     4 renju, black being whoever moved first);
 *                     others are ignored                  -> nothing
 *   ABOUT             name="gomoku-club", version=...     -> one line
 *   END               stop                                -> nothing
 * Anything else gets "UNKNOWN ..."; a bad argument or a command out of
 * place gets "ERROR ...". The computer plays at level 5, within the time
 * the INFO lines allow (less a safety margin), and says before each move
 * "MESSAGE depth D score S nodes N time T ms" (what its search did).
 */
#ifndef GOMOKU_BRAIN_H
#define GOMOKU_BRAIN_H

#include <stdint.h>
#include <stdio.h>

/* Speak the protocol: read commands from in_fd (one byte at a time, so
 * nothing is read ahead) and write every answer to out, flushed at once.
 * `seed` makes the computer's random choices repeatable. Both stay the
 * caller's (neither is closed) and nothing is left to free. Return 0
 * after END or at the end of input; 1 when a stop signal (term.h) or a
 * failed write ended the session, or memory ran out before it began.
 * Bad commands are answered on the wire ("ERROR ...", "UNKNOWN ...") and
 * do not end it. */
int brain_run(int in_fd, FILE *out, uint64_t seed);

#endif
