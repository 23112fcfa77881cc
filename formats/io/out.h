/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The writer's output: a bounded buffer in front of a file descriptor,
 * optionally zstd-compressed as a sequence of independent frames laid out
 * for every reader (zlayout.h) and ended by a seek table.
 */
#ifndef HWMSG_IO_OUT_H
#define HWMSG_IO_OUT_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "zframes.h"

/* Pending input is compressed after this much even without a flush. */
#define HWMSG_OUT_FRAME_MAX	(1u << 20)
/* After a stop request, how long a pipe's reader gets to take the rest. */
#define HWMSG_OUT_STOP_GRACE_MS	1000

/*
 * Batches queued or being compressed at once. Two: the thread starts the
 * next as soon as one ends, and the caller waits only when it is two
 * batches ahead.
 */
#define HWMSG_OUT_JOBS		2

/* One batch of pending bytes, and the frames the thread made of it. */
struct hwmsg_out_job {
	struct zinput in;
	struct zpieces pieces;
	int ret;		/* -1: msg says why; pieces before it are good */
	char msg[96];
};

/* A block handed to hwmsg_out_write, not yet known to be in the file. */
struct hwmsg_out_block {
	uint64_t end;		/* plain offset just past it */
	bool record;
};

struct hwmsg_out {
	char *name;		/* for error messages */
	int fd;
	bool own_fd;		/* not stdout: close it */
	bool sigpipe;		/* fd is a pipe or socket */
	int error;		/* sticky errno of the first failure */
	uint8_t *buf;		/* plain: bytes for fd; zstd: the seek table */
	size_t cap, len;
	bool zstd;
	/*
	 * zstd: the compressor, and the plain bytes of the frames to come.
	 * Each FRAME_MAX of them becomes a job for the compression thread
	 * while the next fills pend; up to HWMSG_OUT_JOBS jobs are queued or
	 * running, so the thread goes from one to the next without waiting
	 * for this one. The pieces a job laid out are written here, by the
	 * caller's thread, once it is done. Job k is jobs[k % HWMSG_OUT_JOBS]:
	 * jobs ran <= k < handed are the thread's, and so is zf while there
	 * are any; jobs put <= k < ran wait to be written.
	 */
	struct zframes zf;
	struct zinput pend;
	struct hwmsg_out_job jobs[HWMSG_OUT_JOBS];
	size_t handed;		/* jobs handed to the thread */
	size_t ran;		/* of them, compressed (under mu) */
	size_t put;		/* of them, written out (or dropped) */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t work;	/* for the thread: a job, or quit */
	pthread_cond_t ran_up;	/* for the caller: ran went up */
	bool thread_on, quit;
	uint64_t off;		/* compressed bytes written */
	uint32_t *seek;		/* per frame: compressed, plain size */
	size_t nseek, seek_cap;
	/*
	 * What the file holds: plain bytes taken, and of them those written
	 * in full (zstd: in complete frames); the blocks in between, oldest
	 * at head. A write error cuts a regular file back to clean.
	 */
	uint64_t taken, done, clean;
	uint64_t records;	/* records written in full */
	uint64_t fd_bytes;	/* bytes the fd took */
	struct hwmsg_out_block *blocks;
	size_t blocks_head, nblocks, blocks_cap;
	bool regular;		/* a regular file we opened: may be cut back */
	/* non-zero: stop requested, a blocked pipe gives up after a grace */
	volatile sig_atomic_t *stop;
	uint64_t stop_by_ms;	/* that grace's end; 0: not started */
};

/* path "-": stdout. level 0: zstd's default. */
int hwmsg_out_open(struct hwmsg_out *o, const char *path, bool zstd,
		   int level, struct hwmsg_err *err);
/* One whole block; record: it is a packet (counted in o->records). */
int hwmsg_out_write(struct hwmsg_out *o, const void *data, size_t len,
		    bool record, struct hwmsg_err *err);
/*
 * The same in two steps, without a copy: room for a block of len bytes
 * in the output buffer (NULL and *err set on failure), then, once the
 * block is laid out there, hwmsg_out_commit with the same len. A block
 * reserved and not committed is not written.
 */
uint8_t *hwmsg_out_reserve(struct hwmsg_out *o, size_t len,
			   struct hwmsg_err *err);
int hwmsg_out_commit(struct hwmsg_out *o, size_t len, bool record,
		     struct hwmsg_err *err);
/* Ends the zstd frame and pushes every buffered byte to the fd. */
int hwmsg_out_flush(struct hwmsg_out *o, struct hwmsg_err *err);
/* Flushes, closes and frees in every case; o->records stays valid. */
int hwmsg_out_close(struct hwmsg_out *o, struct hwmsg_err *err);

#endif
