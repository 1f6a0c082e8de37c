/* ui_records.c -- looking back at matches: a player's history, replaying
 * a match move by move, and exporting and importing game records. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export.h"
#include "notation.h"
#include "number.h"
#include "record.h"
#include "store.h"
#include "ui_internal.h"
#include "ui_page.h"
#include "ui_records.h"
#include "ui_replay.h"
#include "ui_table.h"
#include "words.h"

#define HISTORY_PAGE 10

/* ==== Words for results ================================================== */

/* The result of a match from the side of the player who had `colour`,
 * as the fixed English word of the tsv and json listings (shown() gives
 * the user's language). */
static const char *result_for(const struct history_row *r)
{
	if (r->status == MATCH_STATUS_UNFINISHED)
		return N_("unfinished");
	if (r->status == MATCH_STATUS_ABANDONED)
		return N_("abandoned");
	if (r->status == MATCH_STATUS_ABORTED)
		return N_("aborted");
	if (r->result == RESULT_DRAW)
		return N_("draw");
	if ((r->result == RESULT_BLACK_WIN) == (r->colour == STONE_BLACK))
		return N_("won");
	return N_("lost");
}

/* A word of result_for() in the user's language ("" for "": gettext("")
 * would be the catalogue's header). */
static const char *shown(const char *word)
{
	return word[0] != '\0' ? _(word) : "";
}

/* ==== History ============================================================ */

/* Column keys of the history for tsv and json (README.md names them). */
static const char *const history_columns[] = {
	"id",	  "date",   "opponent", "colour",  "variant", "rule",
	"result", "reason", "moves",	"seconds", "rated",   "unrated"};
#define HISTORY_COLUMNS                                                        \
	((int)(sizeof(history_columns) / sizeof(history_columns[0])))

/* The opponent as shown: a username, or "computer-N". */
static const char *opponent_of(const struct history_row *r, char buf[32])
{
	if (r->opponent != NULL)
		return r->opponent;
	snprintf(buf, 32, _("computer-%d"), r->ai_level);
	return buf;
}

/* The rule of a history row, with ",swap2" when it opened so. */
static const char *rule_of(const struct history_row *r, char buf[32])
{
	snprintf(buf, 32, "%s%s", rules_rule_name(r->game.variant.rule),
		 r->game.opening == OPENING_SWAP2 ? "+swap2" : "");
	return buf;
}

/* Why a match ended, as the history table says it: words_reason(),
 * but a match abandoned is "abandoned" alone: it is always the loser
 * who walked away, and the row's result says who lost. */
static const char *reason_brief(const struct history_row *r, char *buf,
				size_t cap)
{
	if (r->reason == REASON_ABANDONED)
		return _("abandoned");
	return words_reason(r->reason, r->result, r->game.variant.k, buf, cap);
}

/* Whether history row r is a rated result that moved no rating (its
 * Result cell starred). */
static bool starred(const struct history_row *r)
{
	return !r->casual && r->unrated != UNRATED_NO;
}

/* A history row's Result cell, "lost (five)", into buf[cap]; a casual
 * match says so ("won (resigned), casual"), and a rated result that
 * moved no rating is starred ("won (five)*", the star said under the
 * table: so the cell stays narrow and the opponent whole). */
static void result_cell(const struct history_row *r, char *buf, size_t cap)
{
	char result[128], why[64];
	const char *reason = reason_brief(r, why, sizeof(why));

	snprintf(result, sizeof(result),
		 reason[0] != '\0' ? _("%s (%s)") : "%s", shown(result_for(r)),
		 reason);
	if (r->casual)
		snprintf(buf, cap, _("%s, casual"), result);
	else
		snprintf(buf, cap, starred(r) ? "%s*" : "%s", result);
}

/* The history table's columns, in the order of its cells. */
enum history_column {
	HC_ID,
	HC_DATE,
	HC_OPPONENT,
	HC_SIDE,
	HC_GAME,
	HC_RESULT,
	HC_MOVES,
	HC_COLUMNS
};

/* A new history table in the user's language. As the room narrows the
 * opponent is cut first (to UI_TABLE_NAME_LEAST); then the moves go,
 * the game, the date and the side; the match's number, the opponent
 * and the result stay. (How long a match lasted is in TSV and JSON.)
 * Return it, or NULL out of memory. */
static struct ui_table *history_table(const struct ui_term *term)
{
	const struct ui_table_column c[HC_COLUMNS] = {
		[HC_ID] = {"#", true, 0, 0, 0},
		[HC_DATE] = {_("Date"), false, 2, 0, 3},
		[HC_OPPONENT] = {_("Opponent"), false, 2, UI_TABLE_NAME_LEAST,
				 0},
		[HC_SIDE] = {_("Side"), false, 2, 0, 4},
		[HC_GAME] = {_("Game"), false, 2, 0, 2},
		[HC_RESULT] = {_("Result"), false, 2, 0, 0},
		[HC_MOVES] = {_("Moves"), true, 2, 0, 1},
	};

	return ui_table_new(c, HC_COLUMNS, term->symbols);
}

/* A game's name for people, "gomoku+swap2", into buf[48]. */
static const char *game_name(const char *variant, enum match_opening opening,
			     char buf[48])
{
	snprintf(buf, 48, "%s%s", words_variant(variant),
		 opening == OPENING_SWAP2 ? _("+swap2") : "");
	return buf;
}

/* Add history row r to table t. Return 0, or -1 out of memory. */
static int table_row(struct ui_table *t, const struct history_row *r,
		     const char *date, const char *opp)
{
	char id[24], day[16], game[48], result[144], moves[16];
	const char *cells[HC_COLUMNS] = {
		id,
		day,
		opp,
		r->colour == STONE_BLACK ? _("black") : _("white"),
		game_name(r->game.variant.name, r->game.opening, game),
		result,
		moves};

	snprintf(id, sizeof(id), "%lld", r->id);
	snprintf(day, sizeof(day), "%.10s", date);
	result_cell(r, result, sizeof(result));
	snprintf(moves, sizeof(moves), "%d", r->nmoves);
	return ui_list_table_row(t, cells, HC_COLUMNS);
}

/* One history row for scripts, in the order of history_columns. */
static void script_row(struct ui_list *l, const struct history_row *r,
		       const char *date, const char *opp, const char *rule)
{
	ui_list_row(l);
	ui_list_number(l, "%lld", r->id);
	ui_list_text(l, date);
	ui_list_text(l, opp);
	ui_list_text(l, r->colour == STONE_BLACK ? "black" : "white");
	ui_list_text(l, r->game.variant.name);
	ui_list_text(l, rule);
	ui_list_text(l, result_for(r));
	ui_list_text(l, match_reason_listed(r->reason));
	ui_list_number(l, "%d", r->nmoves);
	ui_list_number(l, "%lld", r->duration);
	ui_list_number(l, "%s", r->casual ? "false" : "true");
	ui_list_text(l, match_unrated_word(r->unrated));
}

/* A page of history as it is read: for scripts its listing, for people
 * its table (NULL out of memory: the rows stop). */
struct history_read {
	struct ui_list list;
	struct ui_table *table;
	bool starred; /* a row's result moved no rating */
};

/* Add one history row in the chosen format (ctx: a struct
 * history_read). Return 0, or -1 to stop (out of memory). */
static int history_row(void *ctx, const struct history_row *r)
{
	struct history_read *h = ctx;
	char date[UI_NAME_MAX], buf[32], rule[32];
	const char *opp = opponent_of(r, buf);

	ui_time(r->started_at, true, date);
	if (h->list.ui->opt->format != FORMAT_TABLE) {
		script_row(&h->list, r, date, opp, rule_of(r, rule));
		return 0;
	}
	h->starred |= starred(r);
	if (h->table == NULL || table_row(h->table, r, date, opp) != 0) {
		ui_table_free(h->table);
		h->table = NULL;
		return -1;
	}
	return 0;
}

/* How many pages p's history has, into *pages (1 when it is empty).
 * Return UI_OK, or UI_FAILED after saying why. */
static enum ui_status count_pages(struct ui *ui, const struct player *p,
				  int *total, int *pages)
{
	if (store_history(ui->club.store, p->id, 0, 0, NULL, NULL, total) !=
	    STORE_OK) {
		ui_error(&ui->term, _("cannot read the history: %s"),
			 store_errmsg(ui->club.store));
		return UI_FAILED;
	}
	*pages = *total == 0 ? 1 : (*total - 1) / HISTORY_PAGE + 1;
	return UI_OK;
}

/* Print page `page` of p's matches (see ui_records_history()), the number of
 * pages into *pages. Return UI_OK; UI_REFUSED (said so, nothing
 * printed) when there is no such page; or UI_FAILED after saying why. */
static enum ui_status history_page(struct ui *ui, const struct player *p,
				   int page, int *pages)
{
	struct history_read h = {.table = NULL};
	int total = 0;
	enum ui_status st = count_pages(ui, p, &total, pages);

	if (st != UI_OK)
		return st;
	if (page < 1 || page > *pages) {
		ui_error(&ui->term,
			 ngettext("there is no page %d: %s has %d page of "
				  "matches",
				  "there is no page %d: %s has %d pages of "
				  "matches",
				  (unsigned long)*pages),
			 page, p->username, *pages);
		return UI_REFUSED;
	}
	ui_list_begin(&h.list, ui, history_columns, HISTORY_COLUMNS);
	if (ui->opt->format == FORMAT_TABLE)
		h.table = history_table(&ui->term);
	if (store_history(ui->club.store, p->id, (page - 1) * HISTORY_PAGE,
			  HISTORY_PAGE, history_row, &h, &total) != STORE_OK) {
		ui_table_free(h.table);
		ui_error(&ui->term, _("cannot read the history: %s"),
			 store_errmsg(ui->club.store));
		return UI_FAILED;
	}
	if (ui->opt->format != FORMAT_TABLE) {
		ui_list_end(&h.list);
		return UI_OK;
	}
	if (h.table == NULL) {
		ui_error(&ui->term, _("out of memory"));
		return UI_FAILED;
	}
	ui_break(&ui->term);
	ui_say(&ui->term, _("Matches of %s: page %d of %d (%d in all)"),
	       p->username, page, *pages, total);
	if (total > 0)
		ui_list_table(&ui->term, h.table);
	else
		ui_table_free(h.table);
	if (h.starred)
		ui_say(&ui->term, _("* Moved no rating: a game with a new "
				    "member, or past a pair's limit."));
	return UI_OK;
}

enum ui_status ui_records_history(struct ui *ui, const struct player *p,
				  int page)
{
	enum ui_status st;
	int pages = 1;

	st = history_page(ui, p, page, &pages);
	if (st == UI_OK && ui->opt->format == FORMAT_TABLE && page < pages)
		ui_say(&ui->term, _("More: --page %d"), page + 1);
	return st;
}

/* ==== Imported games ====================================================== */

/* An imported game's result for people: "Black won (five)", "a draw
 * (agreed)", "result unknown". */
static void imported_result(const struct imported_row *r, char *buf, size_t cap)
{
	words_outcome(MATCH_IMPORTED, r->status, r->result, r->reason,
		      r->game.variant.k, buf, cap);
}

/* The imported games' columns, in the order of their cells. */
enum imported_column {
	IC_ID,
	IC_DATE,
	IC_BLACK,
	IC_WHITE,
	IC_GAME,
	IC_RESULT,
	IC_MOVES,
	IC_COLUMNS
};

/* A new table of imported games in the user's language. As the room
 * narrows the players' names are cut first (to UI_TABLE_NAME_LEAST);
 * then the moves go, the game and the date; the game's number, its
 * players and its result stay. Return it, or NULL out of memory. */
static struct ui_table *imported_table(const struct ui_term *term)
{
	const struct ui_table_column c[IC_COLUMNS] = {
		[IC_ID] = {"#", true, 0, 0, 0},
		[IC_DATE] = {_("Date"), false, 2, 0, 3},
		[IC_BLACK] = {_("Black"), false, 2, UI_TABLE_NAME_LEAST, 0},
		[IC_WHITE] = {_("White"), false, 2, UI_TABLE_NAME_LEAST, 0},
		[IC_GAME] = {_("Game"), false, 2, 0, 2},
		[IC_RESULT] = {_("Result"), false, 2, 0, 0},
		[IC_MOVES] = {_("Moves"), true, 2, 0, 1},
	};

	return ui_table_new(c, IC_COLUMNS, term->symbols);
}

/* Add one imported game to the table ctx. Return 0, or -1 to stop (out
 * of memory). */
static int imported_line(void *ctx, const struct imported_row *r)
{
	char date[UI_NAME_MAX], id[24], game[48], result[64], moves[16];
	const char *cells[IC_COLUMNS] = {
		id,
		date,
		r->black_name,
		r->white_name,
		game_name(r->game.variant.name, r->game.opening, game),
		result,
		moves};

	ui_time(r->started_at, true, date);
	date[10] = '\0'; /* the day */
	snprintf(id, sizeof(id), "%lld", r->id);
	imported_result(r, result, sizeof(result));
	snprintf(moves, sizeof(moves), "%d", r->nmoves);
	return ui_list_table_row(ctx, cells, IC_COLUMNS);
}

/* Print page `page` of the imported games, the number of pages into
 * *pages. Return UI_OK; UI_REFUSED (said so) when there is no such
 * page; or UI_FAILED after saying why. */
static enum ui_status imported_page(struct ui *ui, int page, int *pages)
{
	struct ui_table *t = NULL;
	int total = 0;

	if (store_imported(ui->club.store, 0, 0, NULL, NULL, &total) !=
	    STORE_OK)
		goto out_failed;
	*pages = total == 0 ? 1 : (total - 1) / HISTORY_PAGE + 1;
	if (page < 1 || page > *pages) {
		ui_error(&ui->term, _("there is no page %d of imported games"),
			 page);
		return UI_REFUSED;
	}
	ui_break(&ui->term);
	if (total == 0) {
		ui_say(&ui->term, "%s",
		       _("No imported games yet (gomoku import FILE adds "
			 "one)."));
		return UI_OK;
	}
	t = imported_table(&ui->term);
	if (t == NULL ||
	    store_imported(ui->club.store, (page - 1) * HISTORY_PAGE,
			   HISTORY_PAGE, imported_line, t, &total) != STORE_OK)
		goto out_failed;
	ui_say(&ui->term, _("Imported games: page %d of %d (%d in all)"), page,
	       *pages, total);
	ui_list_table(&ui->term, t);
	return UI_OK;
out_failed:
	ui_table_free(t);
	ui_error(&ui->term, _("cannot read the imported games: %s"),
		 store_errmsg(ui->club.store));
	return UI_FAILED;
}

/* ==== Browsing ============================================================ */

/* One answer at the history's prompt: move *page (saying so at either
 * end), replay a match, or analyse one ("a12", "a 12"). Return UI_OK, with
 * *show true when the page is to be shown again; or how a replay failed (not
 * for a match that does not exist: that is said, and the prompt comes again).
 */
static enum ui_status browse_step(struct ui *ui, const char *cmd, int *page,
				  int pages, bool *show)
{
	unsigned long long id;
	enum ui_status st;

	*show = false;
	if (strcmp(cmd, "n") == 0) {
		if (*page >= pages) {
			ui_say(&ui->term, _("This is the last page."));
			return UI_OK;
		}
		++*page;
	} else if (strcmp(cmd, "p") == 0) {
		if (*page <= 1) {
			ui_say(&ui->term, _("This is the first page."));
			return UI_OK;
		}
		--*page;
	} else if (number_parse(cmd, 1, INT64_MAX, &id) == 0) {
		st = ui_records_replay(ui, (long long)id);
		if (st != UI_OK) /* no such match (said so): ask again */
			return st == UI_REFUSED ? UI_OK : st;
	} else if (cmd[0] == 'a' && number_parse(cmd + 1 + (cmd[1] == ' '), 1,
						 INT64_MAX, &id) == 0) {
		st = ui_records_analyse(ui, (long long)id);
		if (st != UI_OK) /* no such match (said so): ask again */
			return st == UI_REFUSED ? UI_OK : st;
	} else {
		ui_say(&ui->term,
		       _("Please type a match number (a and the number "
			 "analyses it), n, p, or q or Enter to go back."));
		return UI_OK;
	}
	*show = true;
	return UI_OK;
}

/* Browse p's history a page at a time (q, Esc or Enter leaves), or with p NULL
 * the imported games; p's history offers the imported games too (i). */
static enum ui_status browse(struct ui *ui, const struct player *p)
{
	char buf[TERM_LINE_MAX + 1];
	enum ui_status st = UI_OK;
	int page = 1, pages = 1;
	bool show = true;
	size_t len;

	while (st == UI_OK) {
		if (show && p != NULL)
			st = history_page(ui, p, page, &pages);
		else if (show)
			st = imported_page(ui, page, &pages);
		if (st != UI_OK)
			break;
		st = ui_read(ui,
			     p != NULL
				     ? _("Match number to replay, a and the "
					 "number to analyse it, n or p for the "
					 "next or previous page, i for the "
					 "imported games, q or Enter to go "
					 "back: ")
				     : _("Match number to replay, a and the "
					 "number to analyse it, n or p for the "
					 "next or previous page, q or Enter to "
					 "go back: "),
			     buf, &len);
		if (st != UI_OK || ui_left(buf) || strcmp(buf, "q") == 0)
			break;
		if (p != NULL && strcmp(buf, "i") == 0) {
			st = browse(ui, NULL);
			show = true;
		} else {
			st = browse_step(ui, buf, &page, pages, &show);
		}
	}
	return st;
}

enum ui_status ui_records_browse(struct ui *ui, const struct player *p)
{
	return browse(ui, p);
}

/* ==== Replay ============================================================= */

/* Print the moves in notation, "1. h8 i9  2. ...", marking move `at`. */
static void put_move_list(const struct ui_term *term,
			  const struct match_full *f, int at)
{
	char m[NOTATION_MOVE_LEN];
	int i;

	for (i = 0; i < f->nmoves; i++) {
		if (i % 2 == 0)
			fprintf(term->out, "%s%d.", i == 0 ? "" : "  ",
				i / 2 + 1);
		notation_format(f->moves[i].row, f->moves[i].col, m);
		fprintf(term->out, i + 1 == at ? " [%s]" : " %s", m);
		if (i % 16 == 15 && i + 1 < f->nmoves)
			fputc('\n', term->out);
	}
	fputc('\n', term->out);
}

/* The line over a replayed position: the players, the variant and the
 * result. */
static void put_match_line(struct ui_term *term, const struct match_full *f)
{
	char line[UI_NAME_MAX * 2 + 320];

	fprintf(term->out, "%s\n", ui_words_match(term, f, line, sizeof(line)));
}

/* See ui_internal.h. */
void ui_records_position(struct ui_term *term, const struct match_full *f,
			 int at)
{
	char clocks[128];
	struct board b;
	int i;

	rules_start(&f->game.variant, &b);
	for (i = 0; i < at; i++)
		board_play(&b, f->moves[i].row, f->moves[i].col);
	ui_break(term);
	put_match_line(term, f);
	ui_board_draw(term, &b);
	put_move_list(term, f, at);
	ui_say(term, _("Move %d of %d."), at, f->nmoves);
	if (ui_words_clocks(f, at, clocks, sizeof clocks)[0] != '\0')
		ui_say(term, "%s", clocks);
}

/* Apply a replay command to *at. Return 1 to quit, 0 to show, 2 to
 * analyse the position shown, 3 the whole game, -1 when the command is
 * unknown. */
static int replay_step(const char *cmd, int n, int *at)
{
	unsigned long long v;

	if (strcmp(cmd, "q") == 0 || strcmp(cmd, "quit") == 0 ||
	    strcmp(cmd, "\x1b") == 0)
		return 1;
	if (strcmp(cmd, "a") == 0 || strcmp(cmd, "analyze") == 0 ||
	    strcmp(cmd, "analyse") == 0 || strcmp(cmd, "分析") == 0)
		return 2;
	if (strcmp(cmd, "A") == 0 || strcmp(cmd, "analyse game") == 0 ||
	    strcmp(cmd, "analyze game") == 0 || strcmp(cmd, "整局分析") == 0)
		return 3;
	if (strcmp(cmd, "n") == 0 || cmd[0] == '\0')
		*at = *at < n ? *at + 1 : n;
	else if (strcmp(cmd, "p") == 0)
		*at = *at > 0 ? *at - 1 : 0;
	else if (strcmp(cmd, "first") == 0)
		*at = 0;
	else if (strcmp(cmd, "last") == 0)
		*at = n;
	else if (number_parse(cmd, 0, (unsigned long long)n, &v) == 0)
		*at = (int)v;
	else
		return -1;
	return 0;
}

/* Replay match id, full-screen or on the line interface, the whole game
 * analysed at once when `judge`. Return as ui_records_replay(). */
static enum ui_status replay_match(struct ui *ui, long long id, bool judge)
{
	struct match_full *f = malloc(sizeof(*f));
	char buf[TERM_LINE_MAX + 1];
	enum ui_status st = UI_OK;
	size_t len;
	int at, step;

	if (f == NULL)
		return UI_FAILED;
	if (store_match_load(ui->club.store, id, f) != STORE_OK) {
		ui_error(&ui->term, _("there is no match %lld"), id);
		free(f);
		return UI_REFUSED;
	}
	if (ui_page_active(&ui->term)) {
		st = ui_replay_screen(ui, f, put_match_line, judge);
		free(f);
		return st == UI_EOF ? UI_OK : st;
	}
	at = f->nmoves;
	step = judge ? 3 : 0;
	while (st == UI_OK && step != 1) {
		if (step == 0)
			ui_records_position(&ui->term, f, at);
		else if (step == 2)
			st = ui_analyze_replay(&ui->term, f, at);
		else if (step == 3)
			st = ui_analyze_game(ui, f);
		else
			ui_say(&ui->term,
			       _("Type n (next), p (previous), a move "
				 "number, first, last, a (the computer's "
				 "view), A (the whole game analysed), or q "
				 "to quit."));
		if (st == UI_OK)
			st = ui_read(ui,
				     _("Replay (n, p, number, first, last, a, "
				       "A, q): "),
				     buf, &len);
		if (st == UI_OK)
			step = replay_step(buf, f->nmoves, &at);
	}
	free(f);
	return st == UI_EOF ? UI_OK : st;
}

enum ui_status ui_records_replay(struct ui *ui, long long id)
{
	return replay_match(ui, id, false);
}

enum ui_status ui_records_analyse(struct ui *ui, long long id)
{
	return replay_match(ui, id, true);
}

/* ==== Export and import ================================================== */

/* Words for why a record was refused. */
static const char *record_why(enum record_reason why)
{
	static const char *const words[] = {
		[RECORD_ERR_EMPTY] = N_("the file is empty"),
		[RECORD_ERR_TOO_BIG] = N_("the file is too big"),
		[RECORD_ERR_NUL] = N_("the file holds a NUL byte"),
		[RECORD_ERR_LINE_LONG] = N_("the line is too long"),
		[RECORD_ERR_ENCODING] = N_("the text is not UTF-8"),
		[RECORD_ERR_FORMAT] = N_("not a PSQ file or a move list"),
		[RECORD_ERR_HEADER] = N_("the PSQ header is not "
					 "'Piskvorky WxH, A:B, C'"),
		[RECORD_ERR_SIZE] = N_("the board size is not allowed"),
		[RECORD_ERR_SYNTAX] = N_("this is not a move"),
		[RECORD_ERR_NUMBER] = N_("a number is too long"),
		[RECORD_ERR_TIME] = N_("a move's time is out of range"),
		[RECORD_ERR_OFF_BOARD] = N_("the move is off the board"),
		[RECORD_ERR_OCCUPIED] = N_("the point is already taken"),
		[RECORD_ERR_GAME_OVER] = N_("a move after the game was won"),
		[RECORD_ERR_TOO_MANY] = N_("a move after the board was full"),
		[RECORD_ERR_TRUNCATED] = N_("the file stops inside a move"),
		[RECORD_ERR_TRAILER] = N_("after the moves: not two names "
					  "and an end code"),
		[RECORD_ERR_NAME] = N_("a player's name is not allowed"),
		[RECORD_ERR_NO_MOVES] = N_("the game has no moves"),
		[RECORD_ERR_SPACE] = N_("the record is too long"),
		[RECORD_ERR_FORBIDDEN] = N_("a forbidden point for black "
					    "(renju)"),
	};

	if (why > RECORD_OK && why < (int)(sizeof(words) / sizeof(words[0])))
		return _(words[why]);
	return "?";
}

/* Write the `len` bytes of `text` to `fd` and make them durable.
 * Return 0, or -1 with errno set. */
static int write_all(int fd, const char *text, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, text, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		text += n;
		len -= (size_t)n;
	}
	return fsync(fd);
}

/* Write text[len] to a new file beside `path` (".NAME.XXXXXX" in its
 * folder, mode 0666 less the umask, as a new file gets), then rename it
 * over `path` in one step: a reader or a run stopped half-way sees the
 * old file or the whole new one, never part of it. Return 0, or -1 with
 * errno set (the temporary file removed). */
static int replace_file(const char *path, const char *text, size_t len)
{
	const char *slash = strrchr(path, '/');
	char tmp[4096];
	mode_t mask;
	int fd, err;

	if (slash == NULL)
		snprintf(tmp, sizeof tmp, ".%s.XXXXXX", path);
	else
		snprintf(tmp, sizeof tmp, "%.*s/.%s.XXXXXX",
			 (int)(slash - path), path, slash + 1);
	fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || write_all(fd, text, len) != 0) {
		err = errno;
		close(fd);
		unlink(tmp);
		errno = err;
		return -1;
	}
	if (close(fd) != 0 || rename(tmp, path) != 0) {
		err = errno;
		unlink(tmp);
		errno = err;
		return -1;
	}
	return 0;
}

/* Write an export's text[len] to `path`, or to standard output for
 * NULL: never over the database's own files, never through a symbolic
 * link at `path`, and through replace_file(). Say why not. */
static enum ui_status export_to(struct ui *ui, const char *path,
				const char *text, size_t len)
{
	struct stat st;

	/* A file's bytes, UTF-8 as import reads them: on standard output
	 * itself, never converted to the terminal's character set. */
	fflush(ui->term.out);
	if (path == NULL) {
		if (fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0)
			return UI_OK;
		ui_error(&ui->term, _("cannot write %s: %s"), "-",
			 strerror(errno));
		return UI_FAILED;
	}
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		ui_error(&ui->term,
			 _("%s is a symbolic link: the export does not "
			   "follow it; give the file itself"),
			 path);
		return UI_REFUSED;
	}
	if (store_owns_file(ui->club.store, path)) {
		ui_error(&ui->term,
			 _("%s is the club's database: the export will not "
			   "write over it"),
			 path);
		return UI_REFUSED;
	}
	if (replace_file(path, text, len) != 0) {
		ui_error(&ui->term, _("cannot write %s: %s"), path,
			 strerror(errno));
		return UI_FAILED;
	}
	return UI_OK;
}

enum ui_status ui_records_export(struct ui *ui, long long id, bool moves_only,
				 const char *path)
{
	struct match_full *f = malloc(sizeof(*f));
	char *text = malloc(RECORD_TEXT_MAX);
	enum ui_status st = UI_FAILED;
	int why;
	size_t len = 0;

	if (f == NULL || text == NULL)
		goto out_free;
	st = UI_REFUSED;
	if (store_match_load(ui->club.store, id, f) != STORE_OK) {
		ui_error(&ui->term, _("there is no match %lld"), id);
		goto out_free;
	}
	why = export_match_text(f, moves_only, text, RECORD_TEXT_MAX, &len);
	if (why < 0) {
		st = UI_FAILED;
		goto out_free;
	}
	if (why != RECORD_OK) {
		ui_error(&ui->term, _("match %lld cannot be written: %s"), id,
			 record_why((enum record_reason)why));
		goto out_free;
	}
	st = export_to(ui, path, text, len);
out_free:
	free(text);
	free(f);
	return st;
}

/* Read the whole file at path (at most RECORD_INPUT_MAX + 1 bytes) into
 * a new buffer. Return it (free() it), or NULL with errno set. */
static char *slurp(const char *path, size_t *len)
{
	FILE *in = fopen(path, "rb");
	char *buf = malloc(RECORD_INPUT_MAX + 1);

	if (in == NULL || buf == NULL) {
		free(buf);
		if (in != NULL)
			fclose(in);
		return NULL;
	}
	*len = fread(buf, 1, RECORD_INPUT_MAX + 1, in);
	if (ferror(in)) {
		free(buf);
		buf = NULL;
	}
	fclose(in);
	return buf;
}

/* Store the checked record r as an imported, unranked match. */
static enum ui_status records_save_import(struct ui *ui,
					  const struct game_record *r,
					  const struct board *b)
{
	struct match_header h = {
		.kind = MATCH_IMPORTED,
		.black_name = r->black[0] != '\0' ? r->black : "black",
		.white_name = r->white[0] != '\0' ? r->white : "white",
		.game.variant = {rules_name_of(r->rows, r->cols, r->k, r->rule),
				 r->rows, r->cols, r->k, r->rule},
		.started_at = store_now(),
	};
	long long elapsed[BOARD_MAX_CELLS], id;
	enum match_result result;
	enum match_reason reason;

	record_result(r, b, &result, &reason);
	record_ms_to_elapsed(r->ms, r->nmoves, elapsed);
	if (store_match_import(ui->club.store, &h, r->nmoves, r->moves, elapsed,
			       result, reason, &id) != STORE_OK) {
		ui_error(&ui->term, _("cannot store the game: %s"),
			 store_errmsg(ui->club.store));
		return UI_FAILED;
	}
	ui_say(&ui->term,
	       ngettext("Imported %d move as match %lld. Replay it with: "
			"gomoku replay %lld",
			"Imported %d moves as match %lld. Replay it with: "
			"gomoku replay %lld",
			(unsigned long)r->nmoves),
	       r->nmoves, id, id);
	return UI_OK;
}

enum ui_status ui_records_import(struct ui *ui, const char *path)
{
	struct game_record *r = malloc(sizeof(*r));
	struct record_error err;
	struct variant v;
	struct board b;
	enum ui_status st = UI_FAILED;
	size_t len = 0;
	char *text = slurp(path, &len);

	if (text == NULL || r == NULL) {
		ui_error(&ui->term, _("cannot read %s: %s"), path,
			 strerror(errno));
		goto out_free;
	}
	st = UI_REFUSED;
	v = ui->opt->variant;
	if (!ui->opt->variant_chosen)
		record_rule_line(text, len, &v); /* what the file says */
	if (record_read(text, len, &v, r, &err) != RECORD_OK) {
		ui_error(&ui->term, _("%s: line %d: %s; nothing was imported"),
			 path, err.line, record_why(err.reason));
		goto out_free;
	}
	if (record_check(r, &b, &err) != RECORD_OK) {
		ui_error(&ui->term, _("%s: %s; nothing was imported"), path,
			 record_why(err.reason));
		goto out_free;
	}
	st = records_save_import(ui, r, &b);
out_free:
	free(text);
	free(r);
	return st;
}
