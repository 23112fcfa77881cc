// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The view a switch engineer asks for first: per device and local port,
 * admin and operational status (PAOS), speed (PTYS), lanes and modules
 * (PMLP), MTU (PMTU), each as the trace last confirmed it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "json.h"
#include "print.h"
#include "state_port.h"

enum { COL_ADMIN, COL_OPER, COL_SPEED, COL_WIDTH, COL_MODULES, COL_MTU,
       N_COLS };

static const char *const col_names[N_COLS] = {
	"admin", "oper", "speed", "width", "modules", "mtu",
};

/* Which register field goes in which column. */
static const struct {
	uint16_t reg_id;
	const char *path;
	int col;
} sources[] = {
	{ 0x5006, "admin_status", COL_ADMIN },
	{ 0x5006, "oper_status", COL_OPER },
	{ 0x5004, "eth_proto_oper", COL_SPEED },
	{ 0x5002, "width", COL_WIDTH },
	{ 0x5003, "oper_mtu", COL_MTU },
};

struct port_row {
	const char *bus, *dev;
	uint32_t port;
	char col[N_COLS][64];
};

/* "up (1)" -> "up", "0x100000 (100gbase_cr4)" -> "100gbase_cr4" */
static void short_value(const char *v, char *out, size_t size)
{
	const char *open = strchr(v, '(');
	size_t n;

	if (!open || open == v) {
		snprintf(out, size, "%s", v);
		return;
	}
	if (v[0] == '0' && v[1] == 'x') {	/* flags: the names */
		n = strcspn(open + 1, ")");
		snprintf(out, size, "%.*s", (int)n, open + 1);
		return;
	}
	n = (size_t)(open - v);
	while (n && v[n - 1] == ' ')
		n--;
	snprintf(out, size, "%.*s", (int)n, v);
}

static struct port_row *row_for(struct port_row **rows, size_t *n,
				const struct hwmsg_state_inst *in,
				uint32_t port)
{
	struct port_row *r;

	for (size_t i = 0; i < *n; i++)
		if ((*rows)[i].port == port && !strcmp((*rows)[i].dev, in->dev) &&
		    !strcmp((*rows)[i].bus, in->bus))
			return &(*rows)[i];
	r = realloc(*rows, (*n + 1) * sizeof(**rows));
	if (!r)
		return NULL;
	*rows = r;
	r = &r[(*n)++];
	memset(r, 0, sizeof(*r));
	r->bus = in->bus;
	r->dev = in->dev;
	r->port = port;
	return r;
}

/* PMLP: the modules of the lanes in use, "3/0-3" style kept simple */
static void modules(const struct hwmsg_reg_decoded *d, char *out, size_t size)
{
	const struct hwmsg_reg_value *w = hwmsg_reg_decoded_get(d, "width");
	char path[64];
	size_t used = 0;

	out[0] = '\0';
	for (unsigned int lane = 0; w && lane < w->raw && lane < 8; lane++) {
		const struct hwmsg_reg_value *m;

		snprintf(path, sizeof(path), "lane_module_mapping[%u].module",
			 lane);
		m = hwmsg_reg_decoded_get(d, path);
		if (m && used < size)
			used += (size_t)snprintf(out + used, size - used,
						 "%s%llu", lane ? "," : "",
						 (unsigned long long)m->raw);
	}
}

static void fill_row(struct port_row *row, const struct hwmsg_state_inst *in,
		     const struct hwmsg_reg_decoded *d)
{
	char buf[256];

	for (size_t k = 0; k < sizeof(sources) / sizeof(sources[0]); k++) {
		const struct hwmsg_reg_value *v;

		if (sources[k].reg_id != in->reg_id)
			continue;
		v = hwmsg_reg_decoded_get(d, sources[k].path);
		if (!v || v->missing)
			continue;
		/* only a query or an event says what a read-only field is */
		if (v->field->access == HWMSG_REG_RO && !in->queried_ns &&
		    !in->events)
			continue;
		short_value(hwmsg_reg_value_str(v, buf, sizeof(buf)),
			    row->col[sources[k].col],
			    sizeof(row->col[0]));
	}
	if (in->reg_id == 0x5002)
		modules(d, row->col[COL_MODULES], sizeof(row->col[0]));
}

static int cmp_row(const void *a, const void *b)
{
	const struct port_row *x = a, *y = b;
	int c = strcmp(x->bus, y->bus);

	if (!c)
		c = strcmp(x->dev, y->dev);
	return c ? c : (x->port > y->port) - (x->port < y->port);
}

static void print_rows(const struct port_row *rows, size_t n, bool json)
{
	const char *bus = NULL, *dev = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct port_row *r = &rows[i];

		if (json) {
			char name[192];

			snprintf(name, sizeof(name), "%s/%s", r->bus, r->dev);
			printf("{\"dev\":");
			json_print_str(stdout, name);
			printf(",\"local_port\":%u", r->port);
			for (int c = 0; c < N_COLS; c++) {
				if (!r->col[c][0])
					continue;
				printf(",\"%s\":", col_names[c]);
				json_print_str(stdout, r->col[c]);
			}
			printf("}\n");
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
		printf("  %-5u %-24s %-10s %-18s %-5s %-12s %s\n", r->port,
		       r->col[COL_ADMIN][0] ? r->col[COL_ADMIN] : "-",
		       r->col[COL_OPER][0] ? r->col[COL_OPER] : "-",
		       r->col[COL_SPEED][0] ? r->col[COL_SPEED] : "-",
		       r->col[COL_WIDTH][0] ? r->col[COL_WIDTH] : "-",
		       r->col[COL_MODULES][0] ? r->col[COL_MODULES] : "-",
		       r->col[COL_MTU][0] ? r->col[COL_MTU] : "-");
	}
}

void state_print_ports(struct hwmsg_state *st, bool json)
{
	struct port_row *rows = NULL;
	size_t n = 0;

	for (unsigned int i = 0; i < hwmsg_state_count(st); i++) {
		const struct hwmsg_state_inst *in = hwmsg_state_at(st, i);
		const struct hwmsg_reg_value *lp;
		struct hwmsg_reg_decoded d;
		struct port_row *row;

		if (in->reg_id != 0x5006 && in->reg_id != 0x5004 &&
		    in->reg_id != 0x5002 && in->reg_id != 0x5003)
			continue;
		if (hwmsg_reg_decode(NULL, in->reg_id, in->payload, in->len,
				     &d, NULL) < 0) {
			hwmsg_reg_decoded_free(&d);
			continue;
		}
		lp = hwmsg_reg_decoded_get(&d, "local_port");
		row = lp ? row_for(&rows, &n, in, (uint32_t)lp->raw) : NULL;
		if (row)
			fill_row(row, in, &d);
		hwmsg_reg_decoded_free(&d);
	}
	qsort(rows, n, sizeof(*rows), cmp_row);
	print_rows(rows, n, json);
	free(rows);
}
