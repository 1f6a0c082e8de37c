/* analyze.h -- the computer's view of a game, move by move, for players.
 *
 * Pure C: no I/O, no globals; the only outside thing read is the
 * computer's clock (ai.h). A struct analysis, created, owned and freed
 * by the caller, holds one computer player (level 5) and the game being
 * analysed.
 *
 * Win chance: the engine's score s for a player (ai.h's scale) is shown
 * as a chance to win, 100 / (1 + exp(-s / ANALYZE_SCALE)) per cent: 50 %
 * for an even position, about 73 % at s = ANALYZE_SCALE, 95 % at three
 * times it; a forced win (s >= AI_SCORE_WIN_MIN) is 100 %, a forced
 * loss 0 %.
 *
 * The chance before a move is the mover's after the move the computer
 * would have played there (unless the threat search proved the result
 * of the position), so that before and after are both measured with
 * the opponent to move; when the computer's move is the one played,
 * nothing is lost. Marks, by the drop in the mover's win chance from
 * before the move to after it (in percentage points): ANALYZE_INACCURACY_DROP
 * or more an inaccuracy, ANALYZE_MISTAKE_DROP a mistake, ANALYZE_BLUNDER_DROP a
 * blunder. Besides: "missed win" when the threat search proved a win
 * for the mover before the move and does not prove it after it (the
 * mover let it go); "forced loss" when after the move the opponent has
 * a win the threat search proves, and before it no loss of the mover's
 * was proven. Either is a blunder too, whatever the estimates say. Both
 * are read from the threat search's proofs only (node-bounded), never
 * from the time-bounded search's estimates, so they are the same on
 * every run and every machine.
 *
 * Accuracy of a player: the mean, over the player's moves, of the win
 * chance kept, 100 - drop (a move that gains counts as 100).
 */
#ifndef GOMOKU_ANALYZE_H
#define GOMOKU_ANALYZE_H

#include <stdbool.h>

#include "ai.h"
#include "board.h"

#define ANALYZE_SCALE		1500.0
#define ANALYZE_INACCURACY_DROP 10.0
#define ANALYZE_MISTAKE_DROP	20.0
#define ANALYZE_BLUNDER_DROP	30.0
#define ANALYZE_DEFAULT_MS	1000 /* the search's time per position */

enum analyze_mark {
	ANALYZE_GOOD = 0,
	ANALYZE_INACCURACY,
	ANALYZE_MISTAKE,
	ANALYZE_BLUNDER,
	ANALYZE_MARKS
};

/* One move judged. Chances are the mover's, in per cent. */
struct analyze_move {
	int number;	   /* 1-based */
	enum stone colour; /* the mover's */
	struct move played;
	double before, after; /* win chance before and after the move */
	int score_before, score_after; /* the engine's scores, mover's view */
	bool has_best;
	struct move best; /* the engine's move before this one */
	enum analyze_mark mark;
	bool missed_win;  /* a proven win before, none proven after */
	bool forced_loss; /* a proven loss after, none before */
};

/* A player's moves summed up. */
struct analyze_summary {
	int moves;
	double accuracy; /* per cent; 0 when moves is 0 */
	int marks[ANALYZE_MARKS];
	int missed_wins, forced_losses;
};

/* A position seen by the computer, for the side to move. */
struct analyze_view {
	enum stone side;   /* to move; STONE_NONE when the game is over */
	double win_chance; /* the side to move's, per cent */
	int score;
	int proven; /* 1 a proven win, -1 a proven loss, 0 neither */
	bool has_best;
	struct move best;
};

struct analysis;

/* The win chance, in per cent, of a player whose score is `score` (see
 * above): 0..100, never decreasing as the score grows. Cannot fail. */
double analyze_win_chance(int score);

/* The mark for a move whose mover's win chance went from `before` to
 * `after` (per cent), by the drops above. Cannot fail. */
enum analyze_mark analyze_mark_of(double before, double after);

/* Judge move `m` (number `number`, from 1, played by `colour`) into
 * *out from three evaluations (ai_evaluate()): `before`, the position
 * before it (the mover to move), which gives the computer's move and
 * the proofs; `best`, the position after the computer's move (the
 * same as `after` when that move was m); `after`, the position after
 * m. The win chance before is the one after the computer's move (or
 * the proven result before), so that both chances are measured alike,
 * with the opponent to move. Cannot fail. */
void analyze_judge(const struct ai_eval *before, const struct ai_eval *best,
		   const struct ai_eval *after, int number, enum stone colour,
		   struct move m, struct analyze_move *out);

/* Sum up moves[0..n-1] played by `colour` (the others are skipped, as
 * are those with number <= skip: an opening placed by one player for
 * both) into *out. Cannot fail. */
void analyze_summarise(const struct analyze_move *moves, int n,
		       enum stone colour, int skip,
		       struct analyze_summary *out);

/* A new analysis whose computer searches each position for time_ms
 * milliseconds (0 or less: ANALYZE_DEFAULT_MS) besides its threat
 * search. Return it, owned by the caller (analyze_free()), or NULL when
 * out of memory. */
struct analysis *analyze_create(int time_ms);

/* Free an analysis. Accepts NULL. */
void analyze_free(struct analysis *an);

/* The computer's view of b (the caller's, not kept) for the side to
 * move, into *out: its win chance and best move. This is the one call
 * an evaluation bar beside a board needs. Return 0; 1 when `stop`
 * became non-zero first (*out untouched); -1 when b's shape is invalid. */
int analyze_position(struct analysis *an, const struct board *b,
		     const volatile int *stop, struct analyze_view *out);

/* Start analysing a game of moves[0..n-1] (copied) on a rows x cols
 * board, k in a row, under `rule`. Return 0, or -1 when the shape or
 * rule is invalid or a move is refused by board_play() (renju's
 * forbidden points included); the analysis then has no game. */
int analyze_start(struct analysis *an, int rows, int cols, int k,
		  enum rule rule, const struct move *moves, int n);

/* Judge the next move of the game started by analyze_start() into
 * *out. Return 1 with *out filled; 0 when every move has been judged;
 * -1 when `stop` became non-zero first (that move is not judged; the
 * ones before stand). */
int analyze_next(struct analysis *an, const volatile int *stop,
		 struct analyze_move *out);

#endif
