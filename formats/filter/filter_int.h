/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The filter language inside: tokens, fields, values, the compiled tree. */
#ifndef HWMSG_FILTER_INT_H
#define HWMSG_FILTER_INT_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/devlink_event.h"
#include "hwmsg/filter.h"
#include "hwmsg/regdb.h"

/* ---- tokens ---------------------------------------------------------- */

enum tok {
	T_END, T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_COMMA, T_DOTDOT,
	T_AND, T_OR, T_NOT,
	T_EQ, T_NE, T_ALL_EQ, T_ANY_NE, T_GT, T_GE, T_LT, T_LE,
	T_CONTAINS, T_MATCHES, T_IN,
	T_WORD,		/* a field name, number, address, enum name */
	T_STRING,	/* "...", escapes resolved */
};

struct token {
	enum tok tok;
	unsigned int col;	/* 0-based column of its first character */
	const char *text;	/* T_WORD: into the source; T_STRING: owned */
	size_t len;
};

struct lexer {
	const char *src;
	size_t pos;
	struct token cur;
	char *strbuf;		/* the current T_STRING's bytes */
	struct hwmsg_err *err;
};

int lex_init(struct lexer *lx, const char *src, struct hwmsg_err *err);
/* Read the next token into lx->cur; -1 on a bad character (err set). */
int lex_next(struct lexer *lx);
void lex_free(struct lexer *lx);
const char *tok_name(enum tok t);

/* ---- field values ---------------------------------------------------- */

enum ftype {
	FT_PROTO,	/* presence only: "emad", "mlxreg.paos" */
	FT_UINT,
	FT_INT,
	FT_BOOL,
	FT_STR,
	FT_BYTES,
	FT_ETHER,
	FT_IPV4,
	FT_IPV6,
	FT_RELTIME,	/* ns */
	FT_ABSTIME,	/* ns since the epoch */
	FT_FRAMENUM,
};

struct fval {
	union {
		uint64_t u;
		int64_t i;	/* FT_INT, FT_RELTIME, FT_ABSTIME */
	};
	const uint8_t *p;	/* STR, BYTES, ETHER, IPV6 */
	size_t len;
};

struct ectx;

/* Call fn for each value of a field in the record; stops when fn returns
 * true. Returns how many values were visited (0: the field is absent). */
typedef bool (*fval_fn)(void *arg, const struct fval *v);

/* How to read a field of include/hwmsg/fields.h (its name, type and value
 * names are there). */
struct fdesc {
	uint8_t needs;			/* enum hwmsg_filter_needs */
	/* 1 with *v set when the field is in the record, else 0 */
	int (*get)(struct ectx *c, struct fval *v);
	/* or, for a field with a value per TLV: fref_values() alike */
	unsigned int (*each)(struct ectx *c, fval_fn fn, void *arg);
};

const struct fdesc *field_find(const char *name, size_t len);

/* ---- compiled tree --------------------------------------------------- */

/* A field reference: built in, or a register field by its filter name. */
struct fref {
	const struct fdesc *d;		/* NULL: mlxreg */
	const char *name;		/* d: its name in the table */
	uint8_t type;
	const struct hwmsg_name *enums;
	uint32_t bits;			/* FT_INT: sign bit position + 1 */
	/* mlxreg: "mlxreg" (no reg), "mlxreg.paos" or a leaf's filter */
	char *mlx_name;
	bool mlx_any_reg;		/* plain "mlxreg" */
	uint16_t reg_id;		/* the register it names */
	bool mlx_leaf;
};

struct lit {
	struct fval lo, hi;		/* hi: a range "a..b" in a set */
	bool range;
	uint8_t *own;			/* bytes lo.p points to */
	bool re_ok;
	regex_t re;			/* matches */
};

enum nkind { N_AND, N_OR, N_NOT, N_EXISTS, N_CMP, N_IN };

struct node {
	enum nkind kind;
	struct node *a, *b;		/* AND/OR/NOT */
	struct fref f;			/* EXISTS/CMP/IN */
	enum tok op;			/* CMP */
	struct lit *lits;		/* CMP: one; IN: the set */
	size_t n_lits;
};

struct hwmsg_filter {
	char *text;
	struct node *root;
	unsigned int needs;
	/* match-time scratch: the current record's register decode */
	struct hwmsg_reg_decoded dec;
	bool dec_init;
};

/* Parse a literal token for a field of type f; -1 with err set. */
int lit_parse(const struct fref *f, const struct token *t, struct lit *l,
	      bool for_contains, struct hwmsg_err *err);
void lit_free(struct lit *l);
/* a <=> b for the field's type (numbers, times, bytes, strings) */
int fval_cmp(uint8_t type, const struct fval *a, const struct fval *b);

/* Resolve a field name; -1 with err set ("... is not a field"). */
int fref_resolve(struct fref *f, const struct token *t,
		 struct hwmsg_err *err);
void fref_free(struct fref *f);

/* ---- evaluation ------------------------------------------------------ */

struct ectx {
	struct hwmsg_filter *flt;
	const struct hwmsg_filter_rec *r;
	int dec_state;			/* 0 not tried, 1 decoded, -1 none */
	int ev_state;			/* the same for ev */
	struct hwmsg_devlink_event ev;	/* a devlink_event record's */
};

/* ---- register fields (regfields.c) ----------------------------------- */

int regfield_resolve(struct fref *f, const char *name, unsigned int col,
		     struct hwmsg_err *err);
/* The record's register payload decoded once per match; NULL: no layout
 * decodes it. */
const struct hwmsg_reg_decoded *regfield_decoded(struct ectx *c);
unsigned int regfield_values(struct ectx *c, const struct fref *f, fval_fn fn,
			     void *arg);

unsigned int fref_values(struct ectx *c, const struct fref *f, fval_fn fn,
			 void *arg);

#endif
