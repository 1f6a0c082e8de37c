/* ui_list.c -- listings: the leaderboard and a player's record, as a
 * table for people or as TSV / JSON for scripts (--format); and the
 * framing of every listing for scripts (ui_internal.h), which the
 * history (ui_records.c) uses too. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "term.h"
#include "ui_internal.h"
#include "ui_list.h"
#include "ui_page.h"
#include "ui_table.h"
#include "words.h"

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

/* The mark of nothing to show (no rank, no win rate): "–", or "-" where
 * the terminal's charset has no dash (never "?", the provisional mark). */
static const char *none_mark(const struct ui_term *term)
{
	return term->symbols ? "–" : "-";
}

/* Room for a win rate as shown to people: "100%" or "–". */
#define WIN_RATE_LEN 8

/* p's win rate for people ("57%") into buf, or "–" when p has no games
 * (a rate of nothing is not 0%). Return buf. */
static const char *win_rate_text(const struct ui_term *term,
				 const struct player *p, char buf[WIN_RATE_LEN])
{
	if (p->rec.games == 0)
		snprintf(buf, WIN_RATE_LEN, "%s", none_mark(term));
	else
		snprintf(buf, WIN_RATE_LEN, "%.0f%%",
			 player_win_rate(p) * 100.0);
	return buf;
}

/* See ui_internal.h. */
int ui_list_table_row(struct ui_table *t, const char *const cells[], int n)
{
	char clean[UI_TABLE_COLUMNS][UI_CLEAN_MAX];
	const char *row[UI_TABLE_COLUMNS];
	int i;

	for (i = 0; i < n && i < UI_TABLE_COLUMNS; i++)
		row[i] = ui_clean(cells[i], clean[i], sizeof(clean[i]));
	return ui_table_add(t, row);
}

/* The columns a table has where the terminal does not say (a pipe, a
 * file): the last left blank, 79 for the table. */
#define LIST_COLUMNS 80

/* See ui_internal.h. */
void ui_list_table(struct ui_term *term, struct ui_table *t)
{
	int cols;

	if (term->page != NULL) {
		ui_page_table(term, t);
		return;
	}
	cols = term_columns(STDOUT_FILENO);
	ui_table_print(t, (cols > 0 ? cols : LIST_COLUMNS) - 1, term->out);
	ui_table_free(t);
}

/* The mark after a provisional rating (player_provisional()), as
 * lichess marks one. */
#define PROVISIONAL "?"

/* The leaderboard table's columns, in the order of its cells. */
enum board_column {
	BC_ME,
	BC_RANK,
	BC_PLAYER,
	BC_NICKNAME,
	BC_GAMES,
	BC_WINS,
	BC_LOSSES,
	BC_TIES,
	BC_SCORE,
	BC_RATING,
	BC_WIN_RATE,
	BC_COLUMNS
};

/* A new leaderboard table ordered by `key`, in the user's language.
 * As the room narrows, the player's and the nickname's columns are cut
 * first (to UI_TABLE_NAME_LEAST); then Games goes (it is W + L + T), then W, L
 * and T together, the nickname, the win rate and the rating, but never
 * the column the board is ordered by; the rank, the player and the
 * score stay. Return it, or NULL out of memory. */
static struct ui_table *board_table(struct ui_term *term, enum plist_key key)
{
	struct ui_table_column c[BC_COLUMNS] = {
		[BC_ME] = {" ", false, 0, 0, 0}, /* ">" marks me */
		[BC_RANK] = {_("Rank"), true, 0, 0, 0},
		[BC_PLAYER] = {_("Player"), false, 2, UI_TABLE_NAME_LEAST, 0},
		[BC_NICKNAME] = {_("Nickname"), false, 2, UI_TABLE_NAME_LEAST,
				 3},
		[BC_GAMES] = {_("Games"), true, 2, 0, 1},
		[BC_WINS] = {_("W"), true, 1, 0, 2},
		[BC_LOSSES] = {_("L"), true, 1, 0, 2},
		[BC_TIES] = {_("T"), true, 1, 0, 2},
		[BC_SCORE] = {_("Score"), true, 2, 0, 0},
		[BC_RATING] = {_("Rating"), true, 2, 0, 5},
		[BC_WIN_RATE] = {_("Win%"), true, 2, 0, 4},
	};

	if (key == PLIST_BY_WINS)
		c[BC_WINS].drop = 0;
	else if (key == PLIST_BY_RATING)
		c[BC_RATING].drop = 0;
	else if (key == PLIST_BY_WINRATE)
		c[BC_WIN_RATE].drop = 0;
	return ui_table_new(c, BC_COLUMNS, term->symbols);
}

/* Add p's row at `rank` (0: none) to a leaderboard table; `me` marks
 * it. Its nickname is whole in `stats`, TSV and JSON. Return 0, or -1
 * out of memory. */
static int board_row(struct ui_term *term, struct ui_table *t,
		     const struct player *p, int rank, bool me)
{
	const struct player_record *r = &p->rec;
	char n[BC_COLUMNS][24];
	const char *cells[BC_COLUMNS] = {
		me ? ">" : "", n[BC_RANK],   p->username,   p->nickname,
		n[BC_GAMES],   n[BC_WINS],   n[BC_LOSSES],  n[BC_TIES],
		n[BC_SCORE],   n[BC_RATING], n[BC_WIN_RATE]};

	snprintf(n[BC_RANK], sizeof(n[0]), "%d", rank);
	if (rank == 0)
		snprintf(n[BC_RANK], sizeof(n[0]), "%s", none_mark(term));
	snprintf(n[BC_GAMES], sizeof(n[0]), "%d", r->games);
	snprintf(n[BC_WINS], sizeof(n[0]), "%d", r->wins);
	snprintf(n[BC_LOSSES], sizeof(n[0]), "%d", r->losses);
	snprintf(n[BC_TIES], sizeof(n[0]), "%d", r->ties);
	snprintf(n[BC_SCORE], sizeof(n[0]), "%d", r->score);
	snprintf(n[BC_RATING], sizeof(n[0]), "%.0f%s", r->rating,
		 player_provisional(p) ? PROVISIONAL : " ");
	win_rate_text(term, p, n[BC_WIN_RATE]);
	return ui_list_table_row(t, cells, BC_COLUMNS);
}

/* The row of "..." between a leaderboard's top and the player's own
 * row below it. Return 0, or -1 out of memory. */
static int gap_row(struct ui_table *t)
{
	const char *cells[BC_COLUMNS] = {"", "..."};
	int i;

	for (i = 2; i < BC_COLUMNS; i++)
		cells[i] = "";
	return ui_table_add(t, cells);
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
		ui_put_json(&l->ui->term, s);
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
static void legend(struct ui_term *term, bool provisional, bool unranked)
{
	if (provisional)
		ui_say(term,
		       ngettext("%s a provisional rating: fewer than %d ranked "
				"game",
				"%s a provisional rating: fewer than %d ranked "
				"games",
				PLAYER_PROVISIONAL_GAMES),
		       PROVISIONAL, PLAYER_PROVISIONAL_GAMES);
	if (unranked)
		ui_say(term, _("%s no rank: no ranked game yet"),
		       none_mark(term));
}

/* The leaderboard best[0..n) (n > 0) by `key` as a table for people,
 * headed `title`; me's row under it after "...", when me is not among
 * them (ranked me_rank); then what its marks mean. Return UI_OK, or
 * UI_FAILED out of memory (said so). */
static enum ui_status board_print(struct ui_term *term,
				  struct player *const best[], size_t n,
				  const char *title, enum plist_key key,
				  const struct player *me, int me_rank)
{
	struct ui_table *t = board_table(term, key);
	bool me_shown = false, provisional = false, unranked = false, is_me;
	int rank = 0, failed = t == NULL;
	size_t i;

	for (i = 0; i < n && !failed; i++) {
		rank = plist_rank_at(best, i, key, rank);
		provisional |= player_provisional(best[i]);
		unranked |= rank == 0;
		is_me = me != NULL && best[i]->id == me->id;
		failed = board_row(term, t, best[i], rank, is_me);
		me_shown |= is_me;
	}
	if (me != NULL && !me_shown && !failed) {
		failed = gap_row(t) || board_row(term, t, me, me_rank, true);
		provisional |= player_provisional(me);
		unranked |= !player_ranked(me);
	}
	if (failed) {
		ui_table_free(t);
		ui_error(term, _("out of memory"));
		return UI_FAILED;
	}
	ui_say(term, "%s", title);
	ui_list_table(term, t);
	legend(term, provisional, unranked);
	return UI_OK;
}

/* Print the leaderboard of list l (see ui_list_leaderboard()); `title` heads
 * the table. */
static enum ui_status leaderboard_of(struct ui *ui, const struct plist *l,
				     const char *title, int top,
				     enum plist_key key,
				     const struct player *me)
{
	size_t n = plist_count(l), i;
	enum ui_status st = UI_OK;
	struct player **best;
	struct ui_list list;
	int rank = 0;

	if ((size_t)top < n)
		n = (size_t)top;
	best = malloc((n > 0 ? n : 1) * sizeof(*best));
	if (best == NULL) {
		ui_error(&ui->term, _("out of memory"));
		return UI_FAILED;
	}
	n = plist_top(l, key, n, best); /* the unranked last */
	if (ui->opt->format == FORMAT_TABLE) {
		ui_break(&ui->term);
		if (n == 0)
			ui_say(&ui->term, "%s", _("No games to rank yet."));
		else if (me != NULL &&
			 store_player_rank(ui->club.store, me->id, key, &rank,
					   NULL) != STORE_OK)
			st = ui_store_failed(ui, NULL);
		else
			st = board_print(&ui->term, best, n, title, key, me,
					 rank);
		free(best);
		return st;
	}
	ui_list_begin(&list, ui, leaderboard_columns, LEADERBOARD_COLUMNS);
	for (i = 0; i < n; i++) {
		rank = plist_rank_at(best, i, key, rank);
		script_row(&list, best[i], rank);
	}
	ui_list_end(&list);
	free(best);
	return UI_OK;
}

/* Read into `out` (empty) the `top` best players by `key`, every
 * rule's records when `rule` is NULL (store_top_players(): an indexed
 * read of those players alone). Return UI_OK, or UI_FAILED said why. */
static enum ui_status board_players(struct ui *ui, const enum rule *rule,
				    int top, enum plist_key key,
				    struct plist *out)
{
	if (store_top_players(ui->club.store, rule, key, top, out) == STORE_OK)
		return UI_OK;
	ui_error(&ui->term, _("cannot read the records: %s"),
		 store_errmsg(ui->club.store));
	return UI_FAILED;
}

enum ui_status ui_list_leaderboard(struct ui *ui, int top, enum plist_key key,
				   const struct player *me)
{
	struct plist *l = plist_create();
	enum ui_status st = UI_FAILED;

	if (l == NULL)
		ui_error(&ui->term, _("out of memory"));
	else if (ui_account_refresh(ui) == UI_OK) /* me's record of now */
		st = board_players(ui, NULL, top, key, l);
	if (st == UI_OK && plist_count(l) == 0 &&
	    ui->opt->format == FORMAT_TABLE) {
		ui_break(&ui->term);
		ui_say(&ui->term,
		       _("No players yet. Register to be the first!"));
	} else if (st == UI_OK) {
		st = leaderboard_of(ui, l, _("Leaderboard"), top, key, me);
	}
	plist_free(l);
	return st;
}

enum ui_status ui_list_leaderboard_rule(struct ui *ui, int top,
					enum plist_key key, enum rule rule)
{
	struct plist *list = plist_create();
	enum ui_status st = UI_FAILED;
	char title[128];

	if (list == NULL)
		ui_error(&ui->term, _("out of memory"));
	else
		st = board_players(ui, &rule, top, key, list);
	if (st == UI_OK) {
		snprintf(title, sizeof(title), _("Leaderboard: %s"),
			 words_rule_family(rule));
		st = leaderboard_of(ui, list, title, top, key, NULL);
	}
	plist_free(list);
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
			ui_say(&ui->term,
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
		ui_say(&ui->term,
		       ngettext("Under %s: %d game, %d won, %d lost, %d "
				"tied; score %d, rating %.0f",
				"Under %s: %d games, %d won, %d lost, %d "
				"tied; score %d, rating %.0f",
				(unsigned long)r.games),
		       words_rule_family(rules[i]), r.games, r.wins, r.losses,
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
		ui_say(&ui->term,
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
	long long ranked;
	int rank;

	if (ui_account_refresh(ui) != UI_OK)
		return UI_FAILED;
	if (store_player_rank(ui->club.store, p->id, PLIST_BY_SCORE, &rank,
			      &ranked) != STORE_OK)
		return ui_store_failed(ui, NULL);
	if (ui->opt->format != FORMAT_TABLE) {
		ui_list_begin(&list, ui, leaderboard_columns,
			      LEADERBOARD_COLUMNS);
		script_row(&list, p, rank);
		ui_list_end(&list);
		return UI_OK;
	}
	ui_break(&ui->term);
	ui_put_clean(&ui->term, p->nickname);
	fprintf(ui->term.out, " (%s)\n", p->username);
	if (rank > 0)
		ui_say(&ui->term, _("Rank %d of %lld by score"), rank, ranked);
	else
		ui_say(&ui->term, "%s", _("Not ranked yet: no ranked games"));
	ui_say(&ui->term, _("Games %d: %d won, %d lost, %d tied"), r->games,
	       r->wins, r->losses, r->ties);
	ui_say(&ui->term,
	       player_provisional(p)
		       ? _("Score %d, rating %.0f (provisional), win rate %s")
		       : _("Score %d, rating %.0f, win rate %s"),
	       r->score, r->rating, win_rate_text(&ui->term, p, rate));
	st = rule_record(ui, p);
	if (st == UI_OK)
		st = aborted_record(ui, p);
	if (st != UI_OK)
		return st;
	ui_say(&ui->term, _("Member since %s, last login %s"),
	       ui_time(p->created_at, false, since),
	       ui_time(p->last_login_at, false, last));
	return computer_record(ui, p);
}
