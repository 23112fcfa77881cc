// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_reg: the mlx4 ACCESS_REG mailbox (layout in wire.h). It carries no
 * tid, so requests and responses pair by order per device (txn.h); the
 * direction comes from the devlink_hwmsg record.
 */
#include "hwmsg_ws.h"

#include <epan/tap.h>

static int proto_cmd_reg = -1;

static int ett_cmd_reg = -1;

static expert_field ei_status = EI_INIT;
static expert_field ei_short = EI_INIT;
static expert_field ei_len = EI_INIT;
static expert_field ei_constant = EI_INIT;
static expert_field ei_cut = EI_INIT;

static dissector_table_t reg_table;

static const struct hwmsg_ws_txn_fields txn_ids = {
	&HF(CMD_REG_RESPONSE_IN), &HF(CMD_REG_RESPONSE_TO), &HF(CMD_REG_TIME),
	NULL, NULL, NULL,
};

static void queue_tap(packet_info *pinfo, const struct hwmsg_ws_reg_ctx *r,
		      const struct hwmsg_ws_txn_frame *f)
{
	struct hwmsg_ws_tap *tap;

	if (!have_tap_listener(hwmsg_ws_tap_id))
		return;
	tap = wmem_new(pinfo->pool, struct hwmsg_ws_tap);
	tap->type = HWMSG_TYPE_MLX_CMD_REG;
	tap->reg_id = r->reg_id;
	tap->method = r->method;
	tap->status = r->status;
	tap->response = r->response;
	hwmsg_ws_tap_time(tap, pinfo, f);
	tap_queue_packet(hwmsg_ws_tap_id, pinfo, tap);
}

/* The header items; the constants libhwmsg rejected are flagged. */
static proto_item *add_header(tvbuff_t *tvb, packet_info *pinfo,
			      proto_tree *t, int rc,
			      const struct hwmsg_err *err, guint16 reg_id,
			      proto_item **len_item)
{
	proto_item *pi[HWMSG_CMDREG_HDR_LEN] = { 0 }, *status_item;

	pi[0] = proto_tree_add_item(t, HF(CMD_REG_CONSTANT1), tvb, 0, 2,
				    ENC_BIG_ENDIAN);
	status_item = proto_tree_add_item(t, HF(CMD_REG_STATUS), tvb,
		HWMSG_CMDREG_STATUS_OFF, 1, ENC_NA);
	hwmsg_ws_add_reg_id(t, HF(CMD_REG_REG_ID), tvb, HWMSG_CMDREG_REG_ID_OFF,
			    reg_id);
	proto_item_set_generated(proto_tree_add_string(t, HF(CMD_REG_REG_NAME),
						       tvb,
		HWMSG_CMDREG_REG_ID_OFF, 2,
		hwmsg_ws_reg_str(reg_id)));
	proto_tree_add_item(t, HF(CMD_REG_METHOD), tvb, HWMSG_CMDREG_METHOD_OFF,
			    1,
			    ENC_NA);
	pi[HWMSG_CMDREG_CONSTANT2_OFF] = proto_tree_add_item(t,
							     HF(CMD_REG_CONSTANT2),
		tvb, HWMSG_CMDREG_CONSTANT2_OFF, 1, ENC_NA);
	*len_item = pi[HWMSG_CMDREG_LEN_CONST_OFF] = proto_tree_add_item(t,
		HF(CMD_REG_LEN), tvb, HWMSG_CMDREG_LEN_CONST_OFF, 2, ENC_BIG_ENDIAN);
	/* libhwmsg's verdict, on the constant it names by offset */
	if (rc < 0 && err->offset < HWMSG_CMDREG_HDR_LEN && pi[err->offset])
		expert_add_info_format(pinfo, pi[err->offset], &ei_constant,
				       "%s", err->msg);
	return status_item;
}

/* The register: cut at capture, or longer than the mailbox. */
static void add_register(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
			 proto_item *len_item, const struct hwmsg_msg *msg,
			 const struct hwmsg_err *err,
			 struct hwmsg_ws_reg_ctx *r)
{
	const struct hwmsg_tlv_ref *reg = &msg->tlvs[1];
	tvbuff_t *reg_tvb;

	if (reg->flags & HWMSG_TLV_BAD_LEN)
		expert_add_info_format(pinfo, len_item, &ei_len, "%s", err->msg);
	if (reg->flags & HWMSG_TLV_CUT)
		expert_add_info_format(pinfo, len_item, &ei_cut, "%s", err->msg);
	if (!msg->reg_len)
		return;
	reg_tvb = tvb_new_subset_length_caplen(tvb, HWMSG_CMDREG_HDR_LEN,
		(gint)msg->reg_len, (gint)(reg->len - HWMSG_EMAD_TLV_HDR_LEN));
	r->info[0] = '\0';
	if (!dissector_try_uint_new(reg_table, r->reg_id, reg_tvb, pinfo, t,
				    TRUE, r))
		proto_tree_add_item(t, HF(CMD_REG_REG_DATA), tvb,
				    HWMSG_CMDREG_HDR_LEN,
				    (gint)msg->reg_len, ENC_NA);
	/* the register's index fields after the rest of Info */
	if (r->info[0])
		col_append_str(pinfo->cinfo, COL_INFO, r->info);
}

/* Info in one go; the register's index fields come after (add_register). */
static void set_info(packet_info *pinfo, proto_item *ti,
		     const struct hwmsg_ws_reg_ctx *r)
{
	const char *reg = hwmsg_ws_reg_str(r->reg_id);
	const char *method = hwmsg_ws_name(hwmsg_emad_method_names, r->method);
	const char *what = r->response ? "response" : "request";
	struct hwmsg_ws_line l;

	l.n = 0;
	hwmsg_ws_line_add(&l, reg);
	hwmsg_ws_line_put(&l, " ", 1);
	hwmsg_ws_line_add(&l, method);
	hwmsg_ws_line_put(&l, " ", 1);
	hwmsg_ws_line_add(&l, what);
	hwmsg_ws_line_add(&l, " (CMD_REG)");
	if (r->status) {
		hwmsg_ws_line_add(&l, " status ");
		hwmsg_ws_line_add(&l, hwmsg_ws_name(hwmsg_emad_status_names,
						    r->status));
	}
	col_add_str(pinfo->cinfo, COL_INFO, l.s);
	if (ti) {	/* ", PMLP query request", without printf */
		struct hwmsg_ws_line a;	/* not zeroed: 4 KiB */

		a.n = 0;
		hwmsg_ws_line_add(&a, ", ");
		hwmsg_ws_line_add(&a, reg);
		hwmsg_ws_line_add(&a, " ");
		hwmsg_ws_line_add(&a, method);
		hwmsg_ws_line_add(&a, " ");
		hwmsg_ws_line_add(&a, what);
		hwmsg_ws_append_label(ti, a.s, a.n);
	}
}

/*
 * libhwmsg (hwmsg_cmdreg_parse_cut) decides: constants, lengths, a cut
 * register. The tracker, Info and tap go first; the register dissector,
 * which may throw, last.
 */
static int dissect_cmd_reg(tvbuff_t *tvb, packet_info *pinfo,
			   proto_tree *tree, void *data)
{
	const struct hwmsg_ws_rec_ctx *ctx = data;
	guint cap = tvb_captured_length(tvb);
	struct hwmsg_ws_txn_frame *f = NULL;
	struct hwmsg_ws_reg_ctx r;
	proto_item *ti = NULL, *status_item = NULL, *len_item = NULL;
	struct hwmsg_msg msg;
	struct hwmsg_err err;
	proto_tree *t = NULL;
	int rc;

	col_set_str(pinfo->cinfo, COL_PROTOCOL, "CMD_REG");
	if (tree) {
		ti = proto_tree_add_item(tree, proto_cmd_reg, tvb, 0, -1,
					 ENC_NA);
		t = proto_item_add_subtree(ti, ett_cmd_reg);
	}
	if (cap < HWMSG_CMDREG_HDR_LEN) {
		expert_add_info(pinfo, ti, &ei_short);
		col_set_str(pinfo->cinfo, COL_INFO, "CMD_REG (short mailbox)");
		return (int)cap;
	}
	rc = hwmsg_cmdreg_parse_cut(tvb_get_ptr(tvb, 0, (gint)cap), cap,
				    tvb_reported_length(tvb),
				    ctx && ctx->has_dir ? ctx->dir : 0, &msg,
				    &err);
	r.reg_id = tvb_get_ntohs(tvb, HWMSG_CMDREG_REG_ID_OFF);
	r.method = tvb_get_guint8(tvb, HWMSG_CMDREG_METHOD_OFF) &
		   HWMSG_CMDREG_METHOD_MASK;
	r.status = tvb_get_guint8(tvb, HWMSG_CMDREG_STATUS_OFF) & 0x7f;
	r.response = ctx && ctx->has_dir && ctx->dir == HWMSG_DIR_FROM_HW;
	set_info(pinfo, ti, &r);
	if (rc >= 0 && ctx && ctx->has_dir)
		f = hwmsg_ws_txn_track(pinfo, proto_cmd_reg, ctx->device,
				       HWMSG_TYPE_MLX_CMD_REG, &msg.op);
	if (rc >= 0)
		queue_tap(pinfo, &r, f);
	/* without a tree the header has no items, nor expert info on them
	 * (none to hang it on; the fields are all within the header) */
	if (tree)
		status_item = add_header(tvb, pinfo, t, rc, &err, r.reg_id,
					 &len_item);
	if (r.status)
		expert_add_info_format(pinfo, status_item, &ei_status,
			"Status %s",
			hwmsg_ws_name(hwmsg_emad_status_names, r.status));
	if (rc < 0)
		return (int)cap;
	if (f)
		hwmsg_ws_txn_add_tree(tvb, pinfo, t, f, &txn_ids);
	add_register(tvb, pinfo, t, len_item, &msg, &err, &r);
	return (int)cap;
}

void proto_register_cmd_reg(void)
{
	static gint *ett[] = { &ett_cmd_reg };
	static ei_register_info ei[] = {
		{ &ei_status, { "cmd_reg.status.error", PI_RESPONSE_CODE,
				PI_WARN, "Firmware returned an error status",
				EXPFILL } },
		{ &ei_short, { "cmd_reg.short", PI_MALFORMED, PI_ERROR,
			       "Mailbox shorter than its header", EXPFILL } },
		{ &ei_len, { "cmd_reg.len.bad", PI_MALFORMED, PI_ERROR,
			     "Register length exceeds the mailbox", EXPFILL } },
		{ &ei_constant, { "cmd_reg.constant.bad", PI_PROTOCOL, PI_WARN,
				  "Unexpected constant", EXPFILL } },
		{ &ei_cut, { "cmd_reg.cut", PI_UNDECODED, PI_WARN,
			     "Register cut at capture", EXPFILL } },
	};
	expert_module_t *expert;

	proto_cmd_reg = hwmsg_ws_register_proto(HWMSG_F_CMD_REG, "CMD_REG");
	proto_register_subtree_array(ett, array_length(ett));
	expert = expert_register_protocol(proto_cmd_reg);
	expert_register_field_array(expert, ei, array_length(ei));
	register_dissector("cmd_reg", dissect_cmd_reg, proto_cmd_reg);
}

void proto_reg_handoff_cmd_reg(void)
{
	reg_table = find_dissector_table(HWMSG_WS_REG_TABLE);
}
