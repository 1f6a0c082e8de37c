/* test_words.c -- tests for src/words.c: the words of results, reasons
 * and rules both front ends show, in the source language (the catalogue
 * is not loaded here; the end-to-end tests read the Chinese). A line of
 * K is named by K, never "five" on another board, and a board whose K
 * is not 5 is not "gomoku".
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "words.h"

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

/* A line of K that won is named by K: five only when K is 5. */
static void test_reason_line_of_k(void)
{
	char buf[64];

	CU_ASSERT_STRING_EQUAL(words_reason(REASON_FIVE, RESULT_BLACK_WIN, 5,
					    buf, sizeof(buf)),
			       "five");
	CU_ASSERT_STRING_EQUAL(words_reason(REASON_FIVE, RESULT_BLACK_WIN, 3,
					    buf, sizeof(buf)),
			       "row of 3");
	CU_ASSERT_STRING_EQUAL(words_reason(REASON_FIVE, RESULT_WHITE_WIN, 4,
					    buf, sizeof(buf)),
			       "row of 4");
	CU_ASSERT_STRING_EQUAL(words_reason(REASON_FIVE, RESULT_WHITE_WIN, 12,
					    buf, sizeof(buf)),
			       "row of 12");
	/* cut to the buffer, never past it */
	CU_ASSERT_STRING_EQUAL(
		words_reason(REASON_FIVE, RESULT_BLACK_WIN, 3, buf, 6),
		"row o");
}

/* The other reasons, a claim naming the side that left. */
static void test_reason_others(void)
{
	char buf[64];

	CU_ASSERT_STRING_EQUAL(words_reason(REASON_RESIGN, RESULT_WHITE_WIN, 3,
					    buf, sizeof(buf)),
			       "resigned");
	CU_ASSERT_STRING_EQUAL(words_reason(REASON_ABANDONED, RESULT_WHITE_WIN,
					    5, buf, sizeof(buf)),
			       "abandoned by black");
	CU_ASSERT_STRING_EQUAL(words_reason(REASON_ABANDONED, RESULT_BLACK_WIN,
					    5, buf, sizeof(buf)),
			       "abandoned by white");
	CU_ASSERT_STRING_EQUAL(
		words_reason(REASON_TIMEOUT, RESULT_DRAW, 5, buf, sizeof(buf)),
		"timeout");
	CU_ASSERT_STRING_EQUAL(
		words_reason(REASON_NONE, RESULT_NONE, 5, buf, sizeof(buf)),
		"");
}

/* A board's rule: the gomoku families at K 5 (and renju), the line
 * itself otherwise. */
static void test_rule_of_board(void)
{
	char buf[64];

	CU_ASSERT_STRING_EQUAL(words_rule(RULE_FREESTYLE, 5, buf, sizeof(buf)),
			       "freestyle gomoku");
	CU_ASSERT_STRING_EQUAL(words_rule(RULE_EXACT, 5, buf, sizeof(buf)),
			       "standard gomoku");
	CU_ASSERT_STRING_EQUAL(words_rule(RULE_RENJU, 5, buf, sizeof(buf)),
			       "renju");
	CU_ASSERT_STRING_EQUAL(words_rule(RULE_FREESTYLE, 3, buf, sizeof(buf)),
			       "3 in a row");
	CU_ASSERT_STRING_EQUAL(words_rule(RULE_EXACT, 4, buf, sizeof(buf)),
			       "exactly 4 in a row");
	CU_ASSERT_STRING_EQUAL(words_rule_family(RULE_FREESTYLE),
			       "freestyle gomoku");
	/* what wins, as the menus tell the variants apart */
	CU_ASSERT_STRING_EQUAL(words_goal(RULE_FREESTYLE, 5, buf, sizeof(buf)),
			       "5 or more in a row");
	CU_ASSERT_STRING_EQUAL(words_goal(RULE_EXACT, 5, buf, sizeof(buf)),
			       "exactly 5 in a row");
	CU_ASSERT_STRING_EQUAL(words_goal(RULE_RENJU, 5, buf, sizeof(buf)),
			       "5 in a row, black's forbidden points");
}

/* How a stored match stands, whatever its status. */
static void test_outcome(void)
{
	char buf[64];

	CU_ASSERT_STRING_EQUAL(words_outcome(MATCH_RANKED,
					     MATCH_STATUS_FINISHED,
					     RESULT_BLACK_WIN, REASON_FIVE, 3,
					     buf, sizeof(buf)),
			       "Black won (row of 3)");
	CU_ASSERT_STRING_EQUAL(words_outcome(MATCH_COMPUTER,
					     MATCH_STATUS_FINISHED, RESULT_DRAW,
					     REASON_FULL, 3, buf, sizeof(buf)),
			       "a draw (full board)");
	CU_ASSERT_STRING_EQUAL(words_outcome(MATCH_RANKED, MATCH_STATUS_ABORTED,
					     RESULT_NONE, REASON_NONE, 5, buf,
					     sizeof(buf)),
			       "aborted (not rated)");
	CU_ASSERT_STRING_EQUAL(
		words_outcome(MATCH_RANKED, MATCH_STATUS_ABANDONED, RESULT_NONE,
			      REASON_NONE, 5, buf, sizeof(buf)),
		"abandoned");
	CU_ASSERT_STRING_EQUAL(
		words_outcome(MATCH_RANKED, MATCH_STATUS_UNFINISHED,
			      RESULT_NONE, REASON_NONE, 5, buf, sizeof(buf)),
		"unfinished");
	CU_ASSERT_STRING_EQUAL(
		words_outcome(MATCH_IMPORTED, MATCH_STATUS_UNFINISHED,
			      RESULT_NONE, REASON_NONE, 5, buf, sizeof(buf)),
		"result unknown");
}

/* Variants and levels: the presets by name, anything else as it is. */
static void test_variant_and_level(void)
{
	CU_ASSERT_STRING_EQUAL(words_variant("tictactoe"), "tictactoe");
	CU_ASSERT_STRING_EQUAL(words_variant("my board"), "my board");
	CU_ASSERT_STRING_EQUAL(words_level(5), "Expert");
	CU_ASSERT_STRING_EQUAL(words_level(0), "?");
	CU_ASSERT_STRING_EQUAL(words_level(6), "?");
}

/* A clock's rule: one second, one minute and one second more are
 * singular; a game clock is named as it is typed; none has no words. */
static void test_clock(void)
{
	struct time_control tc;
	char buf[160];

	CU_ASSERT_EQUAL_FATAL(clock_control(1, 0, 0, &tc), 0);
	CU_ASSERT_STRING_EQUAL(
		words_clock(&tc, buf, sizeof(buf)),
		"Each move must be made within 1 second, or the game is lost.");
	CU_ASSERT_EQUAL_FATAL(clock_control(30, 0, 0, &tc), 0);
	CU_ASSERT_STRING_EQUAL(words_clock(&tc, buf, sizeof(buf)),
			       "Each move must be made within 30 seconds, or "
			       "the game is lost.");
	CU_ASSERT_EQUAL_FATAL(clock_control(0, 300, 3, &tc), 0);
	CU_ASSERT_STRING_EQUAL(words_clock(&tc, buf, sizeof(buf)),
			       "Each side has 5 minutes for the game and 3 "
			       "seconds more after each move (5+3); out of "
			       "time loses.");
	CU_ASSERT_EQUAL_FATAL(clock_control(0, 60, 1, &tc), 0);
	CU_ASSERT_STRING_EQUAL(words_clock(&tc, buf, sizeof(buf)),
			       "Each side has 1 minute for the game and 1 "
			       "second more after each move (1+1); out of "
			       "time loses.");
	CU_ASSERT_EQUAL_FATAL(clock_control(0, 60, 0, &tc), 0);
	CU_ASSERT_STRING_EQUAL(words_clock(&tc, buf, sizeof(buf)),
			       "Each side has 1 minute for the game (1+0); out "
			       "of time loses.");
	CU_ASSERT_EQUAL_FATAL(clock_control(0, 0, 0, &tc), 0);
	CU_ASSERT_STRING_EQUAL(words_clock(&tc, buf, sizeof(buf)), "");
}

static CU_TestInfo tests[] = {
	{"a line of K is named by K", test_reason_line_of_k},
	{"the other reasons; a claim names who left", test_reason_others},
	{"a board's rule: gomoku at K 5, the line otherwise",
	 test_rule_of_board},
	{"how a stored match stands, every status", test_outcome},
	{"variants and levels", test_variant_and_level},
	{"a clock's rule, singular and plural", test_clock},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo words_suite = {"words", init, cleanup, NULL, NULL, tests};
