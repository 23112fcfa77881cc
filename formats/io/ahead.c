// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Read-ahead on a second thread (see ahead.h).
 *
 * The ring is a huge-page buffer (hugebuf.h): a first touch of each 4 KiB
 * page costs more than the read itself saves on some virtual machines. The producer runs until the ring is
 * full and then waits until all but HWMSG_AHEAD_LOW slots are released,
 * so that it sleeps and wakes (some 10 us each here) once per six slots,
 * not once per slot. The caller reads only regular files ahead: filling a
 * slot never blocks for long, so stopping is a flag and a join.
 */
#include <stdlib.h>
#include <string.h>

#include "ahead.h"
#include "hugebuf.h"
#include "hwmsg/thread.h"

/* the producer is woken with this many slots left to use: enough for it
 * to fill the next before they are used up, few for fewer wake-ups */
#define HWMSG_AHEAD_LOW	2u

static void *producer(void *arg)
{
	struct hwmsg_ahead *a = arg;

	pthread_mutex_lock(&a->lock);
	while (!a->stop) {
		unsigned int w = a->wr;
		bool end = false;
		size_t len;

		if (a->filled == HWMSG_AHEAD_SLOTS) {
			a->producer_waits = true;
			pthread_cond_wait(&a->cond, &a->lock);
			continue;
		}
		pthread_mutex_unlock(&a->lock);
		len = a->fill(a->ctx, a->ring + (size_t)w * a->slot, a->slot,
			      a->metas + (size_t)w * a->meta_size, &end);
		pthread_mutex_lock(&a->lock);
		a->len[w] = len;
		a->wr = (w + 1) % HWMSG_AHEAD_SLOTS;
		a->filled++;
		a->end = end;
		if (a->consumer_waits) {
			a->consumer_waits = false;
			pthread_cond_signal(&a->cond);
		}
		if (end)
			break;
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

bool hwmsg_ahead_start(struct hwmsg_ahead *a, hwmsg_ahead_fill fill,
		       void *ctx, size_t slot_size, size_t meta_size)
{
	memset(a, 0, sizeof(*a));
	a->fill = fill;
	a->ctx = ctx;
	a->slot = slot_size;
	a->meta_size = meta_size;
	a->metas = calloc(HWMSG_AHEAD_SLOTS, meta_size ? meta_size : 1);
	if (!a->metas)
		return false;
	/* a huge page: see the top of this file */
	if (!hugebuf_reserve(&a->ring, &a->ring_cap, 0,
			     (size_t)HWMSG_AHEAD_SLOTS * slot_size))
		goto metas;
	if (pthread_mutex_init(&a->lock, NULL))
		goto unmap;
	if (pthread_cond_init(&a->cond, NULL))
		goto mutex;
	if (!hwmsg_thread_start(&a->thread, producer, a, "hwmsg-read"))
		return true;
	pthread_cond_destroy(&a->cond);
mutex:
	pthread_mutex_destroy(&a->lock);
unmap:
	hugebuf_free(a->ring, a->ring_cap);
	a->ring = NULL;
metas:
	free(a->metas);
	a->metas = NULL;
	return false;
}

const uint8_t *hwmsg_ahead_next(struct hwmsg_ahead *a, size_t *len,
				void **meta)
{
	bool have;

	pthread_mutex_lock(&a->lock);
	while (!a->filled && !a->end) {
		a->consumer_waits = true;
		pthread_cond_wait(&a->cond, &a->lock);
	}
	have = a->filled != 0;
	pthread_mutex_unlock(&a->lock);
	if (!have)
		return NULL;
	*len = a->len[a->rd];
	*meta = a->metas + (size_t)a->rd * a->meta_size;
	return a->ring + (size_t)a->rd * a->slot;
}

void hwmsg_ahead_release(struct hwmsg_ahead *a)
{
	pthread_mutex_lock(&a->lock);
	a->rd = (a->rd + 1) % HWMSG_AHEAD_SLOTS;
	a->filled--;
	if (a->producer_waits && a->filled <= HWMSG_AHEAD_LOW) {
		a->producer_waits = false;
		pthread_cond_signal(&a->cond);
	}
	pthread_mutex_unlock(&a->lock);
}

void hwmsg_ahead_stop(struct hwmsg_ahead *a)
{
	if (!a->ring)
		return;
	pthread_mutex_lock(&a->lock);
	a->stop = true;
	pthread_cond_signal(&a->cond);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	pthread_cond_destroy(&a->cond);
	pthread_mutex_destroy(&a->lock);
	hugebuf_free(a->ring, a->ring_cap);
	a->ring = NULL;
	free(a->metas);
	a->metas = NULL;
}
