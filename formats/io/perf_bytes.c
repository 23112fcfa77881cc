// SPDX-License-Identifier: GPL-2.0-or-later
/* perf.data's bytes: pread on the file, or the reader's stream (perf_in.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perf_in.h"

#define PERF_WINDOW	(256u << 10)

static const uint8_t *file_get(struct perf_in *p, uint64_t off, size_t n,
			       size_t *have, struct hwmsg_err *err)
{
	struct perf_bytes *b = &p->b;
	size_t want;
	ssize_t got;

	/* off + n may wrap: a damaged file's offsets are anything */
	if (off >= b->start && off - b->start <= b->len &&
	    n <= b->len - (off - b->start)) {
		*have = n;
		return b->buf + (off - b->start);
	}
	/* no more than the file has: a damaged size is no allocation */
	if (off >= b->size) {
		*have = 0;
		return (const uint8_t *)"";
	}
	if (n > b->size - off)
		n = (size_t)(b->size - off);
	want = n > PERF_WINDOW ? n : PERF_WINDOW;
	if (want > b->cap) {
		uint8_t *q = realloc(b->buf, want);

		if (!q) {
			hwmsg_errf(err, off, "%s: out of memory for %zu bytes",
				   p->t->name, n);
			return NULL;
		}
		b->buf = q;
		b->cap = want;
	}
	b->start = off;
	b->len = 0;
	while (b->len < want) {
		got = pread(b->fd, b->buf + b->len, want - b->len,
			    (off_t)(off + b->len));
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			hwmsg_errf(err, off, "%s: read at 0x%" PRIx64 ": %s",
				   p->t->name, off, strerror(errno));
			return NULL;
		}
		if (!got)
			break;
		b->len += (size_t)got;
	}
	*have = b->len < n ? b->len : n;
	return b->buf;
}

const uint8_t *perf_get(struct perf_in *p, uint64_t off, size_t n,
			size_t *have, struct hwmsg_err *err)
{
	const uint8_t *d;

	if (p->b.fd >= 0)
		return file_get(p, off, n, have, err);
	d = hwmsg_in_span(p->b.in, off, n, have);
	if (!d) {
		hwmsg_errf(err, off, "%s: %s", p->t->name,
			   p->b.in->errmsg[0] ? p->b.in->errmsg :
						"read past the stream");
		return NULL;
	}
	if (*have > n)
		*have = n;
	return d;
}

void perf_bytes_free(struct perf_bytes *b)
{
	free(b->buf);
	b->buf = NULL;
}
