// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "hwmsg/msg.h"

int hwmsg_emad_parse(const uint8_t *buf, size_t len, struct hwmsg_msg *msg,
		     struct hwmsg_err *err)
{
	(void)buf;
	memset(msg, 0, sizeof(*msg));
	return hwmsg_errf(err, 0, "EMAD parser not yet written (%zu bytes)",
			  len);
}
