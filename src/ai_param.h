/* ai_param.h -- the engine's parameters, in one place: what the levels
 * do, the evaluation's tables, the move ordering, the reductions, the
 * threat searches and the shares of the budget, a line each on what it
 * does. The ai*.c files read them from here; the numbers left there are
 * structure (the candidate cells within two of a stone, which the 5x5
 * counts of ai_pos.c keep, the padding, the distances of won scores, the
 * table sizes of the line patterns). The score scale (AI_SCORE_WIN) and
 * AI_SWAP2_EVEN, which the callers compare scores with, stay in ai.h,
 * part of its contract.
 *
 * A change here is a change of play: measure it (make sprt,
 * tests/arena/README.md). Data only: tables are static const, so each
 * file that includes this keeps only the ones it reads.
 */
#ifndef GOMOKU_AI_PARAM_H
#define GOMOKU_AI_PARAM_H

#include "ai_internal.h"

/* ==== The levels ======================================================= */

/* What each level does, levels 1 to 5 (struct ai_params). */
static const struct ai_params ai_levels[AI_LEVEL_MAX] = {
	{.time_ms = 10},
	{.time_ms = 20},
	{.time_ms = 200,
	 .tt_bytes = (size_t)1 << 20,
	 .max_depth = 2,
	 .width = 8,
	 .min_width = 8},
	{.time_ms = 500,
	 .tt_bytes = (size_t)4 << 20,
	 .max_depth = 4,
	 .width = 10,
	 .min_width = 10,
	 .vcf = 1,
	 .defend = 1},
	{.time_ms = 1000,
	 .tt_bytes = (size_t)16 << 20,
	 .max_depth = 60,
	 .width = 18,
	 .narrow = 2,
	 .min_width = 6,
	 .lmr = 1,
	 .futility = 1,
	 .vcf = 1,
	 .vct = 1,
	 .defend = 1},
};

/* Level 2 picks at random among the cells whose one-ply value is within
 * 1/AI_GREEDY_SLACK of the best. */
#define AI_GREEDY_SLACK 10

/* ==== Evaluation ======================================================= */

/* The weights below are set by hand. src/ai_weights.h holds weights
 * fitted to the engine's games (the Texel method: make tune,
 * tests/arena/tune.c), used instead when AI_TUNED_WEIGHTS is 1 (built
 * with -DAI_TUNED_WEIGHTS=1). They won make sprt (+50 +- 24 Elo at
 * 50,000 nodes), but with them level 5 fails test_ai.c's "a VCT the
 * root's first slice missed is stopped", so they are not the default
 * yet (tests/arena/README.md, "An evaluation fitted to games"). */
#ifndef AI_TUNED_WEIGHTS
#define AI_TUNED_WEIGHTS 0
#endif

#if AI_TUNED_WEIGHTS
#include "ai_weights.h"
static const int ai_pattern_value[PAT_COUNT] = AI_WEIGHTS_PATTERN;
static const int ai_category_bonus[CAT_COUNT] = AI_WEIGHTS_CATEGORY;
#else
/* The value of one line pattern for the colour that would play there. */
static const int ai_pattern_value[PAT_COUNT] = {
	[PAT_NONE] = 0,	  [PAT_ONE] = 1,     [PAT_TWO] = 6,
	[PAT_OPEN2] = 20, [PAT_THREE] = 30,  [PAT_OPEN3] = 100,
	[PAT_FOUR] = 120, [PAT_OPEN4] = 600, [PAT_WIN] = 5000,
};

/* The bonus of a cell's category on top of its lines' values. */
static const int ai_category_bonus[CAT_COUNT] = {
	[CAT_NONE] = 0, [CAT_LOW] = 0,	[CAT_OPEN3] = 0,    [CAT_33] = 300,
	[CAT_FOUR] = 0, [CAT_43] = 500, [CAT_FLEX4] = 1500, [CAT_WIN] = 10000,
};
#endif

/* The static score is the side to move's total value of the empty cells
 * plus 1/AI_TEMPO of it (having the move), less the opponent's ... */
#define AI_TEMPO 4

/* ... kept within this, well inside the scores of won positions. */
#define AI_EVAL_CAP (AI_SCORE_WIN_MIN / 2)

/* ==== Move ordering ==================================================== */

/* What a cell is worth to a side: its own value there plus the
 * opponent's, less 1/AI_BLOCK_DISCOUNT of that (what playing there
 * takes away from the opponent). */
#define AI_BLOCK_DISCOUNT 8

/* A move's order key: AI_ORDER_VALUE times that worth, plus ... */
#define AI_ORDER_VALUE 4

/* ... this for the node's first killer move, or ... */
#define AI_ORDER_KILLER1 40

/* ... this for its second, plus its history, counted up to this. */
#define AI_ORDER_KILLER2     30
#define AI_ORDER_HISTORY_MAX 200

/* A move that refutes a node searched d plies adds d * d to its
 * history, which stops at this. */
#define AI_HISTORY_MAX 10000

/* The root's order keys get a random 0 .. AI_ROOT_NOISE - 1 (the seed's
 * variety among near-equal moves). */
#define AI_ROOT_NOISE 16

/* The root keeps the level's width and this many more moves. */
#define AI_ROOT_EXTRA 6

/* ==== Reductions and the depth ========================================= */

/* Late move reductions (level 5: ai_params.lmr plies): moves from the
 * AI_LMR_FROM-th (counted from 0) of a node with AI_LMR_DEPTH plies or
 * more left, when quiet (no four made or blocked), are searched that
 * much less at first, and again in full when they beat alpha. */
#define AI_LMR_FROM  3
#define AI_LMR_DEPTH 2

/* Futility pruning (level 5: ai_params.futility): a node of a null
 * window with at most AI_FUTILITY_DEPTH plies left, no forced reply and
 * no threat of the opponent's (it cannot make an open four, a four-three
 * or a double three), whose static score is AI_FUTILITY_MARGIN a ply
 * left or more above beta, is taken to fail high without a search and
 * returns that score. Searched in full on bench_ai.c's positions at
 * 100,000 nodes, 0.65 % of the depth-1 nodes so judged failed low, 2.0 %
 * of the depth-2 and 1.7 % of the depth-3 ones (tests/arena/README.md). */
#define AI_FUTILITY_DEPTH  3
#define AI_FUTILITY_MARGIN 200

/* With this many empty cells or fewer, iterative deepening may go on to
 * the end of the game whatever the level's depth. */
#define AI_ENDGAME_CELLS 10

/* ==== Threat search ==================================================== */

/* At the root: a VCF of at most this many attacker moves, ... */
#define AI_VCF_MOVES 20

/* ... a VCT of at most this many threats ... */
#define AI_VCT_THREATS 6

/* ... trying the AI_VCT_WIDTH best threats at each of its steps, where
 * the defender's own VCF is looked for to AI_VCT_VCF_MOVES moves. */
#define AI_VCT_WIDTH	 10
#define AI_VCT_VCF_MOVES 16

/* No threat sequence goes deeper than this many plies. */
#define AI_THREAT_CHAIN 64

/* Entries of the threat searches' cache of positions proved or not. */
#define AI_VC_ENTRIES ((size_t)1 << 16)

/* ==== Shares of the budget ============================================= */

/* Each of the root's threat searches may take so many eighths of the
 * move's budget, of its nodes and of its time alike: our VCF, then our
 * VCT; the opponent's VCF, as if we passed, then its VCT (two eighths,
 * not one: with one, a VCT that takes a little more went unseen and
 * undefended, test_ai.c, "a VCT the root's first slice missed is
 * stopped"); and the checks of the moves that might stop the
 * opponent's win. */
#define AI_EIGHTHS_OWN_VCF   1
#define AI_EIGHTHS_OWN_VCT   2
#define AI_EIGHTHS_THEIR_VCF 1
#define AI_EIGHTHS_THEIR_VCT 2
#define AI_EIGHTHS_DEFENCES  2

/* Iterative deepening, once the best move has held for two iterations:
 * the next iteration is expected to cost the last one's times the
 * growth from the one before, between AI_GROWTH_MIN and AI_GROWTH_MAX
 * (AI_GROWTH_GUESS when the one before took under AI_GROWTH_FLOOR_NS),
 * and starts only if it should end within the budget. */
#define AI_GROWTH_GUESS	   4
#define AI_GROWTH_MIN	   2
#define AI_GROWTH_MAX	   8
#define AI_GROWTH_FLOOR_NS 200000LL

/* While the move is in doubt (it changed, or its score fell by AI_DROP
 * or more), another iteration starts whenever less than AI_DOUBT_SHARE
 * percent of the budget is gone. */
#define AI_DROP	       150
#define AI_DOUBT_SHARE 75

/* The search looks at the clock, the stop flag and the caller's poll
 * once every AI_CLOCK_NODES nodes (a power of two). */
#define AI_CLOCK_NODES 256

/* ==== Analysis (ai_analysis.c) ========================================= */

/* ai_evaluate()'s threat searches: each within AI_ANALYSIS_NODES nodes
 * (a count, not a time, so that what they prove does not depend on the
 * machine), a VCF of AI_ANALYSIS_VCF_MOVES moves, a VCT of
 * AI_ANALYSIS_VCT_THREATS threats; forced blocks followed at most
 * AI_ANALYSIS_CHAIN deep; the clock only a guard against a runaway. */
#define AI_ANALYSIS_NODES	60000
#define AI_ANALYSIS_VCF_MOVES	20
#define AI_ANALYSIS_VCT_THREATS 6
#define AI_ANALYSIS_CHAIN	30
#define AI_ANALYSIS_GUARD_NS	(600LL * 1000000000LL)

#endif
