/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A latency histogram: log-linear buckets (8 per power of two, about 12%
 * wide) from 1 ns to the largest u64, so percentiles of millions of
 * transactions cost 2 KiB each. The statistics (hwmsg/stats.h) and
 * hwmsg diff use it.
 */
#ifndef HWMSG_LATHIST_H
#define HWMSG_LATHIST_H

#include <stdint.h>

#define HWMSG_LATHIST_BUCKETS 512

struct hwmsg_lathist {
	uint64_t n, sum_ns, max_ns;
	uint32_t *buckets;	/* allocated at the first sample */
};

/* -1 when out of memory (n, sum and max still count the sample). */
int hwmsg_lathist_add(struct hwmsg_lathist *h, uint64_t ns);
/* Nearest-rank percentile, p in (0, 1]; 0 without samples. */
double hwmsg_lathist_percentile(const struct hwmsg_lathist *h, double p);
/* dst += src. -1 when out of memory (the buckets then miss src's). */
int hwmsg_lathist_merge(struct hwmsg_lathist *dst,
			const struct hwmsg_lathist *src);
/*
 * Samples at or below ns, for fixed bounds (Prometheus' le): exact at or
 * above the maximum; otherwise ns's own bucket (1/8 of its power of two)
 * is counted whole.
 */
uint64_t hwmsg_lathist_count_le(const struct hwmsg_lathist *h, uint64_t ns);
void hwmsg_lathist_free(struct hwmsg_lathist *h);

#endif
