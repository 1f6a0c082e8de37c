/* clock.c -- time controls and the arithmetic of a game's clock (see
 * clock.h). Pure: the times are the caller's. */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "number.h"

bool clock_valid(const struct time_control *tc)
{
	switch (tc->kind) {
	case CLOCK_NONE:
		return tc->per_move == 0 && tc->base == 0 && tc->increment == 0;
	case CLOCK_PER_MOVE:
		return tc->per_move >= 1 &&
		       tc->per_move <= CLOCK_PER_MOVE_MAX_S && tc->base == 0 &&
		       tc->increment == 0;
	case CLOCK_FISCHER:
		return tc->per_move == 0 && tc->base >= CLOCK_BASE_MIN_S &&
		       tc->base <= CLOCK_BASE_MAX_S && tc->base % 60 == 0 &&
		       tc->increment >= 0 &&
		       tc->increment <= CLOCK_INCREMENT_MAX_S;
	}
	return false;
}

int clock_control(int per_move, int base, int increment,
		  struct time_control *out)
{
	struct time_control tc = {CLOCK_NONE, per_move, base, increment};

	if (base != 0 || increment != 0)
		tc.kind = CLOCK_FISCHER;
	else if (per_move != 0)
		tc.kind = CLOCK_PER_MOVE;
	if (!clock_valid(&tc))
		return -1;
	*out = tc;
	return 0;
}

bool clock_same(const struct time_control *a, const struct time_control *b)
{
	return a->kind == b->kind && a->per_move == b->per_move &&
	       a->base == b->base && a->increment == b->increment;
}

int clock_parse(const char *text, struct time_control *out)
{
	long long minutes, seconds;
	const char *p;

	p = number_scan(text, CLOCK_BASE_MIN_S / 60, CLOCK_BASE_MAX_S / 60,
			&minutes);
	if (p == NULL || *p != '+')
		return -1;
	p = number_scan(p + 1, 0, CLOCK_INCREMENT_MAX_S, &seconds);
	if (p == NULL || *p != '\0')
		return -1;
	*out = (struct time_control){CLOCK_FISCHER, 0, (int)minutes * 60,
				     (int)seconds};
	return 0;
}

int clock_name(const struct time_control *tc, char *buf, size_t size)
{
	int n;

	if (size == 0)
		return -1;
	if (tc->kind != CLOCK_FISCHER) {
		buf[0] = '\0';
		return 0;
	}
	n = snprintf(buf, size, "%d+%d", tc->base / 60, tc->increment);
	return n >= 0 && (size_t)n < size ? 0 : -1;
}

long long clock_start_ms(const struct time_control *tc)
{
	switch (tc->kind) {
	case CLOCK_PER_MOVE:
		return 1000LL * tc->per_move;
	case CLOCK_FISCHER:
		return 1000LL * tc->base;
	case CLOCK_NONE:
		break;
	}
	return 0;
}

long long clock_turn_ms(const struct time_control *tc, long long left_ms)
{
	switch (tc->kind) {
	case CLOCK_PER_MOVE:
		return 1000LL * tc->per_move;
	case CLOCK_FISCHER:
		return left_ms > 0 ? left_ms : 0;
	case CLOCK_NONE:
		break;
	}
	return 0;
}

bool clock_move(const struct time_control *tc, long long allowed_ms,
		long long elapsed_ms, long long *after_ms)
{
	*after_ms = 0;
	if (tc->kind == CLOCK_NONE)
		return true;
	if (elapsed_ms < 0)
		elapsed_ms = 0;
	if (elapsed_ms >= allowed_ms)
		return false;
	*after_ms = allowed_ms - elapsed_ms;
	if (tc->kind == CLOCK_FISCHER)
		*after_ms += 1000LL * tc->increment;
	return true;
}

long long clock_spend(const struct time_control *tc, long long allowed_ms,
		      long long elapsed_ms)
{
	if (tc->kind == CLOCK_NONE)
		return 0;
	if (elapsed_ms < 0)
		elapsed_ms = 0;
	return elapsed_ms >= allowed_ms ? 0 : allowed_ms - elapsed_ms;
}

long long clock_left(long long allowed_ms, long long started_ms,
		     long long now_ms)
{
	long long used = now_ms - started_ms;

	if (used < 0)
		used = 0;
	return used >= allowed_ms ? 0 : allowed_ms - used;
}

int clock_format(long long ms, char *buf, size_t size)
{
	long long s;
	int n;

	if (ms < 0)
		ms = 0;
	s = ms / 1000;
	if (s >= 3600)
		n = snprintf(buf, size, "%lld:%02lld:%02lld", s / 3600,
			     s / 60 % 60, s % 60);
	else if (s >= 10)
		n = snprintf(buf, size, "%lld:%02lld", s / 60, s % 60);
	else
		n = snprintf(buf, size, "0:%02lld.%lld", s, ms / 100 % 10);
	return n >= 0 && (size_t)n < size ? 0 : -1;
}

/* ==== Who wins on time ================================================= */

/* The four directions of a line: right, down, down-right, down-left. */
static const int line_dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Whether `who` could still fill the line of K cells from (r, c) in
 * direction d: none of its cells is the other side's, and, where exactly
 * K wins for `who`, the cells just beyond its ends are not `who`'s (an
 * overline). The empty cells in it go to *empty. */
static bool line_open(const struct board *b, enum stone who, int r, int c,
		      int d, int *empty)
{
	int dr = line_dir[d][0], dc = line_dir[d][1];
	bool exact = b->rule == RULE_EXACT ||
		     (b->rule == RULE_RENJU && who == STONE_BLACK);
	int i;

	*empty = 0;
	for (i = 0; i < b->k; i++) {
		int rr = r + i * dr, cc = c + i * dc;
		enum stone s;

		if (rr < 0 || rr >= b->rows || cc < 0 || cc >= b->cols)
			return false;
		s = board_at(b, rr, cc);
		if (s == stone_other(who))
			return false;
		if (s == STONE_NONE)
			(*empty)++;
	}
	return !exact || (board_at(b, r - dr, c - dc) != who &&
			  board_at(b, r + b->k * dr, c + b->k * dc) != who);
}

/* The empty cells of b. */
static int empty_cells(const struct board *b)
{
	int n = 0, i;

	for (i = 0; i < b->rows * b->cols; i++)
		n += b->cells[i] == STONE_NONE;
	return n;
}

enum stone clock_flag_winner(const struct board *b, enum stone flagged)
{
	enum stone other = stone_other(flagged);
	int free_cells = empty_cells(b);
	int r, c, d, empty;

	/* `flagged` moves first and must put a stone outside the line
	 * before each of the other's, so the line's e empty cells need e
	 * more elsewhere. */
	for (r = 0; r < b->rows; r++)
		for (c = 0; c < b->cols; c++)
			for (d = 0; d < 4; d++)
				if (line_open(b, other, r, c, d, &empty) &&
				    free_cells - empty >= empty)
					return other;
	return STONE_NONE;
}
