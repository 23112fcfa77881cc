/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The trace cursor: the one read -> decode -> pair -> select loop every
 * front end runs. Records come from files (one after another, a ring of
 * files being one trace) or are handed in one at a time (a live source);
 * each is decoded once and paired once, and the selection filters see it
 * as tshark would (frame numbers across the files, time from the first).
 *
 *   struct hwmsg_trace *t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
 *   hwmsg_trace_open(t, path, &err);
 *   while ((ret = hwmsg_trace_next(t, &it, &err)) != 0)
 *           if (ret > 0 && it.selected)
 *                   use(it.rec, it.msg, it.txn);
 *   hwmsg_trace_close(t);
 */
#ifndef HWMSG_TRACE_H
#define HWMSG_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/filter.h"
#include "hwmsg/io.h"
#include "hwmsg/msg.h"
#include "hwmsg/record.h"
#include "hwmsg/txn.h"

enum hwmsg_trace_flags {
	HWMSG_TRACE_DECODE = 1 << 0,	/* decode each record */
	HWMSG_TRACE_PAIR = 1 << 1 | 1 << 0,	/* and pair them (decodes) */
};

/* One record as the cursor saw it; valid until the next call. */
struct hwmsg_trace_item {
	struct hwmsg_record rec;
	const struct hwmsg_msg *msg;	/* NULL: not decoded */
	int decode_rc;			/* hwmsg_msg_decode(): 1 decoded with
					 * a problem, -1 not decoded */
	struct hwmsg_err decode_err;	/* when decode_rc != 0 */
	/*
	 * NULL: pairing is off (no HWMSG_TRACE_PAIR); all 0 for a record not
	 * decoded. Its refs are frame numbers, as the plugin's
	 * emad.response_to.
	 */
	const struct hwmsg_txn_info *txn;
	bool req_marked;		/* a matched response whose request
					 * was hwmsg_trace_mark()ed */
	uint64_t frame;			/* in the files (or fed), from 1 */
	uint64_t first_ts_ns;		/* the trace's first record's */
	bool selected;			/* every selection filter matched */
	struct hwmsg_filter_rec fr;	/* the record as a filter sees it */
	/* private */
	struct hwmsg_msg msg_;
	struct hwmsg_txn_info txn_, raw_;
};

struct hwmsg_trace;

struct hwmsg_trace *hwmsg_trace_new(unsigned int flags);
void hwmsg_trace_free(struct hwmsg_trace *t);
/*
 * Select with f too (borrowed: it outlives the cursor). Records are paired
 * whether selected or not: a selected response keeps its latency.
 */
void hwmsg_trace_select(struct hwmsg_trace *t, struct hwmsg_filter *f);
/* Requests pushed out of the pairing table unanswered (table full). */
typedef void (*hwmsg_trace_orphan_cb)(const struct hwmsg_txn_orphan *o,
				      bool marked, void *arg);
void hwmsg_trace_set_evict_cb(struct hwmsg_trace *t, hwmsg_trace_orphan_cb cb,
			      void *arg);

/* The next file of the trace (frames and pairing go on). -1 with err. */
int hwmsg_trace_open(struct hwmsg_trace *t, const char *path,
		     struct hwmsg_err *err);
/* Its reader (notes, drops, interfaces), NULL when no file is open. */
struct hwmsg_reader *hwmsg_trace_reader(const struct hwmsg_trace *t);
/*
 * The next record of the open file: 1 with it filled, 0 at the file's end,
 * -1 with err set for a malformed record (call again to go on).
 */
int hwmsg_trace_next(struct hwmsg_trace *t, struct hwmsg_trace_item *it,
		     struct hwmsg_err *err);
/* Close the open file (the trace goes on with the next one). */
void hwmsg_trace_close(struct hwmsg_trace *t);

/* A record from elsewhere (a live source), numbered after the last. */
void hwmsg_trace_feed(struct hwmsg_trace *t, const struct hwmsg_record *rec,
		      struct hwmsg_trace_item *it);

/*
 * Mark the request just returned (nothing if it was none): its response
 * will say req_marked, its orphan report marked (written, selected...).
 */
void hwmsg_trace_mark(struct hwmsg_trace *t);
/*
 * Requests still unanswered older than now_ns - timeout_ns (0: all), to
 * cb once each with their frame as ref. Returns how many.
 */
unsigned int hwmsg_trace_orphans(struct hwmsg_trace *t, uint64_t now_ns,
				 uint64_t timeout_ns, hwmsg_trace_orphan_cb cb,
				 void *arg);
/* Records so far, of every file. */
uint64_t hwmsg_trace_frames(const struct hwmsg_trace *t);

#endif
