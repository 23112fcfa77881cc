// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsgd -f and --metrics: one cursor step per record for both. */
#include <stdio.h>
#include <string.h>

#include "pipeline.h"

int pipeline_init(struct pipeline *p, const char *filter, bool metrics)
{
	unsigned int flags = metrics ? HWMSG_TRACE_PAIR : 0;
	struct hwmsg_err err = { 0 };

	memset(p, 0, sizeof(*p));
	if (filter) {
		unsigned int needs;

		p->f = hwmsg_filter_compile(filter, &err);
		if (!p->f) {
			hwmsg_filter_perror("hwmsgd: -f", filter, &err);
			return -1;
		}
		needs = hwmsg_filter_needs(p->f);
		if (needs & HWMSG_FILTER_NEEDS_TXN)
			flags |= HWMSG_TRACE_PAIR;
		else if (needs & HWMSG_FILTER_NEEDS_MSG)
			flags |= HWMSG_TRACE_DECODE;
	}
	if (!filter && !metrics)
		return 0;
	p->t = hwmsg_trace_new(flags);
	if (!p->t) {
		fprintf(stderr, "hwmsgd: out of memory\n");
		pipeline_free(p);
		return -1;
	}
	if (p->f)
		hwmsg_trace_select(p->t, p->f);
	return 0;
}

const struct hwmsg_trace_item *pipeline_feed(struct pipeline *p,
					     const struct hwmsg_record *rec)
{
	if (!p->t)
		return NULL;
	/* refs are the numbers of the records seen, kept or not: the
	 * file's own numbers differ */
	hwmsg_trace_feed(p->t, rec, &p->it);
	return &p->it;
}

void pipeline_free(struct pipeline *p)
{
	hwmsg_trace_free(p->t);
	hwmsg_filter_free(p->f);
	memset(p, 0, sizeof(*p));
}
