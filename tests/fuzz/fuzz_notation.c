/* fuzz_notation.c -- notation_parse() and notation_utf8_valid() on any
 * bytes and any board size.
 *
 * Input: byte 0 picks the rows and byte 1 the columns (1..30, so sizes
 * beyond what a board allows are tried too); the rest is the line, not
 * NUL-terminated, so reading past it trips AddressSanitizer. Checks:
 *   - the result is well formed: a move lies on the board, an error is
 *     given exactly when the line is refused;
 *   - bytes that are not UTF-8 (by a separate decoder written here) are
 *     never a move or a command, and notation_utf8_valid() agrees with
 *     that decoder on every input;
 *   - a move, written back with notation_format() when its column has a
 *     letter, parses to the same cell.
 */
#include <string.h>

#include "fuzz.h"
#include "notation.h"

#define SIZE_SPAN 30

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* The code point of the UTF-8 sequence of `len` bytes at s (lead byte
 * checked by the caller), or -1 when a continuation byte is wrong. */
static long decode(const unsigned char *s, size_t len)
{
	static const unsigned char lead_bits[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
	long cp = s[0] & lead_bits[len];
	size_t i;

	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	return cp;
}

/* Strict UTF-8, decoded the slow way: each sequence's code point must
 * need exactly that many bytes, not be a surrogate, not pass U+10FFFF. */
static int reference_utf8(const unsigned char *s, size_t n)
{
	static const long smallest[] = {0, 0, 0x80, 0x800, 0x10000};
	size_t pos = 0;

	while (pos < n) {
		size_t len = s[pos] < 0x80	       ? 1
			     : (s[pos] & 0xe0) == 0xc0 ? 2
			     : (s[pos] & 0xf0) == 0xe0 ? 3
			     : (s[pos] & 0xf8) == 0xf0 ? 4
						       : 0;
		long cp;

		if (len == 0 || len > n - pos)
			return 0;
		cp = decode(s + pos, len);
		if (cp < smallest[len] || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		pos += len;
	}
	return 1;
}

/* Check one parse of `text` on a rows x cols board. */
static void check_parse(const char *text, size_t len, int rows, int cols)
{
	char again[NOTATION_MOVE_LEN];
	struct input in, back;

	memset(&in, 0xa5, sizeof(in)); /* notation_parse must fill it all */
	FUZZ_CHECK(notation_parse(text, len, rows, cols, &in) == in.kind);
	FUZZ_CHECK(in.kind >= INPUT_MOVE && in.kind <= INPUT_INVALID);
	FUZZ_CHECK((in.kind == INPUT_INVALID) == (in.error != INPUT_ERR_NONE));
	FUZZ_CHECK(in.error >= INPUT_ERR_NONE &&
		   in.error <= INPUT_ERR_COL_RANGE);
	if (!reference_utf8((const unsigned char *)text, len))
		FUZZ_CHECK(in.kind == INPUT_INVALID);
	if (in.kind != INPUT_MOVE)
		return;
	FUZZ_CHECK(in.row >= 0 && in.row < rows);
	FUZZ_CHECK(in.col >= 0 && in.col < cols);
	if (in.col >= 26)
		return;
	notation_format(in.row, in.col, again);
	FUZZ_CHECK(notation_parse(again, strlen(again), rows, cols, &back) ==
		   INPUT_MOVE);
	FUZZ_CHECK(back.row == in.row && back.col == in.col);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data + 2;
	size_t len;
	int rows, cols;

	if (size < 2)
		return 0;
	rows = 1 + data[0] % SIZE_SPAN;
	cols = 1 + data[1] % SIZE_SPAN;
	len = size - 2;
	FUZZ_CHECK(notation_utf8_valid(text, len) ==
		   reference_utf8(data + 2, len));
	check_parse(text, len, rows, cols);
	check_parse(text, len, 15, 15);
	return 0;
}
