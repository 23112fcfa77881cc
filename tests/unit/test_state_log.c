// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The state log (hwmsg/state_log.h): the state after record N found by a
 * seek (checkpoint restored, records read back through the index and
 * replayed) equals a state fed records 0..N-1 straight, instance by
 * instance and byte by byte, for N at, before and after checkpoints, in
 * either direction; the history of an instance lists exactly the records
 * that touched it, with the contents after each; snapshots restore what
 * they were taken of.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/index.h"
#include "hwmsg/io.h"
#include "hwmsg/sim.h"
#include "hwmsg/state_log.h"
#include "hwmsg/txn.h"
#include "../test.h"
#include "test_files.h"
#include "test_sim_file.h"

#define RECORDS 20000u
#define EVERY 1000u

static long read_ix(void *arg, uint64_t from, uint64_t n, hwmsg_index_fn fn,
		    void *fn_arg, struct hwmsg_err *err)
{
	return hwmsg_index_read(arg, from, n, fn, fn_arg, err);
}

static bool same_bytes(const uint8_t *a, uint32_t al, const uint8_t *b,
		       uint32_t bl)
{
	if (!a != !b || al != bl)
		return false;
	return !a || !memcmp(a, b, al);
}

/* Every instance, every counter and byte. */
static void check_same(struct hwmsg_state *x, struct hwmsg_state *y,
		       uint64_t n)
{
	unsigned int bad = 0;

	CHECK_EQ(hwmsg_state_count(x), hwmsg_state_count(y));
	for (unsigned int id = 0; id < hwmsg_state_count(x); id++) {
		const struct hwmsg_state_inst *a = hwmsg_state_by_id(x, id);
		const struct hwmsg_state_inst *b = hwmsg_state_by_id(y, id);

		if (!a || !b || strcmp(a->key, b->key) ||
		    strcmp(a->dev, b->dev) || strcmp(a->bus, b->bus) ||
		    strcmp(a->driver, b->driver) || a->reg_id != b->reg_id ||
		    a->ts_ns != b->ts_ns || a->frame != b->frame ||
		    a->written_ns != b->written_ns ||
		    a->queried_ns != b->queried_ns ||
		    a->writes != b->writes || a->queries != b->queries ||
		    a->events != b->events || a->failures != b->failures ||
		    a->changes != b->changes ||
		    a->changed_ns != b->changed_ns || a->id != b->id ||
		    !same_bytes(a->payload, a->len, b->payload, b->len) ||
		    !same_bytes(a->prev_payload, a->prev_len,
				b->prev_payload, b->prev_len))
			bad++;
	}
	if (bad)
		fprintf(stderr, "state after %llu records: %u instances differ\n",
			(unsigned long long)n, bad);
	CHECK_EQ(bad, 0);
}

/* What a straight read says, fed as hwmsg top's store feeds. */
struct straight {
	struct hwmsg_state *st;
	struct hwmsg_txn *txn;
	uint64_t n;
};

static void straight_feed(struct straight *s, struct hwmsg_state_log *l,
			  const struct hwmsg_record *rec)
{
	struct hwmsg_txn_info info;
	struct hwmsg_msg msg;
	bool ok;

	memset(&msg, 0, sizeof(msg));
	ok = hwmsg_msg_decode(rec, &msg, NULL) >= 0;
	memset(&info, 0, sizeof(info));
	if (ok)
		hwmsg_txn_feed(s->txn, rec, &msg, &info);
	if (ok && s->st)
		CHECK_EQ(hwmsg_state_feed(s->st, rec, &msg, &info, s->n + 1),
			 0);
	if (l)
		CHECK_EQ(hwmsg_state_log_feed(l, rec, ok ? &msg : NULL, &info),
			 0);
	s->n++;
}

/* The state after the first n records, fed straight from the file. */
static struct hwmsg_state *straight_until(const char *p, uint64_t n)
{
	struct straight s = { hwmsg_state_new(), hwmsg_txn_new(), 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	struct hwmsg_err err;

	r = hwmsg_reader_open(p, &err);
	while (r && s.n < n && hwmsg_reader_next(r, &rec, &err) > 0)
		straight_feed(&s, NULL, &rec);
	hwmsg_reader_close(r);
	hwmsg_txn_free(s.txn);
	return s.st;
}

static void check_snapshots(struct hwmsg_state *st)
{
	struct hwmsg_state_snap *p = hwmsg_state_snap_take(st);
	struct hwmsg_state *back = p ? hwmsg_state_snap_restore(p) : NULL;

	CHECK(back != NULL);
	if (back)
		check_same(st, back, 0);
	/* names of the restored state are found by the hash again */
	CHECK(p && hwmsg_state_snap_memory(p) < hwmsg_state_memory(st));
	hwmsg_state_free(back);
	hwmsg_state_snap_free(p);
}

/* History of the busiest instance against what the straight read saw. */
static void check_history(struct hwmsg_state_log *l, const char *p,
			  struct hwmsg_index *ix)
{
	struct hwmsg_state *end = hwmsg_state_log_state(l);
	const struct hwmsg_state_inst *busy = NULL;
	struct hwmsg_state_access *acc = NULL;
	struct straight s = { hwmsg_state_new(), hwmsg_txn_new(), 0 };
	struct hwmsg_reader *r = hwmsg_reader_open(p, &(struct hwmsg_err){ 0 });
	struct hwmsg_record rec;
	struct hwmsg_err err;
	uint64_t limit = 15 * EVERY + 17, from;
	long n, want = 0, mismatch = 0;

	for (unsigned int id = 0; id < hwmsg_state_count(end); id++) {
		const struct hwmsg_state_inst *in = hwmsg_state_by_id(end, id);

		if (!busy || in->changes > busy->changes)
			busy = in;
	}
	CHECK(busy && busy->changes > 10);
	if (!busy || !r)
		return;
	n = hwmsg_state_log_history(l, busy->id, limit, 100000, read_ix, ix,
				    &acc, &from, &err);
	CHECK(n > 10);
	CHECK_EQ(from, 0);
	while (s.n < limit && hwmsg_reader_next(r, &rec, &err) > 0) {
		const struct hwmsg_state_inst *in;
		enum hwmsg_state_how how;

		straight_feed(&s, NULL, &rec);
		in = hwmsg_state_last(s.st, &how);
		if (!in || in->id != busy->id)
			continue;
		if (want >= n || acc[want].record != s.n - 1 ||
		    acc[want].how != how || acc[want].ts_ns != rec.ts_ns ||
		    !same_bytes(acc[want].payload, acc[want].len, in->payload,
				in->len))
			mismatch++;
		want++;
	}
	CHECK_EQ(n, want);
	CHECK_EQ(mismatch, 0);
	hwmsg_reader_close(r);
	/* the newest 5 of the same */
	if (n >= 5) {
		struct hwmsg_state_access *last = NULL;
		long m = hwmsg_state_log_history(l, busy->id, limit, 5, read_ix,
						 ix, &last, &from, &err);

		CHECK_EQ(m, 5);
		if (m == 5) {
			CHECK_EQ(last[0].record, acc[n - 5].record);
			CHECK_EQ(last[4].record, acc[n - 1].record);
			CHECK_EQ(from, last[0].record);
		}
		hwmsg_state_history_free(last, m);
	}
	hwmsg_state_history_free(acc, n);
	hwmsg_state_free(s.st);
	hwmsg_txn_free(s.txn);
}

int main(void)
{
	static const uint64_t at[] = {
		0, 1, 2, EVERY - 1, EVERY, EVERY + 1, 3 * EVERY + 500,
		7 * EVERY, 7 * EVERY + 1, 12 * EVERY - 1, RECORDS - 1, RECORDS,
	};
	struct hwmsg_state_log *l = hwmsg_state_log_new(EVERY);
	struct straight s = { hwmsg_state_new(), hwmsg_txn_new(), 0 };
	struct hwmsg_state *cur = NULL, *fresh;
	struct hwmsg_reader *r;
	struct hwmsg_index *ix;
	struct hwmsg_record rec;
	struct hwmsg_err err;
	uint64_t cur_at = 0;
	const char *p;
	int ret;

	(void)slurp;	/* test_files.h helpers this test has no use for */
	(void)spit;
	(void)file_size;
	if (!test_dir_make("hwmsg-state-log"))
		return 1;
	p = path("sim.pcapng.zst");
	test_write_sim(p, RECORDS, 3000, 7, 0);	/* many zstd frames */
	ix = hwmsg_index_new(&p, 1, &err);
	CHECK(ix && l && s.st);
	if (!ix || !l || !s.st)
		return test_done("state_log");
	while ((ret = hwmsg_index_step(ix, 4096, &err)) > 0)
		;
	CHECK_EQ(hwmsg_index_count(ix), RECORDS);

	/* the log is fed as top's store feeds it */
	r = hwmsg_reader_open(p, &err);
	while (r && hwmsg_reader_next(r, &rec, &err) > 0)
		straight_feed(&s, l, &rec);
	hwmsg_reader_close(r);
	CHECK_EQ(hwmsg_state_log_count(l), RECORDS);
	check_same(hwmsg_state_log_state(l), s.st, RECORDS);
	CHECK(hwmsg_state_count(s.st) > 50);
	check_snapshots(s.st);

	/* forward through the points, going on from the last seek */
	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		fresh = straight_until(p, at[i]);
		CHECK_EQ(hwmsg_state_log_seek(l, &cur, &cur_at, at[i], read_ix,
					      ix, &err), 0);
		CHECK_EQ(cur_at, at[i]);
		if (cur)
			check_same(cur, fresh, at[i]);
		hwmsg_state_free(fresh);
	}
	/* and back, each from a checkpoint */
	for (size_t i = sizeof(at) / sizeof(at[0]); i-- > 0;) {
		fresh = straight_until(p, at[i]);
		CHECK_EQ(hwmsg_state_log_seek(l, &cur, &cur_at, at[i], read_ix,
					      ix, &err), 0);
		if (cur)
			check_same(cur, fresh, at[i]);
		hwmsg_state_free(fresh);
	}
	/* past the end: the end */
	CHECK_EQ(hwmsg_state_log_seek(l, &cur, &cur_at, RECORDS + 5, read_ix,
				      ix, &err), 0);
	CHECK_EQ(cur_at, RECORDS);
	check_history(l, p, ix);
	/* checkpoints and touched lists: far less than the records */
	CHECK(hwmsg_state_log_memory(l) < (size_t)RECORDS * 200);

	hwmsg_state_free(cur);
	hwmsg_state_free(s.st);
	hwmsg_txn_free(s.txn);
	hwmsg_state_log_free(l);
	hwmsg_index_free(ix);
	test_dir_done();
	return test_done("state_log");
}
