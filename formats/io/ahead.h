/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Read-ahead: a second thread reads the source into a ring of slots while
 * the reader decodes, so that the kernel's copy of a large file (a third
 * of `hwmsg stat`'s time on a plain capture) runs beside the decoding
 * instead of before it. The bytes and their order are exactly those of
 * fread() on the source; an error is handed on after every byte read
 * before it.
 */
#ifndef HWMSG_IO_AHEAD_H
#define HWMSG_IO_AHEAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HWMSG_AHEAD_SLOTS	8u

struct hwmsg_ahead {
	FILE *src;		/* the producer's alone once started */
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;	/* either side waits: rarely, see the .c */
	void *map;		/* the ring's mapping, map_len bytes */
	size_t map_len;
	uint8_t *ring;		/* HWMSG_AHEAD_SLOTS slots of slot bytes */
	size_t slot;
	size_t len[HWMSG_AHEAD_SLOTS];	/* bytes read into each slot */
	unsigned int filled;	/* slots read and not yet consumed */
	unsigned int rd, wr;	/* the consumer's slot, the producer's */
	size_t rd_pos;		/* bytes of slot rd consumed */
	bool eof;		/* the producer read its last slot */
	int error;		/* errno of a failed read, after eof */
	bool stop;		/* the consumer is done: end the thread */
	bool producer_waits, consumer_waits;
};

/*
 * Start reading src on a thread with slots of slot_size bytes; false when
 * no thread or ring could be had (the caller then reads src itself).
 */
bool hwmsg_ahead_start(struct hwmsg_ahead *a, FILE *src, size_t slot_size);
/*
 * Up to size bytes into buf, fewer only at the end of the source: the
 * number copied. *error: 0, or the errno of the read that ended it.
 */
size_t hwmsg_ahead_read(struct hwmsg_ahead *a, uint8_t *buf, size_t size,
			int *error);
/* End the thread (even one blocked reading a pipe) and free the ring. */
void hwmsg_ahead_stop(struct hwmsg_ahead *a);

#endif
