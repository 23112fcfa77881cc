// SPDX-License-Identifier: GPL-2.0-or-later
/* libpcap on first use: dlopen by the soname found at build time. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pcap_dl.h"

static struct hwmsg_pcap pcap;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool loaded;

/* dlsym() returns an object pointer: copy it into the function pointer. */
#define SYM(field, name)						\
	do {								\
		void *p = dlsym(h, name);				\
		if (!p) {						\
			missing = name;					\
			goto fail;					\
		}							\
		memcpy(&pcap.field, &p, sizeof(p));			\
	} while (0)

static void load(void)
{
	const char *missing = NULL;
	void *h = dlopen(HWMSG_LIBPCAP_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		snprintf(load_error, sizeof(load_error), "%s", dlerror());
		return;
	}
	SYM(fopen_offline, "pcap_fopen_offline_with_tstamp_precision");
	SYM(next_ex, "pcap_next_ex");
	SYM(datalink, "pcap_datalink");
	SYM(geterr, "pcap_geterr");
	SYM(close, "pcap_close");
	/* kept open: the pcap_t of every open capture lives in it */
	loaded = true;
	return;
fail:
	snprintf(load_error, sizeof(load_error), "%s: no symbol %s",
		 HWMSG_LIBPCAP_SONAME, missing);
	dlclose(h);
}

const struct hwmsg_pcap *hwmsg_pcap(struct hwmsg_err *err)
{
	pthread_once(&once, load);
	if (loaded)
		return &pcap;
	hwmsg_errf(err, 0, "%s", load_error);
	return NULL;
}
