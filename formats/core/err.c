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
	char prefix[128];
	size_t plen, mlen, cap = sizeof(err->msg) - 1;
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix) - 2, fmt, ap);
	va_end(ap);
	strcat(prefix, ": ");
	plen = strlen(prefix);
	mlen = strnlen(err->msg, cap);
	/* keep the start of the message: it says what went wrong */
	if (plen + mlen > cap)
		mlen = cap - plen;
	memmove(err->msg + plen, err->msg, mlen);
	memcpy(err->msg, prefix, plen);
	err->msg[plen + mlen] = '\0';
}
