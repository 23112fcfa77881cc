// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The names of registers by id, without their layouts: what
 * hwmsg_reg_name() answers before (or without) the whole built-in
 * database. Filled by the text parser in its names-only mode
 * (regdb_text_names()), so the names come from the same statements.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb_int.h"

void regdb_names_free(struct regdb_names *t)
{
	free(t->e);
	free(t->pool);
	memset(t, 0, sizeof(*t));
}

int regdb_names_add(struct regdb_names *t, const char *name, size_t len,
		    uint16_t id)
{
	if (t->n == t->cap) {
		unsigned int cap = t->cap ? t->cap * 2 : 512;
		struct regdb_name *e = realloc(t->e, cap * sizeof(*e));

		if (!e)
			return -1;
		t->e = e;
		t->cap = cap;
	}
	if (t->pool_len + len + 1 > t->pool_cap) {
		size_t cap = t->pool_cap ? t->pool_cap * 2 : 4096;
		char *p;

		while (cap < t->pool_len + len + 1)
			cap *= 2;
		p = realloc(t->pool, cap);
		if (!p)
			return -1;
		t->pool = p;
		t->pool_cap = cap;
	}
	memcpy(t->pool + t->pool_len, name, len);
	t->pool[t->pool_len + len] = 0;
	t->e[t->n].id = id;
	t->e[t->n].off = (uint32_t)t->pool_len;
	t->pool_len += len + 1;
	t->n++;
	t->sorted = false;
	return 0;
}

static int by_id(const void *a, const void *b)
{
	const struct regdb_name *x = a, *y = b;

	/* equal ids keep their order: the first loaded wins */
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

void regdb_names_sort(struct regdb_names *t)
{
	if (t->n)
		qsort(t->e, t->n, sizeof(*t->e), by_id);
	t->sorted = true;
}

const char *regdb_names_find(const struct regdb_names *t, uint16_t id)
{
	unsigned int lo = 0, hi = t->sorted ? t->n : 0;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (t->e[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->sorted && t->e[lo].id == id ?
	       t->pool + t->e[lo].off : NULL;
}
