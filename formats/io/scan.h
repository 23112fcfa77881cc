/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A streaming pcapng block scanner beside the reader: fed the plain bytes as
 * the reader's input produces them, it follows block boundaries and keeps
 * what libpcap does not hand out, the interface names (IDB) and statistics
 * (ISB). Other blocks, packets above all, are passed over without a copy.
 * Anything that is not pcapng (classic pcap) or stops making sense (a bad
 * length) turns it off; it never buffers more than one small block.
 */
#ifndef HWMSG_IO_SCAN_H
#define HWMSG_IO_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/io.h"

#define HWMSG_SCAN_MAX_BLOCK	(64u << 10)	/* larger IDBs/ISBs: skipped */
#define HWMSG_SCAN_MAX_IFS	4096u		/* kept, over all sections */
#define HWMSG_SCAN_NAME_MAX	64		/* if_name kept, with its NUL */

enum hwmsg_scan_state {
	HWMSG_SCAN_HEADER,	/* collecting type, length, SHB magic */
	HWMSG_SCAN_KEEP,	/* collecting an IDB or ISB */
	HWMSG_SCAN_SKIP,	/* passing over the rest of a block */
	HWMSG_SCAN_OFF,		/* not pcapng, or lost: ignore the rest */
};

struct hwmsg_scan_if {
	char name[HWMSG_SCAN_NAME_MAX];
	bool has_isb;
	bool has_drop;		/* an isb_ifdrop or unattributed count */
	uint64_t recv, drop, unattributed;
	uint64_t filtered;	/* isb_ifrecv - isb_filteraccept */
};

/*
 * What reading a record of a section needs before it, for random access:
 * the SHB and every IDB of the section, raw, in order. bad: one was too
 * big to keep (or no memory), so records of this section cannot be read
 * on their own.
 */
struct hwmsg_scan_sect {
	uint64_t start;		/* plain offset of its SHB */
	uint8_t *ctx;
	size_t len, cap;
	bool bad;
};

#define HWMSG_SCAN_MAX_CTX	(1u << 20)

struct hwmsg_scan {
	enum hwmsg_scan_state state;
	bool pcapng;		/* the stream started with an SHB */
	bool be;		/* byte order of the current section */
	uint8_t hdr[12];
	size_t hdr_len;
	uint32_t type, len;	/* the current block */
	uint32_t skip;		/* bytes of it still to pass over */
	uint8_t *blk;		/* the IDB or ISB being collected */
	size_t blk_len;
	struct hwmsg_scan_if *ifs;	/* the first HWMSG_SCAN_MAX_IFS */
	unsigned int n_ifs, cap_ifs;
	unsigned int interfaces;	/* IDBs seen, all sections */
	unsigned int sect_base;		/* current section: its first IDB */
	unsigned int isb_skipped;
	uint64_t fed;			/* plain bytes seen */
	uint64_t blk_start;		/* offset of the current block */
	struct hwmsg_scan_sect *sects;	/* every section, in file order */
	unsigned int n_sects, cap_sects;
};

void hwmsg_scan_init(struct hwmsg_scan *s);
/* The next n plain bytes of the stream, in order. */
void hwmsg_scan_feed(struct hwmsg_scan *s, const uint8_t *p, size_t n);
/* Totals so far; -1 (d zeroed) when the stream is not pcapng. */
int hwmsg_scan_drops(const struct hwmsg_scan *s,
		     struct hwmsg_reader_drops *d);
int hwmsg_scan_iface(const struct hwmsg_scan *s, unsigned int i,
		     struct hwmsg_reader_iface *out);
/* The section holding plain offset off; NULL when none (not pcapng). */
const struct hwmsg_scan_sect *hwmsg_scan_sect_of(const struct hwmsg_scan *s,
						 uint64_t off);
/* Frees the buffers; may be called again. */
void hwmsg_scan_free(struct hwmsg_scan *s);

#endif
