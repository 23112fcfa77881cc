// SPDX-License-Identifier: GPL-2.0-or-later
/* Lay out pcapng blocks (little-endian) for the writer. */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/wire.h"
#include "pcapng.h"

static uint8_t *room(struct pcapng_blk *b, size_t n)
{
	if (b->nomem)
		return NULL;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		uint8_t *p;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->buf, cap);
		if (!p) {
			b->nomem = 1;
			return NULL;
		}
		b->buf = p;
		b->cap = cap;
	}
	b->len += n;
	return b->buf + b->len - n;
}

void pcapng_begin(struct pcapng_blk *b, uint32_t type)
{
	b->len = 0;
	b->nomem = 0;
	pcapng_u32(b, type);
	pcapng_u32(b, 0);	/* total length, filled in by pcapng_end */
}

void pcapng_u16(struct pcapng_blk *b, uint16_t v)
{
	uint8_t *p = room(b, 2);

	if (p)
		hwmsg_put_le16(p, v);
}

void pcapng_u32(struct pcapng_blk *b, uint32_t v)
{
	uint8_t *p = room(b, 4);

	if (p)
		hwmsg_put_le32(p, v);
}

void pcapng_ts(struct pcapng_blk *b, uint64_t ts)
{
	pcapng_u32(b, (uint32_t)(ts >> 32));
	pcapng_u32(b, (uint32_t)ts);
}

uint8_t *pcapng_reserve(struct pcapng_blk *b, size_t len)
{
	size_t padded = (len + 3) & ~(size_t)3;
	uint8_t *p = room(b, padded);

	if (p)
		memset(p + len, 0, padded - len);
	return p;
}

void pcapng_data(struct pcapng_blk *b, const void *data, size_t len)
{
	uint8_t *p = pcapng_reserve(b, len);

	if (p && len)
		memcpy(p, data, len);
}

void pcapng_opt(struct pcapng_blk *b, uint16_t code, const void *val,
		uint16_t len)
{
	pcapng_u16(b, code);
	pcapng_u16(b, len);
	pcapng_data(b, val, len);
}

void pcapng_opt_str(struct pcapng_blk *b, uint16_t code, const char *s)
{
	size_t len = strlen(s);

	/* option values are UTF-8 without a terminating NUL */
	if (len > UINT16_MAX)
		len = UINT16_MAX;
	pcapng_opt(b, code, s, (uint16_t)len);
}

void pcapng_opt_u64(struct pcapng_blk *b, uint16_t code, uint64_t v)
{
	uint8_t val[8];

	hwmsg_put_le64(val, v);
	pcapng_opt(b, code, val, sizeof(val));
}

void pcapng_opt_ts(struct pcapng_blk *b, uint16_t code, uint64_t ts)
{
	uint8_t val[8];

	hwmsg_put_le32(val, (uint32_t)(ts >> 32));
	hwmsg_put_le32(val + 4, (uint32_t)ts);
	pcapng_opt(b, code, val, sizeof(val));
}

int pcapng_end(struct pcapng_blk *b, int with_opts)
{
	if (with_opts)
		pcapng_opt(b, PCAPNG_OPT_END, NULL, 0);
	pcapng_u32(b, 0);	/* trailing total length */
	if (b->nomem)
		return -1;
	hwmsg_put_le32(b->buf + 4, (uint32_t)b->len);
	hwmsg_put_le32(b->buf + b->len - 4, (uint32_t)b->len);
	return 0;
}

void pcapng_blk_free(struct pcapng_blk *b)
{
	free(b->buf);
	memset(b, 0, sizeof(*b));
}
