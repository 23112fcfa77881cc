/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The userspace simulator: a deterministic (seeded) Spectrum switch talking
 * EMAD and a ConnectX-3 NIC talking CMD_REG, with register files, so that a
 * machine without hardware produces a realistic conversation.
 */
#ifndef HWMSG_SIM_H
#define HWMSG_SIM_H

#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

enum hwmsg_sim_kind {
	HWMSG_SIM_SPECTRUM,
	HWMSG_SIM_CONNECTX3,
};

#define HWMSG_SIM_MAX_DEVICES 8

struct hwmsg_sim_opts {
	uint64_t seed;
	uint64_t start_ns;	/* virtual clock start; 0: a fixed epoch */
	unsigned int n_devices;	/* 0: one spectrum and one connectx3 */
	enum hwmsg_sim_kind kinds[HWMSG_SIM_MAX_DEVICES];
	unsigned int rate;	/* messages per second of virtual time; 0: 1000 */
};

struct hwmsg_sim;

/* Parse "spectrum,connectx3,spectrum" into opts->kinds; -1 on error. */
int hwmsg_sim_parse_kinds(const char *spec, struct hwmsg_sim_opts *opts,
			  struct hwmsg_err *err);
struct hwmsg_sim *hwmsg_sim_new(const struct hwmsg_sim_opts *opts);
void hwmsg_sim_free(struct hwmsg_sim *sim);
/*
 * The next record (request or response) in virtual time; valid until the
 * next call. Never ends: init sequences, then steady-state polling with
 * occasional errors, retransmits and port type changes.
 */
void hwmsg_sim_next(struct hwmsg_sim *sim, struct hwmsg_record *rec);

#endif
