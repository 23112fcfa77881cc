// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Register instances and their latest confirmed contents. An instance is
 * named by the register's index fields, decoded with the register
 * database (hwmsg_reg_index_summary); the table is a hash of that name and
 * the device, sorted only when listed.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "hwmsg/wire.h"
#include "state_priv.h"

struct hwmsg_state *hwmsg_state_new(void)
{
	return calloc(1, sizeof(struct hwmsg_state));
}

void hwmsg_state_free(struct hwmsg_state *s)
{
	if (!s)
		return;
	for (unsigned int i = 0; i < s->n; i++) {
		free(s->all[i]->key);
		free(s->all[i]->bus);
		free(s->all[i]->dev);
		free(s->all[i]->driver);
		free(s->all[i]->payload);
		free(s->all[i]->prev);
		free(s->all[i]);
	}
	free(s->all);
	free(s->order);
	free(s->scratch);
	free(s);
}

/* FNV-1a over the device and the instance name */
uint64_t state_hash(const char *bus, const char *dev, const char *key)
{
	const char *parts[3] = { bus, dev, key };
	uint64_t h = 0xcbf29ce484222325ull;

	for (int i = 0; i < 3; i++) {
		for (const char *p = parts[i]; *p; p++)
			h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
		h = (h ^ 0xff) * 0x100000001b3ull;
	}
	return h;
}

struct inst *state_find(struct hwmsg_state *s, const char *bus,
			 const char *dev, uint16_t reg_id, const char *key,
			 uint64_t h)
{
	struct inst *i;

	for (i = s->buckets[h % STATE_BUCKETS]; i; i = i->next)
		if (i->hash == h && i->pub.reg_id == reg_id &&
		    !strcmp(i->key, key) && !strcmp(i->dev, dev) &&
		    !strcmp(i->bus, bus))
			return i;
	return NULL;
}

/* A new instance, the next id. */
struct inst *state_create(struct hwmsg_state *s, const char *bus,
			   const char *dev, const char *driver,
			   uint16_t reg_id, const char *key, uint64_t h)
{
	struct inst **b = &s->buckets[h % STATE_BUCKETS], *i;

	if (s->n == s->cap) {
		unsigned int cap = s->cap ? 2 * s->cap : 256;
		struct inst **all = realloc(s->all, cap * sizeof(*all));
		struct inst **order;

		if (!all)
			return NULL;
		s->all = all;
		order = realloc(s->order, cap * sizeof(*order));
		if (!order)
			return NULL;
		s->order = order;
		s->cap = cap;
	}
	i = calloc(1, sizeof(*i));
	if (!i)
		return NULL;
	i->key = strdup(key);
	i->bus = strdup(bus);
	i->dev = strdup(dev);
	i->driver = strdup(driver);
	if (!i->key || !i->bus || !i->dev || !i->driver) {
		free(i->key);
		free(i->bus);
		free(i->dev);
		free(i->driver);
		free(i);
		return NULL;
	}
	i->hash = h;
	i->pub.reg_id = reg_id;
	i->pub.key = i->key;
	i->pub.bus = i->bus;
	i->pub.dev = i->dev;
	i->pub.driver = i->driver;
	i->pub.id = s->n;
	i->next = *b;
	*b = i;
	s->order[s->n] = i;
	s->all[s->n++] = i;
	s->sorted = false;
	return i;
}

static struct inst *lookup(struct hwmsg_state *s, const struct hwmsg_record *rec,
			   uint16_t reg_id, const char *key)
{
	uint64_t h = state_hash(rec->bus, rec->dev, key);
	struct inst *i = state_find(s, rec->bus, rec->dev, reg_id, key, h);

	return i ? i : state_create(s, rec->bus, rec->dev, rec->driver, reg_id,
			      key, h);
}

/* The instance name: the register and its index fields. */
static void instance_key(const struct hwmsg_msg *msg, char *buf, size_t size)
{
	const char *name;

	if (hwmsg_reg_index_summary(NULL, msg->op.reg_id, msg->reg,
				    msg->reg_len, buf, size))
		return;
	name = hwmsg_reg_name(msg->op.reg_id);
	if (name)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "reg 0x%04x", msg->op.reg_id);
}

/* Copy the bits of field f (at the top of the layout) from src to dst. */
static void copy_field(uint8_t *dst, const uint8_t *src, uint32_t len,
		       const struct hwmsg_reg_field *f)
{
	uint32_t bits = f->count ? f->count * f->stride : f->width;
	uint32_t n;

	if (!f->count && f->width <= 32 && f->offset + 4 <= len) {
		uint32_t mask = (f->width == 32 ? 0xffffffffu :
				 ((1u << f->width) - 1)) << f->shift;
		uint32_t d = hwmsg_get_be32(dst + f->offset);

		d = (d & ~mask) | (hwmsg_get_be32(src + f->offset) & mask);
		hwmsg_put_be32(dst + f->offset, d);
		return;
	}
	if (f->kind == HWMSG_REG_LAYOUT && f->layout && !f->count)
		bits = f->layout->len * 8;
	n = (bits + 7) / 8;
	/* bit arrays count backwards from their last word */
	if (f->backward && f->count)
		return;
	if (f->offset < len)
		memcpy(dst + f->offset, src + f->offset,
		       n < len - f->offset ? n : len - f->offset);
}

/*
 * A write changes what the driver may set; read-only fields (oper_status,
 * counters) stay as the last query found them.
 */
static void overlay_writable(struct inst *i, const struct hwmsg_msg *msg)
{
	const struct hwmsg_reg *reg = hwmsg_reg_lookup_len(msg->op.reg_id,
							    msg->reg_len);
	const struct hwmsg_reg_layout *l = reg ? reg->layout : NULL;
	uint8_t *img = i->payload;

	if (!l || !i->pub.len || i->pub.len != msg->reg_len) {
		memcpy(img, msg->reg, msg->reg_len);
		return;
	}
	for (unsigned int k = 0; k < l->n_fields; k++)
		if (l->fields[k].access != HWMSG_REG_RO)
			copy_field(img, msg->reg, msg->reg_len, &l->fields[k]);
}

static int grow(uint8_t **buf, uint32_t *cap, uint32_t len)
{
	uint8_t *p;

	if (len <= *cap)
		return 0;
	p = realloc(*buf, len);
	if (!p)
		return -1;
	*buf = p;
	*cap = len;
	return 0;
}

static int set_contents(struct hwmsg_state *s, struct inst *i,
			const struct hwmsg_msg *msg,
			const struct hwmsg_record *rec, uint64_t frame,
			bool write)
{
	uint32_t old_len = i->pub.len;
	bool seen = i->pub.ts_ns != 0;

	if (grow(&i->payload, &i->cap, msg->reg_len) ||
	    grow(&s->scratch, &s->scratch_cap, old_len))
		return -1;
	if (old_len)
		memcpy(s->scratch, i->payload, old_len);
	if (write)
		overlay_writable(i, msg);
	else
		memcpy(i->payload, msg->reg, msg->reg_len);
	if (seen && (old_len != msg->reg_len ||
		     memcmp(s->scratch, i->payload, msg->reg_len))) {
		/* keep what it was, to show what this change touched */
		if (grow(&i->prev, &i->prev_cap, old_len ? old_len : 1))
			return -1;
		memcpy(i->prev, s->scratch, old_len);
		i->pub.prev_payload = i->prev;
		i->pub.prev_len = old_len;
		i->pub.changes++;
		i->pub.changed_ns = rec->ts_ns;
	}
	i->pub.payload = i->payload;
	i->pub.len = msg->reg_len;
	i->pub.ts_ns = rec->ts_ns;
	i->pub.frame = frame;
	return 0;
}

int hwmsg_state_feed(struct hwmsg_state *s, const struct hwmsg_record *rec,
		     const struct hwmsg_msg *msg,
		     const struct hwmsg_txn_info *info, uint64_t frame)
{
	char key[160];
	struct inst *i;
	bool event;

	s->last = NULL;
	s->last_how = HWMSG_STATE_NONE;
	/* a register the capture cut is no image of the device */
	if (!msg || !msg->has_reg || !msg->reg_len ||
	    (msg->flags & HWMSG_MSGF_CUT))
		return 0;
	event = info ? info->event :
		rec->dir == HWMSG_DIR_FROM_HW && !msg->op.response;
	/* requests say what the driver wanted, not what the device holds */
	if (!event && !msg->op.response)
		return 0;
	instance_key(msg, key, sizeof(key));
	i = lookup(s, rec, msg->op.reg_id, key);
	if (!i)
		return -1;
	s->last = i;
	if (msg->op.status) {
		i->pub.failures++;
		s->last_how = HWMSG_STATE_FAILED;
		return 0;
	}
	if (event) {
		i->pub.events++;
		s->last_how = HWMSG_STATE_EVENT;
	} else if (msg->op.method == HWMSG_EMAD_METHOD_WRITE) {
		i->pub.writes++;
		i->pub.written_ns = rec->ts_ns;
		s->last_how = HWMSG_STATE_WRITE;
		return set_contents(s, i, msg, rec, frame, true);
	} else {
		i->pub.queries++;
		i->pub.queried_ns = rec->ts_ns;
		s->last_how = HWMSG_STATE_QUERY;
	}
	return set_contents(s, i, msg, rec, frame, false);
}

static int cmp_inst(const void *a, const void *b)
{
	const struct inst *x = *(struct inst *const *)a;
	const struct inst *y = *(struct inst *const *)b;
	int c = strcmp(x->bus, y->bus);

	if (!c)
		c = strcmp(x->dev, y->dev);
	if (!c && x->pub.reg_id != y->pub.reg_id)
		c = x->pub.reg_id < y->pub.reg_id ? -1 : 1;
	if (!c)		/* "local_port 9" before "local_port 10" */
		c = strlen(x->key) < strlen(y->key) ? -1 :
		    strlen(x->key) > strlen(y->key);
	return c ? c : strcmp(x->key, y->key);
}

unsigned int hwmsg_state_count(struct hwmsg_state *s)
{
	return s->n;
}

const struct hwmsg_state_inst *hwmsg_state_at(struct hwmsg_state *s,
					      unsigned int i)
{
	if (!s->sorted) {
		qsort(s->order, s->n, sizeof(*s->order), cmp_inst);
		s->sorted = true;
	}
	return i < s->n ? &s->order[i]->pub : NULL;
}

const struct hwmsg_state_inst *hwmsg_state_by_id(const struct hwmsg_state *s,
						 unsigned int id)
{
	return id < s->n ? &s->all[id]->pub : NULL;
}

const struct hwmsg_state_inst *hwmsg_state_last(const struct hwmsg_state *s,
						enum hwmsg_state_how *how)
{
	if (how)
		*how = s->last_how;
	return s->last ? &s->last->pub : NULL;
}

size_t hwmsg_state_memory(const struct hwmsg_state *s)
{
	size_t m = sizeof(*s) + 2 * s->cap * sizeof(*s->all) + s->scratch_cap;

	for (unsigned int i = 0; i < s->n; i++) {
		const struct inst *x = s->all[i];

		m += sizeof(*x) + x->cap + x->prev_cap + strlen(x->key) +
		     strlen(x->bus) + strlen(x->dev) + strlen(x->driver) + 4;
	}
	return m;
}
