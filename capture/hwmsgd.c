// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsgd: capture devlink hardware messages into a pcapng file.
 *
 * One loop: wait on the source, drain what it has, write it, flush at least
 * once a second so a crash or a cut never costs more than a second of data.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "metrics.h"
#include "pipeline.h"
#include "hwmsg/io.h"
#include "hwmsg/sim.h"
#include "output.h"
#include "hwmsg/source.h"

#define FLUSH_MS 1000
#define RATE_MAX 100000000u
#define RCVBUF_MAX (1u << 30)
/* past 2^63 ns (year 2262) signed-ns tools fail and u64 ns soon wrap */
#define EPOCH_MAX INT64_MAX

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

struct config {
	const char *source;
	const char *source_arg;
	const char *path;
	uint64_t count;		/* 0: unlimited */
	uint64_t duration_ns;	/* 0: unlimited */
	struct hwmsg_source_opts sopts;
	struct output_opts oopts;
	bool quiet;
	const char *filter;	/* -f */
	bool reader_gone;	/* -w - or a FIFO: its reader closed it */
	bool to_pipe;		/* -w - or a FIFO (Wireshark's extcap) */
	const char *metrics_path;	/* --metrics */
	uint64_t metrics_ns;		/* --metrics-interval */
	struct metrics *metrics;
	struct pipeline pipe;		/* -f, --metrics */
	uint64_t filtered;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsgd [--sim[=KINDS] | --source NAME[=ARG]] -w FILE [OPTIONS]\n"
		"  -w, --write FILE        pcapng output; .zst suffix compresses; - is stdout\n"
		"      --sim[=KINDS]       capture from the built-in simulator\n"
		"                          (KINDS: spectrum, mlxsw (the real driver's\n"
		"                          recorded traffic), connectx3, each :N; e.g.\n"
		"                          mlxsw:2,cx3; default spectrum,connectx3)\n"
		"      --source NAME[=ARG] capture source:");
	for (size_t i = 0; hwmsg_sources[i]; i++)
		fprintf(f, " %s", hwmsg_sources[i]->name);
	fprintf(f,
		"\n"
		"  -f, --filter FILTER     keep only the records FILTER selects: a Wireshark\n"
		"                          display filter over the plugin's fields\n"
		"                          (emad.status != 0 || cmd_reg.reg_name == \"PTYS\")\n"
		"  -c, --count N           stop after N records\n"
		"  -a, --autostop duration:SEC  stop after SEC seconds\n"
		"  -b, --ring filesize:KB|duration:SEC|files:N\n"
		"                          switch to a new file after KB kilobytes of\n"
		"                          records or SEC seconds; keep only the newest N\n"
		"      --rate N            simulator: messages per second (0: as fast as\n"
		"                          possible, virtual timestamps; default 1000)\n"
		"      --seed N            simulator: random seed (default 1)\n"
		"      --epoch NS          simulator, --rate 0: first timestamp (ns)\n"
		"  -z, --compress          zstd-compress whatever the file name\n"
		"      --no-compress       never compress\n"
		"      --comment TEXT      a comment stored in the file header\n"
		"      --metrics FILE      Prometheus text exposition of what is captured,\n"
		"                          for node_exporter's textfile collector\n"
		"      --metrics-interval SEC  how often FILE is rewritten (default 10)\n"
		"      --compat seed       only the record tags devlink-hwmsg.py writes\n"
		"                          (0-5), for Mellanox's bwz.py\n"
		"      --rcvbuf BYTES      netlink receive buffer\n"
		"  -q, --quiet             no summary on exit\n"
		"  -h, --help              this text\n");
}

static int parse_u64(const char *s, uint64_t *v, const char *what)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno || end == s || *end || *s == '-') {
		fprintf(stderr, "hwmsgd: %s: '%s' is not a number\n", what, s);
		return -1;
	}
	return 0;
}

/* A number of 0..max, else one line naming the option. */
static int parse_max(const char *s, uint64_t *v, const char *what,
		     uint64_t max)
{
	if (parse_u64(s, v, what))
		return -1;
	if (*v > max) {
		fprintf(stderr, "hwmsgd: %s: must be 0..%llu, not '%s'\n", what,
			(unsigned long long)max, s);
		return -1;
	}
	return 0;
}

static int parse_autostop(const char *s, struct config *cfg)
{
	uint64_t sec;

	if (strncmp(s, "duration:", 9)) {
		fprintf(stderr, "hwmsgd: -a: only duration:SEC is supported, not '%s'\n", s);
		return -1;
	}
	if (parse_u64(s + 9, &sec, "-a duration"))
		return -1;
	if (!sec || sec > UINT64_MAX / 1000000000ull) {
		fprintf(stderr, "hwmsgd: -a: SEC must be 1..%llu, not '%s'\n",
			(unsigned long long)(UINT64_MAX / 1000000000ull), s + 9);
		return -1;
	}
	cfg->duration_ns = sec * 1000000000ull;
	return 0;
}

/* dumpcap's -b: filesize:KB (1000 bytes), duration:SEC, files:N */
static int parse_ring(const char *s, struct config *cfg)
{
	const char *colon = strchr(s, ':');
	uint64_t v;

	if (!colon)
		goto bad;
	if (parse_u64(colon + 1, &v, "-b"))
		return -1;
	if (!strncmp(s, "filesize:", 9) && v && v <= UINT64_MAX / 1000)
		cfg->oopts.max_bytes = v * 1000;
	else if (!strncmp(s, "duration:", 9) && v &&
		 v <= UINT64_MAX / 1000000000ull)
		cfg->oopts.max_ns = v * 1000000000ull;
	else if (!strncmp(s, "files:", 6) && v && v <= 100000)
		cfg->oopts.files = (unsigned int)v;
	else
		goto bad;
	return 0;
bad:
	fprintf(stderr, "hwmsgd: -b: expected filesize:KB, duration:SEC or files:N (N > 0), not '%s'\n", s);
	return -1;
}

/* A bad --sim=KINDS is a usage error, found before anything opens. */
static int check_sim_kinds(const struct config *cfg)
{
	struct hwmsg_sim_opts so = { 0 };
	struct hwmsg_err err;

	if (!cfg->source || strcmp(cfg->source, "sim") || !cfg->source_arg)
		return 0;
	if (!hwmsg_sim_parse_kinds(cfg->source_arg, &so, &err))
		return 0;
	fprintf(stderr, "hwmsgd: --sim=%s: %s\n", cfg->source_arg, err.msg);
	return -1;
}

static int parse_args(int argc, char **argv, struct config *cfg)
{
	enum { OPT_SIM = 256, OPT_SOURCE, OPT_RATE, OPT_SEED, OPT_EPOCH,
	       OPT_NOCOMP, OPT_COMMENT, OPT_RCVBUF, OPT_COMPAT, OPT_METRICS,
	       OPT_METRICS_INTERVAL };
	static const struct option lopts[] = {
		{ "write", required_argument, NULL, 'w' },
		{ "sim", optional_argument, NULL, OPT_SIM },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ "count", required_argument, NULL, 'c' },
		{ "filter", required_argument, NULL, 'f' },
		{ "autostop", required_argument, NULL, 'a' },
		{ "ring", required_argument, NULL, 'b' },
		{ "rate", required_argument, NULL, OPT_RATE },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "epoch", required_argument, NULL, OPT_EPOCH },
		{ "compress", no_argument, NULL, 'z' },
		{ "no-compress", no_argument, NULL, OPT_NOCOMP },
		{ "comment", required_argument, NULL, OPT_COMMENT },
		{ "compat", required_argument, NULL, OPT_COMPAT },
		{ "metrics", required_argument, NULL, OPT_METRICS },
		{ "metrics-interval", required_argument, NULL,
		  OPT_METRICS_INTERVAL },
		{ "rcvbuf", required_argument, NULL, OPT_RCVBUF },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int compress_set = 0;
	uint64_t v;
	int c;

	cfg->sopts.seed = 1;
	cfg->sopts.rate = 1000;
	while ((c = getopt_long(argc, argv, "w:c:a:b:f:zqh", lopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			cfg->path = optarg;
			break;
		case OPT_SIM:
			cfg->source = "sim";
			cfg->source_arg = optarg;
			break;
		case OPT_SOURCE: {
			char *eq = strchr(optarg, '=');

			if (eq) {
				*eq = '\0';
				cfg->source_arg = eq + 1;
			}
			cfg->source = optarg;
			break;
		}
		case 'c':
			if (parse_u64(optarg, &cfg->count, "-c"))
				return -1;
			break;
		case 'f':
			cfg->filter = optarg;
			break;
		case 'a':
			if (parse_autostop(optarg, cfg))
				return -1;
			break;
		case 'b':
			if (parse_ring(optarg, cfg))
				return -1;
			break;
		case OPT_RATE:
			if (parse_max(optarg, &v, "--rate", RATE_MAX))
				return -1;
			cfg->sopts.rate = (unsigned int)v;
			break;
		case OPT_SEED:
			if (parse_u64(optarg, &cfg->sopts.seed, "--seed"))
				return -1;
			break;
		case OPT_EPOCH:
			if (parse_max(optarg, &cfg->sopts.epoch_ns, "--epoch",
				      EPOCH_MAX))
				return -1;
			break;
		case 'z':
		case OPT_NOCOMP:
			if (compress_set && compress_set != c) {
				fprintf(stderr, "hwmsgd: -z and --no-compress contradict each other\n");
				return -1;
			}
			compress_set = c;
			cfg->oopts.wopts.compress = c == 'z' ?
				HWMSG_COMPRESS_ZSTD : HWMSG_COMPRESS_NONE;
			break;
		case OPT_METRICS:
			cfg->metrics_path = optarg;
			break;
		case OPT_METRICS_INTERVAL:
			if (parse_u64(optarg, &v, "--metrics-interval"))
				return -1;
			if (!v || v > 86400) {
				fprintf(stderr, "hwmsgd: --metrics-interval: SEC must be 1..86400, not '%s'\n",
					optarg);
				return -1;
			}
			cfg->metrics_ns = v * 1000000000ull;
			break;
		case OPT_COMPAT:
			if (strcmp(optarg, "seed")) {
				fprintf(stderr, "hwmsgd: --compat: only 'seed' (devlink-hwmsg.py's tags), not '%s'\n",
					optarg);
				return -1;
			}
			cfg->oopts.wopts.seed_tags = true;
			break;
		case OPT_COMMENT:
			cfg->oopts.wopts.comment = optarg;
			break;
		case OPT_RCVBUF:
			if (parse_max(optarg, &v, "--rcvbuf", RCVBUF_MAX))
				return -1;
			cfg->sopts.rcvbuf = (unsigned int)v;
			break;
		case 'q':
			cfg->quiet = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "hwmsgd: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	if (cfg->source && !hwmsg_source_find(cfg->source)) {
		fprintf(stderr, "hwmsgd: unknown source '%s' (sim, genl, tracepoint)\n",
			cfg->source);
		return -1;
	}
	if (!cfg->path) {
		fprintf(stderr, "hwmsgd: no output file (-w FILE, - for stdout)\n");
		return -1;
	}
	if (cfg->oopts.files && !cfg->oopts.max_bytes && !cfg->oopts.max_ns) {
		fprintf(stderr, "hwmsgd: -b files:N needs -b filesize: or -b duration:\n");
		return -1;
	}
	if ((cfg->oopts.max_bytes || cfg->oopts.max_ns) &&
	    !strcmp(cfg->path, "-")) {
		fprintf(stderr, "hwmsgd: -b needs a file, not standard output (-w -)\n");
		return -1;
	}
	cfg->oopts.path = cfg->path;
	if (pipeline_init(&cfg->pipe, cfg->filter, cfg->metrics_path))
		return -1;
	cfg->oopts.wopts.filter = cfg->filter;
	return check_sim_kinds(cfg);
}

static int open_named(const struct config *cfg, struct hwmsg_source *src)
{
	struct hwmsg_err err;

	src->ops = hwmsg_source_find(cfg->source);
	if (!src->ops) {
		fprintf(stderr, "hwmsgd: unknown source '%s'\n", cfg->source);
		return -1;
	}
	if (src->ops->open(src, cfg->source_arg, &cfg->sopts, &err)) {
		fprintf(stderr, "hwmsgd: %s\n", err.msg);
		return -1;
	}
	return 0;
}

/*
 * No --source: the first live source that works, netlink before the
 * tracepoint (it also carries CMD_REG and sequence numbers). The simulator
 * is never picked silently: a capture must not look real when it is not.
 */
static int open_live(const struct config *cfg, struct hwmsg_source *src)
{
	struct hwmsg_err err;
	bool tried = false;

	for (size_t i = 0; hwmsg_sources[i]; i++) {
		if (hwmsg_sources[i] == &hwmsg_source_sim)
			continue;
		src->ops = hwmsg_sources[i];
		if (!src->ops->open(src, NULL, &cfg->sopts, &err)) {
			/* after an error above, say that it was not fatal */
			fprintf(stderr, "hwmsgd: capturing from source %s\n",
				src->ops->name);
			return 0;
		}
		fprintf(stderr, "hwmsgd: %s\n", err.msg);
		tried = true;
	}
	fprintf(stderr, "hwmsgd: %s; --sim captures the built-in simulator\n",
		tried ? "no live source is available" : "no live source is built in");
	return -1;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void install_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	/* no SA_RESTART: a signal must wake the source's wait */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static bool count_reached(const struct config *cfg, uint64_t written)
{
	return cfg->count && written >= cfg->count;
}

/* Checked per record too: a source that always has more never waits. */
static bool past_deadline(const struct config *cfg, uint64_t start)
{
	return cfg->duration_ns && mono_ns() - start >= cfg->duration_ns;
}

/*
 * -w - or a FIFO whose reader left (hwmsgd -w - | head -c 1000, Wireshark
 * stopping an extcap capture): the capture is over, as after a signal, and
 * nothing failed.
 */
static bool reader_left(struct config *cfg, const struct output *out)
{
	if (cfg->to_pipe && output_errno(out) == EPIPE)
		cfg->reader_gone = true;
	return cfg->reader_gone;
}

/* Write what the source has ready. 0, or -1 on an error (said). */
static int drain(struct config *cfg, struct hwmsg_source *src,
		 struct output *out, uint64_t start, uint64_t *written)
{
	const struct hwmsg_trace_item *it = NULL;
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int r;

	while (!stop_signal && !count_reached(cfg, *written) &&
	       !past_deadline(cfg, start)) {
		r = src->ops->next(src, &rec, &err);
		if (r == 0)
			return 0;
		if (r > 0)
			it = pipeline_feed(&cfg->pipe, &rec);
		if (r > 0 && cfg->metrics)
			metrics_feed(cfg->metrics, it);
		/* left out, not lost: the file counts it apart */
		if (r > 0 && it && !it->selected) {
			cfg->filtered++;
			if (!output_filtered(out, &rec, &err))
				continue;
			r = -1;
		}
		if (r < 0 || output_write(out, &rec, &err)) {
			if (r >= 0 && reader_left(cfg, out))
				return 0;
			fprintf(stderr, "hwmsgd: %s\n", err.msg);
			return -1;
		}
		(*written)++;
	}
	return 0;
}

static uint64_t source_drops(void *arg)
{
	struct hwmsg_source *src = arg;
	struct hwmsg_source_stats st = { 0 };

	src->ops->stats(src, &st);
	return st.dropped;
}

/* The metrics file, when it is due (or now); its errors stop nothing. */
static void metrics_due(struct config *cfg, struct hwmsg_source *src,
			uint64_t now, uint64_t *last, bool now_anyway)
{
	if (!cfg->metrics || (!now_anyway && now - *last < cfg->metrics_ns))
		return;
	metrics_write(cfg->metrics, source_drops(src), cfg->filtered);
	*last = now;
}

/* The capture loop. Returns 0 on a clean stop, -1 on a write/source error. */
static int capture(struct config *cfg, struct hwmsg_source *src,
		   struct output *out, uint64_t *written)
{
	uint64_t start = mono_ns(), last_flush = start, last_metrics = start;
	struct hwmsg_err err;

	while (!stop_signal && !cfg->reader_gone) {
		uint64_t now = mono_ns();
		int timeout = FLUSH_MS, r;

		if (cfg->duration_ns) {
			if (now - start >= cfg->duration_ns)
				break;
			if ((cfg->duration_ns - (now - start)) / 1000000 < FLUSH_MS)
				timeout = (int)((cfg->duration_ns - (now - start)) / 1000000) + 1;
		}
		r = src->ops->wait(src, timeout, &err);
		if (r < 0) {
			fprintf(stderr, "hwmsgd: %s\n", err.msg);
			return -1;
		}
		if (r > 0 && drain(cfg, src, out, start, written))
			return -1;
		if (count_reached(cfg, *written))
			break;
		now = mono_ns();
		if (now - last_flush >= FLUSH_MS * 1000000ull) {
			if (output_flush(out, &err)) {
				if (reader_left(cfg, out))
					break;
				fprintf(stderr, "hwmsgd: %s\n", err.msg);
				return -1;
			}
			last_flush = now;
		}
		metrics_due(cfg, src, now, &last_metrics, false);
	}
	return 0;
}

/*
 * After a write error the files hold fewer records than were captured:
 * those pending in the compressor and any cut off are not called written.
 */
static void summary(const struct config *cfg, bool failed, uint64_t captured,
		    uint64_t held, unsigned int files, uint64_t dropped)
{
	fprintf(stderr, "hwmsgd: %llu records written to %s",
		(unsigned long long)held, cfg->path);
	if (files > 1)
		fprintf(stderr, " (%u files)", files);
	if (cfg->filter)
		fprintf(stderr, ", %llu filtered out",
			(unsigned long long)cfg->filtered);
	if (failed)
		fprintf(stderr, " before the error, %llu more captured lost",
			(unsigned long long)(captured - held));
	if (cfg->reader_gone)
		fprintf(stderr, " (the reader went away)");
	fprintf(stderr, ", %llu dropped%s\n", (unsigned long long)dropped,
		stop_signal ? " (stopped by signal)" : "");
}

int main(int argc, char **argv)
{
	struct config cfg = { 0 };
	struct hwmsg_source src = { 0 };
	struct hwmsg_source_stats st = { 0 };
	struct output *out;
	struct hwmsg_err err;
	uint64_t written = 0, held;
	struct stat path_st;
	unsigned int files;
	int ret;

	/* first: a stop asked for while the source opens is not lost */
	install_signals();
	if (parse_args(argc, argv, &cfg))
		return 2;
	cfg.oopts.wopts.application = "hwmsgd " HWMSG_VERSION;
	cfg.to_pipe = !strcmp(cfg.path, "-") ||
		      (!stat(cfg.path, &path_st) && S_ISFIFO(path_st.st_mode));
	/* the unpaced simulator stamps from its epoch: so do the ISBs */
	cfg.oopts.wopts.record_clock = cfg.source && !strcmp(cfg.source, "sim") &&
				       !cfg.sopts.rate;
	/* a signal must also end a write blocked on a stuck pipe */
	cfg.oopts.wopts.stop = &stop_signal;
	if (cfg.source ? open_named(&cfg, &src) : open_live(&cfg, &src))
		return 1;
	cfg.oopts.drops = source_drops;
	cfg.oopts.drops_arg = &src;
	out = output_open(&cfg.oopts, &err);
	if (!out) {
		fprintf(stderr, "hwmsgd: %s\n", err.msg);
		src.ops->close(&src);
		return 1;
	}
	if (cfg.metrics_path) {
		cfg.metrics = metrics_new(cfg.metrics_path, cfg.pipe.t);
		if (!cfg.metrics) {
			fprintf(stderr, "hwmsgd: out of memory\n");
			return 1;
		}
		if (!cfg.metrics_ns)
			cfg.metrics_ns = 10 * 1000000000ull;
	}
	ret = capture(&cfg, &src, out, &written);
	/* the last word, drops included */
	if (cfg.metrics)
		metrics_write(cfg.metrics, source_drops(&src), cfg.filtered);

	/* the source's drop count goes into the last file before it closes */
	src.ops->stats(&src, &st);
	files = output_files(out);
	if (output_close(out, &held, &err) && !ret && !cfg.reader_gone) {
		/* one error is enough */
		fprintf(stderr, "hwmsgd: %s\n", err.msg);
		ret = -1;
	}
	src.ops->close(&src);
	if (!cfg.quiet)
		summary(&cfg, ret != 0, written, held, files, st.dropped);
	pipeline_free(&cfg.pipe);
	metrics_free(cfg.metrics);
	return ret ? 1 : 0;
}
