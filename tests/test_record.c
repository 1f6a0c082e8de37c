/* test_record.c -- unit tests for src/record.c: PSQ and move-list text
 * written byte for byte, read back exactly over many random games, every
 * reason for refusal with its line, tolerance of real-world files, cuts
 * at every byte and random damage that must never crash the reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "notation.h"
#include "record.h"
#include "renju.h"
#include "rng.h"

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* Assert with the caller's line and a message in the failure report. */
#define CHECK_AT(cond, line, what)                                             \
	CU_assertImplementation((cond), (unsigned int)(line), (what),          \
				__FILE__, "", CU_FALSE)

/* A text given with its length, so it may hold NUL bytes. */
#define LIT(s) (s), (sizeof(s) - 1)

/* Read a literal with the default variant and expect refusal. */
#define REFUSED(lit, why, at) refused(LIT(lit), NULL, why, at, __LINE__)

static const char sample_psq[] = "Piskvorky 15x15, 0:0, 0\n"
				 "8,8,1200\n9,9,3400\n7,8,2210\n7,9,5120\n"
				 "9,8,980\n8,9,4075\n6,8,1502\n10,8,6330\n"
				 "5,8,701\nalice\nbob\n0\n";

/* The sample's moves, 0-based (row, col), and times. */
static const struct move sample_moves[] = {
	{7, 7}, {8, 8}, {7, 6}, {8, 6}, {7, 8}, {8, 7}, {7, 5}, {7, 9}, {7, 4}};
static const long long sample_ms[] = {1200, 3400, 2210, 5120, 980,
				      4075, 1502, 6330, 701};

/* Big records live here rather than on the stack. */
static struct game_record rec_a, rec_b;
static char text[RECORD_TEXT_MAX];

/* ==== Helpers ============================================================= */

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

/* A variant with this shape, k and rule (name unused). */
static struct variant shape(int rows, int cols, int k, enum rule rule)
{
	struct variant v = {"custom", rows, cols, k, rule};

	return v;
}

/* Expect n bytes at s to be refused for `why` on line `at`, leaving no
 * moves. Report failures at the caller's line `src`. */
static void refused(const char *s, size_t n, const struct variant *v,
		    enum record_reason why, int at, int src)
{
	struct record_error e = {RECORD_OK, -1, -1};
	enum record_reason got = record_read(s, n, v, &rec_a, &e);
	char msg[160];

	snprintf(msg, sizeof(msg), "want reason %d line %d, got %d line %d",
		 (int)why, at, (int)got, e.line);
	CHECK_AT(got == why && e.reason == why && e.line == at, src, msg);
	CHECK_AT(rec_a.nmoves == 0, src, "a refused text leaves no moves");
}

/* Load the whole file at path into buf (cap bytes). Return its length, or
 * -1 when it cannot be read or does not fit. */
static long load_file(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, cap, f);
	fclose(f);
	return n < cap ? (long)n : -1;
}

/* True when a and b hold the same game: shape, moves, times, names and
 * end code. */
static int same_game(const struct game_record *a, const struct game_record *b)
{
	size_t n = (size_t)a->nmoves;

	return a->rows == b->rows && a->cols == b->cols &&
	       a->nmoves == b->nmoves &&
	       memcmp(a->moves, b->moves, n * sizeof(a->moves[0])) == 0 &&
	       memcmp(a->ms, b->ms, n * sizeof(a->ms[0])) == 0 &&
	       strcmp(a->black, b->black) == 0 &&
	       strcmp(a->white, b->white) == 0 && a->end_code == b->end_code;
}

/* Fill r with the sample game (15x15, five, freestyle). */
static void build_sample(struct game_record *r)
{
	size_t i;

	record_init(r, 15, 15, 5, RULE_FREESTYLE);
	for (i = 0; i < NELEMS(sample_moves); i++) {
		r->moves[i] = sample_moves[i];
		r->ms[i] = sample_ms[i];
	}
	r->nmoves = (int)NELEMS(sample_moves);
	memcpy(r->black, "alice", 6);
	memcpy(r->white, "bob", 4);
}

/* Write r as PSQ into text; return the length, or -1 on refusal. */
static long write_psq(const struct game_record *r)
{
	size_t len;

	if (record_write_psq(r, text, sizeof(text), &len) != RECORD_OK)
		return -1;
	return (long)len;
}

/* ==== Writing ============================================================= */

/* The PSQ writer's bytes for a hand-built game, names and end code. */
static void test_write_psq_bytes(void)
{
	static const char want[] = "Piskvorky 15x15, 0:0, 0\n"
				   "8,8,1520\n9,7,830\n9,8,2017\n8,7,0\n"
				   "10,8,45000\nalice\nbob\n0\n";
	static const struct move mv[] = {
		{7, 7}, {6, 8}, {7, 8}, {6, 7}, {7, 9}};
	static const long long ms[] = {1520, 830, 2017, 0, 45000};
	size_t len = 0, i;

	record_init(&rec_a, 15, 15, 5, RULE_FREESTYLE);
	for (i = 0; i < NELEMS(mv); i++) {
		rec_a.moves[i] = mv[i];
		rec_a.ms[i] = ms[i];
	}
	rec_a.nmoves = (int)NELEMS(mv);
	memcpy(rec_a.black, "alice", 6);
	memcpy(rec_a.white, "bob", 4);
	CU_ASSERT_EQUAL(record_write_psq(&rec_a, text, sizeof(text), &len),
			RECORD_OK);
	CU_ASSERT_EQUAL(len, sizeof(want) - 1);
	CU_ASSERT_STRING_EQUAL(text, want);
}

/* Width before height: x is the column, y the row, both from 1. */
static void test_write_psq_non_square(void)
{
	static const char want[] = "Piskvorky 5x3, 0:0, 0\n5,1,7\n1,3,0\n"
				   "-\n-\n15\nfreestyle 3\n";

	record_init(&rec_a, 3, 5, 3, RULE_FREESTYLE);
	rec_a.moves[0].row = 0;
	rec_a.moves[0].col = 4;
	rec_a.ms[0] = 7;
	rec_a.moves[1].row = 2;
	rec_a.moves[1].col = 0;
	rec_a.nmoves = 2;
	rec_a.end_code = RECORD_END_TIMEOUT;
	CU_ASSERT_EQUAL(write_psq(&rec_a), (long)(sizeof(want) - 1));
	CU_ASSERT_STRING_EQUAL(text, want);
}

/* Name lines: none when both are empty, "-" for one empty name. */
static void test_write_psq_names(void)
{
	build_sample(&rec_a);
	rec_a.nmoves = 1;
	rec_a.black[0] = '\0';
	rec_a.white[0] = '\0';
	rec_a.end_code = -1;
	CU_ASSERT(write_psq(&rec_a) > 0);
	CU_ASSERT_STRING_EQUAL(text, "Piskvorky 15x15, 0:0, 0\n8,8,1200\n-1\n");
	memcpy(rec_a.white, "张三", sizeof("张三"));
	CU_ASSERT(write_psq(&rec_a) > 0);
	CU_ASSERT_STRING_EQUAL(text, "Piskvorky 15x15, 0:0, 0\n8,8,1200\n"
				     "-\n张三\n-1\n");
	CU_ASSERT_EQUAL(record_read(text, strlen(text), NULL, &rec_b, NULL),
			RECORD_OK);
	CU_ASSERT(same_game(&rec_a, &rec_b));
}

/* The move list writer: "h8" words, one space apart, one newline. */
static void test_write_moves_bytes(void)
{
	size_t len = 0;

	build_sample(&rec_a);
	CU_ASSERT_EQUAL(record_write_moves(&rec_a, text, sizeof(text), &len),
			RECORD_OK);
	CU_ASSERT_STRING_EQUAL(text, "h8 i9 g8 g9 i8 h9 f8 j8 e8\n");
	CU_ASSERT_EQUAL(len, strlen(text));
}

/* The sample files in tests/data are what the writers produce. */
static void test_sample_files(void)
{
	static char file[RECORD_TEXT_MAX];
	long n = load_file("tests/data/sample.psq", file, sizeof(file));
	size_t len;

	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL((size_t)n, sizeof(sample_psq) - 1);
	CU_ASSERT(memcmp(file, sample_psq, (size_t)n) == 0);
	build_sample(&rec_a);
	CU_ASSERT_EQUAL(write_psq(&rec_a), n);
	CU_ASSERT(memcmp(text, file, (size_t)n) == 0);
	CU_ASSERT_EQUAL(record_read(file, (size_t)n, NULL, &rec_b, NULL),
			RECORD_OK);
	CU_ASSERT(same_game(&rec_a, &rec_b));
	n = load_file("tests/data/sample.moves", file, sizeof(file));
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL(record_write_moves(&rec_a, text, sizeof(text), &len),
			RECORD_OK);
	CU_ASSERT_EQUAL(len, (size_t)n);
	CU_ASSERT(memcmp(text, file, (size_t)n) == 0);
}

/* A record that cannot be read back is not written at all. */
static void test_write_refuses_bad_records(void)
{
	static const char *const bad_names[] = {"3,4",
						"-1,x",
						" bob",
						"bob\t",
						"bo\x01"
						"b",
						"esc\x1b[31m",
						"c1\xc2\x85",
						"bad\xff"};
	struct record_error e;
	size_t i, len = 99;

	for (i = 0; i < NELEMS(bad_names); i++) {
		build_sample(&rec_a);
		memcpy(rec_a.white, bad_names[i], strlen(bad_names[i]) + 1);
		text[0] = 'x';
		CU_ASSERT_EQUAL(
			record_write_psq(&rec_a, text, sizeof(text), &len),
			RECORD_ERR_NAME);
		CU_ASSERT_EQUAL(len, 0);
		CU_ASSERT_EQUAL(text[0], '\0');
	}
	build_sample(&rec_a);
	memset(rec_a.black, 'a', sizeof(rec_a.black)); /* no NUL */
	CU_ASSERT_EQUAL(write_psq(&rec_a), -1);
	build_sample(&rec_a);
	rec_a.ms[3] = -1;
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, &e), RECORD_ERR_TIME);
	CU_ASSERT_EQUAL(e.move, 4);
	CU_ASSERT_EQUAL(e.line, 0);
	rec_a.ms[3] = RECORD_MS_MAX + 1;
	CU_ASSERT_EQUAL(write_psq(&rec_a), -1);
	build_sample(&rec_a);
	rec_a.moves[5] = rec_a.moves[1];
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, &e), RECORD_ERR_OCCUPIED);
	CU_ASSERT_EQUAL(e.move, 6);
	build_sample(&rec_a);
	rec_a.moves[2].col = 15;
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, NULL), RECORD_ERR_OFF_BOARD);
	build_sample(&rec_a);
	rec_a.nmoves = 0;
	CU_ASSERT_EQUAL(record_write_moves(&rec_a, text, sizeof(text), &len),
			RECORD_ERR_NO_MOVES);
	rec_a.nmoves = BOARD_MAX_CELLS + 1;
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, NULL), RECORD_ERR_TOO_MANY);
	build_sample(&rec_a);
	rec_a.rows = 27;
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, NULL), RECORD_ERR_SIZE);
}

/* A short buffer: RECORD_ERR_SPACE, the full length, still a string. */
static void test_write_short_buffer(void)
{
	char small[20];
	size_t len = 0;

	build_sample(&rec_a);
	memset(small, 'x', sizeof(small));
	CU_ASSERT_EQUAL(record_write_psq(&rec_a, small, sizeof(small), &len),
			RECORD_ERR_SPACE);
	CU_ASSERT_EQUAL(len, sizeof(sample_psq) - 1);
	CU_ASSERT_EQUAL(small[sizeof(small) - 1], '\0');
	CU_ASSERT(memcmp(small, sample_psq, sizeof(small) - 1) == 0);
	CU_ASSERT_EQUAL(record_write_psq(&rec_a, NULL, 0, &len),
			RECORD_ERR_SPACE);
	CU_ASSERT_EQUAL(len, sizeof(sample_psq) - 1);
	/* Exactly the text and its NUL fit. */
	CU_ASSERT_EQUAL(record_write_psq(&rec_a, text, len + 1, &len),
			RECORD_OK);
	CU_ASSERT_EQUAL(record_write_psq(&rec_a, text, len, &len),
			RECORD_ERR_SPACE);
}

/* Fill r with a drawn 26x26 game (k = 26): colours ((c / 2) + r) % 2, so
 * no full line is one colour; longest names and times. */
static void build_full_26(struct game_record *r)
{
	int blacks = 0, whites = 0, row, col;

	record_init(r, 26, 26, 26, RULE_FREESTYLE);
	for (row = 0; row < 26; row++) {
		for (col = 0; col < 26; col++) {
			int i = ((col / 2) + row) % 2 == 0 ? 2 * blacks++
							   : 2 * whites++ + 1;

			r->moves[i].row = (unsigned char)row;
			r->moves[i].col = (unsigned char)col;
			r->ms[i] = RECORD_MS_MAX;
		}
	}
	r->nmoves = BOARD_MAX_CELLS;
	memset(r->black, 'b', RECORD_NAME_MAX);
	memset(r->white, 'w', RECORD_NAME_MAX);
	r->end_code = -2147483647 - 1;
}

/* The longest record fits RECORD_TEXT_MAX, reads back as a draw, and a
 * move after the full board is refused. */
static void test_write_longest(void)
{
	struct variant v = shape(15, 15, 26, RULE_FREESTYLE);
	struct record_error e;
	struct board b;
	char *at;
	long n;

	build_full_26(&rec_a);
	CU_ASSERT_EQUAL_FATAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(b.state, BOARD_DRAW);
	n = write_psq(&rec_a);
	CU_ASSERT_FATAL(n > 11000 && n < RECORD_TEXT_MAX);
	CU_ASSERT_EQUAL(record_read(text, (size_t)n, &v, &rec_b, NULL),
			RECORD_OK);
	CU_ASSERT(same_game(&rec_a, &rec_b));
	/* One more move line, before the names. */
	at = strstr(text, "\nbbbb");
	CU_ASSERT_FATAL(at != NULL);
	at++;
	memmove(at + 6, at, (size_t)n - (size_t)(at - text) + 1);
	memcpy(at, "1,1,0\n", 6);
	CU_ASSERT_EQUAL(record_read(text, (size_t)n + 6, &v, &rec_b, &e),
			RECORD_ERR_TOO_MANY);
	CU_ASSERT_EQUAL(e.line, 678);
	CU_ASSERT_EQUAL(e.move, 677);
}

/* ==== Round trips ========================================================= */

/* Names the random games use: none, ASCII, Chinese, engine files. */
static const char *const pool[] = {
	"",	   "alice", "bob_2", "张三", "pbrain-rapfi.exe",
	"Ann Lee", "12345", "x,y"};

/* Fill r with a random legal game: a random shape (some fixed: 26x26,
 * 3x26, 26x3), K and rule; random moves until a win, a full board or a
 * random length. Return true when it ended in a win. */
static bool random_game(struct rng *g, struct game_record *r, int i)
{
	static const int fixed[][2] = {{26, 26}, {3, 26}, {26, 3}, {15, 15}};
	int rows = 3 + (int)rng_below(g, 24), cols = 3 + (int)rng_below(g, 24);
	int k, stop, cells;
	struct board b;

	if (i % 5 == 0) {
		rows = fixed[(i / 5) % 4][0];
		cols = fixed[(i / 5) % 4][1];
	}
	k = (rows > cols ? rows : cols) >= 5 ? 5 : 3;
	record_init(r, rows, cols, k, (enum rule)rng_below(g, 2));
	board_init(&b, rows, cols, k, r->rule);
	cells = rows * cols;
	stop = i % 2 == 0 ? cells : 1 + (int)rng_below(g, (uint32_t)cells);
	while (b.state == BOARD_PLAYING && b.nmoves < stop) {
		int c = (int)rng_below(g, (uint32_t)cells);

		if (b.cells[c] != STONE_NONE)
			continue;
		r->ms[b.nmoves] = rng_below(g, 4) == 0
					  ? RECORD_MS_MAX - rng_below(g, 3)
					  : (long long)rng_below(g, 100000);
		board_play(&b, c / cols, c % cols);
	}
	r->nmoves = b.nmoves;
	memcpy(r->moves, b.moves, sizeof(b.moves[0]) * (size_t)b.nmoves);
	return board_winner(&b) != STONE_NONE;
}

/* Give r random names from the pool ("x,y" is writable: a letter leads)
 * and a random end code. */
static void random_names(struct rng *g, struct game_record *r)
{
	const char *bl = pool[rng_below(g, NELEMS(pool))];
	const char *wh = pool[rng_below(g, NELEMS(pool))];

	memcpy(r->black, bl, strlen(bl) + 1);
	memcpy(r->white, wh, strlen(wh) + 1);
	r->end_code = (int)rng_below(g, 40) - 20;
}

/* Export then import gives back exactly the same game, many times over. */
static void test_roundtrip_psq(void)
{
	struct rng g;
	int i, wins = 0, bad = 0;
	long n;

	rng_seed(&g, 20240601);
	for (i = 0; i < 400; i++) {
		struct variant v;

		wins += random_game(&g, &rec_a, i);
		random_names(&g, &rec_a);
		v = shape(15, 15, rec_a.k, rec_a.rule);
		n = write_psq(&rec_a);
		if (n < 0 ||
		    record_read(text, (size_t)n, &v, &rec_b, NULL) !=
			    RECORD_OK ||
		    !same_game(&rec_a, &rec_b) ||
		    rec_b.format != RECORD_FORMAT_PSQ)
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(wins > 50);
}

/* The move list round trip, on the game's own board. */
static void test_roundtrip_moves(void)
{
	struct rng g;
	int i, bad = 0;
	size_t len;

	rng_seed(&g, 77);
	for (i = 0; i < 400; i++) {
		struct variant v;

		random_game(&g, &rec_a, i);
		v = shape(rec_a.rows, rec_a.cols, rec_a.k, rec_a.rule);
		if (record_write_moves(&rec_a, text, sizeof(text), &len) !=
			    RECORD_OK ||
		    record_read(text, len, &v, &rec_b, NULL) != RECORD_OK ||
		    rec_b.format != RECORD_FORMAT_MOVES ||
		    rec_b.nmoves != rec_a.nmoves ||
		    memcmp(rec_b.moves, rec_a.moves,
			   sizeof(rec_a.moves[0]) * (size_t)rec_a.nmoves) != 0)
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* ==== Refusals ============================================================ */

/* Empty, too big, unknown format, and a header that is not right. */
static void test_refuse_file_level(void)
{
	char *big = malloc((size_t)RECORD_INPUT_MAX + 1);

	REFUSED("", RECORD_ERR_EMPTY, 1);
	REFUSED("\n \r\n\t\n", RECORD_ERR_EMPTY, 1);
	REFUSED("hello world\n", RECORD_ERR_FORMAT, 1);
	REFUSED(" , ,\n,\n", RECORD_ERR_FORMAT, 1);
	REFUSED("\n8,8,0\n9,9,0\n", RECORD_ERR_FORMAT, 2);
	REFUSED("Piskvorky 15x15\n8,8,0\n", RECORD_ERR_HEADER, 1);
	REFUSED("Piskvorky 15x15, 0:0, 2\n8,8,0\n", RECORD_ERR_HEADER, 1);
	REFUSED("Piskvorky 15x15, 0:0, 0 !\n8,8,0\n", RECORD_ERR_HEADER, 1);
	REFUSED("Piskvorky 15*15, 0:0, 0\n8,8,0\n", RECORD_ERR_HEADER, 1);
	REFUSED("Piskvorky -15x15, 0:0, 0\n8,8,0\n", RECORD_ERR_HEADER, 1);
	REFUSED("\n\nPiskvorky 27x15, 0:0, 0\n8,8,0\n", RECORD_ERR_SIZE, 3);
	REFUSED("Piskvorky 15x2, 0:0, 0\n8,8,0\n", RECORD_ERR_SIZE, 1);
	REFUSED("Piskvorky 99999999x15, 0:0, 0\n", RECORD_ERR_SIZE, 1);
	REFUSED("Piskvorky 4x4, 0:0, 0\n1,1,0\n", RECORD_ERR_SIZE, 1);
	REFUSED("Piskvorky 15x15, 0:0, 0\n", RECORD_ERR_NO_MOVES, 1);
	REFUSED("Piskvorky 15x15, 0:0, 0\nalice\nbob\n-1\n",
		RECORD_ERR_NO_MOVES, 1);
	CU_ASSERT_FATAL(big != NULL);
	memset(big, '\n', (size_t)RECORD_INPUT_MAX + 1);
	refused(big, (size_t)RECORD_INPUT_MAX + 1, NULL, RECORD_ERR_TOO_BIG, 1,
		__LINE__);
	free(big);
}

/* Moves off the board, on a taken cell, after a win, not numbers. */
static void test_refuse_moves(void)
{
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n",
		RECORD_ERR_OFF_BOARD, 3);
	REFUSED("Piskvorky 15x10, 0:0, 0\n8,8,0\n1,11,0\n",
		RECORD_ERR_OFF_BOARD, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n0,5,0\n", RECORD_ERR_OFF_BOARD, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n-3,5,0\n", RECORD_ERR_OFF_BOARD, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n\n9,9,0\n8,8,0\n",
		RECORD_ERR_OCCUPIED, 5);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,x,0\n", RECORD_ERR_SYNTAX, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,abc\n", RECORD_ERR_SYNTAX, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0,0\n", RECORD_ERR_SYNTAX, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,,8\n", RECORD_ERR_SYNTAX, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,\n", RECORD_ERR_SYNTAX, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8.5,8,0\n", RECORD_ERR_SYNTAX, 2);
	/* Not a move, yet moves follow: the broken line is named. */
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nx,9,0\n9,9,0\n",
		RECORD_ERR_SYNTAX, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n15\n9,9,0\n",
		RECORD_ERR_SYNTAX, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,-1\n", RECORD_ERR_TIME, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,2147483648\n",
		RECORD_ERR_TIME, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,9999999999999999999\n",
		RECORD_ERR_NUMBER, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n"
		"100000000000000000000000000000,8,0\n",
		RECORD_ERR_NUMBER, 2);
}

/* A drawn 3x3 game, then a tenth move: too many. */
static void test_refuse_too_many(void)
{
	static const char draw[] = "Piskvorky 3x3, 0:0, 0\n"
				   "1,1\n2,1\n3,1\n2,2\n1,2\n3,2\n2,3\n1,3\n"
				   "3,3\n";
	static const char more[] = "Piskvorky 3x3, 0:0, 0\n"
				   "1,1\n2,1\n3,1\n2,2\n1,2\n3,2\n2,3\n1,3\n"
				   "3,3\n2,2\n";
	struct variant v = shape(3, 3, 3, RULE_FREESTYLE);
	struct record_error e;
	struct board b;

	CU_ASSERT_EQUAL_FATAL(record_read(LIT(draw), &v, &rec_a, NULL),
			      RECORD_OK);
	CU_ASSERT_EQUAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(b.state, BOARD_DRAW);
	CU_ASSERT_EQUAL(record_read(LIT(more), &v, &rec_a, &e),
			RECORD_ERR_TOO_MANY);
	CU_ASSERT_EQUAL(e.line, 11);
	CU_ASSERT_EQUAL(e.move, 10);
}

/* A five on the last move is accepted; a move after it is refused. */
static void test_five_then_more(void)
{
	static const char five[] = "Piskvorky 15x15, 0:0, 0\n"
				   "1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n"
				   "4,1,0\n4,2,0\n5,1,0\n";
	static const char after[] = "Piskvorky 15x15, 0:0, 0\n"
				    "1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n"
				    "3,2,0\n4,1,0\n4,2,0\n5,1,0\n9,9,0\n";
	struct record_error e;
	struct board b;

	CU_ASSERT_EQUAL_FATAL(record_read(LIT(five), NULL, &rec_a, NULL),
			      RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, 9);
	CU_ASSERT_EQUAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_BLACK);
	CU_ASSERT_EQUAL(b.nwin, 5);
	CU_ASSERT_EQUAL(record_read(LIT(after), NULL, &rec_a, &e),
			RECORD_ERR_GAME_OVER);
	CU_ASSERT_EQUAL(e.line, 11);
	CU_ASSERT_EQUAL(e.move, 10);
	CU_ASSERT_EQUAL(rec_a.nmoves, 0);
}

/* Under the exact rule a six is no win, so play goes on after it. */
static void test_exact_rule_overline(void)
{
	static const char six[] = "Piskvorky 15x15, 0:0, 0\n"
				  "1,1\n1,2\n2,1\n2,2\n3,1\n3,2\n5,1\n5,2\n"
				  "6,1\n6,2\n4,1\n9,9\n";
	struct variant exact = shape(15, 15, 5, RULE_EXACT);

	CU_ASSERT_EQUAL(record_read(LIT(six), &exact, &rec_a, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, 12);
	REFUSED("Piskvorky 15x15, 0:0, 0\n1,1\n1,2\n2,1\n2,2\n3,1\n3,2\n"
		"5,1\n5,2\n6,1\n6,2\n4,1\n9,9\n",
		RECORD_ERR_GAME_OVER, 13);
}

/* ==== Renju ============================================================== */

/* Black (7,5), (7,6), (5,7), (6,7), white far away on row 0, then black
 * (7,7): two open threes at once, a double-three. */
static const struct move double_three[] = {
	{7, 5}, {0, 0}, {7, 6}, {0, 2}, {5, 7}, {0, 4}, {6, 7}, {0, 6}, {7, 7},
};

/* Black (7,1), (7,2), (7,3), (7,5), (7,6), white far away on row 14,
 * then black (7,4): six in a row. */
static const struct move black_six[] = {
	{7, 1}, {14, 0}, {7, 2}, {14, 2}, {7, 3}, {14, 4},
	{7, 5}, {14, 6}, {7, 6}, {14, 8}, {7, 4},
};

/* The same six for white, black far away on row 0. */
static const struct move white_six[] = {
	{0, 0}, {7, 1}, {0, 2}, {7, 2}, {0, 4},	 {7, 3},
	{0, 6}, {7, 5}, {0, 8}, {7, 6}, {0, 10}, {7, 4},
};

/* Black's exactly five on row 7, white far away on row 14. */
static const struct move black_five[] = {
	{7, 1},	 {14, 0}, {7, 2},  {14, 2}, {7, 3},
	{14, 4}, {7, 4},  {14, 6}, {7, 5},
};

/* Write moves[0..n-1] as a 15x15 PSQ text (x the column, y the row, both
 * 1-based, no times) into text[]. Return its length. */
static size_t psq_of(const struct move *moves, int n)
{
	size_t len = 0;
	int i, got;

	got = snprintf(text, sizeof(text), "Piskvorky 15x15, 0:0, 0\n");
	CU_ASSERT_FATAL(got > 0 && (size_t)got < sizeof(text));
	len = (size_t)got;
	for (i = 0; i < n; i++) {
		got = snprintf(text + len, sizeof(text) - len, "%d,%d\n",
			       moves[i].col + 1, moves[i].row + 1);
		CU_ASSERT_FATAL(got > 0 && (size_t)got < sizeof(text) - len);
		len += (size_t)got;
	}
	return len;
}

/* Write moves[0..n-1] as a move list, one "h8" word a line, into text[].
 * Return its length. */
static size_t list_of(const struct move *moves, int n)
{
	char word[NOTATION_MOVE_LEN];
	size_t len = 0;
	int i, got;

	text[0] = '\0';
	for (i = 0; i < n; i++) {
		got = snprintf(
			text + len, sizeof(text) - len, "%s\n",
			notation_format(moves[i].row, moves[i].col, word));
		CU_ASSERT_FATAL(got > 0 && (size_t)got < sizeof(text) - len);
		len += (size_t)got;
	}
	return len;
}

/* The verdict on the last of moves[0..n-1], the others played first on a
 * 15x15 freestyle board (where nothing is refused). */
static enum renju_verdict last_verdict(const struct move *moves, int n)
{
	struct board b;
	int i;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	for (i = 0; i < n - 1; i++)
		CU_ASSERT_EQUAL_FATAL(
			board_play(&b, moves[i].row, moves[i].col), BOARD_OK);
	return renju_check(&b, moves[n - 1].row, moves[n - 1].col);
}

/* Under renju a double-three by black is refused with its line and move
 * number, in PSQ and in a move list; under freestyle the same text is a
 * game. record_check() refuses such a record, so it is never written. */
static void test_renju_forbidden(void)
{
	struct variant renju = shape(15, 15, 5, RULE_RENJU);
	struct variant freestyle = shape(15, 15, 5, RULE_FREESTYLE);
	int n = (int)NELEMS(double_three);
	struct record_error e = {RECORD_OK, -1, -1};
	size_t len;

	CU_ASSERT_EQUAL(last_verdict(double_three, n), RENJU_DOUBLE_THREE);
	len = psq_of(double_three, n);
	refused(text, len, &renju, RECORD_ERR_FORBIDDEN, 10, __LINE__);
	CU_ASSERT_EQUAL(record_read(text, len, &renju, &rec_a, &e),
			RECORD_ERR_FORBIDDEN);
	CU_ASSERT_EQUAL(e.move, 9);
	CU_ASSERT_EQUAL(record_read(text, len, &freestyle, &rec_a, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, 9);
	CU_ASSERT_EQUAL(rec_a.rule, RULE_FREESTYLE);
	/* The first eight are a renju game, with its rule. */
	len = psq_of(double_three, n - 1);
	CU_ASSERT_EQUAL(record_read(text, len, &renju, &rec_a, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, 8);
	CU_ASSERT_EQUAL(rec_a.rule, RULE_RENJU);

	len = list_of(double_three, n);
	refused(text, len, &renju, RECORD_ERR_FORBIDDEN, 9, __LINE__);
	CU_ASSERT_EQUAL(record_read(text, len, &freestyle, &rec_a, NULL),
			RECORD_OK);

	/* A record holding the move is refused by the checker and writers. */
	record_init(&rec_a, 15, 15, 5, RULE_RENJU);
	memcpy(rec_a.moves, double_three, sizeof(double_three));
	rec_a.nmoves = n;
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, &e), RECORD_ERR_FORBIDDEN);
	CU_ASSERT_EQUAL(e.line, 0);
	CU_ASSERT_EQUAL(e.move, 9);
	CU_ASSERT_EQUAL(record_write_psq(&rec_a, text, sizeof(text), &len),
			RECORD_ERR_FORBIDDEN);
	CU_ASSERT_EQUAL(len, 0);
	rec_a.rule = RULE_FREESTYLE;
	CU_ASSERT_EQUAL(record_check(&rec_a, NULL, NULL), RECORD_OK);
}

/* Black's six wins freestyle but is a forbidden overline under renju;
 * white's six wins under renju; black's exactly five wins and ends the
 * game. */
static void test_renju_overlines(void)
{
	struct variant renju = shape(15, 15, 5, RULE_RENJU);
	struct variant freestyle = shape(15, 15, 5, RULE_FREESTYLE);
	int n = (int)NELEMS(black_six);
	struct board b;
	size_t len;

	CU_ASSERT_EQUAL(last_verdict(black_six, n), RENJU_OVERLINE);
	len = psq_of(black_six, n);
	refused(text, len, &renju, RECORD_ERR_FORBIDDEN, 12, __LINE__);
	CU_ASSERT_EQUAL_FATAL(record_read(text, len, &freestyle, &rec_a, NULL),
			      RECORD_OK);
	CU_ASSERT_EQUAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_BLACK);
	CU_ASSERT_EQUAL(b.nwin, 6);

	n = (int)NELEMS(white_six);
	len = psq_of(white_six, n);
	CU_ASSERT_EQUAL_FATAL(record_read(text, len, &renju, &rec_a, NULL),
			      RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, n);
	CU_ASSERT_EQUAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_WHITE);
	CU_ASSERT_EQUAL(b.nwin, 6);
	/* A move after white's win is refused. */
	len += (size_t)snprintf(text + len, sizeof(text) - len, "15,15\n");
	refused(text, len, &renju, RECORD_ERR_GAME_OVER, 14, __LINE__);

	n = (int)NELEMS(black_five);
	len = psq_of(black_five, n);
	CU_ASSERT_EQUAL_FATAL(record_read(text, len, &renju, &rec_a, NULL),
			      RECORD_OK);
	CU_ASSERT_EQUAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_BLACK);
	CU_ASSERT_EQUAL(b.nwin, 5);
	len += (size_t)snprintf(text + len, sizeof(text) - len, "15,15\n");
	refused(text, len, &renju, RECORD_ERR_GAME_OVER, 11, __LINE__);
}

/* A renju board must be at least 5x5 with five in a row: a smaller PSQ
 * board read as renju is refused for its size. */
static void test_renju_sizes(void)
{
	struct variant renju = shape(15, 15, 5, RULE_RENJU);
	struct variant small = shape(4, 4, 5, RULE_RENJU);

	refused(LIT("Piskvorky 4x15, 0:0, 0\n1,1\n"), &renju, RECORD_ERR_SIZE,
		1, __LINE__);
	refused(LIT("a1 b2\n"), &small, RECORD_ERR_SIZE, 1, __LINE__);
	CU_ASSERT_EQUAL(record_read(LIT("Piskvorky 5x5, 0:0, 0\n1,1\n"), &renju,
				    &rec_a, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.rows, 5);
	CU_ASSERT_EQUAL(rec_a.rule, RULE_RENJU);
}

/* Random renju games (forbidden points skipped as a player must) written
 * as PSQ read back the same under renju. */
static void test_roundtrip_renju(void)
{
	struct variant renju = shape(15, 15, 5, RULE_RENJU);
	struct board b;
	struct rng g;
	int i, c, bad = 0, skipped = 0;
	long n;

	rng_seed(&g, 515);
	for (i = 0; i < 40; i++) {
		record_init(&rec_a, 15, 15, 5, RULE_RENJU);
		board_init(&b, 15, 15, 5, RULE_RENJU);
		while (b.state == BOARD_PLAYING && b.nmoves < 120) {
			c = (int)rng_below(&g, 225);
			skipped += board_play(&b, c / 15, c % 15) ==
				   BOARD_ERR_FORBIDDEN;
		}
		rec_a.nmoves = b.nmoves;
		memcpy(rec_a.moves, b.moves,
		       sizeof(b.moves[0]) * (size_t)b.nmoves);
		random_names(&g, &rec_a);
		n = write_psq(&rec_a);
		if (n < 0 ||
		    record_read(text, (size_t)n, &renju, &rec_b, NULL) !=
			    RECORD_OK ||
		    !same_game(&rec_a, &rec_b) || rec_b.rule != RULE_RENJU)
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(skipped > 0); /* the games did meet forbidden points */
}

/* Over-long lines, NUL bytes, bad UTF-8, and a cut move line. */
static void test_refuse_bytes(void)
{
	static char longline[RECORD_LINE_MAX + 40];
	size_t n = sizeof("Piskvorky 15x15, 0:0, 0\n8,8,0\n") - 1;

	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8\0,0\n", RECORD_ERR_NUL, 2);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nal\xffice\nbob\n0\n",
		RECORD_ERR_ENCODING, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\n\xc0\xaf\n0\n",
		RECORD_ERR_ENCODING, 4);
	REFUSED("h8 \xed\xa0\x80\n", RECORD_ERR_ENCODING, 1);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9", RECORD_ERR_TRUNCATED, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,1\r", RECORD_ERR_TRUNCATED,
		3);
	memcpy(longline, "Piskvorky 15x15, 0:0, 0\n8,8,0\n", n);
	memset(longline + n, 'a', RECORD_LINE_MAX + 1);
	longline[n + RECORD_LINE_MAX + 1] = '\n';
	refused(longline, n + RECORD_LINE_MAX + 2, NULL, RECORD_ERR_LINE_LONG,
		3, __LINE__);
	/* Exactly RECORD_LINE_MAX bytes is a line: here a lone line after the
	 * moves, then a name too long. */
	refused(longline, n + RECORD_LINE_MAX, NULL, RECORD_ERR_TRAILER, 3,
		__LINE__);
	memcpy(longline + n + RECORD_LINE_MAX, "\nbob\n", 5);
	refused(longline, n + RECORD_LINE_MAX + 5, NULL, RECORD_ERR_NAME, 3,
		__LINE__);
}

/* Names with controls or too long, and lines after the moves that are
 * not names and an end code. */
static void test_refuse_trailer(void)
{
	static char name81[200];
	const char *head = "Piskvorky 15x15, 0:0, 0\n8,8,0\n";

	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nal\x01ice\nbob\n0\n",
		RECORD_ERR_NAME, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\n\x1b[2Jbob\n0\n",
		RECORD_ERR_NAME, 4);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\nbob\xc2\x9b\n0\n",
		RECORD_ERR_NAME, 4);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\n", RECORD_ERR_TRAILER,
		3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\nbob\nzero\n",
		RECORD_ERR_TRAILER, 5);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\nbob\n99999999999\n",
		RECORD_ERR_NUMBER, 5);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\nbob\n0\n"
		"e1\ne2\ne3\ne4\ne5\n",
		RECORD_ERR_TRAILER, 10);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\nalice\nbob\n9,9,0\n",
		RECORD_ERR_SYNTAX, 3);
	/* The last move broken, names and end code after it: the move's
	 * line is named, not the end code's place two lines below. */
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n9;9;0\nalice\nbob\n0\n",
		RECORD_ERR_SYNTAX, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\nj10\r\nalice\r\nbob\r\n",
		RECORD_ERR_SYNTAX, 3);
	REFUSED("Piskvorky 15x15, 0:0, 0\n8,8,0\n(9,9)\nalice\nbob\n-1\n",
		RECORD_ERR_SYNTAX, 3);
	memcpy(name81, head, strlen(head));
	memset(name81 + strlen(head), 'n', RECORD_NAME_MAX + 1);
	memcpy(name81 + strlen(head) + RECORD_NAME_MAX + 1, "\nbob\n", 5);
	refused(name81, strlen(head) + RECORD_NAME_MAX + 6, NULL,
		RECORD_ERR_NAME, 3, __LINE__);
	/* RECORD_NAME_MAX bytes are fine. */
	memcpy(name81 + strlen(head) + RECORD_NAME_MAX, "\nbob\n", 5);
	CU_ASSERT_EQUAL(record_read(name81, strlen(head) + RECORD_NAME_MAX + 5,
				    NULL, &rec_a, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(strlen(rec_a.black), RECORD_NAME_MAX);
}

/* The move list: bad words, taken cells, off the board, line numbers. */
static void test_refuse_move_list(void)
{
	struct record_error e;

	REFUSED("h8 i9 zz\n", RECORD_ERR_SYNTAX, 1);
	REFUSED("h8 i9\nj10 undo\n", RECORD_ERR_SYNTAX, 2);
	REFUSED("h8\ni9\n\nh8\n", RECORD_ERR_OCCUPIED, 4);
	REFUSED("h8 p8\n", RECORD_ERR_OFF_BOARD, 1);
	REFUSED("h8 a16\n", RECORD_ERR_OFF_BOARD, 1);
	REFUSED("h0\n", RECORD_ERR_OFF_BOARD, 1);
	REFUSED("a1 a2 b1 b2 c1 c2 d1 d2 e1 f9\n", RECORD_ERR_GAME_OVER, 1);
	CU_ASSERT_EQUAL(record_read(LIT("h8 i9 j10 k11 q3"), NULL, &rec_a, &e),
			RECORD_ERR_OFF_BOARD);
	CU_ASSERT_EQUAL(e.move, 5);
}

/* ==== Tolerance =========================================================== */

/* CRLF, blanks, a byte order mark, blank lines, no times, any case, no
 * final newline after the end code: all the same game. */
static void test_tolerant_input(void)
{
	static const char *const forms[] = {
		"Piskvorky 15x15, 0:0, 0\r\n8,8,1200\r\n9,9,3400\r\n"
		"alice\r\nbob\r\n0\r\n",
		"\xef\xbb\xbf\n\npiskvorky 15X15,0:0,0\n 8 , 8 , 1200 \t\n"
		"\n9,9,3400\t \r\n  alice  \n\tbob \n 0 ",
		"Piskvorky15x15 , 11 : 11 , 1\n8,8,1200\n9,9,3400\nalice\n"
		"bob\n0",
		"Piskvorky 15x15, 0:0, 0\n8,8,1200\n9,9,3400\nalice\nbob\n0\n"
		"1,Freestyle\n",
	};
	size_t i;

	for (i = 0; i < NELEMS(forms); i++) {
		CU_ASSERT_EQUAL(record_read(forms[i], strlen(forms[i]), NULL,
					    &rec_a, NULL),
				RECORD_OK);
		CU_ASSERT_EQUAL(rec_a.nmoves, 2);
		CU_ASSERT_EQUAL(rec_a.ms[1], 3400);
		CU_ASSERT_STRING_EQUAL(rec_a.black, "alice");
		CU_ASSERT_STRING_EQUAL(rec_a.white, "bob");
	}
	CU_ASSERT_EQUAL(record_read(LIT("Piskvorky 15x15, 0:0, 0\n8,8\n9,9\n"),
				    NULL, &rec_a, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, 2);
	CU_ASSERT_EQUAL(rec_a.ms[0], 0);
	CU_ASSERT_EQUAL(rec_a.black[0], '\0');
	CU_ASSERT_EQUAL(rec_a.end_code, RECORD_END_NORMAL);
	CU_ASSERT_EQUAL(record_read(LIT("Piskvorky 15x15, 0:0, 0\n8,8\n-1"),
				    NULL, &rec_a, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.end_code, -1);
	CU_ASSERT_EQUAL(
		record_read(LIT(" H8,\tI9\r\n\r\nj10 "), NULL, &rec_a, NULL),
		RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.nmoves, 3);
	CU_ASSERT_EQUAL(rec_a.moves[2].row, 9);
	CU_ASSERT_EQUAL(rec_a.moves[2].col, 9);
}

/* A file in Piskvork's tournament style (20x20, levels, CRLF, engine
 * names, end code -1): white's vertical five. */
static void test_piskvork_file(void)
{
	static char file[RECORD_TEXT_MAX];
	long n = load_file("tests/data/piskvork-crlf.psq", file, sizeof(file));
	struct board b;

	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL_FATAL(record_read(file, (size_t)n, NULL, &rec_a, NULL),
			      RECORD_OK);
	CU_ASSERT_EQUAL(rec_a.rows, 20);
	CU_ASSERT_EQUAL(rec_a.cols, 20);
	CU_ASSERT_EQUAL(rec_a.nmoves, 10);
	CU_ASSERT_EQUAL(rec_a.moves[9].row, 7);
	CU_ASSERT_EQUAL(rec_a.moves[9].col, 10);
	CU_ASSERT_EQUAL(rec_a.ms[1], 1625);
	CU_ASSERT_STRING_EQUAL(rec_a.black, "pbrain-alpha.exe");
	CU_ASSERT_STRING_EQUAL(rec_a.white, "pbrain-beta.exe");
	CU_ASSERT_EQUAL(rec_a.end_code, -1);
	CU_ASSERT_EQUAL(record_check(&rec_a, &b, NULL), RECORD_OK);
	CU_ASSERT_EQUAL(board_winner(&b), STONE_WHITE);
}

/* Append the n bytes at s to out[*len..cap), as far as they fit. */
static void append(char *out, size_t cap, size_t *len, const char *s, size_t n)
{
	if (*len + n <= cap)
		memcpy(out + *len, s, n);
	*len += n;
}

/* Copy src[0..n) into out (cap bytes) with the body of its line `at`
 * (1-based) replaced by `bad`, keeping the line's end ("\r\n"). Return
 * the new length (more than cap when it did not fit). */
static size_t replace_line(const char *src, size_t n, int at, const char *bad,
			   char *out, size_t cap)
{
	size_t pos = 0, len = 0, end, body;
	const char *nl;
	int line;

	for (line = 1; pos < n; line++, pos = end) {
		nl = memchr(src + pos, '\n', n - pos);
		end = nl != NULL ? (size_t)(nl - src) + 1 : n;
		body = end;
		if (body > pos && src[body - 1] == '\n')
			body--;
		if (body > pos && src[body - 1] == '\r')
			body--;
		if (line != at) {
			append(out, cap, &len, src + pos, end - pos);
			continue;
		}
		append(out, cap, &len, bad, strlen(bad));
		append(out, cap, &len, src + body, end - body);
	}
	return len;
}

/* Each line of the CRLF sample made a broken move ("11;9;1625") in turn:
 * the file is refused on exactly that line, or (the name lines) read. */
static void test_piskvork_file_lines(void)
{
	static char file[RECORD_TEXT_MAX], bad[RECORD_TEXT_MAX];
	long n = load_file("tests/data/piskvork-crlf.psq", file, sizeof(file));
	struct record_error e;
	char msg[80];
	size_t len;
	int at, refused_lines = 0;

	CU_ASSERT_FATAL(n > 0);
	for (at = 1; at <= 14; at++) {
		len = replace_line(file, (size_t)n, at, "11;9;1625", bad,
				   sizeof(bad));
		CU_ASSERT_FATAL(len > 0 && len <= sizeof(bad));
		memset(&e, 0, sizeof e);
		if (record_read(bad, len, NULL, &rec_a, &e) == RECORD_OK)
			continue;
		refused_lines++;
		snprintf(msg, sizeof msg, "line %d broken, reported line %d",
			 at, e.line);
		CU_assertImplementation(e.line == at, __LINE__, msg, __FILE__,
					"", CU_FALSE);
	}
	CU_ASSERT_EQUAL(refused_lines, 12); /* all but the two names */
}

/* ==== Cuts and damage ===================================================== */

/* Check that a cut of `len` bytes of full (a record with want's moves)
 * was refused, or read as a prefix of want's moves and times. Return
 * true when it was read. */
static bool prefix_or_refused(const char *full, size_t len,
			      const struct game_record *want, bool *bad)
{
	struct record_error e;
	size_t n;

	if (record_read(full, len, NULL, &rec_b, &e) != RECORD_OK) {
		*bad |= rec_b.nmoves != 0 || e.line < 1;
		return false;
	}
	n = (size_t)rec_b.nmoves;
	*bad |= rec_b.nmoves > want->nmoves ||
		memcmp(rec_b.moves, want->moves, n * sizeof(want->moves[0])) ||
		memcmp(rec_b.ms, want->ms, n * sizeof(want->ms[0]));
	return true;
}

/* Cut a PSQ file (LF and CRLF) at every byte: a prefix or a refusal. */
static void test_truncated_everywhere(void)
{
	static char crlf[2 * sizeof(sample_psq)];
	size_t len, i, j = 0;
	int read_ok = 0;
	bool bad = false;

	build_sample(&rec_a);
	for (i = 0; i < sizeof(sample_psq) - 1; i++) {
		if (sample_psq[i] == '\n')
			crlf[j++] = '\r';
		crlf[j++] = sample_psq[i];
	}
	for (len = 0; len <= sizeof(sample_psq) - 1; len++)
		read_ok += prefix_or_refused(sample_psq, len, &rec_a, &bad);
	for (len = 0; len <= j; len++)
		read_ok += prefix_or_refused(crlf, len, &rec_a, &bad);
	CU_ASSERT(!bad);
	CU_ASSERT(read_ok > 40); /* cuts after whole move lines are read */
	CU_ASSERT(prefix_or_refused(sample_psq, sizeof(sample_psq) - 1, &rec_a,
				    &bad));
	CU_ASSERT_EQUAL(rec_b.nmoves, 9);
}

/* Cut a move list at every byte: refused, or every move but perhaps the
 * last is the original's (a list cannot show where it was cut). */
static void test_truncated_move_list(void)
{
	static const char list[] = "h8 i9 g8 g9 i8 h9 f8 j8 e8\n";
	size_t len, n;
	bool bad = false;

	build_sample(&rec_a);
	for (len = 0; len < sizeof(list); len++) {
		if (record_read(list, len, NULL, &rec_b, NULL) != RECORD_OK)
			continue;
		n = (size_t)rec_b.nmoves;
		bad |= n < 1 || n > 9 ||
		       memcmp(rec_b.moves, rec_a.moves,
			      (n - 1) * sizeof(rec_a.moves[0])) != 0;
	}
	CU_ASSERT(!bad);
}

/* Damage one text at random (flip, insert, delete, cut) into out. Return
 * the new length. */
static size_t damage(struct rng *g, const char *src, size_t n, char *out)
{
	static const char alphabet[] = "0123456789,-+:xX \t\r\n\xc2\x80\xff";
	size_t i, hits = 1 + rng_below(g, 4), at;

	memcpy(out, src, n);
	for (i = 0; i < hits && n > 0; i++) {
		char c = alphabet[rng_below(g, sizeof(alphabet) - 1)];

		at = rng_below(g, (uint32_t)n);
		switch (rng_below(g, 4)) {
		case 0:
			out[at] = rng_below(g, 2) ? c : (char)rng_below(g, 256);
			break;
		case 1:
			memmove(out + at + 1, out + at, n - at);
			out[at] = c;
			n++;
			break;
		case 2:
			memmove(out + at, out + at + 1, n - at - 1);
			n--;
			break;
		default:
			n = at;
		}
	}
	return n;
}

/* Whatever random damage does, the reader answers sanely: a refusal with
 * a line inside the text and no moves, or a record that checks, writes
 * and reads back the same. */
static void test_damaged_input(void)
{
	static char buf[sizeof(sample_psq) + 16];
	struct record_error e;
	struct rng g;
	int i, bad = 0, accepted = 0;
	size_t n, lines, j;

	rng_seed(&g, 4242);
	for (i = 0; i < 20000; i++) {
		n = damage(&g, i % 2 ? sample_psq : "h8 i9 g8 g9 i8 h9\n",
			   i % 2 ? sizeof(sample_psq) - 1 : 18, buf);
		for (lines = 1, j = 0; j < n; j++)
			lines += buf[j] == '\n';
		if (record_read(buf, n, NULL, &rec_a, &e) != RECORD_OK) {
			bad += rec_a.nmoves != 0 || e.line < 1 ||
			       (size_t)e.line > lines;
			continue;
		}
		accepted++;
		bad += record_check(&rec_a, NULL, NULL) != RECORD_OK ||
		       write_psq(&rec_a) < 0 ||
		       record_read(text, strlen(text), NULL, &rec_b, NULL) !=
			       RECORD_OK ||
		       !same_game(&rec_a, &rec_b);
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(accepted > 100 && accepted < 20000);
}

/* Pure noise, and NULL or zero-length input, never crash the reader. */
static void test_random_bytes(void)
{
	static char buf[512];
	struct record_error e;
	struct rng g;
	int i, bad = 0;
	size_t n, j;

	rng_seed(&g, 99);
	for (i = 0; i < 5000; i++) {
		n = rng_below(&g, sizeof(buf));
		for (j = 0; j < n; j++)
			buf[j] = (char)rng_below(&g, 256);
		if (i % 3 == 0)
			memcpy(buf, "Piskvorky 9x9, 0:0, 0\n", n < 22 ? n : 22);
		if (record_read(buf, n, NULL, &rec_a, &e) != RECORD_OK)
			bad += rec_a.nmoves != 0;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(record_read(NULL, 10, NULL, &rec_a, &e),
			RECORD_ERR_EMPTY);
	CU_ASSERT_EQUAL(record_read(sample_psq, 0, NULL, NULL, NULL),
			RECORD_ERR_EMPTY);
	CU_ASSERT_EQUAL(record_read(LIT(sample_psq), NULL, NULL, NULL),
			RECORD_OK);
}

/* ==== Times =============================================================== */

/* Times since the start and each move's own time convert both ways;
 * backwards clocks and huge gaps are clamped. */
static void test_times(void)
{
	static const long long elapsed[] = {500, 1500, 1500, 4000};
	static const long long odd[] = {-5, 100, 50, 3000000000LL};
	long long ms[4], back[4];

	record_ms_from_elapsed(elapsed, 4, ms);
	CU_ASSERT_EQUAL(ms[0], 500);
	CU_ASSERT_EQUAL(ms[1], 1000);
	CU_ASSERT_EQUAL(ms[2], 0);
	CU_ASSERT_EQUAL(ms[3], 2500);
	record_ms_to_elapsed(ms, 4, back);
	CU_ASSERT(memcmp(back, elapsed, sizeof(back)) == 0);
	record_ms_from_elapsed(odd, 4, ms);
	CU_ASSERT_EQUAL(ms[0], 0);
	CU_ASSERT_EQUAL(ms[1], 100);
	CU_ASSERT_EQUAL(ms[2], 0);
	CU_ASSERT_EQUAL(ms[3], RECORD_MS_MAX);
}

/* record_init refuses shapes board_init refuses, and empties anyway. */
static void test_init(void)
{
	CU_ASSERT_EQUAL(record_init(&rec_a, 15, 15, 5, RULE_EXACT), 0);
	CU_ASSERT_EQUAL(rec_a.nmoves, 0);
	CU_ASSERT_EQUAL(rec_a.end_code, RECORD_END_NORMAL);
	rec_a.nmoves = 3;
	CU_ASSERT_EQUAL(record_init(&rec_a, 2, 15, 5, RULE_FREESTYLE), -1);
	CU_ASSERT_EQUAL(rec_a.nmoves, 0);
	CU_ASSERT_EQUAL(record_init(&rec_a, 15, 15, 5, (enum rule)7), -1);
	CU_ASSERT_EQUAL(record_init(&rec_a, 15, 15, 5, RULE_RENJU), 0);
	CU_ASSERT_EQUAL(rec_a.rule, RULE_RENJU);
	CU_ASSERT_EQUAL(record_init(&rec_a, 15, 15, 4, RULE_RENJU), -1);
	CU_ASSERT_EQUAL(record_init(&rec_a, 4, 15, 5, RULE_RENJU), -1);
}

/* A game under another rule than five-or-more ends with a "RULE K"
 * line; record_rule_line() finds it, and the moves still read back. */
static void test_rule_line(void)
{
	struct game_record r, back;
	struct variant v = *rules_default();
	long n;

	build_sample(&r);
	r.rule = RULE_EXACT;
	n = write_psq(&r);
	CU_ASSERT_TRUE_FATAL(n > 8);
	CU_ASSERT_EQUAL(memcmp(text + n - 10, "0\nexact 5\n", 10), 0);
	CU_ASSERT_EQUAL(record_rule_line(text, (size_t)n, &v), 1);
	CU_ASSERT_EQUAL(v.rule, RULE_EXACT);
	CU_ASSERT_EQUAL(v.k, 5);
	CU_ASSERT_EQUAL(record_read(text, (size_t)n, &v, &back, NULL),
			RECORD_OK);
	CU_ASSERT_EQUAL(back.nmoves, r.nmoves);

	build_sample(&r); /* freestyle five: no such line */
	n = write_psq(&r);
	v = *rules_default();
	v.rule = RULE_RENJU;
	CU_ASSERT_EQUAL(record_rule_line(text, (size_t)n, &v), 0);
	CU_ASSERT_EQUAL(v.rule, RULE_RENJU); /* unchanged */
	CU_ASSERT_EQUAL(record_rule_line("renju 99\n", 9, &v), 0);
	CU_ASSERT_EQUAL(record_rule_line("chess 5\n", 8, &v), 0);
	CU_ASSERT_EQUAL(record_rule_line("renju 5x\n", 9, &v), 0);
	CU_ASSERT_EQUAL(record_rule_line("", 0, &v), 0);
	CU_ASSERT_EQUAL(record_rule_line("\n freestyle 4 \r\n", 16, &v), 1);
	CU_ASSERT_EQUAL(v.rule, RULE_FREESTYLE);
	CU_ASSERT_EQUAL(v.k, 4);
}

/* Read `psq` as freestyle five on 15x15 (tictactoe when `ttt`) and
 * say how the file says it ended. */
static void result_of_text(const char *psq, bool ttt, enum match_result *result,
			   enum match_reason *reason)
{
	struct game_record r;
	struct board b;

	CU_ASSERT_EQUAL_FATAL(
		record_read(psq, strlen(psq),
			    ttt ? rules_preset("tictactoe") : NULL, &r, NULL),
		RECORD_OK);
	CU_ASSERT_EQUAL_FATAL(record_check(&r, &b, NULL), RECORD_OK);
	record_result(&r, &b, result, reason);
}

/* A file tells a five, a full board and a timeout; any other end is
 * unknown, never an agreed draw. */
static void test_result(void)
{
	enum match_result res;
	enum match_reason why;

	result_of_text("Piskvorky 15x15, 0:0, 0\n1,1\n1,2\n2,1\n2,2\n"
		       "3,1\n3,2\n4,1\n4,2\n5,1\na\nb\n0\n",
		       false, &res, &why);
	CU_ASSERT_EQUAL(res, RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(why, REASON_FIVE);
	result_of_text("Piskvorky 15x15, 0:0, 0\n8,8\n9,9\na\nb\n0\n", false,
		       &res, &why);
	CU_ASSERT_EQUAL(res, RESULT_NONE);
	CU_ASSERT_EQUAL(why, REASON_NONE);
	result_of_text("Piskvorky 15x15, 0:0, 0\n8,8\n9,9\n", false, &res,
		       &why);
	CU_ASSERT_EQUAL(res, RESULT_NONE);
	result_of_text("Piskvorky 15x15, 0:0, 0\n8,8\n9,9\na\nb\n-2\n", false,
		       &res, &why);
	CU_ASSERT_EQUAL(res, RESULT_NONE);
	/* black to move ran out of time */
	result_of_text("Piskvorky 15x15, 0:0, 0\n8,8\n9,9\na\nb\n15\n", false,
		       &res, &why);
	CU_ASSERT_EQUAL(res, RESULT_WHITE_WIN);
	CU_ASSERT_EQUAL(why, REASON_TIMEOUT);
	result_of_text("a1 b2 a2 a3 c1 b1 b3 c2 c3", true, &res, &why);
	CU_ASSERT_EQUAL(res, RESULT_DRAW);
	CU_ASSERT_EQUAL(why, REASON_FULL);
}

static CU_TestInfo tests[] = {
	{"how a file says its game ended, or unknown", test_result},
	{"a rule line after the end code, found again", test_rule_line},
	{"PSQ writer bytes for a hand-built game", test_write_psq_bytes},
	{"PSQ writes width x height, x column, y row",
	 test_write_psq_non_square},
	{"PSQ name lines: none, or '-' for one empty", test_write_psq_names},
	{"move list writer bytes", test_write_moves_bytes},
	{"tests/data samples equal the writers' output", test_sample_files},
	{"a broken line of the CRLF sample is named by its number",
	 test_piskvork_file_lines},
	{"records that cannot be read back are not written",
	 test_write_refuses_bad_records},
	{"short buffer: RECORD_ERR_SPACE and the length",
	 test_write_short_buffer},
	{"longest record fits RECORD_TEXT_MAX", test_write_longest},
	{"PSQ round trip over random games", test_roundtrip_psq},
	{"move list round trip over random games", test_roundtrip_moves},
	{"refused: empty, too big, format, header, size",
	 test_refuse_file_level},
	{"refused: bad moves with their lines", test_refuse_moves},
	{"refused: a move after a full board", test_refuse_too_many},
	{"five on the last move read, a move after it refused",
	 test_five_then_more},
	{"exact rule: play goes on after an overline",
	 test_exact_rule_overline},
	{"renju: a forbidden black move refused with its line",
	 test_renju_forbidden},
	{"renju: black's six forbidden, white's six and black's five win",
	 test_renju_overlines},
	{"renju: boards under 5x5 refused", test_renju_sizes},
	{"renju: PSQ round trip over random games", test_roundtrip_renju},
	{"refused: long lines, NUL, UTF-8, cut move", test_refuse_bytes},
	{"refused: names and lines after the moves", test_refuse_trailer},
	{"refused: move list errors with lines", test_refuse_move_list},
	{"tolerated: CRLF, blanks, BOM, no times, no newline",
	 test_tolerant_input},
	{"a Piskvork tournament-style file", test_piskvork_file},
	{"PSQ cut at every byte: prefix or refusal", test_truncated_everywhere},
	{"move list cut at every byte", test_truncated_move_list},
	{"random damage: refusal or a sound record", test_damaged_input},
	{"random bytes and NULL never crash", test_random_bytes},
	{"times since start <-> each move's time", test_times},
	{"record_init", test_init},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo record_suite = {"record", init, cleanup, NULL, NULL, tests};
