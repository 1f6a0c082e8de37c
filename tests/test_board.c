/* test_board.c -- tests for src/board.c: shapes, moves, wins in every
 * direction and position, overlines under both rules, draws, undo and
 * every refusal. Wins are also checked against an independent brute-force
 * scan of the cells over many random games.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "board.h"
#include "renju.h"

/* The four line directions: across, down, down-right, down-left. */
static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* A straight line of n cells from (r0, c0) stepping (dr, dc). */
struct line {
	int r0, c0, dr, dc, n;
};

/* ==== Helpers ========================================================== */

/* Suite set-up: nothing to prepare. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* Record a failed assertion whose message is `msg`, at `line`. */
static void fail_with(int line, const char *msg)
{
	CU_assertImplementation(CU_FALSE, (unsigned int)line, msg, __FILE__, "",
				CU_FALSE);
}

/* Return the stone read straight from b's cells, or -1 off the grid. */
static int cell(const struct board *b, int r, int c)
{
	if (r < 0 || r >= b->rows || c < 0 || c >= b->cols)
		return -1;
	return b->cells[r * b->cols + c];
}

/* Return the length of the run of s through (r, c) along (dr, dc), both
 * ways, with (r, c) counted as s; computed from the cells directly. */
static int oracle_run(const struct board *b, int r, int c, int dr, int dc,
		      int s)
{
	int n = 1, i;

	for (i = 1; cell(b, r + i * dr, c + i * dc) == s; i++)
		n++;
	for (i = 1; cell(b, r - i * dr, c - i * dc) == s; i++)
		n++;
	return n;
}

/* Return true when a run of length n wins on b under its rule. */
static bool oracle_wins(const struct board *b, int n)
{
	return b->rule == RULE_EXACT ? n == b->k : n >= b->k;
}

/* Return true when side s has, anywhere on b, a maximal run that wins. */
static bool oracle_won(const struct board *b, int s)
{
	int r, c, d, dr, dc, n;

	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++) {
			for (d = 0; d < 4; d++) {
				dr = dirs[d][0];
				dc = dirs[d][1];
				if (cell(b, r, c) != s ||
				    cell(b, r - dr, c - dc) == s)
					continue;
				n = oracle_run(b, r, c, dr, dc, s);
				if (oracle_wins(b, n))
					return true;
			}
		}
	}
	return false;
}

/* Return true when the two boards hold the same position: shape, rule,
 * state, cells, the moves played and the winning line. */
static bool same_position(const struct board *a, const struct board *b)
{
	size_t ncells = (size_t)(a->rows * a->cols);

	if (a->rows != b->rows || a->cols != b->cols || a->k != b->k ||
	    a->rule != b->rule || a->state != b->state ||
	    a->nmoves != b->nmoves || a->nwin != b->nwin)
		return false;
	if (memcmp(a->cells, b->cells, ncells) != 0)
		return false;
	if (memcmp(a->moves, b->moves, sizeof(a->moves[0]) * a->nmoves) != 0)
		return false;
	return memcmp(a->win, b->win, sizeof(a->win[0]) * a->nwin) == 0;
}

/* Play (r, c) and assert that it was accepted. */
static void play_ok(struct board *b, int r, int c)
{
	CU_ASSERT_EQUAL_FATAL(board_play(b, r, c), BOARD_OK);
}

/* Play the n moves in mv[][2] and assert that each was accepted and left
 * the game going. */
static void play_all(struct board *b, const int mv[][2], int n)
{
	int i;

	for (i = 0; i < n; i++) {
		play_ok(b, mv[i][0], mv[i][1]);
		CU_ASSERT_EQUAL_FATAL(b->state, BOARD_PLAYING);
	}
}

/* Return the state that says side s has won. */
static enum board_state won_state(enum stone s)
{
	return s == STONE_BLACK ? BOARD_BLACK_WON : BOARD_WHITE_WON;
}

/* Return true when b->win holds exactly the n cells from (r0, c0)
 * stepping (dr, dc), in that order or in reverse. */
static bool win_is(const struct board *b, int r0, int c0, int dr, int dc, int n)
{
	bool fwd = true, rev = true;
	int i, r, c;

	if (b->nwin != n)
		return false;
	for (i = 0; i < n; i++) {
		r = r0 + i * dr;
		c = c0 + i * dc;
		if (b->win[i].row != r || b->win[i].col != c)
			fwd = false;
		if (b->win[n - 1 - i].row != r || b->win[n - 1 - i].col != c)
			rev = false;
	}
	return fwd || rev;
}

/* Return true when the refused move (r, c) gives `want` and leaves b's
 * bytes as they were. */
static bool refused(struct board *b, int r, int c, enum board_error want)
{
	struct board copy;

	memcpy(&copy, b, sizeof(copy));
	if (board_play(b, r, c) != want)
		return false;
	return memcmp(&copy, b, sizeof(copy)) == 0;
}

/* ==== Lines in every position ========================================== */

/* Return true when every cell of l lies on a rows x cols grid. */
static bool line_fits(int rows, int cols, const struct line *l)
{
	int r1 = l->r0 + (l->n - 1) * l->dr, c1 = l->c0 + (l->n - 1) * l->dc;

	return r1 >= 0 && r1 < rows && c1 >= 0 && c1 < cols;
}

/* Return true when (r, c) is one of the cells of l. */
static bool on_line(const struct line *l, int r, int c)
{
	int i;

	for (i = 0; i < l->n; i++) {
		if (l->r0 + i * l->dr == r && l->c0 + i * l->dc == c)
			return true;
	}
	return false;
}

/* Find a cell for the side to move that is empty, off l, and gives that
 * side no run of k. Return false when there is none. */
static bool pick_filler(const struct board *b, const struct line *l, int *r,
			int *c)
{
	int s = board_to_move(b), i, d;

	for (i = 0; i < b->rows * b->cols; i++) {
		*r = i / b->cols;
		*c = i % b->cols;
		if (cell(b, *r, *c) != STONE_NONE || on_line(l, *r, *c))
			continue;
		for (d = 0; d < 4; d++) {
			if (oracle_run(b, *r, *c, dirs[d][0], dirs[d][1], s) >=
			    b->k)
				break;
		}
		if (d == 4)
			return true;
	}
	return false;
}

/* Return the index in l of the j-th stone `side` puts on l when stone
 * `last` goes last: the others in order, then `last`. */
static int line_order(const struct line *l, int last, int j)
{
	if (j == l->n - 1)
		return last;
	return j < last ? j : j + 1;
}

/* Play one move of a line game: `side` puts its next stone on l (count
 * *placed), the other side fills in elsewhere. Return true when the move
 * was accepted and, unless it was the last of l, the game goes on. */
static bool line_step(struct board *b, const struct line *l, int last,
		      enum stone side, int *placed)
{
	int i, r, c;

	if (board_to_move(b) == side) {
		i = line_order(l, last, (*placed)++);
		r = l->r0 + i * l->dr;
		c = l->c0 + i * l->dc;
	} else if (!pick_filler(b, l, &r, &c)) {
		return false;
	}
	if (board_play(b, r, c) != BOARD_OK)
		return false;
	if (board_last(b) == NULL || board_last(b)->row != r ||
	    board_last(b)->col != c)
		return false;
	return *placed == l->n || b->state == BOARD_PLAYING;
}

/* Play a game in which `side` builds line l (stone `last` of it placed
 * last) while the other side plays elsewhere. Return true when the game
 * ends exactly on that stone, won by `side`, with l as the winning line. */
static bool line_game_ok(int rows, int cols, int k, enum rule rule,
			 const struct line *l, int last, enum stone side)
{
	struct board b;
	int placed = 0;

	if (board_init(&b, rows, cols, k, rule) != 0)
		return false;
	while (placed < l->n) {
		if (!line_step(&b, l, last, side, &placed))
			return false;
	}
	if (b.state != won_state(side) || board_winner(&b) != side)
		return false;
	return win_is(&b, l->r0, l->c0, l->dr, l->dc, l->n);
}

/* Check one line of k from (r0, c0) along direction d on a rows x cols
 * board: every stone of it as the last one, both sides, both rules. */
static void check_line(int rows, int cols, int k, const struct line *l)
{
	static const enum rule rules[2] = {RULE_FREESTYLE, RULE_EXACT};
	char msg[128];
	int last, side, rule;

	for (last = 0; last < k; last++) {
		for (side = STONE_BLACK; side <= STONE_WHITE; side++) {
			for (rule = 0; rule < 2; rule++) {
				if (line_game_ok(rows, cols, k, rules[rule], l,
						 last, (enum stone)side))
					continue;
				snprintf(msg, sizeof(msg),
					 "%dx%d k%d rule %d side %d: line "
					 "(%d,%d) step (%d,%d), last %d",
					 rows, cols, k, rule, side, l->r0,
					 l->c0, l->dr, l->dc, last);
				fail_with(__LINE__, msg);
			}
		}
	}
}

/* Check every line of k along direction d on a rows x cols board and
 * assert that as many were tried as fit on it. */
static void check_direction(int rows, int cols, int k, int d)
{
	struct line l = {0, 0, dirs[d][0], dirs[d][1], k};
	int span_r = rows - (k - 1) * (l.dr < 0 ? -l.dr : l.dr);
	int span_c = cols - (k - 1) * (l.dc < 0 ? -l.dc : l.dc);
	int want = span_r > 0 && span_c > 0 ? span_r * span_c : 0;
	int tried = 0;

	for (l.r0 = 0; l.r0 < rows; l.r0++) {
		for (l.c0 = 0; l.c0 < cols; l.c0++) {
			if (!line_fits(rows, cols, &l))
				continue;
			check_line(rows, cols, k, &l);
			tried++;
		}
	}
	CU_ASSERT_EQUAL(tried, want);
}

/* Five across, at every position of the 15x15 board. */
static void test_win_horizontal_everywhere(void)
{
	check_direction(15, 15, 5, 0);
}

/* Five down, at every position of the 15x15 board. */
static void test_win_vertical_everywhere(void)
{
	check_direction(15, 15, 5, 1);
}

/* Five down-right, at every position of the 15x15 board. */
static void test_win_diagonal_everywhere(void)
{
	check_direction(15, 15, 5, 2);
}

/* Five down-left, at every position of the 15x15 board. */
static void test_win_antidiagonal_everywhere(void)
{
	check_direction(15, 15, 5, 3);
}

/* Every line in every direction on boards of other shapes. */
static void test_win_other_shapes(void)
{
	static const int shapes[][3] = {
		{3, 3, 3},   {10, 10, 5}, {3, 26, 26}, {26, 3, 26},
		{5, 12, 4},  {12, 5, 4},  {7, 4, 4},   {4, 9, 3},
		{26, 26, 5}, {6, 6, 6},	  {3, 8, 5},   {26, 26, 26},
	};
	int i, d;

	for (i = 0; i < (int)(sizeof(shapes) / sizeof(shapes[0])); i++) {
		for (d = 0; d < 4; d++)
			check_direction(shapes[i][0], shapes[i][1],
					shapes[i][2], d);
	}
}

/* Wins at the four corners of 15x15, written out by hand. */
static void test_win_corners_by_hand(void)
{
	static const int lines[][4] = {
		/* r0, c0, dr, dc */
		{0, 0, 0, 1},	 {0, 0, 1, 0},	  {0, 0, 1, 1},
		{0, 14, 0, -1},	 {0, 14, 1, 0},	  {0, 14, 1, -1},
		{14, 0, 0, 1},	 {14, 0, -1, 0},  {14, 0, -1, 1},
		{14, 14, 0, -1}, {14, 14, -1, 0}, {14, 14, -1, -1},
	};
	static const int white[4][2] = {{7, 3}, {7, 5}, {7, 9}, {7, 11}};
	struct board b;
	int i, j, r, c;

	for (i = 0; i < (int)(sizeof(lines) / sizeof(lines[0])); i++) {
		CU_ASSERT_EQUAL_FATAL(board_init(&b, 15, 15, 5, RULE_EXACT), 0);
		for (j = 0; j < 5; j++) {
			r = lines[i][0] + j * lines[i][2];
			c = lines[i][1] + j * lines[i][3];
			CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
			play_ok(&b, r, c);
			if (j < 4)
				play_ok(&b, white[j][0], white[j][1]);
		}
		CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
		CU_ASSERT(win_is(&b, lines[i][0], lines[i][1], lines[i][2],
				 lines[i][3], 5));
	}
}

/* The stone that completes the line lands in the middle of it. */
static void test_win_last_stone_in_middle(void)
{
	static const int mv[][2] = {{7, 5}, {0, 0}, {7, 6}, {0, 2},
				    {7, 8}, {0, 4}, {7, 9}, {0, 6}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, mv, 8);
	play_ok(&b, 7, 7);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_BLACK);
	CU_ASSERT(win_is(&b, 7, 5, 0, 1, 5));
}

/* White can win too; black's scattered stones do not count for it. */
static void test_win_white(void)
{
	static const int mv[][2] = {{0, 0}, {5, 5}, {0, 2},   {6, 4},
				    {0, 4}, {8, 2}, {14, 14}, {9, 1}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, mv, 8);
	play_ok(&b, 14, 0);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	play_ok(&b, 7, 3);
	CU_ASSERT_EQUAL(b.state, BOARD_WHITE_WON);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_WHITE);
	CU_ASSERT(win_is(&b, 5, 5, 1, -1, 5));
}

/* Four in a row, or five broken by a gap or an opponent stone, is not a
 * win. */
static void test_no_win_short_or_broken(void)
{
	static const int mv[][2] = {{7, 0}, {0, 0}, {7, 1}, {0, 1}, {7, 2},
				    {0, 2}, {7, 3}, {7, 4}, {7, 5}, {0, 4},
				    {7, 6}, {0, 5}, {7, 7}, {0, 6}, {7, 8}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, mv, 15);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
	CU_ASSERT_EQUAL(b.nwin, 0);
}

/* ==== Overlines ======================================================== */

/* Black's row 7 at columns 2-4 and 6-7, white's scattered replies; (7, 5)
 * then makes six across. */
static const int overline6[][2] = {{7, 2}, {0, 0}, {7, 3}, {0, 2}, {7, 4},
				   {0, 4}, {7, 6}, {0, 6}, {7, 7}, {0, 8}};

/* Freestyle: six in a row wins, and the whole run is the winning line. */
static void test_overline_freestyle_wins(void)
{
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, overline6, 10);
	play_ok(&b, 7, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 7, 2, 0, 1, 6));
}

/* Freestyle: a nine-stone run made by filling a gap wins with all nine. */
static void test_overline_freestyle_long(void)
{
	static const int mv[][2] = {{3, 0}, {10, 0},  {3, 1}, {10, 2},
				    {3, 2}, {10, 4},  {3, 3}, {10, 6},
				    {3, 5}, {10, 8},  {3, 6}, {10, 10},
				    {3, 7}, {12, 12}, {3, 8}, {12, 14}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, mv, 16);
	play_ok(&b, 3, 4);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 3, 0, 0, 1, 9));
}

/* Exact: six in a row does not win; the game goes on and a later exact
 * five elsewhere does win. */
static void test_overline_exact_no_win(void)
{
	static const int later[][2] = {{10, 10}, {1, 10}, {11, 10}, {1, 11},
				       {12, 10}, {1, 13}, {13, 10}, {2, 0}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_EXACT);
	play_all(&b, overline6, 10);
	play_ok(&b, 7, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
	CU_ASSERT_EQUAL(b.nwin, 0);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_WHITE);
	play_all(&b, later, 8);
	play_ok(&b, 14, 10);
	CU_ASSERT_EQUAL(b.state, BOARD_WHITE_WON);
	CU_ASSERT(win_is(&b, 10, 10, 1, 0, 5));
}

/* Exact: the stone that makes an overline across also makes exactly five
 * down, and that wins with the five down as the line. */
static void test_overline_exact_other_direction_wins(void)
{
	static const int down[][2] = {{3, 5}, {14, 0}, {4, 5}, {14, 2},
				      {5, 5}, {14, 4}, {6, 5}, {14, 6}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_EXACT);
	play_all(&b, overline6, 10);
	play_all(&b, down, 8);
	play_ok(&b, 7, 5); /* rows 3-7 down, columns 2-7 across */
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 3, 5, 1, 0, 5));
}

/* Exact: an overline down-right and exactly five down-left through the
 * same stone; the five wins. */
static void test_overline_exact_diagonals(void)
{
	static const int mv[][2] = {
		{2, 2}, {0, 14},  {3, 3}, {2, 14},  {4, 4}, {4, 14},
		{6, 6}, {6, 14},  {7, 7}, {8, 14},  {7, 3}, {10, 14},
		{6, 4}, {12, 14}, {4, 6}, {14, 14}, {3, 7}, {14, 12},
	};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_EXACT);
	play_all(&b, mv, 18);
	play_ok(&b, 5, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 3, 7, 1, -1, 5));
}

/* Exact: overlines in two directions through one stone do not win. */
static void test_overline_exact_two_overlines(void)
{
	static const int down[][2] = {{3, 5}, {14, 0}, {4, 5}, {14, 2},
				      {5, 5}, {14, 4}, {6, 5}, {14, 6},
				      {8, 5}, {14, 8}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_EXACT);
	play_all(&b, overline6, 10);
	play_all(&b, down, 10);
	play_ok(&b, 7, 5); /* rows 3-8 down, columns 2-7 across */
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(b.nwin, 0);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
}

/* Exact: a five with opponent stones at both ends still wins. */
static void test_exact_blocked_five_wins(void)
{
	static const int mv[][2] = {{7, 3}, {7, 2}, {7, 4}, {7, 8},
				    {7, 5}, {0, 0}, {7, 6}, {0, 2}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_EXACT);
	play_all(&b, mv, 8);
	play_ok(&b, 7, 7);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 7, 3, 0, 1, 5));
}

/* ==== Tic-tac-toe and draws ============================================ */

/* K=3 on 3x3: black takes the middle column. */
static void test_tictactoe_win(void)
{
	static const int mv[][2] = {{1, 1}, {0, 0}, {0, 1}, {2, 2}};
	struct board b;

	CU_ASSERT_EQUAL_FATAL(board_init(&b, 3, 3, 3, RULE_FREESTYLE), 0);
	play_all(&b, mv, 4);
	play_ok(&b, 2, 1);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 0, 1, 1, 0, 3));
}

/* The classic drawn tic-tac-toe game, under both rules. */
static void test_draw_3x3(void)
{
	static const int mv[][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 1},
				    {1, 0}, {2, 0}, {1, 2}, {2, 2}};
	struct board b;
	int rule;

	for (rule = RULE_FREESTYLE; rule <= RULE_EXACT; rule++) {
		board_init(&b, 3, 3, 3, (enum rule)rule);
		play_all(&b, mv, 8);
		play_ok(&b, 2, 1);
		CU_ASSERT_EQUAL(b.state, BOARD_DRAW);
		CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
		CU_ASSERT_EQUAL(b.nwin, 0);
		CU_ASSERT_EQUAL(b.nmoves, 9);
	}
}

/* Fill a board from a picture (rows of 'B' and 'W', read as rows, or as
 * columns when `transpose`), black and white in turn, each in reading
 * order. Assert the game runs until the last stone. */
static void fill_picture(struct board *b, const char *const *pic,
			 bool transpose)
{
	int next[2] = {0, 0}, n = b->rows * b->cols, i, side, pr, pc;
	int width = transpose ? b->rows : b->cols;

	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL_FATAL(b->state, BOARD_PLAYING);
		side = i % 2;
		do {
			pr = next[side] / width;
			pc = next[side] % width;
			next[side]++;
		} while (pic[pr][pc] != (side == 0 ? 'B' : 'W'));
		play_ok(b, transpose ? pc : pr, transpose ? pr : pc);
	}
}

/* A full 3x5 board and its 5x3 mirror, K=3, with no three in a row:
 * drawn on the last stone. */
static void test_draw_non_square(void)
{
	static const char *const pic[] = {"BBWBB", "WWBWW", "BWBWB"};
	struct board b;

	board_init(&b, 3, 5, 3, RULE_FREESTYLE);
	fill_picture(&b, pic, false);
	CU_ASSERT_EQUAL(b.state, BOARD_DRAW);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 1, 2), STONE_BLACK);
	board_init(&b, 5, 3, 3, RULE_FREESTYLE);
	fill_picture(&b, pic, true);
	CU_ASSERT_EQUAL(b.state, BOARD_DRAW);
	CU_ASSERT_EQUAL(board_at(&b, 2, 1), STONE_BLACK);
	CU_ASSERT(refused(&b, 0, 0, BOARD_ERR_GAME_OVER) ||
		  refused(&b, 0, 0, BOARD_ERR_OCCUPIED));
}

/* The stone that fills the board also makes a line: a win, not a draw
 * (here two lines at once, either one reported). */
static void test_full_board_win_beats_draw(void)
{
	static const int mv[][2] = {{0, 1}, {0, 0}, {1, 0}, {0, 2},
				    {1, 2}, {2, 0}, {2, 1}, {2, 2}};
	struct board b;

	board_init(&b, 3, 3, 3, RULE_FREESTYLE);
	play_all(&b, mv, 8);
	play_ok(&b, 1, 1);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 1, 0, 0, 1, 3) || win_is(&b, 0, 1, 1, 0, 3));
}

/* ==== Shapes, set-up and queries ======================================= */

/* board_shape_valid() at and around each limit. */
static void test_shape_limits(void)
{
	CU_ASSERT_TRUE(board_shape_valid(3, 3, 3));
	CU_ASSERT_TRUE(board_shape_valid(15, 15, 5));
	CU_ASSERT_TRUE(board_shape_valid(26, 26, 26));
	CU_ASSERT_TRUE(board_shape_valid(3, 26, 26));
	CU_ASSERT_TRUE(board_shape_valid(26, 3, 26));
	CU_ASSERT_TRUE(board_shape_valid(3, 10, 10));
	CU_ASSERT_TRUE(board_shape_valid(10, 3, 4));
	CU_ASSERT_FALSE(board_shape_valid(2, 3, 3));
	CU_ASSERT_FALSE(board_shape_valid(3, 2, 3));
	CU_ASSERT_FALSE(board_shape_valid(27, 15, 5));
	CU_ASSERT_FALSE(board_shape_valid(15, 27, 5));
	CU_ASSERT_FALSE(board_shape_valid(15, 15, 2));
	CU_ASSERT_FALSE(board_shape_valid(15, 15, 16));
	CU_ASSERT_FALSE(board_shape_valid(3, 10, 11));
	CU_ASSERT_FALSE(board_shape_valid(10, 3, 11));
	CU_ASSERT_FALSE(board_shape_valid(26, 26, 27));
	CU_ASSERT_FALSE(board_shape_valid(0, 0, 0));
	CU_ASSERT_FALSE(board_shape_valid(-15, 15, 5));
	CU_ASSERT_FALSE(board_shape_valid(15, -15, 5));
	CU_ASSERT_FALSE(board_shape_valid(15, 15, -5));
	CU_ASSERT_FALSE(board_shape_valid(INT_MAX, 15, 5));
	CU_ASSERT_FALSE(board_shape_valid(INT_MIN, INT_MIN, INT_MIN));
}

/* board_init() gives an empty board, or refuses and leaves b alone. */
static void test_init(void)
{
	struct board b, copy;
	int r, c;

	memset(&b, 0xA5, sizeof(b));
	CU_ASSERT_EQUAL_FATAL(board_init(&b, 4, 7, 4, RULE_EXACT), 0);
	CU_ASSERT_EQUAL(b.rows, 4);
	CU_ASSERT_EQUAL(b.cols, 7);
	CU_ASSERT_EQUAL(b.k, 4);
	CU_ASSERT_EQUAL(b.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(b.nmoves, 0);
	CU_ASSERT_EQUAL(b.nwin, 0);
	CU_ASSERT_PTR_NULL(board_last(&b));
	CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_BLACK);
	for (r = 0; r < 4; r++) {
		for (c = 0; c < 7; c++)
			CU_ASSERT_EQUAL(board_at(&b, r, c), STONE_NONE);
	}
	play_ok(&b, 3, 6);
	memcpy(&copy, &b, sizeof(copy));
	CU_ASSERT_EQUAL(board_init(&b, 2, 7, 3, RULE_EXACT), -1);
	CU_ASSERT_EQUAL(board_init(&b, 7, 27, 3, RULE_FREESTYLE), -1);
	CU_ASSERT_EQUAL(board_init(&b, 7, 7, 8, RULE_FREESTYLE), -1);
	CU_ASSERT_EQUAL(board_init(&b, 7, 7, 5, (enum rule)3), -1);
	CU_ASSERT_EQUAL(board_init(&b, 7, 7, 4, RULE_RENJU), -1);
	CU_ASSERT_EQUAL(board_init(&b, 4, 7, 5, RULE_RENJU), -1);
	CU_ASSERT_EQUAL(board_init(&b, 7, 7, 5, (enum rule) - 1), -1);
	CU_ASSERT_EQUAL(memcmp(&copy, &b, sizeof(b)), 0);
	CU_ASSERT_EQUAL_FATAL(board_init(&b, 4, 7, 4, RULE_FREESTYLE), 0);
	CU_ASSERT_EQUAL(b.nmoves, 0);
	CU_ASSERT_EQUAL(board_at(&b, 3, 6), STONE_NONE);
}

/* board_at() reads stones and says STONE_NONE off the grid. */
static void test_at(void)
{
	struct board b;

	board_init(&b, 4, 6, 3, RULE_FREESTYLE);
	play_ok(&b, 3, 5);
	play_ok(&b, 0, 5);
	play_ok(&b, 1, 0);
	CU_ASSERT_EQUAL(board_at(&b, 3, 5), STONE_BLACK);
	CU_ASSERT_EQUAL(board_at(&b, 0, 5), STONE_WHITE);
	CU_ASSERT_EQUAL(board_at(&b, 1, 0), STONE_BLACK);
	CU_ASSERT_EQUAL(board_at(&b, 0, 0), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 4, 2), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 5, 3), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 0, 6), STONE_NONE); /* not (1, 0) */
	CU_ASSERT_EQUAL(board_at(&b, -1, 0), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 0, -1), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 1, -1), STONE_NONE); /* not (0, 5) */
	CU_ASSERT_EQUAL(board_at(&b, INT_MAX, INT_MIN), STONE_NONE);
}

/* stone_other() swaps the sides. */
static void test_stone_other(void)
{
	CU_ASSERT_EQUAL(stone_other(STONE_BLACK), STONE_WHITE);
	CU_ASSERT_EQUAL(stone_other(STONE_WHITE), STONE_BLACK);
	CU_ASSERT_EQUAL(stone_other(stone_other(STONE_BLACK)), STONE_BLACK);
}

/* Black, white, black...: each stone has the colour of its turn, and the
 * moves are recorded in order. */
static void test_turns_alternate(void)
{
	struct board b;
	int i, r, c;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	for (i = 0; i < 20; i++) {
		r = (i * 7) % 15;
		c = (i * 4 + i / 15) % 15;
		CU_ASSERT_EQUAL(board_to_move(&b),
				i % 2 ? STONE_WHITE : STONE_BLACK);
		play_ok(&b, r, c);
		CU_ASSERT_EQUAL(board_at(&b, r, c),
				i % 2 ? STONE_WHITE : STONE_BLACK);
		CU_ASSERT_EQUAL(b.nmoves, i + 1);
		CU_ASSERT_EQUAL(b.moves[i].row, r);
		CU_ASSERT_EQUAL(b.moves[i].col, c);
		CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	}
}

/* board_last() is NULL on an empty board and then the latest move. */
static void test_last(void)
{
	struct board b;
	const struct move *m;

	board_init(&b, 5, 8, 3, RULE_FREESTYLE);
	CU_ASSERT_PTR_NULL(board_last(&b));
	play_ok(&b, 4, 7);
	m = board_last(&b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->row, 4);
	CU_ASSERT_EQUAL(m->col, 7);
	play_ok(&b, 0, 3);
	m = board_last(&b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->row, 0);
	CU_ASSERT_EQUAL(m->col, 3);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	m = board_last(&b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->row, 4);
	CU_ASSERT_EQUAL(m->col, 7);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT_PTR_NULL(board_last(&b));
}

/* board_run_length() counts both ways, stops at edges and other cells,
 * and counts the cell itself as the asked side. */
static void test_run_length(void)
{
	static const int mv[][2] = {{5, 3}, {5, 6}, {5, 4}, {0, 0},
				    {5, 1}, {4, 4}, {6, 2}, {14, 14}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, mv, 8);
	/* row 5: (5,1) B, (5,2) empty, (5,3) B, (5,4) B, (5,5) empty,
	 * (5,6) W */
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 2, 0, 1, STONE_BLACK), 4);
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 2, 0, -1, STONE_BLACK), 4);
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 3, 0, 1, STONE_BLACK), 2);
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 5, 0, 1, STONE_BLACK), 3);
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 5, 0, 1, STONE_WHITE), 2);
	/* down-left through (5,3): (6,2) black below-left */
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 3, 1, -1, STONE_BLACK), 2);
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 3, -1, 1, STONE_BLACK), 2);
	/* down through (5,4): white (4,4) above */
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 4, 1, 0, STONE_BLACK), 1);
	CU_ASSERT_EQUAL(board_run_length(&b, 5, 4, 1, 0, STONE_WHITE), 2);
	/* corners: the edge ends the run */
	CU_ASSERT_EQUAL(board_run_length(&b, 0, 1, 0, 1, STONE_WHITE), 2);
	CU_ASSERT_EQUAL(board_run_length(&b, 14, 13, 1, 1, STONE_WHITE), 1);
	CU_ASSERT_EQUAL(board_run_length(&b, 13, 13, 1, 1, STONE_WHITE), 2);
	/* runs of empty cells */
	CU_ASSERT_EQUAL(board_run_length(&b, 10, 7, 0, 1, STONE_NONE), 15);
	CU_ASSERT_EQUAL(board_run_length(&b, 7, 7, 1, 0, STONE_NONE), 15);
}

/* ==== Refusals ========================================================= */

/* Off-board moves are refused with OFF_BOARD and change nothing. */
static void test_refuse_off_board(void)
{
	static const int bad[][2] = {
		{-1, 0},      {0, -1},	    {-1, -1},	  {3, 0},	{0, 5},
		{3, 5},	      {4, 2},	    {2, 5},	  {5, 2},	{-1, 5},
		{INT_MAX, 0}, {0, INT_MAX}, {INT_MIN, 0}, {0, INT_MIN}, {1, -4},
	};
	struct board b;
	int i;

	board_init(&b, 3, 5, 3, RULE_FREESTYLE);
	play_ok(&b, 1, 1);
	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++)
		CU_ASSERT(
			refused(&b, bad[i][0], bad[i][1], BOARD_ERR_OFF_BOARD));
	play_ok(&b, 2, 4); /* the far corner of 3x5 is on the board */
	play_ok(&b, 0, 4);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_WHITE);
}

/* A move on either side's stone is refused with OCCUPIED. */
static void test_refuse_occupied(void)
{
	struct board b;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_ok(&b, 7, 7);
	play_ok(&b, 0, 14);
	CU_ASSERT(refused(&b, 7, 7, BOARD_ERR_OCCUPIED));
	CU_ASSERT(refused(&b, 0, 14, BOARD_ERR_OCCUPIED));
	play_ok(&b, 14, 0);
	CU_ASSERT(refused(&b, 14, 0, BOARD_ERR_OCCUPIED));
	CU_ASSERT(refused(&b, 7, 7, BOARD_ERR_OCCUPIED));
	CU_ASSERT_EQUAL(b.nmoves, 3);
}

/* After a win every move is refused and the empty cell gives GAME_OVER. */
static void test_refuse_game_over(void)
{
	static const int mv[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
	struct board b;

	board_init(&b, 3, 3, 3, RULE_FREESTYLE);
	play_all(&b, mv, 4);
	play_ok(&b, 0, 2);
	CU_ASSERT_EQUAL_FATAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(refused(&b, 1, 2, BOARD_ERR_GAME_OVER));
	CU_ASSERT(refused(&b, 2, 2, BOARD_ERR_GAME_OVER));
	CU_ASSERT_NOT_EQUAL(board_play(&b, 0, 0), BOARD_OK);
	CU_ASSERT_NOT_EQUAL(board_play(&b, 3, 3), BOARD_OK);
	CU_ASSERT_EQUAL(b.nmoves, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 0, 0, 0, 1, 3));
}

/* board_place() puts either colour anywhere, whatever the count says,
 * settles wins as board_play() does and refuses what it refuses. */
static void test_place_any_colour(void)
{
	struct board b, before;
	int c;

	board_init(&b, 15, 15, 5, RULE_RENJU);
	for (c = 0; c < 4; c++)
		CU_ASSERT_EQUAL(board_place(&b, 3, c, STONE_WHITE), BOARD_OK);
	CU_ASSERT_EQUAL(b.nmoves, 4);
	CU_ASSERT_EQUAL(board_at(&b, 3, 2), STONE_WHITE);
	CU_ASSERT_EQUAL(board_place(&b, 3, 3, STONE_BLACK), BOARD_ERR_OCCUPIED);
	CU_ASSERT_EQUAL(board_place(&b, 15, 0, STONE_BLACK),
			BOARD_ERR_OFF_BOARD);
	CU_ASSERT_EQUAL(board_place(&b, 9, 9, STONE_NONE), BOARD_ERR_OCCUPIED);
	before = b;
	CU_ASSERT_EQUAL(board_place(&b, 9, 9, (enum stone)3),
			BOARD_ERR_OCCUPIED);
	CU_ASSERT_EQUAL(memcmp(&b, &before, sizeof(b)), 0);
	CU_ASSERT_EQUAL(board_place(&b, 3, 4, STONE_WHITE), BOARD_OK);
	CU_ASSERT_EQUAL(b.state, BOARD_WHITE_WON);
	CU_ASSERT(win_is(&b, 3, 0, 0, 1, 5));
	CU_ASSERT_EQUAL(board_place(&b, 9, 9, STONE_BLACK),
			BOARD_ERR_GAME_OVER);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(board_at(&b, 3, 4), STONE_NONE);
}

/* ==== Undo ============================================================= */

/* Undo on an empty board fails and changes nothing. */
static void test_undo_empty(void)
{
	struct board b, copy;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	memcpy(&copy, &b, sizeof(copy));
	CU_ASSERT_EQUAL(board_undo(&b), -1);
	CU_ASSERT_EQUAL(memcmp(&copy, &b, sizeof(b)), 0);
	play_ok(&b, 3, 3);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT_EQUAL(board_undo(&b), -1);
	CU_ASSERT(same_position(&b, &copy));
}

/* Undo takes back moves one by one: the cell empties, the turn returns,
 * and taking back everything gives an empty board. */
static void test_undo_moves(void)
{
	static const int mv[][2] = {{7, 7}, {7, 8}, {8, 8}, {0, 0}};
	struct board b, fresh, before;

	board_init(&fresh, 15, 15, 5, RULE_FREESTYLE);
	b = fresh;
	play_all(&b, mv, 4);
	before = b;
	play_ok(&b, 14, 3);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT(same_position(&b, &before));
	CU_ASSERT_EQUAL(board_at(&b, 14, 3), STONE_NONE);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_BLACK);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT_EQUAL(board_at(&b, 0, 0), STONE_NONE);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_WHITE);
	CU_ASSERT_EQUAL(b.nmoves, 3);
	play_ok(&b, 0, 1); /* white again, somewhere else */
	CU_ASSERT_EQUAL(board_at(&b, 0, 1), STONE_WHITE);
	while (b.nmoves > 0)
		CU_ASSERT_EQUAL_FATAL(board_undo(&b), 0);
	CU_ASSERT(same_position(&b, &fresh));
	CU_ASSERT_EQUAL(board_undo(&b), -1);
}

/* Undo after a win reopens the game; the win can be played again, or the
 * game goes on elsewhere. */
static void test_undo_after_win(void)
{
	static const int mv[][2] = {{7, 5}, {0, 0}, {7, 6}, {0, 2},
				    {7, 8}, {0, 4}, {7, 9}, {0, 6}};
	struct board b, before;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	play_all(&b, mv, 8);
	before = b;
	play_ok(&b, 7, 7);
	CU_ASSERT_EQUAL_FATAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(b.nwin, 0);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&b, 7, 7), STONE_NONE);
	CU_ASSERT(same_position(&b, &before));
	play_ok(&b, 7, 7);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 7, 5, 0, 1, 5));
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	play_ok(&b, 14, 14);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	play_ok(&b, 7, 7); /* white blocks */
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(board_at(&b, 7, 7), STONE_WHITE);
}

/* Undo after a draw reopens the game with one empty cell. */
static void test_undo_after_draw(void)
{
	static const int mv[][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 1},
				    {1, 0}, {2, 0}, {1, 2}, {2, 2}};
	struct board b, before;

	board_init(&b, 3, 3, 3, RULE_FREESTYLE);
	play_all(&b, mv, 8);
	before = b;
	play_ok(&b, 2, 1);
	CU_ASSERT_EQUAL_FATAL(b.state, BOARD_DRAW);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(board_at(&b, 2, 1), STONE_NONE);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_BLACK);
	CU_ASSERT(same_position(&b, &before));
	play_ok(&b, 2, 1);
	CU_ASSERT_EQUAL(b.state, BOARD_DRAW);
}

/* ==== Renju ============================================================ */

/* Far-apart cells for the side that only waits: rows 0 and 14, every
 * other column, never four in a row. */
static const int waiting[][2] = {
	{0, 0},	 {0, 2},  {0, 4},  {0, 6},  {0, 8},  {0, 10}, {0, 12},
	{0, 14}, {14, 0}, {14, 2}, {14, 4}, {14, 6}, {14, 8}, {14, 10},
};

/* Start a 15x15 renju board and play `mine` for one side, the other
 * side answering with waiting[] (black first when black_mine). */
static void renju_setup(struct board *b, const int mine[][2], int n,
			bool black_mine)
{
	int i;

	CU_ASSERT_EQUAL_FATAL(board_init(b, 15, 15, 5, RULE_RENJU), 0);
	for (i = 0; i < n; i++) {
		if (!black_mine)
			play_ok(b, waiting[i][0], waiting[i][1]);
		play_ok(b, mine[i][0], mine[i][1]);
		if (black_mine)
			play_ok(b, waiting[i][0], waiting[i][1]);
		CU_ASSERT_EQUAL_FATAL(b->state, BOARD_PLAYING);
	}
}

/* Renju shapes: k must be 5 and both sides at least 5; board_init()
 * accepts exactly what board_rule_valid() accepts. */
static void test_renju_shapes(void)
{
	struct board b;
	int rows, cols, k, rule;
	bool ok;

	CU_ASSERT_TRUE(board_rule_valid(15, 15, 5, RULE_RENJU));
	CU_ASSERT_TRUE(board_rule_valid(5, 5, 5, RULE_RENJU));
	CU_ASSERT_TRUE(board_rule_valid(5, 26, 5, RULE_RENJU));
	CU_ASSERT_TRUE(board_rule_valid(26, 26, 5, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(15, 15, 4, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(15, 15, 6, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(4, 15, 5, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(15, 4, 5, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(3, 3, 3, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(27, 27, 5, RULE_RENJU));
	CU_ASSERT_FALSE(board_rule_valid(15, 15, 5, (enum rule)3));
	CU_ASSERT_FALSE(board_rule_valid(15, 15, 5, (enum rule) - 1));
	for (rows = 2; rows <= 27; rows++) {
		for (cols = 2; cols <= 27; cols += 5) {
			for (k = 2; k <= 7; k++) {
				for (rule = 0; rule <= 3; rule++) {
					ok = board_rule_valid(rows, cols, k,
							      (enum rule)rule);
					CU_ASSERT_EQUAL(
						board_init(&b, rows, cols, k,
							   (enum rule)rule),
						ok ? 0 : -1);
					if (rule < RULE_RENJU)
						CU_ASSERT_EQUAL(
							ok,
							board_shape_valid(
								rows, cols, k));
				}
			}
		}
	}
}

/* Black wins with exactly five. */
static void test_renju_black_five_wins(void)
{
	static const int black[][2] = {{7, 3}, {7, 4}, {7, 5}, {7, 6}};
	struct board b;

	renju_setup(&b, black, 4, true);
	play_ok(&b, 7, 7);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 7, 3, 0, 1, 5));
}

/* Black's overline is refused with the board unchanged, and says why;
 * black may then play elsewhere. */
static void test_renju_black_overline_refused(void)
{
	static const int black[][2] = {{7, 2}, {7, 3}, {7, 4}, {7, 6}, {7, 7}};
	struct board b;

	renju_setup(&b, black, 5, true);
	CU_ASSERT(refused(&b, 7, 5, BOARD_ERR_FORBIDDEN));
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 5), RENJU_OVERLINE);
	CU_ASSERT_EQUAL(board_at(&b, 7, 5), STONE_NONE);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_BLACK);
	play_ok(&b, 10, 10);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	play_ok(&b, 7, 5); /* white may take the point */
	CU_ASSERT_EQUAL(board_at(&b, 7, 5), STONE_WHITE);
}

/* White wins with an overline. */
static void test_renju_white_overline_wins(void)
{
	static const int white[][2] = {
		{10, 2}, {10, 3}, {10, 4}, {10, 6}, {10, 7}};
	struct board b;

	renju_setup(&b, white, 5, false);
	play_ok(&b, 12, 12);
	play_ok(&b, 10, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_WHITE_WON);
	CU_ASSERT(win_is(&b, 10, 2, 0, 1, 6));
}

/* White may play double-threes and double-fours. */
static void test_renju_white_unrestricted(void)
{
	static const int white[][2] = {{4, 7},	{5, 7},	 {6, 5},  {6, 6},
				       {1, 10}, {2, 10}, {3, 10}, {4, 11},
				       {4, 12}, {4, 13}};
	struct board b;

	renju_setup(&b, white, 4, false);
	play_ok(&b, 12, 12);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 6, 7), RENJU_OK);
	play_ok(&b, 6, 7); /* three down and three across */
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	renju_setup(&b, white + 4, 6, false);
	play_ok(&b, 12, 12);
	play_ok(&b, 4, 10); /* four down and straight four across */
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(board_at(&b, 4, 10), STONE_WHITE);
}

/* Black's double-three and double-four are refused, the board unchanged
 * to the byte, and board_play_verdict() says which. */
static void test_renju_black_forks_refused(void)
{
	static const int three[][2] = {{7, 5}, {7, 6}, {5, 7}, {6, 7}};
	static const int four[][2] = {{1, 10}, {2, 10}, {3, 10},
				      {4, 11}, {4, 12}, {4, 13}};
	struct board b;

	renju_setup(&b, three, 4, true);
	CU_ASSERT(refused(&b, 7, 7, BOARD_ERR_FORBIDDEN));
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 7), RENJU_DOUBLE_THREE);
	renju_setup(&b, four, 6, true);
	CU_ASSERT(refused(&b, 4, 10, BOARD_ERR_FORBIDDEN));
	CU_ASSERT_EQUAL(board_play_verdict(&b, 4, 10), RENJU_DOUBLE_FOUR);
	play_ok(&b, 4, 9); /* a four across only: allowed */
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
	CU_ASSERT_EQUAL(board_undo(&b), 0);
	CU_ASSERT(refused(&b, 4, 10, BOARD_ERR_FORBIDDEN));
}

/* board_play_verdict() judges only empty cells of the board: a stone of
 * either colour or a cell off the board is RENJU_OK, even on a board where
 * black's next move has a forbidden point, and asking changes nothing. */
static void test_renju_verdict_edges(void)
{
	static const int three[][2] = {{7, 5}, {7, 6}, {5, 7}, {6, 7}};
	struct board b, before;

	renju_setup(&b, three, 4, true);
	before = b;
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 7), RENJU_DOUBLE_THREE);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 5), RENJU_OK); /* black */
	CU_ASSERT_EQUAL(board_play_verdict(&b, 0, 0), RENJU_OK); /* white */
	CU_ASSERT_EQUAL(board_play_verdict(&b, -1, 7), RENJU_OK);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 15), RENJU_OK);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 15, 7), RENJU_OK);
	CU_ASSERT_EQUAL(memcmp(&b, &before, sizeof(b)), 0);
}

/* Black's exact five wins although the same stone makes an overline down:
 * the five is the winning line. */
static void test_renju_five_beats_overline(void)
{
	static const int black[][2] = {{3, 5}, {4, 5}, {5, 5}, {6, 5}, {8, 5},
				       {7, 3}, {7, 4}, {7, 6}, {7, 7}};
	struct board b;

	renju_setup(&b, black, 9, true);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 5), RENJU_OK);
	play_ok(&b, 7, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT(win_is(&b, 7, 3, 0, 1, 5));
}

/* Under freestyle and exact nothing is forbidden: the renju overline
 * point is played. */
static void test_renju_only_under_renju(void)
{
	static const int mv[][2] = {{7, 2}, {0, 0}, {7, 3}, {0, 2}, {7, 4},
				    {0, 4}, {7, 6}, {0, 6}, {7, 7}, {0, 8}};
	struct board b;

	board_init(&b, 15, 15, 5, RULE_EXACT);
	play_all(&b, mv, 10);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 5), RENJU_OK);
	play_ok(&b, 7, 5);
	CU_ASSERT_EQUAL(b.state, BOARD_PLAYING);
}

/* ==== Random games against the brute-force scan ======================== */

/* Step the generator in *seed and return 31 bits of it. */
static unsigned int next_random(unsigned long *seed)
{
	*seed = (*seed * 1103515245UL + 12345UL) & 0xffffffffUL;
	return (unsigned int)(*seed >> 1);
}

/* Return true when b->win is a maximal winning run of s through the last
 * move, its cells consecutive along one line. */
static bool win_line_ok(const struct board *b, int s)
{
	const struct move *last = board_last(b);
	int dr, dc, i, n = b->nwin, found = 0;

	if (n < 2 || !oracle_wins(b, n))
		return false;
	dr = b->win[1].row - b->win[0].row;
	dc = b->win[1].col - b->win[0].col;
	if (dr < -1 || dr > 1 || dc < -1 || dc > 1 || (!dr && !dc))
		return false;
	for (i = 0; i < n; i++) {
		if (b->win[i].row != b->win[0].row + i * dr ||
		    b->win[i].col != b->win[0].col + i * dc ||
		    cell(b, b->win[i].row, b->win[i].col) != s)
			return false;
		found += b->win[i].row == last->row &&
			 b->win[i].col == last->col;
	}
	return found == 1 &&
	       oracle_run(b, last->row, last->col, dr, dc, s) == n;
}

/* Return true when b's state after s's move agrees with the scan. */
static bool state_agrees(const struct board *b, int s)
{
	if (oracle_won(b, stone_other((enum stone)s)))
		return false;
	if (oracle_won(b, s))
		return b->state == won_state((enum stone)s) &&
		       (int)board_winner(b) == s && win_line_ok(b, s);
	if (b->nmoves == b->rows * b->cols)
		return b->state == BOARD_DRAW && b->nwin == 0;
	return b->state == BOARD_PLAYING && b->nwin == 0;
}

/* Return the index in b->cells of the n-th empty cell (from 0), or -1. */
static int nth_empty(const struct board *b, int n)
{
	int i;

	for (i = 0; i < b->rows * b->cols; i++) {
		if (b->cells[i] != STONE_NONE)
			continue;
		if (n == 0)
			return i;
		n--;
	}
	return -1;
}

/* Play one random move on b, check it against the scan, and check that
 * taking it back and playing it again changes nothing. Return true when
 * all agree. */
static bool random_move(struct board *b, unsigned long *seed)
{
	struct board before = *b, after;
	int empty = b->rows * b->cols - b->nmoves;
	int i = nth_empty(b, (int)(next_random(seed) % (unsigned int)empty));
	int s = board_to_move(b);

	if (i < 0)
		return false;
	if (board_play(b, i / b->cols, i % b->cols) != BOARD_OK)
		return false;
	if (!state_agrees(b, s))
		return false;
	after = *b;
	if (board_undo(b) != 0 || !same_position(b, &before))
		return false;
	if (board_play(b, i / b->cols, i % b->cols) != BOARD_OK)
		return false;
	return same_position(b, &after);
}

/* Many random games on random shapes under both rules: after every move
 * the state and winning line agree with a brute-force scan of the cells;
 * undoing a whole game gives back the empty board. */
static void test_random_games(void)
{
	unsigned long seed = 20240601UL;
	struct board b, fresh;
	int game, rows, cols, k, wins = 0, draws = 0;
	char msg[96];

	for (game = 0; game < 400; game++) {
		rows = 3 + (int)(next_random(&seed) % 13);
		cols = 3 + (int)(next_random(&seed) % 13);
		k = 3 + (int)(next_random(&seed) % 4);
		if (!board_shape_valid(rows, cols, k))
			k = 3;
		CU_ASSERT_EQUAL_FATAL(
			board_init(&fresh, rows, cols, k,
				   (enum rule)(next_random(&seed) % 2)),
			0);
		b = fresh;
		while (b.state == BOARD_PLAYING) {
			if (random_move(&b, &seed))
				continue;
			snprintf(msg, sizeof(msg), "game %d %dx%d k%d move %d",
				 game, rows, cols, k, b.nmoves);
			fail_with(__LINE__, msg);
			return;
		}
		wins += b.state != BOARD_DRAW;
		draws += b.state == BOARD_DRAW;
		while (b.nmoves > 0)
			CU_ASSERT_EQUAL_FATAL(board_undo(&b), 0);
		CU_ASSERT(same_position(&b, &fresh));
	}
	CU_ASSERT(wins > 0);
	CU_ASSERT(draws > 0);
}

/* Return true when the stone of side s just played on (r, c) wins under
 * renju, from the cells: exactly five for black, five or more for white,
 * in some direction. */
static bool oracle_renju_won(const struct board *b, int r, int c, int s)
{
	int d, n;

	for (d = 0; d < 4; d++) {
		n = oracle_run(b, r, c, dirs[d][0], dirs[d][1], s);
		if (s == STONE_BLACK ? n == 5 : n >= 5)
			return true;
	}
	return false;
}

/* Try the n-th empty cell of b for the side to move under renju and check
 * the answer: a refusal exactly when black's point is forbidden (board
 * unchanged), else the stone placed and the state as the cells say.
 * Return false on disagreement; *played says whether a stone went down. */
static bool renju_try(struct board *b, int n, bool *played)
{
	struct board before = *b;
	int i = nth_empty(b, n), r = i / b->cols, c = i % b->cols;
	int s = board_to_move(b);
	bool forbidden = s == STONE_BLACK && renju_check(b, r, c) != RENJU_OK;
	enum board_error err = board_play(b, r, c);

	*played = err == BOARD_OK;
	if (forbidden)
		return err == BOARD_ERR_FORBIDDEN &&
		       memcmp(&before, b, sizeof(before)) == 0;
	if (err != BOARD_OK || (int)board_at(b, r, c) != s)
		return false;
	if (oracle_renju_won(b, r, c, s))
		return b->state == won_state((enum stone)s) &&
		       win_line_ok(b, s);
	if (b->nmoves == b->rows * b->cols)
		return b->state == BOARD_DRAW;
	return b->state == BOARD_PLAYING;
}

/* Random renju games on random shapes of at least 5x5: every move gets
 * the answer the cells and renju_check() give; black's forbidden points
 * are refused, white is never refused. */
static void test_random_renju_games(void)
{
	unsigned long seed = 777UL;
	struct board b;
	int game, tries, refusals = 0, black_wins = 0, white_wins = 0;
	bool played;
	char msg[96];

	for (game = 0; game < 300; game++) {
		CU_ASSERT_EQUAL_FATAL(
			board_init(&b, 5 + (int)(next_random(&seed) % 11),
				   5 + (int)(next_random(&seed) % 11), 5,
				   RULE_RENJU),
			0);
		for (tries = 0; b.state == BOARD_PLAYING && tries < 2000;
		     tries++) {
			if (!renju_try(&b,
				       (int)(next_random(&seed) %
					     (unsigned int)(b.rows * b.cols -
							    b.nmoves)),
				       &played)) {
				snprintf(msg, sizeof(msg),
					 "game %d %dx%d move %d", game, b.rows,
					 b.cols, b.nmoves);
				fail_with(__LINE__, msg);
				return;
			}
			refusals += !played;
		}
		black_wins += b.state == BOARD_BLACK_WON;
		white_wins += b.state == BOARD_WHITE_WON;
	}
	CU_ASSERT(refusals > 0);
	CU_ASSERT(black_wins > 0);
	CU_ASSERT(white_wins > 0);
}

/* ==== Suite ============================================================ */

static CU_TestInfo tests[] = {
	{"shape limits", test_shape_limits},
	{"init: empty board, refusal leaves board alone", test_init},
	{"board_at on and off the grid", test_at},
	{"stone_other", test_stone_other},
	{"turns alternate, moves recorded in order", test_turns_alternate},
	{"board_last", test_last},
	{"board_run_length", test_run_length},
	{"win across at every position of 15x15",
	 test_win_horizontal_everywhere},
	{"win down at every position of 15x15", test_win_vertical_everywhere},
	{"win down-right at every position of 15x15",
	 test_win_diagonal_everywhere},
	{"win down-left at every position of 15x15",
	 test_win_antidiagonal_everywhere},
	{"win every line on other shapes", test_win_other_shapes},
	{"win at the corners, by hand", test_win_corners_by_hand},
	{"win with the last stone in the middle",
	 test_win_last_stone_in_middle},
	{"white wins", test_win_white},
	{"no win for four or a broken five", test_no_win_short_or_broken},
	{"freestyle: overline of six wins", test_overline_freestyle_wins},
	{"freestyle: overline of nine wins", test_overline_freestyle_long},
	{"exact: overline does not win", test_overline_exact_no_win},
	{"exact: five in another direction wins",
	 test_overline_exact_other_direction_wins},
	{"exact: five down-left beside overline down-right",
	 test_overline_exact_diagonals},
	{"exact: two overlines do not win", test_overline_exact_two_overlines},
	{"exact: blocked five wins", test_exact_blocked_five_wins},
	{"tic-tac-toe win", test_tictactoe_win},
	{"draw on 3x3", test_draw_3x3},
	{"draw on 3x5 and 5x3", test_draw_non_square},
	{"filling the board with a line is a win",
	 test_full_board_win_beats_draw},
	{"refuse off board", test_refuse_off_board},
	{"refuse occupied", test_refuse_occupied},
	{"refuse after game over", test_refuse_game_over},
	{"board_place: either colour, wins settled", test_place_any_colour},
	{"undo on empty board", test_undo_empty},
	{"undo moves", test_undo_moves},
	{"undo after a win", test_undo_after_win},
	{"undo after a draw", test_undo_after_draw},
	{"random games agree with a brute-force scan", test_random_games},
	{"renju: shapes", test_renju_shapes},
	{"renju: black wins with exactly five", test_renju_black_five_wins},
	{"renju: black overline refused, board unchanged",
	 test_renju_black_overline_refused},
	{"renju: white overline wins", test_renju_white_overline_wins},
	{"renju: white never restricted", test_renju_white_unrestricted},
	{"renju: black double-three and double-four refused",
	 test_renju_black_forks_refused},
	{"renju: verdict only on empty cells of the board",
	 test_renju_verdict_edges},
	{"renju: five with an overline wins", test_renju_five_beats_overline},
	{"renju: nothing forbidden under other rules",
	 test_renju_only_under_renju},
	{"renju: random games agree with a brute-force scan",
	 test_random_renju_games},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo board_suite = {"board", init, cleanup, NULL, NULL, tests};
