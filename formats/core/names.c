// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The one copy of every enum name on the wire. The CLI, the TUI and the
 * Wireshark plugin (which turns these into value_strings) all read them here.
 */
#include "hwmsg/msg.h"

const struct hwmsg_name hwmsg_emad_status_names[] = {
	{ HWMSG_EMAD_STATUS_OK, "ok" },
	{ HWMSG_EMAD_STATUS_BUSY, "device busy" },
	{ HWMSG_EMAD_STATUS_VERSION_NOT_SUPPORTED, "version not supported" },
	{ HWMSG_EMAD_STATUS_UNKNOWN_TLV, "unknown TLV" },
	{ HWMSG_EMAD_STATUS_REGISTER_NOT_SUPPORTED, "register not supported" },
	{ HWMSG_EMAD_STATUS_CLASS_NOT_SUPPORTED, "class not supported" },
	{ HWMSG_EMAD_STATUS_METHOD_NOT_SUPPORTED, "method not supported" },
	{ HWMSG_EMAD_STATUS_BAD_PARAMETER, "bad parameter" },
	{ HWMSG_EMAD_STATUS_RESOURCE_NOT_AVAILABLE, "resource not available" },
	{ HWMSG_EMAD_STATUS_MESSAGE_RECEIPT_ACK, "message receipt ack" },
	{ HWMSG_EMAD_STATUS_INTERNAL_ERROR, "internal error" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_emad_method_names[] = {
	{ HWMSG_EMAD_METHOD_QUERY, "query" },
	{ HWMSG_EMAD_METHOD_WRITE, "write" },
	{ HWMSG_EMAD_METHOD_SEND, "send" },
	{ HWMSG_EMAD_METHOD_EVENT, "event" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_emad_class_names[] = {
	{ HWMSG_EMAD_CLASS_REG_ACCESS, "reg_access" },
	{ HWMSG_EMAD_CLASS_IPC, "ipc" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_emad_tlv_names[] = {
	{ HWMSG_EMAD_TLV_END, "END" },
	{ HWMSG_EMAD_TLV_OP, "OP" },
	{ HWMSG_EMAD_TLV_STRING, "STRING" },
	{ HWMSG_EMAD_TLV_REG, "REG" },
	{ HWMSG_EMAD_TLV_LATENCY, "LATENCY" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_type_names[] = {
	{ HWMSG_TYPE_MLX_EMAD, "emad" },
	{ HWMSG_TYPE_MLX_CMD_REG, "cmd_reg" },
	{ HWMSG_TYPE_NFP_CTRL, "nfp_ctrl" },
	{ HWMSG_TYPE_DEVLINK_EVENT, "devlink_event" },
	{ HWMSG_TYPE_UNKNOWN, "unknown" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_dir_names[] = {
	{ HWMSG_DIR_TO_HW, "to_hw" },
	{ HWMSG_DIR_FROM_HW, "from_hw" },
	{ 0, NULL }
};

const struct hwmsg_name hwmsg_rec_tag_names[] = {
	{ HWMSG_REC_BUS_NAME, "bus_name" },
	{ HWMSG_REC_DEV_NAME, "dev_name" },
	{ HWMSG_REC_DRIVER_NAME, "driver_name" },
	{ HWMSG_REC_INCOMING, "incoming" },
	{ HWMSG_REC_TYPE, "type" },
	{ HWMSG_REC_BUF, "buf" },
	{ HWMSG_REC_DEVLINK_INDEX, "devlink_index" },
	{ HWMSG_REC_SEQ, "seq" },
	{ HWMSG_REC_ORIG_LEN, "orig_len" },
	{ 0, NULL }
};

const char *hwmsg_name_lookup(const struct hwmsg_name *table, uint32_t v)
{
	/* END and TO_HW are value 0 with a name: stop on the NULL name only */
	for (; table->name; table++)
		if (table->value == v)
			return table->name;
	return NULL;
}
