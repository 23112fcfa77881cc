// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The state panel (r): every register instance with the latest contents
 * the firmware confirmed, from libhwmsg's state engine (the same as hwmsg
 * state), as of the selected record when a file is read whole: when it
 * was last written and queried, and its fields on one line, those its
 * last change touched in bold.
 */
#include "curses_dl.h"
#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "fmt.h"
#include "ui.h"

/* "08:04:06.123", "-" for never */
static const char *short_time(uint64_t ns, char *buf, size_t size)
{
	char t[32];

	if (!ns)
		return "-";
	top_fmt_time(ns, t, sizeof(t));
	snprintf(buf, size, "%.12s", t);
	return buf;
}

/* The fields from x on; what the last change touched stands out. */
static void draw_fields(int y, int x, const struct hwmsg_state_inst *in,
			int attr)
{
	struct top_fields now, before = { NULL, 0 };
	int hi = A_BOLD | (attr ? (int)A_UNDERLINE : ui_color(TOP_C_WARN));
	char text[HWMSG_REG_PATH_MAX + TOP_FIELD_VALUE + 2];

	if (fields_get(in->reg_id, in->payload, in->len, &now) < 0)
		return;
	if (in->prev_payload)
		fields_get(in->reg_id, in->prev_payload, in->prev_len, &before);
	for (unsigned int i = 0; i < now.n && x < COLS; i++) {
		const struct top_field *f = &now.f[i], *b;
		const char *name = strrchr(f->path, '.');
		bool changed = false;

		if (f->shown && in->prev_payload) {
			b = fields_find(&before, f->path, i);
			changed = !b || strcmp(b->value, f->value);
		}
		/* the leaves hwmsg state lists: a field now zero is not */
		if (!f->shown)
			continue;
		snprintf(text, sizeof(text), "%s %s", name ? name + 1 : f->path,
			 f->value);
		x = ui_put(y, x, attr | (changed ? hi : 0), "%s", text) + 2;
	}
	fields_free(&now);
	fields_free(&before);
}

void state_as_of(struct top_ui *ui, int y, uint64_t upto, const char *what,
		 const char *keys)
{
	char when[32];

	move(y, 0);
	clrtoeol();
	if (!upto) {
		ui_put(y, 0, 0, "%s %s", what,
		       ui->src->live ? "now (live)" :
				       "after every record read");
		return;
	}
	top_fmt_time(browse_ts(ui->browse, upto - 1), when, sizeof(when));
	ui_put(y, 0, 0, "%s as of record %llu, %s  (: t < > move it%s)",
	       what, (unsigned long long)upto, when, keys);
}

/* Keep the selection in the table and on screen. */
static void clamp(struct top_ui *ui, unsigned int n, unsigned int rows)
{
	if (ui->state_sel >= n)
		ui->state_sel = n ? n - 1 : 0;
	if (ui->state_sel < ui->summary_top)
		ui->summary_top = ui->state_sel;
	if (rows && ui->state_sel >= ui->summary_top + rows)
		ui->summary_top = ui->state_sel - rows + 1;
}

void state_draw(struct top_ui *ui, int y, int rows)
{
	uint64_t upto;
	struct hwmsg_state *st = ui_state(ui, &upto);
	unsigned int n = st ? hwmsg_state_count(st) : 0, i;
	int a = ui_color(TOP_C_TITLE);
	char wr[16], qu[16];
	/* "PTYS local_port 2 proto_mask 4" where there is room */
	int iw = COLS >= 160 ? 40 : COLS >= 110 ? 30 : 24;
	int r;

	if (rows < 3)
		return;
	state_as_of(ui, y, upto, "register state", ", Enter history, P ports");
	move(y + 1, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y + 1, 0, a, "%-12s %-*s %-12s %-12s %s", "DEVICE", iw,
	       "INSTANCE", "LAST WRITE", "LAST QUERY",
	       "FIELDS (bold: changed last)");
	for (r = 2; r < rows; r++) {
		move(y + r, 0);
		clrtoeol();
	}
	clamp(ui, n, (unsigned int)rows - 2);
	for (i = ui->summary_top, r = 2; i < n && r < rows; i++, r++) {
		const struct hwmsg_state_inst *in = hwmsg_state_at(st, i);
		int attr = i == ui->state_sel ? ui_color(TOP_C_SEL) : 0;

		if (!attr && in->failures && !in->ts_ns)
			attr = ui_color(TOP_C_ERROR);
		if (attr == ui_color(TOP_C_SEL))
			ui_put(y + r, 0, attr, "%*s", COLS, "");
		/* the instance the selected record itself set: bold */
		ui_put(y + r, 0, attr | (upto && in->frame == upto ? A_BOLD : 0),
		       "%-12.12s %-*.*s %-12s %-12s ", in->dev, iw, iw, in->key,
		       short_time(in->written_ns, wr, sizeof(wr)),
		       short_time(in->queried_ns, qu, sizeof(qu)));
		draw_fields(y + r, iw + 40, in, attr);
	}
	if (!n)
		ui_put(y + 2, 0, 0, "%s", "no register contents confirmed yet");
}
