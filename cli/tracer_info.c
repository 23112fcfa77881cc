// SPDX-License-Identifier: GPL-2.0-or-later
/* A tracer's file: its clock and its losses per CPU (tracer_info.h). */
#include <string.h>

#include "json.h"
#include "tracer_info.h"

void tracer_info_add(struct tracer_info *ti, const struct hwmsg_reader *r)
{
	const struct hwmsg_reader_info *in = hwmsg_reader_info(r);
	uint64_t n;

	if (!in->clock)
		return;
	if (!ti->any)
		snprintf(ti->clock, sizeof(ti->clock), "%s", in->clock);
	ti->any = true;
	ti->relative |= in->relative_time;
	ti->duplicates += in->duplicates;
	for (unsigned int cpu = 0; cpu < TRACER_CPUS_MAX &&
	     !hwmsg_reader_cpu_lost(r, cpu, &n); cpu++) {
		ti->lost[cpu] += n;
		if (n && cpu + 1 > ti->n_cpus)
			ti->n_cpus = cpu + 1;
	}
}

void tracer_time_note(const struct hwmsg_reader *r, const char *path,
		      FILE *f)
{
	const struct hwmsg_reader_info *in = hwmsg_reader_info(r);

	if (in->clock && in->relative_time)
		fprintf(f, "hwmsg: %s: times: %s, not wall time (relative times exact)\n",
			path, in->clock);
}

static void duplicates_note(uint64_t n, FILE *f)
{
	fprintf(f, "perf wrote %llu sample%s twice (same bytes, time and CPU): read once\n",
		(unsigned long long)n, n == 1 ? "" : "s");
}

void tracer_end_note(const struct hwmsg_reader *r, const char *path,
		     FILE *f)
{
	const struct hwmsg_reader_info *in = hwmsg_reader_info(r);

	if (!in->duplicates)
		return;
	fprintf(f, "hwmsg: %s: ", path);
	duplicates_note(in->duplicates, f);
}

void tracer_info_print(const struct tracer_info *ti)
{
	bool first = true;

	if (!ti->any)
		return;
	printf("times     %s%s\n", ti->clock,
	       ti->relative ? ", not wall time (relative times exact)" : "");
	for (unsigned int cpu = 0; cpu < ti->n_cpus; cpu++) {
		if (!ti->lost[cpu])
			continue;
		printf("%s cpu %u %llu", first ? "lost     " : ",", cpu,
		       (unsigned long long)ti->lost[cpu]);
		first = false;
	}
	if (!first)
		printf(" (the tracer's buffers overran)\n");
	if (ti->duplicates) {
		printf("twice     ");
		duplicates_note(ti->duplicates, stdout);
	}
}

void tracer_info_json(const struct tracer_info *ti)
{
	bool first = true;

	if (!ti->any)
		return;
	printf(",\"clock\":");
	json_print_str(stdout, ti->clock);
	printf(",\"wall_time\":%s,\"lost_per_cpu\":{",
	       ti->relative ? "false" : "true");
	for (unsigned int cpu = 0; cpu < ti->n_cpus; cpu++) {
		if (!ti->lost[cpu])
			continue;
		printf("%s\"%u\":%llu", first ? "" : ",", cpu,
		       (unsigned long long)ti->lost[cpu]);
		first = false;
	}
	printf("},\"perf_duplicates\":%llu", (unsigned long long)ti->duplicates);
}
