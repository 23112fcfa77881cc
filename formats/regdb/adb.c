// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mstflint's ADB register databases (XML): <node name size> made of
 * <field name offset="0xB.b" size="0xB.b" access enum subnode low_bound
 * high_bound union_selector selected_by>. Offsets follow the kernel's item
 * convention: byte B holds the 32-bit word, b is the shift of the LSB.
 * Register ids are the enum of the "id" field of access_reg_summary_ctrl;
 * the access_reg_summary union names each register's node by that label.
 *
 * libxml2's tree API: loading the 1.3 MB switch file takes ~25 ms of CPU
 * (about 10 of them in libxml2), the hca file ~12 ms; layouts are built
 * only for nodes reachable from a register, each once. libxml2 itself is
 * loaded on the first call (adb_xml.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adb_xml.h"
#include "regdb_int.h"

struct adb_node {
	const char *name;
	xmlNodePtr xml;
	struct hwmsg_reg_layout *layout;
	bool building;
};

struct adb_loader {
	const struct adb_xml *x;
	struct hwmsg_regdb *db;
	const char *file;
	struct hwmsg_err *err;
	struct adb_node *nodes;		/* sorted by name */
	unsigned int n_nodes;
	bool failed;
};

static const char *attr(xmlNodePtr n, const char *name)
{
	xmlAttrPtr a;

	for (a = n->properties; a; a = a->next)
		if (a->children && a->children->type == XML_TEXT_NODE &&
		    !strcmp((const char *)a->name, name))
			return (const char *)a->children->content;
	return NULL;
}

static bool is_elem(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	       !strcmp((const char *)n->name, name);
}

static int aerr(struct adb_loader *l, xmlNodePtr n, const char *what,
		const char *field, const char *val)
{
	long line = l->x->get_line_no(n);

	l->failed = true;
	return hwmsg_errf(l->err, (uint64_t)line,
			  "%s:%ld: %s '%s'%s%.60s%s", l->file, line,
			  what, field ? field : "?", val ? ": '" : "",
			  val ? val : "", val ? "'" : "");
}

/* "0xB.b" (b decimal bits) or "0xB" -> bits; -1 when malformed. */
static int64_t parse_bits(const char *s)
{
	char *end;
	unsigned long long bytes, bits = 0;

	if (!s || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	bytes = strtoull(s, &end, 16);
	if (errno || bytes > 0x100000)
		return -1;
	if (*end == '.') {
		if (!isdigit((unsigned char)end[1]))
			return -1;
		bits = strtoull(end + 1, &end, 10);
		if (errno || bits > 0x100000)
			return -1;
	}
	if (*end)
		return -1;
	return (int64_t)(bytes * 8 + bits);
}

static int node_cmp(const void *a, const void *b)
{
	return strcmp(((const struct adb_node *)a)->name,
		      ((const struct adb_node *)b)->name);
}

static struct adb_node *find_node(struct adb_loader *l, const char *name)
{
	struct adb_node key = { .name = name };

	if (!name)
		return NULL;
	return bsearch(&key, l->nodes, l->n_nodes, sizeof(key), node_cmp);
}

static char *adb_descr(struct adb_loader *l, const char *d)
{
	size_t i, o = 0, n = d ? strlen(d) : 0;
	char *s;

	if (!n)
		return NULL;
	s = regdb_alloc(l->db, n + 1);
	if (!s)
		return NULL;
	for (i = 0; i < n; i++) {
		if (d[i] == '\\' && d[i + 1] == ';') {
			s[o++] = '\n';
			i++;
		} else {
			s[o++] = d[i];
		}
	}
	return s;
}

/* "up=0x1,down=0x2" -> a {0, NULL}-terminated table. */
static const struct hwmsg_name *parse_enum(struct adb_loader *l,
					   xmlNodePtr n, const char *s)
{
	struct hwmsg_name *e;
	unsigned int count = 1, i = 0;
	const char *p;

	for (p = s; *p; p++)
		count += *p == ',';
	e = regdb_alloc(l->db, (count + 1) * sizeof(*e));
	if (!e) {
		l->failed = true;
		hwmsg_errf(l->err, 0, "out of memory");
		return NULL;
	}
	for (p = s; *p && i < count;) {
		const char *comma = strchr(p, ','), *eq;
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char num[24], *end;

		eq = memchr(p, '=', len);
		if (!eq || (size_t)(p + len - eq - 1) >= sizeof(num) ||
		    eq == p) {
			aerr(l, n, "bad enum entry in field",
			     attr(n, "name"), s);
			return NULL;
		}
		memcpy(num, eq + 1, (size_t)(p + len - eq - 1));
		num[p + len - eq - 1] = 0;
		errno = 0;
		e[i].value = (uint32_t)strtoul(num, &end, 0);
		if (errno || *end || !num[0]) {
			aerr(l, n, "bad enum value in field",
			     attr(n, "name"), s);
			return NULL;
		}
		e[i].name = regdb_strndup(l->db, p, (size_t)(eq - p));
		if (!e[i].name)
			return NULL;
		i++;
		p += len + (comma ? 1 : 0);
	}
	return e;
}

static const struct hwmsg_reg_layout *build_layout(struct adb_loader *l,
						   struct adb_node *node);

/* The enum of the field named by a dotted path inside an ADB node. */
static const char *selector_enum(struct adb_loader *l, xmlNodePtr node,
				 const char *path, unsigned int depth)
{
	const char *dot = strchr(path, '.');
	size_t n = dot ? (size_t)(dot - path) : strlen(path);
	xmlNodePtr c;

	if (depth > REGDB_MAX_DEPTH)
		return NULL;
	for (c = node->children; c; c = c->next) {
		const char *name = is_elem(c, "field") ? attr(c, "name") : NULL;
		struct adb_node *sub;

		if (!name || strlen(name) != n || strncmp(name, path, n))
			continue;
		if (!dot)
			return attr(c, "enum");
		sub = find_node(l, attr(c, "subnode"));
		return sub ? selector_enum(l, sub->xml, dot + 1, depth + 1) :
			     NULL;
	}
	return NULL;
}

static bool enum_value(const char *list, const char *label, uint32_t *v)
{
	size_t n = strlen(label);
	const char *p = list;

	while (p && *p) {
		if (!strncmp(p, label, n) && p[n] == '=') {
			*v = (uint32_t)strtoul(p + n + 1, NULL, 0);
			return true;
		}
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return false;
}

/* A case name: the member field's name without the "_ext" suffix. */
static const char *arm_name(struct adb_loader *l, const char *name)
{
	size_t n = strlen(name);

	if (n > 4 && !strcmp(name + n - 4, "_ext"))
		n -= 4;
	return regdb_strndup(l->db, name, n);
}

static void build_union(struct adb_loader *l, xmlNodePtr parent,
			xmlNodePtr field, struct adb_node *un,
			struct hwmsg_reg_field *f)
{
	const char *sel = attr(field, "union_selector");
	const char *list;
	struct hwmsg_reg_case *cases;
	unsigned int n = 0, k = 0;
	xmlNodePtr c;

	f->kind = HWMSG_REG_BYTES;
	if (!sel || strncmp(sel, "$(parent).", 10))
		return;
	sel += 10;
	list = selector_enum(l, parent, sel, 0);
	if (!list)
		return;
	for (c = un->xml->children; c; c = c->next)
		n += is_elem(c, "field");
	cases = regdb_alloc(l->db, (n ? n : 1) * sizeof(*cases));
	f->selector = regdb_strdup(l->db, sel);
	if (!cases || !f->selector) {
		l->failed = true;
		return;
	}
	for (c = un->xml->children; c && k < n; c = c->next) {
		const char *label = is_elem(c, "field") ?
				    attr(c, "selected_by") : NULL;
		struct adb_node *arm;

		if (!label || !attr(c, "name") ||
		    !enum_value(list, label, &cases[k].value))
			continue;
		arm = find_node(l, attr(c, "subnode"));
		if (!arm || !(cases[k].layout = build_layout(l, arm)))
			continue;
		cases[k].name = arm_name(l, attr(c, "name"));
		if (!cases[k].name) {
			l->failed = true;
			return;
		}
		k++;
	}
	if (!k)
		return;
	f->kind = HWMSG_REG_UNION;
	f->cases = cases;
	f->n_cases = k;
}

static uint8_t adb_access(const char *a)
{
	if (!a)
		return HWMSG_REG_RW;
	if (!strcasecmp(a, "INDEX"))
		return HWMSG_REG_INDEX;
	if (!strcasecmp(a, "RO"))
		return HWMSG_REG_RO;
	if (!strcasecmp(a, "WO"))
		return HWMSG_REG_WO;
	if (!strcasecmp(a, "OP"))
		return HWMSG_REG_OP;
	return HWMSG_REG_RW;
}

/* Scalar kind from width and name; ADB says no more than that. */
static void scalar_kind(struct hwmsg_reg_field *f)
{
	if (f->enums)
		f->kind = HWMSG_REG_ENUM;
	else if (f->width <= 32)
		f->kind = HWMSG_REG_UINT;
	else if (f->width == 64)
		f->kind = HWMSG_REG_U64;
	else if (f->width == 48 && strstr(f->name, "mac"))
		f->kind = HWMSG_REG_MAC;
	else
		f->kind = HWMSG_REG_BYTES;
}

/* Byte arrays named like text (psid, version_string, ...) are strings. */
static void text_array(struct hwmsg_reg_field *f)
{
	static const char *const words[] = { "psid", "string", "name", "descr" };
	unsigned int i;

	if (f->kind != HWMSG_REG_UINT || f->count < 2 || f->width != 8 ||
	    f->stride != 8 || f->shift != 24)
		return;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(f->name, words[i]))
			break;
	if (i == sizeof(words) / sizeof(words[0]))
		return;
	f->kind = HWMSG_REG_STRING;
	f->width = f->count * 8;
	f->count = f->stride = 0;
	f->shift = 0;
}

static bool is_word32(const struct hwmsg_reg_field *f)
{
	return f->kind == HWMSG_REG_UINT && f->width == 32 && !f->shift &&
	       !f->count;
}

/*
 * The ADB splits 64-bit counters into NAME_high and NAME_low words: join
 * them into one NAME counter, unless a field is already called NAME.
 */
static void join_counters(struct adb_loader *l, struct hwmsg_reg_field *f,
			  unsigned int *n)
{
	unsigned int i, j, k;
	char base[128];

	for (i = 0; i < *n; i++) {
		size_t len = strlen(f[i].name);

		if (!is_word32(&f[i]) || len < 6 || len - 5 >= sizeof(base) ||
		    strcmp(f[i].name + len - 5, "_high"))
			continue;
		memcpy(base, f[i].name, len - 5);
		base[len - 5] = 0;
		for (j = 0; j < *n; j++)
			if (is_word32(&f[j]) &&
			    f[j].offset == f[i].offset + 4 &&
			    !strncmp(f[j].name, base, len - 5) &&
			    !strcmp(f[j].name + len - 5, "_low"))
				break;
		for (k = 0; k < *n && strcmp(f[k].name, base); k++)
			;
		if (j == *n || k < *n)
			continue;
		f[i].name = regdb_strdup(l->db, base);
		if (!f[i].name) {
			l->failed = true;
			return;
		}
		f[i].kind = HWMSG_REG_U64;
		f[i].width = 64;
		memmove(&f[j], &f[j + 1], (*n - j - 1) * sizeof(*f));
		(*n)--;
		if (j < i)
			i--;
	}
}

/*
 * The ADB's 10-bit local port: 8 bits in [PREFIX]local_port and the high
 * bits in a sibling [PREFIX]lp_msb (PREFIX: "", "egress_", ...). Joined the
 * way the kernel's MLXSW_ITEM32_LP reads it: one local_port number, so
 * decode, print, filter and summary show port 945, not 177 and 3.
 */
static void join_lp_msb(struct hwmsg_reg_field *f, unsigned int *n)
{
	unsigned int i, j;
	char want[128];

	for (i = 0; i < *n; i++) {
		size_t len = strlen(f[i].name);

		if (len < 6 || strcmp(f[i].name + len - 6, "lp_msb") ||
		    f[i].kind != HWMSG_REG_UINT || f[i].count ||
		    f[i].width > 8 || len - 6 + 11 >= sizeof(want))
			continue;
		memcpy(want, f[i].name, len - 6);
		memcpy(want + len - 6, "local_port", 11);
		for (j = 0; j < *n; j++)
			if (!strcmp(f[j].name, want) &&
			    f[j].kind == HWMSG_REG_UINT && !f[j].count &&
			    !f[j].has_msb && f[j].width + f[i].width <= 32)
				break;
		if (j == *n)
			continue;
		f[j].has_msb = true;
		f[j].msb_offset = f[i].offset;
		f[j].msb_shift = f[i].shift;
		f[j].msb_width = (uint8_t)f[i].width;
		memmove(&f[i], &f[i + 1], (*n - i - 1) * sizeof(*f));
		(*n)--;
		i--;
	}
}

/* mstflint's "uint64" node (hi and lo words) is one 64-bit number. */
static bool is_uint64_node(const struct adb_node *sub, int64_t size)
{
	return sub && size == 64 && !strcmp(sub->name, "uint64");
}

static int build_field(struct adb_loader *l, xmlNodePtr parent,
		       xmlNodePtr x, uint32_t node_bits,
		       struct hwmsg_reg_field *f)
{
	const char *name = attr(x, "name");
	int64_t off = parse_bits(attr(x, "offset"));
	int64_t size = parse_bits(attr(x, "size"));
	const char *hb = attr(x, "high_bound"), *lb = attr(x, "low_bound");
	const char *en = attr(x, "enum");
	struct adb_node *sub = find_node(l, attr(x, "subnode"));
	uint64_t ew, byte, bit;

	if (!name || !*name)
		return aerr(l, x, "field without a name in node",
			    attr(parent, "name"), NULL);
	if (off < 0 || size <= 0 || off / 8 * 8 >= (int64_t)node_bits ||
	    size > (int64_t)node_bits)
		return aerr(l, x, "bad offset or size of field", name,
			    attr(x, "offset"));
	f->name = regdb_strdup(l->db, name);
	f->descr = adb_descr(l, attr(x, "descr"));
	f->access = adb_access(attr(x, "access"));
	ew = (uint64_t)size;
	if (hb && lb && strcmp(hb, "VARIABLE")) {
		char *e1, *e2;
		long h = strtol(hb, &e1, 0), lo = strtol(lb, &e2, 0);

		if (*e1 || *e2 || h < lo || lo < 0 || h - lo >= 0x10000 ||
		    (uint64_t)size % (uint64_t)(h - lo + 1))
			return aerr(l, x, "bad array bounds of field", name, hb);
		f->count = (uint32_t)(h - lo + 1);
		ew = (uint64_t)size / f->count;
		f->stride = (uint32_t)ew;
	}
	/* "0xB.b": b is the shift of the LSB inside the word at B */
	byte = (uint64_t)off / 8;
	bit = (uint64_t)off % 8;
	if (strchr(attr(x, "offset"), '.')) {
		const char *o = attr(x, "offset");

		byte = strtoull(o, NULL, 16);
		bit = strtoull(strchr(o, '.') + 1, NULL, 10);
	}
	f->width = (uint32_t)ew;
	/* a node narrower than a word (none in mstflint's files) is a number */
	if (ew < 32)
		sub = NULL;
	if (ew <= 32 && !sub) {
		/* unaligned B (none in mstflint's files): b counts in byte B */
		if (byte % 4)
			bit += 8 * (3 - byte % 4);
		if (bit + ew > 32)
			return aerr(l, x, "field crosses a 32-bit word", name,
				    attr(x, "offset"));
		f->offset = (uint32_t)(byte & ~3ull);
		f->shift = (uint8_t)bit;
	} else {
		if (bit % 8)
			return aerr(l, x, "wide field not on a byte boundary",
				    name, attr(x, "offset"));
		f->offset = (uint32_t)(byte + bit / 8);
	}
	if (is_uint64_node(sub, size) && !f->count && bit % 8 == 0) {
		f->kind = HWMSG_REG_U64;
		return f->name ? 0 : -1;
	}
	if (sub) {
		if (sub->xml && attr(sub->xml, "attr_is_union") &&
		    !strcmp(attr(sub->xml, "attr_is_union"), "1")) {
			build_union(l, parent, x, sub, f);
		} else {
			f->layout = build_layout(l, sub);
			f->kind = f->layout ? HWMSG_REG_LAYOUT :
					      HWMSG_REG_BYTES;
		}
		return l->failed ? -1 : 0;
	}
	if (en && !(f->enums = parse_enum(l, x, en)))
		return -1;
	scalar_kind(f);
	text_array(f);
	if (f->width > 32 && f->kind != HWMSG_REG_BYTES &&
	    f->kind != HWMSG_REG_U64 && f->kind != HWMSG_REG_MAC &&
	    f->kind != HWMSG_REG_STRING)
		f->kind = HWMSG_REG_BYTES;
	if (f->width > 32 && f->width % 8)
		return aerr(l, x, "field wider than 32 bits is not whole bytes",
			    name, attr(x, "size"));
	return f->name ? 0 : -1;
}

static const struct hwmsg_reg_layout *build_layout(struct adb_loader *l,
						   struct adb_node *node)
{
	struct hwmsg_reg_layout *lay;
	struct hwmsg_reg_field *fields;
	unsigned int n = 0, i = 0;
	int64_t bits = parse_bits(attr(node->xml, "size"));
	xmlNodePtr c;

	if (node->layout)
		return node->layout;
	if (node->building || l->failed)
		return NULL;	/* a cycle: the field stays bytes */
	if (bits <= 0) {
		aerr(l, node->xml, "bad size of node", node->name,
		     attr(node->xml, "size"));
		return NULL;
	}
	node->building = true;
	for (c = node->xml->children; c; c = c->next)
		n += is_elem(c, "field");
	lay = regdb_alloc(l->db, sizeof(*lay));
	fields = regdb_alloc(l->db, (n ? n : 1) * sizeof(*fields));
	if (!lay || !fields) {
		l->failed = true;
		hwmsg_errf(l->err, 0, "out of memory");
		return NULL;
	}
	for (c = node->xml->children; c && i < n; c = c->next)
		if (is_elem(c, "field") &&
		    build_field(l, node->xml, c, (uint32_t)bits, &fields[i++]))
			return NULL;
	join_counters(l, fields, &n);
	join_lp_msb(fields, &n);
	lay->name = arm_name(l, node->name);
	lay->len = (uint32_t)((bits + 7) / 8);
	lay->fields = fields;
	lay->n_fields = n;
	node->building = false;
	node->layout = lay;
	return lay;
}

static int collect_nodes(struct adb_loader *l, xmlNodePtr root)
{
	xmlNodePtr c;
	unsigned int n = 0, i;

	for (c = root->children; c; c = c->next)
		n += is_elem(c, "node") && attr(c, "name");
	l->nodes = calloc(n ? n : 1, sizeof(*l->nodes));
	if (!l->nodes)
		return hwmsg_errf(l->err, 0, "out of memory");
	for (c = root->children; c; c = c->next)
		if (is_elem(c, "node") && attr(c, "name"))
			l->nodes[l->n_nodes++] = (struct adb_node){
				.name = attr(c, "name"), .xml = c };
	qsort(l->nodes, l->n_nodes, sizeof(*l->nodes), node_cmp);
	for (i = 1; i < l->n_nodes; i++)
		if (!strcmp(l->nodes[i].name, l->nodes[i - 1].name))
			return aerr(l, l->nodes[i].xml, "node defined twice",
				    l->nodes[i].name, NULL);
	return 0;
}

/* The id enum ("HGCR=0x7000,...") of the summary's ctrl node. */
static const char *id_enum(struct adb_loader *l, xmlNodePtr *at)
{
	unsigned int i;
	xmlNodePtr c;

	for (i = 0; i < l->n_nodes; i++) {
		if (strncmp(l->nodes[i].name, "access_reg_summary_ctrl", 23))
			continue;
		for (c = l->nodes[i].xml->children; c; c = c->next)
			if (is_elem(c, "field") && attr(c, "name") &&
			    !strcmp(attr(c, "name"), "id") && attr(c, "enum")) {
				*at = c;
				return attr(c, "enum");
			}
	}
	return NULL;
}

static int add_registers(struct adb_loader *l)
{
	struct adb_node *sum = NULL;
	const char *ids;
	xmlNodePtr c, at = NULL;
	unsigned int i;

	ids = id_enum(l, &at);
	for (i = 0; i < l->n_nodes && !sum; i++)
		if (!strcmp(l->nodes[i].name, "access_reg_summary_ext") ||
		    !strcmp(l->nodes[i].name, "access_reg_summary"))
			sum = &l->nodes[i];
	if (!ids || !sum)
		return hwmsg_errf(l->err, 0,
				  "%s: no access_reg_summary nodes: not a register access ADB file",
				  l->file);
	if (!parse_enum(l, at, ids))
		return -1;	/* a malformed id list */
	for (c = sum->xml->children; c; c = c->next) {
		const char *label = is_elem(c, "field") ?
				    attr(c, "selected_by") : NULL;
		struct adb_node *node;
		struct hwmsg_reg *r;
		uint32_t id;

		if (!label || !enum_value(ids, label, &id) || id > 0xffff)
			continue;
		node = find_node(l, attr(c, "subnode"));
		r = regdb_alloc(l->db, sizeof(*r));
		if (!r || !(r->name = regdb_strdup(l->db, label)))
			return hwmsg_errf(l->err, 0, "out of memory");
		r->id = (uint16_t)id;
		r->source = HWMSG_REG_ADB;
		if (node) {
			r->layout = build_layout(l, node);
			if (l->failed)
				return -1;
			r->len = r->layout ? r->layout->len : 0;
			r->descr = adb_descr(l, attr(node->xml, "descr"));
		}
		if (regdb_add(l->db, r) < 0)
			return hwmsg_errf(l->err, 0, "out of memory");
	}
	return 0;
}

int hwmsg_regdb_load_adb_mem(struct hwmsg_regdb *db, const char *buf,
			     size_t len, const char *file,
			     struct hwmsg_err *err)
{
	struct adb_loader l = { .db = db, .file = file ? file : "<adb>",
				.err = err };
	xmlParserCtxtPtr ctxt;
	xmlDocPtr doc;
	xmlNodePtr root;
	int ret = -1;

	if (len > INT32_MAX)
		return hwmsg_errf(err, 0, "%s: too large", l.file);
	l.x = adb_xml(err);
	if (!l.x) {
		hwmsg_err_prefix(err, "%s", l.file);
		return -1;
	}
	ctxt = l.x->new_parser_ctxt();
	if (!ctxt)
		return hwmsg_errf(err, 0, "out of memory");
	doc = l.x->ctxt_read_memory(ctxt, buf, (int)len, l.file, NULL,
				XML_PARSE_NONET | XML_PARSE_NOERROR |
				XML_PARSE_NOWARNING | XML_PARSE_NOBLANKS |
				XML_PARSE_COMPACT);
	if (!doc) {
		const xmlError *e = l.x->ctxt_get_last_error(ctxt);
		char msg[128];
		size_t n;

		snprintf(msg, sizeof(msg), "%s", e && e->message ? e->message :
			 "not XML");
		/* libxml2's messages may run over several lines: keep one */
		msg[strcspn(msg, "\n")] = 0;
		n = strlen(msg);
		while (n && msg[n - 1] == ' ')
			msg[--n] = 0;
		hwmsg_errf(err, e ? (uint64_t)e->line : 0, "%s:%d: %s", l.file,
			   e ? e->line : 0, msg);
		l.x->free_parser_ctxt(ctxt);
		return -1;
	}
	root = l.x->doc_get_root_element(doc);
	if (!root || !is_elem(root, "NodesDefinition"))
		hwmsg_errf(err, 0, "%s: root element is not NodesDefinition",
			   l.file);
	else if (!collect_nodes(&l, root) && !add_registers(&l))
		ret = 0;
	free(l.nodes);
	l.x->free_doc(doc);
	l.x->free_parser_ctxt(ctxt);
	return ret;
}

int hwmsg_regdb_load_adb(struct hwmsg_regdb *db, const char *path,
			 struct hwmsg_err *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long size;
	int ret;

	if (!f)
		return hwmsg_errf(err, 0, "%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) || !(buf = malloc((size_t)size + 1)) ||
	    fread(buf, 1, (size_t)size, f) != (size_t)size) {
		ret = hwmsg_errf(err, 0, "%s: cannot read: %s", path,
				 strerror(errno));
	} else {
		ret = hwmsg_regdb_load_adb_mem(db, buf, (size_t)size, path,
					       err);
	}
	free(buf);
	fclose(f);
	return ret;
}
