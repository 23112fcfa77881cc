// SPDX-License-Identifier: GPL-2.0-or-later
/* A read-only fopencookie() FILE over a plain or zstd-compressed source. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <zstd_errors.h>

#include "hwmsg/wire.h"
#include "in.h"

static void read_ahead_config(struct hwmsg_in *in)
{
	const char *env = getenv("HWMSG_READ_AHEAD");
	unsigned long long after, slot;
	char *end;

	in->ahead_after = HWMSG_IN_AHEAD_AFTER;
	in->ahead_slot = HWMSG_IN_AHEAD_SLOT;
	if (!env)
		return;
	if (!strcmp(env, "off")) {
		in->ahead_after = UINT64_MAX;
		return;
	}
	after = strtoull(env, &end, 0);
	if (end == env)
		return;
	in->ahead_after = after;
	if (*end == ',') {
		slot = strtoull(end + 1, &end, 0);
		if (slot && slot <= (64u << 20))
			in->ahead_slot = (size_t)slot;
	}
}

/* A large regular file goes on to be read on a thread; anything else, or
 * no thread to be had, is read here as before. */
static void maybe_read_ahead(struct hwmsg_in *in)
{
	struct stat st;

	if (in->src_read < in->ahead_after)
		return;
	in->ahead_after = UINT64_MAX;	/* one try */
	if (fstat(fileno(in->src), &st) || !S_ISREG(st.st_mode))
		return;
	in->ahead_on = hwmsg_ahead_start(&in->ahead, in->src, in->ahead_slot);
}

static size_t read_src(struct hwmsg_in *in, uint8_t *buf, size_t size)
{
	size_t n = 0;

	while (n < size && in->peek_pos < in->peek_len)
		buf[n++] = in->peek[in->peek_pos++];
	if (n < size && !in->src_eof) {
		size_t got;

		maybe_read_ahead(in);
		if (in->ahead_on) {
			got = hwmsg_ahead_read(&in->ahead, buf + n, size - n,
					       &in->src_errno);
		} else {
			got = fread(buf + n, 1, size - n, in->src);
			if (got < size - n && ferror(in->src))
				in->src_errno = errno ? errno : EIO;
		}
		if (got < size - n)
			in->src_eof = true;
		n += got;
	}
	in->src_read += n;
	return n;
}

static int src_error(struct hwmsg_in *in)
{
	if (!in->src_errno)
		return 0;
	snprintf(in->errmsg, sizeof(in->errmsg), "read: %s",
		 strerror(in->src_errno));
	return -1;
}

/* A frame starts here; a skippable frame's successor at the same plain
 * offset replaces it (decoding from either gives the same bytes). */
static void note_frame(struct hwmsg_in *in, uint64_t comp)
{
	struct hwmsg_in_frame *last;
	unsigned int i;

	if (in->n_frames) {
		i = (in->frame_next + HWMSG_IN_FRAMES - 1) % HWMSG_IN_FRAMES;
		last = &in->frames[i];
		if (last->comp == comp)
			return;
		if (last->plain == in->plain_out) {
			last->comp = comp;
			return;
		}
	}
	in->frames[in->frame_next] = (struct hwmsg_in_frame){
		in->plain_out, comp
	};
	in->frame_next = (in->frame_next + 1) % HWMSG_IN_FRAMES;
	if (in->n_frames < HWMSG_IN_FRAMES)
		in->n_frames++;
}

int hwmsg_in_frame_of(const struct hwmsg_in *in, uint64_t off,
		      struct hwmsg_in_frame *f)
{
	unsigned int k, i;

	for (k = 1; k <= in->n_frames; k++) {
		i = (in->frame_next + HWMSG_IN_FRAMES - k) % HWMSG_IN_FRAMES;
		if (in->frames[i].plain <= off) {
			*f = in->frames[i];
			return 0;
		}
	}
	return -1;
}

/* Decompress up to size bytes; 0 at the end, -1 with errmsg set. */
static ssize_t read_zstd(struct hwmsg_in *in, uint8_t *buf, size_t size)
{
	ZSTD_outBuffer out = { buf, size, 0 };

	while (out.pos < out.size) {
		size_t before = out.pos, in_before, ret;

		if (in->zin.pos == in->zin.size && !in->src_eof) {
			in->zin.src = in->ibuf;
			in->zin.size = read_src(in, in->ibuf, in->icap);
			in->zin.pos = 0;
			if (src_error(in))
				return out.pos ? (ssize_t)out.pos : -1;
		}
		in_before = in->zin.pos;
		ret = ZSTD_decompressStream(in->dc, &out, &in->zin);
		if (ZSTD_isError(ret) &&
		    ZSTD_getErrorCode(ret) == ZSTD_error_frameParameter_windowTooLarge) {
			snprintf(in->errmsg, sizeof(in->errmsg),
				 "zstd: a frame wants a window over %u MiB (compressed with --long?): decompress it first (zstd -d)",
				 1u << (HWMSG_IN_WINDOW_LOG_MAX - 20));
			return out.pos ? (ssize_t)out.pos : -1;
		}
		if (ZSTD_isError(ret)) {
			snprintf(in->errmsg, sizeof(in->errmsg),
				 "zstd: %s (compressed offset 0x%" PRIx64 ")",
				 ZSTD_getErrorName(ret),
				 in->src_read - (in->zin.size - in->zin.pos));
			/* hand out what came before the damage; the error
			 * is reported on the next read */
			return out.pos ? (ssize_t)out.pos : -1;
		}
		in->plain_out += out.pos - before;
		/* an idle call returns a hint even between frames */
		if (in->zin.pos != in_before || out.pos != before)
			in->frame_open = ret != 0;
		/* 0: a frame ended, flushed; the next one starts here */
		if (!ret)
			note_frame(in, in->src_read -
					       (in->zin.size - in->zin.pos));
		if (in->zin.pos == in->zin.size && in->src_eof &&
		    out.pos == before)
			break;
	}
	if (!out.pos && in->frame_open) {
		snprintf(in->errmsg, sizeof(in->errmsg),
			 "zstd frame cut short at compressed offset 0x%" PRIx64,
			 in->src_read);
		return -1;
	}
	return (ssize_t)out.pos;
}

/* Append up to size plain bytes to the chunk (it has the room): the
 * number added, 0 at the end, -1 with errmsg set. */
static ssize_t produce(struct hwmsg_in *in, size_t size)
{
	uint8_t *dst = in->chunk + in->chunk_len;
	ssize_t n;

	if (in->dc) {
		n = read_zstd(in, dst, size);
	} else {
		n = (ssize_t)read_src(in, dst, size);
		if (src_error(in))
			n = -1;
	}
	if (n <= 0) {
		in->ended = !n;
		return n;
	}
	hwmsg_scan_feed(&in->scan, dst, (size_t)n);
	in->chunk_len += (size_t)n;
	if (!in->chunk_start && in->head_len < HWMSG_IN_FIRST) {
		in->head_len = in->chunk_len < HWMSG_IN_FIRST ? in->chunk_len :
							       HWMSG_IN_FIRST;
		memcpy(in->head, in->chunk, in->head_len);
	}
	return n;
}

/* Drop the chunk's bytes before plain offset from (all when past it). */
static void drop_before(struct hwmsg_in *in, uint64_t from)
{
	uint64_t end = in->chunk_start + in->chunk_len;
	size_t keep = from >= end ? 0 : (size_t)(end - from);

	memmove(in->chunk, in->chunk + in->chunk_len - keep, keep);
	in->chunk_start = end - keep;
	in->chunk_len = keep;
	in->chunk_pos = 0;
}

static int refill(struct hwmsg_in *in)
{
	uint64_t end = in->chunk_start + in->chunk_len;

	drop_before(in, end - (in->chunk_len < HWMSG_IN_KEEP ?
				       in->chunk_len : HWMSG_IN_KEEP));
	in->chunk_pos = in->chunk_len;
	return produce(in, HWMSG_IN_CHUNK) < 0 ? -1 : 0;
}

const uint8_t *hwmsg_in_span(struct hwmsg_in *in, uint64_t off, size_t want,
			     size_t *have)
{
	uint64_t end = in->chunk_start + in->chunk_len;

	while (off + want > end && !in->ended && !in->errmsg[0]) {
		size_t room;

		/* bytes before off are done with; skipped ones pass by */
		drop_before(in, off);
		if (want + HWMSG_IN_CHUNK > in->chunk_cap) {
			uint8_t *p = realloc(in->chunk, want + HWMSG_IN_CHUNK);

			if (!p) {
				snprintf(in->errmsg, sizeof(in->errmsg),
					 "out of memory for a block of %zu bytes",
					 want);
				return NULL;
			}
			in->chunk = p;
			in->chunk_cap = want + HWMSG_IN_CHUNK;
		}
		room = in->chunk_cap - in->chunk_len;
		if (produce(in, room < HWMSG_IN_CHUNK ? room : HWMSG_IN_CHUNK) < 0)
			return NULL;
		end = in->chunk_start + in->chunk_len;
	}
	if (off < in->chunk_start || (off + want > end && in->errmsg[0]))
		return NULL;
	if (off >= end) {	/* the stream ended before off */
		*have = 0;
		in->chunk_pos = in->chunk_len;
		return in->chunk + in->chunk_len;
	}
	*have = (size_t)(end - off);
	in->chunk_pos = (size_t)(off - in->chunk_start);
	return in->chunk + in->chunk_pos;
}

static ssize_t cookie_read(void *cookie, char *buf, size_t size)
{
	struct hwmsg_in *in = cookie;
	size_t done = 0;

	while (done < size) {
		size_t n;

		if (in->chunk_pos == in->chunk_len) {
			if (in->errmsg[0] || refill(in)) {
				if (done)
					break;	/* error next call */
				errno = EIO;
				return -1;
			}
			if (in->chunk_pos == in->chunk_len)
				break;	/* the end */
		}
		n = in->chunk_len - in->chunk_pos;
		if (n > size - done)
			n = size - done;
		memcpy(buf + done, in->chunk + in->chunk_pos, n);
		in->chunk_pos += n;
		done += n;
	}
	return (ssize_t)done;
}

/* Only ftello(): where we are, in plain bytes handed to stdio. */
static int cookie_seek(void *cookie, off64_t *off, int whence)
{
	struct hwmsg_in *in = cookie;

	if (whence != SEEK_CUR || *off != 0) {
		errno = ESPIPE;
		return -1;
	}
	*off = (off64_t)(in->chunk_start + in->chunk_pos);
	return 0;
}

static int cookie_close(void *cookie)
{
	(void)cookie;	/* the reader owns the state */
	return 0;
}

int hwmsg_in_peek_back(const struct hwmsg_in *in, uint64_t off, uint8_t *out,
		       size_t n)
{
	if (off < in->chunk_start || off + n > in->chunk_start + in->chunk_len)
		return -1;
	memcpy(out, in->chunk + (off - in->chunk_start), n);
	return 0;
}

FILE *hwmsg_in_open(struct hwmsg_in *in, FILE *src, struct hwmsg_err *err)
{
	static const cookie_io_functions_t funcs = {
		.read = cookie_read,
		.seek = cookie_seek,
		.close = cookie_close,
	};
	FILE *f;

	memset(in, 0, sizeof(*in));
	hwmsg_scan_init(&in->scan);
	in->src = src;
	read_ahead_config(in);
	in->peek_len = fread(in->peek, 1, sizeof(in->peek), src);
	if (ferror(src)) {
		hwmsg_errf(err, 0, "read: %s", strerror(errno));
		return NULL;
	}
	in->chunk_cap = HWMSG_IN_KEEP + HWMSG_IN_CHUNK;
	in->chunk = malloc(in->chunk_cap);
	in->stdio_buf = malloc(HWMSG_IN_STDIO_BUF);
	if (!in->chunk || !in->stdio_buf)
		goto nomem;
	if (in->peek_len == 4 && hwmsg_get_le32(in->peek) == HWMSG_ZSTD_MAGIC) {
		note_frame(in, 0);
		in->dc = ZSTD_createDCtx();
		in->icap = ZSTD_DStreamInSize();
		in->ibuf = malloc(in->icap);
		if (!in->dc || !in->ibuf)
			goto nomem;
		/* bounded memory whatever the file asks for (zstd --long=27
		 * wants 128 MiB); ours need 1 MiB, zstd -19 8 MiB */
		ZSTD_DCtx_setParameter(in->dc, ZSTD_d_windowLogMax,
				       HWMSG_IN_WINDOW_LOG_MAX);
	}
	f = fopencookie(in, "r", funcs);
	if (!f)
		goto nomem;
	/* bounds how far stdio reads ahead of libpcap: see HWMSG_IN_KEEP */
	setvbuf(f, in->stdio_buf, _IOFBF, HWMSG_IN_STDIO_BUF);
	return f;

nomem:
	hwmsg_in_free(in);
	hwmsg_errf(err, 0, "out of memory");
	return NULL;
}

void hwmsg_in_free(struct hwmsg_in *in)
{
	if (in->ahead_on)
		hwmsg_ahead_stop(&in->ahead);
	in->ahead_on = false;
	ZSTD_freeDCtx(in->dc);
	free(in->ibuf);
	free(in->chunk);
	free(in->stdio_buf);
	hwmsg_scan_free(&in->scan);
	in->stdio_buf = NULL;
	in->dc = NULL;
	in->ibuf = NULL;
	in->chunk = NULL;
}
