// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --sim=mlxsw plays the recorded mlxsw conversation: the probe's payloads
 * byte for byte (all but the tid), transaction by transaction, then the
 * configuration work in a loop; a fresh tid per transaction; transactions
 * at the rate's pace with their recorded latency; the same seed the same
 * records; each device its own copy; a damaged recording a clear error.
 * The recordings are read here from tests/data, grouped by their own tid,
 * independently of the simulator's pairing.
 */
#include <stdlib.h>

#include "hwmsg/io.h"
#include "hwmsg/msg.h"
#include "hwmsg/sim.h"
#include "hwmsg/txn.h"
#include "../../sim/sim_int.h"
#include "../test.h"

#define PROBE HWMSG_TEST_DATA "/mlxsw-probe.pcapng"
#define OPS HWMSG_TEST_DATA "/mlxsw-ops.pcapng.zst"
#define PROBE_RECORDS 2478
#define OPS_RECORDS 4596

struct ref_rec {
	uint64_t ts_ns;
	uint8_t dir;
	uint32_t len;
	uint8_t buf[SIM_FRAME_MAX];
};

/* A recording's records, grouped by tid in the order each tid appeared. */
struct ref {
	struct ref_rec *r;
	unsigned int n;
};

/* The OP TLV's tid zeroed, so that payloads compare without it. */
static void untid(uint8_t *buf, const struct hwmsg_record *rec, uint64_t *tid)
{
	struct hwmsg_record c = *rec;
	struct hwmsg_msg m;
	struct hwmsg_err err;
	unsigned int i;

	c.payload = buf;
	*tid = 0;
	if (hwmsg_msg_decode(&c, &m, &err) < 0)
		return;
	*tid = m.op.tid;
	for (i = 0; i < m.n_tlvs; i++)
		if (m.tlvs[i].type == HWMSG_EMAD_TLV_OP)
			memset(buf + m.tlvs[i].offset + HWMSG_EMAD_OP_TID_OFF,
			       0, 8);
}

static void ref_load(struct ref *ref, const char *path)
{
	struct hwmsg_err err;
	struct hwmsg_reader *rd = hwmsg_reader_open(path, &err);
	struct hwmsg_record rec;
	struct ref_rec *raw = calloc(8192, sizeof(*raw));
	uint64_t *tid = calloc(8192, sizeof(*tid)), *gtid;
	unsigned int *group = calloc(8192, sizeof(*group)), n = 0, ng = 0;
	unsigned int g, i;

	gtid = calloc(8192, sizeof(*gtid));
	CHECK(rd != NULL);
	while (rd && n < 8192 && hwmsg_reader_next(rd, &rec, &err) > 0) {
		raw[n].ts_ns = rec.ts_ns;
		raw[n].dir = rec.dir;
		raw[n].len = rec.len;
		memcpy(raw[n].buf, rec.payload, rec.len);
		untid(raw[n].buf, &rec, &tid[n]);
		for (g = ng; g > 0 && gtid[g - 1] != tid[n]; g--)
			;
		if (!g) {
			gtid[ng++] = tid[n];
			g = ng;
		}
		group[n++] = g - 1;
	}
	hwmsg_reader_close(rd);
	ref->r = calloc(n ? n : 1, sizeof(*ref->r));
	ref->n = 0;
	for (g = 0; g < ng; g++)
		for (i = 0; i < n; i++)
			if (group[i] == g)
				ref->r[ref->n++] = raw[i];
	free(raw);
	free(tid);
	free(gtid);
	free(group);
}

static struct ref probe, ops;

struct played {
	uint64_t tid;
	struct hwmsg_record rec;
	uint8_t buf[SIM_FRAME_MAX];
};

static void next(struct hwmsg_sim *s, struct played *p)
{
	hwmsg_sim_next(s, &p->rec);
	memcpy(p->buf, p->rec.payload, p->rec.len);
	untid(p->buf, &p->rec, &p->tid);
}

static bool same(const struct played *p, const struct ref_rec *r)
{
	return p->rec.len == r->len && p->rec.dir == r->dir &&
	       !memcmp(p->buf, r->buf, r->len);
}

/*
 * One transaction at a time (1 record/s: no latency comes near the
 * pace): the probe, the configuration work, and that again.
 */
static void test_plays_recording(void)
{
	struct hwmsg_sim_opts o = { .seed = 1, .rate = 1, .n_devices = 1,
				    .kinds = { HWMSG_SIM_MLXSW } };
	struct hwmsg_err err;
	struct hwmsg_sim *s = hwmsg_sim_new(&o, &err);
	struct played *p = calloc(1, sizeof(*p));
	unsigned int i, probe_diff = 0, ops_diff = 0, loop_diff = 0;

	CHECK(s != NULL);
	if (!s)
		return;
	CHECK_EQ(probe.n, PROBE_RECORDS);
	CHECK_EQ(ops.n, OPS_RECORDS);
	for (i = 0; i < probe.n; i++) {
		next(s, p);
		probe_diff += !same(p, &probe.r[i]);
		if (i == 0) {
			CHECK_STR(p->rec.bus, "pci");
			CHECK_STR(p->rec.dev, "0000:03:00.0");
			CHECK_STR(p->rec.driver, "mlxsw_spectrum");
			CHECK_EQ(p->rec.type, HWMSG_TYPE_MLX_EMAD);
			CHECK_EQ(p->rec.ts_ns, 1767225600ull * 1000000000ull);
		}
	}
	for (i = 0; i < ops.n; i++) {
		next(s, p);
		ops_diff += !same(p, &ops.r[i]);
	}
	for (i = 0; i < 100; i++) {
		next(s, p);
		loop_diff += !same(p, &ops.r[i]);
	}
	CHECK_EQ(probe_diff, 0);
	CHECK_EQ(ops_diff, 0);
	CHECK_EQ(loop_diff, 0);
	free(p);
	hwmsg_sim_free(s);
}

/*
 * At 1000 records/s transactions overlap (latencies up to 8.7 ms): every
 * request has its own tid, one more than the last, and its answer that
 * tid, as mlxsw does; each transaction starts 2 ms after the last and
 * answers after its recorded latency.
 */
static void test_tids_and_pace(void)
{
	struct hwmsg_sim_opts o = { .seed = 9, .start_ns = 1000000000ull,
				    .n_devices = 1,
				    .kinds = { HWMSG_SIM_MLXSW } };
	struct hwmsg_sim *s = hwmsg_sim_new(&o, NULL);
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct played *p = calloc(1, sizeof(*p));
	struct hwmsg_txn_info info;
	struct hwmsg_msg m;
	struct hwmsg_err err;
	uint64_t first_tid = 0, *req_ts = calloc(20000, sizeof(*req_ts));
	unsigned int i, reqs = 0, resps = 0, matched = 0, bad_tid = 0;
	unsigned int off_pace = 0, bad_latency = 0, overlaps = 0, open = 0;

	for (i = 0; i < 2 * (PROBE_RECORDS + OPS_RECORDS); i++) {
		hwmsg_sim_next(s, &p->rec);
		CHECK(hwmsg_msg_decode(&p->rec, &m, &err) >= 0);
		hwmsg_txn_feed(t, &p->rec, &m, &info);
		if (!m.op.response) {
			if (!reqs)
				first_tid = m.op.tid;
			if (m.op.tid != first_tid + reqs ||
			    info.retransmits)
				bad_tid++;
			if (p->rec.ts_ns != o.start_ns + reqs * 2000000ull)
				off_pace++;
			req_ts[reqs] = p->rec.ts_ns;
			overlaps += open > 0;
			open++;
			reqs++;
			continue;
		}
		resps++;
		open--;
		matched += info.matched;
		/* the recording, grouped: request, answer, request, ... */
		if (m.op.tid - first_tid < reqs && m.op.tid >= first_tid) {
			uint64_t k = m.op.tid - first_tid;
			const struct ref_rec *r = k < probe.n / 2 ?
				&probe.r[2 * k] :
				&ops.r[(2 * (k - probe.n / 2)) % ops.n];

			if (p->rec.ts_ns - req_ts[k] != r[1].ts_ns - r[0].ts_ns)
				bad_latency++;
		} else {
			bad_tid++;
		}
	}
	CHECK_EQ(bad_tid, 0);
	CHECK_EQ(off_pace, 0);
	CHECK_EQ(bad_latency, 0);
	CHECK_EQ(matched, resps);
	CHECK(reqs - resps < 8);
	CHECK(overlaps > 0);
	CHECK_EQ(first_tid & 0xffffffffull, 0);
	free(req_ts);
	free(p);
	hwmsg_txn_free(t);
	hwmsg_sim_free(s);
}

static void test_seed(void)
{
	struct hwmsg_sim_opts o = { .seed = 5, .n_devices = 1,
				    .kinds = { HWMSG_SIM_MLXSW } };
	struct hwmsg_sim *a = hwmsg_sim_new(&o, NULL), *b, *c;
	struct played *pa = calloc(3, sizeof(*pa)), *pb = pa + 1, *pc = pa + 2;
	unsigned int i, differ = 0, bytes_differ = 0, tid_same = 0;

	b = hwmsg_sim_new(&o, NULL);
	o.seed = 6;
	c = hwmsg_sim_new(&o, NULL);
	for (i = 0; i < 3000; i++) {
		next(a, pa);
		next(b, pb);
		next(c, pc);
		if (pa->rec.ts_ns != pb->rec.ts_ns ||
		    pa->rec.len != pb->rec.len ||
		    memcmp(pa->rec.payload, pb->rec.payload, pa->rec.len))
			differ++;
		/* another seed: other tids, the same conversation */
		if (pa->rec.ts_ns != pc->rec.ts_ns || pa->rec.len != pc->rec.len ||
		    memcmp(pa->buf, pc->buf, pa->rec.len))
			bytes_differ++;
		tid_same += pa->tid == pc->tid;
	}
	CHECK_EQ(differ, 0);
	CHECK_EQ(bytes_differ, 0);
	CHECK_EQ(tid_same, 0);
	free(pa);
	hwmsg_sim_free(a);
	hwmsg_sim_free(b);
	hwmsg_sim_free(c);
}

/* "mlxsw:2,cx3": each switch plays the whole probe, with its own tids. */
static void test_devices(void)
{
	struct hwmsg_sim_opts o = { .seed = 2, .rate = 3 };
	struct hwmsg_err err;
	struct hwmsg_sim *s;
	struct played *p = calloc(1, sizeof(*p));
	uint64_t hi[2] = { 0, 0 };
	unsigned int n[3] = { 0, 0, 0 }, diff[2] = { 0, 0 }, i, d;

	CHECK_EQ(hwmsg_sim_parse_kinds("mlxsw:2,cx3", &o, &err), 0);
	CHECK_EQ(o.n_devices, 3);
	s = hwmsg_sim_new(&o, &err);
	CHECK(s != NULL);
	if (!s)
		return;
	while (n[0] < probe.n || n[1] < probe.n) {
		next(s, p);
		d = p->rec.devlink_index;
		CHECK(d < 3);
		if (d == 2) {
			CHECK_STR(p->rec.dev, "0000:81:00.0");
			n[2]++;
			continue;
		}
		CHECK_STR(p->rec.dev, d ? "0000:04:00.0" : "0000:03:00.0");
		CHECK_STR(p->rec.driver, "mlxsw_spectrum");
		hi[d] = p->tid >> 32;
		if (n[d] < probe.n)
			diff[d] += !same(p, &probe.r[n[d]]);
		n[d]++;
	}
	CHECK_EQ(diff[0], 0);
	CHECK_EQ(diff[1], 0);
	CHECK(n[2] > probe.n / 2);
	CHECK(hi[0] != hi[1]);
	hwmsg_sim_free(s);

	/* switches are numbered together, modelled or played */
	CHECK_EQ(hwmsg_sim_parse_kinds("spectrum,mlxsw", &o, &err), 0);
	s = hwmsg_sim_new(&o, &err);
	CHECK(s != NULL);
	for (i = 0; s && i < 200; i++) {
		next(s, p);
		CHECK_STR(p->rec.dev, p->rec.devlink_index ? "0000:04:00.0" :
							     "0000:03:00.0");
	}
	hwmsg_sim_free(s);
	free(p);
}

/* A recording that does not decode is one line naming it. */
static void test_bad_recording(void)
{
	const struct sim_embedded *good = &sim_mlxsw_files[0];
	unsigned char junk[64] = "not a capture";
	struct sim_embedded bad[2] = {
		{ "cut.pcapng.zst", good->data, good->len / 2 },
		{ "junk", junk, sizeof(junk) },
	};
	struct sim_recording r;
	struct hwmsg_err err;
	unsigned int i;

	CHECK_EQ(sim_mlxsw_n_files, 2);
	CHECK_EQ(sim_recording_load(&r, sim_mlxsw_files, sim_mlxsw_n_files,
				    &err), 0);
	CHECK_EQ(r.n_recs, PROBE_RECORDS + OPS_RECORDS);
	CHECK_EQ(r.n_txns, (PROBE_RECORDS + OPS_RECORDS) / 2);
	CHECK_EQ(r.loop_from, PROBE_RECORDS / 2);
	sim_recording_free(&r);
	for (i = 0; i < 2; i++) {
		memset(&err, 0, sizeof(err));
		CHECK_EQ(sim_recording_load(&r, &bad[i], 1, &err), -1);
		CHECK(strstr(err.msg, bad[i].name) != NULL);
		CHECK(strstr(err.msg, "(built in)") != NULL);
		CHECK(!strchr(err.msg, '\n'));
		printf("bad recording %u: %s\n", i, err.msg);
	}
}

int main(void)
{
	ref_load(&probe, PROBE);
	ref_load(&ops, OPS);
	test_plays_recording();
	test_tids_and_pace();
	test_seed();
	test_devices();
	test_bad_recording();
	free(probe.r);
	free(ops.r);
	return test_done("test_sim_mlxsw");
}
