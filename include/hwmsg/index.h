/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A record index over a capture: several files read as one trace, each
 * record numbered from 0 in file order, with where its block lies and its
 * time, so any record can be read again without reading what precedes it.
 *
 * Built in one pass (in slices, so a viewer can show what is indexed so
 * far): 16 bytes a record, plus per file a table of zstd frames (one entry
 * per frame, about 1 MiB of records) and the section contexts (the SHB and
 * IDBs, which map a packet's interface to its device). Reading record i
 * opens its file at the frame holding it, decodes from there and puts the
 * context before it (hwmsg_reader_open_at).
 *
 * Records the reader rejects (malformed) are left out: the numbers count
 * the records hwmsg_reader_next() returns, as hwmsg top's do. The index is
 * not thread-safe: a viewer that builds it in a thread locks around it.
 */
#ifndef HWMSG_INDEX_H
#define HWMSG_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/io.h"
#include "hwmsg/record.h"

#define HWMSG_INDEX_MAX_FILES	0xffffu
#define HWMSG_INDEX_OFF_BITS	48	/* plain offsets up to 256 TiB */

/* One record: what the index holds for it. */
struct hwmsg_index_entry {
	uint64_t ts_ns;
	uint64_t where;		/* file << 48 | plain offset of its block */
};

struct hwmsg_index;

/* The files, in trace order; nothing is read yet. NULL: out of memory. */
struct hwmsg_index *hwmsg_index_new(const char *const *paths,
				    unsigned int n_paths,
				    struct hwmsg_err *err);
void hwmsg_index_free(struct hwmsg_index *ix);
/*
 * Index up to max more records. 1: more to do; 0: all files done; -1 and
 * err: a file could not be opened or is damaged (what was read of it is
 * kept; the next call goes on with the next file).
 */
int hwmsg_index_step(struct hwmsg_index *ix, unsigned int max,
		     struct hwmsg_err *err);
bool hwmsg_index_done(const struct hwmsg_index *ix);
uint64_t hwmsg_index_count(const struct hwmsg_index *ix);
/* 0..1: file bytes read of all files. */
double hwmsg_index_progress(const struct hwmsg_index *ix);
/* Bytes the index holds in memory (entries, frames, contexts). */
size_t hwmsg_index_memory(const struct hwmsg_index *ix);

/* Record i; -1 past the end. */
int hwmsg_index_get(const struct hwmsg_index *ix, uint64_t i,
		    struct hwmsg_index_entry *e);
/*
 * The first record at or after ts_ns (a binary search: captures are in
 * time order); the count when every record is earlier.
 */
uint64_t hwmsg_index_find_ts(const struct hwmsg_index *ix, uint64_t ts_ns);

/* A reader whose first record is record i (of its file; it goes on to
 * that file's end). */
struct hwmsg_reader *hwmsg_index_open_at(const struct hwmsg_index *ix,
					 uint64_t i, struct hwmsg_err *err);
/*
 * Read records i .. i + n - 1 (fewer at the end), across files: fn gets
 * each with its number; a non-zero return stops. Returns how many were
 * read, -1 with err when none could be.
 */
typedef int (*hwmsg_index_fn)(void *arg, uint64_t i,
			      const struct hwmsg_record *rec);
long hwmsg_index_read(const struct hwmsg_index *ix, uint64_t i, uint64_t n,
		      hwmsg_index_fn fn, void *arg, struct hwmsg_err *err);

#endif
