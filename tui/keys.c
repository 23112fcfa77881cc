// SPDX-License-Identifier: GPL-2.0-or-later
/* What each key does in hwmsg top (the help panel lists them). */
#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ui.h"

static void set_filter(struct top_ui *ui, const char *reg)
{
	snprintf(ui->view.filter.reg, sizeof(ui->view.filter.reg), "%s", reg);
	view_rebuild(&ui->view, &ui->store);
	ui->detail_scroll = 0;
}

static void prompt_key(struct top_ui *ui, int ch)
{
	size_t len = strlen(ui->prompt_buf);

	switch (ch) {
	case 27:
		ui->prompt = false;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		ui->prompt = false;
		set_filter(ui, ui->prompt_buf);
		break;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		if (len)
			ui->prompt_buf[len - 1] = '\0';
		break;
	default:
		if (ch >= 0x20 && ch < 0x7f &&
		    len + 1 < sizeof(ui->prompt_buf)) {
			ui->prompt_buf[len] = (char)ch;
			ui->prompt_buf[len + 1] = '\0';
		}
	}
}

/* Keys that scroll the summary while it is shown; true if handled. */
static bool summary_key(struct top_ui *ui, int ch, int page)
{
	unsigned int *top = &ui->summary_top;

	switch (ch) {
	case KEY_UP:
	case 'k':
		*top -= *top > 0;
		return true;
	case KEY_DOWN:
	case 'j':
		(*top)++;	/* the panel clamps it */
		return true;
	case KEY_PPAGE:
		*top -= *top > (unsigned int)page ? (unsigned int)page : *top;
		return true;
	case KEY_NPAGE:
		*top += (unsigned int)page;
		return true;
	case KEY_HOME:
	case 'g':
		*top = 0;
		return true;
	case KEY_END:
	case 'G':
		*top = UINT_MAX / 2;
		return true;
	}
	return false;
}

static bool is_error(const struct top_msg *m)
{
	return !(m->flags & TOP_MSG_DECODED) || m->status;
}

/* Select the next (dir 1) or previous (-1) error in the list. */
static void go_error(struct top_ui *ui, int dir)
{
	struct top_view *v = &ui->view;
	size_t pos = v->sel;

	while (v->count && (dir > 0 ? pos + 1 < v->count : pos > 0)) {
		pos = dir > 0 ? pos + 1 : pos - 1;
		if (is_error(store_get(&ui->store, view_at(v, pos)))) {
			v->sel = pos;
			v->tail = false;
			return;
		}
	}
	snprintf(ui->status, sizeof(ui->status), "no %s error",
		 dir > 0 ? "later" : "earlier");
}

/* Select the other half of the selected request or response. */
static void go_pair(struct top_ui *ui)
{
	struct top_view *v = &ui->view;
	const struct top_msg *m;
	long pos;

	m = v->count ? store_get(&ui->store, view_at(v, v->sel)) : NULL;
	if (!m || !(m->flags & TOP_MSG_PAIRED)) {
		snprintf(ui->status, sizeof(ui->status),
			 "no request/response pair for this message");
		return;
	}
	if (!store_get(&ui->store, m->pair_seq)) {
		snprintf(ui->status, sizeof(ui->status),
			 "#%llu is no longer kept (--max)",
			 (unsigned long long)m->pair_seq);
		return;
	}
	pos = view_find(v, m->pair_seq);
	if (pos < 0) {
		/* hidden by the filter: the user asked to see it */
		memset(&v->filter, 0, sizeof(v->filter));
		view_rebuild(v, &ui->store);
		pos = view_find(v, m->pair_seq);
		snprintf(ui->status, sizeof(ui->status),
			 "filter cleared to show #%llu",
			 (unsigned long long)m->pair_seq);
		if (pos < 0)
			return;
	}
	v->sel = (size_t)pos;
	v->tail = false;
}

bool keys_handle(struct top_ui *ui, int ch, int page)
{
	struct top_view *v = &ui->view;
	size_t sel = v->sel;

	ui->status[0] = '\0';
	if (ui->help) {
		ui->help = false;
		return ch != 'q';
	}
	if (ui->prompt) {
		prompt_key(ui, ch);
		return true;
	}
	if (ui->summary && summary_key(ui, ch, page))
		return true;
	switch (ch) {
	case 'q':
	case 'Q':
		return false;
	case KEY_UP:
	case 'k':
		view_move(v, -1);
		break;
	case KEY_DOWN:
	case 'j':
		view_move(v, 1);
		break;
	case KEY_PPAGE:
		view_move(v, -page);
		break;
	case KEY_NPAGE:
		view_move(v, page);
		break;
	case KEY_HOME:
	case 'g':
		view_home(v);
		break;
	case KEY_END:
	case 'G':
		view_end(v);
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case '\t':
		ui->detail = !ui->detail;
		ui->summary = false;
		ui->detail_scroll = 0;
		break;
	case '[':
		if (ui->detail_scroll)
			ui->detail_scroll--;
		break;
	case ']':
		ui->detail_scroll++;
		break;
	case ' ':
		if (v->tail)
			v->tail = false;
		else
			view_end(v);
		break;
	case 'e':
		v->filter.errors_only = !v->filter.errors_only;
		view_rebuild(v, &ui->store);
		break;
	case '/':
		ui->prompt = true;
		snprintf(ui->prompt_buf, sizeof(ui->prompt_buf), "%s",
			 v->filter.reg);
		break;
	case 's':
		ui->summary = !ui->summary;
		break;
	case 'p':
		go_pair(ui);
		break;
	case 'n':
		go_error(ui, 1);
		break;
	case 'N':
		go_error(ui, -1);
		break;
	case '?':
	case 'h':
	case KEY_F(1):
		ui->help = true;
		break;
	case KEY_RESIZE:
		clear();
		break;
	default:
		break;
	}
	if (v->sel != sel)
		ui->detail_scroll = 0;
	return true;
}
