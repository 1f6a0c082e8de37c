/* analyze.c -- the computer's view of a game, move by move: win chances,
 * the best move, marks and each player's summary (see analyze.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

struct analysis {
	struct ai *ai;
	/* the game of analyze_start() */
	int nmoves;
	struct move moves[BOARD_MAX_CELLS];
	struct board board; /* the position after `done` moves */
	int done;	    /* moves judged */
	bool evaluated;	    /* `last` holds the evaluation of `board` */
	struct ai_eval last;
};

/* ==== Judging ============================================================ */

double analyze_win_chance(int score)
{
	if (score >= AI_SCORE_WIN_MIN)
		return 100.0;
	if (score <= -AI_SCORE_WIN_MIN)
		return 0.0;
	return 100.0 / (1.0 + exp(-(double)score / ANALYZE_SCALE));
}

enum analyze_mark analyze_mark_of(double before, double after)
{
	double drop = before - after;

	if (drop >= ANALYZE_BLUNDER_DROP)
		return ANALYZE_BLUNDER;
	if (drop >= ANALYZE_MISTAKE_DROP)
		return ANALYZE_MISTAKE;
	if (drop >= ANALYZE_INACCURACY_DROP)
		return ANALYZE_INACCURACY;
	return ANALYZE_GOOD;
}

void analyze_judge(const struct ai_eval *before, const struct ai_eval *best,
		   const struct ai_eval *after, int number, enum stone colour,
		   struct move m, struct analyze_move *out)
{
	memset(out, 0, sizeof(*out));
	out->number = number;
	out->colour = colour;
	out->played = m;
	/* The opponent is to move after either move: turned round. */
	out->score_before = before->proven != 0 ? before->score : -best->score;
	out->score_after = -after->score;
	out->before = analyze_win_chance(out->score_before);
	out->after = analyze_win_chance(out->score_after);
	out->has_best = before->row >= 0;
	if (out->has_best) {
		out->best.row = (unsigned char)before->row;
		out->best.col = (unsigned char)before->col;
	}
	out->mark = analyze_mark_of(out->before, out->after);
	/* From the proofs alone (node-bounded, the same on every machine),
	 * never from the search's estimates, which depend on its time. */
	out->missed_win = before->proven == 1 && after->proven != -1;
	out->forced_loss = after->proven == 1 && before->proven != -1;
	if (out->missed_win || out->forced_loss)
		out->mark = ANALYZE_BLUNDER; /* whatever the estimates say */
}

void analyze_summarise(const struct analyze_move *moves, int n,
		       enum stone colour, int skip, struct analyze_summary *out)
{
	double kept = 0.0, drop;
	int i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		if (moves[i].colour != colour || moves[i].number <= skip)
			continue;
		drop = moves[i].before - moves[i].after;
		kept += drop > 0.0 ? 100.0 - drop : 100.0;
		out->moves++;
		out->marks[moves[i].mark]++;
		out->missed_wins += moves[i].missed_win;
		out->forced_losses += moves[i].forced_loss;
	}
	if (out->moves > 0)
		out->accuracy = kept / out->moves;
}

/* ==== Running the computer ================================================ */

struct analysis *analyze_create(int time_ms)
{
	struct analysis *an = calloc(1, sizeof(*an));
	struct ai_config cfg;

	if (an == NULL)
		return NULL;
	ai_config_default(&cfg, AI_LEVEL_MAX);
	cfg.time_ms = time_ms > 0 ? time_ms : ANALYZE_DEFAULT_MS;
	an->ai = ai_create(&cfg);
	if (an->ai == NULL) {
		free(an);
		return NULL;
	}
	return an;
}

void analyze_free(struct analysis *an)
{
	if (an == NULL)
		return;
	ai_free(an->ai);
	free(an);
}

int analyze_position(struct analysis *an, const struct board *b,
		     const volatile int *stop, struct analyze_view *out)
{
	struct ai_eval e;
	int rc = ai_evaluate(an->ai, b, stop, &e);

	if (rc != 0)
		return rc;
	memset(out, 0, sizeof(*out));
	out->side = b->state == BOARD_PLAYING ? board_to_move(b) : STONE_NONE;
	out->win_chance = analyze_win_chance(e.score);
	out->score = e.score;
	out->proven = e.proven;
	out->has_best = e.row >= 0;
	if (out->has_best) {
		out->best.row = (unsigned char)e.row;
		out->best.col = (unsigned char)e.col;
	}
	return 0;
}

int analyze_start(struct analysis *an, int rows, int cols, int k,
		  enum rule rule, const struct move *moves, int n)
{
	int i;

	an->nmoves = 0;
	an->done = 0;
	an->evaluated = false;
	if (n < 0 || n > BOARD_MAX_CELLS ||
	    board_init(&an->board, rows, cols, k, rule) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (board_play(&an->board, moves[i].row, moves[i].col) !=
		    BOARD_OK)
			return -1;
	}
	board_init(&an->board, rows, cols, k, rule);
	memcpy(an->moves, moves, (size_t)n * sizeof(*moves));
	an->nmoves = n;
	return 0;
}

/* Evaluate the position after (row, col) is played on an->board into
 * *out, and that position into *next (the caller's; may be NULL).
 * Return 0, or non-zero when stopped. */
static int eval_after(struct analysis *an, int row, int col,
		      const volatile int *stop, struct board *next,
		      struct ai_eval *out)
{
	struct board b = an->board;

	if (board_play(&b, row, col) != BOARD_OK)
		return -1;
	if (ai_evaluate(an->ai, &b, stop, out) != 0)
		return 1;
	if (next != NULL)
		*next = b;
	return 0;
}

/* Return true when the computer's move in *e is another than m and the
 * position is not decided (then the move it would play is evaluated
 * too, to measure the move played against it). */
static bool other_best(const struct ai_eval *e, struct move m)
{
	return e->proven == 0 && e->row >= 0 &&
	       (e->row != m.row || e->col != m.col);
}

int analyze_next(struct analysis *an, const volatile int *stop,
		 struct analyze_move *out)
{
	struct ai_eval after, best;
	struct board next;
	struct move m;
	bool other;

	if (an->done >= an->nmoves)
		return 0;
	if (!an->evaluated) {
		if (ai_evaluate(an->ai, &an->board, stop, &an->last) != 0)
			return -1;
		an->evaluated = true;
	}
	m = an->moves[an->done];
	other = other_best(&an->last, m);
	if ((other && eval_after(an, an->last.row, an->last.col, stop, NULL,
				 &best) != 0) ||
	    eval_after(an, m.row, m.col, stop, &next, &after) != 0)
		return -1;
	an->done++;
	analyze_judge(&an->last, other ? &best : &after, &after, an->done,
		      board_to_move(&an->board), m, out);
	an->board = next;
	an->last = after;
	return 1;
}
