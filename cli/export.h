/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsg show -w: the selected records into a new capture, with hwmsgd's
 * writer: the same device interfaces, the source's drop counts, the
 * records left out counted as filtered, and the selection in a comment.
 * --pairs adds the request of every selected response and the response
 * of every selected request.
 */
#ifndef HWMSG_CLI_EXPORT_H
#define HWMSG_CLI_EXPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/io.h"
#include "hwmsg/trace.h"

struct export_stash;

struct export {
	struct hwmsg_writer *w;
	const char *path;
	bool pairs;
	bool quiet;		/* no "N of M records written" line */
	uint64_t written, left_out;
	struct export_stash *stash;	/* --pairs: requests not written yet */
	size_t stash_cap;
};

/* what: the selection, for the file's comment. -1 after printing why. */
int export_open(struct export *e, const char *path, bool pairs,
		const char *what);
/*
 * One record of the cursor, in file order; a request written is to be
 * hwmsg_trace_mark()ed, so that its response follows it. selected: the
 * options chose it. Returns 1 when it was written, 0 when not, -1 after
 * printing a write error.
 */
int export_record(struct export *e, const struct hwmsg_trace_item *it,
		  bool selected);
/* After each input file: its drop counts go into the new file. */
void export_add_drops(struct export *e, const struct hwmsg_reader *r);
/* Close; prints "N of M records written to FILE". 0 or -1. */
int export_close(struct export *e);

#endif
