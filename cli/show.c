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
#include "hwmsg/io.h"
#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/txn.h"
#include "print.h"

struct show_opts {
	bool verbose;
	bool errors_only;
	bool relative;
	bool no_pair;
	bool json;
	const char *reg;	/* only this register (name or id) */
	uint16_t reg_id;	/* reg, resolved */
	uint64_t count;
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
		"  -R, --reg NAME     only this register (name or id, e.g. PMLP or 0x5002)\n"
		"  -c, --count N      stop after N records\n"
		"      --no-pair      do not pair requests and responses (no latency)\n");
}

/* arg non-NULL: pushed out of the pairing table, not at the end. */
static void print_orphan(const struct hwmsg_txn_orphan *o, void *arg)
{
	printf("orphan:");
	print_device(stdout, o->bus, o->dev);
	printf(" %s ", o->type == HWMSG_TYPE_MLX_CMD_REG ? "CMD_REG" : "EMAD");
	print_reg(stdout, o->reg_id);
	printf(" %s", hwmsg_name_lookup(hwmsg_emad_method_names, o->method) ?: "?");
	if (o->type == HWMSG_TYPE_MLX_EMAD)	/* CMD_REG has no tid */
		printf(" tid 0x%016llx", (unsigned long long)o->tid);
	printf(" sent at ");
	print_time(stdout, o->ts_ns, 0);
	if (arg)
		printf(" not answered within %u requests\n",
		       HWMSG_TXN_MAX_PENDING);
	else
		printf(" never answered\n");
}

static bool selected(const struct show_opts *o, const struct hwmsg_msg *msg,
		     bool decoded)
{
	if (o->errors_only && (!decoded || !msg->op.status))
		return false;
	if (o->reg && (!decoded || msg->op.reg_id != o->reg_id))
		return false;
	return true;
}

struct show_state {
	struct hwmsg_txn *txn;		/* NULL: --no-pair */
	uint64_t n, shown, first_ts;
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

static int show_file(const char *path, const struct show_opts *o,
		     struct show_state *s)
{
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int ret = 1, bad = 0;

	r = hwmsg_reader_open(path, &err);
	if (!r) {
		fprintf(stderr, "hwmsg: %s\n", err.msg);
		return 1;
	}
	while (!s->done && (ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		struct hwmsg_txn_info info = { 0 };
		struct hwmsg_msg msg;
		struct hwmsg_err merr;
		bool decoded;
		int rc;

		if (ret < 0) {
			fprintf(stderr, "hwmsg: %s\n", err.msg);
			bad = 1;
			continue;
		}
		if (!s->n)
			s->first_ts = rec.ts_ns;
		s->n++;
		/* 1: decoded, with a problem (a cut, a bad TLV) to mark */
		rc = hwmsg_msg_decode(&rec, &msg, &merr);
		decoded = rc >= 0;
		if (decoded && s->txn)
			hwmsg_txn_feed(s->txn, &rec, &msg, &info);
		if (!selected(o, &msg, decoded))
			continue;
		/* as tcpdump -c: N of the records shown, not of those read */
		if (o->count && ++s->shown >= o->count)
			s->done = true;
		if (o->json) {
			print_record_json(stdout, &rec, decoded ? &msg : NULL,
					  s->txn ? &info : NULL, o->verbose);
			continue;
		}
		print_record_line(stdout, &rec, decoded ? &msg : NULL,
				  s->txn ? &info : NULL,
				  o->relative ? s->first_ts : 0);
		if (rc && rec.type != HWMSG_TYPE_DEVLINK_EVENT)
			printf("  ! %s\n", merr.msg);
		if (o->verbose)
			print_record_detail(stdout, &rec, decoded ? &msg : NULL);
	}
	if (!ret)
		warn_drops(r, path);
	hwmsg_reader_close(r);
	return bad;
}

static int show_files(int n, char **paths, const struct show_opts *o)
{
	struct show_state s = { 0 };
	int ret = 0;

	if (!o->no_pair) {
		s.txn = hwmsg_txn_new();
		if (!s.txn) {
			fprintf(stderr, "hwmsg: out of memory\n");
			return 1;
		}
		if (!o->reg && !o->errors_only && !o->json)
			hwmsg_txn_set_evict_cb(s.txn, print_orphan, s.txn);
	}
	for (int i = 0; i < n && !s.done; i++)
		ret |= show_file(paths[i], o, &s);
	if (s.txn) {
		if (!o->reg && !o->errors_only && !o->json)
			hwmsg_txn_orphans(s.txn, 0, 0, print_orphan, NULL);
		hwmsg_txn_free(s.txn);
	}
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
		{ "reg", required_argument, NULL, 'R' },
		{ "count", required_argument, NULL, 'c' },
		{ "no-pair", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct show_opts o = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "VjerR:c:h", lopts, NULL)) != -1) {
		switch (c) {
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
		case 'R':
			o.reg = optarg;
			if (reg_parse(optarg, &o.reg_id)) {
				fprintf(stderr, "hwmsg show: unknown register '%s' (a name such as PMLP or an id such as 0x5002)\n",
					optarg);
				return 2;
			}
			break;
		case 'c':
			if (parse_count(optarg, &o.count))
				return 2;
			break;
		case 'P':
			o.no_pair = true;
			break;
		case 'h':
			show_usage(stdout);
			return 0;
		default:
			show_usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		show_usage(stderr);
		return 2;
	}
	return show_files(argc - optind, argv + optind, &o);
}
