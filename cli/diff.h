/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hwmsg diff: what each capture holds, and what differs between two. */
#ifndef HWMSG_CLI_DIFF_H
#define HWMSG_CLI_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/stats.h"
#include "hwmsg/msg.h"
#include "hwmsg/state.h"
#include "hwmsg/trace.h"

/* A kind of error response: register, method, status, firmware string. */
struct diff_error {
	uint16_t reg_id;
	uint8_t method, status;
	char *fw_string;
	uint64_t count;
};

struct diff_side {
	const char *path;
	uint64_t records;
	struct hwmsg_state *state;
	struct hwmsg_stats *acc;	/* registers and methods accessed,
					 * their latency */
	struct diff_error *err;
	size_t n_err;
};

/* Two instances of the same register instance, or one alone (other NULL). */
struct diff_pair {
	const struct hwmsg_state_inst *a, *b;
};

struct diff_result {
	struct diff_pair *changed, *only;	/* only: a or b NULL */
	size_t n_changed, n_only;
	const struct diff_error **err_only_a, **err_only_b;
	size_t n_err_a, n_err_b;
	const struct hwmsg_stats_row **acc_only_a, **acc_only_b;
	size_t n_acc_a, n_acc_b;
};

/* Account one decoded, paired record of a side. -1 when out of memory. */
int diff_count(struct diff_side *d, const struct hwmsg_trace_item *it);
int diff_compare(struct diff_side *a, struct diff_side *b,
		 struct diff_result *r);
bool diff_differs(const struct diff_result *r);
void diff_print_text(const struct diff_side *a, const struct diff_side *b,
		     const struct diff_result *r);
void diff_print_json(const struct diff_side *a, const struct diff_side *b,
		     const struct diff_result *r);
void diff_result_free(struct diff_result *r);
void diff_side_free(struct diff_side *d);

#endif
