// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Register fields a filter may name, mlxreg.<reg>[.<path>]: resolved in
 * the register database (the plugin registers the same names from it),
 * read from the record's register payload, decoded once per match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter_int.h"


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

int regfield_resolve(struct fref *f, const char *name, unsigned int col,
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

/* The record's register payload decoded once per match, into f->dec. */
const struct hwmsg_reg_decoded *regfield_decoded(struct ectx *c)
{
	const struct hwmsg_msg *m = c->r->msg;
	const struct hwmsg_reg *reg;

	if (c->dec_state)
		return c->dec_state > 0 ? &c->flt->dec : NULL;
	c->dec_state = -1;
	if (!m || !m->has_reg || c->r->rec->type != m->type)
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

unsigned int regfield_values(struct ectx *c, const struct fref *f, fval_fn fn,
			    void *arg)
{
	const struct hwmsg_msg *m = c->r->msg;
	const struct hwmsg_reg_decoded *d;
	struct fval v = { 0 };
	unsigned int i, n = 0;

	/* the register id first: most records need no decode at all */
	if (!m || (!f->mlx_any_reg && m->op.reg_id != f->reg_id))
		return 0;
	d = regfield_decoded(c);
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

