// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg top's store and view on simulator records: the ring keeps the last
 * N, the counters and per-register totals add up, the filtered view holds
 * exactly the matching seqs in order, and the selection survives eviction.
 */
#include <stdlib.h>

#include "hwmsg/regdb.h"
#include "hwmsg/wire.h"
#include "hwmsg/sim.h"
#include "store.h"
#include "test.h"
#include "view.h"

static void feed(struct top_store *s, struct hwmsg_sim *sim, unsigned int n)
{
	struct hwmsg_record rec;

	while (n--) {
		hwmsg_sim_next(sim, &rec);
		store_add(s, &rec);
	}
}

static void test_ring(void)
{
	struct hwmsg_sim_opts o = { .seed = 1 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&o, NULL);
	struct top_store s;
	const struct top_msg *m;
	uint64_t seq, n = 0;
	unsigned int i;

	CHECK_EQ(store_init(&s, 8), 0);
	feed(&s, sim, 20);
	CHECK_EQ(s.c.records, 20);
	CHECK_EQ(s.c.evicted, 12);
	CHECK_EQ(s.first, 12);
	CHECK_EQ(s.next, 20);
	CHECK(store_get(&s, 11) == NULL);
	CHECK(store_get(&s, 20) == NULL);
	for (seq = 12; seq < 20; seq++) {
		m = store_get(&s, seq);
		CHECK(m && m->seq == seq && m->payload && m->len > 0);
	}
	CHECK_EQ(s.c.undecoded, 0);
	/* totals cover every record, not only the ones still kept */
	for (i = 0; i < hwmsg_stats_count(s.regs); i++)
		n += hwmsg_stats_row(s.regs, i)->requests +
		     hwmsg_stats_row(s.regs, i)->responses;
	CHECK_EQ(n, 20);
	store_free(&s);
	hwmsg_sim_free(sim);
}

static void test_pairing(void)
{
	struct hwmsg_sim_opts o = { .seed = 1 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&o, NULL);
	struct top_store s;
	const struct top_msg *m, *q;
	unsigned int matched = 0, named = 0, paired = 0;
	uint64_t seq;

	CHECK_EQ(store_init(&s, 1000), 0);
	feed(&s, sim, 1000);
	for (seq = s.first; seq < s.next; seq++) {
		m = store_get(&s, seq);
		if (m->flags & TOP_MSG_MATCHED) {
			matched++;
			CHECK(m->flags & TOP_MSG_RESPONSE);
			CHECK(m->latency_ns > 0);
			/* the pair: its request, which points back */
			CHECK(m->flags & TOP_MSG_PAIRED);
			q = store_get(&s, m->pair_seq);
			CHECK(q != NULL);
			if (!q)
				continue;
			paired++;
			CHECK(!(q->flags & TOP_MSG_RESPONSE));
			CHECK_EQ(q->pair_seq, seq);
			CHECK_EQ(q->dev, m->dev);
			CHECK_EQ(q->tid, m->tid);
			CHECK_EQ(q->reg_id, m->reg_id);
			CHECK_EQ(m->ts_ns - q->ts_ns, m->latency_ns);
		}
		if (hwmsg_reg_name(m->reg_id))
			named++;
	}
	CHECK(matched > 400);
	CHECK_EQ(paired, matched);
	CHECK_EQ(named, 1000);
	store_free(&s);
	hwmsg_sim_free(sim);
}

static void test_view(void)
{
	struct hwmsg_sim_opts o = { .seed = 1 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&o, NULL);
	struct top_store s;
	struct top_view v;
	uint64_t seq, kept_sel, from;
	size_t pos, want = 0, n03, n_mtmp;

	CHECK_EQ(store_init(&s, 200), 0);
	CHECK_EQ(view_init(&v, 200), 0);
	feed(&s, sim, 150);
	snprintf(v.filter.reg, sizeof(v.filter.reg), "mtmp");
	view_rebuild(&v, &s);
	for (seq = s.first; seq < s.next; seq++)
		want += store_get(&s, seq)->reg_id == 0x900a;
	CHECK(want > 0);
	CHECK_EQ(v.count, want);
	for (pos = 0; pos < v.count; pos++) {
		CHECK_EQ(store_get(&s, view_at(&v, pos))->reg_id, 0x900a);
		if (pos)
			CHECK(view_at(&v, pos) > view_at(&v, pos - 1));
	}
	n_mtmp = v.count;
	/* words must all match: register and device */
	snprintf(v.filter.reg, sizeof(v.filter.reg), "MTMP 81:00");
	view_rebuild(&v, &s);
	want = 0;
	for (seq = s.first; seq < s.next; seq++) {
		const struct top_msg *m = store_get(&s, seq);

		want += m->reg_id == 0x900a &&
			!strcmp(store_dev(&s, m)->dev, "0000:81:00.0");
	}
	CHECK(want > 0);
	CHECK_EQ(v.count, want);
	for (pos = 0; pos < v.count; pos++)
		CHECK(!strcmp(store_dev(&s, store_get(&s, view_at(&v, pos)))->dev,
			      "0000:81:00.0"));
	/* every message is on one of the two devices */
	snprintf(v.filter.reg, sizeof(v.filter.reg), "pci/0000:03");
	view_rebuild(&v, &s);
	n03 = v.count;
	snprintf(v.filter.reg, sizeof(v.filter.reg), "81:00.0");
	view_rebuild(&v, &s);
	CHECK(n03 > 0 && v.count > 0);
	CHECK_EQ(n03 + v.count, s.next - s.first);
	/* an id matches like its name */
	snprintf(v.filter.reg, sizeof(v.filter.reg), "0x900A");
	view_rebuild(&v, &s);
	CHECK_EQ(v.count, n_mtmp);
	snprintf(v.filter.reg, sizeof(v.filter.reg), "mtmp");
	view_rebuild(&v, &s);
	/* following the tail: the newest match stays selected */
	CHECK(v.tail);
	CHECK_EQ(v.sel, v.count - 1);

	/* paused on an older line: the same message stays selected as
	 * messages arrive and old ones are evicted */
	view_move(&v, -2);
	CHECK(!v.tail);
	kept_sel = view_at(&v, v.sel);
	from = s.next;
	feed(&s, sim, 30);
	view_sync(&v, &s, from);
	CHECK_EQ(view_at(&v, v.sel), kept_sel);
	for (pos = 0; pos < v.count; pos++)
		CHECK(view_at(&v, pos) >= s.first);

	/* clearing the filter keeps the selection on that message */
	v.filter.reg[0] = '\0';
	view_rebuild(&v, &s);
	CHECK_EQ(v.count, s.next - s.first);
	CHECK_EQ(view_at(&v, v.sel), kept_sel);

	/* the selection's message evicted: it clamps to the oldest */
	from = s.next;
	feed(&s, sim, 400);
	view_sync(&v, &s, from);
	CHECK_EQ(v.count, 200);
	CHECK_EQ(v.sel, 0);
	CHECK_EQ(view_at(&v, 0), s.first);
	view_end(&v);
	CHECK(v.tail);
	CHECK_EQ(view_at(&v, v.sel), s.next - 1);

	view_free(&v);
	store_free(&s);
	hwmsg_sim_free(sim);
}

static void emad(struct top_store *s, uint64_t ts, uint64_t tid, bool rsp,
		 uint8_t status)
{
	struct hwmsg_emad_op op = {
		.tid = tid, .reg_id = 0x900a, .method = 1, .cls = 1,
		.status = status, .response = rsp,
	};
	uint8_t buf[256], reg[32] = { 0 };
	struct hwmsg_record rec = {
		.ts_ns = ts, .bus = "pci", .dev = "0000:01:00.0",
		.driver = "mlxsw_spectrum", .type = HWMSG_TYPE_MLX_EMAD,
		.dir = rsp ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW,
		.payload = buf,
	};

	rec.len = rec.orig_len = (uint32_t)hwmsg_emad_build(buf, sizeof(buf),
							    &op, NULL, reg,
							    sizeof(reg));
	store_add(s, &rec);
}

/* A request never answered is counted once and marked; answered ones not. */
static void test_orphan(void)
{
	const uint64_t t0 = 1000000000000ull;
	struct top_store s;

	CHECK_EQ(store_init(&s, 16), 0);
	emad(&s, t0, 0x10, false, 0);		/* answered */
	emad(&s, t0 + 1000, 0x11, false, 0);	/* never answered */
	emad(&s, t0 + 2000, 0x10, true, 0);
	emad(&s, t0 + 3000, 0x12, false, 0);	/* answered with an error */
	emad(&s, t0 + 4000, 0x12, true, 7);
	CHECK_EQ(s.c.errors, 1);
	CHECK(store_get(&s, 2)->flags & TOP_MSG_PAIRED);
	CHECK_EQ(store_get(&s, 2)->pair_seq, 0);
	CHECK_EQ(store_get(&s, 0)->pair_seq, 2);
	CHECK_EQ(store_get(&s, 2)->latency_ns, 2000);
	/* not old enough yet */
	CHECK_EQ(store_reap_orphans(&s, 0, 1000000000u), 0);
	CHECK_EQ(s.c.orphans, 0);
	/* a live source: the wall clock moved on, the device went quiet */
	CHECK_EQ(store_reap_orphans(&s, t0 + 500000000u, 1000000000u), 0);
	CHECK_EQ(store_reap_orphans(&s, t0 + 3000000000u, 1000000000u), 1);
	CHECK_EQ(s.c.orphans, 1);
	CHECK_EQ(store_reap_orphans(&s, 0, 0), 0);
	CHECK_EQ(s.c.orphans, 1);
	CHECK(store_get(&s, 1)->flags & TOP_MSG_ORPHAN);
	CHECK(!(store_get(&s, 0)->flags & TOP_MSG_ORPHAN));
	CHECK(!(store_get(&s, 3)->flags & TOP_MSG_ORPHAN));
	CHECK_EQ(store_reap_orphans(&s, 0, 0), 0);
	CHECK_EQ(s.c.orphans, 1);
	store_free(&s);
}

/* An event (from the device, unasked) has a summary row of its own,
 * typed so; queries of the same register another. */
static void test_event_row(void)
{
	struct hwmsg_emad_op op = {
		.tid = 0x20, .reg_id = 0x5010, .method = 5, .cls = 1,
	};
	uint8_t buf[256], reg[32] = { 0 };
	struct hwmsg_record rec = {
		.ts_ns = 1000, .bus = "pci", .dev = "0000:01:00.0",
		.driver = "mlxsw_spectrum", .type = HWMSG_TYPE_MLX_EMAD,
		.dir = HWMSG_DIR_FROM_HW, .payload = buf,
	};
	struct top_store s;

	CHECK_EQ(store_init(&s, 16), 0);
	rec.len = rec.orig_len = (uint32_t)hwmsg_emad_build(buf, sizeof(buf),
							    &op, NULL, reg,
							    sizeof(reg));
	store_add(&s, &rec);
	store_add(&s, &rec);
	emad(&s, 2000, 0x21, false, 0);
	emad(&s, 3000, 0x21, true, 0);
	CHECK_EQ(hwmsg_stats_count(s.regs), 2);
	CHECK_EQ(hwmsg_stats_row(s.regs, 0)->events, 2);
	CHECK_EQ(hwmsg_stats_row(s.regs, 0)->reg_id, 0x5010);
	CHECK_EQ(hwmsg_stats_row(s.regs, 0)->requests, 0);
	CHECK_EQ(hwmsg_stats_row(s.regs, 0)->responses, 0);
	CHECK_EQ(hwmsg_stats_row(s.regs, 1)->events, 0);
	CHECK_EQ(hwmsg_stats_row(s.regs, 1)->requests, 1);
	CHECK_EQ(hwmsg_stats_row(s.regs, 1)->responses, 1);
	store_free(&s);
}

/* The display filter of the whole project, in top: same records as a
 * check by hand; a bad one is refused with its column, the old one kept. */
static void test_expr_filter(void)
{
	struct hwmsg_sim_opts o = { .seed = 3 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&o, NULL);
	struct hwmsg_err err = { 0 };
	struct top_store s;
	struct top_view v;
	uint64_t seq;
	size_t want = 0, pos;

	CHECK_EQ(store_init(&s, 500), 0);
	CHECK_EQ(view_init(&v, 500), 0);
	feed(&s, sim, 500);
	CHECK_EQ(filter_set(&v.filter,
			    "emad.r == 1 && emad.reg_name in {\"PAOS\", \"MTMP\"} && emad.time > 0.0001",
			    &err), 0);
	CHECK(v.filter.expr != NULL);
	view_rebuild(&v, &s);
	for (seq = s.first; seq < s.next; seq++) {
		const struct top_msg *m = store_get(&s, seq);

		want += m->type == HWMSG_TYPE_MLX_EMAD &&
			(m->flags & TOP_MSG_RESPONSE) &&
			(m->flags & TOP_MSG_MATCHED) &&
			(m->reg_id == 0x5006 || m->reg_id == 0x900a) &&
			m->latency_ns > 100000;
	}
	CHECK(want > 0);
	CHECK_EQ(v.count, want);
	for (pos = 0; pos < v.count; pos++)
		CHECK(store_get(&s, view_at(&v, pos))->latency_ns > 100000);
	/* a register field */
	CHECK_EQ(filter_set(&v.filter, "mlxreg.mtmp.sensor_index == 0", &err), 0);
	view_rebuild(&v, &s);
	CHECK(v.count > 0);
	for (pos = 0; pos < v.count; pos++)
		CHECK_EQ(store_get(&s, view_at(&v, pos))->reg_id, 0x900a);
	/* a mistake: refused, with where; the filter in force stays */
	CHECK_EQ(filter_set(&v.filter, "emad.status == (", &err), -1);
	CHECK_EQ(err.offset, 15);
	CHECK(!strcmp(v.filter.reg, "mlxreg.mtmp.sensor_index == 0"));
	/* plain words are still words */
	CHECK_EQ(filter_set(&v.filter, "MTMP 81:00", &err), 0);
	CHECK(v.filter.expr == NULL);
	view_free(&v);
	store_free(&s);
	hwmsg_sim_free(sim);
}

int main(void)
{
	test_orphan();
	test_event_row();
	test_ring();
	test_pairing();
	test_expr_filter();
	test_view();
	return test_done("tui view");
}
