/* SPDX-License-Identifier: GPL-2.0-or-later WITH Linux-syscall-note */
/*
 * devlink_hwmsg: the generic-netlink family on which the devlink_hwmsg
 * module announces every message a driver exchanges with its hardware.
 *
 * Command and attribute numbers are those of the 2016 devlink RFC series
 * that introduced hardware messages; attributes after PORT_IBDEV_NAME are
 * ours. Kernels with the series in kernel/patches/ carry the same messages
 * in the devlink family itself, under devlink's numbers
 * (include/hwmsg/devlink_series.h); hwmsgd reads both.
 * Shared by the kernel module and userspace.
 */
#ifndef _UAPI_LINUX_DEVLINK_HWMSG_H_
#define _UAPI_LINUX_DEVLINK_HWMSG_H_

#define DEVLINK_HWMSG_GENL_NAME		"devlink_hwmsg"
#define DEVLINK_HWMSG_GENL_VERSION	1
#define DEVLINK_HWMSG_MCGRP_NAME	"hwmsg"

enum devlink_hwmsg_cmd {
	DEVLINK_HWMSG_CMD_UNSPEC,
	DEVLINK_HWMSG_CMD_GET,		/* counters of this netns (doit) */
	DEVLINK_HWMSG_CMD_SET,
	DEVLINK_HWMSG_CMD_NEW,
	DEVLINK_HWMSG_CMD_DEL,
	DEVLINK_CMD_HWMSG_NEW,		/* 5: one hardware message */

	__DEVLINK_HWMSG_CMD_MAX,
	DEVLINK_HWMSG_CMD_MAX = __DEVLINK_HWMSG_CMD_MAX - 1
};

enum devlink_hwmsg_attr {
	DEVLINK_HWMSG_ATTR_UNSPEC,
	DEVLINK_HWMSG_ATTR_INDEX,		/* __u32 */
	DEVLINK_HWMSG_ATTR_NAME,		/* string (unused) */
	DEVLINK_HWMSG_ATTR_BUS_NAME,		/* string */
	DEVLINK_HWMSG_ATTR_DEV_NAME,		/* string */
	DEVLINK_HWMSG_ATTR_PAYLOAD,		/* binary */
	DEVLINK_HWMSG_ATTR_TYPE,		/* __u32, enum hwmsg_type */
	DEVLINK_HWMSG_ATTR_DIR,			/* __u8, enum hwmsg_dir */
	DEVLINK_HWMSG_ATTR_PORT_INDEX,		/* __u32 (seed; unused here) */
	DEVLINK_HWMSG_ATTR_PORT_TYPE,		/* __u16 (seed; unused here) */
	DEVLINK_HWMSG_ATTR_PORT_DESIRED_TYPE,	/* __u16 (seed; unused here) */
	DEVLINK_HWMSG_ATTR_PORT_NETDEV_IFINDEX,	/* __u32 (seed; unused here) */
	DEVLINK_HWMSG_ATTR_PORT_NETDEV_NAME,	/* string (seed; unused here) */
	DEVLINK_HWMSG_ATTR_PORT_IBDEV_NAME,	/* string (seed; unused here) */
	/* hwmsg additions */
	DEVLINK_HWMSG_ATTR_DRIVER_NAME,		/* string */
	DEVLINK_HWMSG_ATTR_TIMESTAMP,		/* __u64, ns, CLOCK_REALTIME */
	DEVLINK_HWMSG_ATTR_SEQ,			/* __u32, consecutive per netns */
	DEVLINK_HWMSG_ATTR_ORIG_LEN,		/* __u32, set when truncated */
	/* DEVLINK_HWMSG_CMD_GET reply: the module's counters (__u64 each) */
	DEVLINK_HWMSG_ATTR_STAT_SENT,		/* delivered (multicast ok) */
	DEVLINK_HWMSG_ATTR_STAT_NOMEM,		/* lost: allocation failed */
	DEVLINK_HWMSG_ATTR_STAT_TRUNCATED,	/* payload cut to max_payload */
	DEVLINK_HWMSG_ATTR_STAT_NO_LISTENER,	/* skipped: nobody listening */
	DEVLINK_HWMSG_ATTR_PAD,			/* padding for u64 attributes */
	DEVLINK_HWMSG_ATTR_STAT_SEND_FAILED,	/* multicast failed: overrun */
	DEVLINK_HWMSG_ATTR_STAT_REFUSED,	/* lost: hardirq/irqs-off caller */

	__DEVLINK_HWMSG_ATTR_MAX,
	DEVLINK_HWMSG_ATTR_MAX = __DEVLINK_HWMSG_ATTR_MAX - 1
};

/*
 * DEVLINK_HWMSG_ATTR_TYPE: what the payload is. The values are devlink ABI:
 * they are the tracepoint devlink:devlink_hwmsg's "type" argument (mlxsw
 * passes 0 for its EMADs) and devlink_hwmsg_notify()'s "type". A value that
 * does not fit 16 bits is reported as HWMSG_TYPE_UNKNOWN.
 */
enum hwmsg_type {
	HWMSG_TYPE_MLX_EMAD = 0,	/* mlxsw EMAD frame, from Ethernet header */
	HWMSG_TYPE_MLX_CMD_REG = 1,	/* mlx4 ACCESS_REG mailbox */
	HWMSG_TYPE_NFP_CTRL = 2,	/* nfp control message, opaque to us */
	/*
	 * not from the kernel: hwmsgd records a devlink "config" group
	 * notification (device/port added, removed, changed) with this type,
	 * the whole netlink message, from its nlmsghdr
	 */
	HWMSG_TYPE_DEVLINK_EVENT = 0x100,
	HWMSG_TYPE_UNKNOWN = 0xffff,	/* a type that does not fit 16 bits */
};

/* DEVLINK_HWMSG_ATTR_DIR */
enum hwmsg_dir {
	HWMSG_DIR_TO_HW = 0,
	HWMSG_DIR_FROM_HW = 1,
};

/*
 * Payloads longer than this are cut and carry DEVLINK_HWMSG_ATTR_ORIG_LEN
 * (an attribute's length is 16 bits; the module parameter max_payload can
 * lower the limit).
 */
#define DEVLINK_HWMSG_PAYLOAD_MAX	65000

#endif /* _UAPI_LINUX_DEVLINK_HWMSG_H_ */
