// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Port rows from the state: the fields of PAOS, PTYS, PMLP and PMTU,
 * decoded with the register database, shortened ("up (1)" -> "up") and
 * put in one row per device and local port.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "hwmsg/state_port.h"

#define REG_PMLP 0x5002
#define REG_PMTU 0x5003
#define REG_PTYS 0x5004
#define REG_PAOS 0x5006

const char *const hwmsg_port_col_names[HWMSG_PORT_N_COLS] = {
	"admin", "oper", "speed", "width", "modules", "mtu",
};

/* Which register field goes in which column. */
static const struct {
	uint16_t reg_id;
	const char *path;
	int col;
} sources[] = {
	{ REG_PAOS, "admin_status", HWMSG_PORT_ADMIN },
	{ REG_PAOS, "oper_status", HWMSG_PORT_OPER },
	{ REG_PTYS, "eth_proto_oper", HWMSG_PORT_SPEED },
	{ REG_PMLP, "width", HWMSG_PORT_WIDTH },
	{ REG_PMTU, "oper_mtu", HWMSG_PORT_MTU },
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

static struct hwmsg_port_row *row_for(struct hwmsg_port_row **rows, long *n,
				      const struct hwmsg_state_inst *in,
				      uint32_t port)
{
	struct hwmsg_port_row *r;

	for (long i = 0; i < *n; i++)
		if ((*rows)[i].local_port == port &&
		    !strcmp((*rows)[i].dev, in->dev) &&
		    !strcmp((*rows)[i].bus, in->bus))
			return &(*rows)[i];
	r = realloc(*rows, (size_t)(*n + 1) * sizeof(**rows));
	if (!r)
		return NULL;
	*rows = r;
	r = &r[(*n)++];
	memset(r, 0, sizeof(*r));
	r->bus = in->bus;
	r->dev = in->dev;
	r->local_port = port;
	return r;
}

/* PMLP: the modules of the lanes in use, "3,3,3,3" */
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

static void fill_row(struct hwmsg_port_row *row,
		     const struct hwmsg_state_inst *in,
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
			    row->col[sources[k].col], sizeof(row->col[0]));
	}
	if (in->reg_id == REG_PMLP)
		modules(d, row->col[HWMSG_PORT_MODULES], sizeof(row->col[0]));
}

static int cmp_row(const void *a, const void *b)
{
	const struct hwmsg_port_row *x = a, *y = b;
	int c = strcmp(x->bus, y->bus);

	if (!c)
		c = strcmp(x->dev, y->dev);
	return c ? c : (x->local_port > y->local_port) -
			       (x->local_port < y->local_port);
}

long hwmsg_state_ports(struct hwmsg_state *st, struct hwmsg_port_row **rows)
{
	long n = 0;

	*rows = NULL;
	for (unsigned int i = 0; i < hwmsg_state_count(st); i++) {
		const struct hwmsg_state_inst *in = hwmsg_state_at(st, i);
		const struct hwmsg_reg_value *lp;
		struct hwmsg_reg_decoded d;
		struct hwmsg_port_row *row = NULL;
		bool oom = false;

		if ((in->reg_id != REG_PAOS && in->reg_id != REG_PTYS &&
		     in->reg_id != REG_PMLP && in->reg_id != REG_PMTU) ||
		    !in->payload)
			continue;
		if (hwmsg_reg_decode(NULL, in->reg_id, in->payload, in->len,
				     &d, NULL) >= 0) {
			lp = hwmsg_reg_decoded_get(&d, "local_port");
			if (lp) {
				row = row_for(rows, &n, in, (uint32_t)lp->raw);
				oom = !row;
			}
			if (row)
				fill_row(row, in, &d);
		}
		hwmsg_reg_decoded_free(&d);
		if (oom) {
			free(*rows);
			*rows = NULL;
			return -1;
		}
	}
	if (n)
		qsort(*rows, (size_t)n, sizeof(**rows), cmp_row);
	return n;
}
