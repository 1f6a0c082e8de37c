/* ai.h -- the computer player: picks a move for the side to move.
 *
 * Pure C: no I/O, no globals. Everything the player remembers lives in a
 * struct ai that the caller creates, owns and frees, so two players can
 * think at the same time (one call at a time on each struct ai). The only
 * outside thing it reads is a monotonic clock, to keep to its budget.
 *
 * Levels:
 *   1 beginner  a random empty cell near the stones (the centre first)
 *   2 easy      one-ply pattern scores: wins, blocks, then the best-looking
 *               cell, random among near-equal ones
 *   3 medium    a shallow alpha-beta search (2 plies, 8 moves a node)
 *   4 hard      the same to 4 plies (10 moves a node), with a search for
 *               forced wins by continuous fours (VCF) for either side
 *   5 expert    iterative deepening without a depth cap for as long as
 *               its budget allows, a larger table, and forced wins by
 *               threes as well (VCT)
 * Each level scores at least 75 % against the one below in the arena
 * (tests/arena/README.md, "The level ladder").
 * Every level from 2 up plays a winning move when it has one and blocks
 * the opponent's winning move otherwise. Works on every board board.h
 * accepts, under every rule: with RULE_EXACT overlines never count, with
 * RULE_RENJU black's overlines never count and black is never given a
 * point renju.h forbids: the search and the threat search leave black's
 * forbidden points out at every ply, so a black threat that needs one is
 * no threat, and a white four whose only block is forbidden to black
 * wins.
 *
 * Repeatable: the same position, seed, level and limits give the same move
 * whenever the time budget is not what stopped the search; a node limit
 * (max_nodes) bounds the work independently of the machine's speed.
 */
#ifndef GOMOKU_AI_H
#define GOMOKU_AI_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define AI_LEVEL_MIN 1
#define AI_LEVEL_MAX 5

/* Scores are from the side to move's point of view. Anything at or beyond
 * +-AI_SCORE_WIN_MIN is a forced win (or loss): AI_SCORE_WIN - n when the
 * search saw it n plies (moves of either side) away, AI_SCORE_WIN_MIN
 * itself when the threat search found it, at a distance not counted.
 * Other scores are estimates well inside that range. */
#define AI_SCORE_WIN	 1000000
#define AI_SCORE_WIN_MIN (AI_SCORE_WIN - 10000)

/* After swap2's first three stones, a score for the side to move nearer
 * 0 than this is even enough for the computer to place two more stones
 * rather than take a colour (an open three is worth some hundreds). */
#define AI_SWAP2_EVEN 150

struct ai_config {
	int level;	     /* AI_LEVEL_MIN..AI_LEVEL_MAX, clamped */
	int time_ms;	     /* budget per move; 0 = the level's default */
	size_t tt_bytes;     /* transposition table; 0 = the level's default */
	uint64_t seed;	     /* the random choices (levels 1-2, variety) */
	long long max_nodes; /* stop after this many nodes; 0 = no limit */
};

struct ai_result {
	int row, col;	 /* the move, 0-based; always an empty cell */
	int score;	 /* estimate for the side that moves, see above */
	int depth;	 /* deepest full iteration (0 for levels 1-2) */
	long long nodes; /* positions searched, threat search included */
	int elapsed_ms;	 /* time taken by the call */
};

/* Fill *cfg (the caller's) with level `level`'s defaults (clamped to
 * 1..5): its time budget, table size, seed 0 and no node limit. Never
 * fails. */
void ai_config_default(struct ai_config *cfg, int level);

/* The default time budget of `level` in milliseconds (the level is
 * clamped to 1..5, so there is no failure). */
int ai_level_time_ms(int level);

/* A new computer player configured by *cfg (copied, so cfg may go
 * away; NULL means level 3 defaults; the level is clamped). Return it,
 * owned by the caller, or NULL when out of memory (nothing is left
 * allocated then). Free it with ai_free(). */
struct ai *ai_create(const struct ai_config *cfg);

/* Free a player made by ai_create(). Accepts NULL. */
void ai_free(struct ai *ai);

/* Change the time budget (0 or less = the level's default) and the node
 * limit (0 or less = none) used by the next calls to ai_choose(). Never
 * fails. */
void ai_set_limits(struct ai *ai, int time_ms, long long max_nodes);

/* Seed the random choices of the next calls to ai_choose() (as
 * ai_config's seed): the same position, seed, level and limits give the
 * same move. Never fails. */
void ai_set_seed(struct ai *ai, uint64_t seed);

/* Limit the iterative deepening of the next calls to ai_choose() to
 * max_depth plies (0 or less: the level's own limit only). Levels 1
 * and 2 do not search, so it changes nothing there. Never fails. */
void ai_set_max_depth(struct ai *ai, int max_depth);

/* Have the next calls to ai_choose() call poll(ctx) each time they look
 * at the clock (every few hundred nodes, a few thousand times a second
 * at most) and stop, as if `stop` were set, when it returns non-zero. It
 * runs in the caller's thread, inside the search: it must be quick, and
 * must not use `ai`. poll NULL removes it; ctx stays the caller's. Never
 * fails. */
void ai_set_poll(struct ai *ai, int (*poll)(void *ctx), void *ctx);

/* Choose a move for the side to move on b (the caller's: read, not
 * modified, not used after the call) and write it, with the search's
 * figures, to *out. The call returns within the time budget (plus a few
 * milliseconds); when `stop` is not NULL and *stop becomes non-zero it
 * returns early with the best move found so far. Return 0 with an empty
 * cell in *out, one board_play() accepts (the only exception: under renju
 * an absurd position where every empty cell is forbidden to black gets
 * an empty cell all the same). Return -1 with *out
 * untouched when the game on b is already over, the board is full, or
 * b's shape is not one board_shape_valid() accepts. */
int ai_choose(struct ai *ai, const struct board *b, const volatile int *stop,
	      struct ai_result *out);

/* ai_choose() for `side` (STONE_BLACK or STONE_WHITE) to move, whatever
 * b's move count says: for positions set up stone by stone (an analysis
 * board, a manager's edit mode), whose counts need not alternate. Under
 * RULE_RENJU, `side` black is kept off black's forbidden points as
 * ai_choose() does. Return as ai_choose() does, and -1 for any other
 * `side`. */
int ai_choose_side(struct ai *ai, const struct board *b, enum stone side,
		   const volatile int *stop, struct ai_result *out);

/* ---- Analysis: the value of a position (ai_analysis.c) ---- */

/* What ai_evaluate() found, from the side to move's point of view. */
struct ai_eval {
	int score;	 /* as ai_result's: +-AI_SCORE_WIN_MIN and beyond
			  * a won (lost) position */
	int proven;	 /* 1: a win the threat search (or the board)
			  * proves; -1: a loss proven so; 0: neither */
	int row, col;	 /* the best move, 0-based; -1 when the game on
			  * the board is over */
	long long nodes; /* positions searched */
};

/* Evaluate b (the caller's, not modified) for the side to move, for
 * analysis: a position won or lost on the board (a five, a winning cell
 * of its own, two of the opponent's) is proven at once; a block of the
 * opponent's only winning cell is played and the position after it
 * evaluated; then the threat search (a fixed number of nodes per search,
 * not a time, so that what it proves does not depend on the machine's
 * speed: AI_ANALYSIS_NODES in src/ai_param.h) looks for a forced win of the
 * side to move, and when the opponent threatens an open four, whether every
 * defence still loses (a proven loss); what is not proven gets ai_choose()'s
 * score and move, within the budget ai_set_limits() set. A game over on b is
 * scored for the side that would move: lost after a five, 0 on a full board.
 * Return 0 with *out filled; 1 when `stop` (or the poll of ai_set_poll()) ended
 * the work first, *out then untouched; -1 when b's shape is not one
 * board_shape_valid() accepts. Deterministic when the time budget is
 * not what stopped the search (see ai_choose()). */
int ai_evaluate(struct ai *ai, const struct board *b, const volatile int *stop,
		struct ai_eval *out);

#endif
