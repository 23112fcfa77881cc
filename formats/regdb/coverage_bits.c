// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A mask of payload bits as positions in the database's own notation:
 * runs of set bits within one big-endian 32-bit word as OFF.SHIFT/WIDTH
 * (OFF.SHIFT for a single bit), the way the layouts write their fields.
 */
#include <stdio.h>

#include "regdb_int.h"

static unsigned int mask_bit(const uint8_t *mask, uint32_t len, uint32_t off,
			     unsigned int shift)
{
	uint32_t byte = off + 3 - shift / 8;

	return byte < len ? mask[byte] >> (shift % 8) & 1 : 0;
}

/* Appends one run; false when buf is full ("..." ends it then). */
static bool put_run(char *buf, size_t size, size_t *used, uint32_t off,
		    unsigned int lo, unsigned int width)
{
	int n;

	if (width == 1)
		n = snprintf(buf + *used, size - *used, "%s0x%02x.%u",
			     *used ? " " : "", off, lo);
	else
		n = snprintf(buf + *used, size - *used, "%s0x%02x.%u/%u",
			     *used ? " " : "", off, lo, width);
	if (n < 0 || (size_t)n >= size - *used - 4) {
		snprintf(buf + *used, size - *used, "%s...",
			 *used ? " " : "");
		return false;
	}
	*used += (size_t)n;
	return true;
}

const char *hwmsg_reg_bits_str(const uint8_t *mask, uint32_t len, char *buf,
			       size_t size)
{
	size_t used = 0;
	uint32_t off;
	int s;

	if (!size)
		return buf;
	buf[0] = '\0';
	if (size < 8)
		return buf;
	for (off = 0; off < len; off += 4) {
		for (s = 31; s >= 0; s--) {
			int top = s;

			if (!mask_bit(mask, len, off, (unsigned int)s))
				continue;
			while (s > 0 && mask_bit(mask, len, off,
						 (unsigned int)s - 1))
				s--;
			if (!put_run(buf, size, &used, off, (unsigned int)s,
				     (unsigned int)(top - s + 1)))
				return buf;
		}
	}
	return buf;
}
