// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes, for mlxreg_adb.sh, mlxreg.adb (a tiny mstflint ADB file with two
 * registers no built-in description has) and mlxreg.pcap (LINKTYPE_ETHERNET,
 * EMAD frames built with wire.h). Frames:
 *   1  MLXT (0xfb01, only in mlxreg.adb) response: width 4, local_port
 *      0x211 (0x11 and lp_msb 2: one 10-bit port, 529), lanes[1] module 7
 *      tx_lane 2, name "ab"
 *   2  MLXU (0xfb02) grp 0 (ETH): counters.arm_eth.frames 0x100000002
 *   3  MLXU (0xfb02) grp 5 (IB): counters.arm_ib.symbols 42
 *   4  PAOS with a 4-byte payload (the register is 16): ase and after missing
 *   5  SVER (0x2025, layout only in mstflint's switch ADB): ether types
 *      0x8100, 0x88a8, 0x9100
 *   6  SPMS (0x200d, a bit array) local_port 3: VID 0 forwarding, VID 10
 *      learning, VID 4095 discarding
 * and allregs.pcap: for every register of hwmsg_regdb_default() (so
 * HWMSG_ADB_PATH decides) with a layout, a full-length payload of
 * pseudo-random bytes (odd frames) and the same cut to half its length
 * (even frames), to check that no register trips a dissector bug;
 * allregs.txt names each frame's register for the filter names: "N lname".
 *
 * usage: gen_mlxreg OUTDIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "hwmsg/wire.h"

#define LINKTYPE_ETHERNET 1
/* The REG TLV length is 11 bits of 32-bit words, its header included. */
#define MAX_REG_LEN ((0x7ff - 1) * 4)

/* Shaped like mstflint's register_access_table.adb: nodes, an array of
 * subnodes, a byte array read as text, a union chosen by a selector. */
static const char adb[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<NodesDefinition>\n"
	"<config field_attr=\"enum\" type=\"enumval\" />\n"
	"<config big_endian_arr=\"1\" />\n"
	"<node name=\"mlxt_lane_ext\" descr=\"\" size=\"0x4.0\" >\n"
	"\t<field name=\"module\" descr=\"Module\" access=\"RW\" offset=\"0x0.0\" size=\"0x0.8\" />\n"
	"\t<field name=\"tx_lane\" descr=\"TX lane\" access=\"RW\" offset=\"0x0.16\" size=\"0x0.4\" />\n"
	"</node>\n"
	"<node name=\"mlxt_ext\" descr=\"Test register T\" size=\"0x18.0\" >\n"
	"\t<field name=\"width\" descr=\"Width\" access=\"RW\" enum=\"x1=0x1,x2=0x2,x4=0x4\" offset=\"0x0.0\" size=\"0x0.8\" />\n"
	"\t<field name=\"local_port\" descr=\"\" access=\"INDEX\" offset=\"0x0.16\" size=\"0x0.8\" />\n"
	"\t<field name=\"lp_msb\" descr=\"Local port[9:8]\" access=\"INDEX\" offset=\"0x0.12\" size=\"0x0.2\" />\n"
	"\t<field name=\"lanes\" descr=\"\" subnode=\"mlxt_lane_ext\" access=\"RW\" high_bound=\"3\" low_bound=\"0\" offset=\"0x4.0\" size=\"0x10.0\" />\n"
	"\t<field name=\"name\" descr=\"\" access=\"RO\" high_bound=\"3\" low_bound=\"0\" offset=\"0x14.24\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"arm_eth_ext\" descr=\"\" size=\"0x8.0\" >\n"
	"\t<field name=\"frames_high\" descr=\"\" access=\"RO\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"\t<field name=\"frames_low\" descr=\"\" access=\"RO\" offset=\"0x4.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"arm_ib_ext\" descr=\"\" size=\"0x8.0\" >\n"
	"\t<field name=\"symbols\" descr=\"\" access=\"RO\" offset=\"0x0.0\" size=\"0x8.0\" />\n"
	"</node>\n"
	"<node name=\"mlxu_counters_auto_ext\" descr=\"\" attr_is_union=\"1\" size=\"0x8.0\" >\n"
	"\t<field name=\"arm_eth_ext\" descr=\"\" subnode=\"arm_eth_ext\" offset=\"0x0.0\" selected_by=\"ETH\" size=\"0x8.0\" />\n"
	"\t<field name=\"arm_ib_ext\" descr=\"\" subnode=\"arm_ib_ext\" offset=\"0x0.0\" selected_by=\"IB\" size=\"0x8.0\" />\n"
	"</node>\n"
	"<node name=\"mlxu_ext\" descr=\"\" size=\"0xc.0\" >\n"
	"\t<field name=\"grp\" descr=\"\" access=\"INDEX\" enum=\"ETH=0x0,IB=0x5\" offset=\"0x0.0\" size=\"0x0.6\" />\n"
	"\t<field name=\"counters\" descr=\"\" subnode=\"mlxu_counters_auto_ext\" access=\"RO\" offset=\"0x4.0\" size=\"0x8.0\" union_selector=\"$(parent).grp\" />\n"
	"</node>\n"
	"<node name=\"access_reg_summary_ctrl_ext\" descr=\"\" attr_is_union=\"1\" size=\"0x4.0\" >\n"
	"\t<field name=\"id\" descr=\"\" subnode=\"enum_entry\" enum=\"MLXT=0xfb01,MLXU=0xfb02\" offset=\"0x0.0\" size=\"0x0.16\" />\n"
	"</node>\n"
	"<node name=\"access_reg_summary_ext\" descr=\"\" attr_is_union=\"1\" size=\"0x18\" >\n"
	"\t<field name=\"mlxt\" descr=\"\" subnode=\"mlxt_ext\" offset=\"0x0.0\" selected_by=\"MLXT\" size=\"0x18\" />\n"
	"\t<field name=\"mlxu\" descr=\"\" subnode=\"mlxu_ext\" offset=\"0x0.0\" selected_by=\"MLXU\" size=\"0xc\" />\n"
	"</node>\n"
	"</NodesDefinition>\n";

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void put_le(uint8_t *p, uint32_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static FILE *pcap_open(const char *dir, const char *name)
{
	char path[4096];
	uint8_t h[24];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		die(path);
	put_le(h, 0xa1b2c3d4, 4);	/* microsecond timestamps */
	put_le(h + 4, 2, 2);
	put_le(h + 6, 4, 2);
	put_le(h + 8, 0, 4);
	put_le(h + 12, 0, 4);
	put_le(h + 16, 65535, 4);
	put_le(h + 20, LINKTYPE_ETHERNET, 4);
	if (fwrite(h, sizeof(h), 1, f) != 1)
		die(path);
	return f;
}

static void put_frame(FILE *f, unsigned int n, uint16_t reg_id,
		      const uint8_t *reg, uint32_t reg_len)
{
	struct hwmsg_emad_op op = {
		.tid = 0x5a5a000000000000ull | n, .reg_id = reg_id,
		.method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS, .response = true,
	};
	struct hwmsg_emad_extras x = { 0 };
	uint8_t buf[MAX_REG_LEN + 512], h[16];
	size_t len = hwmsg_emad_build(buf, sizeof(buf), &op, &x, reg, reg_len);

	if (!len) {
		fprintf(stderr, "frame %u does not build\n", n);
		exit(1);
	}
	put_le(h, 1000 + n, 4);	/* seconds */
	put_le(h + 4, 0, 4);
	put_le(h + 8, (uint32_t)len, 4);
	put_le(h + 12, (uint32_t)len, 4);
	if (fwrite(h, sizeof(h), 1, f) != 1 || fwrite(buf, len, 1, f) != 1)
		die("write");
}

/* Every register with a layout, random bytes full and cut in half. */
static void write_allregs(const char *dir)
{
	static uint8_t r[MAX_REG_LEN];
	const struct hwmsg_regdb *db;
	struct hwmsg_err err;
	uint32_t seed = 1, len, i;
	unsigned int k, n = 0;
	char path[4096];
	FILE *f, *names;

	db = hwmsg_regdb_default(&err);
	if (!db) {
		fprintf(stderr, "gen_mlxreg: %s\n", err.msg);
		exit(1);
	}
	f = pcap_open(dir, "allregs.pcap");
	snprintf(path, sizeof(path), "%s/allregs.txt", dir);
	names = fopen(path, "w");
	if (!names)
		die(path);
	for (k = 0; k < hwmsg_regdb_count(db); k++) {
		const struct hwmsg_reg *reg = hwmsg_regdb_at(db, k);

		if (!reg->layout || !reg->len)
			continue;
		len = reg->len > MAX_REG_LEN ? MAX_REG_LEN : reg->len;
		len &= ~3u;
		for (i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			r[i] = (uint8_t)(seed >> 16);
		}
		put_frame(f, ++n, reg->id, r, len);
		put_frame(f, ++n, reg->id, r, len / 2 & ~3u);
		fprintf(names, "%u %s\n%u %s\n", n - 1, reg->lname, n,
			reg->lname);
	}
	if (fclose(f) || fclose(names))
		die("allregs.pcap");
}

int main(int argc, char **argv)
{
	static uint8_t r[0x404];	/* SPMS, the longest */
	char path[4096];
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: gen_mlxreg OUTDIR\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/mlxreg.adb", argv[1]);
	f = fopen(path, "w");
	if (!f || fputs(adb, f) == EOF || fclose(f))
		die(path);

	f = pcap_open(argv[1], "mlxreg.pcap");
	/* MLXT: width 0x00.0/8, local_port 0x00.16/8 + lp_msb 0x00.12/2,
	 * lanes[4] at 0x04
	 * (module 0x00.0/8, tx_lane 0x00.16/4), name at 0x14 */
	memset(r, 0, sizeof(r));
	hwmsg_put_be32(r, 0x11u << 16 | 2u << 12 | 4);
	hwmsg_put_be32(r + 8, 2u << 16 | 7);
	memcpy(r + 0x14, "ab", 2);
	put_frame(f, 1, 0xfb01, r, 0x18);

	/* MLXU: grp 0x00.0/6 selects counters at 0x04 */
	memset(r, 0, sizeof(r));
	hwmsg_put_be64(r + 4, 0x100000002ull);
	put_frame(f, 2, 0xfb02, r, 0x0c);
	hwmsg_put_be32(r, 5);
	hwmsg_put_be64(r + 4, 42);
	put_frame(f, 3, 0xfb02, r, 0x0c);

	/* PAOS cut after 4 of its 16 bytes: local_port 5, admin and oper up */
	memset(r, 0, sizeof(r));
	hwmsg_put_be32(r, 5u << 16 | 1u << 8 | 1);
	put_frame(f, 4, 0x5006, r, 4);

	/* SVER: ether_type0..2 at 0x04.16/16, 0x08.16/16, 0x0c.16/16 */
	memset(r, 0, sizeof(r));
	hwmsg_put_be32(r + 4, 0x8100u << 16);
	hwmsg_put_be32(r + 8, 0x88a8u << 16);
	hwmsg_put_be32(r + 12, 0x9100u << 16);
	put_frame(f, 5, 0x2025, r, 0x10);

	/* SPMS: 2 bits per VID packed from the end (MLXSW_ITEM_BIT_ARRAY) */
	memset(r, 0, sizeof(r));
	hwmsg_put_be32(r, 3u << 16);
	r[0x403] = 3;
	r[0x401] = 2 << 4;
	r[0x004] = 1 << 6;
	put_frame(f, 6, 0x200d, r, 0x404);

	if (fclose(f))
		die("mlxreg.pcap");

	write_allregs(argv[1]);
	return 0;
}
