/* ui_menu.h -- private to the ui and main.c: the menus (ui_menu.c). */
#ifndef GOMOKU_UI_MENU_H
#define GOMOKU_UI_MENU_H

#include "ui_types.h"

/* The interactive main menu, until Quit or end of input; refusals go
 * back to the menu. Return UI_OK after Quit, UI_EOF at end of input,
 * else the UI_INTERRUPTED or UI_FAILED (said why) that ended it. */
enum ui_status ui_menu_main(struct ui *ui);

#endif
