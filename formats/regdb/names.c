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
	unsigned int lo = 0, hi = t->n;

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
	/* kept sorted: after the entries of ids <= id, so that the first
	 * added of an id wins (the files list ids mostly in order: the
	 * moves are short, and there is no sort at the end) */
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (t->e[mid].id <= id)
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(t->e + lo + 1, t->e + lo, (t->n - lo) * sizeof(*t->e));
	t->e[lo].id = id;
	t->e[lo].off = (uint32_t)t->pool_len;
	t->pool_len += len + 1;
	t->n++;
	return 0;
}

const char *regdb_names_find(const struct regdb_names *t, uint16_t id)
{
	unsigned int lo = 0, hi = t->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (t->e[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->e[lo].id == id ? t->pool + t->e[lo].off : NULL;
}
