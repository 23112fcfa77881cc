// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fields a filter may name: the Wireshark plugin's, present in the same
 * records (dissectors/packet-*.c add them), read from the record, its
 * decoded message, its pairing and its register payload.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- the table ------------------------------------------------------- */

#define REC	0
#define MSG	HWMSG_FILTER_NEEDS_MSG
#define TXN	(HWMSG_FILTER_NEEDS_MSG | HWMSG_FILTER_NEEDS_TXN)

static const struct fdesc fields[] = {
	{ "frame", FT_PROTO, REC, NULL, get_present },
	{ "frame.number", FT_FRAMENUM, REC, NULL, get_number },
	{ "frame.time", FT_ABSTIME, REC, NULL, get_time },
	{ "frame.time_epoch", FT_ABSTIME, REC, NULL, get_time },
	{ "frame.time_relative", FT_RELTIME, REC, NULL, get_time_relative },

	{ "devlink_hwmsg", FT_PROTO, REC, NULL, get_rec },
	{ "devlink_hwmsg.bus", FT_STR, REC, NULL, get_bus },
	{ "devlink_hwmsg.dev", FT_STR, REC, NULL, get_dev },
	{ "devlink_hwmsg.driver", FT_STR, REC, NULL, get_driver },
	{ "devlink_hwmsg.incoming", FT_UINT, REC, NULL, get_incoming },
	{ "devlink_hwmsg.dir", FT_UINT, REC, hwmsg_dir_names, get_dir },
	{ "devlink_hwmsg.type", FT_UINT, REC, hwmsg_type_names, get_type },
	{ "devlink_hwmsg.index", FT_UINT, REC, NULL, get_index },
	{ "devlink_hwmsg.seq", FT_UINT, REC, NULL, get_seq },
	{ "devlink_hwmsg.orig_len", FT_UINT, REC, NULL, get_orig_len },
	{ "devlink_hwmsg.truncated", FT_BOOL, REC, NULL, get_truncated },
	{ "devlink_hwmsg.buf", FT_BYTES, REC, NULL, get_buf },

	{ "emad", FT_PROTO, REC, NULL, get_emad },
	{ "emad.dst", FT_ETHER, REC, NULL, get_emad_dst },
	{ "emad.src", FT_ETHER, REC, NULL, get_emad_src },
	{ "emad.ethertype", FT_UINT, REC, NULL, get_emad_ethertype },
	{ "emad.mlx_proto", FT_UINT, MSG, NULL, get_emad_mlx_proto },
	{ "emad.ver", FT_UINT, MSG, NULL, get_emad_ver },
	{ "emad.status", FT_UINT, MSG, hwmsg_emad_status_names,
	  get_emad_status },
	{ "emad.reg_id", FT_UINT, MSG, NULL, get_emad_reg_id },
	{ "emad.reg_name", FT_STR, MSG, NULL, get_emad_reg_name },
	{ "emad.r", FT_BOOL, MSG, NULL, get_emad_r },
	{ "emad.method", FT_UINT, MSG, hwmsg_emad_method_names,
	  get_emad_method },
	{ "emad.class", FT_UINT, MSG, hwmsg_emad_class_names,
	  get_emad_class },
	{ "emad.tid", FT_UINT, MSG, NULL, get_emad_tid },
	{ "emad.dr", FT_UINT, MSG, NULL, get_emad_dr },
	{ "emad.string", FT_STR, MSG, NULL, get_emad_string },
	{ "emad.latency", FT_UINT, MSG, NULL, get_emad_latency },
	{ "emad.time", FT_RELTIME, TXN, NULL, get_emad_time },
	{ "emad.response_to", FT_FRAMENUM, TXN, NULL, get_emad_response_to },
	{ "emad.retransmission", FT_BOOL, TXN, NULL, get_emad_retrans },
	{ "emad.retransmission_of", FT_FRAMENUM, TXN, NULL,
	  get_emad_retrans_of },

	{ "cmd_reg", FT_PROTO, REC, NULL, get_cmd_reg },
	{ "cmd_reg.status", FT_UINT, MSG, hwmsg_emad_status_names,
	  get_cmd_reg_status },
	{ "cmd_reg.reg_id", FT_UINT, MSG, NULL, get_cmd_reg_reg_id },
	{ "cmd_reg.reg_name", FT_STR, MSG, NULL, get_cmd_reg_reg_name },
	{ "cmd_reg.method", FT_UINT, MSG, hwmsg_emad_method_names,
	  get_cmd_reg_method },
	{ "cmd_reg.len", FT_UINT, REC, NULL, get_cmd_reg_len },
	{ "cmd_reg.time", FT_RELTIME, TXN, NULL, get_cmd_reg_time },
	{ "cmd_reg.response_to", FT_FRAMENUM, TXN, NULL,
	  get_cmd_reg_response_to },
};

const struct fdesc *field_find(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (strlen(fields[i].name) == len &&
		    !strncmp(fields[i].name, name, len))
			return &fields[i];
	return NULL;
}

/* ---- register fields: mlxreg.<reg>[.<path>] --------------------------- */

struct leaf_search {
	const char *name;
	struct fref *f;
	bool found;
};

static int match_leaf(void *ctx, const struct hwmsg_reg *reg,
		      const struct hwmsg_reg_field *field, const char *filter)
{
	static const uint8_t types[] = {
		[HWMSG_REG_V_UINT] = FT_UINT, [HWMSG_REG_V_INT] = FT_INT,
		[HWMSG_REG_V_BOOL] = FT_BOOL, [HWMSG_REG_V_MAC] = FT_ETHER,
		[HWMSG_REG_V_IPV4] = FT_IPV4, [HWMSG_REG_V_IPV6] = FT_IPV6,
		[HWMSG_REG_V_STRING] = FT_STR, [HWMSG_REG_V_BYTES] = FT_BYTES,
	};
	struct leaf_search *s = ctx;

	if (strcmp(filter, s->name))
		return 0;
	s->f->type = types[hwmsg_reg_field_vtype(field)];
	s->f->bits = hwmsg_reg_field_bits(field);
	s->f->enums = field->kind == HWMSG_REG_ENUM ? field->enums : NULL;
	s->f->reg_id = reg->id;
	s->found = true;
	return 1;	/* the first description wins, as in the plugin */
}

/* A leaf of reg in db by its filter name; false if db has no such one. */
static bool find_leaf(const struct hwmsg_regdb *db, const char *name,
		      struct fref *f)
{
	struct leaf_search s = { .name = name, .f = f };

	hwmsg_regdb_foreach_field(db, match_leaf, &s);
	return s.found;
}

static int resolve_mlxreg(struct fref *f, const char *name, unsigned int col,
			  struct hwmsg_err *err)
{
	const char *dot = strchr(name + 7, '.');
	const struct hwmsg_regdb *db;
	const struct hwmsg_reg *reg;
	char lname[64];

	f->mlx_name = strdup(name);
	if (!f->mlx_name)
		return hwmsg_errf(err, col, "out of memory");
	f->type = FT_PROTO;
	if (!strcmp(name, "mlxreg")) {
		f->mlx_any_reg = true;
		return 0;
	}
	snprintf(lname, sizeof(lname), "%.*s",
		 (int)(dot ? (size_t)(dot - name - 7) : strlen(name + 7)),
		 name + 7);
	reg = hwmsg_reg_lookup_name(lname, &db, err);
	if (!reg || !reg->layout)
		return hwmsg_errf(err, col, "\"%s\" is not a field: no register %s with a layout",
				  name, lname);
	f->reg_id = reg->id;
	if (!dot)
		return 0;
	if (!find_leaf(db, name, f))
		return hwmsg_errf(err, col, "\"%s\" is not a field of %s (hwmsg regs %s lists them)",
				  name, reg->name, reg->name);
	f->mlx_leaf = true;
	return 0;
}

int fref_resolve(struct fref *f, const struct token *t, struct hwmsg_err *err)
{
	char name[HWMSG_REG_PATH_MAX];

	memset(f, 0, sizeof(*f));
	if (t->len >= sizeof(name))
		return hwmsg_errf(err, t->col, "\"%.*s...\" is not a field",
				  20, t->text);
	memcpy(name, t->text, t->len);
	name[t->len] = 0;
	f->d = field_find(name, t->len);
	if (f->d) {
		f->type = f->d->type;
		f->enums = f->d->enums;
		return 0;
	}
	if (!strncmp(name, "mlxreg", 6) && (!name[6] || name[6] == '.'))
		return resolve_mlxreg(f, name, t->col, err);
	return hwmsg_errf(err, t->col, "\"%s\" is neither a field nor a protocol name",
			  name);
}

void fref_free(struct fref *f)
{
	free(f->mlx_name);
	f->mlx_name = NULL;
}

/* The record's register payload decoded once per match, into f->dec. */
static const struct hwmsg_reg_decoded *decoded(struct ectx *c)
{
	const struct hwmsg_msg *m = c->r->msg;
	const struct hwmsg_reg *reg;

	if (c->dec_state)
		return c->dec_state > 0 ? &c->flt->dec : NULL;
	c->dec_state = -1;
	if (!m || !m->has_reg || rec(c)->type != m->type)
		return NULL;
	reg = hwmsg_reg_lookup_len(m->op.reg_id, m->reg_len);
	if (!reg || !reg->layout)
		return NULL;
	if (hwmsg_reg_decode_again(reg, m->reg, m->reg_len, &c->flt->dec,
				   NULL) < 0)
		return NULL;
	c->dec_state = 1;
	return &c->flt->dec;
}

static bool leaf_value(const struct fref *f, const struct hwmsg_reg_value *rv,
		       struct fval *v)
{
	memset(v, 0, sizeof(*v));
	v->u = rv->raw;
	v->p = rv->bytes;
	v->len = rv->n_bytes;
	switch (f->type) {
	case FT_INT:
		if (f->bits && f->bits < 64 && (rv->raw >> (f->bits - 1)) & 1)
			v->u = rv->raw | ~((1ull << f->bits) - 1);
		break;
	case FT_BOOL:
		v->u = rv->raw != 0;
		break;
	case FT_STR:	/* NUL-padded: up to the first NUL */
		v->len = v->p ? strnlen((const char *)v->p, v->len) : 0;
		break;
	case FT_ETHER:
	case FT_IPV6:
	case FT_BYTES:
		return v->p != NULL;
	default:
		break;
	}
	return true;
}

static unsigned int mlxreg_values(struct ectx *c, const struct fref *f,
				  fval_fn fn, void *arg)
{
	const struct hwmsg_msg *m = c->r->msg;
	const struct hwmsg_reg_decoded *d;
	struct fval v = { 0 };
	unsigned int i, n = 0;

	/* the register id first: most records need no decode at all */
	if (!m || (!f->mlx_any_reg && m->op.reg_id != f->reg_id))
		return 0;
	d = decoded(c);
	if (!d)
		return 0;
	if (!f->mlx_leaf)
		return fn(arg, &v), 1;
	for (i = 0; i < d->n_values; i++) {
		const struct hwmsg_reg_value *rv = &d->values[i];

		if (rv->group || rv->missing || strcmp(rv->filter, f->mlx_name))
			continue;
		if (!leaf_value(f, rv, &v))
			continue;
		n++;
		if (fn(arg, &v))
			break;
	}
	return n;
}

unsigned int fref_values(struct ectx *c, const struct fref *f, fval_fn fn,
			 void *arg)
{
	struct fval v = { 0 };

	if (!f->d)
		return mlxreg_values(c, f, fn, arg);
	if (!f->d->get(c, &v))
		return 0;
	fn(arg, &v);
	return 1;
}
