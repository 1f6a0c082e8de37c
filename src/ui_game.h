/* ui_game.h -- private to the ui: one game at the terminal, whoever
 * plays it (people or the computer) and whether or not it is recorded.
 * ui_game.c runs a game and keeps its record; ui_matches.c chooses the
 * games (ranked, against the computer, resumed) and calls ui_game.c. */
#ifndef GOMOKU_UI_GAME_H
#define GOMOKU_UI_GAME_H

#include "ai.h"
#include "match.h"
#include "ui.h"

struct game {
	struct ui *ui;
	struct match m;
	struct ai *ai[2];	/* by seat (match.h): the computer, else NULL */
	int level[2];		/* by seat: the computer's level */
	long long player_id[2]; /* by seat; 0 for guests and the computer */
	int record_kind;	/* enum match_kind to record, 0: not kept */
	long long match_id;	/* the record being written, 0 until open */
	int saved;		/* moves already in the record */
	int saved_stones;	/* the record's opening_stones */
	bool saved_final;	/* the record's colours_final */
	int time_per_move;	/* seconds per move, 0 = no limit */
	int deadline_ply;	/* the move the deadline is for */
	long long deadline;	/* term_now_ms() time, 0 = none */
	long long used_ms;	/* resumed: what the move to play (ply
				 * deadline_ply) had used already */
	int only_seat;		/* -1: both seats here; else the one seat
				 * present, which plays until the other
				 * must act */
	bool waiting;		/* stopped for the absent seat's turn */
	bool elsewhere;		/* another process ended or changed the
				 * record: the game stopped */
	bool closed;		/* the record is no longer unfinished */
	int shown;		/* moves on the board when last drawn */
	enum ui_status stop;	/* why the game stopped early */
};

/* Prepare g for a game of variant v between seat 0 (black unless the
 * opening says otherwise) and seat 1 (the names and v's name must outlive
 * the game), with ui->opening when `opening` is true, timed by
 * ui->time_per_move. Return 0, or -1 for a bad variant. Allocates
 * nothing: only the computer players a caller adds need game_free(). */
int game_init(struct game *g, struct ui *ui, const struct variant *v,
	      const char *first, const char *second, bool opening);

/* Play g's match to its end at the terminal, then show the final board
 * and the result. When g->record_kind is set, the match's record is
 * opened at once (during a swap2 opening black is the first placer until
 * the colours are known), every stone (and undo, and the opening's
 * choices) is written as it is played, and the end is saved with the
 * players' new counters ("Match N saved."); a game that stops early stays
 * unfinished in the database with the time the move to play had used,
 * to be resumed. Before each prompt, and when a write is refused, the
 * record is read again: a match another process ended or changed stops
 * here with a message (g->elsewhere). With g->only_seat set, play stops
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
 * who moves first. With `secure` (ranked matches) the coin is the
 * system's secure random source, never ui->rng (which --seed fixes). */
bool game_coin_flip(struct ui *ui, const char *a, const char *b, bool secure);

#endif
