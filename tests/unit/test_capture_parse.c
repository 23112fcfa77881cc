// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the live sources make of the kernel's bytes: the tracepoint's format
 * file (as Linux 6.1 writes it) and raw samples, and the generic netlink
 * messages of the hwmsg group and of devlink's config group.
 */
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "hwmsg/genl.h"
#include "tp_format.h"
#include "uapi/linux/devlink_hwmsg.h"
#include "../test.h"

/* include/trace/events/devlink.h of Linux 6.1, as tracefs prints it */
static const char *const format_6_1[] = {
	"name: devlink_hwmsg",
	"ID: 1391",
	"format:",
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;",
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;",
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;",
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;",
	"",
	"\tfield:__data_loc char[] bus_name;\toffset:8;\tsize:4;\tsigned:0;",
	"\tfield:__data_loc char[] dev_name;\toffset:12;\tsize:4;\tsigned:0;",
	"\tfield:__data_loc char[] driver_name;\toffset:16;\tsize:4;\tsigned:0;",
	"\tfield:bool incoming;\toffset:20;\tsize:1;\tsigned:0;",
	"\tfield:unsigned long type;\toffset:24;\tsize:8;\tsigned:0;",
	"\tfield:__data_loc u8[] buf;\toffset:32;\tsize:4;\tsigned:0;",
	"\tfield:size_t len;\toffset:40;\tsize:8;\tsigned:0;",
	"",
	"print fmt: \"bus_name=%s dev_name=%s\", __get_str(bus_name), __get_str(dev_name)",
	NULL,
};

static void parse_format(struct hwmsg_tp_format *fmt, const char *const *lines)
{
	memset(fmt, 0, sizeof(*fmt));
	for (; *lines; lines++)
		hwmsg_tp_format_line(fmt, *lines);
}

static void put_loc(uint8_t *raw, int at, uint32_t off, uint32_t len)
{
	uint32_t loc = off | len << 16;

	memcpy(raw + at, &loc, 4);
}

/* A 6.1 sample: header, then the three names and the buffer. */
static uint32_t make_sample(uint8_t *raw, const char *driver, uint8_t incoming,
			    uint64_t type, const uint8_t *buf, uint32_t len,
			    uint64_t orig_len)
{
	const char *names[3] = { "pci", "0000:03:00.0", driver };
	uint32_t off = 48;

	memset(raw, 0, 48);
	for (int i = 0; i < 3; i++) {
		uint32_t n = (uint32_t)strlen(names[i]) + 1;

		put_loc(raw, 8 + 4 * i, off, n);
		memcpy(raw + off, names[i], n);
		off += n;
	}
	raw[20] = incoming;
	memcpy(raw + 24, &type, 8);
	put_loc(raw, 32, off, len);
	memcpy(raw + off, buf, len);
	memcpy(raw + 40, &orig_len, 8);
	return off + len;
}

static void test_tp_format(void)
{
	struct hwmsg_tp_format fmt;
	struct hwmsg_err err = { 0 };
	const char *bad[] = {
		"\tfield:__data_loc char[] bus_name;\toffset:8;\tsize:4;",
		"\tfield:__data_loc char[] dev_name;\toffset:12;\tsize:4;",
		"\tfield:__data_loc char[] driver_name;\toffset:16;\tsize:4;",
		"\tfield:bool incoming;\toffset:-20;\tsize:1;",
		"\tfield:unsigned long type;\toffset:24;\tsize:8;",
		"\tfield:u8 buf[16];\toffset:32;\tsize:16;",
		"\tfield:size_t len;\toffset:40;\tsize:8;",
		NULL,
	};

	parse_format(&fmt, format_6_1);
	CHECK_EQ(hwmsg_tp_format_check(&fmt, "format", &err), 0);
	CHECK_EQ(fmt.f[HWMSG_TP_F_BUS].offset, 8);
	CHECK(fmt.f[HWMSG_TP_F_BUS].loc);
	CHECK_EQ(fmt.f[HWMSG_TP_F_BUF].offset, 32);
	CHECK(fmt.f[HWMSG_TP_F_BUF].loc);
	CHECK_EQ(fmt.f[HWMSG_TP_F_LEN].size, 8);
	CHECK(!fmt.f[HWMSG_TP_F_TYPE].loc);

	/* a negative offset, then a buf that is not __data_loc */
	parse_format(&fmt, bad);
	CHECK_EQ(hwmsg_tp_format_check(&fmt, "f", &err), -1);
	CHECK_STR(err.msg, "tracepoint: f: field 'incoming': offset or size missing or out of range");
	bad[3] = "\tfield:bool incoming;\toffset:20;\tsize:1;";
	parse_format(&fmt, bad);
	CHECK_EQ(hwmsg_tp_format_check(&fmt, "f", &err), -1);
	CHECK_STR(err.msg, "tracepoint: f: field 'buf' is 16 bytes at 32, want a 4-byte __data_loc");
	bad[5] = NULL;
	parse_format(&fmt, bad);
	CHECK_EQ(hwmsg_tp_format_check(&fmt, "f", &err), -1);
	CHECK_STR(err.msg, "tracepoint: f has no field 'buf'");
}

static void test_tp_sample(void)
{
	struct hwmsg_tp_format fmt;
	struct hwmsg_tp_strings st;
	struct hwmsg_record rec;
	uint8_t raw[512], buf[64];
	uint32_t n;

	for (unsigned int i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 7);
	parse_format(&fmt, format_6_1);

	n = make_sample(raw, "mlxsw_spectrum", 1, 0, buf, 64, 64);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_STR(rec.bus, "pci");
	CHECK_STR(rec.dev, "0000:03:00.0");
	CHECK_STR(rec.driver, "mlxsw_spectrum");
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_EMAD);
	CHECK_EQ(rec.len, 64);
	CHECK_EQ(rec.orig_len, 64);
	CHECK_EQ(rec.flags, 0);
	CHECK(rec.payload == raw + n - 64);

	/* the tracepoint's type argument decides, never the driver name */
	n = make_sample(raw, "nfp", 0, HWMSG_TYPE_NFP_CTRL, buf, 8, 8);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_EQ(rec.type, HWMSG_TYPE_NFP_CTRL);
	CHECK_EQ(rec.dir, HWMSG_DIR_TO_HW);
	n = make_sample(raw, "mlxsw_spectrum", 0, HWMSG_TYPE_MLX_CMD_REG, buf, 8, 8);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_CMD_REG);
	n = make_sample(raw, "other", 0, 0, buf, 8, 8);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_EMAD);
	n = make_sample(raw, "other", 0, 0x10000, buf, 8, 8);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_EQ(rec.type, HWMSG_TYPE_UNKNOWN);

	/* len larger than what the buffer holds: truncated */
	n = make_sample(raw, "mlxsw_spectrum", 0, 0, buf, 16, 1080);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_EQ(rec.len, 16);
	CHECK_EQ(rec.orig_len, 1080);
	CHECK_EQ(rec.flags, HWMSG_RECF_TRUNCATED);

	/* locations outside the sample: empty, never read */
	n = make_sample(raw, "mlxsw_spectrum", 0, 0, buf, 16, 16);
	put_loc(raw, 8, n - 2, 5);
	put_loc(raw, 32, 0xffff, 16);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_STR(rec.bus, "");
	CHECK_STR(rec.dev, "0000:03:00.0");
	CHECK_EQ(rec.len, 0);
	CHECK_EQ(rec.orig_len, 16);
	CHECK_EQ(rec.flags, HWMSG_RECF_TRUNCATED);

	/* a sample shorter than its header: what it holds, nothing beyond */
	raw[20] = 1;
	hwmsg_tp_sample_record(&fmt, raw, 21, &st, &rec);
	CHECK_STR(rec.driver, "");
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.len, 0);
	hwmsg_tp_sample_record(&fmt, raw, 20, &st, &rec);
	CHECK_EQ(rec.dir, HWMSG_DIR_TO_HW);

	/* __rel_loc: the offset counts from the end of the field */
	fmt.f[HWMSG_TP_F_BUF].loc = false;
	fmt.f[HWMSG_TP_F_BUF].rel = true;
	n = make_sample(raw, "mlxsw_spectrum", 0, 0, buf, 16, 16);
	put_loc(raw, 32, n - 16 - 36, 16);
	hwmsg_tp_sample_record(&fmt, raw, n, &st, &rec);
	CHECK_EQ(rec.len, 16);
	CHECK(rec.payload == raw + n - 16);
}

static struct nlmsghdr *hwmsg_msg(char *buf, const char *bus, bool seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g;
	static const uint8_t payload[20] = { 1, 2, 3, 4, 5 };

	nlh->nlmsg_type = 0x20;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = DEVLINK_HWMSG_CMD_NEW;
	g->version = 1;
	mnl_attr_put_u32(nlh, DEVLINK_HWMSG_ATTR_INDEX, 7);
	mnl_attr_put_strz(nlh, DEVLINK_HWMSG_ATTR_BUS_NAME, bus);
	mnl_attr_put_strz(nlh, DEVLINK_HWMSG_ATTR_DEV_NAME, "hwmsg_sim.3");
	mnl_attr_put_strz(nlh, DEVLINK_HWMSG_ATTR_DRIVER_NAME, "hwmsg_sim");
	mnl_attr_put_u32(nlh, DEVLINK_HWMSG_ATTR_TYPE, HWMSG_TYPE_MLX_CMD_REG);
	mnl_attr_put_u8(nlh, DEVLINK_HWMSG_ATTR_DIR, HWMSG_DIR_FROM_HW);
	mnl_attr_put_u64(nlh, DEVLINK_HWMSG_ATTR_TIMESTAMP, 1700000000000000123ull);
	if (seq)
		mnl_attr_put_u32(nlh, DEVLINK_HWMSG_ATTR_SEQ, 99);
	mnl_attr_put(nlh, DEVLINK_HWMSG_ATTR_PAYLOAD, sizeof(payload), payload);
	mnl_attr_put_u32(nlh, DEVLINK_HWMSG_ATTR_ORIG_LEN, 300);
	return nlh;
}

static void test_genl(void)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct hwmsg_record rec;
	struct nlmsghdr *nlh;
	struct nlattr *a;

	nlh = hwmsg_msg(buf, "platform", true);
	genl_hwmsg_record(&genl_abi_module, nlh, &rec);
	CHECK_STR(rec.bus, "platform");
	CHECK_STR(rec.dev, "hwmsg_sim.3");
	CHECK_STR(rec.driver, "hwmsg_sim");
	CHECK_EQ(rec.devlink_index, 7);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_CMD_REG);
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.ts_ns, 1700000000000000123ull);
	CHECK_EQ(rec.seq, 99);
	CHECK_EQ(rec.len, 20);
	CHECK_EQ(rec.payload[4], 5);
	CHECK_EQ(rec.orig_len, 300);
	CHECK_EQ(rec.flags, HWMSG_RECF_HAS_INDEX | HWMSG_RECF_HAS_SEQ |
			    HWMSG_RECF_TRUNCATED);

	/* a name without its NUL is left out; no SEQ: no flag */
	nlh = hwmsg_msg(buf, "pci", false);
	a = (struct nlattr *)((char *)mnl_nlmsg_get_payload(nlh) +
			      sizeof(struct genlmsghdr) + MNL_ALIGN(8));
	CHECK_EQ(mnl_attr_get_type(a), DEVLINK_HWMSG_ATTR_BUS_NAME);
	((char *)mnl_attr_get_payload(a))[3] = 'x';
	genl_hwmsg_record(&genl_abi_module, nlh, &rec);
	CHECK_STR(rec.bus, "");
	CHECK_STR(rec.dev, "hwmsg_sim.3");
	CHECK_EQ(rec.flags & HWMSG_RECF_HAS_SEQ, 0);

	/* a devlink port notification, kept whole */
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = 0x15;
	((struct genlmsghdr *)mnl_nlmsg_put_extra_header(nlh,
		sizeof(struct genlmsghdr)))->cmd = DEVLINK_CMD_PORT_NEW;
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_BUS_NAME, "platform");
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_DEV_NAME, "hwmsg_sim.1");
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_PORT_INDEX, 2);
	genl_event_record(nlh, &rec);
	CHECK_STR(rec.bus, "platform");
	CHECK_STR(rec.dev, "hwmsg_sim.1");
	CHECK_STR(rec.driver, "devlink");
	CHECK_EQ(rec.type, HWMSG_TYPE_DEVLINK_EVENT);
	CHECK(rec.payload == (const uint8_t *)nlh);
	CHECK_EQ(rec.len, nlh->nlmsg_len);
	CHECK_EQ(rec.orig_len, nlh->nlmsg_len);
}

/* Messages of a datagram: whole ones only, a huge length is not negative. */
static void test_datagram(void)
{
	uint8_t buf[256] __attribute__((aligned(4))) = { 0 };
	struct nlmsghdr *nlh;
	size_t off = 0;

	nlh = mnl_nlmsg_put_header(buf);
	mnl_attr_put_u32(nlh, 1, 5);			/* 24 bytes */
	nlh = mnl_nlmsg_put_header(buf + 24);
	mnl_attr_put_strz(nlh, 2, "abc");		/* 24 */
	nlh = (struct nlmsghdr *)(buf + 48);
	nlh->nlmsg_len = 0xffffffffu;			/* mnl_nlmsg_ok() passes it */
	CHECK(mnl_nlmsg_ok(nlh, 100));
	CHECK(genl_datagram_next(buf, 100, &off) == (void *)buf);
	CHECK_EQ(off, 24);
	CHECK(genl_datagram_next(buf, 100, &off) == (void *)(buf + 24));
	CHECK_EQ(off, 48);
	CHECK(genl_datagram_next(buf, 100, &off) == NULL);
	CHECK_EQ(off, 48);
	/* cut: the second message does not fit */
	off = 0;
	CHECK(genl_datagram_next(buf, 40, &off) != NULL);
	CHECK(genl_datagram_next(buf, 40, &off) == NULL);
	/* unaligned last message without its padding: libmnl would read
	 * attributes up to 3 bytes past the datagram (fuzz_capture found it) */
	nlh = (struct nlmsghdr *)(buf + 24);
	nlh->nlmsg_len = 23;
	off = 24;
	CHECK(genl_datagram_next(buf, 47, &off) == NULL);
	CHECK_EQ(off, 24);
	CHECK(genl_datagram_next(buf, 48, &off) == (void *)(buf + 24));
	CHECK_EQ(off, 48);
}

/* tracepoint merge: how long a held sample waits, never a busy loop */
static void test_tp_hold(void)
{
	const uint64_t R = 5000000, H = 50000000;	/* 5 ms, 50 ms */

	/* just seen, stamped now: the reorder window decides (5 ms) */
	CHECK_EQ(tp_hold_left_ns(1000000000, 7000, 1000000000, 7000, R, H), R);
	/* 2 ms later: 3 ms left */
	CHECK_EQ(tp_hold_left_ns(1000000000, 7000, 1002000000, 2007000, R, H),
		 3000000);
	/* older than the window: may go now */
	CHECK_EQ(tp_hold_left_ns(1000000000, 7000, 1005000000, 7000, R, H), 0);
	CHECK_EQ(tp_hold_left_ns(1000000000, 7000, 2000000000, 7000, R, H), 0);
	/* stamped in the future (the wall clock jumped back): the hold cap */
	CHECK_EQ(tp_hold_left_ns(9000000000ull, 7000, 1000000000, 7000, R, H), H);
	CHECK_EQ(tp_hold_left_ns(9000000000ull, 7000, 1000000000,
				 7000 + H - 1, R, H), 1);
	CHECK_EQ(tp_hold_left_ns(9000000000ull, 7000, 1000000000, 7000 + H,
				 R, H), 0);
}

static void test_cpulist(void)
{
	bool set[8];

	CHECK_EQ(tp_cpulist_parse("0-3,5\n", set, 8), 5);
	CHECK(set[0] && set[1] && set[2] && set[3] && !set[4] && set[5] &&
	      !set[6] && !set[7]);
	CHECK_EQ(tp_cpulist_parse("0\n", set, 8), 0);
	CHECK(set[0] && !set[1]);
	/* CPU 1 offline, as after echo 0 > cpu1/online */
	CHECK_EQ(tp_cpulist_parse("0,2-3", set, 4), 3);
	CHECK(set[0] && !set[1] && set[2] && set[3]);
	/* beyond n: reported as the maximum, not stored */
	CHECK_EQ(tp_cpulist_parse("0-1,9", set, 2), 9);
	CHECK(set[0] && set[1]);
	CHECK_EQ(tp_cpulist_parse("\n", set, 8), -1);
	CHECK_EQ(tp_cpulist_parse("", set, 8), -1);
	CHECK_EQ(tp_cpulist_parse("x", set, 8), -2);
	CHECK_EQ(tp_cpulist_parse("3-1", set, 8), -2);
	CHECK_EQ(tp_cpulist_parse("1-", set, 8), -2);
	CHECK_EQ(tp_cpulist_parse("1;2", set, 8), -2);
}

int main(void)
{
	test_tp_hold();
	test_cpulist();
	test_datagram();
	test_tp_format();
	test_tp_sample();
	test_genl();
	return test_done("test_capture_parse");
}
