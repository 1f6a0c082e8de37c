/* ui_remote.c -- playing from two terminals: who is online, challenges
 * sent and answered, and the ranked match an accepted challenge starts,
 * each process playing its own player's seat (the other seat's moves
 * come through the store: ui_game_remote.c). The database is the only
 * channel (docs/ARCHITECTURE.md, "Two terminals"). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store_live.h"
#include "ui_game.h"
#include "ui_internal.h"
#include "ui_matches.h"
#include "ui_page.h"
#include "ui_presence.h"
#include "ui_presence_types.h"
#include "ui_remote.h"

/* ==== Playing from two terminals ========================================= */

/* Say how `me`'s record stands after a remote match ended. */
static void show_my_record(struct ui *ui, const struct player *me)
{
	if (ui_account_refresh(ui) != UI_OK)
		return;
	ui_say(&ui->term,
	       _("%s: %d won, %d lost, %d tied; score %d; rating %.0f."),
	       me->nickname, me->rec.wins, me->rec.losses, me->rec.ties,
	       me->rec.score, me->rec.rating);
}

/* Say which seat this player has in match f (black: `me` is f's
 * black_id, the first player while a swap2 opening is open). */
static void say_seats(struct ui_term *term, const struct match_full *f,
		      bool black, const struct player *other)
{
	if (f->colours_final) {
		ui_say(term,
		       _("Match %lld: you play %s (%s) against %s, from two "
			 "terminals."),
		       f->id, black ? _("black") : _("white"),
		       ui_board_stone(term, black ? STONE_BLACK : STONE_WHITE),
		       other->nickname);
		return;
	}
	ui_say(term,
	       _("Match %lld: a swap2 opening against %s, from two "
		 "terminals."),
	       f->id, other->nickname);
	if (f->opening_stones == 5)
		ui_say(term,
		       black ? _("%s places the two more stones, then you "
				 "choose your colour.")
			     : _("You place the two more stones, then %s "
				 "chooses a colour."),
		       other->nickname);
	else
		ui_say(term,
		       black ? _("You place the three opening stones; %s "
				 "then chooses.")
			     : _("%s places the three opening stones; you "
				 "then choose."),
		       other->nickname);
}

/* Play f (unfinished, ranked, `me` in it) from here: `me`'s seat only,
 * held by this process while it plays, the opponent's moves from their
 * own process; full-screen when the run is (the game screen waits for
 * them), else line by line. The seat is left when play stops here. */
static enum ui_status play_remote(struct ui *ui, struct player *me,
				  const struct match_full *f, bool *again)
{
	bool black = f->black_id == me->id, taken = false;
	struct player *other = ui_player(ui, black ? f->white_id : f->black_id);
	enum ui_status st;
	struct game g;

	if (other == NULL)
		return ui_store_failed(ui, _("cannot read the players"));
	st = game_common_take_seat(ui, me, f->id, &taken);
	if (st != UI_OK || !taken)
		return st;
	st = ui_matches_rebuild(&g, ui, f,
				black ? me->nickname : other->nickname,
				black ? other->nickname : me->nickname);
	if (st != UI_OK) {
		(void)store_seat_release(ui->club.store, store_now_ms());
		return st;
	}
	g.seats.only_seat = black ? 0 : 1;
	g.remote.on = true;
	say_seats(&ui->term, f, black, other);
	if (f->nmoves > 0) /* rejoined, or an unfinished match taken up */
		ui_say(&ui->term, _("It goes on where it stopped, at move %d."),
		       f->nmoves + 1);
	if (f->casual)
		ui_say(&ui->term,
		       _("A casual match: it counts for nobody's record or "
			 "rating."));
	st = game_play(&g);
	(void)store_seat_release(ui->club.store, store_now_ms());
	if (st == UI_OK && game_ended(&g)) {
		show_my_record(ui, me);
		if (ui->presence != NULL) { /* the menu offers a rematch */
			ui->presence->rematch_of = f->id;
			ui->presence->rematch_with = other->id;
		}
		*again = g.end.rematch;
	}
	return st;
}

static enum ui_status rematch(struct ui *ui, struct player *me, long long *mid);

/* Load match `id` and play it from here (play_remote()); *again as
 * that says. */
static enum ui_status play_match(struct ui *ui, struct player *me, long long id,
				 bool *again)
{
	struct match_full *f = malloc(sizeof(*f));
	enum ui_status st = UI_REFUSED;

	*again = false;
	if (f == NULL) {
		ui_error(&ui->term, _("out of memory"));
		return UI_FAILED;
	}
	if (store_match_load(ui->club.store, id, f) != STORE_OK)
		ui_error(&ui->term, _("there is no match %lld"), id);
	else if (f->kind != MATCH_RANKED ||
		 f->status != MATCH_STATUS_UNFINISHED ||
		 (f->black_id != me->id && f->white_id != me->id))
		ui_error(&ui->term, _("match %lld cannot be played from here"),
			 id);
	else
		st = play_remote(ui, me, f, again);
	free(f);
	return st;
}

/* After a match played here: while `again` (`r` at its end), the
 * rematch offered (or accepted) and played from here. */
static enum ui_status rematches(struct ui *ui, struct player *me, bool again)
{
	enum ui_status st = UI_OK;
	long long id = 0;

	while (st == UI_OK && again) {
		st = rematch(ui, me, &id);
		again = false;
		if (st == UI_OK && id != 0)
			st = play_match(ui, me, id, &again);
	}
	return st == UI_REFUSED ? UI_OK : st;
}

enum ui_status ui_remote_play(struct ui *ui, struct player *me, long long id)
{
	bool again = false;
	enum ui_status st = play_match(ui, me, id, &again);

	return st == UI_OK ? rematches(ui, me, again) : st;
}

/* ==== Rejoining ============================================================
 */

/* A player looked for among those present, playing a match. */
struct sought {
	long long player_id, match_id;
	bool found;
};

/* store_presence_list() callback: is the player sought playing the
 * match sought? */
static int sought_row(void *ctx, const struct presence_row *r)
{
	struct sought *s = ctx;

	if (r->player_id == s->player_id && r->match_id == s->match_id)
		s->found = true;
	return s->found;
}

/* Whether player `player_id` plays match `match_id` in a process now. */
static bool plays_now(struct ui_club *club, long long player_id,
		      long long match_id)
{
	struct sought s = {player_id, match_id, false};

	if (store_presence_list(club->store, store_now(), sought_row, &s) !=
	    STORE_OK)
		return false;
	return s.found;
}

/* Whether another session of `me`'s plays match `id` now: it holds
 * their seat's lease. */
static bool seat_held_elsewhere(struct ui_club *club, const struct player *me,
				long long id)
{
	struct seat_lease l;

	return store_seat_get(club->store, id, me->id, store_now_ms(), &l) ==
		       STORE_OK &&
	       l.live && !l.mine;
}

enum ui_status ui_remote_rejoin(struct ui *ui, struct player *me, long long id,
				bool *played)
{
	struct match_now now;
	long long other;
	struct match_full *f;
	enum ui_status st = UI_OK;
	bool yes = false, again = false;

	*played = false;
	if ((id == 0 &&
	     store_match_unfinished(ui->club.store, me->id, &id) != STORE_OK) ||
	    store_match_now(ui->club.store, id, &now) != STORE_OK ||
	    now.status != MATCH_STATUS_UNFINISHED)
		return UI_OK;
	f = malloc(sizeof(*f));
	if (f == NULL || store_match_load(ui->club.store, id, f) != STORE_OK ||
	    f->kind != MATCH_RANKED)
		goto out_free;
	other = f->black_id == me->id ? f->white_id : f->black_id;
	/* another session of mine first: it is the one taken over */
	if (seat_held_elsewhere(&ui->club, me, id))
		ui_say(&ui->term,
		       _("Your match %lld is being played in another session "
			 "of yours."),
		       id);
	else if (plays_now(&ui->club, other, id))
		ui_say(&ui->term,
		       _("Your match %lld goes on: your opponent is playing "
			 "it from another terminal."),
		       id);
	else
		goto out_free;
	st = ui_yes_no(ui, _("Rejoin it from here?"), &yes);
	if (st == UI_OK && yes) {
		*played = true;
		st = play_remote(ui, me, f, &again);
	}
out_free:
	free(f);
	return st == UI_OK ? rematches(ui, me, again) : st;
}

/* ==== Challenges ===========================================================
 */

/* The whole proposal of challenge c in words, as the game chosen is
 * shown ("Renju, swap2 opening, a forbidden point loses, 30 s a move,
 * rated"), into buf. */
static const char *game_words(struct ui *ui, const struct challenge *c,
			      char *buf, size_t cap)
{
	return ui_choose_words(ui, &c->game,
			       c->casual ? CHOICE_CASUAL : CHOICE_CHALLENGE,
			       buf, cap);
}

/* Whether the challenger may challenge `to` now; says why not. */
static bool may_challenge(struct ui *ui, const struct player *me,
			  const struct player *to)
{
	bool here = false;

	if (to == me) {
		ui_say(&ui->term, _("You cannot challenge yourself."));
		return false;
	}
	if (store_presence_of(ui->club.store, to->id, store_now(), &here) !=
		    STORE_OK ||
	    !here) {
		ui_say(&ui->term, _("%s is not online."), to->username);
		return false;
	}
	return true;
}

/* Withdraw challenge c at the challenger's wish; an answer that came
 * first wins (c then holds it). */
static void withdraw(struct ui_club *club, struct challenge *c)
{
	long long now = store_now();

	if (store_challenge_close(club->store, c->id, CHALLENGE_WITHDRAWN,
				  now) == STORE_OK)
		c->state = CHALLENGE_WITHDRAWN;
	else
		(void)store_challenge_get(club->store, c->id, now, c);
}

/* A line typed while waiting for the answer: q (or end of input)
 * withdraws the challenge. Return UI_OK to go on waiting, UI_EOF when
 * withdrawn (c->state says what became of it). */
static enum ui_status answer_key(struct ui *ui, struct challenge *c)
{
	char buf[TERM_LINE_MAX + 1];
	enum ui_status st = ui_read_word(ui, "", buf);

	if (st == UI_OK && strcmp(buf, "q") != 0) {
		ui_say(&ui->term,
		       _("Waiting for the answer; type q to withdraw the "
			 "challenge."));
		return UI_OK;
	}
	withdraw(&ui->club, c);
	return st == UI_INTERRUPTED ? st : UI_EOF;
}

/* Whether player `id` is no longer online (logged out, or their
 * process stopped refreshing its presence). */
static bool gone(struct ui_club *club, long long id)
{
	bool here = true;

	return store_presence_of(club->store, id, store_now(), &here) ==
		       STORE_OK &&
	       !here;
}

/* The username of challenge c's challenged player, for a message. */
static const char *to_name(struct ui *ui, const struct challenge *c)
{
	const struct player *p = ui_player(ui, c->to_id);

	return p != NULL ? p->username : _("Your opponent");
}

/* Wait until challenge c is answered, expires or is withdrawn (q, end
 * of input, a stop signal, the challenged player leaving), polling the
 * store; c holds its state. */
static enum ui_status await_answer(struct ui *ui, struct challenge *c)
{
	long long version = 0, looked = 0;
	enum store_status ss;

	while (c->state == CHALLENGE_PENDING) {
		int ready = ui_wait(ui, ui->term.in, 0);
		long long now = store_now();

		if (ready < 0) {
			withdraw(&ui->club, c);
			return UI_INTERRUPTED;
		}
		if (ready > 0 && answer_key(ui, c) != UI_OK)
			return UI_OK;
		if (!ui_store_moved(&ui->club, &version) && now == looked)
			continue; /* nothing new: no read */
		looked = now;
		ss = store_challenge_get(ui->club.store, c->id, now, c);
		if (ss == STORE_NOT_FOUND) /* deleted: long expired */
			c->state = CHALLENGE_EXPIRED;
		else if (ss != STORE_OK)
			return ui_store_failed(ui, NULL);
		if (c->state == CHALLENGE_PENDING &&
		    gone(&ui->club, c->to_id)) {
			withdraw(&ui->club, c);
			if (c->state == CHALLENGE_WITHDRAWN)
				ui_say(&ui->term, _("%s has left."),
				       to_name(ui, c));
		}
	}
	if (c->state == CHALLENGE_EXPIRED)
		(void)store_challenge_close(ui->club.store, c->id,
					    CHALLENGE_EXPIRED, store_now());
	return UI_OK;
}

/* What became of challenge c to `to`, in words; then the match when it
 * was accepted. */
static enum ui_status challenge_outcome(struct ui *ui, struct player *me,
					const struct player *to,
					const struct challenge *c)
{
	switch (c->state) {
	case CHALLENGE_ACCEPTED:
		ui_say(&ui->term, _("%s accepts."), to->username);
		return ui_remote_play(ui, me, c->match_id);
	case CHALLENGE_DECLINED:
		ui_say(&ui->term,
		       c->rematch_of != 0 ? _("%s declines the rematch.")
					  : _("%s declines the challenge."),
		       to->username);
		return UI_REFUSED;
	case CHALLENGE_EXPIRED:
		ui_say(&ui->term,
		       c->rematch_of != 0
			       ? _("%s did not answer within a minute: the "
				   "rematch offer has expired.")
			       : _("%s did not answer within a minute: the "
				   "challenge has expired."),
		       to->username);
		return UI_REFUSED;
	case CHALLENGE_WITHDRAWN:
	case CHALLENGE_PENDING:
		break;
	}
	ui_say(&ui->term, _("Challenge withdrawn."));
	return UI_OK;
}

/* A new challenge from `me` to `to` for ui's variant and time. */
static struct challenge new_challenge(const struct ui *ui,
				      const struct player *me,
				      const struct player *to)
{
	struct challenge c = {
		.from_id = me->id,
		.to_id = to->id,
		.game = ui->game,
		.created_at = store_now(),
		.state = CHALLENGE_PENDING,
	};

	return c;
}

static enum ui_status answer(struct ui *ui, struct player *me,
			     const struct player *from, struct challenge *c);

/* Say how long the challenger waits (`wait` seconds, the minutes
 * rounded up) before challenging `to` again. */
static void say_wait(struct ui_term *term, const struct player *to,
		     long long wait)
{
	long long minutes = (wait + 59) / 60;

	if (wait < 60)
		ui_say(term,
		       ngettext("You can challenge %s again in %lld second.",
				"You can challenge %s again in %lld seconds.",
				(unsigned long)wait),
		       to->username, wait);
	else
		ui_say(term,
		       ngettext("You can challenge %s again in %lld minute.",
				"You can challenge %s again in %lld minutes.",
				(unsigned long)minutes),
		       to->username, minutes);
}

/* Say why the store refused a challenge from `me` to `to` (sent says);
 * when `to` has challenged `me` meanwhile, ask `me` that challenge
 * instead. Return UI_REFUSED, or what answering returned. */
static enum ui_status refused(struct ui *ui, struct player *me,
			      const struct player *to,
			      const struct challenge_sent *sent)
{
	struct challenge theirs;

	switch (sent->refused) {
	case CHALLENGE_NOT_TAKING:
		ui_say(&ui->term, _("%s is not taking challenges now."),
		       to->username);
		break;
	case CHALLENGE_ALREADY_SENT:
		ui_say(&ui->term,
		       _("You have already challenged %s: the challenge waits "
			 "for the answer."),
		       to->username);
		break;
	case CHALLENGE_TOO_SOON:
		say_wait(&ui->term, to, sent->wait);
		break;
	case CHALLENGE_CROSSED:
		ui_say(&ui->term, _("%s has already challenged you."),
		       to->username);
		if (store_challenge_get(ui->club.store, sent->id, store_now(),
					&theirs) == STORE_OK &&
		    theirs.state == CHALLENGE_PENDING)
			return answer(ui, me, to, &theirs);
		ui_say(&ui->term, _("That challenge is no longer open."));
		break;
	case CHALLENGE_SENT:
		break;
	}
	return UI_REFUSED;
}

/* Tell the challenger what challenge c (stored) to `to` asks. */
static void say_sent(struct ui *ui, const struct player *to,
		     const struct challenge *c)
{
	char game[512];

	ui_page_title(&ui->term,
		      c->rematch_of != 0 ? _("Rematch") : _("Challenge"));
	if (c->rematch_of != 0)
		ui_say(&ui->term,
		       _("Rematch offered to %s: %s, colours swapped. Waiting "
			 "for the answer (a minute at most; type q to "
			 "withdraw it)..."),
		       to->username, game_words(ui, c, game, sizeof(game)));
	else if (c->resume_id != 0)
		ui_say(&ui->term,
		       _("You and %s have an unfinished match (number %lld): "
			 "the challenge asks %s to continue it. Waiting for "
			 "the answer (a minute at most; type q to withdraw "
			 "it)..."),
		       to->username, c->resume_id, to->username);
	else
		ui_say(&ui->term,
		       _("Challenge sent to %s: a ranked match, %s. Waiting "
			 "for the answer (a minute at most; type q to "
			 "withdraw it)..."),
		       to->username, game_words(ui, c, game, sizeof(game)));
}

enum ui_status ui_remote_challenge(struct ui *ui, struct player *me,
				   const char *username, bool choose)
{
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};
	enum store_status ss;
	struct player *to;
	struct challenge c;
	enum ui_status st;

	st = ui_account_refresh(ui);
	if (st != UI_OK)
		return st;
	st = ui_player_named(ui, username, &to);
	if (st != UI_OK)
		return st;
	if (to == NULL) {
		ui_say(&ui->term, _("There is no player %s."), username);
		return UI_REFUSED;
	}
	if (!may_challenge(ui, me, to))
		return UI_REFUSED;
	if (choose) {
		st = ui_choose_game(ui, me, CHOICE_CHALLENGE);
		if (st != UI_OK)
			return st;
	}
	c = new_challenge(ui, me, to);
	ss = store_challenge_new(ui->club.store, &c, &sent);
	if (ss == STORE_EXISTS)
		return refused(ui, me, to, &sent);
	if (ss != STORE_OK || store_challenge_get(ui->club.store, sent.id,
						  c.created_at, &c) != STORE_OK)
		return ui_store_failed(ui, _("cannot send the challenge"));
	say_sent(ui, to, &c);
	fflush(ui->term.out);
	st = await_answer(ui, &c);
	if (st != UI_OK && c.state != CHALLENGE_ACCEPTED)
		return st;
	return challenge_outcome(ui, me, to, &c);
}

/* Start the ranked match of challenge c, accepted by `me` (*mid, 0 when
 * it could not start, said why): a secure coin flip for black (with
 * swap2: for who places the first three stones, black in the record
 * until the colours are chosen), the match and the answer in one
 * transaction; a rematch's colours are the store's (swapped). */
static enum ui_status accept_match(struct ui *ui, struct player *me,
				   const struct player *from,
				   const struct challenge *c, long long *mid)
{
	struct match_header h = {
		.kind = MATCH_RANKED,
		.game = c->game,
		.started_at = store_now(),
	};
	bool from_black;

	*mid = 0;
	if (c->rematch_of != 0) {
		ui_say(&ui->term,
		       _("A rematch of match %lld, the colours swapped."),
		       c->rematch_of);
	} else if (c->resume_id == 0) {
		from_black = game_coin_flip(ui, c->game.opening, from->nickname,
					    me->nickname, true);
		h.black_id = from_black ? from->id : me->id;
		h.white_id = from_black ? me->id : from->id;
	}
	if (store_challenge_accept(
		    ui->club.store, c->id,
		    c->resume_id == 0 && c->rematch_of == 0 ? &h : NULL,
		    h.started_at, mid) != STORE_OK) {
		*mid = 0;
		if (ui_session_ended(ui))
			return UI_STALE;
		ui_say(&ui->term,
		       c->resume_id == 0
			       ? _("The challenge is no longer open: it "
				   "expired or was withdrawn.")
			       : _("The challenge is no longer open: it "
				   "expired or was withdrawn, or the match "
				   "has ended."));
	}
	return UI_OK;
}

/* accept_match(), then its match played from here. */
static enum ui_status accept(struct ui *ui, struct player *me,
			     const struct player *from,
			     const struct challenge *c)
{
	long long id = 0;
	enum ui_status st = accept_match(ui, me, from, c, &id);

	return st == UI_OK && id != 0 ? ui_remote_play(ui, me, id) : st;
}

/* Offer the opponent of the last match played here a rematch of it
 * (ui->presence's), the colours swapped, and wait for the answer; when
 * they offered it too, accept theirs at once. *mid is the rematch's
 * match when it starts (to be played from here), else 0. */
static enum ui_status rematch(struct ui *ui, struct player *me, long long *mid)
{
	struct challenge_sent sent = {CHALLENGE_SENT, 0, 0, 0};
	const struct ui_presence *p = ui->presence;
	struct challenge c, theirs;
	enum store_status ss;
	struct player *to;
	enum ui_status st;

	*mid = 0;
	if (p == NULL || p->rematch_of == 0 ||
	    (to = ui_player(ui, p->rematch_with)) == NULL) {
		ui_say(&ui->term, _("There is no game to play again."));
		return UI_REFUSED;
	}
	if (!may_challenge(ui, me, to))
		return UI_REFUSED;
	c = new_challenge(ui, me, to); /* its game: the store's */
	c.rematch_of = p->rematch_of;
	ss = store_challenge_new(ui->club.store, &c, &sent);
	if (ss == STORE_EXISTS && sent.refused == CHALLENGE_CROSSED &&
	    store_challenge_get(ui->club.store, sent.id, c.created_at,
				&theirs) == STORE_OK &&
	    theirs.state == CHALLENGE_PENDING &&
	    theirs.rematch_of == c.rematch_of) {
		ui_say(&ui->term, _("%s has offered the rematch too."),
		       to->username);
		return accept_match(ui, me, to, &theirs, mid);
	}
	if (ss == STORE_EXISTS)
		return refused(ui, me, to, &sent);
	if (ss != STORE_OK || store_challenge_get(ui->club.store, sent.id,
						  c.created_at, &c) != STORE_OK)
		return ui_store_failed(ui, _("cannot offer the rematch"));
	say_sent(ui, to, &c);
	fflush(ui->term.out);
	st = await_answer(ui, &c);
	if (c.state == CHALLENGE_ACCEPTED) {
		ui_say(&ui->term, _("%s accepts."), to->username);
		*mid = c.match_id;
		return UI_OK;
	}
	if (st != UI_OK)
		return st;
	return challenge_outcome(ui, me, to, &c);
}

enum ui_status ui_remote_rematch(struct ui *ui, struct player *me)
{
	long long id = 0;
	enum ui_status st = rematch(ui, me, &id);

	if (st == UI_OK && id != 0)
		return ui_remote_play(ui, me, id);
	return st == UI_REFUSED ? UI_OK : st;
}

const char *ui_remote_rematch_with(struct ui *ui)
{
	const struct player *p;

	if (ui->presence == NULL || ui->presence->rematch_of == 0)
		return NULL;
	p = ui_player(ui, ui->presence->rematch_with);
	return p != NULL ? p->username : NULL;
}

/* Ask `me` challenge c from `from` (pending): accepted, the match is
 * played from here; declined, the challenger hears so. */
static enum ui_status answer(struct ui *ui, struct player *me,
			     const struct player *from, struct challenge *c)
{
	char game[512], question[256];
	enum ui_status st;
	bool yes = false;

	if (ui->presence != NULL && c->id > ui->presence->asked)
		ui->presence->asked = c->id; /* asked: no prompt asks again */
	ui_page_title(&ui->term,
		      c->rematch_of != 0 ? _("Rematch") : _("Challenge"));
	if (c->rematch_of != 0) {
		ui_say(&ui->term,
		       _("%s offers a rematch of match %lld, the colours "
			 "swapped: %s."),
		       from->username, c->rematch_of,
		       game_words(ui, c, game, sizeof(game)));
		snprintf(question, sizeof(question), "%s",
			 _("Accept the rematch?"));
	} else if (c->resume_id != 0) {
		ui_say(&ui->term,
		       _("%s asks you to continue your unfinished match %lld "
			 "(%s) from two terminals."),
		       from->username, c->resume_id,
		       game_words(ui, c, game, sizeof(game)));
		snprintf(question, sizeof(question), _("Continue match %lld?"),
			 c->resume_id);
	} else {
		ui_say(&ui->term, _("%s challenges you to a ranked match: %s."),
		       from->username, game_words(ui, c, game, sizeof(game)));
		snprintf(question, sizeof(question), "%s",
			 _("Accept the challenge?"));
	}
	st = ui_yes_no(ui, question, &yes);
	if (st != UI_OK)
		return st;
	if (yes)
		return accept(ui, me, from, c);
	if (store_challenge_close(ui->club.store, c->id, CHALLENGE_DECLINED,
				  store_now()) == STORE_OK)
		ui_say(&ui->term, _("You declined."));
	else if (ui_session_ended(ui))
		return UI_STALE;
	return UI_OK;
}

enum ui_status ui_remote_answer(struct ui *ui, struct player *me, bool quiet)
{
	long long now = store_now();
	const struct player *from;
	struct challenge c;

	if (store_challenge_for(ui->club.store, me->id, now, &c) != STORE_OK ||
	    (from = ui_player(ui, c.from_id)) == NULL) {
		if (!quiet)
			ui_say(&ui->term,
			       _("No challenge is waiting for you."));
		return UI_OK;
	}
	return answer(ui, me, from, &c);
}

bool ui_remote_refusing(const struct ui *ui)
{
	return ui->presence != NULL && ui->presence->refusing;
}

enum ui_status ui_remote_refuse(struct ui *ui)
{
	struct ui_presence *p = ui->presence;
	bool refuse;

	if (p == NULL || p->id == 0)
		return UI_OK;
	refuse = !p->refusing;
	if (store_presence_refuse(ui->club.store, (long long)getpid(), refuse,
				  store_now()) != STORE_OK)
		return ui_store_failed(ui, _("cannot save your choice"));
	p->refusing = refuse;
	ui_say(&ui->term,
	       refuse ? _("You refuse challenges until you log out: "
			  "challengers are told that you are not taking "
			  "any.")
		      : _("You take challenges again."));
	return UI_OK;
}

enum ui_status ui_remote_challenge_at_prompt(struct ui *ui, bool asked)
{
	struct ui_presence *p = ui->presence;
	struct player *me;

	if (p == NULL || p->id == 0 || p->match != 0)
		return UI_OK;
	ui_presence_look(ui);
	if (!asked && p->told <= p->asked)
		return UI_OK;
	p->asked = p->told;
	me = ui_player(ui, p->id);
	return me != NULL ? ui_remote_answer(ui, me, !asked) : UI_OK;
}

/* The terminal's Tab (struct ui_tab): whether a challenge came that the
 * player (ctx: the ui) was not asked about yet, outside a match. */
static bool challenge_waits(void *ctx)
{
	const struct ui *ui = ctx;
	const struct ui_presence *p = ui->presence;

	return p != NULL && p->match == 0 && p->told > p->asked;
}

/* The terminal's Tab: answer the challenge now (ctx: the ui). */
static int challenge_answer(void *ctx)
{
	return (int)ui_remote_challenge_at_prompt(ctx, true);
}

void ui_remote_take_challenges(struct ui *ui)
{
	ui->challenge_hook = ui_remote_challenge_at_prompt;
	ui->term.tab.waits = challenge_waits;
	ui->term.tab.answer = challenge_answer;
	ui->term.tab.ctx = ui;
}

/* ==== Who is online ======================================================= */

struct online {
	struct ui *ui;
	int n;
};

/* store_presence_list() callback: one line. */
static int online_row(void *ctx, const struct presence_row *r)
{
	struct online *o = ctx;
	char name[UI_CLEAN_MAX], nick[UI_CLEAN_MAX];

	fprintf(o->ui->term.out, "  %-20s %-20s ",
		ui_clean(r->username, name, sizeof(name)),
		ui_clean(r->nickname, nick, sizeof(nick)));
	if (r->match_id != 0)
		fprintf(o->ui->term.out, _("playing (match %lld)\n"),
			r->match_id);
	else if (r->watching_id != 0)
		fprintf(o->ui->term.out, _("watching (match %lld)\n"),
			r->watching_id);
	else if (r->seeking)
		fprintf(o->ui->term.out, "%s\n", _("seeking a game"));
	else
		fprintf(o->ui->term.out, "%s\n", _("idle"));
	o->n++;
	return 0;
}

/* Under the players online, me's own unfinished matches, with whom and
 * whose turn (the account menu's "Unfinished matches" opens them). */
static enum ui_status unfinished_here(struct ui *ui, const struct player *me)
{
	int n;

	if (ui_matches_unfinished_count(&ui->club, me) == 0)
		return UI_OK;
	ui_say(&ui->term,
	       _("Your unfinished matches (open one from the account "
		 "menu's Unfinished matches):"));
	return ui_matches_list_unfinished(ui, me, NULL, &n);
}

enum ui_status ui_remote_online(struct ui *ui, struct player *me)
{
	struct online o = {ui, 0};
	char name[TERM_LINE_MAX + 1];
	enum ui_status st;

	ui_say(&ui->term, _("Players online:"));
	if (store_presence_list(ui->club.store, store_now(), online_row, &o) !=
	    STORE_OK)
		return ui_store_failed(ui, _("cannot list the players online"));
	st = unfinished_here(ui, me);
	if (st != UI_OK)
		return st;
	if (o.n <= 1) {
		ui_say(&ui->term, _("Nobody else is online."));
		return UI_OK;
	}
	st = ui_read_word(ui, _("Player to challenge (Enter to go back): "),
			  name);
	if (st != UI_OK || ui_left(name))
		return st;
	st = ui_remote_challenge(ui, me, name, true);
	return st == UI_REFUSED ? UI_OK : st;
}
