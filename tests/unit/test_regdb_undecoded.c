// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_reg_undecoded(): the payload bits no field decodes, on built-in
 * layouts: bits inside fields (scalars, split local ports, strings, arrays
 * of records, bit arrays, union arms) are decoded, set reserved bits and
 * bytes past the layout are reported; the positions as text; the
 * coverage accumulator over messages; one id with two layouts of
 * different lengths chosen by payload length.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "hwmsg/wire.h"
#include "../test.h"

static const struct hwmsg_reg *reg(const char *name)
{
	const struct hwmsg_reg *r =
		hwmsg_regdb_find_name(hwmsg_regdb_builtin(), name);

	CHECK(r && r->layout);
	return r;
}

static long undecoded(const struct hwmsg_reg *r, const uint8_t *p,
		      size_t len, uint8_t *mask)
{
	struct hwmsg_err err = { 0 };

	return hwmsg_reg_undecoded(r, p, len, mask, &err);
}

/* MTMP: numbers, a string, reserved words (0x14) and bits (0x08.16..27) */
static void test_mtmp(void)
{
	const struct hwmsg_reg *r = reg("MTMP");
	uint8_t p[0x20] = { 0 }, mask[0x20];
	char buf[64];

	hwmsg_item_set(p, 0x00, 0, 12, 3);		/* sensor_index */
	hwmsg_item_set(p, 0x04, 0, 16, 0x1ff);		/* temperature */
	hwmsg_item_set(p, 0x08, 31, 1, 1);		/* mte */
	memcpy(p + 0x18, "ASIC", 4);			/* sensor_name */
	CHECK_EQ(undecoded(r, p, sizeof(p), mask), 0);
	CHECK_EQ(mask[0x19], 0);
	hwmsg_item_set(p, 0x14, 5, 1, 1);		/* reserved word */
	hwmsg_item_set(p, 0x08, 20, 2, 3);		/* reserved bits */
	CHECK_EQ(undecoded(r, p, sizeof(p), mask), 3);
	CHECK_EQ(mask[0x17], 1u << 5);
	CHECK_EQ(mask[0x09], 3u << 4);
	CHECK_STR(hwmsg_reg_bits_str(mask, sizeof(mask), buf, sizeof(buf)),
		  "0x08.20/2 0x14.5");
	CHECK_EQ(undecoded(r, p, sizeof(p), NULL), 3);
	/* bytes past the layout: every set bit of them */
	{
		uint8_t big[0x24] = { 0 };

		big[0x22] = 0x81;
		CHECK_EQ(undecoded(r, big, sizeof(big), NULL), 2);
	}
}

/* PMLP: a split local port, an array of records with reserved bits */
static void test_pmlp(void)
{
	const struct hwmsg_reg *r = reg("PMLP");
	uint8_t p[0x40] = { 0 }, mask[0x40];
	char buf[64];

	hwmsg_item_set(p, 0x00, 16, 8, 0xb1);		/* local_port */
	hwmsg_item_set(p, 0x00, 12, 2, 3);		/* its msb */
	hwmsg_item_set(p, 0x00, 0, 8, 4);		/* width */
	hwmsg_item_set(p, 0x04 + 3 * 4, 0, 8, 17);	/* [3].module */
	hwmsg_item_set(p, 0x04 + 7 * 4, 24, 4, 3);	/* [7].rx_lane */
	CHECK_EQ(undecoded(r, p, sizeof(p), mask), 0);
	hwmsg_item_set(p, 0x04 + 2 * 4, 28, 1, 1);	/* [2] reserved */
	hwmsg_item_set(p, 0x00, 14, 2, 3);		/* beside lp_msb */
	CHECK_EQ(undecoded(r, p, sizeof(p), mask), 3);
	CHECK_STR(hwmsg_reg_bits_str(mask, sizeof(mask), buf, sizeof(buf)),
		  "0x00.14/2 0x0c.28");
}

/* SPMS: a packed bit array (VID 0 at the end) */
static void test_spms(void)
{
	const struct hwmsg_reg *r = reg("SPMS");
	uint8_t *p = calloc(1, r->len);

	CHECK(p);
	if (!p)
		return;
	p[r->len - 1] = 0x3;		/* state[0] */
	p[4] = 0xc0;			/* state[4095] */
	p[0x100] = 0x14;		/* two states */
	CHECK_EQ(undecoded(r, p, r->len, NULL), 0);
	free(p);
}

/* SFD: records whose entry is a union chosen by type */
static void test_sfd(void)
{
	const struct hwmsg_reg *r = reg("SFD");
	uint8_t *p = calloc(1, r->len), *mask = calloc(1, r->len);

	CHECK(p && mask);
	if (!p || !mask)
		goto out;
	hwmsg_item_set(p, 0x08, 0, 8, 1);		/* num_rec */
	p[0x12] = 0x00; p[0x13] = 0x02; p[0x17] = 0x07;	/* mac */
	hwmsg_item_set(p, 0x18, 0, 16, 100);		/* unicast fid_vid */
	hwmsg_item_set(p, 0x1c, 0, 16, 5);		/* system_port */
	CHECK_EQ(undecoded(r, p, r->len, mask), 0);
	hwmsg_item_set(p, 0x10, 20, 4, 1);		/* type unicast_lag */
	CHECK_EQ(undecoded(r, p, r->len, mask), 0);
	/* bits 0x18.24..30 are reserved in every unicast arm */
	hwmsg_item_set(p, 0x18, 24, 1, 1);
	CHECK_EQ(undecoded(r, p, r->len, mask), 1);
	CHECK_EQ(mask[0x18], 1);
out:
	free(p);
	free(mask);
}

/* Two messages of MTMP, one with a reserved bit; an unknown id. */
static void test_coverage(void)
{
	struct hwmsg_reg_coverage c = { 0 };
	struct hwmsg_err err = { 0 };
	uint8_t good[0x20] = { 0 }, bad[0x20] = { 0 };
	struct hwmsg_msg m = { .has_reg = true };
	char buf[32];

	hwmsg_item_set(good, 0x04, 0, 16, 0x100);
	hwmsg_item_set(bad, 0x14, 0, 1, 1);
	m.op.reg_id = 0x900a;
	m.reg = good;
	m.reg_len = sizeof(good);
	CHECK_EQ(hwmsg_reg_coverage_add(&c, &m, &err), 0);
	m.reg = bad;
	CHECK_EQ(hwmsg_reg_coverage_add(&c, &m, &err), 0);
	m.op.reg_id = 0x0777;		/* no name anywhere */
	CHECK_EQ(hwmsg_reg_coverage_add(&c, &m, &err), 0);
	m.has_reg = false;		/* an error reply without REG */
	CHECK_EQ(hwmsg_reg_coverage_add(&c, &m, &err), 0);
	CHECK_EQ(c.n, 2);
	CHECK_EQ(c.messages, 3);
	CHECK_EQ(c.full, 1);
	CHECK_EQ(c.regs[0].id, 0x0777);
	CHECK(!c.regs[0].reg);
	CHECK_EQ(c.regs[1].messages, 2);
	CHECK_EQ(c.regs[1].undecoded, 1);
	CHECK_STR(hwmsg_reg_bits_str(c.regs[1].mask, c.regs[1].mask_len, buf,
				     sizeof(buf)), "0x14.0");
	CHECK_EQ(hwmsg_reg_coverage_full_regs(&c), 0);
	hwmsg_reg_coverage_free(&c);
}

/* Vendor files name 0x2032 twice: SPMS_V2 (0x400) and CPID (0xc). */
static void test_alternatives(void)
{
	static const char adb[] =
		"<NodesDefinition>\n"
		"<node name=\"big_ext\" size=\"0x10.0\">\n"
		" <field name=\"a\" access=\"RW\" offset=\"0x0.0\" size=\"0x4.0\"/>\n"
		"</node>\n"
		"<node name=\"small_ext\" size=\"0x8.0\">\n"
		" <field name=\"b\" access=\"RW\" offset=\"0x4.0\" size=\"0x4.0\"/>\n"
		"</node>\n"
		"<node name=\"access_reg_summary_ctrl_ext\" size=\"0x4.0\">\n"
		" <field name=\"id\" offset=\"0x0.0\" size=\"0x4.0\""
		" enum=\"BIG=0x2032,SMALL=0x2032\"/>\n"
		"</node>\n"
		"<node name=\"access_reg_summary_ext\" size=\"0x10.0\""
		" attr_is_union=\"1\">\n"
		" <field name=\"big\" subnode=\"big_ext\" offset=\"0x0.0\""
		" selected_by=\"BIG\" size=\"0x10.0\"/>\n"
		" <field name=\"small\" subnode=\"small_ext\" offset=\"0x0.0\""
		" selected_by=\"SMALL\" size=\"0x8.0\"/>\n"
		"</node>\n"
		"</NodesDefinition>\n";
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	const struct hwmsg_reg *r;

	CHECK(db);
	if (!db)
		return;
	CHECK_EQ(hwmsg_regdb_load_adb_mem(db, adb, sizeof(adb) - 1, "t.adb",
					  &err), 0);
	r = hwmsg_regdb_find(db, 0x2032);
	CHECK(r && r->alt);
	if (r && r->alt) {
		CHECK_STR(r->name, "BIG");
		CHECK_STR(hwmsg_reg_pick_len(r, 8)->name, "SMALL");
		CHECK_STR(hwmsg_reg_pick_len(r, 16)->name, "BIG");
		CHECK_STR(hwmsg_reg_pick_len(r, 12)->name, "BIG");
		CHECK(hwmsg_regdb_find_name(db, "small") == r->alt);
	}
	if (err.msg[0])
		fprintf(stderr, "%s\n", err.msg);
	hwmsg_regdb_free(db);
}

int main(void)
{
	test_mtmp();
	test_pmlp();
	test_spms();
	test_sfd();
	test_coverage();
	test_alternatives();
	return test_done("test_regdb_undecoded");
}
