/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Read-ahead: a second thread fills a ring of slots while the reader
 * decodes, so that the kernel's copy of a large file and its zstd
 * decompression run beside the decoding instead of before it. What fills
 * a slot is the caller's: bytes and a record of its own kind (meta) per
 * slot, handed over in order.
 */
#ifndef HWMSG_IO_AHEAD_H
#define HWMSG_IO_AHEAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HWMSG_AHEAD_SLOTS	8u

/*
 * Fill buf (cap bytes) and meta: the bytes put there; *end when nothing
 * comes after this slot. Runs on the read-ahead thread.
 */
typedef size_t (*hwmsg_ahead_fill)(void *ctx, uint8_t *buf, size_t cap,
				   void *meta, bool *end);

struct hwmsg_ahead {
	hwmsg_ahead_fill fill;
	void *ctx;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;	/* either side waits: rarely, see the .c */
	uint8_t *ring;		/* HWMSG_AHEAD_SLOTS slots of slot bytes */
	size_t ring_cap;	/* its mapping's size (hugebuf.h) */
	size_t slot;
	uint8_t *metas;		/* a meta of meta_size bytes per slot */
	size_t meta_size;
	size_t len[HWMSG_AHEAD_SLOTS];	/* bytes filled into each slot */
	unsigned int filled;	/* slots filled and not yet released */
	unsigned int rd, wr;	/* the consumer's slot, the producer's */
	bool end;		/* the producer filled its last slot */
	bool stop;		/* the consumer is done: end the thread */
	bool producer_waits, consumer_waits;
};

/*
 * Start filling slots of slot_size bytes with fill(ctx, ...) on a
 * thread; false when no thread or ring could be had.
 */
bool hwmsg_ahead_start(struct hwmsg_ahead *a, hwmsg_ahead_fill fill,
		       void *ctx, size_t slot_size, size_t meta_size);
/*
 * The oldest slot not yet released, waiting for it to be filled: its
 * bytes, their count in *len and its meta; NULL when the last slot was
 * released.
 */
const uint8_t *hwmsg_ahead_next(struct hwmsg_ahead *a, size_t *len,
				void **meta);
/* Done with the slot hwmsg_ahead_next gave: it may be filled again. */
void hwmsg_ahead_release(struct hwmsg_ahead *a);
/* End the thread and free the ring; harmless when not started. */
void hwmsg_ahead_stop(struct hwmsg_ahead *a);

#endif
