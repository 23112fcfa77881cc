/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tracepoint devlink:devlink_hwmsg as data: its tracefs format file
 * (where each field lies in a sample) and a raw sample turned into a
 * record. Apart from the perf ring handling so that both can be fuzzed.
 */
#ifndef HWMSGD_TP_FORMAT_H
#define HWMSGD_TP_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

enum tp_field_id {
	TP_F_BUS, TP_F_DEV, TP_F_DRIVER, TP_F_INCOMING, TP_F_TYPE, TP_F_BUF,
	TP_F_LEN, TP_F_NUM
};

struct tp_field {
	int offset;
	int size;
	bool loc;	/* __data_loc: u32 offset | len << 16 from entry start */
	bool rel;	/* __rel_loc: offset from the end of the field */
	bool found;
};

struct tp_format {
	struct tp_field f[TP_F_NUM];
};

/* Where the sample's strings are copied (NUL-terminated, cut if longer). */
struct tp_strings {
	char bus[128], dev[128], driver[128];
};

/* One line of the format file; lines that are not our fields are ignored. */
void tp_format_line(struct tp_format *fmt, const char *line);
/* 0 when every field was found where a sample can hold it; else err. */
int tp_format_check(const struct tp_format *fmt, const char *path,
		    struct hwmsg_err *err);
/*
 * A raw sample (PERF_SAMPLE_RAW) as a record: strings go to st, the payload
 * points into raw. Fields a sample does not hold are left empty; never
 * reads outside raw. ts_ns is left 0.
 */
void tp_sample_record(const struct tp_format *fmt, const uint8_t *raw,
		      uint32_t len, struct tp_strings *st,
		      struct hwmsg_record *rec);

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
