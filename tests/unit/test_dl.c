// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Libraries opened late (hwmsg/dl.h: libpcap, libxml2, ncursesw): functions
 * found and callable; a library that is not there or lacks a function is
 * one line naming it, every time it is asked for, and nothing half-filled
 * is handed out.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/dl.h"
#include "../test.h"

struct libc_fns {
	__typeof__(&strlen) strlen_fn;
	__typeof__(&abs) abs_fn;
};

#define FN(field, name) { name, offsetof(struct libc_fns, field) }
static const struct hwmsg_dl_sym libc_syms[] = {
	FN(strlen_fn, "strlen"),
	FN(abs_fn, "abs"),
};
static const struct hwmsg_dl_sym missing_syms[] = {
	FN(strlen_fn, "strlen"),
	FN(abs_fn, "hwmsg_no_such_function"),
};

int main(void)
{
	struct libc_fns ok = { 0 }, half = { 0 }, none = { 0 };
	struct hwmsg_dl libc = HWMSG_DL_INIT("libc.so.6", NULL, libc_syms, &ok);
	struct hwmsg_dl lacking = HWMSG_DL_INIT("libc.so.6", NULL,
						missing_syms, &half);
	struct hwmsg_dl absent = HWMSG_DL_INIT("libhwmsg-absent.so.9",
					       "reading X needs Y",
					       libc_syms, &none);
	struct hwmsg_err err;

	CHECK_EQ(hwmsg_dl_load(&libc, &err), 0);
	CHECK(ok.strlen_fn && ok.strlen_fn("devlink") == 7);
	CHECK(ok.abs_fn && ok.abs_fn(-3) == 3);
	CHECK_EQ(hwmsg_dl_load(&libc, &err), 0);	/* once is enough */

	for (int i = 0; i < 2; i++) {
		memset(&err, 0, sizeof(err));
		CHECK_EQ(hwmsg_dl_load(&lacking, &err), -1);
		CHECK_STR(err.msg, "libc.so.6: no symbol hwmsg_no_such_function");
		memset(&err, 0, sizeof(err));
		CHECK_EQ(hwmsg_dl_load(&absent, &err), -1);
		CHECK(!strncmp(err.msg, "reading X needs Y: libhwmsg-absent.so.9: ",
			       strlen("reading X needs Y: libhwmsg-absent.so.9: ")));
	}
	CHECK(!none.strlen_fn);
	return test_done("test_dl");
}
