/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A register's contents as a flat list of leaves with their full paths
 * ("lane_module_mapping[2].module") and formatted values, from libhwmsg's
 * decode and formatter: what the state and history panels compare.
 */
#ifndef HWMSG_TUI_FIELDS_H
#define HWMSG_TUI_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/regdb.h"

#define TOP_FIELDS_MAX 1024	/* leaves kept of a register */
#define TOP_FIELD_VALUE 160	/* as long as hwmsg_reg_format makes them */

struct top_field {
	char path[HWMSG_REG_PATH_MAX];
	char value[TOP_FIELD_VALUE];
	bool shown;		/* not zero: hwmsg_reg_format lists it */
};

struct top_fields {
	struct top_field *f;
	unsigned int n;
};

/* Every leaf of payload decoded as register reg_id (n 0 when it cannot
 * be decoded). -1: out of memory. */
int fields_get(uint16_t reg_id, const uint8_t *payload, uint32_t len,
	       struct top_fields *out);
void fields_free(struct top_fields *f);
/* The leaf with this path, looked for from position hint on; NULL. */
const struct top_field *fields_find(const struct top_fields *f,
				    const char *path, unsigned int hint);

#endif
