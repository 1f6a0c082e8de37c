/* bench_ai.c -- the computer's speed: for levels 3 to 5, a self-play
 * game on 15x15 from the centre, with each move's time against the
 * level's budget (the share of it used on average, and the worst
 * overshoot, the figure that matters: the budget may be passed by at
 * most 50 ms), the depth reached and nodes
 * per second. Then renju: a level-5 self-play game at a fixed number of
 * nodes per move, and black's forbidden points judged on every empty
 * cell of that game's positions and of dense random boards, both per
 * second of CPU time (the machine may be busy with other work).
 * Between the two, the speed that compares one engine with another:
 * level 5 on the same fixed positions at a fixed number of nodes each,
 * nodes per CPU second (the file uses only ai.h, board.h and
 * notation.h, so it builds against an older engine too). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "bench.h"
#include "notation.h"
#include "renju.h"

#define PLIES 24

#define FIXED_NODES 100000 /* nodes per position in the fixed-position test */

#define RENJU_PLIES	 40	/* the renju self-play game's length */
#define RENJU_NODES	 150000 /* nodes per move in that game */
#define RENJU_RANDOM	 200	/* dense random boards judged */
#define RENJU_MIN_CPU_MS 500.0	/* judge the boards again until this */

/* Play PLIES moves of `level` against itself; print its figures. */
static int bench_level(int level)
{
	struct ai_config cfg;
	struct ai_result r;
	struct board b;
	struct ai *ai;
	long long nodes = 0;
	double t0, ms, total_ms = 0, worst = -1e9;
	int i, depth = 0, budget;

	ai_config_default(&cfg, level);
	cfg.seed = 42;
	budget = cfg.time_ms;
	ai = ai_create(&cfg);
	if (ai == NULL || board_init(&b, 15, 15, 5, RULE_FREESTYLE) != 0)
		return -1;
	for (i = 0; i < PLIES && b.state == BOARD_PLAYING; i++) {
		t0 = bench_now_ms();
		if (ai_choose(ai, &b, NULL, &r) != 0)
			break;
		ms = bench_now_ms() - t0;
		total_ms += ms;
		worst = ms - budget > worst ? ms - budget : worst;
		nodes += r.nodes;
		depth += r.depth;
		board_play(&b, r.row, r.col);
	}
	ms = total_ms / (i > 0 ? i : 1);
	printf("  level %d: %2d moves, budget %4d ms, mean %6.1f ms (%3.0f %% "
	       "of it), worst %+6.1f ms over budget, mean depth %4.1f, %8.0f "
	       "nodes/s\n",
	       level, i, budget, ms, 100.0 * ms / budget, worst,
	       (double)depth / (i > 0 ? i : 1),
	       total_ms > 0 ? nodes / (total_ms / 1000.0) : 0.0);
	ai_free(ai);
	return 0;
}

/* Milliseconds of CPU time used by the process. */
static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* ==== Fixed positions ================================================== */

/* Positions from games of level 5 against itself (commit 160deb0, the
 * arena's frozen baseline) after the arena's first openings, the moves
 * in the order played. */
static const char *const fixed_positions[] = {
	"h8 f7 j6 g8 j7 h9",
	"h8 f7 j6 g8 j7 h9 i10 h7 i7 g9 j5 j8 k5 l4 i5 h5 k7 e6",
	"h8 f7 j10 g7 i10 f8",
	"h8 f7 j10 g7 i10 f8 h10 g10 h11 h7 i7 g9 g8 e7 d7 e9 h6 j8",
	"h8 g7 i10 i7 h11 j9",
	"h8 g7 i10 i7 h11 j9 j7 h9 g10 h7 i12 f9 i11 i9 g9 i6 j13 k14",
	"h8 g7 j10 j7 h10 i7 h7 h6 i10",
	"h8 g7 j10 j7 h10 i7 h7 h6 i10 g10 k10 l10 h9 h11 j9 g6 i9 g9 g8 k9 j8",
	"h8 g8 j6 h9 f7 i7 i9 g7 g6 i5 i4 h5",
	"h8 g8 j6 h9 f7 i7 i9 g7 g6 i5 i4 h5 h6 i6 j5 j7 k8 k7 h7 f5 i8 f3 g4 "
	"f4",
	"h8 g7 f6 g6 g5 f4 f8 e4 g8 e8 f7 f9",
	"h8 g7 f6 g6 g5 f4 f8 e4 g8 e8 f7 f9 e6 h9 h4 e7 f5 c4 g4 d7 c6 g9 e9 "
	"g10",
	"h8 g8 j8 h7 i6 g7 i7 i5 g9 j6 h10 k7",
	"h8 g8 j8 h7 i6 g7 i7 i5 g9 j6 h10 k7 l8 i8 f8 i11 g5 h6 f7 f10 h4 f6 "
	"g6 e8",
	"h8 g8 f6 g7 g9 i7 f8 h7 f7 f9 i6 h10",
	"h8 g8 f6 g7 g9 i7 f8 h7 f7 f9 i6 h10 f5 f4 d6 k7 j7 j8 i9 g4 g6 h6 g5 "
	"k9",
	"h8 g7 f10 i7 f7 f8 e9 h6 j8 g6 g11 h12",
	"h8 g7 f10 i7 f7 f8 e9 h6 j8 g6 g11 h12 h10 i9 i6 g5 g4 h9 g9 h5 i5 h4 "
	"h3 f6",
	"h8 f8 j7 f9 j8 f7 f6 g8 g7 i9 j6 j9",
	"h8 f8 j7 f9 j8 f7 f6 g8 g7 i9 j6 j9 g9 i7 i6 h9 i10 f11 f10 l9 k9 g10 "
	"i8 e12",
	"h8 g7 i9 h6 i8 g9 f8 g8 g6 h7 f9 f7",
	"h8 g7 i9 h6 i8 g9 f8 g8 g6 h7 f9 f7 i7 i10 h9 g10 g11 f12 h10 j8 j6 "
	"h11 i5 i6",
	"h8 f8 g7 i9 e7 d8 g8 f7 f9 g6 e10 d11",
};

#define FIXED_COUNT (sizeof(fixed_positions) / sizeof(fixed_positions[0]))

/* Set up *b (15x15 freestyle) with the moves of `moves`. Return 0, or -1
 * when one is not a legal move. */
static int fixed_board(struct board *b, const char *moves)
{
	struct input in;
	size_t len;

	if (board_init(b, 15, 15, 5, RULE_FREESTYLE) != 0)
		return -1;
	while (*moves != '\0') {
		len = strcspn(moves, " ");
		if (notation_parse(moves, len, 15, 15, &in) != INPUT_MOVE ||
		    board_play(b, in.row, in.col) != BOARD_OK)
			return -1;
		moves += len;
		moves += strspn(moves, " ");
	}
	return 0;
}

/* Search every fixed position with level 5 at FIXED_NODES nodes; print
 * the nodes per CPU second and the mean depth of the full iterations
 * (over the positions the search did not settle as won or lost, whose
 * depth says how soon it proved that, not how deep it went). */
static int bench_fixed(void)
{
	struct ai_config cfg;
	struct ai_result r;
	struct board b;
	struct ai *ai;
	long long nodes = 0;
	double t0, ms = 0;
	size_t i;
	int depth = 0, open = 0;

	ai_config_default(&cfg, 5);
	cfg.seed = 42;
	ai = ai_create(&cfg);
	if (ai == NULL)
		return -1;
	ai_set_limits(ai, 600000, FIXED_NODES);
	for (i = 0; i < FIXED_COUNT; i++) {
		if (fixed_board(&b, fixed_positions[i]) != 0)
			break;
		t0 = cpu_ms();
		if (ai_choose(ai, &b, NULL, &r) != 0)
			break;
		ms += cpu_ms() - t0;
		nodes += r.nodes;
		if (r.score < AI_SCORE_WIN_MIN && r.score > -AI_SCORE_WIN_MIN) {
			depth += r.depth;
			open++;
		}
	}
	ai_free(ai);
	printf("  level 5, %zu fixed positions at %d nodes: %lld nodes, "
	       "%8.0f nodes per CPU second, mean depth %.2f over the %d "
	       "not settled\n",
	       i, FIXED_NODES, nodes, ms > 0 ? nodes / (ms / 1000.0) : 0.0,
	       open > 0 ? (double)depth / open : 0.0, open);
	return i == FIXED_COUNT ? 0 : -1;
}

/* ==== Renju ============================================================ */

/* Play a renju game of level 5 against itself, RENJU_NODES nodes a
 * move, keeping each position before a move in games[] (room for
 * RENJU_PLIES). Print its nodes per CPU second; return how many
 * positions were kept, or -1 when the player cannot be made. */
static int renju_selfplay(struct board *games)
{
	struct ai_config cfg;
	struct ai_result r;
	struct board b;
	struct ai *ai;
	long long nodes = 0;
	double t0, ms = 0;
	int i;

	ai_config_default(&cfg, 5);
	cfg.seed = 42;
	ai = ai_create(&cfg);
	if (ai == NULL || board_init(&b, 15, 15, 5, RULE_RENJU) != 0) {
		ai_free(ai);
		return -1;
	}
	ai_set_limits(ai, 600000, RENJU_NODES);
	for (i = 0; i < RENJU_PLIES && b.state == BOARD_PLAYING; i++) {
		games[i] = b;
		t0 = cpu_ms();
		if (ai_choose(ai, &b, NULL, &r) != 0)
			break;
		ms += cpu_ms() - t0;
		nodes += r.nodes;
		board_play(&b, r.row, r.col);
	}
	printf("  renju level 5: %2d moves at %d nodes, %8.0f nodes per CPU "
	       "second\n",
	       i, RENJU_NODES, ms > 0 ? nodes / (ms / 1000.0) : 0.0);
	ai_free(ai);
	return i;
}

/* Step the generator in *seed and return 31 bits of it. */
static unsigned int next_random(unsigned long *seed)
{
	*seed = (*seed * 1103515245UL + 12345UL) & 0xffffffffUL;
	return (unsigned int)(*seed >> 1);
}

/* Fill boards[0..n) with the same dense random renju boards every run:
 * 25 to 39 percent black stones, 10 to 19 percent white. */
static void random_boards(struct board *boards, int n)
{
	unsigned long seed = 14;
	int i, cell, black, white, x;

	for (i = 0; i < n; i++) {
		board_init(&boards[i], 15, 15, 5, RULE_RENJU);
		black = 25 + (int)(next_random(&seed) % 15);
		white = 10 + (int)(next_random(&seed) % 10);
		for (cell = 0; cell < 15 * 15; cell++) {
			x = (int)(next_random(&seed) % 100);
			if (x < black)
				boards[i].cells[cell] = STONE_BLACK;
			else if (x < black + white)
				boards[i].cells[cell] = STONE_WHITE;
		}
	}
}

/* Judge every empty cell of boards[0..n) with renju_check(), again and
 * again for at least RENJU_MIN_CPU_MS; print checks per CPU second and
 * how many cells were forbidden in one pass. */
static void renju_checks(const char *what, const struct board *boards, int n)
{
	long long checks = 0;
	double t0 = cpu_ms(), ms;
	int i, cell, forbidden;

	do {
		forbidden = 0;
		for (i = 0; i < n; i++) {
			for (cell = 0; cell < 15 * 15; cell++) {
				if (boards[i].cells[cell] != STONE_NONE)
					continue;
				forbidden += renju_check(&boards[i], cell / 15,
							 cell % 15) != RENJU_OK;
				checks++;
			}
		}
		ms = cpu_ms() - t0;
	} while (ms < RENJU_MIN_CPU_MS);
	printf("  renju forbidden checks, %s: %4d forbidden, %10.0f checks "
	       "per CPU second\n",
	       what, forbidden, checks / (ms / 1000.0));
}

/* The renju figures: self-play nodes per second, then forbidden checks
 * on that game's positions and on dense random boards. */
static int bench_renju(void)
{
	static struct board games[RENJU_PLIES], boards[RENJU_RANDOM];
	int n = renju_selfplay(games);

	if (n < 0)
		return -1;
	renju_checks("game positions", games, n);
	random_boards(boards, RENJU_RANDOM);
	renju_checks("dense random boards", boards, RENJU_RANDOM);
	return 0;
}

int bench_ai(void)
{
	int level, rc = 0;

	printf("\n== The computer: self-play on 15x15, figures per level ==\n");
	for (level = 3; level <= 5; level++)
		rc |= bench_level(level);
	printf("\n== The computer's speed: fixed positions, CPU time ==\n");
	rc |= bench_fixed();
	printf("\n== Renju: CPU time ==\n");
	rc |= bench_renju();
	return rc;
}
