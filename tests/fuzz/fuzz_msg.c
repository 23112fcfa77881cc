// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The EMAD and CMD_REG parsers on raw bytes: never a crash or an overread,
 * every reference they return lies inside the input, a failure always says
 * why, and what parses builds back into bytes that parse the same. The
 * devlink notification formatter (records of type 0x100) gets the same
 * bytes: a terminated line that fits, or -1.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/devlink_event.h"
#include "hwmsg/msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_bounds(const struct hwmsg_msg *m, const uint8_t *data,
			 size_t size)
{
	unsigned int i;

	if (m->n_tlvs > HWMSG_MSG_MAX_TLVS)
		abort();
	for (i = 0; i < m->n_tlvs; i++)
		if (m->tlvs[i].offset > size ||
		    m->tlvs[i].cap_len > size - m->tlvs[i].offset ||
		    m->tlvs[i].cap_len > m->tlvs[i].len)
			abort();
	if (m->has_reg && (m->reg < data || m->reg_len > size ||
			   (size_t)(m->reg - data) > size - m->reg_len))
		abort();
	if (m->has_fw_string && !memchr(m->fw_string, 0, sizeof(m->fw_string)))
		abort();
}

static void same_op(const struct hwmsg_msg *a, const struct hwmsg_msg *b)
{
	if (a->op.tid != b->op.tid || a->op.reg_id != b->op.reg_id ||
	    a->op.method != b->op.method || a->op.cls != b->op.cls ||
	    a->op.status != b->op.status || a->op.response != b->op.response ||
	    a->op.dr != b->op.dr || a->reg_len != b->reg_len ||
	    memcmp(a->reg, b->reg, a->reg_len))
		abort();
}

static void emad_round_trip(const struct hwmsg_msg *m)
{
	struct hwmsg_emad_extras x = {
		.fw_string = m->has_fw_string ? m->fw_string : NULL,
		.has_latency = m->has_latency,
		.latency_us = m->latency_us,
	};
	struct hwmsg_msg again;
	size_t len = hwmsg_emad_frame_len(m->reg_len, &x);
	uint8_t *buf = malloc(len);

	if (hwmsg_emad_build(buf, len, &m->op, &x, m->reg, m->reg_len) != len ||
	    hwmsg_emad_parse(buf, len, &again, NULL))
		abort();
	same_op(m, &again);
	/* the builder keeps at most 127 characters and a NUL */
	if (again.has_fw_string != m->has_fw_string ||
	    strncmp(again.fw_string, m->fw_string, HWMSG_EMAD_STRING_LEN - 1) ||
	    again.has_latency != m->has_latency ||
	    again.latency_us != m->latency_us || !again.has_end)
		abort();
	free(buf);
}

static void cmdreg_round_trip(const struct hwmsg_msg *m, uint8_t dir)
{
	size_t len = HWMSG_CMDREG_HDR_LEN + m->reg_len;
	uint8_t *buf = malloc(len);
	struct hwmsg_msg again;

	if (hwmsg_cmdreg_build(buf, len, m->op.reg_id, m->op.method,
			       m->op.status, m->reg, m->reg_len) != len ||
	    hwmsg_cmdreg_parse(buf, len, dir, &again, NULL))
		abort();
	same_op(m, &again);
	free(buf);
}

static void devlink_event(const uint8_t *data, size_t size)
{
	char line[64];
	int n = hwmsg_devlink_event_format(data, size, line, sizeof(line));

	if (n >= 0 && strlen(line) != ((size_t)n < sizeof(line) ?
				       (size_t)n : sizeof(line) - 1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_err err;
	struct hwmsg_msg m;
	uint8_t dir = size & 1;
	int rc;

	/* 0 clean (round trip), 1 decoded with a problem: err says which */
	err.msg[0] = '\0';
	rc = hwmsg_emad_parse_cut(data, size, size + (size & 2) * 64, &m, &err);
	if (rc >= 0)
		check_bounds(&m, data, size);
	if (rc == 0 && m.has_reg)
		emad_round_trip(&m);
	else if (rc && !err.msg[0])
		abort();
	err.msg[0] = '\0';
	rc = hwmsg_cmdreg_parse(data, size, dir, &m, &err);
	if (rc >= 0)
		check_bounds(&m, data, size);
	if (rc == 0)
		cmdreg_round_trip(&m, dir);
	else if (!err.msg[0])
		abort();
	devlink_event(data, size);
	return 0;
}
