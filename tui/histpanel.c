// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The history panel (Enter on a state row): every access to one register
 * instance up to the selected record, one row each (record, time, what it
 * was), the fields that differ between them side by side; a value that
 * differs from the row above stands out. Fields no access changed are
 * listed once above.
 */
#include "curses_dl.h"
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "fmt.h"
#include "ui.h"

#define HIST_COLS 48		/* fields shown side by side at most */
#define HIST_WIDTH 22		/* widest column */

static const char *how_name(enum hwmsg_state_how how)
{
	switch (how) {
	case HWMSG_STATE_QUERY:
		return "query";
	case HWMSG_STATE_WRITE:
		return "write";
	case HWMSG_STATE_EVENT:
		return "event";
	case HWMSG_STATE_FAILED:
		return "FAILED";
	default:
		return "-";
	}
}

static int add_col(struct top_hist *h, const char *path, int w)
{
	for (unsigned int c = 0; c < h->n_cols; c++)
		if (!strcmp(h->cols[c], path)) {
			if (w > h->width[c])
				h->width[c] = w;
			return 0;
		}
	if (h->n_cols == HIST_COLS)
		return 0;
	snprintf(h->cols[h->n_cols], sizeof(h->cols[0]), "%s", path);
	h->width[h->n_cols] = (int)strlen(path) > w ? (int)strlen(path) : w;
	h->n_cols++;
	return 0;
}

int hist_prepare(struct top_hist *h)
{
	struct top_fields first = { NULL, 0 }, f;
	size_t used = 0;

	h->cols = calloc(HIST_COLS, sizeof(*h->cols));
	h->width = calloc(HIST_COLS, sizeof(*h->width));
	if (!h->cols || !h->width)
		return -1;
	h->same[0] = '\0';
	if (!h->n)
		return 0;
	/* failures carry no contents: the first that has some is the base */
	for (long i = 0; i < h->n && !first.n; i++)
		if (fields_get(h->reg_id, h->acc[i].payload, h->acc[i].len,
			       &first) < 0)
			return -1;
	for (long i = 0; i < h->n; i++) {
		if (fields_get(h->reg_id, h->acc[i].payload, h->acc[i].len,
			       &f) < 0) {
			fields_free(&first);
			return -1;
		}
		for (unsigned int k = 0; k < f.n; k++) {
			const struct top_field *b = fields_find(&first,
							       f.f[k].path, k);

			if (!b || strcmp(b->value, f.f[k].value))
				add_col(h, f.f[k].path,
					(int)strlen(f.f[k].value));
		}
		fields_free(&f);
	}
	for (unsigned int k = 0; k < first.n && used < sizeof(h->same); k++) {
		bool varies = false;

		for (unsigned int c = 0; c < h->n_cols && !varies; c++)
			varies = !strcmp(h->cols[c], first.f[k].path);
		if (!varies && first.f[k].shown)
			used += (size_t)snprintf(h->same + used,
						 sizeof(h->same) - used,
						 "%s%s %s", used ? "  " : "",
						 first.f[k].path,
						 first.f[k].value);
	}
	for (unsigned int c = 0; c < h->n_cols; c++)
		if (h->width[c] > HIST_WIDTH)
			h->width[c] = HIST_WIDTH;
	fields_free(&first);
	return 0;
}

static void draw_row(struct top_hist *h, long i, int y)
{
	struct top_fields f, prev = { NULL, 0 };
	const struct hwmsg_state_access *a = &h->acc[i];
	int attr = a->how == HWMSG_STATE_FAILED ? ui_color(TOP_C_ERROR) : 0;
	int hi = A_BOLD | ui_color(TOP_C_WARN);
	char when[32];
	int x;

	top_fmt_time(a->ts_ns, when, sizeof(when));
	ui_put(y, 0, attr, "%9llu %-15s %-6s", (unsigned long long)a->record + 1,
	       when, how_name(a->how));
	x = 34;
	if (fields_get(h->reg_id, a->payload, a->len, &f) < 0)
		return;
	if (i > 0)
		fields_get(h->reg_id, h->acc[i - 1].payload,
			   h->acc[i - 1].len, &prev);
	for (unsigned int c = 0; c < h->n_cols && x < COLS; c++) {
		const struct top_field *v = fields_find(&f, h->cols[c], c);
		const struct top_field *p = i > 0 ?
			fields_find(&prev, h->cols[c], c) : NULL;
		const char *s = v ? v->value : "-";
		bool changed = i > 0 && a->how != HWMSG_STATE_FAILED &&
			       strcmp(s, p ? p->value : "-");

		ui_put(y, x, attr | (changed ? hi : 0), "%-*.*s", h->width[c],
		       h->width[c], s);
		x += h->width[c] + 2;
	}
	fields_free(&f);
	fields_free(&prev);
}

void hist_draw(struct top_ui *ui, int y, int rows)
{
	struct top_hist *h = &ui->h;
	int a = ui_color(TOP_C_TITLE);
	unsigned int body = rows > 4 ? (unsigned int)rows - 3 : 1;
	int r, x;

	for (r = 0; r < rows; r++) {
		move(y + r, 0);
		clrtoeol();
	}
	ui_put(y, 0, A_BOLD, "history of %s: %ld accesses in records %llu..%llu  (Esc back)",
	       h->name, h->n, (unsigned long long)h->from + 1,
	       (unsigned long long)h->upto);
	ui_put(y + 1, 0, 0, "unchanged: %s", h->same[0] ? h->same : "-");
	move(y + 2, 0);
	attron(a);
	clrtoeol();
	attroff(a);
	ui_put(y + 2, 0, a, "%9s %-15s %-6s", "RECORD", "TIME", "HOW");
	x = 34;
	for (unsigned int c = 0; c < h->n_cols && x < COLS; c++) {
		ui_put(y + 2, x, a, "%-*.*s", h->width[c], h->width[c],
		       h->cols[c]);
		x += h->width[c] + 2;
	}
	if (h->at_end) {
		h->top = h->n > (long)body ? (unsigned int)(h->n - (long)body) :
					     0;
		h->at_end = false;
	}
	if ((long)h->top + (long)body > h->n)
		h->top = h->n > (long)body ? (unsigned int)(h->n - (long)body) :
					     0;
	for (r = 3; r < rows && (long)h->top + r - 3 < h->n; r++)
		draw_row(h, (long)h->top + r - 3, y + r);
	if (!h->n)
		ui_put(y + 3, 0, 0, "%s", "no access to this instance");
}
