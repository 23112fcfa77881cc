// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The register state as of the cursor: reading a file whole, the store
 * keeps a state log (checkpoints); the state after the selected record is
 * its checkpoint replayed from the file, kept while the cursor stays (and
 * moved on from when it goes forward a little). Histories come from the
 * same log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define HISTORY_MAX 5000	/* accesses a history holds */

/* How many records the state may be taken after: what both the log and
 * the index have seen. */
static uint64_t known(const struct top_ui *ui)
{
	uint64_t n = hwmsg_state_log_count(ui->store.log);

	return n < ui->browse->count ? n : ui->browse->count;
}

struct hwmsg_state *ui_state(struct top_ui *ui, uint64_t *upto)
{
	struct top_view *v = &ui->view;
	struct hwmsg_err err = { 0 };
	uint64_t n;

	*upto = 0;
	if (!ui->store.log || !ui->browse || !v->count)
		return ui->store.state;
	n = view_at(v, v->sel) + 1;
	if (n > known(ui))
		n = known(ui);
	if (!ui->cur_state || ui->cur_at != n) {
		if (hwmsg_state_log_seek(ui->store.log, &ui->cur_state,
					 &ui->cur_at, n, browse_read,
					 ui->browse, &err)) {
			snprintf(ui->status, sizeof(ui->status),
				 "state as of record %llu: %.200s",
				 (unsigned long long)n, err.msg);
			return ui->store.state;
		}
	}
	*upto = n;
	return ui->cur_state;
}

const struct hwmsg_state_inst *ui_state_selected(struct top_ui *ui)
{
	uint64_t upto;
	struct hwmsg_state *st = ui_state(ui, &upto);

	if (!st || !hwmsg_state_count(st))
		return NULL;
	/* G puts it past the end until the panel draws */
	if (ui->state_sel >= hwmsg_state_count(st))
		ui->state_sel = hwmsg_state_count(st) - 1;
	return hwmsg_state_at(st, ui->state_sel);
}

void ui_history_free(struct top_ui *ui)
{
	hwmsg_state_history_free(ui->h.acc, ui->h.n);
	free(ui->h.cols);
	free(ui->h.width);
	memset(&ui->h, 0, sizeof(ui->h));
}

bool ui_history_open(struct top_ui *ui, const struct hwmsg_state_inst *in,
		     uint64_t upto)
{
	struct hwmsg_err err = { 0 };
	struct top_hist *h = &ui->h;

	if (!ui->store.log || !ui->browse || !upto) {
		snprintf(ui->status, sizeof(ui->status),
			 "a history reads the capture again: give it with -r FILE (live: -w FILE, then -r it)");
		return false;
	}
	ui_history_free(ui);
	h->n = hwmsg_state_log_history(ui->store.log, in->id, upto,
				       HISTORY_MAX, browse_read, ui->browse,
				       &h->acc, &h->from, &err);
	if (h->n < 0) {
		h->n = 0;
		snprintf(ui->status, sizeof(ui->status), "history: %.200s",
			 err.msg);
		return false;
	}
	h->id = in->id;
	h->reg_id = in->reg_id;
	h->upto = upto;
	h->at_end = true;
	snprintf(h->name, sizeof(h->name), "%s  %s", in->dev, in->key);
	if (hist_prepare(h) < 0) {
		ui_history_free(ui);
		snprintf(ui->status, sizeof(ui->status),
			 "history: out of memory");
		return false;
	}
	return true;
}
