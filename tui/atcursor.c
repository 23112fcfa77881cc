// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The register state as of the cursor: reading a file whole, the store
 * keeps a state log (checkpoints); the state after the selected record is
 * its checkpoint replayed from the file, kept while the cursor stays (and
 * moved on from when it goes forward a little). Histories come from the
 * same log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define HISTORY_MAX 5000	/* accesses a history holds */

/* How many records the state may be taken after: what both the log and
 * the index have seen. */
static uint64_t known(const struct top_ui *ui)
{
	uint64_t n = hwmsg_state_log_count(ui->store.log);

	return n < ui->browse->count ? n : ui->browse->count;
}

struct hwmsg_state *ui_state(struct top_ui *ui, uint64_t *upto)
{
	struct top_view *v = &ui->view;
	struct hwmsg_err err = { 0 };
	uint64_t n;

	*upto = 0;
	if (!ui->store.log || !ui->browse || !v->count)
		return ui->store.state;
	n = view_at(v, v->sel) + 1;
	if (n > known(ui))
		n = known(ui);
	if (!ui->cur_state || ui->cur_at != n) {
		if (hwmsg_state_log_seek(ui->store.log, &ui->cur_state,
					 &ui->cur_at, n, browse_read,
					 ui->browse, &err)) {
			snprintf(ui->status, sizeof(ui->status),
				 "state as of record %llu: %.200s",
				 (unsigned long long)n, err.msg);
			return ui->store.state;
		}
	}
	*upto = n;
	return ui->cur_state;
}

const struct hwmsg_state_inst *ui_state_selected(struct top_ui *ui)
{
	uint64_t upto;
	struct hwmsg_state *st = ui_state(ui, &upto);

	if (!st || !hwmsg_state_count(st))
		return NULL;
	/* G puts it past the end until the panel draws */
	if (ui->state_sel >= hwmsg_state_count(st))
		ui->state_sel = hwmsg_state_count(st) - 1;
	return hwmsg_state_at(st, ui->state_sel);
}

void ui_history_free(struct top_ui *ui)
{
	hwmsg_state_history_free(ui->h.acc, ui->h.n);
	free(ui->h.cols);
	free(ui->h.width);
	memset(&ui->h, 0, sizeof(ui->h));
}

static bool same_inst(const struct hwmsg_state_inst *a,
		      const struct hwmsg_state_inst *b)
{
	return a->reg_id == b->reg_id && !strcmp(a->key, b->key) &&
	       !strcmp(a->dev, b->dev) && !strcmp(a->bus, b->bus);
}

static int add_access(struct top_hist *h, long *cap, uint64_t seq,
		      uint64_t ts_ns, const struct hwmsg_state_inst *in,
		      enum hwmsg_state_how how)
{
	struct hwmsg_state_access *a;

	/* the newest HISTORY_MAX: drop the oldest half now and then */
	if (h->n == 2 * HISTORY_MAX) {
		for (long i = 0; i < HISTORY_MAX; i++)
			free(h->acc[i].payload);
		memmove(h->acc, h->acc + HISTORY_MAX,
			HISTORY_MAX * sizeof(*a));
		h->n = HISTORY_MAX;
		h->from = h->acc[0].record;
	}
	if (h->n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		a = realloc(h->acc, (size_t)*cap * sizeof(*a));
		if (!a)
			return -1;
		h->acc = a;
	}
	a = &h->acc[h->n];
	a->record = seq;
	a->ts_ns = ts_ns;
	a->how = how;
	a->len = in->len;
	a->payload = malloc(in->len ? in->len : 1);
	if (!a->payload)
		return -1;
	if (in->len)
		memcpy(a->payload, in->payload, in->len);
	h->n++;
	return 0;
}

/*
 * Live (or a pipe): the accesses among the messages the ring keeps,
 * replayed into a state of their own (a write before the ring's first
 * query shows only what it wrote).
 */
static int ring_history(struct top_ui *ui, const struct hwmsg_state_inst *in)
{
	const struct top_store *s = &ui->store;
	struct hwmsg_state *st = hwmsg_state_new();
	struct hwmsg_trace *tr = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	struct hwmsg_trace_item it;
	struct top_hist *h = &ui->h;
	long cap = 0;
	int ret = st && tr ? 0 : -1;

	h->from = s->first;
	h->upto = s->next;
	for (uint64_t seq = s->first; !ret && seq < s->next; seq++) {
		const struct top_msg *m = store_get(s, seq);
		const struct hwmsg_state_inst *t;
		enum hwmsg_state_how how;
		struct hwmsg_record rec;

		if (!m)
			continue;
		store_record(s, m, &rec);
		hwmsg_trace_feed(tr, &rec, &it);
		if (!it.msg)
			continue;
		if (hwmsg_state_feed(st, &it.rec, it.msg, it.txn, seq + 1))
			ret = -1;
		t = hwmsg_state_last(st, &how);
		if (t && same_inst(t, in) &&
		    add_access(h, &cap, seq, m->ts_ns, t, how))
			ret = -1;
	}
	hwmsg_trace_free(tr);
	hwmsg_state_free(st);
	if (h->n > HISTORY_MAX) {
		long drop = h->n - HISTORY_MAX;

		for (long i = 0; i < drop; i++)
			free(h->acc[i].payload);
		memmove(h->acc, h->acc + drop, HISTORY_MAX * sizeof(*h->acc));
		h->n = HISTORY_MAX;
		h->from = h->acc[0].record;
	}
	return ret;
}

bool ui_history_open(struct top_ui *ui, const struct hwmsg_state_inst *in,
		     uint64_t upto)
{
	struct hwmsg_err err = { 0 };
	struct top_hist *h = &ui->h;

	ui_history_free(ui);
	if (!ui->store.log || !ui->browse || !upto) {
		if (ring_history(ui, in) < 0) {
			ui_history_free(ui);
			snprintf(ui->status, sizeof(ui->status),
				 "history: out of memory");
			return false;
		}
		goto found;
	}
	h->n = hwmsg_state_log_history(ui->store.log, in->id, upto,
				       HISTORY_MAX, browse_read, ui->browse,
				       &h->acc, &h->from, &err);
	if (h->n < 0) {
		h->n = 0;
		snprintf(ui->status, sizeof(ui->status), "history: %.200s",
			 err.msg);
		return false;
	}
	h->upto = upto;
found:
	h->id = in->id;
	h->reg_id = in->reg_id;
	h->at_end = true;
	snprintf(h->name, sizeof(h->name), "%s  %s", in->dev, in->key);
	if (hist_prepare(h) < 0) {
		ui_history_free(ui);
		snprintf(ui->status, sizeof(ui->status),
			 "history: out of memory");
		return false;
	}
	return true;
}
