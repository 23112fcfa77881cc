// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The zstd writer's huge-page buffers: 2 MiB-aligned (a huge page must be),
 * capacity in whole huge pages doubling as needed, contents kept when they
 * move.
 */
#include <stdint.h>

#include "../../formats/io/hugebuf.h"
#include "../test.h"

int main(void)
{
	uint8_t *buf = NULL, *first;
	size_t cap = 0, i, len = 3u << 20;
	bool ok = true;

	CHECK(hugebuf_reserve(&buf, &cap, 0, 10));
	CHECK(buf != NULL);
	CHECK_EQ(cap, HUGEBUF_PAGE);
	CHECK_EQ((uintptr_t)buf % HUGEBUF_PAGE, 0);
	first = buf;
	/* room already there: nothing moves */
	CHECK(hugebuf_reserve(&buf, &cap, 0, HUGEBUF_PAGE));
	CHECK(buf == first);
	CHECK_EQ(cap, HUGEBUF_PAGE);

	for (i = 0; i < HUGEBUF_PAGE; i++)
		buf[i] = (uint8_t)(i * 7 + i / 4099);
	/* 3 MiB kept of 2, room for 5: 8 MiB, the first 2 MiB copied */
	CHECK(hugebuf_reserve(&buf, &cap, HUGEBUF_PAGE, 5u << 20));
	CHECK_EQ(cap, 8u << 20);
	CHECK_EQ((uintptr_t)buf % HUGEBUF_PAGE, 0);
	for (i = 0; i < HUGEBUF_PAGE; i++)
		ok = ok && buf[i] == (uint8_t)(i * 7 + i / 4099);
	CHECK(ok);
	for (i = HUGEBUF_PAGE; i < len; i++)
		buf[i] = (uint8_t)i;	/* the new room is writable */
	CHECK_EQ(buf[len - 1], (uint8_t)(len - 1));

	/* impossible sizes fail and leave the buffer as it was */
	CHECK(!hugebuf_reserve(&buf, &cap, len, SIZE_MAX));
	CHECK_EQ(cap, 8u << 20);
	CHECK_EQ(buf[7], 49);
	hugebuf_free(buf, cap);
	hugebuf_free(NULL, 0);
	return test_done("test_hugebuf");
}
