/* ui_game.c -- one game at the terminal: the match callbacks for people
 * and the computer, the match's record written move by move as it is
 * played and closed with its result, the coin flip and guest games.
 * Who plays which game (ranked, against the computer, resumed):
 * ui_matches.c, which calls this file and is never called by it. */
#include <string.h>

#include <sodium.h>

#include "clock.h"
#include "store.h"
#include "ui_game.h"
#include "ui_game_remote.h"
#include "ui_internal.h"
#include "ui_presence.h"
#include "ui_records.h"
#include "ui_screen_game.h"
#include "words.h"

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

/* Draw the board; with `forbidden`, and black to move under renju, mark
 * black's forbidden points. Return how many there are (0 otherwise). */
static int draw_board(struct game *g, const struct match *m, bool forbidden)
{
	struct move marks[BOARD_MAX_CELLS];
	int n = forbidden ? ui_board_forbidden(&m->board, marks) : 0;

	ui_board_draw_marked(&g->ui->term, &m->board, marks, n);
	return n;
}

/* "hint": the board with black's forbidden points marked and listed. */
static void show_hint(struct game *g, const struct match *m)
{
	char list[BOARD_MAX_CELLS * 24];
	int n = game_common_forbidden_list(m, list, sizeof(list));

	if (n < 0) {
		ui_say(&g->ui->term, _("Only black, under renju, has forbidden "
				       "points."));
		return;
	}
	draw_board(g, m, true);
	if (n == 0)
		ui_say(&g->ui->term, _("Black has no forbidden points now."));
	else
		fprintf(g->ui->term.out, "%s%s\n", _("Forbidden for black:"),
			list);
}

static void game_show(void *ctx, const struct match *m)
{
	struct game *g = ctx;
	enum stone s = board_to_move(&m->board);

	if (g->shown == m->board.nmoves || game_common_absent_turn(g, m))
		return;
	g->shown = m->board.nmoves;
	fputc('\n', g->ui->term.out);
	if (g->seats.ai[m->seat[s]] == NULL) /* the computer needs no board */
		draw_board(g, m, g->ui->opt->show_forbidden);
	ui_say(&g->ui->term, _("Move %d: %s %s %s to play"),
	       m->board.nmoves + 1, ui_board_stone(&g->ui->term, s),
	       side_name(s), m->name[s]);
}

/* ==== Moves ============================================================== */

/* The computer to move thinks and plays; Ctrl-C stops it. */
static int computer_move(struct game *g, const struct match *m,
			 struct input *in)
{
	char where[NOTATION_MOVE_LEN];
	int rc;

	fputs(_("The computer is thinking..."), g->ui->term.out);
	fflush(g->ui->term.out);
	rc = game_common_computer_move(g, m, in);
	if (rc != 0) {
		fputc('\n', g->ui->term.out);
		return rc;
	}
	fputc(' ', g->ui->term.out);
	fprintf(g->ui->term.out, _("It plays %s."),
		notation_format(in->row, in->col, where));
	fputc('\n', g->ui->term.out);
	return 0;
}

/* The prompt for the person to move: "Alice ●> ", with the seconds left
 * when moves are timed ("(4:59)" on a game clock). */
static void human_prompt(struct game *g, const struct match *m,
			 long long deadline, char *prompt, size_t cap)
{
	enum stone s = board_to_move(&m->board);
	long long left = (deadline - term_now_ms() + 999) / 1000;

	char clock[16];

	if (deadline == 0)
		snprintf(prompt, cap, "%s %s> ", m->name[s],
			 ui_board_stone(&g->ui->term, s));
	else if (g->timing.control.kind == CLOCK_FISCHER &&
		 clock_format(deadline - term_now_ms(), clock, sizeof clock) ==
			 0)
		snprintf(prompt, cap, "%s %s (%s)> ", m->name[s],
			 ui_board_stone(&g->ui->term, s), clock);
	else
		snprintf(prompt, cap, _("%s %s (%llds)> "), m->name[s],
			 ui_board_stone(&g->ui->term, s), left > 0 ? left : 0);
}

/* With move confirmation on (the player's preference), ask whether the
 * move in `in` is the one meant. Return 1 to play it, 0 to ask the move
 * again, -1 when input ended (g->end.stop says why). */
static int confirmed(struct game *g, const struct input *in)
{
	char where[NOTATION_MOVE_LEN], question[64];
	bool yes = false;

	if (!g->ui->prefs.confirm_moves || in->kind != INPUT_MOVE)
		return 1;
	snprintf(question, sizeof(question), _("Play %s?"),
		 notation_format(in->row, in->col, where));
	g->end.stop = ui_yes_no(g->ui, question, &yes);
	if (g->end.stop != UI_OK)
		return -1;
	return yes ? 1 : 0;
}

static int game_ask(void *ctx, const struct match *m, struct input *in)
{
	struct game *g = ctx;
	enum stone s = board_to_move(&m->board);
	char buf[TERM_LINE_MAX + 1], prompt[160], why[256];
	long long deadline;
	size_t len;
	int ready;

	if (game_common_absent_turn(g, m)) {
		if (g->remote.on)
			return game_remote_ask(g, m, in);
		game_life_waits(g);
		return -1;
	}
	if (g->seats.ai[m->seat[s]] != NULL)
		return computer_move(g, m, in);
	deadline = game_common_move_deadline(g, m);
	for (;;) {
		if (!game_common_record_still_ours(g))
			return -1;
		human_prompt(g, m, deadline, prompt, sizeof(prompt));
		if (g->remote.on &&
		    (ready = game_remote_await(g, prompt, deadline)) <= 0)
			return ready == 0 ? MATCH_ASK_TIMEOUT : -1;
		g->end.stop = ui_read_until(g->ui, prompt, buf, &len, deadline);
		if (g->end.stop == UI_TIMEOUT)
			return MATCH_ASK_TIMEOUT;
		if (g->end.stop != UI_OK)
			return -1;
		notation_parse(buf, len, m->board.rows, m->board.cols, in);
		if (in->kind == INPUT_HINT) {
			show_hint(g, m);
		} else if (in->kind == INPUT_INVALID) {
			game_common_input_error(&m->board, in->error, why,
						sizeof(why));
			ui_say(&g->ui->term, "%s", why);
		} else if (game_common_command_allowed(g, in)) {
			ready = confirmed(g, in);
			if (ready != 0)
				return ready > 0 ? 0 : -1;
		}
	}
}

/* ==== Questions and events ============================================== */

static int game_confirm(void *ctx, const struct match *m, enum stone who,
			enum match_question q)
{
	struct game *g = ctx;
	char question[512];
	bool yes;

	if (g->seats.ai[m->seat[who]] != NULL)
		return game_common_computer_answer(g, q);
	if (q == ASK_ACCEPT_UNDO && g->remote.undo_agreed &&
	    !game_common_seat_absent(g, m->seat[who])) { /* answered already */
		g->remote.undo_agreed = false;
		return 1;
	}
	if (g->remote.on && game_common_seat_absent(g, m->seat[who]))
		return q != ASK_CONFIRM_RESIGN ? game_remote_confirm(g, m, q)
					       : 0;
	game_common_question(m, who, q, question, sizeof(question));
	g->end.stop = ui_yes_no(g->ui, question, &yes);
	if (g->end.stop != UI_OK)
		return -1;
	return yes ? 1 : 0;
}

static void game_refused(void *ctx, const struct match *m,
			 const struct input *in, enum board_error err)
{
	struct game *g = ctx;
	char why[512];

	game_common_refusal(m, in, err, why, sizeof(why));
	ui_say(&g->ui->term, "%s", why);
}

static void game_event(void *ctx, const struct match *m, enum match_event e)
{
	struct game *g = ctx;
	char words[512];

	if (e == EVENT_UNDONE && g->remote.on &&
	    game_common_absent_turn(g, m)) {
		fputc('\n',
		      g->ui->term.out); /* the asker's turn: not shown here */
		ui_board_draw(&g->ui->term, &m->board);
	}
	if (game_common_event_words(g, m, e, words, sizeof(words)))
		ui_say(&g->ui->term, "%s", words);
	if (e == EVENT_UNDONE || e == EVENT_COLOURS_SET)
		g->shown = -1;
}

static int game_choose(void *ctx, const struct match *m, int seat,
		       enum match_choice q)
{
	static const int keys[] = {1, 2, 3};
	struct game *g = ctx;
	const char *labels[3];
	char title[256];
	int n, choice;

	if (g->remote.on &&
	    game_common_seat_absent(g, seat)) /* chosen over there */
		return game_remote_choice(g, m, seat, q);
	if (game_common_choice_settled(g, m, seat, q, &choice))
		return choice;
	fputc('\n', g->ui->term.out);
	ui_board_draw(&g->ui->term, &m->board);
	n = game_common_choice_menu(m, seat, q, title, sizeof(title), labels);
	g->end.stop = ui_menu(g->ui, title, labels, keys, n, &choice);
	if (g->end.stop != UI_OK)
		return -1;
	choice = game_common_choice_value(q, choice - 1);
	if (g->remote.on && game_remote_chose(g, q, choice) != 0)
		return -1;
	return choice;
}

static void game_help(void *ctx, const struct match *m)
{
	struct game *g = ctx;
	char text[512];

	ui_say(&g->ui->term,
	       _("Type a move as the column letter then the row, as "
		 "labelled on the board: h8.\n"
		 "Or the row then the column number: 8 8 or 8,8."));
	game_common_rule_words(m, text, sizeof(text));
	ui_say(&g->ui->term, "%s", text);
	if (m->board.rule == RULE_RENJU)
		ui_say(&g->ui->term, "%s",
		       _("Type hint to see black's forbidden points."));
	ui_say(&g->ui->term,
	       _("Commands (in English or Chinese):\n"
		 "  undo, 悔棋       take back your last move (your "
		 "opponent must agree)\n"
		 "  draw, 和棋       offer a draw\n"
		 "  resign, 认输     give up this game (asks to "
		 "confirm)\n"
		 "  help, ?, 帮助    show this help\n"
		 "  hint, 提示       renju: black's forbidden points\n"
		 "Full-width digits and letters work too: ８ ８, ｈ８.\n"
		 "Ctrl-D or Ctrl-C leaves the program."));
	words_clock(&g->timing.control, text, sizeof(text));
	if (text[0] != '\0')
		ui_say(&g->ui->term, "%s", text);
}

/* ==== The record ======================================================== */

/* The seat playing black as the record keeps it: during the opening,
 * seat 0 (who places the first three stones). */
static int black_seat(const struct match *m)
{
	return m->opening_done ? m->seat[STONE_BLACK] : 0;
}

/* Open g's record (kind g->rec.kind), asking for the rules the
 * command line chose (the store keeps the club's where they are
 * stricter), and play by the rules the match keeps. Return UI_OK, or
 * UI_FAILED after saying why. */
static enum ui_status open_record(struct game *g)
{
	enum match_kind kind = (enum match_kind)g->rec.kind;
	int comp = g->seats.ai[0] != NULL ? 0 : 1, black = black_seat(&g->m);
	struct match_header h = {
		.kind = kind,
		.black_id = g->seats.player_id[black],
		.white_id = g->seats.player_id[1 - black],
		.ai_level = kind == MATCH_COMPUTER ? g->seats.level[comp] : 0,
		.game = {g->m.variant, g->m.opening, g->timing.control},
		.started_at = store_now(),
		.claim_after_days = g->ui->opt->claim_after_days > 0
					    ? g->ui->opt->claim_after_days
					    : 0,
		.forbidden_loses = g->ui->opt->forbidden_loses,
	};
	struct match_rules rules;

	if (store_match_start(g->ui->club.store, &h, &g->rec.id) != STORE_OK)
		return ui_store_failed(g->ui,
				       _("cannot start the match record"));
	if (store_match_rules(g->ui->club.store, g->rec.id, &rules) != STORE_OK)
		return ui_store_failed(g->ui,
				       _("cannot read the match's rules"));
	g->m.forbidden_loses = rules.forbidden_loses;
	g->rec.saved_stones = g->m.opening_stones;
	g->rec.saved_final = g->m.opening_done;
	return UI_OK;
}

/* Write who plays which colour when the opening changed it. Return the
 * store's status. */
static enum store_status save_seats(struct game *g, const struct match *m)
{
	int black = black_seat(m);
	enum store_status st;

	if (g->rec.saved_stones == m->opening_stones &&
	    g->rec.saved_final == m->opening_done)
		return STORE_OK;
	st = store_match_seats(g->ui->club.store, g->rec.id,
			       g->seats.player_id[black],
			       g->seats.player_id[1 - black], m->opening_stones,
			       m->opening_done);
	if (st == STORE_OK) {
		g->rec.saved_stones = m->opening_stones;
		g->rec.saved_final = m->opening_done;
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

	if (g->rec.kind == 0) {
		game_common_local_clock(g, m);
		return 0;
	}
	if (g->rec.id == 0) {
		g->end.stop = open_record(g);
		if (g->end.stop != UI_OK)
			return -1; /* said why */
	}
	while (st == STORE_OK && g->rec.saved < b->nmoves) {
		const struct move *mv = &b->moves[g->rec.saved];

		st = store_match_move(g->ui->club.store, g->rec.id,
				      g->rec.saved + 1, mv->row, mv->col,
				      m->move_ms[g->rec.saved]);
		if (st == STORE_OK)
			g->rec.saved++;
	}
	if (st == STORE_OK && g->rec.saved > b->nmoves) {
		st = store_match_undo(g->ui->club.store, g->rec.id, b->nmoves);
		if (st == STORE_OK)
			g->rec.saved = b->nmoves;
	}
	if (st == STORE_OK)
		st = save_seats(g, m);
	if (st == STORE_OK)
		return 0;
	if (!game_common_record_still_ours(g))
		return -1;
	ui_error(&g->ui->term, _("the move could not be saved: %s"),
		 store_errmsg(g->ui->club.store));
	g->end.stop = UI_FAILED;
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

/* Say how g's game ended, under the final board. */
static void announce_end(struct game *g)
{
	char side[3][UI_NAME_MAX + 64], text[2 * UI_NAME_MAX + 256];
	const char *const name[3] = {"", side[STONE_BLACK], side[STONE_WHITE]};
	const struct match *m = &g->m;
	struct ui *ui = g->ui;
	enum stone s;

	for (s = STONE_BLACK; s <= STONE_WHITE; s++)
		snprintf(side[s], sizeof(side[s]), "%s %s %s",
			 ui_board_stone(&ui->term, s), side_name(s),
			 m->name[s]);
	fputc('\n', ui->term.out);
	ui_board_draw(&ui->term, &m->board);
	game_common_end_words(g, m, name, text, sizeof(text));
	if (text[0] != '\0')
		ui_say(&ui->term, "%s", text);
}

int game_init(struct game *g, struct ui *ui, const struct variant *v,
	      const char *first, const char *second, bool opening)
{
	memset(g, 0, sizeof(*g));
	g->ui = ui;
	g->shown = -1;
	g->seats.only_seat = -1;
	g->timing.control = ui->game.time;
	if (match_init(&g->m, v, first, second) != 0)
		return -1;
	g->m.forbidden_loses = ui->opt->forbidden_loses;
	return opening ? match_set_opening(&g->m, ui->game.opening) : 0;
}

/* Re-read g's players from the database. */
static enum ui_status reload_players(struct game *g)
{
	int s;

	for (s = 0; s < 2; s++)
		if (g->seats.player_id[s] != 0 &&
		    store_reload_player(g->ui->club.store, g->ui->club.players,
					g->seats.player_id[s]) != STORE_OK)
			return ui_store_failed(g->ui,
					       _("cannot read the players"));
	return UI_OK;
}

/* g's record is no longer ours to write (it ended, another process
 * changed it, or this player's session ended): re-read the players, or
 * for an ended session write and read nothing more. Return UI_STALE for
 * the session, else what reading the players did. */
static enum ui_status left_record(struct game *g)
{
	return g->end.stop == UI_STALE ? UI_STALE : reload_players(g);
}

/* Write the end g's match reached on the board here (and, when ranked,
 * both players' counters, unless the store aborts it) in one
 * transaction, read it back (game_life_ended()), then re-read its
 * players. An end already in the record (written by the opponent's
 * process or outside match_run() here) is only read. */
static enum ui_status close_record(struct game *g)
{
	struct ui *ui = g->ui;

	if (game_ended(g) || game_remote_ended_there(g))
		return left_record(g);
	if (store_match_finish(ui->club.store, g->rec.id,
			       match_result_of(&g->m), match_reason_of(&g->m),
			       store_now()) != STORE_OK) {
		if (!game_common_record_still_ours(g))
			return left_record(g);
		return ui_store_failed(ui, _("the result could not be saved"));
	}
	if (!game_life_ended(g, true))
		return ui_store_failed(ui, _("cannot read the match's end"));
	return reload_players(g);
}

/* Play stopped before the end: the store keeps what the move to play
 * had used of its time by its own clock; say how the match waits. */
static enum ui_status pause_record(struct game *g)
{
	struct ui *ui = g->ui;

	if (game_stopped_outside(g)) /* said so: it is not ours to write */
		return left_record(g);
	if (store_match_pause(ui->club.store, g->rec.id, store_now_ms()) !=
	    STORE_OK)
		return game_common_record_still_ours(g)
			       ? ui_store_failed(ui, _("cannot save the "
						       "clock"))
			       : left_record(g);
	if (g->life.state == GAME_WAITS) {
		ui_say(&ui->term,
		       _("Your move is saved. Match %lld waits for %s."),
		       g->rec.id, g->m.seat_name[match_seat_to_act(&g->m)]);
		return UI_OK;
	}
	ui_say(&ui->term,
	       _("The match is saved unfinished; it counts for nobody "
		 "until it is resumed and finished."));
	return g->end.stop == UI_OK ? UI_EOF : g->end.stop;
}

/* The game ended: save the end now, so that the end-of-game box or line
 * can say what the store made of it (game_play() then does not save it
 * again). */
static void settle_end(void *ctx)
{
	struct game *g = ctx;

	if (g->rec.kind == 0 || g->rec.id == 0)
		return;
	g->end.settle_st = close_record(g);
	g->end.settled = true;
}

/* A ranked match's header: what each player stands to win or lose. */
static void say_stakes(struct game *g)
{
	struct game_stake st;
	char stake[256];
	int seat;

	for (seat = 0; seat < 2; seat++)
		if (game_common_stake(g, seat, &st)) {
			game_common_stake_text(&st, stake, sizeof(stake));
			ui_say(&g->ui->term, "%s %.0f  %s",
			       g->m.seat_name[seat], st.rating, stake);
		}
}

/* Play g's match to its end at the terminal and show how it ended,
 * whoever ended it. Return UI_OK when it ended (g's record too, when it
 * has one), else why it stopped (UI_OK when g->life says: waiting for
 * the other seat, or stopped from outside). */
static enum ui_status play(struct game *g)
{
	enum match_end end;

	/* The record starts now, before the first stone. */
	if (game_changed(g, &g->m) != 0)
		return g->end.stop;
	ui_presence_playing(g->ui, g->rec.id);
	if (!g->ui->term.screen ||
	    !ui_screen_game_run(g, game_changed, settle_end, &end)) {
		say_stakes(g);
		end = match_run(&g->m, &terminal_io, g);
		if (end != MATCH_UNFINISHED)
			settle_end(g); /* as the screen does */
		else
			game_common_end_from_record(g);
	}
	if (game_over(g))
		announce_end(g); /* ours, or the record's; kept on the page */
	if (game_ended(g) || (end != MATCH_UNFINISHED && g->rec.kind == 0))
		return UI_OK;
	if (end != MATCH_UNFINISHED)
		return g->end.stop == UI_OK ? UI_FAILED
					    : g->end.stop; /* not saved */
	return g->end.stop == UI_OK && g->life.state == GAME_PLAYING
		       ? UI_EOF
		       : g->end.stop;
}

/* Print the summary of g's ended record, a line at a time. */
static enum ui_status show_summary(struct game *g)
{
	char text[2048], *line, *next;
	enum ui_status st = game_common_summary(g, text, sizeof(text));

	for (line = text; line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		ui_say(&g->ui->term, "%s", line);
	}
	return st;
}

enum ui_status game_play(struct game *g)
{
	enum ui_status st;

	g->end.again_answer = -1;
	g->end.analyse = false;
	g->end.rematch = false;
	g->end.settled = false;
	game_common_ratings_before(g);
	st = play(g);
	ui_presence_playing(g->ui, 0);
	if (g->rec.kind == 0 || g->rec.id == 0)
		return st;
	if (g->end.settled && g->end.settle_st != UI_OK)
		return g->end.settle_st; /* said why */
	if (!game_ended(g))
		return st == UI_FAILED ? st : pause_record(g);
	st = g->end.settled ? g->end.settle_st : left_record(g);
	if (game_aborted(g))
		return st; /* said so: nothing was counted */
	if (st == UI_OK) {
		ui_say(&g->ui->term, _("Match %lld saved."), g->rec.id);
		st = show_summary(g);
	}
	if (st == UI_OK && g->end.analyse)
		st = ui_records_analyse(g->ui, g->rec.id);
	return st;
}

void game_free(struct game *g)
{
	ai_free(g->seats.ai[0]);
	ai_free(g->seats.ai[1]);
	g->seats.ai[0] = g->seats.ai[1] = NULL;
}

bool game_coin_flip(struct ui *ui, enum match_opening opening, const char *a,
		    const char *b, bool secure)
{
	bool a_black = secure ? randombytes_uniform(2) == 0
			      : rng_below(&ui->rng, 2) == 0;

	if (opening == OPENING_SWAP2)
		ui_say(&ui->term,
		       _("Coin flip: %s places the three opening stones "
			 "(swap2)."),
		       a_black ? a : b);
	else
		ui_say(&ui->term,
		       _("Coin flip: %s plays black (%s) and moves first."),
		       a_black ? a : b, ui_board_stone(&ui->term, STONE_BLACK));
	return a_black;
}

enum ui_status ui_game_guest(struct ui *ui)
{
	const char *p1 = _("Player 1"), *p2 = _("Player 2");
	struct game g;
	enum ui_status st;
	bool again, p1_black;

	ui_say(&ui->term,
	       _("Guest game (not recorded): %s, %dx%d, %d in a row."),
	       words_variant(ui->game.variant.name), ui->game.variant.rows,
	       ui->game.variant.cols, ui->game.variant.k);
	for (;;) {
		p1_black = game_coin_flip(ui, ui->game.opening, p1, p2, false);
		if (game_init(&g, ui, &ui->game.variant, p1_black ? p1 : p2,
			      p1_black ? p2 : p1, true) != 0)
			return UI_USAGE;
		g.end.again = _("Play another game?");
		st = game_play(&g);
		if (st != UI_OK)
			return st;
		st = game_common_again(&g, &again);
		if (st != UI_OK || !again)
			return st;
	}
}
