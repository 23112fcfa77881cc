/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's source: a file's bytes, decompressed when they are zstd
 * (streaming, bounded memory), as plain bytes with the zstd frame starts
 * met on the way. One thread at a time uses it: the reader's, or the
 * read-ahead thread once that has started (formats/io/in.c).
 */
#ifndef HWMSG_IO_SRC_H
#define HWMSG_IO_SRC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <zstd.h>

#define HWMSG_ZSTD_MAGIC	0xfd2fb528u	/* bytes 28 b5 2f fd */
#define HWMSG_IN_WINDOW_LOG_MAX	24	/* 16 MiB: any zstd level without --long */
#define HWMSG_SRC_NOTES		16u

/* A zstd frame (or skippable frame) starts at file offset comp, where
 * the plain stream stands at plain. */
struct hwmsg_in_frame {
	uint64_t plain, comp;
};

/*
 * Frame starts met while producing, in order; a skippable frame's
 * successor at the same plain offset replaces it here already, so that
 * each note past the first stands for plain bytes produced.
 */
struct hwmsg_src_notes {
	struct hwmsg_in_frame f[HWMSG_SRC_NOTES];
	unsigned int n;
};

struct hwmsg_src {
	FILE *file;		/* the raw bytes */
	uint8_t peek[4];	/* read to detect zstd, handed out first */
	size_t peek_len, peek_pos;
	ZSTD_DCtx *dc;		/* NULL: the file is not compressed */
	uint8_t *ibuf;		/* compressed input */
	size_t icap;
	ZSTD_inBuffer zin;
	uint64_t read;		/* bytes taken from the file */
	uint64_t plain;		/* plain bytes produced */
	bool eof;		/* the file has no more */
	bool frame_open;	/* a zstd frame has started but not ended */
};

/*
 * Take file (read from its start) and detect compression: 0, or -1 with
 * errmsg set. A compressed file's first frame is noted in notes.
 */
int hwmsg_src_open(struct hwmsg_src *s, FILE *file,
		   struct hwmsg_src_notes *notes, char *errmsg, size_t errlen);
/*
 * Up to size plain bytes into buf: how many, 0 at the end. Fewer than
 * size also when notes filled up (the next call goes on). An error comes
 * after the bytes before it: errmsg set and the count of those (-1 when
 * none); nothing more is to be read then.
 */
ssize_t hwmsg_src_produce(struct hwmsg_src *s, uint8_t *buf, size_t size,
			  struct hwmsg_src_notes *notes, char *errmsg,
			  size_t errlen);
void hwmsg_src_free(struct hwmsg_src *s);

#endif
