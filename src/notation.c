/* notation.c -- moves and in-game commands as people type them.
 *
 * Pure C: no I/O, no globals. A line goes through five gates in a fixed
 * order: length, UTF-8, compatibility normalisation (NFKC, by GNU
 * libunistring), blank, then the grammar (a command, "ROW COL", "ROW,COL"
 * or "h8"). NFKC turns what Chinese input methods type -- full-width
 * digits and letters (８ ８, ｈ８), the full-width comma U+FF0C and the
 * ideographic space U+3000 -- into their ASCII forms, so blanks are then
 * space and tab and commas ','.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <uninorm.h>

#include "notation.h"

/* Column letters run a..z, so no more columns than this can be named. */
#define LETTER_COLS 26

/* Room for a line once normalised: NFKC may lengthen text (U+FDFA, three
 * bytes, becomes 33), but nothing a move or command is made of does. */
#define NORMAL_MAX (NOTATION_MAX_INPUT * 4)

struct command {
	const char *text;
	enum input_kind kind;
};

/* ==== UTF-8 ============================================================ */

/* Length of the valid UTF-8 sequence at s (n bytes available), or 0 when
 * it is overlong, a surrogate, above U+10FFFF, truncated or stray. */
static size_t utf8_char_len(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t need, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	if (s[0] < 0xe0) {
		need = 1;
	} else if (s[0] < 0xf0) {
		need = 2;
		lo = s[0] == 0xe0 ? 0xa0 : lo; /* overlong */
		hi = s[0] == 0xed ? 0x9f : hi; /* surrogates */
	} else {
		need = 3;
		lo = s[0] == 0xf0 ? 0x90 : lo; /* overlong */
		hi = s[0] == 0xf4 ? 0x8f : hi; /* above U+10FFFF */
	}
	if (n <= need || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i <= need; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	}
	return need + 1;
}

/* True when the len bytes at s are strict UTF-8 (see notation.h). */
int notation_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t pos = 0, step;

	if (p == NULL)
		return len == 0;
	while (pos < len) {
		step = utf8_char_len(p + pos, len - pos);
		if (step == 0)
			return 0;
		pos += step;
	}
	return 1;
}

/* ==== Scanning ========================================================= */

/* Bytes of the blank (space or tab) at s, or 0 when none is there. */
static size_t blank_len(const unsigned char *s, size_t n)
{
	return n > 0 && (s[0] == ' ' || s[0] == '\t') ? 1 : 0;
}

/* Bytes of the comma at s, or 0 when none is there. */
static size_t comma_len(const unsigned char *s, size_t n)
{
	return n > 0 && s[0] == ',' ? 1 : 0;
}

/* Position of the first non-blank at or after pos in s[0..n). */
static size_t skip_blanks(const unsigned char *s, size_t n, size_t pos)
{
	size_t step = blank_len(s + pos, n - pos);

	while (step > 0) {
		pos += step;
		step = blank_len(s + pos, n - pos);
	}
	return pos;
}

/* End of s[start..end) once trailing blanks are dropped. */
static size_t trim_end(const unsigned char *s, size_t start, size_t end)
{
	while (end > start && blank_len(s + end - 1, 1) > 0)
		end--;
	return end;
}

/* Length of s without one trailing "\n" or "\r\n". */
static size_t drop_newline(const unsigned char *s, size_t len)
{
	if (len > 0 && s[len - 1] == '\n') {
		len--;
		if (len > 0 && s[len - 1] == '\r')
			len--;
	}
	return len;
}

/* Read decimal digits at s[pos..n) into *value (-1 when it would not fit
 * in an int). Return the position after them; pos itself when none. */
static size_t scan_number(const unsigned char *s, size_t n, size_t pos,
			  int *value)
{
	int v = 0, d;

	while (pos < n && s[pos] >= '0' && s[pos] <= '9') {
		d = s[pos] - '0';
		if (v >= 0 && v <= (INT_MAX - d) / 10)
			v = v * 10 + d;
		else
			v = -1;
		pos++;
	}
	*value = v;
	return pos;
}

/* ==== Grammar ========================================================== */

/* c with ASCII A..Z turned to a..z; every other byte unchanged. */
static unsigned char ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* The command spelt by all n bytes at s (ASCII case ignored), or
 * INPUT_INVALID when it is none. Chinese forms must match byte for byte. */
static enum input_kind match_command(const unsigned char *s, size_t n)
{
	static const struct command commands[] = {
		{"undo", INPUT_UNDO},	  {"draw", INPUT_DRAW},
		{"resign", INPUT_RESIGN}, {"help", INPUT_HELP},
		{"?", INPUT_HELP},	  {"悔棋", INPUT_UNDO},
		{"和棋", INPUT_DRAW},	  {"认输", INPUT_RESIGN},
		{"帮助", INPUT_HELP},	  {"hint", INPUT_HINT},
		{"提示", INPUT_HINT},
	};
	size_t i, j;
	const char *t;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		t = commands[i].text;
		if (strlen(t) != n)
			continue;
		for (j = 0; j < n; j++) {
			if (ascii_lower(s[j]) != (unsigned char)t[j])
				break;
		}
		if (j == n)
			return commands[i].kind;
	}
	return INPUT_INVALID;
}

/* Parse all n bytes at s as "h8" or "h 8": one ASCII letter, blanks
 * or none, then digits only. Set 1-based *row and *col and return 1, or
 * return 0. */
static int parse_letter_move(const unsigned char *s, size_t n, int *row,
			     int *col)
{
	unsigned char letter;
	size_t digits;

	if (n < 2)
		return 0;
	letter = ascii_lower(s[0]);
	if (letter < 'a' || letter > 'z')
		return 0;
	digits = skip_blanks(s, n, 1);
	if (digits == n || scan_number(s, n, digits, row) != n)
		return 0;
	*col = letter - 'a' + 1;
	return 1;
}

/* Parse all n bytes at s as "ROW COL", "ROW,COL" or "ROW , COL" (blanks
 * or one comma between). Set 1-based *row and *col and return 1, or
 * return 0. */
static int parse_number_move(const unsigned char *s, size_t n, int *row,
			     int *col)
{
	size_t pos, sep, digits;

	pos = scan_number(s, n, 0, row);
	if (pos == 0)
		return 0;
	/* Digits are read greedily, so the column's digits can only start
	 * after blanks or a comma. */
	sep = skip_blanks(s, n, pos);
	if (comma_len(s + sep, n - sep) > 0)
		sep = skip_blanks(s, n, sep + comma_len(s + sep, n - sep));
	digits = scan_number(s, n, sep, col);
	return digits > sep && digits == n;
}

/* Fill *res for a 1-based row and column on a rows x cols board: a move,
 * or the range error of the one typed first (the column when
 * `col_first`, as in "h8"; else the row, as in "8 8"). */
static void place_move(int row, int col, int rows, int cols, bool col_first,
		       struct input *res)
{
	bool row_bad = row < 1 || row > rows, col_bad = col < 1 || col > cols;

	if (col_bad && (col_first || !row_bad)) {
		res->error = INPUT_ERR_COL_RANGE;
	} else if (row_bad) {
		res->error = INPUT_ERR_ROW_RANGE;
	} else {
		res->kind = INPUT_MOVE;
		res->row = row - 1;
		res->col = col - 1;
	}
}

/* Fill *res from the n bytes at s: valid UTF-8, not empty, no blanks at
 * either end. */
static void parse_line(const unsigned char *s, size_t n, int rows, int cols,
		       struct input *res)
{
	int row, col;

	res->kind = match_command(s, n);
	if (res->kind != INPUT_INVALID)
		return;
	if (parse_letter_move(s, n, &row, &col))
		place_move(row, col, rows, cols, true, res);
	else if (parse_number_move(s, n, &row, &col))
		place_move(row, col, rows, cols, false, res);
	else
		res->error = INPUT_ERR_SYNTAX;
}

/* Fill *res from the len bytes of valid UTF-8 at s: normalise them
 * (NFKC) into a buffer of ours, then drop the blanks at either end and
 * parse what is left. A line that normalises to more than NORMAL_MAX
 * bytes (libunistring then allocates; it is freed here) is too long. */
static void parse_normalised(const unsigned char *s, size_t len, int rows,
			     int cols, struct input *res)
{
	uint8_t buf[NORMAL_MAX];
	size_t n = sizeof(buf), start, end;
	uint8_t *t = u8_normalize(UNINORM_NFKC, s, len, buf, &n);

	if (t == NULL) {
		res->error = INPUT_ERR_ENCODING;
		return;
	}
	if (t != buf) {
		free(t);
		res->error = INPUT_ERR_TOO_LONG;
		return;
	}
	start = skip_blanks(buf, n, 0);
	end = trim_end(buf, start, n);
	if (start == end)
		res->error = INPUT_ERR_EMPTY;
	else
		parse_line(buf + start, end - start, rows, cols, res);
}

/* Parse one typed line into *out; return out->kind (see notation.h). */
enum input_kind notation_parse(const char *text, size_t len, int rows, int cols,
			       struct input *out)
{
	struct input res = {INPUT_INVALID, INPUT_ERR_NONE, -1, -1};
	const unsigned char *s = (const unsigned char *)text;

	if (s == NULL) {
		s = (const unsigned char *)"";
		len = 0;
	}
	len = drop_newline(s, len);
	if (len > NOTATION_MAX_INPUT)
		res.error = INPUT_ERR_TOO_LONG;
	else if (!notation_utf8_valid((const char *)s, len))
		res.error = INPUT_ERR_ENCODING;
	else
		parse_normalised(s, len, rows, cols, &res);
	if (out != NULL)
		*out = res;
	return res.kind;
}

/* ==== Formatting ======================================================= */

/* Name the 0-based cell as "h8" in buf; return buf ("?" if unnamed). */
const char *notation_format(int row, int col, char buf[NOTATION_MOVE_LEN])
{
	int label = row + 1;
	size_t pos = 0;

	if (buf == NULL)
		return "?";
	if (row < 0 || row >= 99 || col < 0 || col >= LETTER_COLS) {
		memcpy(buf, "?", 2);
		return buf;
	}
	buf[pos++] = (char)('a' + col);
	if (label >= 10)
		buf[pos++] = (char)('0' + label / 10);
	buf[pos++] = (char)('0' + label % 10);
	buf[pos] = '\0';
	return buf;
}
