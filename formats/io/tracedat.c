// SPDX-License-Identifier: GPL-2.0-or-later
/* trace.dat through libtracecmd: tracedat.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <trace-cmd.h>

#include "tracedat.h"
#include "trace_spool.h"

/*
 * In libtracecmd 3.1's library but not in its public trace-cmd.h (they are
 * in trace-cmd's private header): the file's trace clock, uname and
 * trace-cmd version options. Plain getters of strings the file holds.
 */
const char *tracecmd_get_trace_clock(struct tracecmd_input *handle);
const char *tracecmd_get_uname(struct tracecmd_input *handle);
const char *tracecmd_get_version(struct tracecmd_input *handle);

/* ns since 1970 from 2001-09-09 on: no boot clock is that far along, so
 * times past it were moved to wall time (trace-cmd record --date) */
#define WALL_MIN_NS	1000000000000000000ull
#define NAME_LIST_MAX	400

/* One CPU of one buffer: the top one or an instance (trace-cmd -B). */
struct tsrc {
	struct tracecmd_input *h;
	int cpu;
	struct tep_record *pend;	/* its next record */
	bool done;
};

struct tracedat_in {
	struct trace_in *t;
	FILE *src, *spool;
	struct tracecmd_input *h;
	struct tracecmd_input **inst;	/* the instances' handles */
	int n_inst;
	struct tep_handle *tep;
	int our_id;
	struct tsrc *s;
	int n_s;
	struct tep_record *last;	/* the one handed out */
};

void tracedat_close(struct tracedat_in *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->n_s; i++)
		if (d->s[i].pend)
			tracecmd_free_record(d->s[i].pend);
	if (d->last)
		tracecmd_free_record(d->last);
	for (int i = 0; i < d->n_inst; i++)
		tracecmd_close(d->inst[i]);
	if (d->h)
		tracecmd_close(d->h);
	if (d->spool && d->spool != d->src)
		fclose(d->spool);
	free(d->inst);
	free(d->s);
	free(d);
}

static void events_list(struct tep_handle *tep, char *buf, size_t cap)
{
	int n = tep_get_events_count(tep);
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && used + 40 < cap; i++) {
		struct tep_event *ev = tep_get_event(tep, i);

		if (!ev || !strcmp(ev->system, "ftrace"))
			continue;
		used += (size_t)snprintf(buf + used, cap - used, "%s%s:%s",
					 used ? ", " : "", ev->system,
					 ev->name);
	}
	if (!used)
		snprintf(buf, cap, "none");
}

/* "Linux HOST RELEASE VERSION... MACHINE", as trace-cmd record saves it */
static void origin(struct tracedat_in *d)
{
	struct hwmsg_reader_origin *o = &d->t->origin;
	const char *u = tracecmd_get_uname(d->h), *v;
	const char *sp1, *sp2, *sp3, *last;

	trace_in_set((char **)&o->tool, "trace-cmd", 9);
	v = tracecmd_get_version(d->h);
	if (v)
		trace_in_set((char **)&o->version, v, strlen(v));
	if (!u)
		return;
	sp1 = strchr(u, ' ');
	sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	sp3 = sp2 ? strchr(sp2 + 1, ' ') : NULL;
	last = strrchr(u, ' ');
	if (sp2)
		trace_in_set((char **)&o->host, sp1 + 1, (size_t)(sp2 - sp1 - 1));
	if (sp3)
		trace_in_set((char **)&o->os_release, sp2 + 1,
			     (size_t)(sp3 - sp2 - 1));
	if (last && last > sp3)
		trace_in_set((char **)&o->arch, last + 1, strlen(last + 1));
}

/* The source whose next record is the oldest (reading those not read). */
static int oldest(struct tracedat_in *d)
{
	int best = -1;

	for (int i = 0; i < d->n_s; i++) {
		struct tsrc *x = &d->s[i];

		if (!x->pend && !x->done) {
			x->pend = tracecmd_read_data(x->h, x->cpu);
			x->done = !x->pend;
		}
		if (x->pend && (best < 0 || x->pend->ts < d->s[best].pend->ts))
			best = i;
	}
	return best;
}

/* Every CPU of the top buffer and of each instance, merged by time. */
static int add_sources(struct tracedat_in *d, struct hwmsg_err *err)
{
	int n = tracecmd_buffer_instances(d->h), ncpus, k = 0;

	if (n < 0)
		n = 0;
	ncpus = tep_get_cpus(d->tep);
	if (ncpus < 1)
		ncpus = 1;
	d->inst = calloc((size_t)n + 1, sizeof(*d->inst));
	d->s = calloc((size_t)ncpus * ((size_t)n + 1), sizeof(*d->s));
	if (!d->inst || !d->s)
		return hwmsg_errf(err, 0, "%s: out of memory", d->t->name);
	for (int b = -1; b < n; b++) {
		struct tracecmd_input *h = d->h;

		if (b >= 0) {
			h = tracecmd_buffer_instance_handle(d->h, b);
			if (!h)
				continue;
			d->inst[d->n_inst++] = h;
		}
		for (int cpu = 0; cpu < ncpus; cpu++)
			d->s[k++] = (struct tsrc){ .h = h, .cpu = cpu };
	}
	d->n_s = k;
	return 0;
}

/*
 * A handle libtracecmd cannot close (see open_handle): kept, not freed, so
 * that a leak checker sees it held on purpose.
 */
static struct tracecmd_input *abandoned[16];
static unsigned int n_abandoned;

static void abandon(struct tracecmd_input *h)
{
	abandoned[n_abandoned++ % 16] = h;
}

static int open_handle(struct tracedat_in *d, struct hwmsg_in *in,
		       struct hwmsg_err *err)
{
	char path[32];
	int fd;

	d->spool = trace_spool(in, d->src, d->t->name, err);
	if (!d->spool)
		return -1;
	fd = dup(fileno(d->spool));
	if (fd < 0 || lseek(fd, 0, SEEK_SET)) {
		if (fd >= 0)
			close(fd);
		return hwmsg_errf(err, 0, "%s: cannot reopen", d->t->name);
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	/*
	 * Not tracecmd_open_fd(): when its data init fails on a damaged CPU
	 * page, libtracecmd 3.1.6 closes a handle whose later CPUs it never
	 * set up and crashes (trace-input.c, init_cpu_data). The headers are
	 * read through the fd's path; a handle whose data init failed is
	 * left open (a leak on a damaged file, not a crash).
	 */
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	d->h = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	close(fd);
	if (!d->h)
		return hwmsg_errf(err, 0, "%s: trace.dat: libtracecmd cannot read its headers (cut short, damaged, or a version it does not know)",
				  d->t->name);
	if (tracecmd_init_data(d->h) < 0) {
		abandon(d->h);
		d->h = NULL;
		return hwmsg_errf(err, 0, "%s: trace.dat: libtracecmd cannot read its CPU buffers (damaged)",
				  d->t->name);
	}
	d->tep = tracecmd_get_tep(d->h);
	tep_set_loglevel(TEP_LOG_NONE);
	return 0;
}

static int find_event(struct tracedat_in *d, struct hwmsg_err *err)
{
	struct tep_event *ev;
	char list[NAME_LIST_MAX];

	ev = tep_find_event_by_name(d->tep, HWMSG_TP_SYSTEM, HWMSG_TP_EVENT);
	if (!ev) {
		events_list(d->tep, list, sizeof(list));
		return hwmsg_errf(err, 0, "%s: trace.dat: no devlink:devlink_hwmsg events (events: %s)",
				  d->t->name, list);
	}
	d->our_id = ev->id;
	hwmsg_tp_format_event(&d->t->fmt, ev);
	return hwmsg_tp_format_check(&d->t->fmt, d->t->name, err);
}

/* The clock of the buffer the first record is in (instances have theirs). */
static void set_clock(struct tracedat_in *d, bool *relative)
{
	int first = oldest(d);
	const char *clock;

	clock = tracecmd_get_trace_clock(first >= 0 ? d->s[first].h : d->h);
	*relative = first < 0 || d->s[first].pend->ts < WALL_MIN_NS;
	snprintf(d->t->clock, sizeof(d->t->clock), "trace-cmd clock %s%s",
		 clock && *clock ? clock : "local",
		 *relative ? "" : ", wall time from its date option");
}

struct tracedat_in *tracedat_open(struct trace_in *t, struct hwmsg_in *in,
				  FILE *src, struct hwmsg_err *err,
				  bool *relative)
{
	struct tracedat_in *d = calloc(1, sizeof(*d));

	if (!d) {
		hwmsg_errf(err, 0, "%s: out of memory", t->name);
		return NULL;
	}
	d->t = t;
	d->src = src;
	if (open_handle(d, in, err) || find_event(d, err))
		goto fail;
	if (add_sources(d, err))
		goto fail;
	origin(d);
	set_clock(d, relative);
	return d;
fail:
	tracedat_close(d);
	return NULL;
}

int tracedat_next(struct tracedat_in *d, struct hwmsg_record *rec,
		  struct hwmsg_err *err)
{
	int i;

	(void)err;
	if (d->last) {
		tracecmd_free_record(d->last);
		d->last = NULL;
	}
	while ((i = oldest(d)) >= 0) {
		struct tep_record *r = d->s[i].pend;
		int cpu = d->s[i].cpu;

		d->s[i].pend = NULL;
		/* the page it starts says how many were lost before it;
		 * -1: some, not how many */
		if (r->missed_events) {
			trace_in_lost(d->t, cpu, r->missed_events > 0 ?
				      (uint64_t)r->missed_events : 1);
			d->t->lost_unknown |= r->missed_events < 0;
		}
		if (tep_data_type(tracecmd_get_tep(d->s[i].h), r) !=
		    d->our_id) {
			d->t->other++;
			tracecmd_free_record(r);
			continue;
		}
		d->last = r;
		trace_in_record(d->t, r->data, r->size > 0 ? (uint32_t)r->size : 0,
				r->ts, rec);
		return 1;
	}
	return 0;
}
