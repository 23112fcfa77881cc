// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg stat: what a capture holds, per register and method: requests,
 * responses, errors, retransmissions, orphans and latency; and what the
 * capture lost, from its statistics blocks.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "hwmsg/io.h"
#include "hwmsg/lathist.h"
#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/stats.h"
#include "hwmsg/text.h"
#include "hwmsg/trace.h"
#include "print.h"
#include "select.h"

#include "stat.h"

/* marked: the request was selected */
static void count_orphan(const struct hwmsg_txn_orphan *o, bool marked,
			 void *arg)
{
	struct stat_ctx *c = arg;

	if (marked)
		hwmsg_stats_orphan(c->st, o);
}

/* A request pushed out of the pairing table unanswered: an orphan too. */
static void count_evicted(const struct hwmsg_txn_orphan *o, bool marked,
			  void *arg)
{
	struct stat_ctx *c = arg;

	c->evicted++;
	count_orphan(o, marked, c);
}

/* Which devices the capture holds: the first thing to know of a file. */
/*
 * d is rec's device: checked without formatting the name, the part that
 * tells devices apart (dev) first. A name cut to fit is not matched here.
 */
static bool is_device(const struct dev_stat *d, const struct hwmsg_record *rec)
{
	if (rec->flags & HWMSG_RECF_NO_DEVICE)
		return !strcmp(d->name, "-");
	return d->bus_len && !strcmp(d->name + d->bus_len + 1, rec->dev) &&
	       !strncmp(d->name, rec->bus, d->bus_len) &&
	       !rec->bus[d->bus_len];
}

/* rec is of device i: counted, and known by its names_id from now on. */
static void counted(struct stat_ctx *c, const struct hwmsg_record *rec,
		    unsigned int i)
{
	unsigned int k = rec->names_id % STAT_NAMES_CACHE;

	c->devs[i].records++;
	c->last_dev = i;
	if (rec->names_id) {
		c->by_names[k].names_id = rec->names_id;
		c->by_names[k].dev = i;
	}
}

static void count_device(struct stat_ctx *c, const struct hwmsg_record *rec)
{
	unsigned int k = rec->names_id % STAT_NAMES_CACHE;
	char name[sizeof(c->devs[0].name)];
	struct dev_stat *d;
	unsigned int i;
	int n;

	if (rec->names_id && c->by_names[k].names_id == rec->names_id) {
		counted(c, rec, c->by_names[k].dev);
		return;
	}
	/* records come in runs of one device: try the last one first */
	if (c->n_devs && is_device(&c->devs[c->last_dev], rec)) {
		counted(c, rec, c->last_dev);
		return;
	}
	/* devices interleave (a switch and a NIC): the name is made only
	 * for a new one */
	for (i = 0; i < c->n_devs && !is_device(&c->devs[i], rec); i++)
		;
	if (i < c->n_devs) {
		counted(c, rec, i);
		return;
	}
	if (rec->flags & HWMSG_RECF_NO_DEVICE)
		n = snprintf(name, sizeof(name), "-");
	else
		n = snprintf(name, sizeof(name), "%s/%s", rec->bus, rec->dev);
	/* a name cut to fit (or a foreign "bus/dev" with a slash in it)
	 * is matched as made */
	for (i = 0; i < c->n_devs && strcmp(c->devs[i].name, name); i++)
		;
	if (i == STAT_MAX_DEVS) {
		c->other_dev_records++;
		return;
	}
	d = &c->devs[i];
	if (i == c->n_devs) {
		c->n_devs++;
		memcpy(d->name, name, sizeof(d->name));
		snprintf(d->driver, sizeof(d->driver), "%s", rec->driver);
		d->bus_len = 0;
		if (!(rec->flags & HWMSG_RECF_NO_DEVICE) &&
		    n >= 0 && (size_t)n < sizeof(name) &&
		    !strchr(rec->bus, '/'))
			d->bus_len = strlen(rec->bus);
	}
	counted(c, rec, i);
}

static void print_devices(const struct stat_ctx *c)
{
	char a[sizeof(c->devs[0].name)], b[sizeof(c->devs[0].driver)];

	printf("devices  ");
	if (!c->n_devs && !c->other_dev_records)
		printf(" none");
	for (unsigned int i = 0; i < c->n_devs; i++) {
		const char *name = c->devs[i].name;

		/* records with no device (Ethernet captures) are "-" in show */
		printf("%s %s", i ? "," : "", strcmp(name, "-") ?
		       hwmsg_text_safe(a, sizeof(a), name) : "unnamed");
		if (c->devs[i].driver[0])
			printf(" (%s)", hwmsg_text_safe(b, sizeof(b),
							c->devs[i].driver));
		printf(" %llu", (unsigned long long)c->devs[i].records);
	}
	if (c->other_dev_records)
		printf(", %llu records of more devices",
		       (unsigned long long)c->other_dev_records);
	putchar('\n');
}

/*
 * Drops are never guessed: a file without statistics (its writer killed,
 * or another tool) makes the total unknown, or a lower bound of several.
 */
static void print_drops(const struct stat_ctx *c)
{
	uint64_t total = c->dropped + c->unattributed;

	printf("dropped   ");
	if (c->files_without_isb == c->files) {
		if (c->files == 1)
			printf("unknown (%s has no", c->file_without_isb);
		else
			printf("unknown (none of the %u files has", c->files);
		printf(" capture statistics: not closed cleanly, or not written by hwmsgd)\n");
		return;
	}
	if (c->files_without_isb)
		printf("at least ");
	printf("%llu", (unsigned long long)total);
	if (c->unattributed)
		printf(" (%llu by device, %llu not attributable)",
		       (unsigned long long)c->dropped,
		       (unsigned long long)c->unattributed);
	printf(" of %llu", (unsigned long long)(c->received + total));
	if (c->files_without_isb)
		printf("; unknown for %u of %u files (%s first)",
		       c->files_without_isb, c->files, c->file_without_isb);
	putchar('\n');
	/* a capture filter's leftovers were never meant to be kept */
	if (c->filtered)
		printf("filtered  %llu left out by the filter the file was written with\n",
		       (unsigned long long)c->filtered);
}

static void print_stats(struct stat_ctx *c, const char *path)
{
	const uint64_t *status = hwmsg_stats_status(c->st);
	size_t n = hwmsg_stats_count(c->st);
	uint64_t span = c->records ? c->last_ts - c->first_ts : 0;
	bool any_status = false;

	printf("file      %s\n", path);
	if (select_active(&c->sel)) {
		printf("selected  %llu of %llu records by", (unsigned long long)c->records,
		       (unsigned long long)c->read);
		for (unsigned int i = 0; i < c->sel.n; i++)
			printf("%s %s", i ? " and" : "",
			       hwmsg_filter_text(c->sel.f[i]));
		putchar('\n');
	}
	printf("records   %llu (emad %llu, cmd_reg %llu, other %llu)",
	       (unsigned long long)c->records,
	       (unsigned long long)c->by_type[0],
	       (unsigned long long)c->by_type[1],
	       (unsigned long long)(c->by_type[2] + c->by_type[3]));
	if (c->malformed)
		printf(", %llu malformed", (unsigned long long)c->malformed);
	if (c->truncated)
		printf(", %llu truncated", (unsigned long long)c->truncated);
	if (c->undecoded)
		printf(", %llu undecoded", (unsigned long long)c->undecoded);
	if (c->cut == 1 && c->files == 1)
		printf(", cut short at the end");
	else if (c->cut)
		printf(", %u files cut short at the end", c->cut);
	if (c->skipped)
		printf(c->tracer.any ? ", %llu samples of other events skipped" :
				       ", %llu non-EMAD frames skipped",
		       (unsigned long long)c->skipped);
	if (c->evicted)
		printf(", %llu requests not paired (more than %u waiting)",
		       (unsigned long long)c->evicted, HWMSG_TXN_MAX_PENDING);
	putchar('\n');
	print_devices(c);
	printf("duration  %llu.%09llu s\n",
	       (unsigned long long)(span / 1000000000ull),
	       (unsigned long long)(span % 1000000000ull));
	tracer_info_print(&c->tracer);
	print_drops(c);
	printf("statuses ");
	for (unsigned int i = 0; i < 128; i++) {
		if (!status[i])
			continue;
		printf(" %s %llu;",
		       hwmsg_name_lookup(hwmsg_emad_status_names, i) ?: "?",
		       (unsigned long long)status[i]);
		any_status = true;
	}
	if (!any_status)
		printf(" none (no responses)");
	printf("\n\n%-10s %-6s %8s %8s %6s %6s %6s %10s %10s %10s %10s %8s\n",
	       "REGISTER", "METHOD", "REQ", "RESP", "ERR", "RETX", "ORPH",
	       "LAT_AVG", "LAT_P50", "LAT_P99", "LAT_MAX", "FW_AVG");
	for (size_t i = 0; i < n; i++) {
		const struct hwmsg_stats_row *s = hwmsg_stats_row(c->st, i);
		const char *name = hwmsg_reg_name(s->reg_id);
		char id[16];

		snprintf(id, sizeof(id), "0x%04x", s->reg_id);
		printf("%-10s %-6s %8llu %8llu %6llu %6llu %6llu", name ?: id,
		       hwmsg_name_lookup(hwmsg_emad_method_names, s->method) ?: "?",
		       (unsigned long long)s->requests,
		       (unsigned long long)s->responses,
		       (unsigned long long)s->errors,
		       (unsigned long long)s->retransmits,
		       (unsigned long long)s->orphans);
		if (s->lat.n && s->lat.buckets)
			printf(" %8.1fus %8.1fus %8.1fus %8.1fus",
			       s->lat.sum_ns / 1e3 / s->lat.n,
			       hwmsg_lathist_percentile(&s->lat, 0.50) / 1e3,
			       hwmsg_lathist_percentile(&s->lat, 0.99) / 1e3,
			       s->lat.max_ns / 1e3);
		else
			printf(" %10s %10s %10s %10s", "-", "-", "-", "-");
		if (s->fw_n)
			printf(" %6lluus", (unsigned long long)(s->fw_sum_us / s->fw_n));
		else
			printf(" %8s", "-");
		putchar('\n');
	}
}

/*
 * Account every record of one file; pairing goes on across files. Every
 * record is paired (a selected response needs its request); a selected
 * request is marked, for the orphan count.
 */
static void stat_file(struct stat_ctx *c, struct hwmsg_trace *t)
{
	struct hwmsg_reader *r = hwmsg_trace_reader(t);
	struct hwmsg_trace_item it;
	struct hwmsg_err err;
	int ret;

	while ((ret = hwmsg_trace_next(t, &it, &err)) != 0) {
		const struct hwmsg_record *rec = &it.rec;

		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			/* a file still being written ends mid-block: no damage */
			if (!hwmsg_reader_info(r)->cut)
				c->malformed++;
			continue;
		}
		c->read++;
		if (!it.selected)
			continue;
		hwmsg_trace_mark(t);
		/* files of a ring, or merged ones, need not be in order */
		if (!c->records++ || rec->ts_ns < c->first_ts)
			c->first_ts = rec->ts_ns;
		if (rec->ts_ns > c->last_ts)
			c->last_ts = rec->ts_ns;
		c->by_type[rec->type < 3 ? rec->type : 3]++;
		count_device(c, rec);
		if (rec->flags & HWMSG_RECF_TRUNCATED)
			c->truncated++;
		/* a cut or damaged message with its OP whole still counts */
		if (!it.msg) {
			/* other types (devlink events, nfp) are not decoded */
			if (rec->type == HWMSG_TYPE_MLX_EMAD ||
			    rec->type == HWMSG_TYPE_MLX_CMD_REG)
				c->undecoded++;
			continue;
		}
		if (hwmsg_stats_add(c->st, &it))
			c->nomem = true;
	}
	if (hwmsg_reader_info(r)->cut)
		c->cut++;
}

/* After the whole file was read: its ISBs are at the end. */
static void add_drops(struct stat_ctx *c, const struct hwmsg_reader *r,
		      const char *path)
{
	struct hwmsg_reader_drops d;

	c->files++;
	if (hwmsg_reader_drops(r, &d) || !d.known) {
		if (!c->files_without_isb++)
			c->file_without_isb = path;
		return;
	}
	c->received += d.received;
	c->dropped += d.dropped;
	c->unattributed += d.unattributed;
	c->filtered += d.filtered;
}

static void stat_usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg stat [OPTIONS] FILE... (- for stdin)\n"
		"Several files (a ring from hwmsgd -b) are one trace.\n"
		"  -j, --json         one JSON object with every count\n"
		SELECT_USAGE);
}

static int parse_stat_args(int argc, char **argv, struct stat_ctx *c)
{
	static const struct option lopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		SELECT_LONG_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "hjY:d:", lopts, NULL)) != -1) {
		switch (opt) {
		case 'j':
			c->json = true;
			break;
		case 'h':
			stat_usage(stdout);
			return -1;
		case '?':
			stat_usage(stderr);
			return 2;
		default:
			if (select_add(&c->sel, "hwmsg stat", opt, optarg))
				return 2;
			break;
		}
	}
	if (optind >= argc) {
		stat_usage(stderr);
		return 2;
	}
	return 0;
}

static void free_ctx(struct stat_ctx *c)
{
	select_free(&c->sel);
	hwmsg_stats_free(c->st);
	free(c);
}

int cmd_stat(int argc, char **argv)
{
	struct hwmsg_trace *t;
	struct stat_ctx *c;
	struct hwmsg_err err;
	int ret = 0, first;

	c = calloc(1, sizeof(*c));
	t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	if (c)
		c->st = hwmsg_stats_new(0);
	if (!c || !t || !c->st) {
		fprintf(stderr, "hwmsg: out of memory\n");
		if (c)
			free_ctx(c);
		hwmsg_trace_free(t);
		return 1;
	}
	hwmsg_trace_set_evict_cb(t, count_evicted, c);
	ret = parse_stat_args(argc, argv, c);
	if (ret) {
		hwmsg_trace_free(t);
		free_ctx(c);
		return ret < 0 ? 0 : ret;
	}
	for (unsigned int i = 0; i < c->sel.n; i++)
		hwmsg_trace_select(t, c->sel.f[i]);
	first = optind;
	for (int i = first; i < argc; i++) {
		struct hwmsg_reader *r;

		if (hwmsg_trace_open(t, argv[i], &err)) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			ret = 1;
			continue;
		}
		r = hwmsg_trace_reader(t);
		stat_file(c, t);
		c->skipped += hwmsg_reader_info(r)->skipped;
		add_drops(c, r, argv[i]);
		tracer_info_add(&c->tracer, r);
		hwmsg_trace_close(t);
	}
	hwmsg_trace_orphans(t, 0, 0, count_orphan, c);
	/* nothing could be opened: the errors said it all */
	if (c->files) {
		const char *what = argc - first == 1 ? argv[first] :
						       "(several files)";
		hwmsg_stats_sort(c->st);
		if (c->json)
			stat_print_json(c, what);
		else
			print_stats(c, what);
	}
	hwmsg_trace_free(t);
	if (c->nomem) {
		fprintf(stderr, "hwmsg: out of memory: some registers not counted\n");
		ret = 1;
	}
	if (c->malformed || c->cut)
		ret = 1;
	free_ctx(c);
	return ret;
}
