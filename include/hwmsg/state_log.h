/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register state as of any record of a long trace: fed every record
 * once (in order, as hwmsg_state_feed), the log keeps a snapshot of the
 * state every HWMSG_STATE_LOG_EVERY records and which instances each of
 * those intervals touched. The state after record n is its checkpoint
 * restored and at most EVERY - 1 records read again and replayed (a
 * reader callback: hwmsg_index_read with its index); the history of an
 * instance replays only the intervals that touched it.
 *
 * Memory: one snapshot per interval (a few hundred instances: tens of
 * KiB), so some bytes per record of the trace; hwmsg_state_log_memory.
 */
#ifndef HWMSG_STATE_LOG_H
#define HWMSG_STATE_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/index.h"
#include "hwmsg/state.h"

#define HWMSG_STATE_LOG_EVERY 65536u
/* A history looks back at most this many intervals from its record. */
#define HWMSG_STATE_LOG_HISTORY_SPAN 32u

struct hwmsg_state_log;

/* Read records from .. from + n - 1 to fn (hwmsg_index_read's contract). */
typedef long (*hwmsg_state_log_read_fn)(void *arg, uint64_t from, uint64_t n,
					hwmsg_index_fn fn, void *fn_arg,
					struct hwmsg_err *err);

/* every: records between checkpoints, 0 for HWMSG_STATE_LOG_EVERY. */
struct hwmsg_state_log *hwmsg_state_log_new(unsigned int every);
void hwmsg_state_log_free(struct hwmsg_state_log *l);
/*
 * The next record (numbered from 0 in feeding order; its frame for the
 * state is its number + 1). msg NULL: not decoded, counted only. -1: out
 * of memory (the log is no longer usable for seeks).
 */
int hwmsg_state_log_feed(struct hwmsg_state_log *l,
			 const struct hwmsg_record *rec,
			 const struct hwmsg_msg *msg,
			 const struct hwmsg_txn_info *info);
uint64_t hwmsg_state_log_count(const struct hwmsg_state_log *l);
/* The state after every record fed. */
struct hwmsg_state *hwmsg_state_log_state(const struct hwmsg_state_log *l);
/* Bytes held: the state, the checkpoints, the touched lists. */
size_t hwmsg_state_log_memory(const struct hwmsg_state_log *l);

/*
 * Make *st the state after the first n records (n <= count; more is
 * clamped). *st, *at: a state the caller holds (NULL at first) and after
 * how many records it is; moving forward within a checkpoint's interval
 * goes on from it, anything else starts from the checkpoint. The caller
 * frees *st. -1 with err when records cannot be read or memory is short.
 */
int hwmsg_state_log_seek(struct hwmsg_state_log *l, struct hwmsg_state **st,
			 uint64_t *at, uint64_t n, hwmsg_state_log_read_fn read,
			 void *arg, struct hwmsg_err *err);

/* One access to an instance: what it did and the contents after it. */
struct hwmsg_state_access {
	uint64_t record;		/* from 0 */
	uint64_t ts_ns;
	enum hwmsg_state_how how;
	uint8_t *payload;		/* contents after the access */
	uint32_t len;
};

/*
 * The accesses to instance id (hwmsg_state_inst.id) among the first n
 * records, the newest max of them, oldest first, in *out (free with
 * hwmsg_state_history_free). *from: the first record looked at (0 when
 * the whole trace was; a history looks back at most
 * HWMSG_STATE_LOG_HISTORY_SPAN intervals). Returns how many, -1 with err.
 */
long hwmsg_state_log_history(struct hwmsg_state_log *l, unsigned int id,
			     uint64_t n, unsigned int max,
			     hwmsg_state_log_read_fn read, void *arg,
			     struct hwmsg_state_access **out, uint64_t *from,
			     struct hwmsg_err *err);
void hwmsg_state_history_free(struct hwmsg_state_access *a, long n);

#endif
