// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output is written as it goes (a million records must not become a
 * tree in memory first), so all that needs care is string escaping.
 */
#include "json.h"

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
