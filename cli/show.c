// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg show: one line per record, tcpdump style; -V adds every TLV and the
 * register payload.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmds.h"
#include "tracer_info.h"
#include "hwmsg/io.h"
#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/trace.h"
#include "hwmsg/txn.h"
#include "export.h"
#include "print.h"
#include "select.h"

struct show_opts {
	bool verbose;
	bool errors_only;
	bool relative;
	bool no_pair;
	bool json;
	bool numbers;		/* -N: Wireshark's frame numbers */
	const char *reg;	/* only this register (name or id) */
	uint16_t reg_id;	/* reg, resolved */
	uint64_t count;
	struct select sel;	/* -Y, -d, --since, --until */
	const char *out;	/* -w */
	bool pairs;		/* --pairs */
	struct export exp;
};

static void show_usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg show [OPTIONS] FILE... (- for stdin)\n"
		"Several files (a ring from hwmsgd -b) are one trace, in the order given.\n"
		"  -V, --verbose      every TLV, field and the register payload\n"
		"  -j, --json         one JSON object per record and line\n"
		"  -e, --errors       only responses with a non-zero status\n"
		"  -r, --relative     time relative to the first record\n"
		"  -N, --number       each line starts with the record's number in the\n"
		"                     files, as Wireshark numbers frames\n"
		"  -R, --reg NAME     only this register (name or id, e.g. PMLP or 0x5002)\n"
		"  -c, --count N      stop after N records\n"
		"  -w, --write FILE   write the selected records to a new capture (.zst\n"
		"                     compresses) instead of printing them\n"
		"      --pairs        with -w: also the request of each selected\n"
		"                     response and the response of each selected request\n"
		"  -q, --quiet        no notes (clock, drops) or -w summary on stderr,\n"
		"                     only errors\n"
		SELECT_USAGE
		"      --no-pair      do not pair requests and responses (no latency)\n");
}

/* Everything show prints goes through this one buffer. */
static struct obuf out;

/* evicted: pushed out of the pairing table, not at the end. */
static void print_orphan(const struct hwmsg_txn_orphan *o, bool evicted)
{
	ob_puts(&out, "orphan:");
	ob_device(&out, o->bus, o->dev);
	ob_puts(&out, o->type == HWMSG_TYPE_MLX_CMD_REG ? " CMD_REG " : " EMAD ");
	ob_reg(&out, o->reg_id);
	ob_putc(&out, ' ');
	ob_puts(&out, hwmsg_name_lookup(hwmsg_emad_method_names, o->method) ?: "?");
	if (o->type == HWMSG_TYPE_MLX_EMAD) {	/* CMD_REG has no tid */
		ob_puts(&out, " tid 0x");
		ob_hex(&out, o->tid, 16);
	}
	ob_puts(&out, " sent at ");
	ob_time(&out, o->ts_ns, 0);
	if (evicted)
		ob_printf(&out, " not answered within %u requests\n",
			  HWMSG_TXN_MAX_PENDING);
	else
		ob_puts(&out, " never answered\n");
	ob_end_record(&out);
}

static void print_evicted(const struct hwmsg_txn_orphan *o, bool marked,
			  void *arg)
{
	(void)marked, (void)arg;
	print_orphan(o, true);
}

static void print_unanswered(const struct hwmsg_txn_orphan *o, bool marked,
			     void *arg)
{
	(void)marked, (void)arg;
	print_orphan(o, false);
}

/* -Y, -d, --since, --until are the cursor's; -e and -R are show's own. */
static bool selected(const struct show_opts *o,
		     const struct hwmsg_trace_item *it)
{
	const struct hwmsg_msg *msg = it->msg;

	if (o->errors_only && (!msg || !msg->op.status))
		return false;
	if (o->reg && (!msg || msg->op.reg_id != o->reg_id))
		return false;
	return it->selected;
}

struct show_state {
	struct hwmsg_trace *t;
	uint64_t shown;
	bool done;			/* --count reached */
};

/* One file; pairing goes on across files (a ring of files is one trace). */
/*
 * A listing with holes must say so: the capture's own statistics (read
 * once the whole file went by) count what never reached the file.
 */
static void warn_drops(const struct hwmsg_reader *r, const char *path)
{
	struct hwmsg_reader_drops d;
	uint64_t n;

	if (hwmsg_reader_drops(r, &d) || !d.known)
		return;
	n = d.dropped + d.unattributed;
	if (n)
		fprintf(stderr, "hwmsg: %s: the capture dropped %llu of %llu messages: this listing has gaps\n",
			path, (unsigned long long)n,
			(unsigned long long)(n + d.received));
}

static int show_file(const char *path, struct show_opts *o,
		     struct show_state *s)
{
	struct hwmsg_trace_item it;
	struct hwmsg_reader *r;
	struct hwmsg_err err;
	int ret = 1, bad = 0;

	if (hwmsg_trace_open(s->t, path, &err)) {
		fprintf(stderr, "hwmsg: %s\n", err.msg);
		return 1;
	}
	r = hwmsg_trace_reader(s->t);
	if (!o->exp.quiet)
		tracer_time_note(r, path, stderr);
	while (!s->done && (ret = hwmsg_trace_next(s->t, &it, &err)) != 0) {
		bool sel;

		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			bad = 1;
			continue;
		}
		sel = selected(o, &it);
		if (o->out) {
			int w = export_record(&o->exp, &it, sel);

			if (w < 0) {
				s->done = true;
				bad = 1;
			} else if (w) {
				hwmsg_trace_mark(s->t);
			}
			continue;
		}
		if (!sel)
			continue;
		/* as tcpdump -c: N of the records shown, not of those read */
		if (o->count && ++s->shown >= o->count)
			s->done = true;
		if (o->json) {
			print_record_json(&out, &it.rec, it.msg, it.txn,
					  o->verbose);
			ob_end_record(&out);
			continue;
		}
		if (o->numbers) {
			ob_u64(&out, it.frame);
			ob_putc(&out, ' ');
		}
		print_record_line(&out, &it.rec, it.msg, it.txn,
				  o->relative ? it.first_ts_ns : 0);
		if (it.decode_rc && it.rec.type != HWMSG_TYPE_DEVLINK_EVENT) {
			ob_put(&out, "  ! ", 4);
			ob_puts(&out, it.decode_err.msg);
			ob_putc(&out, '\n');
		}
		if (o->verbose)
			print_record_detail(&out, &it.rec, it.msg);
		ob_end_record(&out);
	}
	if (o->out)
		export_add_drops(&o->exp, r);
	if (!o->exp.quiet) {	/* -q: notes stay unsaid */
		if (!ret)
			warn_drops(r, path);
		tracer_end_note(r, path, stderr);
	}
	hwmsg_trace_close(s->t);
	return bad;
}

/* What selected the records, for the comment of a -w file. */
static char *selection_text(const struct show_opts *o)
{
	size_t cap = 64;
	char *t;

	for (unsigned int i = 0; i < o->sel.n; i++)
		cap += strlen(hwmsg_filter_text(o->sel.f[i])) + 8;
	t = calloc(1, cap + (o->reg ? strlen(o->reg) : 0));
	if (!t)
		return NULL;
	for (unsigned int i = 0; i < o->sel.n; i++) {
		if (i)
			strcat(t, " and ");
		strcat(t, hwmsg_filter_text(o->sel.f[i]));
	}
	if (o->errors_only)
		strcat(t, *t ? " and errors only" : "errors only");
	if (o->reg) {
		strcat(t, *t ? " and register " : "register ");
		strcat(t, o->reg);
	}
	if (!*t)
		strcat(t, "all records");
	if (o->pairs)
		strcat(t, ", with their pairs");
	return t;
}

static bool printing_orphans(const struct show_opts *o)
{
	return !o->reg && !o->errors_only && !o->json && !o->out &&
	       !select_active(&o->sel);
}

static int show_files(int n, char **paths, struct show_opts *o)
{
	struct show_state s = { 0 };
	int ret = 0;

	if (o->out) {
		char *what = selection_text(o);
		int fail = !what || export_open(&o->exp, o->out, o->pairs, what);

		free(what);
		if (fail)
			return 1;
	}
	s.t = hwmsg_trace_new(o->no_pair ? HWMSG_TRACE_DECODE :
				 HWMSG_TRACE_PAIR);
	if (!s.t) {
		fprintf(stderr, "hwmsg: out of memory\n");
		return 1;
	}
	for (unsigned int i = 0; i < o->sel.n; i++)
		hwmsg_trace_select(s.t, o->sel.f[i]);
	if (printing_orphans(o))
		hwmsg_trace_set_evict_cb(s.t, print_evicted, NULL);
	for (int i = 0; i < n && !s.done; i++)
		ret |= show_file(paths[i], o, &s);
	if (printing_orphans(o))
		hwmsg_trace_orphans(s.t, 0, 0, print_unanswered, NULL);
	hwmsg_trace_free(s.t);
	if (o->out && export_close(&o->exp))
		ret = 1;
	return ret;
}

/* -c N: a number, 0 for no limit; anything else is a usage error */
static int parse_count(const char *arg, uint64_t *n)
{
	char *end;

	errno = 0;
	*n = strtoull(arg, &end, 0);
	if (!*arg || *end || errno || arg[0] == '-') {
		fprintf(stderr, "hwmsg show: -c: '%s' is not a count\n", arg);
		return -1;
	}
	return 0;
}

int cmd_show(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "verbose", no_argument, NULL, 'V' },
		{ "json", no_argument, NULL, 'j' },
		{ "errors", no_argument, NULL, 'e' },
		{ "relative", no_argument, NULL, 'r' },
		{ "number", no_argument, NULL, 'N' },
		{ "reg", required_argument, NULL, 'R' },
		{ "count", required_argument, NULL, 'c' },
		{ "no-pair", no_argument, NULL, 'P' },
		{ "write", required_argument, NULL, 'w' },
		{ "pairs", no_argument, NULL, 'A' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		SELECT_LONG_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct show_opts o = { 0 };
	int c, ret;

	while ((c = getopt_long(argc, argv, "VjerNR:c:hqY:d:w:", lopts, NULL)) != -1) {
		switch (c) {
		case SELECT_FILTER:
		case SELECT_DEVICE:
		case SELECT_SINCE:
		case SELECT_UNTIL:
			if (select_add(&o.sel, "hwmsg show", c, optarg))
				goto usage;
			break;
		case 'V':
			o.verbose = true;
			break;
		case 'j':
			o.json = true;
			break;
		case 'e':
			o.errors_only = true;
			break;
		case 'r':
			o.relative = true;
			break;
		case 'N':
			o.numbers = true;
			break;
		case 'R':
			o.reg = optarg;
			if (reg_parse(optarg, &o.reg_id)) {
				fprintf(stderr, "hwmsg show: unknown register '%s' (a name such as PMLP or an id such as 0x5002)\n",
					optarg);
				goto usage;
			}
			break;
		case 'c':
			if (parse_count(optarg, &o.count))
				goto usage;
			break;
		case 'P':
			o.no_pair = true;
			break;
		case 'w':
			o.out = optarg;
			break;
		case 'A':
			o.pairs = true;
			break;
		case 'q':
			o.exp.quiet = true;
			break;
		case 'h':
			show_usage(stdout);
			select_free(&o.sel);
			return 0;
		default:
			show_usage(stderr);
			goto usage;
		}
	}
	if (optind >= argc) {
		show_usage(stderr);
		goto usage;
	}
	if (o.pairs && (!o.out || o.no_pair)) {
		fprintf(stderr, "hwmsg show: --pairs goes with -w and pairing (not --no-pair)\n");
		goto usage;
	}
	/* 256 KiB: output goes out in large writes, not per field */
	if (ob_open(&out, stdout, 256 * 1024)) {
		fprintf(stderr, "hwmsg: out of memory\n");
		select_free(&o.sel);
		return 1;
	}
	ret = show_files(argc - optind, argv + optind, &o);
	ob_close(&out);
	select_free(&o.sel);
	return ret;
usage:
	select_free(&o.sel);
	return 2;
}
