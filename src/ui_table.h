/* ui_table.h -- private to the ui: a table for people (the leaderboard,
 * a player's history, the imported games), kept as its cells and laid
 * out to a width each time it is shown: on the line interface to the
 * terminal's width as it is printed (ui_list_table(), ui_internal.h),
 * on a full-screen page to the window's width whenever the page is drawn
 * (ui_page_table(), ui_page.h), so a resized window lays it out again.
 * Scripts never see it: --format tsv and json list every column whole.
 *
 * The rule, the same for every table. A column is as wide as its title
 * or its widest cell, worked out once, as the rows are added. A table
 * wider than its room first cuts the columns that may be cut (names:
 * a longer one ends in "…", or "~" where the charset has none) down to
 * their least width, never below their title's; if it is still too
 * wide, it drops whole columns in the order of their `drop` (1 first;
 * columns of the same number go together); then the columns cut get
 * back, from the left, what the dropped ones freed. A column of drop 0
 * is never dropped: a table whose kept columns do not fit even cut is
 * laid out cut, wider than its room. Blanks ending a line are left out.
 * ui_table.c calls nothing of the ui above it: its cells come cleaned
 * for the terminal (ui_clean()).
 */
#ifndef GOMOKU_UI_TABLE_H
#define GOMOKU_UI_TABLE_H

#include <stdbool.h>
#include <stdio.h>

/* The most columns a table has. */
#define UI_TABLE_COLUMNS 12

/* The least columns the tables cut a name to (its title's if wider). */
#define UI_TABLE_NAME_LEAST 8

/* A column of a table, as its maker describes it. */
struct ui_table_column {
	const char *title; /* the header's cell (copied; "" for none) */
	bool right;	   /* aligned to the right (numbers) */
	int gap;	   /* blanks before it (none before the first shown) */
	int least;	   /* a cell may be cut down to this many columns;
			    * 0: never cut */
	int drop;	   /* dropped in this order when the room lacks (1
			    * first); 0: never dropped */
};

struct ui_table;

/* A new table of the columns cols[0..n) (n <= UI_TABLE_COLUMNS), no
 * rows yet; with `ellipsis` a cut cell ends in "…", else in "~". Return
 * it (ui_table_free() frees it), or NULL out of memory. */
struct ui_table *ui_table_new(const struct ui_table_column cols[], int n,
			      bool ellipsis);

/* Add a row of cells[0..n) (n as in ui_table_new(); copied), each
 * cleaned for the terminal. Return 0, or -1 out of memory (the table as
 * it was). */
int ui_table_add(struct ui_table *t, const char *const cells[]);

/* The width of each column in `room` columns, by the rule above, into
 * widths[0..n): 0 for a column dropped. */
void ui_table_widths(const struct ui_table *t, int room, int widths[]);

/* Print t laid out in `room` columns on out: the titles' line, then a
 * line a row. */
void ui_table_print(const struct ui_table *t, int room, FILE *out);

/* Free t and its cells; NULL is allowed. */
void ui_table_free(struct ui_table *t);

#endif
