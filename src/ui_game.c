/* ui_game.c -- one game at the terminal: the match callbacks for people
 * and the computer, the match's record written move by move as it is
 * played and closed with its result, the coin flip and guest games.
 * Who plays which game (ranked, against the computer, resumed):
 * ui_matches.c, which calls this file and is never called by it. */
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "renju.h"
#include "store.h"
#include "ui_game.h"
#include "ui_internal.h"
#include "ui_screen.h"

/* ==== Showing the game =================================================== */

static long long clock_ms(void *ctx)
{
	(void)ctx;
	return term_now_ms();
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

/* Why a point is forbidden for black, in words. */
static const char *verdict_words(enum renju_verdict v)
{
	switch (v) {
	case RENJU_OVERLINE:
		return _("overline");
	case RENJU_DOUBLE_FOUR:
		return _("double four");
	case RENJU_DOUBLE_THREE:
		return _("double three");
	case RENJU_OK:
		break;
	}
	return "";
}

/* Draw the board; with `forbidden`, and black to move under renju, mark
 * black's forbidden points. Return how many there are (0 otherwise). */
static int draw_board(struct game *g, const struct match *m, bool forbidden)
{
	struct move marks[BOARD_MAX_CELLS];
	int n = 0;

	if (forbidden && m->board.rule == RULE_RENJU &&
	    board_to_move(&m->board) == STONE_BLACK)
		n = renju_forbidden_points(&m->board, marks, BOARD_MAX_CELLS);
	ui_board_draw_marked(g->ui, &m->board, marks, n);
	return n;
}

/* "hint": the board with black's forbidden points marked and listed. */
static void show_hint(struct game *g, const struct match *m)
{
	char where[NOTATION_MOVE_LEN];
	struct move marks[BOARD_MAX_CELLS];
	int i, n;

	if (m->board.rule != RULE_RENJU ||
	    board_to_move(&m->board) != STONE_BLACK) {
		ui_say(g->ui, _("Only black, under renju, has forbidden "
				"points."));
		return;
	}
	n = renju_forbidden_points(&m->board, marks, BOARD_MAX_CELLS);
	draw_board(g, m, true);
	if (n == 0) {
		ui_say(g->ui, _("Black has no forbidden points now."));
		return;
	}
	fputs(_("Forbidden for black:"), g->ui->out);
	for (i = 0; i < n; i++)
		fprintf(g->ui->out, " %s (%s)",
			notation_format(marks[i].row, marks[i].col, where),
			verdict_words(renju_check(&m->board, marks[i].row,
						  marks[i].col)));
	fputc('\n', g->ui->out);
}

/* True when the seat that must act next is not here (g->only_seat). */
static bool absent_turn(const struct game *g, const struct match *m)
{
	return g->only_seat >= 0 && match_seat_to_act(m) != g->only_seat;
}

static void game_show(void *ctx, const struct match *m)
{
	struct game *g = ctx;
	enum stone s = board_to_move(&m->board);

	if (g->shown == m->board.nmoves || absent_turn(g, m))
		return;
	g->shown = m->board.nmoves;
	fputc('\n', g->ui->out);
	if (g->ai[m->seat[s]] == NULL) /* the computer needs no board */
		draw_board(g, m, g->ui->show_forbidden);
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
		ui_say(ui, _("Type a move as h8 (column letter, row) or 8 8 "
			     "(row, column), or help."));
		break;
	}
}

/* ==== Moves ============================================================== */

/* The computer on side s thinks and plays; Ctrl-C stops it. */
static int computer_move(struct game *g, const struct match *m, enum stone s,
			 struct input *in)
{
	char where[NOTATION_MOVE_LEN];
	struct ai_result r;

	fputs(_("The computer is thinking..."), g->ui->out);
	fflush(g->ui->out);
	if (ai_choose(g->ai[m->seat[s]], &m->board, term_stop_flag(), &r) !=
		    0 ||
	    term_stop_signal() != 0) {
		fputc('\n', g->ui->out);
		g->stop = UI_INTERRUPTED;
		return -1;
	}
	fprintf(g->ui->out, _(" it plays %s.\n"),
		notation_format(r.row, r.col, where));
	in->kind = INPUT_MOVE;
	in->error = INPUT_ERR_NONE;
	in->row = r.row;
	in->col = r.col;
	return 0;
}

/* The deadline for the move now to be played, set when it is first asked
 * for (so refused lines do not restart the clock), less what a resumed
 * move had used before; 0 without a limit. */
static long long move_deadline(struct game *g, const struct match *m)
{
	if (g->time_per_move <= 0)
		return 0;
	if (g->deadline_ply != m->board.nmoves || g->deadline == 0) {
		if (g->deadline_ply != m->board.nmoves)
			g->used_ms = 0;
		g->deadline_ply = m->board.nmoves;
		g->deadline =
			term_now_ms() + 1000LL * g->time_per_move - g->used_ms;
	}
	return g->deadline;
}

/* What the move to play has used of its time, in ms (0 without one). */
static long long clock_used(const struct game *g, const struct match *m)
{
	long long left;

	if (g->time_per_move <= 0 || g->deadline == 0 ||
	    g->deadline_ply != m->board.nmoves)
		return g->deadline_ply == m->board.nmoves ? g->used_ms : 0;
	left = g->deadline - term_now_ms();
	if (left < 0)
		left = 0;
	return 1000LL * g->time_per_move - left;
}

/* Whether g's record is still as this game left it: unfinished, with the
 * moves it wrote. When another process ended or changed it, say so and
 * set g->elsewhere (and g->closed when it ended). */
static bool record_still_ours(struct game *g)
{
	struct match_now now;

	if (g->record_kind == 0 || g->match_id == 0)
		return true;
	if (store_match_now(g->ui->store, g->match_id, &now) != STORE_OK ||
	    (now.status == MATCH_STATUS_UNFINISHED && now.nmoves == g->saved))
		return true;
	g->elsewhere = true;
	g->closed = now.status != MATCH_STATUS_UNFINISHED;
	g->stop = UI_OK;
	if (now.status == MATCH_STATUS_ABANDONED)
		ui_say(g->ui,
		       _("Match %lld was abandoned in another session: it "
			 "counts for nobody."),
		       g->match_id);
	else if (now.status == MATCH_STATUS_FINISHED)
		ui_say(g->ui, _("Match %lld was ended in another session: %s."),
		       g->match_id,
		       now.result == RESULT_DRAW	? _("a draw")
		       : now.result == RESULT_BLACK_WIN ? _("black won")
							: _("white won"));
	else
		ui_say(g->ui,
		       _("Match %lld was changed in another session; resume "
			 "it again to go on."),
		       g->match_id);
	return false;
}

/* The prompt for the person to move: "Alice ●> ", with the seconds left
 * when moves are timed. */
static void human_prompt(struct game *g, const struct match *m,
			 long long deadline, char *prompt, size_t cap)
{
	enum stone s = board_to_move(&m->board);
	long long left = (deadline - term_now_ms() + 999) / 1000;

	if (deadline == 0)
		snprintf(prompt, cap, "%s %s> ", m->name[s],
			 ui_stone(g->ui, s));
	else
		snprintf(prompt, cap, _("%s %s (%llds)> "), m->name[s],
			 ui_stone(g->ui, s), left > 0 ? left : 0);
}

static int game_ask(void *ctx, const struct match *m, struct input *in)
{
	struct game *g = ctx;
	enum stone s = board_to_move(&m->board);
	char buf[TERM_LINE_MAX + 1], prompt[160];
	long long deadline;
	size_t len;

	if (absent_turn(g, m)) {
		g->waiting = true;
		return -1;
	}
	if (g->ai[m->seat[s]] != NULL)
		return computer_move(g, m, s, in);
	deadline = move_deadline(g, m);
	for (;;) {
		if (!record_still_ours(g))
			return -1;
		human_prompt(g, m, deadline, prompt, sizeof(prompt));
		g->stop = ui_read_until(g->ui, prompt, buf, &len, deadline);
		if (g->stop == UI_TIMEOUT)
			return MATCH_ASK_TIMEOUT;
		if (g->stop != UI_OK)
			return -1;
		notation_parse(buf, len, m->board.rows, m->board.cols, in);
		if (in->kind == INPUT_HINT)
			show_hint(g, m);
		else if ((in->kind == INPUT_UNDO || in->kind == INPUT_DRAW) &&
			 g->only_seat >= 0)
			ui_say(g->ui, _("Your opponent is not here: undo and "
					"draw offers wait until you both "
					"play."));
		else if (in->kind != INPUT_INVALID)
			return 0;
		else
			explain_input(g->ui, &m->board, in->error);
	}
}

/* ==== Questions and events ============================================== */

/* The computer's answer: it lets people take moves back, and plays on
 * rather than agree to a draw (saying so: the only message then). */
static int computer_answer(struct game *g, enum match_question q)
{
	if (q == ASK_ACCEPT_UNDO)
		return 1;
	ui_say(g->ui, _("The computer plays on."));
	return 0;
}

static int game_confirm(void *ctx, const struct match *m, enum stone who,
			enum match_question q)
{
	struct game *g = ctx;
	const char *me = m->name[who], *other = m->name[stone_other(who)];
	char question[512];
	bool yes;

	if (g->ai[m->seat[who]] != NULL)
		return computer_answer(g, q);
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

	if (err == BOARD_ERR_FORBIDDEN)
		ui_say(g->ui, _("Black may not play there: %s (renju)%s"),
		       verdict_words(
			       board_play_verdict(&m->board, in->row, in->col)),
		       m->forbidden_loses ? _(", and loses the game.")
					  : _(". Type hint to see black's "
					      "forbidden points."));
	else if (err == BOARD_ERR_OCCUPIED)
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
	case EVENT_DRAW_REFUSED: /* the computer said so already */
		if (g->ai[m->seat[stone_other(board_to_move(&m->board))]] ==
		    NULL)
			ui_say(g->ui, _("%s declined the draw. Play on."),
			       opponent);
		break;
	case EVENT_OPENING_MOVES_ONLY:
		ui_say(g->ui, _("During the opening only moves (and help) are "
				"possible."));
		break;
	case EVENT_COLOURS_SET:
		ui_say(g->ui,
		       _("The opening is over: %s plays black (%s), %s "
			 "plays white (%s)."),
		       m->name[STONE_BLACK], ui_stone(g->ui, STONE_BLACK),
		       m->name[STONE_WHITE], ui_stone(g->ui, STONE_WHITE));
		g->shown = -1;
		break;
	}
}

/* The computer's swap2 decision: the colour its search likes better in
 * the position (white is to move after three and after five stones). */
static int computer_choice(struct game *g, const struct match *m, int seat,
			   enum match_choice q)
{
	struct ai_result r;
	bool white_better;

	if (ai_choose(g->ai[seat], &m->board, term_stop_flag(), &r) != 0)
		r.score = 0;
	if (term_stop_signal() != 0) {
		g->stop = UI_INTERRUPTED;
		return -1;
	}
	white_better = r.score >= 0;
	ui_say(g->ui, _("The computer takes %s."),
	       white_better ? _("white") : _("black"));
	if (q == CHOOSE_SWAP2)
		return white_better ? SWAP2_TAKE_WHITE : SWAP2_TAKE_BLACK;
	return white_better ? STONE_WHITE : STONE_BLACK;
}

static int game_choose(void *ctx, const struct match *m, int seat,
		       enum match_choice q)
{
	const char *swap2[] = {_("Play white (you move next)"), _("Take black"),
			       _("Place two more stones (white, then black) "
				 "and let the other player choose")};
	const char *colour[] = {_("Black"), _("White")};
	static const int keys[] = {1, 2, 3};
	struct game *g = ctx;
	char title[256];
	int choice;

	if (g->only_seat >= 0 && seat != g->only_seat) {
		g->waiting = true;
		return -1;
	}
	if (g->ai[seat] != NULL)
		return computer_choice(g, m, seat, q);
	if (!record_still_ours(g))
		return -1;
	fputc('\n', g->ui->out);
	ui_board_draw(g->ui, &m->board);
	snprintf(title, sizeof(title),
		 q == CHOOSE_SWAP2 ? _("Swap2: %s, what will you do?")
				   : _("Swap2: %s, choose your colour."),
		 m->seat_name[seat]);
	g->stop = ui_menu(g->ui, title, q == CHOOSE_SWAP2 ? swap2 : colour,
			  keys, q == CHOOSE_SWAP2 ? 3 : 2, &choice);
	if (g->stop != UI_OK)
		return -1;
	if (q == CHOOSE_SWAP2)
		return choice - 1;
	return choice == 1 ? STONE_BLACK : STONE_WHITE;
}

static void game_help(void *ctx, const struct match *m)
{
	struct game *g = ctx;

	ui_say(g->ui, _("Type a move as the column letter then the row, as "
			"labelled on the board: h8.\n"
			"Or the row then the column number: 8 8 or 8,8."));
	if (m->board.rule == RULE_RENJU)
		ui_say(g->ui, _("Renju: black wins with exactly five and may "
				"not play an overline, a double four or a "
				"double three;\n"
				"white wins with five or more. Type hint to "
				"see black's forbidden points."));
	else
		ui_say(g->ui, _("%d in a row wins (%s)."), m->board.k,
		       m->board.rule == RULE_EXACT ? _("exactly, no overlines")
						   : _("or more"));
	ui_say(g->ui, _("Commands:\n"
			"  undo    take back your last move (your opponent "
			"must agree)\n"
			"  draw    offer a draw\n"
			"  resign  give up this game\n"
			"  help    show this help\n"
			"Ctrl-D or Ctrl-C leaves the program."));
	if (g->time_per_move > 0)
		ui_say(g->ui,
		       ngettext("Each move must be made within %d second, "
				"or the game is lost.",
				"Each move must be made within %d seconds, "
				"or the game is lost.",
				(unsigned long)g->time_per_move),
		       g->time_per_move);
}

/* ==== The record ======================================================== */

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
	case MATCH_TIMEOUT:
		return REASON_TIMEOUT;
	case MATCH_FORBIDDEN:
		return REASON_FORBIDDEN;
	case MATCH_FIVE:
	case MATCH_UNFINISHED:
		break;
	}
	return REASON_FIVE;
}

/* The seat playing black as the record keeps it: during the opening,
 * seat 0 (who places the first three stones). */
static int black_seat(const struct match *m)
{
	return m->opening_done ? m->seat[STONE_BLACK] : 0;
}

/* Open g's record (kind g->record_kind). Return UI_OK, or UI_FAILED
 * after saying why. */
static enum ui_status open_record(struct game *g)
{
	enum match_kind kind = (enum match_kind)g->record_kind;
	const struct variant *v = &g->m.variant;
	int comp = g->ai[0] != NULL ? 0 : 1, black = black_seat(&g->m);
	struct match_header h = {
		.kind = kind,
		.black_id = g->player_id[black],
		.white_id = g->player_id[1 - black],
		.ai_level = kind == MATCH_COMPUTER ? g->level[comp] : 0,
		.variant = v->name,
		.rule = v->rule,
		.rows = v->rows,
		.cols = v->cols,
		.k = v->k,
		.time_per_move = g->time_per_move,
		.opening = g->m.opening,
		.started_at = (long long)time(NULL),
	};

	if (store_match_start(g->ui->store, &h, &g->match_id) != STORE_OK)
		return ui_store_failed(g->ui,
				       _("cannot start the match record"));
	g->saved_stones = g->m.opening_stones;
	g->saved_final = g->m.opening_done;
	return UI_OK;
}

/* Write who plays which colour when the opening changed it. Return the
 * store's status. */
static enum store_status save_seats(struct game *g, const struct match *m)
{
	int black = black_seat(m);
	enum store_status st;

	if (g->saved_stones == m->opening_stones &&
	    g->saved_final == m->opening_done)
		return STORE_OK;
	st = store_match_seats(g->ui->store, g->match_id, g->player_id[black],
			       g->player_id[1 - black], m->opening_stones,
			       m->opening_done);
	if (st == STORE_OK) {
		g->saved_stones = m->opening_stones;
		g->saved_final = m->opening_done;
	}
	return st;
}

/* Bring the record up to date with the board: open it, write the stones
 * it lacks (the opening's too, as they are placed), drop those taken
 * back, and the colours once the opening gives them out. */
static int game_changed(void *ctx, const struct match *m)
{
	struct game *g = ctx;
	const struct board *b = &m->board;
	enum store_status st = STORE_OK;

	if (g->record_kind == 0)
		return 0;
	if (g->match_id == 0 && open_record(g) != UI_OK)
		goto out_stop;
	while (st == STORE_OK && g->saved < b->nmoves) {
		const struct move *mv = &b->moves[g->saved];

		st = store_match_move(g->ui->store, g->match_id, g->saved + 1,
				      mv->row, mv->col, m->move_ms[g->saved]);
		if (st == STORE_OK)
			g->saved++;
	}
	if (st == STORE_OK && g->saved > b->nmoves) {
		st = store_match_undo(g->ui->store, g->match_id, b->nmoves);
		if (st == STORE_OK)
			g->saved = b->nmoves;
	}
	if (st == STORE_OK)
		st = save_seats(g, m);
	if (st == STORE_OK)
		return 0;
	if (!record_still_ours(g))
		return -1;
	ui_error(g->ui, _("the move could not be saved: %s"),
		 store_errmsg(g->ui->store));
out_stop:
	g->stop = UI_FAILED;
	return -1;
}

static const struct match_io terminal_io = {
	.show = game_show,
	.ask = game_ask,
	.confirm = game_confirm,
	.refused = game_refused,
	.event = game_event,
	.help = game_help,
	.clock_ms = clock_ms,
	.changed = game_changed,
	.choose = game_choose,
};

/* ==== Playing ============================================================ */

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
	case MATCH_TIMEOUT:
	case MATCH_FORBIDDEN:
		put_side(ui, m, stone_other(m->winner));
		fputs(m->end == MATCH_RESIGN ? _(" resigned. ")
		      : m->end == MATCH_TIMEOUT
			      ? _(" ran out of time. ")
			      : _(" played a forbidden point. "),
		      ui->out);
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

int game_init(struct game *g, struct ui *ui, const struct variant *v,
	      const char *first, const char *second, bool opening)
{
	memset(g, 0, sizeof(*g));
	g->ui = ui;
	g->shown = -1;
	g->only_seat = -1;
	g->time_per_move = ui->time_per_move;
	if (match_init(&g->m, v, first, second) != 0)
		return -1;
	g->m.forbidden_loses = ui->forbidden_loses;
	return opening ? match_set_opening(&g->m, ui->opening) : 0;
}

/* Re-read g's players from the database. */
static enum ui_status reload_players(struct game *g)
{
	int s;

	for (s = 0; s < 2; s++)
		if (g->player_id[s] != 0 &&
		    store_reload_player(g->ui->store, g->ui->players,
					g->player_id[s]) != STORE_OK)
			return ui_store_failed(g->ui,
					       _("cannot read the players"));
	return UI_OK;
}

/* Write the end of g's match (and, when ranked, both players' counters)
 * in one transaction, then re-read its players. */
static enum ui_status close_record(struct game *g)
{
	struct ui *ui = g->ui;

	if (store_match_finish(ui->store, g->match_id, result_of(&g->m),
			       reason_of(&g->m),
			       (long long)time(NULL)) != STORE_OK) {
		if (!record_still_ours(g))
			return reload_players(g);
		return ui_store_failed(ui, _("the result could not be saved"));
	}
	g->closed = true;
	if (reload_players(g) != UI_OK)
		return UI_FAILED;
	ui_say(ui, _("Match %lld saved."), g->match_id);
	return UI_OK;
}

/* Play stopped before the end: keep what the move to play had used of
 * its time, and say how the match waits. */
static enum ui_status pause_record(struct game *g)
{
	struct ui *ui = g->ui;

	if (g->elsewhere) /* said so: it is not ours to write */
		return reload_players(g);
	if (store_match_pause(ui->store, g->match_id, clock_used(g, &g->m),
			      (long long)time(NULL)) != STORE_OK)
		return record_still_ours(g)
			       ? ui_store_failed(ui, _("cannot save the "
						       "clock"))
			       : reload_players(g);
	if (g->waiting) {
		ui_say(ui, _("Your move is saved. Match %lld waits for %s."),
		       g->match_id, g->m.seat_name[match_seat_to_act(&g->m)]);
		return UI_OK;
	}
	ui_say(ui, _("The match is saved unfinished; it counts for nobody "
		     "until it is resumed and finished."));
	return g->stop == UI_OK ? UI_EOF : g->stop;
}

/* Play g's match to its end at the terminal and show how it ended.
 * Return UI_OK when it ended, else why it stopped (UI_OK with
 * g->waiting or g->elsewhere). */
static enum ui_status play(struct game *g)
{
	enum match_end end;

	/* The record starts now, before the first stone. */
	if (game_changed(g, &g->m) != 0)
		return g->stop;
	if (!g->ui->screen || !ui_screen_run(g, game_changed, &end))
		end = match_run(&g->m, &terminal_io, g);
	if (end == MATCH_UNFINISHED)
		return g->stop == UI_OK && !g->waiting && !g->elsewhere
			       ? UI_EOF
			       : g->stop;
	announce_end(g->ui, &g->m);
	return UI_OK;
}

enum ui_status game_play(struct game *g)
{
	enum ui_status st = play(g);

	if (g->record_kind == 0 || st == UI_FAILED || g->match_id == 0)
		return st;
	if (st != UI_OK || g->waiting || g->elsewhere)
		return pause_record(g);
	return close_record(g);
}

void game_free(struct game *g)
{
	ai_free(g->ai[0]);
	ai_free(g->ai[1]);
	g->ai[0] = g->ai[1] = NULL;
}

bool game_coin_flip(struct ui *ui, const char *a, const char *b, bool secure)
{
	bool a_black = secure ? randombytes_uniform(2) == 0
			      : rng_below(&ui->rng, 2) == 0;

	if (ui->opening == OPENING_SWAP2)
		ui_say(ui,
		       _("Coin flip: %s places the three opening stones "
			 "(swap2)."),
		       a_black ? a : b);
	else
		ui_say(ui, _("Coin flip: %s plays black (%s) and moves first."),
		       a_black ? a : b, ui_stone(ui, STONE_BLACK));
	return a_black;
}

enum ui_status ui_game_guest(struct ui *ui)
{
	const char *p1 = _("Player 1"), *p2 = _("Player 2");
	struct game g;
	enum ui_status st;
	bool again, p1_black;

	ui_say(ui, _("Guest game (not recorded): %s, %dx%d, %d in a row."),
	       ui->variant.name, ui->variant.rows, ui->variant.cols,
	       ui->variant.k);
	for (;;) {
		p1_black = game_coin_flip(ui, p1, p2, false);
		if (game_init(&g, ui, &ui->variant, p1_black ? p1 : p2,
			      p1_black ? p2 : p1, true) != 0)
			return UI_USAGE;
		g.time_per_move = 0; /* only ranked matches are timed */
		st = game_play(&g);
		if (st != UI_OK)
			return st;
		st = ui_yes_no(ui, _("Play another game?"), &again);
		if (st != UI_OK || !again)
			return st;
	}
}
