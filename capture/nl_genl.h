/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Generic-netlink plumbing shared by the genl source and `hwmsg dev`:
 * open a socket, resolve a family and its groups, run a request with a
 * callback per reply message.
 */
#ifndef HWMSG_NL_GENL_H
#define HWMSG_NL_GENL_H

#include <stdint.h>

#include <libmnl/libmnl.h>

#include "hwmsg/err.h"

struct nl_genl_family {
	uint16_t id;
	uint32_t version;
};

/* A NETLINK_GENERIC socket, bound. NULL and err set on failure. */
struct mnl_socket *nl_genl_open(struct hwmsg_err *err);

/*
 * Look up family (and, when group is not NULL, its multicast group).
 * 0 on success; -ENOENT when the family is not registered, -ESRCH when it
 * has no such group, another negative errno otherwise (err set in all).
 */
int nl_genl_resolve(struct mnl_socket *nl, const char *family,
		    const char *group, struct nl_genl_family *fam,
		    uint32_t *group_id, struct hwmsg_err *err);

/*
 * Read a family description (a GETFAMILY reply or an nlctrl NEWFAMILY
 * notification): its name (may be NULL), id, version and, when group is not
 * NULL, that multicast group's id. Returns 1 when the group was found (or
 * group is NULL), 0 when not.
 */
int nl_genl_parse_family(const struct nlmsghdr *nlh, const char **name,
			 struct nl_genl_family *fam, const char *group,
			 uint32_t *group_id);

/* A request header for cmd in buf (MNL_SOCKET_BUFFER_SIZE bytes). */
struct nlmsghdr *nl_genl_msg(void *buf, uint16_t family_id, uint8_t cmd,
			     uint8_t version, uint16_t flags);

/*
 * Send req and feed every reply message to cb until the dump ends or the
 * ack arrives. 0, or a negative errno (the kernel's, for a NACK).
 */
int nl_genl_talk(struct mnl_socket *nl, struct nlmsghdr *req, mnl_cb_t cb,
		 void *data);

#endif
