// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The filter language on records built here: operators, precedence, any/all
 * over register arrays, absent fields, enum names, times, and the column of
 * every compile error.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/fields.h"
#include "hwmsg/filter.h"
#include "hwmsg/msg.h"
#include "hwmsg/wire.h"
#include "../test.h"

static uint8_t frame[256];
static struct hwmsg_record rec;
static struct hwmsg_msg msg;
static struct hwmsg_txn_info txn;
static struct hwmsg_filter_rec fr = { .rec = &rec, .msg = &msg, .txn = &txn };

/* A PMLP write response (local_port 5, width 4, modules 3,3,3,3) with
 * status 7 and a firmware string, 250 us after its request in frame 9. */
static void make_pmlp(void)
{
	struct hwmsg_emad_op op = { .tid = 0x1122334455667788ull,
				    .reg_id = 0x5002, .method = 2, .cls = 1,
				    .status = 7, .response = true };
	struct hwmsg_emad_extras x = { .fw_string = "PMLP: lane \033[2J busy" };
	struct hwmsg_err err;
	uint8_t reg[64] = { 0 };
	size_t len;

	reg[1] = 5;		/* local_port */
	reg[3] = 4;		/* width */
	for (int i = 0; i < 4; i++)
		reg[4 + 4 * i + 3] = 3;	/* lane_module_mapping[i].module */
	len = hwmsg_emad_build(frame, sizeof(frame), &op, &x, reg, sizeof(reg));
	CHECK(len > 0);
	rec = (struct hwmsg_record){
		.ts_ns = 1767225600500000000ull, .bus = "pci",
		.dev = "0000:03:00.0", .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_MLX_EMAD, .dir = HWMSG_DIR_FROM_HW,
		.flags = HWMSG_RECF_HAS_SEQ, .seq = 77, .payload = frame,
		.len = (uint32_t)len, .orig_len = (uint32_t)len,
	};
	CHECK_EQ(hwmsg_msg_decode(&rec, &msg, &err), 0);
	txn = (struct hwmsg_txn_info){ .is_response = true, .matched = true,
				       .req_ts_ns = rec.ts_ns - 250000,
				       .req_ref = 9 };
	fr.number = 10;
	fr.first_ts_ns = 1767225600000000000ull;
}

static int match(const char *text)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_filter *f = hwmsg_filter_compile(text, &err);
	int ret;

	if (!f) {
		fprintf(stderr, "compile '%s': %s\n", text, err.msg);
		return -1;
	}
	ret = hwmsg_filter_match(f, &fr);
	hwmsg_filter_free(f);
	return ret;
}

static void test_matches(void)
{
	static const struct {
		const char *text;
		int want;
	} cases[] = {
		{ "emad", 1 }, { "cmd_reg", 0 }, { "devlink_hwmsg", 1 },
		{ "frame", 1 }, { "mlxreg", 1 }, { "mlxreg.pmlp", 1 },
		{ "mlxreg.paos", 0 },
		{ "emad.status == 7", 1 }, { "emad.status eq 7", 1 },
		{ "emad.status == bad\\ parameter", -1 },
		{ "emad.status == \"bad parameter\"", 1 },
		{ "emad.status != 0", 1 }, { "emad.status in {1, 7}", 1 },
		{ "emad.status in {1..6}", 0 }, { "emad.status in {1..7}", 1 },
		{ "emad.status > 6 && emad.status < 8", 1 },
		{ "emad.status >= 8", 0 }, { "emad.status le 7", 1 },
		{ "emad.method == write", 1 }, { "emad.method == WRITE", 1 },
		{ "emad.method == query", 0 }, { "emad.r", 1 },
		{ "emad.r == 1", 1 }, { "emad.r == true", 1 },
		{ "emad.reg_id == 0x5002", 1 }, { "emad.reg_id == 20482", 1 },
		{ "emad.reg_id == 050002", 1 }, { "emad.reg_id == 0b101000000000010", 1 },
		{ "emad.reg_name == \"PMLP\"", 1 }, { "emad.reg_name == PMLP", 1 },
		{ "emad.reg_name contains \"ML\"", 1 },
		{ "emad.reg_name matches \"^pm.p$\"", 1 },
		{ "emad.tid == 0x1122334455667788", 1 },
		{ "emad.string contains \"\\x1b[2J\"", 1 },
		{ "emad.string contains \"\\033\"", 1 },
		{ "emad.time > 0.0002", 1 }, { "emad.time > 0.00025", 0 },
		{ "emad.time == 0.00025", 1 }, { "emad.response_to == 9", 1 },
		{ "emad.retransmission", 0 }, { "emad.latency", 0 },
		{ "emad.dst == 01:02:c9:00:00:01", 1 },
		{ "emad.dst == 01-02-c9-00-00-01", 1 },
		{ "emad.src contains 02:c9", 1 },
		{ "emad.ethertype == 0x8932", 1 },
		{ "devlink_hwmsg.dev == \"0000:03:00.0\"", 1 },
		{ "devlink_hwmsg.dir == from_hw", 1 },
		{ "devlink_hwmsg.type == emad", -1 },	/* a protocol, as in tshark */
		{ "devlink_hwmsg.type == \"emad\"", 1 },
		{ "devlink_hwmsg.seq == 77", 1 }, { "devlink_hwmsg.index", 0 },
		{ "devlink_hwmsg.truncated", 0 },
		{ "mlxreg.pmlp.local_port == 5", 1 },
		{ "mlxreg.pmlp.width == x4", 1 },
		/* any / all over the 8 lanes' modules: 3, 3, 3, 3, 0, 0, 0, 0 */
		{ "mlxreg.pmlp.lane_module_mapping.module == 3", 1 },
		{ "mlxreg.pmlp.lane_module_mapping.module != 3", 0 },
		{ "mlxreg.pmlp.lane_module_mapping.module != 4", 1 },
		{ "mlxreg.pmlp.lane_module_mapping.module === 3", 0 },
		{ "mlxreg.pmlp.lane_module_mapping.module !== 3", 1 },
		{ "mlxreg.pmlp.lane_module_mapping.module ~= 3", 1 },
		{ "mlxreg.pmlp.lane_module_mapping.module !== 5", 1 },
		{ "mlxreg.pmlp.lane_module_mapping.module in {0, 3}", 1 },
		{ "mlxreg.pmlp.lane_module_mapping.module > 3", 0 },
		/* absent fields: every comparison is false, "not" is true */
		{ "cmd_reg.status != 0", 0 }, { "!(cmd_reg.status == 0)", 1 },
		{ "mlxreg.paos.local_port != 5", 0 },
		/* precedence: not > and > or */
		{ "emad.status == 1 or emad.status == 7 and emad.r", 1 },
		{ "(emad.status == 1 or emad.status == 7) and not emad.r", 0 },
		{ "not emad.status == 1 and emad.r", 1 },
		{ "!emad and emad || emad", 1 },
		{ "frame.number == 10 && frame.time_relative == 0.5", 1 },
		{ "frame.time == \"2026-01-01 00:00:00.5Z\"", 1 },
		{ "frame.time == \"2026-01-01T01:00:00.5+01:00\"", 1 },
		{ "frame.time >= \"Jan  1, 2026 00:00:00.4 UTC\"", 1 },
		{ "frame.time < \"2026-01-01 00:00:00.5Z\"", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = match(cases[i].text);

		if (got != cases[i].want)
			fprintf(stderr, "filter '%s': %d, want %d\n",
				cases[i].text, got, cases[i].want);
		CHECK_EQ(got, cases[i].want);
	}
}

/* Errors say where: the 0-based column in err.offset. */
static void test_errors(void)
{
	static const struct {
		const char *text;
		unsigned int col;
		const char *says;
	} cases[] = {
		{ "", 0, "empty" },
		{ "emad.statu == 3", 0, "neither a field" },
		{ "emad.status == ", 15, "value expected" },
		{ "emad.status == 3 &&", 19, "a field name expected" },
		{ "emad.status == banana", 15, "not a valid unsigned integer" },
		{ "(emad.status == 3", 17, "\")\" expected" },
		{ "emad.status == 3)", 16, "the end" },
		{ "emad.status == 1 == 2", 17, "do not chain" },
		{ "emad == 3", 0, "protocol" },
		{ "emad.status contains 3", 12, "string or bytes" },
		{ "emad.string matches \"(\"", 20, "regular expression" },
		/* glibc's regcomp() would take gigabytes for these */
		{ "emad.string matches \"^#+++\"", 20, "repetition of a repetition" },
		{ "emad.string matches \"a{2}*\"", 20, "repetition of a repetition" },
		{ "emad.string matches \"a{1000}\"", 20, "over 255" },
		{ "emad.string matches \"a{1,300}\"", 20, "over 255" },
		{ "emad.string matches \"((((((((((a)+)+)+)+)+)+)+)+)+)+\"", 20,
		  "repeated groups" },
		{ "emad.string == \"abc", 15, "final quote" },
		{ "emad.status = 3", 12, "unexpected" },
		{ "mlxreg.nosuch.x == 1", 0, "no register" },
		{ "mlxreg.paos.nosuch == 1", 0, "not a field of PAOS" },
		{ "emad.status == emad.r", 15, "two fields" },
		{ "emad.dst == 01:02:03", 12, "Ethernet address" },
		{ "emad.status in {1, }", 19, "value" },
		{ "frame.time > \"yesterday\"", 13, "date and time" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hwmsg_err err = { 0 };
		struct hwmsg_filter *f = hwmsg_filter_compile(cases[i].text,
							      &err);

		CHECK(f == NULL);
		hwmsg_filter_free(f);
		if (err.offset != cases[i].col || !strstr(err.msg, cases[i].says))
			fprintf(stderr, "'%s': column %llu '%s'\n", cases[i].text,
				(unsigned long long)err.offset, err.msg);
		CHECK_EQ(err.offset, cases[i].col);
		CHECK(strstr(err.msg, cases[i].says) != NULL);
	}
}

/* What a filter needs decides what callers compute. */
static void test_needs(void)
{
	struct hwmsg_err err;
	struct hwmsg_filter *f;

	f = hwmsg_filter_compile("devlink_hwmsg.seq > 3", &err);
	CHECK_EQ(hwmsg_filter_needs(f), 0);
	hwmsg_filter_free(f);
	f = hwmsg_filter_compile("emad.status == 1", &err);
	CHECK_EQ(hwmsg_filter_needs(f), HWMSG_FILTER_NEEDS_MSG);
	hwmsg_filter_free(f);
	f = hwmsg_filter_compile("emad.time > 1 || mlxreg.paos.local_port", &err);
	CHECK_EQ(hwmsg_filter_needs(f), HWMSG_FILTER_NEEDS_MSG |
		 HWMSG_FILTER_NEEDS_TXN | HWMSG_FILTER_NEEDS_REG);
	hwmsg_filter_free(f);
}

/* An Ethernet capture's record: no devlink_hwmsg layer, no emad.dst. */
static void test_ethernet(void)
{
	rec.flags |= HWMSG_RECF_NO_DEVICE;
	CHECK_EQ(match("devlink_hwmsg"), 0);
	CHECK_EQ(match("devlink_hwmsg.dev == \"\""), 0);
	CHECK_EQ(match("emad.dst"), 0);
	CHECK_EQ(match("emad.status == 7"), 1);
	rec.flags &= ~HWMSG_RECF_NO_DEVICE;
}

/*
 * Every field of the table the plugin registers from (hwmsg/fields.h) is a
 * field here: each compiles, a protocol as a test for presence, a field
 * also in a comparison; only the response_in fields refuse, saying why.
 */
static void test_every_field(void)
{
	struct hwmsg_err err;
	char text[128];
	int i, refused = 0;

	for (i = 0; i < HWMSG_F_COUNT; i++) {
		const struct hwmsg_field *f = &hwmsg_fields[i];
		struct hwmsg_filter *flt = hwmsg_filter_compile(f->abbrev, &err);

		if (strstr(f->abbrev, ".response_in")) {
			CHECK(flt == NULL);
			CHECK(strstr(err.msg, "response_to") != NULL);
			refused++;
			continue;
		}
		CHECK(flt != NULL);
		if (!flt)
			fprintf(stderr, "%s: %s\n", f->abbrev, err.msg);
		hwmsg_filter_free(flt);
		if (f->kind == HWMSG_FK_PROTO)
			continue;
		snprintf(text, sizeof(text), "%s != %s", f->abbrev,
			 f->kind == HWMSG_FK_STRING ||
			 f->kind == HWMSG_FK_STRINGZPAD ? "\"x\"" :
			 f->kind == HWMSG_FK_BYTES ? "00:01" :
			 f->kind == HWMSG_FK_ETHER ? "00:01:02:03:04:05" : "1");
		flt = hwmsg_filter_compile(text, &err);
		CHECK(flt != NULL);
		if (!flt)
			fprintf(stderr, "%s: %s\n", text, err.msg);
		hwmsg_filter_free(flt);
	}
	CHECK_EQ(refused, 2);
}

int main(void)
{
	make_pmlp();
	test_matches();
	test_errors();
	test_needs();
	test_ethernet();
	test_every_field();
	return test_done("test_filter");
}
