/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsgd's tracepoint source, the parts apart from the perf rings so that
 * they can be tested: when a sample may go, which CPUs are online. The
 * samples themselves are libhwmsg's (hwmsg/tracepoint.h).
 */
#ifndef HWMSGD_TP_FORMAT_H
#define HWMSGD_TP_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/tracepoint.h"

/*
 * Merging CPUs by time (source_tracepoint.c): a pending sample stamped
 * sample_ts (CLOCK_REALTIME), copied out at seen_mono (CLOCK_MONOTONIC),
 * may go once it is reorder_ns older than the rings were last looked at
 * (now_rt) or has waited hold_ns. Nanoseconds left until then, 0 if now.
 */
uint64_t tp_hold_left_ns(uint64_t sample_ts, uint64_t seen_mono,
			 uint64_t now_rt, uint64_t now_mono,
			 uint64_t reorder_ns, uint64_t hold_ns);

/*
 * A sysfs CPU list ("0-3,5\n", /sys/devices/system/cpu/online) into
 * set[0..n): true for each listed CPU below n. Returns the highest CPU
 * listed (may be >= n), -1 for an empty list, -2 when malformed (set is
 * then partly filled).
 */
int tp_cpulist_parse(const char *s, bool *set, int n);

#endif
