/* record.c -- game records as text: Piskvork's PSQ file and a move list.
 *
 * Pure C: no I/O, no allocation, no globals. Reading walks the bytes one
 * line at a time through a cursor that checks each line (length, NUL,
 * UTF-8) before anything looks inside it, then replays every move on a
 * struct board. Writing goes through a small builder that counts every
 * byte and stores only those that fit. The formats are described in
 * record.h.
 */
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "notation.h"
#include "record.h"
#include "strbuf.h"

/* The word that opens a PSQ header, matched in any case. */
#define PSQ_WORD     "piskvorky"
#define PSQ_WORD_LEN 9

/* More digits than this in one number is not a game record. */
#define DIGITS_MAX 18

/* Lines after the moves: two names, the end code, then the extras. */
#define TRAILER_MAX (3 + RECORD_EXTRA_LINES)

/* The UTF-8 byte order mark some editors put first. */
#define BOM	"\xef\xbb\xbf"
#define BOM_LEN 3

/* Bytes of text and where reading has got to. */
struct cursor {
	const unsigned char *s;
	size_t len, pos;
	int line; /* the last line read, 1-based */
};

/* One line, blanks and the line end trimmed off. */
struct line {
	const unsigned char *s;
	size_t n;
	int no;	    /* 1-based */
	bool ended; /* a "\n" closed it */
};

/* A position inside one line. */
struct scan {
	const unsigned char *s;
	size_t n, pos;
};

/* ==== Small helpers ========================================================
 */

/* Fill *e with why, line and move. Return -1, for "return fail(...)". */
static int fail(struct record_error *e, enum record_reason why, int line,
		int move)
{
	e->reason = why;
	e->line = line;
	e->move = move;
	return -1;
}

/* True for the blanks allowed around lines and fields. */
static bool is_blank(unsigned char c)
{
	return c == ' ' || c == '\t';
}

/* True for an ASCII decimal digit. */
static bool is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* True for an ASCII letter. */
static bool is_letter(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* True when the n bytes at s hold a control character: C0, DEL, or C1
 * (U+0080..U+009F, in valid UTF-8 always C2 80..C2 9F). */
static bool has_control(const unsigned char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] < 0x20 || s[i] == 0x7f)
			return true;
		if (s[i] == 0xc2 && i + 1 < n && s[i + 1] <= 0x9f)
			return true;
	}
	return false;
}

/* True when the n bytes at s look like "h8": a letter, then digits. */
static bool is_letter_move(const unsigned char *s, size_t n)
{
	size_t i;

	if (n < 2 || !is_letter(s[0]))
		return false;
	for (i = 1; i < n; i++) {
		if (!is_digit(s[i]))
			return false;
	}
	return true;
}

/* True when the n bytes at s are a move line or meant to be one: they
 * start with a digit or a sign and hold a comma. */
static bool is_move_like(const unsigned char *s, size_t n)
{
	if (n == 0 || !(is_digit(s[0]) || s[0] == '+' || s[0] == '-'))
		return false;
	return memchr(s, ',', n) != NULL;
}

/* ==== Lines ================================================================
 */

/* Start reading len bytes at text, past a byte order mark if one leads. */
static void cursor_start(struct cursor *c, const char *text, size_t len)
{
	c->s = (const unsigned char *)text;
	c->len = len;
	c->pos = 0;
	c->line = 0;
	if (len >= BOM_LEN && memcmp(text, BOM, BOM_LEN) == 0)
		c->pos = BOM_LEN;
}

/* Drop blanks (and, at the end, carriage returns) around ln's bytes. */
static void trim_line(struct line *ln)
{
	while (ln->n > 0 && is_blank(ln->s[0])) {
		ln->s++;
		ln->n--;
	}
	while (ln->n > 0 &&
	       (is_blank(ln->s[ln->n - 1]) || ln->s[ln->n - 1] == '\r'))
		ln->n--;
}

/* Read the next line into *ln, checking its length, NUL bytes and UTF-8.
 * Return 1, 0 when the text is used up, or -1 with *e filled. */
static int next_line(struct cursor *c, struct line *ln, struct record_error *e)
{
	const unsigned char *start, *nl;
	size_t raw;

	if (c->pos >= c->len)
		return 0;
	start = c->s + c->pos;
	nl = memchr(start, '\n', c->len - c->pos);
	raw = nl != NULL ? (size_t)(nl - start) : c->len - c->pos;
	c->pos += raw + (nl != NULL);
	c->line++;
	if (raw > RECORD_LINE_MAX)
		return fail(e, RECORD_ERR_LINE_LONG, c->line, 0);
	if (memchr(start, '\0', raw) != NULL)
		return fail(e, RECORD_ERR_NUL, c->line, 0);
	if (!notation_utf8_valid((const char *)start, raw))
		return fail(e, RECORD_ERR_ENCODING, c->line, 0);
	ln->s = start;
	ln->n = raw;
	ln->no = c->line;
	ln->ended = nl != NULL;
	trim_line(ln);
	return 1;
}

/* Read the next line that is not blank; return as next_line() does. */
static int next_content_line(struct cursor *c, struct line *ln,
			     struct record_error *e)
{
	int got = next_line(c, ln, e);

	while (got == 1 && ln->n == 0)
		got = next_line(c, ln, e);
	return got;
}

/* ==== Numbers ==============================================================
 */

/* Skip the blanks at sc's position. */
static void skip_blanks(struct scan *sc)
{
	while (sc->pos < sc->n && is_blank(sc->s[sc->pos]))
		sc->pos++;
}

/* Read a decimal, with a sign when `sign` allows, into *v. Return 1; 0
 * when no digits stand there (nothing consumed); -1 when it has more than
 * DIGITS_MAX digits. */
static int take_number(struct scan *sc, bool sign, long long *v)
{
	size_t p = sc->pos, digits = 0;
	bool minus = false;

	if (sign && p < sc->n && (sc->s[p] == '+' || sc->s[p] == '-')) {
		minus = sc->s[p] == '-';
		p++;
	}
	*v = 0;
	while (p < sc->n && is_digit(sc->s[p])) {
		digits++;
		if (digits > DIGITS_MAX)
			return -1;
		*v = *v * 10 + (sc->s[p++] - '0');
	}
	if (digits == 0)
		return 0;
	if (minus)
		*v = -*v;
	sc->pos = p;
	return 1;
}

/* Skip blanks, read a number as take_number() does, skip blanks again.
 * Return true when a number of at most DIGITS_MAX digits was read. */
static bool field(struct scan *sc, bool sign, long long *v)
{
	int got;

	skip_blanks(sc);
	got = take_number(sc, sign, v);
	skip_blanks(sc);
	return got == 1;
}

/* Consume the byte a or b at sc's position. Return true when one was. */
static bool take(struct scan *sc, char a, char b)
{
	if (sc->pos < sc->n && (sc->s[sc->pos] == (unsigned char)a ||
				sc->s[sc->pos] == (unsigned char)b)) {
		sc->pos++;
		return true;
	}
	return false;
}

/* Read all of ln as one signed number that fits an int into *v. Return
 * RECORD_OK, RECORD_ERR_NUMBER (too long) or RECORD_ERR_TRAILER. */
static enum record_reason line_int(const struct line *ln, int *v)
{
	struct scan sc = {ln->s, ln->n, 0};
	long long x;
	int got = take_number(&sc, true, &x);

	if (got < 0)
		return RECORD_ERR_NUMBER;
	if (got == 0 || sc.pos != sc.n)
		return RECORD_ERR_TRAILER;
	if (x < INT_MIN || x > INT_MAX)
		return RECORD_ERR_NUMBER;
	*v = (int)x;
	return RECORD_OK;
}

/* ==== Replaying ============================================================
 */

/* Play the side to move's stone on (row, col), 0-based, that took ms.
 * Return RECORD_OK, or why the move is refused (b unchanged). */
static enum record_reason apply_move(struct board *b, long long row,
				     long long col, long long ms)
{
	if (ms < 0 || ms > RECORD_MS_MAX)
		return RECORD_ERR_TIME;
	if (board_winner(b) != STONE_NONE)
		return RECORD_ERR_GAME_OVER;
	if (b->nmoves >= b->rows * b->cols)
		return RECORD_ERR_TOO_MANY;
	if (row < 0 || row >= b->rows || col < 0 || col >= b->cols)
		return RECORD_ERR_OFF_BOARD;
	switch (board_play(b, (int)row, (int)col)) {
	case BOARD_OK:
		return RECORD_OK;
	case BOARD_ERR_OCCUPIED:
		return RECORD_ERR_OCCUPIED;
	case BOARD_ERR_GAME_OVER:
		return RECORD_ERR_GAME_OVER;
	case BOARD_ERR_FORBIDDEN:
		return RECORD_ERR_FORBIDDEN;
	default:
		return RECORD_ERR_OFF_BOARD;
	}
}

/* Play a move read from line `line` and keep its time in out. Return 0,
 * or -1 with *e filled. */
static int play_read(struct board *b, long long row, long long col,
		     long long ms, struct game_record *out, int line,
		     struct record_error *e)
{
	int n = b->nmoves;
	enum record_reason why = apply_move(b, row, col, ms);

	if (why != RECORD_OK)
		return fail(e, why, line, n + 1);
	out->ms[n] = ms;
	return 0;
}

/* ==== Names ================================================================
 */

/* True when the n bytes at s may be written as a name line and read back
 * unchanged: 1..RECORD_NAME_MAX bytes of UTF-8 without control
 * characters, no blank at either end, not taken for a move line. */
static bool name_writable(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	if (n == 0 || n > RECORD_NAME_MAX)
		return false;
	if (!notation_utf8_valid(s, n) || has_control(u, n))
		return false;
	if (is_blank(u[0]) || is_blank(u[n - 1]))
		return false;
	return !is_move_like(u, n);
}

/* True when name (an array of RECORD_NAME_MAX + 1 bytes) holds a NUL and
 * is empty or writable. */
static bool name_ok(const char *name)
{
	const char *nul = memchr(name, '\0', RECORD_NAME_MAX + 1);

	if (nul == NULL)
		return false;
	return nul == name || name_writable(name, (size_t)(nul - name));
}

/* Copy the name on ln into dst (RECORD_NAME_MAX + 1 bytes); "-" means no
 * name. Return 0, or -1 with *e filled. */
static int read_name(const struct line *ln, char *dst, struct record_error *e)
{
	size_t n = ln->n;

	if (n > RECORD_NAME_MAX || has_control(ln->s, n))
		return fail(e, RECORD_ERR_NAME, ln->no, 0);
	if (n == 1 && ln->s[0] == '-')
		n = 0;
	memcpy(dst, ln->s, n);
	dst[n] = '\0';
	return 0;
}

/* ==== Reading PSQ ==========================================================
 */

/* True when ln opens with "Piskvorky" (any case). */
static bool is_psq_header(const struct line *ln)
{
	size_t i;

	if (ln->n < PSQ_WORD_LEN)
		return false;
	for (i = 0; i < PSQ_WORD_LEN; i++) {
		unsigned char c = ln->s[i];

		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		if (c != (unsigned char)PSQ_WORD[i])
			return false;
	}
	return true;
}

/* Parse "Piskvorky WxH, A:B, C" into *rows (H) and *cols (W). Return 0,
 * or -1 with *e filled (a bad header, or a side outside 3..26). */
static int parse_header(const struct line *ln, int *rows, int *cols,
			struct record_error *e)
{
	struct scan sc = {ln->s, ln->n, PSQ_WORD_LEN};
	long long w, h, level, who;
	bool ok;

	ok = field(&sc, false, &w) && take(&sc, 'x', 'X') &&
	     field(&sc, false, &h) && take(&sc, ',', ',') &&
	     field(&sc, true, &level) && take(&sc, ':', ':') &&
	     field(&sc, true, &level) && take(&sc, ',', ',') &&
	     field(&sc, false, &who) && sc.pos == sc.n;
	if (!ok || (who != 0 && who != 1))
		return fail(e, RECORD_ERR_HEADER, ln->no, 0);
	if (w < BOARD_MIN_SIZE || w > BOARD_MAX_SIZE || h < BOARD_MIN_SIZE ||
	    h > BOARD_MAX_SIZE)
		return fail(e, RECORD_ERR_SIZE, ln->no, 0);
	*rows = (int)h;
	*cols = (int)w;
	return 0;
}

/* Parse ln as "x,y" or "x,y,ms" into f[0..2] (ms 0 when missing). Return
 * RECORD_OK, RECORD_ERR_SYNTAX or RECORD_ERR_NUMBER. */
static enum record_reason parse_move_line(const struct line *ln, long long f[3])
{
	struct scan sc = {ln->s, ln->n, 0};
	int nf = 0, got;

	f[2] = 0;
	for (;;) {
		skip_blanks(&sc);
		got = take_number(&sc, true, &f[nf]);
		if (got <= 0)
			return got < 0 ? RECORD_ERR_NUMBER : RECORD_ERR_SYNTAX;
		nf++;
		skip_blanks(&sc);
		if (sc.pos == sc.n)
			break;
		if (nf == 3 || !take(&sc, ',', ','))
			return RECORD_ERR_SYNTAX;
	}
	return nf >= 2 ? RECORD_OK : RECORD_ERR_SYNTAX;
}

/* Read the move line ln (x column, y row, 1-based) and play it. Return 0,
 * or -1 with *e filled. */
static int psq_move(const struct line *ln, struct board *b,
		    struct game_record *out, struct record_error *e)
{
	long long f[3];
	enum record_reason why;

	if (!ln->ended)
		return fail(e, RECORD_ERR_TRUNCATED, ln->no, b->nmoves + 1);
	why = parse_move_line(ln, f);
	if (why != RECORD_OK)
		return fail(e, why, ln->no, b->nmoves + 1);
	return play_read(b, f[1] - 1, f[0] - 1, f[2], out, ln->no, e);
}

/* What the lines after the moves say. */
struct trailer {
	char black[RECORD_NAME_MAX + 1], white[RECORD_NAME_MAX + 1];
	int end_code;
};

/* Make sense of the n lines after the moves: nothing; the end code; or
 * the two names, then the end code, then extras. Return 0 or -1. */
static int parse_trailer(const struct line *t, int n, struct trailer *tr,
			 struct record_error *e)
{
	enum record_reason why = RECORD_OK;
	int at = 0;

	if (n == 1) {
		why = line_int(&t[0], &tr->end_code);
	} else if (n >= 2) {
		if (read_name(&t[0], tr->black, e) != 0 ||
		    read_name(&t[1], tr->white, e) != 0)
			return -1;
		at = 2;
		if (n >= 3)
			why = line_int(&t[2], &tr->end_code);
	}
	if (why != RECORD_OK)
		return fail(e, why, t[at].no, 0);
	return 0;
}

/* True when ln looks like a move that went wrong ("11;9", "k9", "(11,9)")
 * rather than a name: it starts with a digit, a sign or "(", or is a
 * letter and digits. */
static bool is_broken_move(const struct line *ln)
{
	unsigned char c = ln->n > 0 ? ln->s[0] : 0;

	return is_digit(c) || c == '+' || c == '-' || c == '(' ||
	       is_letter_move(ln->s, ln->n);
}

/* Read the n lines after the moves into out's names and end code. When
 * they do not make sense further down, but would without their first
 * line and that line looks like a move, the first line is the broken
 * last move and is named (not the end code's line below it). Return 0,
 * or -1 with *e filled. */
static int psq_trailer(const struct line *t, int n, struct game_record *out,
		       struct record_error *e)
{
	struct trailer tr = {"", "", out->end_code};
	struct record_error later;

	if (parse_trailer(t, n, &tr, e) != 0) {
		if (n > 1 && e->line != t[0].no && is_broken_move(&t[0]) &&
		    parse_trailer(t + 1, n - 1, &tr, &later) == 0)
			return fail(e, RECORD_ERR_SYNTAX, t[0].no, 0);
		return -1;
	}
	memcpy(out->black, tr.black, sizeof(tr.black));
	memcpy(out->white, tr.white, sizeof(tr.white));
	out->end_code = tr.end_code;
	return 0;
}

/* Read the lines after the header: moves, then the trailer lines, kept in
 * t[] (TRAILER_MAX of them) and counted in *nt. Return 0 or -1. */
static int psq_body(struct cursor *c, struct board *b, struct game_record *out,
		    struct line *t, int *nt, struct record_error *e)
{
	struct line ln;
	int got;

	*nt = 0;
	for (got = next_content_line(c, &ln, e); got == 1;
	     got = next_content_line(c, &ln, e)) {
		bool move = is_move_like(ln.s, ln.n);

		if (move && *nt == 0) {
			if (psq_move(&ln, b, out, e) != 0)
				return -1;
			continue;
		}
		/* Moves again before the end code's place: the first line
		 * after the moves was a broken move. */
		if (move && *nt < 3)
			return fail(e, RECORD_ERR_SYNTAX, t[0].no, 0);
		if (*nt == TRAILER_MAX)
			return fail(e, RECORD_ERR_TRAILER, ln.no, 0);
		t[(*nt)++] = ln;
	}
	return got;
}

/* Read a PSQ text whose header is hdr; K and the rule come from v. Return
 * 0, or -1 with *e filled. */
static int read_psq(struct cursor *c, const struct line *hdr,
		    const struct variant *v, struct board *b,
		    struct game_record *out, struct record_error *e)
{
	struct line t[TRAILER_MAX];
	int rows, cols, nt;

	if (parse_header(hdr, &rows, &cols, e) != 0)
		return -1;
	if (board_init(b, rows, cols, v->k, v->rule) != 0)
		return fail(e, RECORD_ERR_SIZE, hdr->no, 0);
	if (psq_body(c, b, out, t, &nt, e) != 0)
		return -1;
	if (b->nmoves == 0)
		return fail(e, RECORD_ERR_NO_MOVES, hdr->no, 0);
	out->format = RECORD_FORMAT_PSQ;
	return psq_trailer(t, nt, out, e);
}

/* ==== Reading a move list ==================================================
 */

/* Play the word s[0..n) of line `no` as a move in "h8" form. Return 0, or
 * -1 with *e filled. */
static int list_word(const unsigned char *s, size_t n, int no, struct board *b,
		     struct game_record *out, struct record_error *e)
{
	struct input in;

	if (!is_letter_move(s, n))
		return fail(e,
			    b->nmoves == 0 ? RECORD_ERR_FORMAT
					   : RECORD_ERR_SYNTAX,
			    no, b->nmoves + 1);
	notation_parse((const char *)s, n, b->rows, b->cols, &in);
	if (in.kind == INPUT_MOVE)
		return play_read(b, in.row, in.col, 0, out, no, e);
	if (in.error == INPUT_ERR_ROW_RANGE || in.error == INPUT_ERR_COL_RANGE)
		return fail(e, RECORD_ERR_OFF_BOARD, no, b->nmoves + 1);
	return fail(e, RECORD_ERR_SYNTAX, no, b->nmoves + 1);
}

/* True when c separates the words of a move list. */
static bool is_separator(unsigned char c)
{
	return is_blank(c) || c == ',';
}

/* Play every word of ln. Return 0, or -1 with *e filled. */
static int list_line(const struct line *ln, struct board *b,
		     struct game_record *out, struct record_error *e)
{
	size_t pos = 0, start;

	while (pos < ln->n) {
		while (pos < ln->n && is_separator(ln->s[pos]))
			pos++;
		start = pos;
		while (pos < ln->n && !is_separator(ln->s[pos]))
			pos++;
		if (pos > start &&
		    list_word(ln->s + start, pos - start, ln->no, b, out, e))
			return -1;
	}
	return 0;
}

/* Read a move list whose first line is first, on v's board. Return 0, or
 * -1 with *e filled. */
static int read_list(struct cursor *c, const struct line *first,
		     const struct variant *v, struct board *b,
		     struct game_record *out, struct record_error *e)
{
	struct line ln = *first;
	int got = 1;

	if (board_init(b, v->rows, v->cols, v->k, v->rule) != 0)
		return fail(e, RECORD_ERR_SIZE, first->no, 0);
	while (got == 1) {
		if (list_line(&ln, b, out, e) != 0)
			return -1;
		got = next_content_line(c, &ln, e);
	}
	if (got < 0)
		return -1;
	/* Only separators: no word at all, so no move list either. */
	if (b->nmoves == 0)
		return fail(e, RECORD_ERR_FORMAT, first->no, 0);
	out->format = RECORD_FORMAT_MOVES;
	return 0;
}

/* ==== Reading ==============================================================
 */

/* Start an empty record (see record.h). Return 0, or -1 for a bad shape. */
int record_init(struct game_record *r, int rows, int cols, int k,
		enum rule rule)
{
	memset(r, 0, sizeof(*r));
	r->rows = rows;
	r->cols = cols;
	r->k = k;
	r->rule = rule;
	r->format = RECORD_FORMAT_PSQ;
	r->end_code = RECORD_END_NORMAL;
	return board_rule_valid(rows, cols, k, rule) ? 0 : -1;
}

/* Read the text into out, replaying it on b. Return 0, or -1 with *e. */
static int read_text(const char *text, size_t len, const struct variant *v,
		     struct board *b, struct game_record *out,
		     struct record_error *e)
{
	struct cursor c;
	struct line first;
	int got;

	if (len > (size_t)RECORD_INPUT_MAX)
		return fail(e, RECORD_ERR_TOO_BIG, 1, 0);
	cursor_start(&c, text, len);
	got = next_content_line(&c, &first, e);
	if (got == 0)
		return fail(e, RECORD_ERR_EMPTY, 1, 0);
	if (got < 0)
		return -1;
	if (is_psq_header(&first))
		return read_psq(&c, &first, v, b, out, e);
	return read_list(&c, &first, v, b, out, e);
}

/* Read a PSQ text or a move list into *out (see record.h). */
enum record_reason record_read(const char *text, size_t len,
			       const struct variant *v, struct game_record *out,
			       struct record_error *err)
{
	struct record_error e = {RECORD_OK, 0, 0};
	struct game_record scratch;
	struct board b;

	if (v == NULL)
		v = rules_default();
	if (out == NULL)
		out = &scratch;
	if (text == NULL)
		len = 0;
	record_init(out, v->rows, v->cols, v->k, v->rule);
	if (read_text(text, len, v, &b, out, &e) == 0) {
		out->rows = b.rows;
		out->cols = b.cols;
		out->nmoves = b.nmoves;
		memcpy(out->moves, b.moves, sizeof(b.moves[0]) * b.nmoves);
	} else {
		record_init(out, v->rows, v->cols, v->k, v->rule);
	}
	if (err != NULL)
		*err = e;
	return e.reason;
}

/* ==== Checking =============================================================
 */

/* Replay r on b and check its names. Return 0, or -1 with *e filled. */
static int check_record(const struct game_record *r, struct board *b,
			struct record_error *e)
{
	int i;
	enum record_reason why;

	if (r == NULL)
		return fail(e, RECORD_ERR_NO_MOVES, 0, 0);
	if (board_init(b, r->rows, r->cols, r->k, r->rule) != 0)
		return fail(e, RECORD_ERR_SIZE, 0, 0);
	if (r->nmoves < 1)
		return fail(e, RECORD_ERR_NO_MOVES, 0, 0);
	if (r->nmoves > BOARD_MAX_CELLS)
		return fail(e, RECORD_ERR_TOO_MANY, 0, BOARD_MAX_CELLS + 1);
	for (i = 0; i < r->nmoves; i++) {
		why = apply_move(b, r->moves[i].row, r->moves[i].col, r->ms[i]);
		if (why != RECORD_OK)
			return fail(e, why, 0, i + 1);
	}
	if (!name_ok(r->black) || !name_ok(r->white))
		return fail(e, RECORD_ERR_NAME, 0, 0);
	return 0;
}

/* Check that r can be written and read back (see record.h). */
enum record_reason record_check(const struct game_record *r, struct board *b,
				struct record_error *err)
{
	struct record_error e = {RECORD_OK, 0, 0};
	struct board local;

	check_record(r, b != NULL ? b : &local, &e);
	if (err != NULL)
		*err = e;
	return e.reason;
}

/* See record.h. */
void record_result(const struct game_record *r, const struct board *b,
		   enum match_result *result, enum match_reason *reason)
{
	enum stone w = board_winner(b);

	*result = RESULT_NONE;
	*reason = REASON_NONE;
	if (w != STONE_NONE) {
		*result =
			w == STONE_BLACK ? RESULT_BLACK_WIN : RESULT_WHITE_WIN;
		*reason = REASON_FIVE;
	} else if (b->state == BOARD_DRAW) {
		*result = RESULT_DRAW;
		*reason = REASON_FULL;
	} else if (r->end_code == RECORD_END_TIMEOUT) {
		*result = board_to_move(b) == STONE_BLACK ? RESULT_WHITE_WIN
							  : RESULT_BLACK_WIN;
		*reason = REASON_TIMEOUT;
	}
}

/* ==== Writing ==============================================================
 */

/* Close o's text with a NUL and report its length in *len. Return
 * RECORD_OK, or RECORD_ERR_SPACE when it did not fit. */
static enum record_reason finish(const struct strbuf *o, size_t *len)
{
	if (len != NULL)
		*len = o->len;
	return strbuf_cut(o) ? RECORD_ERR_SPACE : RECORD_OK;
}

/* Check r before writing it into buf. Return RECORD_OK, or the reason,
 * leaving buf "" and *len 0. */
static enum record_reason start_writing(const struct game_record *r, char *buf,
					size_t cap, size_t *len)
{
	struct board b;
	enum record_reason why = record_check(r, &b, NULL);

	if (why != RECORD_OK) {
		if (len != NULL)
			*len = 0;
		if (buf != NULL && cap > 0)
			buf[0] = '\0';
	}
	return why;
}

/* Append the two name lines ("-" for an empty one), unless both are "". */
static void put_names(struct strbuf *o, const struct game_record *r,
		      bool always)
{
	if (!always && r->black[0] == '\0' && r->white[0] == '\0')
		return;
	strbuf_printf(o, "%s\n%s\n", r->black[0] != '\0' ? r->black : "-",
		      r->white[0] != '\0' ? r->white : "-");
}

/* Write r as PSQ into buf (see record.h). */
enum record_reason record_write_psq(const struct game_record *r, char *buf,
				    size_t cap, size_t *len)
{
	struct strbuf o;
	enum record_reason why = start_writing(r, buf, cap, len);
	bool rule_line = r->rule != RULE_FREESTYLE || r->k != 5;
	int i;

	if (why != RECORD_OK)
		return why;
	strbuf_fixed(&o, buf, cap);
	strbuf_printf(&o, "Piskvorky %dx%d, 0:0, 0\n", r->cols, r->rows);
	for (i = 0; i < r->nmoves; i++)
		strbuf_printf(&o, "%d,%d,%lld\n", r->moves[i].col + 1,
			      r->moves[i].row + 1, (long long)r->ms[i]);
	/* PSQ has no field for the rule: one more line after the end code
	 * (which needs the name lines before it) says it (see record.h). */
	put_names(&o, r, rule_line);
	strbuf_printf(&o, "%d\n", r->end_code);
	if (rule_line)
		strbuf_printf(&o, "%s %d\n", rules_rule_name(r->rule), r->k);
	return finish(&o, len);
}

int record_rule_line(const char *text, size_t len, struct variant *v)
{
	size_t end = len, start;
	enum rule rule;
	char word[16];
	size_t n;
	int k = 0;

	while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r' ||
			   text[end - 1] == ' '))
		end--;
	start = end;
	while (start > 0 && text[start - 1] != '\n')
		start--;
	while (start < end && text[start] == ' ')
		start++;
	for (n = 0;
	     start + n < end && text[start + n] != ' ' && n + 1 < sizeof(word);
	     n++)
		word[n] = text[start + n];
	word[n] = '\0';
	if (start + n >= end || text[start + n] != ' ' ||
	    rules_parse_rule(word, &rule) != 0)
		return 0;
	for (start += n + 1; start < end && k < 100; start++) {
		if (text[start] < '0' || text[start] > '9')
			return 0;
		k = k * 10 + (text[start] - '0');
	}
	if (k < BOARD_MIN_SIZE || k > BOARD_MAX_SIZE)
		return 0;
	v->rule = rule;
	v->k = k;
	return 1;
}

/* Write r's moves as "h8 i9 ...\n" into buf (see record.h). */
enum record_reason record_write_moves(const struct game_record *r, char *buf,
				      size_t cap, size_t *len)
{
	struct strbuf o;
	enum record_reason why = start_writing(r, buf, cap, len);
	char word[NOTATION_MOVE_LEN];
	int i;

	if (why != RECORD_OK)
		return why;
	strbuf_fixed(&o, buf, cap);
	for (i = 0; i < r->nmoves; i++) {
		if (i > 0)
			strbuf_puts(&o, " ");
		strbuf_puts(&o, notation_format(r->moves[i].row,
						r->moves[i].col, word));
	}
	strbuf_puts(&o, "\n");
	return finish(&o, len);
}

/* ==== Times ================================================================
 */

/* Clamp v to 0..RECORD_MS_MAX. */
static long long clamp_ms(long long v)
{
	if (v < 0)
		return 0;
	return v > RECORD_MS_MAX ? RECORD_MS_MAX : v;
}

/* Each move's own time from the times since the start (see record.h). */
void record_ms_from_elapsed(const long long *elapsed, int n, long long *ms)
{
	long long prev = 0;
	int i;

	for (i = 0; i < n; i++) {
		/* Both are clamped first, so the difference cannot overflow. */
		long long now = elapsed[i] < 0 ? 0 : elapsed[i];

		ms[i] = clamp_ms(now - prev);
		prev = now;
	}
}

/* Times since the start from each move's own time (see record.h). */
void record_ms_to_elapsed(const long long *ms, int n, long long *elapsed)
{
	long long sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		sum += clamp_ms(ms[i]);
		elapsed[i] = sum;
	}
}
