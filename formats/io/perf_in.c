// SPDX-License-Identifier: GPL-2.0-or-later
/* perf.data: open it, and its records one by one (perf_in.h). */
#include <event-parse.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hwmsg/wire.h"
#include "perf_in.h"
#include "trace_spool.h"

#define REC_HEADER_ATTR		64
#define REC_TRACING_DATA	66
#define REC_FINISHED_ROUND	68
#define REC_AUXTRACE		71
#define REC_HEADER_FEATURE	80
#define REC_COMPRESSED		81
#define TRACING_MAX		(512u << 20)

/* devlink_hwmsg as Linux 6.1 lays it out: for a file without formats */
static const char *const layout_6_1[] = {
	"field:__data_loc char[] bus_name;\toffset:8;\tsize:4;",
	"field:__data_loc char[] dev_name;\toffset:12;\tsize:4;",
	"field:__data_loc char[] driver_name;\toffset:16;\tsize:4;",
	"field:bool incoming;\toffset:20;\tsize:1;",
	"field:unsigned long type;\toffset:24;\tsize:8;",
	"field:__data_loc u8[] buf;\toffset:32;\tsize:4;",
	"field:size_t len;\toffset:40;\tsize:8;",
};

static void events_list(const struct perf_in *p, char *buf, size_t cap)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < p->n_attrs && used + 2 < cap; i++) {
		const struct perf_attr *a = &p->attrs[i];
		char name[128];

		/* perf's own placeholder (pipe mode, -a): no event */
		if (a->type == PERF_TYPE_SOFTWARE &&
		    a->config == PERF_COUNT_SW_DUMMY)
			continue;
		perf_attr_name(p, a, name, sizeof(name));
		used += (size_t)snprintf(buf + used, cap - used, "%s%s",
					 used ? ", " : "", name);
	}
	if (!used)
		snprintf(buf, cap, "none");
}

/* Without formats: the one tracepoint there is, at Linux 6.1's offsets. */
static void guess_format(struct perf_in *p)
{
	struct perf_attr *tp = NULL;

	for (unsigned int i = 0; i < p->n_attrs; i++) {
		if (p->attrs[i].type != PERF_TYPE_TRACEPOINT)
			continue;
		if (tp)
			return;
		tp = &p->attrs[i];
	}
	if (!tp)
		return;
	tp->ours = true;
	p->guessed_format = true;
	memset(&p->t->fmt, 0, sizeof(p->t->fmt));
	for (size_t i = 0; i < sizeof(layout_6_1) / sizeof(*layout_6_1); i++)
		hwmsg_tp_format_line(&p->t->fmt, layout_6_1[i]);
}

int perf_match_attrs(struct perf_in *p, struct hwmsg_err *err)
{
	struct tep_event *ev = NULL;
	bool any = false;
	char list[512];

	if (p->tep)
		ev = tep_find_event_by_name(p->tep, HWMSG_TP_SYSTEM,
					    HWMSG_TP_EVENT);
	if (ev) {
		p->our_id = ev->id;
		hwmsg_tp_format_event(&p->t->fmt, ev);
		if (hwmsg_tp_format_check(&p->t->fmt, p->t->name, err))
			return -1;
		for (unsigned int i = 0; i < p->n_attrs; i++) {
			struct perf_attr *a = &p->attrs[i];

			a->ours = a->type == PERF_TYPE_TRACEPOINT &&
				  a->config == (uint64_t)ev->id;
			any |= a->ours;
		}
	} else if (!p->tep) {
		guess_format(p);
		any = p->guessed_format;
	}
	if (any)
		return 0;
	events_list(p, list, sizeof(list));
	return hwmsg_errf(err, 0, "%s: perf.data: no devlink:devlink_hwmsg samples (events: %s)",
			  p->t->name, list);
}

static uint8_t *rec_room(struct perf_in *p, size_t n)
{
	if (n > p->rec_cap) {
		uint8_t *q = realloc(p->rec, n);

		if (!q)
			return NULL;
		p->rec = q;
		p->rec_cap = n;
	}
	return p->rec;
}

/* The next whole record decompressed earlier, if there is one. */
static bool from_dbuf(struct perf_in *p, const uint8_t **d, uint32_t *type,
		      size_t *n)
{
	size_t left = p->dlen - p->dpos, size;

	if (left < PERF_REC_HDR_LEN)
		return false;
	size = hwmsg_get_le16(p->dbuf + p->dpos + 6);
	if (size < PERF_REC_HDR_LEN) {	/* damage: drop the rest */
		p->dpos = p->dlen;
		return false;
	}
	if (size > left)
		return false;
	*type = hwmsg_get_le32(p->dbuf + p->dpos);
	*d = p->dbuf + p->dpos + PERF_REC_HDR_LEN;
	*n = size - PERF_REC_HDR_LEN;
	p->dpos += size;
	return true;
}

static int decompress(struct perf_in *p, const uint8_t *d, size_t n,
		      struct hwmsg_err *err)
{
	ZSTD_inBuffer zin = { d, n, 0 };

	if (!p->dz && !(p->dz = ZSTD_createDCtx()))
		return hwmsg_errf(err, p->pos, "%s: out of memory", p->t->name);
	if (p->dpos)	/* keep what is left, at the start */
		memmove(p->dbuf, p->dbuf + p->dpos, p->dlen - p->dpos);
	p->dlen -= p->dpos;
	p->dpos = 0;
	while (zin.pos < zin.size) {
		ZSTD_outBuffer out;
		size_t ret;

		if (p->dcap - p->dlen < 65536) {
			uint8_t *q = realloc(p->dbuf, p->dcap + (1u << 20));

			if (!q)
				return hwmsg_errf(err, p->pos, "%s: out of memory",
						  p->t->name);
			p->dbuf = q;
			p->dcap += 1u << 20;
		}
		out = (ZSTD_outBuffer){ p->dbuf + p->dlen, p->dcap - p->dlen, 0 };
		ret = ZSTD_decompressStream(p->dz, &out, &zin);
		p->dlen += out.pos;
		if (ZSTD_isError(ret))
			return hwmsg_errf(err, p->pos, "%s: PERF_RECORD_COMPRESSED before offset 0x%" PRIx64 ": zstd: %s",
					  p->t->name, p->pos,
					  ZSTD_getErrorName(ret));
		if (p->dlen > (256u << 20))
			return hwmsg_errf(err, p->pos, "%s: compressed records decompress to over 256 MiB of partial records",
					  p->t->name);
	}
	return 0;
}

/* The file's next record: 1, 0 at its end, -1 with err (then nothing more). */
static int outer_record(struct perf_in *p, const uint8_t **d, uint32_t *type,
			size_t *n, struct hwmsg_err *err)
{
	const uint8_t *h;
	size_t have, size;
	uint8_t *r;

	if (p->pos >= p->end)
		return 0;
	h = perf_get(p, p->pos, PERF_REC_HDR_LEN, &have, err);
	if (!h)
		return -1;
	if (!have)
		return 0;
	size = have < PERF_REC_HDR_LEN ? 0 : hwmsg_get_le16(h + 6);
	if (have < PERF_REC_HDR_LEN || p->pos + size > p->end) {
		p->cut = true;
		return hwmsg_errf(err, p->pos, "%s: cut short inside the record at offset 0x%" PRIx64 ": read up to there",
				  p->t->name, p->pos);
	}
	if (size < PERF_REC_HDR_LEN)
		return hwmsg_errf(err, p->pos, "%s: damaged: a record of %zu bytes at offset 0x%" PRIx64 ": read up to there",
				  p->t->name, size, p->pos);
	h = perf_get(p, p->pos, size, &have, err);
	if (!h)
		return -1;
	if (have < size) {
		p->cut = true;
		return hwmsg_errf(err, p->pos, "%s: cut short inside the record at offset 0x%" PRIx64 ": read up to there",
				  p->t->name, p->pos);
	}
	r = rec_room(p, size);
	if (!r)
		return hwmsg_errf(err, p->pos, "%s: out of memory", p->t->name);
	memcpy(r, h, size);
	p->pos += size;
	*type = hwmsg_get_le32(r);
	*d = r + PERF_REC_HDR_LEN;
	*n = size - PERF_REC_HDR_LEN;
	return 1;
}

/* Bytes that follow a record outside its size: tracing data, AUX. */
static int trailing_data(struct perf_in *p, uint32_t type, const uint8_t *d,
			 size_t n, struct hwmsg_err *err)
{
	uint64_t size;
	const uint8_t *blob;
	size_t have;

	if (type == REC_TRACING_DATA && n >= 4)
		size = hwmsg_get_le32(d);
	else if (type == REC_AUXTRACE && n >= 8)
		size = hwmsg_get_le64(d);
	else
		return 0;
	if (type == REC_TRACING_DATA && size <= TRACING_MAX) {
		blob = perf_get(p, p->pos, (size_t)size, &have, err);
		if (!blob)
			return -1;
		if (have == size)
			perf_tracing_data(p, blob, (size_t)size);
	}
	p->pos += size;
	return 0;
}

static uint64_t wall_ts(const struct perf_in *p, const struct perf_attr *a,
			uint64_t ts)
{
	if (p->clock_data && a->clockid == p->clock_clockid)
		return ts - p->clock_ref_ns + p->clock_wall_ns;
	return ts;
}

/* FNV-1a of a whole sample record; never 0 (that means "none"). */
static uint64_t sample_hash(const uint8_t *d, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ d[i]) * 0x100000001b3ull;
	return h ? h : 1;
}

static struct perf_recent *recent_of(struct perf_in *p, int cpu)
{
	if (cpu < 0 || cpu >= TRACE_IN_CPUS_MAX)
		return NULL;
	if ((unsigned int)cpu >= p->n_recent) {
		struct perf_recent **q = realloc(p->recent,
						 ((size_t)cpu + 1) * sizeof(*q));

		if (!q)
			return NULL;
		memset(q + p->n_recent, 0,
		       ((size_t)cpu + 1 - p->n_recent) * sizeof(*q));
		p->recent = q;
		p->n_recent = (unsigned int)cpu + 1;
	}
	if (!p->recent[cpu])
		p->recent[cpu] = calloc(1, sizeof(*p->recent[cpu]));
	return p->recent[cpu];
}

/* Has this CPU written this sample (bytes and time) before? */
static bool written_twice(struct perf_in *p, int cpu, uint64_t time,
			  const uint8_t *d, size_t n)
{
	struct perf_recent *r = recent_of(p, cpu);
	uint64_t h = sample_hash(d, n);
	unsigned int i, k;

	if (!r)
		return false;
	/* newest first, back to the first one older than this sample (a
	 * sample without a time: the newest only) */
	for (k = 0; k < r->n && (time || !k); k++) {
		i = (r->head + PERF_RECENT - 1 - k) % PERF_RECENT;
		if (r->time[i] < time)
			break;
		if (r->hash[i] == h)
			return true;
	}
	/* one out of order is kept but not remembered: the ring stays in
	 * time order */
	i = (r->head + PERF_RECENT - 1) % PERF_RECENT;
	if (!r->n || r->time[i] <= time) {
		r->hash[r->head] = h;
		r->time[r->head] = time;
		r->head = (r->head + 1) % PERF_RECENT;
		if (r->n < PERF_RECENT)
			r->n++;
	}
	return false;
}

static int on_sample(struct perf_in *p, const uint8_t *d, size_t n,
		     struct hwmsg_err *err)
{
	struct perf_sample s;

	if (perf_parse_sample(p, d, n, &s) || !s.raw) {
		if (s.attr && !s.attr->ours) {
			p->t->other++;
			return 0;
		}
		return hwmsg_errf(err, p->pos, "%s: a sample before offset 0x%" PRIx64 " does not parse as its event's sample_type says",
				  p->t->name, p->pos);
	}
	if (!s.attr->ours) {
		p->t->other++;
		return 0;
	}
	if (written_twice(p, s.cpu, s.time, d, n)) {
		p->twice++;
		return 0;
	}
	if (perf_queue_add(&p->queue, wall_ts(p, s.attr, s.time), s.raw,
			   s.raw_len))
		return hwmsg_errf(err, p->pos, "%s: out of memory", p->t->name);
	return 0;
}

/* One record: 0, or -1 with err for that record alone. */
static int on_record(struct perf_in *p, uint32_t type, const uint8_t *d,
		     size_t n, struct hwmsg_err *err)
{
	switch (type) {
	case PERF_RECORD_SAMPLE:
		return on_sample(p, d, n, err);
	case PERF_RECORD_LOST:		/* u64 id, u64 lost, sample id */
		if (n >= 16)
			trace_in_lost(p->t, perf_trailer_cpu(p, d + 16, n - 16),
				      hwmsg_get_le64(d + 8));
		return 0;
	case PERF_RECORD_LOST_SAMPLES:	/* u64 lost, sample id */
		if (n >= 8)
			trace_in_lost_counted(p->t, hwmsg_get_le64(d));
		return 0;
	case REC_HEADER_ATTR:	/* attr (its own size), then ids */
		if (n < 8 || hwmsg_get_le32(d + 4) > n)
			return hwmsg_errf(err, p->pos, "%s: a HEADER_ATTR record too short",
					  p->t->name);
		return perf_add_attr(p, d, hwmsg_get_le32(d + 4),
				     d + hwmsg_get_le32(d + 4),
				     (n - hwmsg_get_le32(d + 4)) / 8, err);
	case REC_HEADER_FEATURE:	/* u64 feature, its section's bytes */
		if (n >= 8 && hwmsg_get_le64(d) < 256)
			perf_feature(p, (unsigned int)hwmsg_get_le64(d), d + 8,
				     n - 8);
		return 0;
	case REC_FINISHED_ROUND:
		perf_queue_round(&p->queue);
		return 0;
	case REC_COMPRESSED:
		return decompress(p, d, n, err);
	}
	return 0;
}

/* The next record, decompressed ones first: as outer_record. */
static int next_record(struct perf_in *p, uint32_t *type, const uint8_t **d,
		       size_t *n, struct hwmsg_err *err)
{
	int ret;

	/* compressed records hold no compressed records */
	while (from_dbuf(p, d, type, n))
		if (*type != REC_COMPRESSED)
			return 1;
	ret = outer_record(p, d, type, n, err);
	if (ret > 0 && trailing_data(p, *type, *d, *n, err))
		return -1;
	return ret;
}

static const char *clock_name(int32_t id)
{
	switch (id) {
	case 0: return "CLOCK_REALTIME";
	case 1: return "CLOCK_MONOTONIC";
	case 4: return "CLOCK_MONOTONIC_RAW";
	case 7: return "CLOCK_BOOTTIME";
	case 11: return "CLOCK_TAI";
	}
	return "clock";
}

/* What the samples' times are, from our event's clockid and CLOCK_DATA. */
static void set_clock(struct perf_in *p, bool *relative)
{
	const struct perf_attr *a = NULL;

	for (unsigned int i = 0; i < p->n_attrs && !a; i++)
		if (p->attrs[i].ours)
			a = &p->attrs[i];
	*relative = true;
	if (!a || a->clockid < 0) {
		snprintf(p->t->clock, sizeof(p->t->clock), "perf clock");
		return;
	}
	*relative = a->clockid != 0 &&
		    !(p->clock_data && p->clock_clockid == a->clockid);
	snprintf(p->t->clock, sizeof(p->t->clock), "perf %s%s",
		 clock_name(a->clockid),
		 a->clockid && !*relative ? ", wall time from HEADER_CLOCK_DATA" :
					    "");
}

/*
 * Pipe mode: the attrs, features and tracing data come first, as records;
 * the first record of another kind (a kernel record, a compressed batch)
 * ends them, and is taken once the attrs are matched.
 */
static int prologue(struct perf_in *p, struct hwmsg_err *err)
{
	const uint8_t *d;
	uint32_t type;
	size_t n;
	int ret;

	for (;;) {
		ret = next_record(p, &type, &d, &n, err);
		if (ret < 0)
			return -1;
		if (!ret || type < REC_HEADER_ATTR || type == REC_COMPRESSED)
			break;
		if (on_record(p, type, d, n, err))
			return -1;
	}
	if (perf_match_attrs(p, err))
		return -1;
	if (!ret) {
		p->ended = true;
		return 0;
	}
	return on_record(p, type, d, n, err);
}

static int open_file_mode(struct perf_in *p, struct hwmsg_in *in, FILE *src,
			  struct hwmsg_err *err)
{
	struct stat st;

	p->spool = trace_spool(in, src, p->t->name, err);
	if (!p->spool)
		return -1;
	p->b.fd = fileno(p->spool);
	if (fstat(p->b.fd, &st))
		return hwmsg_errf(err, 0, "%s: fstat failed", p->t->name);
	p->b.size = (uint64_t)st.st_size;
	if (perf_read_file_header(p, err))
		return -1;
	return perf_match_attrs(p, err);
}

struct perf_in *perf_in_open(struct trace_in *t, struct hwmsg_in *in,
			     FILE *src, bool pipe, struct hwmsg_err *err,
			     bool *relative)
{
	struct perf_in *p = calloc(1, sizeof(*p));
	const uint8_t *h;
	size_t have;
	int ret;

	if (!p) {
		hwmsg_errf(err, 0, "%s: out of memory", t->name);
		return NULL;
	}
	p->t = t;
	p->b.fd = -1;
	p->our_id = -1;
	p->src = src;
	p->pipe = pipe;
	p->end = UINT64_MAX;
	if (pipe) {
		p->b.in = in;
		h = perf_get(p, 0, PERF_PIPE_HDR_LEN, &have, err);
		ret = !h ? -1 : have < PERF_PIPE_HDR_LEN ?
			hwmsg_errf(err, 0, "%s: perf.data (pipe mode) header cut short",
				   t->name) : 0;
		if (!ret) {
			p->pos = hwmsg_get_le64(h + 8);
			ret = prologue(p, err);
		}
	} else {
		ret = open_file_mode(p, in, src, err);
	}
	if (ret) {
		perf_in_close(p);
		return NULL;
	}
	if (p->guessed_format)
		snprintf(p->note, sizeof(p->note),
			 "%s: no event formats in the file (cut short before its features?): devlink_hwmsg's fields taken where Linux 6.1 has them",
			 t->name);
	set_clock(p, relative);
	return p;
}

int perf_in_next(struct perf_in *p, struct hwmsg_record *rec,
		 struct hwmsg_err *err)
{
	const struct perf_pending *e;
	const uint8_t *raw, *d;
	struct hwmsg_err end;
	uint32_t type;
	size_t n;
	int ret;

	if (p->note[0]) {
		hwmsg_errf(err, 0, "%s", p->note);
		p->note[0] = '\0';
		return -1;
	}
	for (;;) {
		e = perf_queue_take(&p->queue, &raw);
		if (e) {
			trace_in_record(p->t, raw, e->len, e->ts, rec);
			return 1;
		}
		if (p->ended) {
			if (!p->warn[0])
				return 0;
			hwmsg_errf(err, p->pos, "%s", p->warn);
			p->warn[0] = '\0';
			return -1;
		}
		ret = next_record(p, &type, &d, &n, &end);
		if (ret <= 0) {
			perf_queue_flush(&p->queue);
			p->ended = true;
			if (ret < 0)	/* after the records before it */
				snprintf(p->warn, sizeof(p->warn), "%s",
					 end.msg);
			continue;
		}
		if (on_record(p, type, d, n, err))
			return -1;
	}
}

void perf_in_close(struct perf_in *p)
{
	if (!p)
		return;
	for (unsigned int i = 0; i < p->n_attrs; i++)
		free(p->attrs[i].ids);
	if (p->tep)
		tep_free(p->tep);
	ZSTD_freeDCtx(p->dz);
	free(p->dbuf);
	free(p->rec);
	perf_queue_free(&p->queue);
	for (unsigned int i = 0; i < p->n_recent; i++)
		free(p->recent[i]);
	free(p->recent);
	perf_bytes_free(&p->b);
	if (p->spool && p->spool != p->src)
		fclose(p->spool);
	free(p);
}
