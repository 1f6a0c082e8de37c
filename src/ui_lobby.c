/* ui_lobby.c -- "Find a game": the open seeks of the club, followed as
 * they come and go, one taken by its number, or a seek of one's own
 * posted and waited for. The store decides who plays whom
 * (store_seek.c); a taken seek's match is played from the two
 * terminals as an accepted challenge's (ui_remote_play())
 * (docs/ARCHITECTURE.md, "The lobby"). */
#include <string.h>
#include <time.h>

#include "number.h"
#include "store_live.h"
#include "ui_internal.h"
#include "ui_lobby.h"
#include "ui_page.h"
#include "ui_remote.h"

#define LOBBY_MAX    9 /* seeks shown, the oldest first */
#define LOBBY_KEEP_S 5 /* how often a waiting poster's seek is kept fresh */

/* The lobby of `me`: the seeks last listed. */
struct lobby {
	struct ui *ui;
	struct player *me;
	struct seek seeks[LOBBY_MAX];
	int n;
};

/* store_seek_list() callback: keep the others' seeks, LOBBY_MAX at most. */
static int keep_seek(void *ctx, const struct seek *k)
{
	struct lobby *l = ctx;

	if (k->player_id != l->me->id)
		l->seeks[l->n++] = *k;
	return l->n == LOBBY_MAX;
}

/* Seek k's proposal in words, as a challenge's is shown, into buf. */
static const char *seek_words(struct ui *ui, const struct seek *k, char *buf,
			      size_t cap)
{
	return ui_choose_words(
		ui, &k->game, k->rated ? CHOICE_SEEK : CHOICE_CASUAL, buf, cap);
}

/* Read the open seeks into l. Return UI_OK, or UI_FAILED after saying
 * why. */
static enum ui_status load(struct lobby *l)
{
	l->n = 0;
	if (store_seek_list(l->ui->club.store, (long long)time(NULL), keep_seek,
			    l) != STORE_OK)
		return ui_store_failed(l->ui, _("cannot read the open seeks"));
	return UI_OK;
}

/* Whether the seeks listed now differ from those of `before`. */
static bool changed(const struct lobby *l, const struct lobby *before)
{
	int i;

	if (l->n != before->n)
		return true;
	for (i = 0; i < l->n; i++)
		if (l->seeks[i].id != before->seeks[i].id)
			return true;
	return false;
}

/* Show the seeks of l, numbered. */
static void show(struct lobby *l)
{
	char game[512], name[UI_CLEAN_MAX];
	int i;

	if (l->n == 0)
		ui_say(&l->ui->term, _("No open seeks now."));
	else
		ui_say(&l->ui->term, _("Open seeks:"));
	for (i = 0; i < l->n; i++)
		ui_say(&l->ui->term, "  %d  %s %.0f  %s", i + 1,
		       ui_clean(l->seeks[i].nickname, name, sizeof(name)),
		       l->seeks[i].rating,
		       seek_words(l->ui, &l->seeks[i], game, sizeof(game)));
	ui_say(&l->ui->term, _("New seeks show here as they come."));
}

/* ui_read_watched() callback: read the seeks again, and show them when
 * they changed (*said). */
static enum ui_status moved(void *ctx, bool *said)
{
	struct lobby *l = ctx, before = *l;
	enum ui_status st = load(l);

	if (st == UI_OK && changed(l, &before)) {
		show(l);
		*said = true;
	}
	return st;
}

/* ==== Taking a seek ========================================================
 */

/* Take seek number n of l (1-based) and play its match. */
static enum ui_status take(struct lobby *l, int n)
{
	const struct seek *k = &l->seeks[n - 1];
	enum seek_refusal why = SEEK_TAKEN_OK;
	enum store_status ss;
	long long mid = 0;

	ss = store_seek_take(l->ui->club.store, k->id, l->me->id,
			     (long long)time(NULL), &mid, &why);
	if (ss == STORE_OK)
		return ui_remote_play(l->ui, l->me, mid);
	if (ss == STORE_EXISTS && why == SEEK_OUT_OF_RANGE)
		ui_say(&l->ui->term,
		       _("Your rating is outside the range that seek asks for "
			 "(%d to %d)."),
		       k->min_rating, k->max_rating);
	else if (ss == STORE_EXISTS || ss == STORE_NOT_FOUND)
		ui_say(&l->ui->term, _("That seek is no longer open."));
	else
		return ui_store_failed(l->ui, _("cannot take the seek"));
	return UI_OK;
}

/* ==== Posting a seek and waiting ===========================================
 */

/* Ask whether the seek is rated: *rated. */
static enum ui_status ask_rated(struct ui *ui, bool *rated)
{
	const char *labels[] = {
		_("Rated"), _("Casual (not rated, for practice)"), _("Back")};
	static const int keys[] = {1, 2, 0};
	enum ui_status st;
	int choice;

	st = ui_menu_step(ui, _("A rated game or a casual one?"), labels, keys,
			  3, &choice);
	if (st == UI_OK && choice == 0)
		return UI_REFUSED;
	*rated = choice == 1;
	return st;
}

/* Ask the rating range of the opponents `me` seeks: into k. */
static enum ui_status ask_range(struct ui *ui, const struct player *me,
				struct seek *k)
{
	const char *labels[] = {_("Any rating"), _("Within 100 of mine"),
				_("Within 200 of mine"),
				_("Within 400 of mine"), _("Back")};
	static const int keys[] = {1, 2, 3, 4, 0};
	static const int within[] = {0, 0, 100, 200, 400};
	double mine = me->rec.rating;
	enum ui_status st;
	int choice;

	st = ui_menu_step(ui, _("Opponents' rating"), labels, keys, 5, &choice);
	if (st == UI_OK && choice == 0)
		return UI_REFUSED;
	k->min_rating = 0;
	k->max_rating = STORE_SEEK_ANY_RATING;
	if (st == UI_OK && choice > 1) {
		k->min_rating =
			mine > within[choice] ? (int)mine - within[choice] : 0;
		k->max_rating = (int)mine + within[choice];
	}
	return st;
}

/* The seek of `me` for the game chosen (ui->game). */
static struct seek new_seek(const struct ui *ui, const struct player *me,
			    bool rated)
{
	struct seek k = {
		.player_id = me->id,
		.game = ui->game,
		.rated = rated,
	};

	return k;
}

/* Wait for seek `id` of l's player to be taken (*mid its match) or
 * left (a line typed, end of input, a signal: it is withdrawn, *mid 0,
 * unless it was taken first). The seek is kept fresh every
 * LOBBY_KEEP_S seconds, a write; between, it is read again only when
 * another process has committed something. A seek taken as its poster
 * leaves with end of input or a signal is not played: the taker's
 * process finds the match abandoned before a move (aborted). */
static enum ui_status await_taker(struct lobby *l, long long id, long long *mid)
{
	struct store *store = l->ui->club.store;
	char buf[TERM_LINE_MAX + 1];
	long long version = 0, kept = 0;
	struct seek k = {.state = SEEK_OPEN};
	enum ui_status st = UI_OK;
	int ready;

	*mid = 0;
	for (;;) {
		long long now = (long long)time(NULL);
		enum store_status ss = STORE_OK;
		bool moved = ui_store_moved(&l->ui->club, &version);

		if (now - kept >= LOBBY_KEEP_S) {
			ss = store_seek_refresh(store, id, now, &k);
			kept = now;
		} else if (moved) {
			ss = store_seek_get(store, id, &k);
		}
		if (ss != STORE_OK)
			return ui_store_failed(l->ui, NULL);
		if (k.state == SEEK_TAKEN) {
			*mid = k.match_id;
			return UI_OK;
		}
		fflush(l->ui->term.out); /* what was said, before waiting */
		ready = ui_wait(l->ui, l->ui->term.in, 0);
		if (ready != 0)
			break;
	}
	if (ready < 0)
		st = UI_INTERRUPTED;
	else
		st = ui_read_word(l->ui, "", buf);
	if (store_seek_withdraw(store, id, mid) != STORE_OK)
		return ui_store_failed(l->ui, NULL);
	if (st != UI_OK && st != UI_REFUSED) {
		*mid = 0; /* leaving the program: not played */
		return st;
	}
	if (*mid != 0) /* taken before it was withdrawn: played */
		return UI_OK;
	ui_say(&l->ui->term, _("Seek withdrawn."));
	return UI_OK;
}

/* Post a seek of l's player, chosen step by step, and wait for it to be
 * taken; play its match. */
static enum ui_status post(struct lobby *l)
{
	char game[512];
	long long id = 0, mid = 0;
	enum ui_status st;
	bool rated = true;
	struct seek k;

	st = ask_rated(l->ui, &rated);
	if (st == UI_OK)
		st = ui_choose_game(l->ui, l->me,
				    rated ? CHOICE_SEEK : CHOICE_CASUAL);
	if (st != UI_OK)
		return st == UI_REFUSED ? UI_OK : st;
	k = new_seek(l->ui, l->me, rated);
	st = ask_range(l->ui, l->me, &k);
	if (st != UI_OK)
		return st == UI_REFUSED ? UI_OK : st;
	if (store_seek_post(l->ui->club.store, &k, (long long)time(NULL), &id,
			    &mid) != STORE_OK)
		return ui_store_failed(l->ui, _("cannot post the seek"));
	if (mid == 0) {
		ui_page_title(&l->ui->term, _("Find a game"));
		ui_say(&l->ui->term,
		       _("Seek posted: %s. Waiting for an opponent (press "
			 "Enter to withdraw it)..."),
		       seek_words(l->ui, &k, game, sizeof(game)));
		st = await_taker(l, id, &mid);
	} else {
		ui_say(&l->ui->term,
		       _("A seek of the same game was open: paired."));
	}
	if (st != UI_OK || mid == 0)
		return st;
	return ui_remote_play(l->ui, l->me, mid);
}

/* ==== The lobby ============================================================
 */

enum ui_status ui_lobby(struct ui *ui, struct player *me)
{
	struct lobby l = {ui, me, {{0}}, 0};
	char buf[TERM_LINE_MAX + 1];
	unsigned long long n;
	enum ui_status st;

	if (!ui_page_active(&ui->term)) /* the page is titled with it */
		ui_say(&ui->term, _("Find a game"));
	for (;;) {
		st = load(&l);
		if (st != UI_OK)
			return st;
		show(&l);
		st = ui_read_watched(ui,
				     _("A seek's number to play it, p to post "
				       "your own, Enter to go back: "),
				     buf, moved, &l);
		if (st != UI_OK || ui_left(buf) || strcmp(buf, "0") == 0)
			return st == UI_REFUSED ? UI_OK : st;
		if (strcmp(buf, "p") == 0)
			st = post(&l);
		else if (number_parse(buf, 1, (unsigned long long)l.n, &n) == 0)
			st = take(&l, (int)n);
		else if (buf[0] != '\0')
			ui_say(&ui->term,
			       _("Type a seek's number, p, or Enter to go "
				 "back."));
		if (st != UI_OK)
			return st == UI_REFUSED ? UI_OK : st;
	}
}
