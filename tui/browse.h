/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Browsing a whole capture file: a thread builds the record index
 * (hwmsg/index.h) while the screen shows what is indexed so far, and the
 * messages on screen are read again from the file in pages, each decoded
 * into a small store of its own (a few pages cached). A page is read with
 * records before it, so a response finds its request and its latency.
 */
#ifndef HWMSG_TUI_BROWSE_H
#define HWMSG_TUI_BROWSE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/index.h"
#include "store.h"

#define BROWSE_PAGE 256		/* records a page shows */
#define BROWSE_BEFORE 256	/* read before it: requests to pair with */
#define BROWSE_PAGES 8

struct top_page {
	bool used;
	uint64_t start;		/* its first record */
	uint64_t used_at;	/* for least-recently-used reuse */
	struct top_store st;
};

struct top_browse {
	struct hwmsg_index *ix;
	pthread_t thread;
	pthread_mutex_t lock;	/* the index, and what follows */
	atomic_int waiting;	/* the drawing loop wants the lock */
	bool stop, done;
	char error[256];	/* a file the index could not read */
	/* copies for the drawing loop, set by browse_poll() */
	uint64_t count;
	double progress;
	bool indexed;		/* the whole file */
	struct top_page pages[BROWSE_PAGES];
	uint64_t clock;
};

/* Open path and start indexing it; -1 with err when it cannot be read. */
int browse_start(struct top_browse *b, const char *path,
		 struct hwmsg_err *err);
void browse_stop(struct top_browse *b);
/* Take in how far the index got (count, progress, indexed). */
void browse_poll(struct top_browse *b);
/* Record seq (from 0) and the store it was decoded into; NULL when it
 * cannot be read (*why says why). */
const struct top_msg *browse_get(struct top_browse *b, uint64_t seq,
				 const struct top_store **st);
/* The first record at or after ts_ns; its time, 0 when out of range. */
uint64_t browse_find_ts(struct top_browse *b, uint64_t ts_ns);
uint64_t browse_ts(struct top_browse *b, uint64_t seq);
/* hwmsg_index_read under the lock (b is a struct top_browse): what the
 * state log replays from (hwmsg_state_log_read_fn). */
long browse_read(void *b, uint64_t from, uint64_t n, hwmsg_index_fn fn,
		 void *arg, struct hwmsg_err *err);

#endif
