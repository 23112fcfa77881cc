// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fields a filter may name: the Wireshark plugin's, present in the same
 * records (dissectors/packet-*.c add them), read from the record, its
 * decoded message, its pairing and its register payload.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/devlink_event.h"
#include "hwmsg/fields.h"

#include "filter_int.h"

static const struct hwmsg_record *rec(struct ectx *c)
{
	return c->r->rec;
}

/* ---- frame ----------------------------------------------------------- */

static int get_present(struct ectx *c, struct fval *v)
{
	(void)c;
	v->u = 0;
	return 1;
}

static int get_number(struct ectx *c, struct fval *v)
{
	v->u = c->r->number;
	return 1;
}

static int get_time(struct ectx *c, struct fval *v)
{
	v->i = (int64_t)rec(c)->ts_ns;
	return 1;
}

static int get_time_relative(struct ectx *c, struct fval *v)
{
	v->i = (int64_t)(rec(c)->ts_ns - c->r->first_ts_ns);
	return 1;
}

/* ---- devlink_hwmsg: the record (absent for Ethernet captures) -------- */

static bool has_record(struct ectx *c)
{
	return !(rec(c)->flags & HWMSG_RECF_NO_DEVICE);
}

static int str_val(struct fval *v, const char *s)
{
	v->p = (const uint8_t *)s;
	v->len = strlen(s);
	return 1;
}

static int get_rec(struct ectx *c, struct fval *v)
{
	return has_record(c) ? get_present(c, v) : 0;
}

static int get_bus(struct ectx *c, struct fval *v)
{
	return has_record(c) ? str_val(v, rec(c)->bus) : 0;
}

static int get_dev(struct ectx *c, struct fval *v)
{
	return has_record(c) ? str_val(v, rec(c)->dev) : 0;
}

static int get_driver(struct ectx *c, struct fval *v)
{
	return has_record(c) ? str_val(v, rec(c)->driver) : 0;
}

static int get_incoming(struct ectx *c, struct fval *v)
{
	v->u = rec(c)->dir == HWMSG_DIR_FROM_HW;
	return has_record(c);
}

static int get_dir(struct ectx *c, struct fval *v)
{
	v->u = rec(c)->dir;
	return has_record(c);
}

static int get_type(struct ectx *c, struct fval *v)
{
	v->u = rec(c)->type;
	return has_record(c);
}

static int get_index(struct ectx *c, struct fval *v)
{
	v->u = rec(c)->devlink_index;
	return has_record(c) && (rec(c)->flags & HWMSG_RECF_HAS_INDEX);
}

static int get_seq(struct ectx *c, struct fval *v)
{
	v->u = rec(c)->seq;
	return has_record(c) && (rec(c)->flags & HWMSG_RECF_HAS_SEQ);
}

static int get_orig_len(struct ectx *c, struct fval *v)
{
	v->u = rec(c)->orig_len;
	return has_record(c) && (rec(c)->flags & HWMSG_RECF_TRUNCATED);
}

static int get_truncated(struct ectx *c, struct fval *v)
{
	v->u = 1;
	return has_record(c) && (rec(c)->flags & HWMSG_RECF_TRUNCATED);
}

static int get_buf(struct ectx *c, struct fval *v)
{
	v->p = rec(c)->payload;
	v->len = rec(c)->len;
	return has_record(c);
}

/* ---- emad and cmd_reg: the decoded message --------------------------- */

static bool is_type(struct ectx *c, uint16_t type)
{
	return rec(c)->type == type;
}

static const struct hwmsg_msg *op(struct ectx *c, uint16_t type)
{
	const struct hwmsg_msg *m = c->r->msg;

	return is_type(c, type) && m && m->type == type ? m : NULL;
}

static int get_emad(struct ectx *c, struct fval *v)
{
	return is_type(c, HWMSG_TYPE_MLX_EMAD) ? get_present(c, v) : 0;
}

/* The plugin shows the Ethernet header in emad only for records; in an
 * Ethernet capture those are eth.* fields. */
static int eth_bytes(struct ectx *c, struct fval *v, size_t off, size_t n)
{
	if (!is_type(c, HWMSG_TYPE_MLX_EMAD) || !has_record(c) ||
	    rec(c)->len < off + n)
		return 0;
	v->p = rec(c)->payload + off;
	v->len = n;
	v->u = n == 2 ? (uint64_t)(v->p[0] << 8 | v->p[1]) : 0;
	return 1;
}

static int get_emad_dst(struct ectx *c, struct fval *v)
{
	return eth_bytes(c, v, 0, 6);
}

static int get_emad_src(struct ectx *c, struct fval *v)
{
	return eth_bytes(c, v, 6, 6);
}

static int get_emad_ethertype(struct ectx *c, struct fval *v)
{
	return eth_bytes(c, v, 12, 2);
}

#define MSG_GETTER(name, type, expr)					\
static int name(struct ectx *c, struct fval *v)				\
{									\
	const struct hwmsg_msg *m = op(c, type);			\
									\
	if (!m)								\
		return 0;						\
	v->u = (expr);							\
	return 1;							\
}

MSG_GETTER(get_emad_mlx_proto, HWMSG_TYPE_MLX_EMAD, m->mlx_proto)
MSG_GETTER(get_emad_ver, HWMSG_TYPE_MLX_EMAD, m->ver)
MSG_GETTER(get_emad_status, HWMSG_TYPE_MLX_EMAD, m->op.status)
MSG_GETTER(get_emad_reg_id, HWMSG_TYPE_MLX_EMAD, m->op.reg_id)
MSG_GETTER(get_emad_r, HWMSG_TYPE_MLX_EMAD, m->op.response)
MSG_GETTER(get_emad_method, HWMSG_TYPE_MLX_EMAD, m->op.method)
MSG_GETTER(get_emad_class, HWMSG_TYPE_MLX_EMAD, m->op.cls)
MSG_GETTER(get_emad_tid, HWMSG_TYPE_MLX_EMAD, m->op.tid)
MSG_GETTER(get_emad_dr, HWMSG_TYPE_MLX_EMAD, m->op.dr)
MSG_GETTER(get_cmd_reg_status, HWMSG_TYPE_MLX_CMD_REG, m->op.status)
MSG_GETTER(get_cmd_reg_reg_id, HWMSG_TYPE_MLX_CMD_REG, m->op.reg_id)
MSG_GETTER(get_cmd_reg_method, HWMSG_TYPE_MLX_CMD_REG, m->op.method)

/* As the plugin names a register: "PAOS", or "reg 0x1234" if unknown. */
static int reg_name(struct ectx *c, struct fval *v, uint16_t type)
{
	static __thread char unknown[16];
	const struct hwmsg_msg *m = op(c, type);
	const char *name;

	if (!m)
		return 0;
	name = hwmsg_reg_name(m->op.reg_id);
	if (!name) {
		snprintf(unknown, sizeof(unknown), "reg 0x%04x", m->op.reg_id);
		name = unknown;
	}
	return str_val(v, name);
}

static int get_emad_reg_name(struct ectx *c, struct fval *v)
{
	return reg_name(c, v, HWMSG_TYPE_MLX_EMAD);
}

static int get_cmd_reg_reg_name(struct ectx *c, struct fval *v)
{
	return reg_name(c, v, HWMSG_TYPE_MLX_CMD_REG);
}

static int get_emad_string(struct ectx *c, struct fval *v)
{
	const struct hwmsg_msg *m = op(c, HWMSG_TYPE_MLX_EMAD);

	return m && m->has_fw_string ? str_val(v, m->fw_string) : 0;
}

static int get_emad_latency(struct ectx *c, struct fval *v)
{
	const struct hwmsg_msg *m = op(c, HWMSG_TYPE_MLX_EMAD);

	v->u = m ? m->latency_us : 0;
	return m && m->has_latency;
}

static int get_cmd_reg(struct ectx *c, struct fval *v)
{
	return is_type(c, HWMSG_TYPE_MLX_CMD_REG) ? get_present(c, v) : 0;
}

static int get_cmd_reg_len(struct ectx *c, struct fval *v)
{
	if (!is_type(c, HWMSG_TYPE_MLX_CMD_REG) ||
	    rec(c)->len < HWMSG_CMDREG_HDR_LEN)
		return 0;
	v->u = hwmsg_get_be16(rec(c)->payload + HWMSG_CMDREG_LEN_CONST_OFF);
	return 1;
}

/* ---- pairing --------------------------------------------------------- */

static const struct hwmsg_txn_info *paired(struct ectx *c, uint16_t type)
{
	const struct hwmsg_txn_info *t = c->r->txn;

	return op(c, type) && t && t->is_response && t->matched ? t : NULL;
}

static int txn_time(struct ectx *c, struct fval *v, uint16_t type)
{
	const struct hwmsg_txn_info *t = paired(c, type);

	if (!t)
		return 0;
	v->i = (int64_t)(rec(c)->ts_ns - t->req_ts_ns);
	return 1;
}

static int txn_request(struct ectx *c, struct fval *v, uint16_t type)
{
	const struct hwmsg_txn_info *t = paired(c, type);

	v->u = t ? t->req_ref : 0;
	return t && t->req_ref;
}

static int get_emad_time(struct ectx *c, struct fval *v)
{
	return txn_time(c, v, HWMSG_TYPE_MLX_EMAD);
}

static int get_cmd_reg_time(struct ectx *c, struct fval *v)
{
	return txn_time(c, v, HWMSG_TYPE_MLX_CMD_REG);
}

static int get_emad_response_to(struct ectx *c, struct fval *v)
{
	return txn_request(c, v, HWMSG_TYPE_MLX_EMAD);
}

static int get_cmd_reg_response_to(struct ectx *c, struct fval *v)
{
	return txn_request(c, v, HWMSG_TYPE_MLX_CMD_REG);
}

static const struct hwmsg_txn_info *retransmitted(struct ectx *c)
{
	const struct hwmsg_txn_info *t = c->r->txn;

	return op(c, HWMSG_TYPE_MLX_EMAD) && t && !t->is_response &&
	       t->retransmits ? t : NULL;
}

static int get_emad_retrans(struct ectx *c, struct fval *v)
{
	v->u = 1;
	return retransmitted(c) != NULL;
}

static int get_emad_retrans_of(struct ectx *c, struct fval *v)
{
	const struct hwmsg_txn_info *t = retransmitted(c);

	v->u = t ? t->first_ref : 0;
	return t && t->first_ref;
}

/* ---- the record's TLVs (devlink_hwmsg.tag, .len) ---------------------- */

/*
 * The record as hwmsg's writer lays it out: the reader keeps what it
 * decodes, not the bytes it read (tags it does not know are dropped, so
 * devlink_hwmsg.value, the plugin's field for those, is never present).
 */
static unsigned int rec_tlvs(struct ectx *c, fval_fn fn, void *arg, int len)
{
	uint8_t *buf;
	long n;
	unsigned int count = 0;
	size_t off;

	if (!has_record(c))
		return 0;
	n = (long)hwmsg_rec_encoded_len(rec(c));
	buf = malloc((size_t)n);
	if (!buf)
		return 0;
	n = hwmsg_rec_encode(rec(c), buf, (size_t)n, NULL);
	for (off = 0; n > 0 && off + HWMSG_REC_TLV_HDR_LEN <= (size_t)n;) {
		struct fval v = { .u = hwmsg_get_le16(buf + off + (len ? 2 : 0)) };

		count++;
		if (fn(arg, &v))
			break;
		off += HWMSG_REC_TLV_HDR_LEN + hwmsg_get_le16(buf + off + 2);
	}
	free(buf);
	return count;
}

static unsigned int each_tag(struct ectx *c, fval_fn fn, void *arg)
{
	return rec_tlvs(c, fn, arg, 0);
}

static unsigned int each_len(struct ectx *c, fval_fn fn, void *arg)
{
	return rec_tlvs(c, fn, arg, 1);
}

static int get_absent(struct ectx *c, struct fval *v)
{
	(void)c;
	(void)v;
	return 0;
}

/* ---- EMAD TLVs: one value per TLV the message has -------------------- */

enum tlv_part { TLV_TYPE, TLV_LEN, TLV_DATA };

/* The bytes the plugin shows as emad.tlv.data: an unknown TLV's body, or
 * one it could not decode (a bad length, a second OP or REG). */
static bool tlv_data_shown(const struct hwmsg_msg *m,
			   const struct hwmsg_tlv_ref *r)
{
	bool decoded;

	if (r->flags & (HWMSG_TLV_BAD_LEN | HWMSG_TLV_EXTRA))
		decoded = false;
	else if (r->type == HWMSG_EMAD_TLV_OP)
		decoded = r->len >= HWMSG_EMAD_OP_TLV_WORDS * 4 &&
			  r->cap_len >= HWMSG_EMAD_OP_TLV_WORDS * 4;
	else if (r->type == HWMSG_EMAD_TLV_STRING)
		decoded = m->has_fw_string;
	else
		decoded = !(r->flags & HWMSG_TLV_BAD_SIZE);
	if (decoded)
		return !hwmsg_name_lookup(hwmsg_emad_tlv_names, r->type) &&
		       r->len > HWMSG_EMAD_TLV_HDR_LEN &&
		       r->cap_len > HWMSG_EMAD_TLV_HDR_LEN;
	return r->cap_len > HWMSG_EMAD_TLV_HDR_LEN;
}

static unsigned int emad_tlvs(struct ectx *c, fval_fn fn, void *arg,
			      enum tlv_part part)
{
	const struct hwmsg_msg *m = op(c, HWMSG_TYPE_MLX_EMAD);
	const uint8_t *base;
	unsigned int i, n = 0;

	if (!m)
		return 0;
	base = rec(c)->payload;	/* TLV offsets count from here */
	for (i = 0; i < m->n_tlvs; i++) {
		const struct hwmsg_tlv_ref *r = &m->tlvs[i];
		struct fval v = { 0 };

		if (r->cap_len < HWMSG_EMAD_TLV_HDR_LEN)
			continue;
		switch (part) {
		case TLV_TYPE:
			v.u = hwmsg_item_get(base + r->offset, HWMSG_EMAD_TLV_TYPE);
			break;
		case TLV_LEN:
			v.u = hwmsg_item_get(base + r->offset, HWMSG_EMAD_TLV_LEN);
			break;
		case TLV_DATA:
			if (!tlv_data_shown(m, r))
				continue;
			v.p = base + r->offset + HWMSG_EMAD_TLV_HDR_LEN;
			v.len = r->cap_len - HWMSG_EMAD_TLV_HDR_LEN;
			break;
		}
		n++;
		if (fn(arg, &v))
			break;
	}
	return n;
}

static unsigned int each_tlv_type(struct ectx *c, fval_fn fn, void *arg)
{
	return emad_tlvs(c, fn, arg, TLV_TYPE);
}

static unsigned int each_tlv_len(struct ectx *c, fval_fn fn, void *arg)
{
	return emad_tlvs(c, fn, arg, TLV_LEN);
}

static unsigned int each_tlv_data(struct ectx *c, fval_fn fn, void *arg)
{
	return emad_tlvs(c, fn, arg, TLV_DATA);
}

/* ---- the register payload when no layout decodes it ------------------ */

static int reg_data(struct ectx *c, struct fval *v, uint16_t type)
{
	const struct hwmsg_msg *m = op(c, type);

	if (!m || !m->has_reg || regfield_decoded(c))
		return 0;
	v->p = m->reg;
	v->len = m->reg_len;
	return 1;
}

static int get_emad_reg_data(struct ectx *c, struct fval *v)
{
	return reg_data(c, v, HWMSG_TYPE_MLX_EMAD);
}

static int get_cmd_reg_reg_data(struct ectx *c, struct fval *v)
{
	return reg_data(c, v, HWMSG_TYPE_MLX_CMD_REG);
}

/* ---- cmd_reg's constant header words --------------------------------- */

static int cmd_reg_be(struct ectx *c, struct fval *v, size_t off, size_t n)
{
	const uint8_t *p = rec(c)->payload;

	if (!is_type(c, HWMSG_TYPE_MLX_CMD_REG) ||
	    rec(c)->len < HWMSG_CMDREG_HDR_LEN)
		return 0;
	v->u = n == 2 ? hwmsg_get_be16(p + off) : p[off];
	return 1;
}

static int get_cmd_reg_constant1(struct ectx *c, struct fval *v)
{
	return cmd_reg_be(c, v, 0, 2);
}

static int get_cmd_reg_constant2(struct ectx *c, struct fval *v)
{
	return cmd_reg_be(c, v, HWMSG_CMDREG_CONSTANT2_OFF, 1);
}

/* ---- devlink_event: a devlink notification the capture carried ------- */

static const struct hwmsg_devlink_event *event(struct ectx *c)
{
	if (!is_type(c, HWMSG_TYPE_DEVLINK_EVENT))
		return NULL;
	if (!c->ev_state)
		c->ev_state = hwmsg_devlink_event_parse(rec(c)->payload,
							rec(c)->len,
							&c->ev) ? -1 : 1;
	return c->ev_state > 0 ? &c->ev : NULL;
}

static int get_event(struct ectx *c, struct fval *v)
{
	return is_type(c, HWMSG_TYPE_DEVLINK_EVENT) ? get_present(c, v) : 0;
}

#define EVENT_UINT(name, has, member)					\
static int name(struct ectx *c, struct fval *v)				\
{									\
	const struct hwmsg_devlink_event *e = event(c);		\
									\
	if (!e || !(has))						\
		return 0;						\
	v->u = e->member;						\
	return 1;							\
}

#define EVENT_STR(name, member, always)					\
static int name(struct ectx *c, struct fval *v)				\
{									\
	const struct hwmsg_devlink_event *e = event(c);		\
									\
	if (!e || (!(always) && !e->member[0]))			\
		return 0;						\
	return str_val(v, e->member);					\
}

EVENT_UINT(get_event_cmd, 1, cmd)
EVENT_UINT(get_event_port_index, e->has_port_index, port_index)
EVENT_UINT(get_event_port_type, e->has_port_type, port_type)
EVENT_UINT(get_event_flavour, e->has_flavour, flavour)
EVENT_UINT(get_event_port_number, e->has_port_number, port_number)
EVENT_STR(get_event_bus, bus, 1)
EVENT_STR(get_event_dev, dev, 1)
EVENT_STR(get_event_netdev, netdev, 0)
EVENT_STR(get_event_ibdev, ibdev, 0)

/* ---- the table: a getter for each field of include/hwmsg/fields.h ---- */

#define REC	0
#define MSG	HWMSG_FILTER_NEEDS_MSG
#define TXN	(HWMSG_FILTER_NEEDS_MSG | HWMSG_FILTER_NEEDS_TXN)
#define G(id, needs, get) [HWMSG_F_##id] = { needs, get, NULL }
#define EACH(id, needs, each) [HWMSG_F_##id] = { needs, NULL, each }

static const struct fdesc getters[HWMSG_F_COUNT] = {
	G(FRAME, REC, get_present),
	G(FRAME_NUMBER, REC, get_number),
	G(FRAME_TIME, REC, get_time),
	G(FRAME_TIME_EPOCH, REC, get_time),
	G(FRAME_TIME_RELATIVE, REC, get_time_relative),

	G(DEVLINK_HWMSG, REC, get_rec),
	EACH(DEVLINK_HWMSG_TAG, REC, each_tag),
	EACH(DEVLINK_HWMSG_LEN, REC, each_len),
	G(DEVLINK_HWMSG_BUS, REC, get_bus),
	G(DEVLINK_HWMSG_DEV, REC, get_dev),
	G(DEVLINK_HWMSG_DRIVER, REC, get_driver),
	G(DEVLINK_HWMSG_INCOMING, REC, get_incoming),
	G(DEVLINK_HWMSG_DIR, REC, get_dir),
	G(DEVLINK_HWMSG_TYPE, REC, get_type),
	G(DEVLINK_HWMSG_INDEX, REC, get_index),
	G(DEVLINK_HWMSG_SEQ, REC, get_seq),
	G(DEVLINK_HWMSG_ORIG_LEN, REC, get_orig_len),
	G(DEVLINK_HWMSG_TRUNCATED, REC, get_truncated),
	G(DEVLINK_HWMSG_BUF, REC, get_buf),
	G(DEVLINK_HWMSG_VALUE, REC, get_absent),

	G(EMAD, REC, get_emad),
	G(EMAD_DST, REC, get_emad_dst),
	G(EMAD_SRC, REC, get_emad_src),
	G(EMAD_ETHERTYPE, REC, get_emad_ethertype),
	G(EMAD_MLX_PROTO, MSG, get_emad_mlx_proto),
	G(EMAD_VER, MSG, get_emad_ver),
	EACH(EMAD_TLV_TYPE, MSG, each_tlv_type),
	EACH(EMAD_TLV_LEN, MSG, each_tlv_len),
	EACH(EMAD_TLV_DATA, MSG, each_tlv_data),
	G(EMAD_DR, MSG, get_emad_dr),
	G(EMAD_STATUS, MSG, get_emad_status),
	G(EMAD_REG_ID, MSG, get_emad_reg_id),
	G(EMAD_REG_NAME, MSG, get_emad_reg_name),
	G(EMAD_R, MSG, get_emad_r),
	G(EMAD_METHOD, MSG, get_emad_method),
	G(EMAD_CLASS, MSG, get_emad_class),
	G(EMAD_TID, MSG, get_emad_tid),
	G(EMAD_STRING, MSG, get_emad_string),
	G(EMAD_LATENCY, MSG, get_emad_latency),
	G(EMAD_REG_DATA, MSG | HWMSG_FILTER_NEEDS_REG, get_emad_reg_data),
	G(EMAD_RESPONSE_IN, TXN, NULL),	/* see fref_resolve() */
	G(EMAD_RESPONSE_TO, TXN, get_emad_response_to),
	G(EMAD_TIME, TXN, get_emad_time),
	G(EMAD_RETRANSMISSION, TXN, get_emad_retrans),
	G(EMAD_RETRANSMISSION_OF, TXN, get_emad_retrans_of),

	G(CMD_REG, REC, get_cmd_reg),
	G(CMD_REG_CONSTANT1, REC, get_cmd_reg_constant1),
	G(CMD_REG_STATUS, MSG, get_cmd_reg_status),
	G(CMD_REG_REG_ID, MSG, get_cmd_reg_reg_id),
	G(CMD_REG_REG_NAME, MSG, get_cmd_reg_reg_name),
	G(CMD_REG_METHOD, MSG, get_cmd_reg_method),
	G(CMD_REG_CONSTANT2, REC, get_cmd_reg_constant2),
	G(CMD_REG_LEN, REC, get_cmd_reg_len),
	G(CMD_REG_REG_DATA, MSG | HWMSG_FILTER_NEEDS_REG,
	  get_cmd_reg_reg_data),
	G(CMD_REG_RESPONSE_IN, TXN, NULL),
	G(CMD_REG_RESPONSE_TO, TXN, get_cmd_reg_response_to),
	G(CMD_REG_TIME, TXN, get_cmd_reg_time),

	G(DEVLINK_EVENT, REC, get_event),
	G(DEVLINK_EVENT_CMD, REC, get_event_cmd),
	G(DEVLINK_EVENT_BUS, REC, get_event_bus),
	G(DEVLINK_EVENT_DEV, REC, get_event_dev),
	G(DEVLINK_EVENT_PORT_INDEX, REC, get_event_port_index),
	G(DEVLINK_EVENT_PORT_TYPE, REC, get_event_port_type),
	G(DEVLINK_EVENT_FLAVOUR, REC, get_event_flavour),
	G(DEVLINK_EVENT_PORT_NUMBER, REC, get_event_port_number),
	G(DEVLINK_EVENT_NETDEV, REC, get_event_netdev),
	G(DEVLINK_EVENT_IBDEV, REC, get_event_ibdev),
};

/* The filter's value type of a field of the table. */
static uint8_t ftype_of(const struct hwmsg_field *f)
{
	static const uint8_t t[] = {
		[HWMSG_FK_PROTO] = FT_PROTO, [HWMSG_FK_U8] = FT_UINT,
		[HWMSG_FK_U16] = FT_UINT, [HWMSG_FK_U32] = FT_UINT,
		[HWMSG_FK_U64] = FT_UINT, [HWMSG_FK_BOOL] = FT_BOOL,
		[HWMSG_FK_STRING] = FT_STR, [HWMSG_FK_STRINGZPAD] = FT_STR,
		[HWMSG_FK_BYTES] = FT_BYTES, [HWMSG_FK_ETHER] = FT_ETHER,
		[HWMSG_FK_FRAMENUM] = FT_FRAMENUM,
		[HWMSG_FK_RELTIME] = FT_RELTIME,
		[HWMSG_FK_ABSTIME] = FT_ABSTIME,
	};

	return t[f->kind];
}

const struct fdesc *field_find(const char *name, size_t len)
{
	int id = hwmsg_field_find(name, len);

	return id < 0 ? NULL : &getters[id];
}

int fref_resolve(struct fref *f, const struct token *t, struct hwmsg_err *err)
{
	char name[HWMSG_REG_PATH_MAX];
	int id;

	memset(f, 0, sizeof(*f));
	if (t->len >= sizeof(name))
		return hwmsg_errf(err, t->col, "\"%.*s...\" is not a field",
				  20, t->text);
	memcpy(name, t->text, t->len);
	name[t->len] = 0;
	id = hwmsg_field_find(name, t->len);
	if (id >= 0) {
		const struct hwmsg_field *hf = &hwmsg_fields[id];

		/* a request is matched before its response is read (one
		 * pass, as live capture needs): the response's side is there */
		if (!getters[id].get && !getters[id].each)
			return hwmsg_errf(err, t->col, "\"%s\" is not supported: a request is filtered before its response is read (filter the response: %.*s.response_to)",
					  name, (int)(strchr(name, '.') - name),
					  name);
		f->d = &getters[id];
		f->name = hf->abbrev;
		f->type = ftype_of(hf);
		/* names a literal may use (a boolean's are its own) */
		f->enums = hf->kind == HWMSG_FK_BOOL ? NULL : hf->vals;
		return 0;
	}
	if (!strncmp(name, "mlxreg", 6) && (!name[6] || name[6] == '.'))
		return regfield_resolve(f, name, t->col, err);
	return hwmsg_errf(err, t->col, "\"%s\" is neither a field nor a protocol name",
			  name);
}

void fref_free(struct fref *f)
{
	free(f->mlx_name);
	f->mlx_name = NULL;
}

unsigned int fref_values(struct ectx *c, const struct fref *f, fval_fn fn,
			 void *arg)
{
	struct fval v = { 0 };

	if (!f->d)
		return regfield_values(c, f, fn, arg);
	if (f->d->each)
		return f->d->each(c, fn, arg);
	if (!f->d->get(c, &v))
		return 0;
	fn(arg, &v);
	return 1;
}
