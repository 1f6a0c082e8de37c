/* ui_presence.c -- this process's presence row: who is logged in here,
 * idle or playing which match, refreshed every few seconds from the
 * waits for input (term.c's idle hook), removed at log-out and exit. A
 * process killed outright leaves a row that goes stale (store_live.h).
 * Below every ui file that logs a player in or plays a game, so that
 * they may all call it. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store_live.h"
#include "ui_internal.h"
#include "ui_presence.h"
#include "ui_presence_types.h"

#define PRESENCE_REFRESH_MS 5000 /* well inside STORE_PRESENCE_STALE */

_Static_assert(PRESENCE_REFRESH_MS / 1000 * 3 < STORE_PRESENCE_STALE,
	       "a live process refreshes its row well before it is stale");

/* How often the seat of the match played here is renewed: a lease
 * outlives two renewals missed (store_live.h). */
#define SEAT_RENEW_MS 5000

_Static_assert(SEAT_RENEW_MS * 3 <= STORE_SEAT_LEASE_MS,
	       "a live process renews its seat well before it lapses");

/* Write this process's row as it is now. A failure is not an error for
 * the player: presence is a courtesy; the next refresh tries again. */
static void presence_write(struct ui *ui)
{
	struct ui_presence *p = ui->presence;

	if (ui->club.store == NULL || p == NULL || p->id == 0)
		return;
	(void)store_presence_set(ui->club.store, (long long)getpid(), p->id,
				 p->match, store_now());
	p->ms = term_now_ms();
}

/* The announcement of a challenge (a rematch when `again`) from `who`,
 * saying how to answer it from where the player is (a format with one
 * %s: a static string). */
static const char *announcement(const struct ui *ui, bool again)
{
	if (again && ui->challenge_hook != NULL)
		return ui->term.page != NULL
			       ? _("%s offers a rematch, colours swapped: "
				   "press Tab to answer it, within a minute.")
			       : _("%s offers a rematch, colours swapped: "
				   "answer it at the next prompt (press "
				   "Enter), within a minute.");
	if (ui->challenge_hook == NULL)
		return _("%s challenges you to a ranked match: answer it from "
			 "the account menu (Answer a challenge) within a "
			 "minute.");
	if (ui->term.page != NULL)
		return _("%s challenges you to a ranked match: press Tab to "
			 "answer it, within a minute.");
	return _("%s challenges you to a ranked match: answer it at the "
		 "next prompt (press Enter), within a minute.");
}

void ui_presence_look(struct ui *ui)
{
	struct ui_presence *p = ui->presence;
	const struct player *from;
	struct challenge c;

	if (p == NULL || p->id == 0 || ui->club.store == NULL ||
	    p->match != 0 || !ui_store_moved(&ui->club, &p->version))
		return;
	if (store_challenge_for(ui->club.store, p->id, store_now(), &c) !=
		    STORE_OK ||
	    c.id <= p->told)
		return;
	p->told = c.id;
	from = ui_player(ui, c.from_id);
	ui_say(&ui->term, announcement(ui, c.rematch_of != 0),
	       from != NULL ? from->username : _("A player"));
	fflush(ui->term.out);
}

const struct player *ui_presence_rematch_from(struct ui *ui, long long match_id)
{
	struct ui_presence *p = ui->presence;
	struct challenge c;

	if (p == NULL || p->id == 0 || ui->club.store == NULL)
		return NULL;
	if (ui_store_moved(&ui->club, &p->offer_version) ||
	    match_id != p->offer_of) {
		p->offer_of = match_id;
		p->offer_from = 0;
		if (store_rematch_pending(ui->club.store, match_id, store_now(),
					  &c) == STORE_OK &&
		    c.to_id == p->id)
			p->offer_from = c.from_id;
	}
	return p->offer_from != 0 ? ui_player(ui, p->offer_from) : NULL;
}

/* term.c's idle hook: refresh the row once it is PRESENCE_REFRESH_MS
 * old, and the lease of the seat this process plays (if any) once it is
 * SEAT_RENEW_MS old; announce a new challenge to an idle player. */
static void presence_tick(void *ctx)
{
	struct ui *ui = ctx;

	if (ui->presence == NULL || ui->presence->id == 0 ||
	    ui->club.store == NULL)
		return;
	if (term_now_ms() - ui->presence->ms >= PRESENCE_REFRESH_MS)
		presence_write(ui);
	if (ui->presence->match != 0 &&
	    term_now_ms() - ui->presence->seat_ms >= SEAT_RENEW_MS) {
		/* refused when another session took the seat over: the
		 * game sees that (game_common_record_still_ours()) */
		(void)store_seat_renew(ui->club.store, ui->presence->match,
				       1000 * store_now());
		ui->presence->seat_ms = term_now_ms();
	}
	ui_presence_look(ui);
}

void ui_presence_begin(struct ui *ui, long long player_id)
{
	if (ui->presence == NULL)
		ui->presence = calloc(1, sizeof(*ui->presence));
	if (ui->presence == NULL)
		return; /* out of memory: no row, no challenges announced */
	ui->presence->id = player_id;
	ui->presence->match = 0;
	ui->presence->refusing = false;
	/* a new session: no refusal of challenges is left from an earlier
	 * one whose row a failed clear left behind */
	if (ui->club.store != NULL)
		(void)store_presence_clear(ui->club.store, (long long)getpid());
	presence_write(ui);
	term_set_idle(presence_tick, ui);
}

void ui_presence_playing(struct ui *ui, long long match_id)
{
	if (ui->presence == NULL || ui->presence->id == 0 ||
	    ui->presence->match == match_id)
		return;
	ui->presence->match = match_id;
	presence_write(ui);
}

void ui_presence_watching(struct ui *ui, long long match_id)
{
	if (ui->presence == NULL || ui->presence->id == 0)
		return;
	(void)store_presence_watch(ui->club.store, (long long)getpid(),
				   match_id);
}

void ui_presence_end(struct ui *ui)
{
	if (ui->presence == NULL)
		return;
	term_set_idle(NULL, NULL);
	ui->challenge_hook = NULL;
	memset(&ui->term.tab, 0, sizeof(ui->term.tab));
	free(ui->presence);
	ui->presence = NULL;
	if (ui->club.store != NULL)
		(void)store_presence_clear(ui->club.store, (long long)getpid());
}
