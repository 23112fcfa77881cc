/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Starting a worker thread of libhwmsg or a tool: signals stay with the
 * program's own thread (its handlers, ncurses' SIGWINCH, SIGPIPE's exit),
 * and the thread has a name that top(1) and perf show.
 */
#ifndef HWMSG_THREAD_H
#define HWMSG_THREAD_H

#include <pthread.h>

/* As pthread_create(): 0, or the error number. name: 15 bytes at most. */
int hwmsg_thread_start(pthread_t *thread, void *(*fn)(void *), void *arg,
		       const char *name);

#endif
