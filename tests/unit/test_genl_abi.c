// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The two ABIs of hardware messages (include/hwmsg/genl.h), without a kernel:
 * which one hwmsgd and `hwmsg dev` pick for what the kernel offers, the
 * --source genl=OPTS words, and a message of the kernel series decoded with
 * the series' numbers. The numbers are written out here on purpose: they
 * are ABI, and a series that moved them must fail this test.
 */
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "hwmsg/genl.h"
#include "hwmsg/devlink_series.h"
#include "uapi/linux/devlink_hwmsg.h"
#include "../test.h"

static void test_numbers(void)
{
	CHECK_STR(genl_abi_devlink.family, "devlink");
	CHECK_STR(genl_abi_devlink.group, "hwmsg");
	CHECK_EQ(genl_abi_devlink.cmd, 84);
	CHECK_EQ(genl_abi_devlink.attr_bus, 1);
	CHECK_EQ(genl_abi_devlink.attr_dev, 2);
	CHECK_EQ(genl_abi_devlink.attr_driver, 98);	/* INFO_DRIVER_NAME */
	CHECK_EQ(genl_abi_devlink.attr_payload, 177);
	CHECK_EQ(genl_abi_devlink.attr_type, 178);
	CHECK_EQ(genl_abi_devlink.attr_dir, 179);
	CHECK_EQ(genl_abi_devlink.attr_ts, 180);
	CHECK_EQ(genl_abi_devlink.attr_seq, 181);
	CHECK_EQ(genl_abi_devlink.attr_orig_len, 182);
	CHECK_EQ(genl_abi_devlink.attr_index, 0);
	CHECK_STR(genl_abi_module.family, "devlink_hwmsg");
	CHECK_STR(genl_abi_module.group, "hwmsg");
	CHECK_EQ(genl_abi_module.cmd, 5);
	CHECK_EQ(genl_abi_module.attr_payload, 5);
	CHECK_EQ(genl_abi_module.attr_seq, 16);
	/* the message types agree, so records need no translation */
	CHECK_EQ(HWMSG_DEVLINK_HWMSG_TYPE_MLX_EMAD, HWMSG_TYPE_MLX_EMAD);
	CHECK_EQ(HWMSG_DEVLINK_HWMSG_TYPE_MLX_CMD_REG, HWMSG_TYPE_MLX_CMD_REG);
	CHECK_EQ(HWMSG_DEVLINK_HWMSG_DIR_FROM_HW, HWMSG_DIR_FROM_HW);
}

static void test_choose(void)
{
	const struct genl_abi *dl = &genl_abi_devlink, *mod = &genl_abi_module;
	struct hwmsg_err err;

	/* automatic: the devlink group when the kernel has it */
	CHECK(genl_abi_choose(NULL, true, true, &err) == dl);
	CHECK(genl_abi_choose(NULL, true, false, &err) == dl);
	CHECK(genl_abi_choose(NULL, false, true, &err) == mod);
	CHECK(genl_abi_choose(NULL, false, false, &err) == NULL);
	CHECK_STR(err.msg, "neither devlink group 'hwmsg' (kernel series) nor family 'devlink_hwmsg' (module) is there: load the devlink_hwmsg module, or use --source tracepoint");

	/* asked for: that one or nothing, never the other */
	CHECK(genl_abi_choose(dl, true, true, &err) == dl);
	CHECK(genl_abi_choose(mod, true, true, &err) == mod);
	CHECK(genl_abi_choose(mod, false, true, &err) == mod);
	CHECK(genl_abi_choose(dl, false, true, &err) == NULL);
	CHECK_STR(err.msg, "the kernel's devlink family has no group 'hwmsg' (a kernel without the hwmsg series; --source genl=module uses the devlink_hwmsg module)");
	CHECK(genl_abi_choose(mod, true, false, &err) == NULL);
	CHECK_STR(err.msg, "generic netlink family 'devlink_hwmsg' not found (load the devlink_hwmsg module)");

	CHECK(genl_abi_by_name("devlink") == dl);
	CHECK(genl_abi_by_name("module") == mod);
	CHECK(genl_abi_by_name("seed") == NULL);
	CHECK(genl_abi_by_name("") == NULL);
}

static void test_opts(void)
{
	struct hwmsg_err err;
	struct genl_opts o;

	CHECK_EQ(genl_opts_parse(NULL, &o, &err), 0);
	CHECK(!o.abi && !o.noconfig && !o.wait);
	CHECK_EQ(genl_opts_parse("", &o, &err), 0);
	CHECK(!o.abi);
	CHECK_EQ(genl_opts_parse("devlink", &o, &err), 0);
	CHECK(o.abi == &genl_abi_devlink && !o.noconfig && !o.wait);
	CHECK_EQ(genl_opts_parse("wait,module,noconfig", &o, &err), 0);
	CHECK(o.abi == &genl_abi_module && o.noconfig && o.wait);
	CHECK_EQ(genl_opts_parse("noconfig,devlink,devlink", &o, &err), 0);
	CHECK(o.abi == &genl_abi_devlink && o.noconfig);

	/* anything else is an error naming the word, never ignored */
	CHECK(genl_opts_parse("seed", &o, &err) < 0);
	CHECK_STR(err.msg, "genl=seed: 'seed' is not an option (devlink, module, noconfig, wait)");
	CHECK(genl_opts_parse("noconfig,Devlink", &o, &err) < 0);
	CHECK_STR(err.msg, "genl=noconfig,Devlink: 'Devlink' is not an option (devlink, module, noconfig, wait)");
	CHECK(genl_opts_parse("devlink,module", &o, &err) < 0);
	CHECK_STR(err.msg, "genl=devlink,module: devlink and module exclude each other");
	CHECK(genl_opts_parse("wait,", &o, &err) < 0);
	CHECK_STR(err.msg, "genl=wait,: '' is not an option (devlink, module, noconfig, wait)");
	CHECK(genl_opts_parse(",wait", &o, &err) < 0);
	CHECK(genl_opts_parse("waitwaitwaitwaitwaitwaitwaitwaitwait", &o,
			      &err) < 0);
}

/* What net/devlink/leftover.c of the series sends (netdevsim's emit). */
static struct nlmsghdr *series_msg(char *buf, bool cut)
{
	static const uint8_t payload[4] = { 1, 2, 3, 4 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g;

	nlh->nlmsg_type = 0x14;		/* devlink's id, whatever it is */
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = 84;
	g->version = 1;
	mnl_attr_put_strz(nlh, 1, "netdevsim");
	mnl_attr_put_strz(nlh, 2, "netdevsim1");
	mnl_attr_put_strz(nlh, 98, "netdevsim");
	mnl_attr_put_u32(nlh, 178, HWMSG_TYPE_MLX_CMD_REG);
	mnl_attr_put_u8(nlh, 179, HWMSG_DIR_FROM_HW);
	mnl_attr_put_u64(nlh, 180, 1700000000000000456ull);
	mnl_attr_put(nlh, 177, sizeof(payload), payload);
	if (cut)
		mnl_attr_put_u32(nlh, 182, 70000);
	mnl_attr_put_u32(nlh, 181, 12);
	return nlh;
}

static void test_series_record(void)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct hwmsg_record rec;
	struct nlmsghdr *nlh;

	nlh = series_msg(buf, false);
	genl_hwmsg_record(&genl_abi_devlink, nlh, &rec);
	CHECK_STR(rec.bus, "netdevsim");
	CHECK_STR(rec.dev, "netdevsim1");
	CHECK_STR(rec.driver, "netdevsim");
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_CMD_REG);
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.ts_ns, 1700000000000000456ull);
	CHECK_EQ(rec.len, 4);
	CHECK_EQ(rec.payload[3], 4);
	CHECK_EQ(rec.seq, 12);
	CHECK_EQ(rec.orig_len, 4);
	CHECK_EQ(rec.flags, HWMSG_RECF_HAS_SEQ);

	nlh = series_msg(buf, true);
	genl_hwmsg_record(&genl_abi_devlink, nlh, &rec);
	CHECK_EQ(rec.orig_len, 70000);
	CHECK_EQ(rec.flags, HWMSG_RECF_HAS_SEQ | HWMSG_RECF_TRUNCATED);

	/* read with the module's numbers it is nothing: no payload, no SEQ */
	genl_hwmsg_record(&genl_abi_module, nlh, &rec);
	CHECK_EQ(rec.len, 0);
	CHECK_EQ(rec.flags & HWMSG_RECF_HAS_SEQ, 0);
	CHECK_EQ(rec.type, HWMSG_TYPE_UNKNOWN);
}

int main(void)
{
	test_numbers();
	test_choose();
	test_opts();
	test_series_record();
	return test_done("test_genl_abi");
}
