// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The filter over a whole file: records read back through the index a
 * slice at a time (the drawing loop gives it a time budget per tick, so
 * keys stay answered), decoded and paired in a store of their own as the
 * ring would, matched; the matches' record numbers make the list. The
 * header shows how far it got and how many matched.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ui.h"

#define SCAN_RING 65536		/* records kept to pair responses with */
#define SCAN_SLICE 4096		/* records read at a time */

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void scan_stop(struct top_ui *ui)
{
	struct top_scan *sc = &ui->scan;

	if (sc->st_ok)
		store_free(&sc->st);
	memset(sc, 0, sizeof(*sc));
}

void scan_start(struct top_ui *ui)
{
	struct top_view *v = &ui->view;
	struct top_scan *sc = &ui->scan;
	uint64_t want = v->count ? view_at(v, v->sel) : 0;

	scan_stop(ui);
	view_whole(v);
	sc->on = true;
	sc->want = want;
	sc->st_ok = store_init(&sc->st, SCAN_RING) == 0;
	if (!sc->st_ok) {
		sc->done = true;
		snprintf(sc->error, sizeof(sc->error), "out of memory");
	}
}

static int scan_one(void *arg, uint64_t i, const struct hwmsg_record *rec)
{
	struct top_ui *ui = arg;
	struct top_scan *sc = &ui->scan;
	const struct top_msg *m;
	uint64_t seq = store_add(&sc->st, rec);

	m = store_get(&sc->st, seq);
	(void)i;	/* == seq: the store numbers from 0 as the index */
	if (m && filter_match(&ui->view.filter, &sc->st, m) &&
	    view_whole_add(&ui->view, seq) < 0) {
		snprintf(sc->error, sizeof(sc->error), "out of memory");
		return 1;
	}
	return 0;
}

/* The selection goes to the first match at or after where it was. */
static void place(struct top_ui *ui)
{
	struct top_view *v = &ui->view;
	struct top_scan *sc = &ui->scan;

	size_t lo = 0, hi = v->count, mid;

	if (sc->placed || !v->count)
		return;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (view_at(v, mid) < sc->want)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < v->count || sc->done) {
		v->sel = lo < v->count ? lo : v->count - 1;
		sc->placed = true;
	}
}

bool scan_step(struct top_ui *ui, uint64_t budget_ns)
{
	struct top_scan *sc = &ui->scan;
	struct top_browse *b = ui->browse;
	uint64_t t0 = mono_ns();
	struct hwmsg_err err = { 0 };

	if (!sc->on || sc->done || !b)
		return false;
	while (sc->next < b->count && mono_ns() - t0 < budget_ns) {
		uint64_t n = b->count - sc->next;
		long got;

		if (n > SCAN_SLICE)
			n = SCAN_SLICE;
		got = browse_read(b, sc->next, n, scan_one, ui, &err);
		if (got <= 0 || sc->error[0]) {
			if (!sc->error[0])
				snprintf(sc->error, sizeof(sc->error), "%s",
					 got < 0 ? err.msg : "no record read");
			sc->done = true;
			break;
		}
		sc->next += (uint64_t)got;
		place(ui);
	}
	if (b->indexed && sc->next >= b->count)
		sc->done = true;
	place(ui);
	if (sc->error[0])
		snprintf(ui->status, sizeof(ui->status), "filter: %.200s",
			 sc->error);
	return !sc->done;
}
