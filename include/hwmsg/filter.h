/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The filter language: Wireshark display-filter syntax over the field names
 * of the hwmsg Wireshark plugin, so a filter works the same in tshark -Y,
 * hwmsg show/stat -Y, hwmsgd -f and hwmsg top:
 *
 *   emad.status != 0 && mlxreg.paos.local_port == 17
 *   cmd_reg.method == write || emad.reg_name in {"PAOS", "PTYS"}
 *   emad.time > 0.001 and not emad.string contains "busy"
 *
 * Compiled once; matching allocates nothing and decodes the register
 * payload only when the filter names a register field. docs/filter.md
 * lists the fields and the operators.
 */
#ifndef HWMSG_FILTER_H
#define HWMSG_FILTER_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/msg.h"
#include "hwmsg/record.h"
#include "hwmsg/txn.h"

struct hwmsg_filter;

/* What a compiled filter needs from the caller for each record. */
enum hwmsg_filter_needs {
	HWMSG_FILTER_NEEDS_MSG = 1 << 0,	/* the decoded message */
	HWMSG_FILTER_NEEDS_TXN = 1 << 1,	/* pairing (emad.time, ...) */
	HWMSG_FILTER_NEEDS_REG = 1 << 2,	/* register fields (mlxreg.*) */
};

/* One record as the filter sees it. */
struct hwmsg_filter_rec {
	const struct hwmsg_record *rec;
	const struct hwmsg_msg *msg;		/* NULL: not decoded */
	const struct hwmsg_txn_info *txn;	/* NULL: not paired; with
						 * hwmsg_txn_feed_ref refs are
						 * frame numbers */
	uint64_t number;			/* frame.number, from 1 */
	uint64_t first_ts_ns;			/* frame.time_relative's 0 */
};

/*
 * Compile text. NULL with err set: err->offset is the 0-based column of
 * the mistake and err->msg says what ("emad.foo is not a field").
 */
struct hwmsg_filter *hwmsg_filter_compile(const char *text,
					  struct hwmsg_err *err);
unsigned int hwmsg_filter_needs(const struct hwmsg_filter *f);
/*
 * Does r pass? The filter keeps a decode buffer: one filter, one thread
 * (compile it again for another).
 */
bool hwmsg_filter_match(struct hwmsg_filter *f,
			const struct hwmsg_filter_rec *r);
const char *hwmsg_filter_text(const struct hwmsg_filter *f);
void hwmsg_filter_free(struct hwmsg_filter *f);

/*
 * The usual error report: "hwmsg show: -Y: column 8: msg", then the filter
 * and a caret under the column (as tshark does), to f.
 */
void hwmsg_filter_perror(const char *prog, const char *text,
			 const struct hwmsg_err *err);

#endif
