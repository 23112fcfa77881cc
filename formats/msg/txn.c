// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing requests with responses. Pending requests live in one fixed pool;
 * each is on the age list (oldest transmission first, for orphans and
 * eviction) and on either the EMAD hash chain of its (device, tid) or the
 * CMD_REG FIFO of its device (mlx4 answers its commands in order).
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/txn.h"

#define NIL UINT32_MAX
/*
 * The EMAD hash starts small and grows with what is pending (a few dozen
 * requests on a healthy device): a table sized for the worst case would
 * make every lookup a cache miss. Powers of two, load at most 1/2.
 */
#define MIN_BUCKETS 256
#define MAX_BUCKETS (HWMSG_TXN_MAX_PENDING * 2)
/* a capture of garbage names must not make every lookup slow */
#define MAX_DEVICES 1024

struct pending {
	uint64_t tid;
	uint64_t ts_ns;		/* last transmission */
	uint64_t ref, first_ref; /* caller's refs: last, first transmission */
	uint32_t dev;
	uint32_t next, prev;	/* hash chain, or the device's FIFO */
	uint32_t older, newer;	/* age list */
	unsigned int retransmits;
	uint16_t reg_id;
	uint16_t type;
	uint8_t method;
};

struct txn_dev {
	char *bus, *dev;
	uint32_t fifo_head, fifo_tail;
};

#define TXN_NAMES_CACHE	8u	/* a power of two */

struct hwmsg_txn {
	struct pending *pool;
	uint32_t *buckets;
	uint32_t n_buckets;	/* a power of two */
	uint32_t n_emad;	/* pending EMADs, on the hash */
	uint32_t free_head;
	uint32_t n_fresh;	/* pool[n_fresh..] never used: not even touched */
	uint32_t oldest, newest;
	struct txn_dev *devs;
	uint32_t n_devs, cap_devs, last_dev;
	/* a record's names_id to its device: no names compared (0: empty) */
	struct {
		uint32_t names_id, dev;
	} by_names[TXN_NAMES_CACHE];
	hwmsg_txn_orphan_cb evict_cb;
	void *evict_arg;
	unsigned long evicted;
	uint32_t last_req;	/* the request the last feed stored, or NIL */
};

static uint32_t bucket_of(const struct hwmsg_txn *t, uint32_t dev,
			  uint64_t tid)
{
	uint64_t h = tid ^ ((uint64_t)dev << 48);

	/* splitmix64 finaliser: tids differ in their low bits only */
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebull;
	h ^= h >> 31;
	return (uint32_t)h & (t->n_buckets - 1);
}

struct hwmsg_txn *hwmsg_txn_new(void)
{
	struct hwmsg_txn *t = calloc(1, sizeof(*t));
	uint32_t i;

	if (!t)
		return NULL;
	t->pool = malloc(sizeof(*t->pool) * HWMSG_TXN_MAX_PENDING);
	t->n_buckets = MIN_BUCKETS;
	t->buckets = malloc(sizeof(*t->buckets) * t->n_buckets);
	if (!t->pool || !t->buckets) {
		hwmsg_txn_free(t);
		return NULL;
	}
	for (i = 0; i < t->n_buckets; i++)
		t->buckets[i] = NIL;
	/* the pool is handed out in order first (a short capture touches
	 * only the pages it uses), then from the free list */
	t->free_head = NIL;
	t->oldest = t->newest = NIL;
	t->last_req = NIL;
	t->last_dev = NIL;
	return t;
}

void hwmsg_txn_free(struct hwmsg_txn *t)
{
	uint32_t i;

	if (!t)
		return;
	for (i = 0; i < t->n_devs; i++) {
		free(t->devs[i].bus);
		free(t->devs[i].dev);
	}
	free(t->devs);
	free(t->buckets);
	free(t->pool);
	free(t);
}

void hwmsg_txn_set_evict_cb(struct hwmsg_txn *t, hwmsg_txn_orphan_cb cb,
			    void *arg)
{
	t->evict_cb = cb;
	t->evict_arg = arg;
}

unsigned long hwmsg_txn_evicted(const struct hwmsg_txn *t)
{
	return t->evicted;
}

static bool dev_is(const struct txn_dev *d, const char *bus, const char *dev)
{
	return !strcmp(d->dev, dev) && !strcmp(d->bus, bus);
}

/* Index of (bus, dev), added when new; NIL when out of memory or room. */
static uint32_t dev_lookup(struct hwmsg_txn *t, const char *bus,
			   const char *dev)
{
	struct txn_dev *d;
	uint32_t i;

	if (t->last_dev != NIL && dev_is(&t->devs[t->last_dev], bus, dev))
		return t->last_dev;
	for (i = 0; i < t->n_devs; i++)
		if (dev_is(&t->devs[i], bus, dev))
			return t->last_dev = i;
	if (t->n_devs == MAX_DEVICES)
		return NIL;
	if (t->n_devs == t->cap_devs) {
		uint32_t cap = t->cap_devs ? t->cap_devs * 2 : 8;

		d = realloc(t->devs, sizeof(*d) * cap);
		if (!d)
			return NIL;
		t->devs = d;
		t->cap_devs = cap;
	}
	d = &t->devs[t->n_devs];
	d->bus = strdup(bus);
	d->dev = strdup(dev);
	if (!d->bus || !d->dev) {
		free(d->bus);
		free(d->dev);
		return NIL;
	}
	d->fifo_head = d->fifo_tail = NIL;
	return t->last_dev = t->n_devs++;
}

/* The record's device, by its names_id when it has one seen before. */
static uint32_t dev_of(struct hwmsg_txn *t, const struct hwmsg_record *rec)
{
	uint32_t id = rec->names_id, dev;
	unsigned int k = id % TXN_NAMES_CACHE;

	if (id && t->by_names[k].names_id == id)
		return t->by_names[k].dev;
	dev = dev_lookup(t, rec->bus, rec->dev);
	if (id && dev != NIL) {
		t->by_names[k].names_id = id;
		t->by_names[k].dev = dev;
	}
	return dev;
}

static void age_unlink(struct hwmsg_txn *t, uint32_t i)
{
	struct pending *p = &t->pool[i];

	if (p->older != NIL)
		t->pool[p->older].newer = p->newer;
	else
		t->oldest = p->newer;
	if (p->newer != NIL)
		t->pool[p->newer].older = p->older;
	else
		t->newest = p->older;
}

static void age_append(struct hwmsg_txn *t, uint32_t i)
{
	struct pending *p = &t->pool[i];

	p->older = t->newest;
	p->newer = NIL;
	if (t->newest != NIL)
		t->pool[t->newest].newer = i;
	else
		t->oldest = i;
	t->newest = i;
}

/* The list head a pending request hangs on: hash bucket or device FIFO. */
static uint32_t *list_head(struct hwmsg_txn *t, const struct pending *p)
{
	if (p->type == HWMSG_TYPE_MLX_EMAD)
		return &t->buckets[bucket_of(t, p->dev, p->tid)];
	return &t->devs[p->dev].fifo_head;
}

static void list_unlink(struct hwmsg_txn *t, uint32_t i)
{
	struct pending *p = &t->pool[i];

	if (p->prev != NIL)
		t->pool[p->prev].next = p->next;
	else
		*list_head(t, p) = p->next;
	if (p->next != NIL)
		t->pool[p->next].prev = p->prev;
	else if (p->type != HWMSG_TYPE_MLX_EMAD)
		t->devs[p->dev].fifo_tail = p->prev;
}

static void report(struct hwmsg_txn *t, uint32_t i, hwmsg_txn_orphan_cb cb,
		   void *arg)
{
	const struct pending *p = &t->pool[i];
	struct hwmsg_txn_orphan o = {
		.bus = t->devs[p->dev].bus,
		.dev = t->devs[p->dev].dev,
		.ts_ns = p->ts_ns,
		.tid = p->tid,
		.retransmits = p->retransmits,
		.reg_id = p->reg_id,
		.method = p->method,
		.type = p->type,
		.ref = p->ref,
	};

	if (cb)
		cb(&o, arg);
}

static void release(struct hwmsg_txn *t, uint32_t i)
{
	if (t->pool[i].type == HWMSG_TYPE_MLX_EMAD)
		t->n_emad--;
	list_unlink(t, i);
	age_unlink(t, i);
	t->pool[i].next = t->free_head;
	t->free_head = i;
}

static uint32_t alloc_pending(struct hwmsg_txn *t)
{
	uint32_t i;

	if (t->free_head == NIL && t->n_fresh < HWMSG_TXN_MAX_PENDING)
		return t->n_fresh++;
	if (t->free_head == NIL) {
		/* full: the oldest request is the likeliest orphan */
		report(t, t->oldest, t->evict_cb, t->evict_arg);
		release(t, t->oldest);
		t->evicted++;
	}
	i = t->free_head;
	t->free_head = t->pool[i].next;
	return i;
}

/*
 * Twice the buckets when half are taken; the age list (oldest first) holds
 * every pending request, so chains are rebuilt newest first as they were.
 * Out of memory keeps the table as it is: longer chains, same answers.
 */
static void grow_buckets(struct hwmsg_txn *t)
{
	uint32_t n = t->n_buckets * 2, i, *b, *head;

	if (t->n_emad < t->n_buckets / 2 || t->n_buckets >= MAX_BUCKETS)
		return;
	b = malloc(sizeof(*b) * n);
	if (!b)
		return;
	for (i = 0; i < n; i++)
		b[i] = NIL;
	free(t->buckets);
	t->buckets = b;
	t->n_buckets = n;
	for (i = t->oldest; i != NIL; i = t->pool[i].newer) {
		struct pending *p = &t->pool[i];

		if (p->type != HWMSG_TYPE_MLX_EMAD)
			continue;
		head = list_head(t, p);
		p->prev = NIL;
		p->next = *head;
		if (*head != NIL)
			t->pool[*head].prev = i;
		*head = i;
	}
}

static uint32_t emad_find(struct hwmsg_txn *t, uint32_t dev, uint64_t tid)
{
	uint32_t i = t->buckets[bucket_of(t, dev, tid)];

	while (i != NIL && (t->pool[i].dev != dev || t->pool[i].tid != tid))
		i = t->pool[i].next;
	return i;
}

/*
 * The oldest waiting request of this register that can still be answered:
 * mlx4 gives up on a command after HWMSG_TXN_CMDREG_TIMEOUT_NS, so an older
 * one was never answered (it stays, to be reported as an orphan) and must
 * not take the answer of a later one.
 */
static uint32_t cmdreg_find(struct hwmsg_txn *t, uint32_t dev, uint16_t reg_id,
			    uint64_t now_ns)
{
	uint32_t i = t->devs[dev].fifo_head;

	while (i != NIL && (t->pool[i].reg_id != reg_id ||
			    (now_ns > t->pool[i].ts_ns &&
			     now_ns - t->pool[i].ts_ns > HWMSG_TXN_CMDREG_TIMEOUT_NS)))
		i = t->pool[i].next;
	return i;
}

static void add_request(struct hwmsg_txn *t, uint32_t dev,
			const struct hwmsg_record *rec,
			const struct hwmsg_msg *msg, uint64_t ref)
{
	uint32_t i = alloc_pending(t);
	struct pending *p = &t->pool[i];
	uint32_t *head;

	p->tid = msg->op.tid;
	p->ts_ns = rec->ts_ns;
	p->ref = p->first_ref = ref;
	p->dev = dev;
	p->retransmits = 0;
	p->reg_id = msg->op.reg_id;
	p->method = msg->op.method;
	p->type = rec->type;
	p->prev = NIL;
	if (p->type == HWMSG_TYPE_MLX_EMAD) {
		t->n_emad++;
		grow_buckets(t);
		head = list_head(t, p);
		p->next = *head;
		if (*head != NIL)
			t->pool[*head].prev = i;
		*head = i;
	} else {
		struct txn_dev *d = &t->devs[dev];

		p->next = NIL;
		p->prev = d->fifo_tail;
		if (d->fifo_tail != NIL)
			t->pool[d->fifo_tail].next = i;
		else
			d->fifo_head = i;
		d->fifo_tail = i;
	}
	age_append(t, i);
}

static bool resent_later(const struct hwmsg_msg *msg)
{
	return msg->type == HWMSG_TYPE_MLX_EMAD &&
	       (msg->op.status == HWMSG_EMAD_STATUS_BUSY ||
		msg->op.status == HWMSG_EMAD_STATUS_MESSAGE_RECEIPT_ACK);
}

void hwmsg_txn_feed(struct hwmsg_txn *t, const struct hwmsg_record *rec,
		    const struct hwmsg_msg *msg, struct hwmsg_txn_info *info)
{
	hwmsg_txn_feed_ref(t, rec, msg, 0, info);
}

void hwmsg_txn_feed_ref(struct hwmsg_txn *t, const struct hwmsg_record *rec,
			const struct hwmsg_msg *msg, uint64_t ref,
			struct hwmsg_txn_info *info)
{
	bool emad = rec->type == HWMSG_TYPE_MLX_EMAD;
	struct pending *p;
	uint32_t dev, i;

	memset(info, 0, sizeof(*info));
	t->last_req = NIL;
	if (!emad && rec->type != HWMSG_TYPE_MLX_CMD_REG) {
		info->is_response = rec->dir == HWMSG_DIR_FROM_HW;
		return;
	}
	info->is_response = msg->op.response;
	if (rec->dir == HWMSG_DIR_FROM_HW && !msg->op.response) {
		/* the device speaks first (an EMAD event): nothing to pair */
		info->event = true;
		return;
	}
	dev = dev_of(t, rec);
	if (dev == NIL)
		return;

	if (!msg->op.response) {
		i = emad ? emad_find(t, dev, msg->op.tid) : NIL;
		if (i == NIL) {
			add_request(t, dev, rec, msg, ref);
			t->last_req = t->newest;
			return;
		}
		/* the same tid again: a retransmission */
		t->last_req = i;
		p = &t->pool[i];
		p->retransmits++;
		p->ts_ns = rec->ts_ns;
		info->prev_ref = p->ref;
		info->first_ref = p->first_ref;
		p->ref = ref;
		age_unlink(t, i);
		age_append(t, i);
		info->retransmits = p->retransmits;
		return;
	}

	i = emad ? emad_find(t, dev, msg->op.tid) :
		   cmdreg_find(t, dev, msg->op.reg_id, rec->ts_ns);
	if (i == NIL) {
		info->unsolicited = true;
		return;
	}
	p = &t->pool[i];
	info->matched = true;
	info->req_ts_ns = p->ts_ns;
	info->latency_ns = rec->ts_ns >= p->ts_ns ? rec->ts_ns - p->ts_ns : 0;
	info->retransmits = p->retransmits;
	info->req_ref = p->ref;
	info->first_ref = p->first_ref;
	if (!resent_later(msg))
		release(t, i);
}

void hwmsg_txn_set_ref(struct hwmsg_txn *t, uint64_t ref)
{
	if (t->last_req != NIL)
		t->pool[t->last_req].ref = ref;
}

unsigned int hwmsg_txn_orphans(struct hwmsg_txn *t, uint64_t now_ns,
			       uint64_t timeout_ns, hwmsg_txn_orphan_cb cb,
			       void *arg)
{
	unsigned int n = 0;

	while (t->oldest != NIL) {
		uint64_t ts = t->pool[t->oldest].ts_ns;

		/* the age list is in transmission order: stop at a young one */
		if (timeout_ns && (now_ns < ts || now_ns - ts <= timeout_ns))
			break;
		report(t, t->oldest, cb, arg);
		release(t, t->oldest);
		n++;
	}
	return n;
}
