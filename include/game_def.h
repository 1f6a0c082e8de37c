/* game_def.h -- what a game is before it is played: its variant (the
 * board, the stones in a row that win, the rule), its opening and its
 * time control. One value wherever a game is described: the game the
 * menus choose (ui_choose.c), a challenge, a seek (store_live.h), bound
 * to and read from the store's columns in one place (store_words.c).
 */
#ifndef GOMOKU_GAME_DEF_H
#define GOMOKU_GAME_DEF_H

#include "clock.h"
#include "match.h"
#include "rules.h"

/* A game's definition. A plain value: variant.name is a constant string
 * (a preset's name, or "custom"), never owned. */
struct game_def {
	struct variant variant;
	enum match_opening opening;
	struct time_control time; /* clock.h: none, per move, a game clock */
};

#endif
