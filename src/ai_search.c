/* ai_search.c -- alpha-beta search: negamax with principal variation
 * search and iterative deepening, a transposition table, killer moves,
 * a history table, and threat-based pruning of the moves tried.
 *
 * A node first settles what needs no search: a win on the board for the
 * side to move, two winning cells of the opponent (lost), one (the only
 * move is to block it, searched without using up depth), an unstoppable
 * four of our own. Otherwise, when the opponent threatens an open four,
 * only our fours and the cells that stop the threat are tried; else the
 * `width` best candidates by pattern value, killers and history. At the
 * last plies, a node of a null window whose static score is far above
 * beta, the opponent threatening nothing, fails high unsearched
 * (futility pruning, ai_param.h).
 */
#include <string.h>
#include <time.h>

#include "ai_param.h"

#define INF (AI_SCORE_WIN + 1)

enum { BOUND_EXACT = 1, BOUND_LOWER = 2, BOUND_UPPER = 3 };

/* ==== Clock and limits ================================================= */

/* Return nanoseconds on the monotonic clock. */
long long ai_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Look at the clock, the stop flag and the caller's poll (ai_set_poll());
 * set the stop marks they call for. */
static void check_clock(struct ai *ai)
{
	long long t;

	if ((ai->stop != NULL && *ai->stop) ||
	    (ai->poll != NULL && ai->poll(ai->poll_ctx))) {
		ai->aborted = 1;
		return;
	}
	t = ai_now_ns();
	if (t >= ai->deadline_ns)
		ai->aborted = 1;
	if (ai->sub_deadline_ns > 0 && t >= ai->sub_deadline_ns)
		ai->sub_hit = 1;
}

/* Count a node. Return 1 when the search or the current part must stop. */
int ai_tick(struct ai *ai)
{
	if (ai_stopped(ai))
		return 1;
	ai->nodes++;
	if (ai->max_nodes > 0 && ai->nodes >= ai->max_nodes)
		ai->aborted = 1;
	if (ai->sub_cap > 0 && ai->nodes >= ai->sub_cap)
		ai->sub_hit = 1;
	if ((ai->nodes & (AI_CLOCK_NODES - 1)) == 0)
		check_clock(ai);
	return ai_stopped(ai);
}

/* Return 1 when the search or the current part has been told to stop. */
int ai_stopped(const struct ai *ai)
{
	return ai->aborted || ai->sub_hit;
}

/* Limit the next part of the search to `nodes` more nodes and `ns` more
 * nanoseconds (0: no such limit). */
void ai_part_begin(struct ai *ai, long long nodes, long long ns)
{
	ai->sub_cap = nodes > 0 ? ai->nodes + nodes : 0;
	ai->sub_deadline_ns = ns > 0 ? ai_now_ns() + ns : 0;
	ai->sub_hit = 0;
}

/* Lift the limits of ai_part_begin(). */
void ai_part_end(struct ai *ai)
{
	ai->sub_cap = 0;
	ai->sub_deadline_ns = 0;
	ai->sub_hit = 0;
}

/* ==== Transposition table ============================================== */

/* Return the table entry for the current position, or NULL without a
 * table. */
static struct ai_tt *tt_slot(struct ai *ai)
{
	if (ai->tt == NULL)
		return NULL;
	return &ai->tt[ai->pos.hash & ai->tt_mask];
}

/* Return a score made relative to this node (wins counted from here). */
static int score_to_tt(int score, int ply)
{
	if (score >= AI_SCORE_WIN_MIN)
		return score + ply;
	if (score <= -AI_SCORE_WIN_MIN)
		return score - ply;
	return score;
}

/* Return a stored score made relative to the root again. */
static int score_from_tt(int score, int ply)
{
	if (score >= AI_SCORE_WIN_MIN)
		return score - ply;
	if (score <= -AI_SCORE_WIN_MIN)
		return score + ply;
	return score;
}

/* Look the position up. Set *move to the stored best move (or -1).
 * Return 1 with *score when the entry settles the node. */
static int tt_probe(struct ai *ai, int depth, int alpha, int beta, int ply,
		    int *score, int *move)
{
	struct ai_tt *e = tt_slot(ai);
	int s, bound;

	*move = -1;
	if (e == NULL || e->key != ai->pos.hash || (e->flags >> 2) != ai->gen)
		return 0;
	*move = e->move;
	if (e->depth < depth)
		return 0;
	s = score_from_tt(e->score, ply);
	bound = e->flags & 3;
	if (bound == BOUND_EXACT || (bound == BOUND_LOWER && s >= beta) ||
	    (bound == BOUND_UPPER && s <= alpha)) {
		*score = s;
		return 1;
	}
	return 0;
}

/* Store the result of a node. */
static void tt_store(struct ai *ai, int depth, int score, int bound, int move,
		     int ply)
{
	struct ai_tt *e = tt_slot(ai);

	if (e == NULL)
		return;
	if (e->key != ai->pos.hash && (e->flags >> 2) == ai->gen &&
	    e->depth > depth)
		return;
	e->key = ai->pos.hash;
	e->score = score_to_tt(score, ply);
	e->move = (int16_t)move;
	e->depth = (int8_t)(depth > 127 ? 127 : depth);
	e->flags = (uint8_t)((ai->gen << 2) | bound);
}

/* Clear the search memory: a new table generation, killers, history. */
void ai_search_reset(struct ai *ai)
{
	ai->gen = (uint8_t)((ai->gen + 1) & 63);
	if (ai->gen == 0) {
		if (ai->tt != NULL)
			memset(ai->tt, 0, (ai->tt_mask + 1) * sizeof(*ai->tt));
		if (ai->vc != NULL)
			memset(ai->vc, 0, (ai->vc_mask + 1) * sizeof(*ai->vc));
		ai->gen = 1;
	}
	memset(ai->killer, -1, sizeof(ai->killer));
	memset(ai->history, 0, sizeof(ai->history));
}

/* ==== Move generation ================================================== */

/* Return how good cell idx looks for `side`: its own value there plus
 * the opponent's less 1/AI_BLOCK_DISCOUNT of it (what playing there
 * takes away). */
int ai_move_value(const struct ai_pos *p, int idx, int side)
{
	int mine = p->val[idx][side - 1], theirs = p->val[idx][2 - side];

	return mine + theirs - theirs / AI_BLOCK_DISCOUNT;
}

/* Return the order key of move m at `ply`: pattern value, then killer,
 * history and the table's move. */
static int order_key(struct ai *ai, int m, int ply, int ttmove)
{
	int s = ai->pos.side, key, h;

	if (m == ttmove)
		return 1 << 30;
	key = AI_ORDER_VALUE * ai_move_value(&ai->pos, m, s);
	if (ply < AI_MAX_PLY && m == ai->killer[ply][0])
		key += AI_ORDER_KILLER1;
	else if (ply < AI_MAX_PLY && m == ai->killer[ply][1])
		key += AI_ORDER_KILLER2;
	h = ai->history[s - 1][m];
	key += h > AI_ORDER_HISTORY_MAX ? AI_ORDER_HISTORY_MAX : h;
	return key;
}

/* Sort moves[0..n-1] by keys[], highest first; see ai_internal.h. */
void ai_sort_moves(int *moves, int *keys, int n)
{
	ai_sort_top(moves, keys, n, n);
}

/* Put the `top` best of moves[0..n-1] first, sorted; see ai_internal.h.
 * moves[0..t-1] is kept sorted; a move better than its last entry
 * takes that entry's place, which goes to the slot the move left. */
void ai_sort_top(int *moves, int *keys, int n, int top)
{
	int i, j, m, k, t = 0;

	for (i = 0; i < n && top > 0; i++) {
		m = moves[i];
		k = keys[i];
		if (t == top) {
			if (keys[t - 1] >= k)
				continue;
			moves[i] = moves[t - 1];
			keys[i] = keys[t - 1];
			t--;
		}
		for (j = t; j > 0 && keys[j - 1] < k; j--) {
			moves[j] = moves[j - 1];
			keys[j] = keys[j - 1];
		}
		moves[j] = m;
		keys[j] = k;
		t++;
	}
}

/* Keep the first moves of moves[0..n-1] the side to move may play, up
 * to `width` of them (all when width is 0). Under renju only black's
 * moves are looked at, and only as many as are kept. Return how many. */
static int keep_playable(const struct ai_pos *p, int *moves, int n, int width)
{
	int i, kept = 0;

	if (p->rb == NULL || p->side != AI_BLACK)
		return width > 0 && n > width ? width : n;
	for (i = 0; i < n && (width == 0 || kept < width); i++) {
		if (ai_pos_allowed(p, moves[i]))
			moves[kept++] = moves[i];
	}
	return kept;
}

/* Write the moves worth trying into moves[], best first, the table's
 * move `ttmove` (or -1) first of all; under renju never black's
 * forbidden points. Return how many. */
static int gen_moves(struct ai *ai, int *moves, int ply, int width, int noise,
		     int ttmove)
{
	struct ai_pos *p = &ai->pos;
	int keys[AI_MAX_MOVES], n = 0, i, restricted = 0;

	if (ai_pos_can_make(p, 3 - p->side, 1u << CAT_FLEX4)) {
		n = keep_playable(p, moves, ai_pos_threat_replies(p, moves), 0);
		restricted = n > 0;
	}
	if (!restricted)
		n = ai_pos_candidates(p, moves);
	for (i = 0; i < n; i++) {
		keys[i] = order_key(ai, moves[i], ply, ttmove);
		if (noise)
			keys[i] += (int)rng_below(&ai->rng, AI_ROOT_NOISE);
	}
	if (restricted || width == 0 || (p->rb != NULL && p->side == AI_BLACK))
		ai_sort_moves(moves, keys, n);
	else
		ai_sort_top(moves, keys, n, width);
	if (restricted)
		return n;
	return keep_playable(p, moves, n, width);
}

/* Write the moves worth trying into moves[], best first; see the
 * header. Return how many. */
int ai_gen_moves(struct ai *ai, int *moves, int ply, int width, int noise)
{
	return gen_moves(ai, moves, ply, width, noise, -1);
}

/* ==== Search =========================================================== */

/* Remember that move m refuted a node at `ply` searched to `depth`. */
static void note_cutoff(struct ai *ai, int m, int ply, int depth)
{
	int *h = &ai->history[ai->pos.side - 1][m];

	if (ply < AI_MAX_PLY && ai->killer[ply][0] != m) {
		ai->killer[ply][1] = ai->killer[ply][0];
		ai->killer[ply][0] = m;
	}
	*h += depth * depth;
	if (*h > AI_HISTORY_MAX)
		*h = AI_HISTORY_MAX;
}

/* Return true when colour c has a move that makes a four. */
static int has_four(const struct ai_pos *p, int c)
{
	return p->cnt[c][CAT_FOUR] + p->cnt[c][CAT_43] + p->cnt[c][CAT_FLEX4] +
		       p->cnt[c][CAT_WIN] >
	       0;
}

/* Settle a node without searching when the board decides it. Return 1
 * with *score when it is settled; else 0 with *forced the only move
 * (a block of the opponent's winning cell) or -1. */
static int settle(struct ai *ai, int ply, int *score, int *forced)
{
	const struct ai_pos *p = &ai->pos;
	int s = p->side, o = 3 - s;

	*forced = -1;
	if (p->cnt[s][CAT_WIN] > 0) {
		*score = AI_SCORE_WIN - ply - 1;
		return 1;
	}
	if (p->nstones >= p->rows * p->cols) {
		*score = 0;
		return 1;
	}
	if (p->cnt[o][CAT_WIN] >= 2) {
		*score = -(AI_SCORE_WIN - ply - 2);
		return 1;
	}
	if (p->cnt[o][CAT_WIN] == 1) {
		*forced = ai_pos_win_cell(p, o);
		if (ai_pos_allowed(p, *forced))
			return 0;
		*score = -(AI_SCORE_WIN - ply - 2); /* black may not block */
		return 1;
	}
	if (ai_pos_can_make(p, s, 1u << CAT_FLEX4)) {
		*score = AI_SCORE_WIN - ply - 3;
		return 1;
	}
	if (!has_four(p, o) &&
	    ai_pos_can_make(p, s, (1u << CAT_43) | (1u << CAT_33))) {
		*score = AI_SCORE_WIN - ply - 5;
		return 1;
	}
	return 0;
}

static int negamax(struct ai *ai, int depth, int alpha, int beta, int ply);

/* Return true when move m is quiet enough to be searched a ply less
 * at first: no four of ours and no block of a four-level threat. */
static int quiet(const struct ai_pos *p, int m)
{
	return p->cat[m][p->side - 1] < CAT_FOUR &&
	       p->cat[m][2 - p->side] < CAT_FOUR;
}

/* Search move i of a node (PVS, with late move reductions: `reduce`
 * plies less at first); moves[i] is made. Return its score. */
static int search_one(struct ai *ai, int i, int depth, int alpha, int beta,
		      int ply, int reduce)
{
	int score;

	if (i == 0)
		return -negamax(ai, depth, -beta, -alpha, ply + 1);
	score = -negamax(ai, depth - reduce, -alpha - 1, -alpha, ply + 1);
	if (reduce && score > alpha && !ai_stopped(ai))
		score = -negamax(ai, depth, -alpha - 1, -alpha, ply + 1);
	if (score > alpha && score < beta && !ai_stopped(ai))
		score = -negamax(ai, depth, -beta, -alpha, ply + 1);
	return score;
}

/* Search moves[0..n-1] at a node. Return the best score; *best is set
 * to its move. */
static int search_moves(struct ai *ai, const int *moves, int n, int depth,
			int alpha, int beta, int ply, int *best)
{
	int i, score, top = -INF, reduce;

	*best = -1;
	for (i = 0; i < n; i++) {
		reduce = i >= AI_LMR_FROM && depth >= AI_LMR_DEPTH &&
					 quiet(&ai->pos, moves[i])
				 ? ai->par.lmr
				 : 0;
		ai_pos_make(&ai->pos, moves[i]);
		score = search_one(ai, i, depth, alpha, beta, ply, reduce);
		ai_pos_unmake(&ai->pos);
		if (ai_stopped(ai))
			return 0;
		if (score > top) {
			top = score;
			*best = moves[i];
		}
		if (score > alpha)
			alpha = score;
		if (alpha >= beta) {
			note_cutoff(ai, moves[i], ply, depth + 1);
			break;
		}
	}
	return top;
}

/* Return the width at `ply`: the level's, less `narrow` a ply. */
static int width_at(const struct ai *ai, int ply)
{
	int w = ai->par.width - ai->par.narrow * (ply - 1);

	return w < ai->par.min_width ? ai->par.min_width : w;
}

/* Return 1 when a node searched `depth` more plies within (alpha,
 * beta) may be cut by futility (ai_param.h) with its static score
 * *score: the level prunes, the window is null, beta no won or lost
 * score, the opponent threatens nothing the static score may miss, and
 * the score is far enough above beta. */
static int futile(const struct ai *ai, int depth, int alpha, int beta,
		  int *score)
{
	const struct ai_pos *p = &ai->pos;
	unsigned threats = (1u << CAT_FLEX4) | (1u << CAT_43) | (1u << CAT_33);

	if (!ai->par.futility || depth > AI_FUTILITY_DEPTH ||
	    beta != alpha + 1 || beta <= -AI_SCORE_WIN_MIN ||
	    beta >= AI_SCORE_WIN_MIN ||
	    ai_pos_can_make(p, 3 - p->side, threats))
		return 0;
	*score = ai_pos_eval(p);
	return *score - AI_FUTILITY_MARGIN * depth >= beta;
}

/* Return the negamax score of the position for the side to move,
 * searched `depth` more plies within (alpha, beta). */
static int negamax(struct ai *ai, int depth, int alpha, int beta, int ply)
{
	int moves[AI_MAX_MOVES], n, score, best, forced, ttmove, bound;
	int child = depth - 1;

	if (ai_tick(ai))
		return 0;
	if (settle(ai, ply, &score, &forced))
		return score;
	if (ply >= AI_MAX_PLY - 1)
		return ai_pos_eval(&ai->pos);
	if (forced < 0 && depth <= 0)
		return ai_pos_eval(&ai->pos);
	if (tt_probe(ai, depth, alpha, beta, ply, &score, &ttmove))
		return score;
	if (forced < 0 && futile(ai, depth, alpha, beta, &score))
		return score;
	if (forced >= 0) {
		moves[0] = forced;
		n = 1;
		child = depth; /* a forced reply costs no depth */
	} else {
		n = gen_moves(ai, moves, ply, width_at(ai, ply), 0, ttmove);
	}
	if (n == 0)
		return 0;
	score = search_moves(ai, moves, n, child, alpha, beta, ply, &best);
	if (ai_stopped(ai))
		return 0;
	bound = score <= alpha	? BOUND_UPPER
		: score >= beta ? BOUND_LOWER
				: BOUND_EXACT;
	tt_store(ai, depth, score, bound, best, ply);
	return score;
}

/* Move moves[i] to the front, keeping the others in order. */
static void to_front(int *moves, int i)
{
	int m = moves[i];

	memmove(moves + 1, moves, (size_t)i * sizeof(*moves));
	moves[0] = m;
}

/* Search the root moves one iteration deep `depth`. Return the index of
 * the best fully searched move (-1 if none) with its score in *score. */
static int root_iteration(struct ai *ai, const int *moves, int n, int depth,
			  int *score)
{
	int i, sc, alpha = -INF, best = -1;

	for (i = 0; i < n; i++) {
		ai_pos_make(&ai->pos, moves[i]);
		if (i == 0) {
			sc = -negamax(ai, depth - 1, -INF, INF, 1);
		} else {
			sc = -negamax(ai, depth - 1, -alpha - 1, -alpha, 1);
			if (sc > alpha && !ai_stopped(ai))
				sc = -negamax(ai, depth - 1, -INF, -alpha, 1);
		}
		ai_pos_unmake(&ai->pos);
		if (ai_stopped(ai))
			break;
		if (sc > alpha) {
			alpha = sc;
			best = i;
		}
	}
	*score = alpha;
	return best;
}

/* How iterative deepening is going: what decides whether another
 * iteration is worth starting (see next_fits()). */
struct pace {
	long long began_ns; /* when the last iteration started */
	long long last_ns;  /* how long the last full iteration took */
	long long prev_ns;  /* and the one before (0: none yet) */
	int best, score;    /* its best move and score */
	int stable;	    /* full iterations since the best move changed */
	int dropped; /* the last iteration's score fell by AI_DROP or more */
};

/* Return the time the next iteration will take: the last one times the
 * growth seen from the one before, between AI_GROWTH_MIN and AI_GROWTH_MAX. */
static long long next_estimate(const struct pace *pc)
{
	long long g = AI_GROWTH_GUESS;

	if (pc->prev_ns >= AI_GROWTH_FLOOR_NS)
		g = (pc->last_ns + pc->prev_ns - 1) / pc->prev_ns;
	if (g < AI_GROWTH_MIN)
		g = AI_GROWTH_MIN;
	if (g > AI_GROWTH_MAX)
		g = AI_GROWTH_MAX;
	return pc->last_ns * g;
}

/* Return 1 when the next iteration is worth starting. Once the best
 * move has held for two iterations without its score dropping, only
 * when it is expected to end within the budget. While the move is in
 * doubt (it changed, or its score dropped), whenever less than
 * AI_DOUBT_SHARE percent of the budget is gone: an iteration the clock cuts
 * short still tries the last best move first and may find a better one
 * (ai_search_root() keeps the best fully searched move). */
static int next_fits(const struct ai *ai, const struct pace *pc)
{
	long long budget = ai->deadline_ns - ai->start_ns;
	long long used = ai_now_ns() - ai->start_ns;

	if (pc->stable >= 2 && !pc->dropped)
		return used + next_estimate(pc) <= budget;
	return used < budget / 100 * AI_DOUBT_SHARE;
}

/* Record a full iteration that chose `best` with `score`. */
static void pace_note(struct pace *pc, int best, int score)
{
	long long now = ai_now_ns();

	pc->prev_ns = pc->last_ns;
	pc->last_ns = now - pc->began_ns;
	pc->stable = best == pc->best ? pc->stable + 1 : 0;
	pc->dropped = pc->best >= 0 && score <= pc->score - AI_DROP;
	pc->best = best;
	pc->score = score;
}

/* Search the root moves to increasing depths; see the header. A single
 * move is searched one ply, for its score only. */
int ai_search_root(struct ai *ai, int *moves, int n, int *best, int *score,
		   int *depth)
{
	struct pace pc = {.best = -1};
	int d, bi, sc, found = 0;
	int cap = n > 1 ? ai->par.max_depth : 1;

	*best = moves[0];
	*score = 0;
	*depth = 0;
	for (d = 1; d <= cap; d++) {
		pc.began_ns = ai_now_ns();
		bi = root_iteration(ai, moves, n, d, &sc);
		if (bi >= 0) {
			to_front(moves, bi);
			*best = moves[0];
			*score = sc;
			found = 1;
		}
		if (ai_stopped(ai))
			break;
		*depth = d;
		if (sc >= AI_SCORE_WIN_MIN || sc <= -AI_SCORE_WIN_MIN)
			break;
		pace_note(&pc, moves[0], sc);
		if (!next_fits(ai, &pc))
			break;
	}
	return found ? 0 : -1;
}
