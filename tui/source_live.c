// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A live source: one of hwmsgd's capture sources (hwmsg/source.h), so top
 * sees exactly what hwmsgd would record. Sources hand out records without
 * blocking once they are due (the simulator's virtual clock starts at the
 * wall-clock time of open and --rate paces it; genl and the tracepoint read
 * their sockets with MSG_DONTWAIT).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/io.h"
#include "hwmsg/source.h"
#include "source.h"

struct live_source {
	struct top_source src;
	struct hwmsg_source cap;
	struct hwmsg_writer *w;	/* -w: what is seen is also kept, all of it */
};

static unsigned int live_poll(struct top_source *src, struct top_store *st,
			      unsigned int max, uint64_t now)
{
	struct live_source *l = (struct live_source *)src;
	struct hwmsg_source_stats stats = { 0 };
	struct hwmsg_record rec;
	struct hwmsg_err err;
	unsigned int n = 0;
	int ret;

	(void)now;
	while (n < max) {
		memset(&err, 0, sizeof(err));
		ret = l->cap.ops->next(&l->cap, &rec, &err);
		if (ret < 0) {
			snprintf(src->last_error, sizeof(src->last_error),
				 "%s: %s", l->cap.ops->name, err.msg);
			src->done = true;
			break;
		}
		if (!ret)
			break;
		if (l->w && hwmsg_writer_write(l->w, &rec, &err)) {
			/* the view goes on; the file says where it stopped */
			snprintf(src->last_error, sizeof(src->last_error),
				 "-w: %s", err.msg);
			hwmsg_writer_close(l->w, NULL);
			l->w = NULL;
		}
		store_add(st, &rec);
		n++;
	}
	l->cap.ops->stats(&l->cap, &stats);
	src->drops = stats.dropped;
	src->drops_known = true;
	return n;
}

static void live_free(struct top_source *src)
{
	struct live_source *l = (struct live_source *)src;

	struct hwmsg_source_stats stats = { 0 };
	struct hwmsg_err err;

	if (l->w) {
		l->cap.ops->stats(&l->cap, &stats);
		hwmsg_writer_add_drops(l->w, NULL, NULL, stats.dropped);
		if (hwmsg_writer_close(l->w, &err))
			fprintf(stderr, "hwmsg top: -w: %s\n", err.msg);
	}
	l->cap.ops->close(&l->cap);
	free(l);
}

static const struct top_source_ops live_ops = {
	.poll = live_poll,
	.free = live_free,
};

void source_live_names(FILE *f)
{
	for (size_t i = 0; hwmsg_sources[i]; i++)
		fprintf(f, "%s%s", i ? ", " : "", hwmsg_sources[i]->name);
}

struct top_source *source_live_new(const char *name, const char *arg,
				   const struct top_live_opts *o,
				   struct hwmsg_err *err)
{
	const struct hwmsg_source_ops *ops = hwmsg_source_find(name);
	struct hwmsg_source_opts so;
	struct live_source *l;

	if (!ops) {
		hwmsg_errf(err, 0, "unknown source '%s'", name);
		return NULL;
	}
	l = calloc(1, sizeof(*l));
	if (!l) {
		hwmsg_errf(err, 0, "out of memory");
		return NULL;
	}
	memset(&so, 0, sizeof(so));
	so.seed = o->seed;
	so.rate = o->rate;
	l->cap.ops = ops;
	if (ops->open(&l->cap, arg, &so, err)) {
		free(l);
		return NULL;
	}
	if (o->write) {
		struct hwmsg_writer_opts wo = {
			.application = "hwmsg top " HWMSG_VERSION,
			/* the unpaced simulator's clock is virtual */
			.record_clock = !strcmp(name, "sim") && !o->rate,
		};

		l->w = hwmsg_writer_open(o->write, &wo, err);
		if (!l->w) {
			ops->close(&l->cap);
			free(l);
			return NULL;
		}
	}
	l->src.ops = &live_ops;
	l->src.live = true;
	if (!strcmp(name, "sim"))
		snprintf(l->src.name, sizeof(l->src.name),
			 "sim%s%s %u/s seed %llu", arg && *arg ? ":" : "",
			 arg && *arg ? arg : "", o->rate,
			 (unsigned long long)o->seed);
	else
		snprintf(l->src.name, sizeof(l->src.name), "%s%s%s", name,
			 arg && *arg ? ":" : "", arg && *arg ? arg : "");
	return &l->src;
}
