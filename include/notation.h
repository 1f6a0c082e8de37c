/* notation.h -- moves and in-game commands as people type them.
 *
 * Pure C: no I/O, no globals. Accepted forms of a move on a board of R
 * rows and C columns (labels are 1-based, as on screen):
 *   "8 8", "8,8", "8, 8"   row then column
 *   "h8", "H8", "h 8"      column letter a..z, then the row number
 * Surrounding blanks are ignored. A coordinate off the board is refused
 * for the one typed first when both are (the column of "z99", the row
 * of "99 99"). Commands: undo, draw, resign, help
 * and hint (any case), "?", and their Chinese forms 悔棋, 和棋, 认输,
 * 帮助, 提示. A line is first normalised (Unicode NFKC), so full-width
 * digits, letters and punctuation count as their ASCII forms ("８ ８",
 * "ｈ８", "８，８", the ideographic space U+3000 as a blank).
 */
#ifndef GOMOKU_NOTATION_H
#define GOMOKU_NOTATION_H

#include <stddef.h>

#include "board.h"

/* Longest input line that can be a move or command, in bytes. */
#define NOTATION_MAX_INPUT 64

/* Room for a formatted move: "z26" plus the terminating NUL. */
#define NOTATION_MOVE_LEN 4

enum input_kind {
	INPUT_MOVE,
	INPUT_UNDO,
	INPUT_DRAW,
	INPUT_RESIGN,
	INPUT_HELP,
	INPUT_HINT, /* show black's forbidden points (renju) */
	INPUT_INVALID
};

/* Why a line was refused, when kind is INPUT_INVALID. */
enum input_error {
	INPUT_ERR_NONE = 0,
	INPUT_ERR_EMPTY,     /* nothing but blanks */
	INPUT_ERR_TOO_LONG,  /* longer than NOTATION_MAX_INPUT */
	INPUT_ERR_ENCODING,  /* bytes that are not valid UTF-8 */
	INPUT_ERR_SYNTAX,    /* not a move or a known command */
	INPUT_ERR_ROW_RANGE, /* row number outside 1..rows */
	INPUT_ERR_COL_RANGE  /* column outside 1..cols or a..(cols) */
};

struct input {
	enum input_kind kind;
	enum input_error error; /* INPUT_ERR_NONE unless INPUT_INVALID */
	int row, col;		/* 0-based, for INPUT_MOVE */
};

/* Parse `len` bytes of `text` (need not be NUL-terminated; a trailing
 * newline is allowed) as a move on a rows x cols board or a command.
 * Always fills *out; returns out->kind. Allocates nothing that outlives
 * the call (a line that normalises to something huge is refused as too
 * long, the memory libunistring took for it freed). */
enum input_kind notation_parse(const char *text, size_t len, int rows, int cols,
			       struct input *out);

/* Write the move (0-based row, col) as "h8" into buf[NOTATION_MOVE_LEN].
 * Return buf, or "?" when the cell cannot be named (col >= 26). */
const char *notation_format(int row, int col, char buf[NOTATION_MOVE_LEN]);

/* True when the `len` bytes at s are valid UTF-8 (no overlongs, no
 * surrogates, nothing above U+10FFFF). */
int notation_utf8_valid(const char *s, size_t len);

#endif
