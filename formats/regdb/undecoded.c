// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The payload bits no field decodes, found with the decoder itself: each
 * set bit is cleared in a copy and the copy decoded again; a bit whose
 * clearing changes no decoded value (path, raw value, bytes) is one that
 * no field reads. There is no second reading of the layouts here.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb_int.h"

static bool value_same(const struct hwmsg_reg_value *a,
		       const struct hwmsg_reg_value *b)
{
	if (a->field != b->field || a->group != b->group ||
	    a->missing != b->missing || a->offset != b->offset ||
	    a->raw != b->raw || a->n_bytes != b->n_bytes ||
	    strcmp(a->path, b->path))
		return false;
	if (!a->bytes != !b->bytes)
		return false;
	/* a number is its raw value: the byte it starts in may hold more */
	if (!a->bytes || (a->field && hwmsg_reg_kind_is_number(a->field->kind) &&
			  a->field->width <= 64))
		return true;
	return !memcmp(a->bytes, b->bytes, a->n_bytes);
}

static bool decoded_same(const struct hwmsg_reg_decoded *a,
			 const struct hwmsg_reg_decoded *b)
{
	unsigned int i;

	if (a->n_values != b->n_values || a->n_missing != b->n_missing)
		return false;
	for (i = 0; i < a->n_values; i++)
		if (!value_same(&a->values[i], &b->values[i]))
			return false;
	return true;
}

/* One set bit (big-endian bit order within its byte) cleared in copy. */
static int probe_bit(const struct hwmsg_reg *reg, uint8_t *copy, size_t len,
		     size_t byte, unsigned int bit,
		     const struct hwmsg_reg_decoded *ref,
		     struct hwmsg_reg_decoded *scratch, struct hwmsg_err *err)
{
	uint8_t saved = copy[byte];
	bool same;

	copy[byte] = (uint8_t)(saved & ~(1u << bit));
	if (hwmsg_reg_decode_flags(reg, copy, len, scratch, err,
				   HWMSG_REG_DECODE_NO_FILTER) < 0) {
		copy[byte] = saved;
		return -1;
	}
	same = decoded_same(ref, scratch);
	copy[byte] = saved;
	return same;
}

long hwmsg_reg_undecoded(const struct hwmsg_reg *reg, const uint8_t *payload,
			 size_t len, uint8_t *mask, struct hwmsg_err *err)
{
	struct hwmsg_reg_decoded ref = { 0 }, scratch = { 0 };
	uint8_t *copy;
	long n = 0;
	size_t i;
	unsigned int b;

	if (mask)
		memset(mask, 0, len);
	if (!reg || !reg->layout)
		return hwmsg_errf(err, 0, "register %s: no field layout known",
				  reg ? reg->name : "?");
	copy = malloc(len ? len : 1);
	if (!copy)
		return hwmsg_errf(err, 0, "out of memory");
	memcpy(copy, payload, len);
	if (hwmsg_reg_decode_flags(reg, payload, len, &ref, err,
				   HWMSG_REG_DECODE_NO_FILTER) < 0)
		n = -1;
	for (i = 0; i < len && n >= 0; i++) {
		for (b = 0; b < 8 && n >= 0 && payload[i]; b++) {
			int same;

			if (!(payload[i] >> b & 1))
				continue;
			same = probe_bit(reg, copy, len, i, b, &ref, &scratch,
					 err);
			if (same < 0) {
				n = -1;
			} else if (same) {
				n++;
				if (mask)
					mask[i] |= (uint8_t)(1u << b);
			}
		}
	}
	hwmsg_reg_decoded_free(&ref);
	hwmsg_reg_decoded_free(&scratch);
	free(copy);
	return n;
}
