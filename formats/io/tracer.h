/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's tracer inputs, perf.data and trace.dat, told by their magic
 * and read by perf_in.c or tracedat.c, behind one face for reader.c.
 */
#ifndef HWMSG_IO_TRACER_H
#define HWMSG_IO_TRACER_H

#include <stdbool.h>
#include <stdio.h>

#include "hwmsg/io.h"
#include "in.h"
#include "trace_in.h"

struct perf_in;
struct tracedat_in;

struct hwmsg_tracer {
	bool on;
	struct trace_in t;
	struct perf_in *perf;
	struct tracedat_in *tdat;
};

/*
 * When the input's first plain bytes are perf.data's or trace.dat's magic:
 * 0 with info's format and clock set, or -1 with err. 1: neither.
 */
int hwmsg_tracer_open(struct hwmsg_tracer *x, struct hwmsg_in *in, FILE *src,
		      const char *name, struct hwmsg_reader_info *info,
		      struct hwmsg_err *err);
/* As hwmsg_reader_next; info's counts kept up. */
int hwmsg_tracer_next(struct hwmsg_tracer *x, struct hwmsg_record *rec,
		      struct hwmsg_reader_info *info, struct hwmsg_err *err);
void hwmsg_tracer_close(struct hwmsg_tracer *x);

#endif
