// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsgd -f: which records reach the file. */
#include <stdio.h>
#include <string.h>

#include "capture_filter.h"

int capture_filter_init(struct capture_filter *cf, const char *text)
{
	struct hwmsg_err err = { 0 };

	memset(cf, 0, sizeof(*cf));
	cf->f = hwmsg_filter_compile(text, &err);
	if (!cf->f) {
		hwmsg_filter_perror("hwmsgd: -f", text, &err);
		return -1;
	}
	if (hwmsg_filter_needs(cf->f) & HWMSG_FILTER_NEEDS_TXN) {
		cf->txn = hwmsg_txn_new();
		if (!cf->txn) {
			fprintf(stderr, "hwmsgd: out of memory\n");
			capture_filter_free(cf);
			return -1;
		}
	}
	return 0;
}

bool capture_filter_keep(struct capture_filter *cf,
			 const struct hwmsg_record *rec)
{
	unsigned int needs = hwmsg_filter_needs(cf->f);
	struct hwmsg_filter_rec fr = { .rec = rec };
	struct hwmsg_txn_info info;
	struct hwmsg_msg msg;
	struct hwmsg_err err;

	if (!cf->seen++)
		cf->first_ts = rec->ts_ns;
	fr.number = cf->seen;
	fr.first_ts_ns = cf->first_ts;
	if (needs & HWMSG_FILTER_NEEDS_MSG &&
	    hwmsg_msg_decode(rec, &msg, &err) >= 0) {
		fr.msg = &msg;
		if (cf->txn) {
			/* refs are the numbers of the records seen, kept
			 * or not: the file's own numbers differ */
			hwmsg_txn_feed_ref(cf->txn, rec, &msg, cf->seen, &info);
			fr.txn = &info;
		}
	}
	return hwmsg_filter_match(cf->f, &fr);
}

void capture_filter_free(struct capture_filter *cf)
{
	hwmsg_filter_free(cf->f);
	hwmsg_txn_free(cf->txn);
	memset(cf, 0, sizeof(*cf));
}
