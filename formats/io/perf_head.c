// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * perf.data's header, its attrs and its feature sections (in file mode
 * after the data; in pipe mode as HEADER_FEATURE records): perf_in.h.
 */
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/wire.h"
#include "perf_in.h"

#define ATTR_MIN		64	/* PERF_ATTR_SIZE_VER0 */
#define ATTR_CLOCKID_END	96	/* clockid is the s32 at 92 */
#define ATTR_FLAG_SAMPLE_ID_ALL	(1ull << 18)
#define ATTR_FLAG_USE_CLOCKID	(1ull << 25)
#define FEAT_TRACING_DATA	1
#define FEAT_HOSTNAME		3
#define FEAT_OSRELEASE		4
#define FEAT_VERSION		5
#define FEAT_ARCH		6
#define FEAT_CMDLINE		11
#define FEAT_CLOCK_DATA		29
#define FEAT_BITS		256
#define CMDLINE_MAX		4096

int perf_add_attr(struct perf_in *p, const uint8_t *a, size_t attr_size,
		  const uint8_t *ids, size_t n_ids, struct hwmsg_err *err)
{
	struct perf_attr *x;
	uint64_t flags;

	if (attr_size < ATTR_MIN)
		return hwmsg_errf(err, 0, "%s: perf_event_attr of %zu bytes, want at least %d",
				  p->t->name, attr_size, ATTR_MIN);
	if (p->n_attrs == PERF_ATTRS_MAX)
		return hwmsg_errf(err, 0, "%s: more than %d events",
				  p->t->name, PERF_ATTRS_MAX);
	x = &p->attrs[p->n_attrs];
	memset(x, 0, sizeof(*x));
	x->type = hwmsg_get_le32(a);
	x->config = hwmsg_get_le64(a + 8);
	x->sample_type = hwmsg_get_le64(a + 24);
	x->read_format = hwmsg_get_le64(a + 32);
	flags = hwmsg_get_le64(a + 40);
	x->sample_id_all = flags & ATTR_FLAG_SAMPLE_ID_ALL;
	x->clockid = -1;
	if ((flags & ATTR_FLAG_USE_CLOCKID) && attr_size >= ATTR_CLOCKID_END)
		x->clockid = (int32_t)hwmsg_get_le32(a + 92);
	if (n_ids) {
		x->ids = malloc(n_ids * sizeof(*x->ids));
		if (!x->ids)
			return hwmsg_errf(err, 0, "%s: out of memory",
					  p->t->name);
		for (size_t i = 0; i < n_ids; i++)
			x->ids[i] = hwmsg_get_le64(ids + 8 * i);
		x->n_ids = n_ids;
	}
	p->n_attrs++;
	return 0;
}

/* struct perf_header_string: u32 len, len bytes (NUL-padded). */
static void header_string(const uint8_t *d, size_t n, const char **field)
{
	uint32_t len;

	if (n < 4)
		return;
	len = hwmsg_get_le32(d);
	if (len > n - 4)
		len = (uint32_t)(n - 4);
	trace_in_set((char **)field, (const char *)d + 4, len);
}

/* perf_header_string_list: the command line, its words joined. */
static void header_cmdline(struct perf_in *p, const uint8_t *d, size_t n)
{
	char line[CMDLINE_MAX];
	size_t off = 4, used = 0;
	uint32_t nr;

	if (n < 4)
		return;
	nr = hwmsg_get_le32(d);
	line[0] = '\0';
	for (uint32_t i = 0; i < nr && off + 4 <= n; i++) {
		uint32_t len = hwmsg_get_le32(d + off);
		const char *s = (const char *)d + off + 4;
		size_t sl;

		if (len > n - off - 4)
			break;
		sl = strnlen(s, len);
		if (used + sl + 2 > sizeof(line))
			break;
		if (used)
			line[used++] = ' ';
		memcpy(line + used, s, sl);
		used += sl;
		line[used] = '\0';
		off += 4 + len;
	}
	trace_in_set((char **)&p->t->origin.cmdline, line, used);
}

void perf_feature(struct perf_in *p, unsigned int feat, const uint8_t *d,
		  size_t n)
{
	struct hwmsg_reader_origin *o = &p->t->origin;

	switch (feat) {
	case FEAT_TRACING_DATA:
		perf_tracing_data(p, d, n);
		break;
	case FEAT_HOSTNAME:
		header_string(d, n, &o->host);
		break;
	case FEAT_OSRELEASE:
		header_string(d, n, &o->os_release);
		break;
	case FEAT_VERSION:
		header_string(d, n, &o->version);
		break;
	case FEAT_ARCH:
		header_string(d, n, &o->arch);
		break;
	case FEAT_CMDLINE:
		header_cmdline(p, d, n);
		break;
	case FEAT_CLOCK_DATA:	/* u32 version, u32 clockid, u64 wall, u64 ref */
		if (n < 24 || hwmsg_get_le32(d) != 1)
			break;
		p->clock_data = true;
		p->clock_clockid = (int32_t)hwmsg_get_le32(d + 4);
		p->clock_wall_ns = hwmsg_get_le64(d + 8);
		p->clock_ref_ns = hwmsg_get_le64(d + 16);
		break;
	}
}

/*
 * The attrs section: entries (struct perf_file_attr, the header's
 * attr_size bytes) of an attr and the file section of its ids.
 */
static int file_attrs(struct perf_in *p, uint64_t off, uint64_t size,
		      uint64_t ent, struct hwmsg_err *err)
{
	uint64_t attr_size = ent - 16;

	if (ent < ATTR_MIN + 16 || ent > 4096 + 16)
		return hwmsg_errf(err, 16, "%s: attr_size %" PRIu64 " out of range",
				  p->t->name, ent);
	for (uint64_t at = off; at + ent <= off + size; at += ent) {
		const uint8_t *a, *ids;
		uint8_t copy[4096 + 16];
		uint64_t ids_off, ids_size;
		size_t have;

		a = perf_get(p, at, (size_t)ent, &have, err);
		if (!a)
			return -1;
		if (have < ent)
			return hwmsg_errf(err, at, "%s: attrs cut short at offset 0x%" PRIx64,
					  p->t->name, at);
		memcpy(copy, a, (size_t)ent);
		ids_off = hwmsg_get_le64(copy + attr_size);
		ids_size = hwmsg_get_le64(copy + attr_size + 8) / 8 * 8;
		if (ids_size > 8 * 65536)
			ids_size = 0;
		ids = ids_size ? perf_get(p, ids_off, (size_t)ids_size, &have,
					  err) : NULL;
		if (ids_size && (!ids || have < ids_size))
			ids_size = 0;	/* one attr needs none */
		if (perf_add_attr(p, copy, (size_t)attr_size, ids,
				  (size_t)(ids_size / 8), err))
			return -1;
	}
	return 0;
}

/* The feature sections after the data: each set bit has one, in order. */
static void file_features(struct perf_in *p, const uint8_t *flags,
			  uint64_t table)
{
	unsigned int k = 0;

	for (unsigned int bit = 1; bit < FEAT_BITS; bit++) {
		const uint8_t *s, *d;
		uint64_t off, size;
		struct hwmsg_err err;
		size_t have;

		if (!(flags[bit / 8] >> (bit % 8) & 1))
			continue;
		s = perf_get(p, table + 16ull * k++, 16, &have, &err);
		if (!s || have < 16) {
			snprintf(p->warn, sizeof(p->warn),
				 "%s: feature sections cut off at 0x%" PRIx64 " (file cut short?)",
				 p->t->name, table);
			return;
		}
		off = hwmsg_get_le64(s);
		size = hwmsg_get_le64(s + 8);
		if (size > (256u << 20))
			continue;
		d = perf_get(p, off, (size_t)size, &have, &err);
		if (d && have == size)
			perf_feature(p, bit, d, (size_t)size);
	}
}

int perf_read_file_header(struct perf_in *p, struct hwmsg_err *err)
{
	uint64_t attrs_off, attrs_size, attr_size, data_off, data_size;
	uint8_t h[PERF_FILE_HDR_LEN];
	const uint8_t *d;
	size_t have;

	d = perf_get(p, 0, sizeof(h), &have, err);
	if (!d)
		return -1;
	if (have < sizeof(h))
		return hwmsg_errf(err, 0, "%s: perf.data header cut short (%zu of %zu bytes)",
				  p->t->name, have, sizeof(h));
	memcpy(h, d, sizeof(h));
	attr_size = hwmsg_get_le64(h + 16);
	attrs_off = hwmsg_get_le64(h + 24);
	attrs_size = hwmsg_get_le64(h + 32);
	data_off = hwmsg_get_le64(h + 40);
	data_size = hwmsg_get_le64(h + 48);
	if (file_attrs(p, attrs_off, attrs_size, attr_size, err))
		return -1;
	p->pos = data_off;
	/* 0: perf was stopped before it wrote the header's sizes */
	p->end = data_size ? data_off + data_size : UINT64_MAX;
	if (!data_size) {
		snprintf(p->warn, sizeof(p->warn),
			 "%s: perf did not finish the file (no data size, no features): read to its end",
			 p->t->name);
		p->end = p->b.size;
	} else if (p->end < data_off || p->end > p->b.size) {
		snprintf(p->warn, sizeof(p->warn),
			 "%s: cut short: the data section ends at 0x%" PRIx64 ", the file at 0x%" PRIx64 "; read up to there",
			 p->t->name, p->end, p->b.size);
		p->cut = true;
		p->end = p->b.size;
	} else {
		file_features(p, h + 72, p->end);
	}
	return 0;
}
