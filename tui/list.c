// SPDX-License-Identifier: GPL-2.0-or-later
/* The list panel: one line per message, the selection highlighted. */
#include "curses_dl.h"
#include <inttypes.h>
#include <stdio.h>

#include "fmt.h"
#include "regfields.h"
#include "ui.h"

/* Column starts; the last column takes what is left. */
enum {
	X_TIME = 0,
	X_DEV = 16,
	X_DIR = 29,
	X_REG = 32,
	X_METHOD = 41,
	X_STATUS = 48,
	X_LAT = 63,	/* the host's: response time - request time */
	X_FW = 73,	/* the firmware's own (the LATENCY TLV) */
	X_TID = 81,
	X_INFO = 98,
};

static void titles(int y)
{
	int a = ui_color(TOP_C_TITLE);

	move(y, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y, X_TIME, a, "%-16s", "TIME");
	ui_put(y, X_DEV, a, "%-13s", "DEVICE");
	ui_put(y, X_DIR, a, "%-3s", "");
	ui_put(y, X_REG, a, "%-9s", "REGISTER");
	ui_put(y, X_METHOD, a, "%-7s", "METHOD");
	ui_put(y, X_STATUS, a, "%-15s", "STATUS");
	ui_put(y, X_LAT, a, "%9s ", "LATENCY");
	ui_put(y, X_FW, a, "%7s ", "FW LAT");
	ui_put(y, X_TID, a, "%-*s", COLS > (int)X_TID ? COLS - (int)X_TID : 0,
	       "TID");
	ui_put(y, X_INFO, a, "%s", "INDEX");
}

/* The register's index fields ("local_port 17"), if the screen is wide. */
static void info(const struct top_store *st, const struct top_msg *m, int y,
		 int attr)
{
	struct hwmsg_record rec;
	struct hwmsg_msg msg;
	char buf[128];

	if (store_decode(st, m, &rec, &msg, NULL) < 0 || !msg.has_reg)
		return;
	if (regfields_summary(m->reg_id, msg.reg, msg.reg_len, buf,
			      sizeof(buf)))
		ui_put(y, X_INFO, attr, "%s", buf);
}

static void line(const struct top_store *st, const struct top_msg *m, int y,
		 bool sel)
{
	const struct hwmsg_device *d = store_dev(st, m);
	int base = sel ? ui_color(TOP_C_SEL) : 0;
	int err = sel ? base | (int)A_BOLD : ui_color(TOP_C_ERROR);
	char buf[64];

	move(y, 0);
	attron(base);
	clrtoeol();
	attroff(base);
	ui_put(y, X_TIME, base, "%s", top_fmt_time(m->ts_ns, buf, sizeof(buf)));
	/* no device named (an Ethernet capture): "-", as hwmsg show says */
	ui_put(y, X_DEV, base, "%.12s", d->dev[0] ? d->dev : "-");
	ui_put(y, X_DIR, base, "%s", top_dir_arrow(m->dir));
	if (!(m->flags & TOP_MSG_DECODED)) {
		ui_put(y, X_REG, err, "%s: not decoded (%u bytes)",
		       hwmsg_type_str(m->type), m->len);
		return;
	}
	ui_put(y, X_REG, base, "%.8s",
	       top_reg_label(m->reg_id, buf, sizeof(buf)));
	ui_put(y, X_METHOD, base, "%.6s",
	       top_fmt_name(hwmsg_emad_method_names, m->method, buf,
			    sizeof(buf)));
	if (m->flags & TOP_MSG_RESPONSE)
		ui_put(y, X_STATUS, m->status ? err : base, "%.14s",
		       top_fmt_name(hwmsg_emad_status_names, m->status, buf,
				    sizeof(buf)));
	else if (m->flags & TOP_MSG_ORPHAN)
		ui_put(y, X_STATUS, sel ? base : ui_color(TOP_C_WARN),
		       "no response");
	else if (m->retransmits)
		ui_put(y, X_STATUS, sel ? base : ui_color(TOP_C_WARN),
		       "retransmit %u", m->retransmits);
	if (m->flags & TOP_MSG_MATCHED)
		ui_put(y, X_LAT, base, "%9s",
		       top_fmt_dur(m->latency_ns, buf, sizeof(buf)));
	/* a request's LATENCY TLV is the empty one the driver sends */
	if ((m->flags & TOP_MSG_HAS_FW_LAT) && (m->flags & TOP_MSG_RESPONSE))
		ui_put(y, X_FW, base, "%7s",
		       top_fmt_dur((uint64_t)m->fw_latency_us * 1000, buf,
				   sizeof(buf)));
	if (m->type == HWMSG_TYPE_MLX_EMAD)
		ui_put(y, X_TID, base, "%016" PRIx64, m->tid);
	if (COLS > X_INFO)
		info(st, m, y, base);
}

void list_draw(struct top_ui *ui, int y, int rows)
{
	struct top_view *v = &ui->view;
	int i;

	if (rows < 1)
		return;
	titles(y);
	y++;
	rows--;
	view_scroll(v, (size_t)(rows > 0 ? rows : 1));
	for (i = 0; i < rows; i++) {
		size_t pos = v->top + (size_t)i;
		const struct top_store *st;
		const struct top_msg *m;

		move(y + i, 0);
		clrtoeol();
		if (pos >= v->count)
			continue;
		m = ui_msg(ui, view_at(v, pos), &st);
		if (m)
			line(st, m, y + i, pos == v->sel);
		else if (ui->browse && v->all)
			ui_put(y + i, 0, ui_color(TOP_C_ERROR),
			       "record %zu cannot be read: %s", pos + 1,
			       ui->browse->error);
	}
	if (!v->count && rows > 0)
		ui_put(y, 2, A_DIM, "%s",
		       filter_active(&v->filter)
			       ? "no message matches the filter"
			       : "waiting for messages...");
}
