// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsg: read, decode and watch devlink hardware messages. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include "cmds.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static const struct cmd cmds[] = {
	{ "show", cmd_show, "print records, one line each (-V: every field)" },
	{ "stat", cmd_stat, "counts, latency and errors per register and method" },
	{ "state", cmd_state, "the register state the trace implies (--port: per port)" },
	{ "diff", cmd_diff, "compare two captures: state, errors, registers, latency" },
	{ "top", cmd_top, "live or offline terminal viewer" },
	{ "regs", cmd_regs, "list, show and decode registers (built-in and ADB)" },
	{ "dev", cmd_dev, "list devlink devices and ports (live, this netns)" },
	{ "convert", cmd_convert, "any capture (perf.data, trace.dat, pcap) as hwmsg pcapng" },
	/* CMD-TABLE: one line per subcommand */
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "Usage: hwmsg COMMAND [OPTIONS] ...\n\nCommands:\n");
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-7s %s\n", cmds[i].name, cmds[i].help);
	fprintf(f, "\n'hwmsg COMMAND --help' for its options; man hwmsg-COMMAND.\n");
}

/* hwmsg show ... | head: the reader has all it wanted; nothing failed */
static void on_sigpipe(int sig)
{
	(void)sig;
	_exit(0);
}

int main(int argc, char **argv)
{
	size_t i;

	signal(SIGPIPE, on_sigpipe);
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("hwmsg %s\n", HWMSG_VERSION);
		return 0;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		static char prog[32];

		if (strcmp(argv[1], cmds[i].name))
			continue;
		/* getopt names the program by argv[0]: "hwmsg show", not "show" */
		snprintf(prog, sizeof(prog), "hwmsg %s", cmds[i].name);
		argv[1] = prog;
		return cmds[i].fn(argc - 1, argv + 1);
	}
	fprintf(stderr, "hwmsg: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
