/* ui_choose.h -- private to the ui and main.c: the game the command
 * line chose (ui_choose.c). */
#ifndef GOMOKU_UI_CHOOSE_H
#define GOMOKU_UI_CHOOSE_H

#include "ui_types.h"

/* The game the command line chose (opt's variant, opening and time per
 * move) into *out. Cannot fail. */
void ui_choose_from_options(const struct ui_options *opt, struct game_def *out);

#endif
