// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hwmsg/err.h"

int hwmsg_errf(struct hwmsg_err *err, uint64_t offset, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	err->offset = offset;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

void hwmsg_err_prefix(struct hwmsg_err *err, const char *fmt, ...)
{
	char prefix[128], old[sizeof(err->msg)];
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	memcpy(old, err->msg, sizeof(old));
	snprintf(err->msg, sizeof(err->msg), "%s: %s", prefix, old);
}
