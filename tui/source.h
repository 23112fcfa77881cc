/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where hwmsg top gets its records: a live capture source (the simulator
 * paced against the wall clock, netlink, the tracepoint), or a capture file
 * read by a thread (so a huge file, a slow pipe or --follow never blocks the
 * drawing loop).
 */
#ifndef HWMSG_TUI_SOURCE_H
#define HWMSG_TUI_SOURCE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwmsg/err.h"
#include "store.h"

struct top_source;

struct top_source_ops {
	/* Move at most max records into the store; returns how many. */
	unsigned int (*poll)(struct top_source *src, struct top_store *st,
			     unsigned int max, uint64_t now_mono_ns);
	void (*free)(struct top_source *src);
};

struct top_source {
	const struct top_source_ops *ops;
	char name[128];		/* for the header */
	bool live;		/* records arrive in real time */
	bool done;		/* nothing more will come */
	uint64_t read_errors;	/* malformed records the reader skipped */
	bool drops_known;	/* the source counts what it lost */
	uint64_t drops;
	char last_error[320];	/* newest source error, for the status line */
};

struct top_live_opts {
	unsigned int rate;	/* sim: messages per second of wall time */
	uint64_t seed;		/* sim */
	const char *write;	/* -w: every record also to this capture */
};

/* A capture source by name ("sim"); arg is what followed '='. */
struct top_source *source_live_new(const char *name, const char *arg,
				   const struct top_live_opts *o,
				   struct hwmsg_err *err);
/* "sim, ..." for the usage text. */
void source_live_names(FILE *f);
/* paths: one trace, read in this order (a ring set of hwmsgd -b). A
 * path "-" is stdin (opened by the thread); follow (one file): keep
 * reading at EOF. */
struct top_source *source_file_new(const char *const *paths,
				   unsigned int n_paths, bool follow,
				   struct hwmsg_err *err);

static inline unsigned int source_poll(struct top_source *src,
				       struct top_store *st, unsigned int max,
				       uint64_t now_mono_ns)
{
	return src->ops->poll(src, st, max, now_mono_ns);
}

static inline void source_free(struct top_source *src)
{
	if (src)
		src->ops->free(src);
}

#endif
