// SPDX-License-Identifier: GPL-2.0-or-later
/* The filtered index the message list scrolls through. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "view.h"

int view_init(struct top_view *v, size_t cap)
{
	memset(v, 0, sizeof(*v));
	v->cap = cap;
	v->seqs = calloc(cap ? cap : 1, sizeof(*v->seqs));
	v->tail = true;
	return v->seqs ? 0 : -1;
}

void view_free(struct top_view *v)
{
	filter_clear(&v->filter);
	free(v->seqs);
	memset(v, 0, sizeof(*v));
}

bool filter_active(const struct top_filter *f)
{
	return f->errors_only || f->reg[0];
}

void filter_clear(struct top_filter *f)
{
	hwmsg_filter_free(f->expr);
	f->expr = NULL;
	f->reg[0] = '\0';
}

/* Words never hold these; a display filter mostly does. */
static bool looks_like_expr(const char *text)
{
	return strpbrk(text, "=<>!&|()~{}\"") != NULL;
}

int filter_set(struct top_filter *f, const char *text, struct hwmsg_err *err)
{
	struct hwmsg_filter *expr = NULL;

	if (text[0]) {
		expr = hwmsg_filter_compile(text, err);
		if (!expr && looks_like_expr(text))
			return -1;
	}
	filter_clear(f);
	snprintf(f->reg, sizeof(f->reg), "%s", text);
	f->expr = expr;
	return 0;
}

/* The stored message as the filter language sees a record. */
static bool expr_match(const struct top_filter *f, const struct top_store *s,
		       const struct top_msg *m)
{
	struct hwmsg_record rec;
	struct hwmsg_txn_info txn = {
		.is_response = m->flags & TOP_MSG_RESPONSE,
		.matched = m->flags & TOP_MSG_MATCHED,
		.req_ts_ns = m->ts_ns - m->latency_ns,
		.latency_ns = m->latency_ns,
		.retransmits = m->retransmits,
	};
	struct hwmsg_filter_rec fr = {
		.rec = &rec, .txn = &txn, .number = m->seq + 1,
		.first_ts_ns = s->first_ts_ns,
	};
	struct hwmsg_msg msg;
	struct hwmsg_err err;

	if ((m->flags & TOP_MSG_PAIRED) && txn.is_response)
		txn.req_ref = m->pair_seq + 1;	/* frame numbers from 1 */
	/* the store keeps the payload, not the decode: done again */
	if (store_decode(s, m, &rec, &msg, &err) >= 0)
		fr.msg = &msg;
	return hwmsg_filter_match(f->expr, &fr);
}

bool filter_match(const struct top_filter *f, const struct top_store *s,
		  const struct top_msg *m)
{
	char label[TOP_REG_LABEL_LEN], id[8], dev[160], words[TOP_FILTER_LEN];
	const struct hwmsg_device *d;
	char *w, *save;

	if (f->errors_only && (m->flags & TOP_MSG_DECODED) && !m->status)
		return false;
	if (f->expr)
		return expr_match(f, s, m);
	if (!f->reg[0])
		return true;
	if (!(m->flags & TOP_MSG_DECODED))
		return false;
	top_reg_label(m->reg_id, label, sizeof(label));
	snprintf(id, sizeof(id), "0x%04x", m->reg_id);
	d = store_dev(s, m);
	snprintf(dev, sizeof(dev), "%s/%s", d->bus, d->dev);
	snprintf(words, sizeof(words), "%s", f->reg);
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (!strcasestr(label, w) && !strcasestr(id, w) &&
		    !strcasestr(dev, w))
			return false;
	return true;
}

uint64_t view_at(const struct top_view *v, size_t pos)
{
	if (v->all)
		return pos;
	return v->seqs[(v->head + pos) % v->cap];
}

long view_find(const struct top_view *v, uint64_t seq)
{
	size_t lo = 0, hi = v->count, mid;

	if (v->all)
		return seq < v->count ? (long)seq : -1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (view_at(v, mid) < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < v->count && view_at(v, lo) == seq ? (long)lo : -1;
}

static void drop_front(struct top_view *v, size_t n)
{
	v->head = (v->head + n) % v->cap;
	v->count -= n;
	v->sel = v->sel > n ? v->sel - n : 0;
	v->top = v->top > n ? v->top - n : 0;
}

static void push(struct top_view *v, uint64_t seq)
{
	if (v->count == v->cap)
		drop_front(v, 1);
	v->seqs[(v->head + v->count) % v->cap] = seq;
	v->count++;
}

void view_sync(struct top_view *v, const struct top_store *s, uint64_t from)
{
	size_t n = 0;
	uint64_t seq;

	if (v->all || v->whole)
		return;		/* the ring is not what is shown */
	while (n < v->count && view_at(v, n) < s->first)
		n++;
	if (n)
		drop_front(v, n);
	for (seq = from > s->first ? from : s->first; seq < s->next; seq++)
		if (filter_match(&v->filter, s, store_get(s, seq)))
			push(v, seq);
	if (v->tail || v->sel >= v->count)
		v->sel = v->count ? v->count - 1 : 0;
}

void view_rebuild(struct top_view *v, const struct top_store *s)
{
	uint64_t sel_seq = v->count ? view_at(v, v->sel) : 0;
	size_t pos;

	v->all = false;
	v->whole = false;
	v->head = v->count = v->sel = v->top = 0;
	view_sync(v, s, s->first);
	if (v->tail || !v->count)
		return;
	for (pos = 0; pos < v->count && view_at(v, pos) < sel_seq; pos++)
		;
	v->sel = pos < v->count ? pos : v->count - 1;
}

void view_all(struct top_view *v, uint64_t count)
{
	uint64_t sel_seq = v->count ? view_at(v, v->sel) : 0;

	v->all = true;
	v->whole = false;
	v->head = 0;
	v->count = (size_t)count;
	if (v->tail || sel_seq >= count)
		v->sel = count ? (size_t)count - 1 : 0;
	else
		v->sel = (size_t)sel_seq;
}

void view_whole(struct top_view *v)
{
	v->all = false;
	v->whole = true;
	v->tail = false;
	v->head = v->count = v->sel = v->top = 0;
}

int view_whole_add(struct top_view *v, uint64_t seq)
{
	if (v->count == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 1024;
		uint64_t *seqs = realloc(v->seqs, cap * sizeof(*seqs));

		if (!seqs)
			return -1;
		v->seqs = seqs;
		v->cap = cap;
	}
	v->seqs[v->count++] = seq;	/* head is 0: not a ring */
	return 0;
}

void view_move(struct top_view *v, long delta)
{
	long sel = (long)v->sel + delta;

	if (!v->count)
		return;
	if (sel < 0)
		sel = 0;
	if (sel >= (long)v->count)
		sel = (long)v->count - 1;
	v->sel = (size_t)sel;
	if (delta < 0)
		v->tail = false;
}

void view_home(struct top_view *v)
{
	v->sel = 0;
	v->tail = false;
}

void view_end(struct top_view *v)
{
	v->sel = v->count ? v->count - 1 : 0;
	v->tail = true;
}

void view_scroll(struct top_view *v, size_t rows)
{
	if (!rows)
		rows = 1;
	if (v->sel < v->top)
		v->top = v->sel;
	if (v->sel >= v->top + rows)
		v->top = v->sel - rows + 1;
	if (v->count > rows && v->top > v->count - rows)
		v->top = v->count - rows;
}
