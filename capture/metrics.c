// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsgd --metrics: counters and histograms in Prometheus text format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/stats.h"
#include "metrics.h"

/* seconds: from a fast EMAD to mlxsw's 200 ms timeout and beyond */
static const double bounds[] = {
	0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
	0.025, 0.05, 0.1, 0.25, 1,
};
#define N_BOUNDS (sizeof(bounds) / sizeof(bounds[0]))

struct metrics {
	char *path, *tmp;
	struct hwmsg_stats *st;		/* by device, register, method */
	uint64_t unknown;	/* records that are no EMAD or CMD_REG */
};

static void count_orphan(const struct hwmsg_txn_orphan *o, bool marked,
			 void *arg)
{
	struct metrics *m = arg;

	(void)marked;	/* every record counts, kept or filtered out */
	hwmsg_stats_orphan(m->st, o);
}

struct metrics *metrics_new(const char *path, struct hwmsg_trace *t)
{
	struct metrics *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->path = strdup(path);
	m->tmp = malloc(strlen(path) + 8);
	m->st = hwmsg_stats_new(HWMSG_STATS_BY_DEVICE);
	if (!m->path || !m->tmp || !m->st) {
		metrics_free(m);
		return NULL;
	}
	/* hidden from the textfile collector while it is written */
	sprintf(m->tmp, "%s.tmp", path);
	hwmsg_trace_set_evict_cb(t, count_orphan, m);
	return m;
}

void metrics_free(struct metrics *m)
{
	if (!m)
		return;
	hwmsg_stats_free(m->st);
	free(m->path);
	free(m->tmp);
	free(m);
}

void metrics_feed(struct metrics *m, const struct hwmsg_trace_item *it)
{
	if (!it->msg) {
		m->unknown++;
		return;
	}
	hwmsg_stats_add(m->st, it);
}

/* A label value: backslash, double quote and newline escaped. */
static void label(FILE *f, const char *key, const char *v)
{
	fprintf(f, "%s=\"", key);
	for (; *v; v++) {
		if (*v == '\\' || *v == '"')
			fprintf(f, "\\%c", *v);
		else if (*v == '\n')
			fputs("\\n", f);
		else
			fputc(*v, f);
	}
	fputc('"', f);
}

static void labels(FILE *f, const struct hwmsg_stats_row *s)
{
	const char *method = hwmsg_name_lookup(hwmsg_emad_method_names,
					       s->method);
	const char *reg = hwmsg_reg_name(s->reg_id);
	char id[16], device[160];

	snprintf(id, sizeof(id), "0x%04x", s->reg_id);
	snprintf(device, sizeof(device), "%s/%s", s->bus, s->dev);
	label(f, "device", device);
	fputc(',', f);
	label(f, "driver", s->driver);
	fputc(',', f);
	label(f, "register", reg ? reg : id);
	fputc(',', f);
	label(f, "method", method ? method : "unknown");
}

/* From the device: its answers and its own events. */
static uint64_t from_hw(const struct hwmsg_stats_row *s)
{
	return s->responses + s->events;
}

static uint64_t to_hw(const struct hwmsg_stats_row *s)
{
	return s->requests;
}

static uint64_t errors(const struct hwmsg_stats_row *s)
{
	return s->errors;
}

static uint64_t retransmits(const struct hwmsg_stats_row *s)
{
	return s->retransmits;
}

static uint64_t orphans(const struct hwmsg_stats_row *s)
{
	return s->orphans;
}

static void counter(FILE *f, const struct metrics *m, const char *name,
		    const char *help,
		    uint64_t (*value)(const struct hwmsg_stats_row *))
{
	fprintf(f, "# HELP %s %s\n# TYPE %s counter\n", name, help, name);
	for (size_t i = 0; i < hwmsg_stats_count(m->st); i++) {
		const struct hwmsg_stats_row *s = hwmsg_stats_row(m->st, i);

		fprintf(f, "%s{", name);
		labels(f, s);
		fprintf(f, "} %llu\n", (unsigned long long)value(s));
	}
}

/* The buckets from the rows' histograms (hwmsg/lathist.h: a bound's own
 * 1/8-of-a-power-of-two bucket counts as at or below it). */
static void histogram(FILE *f, const struct metrics *m)
{
	const char *name = "hwmsg_latency_seconds";

	fprintf(f, "# HELP %s Request to response, paired by hwmsgd.\n# TYPE %s histogram\n",
		name, name);
	for (size_t i = 0; i < hwmsg_stats_count(m->st); i++) {
		const struct hwmsg_stats_row *s = hwmsg_stats_row(m->st, i);

		for (size_t b = 0; b < N_BOUNDS; b++) {
			fprintf(f, "%s_bucket{", name);
			labels(f, s);
			fprintf(f, ",le=\"%g\"} %llu\n", bounds[b],
				(unsigned long long)hwmsg_lathist_count_le(
					&s->lat, (uint64_t)(bounds[b] * 1e9)));
		}
		fprintf(f, "%s_bucket{", name);
		labels(f, s);
		fprintf(f, ",le=\"+Inf\"} %llu\n", (unsigned long long)s->lat.n);
		fprintf(f, "%s_sum{", name);
		labels(f, s);
		fprintf(f, "} %.9f\n%s_count{", (double)s->lat.sum_ns / 1e9,
			name);
		labels(f, s);
		fprintf(f, "} %llu\n", (unsigned long long)s->lat.n);
	}
}

int metrics_write(struct metrics *m, uint64_t dropped, uint64_t filtered)
{
	FILE *f = fopen(m->tmp, "w");

	if (!f) {
		fprintf(stderr, "hwmsgd: --metrics: %s: %m\n", m->tmp);
		return -1;
	}
	counter(f, m, "hwmsg_requests_total",
		"Messages to the device (requests).",
		to_hw);
	counter(f, m, "hwmsg_responses_total",
		"Messages from the device (responses, events).",
		from_hw);
	counter(f, m, "hwmsg_errors_total",
		"Responses with a non-zero status.",
		errors);
	counter(f, m, "hwmsg_retransmits_total",
		"Requests sent again with the same transaction id.",
		retransmits);
	counter(f, m, "hwmsg_orphans_total",
		"Requests pushed out unanswered (more than 65536 waiting).",
		orphans);
	histogram(f, m);
	fprintf(f, "# HELP hwmsg_undecoded_total Records that are no EMAD or CMD_REG.\n# TYPE hwmsg_undecoded_total counter\nhwmsg_undecoded_total %llu\n",
		(unsigned long long)m->unknown);
	fprintf(f, "# HELP hwmsg_dropped_total Messages the capture source lost.\n# TYPE hwmsg_dropped_total counter\nhwmsg_dropped_total %llu\n",
		(unsigned long long)dropped);
	fprintf(f, "# HELP hwmsg_filtered_total Records the capture filter left out.\n# TYPE hwmsg_filtered_total counter\nhwmsg_filtered_total %llu\n",
		(unsigned long long)filtered);
	if (fclose(f) || rename(m->tmp, m->path)) {
		fprintf(stderr, "hwmsgd: --metrics: %s: %m\n", m->path);
		remove(m->tmp);
		return -1;
	}
	return 0;
}
