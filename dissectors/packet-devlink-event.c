// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * devlink_event: the devlink notifications hwmsgd records beside the
 * hardware messages (device and port new/del), as fields. libhwmsg parses
 * the netlink message (hwmsg_devlink_event_parse) and names the commands,
 * port types and flavours; this file only puts them in the tree.
 */
#include "hwmsg_ws.h"

#include "hwmsg/devlink_event.h"

static int proto_devlink_event = -1;
static int hf_cmd = -1, hf_bus = -1, hf_dev = -1, hf_port_index = -1;
static int hf_port_type = -1, hf_flavour = -1, hf_port_number = -1;
static int hf_netdev = -1, hf_ibdev = -1;
static gint ett_event = -1;
static expert_field ei_malformed = EI_INIT;

static value_string vs_cmd[HWMSG_WS_VALS_MAX];
static value_string vs_port_type[HWMSG_WS_VALS_MAX];
static value_string vs_flavour[HWMSG_WS_VALS_MAX];

static int dissect_devlink_event(tvbuff_t *tvb, packet_info *pinfo,
				 proto_tree *tree, void *data _U_)
{
	guint len = tvb_captured_length(tvb);
	struct hwmsg_devlink_event ev;
	proto_item *ti;
	proto_tree *t;
	char line[256];

	col_set_str(pinfo->cinfo, COL_PROTOCOL, "devlink");
	ti = proto_tree_add_item(tree, proto_devlink_event, tvb, 0, -1, ENC_NA);
	t = proto_item_add_subtree(ti, ett_event);
	if (hwmsg_devlink_event_parse(tvb_get_ptr(tvb, 0, len), len, &ev)) {
		expert_add_info(pinfo, ti, &ei_malformed);
		col_set_str(pinfo->cinfo, COL_INFO, "devlink event (malformed)");
		return len;
	}
	/* generated: the values come out of netlink attributes */
	proto_item_set_generated(proto_tree_add_uint(t, hf_cmd, tvb, 0, 0, ev.cmd));
	proto_item_set_generated(proto_tree_add_string(t, hf_bus, tvb, 0, 0, ev.bus));
	proto_item_set_generated(proto_tree_add_string(t, hf_dev, tvb, 0, 0, ev.dev));
	if (ev.has_port_index)
		proto_item_set_generated(proto_tree_add_uint(t, hf_port_index,
					 tvb, 0, 0, ev.port_index));
	if (ev.has_port_type)
		proto_item_set_generated(proto_tree_add_uint(t, hf_port_type,
					 tvb, 0, 0, ev.port_type));
	if (ev.has_flavour)
		proto_item_set_generated(proto_tree_add_uint(t, hf_flavour,
					 tvb, 0, 0, ev.flavour));
	if (ev.has_port_number)
		proto_item_set_generated(proto_tree_add_uint(t, hf_port_number,
					 tvb, 0, 0, ev.port_number));
	if (ev.netdev[0])
		proto_item_set_generated(proto_tree_add_string(t, hf_netdev,
					 tvb, 0, 0, ev.netdev));
	if (ev.ibdev[0])
		proto_item_set_generated(proto_tree_add_string(t, hf_ibdev,
					 tvb, 0, 0, ev.ibdev));
	/* the one line hwmsg show prints for it */
	hwmsg_devlink_event_format(tvb_get_ptr(tvb, 0, len), len, line,
				   sizeof(line));
	col_add_str(pinfo->cinfo, COL_INFO, hwmsg_ws_text(pinfo->pool, line));
	proto_item_append_text(ti, ", %s", hwmsg_ws_text(pinfo->pool, line));
	return len;
}

void proto_register_devlink_event(void)
{
	static hf_register_info hf[] = {
		{ &hf_cmd, { "Command", "devlink_event.cmd", FT_UINT8, BASE_DEC,
			     VALS(vs_cmd), 0, NULL, HFILL } },
		{ &hf_bus, { "Bus", "devlink_event.bus", FT_STRING, BASE_NONE,
			     NULL, 0, NULL, HFILL } },
		{ &hf_dev, { "Device", "devlink_event.dev", FT_STRING, BASE_NONE,
			     NULL, 0, NULL, HFILL } },
		{ &hf_port_index, { "Port index", "devlink_event.port_index",
				    FT_UINT32, BASE_DEC, NULL, 0, NULL, HFILL } },
		{ &hf_port_type, { "Port type", "devlink_event.port_type",
				   FT_UINT16, BASE_DEC, VALS(vs_port_type), 0,
				   NULL, HFILL } },
		{ &hf_flavour, { "Port flavour", "devlink_event.flavour",
				 FT_UINT16, BASE_DEC, VALS(vs_flavour), 0,
				 NULL, HFILL } },
		{ &hf_port_number, { "Port number", "devlink_event.port_number",
				     FT_UINT32, BASE_DEC, NULL, 0, NULL,
				     HFILL } },
		{ &hf_netdev, { "Netdev", "devlink_event.netdev", FT_STRING,
				BASE_NONE, NULL, 0, NULL, HFILL } },
		{ &hf_ibdev, { "IB device", "devlink_event.ibdev", FT_STRING,
			       BASE_NONE, NULL, 0, NULL, HFILL } },
	};
	static gint *ett[] = { &ett_event };
	static ei_register_info ei[] = {
		{ &ei_malformed, { "devlink_event.malformed", PI_MALFORMED,
				   PI_ERROR, "Not a well-formed netlink message",
				   EXPFILL } },
	};
	expert_module_t *expert;

	hwmsg_ws_fill_vals(vs_cmd, HWMSG_WS_VALS_MAX, hwmsg_devlink_cmd_names);
	hwmsg_ws_fill_vals(vs_port_type, HWMSG_WS_VALS_MAX,
			   hwmsg_devlink_port_type_names);
	hwmsg_ws_fill_vals(vs_flavour, HWMSG_WS_VALS_MAX,
			   hwmsg_devlink_flavour_names);
	proto_devlink_event = proto_register_protocol("devlink notification",
						      "devlink_event",
						      "devlink_event");
	proto_register_field_array(proto_devlink_event, hf, array_length(hf));
	proto_register_subtree_array(ett, array_length(ett));
	expert = expert_register_protocol(proto_devlink_event);
	expert_register_field_array(expert, ei, array_length(ei));
	register_dissector("devlink_event", dissect_devlink_event,
			   proto_devlink_event);
}

void proto_reg_handoff_devlink_event(void)
{
}
