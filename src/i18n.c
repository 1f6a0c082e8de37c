/* i18n.c -- translations (GNU gettext) and the terminal's character set. */
#include "i18n.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

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

bool i18n_init(enum lang lang, const char *locale_dir)
{
	bool utf8;

	if (setlocale(LC_ALL, "") == NULL) /* e.g. zh_CN not generated */
		setlocale(LC_ALL, "C.UTF-8");
	utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;

	/* The catalogue is chosen by $LANGUAGE, which gettext honours in
	 * any locale but C; C.UTF-8 exists on every glibc system. */
	if (lang == LANG_ZH && messages_locale_is_c())
		setlocale(LC_MESSAGES, "C.UTF-8");
	setenv("LANGUAGE", lang == LANG_ZH ? "zh_CN" : "en", 1);
	bindtextdomain(DOMAIN, locale_dir);
	bind_textdomain_codeset(DOMAIN, "UTF-8");
	textdomain(DOMAIN);
	return utf8;
}

/* Decode one UTF-8 character at s into *cp; return its length (1 with
 * *cp = 0xFFFD for an invalid byte). */
static int utf8_decode(const unsigned char *s, unsigned long *cp)
{
	int len, i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	len = (s[0] & 0xE0) == 0xC0   ? 2
	      : (s[0] & 0xF0) == 0xE0 ? 3
	      : (s[0] & 0xF8) == 0xF0 ? 4
				      : 0;
	if (len == 0)
		goto invalid;
	*cp = s[0] & (0x7F >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			goto invalid;
		*cp = (*cp << 6) | (s[i] & 0x3F);
	}
	return len;
invalid:
	*cp = 0xFFFD;
	return 1;
}

/* Terminal columns for code point cp (a short table: combining marks,
 * then the East Asian wide and full-width blocks). */
static int codepoint_width(unsigned long cp)
{
	if (cp == 0 || (cp >= 0x300 && cp <= 0x36F) || cp == 0x200B)
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
	    (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
	    (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
	    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	    (cp >= 0xFFE0 && cp <= 0xFFE6) ||
	    (cp >= 0x1F300 && cp <= 0x1F64F) ||
	    (cp >= 0x1F900 && cp <= 0x1F9FF) ||
	    (cp >= 0x20000 && cp <= 0x3FFFD))
		return 2;
	return 1;
}

int i18n_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	int width = 0;

	while (*p != '\0') {
		p += utf8_decode(p, &cp);
		width += codepoint_width(cp);
	}
	return width;
}
