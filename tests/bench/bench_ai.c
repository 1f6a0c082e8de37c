/* bench_ai.c -- the computer's speed: for levels 3 to 5, a self-play
 * game on 15x15 from the centre, with each move's time against the
 * level's budget (the worst overshoot is the figure that matters: the
 * budget may be passed by at most 50 ms), the depth reached and nodes
 * per second. */
#include <stdio.h>

#include "ai.h"
#include "bench.h"

#define PLIES 24

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
	printf("  level %d: %2d moves, budget %4d ms, mean %6.1f ms, worst "
	       "%+6.1f ms over budget, mean depth %4.1f, %8.0f nodes/s\n",
	       level, i, budget, total_ms / (i > 0 ? i : 1), worst,
	       (double)depth / (i > 0 ? i : 1),
	       total_ms > 0 ? nodes / (total_ms / 1000.0) : 0.0);
	ai_free(ai);
	return 0;
}

int bench_ai(void)
{
	int level, rc = 0;

	printf("\n== The computer: self-play on 15x15, figures per level ==\n");
	for (level = 3; level <= 5; level++)
		rc |= bench_level(level);
	return rc;
}
