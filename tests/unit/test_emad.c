// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EMAD parsing against a frame written out byte by byte from the layout in
 * wire.h (not produced by the builder), then the builder against the same
 * bytes, then every way of breaking the frame.
 */
#include <stdlib.h>

#include "hwmsg/msg.h"
#include "../test.h"

#define OFF_OP		16
#define OFF_STRING	32
#define OFF_LATENCY	164
#define OFF_REG		192
#define OFF_END		260
#define FRAME_LEN	264
#define REG_LEN		0x40

static const char fw_msg[] = "rif 0x32 already exists";

/* A RITR write refused with status 7, a string and a latency of 123 us. */
static void hand_frame(uint8_t *f)
{
	static const uint8_t head[] = {
		/* Ethernet: dmac, smac, ethertype 0x8932, mlx_proto 0, ver 0 */
		0x01, 0x02, 0xc9, 0x00, 0x00, 0x01,
		0x00, 0x02, 0xc9, 0x01, 0x02, 0x03,
		0x89, 0x32, 0x00, 0x00,
		/* OP: type 1, len 4, dr 0, status 7 */
		0x08, 0x04, 0x07, 0x00,
		/* register 0x8002, r 1, method 2 (write), class 1 */
		0x80, 0x02, 0x82, 0x01,
		/* tid */
		0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00, 0x07,
		/* STRING: type 2, len 33 */
		0x10, 0x21, 0x00, 0x00,
	};
	unsigned int i;

	memset(f, 0, FRAME_LEN);
	memcpy(f, head, sizeof(head));
	memcpy(f + OFF_STRING + 4, fw_msg, sizeof(fw_msg) - 1);
	/* LATENCY: type 4, len 7, latency_time 123 */
	f[OFF_LATENCY] = 0x20;
	f[OFF_LATENCY + 1] = 0x07;
	f[OFF_LATENCY + 7] = 123;
	/* REG: type 3, len 0x40 / 4 + 1 = 17 */
	f[OFF_REG] = 0x18;
	f[OFF_REG + 1] = 0x11;
	for (i = 0; i < REG_LEN; i++)
		f[OFF_REG + 4 + i] = (uint8_t)(0xa0 + i);
	/* END: type 0, len 1 */
	f[OFF_END + 1] = 0x01;
}

static void test_fields(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err = { 0 };

	hand_frame(f);
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 0);
	CHECK_EQ(m.type, HWMSG_TYPE_MLX_EMAD);
	CHECK_EQ(m.op.tid, 0x1122334400000007ull);
	CHECK_EQ(m.op.reg_id, 0x8002);
	CHECK_EQ(m.op.method, HWMSG_EMAD_METHOD_WRITE);
	CHECK_EQ(m.op.cls, HWMSG_EMAD_CLASS_REG_ACCESS);
	CHECK_EQ(m.op.status, HWMSG_EMAD_STATUS_BAD_PARAMETER);
	CHECK(m.op.response);
	CHECK(!m.op.dr);
	CHECK(m.has_fw_string);
	CHECK_STR(m.fw_string, fw_msg);
	CHECK(m.has_latency);
	CHECK_EQ(m.latency_us, 123);
	CHECK(m.has_reg);
	CHECK(m.reg == f + OFF_REG + 4);
	CHECK_EQ(m.reg_len, REG_LEN);
	CHECK(m.has_end);
	CHECK_EQ(m.n_unknown, 0);
	CHECK_EQ(m.n_tlvs, 5);
	CHECK_EQ(m.tlvs[0].type, HWMSG_EMAD_TLV_OP);
	CHECK_EQ(m.tlvs[0].offset, OFF_OP);
	CHECK_EQ(m.tlvs[0].len, 16);
	CHECK_EQ(m.tlvs[1].type, HWMSG_EMAD_TLV_STRING);
	CHECK_EQ(m.tlvs[1].offset, OFF_STRING);
	CHECK_EQ(m.tlvs[1].len, 132);
	CHECK_EQ(m.tlvs[2].type, HWMSG_EMAD_TLV_LATENCY);
	CHECK_EQ(m.tlvs[2].offset, OFF_LATENCY);
	CHECK_EQ(m.tlvs[3].type, HWMSG_EMAD_TLV_REG);
	CHECK_EQ(m.tlvs[3].offset, OFF_REG);
	CHECK_EQ(m.tlvs[3].len, 4 + REG_LEN);
	CHECK_EQ(m.tlvs[4].type, HWMSG_EMAD_TLV_END);
	CHECK_EQ(m.tlvs[4].offset, OFF_END);
	CHECK_EQ(m.mlx_proto, 0);
	CHECK_EQ(m.ver, 0);
}

static void test_build_matches_hand(void)
{
	uint8_t hand[FRAME_LEN], built[FRAME_LEN + 8], reg[REG_LEN];
	struct hwmsg_emad_op op = {
		.tid = 0x1122334400000007ull,
		.reg_id = 0x8002,
		.method = HWMSG_EMAD_METHOD_WRITE,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS,
		.status = HWMSG_EMAD_STATUS_BAD_PARAMETER,
		.response = true,
	};
	struct hwmsg_emad_extras x = {
		.fw_string = fw_msg,
		.has_latency = true,
		.latency_us = 123,
	};
	unsigned int i;

	hand_frame(hand);
	for (i = 0; i < REG_LEN; i++)
		reg[i] = (uint8_t)(0xa0 + i);
	memset(built, 0xee, sizeof(built));
	CHECK_EQ(hwmsg_emad_frame_len(REG_LEN, &x), FRAME_LEN);
	CHECK_EQ(hwmsg_emad_build(built, sizeof(built), &op, &x, reg, REG_LEN),
		 FRAME_LEN);
	CHECK_MEM(built, hand, FRAME_LEN);
	CHECK_EQ(built[FRAME_LEN], 0xee);	/* nothing written past the end */
	CHECK_EQ(hwmsg_emad_build(built, FRAME_LEN - 1, &op, &x, reg, REG_LEN),
		 0);
}

/* A query request without STRING/LATENCY: the plain mlxsw frame. */
static void test_plain_request(void)
{
	static const uint8_t f[] = {
		0x01, 0x02, 0xc9, 0x00, 0x00, 0x01,
		0x00, 0x02, 0xc9, 0x01, 0x02, 0x03,
		0x89, 0x32, 0x00, 0x00,
		0x08, 0x04, 0x00, 0x00,		/* OP, status 0 */
		0x50, 0x06, 0x01, 0x01,		/* PAOS, r 0, query */
		0xde, 0xad, 0xbe, 0xef, 0x00, 0x00, 0x01, 0x00,
		0x18, 0x05, 0x00, 0x00,		/* REG, 5 words */
		0x00, 0x05, 0x00, 0x00,		/* local_port 5 */
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x01, 0x00, 0x00,		/* END */
	};
	struct hwmsg_msg m;

	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, NULL), 0);
	CHECK_EQ(m.op.reg_id, 0x5006);
	CHECK_EQ(m.op.method, HWMSG_EMAD_METHOD_QUERY);
	CHECK(!m.op.response);
	CHECK_EQ(m.op.tid, 0xdeadbeef00000100ull);
	CHECK(!m.has_fw_string);
	CHECK(!m.has_latency);
	CHECK_EQ(m.reg_len, 16);
	CHECK_EQ(hwmsg_item_get(m.reg, 0, 16, 8), 5);
	CHECK(m.has_end);
	CHECK_EQ(m.n_tlvs, 3);
}

static void test_truncation(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;
	size_t cut;

	hand_frame(f);
	for (cut = 0; cut < FRAME_LEN; cut++) {
		/* a copy of exactly cut bytes, so ASan sees any overread */
		uint8_t *p = malloc(cut ? cut : 1);
		int rc;

		memcpy(p, f, cut);
		err.msg[0] = '\0';
		rc = hwmsg_emad_parse(p, cut, &m, &err);
		if (cut == OFF_END) {
			/* everything but END: whole enough to decode */
			CHECK_EQ(rc, 0);
			CHECK(!m.has_end);
			CHECK_EQ(m.reg_len, REG_LEN);
		} else {
			CHECK_EQ(rc, -1);
			CHECK(err.msg[0] != '\0');
		}
		free(p);
	}
	hand_frame(f);
	CHECK_EQ(hwmsg_emad_parse(f, 12, &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 0: frame of 12 bytes is shorter than the Ethernet header (16)");
	CHECK_EQ(hwmsg_emad_parse(f, 100, &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 32: STRING TLV: length 33 words exceeds frame (68 bytes left)");
	CHECK_EQ(err.offset, 32);
	CHECK_EQ(hwmsg_emad_parse(f, OFF_REG, &m, &err), -1);
	CHECK_STR(err.msg, "offset 192: no REG TLV");
	CHECK_EQ(hwmsg_emad_parse(f, OFF_REG + 2, &m, &err), -1);
	CHECK_STR(err.msg, "offset 192: TLV header needs 4 bytes, 2 left");
	CHECK_EQ(hwmsg_emad_parse(f, 16, &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: no OP TLV after the Ethernet header");
}

static void test_bad_frames(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	hand_frame(f);
	f[OFF_STRING + 1] = 0xff;
	f[OFF_STRING] |= 0x07;		/* length 0x7ff words */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 32: STRING TLV: length 2047 words exceeds frame (232 bytes left)");

	hand_frame(f);
	f[OFF_LATENCY + 1] = 0;		/* zero length would loop forever */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg, "offset 164: LATENCY TLV: length 0 words");
	CHECK_EQ(err.offset, OFF_LATENCY);

	hand_frame(f);
	f[OFF_OP] = 0x18;		/* first TLV is a REG */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: first TLV is REG, expected OP");

	hand_frame(f);
	f[OFF_OP + 1] = 0x05;		/* OP of 5 words */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: OP TLV: length 5 words, expected 4");

	hand_frame(f);
	f[12] = 0x08;
	f[13] = 0x00;
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg, "offset 12: ethertype 0x0800, expected 0x8932 (EMAD)");

	hand_frame(f);
	f[OFF_LATENCY] = 0x08;		/* a second OP */
	f[OFF_LATENCY + 1] = 0x04;
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg, "offset 164: second OP TLV");

	CHECK_EQ(hwmsg_emad_parse(NULL, 0, &m, &err), -1);
}

static void test_unknown_tlv_and_version(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	/* turn LATENCY (7 words) into an unknown type 9 of the same size */
	hand_frame(f);
	f[OFF_LATENCY] = 9 << 3;
	f[15] = 0x10;			/* ver 1 */
	f[14] = 0x02;			/* mlx_proto 2 */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 0);
	CHECK_EQ(m.n_unknown, 1);
	CHECK_EQ(m.n_tlvs, 5);
	CHECK_EQ(m.tlvs[2].type, 9);
	CHECK_EQ(m.tlvs[2].offset, OFF_LATENCY);
	CHECK_EQ(m.tlvs[2].len, 28);
	CHECK(!m.has_latency);
	CHECK(m.has_reg);
	CHECK_EQ(m.ver, 1);
	CHECK_EQ(m.mlx_proto, 2);

	/* an unknown type that overruns is named by its number */
	f[OFF_LATENCY + 1] = 0x40;
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg,
		  "offset 164: type 9 TLV: length 64 words exceeds frame (100 bytes left)");
}

/* Bytes after END (Ethernet padding) are not part of the message. */
static void test_padding_after_end(void)
{
	uint8_t f[FRAME_LEN + 12];
	struct hwmsg_msg m;

	hand_frame(f);
	memset(f + FRAME_LEN, 0xff, 12);
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, NULL), 0);
	CHECK(m.has_end);
	CHECK_EQ(m.n_tlvs, 5);
	CHECK_EQ(m.n_unknown, 0);
}

static void test_msg_decode_dispatch(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_record rec = { 0 };
	struct hwmsg_msg m;
	struct hwmsg_err err;

	hand_frame(f);
	rec.payload = f;
	rec.len = sizeof(f);
	rec.type = HWMSG_TYPE_MLX_EMAD;
	CHECK_EQ(hwmsg_msg_decode(&rec, &m, &err), 0);
	CHECK_EQ(m.op.reg_id, 0x8002);
	/* cut by a snapshot length: the error says so */
	rec.len = 100;
	rec.orig_len = sizeof(f);
	rec.flags = HWMSG_RECF_TRUNCATED;
	CHECK_EQ(hwmsg_msg_decode(&rec, &m, &err), -1);
	CHECK_STR(err.msg,
		  "captured 100 of 264 bytes: offset 32: STRING TLV: length 33 words exceeds frame (68 bytes left)");
	rec.len = rec.orig_len = sizeof(f);
	rec.flags = 0;
	rec.type = HWMSG_TYPE_NFP_CTRL;
	CHECK_EQ(hwmsg_msg_decode(&rec, &m, &err), -1);
	CHECK_STR(err.msg, "type 2 is not decoded");
	rec.type = HWMSG_TYPE_UNKNOWN;
	CHECK_EQ(hwmsg_msg_decode(&rec, &m, &err), -1);
	CHECK_STR(err.msg, "type 65535 is not decoded");
}

int main(void)
{
	test_fields();
	test_build_matches_hand();
	test_plain_request();
	test_truncation();
	test_bad_frames();
	test_unknown_tlv_and_version();
	test_padding_after_end();
	test_msg_decode_dispatch();
	return test_done("emad");
}
