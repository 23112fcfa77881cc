/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one JSON string escaper behind every -j of hwmsg. */
#ifndef HWMSG_CLI_JSON_H
#define HWMSG_CLI_JSON_H

#include <stdio.h>

/* s as a JSON string, quotes included; NULL prints "". */
void json_print_str(FILE *f, const char *s);

#endif
