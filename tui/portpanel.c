// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The port view (P): one row per device and local port, admin and oper
 * status, speed, width, modules, MTU, from libhwmsg's port rows (as hwmsg
 * state --port prints them), as of the same instant as the state view.
 * A port the driver set up but that is not up stands out.
 */
#include "curses_dl.h"
#include <stdlib.h>
#include <string.h>

#include "hwmsg/state_port.h"
#include "ui.h"

static const char *cell(const struct hwmsg_port_row *r, int c)
{
	return r->col[c][0] ? r->col[c] : "-";
}

void ports_draw(struct top_ui *ui, int y, int rows)
{
	uint64_t upto;
	struct hwmsg_state *st = ui_state(ui, &upto);
	struct hwmsg_port_row *pr = NULL;
	long n = st ? hwmsg_state_ports(st, &pr) : 0, i;
	int a = ui_color(TOP_C_TITLE);
	int r;

	if (rows < 3)
		return;
	state_as_of(ui, y, upto, "ports", ", r registers");
	move(y + 1, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y + 1, 0, a, "%-12s %5s %-8s %-8s %-18s %-5s %-12s %s",
	       "DEVICE", "PORT", "ADMIN", "OPER", "SPEED", "WIDTH",
	       "MODULES", "MTU");
	for (r = 2; r < rows; r++) {
		move(y + r, 0);
		clrtoeol();
	}
	if (n < 0) {
		ui_put(y + 2, 0, ui_color(TOP_C_ERROR), "out of memory");
		return;
	}
	if (ui->summary_top + (unsigned int)rows - 2 > (unsigned long)n)
		ui->summary_top = n > rows - 2 ? (unsigned int)n -
						 ((unsigned int)rows - 2) : 0;
	for (i = ui->summary_top, r = 2; i < n && r < rows; i++, r++) {
		const struct hwmsg_port_row *p = &pr[i];
		bool down = !strcmp(p->col[HWMSG_PORT_ADMIN], "up") &&
			    p->col[HWMSG_PORT_OPER][0] &&
			    strcmp(p->col[HWMSG_PORT_OPER], "up");

		ui_put(y + r, 0, down ? ui_color(TOP_C_WARN) : 0,
		       "%-12.12s %5u %-8.8s %-8.8s %-18.18s %-5s %-12.12s %s",
		       p->dev, p->local_port, cell(p, HWMSG_PORT_ADMIN),
		       cell(p, HWMSG_PORT_OPER), cell(p, HWMSG_PORT_SPEED),
		       cell(p, HWMSG_PORT_WIDTH), cell(p, HWMSG_PORT_MODULES),
		       cell(p, HWMSG_PORT_MTU));
	}
	if (!n)
		ui_put(y + 2, 0, 0, "%s",
		       "no port registers (PAOS, PTYS, PMLP, PMTU) confirmed yet");
	free(pr);
}
