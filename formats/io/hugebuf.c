// SPDX-License-Identifier: GPL-2.0-or-later
/* Buffers in 2 MiB-aligned anonymous mappings, marked for huge pages. */
#include <string.h>
#include <sys/mman.h>

#include "hugebuf.h"

/* cap bytes at a multiple of HUGEBUF_PAGE (a huge page must be aligned). */
static uint8_t *map_aligned(size_t cap)
{
	size_t len = cap + HUGEBUF_PAGE, head;
	uint8_t *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	head = (HUGEBUF_PAGE - (uintptr_t)p % HUGEBUF_PAGE) % HUGEBUF_PAGE;
	if (head)
		munmap(p, head);
	munmap(p + head + cap, HUGEBUF_PAGE - head);
	p += head;
#ifdef MADV_HUGEPAGE
	/* advice only: without huge pages it is ordinary memory */
	madvise(p, cap, MADV_HUGEPAGE);
#endif
	return p;
}

bool hugebuf_reserve(uint8_t **buf, size_t *cap, size_t len, size_t need)
{
	size_t n = *cap ? *cap : HUGEBUF_PAGE;
	uint8_t *p;

	if (need <= *cap)
		return true;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return false;
		n *= 2;
	}
	p = map_aligned(n);
	if (!p)
		return false;
	if (len)
		memcpy(p, *buf, len);
	hugebuf_free(*buf, *cap);
	*buf = p;
	*cap = n;
	return true;
}

void hugebuf_free(uint8_t *buf, size_t cap)
{
	if (buf)
		munmap(buf, cap);
}
