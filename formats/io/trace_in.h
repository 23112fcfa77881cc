/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the reader's two tracer inputs (perf.data: perf_in.c, trace.dat:
 * tracedat.c) share: samples of devlink:devlink_hwmsg made records
 * (hwmsg/tracepoint.h), the devices they came from (one interface each),
 * the events lost per CPU, where the file came from and its clock.
 */
#ifndef HWMSG_IO_TRACE_IN_H
#define HWMSG_IO_TRACE_IN_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/io.h"
#include "hwmsg/tracepoint.h"

#define TRACE_IN_DEVS_MAX	4096	/* as the pcapng interfaces kept */
#define TRACE_IN_CPUS_MAX	8192

struct trace_dev {
	char *name;		/* bus/dev */
	uint64_t records;
};

struct trace_in {
	const char *name;	/* the file, for messages */
	struct hwmsg_tp_format fmt;
	struct hwmsg_tp_strings st;
	struct trace_dev *devs;
	unsigned int n_devs, cap_devs, last_dev;
	uint64_t *lost;		/* per CPU */
	unsigned int n_cpus;
	uint64_t lost_total, received;
	uint64_t lost_counted;	/* perf's LOST_SAMPLES: the same losses again */
	uint64_t other;		/* samples of other events, skipped */
	bool lost_unknown;	/* a CPU lost events it could not count */
	struct hwmsg_reader_origin origin;	/* strings owned here */
	char clock[96];		/* info.clock */
};

void trace_in_init(struct trace_in *t, const char *name);
void trace_in_free(struct trace_in *t);
/* A raw sample as rec (valid until the next call), counted for its device. */
void trace_in_record(struct trace_in *t, const uint8_t *raw, uint32_t len,
		     uint64_t ts_ns, struct hwmsg_record *rec);
/* n events lost on cpu (-1: not known which). */
void trace_in_lost(struct trace_in *t, int cpu, uint64_t n);
/*
 * perf's end-of-run count of samples lost (PERF_RECORD_LOST_SAMPLES): the
 * kernel's counter of the losses PERF_RECORD_LOST already reported, so the
 * total is the larger of the two, not their sum.
 */
void trace_in_lost_counted(struct trace_in *t, uint64_t n);
/* Events lost in all: what the tracer reported, counted once. */
uint64_t trace_in_lost_all(const struct trace_in *t);
/* *field = a copy of s (n bytes, cut at a NUL); the old one freed. */
void trace_in_set(char **field, const char *s, size_t n);

int trace_in_drops(const struct trace_in *t, struct hwmsg_reader_drops *d);
int trace_in_iface(const struct trace_in *t, unsigned int i,
		   struct hwmsg_reader_iface *s);
int trace_in_cpu_lost(const struct trace_in *t, unsigned int cpu,
		      uint64_t *lost);

#endif
