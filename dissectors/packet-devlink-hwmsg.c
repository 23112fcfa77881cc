// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * devlink_hwmsg: the record TLVs of LINKTYPE_USER15 captures (what
 * Mellanox's devlink-hwmsg.py and hwmsg write; layout in wire.h). Shows each
 * TLV, then hands the message bytes to "emad" or "cmd_reg" by type.
 */
#include "hwmsg_ws.h"

#include <string.h>

#include <wiretap/wtap.h>

static int proto_devlink_hwmsg = -1;

static int ett_rec = -1;
static int ett_tlv = -1;

static expert_field ei_overrun = EI_INIT;
static expert_field ei_short_hdr = EI_INIT;
static expert_field ei_no_nul = EI_INIT;
static expert_field ei_bad_len = EI_INIT;
static expert_field ei_unknown_tag = EI_INIT;
static expert_field ei_no_buf = EI_INIT;
static expert_field ei_truncated = EI_INIT;
static expert_field ei_unknown_type = EI_INIT;

static dissector_handle_t emad_handle, cmd_reg_handle, event_handle;

/* What the TLV walk found. */
struct rec_seen {
	const guint8 *bus, *dev, *driver;
	gboolean has_dir, has_type, has_orig_len;
	guint8 dir;
	guint32 type, orig_len;
	int buf_off, buf_len;	/* buf_off < 0: no buf TLV */
	proto_item *buf_item;
	gboolean printable;	/* the names are printable ASCII as they are */
};

static void add_string(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
		       int hf, int off, int len, const guint8 **out)
{
	proto_item *pi;

	pi = proto_tree_add_item_ret_string(t, hf, tvb, off, len, ENC_ASCII,
					    pinfo->pool, out);
	if (!len || tvb_get_guint8(tvb, off + len - 1) != 0)
		expert_add_info(pinfo, pi, &ei_no_nul);
}

/* A fixed-size value; FALSE (and expert info) when the length is wrong. */
static gboolean want_len(packet_info *pinfo, proto_item *len_item, int len,
			 int want)
{
	if (len == want)
		return TRUE;
	expert_add_info_format(pinfo, len_item, &ei_bad_len,
			       "Length %d, this tag has %d bytes", len, want);
	return FALSE;
}

static void dissect_value(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
			  proto_item *tlv_item, proto_item *len_item,
			  guint16 tag, int off, int len, struct rec_seen *s)
{
	guint32 v;

	switch (tag) {
	case HWMSG_REC_BUS_NAME:
		add_string(tvb, pinfo, t, HF(DEVLINK_HWMSG_BUS), off, len,
			   &s->bus);
		return;
	case HWMSG_REC_DEV_NAME:
		add_string(tvb, pinfo, t, HF(DEVLINK_HWMSG_DEV), off, len,
			   &s->dev);
		return;
	case HWMSG_REC_DRIVER_NAME:
		add_string(tvb, pinfo, t, HF(DEVLINK_HWMSG_DRIVER), off, len,
			   &s->driver);
		return;
	case HWMSG_REC_INCOMING:
		if (!want_len(pinfo, len_item, len, 1))
			break;
		proto_tree_add_item_ret_uint(t, HF(DEVLINK_HWMSG_INCOMING), tvb,
					     off, 1,
					     ENC_NA, &v);
		s->has_dir = TRUE;
		s->dir = v ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
		proto_item_set_generated(proto_tree_add_uint(t,
							     HF(DEVLINK_HWMSG_DIR), tvb,
							     off, 1, s->dir));
		return;
	case HWMSG_REC_TYPE:
		if (!want_len(pinfo, len_item, len, 2))
			break;
		proto_tree_add_item_ret_uint(t, HF(DEVLINK_HWMSG_TYPE), tvb,
					     off, 2,
					     ENC_LITTLE_ENDIAN, &s->type);
		s->has_type = TRUE;
		return;
	case HWMSG_REC_BUF:
		/* a snaplen may have cut it: show what was captured */
		s->buf_off = off;
		s->buf_len = len;
		s->buf_item = proto_tree_add_item(t, HF(DEVLINK_HWMSG_BUF), tvb,
						  off,
			MIN(len, tvb_captured_length_remaining(tvb, off)),
			ENC_NA);
		return;
	case HWMSG_REC_DEVLINK_INDEX:
		if (!want_len(pinfo, len_item, len, 4))
			break;
		proto_tree_add_item(t, HF(DEVLINK_HWMSG_INDEX), tvb, off, 4,
				    ENC_LITTLE_ENDIAN);
		return;
	case HWMSG_REC_SEQ:
		if (!want_len(pinfo, len_item, len, 8))
			break;
		proto_tree_add_item(t, HF(DEVLINK_HWMSG_SEQ), tvb, off, 8,
				    ENC_LITTLE_ENDIAN);
		return;
	case HWMSG_REC_ORIG_LEN:
		if (!want_len(pinfo, len_item, len, 4))
			break;
		proto_tree_add_item_ret_uint(t, HF(DEVLINK_HWMSG_ORIG_LEN), tvb,
					     off, 4,
					     ENC_LITTLE_ENDIAN, &s->orig_len);
		s->has_orig_len = TRUE;
		return;
	default:
		/* readers skip tags they do not know (wire.h): keep, flag */
		expert_add_info_format(pinfo, tlv_item, &ei_unknown_tag,
				       "Unknown record tag %u", tag);
		break;
	}
	if (len)
		proto_tree_add_item(t, HF(DEVLINK_HWMSG_VALUE), tvb, off, len,
				    ENC_NA);
}

/* A TLV's subtree, "TLV bus_name". */
static proto_tree *tlv_subtree(proto_tree *tree, tvbuff_t *tvb, int off,
			       int len, proto_item **ti, const char *name)
{
	return hwmsg_ws_add_subtree2(tree, tvb, off, len, ett_tlv, ti, "TLV ",
				     name);
}

/* Walk the record TLVs; returns the bytes walked. */
static int dissect_tlvs(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			struct rec_seen *s)
{
	int off = 0, left, len;

	while ((left = tvb_reported_length_remaining(tvb, off)) > 0) {
		proto_item *ti, *len_item;
		proto_tree *t;
		guint16 tag;
		const char *name;

		/* cut by a snaplen before this TLV: the rest is unknown */
		if (left >= HWMSG_REC_TLV_HDR_LEN &&
		    tvb_captured_length_remaining(tvb, off) < HWMSG_REC_TLV_HDR_LEN)
			return tvb_captured_length(tvb);
		if (left < HWMSG_REC_TLV_HDR_LEN) {
			ti = proto_tree_add_item(tree, HF(DEVLINK_HWMSG_VALUE),
						 tvb, off, left,
						 ENC_NA);
			expert_add_info(pinfo, ti, &ei_short_hdr);
			return off + left;
		}
		tag = tvb_get_letohs(tvb, off);
		len = tvb_get_letohs(tvb, off + 2);
		name = hwmsg_name_lookup(hwmsg_rec_tag_names, tag);
		t = tlv_subtree(tree, tvb, off,
			MIN(HWMSG_REC_TLV_HDR_LEN + MIN(len, left - HWMSG_REC_TLV_HDR_LEN),
			    tvb_captured_length_remaining(tvb, off)),
			&ti, name ? name : "unknown");
		/* the values read above: cheaper than reading them again */
		proto_tree_add_uint(t, HF(DEVLINK_HWMSG_TAG), tvb, off, 2, tag);
		len_item = proto_tree_add_uint(t, HF(DEVLINK_HWMSG_LEN), tvb,
					       off + 2, 2,
					       (guint32)len);
		if (len > left - HWMSG_REC_TLV_HDR_LEN) {
			expert_add_info_format(pinfo, len_item, &ei_overrun,
				"Length %d exceeds the %d bytes left in the record",
				len, left - HWMSG_REC_TLV_HDR_LEN);
			len = left - HWMSG_REC_TLV_HDR_LEN;
			if (len)
				proto_tree_add_item(t, HF(DEVLINK_HWMSG_VALUE),
						    tvb,
					off + HWMSG_REC_TLV_HDR_LEN, len, ENC_NA);
			return off + HWMSG_REC_TLV_HDR_LEN + len;
		}
		/* only buf is shown in part when the capture cut it */
		if (tag != HWMSG_REC_BUF && len > tvb_captured_length_remaining(tvb,
					off + HWMSG_REC_TLV_HDR_LEN))
			return tvb_captured_length(tvb);
		dissect_value(tvb, pinfo, t, ti, len_item, tag,
			      off + HWMSG_REC_TLV_HDR_LEN, len, s);
		off += HWMSG_REC_TLV_HDR_LEN + len;
	}
	return off;
}

/*
 * A name as the full walk reads it, when that is the bytes as they are:
 * printable ASCII up to its NUL (so that escaping it for a column changes
 * nothing either). NULL when the record has no such tag.
 */
static gboolean plain_name(const struct hwmsg_record *rec, unsigned int tag,
			   const char *name, const guint8 **out)
{
	const char *c;

	*out = NULL;
	if (!(rec->tags & (1u << tag)))
		return TRUE;
	for (c = name; *c; c++)
		if (*c < 0x20 || *c >= 0x7f)
			return FALSE;
	*out = (const guint8 *)name;
	return TRUE;
}

/*
 * Without a tree: libhwmsg's decode of the record's bytes, no items. Only
 * a record the full walk finds nothing wrong with (all captured, known
 * tags of the right sizes, plain names): FALSE for anything else, which
 * then takes the full walk for its expert info and exceptions.
 */
static gboolean quick_tlvs(tvbuff_t *tvb, struct rec_seen *s, int *walked)
{
	guint cap = tvb_captured_length(tvb);
	struct hwmsg_record rec;
	struct hwmsg_err err;
	const guint8 *p;

	if (!cap || cap != tvb_reported_length(tvb))
		return FALSE;
	p = tvb_get_ptr(tvb, 0, (gint)cap);
	if (hwmsg_rec_decode(p, cap, &rec, &err) ||
	    (rec.flags & HWMSG_RECF_UNKNOWN_TAG) ||
	    !plain_name(&rec, HWMSG_REC_BUS_NAME, rec.bus, &s->bus) ||
	    !plain_name(&rec, HWMSG_REC_DEV_NAME, rec.dev, &s->dev) ||
	    !plain_name(&rec, HWMSG_REC_DRIVER_NAME, rec.driver, &s->driver))
		return FALSE;
	s->has_dir = !!(rec.tags & (1u << HWMSG_REC_INCOMING));
	s->dir = rec.dir;
	s->has_type = !!(rec.tags & (1u << HWMSG_REC_TYPE));
	s->type = rec.type;
	s->buf_off = (int)(rec.payload - p);
	s->buf_len = (int)rec.len;
	/* hwmsg_rec_decode raises a short orig_len to len: the same to us */
	s->has_orig_len = !!(rec.tags & (1u << HWMSG_REC_ORIG_LEN));
	s->orig_len = rec.orig_len;
	*walked = (int)cap;
	s->printable = TRUE;
	return TRUE;
}

/* Source and destination columns: the driver and its device, escaped. */
static void set_endpoints(packet_info *pinfo, const struct rec_seen *s,
			  const char *device)
{
	const char *driver = s->driver ? (const char *)s->driver : "driver";
	address *drv = &pinfo->src, *hw = &pinfo->dst;

	if (!s->printable) {
		driver = hwmsg_ws_text(pinfo->pool, driver);
		device = hwmsg_ws_text(pinfo->pool, device);
	}

	if (s->dir == HWMSG_DIR_FROM_HW) {
		drv = &pinfo->dst;
		hw = &pinfo->src;
	}
	set_address(drv, AT_STRINGZ, (int)strlen(driver) + 1, driver);
	set_address(hw, AT_STRINGZ, (int)strlen(device) + 1, device);
}

/* Cut by the writer (orig_len) or by a snaplen (buf not all captured). */
static void flag_truncated(tvbuff_t *tvb, packet_info *pinfo, proto_tree *t,
			   const struct rec_seen *s)
{
	gint cap = MIN(s->buf_len, tvb_captured_length_remaining(tvb,
								 s->buf_off));
	guint32 orig = (guint32)s->buf_len;
	proto_item *pi;

	if (s->has_orig_len && s->orig_len > orig)
		orig = s->orig_len;
	if ((guint32)cap >= orig)
		return;
	pi = proto_tree_add_boolean(t, HF(DEVLINK_HWMSG_TRUNCATED), tvb, 0, 0,
				    TRUE);
	proto_item_set_generated(pi);
	expert_add_info_format(pinfo, pi, &ei_truncated,
			       "Message cut to %d of %u bytes", cap, orig);
}

/*
 * The message: the captured bytes of buf, reported as long as the message
 * was (orig_len when the writer cut it, the buf length when a snaplen did),
 * so EMAD and CMD_REG tell a cut message from a malformed one.
 */
static tvbuff_t *message_tvb(tvbuff_t *tvb, const struct rec_seen *s)
{
	gint cap = MIN(s->buf_len, tvb_captured_length_remaining(tvb,
								 s->buf_off));
	gint rep = s->buf_len;

	if (s->has_orig_len && s->orig_len > (guint32)rep &&
	    s->orig_len <= G_MAXINT32)
		rep = (gint)s->orig_len;
	return tvb_new_subset_length_caplen(tvb, s->buf_off, cap, rep);
}

/* "bus/dev" (packet scope): the device's address and pairing key. */
static const char *device_name(packet_info *pinfo, const struct rec_seen *s)
{
	const char *bus = s->bus ? (const char *)s->bus : "";
	const char *dev = s->dev ? (const char *)s->dev : "";
	size_t nb = strlen(bus), nd = strlen(dev);
	char *d = (char *)wmem_alloc(pinfo->pool, nb + 1 + nd + 1);

	memcpy(d, bus, nb);
	d[nb] = '/';
	memcpy(d + nb + 1, dev, nd + 1);
	return d;
}

static int dissect_devlink_hwmsg(tvbuff_t *tvb, packet_info *pinfo,
				 proto_tree *tree, void *data _U_)
{
	struct rec_seen s = { .buf_off = -1, .type = HWMSG_TYPE_UNKNOWN };
	struct hwmsg_ws_rec_ctx ctx;
	proto_item *ti = NULL;
	proto_tree *t = NULL;
	tvbuff_t *buf;
	int len;

	col_set_str(pinfo->cinfo, COL_PROTOCOL, "devlink_hwmsg");
	col_clear(pinfo->cinfo, COL_INFO);
	if (tree || !quick_tlvs(tvb, &s, &len)) {
		memset(&s, 0, sizeof(s));
		s.buf_off = -1;
		s.type = HWMSG_TYPE_UNKNOWN;
		ti = proto_tree_add_item(tree, proto_devlink_hwmsg, tvb, 0, -1,
					 ENC_NA);
		t = proto_item_add_subtree(ti, ett_rec);
		len = dissect_tlvs(tvb, pinfo, t, &s);
		proto_item_set_len(ti, len);
	}

	if (s.buf_off >= 0)
		flag_truncated(tvb, pinfo, t, &s);
	if (s.has_dir)
		pinfo->p2p_dir = s.dir == HWMSG_DIR_FROM_HW ? P2P_DIR_RECV
							    : P2P_DIR_SENT;
	if (s.buf_off < 0) {
		expert_add_info(pinfo, ti, &ei_no_buf);
		col_set_str(pinfo->cinfo, COL_INFO, "record without a message");
		return len;
	}

	ctx.device = device_name(pinfo, &s);
	set_endpoints(pinfo, &s, ctx.device);
	ctx.has_dir = s.has_dir;
	ctx.dir = s.dir;
	if (ti)
		proto_item_append_text(ti, ", %s, %s",
				       hwmsg_ws_text(pinfo->pool, ctx.device),
				       hwmsg_ws_name(hwmsg_dir_names, s.dir));
	buf = message_tvb(tvb, &s);
	/* no type tag (bwz.py kept some tags only): libhwmsg's guess */
	if (!s.has_type)
		s.type = hwmsg_rec_untyped(tvb_get_ptr(buf, 0,
				tvb_captured_length(buf)),
				tvb_captured_length(buf));
	switch (s.type) {
	case HWMSG_TYPE_MLX_EMAD:
		call_dissector_with_data(emad_handle, buf, pinfo, tree, &ctx);
		break;
	case HWMSG_TYPE_MLX_CMD_REG:
		call_dissector_with_data(cmd_reg_handle, buf, pinfo, tree, &ctx);
		break;
	case HWMSG_TYPE_DEVLINK_EVENT:
		call_dissector(event_handle, buf, pinfo, tree);
		break;
	default:
		/* nfp and unknown drivers: the bytes are already shown as buf */
		if (!s.has_type)
			expert_add_info(pinfo, ti, &ei_unknown_type);
		col_add_fstr(pinfo->cinfo, COL_INFO, "%s %s, %d bytes",
			     hwmsg_ws_name(hwmsg_type_names, s.type),
			     hwmsg_ws_name(hwmsg_dir_names, s.dir), s.buf_len);
		break;
	}
	return len;
}

void proto_register_devlink_hwmsg(void)
{
	static gint *ett[] = { &ett_rec, &ett_tlv };
	static ei_register_info ei[] = {
		{ &ei_overrun, { "devlink_hwmsg.tlv.overrun", PI_MALFORMED,
				 PI_ERROR, "TLV length exceeds the record",
				 EXPFILL } },
		{ &ei_short_hdr, { "devlink_hwmsg.tlv.short_header",
				   PI_MALFORMED, PI_ERROR,
				   "Bytes left are too few for a TLV header",
				   EXPFILL } },
		{ &ei_no_nul, { "devlink_hwmsg.string.no_nul", PI_MALFORMED,
				PI_ERROR, "String is not NUL-terminated",
				EXPFILL } },
		{ &ei_bad_len, { "devlink_hwmsg.tlv.bad_len", PI_MALFORMED,
				 PI_ERROR, "Wrong length for this tag",
				 EXPFILL } },
		{ &ei_unknown_tag, { "devlink_hwmsg.tlv.unknown", PI_UNDECODED,
				     PI_NOTE, "Unknown record tag", EXPFILL } },
		{ &ei_no_buf, { "devlink_hwmsg.no_buf", PI_MALFORMED, PI_WARN,
				"Record without a buf TLV", EXPFILL } },
		{ &ei_truncated, { "devlink_hwmsg.truncated.expert",
				   PI_UNDECODED, PI_WARN,
				   "Message truncated at capture", EXPFILL } },
		{ &ei_unknown_type, { "devlink_hwmsg.no_type", PI_MALFORMED,
				      PI_WARN, "Record without a type TLV",
				      EXPFILL } },
	};
	expert_module_t *expert;

	proto_devlink_hwmsg = hwmsg_ws_register_proto(HWMSG_F_DEVLINK_HWMSG,
						      "devlink_hwmsg");
	proto_register_subtree_array(ett, array_length(ett));
	expert = expert_register_protocol(proto_devlink_hwmsg);
	expert_register_field_array(expert, ei, array_length(ei));
	/* by name too: "Decode As", DLT_USER, exported PDUs */
	register_dissector("devlink_hwmsg", dissect_devlink_hwmsg,
			   proto_devlink_hwmsg);
}

void proto_reg_handoff_devlink_hwmsg(void)
{
	dissector_handle_t h;

	h = find_dissector("devlink_hwmsg");
	dissector_add_uint("wtap_encap", WTAP_ENCAP_USER15, h);
	emad_handle = find_dissector_add_dependency("emad",
						    proto_devlink_hwmsg);
	cmd_reg_handle = find_dissector_add_dependency("cmd_reg",
						       proto_devlink_hwmsg);
	event_handle = find_dissector_add_dependency("devlink_event",
						     proto_devlink_hwmsg);
}
