// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulated firmware's register file: a write is kept per register and
 * index (local port, trap group, ...) and a later query returns it. Buffers
 * are allocated once per distinct key, never per record.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/sim_regs.h"
#include "sim_int.h"

struct index_field {
	uint16_t reg_id;
	uint8_t off, shift, width;
};

/* Registers indexed by something other than the local port. */
static const struct index_field index_fields[] = {
	{ REG_HTGT_ID, REG_HTGT_TRAP_GROUP },
	{ REG_HPKT_ID, REG_HPKT_TRAP_ID },
	{ REG_RITR_ID, REG_RITR_RIF },
	{ REG_MTMP_ID, REG_MTMP_SENSOR_INDEX },
};

/* Registers with a single instance. */
static const uint16_t global_regs[] = {
	REG_SGCR_ID, REG_SPAD_ID, REG_SFN_ID, REG_RGCR_ID, REG_MGIR_ID,
};

int sim_reg_index(uint16_t reg_id, const uint8_t *payload)
{
	size_t i;

	for (i = 0; i < sizeof(index_fields) / sizeof(index_fields[0]); i++) {
		const struct index_field *f = &index_fields[i];

		if (f->reg_id == reg_id)
			return (int)hwmsg_item_get(payload, f->off, f->shift,
						   f->width);
	}
	for (i = 0; i < sizeof(global_regs) / sizeof(global_regs[0]); i++)
		if (global_regs[i] == reg_id)
			return 0;
	return (int)sim_local_port_get(payload);
}

static uint32_t make_key(uint16_t reg_id, int index)
{
	return (uint32_t)reg_id << 16 | ((uint32_t)index & 0xffff);
}

static struct sim_regfile_entry *find(const struct sim_regfile *rf,
				      uint32_t key, bool *found)
{
	uint32_t h = (key * 2654435761u) & (SIM_REGFILE_SLOTS - 1);
	unsigned int n;

	for (n = 0; n < SIM_REGFILE_SLOTS; n++) {
		const struct sim_regfile_entry *e = &rf->slots[h];

		if (e->key == key || !e->key) {
			*found = e->key == key;
			return (struct sim_regfile_entry *)e;
		}
		h = (h + 1) & (SIM_REGFILE_SLOTS - 1);
	}
	*found = false;
	return NULL;
}

const uint8_t *sim_regfile_get(const struct sim_regfile *rf, uint16_t reg_id,
			       int index, uint16_t len)
{
	bool found;
	struct sim_regfile_entry *e = find(rf, make_key(reg_id, index), &found);

	return found && e->len == len ? e->data : NULL;
}

void sim_regfile_put(struct sim_regfile *rf, uint16_t reg_id, int index,
		     const uint8_t *data, uint16_t len)
{
	uint32_t key = make_key(reg_id, index);
	struct sim_regfile_entry *e;
	bool found;

	/* keep a quarter free so probing stays short; beyond, forget writes */
	if (rf->used >= SIM_REGFILE_SLOTS * 3 / 4 &&
	    !sim_regfile_get(rf, reg_id, index, len))
		return;
	e = find(rf, key, &found);
	if (!e)
		return;
	if (!found || e->len != len) {
		uint8_t *data_new = realloc(found ? e->data : NULL, len);

		if (!data_new)
			return;
		if (!found)
			rf->used++;
		e->key = key;
		e->data = data_new;
		e->len = len;
	}
	memcpy(e->data, data, len);
}

void sim_regfile_free(struct sim_regfile *rf)
{
	unsigned int i;

	for (i = 0; i < SIM_REGFILE_SLOTS; i++)
		free(rf->slots[i].data);
	memset(rf, 0, sizeof(*rf));
}
