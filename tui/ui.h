/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The screen of hwmsg top and its panels, one job each: header (source and
 * counters), list (one line per message), detail (every field of the
 * selected message), summary (per-register totals), help (the keys), and
 * the status line. Panels only draw; top.c owns the loop and the keys.
 */
#ifndef HWMSG_TUI_UI_H
#define HWMSG_TUI_UI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "browse.h"
#include "hwmsg/io.h"
#include "hwmsg/regdb.h"
#include "source.h"
#include "store.h"
#include "view.h"

enum top_color {
	TOP_C_ERROR = 1,	/* status != 0, undecodable */
	TOP_C_TITLE,		/* column titles, pane titles */
	TOP_C_WARN,		/* retransmits, orphans */
	TOP_C_SEL,		/* the selected line */
};

enum top_prompt {
	TOP_PROMPT_FILTER,	/* / */
	TOP_PROMPT_RECORD,	/* :N */
	TOP_PROMPT_TIME,	/* t TIME */
	TOP_PROMPT_WRITE,	/* w FILE */
};

/* The history panel (Enter on a state row): one instance's accesses. */
struct top_hist {
	unsigned int id;
	uint16_t reg_id;
	char name[224];			/* "0000:03:00.0  PAOS local_port 3" */
	struct hwmsg_state_access *acc;	/* oldest first */
	long n;
	uint64_t from, upto;		/* records looked at: [from, upto) */
	unsigned int top;		/* first row shown */
	bool at_end;			/* show the newest (after opening) */
	/* the fields that differ between accesses: the columns */
	char (*cols)[HWMSG_REG_PATH_MAX];
	unsigned int n_cols;
	int *width;			/* of each column */
	char same[512];			/* the fields no access changed */
};

/* A filter running over every record of a file, a slice per tick. */
struct top_scan {
	bool on, done;
	uint64_t next;			/* the next record to look at */
	uint64_t want;			/* select the first match from here */
	bool placed;			/* the selection was put there */
	bool st_ok;
	struct top_store st;		/* the records read, to pair them */
	char error[256];
};

/* Writing marked records or a filter's matches to a capture (w). */
struct top_export {
	bool on;
	struct hwmsg_writer *w;
	char path[TOP_FILTER_LEN];
	bool matches;			/* the filter's, else the marked range */
	uint64_t next, end;		/* range: records still to write */
	size_t pos;			/* matches: the next to write */
	uint64_t written;
};

struct top_ui {
	struct top_store store;
	struct top_browse *browse;	/* a whole file at hand; NULL: live */
	struct top_view view;
	struct top_source *src;
	bool detail;		/* detail pane shown */
	bool summary;		/* per-register table instead of the list */
	bool state;		/* register state table instead (r) */
	bool ports;		/* one row per port instead (P) */
	bool hist;		/* history of a state row (Enter in r) */
	unsigned int state_sel;	/* selected row of the state table */
	/* the state r and P show when a file is browsed whole: after
	 * cur_at records (ui_state) */
	struct hwmsg_state *cur_state;
	uint64_t cur_at;
	struct top_hist h;
	struct top_scan scan;
	bool marked;			/* m: a range from mark to the selection */
	uint64_t mark;			/* its first record (seq) */
	struct top_export exp;
	bool help;		/* help overlay */
	unsigned int help_top;	/* its first line shown (a short screen) */
	bool prompt;		/* typing a filter, a record, a time */
	enum top_prompt prompt_kind;
	char prompt_buf[TOP_FILTER_LEN];
	char history[8][TOP_FILTER_LEN];	/* filters applied, newest first */
	struct top_filter search;	/* the last one: n/N once cleared */
	unsigned int n_history, history_pos;
	unsigned int detail_scroll;
	unsigned int summary_top;	/* first register row shown */
	unsigned int rate;	/* messages/s over the last second */
	char status[256];	/* one-off message for the status line */
};

/*
 * Draw text at (y, x) clipped to the screen width, with attributes.
 * Returns the column after it (COLS when clipped): where the next text of
 * the line goes (getcurx() is the next line's start at the last column).
 */
int ui_put(int y, int x, int attr, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int ui_color(enum top_color c);

/*
 * The message with this seq and the store it lives in: from the file when
 * the whole file is shown (view.all), else from the ring. NULL when it is
 * not kept or cannot be read.
 */
const struct top_msg *ui_msg(struct top_ui *ui, uint64_t seq,
			     const struct top_store **st);
/* After a filter change: every record of a file, its matches (a scan),
 * or the ring filtered. */
void ui_rebuild(struct top_ui *ui);
/* The whole file's matches: start over, stop, look at more records for
 * at most budget_ns (false when there is nothing more to do for now). */
/*
 * w FILE: the marked range (every record from the mark to the selection)
 * or else the filter's matches, to a new capture with hwmsgd's writer. A
 * file is read again in slices (export_step per tick); the ring is written
 * at once. false with ui->status saying why when there is nothing to do.
 */
bool export_start(struct top_ui *ui, const char *path);
bool export_step(struct top_ui *ui, uint64_t budget_ns);
void export_stop(struct top_ui *ui);
void scan_start(struct top_ui *ui);
void scan_stop(struct top_ui *ui);
bool scan_step(struct top_ui *ui, uint64_t budget_ns);
/* :N and t TIME; false (with ui->status set) when text is not understood */
bool goto_record(struct top_ui *ui, const char *text);
bool goto_time(struct top_ui *ui, const char *text);

/*
 * The register state the r and P views show: browsing a whole file, the
 * state after the selected record (*upto: how many records that is);
 * else the store's, of every record read (*upto 0).
 */
struct hwmsg_state *ui_state(struct top_ui *ui, uint64_t *upto);
/* The selected state row's instance (NULL: none). */
const struct hwmsg_state_inst *ui_state_selected(struct top_ui *ui);
/* Open the history of in among the first upto records (0: live, the
 * ring); false with ui->status saying why not. */
bool ui_history_open(struct top_ui *ui, const struct hwmsg_state_inst *in,
		     uint64_t upto);
void ui_history_free(struct top_ui *ui);
/* Find the columns of an opened history; -1: out of memory. */
int hist_prepare(struct top_hist *h);

/* One key pressed; false when it means quit. */
bool keys_handle(struct top_ui *ui, int ch, int page);

int header_draw(const struct top_ui *ui, int y);	/* returns rows used */
void list_draw(struct top_ui *ui, int y, int rows);
void detail_draw(struct top_ui *ui, int y, int rows);
void summary_draw(struct top_ui *ui, int y, int rows);
void state_draw(struct top_ui *ui, int y, int rows);
/* The line above the state and port tables: what they are as of. */
void state_as_of(struct top_ui *ui, int y, uint64_t upto, const char *what,
		 const char *keys);
void hist_draw(struct top_ui *ui, int y, int rows);
void ports_draw(struct top_ui *ui, int y, int rows);
void help_draw(struct top_ui *ui);
void statusline_draw(const struct top_ui *ui, int y);

#endif
