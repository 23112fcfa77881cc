/* SPDX-License-Identifier: GPL-2.0-or-later */
/* splitmix64: small, fast and good enough to make the simulation varied. */
#ifndef HWMSG_SIM_RNG_H
#define HWMSG_SIM_RNG_H

#include <stdint.h>

static inline uint64_t sim_rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform-enough value in [0, n), n > 0. */
static inline uint32_t sim_rng_below(uint64_t *state, uint32_t n)
{
	return (uint32_t)((sim_rng_next(state) >> 32) * n >> 32);
}

/* Uniform in [lo, hi]. */
static inline uint64_t sim_rng_range(uint64_t *state, uint64_t lo,
				     uint64_t hi)
{
	return lo + sim_rng_next(state) % (hi - lo + 1);
}

#endif
