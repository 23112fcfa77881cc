/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsg_sim: simulated Mellanox devices on their own bus, for testing
 * devlink_hwmsg and hwmsgd without hardware (in the spirit of netdevsim).
 */
#ifndef _HWMSG_SIM_H_
#define _HWMSG_SIM_H_

#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/list.h>
#include <linux/netdevice.h>
#include <net/devlink.h>
#include <net/net_namespace.h>

#define HSIM_MAX_PORTS		64
#define HSIM_FRAME_MAX		2048

enum hsim_kind {
	HSIM_KIND_SPECTRUM,
	HSIM_KIND_CONNECTX3,
};

/* One simulated device: created by writing new_device, bound to a driver. */
struct hsim_dev {
	struct device dev;
	struct list_head list;
	u32 id;
	enum hsim_kind kind;
	unsigned int port_count;
	/*
	 * The writer's netns, referenced only while new_device probes the
	 * device; afterwards the devlink instance's netns is the device's, and
	 * devlink moves it to init_net when that netns goes (reload).
	 */
	struct net *net;
	struct dentry *ddir;		/* debugfs: hwmsg_sim/<dev name>/ */
	bool dying;			/* removal started: long writes stop */
	bool fail_next_netdev;		/* test: next register_netdev fails */
	void *drvdata;			/* the kind's state */
};

static inline struct hsim_dev *to_hsim_dev(struct device *dev)
{
	return container_of(dev, struct hsim_dev, dev);
}

extern struct dentry *hsim_debugfs_root;

/*
 * A netdev standing for a port, in the devlink instance's netns; its
 * ndo_get_devlink_port returns dl_port.
 */
struct net_device *hsim_netdev_create(struct hsim_dev *hdev, struct net *net,
				      struct devlink_port *dl_port,
				      unsigned int port_index);
/* The netns a device's devlink instance starts in. */
struct net *hsim_dev_net(struct hsim_dev *hdev);
void hsim_netdev_destroy(struct net_device *netdev);

/*
 * A driver of a kind. Another module may register one for a kind
 * (hwmsg_sim_mlxsw: a Spectrum behind an mlxsw_bus, probed by Linux's own
 * mlxsw_spectrum); while it is registered it takes the kind's new devices
 * from the built-in one.
 */
struct hsim_driver {
	struct device_driver drv;
	enum hsim_kind kind;
	bool external;			/* registered by another module */
	int (*probe)(struct hsim_dev *hdev);
	void (*remove)(struct hsim_dev *hdev);
};

int hsim_driver_register(struct hsim_driver *hdrv, struct module *owner);
void hsim_driver_unregister(struct hsim_driver *hdrv);

int hsim_connectx3_probe(struct hsim_dev *hdev);
void hsim_connectx3_remove(struct hsim_dev *hdev);

#endif /* _HWMSG_SIM_H_ */
