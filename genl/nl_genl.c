// SPDX-License-Identifier: GPL-2.0-or-later
/* Generic-netlink helpers on libmnl: see hwmsg/genl.h. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "hwmsg/genl.h"

struct mnl_socket *nl_genl_open(struct hwmsg_err *err)
{
	struct mnl_socket *nl = mnl_socket_open(NETLINK_GENERIC);

	if (!nl) {
		hwmsg_errf(err, 0, "netlink socket: %s", strerror(errno));
		return NULL;
	}
	if (mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		hwmsg_errf(err, 0, "netlink bind: %s", strerror(errno));
		mnl_socket_close(nl);
		return NULL;
	}
	return nl;
}

struct nlmsghdr *nl_genl_msg(void *buf, uint16_t family_id, uint8_t cmd,
			     uint8_t version, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;

	nlh->nlmsg_type = family_id;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	nlh->nlmsg_seq = (uint32_t)time(NULL);
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = version;
	return nlh;
}

int nl_genl_talk(struct mnl_socket *nl, struct nlmsghdr *req, mnl_cb_t cb,
		 void *data)
{
	unsigned int portid = mnl_socket_get_portid(nl);
	uint32_t seq = req->nlmsg_seq;
	size_t cap = 64 * 1024;
	char *buf;
	int ret;

	if (mnl_socket_sendto(nl, req, req->nlmsg_len) < 0)
		return -errno;
	buf = malloc(cap);
	if (!buf)
		return -ENOMEM;
	do {
		ssize_t n = mnl_socket_recvfrom(nl, buf, cap);

		if (n < 0) {
			ret = -errno;
			break;
		}
		ret = mnl_cb_run(buf, (size_t)n, seq, portid, cb, data);
		if (ret < 0)
			ret = -errno;
	} while (ret > 0);
	free(buf);
	return ret < 0 ? ret : 0;
}

struct resolve_ctx {
	const char *name;
	const char *group;
	struct nl_genl_family *fam;
	uint32_t group_id;
	bool have_family;
	bool have_group;
};

static int resolve_group(const struct nlattr *grp, struct resolve_ctx *ctx)
{
	const struct nlattr *a;
	const char *name = NULL;
	uint32_t id = 0;
	bool have_id = false;

	mnl_attr_for_each_nested(a, grp) {
		switch (mnl_attr_get_type(a)) {
		case CTRL_ATTR_MCAST_GRP_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				name = mnl_attr_get_str(a);
			break;
		case CTRL_ATTR_MCAST_GRP_ID:
			if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
				id = mnl_attr_get_u32(a);
				have_id = true;
			}
			break;
		}
	}
	if (name && have_id && ctx->group && !strcmp(name, ctx->group)) {
		ctx->group_id = id;
		ctx->have_group = true;
	}
	return MNL_CB_OK;
}

static int resolve_cb(const struct nlmsghdr *nlh, void *data)
{
	struct resolve_ctx *ctx = data;
	const struct nlattr *a, *g;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case CTRL_ATTR_FAMILY_NAME:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
				ctx->name = mnl_attr_get_str(a);
			break;
		case CTRL_ATTR_FAMILY_ID:
			if (mnl_attr_validate(a, MNL_TYPE_U16) >= 0) {
				ctx->fam->id = mnl_attr_get_u16(a);
				ctx->have_family = true;
			}
			break;
		case CTRL_ATTR_VERSION:
			if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
				ctx->fam->version = mnl_attr_get_u32(a);
			break;
		case CTRL_ATTR_MCAST_GROUPS:
			mnl_attr_for_each_nested(g, a)
				resolve_group(g, ctx);
			break;
		}
	}
	return MNL_CB_OK;
}

int nl_genl_parse_family(const struct nlmsghdr *nlh, const char **name,
			 struct nl_genl_family *fam, const char *group,
			 uint32_t *group_id)
{
	struct resolve_ctx ctx = { .group = group, .fam = fam };

	memset(fam, 0, sizeof(*fam));
	resolve_cb(nlh, &ctx);
	if (name)
		*name = ctx.name;
	if (group_id)
		*group_id = ctx.group_id;
	return !group || ctx.have_group;
}

int nl_genl_resolve(struct mnl_socket *nl, const char *family,
		    const char *group, struct nl_genl_family *fam,
		    uint32_t *group_id, struct hwmsg_err *err)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct resolve_ctx ctx = { .group = group, .fam = fam };
	struct nlmsghdr *nlh;
	int ret;

	memset(fam, 0, sizeof(*fam));
	nlh = nl_genl_msg(buf, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, 0);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, family);
	ret = nl_genl_talk(nl, nlh, resolve_cb, &ctx);
	if (ret == -ENOENT || (!ret && !ctx.have_family)) {
		hwmsg_errf(err, 0, "generic netlink family '%s' not found",
			   family);
		return -ENOENT;
	}
	if (ret) {
		hwmsg_errf(err, 0, "resolving family '%s': %s", family,
			   strerror(-ret));
		return ret;
	}
	if (group && !ctx.have_group) {
		hwmsg_errf(err, 0, "family '%s' has no multicast group '%s'",
			   family, group);
		return -ESRCH;
	}
	if (group_id)
		*group_id = ctx.group_id;
	return 0;
}
