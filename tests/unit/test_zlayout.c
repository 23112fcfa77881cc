// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The zstd layout Wireshark 4.0 can read (hwmsg/zlayout.h): the rules on
 * their own, and the files the writer makes: every point holds the zstd
 * magic, no data frame crosses one, the seek table adds up, every record
 * reads back.
 */
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "hwmsg/io.h"
#include "hwmsg/wire.h"
#include "hwmsg/zlayout.h"
#include "../test.h"
#include "test_files.h"

static int is_magic(const uint8_t *p)
{
	return hwmsg_get_le32(p) == 0xfd2fb528u;
}

static void test_points(void)
{
	CHECK_EQ(hwmsg_zl_next_point(0), HWMSG_ZL_WINDOW);
	CHECK_EQ(hwmsg_zl_next_point(HWMSG_ZL_WINDOW), HWMSG_ZL_POW2);
	CHECK_EQ(hwmsg_zl_next_point(HWMSG_ZL_POW2), 2 * HWMSG_ZL_WINDOW);
	CHECK(hwmsg_zl_frame_fits(0, HWMSG_ZL_WINDOW - 8));
	CHECK(!hwmsg_zl_frame_fits(0, HWMSG_ZL_WINDOW - 7));
	CHECK(!hwmsg_zl_frame_fits(0, HWMSG_ZL_WINDOW));
}

/* A pad from any offset a frame may end at covers the points after it. */
static void test_pads(void)
{
	static uint8_t buf[1 << 20];
	uint64_t off;
	int checked = 0;

	for (off = 100; off < (64ull << 20); off += 7919) {
		uint64_t p = hwmsg_zl_next_point(off), q, end;
		size_t len;

		if (p - off < HWMSG_ZL_SKIP_HDR)
			continue;	/* no frame ends there */
		len = hwmsg_zl_pad_len(off);
		end = off + len;
		CHECK(len <= sizeof(buf));
		if (len > sizeof(buf))
			break;
		hwmsg_zl_pad_fill(buf, len, off);
		CHECK_EQ(hwmsg_get_le32(buf), HWMSG_ZL_SKIP_MAGIC);
		CHECK_EQ(hwmsg_get_le32(buf + 4), len - 8);
		CHECK_EQ(ZSTD_findFrameCompressedSize(buf, len), len);
		for (q = p; q < end; q = hwmsg_zl_next_point(q))
			CHECK(is_magic(buf + (q - off)));
		/* room for a frame after it */
		CHECK(hwmsg_zl_next_point(end) - end >= HWMSG_ZL_MIN_ROOM);
		checked++;
	}
	/* the two lattices 6 bytes apart at 2^18: one pad covers both */
	off = HWMSG_ZL_POW2 - 100;
	hwmsg_zl_pad_fill(buf, hwmsg_zl_pad_len(off), off);
	CHECK(hwmsg_zl_pad_len(off) >= 100 + 6 + 4);
	CHECK(is_magic(buf + 100));
	CHECK(is_magic(buf + 106));
	CHECK(checked > 8000);
}

/* Pseudo-random bytes: incompressible, so a file spans many windows. */
static void fill_noise(uint8_t *p, size_t n, uint32_t *s)
{
	for (size_t i = 0; i < n; i++) {
		*s ^= *s << 13;
		*s ^= *s >> 17;
		*s ^= *s << 5;
		p[i] = (uint8_t)*s;
	}
}

/* Every rule of zlayout.h on a whole file; returns its data frames. */
static int check_layout(const uint8_t *f, size_t n)
{
	uint64_t off = 0, plain = 0, table, body, nf;
	uint64_t seek_c = 0, seek_p = 0;
	int frames = 0, data = 0;

	CHECK(n > 17);
	if (n <= 17)
		return -1;
	CHECK_EQ(hwmsg_get_le32(f + n - 4), HWMSG_ZL_SEEKABLE_MAGIC);
	nf = hwmsg_get_le32(f + n - 9);
	body = 8 * nf + 9;
	CHECK(body + 8 <= n);
	if (body + 8 > n)
		return -1;
	table = n - body - 8;
	CHECK_EQ(hwmsg_get_le32(f + table), HWMSG_ZL_SEEK_MAGIC);
	CHECK_EQ(hwmsg_get_le32(f + table + 4), body);

	for (uint64_t p = 0; p < table; p = hwmsg_zl_next_point(p))
		CHECK(is_magic(f + p));
	while (off < table) {
		size_t len = ZSTD_findFrameCompressedSize(f + off, table - off);
		const uint8_t *e = f + table + 8 + 8 * (uint64_t)frames;

		CHECK(!ZSTD_isError(len));
		if (ZSTD_isError(len))
			return -1;
		CHECK_EQ(hwmsg_get_le32(e), len);
		if (is_magic(f + off)) {
			unsigned long long c =
				ZSTD_getFrameContentSize(f + off, len);

			/* a data frame never crosses a point */
			CHECK(off + len + 8 <= hwmsg_zl_next_point(off));
			CHECK_EQ(hwmsg_get_le32(e + 4), c);
			plain += c;
			data++;
		} else {
			CHECK_EQ(hwmsg_get_le32(f + off), HWMSG_ZL_SKIP_MAGIC);
			CHECK_EQ(hwmsg_get_le32(e + 4), 0);
		}
		seek_c += hwmsg_get_le32(e);
		seek_p += hwmsg_get_le32(e + 4);
		off += len;
		frames++;
	}
	CHECK_EQ(off, table);
	CHECK_EQ(frames, nf);
	CHECK_EQ(seek_c, table);
	CHECK_EQ(seek_p, plain);
	return data;
}

static void test_file(int noisy, int n_recs, int flush_every)
{
	struct hwmsg_writer_opts o = { .flush_ms = 600000 };
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w;
	struct hwmsg_reader *r;
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "0000:03:00.0", .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_MLX_EMAD, .dir = HWMSG_DIR_TO_HW,
	};
	static uint8_t pl[1500];
	const char *p = path("layout.pcapng.zst");
	uint32_t seed = 2463534242u;
	uint8_t *f;
	size_t n = 0;
	int count = 0, data;

	rec.payload = pl;
	w = hwmsg_writer_open(p, &o, &err);
	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < n_recs; i++) {
		rec.len = rec.orig_len = 64 + (size_t)(i * 37) % 1400;
		if (noisy)
			fill_noise(pl, rec.len, &seed);
		else
			memset(pl, i & 0xff, rec.len);
		rec.ts_ns = (uint64_t)i;
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
		if (flush_every && i % flush_every == 0)
			CHECK_EQ(hwmsg_writer_flush(w, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	f = slurp(p, &n);
	CHECK_EQ(file_size(p), (off_t)n);
	data = check_layout(f, n);
	CHECK(data >= 1);
	/* cut anywhere (here in the middle): what came before still reads */
	spit(path("layout-cut.pcapng.zst"), f, n / 2);
	free(f);
	r = hwmsg_reader_open(path("layout-cut.pcapng.zst"), &err);
	CHECK(r != NULL);
	while (r && hwmsg_reader_next(r, &rec, &err) == 1)
		count++;
	CHECK(n_recs < 100 || (count > n_recs / 4 && count < n_recs));
	hwmsg_reader_close(r);
	count = 0;

	r = hwmsg_reader_open(p, &err);
	CHECK(r != NULL);
	while (r && hwmsg_reader_next(r, &rec, &err) == 1)
		CHECK_EQ(rec.ts_ns, (uint64_t)count++);
	CHECK_EQ(count, n_recs);
	hwmsg_reader_close(r);
}

int main(void)
{
	if (!test_dir_make("test_zlayout"))
		return 1;
	test_points();
	test_pads();
	test_file(1, 6000, 0);		/* ~5 MB incompressible */
	test_file(1, 6000, 7);		/* many small frames */
	test_file(0, 20000, 0);		/* compressible */
	test_file(0, 3, 1);		/* tiny */
	test_dir_done();
	return test_done("test_zlayout");
}
