/* ui_game_common.c -- what a game's two front ends share, so that both
 * obey the same rules: the line's struct match_io (ui_game.c) and the
 * screen's (ui_screen_game.c). Who may act when one player is alone,
 * the match's life (the record read again to see whether another
 * process settled the match, the seat still this process's), the
 * computer's moves, choices and answers, and the question at the end.
 * Its neighbours, by what they do: the clock (ui_game_clock.c), the
 * words (ui_game_words.c), the stake and the summary
 * (ui_game_stake.c). Calls neither front end. */
#include <stdio.h>
#include <string.h>

#include "store.h"
#include "store_live.h"
#include "ui_game_common.h"
#include "ui_internal.h"

/* ==== Who acts ============================================================ */

bool game_common_seat_absent(const struct game *g, int seat)
{
	return g->seats.only_seat >= 0 && seat != g->seats.only_seat;
}

bool game_common_absent_turn(const struct game *g, const struct match *m)
{
	return game_common_seat_absent(g, match_seat_to_act(m));
}

bool game_common_command_allowed(struct game *g, const struct input *in)
{
	if ((in->kind != INPUT_UNDO && in->kind != INPUT_DRAW) ||
	    g->seats.only_seat < 0 || g->remote.on)
		return true;
	ui_say(&g->ui->term,
	       _("Your opponent is not here: undo and draw offers wait "
		 "until you both play."));
	return false;
}

/* ==== The match's life ==================================================== */

void game_life_waits(struct game *g)
{
	if (g->end.stop == UI_INTERRUPTED)
		return; /* the program stops */
	g->life.state = GAME_WAITS;
	g->end.stop = UI_OK;
}

bool game_life_ended(struct game *g, bool here)
{
	struct match_now now;

	if (g->rec.id == 0 ||
	    store_match_now(g->ui->club.store, g->rec.id, &now) != STORE_OK ||
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

	if (!g->remote.on || g->seats.only_seat < 0 ||
	    g->life.state == GAME_TAKEN_OVER)
		return g->life.state == GAME_TAKEN_OVER;
	me = g->seats.player_id[g->seats.only_seat];
	if (me == 0 ||
	    store_seat_get(g->ui->club.store, g->rec.id, me, store_now_ms(),
			   &l) != STORE_OK ||
	    !l.taken || l.mine)
		return false;
	g->life.state = GAME_TAKEN_OVER;
	ui_say(&g->ui->term, _("This match was continued in another session."));
	fflush(g->ui->term.out);
	return true;
}

bool game_common_seat_still_ours(struct game *g)
{
	if (!seat_taken_over(g))
		return true;
	g->end.stop = UI_OK;
	return false;
}

bool game_common_record_still_ours(struct game *g)
{
	struct match_now now;

	if (g->rec.kind == 0 || g->rec.id == 0)
		return true;
	if (game_ended(g))
		return false;	       /* told as the game's end */
	if (ui_session_ended(g->ui)) { /* said so; nothing more is ours */
		g->life.state = GAME_STALE;
		g->end.stop = UI_STALE;
		return false;
	}
	if (!game_common_seat_still_ours(g))
		return false;
	if (store_match_now(g->ui->club.store, g->rec.id, &now) != STORE_OK ||
	    (now.status == MATCH_STATUS_UNFINISHED &&
	     now.nmoves == g->rec.saved))
		return true;
	g->end.stop = UI_OK;
	if (game_life_ended(g, false))
		return false; /* its end is told as the game's end */
	g->life.state = GAME_CHANGED;
	ui_say(&g->ui->term,
	       _("Match %lld was changed in another session; resume it again "
		 "to go on."),
	       g->rec.id);
	return false;
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
	ms = g->timing.control.kind == CLOCK_FISCHER
		     ? left / 30 + 750LL * g->timing.control.increment
		     : left / 2;
	if (ms > left / 2)
		ms = left / 2;
	if (ms > ai_level_time_ms(g->seats.level[seat]))
		ms = ai_level_time_ms(g->seats.level[seat]);
	ai_set_limits(g->seats.ai[seat], ms > 0 ? (int)ms : 1, 0);
}

int game_common_computer_move(struct game *g, const struct match *m,
			      struct input *in)
{
	int seat = m->seat[board_to_move(&m->board)];
	long long deadline = game_common_move_deadline(g, m);
	struct ai_result r;

	computer_budget(g, m, seat);
	if (ai_choose(g->seats.ai[seat], &m->board, term_stop_flag(), &r) !=
		    0 ||
	    term_stop_signal() != 0) {
		g->end.stop = UI_INTERRUPTED;
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
	ui_say(&g->ui->term, _("The computer plays on."));
	return 0;
}

/* The computer in `seat` makes the swap2 choice q: the colour its
 * search likes better (saying which), or, after the first three stones
 * of swap2, two more stones when neither colour is better by
 * AI_SWAP2_EVEN or more: the opponent then has the harder choice. Return
 * the choice as match_io's choose() returns it, or -1 with g->end.stop
 * UI_INTERRUPTED on a stop signal. */
static int computer_choice(struct game *g, const struct match *m, int seat,
			   enum match_choice q)
{
	struct ai_result r;
	bool white_better;

	computer_budget(g, m, seat);
	if (ai_choose(g->seats.ai[seat], &m->board, term_stop_flag(), &r) != 0)
		r.score = 0;
	if (term_stop_signal() != 0) {
		g->end.stop = UI_INTERRUPTED;
		return -1;
	}
	if (q == CHOOSE_SWAP2 && r.score > -AI_SWAP2_EVEN &&
	    r.score < AI_SWAP2_EVEN) {
		ui_say(&g->ui->term, _("The computer places two more stones."));
		return SWAP2_PLACE_TWO;
	}
	white_better = r.score >= 0;
	ui_say(&g->ui->term, _("The computer takes %s."),
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
	if (g->seats.ai[seat] != NULL) {
		*value = computer_choice(g, m, seat, q);
		return true;
	}
	return !game_common_record_still_ours(g);
}

/* See ui_game_common.h. */
enum ui_status game_common_again(struct game *g, bool *yes)
{
	if (g->end.again_answer >= 0) { /* answered in the end-of-game box */
		*yes = g->end.again_answer == 1;
		return UI_OK;
	}
	if (g->end.stop == UI_INTERRUPTED)
		return UI_INTERRUPTED;
	return ui_yes_no(g->ui, g->end.again, yes);
}

/* See ui_game_common.h. */
enum ui_status game_common_take_seat(struct ui *ui, const struct player *me,
				     long long id, bool *taken)
{
	enum store_status st = store_seat_take(ui->club.store, id, me->id,
					       false, store_now_ms());
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
	if (store_seat_take(ui->club.store, id, me->id, true, store_now_ms()) !=
	    STORE_OK)
		return ui_store_failed(ui, _("cannot take your seat in the "
					     "match"));
	*taken = true;
	return UI_OK;
}
