// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Random access: a reader that starts at one block of a capture. Its stream
 * is the section's context (SHB and IDBs, or the pcap file header) and
 * then the plain bytes from that block on, decompressed from the zstd
 * frame holding it. The usual reader (libpcap, the record decoder) reads
 * that, so records come out exactly as from the start of the file.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "hwmsg/io.h"

struct at_stream {
	FILE *src;
	uint8_t *ctx;
	size_t ctx_len, ctx_pos;
	uint64_t skip;		/* plain bytes still to drop */
	ZSTD_DCtx *dc;		/* NULL: the file is plain */
	uint8_t *ibuf;
	size_t icap;
	ZSTD_inBuffer zin;
	bool eof;
};

/* Plain bytes from the file position on; 0 at the end, -1 on error. */
static ssize_t plain_read(struct at_stream *a, uint8_t *buf, size_t size)
{
	ZSTD_outBuffer out = { buf, size, 0 };
	size_t ret;

	if (!a->dc) {
		ret = fread(buf, 1, size, a->src);
		return ret || !ferror(a->src) ? (ssize_t)ret : -1;
	}
	while (!out.pos) {
		if (a->zin.pos == a->zin.size) {
			if (a->eof)
				break;
			a->zin.src = a->ibuf;
			a->zin.size = fread(a->ibuf, 1, a->icap, a->src);
			a->zin.pos = 0;
			a->eof = a->zin.size < a->icap;
			if (ferror(a->src))
				return -1;
			if (!a->zin.size)
				break;
		}
		ret = ZSTD_decompressStream(a->dc, &out, &a->zin);
		if (ZSTD_isError(ret))
			return -1;	/* the reader reports it */
	}
	return (ssize_t)out.pos;
}

static ssize_t at_read(void *cookie, char *buf, size_t size)
{
	struct at_stream *a = cookie;
	uint8_t drop[4096];
	size_t n;
	ssize_t got;

	if (a->ctx_pos < a->ctx_len) {
		n = a->ctx_len - a->ctx_pos;
		n = n < size ? n : size;
		memcpy(buf, a->ctx + a->ctx_pos, n);
		a->ctx_pos += n;
		return (ssize_t)n;
	}
	while (a->skip) {
		n = a->skip < sizeof(drop) ? (size_t)a->skip : sizeof(drop);
		got = plain_read(a, drop, n);
		if (got <= 0) {
			errno = EIO;
			return got ? -1 : 0;
		}
		a->skip -= (uint64_t)got;
	}
	got = plain_read(a, (uint8_t *)buf, size);
	if (got < 0)
		errno = EIO;
	return got;
}

static int at_close(void *cookie)
{
	struct at_stream *a = cookie;

	if (a->src)
		fclose(a->src);
	ZSTD_freeDCtx(a->dc);
	free(a->ibuf);
	free(a->ctx);
	free(a);
	return 0;
}

struct hwmsg_reader *hwmsg_reader_open_at(const char *path,
					  const struct hwmsg_reader_at *at,
					  struct hwmsg_err *err)
{
	static const cookie_io_functions_t funcs = {
		.read = at_read,
		.close = at_close,
	};
	struct at_stream *a = calloc(1, sizeof(*a));
	FILE *f;

	if (!a || !(a->ctx = malloc(at->ctx_len ? at->ctx_len : 1)))
		goto nomem;
	memcpy(a->ctx, at->ctx, at->ctx_len);
	a->ctx_len = at->ctx_len;
	a->skip = at->skip;
	a->src = fopen(path, "rbe");
	if (!a->src || fseeko(a->src, (off_t)at->frame, SEEK_SET)) {
		hwmsg_errf(err, 0, "%s: %s", path, strerror(errno));
		at_close(a);
		return NULL;
	}
	if (at->compressed) {
		a->dc = ZSTD_createDCtx();
		a->icap = ZSTD_DStreamInSize();
		a->ibuf = malloc(a->icap);
		if (!a->dc || !a->ibuf)
			goto nomem;
	}
	f = fopencookie(a, "r", funcs);
	if (!f)
		goto nomem;
	return hwmsg_reader_fopen(f, path, err);

nomem:
	if (a)
		at_close(a);
	hwmsg_errf(err, 0, "%s: out of memory", path);
	return NULL;
}
