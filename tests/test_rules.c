/* test_rules.c -- tests for src/rules.c: presets, rule words, board sizes
 * and starting a board from a variant.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "rules.h"

/* The presets every caller may count on. */
static const struct variant expected[] = {
	{"gomoku", 15, 15, 5, RULE_FREESTYLE},
	{"standard", 15, 15, 5, RULE_EXACT},
	{"gomoku10", 10, 10, 5, RULE_FREESTYLE},
	{"tictactoe", 3, 3, 3, RULE_FREESTYLE},
	{"renju", 15, 15, 5, RULE_RENJU},
};

#define NEXPECTED ((int)(sizeof(expected) / sizeof(expected[0])))

/* Suite set-up: nothing to prepare. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* Return true when v is non-NULL and has the name, shape and rule of
 * want. */
static bool same_variant(const struct variant *v, const struct variant *want)
{
	return v != NULL && v->name != NULL &&
	       strcmp(v->name, want->name) == 0 && v->rows == want->rows &&
	       v->cols == want->cols && v->k == want->k &&
	       v->rule == want->rule;
}

/* Return 0 when s parses as a size of rows x cols, else -1 (also when it
 * parses to another size). */
static int size_is(const char *s, int rows, int cols)
{
	int r = -7, c = -7;

	if (rules_parse_size(s, &r, &c) != 0)
		return -1;
	return r == rows && c == cols ? 0 : -1;
}

/* Return true when s is refused as a size and the outputs are untouched. */
static bool size_refused(const char *s)
{
	int r = -7, c = -9;

	return rules_parse_size(s, &r, &c) == -1 && r == -7 && c == -9;
}

/* ==== Presets ========================================================== */

/* The default is gomoku: 15x15, five, freestyle. */
static void test_default(void)
{
	const struct variant *v = rules_default();

	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT(same_variant(v, &expected[0]));
	CU_ASSERT(same_variant(rules_preset("gomoku"), v));
}

/* Each preset by name has exactly its shape and rule. */
static void test_each_preset(void)
{
	int i;

	for (i = 0; i < NEXPECTED; i++)
		CU_ASSERT(same_variant(rules_preset(expected[i].name),
				       &expected[i]));
}

/* Listing gives each preset once, all valid shapes, then NULL. */
static void test_preset_listing(void)
{
	int seen[NEXPECTED] = {0}, i, j;
	const struct variant *v;

	for (i = 0; i < NEXPECTED; i++) {
		v = rules_preset_at(i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(v);
		CU_ASSERT(board_shape_valid(v->rows, v->cols, v->k));
		CU_ASSERT(same_variant(rules_preset(v->name), v));
		for (j = 0; j < NEXPECTED; j++)
			seen[j] += same_variant(v, &expected[j]);
	}
	for (j = 0; j < NEXPECTED; j++)
		CU_ASSERT_EQUAL(seen[j], 1);
	CU_ASSERT_PTR_NULL(rules_preset_at(NEXPECTED));
	CU_ASSERT_PTR_NULL(rules_preset_at(NEXPECTED + 1));
	CU_ASSERT_PTR_NULL(rules_preset_at(INT_MAX));
	CU_ASSERT_PTR_NULL(rules_preset_at(-1));
	CU_ASSERT_PTR_NULL(rules_preset_at(INT_MIN));
}

/* Unknown names, other cases, prefixes and extensions find nothing. */
static void test_unknown_preset(void)
{
	static const char *const bad[] = {
		"",	     "Gomoku",	"GOMOKU",   "gomoku ",	 " gomoku",
		"gomok",     "gomoku1", "gomoku5",  "gomoku100", "tic-tac-toe",
		"TicTacToe", "custom",	"Standard", "exact",	 "freestyle",
		"15x15",     "Renju",	"RENJU",    "renju ",	 "renju15",
	};
	int i;

	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++)
		CU_ASSERT_PTR_NULL(rules_preset(bad[i]));
	CU_ASSERT_PTR_NULL(rules_preset(NULL));
}

/* ==== Rule words ======================================================= */

/* "freestyle", "exact" and "renju" parse; anything else is refused, out
 * unchanged. */
static void test_parse_rule(void)
{
	static const char *const bad[] = {
		"",	  "Exact",	 "EXACT",  "Freestyle", "exact ",
		" exact", "freestyle\n", "free",   "exac",	"exactly",
		"Renju",  "RENJU",	 "renju ", " renju",	"renj",
		"renjuu", "0",		 "1",	   "2",
	};
	enum rule r = RULE_EXACT;
	int i;

	CU_ASSERT_EQUAL(rules_parse_rule("freestyle", &r), 0);
	CU_ASSERT_EQUAL(r, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(rules_parse_rule("exact", &r), 0);
	CU_ASSERT_EQUAL(r, RULE_EXACT);
	CU_ASSERT_EQUAL(rules_parse_rule("renju", &r), 0);
	CU_ASSERT_EQUAL(r, RULE_RENJU);
	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++) {
		r = RULE_EXACT;
		CU_ASSERT_EQUAL(rules_parse_rule(bad[i], &r), -1);
		CU_ASSERT_EQUAL(r, RULE_EXACT);
		r = RULE_FREESTYLE;
		CU_ASSERT_EQUAL(rules_parse_rule(bad[i], &r), -1);
		CU_ASSERT_EQUAL(r, RULE_FREESTYLE);
	}
	CU_ASSERT_EQUAL(rules_parse_rule(NULL, &r), -1);
	CU_ASSERT_EQUAL(r, RULE_FREESTYLE);
}

/* The words for the rules, and that they parse back. */
static void test_rule_name(void)
{
	enum rule r = RULE_EXACT;

	CU_ASSERT_STRING_EQUAL(rules_rule_name(RULE_FREESTYLE), "freestyle");
	CU_ASSERT_STRING_EQUAL(rules_rule_name(RULE_EXACT), "exact");
	CU_ASSERT_STRING_EQUAL(rules_rule_name(RULE_RENJU), "renju");
	CU_ASSERT_STRING_EQUAL(rules_rule_name((enum rule)7), "freestyle");
	CU_ASSERT_EQUAL(rules_parse_rule(rules_rule_name(RULE_RENJU), &r), 0);
	CU_ASSERT_EQUAL(r, RULE_RENJU);
	CU_ASSERT_EQUAL(rules_parse_rule(rules_rule_name(RULE_FREESTYLE), &r),
			0);
	CU_ASSERT_EQUAL(r, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(rules_parse_rule(rules_rule_name(RULE_EXACT), &r), 0);
	CU_ASSERT_EQUAL(r, RULE_EXACT);
}

/* ==== Sizes ============================================================ */

/* "RxC", "RXC" and "N" in range parse to rows and columns. */
static void test_size_valid(void)
{
	int n, r, c;
	char buf[8];

	CU_ASSERT_EQUAL(size_is("15x15", 15, 15), 0);
	CU_ASSERT_EQUAL(size_is("15X15", 15, 15), 0);
	CU_ASSERT_EQUAL(size_is("10x12", 10, 12), 0);
	CU_ASSERT_EQUAL(size_is("12X10", 12, 10), 0);
	CU_ASSERT_EQUAL(size_is("3x26", 3, 26), 0);
	CU_ASSERT_EQUAL(size_is("26x3", 26, 3), 0);
	CU_ASSERT_EQUAL(size_is("3x3", 3, 3), 0);
	CU_ASSERT_EQUAL(size_is("26X26", 26, 26), 0);
	CU_ASSERT_EQUAL(size_is("19", 19, 19), 0);
	CU_ASSERT_EQUAL(size_is("3", 3, 3), 0);
	CU_ASSERT_EQUAL(size_is("26", 26, 26), 0);
	for (n = 3; n <= 26; n++) {
		buf[0] = (char)('0' + n / 10);
		buf[1] = (char)('0' + n % 10);
		buf[2] = 'x';
		buf[3] = (char)('0' + (29 - n) / 10);
		buf[4] = (char)('0' + (29 - n) % 10);
		buf[5] = '\0';
		r = c = 0;
		CU_ASSERT_EQUAL(rules_parse_size(buf, &r, &c), 0);
		CU_ASSERT_EQUAL(r, n);
		CU_ASSERT_EQUAL(c, 29 - n);
	}
}

/* Out of range, signs, blanks, junk, missing parts and numbers too big
 * for any integer type are all refused with the outputs untouched. */
static void test_size_invalid(void)
{
	static const char *const bad[] = {
		"",
		"x",
		"X",
		"15x",
		"x15",
		"15X",
		"2",
		"27",
		"0",
		"00",
		"2x15",
		"15x2",
		"27x15",
		"15x27",
		"0x0",
		"100",
		"100x100",
		"-15",
		"+15",
		"-15x15",
		"+15x15",
		"15x-15",
		"15x+15",
		" 15",
		"15 ",
		" 15x15",
		"15x15 ",
		"15 x15",
		"15x 15",
		"15 x 15",
		"15\tx15",
		"15x15\n",
		"15x15x15",
		"15xx15",
		"15x15x",
		"15*15",
		"15,15",
		"15 15",
		"15by15",
		"1e1",
		"15.0",
		"0x10",
		"abc",
		"fifteen",
		"\xef\xbc\x91\xef\xbc\x95", /* fullwidth digits */
		"4294967311",		    /* 2^32 + 15 */
		"4294967311x15",
		"15x4294967311",
		"18446744073709551631", /* 2^64 + 15 */
		"15x18446744073709551631",
		"99999999999999999999999999999999999999x15",
		"15x99999999999999999999999999999999999999",
		"2147483663", /* INT_MAX + 16 */
		"-4294967281",
	};
	int i;

	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++)
		CU_ASSERT(size_refused(bad[i]));
	CU_ASSERT(size_refused(NULL));
}

/* ==== Starting a board ================================================= */

/* Each preset starts an empty board of its shape and rule. */
static void test_start_presets(void)
{
	const struct variant *v;
	struct board b;
	int i, r, c;

	for (i = 0; i < NEXPECTED; i++) {
		v = rules_preset_at(i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(v);
		memset(&b, 0x5A, sizeof(b));
		CU_ASSERT_EQUAL_FATAL(rules_start(v, &b), 0);
		CU_ASSERT_EQUAL(b.rows, v->rows);
		CU_ASSERT_EQUAL(b.cols, v->cols);
		CU_ASSERT_EQUAL(b.k, v->k);
		CU_ASSERT_EQUAL(b.rule, v->rule);
		CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
		CU_ASSERT_EQUAL(b.nmoves, 0);
		CU_ASSERT_EQUAL(board_to_move(&b), STONE_BLACK);
		for (r = 0; r < b.rows; r++) {
			for (c = 0; c < b.cols; c++)
				CU_ASSERT_EQUAL(board_at(&b, r, c), STONE_NONE);
		}
	}
}

/* The standard preset really plays by the exact rule, renju refuses
 * black's overline, tic-tac-toe really wins with three. */
static void test_start_plays_by_variant(void)
{
	static const int six[][2] = {{7, 2}, {0, 0}, {7, 3}, {0, 2},
				     {7, 4}, {0, 4}, {7, 6}, {0, 6},
				     {7, 7}, {0, 8}, {7, 5}};
	struct board b;
	int i;

	CU_ASSERT_EQUAL_FATAL(rules_start(rules_preset("standard"), &b), 0);
	for (i = 0; i < 11; i++)
		CU_ASSERT_EQUAL(board_play(&b, six[i][0], six[i][1]), BOARD_OK);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL_FATAL(rules_start(rules_preset("renju"), &b), 0);
	for (i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(board_play(&b, six[i][0], six[i][1]), BOARD_OK);
	CU_ASSERT_EQUAL(board_play(&b, six[10][0], six[10][1]),
			BOARD_ERR_FORBIDDEN);
	CU_ASSERT_EQUAL(b.nmoves, 10);
	CU_ASSERT_EQUAL_FATAL(rules_start(rules_default(), &b), 0);
	for (i = 0; i < 11; i++)
		CU_ASSERT_EQUAL(board_play(&b, six[i][0], six[i][1]), BOARD_OK);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT_EQUAL_FATAL(rules_start(rules_preset("tictactoe"), &b), 0);
	for (i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(board_play(&b, i % 2, i / 2), BOARD_OK);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
}

/* A custom variant starts its board; a bad one returns -1 and leaves the
 * board alone, just as board_init() does. */
static void test_start_custom(void)
{
	struct variant v = {"custom", 7, 20, 6, RULE_EXACT};
	struct board b, copy;

	CU_ASSERT_EQUAL_FATAL(rules_start(&v, &b), 0);
	CU_ASSERT_EQUAL(b.rows, 7);
	CU_ASSERT_EQUAL(b.cols, 20);
	CU_ASSERT_EQUAL(b.k, 6);
	CU_ASSERT_EQUAL(b.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(board_play(&b, 6, 19), BOARD_OK);
	memcpy(&copy, &b, sizeof(copy));
	v.k = 21;
	CU_ASSERT_EQUAL(rules_start(&v, &b), -1);
	v.k = 6;
	v.rows = 27;
	CU_ASSERT_EQUAL(rules_start(&v, &b), -1);
	v.rows = 7;
	v.rule = (enum rule)5;
	CU_ASSERT_EQUAL(rules_start(&v, &b), -1);
	v.rule = RULE_RENJU; /* renju needs k == 5 */
	CU_ASSERT_EQUAL(rules_start(&v, &b), -1);
	v.k = 5;
	v.rows = 4; /* and sides of at least 5 */
	CU_ASSERT_EQUAL(rules_start(&v, &b), -1);
	CU_ASSERT_EQUAL(memcmp(&copy, &b, sizeof(b)), 0);
	v.rows = 5;
	CU_ASSERT_EQUAL_FATAL(rules_start(&v, &b), 0);
	CU_ASSERT_EQUAL(b.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(b.rows, 5);
}

/* ==== Suite ============================================================ */

/* rules_name_of() names a shape and rule by its preset, else custom. */
static void test_name_of(void)
{
	CU_ASSERT_STRING_EQUAL(rules_name_of(15, 15, 5, RULE_RENJU), "renju");
	CU_ASSERT_STRING_EQUAL(rules_name_of(15, 15, 5, RULE_EXACT),
			       "standard");
	CU_ASSERT_STRING_EQUAL(rules_name_of(3, 3, 3, RULE_FREESTYLE),
			       "tictactoe");
	CU_ASSERT_STRING_EQUAL(rules_name_of(15, 15, 4, RULE_FREESTYLE),
			       "custom");
	CU_ASSERT_STRING_EQUAL(rules_name_of(10, 10, 5, RULE_EXACT), "custom");
}

/* rules_variant_from(): the command line's and the menus' one check. */
static void test_variant_from(void)
{
	struct variant v;
	const struct variant_words renju = {"renju", NULL, NULL, NULL};
	const struct variant_words custom = {NULL, "19x19", "6", "exact"};
	const struct variant_words preset_shape = {NULL, "10", NULL, NULL};

	CU_ASSERT_EQUAL(rules_variant_from(&renju, &v), RULES_OK);
	CU_ASSERT_STRING_EQUAL(v.name, "renju");
	CU_ASSERT_EQUAL(v.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(rules_variant_from(&custom, &v), RULES_OK);
	CU_ASSERT_STRING_EQUAL(v.name, "custom");
	CU_ASSERT(v.rows == 19 && v.cols == 19 && v.k == 6);
	CU_ASSERT_EQUAL(v.rule, RULE_EXACT);
	/* a size alone over the default: the preset of that shape */
	CU_ASSERT_EQUAL(rules_variant_from(&preset_shape, &v), RULES_OK);
	CU_ASSERT_STRING_EQUAL(v.name, "gomoku10");
}

/* Each wrong word is named, the first in the order they are read. */
static void test_variant_from_errors(void)
{
	static const struct {
		struct variant_words w;
		enum rules_error e;
	} cases[] = {
		{{"go", NULL, NULL, NULL}, RULES_BAD_VARIANT},
		{{NULL, "2x2", NULL, NULL}, RULES_BAD_SIZE},
		{{NULL, "9x9", "x", NULL}, RULES_BAD_K},
		{{NULL, "9x9", "4", "sideways"}, RULES_BAD_RULE},
		{{"renju", "4x4", NULL, NULL}, RULES_BAD_RENJU},
		{{"renju", NULL, "6", NULL}, RULES_BAD_RENJU},
		{{NULL, "3x3", NULL, NULL}, RULES_BAD_FIT},
		{{"go", "2x2", NULL, NULL}, RULES_BAD_VARIANT},
	};
	struct variant v;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_EQUAL(rules_variant_from(&cases[i].w, &v),
				cases[i].e);
	CU_ASSERT_EQUAL(rules_variant_from(&cases[6].w, &v), RULES_BAD_FIT);
	CU_ASSERT(v.rows == 3 && v.cols == 3 && v.k == 5);
}

static CU_TestInfo tests[] = {
	{"shapes and rules named by their preset", test_name_of},
	{"default is gomoku 15x15 k5 freestyle", test_default},
	{"every preset has its shape and rule", test_each_preset},
	{"preset listing", test_preset_listing},
	{"unknown preset names", test_unknown_preset},
	{"parse rule words", test_parse_rule},
	{"rule names round-trip", test_rule_name},
	{"valid sizes", test_size_valid},
	{"invalid sizes refused, outputs untouched", test_size_invalid},
	{"start each preset", test_start_presets},
	{"started boards play by their variant", test_start_plays_by_variant},
	{"start a custom variant", test_start_custom},
	{"a variant from its words", test_variant_from},
	{"a variant's wrong words named", test_variant_from_errors},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo rules_suite = {"rules", init, cleanup, NULL, NULL, tests};
