/* ui_game_common.c -- what a game's two front ends share, so that both
 * obey the same rules in the same words: the line's struct match_io
 * (ui_game.c) and the screen's (ui_screen_game.c). Who may act when one
 * player is alone, the record read again to see whether another process
 * settled the match, the move's clock (a resumed move keeps what it had
 * used), the computer's moves, choices and answers, the words of
 * questions, refusals and events, the rating at stake and the summary
 * after a recorded game. Calls neither front end. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "rating.h"
#include "renju.h"
#include "store.h"
#include "store_live.h"
#include "strbuf.h"
#include "ui_game_common.h"
#include "ui_internal.h"
#include "words.h"

/* ==== Who acts ============================================================ */

bool game_common_seat_absent(const struct game *g, int seat)
{
	return g->only_seat >= 0 && seat != g->only_seat;
}

bool game_common_absent_turn(const struct game *g, const struct match *m)
{
	return game_common_seat_absent(g, match_seat_to_act(m));
}

bool game_common_command_allowed(struct game *g, const struct input *in)
{
	if ((in->kind != INPUT_UNDO && in->kind != INPUT_DRAW) ||
	    g->only_seat < 0 || g->remote)
		return true;
	ui_say(g->ui, _("Your opponent is not here: undo and draw offers wait "
			"until you both play."));
	return false;
}

/* ==== The match's life ==================================================== */

void game_life_waits(struct game *g)
{
	if (g->stop == UI_INTERRUPTED)
		return; /* the program stops */
	g->life.state = GAME_WAITS;
	g->stop = UI_OK;
}

bool game_life_ended(struct game *g, bool here)
{
	struct match_now now;

	if (g->match_id == 0 ||
	    store_match_now(g->ui->club.store, g->match_id, &now) != STORE_OK ||
	    now.status == MATCH_STATUS_UNFINISHED)
		return false;
	g->life.state = GAME_ENDED;
	g->life.ended_here = here;
	g->life.end = now;
	return true;
}

bool game_ended(const struct game *g)
{
	return g->life.state == GAME_ENDED;
}

bool game_aborted(const struct game *g)
{
	return game_ended(g) && g->life.end.status == MATCH_STATUS_ABORTED;
}

bool game_stopped_outside(const struct game *g)
{
	return g->life.state == GAME_CHANGED ||
	       g->life.state == GAME_TAKEN_OVER || g->life.state == GAME_STALE;
}

bool game_over(const struct game *g)
{
	return g->m.end != MATCH_UNFINISHED || game_ended(g);
}

bool game_common_end_from_record(struct game *g)
{
	const struct match_now *e = &g->life.end;

	return game_ended(g) && g->m.end == MATCH_UNFINISHED &&
	       e->status == MATCH_STATUS_FINISHED &&
	       match_set_end(&g->m, e->result, e->reason) == 0;
}

const char *game_common_aborted_words(void)
{
	return _("Game aborted before both sides had moved: no rating "
		 "change.");
}

void game_common_match_aborted(long long id, char *buf, size_t cap)
{
	snprintf(buf, cap,
		 _("Match %lld was aborted before both sides had moved: no "
		   "rating change."),
		 id);
}

/* Whether another session took over this player's seat in g's remote
 * match (said once, when first seen). */
static bool seat_taken_over(struct game *g)
{
	struct seat_lease l;
	long long me;

	if (!g->remote || g->only_seat < 0 || g->life.state == GAME_TAKEN_OVER)
		return g->life.state == GAME_TAKEN_OVER;
	me = g->player_id[g->only_seat];
	if (me == 0 ||
	    store_seat_get(g->ui->club.store, g->match_id, me,
			   game_common_unix_ms(), &l) != STORE_OK ||
	    !l.taken || l.mine)
		return false;
	g->life.state = GAME_TAKEN_OVER;
	ui_say(g->ui, _("This match was continued in another session."));
	fflush(g->ui->term.out);
	return true;
}

bool game_common_seat_still_ours(struct game *g)
{
	if (!seat_taken_over(g))
		return true;
	g->stop = UI_OK;
	return false;
}

bool game_common_record_still_ours(struct game *g)
{
	struct match_now now;

	if (g->record_kind == 0 || g->match_id == 0)
		return true;
	if (game_ended(g))
		return false;	       /* told as the game's end */
	if (ui_session_ended(g->ui)) { /* said so; nothing more is ours */
		g->life.state = GAME_STALE;
		g->stop = UI_STALE;
		return false;
	}
	if (!game_common_seat_still_ours(g))
		return false;
	if (store_match_now(g->ui->club.store, g->match_id, &now) != STORE_OK ||
	    (now.status == MATCH_STATUS_UNFINISHED && now.nmoves == g->saved))
		return true;
	g->stop = UI_OK;
	if (game_life_ended(g, false))
		return false; /* its end is told as the game's end */
	g->life.state = GAME_CHANGED;
	ui_say(g->ui,
	       _("Match %lld was changed in another session; resume it again "
		 "to go on."),
	       g->match_id);
	return false;
}

/* ==== The clock =========================================================== */

long long game_common_unix_ms(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return 1000 * (long long)time(NULL);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long long game_since_stored(long long unix_ms)
{
	return term_now_ms() - (game_common_unix_ms() - unix_ms);
}

/* The record's column (0: its black player, 1: its white) of the seat
 * that acts next in m: during the opening the first placer is black. */
static int column_to_act(const struct match *m)
{
	int seat = match_seat_to_act(m);

	if (!m->opening_done)
		return seat;
	return m->seat[STONE_BLACK] == seat ? 0 : 1;
}

/* The stored turn of g's record when it is the move now to play in m:
 * when it began (term_now_ms() time) into *since and the time it has
 * into *allowed_ms. Return false when there is no record yet or it
 * cannot be read. */
static bool stored_turn(struct game *g, const struct match *m, long long *since,
			long long *allowed_ms)
{
	struct match_now now;

	if (g->record_kind == 0 && g->clock.known &&
	    g->clock.ply == m->board.nmoves) { /* kept here */
		*since = g->clock.since;
		*allowed_ms = g->clock.allowed_ms;
		return true;
	}
	if (g->record_kind == 0 || g->match_id == 0 ||
	    store_match_now(g->ui->club.store, g->match_id, &now) != STORE_OK ||
	    now.status != MATCH_STATUS_UNFINISHED ||
	    now.nmoves != m->board.nmoves)
		return false;
	*since = game_since_stored(now.turn_started_ms);
	*allowed_ms = now.turn_allowed_ms;
	game_common_clock_set(g, m->board.nmoves, now.turn_started_ms,
			      now.turn_allowed_ms, now.black_left_ms,
			      now.white_left_ms);
	return true;
}

long long game_turn_since(struct game *g, const struct match *m)
{
	long long since, allowed;

	return stored_turn(g, m, &since, &allowed) ? since : term_now_ms();
}

long long game_common_move_deadline(struct game *g, const struct match *m)
{
	long long since, allowed;

	if (!game_common_timed(g))
		return 0;
	if (g->deadline_ply != m->board.nmoves || g->deadline == 0) {
		if (g->deadline_ply != m->board.nmoves)
			g->used_ms = 0;
		g->deadline_ply = m->board.nmoves;
		if (stored_turn(g, m, &since, &allowed))
			g->deadline = since + allowed;
		else
			g->deadline = term_now_ms() + clock_start_ms(&g->time) -
				      g->used_ms;
	}
	return g->deadline;
}

long long game_common_clock_used(const struct game *g, const struct match *m)
{
	long long left;

	if (!game_common_timed(g) || g->deadline == 0 ||
	    g->deadline_ply != m->board.nmoves)
		return g->deadline_ply == m->board.nmoves ? g->used_ms : 0;
	left = g->deadline - term_now_ms();
	if (left < 0)
		left = 0;
	return clock_start_ms(&g->time) - left;
}

bool game_common_timed(const struct game *g)
{
	return g->time.kind != CLOCK_NONE;
}

void game_common_clock_set(struct game *g, int ply, long long turn_started_ms,
			   long long allowed_ms, long long black_left_ms,
			   long long white_left_ms)
{
	g->clock.known = true;
	g->clock.ply = ply;
	g->clock.since = game_since_stored(turn_started_ms);
	g->clock.allowed_ms = allowed_ms;
	g->clock.left_ms[0] = black_left_ms;
	g->clock.left_ms[1] = white_left_ms;
}

void game_common_local_clock(struct game *g, const struct match *m)
{
	struct game_clock *c = &g->clock;
	const struct time_control *tc = &g->time;
	long long now = term_now_ms(), after;
	int col = column_to_act(m);

	if (g->record_kind != 0 || !game_common_timed(g))
		return;
	if (!c->known) {
		c->left_ms[0] = c->left_ms[1] = clock_start_ms(tc);
	} else if (c->ply == m->board.nmoves && c->col == col) {
		return; /* the same turn goes on */
	} else {
		if (m->board.nmoves == c->ply + 1)
			clock_move(tc, c->allowed_ms, now - c->since, &after);
		else
			after = clock_spend(tc, c->allowed_ms, now - c->since);
		if (tc->kind == CLOCK_FISCHER)
			c->left_ms[c->col] = after;
	}
	c->known = true;
	c->ply = m->board.nmoves;
	c->col = col;
	c->since = now;
	c->allowed_ms = clock_turn_ms(tc, c->left_ms[col]);
	g->deadline = 0; /* the next turn's, when it is asked for */
}

bool game_common_side_left(const struct game *g, const struct match *m,
			   enum stone side, long long *ms)
{
	const struct game_clock *c = &g->clock;
	int col = side == STONE_WHITE ? 1 : 0;
	long long now = term_now_ms();

	if (!game_common_timed(g))
		return false;
	*ms = g->time.kind == CLOCK_FISCHER && c->known
		      ? c->left_ms[col]
		      : clock_start_ms(&g->time);
	if (col != column_to_act(m) || m->board.state != BOARD_PLAYING)
		return true;
	if (c->known && c->ply == m->board.nmoves)
		*ms = clock_left(c->allowed_ms, c->since, now);
	else if (g->deadline != 0 && g->deadline_ply == m->board.nmoves)
		*ms = g->deadline > now ? g->deadline - now : 0;
	else if (g->deadline_ply == m->board.nmoves) /* resumed, not yet on */
		*ms = *ms > g->used_ms ? *ms - g->used_ms : 0;
	return true;
}

/* ==== The computer ======================================================== */

/* In a timed game, give the computer in `seat` to act in m a share of
 * what its turn has left: half a time per move; of a game clock, a
 * thirtieth and most of the increment, never more than half. Its level's
 * own time stays the most it thinks. */
static void computer_budget(struct game *g, const struct match *m, int seat)
{
	long long deadline = game_common_move_deadline(g, m), left, ms;

	if (deadline == 0)
		return;
	left = deadline - term_now_ms();
	ms = g->time.kind == CLOCK_FISCHER
		     ? left / 30 + 750LL * g->time.increment
		     : left / 2;
	if (ms > left / 2)
		ms = left / 2;
	if (ms > ai_level_time_ms(g->level[seat]))
		ms = ai_level_time_ms(g->level[seat]);
	ai_set_limits(g->ai[seat], ms > 0 ? (int)ms : 1, 0);
}

int game_common_computer_move(struct game *g, const struct match *m,
			      struct input *in)
{
	int seat = m->seat[board_to_move(&m->board)];
	long long deadline = game_common_move_deadline(g, m);
	struct ai_result r;

	computer_budget(g, m, seat);
	if (ai_choose(g->ai[seat], &m->board, term_stop_flag(), &r) != 0 ||
	    term_stop_signal() != 0) {
		g->stop = UI_INTERRUPTED;
		return -1;
	}
	if (deadline != 0 && term_now_ms() >= deadline)
		return MATCH_ASK_TIMEOUT;
	memset(in, 0, sizeof(*in));
	in->kind = INPUT_MOVE;
	in->error = INPUT_ERR_NONE;
	in->row = r.row;
	in->col = r.col;
	return 0;
}

int game_common_computer_answer(struct game *g, enum match_question q)
{
	if (q == ASK_ACCEPT_UNDO)
		return 1;
	ui_say(g->ui, _("The computer plays on."));
	return 0;
}

/* The computer in `seat` makes the swap2 choice q: the colour its
 * search likes better (saying which), or, after the first three stones
 * of swap2, two more stones when neither colour is better by
 * AI_SWAP2_EVEN or more: the opponent then has the harder choice. Return
 * the choice as match_io's choose() returns it, or -1 with g->stop
 * UI_INTERRUPTED on a stop signal. */
static int computer_choice(struct game *g, const struct match *m, int seat,
			   enum match_choice q)
{
	struct ai_result r;
	bool white_better;

	computer_budget(g, m, seat);
	if (ai_choose(g->ai[seat], &m->board, term_stop_flag(), &r) != 0)
		r.score = 0;
	if (term_stop_signal() != 0) {
		g->stop = UI_INTERRUPTED;
		return -1;
	}
	if (q == CHOOSE_SWAP2 && r.score > -AI_SWAP2_EVEN &&
	    r.score < AI_SWAP2_EVEN) {
		ui_say(g->ui, _("The computer places two more stones."));
		return SWAP2_PLACE_TWO;
	}
	white_better = r.score >= 0;
	ui_say(g->ui, _("The computer takes %s."),
	       white_better ? _("white") : _("black"));
	if (q == CHOOSE_SWAP2)
		return white_better ? SWAP2_TAKE_WHITE : SWAP2_TAKE_BLACK;
	return white_better ? STONE_WHITE : STONE_BLACK;
}

bool game_common_choice_settled(struct game *g, const struct match *m, int seat,
				enum match_choice q, int *value)
{
	*value = -1;
	if (game_common_seat_absent(g, seat)) {
		game_life_waits(g);
		return true;
	}
	if (g->ai[seat] != NULL) {
		*value = computer_choice(g, m, seat, q);
		return true;
	}
	return !game_common_record_still_ours(g);
}

/* ==== Words =============================================================== */

const char *game_common_verdict_words(enum renju_verdict v)
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

int game_common_forbidden_list(const struct match *m, char *buf, size_t cap)
{
	char where[NOTATION_MOVE_LEN];
	struct move p[BOARD_MAX_CELLS];
	size_t used = 0;
	int i, n;

	buf[0] = '\0';
	if (m->board.rule != RULE_RENJU ||
	    board_to_move(&m->board) != STONE_BLACK)
		return -1;
	n = renju_forbidden_points(&m->board, p, BOARD_MAX_CELLS);
	for (i = 0; i < n && used + 1 < cap; i++)
		used += (size_t)snprintf(
			buf + used, cap - used, " %s (%s)",
			notation_format(p[i].row, p[i].col, where),
			game_common_verdict_words(
				renju_check(&m->board, p[i].row, p[i].col)));
	return n;
}

void game_common_input_error(const struct board *b, enum input_error e,
			     char *buf, size_t cap)
{
	if (e == INPUT_ERR_ROW_RANGE)
		snprintf(buf, cap, _("Row must be between 1 and %d."), b->rows);
	else if (e == INPUT_ERR_COL_RANGE)
		snprintf(buf, cap,
			 _("Column must be between 1 and %d (a to %c)."),
			 b->cols, 'a' + b->cols - 1);
	else if (e == INPUT_ERR_TOO_LONG)
		snprintf(buf, cap, "%s", _("That is too long to be a move."));
	else
		snprintf(buf, cap, "%s",
			 _("Type a move as h8 (column letter, row) or 8 8 "
			   "(row, column), or help."));
}

void game_common_refusal(const struct match *m, const struct input *in,
			 enum board_error err, char *buf, size_t cap)
{
	const char *verdict;

	if (err == BOARD_ERR_FORBIDDEN) {
		verdict = game_common_verdict_words(
			board_play_verdict(&m->board, in->row, in->col));
		if (m->forbidden_loses)
			snprintf(buf, cap,
				 _("Black may not play there: %s (renju), and "
				   "loses the game."),
				 verdict);
		else
			snprintf(buf, cap,
				 _("Black may not play there: %s (renju). Type "
				   "hint to see them all."),
				 verdict);
	} else if (err == BOARD_ERR_OCCUPIED)
		snprintf(buf, cap, "%s",
			 _("That point is taken. Choose an empty one."));
	else if (err == BOARD_ERR_OFF_BOARD)
		snprintf(buf, cap, "%s", _("That point is not on the board."));
	else
		snprintf(buf, cap, "%s", _("The game is over."));
}

void game_common_rule_words(const struct match *m, char *buf, size_t cap)
{
	if (m->board.rule == RULE_RENJU)
		snprintf(buf, cap, "%s",
			 _("Renju: black wins with exactly five and may not "
			   "play an overline, a double four or a double "
			   "three;\nwhite wins with five or more."));
	else if (m->board.rule == RULE_EXACT)
		snprintf(buf, cap,
			 _("%d in a row wins (exactly, no overlines)."),
			 m->board.k);
	else
		snprintf(buf, cap, _("%d in a row wins (or more)."),
			 m->board.k);
}

/* How m ended on its own board (match_run()'s end, or its record's put
 * into it), naming the sides as name[] does, into buf[cap]; "" while
 * unfinished. */
static void board_end_words(const struct match *m, const char *const name[3],
			    char *buf, size_t cap)
{
	const char *winner = m->winner == STONE_NONE ? "" : name[m->winner];
	const char *loser =
		m->winner == STONE_NONE ? "" : name[stone_other(m->winner)];

	buf[0] = '\0';
	switch (m->end) {
	case MATCH_FIVE:
		snprintf(buf, cap, _("%s wins with %d in a row!"), winner,
			 m->board.k);
		break;
	case MATCH_RESIGN:
		snprintf(buf, cap, _("%s resigned. %s wins."), loser, winner);
		break;
	case MATCH_TIMEOUT:
		if (m->winner == STONE_NONE)
			snprintf(buf, cap,
				 _("%s ran out of time, but %s could no "
				   "longer win: a draw."),
				 name[board_to_move(&m->board)],
				 name[stone_other(board_to_move(&m->board))]);
		else
			snprintf(buf, cap, _("%s ran out of time. %s wins."),
				 loser, winner);
		break;
	case MATCH_FORBIDDEN:
		snprintf(buf, cap, _("%s played a forbidden point. %s wins."),
			 loser, winner);
		break;
	case MATCH_CLAIMED:
		snprintf(buf, cap,
			 _("%s left the game and did not come back: %s wins "
			   "by claim."),
			 loser, winner);
		break;
	case MATCH_AGREED_DRAW:
		snprintf(buf, cap, "%s", _("Draw by agreement."));
		break;
	case MATCH_FULL:
		snprintf(buf, cap, "%s", _("The board is full: a draw."));
		break;
	case MATCH_UNFINISHED:
		break;
	}
}

void game_common_end_words(const struct game *g, const struct match *m,
			   const char *const name[3], char *buf, size_t cap)
{
	char end[512];

	buf[0] = '\0';
	if (game_ended(g) && g->life.end.status == MATCH_STATUS_ABANDONED) {
		snprintf(buf, cap,
			 _("Match %lld was abandoned in another session: it "
			   "counts for nobody."),
			 g->match_id);
		return;
	}
	if (game_aborted(g) && g->life.ended_here) {
		snprintf(buf, cap, "%s", game_common_aborted_words());
		return;
	}
	if (game_aborted(g)) {
		game_common_match_aborted(g->match_id, buf, cap);
		return;
	}
	board_end_words(m, name, end, sizeof(end));
	if (end[0] != '\0' && game_ended(g) && !g->life.ended_here &&
	    !g->remote) /* a hot-seat match ended by another session */
		snprintf(buf, cap,
			 _("Match %lld was ended in another session. %s"),
			 g->match_id, end);
	else
		snprintf(buf, cap, "%s", end);
}

bool game_common_event_words(const struct game *g, const struct match *m,
			     enum match_event e, char *buf, size_t cap)
{
	enum stone other = stone_other(board_to_move(&m->board));
	const char *opponent = m->name[other];

	if ((e == EVENT_UNDO_REFUSED || e == EVENT_DRAW_REFUSED) &&
	    g->request_refused)
		return false; /* said why already: nobody was asked */
	if (e == EVENT_NOTHING_TO_UNDO)
		snprintf(buf, cap, "%s",
			 _("You have no move to take back yet."));
	else if (e == EVENT_UNDO_REFUSED)
		snprintf(buf, cap, _("%s said no: the moves stay."), opponent);
	else if (e == EVENT_UNDONE && g->remote &&
		 game_common_absent_turn(g, m))
		snprintf(buf, cap, /* asked at the other terminal */
			 _("%s's last move and your reply were taken back."),
			 m->name[board_to_move(&m->board)]);
	else if (e == EVENT_UNDONE)
		snprintf(buf, cap, "%s",
			 _("Your last move and the reply were taken back."));
	else if (e == EVENT_DRAW_REFUSED && g->ai[m->seat[other]] != NULL)
		return false; /* the computer has said so */
	else if (e == EVENT_DRAW_REFUSED)
		snprintf(buf, cap, _("%s declined the draw. Play on."),
			 opponent);
	else if (e == EVENT_OPENING_MOVES_ONLY)
		snprintf(buf, cap, "%s",
			 _("During the opening only moves, resign and help "
			   "are possible."));
	else
		snprintf(buf, cap,
			 _("The opening is over: %s plays black (%s), %s "
			   "plays white (%s)."),
			 m->name[STONE_BLACK],
			 ui_board_stone(&g->ui->term, STONE_BLACK),
			 m->name[STONE_WHITE],
			 ui_board_stone(&g->ui->term, STONE_WHITE));
	return true;
}

void game_common_question(const struct match *m, enum stone who,
			  enum match_question q, char *buf, size_t cap)
{
	const char *me = m->name[who], *other = m->name[stone_other(who)];

	if (q == ASK_ACCEPT_UNDO)
		snprintf(buf, cap,
			 _("%s, %s asks to take back their last move. "
			   "Do you agree?"),
			 me, other);
	else if (q == ASK_ACCEPT_DRAW)
		snprintf(buf, cap, _("%s, %s offers a draw. Do you accept?"),
			 me, other);
	else
		snprintf(buf, cap, _("%s, do you really want to resign?"), me);
}

int game_common_choice_menu(const struct match *m, int seat,
			    enum match_choice q, char *title, size_t cap,
			    const char *labels[3])
{
	snprintf(title, cap,
		 q == CHOOSE_SWAP2 ? _("Swap2: %s, what will you do?")
				   : _("Swap2: %s, choose your colour."),
		 m->seat_name[seat]);
	if (q != CHOOSE_SWAP2) {
		labels[0] = _("Black");
		labels[1] = _("White");
		return 2;
	}
	labels[0] = _("Play white (you move next)");
	labels[1] = _("Take black");
	labels[2] = _("Place two more stones (white, then black) and let the "
		      "other player choose");
	return 3;
}

int game_common_choice_value(enum match_choice q, int index)
{
	if (q == CHOOSE_SWAP2)
		return index;
	return index == 0 ? STONE_BLACK : STONE_WHITE;
}

/* ==== The rating at stake and the summary ================================ */

/* The account playing seat `seat` of g, or NULL (a guest, the computer). */
static const struct player *seat_player(const struct game *g, int seat)
{
	return g->player_id[seat] != 0
		       ? plist_find_id(g->ui->club.players, g->player_id[seat])
		       : NULL;
}

/* A rating change as people read it: "+16", "0", "−16". */
static void put_change(double delta, char *buf, size_t cap)
{
	long change = lround(delta);

	if (change == 0)
		snprintf(buf, cap, "0");
	else
		snprintf(buf, cap, "%s%ld", change > 0 ? "+" : "−",
			 change > 0 ? change : -change);
}

void game_common_ratings_before(struct game *g)
{
	const struct player *p;
	int seat;

	for (seat = 0; seat < 2; seat++) {
		p = seat_player(g, seat);
		g->rating_before[seat] = p != NULL ? p->rec.rating : 0;
	}
}

bool game_common_stake(const struct game *g, int seat, struct game_stake *out)
{
	const struct player *p = seat_player(g, seat);
	const struct player *o = seat_player(g, 1 - seat);
	double r;

	if (g->record_kind != MATCH_RANKED || g->casual || game_ended(g) ||
	    p == NULL || o == NULL)
		return false;
	r = p->rec.rating;
	put_change(rating_delta(r, p->rec.games, o->rec.rating, 1.0), out->win,
		   sizeof(out->win));
	put_change(rating_delta(r, p->rec.games, o->rec.rating, 0.5), out->draw,
		   sizeof(out->draw));
	put_change(rating_delta(r, p->rec.games, o->rec.rating, 0.0), out->loss,
		   sizeof(out->loss));
	out->rating = r;
	return true;
}

void game_common_stake_text(const struct game_stake *st, char *buf, size_t cap)
{
	snprintf(buf, cap, _("win %s · draw %s · loss %s"), st->win, st->draw,
		 st->loss);
}

void game_common_record_line(struct ui *ui, const struct player *p,
			     double before, char *buf, size_t cap)
{
	const struct player_record *r = &p->rec;
	char clean[UI_CLEAN_MAX];
	struct strbuf out;

	strbuf_fixed(&out, buf, cap);
	strbuf_printf(&out, "  %s",
		      ui_clean(p->nickname, clean, sizeof(clean)));
	strbuf_printf(&out,
		      _(": %d won, %d lost, %d tied; score %d; rating %.0f "
			"(%+.0f); rank %d\n"),
		      r->wins, r->losses, r->ties, r->score, r->rating,
		      r->rating - before,
		      plist_rank(ui->club.players, p, PLIST_BY_SCORE));
	strbuf_chomp(&out);
}

/* Seat `seat`'s new record after a ranked match, a line of its own. */
static void ranked_line(const struct game *g, int seat, struct strbuf *out)
{
	const struct player *p = seat_player(g, seat);
	char line[512];

	if (p == NULL)
		return;
	game_common_record_line(g->ui, p, g->rating_before[seat], line,
				sizeof(line));
	strbuf_printf(out, "%s\n", line);
}

/* The person's record against the computer's level in g. */
static enum ui_status computer_line(struct game *g, struct strbuf *out)
{
	int me = g->player_id[0] != 0 ? 0 : 1, won, lost, drawn;
	char wins[32], losses[32], draws[32];

	if (store_computer_record(g->ui->club.store, g->player_id[me],
				  g->level[1 - me], &won, &lost,
				  &drawn) != STORE_OK)
		return ui_store_failed(g->ui, NULL);
	snprintf(wins, sizeof(wins), ngettext("%d win", "%d wins", won), won);
	snprintf(losses, sizeof(losses), ngettext("%d loss", "%d losses", lost),
		 lost);
	snprintf(draws, sizeof(draws), ngettext("%d draw", "%d draws", drawn),
		 drawn);
	strbuf_printf(out, _("Your record against %s: %s, %s, %s\n"),
		      words_level(g->level[1 - me]), wins, losses, draws);
	return UI_OK;
}

enum ui_status game_common_summary(struct game *g, char *buf, size_t cap)
{
	struct strbuf out;
	enum ui_status st = UI_OK;

	strbuf_fixed(&out, buf, cap);
	if (!game_ended(g) || g->record_kind == 0)
		return UI_OK;
	if (g->record_kind == MATCH_COMPUTER) {
		st = computer_line(g, &out);
	} else if (g->record_kind == MATCH_RANKED && !g->casual) {
		st = ui_account_refresh(g->ui); /* ranks among today's club */
		if (st == UI_OK) {
			ranked_line(g, g->m.seat[STONE_BLACK], &out);
			ranked_line(g, g->m.seat[STONE_WHITE], &out);
		}
	}
	strbuf_chomp(&out);
	return st;
}

/* See ui_game_common.h. */
enum ui_status game_common_again(struct game *g, bool *yes)
{
	if (g->again_answer >= 0) { /* answered in the end-of-game box */
		*yes = g->again_answer == 1;
		return UI_OK;
	}
	if (g->stop == UI_INTERRUPTED)
		return UI_INTERRUPTED;
	return ui_yes_no(g->ui, g->again, yes);
}

/* See ui_game_common.h. */
enum ui_status game_common_take_seat(struct ui *ui, const struct player *me,
				     long long id, bool *taken)
{
	enum store_status st = store_seat_take(ui->club.store, id, me->id,
					       false, game_common_unix_ms());
	enum ui_status ust;
	bool yes = false;

	*taken = st == STORE_OK;
	if (st == STORE_OK)
		return UI_OK;
	if (st != STORE_EXISTS)
		return ui_store_failed(ui, _("cannot take your seat in the "
					     "match"));
	ust = ui_yes_no(ui,
			_("This match is open in another session. Continue "
			  "it here?"),
			&yes);
	if (ust != UI_OK || !yes)
		return ust;
	if (store_seat_take(ui->club.store, id, me->id, true,
			    game_common_unix_ms()) != STORE_OK)
		return ui_store_failed(ui, _("cannot take your seat in the "
					     "match"));
	*taken = true;
	return UI_OK;
}
