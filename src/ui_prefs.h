/* ui_prefs.h -- private to the ui and main.c: a player's preferences
 * (ui_prefs.c). */
#ifndef GOMOKU_UI_PREFS_H
#define GOMOKU_UI_PREFS_H

#include "ui_types.h"

/* `me` logged in from the menus: read their preferences from the store
 * and apply them (language, stones, colours, move confirmation, the
 * default level; refusing challenges, which needs the presence row of
 * ui_presence_begin()), over the environment's choices but not over the
 * command line's (ui->opt: --lang, --ascii, --no-color). Return UI_OK, or
 * what the store's refusal gives (ui_store_failed(), said why; the
 * environment's choices stay). */
enum ui_status ui_prefs_login(struct ui *ui, const struct player *me);

/* The player logged in from the menus logged out: the environment's
 * language, stones and colours again, no move confirmation, no default
 * level. Does nothing when no preferences were applied. */
void ui_prefs_logout(struct ui *ui);

/* The Preferences page of the account menu for `me`: each item shows
 * its value and changes it when chosen, saved at once in the store and
 * applied at once here (as ui_prefs_login() does). Return UI_OK after
 * Back, else what reading or the store gave (UI_EOF, UI_INTERRUPTED,
 * UI_FAILED or UI_STALE, said why). */
enum ui_status ui_prefs_page(struct ui *ui, const struct player *me);

#endif
