/* rng.c -- a small, repeatable random number generator (splitmix64). */
#include "rng.h"

void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;

	do
		x = rng_next(r);
	while (x >= limit);
	return (uint32_t)(x % n);
}
