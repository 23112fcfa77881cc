/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * show's printing thread. The reading thread reads, decodes, pairs and
 * selects; a second thread formats what was selected, so that a listing
 * of a large capture takes about the time of the larger half of the work
 * instead of the sum. Records are copied into batches (the reader reuses
 * its buffers) and handed over in order: the output is the same text as
 * printing them in the reading thread.
 */
#ifndef HWMSG_CLI_SHOW_PIPE_H
#define HWMSG_CLI_SHOW_PIPE_H

#include <stdint.h>

#include "hwmsg/record.h"
#include "hwmsg/txn.h"

struct show_pipe;

struct show_pipe_ops {
	/* finfo NULL: not paired; rel: the base of relative times, or 0 */
	void (*record)(const struct hwmsg_record *rec,
		       const struct hwmsg_txn_info *finfo, uint64_t frame,
		       uint64_t rel, void *arg);
	/* evicted: pushed out of the pairing table (not at the end) */
	void (*orphan)(const struct hwmsg_txn_orphan *o, bool evicted,
		       void *arg);
	void *arg;
};

/* The thread, running; NULL when it cannot be had (print in place). */
struct show_pipe *show_pipe_start(const struct show_pipe_ops *ops);
/* Queue for printing, in this order; -1: out of memory (nothing queued). */
int show_pipe_record(struct show_pipe *p, const struct hwmsg_record *rec,
		     const struct hwmsg_txn_info *finfo, uint64_t frame,
		     uint64_t rel);
int show_pipe_orphan(struct show_pipe *p, const struct hwmsg_txn_orphan *o,
		     bool evicted);
/* Everything queued is printed when this returns. */
void show_pipe_drain(struct show_pipe *p);
/* Drain, then end the thread. NULL is fine. */
void show_pipe_stop(struct show_pipe *p);

#endif
