/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one JSON string escaper behind every -j of hwmsg. */
#ifndef HWMSG_CLI_JSON_H
#define HWMSG_CLI_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "obuf.h"

/*
 * s as a JSON string, quotes included; NULL prints "". Always valid UTF-8:
 * a byte that is not part of a valid UTF-8 sequence is written \u00XX
 * (0x9b -> \u009b), controls (C1 included) are escaped.
 */
void json_print_str(FILE *f, const char *s);
void json_ob_str(struct obuf *o, const char *s);

struct hwmsg_reg_field;

/*
 * SEP"KEY":51.75,"unit":"C" for a number the register database gives a
 * unit or scale; nothing (false) for any other field or a special= value.
 */
bool json_print_quantity(FILE *f, const char *sep, const char *key,
			 const struct hwmsg_reg_field *fd, uint64_t raw);
bool json_ob_quantity(struct obuf *o, const char *sep, const char *key,
		      const struct hwmsg_reg_field *fd, uint64_t raw);

#endif
