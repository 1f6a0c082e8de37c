/* ui_game.h -- private to the ui: one game at the terminal, played to
 * its end and its record kept as it is played (ui_game.c). The games
 * ui_matches.c rebuilds from a record: ui_matches.h. The game itself (struct
 * game) and the rules both its front ends obey: ui_game_common.h; the other
 * seat at another terminal: ui_game_remote.h. ui_matches.c chooses the games
 * (ranked, against the computer, resumed) and calls ui_game.c. */
#ifndef GOMOKU_UI_GAME_H
#define GOMOKU_UI_GAME_H

#include <stdbool.h>

#include "ui_game_common.h"

/* ---- ui_game.c ---- */

/* Prepare g for a game of variant v between seat 0 (black unless the
 * opening says otherwise) and seat 1 (the names and v's name must outlive
 * the game), with ui->opt->opening when `opening` is true, timed by
 * ui->opt->time_per_move. Return 0, or -1 for a bad variant. Allocates
 * nothing: only the computer players a caller adds need game_free(). */
int game_init(struct game *g, struct ui *ui, const struct variant *v,
	      const char *first, const char *second, bool opening);

/* Play g's match to its end at the terminal, then show the final board
 * and the result. When g->rec.kind is set, the match's record is
 * opened at once (during a swap2 opening black is the first placer until
 * the colours are known), every stone (and undo, and the opening's
 * choices) is written as it is played, and the end is saved with the
 * players' new counters ("Match N saved."); a game that stops early stays
 * unfinished in the database with the time the move to play had used,
 * to be resumed. Before each prompt, and when a write is refused, the
 * record is read again: a match another process ended or changed stops
 * here with a message (g->elsewhere). With g->seats.only_seat set, play stops
 * when the other seat must act (g->waiting; the match waits for them).
 * Return UI_OK when the game ended (and was saved), was ended elsewhere
 * or waits for the absent seat (g->closed says whether the record is
 * still unfinished); UI_FAILED after saying why the database refused
 * it; else why it stopped (UI_EOF, UI_INTERRUPTED). */
enum ui_status game_play(struct game *g);

/* Free g's computer players, leaving none (g itself is the caller's).
 * Accepts a game without any, so it may be called twice. */
void game_free(struct game *g);

/* Flip a coin: true means `a` (the first of the two) plays black. Says
 * who moves first (with swap2 `opening`: who places the opening
 * stones). With `secure` (ranked matches) the coin is the system's
 * secure random source, never ui->rng (which --seed fixes). */
bool game_coin_flip(struct ui *ui, enum match_opening opening, const char *a,
		    const char *b, bool secure);

/* ---- Its commands, for main.c and the files above ui_game.c ---- */

/* Guest hot-seat games of ui->opt->variant until the players stop: nothing
 * is recorded, nothing is left to free. Return UI_OK when they decline
 * another game, UI_USAGE (with no message) when the board cannot be
 * made for ui->opt->variant, else why input ended (UI_EOF, UI_INTERRUPTED). */
enum ui_status ui_game_guest(struct ui *ui);

#endif
