// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The register description text parser on arbitrary text: never a crash,
 * a failure always says why in one line, and whatever parses decodes a
 * payload made of the same bytes and walks its filter names. The
 * parser's names-only mode (hwmsg_reg_name() before the built-in database
 * is built) names every register of a text that parses as it does.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "regdb_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count(void *ctx, const struct hwmsg_reg *reg,
		 const struct hwmsg_reg_field *f, const char *filter)
{
	(void)reg;
	(void)f;
	if (strncmp(filter, "mlxreg.", 7))
		abort();
	(*(unsigned int *)ctx)++;
	return 0;
}

static void names_only(const struct hwmsg_regdb *db, const uint8_t *data,
		       size_t size)
{
	struct regdb_names t = { 0 };
	struct hwmsg_err err = { 0 };
	unsigned int i;
	int ret = regdb_text_names(&t, (const char *)data, size, "f.reg", &err);

	if (ret && (!err.msg[0] || strchr(err.msg, '\n') ||
		    strncmp(err.msg, "f.reg:", 6)))
		abort();
	/* what parses in full is named the same, and nothing more */
	if (!ret && hwmsg_regdb_count(db) && t.n != hwmsg_regdb_count(db))
		abort();
	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(db, i);
		const char *name = regdb_names_find(&t, r->id);

		if (ret || !name || strcmp(name, r->name))
			abort();
	}
	regdb_names_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	unsigned int i, n = 0;
	char line[256];

	if (!db)
		return 0;
	if (hwmsg_regdb_load_text(db, (const char *)data, size, "f.reg",
				  &err)) {
		if (!err.msg[0] || strchr(err.msg, '\n') ||
		    strncmp(err.msg, "f.reg:", 6))
			abort();
		if (hwmsg_regdb_count(db))
			abort();
	}
	names_only(db, data, size);
	hwmsg_regdb_foreach_field(db, count, &n);
	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(db, i);
		struct hwmsg_reg_decoded d;
		unsigned int k;

		hwmsg_reg_decode_reg(r, data, size, &d, NULL);
		for (k = 0; k < d.n_values; k++)
			hwmsg_reg_value_str(&d.values[k], line, sizeof(line));
		hwmsg_reg_summary(&d, line, sizeof(line));
		hwmsg_reg_decoded_free(&d);
	}
	hwmsg_regdb_free(db);
	return 0;
}
