/* ui_internal.h -- what the ui*.c files share; not part of the contract
 * (ui.h is). Games at the terminal have their own: ui_game.h. */
#ifndef GOMOKU_UI_INTERNAL_H
#define GOMOKU_UI_INTERNAL_H

#include "ui.h"

/* ---- ui.c ---- */

/* Say that the database refused something, with the store's own message
 * ("what: message", or the message alone when `what` is NULL), on
 * standard error. Return UI_FAILED, for the caller to pass on. */
enum ui_status ui_store_failed(struct ui *ui, const char *what);

#endif
