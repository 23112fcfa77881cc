// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The state panel (r): every register instance with the latest contents
 * the firmware confirmed, from libhwmsg's state engine (the same as hwmsg
 * state): when it was last seen, and its fields on one line.
 */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "hwmsg/regdb.h"
#include "ui.h"

struct line_buf {
	char *buf;
	size_t cap, len;
};

/* hwmsg_reg_format's lines joined: "admin_status up (1)  oper_status ..." */
static void add_field(void *ctx, unsigned int depth, const char *name,
		      const char *value)
{
	struct line_buf *l = ctx;
	int n;

	(void)depth;
	if (!value || l->len >= l->cap)
		return;
	n = snprintf(l->buf + l->len, l->cap - l->len, "%s%s %s",
		     l->len ? "  " : "", name, value);
	if (n > 0)
		l->len += (size_t)n;
}

static void fields_line(const struct hwmsg_state_inst *in, char *buf,
			size_t size)
{
	struct line_buf l = { buf, size, 0 };
	struct hwmsg_reg_decoded d;

	buf[0] = '\0';
	if (hwmsg_reg_decode(NULL, in->reg_id, in->payload, in->len, &d,
			     NULL) >= 0)
		hwmsg_reg_format(&d, false, add_field, &l);
	hwmsg_reg_decoded_free(&d);
}

void state_draw(struct top_ui *ui, int y, int rows)
{
	struct hwmsg_state *st = ui->store.state;
	unsigned int n = st ? hwmsg_state_count(st) : 0, i;
	int a = ui_color(TOP_C_TITLE);
	char when[32], fields[512];
	int r;

	if (rows < 1)
		return;
	move(y, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y, 0, a, "%-13s %-34s %-16s %-7s %s", "DEVICE", "INSTANCE",
	       "LAST SEEN", "CHANGED", "FIELDS (as the firmware last said)");
	for (r = 1; r < rows; r++) {
		move(y + r, 0);
		clrtoeol();
	}
	if (ui->summary_top + (unsigned int)rows - 1 > n)
		ui->summary_top = n > (unsigned int)rows - 1 ?
				  n - ((unsigned int)rows - 1) : 0;
	for (i = ui->summary_top, r = 1; i < n && r < rows; i++, r++) {
		const struct hwmsg_state_inst *in = hwmsg_state_at(st, i);

		top_fmt_time(in->ts_ns, when, sizeof(when));
		fields_line(in, fields, sizeof(fields));
		ui_put(y + r, 0, in->failures ? ui_color(TOP_C_ERROR) : 0,
		       "%-13.13s %-34.34s %-16s %7llu %s", in->dev, in->key,
		       when, (unsigned long long)in->changes, fields);
	}
	if (!n)
		ui_put(y + 1, 0, 0, "%s", "no register contents confirmed yet");
}
