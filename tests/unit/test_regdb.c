// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The built-in register database and the decoder: golden decodes of
 * hand-built payloads for every field kind (arrays, unions, enums, the
 * split local port, MAC, IPv4/6, counters, strings, signed values),
 * truncated payloads, the printer's exact output and the filter names.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "../test.h"

static const struct hwmsg_regdb *db;

static uint64_t raw(const struct hwmsg_reg_decoded *d, const char *path)
{
	const struct hwmsg_reg_value *v = hwmsg_reg_decoded_get(d, path);

	if (!v) {
		fprintf(stderr, "no field %s\n", path);
		return 0xdeadbeefdeadbeefull;
	}
	return v->raw;
}

static const char *str(const struct hwmsg_reg_decoded *d, const char *path)
{
	static char buf[256];
	const struct hwmsg_reg_value *v = hwmsg_reg_decoded_get(d, path);

	return v ? hwmsg_reg_value_str(v, buf, sizeof(buf)) : "(no field)";
}

static void put32(uint8_t *p, uint32_t off, uint32_t v)
{
	hwmsg_put_be32(p + off, v);
}

static void test_names(void)
{
	const struct hwmsg_reg *r;

	CHECK_STR(hwmsg_reg_name(0x5002), "PMLP");
	CHECK_STR(hwmsg_reg_name(0x5006), "PAOS");
	CHECK_STR(hwmsg_reg_name(0x9020), "MGIR");
	CHECK_STR(hwmsg_reg_name(0x2014), "SLDR");	/* kernel only */
	CHECK_STR(hwmsg_reg_name(0x9062), "MCC");	/* name only */
	CHECK(hwmsg_reg_name(0x0001) == NULL);
	CHECK(hwmsg_regdb_count(db) > 500);
	r = hwmsg_regdb_find_name(db, "pmlp");
	CHECK(r && r->id == 0x5002 && r->len == 0x40 && r->layout);
	CHECK(r && r->source == HWMSG_REG_BUILTIN);
	CHECK_STR(r ? r->lname : NULL, "pmlp");
	r = hwmsg_regdb_find(db, 0x9062);
	CHECK(r && !r->layout);
	/* sorted by id */
	CHECK(hwmsg_regdb_at(db, 0)->id < hwmsg_regdb_at(db, 1)->id);
}

/* Array of layouts, enum, local port split over two items. */
static void test_pmlp(void)
{
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err = { 0 };
	const struct hwmsg_reg_value *v;
	uint8_t p[0x40] = { 0 };
	char sum[128];

	put32(p, 0x00, 0x00111004);	/* local_port 0x11 + msb 1, x4 */
	put32(p, 0x04, 0x00000001);
	put32(p, 0x08, 0x00010002);
	put32(p, 0x0c, 0x02020003);	/* rx 2, tx 2, module 3 */
	put32(p, 0x10, 0x03030004);
	CHECK_EQ(hwmsg_reg_decode(db, 0x5002, p, sizeof(p), &d, &err), 0);
	CHECK_EQ(d.n_missing, 0);
	CHECK_EQ(raw(&d, "local_port"), 0x111);
	CHECK_STR(str(&d, "width"), "x4 (4)");
	CHECK_EQ(raw(&d, "lane_module_mapping[2].tx_lane"), 2);
	CHECK_EQ(raw(&d, "lane_module_mapping[2].rx_lane"), 2);
	CHECK_EQ(raw(&d, "lane_module_mapping[2].module"), 3);
	CHECK_EQ(raw(&d, "lane_module_mapping[3].module"), 4);
	CHECK_EQ(raw(&d, "lane_module_mapping[7].module"), 0);
	v = hwmsg_reg_decoded_get(&d, "lane_module_mapping[2].tx_lane");
	CHECK(v && v->depth == 1 && v->offset == 0x0d);
	CHECK_STR(v ? v->filter : NULL,
		  "mlxreg.pmlp.lane_module_mapping.tx_lane");
	v = hwmsg_reg_decoded_get(&d, "lane_module_mapping[2]");
	CHECK(v && v->group && v->depth == 0 && v->offset == 0x0c);
	CHECK(hwmsg_reg_decoded_get(&d, "lane_module_mapping[8]") == NULL);
	CHECK_STR(hwmsg_reg_summary(&d, sum, sizeof(sum)),
		  "PMLP local_port 273");
	hwmsg_reg_decoded_free(&d);
}

/*
 * SPMS: the kernel's bit array, VID 0 in the last byte's low bits; only
 * the VIDs with a state are printed; a cut payload keeps the VIDs it has
 * (the high ones, at the front) and one missing entry for the rest.
 */
static void test_spms_bitarray(void)
{
	static const char want[] =
		"local_port               5\n"
		"state[0]                 forwarding (3)\n"
		"state[10]                learning (2)\n"
		"state[4095]              discarding (1)\n";
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err = { 0 };
	const struct hwmsg_reg_value *v;
	static uint8_t p[0x404];
	char *text;
	size_t len;
	FILE *f;

	p[1] = 5;			/* local_port */
	p[0x403] = 3;			/* VID 0: bits 1-0 of the last byte */
	p[0x401] = 2 << 4;		/* VID 10: byte 0x403 - 10 / 4, bits 5-4 */
	p[0x004] = 1 << 6;		/* VID 4095: the first byte's top bits */
	CHECK_EQ(hwmsg_reg_decode(db, 0x200d, p, sizeof(p), &d, &err), 0);
	CHECK_EQ(raw(&d, "state[0]"), 3);
	/* zero elements are not listed: 3 states, not 4096 */
	CHECK(hwmsg_reg_decoded_get(&d, "state[1]") == NULL);
	CHECK_EQ(d.n_values, 1 + 3);
	CHECK_EQ(raw(&d, "state[10]"), 2);
	CHECK_EQ(raw(&d, "state[4095]"), 1);
	v = hwmsg_reg_decoded_get(&d, "state[10]");
	CHECK(v && v->offset == 0x401);
	CHECK_STR(v ? v->filter : NULL, "mlxreg.spms.state");
	f = open_memstream(&text, &len);
	hwmsg_reg_print(f, &d, "", false);
	fclose(f);
	CHECK_STR(text, want);
	free(text);
	hwmsg_reg_decoded_free(&d);

	/* 12 bytes: the 32 highest VIDs (4064..4095) are in, 0..4063 not */
	CHECK_EQ(hwmsg_reg_decode(db, 0x200d, p, 12, &d, &err), 1);
	CHECK_EQ(d.n_missing, 1);
	CHECK(hwmsg_reg_decoded_get(&d, "state[0]")->missing);
	CHECK(hwmsg_reg_decoded_get(&d, "state[4063]") == NULL);
	CHECK(hwmsg_reg_decoded_get(&d, "state[4064]") == NULL);
	CHECK_EQ(raw(&d, "state[4095]"), 1);
	CHECK_STR(err.msg,
		  "SPMS: payload ends at 0xc, field state[0] at 0x403 and after missing");
	hwmsg_reg_decoded_free(&d);
}

/* SFTR2: a 1-bit array of ports, port 0 in bit 0 of byte 0x9f. */
static void test_sftr2_ports(void)
{
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err = { 0 };
	uint8_t p[0x120] = { 0 };
	char sum[128];

	put32(p, 0x00, 3u << 16 | 10);	/* flood_table 3, index (VID) 10 */
	put32(p, 0x04, 1u << 16 | 1);	/* table_type vid, range 1 */
	p[0x9f] = 0x01;			/* port 0 */
	p[0x9d] = 0x02;			/* port 17: byte 0x9f - 2, bit 1 */
	p[0x20] = 0x80;			/* port 1023: the first byte's top bit */
	p[0x11d] = 0x02;		/* port_mask 17 */
	CHECK_EQ(hwmsg_reg_decode(db, 0x202f, p, sizeof(p), &d, &err), 0);
	CHECK_EQ(raw(&d, "port[0]"), 1);
	CHECK(hwmsg_reg_decoded_get(&d, "port[1]") == NULL);
	CHECK_EQ(raw(&d, "port[17]"), 1);
	CHECK_EQ(raw(&d, "port[1023]"), 1);
	CHECK_EQ(raw(&d, "port_mask[17]"), 1);
	CHECK(hwmsg_reg_decoded_get(&d, "port_mask[0]") == NULL);
	CHECK_STR(str(&d, "table_type"), "vid (1)");
	CHECK_STR(hwmsg_reg_summary(&d, sum, sizeof(sum)),
		  "SFTR2 flood_table 3 index 10 range 1");
	hwmsg_reg_decoded_free(&d);
}

/* Enums and the exact printer output, zero fields skipped. */
static void test_paos_print(void)
{
	static const char want[] =
		"  local_port               5\n"
		"  admin_status             down_by_configuration (2)\n"
		"  oper_status              up (1)\n"
		"  e                        generate_event (1)\n";
	static const char want_all[] =
		"  swid                     0\n"
		"  local_port               5\n"
		"  admin_status             down_by_configuration (2)\n"
		"  oper_status              up (1)\n"
		"  ase                      0\n"
		"  ee                       0\n"
		"  fd                       0\n"
		"  e                        generate_event (1)\n";
	uint8_t p[0x10] = { 0x00, 0x05, 0x02, 0x01, 0x00, 0x00, 0x00, 0x01 };
	struct hwmsg_reg_decoded d;
	char *out = NULL, sum[64];
	size_t n = 0;
	FILE *f;

	CHECK_EQ(hwmsg_reg_decode(db, 0x5006, p, sizeof(p), &d, NULL), 0);
	CHECK_STR(hwmsg_reg_summary(&d, sum, sizeof(sum)), "PAOS local_port 5");
	f = open_memstream(&out, &n);
	hwmsg_reg_print(f, &d, "  ", false);
	fclose(f);
	CHECK_STR(out, want);
	free(out);
	out = NULL;
	f = open_memstream(&out, &n);
	hwmsg_reg_print(f, &d, "  ", true);
	fclose(f);
	CHECK_STR(out, want_all);
	free(out);
	hwmsg_reg_decoded_free(&d);

	/* ee set, ase clear: ase shares ee's byte but is still zero */
	p[4] = 0x40;
	p[7] = 0;
	CHECK_EQ(hwmsg_reg_decode(db, 0x5006, p, sizeof(p), &d, NULL), 0);
	out = NULL;
	f = open_memstream(&out, &n);
	hwmsg_reg_print(f, &d, "", false);
	fclose(f);
	CHECK_STR(out, "local_port               5\n"
		       "admin_status             down_by_configuration (2)\n"
		       "oper_status              up (1)\n"
		       "ee                       1\n"
		       "e                        do_not_generate_event (0)\n");
	free(out);
	hwmsg_reg_decoded_free(&d);

	/* local_port 0 (the CPU port) still names the instance */
	memset(p, 0, sizeof(p));
	CHECK_EQ(hwmsg_reg_decode(db, 0x5006, p, sizeof(p), &d, NULL), 0);
	CHECK_STR(hwmsg_reg_summary(&d, sum, sizeof(sum)), "PAOS local_port 0");
	hwmsg_reg_decoded_free(&d);
}

/* A union inside an array of layouts, selected per record; MACs. */
static void test_sfd(void)
{
	uint8_t *p = calloc(1, 0x410);
	struct hwmsg_reg_decoded d;
	const struct hwmsg_reg_value *v;

	put32(p, 0x08, 2);			/* num_rec */
	/* record 0: unicast, dynamic, active, 00:02:c9:01:02:03 fid 100 */
	put32(p, 0x10, 0x000d0002);
	put32(p, 0x14, 0xc9010203);
	put32(p, 0x18, 0x00000064);
	put32(p, 0x1c, 0x00000011);
	/* record 1: multicast pgi 5 fid 200 mid 0x1234, discard */
	put32(p, 0x20, 0x00200000);
	put32(p, 0x28, 0x000500c8);
	put32(p, 0x2c, 0xf0001234);
	CHECK_EQ(hwmsg_reg_decode(db, 0x200a, p, 0x410, &d, NULL), 0);
	CHECK_EQ(raw(&d, "num_rec"), 2);
	CHECK_STR(str(&d, "record[0].type"), "unicast (0)");
	CHECK_STR(str(&d, "record[0].policy"), "dynamic_ingress (3)");
	CHECK_EQ(raw(&d, "record[0].a"), 1);
	CHECK_STR(str(&d, "record[0].mac"), "00:02:c9:01:02:03");
	CHECK_EQ(raw(&d, "record[0].entry.unicast.fid_vid"), 100);
	CHECK_EQ(raw(&d, "record[0].entry.unicast.system_port"), 17);
	CHECK(hwmsg_reg_decoded_get(&d, "record[0].entry.multicast.mid") == NULL);
	CHECK_STR(str(&d, "record[1].type"), "multicast (2)");
	CHECK_EQ(raw(&d, "record[1].entry.multicast.pgi"), 5);
	CHECK_EQ(raw(&d, "record[1].entry.multicast.fid_vid"), 200);
	CHECK_EQ(raw(&d, "record[1].entry.multicast.mid"), 0x1234);
	CHECK_STR(str(&d, "record[1].action"), "discard_error (15)");
	v = hwmsg_reg_decoded_get(&d, "record[1].entry.multicast.mid");
	CHECK(v && v->depth == 3 && v->offset == 0x2e);
	CHECK_STR(v ? v->filter : NULL, "mlxreg.sfd.record.entry.multicast.mid");
	/* all 64 records are there */
	CHECK(hwmsg_reg_decoded_get(&d, "record[63].mac") != NULL);
	hwmsg_reg_decoded_free(&d);
	free(p);
}

/* A union of 64-bit counters chosen by grp. */
static void test_ppcnt(void)
{
	uint8_t p[0x100] = { 0 };
	struct hwmsg_reg_decoded d;

	put32(p, 0x00, 0x00030000);	/* local_port 3, grp 0 */
	put32(p, 0x08, 0x00000001);	/* a_frames_transmitted_ok */
	put32(p, 0x0c, 0x00000002);
	put32(p, 0x10, 0xffffffff);	/* a_frames_received_ok */
	put32(p, 0x14, 0xffffffff);
	CHECK_EQ(hwmsg_reg_decode(db, 0x5008, p, sizeof(p), &d, NULL), 0);
	CHECK_STR(str(&d, "grp"), "ieee_802_3_counters (0)");
	CHECK_EQ(raw(&d, "counter_set.ieee_802_3.a_frames_transmitted_ok"),
		 0x100000002ull);
	CHECK_STR(str(&d, "counter_set.ieee_802_3.a_frames_received_ok"),
		  "18446744073709551615");
	hwmsg_reg_decoded_free(&d);

	put32(p, 0x00, 0x00030001);	/* grp 1: RFC 2863 */
	CHECK_EQ(hwmsg_reg_decode(db, 0x5008, p, sizeof(p), &d, NULL), 0);
	CHECK_EQ(raw(&d, "counter_set.rfc_2863.if_in_octets"), 0x100000002ull);
	CHECK(hwmsg_reg_decoded_get(&d, "counter_set.ieee_802_3.a_frames_transmitted_ok") == NULL);
	hwmsg_reg_decoded_free(&d);

	put32(p, 0x00, 0x0003003f);	/* grp 63: no arm, kept as bytes */
	CHECK_EQ(hwmsg_reg_decode(db, 0x5008, p, sizeof(p), &d, NULL), 0);
	CHECK(!strncmp(str(&d, "counter_set"),
		       "0000000100000002ffffffffffffffff0000", 36));
	CHECK(strstr(str(&d, "counter_set"), "...") != NULL);
	hwmsg_reg_decoded_free(&d);
}

/* Bit masks with named bits. */
static void test_ptys_flags(void)
{
	uint8_t p[0x40] = { 0 };
	struct hwmsg_reg_decoded d;

	put32(p, 0x00, 0x00050004);		/* port 5, Ethernet */
	put32(p, 0x0c, 0x38701000);		/* capability */
	put32(p, 0x24, 0x00100000);		/* oper: 100GBASE-CR4 */
	put32(p, 0x18, 0x00000800);		/* admin: bit 11, unnamed */
	CHECK_EQ(hwmsg_reg_decode(db, 0x5004, p, sizeof(p), &d, NULL), 0);
	CHECK_STR(str(&d, "proto_mask"), "ethernet (4)");
	CHECK_STR(str(&d, "eth_proto_oper"), "0x100000 (100gbase_cr4)");
	CHECK_STR(str(&d, "eth_proto_capability"),
		  "0x38701000 (10gbase_cr|100gbase_cr4|100gbase_sr4|100gbase_kr4|25gbase_cr|25gbase_kr|25gbase_sr)");
	CHECK_STR(str(&d, "eth_proto_admin"), "0x800");
	CHECK_EQ(raw(&d, "eth_proto_oper"), 0x100000);
	hwmsg_reg_decoded_free(&d);
}

/* Signed values and strings. */
static void test_mtmp(void)
{
	uint8_t p[0x20] = { 0 };
	struct hwmsg_reg_decoded d;
	char sum[64];

	put32(p, 0x00, 0x00000003);
	put32(p, 0x04, 0x0000ffe6);	/* -3.25 C */
	put32(p, 0x08, 0x80000158);	/* mte, max 43 C */
	memcpy(p + 0x18, "ASIC\0\0\0\0", 8);
	CHECK_EQ(hwmsg_reg_decode(db, 0x900a, p, sizeof(p), &d, NULL), 0);
	CHECK_EQ((int64_t)raw(&d, "temperature"), -26);
	CHECK_STR(str(&d, "temperature"), "-26 (-3.25 C)");
	CHECK_STR(str(&d, "max_temperature"), "344 (43 C)");
	CHECK_EQ(raw(&d, "mte"), 1);
	CHECK_STR(str(&d, "sensor_name"), "\"ASIC\"");
	CHECK_STR(hwmsg_reg_summary(&d, sum, sizeof(sum)),
		  "MTMP sensor_index 3");
	hwmsg_reg_decoded_free(&d);
}

/* IPv4 and IPv6 arms of a union, a MAC at an odd offset. */
static void test_rauht(void)
{
	uint8_t p[0x74] = { 0 };
	static const uint8_t v6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	static const uint8_t mac[6] = { 0x00, 0x02, 0xc9, 0xaa, 0xbb, 0xcc };
	struct hwmsg_reg_decoded d;

	put32(p, 0x00, 0x00010005);
	put32(p, 0x1c, 0xc0000201);
	memcpy(p + 0x6e, mac, 6);
	CHECK_EQ(hwmsg_reg_decode(db, 0x8014, p, sizeof(p), &d, NULL), 0);
	CHECK_STR(str(&d, "type"), "ipv4 (0)");
	CHECK_STR(str(&d, "dip.ipv4.dip4"), "192.0.2.1");
	CHECK_EQ(raw(&d, "dip.ipv4.dip4"), 0xc0000201);
	CHECK_STR(str(&d, "mac"), "00:02:c9:aa:bb:cc");
	hwmsg_reg_decoded_free(&d);

	put32(p, 0x00, 0x01010005);
	memcpy(p + 0x10, v6, 16);
	CHECK_EQ(hwmsg_reg_decode(db, 0x8014, p, sizeof(p), &d, NULL), 0);
	CHECK_STR(str(&d, "dip.ipv6.dip6"), "2001:db8::1");
	hwmsg_reg_decoded_free(&d);
}

/* A nested layout (MGIR) and the RITR union with a MAC. */
static void test_mgir_ritr(void)
{
	uint8_t p[0x9c] = { 0 }, r[0x40] = { 0 };
	struct hwmsg_reg_decoded d;

	put32(p, 0x00, 0x00a2cb84);	/* device_id 0xcb84 */
	put32(p, 0x20, 0x300d0a08);	/* tlvs, 13.10.8 */
	memcpy(p + 0x30, "MT_0000000001", 13);
	CHECK_EQ(hwmsg_reg_decode(db, 0x9020, p, sizeof(p), &d, NULL), 0);
	CHECK_EQ(raw(&d, "hw_info.device_id"), 0xcb84);
	CHECK_EQ(raw(&d, "fw_info.string_tlv"), 1);
	CHECK_EQ(raw(&d, "fw_info.latency_tlv"), 1);
	CHECK_EQ(raw(&d, "fw_info.major"), 13);
	CHECK_EQ(raw(&d, "fw_info.minor"), 10);
	CHECK_EQ(raw(&d, "fw_info.sub_minor"), 8);
	CHECK_STR(str(&d, "fw_info.psid"), "\"MT_0000000001\"");
	hwmsg_reg_decoded_free(&d);

	put32(r, 0x00, 0xb0000010);	/* enable, ipv4, ipv6, vlan, rif 16 */
	put32(r, 0x08, 0x00000064);	/* vlan 100 */
	memcpy(r + 0x12, "\x00\x02\xc9\x11\x22\x33", 6);
	put32(r, 0x34, 0x000005dc);
	CHECK_EQ(hwmsg_reg_decode(db, 0x8002, r, sizeof(r), &d, NULL), 0);
	CHECK_STR(str(&d, "type"), "vlan (0)");
	CHECK_EQ(raw(&d, "router_interface_properties.vlan.vlan_id"), 100);
	CHECK_STR(str(&d, "router_interface_properties.vlan.router_interface_mac"),
		  "00:02:c9:11:22:33");
	CHECK_EQ(raw(&d, "mtu"), 1500);
	hwmsg_reg_decoded_free(&d);
}

/* Short payloads decode what is there and say what is missing. */
static void test_truncated(void)
{
	uint8_t p[0x40] = { 0x00, 0x05, 0x02, 0x01, 0x80, 0x00, 0x01 };
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err = { 0 };
	const struct hwmsg_reg_value *v;

	CHECK_EQ(hwmsg_reg_decode(db, 0x5006, p, 7, &d, &err), 1);
	CHECK_EQ(raw(&d, "local_port"), 5);
	CHECK_EQ(raw(&d, "ase"), 1);		/* byte 4 is there */
	CHECK_EQ(raw(&d, "fd"), 1);		/* byte 6 is there */
	v = hwmsg_reg_decoded_get(&d, "e");	/* byte 7 is not */
	CHECK(v && v->missing);
	CHECK_EQ(d.n_missing, 1);
	CHECK_STR(err.msg, "PAOS: payload ends at 0x7, field e at 0x7 and after missing");
	hwmsg_reg_decoded_free(&d);

	/* an array stops at the first missing element */
	CHECK_EQ(hwmsg_reg_decode(db, 0x5002, p, 0x0c, &d, &err), 1);
	CHECK(hwmsg_reg_decoded_get(&d, "lane_module_mapping[1].module") != NULL);
	v = hwmsg_reg_decoded_get(&d, "lane_module_mapping[2]");
	CHECK(v && v->missing);
	CHECK(hwmsg_reg_decoded_get(&d, "lane_module_mapping[3]") == NULL);
	hwmsg_reg_decoded_free(&d);

	/* nothing at all */
	CHECK_EQ(hwmsg_reg_decode(db, 0x5006, NULL, 0, &d, &err), 1);
	CHECK_EQ(d.n_missing, 8);
	hwmsg_reg_decoded_free(&d);

	/* unknown ids and bare names are errors, not crashes */
	CHECK_EQ(hwmsg_reg_decode(db, 0x0001, p, 4, &d, &err), -1);
	CHECK_STR(err.msg, "register 0x0001: unknown");
	hwmsg_reg_decoded_free(&d);
	CHECK_EQ(hwmsg_reg_decode(db, 0x9062, p, 4, &d, &err), -1);
	CHECK_STR(err.msg, "register MCC (0x9062): no field layout known");
	hwmsg_reg_decoded_free(&d);
}

struct filters {
	unsigned int n;
	char **names;
	bool pmlp_tx_lane, sfd_mc_mid, ppcnt_union;
};

static int collect(void *ctx, const struct hwmsg_reg *reg,
		   const struct hwmsg_reg_field *f, const char *filter)
{
	struct filters *c = ctx;

	(void)reg;
	c->names = realloc(c->names, (c->n + 1) * sizeof(*c->names));
	c->names[c->n++] = strdup(filter);
	if (!strcmp(filter, "mlxreg.pmlp.lane_module_mapping.tx_lane"))
		c->pmlp_tx_lane = f->width == 4;
	if (!strcmp(filter, "mlxreg.sfd.record.entry.multicast.mid"))
		c->sfd_mc_mid = f->width == 16;
	if (!strcmp(filter, "mlxreg.ppcnt.counter_set"))
		c->ppcnt_union = f->kind == HWMSG_REG_UNION;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One filter name per field, all distinct: what Wireshark registers. */
static void test_filters(void)
{
	struct filters c = { 0 };
	unsigned int i, dups = 0;

	CHECK_EQ(hwmsg_regdb_foreach_field(db, collect, &c), 0);
	CHECK(c.n > 500);
	CHECK(c.pmlp_tx_lane);
	CHECK(c.sfd_mc_mid);
	CHECK(c.ppcnt_union);
	qsort(c.names, c.n, sizeof(*c.names), cmp_str);
	for (i = 1; i < c.n; i++)
		if (!strcmp(c.names[i], c.names[i - 1])) {
			fprintf(stderr, "duplicate filter %s\n", c.names[i]);
			dups++;
		}
	CHECK_EQ(dups, 0);
	for (i = 0; i < c.n; i++)
		free(c.names[i]);
	free(c.names);
}

/* Every register id mlx5 names (include/linux/mlx5/driver.h, MLX5_REG_*,
 * Linux 6.1) has a name here, whether a layout is known or not. */
static void test_mlx5_names(void)
{
	static const uint16_t ids[] = {
		0x4002, 0x4005, 0x4007, 0x400a, 0x4013, 0x4016, 0x4019, 0x4020,
		0x4021, 0x4022, 0x4023, 0x4024, 0x4025, 0x402e, 0x5001, 0x5002,
		0x5003, 0x5004, 0x5006, 0x5007, 0x5008, 0x5009, 0x500b, 0x500c,
		0x500e, 0x500f, 0x5010, 0x5012, 0x5023, 0x5031, 0x5041, 0x507f,
		0x6001, 0x7004, 0x9009, 0x900a, 0x9014, 0x9028, 0x902b, 0x902d,
		0x9040, 0x9041, 0x9042, 0x9043, 0x9050, 0x9051, 0x9053, 0x9054,
		0x9055, 0x9056, 0x9060, 0x9061, 0x9062, 0x9063, 0x907f, 0x9162,
		0xb001, 0xb002, 0xb01f, 0xc000,
	};

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		if (!hwmsg_reg_name(ids[i]))
			fprintf(stderr, "no name for 0x%04x\n", ids[i]);
		CHECK(hwmsg_reg_name(ids[i]) != NULL);
	}
	CHECK_STR(hwmsg_reg_name(0x5010), "PMPE");
}

int main(void)
{
	db = hwmsg_regdb_builtin();
	test_mlx5_names();
	CHECK(db != NULL);
	test_names();
	test_pmlp();
	test_spms_bitarray();
	test_sftr2_ports();
	test_paos_print();
	test_sfd();
	test_ppcnt();
	test_ptys_flags();
	test_mtmp();
	test_rauht();
	test_mgir_ritr();
	test_truncated();
	test_filters();
	return test_done("test_regdb");
}
