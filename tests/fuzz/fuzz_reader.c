// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Any bytes as a whole capture file through hwmsg_reader, its pcapng block
 * scanner (ISBs) included: never a crash.
 */
#include <stdio.h>
#include <string.h>

#include "hwmsg/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_reader_drops drops;
	struct hwmsg_record rec;
	volatile unsigned int sink = 0;
	FILE *f;
	int ret;

	if (!size)
		return 0;
	f = fmemopen((void *)data, size, "rb");
	if (!f)
		return 0;
	r = hwmsg_reader_fopen(f, "fuzz", &err);
	if (!r)
		return 0;
	/* a damaged file ends with one error, then 0: never loops */
	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		if (ret < 0)
			continue;
		sink += (unsigned int)strlen(rec.bus) + strlen(rec.dev) +
			strlen(rec.driver);
		for (uint32_t i = 0; i < rec.len; i++)
			sink += rec.payload[i];
	}
	if (!hwmsg_reader_drops(r, &drops)) {
		struct hwmsg_reader_iface ifc;

		sink += (unsigned int)(drops.received + drops.dropped +
				       drops.unattributed);
		for (unsigned int i = 0; !hwmsg_reader_iface(r, i, &ifc); i++)
			sink += (unsigned int)strlen(ifc.name) + ifc.has_isb;
	}
	hwmsg_reader_close(r);
	(void)sink;
	return 0;
}
