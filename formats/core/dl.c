// SPDX-License-Identifier: GPL-2.0-or-later
/* Libraries opened on first use (dl.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "hwmsg/dl.h"

static void load(struct hwmsg_dl *d)
{
	void *h = dlopen(d->soname, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		snprintf(d->error, sizeof(d->error), "%s%s%s",
			 d->need ? d->need : "", d->need ? ": " : "",
			 dlerror());
		return;
	}
	for (size_t i = 0; i < d->n_syms; i++) {
		void *p = dlsym(h, d->syms[i].name);

		if (!p) {
			snprintf(d->error, sizeof(d->error), "%s: no symbol %s",
				 d->soname, d->syms[i].name);
			dlclose(h);
			return;
		}
		/* dlsym() returns an object pointer: copy it into the
		 * function pointer */
		memcpy((char *)d->fns + d->syms[i].offset, &p, sizeof(p));
	}
	d->loaded = true;
}

int hwmsg_dl_load(struct hwmsg_dl *d, struct hwmsg_err *err)
{
	bool loaded;

	pthread_mutex_lock(&d->lock);
	if (!d->tried)
		load(d);
	d->tried = true;
	loaded = d->loaded;
	pthread_mutex_unlock(&d->lock);
	if (loaded)
		return 0;
	return hwmsg_errf(err, 0, "%s", d->error);
}
