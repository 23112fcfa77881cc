// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The trace cursor: frames numbered across files, pairing across files,
 * a record decoded and paired once for every consumer, selection that
 * still pairs what it leaves out, marks carried to responses and orphans,
 * records fed one by one (a live source) numbered after the files.
 */
#include "hwmsg/trace.h"
#include "test_files.h"

struct ev {
	uint8_t buf[128];
	struct hwmsg_record rec;
};

static void make(struct ev *e, uint64_t ts, uint64_t tid, uint16_t reg_id,
		 bool response, uint8_t status)
{
	struct hwmsg_emad_op op = {
		.tid = tid, .reg_id = reg_id, .method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS, .status = status,
		.response = response,
	};
	uint8_t reg[16] = { 0 };
	size_t len = hwmsg_emad_build(e->buf, sizeof(e->buf), &op, NULL, reg,
				      sizeof(reg));

	memset(&e->rec, 0, sizeof(e->rec));
	e->rec.ts_ns = ts;
	e->rec.bus = "pci";
	e->rec.dev = "0000:03:00.0";
	e->rec.driver = "mlxsw_spectrum";
	e->rec.type = HWMSG_TYPE_MLX_EMAD;
	e->rec.dir = response ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	e->rec.payload = e->buf;
	e->rec.len = e->rec.orig_len = (uint32_t)len;
}

/* One file of records: (tid, reg, response, status) each, 1 us apart. */
struct spec {
	uint64_t tid;
	uint16_t reg;
	bool response;
	uint8_t status;
};

static void write_file(const char *p, uint64_t t0, const struct spec *s,
		       int n, bool junk)
{
	struct hwmsg_writer_opts o = { .application = "test_trace" };
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, &o, &err);
	struct ev e;

	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < n; i++) {
		make(&e, t0 + 1000 * (uint64_t)i, s[i].tid, s[i].reg,
		     s[i].response, s[i].status);
		CHECK_EQ(hwmsg_writer_write(w, &e.rec, &err), 0);
	}
	if (junk) {	/* a record of a type that is not decoded */
		e.rec.type = HWMSG_TYPE_DEVLINK_EVENT;
		e.rec.ts_ns = t0 + 1000 * (uint64_t)n;
		CHECK_EQ(hwmsg_writer_write(w, &e.rec, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

struct orphans {
	int n, marked;
	uint64_t ref[4];
};

static void on_orphan(const struct hwmsg_txn_orphan *o, bool marked,
		      void *arg)
{
	struct orphans *c = arg;

	if (c->n < 4)
		c->ref[c->n] = o->ref;
	c->n++;
	c->marked += marked;
}

/*
 * a: request 1 (PAOS), request 2 (PTYS), response 1, a devlink event;
 * b: response 2 (answers a's frame 2), request 3 (PAOS, never answered).
 */
static const struct spec file_a[] = {
	{ 0x1, 0x5006, false, 0 },
	{ 0x2, 0x5004, false, 0 },
	{ 0x1, 0x5006, true, 0 },
};
static const struct spec file_b[] = {
	{ 0x2, 0x5004, true, 7 },
	{ 0x3, 0x5006, false, 0 },
};

static void test_files(void)
{
	struct hwmsg_trace *t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	struct hwmsg_trace_item it;
	struct orphans orph = { 0 };
	struct hwmsg_err err;
	uint64_t frames[8];
	int n = 0, ret;

	write_file(path("a.pcapng"), 1000000, file_a, 3, true);
	write_file(path("b.pcapng"), 2000000, file_b, 2, false);
	CHECK(t != NULL);
	if (!t)
		return;
	CHECK_EQ(hwmsg_trace_next(t, &it, &err), 0);	/* no file open */
	CHECK_EQ(hwmsg_trace_open(t, path("a.pcapng"), &err), 0);
	CHECK(hwmsg_trace_reader(t) != NULL);
	while ((ret = hwmsg_trace_next(t, &it, &err)) > 0) {
		frames[n++] = it.frame;
		CHECK_EQ(it.first_ts_ns, 1000000);
		CHECK(it.selected);
		CHECK(it.txn != NULL);
		if (n == 3) {	/* response 1 pairs with frame 1 */
			CHECK(it.msg != NULL);
			CHECK(it.txn->is_response && it.txn->matched);
			CHECK_EQ(it.txn->req_ref, 1);
			CHECK_EQ(it.txn->latency_ns, 2000);
			CHECK(!it.req_marked);
		}
		if (n == 2)	/* request 2: mark it */
			hwmsg_trace_mark(t);
		if (n == 4) {	/* the event: not decoded, not paired */
			CHECK(it.msg == NULL);
			CHECK_EQ(it.decode_rc, -1);
			CHECK(!it.txn->is_response && !it.txn->matched);
			hwmsg_trace_mark(t);	/* no request: marks nothing */
		}
	}
	CHECK_EQ(ret, 0);
	CHECK_EQ(n, 4);
	hwmsg_trace_close(t);
	CHECK(hwmsg_trace_reader(t) == NULL);
	CHECK_EQ(hwmsg_trace_frames(t), 4);
	CHECK_EQ(hwmsg_trace_open(t, path("b.pcapng"), &err), 0);
	while ((ret = hwmsg_trace_next(t, &it, &err)) > 0) {
		frames[n++] = it.frame;
		CHECK_EQ(it.first_ts_ns, 1000000);	/* the trace's first */
		if (n == 5) {	/* response 2, across the files */
			CHECK(it.txn->matched);
			CHECK_EQ(it.txn->req_ref, 2);
			CHECK_EQ(it.msg->op.status, 7);
			CHECK(it.req_marked);
		}
	}
	CHECK_EQ(n, 6);
	for (int i = 0; i < n; i++)
		CHECK_EQ(frames[i], (uint64_t)i + 1);
	/* fed records are numbered after the files */
	{
		struct ev e;

		make(&e, 3000000, 0x3, 0x5006, true, 0);
		hwmsg_trace_feed(t, &e.rec, &it);
		CHECK_EQ(it.frame, 7);
		CHECK(it.txn->matched);
		CHECK_EQ(it.txn->req_ref, 6);
		CHECK(!it.req_marked);
		make(&e, 3001000, 0x4, 0x5006, false, 0);
		hwmsg_trace_feed(t, &e.rec, &it);
		CHECK_EQ(it.frame, 8);
		hwmsg_trace_mark(t);
	}
	CHECK_EQ(hwmsg_trace_orphans(t, 0, 0, on_orphan, &orph), 1);
	CHECK_EQ(orph.n, 1);
	CHECK_EQ(orph.ref[0], 8);	/* a frame, not the cursor's own ref */
	CHECK_EQ(orph.marked, 1);
	hwmsg_trace_free(t);
}

/* Selection: -Y leaves records out but pairs them all. */
static void test_select(void)
{
	struct hwmsg_trace *t = hwmsg_trace_new(HWMSG_TRACE_PAIR);
	struct hwmsg_filter *f, *g;
	struct hwmsg_trace_item it;
	struct hwmsg_err err;
	int sel = 0, ret;

	f = hwmsg_filter_compile("emad.reg_name == \"PTYS\"", &err);
	g = hwmsg_filter_compile("emad.r == 1", &err);
	CHECK(t && f && g);
	if (!t || !f || !g)
		goto out;
	hwmsg_trace_select(t, f);
	hwmsg_trace_select(t, g);
	CHECK_EQ(hwmsg_trace_open(t, path("a.pcapng"), &err), 0);
	while ((ret = hwmsg_trace_next(t, &it, &err)) > 0)
		sel += it.selected;
	CHECK_EQ(sel, 0);	/* a's PTYS is a request */
	CHECK_EQ(hwmsg_trace_open(t, path("b.pcapng"), &err), 0);
	while ((ret = hwmsg_trace_next(t, &it, &err)) > 0) {
		if (!it.selected)
			continue;
		sel++;
		/* its request was left out, and is paired all the same */
		CHECK(it.txn->matched);
		CHECK_EQ(it.txn->req_ref, 2);
		CHECK_EQ(it.fr.number, 5);
		CHECK(it.fr.msg == it.msg && it.fr.txn == it.txn);
	}
	CHECK_EQ(sel, 1);
out:
	hwmsg_trace_free(t);
	hwmsg_filter_free(f);
	hwmsg_filter_free(g);
}

/* Without pairing (--no-pair) there is no txn; without decoding no msg. */
static void test_flags(void)
{
	struct hwmsg_trace *d = hwmsg_trace_new(HWMSG_TRACE_DECODE);
	struct hwmsg_trace *z = hwmsg_trace_new(0);
	struct hwmsg_trace_item it;
	struct orphans orph = { 0 };
	struct ev e;

	CHECK(d && z);
	if (!d || !z)
		goto out;
	make(&e, 1, 0x9, 0x5006, false, 0);
	hwmsg_trace_feed(d, &e.rec, &it);
	CHECK(it.msg != NULL && it.txn == NULL);
	CHECK_EQ(it.msg->op.tid, 0x9);
	CHECK_EQ(it.frame, 1);
	hwmsg_trace_feed(z, &e.rec, &it);
	CHECK(it.msg == NULL && it.txn == NULL);
	CHECK_EQ(hwmsg_trace_orphans(d, 0, 0, on_orphan, &orph), 0);
out:
	hwmsg_trace_free(d);
	hwmsg_trace_free(z);
}

int main(void)
{
	if (!test_dir_make("test_trace"))
		return 1;
	test_files();
	test_select();
	test_flags();
	test_dir_done();
	return test_done("test_trace");
}
