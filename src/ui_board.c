/* ui_board.c -- the labelled board: column letters (a, b, ...) across
 * the top and row numbers down the left, as moves are written ("h8"),
 * one cell three columns wide so two-digit labels line up. Stones are
 * ● ○ in the terminal's character set (i18n_symbol()), or * # when it
 * has none. */
#include <string.h>

#include "ui.h"

#define ANSI_RESET "\033[0m"
#define ANSI_LAST  "\033[1;33m" /* bold yellow: the last move */
#define ANSI_WIN   "\033[1;32m" /* bold green: the winning line */
#define ANSI_LABEL "\033[2m"	/* dim: labels */

const char *ui_board_stone(const struct ui *ui, enum stone s)
{
	switch (s) {
	case STONE_BLACK:
		return ui->term.ascii ? "*" : i18n_symbol(I18N_BLACK); /* ● */
	case STONE_WHITE:
		return ui->term.ascii ? "#" : i18n_symbol(I18N_WHITE); /* ○ */
	case STONE_NONE:
		break;
	}
	return ui->term.ascii ? "." : i18n_symbol(I18N_EMPTY); /* · */
}

/* True when (row, col) is in the board's winning line. */
static bool in_win(const struct board *b, int row, int col)
{
	int i;

	for (i = 0; i < b->nwin; i++)
		if (b->win[i].row == row && b->win[i].col == col)
			return true;
	return false;
}

/* A line of the board being built: room for 26 coloured cells. */
struct line {
	char text[BOARD_MAX_SIZE * 32 + 64];
	size_t len;
};

/* Append `s` to the line (it always fits: see struct line). */
static void put(struct line *l, const char *s)
{
	size_t n = strlen(s);

	if (l->len + n < sizeof(l->text)) {
		memcpy(l->text + l->len, s, n + 1);
		l->len += n;
	}
}

/* Print the line without trailing blanks, then a newline. */
static void flush_line(struct ui *ui, struct line *l)
{
	while (l->len > 0 && l->text[l->len - 1] == ' ')
		l->len--;
	l->text[l->len] = '\0';
	fprintf(ui->term.out, "%s\n", l->text);
	l->len = 0;
}

/* Put a label right-aligned in two columns: the row number n, or with
 * `letter` the letter of column n (1 is a), dim if the terminal takes
 * colours, then `after`. */
static void put_label(struct ui *ui, struct line *l, int n, bool letter,
		      const char *after)
{
	char label[12];

	if (letter)
		snprintf(label, sizeof(label), " %c", 'a' + n - 1);
	else
		snprintf(label, sizeof(label), "%2d", n);
	put(l, ui->term.color ? ANSI_LABEL : "");
	put(l, label);
	put(l, ui->term.color ? ANSI_RESET : "");
	put(l, after);
}

/* True when (row, col) is one of the n marks. */
static bool in_marks(const struct move *marks, int n, int row, int col)
{
	int i;

	for (i = 0; i < n; i++)
		if (marks[i].row == row && marks[i].col == col)
			return true;
	return false;
}

/* Put one cell: " x " plainly, "[x]" when marked without colour; a
 * marked empty point shows a cross. */
static void put_cell(struct ui *ui, struct line *l, const struct board *b,
		     int row, int col, const struct move *marks, int nmarks)
{
	const struct move *last = board_last(b);
	bool is_last = last != NULL && last->row == row && last->col == col;
	bool won = in_win(b, row, col);
	const char *stone = ui_board_stone(ui, board_at(b, row, col));

	if (board_at(b, row, col) == STONE_NONE &&
	    in_marks(marks, nmarks, row, col))
		stone = ui->term.ascii ? "x" : i18n_symbol(I18N_MARK); /* × */

	if (!is_last && !won) {
		put(l, " ");
		put(l, stone);
		put(l, " ");
	} else if (ui->term.color) {
		put(l, won ? " " ANSI_WIN : " " ANSI_LAST);
		put(l, stone);
		put(l, ANSI_RESET " ");
	} else {
		put(l, "[");
		put(l, stone);
		put(l, "]");
	}
}

int ui_board_forbidden(const struct board *b, struct move *marks)
{
	if (b->rule != RULE_RENJU || board_to_move(b) != STONE_BLACK)
		return 0;
	return renju_forbidden_points(b, marks, BOARD_MAX_CELLS);
}

void ui_board_draw(struct ui *ui, const struct board *b)
{
	ui_board_draw_marked(ui, b, NULL, 0);
}

void ui_board_draw_marked(struct ui *ui, const struct board *b,
			  const struct move *marks, int nmarks)
{
	struct line l = {{0}, 0};
	int r, c;

	put(&l, "   ");
	for (c = 0; c < b->cols; c++)
		put_label(ui, &l, c + 1, true, " ");
	flush_line(ui, &l);
	for (r = 0; r < b->rows; r++) {
		put_label(ui, &l, r + 1, false, " ");
		for (c = 0; c < b->cols; c++)
			put_cell(ui, &l, b, r, c, marks, nmarks);
		flush_line(ui, &l);
	}
}
