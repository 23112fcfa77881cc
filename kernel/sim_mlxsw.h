/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsg_sim_mlxsw's device: the bus (sim_mlxsw.c), the firmware
 * (sim_sp_fw.c) and the load it drives through mlxsw (sim_mlxsw_load.c).
 */
#ifndef _HWMSG_SIM_MLXSW_H_
#define _HWMSG_SIM_MLXSW_H_

#include <linux/hrtimer.h>
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/skbuff.h>
#include <linux/workqueue.h>

#include "core.h"
#include "hwmsg/wire.h"
#include "sim.h"

struct hsim_fw;

/* The load: register queries through the driver's core, at a rate. */
struct hsim_load {
	struct delayed_work poll_dw;
	u32 rate;			/* messages/s, 2 a transaction; 0: off */
	u32 rate_seen;
	u64 base_ns, done;		/* messages since base_ns */
	bool stopped;			/* the core is going: no more queries */
	/* hardirq_burst: the bridge's refusal of interrupt-context callers */
	struct mutex irq_lock;
	struct hrtimer irq_hrtimer;
	struct completion irq_done;
	unsigned int irq_n;
	u32 irq_tid;
	u8 irq_frame[128];
};

struct hsim_mlxsw {
	struct hsim_dev *hdev;
	struct mlxsw_core *core;
	struct mlxsw_bus_info bus_info;
	struct hsim_fw *fw;
	struct sk_buff_head emad_q;	/* requests the firmware has yet to answer */
	struct sk_buff_head event_q;	/* events the firmware raised, to send */
	struct work_struct emad_work;
	struct workqueue_struct *wq;
	ktime_t start;			/* the free-running clock's zero */
	spinlock_t knob_lock;		/* the injection knobs */
	u32 inject_status;
	u32 inject_count;
	u32 drop_count;
	char inject_string[HWMSG_EMAD_STRING_LEN];
	u64 emads;
	struct hsim_load load;
};

void hsim_load_init(struct hsim_mlxsw *m);
void hsim_load_debugfs_init(struct hsim_mlxsw *m, struct dentry *dir);
/* The driver is up (after probe or reload): a set rate runs again. */
void hsim_load_start(struct hsim_mlxsw *m);
/* The core goes (removal, reload): queries stop, none is under way. */
void hsim_load_stop(struct hsim_mlxsw *m);

#endif
