/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's perf.data input (perf record -e devlink:devlink_hwmsg), read
 * by the documented format (tools/perf/Documentation/perf.data-file-format.txt):
 * file mode (header, attrs, data, feature sections after it) and pipe mode
 * (perf record -o -: the same as records in the stream), zstd-compressed
 * records (-z) or not. Samples are handed out in time order, as perf
 * sorts them (FINISHED_ROUND). Only little-endian files.
 *
 * perf_in.c: open and the record loop; perf_bytes.c: the input's bytes;
 * perf_head.c: header, attrs, features; perf_tracing.c: the event formats;
 * perf_sample.c: a sample's layout; perf_queue.c: the time order.
 */
#ifndef HWMSG_IO_PERF_IN_H
#define HWMSG_IO_PERF_IN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <zstd.h>

#include "hwmsg/err.h"
#include "in.h"
#include "trace_in.h"

#define PERF_MAGIC		0x32454c4946524550ull	/* "PERFILE2" */
#define PERF_PIPE_HDR_LEN	16
#define PERF_FILE_HDR_LEN	104
#define PERF_ATTRS_MAX		256
#define PERF_REC_HDR_LEN	8

struct tep_handle;

struct perf_attr {
	uint32_t type;
	uint64_t config, sample_type, read_format;
	bool sample_id_all;
	int32_t clockid;	/* -1: perf's own clock */
	uint64_t *ids;
	size_t n_ids;
	bool ours;		/* samples are devlink:devlink_hwmsg's */
	uint64_t samples;
};

/* The input's plain bytes: pread on a file (file mode), or the reader's
 * stream (pipe mode, forward only). */
struct perf_bytes {
	int fd;			/* >= 0: file mode */
	uint8_t *buf;
	size_t cap, len;
	uint64_t start;		/* file offset of buf[0] */
	uint64_t size;		/* of the file */
	struct hwmsg_in *in;	/* pipe mode */
};

/* A sample waiting for its turn (perf_queue.c). */
struct perf_pending {
	uint64_t ts, seq;
	size_t off;		/* raw bytes in the arena */
	uint32_t len;
};

struct perf_queue {
	struct perf_pending *q;
	size_t n, cap, ready, next;	/* [next, ready) may go now */
	uint8_t *arena;
	size_t arena_len, arena_cap;
	uint64_t seq, max_ts, limit;
	bool have_limit;
};

/* A CPU's latest samples, oldest first from head: hash and time. */
#define PERF_RECENT 1024
struct perf_recent {
	uint64_t hash[PERF_RECENT];
	uint64_t time[PERF_RECENT];
	unsigned int n, head;	/* head: where the next one goes */
};

struct perf_in {
	struct trace_in *t;
	struct perf_bytes b;
	bool pipe;
	uint64_t pos;		/* next record's offset */
	uint64_t end;		/* file mode: the data section's end */
	struct perf_attr attrs[PERF_ATTRS_MAX];
	unsigned int n_attrs;
	struct tep_handle *tep;
	int our_id;		/* the event's id in tep; -1 unknown */
	bool guessed_format;	/* no tracing data: Linux 6.1's layout */
	bool clock_data;	/* HEADER_CLOCK_DATA read */
	int32_t clock_clockid;
	uint64_t clock_wall_ns, clock_ref_ns;
	bool have_clockid_res;
	ZSTD_DCtx *dz;		/* PERF_RECORD_COMPRESSED */
	uint8_t *dbuf;		/* decompressed records not yet taken */
	size_t dlen, dpos, dcap;
	uint8_t *rec;		/* one record, copied whole */
	size_t rec_cap;
	struct perf_queue queue;
	/*
	 * perf record sometimes writes samples twice, at both sides of a
	 * FINISHED_ROUND (seen in pipe mode): one sample, or a run of them
	 * (29 once), the same bytes, time and CPU. A CPU's samples come in
	 * time order, so one at or before its CPU's latest time is looked
	 * for among that CPU's recent ones; twice: how many were found.
	 */
	struct perf_recent **recent;	/* per CPU, NULL: none yet */
	unsigned int n_recent;
	uint64_t twice;
	bool ended;
	char note[256];		/* said first, as an error */
	char warn[256];		/* said at the end, as an error */
	bool cut;
	FILE *src, *spool;	/* spool: the seekable copy (or src) */
};

/* perf_bytes.c */
/* n bytes at off: their address (valid until the next call), *have of
 * them there (fewer only at the end); NULL with err on a read error. */
const uint8_t *perf_get(struct perf_in *p, uint64_t off, size_t n,
			size_t *have, struct hwmsg_err *err);
void perf_bytes_free(struct perf_bytes *b);

/* perf_head.c */
int perf_read_file_header(struct perf_in *p, struct hwmsg_err *err);
/* A feature section's bytes (file mode) or a HEADER_FEATURE record's. */
void perf_feature(struct perf_in *p, unsigned int feat, const uint8_t *d,
		  size_t n);
/* An attr (attr_size bytes) and its ids: added, or -1 with err. */
int perf_add_attr(struct perf_in *p, const uint8_t *a, size_t attr_size,
		  const uint8_t *ids, size_t n_ids, struct hwmsg_err *err);
/* Which attrs are ours, and the error when none is. */
int perf_match_attrs(struct perf_in *p, struct hwmsg_err *err);

/* perf_tracing.c: HEADER_TRACING_DATA into p->tep; -1 when unusable. */
int perf_tracing_data(struct perf_in *p, const uint8_t *d, size_t n);
/* A readable name for an attr: "sched:sched_switch", "type 0 config 0". */
void perf_attr_name(const struct perf_in *p, const struct perf_attr *a,
		    char *buf, size_t cap);

/* Bytes of a record read in order; bad once a read went past its end. */
struct perf_cur {
	const uint8_t *p;
	size_t n;
	bool bad;
};

static inline const uint8_t *perf_take(struct perf_cur *c, size_t n)
{
	const uint8_t *p = c->p;

	if (c->bad || n > c->n) {
		c->bad = true;
		return NULL;
	}
	c->p += n;
	c->n -= n;
	return p;
}

/* perf_sample.c */
struct perf_sample {
	const struct perf_attr *attr;
	uint64_t time;
	int cpu;		/* -1: not in the sample */
	const uint8_t *raw;
	uint32_t raw_len;
};
/* A PERF_RECORD_SAMPLE's body (after its header): 0, -1 malformed. */
int perf_parse_sample(const struct perf_in *p, const uint8_t *d, size_t n,
		      struct perf_sample *s);
/* The CPU in a non-sample record's sample_id trailer; -1 unknown. */
int perf_trailer_cpu(const struct perf_in *p, const uint8_t *d, size_t n);

/* perf_queue.c */
int perf_queue_add(struct perf_queue *q, uint64_t ts, const uint8_t *raw,
		   uint32_t len);
/* FINISHED_ROUND: what is older than the round before may go. */
void perf_queue_round(struct perf_queue *q);
/* The end: everything may go. */
void perf_queue_flush(struct perf_queue *q);
/* The next sample that may go, or NULL. */
const struct perf_pending *perf_queue_take(struct perf_queue *q,
					   const uint8_t **raw);
void perf_queue_free(struct perf_queue *q);

/* perf_in.c: for reader.c */
/* *relative: the times are perf's clock, not wall time (t->clock says). */
struct perf_in *perf_in_open(struct trace_in *t, struct hwmsg_in *in,
			     FILE *src, bool pipe, struct hwmsg_err *err,
			     bool *relative);
int perf_in_next(struct perf_in *p, struct hwmsg_record *rec,
		 struct hwmsg_err *err);
void perf_in_close(struct perf_in *p);

#endif
