// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Read-ahead (formats/io/ahead.c): the bytes of a file come out whole and
 * in order for any slot size and any sizes of request, a read error comes
 * after them, stopping early never hangs; and the reader, reading a
 * capture ahead on its thread, gives exactly the records it gives reading
 * it itself.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zstd.h>

#include "hwmsg/io.h"
#include "../../formats/io/ahead.h"
#include "test_files.h"

#define FILE_LEN	1000003u

static uint8_t pattern(size_t i)
{
	return (uint8_t)(i * 131 + (i >> 9));
}

static FILE *pattern_file(size_t len)
{
	static uint8_t buf[FILE_LEN];
	FILE *f = tmpfile();

	for (size_t i = 0; i < len; i++)
		buf[i] = pattern(i);
	if (!f || fwrite(buf, 1, len, f) != len || fseek(f, 0, SEEK_SET))
		abort();
	return f;
}

/* What the tests' fill records of a slot. */
struct test_meta {
	size_t first;		/* file offset of the slot's first byte */
	int error;		/* errno of a read that ended it */
};

struct test_src {
	FILE *f;
	size_t off;
};

/* fread() into the slot, as a plain capture's source does. */
static size_t fill(void *ctx, uint8_t *buf, size_t cap, void *meta, bool *end)
{
	struct test_src *t = ctx;
	struct test_meta *m = meta;
	size_t got = fread(buf, 1, cap, t->f);

	m->first = t->off;
	m->error = got < cap && ferror(t->f) ? errno : 0;
	t->off += got;
	*end = got < cap;
	return got;
}

/*
 * A file of len bytes through slots of slot bytes, taken in pieces of 1 to
 * max bytes: each byte in its place, each slot's meta its own.
 */
static void check_whole(size_t len, size_t slot, size_t max)
{
	static uint8_t got[FILE_LEN + 1];
	struct test_src t = { pattern_file(len), 0 };
	struct hwmsg_ahead a;
	size_t n = 0, bad = len, pos = 0, slots = 0, slot_len;
	unsigned int seed = (unsigned int)slot;
	const uint8_t *p;
	void *meta;

	CHECK(hwmsg_ahead_start(&a, fill, &t, slot, sizeof(struct test_meta)));
	while ((p = hwmsg_ahead_next(&a, &slot_len, &meta))) {
		struct test_meta *m = meta;
		size_t take = 1 + (size_t)rand_r(&seed) % max;

		if (!pos) {
			CHECK_EQ(m->first, n);	/* the slots in order */
			CHECK_EQ(m->error, 0);
			slots++;
		}
		if (take > slot_len - pos)
			take = slot_len - pos;
		if (n + take > sizeof(got))
			break;
		memcpy(got + n, p + pos, take);
		n += take;
		pos += take;
		if (pos == slot_len) {
			pos = 0;
			hwmsg_ahead_release(&a);
		}
	}
	CHECK_EQ(n, len);
	CHECK_EQ(slots, len / slot + 1);	/* the last one short */
	for (size_t i = 0; i < len && bad == len; i++)
		if (got[i] != pattern(i))
			bad = i;
	CHECK_EQ(bad, len);
	/* and after the end, still the end */
	CHECK(hwmsg_ahead_next(&a, &slot_len, &meta) == NULL);
	hwmsg_ahead_stop(&a);
	fclose(t.f);
}

/* Stopped with the ring full and the producer waiting, or at once. */
static void check_stop_early(void)
{
	struct test_src t = { pattern_file(FILE_LEN), 0 };
	struct hwmsg_ahead a;
	const uint8_t *p;
	size_t slot_len;
	void *meta;

	CHECK(hwmsg_ahead_start(&a, fill, &t, 4096, sizeof(struct test_meta)));
	p = hwmsg_ahead_next(&a, &slot_len, &meta);
	CHECK(p != NULL);
	CHECK_EQ(slot_len, 4096);
	if (p)
		CHECK_EQ(p[9], pattern(9));
	usleep(20000);	/* let it fill the ring and wait */
	hwmsg_ahead_stop(&a);
	CHECK(hwmsg_ahead_start(&a, fill, &t, 4096, sizeof(struct test_meta)));
	hwmsg_ahead_stop(&a);
	hwmsg_ahead_stop(&a);	/* twice is harmless */
	fclose(t.f);
}

/* A read that fails: a last slot of no bytes, with its errno. */
static void check_error(void)
{
	struct test_src t = { fopen("/", "r"), 0 };	/* reading it: EISDIR */
	struct hwmsg_ahead a;
	struct test_meta *m;
	size_t slot_len = 1;
	void *meta;

	CHECK(t.f != NULL);
	if (!t.f)
		return;
	CHECK(hwmsg_ahead_start(&a, fill, &t, 4096, sizeof(struct test_meta)));
	CHECK(hwmsg_ahead_next(&a, &slot_len, &meta) != NULL);
	m = meta;
	CHECK_EQ(slot_len, 0);
	CHECK_EQ(m->error, EISDIR);
	hwmsg_ahead_release(&a);
	CHECK(hwmsg_ahead_next(&a, &slot_len, &meta) == NULL);
	hwmsg_ahead_stop(&a);
	fclose(t.f);
}

/* Is a thread named hwmsg-read running in this process? */
static bool reading_ahead(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	bool found = false;

	while (d && (e = readdir(d))) {
		char path[300], comm[32] = "";
		FILE *f;

		snprintf(path, sizeof(path), "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		found |= fgets(comm, sizeof(comm), f) &&
			 !strcmp(comm, "hwmsg-read\n");
		fclose(f);
	}
	if (d)
		closedir(d);
	return found;
}

static void write_capture(const char *p, int n)
{
	uint8_t payload[300];
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, NULL, &err);
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "0000:01:00.0", .driver = "mlx4_core",
		.ts_ns = 1700000000123456789ull, .dir = HWMSG_DIR_TO_HW,
		.type = HWMSG_TYPE_MLX_CMD_REG, .payload = payload,
	};

	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < n; i++) {
		rec.ts_ns += 1000 + (uint64_t)i;
		rec.len = rec.orig_len = 1 + (uint32_t)(i * 7) % sizeof(payload);
		memset(payload, i, rec.len);
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

static uint64_t last_frame;	/* zstd: the last record's frame */

/* Records read with HWMSG_READ_AHEAD=ahead: their count; a sum of their
 * bytes, times and places (block, zstd frame: what an index keeps) into
 * *sum; whether the thread ran into *threaded. */
static int read_capture(const char *p, const char *ahead, uint64_t *sum,
			bool *threaded)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	int n = 0, ret;

	setenv("HWMSG_READ_AHEAD", ahead, 1);
	r = hwmsg_reader_open(p, &err);
	*sum = 0;
	*threaded = false;
	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	while ((ret = hwmsg_reader_next(r, &rec, &err)) > 0) {
		struct hwmsg_reader_pos pos;

		CHECK_EQ(hwmsg_reader_pos(r, &pos), 0);
		*sum = *sum * 31 + pos.block;
		*sum = *sum * 31 + pos.frame;
		*sum = *sum * 31 + pos.frame_plain;
		last_frame = pos.frame;
		*sum = *sum * 31 + rec.ts_ns + rec.len;
		for (uint32_t i = 0; i < rec.len; i++)
			*sum = *sum * 7 + rec.payload[i];
		if (++n == 2000)
			*threaded = reading_ahead();
	}
	CHECK_EQ(ret, 0);
	hwmsg_reader_close(r);
	CHECK(!reading_ahead());	/* closing ended it */
	unsetenv("HWMSG_READ_AHEAD");
	return n;
}

/* A capture (name ending .zst: compressed) read ahead and not. */
static void check_reader(const char *name, int records)
{
	uint64_t own, ahead;
	bool threaded;

	write_capture(name, records);
	CHECK_EQ(read_capture(name, "off", &own, &threaded), records);
	CHECK(!threaded);
	/* from the first byte on, in slots smaller than a block */
	CHECK_EQ(read_capture(name, "0,97", &ahead, &threaded), records);
	CHECK(threaded);
	CHECK_EQ(ahead, own);
	CHECK_EQ(read_capture(name, "10000,4096", &ahead, &threaded), records);
	CHECK(threaded);
	CHECK_EQ(ahead, own);
	/* libpcap reads the FILE: the thread fills it from the first byte */
	setenv("HWMSG_READER", "libpcap", 1);
	CHECK_EQ(read_capture(name, "0,97", &ahead, &threaded), records);
	CHECK(threaded);
	CHECK_EQ(ahead, own);
	CHECK_EQ(read_capture(name, "off", &ahead, &threaded), records);
	CHECK(!threaded);
	CHECK_EQ(ahead, own);
	unsetenv("HWMSG_READER");
	/* by default a file this small is over before a thread would pay */
	CHECK_EQ(read_capture(name, "", &ahead, &threaded), records);
	CHECK(!threaded);
	CHECK_EQ(ahead, own);
	CHECK(last_frame > 0 || !strstr(name, ".zst"));	/* several frames */
	unlink(name);
}

/* Records, and the errors met, of a damaged capture read with
 * HWMSG_READ_AHEAD=ahead: a sum of both. */
static uint64_t read_damaged(const char *p, const char *ahead, int *n)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	uint64_t sum = 0;
	int ret, errors = 0;

	setenv("HWMSG_READ_AHEAD", ahead, 1);
	r = hwmsg_reader_open(p, &err);
	unsetenv("HWMSG_READ_AHEAD");
	*n = 0;
	CHECK(r != NULL);
	if (!r)
		return 0;
	while ((ret = hwmsg_reader_next(r, &rec, &err)) && errors < 10) {
		if (ret < 0) {
			errors++;
			for (const char *c = err.msg; *c; c++)
				sum = sum * 31 + (uint8_t)*c;
			continue;
		}
		++*n;
		sum = sum * 31 + rec.ts_ns + rec.len;
	}
	hwmsg_reader_close(r);
	CHECK(errors > 0);
	return sum;
}

/*
 * zstd drops the bytes it decoded in a call that then meets damage: the
 * records before the damage, and the offset named, were fewer with the
 * read-ahead's larger slots than without (a whole frame less).
 */
static void check_damaged_zstd(const char *name)
{
	static const long at[] = { 1000, 100000, 250000 };
	uint8_t bad[4] = { 0xff, 0xff, 0xff, 0xff };

	write_capture(name, 40000);
	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		FILE *f = fopen(name, "r+b");
		uint64_t own, ahead;
		int n_own, n_ahead;

		CHECK(f != NULL);
		if (!f)
			break;
		CHECK_EQ(fseek(f, at[i], SEEK_SET), 0);
		CHECK_EQ(fwrite(bad, 1, sizeof(bad), f), sizeof(bad));
		fclose(f);
		own = read_damaged(name, "off", &n_own);
		CHECK(n_own > 0);
		ahead = read_damaged(name, "0,262144", &n_ahead);
		CHECK_EQ(n_ahead, n_own);
		CHECK_EQ(ahead, own);
		ahead = read_damaged(name, "0,1000000", &n_ahead);
		CHECK_EQ(n_ahead, n_own);
		CHECK_EQ(ahead, own);
		/* the next damage further on: records up to the first */
	}
	unlink(name);
}

/*
 * A capture in tiny zstd frames (a live capture flushed at every record
 * comes close): each frame start is noted, and the reader keeps the last
 * HWMSG_IN_FRAMES of them, enough for the bytes it has read past the
 * record it is at. Read ahead, the walk took a whole chunk of slots at
 * once: more frame starts than that, and the record's frame was gone.
 */
static void check_tiny_frames(const char *plain, const char *name)
{
	enum { PIECE = 40 };
	uint8_t out[256], *buf;
	uint64_t own, ahead;
	bool threaded;
	size_t len;
	FILE *f;

	write_capture(plain, 3000);
	buf = slurp(plain, &len);
	f = fopen(name, "wb");
	CHECK(buf && f);
	if (!buf || !f)
		abort();
	for (size_t off = 0; off < len; off += PIECE) {
		size_t n = len - off < PIECE ? len - off : PIECE;
		size_t z = ZSTD_compress(out, sizeof(out), buf + off, n, 1);

		CHECK(!ZSTD_isError(z));
		CHECK_EQ(fwrite(out, 1, z, f), z);
	}
	free(buf);
	fclose(f);
	CHECK_EQ(read_capture(name, "off", &own, &threaded), 3000);
	CHECK_EQ(read_capture(name, "0,4096", &ahead, &threaded), 3000);
	CHECK(threaded);
	CHECK_EQ(ahead, own);
	CHECK_EQ(read_capture(name, "0,1000000", &ahead, &threaded), 3000);
	CHECK_EQ(ahead, own);
	unlink(plain);
	unlink(name);
}

int main(void)
{
	check_whole(20011, 1, 3);
	check_whole(FILE_LEN, 7, 100);
	check_whole(FILE_LEN, 4096, 10000);
	check_whole(FILE_LEN, 256 << 10, 1 << 20);
	check_whole(8 * 4096, 4096, 5000);	/* ends on a slot's end */
	check_whole(0, 4096, 10);		/* empty */
	check_stop_early();
	check_error();
	if (!test_dir_make("test_io_ahead"))
		return 1;
	check_reader(path("a.pcapng"), 5000);
	/* several zstd frames: their starts are noted by the thread */
	check_reader(path("a.pcapng.zst"), 20000);
	check_damaged_zstd(path("damaged.pcapng.zst"));
	check_tiny_frames(path("tiny.pcapng"), path("tiny.pcapng.zst"));
	test_dir_done();
	return test_done("test_io_ahead");
}
