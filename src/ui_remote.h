/* ui_remote.h -- private to the ui and main.c: play from two
 * terminals: challenges, rematches, rejoining (ui_remote.c). */
#ifndef GOMOKU_UI_REMOTE_H
#define GOMOKU_UI_REMOTE_H

#include <stdbool.h>

#include "ui_types.h"

/* List the players logged in now in any process on this database (a
 * live presence row), each idle or playing which match, and offer `me`
 * (logged in here) to challenge one of them (ui_remote_challenge()). Return
 * UI_OK (also when the challenge was refused, declined or expired: said
 * so), else what reading or the match returned (UI_EOF,
 * UI_INTERRUPTED, UI_FAILED after saying why). */
enum ui_status ui_remote_online(struct ui *ui, struct player *me);

/* Whether the player logged in here refuses every challenge now
 * (ui_remote_refuse()). */
bool ui_remote_refusing(const struct ui *ui);

/* The player logged in here refuses every challenge from now until they
 * log out (the store tells challengers at once, and declines those
 * waiting), or takes challenges again when they refused them: the
 * store's presence row says which (store_presence_refuse()); said so.
 * Return UI_OK, or UI_FAILED when the store refused the write (said
 * why). */
enum ui_status ui_remote_refuse(struct ui *ui);

/* `me` (logged in here) challenges the player `username`, who must be
 * online, to a ranked match of ui->game (the command line's; with
 * `choose`, the game `me` then chooses: ui_choose_game(), UI_REFUSED
 * when they go back), and waits for the answer (a minute at most; q or end of
 * input withdraws it), polling the store. When the two have an
 * unfinished ranked match, the challenge offers it instead (the store
 * decides: store_challenge_new()). Accepted: the match is played from
 * here, `me`'s seat only (ui_remote_play()). The store's refusals are
 * said in a sentence: the player takes no challenges now, `me`
 * challenged them already, or must wait after a decline or withdrawal;
 * when they have challenged `me` meanwhile, `me` is asked that
 * challenge instead (as ui_remote_answer() asks it). Return what the
 * match returned; UI_REFUSED when the player does not exist, is not
 * online, the store refused the challenge, the player declined, or let
 * it expire (said so); UI_OK when withdrawn; UI_FAILED after saying why
 * the database failed; UI_INTERRUPTED. */
enum ui_status ui_remote_challenge(struct ui *ui, struct player *me,
				   const char *username, bool choose);

/* Offer `me` the oldest challenge waiting for them: accept (a secure
 * coin flip gives black, the match starts and is played from here; a
 * challenge that offers an unfinished match plays that one on, from the
 * position and clocks the store holds) or decline. With nothing waiting, say so
 * unless `quiet`. Return UI_OK, or what the question or the match returned. */
enum ui_status ui_remote_answer(struct ui *ui, struct player *me, bool quiet);

/* Offer the opponent of the last match `me` played here from two
 * terminals a rematch of it, the colours swapped (a challenge naming
 * that match: the store gives it that match's game and swaps its
 * colours), and wait for the answer as ui_remote_challenge() does; when
 * the opponent offered it too, it is accepted at once. Accepted, the
 * match is played from here. Return as ui_remote_challenge(), UI_OK
 * when refused (said why). */
enum ui_status ui_remote_rematch(struct ui *ui, struct player *me);

/* The username of the opponent a rematch would be offered to (the last
 * match played here from two terminals, ended), or NULL for none. */
const char *ui_remote_rematch_with(struct ui *ui);

/* ui->challenge_hook for the player logged in here (ui->presence->id):
 * when a challenge came that they were not asked about yet
 * (ui_presence_look()), ui_remote_answer() quietly; when the player
 * `asked` (the page's Tab), ui_remote_answer() at once, saying so
 * when none is waiting any more. Does nothing while a match is played
 * here. Return UI_OK, or what the question or the match returned. */
enum ui_status ui_remote_challenge_at_prompt(struct ui *ui, bool asked);

/* From now on the player logged in here is asked about challenges:
 * ui->challenge_hook is ui_remote_challenge_at_prompt(), before every
 * line-mode prompt, and the terminal's Tab (ui->term.tab) answers a
 * challenge on a page or a watched game. ui_presence_end() undoes
 * both. */
void ui_remote_take_challenges(struct ui *ui);

/* Play unfinished ranked match `id` from this terminal for `me` (one of
 * its players): `me`'s seat only, line by line, the opponent's moves
 * as their own process commits them; resign from either side, q leaves
 * (the match waits). Return UI_OK when it ended or waits; UI_REFUSED
 * (said why) when it is not such a match; else as ui_matches_ranked(). */
enum ui_status ui_remote_play(struct ui *ui, struct player *me, long long id);

/* At login (id 0: `me`'s newest unfinished match), or from the list of
 * unfinished matches (match `id`): when that ranked match is being
 * played now by the opponent from another terminal (a process of
 * theirs shows it in its presence row), or by another session of
 * `me`'s (it holds the seat), offer to rejoin it from here (taking the
 * seat over from that session only when the player says so). *played
 * says whether it was played on. Return UI_OK, or what the question or
 * the match returned. */
enum ui_status ui_remote_rejoin(struct ui *ui, struct player *me, long long id,
				bool *played);

#endif
