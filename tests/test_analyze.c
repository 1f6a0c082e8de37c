/* test_analyze.c -- unit tests for src/analyze.c (and ai_evaluate() in
 * src/ai_analysis.c): the win-chance mapping, the marks, and games whose
 * moves the threat search must judge.
 */
#include <CUnit/CUnit.h>

#include "analyze.h"
#include "renju.h"

#define EPS	1e-9
#define TIME_MS 50 /* the search's budget: what is tested is proven */

/* A game where black, to move at move 13, wins by a double four at
 * (7,5): a three across row 7 closed by white at (7,1), and one down
 * column 5 closed by white at (3,5); white's other stones block the
 * diagonals the two threes make, so once (7,5) is taken black has
 * nothing left. */
static const struct move vcf_game[] = {
	{7, 2}, {7, 1}, {7, 3}, {3, 5}, {7, 4}, {6, 4},
	{4, 5}, {5, 4}, {5, 5}, {5, 6}, {6, 5}, {14, 14},
};
#define VCF_MOVES ((int)(sizeof(vcf_game) / sizeof(vcf_game[0])))

/* Analyse vcf_game followed by black's move m under `rule`; write the
 * judgement of that last move into *out. Return 0, or -1. */
static int judge_after_vcf(struct move m, enum rule rule,
			   struct analyze_move *out)
{
	struct move moves[VCF_MOVES + 1];
	struct analysis *an = analyze_create(TIME_MS);
	int i, rc = -1;

	if (an == NULL)
		return -1;
	for (i = 0; i < VCF_MOVES; i++)
		moves[i] = vcf_game[i];
	moves[VCF_MOVES] = m;
	if (analyze_start(an, 15, 15, 5, rule, moves, VCF_MOVES + 1) != 0)
		goto out_free;
	for (i = 0; i <= VCF_MOVES; i++) {
		if (analyze_next(an, NULL, out) != 1)
			goto out_free;
	}
	rc = analyze_next(an, NULL, out) == 0 ? 0 : -1;
out_free:
	analyze_free(an);
	return rc;
}

/* The mapping: 50 % at 0, symmetric, never decreasing, 0 and 100 for
 * forced results, strictly inside (0, 100) for estimates. */
static void test_win_chance_monotone(void)
{
	double last = -1.0, w;
	int s;

	CU_ASSERT_DOUBLE_EQUAL(analyze_win_chance(0), 50.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(analyze_win_chance(AI_SCORE_WIN_MIN), 100.0,
			       EPS);
	CU_ASSERT_DOUBLE_EQUAL(analyze_win_chance(-AI_SCORE_WIN), 0.0, EPS);
	for (s = -AI_SCORE_WIN; s <= AI_SCORE_WIN; s += 997) {
		w = analyze_win_chance(s);
		CU_ASSERT_TRUE(w >= last);
		CU_ASSERT_DOUBLE_EQUAL(w + analyze_win_chance(-s), 100.0, 1e-6);
		last = w;
	}
	for (s = -20000; s <= 20000; s += 100) {
		w = analyze_win_chance(s);
		CU_ASSERT_TRUE(w > 0.0 && w < 100.0);
		CU_ASSERT_TRUE(analyze_win_chance(s + 1) > w);
	}
}

/* Each mark starts exactly at its drop. */
static void test_mark_thresholds(void)
{
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 80.0), ANALYZE_GOOD);
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 60.0 - 9.9), ANALYZE_GOOD);
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 50.0), ANALYZE_INACCURACY);
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 40.1), ANALYZE_INACCURACY);
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 40.0), ANALYZE_MISTAKE);
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 30.1), ANALYZE_MISTAKE);
	CU_ASSERT_EQUAL(analyze_mark_of(60.0, 30.0), ANALYZE_BLUNDER);
	CU_ASSERT_EQUAL(analyze_mark_of(100.0, 0.0), ANALYZE_BLUNDER);
}

/* analyze_judge(): proven results give 100 % and 0 %, and the proven
 * marks come only when the proof changed hands. */
static void test_judge_proven_marks(void)
{
	struct ai_eval won = {AI_SCORE_WIN_MIN, 1, 7, 5, 0};
	struct ai_eval open = {0, 0, 3, 3, 0};
	struct ai_eval lost = {-AI_SCORE_WIN_MIN, -1, 1, 1, 0};
	struct move m = {2, 2};
	struct analyze_move j;

	analyze_judge(&won, &open, &open, 5, STONE_BLACK, m, &j);
	CU_ASSERT_TRUE(j.missed_win);
	CU_ASSERT_FALSE(j.forced_loss);
	CU_ASSERT_EQUAL(j.mark, ANALYZE_BLUNDER);
	CU_ASSERT_DOUBLE_EQUAL(j.before, 100.0, EPS);
	CU_ASSERT_DOUBLE_EQUAL(j.after, 50.0, EPS);
	CU_ASSERT_TRUE(j.has_best && j.best.row == 7 && j.best.col == 5);
	analyze_judge(&won, &lost, &lost, 5, STONE_BLACK, m, &j);
	CU_ASSERT_FALSE(j.missed_win); /* the opponent is lost: kept */
	CU_ASSERT_EQUAL(j.mark, ANALYZE_GOOD);
	analyze_judge(&open, &open, &won, 6, STONE_WHITE, m, &j);
	CU_ASSERT_TRUE(j.forced_loss);
	CU_ASSERT_FALSE(j.missed_win);
	CU_ASSERT_EQUAL(j.mark, ANALYZE_BLUNDER);
	CU_ASSERT_DOUBLE_EQUAL(j.after, 0.0, EPS);
	analyze_judge(&lost, &won, &won, 6, STONE_WHITE, m, &j);
	CU_ASSERT_FALSE(j.forced_loss); /* lost already */
}

/* The proven marks come from the proofs alone: two runs whose
 * time-bounded searches saw different things (one saw the loss, or the
 * win still there, the other did not) give the same marks. Before the
 * fix, the search's estimate took the marks away in one run. */
static void test_judge_marks_deterministic(void)
{
	struct ai_eval won = {AI_SCORE_WIN_MIN, 1, 7, 5, 0};
	struct ai_eval saw_loss = {-(AI_SCORE_WIN - 12), 0, 4, 4, 0};
	struct ai_eval saw_win = {AI_SCORE_WIN - 11, 0, 4, 4, 0};
	struct ai_eval even = {-200, 0, 4, 4, 0};
	struct ai_eval slight = {300, 0, 4, 4, 0};
	struct move m = {0, 2};
	struct analyze_move one, two;

	analyze_judge(&saw_loss, &saw_win, &won, 8, STONE_WHITE, m, &one);
	analyze_judge(&even, &slight, &won, 8, STONE_WHITE, m, &two);
	CU_ASSERT_TRUE(one.forced_loss);
	CU_ASSERT_EQUAL(one.forced_loss, two.forced_loss);
	CU_ASSERT_EQUAL(one.mark, ANALYZE_BLUNDER);
	CU_ASSERT_EQUAL(one.mark, two.mark);
	analyze_judge(&won, &saw_loss, &saw_loss, 9, STONE_BLACK, m, &one);
	analyze_judge(&won, &even, &even, 9, STONE_BLACK, m, &two);
	CU_ASSERT_TRUE(one.missed_win);
	CU_ASSERT_EQUAL(one.missed_win, two.missed_win);
	CU_ASSERT_EQUAL(one.mark, two.mark);
}

/* The chance before is the one after the computer's move, both seen
 * with the opponent to move: the position's own score does not count
 * unless proven. */
static void test_judge_against_best(void)
{
	struct ai_eval here = {4000, 0, 7, 7, 0};
	struct ai_eval best = {-1500, 0, 1, 1, 0};
	struct ai_eval played = {0, 0, 2, 2, 0};
	struct move m = {3, 3};
	struct analyze_move j;

	analyze_judge(&here, &best, &played, 9, STONE_BLACK, m, &j);
	CU_ASSERT_EQUAL(j.score_before, 1500);
	CU_ASSERT_EQUAL(j.score_after, 0);
	CU_ASSERT_DOUBLE_EQUAL(j.before, analyze_win_chance(1500), EPS);
	CU_ASSERT_DOUBLE_EQUAL(j.after, 50.0, EPS);
	CU_ASSERT_EQUAL(j.mark, ANALYZE_MISTAKE); /* 73 % to 50 % */
	CU_ASSERT_TRUE(j.has_best && j.best.row == 7 && j.best.col == 7);
	analyze_judge(&here, &played, &played, 9, STONE_BLACK, m, &j);
	CU_ASSERT_DOUBLE_EQUAL(j.before, j.after, EPS); /* its own move */
	CU_ASSERT_EQUAL(j.mark, ANALYZE_GOOD);
}

/* The summary: accuracy is the mean win chance kept. */
static void test_summary(void)
{
	struct analyze_move m[4] = {
		{.number = 1, .colour = STONE_BLACK, .before = 60, .after = 70},
		{.number = 2,
		 .colour = STONE_WHITE,
		 .before = 30,
		 .after = 20,
		 .mark = ANALYZE_INACCURACY},
		{.number = 3,
		 .colour = STONE_BLACK,
		 .before = 80,
		 .after = 40,
		 .mark = ANALYZE_BLUNDER,
		 .missed_win = true},
		{.number = 4,
		 .colour = STONE_WHITE,
		 .before = 60,
		 .after = 0,
		 .mark = ANALYZE_BLUNDER,
		 .forced_loss = true},
	};
	struct analyze_summary s;

	analyze_summarise(m, 4, STONE_BLACK, 0, &s);
	CU_ASSERT_EQUAL(s.moves, 2);
	CU_ASSERT_DOUBLE_EQUAL(s.accuracy, (100.0 + 60.0) / 2, EPS);
	CU_ASSERT_EQUAL(s.marks[ANALYZE_BLUNDER], 1);
	CU_ASSERT_EQUAL(s.missed_wins, 1);
	CU_ASSERT_EQUAL(s.forced_losses, 0);
	analyze_summarise(m, 4, STONE_WHITE, 2, &s); /* move 2 skipped */
	CU_ASSERT_EQUAL(s.moves, 1);
	CU_ASSERT_DOUBLE_EQUAL(s.accuracy, 40.0, EPS);
	CU_ASSERT_EQUAL(s.marks[ANALYZE_INACCURACY], 0);
	CU_ASSERT_EQUAL(s.forced_losses, 1);
}

/* Replay vcf_game on *b under `rule` and have the computer look at it
 * into *v. Return 0, or -1 when a move is refused or the analysis
 * fails. */
static int view_of_vcf(enum rule rule, struct board *b, struct analyze_view *v)
{
	struct analysis *an = analyze_create(TIME_MS);
	int i, rc = -1;

	if (an == NULL)
		return -1;
	board_init(b, 15, 15, 5, rule);
	for (i = 0; i < VCF_MOVES; i++) {
		if (board_play(b, vcf_game[i].row, vcf_game[i].col) != BOARD_OK)
			goto out_free;
	}
	rc = analyze_position(an, b, NULL, v);
out_free:
	analyze_free(an);
	return rc;
}

/* Black to move in vcf_game has a win the threat search proves. */
static void test_position_vcf_proven(void)
{
	struct analyze_view v;
	struct board b;

	CU_ASSERT_EQUAL_FATAL(view_of_vcf(RULE_FREESTYLE, &b, &v), 0);
	CU_ASSERT_EQUAL(v.side, STONE_BLACK);
	CU_ASSERT_EQUAL(v.proven, 1);
	CU_ASSERT_DOUBLE_EQUAL(v.win_chance, 100.0, EPS);
	CU_ASSERT_TRUE(v.has_best);
}

/* Black ignores the double four: a missed win, and a blunder. */
static void test_missed_win(void)
{
	struct move corner = {0, 7};
	struct analyze_move j;

	CU_ASSERT_EQUAL_FATAL(judge_after_vcf(corner, RULE_FREESTYLE, &j), 0);
	CU_ASSERT_EQUAL(j.number, VCF_MOVES + 1);
	CU_ASSERT_EQUAL(j.colour, STONE_BLACK);
	CU_ASSERT_TRUE(j.missed_win);
	CU_ASSERT_EQUAL(j.mark, ANALYZE_BLUNDER);
	CU_ASSERT_DOUBLE_EQUAL(j.before, 100.0, EPS);
}

/* Black plays the double four: the win is kept. */
static void test_win_kept(void)
{
	struct move four = {7, 5};
	struct analyze_move j;

	CU_ASSERT_EQUAL_FATAL(judge_after_vcf(four, RULE_FREESTYLE, &j), 0);
	CU_ASSERT_FALSE(j.missed_win);
	CU_ASSERT_EQUAL(j.mark, ANALYZE_GOOD);
	CU_ASSERT_DOUBLE_EQUAL(j.after, 100.0, EPS);
}

/* Under renju the double four is forbidden to black: the best move is
 * another one (black still wins, more slowly, by f9 and a diagonal). */
static void test_renju_forbidden_not_a_win(void)
{
	struct analyze_view v;
	struct board b;

	CU_ASSERT_EQUAL_FATAL(view_of_vcf(RULE_RENJU, &b, &v), 0);
	CU_ASSERT_TRUE(renju_forbidden(&b, 7, 5));
	CU_ASSERT_TRUE_FATAL(v.has_best);
	CU_ASSERT_FALSE(v.best.row == 7 && v.best.col == 5);
	CU_ASSERT_EQUAL(board_play(&b, v.best.row, v.best.col), BOARD_OK);
}

/* A five just made: the position is lost for the side to move, and
 * there is no best move. Moves that do not replay are refused. */
static void test_game_over_and_refusals(void)
{
	static const struct move five[] = {{7, 7},  {0, 0}, {7, 8},
					   {0, 1},  {7, 9}, {0, 2},
					   {7, 10}, {0, 3}, {7, 11}};
	static const struct move twice[] = {{7, 7}, {7, 7}};
	struct analysis *an = analyze_create(TIME_MS);
	struct analyze_move j;
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(an);
	CU_ASSERT_EQUAL(analyze_start(an, 15, 15, 5, RULE_FREESTYLE, twice, 2),
			-1);
	CU_ASSERT_EQUAL(analyze_next(an, NULL, &j), 0);
	CU_ASSERT_EQUAL(analyze_start(an, 15, 15, 5, RULE_FREESTYLE, five, 9),
			0);
	for (i = 0; i < 9; i++)
		CU_ASSERT_EQUAL(analyze_next(an, NULL, &j), 1);
	CU_ASSERT_EQUAL(j.number, 9);
	CU_ASSERT_DOUBLE_EQUAL(j.before, 100.0, EPS); /* a winning cell */
	CU_ASSERT_DOUBLE_EQUAL(j.after, 100.0, EPS);
	CU_ASSERT_EQUAL(analyze_next(an, NULL, &j), 0);
	analyze_free(an);
}

/* A stop already asked for: nothing is judged, and the move can be
 * judged once the stop is lifted. */
static void test_stop(void)
{
	struct analysis *an = analyze_create(TIME_MS);
	volatile int stop = 1;
	struct analyze_move j;

	CU_ASSERT_PTR_NOT_NULL_FATAL(an);
	CU_ASSERT_EQUAL(analyze_start(an, 15, 15, 5, RULE_FREESTYLE, vcf_game,
				      VCF_MOVES),
			0);
	CU_ASSERT_EQUAL(analyze_next(an, &stop, &j), -1);
	stop = 0;
	CU_ASSERT_EQUAL(analyze_next(an, &stop, &j), 1);
	CU_ASSERT_EQUAL(j.number, 1);
	analyze_free(an);
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
	{"win chance: 50 at 0, monotone, symmetric", test_win_chance_monotone},
	{"marks start at their drops", test_mark_thresholds},
	{"judge: missed win and forced loss", test_judge_proven_marks},
	{"judge: measured against the computer's move",
	 test_judge_against_best},
	{"judge: the proven marks do not depend on the search's time",
	 test_judge_marks_deterministic},
	{"summary: accuracy and counts", test_summary},
	{"a double four is a proven win", test_position_vcf_proven},
	{"ignoring a proven win is a missed win", test_missed_win},
	{"playing the win keeps it", test_win_kept},
	{"renju: a forbidden double four is no win",
	 test_renju_forbidden_not_a_win},
	{"a finished game and refused moves", test_game_over_and_refusals},
	{"a stop loses nothing", test_stop},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo analyze_suite = {"analyze", init, cleanup, NULL, NULL, tests};
