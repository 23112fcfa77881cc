/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tracepoint devlink:devlink_hwmsg as data, for every reader of it:
 * hwmsgd's live tracepoint source and the perf.data and trace.dat inputs of
 * hwmsg_reader. Where each field lies in a raw sample (from tracefs's format
 * text, or from an event libtraceevent parsed) and a raw sample turned into
 * a record, in one place.
 */
#ifndef HWMSG_TRACEPOINT_H
#define HWMSG_TRACEPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

#define HWMSG_TP_SYSTEM		"devlink"
#define HWMSG_TP_EVENT		"devlink_hwmsg"

enum hwmsg_tp_field_id {
	HWMSG_TP_F_BUS, HWMSG_TP_F_DEV, HWMSG_TP_F_DRIVER, HWMSG_TP_F_INCOMING,
	HWMSG_TP_F_TYPE, HWMSG_TP_F_BUF, HWMSG_TP_F_LEN, HWMSG_TP_F_NUM
};

/* "bus_name", "dev_name", ... in enum order */
extern const char *const hwmsg_tp_field_names[HWMSG_TP_F_NUM];

struct hwmsg_tp_field {
	int offset;
	int size;
	bool loc;	/* __data_loc: u32 offset | len << 16 from entry start */
	bool rel;	/* __rel_loc: offset from the end of the field */
	bool found;
};

struct hwmsg_tp_format {
	struct hwmsg_tp_field f[HWMSG_TP_F_NUM];
};

/* Where the sample's strings are copied (NUL-terminated, cut if longer). */
struct hwmsg_tp_strings {
	char bus[128], dev[128], driver[128];
};

/* One line of tracefs's format file; lines not of our fields are ignored. */
void hwmsg_tp_format_line(struct hwmsg_tp_format *fmt, const char *line);

struct tep_event;
/* The fields of an event libtraceevent parsed (tep_find_field by name). */
void hwmsg_tp_format_event(struct hwmsg_tp_format *fmt,
			   const struct tep_event *ev);

/* 0 when every field was found where a sample can hold it; else err,
 * naming what (a path, "perf.data"). */
int hwmsg_tp_format_check(const struct hwmsg_tp_format *fmt, const char *what,
			  struct hwmsg_err *err);

/*
 * A raw sample (perf's PERF_SAMPLE_RAW, a ring buffer event's data) as a
 * record: strings go to st, the payload points into raw. Fields a sample
 * does not hold are left empty; never reads outside raw. ts_ns is left 0.
 */
void hwmsg_tp_sample_record(const struct hwmsg_tp_format *fmt,
			    const uint8_t *raw, uint32_t len,
			    struct hwmsg_tp_strings *st,
			    struct hwmsg_record *rec);

#endif
