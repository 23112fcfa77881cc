// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EMAD: the register-access frames between mlxsw and Spectrum firmware.
 * Reached two ways: from devlink_hwmsg with the whole frame (Ethernet header
 * included, device known) and on ethertype 0x8932 after the Ethernet
 * dissector took the first 14 bytes. Layouts come from wire.h, names from
 * libhwmsg; the register payload goes to the "emad.reg_id" table.
 */
#include "hwmsg_ws.h"

#include <epan/etypes.h>
#include <epan/tap.h>
#include <epan/unit_strings.h>

static int proto_emad = -1;

static int hf_dst = -1;
static int hf_src = -1;
static int hf_ethertype = -1;
static int hf_mlx_proto = -1;
static int hf_ver = -1;
static int hf_tlv_type = -1;
static int hf_tlv_len = -1;
static int hf_tlv_data = -1;
static int hf_dr = -1;
static int hf_status = -1;
static int hf_reg_id = -1;
static int hf_r = -1;
static int hf_method = -1;
static int hf_class = -1;
static int hf_tid = -1;
static int hf_reg_name = -1;
static int hf_string = -1;
static int hf_latency = -1;
static int hf_reg_data = -1;
static int hf_response_in = -1;
static int hf_response_to = -1;
static int hf_time = -1;
static int hf_retrans = -1;
static int hf_retrans_of = -1;

static int ett_emad = -1;
static int ett_eth = -1;
static int ett_tlv = -1;

static expert_field ei_status = EI_INIT;
static expert_field ei_unknown_tlv = EI_INIT;
static expert_field ei_tlv_len = EI_INIT;
static expert_field ei_short_tlv = EI_INIT;
static expert_field ei_no_op = EI_INIT;
static expert_field ei_no_end = EI_INIT;
static expert_field ei_retrans = EI_INIT;
static expert_field ei_ethertype = EI_INIT;

static value_string vs_status[HWMSG_WS_VALS_MAX];
static value_string vs_method[HWMSG_WS_VALS_MAX];
static value_string vs_class[HWMSG_WS_VALS_MAX];
static value_string vs_tlv[HWMSG_WS_VALS_MAX];

static const true_false_string tfs_response = { "Response", "Request" };

static dissector_table_t reg_table;

static const struct hwmsg_ws_txn_fields txn_ids = {
	&hf_response_in, &hf_response_to, &hf_time, &hf_retrans,
	&hf_retrans_of, &ei_retrans,
};

/* What the TLV walk learnt, for the Info column, the tracker and the tap. */
struct emad_seen {
	gboolean has_op, has_end;
	struct hwmsg_emad_op op;
	const guint8 *fw_string;
	proto_item *status_item;
};

static void dissect_op(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
		       int off, struct emad_seen *s)
{
	guint32 w0 = tvb_get_ntohl(tvb, off), w1 = tvb_get_ntohl(tvb, off + 4);
	proto_item *pi;

	s->has_op = TRUE;
	s->op.dr = HWMSG_WS_VAL(w0, HWMSG_EMAD_OP_DR);
	s->op.status = (guint8)HWMSG_WS_VAL(w0, HWMSG_EMAD_OP_STATUS);
	s->op.reg_id = (guint16)HWMSG_WS_VAL(w1, HWMSG_EMAD_OP_REGISTER_ID);
	s->op.response = HWMSG_WS_VAL(w1, HWMSG_EMAD_OP_R);
	s->op.method = (guint8)HWMSG_WS_VAL(w1, HWMSG_EMAD_OP_METHOD);
	s->op.cls = (guint8)HWMSG_WS_VAL(w1, HWMSG_EMAD_OP_CLASS);
	s->op.tid = tvb_get_ntoh64(tvb, off + HWMSG_EMAD_OP_TID_OFF);

	proto_tree_add_item(t, hf_dr, tvb, off + HWMSG_WS_OFF(HWMSG_EMAD_OP_DR),
			    4, ENC_BIG_ENDIAN);
	s->status_item = proto_tree_add_item(t, hf_status, tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_STATUS), 4, ENC_BIG_ENDIAN);
	/* a whole 16-bit field: bits 31:16 of its big-endian word */
	hwmsg_ws_add_reg_id(t, hf_reg_id, tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_REGISTER_ID) +
		(32 - HWMSG_WS_SHIFT(HWMSG_EMAD_OP_REGISTER_ID) - 16) / 8,
		s->op.reg_id);
	pi = proto_tree_add_string(t, hf_reg_name, tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_REGISTER_ID), 2,
		hwmsg_ws_reg_str(pinfo->pool, s->op.reg_id));
	proto_item_set_generated(pi);
	proto_tree_add_item(t, hf_r, tvb, off + HWMSG_WS_OFF(HWMSG_EMAD_OP_R),
			    4, ENC_BIG_ENDIAN);
	proto_tree_add_item(t, hf_method, tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_METHOD), 4, ENC_BIG_ENDIAN);
	proto_tree_add_item(t, hf_class, tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_CLASS), 4, ENC_BIG_ENDIAN);
	proto_tree_add_item(t, hf_tid, tvb, off + HWMSG_EMAD_OP_TID_OFF, 8,
			    ENC_BIG_ENDIAN);
}

static void dissect_reg(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
			proto_item *tlv_item, int off, int len,
			const struct emad_seen *s)
{
	tvbuff_t *reg_tvb;
	struct hwmsg_ws_reg_ctx ctx;

	if (!s->has_op) {	/* no register id to look the payload up by */
		proto_tree_add_item(t, hf_reg_data, tvb, off, len, ENC_NA);
		return;
	}
	proto_item_append_text(tlv_item, ": %s",
			       hwmsg_ws_reg_str(pinfo->pool, s->op.reg_id));
	ctx.reg_id = s->op.reg_id;
	ctx.method = s->op.method;
	ctx.status = s->op.status;
	ctx.response = s->op.response;
	reg_tvb = tvb_new_subset_length(tvb, off, len);
	if (!dissector_try_uint_new(reg_table, s->op.reg_id, reg_tvb, pinfo,
				    t, TRUE, &ctx))
		proto_tree_add_item(t, hf_reg_data, tvb, off, len, ENC_NA);
}

/* One TLV at off; returns its length, or 0 to stop the walk. */
static int dissect_tlv(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
		       int off, struct emad_seen *s)
{
	guint32 word = tvb_get_ntohl(tvb, off);
	guint32 type = HWMSG_WS_VAL(word, HWMSG_EMAD_TLV_TYPE);
	int len = (int)HWMSG_WS_VAL(word, HWMSG_EMAD_TLV_LEN) * 4;
	int left = tvb_reported_length_remaining(tvb, off);
	const char *name = hwmsg_name_lookup(hwmsg_emad_tlv_names, type);
	proto_item *ti, *len_item;
	proto_tree *t;

	t = proto_tree_add_subtree_format(tree, tvb, off,
					  len && len <= left ? len : left,
					  ett_tlv, &ti, "%s TLV",
					  name ? name : "Unknown");
	proto_tree_add_item(t, hf_tlv_type, tvb, off, 4, ENC_BIG_ENDIAN);
	len_item = proto_tree_add_item(t, hf_tlv_len, tvb, off, 4,
				       ENC_BIG_ENDIAN);
	if (len < HWMSG_EMAD_TLV_HDR_LEN || len > left) {
		expert_add_info_format(pinfo, len_item, &ei_tlv_len,
				       "TLV length %d bytes, %d left in the frame",
				       len, left);
		return 0;
	}

	switch (type) {
	case HWMSG_EMAD_TLV_OP:
		if (len < HWMSG_EMAD_OP_TLV_WORDS * 4)
			goto short_tlv;
		dissect_op(tvb, pinfo, t, off, s);
		break;
	case HWMSG_EMAD_TLV_STRING:
		if (len < HWMSG_EMAD_TLV_HDR_LEN + 1)
			goto short_tlv;
		proto_tree_add_item_ret_string(t, hf_string, tvb, off + 4,
			MIN(len - 4, HWMSG_EMAD_STRING_LEN), ENC_ASCII,
			pinfo->pool, &s->fw_string);
		break;
	case HWMSG_EMAD_TLV_LATENCY:
		if (len < HWMSG_WS_OFF(HWMSG_EMAD_LATENCY_TIME) + 4)
			goto short_tlv;
		proto_tree_add_item(t, hf_latency, tvb,
			off + HWMSG_WS_OFF(HWMSG_EMAD_LATENCY_TIME), 4,
			ENC_BIG_ENDIAN);
		break;
	case HWMSG_EMAD_TLV_REG:
		dissect_reg(tvb, pinfo, t, ti, off + 4, len - 4, s);
		break;
	case HWMSG_EMAD_TLV_END:
		s->has_end = TRUE;
		break;
	default:
		expert_add_info_format(pinfo, ti, &ei_unknown_tlv,
				       "Unknown EMAD TLV type %u", type);
		if (len > 4)
			proto_tree_add_item(t, hf_tlv_data, tvb, off + 4,
					    len - 4, ENC_NA);
		break;
	}
	return len;

short_tlv:
	expert_add_info_format(pinfo, len_item, &ei_short_tlv,
			       "%s TLV too short (%d bytes)", name, len);
	return len;
}

static void set_info(packet_info *pinfo, const struct emad_seen *s,
		     const struct hwmsg_ws_txn_frame *f)
{
	col_add_fstr(pinfo->cinfo, COL_INFO,
		     "%s %s %s tid 0x%016" PRIx64,
		     hwmsg_ws_reg_str(pinfo->pool, s->op.reg_id),
		     hwmsg_ws_name(hwmsg_emad_method_names, s->op.method),
		     s->op.response ? "response" : "request", s->op.tid);
	if (s->op.status) {
		col_append_fstr(pinfo->cinfo, COL_INFO, " status %s",
			hwmsg_ws_name(hwmsg_emad_status_names, s->op.status));
		if (s->fw_string && *s->fw_string)
			col_append_fstr(pinfo->cinfo, COL_INFO, ": %s",
					hwmsg_ws_text(pinfo->pool,
						(const char *)s->fw_string));
	}
	if (f->retrans)
		col_append_str(pinfo->cinfo, COL_INFO, " [retransmission]");
}

static void queue_tap(packet_info *pinfo, const struct emad_seen *s,
		      const struct hwmsg_ws_txn_frame *f)
{
	struct hwmsg_ws_tap *tap;

	if (!have_tap_listener(hwmsg_ws_tap_id))
		return;
	tap = wmem_new(pinfo->pool, struct hwmsg_ws_tap);
	tap->type = HWMSG_TYPE_MLX_EMAD;
	tap->reg_id = s->op.reg_id;
	tap->method = s->op.method;
	tap->status = s->op.status;
	tap->response = s->op.response;
	hwmsg_ws_tap_time(tap, pinfo, f);
	tap_queue_packet(hwmsg_ws_tap_id, pinfo, tap);
}

/* base: offset of the mlx_proto byte (14 for a whole frame, 0 after eth). */
static int dissect_emad_at(tvbuff_t *tvb, packet_info *pinfo,
			   proto_tree *tree, int base, const char *device)
{
	struct emad_seen s = { 0 };
	struct hwmsg_ws_txn_frame *f;
	proto_item *ti, *pi;
	proto_tree *t, *eth;
	guint32 etype;
	int off, len;

	col_set_str(pinfo->cinfo, COL_PROTOCOL, "EMAD");
	col_set_str(pinfo->cinfo, COL_INFO, "EMAD");
	ti = proto_tree_add_item(tree, proto_emad, tvb, 0, -1, ENC_NA);
	t = proto_item_add_subtree(ti, ett_emad);

	if (base) {
		eth = proto_tree_add_subtree(t, tvb, 0, HWMSG_EMAD_ETH_HDR_LEN,
					     ett_eth, NULL, "Ethernet header");
		proto_tree_add_item(eth, hf_dst, tvb, 0, 6, ENC_NA);
		proto_tree_add_item(eth, hf_src, tvb, 6, 6, ENC_NA);
		pi = proto_tree_add_item_ret_uint(eth, hf_ethertype, tvb,
						  HWMSG_EMAD_ETH_ETHERTYPE_OFF,
						  2, ENC_BIG_ENDIAN, &etype);
		if (etype != HWMSG_EMAD_ETHERTYPE)
			expert_add_info(pinfo, pi, &ei_ethertype);
	} else {
		eth = t;
	}
	proto_tree_add_item(eth, hf_mlx_proto, tvb, base, 1, ENC_NA);
	proto_tree_add_item(eth, hf_ver, tvb,
			    base + HWMSG_EMAD_ETH_VER_OFF -
				    HWMSG_EMAD_ETH_MLX_PROTO_OFF, 1, ENC_NA);

	off = base + HWMSG_EMAD_ETH_HDR_LEN - HWMSG_EMAD_ETH_MLX_PROTO_OFF;
	while (!s.has_end &&
	       tvb_reported_length_remaining(tvb, off) >= HWMSG_EMAD_TLV_HDR_LEN) {
		len = dissect_tlv(tvb, pinfo, t, off, &s);
		if (!len)
			break;
		off += len;
	}
	proto_item_set_len(ti, off);
	if (!s.has_op) {
		expert_add_info(pinfo, ti, &ei_no_op);
		return off;
	}
	if (!s.has_end)
		expert_add_info(pinfo, ti, &ei_no_end);

	proto_item_append_text(ti, ", %s %s %s",
			       hwmsg_ws_reg_str(pinfo->pool, s.op.reg_id),
			       hwmsg_ws_name(hwmsg_emad_method_names, s.op.method),
			       s.op.response ? "response" : "request");
	if (s.op.status)
		expert_add_info_format(pinfo, s.status_item, &ei_status,
			"Status %s%s%s",
			hwmsg_ws_name(hwmsg_emad_status_names, s.op.status),
			s.fw_string && *s.fw_string ? ": " : "",
			hwmsg_ws_text(pinfo->pool, (const char *)s.fw_string));
	f = hwmsg_ws_txn_track(pinfo, proto_emad, device, HWMSG_TYPE_MLX_EMAD,
			       &s.op);
	hwmsg_ws_txn_add_tree(tvb, pinfo, t, f, &txn_ids);
	set_info(pinfo, &s, f);
	queue_tap(pinfo, &s, f);
	return off;
}

/* Whole frame from devlink_hwmsg; data is a struct hwmsg_ws_rec_ctx or NULL. */
static int dissect_emad_frame(tvbuff_t *tvb, packet_info *pinfo,
			      proto_tree *tree, void *data)
{
	const struct hwmsg_ws_rec_ctx *ctx = data;

	return dissect_emad_at(tvb, pinfo, tree, HWMSG_EMAD_ETH_MLX_PROTO_OFF,
			       ctx ? ctx->device : "");
}

/* After the Ethernet dissector: no device names, one key space. */
static int dissect_emad_eth(tvbuff_t *tvb, packet_info *pinfo,
			    proto_tree *tree, void *data _U_)
{
	return dissect_emad_at(tvb, pinfo, tree, 0, "");
}

void proto_register_emad(void)
{
	static hf_register_info hf[] = {
		{ &hf_dst, { "Destination", "emad.dst", FT_ETHER, BASE_NONE,
			     NULL, 0, NULL, HFILL } },
		{ &hf_src, { "Source", "emad.src", FT_ETHER, BASE_NONE,
			     NULL, 0, NULL, HFILL } },
		{ &hf_ethertype, { "Ethertype", "emad.ethertype", FT_UINT16,
				   BASE_HEX, NULL, 0, NULL, HFILL } },
		{ &hf_mlx_proto, { "Mellanox protocol", "emad.mlx_proto",
				   FT_UINT8, BASE_DEC, NULL, 0, NULL, HFILL } },
		{ &hf_ver, { "Version", "emad.ver", FT_UINT8, BASE_DEC, NULL,
			     0xf0, NULL, HFILL } },
		{ &hf_tlv_type, { "TLV type", "emad.tlv.type", FT_UINT32,
				  BASE_DEC, VALS(vs_tlv),
				  HWMSG_WS_MASK(HWMSG_EMAD_TLV_TYPE), NULL,
				  HFILL } },
		{ &hf_tlv_len, { "TLV length (words)", "emad.tlv.len",
				 FT_UINT32, BASE_DEC, NULL,
				 HWMSG_WS_MASK(HWMSG_EMAD_TLV_LEN), NULL,
				 HFILL } },
		{ &hf_tlv_data, { "TLV data", "emad.tlv.data", FT_BYTES,
				  BASE_NONE, NULL, 0, NULL, HFILL } },
		{ &hf_dr, { "Direct route", "emad.dr", FT_UINT32, BASE_DEC,
			    NULL, HWMSG_WS_MASK(HWMSG_EMAD_OP_DR), NULL,
			    HFILL } },
		{ &hf_status, { "Status", "emad.status", FT_UINT32, BASE_DEC,
				VALS(vs_status),
				HWMSG_WS_MASK(HWMSG_EMAD_OP_STATUS), NULL,
				HFILL } },
		{ &hf_reg_id, { "Register", "emad.reg_id", FT_UINT16,
				BASE_HEX, NULL, 0, NULL, HFILL } },
		{ &hf_reg_name, { "Register name", "emad.reg_name", FT_STRING,
				  BASE_NONE, NULL, 0, NULL, HFILL } },
		{ &hf_r, { "Response", "emad.r", FT_BOOLEAN, 32,
			   TFS(&tfs_response), HWMSG_WS_MASK(HWMSG_EMAD_OP_R),
			   NULL, HFILL } },
		{ &hf_method, { "Method", "emad.method", FT_UINT32, BASE_DEC,
				VALS(vs_method),
				HWMSG_WS_MASK(HWMSG_EMAD_OP_METHOD), NULL,
				HFILL } },
		{ &hf_class, { "Class", "emad.class", FT_UINT32, BASE_DEC,
			       VALS(vs_class),
			       HWMSG_WS_MASK(HWMSG_EMAD_OP_CLASS), NULL,
			       HFILL } },
		{ &hf_tid, { "Transaction id", "emad.tid", FT_UINT64, BASE_HEX,
			     NULL, 0, NULL, HFILL } },
		{ &hf_string, { "Firmware string", "emad.string",
				FT_STRINGZPAD, BASE_NONE, NULL, 0, NULL,
				HFILL } },
		{ &hf_latency, { "Firmware latency", "emad.latency", FT_UINT32,
				 BASE_DEC | BASE_UNIT_STRING,
				 &units_microseconds,
				 HWMSG_WS_MASK(HWMSG_EMAD_LATENCY_TIME), NULL,
				 HFILL } },
		{ &hf_reg_data, { "Register payload", "emad.reg.data", FT_BYTES,
				  BASE_NONE, NULL, 0, NULL, HFILL } },
		{ &hf_response_in, { "Response in", "emad.response_in",
				     FT_FRAMENUM, BASE_NONE,
				     FRAMENUM_TYPE(FT_FRAMENUM_RESPONSE), 0,
				     "The response to this request is in this frame",
				     HFILL } },
		{ &hf_response_to, { "Request in", "emad.response_to",
				     FT_FRAMENUM, BASE_NONE,
				     FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0,
				     "This is a response to the request in this frame",
				     HFILL } },
		{ &hf_time, { "Time", "emad.time", FT_RELATIVE_TIME, BASE_NONE,
			      NULL, 0, "Time between request and response",
			      HFILL } },
		{ &hf_retrans, { "Retransmission", "emad.retransmission",
				 FT_BOOLEAN, BASE_NONE, NULL, 0,
				 "This tid was requested before", HFILL } },
		{ &hf_retrans_of, { "Retransmission of", "emad.retransmission_of",
				    FT_FRAMENUM, BASE_NONE,
				    FRAMENUM_TYPE(FT_FRAMENUM_RETRANS_PREV), 0,
				    "First request with this tid", HFILL } },
	};
	static gint *ett[] = { &ett_emad, &ett_eth, &ett_tlv };
	static ei_register_info ei[] = {
		{ &ei_status, { "emad.status.error", PI_RESPONSE_CODE, PI_WARN,
				"Firmware returned an error status", EXPFILL } },
		{ &ei_unknown_tlv, { "emad.tlv.unknown", PI_UNDECODED, PI_WARN,
				     "Unknown EMAD TLV", EXPFILL } },
		{ &ei_tlv_len, { "emad.tlv.bad_len", PI_MALFORMED, PI_ERROR,
				 "TLV length out of bounds", EXPFILL } },
		{ &ei_short_tlv, { "emad.tlv.short", PI_MALFORMED, PI_ERROR,
				   "TLV shorter than its type needs", EXPFILL } },
		{ &ei_no_op, { "emad.no_op", PI_MALFORMED, PI_ERROR,
			       "EMAD without an OP TLV", EXPFILL } },
		{ &ei_no_end, { "emad.no_end", PI_MALFORMED, PI_WARN,
				"EMAD without an END TLV", EXPFILL } },
		{ &ei_retrans, { "emad.retransmission.expert", PI_SEQUENCE,
				 PI_NOTE, "Retransmitted request", EXPFILL } },
		{ &ei_ethertype, { "emad.ethertype.bad", PI_PROTOCOL, PI_WARN,
				   "Ethertype is not 0x8932", EXPFILL } },
	};
	expert_module_t *expert;

	hwmsg_ws_fill_vals(vs_status, HWMSG_WS_VALS_MAX,
			   hwmsg_emad_status_names);
	hwmsg_ws_fill_vals(vs_method, HWMSG_WS_VALS_MAX,
			   hwmsg_emad_method_names);
	hwmsg_ws_fill_vals(vs_class, HWMSG_WS_VALS_MAX, hwmsg_emad_class_names);
	hwmsg_ws_fill_vals(vs_tlv, HWMSG_WS_VALS_MAX, hwmsg_emad_tlv_names);

	proto_emad = proto_register_protocol("Mellanox EMAD", "EMAD", "emad");
	proto_register_field_array(proto_emad, hf, array_length(hf));
	proto_register_subtree_array(ett, array_length(ett));
	expert = expert_register_protocol(proto_emad);
	expert_register_field_array(expert, ei, array_length(ei));

	register_dissector("emad", dissect_emad_frame, proto_emad);
	hwmsg_ws_register_tap();
	reg_table = register_dissector_table(HWMSG_WS_REG_TABLE,
					     "EMAD/CMD_REG register id",
					     proto_emad, FT_UINT16, BASE_HEX);
}

void proto_reg_handoff_emad(void)
{
	dissector_handle_t eth_handle;

	eth_handle = create_dissector_handle(dissect_emad_eth, proto_emad);
	dissector_add_uint("ethertype", HWMSG_EMAD_ETHERTYPE, eth_handle);
}
