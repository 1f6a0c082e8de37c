/* ui_matches.c -- which games are played, and by whom: ranked matches
 * between two accounts, games against the computer (recorded for a
 * logged-in player), and resuming or abandoning an unfinished match.
 * The games themselves, and their records, are ui_game.c's. */
#include <string.h>

#include "number.h"
#include "store.h"
#include "store_live.h"
#include "ui_account.h"
#include "ui_game.h"
#include "ui_internal.h"
#include "ui_matches.h"
#include "words.h"

/* Print a player's new record after a ranked match: counters, rating
 * change and rank by score. */
static enum ui_status show_record(struct ui *ui, const struct player *p,
				  double old_rating)
{
	char line[512];
	enum ui_status st =
		game_common_record_line(ui, p, old_rating, line, sizeof(line));

	if (st == UI_OK)
		ui_say(&ui->term, "%s", line);
	return st;
}

/* Play ranked match g (its record is shown by game_play()) and, once it
 * has ended here with both players, ask for a rematch: *again. End of
 * input at that question is a no (the match is saved). */
static enum ui_status ranked(struct game *g, bool *again)
{
	enum ui_status st;

	*again = false;
	g->end.again =
		g->seats.only_seat < 0 ? _("Rematch (colours swapped)?") : NULL;
	st = game_play(g);
	if (st != UI_OK || !game_ended(g) || !g->life.ended_here ||
	    g->end.again == NULL || g->m.end == MATCH_UNFINISHED)
		return st; /* not ended here: nothing to ask */
	st = game_common_again(g, again);
	return st == UI_EOF ? UI_OK : st;
}

/* The account that played `colour` in g: a or b. */
static struct player *played(const struct game *g, enum stone colour,
			     struct player *a, struct player *b)
{
	return g->seats.player_id[g->m.seat[colour]] == a->id ? a : b;
}

/* Ranked matches between `black` and `white` (the first placer, under
 * swap2), the colours swapped for every rematch agreed, no coin flip. */
static enum ui_status ranked_series(struct ui *ui, struct player *black,
				    struct player *white)
{
	struct player *swap;
	struct game g;
	enum ui_status st;
	bool again;

	for (;;) {
		if (ui_account_refresh(ui) != UI_OK)
			return UI_FAILED;
		if (game_init(&g, ui, &ui->game.variant, black->nickname,
			      white->nickname, true) != 0)
			return UI_USAGE;
		g.seats.player_id[0] = black->id;
		g.seats.player_id[1] = white->id;
		g.rec.kind = MATCH_RANKED;
		st = ranked(&g, &again);
		if (st != UI_OK || !again)
			return st;
		swap = black;
		black = played(&g, STONE_WHITE, black, white);
		white = black == swap ? white : swap;
		ui_say(&ui->term, _("Rematch: %s against %s, colours swapped."),
		       black->nickname, white->nickname);
	}
}

/* The club's settings into *c. Return UI_OK, or UI_FAILED after saying
 * why. */
static enum ui_status read_club(struct ui *ui, struct club_settings *c)
{
	if (store_club_get(ui->club.store, c) != STORE_OK)
		return ui_store_failed(ui,
				       _("cannot read the club's settings"));
	return UI_OK;
}

enum ui_status ui_matches_hotseat_allowed(struct ui *ui)
{
	struct club_settings c;

	if (read_club(ui, &c) != UI_OK)
		return UI_FAILED;
	if (c.ranked_hotseat)
		return UI_OK;
	ui_say(&ui->term,
	       _("Ranked hot-seat is off in this club: the second player "
		 "would type their password at this terminal."));
	ui_say(&ui->term,
	       _("Play ranked from two terminals instead: each player "
		 "logs in at their own, and one challenges the other "
		 "(Players online, or gomoku challenge USER)."));
	return UI_REFUSED;
}

/* Say which options asked for rules looser than the club's, which new
 * recorded matches do not get (the store keeps the club's): a shorter
 * claim wait (ranked matches only), or refused forbidden points where
 * they lose. Return UI_OK, or UI_FAILED after saying why. */
static enum ui_status note_looser_options(struct ui *ui, bool ranked)
{
	const struct ui_options *o = ui->opt;
	struct club_settings c;

	if (read_club(ui, &c) != UI_OK)
		return UI_FAILED;
	if (ranked && o->claim_after_days >= 0 &&
	    o->claim_after_days < c.claim_after_days)
		ui_say(&ui->term,
		       ngettext(
			       "The club's claim wait is %d day: --claim-after "
			       "can only make it longer, so this match uses "
			       "the club's.",
			       "The club's claim wait is %d days: "
			       "--claim-after can only make it longer, so this "
			       "match uses the club's.",
			       (unsigned long)c.claim_after_days),
		       c.claim_after_days);
	if (o->forbidden_given && !o->forbidden_loses && c.forbidden_loses &&
	    ui->game.variant.rule == RULE_RENJU)
		ui_say(&ui->term,
		       _("In this club a forbidden point loses: --forbidden "
			 "refuse cannot soften that, so this match uses "
			 "the club's rule."));
	return UI_OK;
}

/* A new ranked match between a and b; the colours by a secure coin. */
static enum ui_status new_ranked(struct ui *ui, struct player *a,
				 struct player *b)
{
	bool a_black;

	if (ui_account_refresh(ui) != UI_OK)
		return UI_FAILED;
	ui_say(&ui->term, _("Ranked match: %s against %s."), a->nickname,
	       b->nickname);
	if (note_looser_options(ui, true) != UI_OK)
		return UI_FAILED;
	a_black = game_coin_flip(ui, ui->game.opening, a->nickname, b->nickname,
				 true);
	return ranked_series(ui, a_black ? a : b, a_black ? b : a);
}

/* ==== Against the computer ============================================== */

/* Give seat s of g to the computer at `level`. */
static enum ui_status seat_computer(struct game *g, int s, int level)
{
	struct ai_config cfg;

	ai_config_default(&cfg, level);
	cfg.seed = rng_next(&g->ui->rng);
	g->seats.ai[s] = ai_create(&cfg);
	g->seats.level[s] = cfg.level;
	if (g->seats.ai[s] == NULL) {
		ui_error(&g->ui->term, _("out of memory"));
		return UI_FAILED;
	}
	return UI_OK;
}

/* Whether the person moves first: --first, else a coin flip. */
static bool person_first(struct ui *ui, const char *me, const char *computer)
{
	bool mine = ui->opt->first == FIRST_ME;

	if (ui->opt->first == FIRST_COIN)
		mine = rng_below(&ui->rng, 2) == 0;
	const char *who = mine ? me : computer;
	const char *black = ui_board_stone(&ui->term, STONE_BLACK);
	bool coin = ui->opt->first == FIRST_COIN;

	if (ui->game.opening == OPENING_SWAP2)
		ui_say(&ui->term,
		       coin ? _("Coin flip: %s places the three opening stones "
				"(swap2).")
			    : _("%s places the three opening stones (swap2)."),
		       who);
	else
		ui_say(&ui->term,
		       coin ? _("Coin flip: %s moves first with black (%s).")
			    : _("%s moves first with black (%s)."),
		       who, black);
	return mine;
}

/* One game against the computer at `level`, recorded for `me`; then
 * whether to play another: *again. */
static enum ui_status one_computer_game(struct ui *ui, struct player *me,
					int level, const char *name,
					const char *computer, bool *again)
{
	bool first = person_first(ui, name, computer);
	int mine = first ? 0 : 1; /* my seat: seat 0 plays black */
	struct game g;
	enum ui_status st;

	if (game_init(&g, ui, &ui->game.variant, first ? name : computer,
		      first ? computer : name, true) != 0)
		return UI_USAGE;
	st = seat_computer(&g, 1 - mine, level);
	if (me != NULL) {
		g.seats.player_id[mine] = me->id;
		g.rec.kind = MATCH_COMPUTER;
	}
	g.end.again = _("Play another game?");
	if (st == UI_OK)
		st = game_play(&g);
	if (st == UI_OK)
		st = game_common_again(&g, again);
	game_free(&g);
	return st;
}

enum ui_status ui_matches_computer(struct ui *ui, struct player *me, int level)
{
	char computer[UI_NAME_MAX];
	const char *name = me != NULL ? me->nickname : _("Guest");
	enum ui_status st;
	bool again;

	words_computer(level, computer, sizeof(computer));
	ui_say(&ui->term,
	       me != NULL ? _("%s against the computer, level %d.")
			  : _("%s against the computer, level %d (not "
			      "recorded)."),
	       name, level);
	if (me != NULL && note_looser_options(ui, false) != UI_OK)
		return UI_FAILED;
	for (;;) {
		st = one_computer_game(ui, me, level, name, computer, &again);
		if (st != UI_OK || !again)
			return st;
	}
}

/* ==== Unfinished matches ================================================= */

/* What became of an offered unfinished match. */
enum offer {
	OFFER_NONE = 0, /* nothing to offer */
	OFFER_LATER,	/* left for later, or the opponent said no */
	OFFER_PLAYED,	/* played on (to its end, or until it waits) */
	OFFER_SETTLED	/* resigned, abandoned or claimed */
};

/* The choices of the offer's menu. */
enum {
	CHOICE_LATER = 0,
	CHOICE_RESUME,
	CHOICE_MOVE,
	CHOICE_RESIGN,
	CHOICE_ABANDON,
	CHOICE_CLAIM
};

/* An unfinished match, and who is there for it. */
struct pending {
	struct match_full f;
	struct game g;		    /* rebuilt from f */
	struct player *me;	    /* logged in */
	struct player *other;	    /* the opponent (NULL: the computer) */
	bool other_here;	    /* the opponent is logged in too */
	bool hotseat;		    /* the club allows ranked hot-seat */
	int my_seat;		    /* in g: 0 plays black (or opens swap2) */
	bool my_turn;		    /* I act next */
	char computer[UI_NAME_MAX]; /* the computer's name, which g's
				     * match points to */
};

/* See ui_matches.h. */
enum ui_status ui_matches_match(struct ui_term *term, struct match *m,
				const struct match_full *f, const char *black,
				const char *white)
{
	if (match_init(m, &f->game.variant, black, white) != 0 ||
	    match_set_opening(m, f->game.opening) != 0 ||
	    match_replay(m, f->moves, f->move_ms, f->nmoves) != 0 ||
	    match_restore_opening(m, f->opening_stones, f->colours_final) !=
		    0) {
		ui_error(term,
			 _("match %lld cannot be resumed: its moves do "
			   "not make a game"),
			 f->id);
		return UI_FAILED;
	}
	m->forbidden_loses = f->rules.forbidden_loses; /* the match's own */
	return UI_OK;
}

/* See ui_matches.h. */
enum ui_status ui_matches_rebuild(struct game *g, struct ui *ui,
				  const struct match_full *f, const char *black,
				  const char *white)
{
	enum ui_status st;

	/* game_init() fails only where ui_matches_match() fails too (f's
	 * variant makes no board), and that one says why: its answer is
	 * the one that counts. */
	(void)game_init(g, ui, &f->game.variant, black, white, false);
	st = ui_matches_match(&ui->term, &g->m, f, black, white);
	if (st != UI_OK)
		return st;
	g->rec.kind = f->kind;
	g->rec.casual = f->casual;
	g->rec.id = f->id;
	g->rec.saved = f->nmoves;
	g->rec.saved_stones = f->opening_stones;
	g->rec.saved_final = f->colours_final;
	g->timing.control = f->game.time;
	g->timing.deadline_ply =
		f->nmoves; /* its clock goes on where it stopped */
	g->timing.used_ms = f->clock_used_ms;
	g->seats.player_id[0] = f->black_id; /* resumed: seat 0 plays black */
	g->seats.player_id[1] = f->white_id;
	return UI_OK;
}

/* The id of me's opponent in f; 0 for the computer. */
static long long opponent_id(const struct match_full *f,
			     const struct player *me)
{
	return f->black_id == me->id ? f->white_id : f->black_id;
}

/* Rebuild p's game from p->f, seating me and the opponent. */
static enum ui_status pending_rebuild(struct ui *ui, struct pending *p)
{
	const char *other = p->other != NULL
				    ? p->other->nickname
				    : words_computer(p->f.ai_level, p->computer,
						     sizeof(p->computer));
	bool black = p->f.black_id == p->me->id;
	enum ui_status st;

	st = ui_matches_rebuild(&p->g, ui, &p->f,
				black ? p->me->nickname : other,
				black ? other : p->me->nickname);
	p->my_seat = black ? 0 : 1;
	p->my_turn = st == UI_OK && match_seat_to_act(&p->g.m) == p->my_seat;
	return st;
}

/* The opponent logs in to join p's match, unless already here. */
static enum ui_status fetch_opponent(struct ui *ui, struct pending *p)
{
	struct player *who;
	enum ui_status st;

	if (p->other_here)
		return UI_OK;
	ui_say(&ui->term, _("%s must log in to go on with the match."),
	       p->other->username);
	st = ui_account_login(ui, p->other->username, p->me, &who);
	if (st == UI_OK)
		p->other_here = true;
	return st;
}

/* Show both players' records after p's match was settled here. */
static void show_settled(struct ui *ui, struct pending *p, double rating_me,
			 double rating_other)
{
	if (store_reload_player(ui->club.store, ui->club.players, p->me->id) !=
		    STORE_OK ||
	    store_reload_player(ui->club.store, ui->club.players,
				p->other->id) != STORE_OK) {
		ui_store_failed(ui, _("cannot read the players"));
		return;
	}
	if (show_record(ui, p->me, rating_me) == UI_OK)
		show_record(ui, p->other, rating_other);
}

/* When the store aborted p's match as it ended (before both sides had
 * moved), say so and return true. */
static bool say_if_aborted(struct ui *ui, const struct pending *p)
{
	struct match_now now;
	char text[256];

	if (store_match_now(ui->club.store, p->f.id, &now) != STORE_OK ||
	    now.status != MATCH_STATUS_ABORTED)
		return false;
	game_common_match_aborted(p->f.id, text, sizeof(text));
	ui_say(&ui->term, "%s", text);
	return true;
}

/* My colour's loss, or (claim) win, in p's match, from black's side. */
static enum match_result my_result(const struct pending *p, bool i_win)
{
	return (p->my_seat == 0) == i_win ? RESULT_BLACK_WIN : RESULT_WHITE_WIN;
}

/* Resign p's match for me, after asking. */
static enum offer resign_pending(struct ui *ui, struct pending *p,
				 enum ui_status *st)
{
	double r_me = p->me->rec.rating, r_other = p->other->rec.rating;
	char question[256];
	bool yes = false;

	snprintf(question, sizeof(question),
		 _("%s, do you really want to resign match %lld?"),
		 p->me->nickname, p->f.id);
	*st = ui_yes_no(ui, question, &yes);
	if (*st != UI_OK || !yes)
		return OFFER_LATER;
	if (store_match_finish(ui->club.store, p->f.id, my_result(p, false),
			       REASON_RESIGN, store_now()) != STORE_OK) {
		*st = ui_store_failed(ui, _("cannot resign the match"));
		return OFFER_LATER;
	}
	if (say_if_aborted(ui, p))
		return OFFER_SETTLED;
	ui_say(&ui->term, _("%s resigned match %lld; %s wins."),
	       p->me->nickname, p->f.id, p->other->nickname);
	show_settled(ui, p, r_me, r_other);
	return OFFER_SETTLED;
}

/* Ask `who` whether p's match may count for nobody. */
static enum ui_status agree_abandon(struct ui *ui, const struct pending *p,
				    const struct player *who, bool *yes)
{
	char question[256];

	snprintf(question, sizeof(question),
		 _("%s, do you agree that match %lld counts for nobody?"),
		 who->nickname, p->f.id);
	return ui_yes_no(ui, question, yes);
}

/* Abandon p's match: both players logged in, and both agree. */
static enum offer abandon_pending(struct ui *ui, struct pending *p,
				  enum ui_status *st)
{
	bool mine = false, theirs = false;

	if (p->f.kind == MATCH_RANKED) {
		*st = fetch_opponent(ui, p);
		if (*st == UI_OK)
			*st = agree_abandon(ui, p, p->me, &mine);
		if (*st == UI_OK && mine)
			*st = agree_abandon(ui, p, p->other, &theirs);
		if (*st != UI_OK || !mine || !theirs) {
			if (*st == UI_OK)
				ui_say(&ui->term,
				       _("The match stays unfinished."));
			return OFFER_LATER;
		}
	}
	if (store_match_abandon(ui->club.store, p->f.id, store_now()) !=
	    STORE_OK) {
		*st = ui_store_failed(ui, _("cannot abandon the match"));
		return OFFER_LATER;
	}
	if (!say_if_aborted(ui, p))
		ui_say(&ui->term, _("The match was abandoned."));
	return OFFER_SETTLED;
}

/* Whether I may claim p's match now: I am alone, the opponent is to act,
 * and the match has waited its own claim wait, as the store counts it
 * for the opponent (match_full.claim_from_ms; the store decides
 * again). */
static bool claimable(const struct pending *p)
{
	int absent = p->other != NULL && p->other->id == p->f.white_id;

	return p->f.kind == MATCH_RANKED && !p->other_here && !p->my_turn &&
	       1000 * store_now() >= p->f.claim_from_ms[absent];
}

/* Claim p's match as a win: the opponent left it unfinished. */
static enum offer claim_pending(struct ui *ui, struct pending *p,
				enum ui_status *st)
{
	double r_me = p->me->rec.rating, r_other = p->other->rec.rating;

	if (store_match_claim(ui->club.store, p->f.id, my_result(p, true),
			      p->f.nmoves, store_now()) != STORE_OK) {
		*st = ui_store_failed(ui, _("cannot claim the match"));
		return OFFER_LATER;
	}
	if (say_if_aborted(ui, p))
		return OFFER_SETTLED;
	ui_say(&ui->term,
	       _("Match %lld is yours: %s left it (abandoned by %s)."), p->f.id,
	       p->other->nickname, p->my_seat == 0 ? _("white") : _("black"));
	show_settled(ui, p, r_me, r_other);
	return OFFER_SETTLED;
}

/* Play p's match on: with both players (the opponent logs in unless
 * here), or, with `alone`, my one move until the opponent must act. */
static enum offer play_pending(struct ui *ui, struct pending *p, bool alone,
			       enum ui_status *st)
{
	int comp = p->my_seat == 0 ? 1 : 0;
	bool again;

	*st = UI_OK;
	if (p->f.kind == MATCH_COMPUTER) {
		*st = seat_computer(&p->g, comp, p->f.ai_level);
		if (*st == UI_OK)
			*st = game_play(&p->g);
		return OFFER_PLAYED;
	}
	if (alone)
		p->g.seats.only_seat = p->my_seat;
	else
		*st = fetch_opponent(ui, p);
	/* both here: the move to play gets back what it had left */
	if (*st == UI_OK && !alone &&
	    store_match_resume(ui->club.store, p->f.id, store_now()) !=
		    STORE_OK)
		*st = ui_store_failed(ui, _("cannot save the clock"));
	if (*st == UI_OK)
		*st = ranked(&p->g, &again);
	if (*st == UI_OK && again)
		*st = ranked_series(
			ui, played(&p->g, STONE_WHITE, p->me, p->other),
			played(&p->g, STONE_BLACK, p->me, p->other));
	return OFFER_PLAYED;
}

/* Describe p's match to me: who plays what, and whose turn it is. */
static void describe_unfinished(struct ui *ui, const struct pending *p)
{
	const struct match_full *f = &p->f;
	char date[UI_NAME_MAX];

	ui_break(&ui->term);
	ui_say(&ui->term,
	       ngettext("You have an unfinished match (number %lld, started "
			"%s): %d move, you play %s against %s.",
			"You have an unfinished match (number %lld, started "
			"%s): %d moves, you play %s against %s.",
			(unsigned long)f->nmoves),
	       f->id, ui_time(f->started_at, true, date), f->nmoves,
	       p->my_seat == 0 ? _("black") : _("white"),
	       p->g.m.seat_name[1 - p->my_seat]);
	ui_time(f->turn_started_ms / 1000, true, date);
	if (f->kind != MATCH_RANKED)
		return;
	if (p->my_turn)
		ui_say(&ui->term, _("It is your turn; it last moved on %s."),
		       date);
	else
		ui_say(&ui->term, _("It is %s's turn; it last moved on %s."),
		       p->g.m.seat_name[1 - p->my_seat], date);
	if (!p->my_turn && ui->opt->claim_after_days >= 0 &&
	    ui->opt->claim_after_days < f->rules.claim_after_days)
		ui_say(&ui->term,
		       ngettext("This match can be claimed %d day after its "
				"turn began, the rule it started with: "
				"--claim-after cannot shorten it.",
				"This match can be claimed %d days after its "
				"turn began, the rule it started with: "
				"--claim-after cannot shorten it.",
				(unsigned long)f->rules.claim_after_days),
		       f->rules.claim_after_days);
	if (!p->other_here && !p->hotseat)
		ui_say(&ui->term,
		       _("Ranked hot-seat is off in this club, so your "
			 "opponent cannot log in here to play it on: "
			 "play it from your own terminals."));
}

/* Fill the offer's menu for p: labels[] and keys[] (room for 6), the
 * claim's label in claim[cap]. Return how many choices. */
static int offer_menu(const struct pending *p, const char *labels[], int keys[],
		      char *claim, size_t cap)
{
	bool ranked_match = p->f.kind == MATCH_RANKED;
	/* the opponent would log in here: hot-seat */
	bool login_here = ranked_match && !p->other_here;
	int n = 0;

	if (!login_here || p->hotseat) {
		keys[n] = CHOICE_RESUME;
		labels[n++] = !login_here
				      ? _("Resume it")
				      : _("Resume it (your opponent logs in)");
	}
	if (ranked_match && !p->other_here && p->my_turn) {
		keys[n] = CHOICE_MOVE;
		labels[n++] = _("Play your move now; the match then waits for "
				"your opponent");
	}
	if (ranked_match) {
		keys[n] = CHOICE_RESIGN;
		/* the store's rule: aborted before both sides have moved */
		labels[n++] =
			p->f.nmoves < 2 || !p->f.colours_final
				? _("Resign it (too early to be rated: it is "
				    "aborted)")
				: _("Resign it (it counts as your loss)");
	}
	if (!login_here || p->hotseat) {
		keys[n] = CHOICE_ABANDON;
		labels[n++] =
			!ranked_match ? _("Abandon it (it counts for nobody)")
			: p->other_here
				? _("Abandon it: it counts for nobody (both "
				    "agree)")
				: _("Abandon it: it counts for nobody (your "
				    "opponent logs in and agrees)");
	}
	if (claimable(p)) {
		snprintf(claim, cap,
			 ngettext("Claim the win: your opponent has left it "
				  "for %d day or more",
				  "Claim the win: your opponent has left it "
				  "for %d days or more",
				  (unsigned long)p->f.rules.claim_after_days),
			 p->f.rules.claim_after_days);
		keys[n] = CHOICE_CLAIM;
		labels[n++] = claim;
	}
	keys[n] = CHOICE_LATER;
	labels[n++] = _("Not now");
	return n;
}

/* Do `choice` (a CHOICE_) for p's match. */
static enum offer act_pending(struct ui *ui, struct pending *p, int choice,
			      enum ui_status *st)
{
	switch (choice) {
	case CHOICE_RESUME:
		return play_pending(ui, p, false, st);
	case CHOICE_MOVE:
		return play_pending(ui, p, true, st);
	case CHOICE_RESIGN:
		return resign_pending(ui, p, st);
	case CHOICE_ABANDON:
		return abandon_pending(ui, p, st);
	case CHOICE_CLAIM:
		return claim_pending(ui, p, st);
	}
	return OFFER_LATER;
}

/* Whether `choice` writes p's ranked match in my name alone, from a
 * terminal the opponent is not at: a move, a resignation, a claim. */
static bool alone_write(const struct pending *p, int choice)
{
	return p->f.kind == MATCH_RANKED && !p->other_here &&
	       (choice == CHOICE_MOVE || choice == CHOICE_RESIGN ||
		choice == CHOICE_CLAIM);
}

/* Do `choice` from my seat in p's match, taken for it (one seat, one
 * process: a session playing it elsewhere is asked to be taken over,
 * never written beside) and left after. */
static enum offer seated(struct ui *ui, struct pending *p, int choice,
			 enum ui_status *st)
{
	enum offer done;
	bool taken = false;

	*st = game_common_take_seat(ui, p->me, p->f.id, &taken);
	if (*st != UI_OK || !taken)
		return OFFER_LATER;
	done = act_pending(ui, p, choice, st);
	(void)store_seat_release(ui->club.store, store_now_ms());
	return done;
}

/* Offer p's match and do what the player chooses. */
static enum offer offer_pending(struct ui *ui, struct pending *p,
				enum ui_status *st)
{
	const char *labels[6];
	char claim[256];
	int keys[6], n, choice;

	describe_unfinished(ui, p);
	n = offer_menu(p, labels, keys, claim, sizeof(claim));
	*st = ui_menu(ui, _("What would you like to do?"), labels, keys, n,
		      &choice);
	if (*st != UI_OK)
		return OFFER_LATER;
	if (alone_write(p, choice))
		return seated(ui, p, choice, st);
	return act_pending(ui, p, choice, st);
}

/* Offer me's unfinished match `id` (0: the newest, against `opponent`
 * only when not NULL). */
static enum offer offer_unfinished(struct ui *ui, struct player *me,
				   struct player *opponent, long long id,
				   enum ui_status *st)
{
	struct club_settings club;
	struct pending p;
	enum store_status ss = STORE_OK;
	enum offer done;

	*st = UI_OK;
	memset(&p, 0, sizeof(p));
	if (id == 0)
		ss = opponent != NULL
			     ? store_match_unfinished_between(ui->club.store,
							      me->id,
							      opponent->id, &id)
			     : store_match_unfinished(ui->club.store, me->id,
						      &id);
	if (ss == STORE_NOT_FOUND)
		return OFFER_NONE;
	if (ss != STORE_OK ||
	    store_match_load(ui->club.store, id, &p.f) != STORE_OK) {
		*st = ui_store_failed(ui,
				      _("cannot read the unfinished match"));
		return OFFER_NONE;
	}
	if (p.f.status != MATCH_STATUS_UNFINISHED) { /* ended meanwhile */
		ui_say(&ui->term, _("Match %lld has ended meanwhile."), id);
		return OFFER_NONE;
	}
	p.me = me;
	p.other_here = opponent != NULL;
	if (read_club(ui, &club) != UI_OK) {
		*st = UI_FAILED;
		return OFFER_NONE;
	}
	p.hotseat = club.ranked_hotseat || p.f.kind != MATCH_RANKED;
	if (p.f.kind == MATCH_RANKED) {
		p.other = ui_player(ui, opponent_id(&p.f, me));
		if (p.other == NULL) {
			*st = ui_store_failed(ui,
					      _("cannot find the opponent"));
			return OFFER_NONE;
		}
	}
	*st = pending_rebuild(ui, &p);
	done = *st == UI_OK ? offer_pending(ui, &p, st) : OFFER_NONE;
	if (opponent == NULL && p.other_here) /* logged in for this match */
		*st = ui_account_leave(&ui->club, p.other, *st);
	game_free(&p.g);
	return done;
}

enum ui_status ui_matches_offer_resume(struct ui *ui, struct player *me,
				       struct player *opponent, bool *played)
{
	enum ui_status st;

	*played = offer_unfinished(ui, me, opponent, 0, &st) == OFFER_PLAYED;
	return st;
}

enum ui_status ui_matches_ranked(struct ui *ui, struct player *a,
				 struct player *b)
{
	enum ui_status st;
	enum offer done = offer_unfinished(ui, a, b, 0, &st);

	if (st != UI_OK || done == OFFER_LATER || done == OFFER_PLAYED)
		return st;
	return new_ranked(ui, a, b);
}

/* ==== The player's unfinished matches ===================================== */

/* A list of unfinished matches being shown: their ids, by number. */
struct unfinished_list {
	struct ui *ui;
	long long *id;
	int n;
};

/* store_unfinished()'s row(): r's line, numbered, "  1  Match 16 with
 * carol, gomoku, 12 moves: your turn". */
static int unfinished_row(void *ctx, const struct history_row *r)
{
	struct unfinished_list *l = ctx;
	char who[UI_NAME_MAX], clean[UI_CLEAN_MAX], turn[UI_NAME_MAX + 64];

	if (r->opponent != NULL)
		ui_clean(r->opponent, who, sizeof(who));
	else
		words_computer(r->ai_level, who, sizeof(who));
	if (r->my_turn)
		snprintf(turn, sizeof(turn), "%s", _("your turn"));
	else
		snprintf(turn, sizeof(turn), _("%s's turn"), who);
	ui_clean(words_variant(r->game.variant.name), clean, sizeof(clean));
	fprintf(l->ui->term.out,
		ngettext("  %d  Match %lld with %s, %s, %d move: %s\n",
			 "  %d  Match %lld with %s, %s, %d moves: %s\n",
			 (unsigned long)r->nmoves),
		l->n + 1, r->id, who, clean, r->nmoves, turn);
	if (l->id != NULL)
		l->id[l->n] = r->id;
	l->n++;
	return 0;
}

enum ui_status ui_matches_list_unfinished(struct ui *ui,
					  const struct player *me,
					  long long id[UI_UNFINISHED_SHOWN],
					  int *n)
{
	struct unfinished_list l = {ui, id, 0};

	*n = 0;
	if (store_unfinished(ui->club.store, me->id, UI_UNFINISHED_SHOWN,
			     unfinished_row, &l) != STORE_OK)
		return ui_store_failed(
			ui, _("cannot list your unfinished matches"));
	*n = l.n;
	return UI_OK;
}

/* store_unfinished()'s row() that counts, printing nothing. */
static int count_row(void *ctx, const struct history_row *r)
{
	(void)r;
	(*(int *)ctx)++;
	return 0;
}

int ui_matches_unfinished_count(struct ui_club *club, const struct player *me)
{
	int n = 0;

	if (store_unfinished(club->store, me->id, UI_UNFINISHED_SHOWN,
			     count_row, &n) != STORE_OK)
		return 0;
	return n;
}

enum ui_status ui_matches_offer_match(struct ui *ui, struct player *me,
				      long long id, bool *played)
{
	enum ui_status st;

	*played = offer_unfinished(ui, me, NULL, id, &st) == OFFER_PLAYED;
	return st;
}
