// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ADB (XML) loader on arbitrary bytes held in memory: never a crash,
 * a failure always says why in one line, and every register it builds
 * decodes a payload made of the same bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	unsigned int i;
	char line[256];

	if (!db)
		return 0;
	if (hwmsg_regdb_load_adb_mem(db, (const char *)data, size, "f.adb",
				     &err)) {
		if (!err.msg[0] || strchr(err.msg, '\n'))
			abort();
	}
	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(db, i);
		struct hwmsg_reg_decoded d;
		unsigned int k;

		if (!r->layout)
			continue;
		hwmsg_reg_decode_reg(r, data, size, &d, NULL);
		for (k = 0; k < d.n_values; k++)
			hwmsg_reg_value_str(&d.values[k], line, sizeof(line));
		hwmsg_reg_decoded_free(&d);
	}
	hwmsg_regdb_free(db);
	return 0;
}
