/* ui_game_remote.h -- private to the ui: a game's other seat played
 * from another process (ui_game_remote.c), for both front ends of a
 * game (ui_game.c, ui_screen_game.c). Each function is for a game with
 * g->remote.on (and g->seats.only_seat, the seat played here). */
#ifndef GOMOKU_UI_GAME_REMOTE_H
#define GOMOKU_UI_GAME_REMOTE_H

#include <stdbool.h>

#include "ui_game_common.h"

/* The absent seat's next move, as its process commits it: wait for it
 * in the store (polling cheaply; keys are still read: resign, q), and
 * fill *in with it (it is in the record already: g->rec.saved counts it).
 * Claims the win on time when the opponent's time is gone and their
 * process has recorded nothing. Return 0 with the move, or -1 to stop:
 * the match ended (g->elsewhere, said so), the player left (q, end of
 * input: g->waiting) or a stop signal (g->end.stop UI_INTERRUPTED). */
int game_remote_ask(struct game *g, const struct match *m, struct input *in);

/* game_remote_ask() a step at a time, for a front end that reads its
 * own keys (the full-screen game): game_remote_wait_begin() starts the
 * wait for the absent seat's move in m (w is the caller's) and looks
 * once; game_remote_poll() looks again, cheaply (PRAGMA data_version
 * first), and claims the win on time when the opponent's time is gone.
 * While waiting, a request of the opponent (a draw, an undo) is asked
 * with ui_yes_no() and answered. Both return 1 with the input for
 * match_run() in *in (the opponent's move, in the record already:
 * g->rec.saved counts it; or an undo this player agreed to: INPUT_UNDO), 0
 * while nothing came, or -1 when the match ended (said so,
 * g->elsewhere). */
struct remote_wait {
	long long version; /* ui_store_moved()'s (0: not looked yet) */
	long long since;   /* term_now_ms() when the awaited move's turn
			    * began, as the store says */
};
int game_remote_wait_begin(struct game *g, const struct match *m,
			   struct remote_wait *w, struct input *in);
int game_remote_poll(struct game *g, const struct match *m,
		     struct remote_wait *w, struct input *in);

/* Look at the opponent's seat (at most once a second; any wait of a
 * remote game calls it): say when they left the game (their process
 * gone: its lease lapsed or was left) and when they are back; in an
 * untimed match, once they have been gone the club's disconnection
 * grace on their turn, offer this player the win (once for each
 * absence; the store decides). Return 1 when something was said, 0
 * when not, -1 when the match ended (claimed, or ended elsewhere:
 * game_ended()). */
int game_remote_seats(struct game *g);

/* Resign from the waiting side (asked first with ui_yes_no()): the
 * opponent wins. Return true when the match ended (recorded here, or
 * elsewhere first: game_ended(), told as the game's end), false when
 * the player said no or it could not be written. */
bool game_remote_resign(struct game *g);

/* Put request q (ASK_ACCEPT_DRAW: a draw offer; ASK_ACCEPT_UNDO: take
 * back the last move of the player to move in m and the reply) to the
 * absent seat's player at the other terminal: the request is stored and
 * its answer awaited (Ctrl-C stops). An undo accepted there has taken
 * the moves back in the store already: g->rec.saved follows, so that
 * match_run() only takes them off the board. Return 1 (accepted), 0
 * (declined, or the store refused the request) or -1 to stop (a stop
 * signal, or the match ended elsewhere: said so). */
int game_remote_confirm(struct game *g, const struct match *m,
			enum match_question q);

/* The swap2 choice q due from the absent seat `seat` in m, as that
 * player makes it at the other terminal: wait for it in the store (the
 * seats that process writes; polling as game_remote_ask() does, keys
 * read: q leaves) and return it as match_io's choose() does, with
 * g->rec.saved_stones and g->rec.saved_final following the record (the choice
 * is written there already). Return -1 to stop: the match ended or
 * changed elsewhere (said so), the player left (g->waiting) or a stop
 * signal (g->end.stop UI_INTERRUPTED). */
int game_remote_choice(struct game *g, const struct match *m, int seat,
		       enum match_choice q);

/* game_remote_choice() a step at a time, for the full-screen game: look
 * whether the absent seat made swap2 choice q since *version
 * (ui_store_moved()'s; 0 to look at once). Return 1 with *value set (as
 * game_remote_choice() returns it), 0 not yet, or -1 when the match
 * ended or changed elsewhere (said so). */
int game_remote_choice_poll(struct game *g, enum match_choice q,
			    long long *version, int *value);

/* This player made swap2 choice q (`value`, as choose() returns it) in
 * g's remote match: write at once what the other process must know
 * before the next stone, two more stones to place (the colours, once
 * chosen, are written with the next change as in any game). Return 0,
 * or -1 when the store refused (said so; g->end.stop UI_FAILED). */
int game_remote_chose(struct game *g, enum match_choice q, int value);

/* Show `prompt` (then emptied, so the line read does not show it again)
 * and wait for the player's input until `deadline` (term_now_ms() time,
 * 0 = none), watching the store meanwhile. Return 1 when input is ready,
 * 0 at the deadline, -1 when the match ended elsewhere (said so,
 * g->elsewhere) or a stop signal came (g->end.stop UI_INTERRUPTED). */
int game_remote_await(struct game *g, char *prompt, long long deadline);

/* True when g's match ended with the opponent's move (five, full board,
 * forbidden point) and the opponent's process recorded the end (waited
 * for a few seconds): then g->closed is set and there is nothing to
 * write. False for every other game, or when the end must be written
 * here. */
bool game_remote_ended_there(struct game *g);

#endif
