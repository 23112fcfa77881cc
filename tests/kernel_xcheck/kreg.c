// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A reader of the mlxsw driver's reg.h: no C preprocessor, only what the
 * file uses. Comments are blanked (lines kept for messages), object-like
 * #defines are kept as text and evaluated on use (integer constants,
 * + - * / << >> and parentheses), and every MLXSW_REG_DEFINE / MLXSW_ITEM*
 * invocation outside a #define becomes a register or an item. Items are
 * attached to the register their container name names ("reg, sfd, ...").
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kreg.h"

struct define {
	char name[96];
	char *body;
	unsigned int line;
};

struct reader {
	const char *path;
	FILE *err;
	char *text;		/* comments blanked */
	size_t len;
	struct define *defs;
	unsigned int n_defs, cap_defs;
	unsigned int line;	/* of the invocation being read */
	const char *lpos;	/* line_of()'s last answer, to go on from */
	unsigned int lline;
	bool failed;
};

static void rerr(struct reader *r, const char *fmt, const char *what)
{
	if (!r->failed)
		fprintf(r->err, "%s:%u: %s%s\n", r->path, r->line, fmt,
			what ? what : "");
	r->failed = true;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 &&
	    !fseek(f, 0, SEEK_SET) && (buf = malloc((size_t)n + 1)) &&
	    fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = 0;
		*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Comments become spaces, newlines stay: offsets keep their line. */
static void blank_comments(char *s)
{
	char *p = s;

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");
			char *end = e ? e + 2 : p + strlen(p);

			for (; p < end; p++)
				if (*p != '\n')
					*p = ' ';
		} else if (p[0] == '/' && p[1] == '/') {
			for (; *p && *p != '\n'; p++)
				*p = ' ';
		} else if (*p == '"') {
			for (p++; *p && *p != '"' && *p != '\n'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p == '"')
				p++;
		} else {
			p++;
		}
	}
}

/* Line of p; counting on from the last answer when p is after it. */
static unsigned int line_of(struct reader *r, const char *p)
{
	const char *q = r->text;
	unsigned int n = 1;

	if (r->lpos && r->lpos <= p) {
		q = r->lpos;
		n = r->lline;
	}
	for (; q < p; q++)
		n += *q == '\n';
	r->lpos = p;
	r->lline = n;
	return n;
}

/* The end of a (possibly continued) preprocessor line starting at p. */
static const char *directive_end(const char *p)
{
	for (; *p; p++)
		if (*p == '\n' && p[-1] != '\\')
			return p;
	return p;
}

static int add_define(struct reader *r, const char *p, const char *end)
{
	const char *name, *body;
	struct define *d;
	size_t n;
	char *b;

	while (p < end && isspace((unsigned char)*p))
		p++;
	name = p;
	while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
		p++;
	n = (size_t)(p - name);
	if (!n || n >= sizeof(d->name) || *p == '(')
		return 0;	/* function-like: not a constant */
	body = p;
	if (r->n_defs == r->cap_defs) {
		unsigned int cap = r->cap_defs ? r->cap_defs * 2 : 512;
		struct define *nd = realloc(r->defs, cap * sizeof(*nd));

		if (!nd)
			return -1;
		r->defs = nd;
		r->cap_defs = cap;
	}
	d = &r->defs[r->n_defs];
	memcpy(d->name, name, n);
	d->name[n] = 0;
	d->body = malloc((size_t)(end - body) + 1);
	if (!d->body)
		return -1;
	for (b = d->body; body < end; body++)
		*b++ = *body == '\\' || *body == '\n' ? ' ' : *body;
	*b = 0;
	/* enumerators are added from a buffer of their own */
	d->line = name >= r->text && name < r->text + r->len ?
		  line_of(r, name) : 0;
	r->n_defs++;
	return 0;
}

static const struct define *find_define(const struct reader *r,
					const char *name, size_t n)
{
	unsigned int i;

	for (i = r->n_defs; i--;)
		if (strlen(r->defs[i].name) == n &&
		    !strncmp(r->defs[i].name, name, n))
			return &r->defs[i];
	return NULL;
}

/* ---- integer expressions -------------------------------------------- */

struct expr {
	struct reader *r;
	const char *p;
	unsigned int depth;
	bool bad;
};

static int64_t eval_str(struct reader *r, const char *s, unsigned int depth,
			bool *bad);
static int64_t e_sum(struct expr *e);

static void skip_ws(struct expr *e)
{
	while (isspace((unsigned char)*e->p))
		e->p++;
}

static int64_t e_atom(struct expr *e)
{
	int64_t v = 0;

	skip_ws(e);
	if (*e->p == '(') {
		e->p++;
		v = e_sum(e);
		skip_ws(e);
		if (*e->p != ')')
			e->bad = true;
		else
			e->p++;
		return v;
	}
	if (*e->p == '-') {
		e->p++;
		return -e_atom(e);
	}
	if (isdigit((unsigned char)*e->p)) {
		char *end;

		errno = 0;
		v = (int64_t)strtoull(e->p, &end, 0);
		if (errno)
			e->bad = true;
		e->p = end;
		while (*e->p == 'U' || *e->p == 'u' || *e->p == 'L' ||
		       *e->p == 'l')
			e->p++;
		return v;
	}
	if (isalpha((unsigned char)*e->p) || *e->p == '_') {
		const char *name = e->p;
		const struct define *d;

		while (isalnum((unsigned char)*e->p) || *e->p == '_')
			e->p++;
		if ((size_t)(e->p - name) == 4 && !strncmp(name, "true", 4))
			return 1;
		if ((size_t)(e->p - name) == 5 && !strncmp(name, "false", 5))
			return 0;
		d = find_define(e->r, name, (size_t)(e->p - name));
		if (!d || e->depth > 16) {
			e->bad = true;
			return 0;
		}
		return eval_str(e->r, d->body, e->depth + 1, &e->bad);
	}
	e->bad = true;
	return 0;
}

static int64_t e_prod(struct expr *e)
{
	int64_t v = e_atom(e);

	for (;;) {
		skip_ws(e);
		if (*e->p == '*') {
			e->p++;
			v *= e_atom(e);
		} else if (*e->p == '/') {
			int64_t d;

			e->p++;
			d = e_atom(e);
			if (!d) {
				e->bad = true;
				return 0;
			}
			v /= d;
		} else {
			return v;
		}
	}
}

static int64_t e_add(struct expr *e)
{
	int64_t v = e_prod(e);

	for (;;) {
		skip_ws(e);
		if (*e->p == '+') {
			e->p++;
			v += e_prod(e);
		} else if (*e->p == '-') {
			e->p++;
			v -= e_prod(e);
		} else {
			return v;
		}
	}
}

static int64_t e_sum(struct expr *e)
{
	int64_t v = e_add(e);

	for (;;) {
		skip_ws(e);
		if (e->p[0] == '<' && e->p[1] == '<') {
			e->p += 2;
			v <<= e_add(e);
		} else if (e->p[0] == '>' && e->p[1] == '>') {
			e->p += 2;
			v >>= e_add(e);
		} else {
			return v;
		}
	}
}

static int64_t eval_str(struct reader *r, const char *s, unsigned int depth,
			bool *bad)
{
	struct expr e = { .r = r, .p = s, .depth = depth };
	int64_t v = e_sum(&e);

	skip_ws(&e);
	if (e.bad || *e.p)
		*bad = true;
	return v;
}

/* ---- invocations ----------------------------------------------------- */

#define MAX_ARGS 10

struct call {
	char *args[MAX_ARGS];
	unsigned int n;
};

static void call_free(struct call *c)
{
	while (c->n)
		free(c->args[--c->n]);
}

/* Arguments of the invocation whose '(' is at p; returns past ')'. */
static const char *read_args(struct reader *r, const char *p, struct call *c)
{
	int depth = 0;
	const char *start = p + 1;

	for (; *p; p++) {
		if (*p == '(') {
			depth++;
		} else if ((*p == ',' && depth == 1) ||
			   (*p == ')' && depth == 1)) {
			size_t n = (size_t)(p - start);
			char *a;

			if (c->n == MAX_ARGS) {
				rerr(r, "too many arguments", NULL);
				return NULL;
			}
			a = malloc(n + 1);
			if (!a)
				return NULL;
			memcpy(a, start, n);
			a[n] = 0;
			c->args[c->n++] = a;
			start = p + 1;
			if (*p == ')')
				return p + 1;
		} else if (*p == ')') {
			depth--;
		}
	}
	rerr(r, "unterminated invocation", NULL);
	return NULL;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

static int64_t any_arg(struct reader *r, struct call *c, unsigned int i)
{
	bool bad = false;
	int64_t v;

	if (i >= c->n) {
		rerr(r, "missing argument", NULL);
		return 0;
	}
	v = eval_str(r, c->args[i], 0, &bad);
	if (bad || v < -0x10000 || v > 0xffffffffll)
		rerr(r, "cannot evaluate ", trim(c->args[i]));
	return v;
}

static uint32_t num_arg(struct reader *r, struct call *c, unsigned int i)
{
	int64_t v = any_arg(r, c, i);

	if (v < 0)
		rerr(r, "negative ", trim(c->args[i]));
	return (uint32_t)v;
}

static struct kreg *find_reg(struct kreg_file *f, const char *name)
{
	unsigned int i;

	for (i = 0; i < f->n_regs; i++)
		if (!strcmp(f->regs[i].name, name))
			return &f->regs[i];
	return NULL;
}

static int add_reg(struct reader *r, struct kreg_file *f, struct call *c)
{
	struct kreg *regs, *k;
	const char *name;

	if (c->n != 3) {
		rerr(r, "MLXSW_REG_DEFINE takes 3 arguments", NULL);
		return -1;
	}
	regs = realloc(f->regs, (f->n_regs + 1) * sizeof(*regs));
	if (!regs)
		return -1;
	f->regs = regs;
	k = &regs[f->n_regs];
	memset(k, 0, sizeof(*k));
	name = trim(c->args[0]);
	if (strlen(name) >= sizeof(k->name) || find_reg(f, name)) {
		rerr(r, "bad or repeated register name ", name);
		return -1;
	}
	strcpy(k->name, name);
	k->id = (uint16_t)num_arg(r, c, 1);
	k->len = num_arg(r, c, 2);
	k->line = r->line;
	f->n_regs++;
	return r->failed ? -1 : 0;
}

/*
 * PUDE is an event the firmware sends as a register (EMAD), defined by
 * items and MLXSW_REG_PUDE_LEN only: its id is known by name elsewhere.
 */
static struct kreg *add_event(struct reader *r, struct kreg_file *f,
			      const char *cname)
{
	char def[96];
	size_t i, n = strlen(cname);
	const struct define *d;
	struct kreg *regs, *k;
	bool bad = false;

	if (n >= sizeof(k->name) || n + 15 >= sizeof(def))
		goto bad;
	memcpy(def, "MLXSW_REG_", 10);
	for (i = 0; i < n; i++)
		def[10 + i] = (char)toupper((unsigned char)cname[i]);
	memcpy(def + 10 + n, "_LEN", 5);
	d = find_define(r, def, strlen(def));
	if (!d)
		goto bad;
	regs = realloc(f->regs, (f->n_regs + 1) * sizeof(*regs));
	if (!regs)
		return NULL;
	f->regs = regs;
	k = &regs[f->n_regs++];
	memset(k, 0, sizeof(*k));
	memcpy(k->name, cname, n + 1);
	k->len = (uint32_t)eval_str(r, d->body, 0, &bad);
	k->line = r->line;
	k->event = true;
	if (!bad)
		return k;
bad:
	rerr(r, "item of no register or event ", cname);
	return NULL;
}

/* macro name -> what its arguments after (type, cname, iname) are */
static int add_item(struct reader *r, struct kreg_file *f, const char *macro,
		    struct call *c)
{
	struct kitem it = { .line = r->line };
	const char *cname, *iname;
	unsigned int a = 3;
	struct kreg *k;
	bool lp = !strcmp(macro, "MLXSW_ITEM32_LP");

	if (c->n < (lp ? 6u : 5u) || strcmp(trim(c->args[0]), "reg"))
		return 0;	/* not a register item */
	cname = trim(c->args[1]);
	iname = lp ? "local_port" : trim(c->args[2]);
	k = find_reg(f, cname);
	if (!k && !(k = add_event(r, f, cname)))
		return -1;
	if (strlen(iname) >= sizeof(it.name)) {
		rerr(r, "item name too long ", iname);
		return -1;
	}
	strcpy(it.name, iname);
	it.indexed = strstr(macro, "_INDEXED") != NULL;
	if (lp) {
		a = 2;
		it.kind = KITEM_LP;
		it.typesize = 4;
		it.offset = num_arg(r, c, a++);
		it.shift = num_arg(r, c, a++);
		it.msb_offset = num_arg(r, c, a++);
		it.msb_shift = num_arg(r, c, a++);
		it.bits = 8;
	} else if (!strncmp(macro, "MLXSW_ITEM_BUF", 14)) {
		it.kind = KITEM_BUF;
		it.offset = num_arg(r, c, a++);
		it.bytes = num_arg(r, c, a++);
	} else if (!strcmp(macro, "MLXSW_ITEM_BIT_ARRAY")) {
		it.kind = KITEM_BIT_ARRAY;
		it.offset = num_arg(r, c, a++);
		it.bytes = num_arg(r, c, a++);
		it.bits = num_arg(r, c, a++);
		if (!it.bits || it.bits > 8 || 8 % it.bits || !it.bytes)
			rerr(r, "bad bit array ", iname);
	} else {
		it.kind = KITEM_WORD;
		it.typesize = (unsigned int)atoi(macro + 10) / 8;
		if (it.typesize != 1 && it.typesize != 2 && it.typesize != 4 &&
		    it.typesize != 8) {
			rerr(r, "unknown item macro ", macro);
			return -1;
		}
		it.offset = num_arg(r, c, a++);
		it.shift = num_arg(r, c, a++);
		it.bits = num_arg(r, c, a++);
		if (!it.bits || it.shift + it.bits > it.typesize * 8)
			rerr(r, "item does not fit its word ", iname);
	}
	if (it.indexed) {
		it.step = (int32_t)any_arg(r, c, a++);
		it.in_step_offset = num_arg(r, c, a++);
		if (it.kind == KITEM_WORD)
			it.no_real_shift = num_arg(r, c, a++) != 0;
	}
	if (a != c->n)
		rerr(r, "wrong number of arguments to ", macro);
	if (r->failed)
		return -1;
	if (!(k->n_items % 16)) {
		struct kitem *n = realloc(k->items,
					  (k->n_items + 16) * sizeof(*n));

		if (!n)
			return -1;
		k->items = n;
	}
	k->items[k->n_items++] = it;
	f->n_items++;
	return 0;
}

/* "NAME" as a define of value v: later enumerators may refer to it. */
static int define_value(struct reader *r, const char *name, int64_t v)
{
	char text[160];

	snprintf(text, sizeof(text), " %s %lld\n", name, (long long)v);
	return add_define(r, text, text + strlen(text) - 1);
}

/*
 * enum mlxsw_reg_NAME { A [= expr], B, ... }; at p (after "enum "). An
 * enum with a value that does not evaluate is left out.
 */
static const char *add_enum(struct reader *r, struct kreg_file *f,
			    const char *p)
{
	struct kenum e = { .line = line_of(r, p) };
	const char *end, *q = p;
	int64_t next = 0;
	size_t n;

	while (isalnum((unsigned char)*q) || *q == '_')
		q++;
	n = (size_t)(q - p);
	while (isspace((unsigned char)*q))
		q++;
	if (*q != '{' || n >= sizeof(e.name))
		return q;
	memcpy(e.name, p, n);
	e.name[n] = 0;
	end = strchr(q, '}');
	if (!end)
		return q;
	for (q++; q < end;) {
		const char *s, *comma;
		struct kenum_val v = { .value = next };
		char expr[128];
		bool bad = false;

		while (q < end && (isspace((unsigned char)*q) || *q == ','))
			q++;
		if (q >= end)
			break;
		s = q;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		n = (size_t)(q - s);
		if (!n || n >= sizeof(v.name))
			goto skip;
		memcpy(v.name, s, n);
		v.name[n] = 0;
		comma = memchr(q, ',', (size_t)(end - q));
		if (!comma)
			comma = end;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '=') {
			size_t len = (size_t)(comma - q - 1);

			if (len >= sizeof(expr))
				goto skip;
			memcpy(expr, q + 1, len);
			expr[len] = 0;
			v.value = eval_str(r, expr, 0, &bad);
			if (bad)
				goto skip;
		}
		q = comma;
		next = v.value + 1;
		if (define_value(r, v.name, v.value))
			goto skip;
		if (!(e.n_vals % 16)) {
			struct kenum_val *nv = realloc(e.vals, (e.n_vals + 16) *
						      sizeof(*nv));

			if (!nv)
				goto skip;
			e.vals = nv;
		}
		e.vals[e.n_vals++] = v;
	}
	if (e.n_vals) {
		struct kenum *ne = realloc(f->enums, (f->n_enums + 1) *
					   sizeof(*ne));

		if (ne) {
			f->enums = ne;
			f->enums[f->n_enums++] = e;
			return end;
		}
	}
skip:
	free(e.vals);
	return end;
}

int kreg_read(const char *path, struct kreg_file *out, FILE *err)
{
	struct reader r = { .path = path, .err = err };
	const char *p;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	r.text = read_all(path, &r.len);
	if (!r.text) {
		fprintf(err, "%s: cannot read: %s\n", path, strerror(errno));
		return -1;
	}
	blank_comments(r.text);
	/* the constants first: some are defined after their use */
	for (p = r.text; *p; p++) {
		const char *q = p;

		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '#') {
			const char *end = directive_end(q);

			q++;
			while (*q == ' ' || *q == '\t')
				q++;
			if (!strncmp(q, "define", 6) &&
			    add_define(&r, q + 6, end))
				goto out;
			p = end;
		} else {
			p = strchr(p, '\n');
			if (!p)
				break;
		}
		if (!*p)
			break;
	}
	for (p = r.text; *p && !r.failed;) {
		const char *q = p, *id;
		char macro[32];
		struct call c = { .n = 0 };
		size_t n;

		/* skip preprocessor lines: item.h-like macro bodies */
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '#') {
			p = directive_end(q);
			if (*p)
				p++;
			continue;
		}
		for (; *q && *q != '\n'; q++) {
			if (!strncmp(q, "enum mlxsw_reg_", 15) &&
			    (q == r.text || !isalnum((unsigned char)q[-1]))) {
				q = add_enum(&r, out, q + 5);
				if (!*q)
					break;
				if (*q == '\n')
					q--;
				continue;
			}
			if (strncmp(q, "MLXSW_", 6) ||
			    (q > r.text && (isalnum((unsigned char)q[-1]) ||
					    q[-1] == '_')))
				continue;
			id = q;
			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
			n = (size_t)(q - id);
			if (n >= sizeof(macro))
				continue;
			memcpy(macro, id, n);
			macro[n] = 0;
			if (strcmp(macro, "MLXSW_REG_DEFINE") &&
			    strncmp(macro, "MLXSW_ITEM", 10))
				continue;
			while (isspace((unsigned char)*q))
				q++;
			if (*q != '(')
				continue;
			r.line = line_of(&r, id);
			q = read_args(&r, q, &c);
			if (!q)
				goto out;
			if (!strcmp(macro, "MLXSW_REG_DEFINE") ?
			    add_reg(&r, out, &c) : add_item(&r, out, macro, &c)) {
				call_free(&c);
				goto out;
			}
			call_free(&c);
			q--;
		}
		p = *q ? q + 1 : q;
	}
	ret = r.failed || !out->n_regs ? -1 : 0;
	if (!out->n_regs && !r.failed)
		fprintf(err, "%s: no MLXSW_REG_DEFINE found\n", path);
out:
	while (r.n_defs)
		free(r.defs[--r.n_defs].body);
	free(r.defs);
	free(r.text);
	if (ret)
		kreg_free(out);
	return ret;
}

void kreg_free(struct kreg_file *f)
{
	unsigned int i;

	for (i = 0; i < f->n_regs; i++)
		free(f->regs[i].items);
	free(f->regs);
	for (i = 0; i < f->n_enums; i++)
		free(f->enums[i].vals);
	free(f->enums);
	memset(f, 0, sizeof(*f));
}

/* Byte where element index starts, and the bytes it takes. */
static int64_t elem_start(const struct kitem *it, uint32_t index)
{
	return (int64_t)it->offset + (int64_t)it->step * index +
	       it->in_step_offset;
}

static uint32_t elem_bytes(const struct kitem *it)
{
	return it->kind == KITEM_BUF || it->kind == KITEM_BIT_ARRAY ?
	       it->bytes : it->typesize;
}

uint32_t kitem_count(const struct kreg *r, const struct kitem *it)
{
	uint32_t n;

	if (it->kind == KITEM_BIT_ARRAY)
		return it->bytes * 8 / it->bits;
	if (!it->indexed || !it->step)
		return 1;
	for (n = 0; elem_start(it, n) >= 0 &&
		    elem_start(it, n) + elem_bytes(it) <= r->len; n++)
		;
	return n ? n : 1;
}

uint32_t kitem_value_bits(const struct kitem *it)
{
	switch (it->kind) {
	case KITEM_LP:
		return 10;
	case KITEM_BUF:
		return it->bytes * 8;
	default:
		return it->bits;
	}
}

/* OR width bits of value at big-endian bit address bit. */
static void put_bits(uint8_t *buf, uint64_t bit, uint32_t width,
		     uint64_t value)
{
	uint32_t i;

	for (i = 0; i < width; i++) {
		uint64_t b = bit + i;

		if ((value >> (width - 1 - i)) & 1)
			buf[b / 8] |= (uint8_t)(0x80 >> (b % 8));
	}
}

static uint64_t ones(uint32_t bits)
{
	return bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
}

int kitem_set(const struct kitem *it, uint32_t index, uint64_t value,
	      uint8_t *buf, uint32_t len)
{
	int64_t s = elem_start(it, index);
	uint32_t start = (uint32_t)s;

	if (s < 0 || s > len)
		return -1;
	switch (it->kind) {
	case KITEM_BUF:
		if (start + it->bytes > len)
			return -1;
		memset(buf + start, (int)(value & 0xff), it->bytes);
		return 0;
	case KITEM_BIT_ARRAY: {
		uint32_t max = it->bytes * 8 / it->bits - 1, byte, shift;

		if (index > max || it->offset + it->bytes > len)
			return -1;
		byte = it->offset + (max - index) * it->bits / 8;
		shift = index % (8 / it->bits) * it->bits;
		buf[byte] |= (uint8_t)((value & ones(it->bits)) << shift);
		return 0;
	}
	case KITEM_LP:
		if (start + 4 > len || it->msb_offset + 4 > len)
			return -1;
		put_bits(buf, (uint64_t)start * 8 + 32 - it->shift - 8, 8,
			 value & 0xff);
		put_bits(buf, (uint64_t)it->msb_offset * 8 + 32 -
			 it->msb_shift - 2, 2, (value >> 8) & 3);
		return 0;
	case KITEM_WORD:
		if (start + it->typesize > len)
			return -1;
		put_bits(buf, (uint64_t)start * 8 + it->typesize * 8 -
			 it->shift - it->bits, it->bits,
			 value & ones(it->bits));
		return 0;
	}
	return -1;
}
