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
static gint ett_event = -1;
static expert_field ei_malformed = EI_INIT;

static void gen_uint(proto_tree *t, tvbuff_t *tvb, int hf, guint32 v)
{
	proto_item_set_generated(proto_tree_add_uint(t, hf, tvb, 0, 0, v));
}

static void gen_string(proto_tree *t, tvbuff_t *tvb, int hf, const char *v)
{
	proto_item_set_generated(proto_tree_add_string(t, hf, tvb, 0, 0, v));
}

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
	gen_uint(t, tvb, HF(DEVLINK_EVENT_CMD), ev.cmd);
	gen_string(t, tvb, HF(DEVLINK_EVENT_BUS), ev.bus);
	gen_string(t, tvb, HF(DEVLINK_EVENT_DEV), ev.dev);
	if (ev.has_port_index)
		gen_uint(t, tvb, HF(DEVLINK_EVENT_PORT_INDEX), ev.port_index);
	if (ev.has_port_type)
		gen_uint(t, tvb, HF(DEVLINK_EVENT_PORT_TYPE), ev.port_type);
	if (ev.has_flavour)
		gen_uint(t, tvb, HF(DEVLINK_EVENT_FLAVOUR), ev.flavour);
	if (ev.has_port_number)
		gen_uint(t, tvb, HF(DEVLINK_EVENT_PORT_NUMBER), ev.port_number);
	if (ev.netdev[0])
		gen_string(t, tvb, HF(DEVLINK_EVENT_NETDEV), ev.netdev);
	if (ev.ibdev[0])
		gen_string(t, tvb, HF(DEVLINK_EVENT_IBDEV), ev.ibdev);
	/* the one line hwmsg show prints for it */
	hwmsg_devlink_event_format(tvb_get_ptr(tvb, 0, len), len, line,
				   sizeof(line));
	col_add_str(pinfo->cinfo, COL_INFO, hwmsg_ws_text(pinfo->pool, line));
	proto_item_append_text(ti, ", %s", hwmsg_ws_text(pinfo->pool, line));
	return len;
}

void proto_register_devlink_event(void)
{
	static gint *ett[] = { &ett_event };
	static ei_register_info ei[] = {
		{ &ei_malformed, { "devlink_event.malformed", PI_MALFORMED,
				   PI_ERROR, "Not a well-formed netlink message",
				   EXPFILL } },
	};
	expert_module_t *expert;

	proto_devlink_event = hwmsg_ws_register_proto(HWMSG_F_DEVLINK_EVENT,
						      "devlink_event");
	proto_register_subtree_array(ett, array_length(ett));
	expert = expert_register_protocol(proto_devlink_event);
	expert_register_field_array(expert, ei, array_length(ei));
	register_dissector("devlink_event", dissect_devlink_event,
			   proto_devlink_event);
}

void proto_reg_handoff_devlink_event(void)
{
}
