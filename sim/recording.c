// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The built-in captures of Linux's mlxsw (tests/data, embedded compressed)
 * read from memory by libhwmsg's reader and grouped into transactions by
 * its pairing (hwmsg/txn.h): a request, its answers and resends of its tid
 * are one transaction, which starts with its first record. Each file is
 * paired on its own, so no answer pairs across them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/io.h"
#include "hwmsg/msg.h"
#include "hwmsg/txn.h"
#include "sim_int.h"

/* A record read, before the transactions are known. */
struct raw {
	uint64_t ts_ns;
	uint32_t txn;			/* of the file, from 0 */
	struct sim_played p;
};

struct file_state {
	struct raw *raw;
	uint32_t n, cap;
	uint32_t n_txns;
};

static int grow_raw(struct file_state *fs)
{
	uint32_t n = fs->cap ? fs->cap * 2 : 1024;
	struct raw *q;

	if (fs->n < fs->cap)
		return 0;
	q = realloc(fs->raw, (size_t)n * sizeof(*q));
	if (!q)
		return -1;
	fs->raw = q;
	fs->cap = n;
	return 0;
}

static int add_bytes(struct sim_recording *r, size_t *cap, const uint8_t *b,
		     uint32_t len)
{
	if (r->n_bytes + len > *cap) {
		size_t n = *cap ? *cap * 2 : 1 << 20;
		uint8_t *q;

		while (n < r->n_bytes + len)
			n *= 2;
		q = realloc(r->bytes, n);
		if (!q)
			return -1;
		r->bytes = q;
		*cap = n;
	}
	memcpy(r->bytes + r->n_bytes, b, len);
	r->n_bytes += len;
	return 0;
}

/* The transaction a record belongs to (hwmsg_txn_feed_ref refs: index + 1). */
static uint32_t txn_of(struct file_state *fs, const struct hwmsg_txn_info *in)
{
	bool joins = in->is_response ? in->matched : in->retransmits > 0;

	if (joins && in->first_ref && in->first_ref <= fs->n)
		return fs->raw[in->first_ref - 1].txn;
	return fs->n_txns++;
}

static int read_one(struct sim_recording *r, struct file_state *fs,
		    size_t *bytes_cap, struct hwmsg_txn *pair,
		    const struct hwmsg_record *rec, struct hwmsg_err *err)
{
	struct hwmsg_txn_info info;
	struct hwmsg_msg msg;
	struct raw *w;
	unsigned int i;

	if (rec->type != HWMSG_TYPE_MLX_EMAD)
		return hwmsg_errf(err, 0, "not an EMAD");
	if (rec->len != rec->orig_len || rec->len > SIM_FRAME_MAX)
		return hwmsg_errf(err, 0, "%u bytes (cut, or over %d)",
				  rec->orig_len, SIM_FRAME_MAX);
	if (hwmsg_msg_decode(rec, &msg, err) < 0)
		return -1;
	for (i = 0; i < msg.n_tlvs; i++)
		if (msg.tlvs[i].type == HWMSG_EMAD_TLV_OP)
			break;
	if (i == msg.n_tlvs)
		return hwmsg_errf(err, 0, "no OP TLV");
	hwmsg_txn_feed_ref(pair, rec, &msg, fs->n + 1, &info);

	if (grow_raw(fs) || add_bytes(r, bytes_cap, rec->payload, rec->len))
		return hwmsg_errf(err, 0, "%s", strerror(ENOMEM));
	w = &fs->raw[fs->n];
	w->ts_ns = rec->ts_ns;
	w->txn = txn_of(fs, &info);
	w->p.at = (uint32_t)(r->n_bytes - rec->len);
	w->p.len = (uint16_t)rec->len;
	w->p.tid_off = (uint16_t)(msg.tlvs[i].offset + HWMSG_EMAD_OP_TID_OFF);
	w->p.dir = rec->dir;
	fs->n++;
	return 0;
}

/* The file's records, grouped: a counting sort on the transaction. */
static int add_txns(struct sim_recording *r, struct file_state *fs,
		    struct hwmsg_err *err)
{
	struct sim_txn *t = realloc(r->txns, (r->n_txns + fs->n_txns) *
					     sizeof(*t));
	struct sim_played *p = realloc(r->recs, (r->n_recs + fs->n) *
						sizeof(*p));
	uint64_t *start = calloc(fs->n_txns ? fs->n_txns : 1, sizeof(*start));
	uint32_t i, at = r->n_recs;

	if (t)
		r->txns = t;
	if (p)
		r->recs = p;
	if (!t || !p || !start) {
		free(start);
		return hwmsg_errf(err, 0, "%s", strerror(ENOMEM));
	}
	t += r->n_txns;
	memset(t, 0, fs->n_txns * sizeof(*t));
	for (i = 0; i < fs->n; i++)
		if (t[fs->raw[i].txn].n++ == 0)
			start[fs->raw[i].txn] = fs->raw[i].ts_ns;
	for (i = 0; i < fs->n_txns; i++) {
		if (t[i].n > SIM_TXN_MAX) {
			free(start);
			return hwmsg_errf(err, 0,
					  "a transaction of %u records (over %d)",
					  t[i].n, SIM_TXN_MAX);
		}
		t[i].first = at;
		at += t[i].n;
		t[i].n = 0;
	}
	for (i = 0; i < fs->n; i++) {
		struct sim_txn *x = &t[fs->raw[i].txn];
		struct sim_played *d = &r->recs[x->first + x->n++];

		*d = fs->raw[i].p;
		/* a resend recorded before its first transmission's clock
		 * (two CPUs' clocks) plays at the start */
		d->off_ns = fs->raw[i].ts_ns > start[fs->raw[i].txn] ?
			    fs->raw[i].ts_ns - start[fs->raw[i].txn] : 0;
	}
	free(start);
	r->n_txns += fs->n_txns;
	r->n_recs += fs->n;
	return 0;
}

static int load_file(struct sim_recording *r, const struct sim_embedded *f,
		     size_t *bytes_cap, struct hwmsg_err *err)
{
	struct file_state fs = { 0 };
	struct hwmsg_reader *rd;
	struct hwmsg_record rec;
	struct hwmsg_txn *pair;
	FILE *fp;
	int rc = -1;

	fp = fmemopen((void *)f->data, f->len, "rb");
	if (!fp)
		return hwmsg_errf(err, 0, "%s", strerror(errno));
	rd = hwmsg_reader_fopen(fp, f->name, err);
	if (!rd)
		return -1;
	pair = hwmsg_txn_new();
	if (!pair) {
		hwmsg_errf(err, 0, "%s", strerror(ENOMEM));
		goto out;
	}
	for (;;) {
		int got = hwmsg_reader_next(rd, &rec, err);

		if (got < 0)
			goto out;
		if (!got)
			break;
		if (read_one(r, &fs, bytes_cap, pair, &rec, err)) {
			hwmsg_err_prefix(err, "record %u", fs.n + 1);
			goto out;
		}
	}
	if (hwmsg_reader_info(rd)->cut) {
		hwmsg_errf(err, 0, "cut short after %u records", fs.n);
		goto out;
	}
	if (!fs.n) {
		hwmsg_errf(err, 0, "no records");
		goto out;
	}
	rc = add_txns(r, &fs, err);
out:
	hwmsg_txn_free(pair);
	hwmsg_reader_close(rd);
	free(fs.raw);
	return rc;
}

int sim_recording_load(struct sim_recording *r,
		       const struct sim_embedded *files, unsigned int n_files,
		       struct hwmsg_err *err)
{
	size_t bytes_cap = 0;
	unsigned int i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n_files; i++) {
		r->loop_from = r->n_txns;
		if (load_file(r, &files[i], &bytes_cap, err)) {
			hwmsg_err_prefix(err, "mlxsw recording %s (built in)",
					 files[i].name);
			sim_recording_free(r);
			return -1;
		}
	}
	if (!r->n_txns) {
		sim_recording_free(r);
		return hwmsg_errf(err, 0, "mlxsw recording: no files built in");
	}
	return 0;
}

void sim_recording_free(struct sim_recording *r)
{
	free(r->bytes);
	free(r->recs);
	free(r->txns);
	memset(r, 0, sizeof(*r));
}
