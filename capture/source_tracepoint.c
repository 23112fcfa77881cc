// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Live capture from the tracepoint devlink:devlink_hwmsg with
 * perf_event_open: one PERF_SAMPLE_RAW ring per CPU, field offsets read
 * from the tracefs format file, samples merged across CPUs by time. Works
 * on a stock kernel with no module loaded (mlxsw and nfp fire the
 * tracepoint); needs root or perf_event_paranoid <= -1 and tracefs.
 *
 * The message type is the tracepoint's type argument, as in the
 * devlink_hwmsg module (mlxsw passes 0, EMAD; values beyond 16 bits are
 * unknown). Ring overruns (PERF_RECORD_LOST) are counted as drops; there is
 * no SEQ.
 *
 * --source tracepoint[=PAGES]: ring size per CPU in pages (power of two,
 * default 256); --rcvbuf BYTES sets the same in bytes.
 *
 * CPUs: every configured CPU is opened. One that cannot be (offline, or
 * any error) is reported on stderr and counted; the online CPUs are read
 * again every TP_RESCAN_NS, and a CPU that came online is opened then (its
 * messages before that are not captured; the report says when).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "hwmsg/source.h"
#include "tp_format.h"

#define TP_SYSTEM		HWMSG_TP_SYSTEM
#define TP_EVENT		HWMSG_TP_EVENT
#define TP_DEFAULT_PAGES	256
/*
 * Merging CPUs by time: the oldest pending sample goes out when every CPU
 * has one pending, or when it is older than TP_REORDER_NS before the rings
 * were last looked at (a sample not yet visible then is younger than that,
 * give or take the time from its timestamp to its commit), or, should the
 * wall clock jump, when it has waited TP_HOLD_MAX_NS.
 */
#define TP_REORDER_NS		5000000ull
#define TP_HOLD_MAX_NS		50000000ull
#define TP_SAMPLE_MAX		65536u	/* perf_event_header.size is 16 bits */
#define TP_RESCAN_NS		1000000000ull	/* online CPUs read again */
#define TP_CPU_ONLINE		"/sys/devices/system/cpu/online"

static const char *const tracefs_roots[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

struct tp_cpu {
	int fd;
	void *ring;
	struct perf_event_mmap_page *meta;
	uint8_t *data;
	uint64_t data_size;
	uint8_t *sample;	/* a copy of the pending sample's raw data */
	uint32_t sample_len;
	uint64_t sample_ts;
	uint64_t seen_mono;	/* when it was copied out (CLOCK_MONOTONIC) */
	bool pending;
	int open_errno;		/* why fd < 0, as last reported (0: never) */
};

struct tp_source {
	struct hwmsg_tp_format fmt;
	struct tp_cpu *cpus;
	int ncpus;
	struct pollfd *pfds;
	size_t mmap_len;
	int64_t clock_offset;	/* added to sample times to get REALTIME */
	struct perf_event_attr attr;
	unsigned long pages;
	uint64_t rescan_mono;	/* when the online CPUs were last read */
	bool *online;		/* scratch for the rescan, ncpus entries */
	bool beyond_warned;	/* a CPU beyond ncpus was reported */
	int cpus_missing;	/* configured CPUs without a ring now */
	uint64_t cpus_late;	/* CPUs opened after the start */
	uint64_t received;
	uint64_t lost;
	uint8_t scratch[TP_SAMPLE_MAX];
	struct hwmsg_tp_strings str;
};

static uint64_t clock_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static FILE *tracefs_open(const char *leaf, char *path, size_t cap)
{
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(tracefs_roots) / sizeof(tracefs_roots[0]); i++) {
		snprintf(path, cap, "%s/events/%s/%s/%s", tracefs_roots[i],
			 TP_SYSTEM, TP_EVENT, leaf);
		f = fopen(path, "r");
		if (f)
			return f;
	}
	return NULL;
}

static int read_format(struct tp_source *s, int *id, struct hwmsg_err *err)
{
	char path[256], line[512];
	FILE *f;

	f = tracefs_open("id", path, sizeof(path));
	if (!f)
		return hwmsg_errf(err, 0,
				  "tracepoint: %s:%s not found under %s or %s (is tracefs mounted, are you root?)",
				  TP_SYSTEM, TP_EVENT, tracefs_roots[0],
				  tracefs_roots[1]);
	if (fscanf(f, "%d", id) != 1) {
		fclose(f);
		return hwmsg_errf(err, 0, "tracepoint: %s: no id", path);
	}
	fclose(f);
	f = tracefs_open("format", path, sizeof(path));
	if (!f)
		return hwmsg_errf(err, 0, "tracepoint: cannot read the format file");
	while (fgets(line, sizeof(line), f))
		hwmsg_tp_format_line(&s->fmt, line);
	fclose(f);
	return hwmsg_tp_format_check(&s->fmt, path, err);
}

static int perf_open(struct perf_event_attr *attr, int cpu)
{
	return (int)syscall(__NR_perf_event_open, attr, -1, cpu, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

static void tp_free(struct tp_source *s)
{
	int i;

	for (i = 0; i < s->ncpus; i++) {
		if (s->cpus[i].ring && s->cpus[i].ring != MAP_FAILED)
			munmap(s->cpus[i].ring, s->mmap_len);
		if (s->cpus[i].fd >= 0)
			close(s->cpus[i].fd);
		free(s->cpus[i].sample);
	}
	free(s->cpus);
	free(s->pfds);
	free(s->online);
	free(s);
}

/*
 * Open CPU cpu's event and ring. 0 on success, else errno (the CPU stays
 * closed); a failed mmap is fatal for the source only at open (fatal set).
 */
static int cpu_open(struct tp_source *s, int cpu, bool enable)
{
	long page = sysconf(_SC_PAGESIZE);
	struct tp_cpu *c = &s->cpus[cpu];
	int e;

	c->fd = perf_open(&s->attr, cpu);
	if (c->fd < 0 && errno == EINVAL &&
	    s->attr.clockid == CLOCK_REALTIME) {
		/* older kernels: monotonic samples, shifted to wall */
		s->attr.clockid = CLOCK_MONOTONIC;
		s->clock_offset = (int64_t)(clock_ns(CLOCK_REALTIME) -
					    clock_ns(CLOCK_MONOTONIC));
		c->fd = perf_open(&s->attr, cpu);
	}
	if (c->fd < 0)
		return errno ? errno : EIO;
	c->ring = mmap(NULL, s->mmap_len, PROT_READ | PROT_WRITE,
		       MAP_SHARED, c->fd, 0);
	if (!c->sample)
		c->sample = malloc(TP_SAMPLE_MAX);
	if (c->ring == MAP_FAILED || !c->sample) {
		e = c->ring == MAP_FAILED ? errno : ENOMEM;
		if (c->ring != MAP_FAILED)
			munmap(c->ring, s->mmap_len);
		c->ring = NULL;
		close(c->fd);
		c->fd = -1;
		return e;
	}
	c->meta = c->ring;
	c->data = (uint8_t *)c->ring + page;
	c->data_size = (uint64_t)s->pages * (uint64_t)page;
	c->pending = false;
	if (enable)
		ioctl(c->fd, PERF_EVENT_IOC_ENABLE, 0);
	return 0;
}

static void cpu_report(struct tp_source *s, int cpu, int e, bool at_start)
{
	struct tp_cpu *c = &s->cpus[cpu];

	if (c->open_errno == e)
		return;	/* said already */
	c->open_errno = e;
	if (e == ENODEV)
		fprintf(stderr, "hwmsgd: tracepoint: cpu %d is offline%s\n", cpu,
			at_start ? ": not captured until it comes online" : "");
	else
		fprintf(stderr, "hwmsgd: tracepoint: cpu %d: perf_event_open: %s: its messages are not captured\n",
			cpu, strerror(e));
}

/* The online CPUs again: open those that came online since. */
static void cpus_rescan(struct tp_source *s)
{
	char buf[4096];
	size_t n;
	FILE *f;
	int max, cpu, e;

	s->rescan_mono = clock_ns(CLOCK_MONOTONIC);
	f = fopen(TP_CPU_ONLINE, "r");
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	max = tp_cpulist_parse(buf, s->online, s->ncpus);
	if (max < -1)
		return;
	if (max >= s->ncpus && !s->beyond_warned) {
		s->beyond_warned = true;
		fprintf(stderr, "hwmsgd: tracepoint: cpu %d is online but beyond the %d CPUs configured at start: not captured\n",
			max, s->ncpus);
	}
	for (cpu = 0; cpu < s->ncpus; cpu++) {
		struct tp_cpu *c = &s->cpus[cpu];

		if (c->fd >= 0 || !s->online[cpu])
			continue;
		e = cpu_open(s, cpu, true);
		if (e) {
			cpu_report(s, cpu, e, false);
			continue;
		}
		s->pfds[cpu].fd = c->fd;
		s->pfds[cpu].events = POLLIN;
		s->cpus_missing--;
		s->cpus_late++;
		c->open_errno = 0;
		fprintf(stderr, "hwmsgd: tracepoint: cpu %d came online: captured from now on\n",
			cpu);
	}
}

static int tp_open(struct hwmsg_source *src, const char *arg,
		   const struct hwmsg_source_opts *opts, struct hwmsg_err *err)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned long pages = TP_DEFAULT_PAGES;
	struct tp_source *s;
	int id, cpu, nconf, opened = 0, first_errno = 0, e;

	if (arg && *arg)
		pages = strtoul(arg, NULL, 0);
	else if (opts && opts->rcvbuf)
		pages = opts->rcvbuf / (unsigned long)page;
	if (pages < 1 || (pages & (pages - 1)))
		return hwmsg_errf(err, 0,
				  "tracepoint: ring size %lu pages is not a power of two",
				  pages);
	s = calloc(1, sizeof(*s));
	if (!s)
		return hwmsg_errf(err, 0, "tracepoint: %s", strerror(ENOMEM));
	if (read_format(s, &id, err)) {
		free(s);
		return -1;
	}
	nconf = (int)sysconf(_SC_NPROCESSORS_CONF);
	if (nconf < 1)
		nconf = 1;
	s->cpus = calloc((size_t)nconf, sizeof(*s->cpus));
	s->pfds = calloc((size_t)nconf, sizeof(*s->pfds));
	s->online = calloc((size_t)nconf, sizeof(*s->online));
	if (!s->cpus || !s->pfds || !s->online) {
		tp_free(s);
		return hwmsg_errf(err, 0, "tracepoint: %s", strerror(ENOMEM));
	}
	s->ncpus = nconf;
	for (cpu = 0; cpu < nconf; cpu++) {
		s->cpus[cpu].fd = -1;
		s->pfds[cpu].fd = -1;
	}
	s->pages = pages;
	s->mmap_len = (size_t)(pages + 1) * (size_t)page;

	memset(&s->attr, 0, sizeof(s->attr));
	s->attr.size = sizeof(s->attr);
	s->attr.type = PERF_TYPE_TRACEPOINT;
	s->attr.config = (uint64_t)id;
	s->attr.sample_period = 1;
	s->attr.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_TIME;
	s->attr.wakeup_events = 1;
	s->attr.disabled = 1;
	s->attr.use_clockid = 1;
	s->attr.clockid = CLOCK_REALTIME;

	for (cpu = 0; cpu < nconf; cpu++) {
		e = cpu_open(s, cpu, false);
		if (e) {
			if (!first_errno)
				first_errno = e;
			if (e == EACCES || e == EPERM)
				break;	/* the same for every CPU */
			cpu_report(s, cpu, e, true);
			s->cpus_missing++;
			continue;
		}
		s->pfds[cpu].fd = s->cpus[cpu].fd;
		s->pfds[cpu].events = POLLIN;
		opened++;
	}
	if (!opened) {
		tp_free(s);
		return hwmsg_errf(err, 0, "tracepoint: perf_event_open: %s%s",
				  strerror(first_errno),
				  first_errno == EACCES || first_errno == EPERM ?
				  " (needs root or perf_event_paranoid -1)" : "");
	}
	for (cpu = 0; cpu < nconf; cpu++)
		if (s->cpus[cpu].fd >= 0)
			ioctl(s->cpus[cpu].fd, PERF_EVENT_IOC_ENABLE, 0);
	s->rescan_mono = clock_ns(CLOCK_MONOTONIC);
	src->priv = s;
	return 0;
}

static bool ring_has_data(const struct tp_cpu *c)
{
	return c->fd >= 0 &&
	       __atomic_load_n(&c->meta->data_head, __ATOMIC_ACQUIRE) !=
	       c->meta->data_tail;
}

/*
 * Ready when a CPU that holds no sample has data in its ring, or when the
 * oldest held sample may go (tp_next's rule). Otherwise poll the rings of
 * the CPUs that hold nothing, until the held sample may go: a CPU holding
 * one is not polled (its ring may have more, which waits its turn), so
 * holding a sample back costs no CPU time.
 */
static int tp_wait(struct hwmsg_source *src, int timeout_ms,
		   struct hwmsg_err *err)
{
	struct tp_source *s = src->priv;
	uint64_t now_mono = clock_ns(CLOCK_MONOTONIC);
	uint64_t now_rt = clock_ns(CLOCK_REALTIME);
	struct tp_cpu *best = NULL;
	bool all_pending = true;
	uint64_t left = 0;
	int i, r, ms;

	if (now_mono - s->rescan_mono >= TP_RESCAN_NS)
		cpus_rescan(s);
	for (i = 0; i < s->ncpus; i++) {
		struct tp_cpu *c = &s->cpus[i];

		s->pfds[i].fd = -1;
		if (c->fd < 0)
			continue;
		if (c->pending) {
			if (!best || c->sample_ts < best->sample_ts)
				best = c;
			continue;
		}
		all_pending = false;
		if (ring_has_data(c))
			return 1;
		s->pfds[i].fd = c->fd;
		s->pfds[i].events = POLLIN;
	}
	if (best) {
		if (all_pending)
			return 1;
		left = tp_hold_left_ns(best->sample_ts, best->seen_mono, now_rt,
				       now_mono, TP_REORDER_NS, TP_HOLD_MAX_NS);
		if (!left)
			return 1;
		/* rounded up: poll must not wake before it may go */
		ms = (int)((left + 999999) / 1000000);
		if (timeout_ms < 0 || ms < timeout_ms)
			timeout_ms = ms;
	}
	/* wake for the rescan even when idle */
	if (timeout_ms < 0 || timeout_ms > (int)(TP_RESCAN_NS / 1000000))
		timeout_ms = (int)(TP_RESCAN_NS / 1000000);
	r = poll(s->pfds, (nfds_t)s->ncpus, timeout_ms);
	if (r < 0)
		return errno == EINTR ? 0 :
		       hwmsg_errf(err, 0, "tracepoint: poll: %s", strerror(errno));
	if (r > 0)
		return 1;
	/* timed out: the held sample may go now, if that was the deadline */
	return best && clock_ns(CLOCK_MONOTONIC) - now_mono >= left;
}

static void ring_copy(const struct tp_cpu *c, uint64_t pos, void *dst,
		      size_t len)
{
	uint64_t off = pos % c->data_size;
	size_t first = len;

	if (off + len > c->data_size)
		first = (size_t)(c->data_size - off);
	memcpy(dst, c->data + off, first);
	if (first < len)
		memcpy((uint8_t *)dst + first, c->data, len - first);
}

/* Make the CPU's next sample pending (copied out of the ring), if any. */
static void cpu_fill(struct tp_source *s, struct tp_cpu *c)
{
	uint64_t head, tail;

	if (c->pending || c->fd < 0)
		return;
	head = __atomic_load_n(&c->meta->data_head, __ATOMIC_ACQUIRE);
	tail = c->meta->data_tail;
	while (tail < head && !c->pending) {
		struct perf_event_header h;

		ring_copy(c, tail, &h, sizeof(h));
		if (h.size < sizeof(h)) {
			tail = head;	/* cannot happen; resync at head */
			break;
		}
		ring_copy(c, tail, s->scratch, h.size);
		if (h.type == PERF_RECORD_SAMPLE &&
		    h.size >= sizeof(h) + 8 + 4) {
			uint64_t ts;
			uint32_t rawlen;

			memcpy(&ts, s->scratch + sizeof(h), 8);
			memcpy(&rawlen, s->scratch + sizeof(h) + 8, 4);
			if (rawlen <= h.size - sizeof(h) - 12) {
				memcpy(c->sample, s->scratch + sizeof(h) + 12,
				       rawlen);
				c->sample_len = rawlen;
				c->sample_ts = ts + (uint64_t)s->clock_offset;
				c->seen_mono = clock_ns(CLOCK_MONOTONIC);
				c->pending = true;
			}
		} else if (h.type == PERF_RECORD_LOST &&
			   h.size >= sizeof(h) + 16) {
			uint64_t lost;

			memcpy(&lost, s->scratch + sizeof(h) + 8, 8);
			s->lost += lost;
		}
		tail += h.size;
	}
	__atomic_store_n(&c->meta->data_tail, tail, __ATOMIC_RELEASE);
}

static int tp_next(struct hwmsg_source *src, struct hwmsg_record *rec,
		   struct hwmsg_err *err)
{
	struct tp_source *s = src->priv;
	uint64_t now_rt = clock_ns(CLOCK_REALTIME);	/* before looking */
	struct tp_cpu *best = NULL;
	bool all_pending = true;
	int i;

	(void)err;
	for (i = 0; i < s->ncpus; i++) {
		struct tp_cpu *c = &s->cpus[i];

		cpu_fill(s, c);
		if (c->fd >= 0 && !c->pending)
			all_pending = false;
		if (c->pending && (!best || c->sample_ts < best->sample_ts))
			best = c;
	}
	if (!best)
		return 0;
	/* a CPU with nothing yet may still deliver something older */
	if (!all_pending && best->sample_ts + TP_REORDER_NS > now_rt &&
	    clock_ns(CLOCK_MONOTONIC) - best->seen_mono < TP_HOLD_MAX_NS)
		return 0;
	best->pending = false;
	hwmsg_tp_sample_record(&s->fmt, best->sample, best->sample_len, &s->str,
			 rec);
	rec->ts_ns = best->sample_ts;
	s->received++;
	return 1;
}

static void tp_stats(struct hwmsg_source *src, struct hwmsg_source_stats *st)
{
	struct tp_source *s = src->priv;

	st->received = s->received;
	st->dropped = s->lost;
}

static void tp_close(struct hwmsg_source *src)
{
	struct tp_source *s = src->priv;

	if (!s)
		return;
	if (s->cpus_missing || s->cpus_late)
		fprintf(stderr, "hwmsgd: tracepoint: %d of %d CPUs not captured at the end, %llu opened late (their earlier messages are missing)\n",
			s->cpus_missing, s->ncpus,
			(unsigned long long)s->cpus_late);
	tp_free(s);
	src->priv = NULL;
}

const struct hwmsg_source_ops hwmsg_source_tracepoint = {
	.name = "tracepoint",
	.display = "hwmsg: devlink:devlink_hwmsg tracepoint (mlxsw EMADs)",
	.open = tp_open,
	.wait = tp_wait,
	.next = tp_next,
	.stats = tp_stats,
	.close = tp_close,
};
