// SPDX-License-Identifier: GPL-2.0-or-later
/* The generic-netlink ABIs of hardware messages: hwmsg/genl.h */
#include <string.h>

#include "hwmsg/genl.h"
#include "hwmsg/devlink_series.h"
#include "uapi/linux/devlink_hwmsg.h"

const struct genl_abi genl_abi_module = {
	.name = "module",
	.family = DEVLINK_HWMSG_GENL_NAME,
	.group = DEVLINK_HWMSG_MCGRP_NAME,
	.cmd = DEVLINK_CMD_HWMSG_NEW,
	.attr_index = DEVLINK_HWMSG_ATTR_INDEX,
	.attr_bus = DEVLINK_HWMSG_ATTR_BUS_NAME,
	.attr_dev = DEVLINK_HWMSG_ATTR_DEV_NAME,
	.attr_driver = DEVLINK_HWMSG_ATTR_DRIVER_NAME,
	.attr_payload = DEVLINK_HWMSG_ATTR_PAYLOAD,
	.attr_type = DEVLINK_HWMSG_ATTR_TYPE,
	.attr_dir = DEVLINK_HWMSG_ATTR_DIR,
	.attr_ts = DEVLINK_HWMSG_ATTR_TIMESTAMP,
	.attr_seq = DEVLINK_HWMSG_ATTR_SEQ,
	.attr_orig_len = DEVLINK_HWMSG_ATTR_ORIG_LEN,
};

const struct genl_abi genl_abi_devlink = {
	.name = "devlink",
	.family = HWMSG_DEVLINK_GENL_NAME,
	.group = HWMSG_DEVLINK_MCGRP_HWMSG_NAME,
	.cmd = HWMSG_DEVLINK_CMD_HWMSG_NEW,
	.attr_index = 0,	/* devlink messages name the device by bus/dev */
	.attr_bus = HWMSG_DEVLINK_ATTR_BUS_NAME,
	.attr_dev = HWMSG_DEVLINK_ATTR_DEV_NAME,
	.attr_driver = HWMSG_DEVLINK_ATTR_DRIVER_NAME,
	.attr_payload = HWMSG_DEVLINK_ATTR_HWMSG_PAYLOAD,
	.attr_type = HWMSG_DEVLINK_ATTR_HWMSG_TYPE,
	.attr_dir = HWMSG_DEVLINK_ATTR_HWMSG_DIR,
	.attr_ts = HWMSG_DEVLINK_ATTR_HWMSG_TIMESTAMP,
	.attr_seq = HWMSG_DEVLINK_ATTR_HWMSG_SEQ,
	.attr_orig_len = HWMSG_DEVLINK_ATTR_HWMSG_ORIG_LEN,
};

const struct genl_abi *genl_abi_by_name(const char *name)
{
	if (!strcmp(name, genl_abi_devlink.name))
		return &genl_abi_devlink;
	if (!strcmp(name, genl_abi_module.name))
		return &genl_abi_module;
	return NULL;
}

static void probe_one(struct mnl_socket *nl, const struct genl_abi *abi,
		      struct genl_abi_found *f)
{
	struct hwmsg_err e;

	f->have = !nl_genl_resolve(nl, abi->family, abi->group, &f->fam,
				   &f->group, &e);
}

void genl_abi_probe(struct mnl_socket *nl, struct genl_abi_found *devlink,
		    struct genl_abi_found *module)
{
	probe_one(nl, &genl_abi_devlink, devlink);
	probe_one(nl, &genl_abi_module, module);
}

const struct genl_abi *genl_abi_choose(const struct genl_abi *want,
				       bool have_devlink, bool have_module,
				       struct hwmsg_err *err)
{
	if (want == &genl_abi_devlink) {
		if (have_devlink)
			return want;
		hwmsg_errf(err, 0, "the kernel's devlink family has no group '%s' (a kernel without the hwmsg series; --source genl=module uses the devlink_hwmsg module)",
			   genl_abi_devlink.group);
		return NULL;
	}
	if (want == &genl_abi_module) {
		if (have_module)
			return want;
		hwmsg_errf(err, 0, "generic netlink family '%s' not found (load the devlink_hwmsg module)",
			   genl_abi_module.family);
		return NULL;
	}
	if (have_devlink)
		return &genl_abi_devlink;
	if (have_module)
		return &genl_abi_module;
	hwmsg_errf(err, 0, "neither devlink group '%s' (kernel series) nor family '%s' (module) is there: load the devlink_hwmsg module, or use --source tracepoint",
		   genl_abi_devlink.group, genl_abi_module.family);
	return NULL;
}

int genl_opts_parse(const char *arg, struct genl_opts *o,
		    struct hwmsg_err *err)
{
	const char *p = arg;

	memset(o, 0, sizeof(*o));
	if (!arg || !*arg)
		return 0;
	for (;;) {
		size_t n = strcspn(p, ",");
		char word[32];
		const struct genl_abi *abi;

		if (!n || n >= sizeof(word))
			return hwmsg_errf(err, 0, "genl=%s: '%.*s' is not an option (devlink, module, noconfig, wait)",
					  arg, (int)n, p);
		memcpy(word, p, n);
		word[n] = 0;
		abi = genl_abi_by_name(word);
		if (abi) {
			if (o->abi && o->abi != abi)
				return hwmsg_errf(err, 0, "genl=%s: devlink and module exclude each other",
						  arg);
			o->abi = abi;
		} else if (!strcmp(word, "noconfig")) {
			o->noconfig = true;
		} else if (!strcmp(word, "wait")) {
			o->wait = true;
		} else {
			return hwmsg_errf(err, 0, "genl=%s: '%s' is not an option (devlink, module, noconfig, wait)",
					  arg, word);
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}
