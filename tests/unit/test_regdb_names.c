// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_reg_name() before the built-in database is built answers from a
 * table of names alone, made by the text parser's names-only mode over
 * the same files: it must name every id exactly as the database does,
 * and name nothing the database does not know.
 */
#include "hwmsg/regdb.h"
#include "../test.h"

static const char *before[65536];

int main(void)
{
	const struct hwmsg_regdb *db;
	unsigned int id, named = 0;

	/* first: nothing has built the database yet */
	for (id = 0; id < 65536; id++)
		before[id] = hwmsg_regdb_builtin_name((uint16_t)id);
	CHECK_STR(hwmsg_reg_name(0x5002), "PMLP");	/* register */
	CHECK_STR(hwmsg_reg_name(0x9062), "MCC");	/* name only */
	CHECK_STR(hwmsg_reg_name(0x2014), "SLDR");
	db = hwmsg_regdb_builtin();
	for (id = 0; id < 65536; id++) {
		const struct hwmsg_reg *r = hwmsg_regdb_find(db, (uint16_t)id);

		if (!r) {
			if (before[id])
				fprintf(stderr, "0x%04x: %s not in the database\n",
					id, before[id]);
			CHECK(!before[id]);
			continue;
		}
		named++;
		CHECK(before[id] != NULL);
		if (before[id] && strcmp(before[id], r->name)) {
			fprintf(stderr, "0x%04x: %s, database %s\n", id,
				before[id], r->name);
			CHECK(0);
		}
		/* the database answers from now on: the same name */
		CHECK_STR(hwmsg_reg_name((uint16_t)id), r->name);
	}
	CHECK_EQ(named, hwmsg_regdb_count(db));
	CHECK(named > 500);
	return test_done("test_regdb_names");
}
