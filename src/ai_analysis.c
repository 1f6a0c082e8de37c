/* ai_analysis.c -- the value of a position for analysis: what the board
 * itself decides, what the threat search proves, and the search's
 * estimate for the rest (ai_evaluate() in ai.h).
 *
 * The threat searches here are bounded by node counts only, never by
 * the clock, so a win or a loss proven on one machine is proven on
 * every machine; only the estimate of an unproven position depends on
 * the time budget.
 */
#include <string.h>

#include "ai_param.h"

/* The scores of a position lost or won on the board. */
#define EVAL_LOST (-(AI_SCORE_WIN - 2))
#define EVAL_WON  (AI_SCORE_WIN - 1)

/* Return 1 when the caller asked the work to stop (the flag or the
 * poll of ai_set_poll()). */
static int asked_to_stop(const struct ai *ai, const volatile int *stop)
{
	return (stop != NULL && *stop) ||
	       (ai->poll != NULL && ai->poll(ai->poll_ctx));
}

/* Fill *out for a position decided without search. */
static void decided(struct ai_eval *out, int score, int proven, int idx,
		    const struct ai_pos *p)
{
	out->score = score;
	out->proven = proven;
	out->row = idx >= 0 ? ai_pos_row(p, idx) : -1;
	out->col = idx >= 0 ? ai_pos_col(p, idx) : -1;
}

/* Look for a forced win of the side to move by the threat search, VCF
 * then VCT, each within AI_ANALYSIS_NODES. Return its first move (a
 * cell the side may play), or -1. */
static int threat_win(struct ai *ai)
{
	int first = -1, won;

	ai_part_begin(ai, AI_ANALYSIS_NODES, 0);
	won = ai_vcf(ai, AI_ANALYSIS_VCF_MOVES, &first);
	ai_part_end(ai);
	if (!won && !ai_stopped(ai)) {
		ai_part_begin(ai, AI_ANALYSIS_NODES, 0);
		won = ai_vct(ai, AI_ANALYSIS_VCT_THREATS, &first);
		ai_part_end(ai);
	}
	return won && first >= 0 && ai_pos_allowed(&ai->pos, first) ? first
								    : -1;
}

/* The opponent threatens an open four: return 1 when the threat search
 * proves that every defence (ai_pos_threat_replies()) still loses, or
 * the side to move may play none of them; 0 when one holds or is not
 * refuted within the budget. */
static int defences_fail(struct ai *ai)
{
	struct ai_pos *p = &ai->pos;
	int moves[AI_MAX_MOVES], n, i, won = 1, first;

	n = ai_pos_threat_replies(p, moves);
	for (i = 0; i < n && won && !ai_stopped(ai); i++) {
		if (!ai_pos_allowed(p, moves[i]))
			continue;
		ai_pos_make(p, moves[i]);
		ai_part_begin(ai, AI_ANALYSIS_NODES, 0);
		won = ai_vct(ai, AI_ANALYSIS_VCT_THREATS, &first);
		ai_part_end(ai);
		ai_pos_unmake(p);
	}
	return won && !ai->aborted;
}

static int eval_board(struct ai *ai, const struct board *b,
		      const volatile int *stop, int chain, struct ai_eval *out);

/* The opponent's one winning cell w must be blocked: evaluate the
 * position after the block and turn it round. Return as eval_board(). */
static int forced_block(struct ai *ai, const struct board *b, int w,
			const volatile int *stop, int chain,
			struct ai_eval *out)
{
	struct ai_pos *p = &ai->pos;
	int row = ai_pos_row(p, w), col = ai_pos_col(p, w), rc;
	struct board next = *b;
	struct ai_eval after;

	if (board_play(&next, row, col) != BOARD_OK)
		return -1;
	rc = eval_board(ai, &next, stop, chain - 1, &after);
	if (rc != 0)
		return rc;
	out->score = -after.score;
	out->proven = -after.proven;
	out->row = row;
	out->col = col;
	out->nodes += after.nodes;
	return 0;
}

/* What the board decides for the side to move, loaded in ai->pos: a
 * win now, a loss (two winning cells of the opponent, or one the side
 * may not take), or a forced block (followed while chain > 0). Return
 * 1 with *out filled when it decides, 0 when it does not, or as
 * eval_board() when the block is followed. */
static int settle(struct ai *ai, const struct board *b,
		  const volatile int *stop, int chain, struct ai_eval *out)
{
	const struct ai_pos *p = &ai->pos;
	int s = p->side, o = 3 - s, w = ai_pos_win_cell(p, s), rc;

	if (w >= 0 && ai_pos_allowed(p, w)) {
		decided(out, EVAL_WON, 1, w, p);
		return 1;
	}
	w = ai_pos_win_cell(p, o);
	if (w < 0)
		return 0;
	if (p->cnt[o][CAT_WIN] >= 2 || !ai_pos_allowed(p, w)) {
		decided(out, EVAL_LOST, -1, ai_pos_allowed(p, w) ? w : -1, p);
		return 1;
	}
	if (chain <= 0)
		return 0;
	rc = forced_block(ai, b, w, stop, chain, out);
	return rc == 0 ? 1 : rc;
}

/* The search's move and score for the side to move on b, into *out
 * (the score only when *out is not proven). Return 0, or 1 when asked
 * to stop. */
static int search(struct ai *ai, const struct board *b,
		  const volatile int *stop, struct ai_eval *out)
{
	struct ai_result res;

	if (ai_choose(ai, b, stop, &res) != 0 || asked_to_stop(ai, stop))
		return asked_to_stop(ai, stop) ? 1 : -1;
	out->row = res.row;
	out->col = res.col;
	out->nodes += res.nodes;
	if (out->proven == 0)
		out->score = res.score;
	return 0;
}

/* A game over on b, for the side that would move. */
static void game_over(const struct board *b, struct ai_eval *out)
{
	out->score = b->state == BOARD_DRAW ? 0 : -AI_SCORE_WIN;
	out->proven = b->state == BOARD_DRAW ? 0 : -1;
	out->row = -1;
	out->col = -1;
}

/* ai_evaluate() with at most `chain` forced blocks followed. */
static int eval_board(struct ai *ai, const struct board *b,
		      const volatile int *stop, int chain, struct ai_eval *out)
{
	struct ai_pos *p = &ai->pos;
	int rc, first;

	memset(out, 0, sizeof(*out));
	if (!board_shape_valid(b->rows, b->cols, b->k))
		return -1;
	if (b->state != BOARD_PLAYING || b->nmoves >= b->rows * b->cols) {
		game_over(b, out);
		return 0;
	}
	if (ai_load(ai, b, board_to_move(b), stop) != 0)
		return -1;
	ai->deadline_ns = ai->start_ns + AI_ANALYSIS_GUARD_NS;
	rc = settle(ai, b, stop, chain, out);
	if (rc != 0)
		return rc < 0 ? rc : asked_to_stop(ai, stop);
	first = threat_win(ai);
	if (first >= 0) {
		decided(out, AI_SCORE_WIN_MIN, 1, first, p);
	} else if (ai_pos_can_make(p, 3 - p->side, 1u << CAT_FLEX4) &&
		   defences_fail(ai)) {
		out->score = -AI_SCORE_WIN_MIN;
		out->proven = -1;
	}
	out->nodes = ai->nodes;
	if (asked_to_stop(ai, stop))
		return 1;
	return out->proven == 1 ? 0 : search(ai, b, stop, out);
}

/* Evaluate b for the side to move; see ai.h. */
int ai_evaluate(struct ai *ai, const struct board *b, const volatile int *stop,
		struct ai_eval *out)
{
	struct ai_eval e;
	int rc = eval_board(ai, b, stop, AI_ANALYSIS_CHAIN, &e);

	if (rc == 0)
		*out = e;
	return rc;
}
