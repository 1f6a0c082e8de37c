/* ui_presence.h -- private to the ui and main.c: this process's
 * presence row (ui_presence.c), written as a player logs in, plays,
 * watches and leaves, and looked at for challenges and rematch offers.
 * The row's data: ui_presence_types.h. */
#ifndef GOMOKU_UI_PRESENCE_H
#define GOMOKU_UI_PRESENCE_H

#include "ui_types.h"

/* Failures to write the presence row are ignored (presence is a
 * courtesy; the next refresh tries again); nothing here is shown
 * to the player. */

/* Player `player_id` logged in here: write the row (idle, taking
 * challenges: a new session) and refresh it every few seconds from
 * every wait for input (term_set_idle()), until ui_presence_end(). */
void ui_presence_begin(struct ui *ui, long long player_id);

/* The logged-in player now plays match `match_id` (0: idle again); the
 * row says so at once. Does nothing when nobody is present here. */
void ui_presence_playing(struct ui *ui, long long match_id);

/* Say in this process's presence row that its player watches match
 * `match_id` (0: no longer). Nothing when nobody is logged in here. */
void ui_presence_watching(struct ui *ui, long long match_id);

/* Nobody is logged in here any more: delete the row, stop the refresh
 * and forget the challenges announced. Does nothing when nobody is
 * present. */
void ui_presence_end(struct ui *ui);

/* Look for a challenge to the player logged in here, cheaply (PRAGMA
 * data_version first, then one indexed read): a new one is announced
 * once (a line of text: with ui->challenge_hook set, how to answer it
 * from where the player is) and noted in ui->presence->told. Called from
 * the waits for input; does nothing while the player plays a match or
 * when nobody is present. Failures count as nothing new. */
void ui_presence_look(struct ui *ui);

/* The player who offers the player logged in here a rematch of match
 * `match_id` now (a pending challenge to them), or NULL: read again only
 * when another process committed (PRAGMA data_version), so that a box
 * may ask about twice a second. Failures count as no offer. */
const struct player *ui_presence_rematch_from(struct ui *ui,
					      long long match_id);

#endif
