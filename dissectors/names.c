// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names for the plugin come from libhwmsg, never from a table of our own:
 * value_strings are copied from the hwmsg_name tables at registration.
 */
#include "hwmsg_ws.h"

#include <epan/strutil.h>

#include "hwmsg/regdb.h"

void hwmsg_ws_fill_vals(value_string *dst, size_t cap,
			const struct hwmsg_name *src)
{
	size_t i;

	/* keep one slot for the terminator; a longer table is cut, not overrun */
	for (i = 0; i + 1 < cap && src[i].name; i++) {
		dst[i].value = src[i].value;
		dst[i].strptr = src[i].name;
	}
	if (src[i].name)
		ws_warning("hwmsg: value table cut at %zu names", i);
	dst[i].value = 0;
	dst[i].strptr = NULL;
}

/*
 * Register names by id, looked up in libhwmsg's database once per id (a
 * binary search behind a pthread_once per call showed in the profile):
 * reg_str[id] is the name, or "reg 0x1234" for an id no database knows,
 * kept for the life of the process like the database itself.
 */
static const char *reg_str[G_MAXUINT16 + 1];
static guint8 reg_named[(G_MAXUINT16 + 1) / 8];

static const char *reg_lookup(guint16 id, gboolean *named)
{
	const char *name;

	if (!reg_str[id]) {
		name = hwmsg_reg_name(id);
		if (name) {
			reg_str[id] = name;
			reg_named[id / 8] |= (guint8)(1u << (id % 8));
		} else {
			reg_str[id] = g_strdup_printf("reg 0x%04x", id);
		}
	}
	*named = (reg_named[id / 8] >> (id % 8)) & 1;
	return reg_str[id];
}

/*
 * The reg_id fields (FT_UINT16, unmasked) are BASE_HEX so that -T fields
 * and custom columns give "0x5002"; the tree label carries the name the way a value_string would,
 * but from the register database, whose names can grow after registration
 * (the adb_file preference).
 */
proto_item *hwmsg_ws_add_reg_id(proto_tree *tree, int hf, tvbuff_t *tvb,
				gint off, guint16 id)
{
	static const char hex[] = "0123456789abcdef";
	gboolean named;
	const char *name = reg_lookup(id, &named);
	struct hwmsg_ws_line l;	/* not zeroed: 4 KiB */
	char num[8];
	proto_item *pi;

	pi = proto_tree_add_uint(tree, hf, tvb, off, 2, id);
	if (!pi || !PTREE_DATA(pi)->visible || proto_item_is_hidden(pi))
		return pi;	/* no label wanted (the *_format_value test) */
	/* "Register: PMLP (0x5002)", without printf */
	num[0] = '0';
	num[1] = 'x';
	num[2] = hex[id >> 12 & 0xf];
	num[3] = hex[id >> 8 & 0xf];
	num[4] = hex[id >> 4 & 0xf];
	num[5] = hex[id & 0xf];
	num[6] = '\0';
	l.n = 0;
	hwmsg_ws_line_add(&l, PITEM_FINFO(pi)->hfinfo->name);
	hwmsg_ws_line_add(&l, ": ");
	if (named) {
		hwmsg_ws_line_add(&l, name);
		hwmsg_ws_line_add(&l, " (");
		hwmsg_ws_line_add(&l, num);
		hwmsg_ws_line_add(&l, ")");
	} else {
		hwmsg_ws_line_add(&l, num);
	}
	hwmsg_ws_set_label(pi, l.s, l.n);
	return pi;
}

const char *hwmsg_ws_reg_str(guint16 id)
{
	gboolean named;

	return reg_lookup(id, &named);
}

const char *hwmsg_ws_name(const struct hwmsg_name *table, guint32 v)
{
	const char *name = hwmsg_name_lookup(table, v);

	return name ? name : "unknown";
}

const char *hwmsg_ws_text(wmem_allocator_t *scope, const char *s)
{
	const char *p;

	if (!s)
		return "";
	/* printable ASCII is its own escape (most names): no copy */
	for (p = s; *p >= 0x20 && *p < 0x7f; p++)
		;
	if (!*p)
		return s;
	return format_text(scope, (const guchar *)s, strlen(s));
}

void hwmsg_ws_line_hex64(struct hwmsg_ws_line *l, guint64 v)
{
	static const char digits[] = "0123456789abcdef";
	char hex[18];
	int i;

	hex[0] = '0';
	hex[1] = 'x';
	for (i = 17; i >= 2; i--, v >>= 4)
		hex[i] = digits[v & 0xf];
	hwmsg_ws_line_put(l, hex, sizeof(hex));
}
