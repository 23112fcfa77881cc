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
#include "hwmsg/msg.h"

const struct hwmsg_name hwmsg_devlink_port_type_names[] = {
	{ DEVLINK_PORT_TYPE_NOTSET, "notset" },
	{ DEVLINK_PORT_TYPE_AUTO, "auto" },
	{ DEVLINK_PORT_TYPE_ETH, "eth" },
	{ DEVLINK_PORT_TYPE_IB, "ib" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_devlink_flavour_names[] = {
	{ DEVLINK_PORT_FLAVOUR_PHYSICAL, "physical" },
	{ DEVLINK_PORT_FLAVOUR_CPU, "cpu" },
	{ DEVLINK_PORT_FLAVOUR_DSA, "dsa" },
	{ DEVLINK_PORT_FLAVOUR_PCI_PF, "pcipf" },
	{ DEVLINK_PORT_FLAVOUR_PCI_VF, "pcivf" },
	{ DEVLINK_PORT_FLAVOUR_VIRTUAL, "virtual" },
	{ DEVLINK_PORT_FLAVOUR_UNUSED, "unused" },
	{ DEVLINK_PORT_FLAVOUR_PCI_SF, "pcisf" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_devlink_cmd_names[] = {
	{ DEVLINK_CMD_NEW, "new" },
	{ DEVLINK_CMD_DEL, "del" },
	{ DEVLINK_CMD_PORT_NEW, "port_new" },
	{ DEVLINK_CMD_PORT_DEL, "port_del" },
	{ DEVLINK_CMD_PARAM_NEW, "param_new" },
	{ DEVLINK_CMD_PARAM_DEL, "param_del" },
	{ DEVLINK_CMD_REGION_NEW, "region_new" },
	{ DEVLINK_CMD_REGION_DEL, "region_del" },
	{ DEVLINK_CMD_FLASH_UPDATE, "flash_update" },
	{ DEVLINK_CMD_FLASH_UPDATE_END, "flash_update_end" },
	{ DEVLINK_CMD_FLASH_UPDATE_STATUS, "flash_update_status" },
	{ DEVLINK_CMD_HEALTH_REPORTER_RECOVER, "health_reporter_recover" },
	{ DEVLINK_CMD_TRAP_NEW, "trap_new" },
	{ DEVLINK_CMD_TRAP_DEL, "trap_del" },
	{ DEVLINK_CMD_TRAP_GROUP_NEW, "trap_group_new" },
	{ DEVLINK_CMD_TRAP_GROUP_DEL, "trap_group_del" },
	{ DEVLINK_CMD_TRAP_POLICER_NEW, "trap_policer_new" },
	{ DEVLINK_CMD_TRAP_POLICER_DEL, "trap_policer_del" },
	{ DEVLINK_CMD_RATE_NEW, "rate_new" },
	{ DEVLINK_CMD_RATE_DEL, "rate_del" },
	{ DEVLINK_CMD_LINECARD_NEW, "linecard_new" },
	{ DEVLINK_CMD_LINECARD_DEL, "linecard_del" },
	{ 0, NULL }
};

const char *hwmsg_devlink_port_type_str(uint16_t type)
{
	return hwmsg_name_lookup(hwmsg_devlink_port_type_names, type) ?: "unknown";
}

const char *hwmsg_devlink_flavour_str(uint16_t flavour)
{
	return hwmsg_name_lookup(hwmsg_devlink_flavour_names, flavour) ?: "unknown";
}

const char *hwmsg_devlink_cmd_str(uint8_t cmd)
{
	return hwmsg_name_lookup(hwmsg_devlink_cmd_names, cmd);
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

static void copy_str(char *dst, size_t cap, const struct nlattr *a)
{
	if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
		snprintf(dst, cap, "%s", mnl_attr_get_str(a));
}

static void take_attr(struct hwmsg_devlink_event *ev, const struct nlattr *a)
{
	switch (mnl_attr_get_type(a)) {
	case DEVLINK_ATTR_BUS_NAME:
		copy_str(ev->bus, sizeof(ev->bus), a);
		break;
	case DEVLINK_ATTR_DEV_NAME:
		copy_str(ev->dev, sizeof(ev->dev), a);
		break;
	case DEVLINK_ATTR_PORT_INDEX:
		if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
			ev->port_index = mnl_attr_get_u32(a);
			ev->has_port_index = true;
		}
		break;
	case DEVLINK_ATTR_PORT_TYPE:
		if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
			ev->port_type = mnl_attr_get_u16(a);
			ev->has_port_type = true;
		}
		break;
	case DEVLINK_ATTR_PORT_NETDEV_NAME:
		copy_str(ev->netdev, sizeof(ev->netdev), a);
		break;
	case DEVLINK_ATTR_PORT_IBDEV_NAME:
		copy_str(ev->ibdev, sizeof(ev->ibdev), a);
		break;
	case DEVLINK_ATTR_PORT_FLAVOUR:
		if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
			ev->flavour = mnl_attr_get_u16(a);
			ev->has_flavour = true;
		}
		break;
	case DEVLINK_ATTR_PORT_NUMBER:
		if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
			ev->port_number = mnl_attr_get_u32(a);
			ev->has_port_number = true;
		}
		break;
	}
}

int hwmsg_devlink_event_parse(const uint8_t *msg, size_t len,
			      struct hwmsg_devlink_event *ev)
{
	const struct genlmsghdr *g;
	const struct nlmsghdr *nlh;
	const struct nlattr *a;
	void *copy;

	memset(ev, 0, sizeof(*ev));
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
	ev->cmd = g->cmd;
	mnl_attr_for_each(a, nlh, sizeof(*g))
		take_attr(ev, a);
	free(copy);
	return 0;
}

int hwmsg_devlink_event_format(const uint8_t *msg, size_t len, char *buf,
			       size_t cap)
{
	struct hwmsg_devlink_event ev;
	struct out o = { buf, cap, 0 };
	const char *cmd;

	if (cap)
		buf[0] = '\0';
	if (hwmsg_devlink_event_parse(msg, len, &ev))
		return -1;
	cmd = hwmsg_devlink_cmd_str(ev.cmd);
	if (cmd)
		outf(&o, "%s %s/%s", cmd, ev.bus, ev.dev);
	else
		outf(&o, "cmd %u %s/%s", ev.cmd, ev.bus, ev.dev);
	if (ev.has_port_index)
		outf(&o, "/%u", ev.port_index);
	if (ev.has_port_type)
		outf(&o, " type %s", hwmsg_devlink_port_type_str(ev.port_type));
	if (ev.netdev[0])
		outf(&o, " netdev %s", ev.netdev);
	if (ev.ibdev[0])
		outf(&o, " ibdev %s", ev.ibdev);
	if (ev.has_flavour)
		outf(&o, " flavour %s", hwmsg_devlink_flavour_str(ev.flavour));
	if (ev.has_port_number)
		outf(&o, " port %u", ev.port_number);
	return o.len;
}
