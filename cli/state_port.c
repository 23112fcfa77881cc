// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg state --port: libhwmsg's port rows (hwmsg/state_port.h, shared
 * with hwmsg top's port view) as a table per device, or JSON lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/state_port.h"
#include "json.h"
#include "print.h"
#include "state_port.h"

static const char *cell(const struct hwmsg_port_row *r, int c)
{
	return r->col[c][0] ? r->col[c] : "-";
}

static void print_json(const struct hwmsg_port_row *r)
{
	char name[192];

	snprintf(name, sizeof(name), "%s/%s", r->bus, r->dev);
	printf("{\"dev\":");
	json_print_str(stdout, name);
	printf(",\"local_port\":%u", r->local_port);
	for (int c = 0; c < HWMSG_PORT_N_COLS; c++) {
		if (!r->col[c][0])
			continue;
		printf(",\"%s\":", hwmsg_port_col_names[c]);
		json_print_str(stdout, r->col[c]);
	}
	printf("}\n");
}

void state_print_ports(struct hwmsg_state *st, bool json)
{
	struct hwmsg_port_row *rows;
	const char *bus = NULL, *dev = NULL;
	long n = hwmsg_state_ports(st, &rows);

	if (n < 0)
		fprintf(stderr, "hwmsg: out of memory\n");
	for (long i = 0; i < n; i++) {
		const struct hwmsg_port_row *r = &rows[i];

		if (json) {
			print_json(r);
			continue;
		}
		if (!bus || strcmp(bus, r->bus) || strcmp(dev, r->dev)) {
			printf("%s", i ? "\n" : "");
			print_device(stdout, r->bus, r->dev);
			printf("\n  %-5s %-24s %-10s %-18s %-5s %-12s %s\n", "PORT",
			       "ADMIN", "OPER", "SPEED", "WIDTH", "MODULES",
			       "MTU");
			bus = r->bus;
			dev = r->dev;
		}
		printf("  %-5u %-24s %-10s %-18s %-5s %-12s %s\n",
		       r->local_port, cell(r, HWMSG_PORT_ADMIN),
		       cell(r, HWMSG_PORT_OPER), cell(r, HWMSG_PORT_SPEED),
		       cell(r, HWMSG_PORT_WIDTH), cell(r, HWMSG_PORT_MODULES),
		       cell(r, HWMSG_PORT_MTU));
	}
	free(rows);
}
