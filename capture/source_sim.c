// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulator as a capture source. The simulator runs on a virtual clock;
 * here that clock starts at the wall-clock time of open and records are
 * handed out when the wall clock reaches them, so --rate is real. Rate 0
 * hands them out as fast as they are taken (for benchmarks and tests).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hwmsg/sim.h"
#include "hwmsg/source.h"

struct sim_source {
	struct hwmsg_sim *sim;
	struct hwmsg_record pending;
	bool have_pending;
	bool paced;
	uint64_t received;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int sim_open(struct hwmsg_source *src, const char *arg,
		    const struct hwmsg_source_opts *opts, struct hwmsg_err *err)
{
	struct hwmsg_sim_opts so = { 0 };
	struct sim_source *s;

	if (arg && *arg && hwmsg_sim_parse_kinds(arg, &so, err)) {
		hwmsg_err_prefix(err, "--sim=%s", arg);
		return -1;
	}
	so.seed = opts->seed;
	so.rate = opts->rate ? opts->rate : 1000;
	/* paced: real timestamps; unpaced: the simulator's fixed epoch, so
	 * that a seeded run is reproducible byte for byte */
	so.start_ns = opts->rate ? now_ns() : opts->epoch_ns;
	s = calloc(1, sizeof(*s));
	if (!s)
		return hwmsg_errf(err, 0, "sim: %s", strerror(ENOMEM));
	s->sim = hwmsg_sim_new(&so, err);
	if (!s->sim) {
		free(s);
		return -1;
	}
	s->paced = opts->rate != 0;
	src->priv = s;
	return 0;
}

static int sim_wait(struct hwmsg_source *src, int timeout_ms,
		    struct hwmsg_err *err)
{
	struct sim_source *s = src->priv;
	uint64_t now, due;
	struct timespec ts;

	(void)err;
	if (!s->have_pending) {
		hwmsg_sim_next(s->sim, &s->pending);
		s->have_pending = true;
	}
	if (!s->paced)
		return 1;
	now = now_ns();
	due = s->pending.ts_ns;
	if (due <= now)
		return 1;
	if (due - now > (uint64_t)timeout_ms * 1000000ull) {
		due = now + (uint64_t)timeout_ms * 1000000ull;
		ts.tv_sec = (time_t)(due / 1000000000ull);
		ts.tv_nsec = (long)(due % 1000000000ull);
		clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL);
		return 0;
	}
	ts.tv_sec = (time_t)(due / 1000000000ull);
	ts.tv_nsec = (long)(due % 1000000000ull);
	/* EINTR (a signal) returns early: the caller checks its stop flag */
	return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL) ? 0 : 1;
}

static int sim_next(struct hwmsg_source *src, struct hwmsg_record *rec,
		    struct hwmsg_err *err)
{
	struct sim_source *s = src->priv;

	(void)err;
	if (!s->have_pending) {
		hwmsg_sim_next(s->sim, &s->pending);
		s->have_pending = true;
	}
	if (s->paced && s->pending.ts_ns > now_ns())
		return 0;
	*rec = s->pending;
	s->have_pending = false;
	s->received++;
	return 1;
}

static void sim_stats(struct hwmsg_source *src, struct hwmsg_source_stats *st)
{
	struct sim_source *s = src->priv;

	st->received = s->received;
	st->dropped = 0;
}

static void sim_close(struct hwmsg_source *src)
{
	struct sim_source *s = src->priv;

	if (!s)
		return;
	hwmsg_sim_free(s->sim);
	free(s);
	src->priv = NULL;
}

const struct hwmsg_source_ops hwmsg_source_sim = {
	.name = "sim",
	.display = "hwmsg: simulated Spectrum switch and ConnectX-3 NIC",
	.open = sim_open,
	.wait = sim_wait,
	.next = sim_next,
	.stats = sim_stats,
	.close = sim_close,
};
