/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's input: the source bytes, decompressing zstd on the fly
 * (streaming, bounded memory), in spans for the reader's own pcapng walk
 * or as a stdio FILE for libpcap (classic pcap, HWMSG_READER=libpcap). It keeps
 * the latest chunk it produced so the reader can look back at the bytes
 * just before libpcap's position (a pcapng block's trailing length) and name
 * file offsets in errors. Every plain byte also passes through a pcapng
 * block scanner, for the ISBs libpcap skips.
 */
#ifndef HWMSG_IO_IN_H
#define HWMSG_IO_IN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <zstd.h>

#include "ahead.h"
#include "hwmsg/err.h"
#include "scan.h"

#define HWMSG_ZSTD_MAGIC	0xfd2fb528u	/* bytes 28 b5 2f fd */
#define HWMSG_IN_CHUNK		(64u << 10)
#define HWMSG_IN_STDIO_BUF	(8u << 10)
#define HWMSG_IN_KEEP		(HWMSG_IN_STDIO_BUF + 8)
#define HWMSG_IN_WINDOW_LOG_MAX	24	/* 16 MiB: any zstd level without --long */
/* frame starts remembered: more than fit in the plain bytes libpcap may
 * lag behind the decoder (a chunk and stdio's buffer) */
#define HWMSG_IN_FRAMES		1024u
#define HWMSG_IN_FIRST		24	/* a classic pcap file header */
/* A regular file is read ahead on a thread once this much of it was read
 * (a small capture is done before a thread would pay), in slots of
 * HWMSG_IN_AHEAD_SLOT bytes. HWMSG_READ_AHEAD=off|AFTER[,SLOT] in the
 * environment changes both, for tests. */
#define HWMSG_IN_AHEAD_AFTER	(2u << 20)
#define HWMSG_IN_AHEAD_SLOT	(256u << 10)

/* A zstd frame (or skippable frame) starts at file offset comp, where
 * the plain stream stands at plain. */
struct hwmsg_in_frame {
	uint64_t plain, comp;
};

struct hwmsg_in {
	FILE *src;		/* the raw bytes */
	uint8_t peek[4];	/* read to detect zstd, handed out first */
	size_t peek_len, peek_pos;
	ZSTD_DCtx *dc;		/* NULL: the source is not compressed */
	uint8_t *ibuf;		/* compressed input */
	size_t icap;
	ZSTD_inBuffer zin;
	uint64_t src_read;	/* compressed bytes taken from src */
	bool src_eof;
	int src_errno;		/* a failed read of src (0: none) */
	struct hwmsg_ahead ahead;	/* src read on a thread: ahead_on */
	bool ahead_on;
	uint64_t ahead_after;	/* when to start it: UINT64_MAX never */
	size_t ahead_slot;
	bool frame_open;	/* a zstd frame has started but not ended */
	/*
	 * Plain bytes [chunk_start, chunk_start + chunk_len); chunk_pos is
	 * the next to hand to stdio. A refill keeps the last HWMSG_IN_KEEP
	 * bytes, more than stdio holds back, so what libpcap just read can
	 * still be looked at.
	 */
	uint8_t *chunk;
	size_t chunk_len, chunk_pos, chunk_cap;
	bool ended;		/* the plain stream has no more bytes */
	uint64_t chunk_start;
	char *stdio_buf;	/* the FILE's buffer, of known size */
	uint8_t head[HWMSG_IN_FIRST];	/* the first plain bytes: the file
					 * magic, a pcap file header */
	size_t head_len;
	uint64_t plain_out;	/* plain bytes decompressed so far */
	struct hwmsg_in_frame frames[HWMSG_IN_FRAMES];	/* a ring */
	unsigned int n_frames, frame_next;
	char errmsg[160];	/* why a read failed, for the reader's error */
	struct hwmsg_scan scan;	/* sees each plain byte once, in order */
};

/*
 * Take src (read from its start), detect compression and return a FILE
 * that yields the plain bytes; NULL with err set. ftello() on it is the
 * plain offset libpcap has consumed. fclose() of that FILE leaves src and
 * in alone: see hwmsg_in_free.
 */
FILE *hwmsg_in_open(struct hwmsg_in *in, FILE *src, struct hwmsg_err *err);
/*
 * The reader's own pcapng walk, instead of the FILE: plain bytes from off
 * on in one piece, at least want of them unless the stream ends first
 * (*have: how many are held from off). Bytes before off are let go; an
 * off past the bytes held skips the ones between (the scanner still sees
 * them). NULL on a read error (errmsg) or an off already let go.
 */
const uint8_t *hwmsg_in_span(struct hwmsg_in *in, uint64_t off, size_t want,
			     size_t *have);
/* Copy n plain bytes at off if still held; -1 when they are gone. */
int hwmsg_in_peek_back(const struct hwmsg_in *in, uint64_t off, uint8_t *out,
		       size_t n);
/*
 * The latest frame start at or before plain offset off (so decoding from
 * it reaches off): 0 and *f filled, -1 when it is no longer remembered.
 */
int hwmsg_in_frame_of(const struct hwmsg_in *in, uint64_t off,
		      struct hwmsg_in_frame *f);
void hwmsg_in_free(struct hwmsg_in *in);

#endif
