/* test_clock.c -- unit tests for src/clock.c: time controls read and
 * written, a game clock's increments, the flag, the clock's text, and
 * who wins on time. Every time is explicit. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "board.h"
#include "clock.h"

static const struct time_control blitz = {CLOCK_FISCHER, 0, 300, 3};
static const struct time_control per_move = {CLOCK_PER_MOVE, 30, 0, 0};
static const struct time_control untimed = {CLOCK_NONE, 0, 0, 0};

/* "M+S" within 1..180 minutes and 0..60 s, and nothing else. */
static void test_parse(void)
{
	struct time_control tc = {CLOCK_NONE, 0, 0, 0};
	static const char *const bad[] = {"",	   "5",	     "5+",   "+3",
					  "0+3",   "181+0",  "5+61", "5+3s",
					  " 5+3",  "5 +3",   "-5+3", "5+-3",
					  "5.5+3", "10+5+1", "x+y"};
	size_t i;

	CU_ASSERT_EQUAL(clock_parse("5+3", &tc), 0);
	CU_ASSERT_EQUAL(tc.kind, CLOCK_FISCHER);
	CU_ASSERT_EQUAL(tc.base, 300);
	CU_ASSERT_EQUAL(tc.increment, 3);
	CU_ASSERT(clock_valid(&tc));
	CU_ASSERT_EQUAL(clock_parse("180+60", &tc), 0);
	CU_ASSERT_EQUAL(tc.base, 10800);
	CU_ASSERT_EQUAL(tc.increment, 60);
	CU_ASSERT_EQUAL(clock_parse("1+0", &tc), 0);
	CU_ASSERT_EQUAL(tc.base, 60);
	CU_ASSERT_EQUAL(tc.increment, 0);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CU_ASSERT_EQUAL(clock_parse(bad[i], &tc), -1);
		CU_ASSERT_EQUAL(tc.base, 60); /* unchanged */
	}
}

/* The kinds' own fields in range, the others 0. */
static void test_valid(void)
{
	struct time_control tc;

	CU_ASSERT(clock_valid(&blitz));
	CU_ASSERT(clock_valid(&per_move));
	CU_ASSERT(clock_valid(&untimed));
	tc = blitz;
	tc.base = 90; /* not whole minutes */
	CU_ASSERT_FALSE(clock_valid(&tc));
	tc = blitz;
	tc.per_move = 30;
	CU_ASSERT_FALSE(clock_valid(&tc));
	tc = per_move;
	tc.increment = 1;
	CU_ASSERT_FALSE(clock_valid(&tc));
	tc = untimed;
	tc.base = 60;
	CU_ASSERT_FALSE(clock_valid(&tc));
	tc.kind = (enum clock_kind)7;
	CU_ASSERT_FALSE(clock_valid(&tc));
}

/* "5+3" back, "" for the kinds without such a name, and too small. */
static void test_name(void)
{
	char buf[16];

	CU_ASSERT_EQUAL(clock_name(&blitz, buf, sizeof buf), 0);
	CU_ASSERT_STRING_EQUAL(buf, "5+3");
	CU_ASSERT_EQUAL(clock_name(&per_move, buf, sizeof buf), 0);
	CU_ASSERT_STRING_EQUAL(buf, "");
	CU_ASSERT_EQUAL(clock_name(&blitz, buf, 3), -1);
}

/* A game clock: each side starts with the base; a move in time keeps
 * what was left and adds the increment; a time per move starts every
 * turn whole again; without a clock nothing counts. */
static void test_increments(void)
{
	long long left = clock_start_ms(&blitz), after = -1;

	CU_ASSERT_EQUAL(left, 300000);
	CU_ASSERT_EQUAL(clock_turn_ms(&blitz, left), 300000);
	CU_ASSERT(clock_move(&blitz, left, 12345, &after));
	CU_ASSERT_EQUAL(after, 300000 - 12345 + 3000);
	/* the increment can take a clock above its base */
	CU_ASSERT(clock_move(&blitz, after, 1000, &after));
	CU_ASSERT_EQUAL(after, 300000 - 12345 + 3000 - 1000 + 3000);
	CU_ASSERT(clock_move(&blitz, 300000, 0, &after));
	CU_ASSERT_EQUAL(after, 303000);
	/* a time per move: the whole time each turn, what was left kept */
	CU_ASSERT_EQUAL(clock_turn_ms(&per_move, 1234), 30000);
	CU_ASSERT(clock_move(&per_move, 30000, 29000, &after));
	CU_ASSERT_EQUAL(after, 1000);
	CU_ASSERT_EQUAL(clock_start_ms(&untimed), 0);
	CU_ASSERT_EQUAL(clock_turn_ms(&untimed, 5000), 0);
	CU_ASSERT(clock_move(&untimed, 0, 999999, &after));
	CU_ASSERT_EQUAL(after, 0);
}

/* A move made with 0.05 s left is in time and gets its increment. */
static void test_move_with_50ms_left(void)
{
	long long after = -1;

	CU_ASSERT(clock_move(&blitz, 10000, 9950, &after));
	CU_ASSERT_EQUAL(after, 50 + 3000);
	CU_ASSERT(clock_move(&per_move, 30000, 29950, &after));
	CU_ASSERT_EQUAL(after, 50);
	CU_ASSERT(clock_move(&blitz, 10000, 9999, &after));
	CU_ASSERT_EQUAL(after, 1 + 3000);
}

/* A move at the very instant the clock reaches 0 is too late: the flag
 * fell first; and so is every later one. */
static void test_flag_at_the_move(void)
{
	long long after = -1;

	CU_ASSERT_FALSE(clock_move(&blitz, 10000, 10000, &after));
	CU_ASSERT_EQUAL(after, 0);
	after = -1;
	CU_ASSERT_FALSE(clock_move(&blitz, 10000, 10001, &after));
	CU_ASSERT_EQUAL(after, 0);
	CU_ASSERT_FALSE(clock_move(&per_move, 30000, 30000, &after));
	CU_ASSERT_FALSE(clock_move(&blitz, 0, 0, &after));
	/* a clock read at that instant shows 0 */
	CU_ASSERT_EQUAL(clock_left(10000, 5000, 15000), 0);
	CU_ASSERT_EQUAL(clock_left(10000, 5000, 14950), 50);
}

/* A turn ended without a move spends its time, adds nothing, and
 * stops at 0; a clock read early or late stays within its turn. */
static void test_spend_and_left(void)
{
	CU_ASSERT_EQUAL(clock_spend(&blitz, 10000, 4000), 6000);
	CU_ASSERT_EQUAL(clock_spend(&blitz, 10000, 12000), 0);
	CU_ASSERT_EQUAL(clock_spend(&blitz, 10000, -5), 10000);
	CU_ASSERT_EQUAL(clock_spend(&untimed, 0, 5000), 0);
	CU_ASSERT_EQUAL(clock_left(10000, 5000, 5000), 10000);
	CU_ASSERT_EQUAL(clock_left(10000, 5000, 4000), 10000);
	CU_ASSERT_EQUAL(clock_left(10000, 5000, 7500), 7500);
	CU_ASSERT_EQUAL(clock_left(10000, 5000, 99999), 0);
}

/* Minutes and seconds; tenths under 10 s, rounded down; hours. */
static void test_format(void)
{
	static const struct {
		long long ms;
		const char *text;
	} cases[] = {
		{300000, "5:00"},      {299999, "4:59"},
		{10000, "0:10"},       {9999, "0:09.9"},
		{9300, "0:09.3"},      {50, "0:00.0"},
		{0, "0:00.0"},	       {-20, "0:00.0"},
		{3600000, "1:00:00"},  {3723000, "1:02:03"},
		{10800000, "3:00:00"},
	};
	char buf[16];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		CU_ASSERT_EQUAL(clock_format(cases[i].ms, buf, sizeof buf), 0);
		CU_ASSERT_STRING_EQUAL(buf, cases[i].text);
	}
	CU_ASSERT_EQUAL(clock_format(300000, buf, 4), -1);
}

/* Play "r c" pairs (0-based) on b in turn. */
static void play_all(struct board *b, const int (*moves)[2], int n)
{
	int i;

	for (i = 0; i < n; i++)
		CU_ASSERT_EQUAL(board_play(b, moves[i][0], moves[i][1]),
				BOARD_OK);
}

/* The side that did not flag wins while it can still make K in a row;
 * when it no longer can, the flag is a draw. */
static void test_flag_winner(void)
{
	/* tic-tac-toe, white to move with c2 and c3 empty:
	 *   X O X
	 *   X O .
	 *   O X .
	 * Only column c is free of white, and white moves first. */
	static const int drawn[][2] = {
		{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 0}, {2, 0}, {2, 1},
	};
	static const int open[][2] = {{1, 1}, {0, 0}};
	struct board b;

	CU_ASSERT_EQUAL(board_init(&b, 15, 15, 5, RULE_FREESTYLE), 0);
	CU_ASSERT_EQUAL(clock_flag_winner(&b, STONE_BLACK), STONE_WHITE);
	CU_ASSERT_EQUAL(board_init(&b, 3, 3, 3, RULE_FREESTYLE), 0);
	play_all(&b, open, 2);
	CU_ASSERT_EQUAL(clock_flag_winner(&b, STONE_BLACK), STONE_WHITE);
	CU_ASSERT_EQUAL(clock_flag_winner(&b, STONE_WHITE), STONE_BLACK);
	CU_ASSERT_EQUAL(board_init(&b, 3, 3, 3, RULE_FREESTYLE), 0);
	play_all(&b, drawn, 7);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(clock_flag_winner(&b, STONE_WHITE), STONE_NONE);
	CU_ASSERT_EQUAL(clock_flag_winner(&b, STONE_BLACK), STONE_NONE);
	/* a move earlier, black flags with b3 left to white's column b */
	CU_ASSERT_EQUAL(board_init(&b, 3, 3, 3, RULE_FREESTYLE), 0);
	play_all(&b, drawn, 6);
	CU_ASSERT_EQUAL(clock_flag_winner(&b, STONE_BLACK), STONE_WHITE);
}

/* Suite set-up: nothing to prepare. Returns 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to undo. Returns 0. */
static int cleanup(void)
{
	return 0;
}

static CU_TestInfo tests[] = {
	{"a game clock read as M+S, and nothing else", test_parse},
	{"valid controls", test_valid},
	{"a control's name", test_name},
	{"increments and a time per move", test_increments},
	{"a move made with 0.05 s left", test_move_with_50ms_left},
	{"a flag at the same instant as a move", test_flag_at_the_move},
	{"time spent without a move; the clock read", test_spend_and_left},
	{"the clock's text: tenths under 10 s", test_format},
	{"who wins on time", test_flag_winner},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo clock_suite = {"clock", init, cleanup, NULL, NULL, tests};
