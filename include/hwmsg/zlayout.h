/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where zstd frames may go in a compressed capture.
 *
 * Wireshark 4.0's reader (wiretap/file_wrappers.c) reads compressed input
 * into a buffer of W = max(st_blksize, ZSTD_DStreamInSize() = 131075) bytes
 * and, each time a frame ends, looks for the next frame's magic at the
 * START of that buffer, not where the next frame begins. It finds it only
 * while every buffer it reads starts with the zstd magic: every multiple of
 * W in the file. Otherwise it falls back to "uncompressed" and stops with
 * "total block length ... too large".
 *
 * So the writer keeps the 4 bytes at every "point" equal to the zstd magic:
 * at multiples of 131075 (local file systems, pipes) and of 2^18 (file
 * systems that report a larger st_blksize that is a power of two: NFS,
 * APFS). A data frame never crosses a point; the gap before one is filled
 * by a skippable frame whose payload carries the magic at each point it
 * covers. Readers that do not have the bug skip those frames as zstd says.
 */
#ifndef HWMSG_IO_ZLAYOUT_H
#define HWMSG_IO_ZLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#define HWMSG_ZL_WINDOW		131075u		/* ZSTD_DStreamInSize() */
#define HWMSG_ZL_POW2		(1u << 18)
#define HWMSG_ZL_SKIP_MAGIC	0x184d2a50u	/* skippable frame, padding */
#define HWMSG_ZL_SEEK_MAGIC	0x184d2a5eu	/* skippable: seek table */
#define HWMSG_ZL_SEEKABLE_MAGIC	0x8f92eab1u	/* zstd seekable format */
#define HWMSG_ZL_SKIP_HDR	8u
/* less room than this before a point is padded, not filled with a frame */
#define HWMSG_ZL_MIN_ROOM	512u

/* The first point after off. */
uint64_t hwmsg_zl_next_point(uint64_t off);
/* A data frame of len bytes at off may be written there. */
int hwmsg_zl_frame_fits(uint64_t off, size_t len);
/*
 * Length of the padding frame to put at off: it covers the next point(s)
 * and leaves at least HWMSG_ZL_MIN_ROOM before the point after it.
 */
size_t hwmsg_zl_pad_len(uint64_t off);
/* Fill buf[len] with the padding frame for off (magic at each point). */
void hwmsg_zl_pad_fill(uint8_t *buf, size_t len, uint64_t off);

#endif
