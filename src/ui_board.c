/* ui_board.c -- the labelled board, as in the seed program: a row of
 * column numbers across the top, row numbers down the left, one cell
 * three columns wide so two-digit labels line up. */
#include <string.h>

#include "ui.h"

#define ANSI_RESET "\033[0m"
#define ANSI_LAST "\033[1;33m" /* bold yellow: the last move */
#define ANSI_WIN "\033[1;32m"  /* bold green: the winning line */
#define ANSI_LABEL "\033[2m"   /* dim: labels */

const char *ui_stone(const struct ui *ui, enum stone s)
{
	switch (s) {
	case STONE_BLACK:
		return ui->ascii ? "*" : "\u25CF"; /* ● */
	case STONE_WHITE:
		return ui->ascii ? "#" : "\u25CB"; /* ○ */
	case STONE_NONE:
		break;
	}
	return ui->ascii ? "." : "\u00B7"; /* · */
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

/* Print the label row: the column numbers. */
static void draw_labels(struct ui *ui, const struct board *b)
{
	int c;

	fputs(ui->color ? ANSI_LABEL "   " : "   ", ui->out);
	for (c = 0; c < b->cols; c++)
		fprintf(ui->out, "%2d ", c + 1);
	fputs(ui->color ? ANSI_RESET "\n" : "\n", ui->out);
}

/* Print one cell: " x " plainly, "[x]" when marked without colour. */
static void draw_cell(struct ui *ui, const struct board *b, int row, int col)
{
	const struct move *last = board_last(b);
	bool is_last = last != NULL && last->row == row && last->col == col;
	bool mark = is_last || in_win(b, row, col);
	const char *stone = ui_stone(ui, board_at(b, row, col));

	if (!mark)
		fprintf(ui->out, " %s ", stone);
	else if (ui->color)
		fprintf(ui->out, " %s%s" ANSI_RESET " ",
			in_win(b, row, col) ? ANSI_WIN : ANSI_LAST, stone);
	else
		fprintf(ui->out, "[%s]", stone);
}

void ui_board_draw(struct ui *ui, const struct board *b)
{
	int r, c;

	draw_labels(ui, b);
	for (r = 0; r < b->rows; r++) {
		if (ui->color)
			fprintf(ui->out, ANSI_LABEL "%2d" ANSI_RESET " ", r + 1);
		else
			fprintf(ui->out, "%2d ", r + 1);
		for (c = 0; c < b->cols; c++)
			draw_cell(ui, b, r, c);
		fputc('\n', ui->out);
	}
}
