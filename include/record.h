/* record.h -- game records as text: Piskvork's PSQ file and a move list.
 *
 * Pure C: no I/O, no allocation, no globals. record_read() is a function
 * of (bytes, length) alone and never reads outside them, whatever they
 * hold; the writers fill a buffer the caller owns.
 *
 * ---- PSQ, as written here ------------------------------------------------
 * The layout Piskvork (the Gomocup manager) saves with savePsq() and
 * opens with openPsq() (plastovicka/Piskvork, source/game.cpp):
 *
 *     Piskvorky 15x15, 0:0, 0        width x height, the two players'
 *     8,8,1520                       levels (0 = human), who began (0)
 *     9,9,830                        x,y,ms per move: x the column, y the
 *     8,9,2017                       row, both 1-based from the top left;
 *     alice                          ms the time the move took
 *     bob                            black's name, then white's
 *     0                              the end code
 *
 * Lines end in "\n"; every line, the last included, has one. A game
 * under any other rule than five-or-more (freestyle, K = 5) gets one more
 * line after the end code, "RULE K" ("renju 5", "exact 5",
 * "freestyle 4"), which PSQ readers skip; record_rule_line() finds it. The name
 * lines are left out when both names are empty (unless a rule line
 * follows, see below); when only one is, it is
 * written "-" (and a name line "-" reads back as an empty name). The end
 * code is always written. Piskvork's codes: 0 a normal end (a five, a full
 * board, or a saved game), 15 a timeout, -2 an engine error; published
 * tournament files also hold -1. The code is kept as read, not judged.
 * Note: when Piskvork itself opens a file, a name line that does not start
 * with "homo-" is taken for an engine's file name (its own files say
 * "homo-1", "homo-2" for people), so it may try to start that engine.
 * Usernames always write safely; a name with a comma after a leading
 * digit or sign, blanks at either end or control characters is refused.
 *
 * ---- PSQ, as accepted ----------------------------------------------------
 * - A UTF-8 byte order mark, blank lines anywhere, "\r\n" line ends,
 *   blanks (space, tab) around lines and fields, a last line without
 *   "\n" unless it is a move line (then the file was cut: refused).
 * - Header "Piskvorky WxH, A:B, C" (the word in any case, 'x' or 'X'):
 *   W, H in 3..26; A, B any numbers (levels); C 0 or 1, as Piskvork checks.
 * - Move lines "x,y" or "x,y,ms": the time is optional (0 when missing),
 *   0..RECORD_MS_MAX. A line that starts with a digit or sign and holds a
 *   comma is a move line and must be one.
 * - After the moves: nothing; or the end code alone; or black's and
 *   white's names, then optionally the end code, then at most
 *   RECORD_EXTRA_LINES further lines, which are ignored (some converters
 *   add one such as "1,Freestyle"). Names: at most RECORD_NAME_MAX bytes,
 *   no control characters (C0, DEL, C1); their blanks at both ends go.
 * - Every move is replayed on a struct board with the caller's K and rule
 *   (PSQ does not say them): off the board, an occupied cell, a move
 *   after a win and a move after a full board are refused.
 *
 * ---- The rule ------------------------------------------------------------
 * Neither format has a field for K or the rule, and the writers write
 * none: the caller's variant decides them when reading, and the caller
 * keeps them with the game when writing (the store's match row does).
 * Read with a RULE_RENJU variant (K 5, sides of at least 5), a game is
 * replayed under renju: black's move to a forbidden point (overline,
 * double-four, double-three; see renju.h) is refused with
 * RECORD_ERR_FORBIDDEN and its line, black wins only with exactly five,
 * white with five or more. The same file read as freestyle may give
 * another game or another refusal.
 *
 * ---- The move list ---------------------------------------------------------
 * Written as the moves in notation.h's "h8" form (column letter, 1-based
 * row) separated by one space, on one line ending in "\n". Read: words
 * separated by blanks, commas or line breaks, over any number of lines.
 * It names no board, so the caller's shape is used. A list cut in the
 * middle of a move ("j1" of "j10") cannot be told from a shorter list:
 * prefer PSQ for files that travel.
 */
#ifndef GOMOKU_RECORD_H
#define GOMOKU_RECORD_H

#include <stddef.h>

#include "board.h"
#include "match.h" /* a game's result and reason */
#include "rules.h"

#define RECORD_NAME_MAX	   80		/* bytes of a name, NUL not counted */
#define RECORD_LINE_MAX	   4096		/* bytes of an input line, no "\n" */
#define RECORD_INPUT_MAX   (1L << 20)	/* bytes of a whole input */
#define RECORD_MS_MAX	   2147483647LL /* a move's time: Piskvork's int */
#define RECORD_EXTRA_LINES 4		/* ignored lines after the end code */
#define RECORD_TEXT_MAX	   16384	/* room for any record written */

/* Piskvork's end codes (the last line of a PSQ file). */
#define RECORD_END_NORMAL  0
#define RECORD_END_TIMEOUT 15
#define RECORD_END_ERROR   (-2)

enum record_format { RECORD_FORMAT_PSQ = 0, RECORD_FORMAT_MOVES };

/* A game as a file holds it. ms[i] is the time move i took, in ms (0 when
 * unknown); names are NUL-terminated UTF-8, "" when unknown. */
struct game_record {
	int rows, cols, k;
	enum rule rule;
	enum record_format format; /* what record_read() found */
	int nmoves;
	struct move moves[BOARD_MAX_CELLS]; /* 0-based, black first */
	long long ms[BOARD_MAX_CELLS];
	char black[RECORD_NAME_MAX + 1], white[RECORD_NAME_MAX + 1];
	int end_code; /* PSQ's last line; RECORD_END_NORMAL by default */
};

/* Why a text or a record was refused. The UI words them. */
enum record_reason {
	RECORD_OK = 0,
	RECORD_ERR_EMPTY,     /* no bytes, or only blanks and line breaks */
	RECORD_ERR_TOO_BIG,   /* more than RECORD_INPUT_MAX bytes */
	RECORD_ERR_NUL,	      /* a NUL byte */
	RECORD_ERR_LINE_LONG, /* a line longer than RECORD_LINE_MAX bytes */
	RECORD_ERR_ENCODING,  /* bytes that are not UTF-8 */
	RECORD_ERR_FORMAT,    /* neither a PSQ header nor a move list */
	RECORD_ERR_HEADER,    /* "Piskvorky" but not "Piskvorky WxH, A:B, C" */
	RECORD_ERR_SIZE,      /* a side outside 3..26, or K does not fit */
	RECORD_ERR_SYNTAX,    /* should be a move and is not one */
	RECORD_ERR_NUMBER,    /* a number with absurdly many digits */
	RECORD_ERR_TIME,      /* a time below 0 or above RECORD_MS_MAX */
	RECORD_ERR_OFF_BOARD, /* a move outside the board */
	RECORD_ERR_OCCUPIED,  /* a move on a cell already taken */
	RECORD_ERR_GAME_OVER, /* a move after the game was won */
	RECORD_ERR_TOO_MANY,  /* a move after the board was full */
	RECORD_ERR_TRUNCATED, /* the text stops inside a move line */
	RECORD_ERR_TRAILER,   /* after the moves: not names and an end code */
	RECORD_ERR_NAME,      /* a name too long, or with control characters */
	RECORD_ERR_NO_MOVES,  /* a game without a single move */
	RECORD_ERR_SPACE,     /* writers: the buffer is too small */
	RECORD_ERR_FORBIDDEN  /* RULE_RENJU: black's move to a forbidden
			       * point (board_play_verdict() says why) */
};

/* Where and why. line: 1-based line of the text (1 for the text as a
 * whole), 0 when no text was read (record_check, the writers). move:
 * 1-based number of the move concerned, 0 when none is. */
struct record_error {
	enum record_reason reason;
	int line;
	int move;
};

/* Start an empty record for a rows x cols board with k in a row under
 * `rule`: no moves, no names, end code RECORD_END_NORMAL, format PSQ.
 * Return 0, or -1 (record still emptied) when board_init() refuses the
 * shape and rule (board_rule_valid(): RULE_RENJU needs k 5 on a board at
 * least 5x5). */
int record_init(struct game_record *r, int rows, int cols, int k,
		enum rule rule);

/* Read a PSQ file or a move list from the `len` bytes at `text` (need not
 * be NUL-terminated) into *out. The shape comes from the PSQ header (or
 * from v for a move list); K and the rule always from v (NULL: the
 * default variant, 15x15, five, freestyle), and out->rule is v's. Every
 * move is replayed (under renju too: see "The rule" above); a PSQ board
 * that v's rule does not allow (renju under 5x5) is RECORD_ERR_SIZE.
 * Return RECORD_OK, or the reason, also in *err (when not NULL) with the
 * line. On refusal *out holds no moves. */
enum record_reason record_read(const char *text, size_t len,
			       const struct variant *v, struct game_record *out,
			       struct record_error *err);

/* Check that r can be written and read back: a valid shape and rule,
 * 1..rows*cols moves that replay legally under r->rule (none after a
 * win, none forbidden under renju), times in 0..RECORD_MS_MAX and names
 * that write safely (see above). When b is not NULL it is left holding
 * the replayed game (its state, winner and winning line) on success. Return
 * RECORD_OK or the reason, also in *err (when not NULL). */
enum record_reason record_check(const struct game_record *r, struct board *b,
				struct record_error *err);

/* How the game in r ended, as far as a file can say, from b as
 * record_check() left it: K in a row (the winner, REASON_FIVE), a full
 * board (RESULT_DRAW, REASON_FULL), or the timeout end code (the player
 * to move lost, REASON_TIMEOUT). Nothing else can be told: code 0 also
 * ends a game saved half-way, and PSQ has no code for a resignation or
 * an agreed draw, so any other game's end is unknown (RESULT_NONE,
 * REASON_NONE), never a draw. Cannot fail. */
void record_result(const struct game_record *r, const struct board *b,
		   enum match_result *result, enum match_reason *reason);

/* Write r as PSQ (above) into buf, NUL-terminated. *len (when not NULL)
 * gets the text's length without the NUL, even when it did not fit.
 * Return RECORD_OK; RECORD_ERR_SPACE when cap < *len + 1 (RECORD_TEXT_MAX
 * is always enough); or what record_check() says, writing nothing (*len
 * 0, buf "" when cap > 0). */
enum record_reason record_write_psq(const struct game_record *r, char *buf,
				    size_t cap, size_t *len);

/* Write r's moves as "h8 i9 ...\n" into buf; same contract as
 * record_write_psq(). */
enum record_reason record_write_moves(const struct game_record *r, char *buf,
				      size_t cap, size_t *len);

/* Find the "RULE K" line a PSQ text written by record_write_psq() ends
 * with for a game not played five-or-more (see above), and set v's rule
 * and k from it. Return 1 when found, 0 when the text has none (v is
 * then unchanged). Pure: reads only the `len` bytes at text. */
int record_rule_line(const char *text, size_t len, struct variant *v);

/* Each move's own time from the times since the game's start (store.h's
 * move_ms): ms[i] = elapsed[i] - elapsed[i - 1], elapsed[-1] being 0,
 * clamped to 0..RECORD_MS_MAX. The arrays may not overlap. */
void record_ms_from_elapsed(const long long *elapsed, int n, long long *ms);

/* The reverse: running sums of ms (each clamped to 0..RECORD_MS_MAX). */
void record_ms_to_elapsed(const long long *ms, int n, long long *elapsed);

#endif
