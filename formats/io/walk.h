/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's pcapng walk: packets straight from the input's chunk, no
 * copy, no stdio, no libpcap. It opens a pcapng file as libpcap 1.10's
 * open does (the first section header's checks, the blocks up to the first
 * interface) and walks it by the same rules as libpcap's pcapng reader
 * (block checks, one link type and snapshot length, if_tsresol and
 * if_tsoffset, SPB and the obsolete PB), with libpcap's words for each
 * error, so a record reads the same either way. Classic pcap is libpcap's.
 * HWMSG_READER=libpcap in the environment keeps libpcap on for all (tests
 * compare the two).
 */
#ifndef HWMSG_IO_WALK_H
#define HWMSG_IO_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "in.h"

struct hwmsg_walk_if {
	uint64_t tsresol;	/* units per second */
	uint64_t tsoffset;	/* seconds */
	uint64_t scale;		/* decimal: the factor to or from ns */
	uint8_t scale_type;
};

struct hwmsg_walk {
	struct hwmsg_in *in;
	uint64_t pos;		/* plain offset of the next block */
	uint64_t reach;		/* the farthest plain offset asked for */
	bool swapped;		/* the sections' byte order is not ours */
	bool have_first;	/* linktype and snapshot are set */
	int linktype;		/* of the first interface, as libpcap's DLT */
	uint32_t snapshot;	/* of the first interface, adjusted */
	struct hwmsg_walk_if *ifs;	/* the current section's */
	unsigned int n_ifs, cap_ifs;
	char errmsg[200];	/* why the last call returned -1 */
	bool truncated;		/* ... because the input ended in a block */
};

/* One packet: valid until the next call. */
struct hwmsg_walk_pkt {
	const uint8_t *data;
	uint32_t caplen, len;
	uint64_t ts_ns;		/* seconds * 10^9 + nanoseconds, as libpcap */
	uint64_t block;		/* plain offset of its block */
	uint64_t data_off;	/* plain offset of data */
};

void hwmsg_walk_init(struct hwmsg_walk *w, struct hwmsg_in *in);
/*
 * Open the input as libpcap's pcap_fopen_offline would: 0 when it is
 * pcapng (linktype and snapshot set, the first interface read), 1 when its
 * magic is classic pcap's (libpcap's to open), -1 with errmsg (libpcap's
 * text; in->errmsg too when the input failed).
 */
int hwmsg_walk_open(struct hwmsg_walk *w);
/* 1 and p filled, 0 at the end, -1 with errmsg (and in->errmsg when the
 * input failed); w->pos is then the offset of the block at fault. */
int hwmsg_walk_next(struct hwmsg_walk *w, struct hwmsg_walk_pkt *p);
void hwmsg_walk_free(struct hwmsg_walk *w);

#endif
