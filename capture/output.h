/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsgd's output: one file, or a ring of files switched by size or time
 * (dumpcap's -b) so that a capture can run for days in bounded space.
 */
#ifndef HWMSGD_OUTPUT_H
#define HWMSGD_OUTPUT_H

#include <stdint.h>

#include "hwmsg/io.h"

struct output_opts {
	const char *path;		/* "-" for stdout (no rotation) */
	struct hwmsg_writer_opts wopts;
	uint64_t max_bytes;		/* switch file after this many; 0: never */
	uint64_t max_ns;		/* switch file after this long; 0: never */
	unsigned int files;		/* keep only the newest N; 0: all */
	/* total drops the source counted so far, for each file's ISB */
	uint64_t (*drops)(void *arg);
	void *drops_arg;
};

struct output;

struct output *output_open(const struct output_opts *o, struct hwmsg_err *err);
int output_write(struct output *out, const struct hwmsg_record *rec,
		 struct hwmsg_err *err);
/* A record the capture filter left out: counted in the file's ISBs. */
int output_filtered(struct output *out, const struct hwmsg_record *rec,
		    struct hwmsg_err *err);
int output_flush(struct output *out, struct hwmsg_err *err);
/* The first write failure's errno (EPIPE: the reader went away), or 0. */
int output_errno(const struct output *out);
/* Files started so far (1 without rotation). */
unsigned int output_files(const struct output *out);
/*
 * Closes the current file (its ISBs get the drops since it started).
 * *records: how many the files hold in full (fewer than written after a
 * write error).
 */
int output_close(struct output *out, uint64_t *records, struct hwmsg_err *err);

#endif
