// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a capture: pcapng is opened by libhwmsg itself (libpcap is not
 * even loaded for it), with libpcap 1.10's verdicts and words for a bad
 * header, the same with HWMSG_READER=libpcap; a classic pcap loads
 * libpcap and reads.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/io.h"
#include "hwmsg/wire.h"
#include "../test.h"
#include <unistd.h>

/* Is libpcap mapped into this process? */
static bool libpcap_loaded(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	bool found = false;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		found |= strstr(line, "/libpcap.so") != NULL;
	fclose(f);
	return found;
}

static void write_pcapng(const char *p)
{
	static const uint8_t payload[20] = { 1, 2, 3 };
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, NULL, &err);
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "0000:01:00.0", .driver = "mlx4_core",
		.ts_ns = 1700000000123456789ull, .dir = HWMSG_DIR_TO_HW,
		.type = HWMSG_TYPE_MLX_CMD_REG, .payload = payload,
		.len = sizeof(payload), .orig_len = sizeof(payload),
	};

	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < 3; i++) {
		rec.ts_ns += 1000;
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

static int count_records(const char *p, struct hwmsg_reader_info *info)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r = hwmsg_reader_open(p, &err);
	struct hwmsg_record rec;
	int n = 0;

	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	while (hwmsg_reader_next(r, &rec, &err) > 0)
		n++;
	*info = *hwmsg_reader_info(r);
	hwmsg_reader_close(r);
	return n;
}

/* ---- hand-built header blocks, little-endian or not ---------------- */

static uint8_t buf[256];
static size_t len;
static bool big;

static void put16(uint16_t v)
{
	if (big)
		hwmsg_put_be16(buf + len, v);
	else
		hwmsg_put_le16(buf + len, v);
	len += 2;
}

static void put32(uint32_t v)
{
	if (big)
		hwmsg_put_be32(buf + len, v);
	else
		hwmsg_put_le32(buf + len, v);
	len += 4;
}

/* A section header of 28 bytes (length as given), version major.minor. */
static void shb(uint32_t length, uint16_t major, uint16_t minor)
{
	put32(0x0a0d0d0a);
	put32(length);
	put32(0x1a2b3c4d);
	put16(major);
	put16(minor);
	put32(0xffffffff);
	put32(0xffffffff);
	put32(28);
}

static void idb(uint16_t linktype)
{
	put32(1);
	put32(20);
	put16(linktype);
	put16(0);
	put32(0);
	put32(20);
}

static void epb(void)
{
	put32(6);
	put32(32);
	for (int i = 0; i < 5; i++)
		put32(0);
	put32(32);
}

/* Open buf as a capture: NULL when it opened (info filled), else why. */
static const char *open_buf(bool libpcap, struct hwmsg_reader_info *info)
{
	static struct hwmsg_err err;
	struct hwmsg_reader *r;

	if (libpcap)
		setenv("HWMSG_READER", "libpcap", 1);
	else
		unsetenv("HWMSG_READER");
	memset(&err, 0, sizeof(err));
	r = hwmsg_reader_fopen(fmemopen(buf, len, "rb"), "f", &err);
	unsetenv("HWMSG_READER");
	if (!r)
		return err.msg;
	*info = *hwmsg_reader_info(r);
	hwmsg_reader_close(r);
	return NULL;
}

/* libhwmsg's verdict on buf, checked against the one wanted; libpcap's
 * against both afterwards (it gets loaded by the first). */
static const char *verdicts[16];
static uint8_t bufs[16][256];
static size_t lens[16];
static int n_verdicts;

static void expect(const char *want)
{
	struct hwmsg_reader_info info;
	const char *got = open_buf(false, &info);

	CHECK_STR(got ? got : "opened", want);
	verdicts[n_verdicts] = want;
	memcpy(bufs[n_verdicts], buf, len);
	lens[n_verdicts++] = len;
	len = 0;
	big = false;
}

static void check_open_errors(void)
{
	shb(28, 1, 1);
	idb(162);
	expect("f: unsupported pcapng savefile version 1.1");

	shb(24, 1, 0);
	expect("f: Section Header Block in pcapng dump file has invalid length 28 < _24_ < 1048576 (BT_SHB_INSANE_MAX)");

	shb(28, 1, 0);
	epb();
	idb(162);
	expect("f: the capture file has a packet block before any Interface Description Blocks");

	shb(40, 1, 0);
	expect("f: pcapng header blocks (section header, first interface) cut short (truncated pcapng dump file; tried to read 28 bytes, only got 16)");

	shb(28, 1, 0);
	idb(101);	/* LINKTYPE_RAW: libpcap names its DLT_RAW, 12 */
	expect("f: link type 12 not supported (want 162 USER15 hwmsg records or 1 Ethernet with EMAD)");

	memcpy(buf, "GIF89a..", 8);
	len = 8;
	expect("f: unknown file format");

	big = true;	/* a big-endian section, version 1.2: fine */
	shb(28, 1, 2);
	idb(162);
	epb();
	expect("opened");
}

static void check_libpcap_agrees(void)
{
	struct hwmsg_reader_info info;

	for (int i = 0; i < n_verdicts; i++) {
		const char *got;

		memcpy(buf, bufs[i], lens[i]);
		len = lens[i];
		got = open_buf(true, &info);
		CHECK_STR(got ? got : "opened", verdicts[i]);
	}
}

int main(void)
{
	struct hwmsg_reader_info info;

	char tmp[] = "/tmp/test_io_open.XXXXXX";
	int fd = mkstemp(tmp);

	if (fd < 0)
		return 1;
	close(fd);
	write_pcapng(tmp);
	CHECK_EQ(count_records(tmp, &info), 3);
	unlink(tmp);
	CHECK_EQ(info.format, HWMSG_INPUT_PCAPNG_USER15);
	check_open_errors();
	CHECK(!libpcap_loaded());	/* pcapng: none of it was libpcap's */
	/* HWMSG_READER=libpcap reads pcapng with libpcap indeed (loading
	 * it), and comes to the same verdicts */
	check_libpcap_agrees();
	CHECK(libpcap_loaded());

	CHECK_EQ(count_records(HWMSG_TEST_DATA "/emad_eth.pcap", &info), 1);
	CHECK_EQ(info.format, HWMSG_INPUT_ETHERNET);
	return test_done("test_io_open");
}
