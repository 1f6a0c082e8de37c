/* ui_screen_game.h -- private to the ui: a game played full-screen.
 *
 * ui_screen_game.c is a second struct match_io (match.h), the one used
 * when ui->term.screen is set: keys move a cursor and place stones, letters
 * give the commands, questions go on the status line. It draws through
 * ui_panel.c on the terminal beneath (ui_screen.c). ui_game.c calls
 * ui_screen_game_run() and is never called back but through the `changed`
 * pointer it passes, so the record of a match is still written by
 * ui_game.c alone.
 */
#ifndef GOMOKU_UI_SCREEN_GAME_H
#define GOMOKU_UI_SCREEN_GAME_H

#include <stdbool.h>

#include "ui_panel.h"

/* Make gs (the caller's, filled here) show g on the session, opened if
 * need be: the cursor in the middle of the board, drawn by
 * ui_panel_draw(), with the ui's messages on its status line until
 * ui_screen_stop(&gs->s). Return 0, or -1 when the terminal cannot be
 * used (nothing to undo). */
int ui_screen_game_start(struct game_screen *gs, struct game *g);

/* Play g's match full-screen, with `changed` (ui_game.c's) told of every
 * change so the record is kept, and `settle` (ui_game.c's, may be NULL)
 * called once when the match has ended, before the end-of-game box, to
 * save its end: the box then shows game_common_summary() and, with
 * g->end.again, asks its question (g->end.again_answer 1 or 0; -1 with
 * g->end.stop UI_INTERRUPTED on a stop signal); *end says how it ended, as
 * match_run() returns it, and g->end.stop why it stopped early (UI_REFUSED:
 * the player left it with q, and the menus go on; UI_EOF,
 * UI_INTERRUPTED, UI_FAILED; UI_OK with g->waiting or g->elsewhere). The
 * terminal is restored before it returns, however the game ended. Return
 * false, with nothing done, when the screen cannot be started (then play
 * the line way). */
bool ui_screen_game_run(struct game *g,
			int (*changed)(void *, const struct match *),
			void (*settle)(void *), enum match_end *end);

#endif
