// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "hwmsg/msg.h"

int hwmsg_cmdreg_parse(const uint8_t *buf, size_t len, uint8_t dir,
		       struct hwmsg_msg *msg, struct hwmsg_err *err)
{
	(void)buf;
	(void)dir;
	memset(msg, 0, sizeof(*msg));
	return hwmsg_errf(err, 0, "CMD_REG parser not yet written (%zu bytes)",
			  len);
}
