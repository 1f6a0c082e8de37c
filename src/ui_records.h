/* ui_records.h -- private to the ui: what ui_records.c (history,
 * replay, export, import; the contract's part is in ui.h) lends the
 * other ui files. */
#ifndef GOMOKU_UI_RECORDS_H
#define GOMOKU_UI_RECORDS_H

#include "ui.h"

struct match_full;

/* Show stored match f at move `at` (0 = the empty board): its players,
 * variant and outcome, the board, the move list with move `at` marked,
 * and "Move AT of N.". Cannot fail (a failed write is left in the
 * stream's error flag). */
void ui_records_position(struct ui *ui, const struct match_full *f, int at);

#endif
