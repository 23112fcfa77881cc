/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The pcapng block and option codes the writer emits (values from the pcapng
 * specification, draft-ietf-opsawg-pcapng), and a builder that lays out one
 * block at a time in a growable buffer, little-endian.
 */
#ifndef HWMSG_IO_PCAPNG_H
#define HWMSG_IO_PCAPNG_H

#include <stddef.h>
#include <stdint.h>

#define PCAPNG_SHB		0x0a0d0d0au
#define PCAPNG_IDB		0x00000001u
#define PCAPNG_ISB		0x00000005u
#define PCAPNG_EPB		0x00000006u
#define PCAPNG_BYTE_ORDER_MAGIC	0x1a2b3c4du

#define PCAPNG_OPT_END		0
#define PCAPNG_OPT_COMMENT	1
#define PCAPNG_SHB_HARDWARE	2
#define PCAPNG_SHB_OS		3
#define PCAPNG_SHB_USERAPPL	4
#define PCAPNG_IF_NAME		2
#define PCAPNG_IF_DESCRIPTION	3
#define PCAPNG_IF_TSRESOL	9
/* local use (high bit): the device's name as received, when if_name had to
 * be escaped (Wireshark prints if_name raw in its frame lines) */
#define PCAPNG_IF_HWMSG_RAW_NAME 0x8001
#define PCAPNG_EPB_FLAGS	2
#define PCAPNG_ISB_STARTTIME	2
#define PCAPNG_ISB_ENDTIME	3
#define PCAPNG_ISB_IFRECV	4
#define PCAPNG_ISB_IFDROP	5
#define PCAPNG_ISB_FILTERACCEPT	6

#define PCAPNG_EPB_FLAG_INBOUND	1
#define PCAPNG_EPB_FLAG_OUTBOUND 2

/* One block under construction; buf grows as needed and is reused. */
struct pcapng_blk {
	uint8_t *buf;
	size_t cap;
	size_t len;
	int nomem;	/* an allocation failed: the block is unusable */
};

void pcapng_begin(struct pcapng_blk *b, uint32_t type);
void pcapng_u16(struct pcapng_blk *b, uint16_t v);
void pcapng_u32(struct pcapng_blk *b, uint32_t v);
/* A timestamp as two u32 words, high first (EPB, ISB, isb_*time). */
void pcapng_ts(struct pcapng_blk *b, uint64_t ts);
/* Bytes padded with zeros to a multiple of 4. */
void pcapng_data(struct pcapng_blk *b, const void *data, size_t len);
/* Room for len bytes (zero-padded to 4) to fill in place; NULL: ENOMEM. */
uint8_t *pcapng_reserve(struct pcapng_blk *b, size_t len);
void pcapng_opt(struct pcapng_blk *b, uint16_t code, const void *val,
		uint16_t len);
void pcapng_opt_str(struct pcapng_blk *b, uint16_t code, const char *s);
void pcapng_opt_u64(struct pcapng_blk *b, uint16_t code, uint64_t v);
/* A timestamp option (isb_starttime): high u32, then low u32. */
void pcapng_opt_ts(struct pcapng_blk *b, uint16_t code, uint64_t ts);
/* Adds opt_endofopt when with_opts, fills both length fields. -1: ENOMEM. */
int pcapng_end(struct pcapng_blk *b, int with_opts);
void pcapng_blk_free(struct pcapng_blk *b);

#endif
