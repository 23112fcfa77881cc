// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulator's engine: a virtual clock, devices that each make one
 * register access at a time, the firmware's answer (register file first,
 * then the device model), faults (busy, lost request, stalls), and a merge
 * of all devices' records in time order. Nothing is allocated per record.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/msg.h"
#include "hwmsg/sim_regs.h"
#include "rng.h"
#include "sim_int.h"

#define SIM_EPOCH_NS	(1767225600ull * 1000000000ull) /* 2026-01-01Z */
#define SIM_DEFAULT_RATE 1000
#define EMAD_TIMEOUT_NS	(200ull * 1000000)	/* mlxsw's timeout */
#define RETRY_GAP_MIN_NS 5000
#define RETRY_GAP_MAX_NS 30000
/* per mille of EMAD accesses */
#define FAULT_BUSY	8
#define FAULT_LOST	2
#define FAULT_STALL	5

static const struct {
	const char *name;
	enum hwmsg_sim_kind kind;
} kind_names[] = {
	{ "spectrum", HWMSG_SIM_SPECTRUM },
	{ "sx", HWMSG_SIM_SPECTRUM },
	{ "connectx3", HWMSG_SIM_CONNECTX3 },
	{ "cx3", HWMSG_SIM_CONNECTX3 },
	{ "mlxsw", HWMSG_SIM_MLXSW },
};

static int parse_one(const char *tok, size_t len, size_t off,
		     struct hwmsg_sim_opts *opts, struct hwmsg_err *err)
{
	const char *colon = memchr(tok, ':', len);
	size_t name_len = colon ? (size_t)(colon - tok) : len;
	unsigned long count = 1, i;
	size_t k;

	if (colon) {
		char num[8] = "";
		char *end;
		size_t n = len - name_len - 1;

		if (!n || n >= sizeof(num))
			return hwmsg_errf(err, off,
					  "offset %zu: bad device count in '%.*s'",
					  off, (int)len, tok);
		memcpy(num, colon + 1, n);
		count = strtoul(num, &end, 10);
		if (*end || !count)
			return hwmsg_errf(err, off,
					  "offset %zu: bad device count in '%.*s'",
					  off, (int)len, tok);
	}
	for (k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++)
		if (strlen(kind_names[k].name) == name_len &&
		    !memcmp(kind_names[k].name, tok, name_len))
			break;
	if (k == sizeof(kind_names) / sizeof(kind_names[0]))
		return hwmsg_errf(err, off,
				  "offset %zu: unknown device kind '%.*s' (spectrum/sx, mlxsw, connectx3/cx3)",
				  off, (int)name_len, tok);
	if (count > HWMSG_SIM_MAX_DEVICES - opts->n_devices)
		return hwmsg_errf(err, off,
				  "offset %zu: more than %d devices", off,
				  HWMSG_SIM_MAX_DEVICES);
	for (i = 0; i < count; i++)
		opts->kinds[opts->n_devices++] = kind_names[k].kind;
	return 0;
}

int hwmsg_sim_parse_kinds(const char *spec, struct hwmsg_sim_opts *opts,
			  struct hwmsg_err *err)
{
	const char *p = spec;

	opts->n_devices = 0;
	if (!spec || !*spec)
		return hwmsg_errf(err, 0, "empty device list");
	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (!len)
			return hwmsg_errf(err, (uint64_t)(p - spec),
					  "offset %zu: empty device kind",
					  (size_t)(p - spec));
		if (parse_one(p, len, (size_t)(p - spec), opts, err))
			return -1;
		if (!end)
			return 0;
		p = end + 1;
	}
}

static void dev_init(struct hwmsg_sim *s, struct sim_dev *d, uint32_t index,
		     enum hwmsg_sim_kind kind, unsigned int nth_of_kind)
{
	unsigned int bus;

	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->index = index;
	/* each device its own stream, so adding one does not reshuffle */
	d->rng = s->opts.seed ^ (0x5851f42d4c957f2dull * (index + 1));
	sim_rng_next(&d->rng);
	d->tid_hi = sim_rng_next(&d->rng) & 0xffffffff00000000ull;
	if (kind == HWMSG_SIM_SPECTRUM) {
		bus = 0x03 + nth_of_kind;
		sim_spectrum_init(d);
	} else if (kind == HWMSG_SIM_MLXSW) {
		bus = 0x03 + nth_of_kind;
		sim_mlxsw_init(d, s->mlxsw);
	} else {
		bus = 0x81 + nth_of_kind;
		sim_connectx3_init(d);
	}
	/* "0000:03:00.0" */
	memcpy(d->name, "0000:00:00.0", 13);
	d->name[5] = "0123456789abcdef"[(bus >> 4) & 0xf];
	d->name[6] = "0123456789abcdef"[bus & 0xf];
	d->next_issue = s->start_ns + index * s->interval_ns;
}

/* The recording, once for all the devices playing it. */
static int load_mlxsw(struct hwmsg_sim *s, struct hwmsg_err *err)
{
	unsigned int i;

	for (i = 0; i < s->opts.n_devices; i++)
		if (s->opts.kinds[i] == HWMSG_SIM_MLXSW)
			break;
	if (i == s->opts.n_devices)
		return 0;
	s->mlxsw = malloc(sizeof(*s->mlxsw));
	if (!s->mlxsw)
		return hwmsg_errf(err, 0, "sim: out of memory");
	if (sim_recording_load(s->mlxsw, sim_mlxsw_files, sim_mlxsw_n_files,
			       err)) {
		hwmsg_err_prefix(err, "sim");
		free(s->mlxsw);
		s->mlxsw = NULL;
		return -1;
	}
	return 0;
}

struct hwmsg_sim *hwmsg_sim_new(const struct hwmsg_sim_opts *opts,
				struct hwmsg_err *err)
{
	static const struct hwmsg_sim_opts defaults = {
		.n_devices = 2,
		.kinds = { HWMSG_SIM_SPECTRUM, HWMSG_SIM_CONNECTX3 },
	};
	struct hwmsg_sim *s = calloc(1, sizeof(*s));
	/* Spectrum switches, played or modelled, are numbered together */
	unsigned int i, n_switch = 0, n_cx3 = 0;

	if (!s) {
		hwmsg_errf(err, 0, "sim: out of memory");
		return NULL;
	}
	if (opts)
		s->opts = *opts;
	if (!s->opts.n_devices) {
		s->opts.n_devices = defaults.n_devices;
		memcpy(s->opts.kinds, defaults.kinds, sizeof(defaults.kinds));
	}
	if (s->opts.n_devices > HWMSG_SIM_MAX_DEVICES)
		s->opts.n_devices = HWMSG_SIM_MAX_DEVICES;
	if (!s->opts.rate)
		s->opts.rate = SIM_DEFAULT_RATE;
	if (load_mlxsw(s, err)) {
		free(s);
		return NULL;
	}
	s->start_ns = s->opts.start_ns ? s->opts.start_ns : SIM_EPOCH_NS;
	s->n_devs = s->opts.n_devices;
	for (i = 0; i < SIM_SLOTS; i++)
		s->free_slots[i] = SIM_SLOTS - 1 - i;
	s->n_free = SIM_SLOTS;
	s->returned = UINT32_MAX;
	/* each device gets an equal share of the rate */
	s->interval_ns = 1000000000ull * s->n_devs / s->opts.rate;
	if (!s->interval_ns)
		s->interval_ns = 1;
	for (i = 0; i < s->n_devs; i++) {
		enum hwmsg_sim_kind k = s->opts.kinds[i];

		if (k == HWMSG_SIM_CONNECTX3)
			dev_init(s, &s->devs[i], i, k, n_cx3++);
		else if (k == HWMSG_SIM_MLXSW)
			dev_init(s, &s->devs[i], i, k, n_switch++);
		else
			dev_init(s, &s->devs[i], i, HWMSG_SIM_SPECTRUM,
				 n_switch++);
	}
	return s;
}

void hwmsg_sim_free(struct hwmsg_sim *s)
{
	unsigned int i;

	if (!s)
		return;
	for (i = 0; i < s->n_devs; i++)
		sim_regfile_free(&s->devs[i].regs);
	if (s->mlxsw)
		sim_recording_free(s->mlxsw);
	free(s->mlxsw);
	free(s);
}

/* Firmware's side: the register file, else the device model. */
static void answer(struct hwmsg_sim *s, struct sim_dev *d,
		   struct sim_access *a, uint64_t now_ns)
{
	int index = sim_reg_index(a->reg_id, a->req);
	const uint8_t *stored;

	memcpy(a->resp, a->req, a->reg_len);
	if (a->method == HWMSG_EMAD_METHOD_WRITE) {
		/* firmware echoes a write; a refused one changes nothing */
		if (a->status == HWMSG_EMAD_STATUS_OK)
			sim_regfile_put(&d->regs, a->reg_id, index, a->req,
					a->reg_len);
		return;
	}
	stored = sim_regfile_get(&d->regs, a->reg_id, index, a->reg_len);
	if (stored) {
		memcpy(a->resp, stored, a->reg_len);
		return;
	}
	if (d->kind == HWMSG_SIM_SPECTRUM)
		sim_spectrum_answer(d, a, now_ns, s->start_ns);
	else
		sim_connectx3_answer(d, a, now_ns, s->start_ns);
}

static bool rec_before(const struct hwmsg_sim *s, uint32_t a, uint32_t b)
{
	const struct sim_record *ra = &s->slots[a], *rb = &s->slots[b];

	return ra->ts_ns < rb->ts_ns ||
	       (ra->ts_ns == rb->ts_ns && ra->order < rb->order);
}

static void heap_swap(struct hwmsg_sim *s, unsigned int i, unsigned int j)
{
	uint32_t tmp = s->heap[i];

	s->heap[i] = s->heap[j];
	s->heap[j] = tmp;
}

static void heap_push(struct hwmsg_sim *s, uint32_t slot)
{
	unsigned int i = s->heap_n++;

	s->heap[i] = slot;
	while (i && rec_before(s, s->heap[i], s->heap[(i - 1) / 2])) {
		heap_swap(s, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static uint32_t heap_pop(struct hwmsg_sim *s)
{
	uint32_t top = s->heap[0];
	unsigned int i = 0;

	s->heap[0] = s->heap[--s->heap_n];
	for (;;) {
		unsigned int l = 2 * i + 1, r = l + 1, m = i;

		if (l < s->heap_n && rec_before(s, s->heap[l], s->heap[m]))
			m = l;
		if (r < s->heap_n && rec_before(s, s->heap[r], s->heap[m]))
			m = r;
		if (m == i)
			return top;
		heap_swap(s, i, m);
		i = m;
	}
}

struct sim_record *sim_push(struct hwmsg_sim *s, struct sim_dev *d,
			    uint64_t ts, uint8_t dir)
{
	uint32_t slot = s->free_slots[--s->n_free];
	struct sim_record *r = &s->slots[slot];

	r->ts_ns = ts;
	r->order = s->order++;
	r->dev = d;
	r->dir = dir;
	heap_push(s, slot);
	return r;
}

static void push_emad(struct hwmsg_sim *s, struct sim_dev *d, uint64_t ts,
		      bool response, uint64_t tid,
		      const struct sim_access *a, uint8_t status,
		      const char *fw_string, uint32_t latency_us)
{
	struct sim_record *r = sim_push(s, d, ts, response ? HWMSG_DIR_FROM_HW :
							 HWMSG_DIR_TO_HW);
	struct hwmsg_emad_op op = {
		.tid = tid,
		.reg_id = a->reg_id,
		.method = a->method,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS,
		.status = status,
		.response = response,
	};
	/* once MGIR said so, the driver adds STRING and LATENCY to all */
	struct hwmsg_emad_extras x = {
		.fw_string = fw_string ? fw_string : "",
		.has_latency = true,
		.latency_us = latency_us,
	};

	r->len = (uint32_t)hwmsg_emad_build(r->buf, sizeof(r->buf), &op,
					    d->tlvs_on ? &x : NULL,
					    response ? a->resp : a->req,
					    a->reg_len);
}

static void push_cmdreg(struct hwmsg_sim *s, struct sim_dev *d, uint64_t ts,
			bool response, const struct sim_access *a)
{
	struct sim_record *r = sim_push(s, d, ts, response ? HWMSG_DIR_FROM_HW :
							 HWMSG_DIR_TO_HW);

	r->len = (uint32_t)hwmsg_cmdreg_build(r->buf, sizeof(r->buf),
					      a->reg_id, a->method,
					      response ? a->status : 0,
					      response ? a->resp : a->req,
					      a->reg_len);
}

static uint64_t latency_ns(struct sim_dev *d)
{
	bool cx3 = d->kind == HWMSG_SIM_CONNECTX3;

	if (sim_rng_below(&d->rng, 1000) < FAULT_STALL)
		return sim_rng_range(&d->rng, 2000000, 8000000);
	return cx3 ? sim_rng_range(&d->rng, 80000, 1500000) :
		     sim_rng_range(&d->rng, 25000, 250000);
}

static uint32_t fw_latency_us(uint64_t lat_ns)
{
	/* firmware measures its own part: most of the round trip */
	return (uint32_t)(lat_ns * 4 / 5 / 1000);
}

/* Request, faults, answer: the records of one EMAD access. */
static uint64_t queue_emad(struct hwmsg_sim *s, struct sim_dev *d,
			   struct sim_access *a, uint64_t t)
{
	uint64_t tid = d->tid_hi | d->tid_lo++, lat;
	uint32_t fault = sim_rng_below(&d->rng, 1000);
	/* the first MGIR goes through cleanly, so the trace starts with it */
	bool first = a->reg_id == REG_MGIR_ID && !d->tlvs_on;

	push_emad(s, d, t, false, tid, a, 0, NULL, 0);
	if (!first && fault < FAULT_BUSY) {
		lat = latency_ns(d);
		t += lat;
		push_emad(s, d, t, true, tid, a, HWMSG_EMAD_STATUS_BUSY, NULL,
			  fw_latency_us(lat));
		/* mlxsw sends the same tid again right away */
		t += sim_rng_range(&d->rng, RETRY_GAP_MIN_NS, RETRY_GAP_MAX_NS);
		push_emad(s, d, t, false, tid, a, 0, NULL, 0);
	} else if (!first && fault < FAULT_BUSY + FAULT_LOST) {
		/* lost: nothing comes back, mlxsw resends after its timeout */
		t += EMAD_TIMEOUT_NS;
		push_emad(s, d, t, false, tid, a, 0, NULL, 0);
	}
	lat = latency_ns(d);
	t += lat;
	push_emad(s, d, t, true, tid, a, a->status, a->fw_string,
		  fw_latency_us(lat));
	return t;
}

static uint64_t queue_cmdreg(struct hwmsg_sim *s, struct sim_dev *d,
			     struct sim_access *a, uint64_t t)
{
	push_cmdreg(s, d, t, false, a);
	t += latency_ns(d);
	push_cmdreg(s, d, t, true, a);
	return t;
}

/*
 * The device's next access, its records into the heap. Init sequences and
 * mlx4's port type change wait for each answer, as their drivers do; the
 * steady polling overlaps, so the simulator keeps the rate it is given.
 */
static void refill(struct hwmsg_sim *s, struct sim_dev *d)
{
	struct sim_access a = { .req = d->req, .resp = d->resp };
	uint64_t t = d->next_issue, end;
	unsigned int n_free = s->n_free;
	bool serial;

	if (d->kind == HWMSG_SIM_MLXSW) {
		/* the recorded gaps inside, the rate between transactions */
		sim_mlxsw_issue(s, d, t);
		d->next_issue = t + (n_free - s->n_free) * s->interval_ns;
		return;
	}
	memset(d->req, 0, sizeof(d->req));
	d->now_ns = t;
	if (d->kind == HWMSG_SIM_SPECTRUM)
		sim_spectrum_next(d, &a);
	else
		sim_connectx3_next(d, &a);
	serial = !d->init_done || d->ptys_pending;
	answer(s, d, &a, t);

	if (d->type == HWMSG_TYPE_MLX_EMAD) {
		end = queue_emad(s, d, &a, t);
		/* MGIR advertised STRING and LATENCY */
		if (a.reg_id == REG_MGIR_ID)
			d->tlvs_on = true;
	} else {
		end = queue_cmdreg(s, d, &a, t);
	}
	d->next_issue = t + (n_free - s->n_free) * s->interval_ns;
	if (serial && d->next_issue <= end)
		d->next_issue = end + sim_rng_range(&d->rng, 2000, 20000);
}

static struct sim_dev *next_to_issue(struct hwmsg_sim *s)
{
	struct sim_dev *best = &s->devs[0];
	unsigned int i;

	for (i = 1; i < s->n_devs; i++)
		if (s->devs[i].next_issue < best->next_issue)
			best = &s->devs[i];
	return best;
}

void hwmsg_sim_next(struct hwmsg_sim *s, struct hwmsg_record *rec)
{
	const struct sim_record *r;
	uint32_t slot;

	if (s->returned != UINT32_MAX)
		s->free_slots[s->n_free++] = s->returned;
	/* every request due before the earliest waiting record goes first */
	for (;;) {
		struct sim_dev *d = next_to_issue(s);
		uint64_t top = s->heap_n ? s->slots[s->heap[0]].ts_ns : 0;

		if (s->heap_n && d->next_issue > top)
			break;
		if (s->n_free < (d->kind == HWMSG_SIM_MLXSW ?
				 sim_mlxsw_need(d) : SIM_QUEUE_MAX)) {
			/* all slots in flight: the driver blocks a while */
			d->next_issue = top + 1;
			continue;
		}
		refill(s, d);
	}
	slot = heap_pop(s);
	s->returned = slot;
	r = &s->slots[slot];

	memset(rec, 0, sizeof(*rec));
	rec->ts_ns = r->ts_ns;
	rec->bus = "pci";
	rec->dev = r->dev->name;
	rec->driver = r->dev->driver;
	rec->devlink_index = r->dev->index;
	rec->type = r->dev->type;
	rec->dir = r->dir;
	rec->flags = HWMSG_RECF_HAS_SEQ | HWMSG_RECF_HAS_INDEX;
	rec->seq = s->seq++;
	rec->payload = r->buf;
	rec->len = r->len;
	rec->orig_len = r->len;
}
