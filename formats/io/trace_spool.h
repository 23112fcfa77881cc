/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A tracer's file as a seekable FILE (trace_spool.c). */
#ifndef HWMSG_IO_TRACE_SPOOL_H
#define HWMSG_IO_TRACE_SPOOL_H

#include <stdio.h>

#include "hwmsg/err.h"
#include "in.h"

/*
 * src itself when it is a regular, uncompressed file (read it with pread:
 * its stdio position is the input's); else a temporary file holding the
 * input's plain bytes from offset 0 (they must still be held), to fclose.
 * NULL with err.
 */
FILE *trace_spool(struct hwmsg_in *in, FILE *src, const char *name,
		  struct hwmsg_err *err);

#endif
