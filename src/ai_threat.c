/* ai_threat.c -- threat-space search: forced wins by continuous fours
 * (VCF) and by fours and open threes (VCT), for the side to move.
 *
 * VCF: the attacker plays a four, the defender must take its winning
 * cell, and so on until the attacker makes two winning cells at once (an
 * open four or a double four) or a winning cell the defender cannot take.
 * When the defender's forced block makes a four of its own, the attacker
 * must block with a move that is itself a four, or the line fails.
 *
 * VCT: the attacker may also make a threat of an open four (an open
 * three, or a cell that would make two fours). The defender then tries
 * every cell where the attacker would make a four (that holds every
 * block) and every four of its own; a defender with a VCF of its own
 * refutes the threat. The attacker wins when every reply still loses.
 *
 * Results are cached by position hash: wins for good, failures together
 * with the depth that was searched.
 */
#include "ai_param.h"

/* What a position's key is mixed with in the cache, for each search. */
#define VCF_SALT UINT64_C(0x9e3779b97f4a7c15)
#define VCT_SALT UINT64_C(0xc2b2ae3d27d4eb4f)

/* ==== Cache ============================================================ */

/* Return the cache entry for key, or NULL without a cache. */
static struct ai_vc *vc_slot(struct ai *ai, uint64_t key)
{
	if (ai->vc == NULL)
		return NULL;
	return &ai->vc[key & ai->vc_mask];
}

/* Look key up. Return 1 with *won (and *move for a win) when the cache
 * knows the answer at `depth`, else 0. */
static int vc_probe(struct ai *ai, uint64_t key, int depth, int *won, int *move)
{
	struct ai_vc *e = vc_slot(ai, key);

	if (e == NULL || e->key != key || e->gen != ai->gen)
		return 0;
	if (e->result) {
		*won = 1;
		*move = e->move;
		return 1;
	}
	if (e->depth >= depth) {
		*won = 0;
		return 1;
	}
	return 0;
}

/* Remember the answer for key, unless the search was cut short. */
static void vc_store(struct ai *ai, uint64_t key, int depth, int won, int move)
{
	struct ai_vc *e = vc_slot(ai, key);

	if (e == NULL || ai_stopped(ai))
		return;
	e->key = key;
	e->gen = ai->gen;
	e->depth = (int8_t)(depth > 127 ? 127 : depth);
	e->result = (int8_t)won;
	e->move = (int16_t)move;
}

/* ==== Helpers ========================================================== */

/* The colour whose winning cell win_cell_near() looks for. */
struct win_seek {
	const struct ai_pos *p;
	int c;
};

/* Return 1 (stop the walk) when e is an empty cell where the colour
 * wins at once. */
static int is_win_cell(void *ctx, int e, int d, int dist)
{
	const struct win_seek *ws = ctx;

	(void)d;
	(void)dist;
	return ws->p->cell[e] == AI_EMPTY &&
	       ws->p->cat[e][ws->c - 1] == CAT_WIN;
}

/* Return a cell where colour c wins at once on the lines through idx,
 * or anywhere if there is none on them; -1 when c has none. */
static int win_cell_near(const struct ai_pos *p, int idx, int c)
{
	struct win_seek ws = {p, c};
	int e = ai_pos_walk(p, idx, p->k - 1, is_win_cell, &ws);

	return e >= 0 ? e : ai_pos_win_cell(p, c);
}

/* Sort cells by the side to move's category, then value, best first. */
static void sort_threats(const struct ai_pos *p, int *cells, int n)
{
	int i, keys[AI_MAX_MOVES];
	int c = p->side - 1;

	for (i = 0; i < n; i++)
		keys[i] = p->cat[cells[i]][c] * 65536 + p->val[cells[i]][c];
	ai_sort_moves(cells, keys, n);
}

/* Drop from cells[0..n-1] the points the side to move may not play
 * (black's forbidden points under renju). Return how many are left. */
static int keep_allowed(const struct ai_pos *p, int *cells, int n)
{
	int i, kept = 0;

	if (p->rb == NULL || p->side != AI_BLACK)
		return n;
	for (i = 0; i < n; i++) {
		if (ai_pos_allowed(p, cells[i]))
			cells[kept++] = cells[i];
	}
	return kept;
}

/* ==== VCF ============================================================== */

static int vcf_node(struct ai *ai, int depth, int ply, int *first);

/* Write the attacker's fours worth trying into moves (just the block
 * when the defender has a winning cell, if that block is a four).
 * Return how many. */
static int four_moves(const struct ai_pos *p, int *moves)
{
	int s = p->side, w, n;

	if (p->cnt[3 - s][CAT_WIN] > 0) {
		w = ai_pos_win_cell(p, 3 - s);
		if (w < 0 || p->cat[w][s - 1] < CAT_FOUR ||
		    !ai_pos_allowed(p, w))
			return 0;
		moves[0] = w;
		return 1;
	}
	n = ai_pos_cells_at_least(p, s, CAT_FOUR, moves);
	n = keep_allowed(p, moves, n);
	sort_threats(p, moves, n);
	return n;
}

/* Play the attacker's four m and the defender's block, then go on.
 * Return 1 when that wins. */
static int try_four(struct ai *ai, int m, int depth, int ply)
{
	struct ai_pos *p = &ai->pos;
	int s = p->side, won, w, next;

	ai_pos_make(p, m);
	if (p->cnt[s][CAT_WIN] >= 2) {
		won = 1;
	} else if (p->cnt[s][CAT_WIN] == 0) {
		won = 0;
	} else {
		w = win_cell_near(p, m, s);
		if (!ai_pos_allowed(p, w)) {
			/* black may not block there: the four wins */
			ai_pos_unmake(p);
			return !ai_stopped(ai);
		}
		ai_pos_make(p, w);
		won = vcf_node(ai, depth - 1, ply + 2, &next);
		ai_pos_unmake(p);
	}
	ai_pos_unmake(p);
	return won && !ai_stopped(ai);
}

/* Look for a VCF of the side to move within `depth` of its moves. Return
 * 1 with the first move in *first, else 0. */
static int vcf_node(struct ai *ai, int depth, int ply, int *first)
{
	struct ai_pos *p = &ai->pos;
	uint64_t key = p->hash ^ VCF_SALT;
	int s = p->side, moves[AI_MAX_MOVES], n, i, won = 0;

	if (ai_tick(ai))
		return 0;
	if (p->cnt[s][CAT_WIN] > 0) {
		*first = ai_pos_win_cell(p, s);
		return 1;
	}
	if (depth <= 0 || ply >= AI_THREAT_CHAIN || p->cnt[3 - s][CAT_WIN] >= 2)
		return 0;
	if (vc_probe(ai, key, depth, &won, first))
		return won;
	n = four_moves(p, moves);
	for (i = 0; i < n && !won; i++) {
		won = try_four(ai, moves[i], depth, ply);
		if (won)
			*first = moves[i];
		if (ai_stopped(ai))
			return 0;
	}
	vc_store(ai, key, depth, won, won ? *first : -1);
	return won;
}

/* Look for a VCF of the side to move; see ai_internal.h. */
int ai_vcf(struct ai *ai, int depth, int *first)
{
	return vcf_node(ai, depth, 0, first);
}

/* ==== VCT ============================================================== */

static int vct_attack(struct ai *ai, int depth, int ply, int *first);

/* Return 1 when colour c threatens to win: a winning cell, or a cell
 * it may play that makes an open four or two fours. */
static int threatens(const struct ai_pos *p, int c)
{
	return p->cnt[c][CAT_WIN] > 0 || ai_pos_can_make(p, c, 1u << CAT_FLEX4);
}

/* The defender (to move) faces the attacker's threat. Return 1 when the
 * attacker wins whatever the defender does. */
static int vct_defend(struct ai *ai, int depth, int ply)
{
	struct ai_pos *p = &ai->pos;
	int d = p->side, a = 3 - d, moves[AI_MAX_MOVES], n, i, won = 1, next;

	if (ai_tick(ai) || p->cnt[d][CAT_WIN] > 0)
		return 0;
	if (p->cnt[a][CAT_WIN] >= 2)
		return 1;
	if (!threatens(p, a) || ply >= AI_THREAT_CHAIN)
		return 0;
	if (p->cnt[a][CAT_WIN] == 1) {
		moves[0] = ai_pos_win_cell(p, a);
		n = 1;
	} else {
		if (vcf_node(ai, AI_VCT_VCF_MOVES, ply, &next))
			return 0;
		n = ai_pos_threat_replies(p, moves);
	}
	n = keep_allowed(p, moves, n); /* none left: black cannot defend */
	for (i = 0; i < n && won; i++) {
		ai_pos_make(p, moves[i]);
		won = vct_attack(ai, depth, ply + 1, &next);
		ai_pos_unmake(p);
	}
	return won && !ai_stopped(ai);
}

/* The attacker must block the defender's winning cell w first. Return 1
 * when it still wins. */
static int vct_block(struct ai *ai, int depth, int ply, int w)
{
	int won;

	ai_pos_make(&ai->pos, w);
	won = vct_defend(ai, depth, ply + 1);
	ai_pos_unmake(&ai->pos);
	return won;
}

/* Try the attacker's threats in turn. Return 1 with *first when one
 * wins. */
static int vct_threats(struct ai *ai, int depth, int ply, int *first)
{
	struct ai_pos *p = &ai->pos;
	int moves[AI_MAX_MOVES], n, i, won = 0;

	n = ai_pos_cells_at_least(p, p->side, CAT_OPEN3, moves);
	n = keep_allowed(p, moves, n);
	sort_threats(p, moves, n);
	if (n > AI_VCT_WIDTH)
		n = AI_VCT_WIDTH;
	for (i = 0; i < n && !won; i++) {
		ai_pos_make(p, moves[i]);
		won = vct_defend(ai, depth - 1, ply + 1);
		ai_pos_unmake(p);
		if (won)
			*first = moves[i];
	}
	return won && !ai_stopped(ai);
}

/* Look for a VCT of the side to move within `depth` threats. Return 1
 * with the first move in *first, else 0. */
static int vct_attack(struct ai *ai, int depth, int ply, int *first)
{
	struct ai_pos *p = &ai->pos;
	uint64_t key = p->hash ^ VCT_SALT;
	int s = p->side, o = 3 - s, won = 0;

	if (ai_tick(ai))
		return 0;
	if (p->cnt[s][CAT_WIN] > 0) {
		*first = ai_pos_win_cell(p, s);
		return 1;
	}
	if (p->cnt[o][CAT_WIN] >= 2 || ply >= AI_THREAT_CHAIN)
		return 0;
	if (p->cnt[o][CAT_WIN] == 1) {
		*first = ai_pos_win_cell(p, o);
		if (!ai_pos_allowed(p, *first))
			return 0;
		return vct_block(ai, depth, ply, *first);
	}
	if (vc_probe(ai, key, depth, &won, first))
		return won;
	won = vcf_node(ai, AI_VCT_VCF_MOVES, ply, first);
	if (!won && depth > 0 && !ai_stopped(ai))
		won = vct_threats(ai, depth, ply, first);
	if (ai_stopped(ai))
		return 0;
	vc_store(ai, key, depth, won, won ? *first : -1);
	return won;
}

/* Look for a VCT of the side to move, one threat deeper at a time so
 * that short wins are found cheaply; see ai_internal.h. */
int ai_vct(struct ai *ai, int depth, int *first)
{
	int d;

	for (d = 1; d <= depth && !ai_stopped(ai); d++) {
		if (vct_attack(ai, d, 0, first))
			return 1;
	}
	return 0;
}
