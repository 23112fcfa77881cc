// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A Spectrum driven by the real mlxsw: the recorded transactions played
 * back (recording.c), the probe once and then the configuration work in a
 * loop. A transaction starts when the engine says and keeps its recorded
 * gaps (latency, resends); its records carry the recorded bytes with the
 * device's own tid, so that every device and every loop has fresh ones.
 */
#include <string.h>

#include "hwmsg/record.h"
#include "sim_int.h"

void sim_mlxsw_init(struct sim_dev *d, const struct sim_recording *r)
{
	d->type = HWMSG_TYPE_MLX_EMAD;
	d->driver = "mlxsw_spectrum";
	d->played = r;
	d->txn = 0;
}

unsigned int sim_mlxsw_need(const struct sim_dev *d)
{
	return d->played->txns[d->txn].n;
}

void sim_mlxsw_issue(struct hwmsg_sim *s, struct sim_dev *d, uint64_t t)
{
	const struct sim_recording *r = d->played;
	const struct sim_txn *x = &r->txns[d->txn];
	/* mlxsw: one tid per transaction, its resends keep it */
	uint64_t tid = d->tid_hi | d->tid_lo++;
	uint32_t i;

	for (i = 0; i < x->n; i++) {
		const struct sim_played *p = &r->recs[x->first + i];
		struct sim_record *rec = sim_push(s, d, t + p->off_ns, p->dir);

		memcpy(rec->buf, r->bytes + p->at, p->len);
		hwmsg_put_be64(rec->buf + p->tid_off, tid);
		rec->len = p->len;
	}
	if (++d->txn == r->n_txns)
		d->txn = r->loop_from;
}
