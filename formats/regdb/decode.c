// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Register payload -> a pre-order list of decoded fields with stable path
 * names. Every read is checked against the payload length: what lies
 * beyond it is listed as missing, never read.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "regdb_int.h"

/* Enough for SFD's 64 records; bounds what a hostile ADB can make us emit. */
#define DECODE_MAX_VALUES 16384

struct decoder {
	const uint8_t *p;
	size_t len;
	struct hwmsg_reg_decoded *out;
	struct hwmsg_err *err;
	bool failed;			/* out of memory */
	bool err_set;
	bool shallow;			/* top-level scalars only */
	bool no_filter;			/* leave the filter names empty */
	bool leaf_paths;		/* paths without their parents' */
	bool last_missing;		/* the value pushed last is missing */
	bool top;			/* HWMSG_REG_WALK_TOP: depth 0 only */
	bool index_only;		/* HWMSG_REG_WALK_INDEX */
	bool measuring;			/* zero_record(): zm is measuring */
	struct zero_memo *zm;		/* HWMSG_REG_WALK_SKIP_ZERO */
	/* hwmsg_reg_walk: values go to vis, each in slots[depth], no list */
	const struct hwmsg_reg_visitor *vis;
	void *vis_ctx;
	struct hwmsg_reg_value *slots;
	unsigned int n_walked;
};


/*
 * HWMSG_REG_WALK_SKIP_ZERO: the first zero record of a layout at a depth
 * is walked and measured (the bits it reads, whether a value says
 * something); the next ones of the message are counted, not walked.
 */
struct zero_memo {
	bool loud;
	uint64_t lo_bit, hi_bit;
	struct {
		const struct hwmsg_reg_layout *l;
		unsigned int depth, values;
		bool quiet;
	} memo[4];
	unsigned int n;
};

/* Bit address (big-endian bit order) of a field's first bit. */
static uint64_t field_bit(const struct hwmsg_reg_field *f, uint64_t base)
{
	uint64_t a = (base + f->offset) * 8;

	if (f->width <= 32 && f->shift + f->width <= 32)
		a += 32 - f->shift - f->width;
	return a;
}

/* Element k of an array, elem_bits = k * stride past (or before) element 0. */
static uint64_t elem_bit(const struct hwmsg_reg_field *f, uint64_t base,
			 uint64_t elem_bits)
{
	return f->backward ? field_bit(f, base) - elem_bits :
			     field_bit(f, base) + elem_bits;
}

static bool bits_present(struct decoder *d, uint64_t bit, uint64_t width)
{
	if (d->measuring) {	/* the bits a zero record reads */
		struct zero_memo *z = d->zm;

		z->lo_bit = bit < z->lo_bit ? bit : z->lo_bit;
		z->hi_bit = bit + width > z->hi_bit ? bit + width : z->hi_bit;
	}
	return bit + width <= (uint64_t)d->len * 8;
}

/*
 * width <= 64 bits at a big-endian bit address; caller checked bounds.
 * The bytes that hold them are read whole, then shifted and masked.
 */
static inline uint64_t bits_in_8(const uint8_t *p, uint64_t bit,
				 unsigned int width)
{
	uint64_t v = 0, first = bit / 8, last = (bit + width - 1) / 8;
	unsigned int i;

	for (i = 0; i <= last - first; i++)
		v = v << 8 | p[first + i];
	v >>= (last + 1) * 8 - (bit + width);
	return width < 64 ? v & ((1ull << width) - 1) : v;
}

static inline uint64_t get_bits(const uint8_t *p, uint64_t bit,
				unsigned int width)
{
	if (!width)
		return 0;
	if ((bit + width - 1) / 8 - bit / 8 >= 8)	/* 9 bytes: two reads */
		return bits_in_8(p, bit, width - 32) << 32 |
		       bits_in_8(p, bit + width - 32, 32);
	return bits_in_8(p, bit, width);
}

bool hwmsg_reg_kind_is_number(uint8_t kind)
{
	return regdb_is_number(kind);
}

static struct hwmsg_reg_value *push(struct decoder *d, unsigned int depth)
{
	struct hwmsg_reg_decoded *o = d->out;
	struct hwmsg_reg_value *v;

	if (d->failed)
		return NULL;
	d->last_missing = false;
	if (d->vis) {
		/* the list's limit, so that a walk and a decode agree */
		if (d->n_walked == DECODE_MAX_VALUES || depth >= REGDB_WALK_DEPTH) {
			d->failed = true;
			hwmsg_errf(d->err, 0, "%s: more than %u fields",
				   o->reg->name, DECODE_MAX_VALUES);
			return NULL;
		}
		d->n_walked++;
		v = &d->slots[depth];
		memset(v, 0, offsetof(struct hwmsg_reg_value, path));
		return v;
	}
	if (o->n_values == o->cap) {
		unsigned int cap = o->cap ? o->cap * 2 : 64;
		struct hwmsg_reg_value *v;

		if (cap > DECODE_MAX_VALUES)
			cap = DECODE_MAX_VALUES;
		if (o->n_values == cap) {
			d->failed = true;
			hwmsg_errf(d->err, 0, "%s: more than %u fields",
				   o->reg->name, DECODE_MAX_VALUES);
			return NULL;
		}
		v = realloc(o->values, cap * sizeof(*v));
		if (!v) {
			d->failed = true;
			hwmsg_errf(d->err, 0, "out of memory");
			return NULL;
		}
		o->values = v;
		o->cap = cap;
	}
	/* the path and filter are written by every caller: zeroing 256
	 * bytes of them per field showed in the profile */
	memset(&o->values[o->n_values], 0,
	       offsetof(struct hwmsg_reg_value, path));
	return &o->values[o->n_values++];
}

/* v: the value pushed last (walk_layout reads last_missing) */
static void set_missing(struct decoder *d, struct hwmsg_reg_value *v)
{
	v->missing = true;
	d->last_missing = true;
	d->out->n_missing++;
	if (!d->err_set) {
		d->err_set = true;
		/* a walk builds no paths: the field's own name */
		hwmsg_errf(d->err, v->offset,
			   "%s: payload ends at 0x%zx, field %s at 0x%x and after missing",
			   d->out->reg->name, d->len,
			   v->path[0] || !v->field ? v->path : v->field->name,
			   v->offset);
	}
}

/* A walk's value is complete (a leaf, or a group before its children). */
static void visit(struct decoder *d, const struct hwmsg_reg_value *v,
		  const char *name, long index)
{
	/* a zero record says something with a name for 0 or a cut */
	if (d->measuring &&
	    (v->missing || (!v->group && v->field->kind == HWMSG_REG_ENUM &&
			    hwmsg_name_lookup(v->field->enums, 0))))
		d->zm->loud = true;
	if (d->vis)
		d->vis->value(d->vis_ctx, v, name, index);
}

/* A walk's group after its children. */
static void visit_end(struct decoder *d, const struct hwmsg_reg_value *v)
{
	if (d->vis && d->vis->group_end)
		d->vis->group_end(d->vis_ctx, v);
}

/* A path being built: its text and length (lengths spare the strlen). */
struct path {
	char s[HWMSG_REG_PATH_MAX];
	size_t n;
};

/* The parents' path a value's path starts with: none for leaf_paths. */
static const struct path *parent_path(const struct decoder *d,
				      const struct path *path)
{
	static const struct path none = { "", 0 };

	return d->leaf_paths ? &none : path;
}

/* Append src (n bytes) at dst[*used], cut to HWMSG_REG_PATH_MAX. */
static void append(char *dst, size_t *used, const char *src, size_t n)
{
	if (n > HWMSG_REG_PATH_MAX - 1 - *used)
		n = HWMSG_REG_PATH_MAX - 1 - *used;
	memcpy(dst + *used, src, n);
	*used += n;
}

/* prefix.name+suffix into dst (terminated); returns its length. By hand,
 * as this runs for every decoded field. */
static size_t join(char *dst, const struct path *prefix, const char *name,
		   const char *suffix, size_t suffix_len)
{
	size_t used = 0;

	append(dst, &used, prefix->s, prefix->n);
	if (prefix->n)
		append(dst, &used, ".", 1);
	append(dst, &used, name, strlen(name));
	append(dst, &used, suffix, suffix_len);
	dst[used] = '\0';
	return used;
}

static void set_path(struct path *p, const char *s, size_t n)
{
	memcpy(p->s, s, n + 1);
	p->n = n;
}

/* The scalar value of a field named by a dotted path within a layout. */
static bool read_selector(struct decoder *d,
			  const struct hwmsg_reg_layout *l, uint64_t base,
			  const char *path, uint64_t *val)
{
	const char *dot = strchr(path, '.');
	size_t n = dot ? (size_t)(dot - path) : strlen(path);
	unsigned int i;

	for (i = 0; i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];
		uint64_t bit;

		if (strlen(f->name) != n || strncmp(f->name, path, n) ||
		    f->count)
			continue;
		if (dot)
			return f->kind == HWMSG_REG_LAYOUT &&
			       read_selector(d, f->layout, base + f->offset,
					     dot + 1, val);
		if (!regdb_is_number(f->kind))
			return false;
		bit = field_bit(f, base);
		if (!bits_present(d, bit, f->width))
			return false;
		*val = get_bits(d->p, bit, f->width);
		return true;
	}
	return false;
}

static void walk_layout(struct decoder *d, const struct hwmsg_reg_layout *l,
			uint64_t base, const struct path *path,
			const struct path *filter, unsigned int depth);

static void leaf(struct decoder *d, const struct hwmsg_reg_field *f,
		 struct hwmsg_reg_value *v, uint64_t bit, uint64_t base,
		 uint64_t elem_bits)
{
	v->offset = (uint32_t)(bit / 8);
	if (!bits_present(d, bit, f->width)) {
		set_missing(d, v);
		return;
	}
	if (regdb_is_number(f->kind)) {
		v->raw = get_bits(d->p, bit, f->width > 64 ? 64 : f->width);
		if (f->kind == HWMSG_REG_INT && f->width < 64 &&
		    (v->raw >> (f->width - 1)) & 1)
			v->raw |= ~0ull << f->width;
		if (f->has_msb) {
			uint64_t m = (base + f->msb_offset) * 8 + elem_bits +
				     32 - f->msb_shift - f->msb_width;

			if (bits_present(d, m, f->msb_width))
				v->raw |= get_bits(d->p, m, f->msb_width)
					  << f->width;
		}
	}
	if (bit % 8 == 0) {
		v->bytes = d->p + bit / 8;
		v->n_bytes = (f->width + 7) / 8;
	}
}

static void walk_union(struct decoder *d, const struct hwmsg_reg_field *f,
		       struct hwmsg_reg_value *v, long index, size_t plen,
		       size_t flen, const struct hwmsg_reg_layout *parent,
		       uint64_t pbase, uint64_t off, unsigned int depth)
{
	const struct hwmsg_reg_case *c = NULL;
	struct hwmsg_reg_value *g;
	struct path path, filter;
	uint64_t sel;
	unsigned int i;

	if (read_selector(d, parent, pbase, f->selector, &sel))
		for (i = 0; i < f->n_cases; i++)
			if (f->cases[i].value == sel)
				c = &f->cases[i];
	if (!c) {
		/* no arm matches: keep the bytes */
		v->group = false;
		leaf(d, f, v, off * 8, pbase, 0);
		visit(d, v, f->name, index);
		return;
	}
	/* the union itself is past the end too, not only its arm; before
	 * push(), which may move v */
	if (off >= d->len)
		set_missing(d, v);
	if (d->top) {
		visit(d, v, f->name, index);
		visit_end(d, v);
		return;
	}
	if (d->vis) {
		visit(d, v, f->name, index);
		path.n = filter.n = 0;
		path.s[0] = filter.s[0] = '\0';
	} else {
		set_path(&path, v->path, plen);
		set_path(&filter, v->filter, flen);
	}
	g = push(d, depth + 1);
	if (!g)
		return;
	g->field = f;
	g->group = true;
	g->depth = depth + 1;
	g->offset = (uint32_t)off;
	if (!d->vis) {
		path.n = join(g->path, parent_path(d, &path), c->name, "", 0);
		filter.n = d->no_filter ? 0 :
			   join(g->filter, &filter, c->name, "", 0);
		g->filter[filter.n] = '\0';
		memcpy(path.s, g->path, path.n + 1);
		memcpy(filter.s, g->filter, filter.n + 1);
	}
	if (off >= d->len)
		set_missing(d, g);
	visit(d, g, c->name, -1);
	if (!g->missing)
		walk_layout(d, c->layout, off, &path, &filter, depth + 2);
	visit_end(d, g);
	visit_end(d, v);
}

size_t hwmsg_reg_index_suffix(char buf[HWMSG_REG_INDEX_MAX], unsigned long k)
{
	char digits[24];
	unsigned int n = 0, i = 0;

	do {
		digits[n++] = (char)('0' + k % 10);
		k /= 10;
	} while (k);
	buf[i++] = '[';
	while (n)
		buf[i++] = digits[--n];
	buf[i++] = ']';
	buf[i] = '\0';
	return i;
}

/* One scalar or one array element (index; -1 for a scalar) of f. */
static void walk_one(struct decoder *d, const struct hwmsg_reg_field *f,
		     const struct hwmsg_reg_layout *parent, uint64_t base,
		     uint64_t elem_bits, const struct path *path,
		     const struct path *filter, long index, unsigned int depth)
{
	struct hwmsg_reg_value *v = push(d, depth);
	size_t plen = 0, flen = 0;
	uint64_t off;

	if (!v)
		return;
	v->field = f;
	v->depth = depth;
	if (!d->vis) {		/* a walk builds no names */
		char suffix[HWMSG_REG_INDEX_MAX];
		size_t sn = index < 0 ? 0 :
			    hwmsg_reg_index_suffix(suffix, (unsigned long)index);

		suffix[sn] = '\0';
		plen = join(v->path, parent_path(d, path), f->name, suffix,
			    sn);
		flen = d->no_filter ? 0 : join(v->filter, filter, f->name,
						"", 0);
		v->filter[flen] = '\0';
	}
	if (f->kind != HWMSG_REG_LAYOUT && f->kind != HWMSG_REG_UNION) {
		leaf(d, f, v, elem_bit(f, base, elem_bits), base, elem_bits);
		visit(d, v, f->name, index);
		return;
	}
	off = base + f->offset + elem_bits / 8;
	v->group = true;
	v->offset = (uint32_t)off;
	if (depth >= REGDB_MAX_DEPTH * 3 ||
	    (d->top && f->kind == HWMSG_REG_LAYOUT)) {
		if (d->top && off >= d->len)
			set_missing(d, v);
		visit(d, v, f->name, index);
		visit_end(d, v);
		return;
	}
	if (f->kind == HWMSG_REG_UNION) {
		walk_union(d, f, v, index, plen, flen, parent, base, off,
			   depth);
	} else if (off >= d->len) {
		set_missing(d, v);
		visit(d, v, f->name, index);
		visit_end(d, v);
	} else {
		struct path p, fl;

		if (!d->vis) {
			set_path(&p, v->path, plen);
			set_path(&fl, v->filter, flen);
		} else {
			p.n = fl.n = 0;
			p.s[0] = fl.s[0] = '\0';
		}
		visit(d, v, f->name, index);
		walk_layout(d, f->layout, off, &p, &fl, depth + 1);
		visit_end(d, v);
	}
}

/*
 * An element of a number array that holds 0 is left out of the list: SPMS
 * has 4096 of them, and nothing prints or filters a zero element. Cheap:
 * only the element's own bits are read (split local ports are kept).
 */
static bool zero_number(struct decoder *d,
			const struct hwmsg_reg_field *f, uint64_t base,
			uint64_t elem_bits)
{
	uint64_t bit = elem_bit(f, base, elem_bits);

	return regdb_is_number(f->kind) && !f->has_msb &&
	       bits_present(d, bit, f->width) &&
	       !get_bits(d->p, bit, f->width > 64 ? 64 : f->width);
}

/* Eight bytes at a time. */
bool hwmsg_reg_bytes_zero(const uint8_t *p, size_t n)
{
	uint64_t w, acc = 0;

	for (; n >= 8; p += 8, n -= 8) {
		memcpy(&w, p, 8);
		acc |= w;
	}
	while (n--)
		acc |= *p++;
	return !acc;
}

/*
 * skip_zero: element k of f (a record) holds only zero bytes. The first
 * such record of a layout at a depth is walked while measured; if it read
 * no bit outside itself and nothing in it was named or missing, the next
 * ones are only counted (what the limit on values sees), not walked.
 * true: done with the element (walked or skipped).
 */
static bool zero_record(struct decoder *d, const struct hwmsg_reg_field *f,
			const struct hwmsg_reg_layout *parent, uint64_t base,
			uint64_t eb, unsigned int k, unsigned int depth)
{
	const struct hwmsg_reg_layout *l = f->layout;
	uint64_t off = base + f->offset + eb / 8;
	struct zero_memo *z = d->zm;
	unsigned int i, n0;
	struct path none = { "", 0 };

	if (!l || off + l->len > d->len || !hwmsg_reg_bytes_zero(d->p + off, l->len))
		return false;
	for (i = 0; i < z->n; i++) {
		if (z->memo[i].l != l || z->memo[i].depth != depth)
			continue;
		if (!z->memo[i].quiet ||
		    d->n_walked + z->memo[i].values > DECODE_MAX_VALUES)
			return false;
		d->n_walked += z->memo[i].values;
		d->last_missing = false;
		return true;
	}
	if (z->n == sizeof(z->memo) / sizeof(z->memo[0]))
		return false;
	d->measuring = true;
	z->loud = false;
	z->lo_bit = UINT64_MAX;
	z->hi_bit = 0;
	n0 = d->n_walked;
	walk_one(d, f, parent, base, eb, &none, &none, k, depth);
	d->measuring = false;
	z->memo[z->n].l = l;
	z->memo[z->n].depth = depth;
	z->memo[z->n].values = d->n_walked - n0;
	z->memo[z->n++].quiet = !z->loud && !d->failed &&
				z->lo_bit >= off * 8 &&
				z->hi_bit <= (off + l->len) * 8;
	return true;
}

static void walk_layout(struct decoder *d, const struct hwmsg_reg_layout *l,
			uint64_t base, const struct path *path,
			const struct path *filter, unsigned int depth)
{
	unsigned int i, k;

	for (i = 0; i < l->n_fields && !d->failed; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];

		if (d->shallow && (f->count || f->kind == HWMSG_REG_LAYOUT ||
				   f->kind == HWMSG_REG_UNION))
			continue;
		if (d->top && (f->count ||
			       (d->index_only && f->access != HWMSG_REG_INDEX)))
			continue;
		if (!f->count) {
			walk_one(d, f, l, base, 0, path, filter, -1, depth);
			continue;
		}
		for (k = 0; k < f->count && !d->failed; k++) {
			uint64_t eb = (uint64_t)k * f->stride;
			bool gone = elem_bit(f, base, eb) >=
				    (uint64_t)d->len * 8;

			/* one missing element stands for the rest: after
			 * it forwards, or the first ones backwards */
			if (gone && f->backward && k)
				continue;
			if (!gone && zero_number(d, f, base, eb))
				continue;
			if (!gone && d->zm && !d->measuring &&
			    f->kind == HWMSG_REG_LAYOUT &&
			    zero_record(d, f, l, base, eb, k, depth))
				continue;
			walk_one(d, f, l, base, eb, path, filter, k, depth);
			if (gone && !f->backward && !d->failed &&
			    d->last_missing)
				break;
		}
	}
}
static int decode_reg(const struct hwmsg_reg *reg, const uint8_t *payload,
		      size_t len, struct hwmsg_reg_decoded *out,
		      struct hwmsg_err *err, bool shallow, bool reuse,
		      unsigned int flags)
{
	bool no_filter = flags & HWMSG_REG_DECODE_NO_FILTER;
	struct decoder d = { .p = payload, .len = payload ? len : 0,
			     .out = out, .err = err, .shallow = shallow,
			     .no_filter = no_filter,
			     .leaf_paths = flags & HWMSG_REG_DECODE_LEAF_PATHS };
	struct path path = { "", 0 }, filter;
	struct hwmsg_reg_value *values = reuse ? out->values : NULL;
	unsigned int cap = reuse ? out->cap : 0;

	memset(out, 0, sizeof(*out));
	out->values = values;
	out->cap = cap;
	out->reg = reg;
	out->payload_len = (uint32_t)d.len;
	if (!reg->layout)
		return hwmsg_errf(err, 0, "register %s (0x%04x): no field layout known",
				  reg->name, reg->id);
	filter.n = 0;
	filter.s[0] = '\0';
	if (!no_filter)
		filter.n = (size_t)snprintf(filter.s, sizeof(filter.s),
					    "mlxreg.%s", reg->lname);
	if (filter.n >= sizeof(filter.s))
		filter.n = sizeof(filter.s) - 1;
	walk_layout(&d, reg->layout, 0, &path, &filter, 0);
	if (d.failed)
		return -1;
	return out->n_missing ? 1 : 0;
}

/*
 * How many values a decode of l (its values at depth) can yield at most,
 * or more than cap: whether a walk of the top level alone can skip the
 * rest without missing the limit a whole decode would hit.
 */
unsigned long regdb_max_values(const struct hwmsg_reg_layout *l,
			       unsigned int depth, unsigned long cap)
{
	unsigned long n = 0;
	unsigned int i, k;

	for (i = 0; l && i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];
		unsigned long per = 1, arm = 0;

		if (depth < REGDB_MAX_DEPTH * 3 && f->kind == HWMSG_REG_LAYOUT)
			per += regdb_max_values(f->layout, depth + 1, cap);
		if (depth < REGDB_MAX_DEPTH * 3 && f->kind == HWMSG_REG_UNION) {
			for (k = 0; k < f->n_cases; k++) {
				unsigned long a = regdb_max_values(
					f->cases[k].layout, depth + 2, cap);

				arm = a > arm ? a : arm;
			}
			per += 1 + arm;
		}
		n += per * (f->count ? f->count : 1);
		if (n > cap)
			return cap + 1;
	}
	return n;
}

int hwmsg_reg_walk(const struct hwmsg_reg *reg, const uint8_t *payload,
		   size_t len, unsigned int flags,
		   const struct hwmsg_reg_visitor *vis, void *ctx,
		   struct hwmsg_err *err)
{
	struct hwmsg_reg_value slots[REGDB_WALK_DEPTH];
	struct zero_memo zm;
	struct hwmsg_reg_decoded out = { .reg = reg };
	struct decoder d = { .p = payload, .len = payload ? len : 0,
			     .out = &out, .err = err, .no_filter = true,
			     .leaf_paths = true, .vis = vis, .vis_ctx = ctx,
			     .slots = slots };
	struct path none = { "", 0 };
	unsigned int i;

	if (!reg->layout)
		return hwmsg_errf(err, 0, "register %s (0x%04x): no field layout known",
				  reg->name, reg->id);
	for (i = 0; i < REGDB_WALK_DEPTH; i++)	/* a walk builds no names */
		slots[i].path[0] = slots[i].filter[0] = '\0';
	/* the top alone, unless the whole could pass the limit on values */
	if (flags & HWMSG_REG_WALK_SKIP_ZERO) {
		zm.n = 0;
		d.zm = &zm;
	}
	if (flags & HWMSG_REG_WALK_INDEX)
		flags |= HWMSG_REG_WALK_TOP;
	if ((flags & HWMSG_REG_WALK_TOP) &&
	    (reg->max_values ? reg->max_values :
	     regdb_max_values(reg->layout, 0, DECODE_MAX_VALUES)) <=
	    DECODE_MAX_VALUES) {
		d.top = true;
		d.index_only = flags & HWMSG_REG_WALK_INDEX;
	}
	walk_layout(&d, reg->layout, 0, &none, &none, 0);
	if (d.failed)
		return -1;
	return out.n_missing ? 1 : 0;
}

int hwmsg_reg_decode_reg(const struct hwmsg_reg *reg, const uint8_t *payload,
			 size_t len, struct hwmsg_reg_decoded *out,
			 struct hwmsg_err *err)
{
	return decode_reg(reg, payload, len, out, err, false, false, 0);
}

int hwmsg_reg_decode_again(const struct hwmsg_reg *reg, const uint8_t *payload,
			   size_t len, struct hwmsg_reg_decoded *out,
			   struct hwmsg_err *err)
{
	return decode_reg(reg, payload, len, out, err, false, true, 0);
}

int hwmsg_reg_decode_flags(const struct hwmsg_reg *reg, const uint8_t *payload,
			   size_t len, struct hwmsg_reg_decoded *out,
			   struct hwmsg_err *err, unsigned int flags)
{
	return decode_reg(reg, payload, len, out, err, false, true, flags);
}

/*
 * The summary reads only top-level index scalars: each is decoded alone on
 * the stack and written straight into buf (a show line per message), with
 * the same choice as hwmsg_reg_summary() over a full decode.
 */
static bool summary_candidate(const struct hwmsg_reg_field *f)
{
	return f->access == HWMSG_REG_INDEX && !f->count &&
	       f->kind != HWMSG_REG_LAYOUT && f->kind != HWMSG_REG_UNION;
}

/* The fields summary_candidate() and regdb_summary_field() let through
 * whatever the payload (all but a missing one). */
static bool summary_static(const struct hwmsg_reg_field *f)
{
	return summary_candidate(f) && strcmp(f->name, "lp_msb");
}

static atomic_ulong plans_made;

/* Bytes from the payload's start that hold every bit leaf() reads for
 * the plan's fields; 0 when that is more than a key may hold. */
static unsigned int summary_key_len(const struct regdb_summary_plan *p)
{
	uint64_t end = 0;

	for (unsigned int i = 0; i < p->n; i++) {
		const struct hwmsg_reg_field *f = p->fields[i].f;
		uint64_t e = field_bit(f, 0) + f->width;

		if (f->has_msb) {
			uint64_t m = (uint64_t)f->msb_offset * 8 + 32 -
				     f->msb_shift - f->msb_width;

			if (m + f->msb_width > e)
				e = m + f->msb_width;
		}
		if (e > end)
			end = e;
	}
	end = (end + 7) / 8;
	return end <= REGDB_SUMMARY_KEY_MAX ? (unsigned int)end : 0;
}

const struct regdb_summary_plan *regdb_summary_plan(struct hwmsg_regdb *db,
						    const struct hwmsg_reg *reg)
{
	const struct hwmsg_reg_layout *l = reg->layout;
	struct regdb_summary_plan *p;
	unsigned int i, n = 0;

	for (i = 0; l && i < l->n_fields; i++)
		n += summary_static(&l->fields[i]);
	if (!l || !(p = regdb_alloc(db, sizeof(*p) + n * sizeof(p->fields[0]))))
		return NULL;
	for (i = 0; i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];

		if (!summary_static(f))
			continue;
		p->fields[p->n].f = f;
		p->fields[p->n++].fallback = regdb_summary_fallback(f);
	}
	p->key_len = summary_key_len(p);
	p->serial = atomic_fetch_add(&plans_made, 1);
	return p;
}

/* One field of the summary, read alone; false if it is not in payload */
static bool summary_read(struct decoder *d, const struct hwmsg_reg_field *f,
			 struct hwmsg_reg_value *v)
{
	d->out->n_values = 0;
	memset(v, 0, offsetof(struct hwmsg_reg_value, path));
	v->field = f;
	leaf(d, f, v, field_bit(f, 0), 0, 0);
	return !v->missing;
}

/* v (of v->field) into the summary when it has a value; the first
 * fallback field is kept for a summary that ends up empty */
static void summary_add(struct regdb_sbuf *b, const struct hwmsg_reg_value *v,
			bool fallback, struct hwmsg_reg_value *first,
			bool *have_first, unsigned int *n)
{
	if (!*have_first && fallback) {
		memcpy(first, v, offsetof(struct hwmsg_reg_value, path));
		*have_first = true;
	}
	if (!v->raw)
		return;
	regdb_sb_summary_field(b, v->field->name, v);
	(*n)++;
}

static const char *quick_summary(const struct hwmsg_reg *reg,
				 const uint8_t *payload, size_t len,
				 char *buf, size_t size)
{
	struct hwmsg_reg_value v, first;
	struct hwmsg_reg_decoded out = { .reg = reg, .values = &v, .cap = 1 };
	struct decoder d = { .p = payload, .len = payload ? len : 0,
			     .out = &out };
	const struct hwmsg_reg_layout *l = reg->layout;
	const struct regdb_summary_plan *plan = reg->summary;
	struct regdb_sbuf b;
	unsigned int i, n = 0;
	bool have_first = false;

	if (plan && plan->key_len &&
	    regdb_summary_cached(reg, plan, payload, len, buf, size))
		return buf;
	regdb_sb_init(&b, buf, size);
	regdb_sb_puts(&b, reg->name);
	for (i = 0; plan && i < plan->n && n < 3; i++) {
		const struct hwmsg_reg_field *f = plan->fields[i].f;

		if (summary_read(&d, f, &v))
			summary_add(&b, &v, plan->fields[i].fallback, &first,
				    &have_first, &n);
	}
	for (i = 0; !plan && i < l->n_fields && n < 3; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];

		if (!summary_candidate(f))
			continue;
		out.n_values = 0;
		memset(&v, 0, offsetof(struct hwmsg_reg_value, path));
		v.field = f;
		leaf(&d, f, &v, field_bit(f, 0), 0, 0);
		if (regdb_summary_field(&v))
			summary_add(&b, &v, regdb_summary_fallback(f), &first,
				    &have_first, &n);
	}
	if (!n && have_first)
		regdb_sb_summary_field(&b, first.field->name, &first);
	/* kept whole only: a summary cut to a short buf is not the text */
	if (plan && plan->key_len && b.n + 1 < size)
		regdb_summary_keep(reg, plan, payload, len, buf, b.n);
	return buf;
}

const char *hwmsg_reg_index_summary(const struct hwmsg_regdb *db, uint16_t id,
				    const uint8_t *payload, size_t len,
				    char *buf, size_t size)
{
	return hwmsg_reg_index_summary_reg(hwmsg_reg_pick_len(
			db ? hwmsg_regdb_find(db, id) : hwmsg_reg_lookup(id),
			len),
					   payload, len, buf, size);
}

const char *hwmsg_reg_index_summary_reg(const struct hwmsg_reg *reg,
					const uint8_t *payload, size_t len,
					char *buf, size_t size)
{
	struct hwmsg_reg_decoded d;
	const char *ret = NULL;

	if (!reg || !size || !reg->layout)
		return NULL;
	ret = quick_summary(reg, payload, len, buf, size);
	if (ret)
		return ret;
	/* index fields are top-level scalars: skip arrays and records */
	if (decode_reg(reg, payload, len, &d, NULL, true, false,
		       HWMSG_REG_DECODE_NO_FILTER) >= 0)
		ret = hwmsg_reg_summary(&d, buf, size);
	hwmsg_reg_decoded_free(&d);
	return ret;
}

int hwmsg_reg_decode(const struct hwmsg_regdb *db, uint16_t id,
		     const uint8_t *payload, size_t len,
		     struct hwmsg_reg_decoded *out, struct hwmsg_err *err)
{
	const struct hwmsg_reg *reg =
		hwmsg_reg_pick_len(db ? hwmsg_regdb_find(db, id) :
				   hwmsg_reg_lookup(id), len);

	memset(out, 0, sizeof(*out));
	if (!reg)
		return hwmsg_errf(err, 0, "register 0x%04x: unknown", id);
	return hwmsg_reg_decode_reg(reg, payload, len, out, err);
}

void hwmsg_reg_decoded_free(struct hwmsg_reg_decoded *d)
{
	if (!d)
		return;
	free(d->values);
	d->values = NULL;
	d->n_values = d->cap = 0;
}

const struct hwmsg_reg_value *
hwmsg_reg_decoded_get(const struct hwmsg_reg_decoded *d, const char *path)
{
	unsigned int i;

	for (i = 0; i < d->n_values; i++)
		if (!strcmp(d->values[i].path, path))
			return &d->values[i];
	return NULL;
}
