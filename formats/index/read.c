// SPDX-License-Identifier: GPL-2.0-or-later
/* Finding records in the index and reading them again from their files. */
#include <stdlib.h>

#include "index_int.h"

int hwmsg_index_get(const struct hwmsg_index *ix, uint64_t i,
		    struct hwmsg_index_entry *e)
{
	if (i >= ix->count)
		return -1;
	*e = *ix_entry(ix, i);
	return 0;
}

uint64_t hwmsg_index_find_ts(const struct hwmsg_index *ix, uint64_t ts_ns)
{
	uint64_t lo = 0, hi = ix->count, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ix_entry(ix, mid)->ts_ns < ts_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The last frame starting at or before plain offset off. */
static const struct ix_frame *frame_of(const struct ix_file *f, uint64_t off)
{
	size_t lo = 0, hi = f->n_frames, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (f->frames[mid].plain <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &f->frames[lo - 1] : NULL;
}

static const struct ix_sect *sect_of(const struct ix_file *f, uint64_t off)
{
	unsigned int i = f->n_sects;

	while (i--)
		if (f->sects[i].start <= off)
			return &f->sects[i];
	return NULL;
}

struct hwmsg_reader *hwmsg_index_open_at(const struct hwmsg_index *ix,
					 uint64_t i, struct hwmsg_err *err)
{
	const struct ix_file *f;
	const struct ix_frame *fr;
	const struct ix_sect *s;
	struct hwmsg_reader_at at = { 0 };
	uint64_t where, block;

	if (i >= ix->count) {
		hwmsg_errf(err, 0, "record %llu: not indexed",
			   (unsigned long long)i + 1);
		return NULL;
	}
	where = ix_entry(ix, i)->where;
	f = &ix->files[where >> HWMSG_INDEX_OFF_BITS];
	block = where & IX_OFF_MASK;
	s = sect_of(f, block);
	if (!s) {
		hwmsg_errf(err, 0, "%s: no section header before record %llu",
			   f->path, (unsigned long long)i + 1);
		return NULL;
	}
	at.ctx = s->ctx;
	at.ctx_len = s->len;
	at.compressed = f->compressed;
	if (f->compressed) {
		fr = frame_of(f, block);
		if (!fr) {
			hwmsg_errf(err, 0, "%s: no frame for record %llu",
				   f->path, (unsigned long long)i + 1);
			return NULL;
		}
		at.frame = fr->comp;
		at.skip = block - fr->plain;
	} else {
		at.frame = block;
	}
	return hwmsg_reader_open_at(f->path, &at, err);
}

long hwmsg_index_read(const struct hwmsg_index *ix, uint64_t i, uint64_t n,
		      hwmsg_index_fn fn, void *arg, struct hwmsg_err *err)
{
	struct hwmsg_reader *rd = NULL;
	struct hwmsg_record rec;
	struct hwmsg_err e;
	long done = 0;
	int ret;

	if (n > ix->count - (i < ix->count ? i : ix->count))
		n = i < ix->count ? ix->count - i : 0;
	while (n) {
		if (!rd && !(rd = hwmsg_index_open_at(ix, i, err)))
			return done ? done : -1;
		ret = hwmsg_reader_next(rd, &rec, &e);
		if (ret < 0)
			continue;	/* left out of the index too */
		if (!ret) {
			hwmsg_errf(err, 0, "record %llu: the file ended before it",
				   (unsigned long long)i + 1);
			break;	/* cut since it was indexed */
		}
		/* the same record as when indexed (a cheap check) */
		if (ix_entry(ix, i)->ts_ns != rec.ts_ns) {
			hwmsg_errf(err, 0, "record %llu: the file changed since it was indexed",
				   (unsigned long long)i + 1);
			break;
		}
		done++;
		n--;
		if (fn(arg, i++, &rec))
			break;
		/* the index says where files change */
		if (n && (ix_entry(ix, i)->where >> HWMSG_INDEX_OFF_BITS) !=
				 (ix_entry(ix, i - 1)->where >>
				  HWMSG_INDEX_OFF_BITS)) {
			hwmsg_reader_close(rd);
			rd = NULL;
		}
	}
	hwmsg_reader_close(rd);
	return done || !n ? done : -1;
}
