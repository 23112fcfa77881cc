// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Drop counts from the ISBs: what hwmsg_writer puts at close comes back
 * from hwmsg_reader_drops (plain, zstd, concatenated), a file without its
 * ISBs says "unknown", hand-built blocks in either byte order read, and
 * bad lengths or trailing garbage neither crash nor invent counts.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hwmsg/io.h"
#include "hwmsg/wire.h"
#include "../../formats/io/pcapng.h"
#include "../../formats/io/scan.h"
#include "../test.h"
#include "test_files.h"


/* ---- captures from hwmsg_writer ------------------------------------ */

static uint8_t payload[64];

static void rec_for(struct hwmsg_record *r, const char *dev, int i)
{
	memset(r, 0, sizeof(*r));
	r->bus = "pci";
	r->dev = dev;
	r->driver = "mlx4_core";
	r->ts_ns = 1700000000000000000ull + (uint64_t)i * 1000;
	r->dir = i & 1 ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	r->type = HWMSG_TYPE_MLX_CMD_REG;
	r->payload = payload;
	r->len = r->orig_len = sizeof(payload);
}

/*
 * Device A gets 3 records and 5 + 2 drops, B 4 records and 11, C only a
 * drop count (1), and 3 + 4 drops are not attributable. With flush_end,
 * the file size after the records (before the ISBs) is returned there.
 */
static void write_capture(const char *p, off_t *flush_end)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, NULL, &err);
	struct hwmsg_record rec;

	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < 7; i++) {
		rec_for(&rec, i < 3 ? "0000:81:00.0" : "0000:82:00.0", i);
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
	}
	hwmsg_writer_add_drops(w, "pci", "0000:81:00.0", 5);
	hwmsg_writer_add_drops(w, NULL, NULL, 3);
	hwmsg_writer_add_drops(w, "pci", "0000:82:00.0", 11);
	hwmsg_writer_add_drops(w, "pci", "0000:81:00.0", 2);
	hwmsg_writer_add_drops(w, "pci", "0000:83:00.0", 1);
	hwmsg_writer_add_drops(w, NULL, NULL, 4);
	if (flush_end) {
		CHECK_EQ(hwmsg_writer_flush(w, &err), 0);
		*flush_end = file_size(p);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

/*
 * Read p to its end (an error on the way is allowed: want_err) and return
 * the records read; the drop counts land in d.
 */
static int read_drops(const char *p, int want_err,
		      struct hwmsg_reader_drops *d,
		      struct hwmsg_reader_iface *ifs, unsigned int n_ifs)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r = hwmsg_reader_open(p, &err);
	struct hwmsg_reader_iface past;
	struct hwmsg_record rec;
	int n = 0, errors = 0, ret;

	memset(d, 0xa5, sizeof(*d));	/* every field must be set */
	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		memset(d, 0, sizeof(*d));
		return -1;
	}
	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		if (ret > 0)
			n++;
		else
			errors++;
	}
	CHECK_EQ(errors, want_err);
	CHECK_EQ(hwmsg_reader_drops(r, d), 0);
	for (unsigned int i = 0; i < n_ifs; i++) {
		CHECK_EQ(hwmsg_reader_iface(r, i, &ifs[i]), 0);
		/* copied: the name is only valid while r is open */
		ifs[i].name = ifs[i].name ? strdup(ifs[i].name) : NULL;
	}
	CHECK_EQ(hwmsg_reader_iface(r, d->interfaces, &past), -1);
	CHECK(past.name == NULL);
	hwmsg_reader_close(r);
	return n;
}

static void free_names(struct hwmsg_reader_iface *ifs, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		free((char *)ifs[i].name);
}

static void check_written(const char *p)
{
	struct hwmsg_reader_drops d;
	struct hwmsg_reader_iface ifs[3];

	CHECK_EQ(read_drops(p, 0, &d, ifs, 3), 7);
	CHECK_EQ(d.known, 1);
	CHECK_EQ(d.received, 7);
	CHECK_EQ(d.dropped, 5 + 2 + 11 + 1);
	CHECK_EQ(d.unattributed, 3 + 4);
	CHECK_EQ(d.interfaces, 3);
	CHECK_EQ(d.interfaces_with_isb, 3);
	CHECK_EQ(d.isb_skipped, 0);
	CHECK_STR(ifs[0].name, "pci/0000:81:00.0");
	CHECK_EQ(ifs[0].has_isb, 1);
	CHECK_EQ(ifs[0].received, 3);
	CHECK_EQ(ifs[0].dropped, 7);
	CHECK_EQ(ifs[0].unattributed, 7);	/* written on interface 0 */
	CHECK_STR(ifs[1].name, "pci/0000:82:00.0");
	CHECK_EQ(ifs[1].received, 4);
	CHECK_EQ(ifs[1].dropped, 11);
	CHECK_EQ(ifs[1].unattributed, 0);
	CHECK_STR(ifs[2].name, "pci/0000:83:00.0");
	CHECK_EQ(ifs[2].received, 0);
	CHECK_EQ(ifs[2].dropped, 1);
	free_names(ifs, 3);
}

static void test_written(void)
{
	check_written(path("a.pcapng"));
	check_written(path("a.pcapng.zst"));
}

/* A file that ends before its ISBs: "unknown", not zero. */
static void test_no_isb(const char *full, const char *cut, size_t n)
{
	struct hwmsg_reader_drops d;
	struct hwmsg_reader_iface ifs[3];
	size_t len;
	uint8_t *f = slurp(full, &len);

	CHECK(f && n <= len);
	if (!f || n > len)
		return;
	spit(cut, f, n);
	free(f);
	CHECK_EQ(read_drops(cut, 0, &d, ifs, 3), 7);
	CHECK_EQ(d.known, 0);
	CHECK_EQ(d.received, 0);
	CHECK_EQ(d.dropped, 0);
	CHECK_EQ(d.unattributed, 0);
	CHECK_EQ(d.interfaces, 3);	/* add_drops wrote C's IDB at once */
	CHECK_EQ(d.interfaces_with_isb, 0);
	CHECK_STR(ifs[1].name, "pci/0000:82:00.0");
	CHECK_EQ(ifs[1].has_isb, 0);
	CHECK_STR(ifs[2].name, "pci/0000:83:00.0");
	free_names(ifs, 3);
}

/* Offset of the first block of type t in a plain little-endian pcapng. */
static size_t find_block(const uint8_t *f, size_t n, uint32_t t)
{
	size_t off = 0;

	while (off + 12 <= n) {
		uint32_t len = hwmsg_get_le32(f + off + 4);

		if (hwmsg_get_le32(f + off) == t || len < 12)
			return off;
		off += len;
	}
	return n;
}

/*
 * The ISB's own timestamp: the wall clock at close, or with record_clock
 * (virtual-time captures) the latest record of any interface, so the
 * statistics are not dated months after the capture they describe.
 */
static void test_isb_clock(void)
{
	struct hwmsg_writer_opts o = { .record_clock = true };
	const uint64_t latest = 1700000000000000000ull + 6 * 1000;
	struct hwmsg_err err = { 0 };
	struct hwmsg_record rec;
	struct hwmsg_writer *w;
	int pass, isbs = 0;

	for (pass = 0; pass < 2; pass++) {
		size_t n, off = 0;
		uint8_t *f;

		o.record_clock = !pass;
		w = hwmsg_writer_open(path("clock.pcapng"), &o, &err);
		CHECK(w != NULL);
		if (!w)
			return;
		/* the later records on the first interface, the earlier on
		 * the second: the latest is not the last one written */
		for (int i = 6; i >= 0; i--) {
			rec_for(&rec, i > 3 ? "0000:81:00.0" : "0000:82:00.0", i);
			CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
		}
		CHECK_EQ(hwmsg_writer_close(w, &err), 0);
		f = slurp(path("clock.pcapng"), &n);
		CHECK(f != NULL);
		if (!f)
			return;
		while ((off += find_block(f + off, n - off, PCAPNG_ISB)) + 20 <= n) {
			uint64_t ts = (uint64_t)hwmsg_get_le32(f + off + 12) << 32 |
				      hwmsg_get_le32(f + off + 16);

			if (!pass)
				CHECK_EQ(ts, latest);
			else	/* written after 2026-12-01, by the wall clock */
				CHECK(ts > 1796083200000000000ull);
			isbs++;
			off += hwmsg_get_le32(f + off + 4);
		}
		free(f);
	}
	CHECK_EQ(isbs, 4);
}

static void test_cut(void)
{
	struct hwmsg_reader_drops d;
	struct hwmsg_reader_iface ifs[3];
	off_t zst_end = 0;
	size_t n, isb;
	uint8_t *f;

	/* plain: cut right before the first ISB, then inside the second */
	write_capture(path("c.pcapng"), NULL);
	f = slurp(path("c.pcapng"), &n);
	isb = find_block(f, n, 5);
	CHECK(isb < n);
	test_no_isb(path("c.pcapng"), path("c1.pcapng"), isb);
	spit(path("c2.pcapng"), f, isb + hwmsg_get_le32(f + isb + 4) + 16);
	free(f);
	CHECK_EQ(read_drops(path("c2.pcapng"), 1, &d, ifs, 3), 7);
	CHECK_EQ(d.known, 1);
	CHECK_EQ(d.interfaces, 3);
	CHECK_EQ(d.interfaces_with_isb, 1);
	CHECK_EQ(d.received, 3);
	CHECK_EQ(d.dropped, 7);
	CHECK_EQ(d.unattributed, 7);
	CHECK_EQ(ifs[1].has_isb, 0);
	free_names(ifs, 3);

	/* zstd: the ISBs are in the last frame, after a flush */
	write_capture(path("c.pcapng.zst"), &zst_end);
	CHECK(zst_end > 0 && zst_end < file_size(path("c.pcapng.zst")));
	test_no_isb(path("c.pcapng.zst"), path("c1.pcapng.zst"),
		    (size_t)zst_end);
}

/* Two captures in one file, two sections: their counts add up. */
static void test_concatenated(void)
{
	struct hwmsg_reader_drops d;
	struct hwmsg_reader_iface ifs[6];
	size_t n;
	uint8_t *f = slurp(path("a.pcapng"), &n), *two;

	CHECK(f != NULL);
	if (!f)
		return;
	two = malloc(2 * n);
	memcpy(two, f, n);
	memcpy(two + n, f, n);
	spit(path("two.pcapng"), two, 2 * n);
	free(two);
	free(f);
	CHECK_EQ(read_drops(path("two.pcapng"), 0, &d, ifs, 6), 14);
	CHECK_EQ(d.known, 1);
	CHECK_EQ(d.received, 14);
	CHECK_EQ(d.dropped, 2 * 19);
	CHECK_EQ(d.unattributed, 2 * 7);
	CHECK_EQ(d.interfaces, 6);
	CHECK_EQ(d.interfaces_with_isb, 6);
	CHECK_STR(ifs[3].name, "pci/0000:81:00.0");
	CHECK_EQ(ifs[5].dropped, 1);
	free_names(ifs, 6);
}

/* ---- hand-built blocks ---------------------------------------------- */

struct bytes {
	uint8_t p[1 << 17];
	size_t n;
	int be;
};

static void u16(struct bytes *b, uint16_t v)
{
	if (b->be)
		hwmsg_put_be16(b->p + b->n, v);
	else
		hwmsg_put_le16(b->p + b->n, v);
	b->n += 2;
}

static void u32(struct bytes *b, uint32_t v)
{
	if (b->be)
		hwmsg_put_be32(b->p + b->n, v);
	else
		hwmsg_put_le32(b->p + b->n, v);
	b->n += 4;
}

static void raw(struct bytes *b, const void *v, size_t len)
{
	memcpy(b->p + b->n, v, len);
	b->n += len;
	while (b->n % 4)
		b->p[b->n++] = 0;
}

static void opt(struct bytes *b, uint16_t code, const void *v, uint16_t len)
{
	u16(b, code);
	u16(b, len);
	raw(b, v, len);
}

static void opt_u64(struct bytes *b, uint16_t code, uint64_t v)
{
	uint8_t val[8];

	if (b->be)
		hwmsg_put_be64(val, v);
	else
		hwmsg_put_le64(val, v);
	opt(b, code, val, 8);
}

static size_t begin(struct bytes *b, uint32_t type)
{
	size_t start = b->n;

	u32(b, type);
	u32(b, 0);	/* filled by end() */
	return start;
}

static void end(struct bytes *b, size_t start)
{
	size_t save;

	u32(b, 0);	/* opt_endofopt */
	save = b->n;
	b->n = start + 4;
	u32(b, (uint32_t)(save + 4 - start));
	b->n = save;
	u32(b, (uint32_t)(save + 4 - start));
}

static void shb(struct bytes *b)
{
	size_t s = begin(b, 0x0a0d0d0a);

	u32(b, 0x1a2b3c4d);
	u16(b, 1);
	u16(b, 0);
	u32(b, 0xffffffff);
	u32(b, 0xffffffff);
	end(b, s);
}

static void idb(struct bytes *b, const char *name)
{
	size_t s = begin(b, 1);

	u16(b, HWMSG_LINKTYPE);
	u16(b, 0);
	u32(b, 0);
	opt(b, 2, name, (uint16_t)strlen(name));
	end(b, s);
}

/* One record, its TLVs little-endian whatever the section says. */
static void epb(struct bytes *b, uint32_t id)
{
	static const uint8_t rec[] = {
		0, 0, 4, 0, 'p', 'c', 'i', 0,
		1, 0, 2, 0, 'x', 0,
		2, 0, 2, 0, 'y', 0,
		3, 0, 1, 0, 1,
		4, 0, 2, 0, 1, 0,
		5, 0, 4, 0, 1, 2, 3, 4,
	};
	size_t s = begin(b, 6);

	u32(b, id);
	u32(b, 0x187da5af);
	u32(b, 0x0527cd15);
	u32(b, sizeof(rec));
	u32(b, sizeof(rec));
	raw(b, rec, sizeof(rec));
	end(b, s);
}

static void isb(struct bytes *b, uint32_t id, uint64_t recv, uint64_t drop,
		const char *comment)
{
	size_t s = begin(b, 5);

	u32(b, id);
	u32(b, 0x187da5af);
	u32(b, 0);
	opt_u64(b, 4, recv);
	opt_u64(b, 5, drop);
	if (comment)
		opt(b, 1, comment, (uint16_t)strlen(comment));
	end(b, s);
}

static void read_bytes(const struct bytes *b, const char *name, int want_recs,
		       int want_err, struct hwmsg_reader_drops *d)
{
	struct hwmsg_reader_iface ifs[1];

	spit(path(name), b->p, b->n);
	CHECK_EQ(read_drops(path(name), want_err, d, ifs, 0), want_recs);
}

static void test_hand_built(int be)
{
	static struct bytes b;
	struct hwmsg_reader_drops d;

	memset(&b, 0, sizeof(b));
	b.be = be;
	shb(&b);
	idb(&b, "be/dev0");
	idb(&b, "be/dev1");
	epb(&b, 0);
	epb(&b, 1);
	isb(&b, 0, 1, 0x0102030405060708ull, "dropped (not attributable): 42");
	isb(&b, 1, 9, 2, "a comment that is no drop count");
	isb(&b, 1, 10, 3, NULL);	/* a later ISB replaces the first */
	isb(&b, 7, 100, 100, NULL);	/* no such interface */
	read_bytes(&b, be ? "be.pcapng" : "le.pcapng", 2, 0, &d);
	CHECK_EQ(d.known, 1);
	CHECK_EQ(d.received, 11);
	CHECK_EQ(d.dropped, 0x0102030405060708ull + 3);
	CHECK_EQ(d.unattributed, 42);
	CHECK_EQ(d.interfaces, 2);
	CHECK_EQ(d.interfaces_with_isb, 2);
	CHECK_EQ(d.isb_skipped, 1);
}

/* ISBs that count what was received but not what was lost: unknown. */
static void test_isb_without_drops(void)
{
	static struct bytes b;
	struct hwmsg_reader_drops d;
	size_t s;

	memset(&b, 0, sizeof(b));
	shb(&b);
	idb(&b, "x/y");
	epb(&b, 0);
	s = begin(&b, 5);
	u32(&b, 0);
	u32(&b, 0);
	u32(&b, 0);
	opt_u64(&b, 4, 1);		/* isb_ifrecv only */
	end(&b, s);
	read_bytes(&b, "nodrop.pcapng", 1, 0, &d);
	CHECK_EQ(d.known, 0);
	CHECK_EQ(d.received, 1);
	CHECK_EQ(d.interfaces_with_isb, 1);
}

/* An ISB over 64 KiB is counted as skipped, not read. */
static void test_big_isb(void)
{
	static struct bytes b;
	static uint8_t pad[65000];
	struct hwmsg_reader_drops d;
	size_t s;

	memset(&b, 0, sizeof(b));
	shb(&b);
	idb(&b, "x/y");
	s = begin(&b, 5);
	u32(&b, 0);
	u32(&b, 0);
	u32(&b, 0);
	opt_u64(&b, 4, 5);
	opt(&b, 0x8000, pad, sizeof(pad));
	opt(&b, 0x8000, pad, sizeof(pad));
	end(&b, s);
	read_bytes(&b, "big.pcapng", 0, 0, &d);
	CHECK_EQ(d.known, 0);
	CHECK_EQ(d.interfaces, 1);
	CHECK_EQ(d.isb_skipped, 1);
}

/* Garbage after the last block: one error, the counts stay. */
static void test_trailing_garbage(void)
{
	static const uint8_t tails[][12] = {
		"garbage!!!",				/* not a block */
		{ 5, 0, 0, 0, 5, 0, 0, 0 },		/* length < 12 */
		{ 5, 0, 0, 0, 13, 0, 0, 0 },		/* not * 4 */
		{ 5, 0, 0, 0, 0xf0, 0xff, 0xff, 0xff },	/* huge, cut */
		{ 5, 0, 0, 0, 0x40, 0, 0, 0, 0, 0 },	/* ISB, cut */
	};
	static struct bytes b;
	struct hwmsg_reader_drops d;
	size_t n;
	uint8_t *f = slurp(path("a.pcapng"), &n);

	CHECK(f && n < sizeof(b.p) - 16);
	for (size_t i = 0; f && i < sizeof(tails) / sizeof(tails[0]); i++) {
		memcpy(b.p, f, n);
		memcpy(b.p + n, tails[i], sizeof(tails[i]));
		b.n = n + sizeof(tails[i]);
		read_bytes(&b, "garbage.pcapng", 7, 1, &d);
		CHECK_EQ(d.known, 1);
		CHECK_EQ(d.received, 7);
		CHECK_EQ(d.dropped, 19);
		CHECK_EQ(d.unattributed, 7);
	}
	free(f);
}

/* The scanner alone, fed one byte at a time and in odd pieces. */
static void test_scan_pieces(void)
{
	static struct bytes b;
	struct hwmsg_reader_drops d;
	struct hwmsg_scan s;
	size_t step[] = { 1, 3, 7, 4096 };

	memset(&b, 0, sizeof(b));
	b.be = 1;
	shb(&b);
	idb(&b, "p/\x01q");
	epb(&b, 0);
	isb(&b, 0, 3, 4, "dropped (not attributable): 18446744073709551615");
	shb(&b);	/* a new section: ids start at 0 again */
	idb(&b, "r/s");
	isb(&b, 0, 6, 7, "dropped (not attributable): 99999999999999999999");
	for (size_t k = 0; k < sizeof(step) / sizeof(step[0]); k++) {
		struct hwmsg_reader_iface ifc;

		hwmsg_scan_init(&s);
		for (size_t off = 0; off < b.n; off += step[k])
			hwmsg_scan_feed(&s, b.p + off, off + step[k] < b.n ?
						   step[k] : b.n - off);
		CHECK_EQ(hwmsg_scan_drops(&s, &d), 0);
		CHECK_EQ(d.known, 1);
		CHECK_EQ(d.received, 9);
		CHECK_EQ(d.dropped, 11);
		/* UINT64_MAX, and one that overflows: not a count */
		CHECK_EQ(d.unattributed, UINT64_MAX);
		CHECK_EQ(d.interfaces, 2);
		CHECK_EQ(hwmsg_scan_iface(&s, 0, &ifc), 0);
		CHECK_STR(ifc.name, "p/?q");
		CHECK_EQ(hwmsg_scan_iface(&s, 1, &ifc), 0);
		CHECK_STR(ifc.name, "r/s");
		CHECK_EQ(ifc.unattributed, 0);
		CHECK_EQ(hwmsg_scan_iface(&s, 2, &ifc), -1);
		hwmsg_scan_free(&s);
		hwmsg_scan_free(&s);	/* twice is fine */
	}

	/* not pcapng: nothing, and -1 */
	hwmsg_scan_init(&s);
	hwmsg_scan_feed(&s, (const uint8_t *)"\xd4\xc3\xb2\xa1 pcap", 10);
	CHECK_EQ(hwmsg_scan_drops(&s, &d), -1);
	CHECK_EQ(d.known, 0);
	hwmsg_scan_free(&s);
}

/* Classic pcap has no ISBs: -1, nothing known. */
static void test_classic_pcap(void)
{
	static struct bytes b;
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader_drops d;
	struct hwmsg_reader *r;
	struct hwmsg_record rec;

	memset(&b, 0, sizeof(b));
	u32(&b, 0xa1b2c3d4);
	u16(&b, 2);
	u16(&b, 4);
	u32(&b, 0);
	u32(&b, 0);
	u32(&b, 65535);
	u32(&b, HWMSG_LINKTYPE);
	spit(path("classic.pcap"), b.p, b.n);
	r = hwmsg_reader_open(path("classic.pcap"), &err);
	CHECK(r != NULL);
	if (!r)
		return;
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	d.known = true;
	CHECK_EQ(hwmsg_reader_drops(r, &d), -1);
	CHECK_EQ(d.known, 0);
	CHECK_EQ(d.interfaces, 0);
	hwmsg_reader_close(r);
}

int main(void)
{
	if (!test_dir_make("test_io_drops"))
		return 1;
	write_capture(path("a.pcapng"), NULL);
	write_capture(path("a.pcapng.zst"), NULL);
	test_written();
	test_cut();
	test_isb_clock();
	test_concatenated();
	test_hand_built(0);
	test_hand_built(1);
	test_big_isb();
	test_isb_without_drops();
	test_trailing_garbage();
	test_scan_pieces();
	test_classic_pcap();
	test_dir_done();
	return test_done("test_io_drops");
}
