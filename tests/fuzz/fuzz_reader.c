// SPDX-License-Identifier: GPL-2.0-or-later
/* Any bytes as a whole capture file through hwmsg_reader: never a crash. */
#include <stdio.h>
#include <string.h>

#include "hwmsg/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
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
	hwmsg_reader_close(r);
	(void)sink;
	return 0;
}
