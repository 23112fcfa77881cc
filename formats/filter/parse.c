// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Filter text to a tree, by precedence as Wireshark 4.0's grammar has it:
 * "or" binds loosest, then "and", then "not"; comparisons do not chain.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter_int.h"

struct parser {
	struct lexer lx;
	struct hwmsg_err *err;
	unsigned int needs;
};

static struct node *parse_or(struct parser *p);

static void node_free(struct node *n)
{
	size_t i;

	if (!n)
		return;
	node_free(n->a);
	node_free(n->b);
	for (i = 0; i < n->n_lits; i++)
		lit_free(&n->lits[i]);
	free(n->lits);
	fref_free(&n->f);
	free(n);
}

static struct node *new_node(struct parser *p, enum nkind kind)
{
	struct node *n = calloc(1, sizeof(*n));

	if (!n)
		hwmsg_errf(p->err, p->lx.cur.col, "out of memory");
	else
		n->kind = kind;
	return n;
}

static int next(struct parser *p)
{
	return lex_next(&p->lx);
}

static int expected(struct parser *p, const char *what)
{
	const struct token *t = &p->lx.cur;

	if (t->tok == T_END)
		return hwmsg_errf(p->err, t->col, "%s expected at the end",
				  what);
	return hwmsg_errf(p->err, t->col, "%s expected, not \"%.*s\"", what,
			  (int)(t->len ? t->len : 1), t->text);
}

static bool is_value(enum tok t)
{
	return t == T_WORD || t == T_STRING;
}

/*
 * glibc's regcomp() copies the tree of a repeated part for each repetition
 * ("a{1000}", "(x+)+"): a filter of 60 characters ("#++++...") took over
 * 2 GB. Refused before compiling: a repetition of a repetition ("a++",
 * "a*{2}"), bounds over REGEX_MAX_BOUND, and more than REGEX_MAX_GROUP_REPS
 * repeated groups (each may double the tree). Returns why, or NULL.
 */
#define REGEX_MAX_BOUND 255
#define REGEX_MAX_GROUP_REPS 8

static const char *regex_too_costly(const char *re)
{
	unsigned int group_reps = 0;
	bool after_rep = false, after_group = false;

	for (const char *c = re; *c; c++) {
		bool rep = *c == '*' || *c == '+' || *c == '?' || *c == '{';

		if (rep && after_rep)
			return "a repetition of a repetition (\"++\", \"*{2}\")";
		if (rep && after_group && ++group_reps > REGEX_MAX_GROUP_REPS)
			return "more than 8 repeated groups";
		if (*c == '{') {
			char *end;
			unsigned long lo = strtoul(c + 1, &end, 10), hi = lo;

			if (*end == ',')
				hi = strtoul(end + 1, &end, 10);
			if (lo > REGEX_MAX_BOUND || hi > REGEX_MAX_BOUND)
				return "a repetition count over 255";
			c = strchr(c, '}');
			if (!c)
				return NULL;	/* regcomp() says what is wrong */
		} else if (*c == '\\' && c[1]) {
			c++;
		} else if (*c == '[') {
			/* a bracket expression: "]" first is a member */
			c += c[1] == '^' ? 2 : 1;
			if (*c == ']')
				c++;
			while (*c && *c != ']')
				c++;
			if (!*c)
				return NULL;
		}
		after_rep = rep;
		after_group = *c == ')';
	}
	return NULL;
}

/* One literal (or a range in a set) for n->f, appended to n->lits. */
static int parse_lit(struct parser *p, struct node *n, bool in_set)
{
	struct lit *l, *grown;

	if (!is_value(p->lx.cur.tok))
		return expected(p, "a value");
	if (p->lx.cur.tok == T_WORD && field_find(p->lx.cur.text, p->lx.cur.len))
		return hwmsg_errf(p->err, p->lx.cur.col,
				  "comparing two fields is not supported");
	grown = realloc(n->lits, (n->n_lits + 1) * sizeof(*n->lits));
	if (!grown)
		return hwmsg_errf(p->err, p->lx.cur.col, "out of memory");
	n->lits = grown;
	l = &n->lits[n->n_lits];
	memset(l, 0, sizeof(*l));
	if (lit_parse(&n->f, &p->lx.cur, l, n->op == T_CONTAINS, p->err))
		return -1;
	n->n_lits++;
	if (n->op == T_MATCHES) {
		char *re = strndup((const char *)l->lo.p, l->lo.len);
		const char *why = re ? regex_too_costly(re) : NULL;
		int rc;

		if (why) {
			free(re);
			return hwmsg_errf(p->err, p->lx.cur.col,
					  "regular expression too costly: %s",
					  why);
		}
		rc = re ? regcomp(&l->re, re, REG_EXTENDED | REG_ICASE |
				  REG_NOSUB) : REG_ESPACE;
		free(re);
		if (rc)
			return hwmsg_errf(p->err, p->lx.cur.col,
					  "not a valid regular expression");
		l->re_ok = true;
	}
	if (next(p))
		return -1;
	if (!in_set || p->lx.cur.tok != T_DOTDOT)
		return 0;
	if (next(p))
		return -1;
	if (!is_value(p->lx.cur.tok))
		return expected(p, "the end of a range");
	if (n->f.type == FT_STR || n->f.type == FT_BYTES)
		return hwmsg_errf(p->err, p->lx.cur.col,
				  "ranges need numbers, times or addresses");
	{
		struct lit hi = { 0 };

		if (lit_parse(&n->f, &p->lx.cur, &hi, false, p->err))
			return -1;
		l->hi = hi.lo;
		l->range = true;
		lit_free(&hi);	/* numbers and times own nothing */
	}
	return next(p);
}

static int parse_set(struct parser *p, struct node *n)
{
	if (p->lx.cur.tok != T_LBRACE)
		return expected(p, "\"{\"");
	if (next(p))
		return -1;
	do {
		if (p->lx.cur.tok == T_COMMA && next(p))
			return -1;
		if (parse_lit(p, n, true))
			return -1;
	} while (p->lx.cur.tok == T_COMMA || is_value(p->lx.cur.tok));
	if (p->lx.cur.tok != T_RBRACE)
		return expected(p, "\",\" or \"}\"");
	return next(p);
}

static bool is_relation(enum tok t)
{
	return t == T_EQ || t == T_NE || t == T_ALL_EQ || t == T_ANY_NE ||
	       t == T_GT || t == T_GE || t == T_LT || t == T_LE ||
	       t == T_CONTAINS || t == T_MATCHES || t == T_IN;
}

/* field [relation value | in {set}] */
static struct node *parse_test(struct parser *p)
{
	struct node *n;
	unsigned int col = p->lx.cur.col;

	if (p->lx.cur.tok != T_WORD) {
		expected(p, "a field name");
		return NULL;
	}
	n = new_node(p, N_EXISTS);
	if (!n)
		return NULL;
	if (fref_resolve(&n->f, &p->lx.cur, p->err) || next(p))
		goto fail;
	p->needs |= n->f.d ? n->f.d->needs :
		    HWMSG_FILTER_NEEDS_MSG | HWMSG_FILTER_NEEDS_REG;
	if (!is_relation(p->lx.cur.tok))
		return n;
	n->op = p->lx.cur.tok;
	n->kind = n->op == T_IN ? N_IN : N_CMP;
	if (n->f.type == FT_PROTO) {
		hwmsg_errf(p->err, col, "%s is a protocol: it can only be tested for presence",
			   n->f.d ? n->f.name : n->f.mlx_name);
		goto fail;
	}
	if ((n->op == T_CONTAINS || n->op == T_MATCHES) &&
	    n->f.type != FT_STR && n->f.type != FT_BYTES &&
	    !(n->op == T_CONTAINS && n->f.type == FT_ETHER)) {
		hwmsg_errf(p->err, p->lx.cur.col, "%s needs a string or bytes field",
			   tok_name(n->op));
		goto fail;
	}
	if (n->op == T_MATCHES && n->f.type != FT_STR) {
		hwmsg_errf(p->err, p->lx.cur.col, "matches needs a string field");
		goto fail;
	}
	if (next(p))
		goto fail;
	if (n->op == T_IN ? parse_set(p, n) : parse_lit(p, n, false))
		goto fail;
	return n;
fail:
	node_free(n);
	return NULL;
}

static struct node *parse_unary(struct parser *p)
{
	struct node *n;

	if (p->lx.cur.tok == T_NOT) {
		if (next(p))
			return NULL;
		n = new_node(p, N_NOT);
		if (n && !(n->a = parse_unary(p))) {
			node_free(n);
			return NULL;
		}
		return n;
	}
	if (p->lx.cur.tok != T_LPAREN)
		return parse_test(p);
	if (next(p))
		return NULL;
	n = parse_or(p);
	if (!n)
		return NULL;
	if (p->lx.cur.tok != T_RPAREN) {
		expected(p, "\")\"");
		node_free(n);
		return NULL;
	}
	if (next(p)) {
		node_free(n);
		return NULL;
	}
	return n;
}

static struct node *parse_binary(struct parser *p, enum tok op,
				 struct node *(*operand)(struct parser *))
{
	struct node *left = operand(p);

	while (left && p->lx.cur.tok == op) {
		struct node *n;

		if (next(p) || !(n = new_node(p, op == T_AND ? N_AND : N_OR))) {
			node_free(left);
			return NULL;
		}
		n->a = left;
		n->b = operand(p);
		if (!n->b) {
			node_free(n);
			return NULL;
		}
		left = n;
	}
	return left;
}

static struct node *parse_and(struct parser *p)
{
	return parse_binary(p, T_AND, parse_unary);
}

static struct node *parse_or(struct parser *p)
{
	return parse_binary(p, T_OR, parse_and);
}

struct hwmsg_filter *hwmsg_filter_compile(const char *text,
					  struct hwmsg_err *err)
{
	struct parser p = { .err = err };
	struct hwmsg_filter *f;
	struct node *root = NULL;

	if (!text)
		text = "";
	if (lex_init(&p.lx, text, err))
		goto out;
	if (p.lx.cur.tok == T_END) {
		hwmsg_errf(err, 0, "the filter is empty");
		goto out;
	}
	root = parse_or(&p);
	if (root && p.lx.cur.tok != T_END) {
		if (is_relation(p.lx.cur.tok))
			hwmsg_errf(err, p.lx.cur.col,
				   "comparisons do not chain: use \"and\"");
		else
			expected(&p, "\"and\", \"or\" or the end");
		node_free(root);
		root = NULL;
	}
out:
	lex_free(&p.lx);
	if (!root)
		return NULL;
	f = calloc(1, sizeof(*f));
	if (!f || !(f->text = strdup(text))) {
		free(f);
		node_free(root);
		hwmsg_errf(err, 0, "out of memory");
		return NULL;
	}
	f->root = root;
	f->needs = p.needs;
	return f;
}

unsigned int hwmsg_filter_needs(const struct hwmsg_filter *f)
{
	return f ? f->needs : 0;
}

const char *hwmsg_filter_text(const struct hwmsg_filter *f)
{
	return f->text;
}

void hwmsg_filter_free(struct hwmsg_filter *f)
{
	if (!f)
		return;
	node_free(f->root);
	hwmsg_reg_decoded_free(&f->dec);
	free(f->text);
	free(f);
}

void hwmsg_filter_perror(const char *prog, const char *text,
			 const struct hwmsg_err *err)
{
	fprintf(stderr, "%s: column %llu: %s\n    %s\n    %*s^\n", prog,
		(unsigned long long)err->offset + 1, err->msg, text,
		(int)err->offset, "");
}
