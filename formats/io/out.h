/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The writer's output: a bounded buffer in front of a file descriptor,
 * optionally zstd-compressed as a sequence of independent frames laid out
 * for every reader (zlayout.h) and ended by a seek table.
 */
#ifndef HWMSG_IO_OUT_H
#define HWMSG_IO_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zstd.h>

#include "hwmsg/err.h"

/* Pending input is compressed after this much even without a flush. */
#define HWMSG_OUT_FRAME_MAX	(1u << 20)
/* With this much room before the next point a block may be split. */
#define HWMSG_OUT_FRESH_ROOM	(32u << 10)

struct hwmsg_out {
	char *name;		/* for error messages */
	int fd;
	bool own_fd;		/* not stdout: close it */
	bool sigpipe;		/* fd is a pipe or socket */
	int error;		/* sticky errno of the first failure */
	uint8_t *buf;		/* plain: bytes for fd; zstd: one frame */
	size_t cap, len;
	ZSTD_CCtx *zc;		/* NULL: plain output */
	/* zstd: plain bytes of the frames to come, and where blocks start */
	uint8_t *pend;
	size_t pend_len, pend_cap;
	uint32_t *cuts;
	size_t ncuts, cuts_cap;
	uint64_t off;		/* compressed bytes written */
	double ratio;		/* plain/compressed of the last frame */
	uint32_t *seek;		/* per frame: compressed, plain size */
	size_t nseek, seek_cap;
};

/* path "-": stdout. level 0: zstd's default. */
int hwmsg_out_open(struct hwmsg_out *o, const char *path, bool zstd,
		   int level, struct hwmsg_err *err);
int hwmsg_out_write(struct hwmsg_out *o, const void *data, size_t len,
		    struct hwmsg_err *err);
/* Ends the zstd frame and pushes every buffered byte to the fd. */
int hwmsg_out_flush(struct hwmsg_out *o, struct hwmsg_err *err);
/* Flushes, closes and frees in every case. */
int hwmsg_out_close(struct hwmsg_out *o, struct hwmsg_err *err);

#endif
