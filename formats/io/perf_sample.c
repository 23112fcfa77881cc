// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A PERF_RECORD_SAMPLE's layout follows from its event's sample_type (and
 * read_format): each field in the order of include/uapi/linux/perf_event.h,
 * present when its bit is set. Read up to PERF_SAMPLE_RAW; what comes
 * after it is not needed. Which event a sample is of: its IDENTIFIER or ID
 * (or the only event there is).
 */
#include <linux/perf_event.h>
#include <string.h>

#include "hwmsg/wire.h"
#include "perf_in.h"

#ifndef PERF_FORMAT_LOST
#define PERF_FORMAT_LOST	(1u << 4)
#endif

static uint64_t take64(struct perf_cur *c)
{
	const uint8_t *p = perf_take(c, 8);

	return p ? hwmsg_get_le64(p) : 0;
}

static const struct perf_attr *attr_by_id(const struct perf_in *p, uint64_t id)
{
	for (unsigned int i = 0; i < p->n_attrs; i++)
		for (size_t k = 0; k < p->attrs[i].n_ids; k++)
			if (p->attrs[i].ids[k] == id)
				return &p->attrs[i];
	return NULL;
}

/* Where PERF_SAMPLE_ID lies in a sample of this sample_type (u64s in). */
static size_t id_index(uint64_t st)
{
	size_t i = 0;

	i += !!(st & PERF_SAMPLE_IDENTIFIER);
	i += !!(st & PERF_SAMPLE_IP);
	i += !!(st & PERF_SAMPLE_TID);
	i += !!(st & PERF_SAMPLE_TIME);
	i += !!(st & PERF_SAMPLE_ADDR);
	return i;
}

static const struct perf_attr *sample_attr(const struct perf_in *p,
					   const uint8_t *d, size_t n)
{
	uint64_t st;
	size_t i;

	if (p->n_attrs == 1)
		return &p->attrs[0];
	if (!p->n_attrs)
		return NULL;
	/* perf keeps the id where every event's samples have it */
	st = p->attrs[0].sample_type;
	if (st & PERF_SAMPLE_IDENTIFIER)
		return n >= 8 ? attr_by_id(p, hwmsg_get_le64(d)) : NULL;
	if (!(st & PERF_SAMPLE_ID))
		return NULL;
	i = id_index(st);
	return n >= 8 * (i + 1) ? attr_by_id(p, hwmsg_get_le64(d + 8 * i)) :
				  NULL;
}

static void skip_read(struct perf_cur *c, uint64_t rf)
{
	size_t per = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
	size_t times = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
		       !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
	uint64_t nr = 1;

	if (rf & PERF_FORMAT_GROUP)
		nr = take64(c);
	if (nr > c->n / 8) {
		c->bad = true;
		return;
	}
	perf_take(c, 8 * (times + (size_t)nr * per));
}

int perf_parse_sample(const struct perf_in *p, const uint8_t *d, size_t n,
		      struct perf_sample *s)
{
	struct perf_cur c = { d, n, false };
	const uint8_t *cpu, *raw;
	uint64_t st, nr;

	memset(s, 0, sizeof(*s));
	s->cpu = -1;
	s->attr = sample_attr(p, d, n);
	if (!s->attr)
		return -1;
	st = s->attr->sample_type;
	perf_take(&c, 8 * ((size_t)!!(st & PERF_SAMPLE_IDENTIFIER) +
		      !!(st & PERF_SAMPLE_IP) + !!(st & PERF_SAMPLE_TID)));
	if (st & PERF_SAMPLE_TIME)
		s->time = take64(&c);
	perf_take(&c, 8 * ((size_t)!!(st & PERF_SAMPLE_ADDR) +
		      !!(st & PERF_SAMPLE_ID) + !!(st & PERF_SAMPLE_STREAM_ID)));
	if (st & PERF_SAMPLE_CPU) {
		cpu = perf_take(&c, 8);
		if (cpu)
			s->cpu = (int)hwmsg_get_le32(cpu);
	}
	perf_take(&c, 8 * (size_t)!!(st & PERF_SAMPLE_PERIOD));
	if (st & PERF_SAMPLE_READ)
		skip_read(&c, s->attr->read_format);
	if (st & PERF_SAMPLE_CALLCHAIN) {
		nr = take64(&c);
		if (nr > c.n / 8)
			return -1;
		perf_take(&c, 8 * (size_t)nr);
	}
	if (st & PERF_SAMPLE_RAW) {
		raw = perf_take(&c, 4);
		if (raw) {
			s->raw_len = hwmsg_get_le32(raw);
			s->raw = perf_take(&c, s->raw_len);
		}
	}
	return c.bad ? -1 : 0;
}

/*
 * sample_id_all: a non-sample record ends with TID, TIME, ID, STREAM_ID,
 * CPU, IDENTIFIER as its event has them; IDENTIFIER, last, names it.
 */
int perf_trailer_cpu(const struct perf_in *p, const uint8_t *d, size_t n)
{
	const struct perf_attr *a = p->n_attrs ? &p->attrs[0] : NULL;
	size_t size, at;
	uint64_t st;

	if (a && (a->sample_type & PERF_SAMPLE_IDENTIFIER) && n >= 8)
		a = attr_by_id(p, hwmsg_get_le64(d + n - 8));
	if (!a || !a->sample_id_all || !(a->sample_type & PERF_SAMPLE_CPU))
		return -1;
	st = a->sample_type;
	size = 8 * ((size_t)!!(st & PERF_SAMPLE_TID) +
		    !!(st & PERF_SAMPLE_TIME) + !!(st & PERF_SAMPLE_ID) +
		    !!(st & PERF_SAMPLE_STREAM_ID) + 1 +
		    !!(st & PERF_SAMPLE_IDENTIFIER));
	if (n < size)
		return -1;
	at = n - 8 * (1 + (size_t)!!(st & PERF_SAMPLE_IDENTIFIER));
	return (int)hwmsg_get_le32(d + at);
}
