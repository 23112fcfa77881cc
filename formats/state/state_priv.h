/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state engine's insides, shared by its files (state.c, snap.c). */
#ifndef HWMSG_STATE_PRIV_H
#define HWMSG_STATE_PRIV_H

#include "hwmsg/state.h"

#define STATE_BUCKETS 4096

struct inst {
	struct hwmsg_state_inst pub;
	char *key, *bus, *dev, *driver;
	uint8_t *payload, *prev;
	uint32_t cap, prev_cap;
	uint64_t hash;
	struct inst *next;
};

struct hwmsg_state {
	struct inst *buckets[STATE_BUCKETS];
	struct inst **all;		/* every instance, by id */
	struct inst **order;		/* the same, sorted on demand */
	unsigned int n, cap;
	bool sorted;
	uint8_t *scratch;		/* contents before a change */
	uint32_t scratch_cap;
	struct inst *last;		/* touched by the last feed */
	enum hwmsg_state_how last_how;
};

uint64_t state_hash(const char *bus, const char *dev, const char *key);
struct inst *state_find(struct hwmsg_state *s, const char *bus,
			const char *dev, uint16_t reg_id, const char *key,
			uint64_t h);
/* A new instance, the next id; NULL: out of memory. */
struct inst *state_create(struct hwmsg_state *s, const char *bus,
			  const char *dev, const char *driver,
			  uint16_t reg_id, const char *key, uint64_t h);

#endif
