/* ui_screen.c -- the full-screen terminal (ncursesw) beneath the pages
 * and the games: the session, text by wcwidth, a board as its caller
 * shows it (struct screen_view), the status line, keys and the mouse,
 * boxes. It knows no game: the game screen is drawn by ui_panel.c, its
 * keys are ui_screen_game.c's. */
#ifndef _XOPEN_SOURCE /* wcwidth(); pkg-config may have set it */
#define _XOPEN_SOURCE 700
#endif
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <unistr.h>
#include <wchar.h>

#include "term.h"
#include "ui_term.h"
#include "ui_screen.h"

/* Colour pairs. */
enum { PAIR_LABEL = 1, PAIR_LAST, PAIR_WIN, PAIR_WARN, PAIR_MARK };

/* Columns of the row labels ("15 "). */
#define LABEL_W 3

/* ==== Start and stop ====================================================
 * The one global: the curses session, shared by the pages (ui_page.c)
 * and every game, started once and stopped when the run ends. */

static struct {
	SCREEN *term;	 /* curses' screen, NULL when not running */
	bool color;	 /* colour pairs in use */
	int quick_reads; /* reads in a row that ended at once */
	int sgr_key;	 /* the key code of "\033[<" when the SGR mouse
			  * reports are read here (mouse_start()), else 0 */
} session;

/* The ui's messages while the screen is up (the terminal's sink): on the status
 * line, a warning for an error, never printed beneath curses. The last
 * one is kept, to be said again on the line interface after the game. */
static void status_sink(void *ctx, bool error, const char *text)
{
	struct screen *s = ctx;
	char *nl;

	snprintf(s->said, sizeof(s->said), "%s", text);
	s->said_error = error;
	for (nl = strchr(s->said, '\n'); nl != NULL; nl = strchr(nl, '\n'))
		*nl = ' '; /* one line */
	ui_screen_say(s, error, "%s", s->said);
}

/* The largest window the program draws, whatever size the terminal
 * says it has (a client of the SSH server chooses that size, at any
 * time): a larger one is drawn at this size, in its top left corner, so
 * that no size a client asks for costs more memory than this one. */
#define SCREEN_MAX_LINES 300
#define SCREEN_MAX_COLS	 500

/* How often a wait for a key looks at the window's size, at least. */
#define RESIZE_POLL_MS 250

/* Set by SIGWINCH: the window's size changed. */
static volatile sig_atomic_t resized;

static void on_winch(int sig)
{
	(void)sig;
	resized = 1;
}

/* Tell curses the terminal's size, capped at SCREEN_MAX_LINES x
 * SCREEN_MAX_COLS, through LINES and COLUMNS (which curses reads when
 * it starts). False when the terminal does not say its size. */
static bool set_capped_size(int *lines, int *cols)
{
	struct winsize ws;
	char num[16];

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 ||
	    ws.ws_col == 0)
		return false;
	*lines = ws.ws_row < SCREEN_MAX_LINES ? ws.ws_row : SCREEN_MAX_LINES;
	*cols = ws.ws_col < SCREEN_MAX_COLS ? ws.ws_col : SCREEN_MAX_COLS;
	snprintf(num, sizeof(num), "%d", *lines);
	setenv("LINES", num, 1);
	snprintf(num, sizeof(num), "%d", *cols);
	setenv("COLUMNS", num, 1);
	return true;
}

/* See ui_screen.h. */
bool ui_screen_follow_resize(void)
{
	int lines, cols;

	if (!resized)
		return false;
	resized = 0;
	if (!set_capped_size(&lines, &cols) || (lines == LINES && cols == COLS))
		return false;
	resizeterm(lines, cols);
	return true;
}

static void mouse_on(bool on);

/* At exit: never leave the terminal in curses' modes. */
static void restore_at_exit(void)
{
	if (session.term != NULL && !isendwin()) {
		mouse_on(false);
		endwin();
	}
}

/* The colour pairs, when the ui allows colours and the terminal has
 * them. */
static bool start_colors(const struct ui_term *term)
{
	if (!term->color || !has_colors() || start_color() != OK)
		return false;
	use_default_colors();
	init_pair(PAIR_LABEL, COLOR_CYAN, -1);
	init_pair(PAIR_LAST, COLOR_YELLOW, -1);
	init_pair(PAIR_WIN, COLOR_GREEN, -1);
	init_pair(PAIR_WARN, COLOR_RED, -1);
	init_pair(PAIR_MARK, COLOR_MAGENTA, -1);
	return true;
}

/* Home and End as many terminals (and tmux) send them, whatever the
 * terminfo entry says. */
static void define_keys(void)
{
	static const struct {
		const char *seq;
		int key;
	} keys[] = {{"\033[1~", KEY_HOME}, {"\033[7~", KEY_HOME},
		    {"\033[H", KEY_HOME},  {"\033OH", KEY_HOME},
		    {"\033[4~", KEY_END},  {"\033[8~", KEY_END},
		    {"\033[F", KEY_END},   {"\033OF", KEY_END}};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		define_key(keys[i].seq, keys[i].key);
}

/* ==== The mouse =========================================================
 * Clicks are read in SGR mode (DECSET 1006), whose reports name any
 * column (X10's stop at 223). ncurses asks for it itself where the
 * terminfo's XM says so (xterm: its kmous is then "\033[<"); where the
 * terminal takes X10 reports ("\033[M": tmux-256color, screen), SGR mode
 * is asked for here too and its reports, "\033[<" bound to a key code
 * of ours, are read by read_sgr(). */

/* Bind "\033[<" to a free key code when ncurses reads X10 reports only.
 * Return the code, or 0 (ncurses reads SGR itself, or no mouse). */
static int sgr_key_bind(void)
{
	char *kmous = tigetstr("kmous");
	int code;

	if (kmous == NULL || kmous == (char *)-1 ||
	    strcmp(kmous, "\033[M") != 0)
		return 0;
	for (code = KEY_MAX + 1; code < KEY_MAX + 1024; code++)
		if (keybound(code, 0) == NULL)
			return define_key("\033[<", code) == OK ? code : 0;
	return 0;
}

/* Reports of left clicks on (on) or none (off). */
static void mouse_on(bool on)
{
	if (!on && session.sgr_key != 0)
		putp("\033[?1006l");
	mousemask(on ? BUTTON1_PRESSED | BUTTON1_CLICKED : 0, NULL);
	if (on && session.sgr_key != 0)
		putp("\033[?1006h");
}

/* The longest SGR report after its "\033[<": "65535;65535;65535M". */
#define SGR_MAX 24

/* Read the rest of an SGR mouse report (its "\033[<" read) into k: a
 * left press is SK_CLICK at its screen line and column, anything else
 * SK_NONE. The bytes of one report come together: each is waited for
 * rest_ms at most. */
static enum screen_key_kind read_sgr(struct screen_key *k, int rest_ms)
{
	struct term_mouse m;
	char rep[SGR_MAX];
	size_t n = 0;
	int c;

	timeout(rest_ms);
	do {
		c = getch();
		if (c == ERR || c >= KEY_MIN)
			return k->kind = SK_NONE;
		rep[n++] = (char)c;
	} while (c != 'M' && c != 'm' && n < sizeof(rep));
	/* a left press, with modifiers (4 shift, 8 meta, 16 control) or
	 * none: anything else is no click */
	if (!term_mouse_sgr(rep, n, &m) || !m.press ||
	    (m.button & ~(4 | 8 | 16)) != 0)
		return k->kind = SK_NONE;
	k->row = m.y - 1;
	k->col = m.x - 1;
	return k->kind = SK_CLICK;
}

int ui_screen_open(const struct ui_term *term)
{
	static bool guard_set;
	const char *name = getenv("TERM");
	struct sigaction sa;
	int lines, cols;

	if (session.term != NULL)
		return 0;
	if (name == NULL || name[0] == '\0')
		return -1;
	/* The window's size is followed here (ui_screen_follow_resize()), not
	 * by curses: its own SIGWINCH handler is installed only when none is.
	 */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_winch;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, NULL);
	set_capped_size(&lines, &cols);
	session.term = newterm(NULL, stdout, stdin);
	if (session.term == NULL)
		return -1;
	if (!guard_set && atexit(restore_at_exit) == 0)
		guard_set = true;
	cbreak(); /* Ctrl-C and Ctrl-Z still send their signals */
	noecho();
	keypad(stdscr, TRUE);
	meta(stdscr, TRUE); /* bytes of 8 bits, decoded by read_char() */
	set_escdelay(50);   /* Esc alone is Esc, at once */
	define_keys();
	session.sgr_key = sgr_key_bind();
	mouse_on(true);
	mouseinterval(0);
	session.color = start_colors(term);
	return 0;
}

void ui_screen_recolor(const struct ui_term *term)
{
	if (session.term != NULL)
		session.color = start_colors(term);
}

void ui_screen_close(void)
{
	if (session.term == NULL)
		return;
	mouse_on(false);
	endwin();
	delscreen(session.term);
	session.term = NULL;
}

int ui_screen_start(struct screen *s, struct ui_term *term,
		    void (*draw)(void *ctx), void *ctx)
{
	memset(s, 0, sizeof(*s));
	s->win_first = s->win_last = -1; /* no board drawn yet */
	s->term = term;
	s->draw = draw;
	s->draw_ctx = ctx;
	if (ui_screen_open(term) != 0)
		return -1;
	s->stone_w = wcwidth(L'\u25CF') == 2 && !term->ascii ? 2 : 1;
	s->color = session.color;
	curs_set(1); /* a page before may have hidden it */
	s->old_sink = term->sink;
	s->old_sink_ctx = term->sink_ctx;
	term->sink = status_sink;
	term->sink_ctx = s;
	s->started = true;
	return 0;
}

struct screen *ui_screen_of(const struct ui_term *term)
{
	return term->sink == status_sink ? term->sink_ctx : NULL;
}

void ui_screen_stop(struct screen *s)
{
	if (!s->started)
		return;
	s->term->sink = s->old_sink;
	s->term->sink_ctx = s->old_sink_ctx;
	s->started = false;
}

/* ==== Text ============================================================= */

/* The character at the start of the UTF-8 text s (not empty) as a wide
 * character, with its length in bytes in *n; an invalid sequence is one
 * byte shown as '?'. The program's text is UTF-8 whatever the locale, so
 * libunistring decodes it (not mbrtowc(), which reads the locale's
 * encoding); glibc's wchar_t is the Unicode code point in every locale,
 * and curses writes it in the terminal's character set. */
static wchar_t next_char(const char *s, size_t *n)
{
	ucs4_t uc;
	int len = u8_mbtoucr(&uc, (const uint8_t *)s, strlen(s));

	*n = len > 0 ? (size_t)len : 1;
	return len > 0 ? (wchar_t)uc : L'?';
}

/* Terminal columns of the UTF-8 text s (characters the locale cannot
 * show count 1, for the '?' put_text() writes instead). */
static int text_width(const char *s)
{
	size_t n;
	int w = 0, cw;

	while (*s != '\0') {
		cw = wcwidth(next_char(s, &n));
		w += cw < 0 ? 1 : cw;
		s += n;
	}
	return w;
}

/* Write the UTF-8 text at (y, x), cut at `width` columns, in attribute
 * `attr`; a character the locale cannot show is '?'. */
static void put_text(int y, int x, int width, attr_t attr, const char *s)
{
	wchar_t wc[2] = {0, 0};
	size_t n;
	int cw;

	if (y < 0 || y >= LINES || x < 0 || x >= COLS)
		return; /* (a failed move() would write at the cursor) */
	move(y, x);
	attron(attr);
	while (*s != '\0' && width > 0) {
		wc[0] = next_char(s, &n);
		cw = wcwidth(wc[0]);
		if (cw < 0) {
			wc[0] = L'?';
			cw = 1;
		}
		if (cw > width)
			break;
		addwstr(wc);
		width -= cw;
		s += n;
	}
	attroff(attr);
}

/* Columns of the n bytes at s, as text_width() counts them. */
static int span_width(const char *s, size_t n)
{
	ucs4_t uc;
	size_t at = 0;
	int w = 0, cw;

	while (at < n) {
		at += (size_t)u8_mbtouc(&uc, (const uint8_t *)s + at, n - at);
		cw = wcwidth((wchar_t)uc);
		w += cw < 0 ? 1 : cw;
	}
	return w;
}

/* The bytes of the separator of key hints at s ("   " or an ideographic
 * space), or 0. */
static size_t hint_gap(const char *s)
{
	if (strncmp(s, "   ", 3) == 0)
		return 3;
	return strncmp(s, "\u3000", 3) == 0 ? 3 : 0;
}

void ui_screen_put_hints(int y, int x, int width, enum screen_style st,
			 const char *text)
{
	char shown[1024];
	size_t at = 0, end, keep = 0;

	while (text[at] != '\0') {
		for (end = at; text[end] != '\0' && hint_gap(text + end) == 0;
		     end++)
			;
		if (end >= sizeof(shown) ||
		    span_width(text, end) > width) /* this hint and the
						    * rest left out */
			break;
		keep = end;
		at = text[end] != '\0' ? end + hint_gap(text + end) : end;
	}
	snprintf(shown, sizeof(shown), "%.*s", (int)keep, text);
	ui_screen_put(y, x, width, st, keep > 0 ? shown : text);
}

int ui_screen_wrap(int y, int x, int width, int height, enum screen_style st,
		   const char *text)
{
	size_t lens[64], at = 0, n = strlen(text);
	char row[1024];
	int rows = i18n_rows(text, n, width, lens, 64), i;

	for (i = 0; i < rows && i < 64 && i < height; i++) {
		snprintf(row, sizeof(row), "%.*s", (int)lens[i], text + at);
		ui_screen_put(y + i, x, width, st, row);
		at += lens[i];
	}
	return i;
}

/* The attribute of colour pair p, or `plain` without colours. */
static attr_t style(const struct screen *s, short p, attr_t plain)
{
	return s->color ? (attr_t)COLOR_PAIR(p) | A_BOLD : plain;
}

/* The attribute of a screen_style. */
static attr_t style_attr(enum screen_style st)
{
	switch (st) {
	case SCREEN_BOLD:
		return A_BOLD;
	case SCREEN_DIM:
		return session.color ? (attr_t)COLOR_PAIR(PAIR_LABEL) : A_DIM;
	case SCREEN_CHOSEN:
		return A_REVERSE | A_BOLD;
	case SCREEN_WARN:
		return session.color ? (attr_t)COLOR_PAIR(PAIR_WARN) | A_BOLD
				     : A_BOLD;
	case SCREEN_LABEL:
		return session.color ? (attr_t)COLOR_PAIR(PAIR_LABEL) | A_BOLD
				     : A_DIM;
	case SCREEN_FAINT:
		return A_DIM;
	case SCREEN_ALARM:
		return session.color ? (attr_t)COLOR_PAIR(PAIR_WARN) | A_BOLD
				     : A_REVERSE;
	case SCREEN_PLAIN:
		break;
	}
	return A_NORMAL;
}

void ui_screen_put(int y, int x, int width, enum screen_style st,
		   const char *text)
{
	put_text(y, x, width, style_attr(st), text);
}

int ui_screen_width(const char *text)
{
	return text_width(text);
}

/* ==== The board ========================================================= */

/* True when (row, col) is one of the n points at p. */
static bool among(const struct move *p, int n, int row, int col)
{
	int i;

	for (i = 0; i < n; i++)
		if (p[i].row == row && p[i].col == col)
			return true;
	return false;
}

/* The attribute of point (r, c) of board b: the winning line, the last
 * move. */
static attr_t point_style(const struct screen *s, const struct board *b, int r,
			  int c)
{
	const struct move *last = board_last(b);

	if (among(b->win, b->nwin, r, c))
		return style(s, PAIR_WIN, A_REVERSE | A_BOLD);
	if (last != NULL && last->row == r && last->col == c)
		return style(s, PAIR_LAST, A_BOLD | A_UNDERLINE);
	return A_NORMAL;
}

/* Draw the column letters and the row numbers of board b. */
static void draw_labels(const struct screen *s, const struct board *b)
{
	attr_t a = style(s, PAIR_LABEL, A_DIM);
	char label[12];
	int i, pad = s->cell_w > s->stone_w ? 1 : 0;

	for (i = 0; i < b->cols; i++) {
		snprintf(label, sizeof(label), "%c", 'a' + i);
		put_text(s->top, s->left + LABEL_W + i * s->cell_w + pad, 1, a,
			 label);
	}
	for (i = 0; i < b->rows; i++) {
		snprintf(label, sizeof(label), "%2d", i + 1);
		put_text(s->top + 1 + i, s->left, 2, a, label);
	}
}

/* Draw the points of v's board, its empty marked points as a cross. */
static void draw_points(const struct screen *s, const struct screen_view *v)
{
	const struct board *b = v->board;
	int r, c, pad = s->cell_w > s->stone_w ? 1 : 0;
	const char *sym;
	attr_t a;

	for (r = 0; r < b->rows; r++)
		for (c = 0; c < b->cols; c++) {
			int x = s->left + LABEL_W + c * s->cell_w + pad;

			sym = ui_board_stone(s->term, board_at(b, r, c));
			a = point_style(s, b, r, c);
			if (board_at(b, r, c) == STONE_NONE &&
			    among(v->marks, v->nmarks, r, c)) {
				sym = s->term->ascii ? "x" : "\u00D7";
				a = style(s, PAIR_MARK, A_BOLD);
			}
			put_text(s->top + 1 + r, x, s->stone_w, a, sym);
		}
}

/* Mark the cursor at (row, col): brackets around it on the full board,
 * reverse video on the compact one. */
static void draw_cursor(const struct screen *s, int row, int col)
{
	int y = s->top + 1 + row;
	int x = s->left + LABEL_W + col * s->cell_w;

	if (s->cell_w > s->stone_w) {
		put_text(y, x, 1, A_BOLD, "[");
		put_text(y, x + 1 + s->stone_w, 1, A_BOLD, "]");
	} else {
		mvchgat(y, x, s->stone_w, A_REVERSE, 0, NULL);
	}
}

void ui_screen_board_size(const struct screen *s, const struct board *b,
			  bool compact, int *board_w, int *board_h)
{
	*board_w = LABEL_W + b->cols * (s->stone_w + (compact ? 0 : 2));
	*board_h = b->rows + 1;
}

/* Lay v's board out in the window as v->cells asks, with SCREEN_FOOT_H
 * lines beneath; false when it does not fit (for SCREEN_CELLS_FIT: not
 * even compact). */
static bool layout(struct screen *s, const struct screen_view *v, int *board_w,
		   int *board_h)
{
	const struct board *b = v->board;
	bool compact = v->cells == SCREEN_CELLS_COMPACT;

	s->top = 0;
	s->left = 0;
	s->rows = b->rows;
	s->cols = b->cols;
	ui_screen_board_size(s, b, compact, board_w, board_h);
	if (v->cells == SCREEN_CELLS_FIT && !compact &&
	    (COLS < *board_w || LINES < *board_h + SCREEN_FOOT_H)) {
		compact = true;
		ui_screen_board_size(s, b, compact, board_w, board_h);
	}
	s->cell_w = s->stone_w + (compact ? 0 : 2);
	return COLS >= *board_w && LINES >= *board_h + SCREEN_FOOT_H;
}

/* Keep in s the screen lines that b's winning line takes (none when
 * the board is not on screen or no line is made). */
static void win_lines(struct screen *s, const struct board *b)
{
	int i, y;

	s->win_first = s->win_last = -1;
	for (i = 0; s->fits && i < b->nwin; i++) {
		y = s->top + 1 + b->win[i].row;
		if (s->win_first < 0 || y < s->win_first)
			s->win_first = y;
		if (y > s->win_last)
			s->win_last = y;
	}
}

bool ui_screen_board(struct screen *s, const struct screen_view *v,
		     int *board_w, int *board_h)
{
	s->fits = layout(s, v, board_w, board_h);
	win_lines(s, v->board);
	if (s->fits) {
		draw_labels(s, v->board);
		draw_points(s, v);
		if (v->cursor)
			draw_cursor(s, v->cur_row, v->cur_col);
	}
	return s->fits;
}

void ui_screen_point(const struct screen *s, int row, int col)
{
	move(s->top + 1 + row, s->left + LABEL_W + col * s->cell_w +
				       (s->cell_w > s->stone_w ? 1 : 0));
}

/* ==== The status line =================================================== */

void ui_screen_status(const struct screen *s, int y)
{
	put_text(y, 0, COLS,
		 s->status_warn ? style(s, PAIR_WARN, A_BOLD) : A_NORMAL,
		 s->status);
}

/* Draw s again, as its owner draws it. */
static void redraw(struct screen *s)
{
	s->draw(s->draw_ctx);
}

void ui_screen_say(struct screen *s, bool warn, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->status, sizeof(s->status), fmt, ap);
	va_end(ap);
	s->status_warn = warn;
	redraw(s);
}

/* ==== Keys ============================================================== */

/* The board point under screen position (y, x): true with *row, *col. */
static bool point_at(const struct screen *s, int y, int x, int *row, int *col)
{
	int r = y - s->top - 1, dx = x - s->left - LABEL_W;

	if (!s->fits || r < 0 || r >= s->rows || dx < 0 ||
	    dx / s->cell_w >= s->cols)
		return false;
	*row = r;
	*col = dx / s->cell_w;
	return true;
}

/* A read that returned nothing: SK_EOF when reads keep ending at once,
 * long before their timeout, without a signal (the terminal is gone),
 * else SK_NONE. */
static enum screen_key_kind no_key(int timeout_ms, long long t0)
{
	if (timeout_ms > 0 && errno != EINTR &&
	    term_now_ms() - t0 < timeout_ms / 2)
		return ++session.quick_reads >= 3 ? SK_EOF : SK_NONE;
	session.quick_reads = 0;
	return SK_NONE;
}

/* What read_char() returns for bytes that are no character. */
#define BAD_CHAR (-2)

/* Read a key as get_wch() does (OK with a character, KEY_CODE_YES with
 * a key code, ERR for none within the timeout), but decoding the bytes
 * itself in the locale's encoding: bytes that are no character there
 * are BAD_CHAR, and what follows them is read as it comes (get_wch()
 * would swallow it). The bytes of one character come together: the
 * rest of one is waited for CHAR_REST_MS at most. */
#define CHAR_REST_MS 100
static int read_char(wint_t *ch)
{
	mbstate_t st;
	wchar_t wc;
	char byte;
	size_t n;
	int c = getch();

	if (c == ERR || c >= KEY_MIN) {
		*ch = (wint_t)c;
		return c == ERR ? ERR : KEY_CODE_YES;
	}
	memset(&st, 0, sizeof(st));
	for (;;) {
		byte = (char)c;
		n = mbrtowc(&wc, &byte, 1, &st);
		if (n != (size_t)-2)
			break;
		timeout(CHAR_REST_MS);
		c = getch();
		if (c == ERR || c >= KEY_MIN) {
			if (c != ERR)
				ungetch(c);
			return BAD_CHAR;
		}
	}
	if (n == (size_t)-1)
		return BAD_CHAR;
	*ch = (wint_t)wc;
	return OK;
}

/* After an ESC read as a character: the rest of an escape sequence that
 * curses did not know as a key (a colour pasted with the text, a
 * paste's marker), read whole and dropped as the line reader drops it
 * (term_escape_byte()): true. False for Esc alone: nothing follows, or
 * a byte that begins no CSI, SS3 or string, which is a key typed just
 * after Esc (Alt and a key too) and is read next. The bytes of one
 * sequence come together: each is waited for CHAR_REST_MS at most. */
static bool escape_dropped(void)
{
	enum term_esc st = TERM_ESC_NONE;
	int c;

	(void)term_escape_byte(&st, 0x1b);
	timeout(0); /* curses has waited ESCDELAY for a key's bytes */
	for (;;) {
		bool alone = st == TERM_ESC_START;

		c = getch();
		if (c == ERR)
			return !alone;
		if (c >= KEY_MIN || !term_escape_byte(&st, (unsigned char)c) ||
		    (alone && st == TERM_ESC_NONE)) {
			ungetch(c); /* a key, or a newline: not the sequence's
				     */
			return !alone;
		}
		if (st == TERM_ESC_NONE)
			return true;
		timeout(CHAR_REST_MS);
	}
}

/* Wait up to timeout_ms for a key or for wake_fd to become readable
 * (term_wait_input_or()). Return 1 when a key waits, in curses' own
 * queue (a key it has read ahead or been given back) or on the
 * terminal; 0 when the wake came or the time ran out first; -1 for a
 * stop signal. */
static int wait_or_wake(int wake_fd, int timeout_ms)
{
	int c, ready;

	timeout(0);
	c = getch();
	if (c != ERR) {
		ungetch(c);
		return 1;
	}
	ready = term_wait_input_or(STDIN_FILENO, wake_fd,
				   term_now_ms() + timeout_ms);
	return ready == 2 ? 0 : ready;
}

enum screen_key_kind ui_screen_raw_key(int timeout_ms, int wake_fd,
				       struct screen_key *k)
{
	long long t0 = term_now_ms();
	MEVENT ev;
	wint_t ch;
	int rc;

	memset(k, 0, sizeof(*k));
	if (term_stop_signal() != 0)
		return k->kind = SK_STOP;
	if (ui_screen_follow_resize()) {
		k->ch = KEY_RESIZE;
		return k->kind = SK_KEY;
	}
	if (timeout_ms < 0 || timeout_ms > RESIZE_POLL_MS)
		timeout_ms = RESIZE_POLL_MS; /* a resize is seen meanwhile */
	switch (wake_fd >= 0 ? wait_or_wake(wake_fd, timeout_ms) : 1) {
	case -1:
		return k->kind = SK_STOP;
	case 0:
		term_idle(); /* a wait, as term_wait_input()'s are */
		session.quick_reads = 0;
		return k->kind = SK_NONE;
	default: /* a key: read below */
		break;
	}
	timeout(timeout_ms);
	errno = 0;
	rc = read_char(&ch);
	if (term_stop_signal() != 0)
		return k->kind = SK_STOP;
	if (rc == ERR) {
		term_idle(); /* a wait, as term_wait_input()'s are */
		return k->kind = no_key(timeout_ms, t0);
	}
	session.quick_reads = 0;
	if (rc == BAD_CHAR)
		return k->kind = SK_BAD;
	k->ch = (int)ch;
	if (rc == OK && ch == 27 && escape_dropped())
		return k->kind = SK_DROPPED;
	if (rc == KEY_CODE_YES && session.sgr_key != 0 &&
	    (int)ch == session.sgr_key)
		return read_sgr(k, CHAR_REST_MS);
	if (rc != KEY_CODE_YES || ch != KEY_MOUSE)
		return k->kind = rc == KEY_CODE_YES ? SK_KEY : SK_CHAR;
	if (getmouse(&ev) != OK ||
	    (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) == 0)
		return k->kind = SK_NONE;
	k->row = ev.y;
	k->col = ev.x;
	return k->kind = SK_CLICK;
}

enum screen_key_kind ui_screen_key(struct screen *s, int timeout_ms,
				   int wake_fd, struct screen_key *k)
{
	int y, x;

	if (ui_screen_raw_key(timeout_ms, wake_fd, k) == SK_EOF ||
	    k->kind == SK_DROPPED) {
		k->kind = SK_NONE; /* the game's own reads go on as before */
	} else if (k->kind == SK_CLICK) {
		y = k->row;
		x = k->col;
		if (!point_at(s, y, x, &k->row, &k->col))
			return k->kind = SK_NONE;
	} else if (k->kind == SK_KEY && k->ch == KEY_RESIZE) {
		redraw(s);
		return k->kind = SK_NONE;
	}
	return k->kind;
}

void ui_screen_shell_mode(bool shell)
{
	if (session.term == NULL)
		return;
	if (shell) {
		mouse_on(false);
		def_prog_mode();
		reset_shell_mode();
		return;
	}
	reset_prog_mode();
	keypad(stdscr, TRUE);
	mouse_on(true);
	clearok(curscr, TRUE); /* whatever the terminal did, draw it all */
}

/* The answer key k gives: 1 for y, 0 for n or Esc, else -1. */
static int yes_no_key(const struct screen_key *k)
{
	if (k->kind != SK_CHAR)
		return -1;
	if (k->ch == 'y' || k->ch == 'Y')
		return 1;
	return k->ch == 'n' || k->ch == 'N' || k->ch == 27 ? 0 : -1;
}

int ui_screen_yes_no(struct screen *s, const char *question)
{
	struct screen_key k;
	int answer;

	s->asking = true; /* the owner's prompt would offer other keys */
	ui_screen_say(s, true, "%s %s", question, _("(y/n)"));
	do {
		answer = ui_screen_key(s, -1, -1, &k) == SK_STOP
				 ? -2
				 : yes_no_key(&k);
	} while (answer == -1);
	s->asking = false;
	return answer < 0 ? -1 : answer;
}

/* The widest a box's text is, in columns, for lines that read well. */
#define BOX_TEXT_MAX 72

/* Draw a box of `n` lines of text (from lines[], the first bold) over
 * the middle of the window (box_y(): beside s's winning line rather
 * than over it), each line broken into rows as
 * i18n_rows() breaks it, and the whole rows it covers cleared (the
 * page beside a box would show pieces of its lines as if the box's);
 * its edges drawn with - when `ascii` or when the locale's ─ is not one
 * column (two in GBK). A box taller than the window shows the rows
 * that fit from row `top` on, its bottom edge saying PgUp and PgDn
 * scroll it. Return the last row a scroll can start at (0: all shown). */
/* The first line of a box `height` lines tall: in the middle of the
 * window, or, when that would cover s's winning line, just below or
 * above it where the box fits there. */
static int box_y(const struct screen *s, int height)
{
	int y = (LINES - height) / 2;

	if (s->win_first < 0 || y > s->win_last || y + height <= s->win_first)
		return y;
	if (s->win_last + 1 + height <= LINES)
		return s->win_last + 1;
	if (s->win_first - height >= 0)
		return s->win_first - height;
	return y;
}

static int draw_box(const struct screen *s, const char *const lines[], int n,
		    bool ascii, int top)
{
	const char *edge = ascii || wcwidth(L'\u2500') != 1 ? "-" : "\u2500";
	size_t lens[64], at;
	char row[1024];
	int i, j, w = 0, x, y, rows = 0, nrows[40], room, wide, shown, last, r;

	for (i = 0; i < n; i++)
		if (text_width(lines[i]) > w)
			w = text_width(lines[i]);
	room = COLS - 4 < BOX_TEXT_MAX ? COLS - 4 : BOX_TEXT_MAX;
	w = w > room ? room : w;
	if (w < 1 || LINES < 3)
		return 0;
	for (i = 0; i < n && i < 40; i++)
		rows += nrows[i] =
			i18n_rows(lines[i], strlen(lines[i]), w, NULL, 0);
	shown = rows < LINES - 2 ? rows : LINES - 2;
	last = rows - shown;
	top = top < 0 ? 0 : top > last ? last : top;
	x = 0;
	wide = COLS;
	y = box_y(s, shown + 2);
	for (i = 0; i < shown + 2; i++) { /* the box's own area, cleared */
		move(y + i, x);
		hline(' ', wide);
	}
	for (i = 0; i < wide; i++) { /* its top and bottom edges */
		put_text(y, x + i, 1, A_NORMAL, edge);
		put_text(y + shown + 1, x + i, 1, A_NORMAL, edge);
	}
	if (last > 0)
		put_text(y + shown + 1, x + 2, wide - 4, A_NORMAL,
			 _(" PgUp, PgDn: more "));
	x += (wide - w) / 2;
	for (i = 0, r = 0; i < n && i < 40; i++) {
		i18n_rows(lines[i], strlen(lines[i]), w, lens, 64);
		for (j = 0, at = 0; j < nrows[i] && j < 64; j++, r++) {
			snprintf(row, sizeof(row), "%.*s", (int)lens[j],
				 lines[i] + at);
			at += lens[j];
			if (r >= top && r < top + shown)
				put_text(y + 1 + r - top, x, w,
					 i == 0 ? A_BOLD : A_NORMAL, row);
		}
	}
	refresh();
	return last;
}

/* A scrolling key for a box cut at the window (Up, Down, PgUp, PgDn):
 * *top moved, true. */
static bool box_scroll(const struct screen_key *k, int *top, int last)
{
	int page = LINES - 3 > 1 ? LINES - 3 : 1;

	if (last == 0 || k->kind != SK_KEY)
		return false;
	if (k->ch == KEY_DOWN || k->ch == KEY_NPAGE)
		*top += k->ch == KEY_DOWN ? 1 : page;
	else if (k->ch == KEY_UP || k->ch == KEY_PPAGE)
		*top -= k->ch == KEY_UP ? 1 : page;
	else
		return false;
	*top = *top < 0 ? 0 : *top > last ? last : *top;
	return true;
}

int ui_screen_choose(struct screen *s, const char *title,
		     const char *const labels[], int n, const char *esc)
{
	char text[10][256];
	const char *lines[12];
	struct screen_key k;
	int i;

	lines[0] = title;
	for (i = 0; i < n && i < 9; i++) {
		snprintf(text[i], sizeof(text[i]), "%d. %s", i + 1, labels[i]);
		lines[i + 1] = text[i];
	}
	if (esc != NULL)
		lines[i + 1] = esc;
	for (;;) {
		redraw(s);
		draw_box(s, lines, i + 1 + (esc != NULL), s->term->ascii, 0);
		if (ui_screen_key(s, -1, -1, &k) == SK_STOP)
			return -1;
		if (k.kind == SK_CHAR && k.ch >= '1' && k.ch < '1' + i)
			return k.ch - '1';
		if (esc != NULL && ((k.kind == SK_CHAR && k.ch == 27) ||
				    (k.kind == SK_KEY && k.ch == KEY_EXIT)))
			return -2;
	}
}

/* The index in `extras` (NULL for none) of key k, or -1. */
static int extra_key(const struct screen_key *k, const char *extras)
{
	const char *at;

	if (extras == NULL || k->kind != SK_CHAR || k->ch == 0 ||
	    k->ch > 0x7f || (at = strchr(extras, (int)k->ch)) == NULL)
		return -1;
	return (int)(at - extras);
}

/* Show `text` in a box until a key (with `yes_no`, until y, n, Esc or
 * one of the characters of `extras` (NULL for none); Up, Down, PgUp and
 * PgDn scroll a box cut at the window), with `note`'s line (NULL for
 * none) under the text, polled again whenever the keys pause (every
 * RESIZE_POLL_MS). Return 0 (with `yes_no`, 1 for
 * yes), 2 + the index in `extras` of the character pressed, or -1 on a
 * stop signal. */
static int text_box(struct screen *s, const char *text, bool yes_no,
		    const char *extras, const struct screen_note *note)
{
	char copy[4096], line[SCREEN_STATUS_MAX] = "";
	const char *lines[42];
	struct screen_key k;
	char *p = copy, *nl;
	int n = 0, top = 0, last;

	snprintf(copy, sizeof(copy), "%s", text);
	while (p != NULL && n < 40) {
		lines[n++] = p;
		nl = strchr(p, '\n');
		if (nl != NULL)
			*nl++ = '\0';
		p = nl;
	}
	lines[n] = ""; /* then the note's line, when there is one */
	lines[n + 1] = line;
	if (note != NULL)
		note->poll(note->ctx, line, sizeof(line));
	s->asking = yes_no;
	do {
		redraw(s);
		last = draw_box(s, lines, n + (line[0] != '\0' ? 2 : 0),
				s->term->ascii, top);
		if (ui_screen_key(s, -1, -1, &k) == SK_STOP) {
			s->asking = false;
			return -1;
		}
		if (k.kind == SK_NONE && note != NULL)
			note->poll(note->ctx, line, sizeof(line));
	} while (k.kind == SK_NONE || box_scroll(&k, &top, last) ||
		 (yes_no && yes_no_key(&k) < 0 && extra_key(&k, extras) < 0));
	s->asking = false;
	redraw(s);
	if (extra_key(&k, extras) >= 0)
		return 2 + extra_key(&k, extras);
	return yes_no ? yes_no_key(&k) : 0;
}

int ui_screen_text(struct screen *s, const char *text)
{
	return text_box(s, text, false, NULL, NULL);
}

int ui_screen_text_yes_no(struct screen *s, const char *text)
{
	return text_box(s, text, true, NULL, NULL);
}

int ui_screen_text_or(struct screen *s, const char *text, bool yes_no,
		      const char *extras, const struct screen_note *note)
{
	return text_box(s, text, yes_no, extras, note);
}
