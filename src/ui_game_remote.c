/* ui_game_remote.c -- the other seat's moves from another process: a
 * game with g->remote set plays only g->only_seat here, and the other
 * seat's moves arrive through the store as that player's own process
 * commits them. Polls as a watcher does (docs/ARCHITECTURE.md, "Two
 * terminals"): every REMOTE_POLL_MS, PRAGMA data_version, and only when
 * it moved, one read of the match by key. Below both game front ends
 * (ui_game.c calls it), like ui_game_rules.c. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store.h"
#include "store_live.h"
#include "ui_game.h"

#define REMOTE_POLL_MS 200
/* Seconds past the mover's time before the other side claims the win on
 * time: the mover's own process, when alive, records the timeout
 * first. */
#define REMOTE_GRACE 3
/* How long the side that did not make the last move waits for the
 * mover's process to record the end, before recording it itself. */
#define REMOTE_END_WAIT_MS 5000

/* What changed in the store while waiting. */
enum remote_news { NEWS_NONE = 0, NEWS_MOVE, NEWS_ENDED };

/* Whether another process committed anything since *version. */
static bool store_moved(struct game *g, long long *version)
{
	long long v;

	if (store_data_version(g->ui->store, &v) != STORE_OK || v == *version)
		return false;
	*version = v;
	return true;
}

/* Read the move the opponent added (ply g->saved + 1) into *in. Return
 * 0, or -1 when it cannot be read. */
static int read_new_move(struct game *g, struct input *in)
{
	struct match_full *f = malloc(sizeof(*f));
	int rc = -1;

	if (f == NULL)
		return -1;
	if (store_match_load(g->ui->store, g->match_id, f) == STORE_OK &&
	    f->nmoves == g->saved + 1) {
		memset(in, 0, sizeof(*in));
		in->kind = INPUT_MOVE;
		in->error = INPUT_ERR_NONE;
		in->row = f->moves[g->saved].row;
		in->col = f->moves[g->saved].col;
		rc = 0;
	}
	free(f);
	return rc;
}

/* The opponent, to move, offered a draw: ask this player and write the
 * answer (which the opponent's process is waiting for). */
static void answer_draw(struct game *g, const struct match *m)
{
	enum request_state state = REQUEST_NONE;
	enum stone me = m->seat[STONE_BLACK] == g->only_seat ? STONE_BLACK
							     : STONE_WHITE;
	char question[512];
	bool yes = false;

	if (store_request_get(g->ui->store, g->match_id, m->board.nmoves,
			      &state) != STORE_OK ||
	    state != REQUEST_PENDING)
		return;
	game_question(m, me, ASK_ACCEPT_DRAW, question, sizeof(question));
	if (ui_yes_no(g->ui, question, &yes) != UI_OK)
		yes = false;
	(void)store_request_answer(g->ui->store, g->match_id, m->board.nmoves,
				   yes);
}

/* Look at the match after a change: a new move from the opponent
 * (filled into *in; also when the match ended with it, so that the
 * board shows the five), its end (said, g->elsewhere), or nothing new. */
static enum remote_news look(struct game *g, const struct match *m,
			     struct input *in)
{
	struct match_now now;

	if (store_match_now(g->ui->store, g->match_id, &now) != STORE_OK)
		return NEWS_NONE;
	if (now.status == MATCH_STATUS_UNFINISHED && now.nmoves == g->saved) {
		answer_draw(g, m);
		return NEWS_NONE;
	}
	if (now.status != MATCH_STATUS_ABANDONED &&
	    now.nmoves == g->saved + 1 && read_new_move(g, in) == 0) {
		g->saved++; /* written by its player: not ours to write */
		return NEWS_MOVE;
	}
	return game_record_still_ours(g) ? NEWS_NONE : NEWS_ENDED;
}

/* The opponent's time is gone (and then some): claim the win on time.
 * Return true when the match ended (claimed here or elsewhere). */
static bool claim_on_time(struct game *g, const struct match *m)
{
	enum stone mover = board_to_move(&m->board);
	enum match_result r =
		mover == STONE_BLACK ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;

	if (store_match_claim_timeout(g->ui->store, g->match_id, r,
				      m->board.nmoves, REMOTE_GRACE,
				      (long long)time(NULL)) != STORE_OK)
		return false;
	ui_say(g->ui, _("%s ran out of time: you win on time."),
	       m->name[mover]);
	g->elsewhere = true;
	g->closed = true;
	g->stop = UI_OK;
	return true;
}

bool game_remote_resign(struct game *g, const struct match *m)
{
	enum stone me = g->m.seat[STONE_BLACK] == g->only_seat ? STONE_BLACK
							       : STONE_WHITE;
	enum match_result r =
		me == STONE_BLACK ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;
	bool yes = false;

	if (ui_yes_no(g->ui, _("Resign this game?"), &yes) != UI_OK || !yes)
		return false;
	if (store_match_finish(g->ui->store, g->match_id, r, REASON_RESIGN,
			       (long long)time(NULL)) != STORE_OK)
		return !game_record_still_ours(g);
	ui_say(g->ui, _("You resigned. %s wins."), m->name[stone_other(me)]);
	g->elsewhere = true;
	g->closed = true;
	g->stop = UI_OK;
	return true;
}

/* A line typed while the opponent thinks: resign, q (leave; the match
 * waits), or anything else (a reminder). Return 1 to go on waiting, or
 * -1 to stop the game. */
static int waiting_key(struct game *g, const struct match *m)
{
	char buf[TERM_LINE_MAX + 1];

	g->stop = ui_read_word(g->ui, "", buf);
	if (g->stop == UI_EOF || (g->stop == UI_OK && strcmp(buf, "q") == 0)) {
		g->stop = UI_OK;
		g->waiting = true;
		return -1;
	}
	if (g->stop != UI_OK)
		return -1;
	if (strcmp(buf, "resign") == 0)
		return game_remote_resign(g, m) ? -1 : 1;
	ui_say(g->ui, _("It is your opponent's turn. Type resign to resign, "
			"or q to leave (the match waits)."));
	return 1;
}

/* Whether the opponent's time is gone by more than REMOTE_GRACE, by
 * this process's clock since `since` (term_now_ms() when their move
 * began here). */
static bool opponent_late(const struct game *g, long long since)
{
	return g->time_per_move > 0 &&
	       term_now_ms() - since >=
		       1000LL * (g->time_per_move + REMOTE_GRACE);
}

int game_remote_wait_begin(struct game *g, const struct match *m,
			   struct remote_wait *w, struct input *in)
{
	w->version = 0;
	w->since = term_now_ms();
	(void)store_data_version(g->ui->store, &w->version);
	switch (look(g, m, in)) { /* it may have come already */
	case NEWS_MOVE:
		return 1;
	case NEWS_ENDED:
		return -1;
	case NEWS_NONE:
		break;
	}
	return 0;
}

int game_remote_poll(struct game *g, const struct match *m,
		     struct remote_wait *w, struct input *in)
{
	enum remote_news news = NEWS_NONE;

	if (store_moved(g, &w->version))
		news = look(g, m, in);
	if (news == NEWS_MOVE)
		return 1;
	if (news == NEWS_ENDED ||
	    (opponent_late(g, w->since) && claim_on_time(g, m)))
		return -1;
	return 0;
}

int game_remote_ask(struct game *g, const struct match *m, struct input *in)
{
	struct remote_wait w;
	int rc;

	ui_say(g->ui,
	       _("Waiting for %s to move (type resign to resign, q to "
		 "leave)..."),
	       m->name[board_to_move(&m->board)]);
	fflush(g->ui->out);
	rc = game_remote_wait_begin(g, m, &w, in);
	while (rc == 0) {
		int ready = term_wait_input(g->ui->in,
					    term_now_ms() + REMOTE_POLL_MS);

		if (ready < 0) {
			g->stop = UI_INTERRUPTED;
			return -1;
		}
		if (ready > 0 && waiting_key(g, m) < 0)
			return -1;
		rc = game_remote_poll(g, m, &w, in);
	}
	return rc > 0 ? 0 : -1;
}

int game_remote_confirm(struct game *g, const struct match *m)
{
	enum request_state state = REQUEST_PENDING;
	long long version = 0;
	int ply = m->board.nmoves;

	if (store_request_draw(g->ui->store, g->match_id, ply,
			       (long long)time(NULL)) != STORE_OK)
		return game_record_still_ours(g) ? 0 : -1;
	ui_say(g->ui, _("Draw offered. Waiting for %s's answer..."),
	       m->name[stone_other(board_to_move(&m->board))]);
	fflush(g->ui->out);
	while (state == REQUEST_PENDING) {
		if (term_wait_input(-1, term_now_ms() + REMOTE_POLL_MS) < 0) {
			g->stop = UI_INTERRUPTED;
			return -1;
		}
		if (!store_moved(g, &version))
			continue;
		if (!game_record_still_ours(g))
			return -1;
		if (store_request_get(g->ui->store, g->match_id, ply, &state) !=
		    STORE_OK)
			state = REQUEST_DECLINED;
	}
	return state == REQUEST_ACCEPTED ? 1 : 0;
}

int game_remote_await(struct game *g, char *prompt, long long deadline)
{
	long long version = 0;

	fputs(prompt, g->ui->out);
	fflush(g->ui->out);
	prompt[0] = '\0'; /* shown: the line read must not show it again */
	(void)store_data_version(g->ui->store, &version);
	for (;;) {
		long long next = term_now_ms() + REMOTE_POLL_MS;
		int ready = term_wait_input(
			g->ui->in,
			deadline != 0 && deadline < next ? deadline : next);

		if (ready < 0) {
			g->stop = UI_INTERRUPTED;
			return -1;
		}
		if (ready > 0)
			return 1;
		if (deadline != 0 && term_now_ms() >= deadline)
			return 0;
		if (store_moved(g, &version) && !game_record_still_ours(g))
			return -1;
	}
}

/* Whether m ended with a move (five, a full board, a forbidden point),
 * which the mover's process records. */
static bool ended_by_move(const struct match *m)
{
	return m->end == MATCH_FIVE || m->end == MATCH_FULL ||
	       m->end == MATCH_FORBIDDEN;
}

bool game_remote_ended_there(struct game *g)
{
	const struct match *m = &g->m;
	long long until = term_now_ms() + REMOTE_END_WAIT_MS;
	struct match_now now;
	int last;

	if (!g->remote || !ended_by_move(m) || m->board.nmoves == 0)
		return false;
	last = m->seat[m->board.nmoves % 2 == 1 ? STONE_BLACK : STONE_WHITE];
	if (last == g->only_seat)
		return false;
	while (term_now_ms() < until) {
		if (store_match_now(g->ui->store, g->match_id, &now) ==
			    STORE_OK &&
		    now.status != MATCH_STATUS_UNFINISHED) {
			g->closed = true;
			return true;
		}
		if (term_wait_input(-1, term_now_ms() + REMOTE_POLL_MS) < 0)
			return false;
	}
	return false;
}
