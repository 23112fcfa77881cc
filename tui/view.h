/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the list shows: the seqs of the stored messages that pass the
 * filter (errors only, register name), oldest first, and the selection.
 */
#ifndef HWMSG_TUI_VIEW_H
#define HWMSG_TUI_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/filter.h"
#include "store.h"

#define TOP_FILTER_LEN 256

struct top_filter {
	bool errors_only;		/* status != 0 or not decodable */
	char reg[TOP_FILTER_LEN];	/* what the user typed */
	/* reg compiled in the filter language; NULL: reg is words of
	 * register names, ids and devices */
	struct hwmsg_filter *expr;
};

struct top_view {
	uint64_t *seqs;			/* ring of matching seqs, ascending */
	size_t cap, head, count;
	struct top_filter filter;
	size_t sel;			/* selected position, < count */
	size_t top;			/* first position on screen */
	bool tail;			/* selection follows the newest */
	/* every record of a file (browse.h): positions are record numbers,
	 * count is what is indexed; seqs is not used */
	bool all;
	/* the matches of a filter over every record of a file (scan.c):
	 * seqs are record numbers, the array grows, nothing is dropped */
	bool whole;
};

int view_init(struct top_view *v, size_t cap);
void view_free(struct top_view *v);
/*
 * f->expr (a display filter: emad.status != 0 && mlxreg.paos.local_port
 * == 3) must match; without one every space-separated word of f->reg must
 * be part (case-insensitive) of the register name, its id ("0x5008") or
 * the device ("pci/0000:03:00.0").
 */
bool filter_match(const struct top_filter *f, const struct top_store *s,
		  const struct top_msg *m);
bool filter_active(const struct top_filter *f);
/*
 * Set f from what the user typed: a display filter when text has one of
 * its operators or compiles as one, else words. -1 with err set (and f
 * unchanged) for a filter that does not compile.
 */
int filter_set(struct top_filter *f, const char *text, struct hwmsg_err *err);
void filter_clear(struct top_filter *f);
uint64_t view_at(const struct top_view *v, size_t pos);
/* Position of seq in the view, or -1 when it is not shown. */
long view_find(const struct top_view *v, uint64_t seq);
/* Take in what the store gained and drop what it evicted. */
void view_sync(struct top_view *v, const struct top_store *s, uint64_t from);
/* Refill from the whole store after a filter change; keeps the selection. */
void view_rebuild(struct top_view *v, const struct top_store *s);
/* Show every record of a file, count of them so far; keeps the selected
 * record. */
void view_all(struct top_view *v, uint64_t count);
/* Start over as the matches of the whole file, none yet. */
void view_whole(struct top_view *v);
/* One more match (record numbers ascending); -1: out of memory. */
int view_whole_add(struct top_view *v, uint64_t seq);
/* Move the selection by delta (clamped); moving off the end stops tail. */
void view_move(struct top_view *v, long delta);
void view_home(struct top_view *v);
void view_end(struct top_view *v);
/* Keep the selection within rows lines from top. */
void view_scroll(struct top_view *v, size_t rows);

#endif
