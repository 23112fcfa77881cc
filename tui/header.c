// SPDX-License-Identifier: GPL-2.0-or-later
/* The header panel: where records come from and the running counters. */
#include "curses_dl.h"
#include <inttypes.h>
#include <time.h>

#include "ui.h"

static const char *state(const struct top_ui *ui)
{
	if (!ui->src->live)
		return ui->src->done ? "loaded" : "loading";
	if (ui->src->done)
		return "ended";
	return ui->view.tail ? "live" : "PAUSED";
}

/* A file's time span: "2026-12-03 08:04:06 .. 08:05:10 (64.2 s)". */
static void span(const struct top_ui *ui, int y, int x)
{
	const struct top_store *s = &ui->store;
	time_t a = (time_t)(s->first_ts_ns / 1000000000u);
	time_t b = (time_t)(s->last_ts_ns / 1000000000u);
	char from[32], to[16];
	struct tm tm;

	if (!localtime_r(&a, &tm) ||
	    !strftime(from, sizeof(from), "%Y-%m-%d %H:%M:%S", &tm) ||
	    !localtime_r(&b, &tm) ||
	    !strftime(to, sizeof(to), "%H:%M:%S", &tm))
		return;
	ui_put(y, x, 0, "  %s .. %s (%.1f s)", from, to,
	       (s->last_ts_ns - s->first_ts_ns) / 1e9);
}

int header_draw(const struct top_ui *ui, int y)
{
	const struct top_counters *c = &ui->store.c;
	const struct top_filter *f = &ui->view.filter;
	uint64_t bad;
	int x;

	move(y, 0);
	clrtoeol();
	ui_put(y, 0, A_BOLD, "hwmsg top");
	x = ui_put(y, 10, 0, "source %s  [%s]", ui->src->name, state(ui));
	if (!ui->src->live && ui->store.first_ts_ns)
		span(ui, y, x);
	move(y + 1, 0);
	clrtoeol();
	x = ui_put(y + 1, 0, 0,
	       "records %" PRIu64 "  rate %u/s  errors %" PRIu64
	       "  retransmits %" PRIu64 "  orphans %" PRIu64,
	       c->records, ui->rate, c->errors, c->retransmits, c->orphans);
	if (ui->src->drops_known)
		x = ui_put(y + 1, x,
		       ui->src->drops ? ui_color(TOP_C_ERROR) : 0,
		       "  drops %" PRIu64, ui->src->drops);
	bad = c->undecoded + ui->src->read_errors;
	if (bad)
		ui_put(y + 1, x, ui_color(TOP_C_ERROR),
		       "  undecoded %" PRIu64, bad);
	move(y + 2, 0);
	clrtoeol();
	x = 0;
	if (ui->browse && ui->view.whole) {
		/* a filter's matches over the whole file */
		x = ui_put(y + 2, x, 0,
		       "match %zu of %zu in %" PRIu64 " of %" PRIu64 " records (whole file)",
		       ui->view.count ? ui->view.sel + 1 : 0, ui->view.count,
		       ui->scan.next, ui->browse->count);
		if (!ui->scan.done && ui->browse->count)
			x = ui_put(y + 2, x, ui_color(TOP_C_WARN),
			       "  filtering %d%%",
			       (int)(ui->scan.next * 100 / ui->browse->count));
	} else if (ui->browse && ui->view.all) {
		/* the whole file, read again as it is scrolled */
		x = ui_put(y + 2, x, 0, "record %zu of %" PRIu64 " (whole file)",
		       ui->view.count ? ui->view.sel + 1 : 0,
		       ui->browse->count);
	} else if (ui->browse) {
		x = ui_put(y + 2, x, 0,
		       "shown %zu of the newest %" PRIu64 " (filtering keeps --max %zu)",
		       ui->view.count, ui->store.next - ui->store.first,
		       ui->store.cap);
	} else {
		/* a ring: say where it starts */
		x = ui_put(y + 2, x, 0,
		       "shown %zu of %" PRIu64 " kept (max %zu, oldest kept #%" PRIu64 ")",
		       ui->view.count, ui->store.next - ui->store.first,
		       ui->store.cap,
		       ui->store.next > ui->store.first ? ui->store.first + 1 :
							  0);
	}
	if (ui->browse && !ui->browse->indexed)
		x = ui_put(y + 2, x, ui_color(TOP_C_WARN),
		       "  indexing %d%%", (int)(ui->browse->progress * 100));
	if (ui->marked && ui->view.count) {
		uint64_t sel = view_at(&ui->view, ui->view.sel);
		uint64_t a = ui->mark < sel ? ui->mark : sel;
		uint64_t b = ui->mark < sel ? sel : ui->mark;

		x = ui_put(y + 2, x + 2, ui_color(TOP_C_WARN),
		       "marked #%" PRIu64 "..#%" PRIu64, a + 1, b + 1);
	}
	if (filter_active(f))
		ui_put(y + 2, x + 2, ui_color(TOP_C_WARN),
		       "filter:%s%s%s%s",
		       f->errors_only ? " errors" : "",
		       f->reg[0] ? " \"" : "", f->reg, f->reg[0] ? "\"" : "");
	return 3;
}
