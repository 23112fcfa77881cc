/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Parsing what a record carries: EMAD frames and CMD_REG mailboxes, into one
 * decoded message model, plus the names of every enum on the wire.
 */
#ifndef HWMSG_MSG_H
#define HWMSG_MSG_H

#include <stdbool.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"
#include "hwmsg/wire.h"

#define HWMSG_MSG_MAX_TLVS 16

struct hwmsg_tlv_ref {
	uint8_t type;		/* enum hwmsg_emad_tlv_type or unknown */
	uint32_t offset;	/* from the start of the message */
	uint32_t len;		/* bytes, header included */
};

/* One decoded EMAD or CMD_REG message. */
struct hwmsg_msg {
	uint16_t type;			/* enum hwmsg_type */
	uint8_t mlx_proto;		/* EMAD: Ethernet byte 14 (0) */
	uint8_t ver;			/* EMAD: byte 15 >> 4 (0) */
	struct hwmsg_emad_op op;	/* CMD_REG: tid 0, response from dir */
	bool has_fw_string;
	char fw_string[HWMSG_EMAD_STRING_LEN + 1];
	bool has_latency;
	uint32_t latency_us;
	bool has_reg;
	const uint8_t *reg;		/* payload, into the record */
	uint32_t reg_len;
	bool has_end;
	unsigned int n_tlvs;		/* every TLV seen, in order */
	struct hwmsg_tlv_ref tlvs[HWMSG_MSG_MAX_TLVS];
	unsigned int n_unknown;		/* TLVs of unknown type, kept */
};

/*
 * Parse an EMAD frame starting at its Ethernet header. OP must come first
 * and a REG TLV must follow; a frame cut just before END parses with
 * has_end false. Unknown TLV types are listed and counted, not fatal. A
 * nonzero mlx_proto/ver is kept in msg for callers to flag. Returns 0, or
 * -1 with err naming the offset and TLV ("offset 36: STRING TLV: ...").
 */
int hwmsg_emad_parse(const uint8_t *buf, size_t len, struct hwmsg_msg *msg,
		     struct hwmsg_err *err);
/*
 * Parse an mlx4 ACCESS_REG mailbox; dir tells request from response. The
 * register length comes from len_const; bytes after it are ignored. tlvs
 * lists the OP part (offset 0) and the REG part (offset 16).
 */
int hwmsg_cmdreg_parse(const uint8_t *buf, size_t len, uint8_t dir,
		       struct hwmsg_msg *msg, struct hwmsg_err *err);
/* Dispatch on rec->type. -1 for unknown types too (err says so). */
int hwmsg_msg_decode(const struct hwmsg_record *rec, struct hwmsg_msg *msg,
		     struct hwmsg_err *err);

/* A value -> name table, {0, NULL}-terminated: the one copy of each enum. */
struct hwmsg_name {
	uint32_t value;
	const char *name;
};

extern const struct hwmsg_name hwmsg_emad_status_names[];
extern const struct hwmsg_name hwmsg_emad_method_names[];
extern const struct hwmsg_name hwmsg_emad_class_names[];
extern const struct hwmsg_name hwmsg_emad_tlv_names[];
extern const struct hwmsg_name hwmsg_type_names[];
extern const struct hwmsg_name hwmsg_dir_names[];
extern const struct hwmsg_name hwmsg_rec_tag_names[];

/* Name of v in table, or NULL. */
const char *hwmsg_name_lookup(const struct hwmsg_name *table, uint32_t v);

#endif
