// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The load of hwmsg_sim_mlxsw: register traffic made by Linux's mlxsw
 * itself. Every query goes through the driver's core (mlxsw_reg_query(),
 * as its own pollers do), so what a capture sees is the driver's EMAD:
 * its tids, its retries, its tracepoint calls.
 *
 * debugfs (hwmsg_sim/hwmsg_simID/):
 *   rate           messages per second (a transaction is two), 0: off;
 *                  as fast as the driver goes when set above that
 *   burst          write N: N queries now, one after the other; a signal
 *                  or the device's removal stops it
 *   hardirq_burst  write N: N MTMP query requests reported on the
 *                  tracepoint from an hrtimer. No driver does this (mlxsw
 *                  reports from process and softirq context): it tests
 *                  that the devlink_hwmsg bridge refuses such callers.
 *
 * The queries are of MGIR (general information, what `devlink dev info`
 * reads): harmless, and a register the driver never polls by itself, so
 * that a test counts the load's transactions exactly among the driver's
 * own background traffic (SFN, RAUHTD, MTMP pollers).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/sched/signal.h>
#include <trace/events/devlink.h>

#include "reg.h"
#include "sim_mlxsw.h"

#define HSIM_LOAD_BATCH		20000	/* messages per poller run */
#define HSIM_RATE_MAX		1000000	/* messages/s */
#define HSIM_IRQ_BURST_MAX	10000

/* One transaction of the driver: two messages. */
static int hsim_load_query(struct hsim_mlxsw *m)
{
	char mgir_pl[MLXSW_REG_MGIR_LEN];

	mlxsw_reg_mgir_pack(mgir_pl);
	return mlxsw_reg_query(m->core, MLXSW_REG(mgir), mgir_pl);
}

static void hsim_load_poll(struct work_struct *work)
{
	struct hsim_load *l = container_of(to_delayed_work(work),
					   struct hsim_load, poll_dw);
	struct hsim_mlxsw *m = container_of(l, struct hsim_mlxsw, load);
	u32 rate = READ_ONCE(l->rate);
	u64 now = ktime_get_ns(), target;
	unsigned int budget = HSIM_LOAD_BATCH;

	if (!rate || READ_ONCE(l->stopped)) {
		l->rate_seen = 0;
		return;		/* a write to rate starts it again */
	}
	if (rate != l->rate_seen) {
		l->rate_seen = rate;
		l->base_ns = now;
		l->done = 0;
	}
	/* 64 x 32 bits through a 128-bit product: no overflow */
	target = mul_u64_u32_div(now - l->base_ns, rate, NSEC_PER_SEC);
	while (l->done < target && budget && !READ_ONCE(l->stopped)) {
		if (hsim_load_query(m))
			break;	/* the driver said why in dmesg */
		l->done += 2;
		budget = budget > 2 ? budget - 2 : 0;
	}
	/*
	 * Behind by more than a batch: no debt. Caught up after a second:
	 * from now again, so that the numbers stay small.
	 */
	if (target > l->done + HSIM_LOAD_BATCH ||
	    (l->done >= target && now - l->base_ns > NSEC_PER_SEC)) {
		l->base_ns = now;
		l->done = 0;
	}
	queue_delayed_work(system_unbound_wq, &l->poll_dw,
			   rate >= 2 * HZ ? 1 : max_t(unsigned long, 1,
						      2 * HZ / rate));
}

static int hsim_rate_get(void *data, u64 *val)
{
	struct hsim_mlxsw *m = data;

	*val = READ_ONCE(m->load.rate);
	return 0;
}

static int hsim_rate_set(void *data, u64 val)
{
	struct hsim_mlxsw *m = data;

	if (val > HSIM_RATE_MAX)
		return -EINVAL;
	WRITE_ONCE(m->load.rate, val);
	if (val && !READ_ONCE(m->load.stopped))
		queue_delayed_work(system_unbound_wq, &m->load.poll_dw, 0);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(hsim_rate_fops, hsim_rate_get, hsim_rate_set,
			 "%llu\n");

static ssize_t hsim_burst_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct hsim_mlxsw *m = file->private_data;
	unsigned int n, i;
	int err;

	err = kstrtouint_from_user(ubuf, count, 0, &n);
	if (err)
		return err;
	if (!READ_ONCE(m->core))
		return -ENODEV;	/* the driver has not taken the device yet */
	for (i = 0; i < n; i++) {
		if (READ_ONCE(m->hdev->dying))
			return -ENODEV;
		if (signal_pending(current))
			return -EINTR;
		err = hsim_load_query(m);
		if (err)
			return err;
		cond_resched();
	}
	return count;
}

static const struct file_operations hsim_burst_fops = {
	.open = simple_open,
	.write = hsim_burst_write,
	.llseek = noop_llseek,
};

static enum hrtimer_restart hsim_irq_fn(struct hrtimer *t)
{
	struct hsim_load *l = container_of(t, struct hsim_load, irq_hrtimer);
	struct hsim_mlxsw *m = container_of(l, struct hsim_mlxsw, load);
	struct hwmsg_emad_op op = {
		.reg_id = MLXSW_REG_MTMP_ID,
		.method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS,
	};
	u8 data[MLXSW_REG_MTMP_LEN] = {};
	unsigned int i;
	size_t len;

	for (i = 0; i < l->irq_n; i++) {
		/* tids of their own range: never the driver's */
		op.tid = (u64)0xffff0000u << 32 | l->irq_tid++;
		len = hwmsg_emad_build(l->irq_frame, sizeof(l->irq_frame), &op,
				       NULL, data, sizeof(data));
		trace_devlink_hwmsg(priv_to_devlink(m->core), false, 0,
				    l->irq_frame, len);
	}
	complete(&l->irq_done);
	return HRTIMER_NORESTART;
}

static ssize_t hsim_hardirq_burst_write(struct file *file,
					const char __user *ubuf, size_t count,
					loff_t *ppos)
{
	struct hsim_mlxsw *m = file->private_data;
	struct hsim_load *l = &m->load;
	unsigned int n;
	int err;

	err = kstrtouint_from_user(ubuf, count, 0, &n);
	if (err)
		return err;
	if (n > HSIM_IRQ_BURST_MAX)
		return -ERANGE;
	if (!READ_ONCE(m->core))
		return -ENODEV;	/* before the bus has a core: no devlink */
	mutex_lock(&l->irq_lock);
	l->irq_n = n;
	reinit_completion(&l->irq_done);
	hrtimer_start(&l->irq_hrtimer, ns_to_ktime(NSEC_PER_MSEC),
		      HRTIMER_MODE_REL_HARD);
	/* the timer fires within a millisecond: no need to be interruptible */
	wait_for_completion(&l->irq_done);
	mutex_unlock(&l->irq_lock);
	return count;
}

static const struct file_operations hsim_hardirq_burst_fops = {
	.open = simple_open,
	.write = hsim_hardirq_burst_write,
	.llseek = noop_llseek,
};

void hsim_load_init(struct hsim_mlxsw *m)
{
	struct hsim_load *l = &m->load;

	INIT_DELAYED_WORK(&l->poll_dw, hsim_load_poll);
	mutex_init(&l->irq_lock);
	init_completion(&l->irq_done);
	hrtimer_init(&l->irq_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	l->irq_hrtimer.function = hsim_irq_fn;
	l->stopped = true;
}

void hsim_load_debugfs_init(struct hsim_mlxsw *m, struct dentry *dir)
{
	debugfs_create_file_unsafe("rate", 0600, dir, m, &hsim_rate_fops);
	debugfs_create_file("burst", 0200, dir, m, &hsim_burst_fops);
	debugfs_create_file("hardirq_burst", 0200, dir, m,
			    &hsim_hardirq_burst_fops);
}

void hsim_load_start(struct hsim_mlxsw *m)
{
	WRITE_ONCE(m->load.stopped, false);
	if (READ_ONCE(m->load.rate))
		queue_delayed_work(system_unbound_wq, &m->load.poll_dw, 0);
}

void hsim_load_stop(struct hsim_mlxsw *m)
{
	WRITE_ONCE(m->load.stopped, true);
	cancel_delayed_work_sync(&m->load.poll_dw);
}
