// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The "hwmsg" tap and its stats_tree (tshark -z hwmsg,tree): messages per
 * register and method, per method, responses per status, and response times
 * per register and method.
 */
#include "hwmsg_ws.h"

#include <epan/stats_tree.h>
#include <epan/tap.h>

int hwmsg_ws_tap_id = -1;

static const char st_registers[] = "Registers";
static const char st_methods[] = "Methods";
static const char st_statuses[] = "Response statuses";
static const char st_times[] = "Response time (us)";
static int st_node_registers, st_node_methods, st_node_statuses,
	st_node_times;

void hwmsg_ws_tap_time(struct hwmsg_ws_tap *tap, packet_info *pinfo,
		       const struct hwmsg_ws_txn_frame *f)
{
	nstime_t delta, req;

	tap->has_time = f && f->response && f->req_frame;
	tap->time_us = 0;
	if (tap->has_time) {
		hwmsg_ws_txn_req_time(f, &req);
		nstime_delta(&delta, &pinfo->abs_ts, &req);
		tap->time_us = nstime_to_sec(&delta) * 1e6;
	}
}

static void hwmsg_stats_init(stats_tree *st)
{
	st_node_registers = stats_tree_create_node(st, st_registers, 0,
						   STAT_DT_INT, TRUE);
	st_node_methods = stats_tree_create_node(st, st_methods, 0,
						 STAT_DT_INT, TRUE);
	st_node_statuses = stats_tree_create_node(st, st_statuses, 0,
						  STAT_DT_INT, TRUE);
	st_node_times = stats_tree_create_node(st, st_times, 0, STAT_DT_FLOAT,
					       TRUE);
}

static tap_packet_status hwmsg_stats_packet(stats_tree *st,
					    packet_info *pinfo,
					    epan_dissect_t *edt _U_,
					    const void *data,
					    tap_flags_t flags _U_)
{
	const struct hwmsg_ws_tap *m = data;
	const char *reg = hwmsg_ws_reg_str(m->reg_id);
	const char *method = hwmsg_ws_name(hwmsg_emad_method_names, m->method);
	int node;

	tick_stat_node(st, st_registers, 0, TRUE);
	node = tick_stat_node(st, reg, st_node_registers, TRUE);
	tick_stat_node(st, method, node, FALSE);

	tick_stat_node(st, st_methods, 0, TRUE);
	node = tick_stat_node(st, method, st_node_methods, TRUE);
	tick_stat_node(st, m->response ? "response" : "request", node, FALSE);

	if (m->response) {
		tick_stat_node(st, st_statuses, 0, TRUE);
		tick_stat_node(st,
			       hwmsg_ws_name(hwmsg_emad_status_names, m->status),
			       st_node_statuses, FALSE);
	}
	if (m->has_time) {
		avg_stat_node_add_value_float(st, st_times, 0, TRUE,
					      (float)m->time_us);
		avg_stat_node_add_value_float(st,
			wmem_strdup_printf(pinfo->pool, "%s %s", reg, method),
			st_node_times, FALSE, (float)m->time_us);
	}
	return TAP_PACKET_REDRAW;
}

void hwmsg_ws_register_tap(void)
{
	hwmsg_ws_tap_id = register_tap("hwmsg");
}

void hwmsg_ws_register_stats(void)
{
	stats_tree_register_plugin("hwmsg", "hwmsg",
				   "hwmsg/Registers, methods, statuses", 0,
				   hwmsg_stats_packet, hwmsg_stats_init, NULL);
}
