// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mstflint ADB loading: a small hand-written file (nodes, arrays, a union
 * with a selector, enums, descriptions), malformed files (one-line errors
 * with file:line), lookup precedence, and the installed vendor files
 * (load time, decode, one filter name per field).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hwmsg/regdb.h"
#include "../test.h"

#define SMALL_ADB HWMSG_TEST_DATA "/regdb_small.adb"

static uint64_t raw(const struct hwmsg_reg_decoded *d, const char *path)
{
	const struct hwmsg_reg_value *v = hwmsg_reg_decoded_get(d, path);

	if (!v)
		fprintf(stderr, "no field %s\n", path);
	return v ? v->raw : 0xdeadbeefull;
}

static const char *str(const struct hwmsg_reg_decoded *d, const char *path)
{
	static char buf[128];
	const struct hwmsg_reg_value *v = hwmsg_reg_decoded_get(d, path);

	return v ? hwmsg_reg_value_str(v, buf, sizeof(buf)) : "(no field)";
}

static void test_small(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	struct hwmsg_reg_decoded d;
	const struct hwmsg_reg *r;
	uint8_t a[0x18] = { 0x00, 0x07, 0x20, 0x04,	/* port 7, msb 2, x4 */
			    0x00, 0x01, 0x00, 0x05,	/* lane 0 */
			    0x00, 0x02, 0x00, 0x06,	/* lane 1 */
			    [0x14] = 'A', 'B', 'C', 'D' };
	uint8_t b[0x0c] = { 0x00, 0x00, 0x00, 0x05, 0, 0, 0, 1, 0, 0, 0, 2 };

	CHECK_EQ(hwmsg_regdb_load_adb(db, SMALL_ADB, &err), 0);
	if (err.msg[0])
		fprintf(stderr, "%s\n", err.msg);
	CHECK_EQ(hwmsg_regdb_count(db), 5);
	r = hwmsg_regdb_find_name(db, "TSTA");
	CHECK(r && r->id == 0xfa01 && r->len == 0x18 &&
	      r->source == HWMSG_REG_ADB && r->layout);
	CHECK_STR(r && r->layout ? r->layout->fields[0].descr : NULL,
		  "Width\nsecond line");
	r = hwmsg_regdb_find(db, 0xfa03);	/* its node is missing */
	CHECK(r && !r->layout && !strcmp(r->name, "TSTC"));

	CHECK_EQ(hwmsg_reg_decode(db, 0xfa01, a, sizeof(a), &d, &err), 0);
	/* lp_msb is joined into the 10-bit local_port */
	CHECK_EQ(raw(&d, "local_port"), 0x207);
	CHECK(!hwmsg_reg_decoded_get(&d, "lp_msb"));
	CHECK_STR(str(&d, "width"), "x4 (4)");
	CHECK_EQ(raw(&d, "lanes[0].module"), 5);
	CHECK_EQ(raw(&d, "lanes[0].tx_lane"), 1);
	CHECK_EQ(raw(&d, "lanes[1].module"), 6);
	CHECK_EQ(raw(&d, "lanes[1].tx_lane"), 2);
	/* a byte array named like text is a string */
	CHECK_STR(str(&d, "name"), "\"ABCD\"");
	hwmsg_reg_decoded_free(&d);

	/* the union follows grp: 5 is IB, 0 is ETH */
	CHECK_EQ(hwmsg_reg_decode(db, 0xfa02, b, sizeof(b), &d, &err), 0);
	CHECK_EQ(raw(&d, "counters.arm_ib.symbols"), 0x100000002ull);
	CHECK(hwmsg_reg_decoded_get(&d, "counters.arm_ib.symbols")->field->kind ==
	      HWMSG_REG_U64);
	hwmsg_reg_decoded_free(&d);
	b[3] = 0;
	CHECK_EQ(hwmsg_reg_decode(db, 0xfa02, b, sizeof(b), &d, &err), 0);
	/* frames_high + frames_low: one 64-bit counter */
	CHECK_EQ(raw(&d, "counters.arm_eth.frames"), 0x100000002ull);
	CHECK(hwmsg_reg_decoded_get(&d, "counters.arm_eth.frames_low") == NULL);
	CHECK_STR(hwmsg_reg_decoded_get(&d, "counters.arm_eth.frames")->filter,
		  "mlxreg.tstb.counters.arm_eth.frames");
	hwmsg_reg_decoded_free(&d);
	hwmsg_regdb_free(db);
}

/* Built-in first unless the ADB is loaded first (--prefer-adb). */
static void test_precedence(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	const struct hwmsg_reg *r;

	CHECK_EQ(hwmsg_regdb_load_builtin(db, &err), 0);
	CHECK_EQ(hwmsg_regdb_load_adb(db, SMALL_ADB, &err), 0);
	r = hwmsg_regdb_find(db, 0x5006);
	CHECK(r && r->source == HWMSG_REG_BUILTIN);
	r = hwmsg_regdb_find(db, 0xfa01);
	CHECK(r && r->source == HWMSG_REG_ADB);
	/* the ADB layout fills a built-in bare name, which stays */
	r = hwmsg_regdb_find(db, 0x9062);
	CHECK(r && r->source == HWMSG_REG_ADB && r->layout &&
	      !strcmp(r->name, "MCC") && !strcmp(r->lname, "mcc"));
	hwmsg_regdb_free(db);

	db = hwmsg_regdb_new();
	CHECK_EQ(hwmsg_regdb_load_adb(db, SMALL_ADB, &err), 0);
	CHECK_EQ(hwmsg_regdb_load_builtin(db, &err), 0);
	r = hwmsg_regdb_find(db, 0x5006);
	CHECK(r && r->source == HWMSG_REG_ADB && r->layout->len == 4);
	/* a built-in layout still beats an ADB bare name */
	r = hwmsg_regdb_find(db, 0x5002);
	CHECK(r && r->source == HWMSG_REG_BUILTIN);
	hwmsg_regdb_free(db);
}

static void expect_error(const char *xml, const char *want)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };

	CHECK_EQ(hwmsg_regdb_load_adb_mem(db, xml, strlen(xml), "bad.adb",
					  &err), -1);
	if (strncmp(err.msg, want, strlen(want))) {
		fprintf(stderr, "got  '%s'\nwant '%s...'\n", err.msg, want);
		CHECK(0);
	}
	CHECK(!strchr(err.msg, '\n'));
	hwmsg_regdb_free(db);
}

#define SUMMARY \
	"<node name=\"access_reg_summary_ctrl_ext\" size=\"0x4.0\">\n" \
	"<field name=\"id\" enum=\"R=0x1\" offset=\"0x0.0\" size=\"0x0.16\"/>\n" \
	"</node>\n" \
	"<node name=\"access_reg_summary_ext\" size=\"0x4\">\n" \
	"<field name=\"r\" subnode=\"r_ext\" selected_by=\"R\" offset=\"0x0.0\" size=\"0x4\"/>\n" \
	"</node>\n"

static void test_malformed(void)
{
	expect_error("<NodesDefinition>\n<node name=\"a\"", "bad.adb:2: ");
	expect_error("", "bad.adb:");
	expect_error("<other/>", "bad.adb: root element is not NodesDefinition");
	expect_error("<NodesDefinition/>",
		     "bad.adb: no access_reg_summary nodes");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"0x4.0\">\n"
		     "<field name=\"f\" offset=\"zz\" size=\"0x0.8\"/>\n</node>\n"
		     SUMMARY "</NodesDefinition>",
		     "bad.adb:3: bad offset or size of field 'f': 'zz'");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"0x4.0\">\n"
		     "<field name=\"f\" offset=\"0x8.0\" size=\"0x0.8\"/>\n</node>\n"
		     SUMMARY "</NodesDefinition>",
		     "bad.adb:3: bad offset or size of field 'f'");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"0x4.0\">\n"
		     "<field name=\"f\" offset=\"0x0.28\" size=\"0x0.8\"/>\n</node>\n"
		     SUMMARY "</NodesDefinition>",
		     "bad.adb:3: field crosses a 32-bit word 'f'");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"0x4.0\">\n"
		     "<field name=\"f\" enum=\"a=1,b\" offset=\"0x0.0\" size=\"0x0.8\"/>\n</node>\n"
		     SUMMARY "</NodesDefinition>",
		     "bad.adb:3: bad enum entry in field 'f'");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"0x8.0\">\n"
		     "<field name=\"f\" low_bound=\"0\" high_bound=\"2\" offset=\"0x0.0\" size=\"0x8.0\"/>\n</node>\n"
		     SUMMARY "</NodesDefinition>",
		     "bad.adb:3: bad array bounds of field 'f'");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"big\">\n"
		     "</node>\n" SUMMARY "</NodesDefinition>",
		     "bad.adb:2: bad size of node 'r_ext'");
	expect_error("<NodesDefinition>\n<node name=\"r_ext\" size=\"0x4.0\"/>\n"
		     "<node name=\"r_ext\" size=\"0x4.0\"/>\n" SUMMARY
		     "</NodesDefinition>",
		     "bad.adb:3: node defined twice 'r_ext'");
}

/* A node that contains itself stays bytes instead of recursing. */
static void test_cycle(void)
{
	static const char xml[] =
		"<NodesDefinition>\n<node name=\"r_ext\" size=\"0x8.0\">\n"
		"<field name=\"a\" offset=\"0x0.0\" size=\"0x0.8\"/>\n"
		"<field name=\"self\" subnode=\"r_ext\" offset=\"0x4.0\" size=\"0x4.0\"/>\n"
		"</node>\n" SUMMARY "</NodesDefinition>";
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	struct hwmsg_reg_decoded d;
	uint8_t p[8] = { 0, 0, 0, 9, 1, 2, 3, 4 };

	CHECK_EQ(hwmsg_regdb_load_adb_mem(db, xml, strlen(xml), "cyc.adb",
					  &err), 0);
	CHECK_EQ(hwmsg_reg_decode(db, 1, p, sizeof(p), &d, &err), 0);
	CHECK_EQ(raw(&d, "a"), 9);
	CHECK_STR(str(&d, "self"), "01020304");
	hwmsg_reg_decoded_free(&d);
	hwmsg_regdb_free(db);
}

static int count_dup(void *ctx, const struct hwmsg_reg *reg,
		     const struct hwmsg_reg_field *f, const char *filter)
{
	char ***names = ctx;
	size_t n = 0;

	(void)reg;
	(void)f;
	while ((*names)[n])
		n++;
	*names = realloc(*names, (n + 2) * sizeof(**names));
	(*names)[n] = strdup(filter);
	(*names)[n + 1] = NULL;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The installed vendor databases (mstflint, from install-deps.sh). */
static void test_installed(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	struct hwmsg_reg_decoded d;
	unsigned int i, with_layout = 0, dups = 0, n = 0;
	uint8_t p[0x40] = { 0x00, 0x11, 0x10, 0x04, [0x0c] = 0x00, 0x02,
			    0x00, 0x03 };
	char **names = calloc(1, sizeof(*names));
	double t0, t1, t2;

	t0 = now_ms();
	CHECK_EQ(hwmsg_regdb_load_adb(db, hwmsg_adb_default_paths[0], &err), 0);
	t1 = now_ms();
	CHECK_EQ(hwmsg_regdb_load_adb(db, hwmsg_adb_default_paths[1], &err), 0);
	t2 = now_ms();
	if (err.msg[0])
		fprintf(stderr, "%s\n", err.msg);
	printf("ADB load: switch %.1f ms, hca %.1f ms\n", t1 - t0, t2 - t1);
	for (i = 0; i < hwmsg_regdb_count(db); i++)
		with_layout += !!hwmsg_regdb_at(db, i)->layout;
	printf("ADB registers: %u, %u with fields\n", hwmsg_regdb_count(db),
	       with_layout);
	CHECK(with_layout > 500);

	/* PMLP from the vendor file alone */
	CHECK_EQ(hwmsg_reg_decode(db, 0x5002, p, sizeof(p), &d, &err), 0);
	CHECK_EQ(raw(&d, "local_port"), 0x111);
	CHECK(!hwmsg_reg_decoded_get(&d, "lp_msb"));
	CHECK_STR(str(&d, "width"), "x4 (4)");
	CHECK_EQ(raw(&d, "lane_module_mapping[2].tx_lane"), 2);
	CHECK_EQ(raw(&d, "lane_module_mapping[2].module"), 3);
	hwmsg_reg_decoded_free(&d);

	/* every filter name unique, built-in and vendor together */
	CHECK_EQ(hwmsg_regdb_load_builtin(db, &err), 0);
	/* and every layout fits its register: a full-length payload decodes
	 * with nothing missing */
	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(db, i);
		uint8_t *zero;

		if (!r->layout)
			continue;
		zero = calloc(1, r->len);
		if (hwmsg_reg_decode_reg(r, zero, r->len, &d, &err)) {
			fprintf(stderr, "%s: %s\n", r->name, err.msg);
			dups++;
		}
		hwmsg_reg_decoded_free(&d);
		free(zero);
	}
	CHECK_EQ(dups, 0);
	CHECK_EQ(hwmsg_regdb_foreach_field(db, count_dup, &names), 0);
	while (names[n])
		n++;
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 1; i < n; i++)
		if (!strcmp(names[i], names[i - 1]) && dups++ < 10)
			fprintf(stderr, "duplicate filter %s\n", names[i]);
	CHECK_EQ(dups, 0);
	printf("filter fields: %u\n", n);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	hwmsg_regdb_free(db);
}

/* Built-in first; the ADB files load on the first id it lacks. */
static void test_lookup(void)
{
	const struct hwmsg_reg *r;
	struct hwmsg_reg_decoded d;
	uint8_t p[4] = { 0x00, 0x09, 0x00, 0x02 };

	setenv("HWMSG_ADB_PATH", SMALL_ADB, 1);
	r = hwmsg_reg_lookup(0x5006);
	CHECK(r && r->source == HWMSG_REG_BUILTIN);
	r = hwmsg_reg_lookup(0xfa01);
	CHECK(r && r->source == HWMSG_REG_ADB && !strcmp(r->name, "TSTA"));
	CHECK(hwmsg_reg_lookup(0x0001) == NULL);
	CHECK_EQ(hwmsg_reg_decode(NULL, 0xfa01, p, sizeof(p), &d, NULL), 1);
	CHECK_EQ(raw(&d, "local_port"), 9);
	CHECK_STR(str(&d, "width"), "x2 (2)");
	hwmsg_reg_decoded_free(&d);
	CHECK(hwmsg_regdb_default(NULL) &&
	      hwmsg_regdb_find(hwmsg_regdb_default(NULL), 0xfa02));
}

int main(void)
{
	test_lookup();
	test_small();
	test_precedence();
	test_malformed();
	test_cycle();
	test_installed();
	return test_done("test_regdb_adb");
}
