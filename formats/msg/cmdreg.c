// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mlx4 ACCESS_REG mailbox: an EMAD OP TLV without tid, a REG TLV header
 * (len_const) and the register. Its constants are checked so that a buffer
 * that is not a mailbox is reported, not decoded into nonsense.
 */
#include <string.h>

#include "hwmsg/msg.h"

static int check_constants(const uint8_t *buf, struct hwmsg_err *err)
{
	uint16_t c1 = hwmsg_get_be16(buf);
	uint8_t c2 = buf[HWMSG_CMDREG_CONSTANT2_OFF];
	uint16_t lc = hwmsg_get_be16(buf + HWMSG_CMDREG_LEN_CONST_OFF);

	if (c1 != HWMSG_CMDREG_CONSTANT1)
		return hwmsg_errf(err, 0,
				  "offset 0: constant1 is 0x%04x, expected 0x%04x",
				  c1, HWMSG_CMDREG_CONSTANT1);
	if (c2 != HWMSG_CMDREG_CONSTANT2)
		return hwmsg_errf(err, HWMSG_CMDREG_CONSTANT2_OFF,
				  "offset %d: constant2 is 0x%02x, expected 0x%02x",
				  HWMSG_CMDREG_CONSTANT2_OFF, c2,
				  HWMSG_CMDREG_CONSTANT2);
	if ((lc & ~HWMSG_CMDREG_LEN_MASK) != HWMSG_CMDREG_LEN_CONST)
		return hwmsg_errf(err, HWMSG_CMDREG_LEN_CONST_OFF,
				  "offset %d: len_const 0x%04x: constant bits 0x%04x, expected 0x%04x",
				  HWMSG_CMDREG_LEN_CONST_OFF, lc,
				  lc & ~HWMSG_CMDREG_LEN_MASK,
				  HWMSG_CMDREG_LEN_CONST);
	if (!(lc & HWMSG_CMDREG_LEN_MASK))
		return hwmsg_errf(err, HWMSG_CMDREG_LEN_CONST_OFF,
				  "offset %d: len_const 0x%04x: length 0 words, needs at least 1",
				  HWMSG_CMDREG_LEN_CONST_OFF, lc);
	return 0;
}

/*
 * The register runs past the bytes there: cut by the capture when the
 * mailbox was that long (orig_len), else a bad length. Either way the bytes
 * there are decoded: returns 1.
 */
static int short_reg(struct hwmsg_msg *msg, size_t len, size_t orig_len,
		     uint32_t reg_len, struct hwmsg_err *err)
{
	struct hwmsg_tlv_ref *t = &msg->tlvs[1];
	size_t left = len - HWMSG_CMDREG_HDR_LEN;

	msg->reg_len = (uint32_t)left;
	t->cap_len = (uint32_t)(len - t->offset);
	if (HWMSG_CMDREG_HDR_LEN + (size_t)reg_len <= orig_len) {
		t->flags |= HWMSG_TLV_CUT;
		msg->flags |= HWMSG_MSGF_CUT;
		hwmsg_errf(err, HWMSG_CMDREG_HDR_LEN,
			   "offset %d: register cut by the capture (%zu of %u bytes)",
			   HWMSG_CMDREG_HDR_LEN, left, reg_len);
		return 1;
	}
	t->flags |= HWMSG_TLV_BAD_LEN;
	hwmsg_errf(err, HWMSG_CMDREG_HDR_LEN,
		   "offset %d: register of %u bytes (len_const) exceeds mailbox (%zu bytes left)",
		   HWMSG_CMDREG_HDR_LEN, reg_len, left);
	return 1;
}

static void fill(const uint8_t *buf, uint8_t dir, uint32_t words,
		 struct hwmsg_msg *msg)
{
	msg->op.tid = 0;
	msg->op.status = buf[HWMSG_CMDREG_STATUS_OFF] & 0x7f;
	msg->op.reg_id = hwmsg_get_be16(buf + HWMSG_CMDREG_REG_ID_OFF);
	msg->op.method = buf[HWMSG_CMDREG_METHOD_OFF] &
			 HWMSG_CMDREG_METHOD_MASK;
	msg->op.cls = HWMSG_EMAD_CLASS_REG_ACCESS;
	msg->op.response = dir == HWMSG_DIR_FROM_HW;
	msg->reg = buf + HWMSG_CMDREG_HDR_LEN;
	msg->reg_len = (words - 1) * 4;
	msg->has_reg = true;

	msg->tlvs[0].type = HWMSG_EMAD_TLV_OP;
	msg->tlvs[0].offset = 0;
	msg->tlvs[0].len = msg->tlvs[0].cap_len = HWMSG_EMAD_OP_TLV_WORDS * 4;
	msg->tlvs[1].type = HWMSG_EMAD_TLV_REG;
	msg->tlvs[1].offset = HWMSG_CMDREG_LEN_CONST_OFF;
	msg->tlvs[1].len = msg->tlvs[1].cap_len = words * 4;
	msg->n_tlvs = 2;
}

int hwmsg_cmdreg_parse_cut(const uint8_t *buf, size_t len, size_t orig_len,
			   uint8_t dir, struct hwmsg_msg *msg,
			   struct hwmsg_err *err)
{
	uint32_t words, reg_len;

	memset(msg, 0, sizeof(*msg));
	msg->type = HWMSG_TYPE_MLX_CMD_REG;
	if (!buf)
		len = 0;
	if (len < HWMSG_CMDREG_HDR_LEN)
		return hwmsg_errf(err, 0,
				  "offset 0: mailbox of %zu bytes is shorter than its %d-byte header",
				  len, HWMSG_CMDREG_HDR_LEN);
	if (dir > HWMSG_DIR_FROM_HW)
		return hwmsg_errf(err, 0, "direction %u is neither to_hw nor from_hw",
				  dir);
	if (check_constants(buf, err))
		return -1;

	words = hwmsg_get_be16(buf + HWMSG_CMDREG_LEN_CONST_OFF) &
		HWMSG_CMDREG_LEN_MASK;
	fill(buf, dir, words, msg);
	reg_len = (words - 1) * 4;
	if (reg_len > len - HWMSG_CMDREG_HDR_LEN)
		return short_reg(msg, len, orig_len, reg_len, err);
	return 0;
}

int hwmsg_cmdreg_parse(const uint8_t *buf, size_t len, uint8_t dir,
		       struct hwmsg_msg *msg, struct hwmsg_err *err)
{
	return hwmsg_cmdreg_parse_cut(buf, len, len, dir, msg, err);
}
