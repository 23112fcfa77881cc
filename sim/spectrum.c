// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A Spectrum switch under mlxsw_spectrum: the driver's init sequence (MGIR,
 * SGCR, SPAD, per-port PMLP/PMTU/PTYS/PAOS/PSPA/SPVID/SPVM, traps, router),
 * then the steady polling (MTMP, PPCNT, SFN, PAOS) and the occasional RITR
 * write that firmware refuses; and the firmware's answers to queries.
 */
#include <stdio.h>
#include <string.h>

#include "hwmsg/sim_regs.h"
#include "rng.h"
#include "sim_int.h"

#define SX_PORT_MTU	1522	/* 1500 + Ethernet, VLAN and FCS */
#define SX_MAX_MTU	10240
#define SX_INIT_PORT_STEPS 7
#define SX_N_TRAP_GROUPS 8

/* Trap ids the driver points at the CPU (STP, LACP, LLDP, ARP, ...). */
static const uint16_t sx_trap_ids[] = {
	0x10, 0x11, 0x13, 0x50, 0x51, 0x52, 0x53, 0x55, 0x58, 0x90,
};
#define SX_N_TRAPS (sizeof(sx_trap_ids) / sizeof(sx_trap_ids[0]))

static const char *const ritr_errors[] = {
	"rif 0x%x already exists",
	"RITR: rif %u: virtual router is not bound",
	"RITR: rif %u: mtu exceeds port max_mtu",
};

void sim_spectrum_init(struct sim_dev *d)
{
	unsigned int p;

	d->n_ports = 32;
	d->driver = "mlxsw_spectrum";
	d->type = HWMSG_TYPE_MLX_EMAD;
	d->base_mac[0] = 0x7c;
	d->base_mac[1] = 0xfe;
	d->base_mac[2] = 0x90;
	d->base_mac[3] = (uint8_t)sim_rng_next(&d->rng);
	d->base_mac[4] = (uint8_t)sim_rng_next(&d->rng);
	d->base_mac[5] = 0;
	d->temp = 8 * 45;
	d->temp_max = d->temp;
	for (p = 1; p <= d->n_ports; p++)
		d->pps[p] = (uint32_t)sim_rng_range(&d->rng, 100, 200000);
	d->next_rif = 0x32;
}

static void access(struct sim_access *a, uint16_t id, uint16_t len,
		   uint8_t method)
{
	a->reg_id = id;
	a->reg_len = len;
	a->method = method;
}

static void port_access(struct sim_access *a, uint16_t id, uint16_t len,
			uint8_t method, unsigned int port)
{
	access(a, id, len, method);
	sim_local_port_set(a->req, port);
}

/* Per-port init: what mlxsw_sp_port_create() asks for, in its order. */
static void port_init_step(struct sim_dev *d, struct sim_access *a,
			   unsigned int port, unsigned int j)
{
	const uint8_t q = HWMSG_EMAD_METHOD_QUERY, w = HWMSG_EMAD_METHOD_WRITE;

	(void)d;
	switch (j) {
	case 0:
		port_access(a, REG_PMLP_ID, REG_PMLP_LEN, q, port);
		break;
	case 1:
		port_access(a, REG_PMTU_ID, REG_PMTU_LEN, w, port);
		hwmsg_item_set(a->req, REG_PMTU_ADMIN_MTU, SX_PORT_MTU);
		break;
	case 2:
		port_access(a, REG_PTYS_ID, REG_PTYS_LEN, q, port);
		hwmsg_item_set(a->req, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
		break;
	case 3:
		port_access(a, REG_PAOS_ID, REG_PAOS_LEN, w, port);
		hwmsg_item_set(a->req, REG_PAOS_ADMIN_STATUS, PAOS_UP);
		hwmsg_item_set(a->req, REG_PAOS_ASE, 1);
		hwmsg_item_set(a->req, REG_PAOS_EE, 1);
		hwmsg_item_set(a->req, REG_PAOS_E, 1);
		break;
	case 4:
		port_access(a, REG_PSPA_ID, REG_PSPA_LEN, w, port);
		hwmsg_item_set(a->req, REG_PSPA_SWID, 0);
		break;
	case 5:
		port_access(a, REG_SPVID_ID, REG_SPVID_LEN, w, port);
		hwmsg_item_set(a->req, REG_SPVID_PVID, 1);
		break;
	default:
		port_access(a, REG_SPVM_ID, REG_SPVM_LEN, w, port);
		hwmsg_item_set(a->req, REG_SPVM_NUM_REC, 1);
		hwmsg_item_set(a->req, REG_SPVM_REC_I, 1);
		hwmsg_item_set(a->req, REG_SPVM_REC_E, 1);
		hwmsg_item_set(a->req, REG_SPVM_REC_U, 1);
		hwmsg_item_set(a->req, REG_SPVM_REC_VID, 1);
		break;
	}
}

/* The init program; false once it is over. */
static bool init_step(struct sim_dev *d, struct sim_access *a)
{
	const uint8_t q = HWMSG_EMAD_METHOD_QUERY, w = HWMSG_EMAD_METHOD_WRITE;
	unsigned int k = d->step++;
	unsigned int n_port_steps = d->n_ports * SX_INIT_PORT_STEPS;

	if (k == 0) {
		access(a, REG_MGIR_ID, REG_MGIR_LEN, q);
		return true;
	}
	if (k == 1) {
		access(a, REG_SGCR_ID, REG_SGCR_LEN, w);
		hwmsg_item_set(a->req, REG_SGCR_LLB, 0);
		return true;
	}
	if (k == 2) {
		access(a, REG_SPAD_ID, REG_SPAD_LEN, q);
		return true;
	}
	k -= 3;
	if (k < n_port_steps) {
		port_init_step(d, a, 1 + k / SX_INIT_PORT_STEPS,
			       k % SX_INIT_PORT_STEPS);
		return true;
	}
	k -= n_port_steps;
	if (k < SX_N_TRAP_GROUPS) {
		access(a, REG_HTGT_ID, REG_HTGT_LEN, w);
		hwmsg_item_set(a->req, REG_HTGT_TRAP_GROUP, k + 1);
		hwmsg_item_set(a->req, REG_HTGT_PIDE, 1);
		hwmsg_item_set(a->req, REG_HTGT_PID, k + 1);
		hwmsg_item_set(a->req, REG_HTGT_PRIORITY, k % 4);
		hwmsg_item_set(a->req, REG_HTGT_CPU_TCLASS, 7);
		hwmsg_item_set(a->req, REG_HTGT_RDQ, k + 1);
		return true;
	}
	k -= SX_N_TRAP_GROUPS;
	if (k < SX_N_TRAPS) {
		access(a, REG_HPKT_ID, REG_HPKT_LEN, w);
		hwmsg_item_set(a->req, REG_HPKT_ACTION,
			       HPKT_ACTION_TRAP_TO_CPU);
		hwmsg_item_set(a->req, REG_HPKT_TRAP_GROUP,
			       1 + k % SX_N_TRAP_GROUPS);
		hwmsg_item_set(a->req, REG_HPKT_TRAP_ID, sx_trap_ids[k]);
		hwmsg_item_set(a->req, REG_HPKT_CTRL, 1);
		return true;
	}
	k -= SX_N_TRAPS;
	if (k == 0) {
		access(a, REG_RGCR_ID, REG_RGCR_LEN, w);
		hwmsg_item_set(a->req, REG_RGCR_IPV4_EN, 1);
		hwmsg_item_set(a->req, REG_RGCR_IPV6_EN, 1);
		hwmsg_item_set(a->req, REG_RGCR_MAX_RIFS, 1000);
		hwmsg_item_set(a->req, REG_RGCR_USP, 1);
		return true;
	}
	return false;
}

static void ritr_write(struct sim_dev *d, struct sim_access *a)
{
	uint16_t rif = d->next_rif;
	unsigned int i;

	access(a, REG_RITR_ID, REG_RITR_LEN, HWMSG_EMAD_METHOD_WRITE);
	hwmsg_item_set(a->req, REG_RITR_ENABLE, 1);
	hwmsg_item_set(a->req, REG_RITR_IPV4, 1);
	hwmsg_item_set(a->req, REG_RITR_IPV6, 1);
	hwmsg_item_set(a->req, REG_RITR_TYPE, 0);	/* VLAN interface */
	hwmsg_item_set(a->req, REG_RITR_RIF, rif);
	hwmsg_item_set(a->req, REG_RITR_VLAN_ID, 100 + rif % 100);
	hwmsg_item_set(a->req, REG_RITR_MTU, 1500);
	memcpy(a->req + REG_RITR_IF_MAC_OFF, d->base_mac, 6);

	/* half of them fail: the driver retried a RIF that exists */
	if (sim_rng_below(&d->rng, 2)) {
		i = sim_rng_below(&d->rng, sizeof(ritr_errors) /
					   sizeof(ritr_errors[0]));
		snprintf(d->str, sizeof(d->str), ritr_errors[i], rif);
		a->status = HWMSG_EMAD_STATUS_BAD_PARAMETER;
		a->fw_string = d->str;
	} else {
		d->next_rif = (uint16_t)(0x32 + (rif - 0x32 + 1) % 64);
	}
}

static unsigned int next_port(struct sim_dev *d)
{
	d->poll_port = d->poll_port % d->n_ports + 1;
	return d->poll_port;
}

void sim_spectrum_next(struct sim_dev *d, struct sim_access *a)
{
	const uint8_t q = HWMSG_EMAD_METHOD_QUERY;
	uint32_t r;

	if (!d->init_done) {
		if (init_step(d, a))
			return;
		d->init_done = true;
	}
	r = sim_rng_below(&d->rng, 1000);
	if (r < 250) {
		access(a, REG_MTMP_ID, REG_MTMP_LEN, q);
		hwmsg_item_set(a->req, REG_MTMP_SENSOR_INDEX, 0);
		hwmsg_item_set(a->req, REG_MTMP_MTE, 1);
	} else if (r < 600) {
		port_access(a, REG_PPCNT_ID, REG_PPCNT_LEN, q, next_port(d));
		hwmsg_item_set(a->req, REG_PPCNT_GRP, 0);
		hwmsg_item_set(a->req, REG_PPCNT_LP_GL, 1);
	} else if (r < 800) {
		access(a, REG_SFN_ID, REG_SFN_LEN, q);
		hwmsg_item_set(a->req, REG_SFN_NUM_REC, REG_SFN_REC_MAX);
	} else if (r < 960) {
		port_access(a, REG_PAOS_ID, REG_PAOS_LEN, q, next_port(d));
	} else {
		ritr_write(d, a);
	}
}

static void answer_sfn(struct sim_dev *d, uint8_t *resp)
{
	unsigned int n = 0, i;

	/* most polls find nothing new; some find a few learned MACs */
	if (sim_rng_below(&d->rng, 4) == 0)
		n = 1 + sim_rng_below(&d->rng, 3);
	hwmsg_item_set(resp, REG_SFN_NUM_REC, n);
	for (i = 0; i < n; i++) {
		uint8_t *rec = resp + REG_SFN_REC_BASE + i * REG_SFN_REC_LEN;
		uint64_t mac = sim_rng_next(&d->rng);
		unsigned int b;

		hwmsg_item_set(rec, REG_SFN_REC_TYPE, REG_SFN_TYPE_LEARNED_MAC);
		/* a locally administered unicast MAC */
		rec[REG_SFN_REC_MAC_OFF] = 0x02;
		for (b = 1; b < 6; b++)
			rec[REG_SFN_REC_MAC_OFF + b] =
				(uint8_t)(mac >> (8 * b));
		hwmsg_item_set(rec, REG_SFN_REC_FID,
			       1 + sim_rng_below(&d->rng, 10));
		hwmsg_item_set(rec, REG_SFN_REC_SYSTEM_PORT,
			       1 + sim_rng_below(&d->rng, d->n_ports));
	}
}

static void answer_pmlp(const struct sim_dev *d, uint8_t *resp)
{
	unsigned int port = sim_local_port_get(resp), i;

	(void)d;
	hwmsg_item_set(resp, REG_PMLP_WIDTH, 4);
	for (i = 0; i < 4; i++) {
		unsigned int off = REG_PMLP_LANE_OFF(i);

		hwmsg_item_set(resp, off, REG_PMLP_MODULE_SHIFT, port - 1);
		hwmsg_item_set(resp, off, REG_PMLP_TX_LANE_SHIFT, i);
		hwmsg_item_set(resp, off, REG_PMLP_RX_LANE_SHIFT, i);
	}
}

static void answer_mgir(uint8_t *resp)
{
	static const char psid[] = "MT_2750111033";

	hwmsg_item_set(resp, REG_MGIR_HW_REVISION, 0xa1);
	hwmsg_item_set(resp, REG_MGIR_LATENCY_TLV, 1);
	hwmsg_item_set(resp, REG_MGIR_STRING_TLV, 1);
	memcpy(resp + REG_MGIR_PSID_OFF, psid, sizeof(psid) - 1);
	hwmsg_item_set(resp, REG_MGIR_FW_MAJOR, 13);
	hwmsg_item_set(resp, REG_MGIR_FW_MINOR, 2010);
	hwmsg_item_set(resp, REG_MGIR_FW_SUB_MINOR, 1006);
}

/* Firmware's answer to a query nothing was written for; resp holds req. */
void sim_spectrum_answer(struct sim_dev *d, struct sim_access *a,
			 uint64_t now_ns, uint64_t start_ns)
{
	uint8_t *resp = a->resp;

	switch (a->reg_id) {
	case REG_MGIR_ID:
		answer_mgir(resp);
		break;
	case REG_SPAD_ID:
		memcpy(resp + REG_SPAD_BASE_MAC_OFF, d->base_mac, 6);
		break;
	case REG_PMLP_ID:
		answer_pmlp(d, resp);
		break;
	case REG_PTYS_ID:
		hwmsg_item_set(resp, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_CAP,
			       PTYS_100GBASE_CR4 | PTYS_100GBASE_SR4 |
			       PTYS_100GBASE_KR4 | PTYS_40GBASE_CR4 |
			       PTYS_40GBASE_KR4 | PTYS_40GBASE_SR4 |
			       PTYS_25GBASE_CR | PTYS_25GBASE_KR |
			       PTYS_25GBASE_SR | PTYS_10GBASE_CR |
			       PTYS_10GBASE_SR | PTYS_10GBASE_KR);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_ADMIN,
			       PTYS_100GBASE_CR4 | PTYS_40GBASE_CR4 |
			       PTYS_25GBASE_CR | PTYS_10GBASE_CR);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_OPER,
			       PTYS_100GBASE_CR4);
		break;
	case REG_PMTU_ID:
		hwmsg_item_set(resp, REG_PMTU_MAX_MTU, SX_MAX_MTU);
		hwmsg_item_set(resp, REG_PMTU_ADMIN_MTU, SX_PORT_MTU);
		hwmsg_item_set(resp, REG_PMTU_OPER_MTU, SX_PORT_MTU);
		break;
	case REG_PAOS_ID:
		hwmsg_item_set(resp, REG_PAOS_ADMIN_STATUS, PAOS_DOWN);
		hwmsg_item_set(resp, REG_PAOS_OPER_STATUS, PAOS_DOWN);
		break;
	case REG_MTMP_ID:
		sim_model_mtmp(d, resp);
		break;
	case REG_PPCNT_ID:
		sim_model_ppcnt(d, resp, now_ns - start_ns);
		break;
	case REG_SFN_ID:
		answer_sfn(d, resp);
		break;
	default:
		break;	/* registers we do not model echo their index */
	}
}
