// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg convert IN OUT: any capture the reader opens (perf.data and
 * trace.dat of devlink:devlink_hwmsg, pcap, pcapng) written as our pcapng
 * (.zst: compressed), with where it came from in the section header and
 * what it lost in the interface statistics.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "export.h"
#include "hwmsg/io.h"

#define ORIGIN_MAX	4096

static void convert_usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg convert [-q] IN OUT\n"
		"IN: any capture hwmsg reads (perf.data, trace.dat, pcap, pcapng; - for stdin)\n"
		"OUT: pcapng, zstd-compressed when it ends in .zst (- for stdout)\n"
		"  -q, --quiet   no summary line, only errors\n");
}

static const char *format_name(enum hwmsg_input_format f)
{
	switch (f) {
	case HWMSG_INPUT_PERF_DATA: return "perf.data";
	case HWMSG_INPUT_TRACE_DAT: return "trace.dat";
	case HWMSG_INPUT_PCAP_USER15: return "pcap";
	case HWMSG_INPUT_ETHERNET: return "Ethernet capture";
	default: return "pcapng";
	}
}

/* The SHB comment: the input, the tool, host and command that made it. */
static void origin_comment(const struct hwmsg_reader *r, const char *in,
			   const struct hwmsg_reader_origin *o, char *buf,
			   size_t cap)
{
	const struct hwmsg_reader_info *info = hwmsg_reader_info(r);
	size_t n;

	n = (size_t)snprintf(buf, cap, "converted by hwmsg convert %s from %s (%s)",
			     HWMSG_VERSION, in, format_name(info->format));
	if (o->tool && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, "\nrecorded by %s%s%s",
				      o->tool, o->version ? " " : "",
				      o->version ? o->version : "");
	if (o->host && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, " on %s", o->host);
	if (o->os_release && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, " (%s)", o->os_release);
	if (o->cmdline && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, "\ncommand: %s",
				      o->cmdline);
	if (info->clock && n < cap)
		snprintf(buf + n, cap - n, "\ntimes: %s%s", info->clock,
			 info->relative_time ? ", not wall time (relative times exact)" : "");
}

static int copy_records(struct hwmsg_reader *r, struct hwmsg_writer *w,
			uint64_t *n)
{
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int ret, bad = 0;

	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			bad = 1;
			continue;
		}
		if (hwmsg_writer_write(w, &rec, &err)) {
			fprintf(stderr, "hwmsg convert: %s\n", err.msg);
			return 1;
		}
		(*n)++;
	}
	return bad;
}

static int convert(const char *in, const char *out, bool quiet)
{
	struct hwmsg_writer_opts wo = {
		.application = "hwmsg convert " HWMSG_VERSION,
		.record_clock = true,	/* dated by its records, not now */
	};
	struct hwmsg_reader_origin o;
	struct hwmsg_reader *r;
	struct hwmsg_err err;
	struct export e = { .path = out };
	char comment[ORIGIN_MAX], os[256];
	uint64_t n = 0;
	int ret;

	r = hwmsg_reader_open(in, &err);
	if (!r) {
		fprintf(stderr, "hwmsg: %s\n", err.msg);
		return 1;
	}
	hwmsg_reader_origin(r, &o);
	origin_comment(r, in, &o, comment, sizeof(comment));
	wo.comment = comment;
	wo.hardware = o.arch;
	if (o.os_release) {
		snprintf(os, sizeof(os), "Linux %s", o.os_release);
		wo.os = os;
	}
	e.w = hwmsg_writer_open(out, &wo, &err);
	if (!e.w) {
		fprintf(stderr, "hwmsg convert: %s\n", err.msg);
		hwmsg_reader_close(r);
		return 1;
	}
	ret = copy_records(r, e.w, &n);
	export_add_drops(&e, r);
	hwmsg_reader_close(r);
	if (hwmsg_writer_close(e.w, &err)) {
		fprintf(stderr, "hwmsg convert: %s\n", err.msg);
		return 1;
	}
	if (!quiet)
		fprintf(stderr, "hwmsg convert: %llu records written to %s\n",
			(unsigned long long)n, out);
	return ret;
}

int cmd_convert(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	bool quiet = false;
	int opt;

	while ((opt = getopt_long(argc, argv, "hq", lopts, NULL)) != -1) {
		if (opt == 'h') {
			convert_usage(stdout);
			return 0;
		}
		if (opt == 'q') {
			quiet = true;
			continue;
		}
		convert_usage(stderr);
		return 2;
	}
	if (argc - optind != 2) {
		convert_usage(stderr);
		return 2;
	}
	return convert(argv[optind], argv[optind + 1], quiet);
}
