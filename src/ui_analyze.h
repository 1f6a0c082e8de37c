/* ui_analyze.h -- private to the ui and main.c: `gomoku analyze`, a
 * whole game judged by the computer (ui_analyze.c). */
#ifndef GOMOKU_UI_ANALYZE_H
#define GOMOKU_UI_ANALYZE_H

#include "ui_types.h"

/* Analyse every move of match `id` with the computer, time_ms a
 * position (0 or less: ANALYZE_DEFAULT_MS, see analyze.h) besides its
 * threat search, and print in ui->opt->format each move's win chances
 * before and after, the computer's move and the marks, then each
 * player's summary. Progress goes to standard error. A ranked match or
 * a game against the computer still being played is refused. Return
 * UI_OK; UI_REFUSED (said why, nothing printed) when there is no such
 * match, it is still being played or has no moves; UI_FAILED when out
 * of memory or the stored moves do not replay (said so); UI_INTERRUPTED
 * when a stop signal (Ctrl-C) came first: the moves judged until then
 * are printed, and the summary over them, marked partial. */
enum ui_status ui_analyze(struct ui *ui, long long id, int time_ms);

#endif
