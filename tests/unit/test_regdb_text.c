// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The built-in text format: a description using every feature decodes as
 * written, and each kind of mistake gives one line naming file:line, with
 * none of that text's registers added.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "../test.h"

static const char good[] =
	"# a comment\n"
	"enum colour red=1 green=2 \\\n"
	"\tblue=0x10\n"
	"\n"
	"layout inner 0x04\n"
	"\thi 0x00.16/16 ro uint\n"
	"\tlo 0x02/16 ro int   # byte-aligned 16 bits: bytes 2-3\n"
	"layout arm_a 0x08\n"
	"\tx 0x00.0/32 rw uint\n"
	"layout arm_b 0x08\n"
	"\taddr 0x00/32 rw ipv4\n"
	"\tb 0x04/8 rw uint\n"
	"register TEST 0xa100 0x40 \"A test register\"\n"
	"\tport 0x00.16/8 index uint msb=0x00.12/2 \"the port\"\n"
	"\tsel 0x00.0/4 rw enum:colour\n"
	"\tflag 0x00.31/1 ro bool\n"
	"\tmac 0x02/48 rw mac\n"
	"\tcnt 0x08/64 ro u64\n"
	"\tname 0x10/64 ro string\n"
	"\tv6 0x18/128 rw ipv6\n"
	"\tpair[2] 0x28 ro layout:inner\n"
	"\tbody 0x30 rw union:sel case=1:a:arm_a case=2:b:arm_b case=16:arm_b\n"
	"\tsmall[4] 0x38/8 rw uint stride=1\n"
	"name ONLY 0xa101\n";

static void test_good(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	struct hwmsg_reg_decoded d;
	const struct hwmsg_reg_value *v;
	const struct hwmsg_reg *r;
	uint8_t p[0x40] = {
		0x80, 0x2a, 0x10, 0x02, 0x00, 0x02, 0xc9, 0xff, /* port, mac */
		0, 0, 0, 0, 0, 0, 0x01, 0x00,			 /* cnt 256 */
		'e', 't', 'h', '0', 0, 0, 0, 0,			 /* name */
		0xfe, 0x80, [0x27] = 0x01,			 /* fe80::1 */
		[0x28] = 0x00, 0x07, 0xff, 0xfe,		 /* pair[0] */
		[0x30] = 198, 51, 100, 7, 0x42,			 /* arm b */
		[0x38] = 1, 2, 3, 4,
	};
	char buf[64];

	CHECK_EQ(hwmsg_regdb_load_text(db, good, strlen(good), "good.reg",
				       &err), 0);
	if (err.msg[0])
		fprintf(stderr, "%s\n", err.msg);
	CHECK_EQ(hwmsg_regdb_count(db), 2);
	r = hwmsg_regdb_find(db, 0xa100);
	CHECK(r && !strcmp(r->name, "TEST") && r->len == 0x40);
	CHECK_STR(r ? r->descr : NULL, "A test register");
	CHECK(hwmsg_regdb_find(db, 0xa101) && !hwmsg_regdb_find(db, 0xa101)->layout);

	CHECK_EQ(hwmsg_reg_decode(db, 0xa100, p, sizeof(p), &d, &err), 0);
	v = hwmsg_reg_decoded_get(&d, "port");
	CHECK(v && v->raw == 0x12a);		/* 0x2a + msb 1 << 8 */
	CHECK_STR(v ? v->field->descr : NULL, "the port");
	CHECK_STR(hwmsg_reg_value_str(hwmsg_reg_decoded_get(&d, "sel"), buf,
				      sizeof(buf)), "green (2)");
	CHECK_EQ(hwmsg_reg_decoded_get(&d, "flag")->raw, 1);
	CHECK_STR(hwmsg_reg_value_str(hwmsg_reg_decoded_get(&d, "mac"), buf,
				      sizeof(buf)), "10:02:00:02:c9:ff");
	CHECK_EQ(hwmsg_reg_decoded_get(&d, "cnt")->raw, 256);
	CHECK_STR(hwmsg_reg_value_str(hwmsg_reg_decoded_get(&d, "name"), buf,
				      sizeof(buf)), "\"eth0\"");
	CHECK_STR(hwmsg_reg_value_str(hwmsg_reg_decoded_get(&d, "v6"), buf,
				      sizeof(buf)), "fe80::1");
	CHECK_EQ(hwmsg_reg_decoded_get(&d, "pair[0].hi")->raw, 7);
	CHECK_EQ((int64_t)hwmsg_reg_decoded_get(&d, "pair[0].lo")->raw, -2);
	CHECK_STR(hwmsg_reg_value_str(hwmsg_reg_decoded_get(&d, "body.b.addr"),
				      buf, sizeof(buf)), "198.51.100.7");
	CHECK_EQ(hwmsg_reg_decoded_get(&d, "body.b.b")->raw, 0x42);
	CHECK_EQ(hwmsg_reg_decoded_get(&d, "small[0]")->raw, 1);
	CHECK_EQ(hwmsg_reg_decoded_get(&d, "small[3]")->raw, 4);
	hwmsg_reg_decoded_free(&d);

	/* sel 0 matches no arm: the union stays bytes */
	p[3] = 0x00;
	CHECK_EQ(hwmsg_reg_decode(db, 0xa100, p, sizeof(p), &d, &err), 0);
	CHECK_STR(hwmsg_reg_value_str(hwmsg_reg_decoded_get(&d, "sel"), buf,
				      sizeof(buf)), "0");
	v = hwmsg_reg_decoded_get(&d, "body");
	CHECK(v && !v->group);
	CHECK_STR(v ? hwmsg_reg_value_str(v, buf, sizeof(buf)) : NULL,
		  "c633640742000000");
	hwmsg_reg_decoded_free(&d);
	hwmsg_regdb_free(db);
}

struct bad {
	const char *text;
	const char *err;
};

static const struct bad bad[] = {
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw float\n",
	  "t.reg:2: unknown kind 'float'" },
	{ "register A 0x1 0x8\n\tf 0x0q.0/8 rw uint\n",
	  "t.reg:2: bad position '0x0q.0/8' (OFF.SHIFT/WIDTH, OFF/WIDTH or OFF)" },
	{ "register A 0x1 0x8\n\tf 0x02.0/8 rw uint\n",
	  "t.reg:2: '0x02.0/8': a word item needs a 4-aligned offset and shift+width <= 32" },
	{ "register A 0x1 0x8\n\tf 0x00.30/8 rw uint\n",
	  "t.reg:2: '0x00.30/8': a word item needs a 4-aligned offset and shift+width <= 32" },
	{ "register A 0x1 0x8\n\tf 0x08.0/8 rw uint\n",
	  "t.reg:2: field 'f' ends beyond the layout length" },
	{ "register A 0x1 0x8\n\tf 0x04/48 rw mac\n",
	  "t.reg:2: field 'f' ends beyond the layout length" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint\n\tf 0x04.0/8 rw uint\n",
	  "t.reg:3: field 'f' is defined twice" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw enum:nope\n",
	  "t.reg:2: unknown enum 'nope'" },
	{ "register A 0x1 0x8\n\tf 0x00 rw layout:nope\n",
	  "t.reg:2: unknown layout 'nope'" },
	{ "layout l 0x4\n\tx 0x00.0/8 rw uint\nregister A 0x1 0x8\n"
	  "\tu 0x00 rw union:sel case=1:l\n",
	  "t.reg:4: union selector 'sel' is not an earlier field" },
	{ "register A 0x1 0x8\n\ts 0x00.0/4 rw uint\n\tu 0x04 rw union:s\n",
	  "t.reg:3: union 'u' has no case=VALUE:LAYOUT" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint \"no end\n",
	  "t.reg:2: unterminated string" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint\n\tg 0x04.0/8 rw uint junk\n",
	  "t.reg:3: unexpected 'junk'" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 maybe uint\n",
	  "t.reg:2: unknown access 'maybe' (index, ro, rw, wo, op)" },
	{ "enum e a=1 b=9\nregister A 0x1 0x8\n\tf 0x00.0/8 rw flags:e\n",
	  "t.reg:3: field 'f': a flag bit is beyond its width" },
	{ "enum e a=1 b\n", "t.reg:1: enum entry 'b' is not LABEL=VALUE" },
	{ "enum e a=0xg\n", "t.reg:1: bad enum entry 'a=0xg'" },
	/* decimal, never octal: 025 is 25, so 25 + 8 > 32 */
	{ "register A 0x1 0x8\n\tf 0x00.025/8 rw uint\n",
	  "t.reg:2: '0x00.025/8': a word item needs a 4-aligned offset and shift+width <= 32" },
	{ "enum e a=1 b=1\n", "t.reg:1: enum value of 'b=1' repeats" },
	{ "enum e a=1\nenum e b=2\n", "t.reg:2: 'e' is defined twice" },
	/* found by name and by id among many (a hash and a bitmap) */
	{ "name A 0x1\nname B 0x2\nname C 0x3\nname D 0x4\nname E 0x5\n"
	  "name F 0x6\nname G 0x7\nname H 0x8\nname C 0x9\n",
	  "t.reg:9: register C defined twice" },
	{ "name A 0x1\nname B 0x2\nname C 0x3\nname D 0x4\nname E 0x5\n"
	  "name F 0x6\nname G 0x7\nname H 0x8\nname I 0x3\n",
	  "t.reg:9: register I defined twice" },
	{ "name A 0xffff\nregister B 0xffff 0x8\n",
	  "t.reg:2: register B defined twice" },
	{ "register A 0x10000 0x8\n", "t.reg:1: bad register id '0x10000'" },
	{ "register A 0x1 0x6\n",
	  "t.reg:1: bad length '0x6' (a multiple of 4 bytes)" },
	{ "register a 0x1 0x8\n",
	  "t.reg:1: register name 'a' must be upper case" },
	{ "\tf 0x00.0/8 rw uint\n",
	  "t.reg:1: field 'f' outside a register or layout" },
	{ "register A 0x1 0x8\nf 0x00.0/8 rw uint\n",
	  "t.reg:2: unknown statement 'f' (fields are indented)" },
	{ "register A 0x1 0x8\nname A 0x2\n",
	  "t.reg:2: register A defined twice" },
	{ "register A 0x1 0x8\nname B 0x1\n",
	  "t.reg:2: register B defined twice" },
	{ "register A 0x1 0x8\n\tf 0x00/40 rw uint\n",
	  "t.reg:2: field 'f': wider than 32 bits needs u64, bytes or string" },
	{ "register A 0x1 0x8\n\tf 0x00/48 rw u64\n",
	  "t.reg:2: field 'f' has the wrong width for its kind" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint msb=0x00/2\n",
	  "t.reg:2: bad msb '0x00/2' (OFF.SHIFT/WIDTH)" },
	{ "register A 0x1 0x8\n\tf[0] 0x00.0/8 rw uint\n",
	  "t.reg:2: bad array 'f[0]' (NAME[COUNT])" },
	{ "register A 0x1 0x8\n\tf[3] 0x00.0/8 rw uint\n",
	  "t.reg:2: field 'f' ends beyond the layout length" },
	{ "layout l 0x4\n\tx 0x00.0/8 rw uint\nlayout m 0x4\n"
	  "\ty 0x00.0/8 rw uint\nregister A 0x1 0x8\n"
	  "\ts 0x00.0/4 rw uint\n\tu 0x04 rw union:s case=1:k:l case=2:k:m\n",
	  "t.reg:7: case name 'k' used for two layouts" },
	{ "layout l 0x4\n\tx 0x00.0/8 rw uint\nlayout l 0x4\n",
	  "t.reg:3: layout 'l' is defined twice" },
	{ "layout l 0x4\n\tx 0x00 rw layout:l\n",
	  "t.reg:2: unknown layout 'l'" },
	{ "register A 0x1 0x8 \"ok\"\n\n# fine\n\tf 0x00.0/8 rw uint \\\n"
	  "\t\"continued\" oops\n",
	  "t.reg:4: unexpected 'continued'" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw\tuint\0\n",
	  "t.reg:2: NUL byte in text" },
	/* bitarray: packed backwards from a word item, nothing else */
	{ "register A 0x1 0x8\n\tf 0x04.0/2 rw uint bitarray\n",
	  "t.reg:2: field 'f': bitarray needs an array of 1, 2, 4 or 8-bit numbers at OFF.SHIFT, no msb; with a stride, in the last byte" },
	{ "register A 0x1 0x8\n\tf[4] 0x04.0/3 rw uint bitarray\n",
	  "t.reg:2: field 'f': bitarray needs an array of 1, 2, 4 or 8-bit numbers at OFF.SHIFT, no msb; with a stride, in the last byte" },
	{ "register A 0x1 0x8\n\tf[4] 0x04.6/4 rw uint bitarray stride=1\n",
	  "t.reg:2: field 'f': bitarray needs an array of 1, 2, 4 or 8-bit numbers at OFF.SHIFT, no msb; with a stride, in the last byte" },
	{ "register A 0x1 0x8\n\tf[2] 0x04/16 rw uint bitarray\n",
	  "t.reg:2: field 'f': bitarray needs an array of 1, 2, 4 or 8-bit numbers at OFF.SHIFT, no msb; with a stride, in the last byte" },
	{ "register A 0x1 0x8\n\tf 0x00.0/1 rw bool unit=C\n",
	  "t.reg:2: unit= on a field that is no uint, int or u64" },
	{ "register A 0x1 0x8\n\tf 0x00/32 rw ipv4 scale=2\n",
	  "t.reg:2: scale= on a field that is no uint, int or u64" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint scale=0\n",
	  "t.reg:2: bad scale '0' (NUM or NUM/DEN, positive, once)" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint scale=1/0\n",
	  "t.reg:2: bad scale '1/0' (NUM or NUM/DEN, positive, once)" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint scale=1/8/2\n",
	  "t.reg:2: bad scale '1/8/2' (NUM or NUM/DEN, positive, once)" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint scale=2 scale=3\n",
	  "t.reg:2: bad scale '3' (NUM or NUM/DEN, positive, once)" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint unit=deg!\n",
	  "t.reg:2: bad unit 'deg!' (up to 15 letters, digits, / and %, once)" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint unit=s unit=ms\n",
	  "t.reg:2: bad unit 'ms' (up to 15 letters, digits, / and %, once)" },
	{ "register A 0x1 0x8\n\tf 0x00.0/1 rw bool special=x\n",
	  "t.reg:2: special= on a field that is no uint, int or u64" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint special=nope\n",
	  "t.reg:2: unknown enum 'nope'" },
	{ "enum e a=1\nregister A 0x1 0x8\n\tf 0x00.0/8 rw uint special=e special=e\n",
	  "t.reg:3: special= given twice" },
	{ "register A 0x1 0x8\n\tf 0x00.0/8 rw uint unit=\n",
	  "t.reg:2: bad unit '' (up to 15 letters, digits, / and %, once)" },
	/* 33 two-bit elements back from 0x04.0 reach before byte 0 */
	{ "register A 0x1 0x8\n\tf[33] 0x04.0/2 rw uint bitarray\n",
	  "t.reg:2: field 'f' does not fit its layout" },
};

static void test_bad(void)
{
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hwmsg_regdb *db = hwmsg_regdb_new();
		struct hwmsg_err err = { 0 };
		size_t len = strlen(bad[i].text);

		/* the NUL case: include the byte after the embedded NUL */
		if (strstr(bad[i].err, "NUL"))
			len += 2;
		CHECK_EQ(hwmsg_regdb_load_text(db, bad[i].text, len, "t.reg",
					       &err), -1);
		if (strcmp(err.msg, bad[i].err)) {
			fprintf(stderr, "case %zu: got  '%s'\n        want '%s'\n",
				i, err.msg, bad[i].err);
			CHECK(0);
		}
		CHECK(!strchr(err.msg, '\n'));
		/* nothing of a failed text is added */
		CHECK_EQ(hwmsg_regdb_count(db), 0);
		hwmsg_regdb_free(db);
	}
}

/* unit= and scale=: the quantity after the raw value, decimal when set. */
static const char units[] =
	"enum sp no_conn=0x8000 na=0x8002\n"
	"register Q 0xa200 0x24\n"
	"\ttemp 0x00.0/16 ro int scale=1/8 unit=C\n"
	"\tage 0x04.0/20 rw uint unit=s\n"
	"\trate 0x08.0/16 ro uint scale=100 unit=Mb/s\n"
	"\tup 0x0c.0/32 ro uint unit=s\n"
	"\tmask 0x10.0/32 ro uint\n"
	"\tpct 0x14.0/8 ro uint unit=%\n"
	"\tdbl 0x14.8/8 ro uint scale=2\n"
	"\tduty 0x14.16/8 ro uint scale=100/255 unit=%\n"
	"\tns 0x18/64 ro u64 scale=1/1000 unit=us\n"
	"\tsp0 0x20.16/16 ro int scale=1/8 unit=C special=sp\n"
	"\tsp1 0x20.0/16 ro int scale=1/8 unit=C special=sp\n";

static void test_units(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	struct hwmsg_reg_decoded d;
	const struct hwmsg_reg_value *v;
	static const uint8_t p[0x24] = {
		0x00, 0x00, 0xff, 0xe6,		/* temp -26: -3.25 C */
		0x00, 0x00, 0x01, 0x2c,		/* age 300 */
		0x00, 0x00, 0x03, 0xe8,		/* rate 1000: 100 Gb/s */
		0x89, 0xc4, 0x3e, 0x71,		/* up 2311339633 */
		0x89, 0xc4, 0x3e, 0x71,		/* mask, in hex */
		0x00, 0x64, 0x03, 0x32,		/* duty 100, dbl 3, pct 50 */
		0, 0, 0, 0, 0, 0, 0x05, 0xdc,	/* ns 1500 */
		0x80, 0x00, 0x00, 0x10,		/* sp0 no_conn, sp1 2 C */
	};
	static const struct { const char *path, *text; } want[] = {
		{ "temp", "-26 (-3.25 C)" },
		{ "age", "300 s" },
		{ "rate", "1000 (100000 Mb/s)" },
		{ "up", "2311339633 s" },
		{ "mask", "0x89c43e71" },
		{ "pct", "50 %" },
		{ "dbl", "3 (6)" },
		{ "duty", "100 (39.216 %)" },	/* 3 decimals at most */
		{ "ns", "1500 (1.5 us)" },
		{ "sp0", "-32768 (no_conn)" },
		{ "sp1", "16 (2 C)" },
	};
	char buf[64];

	CHECK_EQ(hwmsg_regdb_load_text(db, units, strlen(units), "u.reg",
				       &err), 0);
	CHECK_EQ(hwmsg_reg_decode(db, 0xa200, p, sizeof(p), &d, &err), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		v = hwmsg_reg_decoded_get(&d, want[i].path);
		CHECK(v);
		if (!v)
			continue;
		CHECK_STR(hwmsg_reg_value_str(v, buf, sizeof(buf)),
			  want[i].text);
		/* the plugin's BASE_HEX follows the same rule */
		CHECK_EQ(hwmsg_reg_field_hex(v->field),
			 !strcmp(want[i].path, "mask"));
	}
	v = hwmsg_reg_decoded_get(&d, "temp");
	if (v) {
		CHECK_STR(v->field->unit, "C");
		CHECK_EQ(v->field->scale_num, 1);
		CHECK_EQ(v->field->scale_den, 8);
		CHECK_STR(hwmsg_reg_unit_str(v->field, 377, buf, sizeof(buf)),
			  " (47.125 C)");
	}
	/* a short buffer is cut, never overrun */
	v = hwmsg_reg_decoded_get(&d, "rate");
	if (v)
		CHECK_STR(hwmsg_reg_value_str(v, buf, 8), "1000 (1");
	hwmsg_reg_decoded_free(&d);
	hwmsg_regdb_free(db);
}

/* The built-in files parse, and describing an id twice is an error. */
static void test_builtin_twice(void)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	static const char again[] = "register PAOS2 0x5006 0x10\n";

	CHECK_EQ(hwmsg_regdb_load_builtin(db, &err), 0);
	CHECK_EQ(hwmsg_regdb_load_text(db, again, strlen(again), "x.reg",
				       &err), -1);
	CHECK_STR(err.msg, "x.reg:1: register id of PAOS2 already defined");
	hwmsg_regdb_free(db);
}

int main(void)
{
	test_good();
	test_bad();
	test_builtin_twice();
	test_units();
	return test_done("test_regdb_text");
}
