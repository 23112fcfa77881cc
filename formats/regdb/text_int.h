/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the two halves of the text format parser (docs/regdb.md). */
#ifndef HWMSG_REGDB_TEXT_INT_H
#define HWMSG_REGDB_TEXT_INT_H

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
	/* the same, by name (open addressing, a power of two, at most half
	 * full) and by id: a register defined twice is found at once */
	struct hwmsg_reg **by_name;
	unsigned int name_slots;
	uint8_t *ids;		/* 65536 bits; malloc'd: names only has none */
	/* names only (regdb_text_names): register and name statements
	 * go here; fields, enums and layouts are skipped unparsed */
	struct regdb_names *names;
};

/* "FILE:LINE: " + fmt with one "%.*s" of arg; always -1. */
int text_err(struct text_parser *p, const char *fmt, const char *arg,
	     size_t arglen);
bool text_tok_is(const struct tok *t, const char *s);
/* 0x.. hex or decimal (never octal), at most max; -1 if not. */
int text_parse_num(const char *s, size_t len, uint64_t max, uint64_t *out);
/* Identifiers: [A-Za-z_][A-Za-z0-9_]*; labels may start with a digit. */
bool text_valid_name(const struct tok *t);
bool text_valid_label(const struct tok *t);
/* An enum or layout of this text by name, or NULL. */
const void *text_find_named(const struct named *list, const char *s,
			    size_t len);
/* A field line of the open layout (text_field.c). */
int text_parse_field(struct text_parser *p, const struct tok *t,
		     unsigned int n);

#endif
