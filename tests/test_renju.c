/* test_renju.c -- tests for src/renju.c: the forbidden-move positions of
 * tests/data/renju_positions.txt (format described there) in all eight
 * rotations and reflections, through renju_check(), the listing of
 * forbidden points and board_play() under RULE_RENJU; and a cross-check
 * on random positions against an independent slow reference, which reads
 * the definitions of renju.h literally, one line of cells at a time.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "board.h"
#include "renju.h"

#define POSITIONS_FILE "tests/data/renju_positions.txt"
#define POSITIONS_ENV  "GOMOKU_RENJU_POSITIONS" /* another path to it */
#define MAX_POSITIONS  128
#define LINE_LEN       160

/* One position of the file. */
struct rpos {
	char name[80];
	int line; /* of "position" in the file */
	enum renju_verdict want;
	bool has_want;
	bool only; /* the marked points are all the forbidden ones */
	int rows, cols;
	char cell[BOARD_MAX_SIZE][BOARD_MAX_SIZE]; /* . X O or * */
};

/* The verdict words of the file, in the test's own table. */
static const struct {
	const char *word;
	enum renju_verdict v;
} verdict_words[] = {
	{"ok", RENJU_OK},
	{"overline", RENJU_OVERLINE},
	{"double-four", RENJU_DOUBLE_FOUR},
	{"double-three", RENJU_DOUBLE_THREE},
};

#define NVERDICTS 4

/* Every position of the file, read once by the tests that need them. */
static struct rpos positions[MAX_POSITIONS];
static int npositions = -1; /* -1: not read yet; -2: unreadable */

/* ==== Helpers ========================================================== */

/* Suite set-up: nothing to prepare. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* Record a failed assertion whose message is `msg`, at `line`. */
static void fail_with(int line, const char *msg)
{
	CU_assertImplementation(CU_FALSE, (unsigned int)line, msg, __FILE__, "",
				CU_FALSE);
}

/* Step the generator in *seed and return 31 bits of it. */
static unsigned int next_random(unsigned long *seed)
{
	*seed = (*seed * 1103515245UL + 12345UL) & 0xffffffffUL;
	return (unsigned int)(*seed >> 1);
}

/* Start b as an empty renju board of rows x cols; assert it starts. */
static void renju_board(struct board *b, int rows, int cols)
{
	CU_ASSERT_EQUAL_FATAL(board_init(b, rows, cols, 5, RULE_RENJU), 0);
}

/* Put stone s on (r, c) of b directly, as a diagram does. */
static void put(struct board *b, int r, int c, enum stone s)
{
	b->cells[r * b->cols + c] = (unsigned char)s;
}

/* ==== The reference ==================================================== */
/* Written apart from renju.c: the board's own bounds-checked cells, one
 * window of SPAN cells per line centred on the stone judged, fours told
 * apart by the set of their stones, straight fours found as a four with
 * two points that make five. */

#define HALF 5 /* cells each side of the centre of a window */
#define SPAN (2 * HALF + 1)

enum { R_EMPTY = STONE_NONE, R_BLACK = STONE_BLACK, R_OFF = 3 };

static const int ref_dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

static enum renju_verdict ref_verdict(struct board *b, int r, int c, bool deep);

/* Return what is on (r, c) of b: a stone, R_EMPTY, or R_OFF. */
static int ref_cell(const struct board *b, int r, int c)
{
	if (r < 0 || r >= b->rows || c < 0 || c >= b->cols)
		return R_OFF;
	return b->cells[r * b->cols + c];
}

/* Copy into w[] the window of b through (r, c) along direction d. */
static void ref_window(const struct board *b, int r, int c, int d, int *w)
{
	int i;

	for (i = 0; i < SPAN; i++)
		w[i] = ref_cell(b, r + (i - HALF) * ref_dirs[d][0],
				c + (i - HALF) * ref_dirs[d][1]);
}

/* Return the bit set of the black run through w[i] (black): bit j for
 * w[j]. */
static unsigned int ref_run(const int *w, int i)
{
	unsigned int set = 0;
	int j;

	for (j = i; j >= 0 && w[j] == R_BLACK; j--)
		set |= 1u << j;
	for (j = i; j < SPAN && w[j] == R_BLACK; j++)
		set |= 1u << j;
	return set;
}

/* Return the number of bits set in x. */
static int ref_bits(unsigned int x)
{
	int n = 0;

	for (; x != 0; x &= x - 1)
		n++;
	return n;
}

/* Return true when the run through w[i] (black) holds the centre and is
 * exactly five, the window's end cells outside it (a run reaching an end
 * cell holds six cells from the centre already). */
static bool ref_five_at(const int *w, int i)
{
	unsigned int run = ref_run(w, i);

	return (run & (1u << HALF)) && ref_bits(run) == 5 && !(run & 1u) &&
	       !(run & (1u << (SPAN - 1)));
}

/* Return the number of distinct fours through the centre of w (black):
 * sets of four stones that one more stone makes a five with the centre. */
static int ref_fours(int *w)
{
	unsigned int seen[SPAN];
	int n = 0, i, k;

	for (i = 0; i < SPAN; i++) {
		if (w[i] != R_EMPTY)
			continue;
		w[i] = R_BLACK;
		if (ref_five_at(w, i)) {
			seen[n] = ref_run(w, i) & ~(1u << i);
			for (k = 0; k < n && seen[k] != seen[n]; k++)
				;
			n += k == n;
		}
		w[i] = R_EMPTY;
	}
	return n;
}

/* Return true when w (centre and cell j black) holds a straight four
 * with j in it: one set of four stones with two points that make five. */
static bool ref_straight_four(int *w, int j)
{
	unsigned int sets[SPAN], set;
	int n = 0, i, k;

	for (i = 0; i < SPAN; i++) {
		if (w[i] != R_EMPTY)
			continue;
		w[i] = R_BLACK;
		set = ref_run(w, i) & ~(1u << i);
		if (ref_five_at(w, i) && (set & (1u << j))) {
			for (k = 0; k < n; k++) {
				if (sets[k] == set) {
					w[i] = R_EMPTY;
					return true;
				}
			}
			sets[n++] = set;
		}
		w[i] = R_EMPTY;
	}
	return false;
}

/* Return true when black on the empty (r, c) of b makes a five. */
static bool ref_makes_five(struct board *b, int r, int c)
{
	int w[SPAN], d;
	bool five = false;

	put(b, r, c, STONE_BLACK);
	for (d = 0; d < 4; d++) {
		ref_window(b, r, c, d, w);
		five = five || ref_five_at(w, HALF);
	}
	put(b, r, c, STONE_NONE);
	return five;
}

/* Return true when the black stone on (r, c) makes a true three along
 * d: some empty cell of the window turns it into a straight four, makes
 * no five, and is itself allowed (asked one level deeper, at any depth,
 * when `deep`; taken as allowed when not). */
static bool ref_three(struct board *b, int r, int c, int d, bool deep)
{
	int w[SPAN], j, rr, cc;
	bool straight;

	ref_window(b, r, c, d, w);
	for (j = 0; j < SPAN; j++) {
		if (w[j] != R_EMPTY)
			continue;
		w[j] = R_BLACK;
		straight = ref_straight_four(w, j);
		w[j] = R_EMPTY;
		rr = r + (j - HALF) * ref_dirs[d][0];
		cc = c + (j - HALF) * ref_dirs[d][1];
		if (!straight || ref_makes_five(b, rr, cc))
			continue;
		if (!deep || ref_verdict(b, rr, cc, true) == RENJU_OK)
			return true;
	}
	return false;
}

/* Return the verdict on the black stone just put on (r, c) of b (deep:
 * as ref_three()). */
static enum renju_verdict ref_placed(struct board *b, int r, int c, bool deep)
{
	int w[SPAN], d, fours = 0, threes = 0;
	bool overline = false;

	for (d = 0; d < 4; d++) {
		ref_window(b, r, c, d, w);
		if (ref_five_at(w, HALF))
			return RENJU_OK;
		overline = overline || ref_bits(ref_run(w, HALF)) >= 6;
		fours += ref_fours(w);
	}
	if (overline)
		return RENJU_OVERLINE;
	if (fours >= 2)
		return RENJU_DOUBLE_FOUR;
	for (d = 0; d < 4; d++)
		threes += ref_three(b, r, c, d, deep);
	return threes >= 2 ? RENJU_DOUBLE_THREE : RENJU_OK;
}

/* Return the reference verdict on black playing the empty (r, c) of b:
 * the rules of renju.h when `deep`, with no depth limit and no memory
 * (each level puts one more stone on an empty cell, so it ends); with
 * every completing point taken as allowed when not. b is as it was on
 * return. */
static enum renju_verdict ref_verdict(struct board *b, int r, int c, bool deep)
{
	enum renju_verdict v;

	put(b, r, c, STONE_BLACK);
	v = ref_placed(b, r, c, deep);
	put(b, r, c, STONE_NONE);
	return v;
}

/* ==== Reading the positions ============================================ */

/* Return the text after `word` and its blanks when line starts with the
 * word (followed by a blank or the end), else NULL. */
static const char *after(const char *line, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(line, word, n) != 0 || (line[n] != ' ' && line[n] != '\0'))
		return NULL;
	line += n;
	while (*line == ' ')
		line++;
	return line;
}

/* Set *v to the verdict called `word`. Return 0, or -1 if none is. */
static int parse_verdict(const char *word, enum renju_verdict *v)
{
	int i;

	for (i = 0; i < NVERDICTS; i++) {
		if (strcmp(word, verdict_words[i].word) == 0) {
			*v = verdict_words[i].v;
			return 0;
		}
	}
	return -1;
}

/* Return the file's word for v, for messages; "?" for an unknown value. */
static const char *verdict_name(enum renju_verdict v)
{
	int i;

	for (i = 0; i < NVERDICTS; i++) {
		if (verdict_words[i].v == v)
			return verdict_words[i].word;
	}
	return "?";
}

/* Add the diagram row `line` to t. Return 0, or -1 when it has another
 * character, the wrong length, or there are too many rows. */
static int parse_row(struct rpos *t, const char *line)
{
	int n = 0;

	if (t->rows >= BOARD_MAX_SIZE)
		return -1;
	for (; *line != '\0'; line++) {
		if (*line == ' ' || *line == '\t')
			continue;
		if (strchr(".XO*", *line) == NULL || n >= BOARD_MAX_SIZE)
			return -1;
		t->cell[t->rows][n++] = *line;
	}
	if (t->rows == 0)
		t->cols = n;
	if (n != t->cols)
		return -1;
	t->rows++;
	return 0;
}

/* Return the number of cells marked * in t. */
static int marked(const struct rpos *t)
{
	int r, c, n = 0;

	for (r = 0; r < t->rows; r++) {
		for (c = 0; c < t->cols; c++)
			n += t->cell[r][c] == '*';
	}
	return n;
}

/* Return 0 when the finished position t is complete and sound, else -1. */
static int check_position(const struct rpos *t)
{
	if (!t->has_want || t->rows < 5 || t->cols < 5)
		return -1;
	return marked(t) > 0 || t->only ? 0 : -1;
}

/* Read one line of f into buf without its line end. Return 0, or -1 at
 * the end of the file or on a line too long. */
static int read_line(FILE *f, char *buf, int *lineno)
{
	size_t n;

	if (fgets(buf, LINE_LEN, f) == NULL)
		return -1;
	(*lineno)++;
	n = strlen(buf);
	if (n > 0 && buf[n - 1] != '\n' && !feof(f))
		return -1;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
	return 0;
}

/* Read the lines of the position t after its "position" line, through
 * "end". Return 0, or -1 on anything malformed. */
static int read_body(FILE *f, struct rpos *t, int *lineno)
{
	char line[LINE_LEN];
	const char *arg;

	while (read_line(f, line, lineno) == 0) {
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (strcmp(line, "end") == 0)
			return check_position(t);
		arg = after(line, "expect");
		if (arg != NULL) {
			if (parse_verdict(arg, &t->want) != 0)
				return -1;
			t->has_want = true;
		} else if (strcmp(line, "only") == 0) {
			t->only = true;
		} else if (parse_row(t, line) != 0) {
			return -1;
		}
	}
	return -1;
}

/* Read every position of f into positions[]. Return how many, or -1
 * (with *lineno where it went wrong). */
static int read_all(FILE *f, int *lineno)
{
	char line[LINE_LEN];
	const char *name;
	struct rpos *t;
	int n = 0;

	while (read_line(f, line, lineno) == 0) {
		name = after(line, "position");
		if (name == NULL) {
			if (line[0] != '#' && line[0] != '\0')
				return -1;
			continue;
		}
		if (n >= MAX_POSITIONS || *name == '\0')
			return -1;
		t = &positions[n++];
		memset(t, 0, sizeof(*t));
		snprintf(t->name, sizeof(t->name), "%s", name);
		t->line = *lineno;
		if (read_body(f, t, lineno) != 0)
			return -1;
	}
	return feof(f) ? n : -1;
}

/* Read the positions file once. Return how many positions it holds, or
 * -1 after recording a failure that says where it went wrong. */
static int load_positions(void)
{
	const char *path = getenv(POSITIONS_ENV);
	char msg[160];
	FILE *f;
	int lineno = 0;

	if (npositions != -1)
		return npositions < 0 ? -1 : npositions;
	if (path == NULL)
		path = POSITIONS_FILE;
	f = fopen(path, "r");
	npositions = f == NULL ? -2 : read_all(f, &lineno);
	if (f != NULL)
		fclose(f);
	if (npositions >= 0)
		return npositions;
	npositions = -2;
	snprintf(msg, sizeof(msg), "%s: unreadable or bad at line %d", path,
		 lineno);
	fail_with(__LINE__, msg);
	return -1;
}

/* ==== Positions on boards ============================================== */

/* Map (r, c) of t to the board turned by symmetry sym (0-7: bit 2
 * transposes, then bit 0 flips the rows, bit 1 the columns). */
static void turn(const struct rpos *t, int sym, int *r, int *c)
{
	int rows = sym & 4 ? t->cols : t->rows;
	int cols = sym & 4 ? t->rows : t->cols;
	int tmp;

	if (sym & 4) {
		tmp = *r;
		*r = *c;
		*c = tmp;
	}
	if (sym & 1)
		*r = rows - 1 - *r;
	if (sym & 2)
		*c = cols - 1 - *c;
}

/* Build t turned by sym on b as a renju board with black to move. The
 * move list holds the stones in reading order, padded to an even count
 * with the first stone again: board_play() reads only the cells, the
 * move count and the state. */
static void build(const struct rpos *t, int sym, struct board *b)
{
	int r, c, tr, tc;
	char ch;

	renju_board(b, sym & 4 ? t->cols : t->rows,
		    sym & 4 ? t->rows : t->cols);
	for (r = 0; r < t->rows; r++) {
		for (c = 0; c < t->cols; c++) {
			ch = t->cell[r][c];
			tr = r;
			tc = c;
			turn(t, sym, &tr, &tc);
			if (ch == 'X' || ch == 'O') {
				put(b, tr, tc,
				    ch == 'X' ? STONE_BLACK : STONE_WHITE);
				b->moves[b->nmoves].row = (unsigned char)tr;
				b->moves[b->nmoves].col = (unsigned char)tc;
				b->nmoves++;
			}
		}
	}
	if (b->nmoves % 2 == 1) {
		b->moves[b->nmoves] = b->moves[0];
		b->nmoves++;
	}
}

/* Return true when out[0..n) holds (r, c). */
static bool listed(const struct move *out, int n, int r, int c)
{
	int i;

	for (i = 0; i < n; i++) {
		if (out[i].row == r && out[i].col == c)
			return true;
	}
	return false;
}

/* Return NULL when board_play() treats black's and white's move on
 * (r, c) of b as verdict v says, else what went wrong. */
static const char *play_agrees(const struct board *b, int r, int c,
			       enum renju_verdict v)
{
	struct board copy = *b;
	bool five = ref_makes_five(&copy, r, c);

	if (v != RENJU_OK) {
		if (board_play(&copy, r, c) != BOARD_ERR_FORBIDDEN)
			return "black's move not refused";
		if (memcmp(&copy, b, sizeof(copy)) != 0)
			return "refusal changed the board";
		if (board_play_verdict(&copy, r, c) != v)
			return "board_play_verdict differs";
	} else if (board_play(&copy, r, c) != BOARD_OK ||
		   board_at(&copy, r, c) != STONE_BLACK ||
		   (copy.state == BOARD_BLACK_WON) != five) {
		return "black's move not played, or wrongly won";
	}
	copy = *b;
	copy.nmoves++; /* white to move: never restricted */
	if (board_play(&copy, r, c) != BOARD_OK ||
	    board_at(&copy, r, c) != STONE_WHITE)
		return "white's move refused";
	return NULL;
}

/* Write into out[] the marked points ('*') of t turned by sym, row by
 * row of the diagram. Return how many. */
static int marked_points(const struct rpos *t, int sym, struct move *out)
{
	int r, c, tr, tc, n = 0;

	for (r = 0; r < t->rows; r++) {
		for (c = 0; c < t->cols; c++) {
			if (t->cell[r][c] != '*')
				continue;
			tr = r;
			tc = c;
			turn(t, sym, &tr, &tc);
			out[n].row = (unsigned char)tr;
			out[n].col = (unsigned char)tc;
			n++;
		}
	}
	return n;
}

/* Return NULL when every marked point of t turned by sym gets the
 * expected verdict from renju_check(), the reference and board_play(),
 * else what went wrong. */
static const char *judge_marked(const struct rpos *t, int sym)
{
	struct move pts[BOARD_MAX_CELLS];
	struct board b;
	const char *why;
	int i, n, r, c;

	build(t, sym, &b);
	n = marked_points(t, sym, pts);
	for (i = 0; i < n; i++) {
		r = pts[i].row;
		c = pts[i].col;
		if (renju_check(&b, r, c) != t->want)
			return "renju_check";
		if (renju_forbidden(&b, r, c) != (t->want != RENJU_OK))
			return "renju_forbidden";
		if (ref_verdict(&b, r, c, true) != t->want)
			return "the reference";
		why = play_agrees(&b, r, c, t->want);
		if (why != NULL)
			return why;
	}
	return NULL;
}

/* Return NULL when renju_forbidden_points() on t turned by sym lists the
 * marked points exactly when they are forbidden, and (with "only")
 * nothing else; else what went wrong. */
static const char *judge_listing(const struct rpos *t, int sym)
{
	struct move out[BOARD_MAX_CELLS], pts[BOARD_MAX_CELLS];
	struct board b;
	int n, i, npts, want = 0;

	build(t, sym, &b);
	n = renju_forbidden_points(&b, out, BOARD_MAX_CELLS);
	npts = marked_points(t, sym, pts);
	for (i = 0; i < npts; i++) {
		if (listed(out, n, pts[i].row, pts[i].col) !=
		    (t->want != RENJU_OK))
			return "marked point listed wrongly";
		want += t->want != RENJU_OK;
	}
	if (t->only && n != want)
		return "other points listed";
	return NULL;
}

/* ==== Tests: positions ================================================= */

/* Every position, in every symmetry, gets its expected verdict from
 * renju_check(), the reference, the listing and board_play(). */
static void test_positions(void)
{
	const struct rpos *t;
	const char *why;
	char msg[240];
	int i, sym, n = load_positions();

	for (i = 0; i < n; i++) {
		t = &positions[i];
		for (sym = 0; sym < 8; sym++) {
			why = judge_marked(t, sym);
			if (why == NULL)
				why = judge_listing(t, sym);
			if (why == NULL)
				continue;
			snprintf(msg, sizeof(msg),
				 "line %d '%.80s' symmetry %d: %.60s", t->line,
				 t->name, sym, why);
			fail_with(__LINE__, msg);
			break;
		}
	}
}

/* The file holds at least 40 positions, each verdict at least 4 times,
 * fake threes and positions that need the edge among them, and fake
 * threes hanging on chains past any fixed depth. */
static void test_positions_cover(void)
{
	int count[NVERDICTS] = {0}, i, v, fake = 0, deep = 0;
	int n = load_positions();

	CU_ASSERT_FATAL(n >= 40);
	for (i = 0; i < n; i++) {
		v = positions[i].want;
		CU_ASSERT_FATAL(v >= 0 && v < NVERDICTS);
		count[v]++;
		fake += strstr(positions[i].name, "fake") != NULL;
		deep += strstr(positions[i].name, "deep") != NULL;
	}
	for (v = 0; v < NVERDICTS; v++)
		CU_ASSERT(count[v] >= 4);
	CU_ASSERT(fake >= 4);
	CU_ASSERT(deep >= 4);
}

/* ==== Tests: the functions ============================================= */

/* Build on b (renju, 15x15) the stones of pic: rows of '.', 'X', 'O'. */
static void draw(struct board *b, const char *const *pic, int nrows)
{
	int r, c;

	renju_board(b, 15, 15);
	for (r = 0; r < nrows; r++) {
		for (c = 0; pic[r][c] != '\0'; c++) {
			if (pic[r][c] != '.')
				put(b, r, c,
				    pic[r][c] == 'X' ? STONE_BLACK
						     : STONE_WHITE);
		}
	}
}

/* A board with a double-three at (3, 3), a double-four at (3, 10), an
 * overline at (9, 3) and nothing else forbidden. */
static const char *const three_kinds[] = {
	"..........X....", "...X......X....", "...X......X....",
	".XX........XXX.", ".....O.........", "...............",
	"...............", "...............", "...............",
	"XXX.XX.........",
};

/* renju_check() on occupied cells and off the board says RENJU_OK, and
 * never changes the board. */
static void test_check_edges(void)
{
	struct board b, copy;

	draw(&b, three_kinds, 10);
	copy = b;
	CU_ASSERT_EQUAL(renju_check(&b, 3, 3), RENJU_DOUBLE_THREE);
	CU_ASSERT_EQUAL(renju_check(&b, 3, 10), RENJU_DOUBLE_FOUR);
	CU_ASSERT_EQUAL(renju_check(&b, 9, 3), RENJU_OVERLINE);
	CU_ASSERT_EQUAL(renju_check(&b, 1, 3), RENJU_OK); /* black stone */
	CU_ASSERT_EQUAL(renju_check(&b, 4, 5), RENJU_OK); /* white stone */
	CU_ASSERT_EQUAL(renju_check(&b, -1, 2), RENJU_OK);
	CU_ASSERT_EQUAL(renju_check(&b, 2, -1), RENJU_OK);
	CU_ASSERT_EQUAL(renju_check(&b, 15, 2), RENJU_OK);
	CU_ASSERT_EQUAL(renju_check(&b, 2, 15), RENJU_OK);
	CU_ASSERT_FALSE(renju_forbidden(&b, 15, 15));
	CU_ASSERT_TRUE(renju_forbidden(&b, 9, 3));
	CU_ASSERT_EQUAL(memcmp(&copy, &b, sizeof(b)), 0);
}

/* renju_check() judges by renju whatever the board's own rule and k. */
static void test_check_ignores_rule(void)
{
	struct board b, other;
	int rule;

	draw(&b, three_kinds, 10);
	for (rule = RULE_FREESTYLE; rule <= RULE_EXACT; rule++) {
		CU_ASSERT_EQUAL_FATAL(
			board_init(&other, 15, 15, 4, (enum rule)rule), 0);
		memcpy(other.cells, b.cells, sizeof(b.cells));
		CU_ASSERT_EQUAL(renju_check(&other, 3, 3), RENJU_DOUBLE_THREE);
		CU_ASSERT_EQUAL(renju_check(&other, 3, 10), RENJU_DOUBLE_FOUR);
		CU_ASSERT_EQUAL(renju_check(&other, 9, 3), RENJU_OVERLINE);
		CU_ASSERT_EQUAL(board_play_verdict(&other, 9, 3), RENJU_OK);
	}
}

/* board_play_verdict() judges only black's move in a renju game on. */
static void test_play_verdict(void)
{
	struct board b;

	draw(&b, three_kinds, 10);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 3, 3), RENJU_DOUBLE_THREE);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 9, 3), RENJU_OVERLINE);
	CU_ASSERT_EQUAL(board_play_verdict(&b, 7, 7), RENJU_OK);
	b.nmoves = 1; /* white to move */
	CU_ASSERT_EQUAL(board_play_verdict(&b, 3, 3), RENJU_OK);
	b.nmoves = 2;
	b.state = BOARD_WHITE_WON;
	CU_ASSERT_EQUAL(board_play_verdict(&b, 3, 3), RENJU_OK);
}

/* The listing is row-major, stops at max, and accepts max 0 with NULL. */
static void test_listing(void)
{
	struct move out[BOARD_MAX_CELLS];
	struct board b;
	int n;

	draw(&b, three_kinds, 10);
	n = renju_forbidden_points(&b, out, BOARD_MAX_CELLS);
	CU_ASSERT_EQUAL_FATAL(n, 3);
	CU_ASSERT(out[0].row == 3 && out[0].col == 3);
	CU_ASSERT(out[1].row == 3 && out[1].col == 10);
	CU_ASSERT(out[2].row == 9 && out[2].col == 3);
	memset(out, 0xEE, sizeof(out));
	CU_ASSERT_EQUAL(renju_forbidden_points(&b, out, 2), 2);
	CU_ASSERT(out[1].row == 3 && out[1].col == 10);
	CU_ASSERT_EQUAL(out[2].row, 0xEE);
	CU_ASSERT_EQUAL(renju_forbidden_points(&b, NULL, 0), 0);
	renju_board(&b, 15, 15);
	CU_ASSERT_EQUAL(renju_forbidden_points(&b, out, BOARD_MAX_CELLS), 0);
}

/* ==== Tests: random positions against the reference ==================== */

/* Fill b (rows x cols, renju) at random: about black_pct percent black
 * stones and white_pct percent white. */
static void random_fill(struct board *b, unsigned long *seed, int black_pct,
			int white_pct)
{
	int i, x;

	for (i = 0; i < b->rows * b->cols; i++) {
		x = (int)(next_random(seed) % 100);
		if (x < black_pct)
			b->cells[i] = STONE_BLACK;
		else if (x < black_pct + white_pct)
			b->cells[i] = STONE_WHITE;
	}
}

/* Put a black or a white stone on a random empty cell of b (none when
 * the board is full). */
static void random_stone(struct board *b, unsigned long *seed)
{
	int i, cells = b->rows * b->cols, at = (int)(next_random(seed) % cells);

	for (i = 0; i < cells && b->cells[at] != STONE_NONE; i++)
		at = (at + 1) % cells;
	if (b->cells[at] == STONE_NONE)
		b->cells[at] =
			next_random(seed) % 2 ? STONE_BLACK : STONE_WHITE;
}

/* Compare renju_check() with the reference on every empty cell of b,
 * and renju_forbidden_points() (one question for the whole board) with
 * the cells the reference forbids; count the verdicts in count[] and in
 * *fake the cells where the recursive question changed the answer.
 * Return false on a difference (after recording it). */
static bool compare_all(struct board *b, int *count, int *fake)
{
	struct move out[BOARD_MAX_CELLS];
	enum renju_verdict v, ref;
	char msg[120];
	int i, r, c, n = renju_forbidden_points(b, out, BOARD_MAX_CELLS);

	for (i = 0; i < b->rows * b->cols; i++) {
		if (b->cells[i] != STONE_NONE)
			continue;
		r = i / b->cols;
		c = i % b->cols;
		v = renju_check(b, r, c);
		ref = ref_verdict(b, r, c, true);
		count[v]++;
		*fake += ref != ref_verdict(b, r, c, false);
		if (v == ref && listed(out, n, r, c) == (ref != RENJU_OK))
			continue;
		snprintf(msg, sizeof(msg),
			 "%dx%d (%d, %d): %s, listed %d, reference %s", b->rows,
			 b->cols, r, c, verdict_name(v), listed(out, n, r, c),
			 verdict_name(ref));
		fail_with(__LINE__, msg);
		return false;
	}
	return true;
}

/* On many random boards every empty cell gets the reference's verdict;
 * every verdict, and answers changed by fake threes, occur. */
static void test_random_against_reference(void)
{
	unsigned long seed = 20250601UL;
	int count[NVERDICTS] = {0}, fake = 0, i, v, black, white;
	struct board b;

	for (i = 0; i < 600; i++) {
		renju_board(&b, 5 + (int)(next_random(&seed) % 11),
			    5 + (int)(next_random(&seed) % 11));
		black = 15 + (int)(next_random(&seed) % 25);
		white = 5 + (int)(next_random(&seed) % 15);
		random_fill(&b, &seed, black, white);
		if (!compare_all(&b, count, &fake))
			return;
	}
	for (v = 0; v < NVERDICTS; v++)
		CU_ASSERT(count[v] >= 100);
	CU_ASSERT(fake >= 20);
}

/* Every position of the file, in each symmetry, with a few stones
 * added at random (most of them near nothing, some cutting a chain):
 * every empty cell gets the reference's verdict, deep chains included.
 * Some of the marked points change their verdict. */
static void test_disturbed_positions_against_reference(void)
{
	unsigned long seed = 14UL;
	int count[NVERDICTS] = {0}, fake = 0, i, k, sym, n = load_positions();
	struct board b;

	for (i = 0; i < n; i++) {
		for (sym = 0; sym < 8; sym++) {
			build(&positions[i], sym, &b);
			for (k = 1 + (int)(next_random(&seed) % 3); k > 0; k--)
				random_stone(&b, &seed);
			if (!compare_all(&b, count, &fake))
				return;
		}
	}
	CU_ASSERT(count[RENJU_DOUBLE_THREE] >= 100);
	CU_ASSERT(fake >= 50);
}

/* ==== Suite ============================================================ */

static CU_TestInfo tests[] = {
	{"positions file: every verdict in 8 symmetries", test_positions},
	{"positions file covers the cases", test_positions_cover},
	{"occupied and off-board cells, board unchanged", test_check_edges},
	{"renju_check ignores the board's rule", test_check_ignores_rule},
	{"board_play_verdict: black, renju, game on", test_play_verdict},
	{"forbidden points listing", test_listing},
	{"random positions against the reference",
	 test_random_against_reference},
	{"the file's positions disturbed, against the reference",
	 test_disturbed_positions_against_reference},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo renju_suite = {"renju", init, cleanup, NULL, NULL, tests};
