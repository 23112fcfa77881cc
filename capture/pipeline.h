/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What hwmsgd does with each record the source delivers, before writing
 * it: one pass of libhwmsg's trace cursor (hwmsg/trace.h), decoding and
 * pairing only as much as -f and --metrics need, once for both.
 */
#ifndef HWMSGD_PIPELINE_H
#define HWMSGD_PIPELINE_H

#include <stdbool.h>

#include "hwmsg/filter.h"
#include "hwmsg/trace.h"

struct pipeline {
	struct hwmsg_filter *f;		/* -f, or NULL */
	struct hwmsg_trace *t;		/* NULL: nothing to do */
	struct hwmsg_trace_item it;
};

/*
 * filter: -f's text or NULL; metrics: --metrics counts (decodes and pairs
 * everything). -1 after printing the error (column, caret).
 */
int pipeline_init(struct pipeline *p, const char *filter, bool metrics);
/* rec through the cursor: NULL when nothing asked for it. */
const struct hwmsg_trace_item *pipeline_feed(struct pipeline *p,
					     const struct hwmsg_record *rec);
void pipeline_free(struct pipeline *p);

#endif
