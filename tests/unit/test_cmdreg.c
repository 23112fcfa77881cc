// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mlx4 ACCESS_REG mailbox: a PTYS write written out byte by byte from
 * the layout in wire.h, the builder against it, and every broken variant.
 */
#include <stdlib.h>

#include "hwmsg/msg.h"
#include "../test.h"

#define REG_LEN		0x40
#define MBOX_LEN	(20 + REG_LEN)

static void hand_mailbox(uint8_t *b)
{
	static const uint8_t head[20] = {
		0x08, 0x04,		/* constant1: 1 << 11 | 4 */
		0x00,			/* status */
		0x00,
		0x50, 0x04,		/* reg_id PTYS */
		0x02,			/* method write */
		0x01,			/* constant2 */
		0, 0, 0, 0, 0, 0, 0, 0,
		0x30, 0x11,		/* len_const: 17 words | 3 << 12 */
		0x00, 0x00,
	};
	unsigned int i;

	memcpy(b, head, sizeof(head));
	for (i = 0; i < REG_LEN; i++)
		b[20 + i] = (uint8_t)(i * 7 + 1);
}

static void test_fields(void)
{
	uint8_t b[MBOX_LEN + 12];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	hand_mailbox(b);
	CHECK_EQ(hwmsg_cmdreg_parse(b, MBOX_LEN, HWMSG_DIR_TO_HW, &m, &err), 0);
	CHECK_EQ(m.type, HWMSG_TYPE_MLX_CMD_REG);
	CHECK_EQ(m.op.reg_id, 0x5004);
	CHECK_EQ(m.op.method, HWMSG_EMAD_METHOD_WRITE);
	CHECK_EQ(m.op.status, 0);
	CHECK_EQ(m.op.tid, 0);
	CHECK_EQ(m.op.cls, HWMSG_EMAD_CLASS_REG_ACCESS);
	CHECK(!m.op.response);
	CHECK(m.has_reg);
	CHECK(m.reg == b + 20);
	CHECK_EQ(m.reg_len, REG_LEN);
	CHECK_EQ(m.reg[0], 1);
	CHECK(!m.has_fw_string);
	CHECK(!m.has_latency);
	CHECK_EQ(m.n_tlvs, 2);
	CHECK_EQ(m.tlvs[1].offset, 16);
	CHECK_EQ(m.tlvs[1].len, 4 + REG_LEN);

	/* a response, status bits above 0x7f masked; a mailbox may be longer */
	b[2] = 0x85;
	b[6] = 0x81;
	memset(b + MBOX_LEN, 0x55, 12);
	CHECK_EQ(hwmsg_cmdreg_parse(b, sizeof(b), HWMSG_DIR_FROM_HW, &m, &err),
		 0);
	CHECK(m.op.response);
	CHECK_EQ(m.op.status, 5);
	CHECK_EQ(m.op.method, HWMSG_EMAD_METHOD_QUERY);
	CHECK_EQ(m.reg_len, REG_LEN);
}

static void test_build_matches_hand(void)
{
	uint8_t hand[MBOX_LEN], built[MBOX_LEN + 4], reg[REG_LEN];
	unsigned int i;

	hand_mailbox(hand);
	for (i = 0; i < REG_LEN; i++)
		reg[i] = (uint8_t)(i * 7 + 1);
	memset(built, 0xee, sizeof(built));
	CHECK_EQ(hwmsg_cmdreg_build(built, sizeof(built), 0x5004,
				    HWMSG_EMAD_METHOD_WRITE, 0, reg, REG_LEN),
		 MBOX_LEN);
	CHECK_MEM(built, hand, MBOX_LEN);
	CHECK_EQ(built[MBOX_LEN], 0xee);
	CHECK_EQ(hwmsg_cmdreg_build(built, MBOX_LEN - 1, 0x5004, 2, 0, reg,
				    REG_LEN), 0);
}

static void test_truncation(void)
{
	uint8_t b[MBOX_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;
	size_t cut;

	hand_mailbox(b);
	for (cut = 0; cut < MBOX_LEN; cut++) {
		uint8_t *p = malloc(cut ? cut : 1);

		memcpy(p, b, cut);
		err.msg[0] = '\0';
		/* the header whole: the register as far as it goes */
		CHECK_EQ(hwmsg_cmdreg_parse(p, cut, 0, &m, &err),
			 cut < HWMSG_CMDREG_HDR_LEN ? -1 : 1);
		CHECK(err.msg[0] != '\0');
		if (cut >= HWMSG_CMDREG_HDR_LEN)
			CHECK_EQ(m.reg_len, cut - HWMSG_CMDREG_HDR_LEN);
		free(p);
	}
	CHECK_EQ(hwmsg_cmdreg_parse(b, 19, 0, &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 0: mailbox of 19 bytes is shorter than its 20-byte header");
	/* longer than the mailbox: a bad length, the 30 bytes decoded */
	CHECK_EQ(hwmsg_cmdreg_parse(b, 50, 0, &m, &err), 1);
	CHECK_STR(err.msg,
		  "offset 20: register of 64 bytes (len_const) exceeds mailbox (30 bytes left)");
	CHECK_EQ(err.offset, 20);
	CHECK_EQ(m.reg_len, 30);
	CHECK_EQ(m.tlvs[1].flags, HWMSG_TLV_BAD_LEN);
	CHECK_EQ(m.flags, 0);
	CHECK_EQ(m.op.reg_id, 0x5004);
	/* the same 50 bytes of a mailbox that had 84: cut by the capture */
	CHECK_EQ(hwmsg_cmdreg_parse_cut(b, 50, MBOX_LEN, 1, &m, &err), 1);
	CHECK_STR(err.msg,
		  "offset 20: register cut by the capture (30 of 64 bytes)");
	CHECK_EQ(m.tlvs[1].flags, HWMSG_TLV_CUT);
	CHECK_EQ(m.tlvs[1].len, 68);
	CHECK_EQ(m.tlvs[1].cap_len, 34);
	CHECK_EQ(m.flags, HWMSG_MSGF_CUT);
	CHECK(m.op.response);
	CHECK_EQ(m.reg_len, 30);
	CHECK_EQ(hwmsg_cmdreg_parse_cut(b, MBOX_LEN, MBOX_LEN + 100, 1, &m,
					&err), 0);
	CHECK_EQ(hwmsg_cmdreg_parse(NULL, 0, 0, &m, &err), -1);
}

static void test_bad_constants(void)
{
	uint8_t b[MBOX_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	hand_mailbox(b);
	b[1] = 0x05;
	CHECK_EQ(hwmsg_cmdreg_parse(b, sizeof(b), 0, &m, &err), -1);
	CHECK_STR(err.msg, "offset 0: constant1 is 0x0805, expected 0x0804");

	hand_mailbox(b);
	b[7] = 0x02;
	CHECK_EQ(hwmsg_cmdreg_parse(b, sizeof(b), 0, &m, &err), -1);
	CHECK_STR(err.msg, "offset 7: constant2 is 0x02, expected 0x01");
	CHECK_EQ(err.offset, 7);

	hand_mailbox(b);
	b[16] = 0x18;			/* 3 << 11, as an EMAD REG TLV would be */
	CHECK_EQ(hwmsg_cmdreg_parse(b, sizeof(b), 0, &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 16: len_const 0x1811: constant bits 0x1800, expected 0x3000");

	hand_mailbox(b);
	b[17] = 0x00;
	CHECK_EQ(hwmsg_cmdreg_parse(b, sizeof(b), 0, &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 16: len_const 0x3000: length 0 words, needs at least 1");

	hand_mailbox(b);
	CHECK_EQ(hwmsg_cmdreg_parse(b, sizeof(b), 2, &m, &err), -1);
	CHECK_STR(err.msg, "direction 2 is neither to_hw nor from_hw");
}

/* One word of len_const is the header alone: an empty register. */
static void test_empty_register(void)
{
	uint8_t b[MBOX_LEN];
	struct hwmsg_msg m;

	hand_mailbox(b);
	b[17] = 0x01;
	CHECK_EQ(hwmsg_cmdreg_parse(b, 20, 1, &m, NULL), 0);
	CHECK_EQ(m.reg_len, 0);
}

int main(void)
{
	test_fields();
	test_build_matches_hand();
	test_truncation();
	test_bad_constants();
	test_empty_register();
	return test_done("cmdreg");
}
