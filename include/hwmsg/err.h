/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One-line errors that name the place: file, offset, field. */
#ifndef HWMSG_ERR_H
#define HWMSG_ERR_H

#include <stddef.h>
#include <stdint.h>

struct hwmsg_err {
	uint64_t offset;	/* byte offset of the problem in its context */
	char msg[256];		/* one line, no trailing newline */
};

/* printf into err->msg (err may be NULL); always returns -1. */
int hwmsg_errf(struct hwmsg_err *err, uint64_t offset, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Prefix err->msg with "CTX: " (e.g. a file name and a record number). */
void hwmsg_err_prefix(struct hwmsg_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
