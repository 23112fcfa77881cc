// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The summary panel: per device, register and method: counts, errors,
 * host and firmware latency; busiest first.
 */
#include "curses_dl.h"
#include <inttypes.h>
#include <stdlib.h>

#include "fmt.h"
#include "hwmsg/msg.h"
#include "ui.h"

static int by_count(const void *a, const void *b)
{
	const struct hwmsg_stats_row *x =
		*(const struct hwmsg_stats_row *const *)a;
	const struct hwmsg_stats_row *y =
		*(const struct hwmsg_stats_row *const *)b;
	uint64_t nx = x->requests + x->responses + x->events;
	uint64_t ny = y->requests + y->responses + y->events;

	if (nx != ny)
		return nx < ny ? 1 : -1;
	if (x->dev_index != y->dev_index)
		return x->dev_index < y->dev_index ? -1 : 1;
	if (x->reg_id != y->reg_id)
		return x->reg_id < y->reg_id ? -1 : 1;
	return x->method - y->method;
}

void summary_draw(struct top_ui *ui, int y, int rows)
{
	const struct top_store *s = &ui->store;
	const struct hwmsg_stats_row **sorted;
	unsigned int n = (unsigned int)hwmsg_stats_count(s->regs);
	char name[TOP_REG_LABEL_LEN], avg[16], max[16], fw[16], dev[24];
	int a = ui_color(TOP_C_TITLE);
	unsigned int i;
	int r;

	if (rows < 1)
		return;
	move(y, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y, 0, a, "%-13s %-10s %-6s %-7s %-7s %9s %9s %7s %9s %9s %9s  (all records)",
	       "DEVICE", "REGISTER", "ID", "METHOD", "TYPE", "REQUESTS",
	       "RESPONSES", "ERRORS", "AVG LAT", "MAX LAT", "FW AVG");
	for (r = 1; r < rows; r++) {
		move(y + r, 0);
		clrtoeol();
	}
	sorted = malloc((n ? n : 1) * sizeof(*sorted));
	if (!sorted)
		return;
	for (i = 0; i < n; i++)
		sorted[i] = hwmsg_stats_row(s->regs, i);
	qsort(sorted, n, sizeof(*sorted), by_count);
	if (ui->summary_top + (unsigned int)rows - 1 > n)
		ui->summary_top = n > (unsigned int)rows - 1
					  ? n - ((unsigned int)rows - 1)
					  : 0;
	for (i = ui->summary_top, r = 1; i < n && r < rows; i++, r++) {
		const struct hwmsg_stats_row *g = sorted[i];
		/* unasked, from the device: an event method has its rows */
		bool events = g->events && !g->requests;
		const char *method = hwmsg_name_lookup(hwmsg_emad_method_names,
						       g->method);

		avg[0] = max[0] = fw[0] = '\0';
		if (g->lat.n) {
			top_fmt_dur(g->lat.sum_ns / g->lat.n, avg, sizeof(avg));
			top_fmt_dur(g->lat.max_ns, max, sizeof(max));
		}
		if (g->fw_n)
			top_fmt_dur(g->fw_sum_us / g->fw_n * 1000, fw, sizeof(fw));
		/* the device's own part: 0000:03:00.0, not pci/ */
		snprintf(dev, sizeof(dev), "%s", g->dev[0] ? g->dev : "-");
		ui_put(y + r, 0, g->errors ? ui_color(TOP_C_ERROR) : 0,
		       "%-13.13s %-10s 0x%04x %-7s %-7s %9" PRIu64 " %9" PRIu64
		       " %7" PRIu64 " %9s %9s %9s",
		       dev, top_reg_label(g->reg_id, name, sizeof(name)),
		       g->reg_id, method ? method : "?",
		       events ? "event" :
		       g->type == HWMSG_TYPE_MLX_CMD_REG ? "CMD_REG" : "EMAD",
		       g->requests + (events ? g->events : 0), g->responses,
		       g->errors, avg, max, fw);
	}
	free(sorted);
}
