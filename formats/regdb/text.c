// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The built-in register description format (docs/regdb.md), one statement
 * per line:
 *
 *   enum NAME LABEL=VALUE ...
 *   layout NAME LEN
 *   register NAME ID LEN ["description"]
 *   name NAME ID
 *   FIELD[COUNT] POS ACCESS KIND [key=value ...] ["description"]
 *
 * (flags:ENUM names bit numbers of a mask with an enum's labels.)
 *
 * Statements start in the first column; field lines are indented and
 * belong to the layout or register above them. Layouts and
 * enums are referenced by name after their definition, so there are no
 * forward references and no cycles. A trailing backslash continues a line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "regdb_int.h"

#define TEXT_MAX_TOKENS 96
#define TEXT_MAX_LINE 8192

struct tok {
	const char *s;
	size_t len;
	bool quoted;
};

struct named {
	struct named *next;
	const char *name;
	const void *ptr;
};

struct text_parser {
	struct hwmsg_regdb *db;
	const char *file;
	unsigned int line;
	struct hwmsg_err *err;
	struct named *enums, *layouts;	/* in db memory */
	/* the layout being filled */
	struct hwmsg_reg_layout *cur;
	struct hwmsg_reg *cur_reg;	/* when cur belongs to a register */
	struct hwmsg_reg_field *fields;	/* malloc'd while open */
	unsigned int n_fields, cap_fields;
	/* registers of this text, added at the end */
	struct hwmsg_reg **regs;
	unsigned int n_regs, cap_regs;
};

static int perr(struct text_parser *p, const char *fmt, const char *arg,
		size_t arglen)
{
	char what[160];

	snprintf(what, sizeof(what), fmt, (int)arglen, arg);
	return hwmsg_errf(p->err, p->line, "%s:%u: %s", p->file, p->line,
			  what);
}

static bool tok_is(const struct tok *t, const char *s)
{
	return !t->quoted && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

/* An unsigned number (0x.. hex, else decimal: never octal) of len chars. */
static int parse_num(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	char buf[32], *end;
	unsigned long long v;
	bool hex;

	if (!len || len >= sizeof(buf) || !isdigit((unsigned char)s[0]))
		return -1;
	memcpy(buf, s, len);
	buf[len] = 0;
	hex = buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X');
	if (hex && !isxdigit((unsigned char)buf[2]))
		return -1;
	errno = 0;
	v = strtoull(hex ? buf + 2 : buf, &end, hex ? 16 : 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

static bool valid_name(const struct tok *t)
{
	size_t i;

	if (t->quoted || !t->len || t->len > 64 ||
	    !(isalpha((unsigned char)t->s[0]) || t->s[0] == '_'))
		return false;
	for (i = 0; i < t->len; i++)
		if (!isalnum((unsigned char)t->s[i]) && t->s[i] != '_')
			return false;
	return true;
}

/* Enum labels may start with a digit: "100gbase_cr4". */
static bool valid_label(const struct tok *t)
{
	struct tok rest = { "x", 1, false };
	char buf[66];

	if (t->quoted || !t->len || t->len > 64)
		return false;
	buf[0] = 'x';
	memcpy(buf + 1, t->s, t->len);
	rest.s = buf;
	rest.len = t->len + 1;
	return valid_name(&rest);
}

static const void *find_named(const struct named *list, const char *s,
			      size_t len)
{
	for (; list; list = list->next)
		if (strlen(list->name) == len && !memcmp(list->name, s, len))
			return list->ptr;
	return NULL;
}

static int add_named(struct text_parser *p, struct named **list,
		     const struct tok *name, const void *ptr)
{
	struct named *n;

	if (find_named(*list, name->s, name->len))
		return perr(p, "'%.*s' is defined twice", name->s, name->len);
	n = regdb_alloc(p->db, sizeof(*n));
	if (!n || !(n->name = regdb_strndup(p->db, name->s, name->len)))
		return hwmsg_errf(p->err, 0, "out of memory");
	n->ptr = ptr;
	n->next = *list;
	*list = n;
	return 0;
}

/* Split a line into tokens; quoted strings keep their spaces. */
static int tokenize(struct text_parser *p, const char *s, struct tok *toks,
		    unsigned int *n)
{
	*n = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		if (!*s || *s == '#')
			return 0;
		if (*n == TEXT_MAX_TOKENS)
			return perr(p, "too many words%.*s", "", 0);
		if (*s == '"') {
			const char *end = strchr(s + 1, '"');

			if (!end)
				return perr(p, "unterminated string%.*s", "", 0);
			toks[*n] = (struct tok){ s + 1, (size_t)(end - s - 1),
						 true };
			s = end + 1;
		} else {
			const char *start = s;

			while (*s && *s != ' ' && *s != '\t' && *s != '\r' &&
			       *s != '"' && *s != '#')
				s++;
			toks[*n] = (struct tok){ start, (size_t)(s - start),
						 false };
		}
		(*n)++;
	}
}

/* ---- closing layouts and registers -------------------------------------- */

static int close_layout(struct text_parser *p)
{
	struct hwmsg_reg_layout *l = p->cur;
	struct hwmsg_reg_field *f = NULL;
	struct tok name;

	if (!l)
		return 0;
	if (p->n_fields) {
		f = regdb_alloc(p->db, p->n_fields * sizeof(*f));
		if (!f)
			return hwmsg_errf(p->err, 0, "out of memory");
		memcpy(f, p->fields, p->n_fields * sizeof(*f));
	}
	l->fields = f;
	l->n_fields = p->n_fields;
	p->n_fields = 0;
	p->cur = NULL;
	if (p->cur_reg) {
		p->cur_reg = NULL;
		return 0;
	}
	/* a layout becomes usable by name only once complete */
	name = (struct tok){ l->name, strlen(l->name), false };
	return add_named(p, &p->layouts, &name, l);
}

static int push_reg(struct text_parser *p, struct hwmsg_reg *r)
{
	unsigned int i;

	for (i = 0; i < p->n_regs; i++)
		if (p->regs[i]->id == r->id ||
		    !strcmp(p->regs[i]->name, r->name))
			return perr(p, "register %.*s defined twice", r->name,
				    strlen(r->name));
	if (hwmsg_regdb_find(p->db, r->id) &&
	    hwmsg_regdb_find(p->db, r->id)->source == HWMSG_REG_BUILTIN)
		return perr(p, "register id of %.*s already defined", r->name,
			    strlen(r->name));
	if (p->n_regs == p->cap_regs) {
		unsigned int cap = p->cap_regs ? p->cap_regs * 2 : 32;
		struct hwmsg_reg **n = realloc(p->regs, cap * sizeof(*n));

		if (!n)
			return hwmsg_errf(p->err, 0, "out of memory");
		p->regs = n;
		p->cap_regs = cap;
	}
	p->regs[p->n_regs++] = r;
	return 0;
}

/* ---- statements ------------------------------------------------------- */

static int parse_enum(struct text_parser *p, const struct tok *t,
		      unsigned int n)
{
	struct hwmsg_name *e;
	unsigned int i, j;

	if (n < 3 || !valid_name(&t[1]))
		return perr(p, "usage: enum NAME LABEL=VALUE ...%.*s", "", 0);
	e = regdb_alloc(p->db, (n - 1) * sizeof(*e));
	if (!e)
		return hwmsg_errf(p->err, 0, "out of memory");
	for (i = 2; i < n; i++) {
		const char *eq = memchr(t[i].s, '=', t[i].len);
		struct tok label;
		uint64_t v;

		if (t[i].quoted || !eq)
			return perr(p, "enum entry '%.*s' is not LABEL=VALUE",
				    t[i].s, t[i].len);
		label = (struct tok){ t[i].s, (size_t)(eq - t[i].s), false };
		if (!valid_label(&label) ||
		    parse_num(eq + 1, t[i].len - label.len - 1, UINT32_MAX, &v))
			return perr(p, "bad enum entry '%.*s'", t[i].s,
				    t[i].len);
		for (j = 0; j < i - 2; j++)
			if (e[j].value == v)
				return perr(p, "enum value of '%.*s' repeats",
					    t[i].s, t[i].len);
		e[i - 2].value = (uint32_t)v;
		e[i - 2].name = regdb_strndup(p->db, label.s, label.len);
		if (!e[i - 2].name)
			return hwmsg_errf(p->err, 0, "out of memory");
	}
	return add_named(p, &p->enums, &t[1], e);
}

static int parse_len(struct text_parser *p, const struct tok *t,
		     uint32_t *len)
{
	uint64_t v;

	if (parse_num(t->s, t->len, 0x10000, &v) || !v || v % 4)
		return perr(p, "bad length '%.*s' (a multiple of 4 bytes)",
			    t->s, t->len);
	*len = (uint32_t)v;
	return 0;
}

static int parse_layout(struct text_parser *p, const struct tok *t,
			unsigned int n)
{
	struct hwmsg_reg_layout *l;

	if (n != 3 || !valid_name(&t[1]))
		return perr(p, "usage: layout NAME LEN%.*s", "", 0);
	if (find_named(p->layouts, t[1].s, t[1].len))
		return perr(p, "layout '%.*s' is defined twice", t[1].s,
			    t[1].len);
	l = regdb_alloc(p->db, sizeof(*l));
	if (!l || !(l->name = regdb_strndup(p->db, t[1].s, t[1].len)))
		return hwmsg_errf(p->err, 0, "out of memory");
	if (parse_len(p, &t[2], &l->len))
		return -1;
	p->cur = l;
	return 0;
}

static int parse_id(struct text_parser *p, const struct tok *t, uint16_t *id)
{
	uint64_t v;

	if (parse_num(t->s, t->len, 0xffff, &v))
		return perr(p, "bad register id '%.*s'", t->s, t->len);
	*id = (uint16_t)v;
	return 0;
}

static struct hwmsg_reg *new_reg(struct text_parser *p, const struct tok *name)
{
	struct hwmsg_reg *r = regdb_alloc(p->db, sizeof(*r));
	size_t i;

	if (!r || !(r->name = regdb_strndup(p->db, name->s, name->len))) {
		hwmsg_errf(p->err, 0, "out of memory");
		return NULL;
	}
	for (i = 0; i < name->len; i++)
		if (islower((unsigned char)name->s[i])) {
			perr(p, "register name '%.*s' must be upper case",
			     name->s, name->len);
			return NULL;
		}
	r->source = HWMSG_REG_BUILTIN;
	return r;
}

static int parse_register(struct text_parser *p, const struct tok *t,
			  unsigned int n)
{
	struct hwmsg_reg_layout *l;
	struct hwmsg_reg *r;

	if (n < 4 || n > 5 || !valid_name(&t[1]) || (n == 5 && !t[4].quoted))
		return perr(p, "usage: register NAME ID LEN [\"description\"]%.*s",
			    "", 0);
	r = new_reg(p, &t[1]);
	l = regdb_alloc(p->db, sizeof(*l));
	if (!r || !l)
		return r ? hwmsg_errf(p->err, 0, "out of memory") : -1;
	if (parse_id(p, &t[2], &r->id) || parse_len(p, &t[3], &r->len))
		return -1;
	if (n == 5 && !(r->descr = regdb_strndup(p->db, t[4].s, t[4].len)))
		return hwmsg_errf(p->err, 0, "out of memory");
	l->name = r->name;
	l->len = r->len;
	r->layout = l;
	p->cur = l;
	p->cur_reg = r;
	return push_reg(p, r);
}

static int parse_name(struct text_parser *p, const struct tok *t,
		      unsigned int n)
{
	struct hwmsg_reg *r;

	if (n != 3 || !valid_name(&t[1]))
		return perr(p, "usage: name NAME ID%.*s", "", 0);
	r = new_reg(p, &t[1]);
	if (!r || parse_id(p, &t[2], &r->id))
		return -1;
	return push_reg(p, r);
}

/* ---- field lines ------------------------------------------------------ */

/* "OFF.SHIFT/WIDTH", "OFF/WIDTH" (byte aligned) or "OFF" (layouts). */
static int parse_pos(struct text_parser *p, const struct tok *t,
		     struct hwmsg_reg_field *f, bool *has_width)
{
	const char *slash = memchr(t->s, '/', t->len);
	const char *dot = memchr(t->s, '.', slash ? (size_t)(slash - t->s) :
						     t->len);
	const char *off_end = dot ? dot : slash ? slash : t->s + t->len;
	uint64_t off, shift = 0, width = 0;

	if (t->quoted ||
	    parse_num(t->s, (size_t)(off_end - t->s), 0xffff, &off))
		goto bad;
	if (dot && (!slash ||
		    parse_num(dot + 1, (size_t)(slash - dot - 1), 31, &shift)))
		goto bad;
	if (slash && parse_num(slash + 1, t->len - (size_t)(slash - t->s) - 1,
			       0x80000, &width))
		goto bad;
	if (slash && !width)
		goto bad;
	*has_width = slash;
	f->offset = (uint32_t)off;
	f->width = (uint32_t)width;
	if (dot) {
		/* an item inside a 32-bit word */
		if (off % 4 || shift + width > 32)
			return perr(p, "'%.*s': a word item needs a 4-aligned offset and shift+width <= 32",
				    t->s, t->len);
		f->shift = (uint8_t)shift;
	} else if (slash && width <= 32 && width % 8 == 0 &&
		   (off % 4) * 8 + width <= 32) {
		/* a byte-aligned 8/16/24/32-bit item: as a word item */
		f->shift = (uint8_t)(32 - (off % 4) * 8 - width);
		f->offset = (uint32_t)(off & ~3ull);
	} else if (slash && width % 8) {
		return perr(p, "'%.*s': a byte-aligned field needs a width in whole bytes",
			    t->s, t->len);
	}
	return 0;
bad:
	return perr(p, "bad position '%.*s' (OFF.SHIFT/WIDTH, OFF/WIDTH or OFF)",
		    t->s, t->len);
}

/* Bytes the field takes from its offset, one element. */
static uint32_t field_bytes(const struct hwmsg_reg_field *f)
{
	if (f->kind == HWMSG_REG_LAYOUT || f->kind == HWMSG_REG_UNION ||
	    f->width > 32 || f->shift + f->width > 32 ||
	    (f->kind != HWMSG_REG_UINT && f->kind != HWMSG_REG_INT &&
	     f->kind != HWMSG_REG_BOOL && f->kind != HWMSG_REG_ENUM &&
	     f->kind != HWMSG_REG_FLAGS && f->kind != HWMSG_REG_IPV4))
		return (f->width + 7) / 8;
	return 4;
}

static int parse_kind(struct text_parser *p, const struct tok *t,
		      struct hwmsg_reg_field *f)
{
	static const struct { const char *name; uint8_t kind; } kinds[] = {
		{ "uint", HWMSG_REG_UINT }, { "int", HWMSG_REG_INT },
		{ "bool", HWMSG_REG_BOOL }, { "mac", HWMSG_REG_MAC },
		{ "ipv4", HWMSG_REG_IPV4 }, { "ipv6", HWMSG_REG_IPV6 },
		{ "string", HWMSG_REG_STRING }, { "bytes", HWMSG_REG_BYTES },
		{ "u64", HWMSG_REG_U64 },
	};
	const char *colon = memchr(t->s, ':', t->len);
	size_t head = colon ? (size_t)(colon - t->s) : t->len;
	const char *arg = colon ? colon + 1 : NULL;
	size_t arglen = colon ? t->len - head - 1 : 0;
	size_t i;

	for (i = 0; !colon && i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (tok_is(t, kinds[i].name)) {
			f->kind = kinds[i].kind;
			return 0;
		}
	if (colon && ((head == 4 && !memcmp(t->s, "enum", 4)) ||
		      (head == 5 && !memcmp(t->s, "flags", 5)))) {
		f->kind = head == 4 ? HWMSG_REG_ENUM : HWMSG_REG_FLAGS;
		f->enums = find_named(p->enums, arg, arglen);
		if (!f->enums)
			return perr(p, "unknown enum '%.*s'", arg, arglen);
		return 0;
	}
	if (colon && head == 6 && !memcmp(t->s, "layout", 6)) {
		f->kind = HWMSG_REG_LAYOUT;
		f->layout = find_named(p->layouts, arg, arglen);
		if (!f->layout)
			return perr(p, "unknown layout '%.*s'", arg, arglen);
		return 0;
	}
	if (colon && head == 5 && !memcmp(t->s, "union", 5)) {
		struct tok sel = { arg, arglen, false };
		unsigned int i;

		f->kind = HWMSG_REG_UNION;
		for (i = 0; i < p->n_fields; i++)
			if (strlen(p->fields[i].name) == arglen &&
			    !memcmp(p->fields[i].name, arg, arglen))
				break;
		if (!valid_name(&sel) || i == p->n_fields)
			return perr(p, "union selector '%.*s' is not an earlier field",
				    arg, arglen);
		f->selector = p->fields[i].name;
		return 0;
	}
	return perr(p, "unknown kind '%.*s'", t->s, t->len);
}

/* case=VALUE:LAYOUT or case=VALUE:NAME:LAYOUT (NAME: the path element) */
static int parse_case(struct text_parser *p, const char *s, size_t len,
		      struct hwmsg_reg_case *c)
{
	const char *colon = memchr(s, ':', len), *lay, *second;
	size_t rest;
	uint64_t v;

	if (!colon || parse_num(s, (size_t)(colon - s), UINT32_MAX, &v))
		return perr(p, "bad case '%.*s' (VALUE:[NAME:]LAYOUT)", s, len);
	c->value = (uint32_t)v;
	c->name = NULL;
	lay = colon + 1;
	rest = len - (size_t)(lay - s);
	second = memchr(lay, ':', rest);
	if (second) {
		struct tok name = { lay, (size_t)(second - lay), false };

		if (!valid_name(&name))
			return perr(p, "bad case name in '%.*s'", s, len);
		c->name = regdb_strndup(p->db, name.s, name.len);
		if (!c->name)
			return hwmsg_errf(p->err, 0, "out of memory");
		rest -= name.len + 1;
		lay = second + 1;
	}
	c->layout = find_named(p->layouts, lay, rest);
	if (!c->layout)
		return perr(p, "unknown layout in case '%.*s'", s, len);
	if (!c->name)
		c->name = c->layout->name;
	return 0;
}

/* Arms sharing a name must share the layout: one filter name, one type. */
static int case_clash(struct text_parser *p, const struct hwmsg_reg_case *c,
		      unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (c[i].value == c[n].value)
			return perr(p, "case value of '%.*s' repeats",
				    c[n].name, strlen(c[n].name));
		if (!strcmp(c[i].name, c[n].name) &&
		    c[i].layout != c[n].layout)
			return perr(p, "case name '%.*s' used for two layouts",
				    c[n].name, strlen(c[n].name));
	}
	return 0;
}

/* One key=value option or the description; cases go to *cases. */
static int parse_option(struct text_parser *p, const struct tok *t,
			bool last, struct hwmsg_reg_field *f, bool *has_stride,
			struct hwmsg_reg_case **cases, unsigned int *n_cases)
{
	const char *eq = memchr(t->s, '=', t->len);
	size_t klen = eq ? (size_t)(eq - t->s) : 0;
	const char *v = eq ? eq + 1 : NULL;
	size_t vlen = eq ? t->len - klen - 1 : 0;
	struct hwmsg_reg_case *nc;
	uint64_t num;

	if (t->quoted && last) {
		f->descr = regdb_strndup(p->db, t->s, t->len);
		return f->descr ? 0 : hwmsg_errf(p->err, 0, "out of memory");
	}
	if (t->quoted || !eq)
		return perr(p, "unexpected '%.*s'", t->s, t->len);
	if (klen == 6 && !memcmp(t->s, "stride", 6)) {
		if (parse_num(v, vlen, 0x10000, &num) || !num)
			return perr(p, "bad stride '%.*s'", v, vlen);
		f->stride = (uint32_t)num * 8;
		*has_stride = true;
		return 0;
	}
	if (klen == 3 && !memcmp(t->s, "msb", 3)) {
		struct hwmsg_reg_field m = { 0 };
		struct tok mt = { v, vlen, false };
		bool w;

		if (!memchr(v, '.', vlen) || parse_pos(p, &mt, &m, &w))
			return perr(p, "bad msb '%.*s' (OFF.SHIFT/WIDTH)", v,
				    vlen);
		f->has_msb = true;
		f->msb_offset = m.offset;
		f->msb_shift = m.shift;
		f->msb_width = (uint8_t)m.width;
		return 0;
	}
	if (klen != 4 || memcmp(t->s, "case", 4))
		return perr(p, "unknown option '%.*s'", t->s, t->len);
	if (f->kind != HWMSG_REG_UNION)
		return perr(p, "case on a field that is no union%.*s", "", 0);
	nc = realloc(*cases, (*n_cases + 1) * sizeof(*nc));
	if (!nc)
		return hwmsg_errf(p->err, 0, "out of memory");
	*cases = nc;
	if (parse_case(p, v, vlen, &nc[*n_cases]) ||
	    case_clash(p, nc, *n_cases))
		return -1;
	(*n_cases)++;
	return 0;
}

static int parse_options(struct text_parser *p, const struct tok *t,
			 unsigned int n, struct hwmsg_reg_field *f,
			 bool *has_stride)
{
	struct hwmsg_reg_case *cases = NULL;
	unsigned int i, n_cases = 0;
	int ret = 0;

	for (i = 0; i < n && !ret; i++)
		ret = parse_option(p, &t[i], i == n - 1, f, has_stride,
				   &cases, &n_cases);
	if (!ret && f->kind == HWMSG_REG_UNION) {
		f->cases = n_cases ? regdb_alloc(p->db,
						 n_cases * sizeof(*cases)) :
				     NULL;
		if (!n_cases)
			ret = perr(p, "union '%.*s' has no case=VALUE:LAYOUT",
				   f->name, strlen(f->name));
		else if (!f->cases)
			ret = hwmsg_errf(p->err, 0, "out of memory");
		else
			memcpy((void *)f->cases, cases,
			       n_cases * sizeof(*cases));
		f->n_cases = n_cases;
	}
	free(cases);
	return ret;
}

/* The width each kind implies, 0 when any. */
static uint32_t kind_width(const struct hwmsg_reg_field *f)
{
	unsigned int i;
	uint32_t w = 0;

	switch (f->kind) {
	case HWMSG_REG_MAC: return 48;
	case HWMSG_REG_IPV4: return 32;
	case HWMSG_REG_IPV6: return 128;
	case HWMSG_REG_U64: return 64;
	case HWMSG_REG_LAYOUT: return f->layout->len * 8;
	case HWMSG_REG_UNION:
		for (i = 0; i < f->n_cases; i++)
			if (f->cases[i].layout->len * 8 > w)
				w = f->cases[i].layout->len * 8;
		return w;
	default: return 0;
	}
}

static int check_field(struct text_parser *p, struct hwmsg_reg_field *f,
		       bool has_width, bool has_stride)
{
	uint32_t kw = kind_width(f), size;
	uint64_t end;
	unsigned int i;

	for (i = 0; i < p->n_fields; i++)
		if (!strcmp(p->fields[i].name, f->name))
			return perr(p, "field '%.*s' is defined twice", f->name,
				    strlen(f->name));
	if (!has_width && !kw)
		return perr(p, "field '%.*s' needs a width (OFF.SHIFT/WIDTH)",
			    f->name, strlen(f->name));
	if (has_width && kw && f->width != kw)
		return perr(p, "field '%.*s' has the wrong width for its kind",
			    f->name, strlen(f->name));
	if (!has_width)
		f->width = kw;
	if (f->width > 32 && (f->kind == HWMSG_REG_UINT ||
			      f->kind == HWMSG_REG_INT ||
			      f->kind == HWMSG_REG_FLAGS ||
			      f->kind == HWMSG_REG_BOOL ||
			      f->kind == HWMSG_REG_ENUM))
		return perr(p, "field '%.*s': wider than 32 bits needs u64, bytes or string",
			    f->name, strlen(f->name));
	for (i = 0; f->kind == HWMSG_REG_FLAGS && f->enums[i].name; i++)
		if (f->enums[i].value >= f->width)
			return perr(p, "field '%.*s': a flag bit is beyond its width",
				    f->name, strlen(f->name));
	if ((f->kind == HWMSG_REG_STRING || f->kind == HWMSG_REG_BYTES) &&
	    (f->width % 8 || f->shift))
		return perr(p, "field '%.*s': strings and bytes are whole bytes",
			    f->name, strlen(f->name));
	size = field_bytes(f);
	if (f->count && !has_stride)
		f->stride = size * 8;
	if (f->count && f->stride % 8)
		return perr(p, "field '%.*s': stride must be whole bytes",
			    f->name, strlen(f->name));
	/* the last bit of the last element, in big-endian bit order */
	end = (uint64_t)f->offset * 8 + f->width;
	if (f->width <= 32 && f->shift + f->width <= 32 && size == 4)
		end += 32 - f->shift - f->width;
	if (f->count)
		end += (uint64_t)(f->count - 1) * f->stride;
	if (end > (uint64_t)p->cur->len * 8)
		return perr(p, "field '%.*s' ends beyond the layout length",
			    f->name, strlen(f->name));
	if (f->has_msb && (f->msb_offset + 4 > p->cur->len ||
			   f->width + f->msb_width > 32))
		return perr(p, "field '%.*s': msb out of range", f->name,
			    strlen(f->name));
	return 0;
}

static int parse_access(struct text_parser *p, const struct tok *t,
			uint8_t *access)
{
	unsigned int i;

	for (i = 0; hwmsg_reg_access_names[i].name; i++)
		if (tok_is(t, hwmsg_reg_access_names[i].name)) {
			*access = (uint8_t)hwmsg_reg_access_names[i].value;
			return 0;
		}
	return perr(p, "unknown access '%.*s' (index, ro, rw, wo, op)", t->s,
		    t->len);
}

static int parse_field(struct text_parser *p, const struct tok *t,
		       unsigned int n)
{
	struct hwmsg_reg_field f = { 0 };
	struct tok name = t[0];
	const char *br = memchr(t[0].s, '[', t[0].len);
	bool has_width, has_stride = false;

	if (!p->cur)
		return perr(p, "field '%.*s' outside a register or layout",
			    t[0].s, t[0].len);
	if (n < 4)
		return perr(p, "usage: FIELD POS ACCESS KIND [options] [\"description\"]%.*s",
			    "", 0);
	if (br) {
		uint64_t count;

		name.len = (size_t)(br - t[0].s);
		if (t[0].s[t[0].len - 1] != ']' ||
		    parse_num(br + 1, t[0].len - name.len - 2, 0x10000,
			      &count) || count < 1)
			return perr(p, "bad array '%.*s' (NAME[COUNT])", t[0].s,
				    t[0].len);
		f.count = (uint32_t)count;
	}
	if (!valid_name(&name))
		return perr(p, "bad field name '%.*s'", t[0].s, t[0].len);
	f.name = regdb_strndup(p->db, name.s, name.len);
	if (!f.name)
		return hwmsg_errf(p->err, 0, "out of memory");
	if (parse_pos(p, &t[1], &f, &has_width) ||
	    parse_access(p, &t[2], &f.access) || parse_kind(p, &t[3], &f) ||
	    parse_options(p, t + 4, n - 4, &f, &has_stride) ||
	    check_field(p, &f, has_width, has_stride))
		return -1;
	if (p->n_fields == p->cap_fields) {
		unsigned int cap = p->cap_fields ? p->cap_fields * 2 : 16;
		struct hwmsg_reg_field *nf = realloc(p->fields,
						     cap * sizeof(*nf));

		if (!nf)
			return hwmsg_errf(p->err, 0, "out of memory");
		p->fields = nf;
		p->cap_fields = cap;
	}
	p->fields[p->n_fields++] = f;
	return 0;
}

static int parse_statement(struct text_parser *p, const char *line)
{
	struct tok t[TEXT_MAX_TOKENS];
	unsigned int n;

	if (tokenize(p, line, t, &n))
		return -1;
	if (!n)
		return 0;
	/* fields are indented, so a field may be called "name" */
	if (line[0] == ' ' || line[0] == '\t')
		return parse_field(p, t, n);
	if (tok_is(&t[0], "enum"))
		return parse_enum(p, t, n);
	if (tok_is(&t[0], "layout"))
		return close_layout(p) ? -1 : parse_layout(p, t, n);
	if (tok_is(&t[0], "register"))
		return close_layout(p) ? -1 : parse_register(p, t, n);
	if (tok_is(&t[0], "name"))
		return close_layout(p) ? -1 : parse_name(p, t, n);
	return perr(p, "unknown statement '%.*s' (fields are indented)",
		    t[0].s, t[0].len);
}

/* Read the next logical line (joining backslash continuations) into buf. */
static int next_line(struct text_parser *p, const char **s, const char *end,
		     char *buf, unsigned int *first_line)
{
	size_t n = 0;

	*first_line = p->line + 1;
	while (*s < end) {
		const char *nl = memchr(*s, '\n', (size_t)(end - *s));
		const char *le = nl ? nl : end;
		size_t len = (size_t)(le - *s);
		bool cont;

		p->line++;
		if (memchr(*s, '\0', len))
			return perr(p, "NUL byte in text%.*s", "", 0);
		cont = len && (*s)[len - 1] == '\\';
		if (cont)
			len--;
		if (n + len + 1 >= TEXT_MAX_LINE)
			return perr(p, "line too long%.*s", "", 0);
		memcpy(buf + n, *s, len);
		n += len;
		buf[n++] = ' ';
		*s = nl ? nl + 1 : end;
		if (!cont)
			break;
	}
	buf[n ? n - 1 : 0] = 0;
	return 0;
}

int hwmsg_regdb_load_text(struct hwmsg_regdb *db, const char *text,
			  size_t len, const char *file, struct hwmsg_err *err)
{
	struct text_parser p = { .db = db, .file = file ? file : "<text>",
				 .err = err };
	const char *s = text, *end = text + len;
	char *buf = malloc(TEXT_MAX_LINE);
	unsigned int i, first;
	int ret = -1;

	if (!buf)
		return hwmsg_errf(err, 0, "out of memory");
	while (s < end) {
		unsigned int last;

		if (next_line(&p, &s, end, buf, &first))
			goto out;
		/* errors name the first line of a continued statement */
		last = p.line;
		p.line = first;
		if (parse_statement(&p, buf))
			goto out;
		p.line = last;
	}
	if (close_layout(&p))
		goto out;
	for (i = 0; i < p.n_regs; i++)
		if (regdb_add(db, p.regs[i]) < 0) {
			hwmsg_errf(err, 0, "out of memory");
			goto out;
		}
	ret = 0;
out:
	free(buf);
	free(p.fields);
	free(p.regs);
	return ret;
}
