// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * perf.data made by the real perf in QEMU (tests/data/trace, see its
 * README) against hwmsgd's capture of the same traffic: the same EMADs,
 * byte for byte, in the same order; the losses perf counted are exactly
 * the records it is missing; a file of another event, a truncated file
 * and the origin headers as a user sees them.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwmsg/io.h"
#include "../test.h"

#define DATA HWMSG_TEST_DATA "/trace/"

struct rec_copy {
	uint8_t dir;
	uint16_t type;
	uint32_t len;
	uint8_t *payload;
	char dev[64];
};

struct recs {
	struct rec_copy *r;
	size_t n;
	uint64_t lost;		/* drops: not attributable */
	uint64_t duplicates;	/* info: perf wrote them twice */
	bool had_error;
	char err[256];
};

static void recs_free(struct recs *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->r[i].payload);
	free(s->r);
	memset(s, 0, sizeof(*s));
}

/* Every record of path, copied; reading goes on past a bad record. */
static int recs_read(const char *path, struct recs *s)
{
	struct hwmsg_reader_drops d;
	struct hwmsg_record rec;
	struct hwmsg_reader *r;
	struct hwmsg_err err;
	int ret;

	memset(s, 0, sizeof(*s));
	r = hwmsg_reader_open(path, &err);
	if (!r) {
		snprintf(s->err, sizeof(s->err), "%s", err.msg);
		return -1;
	}
	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		struct rec_copy *c;

		if (ret < 0) {
			if (!s->had_error)
				snprintf(s->err, sizeof(s->err), "%s", err.msg);
			s->had_error = true;
			continue;
		}
		c = realloc(s->r, (s->n + 1) * sizeof(*c));
		if (!c)
			abort();
		s->r = c;
		c = &s->r[s->n++];
		c->dir = rec.dir;
		c->type = rec.type;
		c->len = rec.len;
		c->payload = malloc(rec.len ? rec.len : 1);
		if (!c->payload)
			abort();
		memcpy(c->payload, rec.payload, rec.len);
		snprintf(c->dev, sizeof(c->dev), "%s/%s", rec.bus, rec.dev);
	}
	if (!hwmsg_reader_drops(r, &d))
		s->lost = d.unattributed;
	s->duplicates = hwmsg_reader_info(r)->duplicates;
	hwmsg_reader_close(r);
	return 0;
}

static bool same(const struct rec_copy *a, const struct rec_copy *b)
{
	return a->dir == b->dir && a->type == b->type && a->len == b->len &&
	       !memcmp(a->payload, b->payload, a->len) &&
	       !strcmp(a->dev, b->dev);
}

/* How many of a's records, in order from a[off], equal b's (all of b's). */
static size_t matching_run(const struct recs *a, size_t off,
			   const struct recs *b)
{
	size_t i = 0;

	while (off + i < a->n && i < b->n && same(&a->r[off + i], &b->r[i]))
		i++;
	return i;
}

/* How many of sub's records are in all, each matched once, any order. */
static size_t in_any_order(const struct recs *all, const struct recs *sub)
{
	bool *used = calloc(all->n + 1, sizeof(*used));
	size_t found = 0;

	if (!used)
		abort();
	for (size_t i = 0; i < sub->n; i++)
		for (size_t j = 0; j < all->n; j++)
			if (!used[j] && same(&all->r[j], &sub->r[i])) {
				used[j] = true;
				found++;
				break;
			}
	free(used);
	return found;
}

/* How many of sub's records are found in all, in the same order. */
static size_t in_order_within(const struct recs *all, const struct recs *sub)
{
	size_t j = 0, found = 0;

	for (size_t i = 0; i < sub->n; i++) {
		while (j < all->n && !same(&all->r[j], &sub->r[i]))
			j++;
		if (j < all->n) {
			found++;
			j++;
		}
	}
	return found;
}

/*
 * file mode, -z and pipe mode against hwmsgd's 2476 EMADs of the probe;
 * the pipe-mode file has one sample twice (perf wrote it at both sides of
 * a FINISHED_ROUND, perf script shows 2477): read once.
 */
static void test_probe(void)
{
	static const char *const perf[] = {
		DATA "probe-perf.data.zst", DATA "probe-perf-zstd.data.zst",
		DATA "probe-perf-pipe.data.zst",
	};
	struct recs ref, got;

	CHECK_EQ(recs_read(DATA "probe.pcapng.zst", &ref), 0);
	CHECK_EQ(ref.n, 2476);
	for (size_t f = 0; f < sizeof(perf) / sizeof(perf[0]); f++) {
		CHECK_EQ(recs_read(perf[f], &got), 0);
		CHECK(!got.had_error);
		CHECK_EQ(got.lost, 0);
		CHECK_EQ(got.duplicates, f == 2);
		CHECK_EQ(got.n, ref.n);
		CHECK_EQ(matching_run(&got, 0, &ref), ref.n);
		if (got.n)
			CHECK_STR(got.r[0].dev, "hwmsg_sim/hwmsg_sim1");
		recs_free(&got);
	}
	recs_free(&ref);
}

/*
 * A run of 29 samples perf wrote twice (pipe mode, perf script shows 2505):
 * each read once, the file is hwmsgd's 2476 in the same order.
 */
static void test_probe_run_twice(void)
{
	struct recs ref, got;

	CHECK_EQ(recs_read(DATA "probe-run.pcapng.zst", &ref), 0);
	CHECK_EQ(recs_read(DATA "probe-run-perf-pipe.data.zst", &got), 0);
	CHECK(!got.had_error);
	CHECK_EQ(got.duplicates, 29);
	CHECK_EQ(ref.n, 2476);
	CHECK_EQ(got.n, ref.n);
	CHECK_EQ(in_order_within(&ref, &got), ref.n);
	recs_free(&got);
	recs_free(&ref);
}

static void test_ops(void)
{
	struct recs ref, got;

	CHECK_EQ(recs_read(DATA "ops.pcapng.zst", &ref), 0);
	CHECK_EQ(recs_read(DATA "ops-perf.data.zst", &got), 0);
	CHECK_EQ(ref.n, 122);
	CHECK_EQ(got.n, ref.n);
	CHECK_EQ(matching_run(&got, 0, &ref), ref.n);
	recs_free(&got);
	recs_free(&ref);
}

/*
 * perf -m 1 kept 214 of hwmsgd's 4000 and said it lost 3786 (19 LOST
 * records, all with CPU 0 in their sample_id as perf report -D shows, and a
 * LOST_SAMPLES total of the same losses): what it kept is hwmsgd's in
 * order, and kept + lost is all.
 */
static void test_lost(void)
{
	struct recs ref, got;
	struct hwmsg_reader *r;
	struct hwmsg_err err;
	uint64_t cpu0 = 0, cpu1 = 0;

	CHECK_EQ(recs_read(DATA "lost.pcapng.zst", &ref), 0);
	CHECK_EQ(recs_read(DATA "lost-perf.data.zst", &got), 0);
	CHECK_EQ(ref.n, 4000);
	CHECK_EQ(got.n, 214);
	CHECK_EQ(got.lost, 3786);
	CHECK_EQ(got.n + got.lost, ref.n);
	CHECK_EQ(in_order_within(&ref, &got), got.n);
	recs_free(&got);
	recs_free(&ref);

	r = hwmsg_reader_open(DATA "lost-perf.data.zst", &err);
	CHECK(r);
	if (!r)
		return;
	{
		struct hwmsg_record rec;

		while (hwmsg_reader_next(r, &rec, &err) != 0)
			;
	}
	CHECK_EQ(hwmsg_reader_cpu_lost(r, 0, &cpu0), 0);
	CHECK_EQ(cpu0, 3786);
	CHECK(hwmsg_reader_cpu_lost(r, 1, &cpu1) < 0);
	hwmsg_reader_close(r);
}

static void test_origin(void)
{
	struct hwmsg_reader_origin o;
	const struct hwmsg_reader_info *info;
	struct hwmsg_reader *r;
	struct hwmsg_err err;

	r = hwmsg_reader_open(DATA "ops-perf.data.zst", &err);
	CHECK(r);
	if (!r)
		return;
	info = hwmsg_reader_info(r);
	CHECK_EQ(info->format, HWMSG_INPUT_PERF_DATA);
	CHECK(info->relative_time);
	CHECK(info->clock && strstr(info->clock, "perf"));
	CHECK_EQ(hwmsg_reader_origin(r, &o), 0);
	CHECK_STR(o.tool, "perf");
	CHECK(o.version && !strncmp(o.version, "6.1", 3));
	CHECK(o.cmdline && strstr(o.cmdline, "devlink:devlink_hwmsg"));
	CHECK_STR(o.os_release, "6.1.0-57-amd64");
	hwmsg_reader_close(r);
}

/* another event only: one error naming what the file holds */
static void test_other_event(void)
{
	struct recs got;

	CHECK(recs_read(DATA "perf-other-event.data.zst", &got) < 0);
	CHECK(strstr(got.err, "devlink:devlink_hwmsg"));
	CHECK(strstr(got.err, "sched:sched_switch"));
	recs_free(&got);
}

/*
 * A trace.dat whose CPU 0 page is damaged (found by fuzzing): libtracecmd
 * 3.1.6 crashed closing it inside tracecmd_open_fd(); now one error.
 */
static void test_damaged_tracedat(void)
{
	struct recs got;

	CHECK(recs_read(DATA "damaged-cpu-page.dat", &got) < 0);
	CHECK(strstr(got.err, "damaged-cpu-page.dat: trace.dat: libtracecmd cannot read its CPU buffers"));
	recs_free(&got);
}

/*
 * Cut in the middle (300000 bytes: the features with the event format are
 * gone too): the 689 samples before the cut (all CPU 0's: CPU 1's ring was
 * written later), in time order, at Linux 6.1's field offsets, with a
 * warning naming the file and the offset; no crash.
 */
static void test_truncated(void)
{
	char path[] = "/tmp/hwmsg-trunc.XXXXXX", cmd[512];
	struct recs full, cut;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	snprintf(cmd, sizeof(cmd),
		 "zstd -qdc '%sprobe-perf.data.zst' | head -c 300000 > '%s'",
		 DATA, path);
	CHECK_EQ(system(cmd), 0);
	CHECK_EQ(recs_read(DATA "probe-perf.data.zst", &full), 0);
	CHECK_EQ(recs_read(path, &cut), 0);
	CHECK(cut.had_error);
	CHECK(strstr(cut.err, path));
	CHECK_EQ(cut.n, 689);
	CHECK_EQ(in_order_within(&full, &cut), cut.n);
	recs_free(&full);
	recs_free(&cut);
	unlink(path);
}

/*
 * trace-cmd 3.1.6 of the ops phase (file version 7 with zstd, its default;
 * version 6 and 7 uncompressed, each in an instance `-B`) against hwmsgd's
 * capture of it: the same 122 EMADs byte for byte. trace-cmd's per-CPU
 * buffers are merged by its clock, which may order two events of two CPUs
 * a few microseconds apart otherwise than hwmsgd did: the set is checked
 * whole, the order nearly (all but a few in order).
 */
static void test_trace_dat(void)
{
	static const char *const dat[] = {
		DATA "trace-ops.dat.zst", DATA "trace-ops-v6.dat.zst",
		DATA "trace-ops-v7-nocomp.dat.zst",
	};
	struct recs ref, got;

	CHECK_EQ(recs_read(DATA "trace-ops.pcapng.zst", &ref), 0);
	CHECK_EQ(ref.n, 122);
	for (size_t f = 0; f < sizeof(dat) / sizeof(dat[0]); f++) {
		CHECK_EQ(recs_read(dat[f], &got), 0);
		CHECK(!got.had_error);
		CHECK_EQ(got.n, ref.n);
		CHECK_EQ(got.lost, 0);
		CHECK_EQ(in_any_order(&ref, &got), ref.n);
		CHECK(in_order_within(&ref, &got) + 4 >= ref.n);
		recs_free(&got);
	}
	recs_free(&ref);

	/* trace-cmd -b 4 kept 3935 of 4000 and counted 65 missed events */
	CHECK_EQ(recs_read(DATA "trace-lost.pcapng.zst", &ref), 0);
	CHECK_EQ(recs_read(DATA "trace-lost.dat.zst", &got), 0);
	CHECK_EQ(ref.n, 4000);
	CHECK_EQ(got.n, 3935);
	CHECK_EQ(got.lost, 65);
	CHECK_EQ(in_any_order(&ref, &got), got.n);
	recs_free(&got);
	recs_free(&ref);
}

int main(void)
{
	test_probe();
	test_probe_run_twice();
	test_ops();
	test_lost();
	test_origin();
	test_other_event();
	test_damaged_tracedat();
	test_truncated();
	test_trace_dat();
	return test_done("test_io_tracers");
}
