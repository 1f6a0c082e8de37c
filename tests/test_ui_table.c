/* test_ui_table.c -- unit tests for src/ui_table.c: a table laid out to
 * a width: names cut first, then columns dropped in their order (never
 * one of drop 0), what was freed given back, titles never cut. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "../src/ui_table.h" /* private to the ui */

#define ZH "\xe5\xb0\x8f" /* U+5C0F, two columns */

/* A table of a rank, a name (cut to 6), a date (dropped second), games
 * and wins (dropped first, together) and a score (never dropped). */
static struct ui_table *sample(bool ellipsis)
{
	static const struct ui_table_column c[] = {
		{"#", true, 0, 0, 0},	  {"Name", false, 2, 6, 0},
		{"Date", false, 2, 0, 2}, {"Games", true, 2, 0, 1},
		{"W", true, 1, 0, 1},	  {"Score", true, 2, 0, 0},
	};
	const char *a[] = {"1", "alexandra", "2026-01-02", "10", "7", "4"};
	const char *b[] = {"2", ZH ZH ZH ZH ZH, "2026-01-03", "9", "2", "-5"};
	struct ui_table *t = ui_table_new(c, 6, ellipsis);

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(ui_table_add(t, a), 0);
	CU_ASSERT_EQUAL(ui_table_add(t, b), 0);
	return t;
}

/* t laid out in `room` columns, as text, into buf[cap]. */
static const char *printed(const struct ui_table *t, int room, char *buf,
			   size_t cap)
{
	FILE *f = fmemopen(buf, cap, "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	ui_table_print(t, room, f);
	fclose(f);
	return buf;
}

static void test_whole(void)
{
	struct ui_table *t = sample(true);
	int w[6];
	char buf[512];

	/* 1 + 2+10 + 2+10 + 2+5 + 1+1 + 2+5 = 41 */
	ui_table_widths(t, 41, w);
	CU_ASSERT(w[0] == 1 && w[1] == 10 && w[2] == 10 && w[3] == 5 &&
		  w[4] == 1 && w[5] == 5);
	CU_ASSERT_STRING_EQUAL(printed(t, 80, buf, sizeof(buf)),
			       "#  Name        Date        Games W  Score\n"
			       "1  alexandra   2026-01-02     10 7      4\n"
			       "2  " ZH ZH ZH ZH ZH
			       "  2026-01-03      9 2     -5\n");
	ui_table_free(t);
}

static void test_cut_then_dropped(void)
{
	struct ui_table *t = sample(true);
	int w[6];
	char buf[512];

	/* a column less: the name cut, nothing dropped yet */
	ui_table_widths(t, 40, w);
	CU_ASSERT(w[1] == 9 && w[2] == 10 && w[3] == 5 && w[4] == 1);
	/* cut to 6 the table takes 37: one less drops Games and W together,
	 * and the name gets back what they freed */
	ui_table_widths(t, 37, w);
	CU_ASSERT(w[1] == 6 && w[3] == 5);
	ui_table_widths(t, 36, w);
	CU_ASSERT(w[3] == 0 && w[4] == 0 && w[2] == 10 && w[1] == 10);
	/* then the date; never the rank, the name or the score */
	ui_table_widths(t, 20, w);
	CU_ASSERT(w[2] == 0 && w[0] == 1 && w[1] == 10 && w[5] == 5);
	ui_table_widths(t, 5, w);
	CU_ASSERT(w[0] == 1 && w[1] == 6 && w[5] == 5);
	CU_ASSERT_STRING_EQUAL(printed(t, 16, buf, sizeof(buf)),
			       "#  Name    Score\n"
			       "1  alexa…      4\n"
			       "2  " ZH ZH "…      -5\n");
	ui_table_free(t);
}

static void test_title_never_cut(void)
{
	static const struct ui_table_column c[] = {{"Opponent", false, 0, 3, 0},
						   {"x", false, 1, 0, 0}};
	const char *r[] = {"a-very-long-name", "y"};
	struct ui_table *t = ui_table_new(c, 2, false);
	char buf[256];

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(ui_table_add(t, r), 0);
	/* least 3, but the title takes 8; "~" where there is no "…" */
	CU_ASSERT_STRING_EQUAL(printed(t, 4, buf, sizeof(buf)), "Opponent x\n"
								"a-very-~ y\n");
	ui_table_free(t);
}

static void test_blanks_at_the_end(void)
{
	static const struct ui_table_column c[] = {{"A", false, 0, 0, 0},
						   {"B", false, 2, 0, 0}};
	const char *r[] = {"abc", ""};
	const char *s[] = {"a", "1520 "};
	struct ui_table *t = ui_table_new(c, 2, true);
	char buf[256];

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(ui_table_add(t, r), 0);
	CU_ASSERT_EQUAL(ui_table_add(t, s), 0);
	CU_ASSERT_STRING_EQUAL(printed(t, 80, buf, sizeof(buf)), "A    B\n"
								 "abc\n"
								 "a    1520\n");
	ui_table_free(t);
}

static CU_TestInfo tests[] = {
	{"a table that fits is whole, wide characters lined up", test_whole},
	{"names cut first, then columns dropped in order",
	 test_cut_then_dropped},
	{"a title is never cut; ~ without an ellipsis", test_title_never_cut},
	{"no blanks end a line", test_blanks_at_the_end},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo ui_table_suite = {"ui_table", NULL, NULL, NULL, NULL, tests};
