/* SPDX-License-Identifier: GPL-2.0-or-later */
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
#ifndef HWMSGD_GENL_ABI_H
#define HWMSGD_GENL_ABI_H

#include <stdbool.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

#include "hwmsg/err.h"
#include "nl_genl.h"

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

#endif
