/* rng.h -- a small, repeatable random number generator (splitmix64).
 *
 * Pure C: the state is the caller's. The same seed gives the same coin
 * flips and the same computer moves on every machine (--seed N).
 */
#ifndef GOMOKU_RNG_H
#define GOMOKU_RNG_H

#include <stdint.h>

struct rng {
	uint64_t state;
};

/* Start the generator from `seed`. */
void rng_seed(struct rng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t rng_next(struct rng *r);

/* A uniform number in 0..n-1 (n > 0), without modulo bias. */
uint32_t rng_below(struct rng *r, uint32_t n);

#endif
