// SPDX-License-Identifier: GPL-2.0-or-later
/* Where zstd frames may go: see zlayout.h for the reader this serves. */
#include <string.h>

#include "hwmsg/wire.h"
#include "in.h"
#include "hwmsg/zlayout.h"

static uint64_t next_multiple(uint64_t off, uint64_t step)
{
	return (off / step + 1) * step;
}

uint64_t hwmsg_zl_next_point(uint64_t off)
{
	uint64_t a = next_multiple(off, HWMSG_ZL_WINDOW);
	uint64_t b = next_multiple(off, HWMSG_ZL_POW2);

	return a < b ? a : b;
}

int hwmsg_zl_frame_fits(uint64_t off, size_t len)
{
	/* room for a padding frame's header must stay before the point */
	return off + len + HWMSG_ZL_SKIP_HDR <= hwmsg_zl_next_point(off);
}

size_t hwmsg_zl_pad_len(uint64_t off)
{
	uint64_t p = hwmsg_zl_next_point(off), end;

	/* a point under the pad's own header cannot carry the magic; the
	 * writer never leaves one there, but stay a valid frame if it did */
	while (p < off + HWMSG_ZL_SKIP_HDR)
		p = hwmsg_zl_next_point(p);
	end = p + 4;
	for (;;) {
		uint64_t q = hwmsg_zl_next_point(p);

		if (q < end) {		/* points 1-3 bytes apart, gigabytes
					 * into a file: one magic for both */
			p = q;
			continue;
		}
		if (q - end >= HWMSG_ZL_MIN_ROOM)
			break;
		p = q;
		end = q + 4;
	}
	return (size_t)(end - off);
}

void hwmsg_zl_pad_fill(uint8_t *buf, size_t len, uint64_t off)
{
	uint64_t p;

	memset(buf, 0, len);
	hwmsg_put_le32(buf, HWMSG_ZL_SKIP_MAGIC);
	hwmsg_put_le32(buf + 4, (uint32_t)(len - HWMSG_ZL_SKIP_HDR));
	for (p = hwmsg_zl_next_point(off); p + 4 <= off + len;
	     p = hwmsg_zl_next_point(p))
		if (p >= off + HWMSG_ZL_SKIP_HDR)
			hwmsg_put_le32(buf + (p - off), HWMSG_ZSTD_MAGIC);
}
