// SPDX-License-Identifier: GPL-2.0-or-later
/* A read-only fopencookie() FILE over a plain or zstd-compressed source. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* A frame starts here; a skippable frame's successor at the same plain
 * offset replaces it (decoding from either gives the same bytes). */
static void note_frame(struct hwmsg_in *in, const struct hwmsg_in_frame *f)
{
	struct hwmsg_in_frame *last;
	unsigned int i;

	if (in->n_frames) {
		i = (in->frame_next + HWMSG_IN_FRAMES - 1) % HWMSG_IN_FRAMES;
		last = &in->frames[i];
		if (last->comp == f->comp)
			return;
		if (last->plain == f->plain) {
			last->comp = f->comp;
			return;
		}
	}
	in->frames[in->frame_next] = *f;
	in->frame_next = (in->frame_next + 1) % HWMSG_IN_FRAMES;
	if (in->n_frames < HWMSG_IN_FRAMES)
		in->n_frames++;
}

static void note_frames(struct hwmsg_in *in, const struct hwmsg_src_notes *n)
{
	for (unsigned int i = 0; i < n->n; i++)
		note_frame(in, &n->f[i]);
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

/* What the read-ahead thread says of a slot besides its bytes. */
struct ahead_meta {
	struct hwmsg_src_notes notes;	/* frame starts met filling it */
	uint64_t src_read;	/* file bytes read when it was full */
	char errmsg[160];	/* an error after its bytes */
	bool err_alone;		/* ... that came with no bytes of its own:
				 * it is the answer to the next read */
};

/* On the read-ahead thread: a slot of plain bytes from the source. */
static size_t fill_slot(void *ctx, uint8_t *buf, size_t cap, void *meta,
			bool *end)
{
	struct hwmsg_in *in = ctx;
	struct ahead_meta *m = meta;
	size_t n = 0;

	m->notes.n = 0;
	m->errmsg[0] = '\0';
	while (n < cap && m->notes.n < HWMSG_SRC_NOTES) {
		ssize_t got = hwmsg_src_produce(&in->src, buf + n, cap - n,
						&m->notes, m->errmsg,
						sizeof(m->errmsg));

		if (got > 0)
			n += (size_t)got;
		m->err_alone = got <= 0;
		if (got <= 0 || m->errmsg[0]) {
			*end = true;	/* the end, or an error: nothing after */
			break;
		}
	}
	m->src_read = in->src.read;
	return n;
}

/* A large regular file goes on to be read on a thread; anything else, or
 * no thread to be had, is read here as before. */
static void maybe_read_ahead(struct hwmsg_in *in)
{
	struct stat st;
	int fd;

	if (in->src.plain < in->ahead_after)
		return;
	in->ahead_after = UINT64_MAX;	/* one try */
	fd = fileno(in->src.file);
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode))
		return;
	in->ahead_on = hwmsg_ahead_start(&in->ahead, fill_slot, in,
					 in->ahead_slot,
					 sizeof(struct ahead_meta));
}

/* Up to size plain bytes from the read-ahead slots: as from the source. */
static ssize_t take_ahead(struct hwmsg_in *in, uint8_t *dst, size_t size)
{
	unsigned int noted = 0;
	size_t n = 0;

	if (in->err_next[0]) {	/* as the source would say it: now */
		memcpy(in->errmsg, in->err_next, sizeof(in->errmsg));
		in->err_next[0] = '\0';
		return -1;
	}
	while (n < size && !in->ahead_done) {
		struct ahead_meta *m;
		const uint8_t *p;
		size_t len, take;
		void *meta;

		/* no more frame starts at once than the source gives: the
		 * ring of them must reach back to the reader's record */
		if (!in->ahead_pos && n && noted >= HWMSG_SRC_NOTES)
			break;
		p = hwmsg_ahead_next(&in->ahead, &len, &meta);
		if (!p) {
			in->ahead_done = true;
			break;
		}
		m = meta;
		if (!in->ahead_pos) {	/* a slot begun */
			note_frames(in, &m->notes);
			noted += m->notes.n;
			in->src_read = m->src_read;
		}
		take = len - in->ahead_pos;
		if (take > size - n)
			take = size - n;
		memcpy(dst + n, p + in->ahead_pos, take);
		n += take;
		in->ahead_pos += take;
		if (in->ahead_pos < len)
			break;
		/* the slot is used up: its error comes after its bytes, with
		 * the last of them or on the next read, as from the source */
		in->ahead_pos = 0;
		if (m->errmsg[0]) {
			memcpy(m->err_alone ? in->err_next : in->errmsg,
			       m->errmsg, sizeof(in->errmsg));
			in->ahead_done = true;
		}
		hwmsg_ahead_release(&in->ahead);
	}
	if (!n && in->err_next[0]) {
		memcpy(in->errmsg, in->err_next, sizeof(in->errmsg));
		in->err_next[0] = '\0';
	}
	if (!n && in->errmsg[0])
		return -1;
	return (ssize_t)n;
}

/* Up to size plain bytes straight from the source. */
static ssize_t take_direct(struct hwmsg_in *in, uint8_t *dst, size_t size)
{
	struct hwmsg_src_notes notes = { .n = 0 };
	ssize_t n;

	n = hwmsg_src_produce(&in->src, dst, size, &notes, in->errmsg,
			      sizeof(in->errmsg));
	note_frames(in, &notes);
	in->src_read = in->src.read;
	return n;
}

/* Append up to size plain bytes to the chunk (it has the room): the
 * number added, 0 at the end, -1 with errmsg set. */
static ssize_t produce(struct hwmsg_in *in, size_t size)
{
	uint8_t *dst = in->chunk + in->chunk_len;
	ssize_t n;

	if (!in->ahead_on)
		maybe_read_ahead(in);
	n = in->ahead_on ? take_ahead(in, dst, size) :
			   take_direct(in, dst, size);
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
	struct hwmsg_src_notes notes = { .n = 0 };
	FILE *f;

	memset(in, 0, sizeof(*in));
	hwmsg_scan_init(&in->scan);
	read_ahead_config(in);
	if (hwmsg_src_open(&in->src, src, &notes, in->errmsg,
			   sizeof(in->errmsg))) {
		hwmsg_errf(err, 0, "%s", in->errmsg);
		hwmsg_in_free(in);
		return NULL;
	}
	note_frames(in, &notes);
	in->chunk_cap = HWMSG_IN_KEEP + HWMSG_IN_CHUNK;
	in->chunk = malloc(in->chunk_cap);
	in->stdio_buf = malloc(HWMSG_IN_STDIO_BUF);
	if (!in->chunk || !in->stdio_buf)
		goto nomem;
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
	hwmsg_src_free(&in->src);
	free(in->chunk);
	free(in->stdio_buf);
	hwmsg_scan_free(&in->scan);
	in->stdio_buf = NULL;
	in->chunk = NULL;
}
