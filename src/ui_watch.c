/* ui_watch.c -- watching a match from another terminal: the list of
 * matches in progress and one of them followed live, read-only, as the
 * moves are committed by whichever process plays them (hot-seat,
 * against the computer, or from two terminals). Polls the store (see
 * docs/ARCHITECTURE.md, "Two terminals"); never writes a match. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "number.h"
#include "store.h"
#include "store_live.h"
#include "ui_internal.h"

#define WATCH_POLL_MS  200 /* how often a watcher looks at the store */
#define WATCH_LIST_MAX 20  /* matches listed */

/* ==== The list of matches in progress ==================================== */

/* "42 s", "5 min", "3 h" or "2 d" since `t`, in the caller's buf[cap]. */
static const char *time_since(long long t, long long now, char *buf, size_t cap)
{
	long long d = now > t ? now - t : 0;

	if (d < 60)
		snprintf(buf, cap, _("%lld s"), d);
	else if (d < 3600)
		snprintf(buf, cap, _("%lld min"), d / 60);
	else if (d < 86400)
		snprintf(buf, cap, _("%lld h"), d / 3600);
	else
		snprintf(buf, cap, _("%lld d"), d / 86400);
	return buf;
}

struct listing {
	struct ui *ui;
	long long now;
	int n;
};

/* A side's name for the list: the username, or the computer. */
static const char *side_name(const struct live_match *m, const char *user,
			     char buf[UI_NAME_MAX])
{
	return user[0] != '\0' ? user : ui_computer_name(m->ai_level, buf);
}

/* store_live_matches() callback: one line of the table. */
static int list_row(void *ctx, const struct live_match *m)
{
	struct listing *l = ctx;
	char black[UI_NAME_MAX], white[UI_NAME_MAX], ago[32];
	char b[UI_CLEAN_MAX], w[UI_CLEAN_MAX];

	fprintf(l->ui->out, "%6lld  %-20s %-20s %5d  %s\n", m->id,
		ui_clean(side_name(m, m->black, black), b, sizeof(b)),
		ui_clean(side_name(m, m->white, white), w, sizeof(w)),
		m->nmoves,
		time_since(m->last_active_at, l->now, ago, sizeof(ago)));
	l->n++;
	return 0;
}

/* List the matches in progress. Return UI_OK with how many in *n, or
 * UI_FAILED after saying why. */
static enum ui_status list_matches(struct ui *ui, int *n)
{
	struct listing l = {ui, (long long)time(NULL), 0};

	fprintf(ui->out, "%6s  %-20s %-20s %5s  %s\n", _("Match"), _("Black"),
		_("White"), _("Moves"), _("Last move"));
	if (store_live_matches(ui->store, WATCH_LIST_MAX, list_row, &l) !=
	    STORE_OK)
		return ui_store_failed(ui, _("cannot list the matches"));
	*n = l.n;
	return UI_OK;
}

/* List the matches in progress and read which one to watch into *id (0:
 * none, go back). */
static enum ui_status choose_match(struct ui *ui, long long *id)
{
	char buf[TERM_LINE_MAX + 1];
	unsigned long long v;
	enum ui_status st;
	int n;

	st = list_matches(ui, &n);
	if (st != UI_OK)
		return st;
	if (n == 0) {
		ui_say(ui, _("No match is being played now."));
		*id = 0;
		return UI_OK;
	}
	for (;;) {
		st = ui_read_word(ui, _("Match to watch (Enter to go back): "),
				  buf);
		if (st != UI_OK || buf[0] == '\0') {
			*id = 0;
			return st;
		}
		if (number_parse(buf, 1, (unsigned long long)LLONG_MAX, &v) ==
		    0) {
			*id = (long long)v;
			return UI_OK;
		}
		ui_say(ui, _("Type a match number from the list."));
	}
}

/* ==== Following one match ================================================ */

struct watch {
	struct ui *ui;
	long long id;
	long long version; /* PRAGMA data_version last seen */
	struct match_full *f;
};

/* Read the match again and show it as it stands now. Return UI_OK, or
 * UI_REFUSED (said so) when it cannot be read. */
static enum ui_status show_now(struct watch *w)
{
	if (store_match_load(w->ui->store, w->id, w->f) != STORE_OK) {
		ui_error(w->ui, _("there is no match %lld"), w->id);
		return UI_REFUSED;
	}
	ui_show_position(w->ui, w->f, w->f->nmoves);
	if (w->f->status == MATCH_STATUS_UNFINISHED)
		ui_say(w->ui,
		       _("Watching match %lld: %s to play. Type q to "
			 "stop watching."),
		       w->id, w->f->nmoves % 2 == 0 ? _("Black") : _("White"));
	fflush(w->ui->out);
	return UI_OK;
}

/* Whether match w->id changed since it was shown: PRAGMA data_version
 * first (another process committed something), then one read by key.
 * A database that cannot say counts as no change. */
static bool match_changed(struct watch *w)
{
	struct match_now now;
	long long v;

	if (store_data_version(w->ui->store, &v) != STORE_OK || v == w->version)
		return false;
	w->version = v;
	if (store_match_now(w->ui->store, w->id, &now) != STORE_OK)
		return false;
	return now.status != w->f->status || now.nmoves != w->f->nmoves;
}

/* A line typed while watching: q (or end of input) leaves. Return
 * UI_OK to go on, UI_EOF to leave, or UI_INTERRUPTED. */
static enum ui_status watch_key(struct watch *w)
{
	char buf[TERM_LINE_MAX + 1];
	enum ui_status st = ui_read_word(w->ui, "", buf);

	if (st != UI_OK)
		return st;
	if (strcmp(buf, "q") == 0 || strcmp(buf, "quit") == 0)
		return UI_EOF;
	ui_say(w->ui, _("Type q to stop watching."));
	return UI_OK;
}

/* Follow the match until it ends, q, end of input or a stop signal,
 * showing it again whenever it changes. Return UI_OK when it ended,
 * UI_EOF when the watcher left, or UI_INTERRUPTED / UI_REFUSED. */
static enum ui_status follow(struct watch *w)
{
	enum ui_status st = UI_OK;

	while (st == UI_OK && w->f->status == MATCH_STATUS_UNFINISHED) {
		int ready = term_wait_input(w->ui->in,
					    term_now_ms() + WATCH_POLL_MS);

		if (ready < 0)
			st = UI_INTERRUPTED;
		else if (ready > 0)
			st = watch_key(w);
		else if (match_changed(w))
			st = show_now(w);
	}
	return st;
}

/* Watch match `id` live; when it has ended, offer its replay. */
static enum ui_status watch_match(struct ui *ui, long long id)
{
	struct watch w = {ui, id, 0, malloc(sizeof(struct match_full))};
	enum ui_status st;
	bool replay = false;

	if (w.f == NULL)
		return UI_FAILED;
	if (store_data_version(ui->store, &w.version) != STORE_OK) {
		free(w.f);
		return ui_store_failed(ui, NULL);
	}
	st = show_now(&w);
	if (st == UI_OK)
		st = follow(&w);
	free(w.f);
	if (st == UI_OK)
		st = ui_yes_no(ui, _("The match is over. Replay it?"), &replay);
	if (st == UI_OK && replay)
		st = ui_replay(ui, id);
	return st == UI_EOF ? UI_OK : st;
}

enum ui_status ui_watch(struct ui *ui, long long id)
{
	enum ui_status st = UI_OK;

	if (id == 0)
		st = choose_match(ui, &id);
	bool was_page;

	if (st != UI_OK || id == 0)
		return st == UI_EOF ? UI_OK : st;
	/* Line by line: the watch waits on the store, not on the page. */
	was_page = ui_line_begin(ui);
	return ui_line_end(ui, was_page, watch_match(ui, id));
}
