/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where hwmsgd gets records from. Each source is a table of operations, so
 * the daemon's loop reads the same for the simulator, the generic-netlink
 * group and the tracepoint.
 */
#ifndef HWMSGD_SOURCE_H
#define HWMSGD_SOURCE_H

#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

struct hwmsg_source_stats {
	uint64_t received;	/* records handed out */
	uint64_t dropped;	/* lost before we saw them (ENOBUFS, seq gaps, ring loss) */
};

struct hwmsg_source_opts {
	uint64_t seed;		/* sim */
	unsigned int rate;	/* sim: messages/s, 0 = as fast as possible */
	unsigned int rcvbuf;	/* genl: socket receive buffer bytes, 0 default */
	uint64_t epoch_ns;	/* sim, unpaced: virtual clock start (0: fixed) */
};

struct hwmsg_source {
	const struct hwmsg_source_ops *ops;
	void *priv;
};

struct hwmsg_source_ops {
	const char *name;	/* "sim", "genl", "tracepoint" */
	const char *display;	/* what it captures, for Wireshark's list */
	/* arg: what followed "--sim=" etc., may be NULL. */
	int (*open)(struct hwmsg_source *src, const char *arg,
		    const struct hwmsg_source_opts *opts, struct hwmsg_err *err);
	/*
	 * Wait up to timeout_ms for records: 1 ready, 0 timed out or
	 * interrupted by a signal, -1 error (err set).
	 */
	int (*wait)(struct hwmsg_source *src, int timeout_ms,
		    struct hwmsg_err *err);
	/*
	 * Next ready record without blocking: 1 and rec filled (valid until
	 * the next call), 0 none ready, -1 error: fatal unless err says the
	 * source only lost data (then counted in stats and 0 is returned).
	 */
	int (*next)(struct hwmsg_source *src, struct hwmsg_record *rec,
		    struct hwmsg_err *err);
	void (*stats)(struct hwmsg_source *src, struct hwmsg_source_stats *st);
	void (*close)(struct hwmsg_source *src);
};

extern const struct hwmsg_source_ops hwmsg_source_sim;
extern const struct hwmsg_source_ops hwmsg_source_genl;
extern const struct hwmsg_source_ops hwmsg_source_tracepoint;

/* All of them, NULL-terminated; and one by name (NULL if unknown). */
extern const struct hwmsg_source_ops *const hwmsg_sources[];
const struct hwmsg_source_ops *hwmsg_source_find(const char *name);

#endif
