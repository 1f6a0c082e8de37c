/* i18n.c -- translations (GNU gettext) and the terminal's character set:
 * GNU libunistring decodes UTF-8, measures terminal columns and converts
 * between UTF-8, the program's text, and the terminal's character set
 * (GBK, ISO-8859-1...) at the terminal's edge. */
#define _GNU_SOURCE /* fopencookie() */

#include "i18n.h"

#include <errno.h>
#include <limits.h>
#include <iconv.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <uniconv.h>
#include <unilbrk.h>
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

/* The board's symbols, and those of them the terminal's character set
 * has (filled by i18n_init(); "" for one it has not). */
static const char *const symbols_utf8[I18N_SYMBOLS] = {
	[I18N_BLACK] = "\u25CF", /* ● */
	[I18N_WHITE] = "\u25CB", /* ○ */
	[I18N_EMPTY] = "\u00B7", /* · */
	[I18N_MARK] = "\u00D7",	 /* × */
};
static const char *symbols[I18N_SYMBOLS];

/* Keep in symbols[] the board symbols that `codeset` has. Return true
 * when it has them all. */
static bool find_symbols(const char *codeset)
{
	char buf[I18N_SYMBOL_MAX], *out;
	bool all = true;
	size_t len;
	int i;

	for (i = 0; i < I18N_SYMBOLS; i++) {
		const uint8_t *in = (const uint8_t *)symbols_utf8[i];

		len = sizeof(buf);
		out = u8_conv_to_encoding(codeset, iconveh_error, in,
					  strlen(symbols_utf8[i]), NULL, buf,
					  &len);
		symbols[i] = out != NULL ? symbols_utf8[i] : "";
		all = all && out != NULL;
		if (out != buf)
			free(out);
	}
	return all;
}

/* The terminal's character set when text must be converted to and from
 * it (see i18n_terminal_codeset()), else "". */
static char terminal_codeset[64];

/* True when `codeset` is plain ASCII: the C or POSIX locale, which says
 * nothing about the terminal. */
static bool codeset_is_ascii(const char *codeset)
{
	return strcmp(codeset, "ANSI_X3.4-1968") == 0 ||
	       strcmp(codeset, "ASCII") == 0 ||
	       strcmp(codeset, "US-ASCII") == 0;
}

/* Remember `codeset` as the terminal's character set to convert to and
 * from, unless it is UTF-8 or plain ASCII (or too long a name). */
static void remember_codeset(const char *codeset)
{
	size_t n = strlen(codeset);

	terminal_codeset[0] = '\0';
	if (codeset_is_ascii(codeset) || strcmp(codeset, "UTF-8") == 0 ||
	    n >= sizeof(terminal_codeset))
		return;
	memcpy(terminal_codeset, codeset, n + 1);
}

void i18n_set_lang(enum lang lang)
{
	/* The catalogue is chosen by $LANGUAGE, which gettext honours in
	 * any locale but C; C.UTF-8 exists on every glibc system. */
	if (lang == LANG_ZH && messages_locale_is_c())
		setlocale(LC_MESSAGES, "C.UTF-8");
	setenv("LANGUAGE", lang == LANG_ZH ? "zh_CN" : "en", 1);
	/* gettext caches its answers: choosing the domain again (as it is)
	 * tells it that the catalogue to read has changed. */
	textdomain(DOMAIN);
}

bool i18n_init(enum lang lang, const char *locale_dir)
{
	const char *codeset;
	bool ascii;

	if (setlocale(LC_ALL, "") == NULL) /* e.g. zh_CN not generated */
		setlocale(LC_ALL, "C.UTF-8");
	/* Numbers keep the decimal point in every locale: the json and tsv
	 * for scripts need it (a German 55,3 breaks them), and the program
	 * speaks English and Chinese, which both write 55.3. */
	setlocale(LC_NUMERIC, "C");
	codeset = nl_langinfo(CODESET);
	ascii = codeset_is_ascii(codeset);
	remember_codeset(codeset);

	i18n_set_lang(lang);
	bindtextdomain(DOMAIN, locale_dir);
	/* Messages in UTF-8, like all text inside; the terminal's streams
	 * convert them (i18n_output_open()). */
	bind_textdomain_codeset(DOMAIN, "UTF-8");
	textdomain(DOMAIN);
	return !ascii && find_symbols(codeset);
}

const char *i18n_symbol(enum i18n_symbol which)
{
	if ((int)which < 0 || which >= I18N_SYMBOLS || symbols[which] == NULL)
		return "";
	return symbols[which];
}

const char *i18n_terminal_codeset(void)
{
	return terminal_codeset[0] != '\0' ? terminal_codeset : NULL;
}

/* True when the terminal's character set, one to convert to, lacks the
 * code point uc: the converting stream shows it as '?'. */
static bool terminal_lacks(ucs4_t uc)
{
	char buf[I18N_SYMBOL_MAX], *out;
	size_t len = sizeof(buf);
	uint8_t in[6];
	int n;

	if (terminal_codeset[0] == '\0' || uc < 0x80)
		return false;
	n = u8_uctomb(in, uc, sizeof(in));
	if (n <= 0)
		return false;
	out = u8_conv_to_encoding(terminal_codeset, iconveh_error, in,
				  (size_t)n, NULL, buf, &len);
	if (out != buf)
		free(out);
	return out == NULL;
}

/* Columns that code point uc takes (0 for controls, which are never
 * shown: ui_clean() removes them; 1 for the '?' of a character the
 * terminal's character set lacks). */
static int char_width(ucs4_t uc)
{
	int w;

	if (terminal_lacks(uc))
		return 1;
	w = uc_width(uc, nl_langinfo(CODESET));
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

/* The bytes of the longest start of the n bytes at s that takes at most
 * `width` columns, one character at least. Set *cols to its columns. */
static size_t fit_bytes(const char *s, size_t n, int width, int *cols)
{
	size_t used = 0;
	int k, w = 0, cw;
	ucs4_t uc;

	while (used < n) {
		k = u8_mbtouc(&uc, (const uint8_t *)s + used, n - used);
		cw = char_width(uc);
		if (used > 0 && w + cw > width)
			break;
		w += cw;
		used += (size_t)k;
	}
	*cols = w;
	return used;
}

int i18n_rows(const char *s, size_t n, int width, size_t lens[], int max)
{
	char *brk;
	size_t at = 0, end, len;
	int rows = 0, cols;

	if (width < 1)
		width = 1;
	brk = n > 0 ? malloc(n) : NULL;
	if (brk != NULL) /* UAX #14, in uc_width()'s columns */
		u8_width_linebreaks((const uint8_t *)s, n, width, 0, 0, NULL,
				    "UTF-8", brk);
	while (at < n || rows == 0) {
		for (end = at + 1; end < n; end++)
			if (brk == NULL || brk[end] == UC_BREAK_POSSIBLE ||
			    brk[end] == UC_BREAK_HYPHENATION)
				break;
		len = end > n ? n - at : end - at;
		if (fit_bytes(s + at, len, INT_MAX, &cols) == len &&
		    cols > width) /* a word wider than a row, or no memory */
			len = fit_bytes(s + at, len, width, &cols);
		if (lens != NULL && rows < max)
			lens[rows] = len;
		rows++;
		at += len;
		if (n == 0)
			break;
	}
	free(brk);
	return rows;
}

/* ==== The terminal's edge: UTF-8 out, UTF-8 in =========================
 * A converting stream is a glibc fopencookie() stream: what stdio hands
 * its write function is UTF-8, cut wherever the buffer happened to end,
 * so the start of a character split across two writes waits in `tail`
 * for the rest. */

/* Bytes converted at a time (into a stack buffer of four times this
 * when the result fits, as it does in GBK or ISO-8859-1; else into
 * memory that is allocated). */
#define CONV_CHUNK 1024

/* A converting stream's state (its cookie). */
struct conv_out {
	FILE *under; /* where the converted bytes go; not ours */
	char codeset[64];
	uint8_t tail[4]; /* an unfinished character from the last write */
	size_t ntail;
};

/* Write the n bytes at s, valid UTF-8, to c->under in c's character
 * set, '?' for each character it lacks. Return 0, or -1 on failure. */
static int put_converted(struct conv_out *c, const uint8_t *s, size_t n)
{
	char buf[4 * CONV_CHUNK], *out;
	size_t len = sizeof(buf);
	int rc;

	out = u8_conv_to_encoding(c->codeset, iconveh_question_mark, s, n, NULL,
				  buf, &len);
	if (out == NULL)
		return -1;
	rc = fwrite(out, 1, len, c->under) == len ? 0 : -1;
	if (out != buf)
		free(out);
	return rc;
}

/* Write the n bytes at s to c->under: valid UTF-8 converted, each
 * invalid sequence as one '?'. Return 0, or -1 on failure. */
static int put_utf8(struct conv_out *c, const uint8_t *s, size_t n)
{
	while (n > 0) {
		const uint8_t *bad = u8_check(s, n);
		size_t good = bad != NULL ? (size_t)(bad - s) : n;
		ucs4_t uc;
		int skip;

		if (good > 0 && put_converted(c, s, good) != 0)
			return -1;
		if (bad == NULL)
			break;
		skip = u8_mbtouc(&uc, bad, n - good); /* the invalid part */
		if (fputc('?', c->under) == EOF)
			return -1;
		s = bad + skip;
		n -= good + (size_t)skip;
	}
	return 0;
}

/* How many bytes at the end of s[0..n) start a character that is not
 * complete yet (0 to 3). */
static size_t unfinished_tail(const uint8_t *s, size_t n)
{
	ucs4_t uc;
	size_t k;

	for (k = 1; k <= 3 && k <= n; k++)
		if (u8_mbtoucr(&uc, s + n - k, k) == -2)
			return k;
	return 0;
}

/* fopencookie() write: convert and pass on all `size` bytes, keeping an
 * unfinished last character for the next write. Return size, or 0 when
 * writing failed. */
static ssize_t conv_write(void *cookie, const char *buf, size_t size)
{
	struct conv_out *c = cookie;
	uint8_t work[sizeof(c->tail) + CONV_CHUNK];
	size_t used = 0, n, len, keep;

	while (used < size) {
		n = size - used < CONV_CHUNK ? size - used : CONV_CHUNK;
		memcpy(work, c->tail, c->ntail);
		memcpy(work + c->ntail, buf + used, n);
		len = c->ntail + n;
		keep = unfinished_tail(work, len);
		if (put_utf8(c, work, len - keep) != 0)
			return 0;
		memcpy(c->tail, work + len - keep, keep);
		c->ntail = keep;
		used += n;
	}
	return fflush(c->under) == 0 ? (ssize_t)size : 0;
}

/* fopencookie() close: an unfinished last character becomes '?'; flush
 * the stream beneath (not closed) and free the state. */
static int conv_close(void *cookie)
{
	struct conv_out *c = cookie;
	int rc = 0;

	if (c->ntail > 0 && fputc('?', c->under) == EOF)
		rc = -1;
	if (fflush(c->under) != 0)
		rc = -1;
	free(c);
	return rc;
}

/* True when iconv converts from UTF-8 to `codeset`. */
static bool codeset_known(const char *codeset)
{
	iconv_t cd = iconv_open(codeset, "UTF-8");

	if (cd == (iconv_t)-1)
		return false;
	iconv_close(cd);
	return true;
}

FILE *i18n_output_open(FILE *under, const char *codeset, int buffering)
{
	static const cookie_io_functions_t io = {.write = conv_write,
						 .close = conv_close};
	size_t n = strlen(codeset);
	struct conv_out *c;
	FILE *f;

	if (n >= sizeof(c->codeset) || !codeset_known(codeset))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		return NULL;
	c->under = under;
	memcpy(c->codeset, codeset, n + 1);
	f = fopencookie(c, "w", io);
	if (f == NULL) {
		free(c);
		return NULL;
	}
	if (setvbuf(f, NULL, buffering, BUFSIZ) != 0) {
		fclose(f); /* frees c */
		return NULL;
	}
	return f;
}

int i18n_to_utf8(const char *codeset, char *buf, size_t *len, size_t cap)
{
	size_t inleft = *len, outleft = cap - 1;
	char *in = buf, *out, *utf8;
	int rc = -1;
	iconv_t cd;

	if (*len == 0)
		return 0;
	cd = iconv_open("UTF-8", codeset);
	if (cd == (iconv_t)-1)
		return -1;
	utf8 = malloc(cap);
	if (utf8 == NULL)
		goto out_close;
	out = utf8;
	/* Invalid (EILSEQ) and unfinished (EINVAL) input both fail. */
	if (iconv(cd, &in, &inleft, &out, &outleft) == (size_t)-1 ||
	    iconv(cd, NULL, NULL, &out, &outleft) == (size_t)-1) {
		rc = errno == E2BIG ? -2 : -1;
		goto out_free;
	}
	*len = cap - 1 - outleft;
	memcpy(buf, utf8, *len);
	buf[*len] = '\0';
	rc = 0;
out_free:
	free(utf8);
out_close:
	iconv_close(cd);
	return rc;
}
