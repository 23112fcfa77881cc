// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm_dump: the host side of the VM tests. Reads a capture with libhwmsg's
 * reader and prints one stable line per record, then a summary, so that the
 * scenario checks are a few greps and diffs:
 *
 *   N type=emad dir=to_hw dev=hwmsg_sim/hwmsg_sim1 drv=hwmsg_sim_spectrum
 *     seq=S len=L orig=O reg=0x9020 method=query r=0 status=0 [tid=T] hash=H
 *   N type=devlink_event ... cmd=C event="port_new bus/dev/0 type eth ..."
 *   summary records=N seq_gaps=G truncated=T decode_errors=E
 *
 * (one line each; hash is FNV-1a 64 of the payload).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "hwmsg/io.h"
#include "hwmsg/msg.h"
#include "hwmsg/devlink_event.h"

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (n--) {
		h ^= *p++;
		h *= 0x100000001b3ull;
	}
	return h;
}

static const char *name_or(const struct hwmsg_name *t, uint32_t v,
			   const char *dflt)
{
	const char *n = hwmsg_name_lookup(t, v);

	return n ? n : dflt;
}

int main(int argc, char **argv)
{
	uint64_t n = 0, gaps = 0, truncated = 0, decode_errors = 0, last = 0;
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	struct hwmsg_err err;
	int have_last = 0, ret;

	if (argc != 2) {
		fprintf(stderr, "usage: vm_dump FILE\n");
		return 2;
	}
	r = hwmsg_reader_open(argv[1], &err);
	if (!r) {
		fprintf(stderr, "vm_dump: %s\n", err.msg);
		return 1;
	}
	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		struct hwmsg_msg msg;

		if (ret < 0) {
			fprintf(stderr, "vm_dump: %s\n", err.msg);
			decode_errors++;
			continue;
		}
		printf("%" PRIu64 " type=%s dir=%s dev=%s/%s drv=%s", n,
		       name_or(hwmsg_type_names, rec.type, "?"),
		       name_or(hwmsg_dir_names, rec.dir, "?"), rec.bus,
		       rec.dev, rec.driver);
		if (rec.flags & HWMSG_RECF_HAS_SEQ) {
			printf(" seq=%" PRIu64, rec.seq);
			if (have_last && rec.seq > last + 1)
				gaps += rec.seq - last - 1;
			last = rec.seq;
			have_last = 1;
		} else {
			printf(" seq=-");
		}
		printf(" len=%u orig=%u", rec.len, rec.orig_len);
		if (rec.flags & HWMSG_RECF_TRUNCATED)
			truncated++;
		if (rec.type == HWMSG_TYPE_DEVLINK_EVENT) {
			char ev[256];

			if (rec.len >= NLMSG_HDRLEN + GENL_HDRLEN)
				printf(" cmd=%u", rec.payload[NLMSG_HDRLEN]);
			if (hwmsg_devlink_event_format(rec.payload, rec.len, ev,
						       sizeof(ev)) >= 0)
				printf(" event=\"%s\"", ev);
			else
				decode_errors++;
		} else if (!(rec.flags & HWMSG_RECF_TRUNCATED) &&
			   !hwmsg_msg_decode(&rec, &msg, &err)) {
			printf(" reg=0x%04x method=%s r=%d status=%u",
			       msg.op.reg_id,
			       name_or(hwmsg_emad_method_names, msg.op.method,
				       "?"),
			       msg.op.response, msg.op.status);
			if (rec.type == HWMSG_TYPE_MLX_EMAD)
				printf(" tid=%016" PRIx64, msg.op.tid);
			if (msg.has_fw_string)
				printf(" fw_string=\"%s\"", msg.fw_string);
			if (msg.has_latency)
				printf(" latency_us=%u", msg.latency_us);
		} else if (!(rec.flags & HWMSG_RECF_TRUNCATED)) {
			decode_errors++;
			printf(" decode_error");
		}
		printf(" hash=%016" PRIx64 "\n", fnv1a(rec.payload, rec.len));
		n++;
	}
	hwmsg_reader_close(r);
	printf("summary records=%" PRIu64 " seq_gaps=%" PRIu64
	       " truncated=%" PRIu64 " decode_errors=%" PRIu64 "\n",
	       n, gaps, truncated, decode_errors);
	return 0;
}
