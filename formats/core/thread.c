// SPDX-License-Identifier: GPL-2.0-or-later
/* Worker threads with every signal blocked, named (hwmsg/thread.h). */
#include <signal.h>

#include "hwmsg/thread.h"

int hwmsg_thread_start(pthread_t *thread, void *(*fn)(void *), void *arg,
		       const char *name)
{
	sigset_t all, old;
	int ret;

	/* the new thread inherits the mask in force when it is made */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ret = pthread_create(thread, NULL, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!ret)
		pthread_setname_np(*thread, name);
	return ret;
}
