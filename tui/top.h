/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hwmsg top's entry point: the hwmsg binary calls it for "hwmsg top". */
#ifndef HWMSG_TUI_TOP_H
#define HWMSG_TUI_TOP_H

int cmd_top(int argc, char **argv);

#endif
