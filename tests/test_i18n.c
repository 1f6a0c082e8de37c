/* test_i18n.c -- unit tests for src/i18n.c: terminal columns and the
 * leaderboard's cut (GNU libunistring's widths), the board's symbols
 * in the locale's character set (in a child process, which may change
 * its locale freely), and the conversions at the terminal's edge: the
 * converting output stream and input lines to UTF-8. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "i18n.h"

#define ZH "\xe5\xb0\x8f" /* U+5C0F, two columns */

static void test_width(void)
{
	CU_ASSERT_EQUAL(i18n_width(""), 0);
	CU_ASSERT_EQUAL(i18n_width("Alice"), 5);
	CU_ASSERT_EQUAL(i18n_width(ZH ZH), 4);
	CU_ASSERT_EQUAL(i18n_width("\xed\x95\x9c"), 2);	    /* Hangul U+D55C */
	CU_ASSERT_EQUAL(i18n_width("\xf0\x9f\x98\x80"), 2); /* U+1F600 */
	CU_ASSERT_EQUAL(i18n_width("e\xcc\x81"), 1);	    /* e + U+0301 */
	CU_ASSERT_EQUAL(i18n_width("\xe2\x80\x8b"), 0);	    /* U+200B */
	CU_ASSERT_EQUAL(i18n_width("a\x1b"
				   "b"),
			2); /* a control takes none */
	CU_ASSERT_EQUAL(i18n_width("a\xff"
				   "b"),
			3); /* an invalid byte: one U+FFFD */
}

static void test_fit(void)
{
	char buf[128], cell[128];
	int i;

	/* Twenty Chinese characters: 40 columns; 20 columns hold ten. */
	for (i = 0; i < 20; i++)
		memcpy(buf + 3 * i, ZH, 3);
	buf[60] = '\0';
	CU_ASSERT_EQUAL(i18n_width(buf), 40);
	CU_ASSERT_EQUAL(i18n_fit(buf, 20, cell, sizeof(cell)), 20);
	CU_ASSERT_EQUAL(strlen(cell), 30);
	CU_ASSERT_EQUAL(i18n_fit(buf, 19, cell, sizeof(cell)), 18);
	CU_ASSERT_EQUAL(strlen(cell), 27);
	/* What fits is copied whole. */
	CU_ASSERT_EQUAL(i18n_fit("Alice", 20, buf, sizeof(buf)), 5);
	CU_ASSERT_STRING_EQUAL(buf, "Alice");
	/* A combining mark stays with its letter. */
	CU_ASSERT_EQUAL(i18n_fit("e\xcc\x81x", 1, buf, sizeof(buf)), 1);
	CU_ASSERT_STRING_EQUAL(buf, "e\xcc\x81");
	/* Cut only between characters when the buffer is short. */
	CU_ASSERT_EQUAL(i18n_fit(ZH ZH, 20, buf, 5), 2);
	CU_ASSERT_STRING_EQUAL(buf, ZH);
	CU_ASSERT_EQUAL(i18n_fit("abc", 0, buf, sizeof(buf)), 0);
	CU_ASSERT_STRING_EQUAL(buf, "");
}

/* In a child with LC_ALL=`locale` (UTF-8 or C: no conversion): does
 * i18n_init() find the board's symbols, and is the black stone `black`?
 * Return the child's verdict: 0 when all is as expected. */
static int symbols_in(const char *locale, bool expect, const char *black)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		setenv("LC_ALL", locale, 1);
		if (i18n_init(LANG_EN, "build/locale") != expect)
			_exit(1);
		if (i18n_terminal_codeset() != NULL) /* nothing to convert */
			_exit(3);
		_exit(strcmp(i18n_symbol(I18N_BLACK), black) != 0 ? 2 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void test_symbols(void)
{
	CU_ASSERT_EQUAL(symbols_in("C.UTF-8", true, "\xe2\x97\x8f"), 0);
	/* Plain C: no ● in ASCII, the board falls back to * and #. */
	CU_ASSERT_EQUAL(symbols_in("C", false, ""), 0);
	CU_ASSERT_STRING_EQUAL(i18n_symbol((enum i18n_symbol)99), "");
}

/* ==== The converting stream ============================================ */

#define AILISI_UTF8 "\xe7\x88\xb1\xe4\xb8\xbd\xe4\xb8\x9d" /* 爱丽丝 */
#define AILISI_GBK  "\xb0\xae\xc0\xf6\xcb\xbf"

/* A memory stream beneath a converting stream, and what reached it. */
struct sink {
	FILE *under, *conv;
	char *bytes;
	size_t len;
};

/* Open a converting stream to `codeset` over a memory stream. */
static bool sink_open(struct sink *k, const char *codeset, int buffering)
{
	memset(k, 0, sizeof(*k));
	k->under = open_memstream(&k->bytes, &k->len);
	if (k->under == NULL)
		return false;
	k->conv = i18n_output_open(k->under, codeset, buffering);
	return k->conv != NULL;
}

/* True when exactly the n bytes `want` have reached the memory stream
 * (it is flushed first, so k->len is current). */
static bool sink_has(struct sink *k, const char *want, size_t n)
{
	fflush(k->under);
	return k->len == n && memcmp(k->bytes, want, n) == 0;
}

/* Close both streams (the converting one first) and free the bytes. */
static void sink_close(struct sink *k)
{
	if (k->conv != NULL)
		fclose(k->conv);
	if (k->under != NULL)
		fclose(k->under);
	free(k->bytes);
	memset(k, 0, sizeof(*k));
}

#define SINK_HAS(k, lit) CU_ASSERT_TRUE(sink_has(k, lit, sizeof(lit) - 1))

static void test_output_split(void)
{
	struct sink k;
	int i;

	/* Unbuffered, so each piece is one write: a character split across
	 * writes waits for its end. */
	CU_ASSERT_FATAL(sink_open(&k, "GBK", _IONBF));
	fputs("\xe7\x88", k.conv);
	SINK_HAS(&k, "");
	fputs("\xb1\xe4", k.conv);
	SINK_HAS(&k, "\xb0\xae");
	fputs("\xb8\xbd\xe4\xb8\x9d!", k.conv);
	SINK_HAS(&k, AILISI_GBK "!");
	for (i = 0; AILISI_UTF8[i] != '\0'; i++) /* a byte at a time */
		fputc(AILISI_UTF8[i], k.conv);
	SINK_HAS(&k, AILISI_GBK "!" AILISI_GBK);
	sink_close(&k);

	/* Buffered: nothing before the flush, all of it after. */
	CU_ASSERT_FATAL(sink_open(&k, "GBK", _IOFBF));
	fputs("\xe2\x97\x8f " AILISI_UTF8, k.conv); /* ● in GBK: A1 F1 */
	SINK_HAS(&k, "");
	fflush(k.conv);
	SINK_HAS(&k, "\xa1\xf1 " AILISI_GBK);
	sink_close(&k);
}

static void test_output_long(void)
{
	char text[3 * 1000 + 1], want[2 * 1000];
	struct sink k;
	int i;

	/* One write longer than the stream converts at a time: characters
	 * cut by its chunks come out whole. */
	for (i = 0; i < 1000; i++) {
		memcpy(text + 3 * i, "\xe7\x88\xb1", 3);
		memcpy(want + 2 * i, "\xb0\xae", 2);
	}
	text[3000] = '\0';
	CU_ASSERT_FATAL(sink_open(&k, "GBK", _IONBF));
	CU_ASSERT_EQUAL(fwrite(text, 1, 3000, k.conv), 3000);
	CU_ASSERT_TRUE(sink_has(&k, want, sizeof(want)));
	sink_close(&k);
}

static void test_output_unconvertible(void)
{
	struct sink k;

	/* ISO-8859-1 has é, not 爱 nor 丽 nor 丝: one '?' each. */
	CU_ASSERT_FATAL(sink_open(&k, "ISO-8859-1", _IOFBF));
	fputs("\xc3\xa9 " AILISI_UTF8 " x", k.conv);
	fflush(k.conv);
	SINK_HAS(&k, "\xe9 ??? x");
	sink_close(&k);

	/* GBK lacks U+1F600, even when it arrives in two writes. */
	CU_ASSERT_FATAL(sink_open(&k, "GBK", _IONBF));
	fputs("a\xf0\x9f", k.conv);
	fputs("\x98\x80"
	      "b",
	      k.conv);
	SINK_HAS(&k, "a?b");
	sink_close(&k);
}

static void test_output_invalid(void)
{
	struct sink k;

	/* Invalid UTF-8: one '?' per bad sequence, never the raw bytes. */
	CU_ASSERT_FATAL(sink_open(&k, "GBK", _IONBF));
	fputs("a\xff"
	      "b",
	      k.conv);
	fputs("\xe7\x88", k.conv); /* a start, then no end */
	fputs("c", k.conv);
	SINK_HAS(&k, "a?b?c");
	fputs("d\xe7", k.conv); /* unfinished when the stream closes */
	fclose(k.conv);
	k.conv = NULL;
	SINK_HAS(&k, "a?b?cd?");
	sink_close(&k);

	CU_ASSERT_FALSE(sink_open(&k, "NO-SUCH-CHARSET", _IOFBF));
	CU_ASSERT_PTR_NULL(k.conv);
	sink_close(&k);
}

/* ==== Input lines ======================================================= */

static void test_to_utf8(void)
{
	char buf[32];
	size_t len;

	memcpy(buf, AILISI_GBK, sizeof(AILISI_GBK));
	len = sizeof(AILISI_GBK) - 1;
	CU_ASSERT_EQUAL(i18n_to_utf8("GBK", buf, &len, sizeof(buf)), 0);
	CU_ASSERT_EQUAL(len, 9);
	CU_ASSERT_STRING_EQUAL(buf, AILISI_UTF8);

	/* Too long once converted: -2, the line as it was. */
	memcpy(buf, AILISI_GBK, sizeof(AILISI_GBK));
	len = 6;
	CU_ASSERT_EQUAL(i18n_to_utf8("GBK", buf, &len, 9), -2);
	CU_ASSERT_EQUAL(len, 6);
	CU_ASSERT_STRING_EQUAL(buf, AILISI_GBK);

	/* Not GBK: half a character, or a byte no character starts with. */
	memcpy(buf, "ab\xb0", 4);
	len = 3;
	CU_ASSERT_EQUAL(i18n_to_utf8("GBK", buf, &len, sizeof(buf)), -1);
	CU_ASSERT_EQUAL(len, 3);
	CU_ASSERT_STRING_EQUAL(buf, "ab\xb0");
	memcpy(buf, "\xff\xff", 3);
	len = 2;
	CU_ASSERT_EQUAL(i18n_to_utf8("GBK", buf, &len, sizeof(buf)), -1);

	/* ISO-8859-1: every byte is a character. */
	memcpy(buf, "caf\xe9", 5);
	len = 4;
	CU_ASSERT_EQUAL(i18n_to_utf8("ISO-8859-1", buf, &len, sizeof(buf)), 0);
	CU_ASSERT_STRING_EQUAL(buf, "caf\xc3\xa9");
	CU_ASSERT_EQUAL(len, 5);

	buf[0] = '\0';
	len = 0;
	CU_ASSERT_EQUAL(i18n_to_utf8("GBK", buf, &len, sizeof(buf)), 0);
	CU_ASSERT_EQUAL(len, 0);
}

/* Check that rows lens[0..n) of s cover it whole, each at most `width`
 * columns once its end spaces are dropped. */
static void check_rows(const char *s, const size_t *lens, int n, int width)
{
	char row[256];
	size_t at = 0, len;
	int i;

	for (i = 0; i < n; i++) {
		len = lens[i];
		while (len > 0 && s[at + len - 1] == ' ')
			len--;
		CU_ASSERT_FATAL(len < sizeof(row));
		memcpy(row, s + at, len);
		row[len] = '\0';
		CU_ASSERT(i18n_width(row) <= width);
		at += lens[i];
	}
	CU_ASSERT_EQUAL(at, strlen(s));
}

/* Lines broken where UAX #14 allows: between words, never inside one
 * that fits a row; a word wider than a row is cut; a Chinese full-width
 * colon never starts a row (it goes with the character before it). */
static void test_rows(void)
{
	static const char *const text =
		"Match number to replay, a and the number to analyse it";
	char zh[64];
	size_t lens[16];
	int n, i;

	n = i18n_rows(text, strlen(text), 20, lens, 16);
	CU_ASSERT_EQUAL(n, 3);
	check_rows(text, lens, n, 20);
	CU_ASSERT_EQUAL(lens[0], strlen("Match number to "));
	CU_ASSERT_EQUAL(i18n_rows(text, strlen(text), 80, lens, 16), 1);
	CU_ASSERT_EQUAL(lens[0], strlen(text));

	n = i18n_rows("supercalifragilistic", 20, 8, lens, 16);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL(lens[0], 8);
	CU_ASSERT_EQUAL(lens[2], 4);

	for (i = 0; i < 9; i++) /* 18 columns, then the colon U+FF1A */
		memcpy(zh + 3 * i, ZH, 3);
	strcpy(zh + 27, "\xef\xbc\x9a");
	n = i18n_rows(zh, strlen(zh), 18, lens, 16);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_EQUAL(lens[1], 6); /* the last character and the colon */
	check_rows(zh, lens, n, 18);

	CU_ASSERT_EQUAL(i18n_rows("", 0, 10, lens, 16), 1);
	CU_ASSERT_EQUAL(lens[0], 0);
}

static CU_TestInfo tests[] = {
	{"columns: wide, combining, controls, invalid", test_width},
	{"fit a cell: whole characters, marks kept", test_fit},
	{"rows: broken between words, a colon kept", test_rows},
	{"board symbols in the locale's character set", test_symbols},
	{"output stream: characters split across writes", test_output_split},
	{"output stream: a write longer than its chunks", test_output_long},
	{"output stream: characters the set lacks are '?'",
	 test_output_unconvertible},
	{"output stream: invalid UTF-8, unknown set", test_output_invalid},
	{"input lines to UTF-8: GBK, Latin-1, invalid, too long", test_to_utf8},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo i18n_suite = {"i18n", NULL, NULL, NULL, NULL, tests};
