// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The decoder on the built-in database: the first input byte picks a
 * register with a layout, the rest is its payload. Never a crash or an
 * overread (ASan watches), every value inside the payload, missing ones
 * counted, and the printer and summary run on the result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct hwmsg_reg *regs[256];
static unsigned int n_regs;
static FILE *null_out;

static void init(void)
{
	const struct hwmsg_regdb *db = hwmsg_regdb_builtin();
	unsigned int i;

	for (i = 0; i < hwmsg_regdb_count(db) && n_regs < 256; i++)
		if (hwmsg_regdb_at(db, i)->layout)
			regs[n_regs++] = hwmsg_regdb_at(db, i);
	null_out = fopen("/dev/null", "w");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err = { 0 };
	unsigned int k, missing = 0;
	const uint8_t *p;
	char line[256];
	int ret;

	if (!n_regs)
		init();
	if (!size)
		return 0;
	p = data + 1;
	ret = hwmsg_reg_decode_reg(regs[data[0] % n_regs], p, size - 1, &d,
				   &err);
	if (ret < 0 || (ret == 1) != (d.n_missing > 0))
		abort();
	for (k = 0; k < d.n_values; k++) {
		const struct hwmsg_reg_value *v = &d.values[k];

		if (v->bytes && (v->bytes < p ||
				 v->bytes + v->n_bytes > p + size - 1))
			abort();
		if (v->missing)
			missing++;
		hwmsg_reg_value_str(v, line, sizeof(line));
	}
	if (missing != d.n_missing)
		abort();
	hwmsg_reg_summary(&d, line, sizeof(line));
	if (null_out)
		hwmsg_reg_print(null_out, &d, "  ", data[0] & 1);
	hwmsg_reg_decoded_free(&d);
	/* show -V's walk: the same outcome as the list, text bounded */
	{
		struct hwmsg_reg_text t = { 0 };

		if (hwmsg_reg_text_append(&t, regs[data[0] % n_regs], p,
					  size - 1, "  ", data[0] & 1,
					  &err) != ret)
			abort();
		free(t.s);
	}
	return 0;
}
