// SPDX-License-Identifier: GPL-2.0-or-later
/* Generic netlink messages as records: hwmsg/genl.h */
#include <stdbool.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "hwmsg/genl.h"
#include "uapi/linux/devlink_hwmsg.h"

const struct nlmsghdr *genl_datagram_next(const uint8_t *buf, size_t len,
					  size_t *off)
{
	const struct nlmsghdr *nlh;
	size_t left, aligned;

	if (*off >= len || len - *off < NLMSG_HDRLEN)
		return NULL;
	left = len - *off;
	nlh = (const struct nlmsghdr *)(buf + *off);
	/*
	 * libmnl walks attributes up to the aligned length, so its padding
	 * must be in the datagram too (the kernel always sends it). Aligned
	 * in size_t: NLMSG_ALIGN's 32-bit mask would wrap 0xffffffff to 0.
	 */
	aligned = ((size_t)nlh->nlmsg_len + 3) & ~(size_t)3;
	if (nlh->nlmsg_len < NLMSG_HDRLEN || aligned > left)
		return NULL;
	*off += aligned;
	return nlh;
}

static void empty_record(struct hwmsg_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	rec->bus = "";
	rec->dev = "";
	rec->driver = "";
	rec->payload = (const uint8_t *)"";
}

static const char *attr_str(const struct nlattr *a, const char *def)
{
	return mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0 ?
	       mnl_attr_get_str(a) : def;
}

/* type 0 is no attribute: an ABI without one never matches */
static bool is_attr(unsigned int type, uint16_t want)
{
	return want && type == want;
}

static void hwmsg_attr(const struct genl_abi *abi, const struct nlattr *a,
		       struct hwmsg_record *rec)
{
	unsigned int t = mnl_attr_get_type(a);

	if (is_attr(t, abi->attr_index)) {
		if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
			rec->devlink_index = mnl_attr_get_u32(a);
			rec->flags |= HWMSG_RECF_HAS_INDEX;
		}
	} else if (is_attr(t, abi->attr_bus)) {
		rec->bus = attr_str(a, rec->bus);
	} else if (is_attr(t, abi->attr_dev)) {
		rec->dev = attr_str(a, rec->dev);
	} else if (is_attr(t, abi->attr_driver)) {
		rec->driver = attr_str(a, rec->driver);
	} else if (is_attr(t, abi->attr_payload)) {
		rec->payload = mnl_attr_get_payload(a);
		rec->len = mnl_attr_get_payload_len(a);
	} else if (is_attr(t, abi->attr_type)) {
		if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
			rec->type = (uint16_t)mnl_attr_get_u32(a);
	} else if (is_attr(t, abi->attr_dir)) {
		if (mnl_attr_validate(a, MNL_TYPE_U8) >= 0)
			rec->dir = mnl_attr_get_u8(a);
	} else if (is_attr(t, abi->attr_ts)) {
		if (mnl_attr_validate(a, MNL_TYPE_U64) >= 0)
			rec->ts_ns = mnl_attr_get_u64(a);
	} else if (is_attr(t, abi->attr_seq)) {
		if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
			rec->seq = mnl_attr_get_u32(a);
			rec->flags |= HWMSG_RECF_HAS_SEQ;
		}
	} else if (is_attr(t, abi->attr_orig_len)) {
		if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
			rec->orig_len = mnl_attr_get_u32(a);
	}
}

void genl_hwmsg_record(const struct genl_abi *abi, const struct nlmsghdr *nlh,
		       struct hwmsg_record *rec)
{
	const struct nlattr *a;

	empty_record(rec);
	rec->type = HWMSG_TYPE_UNKNOWN;
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		hwmsg_attr(abi, a, rec);
	/* the kernel sends 0 or 1; anything else is not "to the hardware" */
	if (rec->dir > HWMSG_DIR_FROM_HW)
		rec->dir = HWMSG_DIR_FROM_HW;
	if (rec->orig_len > rec->len)
		rec->flags |= HWMSG_RECF_TRUNCATED;
	else
		rec->orig_len = rec->len;
}

void genl_event_record(const struct nlmsghdr *nlh, struct hwmsg_record *rec)
{
	const struct nlattr *a;

	empty_record(rec);
	rec->driver = "devlink";
	rec->type = HWMSG_TYPE_DEVLINK_EVENT;
	rec->dir = HWMSG_DIR_FROM_HW;
	rec->payload = (const uint8_t *)nlh;
	rec->len = rec->orig_len = nlh->nlmsg_len;
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(a) == DEVLINK_ATTR_BUS_NAME)
			rec->bus = attr_str(a, rec->bus);
		else if (mnl_attr_get_type(a) == DEVLINK_ATTR_DEV_NAME)
			rec->dev = attr_str(a, rec->dev);
	}
}
