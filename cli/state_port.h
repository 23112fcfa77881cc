/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hwmsg state --port: the port registers of each local port side by side. */
#ifndef HWMSG_CLI_STATE_PORT_H
#define HWMSG_CLI_STATE_PORT_H

#include <stdbool.h>

#include "hwmsg/state.h"

void state_print_ports(struct hwmsg_state *st, bool json);

#endif
