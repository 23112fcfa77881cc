// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlxreg: the fields of a register payload, one filterable field per
 * register field ("mlxreg.pmlp.width", "mlxreg.paos.oper_status",
 * "mlxreg.pmlp.lane_module_mapping.module"). Names, layouts and enums all
 * come from libhwmsg's register database (built-in + mstflint ADB); this
 * file only turns them into hf entries and decoded values into tree items.
 * It plugs into the "emad.reg_id" table EMAD and CMD_REG hand payloads to.
 *
 * Fields must exist before a display filter is compiled, but preferences
 * are read after registration: the fields of hwmsg_regdb_default() (the
 * built-in database plus $HWMSG_ADB_PATH or the installed mstflint files)
 * are registered at start-up; the "adb_file" preference registers the
 * extra file's fields when it is applied (as HTTP's custom header fields
 * are); "load_adb" off only stops decoding ADB-only registers.
 */
#include <string.h>

#include <epan/exceptions.h>
#include <epan/expert.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <wsutil/report_message.h>

#include "hwmsg_ws.h"

#include "hwmsg/regdb.h"

/* Subtree depths with their own expansion state; deeper ones share the last. */
#define MLXREG_ETT_DEPTHS 8
/* Tree nesting followed; the decoder stops well before (REGDB_MAX_DEPTH). */
#define MLXREG_MAX_DEPTH 64
/* Values a walk may yield: the decoder's limit (decode.c), so that a walk
 * never stops part way. */
#define MLXREG_WALK_MAX_VALUES 16384

static int proto_mlxreg = -1;
static dissector_handle_t mlxreg_handle;
static gint ett_depth[MLXREG_ETT_DEPTHS];
static expert_field ei_missing = EI_INIT;
static expert_field ei_undecoded = EI_INIT;

static gboolean pref_load_adb = TRUE;
static const char *pref_adb_file = "";

/* A register we decode: the description its fields were registered from. */
struct mlxreg_reg {
	const struct hwmsg_reg *reg;
	int hf;			/* "mlxreg.pmlp", FT_NONE */
	gboolean extra;		/* from the adb_file preference */
	gboolean in_table;	/* its id is in "emad.reg_id" */
	GArray *hfs;		/* int *: its fields' hf ids, set at register */
	/* its leaf fields -> struct mlxreg_leaf: the hf of a decoded value
	 * by its field, without hashing its filter name */
	GHashTable *leaves;
	/* each field has one path, shorter than the decoder's limit: a
	 * value's field names its hf and its last path element is its
	 * name, so the decoder need not build filter names or whole paths */
	gboolean plain;
	/* leaves again, as an open-addressing table of a power of two
	 * slots (a lookup per decoded value; a GHashTable's showed) */
	struct mlxreg_slot *slots;
	guint slot_mask, slot_leaves;
	gboolean walk;		/* walkable(), found with the slots */
};

struct mlxreg_slot {
	const struct hwmsg_reg_field *field;	/* NULL: empty */
	const struct mlxreg_leaf *leaf;
};

/*
 * The hf of one leaf field of a register, and the filter name it was
 * registered under. A field reached by several names (a layout used twice
 * in a register) keeps its first: a value whose name differs looks its
 * hf up by name.
 */
struct mlxreg_leaf {
	const char *filter;	/* key of hf_by_filter */
	int *id;		/* its hf id, set at register */
	enum ftenum type;	/* field_type() of the field */
};

static GHashTable *regs_by_id;		/* id -> struct mlxreg_reg */
static struct mlxreg_reg *reg_of_id[G_MAXUINT16 + 1];	/* the same, per frame */
static GHashTable *hf_by_filter;	/* libhwmsg filter name -> int *hf id */
static GHashTable *abbrevs;		/* registered abbreviations (set) */
static GHashTable *vals_by_enum;	/* hwmsg_name table -> value_string */
static GHashTable *extra_loaded;	/* adb_file paths already loaded */

/* Fields gathered by one walk of a database, registered as one array. */
struct mlxreg_walk {
	GArray *hf;		/* hf_register_info */
	gboolean extra;
};

/* ---- field types ---------------------------------------------------------- */

static enum ftenum uint_type(guint32 bits, gboolean is_signed)
{
	if (bits <= 8)
		return is_signed ? FT_INT8 : FT_UINT8;
	if (bits <= 16)
		return is_signed ? FT_INT16 : FT_UINT16;
	if (bits <= 24)
		return is_signed ? FT_INT24 : FT_UINT24;
	if (bits <= 32)
		return is_signed ? FT_INT32 : FT_UINT32;
	return is_signed ? FT_INT64 : FT_UINT64;
}

/* The hf type of a leaf field (libhwmsg decides, for filters alike). */
static enum ftenum field_type(const struct hwmsg_reg_field *f)
{
	switch (hwmsg_reg_field_vtype(f)) {
	case HWMSG_REG_V_INT:
		return uint_type(hwmsg_reg_field_bits(f), TRUE);
	case HWMSG_REG_V_BOOL:
		return FT_BOOLEAN;
	case HWMSG_REG_V_MAC:
		return FT_ETHER;
	case HWMSG_REG_V_IPV4:
		return FT_IPv4;
	case HWMSG_REG_V_IPV6:
		return FT_IPv6;
	case HWMSG_REG_V_STRING:
		return FT_STRINGZPAD;
	case HWMSG_REG_V_BYTES:
		return FT_BYTES;
	default:
		return uint_type(hwmsg_reg_field_bits(f), FALSE);
	}
}

static gboolean is_integer(enum ftenum t)
{
	return t == FT_UINT8 || t == FT_UINT16 || t == FT_UINT24 ||
	       t == FT_UINT32 || t == FT_UINT64 || t == FT_INT8 ||
	       t == FT_INT16 || t == FT_INT24 || t == FT_INT32 ||
	       t == FT_INT64;
}

/* The enum's value_string, made once per hwmsg_name table. */
static const value_string *enum_vals(const struct hwmsg_name *enums)
{
	value_string *vs = g_hash_table_lookup(vals_by_enum, enums);
	size_t n = 0, i;

	if (vs)
		return vs;
	while (enums[n].name)
		n++;
	vs = g_new0(value_string, n + 1);
	for (i = 0; i < n; i++) {
		vs[i].value = enums[i].value;
		vs[i].strptr = enums[i].name;	/* the database is never freed */
	}
	g_hash_table_insert(vals_by_enum, (gpointer)enums, vs);
	return vs;
}

/* Wireshark accepts [A-Za-z0-9_.-] in a field name; ADB names may not. */
static char *valid_abbrev(const char *filter)
{
	char *s = g_strdup(filter), *p;

	for (p = s; *p; p++)
		if (!g_ascii_isalnum(*p) && *p != '_' && *p != '-' && *p != '.')
			*p = '_';
	for (p = s; (p = strstr(p, "..")); )
		p[1] = '_';
	if (p = s + strlen(s), p > s && p[-1] == '.')
		p[-1] = '_';
	return s;
}

/* ---- registration ----------------------------------------------------------- */

/* Queue one hf; abbrev and the strings stay allocated for good. */
static void add_hf(struct mlxreg_walk *w, int *id, const char *name,
		   char *abbrev, const char *descr, enum ftenum type,
		   int display, const void *strings)
{
	hf_register_info hf = { id, { name, abbrev, type, display, strings, 0,
				      descr, HFILL } };

	*id = -1;
	g_array_append_val(w->hf, hf);
	g_hash_table_add(abbrevs, abbrev);
}

/* Characters of "[k]" for the last index of an array of count. */
static size_t index_len(guint32 count)
{
	size_t n = 3;

	for (count = count ? count - 1 : 0; count >= 10; count /= 10)
		n++;
	return n;
}

/* Does a case before k have k's name and layout (the same arm)? */
static gboolean same_arm_before(const struct hwmsg_reg_field *f, unsigned int k)
{
	unsigned int j;

	for (j = 0; j < k; j++)
		if (f->cases[j].layout == f->cases[k].layout &&
		    !strcmp(f->cases[j].name, f->cases[k].name))
			return TRUE;
	return FALSE;
}

/*
 * Is every field under l reached by one path only (no layout twice: not
 * shared, not recursive), each path ("a[12].b.unicast.c", plen before l's
 * fields) shorter than the decoder cuts paths at? seen: layouts met.
 */
static gboolean plain_layout(const struct hwmsg_reg_layout *l, size_t plen,
			     GHashTable *seen)
{
	unsigned int i, k;

	if (g_hash_table_contains(seen, l))
		return FALSE;
	g_hash_table_add(seen, (gpointer)l);
	for (i = 0; i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];
		size_t len = plen + (plen ? 1 : 0) + strlen(f->name) +
			     (f->count ? index_len(f->count) : 0);

		if (len >= HWMSG_REG_PATH_MAX - 1)
			return FALSE;
		if (f->kind == HWMSG_REG_LAYOUT && f->layout &&
		    !plain_layout(f->layout, len, seen))
			return FALSE;
		for (k = 0; f->kind == HWMSG_REG_UNION && k < f->n_cases; k++) {
			size_t arm = len + 1 + strlen(f->cases[k].name);

			/* several values of one arm: one path */
			if (same_arm_before(f, k))
				continue;
			if (arm >= HWMSG_REG_PATH_MAX - 1 ||
			    (f->cases[k].layout &&
			     !plain_layout(f->cases[k].layout, arm, seen)))
				return FALSE;
		}
	}
	return TRUE;
}

static gboolean plain_reg(const struct hwmsg_reg *reg)
{
	GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
	gboolean plain = reg->layout && plain_layout(reg->layout, 0, seen);

	g_hash_table_destroy(seen);
	return plain;
}

/* The register's own item ("mlxreg.pmlp"), the first time one of its fields shows. */
static struct mlxreg_reg *add_reg(struct mlxreg_walk *w,
				  const struct hwmsg_reg *reg)
{
	struct mlxreg_reg *m;
	char *abbrev = valid_abbrev(reg->lname);
	char *full = g_strconcat("mlxreg.", abbrev, NULL);

	g_free(abbrev);
	m = g_new0(struct mlxreg_reg, 1);
	m->reg = reg;
	m->extra = w->extra;
	m->hfs = g_array_new(FALSE, FALSE, sizeof(int *));
	m->leaves = g_hash_table_new(g_direct_hash, g_direct_equal);
	m->plain = plain_reg(reg);
	if (g_hash_table_contains(abbrevs, full)) {
		g_free(full);	/* two names alike once made valid: no item */
		m->hf = -1;
	} else {
		add_hf(w, &m->hf, reg->name, full, reg->descr, FT_NONE,
		       BASE_NONE, NULL);
	}
	g_hash_table_insert(regs_by_id, GUINT_TO_POINTER(reg->id), m);
	reg_of_id[reg->id] = m;
	return m;
}

/* Field f of m answers to filter (if it has an hf): remember it by f. */
static void add_leaf_hf(struct mlxreg_reg *m, const struct hwmsg_reg_field *f,
			const char *filter)
{
	struct mlxreg_leaf *l;
	gpointer key, id;

	if (g_hash_table_contains(m->leaves, f) ||
	    !g_hash_table_lookup_extended(hf_by_filter, filter, &key, &id))
		return;
	l = g_new(struct mlxreg_leaf, 1);
	l->filter = key;
	l->id = id;
	l->type = field_type(f);
	g_hash_table_insert(m->leaves, (gpointer)f, l);
}

static int add_field(void *ctx, const struct hwmsg_reg *reg,
		     const struct hwmsg_reg_field *f, const char *filter)
{
	struct mlxreg_walk *w = ctx;
	struct mlxreg_reg *m;
	enum ftenum type = field_type(f);
	const void *strings = NULL;
	int display = BASE_NONE;
	char *abbrev;
	int *id;

	m = g_hash_table_lookup(regs_by_id, GUINT_TO_POINTER(reg->id));
	if (!m)
		m = add_reg(w, reg);
	else if (m->reg != reg)
		return 0;	/* described elsewhere first: those fields win */
	if (g_hash_table_contains(hf_by_filter, filter)) {
		add_leaf_hf(m, f, filter);
		return 0;	/* the same path in another union arm */
	}
	abbrev = valid_abbrev(filter);
	if (g_hash_table_contains(abbrevs, abbrev)) {
		g_free(abbrev);
		return 0;
	}
	if (is_integer(type)) {
		display = BASE_DEC;
		if (hwmsg_reg_field_hex(f))
			display = BASE_HEX;	/* masks and ids, as hwmsg prints them */
		if (f->kind == HWMSG_REG_ENUM && f->enums && type != FT_UINT64)
			strings = VALS(enum_vals(f->enums));
	}
	id = g_new(int, 1);
	g_hash_table_insert(hf_by_filter, g_strdup(filter), id);
	g_array_append_val(m->hfs, id);
	add_hf(w, id, f->name, abbrev, f->descr, type, display, strings);
	add_leaf_hf(m, f, filter);
	return 0;
}

/* Register the fields of db's registers not seen yet. */
static void register_db(const struct hwmsg_regdb *db, gboolean extra)
{
	struct mlxreg_walk w = {
		.hf = g_array_new(FALSE, FALSE, sizeof(hf_register_info)),
		.extra = extra,
	};
	guint n;

	hwmsg_regdb_foreach_field(db, add_field, &w);
	n = w.hf->len;
	/* Wireshark keeps pointers into the array: it is never freed */
	if (n)
		proto_register_field_array(proto_mlxreg,
			(hf_register_info *)(void *)g_array_free(w.hf, FALSE),
			(int)n);
	else
		g_array_free(w.hf, TRUE);
}

static gboolean want_in_table(const struct mlxreg_reg *m)
{
	return m->extra || m->reg->source != HWMSG_REG_ADB || pref_load_adb;
}

/* Put each register in "emad.reg_id", or take it out, as the prefs say. */
static void update_table(GHashTable *regs)
{
	GHashTableIter it;
	gpointer key, val;

	g_hash_table_iter_init(&it, regs);
	while (g_hash_table_iter_next(&it, &key, &val)) {
		struct mlxreg_reg *m = val;
		gboolean want = want_in_table(m);

		if (want == m->in_table)
			continue;
		if (want)
			dissector_add_uint(HWMSG_WS_REG_TABLE, m->reg->id,
					   mlxreg_handle);
		else
			dissector_delete_uint(HWMSG_WS_REG_TABLE, m->reg->id,
					      mlxreg_handle);
		m->in_table = want;
	}
}

/* The adb_file preference: load it once, register what it adds. */
static void load_extra(const char *path)
{
	struct hwmsg_regdb *db;
	struct hwmsg_err err;

	if (!path || !*path || g_hash_table_contains(extra_loaded, path))
		return;
	g_hash_table_add(extra_loaded, g_strdup(path));
	db = hwmsg_regdb_new();
	if (!db || hwmsg_regdb_load_adb(db, path, &err)) {
		report_failure("mlxreg: ADB file %s: %s", path,
			       db ? err.msg : "out of memory");
		hwmsg_regdb_free(db);
		return;
	}
	/* its names and layouts back the fields: kept for good */
	register_db(db, TRUE);
}

static void apply_prefs(void)
{
	load_extra(pref_adb_file);
	update_table(regs_by_id);
}

/* ---- dissection --------------------------------------------------------------- */

/* Bytes the value spans, from its first byte (value.offset). */
static gint value_len(const struct hwmsg_reg_value *v)
{
	const struct hwmsg_reg_field *f = v->field;
	guint32 lead;

	if (v->group) {
		if (f->kind == HWMSG_REG_LAYOUT && f->layout)
			return (gint)f->layout->len;
		return (gint)((f->width + 7) / 8);
	}
	if (v->n_bytes)
		return (gint)v->n_bytes;
	if (f->width <= 32 && f->shift + f->width <= 32) {
		lead = (32 - f->shift - f->width) % 8;
		return (gint)((lead + f->width + 7) / 8);
	}
	return (gint)((f->width + 7) / 8);
}

/* The last path element: "lane_module_mapping[2]", "unicast". */
static const char *last_elem(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot ? dot + 1 : path;
}

/* "name: value" into buf (size bytes); its length. */
static size_t name_value(char *buf, size_t size, const char *name,
			 const struct hwmsg_reg_value *v)
{
	size_t n = strlen(name);

	if (n > size - 3)
		n = size - 3;
	memcpy(buf, name, n);
	buf[n++] = ':';
	buf[n++] = ' ';
	hwmsg_reg_value_str(v, buf + n, size - n);
	return n + strlen(buf + n);
}

static void add_text(proto_tree *t, tvbuff_t *tvb, gint off, gint len,
		     const struct hwmsg_reg_value *v, const char *name)
{
	char label[ITEM_LABEL_LENGTH + 256];

	hwmsg_ws_add_subtree(t, tvb, off, len, ett_depth[0], NULL, label,
			     name_value(label, sizeof(label), name, v));
}

/*
 * A number in an array, labelled with its index as hwmsg show prints it
 * ("state[10]: learning (2)"), filterable by the array's field. false:
 * not a number, added the plain way.
 */
static bool add_element(proto_tree *t, tvbuff_t *tvb, gint off, gint len,
			const struct hwmsg_reg_value *v, const char *name,
			int id, enum ftenum type)
{
	char label[ITEM_LABEL_LENGTH + 256];
	proto_item *pi;

	switch (type) {
	case FT_UINT8:
	case FT_UINT16:
	case FT_UINT24:
	case FT_UINT32:
		pi = proto_tree_add_uint(t, id, tvb, off, len, (guint32)v->raw);
		break;
	case FT_UINT64:
		pi = proto_tree_add_uint64(t, id, tvb, off, len, v->raw);
		break;
	case FT_INT8:
	case FT_INT16:
	case FT_INT24:
	case FT_INT32:
		pi = proto_tree_add_int(t, id, tvb, off, len, (gint32)v->raw);
		break;
	case FT_INT64:
		pi = proto_tree_add_int64(t, id, tvb, off, len, (gint64)v->raw);
		break;
	case FT_BOOLEAN:
		pi = proto_tree_add_boolean(t, id, tvb, off, len,
					    v->raw ? 1 : 0);
		break;
	default:
		return false;
	}
	/* the *_format calls' label, for a shown tree only (as theirs) */
	if (pi && PTREE_DATA(pi)->visible && !proto_item_is_hidden(pi))
		hwmsg_ws_set_label(pi, label,
				   name_value(label, sizeof(label), name, v));
	return true;
}

/* "temperature: 377 (47.125 C)": the unit and scale of the database */
static void add_unit(proto_item *pi, const struct hwmsg_reg_value *v)
{
	const struct hwmsg_reg_field *f = v->field;
	char unit[64];

	/* a plain number (libhwmsg's test too): nothing to add */
	if (!f->enums && !f->unit && !f->scale_den)
		return;
	if (*hwmsg_reg_unit_str(f, v->raw, unit, sizeof(unit)))
		hwmsg_ws_append_label(pi, unit, strlen(unit));
}

/*
 * One leaf at its bytes, through its hf when it has one of a fitting type.
 * plain: l is its field's, found before (a plain decode has no filter
 * names); else l may be, if its filter name says so.
 */
static void add_leaf(proto_tree *t, tvbuff_t *tvb, const struct mlxreg_reg *m,
		     const struct hwmsg_reg_value *v, const char *name,
		     gboolean plain, const struct mlxreg_leaf *l)
{
	gint off = (gint)v->offset, len = value_len(v);
	gint left = tvb_captured_length_remaining(tvb, off);
	const int *id;
	enum ftenum type;
	ws_in6_addr a6;

	if (left < len)
		len = left < 0 ? 0 : left;
	if (!plain)
		l = g_hash_table_lookup(m->leaves, v->field);
	if (l && (plain || !strcmp(l->filter, v->filter))) {
		id = l->id;
		type = l->type;
	} else {
		id = g_hash_table_lookup(hf_by_filter, v->filter);
		type = field_type(v->field);
	}
	if (!id || *id < 0 || type != proto_registrar_get_ftype(*id)) {
		add_text(t, tvb, off, len, v, name);	/* same path, other shape */
		return;
	}
	if (v->field->count &&
	    add_element(t, tvb, off, len, v, name, *id, type))
		return;
	switch (type) {
	case FT_UINT8:
	case FT_UINT16:
	case FT_UINT24:
	case FT_UINT32:
		add_unit(proto_tree_add_uint(t, *id, tvb, off, len,
					     (guint32)v->raw), v);
		break;
	case FT_UINT64:
		add_unit(proto_tree_add_uint64(t, *id, tvb, off, len, v->raw),
			 v);
		break;
	case FT_INT8:
	case FT_INT16:
	case FT_INT24:
	case FT_INT32:
		add_unit(proto_tree_add_int(t, *id, tvb, off, len,
					    (gint32)v->raw), v);
		break;
	case FT_INT64:
		add_unit(proto_tree_add_int64(t, *id, tvb, off, len,
					      (gint64)v->raw), v);
		break;
	case FT_BOOLEAN:
		proto_tree_add_boolean(t, *id, tvb, off, len, v->raw ? 1 : 0);
		break;
	case FT_IPv4:
		proto_tree_add_ipv4(t, *id, tvb, off, len,
				    g_htonl((guint32)v->raw));
		break;
	case FT_ETHER:
		if (v->bytes && v->n_bytes == 6)
			proto_tree_add_ether(t, *id, tvb, off, len, v->bytes);
		else
			add_text(t, tvb, off, len, v, name);
		break;
	case FT_IPv6:
		if (v->bytes && v->n_bytes == 16) {
			memcpy(&a6, v->bytes, sizeof(a6));
			proto_tree_add_ipv6(t, *id, tvb, off, len, &a6);
		} else {
			add_text(t, tvb, off, len, v, name);
		}
		break;
	case FT_STRINGZPAD:
		proto_tree_add_item(t, *id, tvb, off, len, ENC_ASCII | ENC_NA);
		break;
	default:
		proto_tree_add_item(t, *id, tvb, off, len, ENC_NA);
		break;
	}
}

/*
 * The subtrees values go into, by depth, as values come in pre-order
 * (from a decoded list or a walk): groups become subtrees.
 */
struct tree_walk {
	tvbuff_t *tvb;
	struct mlxreg_reg *m;
	proto_tree *at[MLXREG_MAX_DEPTH + 1];
	unsigned int top;
};

/* One value, name its last path element ("lane_module_mapping[2]"). */
static void add_value(struct tree_walk *w, const struct hwmsg_reg_value *v,
		      const char *name, gboolean plain,
		      const struct mlxreg_leaf *l)
{
	tvbuff_t *tvb = w->tvb;
	gint off = (gint)v->offset, len, left;
	unsigned int depth;

	/* a union beyond the end is a group with its arm missing */
	if (v->missing || v->offset > tvb_captured_length(tvb)) {
		if (v->group && w->top > v->depth)
			w->top = v->depth;	/* no stale subtree for its children */
		return;
	}
	/* a depth with no group above it hangs off the nearest one */
	depth = v->depth < w->top ? v->depth : w->top;
	if (depth > MLXREG_MAX_DEPTH - 1)
		depth = MLXREG_MAX_DEPTH - 1;
	/* as hwmsg show: the elements of a number array that say
	 * something (SPMS: 3 VIDs with a state, not 4096 lines) */
	if (!v->group && v->field->count && !v->raw &&
	    hwmsg_reg_kind_is_number(v->field->kind)) {
		w->top = depth;
		return;
	}
	if (!v->group) {
		add_leaf(w->at[depth], tvb, w->m, v, name, plain, l);
		w->top = depth;
		return;
	}
	len = value_len(v);
	left = tvb_captured_length_remaining(tvb, off);
	if (left < len)
		len = left < 0 ? 0 : left;
	w->at[depth + 1] = hwmsg_ws_add_subtree(w->at[depth], tvb, off, len,
		ett_depth[MIN(depth + 1, MLXREG_ETT_DEPTHS - 1)], NULL,
		name, strlen(name));
	w->top = depth + 1;
}

/* The decoded values; leaves: each value's, for a plain decode. */
static void add_values(struct tree_walk *w, const struct hwmsg_reg_decoded *d,
		       const struct mlxreg_leaf *const *leaves)
{
	unsigned int i;

	for (i = 0; i < d->n_values; i++)
		add_value(w, &d->values[i], last_elem(d->values[i].path),
			  leaves != NULL, leaves ? leaves[i] : NULL);
}

static const struct mlxreg_leaf *find_leaf(const struct mlxreg_reg *m,
					   const struct hwmsg_reg_field *f);

/* hwmsg_reg_walk's visitor: a value as it is decoded, no list. */
static void walk_value(void *ctx, const struct hwmsg_reg_value *v,
		       const char *name, long index)
{
	struct tree_walk *w = ctx;
	char elem[HWMSG_REG_PATH_MAX + HWMSG_REG_INDEX_MAX];
	size_t n;

	if (index >= 0) {	/* "record[3]", as a decode's leaf path */
		n = strlen(name);
		if (n > HWMSG_REG_PATH_MAX)
			n = HWMSG_REG_PATH_MAX;
		memcpy(elem, name, n);
		hwmsg_reg_index_suffix(elem + n, (unsigned long)index);
		name = elem;
	}
	add_value(w, v, name, TRUE, v->group ? NULL : find_leaf(w->m, v->field));
}

/* The decoded values of the register being dissected (below). */
static struct hwmsg_reg_decoded decoded;

/* The register's subtree, its values, expert info and the Info summary. */
static void add_register(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			 struct mlxreg_reg *m, const guint8 *p, guint plen,
			 const struct hwmsg_reg_decoded *d,
			 const struct mlxreg_leaf *const *leaves, int ret,
			 struct hwmsg_err *err, char *info)
{
	static const struct hwmsg_reg_visitor vis = { walk_value, NULL };
	size_t name_len = strlen(m->reg->name);
	struct tree_walk w = { .tvb = tvb, .m = m };
	char summary[256];
	proto_item *ti;

	if (m->hf >= 0)
		ti = proto_tree_add_item(tree, m->hf, tvb, 0, -1, ENC_NA);
	else
		ti = proto_tree_add_item(tree, proto_mlxreg, tvb, 0, -1, ENC_NA);
	w.at[0] = proto_item_add_subtree(ti, ett_depth[0]);
	proto_item_set_hidden(proto_tree_add_item(w.at[0], proto_mlxreg, tvb,
						  0, -1, ENC_NA));
	if (d) {
		hwmsg_reg_summary(d, summary, sizeof(summary));
		hwmsg_ws_set_label(ti, summary, strlen(summary));
		add_values(&w, d, leaves);
	} else {
		/* walked: the same items, the summary from the index
		 * fields alone; a payload cut short (or too much of it) is
		 * decoded again for the list's error, which names a whole
		 * path, and its summary */
		if (!hwmsg_reg_index_summary_reg(m->reg, p, plen, summary,
						 sizeof(summary)))
			g_strlcpy(summary, m->reg->name, sizeof(summary));
		hwmsg_ws_set_label(ti, summary, strlen(summary));
		ret = hwmsg_reg_walk(m->reg, p, plen, 0, &vis, &w, err);
		if (ret) {
			ret = hwmsg_reg_decode_again(m->reg, p, plen, &decoded,
						     err);
			hwmsg_reg_summary(&decoded, summary, sizeof(summary));
			hwmsg_ws_set_label(ti, summary, strlen(summary));
		}
	}
	if (ret > 0)
		expert_add_info_format(pinfo, ti, &ei_missing, "%s", err->msg);
	else if (ret < 0)
		expert_add_info_format(pinfo, ti, &ei_undecoded, "%s", err->msg);
	/* the index part (" local_port 17"): the caller puts it in Info */
	if (strlen(summary) > name_len)
		g_strlcpy(info, summary + name_len, HWMSG_WS_REG_INFO_LEN);
}

/*
 * Does anything look at the register's items? A shown tree does; a tree
 * kept for a filter only if the filter names mlxreg, this register or one
 * of its fields (a few hash lookups, against a full decode per frame).
 */
static gboolean items_wanted(proto_tree *tree, const struct mlxreg_reg *m)
{
	guint i;

	if (!tree)
		return FALSE;
	if (PTREE_DATA(tree)->visible ||
	    proto_field_is_referenced(tree, proto_mlxreg) ||
	    (m->hf >= 0 && proto_field_is_referenced(tree, m->hf)))
		return TRUE;
	for (i = 0; i < m->hfs->len; i++) {
		int id = *g_array_index(m->hfs, int *, i);

		if (id >= 0 && proto_field_is_referenced(tree, id))
			return TRUE;
	}
	return FALSE;
}

/*
 * No items wanted: only Info's index part, from the top-level index
 * fields (libhwmsg's summary without a full decode). A payload shorter
 * than the register goes the full way, for its expert info.
 */
static gboolean info_only(tvbuff_t *tvb, const struct mlxreg_reg *m,
			  const guint8 *p, guint len, char *info)
{
	size_t name_len = strlen(m->reg->name);
	char summary[256];

	if (!m->reg->layout || !m->reg->len || len < m->reg->len ||
	    tvb_reported_length(tvb) != len ||
	    !hwmsg_reg_index_summary_reg(m->reg, p, len, summary,
					 sizeof(summary)))
		return FALSE;
	if (strlen(summary) > name_len)
		g_strlcpy(info, summary + name_len, HWMSG_WS_REG_INFO_LEN);
	return TRUE;
}

static guint slot_of(const struct hwmsg_reg_field *f, guint mask)
{
	guint64 h = (guint64)(uintptr_t)f * 0x9e3779b97f4a7c15ull;

	return (guint)(h >> 32) & mask;
}

/* (Re)build m's slots from m->leaves, which registration may have grown. */
static void build_slots(struct mlxreg_reg *m)
{
	guint n = g_hash_table_size(m->leaves), size = 8, i;
	GHashTableIter it;
	gpointer key, val;

	while (size < n * 2)
		size *= 2;
	g_free(m->slots);
	m->slots = g_new0(struct mlxreg_slot, size);
	m->slot_mask = size - 1;
	m->slot_leaves = n;
	g_hash_table_iter_init(&it, m->leaves);
	while (g_hash_table_iter_next(&it, &key, &val)) {
		for (i = slot_of(key, m->slot_mask); m->slots[i].field;
		     i = (i + 1) & m->slot_mask)
			;
		m->slots[i].field = key;
		m->slots[i].leaf = val;
	}
}

static const struct mlxreg_leaf *find_leaf(const struct mlxreg_reg *m,
					   const struct hwmsg_reg_field *f)
{
	guint i;

	for (i = slot_of(f, m->slot_mask); m->slots[i].field;
	     i = (i + 1) & m->slot_mask)
		if (m->slots[i].field == f)
			return m->slots[i].leaf;
	return NULL;
}

/*
 * The decoded values of the register being dissected: one list, its buffer
 * kept from frame to frame (no allocation per frame once it is large
 * enough), given back when a hostile register made it huge; with a plain
 * decode, each leaf value's struct mlxreg_leaf.
 */
static struct hwmsg_reg_decoded decoded;
static const struct mlxreg_leaf **leaf_of;
static guint leaf_cap;
#define MLXREG_DECODED_KEEP 4096

static void decoded_release(void)
{
	if (decoded.cap > MLXREG_DECODED_KEEP) {
		hwmsg_reg_decoded_free(&decoded);
		g_free(leaf_of);
		leaf_of = NULL;
		leaf_cap = 0;
	}
}

/*
 * Can the register's items be added as libhwmsg walks its payload (no
 * list, no names)? A plain register whose every field a walk may show
 * as a leaf (unions too: their bytes when no arm matches) has its hf,
 * and whose values cannot pass the decoder's limit: then a walk adds
 * what a decode would, for any payload.
 */
static gboolean leaves_known(const struct mlxreg_reg *m,
			     const struct hwmsg_reg_layout *l,
			     unsigned int depth)
{
	unsigned int i, k;

	if (!l || depth > MLXREG_ETT_DEPTHS)
		return FALSE;
	for (i = 0; i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];

		if (f->kind == HWMSG_REG_LAYOUT) {
			if (!leaves_known(m, f->layout, depth + 1))
				return FALSE;
			continue;
		}
		if (!find_leaf(m, f))
			return FALSE;
		for (k = 0; f->kind == HWMSG_REG_UNION && k < f->n_cases; k++)
			if (f->cases[k].layout &&
			    !leaves_known(m, f->cases[k].layout, depth + 1))
				return FALSE;
	}
	return TRUE;
}

static gboolean walkable(struct mlxreg_reg *m)
{
	if (!m->plain)
		return FALSE;
	if (!m->slots || m->slot_leaves != g_hash_table_size(m->leaves)) {
		build_slots(m);
		m->walk = m->reg->max_values &&
			  m->reg->max_values <= MLXREG_WALK_MAX_VALUES &&
			  leaves_known(m, m->reg->layout, 0);
	}
	return m->walk;
}

/*
 * A plain register decoded without filter names and with leaf paths only
 * (most of a decode's time is building them): TRUE when every leaf's
 * field is one whose hf we know and nothing is missing. Else the caller
 * decodes the full way: hf by filter name, the error naming a whole path.
 */
static gboolean plain_decode(struct mlxreg_reg *m, const guint8 *p,
			     guint len, struct hwmsg_err *err)
{
	unsigned int i;

	if (!m->plain ||
	    hwmsg_reg_decode_flags(m->reg, p, len, &decoded, err,
				   HWMSG_REG_DECODE_NO_FILTER |
				   HWMSG_REG_DECODE_LEAF_PATHS) != 0)
		return FALSE;
	if (!m->slots || m->slot_leaves != g_hash_table_size(m->leaves))
		walkable(m);
	if (leaf_cap < decoded.n_values) {
		leaf_cap = MAX(decoded.n_values, 64);
		leaf_of = g_renew(const struct mlxreg_leaf *, leaf_of, leaf_cap);
	}
	for (i = 0; i < decoded.n_values; i++) {
		const struct hwmsg_reg_value *v = &decoded.values[i];

		leaf_of[i] = NULL;
		if (v->group)
			continue;
		leaf_of[i] = find_leaf(m, v->field);
		if (!leaf_of[i])
			return FALSE;
	}
	return TRUE;
}

static int dissect_mlxreg(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			  void *data)
{
	static const guint8 empty[1];
	struct hwmsg_ws_reg_ctx *ctx = data;
	struct mlxreg_reg *m;
	struct hwmsg_err err;
	guint len = tvb_captured_length(tvb);
	const guint8 *p = len ? tvb_get_ptr(tvb, 0, (gint)len) : empty;
	gboolean plain, walk;
	int ret = 0;

	if (!ctx)
		return 0;
	m = reg_of_id[ctx->reg_id];
	if (!m)
		return 0;
	ctx->info[0] = '\0';
	if (!items_wanted(tree, m) && info_only(tvb, m, p, len, ctx->info))
		return (int)len;
	walk = walkable(m);
	plain = walk || plain_decode(m, p, len, &err);
	if (!plain)
		ret = hwmsg_reg_decode_again(m->reg, p, len, &decoded, &err);
	if (ret < 0 && !decoded.n_values) {
		decoded_release();
		return 0;	/* the caller shows the bytes */
	}
	TRY {
		add_register(tvb, pinfo, tree, m, p, len,
			     walk ? NULL : &decoded, plain ? leaf_of : NULL,
			     ret, &err, ctx->info);
	}
	FINALLY {	/* even if adding an item throws */
		decoded_release();
	}
	ENDTRY;
	return (int)len;
}

void proto_register_mlxreg(void)
{
	static ei_register_info ei[] = {
		{ &ei_missing, { "mlxreg.missing", PI_MALFORMED, PI_WARN,
				 "Register payload ends before its last field",
				 EXPFILL } },
		{ &ei_undecoded, { "mlxreg.undecoded", PI_UNDECODED, PI_NOTE,
				   "Register payload not fully decoded",
				   EXPFILL } },
	};
	gint *ett[MLXREG_ETT_DEPTHS];
	const struct hwmsg_regdb *db;
	struct hwmsg_err err;
	module_t *module;
	expert_module_t *expert;
	unsigned int i;

	proto_mlxreg = proto_register_protocol("Mellanox register fields",
					       "MLXREG", "mlxreg");
	for (i = 0; i < MLXREG_ETT_DEPTHS; i++) {
		ett_depth[i] = -1;
		ett[i] = &ett_depth[i];
	}
	proto_register_subtree_array(ett, array_length(ett));
	expert = expert_register_protocol(proto_mlxreg);
	expert_register_field_array(expert, ei, array_length(ei));

	regs_by_id = g_hash_table_new(g_direct_hash, g_direct_equal);
	hf_by_filter = g_hash_table_new(g_str_hash, g_str_equal);
	abbrevs = g_hash_table_new(g_str_hash, g_str_equal);
	vals_by_enum = g_hash_table_new(g_direct_hash, g_direct_equal);
	extra_loaded = g_hash_table_new(g_str_hash, g_str_equal);

	db = hwmsg_regdb_default(&err);
	if (!db) {
		ws_warning("mlxreg: %s; built-in registers only", err.msg);
		db = hwmsg_regdb_builtin();
	}
	register_db(db, FALSE);

	module = prefs_register_protocol(proto_mlxreg, apply_prefs);
	prefs_register_bool_preference(module, "load_adb",
		"Decode registers from the mstflint ADB databases",
		"Decode registers only the mstflint ADB files describe "
		"($HWMSG_ADB_PATH, or the installed switch and hca files). "
		"Their fields are registered at start-up either way; set "
		"HWMSG_ADB_PATH=: to start without loading them.",
		&pref_load_adb);
	prefs_register_filename_preference(module, "adb_file",
		"Extra ADB file",
		"An mstflint register_access_table.adb whose registers are "
		"decoded too (registers already described keep their fields). "
		"Loaded when the preference is applied; takes effect at once.",
		&pref_adb_file, FALSE);

	mlxreg_handle = create_dissector_handle(dissect_mlxreg, proto_mlxreg);
}

void proto_reg_handoff_mlxreg(void)
{
	update_table(regs_by_id);
}
