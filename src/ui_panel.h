/* ui_panel.h -- private to the ui: the game screen as it is drawn.
 *
 * struct game_screen is one game on the full-screen terminal, played
 * (ui_screen_game.c) or watched (ui_watch.c), each filling the struct
 * panel_view the panel draws from. ui_panel.c draws it on
 * ui_screen.c's session: the board placed in the window (full, compact,
 * or a word that the window is too small), the panel beside it or
 * beneath (the game, both sides with their ratings, clocks and stakes,
 * the last moves, the keys), the status line and the move line.
 */
#ifndef GOMOKU_UI_PANEL_H
#define GOMOKU_UI_PANEL_H

#include <stdbool.h>
#include <stddef.h>

#include "notation.h"
#include "ui_game_common.h"
#include "ui_screen.h"

/* Room for the move line, in bytes. */
#define SCREEN_LINE_MAX (NOTATION_MAX_INPUT * 4)

/* What the panel shows of one game, the panel's only source: filled by
 * the game played here (ui_screen_game.c, from its struct game, before
 * each drawing) or by a watcher (ui_watch.c, from the stored match, when
 * it changes). */
struct panel_view {
	const struct match *m; /* the position, the names, the rule */
	const struct game_timing *timing; /* its clocks (game_timing_left()) */
	const struct player *player[2];	  /* by seat: the account, or NULL */
	bool staked[2];			  /* by seat: a stake is shown */
	struct game_stake stake[2];	  /* and what it is */
};

/* One game on the screen: the game it shows and what the player sees. */
struct game_screen {
	struct screen s; /* the terminal beneath, drawn by ui_panel_draw() */
	struct ui *ui;	 /* the terminal and the options */
	struct game *g;	 /* the game played here, the caller's; NULL for
			  * a watcher */
	struct panel_view view; /* what the panel shows */
	int (*changed)(void *ctx, const struct match *m); /* ui_game.c's */
	int cur_row, cur_col;	    /* the cursor on the board */
	int shown;		    /* moves on the board when last shown */
	int sel_row, sel_col;	    /* the point a first click chose, or -1 */
	bool marks_on;		    /* black's forbidden points shown */
	bool typing;		    /* the move line has the keys */
	bool over;		    /* the game is over: any key leaves */
	long long other_since;	    /* term_now_ms() when the move of the
				     * player at the other terminal began here
				     * (their clock), 0 when it is not theirs */
	bool watching;		    /* read-only: the keys and the foot
				     * shown are a watcher's */
	char line[SCREEN_LINE_MAX]; /* the move line, UTF-8 */
	size_t line_len;	    /* its bytes */
};

/* Start the screen for the game of m on ui's terminal: gs cleared, its
 * view showing m (the caller fills the rest of gs->view), the cursor in
 * the middle; `draw` (gs as its ctx; NULL: ui_panel_draw()) redraws it
 * when the window changes size. Return 0, or -1 when the terminal cannot
 * be opened. */
int ui_panel_start(struct game_screen *gs, struct ui *ui, const struct match *m,
		   void (*draw)(void *ctx));

/* Draw the whole screen for gs->view's match as it stands: the board
 * with the cursor and, when they are shown, black's forbidden points
 * (or the compact board, or a "make the window wider" message), the
 * panel, the status line and the move line; refreshed. Cannot fail. */
void ui_panel_draw(struct game_screen *gs);

#endif
