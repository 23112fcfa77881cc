/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The writer's zstd frames: pending plain bytes in, compressed frames and
 * padding laid out for every reader (zlayout.h) out, in memory. Nothing
 * here touches a file: out.c writes the pieces, and may run this on its
 * compression thread while the capture goes on.
 */
#ifndef HWMSG_IO_ZFRAMES_H
#define HWMSG_IO_ZFRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#include <zstd.h>

/* With this much room before the next point a block may be split. */
#define HWMSG_OUT_FRESH_ROOM	(32u << 10)

/*
 * Make room for need elements of elem bytes at *p (capacity doubling);
 * false when out of memory, *p unchanged.
 */
#define RESERVE(p, cap, need) zf_reserve((void *)(p), &(cap), (need), \
					 sizeof(**(p)))
static inline bool zf_reserve(void *pp, size_t *cap, size_t need, size_t elem)
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

/* The compressor across calls: where the file's next byte goes. */
struct zframes {
	ZSTD_CCtx *zc;
	uint64_t off;		/* compressed bytes laid out so far */
	double ratio;		/* plain/compressed of the last frame */
};

/* Plain bytes to compress, and where in them pcapng blocks start. */
struct zinput {
	uint8_t *buf;
	size_t len, cap;
	uint32_t *cuts;
	size_t ncuts, cuts_cap;
};

/* What one run laid out: pieces back to back in buf, and per piece its
 * compressed and plain size (plain 0: padding), as the seek table has. */
struct zpieces {
	uint8_t *buf;
	size_t len, cap;
	uint32_t *sizes;
	size_t n, sizes_cap;
};

/*
 * Compress all of in (sized from the last frame's ratio, shrunk when the
 * guess was wrong, padded before each point) into pieces appended to out.
 * 0, or -1 with msg: the pieces laid out before the failure stay valid.
 */
int zframes_run(struct zframes *z, const struct zinput *in,
		struct zpieces *out, char *msg, size_t msg_len);

#endif
