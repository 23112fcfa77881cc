/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Large byte buffers the kernel may back with transparent huge pages: the
 * first touch of fresh memory costs a page fault per 4 KiB page (10-15 us
 * each under some hypervisors, 3 ms per MiB), per 2 MiB page with these.
 * For buffers of a MiB or more that live as long as a capture.
 */
#ifndef HWMSG_IO_HUGEBUF_H
#define HWMSG_IO_HUGEBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The unit of a huge page on x86-64 and arm64 (4 KiB base pages). */
#define HUGEBUF_PAGE	(2u << 20)

/*
 * Room for need bytes at *buf (capacity *cap, a multiple of HUGEBUF_PAGE,
 * the first len bytes kept); false when out of memory, *buf unchanged.
 */
bool hugebuf_reserve(uint8_t **buf, size_t *cap, size_t len, size_t need);
void hugebuf_free(uint8_t *buf, size_t cap);

#endif
