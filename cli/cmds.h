/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The hwmsg subcommands: each takes argv with argv[0] = its own name. */
#ifndef HWMSG_CLI_CMDS_H
#define HWMSG_CLI_CMDS_H

#include <stdbool.h>

int cmd_show(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_state(int argc, char **argv);	/* cli/state.c */
int cmd_diff(int argc, char **argv);	/* cli/diff.c */
int cmd_top(int argc, char **argv);	/* tui/ */
int cmd_regs(int argc, char **argv);	/* cli/regs.c */
/* hwmsg regs coverage FILE... (cli/regs_coverage.c): 0 when all decode */
int regs_coverage(int argc, char **argv, bool json);
int cmd_dev(int argc, char **argv);	/* cli/dev.c */
int cmd_convert(int argc, char **argv);	/* cli/convert.c */

#endif
