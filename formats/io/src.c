// SPDX-License-Identifier: GPL-2.0-or-later
/* The reader's source: file bytes, decompressed when zstd (see src.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <zstd_errors.h>

#include "hwmsg/wire.h"
#include "src.h"

/* Up to size file bytes (the peeked ones first); fewer only at the end
 * or on an error (errno into *error). */
static size_t read_file(struct hwmsg_src *s, uint8_t *buf, size_t size,
			int *error)
{
	size_t n = 0;

	*error = 0;
	while (n < size && s->peek_pos < s->peek_len)
		buf[n++] = s->peek[s->peek_pos++];
	if (n < size && !s->eof) {
		size_t got = fread(buf + n, 1, size - n, s->file);

		if (got < size - n) {
			s->eof = true;
			if (ferror(s->file))
				*error = errno ? errno : EIO;
		}
		n += got;
	}
	s->read += n;
	return n;
}

/* A frame starts at comp, the plain stream standing where it is now; the
 * rules of the reader's frame ring, applied to the last note here. */
static void note(struct hwmsg_src *s, struct hwmsg_src_notes *notes,
		 uint64_t comp)
{
	struct hwmsg_in_frame *last = notes->n ? &notes->f[notes->n - 1] : NULL;

	if (last && last->comp == comp)
		return;
	if (last && last->plain == s->plain) {
		last->comp = comp;
		return;
	}
	notes->f[notes->n++] = (struct hwmsg_in_frame){ s->plain, comp };
}

static ssize_t error_after(size_t n, char *errmsg, size_t errlen,
			   const char *what, int error)
{
	snprintf(errmsg, errlen, "%s: %s", what, strerror(error));
	return n ? (ssize_t)n : -1;
}

/* zstd decodes at most this much per call, up to plain offsets a multiple
 * of it: on an error it drops the bytes it gave in that call, so what
 * comes out before damage must not hang on the caller's buffer size */
#define SRC_STEP	(16u << 10)

static ssize_t produce_zstd(struct hwmsg_src *s, uint8_t *buf, size_t size,
			    struct hwmsg_src_notes *notes, char *errmsg,
			    size_t errlen)
{
	ZSTD_outBuffer out = { buf, size, 0 };

	while (out.pos < out.size && notes->n < HWMSG_SRC_NOTES) {
		size_t before = out.pos, in_before, ret, step;
		int error;

		if (s->zin.pos == s->zin.size && !s->eof) {
			s->zin.src = s->ibuf;
			s->zin.size = read_file(s, s->ibuf, s->icap, &error);
			s->zin.pos = 0;
			if (error)
				return error_after(out.pos, errmsg, errlen,
						   "read", error);
		}
		in_before = s->zin.pos;
		/* a new frame: its header first, with no room for output, so
		 * that zstd never decodes the frame in one piece (a damaged
		 * frame would then give none of its bytes, and how many it
		 * gives would hang on the caller's buffer size) */
		step = SRC_STEP - s->plain % SRC_STEP;
		out.size = !s->frame_open ? out.pos :
			   size - out.pos < step ? size : out.pos + step;
		ret = ZSTD_decompressStream(s->dc, &out, &s->zin);
		out.size = size;
		if (ZSTD_isError(ret) &&
		    ZSTD_getErrorCode(ret) == ZSTD_error_frameParameter_windowTooLarge) {
			snprintf(errmsg, errlen,
				 "zstd: a frame wants a window over %u MiB (compressed with --long?): decompress it first (zstd -d)",
				 1u << (HWMSG_IN_WINDOW_LOG_MAX - 20));
			return out.pos ? (ssize_t)out.pos : -1;
		}
		if (ZSTD_isError(ret)) {
			snprintf(errmsg, errlen,
				 "zstd: %s (compressed offset 0x%" PRIx64 ")",
				 ZSTD_getErrorName(ret),
				 s->read - (s->zin.size - s->zin.pos));
			/* hand out what came before the damage */
			return out.pos ? (ssize_t)out.pos : -1;
		}
		s->plain += out.pos - before;
		/* an idle call returns a hint even between frames */
		if (s->zin.pos != in_before || out.pos != before)
			s->frame_open = ret != 0;
		/* 0: a frame ended, flushed; the next one starts here */
		if (!ret)
			note(s, notes, s->read - (s->zin.size - s->zin.pos));
		if (s->zin.pos == s->zin.size && s->eof && out.pos == before)
			break;
	}
	if (!out.pos && s->frame_open) {
		snprintf(errmsg, errlen,
			 "zstd frame cut short at compressed offset 0x%" PRIx64,
			 s->read);
		return -1;
	}
	return (ssize_t)out.pos;
}

ssize_t hwmsg_src_produce(struct hwmsg_src *s, uint8_t *buf, size_t size,
			  struct hwmsg_src_notes *notes, char *errmsg,
			  size_t errlen)
{
	size_t n;
	int error;

	if (s->dc)
		return produce_zstd(s, buf, size, notes, errmsg, errlen);
	n = read_file(s, buf, size, &error);
	s->plain += n;
	if (error)
		return error_after(n, errmsg, errlen, "read", error);
	return (ssize_t)n;
}

int hwmsg_src_open(struct hwmsg_src *s, FILE *file,
		   struct hwmsg_src_notes *notes, char *errmsg, size_t errlen)
{
	memset(s, 0, sizeof(*s));
	s->file = file;
	s->peek_len = fread(s->peek, 1, sizeof(s->peek), file);
	if (ferror(file)) {
		snprintf(errmsg, errlen, "read: %s", strerror(errno));
		return -1;
	}
	if (s->peek_len < 4 || hwmsg_get_le32(s->peek) != HWMSG_ZSTD_MAGIC)
		return 0;
	note(s, notes, 0);
	s->dc = ZSTD_createDCtx();
	s->icap = ZSTD_DStreamInSize();
	s->ibuf = malloc(s->icap);
	if (!s->dc || !s->ibuf) {
		hwmsg_src_free(s);
		snprintf(errmsg, errlen, "out of memory");
		return -1;
	}
	/* bounded memory whatever the file asks for (zstd --long=27 wants
	 * 128 MiB); ours need 1 MiB, zstd -19 8 MiB */
	ZSTD_DCtx_setParameter(s->dc, ZSTD_d_windowLogMax,
			       HWMSG_IN_WINDOW_LOG_MAX);
	return 0;
}

void hwmsg_src_free(struct hwmsg_src *s)
{
	ZSTD_freeDCtx(s->dc);
	free(s->ibuf);
	s->dc = NULL;
	s->ibuf = NULL;
}
