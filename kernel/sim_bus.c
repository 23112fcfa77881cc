// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_sim bus: devices come and go through
 *   echo "ID KIND [PORTS]" > /sys/bus/hwmsg_sim/new_device
 *   echo "ID" > /sys/bus/hwmsg_sim/del_device
 * KIND is "spectrum" or "connectx3". A device is created in the network
 * namespace of the writer (without holding it: when that namespace goes,
 * devlink reloads the device into init_net, as for netdevsim), named
 * hwmsg_sim<ID>, and bound to the kind's driver: the tracepoint
 * devlink:devlink_hwmsg reads the driver name, so the device must be bound.
 * A spectrum is a Spectrum-1 behind an mlxsw_bus (hwmsg_sim_mlxsw, loaded
 * on demand), driven by Linux's own mlxsw_spectrum; a connectx3 is
 * simulated here whole (mlx4 has no bus abstraction to stand behind).
 * The names say nothing of the message type: that is the tracepoint's (or
 * devlink_hwmsg_notify()'s) type argument.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/etherdevice.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/nsproxy.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "sim.h"

struct dentry *hsim_debugfs_root;

static LIST_HEAD(hsim_devs);
static DEFINE_MUTEX(hsim_devs_lock);	/* hsim_devs, new/del_device */
static bool hsim_enabled;		/* false while the module goes away */

/* per kind: drivers other modules registered (they take new devices) */
static atomic_t hsim_external[HSIM_KIND_CONNECTX3 + 1];

static struct hsim_driver *to_hsim_driver(struct device_driver *drv)
{
	return container_of(drv, struct hsim_driver, drv);
}

/* ---- port netdevs ------------------------------------------------------ */

static netdev_tx_t hsim_netdev_xmit(struct sk_buff *skb,
				    struct net_device *netdev)
{
	netdev->stats.tx_dropped++;
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

/* The netdev's private part: the devlink port it stands for. */
struct hsim_netdev_priv {
	struct devlink_port *dl_port;
};

/* devlink names the netdev's port (phys_port_name "p1", "p1s0") from it */
static struct devlink_port *hsim_netdev_devlink_port(struct net_device *netdev)
{
	struct hsim_netdev_priv *priv = netdev_priv(netdev);

	return priv->dl_port;
}

static const struct net_device_ops hsim_netdev_ops = {
	.ndo_start_xmit = hsim_netdev_xmit,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_validate_addr = eth_validate_addr,
	.ndo_get_devlink_port = hsim_netdev_devlink_port,
};

struct net_device *hsim_netdev_create(struct hsim_dev *hdev, struct net *net,
				      struct devlink_port *dl_port,
				      unsigned int port_index)
{
	struct hsim_netdev_priv *priv;
	struct net_device *netdev;
	int err;

	netdev = alloc_netdev(sizeof(*priv), "hsim%d", NET_NAME_ENUM,
			      ether_setup);
	if (!netdev)
		return ERR_PTR(-ENOMEM);
	priv = netdev_priv(netdev);
	priv->dl_port = dl_port;
	netdev->netdev_ops = &hsim_netdev_ops;
	netdev->dev_port = port_index;
	eth_hw_addr_random(netdev);
	dev_net_set(netdev, net);
	SET_NETDEV_DEV(netdev, &hdev->dev);
	/* fault injection for tests: as if registration had failed */
	if (xchg(&hdev->fail_next_netdev, false))
		err = -ENOMEM;
	else
		err = register_netdev(netdev);
	if (err) {
		free_netdev(netdev);
		return ERR_PTR(err);
	}
	return netdev;
}

void hsim_netdev_destroy(struct net_device *netdev)
{
	unregister_netdev(netdev);
	free_netdev(netdev);
}

/* ---- bus ----------------------------------------------------------------- */

static int hsim_bus_match(struct device *dev, struct device_driver *drv)
{
	struct hsim_driver *hdrv = to_hsim_driver(drv);
	enum hsim_kind kind = to_hsim_dev(dev)->kind;

	if (kind != hdrv->kind)
		return 0;
	return hdrv->external || !atomic_read(&hsim_external[kind]);
}

static struct bus_type hsim_bus;

static void hsim_dev_release(struct device *dev)
{
	struct hsim_dev *hdev = to_hsim_dev(dev);

	kfree(hdev);
}

struct net *hsim_dev_net(struct hsim_dev *hdev)
{
	/* a later bind (sysfs bind/unbind) has no writer: init_net */
	return hdev->net ?: &init_net;
}

static const struct device_type hsim_dev_type = {
	.name = "hwmsg_sim",
	.release = hsim_dev_release,
};

static struct hsim_dev *hsim_dev_find(u32 id)
{
	struct hsim_dev *hdev;

	list_for_each_entry(hdev, &hsim_devs, list)
		if (hdev->id == id)
			return hdev;
	return NULL;
}

static int hsim_parse_kind(const char *s, enum hsim_kind *kind)
{
	if (!strcmp(s, "spectrum"))
		*kind = HSIM_KIND_SPECTRUM;
	else if (!strcmp(s, "connectx3"))
		*kind = HSIM_KIND_CONNECTX3;
	else
		return -EINVAL;
	return 0;
}

static ssize_t new_device_store(struct bus_type *bus, const char *buf,
				size_t count)
{
	unsigned int id, ports = 0;
	struct hsim_dev *hdev;
	enum hsim_kind kind;
	char kname[16];
	int n, err;

	n = sscanf(buf, "%u %15s %u", &id, kname, &ports);
	if (n < 2) {
		pr_err("format: \"ID KIND [PORTS]\", KIND spectrum|connectx3\n");
		return -EINVAL;
	}
	if (hsim_parse_kind(kname, &kind))
		return -EINVAL;
	if (n < 3)
		ports = kind == HSIM_KIND_SPECTRUM ? 4 : 2;
	if (!ports || ports > HSIM_MAX_PORTS)
		return -EINVAL;
	/* the Spectrum's driver is Linux's mlxsw, through hwmsg_sim_mlxsw */
	if (kind == HSIM_KIND_SPECTRUM && !atomic_read(&hsim_external[kind]) &&
	    (request_module("hwmsg_sim_mlxsw") ||
	     !atomic_read(&hsim_external[kind]))) {
		pr_err("spectrum needs hwmsg_sim_mlxsw and Linux's mlxsw_spectrum (scripts/mlxsw-build.sh)\n");
		return -EOPNOTSUPP;
	}

	mutex_lock(&hsim_devs_lock);
	if (!hsim_enabled) {
		err = -EBUSY;
		goto unlock;
	}
	if (hsim_dev_find(id)) {
		err = -EEXIST;
		goto unlock;
	}
	hdev = kzalloc(sizeof(*hdev), GFP_KERNEL);
	if (!hdev) {
		err = -ENOMEM;
		goto unlock;
	}
	hdev->id = id;
	hdev->kind = kind;
	hdev->port_count = ports;
	hdev->net = get_net(current->nsproxy->net_ns);
	hdev->dev.id = id;
	hdev->dev.bus = &hsim_bus;
	hdev->dev.type = &hsim_dev_type;
	dev_set_name(&hdev->dev, "hwmsg_sim%u", id);

	err = device_register(&hdev->dev);
	/* probed (or not): the devlink instance holds the netns from now on */
	put_net(hdev->net);
	hdev->net = NULL;
	if (err) {
		put_device(&hdev->dev);
		goto unlock;
	}
	if (!hdev->dev.driver) {
		/* probe failed; the reason is in the kernel log */
		device_unregister(&hdev->dev);
		err = -ENODEV;
		goto unlock;
	}
	list_add_tail(&hdev->list, &hsim_devs);
	err = 0;
unlock:
	mutex_unlock(&hsim_devs_lock);
	return err ? err : count;
}
static BUS_ATTR_WO(new_device);

static ssize_t del_device_store(struct bus_type *bus, const char *buf,
				size_t count)
{
	struct hsim_dev *hdev;
	unsigned int id;
	int err = 0;

	if (kstrtouint(strim((char *)buf), 0, &id))
		return -EINVAL;
	mutex_lock(&hsim_devs_lock);
	hdev = hsim_dev_find(id);
	if (hdev) {
		list_del(&hdev->list);
		device_unregister(&hdev->dev);
	} else {
		err = -ENOENT;
	}
	mutex_unlock(&hsim_devs_lock);
	return err ? err : count;
}
static BUS_ATTR_WO(del_device);

static struct attribute *hsim_bus_attrs[] = {
	&bus_attr_new_device.attr,
	&bus_attr_del_device.attr,
	NULL
};
ATTRIBUTE_GROUPS(hsim_bus);

static struct bus_type hsim_bus = {
	.name = "hwmsg_sim",
	.dev_name = "hwmsg_sim",
	.match = hsim_bus_match,
	.bus_groups = hsim_bus_groups,
};

/* ---- drivers ------------------------------------------------------------- */

static int hsim_drv_probe(struct device *dev)
{
	struct hsim_driver *hdrv = to_hsim_driver(dev->driver);
	struct hsim_dev *hdev = to_hsim_dev(dev);
	int err;

	/* a sysfs bind after an unbind: alive again */
	WRITE_ONCE(hdev->dying, false);
	hdev->ddir = debugfs_create_dir(dev_name(dev), hsim_debugfs_root);
	err = hdrv->probe(hdev);
	if (err) {
		debugfs_remove_recursive(hdev->ddir);
		hdev->ddir = NULL;
	}
	return err;
}

static int hsim_drv_remove(struct device *dev)
{
	struct hsim_driver *hdrv = to_hsim_driver(dev->driver);
	struct hsim_dev *hdev = to_hsim_dev(dev);

	/*
	 * knobs go first: nothing may poke the device while it goes. Removal
	 * waits for writes under way; a long one (burst) sees dying and stops.
	 */
	WRITE_ONCE(hdev->dying, true);
	debugfs_remove_recursive(hdev->ddir);
	hdev->ddir = NULL;
	hdrv->remove(hdev);
	return 0;
}

static struct hsim_driver hsim_drivers[] = {
	{
		.drv = {
			.name = "hwmsg_sim_connectx3",
			.bus = &hsim_bus,
			.owner = THIS_MODULE,
			.probe = hsim_drv_probe,
			.remove = hsim_drv_remove,
		},
		.kind = HSIM_KIND_CONNECTX3,
		.probe = hsim_connectx3_probe,
		.remove = hsim_connectx3_remove,
	},
};

int hsim_driver_register(struct hsim_driver *hdrv, struct module *owner)
{
	int err;

	hdrv->external = true;
	hdrv->drv.bus = &hsim_bus;
	hdrv->drv.owner = owner;
	hdrv->drv.probe = hsim_drv_probe;
	hdrv->drv.remove = hsim_drv_remove;
	atomic_inc(&hsim_external[hdrv->kind]);
	err = driver_register(&hdrv->drv);
	if (err)
		atomic_dec(&hsim_external[hdrv->kind]);
	return err;
}
EXPORT_SYMBOL_GPL(hsim_driver_register);

void hsim_driver_unregister(struct hsim_driver *hdrv)
{
	driver_unregister(&hdrv->drv);
	atomic_dec(&hsim_external[hdrv->kind]);
}
EXPORT_SYMBOL_GPL(hsim_driver_unregister);

static void hsim_del_all(void)
{
	struct hsim_dev *hdev, *tmp;

	mutex_lock(&hsim_devs_lock);
	hsim_enabled = false;
	list_for_each_entry_safe(hdev, tmp, &hsim_devs, list) {
		list_del(&hdev->list);
		device_unregister(&hdev->dev);
	}
	mutex_unlock(&hsim_devs_lock);
}

static int __init hsim_init(void)
{
	int err, i;

	hsim_debugfs_root = debugfs_create_dir("hwmsg_sim", NULL);
	err = bus_register(&hsim_bus);
	if (err)
		goto err_debugfs;
	for (i = 0; i < ARRAY_SIZE(hsim_drivers); i++) {
		err = driver_register(&hsim_drivers[i].drv);
		if (err)
			goto err_drivers;
	}
	mutex_lock(&hsim_devs_lock);
	hsim_enabled = true;
	mutex_unlock(&hsim_devs_lock);
	return 0;

err_drivers:
	while (--i >= 0)
		driver_unregister(&hsim_drivers[i].drv);
	bus_unregister(&hsim_bus);
err_debugfs:
	debugfs_remove_recursive(hsim_debugfs_root);
	return err;
}

static void __exit hsim_exit(void)
{
	int i;

	hsim_del_all();
	for (i = ARRAY_SIZE(hsim_drivers) - 1; i >= 0; i--)
		driver_unregister(&hsim_drivers[i].drv);
	bus_unregister(&hsim_bus);
	debugfs_remove_recursive(hsim_debugfs_root);
}

module_init(hsim_init);
module_exit(hsim_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("hwmsg developers");
MODULE_DESCRIPTION("Simulated Mellanox devices emitting devlink hardware messages");
