/* renju.c -- renju's forbidden moves for black: overline, double-four,
 * double-three (with fake threes found recursively, at any depth).
 *
 * Pure C: no I/O, no allocation, no globals. The board's cells are
 * copied into a grid with a wall five cells thick all round, so every
 * look along a line (never more than five steps from a cell of the board)
 * stays inside the array without bounds checks. The grid is changed only
 * by placing a stone to look at it and taking it back at once.
 *
 * A question to this file is one struct judge on the caller's stack: the
 * grid, the chain of stones placed on it so far (the point asked about,
 * then each completing point asked about in turn) and a small memory of
 * the verdicts found for chains of two or more stones. A verdict depends
 * only on the board and the set of stones placed (never on the order or
 * on how deep the question is), so the same set reached along another
 * chain is answered from memory, exactly: the memory compares the sets
 * themselves, not only their hash.
 */
#include <stdint.h>
#include <string.h>

#include "renju.h"

/* Wall thickness: the farthest any check looks from a board cell. */
#define PAD 5

/* Grid row length: the largest board plus the wall on both sides. */
#define STRIDE (BOARD_MAX_SIZE + 2 * PAD)

#define GRID_CELLS (STRIDE * STRIDE)

/* Most completing points a three can have in one line (two, at the ends
 * of . . X X X . .; room for more costs nothing). */
#define MAX_COMPLETIONS 8

/* Verdicts remembered per question (a power of two: slots are picked by
 * the low bits of a hash), and the longest chain remembered (longer ones
 * are judged afresh; the deepest of tests/data/renju_positions.txt has ten
 * stones). */
#define MEMO_SLOTS 64
#define MEMO_CHAIN 24

/* What stands on a grid cell. */
enum { EMPTY = STONE_NONE, BLACK = STONE_BLACK, WHITE = STONE_WHITE, WALL };

/* The board's cells, with walls round them. */
struct grid {
	unsigned char c[GRID_CELLS];
};

/* One remembered verdict: on the stone `at` of the set of placed stones
 * cells[0..n) (in increasing order, `at` among them), whose hash is key. */
struct memo {
	uint64_t key;
	short cells[MEMO_CHAIN];
	short at;
	unsigned char n;
	unsigned char verdict;
};

/* One question: the grid with the chain's stones on it, and the memory. */
struct judge {
	struct grid g;
	uint64_t key;		 /* hash of the set of stones in chain */
	int depth;		 /* stones placed: the length of the chain */
	short chain[MEMO_CHAIN]; /* the first MEMO_CHAIN of them */
	uint64_t used;		 /* bit i: memo[i] holds a verdict */
	struct memo memo[MEMO_SLOTS];
};

/* One step along each line direction: across, down, down-right,
 * down-left. */
static const int steps[4] = {1, STRIDE, STRIDE + 1, STRIDE - 1};

/* ==== The grid ========================================================= */

/* Return the grid index of the board cell (row, col). */
static int grid_at(int row, int col)
{
	return (row + PAD) * STRIDE + col + PAD;
}

/* Fill g with b's cells and walls everywhere else. */
static void grid_load(struct grid *g, const struct board *b)
{
	int r, c;

	memset(g->c, WALL, sizeof(g->c));
	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++)
			g->c[grid_at(r, c)] = b->cells[r * b->cols + c];
	}
}

/* Return how many black stones follow `at`, not counting it, walking by
 * `step` until the first cell that is not black. */
static int count_way(const struct grid *g, int at, int step)
{
	int n = 0;

	for (at += step; g->c[at] == BLACK; at += step)
		n++;
	return n;
}

/* Return the length of the black run through the black stone at `at`
 * along `step`, both ways. */
static int run_length(const struct grid *g, int at, int step)
{
	return 1 + count_way(g, at, step) + count_way(g, at, -step);
}

/* Return true when the black stone at `at` is part of a five (exactly
 * five) in some direction. */
static bool in_five(const struct grid *g, int at)
{
	int d;

	for (d = 0; d < 4; d++) {
		if (run_length(g, at, steps[d]) == 5)
			return true;
	}
	return false;
}

/* Return true when the runs through the black stone at `at` decide its
 * verdict, with the verdict in *v: RENJU_OK when one of them is a five
 * (a five always wins), else RENJU_OVERLINE when one is six or more.
 * Return false (*v untouched) when neither. */
static bool runs_decide(const struct grid *g, int at, enum renju_verdict *v)
{
	int d, len;
	bool over = false;

	for (d = 0; d < 4; d++) {
		len = run_length(g, at, steps[d]);
		if (len == 5) {
			*v = RENJU_OK;
			return true;
		}
		over = over || len >= 6;
	}
	if (over)
		*v = RENJU_OVERLINE;
	return over;
}

/* Return true when black on the empty cell `at` would make a five. */
static bool makes_five(struct grid *g, int at)
{
	bool five;

	g->c[at] = BLACK;
	five = in_five(g, at);
	g->c[at] = EMPTY;
	return five;
}

/* ==== Fours ============================================================ */

/* Return true when black on the empty cell `to`, i steps of `step` from
 * the black stone `at`, makes exactly five along `step` with `at` in it. */
static bool five_point(struct grid *g, int at, int step, int i)
{
	int to = at + i * step, dir = i > 0 ? -step : step, n;
	bool five;

	for (n = 1; n < (i > 0 ? i : -i); n++) {
		if (g->c[to + n * dir] != BLACK)
			return false;
	}
	g->c[to] = BLACK;
	five = run_length(g, to, step) == 5;
	g->c[to] = EMPTY;
	return five;
}

/* Return how many fours the black stone at `at` is part of along `step`:
 * 0, 1 or 2. Each four has its own point that makes five; two such
 * points are one straight four when they are the two ends of one run of
 * four (five steps apart), else two fours on one line. At most two points
 * exist: one on each side of `at`. */
static int fours_in_line(struct grid *g, int at, int step)
{
	int pts[9], n = 0, i;

	for (i = -4; i <= 4; i++) {
		if (i != 0 && g->c[at + i * step] == EMPTY &&
		    five_point(g, at, step, i))
			pts[n++] = i;
	}
	if (n == 2 && pts[1] - pts[0] == 5)
		return 1;
	return n;
}

/* ==== Threes =========================================================== */

/* Return true when the black stone at `at` is part of a straight four
 * along `step` that holds the cell i steps away: a run of exactly four
 * with an empty cell at each end, each of which makes exactly five (the
 * cell beyond it is not black). */
static bool straight_four(const struct grid *g, int at, int step, int i)
{
	int fwd = count_way(g, at, step), back = count_way(g, at, -step);
	int lo = at - (back + 1) * step, hi = at + (fwd + 1) * step;

	if (fwd + back + 1 != 4 || i < -back || i > fwd)
		return false;
	return g->c[lo] == EMPTY && g->c[hi] == EMPTY &&
	       g->c[lo - step] != BLACK && g->c[hi + step] != BLACK;
}

/* Write into out[] the empty cells where one more black stone turns the
 * black stone at `at` and its neighbours along `step` into a straight
 * four. Return how many (0 when there is no three-shape there). */
static int completions(struct grid *g, int at, int step, int *out)
{
	int n = 0, i, to;
	bool four;

	for (i = -3; i <= 3 && n < MAX_COMPLETIONS; i++) {
		to = at + i * step;
		if (i == 0 || g->c[to] != EMPTY)
			continue;
		g->c[to] = BLACK;
		four = straight_four(g, at, step, i);
		g->c[to] = EMPTY;
		if (four)
			out[n++] = to;
	}
	return n;
}

static enum renju_verdict judge(struct judge *j, int at);

/* Return true when one of the n completing points in pts[] really makes
 * the three a straight four: a point that makes no five and is not
 * itself forbidden for black (asked with the three's stones still
 * placed, as deep as the chain goes: every level places one more stone
 * on an empty cell, so the chain ends within the empty cells). */
static bool true_three(struct judge *j, const int *pts, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (makes_five(&j->g, pts[i]))
			continue;
		if (judge(j, pts[i]) == RENJU_OK)
			return true;
	}
	return false;
}

/* Return true when the black stone at `at` makes two or more true threes
 * in lines without fours (fours[d] counts the fours along steps[d]).
 * The cheap look for three-shapes comes first; the recursive question
 * about completing points is asked only when two lines have one. */
static bool double_three(struct judge *j, int at, const int *fours)
{
	int pts[4][MAX_COMPLETIONS], n[4], d, left = 0, threes = 0;

	for (d = 0; d < 4; d++) {
		n[d] = fours[d] ? 0 : completions(&j->g, at, steps[d], pts[d]);
		left += n[d] > 0;
	}
	for (d = 0; d < 4 && left >= 2 - threes; d++) {
		if (n[d] == 0)
			continue;
		left--;
		threes += true_three(j, pts[d], n[d]);
		if (threes >= 2)
			return true;
	}
	return false;
}

/* ==== Memory of verdicts =============================================== */

/* Return the hash of grid cell `at` (splitmix64's finaliser): a set of
 * stones hashes to the exclusive or of its cells' hashes, whatever the
 * order they were placed in. */
static uint64_t cell_hash(int at)
{
	uint64_t x = (uint64_t)at * 0x9E3779B97F4A7C15u;

	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
	return x ^ (x >> 31);
}

/* Write the chain of j (at most MEMO_CHAIN stones) into out[] in
 * increasing order. */
static void sorted_chain(const struct judge *j, short *out)
{
	int i, k;

	for (i = 0; i < j->depth; i++) {
		for (k = i; k > 0 && out[k - 1] > j->chain[i]; k--)
			out[k] = out[k - 1];
		out[k] = j->chain[i];
	}
}

/* Return the memory slot for the chain of j as it stands. */
static int memo_slot(const struct judge *j)
{
	return (int)(j->key & (MEMO_SLOTS - 1));
}

/* Return true, with the verdict in *v, when j remembers the verdict on
 * the stone `at` just placed with the chain's set of stones as it
 * stands; else false. */
static bool memo_find(const struct judge *j, int at, enum renju_verdict *v)
{
	const struct memo *m = &j->memo[memo_slot(j)];
	short cells[MEMO_CHAIN];

	if (!((j->used >> memo_slot(j)) & 1) || m->key != j->key ||
	    m->at != at || m->n != j->depth)
		return false;
	sorted_chain(j, cells);
	if (memcmp(cells, m->cells, (size_t)j->depth * sizeof(cells[0])) != 0)
		return false;
	*v = (enum renju_verdict)m->verdict;
	return true;
}

/* Remember v as the verdict on the stone `at` just placed with the
 * chain's set of stones as it stands (replacing what the slot held). */
static void memo_keep(struct judge *j, int at, enum renju_verdict v)
{
	struct memo *m = &j->memo[memo_slot(j)];

	m->key = j->key;
	sorted_chain(j, m->cells);
	m->at = (short)at;
	m->n = (unsigned char)j->depth;
	m->verdict = (unsigned char)v;
	j->used |= (uint64_t)1 << memo_slot(j);
}

/* ==== Verdicts ========================================================= */

/* Return the verdict on the black stone just placed at `at`. */
static enum renju_verdict judge_placed(struct judge *j, int at)
{
	enum renju_verdict v;
	int fours[4], d, total = 0;

	if (runs_decide(&j->g, at, &v))
		return v;
	for (d = 0; d < 4; d++) {
		fours[d] = fours_in_line(&j->g, at, steps[d]);
		total += fours[d];
	}
	if (total >= 2)
		return RENJU_DOUBLE_FOUR;
	if (double_three(j, at, fours))
		return RENJU_DOUBLE_THREE;
	return RENJU_OK;
}

/* Start the question j on b's cells: no chain, nothing remembered. */
static void judge_start(struct judge *j, const struct board *b)
{
	grid_load(&j->g, b);
	j->key = 0;
	j->depth = 0;
	j->used = 0;
}

/* Place a black stone on the empty cell `at` as the next of j's chain. */
static void chain_push(struct judge *j, int at)
{
	j->g.c[at] = BLACK;
	if (j->depth < MEMO_CHAIN)
		j->chain[j->depth] = (short)at;
	j->depth++;
	j->key ^= cell_hash(at);
}

/* Take back the stone at `at`, the last of j's chain. */
static void chain_pop(struct judge *j, int at)
{
	j->g.c[at] = EMPTY;
	j->depth--;
	j->key ^= cell_hash(at);
}

/* Return the verdict on black playing the empty cell `at` with j's chain
 * of stones placed; from memory when the same set of stones has been
 * judged there before (a chain of one is never asked twice). j is as it
 * was when this returns, but for its memory. */
static enum renju_verdict judge(struct judge *j, int at)
{
	enum renju_verdict v;
	bool memo;

	chain_push(j, at);
	memo = j->depth >= 2 && j->depth <= MEMO_CHAIN;
	if (!memo || !memo_find(j, at, &v)) {
		v = judge_placed(j, at);
		if (memo)
			memo_keep(j, at, v);
	}
	chain_pop(j, at);
	return v;
}

/* Return true when (row, col) is an empty cell of b. */
static bool empty_cell(const struct board *b, int row, int col)
{
	if (row < 0 || row >= b->rows || col < 0 || col >= b->cols)
		return false;
	return b->cells[row * b->cols + col] == STONE_NONE;
}

/* Return the verdict on black playing the empty cell (row, col) of b;
 * RENJU_OK off the board or on a stone. */
enum renju_verdict renju_check(const struct board *b, int row, int col)
{
	struct judge j;

	if (!empty_cell(b, row, col))
		return RENJU_OK;
	judge_start(&j, b);
	return judge(&j, grid_at(row, col));
}

/* Return true when black may not play the empty cell (row, col). */
bool renju_forbidden(const struct board *b, int row, int col)
{
	return renju_check(b, row, col) != RENJU_OK;
}

/* Write up to max forbidden empty cells of b into out[], row-major.
 * Return how many were written. */
int renju_forbidden_points(const struct board *b, struct move *out, int max)
{
	struct judge j;
	int r, c, n = 0;

	judge_start(&j, b);
	for (r = 0; r < b->rows && n < max; r++) {
		for (c = 0; c < b->cols && n < max; c++) {
			if (j.g.c[grid_at(r, c)] != EMPTY ||
			    judge(&j, grid_at(r, c)) == RENJU_OK)
				continue;
			out[n].row = (unsigned char)r;
			out[n].col = (unsigned char)c;
			n++;
		}
	}
	return n;
}
