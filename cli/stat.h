/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hwmsg stat's counts, shared by its text (stat.c) and JSON (stat_json.c). */
#ifndef HWMSG_CLI_STAT_H
#define HWMSG_CLI_STAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/stats.h"
#include "select.h"
#include "tracer_info.h"

#define STAT_MAX_DEVS 32	/* listed by name; more are counted */
#define STAT_NAMES_CACHE 8	/* devices known by names_id at once */

struct dev_stat {
	char name[128];		/* bus/dev */
	size_t bus_len;		/* of name; 0: no device, or name cut short */
	char driver[64];
	uint64_t records;
};

struct stat_ctx {
	struct hwmsg_stats *st;	/* per register and method */
	bool nomem;
	uint64_t records, undecoded, malformed, truncated, skipped, evicted;
	unsigned int cut;	/* files that end cut short */
	uint64_t first_ts, last_ts;
	uint64_t by_type[4];
	struct dev_stat devs[STAT_MAX_DEVS];
	unsigned int n_devs, last_dev;
	/* a record's names_id to its device: its names not compared */
	struct {
		uint32_t names_id;
		unsigned int dev;
	} by_names[STAT_NAMES_CACHE];
	uint64_t other_dev_records;	/* of devices past STAT_MAX_DEVS */
	/* the writers' ISBs, summed over the files that have them */
	uint64_t received, dropped, unattributed, filtered;
	unsigned int files, files_without_isb;
	const char *file_without_isb;	/* the first one, named alone */
	/* -Y, -d, --since, --until: only selected records are counted; all
	 * are paired (a selected response keeps its latency) */
	struct select sel;
	uint64_t read;
	bool json;		/* -j */
	struct tracer_info tracer;	/* perf.data, trace.dat */
};

/* Every count as one JSON object; st's rows sorted. */
void stat_print_json(const struct stat_ctx *c, const char *path);

#endif
