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
#include <stdlib.h>
#include <string.h>

#include "text_int.h"

int text_err(struct text_parser *p, const char *fmt, const char *arg,
		size_t arglen)
{
	char what[160];

	snprintf(what, sizeof(what), fmt, (int)arglen, arg);
	return hwmsg_errf(p->err, p->line, "%s:%u: %s", p->file, p->line,
			  what);
}

bool text_tok_is(const struct tok *t, const char *s)
{
	return !t->quoted && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

static bool is_x(char c)
{
	return c == 'x' || c == 'X';
}

/*
 * An unsigned number (0x.. hex, else decimal: never octal) of len chars,
 * by hand: strtoull() on a copy was a fifth of building the built-in
 * database. It takes what strtoull() took (after "0x" a second "0x"
 * prefix, as strtoull's base 16 allows).
 */
int text_parse_num(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	unsigned int base = 10;
	uint64_t v = 0;
	size_t i = 0;

	if (!len || len >= 32 || !isdigit((unsigned char)s[0]))
		return -1;
	if (len > 1 && s[0] == '0' && is_x(s[1])) {
		base = 16;
		i = 2;
		if (len > i + 1 && s[i] == '0' && is_x(s[i + 1]))
			i += 2;
	}
	if (i == len)
		return -1;
	for (; i < len; i++) {
		int d = digit_value(s[i]);

		if (d >= (int)base || v > (UINT64_MAX - (uint64_t)d) / base)
			return -1;
		v = v * base + (uint64_t)d;
	}
	if (v > max)
		return -1;
	*out = v;
	return 0;
}

bool text_valid_name(const struct tok *t)
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
bool text_valid_label(const struct tok *t)
{
	struct tok rest = { "x", 1, false };
	char buf[66];

	if (t->quoted || !t->len || t->len > 64)
		return false;
	buf[0] = 'x';
	memcpy(buf + 1, t->s, t->len);
	rest.s = buf;
	rest.len = t->len + 1;
	return text_valid_name(&rest);
}

const void *text_find_named(const struct named *list, const char *s,
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

	if (text_find_named(*list, name->s, name->len))
		return text_err(p, "'%.*s' is defined twice", name->s, name->len);
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
			return text_err(p, "too many words%.*s", "", 0);
		if (*s == '"') {
			const char *end = strchr(s + 1, '"');

			if (!end)
				return text_err(p, "unterminated string%.*s", "", 0);
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

static unsigned int name_hash(const char *s)
{
	unsigned int h = 2166136261u;	/* FNV-1a */

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

/* The slot of name in by_name: where it is, or the empty one to put it. */
static struct hwmsg_reg **name_slot(struct hwmsg_reg **slots,
				    unsigned int n_slots, const char *name)
{
	unsigned int i = name_hash(name) & (n_slots - 1);

	while (slots[i] && strcmp(slots[i]->name, name))
		i = (i + 1) & (n_slots - 1);
	return &slots[i];
}

static int index_name(struct text_parser *p, struct hwmsg_reg *r)
{
	if (2 * (p->n_regs + 1) > p->name_slots) {
		unsigned int n = p->name_slots ? 2 * p->name_slots : 64, i;
		struct hwmsg_reg **s = calloc(n, sizeof(*s));

		if (!s)
			return hwmsg_errf(p->err, 0, "out of memory");
		for (i = 0; i < p->n_regs; i++)
			*name_slot(s, n, p->regs[i]->name) = p->regs[i];
		free(p->by_name);
		p->by_name = s;
		p->name_slots = n;
	}
	*name_slot(p->by_name, p->name_slots, r->name) = r;
	return 0;
}

static int push_reg(struct text_parser *p, struct hwmsg_reg *r)
{
	if ((p->ids[r->id / 8] & (1u << (r->id % 8))) ||
	    (p->name_slots &&
	     *name_slot(p->by_name, p->name_slots, r->name)))
		return text_err(p, "register %.*s defined twice", r->name,
				strlen(r->name));
	if (hwmsg_regdb_find(p->db, r->id) &&
	    hwmsg_regdb_find(p->db, r->id)->source == HWMSG_REG_BUILTIN)
		return text_err(p, "register id of %.*s already defined", r->name,
			    strlen(r->name));
	if (p->n_regs == p->cap_regs) {
		unsigned int cap = p->cap_regs ? p->cap_regs * 2 : 32;
		struct hwmsg_reg **n = realloc(p->regs, cap * sizeof(*n));

		if (!n)
			return hwmsg_errf(p->err, 0, "out of memory");
		p->regs = n;
		p->cap_regs = cap;
	}
	if (index_name(p, r))
		return -1;
	p->ids[r->id / 8] |= (uint8_t)(1u << (r->id % 8));
	p->regs[p->n_regs++] = r;
	return 0;
}

/* ---- statements ------------------------------------------------------- */

static int parse_enum(struct text_parser *p, const struct tok *t,
		      unsigned int n)
{
	struct hwmsg_name *e;
	unsigned int i, j;

	if (n < 3 || !text_valid_name(&t[1]))
		return text_err(p, "usage: enum NAME LABEL=VALUE ...%.*s", "", 0);
	e = regdb_alloc(p->db, (n - 1) * sizeof(*e));
	if (!e)
		return hwmsg_errf(p->err, 0, "out of memory");
	for (i = 2; i < n; i++) {
		const char *eq = memchr(t[i].s, '=', t[i].len);
		struct tok label;
		uint64_t v;

		if (t[i].quoted || !eq)
			return text_err(p, "enum entry '%.*s' is not LABEL=VALUE",
				    t[i].s, t[i].len);
		label = (struct tok){ t[i].s, (size_t)(eq - t[i].s), false };
		if (!text_valid_label(&label) ||
		    text_parse_num(eq + 1, t[i].len - label.len - 1,
				   UINT32_MAX, &v))
			return text_err(p, "bad enum entry '%.*s'", t[i].s,
				    t[i].len);
		for (j = 0; j < i - 2; j++)
			if (e[j].value == v)
				return text_err(p, "enum value of '%.*s' repeats",
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

	if (text_parse_num(t->s, t->len, 0x10000, &v) || !v || v % 4)
		return text_err(p, "bad length '%.*s' (a multiple of 4 bytes)",
			    t->s, t->len);
	*len = (uint32_t)v;
	return 0;
}

static int parse_layout(struct text_parser *p, const struct tok *t,
			unsigned int n)
{
	struct hwmsg_reg_layout *l;

	if (n != 3 || !text_valid_name(&t[1]))
		return text_err(p, "usage: layout NAME LEN%.*s", "", 0);
	if (text_find_named(p->layouts, t[1].s, t[1].len))
		return text_err(p, "layout '%.*s' is defined twice", t[1].s,
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

	if (text_parse_num(t->s, t->len, 0xffff, &v))
		return text_err(p, "bad register id '%.*s'", t->s, t->len);
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
			text_err(p, "register name '%.*s' must be upper case",
			     name->s, name->len);
			return NULL;
		}
	r->source = HWMSG_REG_BUILTIN;
	return r;
}

/* Names-only mode: the name and id of a register or name statement. */
static int add_name_only(struct text_parser *p, const struct tok *name,
			 const struct tok *id)
{
	uint16_t v;

	if (parse_id(p, id, &v))
		return -1;
	if (regdb_names_add(p->names, name->s, name->len, v))
		return hwmsg_errf(p->err, 0, "out of memory");
	return 0;
}

static int parse_register(struct text_parser *p, const struct tok *t,
			  unsigned int n)
{
	struct hwmsg_reg_layout *l;
	struct hwmsg_reg *r;

	if (n < 4 || n > 5 || !text_valid_name(&t[1]) ||
	    (n == 5 && !t[4].quoted))
		return text_err(p, "usage: register NAME ID LEN [\"description\"]%.*s",
			    "", 0);
	if (p->names)
		return add_name_only(p, &t[1], &t[2]);
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

	if (n != 3 || !text_valid_name(&t[1]))
		return text_err(p, "usage: name NAME ID%.*s", "", 0);
	if (p->names)
		return add_name_only(p, &t[1], &t[2]);
	r = new_reg(p, &t[1]);
	if (!r || parse_id(p, &t[2], &r->id))
		return -1;
	return push_reg(p, r);
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
		return text_parse_field(p, t, n);
	/* names only: what parse_text() did not step over ("enum#...") */
	if (p->names && (text_tok_is(&t[0], "enum") ||
			 text_tok_is(&t[0], "layout")))
		return 0;
	if (text_tok_is(&t[0], "enum"))
		return parse_enum(p, t, n);
	if (text_tok_is(&t[0], "layout"))
		return close_layout(p) ? -1 : parse_layout(p, t, n);
	if (text_tok_is(&t[0], "register"))
		return close_layout(p) ? -1 : parse_register(p, t, n);
	if (text_tok_is(&t[0], "name"))
		return close_layout(p) ? -1 : parse_name(p, t, n);
	return text_err(p, "unknown statement '%.*s' (fields are indented)",
		    t[0].s, t[0].len);
}

/*
 * Read the next logical line (joining backslash continuations) into buf;
 * with no buf, step over it.
 */
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
		cont = len && (*s)[len - 1] == '\\';
		if (!buf) {
			*s = nl ? nl + 1 : end;
			if (!cont)
				return 0;
			continue;
		}
		if (memchr(*s, '\0', len))
			return text_err(p, "NUL byte in text%.*s", "", 0);
		if (cont)
			len--;
		if (n + len + 1 >= TEXT_MAX_LINE)
			return text_err(p, "line too long%.*s", "", 0);
		memcpy(buf + n, *s, len);
		n += len;
		buf[n++] = ' ';
		*s = nl ? nl + 1 : end;
		if (!cont)
			break;
	}
	if (buf)	/* else a continuation ran into the end of the text */
		buf[n ? n - 1 : 0] = 0;
	return 0;
}

/* Does the line at s start with the statement word? */
static bool raw_word(const char *s, const char *end, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(end - s) > n && !memcmp(s, word, n) &&
	       (s[n] == ' ' || s[n] == '\t');
}

/* Every statement of text, in order. */
static int parse_text(struct text_parser *p, const char *text, size_t len)
{
	const char *s = text, *end = text + len;
	char *buf = malloc(TEXT_MAX_LINE);
	unsigned int first;
	int ret = -1;

	if (!buf)
		return hwmsg_errf(p->err, 0, "out of memory");
	while (s < end) {
		unsigned int last;

		/* names only: fields, enums and layouts name no register */
		if (p->names && (*s == ' ' || *s == '\t' ||
				 raw_word(s, end, "enum") ||
				 raw_word(s, end, "layout"))) {
			next_line(p, &s, end, NULL, &first);
			continue;
		}
		if (next_line(p, &s, end, buf, &first))
			goto out;
		/* errors name the first line of a continued statement */
		last = p->line;
		p->line = first;
		if (parse_statement(p, buf))
			goto out;
		p->line = last;
	}
	ret = 0;
out:
	free(buf);
	return ret;
}

int hwmsg_regdb_load_text(struct hwmsg_regdb *db, const char *text,
			  size_t len, const char *file, struct hwmsg_err *err)
{
	struct text_parser p = { .db = db, .file = file ? file : "<text>",
				 .err = err };
	unsigned int i;
	int ret = -1;

	p.ids = calloc(65536 / 8, 1);
	if (!p.ids)
		return hwmsg_errf(err, 0, "out of memory");
	if (parse_text(&p, text, len) || close_layout(&p))
		goto out;
	for (i = 0; i < p.n_regs; i++)
		if (regdb_add(db, p.regs[i]) < 0) {
			hwmsg_errf(err, 0, "out of memory");
			goto out;
		}
	ret = 0;
out:
	free(p.ids);
	free(p.fields);
	free(p.regs);
	free(p.by_name);
	return ret;
}

int regdb_text_names(struct regdb_names *t, const char *text, size_t len,
		     const char *file, struct hwmsg_err *err)
{
	struct text_parser p = { .file = file ? file : "<text>", .err = err,
				 .names = t };

	return parse_text(&p, text, len);
}
