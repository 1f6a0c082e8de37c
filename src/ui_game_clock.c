/* ui_game_clock.c -- a game's clock, as both front ends and the panel
 * read it: the store's turn (when it began, what it had, the game
 * clocks), the deadline of the move asked for (a resumed move keeps
 * what it had used), what each side's clock shows, and the clock a
 * game without a record keeps itself. */

#include "clock.h"
#include "store.h"
#include "ui_game_common.h"

/* ==== The clock =========================================================== */

long long game_since_stored(long long unix_ms)
{
	return term_now_ms() - (store_now_ms() - unix_ms);
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

	if (g->rec.kind == 0 && g->timing.turn.known &&
	    g->timing.turn.ply == m->board.nmoves) { /* kept here */
		*since = g->timing.turn.since;
		*allowed_ms = g->timing.turn.allowed_ms;
		return true;
	}
	if (g->rec.kind == 0 || g->rec.id == 0 ||
	    store_match_now(g->ui->club.store, g->rec.id, &now) != STORE_OK ||
	    now.status != MATCH_STATUS_UNFINISHED ||
	    now.nmoves != m->board.nmoves)
		return false;
	*since = game_since_stored(now.turn_started_ms);
	*allowed_ms = now.turn_allowed_ms;
	game_timing_set(&g->timing, m->board.nmoves, now.turn_started_ms,
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
	if (g->timing.deadline_ply != m->board.nmoves ||
	    g->timing.deadline == 0) {
		if (g->timing.deadline_ply != m->board.nmoves)
			g->timing.used_ms = 0;
		g->timing.deadline_ply = m->board.nmoves;
		if (stored_turn(g, m, &since, &allowed))
			g->timing.deadline = since + allowed;
		else
			g->timing.deadline =
				term_now_ms() +
				clock_start_ms(&g->timing.control) -
				g->timing.used_ms;
	}
	return g->timing.deadline;
}

long long game_common_clock_used(const struct game *g, const struct match *m)
{
	long long left;

	if (!game_common_timed(g) || g->timing.deadline == 0 ||
	    g->timing.deadline_ply != m->board.nmoves)
		return g->timing.deadline_ply == m->board.nmoves
			       ? g->timing.used_ms
			       : 0;
	left = g->timing.deadline - term_now_ms();
	if (left < 0)
		left = 0;
	return clock_start_ms(&g->timing.control) - left;
}

bool game_common_timed(const struct game *g)
{
	return g->timing.control.kind != CLOCK_NONE;
}

void game_timing_set(struct game_timing *t, int ply, long long turn_started_ms,
		     long long allowed_ms, long long black_left_ms,
		     long long white_left_ms)
{
	t->turn.known = true;
	t->turn.ply = ply;
	t->turn.since = game_since_stored(turn_started_ms);
	t->turn.allowed_ms = allowed_ms;
	t->turn.left_ms[0] = black_left_ms;
	t->turn.left_ms[1] = white_left_ms;
}

void game_common_local_clock(struct game *g, const struct match *m)
{
	struct game_clock *c = &g->timing.turn;
	const struct time_control *tc = &g->timing.control;
	long long now = term_now_ms(), after;
	int col = column_to_act(m);

	if (g->rec.kind != 0 || !game_common_timed(g))
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
	g->timing.deadline = 0; /* the next turn's, when it is asked for */
}

bool game_timing_left(const struct game_timing *t, const struct match *m,
		      enum stone side, long long *ms)
{
	const struct game_clock *c = &t->turn;
	int col = side == STONE_WHITE ? 1 : 0;
	long long now = term_now_ms();

	if (t->control.kind == CLOCK_NONE)
		return false;
	*ms = t->control.kind == CLOCK_FISCHER && c->known
		      ? c->left_ms[col]
		      : clock_start_ms(&t->control);
	if (col != column_to_act(m) || m->board.state != BOARD_PLAYING)
		return true;
	if (c->known && c->ply == m->board.nmoves)
		*ms = clock_left(c->allowed_ms, c->since, now);
	else if (t->deadline != 0 && t->deadline_ply == m->board.nmoves)
		*ms = t->deadline > now ? t->deadline - now : 0;
	else if (t->deadline_ply == m->board.nmoves) /* resumed, not yet on */
		*ms = *ms > t->used_ms ? *ms - t->used_ms : 0;
	return true;
}
