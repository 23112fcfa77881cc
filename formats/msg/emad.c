// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EMAD frames: Ethernet header, then OP, [STRING], [LATENCY], REG, END TLVs.
 * Every read is checked against the bytes left before it happens.
 */
#include <stdio.h>
#include <string.h>

#include "hwmsg/msg.h"

static const char *tlv_name(unsigned int type, char *buf, size_t cap)
{
	const char *name = hwmsg_name_lookup(hwmsg_emad_tlv_names, type);

	if (name)
		return name;
	snprintf(buf, cap, "type %u", type);
	return buf;
}

static void parse_op(const uint8_t *p, struct hwmsg_msg *msg)
{
	struct hwmsg_emad_op *op = &msg->op;

	op->dr = hwmsg_item_get(p, HWMSG_EMAD_OP_DR);
	op->status = (uint8_t)hwmsg_item_get(p, HWMSG_EMAD_OP_STATUS);
	op->reg_id = (uint16_t)hwmsg_item_get(p, HWMSG_EMAD_OP_REGISTER_ID);
	op->response = hwmsg_item_get(p, HWMSG_EMAD_OP_R);
	op->method = (uint8_t)hwmsg_item_get(p, HWMSG_EMAD_OP_METHOD);
	op->cls = (uint8_t)hwmsg_item_get(p, HWMSG_EMAD_OP_CLASS);
	op->tid = hwmsg_get_be64(p + HWMSG_EMAD_OP_TID_OFF);
}

static void parse_string(const uint8_t *p, size_t tlv_len,
			 struct hwmsg_msg *msg)
{
	size_t n = tlv_len - HWMSG_EMAD_TLV_HDR_LEN;

	if (n > HWMSG_EMAD_STRING_LEN)
		n = HWMSG_EMAD_STRING_LEN;
	memcpy(msg->fw_string, p + HWMSG_EMAD_TLV_HDR_LEN, n);
	msg->fw_string[n] = '\0';
	msg->has_fw_string = true;
}

/* Checks that depend on the TLV type; 0 or -1 with err set. */
static int parse_tlv(const uint8_t *p, size_t off, unsigned int type,
		     size_t tlv_len, const char *name, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	switch (type) {
	case HWMSG_EMAD_TLV_OP:
		if (msg->n_tlvs > 1)
			return hwmsg_errf(err, off,
					  "offset %zu: second OP TLV", off);
		if (tlv_len != HWMSG_EMAD_OP_TLV_WORDS * 4)
			return hwmsg_errf(err, off,
					  "offset %zu: OP TLV: length %zu words, expected %d",
					  off, tlv_len / 4,
					  HWMSG_EMAD_OP_TLV_WORDS);
		parse_op(p, msg);
		return 0;
	case HWMSG_EMAD_TLV_STRING:
		parse_string(p, tlv_len, msg);
		return 0;
	case HWMSG_EMAD_TLV_LATENCY:
		if (tlv_len < 8)
			return hwmsg_errf(err, off,
					  "offset %zu: %s TLV: length %zu words, needs at least 2",
					  off, name, tlv_len / 4);
		msg->latency_us = hwmsg_item_get(p, HWMSG_EMAD_LATENCY_TIME);
		msg->has_latency = true;
		return 0;
	case HWMSG_EMAD_TLV_REG:
		if (msg->has_reg)
			return hwmsg_errf(err, off,
					  "offset %zu: second REG TLV", off);
		msg->reg = p + HWMSG_EMAD_TLV_HDR_LEN;
		msg->reg_len = (uint32_t)(tlv_len - HWMSG_EMAD_TLV_HDR_LEN);
		msg->has_reg = true;
		return 0;
	case HWMSG_EMAD_TLV_END:
		msg->has_end = true;
		return 0;
	default:
		msg->n_unknown++;
		return 0;
	}
}

static int parse_eth(const uint8_t *buf, size_t len, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	uint16_t ethertype;

	if (len < HWMSG_EMAD_ETH_HDR_LEN)
		return hwmsg_errf(err, 0,
				  "offset 0: frame of %zu bytes is shorter than the Ethernet header (%d)",
				  len, HWMSG_EMAD_ETH_HDR_LEN);
	ethertype = hwmsg_get_be16(buf + HWMSG_EMAD_ETH_ETHERTYPE_OFF);
	if (ethertype != HWMSG_EMAD_ETHERTYPE)
		return hwmsg_errf(err, HWMSG_EMAD_ETH_ETHERTYPE_OFF,
				  "offset %d: ethertype 0x%04x, expected 0x%04x (EMAD)",
				  HWMSG_EMAD_ETH_ETHERTYPE_OFF, ethertype,
				  HWMSG_EMAD_ETHERTYPE);
	/* other protocol versions are decoded as version 0, callers may flag */
	msg->mlx_proto = buf[HWMSG_EMAD_ETH_MLX_PROTO_OFF];
	msg->ver = buf[HWMSG_EMAD_ETH_VER_OFF] >> 4;
	return 0;
}

int hwmsg_emad_parse(const uint8_t *buf, size_t len, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	size_t off = HWMSG_EMAD_ETH_HDR_LEN;
	char namebuf[16];

	memset(msg, 0, sizeof(*msg));
	msg->type = HWMSG_TYPE_MLX_EMAD;
	if (!buf)
		len = 0;
	if (parse_eth(buf, len, msg, err))
		return -1;

	while (off < len && !msg->has_end) {
		size_t left = len - off, tlv_len;
		const uint8_t *p = buf + off;
		unsigned int type;
		const char *name;

		if (left < HWMSG_EMAD_TLV_HDR_LEN)
			return hwmsg_errf(err, off,
					  "offset %zu: TLV header needs 4 bytes, %zu left",
					  off, left);
		type = hwmsg_item_get(p, HWMSG_EMAD_TLV_TYPE);
		tlv_len = (size_t)hwmsg_item_get(p, HWMSG_EMAD_TLV_LEN) * 4;
		name = tlv_name(type, namebuf, sizeof(namebuf));
		if (!msg->n_tlvs && type != HWMSG_EMAD_TLV_OP)
			return hwmsg_errf(err, off,
					  "offset %zu: first TLV is %s, expected OP",
					  off, name);
		if (!tlv_len)
			return hwmsg_errf(err, off,
					  "offset %zu: %s TLV: length 0 words",
					  off, name);
		if (tlv_len > left)
			return hwmsg_errf(err, off,
					  "offset %zu: %s TLV: length %zu words exceeds frame (%zu bytes left)",
					  off, name, tlv_len / 4, left);
		if (msg->n_tlvs == HWMSG_MSG_MAX_TLVS)
			return hwmsg_errf(err, off,
					  "offset %zu: more than %d TLVs", off,
					  HWMSG_MSG_MAX_TLVS);
		msg->tlvs[msg->n_tlvs].type = (uint8_t)type;
		msg->tlvs[msg->n_tlvs].offset = (uint32_t)off;
		msg->tlvs[msg->n_tlvs].len = (uint32_t)tlv_len;
		msg->n_tlvs++;
		if (parse_tlv(p, off, type, tlv_len, name, msg, err))
			return -1;
		off += tlv_len;
	}

	if (!msg->n_tlvs)
		return hwmsg_errf(err, off,
				  "offset %zu: no OP TLV after the Ethernet header",
				  off);
	if (!msg->has_reg)
		return hwmsg_errf(err, off, "offset %zu: no REG TLV", off);
	return 0;
}
