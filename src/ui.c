/* ui.c -- prompts, questions, menus and messages. */
#include "ui.h"

#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <unistr.h>

#include "notation.h"
#include "number.h"
#include "store.h"
#include "store_live.h"
#include "ui_internal.h"
#include "ui_page.h"
#include "ui_presence_types.h"
#include "ui_screen.h"

int ui_exit_status(enum ui_status st)
{
	switch (st) {
	case UI_OK:
	case UI_EOF:
		return 0;
	case UI_USAGE:
		return 2;
	case UI_INTERRUPTED:
		return 128 + (term_stop_signal() != 0 ? term_stop_signal() : 2);
	case UI_REFUSED:
	case UI_FAILED:
	case UI_TIMEOUT:
	case UI_STALE:
		break;
	}
	return 1;
}

/* Length of the escape sequence starting at s (ESC or CSI), so it can be
 * skipped whole: ESC [ params final, ESC ] ... BEL/ST, or ESC X. */
static size_t escape_length(const unsigned char *s)
{
	size_t n = 1;

	if (s[1] == '[') {
		for (n = 2; s[n] != '\0' && (s[n] < 0x40 || s[n] > 0x7E); n++)
			;
		return s[n] != '\0' ? n + 1 : n;
	}
	if (s[1] == ']') {
		for (n = 2; s[n] != '\0' && s[n] != 0x07 && s[n] != 0x1B; n++)
			;
		return s[n] != '\0' ? n + 1 : n;
	}
	return s[1] != '\0' ? 2 : 1;
}

const char *ui_clean(const char *s, char *buf, size_t cap)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	while (*p != '\0' && n + 1 < cap) {
		if (*p == 0x1B)
			p += escape_length(p);
		else if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7F)
			p++;
		else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F)
			p += 2; /* a C1 control in UTF-8 */
		else
			buf[n++] = (char)*p++;
	}
	buf[n] = '\0';
	return buf;
}

/* The columns a line of the line interface breaks at: the terminal's
 * width when the output is a terminal and no page or game screen takes
 * the text, else 0 (a pipe or file gets lines whole). */
static int line_columns(struct ui_term *term)
{
	if (term->sink != NULL || ui_page_active(term))
		return 0;
	return term_columns(STDOUT_FILENO);
}

/* Write the cleaned line `text` (no newline) broken between words into
 * rows of the terminal's width (i18n_rows()), each row's end spaces
 * dropped where it breaks, so that the terminal never cuts a word; the
 * last row is left open (a prompt's answer follows it). */
static void put_rows(struct ui_term *term, const char *text)
{
	size_t lens[64], at = 0, len;
	int cols = line_columns(term), rows, i;

	rows = cols > 0 ? i18n_rows(text, strlen(text), cols, lens, 64) : 1;
	for (i = 0; i + 1 < rows && i < 63; i++) {
		len = lens[i];
		while (len > 0 && text[at + len - 1] == ' ')
			len--;
		fprintf(term->out, "%.*s\n", (int)len, text + at);
		at += lens[i];
	}
	fputs(text + at, term->out);
	term->written = true;
}

/* put_rows() for each line of `text`, each ended. */
static void put_lines(struct ui_term *term, char *text)
{
	char *end;

	for (;; text = end + 1) {
		end = strchr(text, '\n');
		if (end != NULL)
			*end = '\0';
		put_rows(term, text);
		fputc('\n', term->out);
		if (end == NULL)
			return;
	}
}

/* Format a message and write it cleaned (see ui_clean()) with a
 * newline, on the output (broken between words at a terminal's width:
 * put_lines()) or (`error`) standard error, or hand it to
 * ui->term.sink: whatever names, paths or arguments it holds, it cannot
 * drive the terminal. */
static void put_message(struct ui_term *term, bool error, const char *fmt,
			va_list ap)
{
	char text[UI_MESSAGE_MAX], clean[UI_MESSAGE_MAX];

	vsnprintf(text, sizeof(text), fmt, ap);
	ui_clean(text, clean, sizeof(clean));
	if (term->prompt_open && term->sink == NULL) {
		fputc('\n', term->out); /* off the prompt's line */
		term->prompt_open = false;
	}
	if (term->sink != NULL) {
		term->sink(term->sink_ctx, error, clean);
	} else if (error) {
		fflush(term->out);
		fprintf(stderr, "gomoku: %s\n", clean);
	} else {
		put_lines(term, clean);
	}
}

void ui_break(struct ui_term *term)
{
	if (term->written || ui_page_active(term))
		fputc('\n', term->out);
	term->written = true;
}

void ui_say(struct ui_term *term, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	put_message(term, false, fmt, ap);
	va_end(ap);
}

void ui_error(struct ui_term *term, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	put_message(term, true, fmt, ap);
	va_end(ap);
}

/* See ui.h. */
struct player *ui_player(struct ui *ui, long long id)
{
	struct player *p;

	if (ui->club.players == NULL)
		return NULL;
	p = plist_find_id(ui->club.players, id);
	if (p == NULL && id > 0 &&
	    store_reload_player(ui->club.store, ui->club.players, id) ==
		    STORE_OK)
		p = plist_find_id(ui->club.players, id);
	return p;
}

/* See ui.h. */
enum ui_status ui_player_named(struct ui *ui, const char *name,
			       struct player **p)
{
	enum store_status st;

	*p = NULL;
	if (ui->club.players == NULL) {
		ui_error(&ui->term, "%s", _("the club is not open"));
		return UI_FAILED;
	}
	st = store_find_player(ui->club.store, ui->club.players, name, p);
	if (st == STORE_OK || st == STORE_NOT_FOUND)
		return UI_OK;
	*p = NULL;
	return ui_store_failed(ui, NULL);
}

bool ui_session_ended(struct ui *ui)
{
	long long who = store_stale_player(ui->club.store);
	const struct player *p;

	if (who == 0)
		return false;
	if (ui->club.stale != who) {
		p = ui_player(ui, who);
		ui_say(&ui->term,
		       _("%s, your password was changed in another session. "
			 "Please log in again."),
		       p != NULL ? p->username : "");
		ui->club.stale = who;
	}
	return true;
}

int ui_wake_fd(struct ui_club *club)
{
	return club->store != NULL ? store_change_fd(club->store) : -1;
}

int ui_wait(struct ui *ui, int fd, long long deadline)
{
	long long look = term_now_ms() + UI_POLL_MS;
	int ready = term_wait_input_or(
		fd, ui_wake_fd(&ui->club),
		deadline != 0 && deadline < look ? deadline : look);

	return ready == 2 ? 0 : ready;
}

bool ui_store_moved(struct ui_club *club, long long *version)
{
	long long v = 0;

	if (store_data_version(club->store, &v) != STORE_OK)
		return true;
	if (v == *version)
		return false;
	*version = v;
	return true;
}

enum ui_status ui_store_failed(struct ui *ui, const char *what)
{
	if (ui_session_ended(ui))
		return UI_STALE;
	if (what != NULL)
		ui_error(&ui->term, "%s: %s", what,
			 store_errmsg(ui->club.store));
	else
		ui_error(&ui->term, "%s", store_errmsg(ui->club.store));
	return UI_FAILED;
}

/* Write the non-ASCII character at the start of the UTF-8 text p as
 * JSON's \uXXXX (a surrogate pair beyond U+FFFF; an invalid byte is
 * U+FFFD). Return the bytes it took. */
static size_t put_json_escaped(const struct ui_term *term, const uint8_t *p)
{
	ucs4_t uc;
	int n = u8_mbtoucr(&uc, p, strlen((const char *)p));

	if (n <= 0) {
		uc = 0xFFFD;
		n = 1;
	}
	if (uc > 0xFFFF)
		fprintf(term->out, "\\u%04x\\u%04x",
			(unsigned)(0xD800 + ((uc - 0x10000) >> 10)),
			(unsigned)(0xDC00 + ((uc - 0x10000) & 0x3FF)));
	else
		fprintf(term->out, "\\u%04x", (unsigned)uc);
	return (size_t)n;
}

void ui_put_json(struct ui_term *term, const char *s)
{
	const uint8_t *p = (const uint8_t *)s;
	bool ascii = i18n_terminal_codeset() != NULL;

	fputc('"', term->out);
	while (*p != '\0') {
		if (*p >= 0x80 && ascii) {
			p += put_json_escaped(term, p);
			continue;
		}
		if (*p == '"' || *p == '\\')
			fprintf(term->out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7F)
			fprintf(term->out, "\\u%04x", *p);
		else
			fputc(*p, term->out);
		p++;
	}
	fputc('"', term->out);
}

void ui_put_clean(struct ui_term *term, const char *s)
{
	char buf[UI_CLEAN_MAX];

	fputs(ui_clean(s, buf, sizeof(buf)), term->out);
	term->written = true;
}

/* After a prompt answered from a file or pipe, end the line so the
 * transcript stays readable (a terminal echoes the player's Enter). */
static void end_prompt_line(const struct ui_term *term)
{
	if (!term->tty_in)
		fputc('\n', term->out);
}

enum ui_status ui_read(struct ui *ui, const char *prompt, char *buf,
		       size_t *len)
{
	return ui_read_until(ui, prompt, buf, len, 0);
}

/* Bring the line buf[0..*len) (in buf[TERM_LINE_MAX + 1]) into UTF-8
 * from the terminal's character set, if it is another, and check it.
 * Return TERM_OK; TERM_TOO_LONG when the UTF-8 line would not fit;
 * TERM_ERROR when it holds a NUL byte or is not valid in that character
 * set (or, when that is UTF-8, not valid UTF-8). */
static enum term_read line_to_utf8(char *buf, size_t *len)
{
	const char *codeset = i18n_terminal_codeset();
	int rc;

	if (memchr(buf, '\0', *len) != NULL)
		return TERM_ERROR;
	if (codeset != NULL) {
		rc = i18n_to_utf8(codeset, buf, len, TERM_LINE_MAX + 1);
		if (rc != 0)
			return rc == -2 ? TERM_TOO_LONG : TERM_ERROR;
	}
	return notation_utf8_valid(buf, *len) ? TERM_OK : TERM_ERROR;
}

/* The last challenge announced here (ui_presence_look()), 0 for none. */
static long long told(const struct ui *ui)
{
	return ui->presence != NULL ? ui->presence->told : 0;
}

/* Line mode, before a prompt or menu of the player logged in here: a
 * challenge that came for them is asked about first (ui->challenge_hook,
 * which does nothing when none came). Return UI_OK to go on with the
 * prompt, else what the question or the match returned. */
static enum ui_status challenge_first(struct ui *ui)
{
	return ui->challenge_hook != NULL ? ui->challenge_hook(ui, false)
					  : UI_OK;
}

/* ui_read_until(), the prompt already on the line interface's screen
 * the first time when `shown` (ui_read_watched()). */
static enum ui_status read_until(struct ui *ui, const char *prompt, char *buf,
				 size_t *len, long long deadline, bool shown)
{
	char clean[UI_CLEAN_MAX];

	if (ui_page_active(&ui->term))
		return ui_page_read(&ui->term, prompt, buf, len, deadline);
	for (;; shown = false) {
		enum term_read r;
		enum ui_status st = challenge_first(ui);
		long long before = told(ui);

		if (st != UI_OK)
			return st;
		if (!shown)
			put_rows(&ui->term,
				 ui_clean(prompt, clean, sizeof(clean)));
		fflush(ui->term.out);
		ui->term.prompt_open = true;
		r = term_read_line_until(ui->term.in, buf, len, deadline);
		ui->term.prompt_open = false;
		if (r == TERM_OK && *len == 0 && told(ui) != before) {
			end_prompt_line(&ui->term);
			continue; /* Enter, as the notice said: asked next */
		}
		if (r == TERM_EOF || r == TERM_INTERRUPTED ||
		    r == TERM_TIMEOUT) {
			fputc('\n', ui->term.out);
			return r == TERM_EOF	   ? UI_EOF
			       : r == TERM_TIMEOUT ? UI_TIMEOUT
						   : UI_INTERRUPTED;
		}
		end_prompt_line(&ui->term);
		if (r == TERM_OK)
			r = line_to_utf8(buf, len);
		if (r == TERM_TOO_LONG)
			ui_say(&ui->term,
			       ngettext("That line is too long (at most %d "
					"character). Please try again.",
					"That line is too long (at most %d "
					"characters). Please try again.",
					TERM_LINE_MAX),
			       TERM_LINE_MAX);
		else if (r == TERM_ERROR)
			ui_say(&ui->term,
			       _("That line has characters that cannot "
				 "be read. Please try again."));
		else
			return UI_OK;
	}
}

enum ui_status ui_read_until(struct ui *ui, const char *prompt, char *buf,
			     size_t *len, long long deadline)
{
	return read_until(ui, prompt, buf, len, deadline, false);
}

/* Strip blanks at both ends of the NUL-terminated line in place. */
static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*end = '\0';
	return s;
}

/* The line read into buf (as ui_read() gives it, with status st)
 * without the blanks at its ends. */
static enum ui_status trimmed(enum ui_status st, char *buf)
{
	char *word;

	if (st != UI_OK)
		return st;
	word = trim(buf);
	memmove(buf, word, strlen(word) + 1);
	return UI_OK;
}

enum ui_status ui_read_word(struct ui *ui, const char *prompt, char *buf)
{
	size_t len;

	return trimmed(ui_read(ui, prompt, buf, &len), buf);
}

/* Show the line interface's `prompt` for a read after a wait. */
static void show_prompt(struct ui_term *term, const char *prompt)
{
	char clean[UI_CLEAN_MAX];

	put_rows(term, ui_clean(prompt, clean, sizeof(clean)));
	term->prompt_open = true;
	fflush(term->out);
}

/* A read watching the store (ui_read_watched()): the caller's look,
 * and the store's version it last saw (0: not yet, so the first wait
 * looks once). */
struct watch {
	struct ui *ui;
	enum ui_status (*moved)(void *ctx, bool *said);
	void *ctx;
	long long version;
};

/* Let the caller look when another process has committed since the
 * last look. */
static enum ui_status watch_look(void *ctx, bool *said)
{
	struct watch *w = ctx;

	if (!ui_store_moved(&w->ui->club, &w->version))
		return UI_OK;
	return w->moved(w->ctx, said);
}

enum ui_status ui_read_watched(struct ui *ui, const char *prompt, char *buf,
			       enum ui_status (*moved)(void *ctx, bool *said),
			       void *ctx)
{
	struct watch w = {ui, moved, ctx, 0};
	enum ui_status st = UI_OK;
	size_t len;
	bool said;
	int ready;

	if (ui_page_active(&ui->term))
		return trimmed(ui_page_read_watched(&ui->term, prompt, buf,
						    &len, ui_wake_fd(&ui->club),
						    watch_look, &w),
			       buf);
	show_prompt(&ui->term, prompt);
	while (st == UI_OK && (ready = ui_wait(ui, ui->term.in, 0)) == 0) {
		said = false;
		st = watch_look(&w, &said);
		if (st == UI_OK && said)
			show_prompt(&ui->term, prompt); /* under what it said */
	}
	if (st == UI_OK && ready > 0)
		return trimmed(read_until(ui, prompt, buf, &len, 0, true), buf);
	if (ui->term.prompt_open)
		fputc('\n', ui->term.out);
	ui->term.prompt_open = false;
	return st == UI_OK ? UI_INTERRUPTED : st;
}

bool ui_left(const char *line)
{
	return line[0] == '\0' || strcmp(line, "\x1b") == 0;
}

/* Lower-case ASCII letters in place. */
static void lower_ascii(char *s)
{
	for (; *s != '\0'; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

/* True when `word` is one of the NULL-terminated `words`. */
static bool word_in(const char *word, const char *const words[])
{
	for (; *words != NULL; words++)
		if (strcmp(word, *words) == 0)
			return true;
	return false;
}

const char *ui_time(long long t, bool clock, char *buf)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (t <= 0 || localtime_r(&tt, &tm) == NULL ||
	    strftime(buf, UI_NAME_MAX, clock ? "%Y-%m-%d %H:%M" : "%Y-%m-%d",
		     &tm) == 0)
		snprintf(buf, UI_NAME_MAX, "-");
	return buf;
}

/* ui_yes_no() on the status line of the game screen s. */
static enum ui_status screen_yes_no(struct screen *s, const char *question,
				    bool *yes)
{
	int answer = ui_screen_yes_no(s, question);

	ui_screen_say(s, false, "%s", "");
	if (answer < 0)
		return UI_INTERRUPTED;
	*yes = answer == 1;
	return UI_OK;
}

enum ui_status ui_yes_no(struct ui *ui, const char *question, bool *yes)
{
	static const char *const yes_words[] = {"y",  "yes",  "是",
						"好", "是的", NULL};
	static const char *const no_words[] = {"n",  "no",   "否",
					       "不", "不要", NULL};
	char buf[TERM_LINE_MAX + 1], prompt[512];
	struct screen *s = ui_screen_of(&ui->term);
	size_t len;

	if (s != NULL) /* a game is on the screen: asked on its status line */
		return screen_yes_no(s, question, yes);
	snprintf(prompt, sizeof(prompt), "%s %s ", question, _("[y/n]"));
	for (;;) {
		enum ui_status st = ui_read(ui, prompt, buf, &len);
		char *answer;

		if (st != UI_OK)
			return st;
		answer = trim(buf);
		lower_ascii(answer);
		if (strcmp(answer, "\x1b") == 0) { /* Esc: no */
			*yes = false;
			return UI_OK;
		}
		if (word_in(answer, yes_words) || word_in(answer, no_words)) {
			*yes = word_in(answer, yes_words);
			return UI_OK;
		}
		ui_say(&ui->term, _("Please answer y (yes) or n (no)."));
	}
}

/* ui_menu(), or with `step` ui_menu_step(). */
static enum ui_status menu(struct ui *ui, const char *title,
			   const char *const labels[], const int keys[], int n,
			   int *choice, bool step)
{
	char buf[TERM_LINE_MAX + 1];
	enum ui_status st;
	size_t len;
	int i, width;

	if (ui_page_active(&ui->term))
		return ui_page_menu(&ui->term, title, labels, keys, n, choice,
				    step);
	st = challenge_first(ui);
	if (st != UI_OK)
		return st;
	ui_break(&ui->term);
	ui_say(&ui->term, "%s", title);
	width = ui_menu_key_width(keys, n);
	for (i = 0; i < n; i++)
		ui_say(&ui->term, "  %*d  %s", width, keys[i], labels[i]);
	for (;;) {
		unsigned long long v = 0;
		const char *line;
		bool number;

		st = ui_read(ui, _("Choose: "), buf, &len);
		if (st != UI_OK)
			return st;
		line = trim(buf);
		number = number_parse(line, 0, 999, &v) == 0;
		if (step && ui_left(line)) { /* Enter: the first; Esc: 0 */
			number = true;
			v = line[0] == '\0' ? (unsigned long long)keys[0] : 0;
		}
		for (i = 0; number && i < n; i++) {
			if ((unsigned long long)keys[i] == v) {
				*choice = keys[i];
				return UI_OK;
			}
		}
		ui_say(&ui->term, _("Please type one of the numbers shown."));
	}
}

enum ui_status ui_menu(struct ui *ui, const char *title,
		       const char *const labels[], const int keys[], int n,
		       int *choice)
{
	return menu(ui, title, labels, keys, n, choice, false);
}

enum ui_status ui_menu_step(struct ui *ui, const char *title,
			    const char *const labels[], const int keys[], int n,
			    int *choice)
{
	return menu(ui, title, labels, keys, n, choice, true);
}
