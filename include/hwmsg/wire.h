/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The wire formats hwmsg deals in, defined once: EMAD frames (mlxsw), the
 * mlx4 ACCESS_REG mailbox (CMD_REG) and the devlink hwmsg record that our
 * capture files carry (LINKTYPE_USER15).
 *
 * This header is included by kernel modules, the userspace simulator, the
 * parsers and the Wireshark plugin alike, so it uses no libc: only fixed-width
 * types, which both <linux/types.h> and <stdint.h> provide.
 *
 * Field positions follow the kernel's MLXSW_ITEM32 convention: a big-endian
 * 32-bit word at byte offset OFF, value at bit SHIFT (LSB = 0), WIDTH bits.
 */
#ifndef HWMSG_WIRE_H
#define HWMSG_WIRE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif

#include "../uapi/linux/devlink_hwmsg.h"

/* ---- byte access: alignment-free, big-endian unless named _le ---------- */

static inline uint16_t hwmsg_get_be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t hwmsg_get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t hwmsg_get_be64(const uint8_t *p)
{
	return (uint64_t)hwmsg_get_be32(p) << 32 | hwmsg_get_be32(p + 4);
}

static inline void hwmsg_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void hwmsg_put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline void hwmsg_put_be64(uint8_t *p, uint64_t v)
{
	hwmsg_put_be32(p, (uint32_t)(v >> 32));
	hwmsg_put_be32(p + 4, (uint32_t)v);
}

static inline uint16_t hwmsg_get_le16(const uint8_t *p)
{
	return (uint16_t)(p[1] << 8 | p[0]);
}

static inline uint32_t hwmsg_get_le32(const uint8_t *p)
{
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[1] << 8 | p[0];
}

static inline uint64_t hwmsg_get_le64(const uint8_t *p)
{
	return (uint64_t)hwmsg_get_le32(p + 4) << 32 | hwmsg_get_le32(p);
}

static inline void hwmsg_put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static inline void hwmsg_put_le32(uint8_t *p, uint32_t v)
{
	hwmsg_put_le16(p, (uint16_t)v);
	hwmsg_put_le16(p + 2, (uint16_t)(v >> 16));
}

static inline void hwmsg_put_le64(uint8_t *p, uint64_t v)
{
	hwmsg_put_le32(p, (uint32_t)v);
	hwmsg_put_le32(p + 4, (uint32_t)(v >> 32));
}

/* ---- items: OFF.SHIFT/WIDTH inside big-endian 32-bit words ------------- */

static inline uint32_t hwmsg_item_mask(unsigned int width)
{
	return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

/* Caller guarantees off + 4 <= buffer length. */
static inline uint32_t hwmsg_item_get(const uint8_t *buf, unsigned int off,
				      unsigned int shift, unsigned int width)
{
	return (hwmsg_get_be32(buf + off) >> shift) & hwmsg_item_mask(width);
}

static inline void hwmsg_item_set(uint8_t *buf, unsigned int off,
				  unsigned int shift, unsigned int width,
				  uint32_t val)
{
	uint32_t mask = hwmsg_item_mask(width) << shift;
	uint32_t word = hwmsg_get_be32(buf + off);

	word = (word & ~mask) | ((val << shift) & mask);
	hwmsg_put_be32(buf + off, word);
}

/* ---- message types and directions ------------------------------------ */

/* enum hwmsg_type and enum hwmsg_dir: uapi/linux/devlink_hwmsg.h */

/* ---- EMAD --------------------------------------------------------------- */

#define HWMSG_EMAD_ETH_HDR_LEN		16
#define HWMSG_EMAD_ETHERTYPE		0x8932
#define HWMSG_EMAD_DMAC			{ 0x01, 0x02, 0xc9, 0x00, 0x00, 0x01 }
#define HWMSG_EMAD_SMAC			{ 0x00, 0x02, 0xc9, 0x01, 0x02, 0x03 }
#define HWMSG_EMAD_ETH_ETHERTYPE_OFF	12
#define HWMSG_EMAD_ETH_MLX_PROTO_OFF	14	/* byte */
#define HWMSG_EMAD_ETH_VER_OFF		15	/* upper nibble */

/* Every TLV header: type 0x00.27/5, length 0x00.16/11 in 32-bit words. */
#define HWMSG_EMAD_TLV_TYPE		0, 27, 5
#define HWMSG_EMAD_TLV_LEN		0, 16, 11
#define HWMSG_EMAD_TLV_HDR_LEN		4

enum hwmsg_emad_tlv_type {
	HWMSG_EMAD_TLV_END = 0,
	HWMSG_EMAD_TLV_OP = 1,
	HWMSG_EMAD_TLV_STRING = 2,
	HWMSG_EMAD_TLV_REG = 3,
	HWMSG_EMAD_TLV_LATENCY = 4,
};

/* TLV lengths in 32-bit words, header included. */
#define HWMSG_EMAD_OP_TLV_WORDS		4
#define HWMSG_EMAD_STRING_TLV_WORDS	33
#define HWMSG_EMAD_LATENCY_TLV_WORDS	7
#define HWMSG_EMAD_END_TLV_WORDS	1
#define HWMSG_EMAD_STRING_LEN		128	/* NUL-padded, at TLV + 4 */
#define HWMSG_EMAD_REG_TLV_WORDS(reg_len) ((reg_len) / 4 + 1)

/* OP TLV fields, relative to the TLV start. */
#define HWMSG_EMAD_OP_DR		0, 15, 1
#define HWMSG_EMAD_OP_STATUS		0, 8, 7
#define HWMSG_EMAD_OP_REGISTER_ID	4, 16, 16
#define HWMSG_EMAD_OP_R			4, 15, 1	/* 0 request, 1 response */
#define HWMSG_EMAD_OP_METHOD		4, 8, 7
#define HWMSG_EMAD_OP_CLASS		4, 0, 8
#define HWMSG_EMAD_OP_TID_OFF		8		/* 64-bit big-endian */

/* LATENCY TLV: latency_time 0x04.0/32, microseconds measured by firmware. */
#define HWMSG_EMAD_LATENCY_TIME		4, 0, 32

enum hwmsg_emad_method {
	HWMSG_EMAD_METHOD_QUERY = 1,
	HWMSG_EMAD_METHOD_WRITE = 2,
	HWMSG_EMAD_METHOD_SEND = 3,
	HWMSG_EMAD_METHOD_EVENT = 5,
};

enum hwmsg_emad_class {
	HWMSG_EMAD_CLASS_REG_ACCESS = 1,
	HWMSG_EMAD_CLASS_IPC = 2,
};

enum hwmsg_emad_status {
	HWMSG_EMAD_STATUS_OK = 0,
	HWMSG_EMAD_STATUS_BUSY = 1,
	HWMSG_EMAD_STATUS_VERSION_NOT_SUPPORTED = 2,
	HWMSG_EMAD_STATUS_UNKNOWN_TLV = 3,
	HWMSG_EMAD_STATUS_REGISTER_NOT_SUPPORTED = 4,
	HWMSG_EMAD_STATUS_CLASS_NOT_SUPPORTED = 5,
	HWMSG_EMAD_STATUS_METHOD_NOT_SUPPORTED = 6,
	HWMSG_EMAD_STATUS_BAD_PARAMETER = 7,
	HWMSG_EMAD_STATUS_RESOURCE_NOT_AVAILABLE = 8,
	HWMSG_EMAD_STATUS_MESSAGE_RECEIPT_ACK = 9,
	HWMSG_EMAD_STATUS_INTERNAL_ERROR = 0x70,
};

/* The operation an EMAD or a CMD_REG mailbox carries. */
struct hwmsg_emad_op {
	uint64_t tid;
	uint16_t reg_id;
	uint8_t method;
	uint8_t cls;
	uint8_t status;
	bool response;
	bool dr;
};

/* Optional TLVs an EMAD carries between OP and REG. */
struct hwmsg_emad_extras {
	const char *fw_string;	/* STRING TLV when non-NULL */
	bool has_latency;	/* LATENCY TLV when set */
	uint32_t latency_us;
};

static inline size_t hwmsg_emad_frame_len(uint32_t reg_len,
					  const struct hwmsg_emad_extras *x)
{
	size_t words = HWMSG_EMAD_OP_TLV_WORDS +
		       HWMSG_EMAD_REG_TLV_WORDS(reg_len) +
		       HWMSG_EMAD_END_TLV_WORDS;

	if (x && x->fw_string)
		words += HWMSG_EMAD_STRING_TLV_WORDS;
	if (x && x->has_latency)
		words += HWMSG_EMAD_LATENCY_TLV_WORDS;
	return HWMSG_EMAD_ETH_HDR_LEN + words * 4;
}

static inline void hwmsg_emad_tlv_hdr(uint8_t *p, unsigned int type,
				      unsigned int words)
{
	hwmsg_put_be32(p, 0);
	hwmsg_item_set(p, HWMSG_EMAD_TLV_TYPE, type);
	hwmsg_item_set(p, HWMSG_EMAD_TLV_LEN, words);
}

/*
 * Build a whole EMAD frame (Ethernet header, OP, [STRING], [LATENCY], REG,
 * END) as mlxsw puts it on the wire, tx header stripped. reg_len must be a
 * multiple of 4. Returns the frame length, or 0 when cap is too small.
 */
static inline size_t hwmsg_emad_build(uint8_t *buf, size_t cap,
				      const struct hwmsg_emad_op *op,
				      const struct hwmsg_emad_extras *x,
				      const uint8_t *reg, uint32_t reg_len)
{
	static const uint8_t dmac[6] = HWMSG_EMAD_DMAC;
	static const uint8_t smac[6] = HWMSG_EMAD_SMAC;
	size_t len = hwmsg_emad_frame_len(reg_len, x);
	uint8_t *p = buf;
	size_t i;

	if (len > cap || reg_len % 4)
		return 0;
	for (i = 0; i < 6; i++) {
		p[i] = dmac[i];
		p[6 + i] = smac[i];
	}
	hwmsg_put_be16(p + HWMSG_EMAD_ETH_ETHERTYPE_OFF, HWMSG_EMAD_ETHERTYPE);
	p[HWMSG_EMAD_ETH_MLX_PROTO_OFF] = 0;
	p[HWMSG_EMAD_ETH_VER_OFF] = 0;
	p += HWMSG_EMAD_ETH_HDR_LEN;

	hwmsg_emad_tlv_hdr(p, HWMSG_EMAD_TLV_OP, HWMSG_EMAD_OP_TLV_WORDS);
	hwmsg_item_set(p, HWMSG_EMAD_OP_DR, op->dr);
	hwmsg_item_set(p, HWMSG_EMAD_OP_STATUS, op->status);
	hwmsg_put_be32(p + 4, 0);
	hwmsg_item_set(p, HWMSG_EMAD_OP_REGISTER_ID, op->reg_id);
	hwmsg_item_set(p, HWMSG_EMAD_OP_R, op->response);
	hwmsg_item_set(p, HWMSG_EMAD_OP_METHOD, op->method);
	hwmsg_item_set(p, HWMSG_EMAD_OP_CLASS, op->cls);
	hwmsg_put_be64(p + HWMSG_EMAD_OP_TID_OFF, op->tid);
	p += HWMSG_EMAD_OP_TLV_WORDS * 4;

	if (x && x->fw_string) {
		const char *s = x->fw_string;
		size_t n = 0;

		hwmsg_emad_tlv_hdr(p, HWMSG_EMAD_TLV_STRING,
				   HWMSG_EMAD_STRING_TLV_WORDS);
		/* keep the last byte NUL so the string is terminated */
		while (n < HWMSG_EMAD_STRING_LEN - 1 && s[n])
			n++;
		__builtin_memcpy(p + 4, s, n);
		__builtin_memset(p + 4 + n, 0, HWMSG_EMAD_STRING_LEN - n);
		p += HWMSG_EMAD_STRING_TLV_WORDS * 4;
	}
	if (x && x->has_latency) {
		hwmsg_emad_tlv_hdr(p, HWMSG_EMAD_TLV_LATENCY,
				   HWMSG_EMAD_LATENCY_TLV_WORDS);
		__builtin_memset(p + 4, 0, HWMSG_EMAD_LATENCY_TLV_WORDS * 4 - 4);
		hwmsg_put_be32(p + 4, x->latency_us);
		p += HWMSG_EMAD_LATENCY_TLV_WORDS * 4;
	}

	hwmsg_emad_tlv_hdr(p, HWMSG_EMAD_TLV_REG,
			   HWMSG_EMAD_REG_TLV_WORDS(reg_len));
	/* __builtin_: the kernel includes this header too */
	if (reg)
		__builtin_memcpy(p + 4, reg, reg_len);
	else
		__builtin_memset(p + 4, 0, reg_len);
	p += 4 + reg_len;

	hwmsg_emad_tlv_hdr(p, HWMSG_EMAD_TLV_END, HWMSG_EMAD_END_TLV_WORDS);
	return len;
}

/* ---- CMD_REG: the mlx4 ACCESS_REG mailbox ------------------------------- */
/*
 * An EMAD OP TLV without tid, then a REG TLV header, then the register:
 *   0  be16 constant1 = 1 << 11 | 4     (OP TLV type 1, 4 words)
 *   2  u8   status & 0x7f
 *   3  u8   reserved
 *   4  be16 reg_id
 *   6  u8   method & 0x7f               (QUERY 1, WRITE 2)
 *   7  u8   constant2 = 1               (class REG_ACCESS)
 *   8  be32 reserved[2]
 *  16  be16 len_const = (reg_len / 4 + 1) & 0x7ff | 3 << 12
 *  18  be16 reserved
 *  20  register data
 */
#define HWMSG_CMDREG_HDR_LEN		20
#define HWMSG_CMDREG_CONSTANT1		(1 << 11 | 4)
#define HWMSG_CMDREG_CONSTANT2		1
#define HWMSG_CMDREG_LEN_MASK		0x7ff
#define HWMSG_CMDREG_LEN_CONST		(3 << 12)
#define HWMSG_CMDREG_STATUS_OFF		2
#define HWMSG_CMDREG_REG_ID_OFF		4
#define HWMSG_CMDREG_METHOD_OFF		6
#define HWMSG_CMDREG_CONSTANT2_OFF	7
#define HWMSG_CMDREG_LEN_CONST_OFF	16
#define HWMSG_CMDREG_METHOD_MASK	0x7f

static inline size_t hwmsg_cmdreg_build(uint8_t *buf, size_t cap,
					uint16_t reg_id, uint8_t method,
					uint8_t status, const uint8_t *reg,
					uint32_t reg_len)
{
	size_t len = HWMSG_CMDREG_HDR_LEN + (size_t)reg_len;

	if (len > cap || reg_len % 4)
		return 0;
	__builtin_memset(buf, 0, HWMSG_CMDREG_HDR_LEN);
	hwmsg_put_be16(buf, HWMSG_CMDREG_CONSTANT1);
	buf[HWMSG_CMDREG_STATUS_OFF] = status & 0x7f;
	hwmsg_put_be16(buf + HWMSG_CMDREG_REG_ID_OFF, reg_id);
	buf[HWMSG_CMDREG_METHOD_OFF] = method & HWMSG_CMDREG_METHOD_MASK;
	buf[HWMSG_CMDREG_CONSTANT2_OFF] = HWMSG_CMDREG_CONSTANT2;
	hwmsg_put_be16(buf + HWMSG_CMDREG_LEN_CONST_OFF,
		       (uint16_t)(((reg_len / 4 + 1) & HWMSG_CMDREG_LEN_MASK) |
				  HWMSG_CMDREG_LEN_CONST));
	if (reg)
		__builtin_memcpy(buf + HWMSG_CMDREG_HDR_LEN, reg, reg_len);
	else
		__builtin_memset(buf + HWMSG_CMDREG_HDR_LEN, 0, reg_len);
	return len;
}

/* ---- the devlink hwmsg record (LINKTYPE_USER15 packets) ----------------- */
/*
 * A packet is a sequence of TLVs: u16 tag, u16 length, value, little-endian,
 * no padding -- exactly what Mellanox's devlink-hwmsg.py writes (tags 0-5).
 * Tags from 6 on are hwmsg extensions; readers skip tags they do not know.
 * See docs/format.md.
 */
#define HWMSG_LINKTYPE			162	/* LINKTYPE_USER15 */
#define HWMSG_REC_TLV_HDR_LEN		4

enum hwmsg_rec_tag {
	HWMSG_REC_BUS_NAME = 0,		/* string, NUL-terminated */
	HWMSG_REC_DEV_NAME = 1,		/* string, NUL-terminated */
	HWMSG_REC_DRIVER_NAME = 2,	/* string, NUL-terminated */
	HWMSG_REC_INCOMING = 3,		/* u8: 1 from hardware, 0 to it */
	HWMSG_REC_TYPE = 4,		/* u16: enum hwmsg_type */
	HWMSG_REC_BUF = 5,		/* the message bytes */
	/* hwmsg extensions */
	HWMSG_REC_DEVLINK_INDEX = 6,	/* u32 */
	HWMSG_REC_SEQ = 7,		/* u64: source sequence number */
	HWMSG_REC_ORIG_LEN = 8,		/* u32: length before truncation */
};

#endif /* HWMSG_WIRE_H */
