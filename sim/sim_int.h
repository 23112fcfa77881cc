/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside the simulator. sim.c runs the clock, merges the devices' records
 * in time order and turns a register access into request/response records
 * (with faults); spectrum.c and connectx3.c decide which accesses a driver
 * makes and what the firmware answers; regfile.c remembers writes.
 * recording.c reads the built-in captures of the real mlxsw into
 * transactions, mlxsw.c plays them back.
 */
#ifndef HWMSG_SIM_INT_H
#define HWMSG_SIM_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/err.h"

#include "hwmsg/sim.h"
#include "hwmsg/sim_regs.h"
#include "hwmsg/wire.h"

#define SIM_REG_MAX	0x420	/* largest register we build (SFN) */
#define SIM_FRAME_MAX	1536	/* an EMAD of SIM_REG_MAX, all TLVs */
#define SIM_QUEUE_MAX	6	/* records one access can produce */
#define SIM_SLOTS	1024	/* records in flight, all devices */
#define SIM_MAX_PORTS	64
#define SIM_TXN_MAX	64	/* records of one played transaction */

/* A port register's 10-bit local port, as the driver packs it: 8 bits in
 * local_port, the high 2 in lp_msb (MLXSW_ITEM32_LP). */
static inline void sim_local_port_set(uint8_t *payload, unsigned int port)
{
	hwmsg_item_set(payload, REG_LOCAL_PORT, port & 0xff);
	hwmsg_item_set(payload, REG_LOCAL_PORT_MSB, (port >> 8) & 3);
}

static inline unsigned int sim_local_port_get(const uint8_t *payload)
{
	return hwmsg_item_get(payload, REG_LOCAL_PORT) |
	       hwmsg_item_get(payload, REG_LOCAL_PORT_MSB) << 8;
}

/* Register file: what was written, per register and index. */
struct sim_regfile_entry {
	uint32_t key;		/* reg_id << 16 | index; 0 = free */
	uint16_t len;
	uint8_t *data;
};

#define SIM_REGFILE_SLOTS 1024	/* power of two */

struct sim_regfile {
	struct sim_regfile_entry slots[SIM_REGFILE_SLOTS];
	unsigned int used;
};

/* One register access a driver makes, and how firmware answers it. */
struct sim_access {
	uint16_t reg_id;
	uint16_t reg_len;
	uint8_t method;		/* HWMSG_EMAD_METHOD_QUERY or _WRITE */
	uint8_t status;		/* of the final answer */
	const char *fw_string;	/* the answer's STRING TLV, or NULL */
	uint8_t *req;		/* reg_len bytes, zeroed beforehand */
	uint8_t *resp;		/* filled by sim_answer() */
};

/* A file built into the library (cmake/embed.cmake). */
struct sim_embedded {
	const char *name;
	const unsigned char *data;
	size_t len;
};

/* mlxsw_recorded.c: the probe, then the configuration work */
extern const struct sim_embedded sim_mlxsw_files[];
extern const unsigned int sim_mlxsw_n_files;

/* A recorded record, as a transaction plays it. */
struct sim_played {
	uint64_t off_ns;		/* after the transaction's first */
	uint32_t at;			/* its bytes in sim_recording.bytes */
	uint16_t len;
	uint16_t tid_off;		/* the EMAD tid, in those bytes */
	uint8_t dir;
};

/* A request with its answer and resends, or a record paired with none. */
struct sim_txn {
	uint32_t first;			/* into sim_recording.recs */
	uint32_t n;
};

/* The recorded captures as transactions, in the order they began. */
struct sim_recording {
	uint8_t *bytes;
	size_t n_bytes;
	struct sim_played *recs;
	uint32_t n_recs;
	struct sim_txn *txns;
	uint32_t n_txns;
	uint32_t loop_from;		/* the last file's first transaction */
};

struct sim_dev;

/* A record waiting for its time to come, in the simulator's time heap. */
struct sim_record {
	uint64_t ts_ns;
	uint64_t order;			/* stable tie-break */
	struct sim_dev *dev;
	uint8_t dir;
	uint32_t len;
	uint8_t buf[SIM_FRAME_MAX];
};

struct sim_dev {
	enum hwmsg_sim_kind kind;
	uint32_t index;			/* devlink index */
	char name[16];			/* PCI address */
	const char *driver;
	uint16_t type;			/* enum hwmsg_type */
	uint64_t rng;
	unsigned int n_ports;

	/* driver state */
	unsigned int step;		/* init program counter */
	bool init_done;
	bool tlvs_on;			/* MGIR said STRING/LATENCY */
	uint64_t tid_hi;
	uint32_t tid_lo;
	unsigned int poll_port;
	uint16_t next_rif;
	unsigned int ptys_pending;	/* CX3 port type change: steps left */
	unsigned int ptys_port;
	uint64_t ptys_changed_ns;
	uint64_t now_ns;		/* virtual time of this access */

	/* firmware state */
	struct sim_regfile regs;
	uint8_t base_mac[6];
	int temp, temp_max;		/* 0.125 C */
	uint32_t pps[SIM_MAX_PORTS + 1];

	uint64_t next_issue;		/* time of the next request */

	/* mlxsw: the recording and the next transaction of it */
	const struct sim_recording *played;
	uint32_t txn;

	uint8_t req[SIM_REG_MAX], resp[SIM_REG_MAX];
	char str[HWMSG_EMAD_STRING_LEN];
};

struct hwmsg_sim {
	struct hwmsg_sim_opts opts;
	uint64_t start_ns;
	uint64_t interval_ns;		/* per record, per device */
	uint64_t seq;
	uint64_t order;
	unsigned int n_devs;
	struct sim_dev devs[HWMSG_SIM_MAX_DEVICES];
	struct sim_recording *mlxsw;	/* loaded when a device plays it */

	/* records generated, not yet returned: a pool and a min-heap on time */
	struct sim_record slots[SIM_SLOTS];
	uint32_t free_slots[SIM_SLOTS];
	unsigned int n_free;
	uint32_t heap[SIM_SLOTS];
	unsigned int heap_n;
	uint32_t returned;		/* handed out, freed next call */
};

/* sim.c: a record of d at ts into the time heap; the caller fills it */
struct sim_record *sim_push(struct hwmsg_sim *s, struct sim_dev *d,
			    uint64_t ts, uint8_t dir);

/* recording.c: files in order; the last one is looped */
int sim_recording_load(struct sim_recording *r,
		       const struct sim_embedded *files, unsigned int n_files,
		       struct hwmsg_err *err);
void sim_recording_free(struct sim_recording *r);

/* mlxsw.c: records the next transaction needs; queue them at t */
void sim_mlxsw_init(struct sim_dev *d, const struct sim_recording *r);
unsigned int sim_mlxsw_need(const struct sim_dev *d);
void sim_mlxsw_issue(struct hwmsg_sim *s, struct sim_dev *d, uint64_t t);

/* regfile.c */
int sim_reg_index(uint16_t reg_id, const uint8_t *payload);
const uint8_t *sim_regfile_get(const struct sim_regfile *rf, uint16_t reg_id,
			       int index, uint16_t len);
void sim_regfile_put(struct sim_regfile *rf, uint16_t reg_id, int index,
		     const uint8_t *data, uint16_t len);
void sim_regfile_free(struct sim_regfile *rf);

/* spectrum.c / connectx3.c: choose the next access, model the answer */
void sim_spectrum_init(struct sim_dev *d);
void sim_spectrum_next(struct sim_dev *d, struct sim_access *a);
void sim_spectrum_answer(struct sim_dev *d, struct sim_access *a,
			 uint64_t now_ns, uint64_t start_ns);
void sim_connectx3_init(struct sim_dev *d);
void sim_connectx3_next(struct sim_dev *d, struct sim_access *a);
void sim_connectx3_answer(struct sim_dev *d, struct sim_access *a,
			  uint64_t now_ns, uint64_t start_ns);

/* shared firmware models */
void sim_model_mtmp(struct sim_dev *d, uint8_t *resp);
void sim_model_ppcnt(struct sim_dev *d, uint8_t *resp, uint64_t elapsed_ns);

#endif
