// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_rec_decode on raw bytes: never a crash, and whatever decodes
 * encodes again to a stream that decodes to the same record (less the
 * tags it did not know: the encoder writes only its own).
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hwmsg_record rec, again;
	struct hwmsg_err err = { 0 };
	uint8_t *buf;
	size_t len;
	long n;

	if (hwmsg_rec_decode(data, size, &rec, &err))
		return 0;
	len = hwmsg_rec_encoded_len(&rec);
	buf = malloc(len ? len : 1);
	n = hwmsg_rec_encode(&rec, buf, len, &err);
	if (n >= 0) {
		if ((size_t)n != len ||
		    hwmsg_rec_decode(buf, (size_t)n, &again, &err) ||
		    strcmp(rec.bus, again.bus) || strcmp(rec.dev, again.dev) ||
		    strcmp(rec.driver, again.driver) ||
		    rec.type != again.type || rec.dir != again.dir ||
		    (rec.flags & ~HWMSG_RECF_UNKNOWN_TAG) != again.flags ||
		    rec.seq != again.seq ||
		    rec.devlink_index != again.devlink_index ||
		    rec.len != again.len || rec.orig_len != again.orig_len ||
		    (rec.len && memcmp(rec.payload, again.payload, rec.len)))
			abort();
	}
	free(buf);
	return 0;
}
