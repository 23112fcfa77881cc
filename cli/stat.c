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
#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/text.h"
#include "hwmsg/txn.h"
#include "print.h"

#define STAT_SLOTS_MIN 256	/* (register, method) pairs; grows as needed */
#define LAT_BUCKETS 512		/* log-linear: 8 per power of two, ~12% wide */

struct reg_stat {
	bool used;
	uint16_t reg_id;
	uint8_t method;
	uint64_t requests, responses, errors, retransmits, orphans;
	uint64_t lat_sum_ns, lat_max_ns, lat_n;
	uint32_t *lat_hist;	/* LAT_BUCKETS, allocated at the first latency */
	uint64_t fw_sum_us, fw_n;
};

#define STAT_MAX_DEVS 32	/* listed by name; more are counted */

struct dev_stat {
	char name[128];		/* bus/dev */
	char driver[64];
	uint64_t records;
};

struct stat_ctx {
	struct reg_stat *slots;	/* open addressing, at most half full */
	size_t n_slots, n_used;
	bool nomem;
	uint64_t records, undecoded, malformed, truncated, skipped, evicted;
	unsigned int cut;	/* files that end cut short */
	uint64_t first_ts, last_ts;
	uint64_t by_type[4];
	uint64_t status[128];
	struct dev_stat devs[STAT_MAX_DEVS];
	unsigned int n_devs, last_dev;
	uint64_t other_dev_records;	/* of devices past STAT_MAX_DEVS */
	/* the writers' ISBs, summed over the files that have them */
	uint64_t received, dropped, unattributed;
	unsigned int files, files_without_isb;
	const char *file_without_isb;	/* the first one, named alone */
};

static struct reg_stat *find_slot(struct reg_stat *slots, size_t n_slots,
				  uint16_t reg_id, uint8_t method)
{
	size_t i = (reg_id * 31u + method) & (n_slots - 1);

	while (slots[i].used &&
	       (slots[i].reg_id != reg_id || slots[i].method != method))
		i = (i + 1) & (n_slots - 1);
	return &slots[i];
}

static bool grow(struct stat_ctx *c)
{
	size_t n = c->n_slots ? c->n_slots * 2 : STAT_SLOTS_MIN;
	struct reg_stat *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	for (size_t i = 0; i < c->n_slots; i++)
		if (c->slots[i].used)
			*find_slot(slots, n, c->slots[i].reg_id,
				   c->slots[i].method) = c->slots[i];
	free(c->slots);
	c->slots = slots;
	c->n_slots = n;
	return true;
}

/* The row of (register, method); NULL only when out of memory. */
static struct reg_stat *slot(struct stat_ctx *c, uint16_t reg_id,
			     uint8_t method)
{
	struct reg_stat *s;

	if ((c->n_used + 1) * 2 > c->n_slots && !grow(c)) {
		c->nomem = true;
		return NULL;
	}
	s = find_slot(c->slots, c->n_slots, reg_id, method);
	if (!s->used) {
		s->used = true;
		s->reg_id = reg_id;
		s->method = method;
		c->n_used++;
	}
	return s;
}

static unsigned int lat_bucket(uint64_t ns)
{
	unsigned int exp;

	if (ns < 8)
		return (unsigned int)ns;
	exp = 63 - (unsigned int)__builtin_clzll(ns);
	return exp * 8 + (unsigned int)((ns >> (exp - 3)) & 7);
}

/* The middle of a bucket: what a percentile falling in it is reported as. */
static double lat_bucket_mid(unsigned int b)
{
	unsigned int exp = b / 8, sub = b % 8;

	if (b < 8)
		return b;
	return ((8.0 + sub + 0.5) * (double)(1ull << exp)) / 8.0;
}

/* Nearest-rank percentile from the histogram, p in (0, 1]. */
static double lat_percentile(const struct reg_stat *s, double p)
{
	uint64_t rank = (uint64_t)(p * (double)s->lat_n + 0.999999), seen = 0;

	for (unsigned int b = 0; b < LAT_BUCKETS; b++) {
		seen += s->lat_hist[b];
		if (seen >= rank) {
			double mid = lat_bucket_mid(b);

			/* the top bucket's middle may lie above the maximum */
			return mid < (double)s->lat_max_ns ? mid :
							     (double)s->lat_max_ns;
		}
	}
	return (double)s->lat_max_ns;
}

static void count_orphan(const struct hwmsg_txn_orphan *o, void *arg)
{
	struct reg_stat *s = slot(arg, o->reg_id, o->method);

	if (s)
		s->orphans++;
}

/* A request pushed out of the pairing table unanswered: an orphan too. */
static void count_evicted(const struct hwmsg_txn_orphan *o, void *arg)
{
	struct stat_ctx *c = arg;

	c->evicted++;
	count_orphan(o, c);
}

/* Which devices the capture holds: the first thing to know of a file. */
static void count_device(struct stat_ctx *c, const struct hwmsg_record *rec)
{
	char name[sizeof(c->devs[0].name)];
	struct dev_stat *d;
	unsigned int i;

	if (rec->flags & HWMSG_RECF_NO_DEVICE)
		snprintf(name, sizeof(name), "-");
	else
		snprintf(name, sizeof(name), "%s/%s", rec->bus, rec->dev);
	/* records come in runs of one device: try the last one first */
	if (c->n_devs && !strcmp(c->devs[c->last_dev].name, name)) {
		c->devs[c->last_dev].records++;
		return;
	}
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
	}
	d->records++;
	c->last_dev = i;
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

static void account(struct stat_ctx *c, const struct hwmsg_record *rec,
		    const struct hwmsg_msg *msg,
		    const struct hwmsg_txn_info *info)
{
	struct reg_stat *s = slot(c, msg->op.reg_id, msg->op.method);

	if (!s)
		return;
	if (!msg->op.response) {
		s->requests++;
		if (info->retransmits)
			s->retransmits++;
		return;
	}
	s->responses++;
	c->status[msg->op.status & 0x7f]++;
	if (msg->op.status)
		s->errors++;
	if (info->matched) {
		if (!s->lat_hist)
			s->lat_hist = calloc(LAT_BUCKETS, sizeof(*s->lat_hist));
		if (s->lat_hist)
			s->lat_hist[lat_bucket(info->latency_ns)]++;
		s->lat_sum_ns += info->latency_ns;
		s->lat_n++;
		if (info->latency_ns > s->lat_max_ns)
			s->lat_max_ns = info->latency_ns;
	}
	if (msg->has_latency) {
		s->fw_sum_us += msg->latency_us;
		s->fw_n++;
	}
	(void)rec;
}

static int by_count(const void *a, const void *b)
{
	const struct reg_stat *x = a, *y = b;
	uint64_t nx = x->requests + x->responses, ny = y->requests + y->responses;

	if (nx != ny)
		return nx < ny ? 1 : -1;
	if (x->reg_id != y->reg_id)
		return x->reg_id < y->reg_id ? -1 : 1;
	return x->method - y->method;
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
}

static void print_stats(struct stat_ctx *c, const char *path)
{
	uint64_t span = c->records ? c->last_ts - c->first_ts : 0;
	bool any_status = false;
	size_t n = 0;

	printf("file      %s\n", path);
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
		printf(", %llu non-EMAD frames skipped",
		       (unsigned long long)c->skipped);
	if (c->evicted)
		printf(", %llu requests not paired (more than %u waiting)",
		       (unsigned long long)c->evicted, HWMSG_TXN_MAX_PENDING);
	putchar('\n');
	print_devices(c);
	printf("duration  %llu.%09llu s\n",
	       (unsigned long long)(span / 1000000000ull),
	       (unsigned long long)(span % 1000000000ull));
	print_drops(c);
	printf("statuses ");
	for (unsigned int i = 0; i < 128; i++) {
		if (!c->status[i])
			continue;
		printf(" %s %llu;",
		       hwmsg_name_lookup(hwmsg_emad_status_names, i) ?: "?",
		       (unsigned long long)c->status[i]);
		any_status = true;
	}
	if (!any_status)
		printf(" none (no responses)");
	printf("\n\n%-10s %-6s %8s %8s %6s %6s %6s %10s %10s %10s %10s %8s\n",
	       "REGISTER", "METHOD", "REQ", "RESP", "ERR", "RETX", "ORPH",
	       "LAT_AVG", "LAT_P50", "LAT_P99", "LAT_MAX", "FW_AVG");
	for (size_t i = 0; i < c->n_slots; i++)
		if (c->slots[i].used)
			c->slots[n++] = c->slots[i];
	if (n)	/* slots is NULL when nothing was counted */
		qsort(c->slots, n, sizeof(c->slots[0]), by_count);
	for (size_t i = 0; i < n; i++) {
		const struct reg_stat *s = &c->slots[i];
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
		if (s->lat_n && s->lat_hist)
			printf(" %8.1fus %8.1fus %8.1fus %8.1fus",
			       s->lat_sum_ns / 1e3 / s->lat_n,
			       lat_percentile(s, 0.50) / 1e3,
			       lat_percentile(s, 0.99) / 1e3,
			       s->lat_max_ns / 1e3);
		else
			printf(" %10s %10s %10s %10s", "-", "-", "-", "-");
		if (s->fw_n)
			printf(" %6lluus", (unsigned long long)(s->fw_sum_us / s->fw_n));
		else
			printf(" %8s", "-");
		putchar('\n');
	}
	for (size_t i = 0; i < n; i++)
		free(c->slots[i].lat_hist);
}

/* Account every record of one file; pairing goes on across files. */
static void stat_file(struct stat_ctx *c, struct hwmsg_txn *txn,
		      struct hwmsg_reader *r)
{
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int ret;

	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		struct hwmsg_txn_info info = { 0 };
		struct hwmsg_msg msg;

		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			/* a file still being written ends mid-block: no damage */
			if (hwmsg_reader_info(r)->cut)
				c->cut++;
			else
				c->malformed++;
			continue;
		}
		/* files of a ring, or merged ones, need not be in order */
		if (!c->records++ || rec.ts_ns < c->first_ts)
			c->first_ts = rec.ts_ns;
		if (rec.ts_ns > c->last_ts)
			c->last_ts = rec.ts_ns;
		c->by_type[rec.type < 3 ? rec.type : 3]++;
		count_device(c, &rec);
		if (rec.flags & HWMSG_RECF_TRUNCATED)
			c->truncated++;
		if (hwmsg_msg_decode(&rec, &msg, &err)) {
			/* other types (devlink events, nfp) are not decoded */
			if (rec.type == HWMSG_TYPE_MLX_EMAD ||
			    rec.type == HWMSG_TYPE_MLX_CMD_REG)
				c->undecoded++;
			continue;
		}
		hwmsg_txn_feed(txn, &rec, &msg, &info);
		account(c, &rec, &msg, &info);
	}
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
}

int cmd_stat(int argc, char **argv)
{
	struct hwmsg_txn *txn;
	struct stat_ctx *c;
	struct hwmsg_err err;
	int ret = 0;

	if (argc == 2 && (!strcmp(argv[1], "--help") ||
			  !strcmp(argv[1], "-h"))) {
		printf("Usage: hwmsg stat FILE... (- for stdin)\n");
		return 0;
	}
	if (argc < 2 || (argv[1][0] == '-' && argv[1][1])) {
		fprintf(stderr, "Usage: hwmsg stat FILE... (- for stdin)\n");
		return 2;
	}
	c = calloc(1, sizeof(*c));
	txn = hwmsg_txn_new();
	if (txn)
		hwmsg_txn_set_evict_cb(txn, count_evicted, c);
	if (!c || !txn) {
		fprintf(stderr, "hwmsg: out of memory\n");
		free(c);
		hwmsg_txn_free(txn);
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		struct hwmsg_reader *r = hwmsg_reader_open(argv[i], &err);

		if (!r) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			ret = 1;
			continue;
		}
		stat_file(c, txn, r);
		c->skipped += hwmsg_reader_info(r)->skipped;
		add_drops(c, r, argv[i]);
		hwmsg_reader_close(r);
	}
	hwmsg_txn_orphans(txn, 0, 0, count_orphan, c);
	/* nothing could be opened: the errors said it all */
	if (c->files)
		print_stats(c, argc == 2 ? argv[1] : "(several files)");
	hwmsg_txn_free(txn);
	if (c->nomem) {
		fprintf(stderr, "hwmsg: out of memory: some registers not counted\n");
		ret = 1;
	}
	if (c->malformed || c->cut)
		ret = 1;
	free(c->slots);
	free(c);
	return ret;
}
