// SPDX-License-Identifier: GPL-2.0-or-later
/* Latency percentiles without keeping the samples. */
#include <stdlib.h>

#include "hwmsg/lathist.h"

static unsigned int bucket(uint64_t ns)
{
	unsigned int exp;

	if (ns < 8)
		return (unsigned int)ns;
	exp = 63 - (unsigned int)__builtin_clzll(ns);
	return exp * 8 + (unsigned int)((ns >> (exp - 3)) & 7);
}

/* The middle of a bucket: what a percentile falling in it is reported as. */
static double bucket_mid(unsigned int b)
{
	unsigned int exp = b / 8, sub = b % 8;

	if (b < 8)
		return b;
	return ((8.0 + sub + 0.5) * (double)(1ull << exp)) / 8.0;
}

int hwmsg_lathist_add(struct hwmsg_lathist *h, uint64_t ns)
{
	h->n++;
	h->sum_ns += ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	if (!h->buckets)
		h->buckets = calloc(HWMSG_LATHIST_BUCKETS, sizeof(*h->buckets));
	if (!h->buckets)
		return -1;
	h->buckets[bucket(ns)]++;
	return 0;
}

double hwmsg_lathist_percentile(const struct hwmsg_lathist *h, double p)
{
	uint64_t rank = (uint64_t)(p * (double)h->n + 0.999999), seen = 0;

	if (!h->n || !h->buckets)
		return 0;
	for (unsigned int b = 0; b < HWMSG_LATHIST_BUCKETS; b++) {
		seen += h->buckets[b];
		if (seen >= rank) {
			double mid = bucket_mid(b);

			/* the top bucket's middle may lie above the maximum */
			return mid < (double)h->max_ns ? mid :
							 (double)h->max_ns;
		}
	}
	return (double)h->max_ns;
}

void hwmsg_lathist_free(struct hwmsg_lathist *h)
{
	free(h->buckets);
	h->buckets = NULL;
}

int hwmsg_lathist_merge(struct hwmsg_lathist *dst,
			const struct hwmsg_lathist *src)
{
	dst->n += src->n;
	dst->sum_ns += src->sum_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	if (!src->buckets)
		return src->n ? -1 : 0;
	if (!dst->buckets)
		dst->buckets = calloc(HWMSG_LATHIST_BUCKETS,
				      sizeof(*dst->buckets));
	if (!dst->buckets)
		return -1;
	for (unsigned int b = 0; b < HWMSG_LATHIST_BUCKETS; b++)
		dst->buckets[b] += src->buckets[b];
	return 0;
}

uint64_t hwmsg_lathist_count_le(const struct hwmsg_lathist *h, uint64_t ns)
{
	unsigned int last = bucket(ns);
	uint64_t n = 0;

	if (!h->buckets)
		return 0;
	if (ns >= h->max_ns)
		return h->n;
	for (unsigned int b = 0; b <= last; b++)
		n += h->buckets[b];
	return n;
}
