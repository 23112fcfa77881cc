/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsg_genl: the generic-netlink helpers that hwmsgd's genl source and
 * `hwmsg dev` share (genl/: one library, both link it).
 *  - plumbing: open a socket, resolve a family and its groups, run a
 *    request with a callback per reply message (genl/nl_genl.c);
 *  - the two ABIs hardware messages arrive on (genl/genl_abi.c);
 *  - their messages as records (genl/genl_record.c).
 */
#ifndef HWMSG_GENL_H
#define HWMSG_GENL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

/* ---- plumbing ---- */
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

/* ---- the ABIs ---- */
/*
 * The two generic-netlink ABIs hardware messages arrive on:
 *  - "module": the family devlink_hwmsg of the out-of-tree module
 *    (kernel/devlink_hwmsg.c, include/uapi/linux/devlink_hwmsg.h);
 *  - "devlink": the group hwmsg of the devlink family itself, as the kernel
 *    series in kernel/patches/ adds it (numbers from the generated
 *    include/hwmsg/devlink_series.h, never typed by hand).
 * Both carry the same things under different numbers; a table per ABI
 * lets one parser read both. Which one to use is decided by what the
 * running kernel offers, by name (CTRL_CMD_GETFAMILY), unless the user
 * names one.
 */
struct genl_abi {
	const char *name;	/* "module", "devlink": --source genl=NAME */
	const char *family;	/* generic-netlink family */
	const char *group;	/* its multicast group */
	uint8_t cmd;		/* the hardware message notification */
	/* attribute numbers; 0: the ABI has no such attribute */
	uint16_t attr_index, attr_bus, attr_dev, attr_driver, attr_payload,
		 attr_type, attr_dir, attr_ts, attr_seq, attr_orig_len;
};

extern const struct genl_abi genl_abi_module;
extern const struct genl_abi genl_abi_devlink;

/* By its name ("module", "devlink"); NULL when there is none. */
const struct genl_abi *genl_abi_by_name(const char *name);

/*
 * The ABI to capture from, given the one asked for (NULL: whichever the
 * kernel offers, the devlink group first: a kernel with the series needs no
 * module) and what the kernel offers. NULL with err set when the one asked
 * for, or with NULL both, is missing.
 */
const struct genl_abi *genl_abi_choose(const struct genl_abi *want,
				       bool have_devlink, bool have_module,
				       struct hwmsg_err *err);

/* What the kernel offers of one ABI. */
struct genl_abi_found {
	bool have;			/* family and group are there */
	struct nl_genl_family fam;
	uint32_t group;			/* the group's id */
};

/* Resolve both ABIs by name (CTRL_CMD_GETFAMILY) on nl. */
void genl_abi_probe(struct mnl_socket *nl, struct genl_abi_found *devlink,
		    struct genl_abi_found *module);

/* --source genl[=OPTS]: OPTS comma-separated words. */
struct genl_opts {
	const struct genl_abi *abi;	/* devlink or module; NULL: automatic */
	bool noconfig;			/* no devlink config events */
	bool wait;			/* outlive the module's family */
};

/*
 * Parse OPTS (NULL or "" is all defaults). -1 with err set for a word
 * that is not devlink, module, noconfig or wait, an empty word, or both
 * devlink and module.
 */
int genl_opts_parse(const char *arg, struct genl_opts *o,
		    struct hwmsg_err *err);

/* ---- messages as records ---- */
/*
 * Generic netlink messages as records: hardware message notifications of
 * either ABI (the devlink_hwmsg module's family or devlink's hwmsg group)
 * and devlink "config" notifications. Apart from the socket handling so
 * that they can be fuzzed.
 */
/*
 * The next whole message of a datagram (buf, len) at *off, which moves past
 * it; NULL at the end or when the rest is not a whole message with its
 * padding. Unlike mnl_nlmsg_ok(), a length of 2^31 or more is refused, not
 * taken as negative.
 */
const struct nlmsghdr *genl_datagram_next(const uint8_t *buf, size_t len,
					  size_t *off);
/*
 * The message's attributes, numbered as abi says, as a record; attributes
 * that fail validation are left out. Strings and the payload point into
 * nlh. ts_ns is 0 when the message has no timestamp.
 */
void genl_hwmsg_record(const struct genl_abi *abi, const struct nlmsghdr *nlh,
		       struct hwmsg_record *rec);
/* A devlink notification, kept whole as a HWMSG_TYPE_DEVLINK_EVENT record
 * named after its device; ts_ns is left 0. */
void genl_event_record(const struct nlmsghdr *nlh, struct hwmsg_record *rec);

#endif
