/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader's device names: each distinct bus, dev and driver of its
 * records kept once and numbered (hwmsg_record.names_id), so that the
 * consumers of millions of records (pairing, stat) find a record's device
 * by that number instead of comparing three strings per record.
 */
#ifndef HWMSG_IO_DEVNAMES_H
#define HWMSG_IO_DEVNAMES_H

#include <stddef.h>
#include <stdint.h>

#include "hwmsg/record.h"

#define HWMSG_DEVNAMES_MAX	64	/* past that, records just go unnumbered */

struct hwmsg_devnames {
	struct hwmsg_devname {
		uint8_t *tlvs;	/* the three name TLVs as they came */
		size_t len;
		uint64_t tail;	/* its last 8 bytes: most misses stop here */
		uint32_t id;
		const char *bus, *dev, *driver;	/* in tlvs */
	} e[HWMSG_DEVNAMES_MAX];
	unsigned int n, last;	/* last: the one the latest record had */
};

/*
 * Number rec (just decoded from its TLVs) and point its names at the kept
 * copy, valid until hwmsg_devnames_free; a record whose three names are
 * not adjacent TLVs in the order bus, dev, driver (or are missing) stays
 * unnumbered.
 */
void hwmsg_devnames_add(struct hwmsg_devnames *t, struct hwmsg_record *rec);
void hwmsg_devnames_free(struct hwmsg_devnames *t);

#endif
