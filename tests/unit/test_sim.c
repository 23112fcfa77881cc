// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulator: deterministic per seed, every record decodes, mlxsw's init
 * order, the register file (a query returns what was written), the faults
 * it promises, mlx4's port type change, and device list parsing.
 */
#include <stdlib.h>

#include "hwmsg/sim.h"
#include "hwmsg/txn.h"
#include "../test.h"

#define N_RECORDS 10000
#define SX "0000:03:00.0"
#define CX3 "0000:81:00.0"

static void test_same_seed_same_stream(void)
{
	struct hwmsg_sim_opts o = { .seed = 42 };
	struct hwmsg_sim *a = hwmsg_sim_new(&o, NULL), *b = hwmsg_sim_new(&o, NULL);
	struct hwmsg_record ra, rb;
	unsigned int i, differ = 0;

	for (i = 0; i < N_RECORDS; i++) {
		hwmsg_sim_next(a, &ra);
		hwmsg_sim_next(b, &rb);
		if (ra.ts_ns != rb.ts_ns || ra.seq != rb.seq ||
		    ra.len != rb.len || ra.dir != rb.dir ||
		    ra.type != rb.type || strcmp(ra.dev, rb.dev) ||
		    memcmp(ra.payload, rb.payload, ra.len))
			differ++;
	}
	CHECK_EQ(differ, 0);
	hwmsg_sim_free(a);
	hwmsg_sim_free(b);
}

static void test_other_seed_other_stream(void)
{
	struct hwmsg_sim_opts o1 = { .seed = 1 }, o2 = { .seed = 2 };
	struct hwmsg_sim *a = hwmsg_sim_new(&o1, NULL), *b = hwmsg_sim_new(&o2, NULL);
	struct hwmsg_record ra, rb;
	unsigned int i, differ = 0;

	for (i = 0; i < N_RECORDS; i++) {
		hwmsg_sim_next(a, &ra);
		hwmsg_sim_next(b, &rb);
		if (ra.ts_ns != rb.ts_ns || ra.len != rb.len ||
		    memcmp(ra.payload, rb.payload, ra.len))
			differ++;
	}
	CHECK(differ > N_RECORDS / 2);
	hwmsg_sim_free(a);
	hwmsg_sim_free(b);
}

/* Everything test_stream() learns from one pass over the records. */
struct stream_facts {
	unsigned int decode_failures, bad_flags, bad_seq, backwards;
	unsigned int sx_records, cx3_records, first_sx_reg, first_sx_method;
	uint64_t pmlp_ports;		/* bit per local port queried */
	unsigned int pmlp_before_mgir;
	bool mgir_advertises;
	unsigned int resp_without_latency;	/* after MGIR */
	unsigned int status7_with_string, status7_without_string;
	uint64_t busy_tid;
	unsigned int busy, busy_resent, busy_then_ok;
	unsigned int paos_checked, paos_mismatch;
	unsigned int cx3_ptys_writes, cx3_ptys_checked, cx3_ptys_mismatch;
	uint8_t paos_written[33][16];
	bool paos_have[33];
	uint8_t cx3_ptys_written[3][0x40];
	bool cx3_ptys_have[3];
	unsigned int temp_jumps, temps;
	int last_temp;
	uint64_t last_tx[33];
	unsigned int tx_decreased, tx_grew;
	unsigned int unsolicited, retransmits;
};

static void check_sx(struct stream_facts *f, const struct hwmsg_record *r,
		     const struct hwmsg_msg *m)
{
	unsigned int port = m->reg_len >= 4 ?
			    hwmsg_item_get(m->reg, 0, 16, 8) : 0;
	bool req = !m->op.response;

	if (f->sx_records++ == 0) {
		f->first_sx_reg = m->op.reg_id;
		f->first_sx_method = m->op.method;
	}
	if (req && m->op.reg_id == 0x5002 && port < 64)
		f->pmlp_ports |= 1ull << port;
	if (!req && m->op.reg_id == 0x9020)
		f->mgir_advertises = hwmsg_item_get(m->reg, 0x20, 28, 1) &&
				     hwmsg_item_get(m->reg, 0x20, 29, 1);
	if (!req && m->op.reg_id != 0x9020 && !m->has_latency)
		f->resp_without_latency++;
	if (!req && m->op.status == 7) {
		if (m->has_fw_string && m->fw_string[0])
			f->status7_with_string++;
		else
			f->status7_without_string++;
	}
	if (!req && m->op.status == 1) {
		f->busy++;
		f->busy_tid = m->op.tid;
	}
	if (req && f->busy_tid && m->op.tid == f->busy_tid)
		f->busy_resent++;
	if (!req && f->busy_tid && m->op.tid == f->busy_tid &&
	    m->op.status == 0) {
		f->busy_then_ok++;
		f->busy_tid = 0;
	}
	/* register file: PAOS written at init, polled later */
	if (m->op.reg_id == 0x5006 && port <= 32 && m->reg_len == 16) {
		if (req && m->op.method == HWMSG_EMAD_METHOD_WRITE) {
			memcpy(f->paos_written[port], m->reg, 16);
			f->paos_have[port] = true;
		} else if (!req && m->op.method == HWMSG_EMAD_METHOD_QUERY &&
			   f->paos_have[port]) {
			f->paos_checked++;
			if (memcmp(f->paos_written[port], m->reg, 16))
				f->paos_mismatch++;
		}
	}
	if (!req && m->op.reg_id == 0x900a) {
		int t = (int)hwmsg_item_get(m->reg, 0x04, 0, 16);

		if (f->temps++ && abs(t - f->last_temp) > 2)
			f->temp_jumps++;
		f->last_temp = t;
	}
	if (!req && m->op.reg_id == 0x5008 && port <= 32) {
		uint64_t tx = hwmsg_get_be64(m->reg + 0x08);

		if (tx < f->last_tx[port])
			f->tx_decreased++;
		else if (tx > f->last_tx[port] && f->last_tx[port])
			f->tx_grew++;
		f->last_tx[port] = tx;
	}
	(void)r;
}

static void check_cx3(struct stream_facts *f, const struct hwmsg_msg *m)
{
	unsigned int port = hwmsg_item_get(m->reg, 0, 16, 8);

	f->cx3_records++;
	if (m->op.reg_id != 0x5004 || port < 1 || port > 2)
		return;
	if (!m->op.response && m->op.method == HWMSG_EMAD_METHOD_WRITE) {
		f->cx3_ptys_writes++;
		memcpy(f->cx3_ptys_written[port], m->reg, 0x40);
		f->cx3_ptys_have[port] = true;
	} else if (m->op.response && m->op.method == HWMSG_EMAD_METHOD_QUERY &&
		   f->cx3_ptys_have[port]) {
		f->cx3_ptys_checked++;
		if (memcmp(f->cx3_ptys_written[port], m->reg, 0x40))
			f->cx3_ptys_mismatch++;
	}
}

static void test_stream(void)
{
	struct hwmsg_sim_opts o = { .seed = 7 };
	struct hwmsg_sim *s = hwmsg_sim_new(&o, NULL);
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct stream_facts *f = calloc(1, sizeof(*f));
	struct hwmsg_record r;
	struct hwmsg_txn_info info;
	struct hwmsg_msg m;
	struct hwmsg_err err;
	uint64_t last_ts = 0;
	unsigned int i;

	for (i = 0; i < N_RECORDS; i++) {
		hwmsg_sim_next(s, &r);
		if (r.flags != (HWMSG_RECF_HAS_SEQ | HWMSG_RECF_HAS_INDEX))
			f->bad_flags++;
		if (r.seq != i)
			f->bad_seq++;
		if (r.ts_ns < last_ts)
			f->backwards++;
		last_ts = r.ts_ns;
		if (hwmsg_msg_decode(&r, &m, &err)) {
			fprintf(stderr, "record %u: %s\n", i, err.msg);
			f->decode_failures++;
			continue;
		}
		hwmsg_txn_feed(t, &r, &m, &info);
		f->unsolicited += info.unsolicited;
		if (!info.is_response)
			f->retransmits += info.retransmits ? 1 : 0;
		if (!strcmp(r.dev, SX)) {
			CHECK_EQ(r.type, HWMSG_TYPE_MLX_EMAD);
			CHECK_EQ(r.devlink_index, 0);
			CHECK_STR(r.driver, "mlxsw_spectrum");
			check_sx(f, &r, &m);
		} else {
			CHECK_STR(r.dev, CX3);
			CHECK_EQ(r.type, HWMSG_TYPE_MLX_CMD_REG);
			CHECK_EQ(r.devlink_index, 1);
			CHECK_STR(r.driver, "mlx4_core");
			CHECK_STR(r.bus, "pci");
			check_cx3(f, &m);
		}
	}
	CHECK_EQ(f->decode_failures, 0);
	CHECK_EQ(f->bad_flags, 0);
	CHECK_EQ(f->bad_seq, 0);
	CHECK_EQ(f->backwards, 0);
	CHECK(f->sx_records > N_RECORDS / 4);
	CHECK(f->cx3_records > N_RECORDS / 4);
	/* mlxsw's init: MGIR first, then every front-panel port mapped */
	CHECK_EQ(f->first_sx_reg, 0x9020);
	CHECK_EQ(f->first_sx_method, HWMSG_EMAD_METHOD_QUERY);
	CHECK_EQ(f->pmlp_ports, 0x1fffffffeull);	/* ports 1..32 */
	CHECK(f->mgir_advertises);
	CHECK_EQ(f->resp_without_latency, 0);
	/* errors */
	CHECK(f->status7_with_string > 0);
	CHECK_EQ(f->status7_without_string, 0);
	CHECK(f->busy > 0);
	CHECK(f->busy_resent > 0);
	CHECK(f->busy_then_ok > 0);
	/* register file */
	CHECK(f->paos_checked > 10);
	CHECK_EQ(f->paos_mismatch, 0);
	CHECK(f->cx3_ptys_writes > 0);
	CHECK(f->cx3_ptys_checked > 0);
	CHECK_EQ(f->cx3_ptys_mismatch, 0);
	/* models */
	CHECK(f->temps > 10);
	CHECK_EQ(f->temp_jumps, 0);
	CHECK(f->last_temp >= 8 * 38 && f->last_temp <= 8 * 72);
	CHECK_EQ(f->tx_decreased, 0);
	CHECK(f->tx_grew > 0);
	/* every answer has its request; at most the last one is open */
	CHECK_EQ(f->unsolicited, 0);
	CHECK(f->retransmits > 0);
	CHECK(hwmsg_txn_orphans(t, 0, 0, NULL, NULL) <= 2);

	free(f);
	hwmsg_txn_free(t);
	hwmsg_sim_free(s);
}

static void test_clock_and_rate(void)
{
	struct hwmsg_sim_opts o = { .seed = 3, .start_ns = 5000000000ull,
				    .rate = 10000 };
	struct hwmsg_sim *s = hwmsg_sim_new(&o, NULL);
	struct hwmsg_record r;
	uint64_t first;
	unsigned int i;

	hwmsg_sim_next(s, &r);
	first = r.ts_ns;
	CHECK_EQ(first, 5000000000ull);
	for (i = 1; i < 20000; i++)
		hwmsg_sim_next(s, &r);
	/* 20000 records at 10000/s: about 2 s of virtual time, stalls aside */
	CHECK(r.ts_ns - first > 1500000000ull);
	CHECK(r.ts_ns - first < 3500000000ull);
	hwmsg_sim_free(s);

	/* no options: the fixed epoch, the Spectrum's MGIR first */
	s = hwmsg_sim_new(NULL, NULL);
	hwmsg_sim_next(s, &r);
	CHECK_EQ(r.ts_ns, 1767225600ull * 1000000000ull);
	CHECK_STR(r.dev, SX);
	CHECK_EQ(r.dir, HWMSG_DIR_TO_HW);
	CHECK_EQ(hwmsg_get_be16(r.payload + 16 + 4), 0x9020);
	hwmsg_sim_free(s);
}

static void test_parse_kinds(void)
{
	struct hwmsg_sim_opts o = { 0 };
	struct hwmsg_err err;
	struct hwmsg_sim *s;
	struct hwmsg_record r;
	bool seen[3] = { false, false, false };
	unsigned int i;

	CHECK_EQ(hwmsg_sim_parse_kinds("spectrum:2,cx3", &o, &err), 0);
	CHECK_EQ(o.n_devices, 3);
	CHECK_EQ(o.kinds[0], HWMSG_SIM_SPECTRUM);
	CHECK_EQ(o.kinds[1], HWMSG_SIM_SPECTRUM);
	CHECK_EQ(o.kinds[2], HWMSG_SIM_CONNECTX3);
	CHECK_EQ(hwmsg_sim_parse_kinds("connectx3,sx", &o, &err), 0);
	CHECK_EQ(o.n_devices, 2);
	CHECK_EQ(o.kinds[0], HWMSG_SIM_CONNECTX3);

	CHECK_EQ(hwmsg_sim_parse_kinds("spectrum,foo", &o, &err), -1);
	CHECK_STR(err.msg,
		  "offset 9: unknown device kind 'foo' (spectrum/sx, mlxsw, connectx3/cx3)");
	CHECK_EQ(hwmsg_sim_parse_kinds("sx:0", &o, &err), -1);
	CHECK_STR(err.msg, "offset 0: bad device count in 'sx:0'");
	CHECK_EQ(hwmsg_sim_parse_kinds("sx,,cx3", &o, &err), -1);
	CHECK_STR(err.msg, "offset 3: empty device kind");
	CHECK_EQ(hwmsg_sim_parse_kinds("sx:5,cx3:4", &o, &err), -1);
	CHECK_STR(err.msg, "offset 5: more than 8 devices");
	CHECK_EQ(hwmsg_sim_parse_kinds("", &o, &err), -1);

	CHECK_EQ(hwmsg_sim_parse_kinds("sx:2,cx3", &o, &err), 0);
	o.seed = 9;
	s = hwmsg_sim_new(&o, NULL);
	for (i = 0; i < 3000; i++) {
		hwmsg_sim_next(s, &r);
		if (!strcmp(r.dev, "0000:03:00.0"))
			seen[0] = r.devlink_index == 0;
		else if (!strcmp(r.dev, "0000:04:00.0"))
			seen[1] = r.devlink_index == 1 &&
				  r.type == HWMSG_TYPE_MLX_EMAD;
		else if (!strcmp(r.dev, "0000:81:00.0"))
			seen[2] = r.devlink_index == 2 &&
				  r.type == HWMSG_TYPE_MLX_CMD_REG;
	}
	CHECK(seen[0] && seen[1] && seen[2]);
	hwmsg_sim_free(s);
}

int main(void)
{
	test_same_seed_same_stream();
	test_other_seed_other_stream();
	test_stream();
	test_clock_and_rate();
	test_parse_kinds();
	return test_done("sim");
}
