/* test_notation.c -- unit tests for src/notation.c: moves and commands as
 * typed, every reason for refusal, strict UTF-8 and cell names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "notation.h"

/* Byte strings given with their length, so they may hold NUL bytes. */
struct bytes {
	const char *s;
	size_t n;
};

#define B(lit)                                                                 \
	{                                                                      \
		lit, sizeof(lit) - 1                                           \
	}
#define NBYTES(a) (sizeof(a) / sizeof((a)[0]))

/* Assert with the caller's line and the literal in the failure report. */
#define CHECK_AT(cond, what)                                                   \
	CU_assertImplementation((cond), __LINE__, (what), __FILE__, "",        \
				CU_FALSE)
#define MOVE_OK(lit, rows, cols, r, c)                                         \
	CHECK_AT(is_move(lit, sizeof(lit) - 1, rows, cols, r, c), "move"       \
								  " " #lit)
#define REFUSED(lit, rows, cols, err)                                          \
	CHECK_AT(is_refused(lit, sizeof(lit) - 1, rows, cols, err),            \
		 #err " " #lit)
#define COMMAND(lit, kind)                                                     \
	CHECK_AT(is_command(lit, sizeof(lit) - 1, kind), #kind " " #lit)

/* Parse n bytes at s into a struct that held garbage before. Return the
 * struct, with kind forced to an impossible value when the return value
 * and out->kind disagree. */
static struct input parse(const char *s, size_t n, int rows, int cols)
{
	struct input in;
	enum input_kind kind;

	memset(&in, 0x5a, sizeof(in));
	kind = notation_parse(s, n, rows, cols, &in);
	if (kind != in.kind)
		in.kind = (enum input_kind) - 1;
	return in;
}

/* True when s parses as the move (r, c), 0-based, with no error. */
static int is_move(const char *s, size_t n, int rows, int cols, int r, int c)
{
	struct input in = parse(s, n, rows, cols);

	return in.kind == INPUT_MOVE && in.error == INPUT_ERR_NONE &&
	       in.row == r && in.col == c;
}

/* True when s is refused for the reason err. */
static int is_refused(const char *s, size_t n, int rows, int cols,
		      enum input_error err)
{
	struct input in = parse(s, n, rows, cols);

	return in.kind == INPUT_INVALID && in.error == err;
}

/* True when s is the command kind (on a 15x15 board), with no error. */
static int is_command(const char *s, size_t n, enum input_kind kind)
{
	struct input in = parse(s, n, 15, 15);

	return in.kind == kind && in.error == INPUT_ERR_NONE;
}

/* ==== Formatting ======================================================= */

/* notation_format names cells with a letter and a 1-based row. */
static void test_format_names(void)
{
	char buf[NOTATION_MOVE_LEN];

	CU_ASSERT_PTR_EQUAL(notation_format(7, 7, buf), buf);
	CU_ASSERT_STRING_EQUAL(buf, "h8");
	CU_ASSERT_STRING_EQUAL(notation_format(0, 0, buf), "a1");
	CU_ASSERT_STRING_EQUAL(notation_format(14, 14, buf), "o15");
	CU_ASSERT_STRING_EQUAL(notation_format(9, 1, buf), "b10");
	CU_ASSERT_STRING_EQUAL(notation_format(0, 25, buf), "z1");
	CU_ASSERT_STRING_EQUAL(notation_format(25, 25, buf), "z26");
	CU_ASSERT_STRING_EQUAL(notation_format(2, 3, buf), "d3");
}

/* notation_format gives "?" for cells it cannot name. */
static void test_format_unnamed(void)
{
	static const int cells[][2] = {
		{0, 26}, {7, 27},  {0, 1000}, {0, -1},
		{-1, 0}, {-1, -1}, {-8, 7},   {99, 0},
	};
	char buf[NOTATION_MOVE_LEN];
	size_t i;

	for (i = 0; i < NBYTES(cells); i++) {
		memcpy(buf, "xyz", NOTATION_MOVE_LEN);
		CU_ASSERT_STRING_EQUAL(
			notation_format(cells[i][0], cells[i][1], buf), "?");
	}
	/* The widest name still fits the buffer. */
	CU_ASSERT_STRING_EQUAL(notation_format(98, 0, buf), "a99");
}

/* ==== Every cell, every form =========================================== */

/* Parse each printf form of the 1-based (r, c) and check they all give
 * the 0-based cell; return how many did not. */
static int count_form_failures(int rows, int cols, int r, int c)
{
	static const char *const forms[] = {
		"%d %d",  "%d,%d",    "%d , %d",    "%d, %d",	   "%d ,%d",
		"%d\t%d", "%d    %d", " %d %d \n",  "%02d %03d",   "%d,%d\r\n",
		"%d，%d", "%d　%d",   "%d　，　%d", "　%d %d　\n",
	};
	char line[64];
	size_t i;
	int bad = 0;

	for (i = 0; i < NBYTES(forms); i++) {
		snprintf(line, sizeof(line), forms[i], r, c);
		if (!is_move(line, strlen(line), rows, cols, r - 1, c - 1))
			bad++;
	}
	return bad;
}

/* Count the cells of a rows x cols board whose name does not parse back
 * to the cell, in lower or upper case, or whose number forms disagree. */
static int count_round_trip_failures(int rows, int cols)
{
	char name[NOTATION_MOVE_LEN], line[16];
	int r, c, bad = 0;

	for (r = 0; r < rows; r++) {
		for (c = 0; c < cols; c++) {
			notation_format(r, c, name);
			if (!is_move(name, strlen(name), rows, cols, r, c))
				bad++;
			snprintf(line, sizeof(line), " %c%s\n",
				 name[0] - 'a' + 'A', name + 1);
			if (!is_move(line, strlen(line), rows, cols, r, c))
				bad++;
			bad += count_form_failures(rows, cols, r + 1, c + 1);
		}
	}
	return bad;
}

/* Every cell of a 15x15 board round-trips and all forms agree. */
static void test_round_trip_15(void)
{
	CU_ASSERT_EQUAL(count_round_trip_failures(15, 15), 0);
}

/* Every cell of a 26x26 board (a1..z26) round-trips, all forms agree. */
static void test_round_trip_26(void)
{
	CU_ASSERT_EQUAL(count_round_trip_failures(26, 26), 0);
}

/* Non-square boards keep rows and columns apart. */
static void test_rectangular(void)
{
	MOVE_OK("5 20", 5, 20, 4, 19);
	MOVE_OK("t5", 5, 20, 4, 19);
	REFUSED("20 5", 5, 20, INPUT_ERR_ROW_RANGE);
	REFUSED("e20", 5, 20, INPUT_ERR_ROW_RANGE);
	REFUSED("u5", 5, 20, INPUT_ERR_COL_RANGE);
	REFUSED("5 21", 5, 20, INPUT_ERR_COL_RANGE);
	MOVE_OK("20 5", 20, 5, 19, 4);
	MOVE_OK("e20", 20, 5, 19, 4);
	REFUSED("5 20", 20, 5, INPUT_ERR_COL_RANGE);
	REFUSED("t5", 20, 5, INPUT_ERR_COL_RANGE);
	MOVE_OK("2 3", 15, 15, 1, 2);
	MOVE_OK("c2", 15, 15, 1, 2);
}

/* ==== Accepted spellings =============================================== */

/* Blanks around and between, upper case and leading zeros are fine. */
static void test_blanks_and_case(void)
{
	MOVE_OK("  8 8  ", 15, 15, 7, 7);
	MOVE_OK("\t8\t8\t", 15, 15, 7, 7);
	MOVE_OK("8 \t 8", 15, 15, 7, 7);
	MOVE_OK("8 , 8", 15, 15, 7, 7);
	MOVE_OK("8\t,\t8", 15, 15, 7, 7);
	MOVE_OK("3 12", 15, 15, 2, 11);
	MOVE_OK("12,3", 15, 15, 11, 2);
	MOVE_OK("H8", 15, 15, 7, 7);
	MOVE_OK("  h8\t", 15, 15, 7, 7);
	MOVE_OK("O15", 15, 15, 14, 14);
	MOVE_OK("a01", 15, 15, 0, 0);
	MOVE_OK("08 08", 15, 15, 7, 7);
	MOVE_OK("0000000000000000000000000000008 0008", 15, 15, 7, 7);
	MOVE_OK("h000000000000000000000000000000000008", 15, 15, 7, 7);
	MOVE_OK("　8　8　", 15, 15, 7, 7);
	MOVE_OK("8　，　8", 15, 15, 7, 7);
	MOVE_OK("8 ，8", 15, 15, 7, 7);
	MOVE_OK("　h8", 15, 15, 7, 7);
}

/* Full-width digits, letters and commas (what Chinese input methods
 * type) count as their ASCII forms, with any mix of blanks. */
static void test_full_width(void)
{
	MOVE_OK("８ ８", 15, 15, 7, 7);
	MOVE_OK("８　８", 15, 15, 7, 7);
	MOVE_OK("８，８", 15, 15, 7, 7);
	MOVE_OK("８ ， ８", 15, 15, 7, 7);
	MOVE_OK("１２ ３", 15, 15, 11, 2);
	MOVE_OK("1２,３", 15, 15, 11, 2);
	MOVE_OK("ｈ８", 15, 15, 7, 7);
	MOVE_OK("Ｈ８", 15, 15, 7, 7);
	MOVE_OK("h８", 15, 15, 7, 7);
	MOVE_OK("ｏ１５", 15, 15, 14, 14);
	MOVE_OK("　ｈ８　\n", 15, 15, 7, 7);
	COMMAND("ｕｎｄｏ", INPUT_UNDO);
	COMMAND("ＲＥＳＩＧＮ", INPUT_RESIGN);
	COMMAND("？", INPUT_HELP);
	COMMAND("ｈｉｎｔ", INPUT_HINT);
	REFUSED("１６ ８", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("ｐ８", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("８８", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("　　", 15, 15, INPUT_ERR_EMPTY);
}

/* A short line that NFKC makes very long (U+FDFA, 3 bytes, becomes 33)
 * is refused as too long, never cut short or accepted. */
static void test_normalised_too_long(void)
{
	char line[NOTATION_MAX_INPUT];
	size_t n = 0;

	while (n + 3 <= sizeof(line)) {
		memcpy(line + n, "\xef\xb7\xba", 3);
		n += 3;
	}
	CU_ASSERT(is_refused(line, n, 15, 15, INPUT_ERR_TOO_LONG));
	CU_ASSERT(is_refused(line, 3, 15, 15, INPUT_ERR_SYNTAX));
}

/* One trailing "\n" or "\r\n" is dropped; anything more is refused. */
static void test_trailing_newline(void)
{
	MOVE_OK("8 8\n", 15, 15, 7, 7);
	MOVE_OK("8 8\r\n", 15, 15, 7, 7);
	MOVE_OK("h8\n", 15, 15, 7, 7);
	MOVE_OK("8,8 \r\n", 15, 15, 7, 7);
	COMMAND("undo\n", INPUT_UNDO);
	COMMAND("认输\r\n", INPUT_RESIGN);
	REFUSED("\n", 15, 15, INPUT_ERR_EMPTY);
	REFUSED("\r\n", 15, 15, INPUT_ERR_EMPTY);
	REFUSED("8 8\n\n", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("8 8\r\n\r\n", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("8 8\r", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("8 8\n\r", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("8\n8", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("\n8 8", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("\r", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("\n\n", 15, 15, INPUT_ERR_SYNTAX);
}

/* The input need not end in NUL: only len bytes are read. */
static void test_not_nul_terminated(void)
{
	char *p = malloc(3);

	CU_ASSERT_FATAL(p != NULL);
	memcpy(p, "8 8", 3);
	CU_ASSERT(is_move(p, 3, 15, 15, 7, 7));
	CU_ASSERT(is_move(p, 1, 15, 15, 7, 7) == 0);
	CU_ASSERT(is_refused(p, 1, 15, 15, INPUT_ERR_SYNTAX));
	CU_ASSERT(is_refused(p, 0, 15, 15, INPUT_ERR_EMPTY));
	memcpy(p, "h2\n", 3);
	CU_ASSERT(is_move(p, 3, 15, 15, 1, 7));
	CU_ASSERT(is_move(p, 2, 15, 15, 1, 7));
	free(p);
	CU_ASSERT(is_move("8 89", 3, 15, 15, 7, 7));
	CU_ASSERT(is_command("undo!", 4, INPUT_UNDO));
	CU_ASSERT(is_command("help\n\n", 5, INPUT_HELP));
	CU_ASSERT(is_refused("8 8\xff", 3 + 1, 15, 15, INPUT_ERR_ENCODING));
	CU_ASSERT(is_move("8 8\xff", 3, 15, 15, 7, 7));
}

/* ==== Commands ========================================================= */

/* English commands are whole words in any case, "?" is help. */
static void test_commands_english(void)
{
	COMMAND("undo", INPUT_UNDO);
	COMMAND("UNDO", INPUT_UNDO);
	COMMAND("Undo", INPUT_UNDO);
	COMMAND("uNdO", INPUT_UNDO);
	COMMAND("draw", INPUT_DRAW);
	COMMAND("DRAW", INPUT_DRAW);
	COMMAND("dRaw", INPUT_DRAW);
	COMMAND("resign", INPUT_RESIGN);
	COMMAND("RESIGN", INPUT_RESIGN);
	COMMAND("ReSiGn", INPUT_RESIGN);
	COMMAND("help", INPUT_HELP);
	COMMAND("HELP", INPUT_HELP);
	COMMAND("Help", INPUT_HELP);
	COMMAND("?", INPUT_HELP);
	COMMAND("hint", INPUT_HINT);
	COMMAND("HiNt", INPUT_HINT);
	COMMAND("  undo\t", INPUT_UNDO);
	COMMAND("\tresign \r\n", INPUT_RESIGN);
	COMMAND(" ? \n", INPUT_HELP);
	COMMAND("　draw　", INPUT_DRAW);
}

/* Chinese commands, with any blanks around them. */
static void test_commands_chinese(void)
{
	COMMAND("悔棋", INPUT_UNDO);
	COMMAND("和棋", INPUT_DRAW);
	COMMAND("认输", INPUT_RESIGN);
	COMMAND("帮助", INPUT_HELP);
	COMMAND("提示", INPUT_HINT);
	COMMAND(" 悔棋 ", INPUT_UNDO);
	COMMAND("　和棋　\n", INPUT_DRAW);
	COMMAND("\t认输\r\n", INPUT_RESIGN);
	COMMAND("　 帮助\t", INPUT_HELP);
}

/* Near misses of commands are syntax errors, not commands. */
static void test_commands_near_misses(void)
{
	static const struct bytes lines[] = {
		B("un do"),
		B("undo undo"),
		B("undo1"),
		B("undo?"),
		B("resig"),
		B("resigned"),
		B("helpme"),
		B("h elp"),
		B("??"),
		B("? ?"),
		B("\x1f"),
		B("悔"),
		B("悔棋棋"),
		B("悔 棋"),
		B("认　输"),
		B("認輸"),
		B("ｕｎｄｏｕｎｄｏ"),
		B("？？"),
		B("draw\0"),
		B("\0help"),
		/* 悔 then U+60CB: one byte off 棋 by 0x20. */
		B("\xe6\x82\x94\xe6\x83\x8b"),
	};
	size_t i;

	for (i = 0; i < NBYTES(lines); i++)
		CU_ASSERT(is_refused(lines[i].s, lines[i].n, 15, 15,
				     INPUT_ERR_SYNTAX));
}

/* ==== Refusals ========================================================= */

/* Lines that are neither a move nor a command are syntax errors. */
static void test_syntax(void)
{
	static const char *const lines[] = {
		"abc",	 "x",	  "h",	    "H",     "hh8",	"8h",
		"h 8 8", "h 8h",  "h,8",    "h-8",   "h+8",	"+8 8",
		"-8 8",	 "8 -8",  "8 +8",   "8.0 8", "8 8.5",	"8.5",
		"8 8 8", "8,8,8", "8 8,8",  "8",     "08",	"8,",
		",8",	 ", 8",	  "8 ,",    "8,,8",  "8 , , 8", "8，，8",
		"8;8",	 "8/8",	  "8x8",    "1e1 8", "0x8 8",	"h8 8",
		"8 8h",	 "h8h",	  "h-1",    "@8",    "[8",	"`8",
		"{8",	 "８８",  "ｈ８ｈ", "八 八", "8\v8",	"8\f8",
		"é",	 "h8,",	  "(8,8)",
	};
	size_t i;

	for (i = 0; i < NBYTES(lines); i++)
		CU_ASSERT(is_refused(lines[i], strlen(lines[i]), 15, 15,
				     INPUT_ERR_SYNTAX));
}

/* NUL bytes anywhere make a syntax error, never a cut-short line. */
static void test_nul_bytes(void)
{
	static const struct bytes lines[] = {
		B("\0"),
		B("8\0 8"),
		B("8 8\0"),
		B("\0"
		  "8 8"),
		B("h\0"
		  "8"),
		B("h8\0"),
		B(" \0 "),
		B("8 8\0\n"),
		B("\0\n"),
		B("undo\0"),
		B("8,\0"
		  "8"),
		B("\0\0\0"),
	};
	size_t i;

	for (i = 0; i < NBYTES(lines); i++)
		CU_ASSERT(is_refused(lines[i].s, lines[i].n, 15, 15,
				     INPUT_ERR_SYNTAX));
}

/* A row outside 1..rows is refused, and checked before the column. */
static void test_row_range(void)
{
	REFUSED("0 8", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("00 8", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("16 8", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("16,1", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("100 1", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("a0", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("h16", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("27 1", 26, 26, INPUT_ERR_ROW_RANGE);
	REFUSED("z27", 26, 26, INPUT_ERR_ROW_RANGE);
	/* Both wrong, the row typed first: the row is reported. */
	REFUSED("16 16", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("0 0", 15, 15, INPUT_ERR_ROW_RANGE);
}

/* In "h8" the column is typed first, so it is checked first: z99 on a
 * 15x15 board is a column off the board, not a row. */
static void test_letter_column_first(void)
{
	REFUSED("z99", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("p16", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("z0", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("Z 99", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("ｚ９９", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("d1", 3, 3, INPUT_ERR_COL_RANGE);
	REFUSED("c4", 3, 3, INPUT_ERR_ROW_RANGE);
	REFUSED("o16", 15, 15, INPUT_ERR_ROW_RANGE);
}

/* A column letter and its row may have blanks between them ("h 8"), as
 * people type them apart; the letter alone is still no move. */
static void test_letter_blank_row(void)
{
	MOVE_OK("h 8", 15, 15, 7, 7);
	MOVE_OK("H  8", 15, 15, 7, 7);
	MOVE_OK("h\t8", 15, 15, 7, 7);
	MOVE_OK(" a 1 ", 15, 15, 0, 0);
	MOVE_OK("ｈ　８", 15, 15, 7, 7);
	MOVE_OK("ｈ ８", 15, 15, 7, 7);
	MOVE_OK("z 26", 26, 26, 25, 25);
	REFUSED("h ", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("h 8 ,", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("h , 8", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("h 16", 15, 15, INPUT_ERR_ROW_RANGE);
}

/* A column outside 1..cols (or a letter past the last) is refused. */
static void test_col_range(void)
{
	REFUSED("8 0", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("8 00", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("8 16", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("1,16", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("8 100", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("p8", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("P1", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("z15", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("1 27", 26, 26, INPUT_ERR_COL_RANGE);
}

/* Numbers too big for any integer type are out of range, not wrapped. */
static void test_huge_numbers(void)
{
	REFUSED("99999999999999999999 8", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("8 99999999999999999999", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("h99999999999999999999", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("2147483648 1", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("2147483655 1", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("4294967297 1", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("18446744073709551617 1", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("1 4294967304", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("1,18446744073709551624", 15, 15, INPUT_ERR_COL_RANGE);
	REFUSED("a4294967297", 15, 15, INPUT_ERR_ROW_RANGE);
	REFUSED("99999999999999999999 99999999999999999999", 15, 15,
		INPUT_ERR_ROW_RANGE);
	/* Huge numbers with the syntax wrong elsewhere stay syntax errors. */
	REFUSED("99999999999999999999", 15, 15, INPUT_ERR_SYNTAX);
	REFUSED("8 8 99999999999999999999", 15, 15, INPUT_ERR_SYNTAX);
}

/* Lines of nothing but blanks (or nothing at all) are empty. */
static void test_empty(void)
{
	REFUSED("", 15, 15, INPUT_ERR_EMPTY);
	REFUSED(" ", 15, 15, INPUT_ERR_EMPTY);
	REFUSED("\t", 15, 15, INPUT_ERR_EMPTY);
	REFUSED("  \t  ", 15, 15, INPUT_ERR_EMPTY);
	REFUSED(" \n", 15, 15, INPUT_ERR_EMPTY);
	REFUSED("\t\r\n", 15, 15, INPUT_ERR_EMPTY);
	REFUSED("　", 15, 15, INPUT_ERR_EMPTY);
	REFUSED(" 　\t　 \n", 15, 15, INPUT_ERR_EMPTY);
	CU_ASSERT(is_refused("8 8", 0, 15, 15, INPUT_ERR_EMPTY));
}

/* Fill a malloc'd line: n copies of ch (the test stops if memory
 * runs out). Not NUL-terminated. */
static char *make_line(size_t n, char ch)
{
	char *p = malloc(n);

	CU_ASSERT_FATAL(p != NULL);
	memset(p, ch, n);
	return p;
}

/* Lines over NOTATION_MAX_INPUT bytes (newline aside) are too long,
 * checked before encoding and emptiness. */
static void test_too_long(void)
{
	char *p = make_line(NOTATION_MAX_INPUT + 2, ' ');

	memcpy(p, "8 8", 3);
	CU_ASSERT(is_move(p, NOTATION_MAX_INPUT, 15, 15, 7, 7));
	CU_ASSERT(is_refused(p, NOTATION_MAX_INPUT + 1, 15, 15,
			     INPUT_ERR_TOO_LONG));
	p[NOTATION_MAX_INPUT] = '\n';
	CU_ASSERT(is_move(p, NOTATION_MAX_INPUT + 1, 15, 15, 7, 7));
	memcpy(p + NOTATION_MAX_INPUT, "\r\n", 2);
	CU_ASSERT(is_move(p, NOTATION_MAX_INPUT + 2, 15, 15, 7, 7));
	p[NOTATION_MAX_INPUT] = ' ';
	CU_ASSERT(is_refused(p, NOTATION_MAX_INPUT + 2, 15, 15,
			     INPUT_ERR_TOO_LONG));
	memset(p, ' ', NOTATION_MAX_INPUT + 2);
	CU_ASSERT(is_refused(p, NOTATION_MAX_INPUT, 15, 15, INPUT_ERR_EMPTY));
	CU_ASSERT(is_refused(p, NOTATION_MAX_INPUT + 1, 15, 15,
			     INPUT_ERR_TOO_LONG));
	p[0] = '\xff';
	CU_ASSERT(
		is_refused(p, NOTATION_MAX_INPUT, 15, 15, INPUT_ERR_ENCODING));
	CU_ASSERT(is_refused(p, NOTATION_MAX_INPUT + 1, 15, 15,
			     INPUT_ERR_TOO_LONG));
	free(p);
}

/* Long lines of multi-byte text count bytes, not characters. */
static void test_too_long_wide(void)
{
	char line[NOTATION_MAX_INPUT + 8];
	size_t n = 0;

	/* 21 ideographic spaces (63 bytes) and "?" make exactly 64. */
	while (n + 3 <= NOTATION_MAX_INPUT - 1) {
		memcpy(line + n, "　", 3);
		n += 3;
	}
	line[n++] = '?';
	CU_ASSERT_EQUAL(n, NOTATION_MAX_INPUT);
	CU_ASSERT(is_command(line, n, INPUT_HELP));
	memcpy(line + n - 1, "　?", 4);
	CU_ASSERT(is_refused(line, n + 3, 15, 15, INPUT_ERR_TOO_LONG));
}

/* A 1 MiB buffer is refused as too long, whatever it holds. */
static void test_one_mebibyte(void)
{
	size_t n = (size_t)1 << 20;
	char *p = make_line(n, '8');

	CU_ASSERT(is_refused(p, n, 15, 15, INPUT_ERR_TOO_LONG));
	p[1] = ' ';
	p[n - 1] = '\n';
	CU_ASSERT(is_refused(p, n, 15, 15, INPUT_ERR_TOO_LONG));
	memset(p, ' ', n);
	CU_ASSERT(is_refused(p, n, 15, 15, INPUT_ERR_TOO_LONG));
	memset(p, '\xff', n);
	CU_ASSERT(is_refused(p, n, 15, 15, INPUT_ERR_TOO_LONG));
	memset(p, '\0', n);
	CU_ASSERT(is_refused(p, n, 15, 15, INPUT_ERR_TOO_LONG));
	free(p);
}

/* ==== UTF-8 ============================================================ */

/* Invalid UTF-8 of every kind: stray, truncated, overlong, surrogate,
 * too big, never-used bytes. */
static const struct bytes bad_utf8[] = {
	/* Stray continuation bytes. */
	B("\x80"),
	B("\xbf"),
	B("8\x80 8"),
	B("h8\xa0"),
	B("\x80\x80"),
	/* Truncated sequences. */
	B("\xc3"),
	B("\xe6\x82"),
	B("\xf0\x9f\x98"),
	B("\xe6\x82 8"),
	B("\xc3"
	  "8 8"),
	B("undo\xe6"),
	B("\xf0\x9f"
	  "88"),
	/* Overlong forms. */
	B("\xc0\x80"),
	B("\xc0\xaf"),
	B("\xc1\xbf"),
	B("\xe0\x80\xaf"),
	B("\xe0\x9f\xbf"),
	B("\xf0\x80\x80\xaf"),
	B("\xf0\x8f\xbf\xbf"),
	/* Surrogates, alone and paired (CESU-8). */
	B("\xed\xa0\x80"),
	B("\xed\xbf\xbf"),
	B("\xed\xb0\x80"),
	B("\xed\xa0\xbd\xed\xb8\x80"),
	/* Above U+10FFFF, and bytes UTF-8 never uses. */
	B("\xf4\x90\x80\x80"),
	B("\xf5\x80\x80\x80"),
	B("\xf7\xbf\xbf\xbf"),
	B("\xf8\x88\x80\x80\x80"),
	B("\xfc\x84\x80\x80\x80\x80"),
	B("\xfe"),
	B("\xff"),
};

/* notation_utf8_valid refuses every kind of invalid UTF-8. */
static void test_utf8_invalid(void)
{
	size_t i;

	for (i = 0; i < NBYTES(bad_utf8); i++)
		CU_ASSERT(!notation_utf8_valid(bad_utf8[i].s, bad_utf8[i].n));
}

/* notation_utf8_valid accepts the edges of every valid range. */
static void test_utf8_valid(void)
{
	static const struct bytes good[] = {
		B(""),
		B("a"),
		B("\0"),
		B("\x7f"),
		B("\xc2\x80"),
		B("\xdf\xbf"),
		B("\xe0\xa0\x80"),
		B("\xed\x9f\xbf"),
		B("\xee\x80\x80"),
		B("\xef\xbf\xbf"),
		B("\xf0\x90\x80\x80"),
		B("\xf4\x8f\xbf\xbf"),
		B("悔棋 8，8　é"),
	};
	size_t i;

	for (i = 0; i < NBYTES(good); i++)
		CU_ASSERT(notation_utf8_valid(good[i].s, good[i].n));
	/* Only len bytes count. */
	CU_ASSERT(notation_utf8_valid("8\xff", 1));
	CU_ASSERT(!notation_utf8_valid("8\xff", 2));
	CU_ASSERT(!notation_utf8_valid("\xe6\x82\x94", 2));
}

/* notation_parse reports invalid UTF-8 as an encoding error, before it
 * looks at blanks or syntax. */
static void test_parse_encoding(void)
{
	char line[32];
	size_t i, n;

	for (i = 0; i < NBYTES(bad_utf8); i++) {
		CU_ASSERT(is_refused(bad_utf8[i].s, bad_utf8[i].n, 15, 15,
				     INPUT_ERR_ENCODING));
		/* Wrapped in blanks and a newline. */
		memcpy(line, "  ", 2);
		memcpy(line + 2, bad_utf8[i].s, bad_utf8[i].n);
		n = 2 + bad_utf8[i].n;
		memcpy(line + n, " \n", 2);
		CU_ASSERT(is_refused(line, n + 2, 15, 15, INPUT_ERR_ENCODING));
	}
}

/* ==== Small boards ===================================================== */

/* On 3x3 only a..c and 1..3 name cells. */
static void test_small_board(void)
{
	MOVE_OK("a1", 3, 3, 0, 0);
	MOVE_OK("c3", 3, 3, 2, 2);
	MOVE_OK("C2", 3, 3, 1, 2);
	MOVE_OK("3 3", 3, 3, 2, 2);
	MOVE_OK("2,1", 3, 3, 1, 0);
	REFUSED("d1", 3, 3, INPUT_ERR_COL_RANGE);
	REFUSED("D3", 3, 3, INPUT_ERR_COL_RANGE);
	REFUSED("a4", 3, 3, INPUT_ERR_ROW_RANGE);
	REFUSED("d4", 3, 3, INPUT_ERR_COL_RANGE);
	REFUSED("4 1", 3, 3, INPUT_ERR_ROW_RANGE);
	REFUSED("1 4", 3, 3, INPUT_ERR_COL_RANGE);
	REFUSED("8 8", 3, 3, INPUT_ERR_ROW_RANGE);
	REFUSED("h8", 3, 3, INPUT_ERR_COL_RANGE);
	REFUSED("h3", 3, 3, INPUT_ERR_COL_RANGE);
	COMMAND("undo", INPUT_UNDO);
}

static int init(void)
{
	return 0;
}

static int cleanup(void)
{
	return 0;
}

static CU_TestInfo tests[] = {
	{"format names cells a1..z26", test_format_names},
	{"format gives ? for unnamed cells", test_format_unnamed},
	{"15x15: every cell round-trips, all forms agree", test_round_trip_15},
	{"26x26: every cell round-trips, all forms agree", test_round_trip_26},
	{"rectangular boards keep rows and columns apart", test_rectangular},
	{"blanks, upper case, leading zeros", test_blanks_and_case},
	{"full-width digits, letters and commas", test_full_width},
	{"a line NFKC makes huge is too long", test_normalised_too_long},
	{"one trailing newline allowed", test_trailing_newline},
	{"input need not be NUL-terminated", test_not_nul_terminated},
	{"English commands in any case", test_commands_english},
	{"Chinese commands", test_commands_chinese},
	{"near misses of commands are syntax errors",
	 test_commands_near_misses},
	{"syntax errors", test_syntax},
	{"NUL bytes are syntax errors", test_nul_bytes},
	{"row out of range, checked first", test_row_range},
	{"column out of range", test_col_range},
	{"h8: the column is checked first", test_letter_column_first},
	{"h 8: blanks between letter and row", test_letter_blank_row},
	{"huge numbers do not overflow", test_huge_numbers},
	{"blank lines are empty", test_empty},
	{"long lines are too long", test_too_long},
	{"length counts bytes of wide text", test_too_long_wide},
	{"1 MiB buffer is too long", test_one_mebibyte},
	{"utf8_valid refuses each kind of bad UTF-8", test_utf8_invalid},
	{"utf8_valid accepts range edges", test_utf8_valid},
	{"parse reports bad UTF-8 first", test_parse_encoding},
	{"3x3 board: d1 is out of range", test_small_board},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo notation_suite = {"notation", init, cleanup, NULL, NULL, tests};
