/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Text output shared by hwmsg's subcommands. */
#ifndef HWMSG_CLI_PRINT_H
#define HWMSG_CLI_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "hwmsg/msg.h"
#include "hwmsg/record.h"
#include "hwmsg/txn.h"
#include "obuf.h"

/* base_ns 0: time of day (local time, ns); else seconds since base_ns. */
void print_time(FILE *f, uint64_t ts_ns, uint64_t base_ns);
void ob_time(struct obuf *o, uint64_t ts_ns, uint64_t base_ns);
/* " bus/dev", with anything unprintable escaped */
void print_device(FILE *f, const char *bus, const char *dev);
void ob_device(struct obuf *o, const char *bus, const char *dev);
/* "PMLP", or "reg 0x1234" when the database does not know it. */
void ob_reg(struct obuf *o, uint16_t reg_id);
/* "PMLP", "pmlp", "0x5002" or an ADB-only name as an id; -1: unknown. */
int reg_parse(const char *arg, uint16_t *reg_id);
/* The one-line summary; msg NULL when undecodable, info NULL when unpaired. */
void print_record_line(struct obuf *o, const struct hwmsg_record *rec,
		       const struct hwmsg_msg *msg,
		       const struct hwmsg_txn_info *info, uint64_t base_ns);
/* -V: every header field and TLV, then the register payload. */
void print_record_detail(struct obuf *o, const struct hwmsg_record *rec,
			 const struct hwmsg_msg *msg);
/* -j: the same as one JSON object on one line; verbose adds every field. */
void print_record_json(struct obuf *o, const struct hwmsg_record *rec,
		       const struct hwmsg_msg *msg,
		       const struct hwmsg_txn_info *info, bool verbose);

#endif
