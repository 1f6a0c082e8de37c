/* ui_lobby.c -- "Find a game": the open seeks of the club, followed as
 * they come and go, one taken by its number, or a seek of one's own
 * posted and waited for. The store decides who plays whom
 * (store_seek.c); a taken seek's match is played from the two
 * terminals as an accepted challenge's (ui_remote_play())
 * (docs/ARCHITECTURE.md, "The lobby"). */
#include <string.h>

#include "number.h"
#include "rating.h"
#include "store.h"
#include "store_live.h"
#include "ui_internal.h"
#include "ui_lobby.h"
#include "ui_page.h"
#include "ui_remote.h"
#include "words.h"

#define LOBBY_PAGE   9 /* seeks shown a page */
#define LOBBY_KEEP_S 5 /* how often a waiting poster's seek is kept fresh */

/* The lobby of `me`: the filters and page chosen, the seeks last
 * listed. */
struct lobby {
	struct ui *ui;
	struct player *me;
	struct seek_filter filter; /* its offset: the page */
	int variant;		   /* the filter's: a preset's index, or -1 */
	struct seek seeks[LOBBY_PAGE];
	int n, total; /* listed, and let through in all */
};

/* store_seek_list() callback: keep the page's seeks. */
static int keep_seek(void *ctx, const struct seek *k)
{
	struct lobby *l = ctx;

	l->seeks[l->n++] = *k;
	return l->n == LOBBY_PAGE;
}

/* Seek k's proposal in words, as a challenge's is shown, into buf. */
static const char *seek_words(struct ui *ui, const struct seek *k, char *buf,
			      size_t cap)
{
	return ui_choose_words(
		ui, &k->game, k->rated ? CHOICE_SEEK : CHOICE_CASUAL, buf, cap);
}

/* Whether seek k takes any rating. */
static bool any_rating(const struct seek *k)
{
	return k->min_rating == 0 && k->max_rating >= STORE_SEEK_ANY_RATING;
}

/* Read the page of open seeks into l (the last page when it went past
 * the end). Return UI_OK, or UI_FAILED after saying why. */
static enum ui_status load(struct lobby *l)
{
	for (;;) {
		l->n = 0;
		l->filter.limit = LOBBY_PAGE;
		if (store_seek_list(l->ui->club.store, store_now(), &l->filter,
				    keep_seek, l, &l->total) != STORE_OK)
			return ui_store_failed(l->ui,
					       _("cannot read the open seeks"));
		if (l->n > 0 || l->filter.offset == 0)
			return UI_OK;
		l->filter.offset =
			l->total > 0 ? (l->total - 1) / LOBBY_PAGE * LOBBY_PAGE
				     : 0;
	}
}

/* Whether the seeks listed now differ from those of `before`. */
static bool changed(const struct lobby *l, const struct lobby *before)
{
	int i;

	if (l->n != before->n || l->total != before->total)
		return true;
	for (i = 0; i < l->n; i++)
		if (l->seeks[i].id != before->seeks[i].id ||
		    l->seeks[i].takeable != before->seeks[i].takeable)
			return true;
	return false;
}

/* The filters of l in words ("Renju, casual only"), into buf; "" for
 * none. */
static const char *filter_words(const struct lobby *l, char *buf, size_t cap)
{
	const char *clock[] = {"", _("no clock"), _("a time per move"),
			       _("a game clock")};
	const char *rated[] = {"", _("rated only"), _("casual only")};
	const char *part[3] = {l->filter.variant != NULL
				       ? words_variant(l->filter.variant)
				       : "",
			       clock[l->filter.clock], rated[l->filter.rated]};
	size_t at = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < 3; i++)
		if (part[i][0] != '\0' && at < cap)
			at += (size_t)snprintf(buf + at, cap - at, "%s%s",
					       at > 0 ? ", " : "", part[i]);
	return buf;
}

/* Show the seeks of l, numbered from the page's first, with the pages
 * and filters said. */
static void show(struct lobby *l)
{
	char game[512], name[UI_CLEAN_MAX], filter[256], head[512];
	int i, first = l->filter.offset + 1;
	bool more = first - 1 + l->n<l->total, less = first> 1;

	filter_words(l, filter, sizeof(filter));
	if (l->total == 0 && filter[0] != '\0')
		ui_say(&l->ui->term, _("No open seeks match: %s."), filter);
	else if (l->total == 0)
		ui_say(&l->ui->term, _("No open seeks now."));
	if (l->total > 0) {
		snprintf(head, sizeof(head), _("Open seeks %d to %d of %d"),
			 first, first - 1 + l->n, l->total);
		ui_say(&l->ui->term, "%s%s%s%s:", head,
		       filter[0] != '\0' ? ", " : "", filter,
		       more && less ? _(" (n: next page, b: previous page)")
		       : more	    ? _(" (n: next page)")
		       : less	    ? _(" (b: previous page)")
				    : "");
	}
	for (i = 0; i < l->n; i++) {
		const struct seek *k = &l->seeks[i];
		char range[64];

		if (any_rating(k))
			snprintf(range, sizeof(range), "%s", _("any rating"));
		else
			snprintf(range, sizeof(range), _("%d to %d"),
				 k->min_rating, k->max_rating);
		ui_say(&l->ui->term, "  %d  %s %.0f  %s, %s%s", first + i,
		       ui_clean(k->nickname, name, sizeof(name)), k->rating,
		       seek_words(l->ui, k, game, sizeof(game)), range,
		       k->takeable ? "" : _(" (not for your rating)"));
	}
	ui_say(&l->ui->term,
	       _("New seeks show here as they come (f: filter them)."));
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

/* ==== Filters ==============================================================
 */

/* Ask which seeks l shows, a filter at a time, until the player shows
 * them (1, Enter) or clears the filters (0, Esc). */
static enum ui_status choose_filter(struct lobby *l)
{
	static const int keys[] = {1, 2, 3, 4, 0};
	const char *clock[] = {_("any"), _("no clock"), _("a time per move"),
			       _("a game clock")};
	const char *rated[] = {_("any"), _("rated only"), _("casual only")};
	char variant[96], time[96], stake[96];
	const char *labels[5];
	enum ui_status st;
	int choice;

	for (;;) {
		snprintf(variant, sizeof(variant), _("Variant: %s"),
			 l->filter.variant != NULL
				 ? words_variant(l->filter.variant)
				 : _("any"));
		snprintf(time, sizeof(time), _("Time control: %s"),
			 clock[l->filter.clock]);
		snprintf(stake, sizeof(stake), _("Rated or casual: %s"),
			 rated[l->filter.rated]);
		labels[0] = _("Show these seeks");
		labels[1] = variant;
		labels[2] = time;
		labels[3] = stake;
		labels[4] = _("Clear the filters");
		st = ui_menu_step(l->ui, _("Which seeks to show"), labels, keys,
				  5, &choice);
		if (st != UI_OK || choice == 1)
			break;
		if (choice == 0) {
			l->variant = -1;
			l->filter.variant = NULL;
			l->filter.clock = SEEK_ANY_CLOCK;
			l->filter.rated = SEEK_RATED_ANY;
			break;
		}
		if (choice == 2) { /* any, then each preset in turn */
			const struct variant *v = rules_preset_at(++l->variant);

			if (v == NULL)
				l->variant = -1;
			l->filter.variant = v != NULL ? v->name : NULL;
		} else if (choice == 3) {
			l->filter.clock = (enum seek_clock_filter)(
				(l->filter.clock + 1) % SEEK_CLOCK_FILTERS);
		} else {
			l->filter.rated = (enum seek_rated_filter)(
				(l->filter.rated + 1) % SEEK_RATED_FILTERS);
		}
	}
	l->filter.offset = 0;
	ui_page_title(&l->ui->term, _("Find a game")); /* not the item's */
	return st;
}

/* ==== Taking a seek ========================================================
 */

/* Take seek number n of l's page (1-based) and play its match. */
static enum ui_status take(struct lobby *l, int n)
{
	const struct seek *k = &l->seeks[n - 1];
	enum seek_refusal why = SEEK_TAKEN_OK;
	enum store_status ss;
	long long mid = 0;

	ss = store_seek_take(l->ui->club.store, k->id, l->me->id, store_now(),
			     &mid, &why);
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

/* Ask the rating range of the opponents `me` seeks for game k: into
 * k->within (the store centres it on me's rating under k's rule, shown
 * in the title). */
static enum ui_status ask_range(struct ui *ui, const struct player *me,
				struct seek *k)
{
	const char *labels[] = {_("Any rating"), _("Within 100 of mine"),
				_("Within 200 of mine"),
				_("Within 400 of mine"), _("Back")};
	static const int keys[] = {1, 2, 3, 4, 0};
	static const int within[] = {0, 0, 100, 200, 400};
	struct player_record rec = {.rating = RATING_START};
	enum store_status ss;
	enum ui_status st;
	char title[160];
	int choice;

	ss = store_rule_record(ui->club.store, me->id, k->game.variant.rule,
			       &rec);
	if (ss != STORE_OK && ss != STORE_NOT_FOUND)
		return ui_store_failed(ui, _("cannot read your rating"));
	snprintf(title, sizeof(title),
		 _("Opponents' rating (yours at this rule: %.0f)"), rec.rating);
	st = ui_menu_step(ui, title, labels, keys, 5, &choice);
	if (st == UI_OK && choice == 0)
		return UI_REFUSED;
	if (st == UI_OK)
		k->within = within[choice];
	return st;
}

/* The seek of `me` for the game chosen (ui->game), from here. */
static struct seek new_seek(const struct ui *ui, const struct player *me,
			    bool rated)
{
	struct seek k = {
		.player_id = me->id,
		.game = ui->game,
		.rated = rated,
	};

	snprintf(k.origin, sizeof(k.origin), "%s", ui->club.origin);
	return k;
}

/* Wait for seek `id` of l's player to be taken (*mid its match) or
 * left (a line typed, end of input, a signal: it is withdrawn, *mid 0,
 * unless it was taken first), or replaced by another session's (*mid
 * 0, said). The seek is kept fresh every LOBBY_KEEP_S seconds, a
 * write; between, it is read again only when another process has
 * committed something. A seek taken as its poster leaves with end of
 * input or a signal is not played: the taker's process finds the match
 * abandoned before a move (aborted). */
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
		long long now = store_now();
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
		if (k.state == SEEK_WITHDRAWN) {
			ui_say(&l->ui->term,
			       _("Your seek was replaced by the one you posted "
				 "from another session."));
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
	enum seek_refusal why = SEEK_TAKEN_OK;
	char game[512], range[128];
	enum store_status ss;
	long long mid = 0;
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
	ss = store_seek_post(l->ui->club.store, &k, store_now(), &mid, &why);
	if (ss == STORE_EXISTS && why == SEEK_SAME_ORIGIN) {
		ui_say(&l->ui->term,
		       _("Another account from your connection has a seek "
			 "open: one open seek a connection."));
		return UI_OK;
	}
	if (ss != STORE_OK)
		return ui_store_failed(l->ui, _("cannot post the seek"));
	if (mid == 0) {
		if (any_rating(&k))
			snprintf(range, sizeof(range), "%s",
				 _("of any rating"));
		else
			snprintf(range, sizeof(range), _("rated %d to %d"),
				 k.min_rating, k.max_rating);
		ui_page_title(&l->ui->term, _("Find a game"));
		ui_say(&l->ui->term,
		       _("Seek posted: %s. Opponents %s. Waiting for an "
			 "opponent (press Enter to withdraw it)..."),
		       seek_words(l->ui, &k, game, sizeof(game)), range);
		st = await_taker(l, k.id, &mid);
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

/* Act on `line`, typed in l's lobby (not Enter, not 0): a seek's number,
 * p, n, b or f. */
static enum ui_status act(struct lobby *l, const char *line)
{
	int first = l->filter.offset + 1;
	unsigned long long n;

	if (strcmp(line, "p") == 0)
		return post(l);
	if (strcmp(line, "f") == 0)
		return choose_filter(l);
	if (strcmp(line, "n") == 0 && first - 1 + l->n < l->total)
		l->filter.offset += LOBBY_PAGE;
	else if (strcmp(line, "b") == 0 && first > 1)
		l->filter.offset -= LOBBY_PAGE;
	else if (l->n > 0 &&
		 number_parse(line, (unsigned long long)first,
			      (unsigned long long)(first - 1 + l->n), &n) == 0)
		return take(l, (int)n - first + 1);
	else if (strcmp(line, "n") == 0)
		ui_say(&l->ui->term, _("This is the last page."));
	else if (strcmp(line, "b") == 0)
		ui_say(&l->ui->term, _("This is the first page."));
	else
		ui_say(&l->ui->term, _("Type a seek's number shown, p, n, b, "
				       "f, or Enter to go back."));
	return UI_OK;
}

enum ui_status ui_lobby(struct ui *ui, struct player *me)
{
	struct lobby l = {.ui = ui, .me = me, .variant = -1};
	char buf[TERM_LINE_MAX + 1];
	enum ui_status st;

	l.filter.viewer_id = me->id;
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
		if (buf[0] != '\0')
			st = act(&l, buf);
		if (st != UI_OK)
			return st == UI_REFUSED ? UI_OK : st;
	}
}
