// SPDX-License-Identifier: GPL-2.0-or-later
/* ncursesw when hwmsg top starts (curses_dl.h, hwmsg/dl.h). */
#define TOP_CURSES_DL_C
#include "curses_dl.h"
#include "hwmsg/dl.h"

struct top_curses top_curses;

#define FN(name) { #name, offsetof(struct top_curses, name) }
static const struct hwmsg_dl_sym syms[] = {
	FN(newterm), FN(set_term), FN(delscreen), FN(endwin), FN(cbreak),
	FN(noecho), FN(keypad), FN(set_escdelay), FN(curs_set),
	FN(has_colors), FN(start_color), FN(use_default_colors),
	FN(init_pair), FN(wtimeout), FN(wgetch), FN(wmove), FN(waddnstr),
	FN(wattr_on), FN(wattr_off), FN(wclear), FN(werase), FN(wclrtoeol),
	FN(wrefresh), FN(stdscr), FN(COLS), FN(LINES),
};

/* kept open: the screen and its windows live in it */
static struct hwmsg_dl dl = HWMSG_DL_INIT(HWMSG_NCURSESW_SONAME,
					  "the screen needs libncursesw",
					  syms, &top_curses);

int top_curses_load(struct hwmsg_err *err)
{
	return hwmsg_dl_load(&dl, err);
}
