// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg dev: the devlink devices and ports of this network namespace, as
 * the devlink family reports them (the seed series' `dl dev show` and
 * `dl port show`). Text output matches iproute2's devlink line for line on
 * the fields we print, so the two can be compared.
 *
 *   hwmsg dev [show] [-j]
 *   hwmsg dev port [show] [DEV/PORT] [-j]
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "cmds.h"
#include "nl_genl.h"

struct dev_ctx {
	bool json;
	bool ports;
	const char *filter;	/* DEV or DEV/PORT handle, may be NULL */
	unsigned int n;
};

static void dev_usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg dev [show] [-j]\n"
		"       hwmsg dev port [show] [BUS/DEV[/PORT]] [-j]\n"
		"  -j, --json   JSON output\n"
		"Lists devlink devices or ports (needs the devlink family).\n");
}

static const char *port_type_str(uint16_t t)
{
	switch (t) {
	case DEVLINK_PORT_TYPE_NOTSET: return "notset";
	case DEVLINK_PORT_TYPE_AUTO: return "auto";
	case DEVLINK_PORT_TYPE_ETH: return "eth";
	case DEVLINK_PORT_TYPE_IB: return "ib";
	}
	return "unknown";
}

static const char *flavour_str(uint16_t f)
{
	switch (f) {
	case DEVLINK_PORT_FLAVOUR_PHYSICAL: return "physical";
	case DEVLINK_PORT_FLAVOUR_CPU: return "cpu";
	case DEVLINK_PORT_FLAVOUR_DSA: return "dsa";
	case DEVLINK_PORT_FLAVOUR_PCI_PF: return "pcipf";
	case DEVLINK_PORT_FLAVOUR_PCI_VF: return "pcivf";
	case DEVLINK_PORT_FLAVOUR_VIRTUAL: return "virtual";
	case DEVLINK_PORT_FLAVOUR_UNUSED: return "unused";
	case DEVLINK_PORT_FLAVOUR_PCI_SF: return "pcisf";
	}
	return "unknown";
}

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

struct dl_obj {
	const char *bus, *dev, *netdev, *ibdev;
	uint32_t index, number;
	uint16_t type, flavour;
	bool has_index, has_type, has_flavour, has_number;
};

static int obj_cb(const struct nlmsghdr *nlh, void *data)
{
	struct dev_ctx *ctx = data;
	struct dl_obj o = { .bus = "", .dev = "" };
	const struct nlattr *a;
	char handle[512];

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case DEVLINK_ATTR_BUS_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				o.bus = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_DEV_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				o.dev = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_PORT_INDEX:
			if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
				o.index = mnl_attr_get_u32(a);
				o.has_index = true;
			}
			break;
		case DEVLINK_ATTR_PORT_TYPE:
			if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
				o.type = mnl_attr_get_u16(a);
				o.has_type = true;
			}
			break;
		case DEVLINK_ATTR_PORT_NETDEV_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				o.netdev = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_PORT_IBDEV_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				o.ibdev = mnl_attr_get_str(a);
			break;
		case DEVLINK_ATTR_PORT_FLAVOUR:
			if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
				o.flavour = mnl_attr_get_u16(a);
				o.has_flavour = true;
			}
			break;
		case DEVLINK_ATTR_PORT_NUMBER:
			if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
				o.number = mnl_attr_get_u32(a);
				o.has_number = true;
			}
			break;
		}
	}
	if (ctx->ports && o.has_index)
		snprintf(handle, sizeof(handle), "%s/%s/%u", o.bus, o.dev,
			 o.index);
	else
		snprintf(handle, sizeof(handle), "%s/%s", o.bus, o.dev);
	if (ctx->filter && strcmp(ctx->filter, handle)) {
		/* DEV filters every port of DEV */
		size_t fl = strlen(ctx->filter);

		if (!ctx->ports || strncmp(ctx->filter, handle, fl) ||
		    handle[fl] != '/')
			return MNL_CB_OK;
	}

	if (ctx->json) {
		printf("%s", ctx->n ? "," : "");
		json_str(handle);
		if (ctx->ports) {
			printf(":{");
			printf("\"type\":\"%s\"", port_type_str(o.type));
			if (o.netdev) {
				printf(",\"netdev\":");
				json_str(o.netdev);
			}
			if (o.ibdev) {
				printf(",\"ibdev\":");
				json_str(o.ibdev);
			}
			if (o.has_flavour)
				printf(",\"flavour\":\"%s\"",
				       flavour_str(o.flavour));
			if (o.has_number)
				printf(",\"port\":%u", o.number);
			printf("}");
		} else {
			printf(":{}");
		}
	} else if (ctx->ports) {
		printf("%s: type %s", handle, port_type_str(o.type));
		if (o.netdev)
			printf(" netdev %s", o.netdev);
		if (o.ibdev)
			printf(" ibdev %s", o.ibdev);
		if (o.has_flavour)
			printf(" flavour %s", flavour_str(o.flavour));
		if (o.has_number)
			printf(" port %u", o.number);
		printf("\n");
	} else {
		printf("%s\n", handle);
	}
	ctx->n++;
	return MNL_CB_OK;
}

int cmd_dev(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct dev_ctx ctx = { 0 };
	struct nl_genl_family fam;
	struct mnl_socket *nl;
	struct hwmsg_err err;
	struct nlmsghdr *nlh;
	int c, i, ret;

	while ((c = getopt_long(argc, argv, "jh", lopts, NULL)) != -1) {
		switch (c) {
		case 'j':
			ctx.json = true;
			break;
		case 'h':
			dev_usage(stdout);
			return 0;
		default:
			dev_usage(stderr);
			return 2;
		}
	}
	i = optind;
	if (i < argc && !strcmp(argv[i], "port")) {
		ctx.ports = true;
		i++;
	}
	if (i < argc && !strcmp(argv[i], "show"))
		i++;
	if (i < argc)
		ctx.filter = argv[i++];
	if (i < argc) {
		dev_usage(stderr);
		return 2;
	}

	nl = nl_genl_open(&err);
	if (!nl) {
		fprintf(stderr, "hwmsg dev: %s\n", err.msg);
		return 1;
	}
	if (nl_genl_resolve(nl, DEVLINK_GENL_NAME, NULL, &fam, NULL, &err)) {
		fprintf(stderr, "hwmsg dev: %s\n", err.msg);
		mnl_socket_close(nl);
		return 1;
	}
	nlh = nl_genl_msg(buf, fam.id,
			  ctx.ports ? DEVLINK_CMD_PORT_GET : DEVLINK_CMD_GET,
			  DEVLINK_GENL_VERSION, NLM_F_DUMP);
	if (ctx.json)
		printf("{\"%s\":{", ctx.ports ? "port" : "dev");
	ret = nl_genl_talk(nl, nlh, obj_cb, &ctx);
	if (ctx.json)
		printf("}}\n");
	mnl_socket_close(nl);
	if (ret) {
		fprintf(stderr, "hwmsg dev: %s\n", strerror(-ret));
		return 1;
	}
	if (ctx.filter && !ctx.n) {
		fprintf(stderr, "hwmsg dev: %s: no such device or port\n",
			ctx.filter);
		return 1;
	}
	return 0;
}
