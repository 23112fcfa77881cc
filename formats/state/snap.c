// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Snapshots of a state: every instance copied into one block (its public
 * part, names, contents and contents before the last change), the device
 * names stored once. A checkpoint of a long trace is one of these: a few
 * hundred instances make tens of kilobytes, no hash table.
 */
#include <stdlib.h>
#include <string.h>

#include "state_priv.h"

#define SNAP_NAMES 64		/* distinct device strings shared */

struct hwmsg_state_snap {
	unsigned int n;
	size_t size;
	struct hwmsg_state_inst *insts;	/* n, in id order, into block */
	uint64_t block[];		/* 8-aligned */
};

struct names {
	const char *s[SNAP_NAMES];	/* in the source state */
	char *copy[SNAP_NAMES];		/* in the block */
	unsigned int n;
};

/* Place n bytes at *at (when block is set); returns where. */
static void *place(char *block, size_t *at, const void *src, size_t n)
{
	void *p = block ? block + *at : NULL;

	if (p && src)
		memcpy(p, src, n);
	*at += n;
	return p;
}

/* A device string: once per snapshot when it repeats. */
static const char *name(struct names *nm, char *block, size_t *at,
			const char *s)
{
	for (unsigned int i = 0; i < nm->n; i++)
		if (!strcmp(nm->s[i], s))
			return nm->copy[i];
	char *c = place(block, at, s, strlen(s) + 1);

	if (nm->n < SNAP_NAMES) {
		nm->s[nm->n] = s;
		nm->copy[nm->n++] = c;
	}
	return c;
}

/* Lay the snapshot out; with block NULL only measure. */
static size_t lay_out(const struct hwmsg_state *s, char *block,
		      struct hwmsg_state_inst *insts)
{
	struct names nm = { .n = 0 };
	size_t at = s->n * sizeof(*insts);

	for (unsigned int k = 0; k < s->n; k++) {
		const struct inst *i = s->all[k];
		struct hwmsg_state_inst *o = insts ? &insts[k] : NULL;
		const char *bus, *dev, *driver, *key;
		const uint8_t *payload, *prev = NULL;

		bus = name(&nm, block, &at, i->bus);
		dev = name(&nm, block, &at, i->dev);
		driver = name(&nm, block, &at, i->driver);
		key = place(block, &at, i->key, strlen(i->key) + 1);
		payload = i->pub.payload ?
			  place(block, &at, i->payload, i->pub.len) : NULL;
		if (i->pub.prev_payload)
			prev = place(block, &at, i->prev, i->pub.prev_len);
		if (!o)
			continue;
		*o = i->pub;
		o->bus = bus;
		o->dev = dev;
		o->driver = driver;
		o->key = key;
		o->payload = payload;
		o->prev_payload = prev;
	}
	return at;
}

struct hwmsg_state_snap *hwmsg_state_snap_take(const struct hwmsg_state *s)
{
	size_t size = lay_out(s, NULL, NULL);
	struct hwmsg_state_snap *p = malloc(sizeof(*p) + size + 8);

	if (!p)
		return NULL;
	p->n = s->n;
	p->size = size;
	p->insts = (struct hwmsg_state_inst *)p->block;
	lay_out(s, (char *)p->block, p->insts);
	return p;
}

static int copy_bytes(uint8_t **dst, uint32_t *cap, const uint8_t *src,
		      uint32_t len)
{
	*dst = malloc(len ? len : 1);
	if (!*dst)
		return -1;
	if (len)
		memcpy(*dst, src, len);
	*cap = len;
	return 0;
}

struct hwmsg_state *hwmsg_state_snap_restore(const struct hwmsg_state_snap *p)
{
	struct hwmsg_state *s = hwmsg_state_new();

	for (unsigned int k = 0; s && k < p->n; k++) {
		const struct hwmsg_state_inst *o = &p->insts[k];
		struct inst *i;

		i = state_create(s, o->bus, o->dev, o->driver, o->reg_id,
				 o->key,
				 state_hash(o->bus, o->dev, o->key));
		if (!i || (o->payload && copy_bytes(&i->payload, &i->cap,
						    o->payload, o->len)) ||
		    (o->prev_payload && copy_bytes(&i->prev, &i->prev_cap,
						   o->prev_payload,
						   o->prev_len))) {
			hwmsg_state_free(s);
			return NULL;
		}
		i->pub = *o;
		i->pub.bus = i->bus;
		i->pub.dev = i->dev;
		i->pub.driver = i->driver;
		i->pub.key = i->key;
		i->pub.payload = o->payload ? i->payload : NULL;
		i->pub.prev_payload = o->prev_payload ? i->prev : NULL;
	}
	return s;
}

void hwmsg_state_snap_free(struct hwmsg_state_snap *p)
{
	free(p);
}

size_t hwmsg_state_snap_memory(const struct hwmsg_state_snap *p)
{
	return sizeof(*p) + p->size;
}
