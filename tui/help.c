// SPDX-License-Identifier: GPL-2.0-or-later
/* The help overlay and the status line: the keys are always one key away. */
#include "curses_dl.h"
#include <string.h>

#include "ui.h"

static const char *const help_text[] = {
	"hwmsg top: keys",
	"",
	"q            quit (also Ctrl-C)",
	"Up/Down      select the previous/next message",
	"PgUp/PgDn    move a page",
	"Home/End     first/last message (End follows new ones);",
	"             g/G too. In a file: the whole capture",
	":N           go to record N (numbered from 1, as hwmsg show -N)",
	"t TIME       go to a time: 12:03:04.5, or +10s after the first",
	"Enter, Tab   show/hide the detail pane",
	"p            go to the request/response pair",
	"[ ]          scroll the detail pane",
	"space        pause/resume following new messages",
	"e            only errors (status != 0, undecodable)",
	"n N          next/previous error; once a filter is cleared, the",
	"             next/previous record it matches (in every record)",
	"/            filter (a file: every record, in the background): a",
	"             display filter (emad.status != 0 &&",
	"             mlxreg.paos.local_port == 3, as in Wireshark) or words",
	"             of register names, ids, devices; Up/Down: earlier",
	"             filters, Ctrl-U: clear, Enter: apply, Esc: cancel",
	"s            summary per device, register and method",
	"r            register state: every instance as the firmware last",
	"             confirmed it; a file: as of the selected record",
	"             (< > move it a record, : t too); bold: what the last",
	"             change touched; Up/Down select, Enter: its history",
	"             (every access, changing fields side by side; live: in",
	"             the ring), Esc back",
	"P            ports: admin/oper, speed, width, modules, MTU",
	"m            mark: the range from here to the selection (m again:",
	"             unmark)",
	"w FILE       write the marked range, or else the filter's matches,",
	"             to a capture (pcapng; .zst compresses)",
	"?            this help",
	"",
	"Up/Down/PgUp/PgDn scroll this help; any other key closes it",
};

void help_draw(struct top_ui *ui)
{
	int n = (int)(sizeof(help_text) / sizeof(help_text[0]));
	int w = 0, h = n + 2, y0, x0, i, top, body, room, shown;

	for (i = 0; i < n; i++)
		if ((int)strlen(help_text[i]) > w)
			w = (int)strlen(help_text[i]);
	w += 4;
	if (w > COLS)
		w = COLS;
	if (h > LINES)
		h = LINES;
	/* the title stays; the rest scrolls when the screen is short */
	body = n - 1;
	room = h - 3;
	shown = body <= room ? body : room - 1;
	if (ui->help_top > (unsigned int)(body - shown))
		ui->help_top = (unsigned int)(body - shown);
	top = (int)ui->help_top;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	for (i = 0; i < h; i++)
		ui_put(y0 + i, x0, A_REVERSE, "%*s", w, "");
	ui_put(y0 + 1, x0 + 2, A_REVERSE | A_BOLD, "%.*s",
	       w - 4 > 0 ? w - 4 : 0, help_text[0]);
	for (i = 0; i < shown; i++)
		ui_put(y0 + 2 + i, x0 + 2, A_REVERSE, "%.*s",
		       w - 4 > 0 ? w - 4 : 0, help_text[1 + top + i]);
	if (shown < body)
		ui_put(y0 + 2 + shown, x0 + 2, A_REVERSE | A_BOLD, "%.*s",
		       w - 4 > 0 ? w - 4 : 0,
		       top + shown < body ?
			       "-- Down for more; any other key closes --" :
			       "-- Up to go back; any other key closes --");
}

void statusline_draw(const struct top_ui *ui, int y)
{
	int a = ui_color(TOP_C_TITLE);

	move(y, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	if (ui->prompt) {
		ui_put(y, 0, a, "%s%s_",
		       ui->prompt_kind == TOP_PROMPT_RECORD ?
			       "go to record: " :
		       ui->prompt_kind == TOP_PROMPT_TIME ?
			       "go to time (12:03:04.5, +10s): " :
			       "filter (display filter, or register/id/device "
			       "words): ",
		       ui->prompt_buf);
		return;
	}
	if (ui->status[0]) {
		ui_put(y, 0, a, "%s", ui->status);
		return;
	}
	if (ui->src->last_error[0]) {
		ui_put(y, 0, ui_color(TOP_C_ERROR), "%s", ui->src->last_error);
		return;
	}
	ui_put(y, 0, a, "%s",
	       "q quit  ? help  Enter detail  space pause  e errors  "
	       "/ filter  s summary");
}
