// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * devlink notifications as one line (records of type 0x100, hwmsg dev):
 * the fields iproute2 shows, at any alignment, cut to the buffer as
 * snprintf does, and -1 for what is not a whole message.
 */
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "hwmsg/devlink_event.h"
#include "../test.h"

/* A port_new as the kernel sends it: bus, dev, index, type, netdev, ... */
static size_t port_new(uint8_t *buf)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g;

	nlh->nlmsg_type = 0x15;		/* the devlink family id, any */
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = DEVLINK_CMD_PORT_NEW;
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_BUS_NAME, "pci");
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_DEV_NAME, "0000:03:00.0");
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_PORT_INDEX, 7);
	mnl_attr_put_u16(nlh, DEVLINK_ATTR_PORT_TYPE, DEVLINK_PORT_TYPE_ETH);
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_PORT_NETDEV_NAME, "swp3");
	mnl_attr_put_u16(nlh, DEVLINK_ATTR_PORT_FLAVOUR,
			 DEVLINK_PORT_FLAVOUR_PHYSICAL);
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_PORT_NUMBER, 3);
	return nlh->nlmsg_len;
}

static void test_port_new(void)
{
	static const char want[] =
		"port_new pci/0000:03:00.0/7 type eth netdev swp3 flavour physical port 3";
	uint8_t buf[256] __attribute__((aligned(4))) = { 0 };
	uint8_t odd[260];
	size_t len = port_new(buf);
	char line[128], small[10];

	CHECK_EQ(hwmsg_devlink_event_format(buf, len, line, sizeof(line)),
		 strlen(want));
	CHECK_STR(line, want);
	/* records keep the message at any offset in the file */
	memcpy(odd + 1, buf, len);
	CHECK_EQ(hwmsg_devlink_event_format(odd + 1, len, line, sizeof(line)),
		 strlen(want));
	CHECK_STR(line, want);
	/* too small a buffer: cut and terminated, the whole length returned */
	CHECK_EQ(hwmsg_devlink_event_format(buf, len, small, sizeof(small)),
		 strlen(want));
	CHECK_STR(small, "port_new ");
}

static void test_not_a_message(void)
{
	uint8_t buf[256] __attribute__((aligned(4))) = { 0 };
	size_t len = port_new(buf);
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	char line[128];
	uint8_t *exact;

	/* cut: the header says more than there is */
	CHECK_EQ(hwmsg_devlink_event_format(buf, len - 4, line, sizeof(line)),
		 -1);
	CHECK_STR(line, "");
	/* a length of 2^31 or more, which mnl_nlmsg_ok() takes as negative
	 * (fuzz_msg found it) */
	nlh->nlmsg_len = 0x80000010u;
	CHECK_EQ(hwmsg_devlink_event_format(buf, len, line, sizeof(line)), -1);
	nlh->nlmsg_len = (uint32_t)len;
	/* no room for the generic netlink header */
	CHECK_EQ(hwmsg_devlink_event_format(buf, NLMSG_HDRLEN, line,
					    sizeof(line)), -1);
	/* an unaligned length at the very end of the record: the attribute
	 * walk stays inside it (ASan watches the exact-size copy) */
	nlh->nlmsg_len = (uint32_t)len - 2;
	exact = malloc(len - 2);
	memcpy(exact, buf, len - 2);
	CHECK(hwmsg_devlink_event_format(exact, len - 2, line,
					 sizeof(line)) > 0);
	CHECK(!strncmp(line, "port_new pci/0000:03:00.0/7 type eth", 36));
	free(exact);
}

int main(void)
{
	test_port_new();
	test_not_a_message();
	return test_done("test_devlink_event");
}
