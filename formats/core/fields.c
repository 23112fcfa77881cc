// SPDX-License-Identifier: GPL-2.0-or-later
/* The filterable fields (include/hwmsg/fields.h), in the plugin's order. */
#include <string.h>

#include "hwmsg/devlink_event.h"
#include "hwmsg/fields.h"

static const struct hwmsg_name response_names[] = {
	{ 1, "Response" },
	{ 0, "Request" },
	{ 0, NULL }
};

#define F(id, abbrev, name, kind, base)				\
	[HWMSG_F_##id] = { abbrev, name, NULL, HWMSG_FK_##kind,	\
			   HWMSG_FB_##base, 0, 0, 0, 0, NULL }
/* with value names */
#define FV(id, abbrev, name, kind, base, vals)			\
	[HWMSG_F_##id] = { abbrev, name, NULL, HWMSG_FK_##kind,	\
			   HWMSG_FB_##base, 0, 0, 0, 0, vals }
/* a bit field of a 32-bit word (wire.h item) */
#define FI(id, abbrev, name, base, item, vals)			\
	[HWMSG_F_##id] = { abbrev, name, NULL, HWMSG_FK_U32,	\
			   HWMSG_FB_##base, 0, 0, 0,		\
			   HWMSG_FIELD_MASK_(item), vals }
#define FRAME(id, abbrev, name, frame, blurb)			\
	[HWMSG_F_##id] = { abbrev, name, blurb, HWMSG_FK_FRAMENUM,	\
			   HWMSG_FB_NONE, HWMSG_FF_##frame, 0, 0, 0, NULL }
#define WS(id, abbrev, name, kind)				\
	[HWMSG_F_##id] = { abbrev, name, NULL, HWMSG_FK_##kind,	\
			   HWMSG_FB_NONE, 0, HWMSG_FIELD_WIRESHARK, 0, 0, NULL }

const struct hwmsg_field hwmsg_fields[HWMSG_F_COUNT] = {
	WS(FRAME, "frame", "Frame", PROTO),
	WS(FRAME_NUMBER, "frame.number", "Frame Number", FRAMENUM),
	WS(FRAME_TIME, "frame.time", "Arrival Time", ABSTIME),
	WS(FRAME_TIME_EPOCH, "frame.time_epoch", "Epoch Time", ABSTIME),
	WS(FRAME_TIME_RELATIVE, "frame.time_relative",
	   "Time since reference or first frame", RELTIME),

	F(DEVLINK_HWMSG, "devlink_hwmsg", "Devlink hardware message", PROTO,
	  NONE),
	FV(DEVLINK_HWMSG_TAG, "devlink_hwmsg.tag", "Tag", U16, DEC,
	   hwmsg_rec_tag_names),
	F(DEVLINK_HWMSG_LEN, "devlink_hwmsg.len", "Length", U16, DEC),
	F(DEVLINK_HWMSG_BUS, "devlink_hwmsg.bus", "Bus", STRINGZPAD, NONE),
	F(DEVLINK_HWMSG_DEV, "devlink_hwmsg.dev", "Device", STRINGZPAD, NONE),
	F(DEVLINK_HWMSG_DRIVER, "devlink_hwmsg.driver", "Driver", STRINGZPAD,
	  NONE),
	[HWMSG_F_DEVLINK_HWMSG_INCOMING] = { "devlink_hwmsg.incoming",
		"Incoming", "1: from the hardware, 0: to it", HWMSG_FK_U8,
		HWMSG_FB_DEC, 0, 0, 0, 0, NULL },
	FV(DEVLINK_HWMSG_DIR, "devlink_hwmsg.dir", "Direction", U8, DEC,
	   hwmsg_dir_names),
	FV(DEVLINK_HWMSG_TYPE, "devlink_hwmsg.type", "Type", U16, DEC,
	   hwmsg_type_names),
	F(DEVLINK_HWMSG_INDEX, "devlink_hwmsg.index", "Devlink index", U32,
	  DEC),
	F(DEVLINK_HWMSG_SEQ, "devlink_hwmsg.seq", "Sequence number", U64, DEC),
	F(DEVLINK_HWMSG_ORIG_LEN, "devlink_hwmsg.orig_len", "Original length",
	  U32, DEC),
	F(DEVLINK_HWMSG_TRUNCATED, "devlink_hwmsg.truncated", "Truncated",
	  BOOL, NONE),
	F(DEVLINK_HWMSG_BUF, "devlink_hwmsg.buf", "Message", BYTES, NONE),
	F(DEVLINK_HWMSG_VALUE, "devlink_hwmsg.value", "Value", BYTES, NONE),

	F(EMAD, "emad", "Mellanox EMAD", PROTO, NONE),
	F(EMAD_DST, "emad.dst", "Destination", ETHER, NONE),
	F(EMAD_SRC, "emad.src", "Source", ETHER, NONE),
	F(EMAD_ETHERTYPE, "emad.ethertype", "Ethertype", U16, HEX),
	F(EMAD_MLX_PROTO, "emad.mlx_proto", "Mellanox protocol", U8, DEC),
	[HWMSG_F_EMAD_VER] = { "emad.ver", "Version", NULL, HWMSG_FK_U8,
		HWMSG_FB_DEC, 0, 0, 0, 0xf0, NULL },
	FI(EMAD_TLV_TYPE, "emad.tlv.type", "TLV type", DEC,
	   HWMSG_EMAD_TLV_TYPE, hwmsg_emad_tlv_names),
	FI(EMAD_TLV_LEN, "emad.tlv.len", "TLV length (words)", DEC,
	   HWMSG_EMAD_TLV_LEN, NULL),
	F(EMAD_TLV_DATA, "emad.tlv.data", "TLV data", BYTES, NONE),
	FI(EMAD_DR, "emad.dr", "Direct route", DEC, HWMSG_EMAD_OP_DR, NULL),
	FI(EMAD_STATUS, "emad.status", "Status", DEC, HWMSG_EMAD_OP_STATUS,
	   hwmsg_emad_status_names),
	F(EMAD_REG_ID, "emad.reg_id", "Register", U16, HEX),
	F(EMAD_REG_NAME, "emad.reg_name", "Register name", STRING, NONE),
	[HWMSG_F_EMAD_R] = { "emad.r", "Response", NULL, HWMSG_FK_BOOL,
		HWMSG_FB_NONE, 0, 0, 32, HWMSG_FIELD_MASK(HWMSG_EMAD_OP_R),
		response_names },
	FI(EMAD_METHOD, "emad.method", "Method", DEC, HWMSG_EMAD_OP_METHOD,
	   hwmsg_emad_method_names),
	FI(EMAD_CLASS, "emad.class", "Class", DEC, HWMSG_EMAD_OP_CLASS,
	   hwmsg_emad_class_names),
	F(EMAD_TID, "emad.tid", "Transaction id", U64, HEX),
	F(EMAD_STRING, "emad.string", "Firmware string", STRINGZPAD, NONE),
	[HWMSG_F_EMAD_LATENCY] = { "emad.latency", "Firmware latency", NULL,
		HWMSG_FK_U32, HWMSG_FB_DEC_US, 0, 0, 0,
		HWMSG_FIELD_MASK(HWMSG_EMAD_LATENCY_TIME), NULL },
	F(EMAD_REG_DATA, "emad.reg.data", "Register payload", BYTES, NONE),
	FRAME(EMAD_RESPONSE_IN, "emad.response_in", "Response in", RESPONSE,
	      "The response to this request is in this frame"),
	FRAME(EMAD_RESPONSE_TO, "emad.response_to", "Request in", REQUEST,
	      "This is a response to the request in this frame"),
	[HWMSG_F_EMAD_TIME] = { "emad.time", "Time",
		"Time between request and response", HWMSG_FK_RELTIME,
		HWMSG_FB_NONE, 0, 0, 0, 0, NULL },
	[HWMSG_F_EMAD_RETRANSMISSION] = { "emad.retransmission",
		"Retransmission", "This tid was requested before",
		HWMSG_FK_BOOL, HWMSG_FB_NONE, 0, 0, 0, 0, NULL },
	FRAME(EMAD_RETRANSMISSION_OF, "emad.retransmission_of",
	      "Retransmission of", RETRANS_PREV,
	      "First request with this tid"),

	F(CMD_REG, "cmd_reg", "mlx4 ACCESS_REG mailbox", PROTO, NONE),
	F(CMD_REG_CONSTANT1, "cmd_reg.constant1", "Constant 1 (OP TLV header)",
	  U16, HEX),
	[HWMSG_F_CMD_REG_STATUS] = { "cmd_reg.status", "Status", NULL,
		HWMSG_FK_U8, HWMSG_FB_DEC, 0, 0, 0, 0x7f,
		hwmsg_emad_status_names },
	F(CMD_REG_REG_ID, "cmd_reg.reg_id", "Register", U16, HEX),
	F(CMD_REG_REG_NAME, "cmd_reg.reg_name", "Register name", STRING, NONE),
	[HWMSG_F_CMD_REG_METHOD] = { "cmd_reg.method", "Method", NULL,
		HWMSG_FK_U8, HWMSG_FB_DEC, 0, 0, 0, HWMSG_CMDREG_METHOD_MASK,
		hwmsg_emad_method_names },
	F(CMD_REG_CONSTANT2, "cmd_reg.constant2", "Constant 2 (class)", U8,
	  DEC),
	[HWMSG_F_CMD_REG_LEN] = { "cmd_reg.len",
		"Length (words, REG TLV header included)", NULL, HWMSG_FK_U16,
		HWMSG_FB_DEC, 0, 0, 0, HWMSG_CMDREG_LEN_MASK, NULL },
	F(CMD_REG_REG_DATA, "cmd_reg.reg.data", "Register payload", BYTES,
	  NONE),
	FRAME(CMD_REG_RESPONSE_IN, "cmd_reg.response_in", "Response in",
	      RESPONSE, NULL),
	FRAME(CMD_REG_RESPONSE_TO, "cmd_reg.response_to", "Request in",
	      REQUEST, NULL),
	[HWMSG_F_CMD_REG_TIME] = { "cmd_reg.time", "Time",
		"Time between request and response", HWMSG_FK_RELTIME,
		HWMSG_FB_NONE, 0, 0, 0, 0, NULL },

	F(DEVLINK_EVENT, "devlink_event", "devlink notification", PROTO, NONE),
	FV(DEVLINK_EVENT_CMD, "devlink_event.cmd", "Command", U8, DEC,
	   hwmsg_devlink_cmd_names),
	F(DEVLINK_EVENT_BUS, "devlink_event.bus", "Bus", STRING, NONE),
	F(DEVLINK_EVENT_DEV, "devlink_event.dev", "Device", STRING, NONE),
	F(DEVLINK_EVENT_PORT_INDEX, "devlink_event.port_index", "Port index",
	  U32, DEC),
	FV(DEVLINK_EVENT_PORT_TYPE, "devlink_event.port_type", "Port type",
	   U16, DEC, hwmsg_devlink_port_type_names),
	FV(DEVLINK_EVENT_FLAVOUR, "devlink_event.flavour", "Port flavour", U16,
	   DEC, hwmsg_devlink_flavour_names),
	F(DEVLINK_EVENT_PORT_NUMBER, "devlink_event.port_number",
	  "Port number", U32, DEC),
	F(DEVLINK_EVENT_NETDEV, "devlink_event.netdev", "Netdev", STRING,
	  NONE),
	F(DEVLINK_EVENT_IBDEV, "devlink_event.ibdev", "IB device", STRING,
	  NONE),
};

int hwmsg_field_find(const char *abbrev, size_t len)
{
	int i;

	for (i = 0; i < HWMSG_F_COUNT; i++)
		if (!strncmp(hwmsg_fields[i].abbrev, abbrev, len) &&
		    !hwmsg_fields[i].abbrev[len])
			return i;
	return -1;
}
