/* duel.h -- one arena game: two pbrain engines from an opening to its
 * end, refereed on a struct board, written as a PSQ file.
 *
 * The manager's side of the protocol, as Piskvork speaks it: START 15,
 * INFO timeout_turn / timeout_match 0 / max_memory 0 / game_type 1 /
 * rule, and two lines of ours: INFO max_node when the setup has a node
 * count, and INFO seed, a number made from the setup's seed, the game's
 * number and the player, so that each engine's random choices in a game
 * are the same however often and wherever it is played (an engine that
 * knows neither line ignores it, as the protocol says); then the side to move
 * gets BEGIN (no stones yet) or BOARD ... DONE (the stones so far, 1 its own
 * and 2 the opponent's, in the order played) the first time, TURN x,y (the
 * opponent's move) after that; END at the end. MESSAGE and DEBUG lines are
 * skipped.
 *
 * The side to move loses when it does not answer "x,y" within the time
 * per move plus the tolerance (time-out), when its process dies or
 * answers anything else (crash), when its move is off the board or on a
 * stone (illegal) or, under renju, black's move is forbidden. Its time is
 * the wall-clock time from the command sent to the answer read, measured
 * for each engine on its own. A five wins, a full board is a draw.
 */
#ifndef ARENA_DUEL_H
#define ARENA_DUEL_H

#include "board.h"

#define DUEL_SIZE	 15 /* the board: 15 x 15 */
#define DUEL_OPENING_MAX 16 /* stones of an opening, at most */
#define DUEL_NAME_MAX	 40 /* bytes of a player's name */
#define DUEL_DETAIL_MAX	 160

/* What every game of a match shares. Players are 0 and 1 (p1, p2). */
struct duel_setup {
	const char *command[2]; /* each engine's command line */
	char name[2][DUEL_NAME_MAX + 1];
	int turn_ms, tolerance_ms, start_ms;
	int nodes; /* INFO max_node for both engines; 0: none sent */
	int seed;  /* the match's: each game's seeds are made from it */
	enum rule rule;
	const char *out_dir; /* PSQ files (and engines' stderr) go here */
};

/* An opening: stones in the order played, black first. */
struct opening {
	int n;
	struct move moves[DUEL_OPENING_MAX];
};

/* How a game ended. */
enum duel_reason {
	DUEL_FIVE = 0,	 /* a five (exactly five where the rule says) */
	DUEL_FULL,	 /* the board filled up: a draw */
	DUEL_TIMEOUT,	 /* no answer in the time per move + tolerance */
	DUEL_CRASH,	 /* the process died or answered garbage */
	DUEL_ILLEGAL,	 /* a move off the board or on a stone */
	DUEL_FORBIDDEN,	 /* renju: black played a forbidden point */
	DUEL_NOT_PLAYED, /* the arena itself failed (no engine process) */
};

/* One game's outcome. Player indexes are 0 (p1) and 1 (p2). */
struct duel_result {
	int game;    /* 0-based number in the match */
	int opening; /* 0-based index of the opening */
	int black;   /* the player who had black */
	int winner;  /* the player who won, or -1: a draw (or not played) */
	int faulty;  /* the player at fault (time-out, crash, illegal), -1 */
	enum duel_reason reason;
	int moves;	 /* stones on the board at the end, opening included */
	double worst[2]; /* each player's longest move, ms */
	char detail[DUEL_DETAIL_MAX]; /* the fault in words, "" when none */
	int saved;		      /* 1 when the PSQ file was written */
};

/* Play game number `game` (0-based) of opening o, `black` (0 or 1)
 * having black, under s; write out_dir/game-NNN.psq (NNN = game + 1);
 * fill *res. Engines are started and stopped here; nothing is printed.
 * Never fails as such: a fault is a result, and DUEL_NOT_PLAYED says the
 * arena could not run the engines at all. */
void duel_play(const struct duel_setup *s, const struct opening *o, int opening,
	       int game, int black, struct duel_result *res);

/* The short word for a reason ("five", "time-out", ...): a constant. */
const char *duel_reason_word(enum duel_reason r);

#endif
