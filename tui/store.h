/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The message store of hwmsg top: the last N messages in a ring (each with
 * its own copy of the payload and what the transaction tracker said about
 * it), the devices seen, the header counters and per-register totals.
 * Everything the panels draw comes from here; nothing here draws.
 */
#ifndef HWMSG_TUI_STORE_H
#define HWMSG_TUI_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/devices.h"
#include "hwmsg/err.h"
#include "hwmsg/msg.h"
#include "hwmsg/record.h"
#include "hwmsg/state.h"
#include "hwmsg/state_log.h"
#include "hwmsg/stats.h"
#include "hwmsg/trace.h"
#include "hwmsg/txn.h"

enum top_msg_flags {
	TOP_MSG_DECODED = 1 << 0,	/* op fields are valid */
	TOP_MSG_RESPONSE = 1 << 1,
	TOP_MSG_MATCHED = 1 << 2,	/* response paired with its request */
	TOP_MSG_FW_STRING = 1 << 3,
	TOP_MSG_HAS_FW_LAT = 1 << 4,
	TOP_MSG_PAIRED = 1 << 5,	/* pair_seq is the other half */
	TOP_MSG_ORPHAN = 1 << 6,	/* request never answered */
};

struct top_msg {
	uint64_t seq;		/* arrival number, from 0 */
	uint64_t ts_ns;
	uint64_t latency_ns;	/* response matched to its request */
	uint64_t tid;
	uint64_t pair_seq;	/* request <-> response, if PAIRED */
	uint8_t *payload;	/* own copy */
	uint32_t len, orig_len;
	uint32_t rec_flags;	/* enum hwmsg_rec_flags */
	uint32_t devlink_index;
	uint32_t fw_latency_us;	/* the LATENCY TLV, if TOP_MSG_HAS_FW_LAT */
	uint16_t dev;		/* index into top_store.devs */
	uint16_t type;		/* enum hwmsg_type */
	uint16_t reg_id;
	uint8_t dir, method, status, cls;
	uint8_t flags;		/* enum top_msg_flags */
	uint8_t retransmits;	/* times its tid was sent before (response:
				 * before the answer) */
};

struct top_counters {
	uint64_t records;	/* every record seen */
	uint64_t errors;	/* responses with status != 0 */
	uint64_t retransmits;	/* requests re-sent with a seen tid */
	uint64_t orphans;	/* requests never answered */
	uint64_t undecoded;	/* records libhwmsg could not decode */
	uint64_t evicted;	/* pushed out of the ring by --max */
};

struct top_store {
	struct top_msg *ring;
	size_t cap;
	uint64_t first, next;	/* seqs held: [first, next) */
	struct hwmsg_devices devs;	/* by bus, dev and driver */
	struct hwmsg_trace *t;	/* decodes and pairs each record once */
	struct hwmsg_trace_item it;
	struct top_counters c;
	uint64_t first_ts_ns;	/* oldest record timestamp, 0: none yet */
	uint64_t last_ts_ns;	/* newest record timestamp */
	/* per device, register and method (the switch's and the NIC's
	 * apart): libhwmsg's accumulator, as hwmsg stat and hwmsgd count */
	struct hwmsg_stats *regs;
	/* the register state the records imply (libhwmsg's engine): now,
	 * or, reading a file, at its end */
	struct hwmsg_state *state;
	/* reading a whole file: state is this log's, which can give it as
	 * of any record (store_keep_log) */
	struct hwmsg_state_log *log;
};

int store_init(struct top_store *s, size_t cap);
void store_free(struct top_store *s);
/* Keep a state log (checkpoints) from now on: for a file read whole,
 * from its first record. -1: out of memory. */
int store_keep_log(struct top_store *s);
/* No register state (a page of a file, a filter's scan: the main store
 * has it): store_add is cheaper. */
void store_no_state(struct top_store *s);
/* An empty store numbers its messages from seq (a page of a file). */
void store_set_base(struct top_store *s, uint64_t seq);
/* Decode, pair and keep one record (rec is copied). Returns its seq. */
uint64_t store_add(struct top_store *s, const struct hwmsg_record *rec);
/* The message with this seq, or NULL when evicted or not yet seen. */
const struct top_msg *store_get(const struct top_store *s, uint64_t seq);
const struct hwmsg_device *store_dev(const struct top_store *s,
				const struct top_msg *m);
/* Rebuild the record of m (its payload and names are the store's). */
void store_record(const struct top_store *s, const struct top_msg *m,
		  struct hwmsg_record *rec);
/* The same, and decode it again (for the detail pane). */
int store_decode(const struct top_store *s, const struct top_msg *m,
		 struct hwmsg_record *rec, struct hwmsg_msg *msg,
		 struct hwmsg_err *err);
/*
 * Count requests unanswered for timeout_ns (0: all that are still waiting,
 * e.g. at the end of a file) at now_ns: the wall clock for a live source,
 * 0 for the newest record's time. Returns how many were new.
 */
unsigned int store_reap_orphans(struct top_store *s, uint64_t now_ns,
				uint64_t timeout_ns);

#endif
