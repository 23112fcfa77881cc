/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * devlink_hwmsg: what a driver calls to announce a message it exchanged
 * with its hardware on the generic-netlink group "hwmsg".
 *
 * Drivers that already fire the tracepoint devlink:devlink_hwmsg (mlxsw,
 * nfp) need nothing: the module bridges the tracepoint. Drivers that carry
 * other message types (mlx4's CMD_REG mailbox) call devlink_hwmsg_notify()
 * instead of, never in addition to, the tracepoint.
 */
#ifndef _DEVLINK_HWMSG_H_
#define _DEVLINK_HWMSG_H_

#include <linux/types.h>
#include <net/devlink.h>

/*
 * type: enum hwmsg_type, dir: enum hwmsg_dir, both in the uapi header.
 * Process or softirq context, interrupts on; never sleeps with GFP_ATOMIC.
 * From hardirq context or with interrupts off the message is not sent: it
 * is counted (STAT_REFUSED) and its SEQ spent, so listeners see the gap.
 */
void devlink_hwmsg_notify(struct devlink *devlink, const char *buf,
			  size_t buf_len, u32 type, u8 dir, gfp_t gfp);

#endif /* _DEVLINK_HWMSG_H_ */
