/* ui_table.c -- a table for people laid out to a width: names cut,
 * then columns dropped, as ui_table.h says. */
#include "ui_table.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"

struct ui_table {
	int n;					      /* columns */
	struct ui_table_column col[UI_TABLE_COLUMNS]; /* titles owned */
	int full[UI_TABLE_COLUMNS];  /* the widest of title and cells */
	int least[UI_TABLE_COLUMNS]; /* what a cut leaves: >= the title */
	char **cells;		     /* rows * n, owned */
	int rows, cap;		     /* rows added, rows of room */
	bool ellipsis;
};

/* See ui_table.h. */
struct ui_table *ui_table_new(const struct ui_table_column cols[], int n,
			      bool ellipsis)
{
	struct ui_table *t = calloc(1, sizeof(*t));
	int i, title;

	if (t == NULL || n < 1 || n > UI_TABLE_COLUMNS) {
		free(t);
		return NULL;
	}
	t->n = n;
	t->ellipsis = ellipsis;
	for (i = 0; i < n; i++) {
		t->col[i] = cols[i];
		t->col[i].title = strdup(cols[i].title);
		if (t->col[i].title == NULL) {
			ui_table_free(t);
			return NULL;
		}
		title = i18n_width(cols[i].title);
		t->full[i] = title;
		t->least[i] = cols[i].least > title ? cols[i].least : title;
	}
	return t;
}

/* See ui_table.h. */
int ui_table_add(struct ui_table *t, const char *const cells[])
{
	char **grown;
	int i, cap, w;

	if (t->rows == t->cap) {
		cap = t->cap > 0 ? t->cap * 2 : 16;
		grown = realloc(t->cells,
				(size_t)cap * (size_t)t->n * sizeof(*grown));
		if (grown == NULL)
			return -1;
		t->cells = grown;
		t->cap = cap;
	}
	for (i = 0; i < t->n; i++) {
		t->cells[t->rows * t->n + i] = strdup(cells[i]);
		if (t->cells[t->rows * t->n + i] == NULL) {
			while (i-- > 0)
				free(t->cells[t->rows * t->n + i]);
			return -1;
		}
	}
	for (i = 0; i < t->n; i++) {
		w = i18n_width(cells[i]);
		t->full[i] = w > t->full[i] ? w : t->full[i];
	}
	t->rows++;
	return 0;
}

/* The columns widths[0..t->n) take with their gaps (0: not shown). */
static int total(const struct ui_table *t, const int widths[])
{
	int i, sum = 0;
	bool first = true;

	for (i = 0; i < t->n; i++) {
		if (widths[i] == 0)
			continue;
		sum += widths[i] + (first ? 0 : t->col[i].gap);
		first = false;
	}
	return sum;
}

/* The next drop number after `after` that a column has, or 0. */
static int next_drop(const struct ui_table *t, int after)
{
	int i, next = 0;

	for (i = 0; i < t->n; i++)
		if (t->col[i].drop > after &&
		    (next == 0 || t->col[i].drop < next))
			next = t->col[i].drop;
	return next;
}

/* See ui_table.h. */
void ui_table_widths(const struct ui_table *t, int room, int widths[])
{
	int i, drop = 0, spare, more;

	for (i = 0; i < t->n; i++) /* every name cut */
		widths[i] = t->col[i].least > 0 && t->least[i] < t->full[i]
				    ? t->least[i]
				    : t->full[i];
	while (total(t, widths) > room && (drop = next_drop(t, drop)) > 0)
		for (i = 0; i < t->n; i++)
			if (t->col[i].drop == drop)
				widths[i] = 0;
	for (i = 0; i < t->n; i++) { /* the names given back, from the left */
		spare = room - total(t, widths);
		more = t->full[i] - widths[i];
		if (widths[i] > 0 && more > 0 && spare > 0)
			widths[i] += more < spare ? more : spare;
	}
}

/* Write cell s in `width` columns, aligned as column c says, without
 * its end's blanks; a wider one cut to end in the ellipsis. Return the
 * columns written. */
static int put_cell(const struct ui_table *t, int c, const char *s, int width,
		    FILE *out)
{
	char cut[512];
	size_t len = strlen(s), blanks = 0;
	int w = i18n_width(s);

	if (w > width) {
		w = i18n_fit(s, width - 1, cut, sizeof(cut));
		fputs(cut, out);
		fputs(t->ellipsis ? "…" : "~", out);
		return w + 1;
	}
	while (blanks < len && s[len - 1 - blanks] == ' ')
		blanks++;
	if (t->col[c].right)
		fprintf(out, "%*s", width - w, "");
	fprintf(out, "%.*s", (int)(len - blanks), s);
	return (t->col[c].right ? width : w) - (int)blanks;
}

/* Write the line of cells[0..t->n) in `widths`, without its end's
 * blanks. */
static void put_line(const struct ui_table *t, const char *const cells[],
		     const int widths[], FILE *out)
{
	int i, blanks = 0, used;
	bool first = true;

	for (i = 0; i < t->n; i++) {
		if (widths[i] == 0)
			continue;
		blanks += first ? 0 : t->col[i].gap;
		first = false;
		if (cells[i][0] == '\0') {
			blanks += widths[i];
			continue;
		}
		fprintf(out, "%*s", blanks, "");
		used = put_cell(t, i, cells[i], widths[i], out);
		blanks = widths[i] - used;
	}
	fputc('\n', out);
}

/* See ui_table.h. */
void ui_table_print(const struct ui_table *t, int room, FILE *out)
{
	const char *titles[UI_TABLE_COLUMNS];
	int widths[UI_TABLE_COLUMNS], i;

	ui_table_widths(t, room, widths);
	for (i = 0; i < t->n; i++)
		titles[i] = t->col[i].title;
	put_line(t, titles, widths, out);
	for (i = 0; i < t->rows; i++)
		put_line(t, (const char *const *)t->cells + i * t->n, widths,
			 out);
}

/* See ui_table.h. */
void ui_table_free(struct ui_table *t)
{
	int i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++)
		free((char *)t->col[i].title);
	for (i = 0; i < t->rows * t->n; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t);
}
