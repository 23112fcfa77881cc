// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The statistics accumulator: requests, responses, events, errors,
 * retransmissions, orphans and latency per register and method, by device
 * or not; merge, sort, find; the histogram's counts at fixed bounds.
 */
#include <string.h>

#include "hwmsg/stats.h"
#include "../test.h"

static struct hwmsg_trace *t;

static void feed(struct hwmsg_stats *s, const char *dev, uint64_t ts,
		 uint64_t tid, uint16_t reg_id, bool response, bool from_hw,
		 uint8_t status)
{
	struct hwmsg_emad_op op = {
		.tid = tid, .reg_id = reg_id, .method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS, .status = status,
		.response = response,
	};
	uint8_t buf[128], reg[16] = { 0 };
	struct hwmsg_record rec = {
		.ts_ns = ts, .bus = "pci", .dev = dev, .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_MLX_EMAD,
		.dir = from_hw ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW,
		.payload = buf,
	};
	struct hwmsg_trace_item it;

	rec.len = rec.orig_len = (uint32_t)hwmsg_emad_build(buf, sizeof(buf),
							    &op, NULL, reg,
							    sizeof(reg));
	hwmsg_trace_feed(t, &rec, &it);
	CHECK(it.msg != NULL);
	CHECK_EQ(hwmsg_stats_add(s, &it), 0);
}

static void orphan(const struct hwmsg_txn_orphan *o, bool marked, void *arg)
{
	(void)marked;
	CHECK_EQ(hwmsg_stats_orphan(arg, o), 0);
}

/* Two devices: a PAOS answered after 1 us and 3 us, one sent twice, a
 * PTYS answered with status 7, a PAOS never answered, an MFDE event. */
static void fill(struct hwmsg_stats *s)
{
	feed(s, "a", 1000, 1, 0x5006, false, false, 0);
	feed(s, "a", 2000, 1, 0x5006, true, true, 0);
	feed(s, "b", 3000, 2, 0x5006, false, false, 0);
	feed(s, "b", 4000, 2, 0x5006, false, false, 0);	/* again */
	feed(s, "b", 7000, 2, 0x5006, true, true, 0);
	feed(s, "a", 8000, 3, 0x5004, false, false, 0);
	feed(s, "a", 9000, 3, 0x5004, true, true, 7);
	feed(s, "a", 9500, 4, 0x5006, false, false, 0);
	feed(s, "a", 9900, 5, 0x9054, false, true, 0);	/* from the device */
	CHECK_EQ(hwmsg_trace_orphans(t, 0, 0, orphan, s), 1);
}

static void test_by_register(void)
{
	struct hwmsg_stats *s = hwmsg_stats_new(0);
	const struct hwmsg_stats_row *r;

	t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	fill(s);
	CHECK_EQ(hwmsg_stats_count(s), 3);
	r = hwmsg_stats_find(s, NULL, NULL, 0x5006, HWMSG_EMAD_METHOD_QUERY);
	CHECK(r != NULL);
	if (r) {
		CHECK_STR(r->dev, "");
		CHECK_EQ(r->dev_index, 0);
		CHECK_EQ(r->requests, 4);
		CHECK_EQ(r->responses, 2);
		CHECK_EQ(r->retransmits, 1);
		CHECK_EQ(r->orphans, 1);
		CHECK_EQ(r->errors, 0);
		CHECK_EQ(r->lat.n, 2);
		CHECK_EQ(r->lat.sum_ns, 4000);	/* 1 us, and 3 us after the resend */
		CHECK_EQ(r->lat.max_ns, 3000);
		CHECK_EQ(hwmsg_lathist_count_le(&r->lat, 1000), 1);
		/* 999 is in 1000's bucket (960..1023): counted; 800 is not */
		CHECK_EQ(hwmsg_lathist_count_le(&r->lat, 999), 1);
		CHECK_EQ(hwmsg_lathist_count_le(&r->lat, 800), 0);
		CHECK_EQ(hwmsg_lathist_count_le(&r->lat, 1000000), 2);
	}
	r = hwmsg_stats_find(s, NULL, NULL, 0x5004, HWMSG_EMAD_METHOD_QUERY);
	CHECK(r && r->errors == 1 && r->requests == 1 && r->responses == 1);
	r = hwmsg_stats_find(s, NULL, NULL, 0x9054, HWMSG_EMAD_METHOD_QUERY);
	CHECK(r && r->events == 1 && !r->requests && !r->responses);
	CHECK_EQ(hwmsg_stats_status(s)[0], 2);
	CHECK_EQ(hwmsg_stats_status(s)[7], 1);
	hwmsg_stats_sort(s);
	CHECK_EQ(hwmsg_stats_row(s, 0)->reg_id, 0x5006);	/* busiest */
	CHECK_EQ(hwmsg_stats_row(s, 1)->reg_id, 0x5004);
	CHECK_EQ(hwmsg_stats_row(s, 2)->reg_id, 0x9054);
	/* found after the sort too */
	r = hwmsg_stats_find(s, NULL, NULL, 0x9054, HWMSG_EMAD_METHOD_QUERY);
	CHECK(r && r->events == 1);
	CHECK(!hwmsg_stats_nomem(s));
	hwmsg_stats_free(s);
	hwmsg_trace_free(t);
}

static void test_by_device_and_merge(void)
{
	struct hwmsg_stats *s = hwmsg_stats_new(HWMSG_STATS_BY_DEVICE);
	struct hwmsg_stats *m = hwmsg_stats_new(0);
	const struct hwmsg_stats_row *a, *b, *r;

	t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	fill(s);
	CHECK_EQ(hwmsg_stats_count(s), 4);
	a = hwmsg_stats_find(s, "pci", "a", 0x5006, HWMSG_EMAD_METHOD_QUERY);
	b = hwmsg_stats_find(s, "pci", "b", 0x5006, HWMSG_EMAD_METHOD_QUERY);
	CHECK(a && b);
	CHECK(!hwmsg_stats_find(s, "pci", "c", 0x5006,
				HWMSG_EMAD_METHOD_QUERY));
	if (a && b) {
		CHECK_STR(a->dev, "a");
		CHECK_STR(a->driver, "mlxsw_spectrum");
		CHECK_EQ(a->dev_index, 1);
		CHECK_EQ(b->dev_index, 2);
		CHECK_EQ(a->requests, 2);
		CHECK_EQ(a->orphans, 1);
		CHECK_EQ(b->requests, 2);
		CHECK_EQ(b->retransmits, 1);
		CHECK_EQ(b->lat.sum_ns, 3000);
	}
	/* the devices' rows merged into one per register */
	CHECK_EQ(hwmsg_stats_merge(m, s), 0);
	CHECK_EQ(hwmsg_stats_merge(m, s), 0);	/* twice: all doubled */
	CHECK_EQ(hwmsg_stats_count(m), 3);
	r = hwmsg_stats_find(m, NULL, NULL, 0x5006, HWMSG_EMAD_METHOD_QUERY);
	CHECK(r != NULL);
	if (r) {
		CHECK_EQ(r->requests, 8);
		CHECK_EQ(r->responses, 4);
		CHECK_EQ(r->lat.n, 4);
		CHECK_EQ(r->lat.max_ns, 3000);
		CHECK_EQ(hwmsg_lathist_count_le(&r->lat, 1000), 2);
		CHECK(hwmsg_lathist_percentile(&r->lat, 0.5) < 1200);
	}
	CHECK_EQ(hwmsg_stats_status(m)[7], 2);
	hwmsg_stats_free(s);
	hwmsg_stats_free(m);
	hwmsg_trace_free(t);
}

int main(void)
{
	test_by_register();
	test_by_device_and_merge();
	return test_done("test_stats");
}
