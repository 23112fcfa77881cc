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

/* Cut with no word of how long it was: decoded as far as it goes. */
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
		} else if (cut == OFF_STRING || cut == OFF_LATENCY ||
			   cut == OFF_REG) {
			/* ends between TLVs: nothing wrong but no END */
			CHECK_EQ(rc, 0);
			CHECK(!m.has_end);
		} else if (cut >= OFF_STRING) {
			/* the OP is whole: a message, with a bad length */
			CHECK_EQ(rc, 1);
			CHECK_EQ(m.op.tid, 0x1122334400000007ull);
			CHECK(err.msg[0] != '\0');
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
	CHECK_EQ(hwmsg_emad_parse(f, 100, &m, &err), 1);
	CHECK_STR(err.msg,
		  "offset 32: STRING TLV: length 33 words exceeds frame (68 bytes left)");
	CHECK_EQ(err.offset, 32);
	CHECK_EQ(m.tlvs[1].flags, HWMSG_TLV_BAD_LEN);
	CHECK(!m.has_fw_string);
	CHECK_EQ(hwmsg_emad_parse(f, OFF_REG, &m, &err), 0);
	CHECK(!m.has_reg);
	CHECK_EQ(hwmsg_emad_parse(f, OFF_REG + 2, &m, &err), 1);
	CHECK_STR(err.msg, "offset 192: TLV header needs 4 bytes, 2 left");
	CHECK_EQ(hwmsg_emad_parse(f, 16, &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: no OP TLV");
	CHECK_EQ(hwmsg_emad_parse(f, 24, &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: OP TLV: length 4 words exceeds the frame, expected 4");
}

/* Cut by a snapshot length (orig_len known): every cut point. */
static void test_cut_by_capture(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;
	size_t cut;

	hand_frame(f);
	for (cut = 0; cut < FRAME_LEN; cut++) {
		uint8_t *p = malloc(cut ? cut : 1);
		int rc;

		memcpy(p, f, cut);
		rc = hwmsg_emad_parse_cut(p, cut, FRAME_LEN, &m, &err);
		if (cut < OFF_STRING) {
			CHECK_EQ(rc, -1);
		} else {
			CHECK_EQ(rc, 1);
			CHECK(m.flags & HWMSG_MSGF_CUT);
			CHECK_EQ(m.op.reg_id, 0x8002);
			CHECK_EQ(m.op.status, 7);
			CHECK_EQ(m.has_latency, cut >= OFF_LATENCY + 8);
			CHECK_EQ(m.has_reg, cut >= OFF_REG + 4);
		}
		if (cut >= OFF_REG + 4)
			CHECK_EQ(m.reg_len, (cut > OFF_END ? OFF_END : cut) -
					    OFF_REG - 4);
		free(p);
	}
	/* a snaplen of 160: OP whole, the string as far as captured */
	CHECK_EQ(hwmsg_emad_parse_cut(f, 160, FRAME_LEN, &m, &err), 1);
	CHECK_STR(err.msg, "offset 32: STRING TLV cut by the capture (128 of 132 bytes)");
	CHECK_STR(m.fw_string, fw_msg);
	CHECK_EQ(m.n_tlvs, 2);
	CHECK_EQ(m.tlvs[1].flags, HWMSG_TLV_CUT);
	CHECK_EQ(m.tlvs[1].len, 132);
	CHECK_EQ(m.tlvs[1].cap_len, 128);
	/* REG cut: its captured bytes are the register */
	CHECK_EQ(hwmsg_emad_parse_cut(f, OFF_REG + 20, FRAME_LEN, &m, &err), 1);
	CHECK_EQ(m.reg_len, 16);
	CHECK(m.reg == f + OFF_REG + 4);
	CHECK_EQ(m.tlvs[3].flags, HWMSG_TLV_CUT);
	/* cut at a TLV boundary: still a cut, END never seen */
	CHECK_EQ(hwmsg_emad_parse_cut(f, OFF_END, FRAME_LEN, &m, &err), 1);
	CHECK_STR(err.msg, "offset 260: cut by the capture before END");
	CHECK_EQ(m.reg_len, REG_LEN);
	/* the OP cut before its tid: no message */
	CHECK_EQ(hwmsg_emad_parse_cut(f, 24, FRAME_LEN, &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: OP TLV cut by the capture (8 of 16 bytes)");
	/* a length past what the frame had is bad, not cut */
	CHECK_EQ(hwmsg_emad_parse_cut(f, 100, 120, &m, &err), 1);
	CHECK_EQ(m.tlvs[1].flags, HWMSG_TLV_BAD_LEN);
}

static void test_bad_frames(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	hand_frame(f);
	f[OFF_STRING + 1] = 0xff;
	f[OFF_STRING] |= 0x07;		/* length 0x7ff words */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
	CHECK_STR(err.msg,
		  "offset 32: STRING TLV: length 2047 words exceeds frame (232 bytes left)");
	CHECK_EQ(m.n_tlvs, 2);
	CHECK(!m.has_reg);

	hand_frame(f);
	f[OFF_LATENCY + 1] = 0;		/* zero length would loop forever */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
	CHECK_STR(err.msg, "offset 164: LATENCY TLV: length 0 words");
	CHECK_EQ(err.offset, OFF_LATENCY);
	CHECK_EQ(m.tlvs[2].flags, HWMSG_TLV_BAD_LEN);

	hand_frame(f);
	f[OFF_OP + 1] = 0x05;		/* OP of 5 words: decoded, flagged */
	f[OFF_STRING - 1] = 0x00;	/* what follows is walked from +20 */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
	CHECK_STR(err.msg, "offset 16: OP TLV: length 5 words, expected 4");
	CHECK_EQ(m.tlvs[0].flags, HWMSG_TLV_BAD_SIZE);
	CHECK_EQ(m.op.reg_id, 0x8002);

	hand_frame(f);
	f[OFF_OP + 1] = 0x03;		/* OP of 3 words: not decoded */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), -1);
	CHECK_STR(err.msg, "offset 16: OP TLV: length 3 words, expected 4");

	hand_frame(f);
	f[12] = 0x08;
	f[13] = 0x00;
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
	CHECK_STR(err.msg, "offset 12: ethertype 0x0800, expected 0x8932 (EMAD)");
	CHECK_EQ(m.flags, HWMSG_MSGF_BAD_ETHERTYPE);
	CHECK_EQ(m.op.reg_id, 0x8002);

	hand_frame(f);
	f[OFF_LATENCY] = 0x08;		/* a second OP */
	f[OFF_LATENCY + 1] = 0x04;
	f[OFF_LATENCY + 21] = 0x01;	/* then 3 words of an END at +16 */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
	CHECK_STR(err.msg, "offset 164: second OP TLV");
	CHECK_EQ(m.tlvs[2].flags, HWMSG_TLV_EXTRA);
	CHECK_EQ(m.op.tid, 0x1122334400000007ull);

	hand_frame(f);
	f[OFF_LATENCY] = 0x18;		/* LATENCY turned into a second REG */
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
	CHECK_STR(err.msg, "offset 192: second REG TLV");
	CHECK(m.reg == f + OFF_LATENCY + 4);

	CHECK_EQ(hwmsg_emad_parse(NULL, 0, &m, &err), -1);
}

/* A firmware error reply: OP (status 4), STRING, END, no REG. */
static void test_error_reply_without_reg(void)
{
	uint8_t f[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	hand_frame(f);
	f[OFF_OP + 2] = HWMSG_EMAD_STATUS_REGISTER_NOT_SUPPORTED;
	memset(f + OFF_LATENCY, 0, 4);
	f[OFF_LATENCY + 1] = 0x01;	/* END where LATENCY was */
	CHECK_EQ(hwmsg_emad_parse(f, OFF_LATENCY + 4, &m, &err), 0);
	CHECK(!m.has_reg);
	CHECK(m.has_end);
	CHECK_EQ(m.op.status, HWMSG_EMAD_STATUS_REGISTER_NOT_SUPPORTED);
	CHECK_STR(m.fw_string, fw_msg);
	CHECK_EQ(m.n_tlvs, 3);
}

/* The plugin always walked TLVs in any order: so does libhwmsg. */
static void test_any_order(void)
{
	uint8_t f[FRAME_LEN], g[FRAME_LEN];
	struct hwmsg_msg m;
	struct hwmsg_err err;

	/* REG, STRING, LATENCY, OP, END */
	hand_frame(f);
	memcpy(g, f, OFF_OP);
	memcpy(g + OFF_OP, f + OFF_REG, 68);
	memcpy(g + OFF_OP + 68, f + OFF_STRING, 132 + 28);
	memcpy(g + OFF_OP + 68 + 160, f + OFF_OP, 16);
	memcpy(g + OFF_END, f + OFF_END, 4);
	CHECK_EQ(hwmsg_emad_parse(g, sizeof(g), &m, &err), 0);
	CHECK_EQ(m.op.reg_id, 0x8002);
	CHECK_EQ(m.reg_len, REG_LEN);
	CHECK(m.reg == g + OFF_OP + 4);
	CHECK_STR(m.fw_string, fw_msg);
	CHECK_EQ(m.latency_us, 123);
	CHECK_EQ(m.tlvs[0].type, HWMSG_EMAD_TLV_REG);
	CHECK_EQ(m.tlvs[3].type, HWMSG_EMAD_TLV_OP);
	CHECK(m.has_end);
	/* END first: nothing after it counts, no OP */
	g[OFF_OP] = 0;
	g[OFF_OP + 1] = 1;
	CHECK_EQ(hwmsg_emad_parse(g, sizeof(g), &m, &err), -1);
	CHECK_STR(err.msg, "offset 20: no OP TLV");
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
	CHECK_EQ(hwmsg_emad_parse(f, sizeof(f), &m, &err), 1);
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
	/* cut by a snapshot length: decoded, the problem says so */
	rec.len = 100;
	rec.orig_len = sizeof(f);
	rec.flags = HWMSG_RECF_TRUNCATED;
	CHECK_EQ(hwmsg_msg_decode(&rec, &m, &err), 1);
	CHECK_STR(err.msg,
		  "captured 100 of 264 bytes: offset 32: STRING TLV cut by the capture (68 of 132 bytes)");
	CHECK_EQ(m.op.reg_id, 0x8002);
	CHECK(m.flags & HWMSG_MSGF_CUT);
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
	test_cut_by_capture();
	test_bad_frames();
	test_error_reply_without_reg();
	test_any_order();
	test_unknown_tlv_and_version();
	test_padding_after_end();
	test_msg_decode_dispatch();
	return test_done("emad");
}
