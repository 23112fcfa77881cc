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
static expert_field ei_extra = EI_INIT;
static expert_field ei_cut = EI_INIT;
static expert_field ei_too_many = EI_INIT;

static dissector_table_t reg_table;

static const struct hwmsg_ws_txn_fields txn_ids = {
	&HF(EMAD_RESPONSE_IN), &HF(EMAD_RESPONSE_TO), &HF(EMAD_TIME),
	&HF(EMAD_RETRANSMISSION), &HF(EMAD_RETRANSMISSION_OF), &ei_retrans,
};

/* What the tree walk keeps for after it: the REG TLV goes last. */
struct emad_items {
	proto_item *ethertype, *status;
	gboolean has_reg;	/* a REG TLV to dissect */
	proto_tree *reg_tree;	/* NULL without a tree: Info still wants the
				 * register's index fields */
	proto_item *reg_item;
	int reg_off, reg_cap, reg_len;
};

/* The OP TLV's items; values are libhwmsg's, the bytes the tvb's. */
static void dissect_op(tvbuff_t *tvb, proto_tree *t,
		       int off, const struct hwmsg_emad_op *op,
		       struct emad_items *it)
{
	proto_item *pi;

	proto_tree_add_item(t, HF(EMAD_DR), tvb,
			    off + HWMSG_WS_OFF(HWMSG_EMAD_OP_DR),
			    4, ENC_BIG_ENDIAN);
	it->status = proto_tree_add_item(t, HF(EMAD_STATUS), tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_STATUS), 4, ENC_BIG_ENDIAN);
	/* a whole 16-bit field: bits 31:16 of its big-endian word */
	hwmsg_ws_add_reg_id(t, HF(EMAD_REG_ID), tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_REGISTER_ID) +
		(32 - HWMSG_WS_SHIFT(HWMSG_EMAD_OP_REGISTER_ID) - 16) / 8,
		op->reg_id);
	pi = proto_tree_add_string(t, HF(EMAD_REG_NAME), tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_REGISTER_ID), 2,
		hwmsg_ws_reg_str(op->reg_id));
	proto_item_set_generated(pi);
	proto_tree_add_item(t, HF(EMAD_R), tvb,
			    off + HWMSG_WS_OFF(HWMSG_EMAD_OP_R),
			    4, ENC_BIG_ENDIAN);
	proto_tree_add_item(t, HF(EMAD_METHOD), tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_METHOD), 4, ENC_BIG_ENDIAN);
	proto_tree_add_item(t, HF(EMAD_CLASS), tvb,
		off + HWMSG_WS_OFF(HWMSG_EMAD_OP_CLASS), 4, ENC_BIG_ENDIAN);
	proto_tree_add_item(t, HF(EMAD_TID), tvb, off + HWMSG_EMAD_OP_TID_OFF,
			    8, ENC_BIG_ENDIAN);
}

/* proto_item_append_text(pi, "%s%s %s %s", sep, a, b, c) (b, c: may be
 * NULL, then left out with their spaces), without printf. */
static void append3(proto_item *pi, const char *sep, const char *a,
		    const char *b, const char *c)
{
	struct hwmsg_ws_line l;	/* not zeroed: 4 KiB */

	l.n = 0;
	hwmsg_ws_line_add(&l, sep);
	hwmsg_ws_line_add(&l, a);
	if (b) {
		hwmsg_ws_line_add(&l, " ");
		hwmsg_ws_line_add(&l, b);
	}
	if (c) {
		hwmsg_ws_line_add(&l, " ");
		hwmsg_ws_line_add(&l, c);
	}
	hwmsg_ws_append_label(pi, l.s, l.n);
}

/*
 * The register payload, through the "emad.reg_id" table; may throw. Its
 * index fields go to Info after the rest (as far as it got).
 */
static void dissect_reg(tvbuff_t *tvb, packet_info *pinfo,
			const struct emad_items *it,
			const struct hwmsg_emad_op *op)
{
	struct hwmsg_ws_reg_ctx ctx;
	tvbuff_t *reg_tvb;

	ctx.reg_id = op->reg_id;
	ctx.method = op->method;
	ctx.status = op->status;
	ctx.response = op->response;
	ctx.info[0] = '\0';

	if (it->reg_item)
		append3(it->reg_item, ": ", hwmsg_ws_reg_str(op->reg_id), NULL,
			NULL);
	/* captured bytes only; reported as long as the TLV says */
	reg_tvb = tvb_new_subset_length_caplen(tvb, it->reg_off, it->reg_cap,
					       it->reg_len);
	if (!dissector_try_uint_new(reg_table, op->reg_id, reg_tvb, pinfo,
				    it->reg_tree, TRUE, &ctx))
		proto_tree_add_item(it->reg_tree, HF(EMAD_REG_DATA), tvb,
				    it->reg_off, it->reg_cap, ENC_NA);
	if (ctx.info[0])
		col_append_str(pinfo->cinfo, COL_INFO, ctx.info);
}

/* Expert info for what libhwmsg flagged on this TLV. */
static void tlv_expert(packet_info *pinfo, proto_item *ti, proto_item *len_item,
		       const struct hwmsg_tlv_ref *r, const char *name)
{
	if (r->flags & HWMSG_TLV_BAD_LEN)
		expert_add_info_format(pinfo, len_item, &ei_tlv_len,
				       "%s TLV length %u bytes runs past the frame",
				       name, r->len);
	if (r->flags & HWMSG_TLV_BAD_SIZE)
		expert_add_info_format(pinfo, len_item, &ei_short_tlv,
				       "%s TLV of %u bytes: not the size its type has",
				       name, r->len);
	if (r->flags & HWMSG_TLV_EXTRA)
		expert_add_info_format(pinfo, ti, &ei_extra,
				       "Second %s TLV, ignored", name);
	if (r->flags & HWMSG_TLV_CUT)
		expert_add_info_format(pinfo, ti, &ei_cut,
				       "%s TLV cut at capture: %u of %u bytes",
				       name, r->cap_len, r->len);
}

/* The TLV's own items, for a TLV libhwmsg decoded. */
static void tlv_items(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
		      proto_item *ti, int off, const struct hwmsg_tlv_ref *r,
		      const struct hwmsg_msg *msg, struct emad_items *it)
{
	int body = (int)r->cap_len - HWMSG_EMAD_TLV_HDR_LEN;

	switch (r->type) {
	case HWMSG_EMAD_TLV_OP:
		dissect_op(tvb, t, off, &msg->op, it);
		return;
	case HWMSG_EMAD_TLV_STRING:
		proto_tree_add_item(t, HF(EMAD_STRING), tvb, off + 4,
				    MIN(body, HWMSG_EMAD_STRING_LEN), ENC_ASCII);
		return;
	case HWMSG_EMAD_TLV_LATENCY:
		if (msg->has_latency)
			proto_tree_add_item(t, HF(EMAD_LATENCY), tvb,
				off + HWMSG_WS_OFF(HWMSG_EMAD_LATENCY_TIME), 4,
				ENC_BIG_ENDIAN);
		return;
	case HWMSG_EMAD_TLV_REG:
		it->has_reg = TRUE;
		it->reg_tree = t;
		it->reg_item = ti;
		it->reg_off = off + HWMSG_EMAD_TLV_HDR_LEN;
		it->reg_cap = body;
		it->reg_len = (int)r->len - HWMSG_EMAD_TLV_HDR_LEN;
		return;
	case HWMSG_EMAD_TLV_END:
		return;
	default:
		expert_add_info_format(pinfo, ti, &ei_unknown_tlv,
				       "Unknown EMAD TLV type %u", r->type);
		if (body > 0)
			proto_tree_add_item(t, HF(EMAD_TLV_DATA), tvb, off + 4,
					    body, ENC_NA);
		return;
	}
}

/* Did libhwmsg decode this TLV (else its bytes are shown as data)? */
static gboolean tlv_decoded(const struct hwmsg_tlv_ref *r,
			    const struct hwmsg_msg *msg)
{
	if (r->flags & (HWMSG_TLV_BAD_LEN | HWMSG_TLV_EXTRA))
		return FALSE;
	switch (r->type) {
	case HWMSG_EMAD_TLV_OP:
		return r->len >= HWMSG_EMAD_OP_TLV_WORDS * 4 &&
		       r->cap_len >= HWMSG_EMAD_OP_TLV_WORDS * 4;
	case HWMSG_EMAD_TLV_STRING:
		return msg->has_fw_string;
	default:
		return !(r->flags & HWMSG_TLV_BAD_SIZE);
	}
}

/* A TLV's subtree, "Operation TLV". */
static proto_tree *tlv_subtree(proto_tree *tree, tvbuff_t *tvb, int off,
			       int len, proto_item **ti, const char *name)
{
	return hwmsg_ws_add_subtree2(tree, tvb, off, len, ett_tlv, ti, name,
				     " TLV");
}

/* One TLV libhwmsg found, at its place in the tvb (frame offset - delta). */
static void dissect_tlv(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			int delta, const struct hwmsg_tlv_ref *r,
			const struct hwmsg_msg *msg, struct emad_items *it)
{
	const char *name = hwmsg_name_lookup(hwmsg_emad_tlv_names, r->type);
	int off = (int)r->offset - delta;
	proto_item *ti, *len_item;
	proto_tree *t;

	t = tlv_subtree(tree, tvb, off, (int)r->cap_len, &ti,
			name ? name : "Unknown");
	proto_tree_add_item(t, HF(EMAD_TLV_TYPE), tvb, off, 4, ENC_BIG_ENDIAN);
	len_item = proto_tree_add_item(t, HF(EMAD_TLV_LEN), tvb, off, 4,
				       ENC_BIG_ENDIAN);
	tlv_expert(pinfo, ti, len_item, r, name ? name : "Unknown");
	if (tlv_decoded(r, msg))
		tlv_items(tvb, pinfo, t, ti, off, r, msg, it);
	else if (r->cap_len > HWMSG_EMAD_TLV_HDR_LEN)
		proto_tree_add_item(t, HF(EMAD_TLV_DATA), tvb, off + 4,
				    (int)r->cap_len - 4, ENC_NA);
}

/* Info, in one go: what the register adds comes after (dissect_reg). */
static void set_info(packet_info *pinfo, const struct hwmsg_msg *msg,
		     const struct hwmsg_ws_txn_frame *f)
{
	const struct hwmsg_emad_op *op = &msg->op;
	struct hwmsg_ws_line l;

	l.n = 0;
	hwmsg_ws_line_add(&l, hwmsg_ws_reg_str(op->reg_id));
	hwmsg_ws_line_put(&l, " ", 1);
	hwmsg_ws_line_add(&l, hwmsg_ws_name(hwmsg_emad_method_names,
					    op->method));
	hwmsg_ws_line_add(&l, op->response ? " response tid " :
					     " request tid ");
	hwmsg_ws_line_hex64(&l, op->tid);
	if (op->status) {
		hwmsg_ws_line_add(&l, " status ");
		hwmsg_ws_line_add(&l, hwmsg_ws_name(hwmsg_emad_status_names,
						    op->status));
		if (msg->has_fw_string && msg->fw_string[0]) {
			hwmsg_ws_line_add(&l, ": ");
			hwmsg_ws_line_add(&l, hwmsg_ws_text(pinfo->pool,
							    msg->fw_string));
		}
	}
	if (f->retrans)
		hwmsg_ws_line_add(&l, " [retransmission]");
	if (msg->flags & HWMSG_MSGF_CUT)
		hwmsg_ws_line_add(&l, " [truncated]");
	col_add_str(pinfo->cinfo, COL_INFO, l.s);
}

static void queue_tap(packet_info *pinfo, const struct hwmsg_emad_op *op,
		      const struct hwmsg_ws_txn_frame *f)
{
	struct hwmsg_ws_tap *tap;

	if (!have_tap_listener(hwmsg_ws_tap_id))
		return;
	tap = wmem_new(pinfo->pool, struct hwmsg_ws_tap);
	tap->type = HWMSG_TYPE_MLX_EMAD;
	tap->reg_id = op->reg_id;
	tap->method = op->method;
	tap->status = op->status;
	tap->response = op->response;
	hwmsg_ws_tap_time(tap, pinfo, f);
	tap_queue_packet(hwmsg_ws_tap_id, pinfo, tap);
}

/*
 * The frame from its Ethernet header, as libhwmsg parses it. After the
 * Ethernet dissector (delta 14) the header is gone: one saying EMAD is put
 * back (the ethertype table brought us here).
 */
static const guint8 *frame_bytes(tvbuff_t *tvb, packet_info *pinfo,
				 int delta, guint cap)
{
	guint8 *buf;

	if (!delta)
		return cap ? tvb_get_ptr(tvb, 0, (gint)cap) : (const guint8 *)"";
	buf = (guint8 *)wmem_alloc0(pinfo->pool, cap + (guint)delta);
	hwmsg_put_be16(buf + HWMSG_EMAD_ETH_ETHERTYPE_OFF, HWMSG_EMAD_ETHERTYPE);
	tvb_memcpy(tvb, buf + delta, 0, cap);
	return buf;
}

/* The Ethernet header items, as far as captured. */
static void dissect_eth(tvbuff_t *tvb, proto_tree *t, int base,
			struct emad_items *it)
{
	proto_tree *eth = t;

	if (tvb_captured_length(tvb) < (guint)(base + 2))
		return;
	if (base) {
		eth = hwmsg_ws_add_subtree(t, tvb, 0, HWMSG_EMAD_ETH_HDR_LEN,
					   ett_eth, NULL, "Ethernet header",
					   strlen("Ethernet header"));
		proto_tree_add_item(eth, HF(EMAD_DST), tvb, 0, 6, ENC_NA);
		proto_tree_add_item(eth, HF(EMAD_SRC), tvb, 6, 6, ENC_NA);
		it->ethertype = proto_tree_add_item(eth, HF(EMAD_ETHERTYPE),
						    tvb,
			HWMSG_EMAD_ETH_ETHERTYPE_OFF, 2, ENC_BIG_ENDIAN);
	}
	proto_tree_add_item(eth, HF(EMAD_MLX_PROTO), tvb, base, 1, ENC_NA);
	proto_tree_add_item(eth, HF(EMAD_VER), tvb,
			    base + HWMSG_EMAD_ETH_VER_OFF -
				    HWMSG_EMAD_ETH_MLX_PROTO_OFF, 1, ENC_NA);
}

/* Expert info for the message as a whole. */
static void msg_expert(packet_info *pinfo, proto_item *ti,
		       const struct hwmsg_msg *msg, const struct emad_items *it)
{
	if ((msg->flags & HWMSG_MSGF_BAD_ETHERTYPE) && it->ethertype)
		expert_add_info(pinfo, it->ethertype, &ei_ethertype);
	if (msg->flags & HWMSG_MSGF_TOO_MANY_TLVS)
		expert_add_info_format(pinfo, ti, &ei_too_many,
				       "More than %d TLVs: the rest is not decoded",
				       HWMSG_MSG_MAX_TLVS);
	if (msg->flags & HWMSG_MSGF_CUT)
		expert_add_info(pinfo, ti, &ei_cut);
	else if (!msg->has_end)
		expert_add_info(pinfo, ti, &ei_no_end);
	if (msg->op.status)
		expert_add_info_format(pinfo, it->status, &ei_status,
			"Status %s%s%s",
			hwmsg_ws_name(hwmsg_emad_status_names, msg->op.status),
			msg->has_fw_string && msg->fw_string[0] ? ": " : "",
			hwmsg_ws_text(pinfo->pool, msg->has_fw_string ?
						   msg->fw_string : ""));
}

/* The TLV items, in frame order; returns the tvb offset they end at. */
static int dissect_tlvs(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
			int delta, const struct hwmsg_msg *msg,
			struct emad_items *it)
{
	int end = HWMSG_EMAD_ETH_HDR_LEN - delta;
	unsigned int i;

	for (i = 0; i < msg->n_tlvs; i++) {
		const struct hwmsg_tlv_ref *r = &msg->tlvs[i];

		dissect_tlv(tvb, pinfo, t, delta, r, msg, it);
		end = (int)(r->offset + r->cap_len) - delta;
	}
	return end;
}

/*
 * No tree, and TLVs libhwmsg found nothing wrong with (all captured, so no
 * item could throw): what the items would leave behind, the REG TLV's
 * place and the unknown TLVs' expert info, without adding them.
 */
static gboolean quick_tlvs(tvbuff_t *tvb, packet_info *pinfo, int delta,
			   const struct hwmsg_msg *msg, struct emad_items *it)
{
	unsigned int i;

	for (i = 0; i < msg->n_tlvs; i++)
		if (msg->tlvs[i].flags)
			return FALSE;
	for (i = 0; i < msg->n_tlvs; i++) {
		const struct hwmsg_tlv_ref *r = &msg->tlvs[i];
		int off = (int)r->offset - delta;

		if (!tlv_decoded(r, msg))
			continue;
		switch (r->type) {
		case HWMSG_EMAD_TLV_OP:
		case HWMSG_EMAD_TLV_STRING:
		case HWMSG_EMAD_TLV_LATENCY:
		case HWMSG_EMAD_TLV_END:
			break;
		case HWMSG_EMAD_TLV_REG:
			tlv_items(tvb, pinfo, NULL, NULL, off, r, msg, it);
			break;
		default:
			expert_add_info_format(pinfo, NULL, &ei_unknown_tlv,
					       "Unknown EMAD TLV type %u",
					       r->type);
			break;
		}
	}
	return TRUE;
}

/*
 * base: offset of the mlx_proto byte (14 for a whole frame, 0 after eth).
 * libhwmsg decides what the frame holds (hwmsg_emad_parse_cut on the
 * captured bytes, reported length as the original); the tracker, Info and
 * tap are fed before any tree item that could throw, so that a bad
 * register payload never breaks the pairing of later frames.
 */
static int dissect_emad_at(tvbuff_t *tvb, packet_info *pinfo,
			   proto_tree *tree, int base, const char *device)
{
	int delta = HWMSG_EMAD_ETH_MLX_PROTO_OFF - base;
	guint cap = tvb_captured_length(tvb);
	struct emad_items it = { 0 };
	struct hwmsg_ws_txn_frame *f = NULL;
	struct hwmsg_msg msg;
	struct hwmsg_err err;
	proto_item *ti = NULL;
	proto_tree *t = NULL;
	int rc, end;

	rc = hwmsg_emad_parse_cut(frame_bytes(tvb, pinfo, delta, cap),
				  cap + (guint)delta,
				  tvb_reported_length(tvb) + (guint)delta,
				  &msg, &err);
	col_set_str(pinfo->cinfo, COL_PROTOCOL, "EMAD");
	if (rc >= 0) {
		f = hwmsg_ws_txn_track(pinfo, proto_emad, device,
				       HWMSG_TYPE_MLX_EMAD, &msg.op);
		set_info(pinfo, &msg, f);
		queue_tap(pinfo, &msg.op, f);
	} else {
		col_set_str(pinfo->cinfo, COL_INFO, "EMAD");
	}
	if (tree || rc < 0 || !quick_tlvs(tvb, pinfo, delta, &msg, &it)) {
		ti = proto_tree_add_item(tree, proto_emad, tvb, 0, -1, ENC_NA);
		t = proto_item_add_subtree(ti, ett_emad);
		if (tree)
			dissect_eth(tvb, t, base, &it);
		end = dissect_tlvs(tvb, pinfo, t, delta, &msg, &it);
		proto_item_set_len(ti, MAX(end, 0));
	}
	if (rc < 0) {
		expert_add_info_format(pinfo, ti, &ei_no_op, "%s", err.msg);
		return (int)cap;
	}
	msg_expert(pinfo, ti, &msg, &it);
	if (ti)
		append3(ti, ", ", hwmsg_ws_reg_str(msg.op.reg_id),
			hwmsg_ws_name(hwmsg_emad_method_names, msg.op.method),
			msg.op.response ? "response" : "request");
	hwmsg_ws_txn_add_tree(tvb, pinfo, t, f, &txn_ids);
	if (it.has_reg)
		dissect_reg(tvb, pinfo, &it, &msg.op);
	return (int)cap;
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
	static gint *ett[] = { &ett_emad, &ett_eth, &ett_tlv };
	static ei_register_info ei[] = {
		{ &ei_status, { "emad.status.error", PI_RESPONSE_CODE, PI_WARN,
				"Firmware returned an error status", EXPFILL } },
		{ &ei_unknown_tlv, { "emad.tlv.unknown", PI_UNDECODED, PI_WARN,
				     "Unknown EMAD TLV", EXPFILL } },
		{ &ei_tlv_len, { "emad.tlv.bad_len", PI_MALFORMED, PI_ERROR,
				 "TLV length out of bounds", EXPFILL } },
		{ &ei_short_tlv, { "emad.tlv.short", PI_MALFORMED, PI_ERROR,
				   "TLV length not the one its type has",
				   EXPFILL } },
		{ &ei_extra, { "emad.tlv.extra", PI_MALFORMED, PI_ERROR,
			       "Second OP or REG TLV, ignored", EXPFILL } },
		{ &ei_cut, { "emad.cut", PI_UNDECODED, PI_WARN,
			     "EMAD cut at capture: decoded as far as captured",
			     EXPFILL } },
		{ &ei_too_many, { "emad.tlv.too_many", PI_UNDECODED, PI_WARN,
				  "Too many TLVs", EXPFILL } },
		{ &ei_no_op, { "emad.no_op", PI_MALFORMED, PI_ERROR,
			       "EMAD without a decodable OP TLV", EXPFILL } },
		{ &ei_no_end, { "emad.no_end", PI_MALFORMED, PI_WARN,
				"EMAD without an END TLV", EXPFILL } },
		{ &ei_retrans, { "emad.retransmission.expert", PI_SEQUENCE,
				 PI_NOTE, "Retransmitted request", EXPFILL } },
		{ &ei_ethertype, { "emad.ethertype.bad", PI_PROTOCOL, PI_WARN,
				   "Ethertype is not 0x8932", EXPFILL } },
	};
	expert_module_t *expert;

	proto_emad = hwmsg_ws_register_proto(HWMSG_F_EMAD, "EMAD");
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
