/* ui_game_remote.c -- the other seat's moves from another process: a
 * game with g->remote.on set plays only g->seats.only_seat here, and the other
 * seat's moves arrive through the store as that player's own process
 * commits them. Polls as a watcher does (docs/ARCHITECTURE.md, "Two
 * terminals"): every UI_POLL_MS, whether the store moved
 * (ui_store_moved()), and only when it did, one read of the match by
 * key. Below both game front ends
 * (ui_game.c calls it), like ui_game_common.c. */
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_live.h"
#include "ui_game_remote.h"
#include "ui_internal.h"

/* Seconds past the mover's time before the other side claims the win on
 * time: the mover's own process, when alive, records the timeout
 * first. */
#define REMOTE_GRACE 3
/* How long the side that did not make the last move waits for the
 * mover's process to record the end, before recording it itself. */
#define REMOTE_END_WAIT_MS 5000
/* How often the opponent's seat is looked at: whether they left the game
 * (their lease lapsed) or came back. */
#define SEATS_LOOK_MS 1000

/* What changed in the store while waiting: nothing, the opponent's
 * next move or an undo this player agreed to (either an input for
 * match_run()), or the end. */
enum remote_news { NEWS_NONE = 0, NEWS_INPUT, NEWS_ENDED };

/* Read the next move the opponent added (ply g->rec.saved + 1; in swap2 the
 * second player places two in a row, so more may be there) into *in.
 * Return 0, or -1 when it cannot be read. */
static int read_new_move(struct game *g, struct input *in)
{
	struct match_full *f = malloc(sizeof(*f));
	int rc = -1;

	if (f == NULL)
		return -1;
	if (store_match_load(g->ui->club.store, g->rec.id, f) == STORE_OK &&
	    f->nmoves > g->rec.saved) {
		memset(in, 0, sizeof(*in));
		in->kind = INPUT_MOVE;
		in->error = INPUT_ERR_NONE;
		in->row = f->moves[g->rec.saved].row;
		in->col = f->moves[g->rec.saved].col;
		rc = 0;
	}
	free(f);
	return rc;
}

/* This player accepted the opponent's draw offer: the offering process
 * records the end; when it does not within REMOTE_END_WAIT_MS (killed
 * meanwhile, or taken over by another session of its player, which
 * knows nothing of the offer), record the agreed draw here. Return
 * true when it was recorded here. */
static bool record_agreed_draw(struct game *g)
{
	long long until = term_now_ms() + REMOTE_END_WAIT_MS;
	struct match_now now;

	while (term_now_ms() < until) {
		if (store_match_now(g->ui->club.store, g->rec.id, &now) ==
			    STORE_OK &&
		    now.status != MATCH_STATUS_UNFINISHED)
			return false;
		if (ui_wait(g->ui, -1, until) < 0)
			return false;
	}
	if (store_match_finish(g->ui->club.store, g->rec.id, RESULT_DRAW,
			       REASON_DRAW, store_now()) != STORE_OK)
		return false;
	(void)game_life_ended(g, true); /* told as the game's end */
	g->end.stop = UI_OK;
	return true;
}

/* The opponent, to move, asked something of this player (a draw, or to
 * take back their last move and the reply): ask, and write the answer
 * to that request (by its id and kind, so that it answers only the
 * question shown), which the opponent's process awaits. Return true
 * when an undo was accepted: the store took the moves back with the
 * answer, and *in holds the undo for match_run() to take them off the
 * board here. */
static bool answer_request(struct game *g, const struct match *m,
			   struct input *in)
{
	enum stone me = stone_other(board_to_move(&m->board));
	struct match_request r;
	enum store_status st;
	char question[512];
	bool yes = false;

	if (store_request_pending(g->ui->club.store, g->rec.id, &r) !=
		    STORE_OK ||
	    r.ply != m->board.nmoves)
		return false;
	game_common_question(m, me,
			     r.kind == REQUEST_UNDO ? ASK_ACCEPT_UNDO
						    : ASK_ACCEPT_DRAW,
			     question, sizeof(question));
	if (ui_yes_no(g->ui, question, &yes) != UI_OK)
		yes = false;
	st = store_request_answer(g->ui->club.store, g->rec.id, r.id, r.kind,
				  yes, store_now());
	if (st == STORE_STALE)
		(void)game_common_record_still_ours(g); /* the game stops */
	if (st == STORE_NOT_FOUND && game_common_record_still_ours(g))
		ui_say(&g->ui->term,
		       _("That request was withdrawn: your answer "
			 "counts for nothing."));
	if (st == STORE_OK && yes && r.kind == REQUEST_DRAW)
		(void)record_agreed_draw(g);
	if (st != STORE_OK || !yes || r.kind != REQUEST_UNDO)
		return false;
	g->rec.saved = r.ply - 2;
	g->remote.undo_agreed = true;
	memset(in, 0, sizeof(*in));
	in->kind = INPUT_UNDO;
	in->error = INPUT_ERR_NONE;
	return true;
}

/* Look at the match after a change: a new move from the opponent
 * (filled into *in; also when the match ended with it, so that the
 * board shows the five), their request (answered here; an undo agreed
 * is filled into *in), its end (game_ended()), or nothing new. */
static enum remote_news look(struct game *g, const struct match *m,
			     struct input *in)
{
	struct match_now now;

	if (store_match_now(g->ui->club.store, g->rec.id, &now) != STORE_OK)
		return NEWS_NONE;
	if (!game_common_seat_still_ours(g))
		return NEWS_ENDED;
	if (now.status == MATCH_STATUS_UNFINISHED &&
	    now.nmoves == g->rec.saved) {
		if (answer_request(g, m, in))
			return NEWS_INPUT;
		return game_ended(g) || game_stopped_outside(g) ? NEWS_ENDED
								: NEWS_NONE;
	}
	if (now.status != MATCH_STATUS_ABANDONED && now.nmoves > g->rec.saved &&
	    read_new_move(g, in) == 0) {
		g->rec.saved++; /* written by its player: not ours to write */
		return NEWS_INPUT;
	}
	return game_common_record_still_ours(g) ? NEWS_NONE : NEWS_ENDED;
}

/* This process just wrote the end of g's match outside match_run() (a
 * claim, a resignation while waiting, an agreed draw): the game stops,
 * and its end is read back and told from the record, as any end is.
 * Return true. */
static bool ended_here(struct game *g)
{
	(void)game_life_ended(g, true);
	g->end.stop = UI_OK;
	return true;
}

/* The opponent's time is gone (and then some): claim the win on time
 * (or the draw, when the store finds that this side can no longer
 * win: the record says which). Return true when the match ended
 * (claimed here or elsewhere). */
static bool claim_on_time(struct game *g, const struct match *m)
{
	enum stone mover = board_to_move(&m->board);
	enum match_result r =
		mover == STONE_BLACK ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;
	enum store_status st;

	st = store_match_claim_timeout(g->ui->club.store, g->rec.id, r,
				       m->board.nmoves, REMOTE_GRACE,
				       store_now());
	if (st == STORE_STALE)
		return !game_common_record_still_ours(g); /* the game stops */
	if (st != STORE_OK)
		return false;
	return ended_here(g);
}

bool game_remote_resign(struct game *g)
{
	/* during the opening the record's black is seat 0, the first
	 * placer (match.h) */
	bool black = g->m.opening_done
			     ? g->m.seat[STONE_BLACK] == g->seats.only_seat
			     : g->seats.only_seat == 0;
	enum match_result r = black ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;
	bool yes = false;

	if (ui_yes_no(g->ui, _("Resign this game?"), &yes) != UI_OK || !yes)
		return false;
	if (store_match_finish(g->ui->club.store, g->rec.id, r, REASON_RESIGN,
			       store_now()) != STORE_OK)
		return !game_common_record_still_ours(g);
	return ended_here(g);
}

/* A line typed while the opponent thinks (the opening's stones or
 * choices too): resign, q (leave; the match waits), or anything else (a
 * reminder). Return 1 to go on waiting, or -1 to stop the game. */
static int waiting_key(struct game *g)
{
	char buf[TERM_LINE_MAX + 1];

	g->end.stop = ui_read_word(g->ui, "", buf);
	if (g->end.stop == UI_EOF ||
	    (g->end.stop == UI_OK && strcmp(buf, "q") == 0)) {
		g->end.stop = UI_OK;
		game_life_waits(g);
		return -1;
	}
	if (g->end.stop != UI_OK)
		return -1;
	if (strcmp(buf, "resign") == 0) /* the opening's too */
		return game_remote_resign(g) ? -1 : 1;
	ui_say(&g->ui->term,
	       _("It is your opponent's turn. Type resign to resign, "
		 "or q to leave (the match waits)."));
	return 1;
}

/* One tick of a line-mode wait for the other process: up to
 * UI_POLL_MS for a line (handled by waiting_key()). Return 0 to go
 * on waiting (the caller then looks at the store), or -1 to stop (a
 * stop signal: g->end.stop UI_INTERRUPTED; the player left or resigned). */
static int wait_tick(struct game *g)
{
	int ready = ui_wait(g->ui, g->ui->term.in, 0);

	if (ready < 0) {
		g->end.stop = UI_INTERRUPTED;
		return -1;
	}
	return ready > 0 && waiting_key(g) < 0 ? -1 : 0;
}

/* Whether the opponent's time is gone by more than REMOTE_GRACE, by
 * this process's clock since `since` (term_now_ms() when their move
 * began here) and the time the record gave that turn (a time per move,
 * or their game clock). Never during the opening: the store takes no
 * claim before the colours are final. */
static bool opponent_late(const struct game *g, const struct match *m,
			  long long since)
{
	long long allowed =
		1000LL * g->timing.control.per_move; /* 0: a game clock */

	if (g->timing.turn.known && g->timing.turn.ply == m->board.nmoves)
		allowed = g->timing.turn.allowed_ms;
	return game_common_timed(g) && m->opening_done &&
	       term_now_ms() - since >= allowed + 1000LL * REMOTE_GRACE;
}

/* The opponent left the game a grace ago (the store's rule, in an
 * untimed match on their turn): offer the win, once for this absence.
 * Return true when the match ended (claimed here, or ended elsewhere). */
static bool claim_gone(struct game *g, const struct match *m)
{
	enum stone mover = board_to_move(&m->board);
	enum match_result r =
		mover == STONE_BLACK ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;
	char question[512];
	bool yes = false;

	g->remote.gone_asked = true;
	snprintf(question, sizeof(question),
		 _("%s has not come back. Claim the win?"), m->name[mover]);
	if (ui_yes_no(g->ui, question, &yes) != UI_OK || !yes)
		return false;
	if (store_match_claim_gone(g->ui->club.store, g->rec.id, r,
				   m->board.nmoves,
				   store_now_ms()) != STORE_OK) {
		if (!game_common_record_still_ours(g))
			return true;
		ui_say(&g->ui->term,
		       _("The win cannot be claimed: %s is back."),
		       m->name[mover]);
		return false;
	}
	return ended_here(g);
}

/* The seconds g's match waits for an opponent whose process is gone:
 * its own rule, kept from the club's when it started (120 when it
 * cannot be read: the store decides the claim anyway). */
static int grace_s(const struct game *g)
{
	struct match_rules r;

	if (store_match_rules(g->ui->club.store, g->rec.id, &r) != STORE_OK)
		return 120;
	return r.disconnect_grace;
}

/* Tell the player how long the opponent named name has to come back
 * before the win may be claimed: in whole minutes where the grace is
 * some, else in seconds. */
static void say_grace(struct game *g, const char *name)
{
	int s = grace_s(g);

	if (s == 0)
		ui_say(&g->ui->term, _("You may claim the win on %s's turn."),
		       name);
	else if (s % 60 == 0)
		ui_say(&g->ui->term,
		       ngettext("If %s is not back within %d minute, you may "
				"claim the win on their turn.",
				"If %s is not back within %d minutes, you may "
				"claim the win on their turn.",
				(unsigned long)(s / 60)),
		       name, s / 60);
	else
		ui_say(&g->ui->term,
		       ngettext("If %s is not back within %d second, you may "
				"claim the win on their turn.",
				"If %s is not back within %d seconds, you may "
				"claim the win on their turn.",
				(unsigned long)s),
		       name, s);
}

int game_remote_seats(struct game *g)
{
	const struct match *m = &g->m;
	int other = 1 - g->seats.only_seat;
	long long now = store_now_ms();
	struct seat_lease l;

	if (!g->remote.on || g->seats.only_seat < 0 ||
	    g->life.state == GAME_TAKEN_OVER ||
	    term_now_ms() - g->remote.seats_looked < SEATS_LOOK_MS)
		return 0;
	g->remote.seats_looked = term_now_ms();
	if (store_seat_get(g->ui->club.store, g->rec.id,
			   g->seats.player_id[other], now, &l) != STORE_OK ||
	    !l.taken)
		return 0;
	if (l.live == g->remote.other_gone) { /* gone, or back */
		g->remote.other_gone = !l.live;
		g->remote.gone_asked = false;
		if (l.live)
			ui_say(&g->ui->term, _("%s is back."),
			       m->seat_name[other]);
		else
			ui_say(&g->ui->term, _("%s left the game."),
			       m->seat_name[other]);
		if (!l.live && !game_common_timed(g) && m->opening_done)
			say_grace(g, m->seat_name[other]);
		fflush(g->ui->term.out);
		return 1;
	}
	if (g->remote.other_gone && !g->remote.gone_asked &&
	    !game_common_timed(g) && m->opening_done &&
	    game_common_absent_turn(g, m) && now >= l.claim_from_ms)
		return claim_gone(g, m) ? -1 : 1;
	return 0;
}

int game_remote_wait_begin(struct game *g, const struct match *m,
			   struct remote_wait *w, struct input *in)
{
	g->remote.undo_agreed = false; /* one agreed, if any, was taken back */
	w->version = 0;
	w->since = game_turn_since(g, m); /* the store's clock */
	switch (look(g, m, in)) {	  /* it may have come already */
	case NEWS_INPUT:
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

	if (ui_store_moved(&g->ui->club, &w->version)) {
		news = look(g, m, in);
		w->since = game_turn_since(g, m); /* as stored now */
	}
	if (news == NEWS_INPUT)
		return 1;
	if (news == NEWS_ENDED || game_remote_seats(g) < 0 ||
	    (opponent_late(g, m, w->since) && claim_on_time(g, m)))
		return -1;
	return 0;
}

int game_remote_ask(struct game *g, const struct match *m, struct input *in)
{
	struct remote_wait w;
	int rc;

	if (m->opening_done)
		ui_say(&g->ui->term,
		       _("Waiting for %s to move (type resign to resign, q "
			 "to leave)..."),
		       m->name[board_to_move(&m->board)]);
	else
		ui_say(&g->ui->term,
		       _("Waiting for %s to place a stone (type resign to "
			 "resign, q to leave)..."),
		       m->name[board_to_move(&m->board)]);
	fflush(g->ui->term.out);
	rc = game_remote_wait_begin(g, m, &w, in);
	while (rc == 0) {
		if (wait_tick(g) < 0)
			return -1;
		rc = game_remote_poll(g, m, &w, in);
	}
	return rc > 0 ? 0 : -1;
}

/* Where this player's request `request_id` (made at `ply`) stands: 1
 * accepted, 0 declined (or withdrawn), 2 still pending, or -1 when the
 * match ended or changed elsewhere (said so). The match is read before
 * the request: an undo accepted between the two reads is then seen
 * accepted, with the moves it took back followed in g->rec.saved. */
static int request_answer(struct game *g, long long request_id, int ply,
			  bool undo)
{
	enum request_state state = REQUEST_DECLINED;
	struct match_request r;
	struct match_now now;

	if (store_match_now(g->ui->club.store, g->rec.id, &now) == STORE_OK &&
	    now.status != MATCH_STATUS_UNFINISHED)
		return game_common_record_still_ours(g) ? 2 : -1;
	if (store_request_get(g->ui->club.store, request_id, &r) == STORE_OK)
		state = r.state;
	if (state == REQUEST_PENDING)
		return 2;
	if (state == REQUEST_ACCEPTED && undo)
		g->rec.saved = ply - 2; /* taken back by the answer */
	if (!game_common_record_still_ours(g))
		return -1;
	return state == REQUEST_ACCEPTED ? 1 : 0;
}

int game_remote_confirm(struct game *g, const struct match *m,
			enum match_question q)
{
	const char *other = m->name[stone_other(board_to_move(&m->board))];
	long long version = 0, request_id = 0, now = store_now();
	bool undo = q == ASK_ACCEPT_UNDO;
	int ply = m->board.nmoves, answer = 2;
	enum store_status st;

	g->remote.request_refused = false;
	st = store_request_new(g->ui->club.store, g->rec.id,
			       undo ? REQUEST_UNDO : REQUEST_DRAW, ply, now,
			       &request_id);
	if (st != STORE_OK && !game_common_record_still_ours(g))
		return -1;
	if (st == STORE_EXISTS) {
		g->remote.request_refused = true;
		ui_say(&g->ui->term,
		       _("A request is already waiting for %s's answer: "
			 "it cannot be changed or withdrawn."),
		       other);
		return 0;
	}
	if (st != STORE_OK)
		return 0;
	if (undo)
		ui_say(&g->ui->term,
		       _("Undo asked. Waiting for %s's answer..."), other);
	else
		ui_say(&g->ui->term,
		       _("Draw offered. Waiting for %s's answer..."), other);
	fflush(g->ui->term.out);
	while (answer == 2) {
		if (ui_wait(g->ui, -1, 0) < 0) {
			g->end.stop = UI_INTERRUPTED;
			return -1;
		}
		if (ui_store_moved(&g->ui->club, &version))
			answer = game_common_seat_still_ours(g)
					 ? request_answer(g, request_id, ply,
							  undo)
					 : -1;
		if (answer == 2 && game_remote_seats(g) < 0)
			answer = -1;
	}
	return answer;
}

/* The swap2 choice q as match f's record shows the other process made
 * it: its value as choose() returns it, or -1 while it is not made. The
 * record's opening is followed in g (saved_stones, saved_final), so it
 * is not written again from here. */
static int stored_choice(struct game *g, const struct match_full *f,
			 enum match_choice q)
{
	int black_seat = f->black_id == g->seats.player_id[0] ? 0 : 1;

	if (f->colours_final) {
		g->rec.saved_stones = f->opening_stones;
		g->rec.saved_final = true;
		if (q == CHOOSE_COLOUR)
			return black_seat == 0 ? STONE_BLACK : STONE_WHITE;
		return black_seat == 1 ? SWAP2_TAKE_BLACK : SWAP2_TAKE_WHITE;
	}
	/* two more stones: written before the first of them is */
	if (q == CHOOSE_SWAP2 &&
	    (f->opening_stones == 5 || f->nmoves > g->rec.saved)) {
		g->rec.saved_stones = 5;
		return SWAP2_PLACE_TWO;
	}
	return -1;
}

/* Read the match to see whether the absent seat made choice q: 1 with
 * *value set, 0 not yet, -1 when the match ended or changed elsewhere
 * (said so). A choice made before the match ended is read too (the
 * chooser chose, then resigned at once): the colours it set are the
 * ones the end is told with. */
static int look_choice(struct game *g, enum match_choice q, int *value)
{
	struct match_full *f = malloc(sizeof(*f));
	int rc = 0;

	if (f == NULL ||
	    store_match_load(g->ui->club.store, g->rec.id, f) != STORE_OK)
		goto out_free;
	*value = stored_choice(g, f, q);
	if (*value >= 0)
		rc = 1;
	else if (f->status != MATCH_STATUS_UNFINISHED ||
		 f->nmoves != g->rec.saved)
		rc = game_common_record_still_ours(g) ? 0 : -1;
out_free:
	free(f);
	return rc;
}

int game_remote_choice_poll(struct game *g, enum match_choice q,
			    long long *version, int *value)
{
	if (ui_store_moved(&g->ui->club, version))
		return game_common_seat_still_ours(g) ? look_choice(g, q, value)
						      : -1;
	return game_remote_seats(g) < 0 ? -1 : 0;
}

int game_remote_choice(struct game *g, const struct match *m, int seat,
		       enum match_choice q)
{
	long long version = 0;
	int value = -1, rc = 0;

	fputc('\n', g->ui->term.out);
	ui_board_draw(&g->ui->term, &m->board);
	ui_say(&g->ui->term,
	       _("Swap2: waiting for %s to choose (type q to leave)..."),
	       m->seat_name[seat]);
	fflush(g->ui->term.out);
	while (rc == 0) {
		if (wait_tick(g) < 0)
			return -1;
		rc = game_remote_choice_poll(g, q, &version, &value);
	}
	if (rc > 0 && q == CHOOSE_SWAP2 && value == SWAP2_PLACE_TWO)
		ui_say(&g->ui->term,
		       _("%s places two more stones (white, then "
			 "black)."),
		       m->seat_name[seat]);
	return rc > 0 ? value : -1;
}

int game_remote_chose(struct game *g, enum match_choice q, int value)
{
	if (q != CHOOSE_SWAP2 || value != SWAP2_PLACE_TWO)
		return 0;
	/* during the opening the record's black is seat 0, who placed the
	 * first three stones */
	if (store_match_seats(g->ui->club.store, g->rec.id,
			      g->seats.player_id[0], g->seats.player_id[1], 5,
			      false) != STORE_OK) {
		if (game_common_record_still_ours(g)) {
			ui_error(&g->ui->term,
				 _("the move could not be saved: %s"),
				 store_errmsg(g->ui->club.store));
			g->end.stop = UI_FAILED;
		}
		return -1;
	}
	g->rec.saved_stones = 5;
	return 0;
}

int game_remote_await(struct game *g, char *prompt, long long deadline)
{
	long long version = 0;
	int said;

	fputs(prompt, g->ui->term.out);
	fflush(g->ui->term.out);
	for (;;) {
		int ready = ui_wait(g->ui, g->ui->term.in, deadline);

		if (ready < 0) {
			g->end.stop = UI_INTERRUPTED;
			return -1;
		}
		if (ready > 0)
			break;
		if (deadline != 0 && term_now_ms() >= deadline)
			return 0;
		if (ui_store_moved(&g->ui->club, &version) &&
		    !game_common_record_still_ours(g))
			return -1;
		said = game_remote_seats(g);
		if (said < 0)
			return -1;
		if (said > 0) { /* under the news: the prompt again */
			fputs(prompt, g->ui->term.out);
			fflush(g->ui->term.out);
		}
	}
	prompt[0] = '\0'; /* shown: the line read must not show it again */
	return 1;
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

	if (!g->remote.on || !ended_by_move(m) || m->board.nmoves == 0)
		return false;
	last = m->seat[m->board.nmoves % 2 == 1 ? STONE_BLACK : STONE_WHITE];
	if (last == g->seats.only_seat)
		return false;
	while (term_now_ms() < until) {
		if (store_match_now(g->ui->club.store, g->rec.id, &now) ==
			    STORE_OK &&
		    now.status != MATCH_STATUS_UNFINISHED)
			return game_life_ended(g, false);
		if (ui_wait(g->ui, -1, until) < 0)
			return false;
	}
	return false;
}
