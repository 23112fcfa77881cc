// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg diff A B: two captures compared as an engineer compares a good and
 * a bad boot: register instances whose final state differs, field by field
 * (libhwmsg's state engine); errors that only one has; registers only one
 * accessed; latency per register and method side by side. Exit 1 when they
 * differ, as diff(1).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "diff.h"
#include "hwmsg/io.h"
#include "hwmsg/regdb.h"
#include "hwmsg/trace.h"
#include "json.h"

/* Read one capture into its side: state, errors, accesses, latency. */
static int load(const char *path, struct diff_side *d)
{
	struct hwmsg_trace *t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	struct hwmsg_trace_item it;
	struct hwmsg_err err;
	int ret, bad = 0;

	d->path = path;
	d->state = hwmsg_state_new();
	if (!t || !d->state) {
		hwmsg_trace_free(t);
		fprintf(stderr, "hwmsg: out of memory\n");
		return 1;
	}
	if (hwmsg_trace_open(t, path, &err)) {
		hwmsg_trace_free(t);
		fprintf(stderr, "hwmsg: %s\n", err.msg);
		return 1;
	}
	while ((ret = hwmsg_trace_next(t, &it, &err)) != 0) {
		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			bad = 1;
			continue;
		}
		d->records++;
		if (!it.msg)
			continue;
		if (hwmsg_state_feed(d->state, &it.rec, it.msg, it.txn,
				     it.frame) ||
		    diff_count(d, &it)) {
			fprintf(stderr, "hwmsg: out of memory\n");
			bad = 1;
			break;
		}
	}
	hwmsg_trace_free(t);
	return bad;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg diff [OPTIONS] A B\n"
		"Compare two captures: final register state, errors, registers\n"
		"accessed, latency. Exit 0 when alike, 1 when they differ.\n"
		"  -j, --json         one JSON object\n"
		"  -q, --quiet        print nothing, only the exit status\n");
}

int cmd_diff(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct diff_side a = { 0 }, b = { 0 };
	struct diff_result res = { 0 };
	bool json = false, quiet = false;
	int c, ret;

	while ((c = getopt_long(argc, argv, "jqh", lopts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (argc - optind != 2) {
		usage(stderr);
		return 2;
	}
	if (load(argv[optind], &a) | load(argv[optind + 1], &b)) {
		ret = 2;
		goto out;
	}
	if (diff_compare(&a, &b, &res)) {
		fprintf(stderr, "hwmsg: out of memory\n");
		ret = 2;
		goto out;
	}
	if (!quiet)
		(json ? diff_print_json : diff_print_text)(&a, &b, &res);
	ret = diff_differs(&res) ? 1 : 0;
out:
	diff_result_free(&res);
	diff_side_free(&a);
	diff_side_free(&b);
	return ret;
}
