// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD for tests: fstat() reports st_blksize = $HWMSG_FAKE_BLKSIZE,
 * as NFS or APFS do, so Wireshark 4.0 reads compressed files in buffers of
 * that size (see include/hwmsg/zlayout.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/stat.h>

static void fake(blksize_t *b)
{
	const char *e = getenv("HWMSG_FAKE_BLKSIZE");

	if (e)
		*b = (blksize_t)atol(e);
}

int fstat64(int fd, struct stat64 *st)
{
	int (*real)(int, struct stat64 *) =
		(int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
	int ret = real(fd, st);

	if (!ret)
		fake(&st->st_blksize);
	return ret;
}

int fstat(int fd, struct stat *st)
{
	int (*real)(int, struct stat *) =
		(int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
	int ret = real(fd, st);

	if (!ret)
		fake(&st->st_blksize);
	return ret;
}
