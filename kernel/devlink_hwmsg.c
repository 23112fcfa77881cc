// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * devlink_hwmsg: announce every message a driver exchanges with its
 * hardware on the generic-netlink family "devlink_hwmsg", group "hwmsg".
 *
 * Two sources feed the group, and a message comes from exactly one of them:
 *  - a probe on the tracepoint devlink:devlink_hwmsg, which mlxsw and nfp
 *    fire on stock kernels (the message type is the tracepoint's "type");
 *  - devlink_hwmsg_notify(), for drivers with other message types.
 *
 * Every message carries a sequence number that is consecutive per network
 * namespace, so a listener sees any loss (socket overrun, allocation
 * failure, a caller in hardirq context) as a gap; messages go out in SEQ
 * order. Joining the group needs CAP_NET_ADMIN.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/tracepoint.h>
#include <net/devlink.h>
#include <net/genetlink.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>
#include <trace/events/devlink.h>

#include "hwmsg/wire.h"
#include "uapi/linux/devlink_hwmsg.h"
#include "devlink_hwmsg.h"

static unsigned int max_payload = DEVLINK_HWMSG_PAYLOAD_MAX;
module_param(max_payload, uint, 0644);
MODULE_PARM_DESC(max_payload,
		 "Longest payload sent whole; longer ones are cut (ORIG_LEN set)");

static bool bridge_tracepoint = true;
module_param(bridge_tracepoint, bool, 0444);
MODULE_PARM_DESC(bridge_tracepoint,
		 "Forward the tracepoint devlink:devlink_hwmsg to the group");

/*
 * Tests: debugfs devlink_hwmsg/fail_alloc N fails the next N message
 * allocations, counted as nomem (Debian's kernels have no failslab).
 */
static atomic_t dlhw_fail_alloc = ATOMIC_INIT(0);
static struct dentry *dlhw_debugfs;

/*
 * SEQ order on the wire: a number is taken and its message multicast under
 * dn->lock, held with bottom halves off but interrupts on. The multicast may
 * pass a packet to an nlmon tap (__dev_queue_xmit()), which must not run
 * with interrupts off; with BHs off, a softirq emitting into the same
 * namespace cannot interrupt the holder on its CPU and spin on the lock.
 * Hardirq (and irqs-off) callers are refused: their message is lost and
 * counted, its number spent (dn->seq is atomic for that) so that listeners
 * see the gap.
 */
struct dlhw_net {
	spinlock_t lock;	/* SEQ order on the wire; taken with _bh */
	atomic_t seq;		/* next SEQ; spent without the lock on loss */
	atomic64_t sent;	/* multicast delivered to a listener */
	atomic64_t send_failed;	/* multicast failed: a listener overran */
	atomic64_t nomem;
	atomic64_t truncated;
	atomic64_t no_listener;
	atomic64_t refused;	/* hardirq or irqs-off caller: lost */
};

static unsigned int dlhw_net_id __read_mostly;

enum dlhw_mcgrp {
	DLHW_MCGRP_HWMSG,
};

static const struct genl_multicast_group dlhw_mcgrps[] = {
	[DLHW_MCGRP_HWMSG] = {
		.name = DEVLINK_HWMSG_MCGRP_NAME,
		.flags = GENL_MCAST_CAP_NET_ADMIN,
	},
};

static const struct nla_policy dlhw_policy[DEVLINK_HWMSG_ATTR_MAX + 1] = {
	[DEVLINK_HWMSG_ATTR_INDEX] = { .type = NLA_U32 },
	[DEVLINK_HWMSG_ATTR_BUS_NAME] = { .type = NLA_NUL_STRING },
	[DEVLINK_HWMSG_ATTR_DEV_NAME] = { .type = NLA_NUL_STRING },
	[DEVLINK_HWMSG_ATTR_PAYLOAD] = { .type = NLA_BINARY },
	[DEVLINK_HWMSG_ATTR_TYPE] = { .type = NLA_U32 },
	[DEVLINK_HWMSG_ATTR_DIR] = { .type = NLA_U8 },
	[DEVLINK_HWMSG_ATTR_DRIVER_NAME] = { .type = NLA_NUL_STRING },
	[DEVLINK_HWMSG_ATTR_TIMESTAMP] = { .type = NLA_U64 },
	[DEVLINK_HWMSG_ATTR_SEQ] = { .type = NLA_U32 },
	[DEVLINK_HWMSG_ATTR_ORIG_LEN] = { .type = NLA_U32 },
};

static int dlhw_get_doit(struct sk_buff *skb, struct genl_info *info);

static const struct genl_small_ops dlhw_ops[] = {
	{
		.cmd = DEVLINK_HWMSG_CMD_GET,
		.doit = dlhw_get_doit,
	},
};

static struct genl_family dlhw_family __ro_after_init = {
	.name = DEVLINK_HWMSG_GENL_NAME,
	.version = DEVLINK_HWMSG_GENL_VERSION,
	.maxattr = DEVLINK_HWMSG_ATTR_MAX,
	.policy = dlhw_policy,
	.netnsok = true,
	.module = THIS_MODULE,
	.small_ops = dlhw_ops,
	.n_small_ops = ARRAY_SIZE(dlhw_ops),
	.mcgrps = dlhw_mcgrps,
	.n_mcgrps = ARRAY_SIZE(dlhw_mcgrps),
};

static int dlhw_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct dlhw_net *dn = net_generic(genl_info_net(info), dlhw_net_id);
	struct sk_buff *msg;
	void *hdr;

	msg = genlmsg_new(8 * nla_total_size_64bit(sizeof(u64)), GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &dlhw_family, 0,
				DEVLINK_HWMSG_CMD_GET);
	if (!hdr)
		goto nla_put_failure;
	if (nla_put_u64_64bit(msg, DEVLINK_HWMSG_ATTR_STAT_SENT,
			      atomic64_read(&dn->sent), DEVLINK_HWMSG_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, DEVLINK_HWMSG_ATTR_STAT_NOMEM,
			      atomic64_read(&dn->nomem), DEVLINK_HWMSG_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, DEVLINK_HWMSG_ATTR_STAT_TRUNCATED,
			      atomic64_read(&dn->truncated),
			      DEVLINK_HWMSG_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, DEVLINK_HWMSG_ATTR_STAT_NO_LISTENER,
			      atomic64_read(&dn->no_listener),
			      DEVLINK_HWMSG_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, DEVLINK_HWMSG_ATTR_STAT_SEND_FAILED,
			      atomic64_read(&dn->send_failed),
			      DEVLINK_HWMSG_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, DEVLINK_HWMSG_ATTR_STAT_REFUSED,
			      atomic64_read(&dn->refused),
			      DEVLINK_HWMSG_ATTR_PAD))
		goto nla_put_failure;
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

nla_put_failure:
	nlmsg_free(msg);
	return -EMSGSIZE;
}

static const char *dlhw_str(const char *s)
{
	return s ? s : "";
}

static void dlhw_emit(const struct devlink *devlink, const u8 *buf,
		      size_t len, u32 type, u8 dir, gfp_t gfp)
{
	struct device *dev = devlink_to_dev(devlink);
	struct net *net = devlink_net(devlink);
	struct dlhw_net *dn = net_generic(net, dlhw_net_id);
	/* read once: an unbind may clear it under our feet */
	const struct device_driver *driver = READ_ONCE(dev->driver);
	const char *bus = dlhw_str(dev->bus ? dev->bus->name : NULL);
	const char *drv = dlhw_str(driver ? driver->name : NULL);
	const char *name = dlhw_str(dev_name(dev));
	/* an attribute's length is 16 bits: never more than the uapi limit */
	size_t plen = min3(len, (size_t)READ_ONCE(max_payload),
			   (size_t)DEVLINK_HWMSG_PAYLOAD_MAX);
	struct nlattr *seq_attr;
	struct sk_buff *skb;
	size_t size;
	void *hdr;
	int err;

	if (!genl_has_listeners(&dlhw_family, net, DLHW_MCGRP_HWMSG)) {
		atomic64_inc(&dn->no_listener);
		return;
	}
	if (in_hardirq() || in_nmi() || irqs_disabled()) {
		/* spin_lock_bh() and the multicast need interrupts on */
		atomic_inc(&dn->seq);
		atomic64_inc(&dn->refused);
		return;
	}

	size = nla_total_size(strlen(bus) + 1) +
	       nla_total_size(strlen(name) + 1) +
	       nla_total_size(strlen(drv) + 1) +
	       nla_total_size(plen) +
	       nla_total_size(sizeof(u32)) +		/* TYPE */
	       nla_total_size(sizeof(u8)) +		/* DIR */
	       nla_total_size_64bit(sizeof(u64)) +	/* TIMESTAMP */
	       nla_total_size(sizeof(u32)) +		/* SEQ */
	       nla_total_size(sizeof(u32));		/* ORIG_LEN */

	if (unlikely(atomic_add_unless(&dlhw_fail_alloc, -1, 0)))
		goto nomem;
	skb = genlmsg_new(size, gfp);
	if (!skb)
		goto nomem;
	hdr = genlmsg_put(skb, 0, 0, &dlhw_family, 0, DEVLINK_CMD_HWMSG_NEW);
	if (!hdr)
		goto put_failure;
	if (nla_put_string(skb, DEVLINK_HWMSG_ATTR_BUS_NAME, bus) ||
	    nla_put_string(skb, DEVLINK_HWMSG_ATTR_DEV_NAME, name) ||
	    nla_put_string(skb, DEVLINK_HWMSG_ATTR_DRIVER_NAME, drv) ||
	    nla_put_u32(skb, DEVLINK_HWMSG_ATTR_TYPE, type) ||
	    nla_put_u8(skb, DEVLINK_HWMSG_ATTR_DIR, dir) ||
	    nla_put_u64_64bit(skb, DEVLINK_HWMSG_ATTR_TIMESTAMP,
			      ktime_get_real_ns(), DEVLINK_HWMSG_ATTR_PAD) ||
	    nla_put(skb, DEVLINK_HWMSG_ATTR_PAYLOAD, plen, buf))
		goto put_failure;
	if (plen < len) {
		if (nla_put_u32(skb, DEVLINK_HWMSG_ATTR_ORIG_LEN, len))
			goto put_failure;
		atomic64_inc(&dn->truncated);
	}
	seq_attr = nla_reserve(skb, DEVLINK_HWMSG_ATTR_SEQ, sizeof(u32));
	if (!seq_attr)
		goto put_failure;
	genlmsg_end(skb, hdr);

	/*
	 * Numbered and sent under one lock: listeners see SEQ in order. BHs
	 * off, interrupts on (see struct dlhw_net).
	 */
	spin_lock_bh(&dn->lock);
	*(u32 *)nla_data(seq_attr) = (u32)atomic_fetch_inc(&dn->seq);
	err = genlmsg_multicast_netns(&dlhw_family, net, skb, 0,
				      DLHW_MCGRP_HWMSG, GFP_ATOMIC);
	spin_unlock_bh(&dn->lock);
	/*
	 * 0: delivered to at least one listener and no listener overran;
	 * -ENOBUFS: a listener overran (its socket sees the SEQ gap);
	 * -ESRCH: every listener left since genl_has_listeners().
	 */
	if (err)
		atomic64_inc(&dn->send_failed);
	else
		atomic64_inc(&dn->sent);
	return;

put_failure:
	nlmsg_free(skb);
nomem:
	/* Lost: spend a number so that the listener sees the gap. */
	atomic_inc(&dn->seq);
	atomic64_inc(&dn->nomem);
}

/*
 * The type is the driver's word, the tracepoint's "type" argument or the
 * notify call's (mlxsw passes 0, HWMSG_TYPE_MLX_EMAD); records keep 16 bits.
 */
static u32 dlhw_type(unsigned long type)
{
	return type < HWMSG_TYPE_UNKNOWN ? type : HWMSG_TYPE_UNKNOWN;
}

/**
 * devlink_hwmsg_notify - announce one hardware message on the group "hwmsg"
 * @devlink: the device's devlink instance (its parent must be bound)
 * @buf: the message as exchanged with the hardware
 * @buf_len: its length; longer than max_payload is cut, ORIG_LEN set
 * @type: enum hwmsg_type (uapi/linux/devlink_hwmsg.h)
 * @dir: enum hwmsg_dir
 * @gfp: allocation flags; GFP_ATOMIC where sleeping is not allowed
 *
 * Does not fire the tracepoint: a driver calls this or the tracepoint for a
 * given message, never both.
 */
void devlink_hwmsg_notify(struct devlink *devlink, const char *buf,
			  size_t buf_len, u32 type, u8 dir, gfp_t gfp)
{
	dlhw_emit(devlink, (const u8 *)buf, buf_len, dlhw_type(type), dir,
		  gfp);
}
EXPORT_SYMBOL_GPL(devlink_hwmsg_notify);

/*
 * Runs where the tracepoint fires: preemption off, maybe in softirq; a
 * hardirq or irqs-off caller is refused (counted, SEQ spent).
 */
static void dlhw_probe(void *data, const struct devlink *devlink,
		       bool incoming, unsigned long type, const u8 *buf,
		       size_t len)
{
	dlhw_emit(devlink, buf, len, dlhw_type(type),
		  incoming ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW, GFP_ATOMIC);
}

static __net_init int dlhw_net_init(struct net *net)
{
	struct dlhw_net *dn = net_generic(net, dlhw_net_id);

	spin_lock_init(&dn->lock);
	atomic_set(&dn->seq, 0);
	atomic64_set(&dn->sent, 0);
	atomic64_set(&dn->send_failed, 0);
	atomic64_set(&dn->nomem, 0);
	atomic64_set(&dn->truncated, 0);
	atomic64_set(&dn->no_listener, 0);
	atomic64_set(&dn->refused, 0);
	return 0;
}

static struct pernet_operations dlhw_net_ops = {
	.init = dlhw_net_init,
	.id = &dlhw_net_id,
	.size = sizeof(struct dlhw_net),
};

static int __init dlhw_init(void)
{
	int err;

	err = register_pernet_subsys(&dlhw_net_ops);
	if (err)
		return err;
	err = genl_register_family(&dlhw_family);
	if (err)
		goto err_pernet;
	if (bridge_tracepoint) {
		err = register_trace_devlink_hwmsg(dlhw_probe, NULL);
		if (err)
			goto err_family;
	}
	dlhw_debugfs = debugfs_create_dir("devlink_hwmsg", NULL);
	debugfs_create_atomic_t("fail_alloc", 0600, dlhw_debugfs,
				&dlhw_fail_alloc);
	return 0;

err_family:
	genl_unregister_family(&dlhw_family);
err_pernet:
	unregister_pernet_subsys(&dlhw_net_ops);
	return err;
}

static void __exit dlhw_exit(void)
{
	debugfs_remove_recursive(dlhw_debugfs);
	if (bridge_tracepoint) {
		unregister_trace_devlink_hwmsg(dlhw_probe, NULL);
		tracepoint_synchronize_unregister();
	}
	genl_unregister_family(&dlhw_family);
	unregister_pernet_subsys(&dlhw_net_ops);
}

module_init(dlhw_init);
module_exit(dlhw_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("hwmsg developers");
MODULE_DESCRIPTION("devlink hardware messages on generic netlink");
