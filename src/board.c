/* board.c -- the rules engine: an R x C grid, K in a row, two sides.
 *
 * Pure C: no I/O, no allocation, no globals. A move is checked only on
 * the four lines through the stone just placed, counting both ways.
 * Under renju, black's forbidden points are judged by renju.c, which
 * reads the cells and calls nothing here.
 */
#include <string.h>

#include "board.h"

/* The shortest line that can win. */
#define BOARD_MIN_K 3

/* Renju's line length, and so its smallest board side. */
#define RENJU_K 5

/* The four line directions, each walked both ways: across, down, down
 * to the right, down to the left. */
static const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* ==== Cells ============================================================ */

/* Return true when (row, col) lies on the grid of b. */
static bool on_board(const struct board *b, int row, int col)
{
	return row >= 0 && row < b->rows && col >= 0 && col < b->cols;
}

/* Return the index in b->cells of (row, col), which must be on the grid. */
static int cell_index(const struct board *b, int row, int col)
{
	return row * b->cols + col;
}

/* Return how many stones `s` follow (row, col), not counting it, walking
 * along (dr, dc) until the edge or another cell. */
static int count_way(const struct board *b, int row, int col, int dr, int dc,
		     enum stone s)
{
	int n = 0;

	row += dr;
	col += dc;
	while (on_board(b, row, col) &&
	       b->cells[cell_index(b, row, col)] == s) {
		n++;
		row += dr;
		col += dc;
	}
	return n;
}

/* Return true when (dr, dc) is one of the eight unit steps. */
static bool unit_step(int dr, int dc)
{
	return dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1 && (dr || dc);
}

/* ==== Shape and set-up ================================================= */

/* Return true when rows x cols with k in a row is a board we play on. */
bool board_shape_valid(int rows, int cols, int k)
{
	int longest = rows > cols ? rows : cols;

	if (rows < BOARD_MIN_SIZE || rows > BOARD_MAX_SIZE)
		return false;
	if (cols < BOARD_MIN_SIZE || cols > BOARD_MAX_SIZE)
		return false;
	return k >= BOARD_MIN_K && k <= longest;
}

/* Return true when the shape is valid, the rule known, and a renju board
 * has k == 5 and both sides at least 5. */
bool board_rule_valid(int rows, int cols, int k, enum rule rule)
{
	if (!board_shape_valid(rows, cols, k))
		return false;
	if (rule == RULE_FREESTYLE || rule == RULE_EXACT)
		return true;
	if (rule != RULE_RENJU)
		return false;
	return k == RENJU_K && rows >= RENJU_K && cols >= RENJU_K;
}

/* Start an empty board. Return 0, or -1 with b untouched when
 * board_rule_valid() refuses the shape and rule. */
int board_init(struct board *b, int rows, int cols, int k, enum rule rule)
{
	if (!board_rule_valid(rows, cols, k, rule))
		return -1;
	memset(b, 0, sizeof(*b));
	b->rows = rows;
	b->cols = cols;
	b->k = k;
	b->rule = rule;
	b->state = BOARD_PLAYING;
	return 0;
}

/* ==== Queries ========================================================== */

/* Return the stone on (row, col), STONE_NONE when empty or off the grid. */
enum stone board_at(const struct board *b, int row, int col)
{
	if (!on_board(b, row, col))
		return STONE_NONE;
	return (enum stone)b->cells[cell_index(b, row, col)];
}

/* Return the side to move: black on even move counts, white on odd. */
enum stone board_to_move(const struct board *b)
{
	return b->nmoves % 2 == 0 ? STONE_BLACK : STONE_WHITE;
}

/* Return the other side, or STONE_NONE for STONE_NONE. */
enum stone stone_other(enum stone s)
{
	if (s == STONE_BLACK)
		return STONE_WHITE;
	if (s == STONE_WHITE)
		return STONE_BLACK;
	return STONE_NONE;
}

/* Return the last move played, or NULL on an empty board. */
const struct move *board_last(const struct board *b)
{
	if (b->nmoves == 0)
		return NULL;
	return &b->moves[b->nmoves - 1];
}

/* Return the winner's stone, or STONE_NONE while playing or after a draw. */
enum stone board_winner(const struct board *b)
{
	if (b->state == BOARD_BLACK_WON)
		return STONE_BLACK;
	if (b->state == BOARD_WHITE_WON)
		return STONE_WHITE;
	return STONE_NONE;
}

/* Return the length of the run of `s` through (row, col) along (dr, dc),
 * both ways, the cell itself counted as `s`. Return 0 when the cell is
 * off the grid or (dr, dc) is not a unit step (each of -1, 0, 1, not both
 * 0). */
int board_run_length(const struct board *b, int row, int col, int dr, int dc,
		     enum stone s)
{
	if (!on_board(b, row, col) || !unit_step(dr, dc))
		return 0;
	return 1 + count_way(b, row, col, dr, dc, s) +
	       count_way(b, row, col, -dr, -dc, s);
}

/* ==== Playing ========================================================== */

/* Return true when a run of n stones of `s` wins under b's rule: renju
 * asks exactly k of black and k or more of white. */
static bool run_wins(const struct board *b, int n, enum stone s)
{
	if (b->rule == RULE_EXACT)
		return n == b->k;
	if (b->rule == RULE_RENJU && s == STONE_BLACK)
		return n == b->k;
	return n >= b->k;
}

/* Copy the run of `s` through (row, col) along direction d into b->win,
 * from its far end against d to its far end along d. */
static void record_win(struct board *b, int row, int col, int d, enum stone s)
{
	int dr = directions[d][0], dc = directions[d][1];
	int back = count_way(b, row, col, -dr, -dc, s);
	int n = board_run_length(b, row, col, dr, dc, s);
	int i;

	row -= back * dr;
	col -= back * dc;
	for (i = 0; i < n; i++) {
		b->win[i].row = (unsigned char)(row + i * dr);
		b->win[i].col = (unsigned char)(col + i * dc);
	}
	b->nwin = n;
}

/* After `s` has been placed on (row, col), end the game if that stone
 * made a winning line or filled the board. */
static void update_state(struct board *b, int row, int col, enum stone s)
{
	int d, n;

	for (d = 0; d < 4; d++) {
		n = board_run_length(b, row, col, directions[d][0],
				     directions[d][1], s);
		if (run_wins(b, n, s)) {
			record_win(b, row, col, d, s);
			b->state = s == STONE_BLACK ? BOARD_BLACK_WON
						    : BOARD_WHITE_WON;
			return;
		}
	}
	if (b->nmoves == b->rows * b->cols)
		b->state = BOARD_DRAW;
}

/* Return the verdict board_play() applies to the side to move on
 * (row, col): RENJU_OK unless b plays renju, the game is on, black is to
 * move and the cell is empty (renju_check() says RENJU_OK for the rest). */
enum renju_verdict board_play_verdict(const struct board *b, int row, int col)
{
	if (b->rule != RULE_RENJU || b->state != BOARD_PLAYING)
		return RENJU_OK;
	if (board_to_move(b) != STONE_BLACK)
		return RENJU_OK;
	return renju_check(b, row, col);
}

/* Return why no stone may go on (row, col) -- the game is over, the
 * cell is off the board or taken -- or BOARD_OK. */
static enum board_error place_refusal(const struct board *b, int row, int col)
{
	if (b->state != BOARD_PLAYING)
		return BOARD_ERR_GAME_OVER;
	if (!on_board(b, row, col))
		return BOARD_ERR_OFF_BOARD;
	if (b->cells[cell_index(b, row, col)] != STONE_NONE)
		return BOARD_ERR_OCCUPIED;
	return BOARD_OK;
}

/* Place the side-to-move's stone on (row, col) and settle the game.
 * Return BOARD_OK, or why the move is refused with b unchanged (a game
 * that is over refuses every move with BOARD_ERR_GAME_OVER; under
 * RULE_RENJU black's forbidden point gives BOARD_ERR_FORBIDDEN). */
enum board_error board_play(struct board *b, int row, int col)
{
	enum board_error err = place_refusal(b, row, col);

	if (err != BOARD_OK)
		return err;
	if (board_play_verdict(b, row, col) != RENJU_OK)
		return BOARD_ERR_FORBIDDEN;
	return board_place(b, row, col, board_to_move(b));
}

/* Place `s` on (row, col) whoever's turn it is, and settle the game.
 * Return BOARD_OK, or why not with b unchanged. */
enum board_error board_place(struct board *b, int row, int col, enum stone s)
{
	enum board_error err = place_refusal(b, row, col);

	if (err != BOARD_OK)
		return err;
	if (s != STONE_BLACK && s != STONE_WHITE)
		return BOARD_ERR_OCCUPIED;
	b->cells[cell_index(b, row, col)] = (unsigned char)s;
	b->moves[b->nmoves].row = (unsigned char)row;
	b->moves[b->nmoves].col = (unsigned char)col;
	b->nmoves++;
	update_state(b, row, col, s);
	return BOARD_OK;
}

/* Take back the last move and reopen the game; the bytes it used are
 * cleared again. Return 0, or -1 when the board is empty. */
int board_undo(struct board *b)
{
	struct move *m;

	if (b->nmoves == 0)
		return -1;
	b->nmoves--;
	m = &b->moves[b->nmoves];
	b->cells[cell_index(b, m->row, m->col)] = STONE_NONE;
	m->row = 0;
	m->col = 0;
	memset(b->win, 0, sizeof(b->win));
	b->nwin = 0;
	b->state = BOARD_PLAYING;
	return 0;
}
