/* ui_board.c -- the labelled board: column letters (a, b, ...) across
 * the top and row numbers down the left, as moves are written ("h8"),
 * one cell three columns wide so two-digit labels line up. Stones are
 * ● ○ in the terminal's character set (i18n_symbol()), or * # when it
 * has none. */
#include <string.h>

#include "strbuf.h"
#include "ui_term.h"

#define ANSI_RESET "\033[0m"
#define ANSI_LAST  "\033[1;33m" /* bold yellow: the last move */
#define ANSI_WIN   "\033[1;32m" /* bold green: the winning line */
#define ANSI_LABEL "\033[2m"	/* dim: labels */

const char *ui_board_stone(const struct ui_term *term, enum stone s)
{
	switch (s) {
	case STONE_BLACK:
		return term->ascii ? "*" : i18n_symbol(I18N_BLACK); /* ● */
	case STONE_WHITE:
		return term->ascii ? "#" : i18n_symbol(I18N_WHITE); /* ○ */
	case STONE_NONE:
		break;
	}
	return term->ascii ? "." : i18n_symbol(I18N_EMPTY); /* · */
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

/* Room for a line of the board: 26 coloured cells and its labels. */
#define LINE_MAX_BYTES (BOARD_MAX_SIZE * 32 + 64)

/* Print the line built in l without trailing blanks, then a newline,
 * and empty l for the next. */
static void flush_line(const struct ui_term *term, struct strbuf *l)
{
	size_t len = l->len < l->cap ? l->len : l->cap - 1;

	while (len > 0 && l->data[len - 1] == ' ')
		len--;
	fprintf(term->out, "%.*s\n", (int)len, l->data);
	strbuf_release(l);
}

/* Put a label right-aligned in two columns: the row number n, or with
 * `letter` the letter of column n (1 is a), dim if the terminal takes
 * colours, then `after`. */
static void put_label(const struct ui_term *term, struct strbuf *l, int n,
		      bool letter, const char *after)
{
	char label[12];

	if (letter)
		snprintf(label, sizeof(label), " %c", 'a' + n - 1);
	else
		snprintf(label, sizeof(label), "%2d", n);
	strbuf_puts(l, term->color ? ANSI_LABEL : "");
	strbuf_puts(l, label);
	strbuf_puts(l, term->color ? ANSI_RESET : "");
	strbuf_puts(l, after);
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
static void put_cell(const struct ui_term *term, struct strbuf *l,
		     const struct board *b, int row, int col,
		     const struct move *marks, int nmarks)
{
	const struct move *last = board_last(b);
	bool is_last = last != NULL && last->row == row && last->col == col;
	bool won = in_win(b, row, col);
	const char *stone = ui_board_stone(term, board_at(b, row, col));

	if (board_at(b, row, col) == STONE_NONE &&
	    in_marks(marks, nmarks, row, col))
		stone = term->ascii ? "x" : i18n_symbol(I18N_MARK); /* × */

	if (!is_last && !won) {
		strbuf_puts(l, " ");
		strbuf_puts(l, stone);
		strbuf_puts(l, " ");
	} else if (term->color) {
		strbuf_puts(l, won ? " " ANSI_WIN : " " ANSI_LAST);
		strbuf_puts(l, stone);
		strbuf_puts(l, ANSI_RESET " ");
	} else {
		strbuf_puts(l, "[");
		strbuf_puts(l, stone);
		strbuf_puts(l, "]");
	}
}

int ui_board_forbidden(const struct board *b, struct move *marks)
{
	if (b->rule != RULE_RENJU || board_to_move(b) != STONE_BLACK)
		return 0;
	return renju_forbidden_points(b, marks, BOARD_MAX_CELLS);
}

void ui_board_draw(const struct ui_term *term, const struct board *b)
{
	ui_board_draw_marked(term, b, NULL, 0);
}

void ui_board_draw_marked(const struct ui_term *term, const struct board *b,
			  const struct move *marks, int nmarks)
{
	char line[LINE_MAX_BYTES];
	struct strbuf l;
	int r, c;

	strbuf_fixed(&l, line, sizeof(line));

	strbuf_puts(&l, "   ");
	for (c = 0; c < b->cols; c++)
		put_label(term, &l, c + 1, true, " ");
	flush_line(term, &l);
	for (r = 0; r < b->rows; r++) {
		put_label(term, &l, r + 1, false, " ");
		for (c = 0; c < b->cols; c++)
			put_cell(term, &l, b, r, c, marks, nmarks);
		flush_line(term, &l);
	}
}
