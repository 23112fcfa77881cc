// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A capture file as a source. A thread reads records into a bounded queue;
 * the drawing loop takes at most a tick's worth each time. With --follow the
 * thread keeps polling at the end of the file, like tail -f; a reader that
 * does not read past its first EOF is reopened and the records already seen
 * are skipped.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "hwmsg/io.h"
#include "source.h"

#define QUEUE_CAP 4096
#define FOLLOW_POLL_MS 200

/* One record with its strings and payload in the same allocation. */
struct qrec {
	struct hwmsg_record rec;
	char data[];
};

struct file_source {
	struct top_source src;
	char *path;
	bool follow;
	struct hwmsg_reader *rd;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	/* under lock */
	struct qrec *q[QUEUE_CAP];
	unsigned int q_head, q_count;
	bool stop, eof, exited;
	uint64_t read_errors;
	char last_error[256];
};

static struct qrec *qrec_copy(const struct hwmsg_record *r)
{
	size_t lb = strlen(r->bus) + 1, ld = strlen(r->dev) + 1;
	size_t lr = strlen(r->driver) + 1;
	struct qrec *q = malloc(sizeof(*q) + lb + ld + lr + r->len);
	char *p;

	if (!q)
		return NULL;
	q->rec = *r;
	p = q->data;
	q->rec.bus = memcpy(p, r->bus, lb);
	p += lb;
	q->rec.dev = memcpy(p, r->dev, ld);
	p += ld;
	q->rec.driver = memcpy(p, r->driver, lr);
	p += lr;
	q->rec.payload = memcpy(p, r->payload, r->len);
	return q;
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

/* Queue one record, waiting for room; false when told to stop. */
static bool enqueue(struct file_source *f, struct qrec *q)
{
	pthread_mutex_lock(&f->lock);
	while (f->q_count == QUEUE_CAP && !f->stop)
		pthread_cond_wait(&f->cond, &f->lock);
	if (f->stop) {
		pthread_mutex_unlock(&f->lock);
		free(q);
		return false;
	}
	f->q[(f->q_head + f->q_count) % QUEUE_CAP] = q;
	f->q_count++;
	pthread_mutex_unlock(&f->lock);
	return true;
}

static off_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) < 0 ? -1 : st.st_size;
}

/* Reopen a grown file and skip the good records we already have. */
static bool reopen_skip(struct file_source *f, uint64_t good)
{
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int ret;

	hwmsg_reader_close(f->rd);
	f->rd = hwmsg_reader_open(f->path, &err);
	if (!f->rd) {
		note_error(f, &err, false);
		return false;
	}
	while (good && !stopping(f)) {
		ret = hwmsg_reader_next(f->rd, &rec, &err);
		if (ret == 0)
			return false;
		if (ret > 0)
			good--;
	}
	return true;
}

/*
 * --follow at the end of the file. The reader may go on past its first EOF
 * (then the next call simply returns the new records); if it does not,
 * or if it stopped at a half-written record, reopen the grown file and
 * skip the good records already read.
 */
struct follow {
	off_t open_size;	/* file size when (re)opened */
	off_t eof_size;		/* file size when the reader said EOF; -1 */
	bool damaged;		/* the reader hit a bad record since open */
	bool retried;		/* grew since EOF, reader got one more try */
};

static bool follow_eof(struct file_source *f, struct follow *fw,
		       uint64_t good)
{
	off_t size;

	if (fw->eof_size < 0)
		fw->eof_size = file_size(f->path);
	sleep_ms(FOLLOW_POLL_MS);
	size = file_size(f->path);
	if (size > fw->eof_size && !fw->retried) {
		fw->retried = true;
		return true;
	}
	if (!(size > fw->eof_size || (fw->damaged && size != fw->open_size)))
		return true;
	if (!reopen_skip(f, good) && !f->rd)
		return false;
	fw->open_size = size;
	fw->eof_size = -1;
	fw->damaged = fw->retried = false;
	return true;
}

static void *reader_thread(void *arg)
{
	struct file_source *f = arg;
	bool is_stdin = !strcmp(f->path, "-");
	struct follow fw = { -1, -1, false, false };
	struct hwmsg_record rec;
	struct hwmsg_err err;
	uint64_t good = 0;
	int ret;

	/* with --follow, wait for the file to become readable */
	while (!f->rd && !stopping(f)) {
		f->rd = hwmsg_reader_open(f->path, &err);
		if (f->rd)
			break;
		note_error(f, &err, !f->follow);
		if (!f->follow)
			goto out;
		sleep_ms(FOLLOW_POLL_MS);
	}
	if (!f->rd)
		goto out;
	pthread_mutex_lock(&f->lock);
	f->last_error[0] = '\0';
	pthread_mutex_unlock(&f->lock);
	if (!is_stdin)
		fw.open_size = file_size(f->path);
	while (!stopping(f)) {
		memset(&err, 0, sizeof(err));
		ret = hwmsg_reader_next(f->rd, &rec, &err);
		if (ret > 0) {
			struct qrec *q = qrec_copy(&rec);

			if (!q || !enqueue(f, q))
				break;
			good++;
			fw.eof_size = -1;
			fw.retried = false;
			continue;
		}
		if (ret < 0) {
			/* a growing file's last record may be half written */
			note_error(f, &err, !f->follow);
			fw.damaged = true;
			continue;
		}
		if (!f->follow)
			break;
		if (is_stdin)
			sleep_ms(FOLLOW_POLL_MS);
		else if (!follow_eof(f, &fw, good))
			break;
	}
out:
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
	struct qrec *batch[256];
	unsigned int n = 0, k, i;

	(void)now;
	while (n < max) {
		pthread_mutex_lock(&f->lock);
		k = f->q_count < 256 ? f->q_count : 256;
		if (k > max - n)
			k = max - n;
		for (i = 0; i < k; i++)
			batch[i] = f->q[(f->q_head + i) % QUEUE_CAP];
		f->q_head = (f->q_head + k) % QUEUE_CAP;
		f->q_count -= k;
		if (k)
			pthread_cond_broadcast(&f->cond);
		f->src.read_errors = f->read_errors;
		memcpy(f->src.last_error, f->last_error,
		       sizeof(f->last_error));
		f->src.done = f->eof && !f->q_count;
		pthread_mutex_unlock(&f->lock);
		if (!k)
			break;
		for (i = 0; i < k; i++) {
			store_add(st, &batch[i]->rec);
			free(batch[i]);
		}
		n += k;
	}
	return n;
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
		f->q_head = (f->q_head + 1) % QUEUE_CAP;
		f->q_count--;
	}
	if (f->rd)
		hwmsg_reader_close(f->rd);
	pthread_cond_destroy(&f->cond);
	pthread_mutex_destroy(&f->lock);
	free(f->path);
	free(f);
}

static const struct top_source_ops file_ops = {
	.poll = file_poll,
	.free = file_free,
};

struct top_source *source_file_new(const char *path, bool follow,
				   struct hwmsg_err *err)
{
	struct file_source *f = calloc(1, sizeof(*f));

	if (!f || !(f->path = strdup(path))) {
		free(f);
		hwmsg_errf(err, 0, "out of memory");
		return NULL;
	}
	/*
	 * Open now so that a bad file fails before the screen is taken;
	 * a file to follow may not be readable yet: the thread retries.
	 */
	if (strcmp(path, "-")) {
		f->rd = hwmsg_reader_open(path, err);
		if (!f->rd && !follow) {
			free(f->path);
			free(f);
			return NULL;
		}
	}
	f->src.ops = &file_ops;
	f->src.live = follow;
	f->follow = follow;
	snprintf(f->src.name, sizeof(f->src.name), "%s%s",
		 strcmp(path, "-") ? path : "stdin", follow ? " (follow)" : "");
	pthread_mutex_init(&f->lock, NULL);
	pthread_cond_init(&f->cond, NULL);
	if (pthread_create(&f->thread, NULL, reader_thread, f)) {
		if (f->rd)
			hwmsg_reader_close(f->rd);
		free(f->path);
		free(f);
		hwmsg_errf(err, 0, "cannot start the reader thread");
		return NULL;
	}
	return &f->src;
}
