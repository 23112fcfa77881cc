// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every register the simulator sends decodes fully with the built-in
 * database alone: a layout for each id, every field inside the payload,
 * a one-line summary naming the register. (Issue 4: "a simulated trace
 * shows every field of every message decoded".)
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "hwmsg/sim.h"
#include "../test.h"

#define N_RECORDS 20000

int main(void)
{
	const struct hwmsg_regdb *db = hwmsg_regdb_builtin();
	struct hwmsg_sim_opts opts = { .seed = 42 };
	struct hwmsg_sim *sim = hwmsg_sim_new(&opts, NULL);
	unsigned int i, n_regs = 0, n_ids = 0, no_layout = 0, missing = 0;
	static unsigned int seen[0x10000];
	struct hwmsg_record rec;

	CHECK(sim != NULL);
	for (i = 0; sim && i < N_RECORDS; i++) {
		struct hwmsg_err err = { 0 };
		struct hwmsg_reg_decoded d;
		struct hwmsg_msg msg;
		char sum[128];
		int ret;

		hwmsg_sim_next(sim, &rec);
		if (hwmsg_msg_decode(&rec, &msg, &err) || !msg.has_reg)
			continue;
		n_regs++;
		if (!seen[msg.op.reg_id]++)
			n_ids++;
		ret = hwmsg_reg_decode(db, msg.op.reg_id, msg.reg, msg.reg_len,
				       &d, &err);
		if (ret < 0) {
			if (no_layout++ < 5)
				fprintf(stderr, "%s\n", err.msg);
		} else if (ret > 0) {
			if (missing++ < 5)
				fprintf(stderr, "%s\n", err.msg);
		} else {
			hwmsg_reg_summary(&d, sum, sizeof(sum));
			CHECK(!strncmp(sum, d.reg->name, strlen(d.reg->name)));
			CHECK(d.n_values > 0);
		}
		hwmsg_reg_decoded_free(&d);
	}
	printf("%u register messages, %u register ids\n", n_regs, n_ids);
	CHECK(n_regs > N_RECORDS / 2);
	CHECK(n_ids >= 10);
	CHECK_EQ(no_layout, 0);
	CHECK_EQ(missing, 0);
	hwmsg_sim_free(sim);
	return test_done("test_regdb_sim");
}
