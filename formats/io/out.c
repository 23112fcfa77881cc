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
	if (o->regular && ftruncate(o->fd, (off_t)(o->zc ? o->off : o->clean)))
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
	if (!o->zc) {
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

	o->cap = zstd ? ZSTD_compressBound(HWMSG_OUT_FRAME_MAX) : PLAIN_BUF_LEN;
	o->ratio = 4;	/* a first guess; each frame corrects it */
	o->buf = malloc(o->cap);
	if (!o->buf) {
		errno = ENOMEM;
		goto sys_err;
	}
	if (zstd) {
		o->zc = ZSTD_createCCtx();
		if (!o->zc) {
			errno = ENOMEM;
			goto sys_err;
		}
		/* a content checksum per frame catches a damaged file */
		ZSTD_CCtx_setParameter(o->zc, ZSTD_c_checksumFlag, 1);
		if (level && ZSTD_isError(ZSTD_CCtx_setParameter(o->zc,
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

/*
 * Make room for need elements of elem bytes at *p (capacity doubling);
 * false when out of memory, *p unchanged.
 */
#define RESERVE(p, cap, need) reserve((void *)(p), &(cap), (need), \
				      sizeof(**(p)))
static bool reserve(void *pp, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 16;
	void *old, *p;

	if (need <= *cap)
		return true;
	while (n < need)
		n *= 2;
	memcpy(&old, pp, sizeof(old));
	p = realloc(old, n * elem);
	if (!p)
		return false;
	memcpy(pp, &p, sizeof(p));
	*cap = n;
	return true;
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

static int put_pad(struct hwmsg_out *o, struct hwmsg_err *err)
{
	size_t len = hwmsg_zl_pad_len(o->off);

	if (!RESERVE(&o->buf, o->cap, len))
		return fail(o, ENOMEM, "padding", err);
	hwmsg_zl_pad_fill(o->buf, len, o->off);
	return put_frame(o, o->buf, len, 0, err);
}

/*
 * The largest prefix of the pending bytes from done on, at most limit
 * long, that ends where a pcapng block starts (so frames start at blocks:
 * a reader can jump to one). In a fresh window a block too large to fit
 * is split.
 */
static size_t prefix_at_most(const struct hwmsg_out *o, size_t done,
			     size_t limit, bool fresh)
{
	size_t lo = 0, hi = o->ncuts;

	if (limit >= o->pend_len - done)
		return o->pend_len - done;
	while (lo < hi) {	/* first cut > done + limit */
		size_t mid = (lo + hi) / 2;

		if (o->cuts[mid] <= done + limit)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && o->cuts[lo - 1] > done)
		return o->cuts[lo - 1] - done;
	return fresh ? limit : 0;
}

/* Forget the first n pending bytes (compressed). */
static void consume(struct hwmsg_out *o, size_t n)
{
	size_t i, j = 0;

	if (!n)
		return;
	memmove(o->pend, o->pend + n, o->pend_len - n);
	o->pend_len -= n;
	for (i = 0; i < o->ncuts; i++)
		if (o->cuts[i] >= n)
			o->cuts[j++] = (uint32_t)(o->cuts[i] - n);
	o->ncuts = j;
}

/*
 * Compress the pending bytes into frames that fit before the next point
 * (zlayout.h), sized from the last frame's ratio and shrunk when the
 * guess was wrong. What is compressed is forgotten once, at the end.
 */
static int emit(struct hwmsg_out *o, struct hwmsg_err *err)
{
	size_t done = 0;
	int ret = 0;

	while (done < o->pend_len) {
		size_t room = hwmsg_zl_next_point(o->off) - o->off;
		size_t usable = room - HWMSG_ZL_SKIP_HDR;
		size_t left = o->pend_len - done;
		bool fresh = room >= HWMSG_OUT_FRESH_ROOM;
		double guess = o->ratio * (double)usable * 0.95;
		size_t n, s = 0;
		int tries;

		if (room < HWMSG_ZL_MIN_ROOM) {
			if ((ret = put_pad(o, err)))
				break;
			continue;
		}
		n = prefix_at_most(o, done, guess >= (double)left ?
				   left : (size_t)guess, fresh);
		for (tries = 0; n && tries < 8; tries++) {
			s = ZSTD_compress2(o->zc, o->buf, o->cap,
					   o->pend + done, n);
			if (ZSTD_isError(s)) {
				ret = hwmsg_errf(err, 0, "%s: zstd: %s",
						 o->name, ZSTD_getErrorName(s));
				goto out;
			}
			if (hwmsg_zl_frame_fits(o->off, s))
				break;
			guess = (double)n * (double)usable / (double)s * 0.9;
			n = guess < (double)n ?
			    prefix_at_most(o, done, (size_t)guess, fresh) : 0;
			s = 0;
		}
		if (!s) {	/* nothing fits here: the next window */
			if ((ret = put_pad(o, err)))
				break;
			continue;
		}
		o->ratio = (double)n / (double)s;
		if ((ret = put_frame(o, o->buf, s, n, err)))
			break;
		done += n;
	}
out:
	consume(o, done);
	return ret;
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
	if (o->zc) {
		size_t need = o->pend_len + len;

		if (!RESERVE(&o->pend, o->pend_cap, need) ||
		    !RESERVE(&o->cuts, o->cuts_cap, o->ncuts + 1) ||
		    !RESERVE(&o->buf, o->cap, ZSTD_compressBound(need))) {
			fail(o, ENOMEM, "zstd buffer", err);
			return NULL;
		}
		return o->pend + o->pend_len;
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
	if (!o->zc) {
		o->len += len;
		return 0;
	}
	o->cuts[o->ncuts++] = (uint32_t)o->pend_len;
	o->pend_len += len;
	/* bound what a reader of a cut file can lose */
	if (o->pend_len >= HWMSG_OUT_FRAME_MAX)
		return emit(o, err);
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
	if (o->zc)
		return emit(o, err);
	return drain(o, err);
}

int hwmsg_out_close(struct hwmsg_out *o, struct hwmsg_err *err)
{
	uint64_t records;
	int ret = 0;

	if (o->fd >= 0 && o->buf) {
		ret = hwmsg_out_flush(o, err);
		if (!ret && o->zc)
			ret = put_seek_table(o, err);
	}
	if (o->own_fd && close(o->fd) && !ret)
		ret = fail(o, errno, "close", err);
	ZSTD_freeCCtx(o->zc);
	free(o->pend);
	free(o->cuts);
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
