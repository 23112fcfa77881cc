/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The userspace simulator: a deterministic (seeded) Spectrum switch talking
 * EMAD and a ConnectX-3 NIC talking CMD_REG, with register files, so that a
 * machine without hardware produces a realistic conversation.
 *
 * Devices, in opts.kinds order, get devlink index 0, 1, ...:
 *   spectrum:  pci 0000:03:00.0 (then 04, 05, ...), mlxsw_spectrum, 32 ports.
 *              mlxsw's init (MGIR, SGCR, SPAD, per port PMLP, PMTU, PTYS,
 *              PAOS, PSPA, SPVID, SPVM; HTGT, HPKT, RGCR), then polling of
 *              MTMP, PPCNT, SFN and PAOS, and RITR writes of which half are
 *              refused (status 7 with a STRING TLV). Once MGIR has advertised
 *              them, every frame carries STRING and LATENCY TLVs. Of the
 *              accesses, ~0.8% are answered busy and resent with the same tid,
 *              ~0.2% get no answer and are resent after 200 ms, ~0.5% take
 *              2-8 ms. tid: upper 32 bits random per device, lower a counter.
 *   mlxsw:     the conversation of Linux 6.1's mlxsw_spectrum, recorded in
 *              QEMU (tests/data: the probe, then its configuration work),
 *              played back: the probe once, then the configuration work
 *              over and over. pci 0000:03:00.0 (numbered with the spectrum
 *              devices: "spectrum,mlxsw" is 03 and 04), mlxsw_spectrum.
 *              Each transaction (a request, its answer, any resend) starts
 *              at the paced time and keeps the recorded gaps inside it; it
 *              gets a fresh tid (upper 32 bits random per device, lower a
 *              counter, as mlxsw's), the payloads are the recorded bytes.
 *              The recording's overlapping transactions (two CPUs) are
 *              played one after the other.
 *   connectx3: pci 0000:81:00.0 (then 82, ...), mlx4_core, 2 ports, CMD_REG.
 *              PTYS queries of both ports, then MTMP/PTYS/PAOS/PMTU/PPCNT
 *              polling and at most once a second a port type change (PTYS
 *              query, write with the other protocol, query back).
 * Writes are kept per register and index (local port, trap group, rif...);
 * a later query returns the bytes written, and a write's answer echoes them.
 *
 * Time is virtual: the first request is at opts.start_ns, requests follow at
 * n_devices * 1e9 / rate ns per record of each device, answers tens to
 * hundreds of microseconds later. The simulator never sleeps; pace it
 * against a clock if needed. Records carry HWMSG_RECF_HAS_SEQ (a sequence
 * number from 0) and HWMSG_RECF_HAS_INDEX. The same opts give the same
 * records, byte for byte.
 */
#ifndef HWMSG_SIM_H
#define HWMSG_SIM_H

#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

enum hwmsg_sim_kind {
	HWMSG_SIM_SPECTRUM,
	HWMSG_SIM_CONNECTX3,
	HWMSG_SIM_MLXSW,
};

#define HWMSG_SIM_MAX_DEVICES 8

struct hwmsg_sim_opts {
	uint64_t seed;
	uint64_t start_ns;	/* virtual start; 0: 2026-01-01T00:00:00Z */
	unsigned int n_devices;	/* 0: one spectrum and one connectx3 */
	enum hwmsg_sim_kind kinds[HWMSG_SIM_MAX_DEVICES];
	unsigned int rate;	/* messages per virtual second; 0: 1000 */
};

struct hwmsg_sim;

/*
 * Parse a device list into opts->kinds and opts->n_devices: kinds
 * "spectrum" (or "sx"), "mlxsw" and "connectx3" (or "cx3"), comma-separated,
 * each with an optional ":count", e.g. "mlxsw:2,cx3". At most
 * HWMSG_SIM_MAX_DEVICES in all. -1 with err naming the offset on error.
 */
int hwmsg_sim_parse_kinds(const char *spec, struct hwmsg_sim_opts *opts,
			  struct hwmsg_err *err);
/*
 * opts may be NULL (seed 0, defaults). NULL with err set (may be NULL)
 * when out of memory or when the recording mlxsw plays does not decode.
 */
struct hwmsg_sim *hwmsg_sim_new(const struct hwmsg_sim_opts *opts,
				struct hwmsg_err *err);
void hwmsg_sim_free(struct hwmsg_sim *sim);
/*
 * The next record (request or response) in virtual time; valid until the
 * next call. Never ends: init sequences, then steady-state polling with
 * occasional errors, retransmits and port type changes.
 */
void hwmsg_sim_next(struct hwmsg_sim *sim, struct hwmsg_record *rec);

#endif
