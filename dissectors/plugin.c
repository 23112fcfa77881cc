// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The hwmsg Wireshark plugin (4.0 plugin API). The protocols it registers
 * are listed once, below: a new protocol file adds one line here.
 * WS_BUILD_DLL comes from CMake, so WS_DLL_PUBLIC exports.
 */
#include <wireshark.h>
#include <ws_version.h>

#include <epan/packet.h>
#include <epan/proto.h>
#include <epan/tap.h>

#include "hwmsg_ws.h"

WS_DLL_PUBLIC_DEF const gchar plugin_version[] = HWMSG_VERSION;
WS_DLL_PUBLIC_DEF const int plugin_want_major = WIRESHARK_VERSION_MAJOR;
WS_DLL_PUBLIC_DEF const int plugin_want_minor = WIRESHARK_VERSION_MINOR;

WS_DLL_PUBLIC void plugin_register(void);

/* Register (fields, tables) and handoff (hooks) of every protocol. */
static const proto_plugin protocols[] = {
	{ proto_register_emad, proto_reg_handoff_emad },	/* owns "emad.reg_id" */
	{ proto_register_cmd_reg, proto_reg_handoff_cmd_reg },
	{ proto_register_devlink_hwmsg, proto_reg_handoff_devlink_hwmsg },
	{ proto_register_devlink_event, proto_reg_handoff_devlink_event },
	{ proto_register_mlxreg, proto_reg_handoff_mlxreg },	/* register fields */
};

static const tap_plugin stats = { hwmsg_ws_register_stats };

void plugin_register(void)
{
	size_t i;

	for (i = 0; i < G_N_ELEMENTS(protocols); i++)
		proto_register_plugin(&protocols[i]);
	tap_register_plugin(&stats);
}
