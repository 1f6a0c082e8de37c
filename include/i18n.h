/* i18n.h -- translations (GNU gettext) and the terminal's character set.
 *
 * Every message a user sees is written _("English text"); N_() marks a
 * string for translation where it is defined and _() translates it where
 * it is shown. English is the source language; po/zh_CN.po holds Chinese.
 */
#ifndef GOMOKU_I18N_H
#define GOMOKU_I18N_H

#include <libintl.h>
#include <stdbool.h>

#define _(s)  gettext(s)
#define N_(s) (s)

enum lang { LANG_EN = 0, LANG_ZH };

/* Decide the language: `option` ("en" or "zh", from --lang) when not
 * NULL, else the first of LC_ALL, LC_MESSAGES, LANG that is set, where
 * zh* means Chinese. Return -1 when `option` is not a known language. */
int i18n_choose(const char *option, enum lang *out);

/* Set the locale from the environment (falling back to C.UTF-8 when the
 * named locale is not installed), bind the message catalogue found in
 * `locale_dir` (see paths.h) and select `lang`, even when the zh_CN
 * locale itself has not been generated. Return true when the terminal's
 * character set is UTF-8. */
bool i18n_init(enum lang lang, const char *locale_dir);

/* Columns that the UTF-8 string `s` takes on a terminal: 2 for wide
 * (CJK) characters, 1 for others, 0 for combining marks. Invalid bytes
 * count 1 each. */
int i18n_width(const char *s);

#endif
