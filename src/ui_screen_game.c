/* ui_screen_game.c -- a game full-screen: the struct match_io for the
 * screen. Keys move a cursor and place stones, letters give the
 * commands, questions are asked on the status line; the computer plays
 * its own moves. The terminal beneath: ui_screen.c. */
#ifndef _XOPEN_SOURCE /* wcwidth(); pkg-config may have set it */
#define _XOPEN_SOURCE 700
#endif
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <limits.h>
#include <string.h>
#include <wchar.h>

#include "renju.h"
#include "ui_screen.h"

/* How often the clock is redrawn while waiting for a key, in ms. */
#define TICK_MS 250

/* ==== Showing ============================================================ */

static long long sg_clock(void *ctx)
{
	(void)ctx;
	return term_now_ms();
}

/* Draw the position; after a new move the cursor starts on it. */
static void sg_show(void *ctx, const struct match *m)
{
	struct screen *s = ctx;
	const struct move *last = board_last(&m->board);

	if (s->shown != m->board.nmoves && last != NULL) {
		s->cur_row = last->row;
		s->cur_col = last->col;
	}
	s->shown = m->board.nmoves;
	ui_screen_draw(s);
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

/* "t": show black's forbidden points on the board and list them. */
static void show_hint(struct screen *s, const struct match *m)
{
	char list[SCREEN_STATUS_MAX] = "", where[NOTATION_MOVE_LEN];
	struct move p[BOARD_MAX_CELLS];
	size_t used = 0;
	int i, n;

	if (m->board.rule != RULE_RENJU ||
	    board_to_move(&m->board) != STONE_BLACK) {
		ui_screen_say(s, false, "%s",
			      _("Only black, under renju, has forbidden "
				"points."));
		return;
	}
	s->marks_on = true;
	n = renju_forbidden_points(&m->board, p, BOARD_MAX_CELLS);
	for (i = 0; i < n && used + 1 < sizeof(list); i++) {
		notation_format(p[i].row, p[i].col, where);
		used += (size_t)snprintf(list + used, sizeof(list) - used,
					 " %s", where);
	}
	if (n == 0)
		ui_screen_say(s, false, "%s",
			      _("Black has no forbidden points now."));
	else
		ui_screen_say(s, false, "%s%s", _("Forbidden for black:"),
			      list);
}

/* ==== Moves ============================================================== */

/* The computer on side `side` thinks and plays. */
static int computer_move(struct screen *s, const struct match *m,
			 enum stone side, struct input *in)
{
	struct game *g = s->g;
	char where[NOTATION_MOVE_LEN];
	struct ai_result r;

	ui_screen_say(s, false, "%s", _("The computer is thinking..."));
	if (ai_choose(g->ai[m->seat[side]], &m->board, term_stop_flag(), &r) !=
		    0 ||
	    term_stop_signal() != 0) {
		g->stop = UI_INTERRUPTED;
		return -1;
	}
	s->status[0] = '\0';
	ui_screen_say(s, false, _("The computer plays %s."),
		      notation_format(r.row, r.col, where));
	in->kind = INPUT_MOVE;
	in->error = INPUT_ERR_NONE;
	in->row = r.row;
	in->col = r.col;
	return 0;
}

/* The deadline for the move now to be played, set when it is first
 * asked for; 0 without a limit. */
static long long move_deadline(struct game *g, const struct match *m)
{
	if (g->time_per_move <= 0)
		return 0;
	if (g->deadline_ply != m->board.nmoves || g->deadline == 0) {
		g->deadline_ply = m->board.nmoves;
		g->deadline = term_now_ms() + 1000LL * g->time_per_move;
	}
	return g->deadline;
}

/* Move the cursor by (dr, dc), staying on the board. */
static void move_cursor(struct screen *s, int dr, int dc)
{
	const struct board *b = &s->g->m.board;

	s->cur_row = (s->cur_row + dr + b->rows) % b->rows;
	s->cur_col = (s->cur_col + dc + b->cols) % b->cols;
	s->sel_row = s->sel_col = -1;
}

/* A cursor key: move and return true, or false for another key. */
static bool cursor_key(struct screen *s, const struct screen_key *k)
{
	static const struct {
		int ch, dr, dc;
	} keys[] = {{KEY_UP, -1, 0},   {KEY_DOWN, 1, 0}, {KEY_LEFT, 0, -1},
		    {KEY_RIGHT, 0, 1}, {'k', -1, 0},	 {'j', 1, 0},
		    {'h', 0, -1},      {'l', 0, 1},	 {'w', -1, 0},
		    {'s', 1, 0},       {'a', 0, -1},	 {'d', 0, 1}};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (k->ch == keys[i].ch &&
		    (k->kind == SK_KEY) == (keys[i].ch > 0xff)) {
			move_cursor(s, keys[i].dr, keys[i].dc);
			return true;
		}
	return false;
}

/* A command key, as the match's input: u, D, r, ?; true when it was
 * one. */
static bool command_key(int ch, struct input *in)
{
	switch (ch) {
	case 'u':
		in->kind = INPUT_UNDO;
		return true;
	case 'D':
		in->kind = INPUT_DRAW;
		return true;
	case 'r':
		in->kind = INPUT_RESIGN;
		return true;
	case '?':
		in->kind = INPUT_HELP;
		return true;
	default:
		return false;
	}
}

/* Why a typed line is not a move, on the status line. */
static void explain_input(struct screen *s, const struct board *b,
			  enum input_error e)
{
	if (e == INPUT_ERR_ROW_RANGE)
		ui_screen_say(s, true, _("Row must be between 1 and %d."),
			      b->rows);
	else if (e == INPUT_ERR_COL_RANGE)
		ui_screen_say(s, true,
			      _("Column must be between 1 and %d (a to %c)."),
			      b->cols, 'a' + b->cols - 1);
	else
		ui_screen_say(s, true, "%s",
			      _("Type a move as h8 (column letter, row) or 8 8 "
				"(row, column), or help."));
}

/* A key while the move line is open. Return 1 when a line was entered
 * (parsed into *in), 0 to read on. */
static int line_key(struct screen *s, const struct screen_key *k,
		    struct input *in)
{
	const struct board *b = &s->g->m.board;
	char mb[MB_LEN_MAX];
	mbstate_t st;
	size_t n;

	if (k->ch == 27 || (k->kind == SK_KEY && k->ch == KEY_EXIT)) {
		s->typing = false;
	} else if (k->ch == '\n' || k->ch == '\r' ||
		   (k->kind == SK_KEY && k->ch == KEY_ENTER)) {
		s->typing = false;
		notation_parse(s->line, s->line_len, b->rows, b->cols, in);
		if (in->kind != INPUT_INVALID)
			return 1;
		explain_input(s, b, in->error);
	} else if ((k->kind == SK_KEY && k->ch == KEY_BACKSPACE) ||
		   k->ch == 127 || k->ch == 8) {
		while (s->line_len > 0 &&
		       ((unsigned char)s->line[--s->line_len] & 0xC0) == 0x80)
			;
	} else if (k->kind == SK_CHAR && k->ch >= ' ') {
		memset(&st, 0, sizeof(st));
		n = wcrtomb(mb, (wchar_t)k->ch, &st);
		if (n != (size_t)-1 && s->line_len + n < sizeof(s->line)) {
			memcpy(s->line + s->line_len, mb, n);
			s->line_len += n;
		}
	}
	s->line[s->line_len] = '\0';
	ui_screen_draw(s);
	return 0;
}

/* Place at (row, col): the move for the match. */
static int place(struct input *in, int row, int col)
{
	in->kind = INPUT_MOVE;
	in->error = INPUT_ERR_NONE;
	in->row = row;
	in->col = col;
	return 1;
}

/* A click: the first on a point selects it, the second places there. */
static int click(struct screen *s, const struct screen_key *k, struct input *in)
{
	if (s->sel_row == k->row && s->sel_col == k->col)
		return place(in, k->row, k->col);
	s->cur_row = s->sel_row = k->row;
	s->cur_col = s->sel_col = k->col;
	ui_screen_draw(s);
	return 0;
}

/* Open the move line, with `first` typed when it is a digit. */
static void open_line(struct screen *s, int first)
{
	s->typing = true;
	s->line_len = 0;
	if (first >= '0' && first <= '9')
		s->line[s->line_len++] = (char)first;
	s->line[s->line_len] = '\0';
	ui_screen_draw(s);
}

/* The player leaves with q (after confirming): the game stops. */
static int leave(struct screen *s)
{
	int yes = ui_screen_yes_no(s, _("Leave this game?"));

	if (yes == 1) {
		s->g->stop = UI_REFUSED;
		return -1;
	}
	if (yes < 0)
		s->g->stop = UI_INTERRUPTED;
	ui_screen_say(s, false, "%s", "");
	return yes < 0 ? -1 : 0;
}

/* One key from the person to move. Return 1 with *in filled, 0 to read
 * on, -1 to stop the game (g->stop says why). */
static int human_key(struct screen *s, const struct match *m,
		     const struct screen_key *k, struct input *in)
{
	if (s->typing)
		return line_key(s, k, in);
	if (k->kind == SK_CLICK)
		return click(s, k, in);
	if (cursor_key(s, k)) {
		ui_screen_draw(s);
		return 0;
	}
	if (k->ch == '\n' || k->ch == '\r' || k->ch == ' ' ||
	    (k->kind == SK_KEY && k->ch == KEY_ENTER))
		return place(in, s->cur_row, s->cur_col);
	if (k->kind != SK_CHAR)
		return 0;
	if (k->ch == ':' || (k->ch >= '0' && k->ch <= '9'))
		open_line(s, k->ch);
	else if (k->ch == 't')
		show_hint(s, m);
	else if (k->ch == 'q')
		return leave(s);
	else if (k->ch == 4) { /* Ctrl-D: input ends, as in line mode */
		s->g->stop = UI_EOF;
		return -1;
	} else if (command_key(k->ch, in))
		return 1;
	return 0;
}

static int sg_ask(void *ctx, const struct match *m, struct input *in)
{
	struct screen *s = ctx;
	struct game *g = s->g;
	enum stone side = board_to_move(&m->board);
	struct screen_key k;
	long long deadline;
	int rc;

	if (g->ai[m->seat[side]] != NULL)
		return computer_move(s, m, side, in);
	deadline = move_deadline(g, m);
	memset(in, 0, sizeof(*in));
	for (;;) {
		if (deadline != 0 && term_now_ms() >= deadline)
			return MATCH_ASK_TIMEOUT;
		if (ui_screen_key(s, TICK_MS, &k) == SK_STOP) {
			g->stop = UI_INTERRUPTED;
			return -1;
		}
		if (k.kind == SK_NONE) {
			ui_screen_draw(s); /* the clock */
			continue;
		}
		rc = human_key(s, m, &k, in);
		if (rc != 0)
			return rc > 0 ? 0 : -1;
	}
}

/* ==== Questions and events ============================================== */

static int sg_confirm(void *ctx, const struct match *m, enum stone who,
		      enum match_question q)
{
	struct screen *s = ctx;
	const char *me = m->name[who], *other = m->name[stone_other(who)];
	char question[SCREEN_STATUS_MAX];
	int yes;

	if (s->g->ai[m->seat[who]] != NULL) { /* the computer's answer */
		if (q == ASK_ACCEPT_UNDO)
			return 1;
		ui_screen_say(s, false, "%s", _("The computer plays on."));
		return 0;
	}
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
	yes = ui_screen_yes_no(s, question);
	ui_screen_say(s, false, "%s", "");
	if (yes < 0)
		s->g->stop = UI_INTERRUPTED;
	return yes;
}

static void sg_refused(void *ctx, const struct match *m, const struct input *in,
		       enum board_error err)
{
	struct screen *s = ctx;

	if (err == BOARD_ERR_FORBIDDEN)
		ui_screen_say(s, true,
			      _("Black may not play there: %s (renju)%s"),
			      verdict_words(board_play_verdict(
				      &m->board, in->row, in->col)),
			      m->forbidden_loses
				      ? _(", and loses the game.")
				      : _(". Press t to see black's forbidden "
					  "points."));
	else if (err == BOARD_ERR_OCCUPIED)
		ui_screen_say(s, true, "%s",
			      _("That point is taken. Choose an empty one."));
	else if (err == BOARD_ERR_OFF_BOARD)
		ui_screen_say(s, true, "%s",
			      _("That point is not on the board."));
	else
		ui_screen_say(s, true, "%s", _("The game is over."));
}

static void sg_event(void *ctx, const struct match *m, enum match_event e)
{
	struct screen *s = ctx;
	const char *opponent = m->name[stone_other(board_to_move(&m->board))];

	if (e == EVENT_NOTHING_TO_UNDO)
		ui_screen_say(s, true, "%s",
			      _("You have no move to take back yet."));
	else if (e == EVENT_UNDO_REFUSED)
		ui_screen_say(s, true, _("%s said no: the moves stay."),
			      opponent);
	else if (e == EVENT_UNDONE)
		ui_screen_say(s, false, "%s",
			      _("Your last move and the reply were taken "
				"back."));
	else if (e == EVENT_DRAW_REFUSED)
		ui_screen_say(s, true, _("%s declined the draw. Play on."),
			      opponent);
	else if (e == EVENT_OPENING_MOVES_ONLY)
		ui_screen_say(s, true, "%s",
			      _("During the opening only moves (and help) "
				"are possible."));
	else
		ui_screen_say(
			s, false,
			_("The opening is over: %s plays black (%s), %s "
			  "plays white (%s)."),
			m->name[STONE_BLACK], ui_stone(s->g->ui, STONE_BLACK),
			m->name[STONE_WHITE], ui_stone(s->g->ui, STONE_WHITE));
}

/* The computer's swap2 decision: the colour its search likes better. */
static int computer_choice(struct screen *s, const struct match *m, int seat,
			   enum match_choice q)
{
	struct ai_result r;
	bool white_better;

	if (ai_choose(s->g->ai[seat], &m->board, term_stop_flag(), &r) != 0)
		r.score = 0;
	if (term_stop_signal() != 0) {
		s->g->stop = UI_INTERRUPTED;
		return -1;
	}
	white_better = r.score >= 0;
	ui_screen_say(s, false, _("The computer takes %s."),
		      white_better ? _("white") : _("black"));
	if (q == CHOOSE_SWAP2)
		return white_better ? SWAP2_TAKE_WHITE : SWAP2_TAKE_BLACK;
	return white_better ? STONE_WHITE : STONE_BLACK;
}

static int sg_choose(void *ctx, const struct match *m, int seat,
		     enum match_choice q)
{
	const char *swap2[] = {_("Play white (you move next)"), _("Take black"),
			       _("Place two more stones (white, then black) "
				 "and let the other player choose")};
	const char *colour[] = {_("Black"), _("White")};
	struct screen *s = ctx;
	char title[256];
	int choice;

	if (s->g->ai[seat] != NULL)
		return computer_choice(s, m, seat, q);
	snprintf(title, sizeof(title),
		 q == CHOOSE_SWAP2 ? _("Swap2: %s, what will you do?")
				   : _("Swap2: %s, choose your colour."),
		 m->seat_name[seat]);
	choice = ui_screen_choose(s, title, q == CHOOSE_SWAP2 ? swap2 : colour,
				  q == CHOOSE_SWAP2 ? 3 : 2);
	ui_screen_draw(s);
	if (choice < 0) {
		s->g->stop = UI_INTERRUPTED;
		return -1;
	}
	if (q == CHOOSE_SWAP2)
		return choice;
	return choice == 0 ? STONE_BLACK : STONE_WHITE;
}

static void sg_help(void *ctx, const struct match *m)
{
	struct screen *s = ctx;
	char text[2048], rule[256], clock[256] = "";

	if (m->board.rule == RULE_RENJU)
		snprintf(rule, sizeof(rule), "%s",
			 _("Renju: black may not play an overline, a double "
			   "four or a double three (t shows them)."));
	else
		snprintf(rule, sizeof(rule), _("%d in a row wins (%s)."),
			 m->board.k,
			 m->board.rule == RULE_EXACT
				 ? _("exactly, no overlines")
				 : _("or more"));
	if (s->g->time_per_move > 0)
		snprintf(clock, sizeof(clock),
			 ngettext("Each move must be made within %d second, "
				  "or the game is lost.",
				  "Each move must be made within %d seconds, "
				  "or the game is lost.",
				  (unsigned long)s->g->time_per_move),
			 s->g->time_per_move);
	snprintf(text, sizeof(text), "%s\n\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n\n%s",
		 _("Help"), rule, clock,
		 _("Arrow keys, hjkl or wasd move the cursor; Enter or "
		   "Space places a stone."),
		 _("A click selects a point, a second click there places."),
		 _("u  take back your last move (your opponent must agree)"),
		 _("D  offer a draw      r  resign      t  renju hint"),
		 _(":  type a move (h8 or 8 8)      q  leave the game"),
		 _("Press any key."));
	if (ui_screen_text(s, text) != 0)
		s->g->stop = UI_INTERRUPTED;
}

static int sg_changed(void *ctx, const struct match *m)
{
	struct screen *s = ctx;

	return s->changed(s->g, m);
}

static const struct match_io screen_io = {
	.show = sg_show,
	.ask = sg_ask,
	.confirm = sg_confirm,
	.refused = sg_refused,
	.event = sg_event,
	.help = sg_help,
	.clock_ms = sg_clock,
	.changed = sg_changed,
	.choose = sg_choose,
};

/* ==== Playing ============================================================ */

/* The status line's words for how m ended. */
static void say_end(struct screen *s, const struct match *m)
{
	const char *winner = m->winner == STONE_NONE ? "" : m->name[m->winner];
	const char *loser =
		m->winner == STONE_NONE ? "" : m->name[stone_other(m->winner)];

	if (m->end == MATCH_FIVE)
		ui_screen_say(s, false, _("%s wins with %d in a row!"), winner,
			      m->board.k);
	else if (m->end == MATCH_RESIGN)
		ui_screen_say(s, false, _("%s resigned. %s wins."), loser,
			      winner);
	else if (m->end == MATCH_TIMEOUT)
		ui_screen_say(s, false, _("%s ran out of time. %s wins."),
			      loser, winner);
	else if (m->end == MATCH_FORBIDDEN)
		ui_screen_say(s, false,
			      _("%s played a forbidden point. %s wins."), loser,
			      winner);
	else if (m->end == MATCH_AGREED_DRAW)
		ui_screen_say(s, false, "%s", _("Draw by agreement."));
	else
		ui_screen_say(s, false, "%s", _("The board is full: a draw."));
}

/* Show how the game ended and wait for a key (or a stop signal). */
static void show_end(struct screen *s, const struct match *m)
{
	struct screen_key k;

	if (m->end == MATCH_UNFINISHED)
		return;
	s->typing = false;
	s->over = true;
	say_end(s, m);
	while (ui_screen_key(s, -1, &k) == SK_NONE)
		;
}

bool ui_screen_run(struct game *g, int (*changed)(void *, const struct match *),
		   enum match_end *end)
{
	struct screen s;

	if (ui_screen_start(&s, g) != 0)
		return false;
	s.changed = changed;
	*end = match_run(&g->m, &screen_io, &s);
	show_end(&s, &g->m);
	ui_screen_stop(&s);
	return true;
}
