// SPDX-License-Identifier: GPL-2.0-or-later
/* Pending plain bytes -> zstd frames and padding, laid out by zlayout.h. */
#include <stdio.h>

#include "hwmsg/zlayout.h"
#include "zframes.h"

/* Room for len more bytes at the end of out; NULL when out of memory. */
static uint8_t *piece_room(struct zpieces *out, size_t len)
{
	if (!RESERVE(&out->buf, out->cap, out->len + len) ||
	    !RESERVE(&out->sizes, out->sizes_cap, 2 * (out->n + 1)))
		return NULL;
	return out->buf + out->len;
}

/* The len bytes laid out at piece_room's pointer become a piece. */
static void add_piece(struct zpieces *out, size_t len, size_t plain)
{
	out->len += len;
	out->sizes[2 * out->n] = (uint32_t)len;
	out->sizes[2 * out->n + 1] = (uint32_t)plain;
	out->n++;
}

static int put_pad(struct zframes *z, struct zpieces *out)
{
	size_t len = hwmsg_zl_pad_len(z->off);
	uint8_t *p = piece_room(out, len);

	if (!p)
		return -1;
	hwmsg_zl_pad_fill(p, len, z->off);
	add_piece(out, len, 0);
	z->off += len;
	return 0;
}

/*
 * The largest prefix of in from done on, at most limit long, that ends
 * where a pcapng block starts (so frames start at blocks: a reader can
 * jump to one). In a fresh window a block too large to fit is split.
 */
static size_t prefix_at_most(const struct zinput *in, size_t done,
			     size_t limit, bool fresh)
{
	size_t lo = 0, hi = in->ncuts;

	if (limit >= in->len - done)
		return in->len - done;
	while (lo < hi) {	/* first cut > done + limit */
		size_t mid = (lo + hi) / 2;

		if (in->cuts[mid] <= done + limit)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && in->cuts[lo - 1] > done)
		return in->cuts[lo - 1] - done;
	return fresh ? limit : 0;
}

int zframes_run(struct zframes *z, const struct zinput *in,
		struct zpieces *out, char *msg, size_t msg_len)
{
	size_t done = 0;

	while (done < in->len) {
		size_t room = hwmsg_zl_next_point(z->off) - z->off;
		size_t usable = room - HWMSG_ZL_SKIP_HDR;
		size_t left = in->len - done;
		bool fresh = room >= HWMSG_OUT_FRESH_ROOM;
		double guess = z->ratio * (double)usable * 0.95;
		size_t n, s = 0, cap = ZSTD_compressBound(left);
		uint8_t *p = piece_room(out, cap);
		int tries;

		if (!p)
			goto nomem;

		if (room < HWMSG_ZL_MIN_ROOM) {
			if (put_pad(z, out))
				goto nomem;
			continue;
		}
		n = prefix_at_most(in, done, guess >= (double)left ?
				   left : (size_t)guess, fresh);
		for (tries = 0; n && tries < 8; tries++) {
			/* straight into out: a frame that does not fit
			 * is overwritten by the next try or piece */
			s = ZSTD_compress2(z->zc, p, cap, in->buf + done, n);
			if (ZSTD_isError(s)) {
				snprintf(msg, msg_len, "zstd: %s",
					 ZSTD_getErrorName(s));
				return -1;
			}
			if (hwmsg_zl_frame_fits(z->off, s))
				break;
			guess = (double)n * (double)usable / (double)s * 0.9;
			n = guess < (double)n ?
			    prefix_at_most(in, done, (size_t)guess, fresh) : 0;
			s = 0;
		}
		if (!s) {	/* nothing fits here: the next window */
			if (put_pad(z, out))
				goto nomem;
			continue;
		}
		z->ratio = (double)n / (double)s;
		add_piece(out, s, n);
		z->off += s;
		done += n;
	}
	return 0;
nomem:
	snprintf(msg, msg_len, "zstd buffer: out of memory");
	return -1;
}
