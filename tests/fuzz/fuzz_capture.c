// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the live sources parse from the kernel, as records: generic netlink
 * messages (the hwmsg group and devlink notifications) and the tracepoint's
 * format file with a raw sample. Never a crash or an overread; every
 * record's strings are terminated and its payload lies inside the input.
 *
 * Input: one byte says which; for netlink the rest is a datagram of
 * messages; for the tracepoint the format file text, a NUL, then a sample.
 */
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "hwmsg/genl.h"
#include "hwmsg/msg.h"
#include "tp_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_record(const struct hwmsg_record *rec, const void *buf,
			 size_t size)
{
	const uint8_t *b = buf;
	struct hwmsg_msg msg;
	struct hwmsg_err err;

	volatile size_t n;

	/* every string terminated where ASan can see it */
	n = strlen(rec->bus) + strlen(rec->dev) + strlen(rec->driver);
	(void)n;
	if (rec->len && (rec->payload < b || rec->len > size ||
			 (size_t)(rec->payload - b) > size - rec->len))
		abort();
	if (rec->orig_len < rec->len)
		abort();
	hwmsg_msg_decode(rec, &msg, &err);
}

static void fuzz_netlink(const uint8_t *data, size_t size)
{
	/* aligned, as a datagram from recv() */
	uint8_t *buf = malloc(size ? size : 1);
	const struct nlmsghdr *nlh;
	size_t off = 0;

	memcpy(buf, data, size);
	while ((nlh = genl_datagram_next(buf, size, &off))) {
		struct hwmsg_record rec;

		if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(struct genlmsghdr))
			continue;
		/* both ABIs: the same bytes read with either numbering */
		genl_hwmsg_record(&genl_abi_module, nlh, &rec);
		check_record(&rec, buf, size);
		genl_hwmsg_record(&genl_abi_devlink, nlh, &rec);
		check_record(&rec, buf, size);
		genl_event_record(nlh, &rec);
		check_record(&rec, buf, size);
	}
	free(buf);
}

static void fuzz_tracepoint(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	struct hwmsg_tp_format fmt = { 0 };
	struct hwmsg_tp_strings st;
	struct hwmsg_record rec;
	struct hwmsg_err err;
	char *text, *line, *save = NULL;
	size_t tlen = nul ? (size_t)(nul - data) : size;
	uint8_t *raw;
	uint32_t rlen;

	text = malloc(tlen + 1);
	memcpy(text, data, tlen);
	text[tlen] = '\0';
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		hwmsg_tp_format_line(&fmt, line);
	free(text);
	if (hwmsg_tp_format_check(&fmt, "format", &err)) {
		if (!err.msg[0])
			abort();
		return;
	}
	/* a copy of exactly the sample's size, so ASan sees any overread */
	rlen = nul ? (uint32_t)(size - tlen - 1) : 0;
	raw = malloc(rlen ? rlen : 1);
	if (rlen)
		memcpy(raw, nul + 1, rlen);
	hwmsg_tp_sample_record(&fmt, raw, rlen, &st, &rec);
	check_record(&rec, raw, rlen);
	free(raw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1)
		fuzz_tracepoint(data + 1, size - 1);
	else
		fuzz_netlink(data + 1, size - 1);
	return 0;
}
