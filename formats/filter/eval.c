// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Matching a record. As in Wireshark 4.0 a comparison is false when the
 * field is absent; with several values (register arrays) ==, <, contains,
 * matches and in hold if any value does, != and === only if all do.
 */
#include <string.h>

#include "filter_int.h"

static bool test_one(const struct node *n, const struct lit *l,
		     const struct fval *v)
{
	uint8_t type = n->f.type;
	char buf[512];
	int c;

	switch (n->op) {
	case T_CONTAINS:
		return l->lo.len <= v->len &&
		       (!l->lo.len || memmem(v->p, v->len, l->lo.p, l->lo.len));
	case T_MATCHES:
		c = (int)(v->len < sizeof(buf) ? v->len : sizeof(buf) - 1);
		memcpy(buf, v->p, (size_t)c);
		buf[c] = 0;
		return !regexec(&l->re, buf, 0, NULL, 0);
	case T_IN:
		if (l->range)
			return fval_cmp(type, v, &l->lo) >= 0 &&
			       fval_cmp(type, v, &l->hi) <= 0;
		return !fval_cmp(type, v, &l->lo);
	default:
		break;
	}
	c = fval_cmp(type, v, &l->lo);
	switch (n->op) {
	case T_EQ:
	case T_ALL_EQ:
		return !c;
	case T_NE:
	case T_ANY_NE:
		return c;
	case T_GT:
		return c > 0;
	case T_GE:
		return c >= 0;
	case T_LT:
		return c < 0;
	case T_LE:
		return c <= 0;
	default:
		return false;
	}
}

struct cmp_state {
	const struct node *n;
	bool all;		/* every value must pass (!=, ===) */
	bool result;
};

/* fval_fn: true stops the walk once the answer is known */
static bool visit(void *arg, const struct fval *v)
{
	struct cmp_state *s = arg;
	bool hit = false;
	size_t i;

	for (i = 0; i < s->n->n_lits && !hit; i++)
		hit = test_one(s->n, &s->n->lits[i], v);
	s->result = hit;
	return s->all ? !hit : hit;
}

static bool ignore(void *arg, const struct fval *v)
{
	(void)arg;
	(void)v;
	return true;
}

static bool eval(struct ectx *c, const struct node *n)
{
	struct cmp_state s = { .n = n };

	switch (n->kind) {
	case N_AND:
		return eval(c, n->a) && eval(c, n->b);
	case N_OR:
		return eval(c, n->a) || eval(c, n->b);
	case N_NOT:
		return !eval(c, n->a);
	case N_EXISTS:
		return fref_values(c, &n->f, ignore, NULL) > 0;
	default:
		s.all = n->op == T_NE || n->op == T_ALL_EQ;
		return fref_values(c, &n->f, visit, &s) > 0 && s.result;
	}
}

bool hwmsg_filter_match(struct hwmsg_filter *f,
			const struct hwmsg_filter_rec *r)
{
	struct ectx c = { .flt = f, .r = r };

	return eval(&c, f->root);
}
