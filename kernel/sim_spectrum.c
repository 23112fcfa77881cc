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
 * come from a register file: a write stores, a query returns what is stored.
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
};

struct sp_reg_desc {
	u16 id;
	u16 len;
	bool per_port;	/* local_port at 0x00.16/8 */
};

static const struct sp_reg_desc sp_regs[] = {
	{ SP_REG_SGCR, REG_SGCR_LEN, false },
	{ SP_REG_SPAD, REG_SPAD_LEN, false },
	{ SP_REG_SFN, REG_SFN_LEN, false },
	{ SP_REG_PMLP, REG_PMLP_LEN, true },
	{ SP_REG_PMTU, REG_PMTU_LEN, true },
	{ SP_REG_PTYS, REG_PTYS_LEN, true },
	{ SP_REG_PAOS, REG_PAOS_LEN, true },
	{ SP_REG_HTGT, REG_HTGT_LEN, false },
	{ SP_REG_HPKT, REG_HPKT_LEN, false },
	{ SP_REG_RGCR, REG_RGCR_LEN, false },
	{ SP_REG_MTMP, REG_MTMP_LEN, false },
	{ SP_REG_MGIR, REG_MGIR_LEN, false },
};

#define SP_NREGS ARRAY_SIZE(sp_regs)
#define SP_REG_MAXLEN REG_SFN_LEN	/* the longest: 64 records */

struct sp_port {
	struct devlink_port dl_port;
	struct net_device *netdev;
};

struct hsim_sp {
	struct hsim_dev *hdev;
	struct devlink *devlink;
	struct sp_port *ports;
	unsigned int nports_up;

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

static int sp_reload_down(struct devlink *devlink, bool netns_change,
			  enum devlink_reload_action action,
			  enum devlink_reload_limit limit,
			  struct netlink_ext_ack *extack);
static int sp_reload_up(struct devlink *devlink,
			enum devlink_reload_action action,
			enum devlink_reload_limit limit, u32 *actions_performed,
			struct netlink_ext_ack *extack);

/*
 * Reload (driver reinit) recreates the ports in the instance's netns: what
 * devlink does to move the device to init_net when its netns goes away.
 */
static const struct devlink_ops hsim_sp_devlink_ops = {
	.reload_actions = BIT(DEVLINK_RELOAD_ACTION_DRIVER_REINIT),
	.reload_down = sp_reload_down,
	.reload_up = sp_reload_up,
};

static int sp_reg_index(u16 id)
{
	int i;

	for (i = 0; i < SP_NREGS; i++)
		if (sp_regs[i].id == id)
			return i;
	return -1;
}

static void sp_emit(struct hsim_sp *sp, bool incoming, size_t len)
{
	/* what mlxsw does in mlxsw_emad_transmit() and its rx path */
	trace_devlink_hwmsg(sp->devlink, incoming, 0, sp->frame, len);
}

/* Fields a real switch would report, on top of what the file holds. */
static void sp_reg_synth(struct hsim_sp *sp, u16 reg_id, u8 *resp)
{
	unsigned int lp = hwmsg_item_get(resp, REG_LOCAL_PORT), i;

	switch (reg_id) {
	case SP_REG_MTMP:	/* temperature, 1/8 C: about 40 C */
		hwmsg_item_set(resp, REG_MTMP_TEMPERATURE,
			       320 + get_random_u32_below(16));
		hwmsg_item_set(resp, REG_MTMP_MAX_TEMP, 360);
		break;
	case SP_REG_PMLP:	/* 4 lanes of module lp - 1 */
		hwmsg_item_set(resp, REG_PMLP_WIDTH, 4);
		for (i = 0; i < 4; i++) {
			hwmsg_item_set(resp, REG_PMLP_LANE_OFF(i),
				       REG_PMLP_MODULE_SHIFT, lp - 1);
			hwmsg_item_set(resp, REG_PMLP_LANE_OFF(i),
				       REG_PMLP_TX_LANE_SHIFT, i);
			hwmsg_item_set(resp, REG_PMLP_LANE_OFF(i),
				       REG_PMLP_RX_LANE_SHIFT, i);
		}
		break;
	case SP_REG_PTYS:	/* 100G capable, running 100G */
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_CAP, PTYS_100GBASE_CR4);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_ADMIN, PTYS_100GBASE_CR4);
		hwmsg_item_set(resp, REG_PTYS_ETH_PROTO_OPER, PTYS_100GBASE_CR4);
		break;
	case SP_REG_PAOS:	/* oper_status follows admin_status */
		hwmsg_item_set(resp, REG_PAOS_OPER_STATUS,
			       hwmsg_item_get(resp, REG_PAOS_ADMIN_STATUS));
		break;
	case SP_REG_PMTU:	/* max_mtu */
		hwmsg_item_set(resp, REG_PMTU_MAX_MTU, 10000);
		break;
	}
	(void)sp;
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
			memcpy(resp, sp->regfile[ri], rd->len);
			if (rd->per_port)
				hwmsg_item_set(resp, REG_LOCAL_PORT,
					       hwmsg_item_get(data, REG_LOCAL_PORT));
			sp_reg_synth(sp, reg_id, resp);
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

static void sp_port_reg(u8 *data, size_t len, unsigned int local_port)
{
	memset(data, 0, len);
	hwmsg_item_set(data, REG_LOCAL_PORT, local_port);
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
		sp_port_reg(data, SP_REG_MAXLEN, p);
		sp_transact(sp, SP_REG_PMLP, HWMSG_EMAD_METHOD_QUERY, data);
		sp_port_reg(data, SP_REG_MAXLEN, p);
		hwmsg_item_set(data, REG_PMTU_ADMIN_MTU, 9216);
		sp_transact(sp, SP_REG_PMTU, HWMSG_EMAD_METHOD_WRITE, data);
		sp_port_reg(data, SP_REG_MAXLEN, p);
		hwmsg_item_set(data, REG_PTYS_PROTO_MASK, PTYS_PROTO_ETH);
		sp_transact(sp, SP_REG_PTYS, HWMSG_EMAD_METHOD_QUERY, data);
		sp_port_reg(data, SP_REG_MAXLEN, p);
		hwmsg_item_set(data, REG_PAOS_ADMIN_STATUS, PAOS_UP);
		hwmsg_item_set(data, REG_PAOS_ASE, 1);
		sp_transact(sp, SP_REG_PAOS, HWMSG_EMAD_METHOD_WRITE, data);
	}
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

/* ---- probe / remove ---------------------------------------------------- */

/* Caller holds the devlink instance lock. */
static int sp_ports_create(struct hsim_sp *sp)
{
	struct devlink_port_attrs attrs = {
		.flavour = DEVLINK_PORT_FLAVOUR_PHYSICAL,
	};
	struct net *net = devlink_net(sp->devlink);
	struct sp_port *port;
	int err;

	for (; sp->nports_up < sp->hdev->port_count; sp->nports_up++) {
		port = &sp->ports[sp->nports_up];
		memset(&port->dl_port, 0, sizeof(port->dl_port));
		attrs.phys.port_number = sp->nports_up + 1;
		devlink_port_attrs_set(&port->dl_port, &attrs);
		err = devl_port_register(sp->devlink, &port->dl_port,
					 sp->nports_up);
		if (err)
			return err;
		port->netdev = hsim_netdev_create(sp->hdev, net,
						  sp->nports_up);
		if (IS_ERR(port->netdev)) {
			err = PTR_ERR(port->netdev);
			devl_port_unregister(&port->dl_port);
			return err;
		}
		devlink_port_type_eth_set(&port->dl_port, port->netdev);
	}
	return 0;
}

/* Caller holds the devlink instance lock. */
static void sp_ports_destroy(struct hsim_sp *sp)
{
	struct sp_port *port;

	while (sp->nports_up) {
		port = &sp->ports[--sp->nports_up];
		devlink_port_type_clear(&port->dl_port);
		hsim_netdev_destroy(port->netdev);
		devl_port_unregister(&port->dl_port);
	}
}

static int sp_reload_down(struct devlink *devlink, bool netns_change,
			  enum devlink_reload_action action,
			  enum devlink_reload_limit limit,
			  struct netlink_ext_ack *extack)
{
	sp_ports_destroy(devlink_priv(devlink));
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
	err = sp_ports_create(sp);
	if (err)
		sp_ports_destroy(sp);
	return err;
}

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
	sp->ports = kcalloc(hdev->port_count, sizeof(*sp->ports), GFP_KERNEL);
	if (!sp->ports)
		goto err_free;
	for (i = 0; i < SP_NREGS; i++) {
		sp->regfile[i] = kzalloc(sp_regs[i].len, GFP_KERNEL);
		if (!sp->regfile[i])
			goto err_free;
	}
	sp_regfile_init(sp);
	hdev->drvdata = sp;

	/* as mlxsw: the firmware conversation starts before registration */
	sp_init_sequence(sp);
	devl_lock(devlink);
	err = sp_ports_create(sp);
	if (err) {
		sp_ports_destroy(sp);
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
	devl_unlock(devlink);
	sp_free(sp);
	mutex_destroy(&sp->lock);
	devlink_free(devlink);
	hdev->drvdata = NULL;
}
