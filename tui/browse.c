// SPDX-License-Identifier: GPL-2.0-or-later
/* The whole capture at hand: the index thread and the page cache. */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "browse.h"
#include "hwmsg/thread.h"

#define STEP_RECORDS 4096	/* held under the lock at a time: ~2 ms */
#define ORPHAN_TIMEOUT_NS 3000000000u

/*
 * The drawing loop's lock: a mutex is not fair, and the index thread takes
 * it again right after letting it go, so it is asked to step aside.
 */
static void ui_lock(struct top_browse *b)
{
	atomic_fetch_add(&b->waiting, 1);
	pthread_mutex_lock(&b->lock);
	atomic_fetch_sub(&b->waiting, 1);
}

static void *index_thread(void *arg)
{
	struct top_browse *b = arg;
	struct hwmsg_err err;
	int ret = 1;

	while (ret) {
		pthread_mutex_lock(&b->lock);
		if (b->stop) {
			pthread_mutex_unlock(&b->lock);
			break;
		}
		memset(&err, 0, sizeof(err));
		ret = hwmsg_index_step(b->ix, STEP_RECORDS, &err);
		if (ret < 0) {
			snprintf(b->error, sizeof(b->error), "%s", err.msg);
			ret = !hwmsg_index_done(b->ix);
		}
		b->done = !ret;
		pthread_mutex_unlock(&b->lock);
		while (atomic_load(&b->waiting))
			sched_yield();
	}
	return NULL;
}

int browse_start(struct top_browse *b, const char *const *paths,
		 unsigned int n_paths, struct hwmsg_err *err)
{
	memset(b, 0, sizeof(*b));
	b->ix = hwmsg_index_new(paths, n_paths, err);
	if (!b->ix)
		return -1;
	pthread_mutex_init(&b->lock, NULL);
	if (hwmsg_thread_start(&b->thread, index_thread, b, "hwmsg-index")) {
		hwmsg_index_free(b->ix);
		b->ix = NULL;
		hwmsg_errf(err, 0, "cannot start the index thread");
		return -1;
	}
	return 0;
}

void browse_stop(struct top_browse *b)
{
	if (!b->ix)
		return;
	pthread_mutex_lock(&b->lock);
	b->stop = true;
	pthread_mutex_unlock(&b->lock);
	pthread_join(b->thread, NULL);
	pthread_mutex_destroy(&b->lock);
	for (unsigned int i = 0; i < BROWSE_PAGES; i++)
		if (b->pages[i].used)
			store_free(&b->pages[i].st);
	hwmsg_index_free(b->ix);
	b->ix = NULL;
}

void browse_poll(struct top_browse *b)
{
	ui_lock(b);
	b->count = hwmsg_index_count(b->ix);
	b->progress = hwmsg_index_progress(b->ix);
	b->indexed = b->done;
	pthread_mutex_unlock(&b->lock);
}

static int page_add(void *arg, uint64_t i, const struct hwmsg_record *rec)
{
	struct top_store *st = arg;

	(void)i;
	store_add(st, rec);
	return 0;
}

/* Read the page starting at start into p (under the lock). */
static int page_load(struct top_browse *b, struct top_page *p, uint64_t start)
{
	uint64_t from = start > BROWSE_BEFORE ? start - BROWSE_BEFORE : 0;
	uint64_t n = start + BROWSE_PAGE - from;
	struct hwmsg_err err;
	bool at_end;
	long got;

	if (p->used)
		store_free(&p->st);
	p->used = false;
	if (store_init(&p->st, (size_t)n) < 0)
		return -1;
	store_no_state(&p->st);
	store_set_base(&p->st, from);
	p->used = true;
	p->start = start;
	got = hwmsg_index_read(b->ix, from, n, page_add, &p->st, &err);
	if (got < 0) {
		snprintf(b->error, sizeof(b->error), "%s", err.msg);
		return -1;
	}
	/* the capture's end: whatever is still waiting never got an answer */
	at_end = b->done && from + (uint64_t)got == hwmsg_index_count(b->ix);
	store_reap_orphans(&p->st, 0, at_end ? 0 : ORPHAN_TIMEOUT_NS);
	return 0;
}

const struct top_msg *browse_get(struct top_browse *b, uint64_t seq,
				 const struct top_store **st)
{
	uint64_t start = seq / BROWSE_PAGE * BROWSE_PAGE;
	struct top_page *p = NULL, *old = &b->pages[0];
	const struct top_msg *m;
	unsigned int i;

	for (i = 0; i < BROWSE_PAGES; i++) {
		struct top_page *q = &b->pages[i];

		/* a page read before the end was indexed may lack records */
		if (q->used && q->start == start &&
		    store_get(&q->st, seq))
			p = q;
		if (!q->used || q->used_at < old->used_at)
			old = q;
	}
	if (!p) {
		ui_lock(b);
		if (page_load(b, old, start) == 0)
			p = old;
		pthread_mutex_unlock(&b->lock);
		if (!p)
			return NULL;
	}
	p->used_at = ++b->clock;
	m = store_get(&p->st, seq);
	*st = &p->st;
	return m;
}

uint64_t browse_find_ts(struct top_browse *b, uint64_t ts_ns)
{
	uint64_t i;

	ui_lock(b);
	i = hwmsg_index_find_ts(b->ix, ts_ns);
	pthread_mutex_unlock(&b->lock);
	return i;
}

uint64_t browse_ts(struct top_browse *b, uint64_t seq)
{
	struct hwmsg_index_entry e = { 0, 0 };

	ui_lock(b);
	hwmsg_index_get(b->ix, seq, &e);
	pthread_mutex_unlock(&b->lock);
	return e.ts_ns;
}

long browse_read(void *arg, uint64_t from, uint64_t n, hwmsg_index_fn fn,
		 void *fn_arg, struct hwmsg_err *err)
{
	struct top_browse *b = arg;
	long got;

	ui_lock(b);
	got = hwmsg_index_read(b->ix, from, n, fn, fn_arg, err);
	pthread_mutex_unlock(&b->lock);
	return got;
}
