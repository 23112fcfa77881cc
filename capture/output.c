// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Single file or ring buffer output. Ring files are named like dumpcap's:
 * PREFIX_NNNNN_YYYYmmddHHMMSS.EXT, where EXT is everything from the first
 * dot of the file name (".pcapng.zst" keeps its compression).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "output.h"

struct output {
	struct output_opts o;
	struct hwmsg_writer *w;
	char prefix[PATH_MAX], ext[64];
	char **ring;		/* names of the files kept, oldest first */
	unsigned int n_ring;
	unsigned int n_files;	/* files started */
	uint64_t bytes;		/* record bytes in the current file */
	uint64_t started_ns;	/* monotonic, current file */
	uint64_t drops_at_start;
	uint64_t records;	/* held in full by the files closed */
	char name[PATH_MAX];
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static bool rotating(const struct output *out)
{
	return out->o.max_bytes || out->o.max_ns;
}

static uint64_t drops_now(const struct output *out)
{
	return out->o.drops ? out->o.drops(out->o.drops_arg) : 0;
}

static int split_path(struct output *out, struct hwmsg_err *err)
{
	const char *slash = strrchr(out->o.path, '/');
	const char *dot = strchr(slash ? slash + 1 : out->o.path, '.');
	size_t plen = dot ? (size_t)(dot - out->o.path) : strlen(out->o.path);

	if (!strcmp(out->o.path, "-"))
		return hwmsg_errf(err, 0, "-b needs a file, not standard output (-w -)");
	if (plen >= sizeof(out->prefix) || (dot && strlen(dot) >= sizeof(out->ext)))
		return hwmsg_errf(err, 0, "%s: name too long", out->o.path);
	memcpy(out->prefix, out->o.path, plen);
	out->prefix[plen] = '\0';
	snprintf(out->ext, sizeof(out->ext), "%s", dot ? dot : "");
	return 0;
}

/* Forget (and delete) the oldest files beyond the ring's size. */
static void trim_ring(struct output *out)
{
	while (out->o.files && out->n_ring > out->o.files) {
		if (unlink(out->ring[0]) && errno != ENOENT)
			fprintf(stderr, "hwmsgd: %s: %s\n", out->ring[0],
				strerror(errno));
		free(out->ring[0]);
		memmove(out->ring, out->ring + 1,
			--out->n_ring * sizeof(out->ring[0]));
	}
}

static int start_file(struct output *out, struct hwmsg_err *err)
{
	const char *path = out->o.path;

	if (rotating(out)) {
		time_t t = time(NULL);
		struct tm tm;
		char stamp[32];
		char **ring;

		localtime_r(&t, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
		if (snprintf(out->name, sizeof(out->name), "%s_%05u_%s%s",
			     out->prefix, out->n_files + 1, stamp,
			     out->ext) >= (int)sizeof(out->name))
			return hwmsg_errf(err, 0, "%s: name too long", out->o.path);
		ring = realloc(out->ring, (out->n_ring + 1) * sizeof(*ring));
		if (!ring)
			return hwmsg_errf(err, 0, "%s: %s", out->o.path,
					  strerror(ENOMEM));
		out->ring = ring;
		ring[out->n_ring] = strdup(out->name);
		if (!ring[out->n_ring])
			return hwmsg_errf(err, 0, "%s: %s", out->o.path,
					  strerror(ENOMEM));
		out->n_ring++;
		path = out->name;
	} else {
		snprintf(out->name, sizeof(out->name), "%s", path);
	}
	out->w = hwmsg_writer_open(path, &out->o.wopts, err);
	if (!out->w)
		return -1;
	out->n_files++;
	out->bytes = 0;
	out->started_ns = mono_ns();
	out->drops_at_start = drops_now(out);
	trim_ring(out);
	return 0;
}

static int close_file(struct output *out, struct hwmsg_err *err)
{
	uint64_t dropped = drops_now(out) - out->drops_at_start, records;
	int ret;

	if (!out->w)
		return 0;
	if (dropped)
		hwmsg_writer_add_drops(out->w, NULL, NULL, dropped);
	ret = hwmsg_writer_close_counted(out->w, &records, err);
	out->records += records;
	out->w = NULL;
	return ret;
}

struct output *output_open(const struct output_opts *o, struct hwmsg_err *err)
{
	struct output *out = calloc(1, sizeof(*out));

	if (!out) {
		hwmsg_errf(err, 0, "%s", strerror(ENOMEM));
		return NULL;
	}
	out->o = *o;
	if ((rotating(out) && split_path(out, err)) || start_file(out, err)) {
		output_close(out, NULL, NULL);
		return NULL;
	}
	return out;
}

static bool due(const struct output *out)
{
	return (out->o.max_bytes && out->bytes >= out->o.max_bytes) ||
	       (out->o.max_ns && mono_ns() - out->started_ns >= out->o.max_ns);
}

int output_write(struct output *out, const struct hwmsg_record *rec,
		 struct hwmsg_err *err)
{
	if (rotating(out) && out->bytes && due(out)) {
		if (close_file(out, err) || start_file(out, err))
			return -1;
	}
	if (hwmsg_writer_write(out->w, rec, err))
		return -1;
	if (rotating(out))	/* measured only for a ring */
		out->bytes += hwmsg_rec_encoded_len(rec);
	return 0;
}

int output_filtered(struct output *out, const struct hwmsg_record *rec,
		    struct hwmsg_err *err)
{
	return hwmsg_writer_add_filtered(out->w, rec, err);
}

int output_errno(const struct output *out)
{
	return out->w ? hwmsg_writer_errno(out->w) : 0;
}

int output_flush(struct output *out, struct hwmsg_err *err)
{
	return hwmsg_writer_flush(out->w, err);
}

unsigned int output_files(const struct output *out)
{
	return out->n_files;
}

int output_close(struct output *out, uint64_t *records, struct hwmsg_err *err)
{
	int ret = close_file(out, err);

	if (records)
		*records = out->records;
	for (unsigned int i = 0; i < out->n_ring; i++)
		free(out->ring[i]);
	free(out->ring);
	free(out);
	return ret;
}
