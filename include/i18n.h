/* i18n.h -- translations (GNU gettext) and the terminal's character set.
 *
 * Every message a user sees is written _("English text"); N_() marks a
 * string for translation where it is defined and _() translates it where
 * it is shown. English is the source language; po/zh_CN.po holds Chinese.
 *
 * Inside the program all text is UTF-8: messages, names from the
 * database, the board's symbols. A terminal whose character set is
 * another (GBK, ISO-8859-1...) meets it at one edge each way: output
 * through a converting stream (i18n_output_open()), input lines through
 * i18n_to_utf8().
 */
#ifndef GOMOKU_I18N_H
#define GOMOKU_I18N_H

#include <libintl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define _(s)  gettext(s)
#define N_(s) (s)

enum lang { LANG_EN = 0, LANG_ZH };

/* Decide the language: `option` ("en" or "zh", from --lang) when not
 * NULL, else the first of LC_ALL, LC_MESSAGES, LANG that is set, where
 * zh* means Chinese. Return -1 when `option` is not a known language. */
int i18n_choose(const char *option, enum lang *out);

/* The board's symbols that not every character set has. */
enum i18n_symbol {
	I18N_BLACK = 0, /* ● */
	I18N_WHITE,	/* ○ */
	I18N_EMPTY,	/* · */
	I18N_MARK,	/* × */
	I18N_SYMBOLS
};
#define I18N_SYMBOL_MAX 8 /* bytes of one symbol in any character set */

/* Set the locale from the environment (falling back to C.UTF-8 when the
 * named locale is not installed), bind the message catalogue found in
 * `locale_dir` (see paths.h) and select `lang`, even when the zh_CN
 * locale itself has not been generated. Messages come in UTF-8 whatever
 * the locale; the terminal's character set (nl_langinfo(CODESET)) is
 * remembered for i18n_terminal_codeset(). Return true when that
 * character set has every board symbol, false when the board must use
 * ASCII (always in the plain C locale). */
bool i18n_init(enum lang lang, const char *locale_dir);

/* Switch the messages to `lang` from now on (the Preferences page, a
 * login): every _() after it answers in that language. i18n_init() must
 * have run. Cannot fail (a missing catalogue leaves English). */
void i18n_set_lang(enum lang lang);

/* The board symbol `which` in UTF-8, when the terminal's character set
 * has it (as i18n_init() found): a static string, "" before i18n_init()
 * or when the character set has no such symbol (or `which` is not one). */
const char *i18n_symbol(enum i18n_symbol which);

/* The terminal's character set as i18n_init() found it (a static
 * string, e.g. "GBK" or "ISO-8859-1") when text must be converted to
 * and from it; NULL when it is UTF-8, or plain ASCII (the C locale says
 * nothing about the terminal: its text passes as UTF-8), or before
 * i18n_init(). */
const char *i18n_terminal_codeset(void);

/* Open a write-only stream that takes UTF-8 text and writes it to
 * `under` in `codeset` (an iconv name such as "GBK"): a character the
 * character set lacks becomes '?', and so does each invalid UTF-8
 * sequence; a character split across writes is held until its end
 * arrives. `buffering` is the stream's own (_IOFBF, _IOLBF, _IONBF);
 * whenever it writes through, `under` is flushed too. Closing it with
 * fclose() writes '?' for an unfinished last character, flushes `under`
 * and leaves it open. The caller owns the stream (fclose() it before
 * `under`). Return NULL, with nothing to close, when iconv does not
 * know `codeset` or memory runs out. A failed write of `under` is left
 * in the stream's error flag. */
FILE *i18n_output_open(FILE *under, const char *codeset, int buffering);

/* Convert the line buf[0..*len) read from the terminal from `codeset`
 * to UTF-8 in place, NUL-terminated, with its new length in *len; the
 * caller's buf has room for cap bytes (cap > 0). Return 0; -1 when the
 * bytes are not valid in `codeset`, or end in half a character (or iconv
 * does not know `codeset`, or memory runs out); -2 when the UTF-8 text
 * would not fit in cap bytes with its NUL. buf is unchanged unless 0 is
 * returned. Not for passwords: it copies the line. */
int i18n_to_utf8(const char *codeset, char *buf, size_t *len, size_t cap);

/* Columns that the UTF-8 string `s` takes on a terminal (GNU
 * libunistring's widths): 2 for wide (CJK) characters, 1 for others, 0
 * for combining marks and control characters; an invalid byte counts as
 * one U+FFFD. A character that the terminal's character set lacks
 * (i18n_terminal_codeset()) takes 1, for the '?' it is shown as. */
int i18n_width(const char *s);

/* Copy into buf (cap bytes, cap > 0) the longest start of the UTF-8
 * string `s` that takes at most `columns` columns and fits with its NUL,
 * cut only between characters. Return the columns it takes (see
 * i18n_width()). */
int i18n_fit(const char *s, int columns, char *buf, size_t cap);

/* Split the n bytes of UTF-8 text at s (one line: no newline) into rows
 * of at most `width` columns (as i18n_width() counts them), where the
 * Unicode line-breaking rules allow a break (UAX #14, libunistring),
 * inside a word only when the word alone is wider than a row: the bytes
 * of each row (spaces at its end included) into lens[0..max) (lens may
 * be NULL). Return how many rows there are, 1 at least. Both front ends
 * break lines here: the full-screen one's boxes and page, the line
 * interface's messages and prompts on a terminal. */
int i18n_rows(const char *s, size_t n, int width, size_t lens[], int max);

#endif
