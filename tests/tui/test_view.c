// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg top's store and view on simulator records: the ring keeps the last
 * N, the counters and per-register totals add up, the filtered view holds
 * exactly the matching seqs in order, and the selection survives eviction.
 */
#include <stdlib.h>

#include "hwmsg/regdb.h"
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
	struct hwmsg_sim *sim = hwmsg_sim_new(&o);
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
	for (i = 0; i < s.n_regs; i++)
		n += s.regs[i].requests + s.regs[i].responses;
	CHECK_EQ(n, 20);
	store_free(&s);
	hwmsg_sim_free(sim);
}

static void test_pairing(void)
{
	struct hwmsg_sim_opts o = { .seed = 1 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&o);
	struct top_store s;
	const struct top_msg *m;
	unsigned int matched = 0, named = 0;
	uint64_t seq;

	CHECK_EQ(store_init(&s, 1000), 0);
	feed(&s, sim, 1000);
	for (seq = s.first; seq < s.next; seq++) {
		m = store_get(&s, seq);
		if (m->flags & TOP_MSG_MATCHED) {
			matched++;
			CHECK(m->flags & TOP_MSG_RESPONSE);
			CHECK(m->latency_ns > 0);
		}
		if (hwmsg_reg_name(m->reg_id))
			named++;
	}
	CHECK(matched > 400);
	CHECK_EQ(named, 1000);
	store_free(&s);
	hwmsg_sim_free(sim);
}

static void test_view(void)
{
	struct hwmsg_sim_opts o = { .seed = 1 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&o);
	struct top_store s;
	struct top_view v;
	uint64_t seq, kept_sel, from;
	size_t pos, want = 0;

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

int main(void)
{
	test_ring();
	test_pairing();
	test_view();
	return test_done("tui view");
}
