// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The state log: checkpoints (snapshots every `every` records) and, per
 * interval, the ids of the instances it touched; seeks and histories
 * replay records read back through the caller's reader.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/state_log.h"
#include "hwmsg/txn.h"

struct interval {
	struct hwmsg_state_snap *snap;	/* the state at its first record */
	uint32_t *touched;		/* ids, in order of first touch */
	unsigned int n_touched, cap_touched;
};

struct hwmsg_state_log {
	unsigned int every;
	struct hwmsg_state *st;		/* after every record fed */
	uint64_t count;
	struct interval *iv;		/* iv[k] starts at record k * every */
	size_t n_iv, cap_iv;
	uint8_t *seen;			/* by id: touched in the last interval */
	unsigned int cap_seen;
	bool broken;			/* out of memory once */
};

struct hwmsg_state_log *hwmsg_state_log_new(unsigned int every)
{
	struct hwmsg_state_log *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	l->every = every ? every : HWMSG_STATE_LOG_EVERY;
	l->st = hwmsg_state_new();
	if (!l->st) {
		free(l);
		return NULL;
	}
	return l;
}

void hwmsg_state_log_free(struct hwmsg_state_log *l)
{
	if (!l)
		return;
	for (size_t k = 0; k < l->n_iv; k++) {
		hwmsg_state_snap_free(l->iv[k].snap);
		free(l->iv[k].touched);
	}
	free(l->iv);
	free(l->seen);
	hwmsg_state_free(l->st);
	free(l);
}

static int checkpoint(struct hwmsg_state_log *l)
{
	struct interval *iv;

	if (l->n_iv == l->cap_iv) {
		size_t cap = l->cap_iv ? 2 * l->cap_iv : 64;

		iv = realloc(l->iv, cap * sizeof(*iv));
		if (!iv)
			return -1;
		l->iv = iv;
		l->cap_iv = cap;
	}
	iv = &l->iv[l->n_iv];
	memset(iv, 0, sizeof(*iv));
	iv->snap = hwmsg_state_snap_take(l->st);
	if (!iv->snap)
		return -1;
	l->n_iv++;
	if (l->seen)
		memset(l->seen, 0, l->cap_seen);
	return 0;
}

static int touch(struct hwmsg_state_log *l, unsigned int id)
{
	struct interval *iv = &l->iv[l->n_iv - 1];

	if (id >= l->cap_seen) {
		unsigned int cap = 2 * id + 64;
		uint8_t *s = realloc(l->seen, cap);

		if (!s)
			return -1;
		memset(s + l->cap_seen, 0, cap - l->cap_seen);
		l->seen = s;
		l->cap_seen = cap;
	}
	if (l->seen[id])
		return 0;
	if (iv->n_touched == iv->cap_touched) {
		unsigned int cap = iv->cap_touched ? 2 * iv->cap_touched : 16;
		uint32_t *t = realloc(iv->touched, cap * sizeof(*t));

		if (!t)
			return -1;
		iv->touched = t;
		iv->cap_touched = cap;
	}
	iv->touched[iv->n_touched++] = id;
	l->seen[id] = 1;
	return 0;
}

int hwmsg_state_log_feed(struct hwmsg_state_log *l,
			 const struct hwmsg_record *rec,
			 const struct hwmsg_msg *msg,
			 const struct hwmsg_txn_info *info)
{
	const struct hwmsg_state_inst *in;
	int ret = 0;

	if (l->count % l->every == 0 && !l->broken && checkpoint(l))
		l->broken = true;
	l->count++;
	if (!msg)
		return l->broken ? -1 : 0;
	ret = hwmsg_state_feed(l->st, rec, msg, info, l->count);
	in = hwmsg_state_last(l->st, NULL);
	if (in && !l->broken && touch(l, in->id))
		l->broken = true;
	return ret || l->broken ? -1 : 0;
}

uint64_t hwmsg_state_log_count(const struct hwmsg_state_log *l)
{
	return l->count;
}

struct hwmsg_state *hwmsg_state_log_state(const struct hwmsg_state_log *l)
{
	return l->st;
}

size_t hwmsg_state_log_memory(const struct hwmsg_state_log *l)
{
	size_t m = sizeof(*l) + hwmsg_state_memory(l->st) + l->cap_seen +
		   l->cap_iv * sizeof(*l->iv);

	for (size_t k = 0; k < l->n_iv; k++)
		m += hwmsg_state_snap_memory(l->iv[k].snap) +
		     l->iv[k].cap_touched * sizeof(uint32_t);
	return m;
}

/* Replaying records into a state, as the log was fed. */
struct replay {
	struct hwmsg_state *st;
	struct hwmsg_txn *txn;
	int oom;
	/* history: the accesses to id */
	bool history;
	unsigned int id;
	struct hwmsg_state_access *acc;
	long n_acc, cap_acc;
};

static int add_access(struct replay *r, uint64_t i,
		      const struct hwmsg_record *rec,
		      const struct hwmsg_state_inst *in,
		      enum hwmsg_state_how how)
{
	struct hwmsg_state_access *a;

	if (r->n_acc == r->cap_acc) {
		long cap = r->cap_acc ? 2 * r->cap_acc : 64;

		a = realloc(r->acc, (size_t)cap * sizeof(*a));
		if (!a)
			return -1;
		r->acc = a;
		r->cap_acc = cap;
	}
	a = &r->acc[r->n_acc];
	memset(a, 0, sizeof(*a));
	a->record = i;
	a->ts_ns = rec->ts_ns;
	a->how = how;
	a->payload = malloc(in->len ? in->len : 1);
	if (!a->payload)
		return -1;
	if (in->len)
		memcpy(a->payload, in->payload, in->len);
	a->len = in->len;
	r->n_acc++;
	return 0;
}

static int replay_one(void *arg, uint64_t i, const struct hwmsg_record *rec)
{
	struct replay *r = arg;
	struct hwmsg_txn_info info;
	const struct hwmsg_state_inst *in;
	enum hwmsg_state_how how;
	struct hwmsg_msg msg;

	memset(&msg, 0, sizeof(msg));
	if (hwmsg_msg_decode(rec, &msg, NULL) < 0)
		return 0;
	memset(&info, 0, sizeof(info));
	hwmsg_txn_feed(r->txn, rec, &msg, &info);
	if (hwmsg_state_feed(r->st, rec, &msg, &info, i + 1)) {
		r->oom = 1;
		return 1;
	}
	if (!r->history)
		return 0;
	in = hwmsg_state_last(r->st, &how);
	if (in && in->id == r->id && add_access(r, i, rec, in, how)) {
		r->oom = 1;
		return 1;
	}
	return 0;
}

/* Replay records [from, to) into r->st. */
static int replay(struct replay *r, uint64_t from, uint64_t to,
		  hwmsg_state_log_read_fn read, void *arg,
		  struct hwmsg_err *err)
{
	long got;

	if (from >= to)
		return 0;
	r->txn = hwmsg_txn_new();
	if (!r->txn) {
		hwmsg_errf(err, 0, "out of memory");
		return -1;
	}
	got = read(arg, from, to - from, replay_one, r, err);
	hwmsg_txn_free(r->txn);
	r->txn = NULL;
	if (r->oom) {
		hwmsg_errf(err, 0, "out of memory");
		return -1;
	}
	if (got < 0)
		return -1;
	if ((uint64_t)got != to - from) {
		hwmsg_errf(err, 0, "records %llu..%llu: only %ld could be read",
			   (unsigned long long)from + 1,
			   (unsigned long long)to, got);
		return -1;
	}
	return 0;
}

int hwmsg_state_log_seek(struct hwmsg_state_log *l, struct hwmsg_state **st,
			 uint64_t *at, uint64_t n, hwmsg_state_log_read_fn read,
			 void *arg, struct hwmsg_err *err)
{
	struct replay r = { .st = *st };
	uint64_t k, start;

	if (l->broken) {
		hwmsg_errf(err, 0, "out of memory for the state log");
		return -1;
	}
	if (n > l->count)
		n = l->count;
	k = n / l->every;
	if (k >= l->n_iv)
		k = l->n_iv ? l->n_iv - 1 : 0;
	start = k * l->every;
	if (!r.st || *at > n || *at < start) {
		hwmsg_state_free(*st);
		*st = NULL;
		r.st = l->n_iv ? hwmsg_state_snap_restore(l->iv[k].snap) :
				 hwmsg_state_new();
		if (!r.st) {
			hwmsg_errf(err, 0, "out of memory");
			return -1;
		}
		*st = r.st;
		*at = start;
	}
	if (replay(&r, *at, n, read, arg, err) < 0) {
		/* what was replayed is not a known point any more */
		hwmsg_state_free(*st);
		*st = NULL;
		*at = 0;
		return -1;
	}
	*at = n;
	return 0;
}

static bool touched(const struct interval *iv, unsigned int id)
{
	for (unsigned int i = 0; i < iv->n_touched; i++)
		if (iv->touched[i] == id)
			return true;
	return false;
}

void hwmsg_state_history_free(struct hwmsg_state_access *a, long n)
{
	for (long i = 0; i < n; i++)
		free(a[i].payload);
	free(a);
}

long hwmsg_state_log_history(struct hwmsg_state_log *l, unsigned int id,
			     uint64_t n, unsigned int max,
			     hwmsg_state_log_read_fn read, void *arg,
			     struct hwmsg_state_access **out, uint64_t *from,
			     struct hwmsg_err *err)
{
	struct hwmsg_state_access *all = NULL;
	long n_all = 0;
	uint64_t k, span = 0;

	*out = NULL;
	*from = 0;
	if (n > l->count)
		n = l->count;
	if (!n || !l->n_iv)
		return 0;
	/* newest interval first, until max are found */
	for (k = (n - 1) / l->every + 1; k-- > 0 && (uint64_t)n_all < max;) {
		struct replay r = { .history = true, .id = id };
		uint64_t end = (k + 1) * l->every < n ? (k + 1) * l->every : n;
		struct hwmsg_state_access *joined;

		if (++span > HWMSG_STATE_LOG_HISTORY_SPAN)
			break;
		*from = k * l->every;
		if (k >= l->n_iv || !touched(&l->iv[k], id))
			continue;
		r.st = hwmsg_state_snap_restore(l->iv[k].snap);
		if (!r.st || replay(&r, k * l->every, end, read, arg, err)) {
			if (!r.st)
				hwmsg_errf(err, 0, "out of memory");
			hwmsg_state_free(r.st);
			hwmsg_state_history_free(r.acc, r.n_acc);
			hwmsg_state_history_free(all, n_all);
			return -1;
		}
		hwmsg_state_free(r.st);
		/* this interval's accesses go before the later ones */
		joined = realloc(r.acc, (size_t)(r.n_acc + n_all + 1) *
						sizeof(*joined));
		if (!joined) {
			hwmsg_state_history_free(r.acc, r.n_acc);
			hwmsg_state_history_free(all, n_all);
			hwmsg_errf(err, 0, "out of memory");
			return -1;
		}
		if (n_all)
			memcpy(joined + r.n_acc, all, (size_t)n_all *
						      sizeof(*all));
		free(all);
		all = joined;
		n_all += r.n_acc;
	}
	if (k == UINT64_MAX)
		*from = 0;
	/* only the newest max */
	if ((uint64_t)n_all > max) {
		long drop = n_all - (long)max;

		for (long i = 0; i < drop; i++)
			free(all[i].payload);
		memmove(all, all + drop, (size_t)max * sizeof(*all));
		n_all = (long)max;
		*from = all[0].record;
	}
	*out = all;
	return n_all;
}
