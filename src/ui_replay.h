/* ui_replay.h -- private to the ui: a recorded match replayed
 * full-screen (ui_replay.c), over the page, for ui_records.c's replay
 * when the run is full-screen. */
#ifndef GOMOKU_UI_REPLAY_H
#define GOMOKU_UI_REPLAY_H

#include "store.h"
#include "ui.h"

/* Replay f full-screen: its board at the move shown, with the last move
 * marked, the players and the result (`describe(ui, f)` writes them on
 * ui->term.out, as the line replay prints them), the moves around the one
 * shown. Left/Right and p/n step a move, Home/End go to either end,
 * digits and Enter jump to a move, `a` turns the computer's view on or
 * off (an evaluation bar and its move, worked out for each position
 * when first shown; none for a match still being played), `A` judges
 * the whole game (ui_analysis_run(): the store's analysis when kept,
 * else with the progress shown, Esc keeping what was done) and shows
 * it: each move's chances, the computer's move (marked on the board)
 * and marks, both players' accuracy, the graph of black's chance and
 * the moves, the board following the move chosen; `A` again goes back.
 * With `judge`, the game is judged at once. q goes
 * back. Starts at the last move. Return UI_OK when
 * the player goes back, UI_EOF, UI_INTERRUPTED, or UI_FAILED when out
 * of memory (no message). */
enum ui_status ui_replay_screen(struct ui *ui, const struct match_full *f,
				void (*describe)(struct ui_term *term,
						 const struct match_full *f),
				bool judge);

#endif
