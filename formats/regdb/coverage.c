// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoding coverage of a trace: per register id, how many messages carried
 * it and how many of them hold bits no field decodes
 * (hwmsg_reg_undecoded()), with the union of those bits.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb_int.h"

/* A payload counted before, and what it gave (COV_*). */
struct hwmsg_reg_cov_seen {
	uint64_t hash;		/* 0: a free slot */
	uint8_t result;
};

#define COV_UNDECODED 1u
#define COV_SHORT 2u

static uint64_t cov_hash(uint16_t id, const uint8_t *p, uint32_t len)
{
	uint64_t h = 0xcbf29ce484222325ull ^ ((uint64_t)id << 32 | len);
	uint32_t i;

	for (i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h ? h : 1;
}

/* The slot of hash (open addressing, a power of two of slots). */
static struct hwmsg_reg_cov_seen *cov_slot(struct hwmsg_reg_coverage *c,
					   uint64_t hash)
{
	unsigned int i = (unsigned int)(hash ^ hash >> 32) & (c->cap_seen - 1);

	while (c->seen[i].hash && c->seen[i].hash != hash)
		i = (i + 1) & (c->cap_seen - 1);
	return &c->seen[i];
}

static int cov_grow(struct hwmsg_reg_coverage *c)
{
	struct hwmsg_reg_cov_seen *old = c->seen;
	unsigned int n = c->cap_seen, i;
	unsigned int cap = n ? n * 2 : 1024;

	c->seen = calloc(cap, sizeof(*c->seen));
	if (!c->seen) {
		c->seen = old;
		return -1;
	}
	c->cap_seen = cap;
	for (i = 0; i < n; i++)
		if (old[i].hash)
			*cov_slot(c, old[i].hash) = old[i];
	free(old);
	return 0;
}

static struct hwmsg_reg_cov_reg *cov_find(struct hwmsg_reg_coverage *c,
					  uint16_t id)
{
	unsigned int lo = 0, hi = c->n;

	while (lo < hi) {	/* kept in id order */
		unsigned int mid = (lo + hi) / 2;

		if (c->regs[mid].id == id)
			return &c->regs[mid];
		if (c->regs[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (c->n == c->cap) {
		unsigned int cap = c->cap ? c->cap * 2 : 32;
		void *p = realloc(c->regs, cap * sizeof(*c->regs));

		if (!p)
			return NULL;
		c->regs = p;
		c->cap = cap;
	}
	memmove(&c->regs[lo + 1], &c->regs[lo],
		(c->n - lo) * sizeof(*c->regs));
	memset(&c->regs[lo], 0, sizeof(*c->regs));
	c->regs[lo].id = id;
	c->n++;
	return &c->regs[lo];
}

/* OR the message's undecoded bits into the register's mask. */
static int cov_merge(struct hwmsg_reg_cov_reg *r, const uint8_t *mask,
		     uint32_t len)
{
	uint32_t i;

	if (len > r->mask_len) {
		uint8_t *p = realloc(r->mask, len);

		if (!p)
			return -1;
		memset(p + r->mask_len, 0, len - r->mask_len);
		r->mask = p;
		r->mask_len = len;
	}
	for (i = 0; i < len; i++)
		r->mask[i] |= mask[i];
	return 0;
}

static int cov_decode(struct hwmsg_reg_cov_reg *r,
		      const struct hwmsg_reg *reg, const uint8_t *p,
		      uint32_t len, uint8_t *result, struct hwmsg_err *err)
{
	struct hwmsg_reg_decoded d = { 0 };
	uint8_t *mask = malloc(len ? len : 1);
	long n;
	int ret;

	if (!mask)
		return hwmsg_errf(err, 0, "out of memory");
	n = hwmsg_reg_undecoded(reg, p, len, mask, err);
	ret = n < 0 ? -1 : 0;
	if (n > 0) {
		*result |= COV_UNDECODED;
		if (cov_merge(r, mask, len))
			ret = hwmsg_errf(err, 0, "out of memory");
	}
	free(mask);
	if (ret)
		return ret;
	ret = hwmsg_reg_decode_reg(reg, p, len, &d, err);
	if (ret > 0)		/* fields past the payload's end */
		*result |= COV_SHORT;
	hwmsg_reg_decoded_free(&d);
	return ret < 0 ? -1 : 0;
}

/* The payload decoded, or what it gave the last time it was seen. */
static int cov_payload(struct hwmsg_reg_coverage *c,
		       struct hwmsg_reg_cov_reg *r, const struct hwmsg_reg *reg,
		       const struct hwmsg_msg *msg, bool *full,
		       struct hwmsg_err *err)
{
	uint64_t h = cov_hash(msg->op.reg_id, msg->reg, msg->reg_len);
	struct hwmsg_reg_cov_seen *s;
	uint8_t result = 0;

	if ((c->n_seen + 1) * 2 > c->cap_seen && cov_grow(c))
		return hwmsg_errf(err, 0, "out of memory");
	s = cov_slot(c, h);
	if (s->hash) {
		result = s->result;
	} else {
		if (cov_decode(r, reg, msg->reg, msg->reg_len, &result, err))
			return -1;
		s->hash = h;
		s->result = result;
		c->n_seen++;
	}
	r->undecoded += !!(result & COV_UNDECODED);
	r->short_msgs += !!(result & COV_SHORT);
	*full = !result;
	return 0;
}

int hwmsg_reg_coverage_add(struct hwmsg_reg_coverage *c,
			   const struct hwmsg_msg *msg, struct hwmsg_err *err)
{
	const struct hwmsg_reg *reg;
	struct hwmsg_reg_cov_reg *r;
	bool full = true;

	if (!msg->has_reg)
		return 0;
	reg = hwmsg_reg_lookup_len(msg->op.reg_id, msg->reg_len);
	r = cov_find(c, msg->op.reg_id);
	if (!r)
		return hwmsg_errf(err, 0, "out of memory");
	if (!r->reg)
		r->reg = reg;
	r->messages++;
	c->messages++;
	if (!reg || !reg->layout)
		return 0;
	if (cov_payload(c, r, reg, msg, &full, err))
		return -1;
	if (full)
		c->full++;
	return 0;
}

bool hwmsg_reg_cov_reg_full(const struct hwmsg_reg_cov_reg *r)
{
	return r->reg && r->reg->layout && !r->undecoded && !r->short_msgs;
}

unsigned int hwmsg_reg_coverage_full_regs(const struct hwmsg_reg_coverage *c)
{
	unsigned int i, n = 0;

	for (i = 0; i < c->n; i++)
		n += hwmsg_reg_cov_reg_full(&c->regs[i]);
	return n;
}

void hwmsg_reg_coverage_free(struct hwmsg_reg_coverage *c)
{
	unsigned int i;

	for (i = 0; i < c->n; i++)
		free(c->regs[i].mask);
	free(c->regs);
	free(c->seen);
	memset(c, 0, sizeof(*c));
}
