/* fuzz_record.c -- record_read() on any bytes, and what it accepts
 * written and read back.
 *
 * Input: byte 0 picks the variant (K and the rule; the board of a move
 * list): a preset, or a custom shape; the rest is the text. Checks:
 *   - a refusal gives a reason and leaves no moves;
 *   - an accepted record passes record_check(), writes as PSQ and as a
 *     move list (both fit RECORD_TEXT_MAX), and each text reads back to
 *     the same moves (and, for PSQ, the same times, names and end code).
 */
#include <string.h>

#include "fuzz.h"
#include "record.h"

/* Big records live here rather than on the stack. */
static struct game_record first, again;
static char text[RECORD_TEXT_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* The variant byte `b` picks: one of the presets, or a custom board. */
static struct variant pick_variant(uint8_t b)
{
	const struct variant *preset = rules_preset_at(b % 8);
	struct variant v = {"custom", 3 + b % 24, 3 + (b / 3) % 24, 3 + b % 5,
			    (b & 0x80) != 0 ? RULE_EXACT : RULE_FREESTYLE};

	if (b < 128 && preset != NULL)
		return *preset;
	if (v.k > v.rows && v.k > v.cols)
		v.k = v.rows;
	return v;
}

/* True when a and b hold the same moves on the same board. */
static int same_moves(const struct game_record *a, const struct game_record *b)
{
	return a->rows == b->rows && a->cols == b->cols &&
	       a->nmoves == b->nmoves &&
	       memcmp(a->moves, b->moves,
		      sizeof(a->moves[0]) * (size_t)a->nmoves) == 0;
}

/* Write the accepted record `first` as PSQ, read it back, compare. */
static void round_trip_psq(const struct variant *v)
{
	size_t len;

	FUZZ_CHECK(record_write_psq(&first, text, sizeof(text), &len) ==
		   RECORD_OK);
	FUZZ_CHECK(len == strlen(text));
	FUZZ_CHECK(record_read(text, len, v, &again, NULL) == RECORD_OK);
	FUZZ_CHECK(same_moves(&first, &again));
	FUZZ_CHECK(memcmp(first.ms, again.ms,
			  sizeof(first.ms[0]) * (size_t)first.nmoves) == 0);
	FUZZ_CHECK(strcmp(first.black, again.black) == 0);
	FUZZ_CHECK(strcmp(first.white, again.white) == 0);
	FUZZ_CHECK(first.end_code == again.end_code);
}

/* Write `first` as a move list, read it back on its board, compare. */
static void round_trip_moves(const struct variant *v)
{
	struct variant shape = *v;
	size_t len;

	shape.rows = first.rows;
	shape.cols = first.cols;
	FUZZ_CHECK(record_write_moves(&first, text, sizeof(text), &len) ==
		   RECORD_OK);
	FUZZ_CHECK(len == strlen(text));
	FUZZ_CHECK(record_read(text, len, &shape, &again, NULL) == RECORD_OK);
	FUZZ_CHECK(same_moves(&first, &again));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct record_error err;
	struct variant v;
	struct board b;
	enum record_reason r;

	if (size < 1)
		return 0;
	v = pick_variant(data[0]);
	r = record_read((const char *)data + 1, size - 1, &v, &first, &err);
	FUZZ_CHECK(r == err.reason);
	if (r != RECORD_OK) {
		FUZZ_CHECK(first.nmoves == 0);
		return 0;
	}
	FUZZ_CHECK(first.nmoves >= 1 &&
		   first.nmoves <= first.rows * first.cols);
	FUZZ_CHECK(record_check(&first, &b, NULL) == RECORD_OK);
	FUZZ_CHECK(b.nmoves == first.nmoves);
	round_trip_psq(&v);
	round_trip_moves(&v);
	return 0;
}
