/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every field a display filter may name, declared once: the Wireshark
 * plugin registers its hf entries from this table and hwmsg's filter
 * (show -Y, hwmsgd -f, top) resolves names in it, so a field tshark
 * filters on is a field hwmsg filters on, with the same type and value
 * names. Register fields (mlxreg.*) come from the register database.
 */
#ifndef HWMSG_FIELDS_H
#define HWMSG_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "hwmsg/msg.h"
#include "hwmsg/wire.h"

/* The value a field holds (the plugin's FT_ type). */
enum hwmsg_field_kind {
	HWMSG_FK_PROTO,		/* a protocol: present or not */
	HWMSG_FK_U8,
	HWMSG_FK_U16,
	HWMSG_FK_U32,
	HWMSG_FK_U64,
	HWMSG_FK_BOOL,
	HWMSG_FK_STRING,
	HWMSG_FK_STRINGZPAD,	/* NUL-padded to its length */
	HWMSG_FK_BYTES,
	HWMSG_FK_ETHER,
	HWMSG_FK_FRAMENUM,
	HWMSG_FK_RELTIME,
	HWMSG_FK_ABSTIME,
};

/* How a number is shown. */
enum hwmsg_field_base {
	HWMSG_FB_NONE,
	HWMSG_FB_DEC,
	HWMSG_FB_HEX,
	HWMSG_FB_DEC_US,	/* decimal, in microseconds */
};

/* What a frame number points to (Wireshark's FT_FRAMENUM_*). */
enum hwmsg_field_frame {
	HWMSG_FF_NONE,
	HWMSG_FF_REQUEST,
	HWMSG_FF_RESPONSE,
	HWMSG_FF_RETRANS_PREV,
};

enum hwmsg_field_flags {
	HWMSG_FIELD_WIRESHARK = 1 << 0,	/* Wireshark's own (frame.*) */
};

struct hwmsg_field {
	const char *abbrev;		/* "emad.tid" */
	const char *name;		/* "Transaction id" */
	const char *blurb;		/* NULL or a sentence */
	uint8_t kind;			/* enum hwmsg_field_kind */
	uint8_t base;			/* enum hwmsg_field_base */
	uint8_t frame;			/* enum hwmsg_field_frame */
	uint8_t flags;			/* enum hwmsg_field_flags */
	uint8_t bool_bits;		/* HWMSG_FK_BOOL in a word of so many
					 * bits (mask), else 0 */
	uint32_t mask;			/* bits in its word, 0: all */
	/* value names; for HWMSG_FK_BOOL {1, true name}, {0, false name} */
	const struct hwmsg_name *vals;
};

/* A wire.h item (OFF, SHIFT, WIDTH) as a mask in its 32-bit word; 0 for a
 * whole word, as Wireshark wants it. */
#define HWMSG_FIELD_MASK_(off, shift, width) \
	((uint32_t)((width) >= 32 ? 0u : ((1ull << (width)) - 1) << (shift)))
#define HWMSG_FIELD_MASK(item) HWMSG_FIELD_MASK_(item)

enum hwmsg_field_id {
	HWMSG_F_FRAME,
	HWMSG_F_FRAME_NUMBER,
	HWMSG_F_FRAME_TIME,
	HWMSG_F_FRAME_TIME_EPOCH,
	HWMSG_F_FRAME_TIME_RELATIVE,

	HWMSG_F_DEVLINK_HWMSG,
	HWMSG_F_DEVLINK_HWMSG_TAG,
	HWMSG_F_DEVLINK_HWMSG_LEN,
	HWMSG_F_DEVLINK_HWMSG_BUS,
	HWMSG_F_DEVLINK_HWMSG_DEV,
	HWMSG_F_DEVLINK_HWMSG_DRIVER,
	HWMSG_F_DEVLINK_HWMSG_INCOMING,
	HWMSG_F_DEVLINK_HWMSG_DIR,
	HWMSG_F_DEVLINK_HWMSG_TYPE,
	HWMSG_F_DEVLINK_HWMSG_INDEX,
	HWMSG_F_DEVLINK_HWMSG_SEQ,
	HWMSG_F_DEVLINK_HWMSG_ORIG_LEN,
	HWMSG_F_DEVLINK_HWMSG_TRUNCATED,
	HWMSG_F_DEVLINK_HWMSG_BUF,
	HWMSG_F_DEVLINK_HWMSG_VALUE,

	HWMSG_F_EMAD,
	HWMSG_F_EMAD_DST,
	HWMSG_F_EMAD_SRC,
	HWMSG_F_EMAD_ETHERTYPE,
	HWMSG_F_EMAD_MLX_PROTO,
	HWMSG_F_EMAD_VER,
	HWMSG_F_EMAD_TLV_TYPE,
	HWMSG_F_EMAD_TLV_LEN,
	HWMSG_F_EMAD_TLV_DATA,
	HWMSG_F_EMAD_DR,
	HWMSG_F_EMAD_STATUS,
	HWMSG_F_EMAD_REG_ID,
	HWMSG_F_EMAD_REG_NAME,
	HWMSG_F_EMAD_R,
	HWMSG_F_EMAD_METHOD,
	HWMSG_F_EMAD_CLASS,
	HWMSG_F_EMAD_TID,
	HWMSG_F_EMAD_STRING,
	HWMSG_F_EMAD_LATENCY,
	HWMSG_F_EMAD_REG_DATA,
	HWMSG_F_EMAD_RESPONSE_IN,
	HWMSG_F_EMAD_RESPONSE_TO,
	HWMSG_F_EMAD_TIME,
	HWMSG_F_EMAD_RETRANSMISSION,
	HWMSG_F_EMAD_RETRANSMISSION_OF,

	HWMSG_F_CMD_REG,
	HWMSG_F_CMD_REG_CONSTANT1,
	HWMSG_F_CMD_REG_STATUS,
	HWMSG_F_CMD_REG_REG_ID,
	HWMSG_F_CMD_REG_REG_NAME,
	HWMSG_F_CMD_REG_METHOD,
	HWMSG_F_CMD_REG_CONSTANT2,
	HWMSG_F_CMD_REG_LEN,
	HWMSG_F_CMD_REG_REG_DATA,
	HWMSG_F_CMD_REG_RESPONSE_IN,
	HWMSG_F_CMD_REG_RESPONSE_TO,
	HWMSG_F_CMD_REG_TIME,

	HWMSG_F_DEVLINK_EVENT,
	HWMSG_F_DEVLINK_EVENT_CMD,
	HWMSG_F_DEVLINK_EVENT_BUS,
	HWMSG_F_DEVLINK_EVENT_DEV,
	HWMSG_F_DEVLINK_EVENT_PORT_INDEX,
	HWMSG_F_DEVLINK_EVENT_PORT_TYPE,
	HWMSG_F_DEVLINK_EVENT_FLAVOUR,
	HWMSG_F_DEVLINK_EVENT_PORT_NUMBER,
	HWMSG_F_DEVLINK_EVENT_NETDEV,
	HWMSG_F_DEVLINK_EVENT_IBDEV,

	HWMSG_F_COUNT
};

extern const struct hwmsg_field hwmsg_fields[HWMSG_F_COUNT];

/* The field named abbrev (len bytes of it); -1 if none. */
int hwmsg_field_find(const char *abbrev, size_t len);

#endif
