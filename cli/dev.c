// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg dev: the devlink devices and ports of this network namespace, as
 * the devlink family reports them (the seed series' `dl dev show` and
 * `dl port show`). Text output matches iproute2's devlink line for line on
 * the fields we print, so the two can be compared.
 *
 *   hwmsg dev [show] [-j]
 *   hwmsg dev port [show] [DEV/PORT] [-j]
 *   hwmsg dev monitor        devlink notifications and hardware messages as
 *                            they come, one a line
 *   hwmsg dev source [-j]    which hardware message ABI the kernel offers
 *
 * Hardware messages come on either ABI (include/hwmsg/genl.h): devlink's
 * group of the kernel series or the devlink_hwmsg module's family, picked
 * as hwmsgd picks them; --source genl=devlink|module insists on one.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "cmds.h"
#include "hwmsg/genl.h"
#include "json.h"
#include "hwmsg/devlink_event.h"
#include "hwmsg/msg.h"
#include "obuf.h"
#include "print.h"

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
		"       hwmsg dev monitor [--source genl[=devlink|module]]\n"
		"       hwmsg dev source [--source genl[=devlink|module]] [-j]\n"
		"  -j, --json      JSON output\n"
		"      --source genl=devlink|module\n"
		"                  hardware messages from devlink's hwmsg group (kernel\n"
		"                  series) or the devlink_hwmsg module only; default:\n"
		"                  whichever the kernel offers, devlink first\n"
		"Lists devlink devices or ports; monitor prints devlink's notifications\n"
		"(device and port added, changed, removed) and the hardware messages\n"
		"until interrupted; source says which hardware message ABI is used.\n");
}

static int obj_cb(const struct nlmsghdr *nlh, void *data)
{
	struct dev_ctx *ctx = data;
	struct hwmsg_devlink_event ev;
	char handle[512];

	if (hwmsg_devlink_event_parse((const uint8_t *)nlh, nlh->nlmsg_len,
				      &ev))
		return MNL_CB_OK;
	if (ctx->ports && ev.has_port_index)
		snprintf(handle, sizeof(handle), "%s/%s/%u", ev.bus, ev.dev,
			 ev.port_index);
	else
		snprintf(handle, sizeof(handle), "%s/%s", ev.bus, ev.dev);
	if (ctx->filter && strcmp(ctx->filter, handle)) {
		/* DEV filters every port of DEV */
		size_t fl = strlen(ctx->filter);

		if (!ctx->ports || strncmp(ctx->filter, handle, fl) ||
		    handle[fl] != '/')
			return MNL_CB_OK;
	}

	if (ctx->json) {
		printf("%s", ctx->n ? "," : "");
		json_print_str(stdout, handle);
		if (ctx->ports) {
			printf(":{");
			printf("\"type\":\"%s\"",
			       hwmsg_devlink_port_type_str(ev.port_type));
			if (ev.netdev[0]) {
				printf(",\"netdev\":");
				json_print_str(stdout, ev.netdev);
			}
			if (ev.ibdev[0]) {
				printf(",\"ibdev\":");
				json_print_str(stdout, ev.ibdev);
			}
			if (ev.has_flavour)
				printf(",\"flavour\":\"%s\"",
				       hwmsg_devlink_flavour_str(ev.flavour));
			if (ev.has_port_number)
				printf(",\"port\":%u", ev.port_number);
			printf("}");
		} else {
			printf(":{}");
		}
	} else if (ctx->ports) {
		printf("%s: type %s", handle,
		       hwmsg_devlink_port_type_str(ev.port_type));
		if (ev.netdev[0])
			printf(" netdev %s", ev.netdev);
		if (ev.ibdev[0])
			printf(" ibdev %s", ev.ibdev);
		if (ev.has_flavour)
			printf(" flavour %s", hwmsg_devlink_flavour_str(ev.flavour));
		if (ev.has_port_number)
			printf(" port %u", ev.port_number);
		printf("\n");
	} else {
		printf("%s\n", handle);
	}
	ctx->n++;
	return MNL_CB_OK;
}

static volatile sig_atomic_t monitor_stop;

static void monitor_signal(int sig)
{
	(void)sig;
	monitor_stop = 1;
}

struct monitor_ctx {
	const struct genl_abi *abi;	/* NULL: no hardware messages */
	uint16_t hwmsg_family;
	struct obuf out;
};

/* A hardware message, as `hwmsg show` prints it. */
static void monitor_hwmsg(struct monitor_ctx *m, const struct nlmsghdr *nlh)
{
	struct hwmsg_record rec;
	struct hwmsg_msg msg;
	struct hwmsg_err err;

	genl_hwmsg_record(m->abi, nlh, &rec);
	print_record_line(&m->out, &rec,
			  hwmsg_msg_decode(&rec, &msg, &err) >= 0 ? &msg : NULL,
			  NULL, 0);
	ob_flush(&m->out);
}

static int monitor_cb(const struct nlmsghdr *nlh, void *data)
{
	struct monitor_ctx *m = data;
	const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
	char line[512];
	struct timespec ts;
	struct tm tm;

	if (m->abi && nlh->nlmsg_type == m->hwmsg_family &&
	    nlh->nlmsg_len >= NLMSG_HDRLEN + sizeof(*g) &&
	    g->cmd == m->abi->cmd) {
		monitor_hwmsg(m, nlh);
		return MNL_CB_OK;
	}
	if (hwmsg_devlink_event_format((const uint8_t *)nlh, nlh->nlmsg_len,
				       line, sizeof(line)) < 0)
		return MNL_CB_OK;
	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	printf("%02d:%02d:%02d.%06ld %s\n", tm.tm_hour, tm.tm_min, tm.tm_sec,
	       ts.tv_nsec / 1000, line);
	fflush(stdout);
	return MNL_CB_OK;
}

/*
 * The ABI of the hardware messages: 0 and *abi set (NULL when automatic
 * finds none: monitor then prints devlink's events only), 1 when the one
 * asked for is missing (said on stderr).
 */
static int pick_abi(struct mnl_socket *nl, const struct genl_abi *want,
		    const struct genl_abi **abi, struct genl_abi_found *dl,
		    struct genl_abi_found *mod)
{
	struct hwmsg_err err;

	genl_abi_probe(nl, dl, mod);
	*abi = genl_abi_choose(want, dl->have, mod->have, &err);
	if (!*abi && want) {
		fprintf(stderr, "hwmsg dev: %s\n", err.msg);
		return 1;
	}
	return 0;
}

/*
 * devlink's "config" group and the hardware message group, printed until
 * SIGINT/SIGTERM.
 */
static int dev_monitor(struct mnl_socket *nl, const struct genl_abi *want)
{
	struct sigaction sa = { .sa_handler = monitor_signal };
	struct monitor_ctx m = { 0 };
	struct genl_abi_found dl, mod;
	char out_buf[8192];
	struct nl_genl_family fam;
	struct hwmsg_err err;
	size_t cap = 64 * 1024;
	uint32_t grp;
	char *buf;
	int ret = 0;

	if (pick_abi(nl, want, &m.abi, &dl, &mod))
		return 1;
	if (m.abi) {
		const struct genl_abi_found *f =
			m.abi == &genl_abi_devlink ? &dl : &mod;
		uint32_t g = f->group;

		if (mnl_socket_setsockopt(nl, NETLINK_ADD_MEMBERSHIP, &g,
					  sizeof(g)) < 0) {
			int e = errno;

			fprintf(stderr, "hwmsg dev: joining %s/%s: %s%s\n",
				m.abi->family, m.abi->group, strerror(e),
				e == EPERM ? " (needs CAP_NET_ADMIN)" : "");
			/* unprivileged and not asked for: events still work */
			if (want || e != EPERM)
				return 1;
			fprintf(stderr, "hwmsg dev: devlink events only\n");
			m.abi = NULL;
		} else {
			m.hwmsg_family = f->fam.id;
		}
	} else {
		fprintf(stderr, "hwmsg dev: no hardware message group (neither the kernel series nor the devlink_hwmsg module): devlink events only\n");
	}

	if (nl_genl_resolve(nl, DEVLINK_GENL_NAME,
			    DEVLINK_GENL_MCGRP_CONFIG_NAME, &fam, &grp, &err)) {
		fprintf(stderr, "hwmsg dev: %s\n", err.msg);
		return 1;
	}
	if (mnl_socket_setsockopt(nl, NETLINK_ADD_MEMBERSHIP, &grp,
				  sizeof(grp)) < 0) {
		fprintf(stderr, "hwmsg dev: joining devlink/config: %s\n",
			strerror(errno));
		return 1;
	}
	buf = malloc(cap);
	if (!buf)
		return 1;
	ob_init(&m.out, out_buf, sizeof(out_buf), stdout);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	while (!monitor_stop) {
		ssize_t n = mnl_socket_recvfrom(nl, buf, cap);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == ENOBUFS) {
				fprintf(stderr, "hwmsg dev: notifications lost (ENOBUFS)\n");
				continue;
			}
			fprintf(stderr, "hwmsg dev: %s\n", strerror(errno));
			ret = 1;
			break;
		}
		mnl_cb_run(buf, (size_t)n, 0, 0, monitor_cb, &m);
	}
	ob_flush(&m.out);
	free(buf);
	return ret;
}

/* Which hardware message ABI the kernel offers and which one is used. */
static int dev_source(struct mnl_socket *nl, const struct genl_abi *want,
		      bool json)
{
	const struct genl_abi *abi;
	struct genl_abi_found dl, mod;

	if (pick_abi(nl, want, &abi, &dl, &mod))
		return 1;
	if (json) {
		printf("{\"devlink\":%s,\"module\":%s,\"used\":",
		       dl.have ? "true" : "false", mod.have ? "true" : "false");
		if (abi)
			json_print_str(stdout, abi->name);
		else
			printf("null");
		printf("}\n");
	} else {
		printf("devlink: %s (group %s/%s, the kernel series)\n",
		       dl.have ? "yes" : "no", genl_abi_devlink.family,
		       genl_abi_devlink.group);
		printf("module: %s (group %s/%s, devlink_hwmsg.ko)\n",
		       mod.have ? "yes" : "no", genl_abi_module.family,
		       genl_abi_module.group);
		printf("used: %s\n", abi ? abi->name : "none");
	}
	if (!abi)
		fprintf(stderr, "hwmsg dev: no hardware message ABI: load the devlink_hwmsg module\n");
	return abi ? 0 : 1;
}

/* --source genl[=devlink|module]: NULL is automatic; -1 on a bad value. */
static int parse_source(const char *arg, const struct genl_abi **want)
{
	struct genl_opts o;
	struct hwmsg_err err;

	*want = NULL;
	if (!strcmp(arg, "genl"))
		return 0;
	if (strncmp(arg, "genl=", 5)) {
		fprintf(stderr, "hwmsg dev: --source %s: only genl[=devlink|module]\n",
			arg);
		return -1;
	}
	if (genl_opts_parse(arg + 5, &o, &err)) {
		fprintf(stderr, "hwmsg dev: --source: %s\n", err.msg);
		return -1;
	}
	if (o.noconfig || o.wait) {
		fprintf(stderr, "hwmsg dev: --source %s: only devlink or module\n",
			arg);
		return -1;
	}
	*want = o.abi;
	return 0;
}

int cmd_dev(int argc, char **argv)
{
	enum { OPT_SOURCE = 256 };
	static const struct option lopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ NULL, 0, NULL, 0 }
	};
	const struct genl_abi *want = NULL;
	bool source_given = false;
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
		case OPT_SOURCE:
			if (parse_source(optarg, &want))
				return 2;
			source_given = true;
			break;
		default:
			dev_usage(stderr);
			return 2;
		}
	}
	i = optind;
	if (i < argc && (!strcmp(argv[i], "monitor") ||
			 !strcmp(argv[i], "source"))) {
		bool monitor = !strcmp(argv[i], "monitor");

		if (i + 1 != argc) {
			dev_usage(stderr);
			return 2;
		}
		nl = nl_genl_open(&err);
		if (!nl) {
			fprintf(stderr, "hwmsg dev: %s\n", err.msg);
			return 1;
		}
		ret = monitor ? dev_monitor(nl, want) :
				dev_source(nl, want, ctx.json);
		mnl_socket_close(nl);
		return ret;
	}
	if (source_given) {
		fprintf(stderr, "hwmsg dev: --source applies to monitor and source\n");
		return 2;
	}
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
