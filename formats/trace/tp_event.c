// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where devlink_hwmsg's fields lie, from an event libtraceevent parsed out
 * of a file's own format text (perf.data's tracing data, trace.dat's event
 * formats): looked up by name, so a kernel that moves them is read right.
 */
#include <string.h>

#include <event-parse.h>

#include "hwmsg/tracepoint.h"

void hwmsg_tp_format_event(struct hwmsg_tp_format *fmt,
			   const struct tep_event *ev)
{
	memset(fmt, 0, sizeof(*fmt));
	for (int i = 0; i < HWMSG_TP_F_NUM; i++) {
		struct hwmsg_tp_field *f = &fmt->f[i];
		struct tep_format_field *tf;

		/* tep_find_field takes no const, and changes nothing */
		tf = tep_find_field((struct tep_event *)ev,
				    hwmsg_tp_field_names[i]);
		if (!tf)
			continue;
		f->found = true;
		f->offset = tf->offset;
		f->size = tf->size;
		f->loc = tf->flags & TEP_FIELD_IS_DYNAMIC;
		f->rel = tf->flags & TEP_FIELD_IS_RELATIVE;
	}
}
