/* ui.h -- the ui's prompts and messages (ui.c), on struct ui
 * (ui_types.h): what the ui files above ui.c say and ask with. Each
 * ui file's commands are declared in its own header beside it in src/
 * (ui_menu.h, ui_account.h, ui_records.h, ...), for main.c and the
 * files above it.
 *
 * The ui is the only layer that prints. It reads standard input line by
 * line (term.h) and passwords through auth.h, and reaches the database
 * only through store.h.
 */
#ifndef GOMOKU_UI_H
#define GOMOKU_UI_H

#include <stdbool.h>
#include <stddef.h>

#include "ui_types.h"

/* ---- ui.c: prompts and messages ---- */

/* The exit status for a run that ended with `st`: 0 (done or end of
 * input), 1 (refused, failed, timed out), 2 (usage) or 128 + the stop
 * signal. Cannot fail. */
int ui_exit_status(enum ui_status st);

/* The player with id `id` from ui->club.players, read into it from the
 * store when it does not hold them yet (store_reload_player()): the one
 * way the ui finds a player by id (an id the store gave: players are
 * never deleted). NULL when the store cannot say, or the club is not
 * open with a list. */
struct player *ui_player(struct ui *ui, long long id);

/* The player called `name` (in any case) into *p, the same way
 * (store_find_player()): the one way the ui finds a player by name.
 * Return UI_OK with *p NULL when there is no such player; UI_FAILED
 * after saying why the store could not tell (or UI_STALE: the session
 * ended), *p NULL. */
enum ui_status ui_player_named(struct ui *ui, const char *name,
			       struct player **p);

/* Print a message line (printf-style) on the output, cleaned as by
 * ui_clean() and cut at UI_MESSAGE_MAX bytes (or hand it to ui->term.sink).
 * A failed write is left in the stream's error flag. */
void ui_say(struct ui_term *term, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Begin a part of the output that may come first (a menu, a listing,
 * a record, a replayed position) with a blank line, except as the
 * output's first line: a command such as `gomoku stats` starts with its
 * title. On a full-screen page, always (the page's title is above it).
 * What ui_say() and ui_put_clean() wrote counts as written; a blank line
 * inside a part is the part's own. */
void ui_break(struct ui_term *term);

/* Print an error line on standard error, prefixed "gomoku: ", cleaned as
 * by ui_clean() and cut at UI_MESSAGE_MAX bytes, after flushing the
 * output so the two stay in order (or hand it to ui->term.sink). A failed
 * write is not reported. */
void ui_error(struct ui_term *term, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Show `prompt` and read a line into the caller's buf[TERM_LINE_MAX + 1]
 * (its length in *len), in UTF-8: converted from the terminal's
 * character set when that is another (i18n_terminal_codeset()). Lines
 * that are too long (also once converted), not valid in that character
 * set or hold a NUL byte get a message and the prompt again. Return UI_OK with
 * the line, or UI_EOF (end of input or a read error) or UI_INTERRUPTED (a stop
 * signal), and then buf holds no line. */
enum ui_status ui_read(struct ui *ui, const char *prompt, char *buf,
		       size_t *len);

/* ui_read() with a deadline in term_now_ms() time (0 = none); returns
 * UI_TIMEOUT (and no line) when it passes first. */
enum ui_status ui_read_until(struct ui *ui, const char *prompt, char *buf,
			     size_t *len, long long deadline);

/* Room for ui_time() and a side's name (words_computer()). */
#define UI_NAME_MAX 64

/* Unix time t as local "YYYY-MM-DD" (or "YYYY-MM-DD HH:MM" with
 * `clock`) in the caller's buf[UI_NAME_MAX]; "-" for 0 or a time that
 * cannot be shown (so it never fails). Return buf. */
const char *ui_time(long long t, bool clock, char *buf);

/* ui_read() with blanks at both ends of the line taken off, into the
 * caller's buf[TERM_LINE_MAX + 1]; the same results as ui_read(). */
enum ui_status ui_read_word(struct ui *ui, const char *prompt, char *buf);

/* True when the line read (NUL-terminated, as ui_read_word() trims it)
 * asks to leave its prompt: an empty line, or Esc (the line is ESC
 * alone: Esc on the full screen, Esc then Enter in the line interface). */
bool ui_left(const char *line);

/* Ask a yes/no question (y/yes/n/no, or the Chinese words) until it is
 * answered. Return UI_OK with the answer in *yes, or UI_EOF or
 * UI_INTERRUPTED when input ends first (*yes unchanged). */
enum ui_status ui_yes_no(struct ui *ui, const char *question, bool *yes);

/* Show a numbered menu of labels[0..n-1] and read a choice until it is
 * one of keys[0..n-1]. Return UI_OK with the key in *choice, or UI_EOF
 * or UI_INTERRUPTED when input ends first (*choice unchanged). */
enum ui_status ui_menu(struct ui *ui, const char *title,
		       const char *const labels[], const int keys[], int n,
		       int *choice);

/* Room for a cleaned name, path or argument; longer ones are cut. */
#define UI_CLEAN_MAX 512

/* Room for one message of ui_say() or ui_error(). */
#define UI_MESSAGE_MAX 4096

/* Copy `s` into the caller's buf[cap] (cap > 0) without control
 * characters (C0 but newline and tab, DEL, C1 and whole ESC sequences),
 * so text from a user, a file or the database can never drive the
 * terminal; a longer text is cut. Return buf; cannot fail. */
const char *ui_clean(const char *s, char *buf, size_t cap);

/* Write the UTF-8 text `s` as a JSON string on the output: quoted, with
 * quotes, backslashes and control characters escaped. On a terminal in
 * another character set (i18n_terminal_codeset()) every non-ASCII
 * character is escaped too, as \uXXXX (a surrogate pair beyond U+FFFF,
 * U+FFFD for an invalid byte), so the JSON is plain ASCII whatever the
 * set lacks. A failed write is left in the stream's error flag. */
void ui_put_json(struct ui_term *term, const char *s);

/* Write `s` on the output as ui_clean() leaves it (cut at
 * UI_CLEAN_MAX bytes). A failed write is left in the stream's error
 * flag. */
void ui_put_clean(struct ui_term *term, const char *s);

#endif
