/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's trace.dat input (trace-cmd record -e devlink:devlink_hwmsg,
 * file versions 6 and 7, compressed or not), read by libtracecmd: the
 * event format from the file, the CPUs' buffers merged in time order, the
 * events each CPU page says were missed counted as lost on that CPU.
 */
#ifndef HWMSG_IO_TRACEDAT_H
#define HWMSG_IO_TRACEDAT_H

#include <stdbool.h>
#include <stdio.h>

#include "hwmsg/err.h"
#include "in.h"
#include "trace_in.h"

struct tracedat_in;

/* *relative: the times are the trace clock's, not wall time. */
struct tracedat_in *tracedat_open(struct trace_in *t, struct hwmsg_in *in,
				  FILE *src, struct hwmsg_err *err,
				  bool *relative);
int tracedat_next(struct tracedat_in *d, struct hwmsg_record *rec,
		  struct hwmsg_err *err);
void tracedat_close(struct tracedat_in *d);

#endif
