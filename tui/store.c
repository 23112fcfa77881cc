// SPDX-License-Identifier: GPL-2.0-or-later
/* The ring of messages hwmsg top shows, and the totals over all of them. */
#include <stdlib.h>
#include <string.h>

#include "store.h"

#define TOP_MAX_DEVS 0xffff
#define TOP_PAIR_SCAN 65536	/* how far back a request is looked for */

static void count_orphan(const struct hwmsg_txn_orphan *o, bool marked,
			 void *arg);

int store_init(struct top_store *s, size_t cap)
{
	memset(s, 0, sizeof(*s));
	if (!cap)
		return -1;
	s->cap = cap;
	s->devs.by_driver = true;	/* a rebound device: another row */
	s->ring = calloc(cap, sizeof(*s->ring));
	s->regs = hwmsg_stats_new(HWMSG_STATS_BY_DEVICE);
	s->t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	s->state = hwmsg_state_new();
	if (!s->ring || !s->regs || !s->t || !s->state) {
		store_free(s);
		return -1;
	}
	/* requests pushed out of a full table are never answered either */
	hwmsg_trace_set_evict_cb(s->t, count_orphan, s);
	return 0;
}

int store_keep_log(struct top_store *s)
{
	struct hwmsg_state_log *l = hwmsg_state_log_new(0);

	if (!l)
		return -1;
	hwmsg_state_free(s->state);
	s->log = l;
	s->state = hwmsg_state_log_state(l);
	return 0;
}

void store_no_state(struct top_store *s)
{
	if (!s->log)
		hwmsg_state_free(s->state);
	s->state = NULL;
}

void store_set_base(struct top_store *s, uint64_t seq)
{
	s->first = s->next = seq;
}

void store_free(struct top_store *s)
{
	uint64_t seq;

	if (s->ring)
		for (seq = s->first; seq < s->next; seq++)
			free(s->ring[seq % s->cap].payload);
	hwmsg_trace_free(s->t);
	if (s->log)
		hwmsg_state_log_free(s->log);
	else
		hwmsg_state_free(s->state);
	hwmsg_devices_free(&s->devs);
	hwmsg_stats_free(s->regs);
	free(s->ring);
	memset(s, 0, sizeof(*s));
}

/* Index of the record's device (and driver); 0 when out of room. */
static uint16_t intern_dev(struct top_store *s, const struct hwmsg_record *rec)
{
	long i = hwmsg_devices_intern(&s->devs, rec->bus, rec->dev,
				      rec->driver, TOP_MAX_DEVS);

	return i < 0 ? 0 : (uint16_t)i;
}

/* The header's counters; the per-register ones are s->regs'. */
static void account(struct top_store *s, const struct top_msg *m)
{
	if (!(m->flags & TOP_MSG_RESPONSE)) {
		if (m->retransmits)
			s->c.retransmits++;
		return;
	}
	if (m->status)
		s->c.errors++;
}

/*
 * The request a response answers: the newest request of the same device
 * sent at req_ts (and with the same tid, for EMADs).
 */
static void pair(struct top_store *s, struct top_msg *rsp, uint64_t req_ts)
{
	uint64_t seq = rsp->seq, stop;
	struct top_msg *q;

	stop = seq - s->first > TOP_PAIR_SCAN ? seq - TOP_PAIR_SCAN : s->first;
	while (seq-- > stop) {
		q = &s->ring[seq % s->cap];
		if (q->dev != rsp->dev || (q->flags & TOP_MSG_RESPONSE) ||
		    !(q->flags & TOP_MSG_DECODED) || q->ts_ns != req_ts ||
		    q->tid != rsp->tid || q->type != rsp->type)
			continue;
		q->pair_seq = rsp->seq;
		q->flags |= TOP_MSG_PAIRED;
		q->latency_ns = rsp->latency_ns;
		rsp->pair_seq = q->seq;
		rsp->flags |= TOP_MSG_PAIRED;
		return;
	}
}

uint64_t store_add(struct top_store *s, const struct hwmsg_record *rec)
{
	struct top_msg *m = &s->ring[s->next % s->cap];
	struct hwmsg_trace_item *it = &s->it;
	const struct hwmsg_txn_info *info;
	const struct hwmsg_msg *msg;

	if (s->next - s->first == s->cap) {
		free(m->payload);
		s->first++;
		s->c.evicted++;
	}
	memset(m, 0, sizeof(*m));
	m->seq = s->next++;
	m->ts_ns = rec->ts_ns;
	m->dev = intern_dev(s, rec);
	m->type = rec->type;
	m->dir = rec->dir;
	m->rec_flags = rec->flags;
	m->devlink_index = rec->devlink_index;
	m->orig_len = rec->orig_len;
	m->payload = malloc(rec->len ? rec->len : 1);
	if (m->payload) {
		memcpy(m->payload, rec->payload, rec->len);
		m->len = rec->len;
	}
	s->c.records++;
	if (rec->ts_ns > s->last_ts_ns)
		s->last_ts_ns = rec->ts_ns;
	if (rec->ts_ns && (!s->first_ts_ns || rec->ts_ns < s->first_ts_ns))
		s->first_ts_ns = rec->ts_ns;

	hwmsg_trace_feed(s->t, rec, it);
	msg = it->msg;
	info = it->txn;
	if (!msg) {
		s->c.undecoded++;
		if (s->log)	/* counted: the log numbers records */
			hwmsg_state_log_feed(s->log, rec, NULL, NULL);
		return m->seq;
	}
	m->flags |= TOP_MSG_DECODED;
	m->reg_id = msg->op.reg_id;
	m->method = msg->op.method;
	m->status = msg->op.status;
	m->cls = msg->op.cls;
	m->tid = msg->op.tid;
	if (msg->op.response)
		m->flags |= TOP_MSG_RESPONSE;
	if (msg->has_fw_string)
		m->flags |= TOP_MSG_FW_STRING;
	if (msg->has_latency) {
		m->flags |= TOP_MSG_HAS_FW_LAT;
		m->fw_latency_us = msg->latency_us;
	}

	m->retransmits = info->retransmits > 255 ? 255 : info->retransmits;
	if (info->is_response && info->matched) {
		m->flags |= TOP_MSG_MATCHED;
		m->latency_ns = info->latency_ns;
		pair(s, m, info->req_ts_ns);
	}
	account(s, m);
	hwmsg_stats_add(s->regs, it);	/* out of memory: not counted */
	/* out of memory: the state view misses this one, nothing else */
	if (s->log)
		hwmsg_state_log_feed(s->log, rec, msg, info);
	else if (s->state)
		hwmsg_state_feed(s->state, rec, msg, info, m->seq + 1);
	return m->seq;
}

const struct top_msg *store_get(const struct top_store *s, uint64_t seq)
{
	if (seq < s->first || seq >= s->next)
		return NULL;
	return &s->ring[seq % s->cap];
}

const struct hwmsg_device *store_dev(const struct top_store *s,
				const struct top_msg *m)
{
	static const struct hwmsg_device none = { "?", "?", "?" };

	return m->dev < s->devs.n ? &s->devs.d[m->dev] : &none;
}

void store_record(const struct top_store *s, const struct top_msg *m,
		  struct hwmsg_record *rec)
{
	const struct hwmsg_device *d = store_dev(s, m);

	memset(rec, 0, sizeof(*rec));
	rec->ts_ns = m->ts_ns;
	rec->bus = d->bus;
	rec->dev = d->dev;
	rec->driver = d->driver;
	rec->devlink_index = m->devlink_index;
	rec->type = m->type;
	rec->dir = m->dir;
	rec->flags = m->rec_flags;
	rec->seq = m->seq;
	rec->payload = m->payload;
	rec->len = m->len;
	rec->orig_len = m->orig_len;
}

int store_decode(const struct top_store *s, const struct top_msg *m,
		 struct hwmsg_record *rec, struct hwmsg_msg *msg,
		 struct hwmsg_err *err)
{
	store_record(s, m, rec);
	memset(msg, 0, sizeof(*msg));
	return hwmsg_msg_decode(rec, msg, err);
}

/* Mark the orphan's request, if we still hold it. */
static void count_orphan(const struct hwmsg_txn_orphan *o, bool marked,
			 void *arg)
{
	struct top_store *s = arg;
	uint64_t seq = s->next, stop;
	const struct hwmsg_device *d;
	struct top_msg *q;

	(void)marked;
	s->c.orphans++;
	stop = s->next - s->first > TOP_PAIR_SCAN ? s->next - TOP_PAIR_SCAN
						  : s->first;
	while (seq-- > stop) {
		q = &s->ring[seq % s->cap];
		if (q->ts_ns + 1000000000u < o->ts_ns)
			return;	/* a second older: it is not here */
		if (q->ts_ns != o->ts_ns || (q->flags & TOP_MSG_RESPONSE) ||
		    !(q->flags & TOP_MSG_DECODED) || q->tid != o->tid ||
		    q->reg_id != o->reg_id)
			continue;
		d = store_dev(s, q);
		if (strcmp(d->dev, o->dev) || strcmp(d->bus, o->bus))
			continue;
		q->flags |= TOP_MSG_ORPHAN;
		return;
	}
}

unsigned int store_reap_orphans(struct top_store *s, uint64_t now_ns,
				uint64_t timeout_ns)
{
	if (!now_ns)
		now_ns = s->last_ts_ns;
	if (timeout_ns && now_ns < timeout_ns)
		return 0;
	return hwmsg_trace_orphans(s->t, now_ns, timeout_ns, count_orphan, s);
}
