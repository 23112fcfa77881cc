/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A capture of simulator records, for the tests that read files back. */
#ifndef HWMSG_TEST_SIM_FILE_H
#define HWMSG_TEST_SIM_FILE_H

#include "hwmsg/io.h"
#include "hwmsg/sim.h"
#include "../test.h"

/*
 * n records of the simulator (seed; start_ns 0: its default start) into
 * p; flush_every > 0 ends a zstd frame every that many records.
 */
static inline void test_write_sim(const char *p, unsigned int n,
				  unsigned int flush_every, uint64_t seed,
				  uint64_t start_ns)
{
	struct hwmsg_writer_opts o = { .record_clock = true };
	struct hwmsg_sim_opts so = { .seed = seed, .start_ns = start_ns };
	struct hwmsg_sim *sim = hwmsg_sim_new(&so, NULL);
	struct hwmsg_writer *w;
	struct hwmsg_record rec;
	struct hwmsg_err err;

	w = hwmsg_writer_open(p, &o, &err);
	CHECK(w && sim);
	if (!w || !sim)
		return;
	for (unsigned int i = 0; i < n; i++) {
		hwmsg_sim_next(sim, &rec);
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
		if (flush_every && i % flush_every == flush_every - 1)
			CHECK_EQ(hwmsg_writer_flush(w, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	hwmsg_sim_free(sim);
}

#endif
