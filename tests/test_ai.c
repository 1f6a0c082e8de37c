/* test_ai.c -- unit tests for the computer player (src/ai*.c).
 *
 * The tactical positions of tests/data/ai_positions.txt (format described at
 * the top of that file) at every level that must solve them; the floor of
 * every level (a five made, a four blocked) in the positions of games;
 * tic-tac-toe played against every possible opponent line; legal moves
 * on random boards of every shape; repeatability; the stop flag, the caller's
 * poll, the depth limit and the time budget; the side to move named by
 * the caller; level 5 against level 3; the opponent's threat sequences
 * stopped at the root. Searches are bounded by node limits, so the
 * results do not depend on the machine's speed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <CUnit/CUnit.h>

#include "ai.h"
#include "../src/ai_internal.h"
#include "board.h"
#include "notation.h"
#include "rng.h"
#include "renju.h"
#include "rules.h"

#define POSITIONS_FILE "tests/data/ai_positions.txt"
#define POSITIONS_ENV  "GOMOKU_AI_POSITIONS"
#define MAX_POSITIONS  128
#define LINE_LEN       256
#define NO_TIME	       600000 /* ms: far more than any node limit needs */

/* Sanitizer builds are several times slower: they play fewer games. */
#if defined(__SANITIZE_ADDRESS__)
#define SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLOW_BUILD 1
#endif
#endif
#ifndef SLOW_BUILD
#define SLOW_BUILD 0
#endif

/* Nodes a level may search on one tactical position. */
#define POSITION_NODES 60000

/* Seeds each randomised level (1 and 2) is tried with on a position. */
#define RANDOM_SEEDS 8

/* One tactical position of the file. */
struct tpos {
	char name[LINE_LEN];
	int line; /* where it starts in the file */
	int k;
	enum rule rule;
	int levels[AI_LEVEL_MAX + 1]; /* levels[L] set: L must solve it */
	enum stone to;
	char answers[LINE_LEN]; /* the acceptable moves, as typed */
	int win_within;		/* 0, or: win within this many own moves */
	int rows, cols;
	char grid[BOARD_MAX_SIZE][BOARD_MAX_SIZE + 1];
	struct board board;
};

/* ==== Helpers ========================================================== */

/* Return a player of `level` with a node limit (0 = none) and seed. */
static struct ai *new_ai(int level, long long nodes, uint64_t seed)
{
	struct ai_config cfg;

	ai_config_default(&cfg, level);
	cfg.time_ms = NO_TIME;
	cfg.max_nodes = nodes;
	cfg.seed = seed;
	cfg.tt_bytes = (size_t)1 << 20;
	return ai_create(&cfg);
}

/* Ask ai for a move on b and check it is an empty cell of b. Return 0
 * with *res, or -1 when it failed or gave a bad cell. */
static int legal_choice(struct ai *ai, const struct board *b,
			const volatile int *stop, struct ai_result *res)
{
	if (ai_choose(ai, b, stop, res) != 0)
		return -1;
	if (res->row < 0 || res->row >= b->rows || res->col < 0 ||
	    res->col >= b->cols)
		return -1;
	return board_at(b, res->row, res->col) == STONE_NONE ? 0 : -1;
}

/* Play the moves "r,c;r,c;..." (1-based) on a fresh rows x cols board.
 * Return 0, or -1 on a bad move. */
static int play_moves(struct board *b, int rows, int cols, int k,
		      const char *moves)
{
	struct input in;
	const char *s = moves, *end;

	if (board_init(b, rows, cols, k, RULE_FREESTYLE) != 0)
		return -1;
	while (*s != '\0') {
		end = strchr(s, ';');
		if (end == NULL)
			end = s + strlen(s);
		if (notation_parse(s, (size_t)(end - s), rows, cols, &in) !=
			    INPUT_MOVE ||
		    board_play(b, in.row, in.col) != BOARD_OK)
			return -1;
		s = *end == ';' ? end + 1 : end;
	}
	return 0;
}

/* A 15x15 middle game (black to move) used by several tests. */
static int midgame(struct board *b)
{
	return play_moves(b, 15, 15, 5,
			  "8,8;8,9;7,8;6,8;7,7;7,9;9,9;10,10;6,6;5,5;"
			  "5,7;7,5;6,7;8,7;4,5;3,7;6,4;6,5;5,4;5,6");
}

/* ==== Reading the positions file ======================================= */

/* Return the next line of *text (without its newline) in buf, moving
 * *text past it. Return 0, or -1 at the end of the text. */
static int next_line(const char **text, char *buf, size_t size)
{
	const char *s = *text, *end;
	size_t n;

	if (*s == '\0')
		return -1;
	end = strchr(s, '\n');
	if (end == NULL)
		end = s + strlen(s);
	n = (size_t)(end - s);
	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\r')
		buf[n - 1] = '\0';
	*text = *end == '\n' ? end + 1 : end;
	return 0;
}

/* Return the text after `word` and one blank when line starts with it,
 * else NULL. */
static const char *after(const char *line, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(line, word, n) != 0)
		return NULL;
	if (line[n] == '\0')
		return line + n;
	return line[n] == ' ' ? line + n + 1 : NULL;
}

/* Parse the level numbers in s into t->levels. Return 0, or -1. */
static int parse_levels(struct tpos *t, const char *s)
{
	char *end;
	long v;

	while (*s != '\0') {
		v = strtol(s, &end, 10);
		if (end == s || v < AI_LEVEL_MIN || v > AI_LEVEL_MAX)
			return -1;
		t->levels[v] = 1;
		s = end;
		while (*s == ' ')
			s++;
	}
	return 0;
}

/* Return a positive number parsed from all of s, or -1. */
static int parse_number(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end != '\0' || v <= 0 || v > 1000)
		return -1;
	return (int)v;
}

/* Read the side to move, "x" or "o", into t. Return 0, or -1. */
static int parse_side(struct tpos *t, const char *v)
{
	if (strcmp(v, "x") == 0)
		t->to = STONE_BLACK;
	else if (strcmp(v, "o") == 0)
		t->to = STONE_WHITE;
	else
		return -1;
	return 0;
}

/* Read one "key value" line of a position into t. Return 0, or -1. */
static int parse_field(struct tpos *t, const char *line)
{
	const char *v = strchr(line, ' ');
	size_t n = v != NULL ? (size_t)(v - line) : strlen(line);

	if (v == NULL)
		return -1;
	v++;
	if (n == 1 && line[0] == 'k') {
		t->k = parse_number(v);
		return t->k > 0 ? 0 : -1;
	}
	if (n == 3 && strncmp(line, "win", n) == 0) {
		t->win_within = parse_number(v);
		return t->win_within > 0 ? 0 : -1;
	}
	if (n == 4 && strncmp(line, "rule", n) == 0)
		return rules_parse_rule(v, &t->rule);
	if (n == 6 && strncmp(line, "levels", n) == 0)
		return parse_levels(t, v);
	if (n == 2 && strncmp(line, "to", n) == 0)
		return parse_side(t, v);
	if (n == 6 && strncmp(line, "answer", n) == 0) {
		snprintf(t->answers, sizeof(t->answers), "%s", v);
		return 0;
	}
	return -1;
}

/* Add one diagram row to t. Return 0, or -1 when it is malformed. */
static int parse_row(struct tpos *t, const char *line)
{
	size_t n = strlen(line), i;

	if (n < BOARD_MIN_SIZE || n > BOARD_MAX_SIZE ||
	    t->rows >= BOARD_MAX_SIZE)
		return -1;
	if (t->rows > 0 && (int)n != t->cols)
		return -1;
	for (i = 0; i < n; i++) {
		if (line[i] != '.' && line[i] != 'x' && line[i] != 'o')
			return -1;
	}
	t->cols = (int)n;
	memcpy(t->grid[t->rows++], line, n + 1);
	return 0;
}

/* Put the diagram's stones on t->board: black's and white's in turn as
 * the move list, with the side to move following from their numbers.
 * Return 0, or -1 when the numbers do not fit "to". */
static int build_board(struct tpos *t)
{
	struct board *b = &t->board;
	int r, c, nb = 0, nw = 0, *n;
	char s;

	if (board_init(b, t->rows, t->cols, t->k, t->rule) != 0)
		return -1;
	for (r = 0; r < t->rows; r++) {
		for (c = 0; c < t->cols; c++) {
			s = t->grid[r][c];
			if (s == '.')
				continue;
			b->cells[r * t->cols + c] =
				s == 'x' ? STONE_BLACK : STONE_WHITE;
			n = s == 'x' ? &nb : &nw;
			b->moves[s == 'x' ? 2 * *n : 2 * *n + 1].row =
				(unsigned char)r;
			b->moves[s == 'x' ? 2 * *n : 2 * *n + 1].col =
				(unsigned char)c;
			(*n)++;
		}
	}
	b->nmoves = nb + nw;
	if (nb != nw && nb != nw + 1)
		return -1;
	return board_to_move(b) == t->to ? 0 : -1;
}

/* Read the position starting after `position NAME` from *text, counting
 * the lines read in *lineno. Return 0, or -1 on a malformed position. */
static int read_position(const char **text, struct tpos *t, int *lineno)
{
	char line[LINE_LEN];
	int in_board = 0;

	t->k = 5;
	t->rule = RULE_FREESTYLE;
	while (next_line(text, line, sizeof(line)) == 0) {
		(*lineno)++;
		if (strcmp(line, "board") == 0)
			in_board = 1;
		else if (strcmp(line, "end") == 0)
			return build_board(t);
		else if (in_board ? parse_row(t, line) != 0
				  : parse_field(t, line) != 0)
			return -1;
	}
	return -1;
}

/* Return the file's text (free it), or NULL. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0)
		goto out_close;
	n = ftell(f);
	if (n < 0 || fseek(f, 0, SEEK_SET) != 0)
		goto out_close;
	buf = malloc((size_t)n + 1);
	if (buf == NULL)
		goto out_close;
	if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
		goto out_close;
	}
	buf[n] = '\0';
out_close:
	fclose(f);
	return buf;
}

/* Read every position of the file into a new array (free it). Set *n.
 * Return NULL when the file is missing or malformed (says where). */
static struct tpos *read_positions(int *n)
{
	const char *path = getenv(POSITIONS_ENV);
	char *text, line[LINE_LEN];
	const char *s, *name;
	struct tpos *all = NULL, *t;
	int lineno = 0;

	if (path == NULL)
		path = POSITIONS_FILE;
	text = slurp(path);
	if (text == NULL)
		return NULL;
	all = calloc(MAX_POSITIONS, sizeof(*all));
	*n = 0;
	for (s = text; all != NULL && next_line(&s, line, sizeof(line)) == 0;) {
		lineno++;
		name = after(line, "position");
		if (name == NULL)
			continue;
		t = &all[(*n)++];
		snprintf(t->name, sizeof(t->name), "%s", name);
		t->line = lineno;
		if (*n >= MAX_POSITIONS || read_position(&s, t, &lineno) != 0) {
			fprintf(stderr, "\n%s:%d: bad position '%s'\n", path,
				lineno, name);
			free(all);
			all = NULL;
		}
	}
	free(text);
	return all;
}

/* Return true when (row, col) is one of t's answers. */
static int is_answer(const struct tpos *t, int row, int col)
{
	const char *s = t->answers, *end;
	struct input in;

	while (*s != '\0') {
		end = strchr(s, ' ');
		if (end == NULL)
			end = s + strlen(s);
		if (notation_parse(s, (size_t)(end - s), t->rows, t->cols,
				   &in) == INPUT_MOVE &&
		    in.row == row && in.col == col)
			return 1;
		s = *end == ' ' ? end + 1 : end;
	}
	return 0;
}

/* ==== Tactical positions =============================================== */

/* Play on from t's position: `level` for the side to move against a
 * level 5 defender, `nodes` a move each. Return 1 when the attacker
 * wins within t's limit. */
static int wins_by_force(const struct tpos *t, int level, long long nodes)
{
	struct board b = t->board;
	struct ai *att = new_ai(level, nodes, 1);
	struct ai *def = new_ai(5, nodes, 2);
	enum stone me = board_to_move(&b);
	struct ai_result res;
	int moves = 0, won = 0;

	while (att != NULL && def != NULL && b.state == BOARD_PLAYING &&
	       moves < t->win_within) {
		if (legal_choice(board_to_move(&b) == me ? att : def, &b, NULL,
				 &res) != 0)
			break;
		moves += board_to_move(&b) == me;
		board_play(&b, res.row, res.col);
	}
	won = board_winner(&b) == me;
	ai_free(att);
	ai_free(def);
	return won;
}

/* Check one position at one level with one seed; report the failure
 * by name. */
static void check_position(const struct tpos *t, int level, uint64_t seed)
{
	struct ai *ai = new_ai(level, POSITION_NODES, seed);
	struct ai_result res;
	int ok;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	ok = legal_choice(ai, &t->board, NULL, &res) == 0;
	if (ok && t->answers[0] != '\0')
		ok = is_answer(t, res.row, res.col);
	if (ok && t->win_within > 0)
		ok = wins_by_force(t, level, POSITION_NODES);
	if (!ok)
		fprintf(stderr,
			"\n  level %d (seed %d) fails '%s' (line %d): "
			"played %d,%d",
			level, (int)seed, t->name, t->line, res.row + 1,
			res.col + 1);
	CU_ASSERT_TRUE(ok);
	ai_free(ai);
}

/* Every position at every level it lists; win in one and blocks at
 * every level, the rest at 4 and 5 (the file says which). Levels 1 and
 * 2 choose at random among what is left after a win or a block: they
 * are tried with RANDOM_SEEDS seeds. */
static void test_positions(void)
{
	struct tpos *all;
	int n = 0, i, level, checked = 0, seed;

	all = read_positions(&n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(all);
	CU_ASSERT_TRUE(n >= 25);
	for (i = 0; i < n; i++) {
		CU_ASSERT_TRUE(all[i].answers[0] != '\0' ||
			       all[i].win_within > 0);
		CU_ASSERT_TRUE(all[i].levels[4] && all[i].levels[5]);
		for (level = 1; level <= AI_LEVEL_MAX; level++) {
			if (!all[i].levels[level])
				continue;
			for (seed = 1; seed <= (level <= 2 ? RANDOM_SEEDS : 1);
			     seed++)
				check_position(&all[i], level, (uint64_t)seed);
			checked++;
		}
	}
	CU_ASSERT_TRUE(checked >= 2 * n);
	free(all);
}

/* ==== Tic-tac-toe ====================================================== */

/* Play every line of the opponent against ai (playing `me`) from b.
 * Count the games in *games; return how many ai lost (a bad move counts
 * as many). */
static int ttt_lines(struct ai *ai, struct board *b, enum stone me, int *games)
{
	struct ai_result res;
	int r, c, lost = 0;

	if (b->state != BOARD_PLAYING) {
		(*games)++;
		return board_winner(b) == stone_other(me);
	}
	if (board_to_move(b) == me) {
		if (legal_choice(ai, b, NULL, &res) != 0)
			return 1000;
		board_play(b, res.row, res.col);
		lost = ttt_lines(ai, b, me, games);
		board_undo(b);
		return lost;
	}
	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++) {
			if (board_play(b, r, c) != BOARD_OK)
				continue;
			lost += ttt_lines(ai, b, me, games);
			board_undo(b);
		}
	}
	return lost;
}

/* Levels 3 to 5 never lose tic-tac-toe, as X or as O, whatever the
 * opponent plays. */
static void test_tictactoe_perfect(void)
{
	struct board b;
	struct ai *ai;
	int level, side, games, lost;

	for (level = 3; level <= AI_LEVEL_MAX; level++) {
		for (side = STONE_BLACK; side <= STONE_WHITE; side++) {
			ai = new_ai(level, 100000, (uint64_t)level);
			CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
			CU_ASSERT_EQUAL_FATAL(
				board_init(&b, 3, 3, 3, RULE_FREESTYLE), 0);
			games = 0;
			lost = ttt_lines(ai, &b, (enum stone)side, &games);
			if (lost != 0)
				fprintf(stderr, "\n  level %d as %s lost %d",
					level, side == STONE_BLACK ? "X" : "O",
					lost);
			CU_ASSERT_EQUAL(lost, 0);
			CU_ASSERT_TRUE(games >= (side == STONE_BLACK ? 8 : 9));
			ai_free(ai);
		}
	}
}

/* ==== Random boards ==================================================== */

/* Return a random win length for a board whose longer side is `longest`:
 * mostly 3 to 6, sometimes anything up to the longest side. */
static int random_k(struct rng *r, int longest)
{
	int small = longest < 6 ? longest : 6;

	if (rng_below(r, 4) == 0)
		return 3 + (int)rng_below(r, (uint32_t)(longest - 2));
	return 3 + (int)rng_below(r, (uint32_t)(small - 2));
}

/* Play up to `target` random moves on b, never ending the game. */
static void random_moves(struct rng *r, struct board *b, int target)
{
	int cells = b->rows * b->cols, tries = 0, i;

	while (b->nmoves < target && tries++ < 4 * cells) {
		i = (int)rng_below(r, (uint32_t)cells);
		if (board_play(b, i / b->cols, i % b->cols) != BOARD_OK)
			continue;
		if (b->state != BOARD_PLAYING)
			board_undo(b);
	}
}

/* Fill b with a random shape, rule and position, the game still on. */
static void random_position(struct rng *r, struct board *b)
{
	int rows = 3 + (int)rng_below(r, 24), cols = 3 + (int)rng_below(r, 24);
	int longest = rows > cols ? rows : cols, cells = rows * cols, target;
	enum rule rule = (enum rule)rng_below(r, 3);
	int k = random_k(r, longest);

	if (rule == RULE_RENJU && rows >= 5 && cols >= 5)
		k = 5;
	else if (rule == RULE_RENJU)
		rule = RULE_EXACT;
	board_init(b, rows, cols, k, rule);
	if (rng_below(r, 6) == 0)
		target = cells - 1 - (int)rng_below(r, 3);
	else
		target = (int)rng_below(r, (uint32_t)(cells < 80 ? cells : 80));
	random_moves(r, b, target);
}

/* On random boards of every shape, rule and K, every level returns an
 * empty cell that board_play() accepts (never a point forbidden to
 * black under renju). */
static void test_random_boards_legal(void)
{
	struct rng r;
	struct board b;
	struct ai_result res;
	struct ai *ai;
	int i, n = SLOW_BUILD ? 100 : 250, bad = 0;

	rng_seed(&r, 2024);
	for (i = 0; i < n; i++) {
		random_position(&r, &b);
		if (b.state != BOARD_PLAYING)
			continue;
		ai = new_ai(1 + i % AI_LEVEL_MAX, 1500, (uint64_t)i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
		if (legal_choice(ai, &b, NULL, &res) != 0 ||
		    board_play(&b, res.row, res.col) != BOARD_OK) {
			fprintf(stderr, "\n  level %d, %dx%d k=%d: bad move",
				1 + i % AI_LEVEL_MAX, b.rows, b.cols, b.k);
			bad++;
		}
		ai_free(ai);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* A finished game gets -1 and leaves the result alone. */
static void test_game_over_refused(void)
{
	struct board b;
	struct ai_result res = {.row = -7};
	struct ai *ai = new_ai(5, 1000, 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	CU_ASSERT_EQUAL_FATAL(play_moves(&b, 3, 3, 3, "1,1;2,1;1,2;2,2;1,3"),
			      0);
	CU_ASSERT_EQUAL(b.state, BOARD_BLACK_WON);
	CU_ASSERT_EQUAL(ai_choose(ai, &b, NULL, &res), -1);
	CU_ASSERT_EQUAL(res.row, -7);
	ai_free(ai);
	ai_free(NULL);
}

/* ==== The floor: a five made, a four blocked =========================== */

/* Every level, in the positions of games, makes a five it can make (in
 * preference to blocking one) and blocks the opponent's only five. The
 * games are level 2 against itself, which misses half of its blocks
 * (miss_block()), so that the other side gets fives to make. The rules
 * module, not the engine, says which cells make a five. */

/* The variants the games are played on. */
static const struct {
	int rows, cols, k;
	enum rule rule;
} floor_variants[] = {
	{15, 15, 5, RULE_FREESTYLE}, {15, 15, 5, RULE_EXACT},
	{15, 15, 5, RULE_RENJU},     {9, 9, 4, RULE_FREESTYLE},
	{19, 19, 6, RULE_FREESTYLE},
};
#define FLOOR_VARIANTS (sizeof(floor_variants) / sizeof(floor_variants[0]))

/* Players checked: levels 1 and 2 with FLOOR_SEEDS seeds each, then
 * levels 3 to 5 (at FLOOR_NODES: the floor needs no search). */
#define FLOOR_SEEDS   4
#define FLOOR_PLAYERS (2 * FLOOR_SEEDS + AI_LEVEL_MAX - 2)
#define FLOOR_NODES   2000

/* The players, and what the positions asked of them. */
struct floor_check {
	struct ai *ai[FLOOR_PLAYERS];
	int wins;	     /* the side to move has a five to make */
	int wins_over_block; /* ... and the opponent has one too */
	int blocks;	     /* only the opponent has one, on one cell */
	int failed;	     /* moves that did not do what was asked */
};

/* Return how many empty cells of b make a win for s; the first goes to
 * *cell as row * cols + col. */
static int win_cells(const struct board *b, enum stone s, int *cell)
{
	struct board t = *b;
	int r, c, n = 0;

	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++) {
			if (board_place(&t, r, c, s) != BOARD_OK)
				continue;
			if (board_winner(&t) == s && n++ == 0)
				*cell = r * b->cols + c;
			board_undo(&t);
		}
	}
	return n;
}

/* Ask every player for a move on b, where the side to move has `own`
 * cells that win, else one cell to block; count the moves that do not
 * win, or do not block, in f->failed. */
static void check_floor(struct floor_check *f, const struct board *b, int own,
			int block)
{
	struct board t;
	struct ai_result res;
	int i, ok;

	for (i = 0; i < FLOOR_PLAYERS; i++) {
		t = *b;
		ok = legal_choice(f->ai[i], b, NULL, &res) == 0;
		if (ok && own > 0)
			ok = board_play(&t, res.row, res.col) == BOARD_OK &&
			     board_winner(&t) == board_to_move(b);
		else if (ok)
			ok = res.row * b->cols + res.col == block;
		if (!ok) {
			fprintf(stderr, "\n  level %d misses the %s (move %d)",
				f->ai[i]->cfg.level, own > 0 ? "five" : "block",
				b->nmoves + 1);
			f->failed++;
		}
	}
}

/* Look at b before the side to move plays: check the players when it
 * has a five to make or one five to block. Return 1 when it has a
 * block to make (and nothing to win), else 0. */
static int floor_position(struct floor_check *f, const struct board *b)
{
	enum stone me = board_to_move(b);
	int cell = -1, block = -1, own, opp;

	own = win_cells(b, me, &cell);
	opp = win_cells(b, stone_other(me), &block);
	if (own == 0 &&
	    (opp != 1 || board_play_verdict(b, block / b->cols,
					    block % b->cols) != RENJU_OK))
		return 0;
	f->wins += own > 0;
	f->wins_over_block += own > 0 && opp > 0;
	f->blocks += own == 0;
	check_floor(f, b, own, block);
	return own == 0;
}

/* Play, instead of a block, a cell that makes a four of the side to
 * move's (a five to make next), else a random cell. */
static void miss_block(struct rng *r, struct board *b)
{
	enum stone me = board_to_move(b);
	struct board t = *b;
	int i, cells = b->rows * b->cols, cell, four;

	for (i = 0; i < cells; i++) {
		if (board_place(&t, i / b->cols, i % b->cols, me) != BOARD_OK)
			continue;
		four = t.state == BOARD_PLAYING && win_cells(&t, me, &cell) > 0;
		board_undo(&t);
		if (four && board_play(b, i / b->cols, i % b->cols) == BOARD_OK)
			return;
	}
	random_moves(r, b, b->nmoves + 1);
}

/* Play one game of variant v, level 2 against itself with `seed`, and
 * check the players on its positions. Half of the blocks are missed
 * (miss_block()). */
static void floor_game(struct floor_check *f, size_t v, uint64_t seed)
{
	struct board b;
	struct ai *gen = new_ai(2, 0, seed);
	struct ai_result res;
	struct rng r;
	int moves;

	CU_ASSERT_PTR_NOT_NULL_FATAL(gen);
	CU_ASSERT_EQUAL_FATAL(
		board_init(&b, floor_variants[v].rows, floor_variants[v].cols,
			   floor_variants[v].k, floor_variants[v].rule),
		0);
	rng_seed(&r, seed);
	while (b.state == BOARD_PLAYING) {
		moves = b.nmoves;
		if (floor_position(f, &b) && rng_below(&r, 2) == 0)
			miss_block(&r, &b);
		if (b.nmoves == moves &&
		    (legal_choice(gen, &b, NULL, &res) != 0 ||
		     board_play(&b, res.row, res.col) != BOARD_OK))
			break;
	}
	ai_free(gen);
}

/* The floor at every level, in the positions of level 2's games. */
static void test_floor(void)
{
	struct floor_check f;
	int i, games = SLOW_BUILD ? 20 : 60;

	memset(&f, 0, sizeof(f));
	for (i = 0; i < FLOOR_PLAYERS; i++) {
		f.ai[i] = new_ai(i < 2 * FLOOR_SEEDS ? 1 + i / FLOOR_SEEDS
						     : i - 2 * FLOOR_SEEDS + 3,
				 FLOOR_NODES, (uint64_t)i + 1);
		CU_ASSERT_PTR_NOT_NULL_FATAL(f.ai[i]);
	}
	for (i = 0; i < games; i++)
		floor_game(&f, (size_t)i % FLOOR_VARIANTS, (uint64_t)i + 1);
	CU_ASSERT_TRUE(f.wins >= games / 2);
	CU_ASSERT_TRUE(f.wins_over_block >= games / 20);
	CU_ASSERT_TRUE(f.blocks >= games);
	CU_ASSERT_EQUAL(f.failed, 0);
	for (i = 0; i < FLOOR_PLAYERS; i++)
		ai_free(f.ai[i]);
}

/* ==== Repeatability, stopping, time ==================================== */

/* Return the move (row * 100 + col) `level` chooses on b with `seed`
 * and `nodes`, or -1; the nodes searched go to *work when not NULL. */
static int choice(int level, uint64_t seed, long long nodes,
		  const struct board *b, long long *work)
{
	struct ai *ai = new_ai(level, nodes, seed);
	struct ai_result res;
	int m = -1;

	if (ai != NULL && legal_choice(ai, b, NULL, &res) == 0)
		m = res.row * 100 + res.col;
	if (work != NULL)
		*work = m >= 0 ? res.nodes : -1;
	ai_free(ai);
	return m;
}

/* The same position, level, seed and node limit give the same move and
 * the same work, in a fresh player or one that has searched before. */
static void test_repeatable(void)
{
	struct board b, other;
	struct ai *ai = new_ai(5, 30000, 7);
	struct ai_result r1, r2;
	long long w1, w2;
	int m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	CU_ASSERT_EQUAL_FATAL(midgame(&b), 0);
	other = b;
	board_play(&other, 3, 3);
	m = choice(5, 7, 30000, &b, &w1);
	CU_ASSERT_TRUE(m >= 0);
	CU_ASSERT_EQUAL(choice(5, 7, 30000, &b, &w2), m);
	CU_ASSERT_EQUAL(w1, w2);
	CU_ASSERT_EQUAL(legal_choice(ai, &other, NULL, &r1), 0);
	CU_ASSERT_EQUAL(legal_choice(ai, &b, NULL, &r2), 0);
	CU_ASSERT_EQUAL(r2.row * 100 + r2.col, m);
	CU_ASSERT_EQUAL(r2.nodes, w1);
	ai_free(ai);
	CU_ASSERT_EQUAL(choice(4, 3, 20000, &b, NULL),
			choice(4, 3, 20000, &b, NULL));
	CU_ASSERT_EQUAL(choice(3, 3, 0, &b, NULL), choice(3, 3, 0, &b, NULL));
}

/* Levels 1 and 2 repeat themselves with one seed and vary with seeds. */
static void test_seeded_randomness(void)
{
	struct board b;
	int seed, first, varied = 0, level;

	CU_ASSERT_EQUAL_FATAL(midgame(&b), 0);
	for (level = 1; level <= 2; level++) {
		first = choice(level, 1, 0, &b, NULL);
		CU_ASSERT_TRUE(first >= 0);
		for (seed = 1; seed <= 24; seed++) {
			int m = choice(level, (uint64_t)seed, 0, &b, NULL);

			CU_ASSERT_EQUAL(
				m, choice(level, (uint64_t)seed, 0, &b, NULL));
			varied += m != first;
		}
	}
	CU_ASSERT_TRUE(varied > 0);
}

/* A stop flag already set still gives a legal move at once, and still
 * the winning move when there is one. */
static void test_stop_flag(void)
{
	volatile int stop = 1;
	struct board b;
	struct ai_result res;
	struct ai *ai;
	int level;

	CU_ASSERT_EQUAL_FATAL(midgame(&b), 0);
	for (level = 1; level <= AI_LEVEL_MAX; level++) {
		ai = new_ai(level, 0, 5);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
		CU_ASSERT_EQUAL(legal_choice(ai, &b, &stop, &res), 0);
		ai_free(ai);
	}
	CU_ASSERT_EQUAL_FATAL(
		play_moves(&b, 15, 15, 5, "8,8;1,1;8,9;1,3;8,10;1,5;8,11;1,7"),
		0);
	for (level = 2; level <= AI_LEVEL_MAX; level++) {
		ai = new_ai(level, 0, 5);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
		CU_ASSERT_EQUAL(legal_choice(ai, &b, &stop, &res), 0);
		CU_ASSERT_TRUE(res.row == 7 && (res.col == 6 || res.col == 11));
		ai_free(ai);
	}
}

/* A poll for ai_set_poll(): counts its calls, stops from the stop-th
 * (never when stop is 0). */
struct poll_count {
	int calls, stop;
};

static int count_polls(void *ctx)
{
	struct poll_count *pc = ctx;

	pc->calls++;
	return pc->stop > 0 && pc->calls >= pc->stop;
}

/* The poll is asked while the search runs and stops it when it says so;
 * one that never does changes nothing, move or work. */
static void test_poll(void)
{
	struct poll_count pc = {0, 0};
	struct board b;
	struct ai_result res;
	struct ai *ai = new_ai(5, 30000, 2);
	long long work;
	int m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	CU_ASSERT_EQUAL_FATAL(midgame(&b), 0);
	m = choice(5, 2, 30000, &b, &work);
	ai_set_poll(ai, count_polls, &pc);
	CU_ASSERT_EQUAL(legal_choice(ai, &b, NULL, &res), 0);
	CU_ASSERT_EQUAL(res.row * 100 + res.col, m);
	CU_ASSERT_EQUAL(res.nodes, work);
	CU_ASSERT_TRUE(pc.calls > 10);
	pc.calls = 0;
	pc.stop = 3;
	ai_set_limits(ai, 0, 0); /* 1 s and no node limit: only the poll */
	CU_ASSERT_EQUAL(legal_choice(ai, &b, NULL, &res), 0);
	CU_ASSERT_EQUAL(pc.calls, 3);
	CU_ASSERT_TRUE(res.nodes < 5000);
	ai_set_poll(ai, NULL, NULL);
	ai_free(ai);
}

/* ai_set_max_depth() caps the iterations; 0 lifts the cap. */
static void test_max_depth(void)
{
	struct board b;
	struct ai_result res;
	struct ai *ai = new_ai(5, 30000, 2);

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	CU_ASSERT_EQUAL_FATAL(midgame(&b), 0);
	ai_set_max_depth(ai, 2);
	CU_ASSERT_EQUAL(legal_choice(ai, &b, NULL, &res), 0);
	CU_ASSERT_TRUE(res.depth >= 1 && res.depth <= 2);
	ai_set_max_depth(ai, 0);
	CU_ASSERT_EQUAL(legal_choice(ai, &b, NULL, &res), 0);
	CU_ASSERT_TRUE(res.depth > 2);
	ai_free(ai);
}

/* ai_choose_side() plays the side it is given, whatever the counts: with
 * a four each, the side named wins at its own end. */
static void test_choose_side(void)
{
	struct board b;
	struct ai_result res;
	struct ai *ai = new_ai(5, 20000, 2);
	int c;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	for (c = 0; c < 4; c++) {
		board_place(&b, 0, c, STONE_BLACK);
		board_place(&b, 9, c + 9, STONE_WHITE);
	}
	board_place(&b, 9, 8, STONE_BLACK);
	CU_ASSERT_EQUAL(board_to_move(&b), STONE_WHITE);
	CU_ASSERT_EQUAL(ai_choose_side(ai, &b, STONE_BLACK, NULL, &res), 0);
	CU_ASSERT_TRUE(res.row == 0 && res.col == 4);
	CU_ASSERT_EQUAL(ai_choose_side(ai, &b, STONE_WHITE, NULL, &res), 0);
	CU_ASSERT_TRUE(res.row == 9 && res.col == 13);
	board_undo(&b); /* counts level: black to move by the count */
	CU_ASSERT_EQUAL(ai_choose_side(ai, &b, STONE_WHITE, NULL, &res), 0);
	CU_ASSERT_TRUE(res.row == 9 && (res.col == 8 || res.col == 13));
	res.row = -7;
	CU_ASSERT_EQUAL(ai_choose_side(ai, &b, STONE_NONE, NULL, &res), -1);
	CU_ASSERT_EQUAL(res.row, -7);
	ai_free(ai);
}

/* With only a time budget (no node limit), levels 3 to 5 still return a
 * legal move. How long they take against the budget is a figure for
 * `make bench` (tests/bench/bench_ai.c), not an assertion here: the
 * machines that run the tests are shared and noisy. */
static void test_time_budget(void)
{
	static const int budget[] = {0, 0, 0, 60, 120, 200};
	struct ai_config cfg;
	struct board b;
	struct ai_result res;
	struct ai *ai;
	int level;

	CU_ASSERT_EQUAL_FATAL(midgame(&b), 0);
	for (level = 3; level <= AI_LEVEL_MAX; level++) {
		ai_config_default(&cfg, level);
		cfg.time_ms = budget[level];
		cfg.tt_bytes = (size_t)4 << 20;
		ai = ai_create(&cfg);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
		CU_ASSERT_EQUAL(legal_choice(ai, &b, NULL, &res), 0);
		ai_free(ai);
	}
	CU_ASSERT_EQUAL(ai_level_time_ms(5), 1000);
	CU_ASSERT_EQUAL(ai_level_time_ms(4), 500);
	CU_ASSERT_EQUAL(ai_level_time_ms(3), 200);
}

/* ==== Strength ========================================================= */

/* Play a game on 15x15 between black and white from black's stone in
 * the centre and white's on one of its 8 neighbours (picked by seed).
 * Return the winner (STONE_NONE for a draw or a bad move). */
static enum stone play_game(struct ai *black, struct ai *white, uint64_t seed)
{
	static const int step[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
				       {0, 1},	 {1, -1}, {1, 0},  {1, 1}};
	struct board b;
	struct ai_result res;
	int i = (int)(seed % 8);

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	board_play(&b, 7, 7);
	board_play(&b, 7 + step[i][0], 7 + step[i][1]);
	while (b.state == BOARD_PLAYING) {
		if (legal_choice(board_to_move(&b) == STONE_BLACK ? black
								  : white,
				 &b, NULL, &res) != 0)
			return STONE_NONE;
		board_play(&b, res.row, res.col);
	}
	return board_winner(&b);
}

/* Level 5 beats level 3 in most games, playing either colour. */
static void test_level5_beats_level3(void)
{
	int games = SLOW_BUILD ? 4 : 8, g, wins = 0;
	struct ai *strong, *weak;
	enum stone w;

	for (g = 0; g < games; g++) {
		strong = new_ai(5, 30000, (uint64_t)g);
		weak = new_ai(3, 20000, (uint64_t)g + 100);
		CU_ASSERT_PTR_NOT_NULL_FATAL(strong);
		CU_ASSERT_PTR_NOT_NULL_FATAL(weak);
		if (g % 2 == 0)
			w = play_game(strong, weak, (uint64_t)g / 2);
		else
			w = play_game(weak, strong, (uint64_t)g / 2);
		wins += w == (g % 2 == 0 ? STONE_BLACK : STONE_WHITE);
		ai_free(strong);
		ai_free(weak);
	}
	if (wins < games * 3 / 4)
		fprintf(stderr, "\n  level 5 won only %d of %d", wins, games);
	CU_ASSERT_TRUE(wins >= games * 3 / 4);
}

/* Set up a 15x15 board under `rule` from 15 diagram rows (x black, o
 * white) with `to` to move. Return 0, or -1 when the diagram does not
 * fit. */
static int diagram_board(struct tpos *t, const char *const *rows,
			 enum rule rule, enum stone to)
{
	int r;

	memset(t, 0, sizeof(*t));
	t->k = 5;
	t->rule = rule;
	t->to = to;
	for (r = 0; r < 15; r++) {
		if (parse_row(t, rows[r]) != 0)
			return -1;
	}
	return build_board(t);
}

/* Nodes for the defence test below: enough for the threat searches'
 * shares of the budget to finish. */
#define DEFENCE_NODES 1000000

/* From an arena game, white to move: black, were it to move, wins by
 * continuous fours, and 5,8 (1-based) stops them but leaves black a win
 * by threes (black won the game from there). Level 5 plays another
 * move; after 5,8 level 5 as black wins against level 5. */
static void test_vcf_block_leaving_vct(void)
{
	static const char *const g[15] = {
		"...............", "...............", "...............",
		"...............", "........xx.o...", "........o.x....",
		".....ooxox.o...", ".....oxxxxo....", "........xo.....",
		".......ox......", "...............", "...............",
		"...............", "...............", "...............",
	};
	struct tpos t;
	struct ai *ai = new_ai(5, DEFENCE_NODES, 1);
	struct ai_result res;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
	CU_ASSERT_EQUAL_FATAL(diagram_board(&t, g, RULE_FREESTYLE, STONE_WHITE),
			      0);
	CU_ASSERT_EQUAL_FATAL(legal_choice(ai, &t.board, NULL, &res), 0);
	CU_ASSERT_FALSE(res.row == 4 && res.col == 7);
	ai_free(ai);

	CU_ASSERT_EQUAL_FATAL(board_play(&t.board, 4, 7), BOARD_OK);
	t.win_within = 12;
	CU_ASSERT_TRUE(wins_by_force(&t, 5, DEFENCE_NODES));
}

/* Nodes for the test below: few enough that an eighth of them (what the
 * root once gave the opponent's VCT) does not prove it. */
#define SLICE_NODES 40000

/* From an arena game, white to move: black, were it to move, wins by
 * threes, a VCT the threat search proves in about 7,000 nodes. With
 * SLICE_NODES nodes, when the root gave that search an eighth of them,
 * level 5 did not see it and played 7,12 (1-based), after which black's
 * win by threats is proven at once. Now the search has a quarter, level
 * 5 keeps the moves that stop it: after its move, whatever the seed,
 * black has no win that ai_evaluate() proves. */
static void test_vct_seen_in_time(void)
{
	static const char *const g[15] = {
		"...............", "...............", "...............",
		"...............", "...............", "...............",
		".........x.....", ".....o.xoxx....", "......o..x.....",
		".......oxo.....", ".......ox......", "...............",
		"...............", "...............", "...............",
	};
	struct tpos t;
	struct board b;
	struct ai *ai, *judge;
	struct ai_result res;
	struct ai_eval ev;
	uint64_t seed;

	CU_ASSERT_EQUAL_FATAL(diagram_board(&t, g, RULE_FREESTYLE, STONE_WHITE),
			      0);
	for (seed = 1; seed <= 3; seed++) {
		ai = new_ai(5, SLICE_NODES, seed);
		judge = new_ai(5, 100000, 1);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
		CU_ASSERT_PTR_NOT_NULL_FATAL(judge);
		CU_ASSERT_EQUAL_FATAL(legal_choice(ai, &t.board, NULL, &res),
				      0);
		b = t.board;
		CU_ASSERT_EQUAL_FATAL(board_play(&b, res.row, res.col),
				      BOARD_OK);
		CU_ASSERT_EQUAL_FATAL(ai_evaluate(judge, &b, NULL, &ev), 0);
		if (ev.proven == 1)
			fprintf(stderr, "\n  seed %d: %d,%d leaves black a win",
				(int)seed, res.row + 1, res.col + 1);
		CU_ASSERT_NOT_EQUAL(ev.proven, 1);
		ai_free(ai);
		ai_free(judge);
	}
}

/* ==== Renju ============================================================ */

/* Set up a renju board: diagram_board() under RULE_RENJU. */
static int renju_board(struct tpos *t, const char *const *rows, enum stone to)
{
	return diagram_board(t, rows, RULE_RENJU, to);
}

/* Return the move (row * 100 + col) of `level` on b, -1 when it fails
 * or is a point forbidden to black. */
static int renju_choice(int level, const struct board *b)
{
	struct ai *ai = new_ai(level, POSITION_NODES, 3);
	struct ai_result res;
	int m = -1;

	if (ai != NULL && legal_choice(ai, b, NULL, &res) == 0 &&
	    (board_to_move(b) != STONE_BLACK ||
	     !renju_forbidden(b, res.row, res.col)))
		m = res.row * 100 + res.col;
	ai_free(ai);
	return m;
}

/* Black's double four at 7,7 (0-based) would win at freestyle; under
 * renju it is forbidden, and no level plays it. */
static void test_renju_double_four(void)
{
	static const char *const g[15] = {
		"...............", ".o.............", "...............",
		".......o.......", ".......x.......", ".......x.......",
		".......x.......", "...oxxx........", "...............",
		"..........o....", "...............", "...o...........",
		"...............", "..........o....", "...............",
	};
	struct tpos t;
	int level, m;

	CU_ASSERT_EQUAL_FATAL(renju_board(&t, g, STONE_BLACK), 0);
	CU_ASSERT_EQUAL(renju_check(&t.board, 7, 7), RENJU_DOUBLE_FOUR);
	for (level = 1; level <= AI_LEVEL_MAX; level++) {
		m = renju_choice(level, &t.board);
		CU_ASSERT_TRUE(m >= 0 && m != 707);
	}
}

/* Black's four-three at 7,7 is legal and wins: levels 3 to 5 find it. */
static void test_renju_four_three(void)
{
	static const char *const g[15] = {
		"...............", ".o.............", "...............",
		"...............", "...............", ".......x.......",
		".......x.......", "...oxxx........", "...............",
		"..........o....", "...............", "...o...........",
		"...............", "..........o....", "...............",
	};
	struct tpos t;
	int level;

	CU_ASSERT_EQUAL_FATAL(renju_board(&t, g, STONE_BLACK), 0);
	CU_ASSERT_EQUAL(renju_check(&t.board, 7, 7), RENJU_OK);
	for (level = 3; level <= AI_LEVEL_MAX; level++)
		CU_ASSERT_EQUAL(renju_choice(level, &t.board), 707);
}

/* White's four at 3,6 (0-based) can only be blocked at 3,7, a double
 * three for black: levels 4 and 5 see that the four wins at once. */
static void test_renju_white_uses_forbidden(void)
{
	static const char *const g[15] = {
		"...............", "...............", "...............",
		"..xooo.........", "......xx.......", ".....x.x.......",
		"...............", "...............", "...............",
		"...............", "...............", "...............",
		"............o..", "...............", "...............",
	};
	struct tpos t;
	struct board b;
	int level;

	CU_ASSERT_EQUAL_FATAL(renju_board(&t, g, STONE_WHITE), 0);
	b = t.board;
	CU_ASSERT_EQUAL_FATAL(board_play(&b, 3, 6), BOARD_OK);
	CU_ASSERT_EQUAL(renju_check(&b, 3, 7), RENJU_DOUBLE_THREE);
	for (level = 4; level <= AI_LEVEL_MAX; level++)
		CU_ASSERT_EQUAL(renju_choice(level, &t.board), 306);
}

/* Black's x.xxxx.x is no threat under renju (both points make six), so
 * white makes its own open four instead of blocking. */
static void test_renju_white_ignores_overline_four(void)
{
	static const char *const g[15] = {
		"...............", "...............", "...............",
		"...............", "...............", "...............",
		"...............", "..x.xxxx.x.....", "...............",
		"...............", "....ooo........", "...............",
		"...............", "o.............o", "...............",
	};
	struct tpos t;
	int level, m;

	CU_ASSERT_EQUAL_FATAL(renju_board(&t, g, STONE_WHITE), 0);
	CU_ASSERT_EQUAL(renju_check(&t.board, 7, 3), RENJU_OVERLINE);
	CU_ASSERT_EQUAL(renju_check(&t.board, 7, 8), RENJU_OVERLINE);
	for (level = 2; level <= AI_LEVEL_MAX; level++) {
		m = renju_choice(level, &t.board);
		CU_ASSERT_TRUE(m == 1003 || m == 1007);
	}
}

/* Fill b with a random renju position near the centre of 15x15, the
 * game still on; forbidden points are refused by board_play(). */
static void renju_random_position(struct rng *r, struct board *b)
{
	int target = 6 + (int)rng_below(r, 50), tries = 0, row, col;

	board_init(b, 15, 15, 5, RULE_RENJU);
	while (b->nmoves < target && tries++ < 2000) {
		row = 3 + (int)rng_below(r, 9);
		col = 3 + (int)rng_below(r, 9);
		if (board_play(b, row, col) != BOARD_OK)
			continue;
		if (b->state != BOARD_PLAYING)
			board_undo(b);
	}
}

/* On many random renju positions, no level ever gives black a point
 * renju.h forbids (and every move is one board_play() accepts). */
static void test_renju_random_never_forbidden(void)
{
	struct rng r;
	struct board b;
	struct ai_result res;
	struct ai *ai;
	int i, n = SLOW_BUILD ? 150 : 600, bad = 0, black = 0, level;

	rng_seed(&r, 4242);
	for (i = 0; i < n; i++) {
		renju_random_position(&r, &b);
		level = 1 + i % AI_LEVEL_MAX;
		ai = new_ai(level, 4000, (uint64_t)i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
		black += board_to_move(&b) == STONE_BLACK;
		if (legal_choice(ai, &b, NULL, &res) != 0 ||
		    board_play(&b, res.row, res.col) != BOARD_OK) {
			fprintf(stderr, "\n  renju level %d position %d: %d,%d",
				level, i, res.row + 1, res.col + 1);
			bad++;
		}
		ai_free(ai);
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_TRUE(black >= n / 3);
}

/* ==== Suite ============================================================ */

/* ==== The engine's board, move by move ================================ */

#define PATTERN_MOVES 60 /* random moves played on each shape */

/* What a fresh ai_pos_load() and the positions kept up to date by
 * ai_pos_make()/ai_pos_unmake() are compared with (static: large). */
static struct ai_tables pattern_tab;
static uint64_t pattern_zob[AI_CELLS * 2 + 1];
static struct ai_pos pattern_fresh;

/* Check that p holds what loading b afresh gives: the stones, every
 * empty cell's patterns, every cell's category and value, the totals. */
static void check_like_fresh(const struct ai_pos *p, const struct board *b)
{
	const struct ai_pos *q = &pattern_fresh;
	int r, c, idx, x, same = 1;

	ai_pos_load(&pattern_fresh, b, pattern_zob, &pattern_tab);
	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++) {
			idx = ai_pos_index(p, r, c);
			same &= p->cell[idx] == q->cell[idx];
			same &= memcmp(p->cat[idx], q->cat[idx], 2) == 0;
			same &= p->val[idx][0] == q->val[idx][0];
			same &= p->val[idx][1] == q->val[idx][1];
			if (q->cell[idx] == AI_EMPTY)
				same &= memcmp(p->pat[idx], q->pat[idx],
					       sizeof(q->pat[idx])) == 0;
		}
	}
	for (x = 1; x <= 2; x++) {
		same &= p->sum[x] == q->sum[x];
		same &= memcmp(p->cnt[x], q->cnt[x], sizeof(q->cnt[x])) == 0;
	}
	same &= p->hash == q->hash && p->side == q->side;
	CU_ASSERT_TRUE(same);
}

/* Play random legal moves on a rows x cols board (win length k, `rule`)
 * with ai_pos_make(), then take them all back with ai_pos_unmake(),
 * comparing with a fresh load after every step. */
static void check_patterns_on(int rows, int cols, int k, enum rule rule,
			      uint64_t seed)
{
	static struct board boards[PATTERN_MOVES + 1];
	static struct ai_pos p;
	struct rng r;
	int n = 0, row, col, tries;

	rng_seed(&r, seed);
	CU_ASSERT_EQUAL_FATAL(board_init(&boards[0], rows, cols, k, rule), 0);
	ai_pos_keys(pattern_zob);
	memset(&pattern_tab, 0, sizeof(pattern_tab));
	ai_tables_prepare(&pattern_tab, k);
	ai_pos_load(&p, &boards[0], pattern_zob, &pattern_tab);
	while (n < PATTERN_MOVES && boards[n].state == BOARD_PLAYING) {
		boards[n + 1] = boards[n];
		tries = 0;
		do {
			row = (int)rng_below(&r, (uint32_t)rows);
			col = (int)rng_below(&r, (uint32_t)cols);
		} while (board_play(&boards[n + 1], row, col) != BOARD_OK &&
			 ++tries < 1000);
		if (tries == 1000)
			break;
		ai_pos_make(&p, ai_pos_index(&p, row, col));
		check_like_fresh(&p, &boards[++n]);
	}
	CU_ASSERT_TRUE(n >= 10);
	while (n > 0) {
		ai_pos_unmake(&p);
		check_like_fresh(&p, &boards[--n]);
	}
}

/* A move updates only the cells near it, line by line from bit masks,
 * and ai_pos_unmake() puts them back from a log: both must agree with
 * working the whole board out again, on every shape and rule (win
 * lengths the line tables serve, 3 to 6, and one they do not, 7). */
static void test_patterns_incremental(void)
{
	check_patterns_on(15, 15, 5, RULE_FREESTYLE, 1);
	check_patterns_on(15, 15, 5, RULE_EXACT, 2);
	check_patterns_on(15, 15, 5, RULE_RENJU, 3);
	check_patterns_on(5, 7, 3, RULE_FREESTYLE, 4);
	check_patterns_on(9, 6, 4, RULE_EXACT, 5);
	check_patterns_on(19, 19, 6, RULE_FREESTYLE, 6);
	check_patterns_on(26, 11, 7, RULE_EXACT, 7);
}

static CU_TestInfo tests[] = {
	{"tactical positions of ai_positions.txt", test_positions},
	{"patterns kept move by move equal patterns worked out afresh",
	 test_patterns_incremental},
	{"levels 3-5 never lose tic-tac-toe", test_tictactoe_perfect},
	{"legal moves on random boards of every shape",
	 test_random_boards_legal},
	{"a finished game is refused", test_game_over_refused},
	{"every level makes its five and blocks the opponent's", test_floor},
	{"same position, seed and nodes give the same move", test_repeatable},
	{"levels 1-2 follow the seed", test_seeded_randomness},
	{"a stop flag still gives a legal (winning) move", test_stop_flag},
	{"the time budget is kept", test_time_budget},
	{"the caller's poll is asked and can stop the search", test_poll},
	{"a depth limit caps the iterations", test_max_depth},
	{"the side to move can be named, whatever the counts",
	 test_choose_side},
	{"level 5 beats level 3", test_level5_beats_level3},
	{"a block of a VCF that leaves a VCT is not played",
	 test_vcf_block_leaving_vct},
	{"a VCT the root's first slice missed is stopped",
	 test_vct_seen_in_time},
	{"renju: black never plays a double four", test_renju_double_four},
	{"renju: black's legal four-three is found", test_renju_four_three},
	{"renju: white's four wins where black may not block",
	 test_renju_white_uses_forbidden},
	{"renju: white ignores black's overline-only four",
	 test_renju_white_ignores_overline_four},
	{"renju: random positions never give black a forbidden point",
	 test_renju_random_never_forbidden},
	CU_TEST_INFO_NULL,
};

/* Nothing to set up. */
static int init(void)
{
	return 0;
}

/* Nothing to tear down. */
static int cleanup(void)
{
	return 0;
}

CU_SuiteInfo ai_suite = {"ai", init, cleanup, NULL, NULL, tests};
