// SPDX-License-Identifier: GPL-2.0-or-later
/* The reader's device names, each kept once and numbered (devnames.h). */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "devnames.h"
#include "hwmsg/wire.h"

#define NAME_TAGS	(1u << HWMSG_REC_BUS_NAME | 1u << HWMSG_REC_DEV_NAME | \
			 1u << HWMSG_REC_DRIVER_NAME)

/* Numbers are never reused in the process: a consumer may keep one past
 * the reader that gave it. */
static _Atomic uint32_t last_id;

/* A name's TLV header lies just before the name: its value's length. */
static size_t value_len(const char *name)
{
	return hwmsg_get_le16((const uint8_t *)name - 2);
}

/* The bytes of the bus, dev and driver TLVs when they lie one after
 * another in that order, as every writer puts them. */
static const uint8_t *names_span(const struct hwmsg_record *rec, size_t *len)
{
	const size_t hdr = HWMSG_REC_TLV_HDR_LEN;

	if ((rec->tags & NAME_TAGS) != NAME_TAGS ||
	    rec->dev != rec->bus + value_len(rec->bus) + hdr ||
	    rec->driver != rec->dev + value_len(rec->dev) + hdr)
		return NULL;
	*len = (size_t)(rec->driver + value_len(rec->driver) - rec->bus) + hdr;
	return (const uint8_t *)rec->bus - hdr;
}

/* The last 8 bytes of a span: spans told apart cheaply. */
static uint64_t tail_of(const uint8_t *span, size_t len)
{
	uint64_t v;

	memcpy(&v, span + len - sizeof(v), sizeof(v));
	return v;
}

static bool add_entry(struct hwmsg_devnames *t, const uint8_t *span,
		      size_t len, const struct hwmsg_record *rec)
{
	struct hwmsg_devname *e = &t->e[t->n];
	const uint8_t *base = span;

	if (t->n == HWMSG_DEVNAMES_MAX || !(e->tlvs = malloc(len)))
		return false;
	memcpy(e->tlvs, span, len);
	e->len = len;
	e->tail = tail_of(span, len);
	e->id = atomic_fetch_add(&last_id, 1) + 1;
	e->bus = (const char *)e->tlvs + (rec->bus - (const char *)base);
	e->dev = (const char *)e->tlvs + (rec->dev - (const char *)base);
	e->driver = (const char *)e->tlvs + (rec->driver - (const char *)base);
	t->n++;
	return true;
}

static bool is_entry(const struct hwmsg_devname *e, const uint8_t *span,
		     size_t len, uint64_t tail)
{
	return e->len == len && e->tail == tail && !memcmp(e->tlvs, span, len);
}

void hwmsg_devnames_add(struct hwmsg_devnames *t, struct hwmsg_record *rec)
{
	const struct hwmsg_devname *e;
	const uint8_t *span;
	uint64_t tail;
	size_t len;
	unsigned int i;

	span = names_span(rec, &len);
	if (!span || len < sizeof(tail))	/* 15 bytes or more as decoded */
		return;
	tail = tail_of(span, len);
	e = &t->e[t->last];
	if (!t->n || !is_entry(e, span, len, tail)) {
		for (i = 0; i < t->n && !is_entry(&t->e[i], span, len, tail); i++)
			;
		if (i == t->n && !add_entry(t, span, len, rec))
			return;
		t->last = i;
		e = &t->e[i];
	}
	rec->bus = e->bus;
	rec->dev = e->dev;
	rec->driver = e->driver;
	rec->names_id = e->id;
}

void hwmsg_devnames_free(struct hwmsg_devnames *t)
{
	for (unsigned int i = 0; i < t->n; i++)
		free(t->e[i].tlvs);
	t->n = t->last = 0;
}
