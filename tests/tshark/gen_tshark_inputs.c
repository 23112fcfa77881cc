// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes the small captures the tshark tests read, built with the project's
 * own encoders (wire.h, record.h) so the plugin is checked against them:
 *   records.pcap    LINKTYPE_USER15 records: EMAD and CMD_REG exchanges
 *   ethernet.pcap   the same EMAD frames on LINKTYPE_ETHERNET
 *   malformed.pcap  LINKTYPE_USER15 records broken in various ways
 *   parity.pcap     frames hwmsg and the plugin must read alike
 *   cmd_reg_const.pcap  a CMD_REG mailbox with wrong len_const bits
 *   escapes.pcap    terminal escapes, newlines and bytes that are not
 *                   UTF-8 in a firmware string and the device names
 *   events.pcap     devlink notifications hwmsgd records (port_new, del)
 * The expected values in run_tshark_tests.sh follow the scenario below.
 *
 * usage: gen_tshark_inputs OUTDIR
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "hwmsg/record.h"
#include "hwmsg/wire.h"

#define LINKTYPE_ETHERNET 1
#define TID(n) (0x1a2b3c4d00000000ull | (n))

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static FILE *pcap_open(const char *dir, const char *name, uint32_t linktype)
{
	uint8_t h[24];
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		die(path);
	hwmsg_put_le32(h, 0xa1b2c3d4);	/* microsecond timestamps */
	hwmsg_put_le16(h + 4, 2);
	hwmsg_put_le16(h + 6, 4);
	hwmsg_put_le32(h + 8, 0);
	hwmsg_put_le32(h + 12, 0);
	hwmsg_put_le32(h + 16, 65535);
	hwmsg_put_le32(h + 20, linktype);
	if (fwrite(h, sizeof(h), 1, f) != 1)
		die(path);
	return f;
}

static void pcap_put(FILE *f, uint64_t ts_us, const uint8_t *p, size_t len)
{
	uint8_t h[16];

	hwmsg_put_le32(h, (uint32_t)(ts_us / 1000000));
	hwmsg_put_le32(h + 4, (uint32_t)(ts_us % 1000000));
	hwmsg_put_le32(h + 8, (uint32_t)len);
	hwmsg_put_le32(h + 12, (uint32_t)len);
	if (fwrite(h, sizeof(h), 1, f) != 1 || (len && fwrite(p, len, 1, f) != 1))
		die("pcap write");
}

/* One message of the scenario. */
struct msg {
	uint64_t ts_us;
	const char *dev;	/* NULL: the EMAD device */
	uint16_t type;
	uint16_t reg_id;
	uint32_t reg_len;
	uint8_t method, status;
	bool response;
	uint64_t tid;
	const char *fw_string;
	int latency_us;		/* < 0: no LATENCY TLV */
};

#define EMAD_DEV "0000:03:00.0"
#define EMAD_DEV2 "0000:05:00.0"
#define MLX4_DEV "0000:04:00.0"
#define NFP_DEV "0000:06:00.0"

static const struct msg scenario[] = {
	/* 1, 2: a query answered, with the firmware's latency */
	{ 1000000, NULL, HWMSG_TYPE_MLX_EMAD, 0x5002, 0x40, 1, 0, false, TID(5), NULL, -1 },
	{ 1000250, NULL, HWMSG_TYPE_MLX_EMAD, 0x5002, 0x40, 1, 0, true, TID(5), NULL, 123 },
	/* 3, 4: a write refused with a firmware string */
	{ 1001000, NULL, HWMSG_TYPE_MLX_EMAD, 0x8002, 0x40, 2, 0, false, TID(6), NULL, -1 },
	{ 1001500, NULL, HWMSG_TYPE_MLX_EMAD, 0x8002, 0x40, 2, 7, true, TID(6),
	  "rif 0x32 already exists", 40 },
	/* 5, 6, 7: a query sent twice (timeout), answered once */
	{ 1002000, NULL, HWMSG_TYPE_MLX_EMAD, 0x900a, 0x20, 1, 0, false, TID(7), NULL, -1 },
	{ 1202000, NULL, HWMSG_TYPE_MLX_EMAD, 0x900a, 0x20, 1, 0, false, TID(7), NULL, -1 },
	{ 1202100, NULL, HWMSG_TYPE_MLX_EMAD, 0x900a, 0x20, 1, 0, true, TID(7), NULL, -1 },
	/* 8, 9: mlx4 ACCESS_REG, paired by order */
	{ 1300000, MLX4_DEV, HWMSG_TYPE_MLX_CMD_REG, 0x5004, 0x40, 2, 0, false, 0, NULL, -1 },
	{ 1300100, MLX4_DEV, HWMSG_TYPE_MLX_CMD_REG, 0x5004, 0x40, 2, 0, true, 0, NULL, -1 },
	/* 10, 11: another switch reusing tid 5: not a retransmission */
	{ 1400000, EMAD_DEV2, HWMSG_TYPE_MLX_EMAD, 0x5006, 0x10, 1, 0, false, TID(5), NULL, -1 },
	{ 1400300, EMAD_DEV2, HWMSG_TYPE_MLX_EMAD, 0x5006, 0x10, 1, 0, true, TID(5), NULL, -1 },
	/* 12: an nfp control message, opaque: shown as bytes */
	{ 1500000, NFP_DEV, HWMSG_TYPE_NFP_CTRL, 0, 24, 0, 0, false, 0, NULL, -1 },
};

static size_t build_msg(const struct msg *m, uint8_t *buf, size_t cap)
{
	struct hwmsg_emad_op op = {
		.tid = m->tid, .reg_id = m->reg_id, .method = m->method,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS, .status = m->status,
		.response = m->response,
	};
	struct hwmsg_emad_extras x = {
		.fw_string = m->fw_string,
		.has_latency = m->latency_us >= 0,
		.latency_us = m->latency_us >= 0 ? (uint32_t)m->latency_us : 0,
	};
	uint8_t reg[256];
	uint32_t i;

	for (i = 0; i < m->reg_len; i++)
		reg[i] = (uint8_t)(i + 1);
	if (m->type == HWMSG_TYPE_NFP_CTRL) {
		memcpy(buf, reg, m->reg_len);
		return m->reg_len;
	}
	if (m->type == HWMSG_TYPE_MLX_CMD_REG)
		return hwmsg_cmdreg_build(buf, cap, m->reg_id, m->method,
					  m->status, reg, m->reg_len);
	return hwmsg_emad_build(buf, cap, &op, &x, reg, m->reg_len);
}

/* Encode rec, then append raw bytes (extra TLVs a test wants). */
static size_t encode(const struct hwmsg_record *rec, uint8_t *out, size_t cap,
		     const uint8_t *extra, size_t extra_len)
{
	struct hwmsg_err err;
	long n = hwmsg_rec_encode(rec, out, cap, &err);

	if (n < 0 || (size_t)n + extra_len > cap) {
		fprintf(stderr, "encode: %s\n", n < 0 ? err.msg : "too long");
		exit(1);
	}
	memcpy(out + n, extra, extra_len);
	return (size_t)n + extra_len;
}

static void write_scenario(const char *dir)
{
	/* record 10 also carries an unknown tag (42) a reader must skip */
	static const uint8_t unknown_tag[] = { 42, 0, 3, 0, 0xaa, 0xbb, 0xcc };
	FILE *rec_f = pcap_open(dir, "records.pcap", HWMSG_LINKTYPE);
	FILE *eth_f = pcap_open(dir, "ethernet.pcap", LINKTYPE_ETHERNET);
	uint8_t msg[1024], out[2048];
	size_t i;

	for (i = 0; i < sizeof(scenario) / sizeof(scenario[0]); i++) {
		const struct msg *m = &scenario[i];
		size_t len = build_msg(m, msg, sizeof(msg)), n;
		struct hwmsg_record rec = {
			.bus = "pci",
			.dev = m->dev ? m->dev : EMAD_DEV,
			.driver = m->type == HWMSG_TYPE_MLX_CMD_REG ? "mlx4_core" :
				  m->type == HWMSG_TYPE_NFP_CTRL ? "nfp" :
								   "mlxsw_spectrum",
			.type = m->type,
			.dir = m->response ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW,
			.payload = msg, .len = (uint32_t)len,
			.orig_len = (uint32_t)len,
		};

		if (!len) {
			fprintf(stderr, "message %zu does not build\n", i + 1);
			exit(1);
		}
		if (i == 9) {
			rec.flags = HWMSG_RECF_HAS_INDEX | HWMSG_RECF_HAS_SEQ;
			rec.devlink_index = 3;
			rec.seq = 77;
		}
		n = encode(&rec, out, sizeof(out), unknown_tag,
			   i == 9 ? sizeof(unknown_tag) : 0);
		pcap_put(rec_f, m->ts_us, out, n);
		if (m->type == HWMSG_TYPE_MLX_EMAD && !m->dev)
			pcap_put(eth_f, m->ts_us, msg, len);
	}
	fclose(rec_f);
	fclose(eth_f);
}

/* Each malformed record: what is broken is in its comment. */
static void write_malformed(const char *dir)
{
	FILE *f = pcap_open(dir, "malformed.pcap", HWMSG_LINKTYPE);
	struct msg m = scenario[0];
	uint8_t msg[1024], out[2048], raw[64];
	struct hwmsg_record rec = {
		.bus = "pci", .dev = EMAD_DEV, .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_MLX_EMAD, .payload = msg,
	};
	size_t len, n;

	/* 1: a TLV whose length runs past the record */
	len = build_msg(&m, msg, sizeof(msg));
	rec.len = rec.orig_len = (uint32_t)len;
	n = encode(&rec, out, sizeof(out), NULL, 0);
	hwmsg_put_le16(out + n - len - 2, 0x4000);
	pcap_put(f, 2000000, out, n);

	/* 2: a bus name without its NUL */
	n = 0;
	hwmsg_put_le16(raw, HWMSG_REC_BUS_NAME);
	hwmsg_put_le16(raw + 2, 3);
	memcpy(raw + 4, "pci", 3);
	pcap_put(f, 2000100, raw, 7);

	/* 3: three bytes, too few for a TLV header */
	pcap_put(f, 2000200, raw, 3);

	/* 4: an EMAD whose REG TLV claims more words than the frame has */
	len = build_msg(&m, msg, sizeof(msg));
	hwmsg_item_set(msg + HWMSG_EMAD_ETH_HDR_LEN +
			       HWMSG_EMAD_OP_TLV_WORDS * 4,
		       HWMSG_EMAD_TLV_LEN, 0x7ff);
	rec.len = rec.orig_len = (uint32_t)len;
	pcap_put(f, 2000300, out, encode(&rec, out, sizeof(out), NULL, 0));

	/* 5: an EMAD with an unknown TLV type (9) in place of REG */
	len = build_msg(&m, msg, sizeof(msg));
	hwmsg_item_set(msg + HWMSG_EMAD_ETH_HDR_LEN +
			       HWMSG_EMAD_OP_TLV_WORDS * 4,
		       HWMSG_EMAD_TLV_TYPE, 9);
	pcap_put(f, 2000400, out, encode(&rec, out, sizeof(out), NULL, 0));

	/* 6: a CMD_REG mailbox shorter than its header */
	rec.type = HWMSG_TYPE_MLX_CMD_REG;
	rec.len = rec.orig_len = 10;
	pcap_put(f, 2000500, out, encode(&rec, out, sizeof(out), NULL, 0));

	/* 7: a message cut at capture (orig_len > len) */
	m = scenario[1];
	len = build_msg(&m, msg, sizeof(msg));
	rec.type = HWMSG_TYPE_MLX_EMAD;
	rec.len = 40;
	rec.orig_len = (uint32_t)len;
	pcap_put(f, 2000600, out, encode(&rec, out, sizeof(out), NULL, 0));

	/* 8: an EMAD type record whose frame is not ethertype 0x8932 */
	len = build_msg(&m, msg, sizeof(msg));
	hwmsg_put_be16(msg + HWMSG_EMAD_ETH_ETHERTYPE_OFF, 0x0800);
	rec.len = rec.orig_len = (uint32_t)len;
	pcap_put(f, 2000700, out, encode(&rec, out, sizeof(out), NULL, 0));
	fclose(f);
}

/*
 * A RITR write refused, whose firmware string and names would clear the
 * screen and retitle the terminal if printed raw; 0x9b is a lone byte
 * (the 8-bit CSI), "\xc3\xa9" a valid UTF-8 e-acute.
 */
static void write_escapes(const char *dir)
{
	static const char fw[] =
		"\x1b[2Jbad\nline\x1b]0;pwned\x07 \x9b" "31m caf\xc3\xa9";
	FILE *f = pcap_open(dir, "escapes.pcap", HWMSG_LINKTYPE);
	struct msg m = scenario[3];
	uint8_t msg[1024], out[2048];
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "0000:03:00.0\x1b[2J",
		.driver = "mlxsw\x1b]0;title\x07\x9b", .type = HWMSG_TYPE_MLX_EMAD,
		.payload = msg,
	};

	m.fw_string = fw;
	rec.dir = HWMSG_DIR_FROM_HW;
	rec.len = rec.orig_len = (uint32_t)build_msg(&m, msg, sizeof(msg));
	pcap_put(f, 3000000, out, encode(&rec, out, sizeof(out), NULL, 0));
	fclose(f);
}

/* Append one TLV (type, words, body of words * 4 - 4 bytes) at p. */
static uint8_t *put_tlv(uint8_t *p, unsigned int type, unsigned int words,
			const uint8_t *body)
{
	hwmsg_emad_tlv_hdr(p, type, words);
	memcpy(p + 4, body, words * 4 - 4);
	return p + words * 4;
}

/*
 * Frames hwmsg and the plugin must read alike (parity.sh): an error reply
 * with no REG TLV, TLVs out of order, a second OP TLV.
 */
static void write_parity(const char *dir)
{
	FILE *f = pcap_open(dir, "parity.pcap", HWMSG_LINKTYPE);
	struct hwmsg_emad_op op = {
		.tid = TID(9), .reg_id = 0x5006, .method = 1,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS, .status = 4,
		.response = true,
	};
	struct hwmsg_emad_extras x = { .fw_string = "no such register" };
	uint8_t msg[1024], out[2048], reg[16] = { 0, 5 }, lat[24] = { 0 };
	uint8_t opb[12], *p;
	struct hwmsg_record rec = {
		.bus = "pci", .dev = EMAD_DEV, .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_MLX_EMAD, .payload = msg,
	};
	size_t len = hwmsg_emad_build(msg, sizeof(msg), &op, &x, NULL, 0);

	/* 1: OP (status 4), STRING, END: the empty REG dropped */
	memmove(msg + len - 8, msg + len - 4, 4);
	rec.dir = HWMSG_DIR_FROM_HW;
	rec.len = rec.orig_len = (uint32_t)(len - 4);
	pcap_put(f, 4000000, out, encode(&rec, out, sizeof(out), NULL, 0));

	/* 2: REG, LATENCY, OP, END: a PAOS response in another order */
	op.status = 0;
	op.tid = TID(10);
	len = hwmsg_emad_build(msg, sizeof(msg), &op, NULL, NULL, 0);
	memcpy(opb, msg + HWMSG_EMAD_ETH_HDR_LEN + 4, sizeof(opb));
	hwmsg_put_be32(lat, 77);
	p = put_tlv(msg + HWMSG_EMAD_ETH_HDR_LEN, HWMSG_EMAD_TLV_REG, 5, reg);
	p = put_tlv(p, HWMSG_EMAD_TLV_LATENCY, 7, lat);
	p = put_tlv(p, HWMSG_EMAD_TLV_OP, 4, opb);
	hwmsg_emad_tlv_hdr(p, HWMSG_EMAD_TLV_END, 1);
	rec.len = rec.orig_len = (uint32_t)(p + 4 - msg);
	pcap_put(f, 4000100, out, encode(&rec, out, sizeof(out), NULL, 0));

	/* 3: OP, OP (another tid, ignored), REG, END */
	op.tid = TID(11);
	len = hwmsg_emad_build(msg, sizeof(msg), &op, NULL, reg, sizeof(reg));
	memmove(msg + 48, msg + 32, len - 32);
	memcpy(msg + 32, msg + 16, 16);
	msg[47] = 0x99;
	rec.len = rec.orig_len = (uint32_t)(len + 16);
	pcap_put(f, 4000200, out, encode(&rec, out, sizeof(out), NULL, 0));
	fclose(f);

	/* a mailbox whose len_const has the EMAD REG TLV bits (3 << 11) */
	f = pcap_open(dir, "cmd_reg_const.pcap", HWMSG_LINKTYPE);
	rec.dev = MLX4_DEV;
	rec.driver = "mlx4_core";
	rec.type = HWMSG_TYPE_MLX_CMD_REG;
	rec.dir = HWMSG_DIR_TO_HW;
	len = hwmsg_cmdreg_build(msg, sizeof(msg), 0x5004, 1, 0, reg,
				 sizeof(reg));
	msg[HWMSG_CMDREG_LEN_CONST_OFF] = 0x18;
	rec.len = rec.orig_len = (uint32_t)len;
	pcap_put(f, 4000300, out, encode(&rec, out, sizeof(out), NULL, 0));
	fclose(f);
}

/* A devlink notification as the kernel sends it (hwmsgd's genl source). */
static size_t devlink_msg(uint8_t *buf, uint8_t cmd, bool port)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g;

	nlh->nlmsg_type = 0x15;		/* the devlink family id, any */
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = cmd;
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_BUS_NAME, "pci");
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_DEV_NAME, "0000:03:00.0");
	if (!port)
		return nlh->nlmsg_len;
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_PORT_INDEX, 7);
	mnl_attr_put_u16(nlh, DEVLINK_ATTR_PORT_TYPE, DEVLINK_PORT_TYPE_ETH);
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_PORT_NETDEV_NAME, "swp3");
	mnl_attr_put_u16(nlh, DEVLINK_ATTR_PORT_FLAVOUR,
			 DEVLINK_PORT_FLAVOUR_PHYSICAL);
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_PORT_NUMBER, 3);
	return nlh->nlmsg_len;
}

static void write_events(const char *dir)
{
	FILE *f = pcap_open(dir, "events.pcap", HWMSG_LINKTYPE);
	uint8_t msg[512] __attribute__((aligned(4))), out[1024];
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "0000:03:00.0", .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_DEVLINK_EVENT, .dir = HWMSG_DIR_FROM_HW,
		.payload = msg,
	};

	memset(msg, 0, sizeof(msg));
	rec.len = rec.orig_len = (uint32_t)devlink_msg(msg,
						DEVLINK_CMD_PORT_NEW, true);
	pcap_put(f, 4000000, out, encode(&rec, out, sizeof(out), NULL, 0));
	memset(msg, 0, sizeof(msg));
	rec.len = rec.orig_len = (uint32_t)devlink_msg(msg, DEVLINK_CMD_DEL,
						       false);
	pcap_put(f, 4000100, out, encode(&rec, out, sizeof(out), NULL, 0));
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
		return 2;
	}
	write_scenario(argv[1]);
	write_malformed(argv[1]);
	write_escapes(argv[1]);
	write_parity(argv[1]);
	write_events(argv[1]);
	return 0;
}
