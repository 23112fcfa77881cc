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
 * The reg_id fields (FT_UINT16, unmasked) are BASE_HEX so that -T fields
 * and custom columns give "0x5002"; the tree label carries the name the way a value_string would,
 * but from the register database, whose names can grow after registration
 * (the adb_file preference).
 */
proto_item *hwmsg_ws_add_reg_id(proto_tree *tree, int hf, tvbuff_t *tvb,
				gint off, guint16 id)
{
	const char *name = hwmsg_reg_name(id);

	if (name)
		return proto_tree_add_uint_format_value(tree, hf, tvb, off, 2,
				id, "%s (0x%04x)", name, id);
	return proto_tree_add_uint_format_value(tree, hf, tvb, off, 2, id,
						"0x%04x", id);
}

const char *hwmsg_ws_reg_str(wmem_allocator_t *scope, guint16 id)
{
	const char *name = hwmsg_reg_name(id);

	return name ? name : wmem_strdup_printf(scope, "reg 0x%04x", id);
}

const char *hwmsg_ws_name(const struct hwmsg_name *table, guint32 v)
{
	const char *name = hwmsg_name_lookup(table, v);

	return name ? name : "unknown";
}

const char *hwmsg_ws_text(wmem_allocator_t *scope, const char *s)
{
	return s ? format_text(scope, (const guchar *)s, strlen(s)) : "";
}
