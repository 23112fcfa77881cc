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
#include "hwmsg/state.h"
#include "hwmsg/wire.h"

#define STATE_BUCKETS 4096

struct inst {
	struct hwmsg_state_inst pub;
	char *key, *bus, *dev, *driver;
	uint8_t *payload;
	uint32_t cap;
	uint64_t hash;
	struct inst *next;
};

struct hwmsg_state {
	struct inst *buckets[STATE_BUCKETS];
	struct inst **all;		/* every instance; sorted on demand */
	unsigned int n, cap;
	bool sorted;
};

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
		free(s->all[i]);
	}
	free(s->all);
	free(s);
}

/* FNV-1a over the device and the instance name */
static uint64_t hash_of(const char *bus, const char *dev, const char *key)
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

static struct inst *lookup(struct hwmsg_state *s, const struct hwmsg_record *rec,
			   uint16_t reg_id, const char *key)
{
	uint64_t h = hash_of(rec->bus, rec->dev, key);
	struct inst **b = &s->buckets[h % STATE_BUCKETS], *i;

	for (i = *b; i; i = i->next)
		if (i->hash == h && i->pub.reg_id == reg_id &&
		    !strcmp(i->key, key) && !strcmp(i->dev, rec->dev) &&
		    !strcmp(i->bus, rec->bus))
			return i;
	if (s->n == s->cap) {
		unsigned int cap = s->cap ? 2 * s->cap : 256;
		struct inst **all = realloc(s->all, cap * sizeof(*all));

		if (!all)
			return NULL;
		s->all = all;
		s->cap = cap;
	}
	i = calloc(1, sizeof(*i));
	if (!i)
		return NULL;
	i->key = strdup(key);
	i->bus = strdup(rec->bus);
	i->dev = strdup(rec->dev);
	i->driver = strdup(rec->driver);
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
	i->next = *b;
	*b = i;
	s->all[s->n++] = i;
	s->sorted = false;
	return i;
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
	const struct hwmsg_reg *reg = hwmsg_reg_lookup(msg->op.reg_id);
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

static int set_contents(struct inst *i, const struct hwmsg_msg *msg,
			const struct hwmsg_record *rec, uint64_t frame,
			bool write)
{
	uint8_t *old = NULL;

	if (msg->reg_len > i->cap) {
		uint8_t *p = realloc(i->payload, msg->reg_len);

		if (!p)
			return -1;
		i->payload = p;
		i->cap = msg->reg_len;
	}
	if (i->pub.ts_ns) {
		old = malloc(i->pub.len);
		if (old)
			memcpy(old, i->payload, i->pub.len);
	}
	if (write)
		overlay_writable(i, msg);
	else
		memcpy(i->payload, msg->reg, msg->reg_len);
	if (old && (i->pub.len != msg->reg_len ||
		    memcmp(old, i->payload, msg->reg_len)))
		i->pub.changes++;
	free(old);
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
	if (msg->op.status) {
		i->pub.failures++;
		return 0;
	}
	if (event) {
		i->pub.events++;
	} else if (msg->op.method == HWMSG_EMAD_METHOD_WRITE) {
		i->pub.writes++;
		i->pub.written_ns = rec->ts_ns;
		return set_contents(i, msg, rec, frame, true);
	} else {
		i->pub.queries++;
		i->pub.queried_ns = rec->ts_ns;
	}
	return set_contents(i, msg, rec, frame, false);
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
		qsort(s->all, s->n, sizeof(*s->all), cmp_inst);
		s->sorted = true;
	}
	return i < s->n ? &s->all[i]->pub : NULL;
}
