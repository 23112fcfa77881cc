// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Read-ahead of a regular file on a second thread (see ahead.h).
 *
 * The ring is one 2 MiB-aligned mapping asked for as a transparent huge
 * page: a first touch of each 4 KiB page costs more than the read itself
 * saves on some virtual machines. The producer runs until the ring is
 * full and then waits until all but HWMSG_AHEAD_LOW slots are decoded, so
 * that it sleeps and wakes (some 10 us each here) once per six slots, not
 * once per slot. Only regular
 * files are read ahead: a read of one never blocks for long, so stopping
 * is a flag and a join, never a cancellation inside stdio.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>

#include "ahead.h"

#define RING_ALIGN	(2u << 20)
/* the producer is woken with this many slots left to decode: enough for
 * it to read the next before they are used up, few for fewer wake-ups */
#define HWMSG_AHEAD_LOW	2u

static void *producer(void *arg)
{
	struct hwmsg_ahead *a = arg;

	pthread_mutex_lock(&a->lock);
	while (!a->stop) {
		unsigned int w = a->wr;
		size_t got;
		int error;

		if (a->filled == HWMSG_AHEAD_SLOTS) {
			a->producer_waits = true;
			pthread_cond_wait(&a->cond, &a->lock);
			continue;
		}
		pthread_mutex_unlock(&a->lock);
		got = fread(a->ring + (size_t)w * a->slot, 1, a->slot, a->src);
		error = got < a->slot && ferror(a->src) ? (errno ? errno : EIO) : 0;
		pthread_mutex_lock(&a->lock);
		a->len[w] = got;
		a->wr = (w + 1) % HWMSG_AHEAD_SLOTS;
		a->filled++;
		if (got < a->slot) {
			a->eof = true;
			a->error = error;
		}
		if (a->consumer_waits) {
			a->consumer_waits = false;
			pthread_cond_signal(&a->cond);
		}
		if (a->eof)
			break;
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

static bool map_ring(struct hwmsg_ahead *a, size_t slot)
{
	size_t size = (size_t)HWMSG_AHEAD_SLOTS * slot;
	uintptr_t base;

	/* room to align: the huge page needs a 2 MiB boundary */
	a->map_len = size + RING_ALIGN;
	a->map = mmap(NULL, a->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a->map == MAP_FAILED)
		return false;
	base = ((uintptr_t)a->map + RING_ALIGN - 1) & ~(uintptr_t)(RING_ALIGN - 1);
	a->ring = (uint8_t *)base;
	/* only a hint: without huge pages the ring is just slower to fill */
	madvise(a->ring, size, MADV_HUGEPAGE);
	return true;
}

bool hwmsg_ahead_start(struct hwmsg_ahead *a, FILE *src, size_t slot_size)
{
	sigset_t all, old;
	int ret;

	memset(a, 0, sizeof(*a));
	a->src = src;
	a->slot = slot_size;
	if (!map_ring(a, slot_size))
		return false;
	if (pthread_mutex_init(&a->lock, NULL))
		goto unmap;
	if (pthread_cond_init(&a->cond, NULL))
		goto mutex;
	/* signals stay with the program's own thread */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	ret = pthread_create(&a->thread, NULL, producer, a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!ret) {
		/* in top(1) and perf: which thread reads */
		pthread_setname_np(a->thread, "hwmsg-read");
		return true;
	}
	pthread_cond_destroy(&a->cond);
mutex:
	pthread_mutex_destroy(&a->lock);
unmap:
	munmap(a->map, a->map_len);
	a->map = NULL;
	return false;
}

/* Wait for slot rd to be read; false at the end (nothing more comes). */
static bool wait_slot(struct hwmsg_ahead *a)
{
	bool have;

	pthread_mutex_lock(&a->lock);
	while (!a->filled && !a->eof) {
		a->consumer_waits = true;
		pthread_cond_wait(&a->cond, &a->lock);
	}
	have = a->filled != 0;
	pthread_mutex_unlock(&a->lock);
	return have;
}

static void release_slot(struct hwmsg_ahead *a)
{
	pthread_mutex_lock(&a->lock);
	a->rd = (a->rd + 1) % HWMSG_AHEAD_SLOTS;
	a->rd_pos = 0;
	a->filled--;
	if (a->producer_waits && a->filled <= HWMSG_AHEAD_LOW) {
		a->producer_waits = false;
		pthread_cond_signal(&a->cond);
	}
	pthread_mutex_unlock(&a->lock);
}

size_t hwmsg_ahead_read(struct hwmsg_ahead *a, uint8_t *buf, size_t size,
			int *error)
{
	size_t n = 0;

	*error = 0;
	while (n < size) {
		size_t len, take;

		if (!wait_slot(a)) {
			*error = a->error;	/* written before eof, locked */
			break;
		}
		len = a->len[a->rd];
		take = len - a->rd_pos;
		if (take > size - n)
			take = size - n;
		memcpy(buf + n, a->ring + (size_t)a->rd * a->slot + a->rd_pos,
		       take);
		n += take;
		a->rd_pos += take;
		if (a->rd_pos == len)
			release_slot(a);
	}
	return n;
}

void hwmsg_ahead_stop(struct hwmsg_ahead *a)
{
	if (!a->map)
		return;
	pthread_mutex_lock(&a->lock);
	a->stop = true;
	pthread_cond_signal(&a->cond);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	pthread_cond_destroy(&a->cond);
	pthread_mutex_destroy(&a->lock);
	munmap(a->map, a->map_len);
	a->map = NULL;
}
