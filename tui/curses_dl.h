/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ncursesw for hwmsg top, opened when top starts (hwmsg/dl.h) instead of
 * linked into hwmsg: show and stat, most runs of the binary, do not map
 * and relocate libncursesw and libtinfo (about 20 page faults a start).
 *
 * Include this instead of <curses.h>. The few functions and variables top
 * uses become pointers filled by top_curses_load(), typed from the header
 * itself; each name below is defined to its pointer, so the drawing code
 * and curses.h's own macros (move, attron, timeout) call through it
 * unchanged. Nothing here may be called before top_curses_load().
 */
#ifndef HWMSG_TUI_CURSES_DL_H
#define HWMSG_TUI_CURSES_DL_H

#include <curses.h>

#include "hwmsg/err.h"

#if NCURSES_REENTRANT
#error "stdscr, COLS and LINES are taken as variables: a reentrant ncurses is not supported"
#endif

#define TOP_CURSES_FN(name) __typeof__(name) *name
struct top_curses {
	TOP_CURSES_FN(newterm);
	TOP_CURSES_FN(set_term);
	TOP_CURSES_FN(delscreen);
	TOP_CURSES_FN(endwin);
	TOP_CURSES_FN(cbreak);
	TOP_CURSES_FN(noecho);
	TOP_CURSES_FN(keypad);
	TOP_CURSES_FN(set_escdelay);
	TOP_CURSES_FN(curs_set);
	TOP_CURSES_FN(has_colors);
	TOP_CURSES_FN(start_color);
	TOP_CURSES_FN(use_default_colors);
	TOP_CURSES_FN(init_pair);
	TOP_CURSES_FN(wtimeout);
	TOP_CURSES_FN(wgetch);
	TOP_CURSES_FN(wmove);
	TOP_CURSES_FN(waddnstr);
	TOP_CURSES_FN(wattr_on);
	TOP_CURSES_FN(wattr_off);
	TOP_CURSES_FN(wclear);
	TOP_CURSES_FN(werase);
	TOP_CURSES_FN(wclrtoeol);
	TOP_CURSES_FN(wrefresh);
	/* variables: their addresses */
	TOP_CURSES_FN(stdscr);
	TOP_CURSES_FN(COLS);
	TOP_CURSES_FN(LINES);
};
#undef TOP_CURSES_FN

extern struct top_curses top_curses;

/* Opens ncursesw once: 0, or -1 with *err naming what is missing. */
int top_curses_load(struct hwmsg_err *err);

#ifndef TOP_CURSES_DL_C
#define newterm (*top_curses.newterm)
#define set_term (*top_curses.set_term)
#define delscreen (*top_curses.delscreen)
#define endwin (*top_curses.endwin)
#define cbreak (*top_curses.cbreak)
#define noecho (*top_curses.noecho)
#define keypad (*top_curses.keypad)
#define set_escdelay (*top_curses.set_escdelay)
#define curs_set (*top_curses.curs_set)
#define has_colors (*top_curses.has_colors)
#define start_color (*top_curses.start_color)
#define use_default_colors (*top_curses.use_default_colors)
#define init_pair (*top_curses.init_pair)
#define wtimeout (*top_curses.wtimeout)
#define wgetch (*top_curses.wgetch)
#define wmove (*top_curses.wmove)
#define waddnstr (*top_curses.waddnstr)
#define wattr_on (*top_curses.wattr_on)
#define wattr_off (*top_curses.wattr_off)
#define wclear (*top_curses.wclear)
#define werase (*top_curses.werase)
#define wclrtoeol (*top_curses.wclrtoeol)
#define wrefresh (*top_curses.wrefresh)
#define stdscr (*top_curses.stdscr)
#define COLS (*top_curses.COLS)
#define LINES (*top_curses.LINES)
#endif

#endif
