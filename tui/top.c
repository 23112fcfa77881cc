// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg top: the live or offline terminal viewer. This file owns the
 * options, the terminal, the loop (take a bounded batch of records, draw,
 * wait up to a tick for a key) and what each key does; the panels draw.
 */
#include "curses_dl.h"
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "top.h"
#include "fmt.h"
#include "regfields.h"
#include "ui.h"

#define TICK_MS 100
#define LOADING_TICK_MS 5
#define INGEST_BUDGET_NS 30000000u	/* reading may take this much */
#define INGEST_CHUNK 2000
#define ORPHAN_TIMEOUT_NS 3000000000u	/* EMAD gives up well before */
#define RATE_SAMPLES 64

static volatile sig_atomic_t quit_signal;

static void on_signal(int sig)
{
	quit_signal = sig;
}

struct top_opts {
	const char *source;	/* live source name */
	const char *source_arg;
	const char *path;	/* the first of paths */
	const char **paths;	/* -r, and the files after it: one trace */
	unsigned int n_paths;
	bool follow;
	unsigned int rate;
	uint64_t seed;
	size_t max;
	const char *write;	/* -w, live */
};

/* Arrivals per tick, for the messages/s of the last wall-clock second. */
struct rate_meter {
	uint64_t t[RATE_SAMPLES];
	unsigned int n[RATE_SAMPLES];
	unsigned int pos;
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg top --sim[=KINDS] [--rate N] [--seed N] "
		"[--max N]\n"
		"       hwmsg top --source NAME[=ARG] [--max N]\n"
		"       hwmsg top -r FILE [FILE...] [--follow] [--max N]\n\n"
		"  --sim[=KINDS]  live from the built-in simulator; KINDS "
		"e.g.\n"
		"                 spectrum,connectx3 (the default), mlxsw,cx3\n"
		"  --source NAME[=ARG]  live from a capture source: ");
	source_live_names(f);
	fprintf(f, "\n"
		"  --rate N       simulated messages per second (default 200)\n"
		"  --seed N       simulator seed (default 1)\n"
		"  -r, --read F   read a capture file (- for stdin); more files\n"
		"                 after it (a ring set of hwmsgd -b) are one trace\n"
		"  -f, --follow   keep reading a growing file, like tail -f\n"
		"  --max N        keep the last N messages (default 100000)\n"
		"  -w, --write F  live: also write everything to capture F (.zst\n"
		"                 compresses), as hwmsgd would\n"
		"  -h, --help     this text; press ? in the viewer for the "
		"keys\n");
}

static int parse_u64(const char *s, const char *what, uint64_t min,
		     uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end || *s == '-' || v < min || v > max) {
		fprintf(stderr, "hwmsg top: bad %s '%s' (%llu..%llu)\n", what,
			s, (unsigned long long)min, (unsigned long long)max);
		return -1;
	}
	*out = v;
	return 0;
}

static int parse_opts(int argc, char **argv, struct top_opts *o)
{
	static const struct option lopts[] = {
		{ "sim", optional_argument, NULL, 'S' },
		{ "source", required_argument, NULL, 'L' },
		{ "read", required_argument, NULL, 'r' },
		{ "follow", no_argument, NULL, 'f' },
		{ "rate", required_argument, NULL, 'R' },
		{ "seed", required_argument, NULL, 's' },
		{ "max", required_argument, NULL, 'm' },
		{ "write", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t v;
	int c;

	memset(o, 0, sizeof(*o));
	o->paths = calloc((size_t)argc + 1, sizeof(*o->paths));
	if (!o->paths)
		return -1;
	o->rate = 200;
	o->seed = 1;
	o->max = 100000;
	optind = 1;
	while ((c = getopt_long(argc, argv, "r:fhw:", lopts, NULL)) != -1) {
		switch (c) {
		case 'S':
			o->source = "sim";
			o->source_arg = optarg;
			break;
		case 'L': {
			char *eq = strchr(optarg, '=');

			if (eq)
				*eq = '\0';
			o->source = optarg;
			o->source_arg = eq ? eq + 1 : NULL;
			break;
		}
		case 'r':
			o->paths[o->n_paths++] = optarg;
			o->path = o->paths[0];
			break;
		case 'f':
			o->follow = true;
			break;
		case 'w':
			o->write = optarg;
			break;
		case 'R':
			if (parse_u64(optarg, "rate", 1, 1000000, &v) < 0)
				return -1;
			o->rate = (unsigned int)v;
			break;
		case 's':
			if (parse_u64(optarg, "seed", 0, UINT64_MAX, &v) < 0)
				return -1;
			o->seed = v;
			break;
		case 'm':
			if (parse_u64(optarg, "max", 1, 10000000, &v) < 0)
				return -1;
			o->max = (size_t)v;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
	}
	while (o->path && optind < argc)	/* -r a b c: one trace */
		o->paths[o->n_paths++] = argv[optind++];
	if (optind < argc || !o->source == !o->path) {
		fprintf(stderr,
			"hwmsg top: give either --sim (--source) or -r FILE\n");
		usage(stderr);
		return -1;
	}
	if (o->follow && (!o->path || o->n_paths > 1)) {
		fprintf(stderr, "hwmsg top: --follow goes with -r FILE (one)\n");
		return -1;
	}
	for (unsigned int i = 0; o->n_paths > 1 && i < o->n_paths; i++)
		if (!strcmp(o->paths[i], "-")) {
			fprintf(stderr, "hwmsg top: stdin (-) is read alone\n");
			return -1;
		}
	if (o->write && o->path) {
		fprintf(stderr, "hwmsg top: -w goes with a live source (a file is already written)\n");
		return -1;
	}
	return 0;
}

/*
 * Take records for at most INGEST_BUDGET_NS; the list learns of them.
 * *more: a file is still loading (tick faster).
 */
static unsigned int ingest(struct top_ui *ui, uint64_t now, bool *more)
{
	uint64_t from = ui->store.next, t0 = mono_ns();
	unsigned int n = 0, got;

	do {
		got = source_poll(ui->src, &ui->store, INGEST_CHUNK, now);
		n += got;
	} while (got == INGEST_CHUNK && mono_ns() - t0 < INGEST_BUDGET_NS);
	/* a file still loading, or a live source with more due than the
	 * budget took (a fast simulator): come back soon, not after a tick,
	 * or the view falls behind its source */
	*more = n && (ui->src->live ? got == INGEST_CHUNK : !ui->src->done);
	if (n)
		view_sync(&ui->view, &ui->store, from);
	return n;
}

static unsigned int live_rate(struct rate_meter *rm, uint64_t now,
			      unsigned int arrived)
{
	unsigned int i, sum = 0;

	rm->t[rm->pos] = now;
	rm->n[rm->pos] = arrived;
	rm->pos = (rm->pos + 1) % RATE_SAMPLES;
	for (i = 0; i < RATE_SAMPLES; i++)
		if (rm->t[i] && now - rm->t[i] < 1000000000u)
			sum += rm->n[i];
	return sum;
}

/* Offline: messages in the last second of capture time. */
static unsigned int file_rate(const struct top_store *s)
{
	uint64_t seq = s->next;
	unsigned int n = 0;
	const struct top_msg *m;

	while (seq-- > s->first) {
		m = store_get(s, seq);
		if (m->ts_ns + 1000000000u <= s->last_ts_ns)
			break;
		n++;
	}
	return n;
}

static void draw(struct top_ui *ui, int *page)
{
	int body = LINES - 4, list_rows;

	erase();
	if (LINES < 8 || COLS < 30) {
		ui_put(0, 0, A_BOLD, "too small: %dx%d",
		       COLS, LINES);
		refresh();
		return;
	}
	header_draw(ui, 0);
	if (ui->summary) {
		summary_draw(ui, 3, body);
	} else if (ui->hist) {
		hist_draw(ui, 3, body);
		*page = body > 6 ? body - 4 : 1;
	} else if (ui->ports) {
		ports_draw(ui, 3, body);
	} else if (ui->state) {
		state_draw(ui, 3, body);
	} else {
		list_rows = ui->detail ? body / 2 : body;
		if (list_rows < 3)
			list_rows = body < 3 ? body : 3;
		list_draw(ui, 3, list_rows);
		*page = list_rows > 2 ? list_rows - 2 : 1;
		if (ui->detail)
			detail_draw(ui, 3 + list_rows, body - list_rows);
	}
	statusline_draw(ui, LINES - 1);
	if (ui->help)
		help_draw(ui);
	refresh();
}

static void colors(void)
{
	if (!has_colors())
		return;
	start_color();
	use_default_colors();
	init_pair(TOP_C_ERROR, COLOR_RED, -1);
	init_pair(TOP_C_TITLE, COLOR_BLACK, COLOR_CYAN);
	init_pair(TOP_C_WARN, COLOR_YELLOW, -1);
	init_pair(TOP_C_SEL, COLOR_BLACK, COLOR_WHITE);
}

static void run(struct top_ui *ui)
{
	struct rate_meter rm;
	uint64_t now, last_reap = 0;
	bool reaped_all = false, more = false;
	int page = 10, ch;

	memset(&rm, 0, sizeof(rm));
	while (!quit_signal) {
		now = mono_ns();
		ui->rate = live_rate(&rm, now, ingest(ui, now, &more));
		if (ui->browse) {
			browse_poll(ui->browse);
			if (ui->view.all)
				view_all(&ui->view, ui->browse->count);
			/* a filter over the whole file: a slice per tick */
			if (scan_step(ui, INGEST_BUDGET_NS))
				more = true;
			if (export_step(ui, INGEST_BUDGET_NS))
				more = true;
		}
		if (!ui->src->live)
			ui->rate = file_rate(&ui->store);
		/* live: a device gone quiet still ages its requests */
		if (now - last_reap >= 1000000000u) {
			store_reap_orphans(&ui->store,
					   ui->src->live ? real_ns() : 0,
					   ORPHAN_TIMEOUT_NS);
			last_reap = now;
		}
		if (ui->src->done && !ui->src->live && !reaped_all) {
			store_reap_orphans(&ui->store, 0, 0);
			reaped_all = true;
		}
		draw(ui, &page);
		/* waits up to a tick (less while a file is loading); then
		 * takes what else was typed */
		timeout(more ? LOADING_TICK_MS : TICK_MS);
		for (ch = getch(); ch != ERR; ch = getch()) {
			if (!keys_handle(ui, ch, page))
				return;
			timeout(0);
		}
	}
}

/* pcap and pcapng have blocks to find again; a tracer's file does not */
static bool indexable(const char *path)
{
	struct hwmsg_err err;
	struct hwmsg_reader *r = hwmsg_reader_open(path, &err);
	enum hwmsg_input_format f;

	if (!r)
		return true;	/* the index says what is wrong with it */
	f = hwmsg_reader_info(r)->format;
	hwmsg_reader_close(r);
	return f != HWMSG_INPUT_PERF_DATA && f != HWMSG_INPUT_TRACE_DAT;
}

/*
 * A regular file is browsed whole: indexed, read again page by page. A
 * pipe, stdin, a file being followed, perf.data and trace.dat only have
 * the ring (--max messages).
 */
static struct top_browse *browse_file(const struct top_opts *o,
				      struct hwmsg_err *err)
{
	struct top_browse *b;
	struct stat st;

	if (!o->path || o->follow || !strcmp(o->path, "-"))
		return NULL;
	for (unsigned int i = 0; i < o->n_paths; i++)
		if (stat(o->paths[i], &st) || !S_ISREG(st.st_mode) ||
		    !indexable(o->paths[i]))
			return NULL;
	b = malloc(sizeof(*b));
	if (!b || browse_start(b, o->paths, o->n_paths, err)) {
		free(b);
		return NULL;
	}
	return b;
}

static void browse_free(struct top_browse *b)
{
	if (b) {
		browse_stop(b);
		free(b);
	}
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

int cmd_top(int argc, char **argv)
{
	struct top_ui ui;
	struct top_opts o;
	struct hwmsg_err err;
	struct top_live_opts lo;
	SCREEN *scr;
	FILE *tty_in = NULL;

	if (parse_opts(argc, argv, &o) < 0) {
		free(o.paths);
		return 2;
	}
	setlocale(LC_ALL, "");
	top_utf8 = !strcmp(nl_langinfo(CODESET), "UTF-8");
	memset(&ui, 0, sizeof(ui));
	memset(&err, 0, sizeof(err));
	if (store_init(&ui.store, o.max) < 0 ||
	    view_init(&ui.view, o.max) < 0) {
		fprintf(stderr, "hwmsg top: out of memory for --max %zu\n",
			o.max);
		goto fail;
	}
	if (o.source) {
		lo.rate = o.rate;
		lo.seed = o.seed;
		lo.write = o.write;
		ui.src = source_live_new(o.source, o.source_arg, &lo, &err);
	} else {
		ui.src = source_file_new(o.paths, o.n_paths, o.follow, &err);
	}
	if (!ui.src) {
		fprintf(stderr, "hwmsg top: %s\n", err.msg);
		goto fail;
	}
	ui.browse = browse_file(&o, &err);
	/* the state as of any record: checkpoints as the file is read */
	if (ui.browse && store_keep_log(&ui.store) < 0) {
		fprintf(stderr, "hwmsg top: out of memory\n");
		goto fail;
	}
	if (ui.browse) {
		/* a file opens at its first record */
		ui.view.tail = false;
		view_all(&ui.view, 0);
	}
	if (!isatty(STDOUT_FILENO)) {
		fprintf(stderr, "hwmsg top: standard output is not a terminal "
				"(hwmsg show prints text)\n");
		goto fail;
	}
	if (top_curses_load(&err) < 0) {
		fprintf(stderr, "hwmsg top: %s\n", err.msg);
		goto fail;
	}

	if (regfields_init(&err) < 0)
		fprintf(stderr,
			"hwmsg top: %s (using the built-in registers)\n",
			err.msg);
	install_signals();
	/* Records may come on stdin: keys always come from the terminal. */
	if (!isatty(STDIN_FILENO)) {
		tty_in = fopen("/dev/tty", "r");
		if (!tty_in) {
			fprintf(stderr, "hwmsg top: no terminal for keys\n");
			goto fail;
		}
	}
	scr = newterm(NULL, stdout, tty_in ? tty_in : stdin);
	if (!scr) {
		fprintf(stderr, "hwmsg top: cannot use terminal '%s'\n",
			getenv("TERM") ? getenv("TERM") : "");
		goto fail;
	}
	set_term(scr);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	timeout(TICK_MS);
	colors();

	run(&ui);

	endwin();
	delscreen(scr);
	if (tty_in)
		fclose(tty_in);
	ui_history_free(&ui);
	filter_clear(&ui.search);
	export_stop(&ui);	/* what was written so far is a capture */
	scan_stop(&ui);
	hwmsg_state_free(ui.cur_state);
	browse_free(ui.browse);
	source_free(ui.src);
	view_free(&ui.view);
	store_free(&ui.store);
	free(o.paths);
	return 0;
fail:
	if (tty_in)
		fclose(tty_in);
	browse_free(ui.browse);
	source_free(ui.src);
	view_free(&ui.view);
	store_free(&ui.store);
	free(o.paths);
	return 1;
}
