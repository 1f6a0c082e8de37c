/* ai_internal.h -- what the ai*.c files share; not part of the contract.
 *
 * ai_pos.c     the engine's own board: padded cells, Zobrist hash and the
 *              pattern of every empty cell, kept up to date move by move
 * ai_search.c  alpha-beta (negamax PVS) with a transposition table
 * ai_threat.c  threat-space search: VCF (fours) and VCT (threes too)
 * ai.c         the public calls, the levels and the clock
 * ai_analysis.c  the value of a position for analysis (ai_evaluate())
 * ai_param.h   the engine's parameters: the levels, the evaluation's
 *              tables, the ordering, reductions and budget shares
 */
#ifndef GOMOKU_AI_INTERNAL_H
#define GOMOKU_AI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ai.h"
#include "board.h"
#include "rng.h"

/* A ring of AI_PAD wall cells surrounds the grid, so line scans stop at a
 * wall and the 5x5 neighbourhood of a cell never leaves the array. */
#define AI_PAD	     2
#define AI_SIDE_MAX  (BOARD_MAX_SIZE + 2 * AI_PAD)
#define AI_CELLS     (AI_SIDE_MAX * AI_SIDE_MAX)
#define AI_MAX_PLY   96
#define AI_MAX_MOVES BOARD_MAX_CELLS

/* Cell contents. The colours are 1 and 2, so 3 - c is the other. */
enum { AI_EMPTY = 0, AI_BLACK = 1, AI_WHITE = 2, AI_WALL = 3 };

/* What one line through an empty cell becomes when a colour plays there,
 * weakest first. OPEN4 has two winning cells, FOUR one; OPEN3 can become
 * an OPEN4 in one more move, THREE only a FOUR. */
enum ai_pattern {
	PAT_NONE,
	PAT_ONE,
	PAT_TWO,
	PAT_OPEN2,
	PAT_THREE,
	PAT_OPEN3,
	PAT_FOUR,
	PAT_OPEN4,
	PAT_WIN,
	PAT_COUNT
};

/* What a move on an empty cell makes for a colour, its four lines taken
 * together, weakest first. From CAT_FOUR up the move threatens to win at
 * once; FLEX4 (an open four or two fours) cannot be stopped. */
enum ai_category {
	CAT_NONE,
	CAT_LOW,
	CAT_OPEN3,
	CAT_33,
	CAT_FOUR,
	CAT_43,
	CAT_FLEX4,
	CAT_WIN,
	CAT_COUNT
};

/* Line patterns come from a table for K up to AI_TABLE_K: the stretch on
 * each side of a cell, up to the first blocking cell, read as a binary
 * code (a leading 1, then 1 for our stone and 0 for empty). */
#define AI_TABLE_K 6
#define AI_CODES   (1 << (AI_TABLE_K + 1))
#define AI_COMBOS  (PAT_COUNT * PAT_COUNT * PAT_COUNT * PAT_COUNT)

struct ai_tables {
	int k; /* what line[] holds (0: nothing yet) */
	/* [exact][left code][right code]: exact 1 when overlines do not win */
	unsigned char line[2][AI_CODES * AI_CODES];
	unsigned char combo_cat[AI_COMBOS]; /* by the four patterns */
	int combo_val[AI_COMBOS];
	int pat_value[PAT_COUNT]; /* the weights combo_val[] was built from */
	int cat_bonus[CAT_COUNT];
};

/* What ai_pos_make() changed in one empty cell (or the played cell's
 * category and value), so that ai_pos_unmake() puts it back without
 * working the patterns out again. */
struct ai_undo {
	int cell;
	int val[2];
	unsigned char pat[2][4];
	unsigned char cat[2];
};

/* Room for the changes of about 200 moves on 15x15 with K = 5; a move
 * that does not fit is taken back by working its patterns out again. */
#define AI_UNDO_MAX 8192

struct ai_pos {
	int rows, cols, k;
	int exact[3]; /* by colour: 1 when its overlines do not win */
	int w;	      /* row stride of the padded array */
	int dir[4];   /* index steps: across, down, two diagonals */
	int side;     /* colour to move */
	int nstones;
	int nmade;	     /* moves made since ai_pos_load() */
	int box[4];	     /* min row, max row, min col, max col */
	uint64_t hash;	     /* stones and side to move */
	const uint64_t *zob; /* [AI_CELLS * 2 + 1] keys, owned by struct ai */
	const struct ai_tables *tab; /* owned by struct ai */
	long sum[3];	       /* by colour: total value of the empty cells */
	int cnt[3][CAT_COUNT]; /* by colour: empty cells in each category */
	unsigned char cell[AI_CELLS];
	unsigned char near[AI_CELLS];	   /* stones in the 5x5 square around */
	unsigned char pat[AI_CELLS][2][4]; /* [colour - 1][direction] */
	unsigned char cat[AI_CELLS][2];
	int val[AI_CELLS][2];
	int played[AI_MAX_MOVES]; /* cells in the order played */
	int oldbox[AI_MAX_MOVES][4];
	int undo_from[AI_MAX_MOVES]; /* first undo[] entry of each move,
					or -1 when it was not logged */
	int nundo;
	struct ai_undo undo[AI_UNDO_MAX];
	/* RULE_RENJU: the same stones as a struct board, for renju.h's
	 * verdicts on black's moves (owned by struct ai); else NULL */
	struct board *rb;
};

/* A transposition table entry. */
struct ai_tt {
	uint64_t key;
	int32_t score;
	int16_t move;
	int8_t depth;
	uint8_t flags; /* bound in the low 2 bits, generation above */
};

/* A threat-search cache entry: a position already proved or refuted. */
struct ai_vc {
	uint64_t key;
	int16_t move;  /* the first move of a win */
	int8_t depth;  /* remaining depth of the search that refuted it */
	int8_t result; /* 1 won, 0 not found */
	uint8_t gen;
};

/* How one level searches (each level's: ai_levels[] in ai_param.h). */
struct ai_params {
	int time_ms;	 /* default budget per move */
	size_t tt_bytes; /* default transposition table size */
	int max_depth;	 /* iterative deepening stops here */
	int width;	 /* moves tried at a quiet node below the root */
	int narrow;	 /* width lost per ply further down ... */
	int min_width;	 /* ... down to this */
	int lmr;	 /* plies late quiet moves are searched less at
			    first (0: none; ai_param.h) */
	int futility;	 /* cut quiet nodes of the last plies whose static
			    score is far above beta (ai_param.h) */
	int vcf;	 /* look for wins by fours */
	int vct;	 /* look for wins by fours and threes */
	int defend;	 /* keep only moves that stop the opponent's wins */
};

struct ai {
	struct ai_config cfg;
	struct ai_params par;
	long long max_nodes;
	struct ai_pos pos;
	struct board rboard; /* what pos.rb points to in renju games */
	uint64_t zob[AI_CELLS * 2 + 1];
	struct ai_tables tab;
	struct ai_tt *tt;
	size_t tt_mask;
	struct ai_vc *vc;
	size_t vc_mask;
	uint8_t gen;
	/* one search */
	const struct board *board; /* the caller's, during ai_choose() */
	struct rng rng;
	const volatile int *stop;
	int (*poll)(void *ctx); /* ai_set_poll(): asked with the clock */
	void *poll_ctx;
	int depth_limit; /* ai_set_max_depth(): 0 = the level's own */
	long long nodes;
	long long start_ns, deadline_ns;
	int aborted;	   /* the whole search must stop */
	long long sub_cap; /* a part's node limit (0 = none) */
	long long sub_deadline_ns;
	int sub_hit; /* that part must stop */
	int killer[AI_MAX_PLY][2];
	int history[2][AI_CELLS];
};

/* ==== ai.c ==== */

/* Start a call on b with `side` (STONE_BLACK or STONE_WHITE) to move:
 * the clock and counters from zero with the budget of ai_set_limits(),
 * `stop` watched, b (the caller's, kept until the call ends) loaded into
 * ai->pos, renju's board set up. Return 0, or -1 when the game on b is
 * over, the board is full, its shape is invalid or side is no colour. */
int ai_load(struct ai *ai, const struct board *b, enum stone side,
	    const volatile int *stop);

/* ==== ai_pos.c ==== */

/* Fill the Zobrist keys zob[AI_CELLS * 2 + 1] from a fixed seed. */
void ai_pos_keys(uint64_t *zob);

/* Make t ready for boards of win length k: the line tables when
 * k <= AI_TABLE_K, the category table once. */
void ai_tables_prepare(struct ai_tables *t, int k);

/* Load b into p, with the keys zob and the tables tab (prepared for b;
 * both kept, not copied). */
void ai_pos_load(struct ai_pos *p, const struct board *b, const uint64_t *zob,
		 const struct ai_tables *tab);

/* The padded index of board cell (row, col), and back. */
int ai_pos_index(const struct ai_pos *p, int row, int col);
int ai_pos_row(const struct ai_pos *p, int idx);
int ai_pos_col(const struct ai_pos *p, int idx);

/* Play the side to move on the empty cell idx; the other side moves next. */
void ai_pos_make(struct ai_pos *p, int idx);

/* Take back the last ai_pos_make(). */
void ai_pos_unmake(struct ai_pos *p);

/* Walk the cells within len steps of idx on its four lines: direction
 * by direction, the way back then the way forward, nearest first, each
 * way stopping before the first wall. Call visit(ctx, e, d, dist) on
 * each cell e (d its line's direction, an index into p->dir; dist how
 * many steps it is from idx) until visit returns nonzero. Return the
 * cell it stopped at, or -1 when the walk ran to its end. Every walk
 * along the lines through a cell goes through here but one: a move's
 * refresh of the cells near it (refresh_lines() in ai_pos.c), which
 * reads each line once as bit masks and walks it itself (7 % faster
 * than through here). Inline, and with visit a known function the
 * compiler inlines that too. */
static inline int ai_pos_walk(const struct ai_pos *p, int idx, int len,
			      int (*visit)(void *ctx, int e, int d, int dist),
			      void *ctx)
{
	int d, way, i, e, step;

	for (d = 0; d < 4; d++) {
		for (way = -1; way <= 1; way += 2) {
			step = way * p->dir[d];
			e = idx + step;
			for (i = 1; i <= len && p->cell[e] != AI_WALL; i++) {
				if (visit(ctx, e, d, i))
					return e;
				e += step;
			}
		}
	}
	return -1;
}

/* Let the other side move without playing (hash and side only). */
void ai_pos_pass(struct ai_pos *p);

/* The candidate cells: empty cells within two of a stone (the centre
 * on an empty board). Write up to AI_MAX_MOVES into out; return how
 * many. */
int ai_pos_candidates(const struct ai_pos *p, int *out);

/* Write the empty cells where colour c is in category >= cat into out;
 * return how many. */
int ai_pos_cells_at_least(const struct ai_pos *p, int c, int cat, int *out);

/* The first empty cell where colour c wins at once, or -1. */
int ai_pos_win_cell(const struct ai_pos *p, int c);

/* The side to move's replies to the opponent's threat of an open four
 * (the opponent can make CAT_FLEX4): the cells where the opponent would
 * make a four, which hold every block, then the side to move's own fours
 * not among them. Write them into out (AI_MAX_MOVES entries suffice,
 * owned by the caller); return how many. Black's forbidden points are
 * not left out here. */
int ai_pos_threat_replies(const struct ai_pos *p, int *out);

/* Static score for the side to move (no forced result found). */
int ai_pos_eval(const struct ai_pos *p);

/* Return 1 when colour c may not play the empty cell idx: black's
 * forbidden point under RULE_RENJU (p->rb set); 0 otherwise. */
int ai_pos_forbidden(const struct ai_pos *p, int c, int idx);

/* Return 1 when the side to move may play the empty cell idx. */
int ai_pos_allowed(const struct ai_pos *p, int idx);

/* Return 1 when colour c has an empty cell it may play whose category
 * is one of the bits (1 << cat) of `cats`. */
int ai_pos_can_make(const struct ai_pos *p, int c, unsigned cats);

/* ==== ai_threat.c ==== */

/* Look for a win by continuous fours for the side to move, within
 * `depth` of its moves. Return 1 and the first move in *first, or 0. */
int ai_vcf(struct ai *ai, int depth, int *first);

/* The same by fours and open threes (VCT). */
int ai_vct(struct ai *ai, int depth, int *first);

/* ==== ai_search.c ==== */

/* Clear the transposition table and search memory for a new search. */
void ai_search_reset(struct ai *ai);

/* Search the position to iterative depths among the n moves in
 * moves[] (reordered). Write the best into *best, its score into *score
 * and the last full depth into *depth. Return 0, or -1 when stopped
 * before any move was searched (*best is then moves[0]). */
int ai_search_root(struct ai *ai, int *moves, int n, int *best, int *score,
		   int *depth);

/* Write the moves worth trying for the side to move into moves[],
 * best first: only fours and blocks when the opponent threatens an open
 * four, else the `width` best-looking candidates (all when width is 0).
 * With noise, break near-ties at random. Return how many. */
int ai_gen_moves(struct ai *ai, int *moves, int ply, int width, int noise);

/* Sort moves[0..n-1] by keys[0..n-1] (both the caller's, both
 * reordered), highest key first; equal keys keep their order (insertion
 * sort, stable), so the order is the same on every run. */
void ai_sort_moves(int *moves, int *keys, int n);

/* Put the `top` best of moves[0..n-1] (all when n <= top) into
 * moves[0..top-1], in ai_sort_moves()'s order, with their keys; the rest
 * follow in no particular order. Cheaper than a full sort when top is
 * small. */
void ai_sort_top(int *moves, int *keys, int n, int top);

/* Nanoseconds on the monotonic clock. */
long long ai_now_ns(void);

/* Count a node; return 1 when the search (or the current part of it)
 * must stop: the time, the node limit or the stop flag. */
int ai_tick(struct ai *ai);

/* Return 1 when the search (or the current part) has been told to stop. */
int ai_stopped(const struct ai *ai);

/* Limit the next part of the search to `nodes` more nodes (0 = no
 * limit) and `ns` more nanoseconds (0 = no limit); ai_part_end() lifts
 * the limits again. */
void ai_part_begin(struct ai *ai, long long nodes, long long ns);
void ai_part_end(struct ai *ai);

/* How good cell idx looks for `side`: its own value there plus most of
 * the opponent's. */
int ai_move_value(const struct ai_pos *p, int idx, int side);

#endif
