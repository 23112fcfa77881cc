/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The view a switch engineer asks for first, from a register state
 * (hwmsg/state.h): per device and local port, admin and operational
 * status (PAOS), speed (PTYS), width and modules (PMLP), MTU (PMTU), each
 * as the trace last confirmed it. hwmsg state --port and hwmsg top's port
 * view print these rows.
 */
#ifndef HWMSG_STATE_PORT_H
#define HWMSG_STATE_PORT_H

#include <stddef.h>
#include <stdint.h>

#include "hwmsg/state.h"

enum hwmsg_port_col {
	HWMSG_PORT_ADMIN,
	HWMSG_PORT_OPER,
	HWMSG_PORT_SPEED,
	HWMSG_PORT_WIDTH,
	HWMSG_PORT_MODULES,
	HWMSG_PORT_MTU,
	HWMSG_PORT_N_COLS
};

/* "admin", "oper", "speed", "width", "modules", "mtu" */
extern const char *const hwmsg_port_col_names[HWMSG_PORT_N_COLS];

struct hwmsg_port_row {
	const char *bus, *dev;		/* the state's strings */
	uint32_t local_port;
	/* short values: "up", "100gbase_cr4", "1,2"; "" when unknown */
	char col[HWMSG_PORT_N_COLS][64];
};

/*
 * The rows of every port any of those registers names, sorted by device
 * and port, in *rows (free()). Returns how many, -1 when out of memory.
 */
long hwmsg_state_ports(struct hwmsg_state *st, struct hwmsg_port_row **rows);

#endif
