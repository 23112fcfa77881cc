/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The time typed after t: a time of day or an offset from the first record. */
#ifndef HWMSG_TUI_TIMEARG_H
#define HWMSG_TUI_TIMEARG_H

#include <stdint.h>

/*
 * "12:03:04.5" (local time of day, as the list shows times; on the first
 * record's day, or the next when that is earlier than the first record
 * and the capture reaches it) or "+10s", "+1.5m", "+250ms", "+2h", "+3"
 * (seconds) after the first record. 0 and *ts_ns; -1 when not understood.
 */
int top_parse_time(const char *s, uint64_t first_ns, uint64_t last_ns,
		   uint64_t *ts_ns);

#endif
