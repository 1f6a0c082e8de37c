/* ui_game.c -- games at the terminal: the match callbacks, the coin flip,
 * guest hot-seat games and ranked matches between two accounts. */
#include <string.h>
#include <time.h>

#include "match.h"
#include "store.h"
#include "ui.h"

struct game {
	struct ui *ui;
	int shown;	     /* moves on the board when last drawn, or -1 */
	enum ui_status stop; /* why ask() or confirm() stopped the game */
};

/* Milliseconds on the monotonic clock. */
static long long clock_ms(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The translated name of a side: "Black" or "White". */
static const char *side_name(enum stone s)
{
	return s == STONE_BLACK ? _("Black") : _("White");
}

/* Print "● Black Alice" for side s. */
static void put_side(struct ui *ui, const struct match *m, enum stone s)
{
	fprintf(ui->out, "%s %s ", ui_stone(ui, s), side_name(s));
	ui_put_clean(ui, m->name[s]);
}

static void game_show(void *ctx, const struct match *m)
{
	struct game *g = ctx;
	enum stone s = board_to_move(&m->board);

	if (g->shown == m->board.nmoves)
		return;
	g->shown = m->board.nmoves;
	fputc('\n', g->ui->out);
	ui_board_draw(g->ui, &m->board);
	fprintf(g->ui->out, _("Move %d: "), m->board.nmoves + 1);
	put_side(g->ui, m, s);
	fprintf(g->ui->out, " %s\n", _("to play"));
}

/* Explain why a line is not a move. */
static void explain_input(struct ui *ui, const struct board *b,
			  enum input_error e)
{
	switch (e) {
	case INPUT_ERR_ROW_RANGE:
		ui_say(ui, _("Row must be between 1 and %d."), b->rows);
		break;
	case INPUT_ERR_COL_RANGE:
		ui_say(ui, _("Column must be between 1 and %d (a to %c)."),
		       b->cols, 'a' + b->cols - 1);
		break;
	case INPUT_ERR_TOO_LONG:
		ui_say(ui, _("That is too long to be a move."));
		break;
	case INPUT_ERR_EMPTY:
	case INPUT_ERR_SYNTAX:
	case INPUT_ERR_ENCODING:
	case INPUT_ERR_NONE:
		ui_say(ui, _("Type a move as row and column (8 8, 8,8 or h8), "
			     "or help."));
		break;
	}
}

static int game_ask(void *ctx, const struct match *m, struct input *in)
{
	struct game *g = ctx;
	char buf[TERM_LINE_MAX + 1], prompt[128];
	enum stone s = board_to_move(&m->board);
	size_t len;

	snprintf(prompt, sizeof(prompt), "%s %s> ", m->name[s],
		 ui_stone(g->ui, s));
	for (;;) {
		g->stop = ui_read(g->ui, prompt, buf, &len);
		if (g->stop != UI_OK)
			return -1;
		notation_parse(buf, len, m->board.rows, m->board.cols, in);
		if (in->kind != INPUT_INVALID)
			return 0;
		explain_input(g->ui, &m->board, in->error);
	}
}

static int game_confirm(void *ctx, const struct match *m, enum stone who,
			enum match_question q)
{
	struct game *g = ctx;
	const char *me = m->name[who], *other = m->name[stone_other(who)];
	char question[512];
	bool yes;

	if (q == ASK_ACCEPT_UNDO)
		snprintf(question, sizeof(question),
			 _("%s, %s asks to take back their last move. "
			   "Do you agree?"),
			 me, other);
	else if (q == ASK_ACCEPT_DRAW)
		snprintf(question, sizeof(question),
			 _("%s, %s offers a draw. Do you accept?"), me, other);
	else
		snprintf(question, sizeof(question),
			 _("%s, do you really want to resign?"), me);
	g->stop = ui_yes_no(g->ui, question, &yes);
	if (g->stop != UI_OK)
		return -1;
	return yes ? 1 : 0;
}

static void game_refused(void *ctx, const struct match *m,
			 const struct input *in, enum board_error err)
{
	struct game *g = ctx;

	(void)m;
	(void)in;
	if (err == BOARD_ERR_OCCUPIED)
		ui_say(g->ui, _("That point is taken. Choose an empty one."));
	else if (err == BOARD_ERR_OFF_BOARD)
		ui_say(g->ui, _("That point is not on the board."));
	else
		ui_say(g->ui, _("The game is over."));
}

static void game_event(void *ctx, const struct match *m, enum match_event e)
{
	struct game *g = ctx;
	const char *opponent = m->name[stone_other(board_to_move(&m->board))];

	switch (e) {
	case EVENT_NOTHING_TO_UNDO:
		ui_say(g->ui, _("You have no move to take back yet."));
		break;
	case EVENT_UNDO_REFUSED:
		ui_say(g->ui, _("%s said no: the moves stay."), opponent);
		break;
	case EVENT_UNDONE:
		ui_say(g->ui, _("Your last move and the reply were taken "
				"back."));
		g->shown = -1;
		break;
	case EVENT_DRAW_REFUSED:
		ui_say(g->ui, _("%s declined the draw. Play on."), opponent);
		break;
	}
}

static void game_help(void *ctx, const struct match *m)
{
	struct game *g = ctx;

	ui_say(g->ui, _("Type a move as row then column, as labelled on the "
			"board: 8 8 or 8,8.\n"
			"Or a column letter and the row: h8 (a is column 1)."));
	ui_say(g->ui, _("%d in a row wins (%s rule)."), m->board.k,
	       m->board.rule == RULE_EXACT ? _("exactly, no overlines")
					   : _("or more"));
	ui_say(g->ui, _("Commands:\n"
			"  undo    take back your last move (your opponent "
			"must agree)\n"
			"  draw    offer a draw\n"
			"  resign  give up this game\n"
			"  help    show this help\n"
			"Ctrl-D or Ctrl-C leaves the program."));
}

static const struct match_io terminal_io = {
	.show = game_show,
	.ask = game_ask,
	.confirm = game_confirm,
	.refused = game_refused,
	.event = game_event,
	.help = game_help,
	.clock_ms = clock_ms,
};

/* Say how the game ended, under the final board. */
static void announce_end(struct ui *ui, const struct match *m)
{
	fputc('\n', ui->out);
	ui_board_draw(ui, &m->board);
	switch (m->end) {
	case MATCH_FIVE:
		put_side(ui, m, m->winner);
		fprintf(ui->out, _(" wins with %d in a row!\n"), m->board.k);
		break;
	case MATCH_RESIGN:
		put_side(ui, m, m->resigned);
		fprintf(ui->out, _(" resigned. "));
		put_side(ui, m, m->winner);
		fprintf(ui->out, _(" wins.\n"));
		break;
	case MATCH_AGREED_DRAW:
		ui_say(ui, _("Draw by agreement."));
		break;
	case MATCH_FULL:
		ui_say(ui, _("The board is full: a draw."));
		break;
	case MATCH_UNFINISHED:
		break;
	}
}

/* Flip a coin for colours between `a` and `b`: *black gets who moves
 * first. Says the result. */
static void coin_flip(struct ui *ui, const char *a, const char *b,
		      const char **black, const char **white)
{
	bool a_black = rng_below(&ui->rng, 2) == 0;

	*black = a_black ? a : b;
	*white = a_black ? b : a;
	fprintf(ui->out, _("Coin flip: "));
	ui_put_clean(ui, *black);
	fprintf(ui->out, _(" plays black (%s) and moves first.\n"),
		ui_stone(ui, STONE_BLACK));
}

/* Play one game of ui->variant between a and b on the terminal. */
static enum ui_status play_one(struct ui *ui, struct match *m, const char *a,
			       const char *b)
{
	struct game g = {ui, -1, UI_OK};
	const char *black, *white;

	coin_flip(ui, a, b, &black, &white);
	if (match_init(m, &ui->variant, black, white) != 0)
		return UI_USAGE;
	if (match_run(m, &terminal_io, &g) == MATCH_UNFINISHED)
		return g.stop == UI_OK ? UI_EOF : g.stop;
	announce_end(ui, m);
	return UI_OK;
}

enum ui_status ui_game_guest(struct ui *ui)
{
	const char *p1 = _("Player 1"), *p2 = _("Player 2");
	struct match m;
	enum ui_status st;
	bool again;

	ui_say(ui, _("Guest game (not recorded): %s, %dx%d, %d in a row."),
	       ui->variant.name, ui->variant.rows, ui->variant.cols,
	       ui->variant.k);
	for (;;) {
		st = play_one(ui, &m, p1, p2);
		if (st != UI_OK)
			return st;
		st = ui_yes_no(ui, _("Play another game?"), &again);
		if (st != UI_OK || !again)
			return st;
	}
}

/* The match's result from black's side, for the record. */
static enum match_result result_of(const struct match *m)
{
	if (m->winner == STONE_BLACK)
		return RESULT_BLACK_WIN;
	return m->winner == STONE_WHITE ? RESULT_WHITE_WIN : RESULT_DRAW;
}

/* Why the match ended, for the record. */
static enum match_reason reason_of(const struct match *m)
{
	switch (m->end) {
	case MATCH_RESIGN:
		return REASON_RESIGN;
	case MATCH_AGREED_DRAW:
		return REASON_DRAW;
	case MATCH_FULL:
		return REASON_FULL;
	case MATCH_FIVE:
	case MATCH_UNFINISHED:
		break;
	}
	return REASON_FIVE;
}

/* Write a finished match and both players' new counters in one
 * transaction, then re-read both players. */
static enum ui_status record(struct ui *ui, const struct match *m,
			     const struct player *black,
			     const struct player *white, long long started)
{
	struct match_record rec = {
		.black_id = black->id,
		.white_id = white->id,
		.variant = m->variant.name,
		.rule = m->variant.rule,
		.rows = m->variant.rows,
		.cols = m->variant.cols,
		.k = m->variant.k,
		.result = result_of(m),
		.reason = reason_of(m),
		.started_at = started,
		.ended_at = (long long)time(NULL),
		.nmoves = m->board.nmoves,
		.moves = m->board.moves,
		.move_ms = m->move_ms,
	};
	long long id;

	if (store_record_match(ui->store, &rec, &id) != STORE_OK ||
	    store_reload_player(ui->store, ui->players, black->id) !=
		    STORE_OK ||
	    store_reload_player(ui->store, ui->players, white->id) !=
		    STORE_OK) {
		ui_error(ui, _("the result could not be saved: %s"),
			 store_errmsg(ui->store));
		return UI_FAILED;
	}
	ui_say(ui, _("Match %lld saved."), id);
	return UI_OK;
}

/* Print a player's new record after a match: counters, rating change
 * and rank by score. */
static void show_record(struct ui *ui, const struct player *p,
			double old_rating)
{
	const struct player_record *r = &p->rec;
	int rank = plist_rank(ui->players, p, PLIST_BY_SCORE);

	fputs("  ", ui->out);
	ui_put_clean(ui, p->nickname);
	fprintf(ui->out,
		_(": %d won, %d lost, %d tied; score %d; rating %.0f (%+.0f); "
		  "rank %d\n"),
		r->wins, r->losses, r->ties, r->score, r->rating,
		r->rating - old_rating, rank);
}

enum ui_status ui_game_ranked(struct ui *ui, struct player *a, struct player *b)
{
	double rating_a = a->rec.rating, rating_b = b->rec.rating;
	long long started = (long long)time(NULL);
	struct game g = {ui, -1, UI_OK};
	const char *black, *white;
	struct match m;
	enum ui_status st;

	ui_say(ui, _("Ranked match: %s against %s."), a->nickname, b->nickname);
	coin_flip(ui, a->nickname, b->nickname, &black, &white);
	if (match_init(&m, &ui->variant, black, white) != 0)
		return UI_USAGE;
	if (match_run(&m, &terminal_io, &g) == MATCH_UNFINISHED) {
		ui_say(ui, _("The match was not finished and counts for "
			     "nobody."));
		return g.stop == UI_OK ? UI_EOF : g.stop;
	}
	announce_end(ui, &m);
	st = record(ui, &m, black == a->nickname ? a : b,
		    black == a->nickname ? b : a, started);
	if (st != UI_OK)
		return st;
	show_record(ui, a, rating_a);
	show_record(ui, b, rating_b);
	return UI_OK;
}
