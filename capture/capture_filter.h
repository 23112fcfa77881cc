/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsgd -f: the filter language (hwmsg/filter.h) at capture time. It
 * decodes and pairs only what the filter asks for.
 */
#ifndef HWMSGD_CAPTURE_FILTER_H
#define HWMSGD_CAPTURE_FILTER_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/filter.h"
#include "hwmsg/txn.h"

struct capture_filter {
	struct hwmsg_filter *f;
	struct hwmsg_txn *txn;		/* when the filter pairs */
	uint64_t seen, first_ts;
};

/* Compile text; -1 after printing the error (column, caret). */
int capture_filter_init(struct capture_filter *cf, const char *text);
/* Does rec pass? Every record the source delivers goes through here. */
bool capture_filter_keep(struct capture_filter *cf,
			 const struct hwmsg_record *rec);
void capture_filter_free(struct capture_filter *cf);

#endif
