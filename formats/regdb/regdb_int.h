/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the register database loaders: memory and registration. */
#ifndef HWMSG_REGDB_INT_H
#define HWMSG_REGDB_INT_H

#include <string.h>

#include "hwmsg/regdb.h"

/* Layouts nest at most this deep (guards against cycles in ADB files). */
#define REGDB_MAX_DEPTH 8
/* Depths a decoded value can have: a union and its arm take two each. */
#define REGDB_WALK_DEPTH (REGDB_MAX_DEPTH * 3 + 2)

/* hwmsg_reg_kind_is_number(), inline: the decoder asks it per field */
#define REGDB_NUMBER_KINDS (1u << HWMSG_REG_UINT | 1u << HWMSG_REG_INT |  \
			    1u << HWMSG_REG_BOOL | 1u << HWMSG_REG_ENUM |  \
			    1u << HWMSG_REG_FLAGS | 1u << HWMSG_REG_U64 |  \
			    1u << HWMSG_REG_IPV4)

static inline bool regdb_is_number(uint8_t kind)
{
	return kind < 32 && (REGDB_NUMBER_KINDS >> kind & 1);
}

/* Zeroed memory owned by db, freed with it; NULL when out of memory. */
void *regdb_alloc(struct hwmsg_regdb *db, size_t size);
char *regdb_strndup(struct hwmsg_regdb *db, const char *s, size_t n);
char *regdb_strdup(struct hwmsg_regdb *db, const char *s);

/*
 * Add reg unless its id is taken (the first loaded wins, except that a
 * layout replaces a bare name, keeping that name); sets reg->lname.
 * Returns 1 if added, 0 if skipped, -1 when out of memory.
 */
int regdb_add(struct hwmsg_regdb *db, struct hwmsg_reg *reg);

/*
 * Register names by id without layouts (names.c): what hwmsg_reg_name()
 * needs, a few pages instead of the whole database's (stat names every
 * register it counts and decodes none).
 */
struct regdb_name {
	uint16_t id;
	uint32_t off;		/* into pool */
};

struct regdb_names {
	struct regdb_name *e;	/* by id, then in the order added */
	unsigned int n, cap;
	char *pool;		/* the names, NUL-terminated */
	size_t pool_len, pool_cap;
};

int regdb_names_add(struct regdb_names *t, const char *name, size_t len,
		    uint16_t id);
/* The first name added for id, or NULL. */
const char *regdb_names_find(const struct regdb_names *t, uint16_t id);
void regdb_names_free(struct regdb_names *t);
/*
 * The text parser in its names-only mode: the register and name
 * statements of text into t, the rest skipped unparsed (a text that
 * hwmsg_regdb_load_text() accepts gives the names it would add).
 */
int regdb_text_names(struct regdb_names *t, const char *text, size_t len,
		     const char *file, struct hwmsg_err *err);

/* The built-in text files, embedded at build time (builtin_db.c). */
struct regdb_text_file {
	const char *name;
	const char *text;
	size_t len;
};
extern const struct regdb_text_file regdb_builtin_files[];
extern const unsigned int regdb_builtin_n_files;

/*
 * Text into a fixed buffer without printf's per-call parsing (a show line
 * builds one summary per message): cuts what does not fit, as snprintf
 * would, and always terminates (size >= 1).
 */
struct regdb_sbuf {
	char *s;
	size_t size;
	size_t n;
};

void regdb_sb_init(struct regdb_sbuf *b, char *buf, size_t size);

/* inline: values are a few of these each */
static inline void regdb_sb_put(struct regdb_sbuf *b, const char *p,
				size_t len)
{
	size_t room = b->size - 1 - b->n;

	if (len > room)
		len = room;
	memcpy(b->s + b->n, p, len);
	b->n += len;
	b->s[b->n] = 0;
}

static inline void regdb_sb_puts(struct regdb_sbuf *b, const char *p)
{
	regdb_sb_put(b, p, strlen(p));
}
void regdb_sb_u64(struct regdb_sbuf *b, uint64_t v);
/* " name value": one field of a one-line summary */
void regdb_sb_summary_field(struct regdb_sbuf *b, const char *name,
			    const struct hwmsg_reg_value *v);
/* Is v a top-level index field the summary may show? */
bool regdb_summary_field(const struct hwmsg_reg_value *v);
/*
 * The top-level index scalars of a register, in order: what a one-line
 * summary reads (a show line per message), found once per register.
 */
struct regdb_summary_plan {
	/* the payload bytes the fields lie in (msb parts too): the
	 * summary's key; 0 when more than REGDB_SUMMARY_KEY_MAX */
	unsigned int key_len;
	unsigned long serial;	/* unique: a plan freed and made again at
				 * the same address is another plan */
	unsigned int n;
	struct {
		const struct hwmsg_reg_field *f;
		bool fallback;		/* regdb_summary_fallback() */
	} fields[];
};

#define REGDB_SUMMARY_KEY_MAX 32

/*
 * summary_cache.c: a summary made before for these key bytes of the same
 * register, copied into buf (false: none, or buf too small); keep one
 * just made. Only for a plan with a key_len.
 */
bool regdb_summary_cached(const struct hwmsg_reg *reg,
			  const struct regdb_summary_plan *plan,
			  const uint8_t *payload, size_t len, char *buf,
			  size_t size);
void regdb_summary_keep(const struct hwmsg_reg *reg,
			const struct regdb_summary_plan *plan,
			const uint8_t *payload, size_t len, const char *text,
			size_t text_len);

/* NULL when out of memory (or no layout). */
const struct regdb_summary_plan *regdb_summary_plan(struct hwmsg_regdb *db,
						    const struct hwmsg_reg *reg);

/* Values a decode of l can yield at most, or cap + 1 if more. */
unsigned long regdb_max_values(const struct hwmsg_reg_layout *l,
			       unsigned int depth, unsigned long cap);

/* A leaf the text leaves out: zero (a named zero scalar is not). */
bool regdb_leaf_is_zero(const struct hwmsg_reg_value *v);
/* swid and slot_index say nothing when zero: not shown instead of none */
bool regdb_summary_fallback(const struct hwmsg_reg_field *f);

#endif
