// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "hwmsg/txn.h"

struct hwmsg_txn {
	int unused;
};

struct hwmsg_txn *hwmsg_txn_new(void)
{
	return calloc(1, sizeof(struct hwmsg_txn));
}

void hwmsg_txn_free(struct hwmsg_txn *t)
{
	free(t);
}

void hwmsg_txn_feed(struct hwmsg_txn *t, const struct hwmsg_record *rec,
		    const struct hwmsg_msg *msg, struct hwmsg_txn_info *info)
{
	(void)t;
	(void)rec;
	memset(info, 0, sizeof(*info));
	info->is_response = msg->op.response;
}

unsigned int hwmsg_txn_orphans(struct hwmsg_txn *t, uint64_t now_ns,
			       uint64_t timeout_ns,
			       void (*cb)(const struct hwmsg_txn_orphan *o,
					  void *arg),
			       void *arg)
{
	(void)t;
	(void)now_ns;
	(void)timeout_ns;
	(void)cb;
	(void)arg;
	return 0;
}
