// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg state: what the trace says the devices held: the latest confirmed
 * contents of every register instance (libhwmsg's hwmsg/state.h), as of
 * the end or of --at TIME; --port puts the port registers side by side.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "hwmsg/io.h"
#include "hwmsg/regdb.h"
#include "hwmsg/state.h"
#include "hwmsg/trace.h"
#include "json.h"
#include "print.h"
#include "select.h"
#include "state_port.h"

struct state_opts {
	bool json, ports;
	struct select sel;	/* -Y, -d, --since, --at (an --until) */
};

static void state_usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg state [OPTIONS] FILE... (- for stdin)\n"
		"The latest confirmed contents of every register instance.\n"
		"  -a, --at TIME      as of TIME (seconds after the first record, or a\n"
		"                     date) instead of the end\n"
		"  -p, --port         one row per port: PAOS, PTYS, PMLP, PMTU\n"
		"  -j, --json         JSON, one object per instance and line\n"
		SELECT_USAGE);
}

/* Feed every record (pairing all, so events are told apart). */
static int feed_file(const char *path, struct hwmsg_trace *t,
		     struct hwmsg_state *st)
{
	struct hwmsg_trace_item it;
	struct hwmsg_err err;
	int ret, bad = 0;

	if (hwmsg_trace_open(t, path, &err)) {
		fprintf(stderr, "hwmsg: %s\n", err.msg);
		return 1;
	}
	while ((ret = hwmsg_trace_next(t, &it, &err)) != 0) {
		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			bad = 1;
			continue;
		}
		if (!it.msg || !it.selected)
			continue;
		if (hwmsg_state_feed(st, &it.rec, it.msg, it.txn, it.frame)) {
			fprintf(stderr, "hwmsg: out of memory\n");
			bad = 1;
			break;
		}
	}
	hwmsg_trace_close(t);
	return bad;
}

static void print_instance_text(const struct hwmsg_state_inst *in)
{
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err;

	printf("  %-32s at ", in->key);
	print_time(stdout, in->ts_ns, 0);
	printf(" (#%llu)", (unsigned long long)in->frame);
	if (in->written_ns) {
		printf(" written ");
		print_time(stdout, in->written_ns, 0);
	}
	if (in->failures)
		printf(" failed %llu", (unsigned long long)in->failures);
	if (in->changes)
		printf(" changed %llu", (unsigned long long)in->changes);
	putchar('\n');
	if (hwmsg_reg_decode(NULL, in->reg_id, in->payload, in->len, &d,
			     &err) >= 0)
		hwmsg_reg_print(stdout, &d, "    ", false);
	hwmsg_reg_decoded_free(&d);
}

static void print_instance_json(const struct hwmsg_state_inst *in)
{
	struct hwmsg_reg_decoded d;
	char line[512];
	bool first = true;

	printf("{\"dev\":");
	snprintf(line, sizeof(line), "%s/%s", in->bus, in->dev);
	json_print_str(stdout, line);
	printf(",\"driver\":");
	json_print_str(stdout, in->driver);
	printf(",\"reg_id\":%u,\"instance\":", in->reg_id);
	json_print_str(stdout, in->key);
	printf(",\"ts\":\"%llu\",\"frame\":%llu,\"written_ts\":\"%llu\",\"queried_ts\":\"%llu\",\"writes\":%llu,\"queries\":%llu,\"events\":%llu,\"failures\":%llu,\"changes\":%llu,\"fields\":{",
	       (unsigned long long)in->ts_ns, (unsigned long long)in->frame,
	       (unsigned long long)in->written_ns,
	       (unsigned long long)in->queried_ns,
	       (unsigned long long)in->writes, (unsigned long long)in->queries,
	       (unsigned long long)in->events, (unsigned long long)in->failures,
	       (unsigned long long)in->changes);
	if (hwmsg_reg_decode(NULL, in->reg_id, in->payload, in->len, &d,
			     NULL) >= 0) {
		for (unsigned int i = 0; i < d.n_values; i++) {
			const struct hwmsg_reg_value *v = &d.values[i];

			if (v->group || v->missing)
				continue;
			printf("%s", first ? "" : ",");
			json_print_str(stdout, v->path);
			putchar(':');
			json_print_str(stdout, hwmsg_reg_value_str(v, line,
								   sizeof(line)));
			first = false;
		}
	}
	hwmsg_reg_decoded_free(&d);
	printf("}}\n");
}

static void print_state(struct hwmsg_state *st, const struct state_opts *o)
{
	const char *bus = NULL, *dev = NULL;

	for (unsigned int i = 0; i < hwmsg_state_count(st); i++) {
		const struct hwmsg_state_inst *in = hwmsg_state_at(st, i);

		if (o->json) {
			print_instance_json(in);
			continue;
		}
		if (!bus || strcmp(bus, in->bus) || strcmp(dev, in->dev)) {
			printf("%s", i ? "\n" : "");
			print_device(stdout, in->bus, in->dev);
			putchar('\n');
			bus = in->bus;
			dev = in->dev;
		}
		print_instance_text(in);
	}
}


int cmd_state(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "at", required_argument, NULL, 'a' },
		{ "port", no_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		SELECT_LONG_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct state_opts o = { 0 };
	struct hwmsg_state *st = NULL;
	struct hwmsg_trace *t = NULL;
	int c, ret = 0;

	while ((c = getopt_long(argc, argv, "a:pjhY:d:", lopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (select_add(&o.sel, "hwmsg state --at", SELECT_UNTIL,
				       optarg))
				goto usage;
			break;
		case 'p':
			o.ports = true;
			break;
		case 'j':
			o.json = true;
			break;
		case 'h':
			state_usage(stdout);
			select_free(&o.sel);
			return 0;
		case '?':
			state_usage(stderr);
			goto usage;
		default:
			if (select_add(&o.sel, "hwmsg state", c, optarg))
				goto usage;
			break;
		}
	}
	if (optind >= argc) {
		state_usage(stderr);
		goto usage;
	}
	st = hwmsg_state_new();
	t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	if (!st || !t) {
		fprintf(stderr, "hwmsg: out of memory\n");
		ret = 1;
		goto out;
	}
	for (unsigned int i = 0; i < o.sel.n; i++)
		hwmsg_trace_select(t, o.sel.f[i]);
	for (int i = optind; i < argc; i++)
		ret |= feed_file(argv[i], t, st);
	if (o.ports)
		state_print_ports(st, o.json);
	else
		print_state(st, &o);
out:
	hwmsg_trace_free(t);
	hwmsg_state_free(st);
	select_free(&o.sel);
	return ret;
usage:
	select_free(&o.sel);
	return 2;
}
