// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The record index (hwmsg/index.h): every record of plain, zstd (many
 * frames), concatenated-section, multi-file and classic pcap captures is
 * found again and reads back the same as in a straight read; time search;
 * and its size: at most 32 bytes a record, by sizeof and by the RSS of a
 * 1M-record index (HWMSG_TEST_INDEX_RECORDS to change the count).
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/index.h"
#include "hwmsg/io.h"
#include "hwmsg/sim.h"
#include "../test.h"
#include "test_files.h"
#include "test_sim_file.h"

#define MAX_BYTES_PER_RECORD 32

/* What a straight read saw of each record, to compare with. */
struct seen {
	uint64_t ts_ns;
	uint32_t len;
	uint32_t sum;		/* of the payload and device */
};

static uint32_t sum_of(const struct hwmsg_record *r)
{
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < r->len; i++)
		h = (h ^ r->payload[i]) * 16777619u;
	for (const char *s = r->dev; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h ^ r->dir;
}

#define SIM_START_S 1767225600ull	/* the simulator's 2026-01-01 */

/* n simulator records from start_s seconds after its default start;
 * flush_every > 0 makes many small zstd frames. */
static void write_sim(const char *p, unsigned int n, unsigned int flush_every,
		      uint64_t seed, unsigned int start_s)
{
	test_write_sim(p, n, flush_every, seed,
		       (SIM_START_S + start_s) * 1000000000ull);
}

/* Append what a straight read of p gives to *s. */
static size_t read_all(const char *p, struct seen **s, size_t n)
{
	struct hwmsg_err err;
	struct hwmsg_record rec;
	struct hwmsg_reader *r = hwmsg_reader_open(p, &err);
	int ret;

	CHECK(r != NULL);
	while (r && (ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		if (ret < 0)
			continue;
		*s = realloc(*s, (n + 1) * sizeof(**s));
		(*s)[n].ts_ns = rec.ts_ns;
		(*s)[n].len = rec.len;
		(*s)[n].sum = sum_of(&rec);
		n++;
	}
	hwmsg_reader_close(r);
	return n;
}

struct cmp {
	const struct seen *s;
	uint64_t next;
	unsigned int bad;
};

static int compare(void *arg, uint64_t i, const struct hwmsg_record *rec)
{
	struct cmp *c = arg;

	if (i != c->next++ || rec->ts_ns != c->s[i].ts_ns ||
	    rec->len != c->s[i].len || sum_of(rec) != c->s[i].sum)
		c->bad++;
	return 0;
}

static struct hwmsg_index *build(const char *const *paths, unsigned int n)
{
	struct hwmsg_err err;
	struct hwmsg_index *ix = hwmsg_index_new(paths, n, &err);
	int ret;

	CHECK(ix != NULL);
	if (!ix)
		return NULL;
	/* small slices, as a viewer builds it */
	while ((ret = hwmsg_index_step(ix, 777, &err)) > 0)
		CHECK(hwmsg_index_progress(ix) <= 1.0);
	CHECK_EQ(ret, 0);
	CHECK(hwmsg_index_done(ix));
	CHECK(hwmsg_index_progress(ix) == 1.0);
	return ix;
}

/* Every record found again, from many starting points, in runs. */
static void check_reads(const struct hwmsg_index *ix, const struct seen *s,
			size_t n)
{
	struct hwmsg_err err;
	struct cmp c = { s, 0, 0 };
	uint64_t i, step = n / 97 + 1;
	long got;

	CHECK_EQ(hwmsg_index_count(ix), n);
	for (i = 0; i < n; i += step) {
		c.next = i;
		got = hwmsg_index_read(ix, i, 40, compare, &c, &err);
		CHECK_EQ(got, i + 40 <= n ? 40 : n - i);
	}
	/* the very last one, and one past it */
	c.next = n - 1;
	CHECK_EQ(hwmsg_index_read(ix, n - 1, 5, compare, &c, &err), 1);
	CHECK_EQ(hwmsg_index_read(ix, n, 5, compare, &c, &err), 0);
	CHECK_EQ(c.bad, 0);
}

static void test_one(const char *name, unsigned int n, unsigned int flush)
{
	const char *p = path(name);
	struct seen *s = NULL;
	struct hwmsg_index *ix;
	size_t got;

	write_sim(p, n, flush, 1, 0);
	got = read_all(p, &s, 0);
	CHECK_EQ(got, n);
	ix = build(&p, 1);
	if (ix)
		check_reads(ix, s, got);
	hwmsg_index_free(ix);
	free(s);
}

/* Two files as one trace, the second two sections (cat a b). */
static void test_set(void)
{
	const char *a = path("a.pcapng.zst");
	char b[128], c[128], cmd[400];
	const char *paths[2];
	struct seen *s = NULL;
	struct hwmsg_index *ix;
	size_t n;

	snprintf(b, sizeof(b), "%s", path("b.pcapng"));
	snprintf(c, sizeof(c), "%s", path("c.pcapng"));
	/* one trace: each part later than the one before */
	write_sim(a, 3000, 100, 2, 0);
	write_sim(b, 2000, 0, 3, 100);
	write_sim(c, 1000, 0, 4, 200);
	snprintf(cmd, sizeof(cmd), "cat '%s' >> '%s'", c, b);
	CHECK_EQ(system(cmd), 0);
	paths[0] = a;
	paths[1] = b;
	n = read_all(a, &s, 0);
	n = read_all(b, &s, n);
	CHECK_EQ(n, 6000);
	ix = build(paths, 2);
	if (!ix)
		return;
	check_reads(ix, s, n);
	/* a run across the file change, and one into the second section */
	{
		struct hwmsg_err err;
		struct cmp cm = { s, 2990, 0 };

		CHECK_EQ(hwmsg_index_read(ix, 2990, 20, compare, &cm, &err), 20);
		cm.next = 4995;
		CHECK_EQ(hwmsg_index_read(ix, 4995, 10, compare, &cm, &err), 10);
		CHECK_EQ(cm.bad, 0);
	}
	/* time: the first record at or after a time, exact and between */
	CHECK_EQ(hwmsg_index_find_ts(ix, 0), 0);
	CHECK_EQ(hwmsg_index_find_ts(ix, s[1234].ts_ns), 1234 -
		 (s[1233].ts_ns == s[1234].ts_ns));
	CHECK_EQ(hwmsg_index_find_ts(ix, s[2999].ts_ns + 1), 3000);
	hwmsg_index_free(ix);
	free(s);
}

/* A classic pcap of Ethernet EMAD frames: the file header is its context. */
static void test_pcap(void)
{
	const char *p = HWMSG_TEST_DATA "/emad_eth.pcap";
	struct seen *s = NULL;
	struct hwmsg_index *ix;
	size_t n = read_all(p, &s, 0);

	CHECK(n >= 1);
	ix = build(&p, 1);
	if (ix)
		check_reads(ix, s, n);
	hwmsg_index_free(ix);
	free(s);
}

/* A file cut in a frame (being written, its writer killed): what reads
 * before the cut is indexed, and reads again. */
static void test_cut(void)
{
	const char *p = path("whole.pcapng.zst"), *q = path("cut.pcapng.zst");
	struct seen *s = NULL;
	struct hwmsg_index *ix;
	struct hwmsg_err err;
	uint8_t *buf;
	size_t len, n;

	write_sim(p, 20000, 300, 6, 0);
	buf = slurp(p, &len);
	CHECK(buf != NULL);
	if (!buf)
		return;
	spit(q, buf, len / 2 + 333);
	free(buf);
	CHECK_EQ(file_size(q), len / 2 + 333);
	n = read_all(q, &s, 0);
	CHECK(n > 1000 && n < 20000);
	ix = hwmsg_index_new(&q, 1, &err);
	CHECK(ix != NULL);
	if (ix) {
		while (hwmsg_index_step(ix, 1000, &err) > 0)
			;
		check_reads(ix, s, n);
	}
	hwmsg_index_free(ix);
	free(s);
}

static long rss_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kib = -1;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmRSS:", 6))
			kib = strtol(line + 6, NULL, 10);
	if (f)
		fclose(f);
	return kib;
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* At most 32 bytes a record: by sizeof, by count, by the process's RSS. */
static void test_size(void)
{
	const char *env = getenv("HWMSG_TEST_INDEX_RECORDS");
	unsigned int n = env ? (unsigned int)strtoul(env, NULL, 0) : 1000000;
	const char *p = path("big.pcapng.zst");
	struct hwmsg_index *ix;
	long before, after;

	CHECK(sizeof(struct hwmsg_index_entry) <= MAX_BYTES_PER_RECORD);
	write_sim(p, n, 0, 5, 0);
	before = rss_kib();
	ix = build(&p, 1);
	after = rss_kib();
	if (!ix)
		return;
	CHECK_EQ(hwmsg_index_count(ix), n);
	CHECK(hwmsg_index_memory(ix) <= (size_t)n * MAX_BYTES_PER_RECORD);
	printf("index of %u records: %zu bytes held (%.1f a record), RSS +%ld KiB (%.1f a record)\n",
	       n, hwmsg_index_memory(ix),
	       (double)hwmsg_index_memory(ix) / n, after - before,
	       (after - before) * 1024.0 / n);
#ifndef UNDER_ASAN
	/* the reader's buffers come and go: 1 MiB of slack */
	CHECK(before > 0 && after > 0);
	CHECK((after - before) * 1024 <=
	      (long)n * MAX_BYTES_PER_RECORD + (1 << 20));
#endif
	hwmsg_index_free(ix);
}

int main(void)
{
	if (!test_dir_make("hwmsg-index"))
		return 1;
	test_one("one.pcapng", 5000, 0);
	test_one("one.pcapng.zst", 20000, 0);
	test_one("frames.pcapng.zst", 20000, 50);
	test_set();
	test_pcap();
	test_size();
	test_cut();
	test_dir_done();
	return test_done("index");
}
