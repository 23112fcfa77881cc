// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_sim kind "spectrum": a switch that talks EMAD like mlxsw.
 *
 * On creation it runs an mlxsw-like init sequence (MGIR, SPAD, SGCR, traps,
 * per-port PMLP/PMTU/PTYS/PAOS, RGCR, MTMP); afterwards a delayed work polls
 * SFN and MTMP at the debugfs "rate". Every request and every response is
 * emitted through trace_devlink_hwmsg() exactly as mlxsw does (type 0, the
 * frame from its Ethernet header), so the devlink_hwmsg bridge and a
 * tracepoint capture see what they would see on a real switch. Responses
 * come from a register file: a write stores, a query returns what is stored
 * (port mappings, speeds and buffer occupancy are made up from the
 * simulator's state).
 *
 * devlink operations, each with the EMADs mlxsw sends for it:
 *   dev info          MGIR query: hw.revision, fw.psid, fw.version
 *   dev reload        ports removed, MRSR reset, the init sequence, ports
 *                     back unsplit, shared buffer defaults (driver_reinit)
 *   port split        (count 2 or 4) PSPA swid 255 and PMLP width 0 for
 *   port unsplit      the ports that go; PMLP with their lanes, PSPA,
 *                     PTYS, PMTU query and write, PAOS for those created
 *   sb pool set       SBPR write
 *   sb port pool set  SBPM write
 *   sb tc bind set    SBCM write
 *   sb occupancy snapshot / clearmax
 *                     SBSR queries (a page of local ports, 5 ports each),
 *                     SBPM queries per port and pool (clr for clearmax)
 *   the show commands read the driver's copy, as mlxsw: no EMAD.
 * Netdevs answer ndo_get_devlink_port, so they have a phys_port_name.
 *
 * debugfs (hwmsg_sim/hwmsg_sim<ID>/):
 *   rate           messages per second from the poller (0: off), at most
 *                  SP_RATE_MAX
 *   burst          write N: N transactions (2N messages) right now; a
 *                  signal or the device's removal stops it
 *   inject_status  EMAD status of the responses (0: ok); busy (1) and
 *                  receipt ack (9) make the request go again, as in mlxsw
 *   inject_count   0: inject_status stays; N: only the next N responses
 *   inject_string  firmware string sent in a STRING TLV with a bad status
 *   latency_tlv    add a LATENCY TLV to responses
 *   transactions   read: transactions so far
 *   softirq_burst  write N: N MTMP query requests from a timer (softirq)
 *   hardirq_burst  write N: N MTMP query requests from an hrtimer (hardirq)
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>
#include <trace/events/devlink.h>

#include "hwmsg/sim_regs.h"
#include "hwmsg/wire.h"
#include "sim.h"

#define SP_DEFAULT_RATE		4	/* messages/s: an SFN and an MTMP poll */
#define SP_MAX_BATCH		20000	/* messages per poller run */
#define SP_MAX_RETRY		5	/* as mlxsw: resends after busy/ack */
#define SP_IRQ_BURST_MAX	10000	/* messages per interrupt-context burst */
#define SP_RATE_MAX		1000000	/* messages/s: the poller's ceiling */
#define SP_BURST_CHUNK		64	/* transactions per sp->lock hold */

/* Register ids, lengths and fields: hwmsg/sim_regs.h, shared with sim/. */
enum {
	SP_REG_SGCR = REG_SGCR_ID,
	SP_REG_SPAD = REG_SPAD_ID,
	SP_REG_SFN = REG_SFN_ID,
	SP_REG_PMLP = REG_PMLP_ID,
	SP_REG_PMTU = REG_PMTU_ID,
	SP_REG_PTYS = REG_PTYS_ID,
	SP_REG_PAOS = REG_PAOS_ID,
	SP_REG_HTGT = REG_HTGT_ID,
	SP_REG_HPKT = REG_HPKT_ID,
	SP_REG_RGCR = REG_RGCR_ID,
	SP_REG_MTMP = REG_MTMP_ID,
	SP_REG_MGIR = REG_MGIR_ID,
	SP_REG_MRSR = REG_MRSR_ID,
	SP_REG_PSPA = REG_PSPA_ID,
	SP_REG_SBPR = REG_SBPR_ID,
	SP_REG_SBCM = REG_SBCM_ID,
	SP_REG_SBPM = REG_SBPM_ID,
	SP_REG_SBMM = REG_SBMM_ID,
	SP_REG_SBSR = REG_SBSR_ID,
};

struct sp_item {
	u8 off, shift, width;
};

struct sp_reg_desc {
	u16 id;
	u16 len;
	bool per_port;		/* the local port's low 8 bits at 0x00.16/8 */
	bool echo;		/* answers start from the request, not the file */
	struct sp_item lp_msb;	/* and its 2 high bits */
};

#define SP_LP REG_LOCAL_PORT_MSB

static const struct sp_reg_desc sp_regs[] = {
	{ SP_REG_SGCR, REG_SGCR_LEN, false, false },
	{ SP_REG_SPAD, REG_SPAD_LEN, false, false },
	{ SP_REG_SFN, REG_SFN_LEN, false, false },
	{ SP_REG_PMLP, REG_PMLP_LEN, true, true, { SP_LP } },
	{ SP_REG_PMTU, REG_PMTU_LEN, true, false, { SP_LP } },
	{ SP_REG_PTYS, REG_PTYS_LEN, true, false, { SP_LP } },
	{ SP_REG_PAOS, REG_PAOS_LEN, true, false, { SP_LP } },
	{ SP_REG_PSPA, REG_PSPA_LEN, true, true, { REG_PSPA_LP_MSB } },
	{ SP_REG_HTGT, REG_HTGT_LEN, false, false },
	{ SP_REG_HPKT, REG_HPKT_LEN, false, false },
	{ SP_REG_RGCR, REG_RGCR_LEN, false, false },
	{ SP_REG_MTMP, REG_MTMP_LEN, false, false },
	{ SP_REG_MGIR, REG_MGIR_LEN, false, false },
	{ SP_REG_MRSR, REG_MRSR_LEN, false, true },
	{ SP_REG_SBPR, REG_SBPR_LEN, false, true },
	{ SP_REG_SBCM, REG_SBCM_LEN, true, true, { REG_SBCM_LP_MSB } },
	{ SP_REG_SBPM, REG_SBPM_LEN, true, true, { SP_LP } },
	{ SP_REG_SBMM, REG_SBMM_LEN, false, true },
	{ SP_REG_SBSR, REG_SBSR_LEN, false, true },
};

#define SP_NREGS ARRAY_SIZE(sp_regs)
#define SP_REG_MAXLEN REG_SBSR_LEN	/* the longest: 120 records */

/*
 * Ports as on a Spectrum: every module has SP_LANES lanes; its port is local
 * port module + 1, 4 lanes wide, splittable in 2 or 4. The ports of a split
 * get local ports SP_SPLIT_LP + SP_LANES * module + subport: above 255, so
 * that every register carries the local port's high bits (10-bit local
 * ports, as on Spectrum-4). Slot SP_LANES * module + subport holds a port.
 */
#define SP_LANES		4
#define SP_SPLIT_LP		257

/* Shared buffer: mlxsw's Spectrum-1 shape, 4 ingress and 4 egress pools. */
#define SP_SB_CELL		96		/* bytes */
#define SP_SB_SIZE		12440064	/* bytes */
#define SP_SB_POOLS_DIR		4		/* pools per direction */
#define SP_SB_POOLS		(2 * SP_SB_POOLS_DIR)
#define SP_SB_ING_TCS		8
#define SP_SB_EG_TCS		16
#define SP_SB_PRIOS		8		/* SBMM: multicast per priority */
#define SP_SB_ALPHA_OFFSET	2		/* devlink threshold - alpha */
#define SP_SB_ALPHA_MIN		1
#define SP_SB_ALPHA_MAX		14
#define SP_SB_PORTS_PER_SBSR	(REG_SBSR_REC_MAX / (SP_SB_ING_TCS + SP_SB_EG_TCS))

struct sp_sb_occ {
	u32 cur, max;		/* cells, from the last snapshot */
};

struct sp_sb_cm {		/* a port's PG (ingress) or TC (egress) quota */
	u8 pool;		/* devlink pool index */
	u32 max_buff;		/* cells or alpha, by the pool's mode */
	struct sp_sb_occ occ;
};

struct sp_sb_pool {
	u32 size;		/* cells */
	u8 mode;		/* 0 static, 1 dynamic (devlink's too) */
};

struct sp_port {
	struct devlink_port dl_port;
	struct net_device *netdev;
	bool created;
	bool split;
	u16 local_port;
	u8 module, lane, width, subport;
	struct sp_sb_cm ing[SP_SB_ING_TCS];
	struct sp_sb_cm eg[SP_SB_EG_TCS];
	u32 pm_max_buff[SP_SB_POOLS];
	struct sp_sb_occ pm_occ[SP_SB_POOLS];
};

struct hsim_sp {
	struct hsim_dev *hdev;
	struct devlink *devlink;
	struct sp_port *ports;		/* SP_LANES slots per module */
	struct sp_sb_pool pools[SP_SB_POOLS];
	bool occ_max_cleared;		/* the "hardware": clr was seen */

	struct mutex lock;		/* transactions: tid, regfile, frame */
	u64 tid;
	u8 *regfile[SP_NREGS];
	u8 frame[HSIM_FRAME_MAX];
	/* a request's and a response's register: too big for the stack */
	u8 req[SP_REG_MAXLEN];
	u8 resp[SP_REG_MAXLEN];
	u64 transactions;

	struct delayed_work poll_dw;
	u32 poll_rate_seen;
	u64 poll_base_ns;
	u64 poll_done;
	unsigned int poll_next;

	/* requests emitted in interrupt context, one burst at a time */
	struct mutex irq_lock;		/* one burst: irq_n, irq_frame */
	struct timer_list irq_timer;	/* softirq_burst */
	struct hrtimer irq_hrtimer;	/* hardirq_burst */
	struct completion irq_done;
	unsigned int irq_n;
	u32 irq_tid;
	u8 irq_frame[HSIM_FRAME_MAX];

	/* debugfs knobs */
	u32 rate;
	u8 inject_status;		/* these three under lock */
	u32 inject_count;
	bool latency_tlv;
	char inject_string[HWMSG_EMAD_STRING_LEN];	/* under lock */
};

static int sp_reg_index(u16 id)
{
	int i;

	for (i = 0; i < SP_NREGS; i++)
		if (sp_regs[i].id == id)
			return i;
	return -1;
}

static unsigned int sp_lp_get(const struct sp_reg_desc *rd, const u8 *data)
{
	return hwmsg_item_get(data, REG_LOCAL_PORT) |
	       hwmsg_item_get(data, rd->lp_msb.off, rd->lp_msb.shift,
			      rd->lp_msb.width) << 8;
}

static void sp_lp_set(const struct sp_reg_desc *rd, u8 *data,
		      unsigned int lp)
{
	hwmsg_item_set(data, REG_LOCAL_PORT, lp & 0xff);
	hwmsg_item_set(data, rd->lp_msb.off, rd->lp_msb.shift,
		       rd->lp_msb.width, lp >> 8);
}

/* MLXSW_ITEM_BIT_ARRAY of 1-bit elements: bit 0 in the last byte */
static void sp_bit_set(u8 *buf, unsigned int off, unsigned int len,
		       unsigned int bit)
{
	buf[off + len - 1 - bit / 8] |= 1 << (bit % 8);
}

static bool sp_bit_test(const u8 *buf, unsigned int off, unsigned int len,
			unsigned int bit)
{
	return buf[off + len - 1 - bit / 8] & (1 << (bit % 8));
}

static void sp_emit(struct hsim_sp *sp, bool incoming, size_t len)
{
	/* what mlxsw does in mlxsw_emad_transmit() and its rx path */
	trace_devlink_hwmsg(sp->devlink, incoming, 0, sp->frame, len);
}

/* The speed mlxsw asks for by lane count (mlxsw_sp_port_speed_by_width_set). */
static u32 sp_speed_by_width(unsigned int width)
{
	return width >= 4 ? PTYS_100GBASE_CR4 :
	       width == 2 ? PTYS_50GBASE_CR2 : PTYS_25GBASE_CR;
}

/*
 * Where local port lp sits: module, first lane and width (0: unmapped).
 * Unsplit ports are module + 1 until their module is split; split ports
 * exist while created.
 */
static unsigned int sp_lp_mapping(struct hsim_sp *sp, unsigned int lp,
				  unsigned int *module, unsigned int *lane)
{
	unsigned int nmod = sp->hdev->port_count, slot;
	struct sp_port *port;

	if (lp >= 1 && lp <= nmod) {
		*module = lp - 1;
		*lane = 0;
		return sp->ports[SP_LANES * (lp - 1)].split ? 0 : SP_LANES;
	}
	if (lp < SP_SPLIT_LP || lp >= SP_SPLIT_LP + SP_LANES * nmod)
		return 0;
	slot = lp - SP_SPLIT_LP;
	port = &sp->ports[slot];
	if (!port->created || !port->split)
		return 0;
	*module = port->module;
	*lane = port->lane;
	return port->width;
}

/*
 * Occupancy the "hardware" reports for a quota of local port lp (dir 0
 * ingress, 1 egress; idx the PG, TC or pool + 32), in cells: a fixed
 * pattern, and a maximum 100 cells above it until a clear (SBSR and SBPM
 * with clr, sp_sb_occ_query()) has been answered.
 */
static void sp_occ_model(struct hsim_sp *sp, unsigned int lp, unsigned int dir,
			 unsigned int idx, u32 *cur, u32 *max)
{
	*cur = (lp % 256) * 4 + dir * 64 + idx + 1;
	*max = *cur + (sp->occ_max_cleared ? 0 : 100);
}

/* SBSR's answer: a record per masked quota, ingress first (MLXSW_REG_SBSR). */
static void sp_sbsr_fill(struct hsim_sp *sp, u8 *resp)
{
	unsigned int page = hwmsg_item_get(resp, REG_SBSR_PORT_PAGE);
	unsigned int n = 0, p, i, lp;
	u32 cur, max;
	u8 *rec;

	for (p = 0; p < REG_SBSR_PORTS_PER_PAGE; p++) {
		if (!sp_bit_test(resp, REG_SBSR_ING_PORT_MASK, p))
			continue;
		lp = page * REG_SBSR_PORTS_PER_PAGE + p;
		for (i = 0; i < 32 && n < REG_SBSR_REC_MAX; i++) {
			if (!sp_bit_test(resp, REG_SBSR_PG_BUFF_MASK, i))
				continue;
			sp_occ_model(sp, lp, 0, i, &cur, &max);
			rec = resp + REG_SBSR_REC_BASE + n++ * REG_SBSR_REC_LEN;
			hwmsg_item_set(rec, REG_SBSR_REC_BUFF_OCC, cur);
			hwmsg_item_set(rec, REG_SBSR_REC_MAX_BUFF_OCC, max);
		}
	}
	for (p = 0; p < REG_SBSR_PORTS_PER_PAGE; p++) {
		if (!sp_bit_test(resp, REG_SBSR_EG_PORT_MASK, p))
			continue;
		lp = page * REG_SBSR_PORTS_PER_PAGE + p;
		for (i = 0; i < 64 && n < REG_SBSR_REC_MAX; i++) {
			if (!sp_bit_test(resp, REG_SBSR_TCLASS_MASK, i))
				continue;
			sp_occ_model(sp, lp, 1, i, &cur, &max);
			rec = resp + REG_SBSR_REC_BASE + n++ * REG_SBSR_REC_LEN;
			hwmsg_item_set(rec, REG_SBSR_REC_BUFF_OCC, cur);
			hwmsg_item_set(rec, REG_SBSR_REC_MAX_BUFF_OCC, max);
		}
	}
}

/* Fields a real switch would report, on top of what the file holds. */
static void sp_reg_synth(struct hsim_sp *sp, u16 reg_id, bool query,
			 unsigned int lp, u8 *resp)
{
	unsigned int i, module = 0, lane = 0, width;
	u32 cur, max;

	switch (reg_id) {
	case SP_REG_MTMP:	/* temperature, 1/8 C: about 40 C */
		hwmsg_item_set(resp, REG_MTMP_TEMPERATURE,
			       320 + get_random_u32_below(16));
		hwmsg_item_set(resp, REG_MTMP_MAX_TEMP, 360);
		break;
	case SP_REG_PMLP:	/* the port's lanes, in order */
		if (!query)
			break;
		width = sp_lp_mapping(sp, lp, &module, &lane);
		hwmsg_item_set(resp, REG_PMLP_WIDTH, width);
		for (i = 0; i < width; i++) {
			hwmsg_item_set(resp, REG_PMLP_LANE_OFF(i),
				       REG_PMLP_MODULE_SHIFT, module);
			hwmsg_item_set(resp, REG_PMLP_LANE_OFF(i),
				       REG_PMLP_TX_LANE_SHIFT, lane + i);
			hwmsg_item_set(resp, REG_PMLP_LANE_OFF(i),
				       REG_PMLP_RX_LANE_SHIFT, lane + i);
		}
		break;
	case SP_REG_PTYS:	/* capable of 25 to 100G, running by width */
		if (!query)
			break;
		width = sp_lp_mapping(sp, lp, &module, &lane);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_CAP, PTYS_100GBASE_CR4 |
			       PTYS_50GBASE_CR2 | PTYS_25GBASE_CR);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_ADMIN,
			       sp_speed_by_width(width));
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_OPER,
			       sp_speed_by_width(width));
		break;
	case SP_REG_SBSR:
		if (query)
			sp_sbsr_fill(sp, resp);
		break;
	case SP_REG_SBPM:	/* a port's pool occupancy */
		if (!query)
			break;
		sp_occ_model(sp, lp, hwmsg_item_get(resp, REG_SBPM_DIR),
			     32 + hwmsg_item_get(resp, REG_SBPM_POOL), &cur, &max);
		hwmsg_item_set(resp, REG_SBPM_BUFF_OCC, cur);
		hwmsg_item_set(resp, REG_SBPM_MAX_BUFF_OCC, max);
		break;
	case SP_REG_PAOS:	/* oper_status follows admin_status */
		hwmsg_item_set(resp, REG_PAOS_OPER_STATUS,
			       hwmsg_item_get(resp, REG_PAOS_ADMIN_STATUS));
		break;
	case SP_REG_PMTU:	/* max_mtu */
		hwmsg_item_set(resp, REG_PMTU_MAX_MTU, 10000);
		break;
	}
}

/* The status of the next response: inject_status while inject_count lasts. */
static u8 sp_next_status(struct hsim_sp *sp)
{
	u8 status = sp->inject_status;

	lockdep_assert_held(&sp->lock);
	if (status && sp->inject_count && !--sp->inject_count)
		sp->inject_status = 0;	/* that was the last */
	return status;
}

/*
 * One EMAD transaction: the request, then the response from the register
 * file. data (reg's length) is what a write stores; for a query it carries
 * the index fields (local_port). As mlxsw, a request answered "busy" or
 * "message receipt ack" is sent again with the same tid, at most
 * SP_MAX_RETRY times. Caller holds sp->lock.
 */
static void sp_transact(struct hsim_sp *sp, u16 reg_id, u8 method,
			const u8 *data)
{
	struct hwmsg_emad_op op = {
		.reg_id = reg_id,
		.method = method,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS,
	};
	int ri = sp_reg_index(reg_id);
	struct hwmsg_emad_extras x;
	const struct sp_reg_desc *rd;
	u8 *resp = sp->resp;
	unsigned int attempt;
	size_t len;
	u8 status;

	if (WARN_ON_ONCE(ri < 0))
		return;
	rd = &sp_regs[ri];
	op.tid = sp->tid++;

	for (attempt = 0; ; attempt++) {
		memset(&x, 0, sizeof(x));
		op.response = false;
		op.status = 0;
		len = hwmsg_emad_build(sp->frame, sizeof(sp->frame), &op,
				       NULL, data, rd->len);
		sp_emit(sp, false, len);

		status = sp_next_status(sp);
		if (!status) {
			if (method == HWMSG_EMAD_METHOD_WRITE)
				memcpy(sp->regfile[ri], data, rd->len);
			memcpy(resp, rd->echo ? data : sp->regfile[ri],
			       rd->len);
			if (rd->per_port)
				sp_lp_set(rd, resp, sp_lp_get(rd, data));
			sp_reg_synth(sp, reg_id,
				     method == HWMSG_EMAD_METHOD_QUERY,
				     rd->per_port ? sp_lp_get(rd, data) : 0,
				     resp);
		} else {
			memcpy(resp, data, rd->len);
			if (sp->inject_string[0])
				x.fw_string = sp->inject_string;
		}
		if (sp->latency_tlv) {
			x.has_latency = true;
			x.latency_us = 50 + get_random_u32_below(200);
		}
		op.response = true;
		op.status = status;
		len = hwmsg_emad_build(sp->frame, sizeof(sp->frame), &op, &x,
				       resp, rd->len);
		sp_emit(sp, true, len);
		if ((status != HWMSG_EMAD_STATUS_BUSY &&
		     status != HWMSG_EMAD_STATUS_MESSAGE_RECEIPT_ACK) ||
		    attempt == SP_MAX_RETRY)
			break;
	}
	sp->transactions++;
}

/* A clean request for a port register, with its 10-bit local port. */
static void sp_port_reg(u8 *data, u16 reg_id, unsigned int local_port)
{
	memset(data, 0, SP_REG_MAXLEN);
	sp_lp_set(&sp_regs[sp_reg_index(reg_id)], data, local_port);
}

/* SBPR: a pool's size and mode, as mlxsw_sp_sb_pr_write(). */
static void sp_sb_pr_write(struct hsim_sp *sp, unsigned int pool)
{
	u8 *data = sp->req;

	memset(data, 0, SP_REG_MAXLEN);
	hwmsg_item_set(data, REG_SBPR_DIR, pool / SP_SB_POOLS_DIR);
	hwmsg_item_set(data, REG_SBPR_POOL, pool % SP_SB_POOLS_DIR);
	hwmsg_item_set(data, REG_SBPR_SIZE, sp->pools[pool].size);
	hwmsg_item_set(data, REG_SBPR_MODE, sp->pools[pool].mode);
	sp_transact(sp, SP_REG_SBPR, HWMSG_EMAD_METHOD_WRITE, data);
}

/* SBMM: the multicast quota of a switch priority, in egress pool 0. */
static void sp_sb_mm_write(struct hsim_sp *sp, unsigned int prio)
{
	u8 *data = sp->req;

	memset(data, 0, SP_REG_MAXLEN);
	hwmsg_item_set(data, REG_SBMM_PRIO, prio);
	hwmsg_item_set(data, REG_SBMM_MIN_BUFF, 20);
	hwmsg_item_set(data, REG_SBMM_MAX_BUFF, 0xff);
	hwmsg_item_set(data, REG_SBMM_POOL, 0);
	sp_transact(sp, SP_REG_SBMM, HWMSG_EMAD_METHOD_WRITE, data);
}

/* The registers mlxsw touches while it brings a Spectrum up, in order. */
static void sp_init_sequence(struct hsim_sp *sp)
{
	u8 *data = sp->req;
	unsigned int p;

	mutex_lock(&sp->lock);
	memset(data, 0, SP_REG_MAXLEN);
	sp_transact(sp, SP_REG_MGIR, HWMSG_EMAD_METHOD_QUERY, data);
	sp_transact(sp, SP_REG_SPAD, HWMSG_EMAD_METHOD_QUERY, data);
	hwmsg_item_set(data, REG_SGCR_LLB, 1);
	sp_transact(sp, SP_REG_SGCR, HWMSG_EMAD_METHOD_WRITE, data);
	memset(data, 0, SP_REG_MAXLEN);
	hwmsg_item_set(data, REG_HTGT_TRAP_GROUP, 1);
	sp_transact(sp, SP_REG_HTGT, HWMSG_EMAD_METHOD_WRITE, data);
	memset(data, 0, SP_REG_MAXLEN);
	hwmsg_item_set(data, REG_HPKT_TRAP_ID, 0x5);
	sp_transact(sp, SP_REG_HPKT, HWMSG_EMAD_METHOD_WRITE, data);
	for (p = 1; p <= sp->hdev->port_count; p++) {
		sp_port_reg(data, SP_REG_PMLP, p);
		sp_transact(sp, SP_REG_PMLP, HWMSG_EMAD_METHOD_QUERY, data);
		sp_port_reg(data, SP_REG_PMTU, p);
		hwmsg_item_set(data, REG_PMTU_ADMIN_MTU, 9216);
		sp_transact(sp, SP_REG_PMTU, HWMSG_EMAD_METHOD_WRITE, data);
		sp_port_reg(data, SP_REG_PTYS, p);
		hwmsg_item_set(data, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
		sp_transact(sp, SP_REG_PTYS, HWMSG_EMAD_METHOD_QUERY, data);
		sp_port_reg(data, SP_REG_PAOS, p);
		hwmsg_item_set(data, REG_PAOS_ADMIN_STATUS, PAOS_UP);
		hwmsg_item_set(data, REG_PAOS_ASE, 1);
		sp_transact(sp, SP_REG_PAOS, HWMSG_EMAD_METHOD_WRITE, data);
	}
	/* the shared buffer (mlxsw_sp_buffers_init): pools, multicast */
	for (p = 0; p < SP_SB_POOLS; p++)
		sp_sb_pr_write(sp, p);
	for (p = 0; p < SP_SB_PRIOS; p++)
		sp_sb_mm_write(sp, p);
	memset(data, 0, SP_REG_MAXLEN);
	hwmsg_item_set(data, REG_RGCR_IPV4_EN, 1);
	sp_transact(sp, SP_REG_RGCR, HWMSG_EMAD_METHOD_WRITE, data);
	memset(data, 0, SP_REG_MAXLEN);
	sp_transact(sp, SP_REG_MTMP, HWMSG_EMAD_METHOD_QUERY, data);
	mutex_unlock(&sp->lock);
}

/* Steady state: SFN (FDB notifications) and MTMP (temperature), in turn. */
static void sp_poll_one(struct hsim_sp *sp)
{
	u8 *data = sp->req;

	memset(data, 0, SP_REG_MAXLEN);
	if (sp->poll_next++ & 1)
		sp_transact(sp, SP_REG_MTMP, HWMSG_EMAD_METHOD_QUERY, data);
	else
		sp_transact(sp, SP_REG_SFN, HWMSG_EMAD_METHOD_QUERY, data);
}

static void sp_poll_work(struct work_struct *work)
{
	struct hsim_sp *sp = container_of(to_delayed_work(work),
					  struct hsim_sp, poll_dw);
	u32 rate = READ_ONCE(sp->rate);
	u64 now = ktime_get_ns();
	unsigned int budget = SP_MAX_BATCH;
	unsigned long delay;
	u64 target;

	if (!rate) {
		sp->poll_rate_seen = 0;
		schedule_delayed_work(&sp->poll_dw, HZ / 10);
		return;
	}
	if (rate != sp->poll_rate_seen) {
		sp->poll_rate_seen = rate;
		sp->poll_base_ns = now;
		sp->poll_done = 0;
	}
	/* 64 x 32 bits through a 128-bit product: no overflow, ever */
	target = mul_u64_u32_div(now - sp->poll_base_ns, rate, NSEC_PER_SEC);

	mutex_lock(&sp->lock);
	while (sp->poll_done < target && budget) {
		sp_poll_one(sp);
		sp->poll_done += 2;
		budget = budget > 2 ? budget - 2 : 0;
	}
	mutex_unlock(&sp->lock);
	/*
	 * Behind by more than a batch: do not build up a debt. Caught up after
	 * a second: start over from now, so the numbers stay small.
	 */
	if (target > sp->poll_done + SP_MAX_BATCH ||
	    (sp->poll_done >= target && now - sp->poll_base_ns > NSEC_PER_SEC)) {
		sp->poll_base_ns = now;
		sp->poll_done = 0;
	}

	delay = rate >= 2 * HZ ? 1 : max_t(unsigned long, 1, 2 * HZ / rate);
	schedule_delayed_work(&sp->poll_dw, delay);
}

/* ---- debugfs --------------------------------------------------------- */

/*
 * N transactions, SP_BURST_CHUNK per hold of sp->lock. A signal stops it
 * (-EINTR), and so does the device's removal (-ENODEV): removal waits for
 * this write to return before it frees the device.
 */
static ssize_t sp_burst_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	struct hsim_sp *sp = file->private_data;
	unsigned int n, i, k, chunk;
	int err;

	err = kstrtouint_from_user(ubuf, count, 0, &n);
	if (err)
		return err;
	for (i = 0; i < n; i += chunk) {
		if (READ_ONCE(sp->hdev->dying))
			return -ENODEV;
		if (signal_pending(current))
			return -EINTR;
		chunk = min(n - i, (unsigned int)SP_BURST_CHUNK);
		mutex_lock(&sp->lock);
		for (k = 0; k < chunk; k++)
			sp_poll_one(sp);
		mutex_unlock(&sp->lock);
		cond_resched();
	}
	return count;
}

static const struct file_operations sp_burst_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sp_burst_write,
	.llseek = no_llseek,
};

static ssize_t sp_string_read(struct file *file, char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	struct hsim_sp *sp = file->private_data;
	char buf[HWMSG_EMAD_STRING_LEN + 1];
	size_t len;

	mutex_lock(&sp->lock);
	len = scnprintf(buf, sizeof(buf), "%s\n", sp->inject_string);
	mutex_unlock(&sp->lock);
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static ssize_t sp_string_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct hsim_sp *sp = file->private_data;
	char buf[HWMSG_EMAD_STRING_LEN];
	size_t len = min(count, sizeof(buf) - 1);

	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	strim(buf);
	mutex_lock(&sp->lock);
	strscpy(sp->inject_string, buf, sizeof(sp->inject_string));
	mutex_unlock(&sp->lock);
	return count;
}

static const struct file_operations sp_string_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = sp_string_read,
	.write = sp_string_write,
	.llseek = no_llseek,
};

/*
 * Interrupt-context emitters: what a driver that fires the tracepoint from
 * its rx softirq (mlxsw) or, wrongly, from a hardirq handler would do.
 * Requests only (MTMP queries), tids in their own range.
 */
static void sp_irq_emit_all(struct hsim_sp *sp)
{
	struct hwmsg_emad_op op = {
		.reg_id = SP_REG_MTMP,
		.method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS,
	};
	u8 data[REG_MTMP_LEN] = {};
	unsigned int i;
	size_t len;

	for (i = 0; i < sp->irq_n; i++) {
		op.tid = (u64)0xffff0000u << 32 | sp->irq_tid++;
		len = hwmsg_emad_build(sp->irq_frame, sizeof(sp->irq_frame),
				       &op, NULL, data, sizeof(data));
		trace_devlink_hwmsg(sp->devlink, false, 0, sp->irq_frame, len);
	}
	complete(&sp->irq_done);
}

static void sp_irq_timer_fn(struct timer_list *t)
{
	struct hsim_sp *sp = from_timer(sp, t, irq_timer);

	sp_irq_emit_all(sp);
}

static enum hrtimer_restart sp_irq_hrtimer_fn(struct hrtimer *t)
{
	sp_irq_emit_all(container_of(t, struct hsim_sp, irq_hrtimer));
	return HRTIMER_NORESTART;
}

static ssize_t sp_irq_burst(struct file *file, const char __user *ubuf,
			    size_t count, bool hard)
{
	struct hsim_sp *sp = file->private_data;
	unsigned int n;
	int err;

	err = kstrtouint_from_user(ubuf, count, 0, &n);
	if (err)
		return err;
	if (n > SP_IRQ_BURST_MAX)
		return -ERANGE;
	mutex_lock(&sp->irq_lock);
	sp->irq_n = n;
	reinit_completion(&sp->irq_done);
	if (hard)
		hrtimer_start(&sp->irq_hrtimer, ns_to_ktime(NSEC_PER_MSEC),
			      HRTIMER_MODE_REL_HARD);
	else
		mod_timer(&sp->irq_timer, jiffies + 1);
	/* the timers fire within a tick: no need to be interruptible */
	wait_for_completion(&sp->irq_done);
	mutex_unlock(&sp->irq_lock);
	return count;
}

static ssize_t sp_softirq_burst_write(struct file *file,
				      const char __user *ubuf, size_t count,
				      loff_t *ppos)
{
	return sp_irq_burst(file, ubuf, count, false);
}

static ssize_t sp_hardirq_burst_write(struct file *file,
				      const char __user *ubuf, size_t count,
				      loff_t *ppos)
{
	return sp_irq_burst(file, ubuf, count, true);
}

static const struct file_operations sp_softirq_burst_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sp_softirq_burst_write,
	.llseek = no_llseek,
};

static const struct file_operations sp_hardirq_burst_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sp_hardirq_burst_write,
	.llseek = no_llseek,
};

/*
 * Knobs that transactions read under sp->lock are written under it too:
 * inject_status and inject_count change together as a response is built.
 */
static int sp_rate_get(void *data, u64 *val)
{
	struct hsim_sp *sp = data;

	*val = READ_ONCE(sp->rate);
	return 0;
}

static int sp_rate_set(void *data, u64 val)
{
	struct hsim_sp *sp = data;

	if (val > SP_RATE_MAX)
		return -EINVAL;
	WRITE_ONCE(sp->rate, val);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sp_rate_fops, sp_rate_get, sp_rate_set, "%llu\n");

enum sp_knob { SP_KNOB_STATUS, SP_KNOB_COUNT, SP_KNOB_LATENCY };

static u64 sp_knob_get(struct hsim_sp *sp, enum sp_knob knob)
{
	u64 val;

	mutex_lock(&sp->lock);
	switch (knob) {
	case SP_KNOB_STATUS:
		val = sp->inject_status;
		break;
	case SP_KNOB_COUNT:
		val = sp->inject_count;
		break;
	default:
		val = sp->latency_tlv;
		break;
	}
	mutex_unlock(&sp->lock);
	return val;
}

static int sp_knob_set(struct hsim_sp *sp, enum sp_knob knob, u64 val)
{
	static const u64 max[] = {
		[SP_KNOB_STATUS] = U8_MAX,
		[SP_KNOB_COUNT] = U32_MAX,
		[SP_KNOB_LATENCY] = 1,
	};

	if (val > max[knob])
		return -EINVAL;
	mutex_lock(&sp->lock);
	switch (knob) {
	case SP_KNOB_STATUS:
		sp->inject_status = val;
		break;
	case SP_KNOB_COUNT:
		sp->inject_count = val;
		break;
	default:
		sp->latency_tlv = val;
		break;
	}
	mutex_unlock(&sp->lock);
	return 0;
}

static int sp_inject_status_get(void *data, u64 *val)
{
	*val = sp_knob_get(data, SP_KNOB_STATUS);
	return 0;
}

static int sp_inject_status_set(void *data, u64 val)
{
	return sp_knob_set(data, SP_KNOB_STATUS, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(sp_inject_status_fops, sp_inject_status_get,
			 sp_inject_status_set, "%llu\n");

static int sp_inject_count_get(void *data, u64 *val)
{
	*val = sp_knob_get(data, SP_KNOB_COUNT);
	return 0;
}

static int sp_inject_count_set(void *data, u64 val)
{
	return sp_knob_set(data, SP_KNOB_COUNT, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(sp_inject_count_fops, sp_inject_count_get,
			 sp_inject_count_set, "%llu\n");

static int sp_latency_tlv_get(void *data, u64 *val)
{
	*val = sp_knob_get(data, SP_KNOB_LATENCY);
	return 0;
}

static int sp_latency_tlv_set(void *data, u64 val)
{
	return sp_knob_set(data, SP_KNOB_LATENCY, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(sp_latency_tlv_fops, sp_latency_tlv_get,
			 sp_latency_tlv_set, "%llu\n");

static void sp_debugfs_init(struct hsim_sp *sp)
{
	struct dentry *d = sp->hdev->ddir;

	debugfs_create_file_unsafe("rate", 0600, d, sp, &sp_rate_fops);
	debugfs_create_file("burst", 0200, d, sp, &sp_burst_fops);
	debugfs_create_file_unsafe("inject_status", 0600, d, sp,
				   &sp_inject_status_fops);
	debugfs_create_file_unsafe("inject_count", 0600, d, sp,
				   &sp_inject_count_fops);
	debugfs_create_file("inject_string", 0600, d, sp, &sp_string_fops);
	debugfs_create_file_unsafe("latency_tlv", 0600, d, sp,
				   &sp_latency_tlv_fops);
	debugfs_create_u64("transactions", 0400, d, &sp->transactions);
	debugfs_create_file("softirq_burst", 0200, d, sp,
			    &sp_softirq_burst_fops);
	debugfs_create_file("hardirq_burst", 0200, d, sp,
			    &sp_hardirq_burst_fops);
}

/* ---- ports: create, remove, split ---------------------------------------- */

static void sp_port_sb_defaults(struct sp_port *port)
{
	unsigned int i;

	/* mlxsw's defaults: every PG in ingress pool 0, TC in egress pool 0 */
	for (i = 0; i < SP_SB_ING_TCS; i++)
		port->ing[i] = (struct sp_sb_cm){ .pool = 0, .max_buff = 7 };
	for (i = 0; i < SP_SB_EG_TCS; i++)
		port->eg[i] = (struct sp_sb_cm){
			.pool = SP_SB_POOLS_DIR, .max_buff = 13 };
	for (i = 0; i < SP_SB_POOLS; i++) {
		port->pm_max_buff[i] = i % SP_SB_POOLS_DIR ? 0 : SP_SB_ALPHA_MAX;
		port->pm_occ[i] = (struct sp_sb_occ){};
	}
}

/* Pools as after a reset: pool 0 of each direction holds the buffer. */
static void sp_sb_defaults(struct hsim_sp *sp)
{
	unsigned int i;

	for (i = 0; i < SP_SB_POOLS; i++) {
		sp->pools[i].mode = 1;
		sp->pools[i].size = i % SP_SB_POOLS_DIR ? 0 : 100000;
	}
	sp->occ_max_cleared = false;
}

/*
 * The EMADs of mlxsw_sp_port_create() for a port of width lanes: map the
 * lanes (PMLP), join switch partition 0 (PSPA), the speed for that width
 * (PTYS), the MTU (PMTU query and write), administratively down (PAOS).
 */
static void sp_port_create_emads(struct hsim_sp *sp, struct sp_port *port)
{
	unsigned int lp = port->local_port, i;
	u8 *data = sp->req;

	mutex_lock(&sp->lock);
	sp_port_reg(data, SP_REG_PMLP, lp);
	hwmsg_item_set(data, REG_PMLP_WIDTH, port->width);
	for (i = 0; i < port->width; i++) {
		hwmsg_item_set(data, REG_PMLP_LANE_OFF(i),
			       REG_PMLP_MODULE_SHIFT, port->module);
		hwmsg_item_set(data, REG_PMLP_LANE_OFF(i),
			       REG_PMLP_TX_LANE_SHIFT, port->lane + i);
		hwmsg_item_set(data, REG_PMLP_LANE_OFF(i),
			       REG_PMLP_RX_LANE_SHIFT, port->lane + i);
	}
	sp_transact(sp, SP_REG_PMLP, HWMSG_EMAD_METHOD_WRITE, data);
	sp_port_reg(data, SP_REG_PSPA, lp);
	hwmsg_item_set(data, REG_PSPA_SWID, 0);
	sp_transact(sp, SP_REG_PSPA, HWMSG_EMAD_METHOD_WRITE, data);
	sp_port_reg(data, SP_REG_PTYS, lp);
	hwmsg_item_set(data, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
	hwmsg_item_set(data, REG_PTYS_ETH_PROTO_ADMIN,
		       sp_speed_by_width(port->width));
	sp_transact(sp, SP_REG_PTYS, HWMSG_EMAD_METHOD_WRITE, data);
	sp_port_reg(data, SP_REG_PMTU, lp);
	sp_transact(sp, SP_REG_PMTU, HWMSG_EMAD_METHOD_QUERY, data);
	sp_port_reg(data, SP_REG_PMTU, lp);
	hwmsg_item_set(data, REG_PMTU_ADMIN_MTU, 1530);	/* 1500 + headers */
	sp_transact(sp, SP_REG_PMTU, HWMSG_EMAD_METHOD_WRITE, data);
	sp_port_reg(data, SP_REG_PAOS, lp);
	hwmsg_item_set(data, REG_PAOS_ADMIN_STATUS, PAOS_DOWN);
	hwmsg_item_set(data, REG_PAOS_ASE, 1);
	sp_transact(sp, SP_REG_PAOS, HWMSG_EMAD_METHOD_WRITE, data);
	mutex_unlock(&sp->lock);
}

/* mlxsw_sp_port_remove(): leave the switch partition, unmap the lanes. */
static void sp_port_remove_emads(struct hsim_sp *sp, unsigned int lp)
{
	u8 *data = sp->req;

	mutex_lock(&sp->lock);
	sp_port_reg(data, SP_REG_PSPA, lp);
	hwmsg_item_set(data, REG_PSPA_SWID, PSPA_SWID_UNUSED);
	sp_transact(sp, SP_REG_PSPA, HWMSG_EMAD_METHOD_WRITE, data);
	sp_port_reg(data, SP_REG_PMLP, lp);
	hwmsg_item_set(data, REG_PMLP_WIDTH, 0);
	sp_transact(sp, SP_REG_PMLP, HWMSG_EMAD_METHOD_WRITE, data);
	mutex_unlock(&sp->lock);
}

/*
 * A port of module in slot SP_LANES * module + subport: its devlink port
 * (index: the local port, as mlxsw) and netdev. emads: the traffic of a
 * port created at run time (split, unsplit); at init the init sequence
 * has done it. Caller holds the devlink instance lock.
 */
static int sp_port_create(struct hsim_sp *sp, unsigned int module,
			  unsigned int subport, unsigned int width, bool split,
			  bool emads)
{
	struct sp_port *port = &sp->ports[SP_LANES * module + subport];
	struct devlink_port_attrs attrs = {
		.flavour = DEVLINK_PORT_FLAVOUR_PHYSICAL,
		.split = split,
		.splittable = !split && width > 1,
		.lanes = width,
		.phys.port_number = module + 1,
		.phys.split_subport_number = subport,
	};
	int err;

	port->module = module;
	port->subport = subport;
	port->lane = subport * width;
	port->width = width;
	port->split = split;
	port->local_port = split ? SP_SPLIT_LP + SP_LANES * module + subport :
				   module + 1;
	sp_port_sb_defaults(port);
	if (emads)
		sp_port_create_emads(sp, port);

	memset(&port->dl_port, 0, sizeof(port->dl_port));
	devlink_port_attrs_set(&port->dl_port, &attrs);
	err = devl_port_register(sp->devlink, &port->dl_port,
				 port->local_port);
	if (err)
		return err;
	port->netdev = hsim_netdev_create(sp->hdev, devlink_net(sp->devlink),
					  &port->dl_port,
					  SP_LANES * module + subport);
	if (IS_ERR(port->netdev)) {
		err = PTR_ERR(port->netdev);
		devl_port_unregister(&port->dl_port);
		return err;
	}
	devlink_port_type_eth_set(&port->dl_port, port->netdev);
	port->created = true;
	return 0;
}

/* Caller holds the devlink instance lock. */
static void sp_port_remove(struct hsim_sp *sp, struct sp_port *port,
			   bool emads)
{
	/* as mlxsw: the netdev, the firmware's side, then the devlink port */
	devlink_port_type_clear(&port->dl_port);
	hsim_netdev_destroy(port->netdev);
	port->created = false;
	if (emads)
		sp_port_remove_emads(sp, port->local_port);
	devl_port_unregister(&port->dl_port);
}

/* Every module's full-width port. Caller holds the devlink instance lock. */
static int sp_ports_create(struct hsim_sp *sp)
{
	unsigned int m;
	int err;

	for (m = 0; m < sp->hdev->port_count; m++) {
		sp->ports[SP_LANES * m].split = false;
		err = sp_port_create(sp, m, 0, SP_LANES, false, false);
		if (err)
			return err;
	}
	return 0;
}

/* Caller holds the devlink instance lock. */
static void sp_ports_destroy(struct hsim_sp *sp)
{
	unsigned int i = sp->hdev->port_count * SP_LANES;

	while (i--) {
		if (sp->ports[i].created)
			sp_port_remove(sp, &sp->ports[i], false);
		sp->ports[i].split = false;
	}
}

/* The ports of module's split, or its full port (count 1). */
static int sp_module_ports_create(struct hsim_sp *sp, unsigned int module,
				  unsigned int count)
{
	unsigned int s;
	int err;

	for (s = 0; s < count; s++) {
		err = sp_port_create(sp, module, s, SP_LANES / count,
				     count > 1, true);
		if (err)
			return err;
	}
	return 0;
}

static void sp_module_ports_remove(struct hsim_sp *sp, unsigned int module)
{
	struct sp_port *port = &sp->ports[SP_LANES * module];
	unsigned int s;

	for (s = 0; s < SP_LANES; s++)
		if (port[s].created)
			sp_port_remove(sp, &port[s], true);
}

/*
 * devlink checked that the port is splittable and count a power of 2 up
 * to its lanes. As mlxsw: remove the port, create count ports of
 * SP_LANES / count lanes each; on failure, the full port again.
 */
static int sp_port_split(struct devlink *devlink, struct devlink_port *dlp,
			 unsigned int count, struct netlink_ext_ack *extack)
{
	struct sp_port *port = container_of(dlp, struct sp_port, dl_port);
	struct hsim_sp *sp = devlink_priv(devlink);
	unsigned int module = port->module;
	int err;

	if (port->split) {
		NL_SET_ERR_MSG_MOD(extack, "Port is already split");
		return -EINVAL;
	}
	sp_module_ports_remove(sp, module);
	err = sp_module_ports_create(sp, module, count);
	if (err) {
		NL_SET_ERR_MSG_MOD(extack, "Failed to create split ports");
		sp_module_ports_remove(sp, module);
		if (!sp_module_ports_create(sp, module, 1))
			return err;
	}
	return err;
}

static int sp_port_unsplit(struct devlink *devlink, struct devlink_port *dlp,
			   struct netlink_ext_ack *extack)
{
	struct sp_port *port = container_of(dlp, struct sp_port, dl_port);
	struct hsim_sp *sp = devlink_priv(devlink);
	unsigned int module = port->module;

	if (!port->split) {
		NL_SET_ERR_MSG_MOD(extack, "Port was not split");
		return -EINVAL;
	}
	sp_module_ports_remove(sp, module);
	return sp_module_ports_create(sp, module, 1);
}

/* ---- devlink: dev info ------------------------------------------------- */

/* As mlxsw_devlink_info_get(): the driver's name, then MGIR's answer. */
static int sp_info_get(struct devlink *devlink, struct devlink_info_req *req,
		       struct netlink_ext_ack *extack)
{
	struct hsim_sp *sp = devlink_priv(devlink);
	char psid[17], buf[32];
	u32 hw_rev, major, minor, sub;
	u8 *resp = sp->resp;
	int err;

	err = devlink_info_driver_name_put(req, sp->hdev->dev.driver->name);
	if (err)
		return err;
	mutex_lock(&sp->lock);
	memset(sp->req, 0, SP_REG_MAXLEN);
	sp_transact(sp, SP_REG_MGIR, HWMSG_EMAD_METHOD_QUERY, sp->req);
	hw_rev = hwmsg_item_get(resp, REG_MGIR_HW_REVISION);
	memcpy(psid, resp + REG_MGIR_PSID_OFF, 16);
	psid[16] = '\0';
	major = hwmsg_item_get(resp, REG_MGIR_FW_MAJOR);
	minor = hwmsg_item_get(resp, REG_MGIR_FW_MINOR);
	sub = hwmsg_item_get(resp, REG_MGIR_FW_SUB_MINOR);
	mutex_unlock(&sp->lock);

	snprintf(buf, sizeof(buf), "%X", hw_rev);
	err = devlink_info_version_fixed_put(req, "hw.revision", buf);
	if (err)
		return err;
	err = devlink_info_version_fixed_put(req,
					     DEVLINK_INFO_VERSION_GENERIC_FW_PSID,
					     psid);
	if (err)
		return err;
	snprintf(buf, sizeof(buf), "%u.%u.%u", major, minor, sub);
	err = devlink_info_version_running_put(req, "fw.version", buf);
	if (err)
		return err;
	return devlink_info_version_running_put(req,
						DEVLINK_INFO_VERSION_GENERIC_FW,
						buf);
}

/* ---- devlink: shared buffer -------------------------------------------- */

static int sp_sb_pool_get(struct devlink *devlink, unsigned int sb_index,
			  u16 pool, struct devlink_sb_pool_info *info)
{
	struct hsim_sp *sp = devlink_priv(devlink);

	info->pool_type = pool / SP_SB_POOLS_DIR ? DEVLINK_SB_POOL_TYPE_EGRESS :
						   DEVLINK_SB_POOL_TYPE_INGRESS;
	info->size = sp->pools[pool].size * SP_SB_CELL;
	info->threshold_type = sp->pools[pool].mode;
	info->cell_size = SP_SB_CELL;
	return 0;
}

static int sp_sb_pool_set(struct devlink *devlink, unsigned int sb_index,
			  u16 pool, u32 size,
			  enum devlink_sb_threshold_type type,
			  struct netlink_ext_ack *extack)
{
	struct hsim_sp *sp = devlink_priv(devlink);

	if (size > SP_SB_SIZE) {
		NL_SET_ERR_MSG_MOD(extack, "Exceeded shared buffer size");
		return -EINVAL;
	}
	mutex_lock(&sp->lock);
	sp->pools[pool].size = DIV_ROUND_UP(size, SP_SB_CELL);
	sp->pools[pool].mode = type;
	sp_sb_pr_write(sp, pool);
	mutex_unlock(&sp->lock);
	return 0;
}

/* devlink's threshold: an alpha index + 2 (dynamic pools) or bytes. */
static u32 sp_sb_th_out(struct hsim_sp *sp, unsigned int pool, u32 max_buff)
{
	if (sp->pools[pool].mode == DEVLINK_SB_THRESHOLD_TYPE_DYNAMIC)
		return max_buff + SP_SB_ALPHA_OFFSET;
	return max_buff * SP_SB_CELL;
}

static int sp_sb_th_in(struct hsim_sp *sp, unsigned int pool, u32 th,
		       u32 *max_buff, struct netlink_ext_ack *extack)
{
	if (sp->pools[pool].mode == DEVLINK_SB_THRESHOLD_TYPE_DYNAMIC) {
		if (th < SP_SB_ALPHA_MIN + SP_SB_ALPHA_OFFSET ||
		    th > SP_SB_ALPHA_MAX + SP_SB_ALPHA_OFFSET) {
			NL_SET_ERR_MSG_MOD(extack,
					   "Invalid dynamic threshold value");
			return -EINVAL;
		}
		*max_buff = th - SP_SB_ALPHA_OFFSET;
	} else {
		*max_buff = DIV_ROUND_UP(th, SP_SB_CELL);
	}
	return 0;
}

static struct sp_port *sp_dl_port(struct devlink_port *dlp)
{
	return container_of(dlp, struct sp_port, dl_port);
}

static int sp_sb_port_pool_get(struct devlink_port *dlp,
			       unsigned int sb_index, u16 pool, u32 *th)
{
	struct hsim_sp *sp = devlink_priv(dlp->devlink);

	*th = sp_sb_th_out(sp, pool, sp_dl_port(dlp)->pm_max_buff[pool]);
	return 0;
}

/* SBPM: a port's quota in a pool. */
static int sp_sb_port_pool_set(struct devlink_port *dlp,
			       unsigned int sb_index, u16 pool, u32 th,
			       struct netlink_ext_ack *extack)
{
	struct hsim_sp *sp = devlink_priv(dlp->devlink);
	struct sp_port *port = sp_dl_port(dlp);
	u8 *data = sp->req;
	u32 max_buff;
	int err;

	err = sp_sb_th_in(sp, pool, th, &max_buff, extack);
	if (err)
		return err;
	mutex_lock(&sp->lock);
	port->pm_max_buff[pool] = max_buff;
	sp_port_reg(data, SP_REG_SBPM, port->local_port);
	hwmsg_item_set(data, REG_SBPM_POOL, pool % SP_SB_POOLS_DIR);
	hwmsg_item_set(data, REG_SBPM_DIR, pool / SP_SB_POOLS_DIR);
	hwmsg_item_set(data, REG_SBPM_MIN_BUFF, 0);
	hwmsg_item_set(data, REG_SBPM_MAX_BUFF, max_buff);
	sp_transact(sp, SP_REG_SBPM, HWMSG_EMAD_METHOD_WRITE, data);
	mutex_unlock(&sp->lock);
	return 0;
}

static struct sp_sb_cm *sp_sb_cm(struct devlink_port *dlp, u16 tc,
				 enum devlink_sb_pool_type type)
{
	struct sp_port *port = sp_dl_port(dlp);

	if (type == DEVLINK_SB_POOL_TYPE_INGRESS)
		return tc < SP_SB_ING_TCS ? &port->ing[tc] : NULL;
	return tc < SP_SB_EG_TCS ? &port->eg[tc] : NULL;
}

static int sp_sb_tc_pool_bind_get(struct devlink_port *dlp,
				  unsigned int sb_index, u16 tc,
				  enum devlink_sb_pool_type type, u16 *pool,
				  u32 *th)
{
	struct hsim_sp *sp = devlink_priv(dlp->devlink);
	struct sp_sb_cm *cm = sp_sb_cm(dlp, tc, type);

	if (!cm)
		return -EINVAL;
	*pool = cm->pool;
	*th = sp_sb_th_out(sp, cm->pool, cm->max_buff);
	return 0;
}

/* SBCM: which pool a port's PG (ingress) or TC (egress) uses, and how much. */
static int sp_sb_tc_pool_bind_set(struct devlink_port *dlp,
				  unsigned int sb_index, u16 tc,
				  enum devlink_sb_pool_type type, u16 pool,
				  u32 th, struct netlink_ext_ack *extack)
{
	struct hsim_sp *sp = devlink_priv(dlp->devlink);
	struct sp_sb_cm *cm = sp_sb_cm(dlp, tc, type);
	struct sp_port *port = sp_dl_port(dlp);
	u8 *data = sp->req;
	u32 max_buff;
	int err;

	if (!cm)
		return -EINVAL;
	if (pool / SP_SB_POOLS_DIR != type) {
		NL_SET_ERR_MSG_MOD(extack,
				   "TC and pool of different directions");
		return -EINVAL;
	}
	err = sp_sb_th_in(sp, pool, th, &max_buff, extack);
	if (err)
		return err;
	mutex_lock(&sp->lock);
	cm->pool = pool;
	cm->max_buff = max_buff;
	sp_port_reg(data, SP_REG_SBCM, port->local_port);
	hwmsg_item_set(data, REG_SBCM_PG_BUFF, tc);
	hwmsg_item_set(data, REG_SBCM_DIR, type);
	hwmsg_item_set(data, REG_SBCM_MIN_BUFF, 0);
	hwmsg_item_set(data, REG_SBCM_MAX_BUFF, max_buff);
	hwmsg_item_set(data, REG_SBCM_POOL, pool % SP_SB_POOLS_DIR);
	sp_transact(sp, SP_REG_SBCM, HWMSG_EMAD_METHOD_WRITE, data);
	mutex_unlock(&sp->lock);
	return 0;
}

/* One SBSR of up to SP_SB_PORTS_PER_SBSR ports of a page, into their cms. */
static void sp_sb_sbsr(struct hsim_sp *sp, struct sp_port **batch,
		       unsigned int n, bool clr)
{
	unsigned int i, k, rec = 0;
	u8 *data = sp->req, *r;

	memset(data, 0, SP_REG_MAXLEN);
	hwmsg_item_set(data, REG_SBSR_CLR, clr);
	hwmsg_item_set(data, REG_SBSR_PORT_PAGE,
		       batch[0]->local_port / REG_SBSR_PORTS_PER_PAGE);
	for (i = 0; i < n; i++) {
		k = batch[i]->local_port % REG_SBSR_PORTS_PER_PAGE;
		sp_bit_set(data, REG_SBSR_ING_PORT_MASK, k);
		sp_bit_set(data, REG_SBSR_EG_PORT_MASK, k);
	}
	for (k = 0; k < SP_SB_ING_TCS; k++)
		sp_bit_set(data, REG_SBSR_PG_BUFF_MASK, k);
	for (k = 0; k < SP_SB_EG_TCS; k++)
		sp_bit_set(data, REG_SBSR_TCLASS_MASK, k);
	sp_transact(sp, SP_REG_SBSR, HWMSG_EMAD_METHOD_QUERY, data);
	/* records: every port's PGs, then every port's TCs */
	for (i = 0; i < n; i++)
		for (k = 0; k < SP_SB_ING_TCS; k++, rec++) {
			r = sp->resp + REG_SBSR_REC_BASE + rec * REG_SBSR_REC_LEN;
			batch[i]->ing[k].occ.cur =
				hwmsg_item_get(r, REG_SBSR_REC_BUFF_OCC);
			batch[i]->ing[k].occ.max =
				hwmsg_item_get(r, REG_SBSR_REC_MAX_BUFF_OCC);
		}
	for (i = 0; i < n; i++)
		for (k = 0; k < SP_SB_EG_TCS; k++, rec++) {
			r = sp->resp + REG_SBSR_REC_BASE + rec * REG_SBSR_REC_LEN;
			batch[i]->eg[k].occ.cur =
				hwmsg_item_get(r, REG_SBSR_REC_BUFF_OCC);
			batch[i]->eg[k].occ.max =
				hwmsg_item_get(r, REG_SBSR_REC_MAX_BUFF_OCC);
		}
}

/*
 * As mlxsw_sp_sb_occ_snapshot() / _max_clear(): SBSR for the ports' PGs
 * and TCs, a page and a few ports at a time, then SBPM per port and pool.
 */
static void sp_sb_occ_query(struct hsim_sp *sp, bool clr)
{
	unsigned int nslots = sp->hdev->port_count * SP_LANES, i, n = 0, pool;
	struct sp_port *batch[SP_SB_PORTS_PER_SBSR], *port;
	u8 *data = sp->req;

	mutex_lock(&sp->lock);
	/* slots are in local port order within each page */
	for (i = 0; i <= nslots; i++) {
		port = i < nslots ? &sp->ports[i] : NULL;
		if (port && !port->created)
			continue;
		if (n && (!port || n == SP_SB_PORTS_PER_SBSR ||
			  port->local_port / REG_SBSR_PORTS_PER_PAGE !=
			  batch[0]->local_port / REG_SBSR_PORTS_PER_PAGE)) {
			sp_sb_sbsr(sp, batch, n, clr);
			n = 0;
		}
		if (port)
			batch[n++] = port;
	}
	for (i = 0; i < nslots; i++) {
		port = &sp->ports[i];
		if (!port->created)
			continue;
		for (pool = 0; pool < SP_SB_POOLS; pool++) {
			sp_port_reg(data, SP_REG_SBPM, port->local_port);
			hwmsg_item_set(data, REG_SBPM_POOL,
				       pool % SP_SB_POOLS_DIR);
			hwmsg_item_set(data, REG_SBPM_DIR,
				       pool / SP_SB_POOLS_DIR);
			hwmsg_item_set(data, REG_SBPM_CLR, clr);
			sp_transact(sp, SP_REG_SBPM, HWMSG_EMAD_METHOD_QUERY,
				    data);
			port->pm_occ[pool].cur =
				hwmsg_item_get(sp->resp, REG_SBPM_BUFF_OCC);
			port->pm_occ[pool].max =
				hwmsg_item_get(sp->resp, REG_SBPM_MAX_BUFF_OCC);
		}
	}
	/* the "hardware" clears the maxima it has just reported */
	if (clr)
		sp->occ_max_cleared = true;
	mutex_unlock(&sp->lock);
}

static int sp_sb_occ_snapshot(struct devlink *devlink, unsigned int sb_index)
{
	sp_sb_occ_query(devlink_priv(devlink), false);
	return 0;
}

static int sp_sb_occ_max_clear(struct devlink *devlink, unsigned int sb_index)
{
	sp_sb_occ_query(devlink_priv(devlink), true);
	return 0;
}

static int sp_sb_occ_port_pool_get(struct devlink_port *dlp,
				   unsigned int sb_index, u16 pool, u32 *cur,
				   u32 *max)
{
	struct sp_port *port = sp_dl_port(dlp);

	*cur = port->pm_occ[pool].cur * SP_SB_CELL;
	*max = port->pm_occ[pool].max * SP_SB_CELL;
	return 0;
}

static int sp_sb_occ_tc_port_bind_get(struct devlink_port *dlp,
				      unsigned int sb_index, u16 tc,
				      enum devlink_sb_pool_type type,
				      u32 *cur, u32 *max)
{
	struct sp_sb_cm *cm = sp_sb_cm(dlp, tc, type);

	if (!cm)
		return -EINVAL;
	*cur = cm->occ.cur * SP_SB_CELL;
	*max = cm->occ.max * SP_SB_CELL;
	return 0;
}

/* ---- devlink: reload ---------------------------------------------------- */

static void sp_regfile_init(struct hsim_sp *sp);

/*
 * Reload (driver reinit), as mlxsw: the ports go, the firmware is reset
 * (MRSR), and on the way up the init sequence runs again and the ports
 * come back unsplit, with the shared buffer's defaults. devlink also
 * reloads a device into init_net when its netns goes away.
 */
static int sp_reload_down(struct devlink *devlink, bool netns_change,
			  enum devlink_reload_action action,
			  enum devlink_reload_limit limit,
			  struct netlink_ext_ack *extack)
{
	struct hsim_sp *sp = devlink_priv(devlink);
	unsigned int i;

	sp_ports_destroy(sp);
	mutex_lock(&sp->lock);
	memset(sp->req, 0, SP_REG_MAXLEN);
	hwmsg_item_set(sp->req, REG_MRSR_COMMAND, MRSR_RESET);
	sp_transact(sp, SP_REG_MRSR, HWMSG_EMAD_METHOD_WRITE, sp->req);
	for (i = 0; i < SP_NREGS; i++)
		memset(sp->regfile[i], 0, sp_regs[i].len);
	sp_regfile_init(sp);
	sp_sb_defaults(sp);
	mutex_unlock(&sp->lock);
	return 0;
}

static int sp_reload_up(struct devlink *devlink,
			enum devlink_reload_action action,
			enum devlink_reload_limit limit, u32 *actions_performed,
			struct netlink_ext_ack *extack)
{
	struct hsim_sp *sp = devlink_priv(devlink);
	int err;

	*actions_performed = BIT(DEVLINK_RELOAD_ACTION_DRIVER_REINIT);
	sp_init_sequence(sp);
	err = sp_ports_create(sp);
	if (err)
		sp_ports_destroy(sp);
	return err;
}

static const struct devlink_ops hsim_sp_devlink_ops = {
	.reload_actions = BIT(DEVLINK_RELOAD_ACTION_DRIVER_REINIT),
	.reload_down = sp_reload_down,
	.reload_up = sp_reload_up,
	.info_get = sp_info_get,
	.port_split = sp_port_split,
	.port_unsplit = sp_port_unsplit,
	.sb_pool_get = sp_sb_pool_get,
	.sb_pool_set = sp_sb_pool_set,
	.sb_port_pool_get = sp_sb_port_pool_get,
	.sb_port_pool_set = sp_sb_port_pool_set,
	.sb_tc_pool_bind_get = sp_sb_tc_pool_bind_get,
	.sb_tc_pool_bind_set = sp_sb_tc_pool_bind_set,
	.sb_occ_snapshot = sp_sb_occ_snapshot,
	.sb_occ_max_clear = sp_sb_occ_max_clear,
	.sb_occ_port_pool_get = sp_sb_occ_port_pool_get,
	.sb_occ_tc_port_bind_get = sp_sb_occ_tc_port_bind_get,
};

/* ---- probe / remove ---------------------------------------------------- */

static void sp_free(struct hsim_sp *sp)
{
	int i;

	for (i = 0; i < SP_NREGS; i++)
		kfree(sp->regfile[i]);
	kfree(sp->ports);
}

static void sp_regfile_init(struct hsim_sp *sp)
{
	u8 *mgir = sp->regfile[sp_reg_index(SP_REG_MGIR)];
	u8 *spad = sp->regfile[sp_reg_index(SP_REG_SPAD)];

	hwmsg_item_set(mgir, REG_MGIR_DEVICE_ID, 0xcb84);	/* Spectrum */
	hwmsg_item_set(mgir, REG_MGIR_STRING_TLV, 1);
	hwmsg_item_set(mgir, REG_MGIR_LATENCY_TLV, 1);
	hwmsg_item_set(mgir, REG_MGIR_FW_VER_MAJOR, 13);
	hwmsg_item_set(mgir, REG_MGIR_FW_VER_MINOR, 20);
	hwmsg_item_set(mgir, REG_MGIR_FW_VER_SUB_MINOR, 1);
	/* what devlink dev info shows (mlxsw_reg_mgir_unpack) */
	hwmsg_item_set(mgir, REG_MGIR_HW_REVISION, 0xa1);
	memcpy(mgir + REG_MGIR_PSID_OFF, "MT_2860111033", 13);	/* SN2700 */
	hwmsg_item_set(mgir, REG_MGIR_FW_MAJOR, 13);
	hwmsg_item_set(mgir, REG_MGIR_FW_MINOR, 2010);
	hwmsg_item_set(mgir, REG_MGIR_FW_SUB_MINOR, 1000);
	spad[0] = 0x00;
	spad[1] = 0x02;
	spad[2] = 0xc9;
	spad[3] = 0x00;
	spad[4] = (u8)sp->hdev->id;
	spad[5] = 0x00;
}

int hsim_spectrum_probe(struct hsim_dev *hdev)
{
	struct devlink *devlink;
	struct hsim_sp *sp;
	int err, i;

	devlink = devlink_alloc_ns(&hsim_sp_devlink_ops, sizeof(*sp),
				   hsim_dev_net(hdev), &hdev->dev);
	if (!devlink)
		return -ENOMEM;
	sp = devlink_priv(devlink);
	sp->hdev = hdev;
	sp->devlink = devlink;
	sp->rate = SP_DEFAULT_RATE;
	mutex_init(&sp->lock);
	INIT_DELAYED_WORK(&sp->poll_dw, sp_poll_work);
	mutex_init(&sp->irq_lock);
	init_completion(&sp->irq_done);
	timer_setup(&sp->irq_timer, sp_irq_timer_fn, 0);
	hrtimer_init(&sp->irq_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	sp->irq_hrtimer.function = sp_irq_hrtimer_fn;
	/* tid: upper 32 bits random per device, lower a counter */
	sp->tid = (u64)get_random_u32() << 32;

	err = -ENOMEM;
	sp->ports = kcalloc(hdev->port_count * SP_LANES, sizeof(*sp->ports),
			    GFP_KERNEL);
	if (!sp->ports)
		goto err_free;
	for (i = 0; i < SP_NREGS; i++) {
		sp->regfile[i] = kzalloc(sp_regs[i].len, GFP_KERNEL);
		if (!sp->regfile[i])
			goto err_free;
	}
	sp_regfile_init(sp);
	sp_sb_defaults(sp);
	hdev->drvdata = sp;

	/* as mlxsw: the firmware conversation starts before registration */
	sp_init_sequence(sp);
	devl_lock(devlink);
	err = devl_sb_register(devlink, 0, SP_SB_SIZE, SP_SB_POOLS_DIR,
			       SP_SB_POOLS_DIR, SP_SB_ING_TCS, SP_SB_EG_TCS);
	if (err) {
		devl_unlock(devlink);
		goto err_free;
	}
	err = sp_ports_create(sp);
	if (err) {
		sp_ports_destroy(sp);
		devl_sb_unregister(devlink, 0);
		devl_unlock(devlink);
		goto err_free;
	}
	devl_unlock(devlink);
	devlink_set_features(devlink, DEVLINK_F_RELOAD);
	devlink_register(devlink);
	sp_debugfs_init(sp);
	schedule_delayed_work(&sp->poll_dw, HZ / 10);
	return 0;

err_free:
	sp_free(sp);
	mutex_destroy(&sp->lock);
	devlink_free(devlink);
	hdev->drvdata = NULL;
	return err;
}

void hsim_spectrum_remove(struct hsim_dev *hdev)
{
	struct hsim_sp *sp = hdev->drvdata;
	struct devlink *devlink = sp->devlink;

	cancel_delayed_work_sync(&sp->poll_dw);
	/* debugfs is gone, so no burst is under way: belt and braces */
	del_timer_sync(&sp->irq_timer);
	hrtimer_cancel(&sp->irq_hrtimer);
	devlink_unregister(devlink);
	devl_lock(devlink);
	sp_ports_destroy(sp);
	devl_sb_unregister(devlink, 0);
	devl_unlock(devlink);
	sp_free(sp);
	mutex_destroy(&sp->lock);
	devlink_free(devlink);
	hdev->drvdata = NULL;
}
