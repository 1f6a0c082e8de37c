/* ai_weights.h -- the evaluation's weights fitted to games (Texel),
 * made by tests/arena/tune.c: do not edit, remake it. Made by:
 *   make tune TUNE_GAMES=800 TUNE_NODES=10000: 800 games of build/gomoku
 * against itself at 10000 nodes a move (build/arena/arena --nodes), fitted by
 * build/arena/tune.
 *
 * 354 different games, 13393 positions fitted (1405 held out), K 0.000245359;
 * mean squared error 0.160538 before, 0.147127 after (held out: 0.168218,
 * 0.152873). ai_param.h uses these when AI_TUNED_WEIGHTS is 1.
 */
#ifndef GOMOKU_AI_WEIGHTS_H
#define GOMOKU_AI_WEIGHTS_H

#define AI_WEIGHTS_PATTERN                                                     \
	{                                                                      \
		[PAT_NONE] = 0, [PAT_ONE] = 1, [PAT_TWO] = 13,                 \
		[PAT_OPEN2] = 73, [PAT_THREE] = 145, [PAT_OPEN3] = 223,        \
		[PAT_FOUR] = 568, [PAT_OPEN4] = 824, [PAT_WIN] = 5000          \
	}

#define AI_WEIGHTS_CATEGORY                                                    \
	{                                                                      \
		[CAT_NONE] = 0, [CAT_LOW] = 1, [CAT_OPEN3] = 29,               \
		[CAT_33] = 364, [CAT_FOUR] = 38, [CAT_43] = 2432,              \
		[CAT_FLEX4] = 669, [CAT_WIN] = 10000                           \
	}

#endif
