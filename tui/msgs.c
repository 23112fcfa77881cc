// SPDX-License-Identifier: GPL-2.0-or-later
/* Where the messages on screen come from: the file's pages or the ring. */
#include "ui.h"

const struct top_msg *ui_msg(struct top_ui *ui, uint64_t seq,
			     const struct top_store **st)
{
	if (ui->browse && (ui->view.all || ui->view.whole))
		return browse_get(ui->browse, seq, st);
	*st = &ui->store;
	return store_get(&ui->store, seq);
}

void ui_rebuild(struct top_ui *ui)
{
	if (ui->browse && !filter_active(&ui->view.filter)) {
		scan_stop(ui);
		view_all(&ui->view, ui->browse->count);
	} else if (ui->browse) {
		scan_start(ui);		/* the whole file, in slices */
	} else {
		view_rebuild(&ui->view, &ui->store);
	}
}
