// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsgd --metrics: counters and histograms in Prometheus text format. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "metrics.h"

/* seconds: from a fast EMAD to mlxsw's 200 ms timeout and beyond */
static const double bounds[] = {
	0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
	0.025, 0.05, 0.1, 0.25, 1,
};
#define N_BOUNDS (sizeof(bounds) / sizeof(bounds[0]))

/* One device, register and method. */
struct series {
	char *device, *driver;
	uint16_t reg_id;
	uint8_t method;
	uint64_t to_hw, from_hw, errors, retransmits, orphans;
	uint64_t buckets[N_BOUNDS + 1];	/* the last: above every bound */
	uint64_t lat_n, lat_sum_ns;
};

struct metrics {
	char *path, *tmp;
	struct series *s;
	size_t n, cap;
	uint64_t unknown;	/* records that are no EMAD or CMD_REG */
};

static void count_orphan(const struct hwmsg_txn_orphan *o, bool marked,
			 void *arg);

struct metrics *metrics_new(const char *path, struct hwmsg_trace *t)
{
	struct metrics *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->path = strdup(path);
	m->tmp = malloc(strlen(path) + 8);
	if (!m->path || !m->tmp) {
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
	for (size_t i = 0; i < m->n; i++) {
		free(m->s[i].device);
		free(m->s[i].driver);
	}
	free(m->s);
	free(m->path);
	free(m->tmp);
	free(m);
}

static struct series *series_of(struct metrics *m, const char *bus,
				const char *dev, const char *driver,
				uint16_t reg_id, uint8_t method)
{
	char device[160];
	struct series *s;

	snprintf(device, sizeof(device), "%s/%s", bus, dev);
	for (size_t i = 0; i < m->n; i++)
		if (m->s[i].reg_id == reg_id && m->s[i].method == method &&
		    !strcmp(m->s[i].device, device))
			return &m->s[i];
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		struct series *p = realloc(m->s, cap * sizeof(*p));

		if (!p)
			return NULL;
		m->s = p;
		m->cap = cap;
	}
	s = &m->s[m->n];
	memset(s, 0, sizeof(*s));
	s->device = strdup(device);
	s->driver = strdup(driver ? driver : "");
	if (!s->device || !s->driver) {
		free(s->device);
		free(s->driver);
		return NULL;
	}
	s->reg_id = reg_id;
	s->method = method;
	m->n++;
	return s;
}

static void count_orphan(const struct hwmsg_txn_orphan *o, bool marked,
			 void *arg)
{
	struct series *s = series_of(arg, o->bus, o->dev, NULL, o->reg_id,
				     o->method);

	(void)marked;	/* every record counts, kept or filtered out */
	if (s)
		s->orphans++;
}

static void add_latency(struct series *s, uint64_t ns)
{
	size_t b = 0;

	while (b < N_BOUNDS && (double)ns / 1e9 > bounds[b])
		b++;
	s->buckets[b]++;
	s->lat_n++;
	s->lat_sum_ns += ns;
}

void metrics_feed(struct metrics *m, const struct hwmsg_trace_item *it)
{
	const struct hwmsg_txn_info *info = it->txn;
	const struct hwmsg_record *rec = &it->rec;
	struct series *s;

	if (!it->msg) {
		m->unknown++;
		return;
	}
	s = series_of(m, rec->bus, rec->dev, rec->driver, it->msg->op.reg_id,
		      it->msg->op.method);
	if (!s)
		return;
	if (rec->dir == HWMSG_DIR_FROM_HW)
		s->from_hw++;
	else
		s->to_hw++;
	if (info->retransmits && !info->is_response)
		s->retransmits++;
	if (info->is_response && it->msg->op.status)
		s->errors++;
	if (info->is_response && info->matched)
		add_latency(s, info->latency_ns);
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

static void labels(FILE *f, const struct series *s)
{
	const char *method = hwmsg_name_lookup(hwmsg_emad_method_names,
					       s->method);
	const char *reg = hwmsg_reg_name(s->reg_id);
	char id[16];

	snprintf(id, sizeof(id), "0x%04x", s->reg_id);
	label(f, "device", s->device);
	fputc(',', f);
	label(f, "driver", s->driver);
	fputc(',', f);
	label(f, "register", reg ? reg : id);
	fputc(',', f);
	label(f, "method", method ? method : "unknown");
}

static void counter(FILE *f, struct metrics *m, const char *name,
		    const char *help, size_t off)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s counter\n", name, help, name);
	for (size_t i = 0; i < m->n; i++) {
		fprintf(f, "%s{", name);
		labels(f, &m->s[i]);
		fprintf(f, "} %llu\n", (unsigned long long)
			*(const uint64_t *)((const char *)&m->s[i] + off));
	}
}

static void histogram(FILE *f, struct metrics *m)
{
	const char *name = "hwmsg_latency_seconds";

	fprintf(f, "# HELP %s Request to response, paired by hwmsgd.\n# TYPE %s histogram\n",
		name, name);
	for (size_t i = 0; i < m->n; i++) {
		const struct series *s = &m->s[i];
		uint64_t sum = 0;

		for (size_t b = 0; b <= N_BOUNDS; b++) {
			sum += s->buckets[b];
			fprintf(f, "%s_bucket{", name);
			labels(f, s);
			if (b < N_BOUNDS)
				fprintf(f, ",le=\"%g\"} %llu\n", bounds[b],
					(unsigned long long)sum);
			else
				fprintf(f, ",le=\"+Inf\"} %llu\n",
					(unsigned long long)sum);
		}
		fprintf(f, "%s_sum{", name);
		labels(f, s);
		fprintf(f, "} %.9f\n%s_count{", (double)s->lat_sum_ns / 1e9,
			name);
		labels(f, s);
		fprintf(f, "} %llu\n", (unsigned long long)s->lat_n);
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
		offsetof(struct series, to_hw));
	counter(f, m, "hwmsg_responses_total",
		"Messages from the device (responses, events).",
		offsetof(struct series, from_hw));
	counter(f, m, "hwmsg_errors_total",
		"Responses with a non-zero status.",
		offsetof(struct series, errors));
	counter(f, m, "hwmsg_retransmits_total",
		"Requests sent again with the same transaction id.",
		offsetof(struct series, retransmits));
	counter(f, m, "hwmsg_orphans_total",
		"Requests pushed out unanswered (more than 65536 waiting).",
		offsetof(struct series, orphans));
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
