// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_sim kind "connectx3": a NIC that talks CMD_REG like mlx4.
 *
 * Ports start as Ethernet, each with a netdev. `devlink port set DEV/N type
 * ib|eth|auto` runs, as mlx4 with the seed series would, a PTYS query and a
 * PTYS write over CMD_REG (the whole ACCESS_REG mailbox, request and
 * response, emitted with devlink_hwmsg_notify()), then swaps the port's
 * netdev and tells devlink the new type, which devlink announces on its
 * "config" group. auto means Ethernet here (there is no link to sense).
 *
 * devlink_hwmsg is looked up at run time (symbol_get), so both modules load
 * and unload in any order; without it the messages go to the tracepoint
 * devlink:devlink_hwmsg with type CMD_REG instead, never to both.
 *
 * debugfs (hwmsg_sim/hwmsg_sim<ID>/):
 *   inject_status     status of PTYS write responses; nonzero fails the
 *                     change
 *   fail_next_netdev  1: the next port netdev registration fails (the
 *                     change to eth is then rolled back)
 *   port_proto        read: "PORT eth|ib" per port, what the firmware runs
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <trace/events/devlink.h>

#include "hwmsg/sim_regs.h"
#include "hwmsg/wire.h"
#include "devlink_hwmsg.h"
#include "sim.h"

#define CX3_REG_PTYS		REG_PTYS_ID
#define CX3_PTYS_LEN		REG_PTYS_LEN
#define CX3_PTYS_PROTO_IB	PTYS_PROTO_IB
#define CX3_PTYS_PROTO_ETH	PTYS_PROTO_ETH
#define CX3_ETH_CAP		0x00080000	/* one 40G Ethernet mode */
#define CX3_IB_CAP		0x0004		/* IB QDR */

struct cx3_port {
	struct devlink_port dl_port;
	struct net_device *netdev;	/* NULL while the port is IB */
	u32 proto;			/* PTYS proto_mask */
	unsigned int index;
};

struct hsim_cx3 {
	struct hsim_dev *hdev;
	struct devlink *devlink;
	struct cx3_port *ports;
	unsigned int nports_up;
	u8 inject_status;
	u8 mbox[HSIM_FRAME_MAX];	/* under the devlink instance lock */
};

typedef void (*cx3_notify_fn)(struct devlink *devlink, const char *buf,
			      size_t buf_len, u32 type, u8 dir, gfp_t gfp);

static void cx3_emit(struct hsim_cx3 *cx3, cx3_notify_fn notify, u8 dir,
		     size_t len)
{
	if (notify)
		notify(cx3->devlink, cx3->mbox, len, HWMSG_TYPE_MLX_CMD_REG,
		       dir, GFP_KERNEL);
	else
		trace_devlink_hwmsg(cx3->devlink, dir == HWMSG_DIR_FROM_HW,
				    HWMSG_TYPE_MLX_CMD_REG, cx3->mbox, len);
}

static void cx3_ptys_fill(u8 *reg, const struct cx3_port *port, u32 mask)
{
	memset(reg, 0, CX3_PTYS_LEN);
	hwmsg_item_set(reg, REG_LOCAL_PORT, port->index + 1);
	hwmsg_item_set(reg, REG_PTYS_PROTO_MASK, mask);
}

/* One ACCESS_REG of PTYS: request and response. Returns the status. */
static u8 cx3_ptys(struct hsim_cx3 *cx3, cx3_notify_fn notify,
		   struct cx3_port *port, u8 method, u32 mask)
{
	u8 reg[CX3_PTYS_LEN];
	u8 status = 0;
	size_t len;
	u32 proto;

	cx3_ptys_fill(reg, port, mask);
	len = hwmsg_cmdreg_build(cx3->mbox, sizeof(cx3->mbox), CX3_REG_PTYS,
				 method, 0, reg, sizeof(reg));
	cx3_emit(cx3, notify, HWMSG_DIR_TO_HW, len);

	if (method == HWMSG_EMAD_METHOD_WRITE)
		status = READ_ONCE(cx3->inject_status);
	/* what the port runs once the firmware has answered */
	proto = method == HWMSG_EMAD_METHOD_WRITE && !status ? mask :
		port->proto;
	cx3_ptys_fill(reg, port, proto);
	/* capabilities: 40G Ethernet and IB QDR */
	hwmsg_item_set(reg, REG_PTYS_ETH_PROTO_CAP, CX3_ETH_CAP);
	hwmsg_item_set(reg, REG_PTYS_IB_PROTO_CAP, CX3_IB_CAP);
	if (proto & CX3_PTYS_PROTO_ETH)
		hwmsg_item_set(reg, REG_PTYS_ETH_PROTO_OPER, CX3_ETH_CAP);
	else
		hwmsg_item_set(reg, REG_PTYS_IB_PROTO_OPER, CX3_IB_CAP);
	len = hwmsg_cmdreg_build(cx3->mbox, sizeof(cx3->mbox), CX3_REG_PTYS,
				 method, status, reg, sizeof(reg));
	cx3_emit(cx3, notify, HWMSG_DIR_FROM_HW, len);
	return status;
}

static cx3_notify_fn cx3_notify_get(void)
{
	return (cx3_notify_fn)symbol_get(devlink_hwmsg_notify);
}

static void cx3_notify_put(cx3_notify_fn notify)
{
	if (notify)
		symbol_put(devlink_hwmsg_notify);
}

static int cx3_port_to_eth(struct hsim_cx3 *cx3, struct cx3_port *port)
{
	struct net_device *netdev;

	if (port->netdev)
		return 0;
	netdev = hsim_netdev_create(cx3->hdev, devlink_net(cx3->devlink),
				    &port->dl_port, port->index);
	if (IS_ERR(netdev))
		return PTR_ERR(netdev);
	port->netdev = netdev;
	devlink_port_type_eth_set(&port->dl_port, netdev);
	return 0;
}

static void cx3_port_to_ib(struct hsim_cx3 *cx3, struct cx3_port *port)
{
	if (port->netdev) {
		devlink_port_type_clear(&port->dl_port);
		hsim_netdev_destroy(port->netdev);
		port->netdev = NULL;
	}
	devlink_port_type_ib_set(&port->dl_port, NULL);
}

static int cx3_port_type_set(struct devlink_port *dl_port,
			     enum devlink_port_type type)
{
	struct cx3_port *port = container_of(dl_port, struct cx3_port,
					     dl_port);
	struct hsim_cx3 *cx3 = devlink_priv(dl_port->devlink);
	cx3_notify_fn notify;
	u32 mask, old;
	int err;

	switch (type) {
	case DEVLINK_PORT_TYPE_ETH:
	case DEVLINK_PORT_TYPE_AUTO:
		mask = CX3_PTYS_PROTO_ETH;
		break;
	case DEVLINK_PORT_TYPE_IB:
		mask = CX3_PTYS_PROTO_IB;
		break;
	default:
		return -EOPNOTSUPP;
	}

	notify = cx3_notify_get();
	cx3_ptys(cx3, notify, port, HWMSG_EMAD_METHOD_QUERY, 0);
	if (cx3_ptys(cx3, notify, port, HWMSG_EMAD_METHOD_WRITE, mask)) {
		cx3_notify_put(notify);
		return -EIO;
	}
	old = port->proto;
	port->proto = mask;
	err = 0;
	if (mask == CX3_PTYS_PROTO_IB)
		cx3_port_to_ib(cx3, port);
	else
		err = cx3_port_to_eth(cx3, port);
	if (err) {
		/*
		 * No netdev, so the port stays what it was: so must the
		 * firmware. Put PTYS back, as a driver unwinding would.
		 */
		if (cx3_ptys(cx3, notify, port, HWMSG_EMAD_METHOD_WRITE, old))
			dev_warn(&cx3->hdev->dev,
				 "port %u: PTYS not rolled back, firmware runs %s\n",
				 port->index, mask == CX3_PTYS_PROTO_IB ? "ib" : "eth");
		else
			port->proto = old;
	}
	cx3_notify_put(notify);
	return err;
}

static int cx3_reload_down(struct devlink *devlink, bool netns_change,
			   enum devlink_reload_action action,
			   enum devlink_reload_limit limit,
			   struct netlink_ext_ack *extack);
static int cx3_reload_up(struct devlink *devlink,
			 enum devlink_reload_action action,
			 enum devlink_reload_limit limit, u32 *actions_performed,
			 struct netlink_ext_ack *extack);

/*
 * Reload (driver reinit) recreates the ports, as Ethernet, in the
 * instance's netns: what devlink does to move the device to init_net when
 * its netns goes away.
 */
static const struct devlink_ops hsim_cx3_devlink_ops = {
	.port_type_set = cx3_port_type_set,
	.reload_actions = BIT(DEVLINK_RELOAD_ACTION_DRIVER_REINIT),
	.reload_down = cx3_reload_down,
	.reload_up = cx3_reload_up,
};

/* Caller holds the devlink instance lock. */
static void cx3_ports_destroy(struct hsim_cx3 *cx3)
{
	struct cx3_port *port;

	while (cx3->nports_up) {
		port = &cx3->ports[--cx3->nports_up];
		devlink_port_type_clear(&port->dl_port);
		if (port->netdev)
			hsim_netdev_destroy(port->netdev);
		port->netdev = NULL;
		devl_port_unregister(&port->dl_port);
	}
}

/* Caller holds the devlink instance lock. */
static int cx3_ports_create(struct hsim_cx3 *cx3)
{
	struct devlink_port_attrs attrs = {
		.flavour = DEVLINK_PORT_FLAVOUR_PHYSICAL,
	};
	struct cx3_port *port;
	int err;

	for (; cx3->nports_up < cx3->hdev->port_count; cx3->nports_up++) {
		port = &cx3->ports[cx3->nports_up];
		port->index = cx3->nports_up;
		port->proto = CX3_PTYS_PROTO_ETH;
		memset(&port->dl_port, 0, sizeof(port->dl_port));
		attrs.phys.port_number = port->index + 1;
		devlink_port_attrs_set(&port->dl_port, &attrs);
		err = devl_port_register(cx3->devlink, &port->dl_port,
					 port->index);
		if (err)
			return err;
		err = cx3_port_to_eth(cx3, port);
		if (err) {
			devl_port_unregister(&port->dl_port);
			return err;
		}
	}
	return 0;
}

static int cx3_reload_down(struct devlink *devlink, bool netns_change,
			   enum devlink_reload_action action,
			   enum devlink_reload_limit limit,
			   struct netlink_ext_ack *extack)
{
	cx3_ports_destroy(devlink_priv(devlink));
	return 0;
}

static int cx3_reload_up(struct devlink *devlink,
			 enum devlink_reload_action action,
			 enum devlink_reload_limit limit, u32 *actions_performed,
			 struct netlink_ext_ack *extack)
{
	struct hsim_cx3 *cx3 = devlink_priv(devlink);
	int err;

	*actions_performed = BIT(DEVLINK_RELOAD_ACTION_DRIVER_REINIT);
	err = cx3_ports_create(cx3);
	if (err)
		cx3_ports_destroy(cx3);
	return err;
}

static int cx3_port_proto_show(struct seq_file *m, void *v)
{
	struct hsim_cx3 *cx3 = m->private;
	unsigned int i;

	devl_lock(cx3->devlink);	/* port_type_set runs under it */
	for (i = 0; i < cx3->nports_up; i++)
		seq_printf(m, "%u %s\n", i,
			   cx3->ports[i].proto == CX3_PTYS_PROTO_IB ? "ib" :
			   "eth");
	devl_unlock(cx3->devlink);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(cx3_port_proto);

int hsim_connectx3_probe(struct hsim_dev *hdev)
{
	struct devlink *devlink;
	struct hsim_cx3 *cx3;
	cx3_notify_fn notify;
	unsigned int i;
	int err;

	devlink = devlink_alloc_ns(&hsim_cx3_devlink_ops, sizeof(*cx3),
				   hsim_dev_net(hdev), &hdev->dev);
	if (!devlink)
		return -ENOMEM;
	cx3 = devlink_priv(devlink);
	cx3->hdev = hdev;
	cx3->devlink = devlink;
	cx3->ports = kcalloc(hdev->port_count, sizeof(*cx3->ports),
			     GFP_KERNEL);
	if (!cx3->ports) {
		err = -ENOMEM;
		goto err_free;
	}
	hdev->drvdata = cx3;

	devl_lock(devlink);
	err = cx3_ports_create(cx3);
	if (err) {
		cx3_ports_destroy(cx3);
		devl_unlock(devlink);
		goto err_ports;
	}
	devl_unlock(devlink);

	/* as mlx4 at init: learn each port's protocols */
	notify = cx3_notify_get();
	for (i = 0; i < hdev->port_count; i++)
		cx3_ptys(cx3, notify, &cx3->ports[i], HWMSG_EMAD_METHOD_QUERY,
			 0);
	cx3_notify_put(notify);

	devlink_set_features(devlink, DEVLINK_F_RELOAD);
	devlink_register(devlink);
	debugfs_create_u8("inject_status", 0600, hdev->ddir,
			  &cx3->inject_status);
	debugfs_create_bool("fail_next_netdev", 0600, hdev->ddir,
			    &hdev->fail_next_netdev);
	debugfs_create_file("port_proto", 0400, hdev->ddir, cx3,
			    &cx3_port_proto_fops);
	return 0;

err_ports:
	kfree(cx3->ports);
err_free:
	devlink_free(devlink);
	hdev->drvdata = NULL;
	return err;
}

void hsim_connectx3_remove(struct hsim_dev *hdev)
{
	struct hsim_cx3 *cx3 = hdev->drvdata;
	struct devlink *devlink = cx3->devlink;

	devlink_unregister(devlink);
	devl_lock(devlink);
	cx3_ports_destroy(cx3);
	devl_unlock(devlink);
	kfree(cx3->ports);
	devlink_free(devlink);
	hdev->drvdata = NULL;
}
