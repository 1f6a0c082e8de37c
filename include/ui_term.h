/* ui_term.h -- the terminal a run talks to (struct ui_term) and the
 * board drawn on it as text (ui_board.c).
 *
 * The lowest part of the ui: the curses layer (ui_screen.c) and the
 * text board see this and nothing of struct ui (ui_types.h), so that neither
 * can reach the game, the player list or the database.
 */
#ifndef GOMOKU_UI_TERM_H
#define GOMOKU_UI_TERM_H

#include <stdbool.h>
#include <stdio.h>

#include "board.h"
#include "i18n.h"

struct ui_page;

/* What Tab answers on a page or a watched game: waits(ctx) says whether
 * something waits that the player was not asked about yet (the page's
 * footer then offers Tab), answer(ctx) asks about it and returns how
 * that ended (an enum ui_status). All NULL: Tab does nothing. The ui
 * sets it while a player logged in from the menus can be challenged
 * (ui_remote_take_challenges()); the page never learns what it is. */
struct ui_tab {
	bool (*waits)(void *ctx);
	int (*answer)(void *ctx);
	void *ctx;
};

/* The terminal this run talks to: its streams, what it can show, and
 * what is up on it. main.c fills it; the page and the screen redirect
 * the output while they are up. A function that only draws takes this
 * part alone, so its signature says it cannot reach the database. */
struct ui_term {
	FILE *out;    /* standard output, UTF-8 (converted on its way
		       * to a terminal in another character set) */
	int in;	      /* standard input's descriptor */
	bool tty_in;  /* standard input is a terminal */
	bool symbols; /* the terminal's character set has ● ○ · × */
	bool ascii;   /* --ascii or no such symbols: * and # stones */
	bool color;   /* ANSI colours allowed */
	bool screen;  /* full-screen (menus, prompts, games, replays):
		       * both ends terminals, TERM not dumb, no --plain */
	enum lang lang;
	bool written; /* something was written on out (ui_break()) */
	/* A prompt of the line interface is up, its line not ended: what
	 * is said while it waits starts on a line of its own. */
	bool prompt_open;
	/* While set (a full-screen game is on the terminal), ui_say() and
	 * ui_error() hand their cleaned text to sink(sink_ctx, error, text)
	 * instead of printing it: `error` for ui_error(). */
	void (*sink)(void *ctx, bool error, const char *text);
	void *sink_ctx;
	/* The full-screen page (ui_page.c) once it is up, else NULL;
	 * ui_page_end() ends it. */
	struct ui_page *page;
	struct ui_tab tab; /* what Tab answers there */
};

/* ---- ui_board.c: the board as lines of text ---- */

/* Draw the labelled board on the output, marking the last move and,
 * once the game is won, the winning line. Cannot fail (a failed write is
 * left in the stream's error flag). */
void ui_board_draw(const struct ui_term *term, const struct board *b);

/* ui_board_draw() with the empty points marks[0..nmarks-1] (the
 * caller's) shown as a cross (× or x): black's forbidden points under
 * renju. */
void ui_board_draw_marked(const struct ui_term *term, const struct board *b,
			  const struct move *marks, int nmarks);

/* Black's forbidden points on b, to be marked, into the caller's
 * marks[BOARD_MAX_CELLS] when black is to move under renju. Return how
 * many (0 under any other rule, or with white to move). */
int ui_board_forbidden(const struct board *b, struct move *marks);

/* The symbol for a stone ("●", "○", or "*", "#" in ASCII; "." or "·"
 * for none): a constant string, not to be freed. */
const char *ui_board_stone(const struct ui_term *term, enum stone s);

#endif
