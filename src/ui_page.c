/* ui_page.c -- the pages of a full-screen run: a title, the text the
 * line interface prints, a prompt line with editing, menus with a
 * highlighted item. The curses session beneath: ui_screen.c. */
#define _GNU_SOURCE		 /* fopencookie() */
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include "ui_page.h"

#include <curses.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <unistr.h>

#include "ui_screen.h"
#include "ui_table.h"

/* The most text a page keeps (older lines go first). */
#define PAGE_TEXT_MAX (256 * 1024)
/* The first byte of a line said by ui_error() (text never holds it). */
#define PAGE_ERROR     '\x01'
#define PAGE_ERROR_STR "\x01"
/* The first byte of a line that stands for a table (ui_page_table()),
 * then the table's index in pg->tables (text never holds it either). */
#define PAGE_TABLE '\x02'
/* How long one wait for a key lasts, in ms. */
#define PAGE_WAIT_MS 500
/* Lines above the text (the title, a blank) and below it (a blank, the
 * prompt line, the hint line). */
#define PAGE_HEAD 2
#define PAGE_FOOT 3
/* Room for one row of text as drawn. */
#define PAGE_ROW_MAX 2048
/* The most rows a line of the text is drawn in (the rest not drawn). */
#define PAGE_LINE_ROWS 64

struct ui_page {
	struct ui_term *term;
	FILE *out;	/* the stream into the page, term->out while it is up */
	FILE *real_out; /* term->out before, put back at the end */
	char *text;	/* lines ending in '\n', UTF-8 */
	size_t len, cap;
	int escape; /* in an escape sequence written to out: 1 after ESC,
		     * 2 in a CSI, 3 in an OSC; 0 none */
	char title[256];
	int scroll;	    /* text rows scrolled back from the end */
	const char *prompt; /* the prompt line's prompt, or NULL */
	const char *hint;   /* the hint line's keys */
	wchar_t line[TERM_LINE_MAX + 1]; /* the line typed, at most
					  * TERM_LINE_MAX bytes of UTF-8 */
	int nline, cursor;
	const char *const *labels; /* the menu shown, or NULL */
	const int *keys;	   /* its keys */
	int nitems, chosen;
	int items_top;	 /* the screen line of the first item, as drawn */
	bool esc_back;	 /* Esc in the menu takes its item keyed 0 */
	int items_first; /* the first item drawn (a menu taller than its
			  * room shows the part with the chosen one) */
	int items_shown; /* how many items are drawn */
	int text_height; /* the lines the text had, as drawn */
	int digit;	 /* a digit typed that begins a longer key (1 of
			  * 10), waiting for the next, else -1 */
	struct page_table *tables; /* the tables in the text, cleared with
				    * it: ntables of room for tables_cap */
	int ntables, tables_cap;
	/* While a read watches the store (ui_page_read_watched()): the
	 * descriptor that wakes it, what looks then, its context, and why
	 * it ended the read. */
	int wake_fd;
	enum ui_status (*moved)(void *ctx, bool *said);
	void *moved_ctx;
	enum ui_status failed;
};

/* A table in the page's text, with its lines as last laid out. */
struct page_table {
	struct ui_table *table;
	int room;    /* the columns `lines` was laid out in */
	char *lines; /* its lines at that width, or NULL */
	size_t len;
};

/* How a wait for a key ended. */
enum page_wait { PAGE_KEY, PAGE_STOP, PAGE_EOF, PAGE_TIMEOUT, PAGE_FAILED };

/* One row of text as drawn: s[0..len), a line's or part of a line
 * wrapped at the window's width, in the text or in a table's lines. */
struct page_row {
	const char *s;
	size_t len;
	bool error;
};

/* ==== The text ============================================================ */

/* Append the n bytes at s to the text, dropping the oldest lines when it
 * would grow beyond PAGE_TEXT_MAX. Out of memory: the bytes are lost. */
static void page_append(struct ui_page *pg, const char *s, size_t n)
{
	char *grown, *nl;
	size_t cap, cut;

	if (n == 0)
		return;
	if (pg->len + n > PAGE_TEXT_MAX && pg->len > 0) {
		nl = memchr(pg->text + pg->len / 2, '\n',
			    pg->len - pg->len / 2);
		cut = nl != NULL ? (size_t)(nl - pg->text) + 1 : pg->len;
		memmove(pg->text, pg->text + cut, pg->len - cut);
		pg->len -= cut;
	}
	if (pg->len + n > pg->cap) {
		cap = pg->cap > 0 ? pg->cap : 4096;
		while (cap < pg->len + n)
			cap *= 2;
		grown = realloc(pg->text, cap);
		if (grown == NULL)
			return;
		pg->text = grown;
		pg->cap = cap;
	}
	memcpy(pg->text + pg->len, s, n);
	pg->len += n;
}

/* Append byte c as written to the page's stream: escape sequences and
 * control characters but newline dropped, a tab as spaces. */
static void page_put_byte(struct ui_page *pg, unsigned char c)
{
	const char *nl;
	size_t col;

	if (pg->escape == 1)
		pg->escape = c == '[' ? 2 : c == ']' ? 3 : 0;
	else if (pg->escape == 2)
		pg->escape = c >= 0x40 && c <= 0x7E ? 0 : 2;
	else if (pg->escape == 3)
		pg->escape = c == 0x07 || c == 0x1B ? 0 : 3;
	else if (c == 0x1B)
		pg->escape = 1;
	else if (c == '\t') {
		nl = pg->len > 0 ? memrchr(pg->text, '\n', pg->len) : NULL;
		col = nl != NULL ? pg->len - (size_t)(nl - pg->text) - 1
				 : pg->len;
		page_append(pg, "        ", 8 - col % 8);
	} else if (c == '\n' || (c >= 0x20 && c != 0x7F)) {
		page_append(pg, (const char *)&c, 1);
	}
}

/* fopencookie() write: what the ui prints on term->out joins the text. */
static ssize_t page_write(void *cookie, const char *buf, size_t size)
{
	struct ui_page *pg = cookie;
	size_t i;

	for (i = 0; i < size; i++)
		page_put_byte(pg, (unsigned char)buf[i]);
	pg->scroll = 0;
	return (ssize_t)size;
}

/* Append a whole line (a newline added). */
static void page_line(struct ui_page *pg, const char *a, const char *b)
{
	fflush(pg->out); /* what was printed before comes first */
	page_append(pg, a, strlen(a));
	page_append(pg, b, strlen(b));
	page_append(pg, "\n", 1);
	pg->scroll = 0;
}

/* ==== Drawing ============================================================= */

/* Where the text's line starting at `at` ends: its newline, or the end
 * of the text (the last line may be unfinished). */
static size_t line_end(const struct ui_page *pg, size_t at)
{
	const char *nl = memchr(pg->text + at, '\n', pg->len - at);

	return nl != NULL ? (size_t)(nl - pg->text) : pg->len;
}

/* How many of rows[0..total) at the top are blank: not drawn. */
static int leading_blanks(const struct page_row *rows, int total)
{
	int lead = 0;

	while (lead < total && rows[lead].len == 0)
		lead++;
	return lead;
}

/* The text laid out at the window's width. */
struct page_layout {
	struct page_row *rows; /* to free(); NULL when there is no text */
	int total, cap;	       /* rows, and the room for them */
	int lead;	       /* blank rows at the top: not drawn */
};

/* Add the line s[0..n) to lo, broken at `width` columns where
 * i18n_rows() breaks it. Return false out of memory (the rows
 * that had room added). */
static bool layout_line(const char *s, size_t n, int width,
			struct page_layout *lo)
{
	size_t lens[PAGE_LINE_ROWS];
	bool error = n > 0 && s[0] == PAGE_ERROR;
	struct page_row *grown;
	int nrows, i;

	s += error ? 1 : 0;
	n -= error ? 1 : 0;
	nrows = i18n_rows(s, n, width, lens, PAGE_LINE_ROWS);
	for (i = 0; i < nrows && i < PAGE_LINE_ROWS; i++) {
		if (lo->total == lo->cap) {
			lo->cap = lo->cap > 0 ? lo->cap * 2 : 64;
			grown = realloc(lo->rows,
					(size_t)lo->cap * sizeof(*grown));
			if (grown == NULL)
				return false;
			lo->rows = grown;
		}
		lo->rows[lo->total++] = (struct page_row){s, lens[i], error};
		s += lens[i];
	}
	return true;
}

/* The table that the text's line s[0..n) stands for, or NULL. */
static struct page_table *table_of(const struct ui_page *pg, const char *s,
				   size_t n)
{
	int i = 0;

	if (n < 2 || s[0] != PAGE_TABLE)
		return NULL;
	for (s++, n--; n > 0 && *s >= '0' && *s <= '9'; s++, n--)
		i = i * 10 + (*s - '0');
	return i < pg->ntables ? &pg->tables[i] : NULL;
}

/* The lines of table pt laid out in `room` columns: laid out again only
 * when room is another width. Return false out of memory (none). */
static bool table_lines(struct page_table *pt, int room)
{
	FILE *f;

	if (pt->lines != NULL && pt->room == room)
		return true;
	free(pt->lines);
	pt->lines = NULL;
	f = open_memstream(&pt->lines, &pt->len);
	if (f == NULL)
		return false;
	ui_table_print(pt->table, room, f);
	if (fclose(f) != 0) {
		free(pt->lines);
		pt->lines = NULL;
		return false;
	}
	pt->room = room;
	return true;
}

/* Add the line s[0..n) to lo at `width` columns: a table's line as its
 * lines laid out in width - 1 (the last column blank, as the line
 * interface prints it). Return false out of memory. */
static bool layout_text_line(struct ui_page *pg, const char *s, size_t n,
			     int width, struct page_layout *lo)
{
	struct page_table *pt = table_of(pg, s, n);
	const char *at, *nl;

	if (pt == NULL)
		return layout_line(s, n, width, lo);
	if (!table_lines(pt, width - 1))
		return false;
	for (at = pt->lines; at < pt->lines + pt->len; at = nl + 1) {
		nl = memchr(at, '\n', (size_t)(pt->lines + pt->len - at));
		if (nl == NULL ||
		    !layout_line(at, (size_t)(nl - at), width, lo))
			return nl != NULL;
	}
	return true;
}

/* Lay the text out at the window's width into *lo, each line broken
 * once per draw. Without memory the rest of the text is left out. */
static void page_layout(struct ui_page *pg, struct page_layout *lo)
{
	size_t at = 0, end;

	*lo = (struct page_layout){NULL, 0, 0, 0};
	for (; at < pg->len; at = end + 1) {
		end = line_end(pg, at);
		if (!layout_text_line(pg, pg->text + at, end - at, COLS, lo))
			break;
	}
	lo->lead = leading_blanks(lo->rows, lo->total);
}

/* Draw the rows of `lo` that fit in `height` lines from line `top`, the
 * last ones unless scrolled back. Return the lines used. */
static int draw_text(struct ui_page *pg, const struct page_layout *lo, int top,
		     int height)
{
	char row[PAGE_ROW_MAX];
	int shown = lo->total - lo->lead, first, i;

	if (height <= 0 || shown <= 0)
		return 0;
	if (pg->scroll > shown - height)
		pg->scroll = shown > height ? shown - height : 0;
	first = shown > height ? lo->total - height - pg->scroll : lo->lead;
	for (i = first; i < lo->total && i - first < height; i++) {
		const struct page_row *r = &lo->rows[i];

		snprintf(row, sizeof(row), "%.*s", (int)r->len, r->s);
		ui_screen_put(top + i - first, 0, COLS,
			      r->error ? SCREEN_WARN : SCREEN_PLAIN, row);
	}
	return i - first;
}

/* See ui_page.h. */
int ui_menu_key_width(const int keys[], int n)
{
	int i, w = 1, d;

	for (i = 0; i < n; i++) {
		d = snprintf(NULL, 0, "%d", keys[i]);
		if (d > w)
			w = d;
	}
	return w;
}

/* Draw the menu's items from line `top`, in `height` lines, the chosen
 * one highlighted and in view. */
/* Item i (its key kw columns wide) as shown in item[512]: a label too
 * wide for the window ends after its last whole word that fits, then
 * "...", the last column left blank. */
static void item_text(const struct ui_page *pg, int i, int kw, char *item)
{
	const char *label = pg->labels[i];
	size_t len;
	int room = COLS - (kw + 4) - 4; /* the key, "...", the last column */

	snprintf(item, 512, "  %*d  %s", kw, pg->keys[i], label);
	if (ui_screen_width(item) < COLS || room < 1)
		return;
	i18n_rows(label, strlen(label), room, &len, 1);
	while (len > 0 && label[len - 1] == ' ')
		len--;
	snprintf(item, 512, "  %*d  %.*s...", kw, pg->keys[i], (int)len, label);
}

static void draw_items(struct ui_page *pg, int top, int height)
{
	char item[512];
	int i, w = 0, shown = height < pg->nitems ? height : pg->nitems;
	int kw = ui_menu_key_width(pg->keys, pg->nitems);

	for (i = 0; i < pg->nitems; i++) {
		item_text(pg, i, kw, item);
		if (ui_screen_width(item) + 2 > w)
			w = ui_screen_width(item) + 2;
	}
	w = w < COLS ? w : COLS - 1;
	if (pg->chosen < pg->items_first)
		pg->items_first = pg->chosen;
	if (pg->chosen >= pg->items_first + shown)
		pg->items_first = pg->chosen - shown + 1;
	if (pg->items_first > pg->nitems - shown)
		pg->items_first = pg->nitems - shown;
	pg->items_top = top;
	pg->items_shown = shown;
	for (i = pg->items_first; i < pg->items_first + shown; i++) {
		item_text(pg, i, kw, item);
		snprintf(item + strlen(item), sizeof(item) - strlen(item),
			 "%*s", w - ui_screen_width(item), "");
		ui_screen_put(top + i - pg->items_first, 0, COLS,
			      i == pg->chosen ? SCREEN_CHOSEN : SCREEN_PLAIN,
			      item);
	}
}

/* The first n characters of the typed line as UTF-8 in
 * buf[TERM_LINE_MAX + 1] (the keys' wide characters are Unicode in any
 * locale, with glibc), whatever the locale's character set. */
static const char *line_utf8(const struct ui_page *pg, int n, char *buf)
{
	size_t len = 0;
	int i, k;

	for (i = 0; i < n; i++) {
		k = u8_uctomb((uint8_t *)buf + len, (ucs4_t)pg->line[i],
			      (int)(TERM_LINE_MAX - len));
		len += k > 0 ? (size_t)k : 0;
	}
	buf[len] = '\0';
	return buf;
}

/* The columns the prompt gets on the prompt line: all it needs, or
 * less, down to half the line, so that `typed` and the cursor after it
 * still fit. */
static int foot_prompt_width(const char *prompt, const char *typed)
{
	int want = ui_screen_width(prompt);
	int room = COLS - ui_screen_width(typed) - 1;

	if (room < COLS / 2)
		room = COLS / 2;
	return want < room ? want : room;
}

/* Whether something waits to be answered with Tab (term->tab). */
static bool tab_waits(const struct ui_term *term)
{
	return term->tab.waits != NULL && term->tab.waits(term->tab.ctx);
}

/* The columns an answer has at least beside the prompt on its line. */
#define PAGE_ANSWER_MIN 16

/* The most lines a prompt takes (the last one's end cut beyond). */
#define PROMPT_LINES_MAX 3

/* The lines pg's prompt takes: one when it fits on the prompt line
 * with room for an answer; else up to PROMPT_LINES_MAX, broken between
 * words (UAX #14), lens[0..n-1) the bytes of those above the prompt
 * line. */
static int prompt_lines(const struct ui_page *pg, size_t lens[PROMPT_LINES_MAX])
{
	int n;

	if (pg->prompt == NULL ||
	    ui_screen_width(pg->prompt) + PAGE_ANSWER_MIN <= COLS)
		return 1;
	n = i18n_rows(pg->prompt, strlen(pg->prompt), COLS, lens,
		      PROMPT_LINES_MAX);
	return n < PROMPT_LINES_MAX ? n : PROMPT_LINES_MAX;
}

/* The prompt line and the hint line, and the cursor on the prompt; a
 * long prompt's start on the line above; above them, the notice of a
 * challenge waiting. */
static void draw_foot(struct ui_page *pg)
{
	char typed[TERM_LINE_MAX + 1], head[PAGE_ROW_MAX];
	const char *last;
	size_t lens[PROMPT_LINES_MAX];
	int x, i, lines = prompt_lines(pg, lens);

	if (tab_waits(pg->term))
		ui_screen_put(LINES - 2 - lines, 0, COLS, SCREEN_WARN,
			      _("A challenge is waiting for you: press Tab "
				"to answer it."));
	ui_screen_put_hints(LINES - 1, 0, COLS, SCREEN_DIM,
			    pg->hint != NULL ? pg->hint : "");
	if (pg->prompt == NULL)
		return;
	last = pg->prompt;
	for (i = 0; i + 1 < lines; i++) {
		snprintf(head, sizeof(head), "%.*s", (int)lens[i], last);
		ui_screen_put(LINES - 1 - lines + i, 0, COLS, SCREEN_BOLD,
			      head);
		last += lens[i];
	}
	/* A prompt too long still is cut, never what is typed. */
	x = foot_prompt_width(last, line_utf8(pg, pg->nline, typed));
	ui_screen_put(LINES - 2, 0, x < ui_screen_width(last) ? x - 1 : x,
		      SCREEN_BOLD, last);
	ui_screen_put(LINES - 2, x, COLS - x, SCREEN_PLAIN, typed);
	x += ui_screen_width(line_utf8(pg, pg->cursor, typed));
	move(LINES - 2, x < COLS ? x : COLS - 1);
}

/* The fewest lines the text has under a whole menu: below that, the
 * text takes up to half the room instead. */
#define PAGE_TEXT_MIN 2

/* Draw the page: the title, the text, the menu under it, the foot.
 * Where the whole menu leaves the text fewer than PAGE_TEXT_MIN lines,
 * the text keeps up to half the room (it is what the last choice
 * showed) and the menu shows the part of it around the chosen item. */
static void page_draw(struct ui_page *pg)
{
	size_t lens[PROMPT_LINES_MAX];
	int area = LINES - PAGE_HEAD - PAGE_FOOT + 1 - prompt_lines(pg, lens);
	int menu_h = pg->labels != NULL ? pg->nitems : 0, used, text_h, half;
	struct page_layout lo;

	fflush(pg->out);
	erase();
	ui_screen_put(0, 0, COLS, SCREEN_BOLD, pg->title);
	page_layout(pg, &lo);
	text_h = area - menu_h - (menu_h > 0);
	half = (area - 1) / 2;
	if (menu_h > 0 && text_h < PAGE_TEXT_MIN) {
		used = lo.total - lo.lead;
		text_h = used < half ? used : half;
		menu_h = area - text_h - (text_h > 0);
	}
	pg->text_height = text_h;
	used = draw_text(pg, &lo, PAGE_HEAD, text_h);
	free(lo.rows);
	if (menu_h > 0)
		draw_items(pg, PAGE_HEAD + used + (used > 0),
			   menu_h > 1 ? menu_h : 1);
	draw_foot(pg);
	curs_set(pg->prompt != NULL ? 1 : 0);
	refresh();
}

/* ==== Opening and closing ================================================ */

/* The ui's messages while the page is up (term->sink): lines of the text,
 * shown at once. */
static void page_sink(void *ctx, bool error, const char *text)
{
	struct ui_page *pg = ctx;

	page_line(pg, error ? PAGE_ERROR_STR : "", text);
	page_draw(pg);
}

/* Open the page on the curses session. Return 0, or -1 (nothing done). */
static int page_open(struct ui_term *term)
{
	static const cookie_io_functions_t io = {.write = page_write};
	struct ui_page *pg = calloc(1, sizeof(*pg));

	if (pg == NULL)
		return -1;
	pg->term = term;
	pg->out = fopencookie(pg, "w", io);
	if (pg->out == NULL || ui_screen_open(term) != 0) {
		if (pg->out != NULL)
			fclose(pg->out);
		free(pg);
		return -1;
	}
	fflush(term->out);
	pg->real_out = term->out;
	snprintf(pg->title, sizeof(pg->title), "%s", _("Gomoku Club"));
	term->out = pg->out;
	term->sink = page_sink;
	term->sink_ctx = pg;
	term->page = pg;
	return 0;
}

bool ui_page_active(struct ui_term *term)
{
	if (term->page != NULL)
		return true;
	if (!term->screen)
		return false;
	if (page_open(term) != 0)
		term->screen = false;
	return term->page != NULL;
}

/* Write the text on `out` as the line interface would have (errors on
 * standard error; a table laid out in `cols` columns, as the window
 * was), for the terminal to keep after the screen. */
static void print_text(const struct ui_page *pg, FILE *out, int cols)
{
	const struct page_table *pt;
	size_t at = 0, end;

	while (at < pg->len) {
		end = line_end(pg, at);
		pt = table_of(pg, pg->text + at, end - at);
		if (pt != NULL) {
			ui_table_print(pt->table, cols - 1, out);
		} else if (pg->text[at] == PAGE_ERROR) {
			fflush(out);
			fprintf(stderr, "gomoku: %.*s\n", (int)(end - at - 1),
				pg->text + at + 1);
		} else {
			fprintf(out, "%.*s\n", (int)(end - at), pg->text + at);
		}
		at = end + 1;
	}
}

/* Free the page's tables (their lines in the text stay, standing for
 * nothing). */
static void tables_free(struct ui_page *pg)
{
	int i;

	for (i = 0; i < pg->ntables; i++) {
		ui_table_free(pg->tables[i].table);
		free(pg->tables[i].lines);
	}
	pg->ntables = 0;
}

void ui_page_table(struct ui_term *term, struct ui_table *t)
{
	struct ui_page *pg = term->page;
	struct page_table *grown;
	char line[32];
	int cap;

	if (pg->ntables == pg->tables_cap) {
		cap = pg->tables_cap > 0 ? pg->tables_cap * 2 : 4;
		grown = realloc(pg->tables, (size_t)cap * sizeof(*grown));
		if (grown ==
		    NULL) { /* the table as wide as the window is now */
			ui_table_print(t, COLS - 1, pg->out);
			ui_table_free(t);
			return;
		}
		pg->tables = grown;
		pg->tables_cap = cap;
	}
	pg->tables[pg->ntables] = (struct page_table){t, 0, NULL, 0};
	snprintf(line, sizeof(line), "%c%d", PAGE_TABLE, pg->ntables++);
	page_line(pg, line, "");
}

void ui_page_end(struct ui_term *term)
{
	struct ui_page *pg = term->page;
	int cols = COLS;

	if (pg == NULL) {
		ui_screen_close();
		return;
	}
	fflush(pg->out);
	term->out = pg->real_out;
	term->sink = NULL;
	term->sink_ctx = NULL;
	term->page = NULL;
	fclose(pg->out);
	ui_screen_close();
	print_text(pg, term->out, cols);
	fflush(term->out);
	tables_free(pg);
	free(pg->tables);
	free(pg->text);
	free(pg);
}

/* Clear the page's text and title it `title` (cut to fit). */
static void page_begin(struct ui_page *pg, const char *title)
{
	fflush(pg->out);
	pg->len = 0;
	tables_free(pg);
	pg->scroll = 0;
	snprintf(pg->title, sizeof(pg->title), "%s", title);
}

void ui_page_title(struct ui_term *term, const char *title)
{
	struct ui_page *pg = term->page;

	if (pg == NULL)
		return;
	snprintf(pg->title, sizeof(pg->title), "%s", title);
	page_draw(pg);
}

void ui_page_redraw(struct ui_term *term)
{
	page_draw(term->page);
}

/* ==== Keys =============================================================== */

/* PgUp and PgDn scroll the text by most of a window: true when k was
 * one. */
static bool scroll_key(struct ui_page *pg, const struct screen_key *k)
{
	int by = pg->text_height - 1; /* one line kept in view */

	if (k->kind != SK_KEY || (k->ch != KEY_PPAGE && k->ch != KEY_NPAGE))
		return false;
	pg->scroll +=
		k->ch == KEY_PPAGE ? (by > 1 ? by : 1) : -(by > 1 ? by : 1);
	if (pg->scroll < 0)
		pg->scroll = 0;
	return true;
}

/* Tab: answer what waits (pg->term->tab) on this page,
 * what it showed (title, prompt, line typed, menu) put back afterwards;
 * the text it gained stays. Return UI_OK, or what the question or the
 * match returned. */
static enum ui_status answer_tab(struct ui_page *pg)
{
	struct ui_page *was = malloc(sizeof(*was));
	enum ui_status st;

	if (was == NULL)
		return UI_OK;
	*was = *pg;
	pg->labels = NULL;
	pg->nitems = 0;
	pg->moved = NULL; /* its own reads watch nothing */
	st = (enum ui_status)pg->term->tab.answer(pg->term->tab.ctx);
	was->text = pg->text;
	was->len = pg->len;
	was->cap = pg->cap;
	was->escape = pg->escape;
	was->scroll = pg->scroll;
	was->tables = pg->tables;
	was->ntables = pg->ntables;
	was->tables_cap = pg->tables_cap;
	*pg = *was;
	free(was);
	return st;
}

/* While a read watches the store: let pg->moved look (and draw what it
 * said). Return false when it ended the read (pg->failed says how). */
static bool look(struct ui_page *pg)
{
	bool said = false;

	if (pg->moved == NULL)
		return true;
	pg->failed = pg->moved(pg->moved_ctx, &said);
	if (pg->failed != UI_OK)
		return false;
	if (said)
		page_draw(pg);
	return true;
}

/* Wait for a key for the page: resizes and scrolling are handled here.
 * A terminal that is gone, or Ctrl-D, is the end of input. */
static enum page_wait page_key(struct ui_page *pg, long long deadline,
			       struct screen_key *k)
{
	long long wait;

	for (;;) {
		wait = deadline == 0 ? PAGE_WAIT_MS : deadline - term_now_ms();
		if (wait <= 0)
			return PAGE_TIMEOUT;
		switch (ui_screen_raw_key(
			wait < PAGE_WAIT_MS ? (int)wait : PAGE_WAIT_MS,
			pg->moved != NULL ? pg->wake_fd : -1, k)) {
		case SK_STOP:
			return PAGE_STOP;
		case SK_EOF:
			return PAGE_EOF;
		case SK_NONE:
			if (!look(pg))
				return PAGE_FAILED;
			continue;
		case SK_CHAR:
		case SK_KEY:
		case SK_CLICK:
		case SK_BAD:
		case SK_DROPPED:
			break;
		}
		if (k->kind == SK_CHAR && k->ch == 4)
			return PAGE_EOF;
		if (k->kind == SK_CHAR && k->ch == '\t' &&
		    pg->term->tab.answer != NULL) {
			switch (answer_tab(pg)) {
			case UI_INTERRUPTED:
				return PAGE_STOP;
			case UI_EOF:
				return PAGE_EOF;
			default: /* done, or said why not */
				page_draw(pg);
				continue;
			}
		}
		if (scroll_key(pg, k) ||
		    (k->kind == SK_KEY && k->ch == KEY_RESIZE))
			page_draw(pg);
		else
			return PAGE_KEY;
	}
}

/* The ui status for a wait that ended without a key. */
static enum ui_status wait_status(const struct ui_page *pg, enum page_wait w)
{
	return w == PAGE_STOP	  ? UI_INTERRUPTED
	       : w == PAGE_EOF	  ? UI_EOF
	       : w == PAGE_FAILED ? pg->failed
				  : UI_TIMEOUT;
}

/* ==== The prompt line ===================================================== */

/* The line's UTF-8 bytes with wc inserted (SIZE_MAX when wc has no
 * UTF-8 form). */
static size_t line_bytes(const struct ui_page *pg, wchar_t wc)
{
	uint8_t mb[6];
	size_t n = 0;
	int i, k;

	for (i = 0; i <= pg->nline; i++) {
		k = u8_uctomb(mb, (ucs4_t)(i < pg->nline ? pg->line[i] : wc),
			      (int)sizeof(mb));
		if (k < 0)
			return SIZE_MAX;
		n += (size_t)k;
	}
	return n;
}

/* Insert the character wc at the cursor, if the line has room. */
static void line_insert(struct ui_page *pg, wchar_t wc)
{
	if (wc < L' ' || pg->nline >= TERM_LINE_MAX ||
	    line_bytes(pg, wc) > TERM_LINE_MAX) {
		beep();
		return;
	}
	memmove(pg->line + pg->cursor + 1, pg->line + pg->cursor,
		(size_t)(pg->nline - pg->cursor) * sizeof(wchar_t));
	pg->line[pg->cursor++] = wc;
	pg->nline++;
}

/* Put the control character c alone on the line (Esc's line). */
static void line_insert_raw(struct ui_page *pg, wchar_t c)
{
	pg->line[0] = c;
	pg->nline = pg->cursor = 1;
}

/* Delete the character at index i, if there is one. */
static void line_delete(struct ui_page *pg, int i)
{
	if (i < 0 || i >= pg->nline)
		return;
	memmove(pg->line + i, pg->line + i + 1,
		(size_t)(pg->nline - i - 1) * sizeof(wchar_t));
	pg->nline--;
	if (pg->cursor > i)
		pg->cursor--;
}

/* An editing key on the prompt line: applied, true; false for others. */
static bool edit_key(struct ui_page *pg, const struct screen_key *k)
{
	int ch = k->ch;

	if (k->kind == SK_CHAR && ch >= ' ' && ch != 127) {
		line_insert(pg, (wchar_t)ch);
	} else if (ch == 127 || ch == 8 ||
		   (k->kind == SK_KEY && ch == KEY_BACKSPACE)) {
		line_delete(pg, pg->cursor - 1);
	} else if (k->kind == SK_KEY && ch == KEY_DC) {
		line_delete(pg, pg->cursor);
	} else if (k->kind == SK_KEY && (ch == KEY_LEFT || ch == KEY_RIGHT)) {
		pg->cursor += ch == KEY_LEFT ? (pg->cursor > 0 ? -1 : 0)
					     : (pg->cursor < pg->nline ? 1 : 0);
	} else if ((k->kind == SK_KEY && ch == KEY_HOME) || ch == 1) {
		pg->cursor = 0;
	} else if ((k->kind == SK_KEY && ch == KEY_END) || ch == 5) {
		pg->cursor = pg->nline;
	} else {
		return false;
	}
	return true;
}

/* True for Enter, as a character or a key. */
static bool is_enter(const struct screen_key *k)
{
	return k->ch == '\n' || k->ch == '\r' ||
	       (k->kind == SK_KEY && k->ch == KEY_ENTER);
}

/* The typed line into buf[TERM_LINE_MAX + 1] as UTF-8, its length in
 * *len; the wide copy wiped. */
static void line_take(struct ui_page *pg, char *buf, size_t *len)
{
	*len = strlen(line_utf8(pg, pg->nline, buf));
	memset(pg->line, 0, sizeof(pg->line));
	pg->nline = pg->cursor = 0;
}

enum ui_status ui_page_read(struct ui_term *term, const char *prompt, char *buf,
			    size_t *len, long long deadline)
{
	struct ui_page *pg = term->page;
	struct screen_key k;
	enum page_wait w;
	bool bad = false;

	pg->prompt = prompt;
	pg->hint = _("Enter: done   Esc: cancel   Left, Right, Home, End, "
		     "Backspace: edit   PgUp, PgDn: scroll");
	pg->nline = pg->cursor = 0;
	for (;;) {
		page_draw(pg);
		w = page_key(pg, deadline, &k);
		if (w != PAGE_KEY)
			break;
		if (k.kind == SK_BAD && !bad) /* said once for a run */
			page_line(pg, PAGE_ERROR_STR,
				  _("A character that cannot be read was left "
				    "out of what you typed."));
		bad = k.kind == SK_BAD;
		if (bad)
			continue;
		if (k.kind == SK_DROPPED)
			page_line(pg, PAGE_ERROR_STR,
				  _("An escape sequence was left out of what "
				    "you typed."));
		else if (k.kind == SK_CHAR && k.ch == 27) {
			/* Esc: the line is ESC alone, as Esc then Enter
			 * gives in the line interface (ui_left()) */
			pg->nline = pg->cursor = 0;
			line_insert_raw(pg, 27);
			break;
		} else if (is_enter(&k))
			break;
		else
			edit_key(pg, &k);
	}
	line_take(pg, buf, len);
	pg->prompt = NULL;
	pg->hint = NULL; /* its keys are not the next wait's */
	if (w != PAGE_KEY)
		return wait_status(pg, w);
	page_line(pg, prompt, strcmp(buf, "\x1b") != 0 ? buf : "");
	return UI_OK;
}

enum ui_status
ui_page_read_watched(struct ui_term *term, const char *prompt, char *buf,
		     size_t *len, int wake_fd,
		     enum ui_status (*moved)(void *ctx, bool *said), void *ctx)
{
	struct ui_page *pg = term->page;
	enum ui_status st;

	pg->wake_fd = wake_fd;
	pg->moved = moved;
	pg->moved_ctx = ctx;
	st = ui_page_read(term, prompt, buf, len, 0);
	pg->moved = NULL;
	return st;
}

/* ==== Menus ============================================================== */

/* The item under a click at screen line y, or -1. */
static int item_at(const struct ui_page *pg, int y)
{
	int i = y - pg->items_top;

	return i >= 0 && i < pg->items_shown ? pg->items_first + i : -1;
}

/* The index of the item with key `key`, or -1. */
static int item_of(const struct ui_page *pg, int key)
{
	int i;

	for (i = 0; i < pg->nitems; i++)
		if (pg->keys[i] == key)
			return i;
	return -1;
}

/* Whether a key of two digits begins with digit d (10 begins with 1). */
static bool longer_key(const struct ui_page *pg, int d)
{
	int i;

	for (i = 0; i < pg->nitems; i++)
		if (pg->keys[i] >= 10 && pg->keys[i] / 10 == d)
			return true;
	return false;
}

/* A digit typed in a menu: the index of the item it chooses, or -1. A
 * digit that begins a longer key (1 of 10) only highlights its item and
 * waits: the next digit makes the longer key, Enter takes the item. */
static int menu_digit(struct ui_page *pg, int d)
{
	int i, first = pg->digit;

	pg->digit = -1;
	if (first >= 0 && (i = item_of(pg, 10 * first + d)) >= 0)
		return i;
	i = item_of(pg, d);
	if (i >= 0 && longer_key(pg, d)) {
		pg->chosen = i;
		pg->digit = d;
		return -1;
	}
	return i;
}

/* A key in a menu: the index of the item it chooses, or -1 (the
 * highlight may have moved). */
static int menu_key(struct ui_page *pg, const struct screen_key *k)
{
	if (pg->esc_back && k->kind == SK_CHAR && k->ch == 27)
		return item_of(pg, 0); /* Esc alone: a sequence is SK_DROPPED */
	if (k->kind == SK_CHAR && k->ch >= '0' && k->ch <= '9')
		return menu_digit(pg, k->ch - '0');
	pg->digit = -1;
	if (is_enter(k) || (k->kind == SK_CHAR && k->ch == ' '))
		return pg->chosen;
	if (k->kind == SK_CLICK)
		return item_at(pg, k->row);
	if ((k->kind == SK_KEY && k->ch == KEY_UP) || k->ch == 'k')
		pg->chosen = (pg->chosen + pg->nitems - 1) % pg->nitems;
	else if ((k->kind == SK_KEY && k->ch == KEY_DOWN) || k->ch == 'j')
		pg->chosen = (pg->chosen + 1) % pg->nitems;
	return -1;
}

enum ui_status ui_page_menu(struct ui_term *term, const char *title,
			    const char *const labels[], const int keys[], int n,
			    int *choice, bool esc_back)
{
	struct ui_page *pg = term->page;
	struct screen_key k;
	enum page_wait w;
	int i = -1;

	snprintf(pg->title, sizeof(pg->title), "%s", title);
	pg->labels = labels;
	pg->keys = keys;
	pg->nitems = n;
	pg->chosen = 0;
	pg->items_first = 0;
	pg->digit = -1;
	pg->esc_back = esc_back;
	pg->prompt = _("Choose: ");
	pg->hint = _("Up, Down: move   Enter: choose   a number: choose it   "
		     "PgUp, PgDn: scroll");
	while (i < 0) {
		page_draw(pg);
		w = page_key(pg, 0, &k);
		if (w != PAGE_KEY)
			break;
		i = menu_key(pg, &k);
	}
	pg->labels = NULL;
	pg->nitems = 0;
	pg->prompt = NULL;
	pg->hint = NULL; /* its keys are not the next wait's */
	if (i < 0)
		return wait_status(pg, w);
	*choice = keys[i];
	page_begin(pg, labels[i]);
	return UI_OK;
}

/* ==== Passwords ========================================================== */

struct secret_prompt {
	struct ui_page *pg;
	const char *prompt;
};

/* Show the password's prompt (a term_prompt's show: echo is off), the
 * whole screen drawn again, at the window's size: it is shown again
 * after Ctrl-Z and fg, and when the window is resized. */
static void show_secret_prompt(void *ctx)
{
	struct secret_prompt *p = ctx;

	p->pg->prompt = p->prompt;
	/* four hints, kept from the first as the width allows */
	p->pg->hint = _("The password is not shown.   The arrow keys do "
			"nothing.   Backspace erases.   Enter: done");
	p->pg->nline = p->pg->cursor = 0;
	clearok(curscr, TRUE); /* after Ctrl-Z and fg the shell wrote over it */
	ui_screen_follow_resize();
	page_draw(p->pg);
}

enum auth_read ui_page_secret(struct ui_term *term, const char *prompt,
			      struct auth_secret *pw)
{
	struct secret_prompt p = {term->page, prompt};
	const struct term_prompt show = {show_secret_prompt, &p};
	enum auth_read r;

	fflush(term->page->out);
	ui_screen_shell_mode(true);
	r = auth_secret_read(term->in, pw, &show);
	ui_screen_shell_mode(false);
	term->page->prompt = NULL;
	if (r == AUTH_READ_OK || r == AUTH_READ_TOO_LONG)
		page_line(term->page, prompt, "");
	page_draw(term->page);
	return r;
}
