/* ai.c -- the computer player: the public calls, the five levels and the
 * time budget. The board, the search and the threat search live in
 * ai_pos.c, ai_search.c and ai_threat.c (see ai_internal.h).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ai_param.h"
#include "renju.h"

#define NS_PER_MS 1000000LL

/* ==== Configuration ==================================================== */

/* Return level clamped to AI_LEVEL_MIN..AI_LEVEL_MAX. */
static int clamp_level(int level)
{
	if (level < AI_LEVEL_MIN)
		return AI_LEVEL_MIN;
	if (level > AI_LEVEL_MAX)
		return AI_LEVEL_MAX;
	return level;
}

/* Return the default time budget of `level` in milliseconds. */
int ai_level_time_ms(int level)
{
	return ai_levels[clamp_level(level) - 1].time_ms;
}

/* Fill *cfg with the defaults of `level`. */
void ai_config_default(struct ai_config *cfg, int level)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->level = clamp_level(level);
	cfg->time_ms = ai_levels[cfg->level - 1].time_ms;
	cfg->tt_bytes = ai_levels[cfg->level - 1].tt_bytes;
}

/* Return the largest power of two of entries of `size` bytes that fits
 * in `bytes`, at least one. */
static size_t table_entries(size_t bytes, size_t size)
{
	size_t n = 1;

	while (n * 2 * size <= bytes)
		n *= 2;
	return n;
}

/* Allocate the tables the level needs. Return 0, or -1 when out of
 * memory. */
static int alloc_tables(struct ai *ai)
{
	size_t n;

	if (ai->cfg.level < 3)
		return 0;
	n = table_entries(ai->par.tt_bytes, sizeof(*ai->tt));
	ai->tt = calloc(n, sizeof(*ai->tt));
	if (ai->tt == NULL)
		return -1;
	ai->tt_mask = n - 1;
	if (!ai->par.vcf)
		return 0;
	ai->vc = calloc(AI_VC_ENTRIES, sizeof(*ai->vc));
	if (ai->vc == NULL)
		return -1;
	ai->vc_mask = AI_VC_ENTRIES - 1;
	return 0;
}

/* Return a new player configured by *cfg, or NULL when out of memory. */
struct ai *ai_create(const struct ai_config *cfg)
{
	struct ai_config def;
	struct ai *ai;

	if (cfg == NULL) {
		ai_config_default(&def, 3);
		cfg = &def;
	}
	ai = calloc(1, sizeof(*ai));
	if (ai == NULL)
		return NULL;
	ai->cfg = *cfg;
	ai->cfg.level = clamp_level(cfg->level);
	ai->par = ai_levels[ai->cfg.level - 1];
	if (cfg->tt_bytes > 0)
		ai->par.tt_bytes = cfg->tt_bytes;
	ai_set_limits(ai, cfg->time_ms, cfg->max_nodes);
	ai_pos_keys(ai->zob);
	if (alloc_tables(ai) != 0)
		goto out_free_ai;
	return ai;

out_free_ai:
	ai_free(ai);
	return NULL;
}

/* Free a player made by ai_create(). Accepts NULL. */
void ai_free(struct ai *ai)
{
	if (ai == NULL)
		return;
	free(ai->tt);
	free(ai->vc);
	free(ai);
}

/* Set the time budget (0 = level default) and node limit (0 = none). */
void ai_set_limits(struct ai *ai, int time_ms, long long max_nodes)
{
	ai->par.time_ms =
		time_ms > 0 ? time_ms : ai_levels[ai->cfg.level - 1].time_ms;
	ai->max_nodes = max_nodes > 0 ? max_nodes : 0;
}

/* Seed the random choices of the next calls. */
void ai_set_seed(struct ai *ai, uint64_t seed)
{
	ai->cfg.seed = seed;
}

/* Limit iterative deepening to max_depth plies (0 or less: none). */
void ai_set_max_depth(struct ai *ai, int max_depth)
{
	ai->depth_limit = max_depth > 0 ? max_depth : 0;
}

/* Have the search call poll(ctx) whenever it looks at the clock. */
void ai_set_poll(struct ai *ai, int (*poll)(void *ctx), void *ctx)
{
	ai->poll = poll;
	ai->poll_ctx = ctx;
}

/* ==== Levels 1 and 2 =================================================== */

/* Return a random cell within one of the centre of an empty board. */
static int near_centre(struct ai *ai)
{
	const struct ai_pos *p = &ai->pos;
	int cells[9], n = 0, dr, dc, r, c;

	for (dr = -1; dr <= 1; dr++) {
		for (dc = -1; dc <= 1; dc++) {
			r = p->rows / 2 + dr;
			c = p->cols / 2 + dc;
			if (r >= 0 && r < p->rows && c >= 0 && c < p->cols)
				cells[n++] = ai_pos_index(p, r, c);
		}
	}
	return cells[rng_below(&ai->rng, (uint32_t)n)];
}

/* Return true when the side to move may play cell idx: anywhere, except
 * that under RULE_RENJU black may not play a forbidden point. */
static bool allowed(const struct ai *ai, int idx)
{
	const struct ai_pos *p = &ai->pos;

	if (ai->board->rule != RULE_RENJU || p->side != AI_BLACK)
		return true;
	return !renju_forbidden(ai->board, ai_pos_row(p, idx),
				ai_pos_col(p, idx));
}

/* Drop from moves[0..n-1] the cells the side to move may not play.
 * Return how many are left. */
static int keep_allowed(const struct ai *ai, int *moves, int n)
{
	int i, kept = 0;

	for (i = 0; i < n; i++) {
		if (allowed(ai, moves[i]))
			moves[kept++] = moves[i];
	}
	return kept;
}

/* Return the cell that wins now for the side to move, else the one that
 * blocks the opponent's win, else -1. */
static int urgent_move(const struct ai *ai)
{
	int w = ai_pos_win_cell(&ai->pos, ai->pos.side);

	if (w >= 0 && allowed(ai, w))
		return w;
	w = ai_pos_win_cell(&ai->pos, 3 - ai->pos.side);
	return w >= 0 && allowed(ai, w) ? w : -1;
}

/* Level 1: win, block, else a random cell within two of a stone; -1
 * when there is none. A beginner loses by strategy, never by missing a
 * five on the board. */
static int random_move(struct ai *ai)
{
	int moves[AI_MAX_MOVES], n, urgent;

	if (ai->pos.nstones == 0)
		return near_centre(ai);
	urgent = urgent_move(ai);
	if (urgent >= 0)
		return urgent;
	n = keep_allowed(ai, moves, ai_pos_candidates(&ai->pos, moves));
	if (n == 0)
		return -1;
	return moves[rng_below(&ai->rng, (uint32_t)n)];
}

/* Level 2: win, block, else a random cell among those whose one-ply
 * value is within 1/AI_GREEDY_SLACK of the best; -1 when there is
 * none. */
static int greedy_move(struct ai *ai)
{
	const struct ai_pos *p = &ai->pos;
	int moves[AI_MAX_MOVES], n, i, ngood = 0, best = 0, v;

	if (p->nstones == 0)
		return ai_pos_index(p, p->rows / 2, p->cols / 2);
	v = urgent_move(ai);
	if (v >= 0)
		return v;
	n = keep_allowed(ai, moves, ai_pos_candidates(p, moves));
	for (i = 0; i < n; i++) {
		v = ai_move_value(p, moves[i], p->side);
		if (v > best)
			best = v;
	}
	for (i = 0; i < n; i++) {
		if (ai_move_value(p, moves[i], p->side) >=
		    best - best / AI_GREEDY_SLACK)
			moves[ngood++] = moves[i];
	}
	if (ngood == 0)
		return -1;
	return moves[rng_below(&ai->rng, (uint32_t)ngood)];
}

/* ==== Levels 3 to 5 ==================================================== */

/* Limit the next part of the search to `eighths` eighths of the
 * budget, of its nodes (none when there is no node limit) and of its
 * time: floor(total * eighths / 8) of each, worked out so that it never
 * overflows. */
static void part_of_budget(struct ai *ai, int eighths)
{
	long long ns = (long long)ai->par.time_ms * NS_PER_MS;

	ai_part_begin(ai,
		      ai->max_nodes / 8 * eighths +
			      ai->max_nodes % 8 * eighths / 8,
		      ns / 8 * eighths + ns % 8 * eighths / 8);
}

/* Spend at most `eighths` eighths of the budget (nodes and time) on a
 * threat search for the side to move: VCT when vct is set, else VCF.
 * Return 1 with its first move in *first when it finds a win. */
static int threat_part(struct ai *ai, int vct, int eighths, int *first)
{
	int won;

	if (ai_stopped(ai))
		return 0;
	part_of_budget(ai, eighths);
	if (vct)
		won = ai_vct(ai, AI_VCT_THREATS, first);
	else
		won = ai_vcf(ai, AI_VCF_MOVES, first);
	ai_part_end(ai);
	return won;
}

/* Return 1 when the opponent, were it to move now, has a forced win of
 * the kind asked for (VCF, or VCT with vct set). */
static int opponent_wins(struct ai *ai, int vct, int eighths)
{
	int won, first;

	ai_pos_pass(&ai->pos);
	won = threat_part(ai, vct, eighths, &first);
	ai_pos_pass(&ai->pos);
	return won;
}

/* Return true when cell idx is among cells[0..n-1]. */
static bool listed(const int *cells, int n, int idx)
{
	int i;

	for (i = 0; i < n; i++) {
		if (cells[i] == idx)
			return true;
	}
	return false;
}

/* Append to all[0..n-1] the empty cells, not yet there, where colour c
 * makes category `cat` or better and the side to move may play. Return
 * the new count. */
static int add_cells(const struct ai *ai, int *all, int n, int c, int cat)
{
	int cells[AI_MAX_MOVES], m, i;

	m = ai_pos_cells_at_least(&ai->pos, c, cat, cells);
	for (i = 0; i < m; i++) {
		if (!listed(all, n, cells[i]) && allowed(ai, cells[i]))
			all[n++] = cells[i];
	}
	return n;
}

/* Which moves keep_defences() looks at (see defence_set()). */
enum defence {
	DEF_VCF,      /* against a VCF: every candidate */
	DEF_VCT,      /* against a VCT: the root moves, our fours and the
			 cells where the opponent would make a threat */
	DEF_VCT_AMONG /* against a VCT: the root moves only (they are
			 what stops the opponent's VCF) */
};

/* Write the moves that may stop the opponent's forced win into all[]:
 * against a VCF every candidate; against a VCT the n root moves, and
 * unless they are all that may be played (DEF_VCT_AMONG), our fours (a
 * counter-four gains a tempo) and the cells where the opponent would
 * make a threat (a defence takes one of them). Return how many. */
static int defence_set(struct ai *ai, const int *moves, int n,
		       enum defence kind, int *all)
{
	int s = ai->pos.side;

	if (kind == DEF_VCF)
		return keep_allowed(ai, all, ai_gen_moves(ai, all, 0, 0, 0));
	memcpy(all, moves, (size_t)n * sizeof(*moves));
	if (kind == DEF_VCT_AMONG)
		return n;
	n = add_cells(ai, all, n, s, CAT_FOUR);
	return add_cells(ai, all, n, 3 - s, CAT_OPEN3);
}

/* The opponent has a forced win: keep the moves of its defence set (see
 * defence_set()) after which it has none, and those the time left no
 * time to look at (they may hold too), in that order. Return how many
 * are kept; moves[] is left alone when every move loses. */
static int keep_defences(struct ai *ai, int *moves, int n, enum defence kind)
{
	int all[AI_MAX_MOVES], kept[AI_MAX_MOVES], m, i, nk = 0, won, first;
	int vct = kind != DEF_VCF;

	m = defence_set(ai, moves, n, kind, all);
	part_of_budget(ai, AI_EIGHTHS_DEFENCES);
	for (i = 0; i < m && !ai_stopped(ai); i++) {
		ai_pos_make(&ai->pos, all[i]);
		won = vct ? ai_vct(ai, AI_VCT_THREATS, &first)
			  : ai_vcf(ai, AI_VCF_MOVES, &first);
		ai_pos_unmake(&ai->pos);
		if (ai_stopped(ai))
			break;
		if (!won)
			kept[nk++] = all[i];
	}
	ai_part_end(ai);
	for (; i < m; i++)
		kept[nk++] = all[i];
	if (nk == 0)
		return n;
	memcpy(moves, kept, (size_t)nk * sizeof(*moves));
	return nk;
}

/* Return the deepest sensible iteration: the level's, or to the end of
 * the game on nearly full boards; never beyond ai_set_max_depth()'s. */
static int depth_cap(const struct ai *ai)
{
	int empty = ai->pos.rows * ai->pos.cols - ai->pos.nstones;
	int cap = ai->par.max_depth;

	if (empty <= AI_ENDGAME_CELLS && empty > cap)
		cap = empty;
	if (ai->depth_limit > 0 && ai->depth_limit < cap)
		cap = ai->depth_limit;
	return cap;
}

/* Look for a forced win of our own by threats. Return the first move,
 * or -1. */
static int attack(struct ai *ai)
{
	int first;

	if (!ai->par.vcf)
		return -1;
	if (threat_part(ai, 0, AI_EIGHTHS_OWN_VCF, &first) &&
	    allowed(ai, first))
		return first;
	if (ai->par.vct && threat_part(ai, 1, AI_EIGHTHS_OWN_VCT, &first) &&
	    allowed(ai, first))
		return first;
	return -1;
}

/* Levels 3-5: tactics, threat search, then alpha-beta among the moves
 * that survive the opponent's threats. Set res->score and depth. Return
 * the move, or -1 when none is allowed. */
static int search_move(struct ai *ai, struct ai_result *res)
{
	struct ai_pos *p = &ai->pos;
	int moves[AI_MAX_MOVES], n, best, save = ai->par.max_depth;

	if (p->nstones == 0)
		return ai_pos_index(p, p->rows / 2, p->cols / 2);
	best = urgent_move(ai);
	if (best >= 0)
		return best;
	best = attack(ai);
	if (best >= 0) {
		res->score = AI_SCORE_WIN_MIN;
		return best;
	}
	n = ai_gen_moves(ai, moves, 0, ai->par.width + AI_ROOT_EXTRA, 1);
	n = keep_allowed(ai, moves, n);
	if (n == 0)
		return -1;
	if (ai->par.defend && n > 1 &&
	    opponent_wins(ai, 0, AI_EIGHTHS_THEIR_VCF)) {
		/* a block of the VCF may still leave a VCT */
		n = keep_defences(ai, moves, n, DEF_VCF);
		if (ai->par.vct && n > 1)
			n = keep_defences(ai, moves, n, DEF_VCT_AMONG);
	} else if (ai->par.defend && ai->par.vct && n > 1 &&
		   opponent_wins(ai, 1, AI_EIGHTHS_THEIR_VCT)) {
		n = keep_defences(ai, moves, n, DEF_VCT);
	}
	ai->par.max_depth = depth_cap(ai);
	ai_search_root(ai, moves, n, &best, &res->score, &res->depth);
	ai->par.max_depth = save;
	return best;
}

/* ==== Choosing a move ================================================== */

/* Start the clock and the counters of one call. */
static void begin(struct ai *ai, const volatile int *stop)
{
	ai->stop = stop;
	ai->nodes = 0;
	ai->aborted = 0;
	ai_part_end(ai);
	ai->start_ns = ai_now_ns();
	ai->deadline_ns = ai->start_ns + (long long)ai->par.time_ms * NS_PER_MS;
	ai_search_reset(ai);
}

/* Return the first cell the side to move may play, else the first
 * empty cell, else -1 (a last resort). The second case only arises when
 * every empty point is forbidden to black under renju, an absurd
 * position: black then gets an empty cell that board_play() refuses. */
static int first_empty(const struct ai *ai)
{
	const struct ai_pos *p = &ai->pos;
	int r, c, idx, any = -1;

	for (r = 0; r < p->rows; r++) {
		for (c = 0; c < p->cols; c++) {
			idx = ai_pos_index(p, r, c);
			if (p->cell[idx] != AI_EMPTY)
				continue;
			if (allowed(ai, idx))
				return idx;
			if (any < 0)
				any = idx;
		}
	}
	return any;
}

/* Return the move of the configured level; fill res's score and depth. */
static int level_move(struct ai *ai, struct ai_result *res)
{
	switch (ai->cfg.level) {
	case 1:
		return random_move(ai);
	case 2:
		return greedy_move(ai);
	default:
		return search_move(ai, res);
	}
}

/* Choose a move for the side to move on b; see the header. */
int ai_choose(struct ai *ai, const struct board *b, const volatile int *stop,
	      struct ai_result *out)
{
	return ai_choose_side(ai, b, board_to_move(b), stop, out);
}

/* Load b with `side` to move and start the clock; see ai_internal.h. */
int ai_load(struct ai *ai, const struct board *b, enum stone side,
	    const volatile int *stop)
{
	struct ai_pos *p = &ai->pos;

	if (b->state != BOARD_PLAYING || b->nmoves >= b->rows * b->cols ||
	    !board_shape_valid(b->rows, b->cols, b->k) ||
	    (side != STONE_BLACK && side != STONE_WHITE))
		return -1;
	begin(ai, stop);
	ai->board = b;
	ai_tables_prepare(&ai->tab, b->k);
	ai_pos_load(p, b, ai->zob, &ai->tab);
	if (p->side != (side == STONE_BLACK ? AI_BLACK : AI_WHITE))
		ai_pos_pass(p);
	if (b->rule == RULE_RENJU) {
		ai->rboard = *b;
		p->rb = &ai->rboard;
	}
	return 0;
}

/* Choose a move for `side` on b; see the header. */
int ai_choose_side(struct ai *ai, const struct board *b, enum stone side,
		   const volatile int *stop, struct ai_result *out)
{
	struct ai_result res;
	struct ai_pos *p = &ai->pos;
	int idx;

	if (ai_load(ai, b, side, stop) != 0)
		return -1;
	memset(&res, 0, sizeof(res));
	rng_seed(&ai->rng, ai->cfg.seed ^ p->hash);
	idx = level_move(ai, &res);
	if (idx < 0 || p->cell[idx] != AI_EMPTY || !allowed(ai, idx))
		idx = first_empty(ai);
	if (idx < 0)
		return -1;
	res.row = ai_pos_row(p, idx);
	res.col = ai_pos_col(p, idx);
	res.nodes = ai->nodes;
	res.elapsed_ms = (int)((ai_now_ns() - ai->start_ns) / NS_PER_MS);
	*out = res;
	return 0;
}
