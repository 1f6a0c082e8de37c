/* i18n.c -- translations (GNU gettext) and the terminal's character set:
 * GNU libunistring decodes UTF-8, measures terminal columns and converts
 * the board's symbols. */
#include "i18n.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <uniconv.h>
#include <unistr.h>
#include <uniwidth.h>

#define DOMAIN "gomoku"

int i18n_choose(const char *option, enum lang *out)
{
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	const char *v = NULL;
	size_t i;

	if (option != NULL) {
		if (strcmp(option, "en") == 0)
			*out = LANG_EN;
		else if (strcmp(option, "zh") == 0)
			*out = LANG_ZH;
		else
			return -1;
		return 0;
	}
	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		v = getenv(vars[i]);
		if (v != NULL && v[0] != '\0')
			break;
		v = NULL;
	}
	*out = (v != NULL && strncmp(v, "zh", 2) == 0) ? LANG_ZH : LANG_EN;
	return 0;
}

/* True when the current LC_MESSAGES locale is plain C or POSIX, where
 * glibc's gettext ignores $LANGUAGE and never translates. */
static bool messages_locale_is_c(void)
{
	const char *m = setlocale(LC_MESSAGES, NULL);

	return m == NULL || strcmp(m, "C") == 0 || strcmp(m, "POSIX") == 0;
}

/* The board's symbols in UTF-8, and as the terminal's character set
 * writes them (filled by i18n_init(); "" when it has no such symbol). */
static const char *const symbols_utf8[I18N_SYMBOLS] = {
	[I18N_BLACK] = "\u25CF", /* ● */
	[I18N_WHITE] = "\u25CB", /* ○ */
	[I18N_EMPTY] = "\u00B7", /* · */
	[I18N_MARK] = "\u00D7",	 /* × */
};
static char symbols[I18N_SYMBOLS][I18N_SYMBOL_MAX];

/* Write every board symbol in `codeset` into symbols[]. Return true when
 * the character set has them all. */
static bool convert_symbols(const char *codeset)
{
	bool all = true;
	size_t len;
	char *out;
	int i;

	for (i = 0; i < I18N_SYMBOLS; i++) {
		const uint8_t *in = (const uint8_t *)symbols_utf8[i];

		len = sizeof(symbols[i]) - 1;
		out = u8_conv_to_encoding(codeset, iconveh_error, in,
					  strlen(symbols_utf8[i]), NULL,
					  symbols[i], &len);
		if (out != symbols[i]) { /* failed, or did not fit */
			free(out);
			len = 0;
			all = false;
		}
		symbols[i][len] = '\0';
	}
	return all;
}

/* True when `codeset` is plain ASCII: the C or POSIX locale, which says
 * nothing about the terminal. */
static bool codeset_is_ascii(const char *codeset)
{
	return strcmp(codeset, "ANSI_X3.4-1968") == 0 ||
	       strcmp(codeset, "ASCII") == 0 ||
	       strcmp(codeset, "US-ASCII") == 0;
}

bool i18n_init(enum lang lang, const char *locale_dir)
{
	const char *codeset;
	bool ascii;

	if (setlocale(LC_ALL, "") == NULL) /* e.g. zh_CN not generated */
		setlocale(LC_ALL, "C.UTF-8");
	codeset = nl_langinfo(CODESET);
	ascii = codeset_is_ascii(codeset);

	/* The catalogue is chosen by $LANGUAGE, which gettext honours in
	 * any locale but C; C.UTF-8 exists on every glibc system. */
	if (lang == LANG_ZH && messages_locale_is_c())
		setlocale(LC_MESSAGES, "C.UTF-8");
	setenv("LANGUAGE", lang == LANG_ZH ? "zh_CN" : "en", 1);
	bindtextdomain(DOMAIN, locale_dir);
	/* Messages in the terminal's character set (GBK, Big5, UTF-8...);
	 * a C locale keeps the catalogue's UTF-8 as before. */
	bind_textdomain_codeset(DOMAIN, ascii ? "UTF-8" : codeset);
	textdomain(DOMAIN);
	return !ascii && convert_symbols(codeset);
}

const char *i18n_symbol(enum i18n_symbol which)
{
	if ((int)which < 0 || which >= I18N_SYMBOLS)
		return "";
	return symbols[which];
}

/* Columns that code point uc takes (0 for controls, which are never
 * shown: ui_clean() removes them). */
static int char_width(ucs4_t uc)
{
	int w = uc_width(uc, nl_langinfo(CODESET));

	return w < 0 ? 0 : w;
}

int i18n_width(const char *s)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t left = strlen(s);
	int width = 0, n;
	ucs4_t uc;

	while (left > 0) {
		n = u8_mbtouc(&uc, p, left); /* U+FFFD for invalid bytes */
		width += char_width(uc);
		p += n;
		left -= (size_t)n;
	}
	return width;
}

int i18n_fit(const char *s, int columns, char *buf, size_t cap)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t left = strlen(s), used = 0;
	int width = 0, n, w;
	ucs4_t uc;

	if (cap == 0)
		return 0;
	while (left > 0) {
		n = u8_mbtouc(&uc, p, left);
		w = char_width(uc);
		if (width + w > columns || used + (size_t)n >= cap)
			break;
		memcpy(buf + used, p, (size_t)n);
		used += (size_t)n;
		width += w;
		p += n;
		left -= (size_t)n;
	}
	buf[used] = '\0';
	return width;
}
