/* test_i18n.c -- unit tests for src/i18n.c: terminal columns and the
 * leaderboard's cut (GNU libunistring's widths), and the board's symbols
 * in the locale's character set (in a child process, which may change
 * its locale freely). */
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

/* In a child with LC_ALL=`locale`: does i18n_init() find the board's
 * symbols, and is the black stone `black`? Return the child's verdict:
 * 0 when both are as expected. */
static int symbols_in(const char *locale, bool expect, const char *black)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		setenv("LC_ALL", locale, 1);
		if (i18n_init(LANG_EN, "build/locale") != expect)
			_exit(1);
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

static CU_TestInfo tests[] = {
	{"columns: wide, combining, controls, invalid", test_width},
	{"fit a cell: whole characters, marks kept", test_fit},
	{"board symbols in the locale's character set", test_symbols},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo i18n_suite = {"i18n", NULL, NULL, NULL, NULL, tests};
