/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The index's insides, shared by its builder and its reader. */
#ifndef HWMSG_INDEX_INT_H
#define HWMSG_INDEX_INT_H

#include "hwmsg/index.h"

#define IX_CHUNK_BITS	16	/* entries come in chunks of 64 Ki: no
				 * copy of the whole table as it grows */
#define IX_CHUNK	(1u << IX_CHUNK_BITS)
#define IX_OFF_MASK	((1ull << HWMSG_INDEX_OFF_BITS) - 1)

/* A zstd frame: decoding from comp gives the plain bytes from plain on. */
struct ix_frame {
	uint64_t plain, comp;
};

/* A pcapng section (or the pcap file): what goes before its records. */
struct ix_sect {
	uint64_t start;
	uint8_t *ctx;
	size_t len;
};

struct ix_file {
	char *path;
	uint64_t size;		/* bytes, for progress */
	bool compressed;
	uint64_t first;		/* number of its first record */
	struct ix_frame *frames;
	size_t n_frames, cap_frames;
	struct ix_sect *sects;
	unsigned int n_sects, cap_sects;
};

struct hwmsg_index {
	struct ix_file *files;
	unsigned int n_files;
	unsigned int cur;	/* file being read */
	struct hwmsg_reader *rd;
	uint64_t done_bytes;	/* sizes of the files before cur */
	uint64_t total_bytes;
	uint64_t cur_read;	/* bytes of cur read */
	struct hwmsg_index_entry **chunks;
	size_t n_chunks, cap_chunks;
	uint64_t count, skipped;
};

static inline const struct hwmsg_index_entry *
ix_entry(const struct hwmsg_index *ix, uint64_t i)
{
	return &ix->chunks[i >> IX_CHUNK_BITS][i & (IX_CHUNK - 1)];
}

#endif
