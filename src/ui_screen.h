/* ui_screen.h -- private to the ui: a game played full-screen (ncursesw).
 *
 * ui_screen_game.c is a second struct match_io (match.h), the one used
 * when ui->screen is set; ui_screen.c is the terminal beneath it: start
 * and stop, the board, the panel, the status and move lines, keys and
 * the mouse. ui_game.c calls ui_screen_run() and is never called back
 * but through the `changed` pointer it passes, so the record of a match
 * is still written by ui_game.c alone.
 */
#ifndef GOMOKU_UI_SCREEN_H
#define GOMOKU_UI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "ui_game.h"

/* Room for one status message, and for the move line in bytes. */
#define SCREEN_STATUS_MAX 512
#define SCREEN_LINE_MAX	  (NOTATION_MAX_INPUT * 4)

/* What ui_screen_key() read. */
enum screen_key_kind {
	SK_NONE = 0, /* nothing within the timeout */
	SK_STOP,     /* a stop signal (Ctrl-C, SIGTERM, SIGHUP) */
	SK_CHAR,     /* a character, in .ch */
	SK_KEY,	     /* a function key (KEY_UP, KEY_ENTER, ...), in .ch */
	SK_EOF,	     /* the terminal is gone (ui_screen_raw_key() only) */
	SK_CLICK     /* a left click on board point .row, .col (screen
		      * line and column for ui_screen_raw_key()) */
};

struct screen_key {
	enum screen_key_kind kind;
	int ch; /* the character (a wide one) or the key code */
	int row, col;
};

/* One full-screen game: the game it shows and what the player sees. */
struct screen {
	struct game *g; /* the game (its match, its ui), the caller's */
	int (*changed)(void *ctx, const struct match *m); /* ui_game.c's */
	/* game_clock_used(), passed by ui_screen_game.c so that this
	 * terminal layer calls nothing above it (the pages call it);
	 * NULL (a replay's screen): none used */
	long long (*clock_used)(const struct game *g, const struct match *m);
	/* game_stake(), passed the same way (NULL: no stakes shown) */
	bool (*stake)(const struct game *g, int seat, double *rating, char *buf,
		      size_t cap);
	bool color;		    /* colour pairs in use */
	int stone_w;		    /* terminal columns of a stone symbol */
	int cur_row, cur_col;	    /* the cursor on the board */
	int shown;		    /* moves on the board when last shown */
	int sel_row, sel_col;	    /* the point a first click chose, or -1 */
	bool marks_on;		    /* black's forbidden points shown */
	bool typing;		    /* the move line has the keys */
	bool over;		    /* the game is over: any key leaves */
	long long other_since;	    /* term_now_ms() when the move of the
				     * player at the other terminal began here
				     * (their clock), 0 when it is not theirs */
	bool watching;		    /* read-only: the keys shown are a
				     * watcher's */
	char line[SCREEN_LINE_MAX]; /* the move line, UTF-8 */
	size_t line_len;	    /* its bytes */
	char status[SCREEN_STATUS_MAX]; /* the status line */
	bool status_warn;		/* shown as a warning */
	char said[SCREEN_STATUS_MAX];	/* the ui's last message (ui_say(),
					 * ui_error()), "" for none */
	bool said_error;		/* it was an error */
	bool started; /* between ui_screen_start() and ui_screen_stop() */
	void (*old_sink)(void *, bool, const char *); /* the ui's sink */
	void *old_sink_ctx; /* before the game, put back after it */
	/* Set by ui_screen_draw(): where the board is. */
	int top, left, cell_w;
	bool fits; /* the board is on screen (the window is big enough) */
};

/* ---- ui_screen_game.c ---- */

/* Play g's match full-screen, with `changed` (ui_game.c's) told of every
 * change so the record is kept, and `settle` (ui_game.c's, may be NULL)
 * called once when the match has ended, before the end-of-game box, to
 * save its end: the box then shows game_summary() and, with
 * g->offer_rematch, asks for a rematch (g->rematch 1 or 0; -1 with
 * g->stop UI_INTERRUPTED on a stop signal); *end says how it ended, as
 * match_run()
 * returns it, and g->stop why it stopped early (UI_REFUSED: the player
 * left it with q, and the menus go on; UI_EOF, UI_INTERRUPTED,
 * UI_FAILED; UI_OK with g->waiting or g->elsewhere). The terminal is
 * restored before it returns, however the game ended. Return false, with
 * nothing done, when the screen cannot be started (then play the line
 * way). */
bool ui_screen_run(struct game *g, int (*changed)(void *, const struct match *),
		   void (*settle)(void *), enum match_end *end);

/* ---- ui_screen.c ---- */

/* Start the run's curses session on the terminal (newterm on standard
 * output and input, keys, the mouse, colours when ui->color), unless it
 * runs already: one session serves every page and game of a run.
 * Return 0, or -1 when the terminal cannot be used (nothing to undo). */
int ui_screen_open(const struct ui *ui);

/* End the session: the terminal restored as it was before
 * ui_screen_open(). Safe to call when none runs; the process's exit
 * restores the terminal too if nobody did. */
void ui_screen_close(void);

/* Make s (the caller's, filled here) show g on the session, opened if
 * need be, with the ui's messages on s's status line until
 * ui_screen_stop(). Return 0, or -1 when the terminal cannot be used
 * (nothing to undo). */
int ui_screen_start(struct screen *s, struct game *g);

/* The screen showing a game on ui's terminal now (between
 * ui_screen_start() and ui_screen_stop()), or NULL: questions asked
 * during a game (ui_yes_no()) go on its status line. */
struct screen *ui_screen_of(const struct ui *ui);

/* Give the ui's messages back to whoever had them before
 * ui_screen_start(); the session stays. Safe to call twice. */
void ui_screen_stop(struct screen *s);

/* How ui_screen_put() draws text. */
enum screen_style {
	SCREEN_PLAIN = 0,
	SCREEN_BOLD,
	SCREEN_DIM,    /* labels and hints (a colour, or dim) */
	SCREEN_CHOSEN, /* the highlighted item (reversed) */
	SCREEN_WARN    /* errors and warnings (red, or bold) */
};

/* Write the UTF-8 text at line y, column x, cut at `width` terminal
 * columns (wcwidth), in style st; on the session, not refreshed. */
void ui_screen_put(int y, int x, int width, enum screen_style st,
		   const char *text);

/* Terminal columns of the UTF-8 text (wcwidth; unprintable characters
 * count 1). Cannot fail. */
int ui_screen_width(const char *text);

/* Draw s->g's board alone (labels, stones, the last move and winning
 * line marked) at the top left, full or compact as the window allows,
 * with its size in *board_w and *board_h; not refreshed. Return false,
 * drawing nothing, when even the compact board does not fit. s needs
 * only g (g->ui, g->m.board), stone_w and color. */
bool ui_screen_board(struct screen *s, int *board_w, int *board_h);

/* Draw the whole screen for s->g's match as it stands: the board (or the
 * compact board, or a "make the window wider" message), the panel, the
 * status line and the move line. Cannot fail. */
void ui_screen_draw(struct screen *s);

/* Put a message on the status line (printf-style, cut to fit), a warning
 * when `warn`, and draw. */
void ui_screen_say(struct screen *s, bool warn, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Wait up to timeout_ms (-1: no limit) for a key or a click on the
 * session, as it comes: a click's screen line and column in k->row and
 * k->col, a resize as the key KEY_RESIZE; SK_EOF when reads keep ending
 * at once, well before a timeout (> 0), as they do once the terminal is
 * gone. Fills *k; returns k->kind. */
enum screen_key_kind ui_screen_raw_key(int timeout_ms, struct screen_key *k);

/* Give the terminal back its own modes for a while (`shell`: line
 * editing, echo as it was, no mouse or keypad codes) with the screen
 * left as drawn, or take it again (not `shell`: curses' modes, and the
 * next refresh draws everything). Does nothing when no session runs. */
void ui_screen_shell_mode(bool shell);

/* Wait up to timeout_ms (-1: no limit) for a key or a click, redrawing
 * after a resize. Fills *k; returns k->kind. */
enum screen_key_kind ui_screen_key(struct screen *s, int timeout_ms,
				   struct screen_key *k);

/* Ask `question` on the status line, answered with y or n (Esc is no).
 * Return 1 for yes, 0 for no, -1 on a stop signal. */
int ui_screen_yes_no(struct screen *s, const char *question);

/* Show `title` and the numbered labels[0..n-1] (n <= 9) in a box over
 * the board until a number is chosen. Return its index, or -1 on a stop
 * signal. */
int ui_screen_choose(struct screen *s, const char *title,
		     const char *const labels[], int n);

/* Show `text` (lines split at '\n') in a box over the board until a key
 * is pressed. Return 0, or -1 on a stop signal. */
int ui_screen_text(struct screen *s, const char *text);

/* ui_screen_text() answered with y or n (Esc is no) instead of any key.
 * Return 1 for yes, 0 for no, -1 on a stop signal. */
int ui_screen_text_yes_no(struct screen *s, const char *text);

#endif
