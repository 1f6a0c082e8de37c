/* test_strbuf.c -- tests for src/strbuf.c: a growing buffer up to its
 * limit, a fixed one cut to fit and still counting, formatted text
 * longer than the formatter's own small buffer. */
#include <string.h>

#include <CUnit/CUnit.h>

#include "strbuf.h"

/* A growing buffer keeps everything, NUL-terminated, and fails (writing
 * nothing more) once the next bytes would pass its limit. */
static void test_growing(void)
{
	struct strbuf b;
	char big[5000];
	int i;

	strbuf_init(&b, 16);
	CU_ASSERT_PTR_NULL(b.data);
	strbuf_puts(&b, "abc");
	strbuf_printf(&b, "%d-%s", 42, "x");
	CU_ASSERT_STRING_EQUAL(b.data, "abc42-x");
	CU_ASSERT_EQUAL(b.len, 7);
	strbuf_puts(&b, "12345678"); /* 15 bytes and the NUL: fits */
	CU_ASSERT_FALSE(b.failed);
	strbuf_puts(&b, "z"); /* 17: past the limit */
	CU_ASSERT_TRUE(b.failed);
	CU_ASSERT_STRING_EQUAL(b.data, "abc42-x12345678");
	strbuf_puts(&b, "");
	CU_ASSERT_EQUAL(b.len, 15);
	strbuf_release(&b);
	CU_ASSERT_PTR_NULL(b.data);
	CU_ASSERT_FALSE(b.failed);

	strbuf_init(&b, 1 << 20);
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	for (i = 0; i < 3; i++)
		strbuf_printf(&b, "%s", big); /* longer than 256 and 4096 */
	CU_ASSERT_EQUAL(b.len, 3 * (sizeof(big) - 1));
	CU_ASSERT_EQUAL(strlen(b.data), b.len);
	CU_ASSERT_FALSE(b.failed);
	strbuf_release(&b);
}

/* A fixed buffer keeps what fits with its NUL and counts the rest. */
static void test_fixed(void)
{
	struct strbuf b;
	char buf[8];

	strbuf_fixed(&b, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "");
	strbuf_puts(&b, "abcd");
	CU_ASSERT_FALSE(strbuf_cut(&b));
	strbuf_printf(&b, "%s", "efgh");
	CU_ASSERT_STRING_EQUAL(buf, "abcdefg");
	CU_ASSERT_EQUAL(b.len, 8);
	CU_ASSERT_TRUE(strbuf_cut(&b));
	strbuf_puts(&b, "ij");
	CU_ASSERT_STRING_EQUAL(buf, "abcdefg");
	CU_ASSERT_EQUAL(b.len, 10);
	strbuf_release(&b);
	CU_ASSERT_EQUAL(b.len, 0);
	CU_ASSERT_STRING_EQUAL(buf, "");

	strbuf_puts(&b, "line\n");
	strbuf_chomp(&b);
	CU_ASSERT_STRING_EQUAL(buf, "line");
	CU_ASSERT_EQUAL(b.len, 4);
	strbuf_chomp(&b); /* no newline: nothing dropped */
	CU_ASSERT_STRING_EQUAL(buf, "line");

	strbuf_fixed(&b, NULL, 0); /* counting only */
	strbuf_puts(&b, "hello");
	CU_ASSERT_EQUAL(b.len, 5);
	CU_ASSERT_TRUE(strbuf_cut(&b));
}

static CU_TestInfo tests[] = {
	{"growing: kept whole, up to its limit", test_growing},
	{"fixed: cut to fit, counted whole", test_fixed},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo strbuf_suite = {"strbuf", NULL, NULL, NULL, NULL, tests};
