/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The statistics accumulator: per register and method (and, if asked, per
 * device) how many requests, responses, device events, errors,
 * retransmissions and orphans, the latency histogram and the firmware's
 * own LATENCY TLV; and the response statuses over all. hwmsg stat and
 * hwmsgd --metrics count with it, so that they agree on the same records.
 *
 * A record counts as its message says: a request (r = 0 to the device,
 * retransmissions included), a response (r = 1), or an event (r = 0 from
 * the device, unasked).
 */
#ifndef HWMSG_STATS_H
#define HWMSG_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/lathist.h"
#include "hwmsg/trace.h"
#include "hwmsg/txn.h"

struct hwmsg_stats_row {
	const char *bus, *dev, *driver;	/* "" unless by device */
	uint32_t dev_index;		/* from 1 in the order seen; 0: not
					 * by device */
	uint16_t type;			/* enum hwmsg_type, of the first */
	uint16_t reg_id;
	uint8_t method;
	uint64_t requests, responses, events;
	uint64_t errors;		/* responses with a status */
	uint64_t retransmits;		/* requests sent again */
	uint64_t orphans;		/* requests never answered */
	struct hwmsg_lathist lat;	/* request to response */
	uint64_t fw_n, fw_sum_us;	/* the LATENCY TLV */
};

enum hwmsg_stats_flags {
	HWMSG_STATS_BY_DEVICE = 1 << 0,	/* a row per device too */
};

struct hwmsg_stats;

struct hwmsg_stats *hwmsg_stats_new(unsigned int flags);
void hwmsg_stats_free(struct hwmsg_stats *s);
/*
 * One decoded record (it->msg; it->txn for latency and retransmissions,
 * NULL: not paired). Others are not counted here. -1: out of memory (the
 * record is missing from the counts, or from the histogram).
 */
int hwmsg_stats_add(struct hwmsg_stats *s, const struct hwmsg_trace_item *it);
/* A request never answered. -1: out of memory. */
int hwmsg_stats_orphan(struct hwmsg_stats *s, const struct hwmsg_txn_orphan *o);
/* Every row of src added to dst's (by dst's grouping). -1: no memory. */
int hwmsg_stats_merge(struct hwmsg_stats *dst, const struct hwmsg_stats *src);

/* Rows in the order first seen; valid until the next add or sort. */
size_t hwmsg_stats_count(const struct hwmsg_stats *s);
const struct hwmsg_stats_row *hwmsg_stats_row(const struct hwmsg_stats *s,
					      size_t i);
/* The row of (device, register, method) (bus and dev unused unless by
 * device), or NULL. */
const struct hwmsg_stats_row *hwmsg_stats_find(const struct hwmsg_stats *s,
					       const char *bus, const char *dev,
					       uint16_t reg_id, uint8_t method);
/* Busiest first (requests + responses), then by register and method. */
void hwmsg_stats_sort(struct hwmsg_stats *s);
/* Responses by status (7 bits). */
const uint64_t *hwmsg_stats_status(const struct hwmsg_stats *s);
/* Something went uncounted for want of memory. */
bool hwmsg_stats_nomem(const struct hwmsg_stats *s);

#endif
