/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * devlink notifications as text: the records of type
 * HWMSG_TYPE_DEVLINK_EVENT (the whole netlink message) and `hwmsg dev`.
 */
#ifndef HWMSG_DEVLINK_EVENT_H
#define HWMSG_DEVLINK_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/msg.h"

/* What one devlink notification says (the attributes hwmsg knows). */
struct hwmsg_devlink_event {
	uint8_t cmd;			/* DEVLINK_CMD_* */
	char bus[32], dev[64];		/* "" when absent */
	bool has_port_index, has_port_type, has_flavour, has_port_number;
	uint32_t port_index, port_number;
	uint16_t port_type, flavour;
	char netdev[32], ibdev[64];	/* "" when absent */
};

/* The names of commands, port types and flavours, as iproute2 prints
 * them: the one copy for hwmsg and the Wireshark plugin. */
extern const struct hwmsg_name hwmsg_devlink_cmd_names[];
extern const struct hwmsg_name hwmsg_devlink_port_type_names[];
extern const struct hwmsg_name hwmsg_devlink_flavour_names[];

/* "eth", "ib", ... and "physical", "cpu", ... as iproute2 prints them */
const char *hwmsg_devlink_port_type_str(uint16_t type);
const char *hwmsg_devlink_flavour_str(uint16_t flavour);
/* "new", "port_new", "param_del", ... or NULL */
const char *hwmsg_devlink_cmd_str(uint8_t cmd);

/* Parse one notification (its nlmsghdr, any alignment); -1 when msg is
 * not a well-formed netlink message. */
int hwmsg_devlink_event_parse(const uint8_t *msg, size_t len,
			      struct hwmsg_devlink_event *ev);

/*
 * One devlink notification (from its nlmsghdr, any alignment) as one line,
 * e.g. "port_new hwmsg_sim/hwmsg_sim3/0 type ib flavour physical port 1".
 * Returns the length of the whole line (as snprintf: buf holds at most
 * cap - 1 bytes of it), or -1 when msg is not a well-formed netlink message.
 */
int hwmsg_devlink_event_format(const uint8_t *msg, size_t len, char *buf,
			       size_t cap);

#endif
