// SPDX-License-Identifier: GPL-2.0-or-later
#include "hwmsg/msg.h"

int hwmsg_msg_decode(const struct hwmsg_record *rec, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	switch (rec->type) {
	case HWMSG_TYPE_MLX_EMAD:
		return hwmsg_emad_parse(rec->payload, rec->len, msg, err);
	case HWMSG_TYPE_MLX_CMD_REG:
		return hwmsg_cmdreg_parse(rec->payload, rec->len, rec->dir,
					  msg, err);
	default:
		return hwmsg_errf(err, 0, "type %u is not decoded", rec->type);
	}
}
