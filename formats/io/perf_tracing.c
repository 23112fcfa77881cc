// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * perf.data's tracing data (HEADER_TRACING_DATA, as perf's
 * trace-event-info.c writes it): "\x17\x08\x44tracing", a version string,
 * endianness, long and page size, the header_page and header_event files,
 * the ftrace formats, then per system its event format files, which
 * libtraceevent parses (tep_parse_event). What follows (kallsyms, printk
 * formats, cmdlines) is not needed. Without it (a file cut before its
 * features) the fields are taken where Linux 6.1 puts them.
 */
#include <event-parse.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>

#include "hwmsg/wire.h"
#include "perf_in.h"

static uint64_t take_num(struct perf_cur *c, size_t size)
{
	const uint8_t *p = perf_take(c, size);

	if (!p)
		return 0;
	return size == 4 ? hwmsg_get_le32(p) : hwmsg_get_le64(p);
}

static const char *take_str(struct perf_cur *c)
{
	const uint8_t *nul = c->bad ? NULL : memchr(c->p, 0, c->n);

	if (!nul) {
		c->bad = true;
		return NULL;
	}
	return (const char *)perf_take(c, (size_t)(nul - c->p) + 1);
}

/* u32 count, then count of (u64 size, size bytes); each to parse. */
static void files(struct perf_cur *c, struct tep_handle *tep, const char *sys)
{
	uint64_t count = take_num(c, 4);

	for (uint64_t i = 0; i < count && !c->bad; i++) {
		uint64_t size = take_num(c, 8);
		const uint8_t *f = size <= c->n ? perf_take(c, (size_t)size) : NULL;

		if (!f) {
			c->bad = true;
			return;
		}
		if (sys)	/* a bad format is that event's loss only */
			tep_parse_event(tep, (const char *)f, (size_t)size,
					sys);
	}
}

int perf_tracing_data(struct perf_in *p, const uint8_t *d, size_t n)
{
	static const uint8_t magic[10] = "\x17\x08\x44tracing";
	struct perf_cur c = { d, n, false };
	const uint8_t *h;
	uint64_t systems;

	h = perf_take(&c, sizeof(magic));
	if (!h || memcmp(h, magic, sizeof(magic)) || !take_str(&c))
		return -1;
	h = perf_take(&c, 2);	/* big-endian flag, long size */
	if (!h || h[0])
		return -1;	/* a big-endian kernel's samples: not ours */
	perf_take(&c, 4);		/* page size */
	if (!take_str(&c))	/* "header_page" */
		return -1;
	perf_take(&c, (size_t)take_num(&c, 8));
	if (!take_str(&c))	/* "header_event" */
		return -1;
	perf_take(&c, (size_t)take_num(&c, 8));
	if (c.bad)
		return -1;
	if (!p->tep)
		p->tep = tep_alloc();
	if (!p->tep)
		return -1;
	files(&c, p->tep, NULL);	/* ftrace's own */
	systems = take_num(&c, 4);
	for (uint64_t i = 0; i < systems && !c.bad; i++) {
		const char *sys = take_str(&c);

		if (sys)
			files(&c, p->tep, sys);
	}
	return 0;
}

void perf_attr_name(const struct perf_in *p, const struct perf_attr *a,
		    char *buf, size_t cap)
{
	struct tep_event *ev = NULL;

	if (a->type == PERF_TYPE_TRACEPOINT && p->tep)
		ev = tep_find_event(p->tep, (int)a->config);
	if (ev)
		snprintf(buf, cap, "%s:%s", ev->system, ev->name);
	else if (a->type == PERF_TYPE_TRACEPOINT)
		snprintf(buf, cap, "tracepoint %" PRIu64, a->config);
	else
		snprintf(buf, cap, "type %u config %" PRIu64, a->type,
			 a->config);
}
