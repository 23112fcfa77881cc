// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsg show -w: a slice of a capture, written as hwmsgd writes one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"

#define STASH_SLOTS HWMSG_TXN_MAX_PENDING

/* A request kept until its response says whether to write it. */
struct export_stash {
	uint64_t frame;		/* 0: empty */
	struct hwmsg_record rec;
	char *mem;		/* payload and names */
};

int export_open(struct export *e, const char *path, bool pairs,
		const char *what)
{
	struct hwmsg_writer_opts o = {
		.application = "hwmsg show " HWMSG_VERSION,
		.filter = what,
		.record_clock = true,	/* a slice is dated by its records */
	};
	struct hwmsg_err err;
	bool quiet = e->quiet;	/* set before, by the options */

	memset(e, 0, sizeof(*e));
	e->quiet = quiet;
	e->path = path;
	e->pairs = pairs;
	if (pairs) {
		e->stash = calloc(STASH_SLOTS, sizeof(*e->stash));
		if (!e->stash) {
			fprintf(stderr, "hwmsg show: out of memory\n");
			return -1;
		}
		e->stash_cap = STASH_SLOTS;
	}
	e->w = hwmsg_writer_open(path, &o, &err);
	if (!e->w) {
		fprintf(stderr, "hwmsg show: -w: %s\n", err.msg);
		free(e->stash);
		return -1;
	}
	return 0;
}

static int write_one(struct export *e, const struct hwmsg_record *rec)
{
	struct hwmsg_err err;

	if (hwmsg_writer_write(e->w, rec, &err)) {
		fprintf(stderr, "hwmsg show: -w: %s\n", err.msg);
		return -1;
	}
	e->written++;
	return 0;
}

static void left_out(struct export *e, const struct hwmsg_record *rec)
{
	struct hwmsg_err err;

	/* an interface that cannot be described fails the next write */
	hwmsg_writer_add_filtered(e->w, rec, &err);
	e->left_out++;
}

static void stash_drop(struct export *e, struct export_stash *s)
{
	if (!s->frame)
		return;
	left_out(e, &s->rec);
	free(s->mem);
	memset(s, 0, sizeof(*s));
}

/* Keep a copy of rec (its strings and payload point into one block). */
static void stash_put(struct export *e, const struct hwmsg_record *rec,
		      uint64_t frame)
{
	struct export_stash *s = &e->stash[frame % e->stash_cap];
	size_t lb = strlen(rec->bus) + 1, ld = strlen(rec->dev) + 1;
	size_t lr = strlen(rec->driver) + 1;
	char *m;

	stash_drop(e, s);
	m = malloc(lb + ld + lr + rec->len);
	if (!m) {
		left_out(e, rec);	/* no memory: it stays out */
		return;
	}
	s->frame = frame;
	s->rec = *rec;
	s->mem = m;
	s->rec.bus = memcpy(m, rec->bus, lb);
	s->rec.dev = memcpy(m + lb, rec->dev, ld);
	s->rec.driver = memcpy(m + lb + ld, rec->driver, lr);
	s->rec.payload = memcpy(m + lb + ld + lr, rec->payload, rec->len);
}

/* The stashed request of a response, written before it. */
static int stash_take(struct export *e, uint64_t frame)
{
	struct export_stash *s = &e->stash[frame % e->stash_cap];
	int ret;

	if (s->frame != frame)
		return 0;	/* written already, or pushed out */
	ret = write_one(e, &s->rec);
	free(s->mem);
	memset(s, 0, sizeof(*s));
	return ret;
}

int export_record(struct export *e, const struct hwmsg_trace_item *it,
		  bool selected)
{
	const struct hwmsg_txn_info *info = it->txn;
	bool answer = e->pairs && info && info->is_response && info->matched;

	/* the answer to a request that was written goes with it */
	if (answer && it->req_marked)
		selected = true;
	if (!selected) {
		if (e->pairs && it->msg && !info->is_response && !info->event)
			stash_put(e, &it->rec, it->frame);
		else
			left_out(e, &it->rec);
		return 0;
	}
	if (answer && !it->req_marked && stash_take(e, info->req_ref))
		return -1;
	return write_one(e, &it->rec) ? -1 : 1;
}

void export_add_drops(struct export *e, const struct hwmsg_reader *r)
{
	struct hwmsg_reader_drops d;
	struct hwmsg_reader_iface ifc;
	char bus[64];

	if (hwmsg_reader_drops(r, &d) || !d.known)
		return;
	for (unsigned int i = 0; !hwmsg_reader_iface(r, i, &ifc); i++) {
		const char *slash = strchr(ifc.name, '/');

		if (!ifc.dropped || !slash)
			continue;
		snprintf(bus, sizeof(bus), "%.*s", (int)(slash - ifc.name),
			 ifc.name);
		hwmsg_writer_add_drops(e->w, bus, slash + 1, ifc.dropped);
	}
	if (d.unattributed)
		hwmsg_writer_add_drops(e->w, NULL, NULL, d.unattributed);
}

int export_close(struct export *e)
{
	struct hwmsg_err err;
	int ret = 0;

	for (size_t i = 0; i < e->stash_cap; i++)
		stash_drop(e, &e->stash[i]);
	free(e->stash);
	if (hwmsg_writer_close(e->w, &err)) {
		fprintf(stderr, "hwmsg show: -w: %s\n", err.msg);
		ret = -1;
	}
	if (!e->quiet)
		fprintf(stderr, "hwmsg show: %llu of %llu records written to %s\n",
			(unsigned long long)e->written,
			(unsigned long long)(e->written + e->left_out), e->path);
	return ret;
}
