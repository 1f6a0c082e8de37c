/* ui_analyze.c -- the computer's view of a recorded match for players:
 * `gomoku analyze MATCH_ID` (every move judged, each player summed up)
 * and the `a` command of the replay (the position shown). The judging
 * is analyze.c's; this file loads the match, shows the progress, and
 * prints. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze.h"
#include "notation.h"
#include "store.h"
#include "ui_analyze.h"
#include "ui_internal.h"
#include "words.h"

/* Column keys for tsv and json. */
static const char *const move_columns[] = {
	"move", "colour", "played",	"before",     "after",
	"best", "mark",	  "missed_win", "forced_loss"};
static const char *const summary_columns[] = {
	"colour",   "player",	"moves",       "accuracy",     "inaccuracies",
	"mistakes", "blunders", "missed_wins", "forced_losses"};
#define COLUMNS(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* The graph of the line interface: rows, and columns at most. */
#define GRAPH_H 6
#define GRAPH_W 70

/* ==== Words ============================================================== */

/* The fixed English word of a mark, for scripts ("" for none). */
static const char *mark_word(const struct ui_analysis *r,
			     const struct analyze_move *m)
{
	static const char *const words[ANALYZE_MARKS] = {
		"", N_("inaccuracy"), N_("mistake"), N_("blunder")};

	return m->number <= r->skip ? N_("opening") : words[m->mark];
}

/* "black" or "white" in the user's language. */
static const char *colour_shown(enum stone s)
{
	return s == STONE_BLACK ? _("black") : _("white");
}

/* ==== Progress =========================================================== */

/* True when the progress can be rewritten in place: standard error is
 * a terminal that understands "erase to the end of the line". */
static bool progress_in_place(void)
{
	const char *term = getenv("TERM");

	return isatty(STDERR_FILENO) && term != NULL && term[0] != '\0' &&
	       strcmp(term, "dumb") != 0;
}

/* Show "Analysing move i of n..." on standard error: rewritten in place
 * on a terminal, a line each elsewhere (standard output stays clean). */
static void progress(int i, int n)
{
	if (progress_in_place()) {
		fputc('\r', stderr);
		fprintf(stderr, _("Analysing move %d of %d..."), i, n);
		fputs("\033[K", stderr);
	} else {
		fprintf(stderr, _("Analysing move %d of %d..."), i, n);
		fputc('\n', stderr);
	}
	fflush(stderr);
}

/* Take the progress line off a terminal. */
static void progress_done(void)
{
	if (progress_in_place()) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* ==== Tables for people ================================================== */

/* Write text padded with blanks to `width` terminal columns. */
static void put_padded(struct ui_term *term, const char *text, int width)
{
	int used = i18n_width(text);

	ui_put_clean(term, text);
	for (; used < width; used++)
		fputc(' ', term->out);
}

/* See ui_internal.h. */
const char *ui_analysis_marks(const struct ui_analysis *r,
			      const struct analyze_move *m, char *buf,
			      size_t cap)
{
	/* TRANSLATORS: between two marks of a move */
	const char *comma = _(", ");
	const char *word = mark_word(r, m);
	const char *sep = "";
	size_t len = 0;

	buf[0] = '\0';
	if (word[0] != '\0') {
		len += (size_t)snprintf(buf, cap, "%s", _(word));
		sep = comma;
	}
	if (m->number <= r->skip)
		return buf;
	if (m->missed_win && len < cap) {
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", sep,
					_("missed win"));
		sep = comma;
	}
	if (m->forced_loss && len < cap)
		snprintf(buf + len, cap - len, "%s%s", sep,
			 _("forced loss from here"));
	return buf;
}

/* One move as a line of the table. */
static void table_move(struct ui_term *term, const struct ui_analysis *r,
		       const struct analyze_move *m)
{
	char played[NOTATION_MOVE_LEN], best[NOTATION_MOVE_LEN], marks[128];

	notation_format(m->played.row, m->played.col, played);
	if (m->has_best)
		notation_format(m->best.row, m->best.col, best);
	fprintf(term->out, "%5d  ", m->number);
	put_padded(term, colour_shown(m->colour), 7);
	fprintf(term->out, "%-6s  %5.0f%%  %5.0f%%  ", played, m->before,
		m->after);
	if (ui_analysis_marks(r, m, marks, sizeof(marks))[0] == '\0') {
		fprintf(term->out, "%s\n", m->has_best ? best : "-");
		return;
	}
	fprintf(term->out, "%-5s %s\n", m->has_best ? best : "-", marks);
}

/* The summary of colour s, two lines for people. */
static void table_summary(struct ui_term *term, const struct ui_analysis *r,
			  enum stone s)
{
	struct analyze_summary sum;
	char name[UI_NAME_MAX];

	analyze_summarise(r->moves, r->done, s, r->skip, &sum);
	ui_say(term,
	       ngettext("%s (%s): accuracy %.0f%% over %d move",
			"%s (%s): accuracy %.0f%% over %d moves",
			(unsigned long)sum.moves),
	       ui_words_side(r->f, s, name), colour_shown(s), sum.accuracy,
	       sum.moves);
	ui_say(term,
	       _("  inaccuracies %d, mistakes %d, blunders %d, missed wins "
		 "%d, forced losses %d"),
	       sum.marks[ANALYZE_INACCURACY], sum.marks[ANALYZE_MISTAKE],
	       sum.marks[ANALYZE_BLUNDER], sum.missed_wins, sum.forced_losses);
}

/* The whole report as tables. */
static void print_table(struct ui_term *term, const struct ui_analysis *r)
{
	const struct match_full *f = r->f;
	char line[UI_NAME_MAX * 2 + 320];
	int i;

	ui_break(term);
	ui_say(term, "%s", ui_words_match(term, f, line, sizeof(line)));
	ui_say(term,
	       _("The computer's view, %g s a position: the mover's chance "
		 "to win before and\nafter each move, and the move it would "
		 "have played (Best)."),
	       r->time_ms / 1000.0);
	ui_say(term, "%s",
	       _(" Move  Side   Played  Before   After  Best  Mark"));
	for (i = 0; i < r->done; i++)
		table_move(term, r, &r->moves[i]);
	fputc('\n', term->out);
	table_summary(term, r, STONE_BLACK);
	table_summary(term, r, STONE_WHITE);
	if (r->done < f->nmoves)
		ui_say(term,
		       _("Interrupted: %d of %d moves analysed; the summary "
			 "covers those."),
		       r->done, f->nmoves);
}

/* ==== The graph ========================================================== */

double ui_analysis_black(const struct ui_analysis *a, int i)
{
	const struct analyze_move *m = &a->moves[i];

	return m->colour == STONE_BLACK ? m->after : 100.0 - m->after;
}

/* See ui_internal.h. */
int ui_analysis_graph_columns(const struct ui_analysis *a, int width)
{
	if (a->done == 0 || width < 1)
		return 0;
	return a->done <= width ? a->done * (width / a->done) : width;
}

/* See ui_internal.h. */
int ui_analysis_graph_move(const struct ui_analysis *a, int cols, int c)
{
	if (a->done <= cols) /* each move cols / done columns wide */
		return c / (cols / a->done);
	return (int)(((long long)c + 1) * a->done / cols) - 1;
}

/* See ui_internal.h. */
const char *ui_analysis_graph_cell(const struct ui_analysis *a, int row,
				   int height, int cols, int c, bool ascii)
{
	static const char *const eighths[9] = {" ",	 "\u2581", "\u2582",
					       "\u2583", "\u2584", "\u2585",
					       "\u2586", "\u2587", "\u2588"};
	double black = ui_analysis_black(a, ui_analysis_graph_move(a, cols, c));
	int fill = (int)(black * height * 8 / 100.0 + 0.5) -
		   (height - 1 - row) * 8;

	fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;
	return ascii ? (fill >= 4 ? "#" : " ") : eighths[fill];
}

/* Row `row` (0 the top) of `height` of the graph, `width` columns at
 * most, into buf[cap]. */
static void graph_row(const struct ui_analysis *a, int row, int height,
		      int width, bool ascii, char *buf, size_t cap)
{
	int cols = ui_analysis_graph_columns(a, width), c;
	size_t len = 0;

	buf[0] = '\0';
	for (c = 0; c < cols && len + 4 < cap; c++)
		len += (size_t)snprintf(
			buf + len, cap - len, "%s",
			ui_analysis_graph_cell(a, row, height, cols, c, ascii));
}

/* Black's chance over the game as text rows under the table, with the
 * scale on the left. */
static void print_graph(struct ui_term *term, const struct ui_analysis *a)
{
	char row[GRAPH_W * 4 + 1];
	int i;

	if (a->done == 0)
		return;
	fputc('\n', term->out);
	ui_say(term, "%s", _("Black's chance to win, move by move:"));
	for (i = 0; i < GRAPH_H; i++) {
		graph_row(a, i, GRAPH_H, GRAPH_W, term->ascii, row,
			  sizeof(row));
		fprintf(term->out, "%4s |",
			i == 0		   ? "100%"
			: i == GRAPH_H - 1 ? "0%"
					   : "");
		ui_put_clean(term, row);
		fputc('\n', term->out);
	}
}

/* ==== Listings for scripts =============================================== */

/* One move as a row for scripts. */
static void script_move(struct ui_list *l, const struct ui_analysis *r,
			const struct analyze_move *m)
{
	char played[NOTATION_MOVE_LEN], best[NOTATION_MOVE_LEN];

	notation_format(m->played.row, m->played.col, played);
	if (m->has_best)
		notation_format(m->best.row, m->best.col, best);
	ui_list_row(l);
	ui_list_number(l, "%d", m->number);
	ui_list_text(l, m->colour == STONE_BLACK ? "black" : "white");
	ui_list_text(l, played);
	ui_list_number(l, "%.1f", m->before);
	ui_list_number(l, "%.1f", m->after);
	ui_list_text(l, m->has_best ? best : "");
	ui_list_text(l, mark_word(r, m));
	ui_list_number(l, "%s", m->missed_win ? "true" : "false");
	ui_list_number(l, "%s", m->forced_loss ? "true" : "false");
}

/* The summary of colour s as a row for scripts. */
static void script_summary(struct ui_list *l, const struct ui_analysis *r,
			   enum stone s)
{
	struct analyze_summary sum;
	char name[UI_NAME_MAX];

	analyze_summarise(r->moves, r->done, s, r->skip, &sum);
	ui_list_row(l);
	ui_list_text(l, s == STONE_BLACK ? "black" : "white");
	ui_list_text(l, ui_words_side(r->f, s, name));
	ui_list_number(l, "%d", sum.moves);
	ui_list_number(l, "%.1f", sum.accuracy);
	ui_list_number(l, "%d", sum.marks[ANALYZE_INACCURACY]);
	ui_list_number(l, "%d", sum.marks[ANALYZE_MISTAKE]);
	ui_list_number(l, "%d", sum.marks[ANALYZE_BLUNDER]);
	ui_list_number(l, "%d", sum.missed_wins);
	ui_list_number(l, "%d", sum.forced_losses);
}

/* The report for scripts. TSV: the moves, a blank line, the summary,
 * each with its header line. JSON: one object, {"match", "partial",
 * "moves": [...], "summary": [...]}. */
static void print_script(struct ui *ui, const struct ui_analysis *r)
{
	struct ui_list list;
	bool json = ui->opt->format == FORMAT_JSON;
	int i;

	if (json)
		fprintf(ui->term.out,
			"{\"match\": %lld, \"partial\": %s, "
			"\"moves\": ",
			r->f->id, r->done < r->f->nmoves ? "true" : "false");
	ui_list_begin(&list, ui, move_columns, COLUMNS(move_columns));
	for (i = 0; i < r->done; i++)
		script_move(&list, r, &r->moves[i]);
	ui_list_end(&list);
	fputs(json ? ", \"summary\": " : "\n", ui->term.out);
	ui_list_begin(&list, ui, summary_columns, COLUMNS(summary_columns));
	script_summary(&list, r, STONE_BLACK);
	script_summary(&list, r, STONE_WHITE);
	ui_list_end(&list);
	if (json)
		fputs("}\n", ui->term.out);
}

/* ==== The command ======================================================== */

/* See ui_internal.h. */
bool ui_analyze_allowed(const struct match_full *f)
{
	return f->status != MATCH_STATUS_UNFINISHED ||
	       f->kind == MATCH_IMPORTED;
}

/* Return true (after saying so) when f is a ranked match or a game
 * against the computer still being played: the computer does not help
 * a player in the middle of a game. */
static bool still_played(struct ui_term *term, const struct match_full *f)
{
	if (ui_analyze_allowed(f))
		return false;
	ui_error(term,
		 _("match %lld is not finished: it can be analysed once "
		   "it has ended"),
		 f->id);
	return true;
}

/* The tick of `gomoku analyze`: the progress on standard error. */
static bool progress_tick(void *ctx, int i, int n)
{
	(void)ctx;
	progress(i, n);
	return true;
}

/* Judge a's moves one by one from a->done, calling tick before each,
 * until all are done, tick says stop, or a stop signal arrives. Return
 * UI_OK, UI_INTERRUPTED or UI_FAILED. */
static enum ui_status judge_all(struct analysis *an, struct ui_analysis *a,
				bool (*tick)(void *, int, int), void *ctx)
{
	int rc = 1;

	while (a->done < a->f->nmoves) {
		if (!tick(ctx, a->done + 1, a->f->nmoves))
			return UI_OK;
		rc = analyze_next(an, term_stop_flag(), &a->moves[a->done]);
		if (rc != 1)
			break;
		a->done++;
	}
	if (rc == -1)
		return term_stop_signal() != 0 ? UI_INTERRUPTED : UI_FAILED;
	return UI_OK;
}

/* Judge every move of a->f afresh into a. Return as judge_all(), or
 * UI_FAILED after saying that the moves cannot be replayed. */
static enum ui_status judge_afresh(struct ui *ui, struct ui_analysis *a,
				   bool (*tick)(void *, int, int), void *ctx)
{
	const struct match_full *f = a->f;
	struct analysis *an = analyze_create(a->time_ms);
	enum ui_status st = UI_FAILED;

	if (an == NULL)
		return UI_FAILED;
	if (analyze_start(an, f->game.variant.rows, f->game.variant.cols,
			  f->game.variant.k, f->game.variant.rule, f->moves,
			  f->nmoves) != 0)
		ui_error(&ui->term,
			 _("the moves of match %lld cannot be replayed"),
			 f->id);
	else
		st = judge_all(an, a, tick, ctx);
	analyze_free(an);
	return st;
}

/* See ui_internal.h. */
enum ui_status ui_analysis_run(struct ui *ui, struct ui_analysis *a,
			       const struct match_full *f, int time_ms,
			       bool (*tick)(void *ctx, int i, int n), void *ctx)
{
	enum ui_status st;
	int n = 0;

	if (tick == NULL) { /* the progress on standard error */
		st = ui_analysis_run(ui, a, f, time_ms, progress_tick, NULL);
		progress_done();
		return st;
	}
	memset(a, 0, sizeof(*a));
	a->f = f;
	a->time_ms = time_ms > 0 ? time_ms : ANALYZE_DEFAULT_MS;
	a->skip = f->game.opening == OPENING_SWAP2 ? f->opening_stones : 0;
	a->moves = calloc((size_t)(f->nmoves > 0 ? f->nmoves : 1),
			  sizeof(*a->moves));
	if (a->moves == NULL)
		return UI_FAILED;
	if (store_analysis_load(ui->club.store, f->id, a->time_ms, a->moves,
				f->nmoves, &n) == STORE_OK &&
	    n == f->nmoves) {
		a->done = n;
		a->kept = true;
		return UI_OK;
	}
	st = judge_afresh(ui, a, tick, ctx);
	if (st == UI_OK && a->done == f->nmoves && a->done > 0)
		a->kept = store_analysis_save(ui->club.store, f->id, a->time_ms,
					      a->moves, a->done) == STORE_OK;
	return st;
}

/* See ui_internal.h. */
void ui_analysis_free(struct ui_analysis *a)
{
	free(a->moves);
	a->moves = NULL;
}

/* Load match id into *f (the caller's) and check that it may be
 * analysed. Return UI_OK, or UI_REFUSED after saying why not. */
static enum ui_status load_finished(struct ui *ui, long long id,
				    struct match_full *f)
{
	if (store_match_load(ui->club.store, id, f) != STORE_OK) {
		ui_error(&ui->term, _("there is no match %lld"), id);
		return UI_REFUSED;
	}
	if (still_played(&ui->term, f))
		return UI_REFUSED;
	if (f->nmoves == 0) {
		ui_error(&ui->term, _("match %lld has no moves to analyse"),
			 id);
		return UI_REFUSED;
	}
	return UI_OK;
}

/* See ui_internal.h. */
void ui_analysis_print(struct ui *ui, const struct ui_analysis *a, bool graph)
{
	if (ui->opt->format != FORMAT_TABLE) {
		print_script(ui, a);
		return;
	}
	print_table(&ui->term, a);
	if (graph)
		print_graph(&ui->term, a);
}

enum ui_status ui_analyze(struct ui *ui, long long id, int time_ms)
{
	struct match_full *f = malloc(sizeof(*f));
	struct ui_analysis a = {0};
	enum ui_status st;

	if (f == NULL)
		return UI_FAILED;
	st = load_finished(ui, id, f);
	if (st != UI_OK)
		goto out_free;
	st = ui_analysis_run(ui, &a, f, time_ms, NULL, NULL);
	if (st == UI_OK || st == UI_INTERRUPTED)
		ui_analysis_print(ui, &a, false);
	if (st == UI_INTERRUPTED)
		ui_error(&ui->term, _("interrupted: %d of %d moves analysed"),
			 a.done, f->nmoves);
	ui_analysis_free(&a);
out_free:
	free(f);
	return st;
}

/* See ui_internal.h. */
enum ui_status ui_analyze_game(struct ui *ui, const struct match_full *f)
{
	struct ui_analysis a = {0};
	enum ui_status st;

	if (still_played(&ui->term, f))
		return UI_OK;
	if (f->nmoves == 0) {
		ui_error(&ui->term, _("match %lld has no moves to analyse"),
			 f->id);
		return UI_OK;
	}
	st = ui_analysis_run(ui, &a, f, ANALYZE_DEFAULT_MS, NULL, NULL);
	if (st == UI_OK || st == UI_INTERRUPTED)
		ui_analysis_print(ui, &a, true);
	ui_analysis_free(&a);
	return st;
}

/* ==== In the replay ====================================================== */

/* Say what the computer sees in view v. */
static void say_view(struct ui_term *term, const struct analyze_view *v)
{
	char best[NOTATION_MOVE_LEN];

	if (v->side == STONE_NONE) {
		ui_say(term, _("The game is over in this position."));
		return;
	}
	if (v->has_best)
		notation_format(v->best.row, v->best.col, best);
	ui_say(term,
	       v->proven > 0 ? _("%s to move: win chance %.0f%% (a forced "
				 "win); the computer would play %s.")
	       : v->proven < 0
		       ? _("%s to move: win chance %.0f%% (a forced loss); the "
			   "computer would play %s.")
		       : _("%s to move: win chance %.0f%%; the computer would "
			   "play %s."),
	       v->side == STONE_BLACK ? _("Black") : _("White"), v->win_chance,
	       v->has_best ? best : "-");
}

enum ui_status ui_analyze_replay(struct ui_term *term,
				 const struct match_full *f, int at)
{
	struct analysis *an;
	struct analyze_view v;
	struct board b;
	int i, rc;

	if (still_played(term, f))
		return UI_OK;
	an = analyze_create(ANALYZE_DEFAULT_MS);
	if (an == NULL)
		return UI_FAILED;
	rules_start(&f->game.variant, &b);
	for (i = 0; i < at && i < f->nmoves; i++)
		board_play(&b, f->moves[i].row, f->moves[i].col);
	rc = analyze_position(an, &b, term_stop_flag(), &v);
	analyze_free(an);
	if (rc == 0)
		say_view(term, &v);
	return rc == 1 ? UI_INTERRUPTED : UI_OK;
}
