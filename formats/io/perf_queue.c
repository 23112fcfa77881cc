// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Samples in time order, as perf report sorts them: CPUs' rings are read
 * in turns, and perf records a FINISHED_ROUND after each turn. A sample of
 * the next turn may still be older than the newest of this one, but none
 * is older than the newest of the turn before: at each FINISHED_ROUND what
 * is no newer than that may go; at the end, everything.
 */
#include <stdlib.h>
#include <string.h>

#include "perf_in.h"

static int by_time(const void *a, const void *b)
{
	const struct perf_pending *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* What was handed out goes: its bytes and its entries. */
static void compact(struct perf_queue *q)
{
	size_t from;

	if (!q->next)
		return;
	from = q->next < q->n ? q->q[q->next].off : q->arena_len;
	/* the arena is in arrival order, the queue sorted: keep it all
	 * until every entry before the last handed out has gone */
	for (size_t i = q->next; i < q->n; i++)
		if (q->q[i].off < from)
			from = q->q[i].off;
	if (from)	/* samples of no bytes: the arena may be NULL */
		memmove(q->arena, q->arena + from, q->arena_len - from);
	q->arena_len -= from;
	memmove(q->q, q->q + q->next, (q->n - q->next) * sizeof(*q->q));
	q->n -= q->next;
	q->ready -= q->next;
	for (size_t i = 0; i < q->n; i++)
		q->q[i].off -= from;
	q->next = 0;
}

int perf_queue_add(struct perf_queue *q, uint64_t ts, const uint8_t *raw,
		   uint32_t len)
{
	compact(q);
	if (q->n == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 256;
		struct perf_pending *p = realloc(q->q, cap * sizeof(*p));

		if (!p)
			return -1;
		q->q = p;
		q->cap = cap;
	}
	if (q->arena_len + len > q->arena_cap) {
		size_t cap = q->arena_cap ? 2 * q->arena_cap : 65536;
		uint8_t *p;

		while (cap < q->arena_len + len)
			cap *= 2;
		p = realloc(q->arena, cap);
		if (!p)
			return -1;
		q->arena = p;
		q->arena_cap = cap;
	}
	if (len)	/* none: the arena may be NULL */
		memcpy(q->arena + q->arena_len, raw, len);
	q->q[q->n++] = (struct perf_pending){ ts, q->seq++, q->arena_len, len };
	q->arena_len += len;
	if (ts > q->max_ts)
		q->max_ts = ts;
	return 0;
}

static void release_upto(struct perf_queue *q, uint64_t limit, bool all)
{
	compact(q);
	if (q->n > q->ready)	/* nothing queued: q->q may be NULL */
		qsort(q->q + q->ready, q->n - q->ready, sizeof(*q->q),
		      by_time);
	while (q->ready < q->n && (all || q->q[q->ready].ts <= limit))
		q->ready++;
}

void perf_queue_round(struct perf_queue *q)
{
	if (q->have_limit)
		release_upto(q, q->limit, false);
	q->limit = q->max_ts;
	q->have_limit = true;
}

void perf_queue_flush(struct perf_queue *q)
{
	release_upto(q, 0, true);
}

const struct perf_pending *perf_queue_take(struct perf_queue *q,
					   const uint8_t **raw)
{
	const struct perf_pending *e;

	if (q->next >= q->ready)
		return NULL;
	e = &q->q[q->next++];
	*raw = e->len ? q->arena + e->off : (const uint8_t *)"";
	return e;
}

void perf_queue_free(struct perf_queue *q)
{
	free(q->q);
	free(q->arena);
	memset(q, 0, sizeof(*q));
}
