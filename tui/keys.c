// SPDX-License-Identifier: GPL-2.0-or-later
/* What each key does in hwmsg top (the help panel lists them). */
#include "curses_dl.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ui.h"

#define GO_ERROR_SLICE 20000	/* records read from a file per n/N */

/* false (and the prompt stays, the error in the status line) if the
 * display filter does not compile */
static bool set_filter(struct top_ui *ui, const char *text)
{
	struct hwmsg_err err = { 0 };

	if (filter_set(&ui->view.filter, text, &err)) {
		/* err.msg fits: the status line shows what the screen can */
		snprintf(ui->status, sizeof(ui->status), "filter: column %llu: %.200s",
			 (unsigned long long)err.offset + 1, err.msg);
		return false;
	}
	ui->status[0] = '\0';
	/* n/N look for it once it is cleared */
	if (text[0])
		filter_set(&ui->search, text, &err);
	ui_rebuild(ui);
	ui->detail_scroll = 0;
	return true;
}

static void remember(struct top_ui *ui, const char *text)
{
	unsigned int n = ui->n_history;
	const unsigned int max = sizeof(ui->history) / sizeof(ui->history[0]);

	if (!text[0] || (n && !strcmp(ui->history[0], text)))
		return;
	if (n == max)
		n--;
	memmove(ui->history[1], ui->history[0], n * sizeof(ui->history[0]));
	snprintf(ui->history[0], sizeof(ui->history[0]), "%s", text);
	ui->n_history = n + 1;
}

/* Up/Down in the prompt walk the filters applied before */
static void recall(struct top_ui *ui, int delta)
{
	int pos = (int)ui->history_pos + delta;

	if (pos < 0 || pos > (int)ui->n_history)
		return;
	ui->history_pos = (unsigned int)pos;
	snprintf(ui->prompt_buf, sizeof(ui->prompt_buf), "%s",
		 pos ? ui->history[pos - 1] : "");
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
		if (ui->prompt_kind == TOP_PROMPT_RECORD) {
			ui->prompt = !goto_record(ui, ui->prompt_buf);
		} else if (ui->prompt_kind == TOP_PROMPT_TIME) {
			ui->prompt = !goto_time(ui, ui->prompt_buf);
		} else if (ui->prompt_kind == TOP_PROMPT_WRITE) {
			ui->prompt = false;
			if (ui->prompt_buf[0])
				export_start(ui, ui->prompt_buf);
		} else if (set_filter(ui, ui->prompt_buf)) {
			ui->prompt = false;
			remember(ui, ui->prompt_buf);
		}
		break;
	case 21:	/* Ctrl-U */
		ui->prompt_buf[0] = '\0';
		break;
	case KEY_UP:
		if (ui->prompt_kind == TOP_PROMPT_FILTER)
			recall(ui, 1);
		break;
	case KEY_DOWN:
		if (ui->prompt_kind == TOP_PROMPT_FILTER)
			recall(ui, -1);
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

/*
 * Up/Down, PgUp/PgDn, Home/End (and k j g G) on a table's top row or
 * selection; the panel clamps it. True if ch was one of them.
 */
static bool scroll_key(unsigned int *pos, int ch, int page)
{
	switch (ch) {
	case KEY_UP:
	case 'k':
		*pos -= *pos > 0;
		return true;
	case KEY_DOWN:
	case 'j':
		(*pos)++;	/* the panel clamps it */
		return true;
	case KEY_PPAGE:
		*pos -= *pos > (unsigned int)page ? (unsigned int)page : *pos;
		return true;
	case KEY_NPAGE:
		*pos += (unsigned int)page;
		return true;
	case KEY_HOME:
	case 'g':
		*pos = 0;
		return true;
	case KEY_END:
	case 'G':
		*pos = UINT_MAX / 2;
		return true;
	}
	return false;
}

/* Keys that scroll the summary while it is shown; true if handled. */
static bool summary_key(struct top_ui *ui, int ch, int page)
{
	return scroll_key(&ui->summary_top, ch, page);
}

/* Which table replaces the list (none: the list). */
static void show(struct top_ui *ui, bool summary, bool state, bool ports)
{
	ui->summary = summary;
	ui->state = state;
	ui->ports = ports;
	ui->summary_top = 0;
	if (ui->hist) {
		ui->hist = false;
		ui_history_free(ui);
	}
}

/* The state table: a selection to open a history from, and < > to move
 * the instant it shows (the list's selection). */
static bool state_key(struct top_ui *ui, int ch, int page)
{
	const struct hwmsg_state_inst *in;
	uint64_t upto;

	if (scroll_key(&ui->state_sel, ch, page))
		return true;
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		in = ui_state_selected(ui);
		ui_state(ui, &upto);
		if (in)
			ui->hist = ui_history_open(ui, in, upto);
		return true;
	case 27:
		show(ui, false, false, false);
		return true;
	}
	return false;
}

/* The history table scrolls; Esc, Enter or Left go back to the state. */
static bool hist_key(struct top_ui *ui, int ch, int page)
{
	switch (ch) {
	case 27:
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_LEFT:
	case KEY_BACKSPACE:
		ui->hist = false;
		ui_history_free(ui);
		return true;
	case KEY_END:
	case 'G':
		ui->h.at_end = true;
		return true;
	}
	return scroll_key(&ui->h.top, ch, page);
}

static bool is_error(const struct top_msg *m)
{
	return m && (!(m->flags & TOP_MSG_DECODED) || m->status);
}

/*
 * What n/N look for: the last filter applied, once it no longer filters
 * the list (cleared: its matches among every record, as less's n);
 * else errors.
 */
static bool sought(struct top_ui *ui, const struct top_store *st,
		   const struct top_msg *m)
{
	if (ui->search.reg[0] && !filter_active(&ui->view.filter))
		return m && filter_match(&ui->search, st, m);
	return is_error(m);
}

/* Select the next (dir 1) or previous (-1) error, or match, in the list.
 * A whole file is searched a slice per key, read from the file: the keys
 * stay answered; the selection goes as far as it looked. */
static void go_error(struct top_ui *ui, int dir)
{
	struct top_view *v = &ui->view;
	const struct top_store *st;
	const struct top_msg *m;
	size_t pos = v->sel, looked = 0;
	const char *what = ui->search.reg[0] &&
			   !filter_active(&v->filter) ? "match" : "error";

	while (v->count && (dir > 0 ? pos + 1 < v->count : pos > 0)) {
		pos = dir > 0 ? pos + 1 : pos - 1;
		m = ui_msg(ui, view_at(v, pos), &st);
		if (sought(ui, st, m)) {
			v->sel = pos;
			v->tail = false;
			return;
		}
		if ((v->all || v->whole) && ++looked == GO_ERROR_SLICE) {
			v->sel = pos;
			v->tail = false;
			snprintf(ui->status, sizeof(ui->status),
				 "no %s in %d records (%c again looks on)",
				 what, GO_ERROR_SLICE, dir > 0 ? 'n' : 'N');
			return;
		}
	}
	snprintf(ui->status, sizeof(ui->status), "no %s %s",
		 dir > 0 ? "later" : "earlier", what);
}

/* Select the other half of the selected request or response. */
static void go_pair(struct top_ui *ui)
{
	struct top_view *v = &ui->view;
	const struct top_store *st;
	const struct top_msg *m;
	long pos;

	m = v->count ? ui_msg(ui, view_at(v, v->sel), &st) : NULL;
	if (!m || !(m->flags & TOP_MSG_PAIRED)) {
		snprintf(ui->status, sizeof(ui->status),
			 "no request/response pair for this message");
		return;
	}
	if (!ui_msg(ui, m->pair_seq, &st)) {
		snprintf(ui->status, sizeof(ui->status),
			 "#%llu is no longer kept (--max)",
			 (unsigned long long)m->pair_seq + 1);
		return;
	}
	pos = view_find(v, m->pair_seq);
	if (pos < 0) {
		/* hidden by the filter: the user asked to see it (and
		 * n/N go back to errors: only an empty / makes them look
		 * for the filter's matches) */
		filter_clear(&v->filter);
		filter_clear(&ui->search);
		v->filter.errors_only = false;
		ui_rebuild(ui);
		pos = view_find(v, m->pair_seq);
		snprintf(ui->status, sizeof(ui->status),
			 "filter cleared to show #%llu",
			 (unsigned long long)m->pair_seq + 1);
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
		switch (ch) {
		case KEY_DOWN:
		case 'j':
		case KEY_NPAGE:
			ui->help_top += ch == KEY_NPAGE ? 10 : 1;
			return true;	/* help_draw clamps it */
		case KEY_UP:
		case 'k':
		case KEY_PPAGE:
			ui->help_top -= ui->help_top < (ch == KEY_PPAGE ? 10u : 1u) ?
					ui->help_top : (ch == KEY_PPAGE ? 10u : 1u);
			return true;
		}
		ui->help = false;
		return ch != 'q';
	}
	if (ui->prompt) {
		prompt_key(ui, ch);
		return true;
	}
	if (ui->hist) {
		if (hist_key(ui, ch, page))
			return true;
	} else if (ui->state) {
		if (state_key(ui, ch, page))
			return true;
	} else if ((ui->summary || ui->ports) && summary_key(ui, ch, page)) {
		return true;
	}
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
		show(ui, false, false, false);
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
		ui_rebuild(ui);
		break;
	case ':':
	case 't':
		ui->prompt = true;
		ui->prompt_kind = ch == ':' ? TOP_PROMPT_RECORD :
					      TOP_PROMPT_TIME;
		ui->prompt_buf[0] = '\0';
		break;
	case '/':
		ui->prompt = true;
		ui->prompt_kind = TOP_PROMPT_FILTER;
		ui->history_pos = 0;
		snprintf(ui->prompt_buf, sizeof(ui->prompt_buf), "%s",
			 v->filter.reg);
		break;
	case 's':
		show(ui, !ui->summary, false, false);
		break;
	case 'r':
		show(ui, false, !ui->state || ui->hist, false);
		break;
	case 'P':
		show(ui, false, false, !ui->ports);
		break;
	case '<':	/* the instant the state shows: a record back */
		view_move(v, -1);
		break;
	case '>':
		view_move(v, 1);
		break;
	case 'p':
		go_pair(ui);
		break;
	case 'm':	/* mark a range: from here to the selection */
		ui->marked = !ui->marked && v->count;
		if (ui->marked)
			ui->mark = view_at(v, v->sel);
		break;
	case 'w':
		ui->prompt = true;
		ui->prompt_kind = TOP_PROMPT_WRITE;
		ui->prompt_buf[0] = '\0';
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
		ui->help_top = 0;
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
