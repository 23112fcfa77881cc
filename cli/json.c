// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output is written as it goes (a million records must not become a
 * tree in memory first), so all that needs care is string escaping.
 */
#include "json.h"
#include "hwmsg/regdb.h"

bool json_print_quantity(FILE *f, const char *sep, const char *key,
			 const struct hwmsg_reg_field *fd, uint64_t raw)
{
	double q;

	if (!hwmsg_reg_quantity(fd, raw, &q))
		return false;
	fputs(sep, f);
	json_print_str(f, key);
	fprintf(f, ":%.10g,\"unit\":", q);
	json_print_str(f, fd->unit);
	return true;
}

void json_print_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}
