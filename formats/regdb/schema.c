// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Walking the layouts rather than a payload: every leaf field of every
 * register with the filter name the decoder gives its values, for tools
 * that declare fields up front (the Wireshark plugin).
 */
#include <string.h>

#include "regdb_int.h"

static bool arm_seen(const struct hwmsg_reg_field *f, unsigned int k)
{
	unsigned int j;

	for (j = 0; j < k; j++)
		if (!strcmp(f->cases[j].name, f->cases[k].name))
			return true;
	return false;
}

static int walk_fields(const struct hwmsg_reg *reg,
		       const struct hwmsg_reg_layout *l, const char *prefix,
		       unsigned int depth, hwmsg_regdb_field_fn fn, void *ctx)
{
	char filter[HWMSG_REG_PATH_MAX], arm[HWMSG_REG_PATH_MAX];
	unsigned int i, k;
	int ret;

	if (depth > REGDB_MAX_DEPTH)
		return 0;
	for (i = 0; i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];

		if (snprintf(filter, sizeof(filter), "%s.%s", prefix,
			     f->name) >= (int)sizeof(filter))
			continue;
		if (f->kind == HWMSG_REG_LAYOUT) {
			ret = walk_fields(reg, f->layout, filter, depth + 1, fn,
					  ctx);
		} else {
			/* a union is also a leaf: bytes when no arm matches */
			ret = fn(ctx, reg, f, filter);
			for (k = 0; !ret && f->kind == HWMSG_REG_UNION &&
				    k < f->n_cases; k++) {
				/* several values may share one arm */
				if (arm_seen(f, k))
					continue;
				if (snprintf(arm, sizeof(arm), "%s.%s", filter,
					     f->cases[k].name) >=
				    (int)sizeof(arm))
					continue;
				ret = walk_fields(reg, f->cases[k].layout, arm,
						  depth + 1, fn, ctx);
			}
		}
		if (ret)
			return ret;
	}
	return 0;
}

int hwmsg_regdb_foreach_field(const struct hwmsg_regdb *db,
			      hwmsg_regdb_field_fn fn, void *ctx)
{
	char prefix[HWMSG_REG_PATH_MAX];
	unsigned int i;
	int ret;

	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(db, i);

		if (!r->layout)
			continue;
		snprintf(prefix, sizeof(prefix), "mlxreg.%s", r->lname);
		ret = walk_fields(r, r->layout, prefix, 0, fn, ctx);
		if (ret)
			return ret;
	}
	return 0;
}
