/* ui_game.h -- private to the ui: one game at the terminal, whoever
 * plays it (people or the computer) and whether or not it is recorded.
 * ui_game.c runs games; ui_ranked.c records and resumes them. */
#ifndef GOMOKU_UI_GAME_H
#define GOMOKU_UI_GAME_H

#include "ai.h"
#include "match.h"
#include "ui.h"

struct game {
	struct ui *ui;
	struct match m;
	struct ai *ai[3];	/* by stone: the computer's side, else NULL */
	int level[3];		/* the computer's level on its side */
	long long player_id[3]; /* by stone; 0 for guests and the computer */
	long long match_id;	/* the record being written, 0 for none */
	int saved;		/* moves already in the record */
	int time_per_move;	/* seconds per move, 0 = no limit */
	int deadline_ply;	/* the move the deadline is for */
	long long deadline;	/* term_now_ms() time, 0 = none */
	int shown;		/* moves on the board when last drawn */
	enum ui_status stop;	/* why the game stopped early */
};

/* Prepare g for a game of variant v between black and white (the names
 * and v's name must outlive the game), timed by ui->time_per_move.
 * Return 0, or -1 for a bad variant. */
int game_init(struct game *g, struct ui *ui, const struct variant *v,
	      const char *black, const char *white);

/* Play g's match to its end at the terminal (writing every move when
 * g->match_id is set), then show the final board and the result.
 * Return UI_OK when the game ended, else why it stopped. */
enum ui_status game_play(struct game *g);

/* Free the computer players. */
void game_free(struct game *g);

/* Flip a coin: true means `a` (the first of the two) plays black. Says
 * who moves first. */
bool game_coin_flip(struct ui *ui, const char *a, const char *b);

#endif
