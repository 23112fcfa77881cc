// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_sim_mlxsw: a simulated Spectrum-1 behind an mlxsw_bus, so that
 * Linux's own mlxsw_spectrum drives it. While this module is loaded,
 *   echo "ID spectrum N" > /sys/bus/hwmsg_sim/new_device
 * creates a switch with N modules that mlxsw_core probes through this bus
 * (as it probes a PCI device through mlxsw_pci): netdevs, devlink ports,
 * `devlink dev info`, every register access are the driver's. The bus is
 * the transport only; the firmware is sim_sp_fw.c.
 *
 * Register access goes by the command interface until mlxsw's EMAD is up,
 * then as EMAD frames through skb_transmit; the firmware answers them from
 * a work item (never inside the transmit call, as hardware answers later),
 * through mlxsw_core_skb_receive() with the ETHEMAD trap. mlxsw itself
 * fires devlink:devlink_hwmsg for both directions.
 *
 * debugfs (hwmsg_sim/hwmsg_simID/):
 *   inject_status  EMAD status of the next responses (0: ok; 1 busy and 9
 *                  receipt ack make mlxsw send the request again)
 *   inject_count   0: inject_status stays; N: the next N responses only
 *   inject_string  the firmware's text for a bad status (STRING TLV, when
 *                  the driver asked for one)
 *   drop_count     the next N EMAD responses are never sent (the driver
 *                  times out and retries)
 *   rate, burst, hardirq_burst: the load, see sim_mlxsw_load.c
 *   emads          EMAD requests answered so far
 *   unmodelled     registers answered from the store only: id name count
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/etherdevice.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "reg.h"
#include "txheader.h"
#include "trap.h"

#include "sim_mlxsw.h"
#include "sim_sp_fw.h"

#define HSIM_MLXSW_KIND		"mlxsw_spectrum"

/*
 * Linux 6.1's mlxsw_spectrum drives one Spectrum per kernel: its switchdev
 * notifier is one static object, registered again for a second ASIC
 * (-EEXIST, with a kernel warning). Refuse the second one here, saying so.
 */
static atomic_t hsim_mlxsw_devices = ATOMIC_INIT(0);

/* ---- EMAD: the firmware's answer ----------------------------------------- */

/* skb->cb of what waits in the queues: its trap, the port it came by */
struct hsim_event_cb {
	u16 trap_id;
	u16 local_port;
};

struct hsim_emad {
	u8 *op, *string, *reg;
	unsigned int reg_len;
};

static int hsim_emad_parse(u8 *frame, unsigned int len, struct hsim_emad *e)
{
	unsigned int off = HWMSG_EMAD_ETH_HDR_LEN;

	memset(e, 0, sizeof(*e));
	while (off + HWMSG_EMAD_TLV_HDR_LEN <= len) {
		u8 *tlv = frame + off;
		unsigned int tlen = hwmsg_item_get(tlv, HWMSG_EMAD_TLV_LEN) * 4;

		if (!tlen || off + tlen > len)
			return -EINVAL;
		switch (hwmsg_item_get(tlv, HWMSG_EMAD_TLV_TYPE)) {
		case HWMSG_EMAD_TLV_END:
			return e->op && e->reg ? 0 : -EINVAL;
		case HWMSG_EMAD_TLV_OP:
			e->op = tlv;
			break;
		case HWMSG_EMAD_TLV_STRING:
			e->string = tlv;
			break;
		case HWMSG_EMAD_TLV_REG:
			e->reg = tlv;
			e->reg_len = tlen - HWMSG_EMAD_TLV_HDR_LEN;
			break;
		}
		off += tlen;
	}
	return -EINVAL;
}

/* The status this response gets: the knob's, or the firmware's. */
static u8 hsim_injected(struct hsim_mlxsw *m, bool *drop, char *string)
{
	u8 status = 0;

	spin_lock_bh(&m->knob_lock);
	*drop = false;
	if (m->drop_count) {
		m->drop_count--;
		*drop = true;
	} else if (m->inject_status) {
		status = m->inject_status;
		memcpy(string, m->inject_string, HWMSG_EMAD_STRING_LEN);
		if (m->inject_count && !--m->inject_count)
			m->inject_status = 0;
	}
	m->emads++;
	spin_unlock_bh(&m->knob_lock);
	return status;
}

/*
 * The answer is a new frame: the request's data may be shared with the
 * driver's copy it sends again on a retry (skb_clone), as a device's DMA
 * reads and never writes it.
 */
static void hsim_emad_answer(struct hsim_mlxsw *m, struct sk_buff *tx_skb)
{
	struct sk_buff *skb;

	char string[HWMSG_EMAD_STRING_LEN];
	struct mlxsw_rx_info rx_info = {
		.u.sys_port = 0,
		.trap_id = MLXSW_TRAP_ID_ETHEMAD,
	};
	struct hsim_emad e;
	bool drop;
	u8 status;

	skb = alloc_skb(tx_skb->len - MLXSW_TXHDR_LEN, GFP_KERNEL);
	if (skb)
		skb_put_data(skb, tx_skb->data + MLXSW_TXHDR_LEN,
			     tx_skb->len - MLXSW_TXHDR_LEN);
	dev_consume_skb_any(tx_skb);	/* sent: the transmit completes */
	if (!skb)
		return;	/* as a lost answer: the driver times out */
	if (hsim_emad_parse(skb->data, skb->len, &e)) {
		dev_warn_ratelimited(&m->hdev->dev, "malformed EMAD dropped\n");
		goto free;
	}
	status = hsim_injected(m, &drop, string);
	if (drop)
		goto free;
	if (!status)
		status = hsim_fw_reg_access(m->fw,
				hwmsg_item_get(e.op, HWMSG_EMAD_OP_REGISTER_ID),
				hwmsg_item_get(e.op, HWMSG_EMAD_OP_METHOD),
				e.reg + HWMSG_EMAD_TLV_HDR_LEN, e.reg_len);
	else if (e.string)
		memcpy(e.string + HWMSG_EMAD_TLV_HDR_LEN, string,
		       HWMSG_EMAD_STRING_LEN);
	hwmsg_item_set(e.op, HWMSG_EMAD_OP_R, 1);
	hwmsg_item_set(e.op, HWMSG_EMAD_OP_STATUS, status);

	/* mlxsw's receive path runs in softirq context on a real bus */
	local_bh_disable();
	mlxsw_core_skb_receive(m->core, skb, &rx_info);
	local_bh_enable();
	return;
free:
	dev_kfree_skb(skb);
}


static void hsim_fw_event(void *ctx, u16 trap_id, u16 reg_id,
			  const u8 *payload, unsigned int len)
{
	static const u8 dmac[] = HWMSG_EMAD_DMAC, smac[] = HWMSG_EMAD_SMAC;
	unsigned int op_len = HWMSG_EMAD_OP_TLV_WORDS * 4;
	struct hsim_mlxsw *m = ctx;
	struct sk_buff *skb;
	u8 *f, *op, *reg;

	skb = alloc_skb(HWMSG_EMAD_ETH_HDR_LEN + op_len +
			HWMSG_EMAD_TLV_HDR_LEN + len + 4, GFP_KERNEL);
	if (!skb)
		return;
	f = skb_put_zero(skb, HWMSG_EMAD_ETH_HDR_LEN + op_len +
			 HWMSG_EMAD_TLV_HDR_LEN + len + 4);
	/* as the firmware sends it: from the device to the driver */
	memcpy(f, smac, ETH_ALEN);
	memcpy(f + ETH_ALEN, dmac, ETH_ALEN);
	hwmsg_put_be16(f + HWMSG_EMAD_ETH_ETHERTYPE_OFF, HWMSG_EMAD_ETHERTYPE);
	op = f + HWMSG_EMAD_ETH_HDR_LEN;
	hwmsg_item_set(op, HWMSG_EMAD_TLV_TYPE, HWMSG_EMAD_TLV_OP);
	hwmsg_item_set(op, HWMSG_EMAD_TLV_LEN, HWMSG_EMAD_OP_TLV_WORDS);
	hwmsg_item_set(op, HWMSG_EMAD_OP_REGISTER_ID, reg_id);
	hwmsg_item_set(op, HWMSG_EMAD_OP_METHOD, HWMSG_EMAD_METHOD_EVENT);
	hwmsg_item_set(op, HWMSG_EMAD_OP_CLASS, 1);	/* register access */
	reg = op + op_len;
	hwmsg_item_set(reg, HWMSG_EMAD_TLV_TYPE, HWMSG_EMAD_TLV_REG);
	hwmsg_item_set(reg, HWMSG_EMAD_TLV_LEN, HWMSG_EMAD_REG_TLV_WORDS(len));
	memcpy(reg + HWMSG_EMAD_TLV_HDR_LEN, payload, len);
	/* the END TLV: type 0, one word */
	hwmsg_item_set(reg + HWMSG_EMAD_TLV_HDR_LEN + len, HWMSG_EMAD_TLV_LEN,
		       HWMSG_EMAD_END_TLV_WORDS);
	((struct hsim_event_cb *)skb->cb)->trap_id = trap_id;
	skb_queue_tail(&m->event_q, skb);
	queue_work(m->wq, &m->emad_work);
}

static void hsim_event_send(struct hsim_mlxsw *m, struct sk_buff *skb)
{
	struct hsim_event_cb *cb = (struct hsim_event_cb *)skb->cb;
	struct mlxsw_rx_info rx_info = {
		.u.sys_port = cb->local_port,
		.trap_id = cb->trap_id,
	};

	local_bh_disable();
	mlxsw_core_skb_receive(m->core, skb, &rx_info);
	local_bh_enable();
}

/* A port's frame: to the cabled peer port, trapped to the CPU or gone. */
static void hsim_wire(struct hsim_mlxsw *m, struct sk_buff *skb)
{
	struct hsim_event_cb *cb = (struct hsim_event_cb *)skb->cb;
	u16 peer, trap_id;

	skb_pull(skb, MLXSW_TXHDR_LEN);
	peer = hsim_fw_wire(m->fw, cb->local_port, skb->data, skb->len,
			    &trap_id);
	if (!peer) {
		dev_consume_skb_any(skb);
		return;
	}
	cb->trap_id = trap_id;
	cb->local_port = peer;
	hsim_event_send(m, skb);
}

/* Answers first, then the events they raised, in order. */
static void hsim_emad_work(struct work_struct *work)
{
	struct hsim_mlxsw *m = container_of(work, struct hsim_mlxsw, emad_work);
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&m->emad_q))) {
		if (((struct hsim_event_cb *)skb->cb)->trap_id ==
		    MLXSW_TRAP_ID_ETHEMAD)
			hsim_emad_answer(m, skb);
		else
			hsim_wire(m, skb);
		while ((skb = skb_dequeue(&m->event_q)))
			hsim_event_send(m, skb);
	}
	while ((skb = skb_dequeue(&m->event_q)))
		hsim_event_send(m, skb);
}

/* ---- the bus --------------------------------------------------------------- */

static int hsim_bus_init(void *bus_priv, struct mlxsw_core *core,
			 const struct mlxsw_config_profile *profile,
			 struct mlxsw_res *res)
{
	struct hsim_mlxsw *m = bus_priv;
	char mrsr_pl[MLXSW_REG_MRSR_LEN];
	u64 single, dbl, linear;
	char *mbox;
	int err;

	m->core = core;
	/* as mlxsw_pci does: the device starts from its defaults, reload too */
	mlxsw_reg_mrsr_pack(mrsr_pl);
	err = mlxsw_reg_write(core, MLXSW_REG(mrsr), mrsr_pl);
	if (err)
		return err;
	mbox = mlxsw_cmd_mbox_alloc();
	if (!mbox)
		return -ENOMEM;
	err = mlxsw_cmd_query_fw(core, mbox);
	if (err)
		goto out;
	m->bus_info.fw_rev.major = mlxsw_cmd_mbox_query_fw_fw_rev_major_get(mbox);
	m->bus_info.fw_rev.minor = mlxsw_cmd_mbox_query_fw_fw_rev_minor_get(mbox);
	m->bus_info.fw_rev.subminor =
		mlxsw_cmd_mbox_query_fw_fw_rev_subminor_get(mbox);
	err = mlxsw_core_resources_query(core, mbox, res);
	if (err)
		goto out;
	/* the KVD split the driver asks for, told to the firmware */
	if (profile->used_kvd_sizes && MLXSW_RES_VALID(res, KVD_SIZE)) {
		err = mlxsw_core_kvd_sizes_get(core, profile, &single, &dbl,
					       &linear);
		if (err)
			goto out;
		MLXSW_RES_SET(res, KVD_SINGLE_SIZE, single);
		MLXSW_RES_SET(res, KVD_DOUBLE_SIZE, dbl);
		MLXSW_RES_SET(res, KVD_LINEAR_SIZE, linear);
	}
	mlxsw_cmd_mbox_zero(mbox);
	err = mlxsw_cmd_config_profile_set(core, mbox);
	if (!err)
		hsim_load_start(m);	/* a reload: as it was before */
out:
	mlxsw_cmd_mbox_free(mbox);
	return err;
}

static void hsim_bus_fini(void *bus_priv)
{
	struct hsim_mlxsw *m = bus_priv;

	hsim_load_stop(m);
	/* nothing in flight: the driver waited for its transactions */
	flush_work(&m->emad_work);
	skb_queue_purge(&m->emad_q);
	skb_queue_purge(&m->event_q);
}

static bool hsim_bus_skb_transmit_busy(void *bus_priv,
				       const struct mlxsw_tx_info *tx_info)
{
	return false;
}

static int hsim_bus_skb_transmit(void *bus_priv, struct sk_buff *skb,
				 const struct mlxsw_tx_info *tx_info)
{
	struct hsim_mlxsw *m = bus_priv;

	if (skb->len < MLXSW_TXHDR_LEN) {
		dev_kfree_skb_any(skb);
		return 0;
	}
	((struct hsim_event_cb *)skb->cb)->trap_id =
		tx_info->is_emad ? MLXSW_TRAP_ID_ETHEMAD : 0;
	((struct hsim_event_cb *)skb->cb)->local_port = tx_info->local_port;
	skb_queue_tail(&m->emad_q, skb);
	queue_work(m->wq, &m->emad_work);
	return 0;
}

static int hsim_bus_cmd_exec(void *bus_priv, u16 opcode, u8 opcode_mod,
			     u32 in_mod, bool out_mbox_direct, char *in_mbox,
			     size_t in_mbox_size, char *out_mbox,
			     size_t out_mbox_size, u8 *p_status)
{
	struct hsim_mlxsw *m = bus_priv;

	return hsim_fw_cmd(m->fw, opcode, opcode_mod, in_mod, in_mbox,
			   in_mbox_size, out_mbox, out_mbox_size, p_status);
}

/* The free-running clock (PTP on Spectrum-1): nanoseconds since probe. */
static u64 hsim_frc(struct hsim_mlxsw *m)
{
	return ktime_to_ns(ktime_sub(ktime_get(), m->start));
}

static u32 hsim_bus_read_frc_h(void *bus_priv)
{
	return hsim_frc(bus_priv) >> 32;
}

static u32 hsim_bus_read_frc_l(void *bus_priv)
{
	return (u32)hsim_frc(bus_priv);
}

static u32 hsim_bus_read_utc_sec(void *bus_priv)
{
	return (u32)ktime_get_real_seconds();
}

static u32 hsim_bus_read_utc_nsec(void *bus_priv)
{
	struct timespec64 ts;

	ktime_get_real_ts64(&ts);
	return ts.tv_nsec;
}

static const struct mlxsw_bus hsim_mlxsw_bus = {
	.kind			= "hwmsg_sim",
	.init			= hsim_bus_init,
	.fini			= hsim_bus_fini,
	.skb_transmit_busy	= hsim_bus_skb_transmit_busy,
	.skb_transmit		= hsim_bus_skb_transmit,
	.cmd_exec		= hsim_bus_cmd_exec,
	.read_frc_h		= hsim_bus_read_frc_h,
	.read_frc_l		= hsim_bus_read_frc_l,
	.read_utc_sec		= hsim_bus_read_utc_sec,
	.read_utc_nsec		= hsim_bus_read_utc_nsec,
	.features		= MLXSW_BUS_F_TXRX | MLXSW_BUS_F_RESET,
};

/* ---- debugfs knobs --------------------------------------------------------- */

static ssize_t hsim_string_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct hsim_mlxsw *m = file->private_data;
	char buf[HWMSG_EMAD_STRING_LEN] = {};
	size_t n = min_t(size_t, count, sizeof(buf) - 1);

	if (copy_from_user(buf, ubuf, n))
		return -EFAULT;
	strim(buf);
	spin_lock_bh(&m->knob_lock);
	memcpy(m->inject_string, buf, sizeof(buf));
	spin_unlock_bh(&m->knob_lock);
	return count;
}

/* An EMAD status is 7 bits: more is refused rather than cut. */
static int hsim_status_get(void *data, u64 *val)
{
	struct hsim_mlxsw *m = data;

	*val = READ_ONCE(m->inject_status);
	return 0;
}

static int hsim_status_set(void *data, u64 val)
{
	struct hsim_mlxsw *m = data;

	if (val > 0x7f)
		return -EINVAL;
	spin_lock_bh(&m->knob_lock);
	m->inject_status = val;
	spin_unlock_bh(&m->knob_lock);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(hsim_status_fops, hsim_status_get, hsim_status_set,
			 "%llu\n");

static const struct file_operations hsim_string_fops = {
	.open = simple_open,
	.write = hsim_string_write,
	.llseek = noop_llseek,
};

static void hsim_debugfs_init(struct hsim_mlxsw *m)
{
	struct dentry *dir = m->hdev->ddir;

	debugfs_create_file_unsafe("inject_status", 0600, dir, m,
				   &hsim_status_fops);
	debugfs_create_u32("inject_count", 0600, dir, &m->inject_count);
	debugfs_create_u32("drop_count", 0600, dir, &m->drop_count);
	debugfs_create_file("inject_string", 0200, dir, m, &hsim_string_fops);
	debugfs_create_u64("emads", 0400, dir, &m->emads);
	hsim_fw_debugfs_init(m->fw, dir);
	hsim_load_debugfs_init(m, dir);
}

/* ---- the device ------------------------------------------------------------ */

static int hsim_mlxsw_probe(struct hsim_dev *hdev)
{
	struct hsim_mlxsw *m;
	int err;

	if (atomic_inc_return(&hsim_mlxsw_devices) > 1) {
		atomic_dec(&hsim_mlxsw_devices);
		dev_err(&hdev->dev, "Linux 6.1's mlxsw_spectrum drives one Spectrum per kernel: remove the other one first\n");
		return -EBUSY;
	}
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		atomic_dec(&hsim_mlxsw_devices);
		return -ENOMEM;
	}
	m->hdev = hdev;
	m->start = ktime_get();
	spin_lock_init(&m->knob_lock);
	skb_queue_head_init(&m->emad_q);
	skb_queue_head_init(&m->event_q);
	INIT_WORK(&m->emad_work, hsim_emad_work);
	hsim_load_init(m);
	err = -ENOMEM;
	m->wq = alloc_ordered_workqueue("hwmsg_sim%u_fw", 0, hdev->id);
	if (!m->wq)
		goto err_free;
	m->fw = hsim_fw_create(hdev->port_count, hdev->id, hsim_fw_event, m);
	if (!m->fw)
		goto err_wq;
	m->bus_info.device_kind = HSIM_MLXSW_KIND;
	m->bus_info.device_name = dev_name(&hdev->dev);
	m->bus_info.dev = &hdev->dev;
	hdev->drvdata = m;
	hsim_debugfs_init(m);

	err = mlxsw_core_bus_device_register(&m->bus_info, &hsim_mlxsw_bus, m,
					     false, NULL, NULL);
	if (err) {
		dev_err(&hdev->dev, "mlxsw did not take the device: %d\n", err);
		goto err_fw;
	}
	return 0;

err_fw:
	hsim_fw_destroy(m->fw);
err_wq:
	destroy_workqueue(m->wq);
err_free:
	kfree(m);
	atomic_dec(&hsim_mlxsw_devices);
	return err;
}

static void hsim_mlxsw_remove(struct hsim_dev *hdev)
{
	struct hsim_mlxsw *m = hdev->drvdata;

	/*
	 * A device going away answers again: the driver may be waiting on a
	 * lost answer with rtnl held, which its unregistration needs.
	 */
	spin_lock_bh(&m->knob_lock);
	m->drop_count = 0;
	spin_unlock_bh(&m->knob_lock);
	hsim_load_stop(m);
	mlxsw_core_bus_device_unregister(m->core, false);
	destroy_workqueue(m->wq);
	skb_queue_purge(&m->emad_q);
	skb_queue_purge(&m->event_q);
	hsim_fw_destroy(m->fw);
	kfree(m);
	atomic_dec(&hsim_mlxsw_devices);
}

/* Bound as "mlxsw_spectrum", the name the tracepoint records for a switch. */
static struct hsim_driver hsim_mlxsw_driver = {
	.drv.name = HSIM_MLXSW_KIND,
	.kind = HSIM_KIND_SPECTRUM,
	.probe = hsim_mlxsw_probe,
	.remove = hsim_mlxsw_remove,
};

static int __init hsim_mlxsw_init(void)
{
	/* the driver of the kind mlxsw_core looks up by device_kind */
	request_module(HSIM_MLXSW_KIND);
	return hsim_driver_register(&hsim_mlxsw_driver, THIS_MODULE);
}

static void __exit hsim_mlxsw_exit(void)
{
	hsim_driver_unregister(&hsim_mlxsw_driver);
}

module_init(hsim_mlxsw_init);
module_exit(hsim_mlxsw_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("hwmsg developers");
MODULE_DESCRIPTION("Simulated Spectrum-1 on an mlxsw bus, for Linux's mlxsw_spectrum");
MODULE_SOFTDEP("pre: mlxsw_spectrum");
