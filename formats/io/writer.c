// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_writer: records -> pcapng (LINKTYPE_USER15), one interface per
 * device, statistics per interface at close. Layout: docs/format.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "hwmsg/io.h"
#include "out.h"
#include "hwmsg/text.h"
#include "pcapng.h"

#define DEFAULT_FLUSH_MS	1000
/* Strings and payload fit u16 TLVs: no record gets near this. */
#define MAX_RECORD_LEN		(1u << 20)

struct wdev {
	char *bus;
	char *dev;
	uint64_t recv;
	uint64_t drop;
	uint64_t filtered;	/* records a filter left out */
	uint64_t first_ts;
	uint64_t last_ts;
};

struct hwmsg_writer {
	struct hwmsg_out out;
	struct pcapng_blk blk;
	struct wdev *devs;	/* index = pcapng interface id */
	size_t n_devs, cap_devs;
	uint64_t unattributed;	/* drops given with bus NULL */
	unsigned int flush_ms;
	uint64_t last_flush_ms;
	clockid_t clock;	/* of flush_ms */
	bool record_clock;	/* ISBs timed by the latest record */
	bool filtering;		/* ISBs say what was accepted */
	bool seed_tags;		/* tags 0-5 only */
	uint64_t latest_ts;	/* of all records: files need not be in order */
};

static uint64_t now_ms(const struct hwmsg_writer *w)
{
	struct timespec ts;

	clock_gettime(w->clock, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/*
 * The clock is read per record: the coarse one (a tick, a few ms) costs
 * next to nothing, and is good enough when the interval is many ticks.
 */
static clockid_t flush_clock(unsigned int flush_ms)
{
	struct timespec res;

	if (!clock_getres(CLOCK_MONOTONIC_COARSE, &res) && !res.tv_sec &&
	    (uint64_t)res.tv_nsec * 20 <= (uint64_t)flush_ms * 1000000)
		return CLOCK_MONOTONIC_COARSE;
	return CLOCK_MONOTONIC;
}

static uint64_t now_realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int put_block(struct hwmsg_writer *w, int with_opts,
		     struct hwmsg_err *err)
{
	if (pcapng_end(&w->blk, with_opts))
		return hwmsg_errf(err, 0, "%s: out of memory", w->out.name);
	return hwmsg_out_write(&w->out, w->blk.buf, w->blk.len, false, err);
}

static int put_shb(struct hwmsg_writer *w, const struct hwmsg_writer_opts *o,
		   struct hwmsg_err *err)
{
	struct pcapng_blk *b = &w->blk;
	struct utsname u;
	char os[2 * sizeof(u.release) + 2];

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	snprintf(os, sizeof(os), "%s %s", u.sysname, u.release);

	pcapng_begin(b, PCAPNG_SHB);
	pcapng_u32(b, PCAPNG_BYTE_ORDER_MAGIC);
	pcapng_u16(b, 1);			/* major version */
	pcapng_u16(b, 0);			/* minor version */
	pcapng_ts(b, UINT64_MAX);		/* section length: unknown */
	if (o->comment && *o->comment)
		pcapng_opt_str(b, PCAPNG_OPT_COMMENT, o->comment);
	if (o->filter) {
		char *note = malloc(strlen(o->filter) + 9);

		if (!note)
			return hwmsg_errf(err, 0, "%s: out of memory",
					  w->out.name);
		sprintf(note, "filter: %s", o->filter);
		pcapng_opt_str(b, PCAPNG_OPT_COMMENT, note);
		free(note);
	}
	pcapng_opt_str(b, PCAPNG_SHB_HARDWARE,
		       o->hardware ? o->hardware : u.machine);
	pcapng_opt_str(b, PCAPNG_SHB_OS, o->os ? o->os : os);
	pcapng_opt_str(b, PCAPNG_SHB_USERAPPL,
		       o->application ? o->application :
					"libhwmsg " HWMSG_VERSION);
	return put_block(w, 1, err);
}

static int put_idb(struct hwmsg_writer *w, const struct wdev *d,
		   const char *driver, struct hwmsg_err *err)
{
	static const uint8_t tsresol = 9;	/* 10^-9 s */
	struct pcapng_blk *b = &w->blk;
	size_t len = strlen(d->bus) + 1 + strlen(d->dev) + 1;
	char *name = malloc(len), *safe = malloc(4 * len);

	if (!name || !safe) {
		free(name);
		free(safe);
		return hwmsg_errf(err, 0, "%s: out of memory", w->out.name);
	}
	snprintf(name, len, "%s/%s", d->bus, d->dev);
	/* a name from the kernel with control bytes must not drive the
	 * terminal of whoever reads the file with tshark */
	hwmsg_text_safe(safe, 4 * len, name);
	pcapng_begin(b, PCAPNG_IDB);
	pcapng_u16(b, HWMSG_LINKTYPE);
	pcapng_u16(b, 0);			/* reserved */
	pcapng_u32(b, 0);			/* snaplen: no limit */
	pcapng_opt_str(b, PCAPNG_IF_NAME, safe);
	if (strcmp(safe, name))
		pcapng_opt_str(b, PCAPNG_IF_HWMSG_RAW_NAME, name);
	if (driver && *driver) {
		free(safe);
		safe = malloc(4 * strlen(driver) + 1);
		if (safe)
			hwmsg_text_safe(safe, 4 * strlen(driver) + 1, driver);
		pcapng_opt_str(b, PCAPNG_IF_DESCRIPTION, safe ? safe : "?");
	}
	pcapng_opt(b, PCAPNG_IF_TSRESOL, &tsresol, 1);
	free(name);
	free(safe);
	return put_block(w, 1, err);
}

/* The interface of bus/dev; a new one gets its IDB written now. */
static long dev_id(struct hwmsg_writer *w, const char *bus, const char *dev,
		   const char *driver, struct hwmsg_err *err)
{
	struct wdev *d;
	size_t i;

	for (i = w->n_devs; i-- > 0;)
		if (!strcmp(w->devs[i].bus, bus) &&
		    !strcmp(w->devs[i].dev, dev))
			return (long)i;
	if (w->n_devs == w->cap_devs) {
		size_t cap = w->cap_devs ? 2 * w->cap_devs : 8;
		struct wdev *p = realloc(w->devs, cap * sizeof(*p));

		if (!p)
			return hwmsg_errf(err, 0, "%s: out of memory",
					  w->out.name);
		w->devs = p;
		w->cap_devs = cap;
	}
	d = &w->devs[w->n_devs];
	memset(d, 0, sizeof(*d));
	d->bus = strdup(bus);
	d->dev = strdup(dev);
	if (!d->bus || !d->dev) {
		free(d->bus);
		free(d->dev);
		return hwmsg_errf(err, 0, "%s: out of memory", w->out.name);
	}
	/* no EPB may name an interface whose IDB is not out */
	if (put_idb(w, d, driver, err)) {
		free(d->bus);
		free(d->dev);
		return -1;
	}
	return (long)w->n_devs++;
}

struct hwmsg_writer *hwmsg_writer_open(const char *path,
				       const struct hwmsg_writer_opts *opts,
				       struct hwmsg_err *err)
{
	static const struct hwmsg_writer_opts defaults;
	const struct hwmsg_writer_opts *o = opts ? opts : &defaults;
	struct hwmsg_writer *w;
	bool zstd;
	size_t n;

	switch (o->compress) {
	case HWMSG_COMPRESS_ZSTD:
		zstd = true;
		break;
	case HWMSG_COMPRESS_NONE:
		zstd = false;
		break;
	default:
		n = strlen(path);
		zstd = n > 4 && !strcmp(path + n - 4, ".zst");
		break;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		hwmsg_errf(err, 0, "%s: out of memory", path);
		return NULL;
	}
	if (hwmsg_out_open(&w->out, path, zstd,
			   o->zstd_level ? o->zstd_level : HWMSG_ZSTD_LEVEL,
			   err)) {
		free(w);
		return NULL;
	}
	w->out.stop = o->stop;
	w->flush_ms = o->flush_ms ? o->flush_ms : DEFAULT_FLUSH_MS;
	w->clock = flush_clock(w->flush_ms);
	w->record_clock = o->record_clock;
	w->filtering = o->filter != NULL;
	w->seed_tags = o->seed_tags;
	/* the file is a valid empty capture from the start */
	if (put_shb(w, o, err) || hwmsg_writer_flush(w, err)) {
		hwmsg_writer_close(w, NULL);
		return NULL;
	}
	return w;
}

/* An EPB's parts around the record: the fixed fields before it, after it
 * the flags option (4 + 4), the end of options (4) and the length (4). */
#define EPB_HEAD_LEN	28
#define EPB_TAIL_LEN	16

/* Laid out straight in the output buffer: records are the bulk. */
static int put_epb(struct hwmsg_writer *w, long id,
		   const struct hwmsg_record *rec, struct hwmsg_err *err)
{
	struct hwmsg_record seed;
	struct hwmsg_rec_size sz;
	size_t len, padded, total;
	uint8_t *p, *q;

	if (w->seed_tags) {	/* the tags of flags 6-8 are not written */
		seed = *rec;
		seed.flags &= ~(uint32_t)(HWMSG_RECF_HAS_INDEX |
					  HWMSG_RECF_HAS_SEQ |
					  HWMSG_RECF_TRUNCATED);
		seed.orig_len = seed.len;
		rec = &seed;
	}
	hwmsg_rec_measure(rec, &sz);
	len = sz.len;
	if (len > MAX_RECORD_LEN)
		return hwmsg_errf(err, 0, "%s: record of %zu bytes too long",
				  w->out.name, len);
	padded = (len + 3) & ~(size_t)3;
	total = EPB_HEAD_LEN + padded + EPB_TAIL_LEN;
	p = hwmsg_out_reserve(&w->out, total, err);
	if (!p)
		return -1;
	hwmsg_put_le32(p, PCAPNG_EPB);
	hwmsg_put_le32(p + 4, (uint32_t)total);
	hwmsg_put_le32(p + 8, (uint32_t)id);
	hwmsg_put_le32(p + 12, (uint32_t)(rec->ts_ns >> 32));
	hwmsg_put_le32(p + 16, (uint32_t)rec->ts_ns);
	hwmsg_put_le32(p + 20, (uint32_t)len);	/* captured */
	hwmsg_put_le32(p + 24, (uint32_t)len);	/* original */
	if (hwmsg_rec_encode_measured(rec, &sz, p + EPB_HEAD_LEN, len,
				      err) < 0) {
		hwmsg_err_prefix(err, "%s", w->out.name);
		return -1;
	}
	memset(p + EPB_HEAD_LEN + len, 0, padded - len);
	q = p + EPB_HEAD_LEN + padded;
	hwmsg_put_le16(q, PCAPNG_EPB_FLAGS);
	hwmsg_put_le16(q + 2, 4);
	hwmsg_put_le32(q + 4, rec->dir == HWMSG_DIR_FROM_HW ?
				      PCAPNG_EPB_FLAG_INBOUND :
				      PCAPNG_EPB_FLAG_OUTBOUND);
	hwmsg_put_le32(q + 8, PCAPNG_OPT_END);	/* code and length 0 */
	hwmsg_put_le32(q + 12, (uint32_t)total);
	return hwmsg_out_commit(&w->out, total, true, err);
}

int hwmsg_writer_write(struct hwmsg_writer *w, const struct hwmsg_record *rec,
		       struct hwmsg_err *err)
{
	const char *bus = rec->bus ? rec->bus : "";
	const char *dev = rec->dev ? rec->dev : "";
	struct hwmsg_record r = *rec;
	struct wdev *d;
	long id;

	r.bus = bus;
	r.dev = dev;
	r.driver = rec->driver ? rec->driver : "";
	id = dev_id(w, bus, dev, r.driver, err);
	if (id < 0 || put_epb(w, id, &r, err))
		return -1;
	d = &w->devs[id];
	if (!d->recv++)
		d->first_ts = rec->ts_ns;
	d->last_ts = rec->ts_ns;
	if (rec->ts_ns > w->latest_ts)
		w->latest_ts = rec->ts_ns;
	if (now_ms(w) - w->last_flush_ms >= w->flush_ms)
		return hwmsg_writer_flush(w, err);
	return 0;
}

void hwmsg_writer_add_drops(struct hwmsg_writer *w, const char *bus,
			    const char *dev, uint64_t dropped)
{
	long id;

	if (!bus || !dev) {
		w->unattributed += dropped;
		return;
	}
	/* an IDB write failure is sticky and shows at the next flush */
	id = dev_id(w, bus, dev, NULL, NULL);
	if (id >= 0)
		w->devs[id].drop += dropped;
	else
		w->unattributed += dropped;
}

int hwmsg_writer_add_filtered(struct hwmsg_writer *w,
			      const struct hwmsg_record *rec,
			      struct hwmsg_err *err)
{
	long id = dev_id(w, rec->bus ? rec->bus : "", rec->dev ? rec->dev : "",
			 rec->driver ? rec->driver : "", err);

	if (id < 0)
		return -1;
	w->devs[id].filtered++;
	w->filtering = true;
	return 0;
}

int hwmsg_writer_errno(const struct hwmsg_writer *w)
{
	return w->out.error;
}

int hwmsg_writer_flush(struct hwmsg_writer *w, struct hwmsg_err *err)
{
	w->last_flush_ms = now_ms(w);
	return hwmsg_out_flush(&w->out, err);
}

static int put_isb(struct hwmsg_writer *w, uint32_t id, uint64_t now,
		   struct hwmsg_err *err)
{
	const struct wdev *d = &w->devs[id];
	struct pcapng_blk *b = &w->blk;
	char note[96];

	pcapng_begin(b, PCAPNG_ISB);
	pcapng_u32(b, id);
	pcapng_ts(b, now);
	if (d->recv) {
		pcapng_opt_ts(b, PCAPNG_ISB_STARTTIME, d->first_ts);
		pcapng_opt_ts(b, PCAPNG_ISB_ENDTIME, d->last_ts);
	}
	pcapng_opt_u64(b, PCAPNG_ISB_IFRECV, d->recv + d->filtered);
	if (w->filtering)
		pcapng_opt_u64(b, PCAPNG_ISB_FILTERACCEPT, d->recv);
	/*
	 * With drops no device can be named for, a device's own count is
	 * unknown (some of them may be its): say nothing rather than 0, so
	 * that Wireshark shows "unknown", not "0 dropped".
	 */
	if (d->drop || !w->unattributed)
		pcapng_opt_u64(b, PCAPNG_ISB_IFDROP, d->drop);
	if (id == 0 && w->unattributed) {
		snprintf(note, sizeof(note), "dropped (not attributable): %" PRIu64,
			 w->unattributed);
		pcapng_opt_str(b, PCAPNG_OPT_COMMENT, note);
	}
	return put_block(w, 1, err);
}

static void free_devs(struct hwmsg_writer *w)
{
	size_t i;

	for (i = 0; i < w->n_devs; i++) {
		free(w->devs[i].bus);
		free(w->devs[i].dev);
	}
	free(w->devs);
}

int hwmsg_writer_close(struct hwmsg_writer *w, struct hwmsg_err *err)
{
	return hwmsg_writer_close_counted(w, NULL, err);
}

int hwmsg_writer_close_counted(struct hwmsg_writer *w, uint64_t *records,
			       struct hwmsg_err *err)
{
	uint64_t now;
	int ret = 0;
	size_t i;

	if (records)
		*records = 0;
	if (!w)
		return 0;
	/* 0 without records: the epoch, as good as any virtual time */
	now = w->record_clock ? w->latest_ts : now_realtime_ns();
	/* unattributable drops need an interface to be reported on */
	if (w->unattributed && !w->n_devs &&
	    dev_id(w, "hwmsg", "unattributed", NULL, err) < 0)
		ret = -1;
	for (i = 0; !ret && i < w->n_devs; i++)
		ret = put_isb(w, (uint32_t)i, now, err);
	if (ret)
		hwmsg_out_close(&w->out, NULL);
	else
		ret = hwmsg_out_close(&w->out, err);
	if (records)
		*records = w->out.records;
	pcapng_blk_free(&w->blk);
	free_devs(w);
	free(w);
	return ret;
}
