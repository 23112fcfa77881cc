// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the state as of the cursor costs on one capture (bench/top_state.sh
 * runs it): the state log fed every record as hwmsg top's store feeds it
 * (time, memory: checkpoints and touched lists, bytes per record), then
 * seeks to random records from their checkpoint (what moving the cursor
 * far costs), one-record steps forward (what < > and scrolling cost), and
 * the history of the busiest instance up to the end.
 *   state_log_bench FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "hwmsg/index.h"
#include "hwmsg/io.h"
#include "hwmsg/state_log.h"
#include "hwmsg/txn.h"

#define SEEKS 40
#define STEPS 200

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long read_ix(void *arg, uint64_t from, uint64_t n, hwmsg_index_fn fn,
		    void *fn_arg, struct hwmsg_err *err)
{
	return hwmsg_index_read(arg, from, n, fn, fn_arg, err);
}

int main(int argc, char **argv)
{
	struct hwmsg_state_log *l = hwmsg_state_log_new(0);
	struct hwmsg_txn *txn = hwmsg_txn_new();
	struct hwmsg_state *cur = NULL, *end;
	struct hwmsg_state_access *acc = NULL;
	const struct hwmsg_state_inst *busy = NULL;
	struct hwmsg_index *ix;
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	struct hwmsg_err err;
	struct rusage ru;
	double t0, t_feed, t_seek = 0, t_seek_max = 0, t_step, t_hist;
	uint64_t n, at = 0, from;
	long hist;

	if (argc != 2 || !l || !txn) {
		fprintf(stderr, "usage: state_log_bench FILE\n");
		return 2;
	}
	ix = hwmsg_index_new((const char *const *)&argv[1], 1, &err);
	while (ix && hwmsg_index_step(ix, 65536, &err) > 0)
		;
	r = hwmsg_reader_open(argv[1], &err);
	if (!ix || !r) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	t0 = now_s();
	while (hwmsg_reader_next(r, &rec, &err) > 0) {
		struct hwmsg_txn_info info = { 0 };
		struct hwmsg_msg msg;
		bool ok = hwmsg_msg_decode(&rec, &msg, NULL) >= 0;

		if (ok)
			hwmsg_txn_feed(txn, &rec, &msg, &info);
		if (hwmsg_state_log_feed(l, &rec, ok ? &msg : NULL, &info)) {
			fprintf(stderr, "out of memory\n");
			return 1;
		}
	}
	t_feed = now_s() - t0;
	hwmsg_reader_close(r);
	n = hwmsg_state_log_count(l);
	srand(1);
	for (int i = 0; i < SEEKS; i++) {
		uint64_t to = (uint64_t)rand() * (uint64_t)rand() % n + 1;
		double t;

		hwmsg_state_free(cur);
		cur = NULL;
		t0 = now_s();
		if (hwmsg_state_log_seek(l, &cur, &at, to, read_ix, ix, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			return 1;
		}
		t = now_s() - t0;
		t_seek += t;
		if (t > t_seek_max)
			t_seek_max = t;
	}
	t0 = now_s();
	for (int i = 0; i < STEPS; i++)
		hwmsg_state_log_seek(l, &cur, &at, at + 1 <= n ? at + 1 : n,
				     read_ix, ix, &err);
	t_step = now_s() - t0;
	end = hwmsg_state_log_state(l);
	for (unsigned int id = 0; id < hwmsg_state_count(end); id++) {
		const struct hwmsg_state_inst *in = hwmsg_state_by_id(end, id);

		if (!busy || in->changes > busy->changes)
			busy = in;
	}
	t0 = now_s();
	hist = busy ? hwmsg_state_log_history(l, busy->id, n, 5000, read_ix,
					      ix, &acc, &from, &err) : 0;
	t_hist = now_s() - t0;
	getrusage(RUSAGE_SELF, &ru);
	printf("%10llu %9u %8.1f %9.1f %8.2f %9.1f %9.1f %9.2f %8ld %8.2f %8.1f\n",
	       (unsigned long long)n, hwmsg_state_count(end), t_feed,
	       hwmsg_state_log_memory(l) / 1048576.0,
	       (double)hwmsg_state_log_memory(l) / (double)n,
	       t_seek / SEEKS * 1000, t_seek_max * 1000,
	       t_step / STEPS * 1000, hist, t_hist, ru.ru_maxrss / 1024.0);
	hwmsg_state_history_free(acc, hist);
	hwmsg_state_free(cur);
	hwmsg_state_log_free(l);
	hwmsg_txn_free(txn);
	hwmsg_index_free(ix);
	return 0;
}
