// SPDX-License-Identifier: GPL-2.0-or-later
/* The tracer inputs' common part: trace_in.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_in.h"

void trace_in_init(struct trace_in *t, const char *name)
{
	memset(t, 0, sizeof(*t));
	t->name = name;
}

void trace_in_free(struct trace_in *t)
{
	struct hwmsg_reader_origin *o = &t->origin;

	for (unsigned int i = 0; i < t->n_devs; i++)
		free(t->devs[i].name);
	free(t->devs);
	free(t->lost);
	free((char *)o->tool);
	free((char *)o->version);
	free((char *)o->host);
	free((char *)o->os_release);
	free((char *)o->arch);
	free((char *)o->cmdline);
	memset(t, 0, sizeof(*t));
}

void trace_in_set(char **field, const char *s, size_t n)
{
	const char *nul = memchr(s, 0, n);
	char *p;

	if (nul)
		n = (size_t)(nul - s);
	p = malloc(n + 1);
	if (!p)
		return;
	memcpy(p, s, n);
	p[n] = '\0';
	free(*field);
	*field = p;
}

/* The device's interface number, added when new (UINT_MAX: no room). */
static unsigned int dev_of(struct trace_in *t, const char *bus,
			   const char *dev)
{
	size_t lb = strlen(bus), ld = strlen(dev);
	struct trace_dev *d;
	unsigned int i;

	for (i = 0; i < t->n_devs; i++) {
		unsigned int k = (t->last_dev + i) % t->n_devs;
		const char *n = t->devs[k].name;

		if (!strncmp(n, bus, lb) && n[lb] == '/' &&
		    !strcmp(n + lb + 1, dev))
			return t->last_dev = k;
	}
	if (t->n_devs == TRACE_IN_DEVS_MAX)
		return UINT32_MAX;
	if (t->n_devs == t->cap_devs) {
		unsigned int cap = t->cap_devs ? 2 * t->cap_devs : 4;

		d = realloc(t->devs, cap * sizeof(*d));
		if (!d)
			return UINT32_MAX;
		t->devs = d;
		t->cap_devs = cap;
	}
	d = &t->devs[t->n_devs];
	d->name = malloc(lb + ld + 2);
	if (!d->name)
		return UINT32_MAX;
	snprintf(d->name, lb + ld + 2, "%s/%s", bus, dev);
	d->records = 0;
	return t->last_dev = t->n_devs++;
}

void trace_in_record(struct trace_in *t, const uint8_t *raw, uint32_t len,
		     uint64_t ts_ns, struct hwmsg_record *rec)
{
	unsigned int i;

	hwmsg_tp_sample_record(&t->fmt, raw, len, &t->st, rec);
	rec->ts_ns = ts_ns;
	t->received++;
	i = dev_of(t, rec->bus, rec->dev);
	if (i != UINT32_MAX)
		t->devs[i].records++;
}

void trace_in_lost(struct trace_in *t, int cpu, uint64_t n)
{
	t->lost_total += n;
	if (cpu < 0 || cpu >= TRACE_IN_CPUS_MAX)
		return;
	if ((unsigned int)cpu >= t->n_cpus) {
		uint64_t *p = realloc(t->lost, ((size_t)cpu + 1) * sizeof(*p));

		if (!p)
			return;
		memset(p + t->n_cpus, 0,
		       ((size_t)cpu + 1 - t->n_cpus) * sizeof(*p));
		t->lost = p;
		t->n_cpus = (unsigned int)cpu + 1;
	}
	t->lost[cpu] += n;
}

void trace_in_lost_counted(struct trace_in *t, uint64_t n)
{
	t->lost_counted += n;
}

uint64_t trace_in_lost_all(const struct trace_in *t)
{
	return t->lost_counted > t->lost_total ? t->lost_counted :
						 t->lost_total;
}

/*
 * As hwmsgd's tracepoint source reports them: a lost event names no
 * device, so the total is not attributable; the tracer counts every loss,
 * so the counts are known (0 when it lost nothing).
 */
int trace_in_drops(const struct trace_in *t, struct hwmsg_reader_drops *d)
{
	memset(d, 0, sizeof(*d));
	d->known = true;
	d->received = t->received;
	d->unattributed = trace_in_lost_all(t);
	d->interfaces = d->interfaces_with_isb = t->n_devs;
	return 0;
}

int trace_in_iface(const struct trace_in *t, unsigned int i,
		   struct hwmsg_reader_iface *s)
{
	memset(s, 0, sizeof(*s));
	if (i >= t->n_devs)
		return -1;
	s->name = t->devs[i].name;
	s->has_isb = true;
	s->received = t->devs[i].records;
	/* the losses go with the first interface, as the writer puts them */
	if (!i)
		s->unattributed = trace_in_lost_all(t);
	return 0;
}

int trace_in_cpu_lost(const struct trace_in *t, unsigned int cpu,
		      uint64_t *lost)
{
	if (cpu >= t->n_cpus)
		return -1;
	*lost = t->lost[cpu];
	return 0;
}
