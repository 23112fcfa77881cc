// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A capture file as a source. A thread reads records into a bounded queue
 * of batches; the drawing loop takes at most a tick's worth each time. With
 * --follow the thread keeps polling at the end of the file, like tail -f; a
 * reader that does not read past its first EOF is reopened and the records
 * already seen are skipped.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "hwmsg/io.h"
#include "hwmsg/thread.h"
#include "source.h"

#define QUEUE_BATCHES 64
#define BATCH_RECS 256
#define BATCH_BYTES (256 * 1024)
#define FOLLOW_POLL_MS 200

/*
 * Records travel in batches: one allocation for up to BATCH_RECS records
 * with their strings and payloads, so the two threads do not fight over
 * the allocator for every record.
 */
struct batch {
	unsigned int n, taken;	/* records held, records handed out */
	size_t used, cap;	/* bytes of data */
	struct hwmsg_record rec[BATCH_RECS];
	char data[];
};

struct file_source {
	struct top_source src;
	char *path;		/* the one being read: paths[cur] */
	char **paths;		/* several: one trace, in this order */
	unsigned int n_paths, cur;
	bool follow;
	struct hwmsg_reader *rd;
	pthread_t thread;
	struct batch *fill;	/* reader thread: being filled */
	struct batch *drain;	/* drawing loop: being taken */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	/* under lock */
	struct batch *q[QUEUE_BATCHES];
	unsigned int q_head, q_count;
	bool stop, eof, exited;
	uint64_t read_errors;
	char last_error[256];
	bool drops_known;	/* the file's ISBs, read at its end */
	uint64_t drops;
	/* of the files read before this one */
	bool drops_known_before;
	uint64_t drops_before;
};

static struct batch *batch_new(size_t cap)
{
	struct batch *b = malloc(sizeof(*b) + cap);

	if (b) {
		b->n = b->taken = 0;
		b->used = 0;
		b->cap = cap;
	}
	return b;
}

static void *batch_put(struct batch *b, const void *p, size_t len)
{
	void *dst = b->data + b->used;

	memcpy(dst, p, len);
	b->used += len;
	return dst;
}

/* Copy r into b; false when b has no room (or is full). */
static bool batch_add(struct batch *b, const struct hwmsg_record *r)
{
	size_t lb = strlen(r->bus) + 1, ld = strlen(r->dev) + 1;
	size_t lr = strlen(r->driver) + 1;
	struct hwmsg_record *q;

	if (b->n == BATCH_RECS || b->cap - b->used < lb + ld + lr + r->len)
		return false;
	q = &b->rec[b->n++];
	*q = *r;
	q->bus = batch_put(b, r->bus, lb);
	q->dev = batch_put(b, r->dev, ld);
	q->driver = batch_put(b, r->driver, lr);
	q->payload = batch_put(b, r->payload, r->len);
	return true;
}

static size_t record_bytes(const struct hwmsg_record *r)
{
	return strlen(r->bus) + strlen(r->dev) + strlen(r->driver) + 3 +
	       r->len;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static bool stopping(struct file_source *f)
{
	bool stop;

	pthread_mutex_lock(&f->lock);
	stop = f->stop;
	pthread_mutex_unlock(&f->lock);
	return stop;
}

static void note_error(struct file_source *f, const struct hwmsg_err *err,
		       bool count)
{
	pthread_mutex_lock(&f->lock);
	if (count)
		f->read_errors++;
	snprintf(f->last_error, sizeof(f->last_error), "%s", err->msg);
	pthread_mutex_unlock(&f->lock);
}

/* Queue the batch being filled, waiting for room; false: told to stop. */
static bool flush(struct file_source *f)
{
	struct batch *b = f->fill;

	if (!b || !b->n)
		return true;
	f->fill = NULL;
	pthread_mutex_lock(&f->lock);
	while (f->q_count == QUEUE_BATCHES && !f->stop)
		pthread_cond_wait(&f->cond, &f->lock);
	if (f->stop) {
		pthread_mutex_unlock(&f->lock);
		free(b);
		return false;
	}
	f->q[(f->q_head + f->q_count) % QUEUE_BATCHES] = b;
	f->q_count++;
	pthread_mutex_unlock(&f->lock);
	return true;
}

/* Add one record to the batch being filled; false: out of memory or stop. */
static bool enqueue(struct file_source *f, const struct hwmsg_record *r)
{
	size_t need;

	if (f->fill && batch_add(f->fill, r))
		return true;
	if (!flush(f))
		return false;
	need = record_bytes(r);
	f->fill = batch_new(need > BATCH_BYTES ? need : BATCH_BYTES);
	return f->fill && batch_add(f->fill, r);
}

static off_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) < 0 ? -1 : st.st_size;
}

/*
 * Open the file (again) and skip the first skip good records: they are
 * already shown. false when it cannot be opened (yet).
 */
static bool open_skip(struct file_source *f, uint64_t skip)
{
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int ret;

	if (f->rd)
		hwmsg_reader_close(f->rd);
	f->rd = hwmsg_reader_open(f->path, &err);
	if (!f->rd) {
		note_error(f, &err, !f->follow);
		return false;
	}
	pthread_mutex_lock(&f->lock);
	f->last_error[0] = '\0';
	pthread_mutex_unlock(&f->lock);
	while (skip && !stopping(f)) {
		ret = hwmsg_reader_next(f->rd, &rec, &err);
		if (ret == 0)
			break;
		if (ret > 0)
			skip--;
	}
	return true;
}

/*
 * --follow at the end of the file. The reader may go on past its first EOF
 * (then the next call simply returns the new records); if it does not,
 * or if it stopped at a half-written record, the grown file is reopened
 * and the good records already read are skipped. A file replaced or
 * truncated is read again from its start, like tail -F.
 */
struct follow {
	ino_t ino;		/* the file (re)opened */
	off_t open_size;	/* its size then */
	off_t eof_size;		/* file size when the reader said EOF; -1 */
	bool damaged;		/* the reader hit a bad record since open */
	bool retried;		/* grew since EOF, reader got one more try */
};

static void follow_mark(struct follow *fw, const char *path)
{
	struct stat st;
	bool ok = stat(path, &st) == 0;

	fw->ino = ok ? st.st_ino : 0;
	fw->open_size = ok ? st.st_size : -1;
	fw->eof_size = -1;
	fw->damaged = fw->retried = false;
}

/* Wait a poll, then close the reader if it has to be opened again. */
static void follow_eof(struct file_source *f, struct follow *fw,
		       uint64_t *good)
{
	struct stat st;
	bool reopen;

	if (fw->eof_size < 0)
		fw->eof_size = file_size(f->path);
	sleep_ms(FOLLOW_POLL_MS);
	if (stat(f->path, &st) < 0)
		return;		/* gone for now: being replaced? */
	if (st.st_ino != fw->ino || st.st_size < fw->open_size) {
		*good = 0;	/* a new file: all of it is new */
		reopen = true;
	} else if (st.st_size > fw->eof_size && !fw->retried) {
		fw->retried = true;
		reopen = false;
	} else {
		reopen = st.st_size > fw->eof_size ||
			 (fw->damaged && st.st_size != fw->open_size);
	}
	if (reopen) {
		hwmsg_reader_close(f->rd);
		f->rd = NULL;
	}
}

/* At the end of the file its statistics blocks, if any, are in. */
static void note_drops(struct file_source *f)
{
	struct hwmsg_reader_drops d;
	bool known = !hwmsg_reader_drops(f->rd, &d) && d.known;

	pthread_mutex_lock(&f->lock);
	f->drops_known = known && f->drops_known_before;
	f->drops = f->drops_before + (known ? d.dropped + d.unattributed : 0);
	pthread_mutex_unlock(&f->lock);
}

/* At the end of one of several files: the next one; false: none left. */
static bool next_file(struct file_source *f)
{
	struct hwmsg_err err;

	pthread_mutex_lock(&f->lock);
	f->drops_known_before = f->drops_known;
	f->drops_before = f->drops;
	pthread_mutex_unlock(&f->lock);
	while (f->cur + 1 < f->n_paths) {
		hwmsg_reader_close(f->rd);
		f->path = f->paths[++f->cur];
		f->rd = hwmsg_reader_open(f->path, &err);
		if (f->rd)
			return true;
		note_error(f, &err, true);	/* and on with the next */
	}
	return false;
}

static void *reader_thread(void *arg)
{
	struct file_source *f = arg;
	bool is_stdin = !strcmp(f->path, "-");
	struct follow fw = { 0, -1, -1, false, false };
	struct hwmsg_record rec;
	struct hwmsg_err err;
	uint64_t good = 0;
	int ret;

	if (f->rd && !is_stdin)
		follow_mark(&fw, f->path);
	while (!stopping(f)) {
		/* not open yet (--follow waits for it), or to be reopened */
		if (!f->rd) {
			if (!open_skip(f, good)) {
				if (!f->follow || is_stdin)
					break;
				sleep_ms(FOLLOW_POLL_MS);
				continue;
			}
			if (!is_stdin)
				follow_mark(&fw, f->path);
		}
		memset(&err, 0, sizeof(err));
		ret = hwmsg_reader_next(f->rd, &rec, &err);
		if (ret > 0) {
			if (!enqueue(f, &rec))
				break;
			/* a pipe may block in the next read: hand it over */
			if (is_stdin && !flush(f))
				break;
			good++;
			fw.eof_size = -1;
			fw.retried = false;
			continue;
		}
		if (!flush(f))
			break;
		if (ret < 0) {
			/* a growing file's last record may be half written */
			note_error(f, &err, !f->follow);
			fw.damaged = true;
			continue;
		}
		note_drops(f);
		if (!f->follow && next_file(f))
			continue;
		if (!f->follow)
			break;
		if (is_stdin)
			sleep_ms(FOLLOW_POLL_MS);
		else
			follow_eof(f, &fw, &good);
	}
	flush(f);
	free(f->fill);
	f->fill = NULL;
	pthread_mutex_lock(&f->lock);
	f->eof = true;
	f->exited = true;
	pthread_cond_broadcast(&f->cond);
	pthread_mutex_unlock(&f->lock);
	return NULL;
}

static unsigned int file_poll(struct top_source *src, struct top_store *st,
			      unsigned int max, uint64_t now)
{
	struct file_source *f = (struct file_source *)src;
	unsigned int n = 0;

	(void)now;
	while (n < max) {
		if (!f->drain) {
			pthread_mutex_lock(&f->lock);
			if (f->q_count) {
				f->drain = f->q[f->q_head];
				f->q_head = (f->q_head + 1) % QUEUE_BATCHES;
				f->q_count--;
				pthread_cond_broadcast(&f->cond);
			}
			pthread_mutex_unlock(&f->lock);
			if (!f->drain)
				break;
		}
		while (n < max && f->drain->taken < f->drain->n) {
			store_add(st, &f->drain->rec[f->drain->taken++]);
			n++;
		}
		if (f->drain->taken == f->drain->n) {
			free(f->drain);
			f->drain = NULL;
		}
	}
	pthread_mutex_lock(&f->lock);
	f->src.read_errors = f->read_errors;
	f->src.drops_known = f->drops_known;
	f->src.drops = f->drops;
	memcpy(f->src.last_error, f->last_error, sizeof(f->last_error));
	f->src.done = f->eof && !f->q_count && !f->drain;
	pthread_mutex_unlock(&f->lock);
	return n;
}

static void free_paths(struct file_source *f)
{
	for (unsigned int i = 0; i < f->n_paths; i++)
		free(f->paths[i]);
	free(f->paths);
}

static void file_free(struct top_source *src)
{
	struct file_source *f = (struct file_source *)src;
	bool exited;
	int i;

	pthread_mutex_lock(&f->lock);
	f->stop = true;
	pthread_cond_broadcast(&f->cond);
	pthread_mutex_unlock(&f->lock);
	/* A thread blocked reading a pipe cannot be woken: leave it be. */
	for (i = 0; i < 50; i++) {
		pthread_mutex_lock(&f->lock);
		exited = f->exited;
		pthread_mutex_unlock(&f->lock);
		if (exited)
			break;
		sleep_ms(10);
	}
	if (!exited) {
		pthread_detach(f->thread);
		return;
	}
	pthread_join(f->thread, NULL);
	while (f->q_count) {
		free(f->q[f->q_head]);
		f->q_head = (f->q_head + 1) % QUEUE_BATCHES;
		f->q_count--;
	}
	free(f->drain);
	if (f->rd)
		hwmsg_reader_close(f->rd);
	pthread_cond_destroy(&f->cond);
	pthread_mutex_destroy(&f->lock);
	free_paths(f);
	free(f);
}

static const struct top_source_ops file_ops = {
	.poll = file_poll,
	.free = file_free,
};

struct top_source *source_file_new(const char *const *paths,
				   unsigned int n_paths, bool follow,
				   struct hwmsg_err *err)
{
	struct file_source *f = calloc(1, sizeof(*f));
	const char *path = paths[0];

	if (f)
		f->paths = calloc(n_paths, sizeof(*f->paths));
	for (unsigned int i = 0; f && f->paths && i < n_paths; i++, f->n_paths++)
		if (!(f->paths[i] = strdup(paths[i])))
			break;
	if (!f || f->n_paths < n_paths) {
		if (f)
			free_paths(f);
		free(f);
		hwmsg_errf(err, 0, "out of memory");
		return NULL;
	}
	f->path = f->paths[0];
	f->drops_known_before = true;
	/*
	 * Open now so that a bad file fails before the screen is taken;
	 * a file to follow may not be readable yet: the thread retries.
	 */
	if (strcmp(path, "-")) {
		f->rd = hwmsg_reader_open(path, err);
		if (!f->rd && !follow) {
			free_paths(f);
			free(f);
			return NULL;
		}
	}
	f->src.ops = &file_ops;
	f->src.live = follow;
	f->follow = follow;
	if (n_paths > 1)
		snprintf(f->src.name, sizeof(f->src.name), "%.80s and %u more",
			 path, n_paths - 1);
	else
		snprintf(f->src.name, sizeof(f->src.name), "%s%s",
			 strcmp(path, "-") ? path : "stdin",
			 follow ? " (follow)" : "");
	pthread_mutex_init(&f->lock, NULL);
	pthread_cond_init(&f->cond, NULL);
	if (hwmsg_thread_start(&f->thread, reader_thread, f, "hwmsg-top-file")) {
		if (f->rd)
			hwmsg_reader_close(f->rd);
		free_paths(f);
		free(f);
		hwmsg_errf(err, 0, "cannot start the reader thread");
		return NULL;
	}
	return &f->src;
}
