/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's input: the source's plain bytes (src.c; for a large file
 * read and decompressed ahead on a thread, ahead.c), in spans for the reader's own pcapng walk
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

#include "ahead.h"
#include "hwmsg/err.h"
#include "scan.h"
#include "src.h"

#define HWMSG_IN_CHUNK		(64u << 10)
#define HWMSG_IN_STDIO_BUF	(8u << 10)
#define HWMSG_IN_KEEP		(HWMSG_IN_STDIO_BUF + 8)
/* frame starts remembered: more than fit in the plain bytes libpcap may
 * lag behind the decoder (a chunk, stdio's buffer, a read-ahead slot) */
#define HWMSG_IN_FRAMES		1024u
#define HWMSG_IN_FIRST		24	/* a classic pcap file header */
/* A regular file is read (and decompressed) ahead on a thread once this
 * many plain bytes were read (a small capture is done before a thread would
 * pay), in slots of HWMSG_IN_AHEAD_SLOT plain bytes.
 * HWMSG_READ_AHEAD=off|AFTER[,SLOT] in the environment changes both, for
 * tests. */
#define HWMSG_IN_AHEAD_AFTER	(2u << 20)
#define HWMSG_IN_AHEAD_SLOT	(256u << 10)

struct hwmsg_in {
	struct hwmsg_src src;	/* the read-ahead thread's once it started */
	uint64_t src_read;	/* file bytes behind the plain bytes taken */
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
	struct hwmsg_in_frame frames[HWMSG_IN_FRAMES];	/* a ring */
	unsigned int n_frames, frame_next;
	char errmsg[160];	/* why a read failed, for the reader's error */
	struct hwmsg_scan scan;	/* sees each plain byte once, in order */
	struct hwmsg_ahead ahead;	/* src filling slots on a thread */
	bool ahead_on, ahead_done;
	char err_next[160];	/* the answer to the next read (ahead) */
	size_t ahead_pos;	/* bytes of the current slot taken */
	uint64_t ahead_after;	/* when to start: UINT64_MAX never */
	size_t ahead_slot;
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
