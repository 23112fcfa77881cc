/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transactions: pairing requests with responses. EMAD by device + tid,
 * CMD_REG by order per device. Latency, retransmissions (the same tid sent
 * again) and orphans (a request never answered).
 */
#ifndef HWMSG_TXN_H
#define HWMSG_TXN_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/msg.h"
#include "hwmsg/record.h"

struct hwmsg_txn;

/* What the tracker learnt from one record. */
struct hwmsg_txn_info {
	bool is_response;
	bool matched;		/* response: its request was seen */
	uint64_t req_ts_ns;	/* matched request's timestamp */
	uint64_t latency_ns;	/* response ts - last transmission's ts */
	unsigned int retransmits; /* times this tid was sent before (request:
				   * so far; response: before the answer) */
	bool unsolicited;	/* response without a request in the trace */
	bool event;		/* from the device unasked (r = 0): not paired */
	/*
	 * Caller refs (hwmsg_txn_feed_ref, e.g. frame numbers; 0 from
	 * hwmsg_txn_feed), valid when matched or retransmits say so.
	 */
	uint64_t req_ref;	/* matched response: its request's last
				 * transmission (the one it answers) */
	uint64_t first_ref;	/* matched response or retransmission: the
				 * request's first transmission */
	uint64_t prev_ref;	/* retransmission: the transmission it repeats */
};

/* An unanswered request, reported by hwmsg_txn_orphans(). */
struct hwmsg_txn_orphan {
	const char *bus, *dev;
	uint64_t ts_ns;		/* its last transmission */
	uint64_t tid;
	unsigned int retransmits;
	uint16_t reg_id;
	uint8_t method;
	uint16_t type;
	uint64_t ref;		/* hwmsg_txn_feed_ref's ref of its last
				 * transmission */
};

/* At most this many requests wait at once; beyond, the oldest is evicted. */
#define HWMSG_TXN_MAX_PENDING 65536

/*
 * mlx4 abandons a command after 60 s (its command timeout classes A-C):
 * a CMD_REG request older than this is not matched with a response.
 */
#define HWMSG_TXN_CMDREG_TIMEOUT_NS (60ull * 1000000000ull)

typedef void (*hwmsg_txn_orphan_cb)(const struct hwmsg_txn_orphan *o,
				    void *arg);

struct hwmsg_txn *hwmsg_txn_new(void);
void hwmsg_txn_free(struct hwmsg_txn *t);
/* Requests evicted because the table is full are reported to cb. */
void hwmsg_txn_set_evict_cb(struct hwmsg_txn *t, hwmsg_txn_orphan_cb cb,
			    void *arg);
/*
 * Replace the ref the last hwmsg_txn_feed_ref gave the request it stored
 * (nothing if that record was no request): for a caller that learns more
 * of a request once it was paired, such as whether a filter selected it.
 */
void hwmsg_txn_set_ref(struct hwmsg_txn *t, uint64_t ref);
/* Requests evicted so far (table full). */
unsigned long hwmsg_txn_evicted(const struct hwmsg_txn *t);
/*
 * Feed records in capture order. An EMAD answered with status busy (1) or
 * receipt ack (9) stays pending: the kernel sends the same tid again, and
 * that resend counts as a retransmission.
 */
void hwmsg_txn_feed(struct hwmsg_txn *t, const struct hwmsg_record *rec,
		    const struct hwmsg_msg *msg, struct hwmsg_txn_info *info);
/*
 * hwmsg_txn_feed, with ref (opaque to the tracker) kept with a request so
 * that info can name the transmissions a record pairs with.
 */
void hwmsg_txn_feed_ref(struct hwmsg_txn *t, const struct hwmsg_record *rec,
			const struct hwmsg_msg *msg, uint64_t ref,
			struct hwmsg_txn_info *info);
/*
 * Requests still waiting, older than now_ns - timeout_ns (0: all of them),
 * are reported once each to cb and forgotten. Returns how many. The scan
 * stops at the first request young enough, so feed records in time order.
 * Beyond 1024 distinct devices, records of new devices are not paired.
 */
unsigned int hwmsg_txn_orphans(struct hwmsg_txn *t, uint64_t now_ns,
			       uint64_t timeout_ns, hwmsg_txn_orphan_cb cb,
			       void *arg);

#endif
