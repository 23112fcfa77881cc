// SPDX-License-Identifier: GPL-2.0-or-later
/* Counts per register and method (and device): one accumulator for all. */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/devices.h"
#include "hwmsg/stats.h"

struct hwmsg_stats {
	unsigned int flags;
	struct hwmsg_stats_row *rows;
	size_t n, cap;
	uint32_t *slot;			/* row index + 1, 0: free; at most
					 * half full */
	size_t n_slots;
	struct hwmsg_devices devs;	/* rows point at their names */
	uint64_t status[128];
	bool nomem;
};

struct hwmsg_stats *hwmsg_stats_new(unsigned int flags)
{
	struct hwmsg_stats *s = calloc(1, sizeof(*s));

	if (s)
		s->flags = flags;
	return s;
}

void hwmsg_stats_free(struct hwmsg_stats *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		hwmsg_lathist_free(&s->rows[i].lat);
	hwmsg_devices_free(&s->devs);
	free(s->rows);
	free(s->slot);
	free(s);
}

/* The device's number + 1 (0: not by device, or out of memory). */
static uint32_t dev_of(struct hwmsg_stats *s, const char *bus,
		       const char *dev, const char *driver)
{
	long i;

	if (!(s->flags & HWMSG_STATS_BY_DEVICE))
		return 0;
	i = hwmsg_devices_intern(&s->devs, bus, dev, driver, UINT32_MAX - 1);
	return i < 0 ? 0 : (uint32_t)i + 1;
}

static size_t hash(uint32_t dev, uint16_t reg_id, uint8_t method)
{
	return (size_t)dev * 2654435761u + reg_id * 31u + method;
}

static uint32_t *find_slot(uint32_t *slot, size_t n_slots,
			   const struct hwmsg_stats *s, uint32_t dev,
			   uint16_t reg_id, uint8_t method)
{
	size_t i = hash(dev, reg_id, method) & (n_slots - 1);

	while (slot[i]) {
		size_t r = slot[i] - 1;

		if (s->rows[r].dev_index == dev && s->rows[r].reg_id == reg_id &&
		    s->rows[r].method == method)
			break;
		i = (i + 1) & (n_slots - 1);
	}
	return &slot[i];
}

static bool grow_slots(struct hwmsg_stats *s)
{
	size_t n = s->n_slots ? 2 * s->n_slots : 16;
	uint32_t *slot = calloc(n, sizeof(*slot));

	if (!slot)
		return false;
	for (size_t r = 0; r < s->n; r++)
		*find_slot(slot, n, s, s->rows[r].dev_index, s->rows[r].reg_id,
			   s->rows[r].method) = (uint32_t)r + 1;
	free(s->slot);
	s->slot = slot;
	s->n_slots = n;
	return true;
}

static bool grow_rows(struct hwmsg_stats *s)
{
	size_t cap = s->cap ? 2 * s->cap : 16;
	struct hwmsg_stats_row *rows = realloc(s->rows, cap * sizeof(*rows));

	if (!rows)
		return false;
	s->rows = rows;
	s->cap = cap;
	return true;
}

/* The row of (device, register, method); NULL only when out of memory. */
static struct hwmsg_stats_row *row_of(struct hwmsg_stats *s, uint32_t dev,
				      uint16_t type, uint16_t reg_id,
				      uint8_t method)
{
	struct hwmsg_stats_row *r;
	uint32_t *slot;

	if (s->n_slots) {
		slot = find_slot(s->slot, s->n_slots, s, dev, reg_id, method);
		if (*slot)
			return &s->rows[*slot - 1];
	}
	if (((s->n + 1) * 2 > s->n_slots && !grow_slots(s)) ||
	    (s->n == s->cap && !grow_rows(s))) {
		s->nomem = true;
		return NULL;
	}
	slot = find_slot(s->slot, s->n_slots, s, dev, reg_id, method);
	r = &s->rows[s->n];
	memset(r, 0, sizeof(*r));
	r->bus = dev ? s->devs.d[dev - 1].bus : "";
	r->dev = dev ? s->devs.d[dev - 1].dev : "";
	r->driver = dev ? s->devs.d[dev - 1].driver : "";
	r->type = type;
	r->reg_id = reg_id;
	r->method = method;
	r->dev_index = dev;
	*slot = (uint32_t)++s->n;
	return r;
}

int hwmsg_stats_add(struct hwmsg_stats *s, const struct hwmsg_trace_item *it)
{
	const struct hwmsg_msg *msg = it->msg;
	const struct hwmsg_txn_info *info = it->txn;
	const struct hwmsg_record *rec = &it->rec;
	struct hwmsg_stats_row *r;

	if (!msg)
		return 0;
	r = row_of(s, dev_of(s, rec->bus, rec->dev, rec->driver), rec->type,
		   msg->op.reg_id, msg->op.method);
	if (!r)
		return -1;
	if (!msg->op.response) {
		if (rec->dir == HWMSG_DIR_FROM_HW) {
			r->events++;
			return 0;
		}
		r->requests++;
		if (info && info->retransmits)
			r->retransmits++;
		return 0;
	}
	r->responses++;
	s->status[msg->op.status & 0x7f]++;
	if (msg->op.status)
		r->errors++;
	if (msg->has_latency) {
		r->fw_sum_us += msg->latency_us;
		r->fw_n++;
	}
	if (info && info->matched &&
	    hwmsg_lathist_add(&r->lat, info->latency_ns)) {
		s->nomem = true;
		return -1;
	}
	return 0;
}

int hwmsg_stats_orphan(struct hwmsg_stats *s, const struct hwmsg_txn_orphan *o)
{
	struct hwmsg_stats_row *r = row_of(s, dev_of(s, o->bus, o->dev, NULL),
					   o->type, o->reg_id, o->method);

	if (!r)
		return -1;
	r->orphans++;
	return 0;
}

int hwmsg_stats_merge(struct hwmsg_stats *dst, const struct hwmsg_stats *src)
{
	int ret = 0;

	for (size_t i = 0; i < src->n; i++) {
		const struct hwmsg_stats_row *a = &src->rows[i];
		struct hwmsg_stats_row *r;

		r = row_of(dst, dev_of(dst, a->bus, a->dev, a->driver),
			   a->type, a->reg_id, a->method);
		if (!r) {
			ret = -1;
			continue;
		}
		r->requests += a->requests;
		r->responses += a->responses;
		r->events += a->events;
		r->errors += a->errors;
		r->retransmits += a->retransmits;
		r->orphans += a->orphans;
		r->fw_n += a->fw_n;
		r->fw_sum_us += a->fw_sum_us;
		if (hwmsg_lathist_merge(&r->lat, &a->lat)) {
			dst->nomem = true;
			ret = -1;
		}
	}
	for (unsigned int i = 0; i < 128; i++)
		dst->status[i] += src->status[i];
	return ret;
}

size_t hwmsg_stats_count(const struct hwmsg_stats *s)
{
	return s->n;
}

const struct hwmsg_stats_row *hwmsg_stats_row(const struct hwmsg_stats *s,
					      size_t i)
{
	return i < s->n ? &s->rows[i] : NULL;
}

const struct hwmsg_stats_row *hwmsg_stats_find(const struct hwmsg_stats *s,
					       const char *bus, const char *dev,
					       uint16_t reg_id, uint8_t method)
{
	uint32_t d = 0, *slot;

	if (s->flags & HWMSG_STATS_BY_DEVICE) {
		long i = hwmsg_devices_find(&s->devs, bus, dev);

		if (i < 0)
			return NULL;
		d = (uint32_t)i + 1;
	}
	if (!s->n_slots)
		return NULL;
	slot = find_slot(s->slot, s->n_slots, s, d, reg_id, method);
	return *slot ? &s->rows[*slot - 1] : NULL;
}

static int by_count(const void *a, const void *b)
{
	const struct hwmsg_stats_row *x = a, *y = b;
	uint64_t nx = x->requests + x->responses;
	uint64_t ny = y->requests + y->responses;

	if (nx != ny)
		return nx < ny ? 1 : -1;
	if (x->reg_id != y->reg_id)
		return x->reg_id < y->reg_id ? -1 : 1;
	if (x->method != y->method)
		return x->method - y->method;
	return x->dev_index < y->dev_index ? -1 : x->dev_index > y->dev_index;
}

void hwmsg_stats_sort(struct hwmsg_stats *s)
{
	if (!s->n)
		return;
	qsort(s->rows, s->n, sizeof(*s->rows), by_count);
	memset(s->slot, 0, s->n_slots * sizeof(*s->slot));
	for (size_t r = 0; r < s->n; r++)
		*find_slot(s->slot, s->n_slots, s, s->rows[r].dev_index,
			   s->rows[r].reg_id, s->rows[r].method) =
			(uint32_t)r + 1;
}

const uint64_t *hwmsg_stats_status(const struct hwmsg_stats *s)
{
	return s->status;
}

bool hwmsg_stats_nomem(const struct hwmsg_stats *s)
{
	return s->nomem;
}
