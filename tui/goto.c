// SPDX-License-Identifier: GPL-2.0-or-later
/* Jumps: ":N" to record number N (from 1, as hwmsg show -N), "t TIME". */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "fmt.h"
#include "timearg.h"
#include "ui.h"

static void select_pos(struct top_ui *ui, size_t pos)
{
	ui->view.sel = pos;
	ui->view.tail = false;
	ui->detail_scroll = 0;
}

/* Not there (yet): say why. */
static void missing(struct top_ui *ui, uint64_t seq)
{
	const struct top_browse *b = ui->browse;

	if (b && ui->view.all && !b->indexed)
		snprintf(ui->status, sizeof(ui->status),
			 "record %" PRIu64 " is not indexed yet (indexing %d%%)",
			 seq + 1, (int)(b->progress * 100));
	else if (b && ui->view.all)
		snprintf(ui->status, sizeof(ui->status),
			 "the capture has %" PRIu64 " records", b->count);
	else if (seq < ui->store.first || seq >= ui->store.next)
		snprintf(ui->status, sizeof(ui->status),
			 "record %" PRIu64 " is not kept (kept: %" PRIu64
			 "..%" PRIu64 ")",
			 seq + 1, ui->store.first + 1, ui->store.next);
	else
		snprintf(ui->status, sizeof(ui->status),
			 "record %" PRIu64 " is hidden by the filter", seq + 1);
}

/* The first position at or after seq in a filtered view. */
static size_t pos_from(const struct top_view *v, uint64_t seq)
{
	size_t lo = 0, hi = v->count, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (view_at(v, mid) < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool goto_record(struct top_ui *ui, const char *text)
{
	struct top_view *v = &ui->view;
	unsigned long long n;
	char *end;
	long pos;

	errno = 0;
	n = strtoull(text, &end, 10);
	if (errno || end == text || *end || !n || *text == '-') {
		snprintf(ui->status, sizeof(ui->status),
			 "record: a number from 1, not '%.100s'", text);
		return false;
	}
	pos = view_find(v, n - 1);
	if (pos >= 0) {
		select_pos(ui, (size_t)pos);
		return true;
	}
	missing(ui, n - 1);
	/* go as near as there is */
	if (v->count) {
		size_t p = pos_from(v, n - 1);

		select_pos(ui, p < v->count ? p : v->count - 1);
	}
	return true;
}

/* Time of the message at pos, 0 when it cannot be read. */
static uint64_t ts_at(struct top_ui *ui, size_t pos)
{
	const struct top_store *st;
	const struct top_msg *m;

	if (ui->browse && ui->view.all)
		return browse_ts(ui->browse, pos);
	m = ui_msg(ui, view_at(&ui->view, pos), &st);
	return m ? m->ts_ns : 0;
}

bool goto_time(struct top_ui *ui, const char *text)
{
	struct top_view *v = &ui->view;
	uint64_t first, last, ts;
	size_t lo = 0, hi = v->count, mid;
	char buf[32];

	if (!v->count) {
		snprintf(ui->status, sizeof(ui->status), "no messages yet");
		return true;
	}
	first = ui->browse ? browse_ts(ui->browse, 0) : ui->store.first_ts_ns;
	last = ts_at(ui, v->count - 1);
	if (top_parse_time(text, first, last, &ts)) {
		snprintf(ui->status, sizeof(ui->status),
			 "time: HH:MM[:SS.frac] or +10s, +1.5m, +250ms, not '%.80s'",
			 text);
		return false;
	}
	if (ui->browse && v->all) {
		lo = browse_find_ts(ui->browse, ts);
	} else {
		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (ts_at(ui, mid) < ts)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	if (lo >= v->count) {
		snprintf(ui->status, sizeof(ui->status),
			 "%s is after the last message%s",
			 top_fmt_time(ts, buf, sizeof(buf)),
			 ui->browse && v->all && !ui->browse->indexed ?
				 " indexed so far" : "");
		lo = v->count - 1;
	}
	select_pos(ui, lo);
	return true;
}
