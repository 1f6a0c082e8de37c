/* ui_matches.c -- which games are played, and by whom: ranked matches
 * between two accounts, games against the computer (recorded for a
 * logged-in player), and resuming or abandoning an unfinished match.
 * The games themselves, and their records, are ui_game.c's. */
#include <string.h>
#include <time.h>

#include "store.h"
#include "ui_game.h"
#include "ui_internal.h"

/* Print a player's new record after a ranked match: counters, rating
 * change and rank by score. */
static void show_record(struct ui *ui, const struct player *p,
			double old_rating)
{
	const struct player_record *r = &p->rec;
	int rank = plist_rank(ui->players, p, PLIST_BY_SCORE);

	fputs("  ", ui->out);
	ui_put_clean(ui, p->nickname);
	fprintf(ui->out,
		_(": %d won, %d lost, %d tied; score %d; rating %.0f (%+.0f); "
		  "rank %d\n"),
		r->wins, r->losses, r->ties, r->score, r->rating,
		r->rating - old_rating, rank);
}

/* Play a ranked match in g between a and b and show their new records. */
static enum ui_status ranked(struct game *g, struct player *a, struct player *b)
{
	double rating_a = a->rec.rating, rating_b = b->rec.rating;
	enum ui_status st = game_play(g);

	if (st == UI_OK)
		st = ui_refresh_club(g->ui); /* ranks among today's club */
	if (st != UI_OK)
		return st;
	show_record(g->ui, a, rating_a);
	show_record(g->ui, b, rating_b);
	return UI_OK;
}

enum ui_status ui_game_ranked(struct ui *ui, struct player *a, struct player *b)
{
	struct game g;
	bool a_black;

	if (ui_refresh_club(ui) != UI_OK)
		return UI_FAILED;
	ui_say(ui, _("Ranked match: %s against %s."), a->nickname, b->nickname);
	a_black = game_coin_flip(ui, a->nickname, b->nickname);
	if (game_init(&g, ui, &ui->variant, a_black ? a->nickname : b->nickname,
		      a_black ? b->nickname : a->nickname, true) != 0)
		return UI_USAGE;
	g.player_id[0] = a_black ? a->id : b->id;
	g.player_id[1] = a_black ? b->id : a->id;
	g.record_kind = MATCH_RANKED;
	return ranked(&g, a, b);
}

/* ==== Against the computer ============================================== */

/* Give seat s of g to the computer at `level`. */
static enum ui_status seat_computer(struct game *g, int s, int level)
{
	struct ai_config cfg;

	ai_config_default(&cfg, level);
	cfg.seed = rng_next(&g->ui->rng);
	g->ai[s] = ai_create(&cfg);
	g->level[s] = cfg.level;
	if (g->ai[s] == NULL) {
		ui_error(g->ui, _("out of memory"));
		return UI_FAILED;
	}
	return UI_OK;
}

/* Whether the person moves first: --first, else a coin flip. */
static bool person_first(struct ui *ui, const char *me, const char *computer)
{
	bool mine = ui->first == FIRST_ME;

	if (ui->first == FIRST_COIN)
		mine = rng_below(&ui->rng, 2) == 0;
	if (ui->opening == OPENING_SWAP2)
		ui_say(ui, _("%s%s places the three opening stones (swap2)."),
		       ui->first == FIRST_COIN ? _("Coin flip: ") : "",
		       mine ? me : computer);
	else
		ui_say(ui, _("%s%s moves first with black (%s)."),
		       ui->first == FIRST_COIN ? _("Coin flip: ") : "",
		       mine ? me : computer, ui_stone(ui, STONE_BLACK));
	return mine;
}

/* One game against the computer at `level`; recorded for `me`. */
static enum ui_status one_computer_game(struct ui *ui, struct player *me,
					int level, const char *name,
					const char *computer)
{
	bool first = person_first(ui, name, computer);
	int mine = first ? 0 : 1; /* my seat: seat 0 plays black */
	struct game g;
	enum ui_status st;

	if (game_init(&g, ui, &ui->variant, first ? name : computer,
		      first ? computer : name, true) != 0)
		return UI_USAGE;
	g.time_per_move = 0;
	st = seat_computer(&g, 1 - mine, level);
	if (me != NULL) {
		g.player_id[mine] = me->id;
		g.record_kind = MATCH_COMPUTER;
	}
	if (st == UI_OK)
		st = game_play(&g);
	game_free(&g);
	return st;
}

enum ui_status ui_game_computer(struct ui *ui, struct player *me, int level)
{
	char computer[UI_NAME_MAX];
	const char *name = me != NULL ? me->nickname : _("Guest");
	enum ui_status st;
	bool again;

	ui_computer_name(level, computer);
	ui_say(ui, _("%s against the computer, level %d%s."), name, level,
	       me != NULL ? "" : _(" (not recorded)"));
	for (;;) {
		st = one_computer_game(ui, me, level, name, computer);
		if (st != UI_OK)
			return st;
		st = ui_yes_no(ui, _("Play another game?"), &again);
		if (st != UI_OK || !again)
			return st;
	}
}

/* ==== Unfinished matches ================================================= */

/* Rebuild the game of an unfinished match from its record. */
static enum ui_status rebuild(struct game *g, struct ui *ui,
			      const struct match_full *f, const char *black,
			      const char *white)
{
	struct variant v = {f->variant, f->rows, f->cols, f->k, f->rule};

	if (game_init(g, ui, &v, black, white, false) != 0 ||
	    match_replay(&g->m, f->moves, f->move_ms, f->nmoves) != 0) {
		ui_error(ui,
			 _("match %lld cannot be resumed: its moves do "
			   "not make a game"),
			 f->id);
		return UI_FAILED;
	}
	g->record_kind = f->kind;
	g->match_id = f->id;
	g->saved = f->nmoves;
	g->time_per_move = f->time_per_move;
	g->player_id[0] = f->black_id; /* resumed: seat 0 plays black */
	g->player_id[1] = f->white_id;
	return UI_OK;
}

/* The id of me's opponent in f; 0 for the computer. */
static long long opponent_id(const struct match_full *f,
			     const struct player *me)
{
	return f->black_id == me->id ? f->white_id : f->black_id;
}

/* Resume ranked match f of `me`: the opponent logs in again unless
 * already logged in (`present`). */
static enum ui_status resume_ranked(struct ui *ui, struct player *me,
				    struct player *present,
				    const struct match_full *f)
{
	struct player *other = plist_find_id(ui->players, opponent_id(f, me));
	struct player *who;
	struct game g;
	enum ui_status st;

	if (other == NULL)
		return ui_store_failed(ui, _("cannot find the opponent"));
	if (present != other) {
		ui_say(ui, _("%s must log in to go on with the match."),
		       other->username);
		st = ui_login(ui, other->username, me, &who);
		if (st != UI_OK)
			return st;
	}
	st = rebuild(&g, ui, f,
		     f->black_id == me->id ? me->nickname : other->nickname,
		     f->black_id == me->id ? other->nickname : me->nickname);
	return st == UI_OK ? ranked(&g, me, other) : st;
}

/* Resume computer game f of `me`. */
static enum ui_status resume_computer(struct ui *ui, struct player *me,
				      const struct match_full *f)
{
	int comp = f->black_id == me->id ? 1 : 0; /* the computer's seat */
	char computer[UI_NAME_MAX];
	struct game g;
	enum ui_status st;

	ui_computer_name(f->ai_level, computer);
	st = rebuild(&g, ui, f, comp == 0 ? computer : me->nickname,
		     comp == 0 ? me->nickname : computer);
	if (st == UI_OK)
		st = seat_computer(&g, comp, f->ai_level);
	if (st == UI_OK)
		st = game_play(&g);
	game_free(&g);
	return st;
}

/* Describe unfinished match f to `me`. */
static void describe_unfinished(struct ui *ui, const struct player *me,
				const struct match_full *f)
{
	const char *other =
		f->black_id == me->id ? f->white_name : f->black_name;
	char date[UI_NAME_MAX], computer[UI_NAME_MAX];

	if (f->kind == MATCH_COMPUTER)
		other = ui_computer_name(f->ai_level, computer);
	fputc('\n', ui->out);
	ui_say(ui,
	       ngettext("You have an unfinished match (number %lld, started "
			"%s): %d move, you play %s against %s.",
			"You have an unfinished match (number %lld, started "
			"%s): %d moves, you play %s against %s.",
			(unsigned long)f->nmoves),
	       f->id, ui_time(f->started_at, true, date), f->nmoves,
	       f->black_id == me->id ? _("black") : _("white"), other);
}

enum ui_status ui_offer_resume(struct ui *ui, struct player *me,
			       struct player *opponent, bool *played)
{
	const char *labels[] = {_("Resume it"),
				_("Abandon it (it counts "
				  "for nobody)"),
				_("Not now")};
	static const int keys[] = {1, 2, 0};
	struct match_full f;
	long long id;
	enum store_status ss = store_match_unfinished(ui->store, me->id, &id);
	enum ui_status st;
	int choice;

	*played = false;
	if (ss == STORE_NOT_FOUND)
		return UI_OK;
	if (ss != STORE_OK || store_match_load(ui->store, id, &f) != STORE_OK)
		return ui_store_failed(ui,
				       _("cannot read the unfinished match"));
	if (opponent != NULL && opponent->id != opponent_id(&f, me))
		return UI_OK; /* another match: it waits for its players */
	describe_unfinished(ui, me, &f);
	st = ui_menu(ui, _("What would you like to do?"), labels, keys, 3,
		     &choice);
	if (st != UI_OK || choice == 0)
		return st;
	if (choice == 2) {
		if (store_match_abandon(ui->store, id, (long long)time(NULL)) !=
		    STORE_OK)
			return ui_store_failed(ui,
					       _("cannot abandon the match"));
		ui_say(ui, _("The match was abandoned."));
		return UI_OK;
	}
	*played = true;
	return f.kind == MATCH_RANKED ? resume_ranked(ui, me, opponent, &f)
				      : resume_computer(ui, me, &f);
}
