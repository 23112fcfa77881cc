// SPDX-License-Identifier: GPL-2.0-or-later
/* Firmware models both devices share: a thermometer and port counters. */
#include "hwmsg/sim_regs.h"
#include "rng.h"
#include "sim_int.h"

#define TEMP_MIN (8 * 38)	/* 0.125 C units */
#define TEMP_MAX (8 * 72)
#define AVG_FRAME_BYTES 740

void sim_model_mtmp(struct sim_dev *d, uint8_t *resp)
{
	/* a slow random walk: a reading moves by at most 0.25 C */
	d->temp += (int)sim_rng_below(&d->rng, 5) - 2;
	if (d->temp < TEMP_MIN)
		d->temp = TEMP_MIN;
	if (d->temp > TEMP_MAX)
		d->temp = TEMP_MAX;
	if (d->temp > d->temp_max)
		d->temp_max = d->temp;
	hwmsg_item_set(resp, REG_MTMP_TEMPERATURE, (uint32_t)d->temp);
	hwmsg_item_set(resp, REG_MTMP_MAX_TEMP, (uint32_t)d->temp_max);
	hwmsg_item_set(resp, REG_MTMP_THRESH_HI, MTMP_THRESH_HI_105C);
}

void sim_model_ppcnt(struct sim_dev *d, uint8_t *resp, uint64_t elapsed_ns)
{
	unsigned int port = sim_local_port_get(resp);
	uint64_t us = elapsed_ns / 1000, pps, tx, rx;

	if (port > SIM_MAX_PORTS)
		return;
	/* counters follow the virtual clock, so they only ever grow */
	pps = d->pps[port];
	tx = us * pps / 1000000;
	rx = us * (pps + pps / 8) / 1000000;
	hwmsg_put_be64(resp + REG_PPCNT_FRAMES_TX_OFF, tx);
	hwmsg_put_be64(resp + REG_PPCNT_FRAMES_RX_OFF, rx);
	hwmsg_put_be64(resp + REG_PPCNT_OCTETS_TX_OFF, tx * AVG_FRAME_BYTES);
	hwmsg_put_be64(resp + REG_PPCNT_OCTETS_RX_OFF, rx * AVG_FRAME_BYTES);
	hwmsg_put_be64(resp + REG_PPCNT_MCAST_TX_OFF, tx / 50);
	hwmsg_put_be64(resp + REG_PPCNT_BCAST_TX_OFF, tx / 200);
}
