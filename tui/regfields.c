// SPDX-License-Identifier: GPL-2.0-or-later
/* Register fields for the detail panel, from libhwmsg's register database. */
#include <stdio.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "regfields.h"

static const struct hwmsg_regdb *db;

int regfields_init(struct hwmsg_err *err)
{
	db = hwmsg_regdb_default(err);
	if (db)
		return 0;
	db = hwmsg_regdb_builtin();
	return -1;
}

struct emit {
	void (*line)(void *arg, const char *text);
	void *arg;
	int n;
};

static void emit_line(void *ctx, unsigned int depth, const char *name,
		      const char *value)
{
	struct emit *e = ctx;
	char buf[640];
	int pad = 28 - 2 * (int)depth;

	if (depth > 8)
		depth = 8;
	snprintf(buf, sizeof(buf), "%*s%-*s %s", 2 * (int)depth, "",
		 pad > 1 ? pad : 1, name, value ? value : "");
	e->line(e->arg, buf);
	e->n++;
}

const char *regfields_summary(uint16_t reg_id, const uint8_t *reg,
			      uint32_t len, char *buf, size_t size)
{
	struct hwmsg_reg_decoded d;
	const char *sp;
	char tmp[160];

	if (!db)
		db = hwmsg_regdb_builtin();
	memset(&d, 0, sizeof(d));
	if (hwmsg_reg_decode(db, reg_id, reg, len, &d, NULL) < 0) {
		hwmsg_reg_decoded_free(&d);
		return NULL;
	}
	hwmsg_reg_summary(&d, tmp, sizeof(tmp));
	hwmsg_reg_decoded_free(&d);
	sp = strchr(tmp, ' ');
	snprintf(buf, size, "%s", sp ? sp + 1 : "");
	return buf;
}

int regfields_lines(uint16_t reg_id, const uint8_t *reg, uint32_t len,
		    char *summary, size_t summary_size,
		    void (*line)(void *arg, const char *text), void *arg)
{
	struct hwmsg_reg_decoded d;
	struct emit e = { line, arg, 0 };
	struct hwmsg_err err;

	if (!db)
		db = hwmsg_regdb_builtin();
	memset(&d, 0, sizeof(d));
	if (hwmsg_reg_decode(db, reg_id, reg, len, &d, &err) < 0) {
		hwmsg_reg_decoded_free(&d);
		return 0;
	}
	if (summary && summary_size)
		hwmsg_reg_summary(&d, summary, summary_size);
	hwmsg_reg_format(&d, false, emit_line, &e);
	if (d.n_missing)
		emit_line(&e, 0, "(missing)", err.msg);
	hwmsg_reg_decoded_free(&d);
	return e.n ? e.n : 1;
}
