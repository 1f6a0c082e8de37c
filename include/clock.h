/* clock.h -- time controls and the arithmetic of a game's clock.
 *
 * Pure C: no I/O, no globals, no clock of its own: every time is the
 * caller's, in milliseconds, so the store (which keeps the clocks) and
 * the tests give explicit times. Three controls: none; a time per move
 * (each move gets the whole time again); and a Fischer game clock (each
 * side has `base` seconds for the game, and every move made in time
 * adds `increment` seconds to the mover's clock).
 *
 * The flag falls when the time is used up: a move made with 1 ms left
 * is in time, one made at the instant the clock reaches 0 is not.
 */
#ifndef GOMOKU_CLOCK_H
#define GOMOKU_CLOCK_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"

#define CLOCK_BASE_MIN_S      60 /* a game clock: 1 to 180 minutes */
#define CLOCK_BASE_MAX_S      10800
#define CLOCK_INCREMENT_MAX_S 60    /* and 0 to 60 s a move */
#define CLOCK_PER_MOVE_MAX_S  86400 /* a time per move, as --time-per-move */

enum clock_kind { CLOCK_NONE = 0, CLOCK_PER_MOVE, CLOCK_FISCHER };

/* A time control. Only the fields of its kind count; the others are 0
 * in a control clock_valid() accepts. */
struct time_control {
	enum clock_kind kind;
	int per_move;  /* CLOCK_PER_MOVE: seconds, 1..CLOCK_PER_MOVE_MAX_S */
	int base;      /* CLOCK_FISCHER: seconds each side starts with */
	int increment; /* CLOCK_FISCHER: seconds added after each move */
};

/* True when *tc is a control this program plays: its kind known, its
 * own fields in range (a game clock's base a whole number of minutes),
 * the others 0. */
bool clock_valid(const struct time_control *tc);

/* The control of `per_move` seconds a move, or else of a game clock of
 * `base` seconds and `increment` (as the store keeps them: 0s for
 * none), into *out. Return 0, or -1 (*out unchanged) when that is not
 * a valid control (both kinds at once, or out of range). */
int clock_control(int per_move, int base, int increment,
		  struct time_control *out);

/* True when *a and *b are the same control. */
bool clock_same(const struct time_control *a, const struct time_control *b);

/* Parse a game clock written "MINUTES+SECONDS" ("5+3": 5 minutes a side,
 * 3 s a move; base 1..180, increment 0..60) into *out. Return 0, or -1
 * with *out unchanged when `text` is anything else. */
int clock_parse(const char *text, struct time_control *out);

/* Write control *tc as clock_parse() reads it ("5+3") into buf[size];
 * "" for the other kinds (their words are the ui's). Return 0, or -1
 * when it does not fit. */
int clock_name(const struct time_control *tc, char *buf, size_t size);

/* The time each side has at the start of the game: the base of a game
 * clock, the time per move, or 0 (no limit). */
long long clock_start_ms(const struct time_control *tc);

/* The time a turn has when it begins, for the side whose game clock
 * shows `left_ms`: that for a game clock, the whole time per move for a
 * time per move, 0 (no limit) without a clock. */
long long clock_turn_ms(const struct time_control *tc, long long left_ms);

/* A turn that began with `allowed_ms` (clock_turn_ms()) ended after
 * `elapsed_ms` (negative counts as 0) with a move: when it was in time
 * (elapsed < allowed), the mover's clock after the move, the increment
 * added for a game clock (what a time per move had left, for the
 * record), into *after_ms, and true. False when the flag fell first:
 * *after_ms is then 0. Without a clock always true, *after_ms 0. */
bool clock_move(const struct time_control *tc, long long allowed_ms,
		long long elapsed_ms, long long *after_ms);

/* The same turn ended without a move (a swap2 choice, a take-back): the
 * time used is spent, no increment is added, and a clock never goes
 * below 0. Return the mover's clock after it (0 without a clock). */
long long clock_spend(const struct time_control *tc, long long allowed_ms,
		      long long elapsed_ms);

/* What a turn that began at `started_ms` with `allowed_ms` has left at
 * `now_ms` (never below 0, never more than allowed_ms). */
long long clock_left(long long allowed_ms, long long started_ms,
		     long long now_ms);

/* Write `ms` as a clock shows it into buf[size]: "1:02:03" from an hour,
 * "4:59" from 10 s, "0:09.3" (tenths) below; rounded down, so "0:00.0"
 * only in the last tenth. Negative counts as 0. Return 0, or -1 when it
 * does not fit. */
int clock_format(long long ms, char *buf, size_t size);

/* Who wins when `flagged` runs out of time on board b: the other side,
 * or STONE_NONE (a draw) when the other side can no longer make K in a
 * row whatever is played (every line of K cells holds a stone of
 * `flagged`, or too few empty cells are left to fill one while
 * `flagged` moves in between, or the board is full). */
enum stone clock_flag_winner(const struct board *b, enum stone flagged);

#endif
