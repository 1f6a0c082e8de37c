/* ui_matches.h -- private to the ui: a game rebuilt from its record,
 * for the files that play on or watch a stored match (ui_remote.c,
 * ui_watch.c). ui_matches.c's other functions (which game to play) are
 * in ui.h. */
#ifndef GOMOKU_UI_MATCHES_H
#define GOMOKU_UI_MATCHES_H

#include "ui_game_common.h"

struct match_full;

/* The match of record f at its position, into *m: f's variant, opening
 * and moves, seat 0 black named `black` (the names must outlive m), its
 * own forbidden-move rule. Return 0, or -1 when its moves do not make a
 * game. */
int ui_matches_match(struct match *m, const struct match_full *f,
		     const char *black, const char *white);

/* Rebuild into g the game of unfinished match f from its record (seat 0
 * black, named `black`; the names must outlive g), with the clock and
 * the opening where they stopped, to be played on and recorded. Return
 * UI_OK, or UI_FAILED after saying that its moves do not make a game. */
enum ui_status ui_matches_rebuild(struct game *g, struct ui *ui,
				  const struct match_full *f, const char *black,
				  const char *white);

#endif
