// SPDX-License-Identifier: GPL-2.0-or-later
/* Buffered, optionally zstd-framed output to a file descriptor. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hwmsg/wire.h"
#include "hugebuf.h"
#include "hwmsg/thread.h"
#include "out.h"
#include "hwmsg/zlayout.h"

/*
 * Plain output leaves in writes of about this much, whole blocks only (a
 * file cut off by a crash ends at a block). The page cache takes large
 * writes in large folios: a third less of the kernel's time than 64 KiB.
 */
#define PLAIN_BUF_LEN	(1u << 20)

static int fail(struct hwmsg_out *o, int errnum, const char *what,
		struct hwmsg_err *err)
{
	if (!o->error)
		o->error = errnum;
	return hwmsg_errf(err, 0, "%s: %s: %s", o->name, what,
			  strerror(o->error));
}

/*
 * A closed pipe must come back as EPIPE, not kill the daemon: block SIGPIPE
 * around the write and swallow the one the write raised.
 */
static ssize_t write_nosig(struct hwmsg_out *o, const uint8_t *p, size_t n)
{
	static const struct timespec zero;
	sigset_t pipe_set, old, pending;
	bool was_pending;
	ssize_t ret;
	int saved;

	if (!o->sigpipe)
		return write(o->fd, p, n);
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	sigpending(&pending);
	was_pending = sigismember(&pending, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	ret = write(o->fd, p, n);
	saved = errno;
	if (ret < 0 && saved == EPIPE && !was_pending)
		sigtimedwait(&pipe_set, NULL, &zero);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return ret;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Blocks now wholly within o->done are in the file: count them. */
static void commit(struct hwmsg_out *o)
{
	while (o->nblocks && o->blocks[o->blocks_head].end <= o->done) {
		const struct hwmsg_out_block *b = &o->blocks[o->blocks_head];

		o->clean = b->end;
		o->records += b->record;
		o->blocks_head++;
		o->nblocks--;
	}
	if (!o->nblocks)
		o->blocks_head = 0;
}

/*
 * After a write error, end a regular file at the last whole block (zstd:
 * frame), so that it holds exactly the records counted, nothing half.
 */
static void cut_back(struct hwmsg_out *o)
{
	if (o->regular && ftruncate(o->fd, (off_t)(o->zstd ? o->off : o->clean)))
		o->regular = false;	/* the error already says enough */
}

static bool stopping(const struct hwmsg_out *o)
{
	return o->stop && *o->stop && o->sigpipe;
}

/*
 * Stop requested while writing to a pipe: its reader gets a short grace
 * to take the rest, then the output is cut (a stuck reader must not keep
 * the daemon from exiting). 0 when the fd takes PIPE_BUF bytes now.
 */
static int wait_reader(struct hwmsg_out *o, struct hwmsg_err *err)
{
	struct pollfd pfd = { .fd = o->fd, .events = POLLOUT };
	uint64_t now = now_ms();
	int r;

	if (!o->stop_by_ms)
		o->stop_by_ms = now + HWMSG_OUT_STOP_GRACE_MS;
	while (now < o->stop_by_ms) {
		r = poll(&pfd, 1, (int)(o->stop_by_ms - now));
		if (r > 0)
			return 0;	/* writable, or an error write reports */
		if (r < 0 && errno != EINTR)
			break;
		now = now_ms();
	}
	o->error = ETIMEDOUT;
	return hwmsg_errf(err, 0, "%s: stopped while the reader took nothing for %u ms: output cut short",
			  o->name, HWMSG_OUT_STOP_GRACE_MS);
}

/* What the fd took: plain output counts it at once. */
static void wrote(struct hwmsg_out *o, size_t n)
{
	o->fd_bytes += n;
	if (!o->zstd) {
		o->done = o->fd_bytes;
		commit(o);
	}
}

/*
 * A signal interrupts a blocked write (handlers without SA_RESTART); once
 * a stop was requested, write at most PIPE_BUF at a time, which a pipe that
 * polls writable takes without blocking.
 */
static int write_all(struct hwmsg_out *o, const uint8_t *p, size_t n,
		     struct hwmsg_err *err)
{
	while (n) {
		bool stop = stopping(o);
		ssize_t ret;

		if (stop && wait_reader(o, err))
			return -1;
		ret = write_nosig(o, p, stop && n > PIPE_BUF ? PIPE_BUF : n);
		if (ret < 0) {
			if (errno == EINTR)
				continue;
			fail(o, errno, "write", err);
			cut_back(o);
			return -1;
		}
		wrote(o, (size_t)ret);
		p += ret;
		n -= (size_t)ret;
	}
	return 0;
}

static int drain(struct hwmsg_out *o, struct hwmsg_err *err)
{
	size_t len = o->len;

	o->len = 0;
	return write_all(o, o->buf, len, err);
}

/* Two writers of one file would interleave their blocks: one fails. */
static int lock_and_empty(struct hwmsg_out *o, struct hwmsg_err *err)
{
	if (flock(o->fd, LOCK_EX | LOCK_NB)) {
		if (errno == EWOULDBLOCK)
			return hwmsg_errf(err, 0, "%s: another process is writing this file (it holds the lock)",
					  o->name);
		return hwmsg_errf(err, 0, "%s: lock: %s", o->name,
				  strerror(errno));
	}
	if (ftruncate(o->fd, 0))
		return hwmsg_errf(err, 0, "%s: %s", o->name, strerror(errno));
	return 0;
}

int hwmsg_out_open(struct hwmsg_out *o, const char *path, bool zstd,
		   int level, struct hwmsg_err *err)
{
	struct stat st;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->name = strdup(strcmp(path, "-") ? path : "(stdout)");
	if (!o->name)
		return hwmsg_errf(err, 0, "%s: out of memory", path);
	if (!strcmp(path, "-")) {
		o->fd = STDOUT_FILENO;
	} else {
		/* no O_TRUNC: another writer's file is left alone */
		o->fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		if (o->fd < 0)
			goto sys_err;
		o->own_fd = true;
	}
	if (fstat(o->fd, &st))
		goto sys_err;
	o->sigpipe = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
	o->regular = o->own_fd && S_ISREG(st.st_mode);
	if (o->regular && lock_and_empty(o, err))
		goto free;

	o->cap = zstd ? 4096 : PLAIN_BUF_LEN;
	o->buf = malloc(o->cap);
	if (!o->buf) {
		errno = ENOMEM;
		goto sys_err;
	}
	if (zstd) {
		o->zstd = true;
		o->zf.ratio = 4;	/* a first guess; each frame corrects it */
		o->zf.zc = ZSTD_createCCtx();
		if (!o->zf.zc) {
			errno = ENOMEM;
			goto sys_err;
		}
		/* a content checksum per frame catches a damaged file */
		ZSTD_CCtx_setParameter(o->zf.zc, ZSTD_c_checksumFlag, 1);
		if (level && ZSTD_isError(ZSTD_CCtx_setParameter(o->zf.zc,
				ZSTD_c_compressionLevel, level))) {
			hwmsg_errf(err, 0, "%s: zstd level %d not supported",
				   o->name, level);
			goto free;
		}
	}
	return 0;

sys_err:
	hwmsg_errf(err, 0, "%s: %s", o->name, strerror(errno));
free:
	o->len = 0;
	hwmsg_out_close(o, NULL);
	return -1;
}

/* Write one finished frame at once: a cut file loses only what follows. */
static int put_frame(struct hwmsg_out *o, const uint8_t *p, size_t len,
		     size_t plain, struct hwmsg_err *err)
{
	if (!RESERVE(&o->seek, o->seek_cap, 2 * (o->nseek + 1)))
		return fail(o, ENOMEM, "seek table", err);
	if (write_all(o, p, len, err))
		return -1;
	o->seek[2 * o->nseek] = (uint32_t)len;
	o->seek[2 * o->nseek + 1] = (uint32_t)plain;
	o->nseek++;
	o->off += len;
	o->done += plain;
	commit(o);
	return 0;
}

/*
 * The pieces of a finished job into the file, then the job's verdict.
 * After a failure nothing more may follow: later jobs are dropped.
 */
static int put_pieces(struct hwmsg_out *o, struct hwmsg_out_job *j,
		      struct hwmsg_err *err)
{
	const uint8_t *p = j->pieces.buf;
	size_t i;
	int ret = o->error ? fail(o, o->error, "write", err) : 0;

	for (i = 0; !ret && i < j->pieces.n; i++) {
		size_t len = j->pieces.sizes[2 * i];

		ret = put_frame(o, p, len, j->pieces.sizes[2 * i + 1], err);
		p += len;
	}
	j->pieces.len = j->pieces.n = 0;
	if (!ret && j->ret) {
		/* the rest of that input is gone: nothing more may follow */
		ret = hwmsg_errf(err, 0, "%s: %s", o->name, j->msg);
		o->error = o->error ? o->error : EIO;
	}
	j->ret = 0;
	return ret;
}

static void run_job(struct hwmsg_out *o, struct hwmsg_out_job *j)
{
	j->ret = zframes_run(&o->zf, &j->in, &j->pieces, j->msg,
			     sizeof(j->msg));
	j->in.len = j->in.ncuts = 0;
}

/* Jobs in the order handed, one after the other while there are any. */
static void *compress_thread(void *arg)
{
	struct hwmsg_out *o = arg;

	pthread_mutex_lock(&o->mu);
	for (;;) {
		struct hwmsg_out_job *j;

		while (o->ran == o->handed && !o->quit)
			pthread_cond_wait(&o->work, &o->mu);
		if (o->ran == o->handed)
			break;
		j = &o->jobs[o->ran % HWMSG_OUT_JOBS];
		pthread_mutex_unlock(&o->mu);
		run_job(o, j);
		pthread_mutex_lock(&o->mu);
		o->ran++;
		pthread_cond_signal(&o->ran_up);
	}
	pthread_mutex_unlock(&o->mu);
	return NULL;
}

/* Signals stay with the caller's threads: they must interrupt its writes. */
static bool start_thread(struct hwmsg_out *o)
{
	if (pthread_mutex_init(&o->mu, NULL))
		return false;
	if (pthread_cond_init(&o->work, NULL))
		goto mutex;
	if (pthread_cond_init(&o->ran_up, NULL))
		goto work;
	if (!hwmsg_thread_start(&o->thread, compress_thread, o, "hwmsg-zstd"))
		return true;
	pthread_cond_destroy(&o->ran_up);
work:
	pthread_cond_destroy(&o->work);
mutex:
	pthread_mutex_destroy(&o->mu);
	return false;
}

/*
 * Write every job the thread has finished, first waiting until it has
 * finished the jobs before until (0: no wait).
 */
static int put_done(struct hwmsg_out *o, size_t until, struct hwmsg_err *err)
{
	size_t ran;
	int ret = 0;

	if (!o->thread_on)
		return 0;
	pthread_mutex_lock(&o->mu);
	while (o->ran < until)
		pthread_cond_wait(&o->ran_up, &o->mu);
	ran = o->ran;
	pthread_mutex_unlock(&o->mu);
	for (; o->put < ran; o->put++) {
		int r = put_pieces(o, &o->jobs[o->put % HWMSG_OUT_JOBS], err);

		ret = ret ? ret : r;
	}
	return ret;
}

/* The pending bytes become job slot j's input (its emptied buffers, pend). */
static void take_pending(struct hwmsg_out *o, struct hwmsg_out_job *j)
{
	struct zinput t = j->in;

	j->in = o->pend;
	o->pend = t;
}

/* Compress the pending bytes here and now and write their frames. */
static int run_here(struct hwmsg_out *o, struct hwmsg_err *err)
{
	struct hwmsg_out_job *j = &o->jobs[o->handed % HWMSG_OUT_JOBS];

	take_pending(o, j);
	run_job(o, j);
	return put_pieces(o, j, err);
}

/*
 * FRAME_MAX pending: compressed on the thread while the capture goes on
 * (in place if there is no thread). The frames come out exactly as a
 * flush at this point would make them, only later.
 */
static int hand_over(struct hwmsg_out *o, struct hwmsg_err *err)
{
	struct hwmsg_out_job *j;

	if (!o->thread_on)
		o->thread_on = start_thread(o);
	if (!o->thread_on)
		return run_here(o, err);
	/* the slot of the job handed HWMSG_OUT_JOBS ago must be written:
	 * wait for all jobs but the last, one wake-up for them all */
	if (o->handed - o->put == HWMSG_OUT_JOBS &&
	    put_done(o, o->put + HWMSG_OUT_JOBS - 1, err))
		return -1;
	j = &o->jobs[o->handed % HWMSG_OUT_JOBS];
	take_pending(o, j);
	pthread_mutex_lock(&o->mu);
	o->handed++;
	pthread_cond_signal(&o->work);
	pthread_mutex_unlock(&o->mu);
	/* and what the thread finished meanwhile, without waiting */
	return put_done(o, 0, err);
}

/* Every pending byte compressed and written, here and now. */
static int emit(struct hwmsg_out *o, struct hwmsg_err *err)
{
	if (put_done(o, o->handed, err))
		return -1;
	if (!o->pend.len)
		return 0;
	return run_here(o, err);
}

/*
 * The thread ends once every job handed to it is done; no job may be
 * handed after this.
 */
static void tell_thread_to_quit(struct hwmsg_out *o)
{
	if (!o->thread_on)
		return;
	pthread_mutex_lock(&o->mu);
	o->quit = true;
	pthread_cond_signal(&o->work);
	pthread_mutex_unlock(&o->mu);
}

static void stop_thread(struct hwmsg_out *o)
{
	if (!o->thread_on)
		return;
	tell_thread_to_quit(o);
	pthread_join(o->thread, NULL);
	pthread_cond_destroy(&o->ran_up);
	pthread_cond_destroy(&o->work);
	pthread_mutex_destroy(&o->mu);
	o->thread_on = false;
}

/*
 * zstd's seekable format (contrib/seekable_format): a skippable frame
 * listing every frame's compressed and plain size, found from the end.
 */
static int put_seek_table(struct hwmsg_out *o, struct hwmsg_err *err)
{
	size_t body = 8 * o->nseek + 9, i;
	uint8_t *p;

	if (!o->nseek)
		return 0;
	if (!RESERVE(&o->buf, o->cap, HWMSG_ZL_SKIP_HDR + body))
		return fail(o, ENOMEM, "seek table", err);
	p = o->buf;
	hwmsg_put_le32(p, HWMSG_ZL_SEEK_MAGIC);
	hwmsg_put_le32(p + 4, (uint32_t)body);
	p += HWMSG_ZL_SKIP_HDR;
	for (i = 0; i < 2 * o->nseek; i++, p += 4)
		hwmsg_put_le32(p, o->seek[i]);
	hwmsg_put_le32(p, (uint32_t)o->nseek);
	p[4] = 0;		/* descriptor: no checksums */
	hwmsg_put_le32(p + 5, HWMSG_ZL_SEEKABLE_MAGIC);
	return write_all(o, o->buf, HWMSG_ZL_SKIP_HDR + body, err);
}

/* Note the block before its bytes go anywhere: writes commit it. */
static int track(struct hwmsg_out *o, size_t len, bool record,
		 struct hwmsg_err *err)
{
	size_t i;

	if (o->blocks_head && o->blocks_head + o->nblocks == o->blocks_cap) {
		memmove(o->blocks, o->blocks + o->blocks_head,
			o->nblocks * sizeof(*o->blocks));
		o->blocks_head = 0;
	}
	i = o->blocks_head + o->nblocks;
	if (!RESERVE(&o->blocks, o->blocks_cap, i + 1))
		return fail(o, ENOMEM, "block list", err);
	o->taken += len;
	o->blocks[i].end = o->taken;
	o->blocks[i].record = record;
	o->nblocks++;
	return 0;
}

uint8_t *hwmsg_out_reserve(struct hwmsg_out *o, size_t len,
			   struct hwmsg_err *err)
{
	if (o->error) {
		fail(o, o->error, "write", err);
		return NULL;
	}
	if (o->zstd) {
		struct zinput *in = &o->pend;

		if (!hugebuf_reserve(&in->buf, &in->cap, in->len,
				     in->len + len) ||
		    !RESERVE(&in->cuts, in->cuts_cap, in->ncuts + 1)) {
			fail(o, ENOMEM, "zstd buffer", err);
			return NULL;
		}
		return in->buf + in->len;
	}
	if (len > o->cap - o->len && drain(o, err))
		return NULL;
	/* a block larger than the buffer (rare: records are small) */
	if (!RESERVE(&o->buf, o->cap, len)) {
		fail(o, ENOMEM, "output buffer", err);
		return NULL;
	}
	return o->buf + o->len;
}

int hwmsg_out_commit(struct hwmsg_out *o, size_t len, bool record,
		     struct hwmsg_err *err)
{
	if (track(o, len, record, err))
		return -1;
	if (!o->zstd) {
		o->len += len;
		return 0;
	}
	o->pend.cuts[o->pend.ncuts++] = (uint32_t)o->pend.len;
	o->pend.len += len;
	/* bound what a reader of a cut file can lose */
	if (o->pend.len >= HWMSG_OUT_FRAME_MAX)
		return hand_over(o, err);
	return 0;
}

int hwmsg_out_write(struct hwmsg_out *o, const void *data, size_t len,
		    bool record, struct hwmsg_err *err)
{
	uint8_t *p = hwmsg_out_reserve(o, len, err);

	if (!p)
		return -1;
	memcpy(p, data, len);
	return hwmsg_out_commit(o, len, record, err);
}

int hwmsg_out_flush(struct hwmsg_out *o, struct hwmsg_err *err)
{
	if (o->error)
		return fail(o, o->error, "write", err);
	if (o->zstd)
		return emit(o, err);
	return drain(o, err);
}

int hwmsg_out_close(struct hwmsg_out *o, struct hwmsg_err *err)
{
	uint64_t records;
	size_t i;
	int ret = 0;

	/* the close hands over no more jobs: the thread can end as soon as
	 * it is done, not wait to be woken and joined after the last write */
	tell_thread_to_quit(o);
	if (o->fd >= 0 && o->buf) {
		ret = hwmsg_out_flush(o, err);
		if (!ret && o->zstd)
			ret = put_seek_table(o, err);
	}
	if (o->own_fd && close(o->fd) && !ret)
		ret = fail(o, errno, "close", err);
	stop_thread(o);
	ZSTD_freeCCtx(o->zf.zc);
	hugebuf_free(o->pend.buf, o->pend.cap);
	free(o->pend.cuts);
	for (i = 0; i < HWMSG_OUT_JOBS; i++) {
		struct hwmsg_out_job *j = &o->jobs[i];

		hugebuf_free(j->in.buf, j->in.cap);
		free(j->in.cuts);
		free(j->pieces.buf);
		free(j->pieces.sizes);
	}
	free(o->seek);
	free(o->blocks);
	free(o->buf);
	free(o->name);
	records = o->records;
	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->records = records;	/* what the file holds, for the summary */
	return ret;
}
