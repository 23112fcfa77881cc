// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsg diff: collecting each side, then setting them against each other. */
#include <stdlib.h>
#include <string.h>

#include "diff.h"

static int count_error(struct diff_side *d, const struct hwmsg_msg *msg)
{
	const char *fw = msg->has_fw_string ? msg->fw_string : "";
	struct diff_error *e;

	for (size_t i = 0; i < d->n_err; i++) {
		e = &d->err[i];
		if (e->reg_id == msg->op.reg_id && e->method == msg->op.method &&
		    e->status == msg->op.status && !strcmp(e->fw_string, fw)) {
			e->count++;
			return 0;
		}
	}
	e = realloc(d->err, (d->n_err + 1) * sizeof(*e));
	if (!e)
		return -1;
	d->err = e;
	e = &e[d->n_err];
	memset(e, 0, sizeof(*e));
	e->fw_string = strdup(fw);
	if (!e->fw_string)
		return -1;
	e->reg_id = msg->op.reg_id;
	e->method = msg->op.method;
	e->status = msg->op.status;
	e->count = 1;
	d->n_err++;
	return 0;
}

int diff_count(struct diff_side *d, const struct hwmsg_trace_item *it)
{
	if (it->txn->event)
		return 0;
	if (!d->acc && !(d->acc = hwmsg_stats_new(0)))
		return -1;
	if (hwmsg_stats_add(d->acc, it))
		return -1;
	if (it->txn->is_response && it->msg->op.status)
		return count_error(d, it->msg);
	return 0;
}

/* The same instance: the same kind of device (driver), register, index. */
static bool same_instance(const struct hwmsg_state_inst *x,
			  const struct hwmsg_state_inst *y)
{
	return x->reg_id == y->reg_id && !strcmp(x->key, y->key) &&
	       !strcmp(x->driver, y->driver);
}

static int push_pair(struct diff_pair **v, size_t *n,
		     const struct hwmsg_state_inst *a,
		     const struct hwmsg_state_inst *b)
{
	struct diff_pair *p = realloc(*v, (*n + 1) * sizeof(*p));

	if (!p)
		return -1;
	*v = p;
	p[*n].a = a;
	p[(*n)++].b = b;
	return 0;
}

/* Instances of x no instance of y matches go to only (x on side a or b). */
static int compare_states(struct hwmsg_state *x, struct hwmsg_state *y,
			  bool x_is_a, struct diff_result *r)
{
	for (unsigned int i = 0; i < hwmsg_state_count(x); i++) {
		const struct hwmsg_state_inst *p = hwmsg_state_at(x, i), *q = NULL;

		for (unsigned int j = 0; j < hwmsg_state_count(y) && !q; j++)
			if (same_instance(p, hwmsg_state_at(y, j)))
				q = hwmsg_state_at(y, j);
		if (!q) {
			if (push_pair(&r->only, &r->n_only, x_is_a ? p : NULL,
				      x_is_a ? NULL : p))
				return -1;
			continue;
		}
		if (x_is_a && (p->len != q->len ||
			       memcmp(p->payload, q->payload, p->len)) &&
		    push_pair(&r->changed, &r->n_changed, p, q))
			return -1;
	}
	return 0;
}

static bool has_error(const struct diff_side *d, const struct diff_error *e)
{
	for (size_t i = 0; i < d->n_err; i++)
		if (d->err[i].reg_id == e->reg_id &&
		    d->err[i].method == e->method &&
		    d->err[i].status == e->status &&
		    !strcmp(d->err[i].fw_string, e->fw_string))
			return true;
	return false;
}

static bool has_access(const struct diff_side *d,
		       const struct hwmsg_stats_row *a)
{
	return d->acc && hwmsg_stats_find(d->acc, NULL, NULL, a->reg_id,
					  a->method);
}

/* The error kinds of x that y lacks. */
static int errors_only(const struct diff_side *x, const struct diff_side *y,
		       const struct diff_error ***out, size_t *n)
{
	*out = calloc(x->n_err + 1, sizeof(**out));
	if (!*out)
		return -1;
	for (size_t i = 0; i < x->n_err; i++)
		if (!has_error(y, &x->err[i]))
			(*out)[(*n)++] = &x->err[i];
	return 0;
}

/* The registers and methods x accessed and y did not. */
static int accesses_only(const struct diff_side *x, const struct diff_side *y,
			 const struct hwmsg_stats_row ***out, size_t *n)
{
	size_t rows = x->acc ? hwmsg_stats_count(x->acc) : 0;

	*out = calloc(rows + 1, sizeof(**out));
	if (!*out)
		return -1;
	for (size_t i = 0; i < rows; i++)
		if (!has_access(y, hwmsg_stats_row(x->acc, i)))
			(*out)[(*n)++] = hwmsg_stats_row(x->acc, i);
	return 0;
}

int diff_compare(struct diff_side *a, struct diff_side *b,
		 struct diff_result *r)
{
	if (compare_states(a->state, b->state, true, r) ||
	    compare_states(b->state, a->state, false, r))
		return -1;
	if (errors_only(a, b, &r->err_only_a, &r->n_err_a) ||
	    errors_only(b, a, &r->err_only_b, &r->n_err_b) ||
	    accesses_only(a, b, &r->acc_only_a, &r->n_acc_a) ||
	    accesses_only(b, a, &r->acc_only_b, &r->n_acc_b))
		return -1;
	return 0;
}

bool diff_differs(const struct diff_result *r)
{
	return r->n_changed || r->n_only || r->n_err_a || r->n_err_b ||
	       r->n_acc_a || r->n_acc_b;
}

void diff_result_free(struct diff_result *r)
{
	free(r->changed);
	free(r->only);
	free(r->err_only_a);
	free(r->err_only_b);
	free(r->acc_only_a);
	free(r->acc_only_b);
	memset(r, 0, sizeof(*r));
}

void diff_side_free(struct diff_side *d)
{
	for (size_t i = 0; i < d->n_err; i++)
		free(d->err[i].fw_string);
	hwmsg_stats_free(d->acc);
	free(d->err);
	hwmsg_state_free(d->state);
	memset(d, 0, sizeof(*d));
}
