// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_reg_print()'s text straight from a payload: the decoder walks it
 * (no list of values with their paths) and each line is written into one
 * growing buffer. A group's line goes out when the group opens and is cut
 * again at its end if nothing under it was printed: what
 * hwmsg_reg_format() decides by looking ahead in a list.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb_int.h"

/* A value's text is cut where hwmsg_reg_format() cuts it. */
#define TEXT_VALUE_MAX 160

struct text_walk {
	struct hwmsg_reg_text *t;
	const char *indent;
	size_t indent_len;
	bool all;
	bool failed;			/* out of memory */
	unsigned long shown;		/* leaves printed so far */
	struct {
		size_t start;		/* where its line starts in t */
		unsigned long shown;	/* leaves printed before it */
	} open[REGDB_WALK_DEPTH];	/* groups by depth */
};

/* Room for n more bytes. */
static bool reserve(struct text_walk *w, size_t n)
{
	struct hwmsg_reg_text *t = w->t;
	size_t cap;
	char *s;

	if (t->cap - t->len >= n)
		return true;
	cap = t->cap ? t->cap : 4096;
	while (cap - t->len < n)
		cap *= 2;
	s = realloc(t->s, cap);
	if (!s) {
		w->failed = true;
		return false;
	}
	t->s = s;
	t->cap = cap;
	return true;
}

/*
 * "<indent><2 spaces per depth><name>[<index>]": the name as the last
 * element of a path cut to HWMSG_REG_PATH_MAX - 1 (what the list-based
 * printer shows); returns the name's length.
 */
static size_t line_start(struct text_walk *w,
			 const struct hwmsg_reg_value *v, unsigned int depth,
			 const char *name, long index)
{
	struct hwmsg_reg_text *t = w->t;
	size_t n, room = HWMSG_REG_PATH_MAX - 1;
	char *p, *dot;
	/* a field's own name with no dot: its length is known */
	bool plain = name == v->field->name && v->field->name_len;

	memcpy(t->s + t->len, w->indent, w->indent_len);
	t->len += w->indent_len;
	memset(t->s + t->len, ' ', 2 * (size_t)depth);
	t->len += 2 * (size_t)depth;
	p = t->s + t->len;
	n = plain ? v->field->name_len : strlen(name);
	if (n > room)
		n = room;
	memcpy(p, name, n);
	if (index >= 0) {
		char d[HWMSG_REG_INDEX_MAX];
		size_t k = hwmsg_reg_index_suffix(d, (unsigned long)index);

		if (k > room - n)
			k = room - n;
		memcpy(p + n, d, k);
		n += k;
	}
	dot = plain ? NULL : memrchr(p, '.', n);
	if (dot) {		/* names with dots (vendor files) */
		n -= (size_t)(dot + 1 - p);
		memmove(p, dot + 1, n);
	}
	t->len += n;
	return n;
}

/* " <value>" after the name padded as hwmsg_reg_print() pads it */
static void line_value_pad(struct text_walk *w, unsigned int depth, size_t n)
{
	struct hwmsg_reg_text *t = w->t;
	size_t pad = depth < 12 ? 24 - 2 * (size_t)depth : 1;

	pad = (n < pad ? pad - n : 0) + 1;
	memset(t->s + t->len, ' ', pad);
	t->len += pad;
}

/* A value's line (the value is not one left out); apart from
 * text_value, which leaves most values out at little cost. */
__attribute__((noinline))
static void text_line(struct text_walk *w, const struct hwmsg_reg_value *v,
		      const char *name, long index)
{
	struct hwmsg_reg_text *t = w->t;
	unsigned int depth = v->depth;
	size_t n;

	if (w->failed || depth >= REGDB_WALK_DEPTH)
		return;
	/* indent, spaces, name (cut), pad, value, newline */
	if (!reserve(w, w->indent_len + 2 * (size_t)depth +
			HWMSG_REG_PATH_MAX + 26 + TEXT_VALUE_MAX + 1))
		return;
	if (v->group) {
		w->open[depth].start = t->len;
		w->open[depth].shown = w->shown;
	} else {
		w->shown++;
	}
	n = line_start(w, v, depth, name, index);
	if (v->group && !v->missing) {
		t->s[t->len++] = '\n';
		return;
	}
	line_value_pad(w, depth, n);
	if (v->group) {
		memcpy(t->s + t->len, "<missing>", 9);
		t->len += 9;
	} else {
		hwmsg_reg_value_str(v, t->s + t->len, TEXT_VALUE_MAX);
		t->len += strlen(t->s + t->len);
	}
	t->s[t->len++] = '\n';
}

/* A zero leaf is left out of the text unless all are asked for. */
static void text_value(void *ctx, const struct hwmsg_reg_value *v,
		       const char *name, long index)
{
	struct text_walk *w = ctx;

	if (v->group || w->all || !regdb_leaf_is_zero(v))
		text_line(w, v, name, index);
}

/* A group with nothing printed under it goes (unless it is missing). */
static void text_group_end(void *ctx, const struct hwmsg_reg_value *v)
{
	struct text_walk *w = ctx;

	if (w->failed || w->all || v->missing || v->depth >= REGDB_WALK_DEPTH)
		return;
	if (w->shown == w->open[v->depth].shown)
		w->t->len = w->open[v->depth].start;
}

int hwmsg_reg_text_append(struct hwmsg_reg_text *t, const struct hwmsg_reg *reg,
			  const uint8_t *payload, size_t len,
			  const char *indent, bool all, struct hwmsg_err *err)
{
	static const struct hwmsg_reg_visitor vis = {
		.value = text_value,
		.group_end = text_group_end,
	};
	struct text_walk w = {
		.t = t,
		.indent = indent ? indent : "",
		.indent_len = indent ? strlen(indent) : 0,
		.all = all,
	};
	size_t start = t->len;
	int r;

	/* a record of zeros prints nothing unless all is asked for */
	r = hwmsg_reg_walk(reg, payload, len,
			   all ? 0 : HWMSG_REG_WALK_SKIP_ZERO, &vis, &w, err);
	if (r >= 0 && w.failed)
		r = hwmsg_errf(err, 0, "out of memory");
	if (r < 0)
		t->len = start;
	return r;
}
