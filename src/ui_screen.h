/* ui_screen.h -- private to the ui: the full-screen terminal (ncursesw)
 * beneath the pages and the games.
 *
 * ui_screen.c is the lowest layer of the full-screen ui, and knows no
 * game: the run's one curses session, text by wcwidth, keys and the
 * mouse, a status line, boxes over the screen, and a board drawn as its
 * caller shows it (struct screen_view). The pages (ui_page.c), the game
 * screen (ui_screen_game.c, drawn by ui_panel.c) and the replay
 * (ui_replay.c) are above it. A game or a replay owns a struct screen
 * and draws it; the screen asks the owner to draw it again (its `draw`)
 * when a resize, a message or a question needs it.
 */
#ifndef GOMOKU_UI_SCREEN_H
#define GOMOKU_UI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "ui_term.h"

/* Room for one status message. */
#define SCREEN_STATUS_MAX 512

/* What ui_screen_key() read. */
enum screen_key_kind {
	SK_NONE = 0, /* nothing within the timeout */
	SK_STOP,     /* a stop signal (Ctrl-C, SIGTERM, SIGHUP) */
	SK_CHAR,     /* a character, in .ch */
	SK_KEY,	     /* a function key (KEY_UP, KEY_ENTER, ...), in .ch */
	SK_EOF,	     /* the terminal is gone (ui_screen_raw_key() only) */
	SK_CLICK,    /* a left click on board point .row, .col (screen
		      * line and column for ui_screen_raw_key()) */
	SK_BAD,	     /* bytes that are no character in the terminal's
		      * encoding (invalid UTF-8), dropped */
	SK_DROPPED   /* an escape sequence that is no key (a colour or a
		      * paste's marker pasted with text), read whole and
		      * dropped (ui_screen_raw_key() only) */
};

struct screen_key {
	enum screen_key_kind kind;
	int ch; /* the character (a wide one) or the key code */
	int row, col;
};

/* How wide ui_screen_board() draws a point. */
enum screen_cells {
	SCREEN_CELLS_FIT = 0, /* full when the window allows, else compact */
	SCREEN_CELLS_FULL,    /* with a space each side (the cursor's
			       * brackets) */
	SCREEN_CELLS_COMPACT  /* a stone's width */
};

/* What ui_screen_board() draws, filled by the caller: a position, the
 * points marked on it and the cursor, all the caller's. */
struct screen_view {
	const struct board *board; /* the position, its last move and
				    * winning line marked */
	const struct move *marks;  /* empty points drawn as a cross
				    * (black's forbidden points) */
	int nmarks;		   /* how many: marks[0..nmarks-1] */
	bool cursor;		   /* the cursor is drawn, at: */
	int cur_row, cur_col;
	enum screen_cells cells; /* how wide a point is drawn */
};

/* One screen on the session: whose messages it shows, how its owner
 * draws it, its status line, and where its board was drawn. */
struct screen {
	struct ui_term *term; /* whose messages go on the status line */
	/* Draws the whole screen as it stands (ctx is draw_ctx), with the
	 * status line where the owner shows one (ui_screen_status()): the
	 * owner's (the game screen's, the replay's), called when a resize,
	 * a message or a question needs it. */
	void (*draw)(void *ctx);
	void *draw_ctx;
	bool color;			/* colour pairs in use */
	int stone_w;			/* terminal columns of a stone */
	char status[SCREEN_STATUS_MAX]; /* the status line */
	bool status_warn;		/* shown as a warning */
	char said[SCREEN_STATUS_MAX];	/* the ui's last message (ui_say(),
					 * ui_error()), "" for none */
	bool said_error;		/* it was an error */
	bool asking;  /* a box or the status line asks a question: its
		       * owner shows no prompt of its own meanwhile */
	bool started; /* between ui_screen_start() and ui_screen_stop() */
	void (*old_sink)(void *, bool, const char *); /* the ui's sink */
	void *old_sink_ctx; /* before the screen, put back after it */
	/* Set by ui_screen_board(): where the board is, and its size. */
	int top, left, cell_w, rows, cols;
	bool fits; /* the board is on screen (the window is big enough) */
	int win_first, win_last; /* the screen lines its winning line
				  * takes, which a box leaves visible
				  * where the window allows; -1: none */
};

/* Start the run's curses session on the terminal (newterm on standard
 * output and input, keys, the mouse, colours when term->color), unless
 * it runs already: one session serves every page and game of a run.
 * Return 0, or -1 when the terminal cannot be used (nothing to undo). */
int ui_screen_open(const struct ui_term *term);

/* Colours on the session as `term` allows them now (a player's
 * preferences changed term->color): the pairs started, or no more used.
 * Does nothing when no session runs. */
void ui_screen_recolor(const struct ui_term *term);

/* End the session: the terminal restored as it was before
 * ui_screen_open(). Safe to call when none runs; the process's exit
 * restores the terminal too if nobody did. */
void ui_screen_close(void);

/* Make s (the caller's, filled here) a screen on the session, opened if
 * need be, drawn by draw(ctx), with the messages said on `term` (its
 * sink) on its status line until ui_screen_stop(). Return 0, or -1 when the
 * terminal cannot be used (nothing to undo). */
int ui_screen_start(struct screen *s, struct ui_term *term,
		    void (*draw)(void *ctx), void *ctx);

/* The screen on `term` now (between ui_screen_start() and
 * ui_screen_stop()), or NULL: questions asked meanwhile, as during a
 * game (ui_yes_no()), go on its status line. */
struct screen *ui_screen_of(const struct ui_term *term);

/* Give the terminal's messages back to whoever had them before
 * ui_screen_start(); the session stays. Safe to call twice. */
void ui_screen_stop(struct screen *s);

/* How ui_screen_put() draws text. */
enum screen_style {
	SCREEN_PLAIN = 0,
	SCREEN_BOLD,
	SCREEN_DIM,    /* labels and hints (a colour, or dim) */
	SCREEN_CHOSEN, /* the highlighted item (reversed) */
	SCREEN_WARN,   /* errors and warnings (red, or bold) */
	SCREEN_LABEL,  /* the board's labels, the game's keys (a bold
			* colour, or dim) */
	SCREEN_FAINT,  /* dim, with or without colours */
	SCREEN_ALARM   /* a clock running out (red, or reversed) */
};

/* Write the UTF-8 text at line y, column x, cut at `width` terminal
 * columns (wcwidth), in style st; on the session, not refreshed. */
void ui_screen_put(int y, int x, int width, enum screen_style st,
		   const char *text);

/* Terminal columns of the UTF-8 text (wcwidth; unprintable characters
 * count 1). Cannot fail. */
int ui_screen_width(const char *text);

/* Draw the UTF-8 text (one line) at (y, x) in rows of `width` columns
 * as i18n_rows() breaks it, at most `height` rows, in style st.
 * Return the rows drawn. */
int ui_screen_wrap(int y, int x, int width, int height, enum screen_style st,
		   const char *text);

/* Draw a line of key hints ("Enter: done   Esc: cancel", the hints
 * apart by three spaces or an ideographic space) at (y, x) in `width`
 * columns: the hints that fit whole, the last ones left out. */
void ui_screen_put_hints(int y, int x, int width, enum screen_style st,
			 const char *text);

/* Lines a board needs beneath it to be drawn (ui_screen_board()): a
 * blank and two of its owner's (a game's status and move lines). */
#define SCREEN_FOOT_H 3

/* Draw v's board at the top left of the cleared screen s (labels,
 * stones, v's marks and cursor, the last move and the winning line
 * marked), full or compact as the window allows with SCREEN_FOOT_H
 * lines beneath, its size in *board_w and *board_h; s remembers where,
 * for clicks and ui_screen_point(). Not refreshed. Return false,
 * drawing nothing, when even the compact board does not fit. */
bool ui_screen_board(struct screen *s, const struct screen_view *v,
		     int *board_w, int *board_h);

/* The columns and lines board b takes on s's terminal, its labels
 * included, drawn full or compact (for a caller that lays out more
 * beside it). Cannot fail. */
void ui_screen_board_size(const struct screen *s, const struct board *b,
			  bool compact, int *board_w, int *board_h);

/* Put the terminal's cursor on board point (row, col) as s's board was
 * last drawn. */
void ui_screen_point(const struct screen *s, int row, int col);

/* Draw s's status line at screen line y (a warning in its style). */
void ui_screen_status(const struct screen *s, int y);

/* Put a message on the status line (printf-style, cut to fit), a warning
 * when `warn`, and draw the screen (s->draw). */
void ui_screen_say(struct screen *s, bool warn, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Wait up to timeout_ms (-1: no limit) for a key or a click on the
 * session, as it comes: a click's screen line and column in k->row and
 * k->col, a resize as the key KEY_RESIZE; SK_EOF when reads keep ending
 * at once, well before a timeout (> 0), as they do once the terminal is
 * gone. The wait ends sooner, with SK_NONE, when descriptor wake_fd
 * (-1: none) becomes readable (term_wait_input_or(): its bytes are
 * dropped). Fills *k; returns k->kind. */
enum screen_key_kind ui_screen_raw_key(int timeout_ms, int wake_fd,
				       struct screen_key *k);

/* Follow a new window size (SIGWINCH came): curses resized to it
 * (capped), true; false when the size did not change. The keys follow
 * it by themselves (KEY_RESIZE); a prompt read outside curses (a
 * password) calls this before drawing itself again. */
bool ui_screen_follow_resize(void);

/* Give the terminal back its own modes for a while (`shell`: line
 * editing, echo as it was, no mouse or keypad codes) with the screen
 * left as drawn, or take it again (not `shell`: curses' modes, and the
 * next refresh draws everything). Does nothing when no session runs. */
void ui_screen_shell_mode(bool shell);

/* Wait up to timeout_ms (-1: no limit), or until wake_fd is readable
 * (as ui_screen_raw_key()), for a key or a click on s's board (SK_NONE
 * for a click beside it), drawing s again after a resize. Fills *k;
 * returns k->kind. */
enum screen_key_kind ui_screen_key(struct screen *s, int timeout_ms,
				   int wake_fd, struct screen_key *k);

/* Ask `question` on the status line, answered with y or n (Esc is no).
 * Return 1 for yes, 0 for no, -1 on a stop signal. */
int ui_screen_yes_no(struct screen *s, const char *question);

/* Show `title` and the numbered labels[0..n-1] (n <= 9) in a box over
 * the board until a number is chosen; with `esc` (not NULL), a last line
 * saying what Esc does ("Esc: leave the game"), and Esc taken too.
 * Return the index chosen, -2 for Esc, or -1 on a stop signal. */
int ui_screen_choose(struct screen *s, const char *title,
		     const char *const labels[], int n, const char *esc);

/* Show `text` (lines split at '\n') in a box over the board until a key
 * is pressed. Return 0, or -1 on a stop signal. */
int ui_screen_text(struct screen *s, const char *text);

/* ui_screen_text() answered with y or n (Esc is no) instead of any key.
 * Return 1 for yes, 0 for no, -1 on a stop signal. */
int ui_screen_text_yes_no(struct screen *s, const char *text);

/* A line that a box shows under its text while it waits, kept up to
 * date: poll() writes the line as it is now into buf (size bytes; ""
 * for none). */
struct screen_note {
	void (*poll)(void *ctx, char *buf, size_t size);
	void *ctx;
};

/* ui_screen_text() (or, with `yes_no`, ui_screen_text_yes_no()) that also
 * takes the ASCII characters of `extras` (NULL for none), and shows
 * `note`'s line (NULL for none) under the text, polled about four times
 * a second: return 2 + the index in `extras` of the one pressed, else as
 * those do. */
int ui_screen_text_or(struct screen *s, const char *text, bool yes_no,
		      const char *extras, const struct screen_note *note);

#endif
