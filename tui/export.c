// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Export (m, w FILE): the marked range or the filter's matches written to
 * a new pcapng (.zst compresses) by libhwmsg's writer, as hwmsgd and
 * hwmsg show -w write. From a file the records are read again through the
 * index, a slice per tick, so a 10-million-record export never stops the
 * keys; from the ring they are rebuilt from what it keeps.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ui.h"

#define EXPORT_SLICE 4096

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The marked range: from the mark to the selected record, either way. */
static void range(const struct top_ui *ui, uint64_t *a, uint64_t *b)
{
	uint64_t sel = view_at(&ui->view, ui->view.sel);

	*a = ui->mark < sel ? ui->mark : sel;
	*b = ui->mark < sel ? sel : ui->mark;
}

static void finish(struct top_ui *ui)
{
	struct top_export *e = &ui->exp;
	struct hwmsg_err err = { 0 };

	if (!e->w)
		return;
	if (hwmsg_writer_close(e->w, &err))
		snprintf(ui->status, sizeof(ui->status), "w %.100s: %.120s",
			 e->path, err.msg);
	else
		snprintf(ui->status, sizeof(ui->status),
			 "wrote %" PRIu64 " records to %.200s", e->written,
			 e->path);
	e->w = NULL;
	e->on = false;
}

void export_stop(struct top_ui *ui)
{
	finish(ui);
	memset(&ui->exp, 0, sizeof(ui->exp));
}

static bool failed(struct top_ui *ui, const struct hwmsg_err *err)
{
	struct hwmsg_err ignored;

	snprintf(ui->status, sizeof(ui->status), "w %.100s: %.120s",
		 ui->exp.path, err->msg);
	hwmsg_writer_close(ui->exp.w, &ignored);
	memset(&ui->exp, 0, sizeof(ui->exp));
	return false;
}

static int write_kept(struct top_ui *ui, uint64_t seq, struct hwmsg_err *err)
{
	const struct top_msg *m = store_get(&ui->store, seq);
	struct hwmsg_record rec;
	struct hwmsg_msg msg;

	if (!m)
		return 0;	/* evicted since */
	store_decode(&ui->store, m, &rec, &msg, NULL);
	if (hwmsg_writer_write(ui->exp.w, &rec, err))
		return -1;
	ui->exp.written++;
	return 0;
}

/* The ring: what it keeps of the range or the view, at once. */
static bool from_ring(struct top_ui *ui)
{
	struct top_view *v = &ui->view;
	struct hwmsg_err err = { 0 };
	uint64_t a, b;

	if (ui->exp.matches) {
		for (size_t pos = 0; pos < v->count; pos++)
			if (write_kept(ui, view_at(v, pos), &err))
				return failed(ui, &err);
	} else {
		range(ui, &a, &b);
		for (uint64_t seq = a; seq <= b; seq++)
			if (write_kept(ui, seq, &err))
				return failed(ui, &err);
	}
	finish(ui);
	return true;
}

bool export_start(struct top_ui *ui, const char *path)
{
	struct top_export *e = &ui->exp;
	const struct top_filter *f = &ui->view.filter;
	struct hwmsg_writer_opts o = {
		.application = "hwmsg top " HWMSG_VERSION,
		.record_clock = true,	/* a slice is dated by its records */
	};
	struct hwmsg_err err = { 0 };
	char what[TOP_FILTER_LEN + 16];

	if (e->on) {
		snprintf(ui->status, sizeof(ui->status),
			 "still writing %.200s", e->path);
		return false;
	}
	if (!ui->marked && !filter_active(f)) {
		snprintf(ui->status, sizeof(ui->status),
			 "nothing to write: mark a range (m) or filter (/, e)");
		return false;
	}
	if (!ui->marked && ui->view.whole && !ui->scan.done) {
		snprintf(ui->status, sizeof(ui->status),
			 "the filter is still running: w when it is done");
		return false;
	}
	if (!ui->view.count) {
		snprintf(ui->status, sizeof(ui->status), "nothing to write");
		return false;
	}
	memset(e, 0, sizeof(*e));
	snprintf(e->path, sizeof(e->path), "%s", path);
	e->matches = !ui->marked;
	if (e->matches) {
		/* said in the file, as hwmsg show -Y -w does */
		snprintf(what, sizeof(what), "%s%s%s",
			 f->errors_only ? "errors" : "",
			 f->errors_only && f->reg[0] ? " && " : "", f->reg);
		o.filter = what;
	}
	e->w = hwmsg_writer_open(path, &o, &err);
	if (!e->w) {
		snprintf(ui->status, sizeof(ui->status), "w %.100s: %.120s",
			 path, err.msg);
		return false;
	}
	e->on = true;
	if (!ui->browse || !(ui->view.all || ui->view.whole))
		return from_ring(ui);
	if (!e->matches)
		range(ui, &e->next, &e->end);
	e->end++;
	snprintf(ui->status, sizeof(ui->status), "writing %.200s", path);
	return true;
}

struct writing {
	struct top_ui *ui;
	struct hwmsg_err err;
	bool bad;
};

static int write_rec(void *arg, uint64_t i, const struct hwmsg_record *rec)
{
	struct writing *wr = arg;
	struct top_export *e = &wr->ui->exp;
	struct top_view *v = &wr->ui->view;

	if (e->matches) {
		while (e->pos < v->count && view_at(v, e->pos) < i)
			e->pos++;
		if (e->pos >= v->count || view_at(v, e->pos) != i)
			return 0;
		e->pos++;
	}
	if (hwmsg_writer_write(e->w, rec, &wr->err)) {
		wr->bad = true;
		return 1;
	}
	e->written++;
	return 0;
}

bool export_step(struct top_ui *ui, uint64_t budget_ns)
{
	struct top_export *e = &ui->exp;
	struct top_view *v = &ui->view;
	struct writing wr = { .ui = ui };
	uint64_t t0 = mono_ns();

	if (!e->on || !e->w)
		return false;
	while (mono_ns() - t0 < budget_ns) {
		uint64_t from, n;
		long got;

		if (e->matches) {
			if (e->pos >= v->count)
				break;
			/* from the next match, up to the last */
			from = view_at(v, e->pos);
			n = view_at(v, v->count - 1) + 1 - from;
		} else {
			if (e->next >= e->end)
				break;
			from = e->next;
			n = e->end - from;
		}
		if (n > EXPORT_SLICE)
			n = EXPORT_SLICE;
		got = browse_read(ui->browse, from, n, write_rec, &wr, &wr.err);
		if (wr.bad || got <= 0) {
			if (!wr.bad && got == 0)
				hwmsg_errf(&wr.err, 0,
					   "record %" PRIu64 " cannot be read",
					   from + 1);
			return failed(ui, &wr.err);
		}
		if (e->matches)
			/* past what this slice held: nothing more there */
			while (e->pos < v->count &&
			       view_at(v, e->pos) < from + (uint64_t)got)
				e->pos++;
		else
			e->next = from + (uint64_t)got;
	}
	if ((e->matches && e->pos >= v->count) ||
	    (!e->matches && e->next >= e->end)) {
		finish(ui);
		return false;
	}
	snprintf(ui->status, sizeof(ui->status),
		 "writing %.200s: %" PRIu64 " records", e->path, e->written);
	return true;
}
