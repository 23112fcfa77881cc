/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What hwmsg show and stat say of a perf.data or trace.dat input beyond its
 * records: which clock its times are on (a note when it is not wall time)
 * and the events each CPU lost.
 */
#ifndef HWMSG_CLI_TRACER_INFO_H
#define HWMSG_CLI_TRACER_INFO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwmsg/io.h"

#define TRACER_CPUS_MAX	1024

struct tracer_info {
	bool any;		/* a file was a tracer's */
	char clock[96];		/* of the first such file */
	bool relative;		/* some file's times are not wall time */
	uint64_t lost[TRACER_CPUS_MAX];
	unsigned int n_cpus;
	uint64_t duplicates;	/* samples perf wrote twice, read once */
};

/* After a file was read: add what it says (nothing for pcap). */
void tracer_info_add(struct tracer_info *ti, const struct hwmsg_reader *r);
/* "times: perf clock, not wall time (relative times exact)" */
void tracer_time_note(const struct hwmsg_reader *r, const char *path,
		      FILE *f);
/* After the records: "perf wrote N samples twice ...", or nothing. */
void tracer_end_note(const struct hwmsg_reader *r, const char *path,
		     FILE *f);
/* hwmsg stat: the "times" and "lost" lines, or nothing. */
void tracer_info_print(const struct tracer_info *ti);
/* hwmsg stat -j: ,"clock":...,"wall_time":...,"lost_per_cpu":{...} */
void tracer_info_json(const struct tracer_info *ti);

#endif
