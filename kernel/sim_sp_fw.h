/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The firmware of a simulated Spectrum-1, as Linux's mlxsw sees it through
 * a bus: the command interface (QUERY_FW, QUERY_RESOURCES, CONFIG_PROFILE,
 * ACCESS_REG) and register access (from ACCESS_REG or from an EMAD frame).
 * Registers keep state per instance (the register and its index fields):
 * a query returns what was written, or the firmware's own value for the
 * registers it models; any other register is stored, answered from the
 * store and counted in debugfs "unmodelled".
 */
#ifndef _HWMSG_SIM_SP_FW_H_
#define _HWMSG_SIM_SP_FW_H_

#include <linux/debugfs.h>
#include <linux/types.h>

struct hsim_fw;

/*
 * An event the firmware raises (a register payload sent to the driver with
 * its trap, e.g. PUDE when a port's link goes up); called with the
 * firmware's lock held, from the access that caused it.
 */
typedef void (*hsim_fw_event_fn)(void *ctx, u16 trap_id, u16 reg_id,
				 const u8 *payload, unsigned int len);

struct hsim_fw *hsim_fw_create(unsigned int modules, u32 dev_id,
			       hsim_fw_event_fn event, void *ctx);
void hsim_fw_destroy(struct hsim_fw *fw);
void hsim_fw_debugfs_init(struct hsim_fw *fw, struct dentry *dir);

/* One command; returns 0 or -EIO with *status the command's status. */
int hsim_fw_cmd(struct hsim_fw *fw, u16 opcode, u8 opcode_mod, u32 in_mod,
		const char *in_mbox, size_t in_size, char *out_mbox,
		size_t out_size, u8 *status);

/*
 * One register access on a REG TLV's payload (len bytes), answered in
 * place; returns the EMAD status (0: ok).
 */
u8 hsim_fw_reg_access(struct hsim_fw *fw, u16 reg_id, u8 method, u8 *payload,
		      unsigned int len);

/*
 * The wire: every module is cabled to its neighbour (0-1, 2-3, ...), lane
 * for lane. A frame sent out of local_port arrives on the returned local
 * port (0: nowhere) and is trapped to the CPU when it is a neighbour
 * discovery packet (*trap_id: ARP, IPv6 NS/NA); other frames the ASIC
 * would forward in hardware return 0.
 */
u16 hsim_fw_wire(struct hsim_fw *fw, u16 local_port, const u8 *frame,
		 unsigned int len, u16 *trap_id);

#endif /* _HWMSG_SIM_SP_FW_H_ */
