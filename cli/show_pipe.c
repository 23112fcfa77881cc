// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * show's printing thread (show_pipe.h). A few batches go round: the
 * reading thread fills one while the printer empties another. A batch
 * holds jobs and the bytes they point to (names, message), as offsets:
 * its byte buffer may move while it fills.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "show_pipe.h"

#define PIPE_BATCHES	4
#define BATCH_JOBS	512
#define BATCH_BYTES	(256u * 1024)	/* a fuller batch is handed over */

enum job_kind { JOB_RECORD, JOB_ORPHAN, JOB_EVICTED };

/* Strings and the message are offsets into the batch's bytes. */
struct job {
	enum job_kind kind;
	union {
		struct {
			struct hwmsg_record rec;
			struct hwmsg_txn_info finfo;
			bool paired;
			uint64_t frame, rel;
		} r;
		struct hwmsg_txn_orphan o;
	};
	size_t bus, dev, driver, payload;
};

struct batch {
	struct job jobs[BATCH_JOBS];
	size_t n;
	char *bytes;
	size_t used, cap;
};

struct show_pipe {
	struct show_pipe_ops ops;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* any change below */
	struct batch *queue[PIPE_BATCHES];	/* full, in order */
	unsigned int head, queued;
	struct batch *spare[PIPE_BATCHES];
	unsigned int n_spare;
	bool printing;			/* the printer holds a batch */
	bool stop;
	struct batch *fill;		/* the reading thread's */
	struct batch pool[PIPE_BATCHES];
};

static void print_batch(struct show_pipe *p, struct batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		struct job *j = &b->jobs[i];
		const char *base = b->bytes;

		if (j->kind == JOB_RECORD) {
			struct hwmsg_record *rec = &j->r.rec;

			rec->bus = base + j->bus;
			rec->dev = base + j->dev;
			rec->driver = base + j->driver;
			rec->payload = rec->len ?
				(const uint8_t *)base + j->payload : NULL;
			p->ops.record(rec, j->r.paired ? &j->r.finfo : NULL,
				      j->r.frame, j->r.rel, p->ops.arg);
		} else {
			j->o.bus = base + j->bus;
			j->o.dev = base + j->dev;
			p->ops.orphan(&j->o, j->kind == JOB_EVICTED,
				      p->ops.arg);
		}
	}
	b->n = 0;
	b->used = 0;
}

static void *printer(void *arg)
{
	struct show_pipe *p = arg;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct batch *b;

		while (!p->queued && !p->stop)
			pthread_cond_wait(&p->cond, &p->lock);
		if (!p->queued)
			break;
		b = p->queue[p->head];
		p->head = (p->head + 1) % PIPE_BATCHES;
		p->queued--;
		p->printing = true;
		pthread_mutex_unlock(&p->lock);
		print_batch(p, b);
		pthread_mutex_lock(&p->lock);
		p->spare[p->n_spare++] = b;
		p->printing = false;
		pthread_cond_broadcast(&p->cond);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct show_pipe *show_pipe_start(const struct show_pipe_ops *ops)
{
	struct show_pipe *p = calloc(1, sizeof(*p));
	unsigned int i;

	if (!p)
		return NULL;
	p->ops = *ops;
	for (i = 0; i < PIPE_BATCHES; i++) {
		p->pool[i].bytes = malloc(BATCH_BYTES);
		if (!p->pool[i].bytes)
			goto fail;
		p->pool[i].cap = BATCH_BYTES;
		p->spare[p->n_spare++] = &p->pool[i];
	}
	p->fill = p->spare[--p->n_spare];
	if (pthread_mutex_init(&p->lock, NULL))
		goto fail;
	if (pthread_cond_init(&p->cond, NULL)) {
		pthread_mutex_destroy(&p->lock);
		goto fail;
	}
	if (pthread_create(&p->thread, NULL, printer, p)) {
		pthread_cond_destroy(&p->cond);
		pthread_mutex_destroy(&p->lock);
		goto fail;
	}
	return p;
fail:
	for (i = 0; i < PIPE_BATCHES; i++)
		free(p->pool[i].bytes);
	free(p);
	return NULL;
}

/* The filled batch to the printer; a spare one to fill. */
static void hand_over(struct show_pipe *p)
{
	pthread_mutex_lock(&p->lock);
	p->queue[(p->head + p->queued) % PIPE_BATCHES] = p->fill;
	p->queued++;
	pthread_cond_broadcast(&p->cond);
	while (!p->n_spare)
		pthread_cond_wait(&p->cond, &p->lock);
	p->fill = p->spare[--p->n_spare];
	pthread_mutex_unlock(&p->lock);
}

/* Room for one more job of need bytes; NULL: out of memory. */
static struct job *next_job(struct show_pipe *p, size_t need)
{
	struct batch *b = p->fill;

	if (b->n && (b->n == BATCH_JOBS || b->cap - b->used < need)) {
		hand_over(p);
		b = p->fill;
	}
	if (b->cap - b->used < need) {	/* one record larger than a batch */
		char *nb = realloc(b->bytes, b->used + need);

		if (!nb)
			return NULL;
		b->bytes = nb;
		b->cap = b->used + need;
	}
	return &b->jobs[b->n];
}

static size_t put(struct batch *b, const void *s, size_t n)
{
	size_t at = b->used;

	memcpy(b->bytes + at, s, n);
	b->used += n;
	return at;
}

int show_pipe_record(struct show_pipe *p, const struct hwmsg_record *rec,
		     const struct hwmsg_txn_info *finfo, uint64_t frame,
		     uint64_t rel)
{
	size_t nb = strlen(rec->bus) + 1, nd = strlen(rec->dev) + 1;
	size_t nv = strlen(rec->driver) + 1;
	struct job *j = next_job(p, nb + nd + nv + rec->len);
	struct batch *b = p->fill;

	if (!j)
		return -1;
	j->kind = JOB_RECORD;
	j->r.rec = *rec;
	j->r.paired = finfo != NULL;
	if (finfo)
		j->r.finfo = *finfo;
	j->r.frame = frame;
	j->r.rel = rel;
	j->bus = put(b, rec->bus, nb);
	j->dev = put(b, rec->dev, nd);
	j->driver = put(b, rec->driver, nv);
	j->payload = rec->len ? put(b, rec->payload, rec->len) : 0;
	b->n++;
	return 0;
}

int show_pipe_orphan(struct show_pipe *p, const struct hwmsg_txn_orphan *o,
		     bool evicted)
{
	size_t nb = strlen(o->bus) + 1, nd = strlen(o->dev) + 1;
	struct job *j = next_job(p, nb + nd);
	struct batch *b = p->fill;

	if (!j)
		return -1;
	j->kind = evicted ? JOB_EVICTED : JOB_ORPHAN;
	j->o = *o;
	j->bus = put(b, o->bus, nb);
	j->dev = put(b, o->dev, nd);
	b->n++;
	return 0;
}

void show_pipe_drain(struct show_pipe *p)
{
	if (p->fill->n)
		hand_over(p);
	pthread_mutex_lock(&p->lock);
	while (p->queued || p->printing)
		pthread_cond_wait(&p->cond, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

void show_pipe_stop(struct show_pipe *p)
{
	if (!p)
		return;
	show_pipe_drain(p);
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	pthread_cond_destroy(&p->cond);
	pthread_mutex_destroy(&p->lock);
	for (unsigned int i = 0; i < PIPE_BATCHES; i++)
		free(p->pool[i].bytes);
	free(p);
}
