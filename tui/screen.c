// SPDX-License-Identifier: GPL-2.0-or-later
/* Drawing helpers every panel uses: clipped text and colours. */
#include "curses_dl.h"
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "ui.h"

int ui_put(int y, int x, int attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int room = COLS - x;
	size_t n;

	if (y < 0 || y >= LINES || room <= 0)
		return x > COLS ? x : COLS;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	top_sanitize(buf);
	attron(attr);
	/* bytes >= cells, so this never wraps to the next line */
	mvaddnstr(y, x, buf, room);
	attroff(attr);
	n = strlen(buf);
	return n < (size_t)room ? x + (int)n : COLS;
}

int ui_color(enum top_color c)
{
	if (has_colors())
		return COLOR_PAIR(c);
	switch (c) {
	case TOP_C_ERROR:
	case TOP_C_WARN:
		return A_BOLD;
	case TOP_C_TITLE:
	case TOP_C_SEL:
		return A_REVERSE;
	}
	return 0;
}
