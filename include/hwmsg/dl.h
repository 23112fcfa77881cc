/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A library opened the first time it is needed, by the soname found at
 * build time, rather than linked: a tool that never needs it does not pay
 * for mapping and relocating it and what it pulls in (libpcap: libdbus,
 * libsystemd, libgcrypt; libxml2: ICU and the C++ runtime; libncursesw
 * and libtinfo, which only hwmsg top draws with). Its functions land in a
 * struct of pointers typed as the library's headers declare them.
 */
#ifndef HWMSG_DL_H
#define HWMSG_DL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "hwmsg/err.h"

struct hwmsg_dl_sym {
	const char *name;
	size_t offset;		/* of its pointer in the struct */
};

struct hwmsg_dl {
	const char *soname;
	const char *need;	/* "reading ADB files needs libxml2", or NULL */
	const struct hwmsg_dl_sym *syms;
	size_t n_syms;
	void *fns;		/* the struct of function pointers */
	pthread_mutex_t lock;
	bool tried, loaded;
	char error[256];
};

#define HWMSG_DL_INIT(soname_, need_, syms_, fns_)			\
	{ .soname = (soname_), .need = (need_), .syms = (syms_),	\
	  .n_syms = sizeof(syms_) / sizeof((syms_)[0]), .fns = (fns_),	\
	  .lock = PTHREAD_MUTEX_INITIALIZER }

/*
 * Loads d on the first call (thread-safe) and keeps it loaded (objects
 * made by it live in it): 0, or -1 with *err saying why, every call.
 */
int hwmsg_dl_load(struct hwmsg_dl *d, struct hwmsg_err *err);

#endif
