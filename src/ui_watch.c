/* ui_watch.c -- watching a match from another terminal: the list of
 * matches in progress and one of them followed live, read-only, as the
 * moves are committed by whichever process plays them (hot-seat,
 * against the computer, or from two terminals). Polls the store (see
 * docs/ARCHITECTURE.md, "Two terminals"); never writes a match. */
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "store.h"
#include "store_live.h"
#include "ui_internal.h"
#include "ui_matches.h"
#include "ui_page.h"
#include "ui_panel.h"
#include "ui_presence.h"
#include "ui_records.h"
#include "ui_watch.h"
#include "words.h"

#define WATCH_LIST_MAX 20 /* matches listed */

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
	return user[0] != '\0' ? user
			       : words_computer(m->ai_level, buf, UI_NAME_MAX);
}

/* store_live_matches() callback: one line of the table. */
static int list_row(void *ctx, const struct live_match *m)
{
	struct listing *l = ctx;
	char black[UI_NAME_MAX], white[UI_NAME_MAX], ago[32];
	char b[UI_CLEAN_MAX], w[UI_CLEAN_MAX];

	fprintf(l->ui->term.out, "%6lld  %-20s %-20s %5d  %s\n", m->id,
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
	struct listing l = {ui, store_now(), 0};

	fprintf(ui->term.out, "%6s  %-20s %-20s %5s  %s\n", _("Match"),
		_("Black"), _("White"), _("Moves"), _("Last move"));
	if (store_live_matches(ui->club.store, WATCH_LIST_MAX, list_row, &l) !=
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
		ui_say(&ui->term, _("No match is being played now."));
		*id = 0;
		return UI_OK;
	}
	for (;;) {
		st = ui_read_word(ui, _("Match to watch (Enter to go back): "),
				  buf);
		if (st != UI_OK || ui_left(buf)) {
			*id = 0;
			return st;
		}
		if (number_parse(buf, 1, (unsigned long long)LLONG_MAX, &v) ==
		    0) {
			*id = (long long)v;
			return UI_OK;
		}
		ui_say(&ui->term, _("Type a match number from the list."));
	}
}

/* ==== Following one match ================================================ */

struct watch {
	struct ui *ui;
	long long id;
	long long version; /* ui_store_moved()'s, 0 before the first look */
	struct match_full *f;
};

/* Read the match again and show it as it stands now. Return UI_OK, or
 * UI_REFUSED (said so) when it cannot be read. */
static enum ui_status show_now(struct watch *w)
{
	if (store_match_load(w->ui->club.store, w->id, w->f) != STORE_OK) {
		ui_error(&w->ui->term, _("there is no match %lld"), w->id);
		return UI_REFUSED;
	}
	ui_records_position(&w->ui->term, w->f, w->f->nmoves);
	if (w->f->status == MATCH_STATUS_UNFINISHED)
		ui_say(&w->ui->term,
		       _("Watching match %lld: %s to play. Type q to "
			 "stop watching."),
		       w->id, w->f->nmoves % 2 == 0 ? _("Black") : _("White"));
	fflush(w->ui->term.out);
	return UI_OK;
}

/* Whether match w->id changed since it was shown: another process
 * committed something (ui_store_moved()), then one read by key. A match
 * that cannot be read counts as no change. */
static bool match_changed(struct watch *w)
{
	struct match_now now;

	if (!ui_store_moved(&w->ui->club, &w->version))
		return false;
	if (store_match_now(w->ui->club.store, w->id, &now) != STORE_OK)
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
	ui_say(&w->ui->term, _("Type q to stop watching."));
	return UI_OK;
}

/* Follow the match until it ends, q, end of input or a stop signal,
 * showing it again whenever it changes. Return UI_OK when it ended,
 * UI_EOF when the watcher left, or UI_INTERRUPTED / UI_REFUSED. */
static enum ui_status follow(struct watch *w)
{
	enum ui_status st = UI_OK;

	while (st == UI_OK && w->f->status == MATCH_STATUS_UNFINISHED) {
		int ready = ui_wait(w->ui, w->ui->term.in, 0);

		if (ready < 0)
			st = UI_INTERRUPTED;
		else if (ready > 0)
			st = watch_key(w);
		else if (match_changed(w))
			st = show_now(w);
	}
	return st;
}

/* ==== Following one match full-screen ==================================== */

/* What the watch screen shows: the match rebuilt from the store, its
 * clock, and the sides' names (which the match points to). */
struct watched {
	struct match m;
	struct game_timing timing;
	char black[STORE_NAME_MAX + UI_NAME_MAX];
	char white[STORE_NAME_MAX + UI_NAME_MAX];
};

/* Rebuild v->m from match f as it stands: its moves but the last through
 * ui_matches_match() (which takes a game still to be played on), the
 * last on the board (it may end the game). Return UI_OK, or UI_FAILED
 * when the moves do not make a game (said so). */
static enum ui_status rebuild(struct match_full *f, struct watched *v,
			      struct ui_term *term)
{
	int all = f->nmoves;
	enum ui_status st;

	f->nmoves = all > 0 ? all - 1 : 0;
	st = ui_matches_match(term, &v->m, f, v->black, v->white);
	f->nmoves = all;
	if (st == UI_OK && all > 0)
		(void)board_play(&v->m.board, f->moves[all - 1].row,
				 f->moves[all - 1].col);
	return st;
}

/* Rebuild the screen's view (v) from w->f, the match as it stands, and
 * draw it: the players' names and ratings as the store has them now
 * (a long watch sees them change), the cursor on the last move, the
 * clock of the side to move running since its turn began (the store's
 * clock); no stakes. Return UI_OK, or UI_FAILED when the players cannot
 * be read or its moves do not make a game (said so). */
static enum ui_status screen_show(struct watch *w, struct game_screen *gs,
				  struct watched *v)
{
	const struct match_full *f = w->f;
	const struct move *last;
	char buf[UI_NAME_MAX];

	if (ui_account_refresh(w->ui) != UI_OK)
		return UI_FAILED;
	snprintf(v->black, sizeof(v->black), "%s",
		 ui_words_side(f, STONE_BLACK, buf));
	snprintf(v->white, sizeof(v->white), "%s",
		 ui_words_side(f, STONE_WHITE, buf));
	if (rebuild(w->f, v, &w->ui->term) != UI_OK)
		return UI_FAILED;
	last = board_last(&v->m.board);
	if (last != NULL) {
		gs->cur_row = last->row;
		gs->cur_col = last->col;
	}
	gs->other_since = f->status == MATCH_STATUS_UNFINISHED
				  ? game_since_stored(f->turn_started_ms)
				  : 0;
	memset(&v->timing, 0, sizeof(v->timing));
	v->timing.control = f->game.time;
	game_timing_set(&v->timing, f->nmoves, f->turn_started_ms,
			f->turn_allowed_ms, f->black_left_ms, f->white_left_ms);
	gs->view.player[0] = ui_player(w->ui, f->black_id);
	gs->view.player[1] = ui_player(w->ui, f->white_id);
	ui_screen_say(&gs->s, false,
		      _("Watching match %lld: %s to play. Type q to stop "
			"watching."),
		      w->id, f->nmoves % 2 == 0 ? _("Black") : _("White"));
	return UI_OK;
}

/* How the match w->f ended, on the status line, and whether to replay
 * it (y/n there). Return UI_OK with the answer in *replay, or
 * UI_INTERRUPTED. */
static enum ui_status screen_end(struct watch *w, struct game_screen *gs,
				 bool *replay)
{
	const struct match_full *f = w->f;
	const char *winner = f->result == RESULT_BLACK_WIN
				     ? gs->view.m->name[STONE_BLACK]
				     : gs->view.m->name[STONE_WHITE];
	char question[SCREEN_STATUS_MAX];
	int yes;

	if (f->status == MATCH_STATUS_ABANDONED)
		snprintf(question, sizeof(question), "%s %s",
			 _("The match was abandoned."), _("Replay it?"));
	else if (f->status == MATCH_STATUS_ABORTED)
		snprintf(question, sizeof(question), "%s %s",
			 game_common_aborted_words(), _("Replay it?"));
	else if (f->result == RESULT_DRAW)
		snprintf(question, sizeof(question), "%s %s",
			 _("The match is over: a draw."), _("Replay it?"));
	else
		snprintf(question, sizeof(question),
			 _("The match is over: %s wins. Replay it?"), winner);
	gs->over = true;
	yes = ui_screen_yes_no(&gs->s, question);
	*replay = yes == 1;
	return yes < 0 ? UI_INTERRUPTED : UI_OK;
}

/* One wait for a key on the watch screen: UI_OK to go on, UI_EOF when
 * the watcher leaves (q, Esc, Ctrl-D, the terminal gone), UI_REFUSED
 * for Tab when a challenge may be answered (ui->term.tab), or
 * UI_INTERRUPTED. The board's keys and clicks do nothing. */
static enum ui_status screen_key(struct game_screen *gs)
{
	struct screen_key k;

	switch (ui_screen_raw_key(UI_POLL_MS, ui_wake_fd(&gs->ui->club), &k)) {
	case SK_STOP:
		return UI_INTERRUPTED;
	case SK_EOF:
		return UI_EOF;
	case SK_CHAR:
		if (k.ch == 'q' || k.ch == 'Q' || k.ch == 27 || k.ch == 4)
			return UI_EOF;
		if (k.ch == '\t' && gs->ui->term.tab.answer != NULL)
			return UI_REFUSED; /* to answer a challenge */
		break;
	case SK_KEY:
		if (k.ch == KEY_RESIZE)
			ui_panel_draw(gs);
		break;
	case SK_BAD:
	case SK_DROPPED:
	case SK_NONE:
	case SK_CLICK:
		if (gs->other_since != 0)
			ui_panel_draw(gs); /* the clock */
		break;
	}
	return UI_OK;
}

/* Follow match w->id on the game screen, read-only, until it ends (then
 * its result and the offer to replay it) or the watcher leaves (Tab:
 * to answer a challenge, which is asked then). */
static enum ui_status watch_screen(struct watch *w, bool *replay)
{
	struct watched v;
	struct game_screen gs;
	enum ui_status st;

	memset(&v, 0, sizeof(v));
	if (ui_panel_start(&gs, w->ui, &v.m, NULL) != 0)
		return UI_FAILED;
	gs.view.timing = &v.timing;
	gs.watching = true;
	st = screen_show(w, &gs, &v);
	while (st == UI_OK && w->f->status == MATCH_STATUS_UNFINISHED) {
		st = screen_key(&gs);
		if (st == UI_OK && match_changed(w))
			st = store_match_load(w->ui->club.store, w->id, w->f) ==
					     STORE_OK
				     ? screen_show(w, &gs, &v)
				     : UI_FAILED;
	}
	if (st == UI_OK)
		st = screen_end(w, &gs, replay);
	ui_screen_stop(&gs.s);
	if (st == UI_FAILED && gs.s.said[0] != '\0')
		ui_error(&w->ui->term, "%s", gs.s.said); /* why, on the page */
	if (st == UI_REFUSED) /* Tab: the watch ends for the challenge */
		st = (enum ui_status)w->ui->term.tab.answer(
			w->ui->term.tab.ctx);
	return st;
}

/* Watch match `id` live (full-screen when the run is); when it has
 * ended, offer its replay. */
static enum ui_status watch_match(struct ui *ui, long long id)
{
	struct watch w = {ui, id, 0, malloc(sizeof(struct match_full))};
	enum ui_status st;
	bool replay = false;

	if (w.f == NULL)
		return UI_FAILED;
	if (!ui_page_active(&ui->term)) {
		st = show_now(&w);
		if (st == UI_OK)
			st = follow(&w);
	} else if (store_match_load(ui->club.store, id, w.f) != STORE_OK) {
		ui_error(&ui->term, _("there is no match %lld"), id);
		st = UI_REFUSED;
	} else {
		st = watch_screen(&w, &replay);
		free(w.f);
		if (st == UI_OK && replay)
			st = ui_records_replay(ui, id);
		return st == UI_EOF ? UI_OK : st;
	}
	free(w.f);
	if (st == UI_OK)
		st = ui_yes_no(ui, _("The match is over. Replay it?"), &replay);
	if (st == UI_OK && replay)
		st = ui_records_replay(ui, id);
	return st == UI_EOF ? UI_OK : st;
}

enum ui_status ui_watch(struct ui *ui, long long id)
{
	enum ui_status st = UI_OK;

	(void)ui_page_active(&ui->term); /* the list goes on the page, if any */
	if (id == 0)
		st = choose_match(ui, &id);

	if (st != UI_OK || id == 0)
		return st == UI_EOF ? UI_OK : st;
	ui_presence_watching(ui, id); /* "Players online" says so */
	st = watch_match(ui, id);
	ui_presence_watching(ui, 0);
	return st;
}
