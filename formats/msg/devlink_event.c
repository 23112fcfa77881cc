// SPDX-License-Identifier: GPL-2.0-or-later
/* devlink notifications as text: see hwmsg/devlink_event.h. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "hwmsg/devlink_event.h"

const char *hwmsg_devlink_port_type_str(uint16_t type)
{
	switch (type) {
	case DEVLINK_PORT_TYPE_NOTSET: return "notset";
	case DEVLINK_PORT_TYPE_AUTO: return "auto";
	case DEVLINK_PORT_TYPE_ETH: return "eth";
	case DEVLINK_PORT_TYPE_IB: return "ib";
	}
	return "unknown";
}

const char *hwmsg_devlink_flavour_str(uint16_t flavour)
{
	switch (flavour) {
	case DEVLINK_PORT_FLAVOUR_PHYSICAL: return "physical";
	case DEVLINK_PORT_FLAVOUR_CPU: return "cpu";
	case DEVLINK_PORT_FLAVOUR_DSA: return "dsa";
	case DEVLINK_PORT_FLAVOUR_PCI_PF: return "pcipf";
	case DEVLINK_PORT_FLAVOUR_PCI_VF: return "pcivf";
	case DEVLINK_PORT_FLAVOUR_VIRTUAL: return "virtual";
	case DEVLINK_PORT_FLAVOUR_UNUSED: return "unused";
	case DEVLINK_PORT_FLAVOUR_PCI_SF: return "pcisf";
	}
	return "unknown";
}

const char *hwmsg_devlink_cmd_str(uint8_t cmd)
{
	switch (cmd) {
	case DEVLINK_CMD_NEW: return "new";
	case DEVLINK_CMD_DEL: return "del";
	case DEVLINK_CMD_PORT_NEW: return "port_new";
	case DEVLINK_CMD_PORT_DEL: return "port_del";
	case DEVLINK_CMD_PARAM_NEW: return "param_new";
	case DEVLINK_CMD_PARAM_DEL: return "param_del";
	case DEVLINK_CMD_REGION_NEW: return "region_new";
	case DEVLINK_CMD_REGION_DEL: return "region_del";
	case DEVLINK_CMD_FLASH_UPDATE: return "flash_update";
	case DEVLINK_CMD_FLASH_UPDATE_END: return "flash_update_end";
	case DEVLINK_CMD_FLASH_UPDATE_STATUS: return "flash_update_status";
	case DEVLINK_CMD_HEALTH_REPORTER_RECOVER: return "health_reporter_recover";
	case DEVLINK_CMD_TRAP_NEW: return "trap_new";
	case DEVLINK_CMD_TRAP_DEL: return "trap_del";
	case DEVLINK_CMD_TRAP_GROUP_NEW: return "trap_group_new";
	case DEVLINK_CMD_TRAP_GROUP_DEL: return "trap_group_del";
	case DEVLINK_CMD_TRAP_POLICER_NEW: return "trap_policer_new";
	case DEVLINK_CMD_TRAP_POLICER_DEL: return "trap_policer_del";
	case DEVLINK_CMD_RATE_NEW: return "rate_new";
	case DEVLINK_CMD_RATE_DEL: return "rate_del";
	case DEVLINK_CMD_LINECARD_NEW: return "linecard_new";
	case DEVLINK_CMD_LINECARD_DEL: return "linecard_del";
	}
	return NULL;
}

struct out {
	char *buf;
	size_t cap;
	int len;
};

static void outf(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void outf(struct out *o, const char *fmt, ...)
{
	size_t off = (size_t)o->len < o->cap ? (size_t)o->len : o->cap;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf ? o->buf + off : NULL, o->cap - off, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += n;
}

int hwmsg_devlink_event_format(const uint8_t *msg, size_t len, char *buf,
			       size_t cap)
{
	const char *bus = "", *dev = "", *netdev = NULL, *ibdev = NULL;
	bool has_index = false, has_type = false, has_flavour = false;
	bool has_number = false;
	uint16_t type = 0, flavour = 0;
	uint32_t index = 0, number = 0;
	const struct genlmsghdr *g;
	const struct nlmsghdr *nlh;
	struct out o = { buf, cap, 0 };
	const struct nlattr *a;
	const char *cmd;
	void *copy;

	if (cap)
		buf[0] = '\0';
	if (len < NLMSG_HDRLEN + GENL_HDRLEN || len > 1u << 20)
		return -1;
	/*
	 * records may sit at any alignment: parse an aligned copy, zero
	 * padded, as libmnl walks attributes up to the aligned length
	 */
	copy = calloc(1, NLMSG_ALIGN(len));
	if (!copy)
		return -1;
	memcpy(copy, msg, len);
	nlh = copy;
	/* not mnl_nlmsg_ok(): it takes a length of 2^31 or more as negative */
	if (nlh->nlmsg_len > len ||
	    nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN) {
		free(copy);
		return -1;
	}
	g = mnl_nlmsg_get_payload(nlh);
	mnl_attr_for_each(a, nlh, sizeof(*g)) {
		switch (mnl_attr_get_type(a)) {
		case DEVLINK_ATTR_BUS_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				bus = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_DEV_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				dev = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_PORT_INDEX:
			if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
				index = mnl_attr_get_u32(a);
				has_index = true;
			}
			break;
		case DEVLINK_ATTR_PORT_TYPE:
			if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
				type = mnl_attr_get_u16(a);
				has_type = true;
			}
			break;
		case DEVLINK_ATTR_PORT_NETDEV_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				netdev = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_PORT_IBDEV_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				ibdev = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_PORT_FLAVOUR:
			if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
				flavour = mnl_attr_get_u16(a);
				has_flavour = true;
			}
			break;
		case DEVLINK_ATTR_PORT_NUMBER:
			if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
				number = mnl_attr_get_u32(a);
				has_number = true;
			}
			break;
		}
	}
	cmd = hwmsg_devlink_cmd_str(g->cmd);
	if (cmd)
		outf(&o, "%s %s/%s", cmd, bus, dev);
	else
		outf(&o, "cmd %u %s/%s", g->cmd, bus, dev);
	if (has_index)
		outf(&o, "/%u", index);
	if (has_type)
		outf(&o, " type %s", hwmsg_devlink_port_type_str(type));
	if (netdev)
		outf(&o, " netdev %s", netdev);
	if (ibdev)
		outf(&o, " ibdev %s", ibdev);
	if (has_flavour)
		outf(&o, " flavour %s", hwmsg_devlink_flavour_str(flavour));
	if (has_number)
		outf(&o, " port %u", number);
	free(copy);
	return o.len;
}
