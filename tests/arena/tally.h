/* tally.h -- the arena's counts and what it prints of them: a line per
 * game, with --sprt the test's line after each pair, and the summary.
 *
 * Everything is from p1's side (player 0). Without the test every game
 * counts as it ends. With it, a game waits for the other game of its
 * pair (the same opening, the colours swapped: games 2k and 2k + 1) and
 * the two count together, so that the summary's games are the pairs the
 * test counted; a pair with a game the arena could not play counts for
 * neither. Printing goes to standard output, flushed line by line.
 */
#ifndef ARENA_TALLY_H
#define ARENA_TALLY_H

#include <stdbool.h>

#include "duel.h"
#include "sprt.h"

/* What the games counted so far add up to. */
struct tally {
	int games, wins[2], draws, not_played;
	double score_as[2]; /* p1's points with black [0], white [1] */
	int games_as[2];    /* p1's games with black, white */
	int timeouts[2], crashes[2], illegal[2]; /* by player */
	double worst[2];
	/* with the test: pairs by p1's points in halves (LL .. WW), the
	 * LLR after the last one and the verdict */
	int pairs[ELO_PAIR_OUTCOMES];
	double llr;
	enum sprt_verdict verdict;
};

/* One pair's first game to end, waiting for the other. */
struct pair_wait {
	enum { PAIR_EMPTY, PAIR_WAITING, PAIR_DONE, PAIR_BROKEN } state;
	struct duel_result first;
};

/* The plural ending for n things: "s", or "" for one. */
const char *tally_plural(int n);

/* Print game r's line: `opening` its stones in words, `total` the games
 * of the match; `counted` false marks a game that ended after the test
 * was decided. */
void tally_print_game(const struct duel_setup *s, const char *opening,
		      const struct duel_result *r, int total, bool counted);

/* Count game r into t (a game not played only as such). */
void tally_count(struct tally *t, const struct duel_result *r);

/* Count game r of a pair whose wait is *w (the caller's, one per pair,
 * PAIR_EMPTY at first): the first to end waits, the second counts both
 * into t with the pair, and then t's LLR and verdict are test's. Return
 * true when r completed a pair. */
bool tally_count_pair(struct tally *t, struct pair_wait *w,
		      const struct duel_result *r, const struct sprt *test);

/* Print the test's line after a pair: the pairs by outcome, the LLR and
 * its bounds. */
void tally_print_test(const struct sprt *test, const struct tally *t);

/* Print the summary of the match; test NULL when there was none. */
void tally_print_summary(const struct duel_setup *s, const struct tally *t,
			 const struct sprt *test);

#endif
