/* brain.h -- the computer player behind the Gomocup ("pbrain") protocol,
 * so standard gomoku managers (piskvork, GomocupJudge, liskvork) and
 * Yixin-Board can drive it: `gomoku brain` (or the link pbrain-gomoku)
 * reads commands on standard input, one a line, and answers on standard
 * output.
 *
 * Commands (coordinates are x,y: column then row, 0-based):
 *   START N           an empty N x N board (5..26)      -> OK | ERROR ...
 *   RECTSTART W,H     an empty board W wide, H high       -> OK | ERROR ...
 *   RESTART           empty the board, same size          -> OK
 *   BEGIN             play the first move (black), or on a board that is
 *                     not empty our next move             -> x,y
 *   TURN x,y          the opponent played x,y; reply      -> x,y
 *   BOARD             then lines x,y,f until DONE: f 1 our stone, 2 the
 *                     opponent's (3, a continuous game's stone, counts as
 *                     the opponent's), in any number: we are to move; black
 *                     is whoever has more stones, we when the counts are
 *                     level (who moved first in any real game, in whatever
 *                     order the lines come); then reply    -> x,y
 *   YXBOARD           the same lines, the position only   -> nothing
 *   TAKEBACK x,y      take back the last move, at x,y     -> OK
 *   SWAP2BOARD        then lines x,y (the stones so far, in order) until
 *                     DONE: with none, three stones (black, white,
 *                     black) the engine finds fair   -> x1,y1 x2,y2 x3,y3;
 *                     with 3 or 5, white to move: a move when the engine
 *                     prefers white, else "SWAP" (we take black)
 *                                                         -> x,y | SWAP
 *   INFO key value    timeout_turn, timeout_match, time_left (ms; 0 turn
 *                     time: fast; 0 match time: no limit), max_memory
 *                     (bytes, 0 = no limit: bounds the search's tables),
 *                     max_node and max_depth (limits on each search, 0 =
 *                     none), rule (bits: 1 exactly five, 4 renju), seed
 *                     (our random choices from now on, as --seed: a
 *                     manager's way to make a fixed-node game repeat);
 *                     others are ignored                   -> nothing
 *   YXSHOWFORBID      black's forbidden points when black is to move
 *                     under renju, "FORBID " then xxyy for each (two
 *                     digits each, row by row), then "." -> FORBID ....
 *   YXHASHCLEAR       free the search's tables (each search starts from
 *                     empty ones anyway: no move changes) -> nothing
 *   YXSTOP            stop thinking: answer at once       -> nothing more
 *   ABOUT             name="gomoku-club", version="...", level="N"
 *                     (the project names no author, country, e-mail
 *                     or web site)
 *                                                         -> one line
 *   END               stop                                -> nothing
 * Anything else gets "UNKNOWN ..."; a bad argument or a command out of
 * place gets "ERROR ...". The computer plays at level 5, within the time
 * the INFO lines allow (less a safety margin), and says before each move
 * "MESSAGE depth D score S nodes N time T ms" (what its search did).
 *
 * While it thinks, it reads what the manager sends: YXSTOP stops the
 * search (the best move so far is the answer); END stops it and ends the
 * session after that answer (lines sent before END and not yet run are
 * dropped); any other line waits, up to 64 of them, and runs after the
 * answer. The end of input does not stop a search: its answer comes,
 * then the waiting lines run, then the session ends.
 */
#ifndef GOMOKU_BRAIN_H
#define GOMOKU_BRAIN_H

#include <stdint.h>
#include <stdio.h>

/* Speak the protocol: read commands from in_fd (one byte at a time, so
 * nothing is read beyond a line while no search runs) and write every
 * answer to out, flushed at once.
 * The computer plays at `level` (1 to 5; anything else counts as 5, the
 * strongest). `seed` makes its random choices repeatable. Both stay the
 * caller's (neither is closed) and nothing is left to free. Return 0
 * after END or at the end of input; 1 when a stop signal (term.h) or a
 * failed write ended the session, or memory ran out before it began.
 * Bad commands are answered on the wire ("ERROR ...", "UNKNOWN ...") and
 * do not end it. */
int brain_run(int in_fd, FILE *out, int level, uint64_t seed);

#endif
