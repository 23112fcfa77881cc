// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EMAD frames: Ethernet header, then OP, [STRING], [LATENCY], [REG], END
 * TLVs (in any order). The one set of rules hwmsg and the Wireshark plugin
 * follow (msg.h). Every read is checked against the bytes captured before
 * it happens; problems are flagged and the first one described, so that a
 * damaged or cut frame still shows what it carries.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hwmsg/msg.h"

/* One walk over a frame. */
struct walk {
	const uint8_t *buf;
	size_t len, orig_len;	/* captured, and what the frame had */
	struct hwmsg_msg *msg;
	struct hwmsg_err *err;
	bool problem;		/* err describes the first one */
	bool op_seen;		/* an OP TLV, decoded or not */
	bool has_op;		/* an OP TLV decoded */
};

/* Record a problem; only the first one is described in err. */
__attribute__((format(printf, 3, 4)))
static void problem(struct walk *w, size_t off, const char *fmt, ...)
{
	char text[sizeof(w->err->msg)];
	va_list ap;

	if (w->problem)
		return;
	w->problem = true;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	hwmsg_errf(w->err, off, "%s", text);
}

static const char *tlv_name(unsigned int type, char *buf, size_t cap)
{
	const char *name = hwmsg_name_lookup(hwmsg_emad_tlv_names, type);

	if (name)
		return name;
	snprintf(buf, cap, "type %u", type);
	return buf;
}

static void parse_op(const uint8_t *p, struct hwmsg_msg *msg)
{
	struct hwmsg_emad_op *op = &msg->op;

	op->dr = hwmsg_item_get(p, HWMSG_EMAD_OP_DR);
	op->status = (uint8_t)hwmsg_item_get(p, HWMSG_EMAD_OP_STATUS);
	op->reg_id = (uint16_t)hwmsg_item_get(p, HWMSG_EMAD_OP_REGISTER_ID);
	op->response = hwmsg_item_get(p, HWMSG_EMAD_OP_R);
	op->method = (uint8_t)hwmsg_item_get(p, HWMSG_EMAD_OP_METHOD);
	op->cls = (uint8_t)hwmsg_item_get(p, HWMSG_EMAD_OP_CLASS);
	op->tid = hwmsg_get_be64(p + HWMSG_EMAD_OP_TID_OFF);
}

/* A TLV shorter than its type needs: flagged, not decoded. */
static bool too_short(struct walk *w, struct hwmsg_tlv_ref *t,
		      const char *name, size_t need)
{
	if (t->len >= need)
		return false;
	t->flags |= HWMSG_TLV_BAD_SIZE;
	problem(w, t->offset, "offset %u: %s TLV: length %u words, needs at least %zu",
		t->offset, name, t->len / 4, need / 4);
	return true;
}

/* A second OP or REG: flagged, the first one stays. */
static bool extra(struct walk *w, struct hwmsg_tlv_ref *t, const char *name,
		  bool seen)
{
	if (!seen)
		return false;
	t->flags |= HWMSG_TLV_EXTRA;
	problem(w, t->offset, "offset %u: second %s TLV", t->offset, name);
	return true;
}

static void parse_op_tlv(struct walk *w, struct hwmsg_tlv_ref *t,
			 const uint8_t *p)
{
	size_t want = HWMSG_EMAD_OP_TLV_WORDS * 4;

	if (extra(w, t, "OP", w->op_seen))
		return;
	w->op_seen = true;
	if (too_short(w, t, "OP", want))
		return;
	if (t->len != want) {	/* longer: its first 4 words are the OP */
		t->flags |= HWMSG_TLV_BAD_SIZE;
		problem(w, t->offset, "offset %u: OP TLV: length %u words, expected %d",
			t->offset, t->len / 4, HWMSG_EMAD_OP_TLV_WORDS);
	}
	if (t->cap_len < want)	/* cut before the tid: nothing to pair by */
		return;
	parse_op(p, w->msg);
	w->has_op = true;
}

static void parse_string(struct walk *w, struct hwmsg_tlv_ref *t,
			 const uint8_t *p)
{
	struct hwmsg_msg *msg = w->msg;
	size_t n = t->cap_len - HWMSG_EMAD_TLV_HDR_LEN;

	if (too_short(w, t, "STRING", HWMSG_EMAD_TLV_HDR_LEN + 1))
		return;
	if (n > HWMSG_EMAD_STRING_LEN)
		n = HWMSG_EMAD_STRING_LEN;
	memcpy(msg->fw_string, p + HWMSG_EMAD_TLV_HDR_LEN, n);
	msg->fw_string[n] = '\0';
	msg->has_fw_string = true;
}

static void parse_latency(struct walk *w, struct hwmsg_tlv_ref *t,
			  const uint8_t *p)
{
	if (too_short(w, t, "LATENCY", 8) || t->cap_len < 8)
		return;
	w->msg->latency_us = hwmsg_item_get(p, HWMSG_EMAD_LATENCY_TIME);
	w->msg->has_latency = true;
}

static void parse_reg(struct walk *w, struct hwmsg_tlv_ref *t,
		      const uint8_t *p)
{
	struct hwmsg_msg *msg = w->msg;

	if (extra(w, t, "REG", msg->has_reg))
		return;
	msg->reg = p + HWMSG_EMAD_TLV_HDR_LEN;
	msg->reg_len = t->cap_len - HWMSG_EMAD_TLV_HDR_LEN;
	msg->has_reg = true;
}

/* Decode one TLV by its type, as far as it was captured. */
static void parse_tlv(struct walk *w, struct hwmsg_tlv_ref *t)
{
	const uint8_t *p = w->buf + t->offset;

	switch (t->type) {
	case HWMSG_EMAD_TLV_OP:
		parse_op_tlv(w, t, p);
		break;
	case HWMSG_EMAD_TLV_STRING:
		parse_string(w, t, p);
		break;
	case HWMSG_EMAD_TLV_LATENCY:
		parse_latency(w, t, p);
		break;
	case HWMSG_EMAD_TLV_REG:
		parse_reg(w, t, p);
		break;
	case HWMSG_EMAD_TLV_END:
		w->msg->has_end = true;
		break;
	default:
		w->msg->n_unknown++;
		break;
	}
}

/*
 * The length of the TLV at t: 0 words or past the frame stops the walk
 * (false); past what was captured but within orig_len is a cut. The TLV's
 * name is looked up only to say what is wrong with it.
 */
static bool check_len(struct walk *w, struct hwmsg_tlv_ref *t)
{
	size_t left = w->len - t->offset;
	char namebuf[16];

	if (t->len && t->len <= left)
		return true;
	if (!t->len) {
		t->flags |= HWMSG_TLV_BAD_LEN;
		problem(w, t->offset, "offset %u: %s TLV: length 0 words",
			t->offset, tlv_name(t->type, namebuf, sizeof(namebuf)));
		return false;
	}
	if (t->offset + (size_t)t->len > w->orig_len) {
		t->flags |= HWMSG_TLV_BAD_LEN;
		problem(w, t->offset,
			"offset %u: %s TLV: length %u words exceeds frame (%zu bytes left)",
			t->offset, tlv_name(t->type, namebuf, sizeof(namebuf)),
			t->len / 4, w->orig_len - t->offset);
		return false;
	}
	t->flags |= HWMSG_TLV_CUT;
	w->msg->flags |= HWMSG_MSGF_CUT;
	problem(w, t->offset, "offset %u: %s TLV cut by the capture (%u of %u bytes)",
		t->offset, tlv_name(t->type, namebuf, sizeof(namebuf)),
		t->cap_len, t->len);
	return true;
}

/* Returns the offset after the TLV at off, or 0 to stop the walk. */
static size_t walk_tlv(struct walk *w, size_t off)
{
	struct hwmsg_msg *msg = w->msg;
	size_t left = w->len - off;
	struct hwmsg_tlv_ref *t;

	if (left < HWMSG_EMAD_TLV_HDR_LEN) {
		if (off + HWMSG_EMAD_TLV_HDR_LEN <= w->orig_len)
			return 0;	/* cut: said after the walk */
		problem(w, off, "offset %zu: TLV header needs 4 bytes, %zu left",
			off, left);
		return 0;
	}
	if (msg->n_tlvs == HWMSG_MSG_MAX_TLVS) {
		msg->flags |= HWMSG_MSGF_TOO_MANY_TLVS;
		problem(w, off, "offset %zu: more than %d TLVs", off,
			HWMSG_MSG_MAX_TLVS);
		return 0;
	}
	t = &msg->tlvs[msg->n_tlvs++];
	t->type = (uint8_t)hwmsg_item_get(w->buf + off, HWMSG_EMAD_TLV_TYPE);
	t->offset = (uint32_t)off;
	t->len = hwmsg_item_get(w->buf + off, HWMSG_EMAD_TLV_LEN) * 4;
	t->cap_len = t->len < left ? t->len : (uint32_t)left;
	if (!check_len(w, t))
		return 0;
	parse_tlv(w, t);
	return t->flags & HWMSG_TLV_CUT ? 0 : off + t->len;
}

static int parse_eth(struct walk *w)
{
	const uint8_t *buf = w->buf;
	uint16_t ethertype;

	if (w->len < HWMSG_EMAD_ETH_HDR_LEN)
		return hwmsg_errf(w->err, 0,
				  "offset 0: frame of %zu bytes is shorter than the Ethernet header (%d)",
				  w->len, HWMSG_EMAD_ETH_HDR_LEN);
	ethertype = hwmsg_get_be16(buf + HWMSG_EMAD_ETH_ETHERTYPE_OFF);
	if (ethertype != HWMSG_EMAD_ETHERTYPE) {
		w->msg->flags |= HWMSG_MSGF_BAD_ETHERTYPE;
		problem(w, HWMSG_EMAD_ETH_ETHERTYPE_OFF,
			"offset %d: ethertype 0x%04x, expected 0x%04x (EMAD)",
			HWMSG_EMAD_ETH_ETHERTYPE_OFF, ethertype,
			HWMSG_EMAD_ETHERTYPE);
	}
	/* other protocol versions are decoded as version 0, callers may flag */
	w->msg->mlx_proto = buf[HWMSG_EMAD_ETH_MLX_PROTO_OFF];
	w->msg->ver = buf[HWMSG_EMAD_ETH_VER_OFF] >> 4;
	return 0;
}

/* Without a decoded OP there is nothing to show a message by: -1. */
static int no_op(struct walk *w, size_t off)
{
	const struct hwmsg_msg *msg = w->msg;
	unsigned int i;

	for (i = 0; i < msg->n_tlvs; i++) {
		const struct hwmsg_tlv_ref *t = &msg->tlvs[i];

		if (t->type != HWMSG_EMAD_TLV_OP)
			continue;
		if (t->flags & HWMSG_TLV_CUT)
			return hwmsg_errf(w->err, t->offset,
					  "offset %u: OP TLV cut by the capture (%u of %u bytes)",
					  t->offset, t->cap_len, t->len);
		return hwmsg_errf(w->err, t->offset,
				  "offset %u: OP TLV: length %u words%s, expected %d",
				  t->offset, t->len / 4,
				  t->flags & HWMSG_TLV_BAD_LEN ?
				  " exceeds the frame" : "",
				  HWMSG_EMAD_OP_TLV_WORDS);
	}
	return hwmsg_errf(w->err, off, "offset %zu: no OP TLV", off);
}

int hwmsg_emad_parse_cut(const uint8_t *buf, size_t len, size_t orig_len,
			 struct hwmsg_msg *msg, struct hwmsg_err *err)
{
	struct walk w = { .buf = buf, .len = buf ? len : 0, .msg = msg,
			  .err = err };
	size_t off = HWMSG_EMAD_ETH_HDR_LEN;

	memset(msg, 0, sizeof(*msg));
	msg->type = HWMSG_TYPE_MLX_EMAD;
	w.orig_len = orig_len > w.len ? orig_len : w.len;
	if (parse_eth(&w))
		return -1;
	while (off && off < w.len && !msg->has_end)
		off = walk_tlv(&w, off);
	/* the capture ended before END, where the frame went on */
	if (!msg->has_end && w.orig_len > w.len) {
		msg->flags |= HWMSG_MSGF_CUT;
		problem(&w, w.len, "offset %zu: cut by the capture before END",
			w.len);
	}
	if (!w.has_op)
		return no_op(&w, off ? off : w.len);
	return w.problem ? 1 : 0;
}

int hwmsg_emad_parse(const uint8_t *buf, size_t len, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	return hwmsg_emad_parse_cut(buf, len, len, msg, err);
}
