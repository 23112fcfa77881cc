/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Record selection shared by the commands: -Y FILTER, --since, --until and
 * -d DEVICE, each compiled into the filter language (hwmsg/filter.h).
 */
#ifndef HWMSG_CLI_SELECT_H
#define HWMSG_CLI_SELECT_H

#include <stdbool.h>

#include "hwmsg/filter.h"

enum select_opt {
	SELECT_FILTER = 'Y',
	SELECT_DEVICE = 'd',
	SELECT_SINCE = 0x100,
	SELECT_UNTIL,
};

#define SELECT_LONG_OPTS						\
	{ "filter", required_argument, NULL, SELECT_FILTER },		\
	{ "device", required_argument, NULL, SELECT_DEVICE },		\
	{ "since", required_argument, NULL, SELECT_SINCE },		\
	{ "until", required_argument, NULL, SELECT_UNTIL }

#define SELECT_USAGE							\
	"  -Y, --filter FILTER a Wireshark display filter over the plugin's fields\n" \
	"                     (emad.status != 0 && mlxreg.paos.local_port == 17)\n" \
	"  -d, --device DEV   only this device (pci/0000:03:00.0 or 0000:03:00.0)\n" \
	"      --since TIME   from TIME: seconds after the first record (30, 2.5)\n" \
	"                     or a date (\"2026-12-04 16:49:42\", local unless Z)\n" \
	"      --until TIME   up to TIME, as --since\n"

struct select {
	struct hwmsg_filter *f[8];
	unsigned int n;
	unsigned int needs;	/* enum hwmsg_filter_needs of them all */
};

/* Take option opt's argument; 0, or 2 after printing a usage error. */
int select_add(struct select *s, const char *prog, int opt, const char *arg);
bool select_active(const struct select *s);
bool select_match(struct select *s, const struct hwmsg_filter_rec *r);
void select_free(struct select *s);

#endif
