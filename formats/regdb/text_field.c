// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Field lines of the register description format:
 *   FIELD[COUNT] POS ACCESS KIND [key=value | bitarray ...] ["description"]
 * positions, kinds, options (stride, msb, case) and the checks that keep a
 * field inside its layout. Statements and lines are in text.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "text_int.h"

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
	    text_parse_num(t->s, (size_t)(off_end - t->s), 0xffff, &off))
		goto bad;
	if (dot && (!slash ||
		    text_parse_num(dot + 1, (size_t)(slash - dot - 1), 31,
				   &shift)))
		goto bad;
	if (slash &&
	    text_parse_num(slash + 1, t->len - (size_t)(slash - t->s) - 1,
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
			return text_err(p, "'%.*s': a word item needs a 4-aligned offset and shift+width <= 32",
				    t->s, t->len);
		f->shift = (uint8_t)shift;
	} else if (slash && width <= 32 && width % 8 == 0 &&
		   (off % 4) * 8 + width <= 32) {
		/* a byte-aligned 8/16/24/32-bit item: as a word item */
		f->shift = (uint8_t)(32 - (off % 4) * 8 - width);
		f->offset = (uint32_t)(off & ~3ull);
	} else if (slash && width % 8) {
		return text_err(p, "'%.*s': a byte-aligned field needs a width in whole bytes",
			    t->s, t->len);
	}
	return 0;
bad:
	return text_err(p, "bad position '%.*s' (OFF.SHIFT/WIDTH, OFF/WIDTH or OFF)",
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
		if (text_tok_is(t, kinds[i].name)) {
			f->kind = kinds[i].kind;
			return 0;
		}
	if (colon && ((head == 4 && !memcmp(t->s, "enum", 4)) ||
		      (head == 5 && !memcmp(t->s, "flags", 5)))) {
		f->kind = head == 4 ? HWMSG_REG_ENUM : HWMSG_REG_FLAGS;
		f->enums = text_find_named(p->enums, arg, arglen);
		if (!f->enums)
			return text_err(p, "unknown enum '%.*s'", arg, arglen);
		return 0;
	}
	if (colon && head == 6 && !memcmp(t->s, "layout", 6)) {
		f->kind = HWMSG_REG_LAYOUT;
		f->layout = text_find_named(p->layouts, arg, arglen);
		if (!f->layout)
			return text_err(p, "unknown layout '%.*s'", arg, arglen);
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
		if (!text_valid_name(&sel) || i == p->n_fields)
			return text_err(p, "union selector '%.*s' is not an earlier field",
				    arg, arglen);
		f->selector = p->fields[i].name;
		return 0;
	}
	return text_err(p, "unknown kind '%.*s'", t->s, t->len);
}

/* case=VALUE:LAYOUT or case=VALUE:NAME:LAYOUT (NAME: the path element) */
static int parse_case(struct text_parser *p, const char *s, size_t len,
		      struct hwmsg_reg_case *c)
{
	const char *colon = memchr(s, ':', len), *lay, *second;
	size_t rest;
	uint64_t v;

	if (!colon || text_parse_num(s, (size_t)(colon - s), UINT32_MAX, &v))
		return text_err(p, "bad case '%.*s' (VALUE:[NAME:]LAYOUT)", s, len);
	c->value = (uint32_t)v;
	c->name = NULL;
	lay = colon + 1;
	rest = len - (size_t)(lay - s);
	second = memchr(lay, ':', rest);
	if (second) {
		struct tok name = { lay, (size_t)(second - lay), false };

		if (!text_valid_name(&name))
			return text_err(p, "bad case name in '%.*s'", s, len);
		c->name = regdb_strndup(p->db, name.s, name.len);
		if (!c->name)
			return hwmsg_errf(p->err, 0, "out of memory");
		rest -= name.len + 1;
		lay = second + 1;
	}
	c->layout = text_find_named(p->layouts, lay, rest);
	if (!c->layout)
		return text_err(p, "unknown layout in case '%.*s'", s, len);
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
			return text_err(p, "case value of '%.*s' repeats",
				    c[n].name, strlen(c[n].name));
		if (!strcmp(c[i].name, c[n].name) &&
		    c[i].layout != c[n].layout)
			return text_err(p, "case name '%.*s' used for two layouts",
				    c[n].name, strlen(c[n].name));
	}
	return 0;
}

/*
 * unit=UNIT (letters, digits, / and %), scale=NUM[/DEN] or special=ENUM
 * (values that are no quantity: MTBR's 0x8000 "no cable"), on numbers
 */
static int parse_quantity(struct text_parser *p, const char *key, size_t klen,
			  const char *v, size_t vlen,
			  struct hwmsg_reg_field *f)
{
	const char *slash = memchr(v, '/', vlen);
	uint64_t num, den = 1;
	size_t i;

	if (f->kind != HWMSG_REG_UINT && f->kind != HWMSG_REG_INT &&
	    f->kind != HWMSG_REG_U64)
		return text_err(p, "%.*s= on a field that is no uint, int or u64",
				key, klen);
	if (klen == 7) {
		if (f->enums)
			return text_err(p, "special= given twice%.*s", "", 0);
		f->enums = text_find_named(p->enums, v, vlen);
		return f->enums ? 0 : text_err(p, "unknown enum '%.*s'", v,
					       vlen);
	}
	if (klen == 4) {
		for (i = 0; i < vlen; i++)
			if (!isalnum((unsigned char)v[i]) && v[i] != '/' &&
			    v[i] != '%')
				break;
		if (!vlen || vlen > 15 || i < vlen || f->unit)
			return text_err(p, "bad unit '%.*s' (up to 15 letters, digits, / and %%, once)",
					v, vlen);
		f->unit = regdb_strndup(p->db, v, vlen);
		return f->unit ? 0 : hwmsg_errf(p->err, 0, "out of memory");
	}
	if (text_parse_num(v, slash ? (size_t)(slash - v) : vlen, UINT32_MAX,
			   &num) || !num ||
	    (slash && (text_parse_num(slash + 1, vlen - (size_t)(slash - v) - 1,
				      UINT32_MAX, &den) || !den)) ||
	    f->scale_den)
		return text_err(p, "bad scale '%.*s' (NUM or NUM/DEN, positive, once)",
				v, vlen);
	f->scale_num = (uint32_t)num;
	f->scale_den = (uint32_t)den;
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
	if (!t->quoted && t->len == 8 && !memcmp(t->s, "bitarray", 8)) {
		f->backward = true;
		return 0;
	}
	if (t->quoted || !eq)
		return text_err(p, "unexpected '%.*s'", t->s, t->len);
	if (klen == 6 && !memcmp(t->s, "stride", 6)) {
		if (text_parse_num(v, vlen, 0x10000, &num) || !num)
			return text_err(p, "bad stride '%.*s'", v, vlen);
		f->stride = (uint32_t)num * 8;
		*has_stride = true;
		return 0;
	}
	if (klen == 3 && !memcmp(t->s, "msb", 3)) {
		struct hwmsg_reg_field m = { 0 };
		struct tok mt = { v, vlen, false };
		bool w;

		if (!memchr(v, '.', vlen) || parse_pos(p, &mt, &m, &w))
			return text_err(p, "bad msb '%.*s' (OFF.SHIFT/WIDTH)", v,
				    vlen);
		f->has_msb = true;
		f->msb_offset = m.offset;
		f->msb_shift = m.shift;
		f->msb_width = (uint8_t)m.width;
		return 0;
	}
	if ((klen == 4 && !memcmp(t->s, "unit", 4)) ||
	    (klen == 5 && !memcmp(t->s, "scale", 5)) ||
	    (klen == 7 && !memcmp(t->s, "special", 7)))
		return parse_quantity(p, t->s, klen, v, vlen, f);
	if (klen != 4 || memcmp(t->s, "case", 4))
		return text_err(p, "unknown option '%.*s'", t->s, t->len);
	if (f->kind != HWMSG_REG_UNION)
		return text_err(p, "case on a field that is no union%.*s", "", 0);
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
			ret = text_err(p, "union '%.*s' has no case=VALUE:LAYOUT",
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

/*
 * bitarray: WIDTH-bit elements packed backwards from POS, a word item (the
 * kernel's MLXSW_ITEM_BIT_ARRAY), so no stride of its own. With a stride
 * (whole bytes): the kernel's indexed items with a negative step (RDPM:
 * DSCP k's entry is byte 0x3f - k), an element within the last byte.
 */
static int check_bitarray(struct text_parser *p, struct hwmsg_reg_field *f,
			  bool has_stride)
{
	uint64_t first, last_end;

	if (!f->count || f->has_msb ||
	    (f->kind != HWMSG_REG_UINT && f->kind != HWMSG_REG_BOOL &&
	     f->kind != HWMSG_REG_ENUM) ||
	    (has_stride ? f->shift + f->width > 8 || !f->stride :
			  8 % f->width || f->shift % f->width) ||
	    f->shift + f->width > 32 || f->offset % 4)
		return text_err(p, "field '%.*s': bitarray needs an array of 1, 2, 4 or 8-bit numbers at OFF.SHIFT, no msb; with a stride, in the last byte",
			    f->name, strlen(f->name));
	if (!has_stride)
		f->stride = f->width;
	/* element 0 ends the span, the last element starts it */
	last_end = (uint64_t)f->offset * 8 + 32 - f->shift;
	first = (uint64_t)(f->count - 1) * f->stride + f->width;
	if (last_end > (uint64_t)p->cur->len * 8 || first > last_end)
		return text_err(p, "field '%.*s' does not fit its layout",
			    f->name, strlen(f->name));
	return 0;
}

static int check_field(struct text_parser *p, struct hwmsg_reg_field *f,
		       bool has_width, bool has_stride)
{
	uint32_t kw = kind_width(f), size;
	uint64_t end;
	unsigned int i;

	for (i = 0; i < p->n_fields; i++)
		if (!strcmp(p->fields[i].name, f->name))
			return text_err(p, "field '%.*s' is defined twice", f->name,
				    strlen(f->name));
	if (!has_width && !kw)
		return text_err(p, "field '%.*s' needs a width (OFF.SHIFT/WIDTH)",
			    f->name, strlen(f->name));
	if (has_width && kw && f->width != kw)
		return text_err(p, "field '%.*s' has the wrong width for its kind",
			    f->name, strlen(f->name));
	if (!has_width)
		f->width = kw;
	if (f->width > 32 && (f->kind == HWMSG_REG_UINT ||
			      f->kind == HWMSG_REG_INT ||
			      f->kind == HWMSG_REG_FLAGS ||
			      f->kind == HWMSG_REG_BOOL ||
			      f->kind == HWMSG_REG_ENUM))
		return text_err(p, "field '%.*s': wider than 32 bits needs u64, bytes or string",
			    f->name, strlen(f->name));
	for (i = 0; f->kind == HWMSG_REG_FLAGS && f->enums[i].name; i++)
		if (f->enums[i].value >= f->width)
			return text_err(p, "field '%.*s': a flag bit is beyond its width",
				    f->name, strlen(f->name));
	if ((f->kind == HWMSG_REG_STRING || f->kind == HWMSG_REG_BYTES) &&
	    (f->width % 8 || f->shift))
		return text_err(p, "field '%.*s': strings and bytes are whole bytes",
			    f->name, strlen(f->name));
	if (f->backward)
		return check_bitarray(p, f, has_stride);
	size = field_bytes(f);
	if (f->count && !has_stride)
		f->stride = size * 8;
	if (f->count && f->stride % 8)
		return text_err(p, "field '%.*s': stride must be whole bytes",
			    f->name, strlen(f->name));
	/* the last bit of the last element, in big-endian bit order */
	end = (uint64_t)f->offset * 8 + f->width;
	if (f->width <= 32 && f->shift + f->width <= 32 && size == 4)
		end += 32 - f->shift - f->width;
	if (f->count)
		end += (uint64_t)(f->count - 1) * f->stride;
	if (end > (uint64_t)p->cur->len * 8)
		return text_err(p, "field '%.*s' ends beyond the layout length",
			    f->name, strlen(f->name));
	if (f->has_msb && (f->msb_offset + 4 > p->cur->len ||
			   f->width + f->msb_width > 32))
		return text_err(p, "field '%.*s': msb out of range", f->name,
			    strlen(f->name));
	return 0;
}

static int parse_access(struct text_parser *p, const struct tok *t,
			uint8_t *access)
{
	unsigned int i;

	for (i = 0; hwmsg_reg_access_names[i].name; i++)
		if (text_tok_is(t, hwmsg_reg_access_names[i].name)) {
			*access = (uint8_t)hwmsg_reg_access_names[i].value;
			return 0;
		}
	return text_err(p, "unknown access '%.*s' (index, ro, rw, wo, op)", t->s,
		    t->len);
}

int text_parse_field(struct text_parser *p, const struct tok *t,
		       unsigned int n)
{
	struct hwmsg_reg_field f = { 0 };
	struct tok name = t[0];
	const char *br = memchr(t[0].s, '[', t[0].len);
	bool has_width, has_stride = false;

	if (!p->cur)
		return text_err(p, "field '%.*s' outside a register or layout",
			    t[0].s, t[0].len);
	if (n < 4)
		return text_err(p, "usage: FIELD POS ACCESS KIND [options] [\"description\"]%.*s",
			    "", 0);
	if (br) {
		uint64_t count;

		name.len = (size_t)(br - t[0].s);
		if (t[0].s[t[0].len - 1] != ']' ||
		    text_parse_num(br + 1, t[0].len - name.len - 2, 0x10000,
			      &count) || count < 1)
			return text_err(p, "bad array '%.*s' (NAME[COUNT])", t[0].s,
				    t[0].len);
		f.count = (uint32_t)count;
	}
	if (!text_valid_name(&name))
		return text_err(p, "bad field name '%.*s'", t[0].s, t[0].len);
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

