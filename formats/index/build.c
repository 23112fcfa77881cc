// SPDX-License-Identifier: GPL-2.0-or-later
/* Building the record index: one pass of the reader over every file. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "index_int.h"

struct hwmsg_index *hwmsg_index_new(const char *const *paths,
				    unsigned int n_paths,
				    struct hwmsg_err *err)
{
	struct hwmsg_index *ix = calloc(1, sizeof(*ix));
	struct stat st;
	unsigned int i;

	if (n_paths > HWMSG_INDEX_MAX_FILES) {
		hwmsg_errf(err, 0, "index: more than %u files",
			   HWMSG_INDEX_MAX_FILES);
		free(ix);
		return NULL;
	}
	if (!ix || !(ix->files = calloc(n_paths ? n_paths : 1,
					sizeof(*ix->files))))
		goto nomem;
	ix->n_files = n_paths;
	for (i = 0; i < n_paths; i++) {
		if (!(ix->files[i].path = strdup(paths[i])))
			goto nomem;
		if (!stat(paths[i], &st))
			ix->files[i].size = (uint64_t)st.st_size;
		ix->total_bytes += ix->files[i].size;
	}
	return ix;
nomem:
	hwmsg_index_free(ix);
	hwmsg_errf(err, 0, "index: out of memory");
	return NULL;
}

void hwmsg_index_free(struct hwmsg_index *ix)
{
	unsigned int i, k;

	if (!ix)
		return;
	hwmsg_reader_close(ix->rd);
	for (i = 0; ix->files && i < ix->n_files; i++) {
		struct ix_file *f = &ix->files[i];

		for (k = 0; k < f->n_sects; k++)
			free(f->sects[k].ctx);
		free(f->sects);
		free(f->frames);
		free(f->path);
	}
	for (size_t c = 0; c < ix->n_chunks; c++)
		free(ix->chunks[c]);
	free(ix->chunks);
	free(ix->files);
	free(ix);
}

static bool grow(void **p, size_t *cap, size_t n, size_t size)
{
	size_t c = *cap ? *cap * 2 : 16;
	void *q;

	if (n < *cap)
		return true;
	q = realloc(*p, c * size);
	if (!q)
		return false;
	*p = q;
	*cap = c;
	return true;
}

static bool add_entry(struct hwmsg_index *ix, uint64_t ts, uint64_t where)
{
	struct hwmsg_index_entry *e;

	if ((ix->count >> IX_CHUNK_BITS) == ix->n_chunks) {
		if (!grow((void **)&ix->chunks, &ix->cap_chunks, ix->n_chunks,
			  sizeof(*ix->chunks)))
			return false;
		ix->chunks[ix->n_chunks] = malloc(IX_CHUNK * sizeof(*e));
		if (!ix->chunks[ix->n_chunks])
			return false;
		ix->n_chunks++;
	}
	e = &ix->chunks[ix->count >> IX_CHUNK_BITS][ix->count & (IX_CHUNK - 1)];
	e->ts_ns = ts;
	e->where = where;
	ix->count++;
	return true;
}

/* The frame holding the block, if it is a new one. */
static bool note_frame(struct ix_file *f, const struct hwmsg_reader_pos *p)
{
	struct ix_frame *last = f->n_frames ? &f->frames[f->n_frames - 1] :
					      NULL;

	if (last && last->plain >= p->frame_plain)
		return true;	/* known (the reader reports a frame once
				 * for every record in it) */
	{
		size_t cap = f->cap_frames;

		if (!grow((void **)&f->frames, &cap, f->n_frames,
			  sizeof(*f->frames)))
			return false;
		f->cap_frames = cap;
	}
	f->frames[f->n_frames++] = (struct ix_frame){ p->frame_plain,
						      p->frame };
	return true;
}

/* The context of the block's section, kept or brought up to date (a
 * section gains IDBs as devices appear). false: none to keep. */
static bool note_sect(struct ix_file *f, const struct hwmsg_reader *rd,
		      uint64_t block)
{
	const uint8_t *ctx;
	struct ix_sect *s;
	uint64_t start;
	size_t len;
	uint8_t *copy;

	if (hwmsg_reader_context(rd, block, &ctx, &len, &start))
		return false;
	s = f->n_sects ? &f->sects[f->n_sects - 1] : NULL;
	if (s && s->start == start && s->len == len)
		return true;
	if (!s || s->start != start) {
		size_t cap = f->cap_sects;

		if (!grow((void **)&f->sects, &cap, f->n_sects,
			  sizeof(*f->sects)))
			return false;
		f->cap_sects = (unsigned int)cap;
		s = &f->sects[f->n_sects++];
		memset(s, 0, sizeof(*s));
		s->start = start;
	}
	copy = realloc(s->ctx, len);
	if (!copy)
		return false;
	memcpy(copy, ctx, len);
	s->ctx = copy;
	s->len = len;
	return true;
}

static int open_next(struct hwmsg_index *ix, struct hwmsg_err *err)
{
	struct ix_file *f = &ix->files[ix->cur];

	f->first = ix->count;
	ix->cur_read = 0;
	ix->rd = hwmsg_reader_open(f->path, err);
	if (!ix->rd) {
		ix->done_bytes += f->size;
		ix->cur++;
		return -1;
	}
	f->compressed = hwmsg_reader_info(ix->rd)->compressed;
	return 0;
}

static void close_cur(struct hwmsg_index *ix)
{
	hwmsg_reader_close(ix->rd);
	ix->rd = NULL;
	ix->done_bytes += ix->files[ix->cur].size;
	ix->cur_read = 0;
	ix->cur++;
}

int hwmsg_index_step(struct hwmsg_index *ix, unsigned int max,
		     struct hwmsg_err *err)
{
	struct hwmsg_reader_pos pos;
	struct hwmsg_record rec;
	struct ix_file *f;
	unsigned int n = 0;
	int ret;

	while (ix->cur < ix->n_files && n < max) {
		if (!ix->rd && open_next(ix, err))
			return -1;
		f = &ix->files[ix->cur];
		ret = hwmsg_reader_next(ix->rd, &rec, err);
		if (!ret) {
			close_cur(ix);
			continue;
		}
		if (ret < 0) {
			/* a bad record, or damage: then the file ends */
			ix->skipped++;
			continue;
		}
		n++;
		if (hwmsg_reader_pos(ix->rd, &pos) ||
		    pos.block > IX_OFF_MASK ||
		    !note_sect(f, ix->rd, pos.block) ||
		    (f->compressed && !note_frame(f, &pos)) ||
		    !add_entry(ix, rec.ts_ns,
			       (uint64_t)ix->cur << HWMSG_INDEX_OFF_BITS |
				       pos.block)) {
			/* cannot be found again: stop indexing this file */
			hwmsg_errf(err, 0, "%s: record %llu cannot be indexed",
				   f->path,
				   (unsigned long long)hwmsg_reader_info(ix->rd)
					   ->packets);
			close_cur(ix);
			return -1;
		}
		ix->cur_read = pos.src_read;
	}
	return ix->cur < ix->n_files;
}

bool hwmsg_index_done(const struct hwmsg_index *ix)
{
	return ix->cur >= ix->n_files;
}

uint64_t hwmsg_index_count(const struct hwmsg_index *ix)
{
	return ix->count;
}

double hwmsg_index_progress(const struct hwmsg_index *ix)
{
	uint64_t read = ix->done_bytes + ix->cur_read;

	if (hwmsg_index_done(ix))
		return 1.0;
	if (!ix->total_bytes)
		return 0.0;
	return read >= ix->total_bytes ? 0.99 :
					 (double)read / (double)ix->total_bytes;
}

size_t hwmsg_index_memory(const struct hwmsg_index *ix)
{
	size_t n = sizeof(*ix) + ix->n_files * sizeof(*ix->files) +
		   ix->cap_chunks * sizeof(*ix->chunks) +
		   ix->n_chunks * IX_CHUNK * sizeof(struct hwmsg_index_entry);

	for (unsigned int i = 0; i < ix->n_files; i++) {
		const struct ix_file *f = &ix->files[i];

		n += f->cap_frames * sizeof(*f->frames) +
		     f->cap_sects * sizeof(*f->sects);
		for (unsigned int k = 0; k < f->n_sects; k++)
			n += f->sects[k].len;
	}
	return n;
}
