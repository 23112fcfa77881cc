// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A ConnectX-3 under mlx4_core, which reaches registers through the
 * ACCESS_REG command: PTYS queries of both ports at init, then polling, and
 * now and then a port type change (PTYS query, write, query back).
 */
#include <string.h>

#include "hwmsg/sim_regs.h"
#include "rng.h"
#include "sim_int.h"

#define CX3_PORT_MTU	1522
#define CX3_MAX_MTU	9978
/* an administrator's action: rare whatever the polling rate */
#define CX3_TYPE_CHANGE_MIN_NS	1000000000ull
#define CX3_ETH_CAP	(PTYS_40GBASE_CR4 | PTYS_40GBASE_KR4 | \
			 PTYS_40GBASE_SR4 | PTYS_10GBASE_KR | \
			 PTYS_10GBASE_CR | PTYS_10GBASE_SR)

void sim_connectx3_init(struct sim_dev *d)
{
	unsigned int p;

	d->n_ports = 2;
	d->driver = "mlx4_core";
	d->type = HWMSG_TYPE_MLX_CMD_REG;
	d->temp = 8 * 52;
	d->temp_max = d->temp;
	for (p = 1; p <= d->n_ports; p++)
		d->pps[p] = (uint32_t)sim_rng_range(&d->rng, 1000, 500000);
}

static void port_access(struct sim_access *a, uint16_t id, uint16_t len,
			uint8_t method, unsigned int port)
{
	a->reg_id = id;
	a->reg_len = len;
	a->method = method;
	hwmsg_item_set(a->req, REG_LOCAL_PORT, port);
}

static void ptys_query(struct sim_access *a, unsigned int port)
{
	port_access(a, REG_PTYS_ID, REG_PTYS_LEN, HWMSG_EMAD_METHOD_QUERY,
		    port);
	hwmsg_item_set(a->req, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
}

/*
 * Port type change, read-modify-write: the write carries what the last
 * query returned with the other protocol selected.
 */
static void ptys_write(struct sim_dev *d, struct sim_access *a)
{
	uint32_t mask;

	/* d->resp still holds the answer to the query just before */
	memcpy(a->req, d->resp, REG_PTYS_LEN);
	port_access(a, REG_PTYS_ID, REG_PTYS_LEN, HWMSG_EMAD_METHOD_WRITE,
		    d->ptys_port);
	mask = hwmsg_item_get(a->req, REG_PTYS_PROTO_MASK);
	if (mask == PTYS_PROTO_ETH) {
		hwmsg_item_set(a->req, REG_PTYS_PROTO_MASK, PTYS_PROTO_IB);
		hwmsg_item_set(a->req, REG_PTYS_ETH_PROTO_ADMIN, 0);
	} else {
		hwmsg_item_set(a->req, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
		hwmsg_item_set(a->req, REG_PTYS_ETH_PROTO_ADMIN, CX3_ETH_CAP);
	}
}

void sim_connectx3_next(struct sim_dev *d, struct sim_access *a)
{
	const uint8_t q = HWMSG_EMAD_METHOD_QUERY;
	uint32_t r;

	if (!d->init_done) {
		ptys_query(a, ++d->step);
		if (d->step == d->n_ports)
			d->init_done = true;
		return;
	}
	if (d->ptys_pending) {
		if (d->ptys_pending-- == 2)
			ptys_write(d, a);
		else
			ptys_query(a, d->ptys_port);
		return;
	}
	r = sim_rng_below(&d->rng, 1000);
	d->poll_port = d->poll_port % d->n_ports + 1;
	if (r < 300) {
		a->reg_id = REG_MTMP_ID;
		a->reg_len = REG_MTMP_LEN;
		a->method = q;
		hwmsg_item_set(a->req, REG_MTMP_MTE, 1);
	} else if (r < 600) {
		ptys_query(a, d->poll_port);
	} else if (r < 750) {
		port_access(a, REG_PAOS_ID, REG_PAOS_LEN, q, d->poll_port);
	} else if (r < 850) {
		port_access(a, REG_PMTU_ID, REG_PMTU_LEN, q, d->poll_port);
	} else if (r < 900) {
		port_access(a, REG_PPCNT_ID, REG_PPCNT_LEN, q, d->poll_port);
	} else if (r < 930 &&
		   d->now_ns - d->ptys_changed_ns >= CX3_TYPE_CHANGE_MIN_NS) {
		/* devlink port type set: query, write, query back */
		d->ptys_changed_ns = d->now_ns;
		d->ptys_port = d->poll_port;
		d->ptys_pending = 2;
		ptys_query(a, d->ptys_port);
	} else {
		port_access(a, REG_PAOS_ID, REG_PAOS_LEN, q, d->poll_port);
	}
}

void sim_connectx3_answer(struct sim_dev *d, struct sim_access *a,
			  uint64_t now_ns, uint64_t start_ns)
{
	uint8_t *resp = a->resp;

	switch (a->reg_id) {
	case REG_PTYS_ID:
		hwmsg_item_set(resp, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_CAP, CX3_ETH_CAP);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_ADMIN, CX3_ETH_CAP);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_OPER, PTYS_40GBASE_CR4);
		break;
	case REG_PMTU_ID:
		hwmsg_item_set(resp, REG_PMTU_MAX_MTU, CX3_MAX_MTU);
		hwmsg_item_set(resp, REG_PMTU_ADMIN_MTU, CX3_PORT_MTU);
		hwmsg_item_set(resp, REG_PMTU_OPER_MTU, CX3_PORT_MTU);
		break;
	case REG_PAOS_ID:
		hwmsg_item_set(resp, REG_PAOS_ADMIN_STATUS, PAOS_UP);
		hwmsg_item_set(resp, REG_PAOS_OPER_STATUS, PAOS_UP);
		break;
	case REG_MTMP_ID:
		sim_model_mtmp(d, resp);
		break;
	case REG_PPCNT_ID:
		sim_model_ppcnt(d, resp, now_ns - start_ns);
		break;
	default:
		break;
	}
}
