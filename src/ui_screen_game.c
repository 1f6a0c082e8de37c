/* ui_screen_game.c -- a game full-screen: the struct match_io for the
 * screen. The arrow keys and the mouse move a cursor, Enter and Space
 * place a stone there; every other character opens the move line, where
 * a move or a command is typed as on the line interface (so a letter
 * always means a column, never a key); ? is help, Esc leaves.
 * Questions are asked on the status line; the computer plays its own
 * moves. How the screen is drawn: ui_panel.c; the terminal
 * beneath: ui_screen.c. */
#ifndef _XOPEN_SOURCE /* wcwidth(); pkg-config may have set it */
#define _XOPEN_SOURCE 700
#endif
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <string.h>
#include <unistr.h>

#include "ui_game_remote.h"
#include "ui_internal.h"
#include "ui_page.h"
#include "ui_presence.h"
#include "ui_screen_game.h"
#include "words.h"

/* How often the clock is redrawn while waiting for a key, in ms. */
#define TICK_MS 250

/* ==== Showing ============================================================ */

static long long sg_clock(void *ctx)
{
	(void)ctx;
	return term_now_ms();
}

/* Fill gs->view from gs->g as it stands (the accounts at its seats and,
 * in a ranked match still in play, what each stands to gain or lose),
 * then draw the screen. */
static void show(struct game_screen *gs)
{
	const struct game *g = gs->g;
	struct panel_view *v = &gs->view;
	int seat;

	v->m = &g->m;
	v->timing = &g->timing;
	for (seat = 0; seat < 2; seat++) {
		v->player[seat] = game_seat_player(g, seat);
		v->staked[seat] = game_common_stake(g, seat, &v->stake[seat]);
	}
	ui_panel_draw(gs);
}

/* Draw the position; after a new move the cursor starts on it. */
static void sg_show(void *ctx, const struct match *m)
{
	struct game_screen *gs = ctx;
	const struct move *last = board_last(&m->board);

	if (gs->shown != m->board.nmoves && last != NULL) {
		gs->cur_row = last->row;
		gs->cur_col = last->col;
	}
	gs->shown = m->board.nmoves;
	show(gs);
}

/* "hint": show black's forbidden points on the board and list them. */
static void show_hint(struct game_screen *gs, const struct match *m)
{
	char list[SCREEN_STATUS_MAX];
	int n = game_common_forbidden_list(m, list, sizeof(list));

	if (n < 0) {
		ui_screen_say(&gs->s, false, "%s",
			      _("Only black, under renju, has forbidden "
				"points."));
		return;
	}
	gs->marks_on = true;
	if (n == 0)
		ui_screen_say(&gs->s, false, "%s",
			      _("Black has no forbidden points now."));
	else
		ui_screen_say(&gs->s, false, "%s%s", _("Forbidden for black:"),
			      list);
}

/* ==== Moves ============================================================== */

/* The computer to move thinks and plays. */
static int computer_move(struct game_screen *gs, const struct match *m,
			 struct input *in)
{
	char where[NOTATION_MOVE_LEN];
	int rc;

	ui_screen_say(&gs->s, false, "%s", _("The computer is thinking..."));
	rc = game_common_computer_move(gs->g, m, in);
	if (rc != 0)
		return rc;
	ui_screen_say(&gs->s, false, _("The computer plays %s."),
		      notation_format(in->row, in->col, where));
	return 0;
}

/* Move the cursor by (dr, dc), staying on the board. */
static void move_cursor(struct game_screen *gs, int dr, int dc)
{
	const struct board *b = &gs->g->m.board;

	gs->cur_row = (gs->cur_row + dr + b->rows) % b->rows;
	gs->cur_col = (gs->cur_col + dc + b->cols) % b->cols;
	gs->sel_row = gs->sel_col = -1;
}

/* A cursor key (an arrow key: no character ever moves the cursor, as
 * every letter may begin a typed move): move and return true, or false
 * for another key. */
static bool cursor_key(struct game_screen *gs, const struct screen_key *k)
{
	static const struct {
		int key, dr, dc;
	} keys[] = {{KEY_UP, -1, 0},
		    {KEY_DOWN, 1, 0},
		    {KEY_LEFT, 0, -1},
		    {KEY_RIGHT, 0, 1}};
	size_t i;

	for (i = 0; k->kind == SK_KEY && i < sizeof(keys) / sizeof(keys[0]);
	     i++)
		if (k->ch == keys[i].key) {
			move_cursor(gs, keys[i].dr, keys[i].dc);
			return true;
		}
	return false;
}

/* Whether k is Enter (or Space, with `space`). */
static bool enter_key(const struct screen_key *k, bool space)
{
	return (k->kind == SK_CHAR &&
		(k->ch == '\n' || k->ch == '\r' || (space && k->ch == ' '))) ||
	       (k->kind == SK_KEY && k->ch == KEY_ENTER);
}

/* Whether k is Esc. */
static bool esc_key(const struct screen_key *k)
{
	return (k->kind == SK_CHAR && k->ch == 27) ||
	       (k->kind == SK_KEY && k->ch == KEY_EXIT);
}

/* Whether k asks for help: ?, the full-width ？ (U+FF1F) or F1. */
static bool help_key(const struct screen_key *k)
{
	return (k->kind == SK_CHAR && (k->ch == '?' || k->ch == 0xFF1F)) ||
	       (k->kind == SK_KEY && k->ch == KEY_F(1));
}

/* Why a typed line is not a move, on the status line. */
static void explain_input(struct game_screen *gs, const struct board *b,
			  enum input_error e)
{
	char why[SCREEN_STATUS_MAX];

	game_common_input_error(b, e, why, sizeof(why));
	ui_screen_say(&gs->s, true, "%s", why);
}

/* A key while the move line is open. Return 1 when a line was entered
 * (parsed into *in), 0 to read on. */
static int line_key(struct game_screen *gs, const struct screen_key *k,
		    struct input *in)
{
	const struct board *b = &gs->g->m.board;
	uint8_t mb[6];
	int n;

	if (esc_key(k)) {
		gs->typing = false;
	} else if (enter_key(k, false)) {
		notation_parse(gs->line, gs->line_len, b->rows, b->cols, in);
		if (in->kind != INPUT_INVALID) {
			gs->typing = false;
			return 1;
		}
		explain_input(gs, b, in->error); /* the line stays, to mend */
	} else if ((k->kind == SK_KEY && k->ch == KEY_BACKSPACE) ||
		   k->ch == 127 || k->ch == 8) {
		while (gs->line_len > 0 &&
		       ((unsigned char)gs->line[--gs->line_len] & 0xC0) == 0x80)
			;
	} else if (k->kind == SK_CHAR && k->ch >= ' ') {
		n = u8_uctomb(mb, (ucs4_t)k->ch, (int)sizeof(mb));
		if (n > 0 && gs->line_len + (size_t)n < sizeof(gs->line)) {
			memcpy(gs->line + gs->line_len, mb, (size_t)n);
			gs->line_len += (size_t)n;
		}
	}
	gs->line[gs->line_len] = '\0';
	show(gs);
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

/* Enter (or a typed move) at (row, col): placed there, or with move
 * confirmation on (the player's preference) the point selected first,
 * and placed at the second Enter there. Return 1 with *in filled, or 0
 * to read on. */
static int place_confirmed(struct game_screen *gs, struct input *in, int row,
			   int col)
{
	char where[NOTATION_MOVE_LEN];

	if (!gs->g->ui->prefs.confirm_moves ||
	    (gs->sel_row == row && gs->sel_col == col))
		return place(in, row, col);
	gs->cur_row = gs->sel_row = row;
	gs->cur_col = gs->sel_col = col;
	ui_screen_say(&gs->s, false, _("Enter again plays %s."),
		      notation_format(row, col, where));
	show(gs);
	return 0;
}

/* A click: the first on a point selects it, the second places there. */
static int click(struct game_screen *gs, const struct screen_key *k,
		 struct input *in)
{
	if (gs->sel_row == k->row && gs->sel_col == k->col)
		return place(in, k->row, k->col);
	gs->cur_row = gs->sel_row = k->row;
	gs->cur_col = gs->sel_col = k->col;
	show(gs);
	return 0;
}

/* Whether k's character opens the move line: any printable one, the
 * first of a typed move or command (a column letter, a digit, full-width
 * forms, a Chinese command) but ? (help). */
static bool opens_line(const struct screen_key *k)
{
	return k->kind == SK_CHAR && k->ch > ' ' && k->ch != 127 &&
	       !(k->ch >= 0x80 && k->ch < 0xA0) && !help_key(k);
}

/* Open the move line, with k's character typed when it is not a colon
 * (':' or the full-width U+FF1A opens it empty). */
static void open_line(struct game_screen *gs, const struct screen_key *k)
{
	struct input unused;

	gs->typing = true;
	gs->line_len = 0;
	gs->line[0] = '\0';
	if (k->ch != ':' && k->ch != 0xFF1A)
		line_key(gs, k, &unused);
	else
		show(gs);
}

/* The player leaves with Esc (after confirming): the game stops. */
static int leave(struct game_screen *gs)
{
	int yes = ui_screen_yes_no(&gs->s, _("Leave this game?"));

	if (yes == 1) {
		gs->g->end.stop = UI_REFUSED;
		return -1;
	}
	if (yes < 0)
		gs->g->end.stop = UI_INTERRUPTED;
	ui_screen_say(&gs->s, false, "%s", "");
	return yes < 0 ? -1 : 0;
}

/* One key from the person to move. Return 1 with *in filled, 0 to read
 * on, -1 to stop the game (g->end.stop says why). */
static int human_key(struct game_screen *gs, const struct screen_key *k,
		     struct input *in)
{
	if (k->kind == SK_BAD) {
		ui_screen_say(&gs->s, true, "%s",
			      _("A character that cannot be read was left out "
				"of what you typed."));
		return 0;
	}
	if (gs->typing) {
		if (line_key(gs, k, in) == 0)
			return 0;
		return in->kind == INPUT_MOVE
			       ? place_confirmed(gs, in, in->row, in->col)
			       : 1;
	}
	if (k->kind == SK_CLICK)
		return click(gs, k, in);
	if (cursor_key(gs, k)) {
		show(gs);
		return 0;
	}
	if (enter_key(k, true))
		return place_confirmed(gs, in, gs->cur_row, gs->cur_col);
	if (esc_key(k))
		return leave(gs);
	if (help_key(k)) {
		in->kind = INPUT_HELP;
		return 1;
	}
	if (k->kind == SK_CHAR && k->ch == 4) { /* Ctrl-D: input ends, as in
						 * line mode */
		gs->g->end.stop = UI_EOF;
		return -1;
	}
	if (opens_line(k))
		open_line(gs, k);
	return 0;
}

/* ==== The other terminal's turn ========================================== */

/* A key while the player at the other terminal is to move: the cursor
 * moves, the move line opens and `resign` typed there resigns
 * (confirmed), Esc or Ctrl-D leaves (the match waits for this player's
 * return), placing is refused. Return 0 to wait on, -1 to stop the
 * game. */
static int waiting_key(struct game_screen *gs, const struct match *m,
		       const struct screen_key *k)
{
	struct game *g = gs->g;
	struct input in;

	if (cursor_key(gs, k) || k->kind == SK_NONE) {
		show(gs);
		return 0;
	}
	if (gs->typing) {
		if (line_key(gs, k, &in) == 0)
			return 0;
		if (in.kind == INPUT_RESIGN) /* the opening's too */
			return game_remote_resign(g) ? -1 : 0;
	} else if (opens_line(k)) {
		open_line(gs, k);
		return 0;
	} else if (esc_key(k) || (k->kind == SK_CHAR && k->ch == 4)) {
		if (esc_key(k) && leave(gs) == 0)
			return 0;
		game_life_waits(g); /* as in line mode: the match waits */
		return -1;
	}
	ui_screen_say(&gs->s, false,
		      _("Waiting for %s: type resign to resign, Esc leaves "
			"(the match waits)."),
		      m->name[board_to_move(&m->board)]);
	return 0;
}

/* Swap2 choice q of `seat`, the player at the other terminal, as their
 * process stores it, the screen kept live meanwhile (waiting_key()).
 * Return it as sg_choose() does, or -1 to stop. */
static int remote_choice(struct game_screen *gs, const struct match *m,
			 int seat, enum match_choice q)
{
	struct game *g = gs->g;
	struct screen_key k;
	long long version = 0;
	int value = -1, rc = 0;

	ui_screen_say(&gs->s, false, _("Swap2: waiting for %s to choose..."),
		      m->seat_name[seat]);
	while (rc == 0) {
		rc = game_remote_choice_poll(g, q, &version, &value);
		if (rc != 0)
			break;
		if (ui_screen_key(&gs->s, UI_POLL_MS, ui_wake_fd(&g->ui->club),
				  &k) == SK_STOP) {
			g->end.stop = UI_INTERRUPTED;
			return -1;
		}
		if (waiting_key(gs, m, &k) < 0)
			return -1;
	}
	return rc > 0 ? value : -1; /* two more stones: remote_move() says */
}

/* The move of the player at the other terminal, as their process
 * commits it (ui_game_remote.c), the screen kept live meanwhile: their
 * clock runs, keys are read (waiting_key()), a draw they offer is asked
 * here. Return 0 with the move in *in, or -1 to stop. */
static int remote_move(struct game_screen *gs, const struct match *m,
		       struct input *in)
{
	struct game *g = gs->g;
	struct remote_wait w;
	struct screen_key k;
	char where[NOTATION_MOVE_LEN];
	int rc = game_remote_wait_begin(g, m, &w, in);

	gs->other_since = w.since;
	if (rc == 0 && m->opening_done)
		ui_screen_say(&gs->s, false, _("Waiting for %s..."),
			      m->name[board_to_move(&m->board)]);
	else if (rc == 0)
		ui_screen_say(&gs->s, false,
			      _("Waiting for %s to place a stone..."),
			      m->name[board_to_move(&m->board)]);
	while (rc == 0) {
		if (ui_screen_key(&gs->s, UI_POLL_MS, ui_wake_fd(&g->ui->club),
				  &k) == SK_STOP) {
			g->end.stop = UI_INTERRUPTED;
			rc = -1;
		} else if (waiting_key(gs, m, &k) < 0) {
			rc = -1;
		} else {
			rc = game_remote_poll(g, m, &w, in);
			gs->other_since = w.since;
		}
	}
	gs->other_since = 0;
	if (rc > 0)
		ui_screen_say(&gs->s, false, _("%s plays %s."),
			      m->name[board_to_move(&m->board)],
			      notation_format(in->row, in->col, where));
	return rc > 0 ? 0 : -1;
}

/* Whether the player's input goes to the match: a hint is shown here,
 * and undo and draw offers need both players (game_common_command_allowed()).
 */
static bool accepted(struct game_screen *gs, const struct match *m,
		     const struct input *in)
{
	if (in->kind == INPUT_HINT) {
		show_hint(gs, m);
		return false;
	}
	return game_common_command_allowed(gs->g, in);
}

/* The move or command of the side to move. While a person thinks, the
 * clock is redrawn and the record read again: a match another process
 * settles stops here (game_common_record_still_ours()). */
static int sg_ask(void *ctx, const struct match *m, struct input *in)
{
	struct game_screen *gs = ctx;
	struct game *g = gs->g;
	struct screen_key k;
	long long deadline;
	int rc;

	if (game_common_absent_turn(g, m)) {
		if (g->remote.on)
			return remote_move(gs, m, in);
		game_life_waits(g);
		return -1;
	}
	if (g->seats.ai[m->seat[board_to_move(&m->board)]] != NULL)
		return computer_move(gs, m, in);
	deadline = game_common_move_deadline(g, m);
	memset(in, 0, sizeof(*in));
	for (;;) {
		if (!game_common_record_still_ours(g) ||
		    game_remote_seats(g) < 0)
			return -1;
		if (deadline != 0 && term_now_ms() >= deadline)
			return MATCH_ASK_TIMEOUT;
		if (ui_screen_key(&gs->s, TICK_MS, ui_wake_fd(&g->ui->club),
				  &k) == SK_STOP) {
			g->end.stop = UI_INTERRUPTED;
			return -1;
		}
		if (k.kind == SK_NONE) {
			show(gs); /* the clock */
			continue;
		}
		gs->s.status[0] = '\0'; /* a message lasts until the next key */
		rc = human_key(gs, &k, in);
		if (rc < 0)
			return -1;
		if (rc > 0 && accepted(gs, m, in))
			return 0;
	}
}

/* ==== Questions and events ============================================== */

static int sg_confirm(void *ctx, const struct match *m, enum stone who,
		      enum match_question q)
{
	struct game_screen *gs = ctx;
	char question[SCREEN_STATUS_MAX];
	int yes;

	if (gs->g->seats.ai[m->seat[who]] != NULL)
		return game_common_computer_answer(gs->g, q);
	if (q == ASK_ACCEPT_UNDO && gs->g->remote.undo_agreed &&
	    !game_common_seat_absent(gs->g,
				     m->seat[who])) { /* answered already */
		gs->g->remote.undo_agreed = false;
		return 1;
	}
	if (gs->g->remote.on && game_common_seat_absent(gs->g, m->seat[who]))
		return q != ASK_CONFIRM_RESIGN
			       ? game_remote_confirm(gs->g, m, q)
			       : 0;
	game_common_question(m, who, q, question, sizeof(question));
	yes = ui_screen_yes_no(&gs->s, question);
	ui_screen_say(&gs->s, false, "%s", "");
	if (yes < 0)
		gs->g->end.stop = UI_INTERRUPTED;
	return yes;
}

static void sg_refused(void *ctx, const struct match *m, const struct input *in,
		       enum board_error err)
{
	struct game_screen *gs = ctx;
	char why[SCREEN_STATUS_MAX];

	game_common_refusal(m, in, err, why, sizeof(why));
	ui_screen_say(&gs->s, true, "%s", why);
}

static void sg_event(void *ctx, const struct match *m, enum match_event e)
{
	struct game_screen *gs = ctx;
	char words[SCREEN_STATUS_MAX];

	if (game_common_event_words(gs->g, m, e, words, sizeof(words)))
		ui_screen_say(&gs->s,
			      e != EVENT_UNDONE && e != EVENT_COLOURS_SET, "%s",
			      words);
}

static int sg_choose(void *ctx, const struct match *m, int seat,
		     enum match_choice q)
{
	struct game_screen *gs = ctx;
	struct game *g = gs->g;
	const char *labels[3];
	char title[256];
	int n, choice;

	if (g->remote.on &&
	    game_common_seat_absent(g, seat)) /* chosen over there */
		return remote_choice(gs, m, seat, q);
	if (game_common_choice_settled(g, m, seat, q, &choice))
		return choice;
	n = game_common_choice_menu(m, seat, q, title, sizeof(title), labels);
	do /* Esc asks whether to leave, as on the board */
		choice = ui_screen_choose(&gs->s, title, labels, n,
					  _("Esc: leave the game"));
	while (choice == -2 && leave(gs) == 0);
	show(gs);
	if (choice == -2) /* left: g->end.stop says how */
		return -1;
	if (choice < 0) {
		g->end.stop = UI_INTERRUPTED;
		return -1;
	}
	choice = game_common_choice_value(q, choice);
	if (g->remote.on && game_remote_chose(g, q, choice) != 0)
		return -1;
	return choice;
}

static void sg_help(void *ctx, const struct match *m)
{
	struct game_screen *gs = ctx;
	char text[3072], rule[256], hint[256] = "", clock[256];

	game_common_rule_words(m, rule, sizeof(rule));
	if (m->board.rule == RULE_RENJU)
		snprintf(hint, sizeof(hint), "%s\n",
			 _("   hint 提示  renju: show black's forbidden "
			   "points"));
	words_clock(&gs->g->timing.control, clock, sizeof(clock));
	snprintf(text, sizeof(text),
		 "%s\n\n%s\n%s\n\n%s\n%s\n%s\n\n"
		 "%s\n%s\n%s\n%s\n%s%s\n%s\n%s\n\n%s",
		 _("Help"), rule, clock,
		 _("Type a move as the board labels it, then Enter: h8, H8, "
		   "h 8, or the row then the column: 8 8, 8,8 (full-width ｈ８ "
		   "and ８，８ too). No letter moves the cursor: a letter "
		   "begins a typed move or command."),
		 _("Arrow keys move the cursor; Enter or Space places a stone "
		   "there."),
		 _("A click selects a point, a second click there places."),
		 _("Commands, typed then Enter:"),
		 _("   undo 悔棋    take back your last move (your opponent "
		   "must agree)"),
		 _("   draw 和棋    offer a draw"),
		 _("   resign 认输  give up this game (asks to confirm)"), hint,
		 _("   help 帮助    this help (or ? alone)"),
		 _("Esc closes the typed line; with none, it leaves the game "
		   "(asks to confirm)."),
		 _("Ctrl-C leaves the program; Ctrl-Z suspends it."),
		 _("Press any key."));
	if (ui_screen_text(&gs->s, text) != 0)
		gs->g->end.stop = UI_INTERRUPTED;
}

static int sg_changed(void *ctx, const struct match *m)
{
	struct game_screen *gs = ctx;

	return gs->changed(gs->g, m);
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

/* Draw the game screen at ctx (a struct game_screen). */
static void draw(void *ctx)
{
	show(ctx);
}

int ui_screen_game_start(struct game_screen *gs, struct game *g)
{
	int rc = ui_panel_start(gs, g->ui, &g->m, draw);

	gs->g = g;
	return rc;
}

/* The status line's words for how m ended. */
static void say_end(struct game_screen *gs, const struct match *m)
{
	char text[SCREEN_STATUS_MAX];

	game_common_end_words(gs->g, m, m->name, text, sizeof(text));
	ui_screen_say(&gs->s, false, "%s", text);
}

/* True when g stopped, not over, for a reason its player did not
 * choose: another process or session changed the match or took the
 * seat, or the database failed. */
static bool stopped_from_outside(const struct game *g)
{
	return game_stopped_outside(g) || g->end.stop == UI_FAILED;
}

/* screen_note's poll for the end box of a game between two terminals:
 * the opponent's rematch offer, as it comes (ctx is the game screen). */
static void offer_note(void *ctx, char *buf, size_t size)
{
	const struct game_screen *gs = ctx;
	const struct player *from =
		ui_presence_rematch_from(gs->g->ui, gs->g->rec.id);

	if (from == NULL)
		buf[0] = '\0';
	else
		snprintf(buf, size,
			 _("%s offers a rematch: press r to play it."),
			 from->username);
}

/* The end-of-game box: how the game ended, the summary of a recorded
 * game, and g->end.again's question (its answer in g->end.again_answer; none
 * for a hot-seat match another session ended) or
 * "Press any key." -- the one question the player answers. Return false
 * when there is nothing to show (no summary and no question). */
static bool end_box(struct game_screen *gs)
{
	struct game *g = gs->g;
	char summary[2048], question[256], text[4096], keys[3] = "";
	bool analysable = g->rec.kind != 0 && g->rec.id != 0 &&
			  g->m.board.nmoves > 0 && !game_aborted(g);
	bool again = g->remote.on && g->rec.id != 0; /* a rematch offered */
	struct screen_note offer = {offer_note, gs};
	/* a hot-seat match ended in another session asks nothing here */
	const char *ask = game_ended(g) && !g->life.ended_here && !g->remote.on
				  ? NULL
				  : g->end.again;
	int answer;

	if (game_common_summary(g, summary, sizeof(summary)) != UI_OK)
		summary[0] = '\0';
	if (summary[0] == '\0' && ask == NULL)
		return false;
	if (ask != NULL)
		/* TRANSLATORS: %s is a question, "Play another game?" */
		snprintf(question, sizeof(question), _("%s (y/n)"), ask);
	snprintf(text, sizeof(text), "%s\n\n%s%s%s%s%s%s%s", gs->s.status,
		 summary, summary[0] != '\0' ? "\n\n" : "",
		 ask != NULL ? question : _("Press any key."),
		 analysable ? "\n" : "",
		 analysable ? _("a: analyse this game") : "", again ? "\n" : "",
		 again ? _("r: a rematch, colours swapped") : "");
	if (analysable)
		strcat(keys, "a");
	if (again)
		strcat(keys, "r");
	answer = ui_screen_text_or(&gs->s, text, ask != NULL, keys,
				   again ? &offer : NULL);
	if (answer < 0)
		g->end.stop = UI_INTERRUPTED;
	else if (answer >= 2 && keys[answer - 2] == 'a')
		g->end.analyse = true; /* the question is asked after it */
	else if (answer >= 2)
		g->end.rematch = true; /* offered once the game is left */
	else if (ask != NULL)
		g->end.again_answer = answer;
	return true;
}

/* Show how the game ended, or why it stopped from outside (already on
 * the status line), and wait for a key (or a stop signal); a recorded
 * game that ended shows its end-of-game box (end_box()). */
static void show_end(struct game_screen *gs, const struct match *m)
{
	struct screen_key k;

	bool over = game_over(gs->g);

	if (!over && !stopped_from_outside(gs->g))
		return;
	gs->typing = false;
	gs->over = true;
	if (over)
		say_end(gs, m);
	else
		show(gs);
	if (over && end_box(gs))
		return;
	while (ui_screen_key(&gs->s, -1, -1, &k) == SK_NONE)
		;
}

bool ui_screen_game_run(struct game *g,
			int (*changed)(void *, const struct match *),
			void (*settle)(void *), enum match_end *end)
{
	struct game_screen gs;

	if (!ui_page_active(&g->ui->term) || ui_screen_game_start(&gs, g) != 0)
		return false;
	gs.changed = changed;
	*end = match_run(&g->m, &screen_io, &gs);
	if (*end != MATCH_UNFINISHED && settle != NULL)
		settle(g);
	else if (*end == MATCH_UNFINISHED)
		game_common_end_from_record(g); /* the end box shows it */
	show_end(&gs, &g->m);
	ui_screen_stop(&gs.s);
	if (stopped_from_outside(g) && !game_over(g) && gs.s.said[0] != '\0') {
		/* why, again, on the line interface that goes on */
		if (gs.s.said_error)
			ui_error(&g->ui->term, "%s", gs.s.said);
		else
			ui_say(&g->ui->term, "%s", gs.s.said);
	}
	return true;
}
