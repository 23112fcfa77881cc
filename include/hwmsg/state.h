/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The device state a trace implies: for every register instance (device,
 * register, index fields: "PAOS local_port 17") the latest contents the
 * firmware confirmed: a query response or an event sets them all; a write
 * that succeeded sets the fields the driver may write and keeps the
 * read-only ones (oper_status, counters) as the last query found them
 * (never queried: unknown, the caller checks queried_ns/events). With when
 * it was last written, queried and seen. Feed records in capture order after pairing; what
 * came after a moment is simply not fed (hwmsg state --at).
 */
#ifndef HWMSG_STATE_H
#define HWMSG_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/msg.h"
#include "hwmsg/record.h"
#include "hwmsg/txn.h"

struct hwmsg_state;

struct hwmsg_state_inst {
	const char *bus, *dev;		/* the device */
	const char *driver;		/* its driver, as first seen */
	uint16_t reg_id;
	const char *key;		/* "PAOS local_port 17", "MGIR" */
	const uint8_t *payload;		/* the latest confirmed contents */
	uint32_t len;
	uint64_t ts_ns;			/* when they were seen */
	uint64_t frame;			/* and in which record */
	uint64_t written_ns, queried_ns; /* last successful write, query; 0:
					  * never */
	uint64_t writes, queries, events, failures;
	uint64_t changes;		/* times the contents changed */
	uint64_t changed_ns;		/* when they last changed; 0: never */
	/* the contents before that last change (NULL: never changed), to
	 * show which fields it touched */
	const uint8_t *prev_payload;
	uint32_t prev_len;
	unsigned int id;		/* creation order, from 0: the same in
					 * a snapshot, its restore, a replay */
};

/* What a record did to its instance (hwmsg_state_last). */
enum hwmsg_state_how {
	HWMSG_STATE_NONE,
	HWMSG_STATE_QUERY,		/* a query's response */
	HWMSG_STATE_WRITE,		/* a write's response */
	HWMSG_STATE_EVENT,		/* the device said it unasked */
	HWMSG_STATE_FAILED,		/* a response with status != 0 */
};

/* A frozen copy of a state, compact (one block), for checkpoints. */
struct hwmsg_state_snap;

struct hwmsg_state *hwmsg_state_new(void);
void hwmsg_state_free(struct hwmsg_state *s);
/*
 * One record. msg NULL (not decoded) is ignored; a failed response counts
 * as a failure of its instance and changes nothing. Returns -1 when out of
 * memory (the state stays usable).
 */
int hwmsg_state_feed(struct hwmsg_state *s, const struct hwmsg_record *rec,
		     const struct hwmsg_msg *msg,
		     const struct hwmsg_txn_info *info, uint64_t frame);
/* Instances sorted by device, register id and key: 0 to count - 1. */
unsigned int hwmsg_state_count(struct hwmsg_state *s);
const struct hwmsg_state_inst *hwmsg_state_at(struct hwmsg_state *s,
					      unsigned int i);
/* Instance by its id (creation order), NULL past the end. */
const struct hwmsg_state_inst *hwmsg_state_by_id(const struct hwmsg_state *s,
						 unsigned int id);
/* The instance the last hwmsg_state_feed() touched and how (NULL, NONE:
 * that record touched none). */
const struct hwmsg_state_inst *hwmsg_state_last(const struct hwmsg_state *s,
						enum hwmsg_state_how *how);
/* Bytes the state holds. */
size_t hwmsg_state_memory(const struct hwmsg_state *s);

/* NULL: out of memory. */
struct hwmsg_state_snap *hwmsg_state_snap_take(const struct hwmsg_state *s);
/* A new state equal to the one the snapshot was taken of; NULL: out of
 * memory. */
struct hwmsg_state *hwmsg_state_snap_restore(const struct hwmsg_state_snap *p);
void hwmsg_state_snap_free(struct hwmsg_state_snap *p);
size_t hwmsg_state_snap_memory(const struct hwmsg_state_snap *p);

#endif
