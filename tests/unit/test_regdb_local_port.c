// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The 10-bit local port (the kernel's MLXSW_ITEM32_LP: 8 bits at 0x00.16,
 * bits 8-9 in lp_msb at 0x00.12) is one number everywhere: decoded value,
 * text, summary, filter and the per-field list the plugin declares, for a
 * built-in register (PAOS, msb=) and one only mstflint's ADB describes
 * (SPEVET, whose lp_msb field the loader joins); and a small ADB file
 * for the prefixed pairs and mstflint's uint64 node.
 */
#include <string.h>

#include "hwmsg/filter.h"
#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/wire.h"
#include "../test.h"

#define PORT 945	/* 0x3b1: 0xb1 in local_port, 3 in lp_msb */

static uint8_t frame[256];
static struct hwmsg_record rec;
static struct hwmsg_msg msg;
static struct hwmsg_filter_rec fr = { .rec = &rec, .msg = &msg };

/* A query response of reg_id whose payload carries PORT. */
static void make_emad(uint16_t reg_id, uint8_t *reg, size_t reg_len)
{
	struct hwmsg_emad_op op = { .tid = 0x42, .reg_id = reg_id,
				    .method = 1, .cls = 1, .response = true };
	struct hwmsg_emad_extras x = { 0 };
	struct hwmsg_err err;
	size_t len;

	hwmsg_item_set(reg, 0x00, 16, 8, PORT & 0xff);
	hwmsg_item_set(reg, 0x00, 12, 2, PORT >> 8);
	len = hwmsg_emad_build(frame, sizeof(frame), &op, &x, reg, reg_len);
	CHECK(len > 0);
	rec = (struct hwmsg_record){
		.ts_ns = 1, .bus = "pci", .dev = "0000:03:00.0",
		.driver = "mlxsw_spectrum", .type = HWMSG_TYPE_MLX_EMAD,
		.dir = HWMSG_DIR_FROM_HW, .payload = frame,
		.len = (uint32_t)len, .orig_len = (uint32_t)len,
	};
	CHECK_EQ(hwmsg_msg_decode(&rec, &msg, &err), 0);
	fr.number = 1;
}

static int match(const char *text)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_filter *f = hwmsg_filter_compile(text, &err);
	int ret;

	if (!f)
		return -1;
	ret = hwmsg_filter_match(f, &fr);
	hwmsg_filter_free(f);
	return ret;
}

struct found {
	const char *want;
	const struct hwmsg_reg_field *field;
	bool lp_msb;
};

static int find_filter(void *ctx, const struct hwmsg_reg *reg,
		       const struct hwmsg_reg_field *field, const char *filter)
{
	struct found *f = ctx;
	char msb[64];

	(void)reg;
	if (!strcmp(filter, f->want))
		f->field = field;
	snprintf(msb, sizeof(msb), "%.*slp_msb",
		 (int)(strlen(f->want) - strlen("local_port")), f->want);
	if (!strcmp(filter, msb))
		f->lp_msb = true;
	return 0;
}

static void check_register(const char *name, size_t len)
{
	const struct hwmsg_regdb *db;
	const struct hwmsg_reg *r;
	struct hwmsg_reg_decoded d;
	const struct hwmsg_reg_value *v;
	struct hwmsg_err err = { 0 };
	uint8_t reg[64] = { 0 };
	char buf[128], filter[96], lname[16];
	struct found fnd = { .want = filter };
	size_t i;

	db = hwmsg_regdb_default(&err);
	CHECK(db != NULL);
	if (!db)
		return;
	r = hwmsg_regdb_find_name(db, name);
	CHECK(r && r->layout);
	if (!r || !r->layout)
		return;
	make_emad(r->id, reg, len);

	/* decode: one value, no lp_msb beside it */
	CHECK(hwmsg_reg_decode(NULL, r->id, reg, len, &d, &err) >= 0);
	v = hwmsg_reg_decoded_get(&d, "local_port");
	CHECK(v != NULL);
	CHECK_EQ(v ? v->raw : 0, PORT);
	CHECK_STR(v ? hwmsg_reg_value_str(v, buf, sizeof(buf)) : "", "945");
	CHECK(!hwmsg_reg_decoded_get(&d, "lp_msb"));
	/* the summary of a show line */
	snprintf(filter, sizeof(filter), "%s local_port 945", name);
	CHECK_STR(hwmsg_reg_summary(&d, buf, sizeof(buf)), filter);
	CHECK_STR(hwmsg_reg_index_summary(NULL, r->id, reg, len, buf,
					  sizeof(buf)), filter);
	hwmsg_reg_decoded_free(&d);

	/* filters compare the joined number */
	for (i = 0; name[i] && i < sizeof(lname) - 1; i++)
		lname[i] = (char)(name[i] | 0x20);
	lname[i] = 0;
	snprintf(filter, sizeof(filter), "mlxreg.%s.local_port == 945", lname);
	CHECK_EQ(match(filter), 1);
	snprintf(filter, sizeof(filter), "mlxreg.%s.local_port == 177", lname);
	CHECK_EQ(match(filter), 0);
	snprintf(filter, sizeof(filter), "mlxreg.%s.local_port > 900", lname);
	CHECK_EQ(match(filter), 1);

	/* what the plugin declares: a 10-bit field, no lp_msb field */
	snprintf(filter, sizeof(filter), "mlxreg.%s.local_port", lname);
	CHECK_EQ(hwmsg_regdb_foreach_field(db, find_filter, &fnd), 0);
	CHECK(fnd.field != NULL);
	CHECK_EQ(fnd.field ? hwmsg_reg_field_bits(fnd.field) : 0, 10);
	CHECK(!fnd.lp_msb);
}

/* tests/data/regdb_lp_msb.adb: a prefixed pair (egress_lp_msb beside
 * egress_local_port) is joined too, and mstflint's uint64 node is one
 * 64-bit counter. */
static void check_adb_shapes(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	struct hwmsg_reg_decoded d;
	const struct hwmsg_reg_value *v;
	uint8_t p[0x10] = { 0 };

	CHECK_EQ(hwmsg_regdb_load_adb(db, HWMSG_TEST_DATA "/regdb_lp_msb.adb",
				      &err), 0);
	hwmsg_item_set(p, 0x00, 16, 8, PORT & 0xff);
	hwmsg_item_set(p, 0x00, 12, 2, PORT >> 8);
	hwmsg_item_set(p, 0x04, 16, 8, 0x02);
	hwmsg_item_set(p, 0x04, 8, 2, 1);		/* egress port 258 */
	hwmsg_item_set(p, 0x08, 0, 32, 0x1);
	hwmsg_item_set(p, 0x0c, 0, 32, 0x2);		/* 0x100000002 */
	CHECK_EQ(hwmsg_reg_decode(db, 0xfa10, p, sizeof(p), &d, &err), 0);
	v = hwmsg_reg_decoded_get(&d, "local_port");
	CHECK_EQ(v ? v->raw : 0, PORT);
	v = hwmsg_reg_decoded_get(&d, "egress_local_port");
	CHECK_EQ(v ? v->raw : 0, 258);
	CHECK(!hwmsg_reg_decoded_get(&d, "lp_msb"));
	CHECK(!hwmsg_reg_decoded_get(&d, "egress_lp_msb"));
	v = hwmsg_reg_decoded_get(&d, "counter");
	CHECK(v && v->field->kind == HWMSG_REG_U64);
	CHECK_EQ(v ? v->raw : 0, 0x100000002ull);
	CHECK(!hwmsg_reg_decoded_get(&d, "counter.hi"));
	hwmsg_reg_decoded_free(&d);
	hwmsg_regdb_free(db);
}

int main(void)
{
	const struct hwmsg_reg *r;

	/* built-in: local_port ... msb=0x00.12/2 */
	r = hwmsg_reg_lookup(0x5006);
	CHECK(r && r->source == HWMSG_REG_BUILTIN);
	check_register("PAOS", 0x10);
	/* only the ADB describes SPEVET: its lp_msb is joined when loaded */
	r = hwmsg_reg_lookup(0x202a);
	CHECK(r && r->source == HWMSG_REG_ADB);
	check_register("SPEVET", 0x08);
	check_adb_shapes();
	return test_done("test_regdb_local_port");
}
