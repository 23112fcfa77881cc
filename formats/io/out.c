// SPDX-License-Identifier: GPL-2.0-or-later
/* Buffered, optionally zstd-framed output to a file descriptor. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "out.h"

#define PLAIN_BUF_LEN	(64u << 10)

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

static int write_all(struct hwmsg_out *o, const uint8_t *p, size_t n,
		     struct hwmsg_err *err)
{
	while (n) {
		ssize_t ret = write_nosig(o, p, n);

		if (ret < 0) {
			if (errno == EINTR)
				continue;
			return fail(o, errno, "write", err);
		}
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
		o->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			     0644);
		if (o->fd < 0)
			goto sys_err;
		o->own_fd = true;
	}
	if (fstat(o->fd, &st))
		goto sys_err;
	o->sigpipe = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);

	o->cap = zstd ? ZSTD_CStreamOutSize() : PLAIN_BUF_LEN;
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

static int zstd_end_frame(struct hwmsg_out *o, struct hwmsg_err *err)
{
	ZSTD_inBuffer in = { NULL, 0, 0 };
	size_t left;

	if (!o->frame_in)
		return 0;
	do {
		ZSTD_outBuffer out = { o->buf, o->cap, o->len };

		left = ZSTD_compressStream2(o->zc, &out, &in, ZSTD_e_end);
		o->len = out.pos;
		if (ZSTD_isError(left))
			return hwmsg_errf(err, 0, "%s: zstd: %s", o->name,
					  ZSTD_getErrorName(left));
		if (left && drain(o, err))
			return -1;
	} while (left);
	o->frame_in = 0;
	return 0;
}

static int zstd_write(struct hwmsg_out *o, const void *data, size_t len,
		      struct hwmsg_err *err)
{
	ZSTD_inBuffer in = { data, len, 0 };

	while (in.pos < in.size) {
		ZSTD_outBuffer out = { o->buf, o->cap, o->len };
		size_t ret = ZSTD_compressStream2(o->zc, &out, &in,
						  ZSTD_e_continue);

		o->len = out.pos;
		if (ZSTD_isError(ret))
			return hwmsg_errf(err, 0, "%s: zstd: %s", o->name,
					  ZSTD_getErrorName(ret));
		if (o->len == o->cap && drain(o, err))
			return -1;
	}
	o->frame_in += len;
	/* bound what a reader of a cut file can lose */
	if (o->frame_in >= HWMSG_OUT_FRAME_MAX)
		return zstd_end_frame(o, err);
	return 0;
}

int hwmsg_out_write(struct hwmsg_out *o, const void *data, size_t len,
		    struct hwmsg_err *err)
{
	if (o->error)
		return fail(o, o->error, "write", err);
	if (o->zc)
		return zstd_write(o, data, len, err);
	if (len > o->cap - o->len && drain(o, err))
		return -1;
	if (len >= o->cap)
		return write_all(o, data, len, err);
	memcpy(o->buf + o->len, data, len);
	o->len += len;
	return 0;
}

int hwmsg_out_flush(struct hwmsg_out *o, struct hwmsg_err *err)
{
	if (o->error)
		return fail(o, o->error, "write", err);
	if (o->zc && zstd_end_frame(o, err))
		return -1;
	return drain(o, err);
}

int hwmsg_out_close(struct hwmsg_out *o, struct hwmsg_err *err)
{
	int ret = 0;

	if (o->fd >= 0 && o->buf)
		ret = hwmsg_out_flush(o, err);
	if (o->own_fd && close(o->fd) && !ret)
		ret = fail(o, errno, "close", err);
	ZSTD_freeCCtx(o->zc);
	free(o->buf);
	free(o->name);
	memset(o, 0, sizeof(*o));
	o->fd = -1;
	return ret;
}
