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
#include "ui_internal.h"

/* Column keys for tsv and json. */
static const char *const move_columns[] = {
	"move", "colour", "played",	"before",     "after",
	"best", "mark",	  "missed_win", "forced_loss"};
static const char *const summary_columns[] = {
	"colour",   "player",	"moves",       "accuracy",     "inaccuracies",
	"mistakes", "blunders", "missed_wins", "forced_losses"};
#define COLUMNS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* What one run of `gomoku analyze` has judged. */
struct report {
	const struct match_full *f;
	struct analyze_move *moves; /* [f->nmoves] */
	int done;		    /* moves judged */
	int skip;		    /* swap2's opening stones: not judged */
	int time_ms;
};

/* ==== Words ============================================================== */

/* The fixed English word of a mark, for scripts ("" for none). */
static const char *mark_word(const struct report *r,
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
static void put_padded(struct ui *ui, const char *text, int width)
{
	int used = i18n_width(text);

	ui_put_clean(ui, text);
	for (; used < width; used++)
		fputc(' ', ui->term.out);
}

/* The marks of m in words, "blunder, forced loss from here". */
static void put_marks(struct ui *ui, const struct report *r,
		      const struct analyze_move *m)
{
	/* TRANSLATORS: between two marks of a move */
	const char *comma = _(", ");
	const char *word = mark_word(r, m);
	const char *sep = "";

	if (word[0] != '\0') {
		fputs(_(word), ui->term.out);
		sep = comma;
	}
	if (m->number <= r->skip)
		return;
	if (m->missed_win) {
		fprintf(ui->term.out, "%s%s", sep, _("missed win"));
		sep = comma;
	}
	if (m->forced_loss)
		fprintf(ui->term.out, "%s%s", sep, _("forced loss from here"));
}

/* One move as a line of the table. */
static void table_move(struct ui *ui, const struct report *r,
		       const struct analyze_move *m)
{
	char played[NOTATION_MOVE_LEN], best[NOTATION_MOVE_LEN];

	notation_format(m->played.row, m->played.col, played);
	if (m->has_best)
		notation_format(m->best.row, m->best.col, best);
	fprintf(ui->term.out, "%5d  ", m->number);
	put_padded(ui, colour_shown(m->colour), 7);
	fprintf(ui->term.out, "%-6s  %5.0f%%  %5.0f%%  ", played, m->before,
		m->after);
	if (mark_word(r, m)[0] == '\0' && !m->missed_win && !m->forced_loss) {
		fprintf(ui->term.out, "%s\n", m->has_best ? best : "-");
		return;
	}
	fprintf(ui->term.out, "%-5s ", m->has_best ? best : "-");
	put_marks(ui, r, m);
	fputc('\n', ui->term.out);
}

/* The summary of colour s, two lines for people. */
static void table_summary(struct ui *ui, const struct report *r, enum stone s)
{
	struct analyze_summary sum;
	char name[UI_NAME_MAX];

	analyze_summarise(r->moves, r->done, s, r->skip, &sum);
	ui_say(ui,
	       ngettext("%s (%s): accuracy %.0f%% over %d move",
			"%s (%s): accuracy %.0f%% over %d moves",
			(unsigned long)sum.moves),
	       ui_words_side(r->f, s, name), colour_shown(s), sum.accuracy,
	       sum.moves);
	ui_say(ui,
	       _("  inaccuracies %d, mistakes %d, blunders %d, missed wins "
		 "%d, forced losses %d"),
	       sum.marks[ANALYZE_INACCURACY], sum.marks[ANALYZE_MISTAKE],
	       sum.marks[ANALYZE_BLUNDER], sum.missed_wins, sum.forced_losses);
}

/* The whole report as tables. */
static void print_table(struct ui *ui, const struct report *r)
{
	const struct match_full *f = r->f;
	char black[UI_NAME_MAX], white[UI_NAME_MAX];
	int i;

	fputc('\n', ui->term.out);
	ui_say(ui, _("Match %lld: %s (black) against %s (white), %s %dx%d"),
	       f->id, ui_words_side(f, STONE_BLACK, black),
	       ui_words_side(f, STONE_WHITE, white),
	       ui_words_variant(f->variant), f->rows, f->cols);
	ui_say(ui,
	       _("The computer's view, %g s a position: the mover's chance "
		 "to win before and\nafter each move, and the move it would "
		 "have played (Best)."),
	       r->time_ms / 1000.0);
	ui_say(ui, "%s", _(" Move  Side   Played  Before   After  Best  Mark"));
	for (i = 0; i < r->done; i++)
		table_move(ui, r, &r->moves[i]);
	fputc('\n', ui->term.out);
	table_summary(ui, r, STONE_BLACK);
	table_summary(ui, r, STONE_WHITE);
	if (r->done < f->nmoves)
		ui_say(ui,
		       _("Interrupted: %d of %d moves analysed; the summary "
			 "covers those."),
		       r->done, f->nmoves);
}

/* ==== Listings for scripts =============================================== */

/* One move as a row for scripts. */
static void script_move(struct ui_list *l, const struct report *r,
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
static void script_summary(struct ui_list *l, const struct report *r,
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
static void print_script(struct ui *ui, const struct report *r)
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
static bool still_played(struct ui *ui, const struct match_full *f)
{
	if (ui_analyze_allowed(f))
		return false;
	ui_error(ui,
		 _("match %lld is not finished: it can be analysed once "
		   "it has ended"),
		 f->id);
	return true;
}

/* Judge r's moves one by one, showing the progress, until all are done
 * or a stop signal arrives. Return UI_OK or UI_INTERRUPTED. */
static enum ui_status judge_all(struct analysis *an, struct report *r)
{
	int rc = 1;

	while (r->done < r->f->nmoves) {
		progress(r->done + 1, r->f->nmoves);
		rc = analyze_next(an, term_stop_flag(), &r->moves[r->done]);
		if (rc != 1)
			break;
		r->done++;
	}
	progress_done();
	if (rc == -1)
		return term_stop_signal() != 0 ? UI_INTERRUPTED : UI_FAILED;
	return UI_OK;
}

/* Load match id into *f (the caller's) and check that it may be
 * analysed. Return UI_OK, or UI_REFUSED after saying why not. */
static enum ui_status load_finished(struct ui *ui, long long id,
				    struct match_full *f)
{
	if (store_match_load(ui->club.store, id, f) != STORE_OK) {
		ui_error(ui, _("there is no match %lld"), id);
		return UI_REFUSED;
	}
	if (still_played(ui, f))
		return UI_REFUSED;
	if (f->nmoves == 0) {
		ui_error(ui, _("match %lld has no moves to analyse"), id);
		return UI_REFUSED;
	}
	return UI_OK;
}

/* Analyse the loaded match r->f and print the report (partial when
 * interrupted). Return UI_OK, UI_INTERRUPTED or UI_FAILED. */
static enum ui_status analyse_loaded(struct ui *ui, struct report *r)
{
	const struct match_full *f = r->f;
	struct analysis *an = analyze_create(r->time_ms);
	enum ui_status st = UI_FAILED;

	if (an == NULL)
		return UI_FAILED;
	if (analyze_start(an, f->rows, f->cols, f->k, f->rule, f->moves,
			  f->nmoves) != 0) {
		ui_error(ui, _("the moves of match %lld cannot be replayed"),
			 f->id);
		goto out_free;
	}
	st = judge_all(an, r);
	if (ui->opt->format == FORMAT_TABLE)
		print_table(ui, r);
	else
		print_script(ui, r);
	if (st == UI_INTERRUPTED)
		ui_error(ui, _("interrupted: %d of %d moves analysed"), r->done,
			 f->nmoves);
out_free:
	analyze_free(an);
	return st;
}

enum ui_status ui_analyze(struct ui *ui, long long id, int time_ms)
{
	struct match_full *f = malloc(sizeof(*f));
	struct report r = {0};
	enum ui_status st;

	if (f == NULL)
		return UI_FAILED;
	st = load_finished(ui, id, f);
	if (st != UI_OK)
		goto out_free;
	r.f = f;
	r.time_ms = time_ms > 0 ? time_ms : ANALYZE_DEFAULT_MS;
	r.skip = f->opening == OPENING_SWAP2 ? f->opening_stones : 0;
	r.moves = calloc((size_t)f->nmoves, sizeof(*r.moves));
	st = r.moves != NULL ? analyse_loaded(ui, &r) : UI_FAILED;
	free(r.moves);
out_free:
	free(f);
	return st;
}

/* ==== In the replay ====================================================== */

/* Say what the computer sees in view v. */
static void say_view(struct ui *ui, const struct analyze_view *v)
{
	char best[NOTATION_MOVE_LEN];

	if (v->side == STONE_NONE) {
		ui_say(ui, _("The game is over in this position."));
		return;
	}
	if (v->has_best)
		notation_format(v->best.row, v->best.col, best);
	ui_say(ui,
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

enum ui_status ui_analyze_replay(struct ui *ui, const struct match_full *f,
				 int at)
{
	struct analysis *an;
	struct analyze_view v;
	struct board b;
	int i, rc;

	if (still_played(ui, f))
		return UI_OK;
	an = analyze_create(ANALYZE_DEFAULT_MS);
	if (an == NULL)
		return UI_FAILED;
	board_init(&b, f->rows, f->cols, f->k, f->rule);
	for (i = 0; i < at && i < f->nmoves; i++)
		board_play(&b, f->moves[i].row, f->moves[i].col);
	rc = analyze_position(an, &b, term_stop_flag(), &v);
	analyze_free(an);
	if (rc == 0)
		say_view(ui, &v);
	return rc == 1 ? UI_INTERRUPTED : UI_OK;
}
