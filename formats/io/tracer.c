// SPDX-License-Identifier: GPL-2.0-or-later
/* perf.data or trace.dat, by magic: tracer.h */
#include <string.h>

#include "hwmsg/wire.h"
#include "perf_in.h"
#include "tracedat.h"
#include "tracer.h"

#define MAGIC_LEN	10
static const uint8_t tracedat_magic[MAGIC_LEN] = "\x17\x08\x44tracing";

int hwmsg_tracer_open(struct hwmsg_tracer *x, struct hwmsg_in *in, FILE *src,
		      const char *name, struct hwmsg_reader_info *info,
		      struct hwmsg_err *err)
{
	const uint8_t *p;
	bool relative = true;
	size_t have = 0;
	uint64_t m;

	memset(x, 0, sizeof(*x));
	p = hwmsg_in_span(in, 0, 16, &have);
	if (!p || have < 8)
		return 1;	/* the usual path says what is wrong */
	m = hwmsg_get_le64(p);
	if (m == __builtin_bswap64(PERF_MAGIC))
		return hwmsg_errf(err, 0, "%s: a big-endian perf.data: not supported",
				  name);
	if (m != PERF_MAGIC &&
	    (have < MAGIC_LEN || memcmp(p, tracedat_magic, MAGIC_LEN)))
		return 1;
	trace_in_init(&x->t, name);
	x->on = true;
	if (m == PERF_MAGIC) {
		bool pipe = have >= 16 &&
			    hwmsg_get_le64(p + 8) == PERF_PIPE_HDR_LEN;

		info->format = HWMSG_INPUT_PERF_DATA;
		trace_in_set((char **)&x->t.origin.tool, "perf", 4);
		x->perf = perf_in_open(&x->t, in, src, pipe, err, &relative);
		if (!x->perf)
			return -1;
	} else {
		info->format = HWMSG_INPUT_TRACE_DAT;
		x->tdat = tracedat_open(&x->t, in, src, err, &relative);
		if (!x->tdat)
			return -1;
	}
	info->compressed = in->src.dc != NULL;
	info->linktype = HWMSG_LINKTYPE;	/* what the records become */
	info->clock = x->t.clock;
	info->relative_time = relative;
	return 0;
}

int hwmsg_tracer_next(struct hwmsg_tracer *x, struct hwmsg_record *rec,
		      struct hwmsg_reader_info *info, struct hwmsg_err *err)
{
	int ret = x->perf ? perf_in_next(x->perf, rec, err) :
			    tracedat_next(x->tdat, rec, err);

	if (ret > 0)
		info->packets++;
	info->skipped = x->t.other;
	if (x->perf)
		info->duplicates = x->perf->twice;
	if (x->perf && x->perf->cut)
		info->cut = true;
	return ret;
}

void hwmsg_tracer_close(struct hwmsg_tracer *x)
{
	if (!x->on)
		return;
	perf_in_close(x->perf);
	tracedat_close(x->tdat);
	trace_in_free(&x->t);
	x->on = false;
}
