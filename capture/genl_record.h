/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Generic netlink messages as records: hardware message notifications of
 * either ABI (genl_abi.h: the devlink_hwmsg module's family or devlink's
 * hwmsg group) and devlink "config" notifications. Apart from the socket handling so that
 * they can be fuzzed.
 */
#ifndef HWMSGD_GENL_RECORD_H
#define HWMSGD_GENL_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include <linux/netlink.h>

#include "genl_abi.h"
#include "hwmsg/record.h"

/*
 * The next whole message of a datagram (buf, len) at *off, which moves past
 * it; NULL at the end or when the rest is not a whole message with its
 * padding. Unlike mnl_nlmsg_ok(), a length of 2^31 or more is refused, not
 * taken as negative.
 */
const struct nlmsghdr *genl_datagram_next(const uint8_t *buf, size_t len,
					  size_t *off);
/*
 * The message's attributes, numbered as abi says, as a record; attributes
 * that fail validation are left out. Strings and the payload point into
 * nlh. ts_ns is 0 when the message has no timestamp.
 */
void genl_hwmsg_record(const struct genl_abi *abi, const struct nlmsghdr *nlh,
		       struct hwmsg_record *rec);
/* A devlink notification, kept whole as a HWMSG_TYPE_DEVLINK_EVENT record
 * named after its device; ts_ns is left 0. */
void genl_event_record(const struct nlmsghdr *nlh, struct hwmsg_record *rec);

#endif
