// SPDX-License-Identifier: GPL-2.0-or-later
/* One entry point for every record type: EMAD, CMD_REG, the rest as hex. */
#include "hwmsg/msg.h"

int hwmsg_msg_decode(const struct hwmsg_record *rec, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	int rc;

	switch (rec->type) {
	case HWMSG_TYPE_MLX_EMAD:
		rc = hwmsg_emad_parse_cut(rec->payload, rec->len,
					  rec->orig_len, msg, err);
		break;
	case HWMSG_TYPE_MLX_CMD_REG:
		rc = hwmsg_cmdreg_parse_cut(rec->payload, rec->len,
					    rec->orig_len, rec->dir, msg, err);
		break;
	default:
		return hwmsg_errf(err, 0, "type %u is not decoded", rec->type);
	}
	/* a snapshot length cut the message: say so, it explains the error */
	if (rc && rec->orig_len > rec->len)
		hwmsg_err_prefix(err, "captured %u of %u bytes", rec->len,
				 rec->orig_len);
	return rc;
}
