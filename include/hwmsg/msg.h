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

/* What is wrong with one TLV (hwmsg_tlv_ref.flags). */
enum hwmsg_tlv_flags {
	HWMSG_TLV_CUT = 1 << 0,		/* the capture ends inside it */
	HWMSG_TLV_BAD_LEN = 1 << 1,	/* length 0 or past the message end */
	HWMSG_TLV_BAD_SIZE = 1 << 2,	/* not the length its type has */
	HWMSG_TLV_EXTRA = 1 << 3,	/* a second OP or REG, ignored */
};

/* What is wrong with the message as a whole (hwmsg_msg.flags). */
enum hwmsg_msg_flags {
	HWMSG_MSGF_CUT = 1 << 0,	   /* captured before its end (snaplen) */
	HWMSG_MSGF_BAD_ETHERTYPE = 1 << 1, /* not 0x8932, decoded anyway */
	HWMSG_MSGF_TOO_MANY_TLVS = 1 << 2, /* walk stopped at the limit */
};

struct hwmsg_tlv_ref {
	uint8_t type;		/* enum hwmsg_emad_tlv_type or unknown */
	uint8_t flags;		/* enum hwmsg_tlv_flags */
	uint32_t offset;	/* from the start of the message */
	uint32_t len;		/* bytes, header included, as its header says */
	uint32_t cap_len;	/* bytes of it captured: < len when cut */
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
	uint32_t reg_len;		/* bytes captured of it */
	bool has_end;
	uint32_t flags;			/* enum hwmsg_msg_flags */
	unsigned int n_tlvs;		/* every TLV seen, in order */
	struct hwmsg_tlv_ref tlvs[HWMSG_MSG_MAX_TLVS];
	unsigned int n_unknown;		/* TLVs of unknown type, kept */
};

/*
 * The rules every tool applies to an EMAD frame (hwmsg show/stat/top and the
 * Wireshark plugin): Ethernet header, then TLVs in any order until END. An
 * OP TLV is required; REG is optional (a firmware error reply may carry
 * none: has_reg false); STRING, LATENCY and unknown types are kept.
 * Whatever can be decoded is, and what is wrong is flagged (msg->flags, each
 * TLV's flags): a wrong ethertype, a TLV of the wrong size, a second OP or
 * REG, a length running past the frame (the walk stops there).
 *
 * len bytes were captured of orig_len (>= len): a TLV the capture cut
 * (its end within orig_len) is decoded as far as captured and flagged
 * HWMSG_TLV_CUT/HWMSG_MSGF_CUT; a cut REG has reg_len = the bytes captured.
 *
 * Returns 0 (clean), 1 (decoded, OP known, err names the first problem:
 * "offset 36: STRING TLV: ...") or -1 (no OP decoded, or no Ethernet
 * header; err says why).
 */
int hwmsg_emad_parse_cut(const uint8_t *buf, size_t len, size_t orig_len,
			 struct hwmsg_msg *msg, struct hwmsg_err *err);
/* hwmsg_emad_parse_cut() of a frame captured whole. */
int hwmsg_emad_parse(const uint8_t *buf, size_t len, struct hwmsg_msg *msg,
		     struct hwmsg_err *err);
/*
 * Parse an mlx4 ACCESS_REG mailbox; dir tells request from response. The
 * register length comes from len_const; bytes after it are ignored. tlvs
 * lists the OP part (offset 0) and the REG part (offset 16). Wrong
 * constants are -1 (not a mailbox; err->offset is the constant's). A
 * register the capture cut (len of orig_len bytes captured) decodes as far
 * as captured: 1, HWMSG_MSGF_CUT. Otherwise as hwmsg_emad_parse_cut().
 */
int hwmsg_cmdreg_parse_cut(const uint8_t *buf, size_t len, size_t orig_len,
			   uint8_t dir, struct hwmsg_msg *msg,
			   struct hwmsg_err *err);
int hwmsg_cmdreg_parse(const uint8_t *buf, size_t len, uint8_t dir,
		       struct hwmsg_msg *msg, struct hwmsg_err *err);
/*
 * Dispatch on rec->type, with rec->orig_len. 0 or 1 as the parsers (a
 * problem of a cut record is prefixed "captured N of M bytes"); -1 for
 * unknown types too (err says so).
 */
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
