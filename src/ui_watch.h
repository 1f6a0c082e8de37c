/* ui_watch.h -- private to the ui and main.c: watching a match from
 * another terminal (ui_watch.c). */
#ifndef GOMOKU_UI_WATCH_H
#define GOMOKU_UI_WATCH_H

#include "ui_types.h"

/* Watch match `id` live and read-only from this terminal: the board is
 * shown again each time another process commits a move, until the match
 * ends (its result is shown and its replay offered), q, end of input or
 * a stop signal. With id 0, list the matches in progress (players, moves,
 * time since the last move) and ask which one. Return UI_OK (also when
 * nothing was chosen or input ended), UI_REFUSED when there is no such
 * match (said so), UI_FAILED (the database or memory; said why) or
 * UI_INTERRUPTED. */
enum ui_status ui_watch(struct ui *ui, long long id);

#endif
