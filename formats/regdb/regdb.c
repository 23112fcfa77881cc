// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The register database container: owns the memory of every layout, keeps
 * registers sorted by id, and answers lookups.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "regdb_int.h"

/* Everything a database holds lives in a few large chunks, freed at once. */
#define REGDB_CHUNK_SIZE (64 * 1024)

struct regdb_chunk {
	struct regdb_chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct hwmsg_regdb {
	struct regdb_chunk *chunks;	/* the first one has room left */
	struct hwmsg_reg **regs;	/* sorted by id */
	unsigned int n_regs, cap_regs;
};

const struct hwmsg_name hwmsg_reg_kind_names[] = {
	{ HWMSG_REG_UINT, "uint" },
	{ HWMSG_REG_INT, "int" },
	{ HWMSG_REG_BOOL, "bool" },
	{ HWMSG_REG_ENUM, "enum" },
	{ HWMSG_REG_MAC, "mac" },
	{ HWMSG_REG_IPV4, "ipv4" },
	{ HWMSG_REG_IPV6, "ipv6" },
	{ HWMSG_REG_STRING, "string" },
	{ HWMSG_REG_BYTES, "bytes" },
	{ HWMSG_REG_U64, "u64" },
	{ HWMSG_REG_LAYOUT, "layout" },
	{ HWMSG_REG_UNION, "union" },
	{ HWMSG_REG_FLAGS, "flags" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_reg_access_names[] = {
	{ HWMSG_REG_RW, "rw" },
	{ HWMSG_REG_RO, "ro" },
	{ HWMSG_REG_WO, "wo" },
	{ HWMSG_REG_INDEX, "index" },
	{ HWMSG_REG_OP, "op" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_reg_source_names[] = {
	{ HWMSG_REG_BUILTIN, "builtin" },
	{ HWMSG_REG_ADB, "adb" },
	{ 0, NULL }
};

struct hwmsg_regdb *hwmsg_regdb_new(void)
{
	return calloc(1, sizeof(struct hwmsg_regdb));
}

void hwmsg_regdb_free(struct hwmsg_regdb *db)
{
	struct regdb_chunk *c, *next;

	if (!db)
		return;
	for (c = db->chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	free(db->regs);
	free(db);
}

/*
 * size bytes at a multiple of align in the current chunk. Strings take
 * align 1: rounded to 16 bytes they were a third of the built-in
 * database's memory, every page of it touched at start.
 */
static void *chunk_alloc(struct hwmsg_regdb *db, size_t size, size_t align)
{
	struct regdb_chunk *c = db->chunks;
	size_t used = c ? (c->used + align - 1) / align * align : 0, chunk;
	void *p;

	if (!c || used > c->size || c->size - used < size) {
		chunk = size > REGDB_CHUNK_SIZE / 4 ? size : REGDB_CHUNK_SIZE;
		c = malloc(sizeof(*c) + chunk);
		if (!c)
			return NULL;
		c->used = 0;
		c->size = chunk;
		used = 0;
		if (chunk == size && db->chunks) {
			/* a big one: keep filling the current chunk */
			c->next = db->chunks->next;
			db->chunks->next = c;
			c->used = size;
			return c->data;
		}
		c->next = db->chunks;
		db->chunks = c;
	}
	p = (char *)c->data + used;
	c->used = used + size;
	return p;
}

void *regdb_alloc(struct hwmsg_regdb *db, size_t size)
{
	void *p = chunk_alloc(db, size, sizeof(max_align_t));

	if (p)
		memset(p, 0, size);
	return p;
}

char *regdb_strndup(struct hwmsg_regdb *db, const char *s, size_t n)
{
	char *p = chunk_alloc(db, n + 1, 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	return p;
}

char *regdb_strdup(struct hwmsg_regdb *db, const char *s)
{
	return regdb_strndup(db, s, strlen(s));
}

/* Index of the first register with id >= id. */
static unsigned int regdb_lower_bound(const struct hwmsg_regdb *db,
				      uint16_t id)
{
	unsigned int lo = 0, hi = db->n_regs;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (db->regs[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * name_len of every field under l, once per layout (printers copy names
 * per value). The layouts are the database's memory (regdb_alloc).
 */
static void set_name_lens(const struct hwmsg_reg_layout *l, unsigned int depth)
{
	unsigned int i, k;

	if (!l || !l->n_fields || l->fields[0].name_len ||
	    depth > REGDB_WALK_DEPTH)
		return;
	for (i = 0; i < l->n_fields; i++) {
		struct hwmsg_reg_field *f = (struct hwmsg_reg_field *)&l->fields[i];
		size_t n = f->name ? strlen(f->name) : 0;

		if (n && n < HWMSG_REG_PATH_MAX - 24 && !memchr(f->name, '.', n))
			f->name_len = (uint16_t)n;
		set_name_lens(f->layout, depth + 1);
		for (k = 0; k < f->n_cases; k++)
			set_name_lens(f->cases[k].layout, depth + 1);
	}
}

static int regdb_set_names(struct hwmsg_regdb *db, struct hwmsg_reg *reg)
{
	char *lname = regdb_strdup(db, reg->name);
	size_t k;

	if (!lname)
		return -1;
	for (k = 0; lname[k]; k++)
		lname[k] = (char)tolower((unsigned char)lname[k]);
	reg->lname = lname;
	reg->max_values = (uint32_t)regdb_max_values(reg->layout, 0, 1u << 20);
	set_name_lens(reg->layout, 0);
	reg->summary = regdb_summary_plan(db, reg);
	return 0;
}

/* reg joins first's alternatives, unless one of that length is there. */
static int regdb_add_alt(struct hwmsg_regdb *db, struct hwmsg_reg *first,
			 struct hwmsg_reg *reg)
{
	const struct hwmsg_reg *r;

	for (r = first; r; r = r->alt)
		if (r->len == reg->len)
			return 0;
	if (regdb_set_names(db, reg))
		return -1;
	reg->alt = first->alt;
	first->alt = reg;
	return 1;
}

int regdb_add(struct hwmsg_regdb *db, struct hwmsg_reg *reg)
{
	unsigned int i = regdb_lower_bound(db, reg->id);
	bool taken = i < db->n_regs && db->regs[i]->id == reg->id;

	/* two layouts of one id by different names and lengths (the vendor
	 * files' SPMS_V2 and CPID): the second is an alternative */
	if (taken && db->regs[i]->layout && reg->layout &&
	    reg->len != db->regs[i]->len &&
	    strcasecmp(reg->name, db->regs[i]->name))
		return regdb_add_alt(db, db->regs[i], reg);
	/* a layout beats a bare name, whatever the order; the name stays */
	if (taken && (db->regs[i]->layout || !reg->layout))
		return 0;
	if (taken)
		reg->name = db->regs[i]->name;
	if (regdb_set_names(db, reg))
		return -1;
	if (taken) {
		db->regs[i] = reg;
		return 1;
	}
	if (db->n_regs == db->cap_regs) {
		unsigned int cap = db->cap_regs ? db->cap_regs * 2 : 64;
		struct hwmsg_reg **r = realloc(db->regs, cap * sizeof(*r));

		if (!r)
			return -1;
		db->regs = r;
		db->cap_regs = cap;
	}
	memmove(db->regs + i + 1, db->regs + i,
		(db->n_regs - i) * sizeof(*db->regs));
	db->regs[i] = reg;
	db->n_regs++;
	return 1;
}

const struct hwmsg_reg *hwmsg_regdb_find(const struct hwmsg_regdb *db,
					 uint16_t id)
{
	unsigned int i;

	if (!db)
		return NULL;
	i = regdb_lower_bound(db, id);
	return i < db->n_regs && db->regs[i]->id == id ? db->regs[i] : NULL;
}

const struct hwmsg_reg *hwmsg_regdb_find_name(const struct hwmsg_regdb *db,
					      const char *name)
{
	const struct hwmsg_reg *r;
	unsigned int i;

	for (i = 0; db && i < db->n_regs; i++)
		for (r = db->regs[i]; r; r = r->alt)	/* CPID too */
			if (!strcasecmp(r->name, name))
				return r;
	return NULL;
}

unsigned int hwmsg_regdb_count(const struct hwmsg_regdb *db)
{
	return db ? db->n_regs : 0;
}

const struct hwmsg_reg *hwmsg_regdb_at(const struct hwmsg_regdb *db,
				       unsigned int i)
{
	return db && i < db->n_regs ? db->regs[i] : NULL;
}
