// SPDX-License-Identifier: GPL-2.0-or-later
/* The summary panel: per register counts, errors, latency; busiest first. */
#include <curses.h>
#include <inttypes.h>
#include <stdlib.h>

#include "fmt.h"
#include "ui.h"

static int by_count(const void *a, const void *b)
{
	const struct top_regstat *x = *(const struct top_regstat *const *)a;
	const struct top_regstat *y = *(const struct top_regstat *const *)b;
	uint64_t nx = x->requests + x->responses;
	uint64_t ny = y->requests + y->responses;

	if (nx != ny)
		return nx < ny ? 1 : -1;
	return x->reg_id < y->reg_id ? -1 : x->reg_id > y->reg_id;
}

void summary_draw(struct top_ui *ui, int y, int rows)
{
	const struct top_store *s = &ui->store;
	const struct top_regstat **sorted;
	char name[TOP_REG_LABEL_LEN], avg[16], max[16];
	int a = ui_color(TOP_C_TITLE);
	unsigned int i;
	int r;

	if (rows < 1)
		return;
	move(y, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y, 0, a, "%-10s %-6s %10s %10s %8s %9s %9s  (all records)",
	       "REGISTER", "ID", "REQUESTS", "RESPONSES", "ERRORS", "AVG LAT",
	       "MAX LAT");
	for (r = 1; r < rows; r++) {
		move(y + r, 0);
		clrtoeol();
	}
	sorted = malloc((s->n_regs ? s->n_regs : 1) * sizeof(*sorted));
	if (!sorted)
		return;
	for (i = 0; i < s->n_regs; i++)
		sorted[i] = &s->regs[i];
	qsort(sorted, s->n_regs, sizeof(*sorted), by_count);
	if (ui->summary_top + (unsigned int)rows - 1 > s->n_regs)
		ui->summary_top = s->n_regs > (unsigned int)rows - 1
					  ? s->n_regs - ((unsigned int)rows - 1)
					  : 0;
	for (i = ui->summary_top, r = 1; i < s->n_regs && r < rows;
	     i++, r++) {
		const struct top_regstat *g = sorted[i];

		avg[0] = max[0] = '\0';
		if (g->lat_n) {
			top_fmt_dur(g->lat_sum_ns / g->lat_n, avg, sizeof(avg));
			top_fmt_dur(g->lat_max_ns, max, sizeof(max));
		}
		ui_put(y + r, 0, g->errors ? ui_color(TOP_C_ERROR) : 0,
		       "%-10s 0x%04x %10" PRIu64 " %10" PRIu64 " %8" PRIu64
		       " %9s %9s",
		       top_reg_label(g->reg_id, name, sizeof(name)), g->reg_id,
		       g->requests, g->responses, g->errors, avg, max);
	}
	free(sorted);
}
