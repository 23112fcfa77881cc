// SPDX-License-Identifier: GPL-2.0-or-later
/* The trace cursor: each record decoded, paired and selected once. */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/trace.h"

#define MAX_SELECT 16

struct hwmsg_trace {
	unsigned int flags;
	struct hwmsg_txn *txn;
	struct hwmsg_filter *sel[MAX_SELECT];
	unsigned int n_sel;
	struct hwmsg_reader *r;
	uint64_t frames_before;		/* of the files closed */
	uint64_t fed;			/* records handed in */
	uint64_t n;			/* records seen */
	uint64_t first_ts;
	uint64_t last_frame;		/* of the record just returned */
	bool last_stored;		/* it went to the txn */
	hwmsg_trace_orphan_cb evict_cb;
	void *evict_arg;
};

struct hwmsg_trace *hwmsg_trace_new(unsigned int flags)
{
	struct hwmsg_trace *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->flags = flags;
	if ((flags & HWMSG_TRACE_PAIR) == HWMSG_TRACE_PAIR) {
		t->txn = hwmsg_txn_new();
		if (!t->txn) {
			free(t);
			return NULL;
		}
	}
	return t;
}

void hwmsg_trace_free(struct hwmsg_trace *t)
{
	if (!t)
		return;
	hwmsg_trace_close(t);
	hwmsg_txn_free(t->txn);
	free(t);
}

void hwmsg_trace_select(struct hwmsg_trace *t, struct hwmsg_filter *f)
{
	/* more than the commands' own options make is a caller's bug */
	if (t->n_sel < MAX_SELECT)
		t->sel[t->n_sel++] = f;
}

/* Refs inside are frame << 1 | mark; what callers see is the frame. */
struct orphan_relay {
	hwmsg_trace_orphan_cb cb;
	void *arg;
};

static void relay_orphan(const struct hwmsg_txn_orphan *o, void *arg)
{
	const struct orphan_relay *r = arg;
	struct hwmsg_txn_orphan f = *o;

	f.ref = o->ref >> 1;
	r->cb(&f, o->ref & 1, r->arg);
}

static void relay_evicted(const struct hwmsg_txn_orphan *o, void *arg)
{
	struct hwmsg_trace *t = arg;
	struct orphan_relay r = { t->evict_cb, t->evict_arg };

	relay_orphan(o, &r);
}

void hwmsg_trace_set_evict_cb(struct hwmsg_trace *t, hwmsg_trace_orphan_cb cb,
			      void *arg)
{
	t->evict_cb = cb;
	t->evict_arg = arg;
	if (t->txn)
		hwmsg_txn_set_evict_cb(t->txn, cb ? relay_evicted : NULL, t);
}

int hwmsg_trace_open(struct hwmsg_trace *t, const char *path,
		     struct hwmsg_err *err)
{
	hwmsg_trace_close(t);
	t->r = hwmsg_reader_open(path, err);
	return t->r ? 0 : -1;
}

struct hwmsg_reader *hwmsg_trace_reader(const struct hwmsg_trace *t)
{
	return t->r;
}

void hwmsg_trace_close(struct hwmsg_trace *t)
{
	if (!t->r)
		return;
	t->frames_before += hwmsg_reader_info(t->r)->packets;
	hwmsg_reader_close(t->r);
	t->r = NULL;
}

static void step(struct hwmsg_trace *t, struct hwmsg_trace_item *it,
		 uint64_t frame)
{
	struct hwmsg_txn_info *fi = &it->txn_;

	if (!t->n++)
		t->first_ts = it->rec.ts_ns;
	t->last_frame = frame;
	it->frame = frame;
	it->first_ts_ns = t->first_ts;
	it->msg = NULL;
	it->txn = NULL;
	it->req_marked = false;
	it->decode_rc = -1;
	t->last_stored = false;
	if (t->flags & HWMSG_TRACE_DECODE) {
		it->decode_rc = hwmsg_msg_decode(&it->rec, &it->msg_,
						 &it->decode_err);
		if (it->decode_rc >= 0)
			it->msg = &it->msg_;
	}
	if (t->txn) {
		memset(&it->raw_, 0, sizeof(it->raw_));
		if (it->msg) {
			hwmsg_txn_feed_ref(t->txn, &it->rec, it->msg,
					   frame << 1, &it->raw_);
			t->last_stored = true;	/* if a request: txn knows */
		}
		*fi = it->raw_;
		fi->req_ref >>= 1;
		fi->first_ref >>= 1;
		fi->prev_ref >>= 1;
		it->req_marked = it->raw_.is_response && it->raw_.matched &&
				 (it->raw_.req_ref & 1);
		it->txn = fi;
	}
	it->fr = (struct hwmsg_filter_rec){
		.rec = &it->rec, .msg = it->msg, .txn = it->txn,
		.number = frame, .first_ts_ns = t->first_ts,
	};
	it->selected = true;
	for (unsigned int i = 0; i < t->n_sel && it->selected; i++)
		it->selected = hwmsg_filter_match(t->sel[i], &it->fr);
}

int hwmsg_trace_next(struct hwmsg_trace *t, struct hwmsg_trace_item *it,
		     struct hwmsg_err *err)
{
	int ret;

	if (!t->r)
		return 0;
	ret = hwmsg_reader_next(t->r, &it->rec, err);
	if (ret <= 0)
		return ret;
	step(t, it, t->frames_before + hwmsg_reader_info(t->r)->packets);
	return 1;
}

void hwmsg_trace_feed(struct hwmsg_trace *t, const struct hwmsg_record *rec,
		      struct hwmsg_trace_item *it)
{
	it->rec = *rec;
	t->fed++;
	step(t, it, hwmsg_trace_frames(t));
}

void hwmsg_trace_mark(struct hwmsg_trace *t)
{
	if (t->last_stored)
		hwmsg_txn_set_ref(t->txn, t->last_frame << 1 | 1);
}

unsigned int hwmsg_trace_orphans(struct hwmsg_trace *t, uint64_t now_ns,
				 uint64_t timeout_ns, hwmsg_trace_orphan_cb cb,
				 void *arg)
{
	struct orphan_relay r = { cb, arg };

	if (!t->txn)
		return 0;
	return hwmsg_txn_orphans(t->txn, now_ns, timeout_ns, relay_orphan, &r);
}

uint64_t hwmsg_trace_frames(const struct hwmsg_trace *t)
{
	return t->frames_before + t->fed +
	       (t->r ? hwmsg_reader_info(t->r)->packets : 0);
}
