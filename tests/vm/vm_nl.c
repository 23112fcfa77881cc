// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm_nl: guest-side probes of the devlink_hwmsg family for the VM tests.
 *   vm_nl join [UID]   drop to UID (default 65534, no capabilities), then
 *                      join the group "hwmsg"; prints "join ok" or
 *                      "join failed: <errno name>"; exits 0 only for EPERM
 *                      when UID is given, for success when it is not
 *   vm_nl stats        the module's counters in this netns, one per line
 */
#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "hwmsg/genl.h"
#include "uapi/linux/devlink_hwmsg.h"

static int do_join(int argc, char **argv)
{
	struct nl_genl_family fam;
	struct mnl_socket *nl;
	struct hwmsg_err err;
	uid_t uid = 0;
	uint32_t grp;
	int drop = argc > 2;
	int ret;

	if (drop)
		uid = (uid_t)strtoul(argv[2], NULL, 0);
	nl = nl_genl_open(&err);
	if (!nl || nl_genl_resolve(nl, DEVLINK_HWMSG_GENL_NAME,
				   DEVLINK_HWMSG_MCGRP_NAME, &fam, &grp,
				   &err)) {
		fprintf(stderr, "vm_nl: %s\n", err.msg);
		if (nl)
			mnl_socket_close(nl);
		return 2;
	}
	if (drop && (setgroups(0, NULL) || setgid(uid) || setuid(uid))) {
		perror("vm_nl: dropping privileges");
		mnl_socket_close(nl);
		return 2;
	}
	if (mnl_socket_setsockopt(nl, NETLINK_ADD_MEMBERSHIP, &grp,
				  sizeof(grp)) < 0) {
		int e = errno;

		printf("join failed: %s\n", e == EPERM ? "EPERM" : strerror(e));
		ret = drop && e == EPERM ? 0 : 1;
	} else {
		printf("join ok\n");
		ret = drop ? 1 : 0;
	}
	mnl_socket_close(nl);
	return ret;
}

static int stats_cb(const struct nlmsghdr *nlh, void *data)
{
	static const char *const names[] = {
		[DEVLINK_HWMSG_ATTR_STAT_SENT] = "sent",
		[DEVLINK_HWMSG_ATTR_STAT_NOMEM] = "nomem",
		[DEVLINK_HWMSG_ATTR_STAT_TRUNCATED] = "truncated",
		[DEVLINK_HWMSG_ATTR_STAT_NO_LISTENER] = "no_listener",
		[DEVLINK_HWMSG_ATTR_STAT_SEND_FAILED] = "send_failed",
		[DEVLINK_HWMSG_ATTR_STAT_REFUSED] = "refused",
	};
	const struct nlattr *a;

	(void)data;
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		unsigned int t = mnl_attr_get_type(a);

		if (t < sizeof(names) / sizeof(names[0]) && names[t] &&
		    mnl_attr_validate(a, MNL_TYPE_U64) >= 0)
			printf("%s %" PRIu64 "\n", names[t],
			       mnl_attr_get_u64(a));
	}
	return MNL_CB_OK;
}

static int do_stats(void)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nl_genl_family fam;
	struct mnl_socket *nl;
	struct hwmsg_err err;
	struct nlmsghdr *nlh;
	int ret;

	nl = nl_genl_open(&err);
	if (!nl || nl_genl_resolve(nl, DEVLINK_HWMSG_GENL_NAME, NULL, &fam,
				   NULL, &err)) {
		fprintf(stderr, "vm_nl: %s\n", err.msg);
		if (nl)
			mnl_socket_close(nl);
		return 2;
	}
	nlh = nl_genl_msg(buf, fam.id, DEVLINK_HWMSG_CMD_GET,
			  DEVLINK_HWMSG_GENL_VERSION, 0);
	ret = nl_genl_talk(nl, nlh, stats_cb, NULL);
	mnl_socket_close(nl);
	if (ret) {
		fprintf(stderr, "vm_nl: stats: %s\n", strerror(-ret));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "join"))
		return do_join(argc, argv);
	if (argc == 2 && !strcmp(argv[1], "stats"))
		return do_stats();
	fprintf(stderr, "usage: vm_nl join [UID] | stats\n");
	return 2;
}
