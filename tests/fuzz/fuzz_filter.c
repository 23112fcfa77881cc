// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The filter language on any text: compile never crashes, an error always
 * says why and points inside the text, and a compiled filter matches the
 * same records the same way twice (its decode buffer is reused).
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/filter.h"
#include "hwmsg/wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t emad[256], cmdreg[128];
static struct hwmsg_record recs[3];
static struct hwmsg_msg msgs[3];
static struct hwmsg_txn_info txn[3];
static bool decoded[3];

static void setup(void)
{
	struct hwmsg_emad_op op = { .tid = 7, .reg_id = 0x5002, .method = 1,
				    .cls = 1, .status = 7, .response = true };
	struct hwmsg_emad_extras x = { .fw_string = "PMLP: bad lane",
				       .has_latency = true, .latency_us = 9 };
	uint8_t reg[64] = { 0, 5, 0, 4, 0, 0, 0, 3 };
	struct hwmsg_err err;
	size_t n;

	n = hwmsg_emad_build(emad, sizeof(emad), &op, &x, reg, sizeof(reg));
	recs[0] = (struct hwmsg_record){ .bus = "pci", .dev = "0000:03:00.0",
		.driver = "mlxsw_spectrum", .type = HWMSG_TYPE_MLX_EMAD,
		.dir = HWMSG_DIR_FROM_HW, .payload = emad, .len = (uint32_t)n,
		.orig_len = (uint32_t)n, .ts_ns = 5000 };
	n = hwmsg_cmdreg_build(cmdreg, sizeof(cmdreg), 0x5004, 2, 0, reg, 32);
	recs[1] = (struct hwmsg_record){ .bus = "pci", .dev = "0000:81:00.0",
		.driver = "mlx4_core", .type = HWMSG_TYPE_MLX_CMD_REG,
		.dir = HWMSG_DIR_TO_HW, .payload = cmdreg, .len = (uint32_t)n,
		.orig_len = (uint32_t)n, .ts_ns = 6000 };
	recs[2] = recs[0];
	recs[2].flags = HWMSG_RECF_NO_DEVICE | HWMSG_RECF_TRUNCATED;
	recs[2].bus = recs[2].dev = recs[2].driver = "";
	recs[2].len = 40;
	for (int i = 0; i < 3; i++)
		decoded[i] = hwmsg_msg_decode(&recs[i], &msgs[i], &err) >= 0;
	txn[0] = (struct hwmsg_txn_info){ .is_response = true, .matched = true,
					  .req_ts_ns = 1000, .req_ref = 1 };
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	struct hwmsg_err err = { 0 };
	struct hwmsg_filter *f;
	char *text;

	if (!ready) {
		setup();
		ready = true;
	}
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	f = hwmsg_filter_compile(text, &err);
	if (!f) {
		if (!err.msg[0] || err.offset > strlen(text))
			abort();
	} else {
		for (int i = 0; i < 3; i++) {
			struct hwmsg_filter_rec r = { .rec = &recs[i],
				.msg = decoded[i] ? &msgs[i] : NULL,
				.txn = &txn[i],
				.number = (uint64_t)i + 1 };
			bool a = hwmsg_filter_match(f, &r);

			if (a != hwmsg_filter_match(f, &r))
				abort();
		}
		hwmsg_filter_free(f);
	}
	free(text);
	return 0;
}
