/* ui_list.c -- listings: the leaderboard and a player's record, as a
 * table for people or as TSV / JSON for scripts (--format); and the
 * framing of every listing for scripts (ui_internal.h), which the
 * history (ui_records.c) uses too. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store.h"
#include "ui_internal.h"

/* Column keys for tsv and json, fixed in DESIGN.md. */
static const char *const leaderboard_columns[] = {
	"rank",	  "username", "nickname", "games",  "wins",
	"losses", "ties",     "score",	  "rating", "win_rate"};
#define LEADERBOARD_COLUMNS                                                    \
	((int)(sizeof(leaderboard_columns) / sizeof(leaderboard_columns[0])))

/* ==== Tables ============================================================= */

/* Write `s` for TSV: tabs and line breaks cannot appear in names, but
 * are replaced by spaces should a database hold them. */
static void put_tsv_string(FILE *out, const char *s)
{
	for (; *s != '\0'; s++)
		fputc((unsigned char)*s < 0x20 ? ' ' : *s, out);
}

/* Pad with spaces from `used` columns to `width`. */
static void pad(FILE *out, int used, int width)
{
	for (; used < width; used++)
		fputc(' ', out);
}

/* The mark of nothing to show (no rank, no win rate): "–", or "-" where
 * the terminal's charset has no dash (never "?", the provisional mark). */
static const char *none_mark(const struct ui *ui)
{
	return ui->term.symbols ? "–" : "-";
}

/* Room for a win rate as shown to people: "100%" or "–". */
#define WIN_RATE_LEN 8

/* p's win rate for people ("57%") into buf, or "–" when p has no games
 * (a rate of nothing is not 0%). Return buf. */
static const char *win_rate_text(const struct ui *ui, const struct player *p,
				 char buf[WIN_RATE_LEN])
{
	if (p->rec.games == 0)
		snprintf(buf, WIN_RATE_LEN, "%s", none_mark(ui));
	else
		snprintf(buf, WIN_RATE_LEN, "%.0f%%",
			 player_win_rate(p) * 100.0);
	return buf;
}

/* The table's nickname column: at most this many columns of it. */
#define NICK_COLUMNS 12

/* See ui_internal.h. */
void ui_list_fit(struct ui *ui, const char *text, int cols)
{
	char clean[UI_CLEAN_MAX], cut[UI_CLEAN_MAX];
	const char *whole = ui_clean(text, clean, sizeof(clean));
	int width;

	if (i18n_width(whole) <= cols) {
		width = i18n_fit(whole, cols, cut, sizeof(cut));
		fputs(cut, ui->term.out);
	} else {
		width = i18n_fit(whole, cols - 1, cut, sizeof(cut));
		fputs(cut, ui->term.out);
		fputs(ui->term.symbols ? "…" : "~", ui->term.out);
		width++;
	}
	pad(ui->term.out, width, cols);
}

/* The mark after a provisional rating (player_provisional()), as
 * lichess marks one. */
#define PROVISIONAL "?"

/* One row of the table format, in 79 columns as table_header() heads
 * it: a nickname longer than its column ends in an ellipsis (its whole
 * is in `stats`, TSV and JSON). */
static void table_row(struct ui *ui, const struct player *p, int rank, bool me)
{
	const struct player_record *r = &p->rec;
	char rate[WIN_RATE_LEN];

	fputc(me ? '>' : ' ', ui->term.out);
	if (rank > 0)
		fprintf(ui->term.out, "%4d", rank);
	else
		ui_list_cell(ui->term.out, none_mark(ui), -4);
	fprintf(ui->term.out, "  %-20s ", p->username);
	ui_list_fit(ui, p->nickname, NICK_COLUMNS);
	fprintf(ui->term.out, " %5d %4d %4d %4d %5d %5.0f%s ", r->games,
		r->wins, r->losses, r->ties, r->score, r->rating,
		player_provisional(p) ? PROVISIONAL : " ");
	win_rate_text(ui, p, rate);
	pad(ui->term.out, i18n_width(rate), 4);
	fprintf(ui->term.out, "%s\n", rate);
}

/* See ui_internal.h. */
void ui_list_cell(FILE *out, const char *text, int width)
{
	int w = i18n_width(text);

	if (width < 0) {
		pad(out, w, -width);
		fputs(text, out);
	} else {
		fputs(text, out);
		pad(out, w, width);
	}
}

/* The table's header, in the columns table_row() prints. */
static void table_header(struct ui *ui)
{
	ui_list_cell(ui->term.out, _("Rank"), -5);
	fputs("  ", ui->term.out);
	ui_list_cell(ui->term.out, _("Player"), 21);
	ui_list_cell(ui->term.out, _("Nickname"), NICK_COLUMNS);
	ui_list_cell(ui->term.out, _("Games"), -6);
	ui_list_cell(ui->term.out, _("W"), -5);
	ui_list_cell(ui->term.out, _("L"), -5);
	ui_list_cell(ui->term.out, _("T"), -5);
	ui_list_cell(ui->term.out, _("Score"), -6);
	ui_list_cell(ui->term.out, _("Rating"), -7);
	ui_list_cell(ui->term.out, _("Win%"), -5);
	fputc('\n', ui->term.out);
}

/* ==== Listings for scripts ============================================== */

void ui_list_begin(struct ui_list *l, struct ui *ui,
		   const char *const columns[], int ncolumns)
{
	int i;

	*l = (struct ui_list){ui, columns, ncolumns, 0, 0};
	if (ui->opt->format == FORMAT_TSV) {
		for (i = 0; i < ncolumns; i++)
			fprintf(ui->term.out, "%s%c", columns[i],
				i + 1 < ncolumns ? '\t' : '\n');
	} else if (ui->opt->format == FORMAT_JSON) {
		fputc('[', ui->term.out);
	}
}

/* End the current row, if one was started. */
static void list_row_end(struct ui_list *l)
{
	if (l->rows == 0 || l->ui->opt->format == FORMAT_TABLE)
		return;
	assert(l->field == l->ncolumns);
	if (l->ui->opt->format == FORMAT_TSV)
		fputc('\n', l->ui->term.out);
	else if (l->ui->opt->format == FORMAT_JSON)
		fputc('}', l->ui->term.out);
}

void ui_list_row(struct ui_list *l)
{
	list_row_end(l);
	if (l->ui->opt->format == FORMAT_JSON)
		fprintf(l->ui->term.out, "%s\n  {", l->rows > 0 ? "," : "");
	l->rows++;
	l->field = 0;
}

/* Write what goes before the next field: a tab, or its json key. */
static void list_field(struct ui_list *l)
{
	assert(l->rows > 0 && l->field < l->ncolumns);
	if (l->ui->opt->format == FORMAT_TSV && l->field > 0)
		fputc('\t', l->ui->term.out);
	else if (l->ui->opt->format == FORMAT_JSON)
		fprintf(l->ui->term.out, "%s\"%s\": ", l->field > 0 ? ", " : "",
			l->columns[l->field]);
	l->field++;
}

void ui_list_text(struct ui_list *l, const char *s)
{
	if (l->ui->opt->format == FORMAT_TABLE)
		return;
	list_field(l);
	if (l->ui->opt->format == FORMAT_JSON)
		ui_put_json(l->ui, s);
	else
		put_tsv_string(l->ui->term.out, s);
}

void ui_list_number(struct ui_list *l, const char *fmt, ...)
{
	va_list ap;

	if (l->ui->opt->format == FORMAT_TABLE)
		return;
	list_field(l);
	va_start(ap, fmt);
	vfprintf(l->ui->term.out, fmt, ap);
	va_end(ap);
}

void ui_list_end(struct ui_list *l)
{
	list_row_end(l);
	if (l->ui->opt->format == FORMAT_JSON)
		fputs(l->rows > 0 ? "\n]\n" : "]\n", l->ui->term.out);
}

/* ==== Leaderboards and a player's record ================================ */

/* p's row of a leaderboard for scripts, at `rank`. */
static void script_row(struct ui_list *l, const struct player *p, int rank)
{
	const struct player_record *r = &p->rec;

	ui_list_row(l);
	ui_list_number(l, "%d", rank);
	ui_list_text(l, p->username);
	ui_list_text(l, p->nickname);
	ui_list_number(l, "%d", r->games);
	ui_list_number(l, "%d", r->wins);
	ui_list_number(l, "%d", r->losses);
	ui_list_number(l, "%d", r->ties);
	ui_list_number(l, "%d", r->score);
	ui_list_number(l, "%.1f", r->rating);
	ui_list_number(l, "%.3f", player_win_rate(p));
}

/* Under a leaderboard table: what its marks mean, for those it shows. */
static void legend(struct ui *ui, bool provisional, bool unranked)
{
	if (provisional)
		ui_say(ui,
		       ngettext("%s a provisional rating: fewer than %d ranked "
				"game",
				"%s a provisional rating: fewer than %d ranked "
				"games",
				PLAYER_PROVISIONAL_GAMES),
		       PROVISIONAL, PLAYER_PROVISIONAL_GAMES);
	if (unranked)
		ui_say(ui, _("%s no rank: no ranked game yet"), none_mark(ui));
}

/* Print the leaderboard of list l (see ui_list_leaderboard()); `title` heads
 * the table. */
static enum ui_status leaderboard_of(struct ui *ui, const struct plist *l,
				     const char *title, int top,
				     enum plist_key key,
				     const struct player *me)
{
	size_t n = plist_count(l), i;
	struct player **best;
	struct ui_list list;
	bool me_shown = false, provisional = false, unranked = false;
	int rank = 0;

	if ((size_t)top < n)
		n = (size_t)top;
	best = malloc((n > 0 ? n : 1) * sizeof(*best));
	if (best == NULL) {
		ui_error(ui, _("out of memory"));
		return UI_FAILED;
	}
	n = plist_top(l, key, n, best); /* the unranked last */
	if (ui->opt->format == FORMAT_TABLE) {
		fputc('\n', ui->term.out);
		ui_say(ui, "%s", n == 0 ? _("No games to rank yet.") : title);
		if (n > 0)
			table_header(ui);
	}
	ui_list_begin(&list, ui, leaderboard_columns, LEADERBOARD_COLUMNS);
	for (i = 0; i < n; i++) {
		if (!player_ranked(best[i]))
			rank = 0;
		else if (i == 0 || !player_same_rank(best[i - 1], best[i], key))
			rank = (int)i + 1;
		provisional |= player_provisional(best[i]);
		unranked |= rank == 0;
		if (ui->opt->format == FORMAT_TABLE)
			table_row(ui, best[i], rank, best[i] == me);
		else
			script_row(&list, best[i], rank);
		me_shown |= best[i] == me;
	}
	if (me != NULL && !me_shown && ui->opt->format == FORMAT_TABLE) {
		ui_say(ui, "  ...");
		table_row(ui, me, plist_rank(l, me, key), true);
		provisional |= player_provisional(me);
		unranked |= !player_ranked(me);
	}
	if (ui->opt->format == FORMAT_TABLE)
		legend(ui, provisional, unranked);
	ui_list_end(&list);
	free(best);
	return UI_OK;
}

enum ui_status ui_list_leaderboard(struct ui *ui, int top, enum plist_key key,
				   const struct player *me)
{
	if (ui_account_refresh(ui) != UI_OK)
		return UI_FAILED;
	if (plist_count(ui->club.players) == 0 &&
	    ui->opt->format == FORMAT_TABLE) {
		fputc('\n', ui->term.out);
		ui_say(ui, _("No players yet. Register to be the first!"));
		return UI_OK;
	}
	return leaderboard_of(ui, ui->club.players, _("Leaderboard"), top, key,
			      me);
}

/* Order players by id, for bsearch(). */
static int by_id(const void *a, const void *b)
{
	long long x = (*(const struct player *const *)a)->id;
	long long y = (*(const struct player *const *)b)->id;

	return (x > y) - (x < y);
}

/* The players of the club sorted by id: a look-up table for the rows of
 * store_rule_records(). */
struct rule_board {
	struct ui *ui;
	struct player **by_id;
	size_t n;
	struct plist *list; /* the players with their records under the rule */
	bool failed;
};

/* Add the player `id` with record `rec` to the rule's list. */
static int rule_row(void *ctx, long long id, const struct player_record *rec)
{
	struct rule_board *rb = ctx;
	struct player key = {.id = id}, *kp = &key, **found;
	struct player_info info;

	found = bsearch(&kp, rb->by_id, rb->n, sizeof(*rb->by_id), by_id);
	if (found == NULL)
		return 0; /* registered after this run started */
	info = (struct player_info){(*found)->id,
				    (*found)->username,
				    (*found)->nickname,
				    (*found)->created_at,
				    (*found)->last_login_at,
				    *rec};
	if (plist_append(rb->list, &info) == NULL)
		rb->failed = true;
	return rb->failed;
}

enum ui_status ui_list_leaderboard_rule(struct ui *ui, int top,
					enum plist_key key, enum rule rule)
{
	struct rule_board rb = {ui, NULL, 0, plist_create(), false};
	enum ui_status st = UI_FAILED;
	const struct player *p;
	char title[128];

	if (ui_account_refresh(ui) != UI_OK)
		goto out_free;
	rb.by_id =
		malloc((plist_count(ui->club.players) + 1) * sizeof(*rb.by_id));
	if (rb.list == NULL || rb.by_id == NULL)
		goto out_free;
	for (p = plist_first(ui->club.players); p != NULL; p = p->next)
		rb.by_id[rb.n++] = (struct player *)p;
	qsort(rb.by_id, rb.n, sizeof(*rb.by_id), by_id);
	if (store_rule_records(ui->club.store, rule, rule_row, &rb) !=
		    STORE_OK ||
	    rb.failed) {
		ui_error(ui, _("cannot read the records: %s"),
			 store_errmsg(ui->club.store));
		goto out_free;
	}
	snprintf(title, sizeof(title), _("Leaderboard: %s"),
		 ui_words_rule(rule));
	st = leaderboard_of(ui, rb.list, title, top, key, NULL);
out_free:
	plist_free(rb.list);
	free(rb.by_id);
	return st;
}

/* Print p's games against each level of the computer (those played). */
static enum ui_status computer_record(struct ui *ui, const struct player *p)
{
	int level, won, lost, drawn;

	for (level = 1; level <= 5; level++) {
		if (store_computer_record(ui->club.store, p->id, level, &won,
					  &lost, &drawn) != STORE_OK)
			return ui_store_failed(ui, NULL);
		if (won + lost + drawn > 0)
			ui_say(ui,
			       _("Against the computer, level %d: %d won, %d "
				 "lost, %d drawn"),
			       level, won, lost, drawn);
	}
	return UI_OK;
}

/* Print p's record under each rule they have played ranked under. */
static enum ui_status rule_record(struct ui *ui, const struct player *p)
{
	static const enum rule rules[] = {RULE_FREESTYLE, RULE_EXACT,
					  RULE_RENJU};
	struct player_record r;
	enum store_status st;
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		st = store_rule_record(ui->club.store, p->id, rules[i], &r);
		if (st == STORE_NOT_FOUND)
			continue;
		if (st != STORE_OK)
			return ui_store_failed(ui, NULL);
		ui_say(ui,
		       ngettext("Under %s: %d game, %d won, %d lost, %d "
				"tied; score %d, rating %.0f",
				"Under %s: %d games, %d won, %d lost, %d "
				"tied; score %d, rating %.0f",
				(unsigned long)r.games),
		       ui_words_rule(rules[i]), r.games, r.wins, r.losses,
		       r.ties, r.score, r.rating);
	}
	return UI_OK;
}

/* Say how many of p's ranked matches were aborted, when any were. */
static enum ui_status aborted_record(struct ui *ui, const struct player *p)
{
	int n = 0;

	if (store_aborted_count(ui->club.store, p->id, &n) != STORE_OK)
		return ui_store_failed(ui, NULL);
	if (n > 0)
		ui_say(ui,
		       ngettext("%d match was aborted before both sides had "
				"moved: not rated.",
				"%d matches were aborted before both sides had "
				"moved: not rated.",
				(unsigned long)n),
		       n);
	return UI_OK;
}

enum ui_status ui_list_stats(struct ui *ui, const struct player *p)
{
	enum ui_status st;
	const struct player_record *r = &p->rec;
	char since[UI_NAME_MAX], last[UI_NAME_MAX], rate[WIN_RATE_LEN];
	struct ui_list list;
	int rank;

	if (ui_account_refresh(ui) != UI_OK)
		return UI_FAILED;
	rank = plist_rank(ui->club.players, p, PLIST_BY_SCORE);
	if (ui->opt->format != FORMAT_TABLE) {
		ui_list_begin(&list, ui, leaderboard_columns,
			      LEADERBOARD_COLUMNS);
		script_row(&list, p, rank);
		ui_list_end(&list);
		return UI_OK;
	}
	fputc('\n', ui->term.out);
	ui_put_clean(ui, p->nickname);
	fprintf(ui->term.out, " (%s)\n", p->username);
	if (rank > 0)
		ui_say(ui, _("Rank %d of %zu by score"), rank,
		       plist_ranked(ui->club.players));
	else
		ui_say(ui, "%s", _("Not ranked yet: no ranked games"));
	ui_say(ui, _("Games %d: %d won, %d lost, %d tied"), r->games, r->wins,
	       r->losses, r->ties);
	ui_say(ui,
	       player_provisional(p)
		       ? _("Score %d, rating %.0f (provisional), win rate %s")
		       : _("Score %d, rating %.0f, win rate %s"),
	       r->score, r->rating, win_rate_text(ui, p, rate));
	st = rule_record(ui, p);
	if (st == UI_OK)
		st = aborted_record(ui, p);
	if (st != UI_OK)
		return st;
	ui_say(ui, _("Member since %s, last login %s"),
	       ui_time(p->created_at, false, since),
	       ui_time(p->last_login_at, false, last));
	return computer_record(ui, p);
}
