// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "hwmsg/sim.h"

struct hwmsg_sim {
	struct hwmsg_sim_opts opts;
	uint64_t now;
	uint64_t seq;
	uint8_t buf[64];
};

int hwmsg_sim_parse_kinds(const char *spec, struct hwmsg_sim_opts *opts,
			  struct hwmsg_err *err)
{
	(void)spec;
	(void)opts;
	return hwmsg_errf(err, 0, "simulator not yet written");
}

struct hwmsg_sim *hwmsg_sim_new(const struct hwmsg_sim_opts *opts)
{
	struct hwmsg_sim *sim = calloc(1, sizeof(*sim));

	if (sim)
		sim->opts = *opts;
	return sim;
}

void hwmsg_sim_free(struct hwmsg_sim *sim)
{
	free(sim);
}

void hwmsg_sim_next(struct hwmsg_sim *sim, struct hwmsg_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	rec->bus = "pci";
	rec->dev = "0000:03:00.0";
	rec->driver = "mlxsw_spectrum";
	rec->type = HWMSG_TYPE_UNKNOWN;
	rec->ts_ns = sim->now++;
	rec->seq = sim->seq++;
	rec->flags = HWMSG_RECF_HAS_SEQ;
	rec->payload = sim->buf;
}
