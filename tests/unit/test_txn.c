// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Transactions: EMAD pairing by (device, tid) with latency, retransmits
 * and orphans; CMD_REG pairing in order; unsolicited answers; eviction;
 * caller refs (frame numbers) of the transmissions a record pairs with.
 */
#include "hwmsg/txn.h"
#include "../test.h"

struct ev {
	uint8_t buf[128];
	struct hwmsg_record rec;
	struct hwmsg_msg msg;
};

static void make(struct ev *e, uint16_t type, const char *dev, uint64_t ts,
		 uint64_t tid, uint16_t reg_id, bool response, uint8_t status)
{
	struct hwmsg_emad_op op = {
		.tid = tid, .reg_id = reg_id, .method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS, .status = status,
		.response = response,
	};
	uint8_t reg[16] = { 0 };
	size_t len;

	if (type == HWMSG_TYPE_MLX_EMAD)
		len = hwmsg_emad_build(e->buf, sizeof(e->buf), &op, NULL, reg,
				       sizeof(reg));
	else
		len = hwmsg_cmdreg_build(e->buf, sizeof(e->buf), reg_id,
					 HWMSG_EMAD_METHOD_QUERY, status, reg,
					 sizeof(reg));
	memset(&e->rec, 0, sizeof(e->rec));
	e->rec.ts_ns = ts;
	e->rec.bus = "pci";
	e->rec.dev = dev;
	e->rec.driver = type == HWMSG_TYPE_MLX_EMAD ? "mlxsw_spectrum" :
						      "mlx4_core";
	e->rec.type = type;
	e->rec.dir = response ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	e->rec.payload = e->buf;
	e->rec.len = e->rec.orig_len = (uint32_t)len;
	CHECK_EQ(hwmsg_msg_decode(&e->rec, &e->msg, NULL), 0);
}

static struct hwmsg_txn_info feed(struct hwmsg_txn *t, uint16_t type,
				  const char *dev, uint64_t ts, uint64_t tid,
				  uint16_t reg_id, bool response,
				  uint8_t status)
{
	struct hwmsg_txn_info info;
	struct ev e;

	make(&e, type, dev, ts, tid, reg_id, response, status);
	hwmsg_txn_feed(t, &e.rec, &e.msg, &info);
	return info;
}

/* ref: the caller's value for this record, e.g. a frame number */
static struct hwmsg_txn_info feed_ref(struct hwmsg_txn *t, uint16_t type,
				      const char *dev, uint64_t ref,
				      uint64_t tid, uint16_t reg_id,
				      bool response, uint8_t status)
{
	struct hwmsg_txn_info info;
	struct ev e;

	make(&e, type, dev, ref * 10, tid, reg_id, response, status);
	hwmsg_txn_feed_ref(t, &e.rec, &e.msg, ref, &info);
	return info;
}

#define EMAD HWMSG_TYPE_MLX_EMAD
#define CMDREG HWMSG_TYPE_MLX_CMD_REG
#define SW "0000:03:00.0"
#define SW2 "0000:04:00.0"
#define NIC "0000:81:00.0"

static void test_pair(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;

	i = feed(t, EMAD, SW, 1000, 0xabcd00000001ull, 0x5006, false, 0);
	CHECK(!i.is_response);
	CHECK_EQ(i.retransmits, 0);
	i = feed(t, EMAD, SW, 51000, 0xabcd00000001ull, 0x5006, true, 0);
	CHECK(i.is_response);
	CHECK(i.matched);
	CHECK(!i.unsolicited);
	CHECK_EQ(i.req_ts_ns, 1000);
	CHECK_EQ(i.latency_ns, 50000);
	CHECK_EQ(i.retransmits, 0);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL), 0);

	/* answered once: a second answer has no request */
	i = feed(t, EMAD, SW, 52000, 0xabcd00000001ull, 0x5006, true, 0);
	CHECK(!i.matched);
	CHECK(i.unsolicited);
	hwmsg_txn_free(t);
}

static void test_busy_retransmit(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	uint64_t tid = 0x77;

	feed(t, EMAD, SW, 0, tid, 0x8002, false, 0);
	i = feed(t, EMAD, SW, 100, tid, 0x8002, true, HWMSG_EMAD_STATUS_BUSY);
	CHECK(i.matched);
	CHECK_EQ(i.latency_ns, 100);
	i = feed(t, EMAD, SW, 200, tid, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 1);
	i = feed(t, EMAD, SW, 210, tid, 0x8002, true,
		 HWMSG_EMAD_STATUS_MESSAGE_RECEIPT_ACK);
	CHECK(i.matched);
	i = feed(t, EMAD, SW, 300, tid, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 2);
	i = feed(t, EMAD, SW, 360, tid, 0x8002, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ts_ns, 300);	/* from the last transmission */
	CHECK_EQ(i.latency_ns, 60);
	CHECK_EQ(i.retransmits, 2);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL), 0);
	hwmsg_txn_free(t);
}

static void test_timeout_retransmit(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	uint64_t ms = 1000000;

	feed(t, EMAD, SW, 5 * ms, 9, 0x900a, false, 0);
	i = feed(t, EMAD, SW, 205 * ms, 9, 0x900a, false, 0);
	CHECK_EQ(i.retransmits, 1);
	i = feed(t, EMAD, SW, 205 * ms + 70000, 9, 0x900a, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.latency_ns, 70000);
	CHECK_EQ(i.retransmits, 1);
	hwmsg_txn_free(t);
}

struct seen {
	unsigned int n;
	struct hwmsg_txn_orphan last;
	char dev[32];
};

static void on_orphan(const struct hwmsg_txn_orphan *o, void *arg)
{
	struct seen *s = arg;

	s->n++;
	s->last = *o;
	snprintf(s->dev, sizeof(s->dev), "%s", o->dev);
}

static void test_orphans(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	struct seen s = { 0 };

	feed(t, EMAD, SW, 1000, 4, 0x5008, false, 0);
	feed(t, EMAD, SW2, 5000, 5, 0x5006, false, 0);
	CHECK_EQ(hwmsg_txn_orphans(t, 100000, 96000, on_orphan, &s), 1);
	CHECK_EQ(s.n, 1);
	CHECK_EQ(s.last.tid, 4);
	CHECK_EQ(s.last.reg_id, 0x5008);
	CHECK_EQ(s.last.ts_ns, 1000);
	CHECK_EQ(s.last.type, EMAD);
	CHECK_STR(s.dev, SW);
	CHECK_STR(s.last.bus, "pci");
	/* reported once, then forgotten: its late answer is unsolicited */
	CHECK_EQ(hwmsg_txn_orphans(t, 100000, 96000, on_orphan, &s), 0);
	i = feed(t, EMAD, SW, 200000, 4, 0x5008, true, 0);
	CHECK(i.unsolicited);
	CHECK_EQ(hwmsg_txn_orphans(t, 100000, 0, on_orphan, &s), 1);
	CHECK_EQ(s.last.tid, 5);
	CHECK_STR(s.dev, SW2);
	hwmsg_txn_free(t);
}

static void test_same_tid_two_devices(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;

	feed(t, EMAD, SW, 100, 42, 0x5006, false, 0);
	feed(t, EMAD, SW2, 300, 42, 0x5006, false, 0);
	i = feed(t, EMAD, SW2, 400, 42, 0x5006, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.latency_ns, 100);
	CHECK_EQ(i.retransmits, 0);
	i = feed(t, EMAD, SW, 500, 42, 0x5006, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.latency_ns, 400);
	hwmsg_txn_free(t);
}

static void test_cmdreg_fifo(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;

	feed(t, CMDREG, NIC, 0, 0, 0x5004, false, 0);
	feed(t, CMDREG, NIC, 10, 0, 0x5006, false, 0);
	feed(t, CMDREG, NIC, 20, 0, 0x5004, false, 0);
	/* another NIC's answer does not take ours */
	i = feed(t, CMDREG, "0000:82:00.0", 50, 0, 0x5004, true, 0);
	CHECK(i.unsolicited);
	i = feed(t, CMDREG, NIC, 100, 0, 0x5004, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ts_ns, 0);	/* the oldest PTYS */
	CHECK_EQ(i.latency_ns, 100);
	i = feed(t, CMDREG, NIC, 115, 0, 0x5004, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ts_ns, 20);	/* PAOS stays waiting */
	i = feed(t, CMDREG, NIC, 130, 0, 0x5006, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.latency_ns, 120);
	i = feed(t, CMDREG, NIC, 140, 0, 0x5004, true, 0);
	CHECK(!i.matched);
	CHECK(i.unsolicited);
	CHECK(i.is_response);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL), 0);
	hwmsg_txn_free(t);
}

static void test_refs_emad(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;

	i = feed_ref(t, EMAD, SW, 1, 0x55, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 0);
	CHECK_EQ(i.prev_ref, 0);
	/* busy: paired with frame 1, which stays waiting */
	i = feed_ref(t, EMAD, SW, 2, 0x55, 0x8002, true,
		     HWMSG_EMAD_STATUS_BUSY);
	CHECK(i.matched);
	CHECK_EQ(i.req_ref, 1);
	CHECK_EQ(i.first_ref, 1);
	i = feed_ref(t, EMAD, SW, 4, 0x55, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 1);
	CHECK_EQ(i.prev_ref, 1);
	CHECK_EQ(i.first_ref, 1);
	/* another device's tid 0x55 is its own request */
	i = feed_ref(t, EMAD, SW2, 5, 0x55, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 0);
	i = feed_ref(t, EMAD, SW, 7, 0x55, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 2);
	CHECK_EQ(i.prev_ref, 4);
	CHECK_EQ(i.first_ref, 1);
	/* the answer goes to the last transmission */
	i = feed_ref(t, EMAD, SW, 9, 0x55, 0x8002, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ref, 7);
	CHECK_EQ(i.first_ref, 1);
	CHECK_EQ(i.latency_ns, 20);
	i = feed_ref(t, EMAD, SW2, 10, 0x55, 0x8002, true, 0);
	CHECK_EQ(i.req_ref, 5);
	CHECK_EQ(i.first_ref, 5);
	/* answered: the same tid again is a new request, not a resend */
	i = feed_ref(t, EMAD, SW, 12, 0x55, 0x8002, false, 0);
	CHECK_EQ(i.retransmits, 0);
	i = feed_ref(t, EMAD, SW, 13, 0x55, 0x8002, true, 0);
	CHECK_EQ(i.req_ref, 12);
	CHECK_EQ(i.first_ref, 12);
	/* unsolicited: no refs */
	i = feed_ref(t, EMAD, SW, 14, 0x56, 0x8002, true, 0);
	CHECK(i.unsolicited);
	CHECK_EQ(i.req_ref, 0);
	CHECK_EQ(i.first_ref, 0);
	hwmsg_txn_free(t);
}

static void test_refs_cmdreg(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;

	feed_ref(t, CMDREG, NIC, 3, 0, 0x5004, false, 0);
	feed_ref(t, CMDREG, NIC, 4, 0, 0x5006, false, 0);
	i = feed_ref(t, CMDREG, NIC, 5, 0, 0x5004, false, 0);
	CHECK_EQ(i.retransmits, 0);	/* no tid: never a resend */
	i = feed_ref(t, CMDREG, NIC, 6, 0, 0x5004, true, 0);
	CHECK_EQ(i.req_ref, 3);
	i = feed_ref(t, CMDREG, NIC, 7, 0, 0x5006, true, 0);
	CHECK_EQ(i.req_ref, 4);
	i = feed_ref(t, CMDREG, NIC, 8, 0, 0x5004, true, 0);
	CHECK_EQ(i.req_ref, 5);
	CHECK_EQ(i.first_ref, 5);
	/* without refs the plain feed reports 0 */
	feed(t, EMAD, SW, 100, 1, 0x5006, false, 0);
	i = feed(t, EMAD, SW, 110, 1, 0x5006, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ref, 0);
	hwmsg_txn_free(t);
}

static void test_eviction(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	struct seen s = { 0 };
	struct hwmsg_txn_orphan first = { 0 };
	struct ev e;
	uint64_t tid;

	hwmsg_txn_set_evict_cb(t, on_orphan, &s);
	make(&e, EMAD, SW, 0, 0, 0x5008, false, 0);
	for (tid = 0; tid < HWMSG_TXN_MAX_PENDING + 3; tid++) {
		/* patch tid and time in place: 65k builds would be slow */
		hwmsg_put_be64(e.buf + 16 + 8, tid);
		e.msg.op.tid = tid;
		e.rec.ts_ns = tid * 10;
		hwmsg_txn_feed(t, &e.rec, &e.msg, &i);
		if (s.n == 1 && !first.ts_ns)
			first = s.last, first.ts_ns = 1;
	}
	CHECK_EQ(s.n, 3);
	CHECK_EQ(hwmsg_txn_evicted(t), 3);
	CHECK_EQ(first.tid, 0);
	CHECK_EQ(s.last.tid, 2);
	i = feed(t, EMAD, SW, 1000000000, 1, 0x5008, true, 0);
	CHECK(i.unsolicited);
	i = feed(t, EMAD, SW, 1000000000, 3, 0x5008, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ts_ns, 30);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL),
		 HWMSG_TXN_MAX_PENDING - 1);
	hwmsg_txn_free(t);
}

/*
 * The hash grows while requests wait (it starts with a few hundred
 * buckets): 3000 pending on two devices, a CMD_REG between them, then
 * answered out of order, each pairs with its own request.
 */
static void test_many_pending(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	uint64_t k, n = 3000, matched = 0, right = 0;

	for (k = 0; k < n; k++) {
		feed(t, EMAD, k % 2 ? SW : SW2, 10 * k + 1, 0x7700 + k / 2,
		     0x5006, false, 0);
		if (k == n / 2)
			feed(t, CMDREG, NIC, 10 * k + 2, 0, 0x5004, false, 0);
	}
	for (k = 0; k < n; k++) {
		uint64_t j = (k * 7919) % n;	/* a permutation: 7919 is prime */

		i = feed(t, EMAD, j % 2 ? SW : SW2, 100000, 0x7700 + j / 2,
			 0x5006, true, 0);
		matched += i.matched;
		right += i.req_ts_ns == 10 * j + 1;
	}
	CHECK_EQ(matched, n);
	CHECK_EQ(right, n);
	i = feed(t, CMDREG, NIC, 100000, 0, 0x5004, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ts_ns, 10 * (n / 2) + 2);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL), 0);
	hwmsg_txn_free(t);
}

static void test_many_devices(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	char name[32];
	unsigned int d;

	for (d = 0; d < 1100; d++) {
		snprintf(name, sizeof(name), "dev%u", d);
		feed(t, EMAD, name, d, 1, 0x5006, false, 0);
	}
	i = feed(t, EMAD, "dev1000", 5000, 1, 0x5006, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.latency_ns, 4000);
	/* past the device cap: not paired, and not blamed as unsolicited */
	i = feed(t, EMAD, "dev1050", 5000, 1, 0x5006, true, 0);
	CHECK(i.is_response);
	CHECK(!i.matched);
	CHECK(!i.unsolicited);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL), 1023);
	hwmsg_txn_free(t);
}

/* An mlx4 command never answered must not take the answer of a later one. */
static void test_cmdreg_timeout(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	uint64_t late = HWMSG_TXN_CMDREG_TIMEOUT_NS + 1000;
	struct hwmsg_txn_info i;
	unsigned int orphans;

	feed(t, CMDREG, NIC, 0, 0, 0x5004, false, 0);		/* lost */
	feed(t, CMDREG, NIC, late, 0, 0x5004, false, 0);
	i = feed(t, CMDREG, NIC, late + 300, 0, 0x5004, true, 0);
	CHECK(i.matched);
	CHECK_EQ(i.req_ts_ns, late);
	CHECK_EQ(i.latency_ns, 300);
	orphans = hwmsg_txn_orphans(t, 0, 0, NULL, NULL);
	CHECK_EQ(orphans, 1);		/* the lost one, at ts 0 */
	hwmsg_txn_free(t);
}

/* A message the device sends unasked (r = 0 from hardware) is no request. */
static void test_event_from_device(void)
{
	struct hwmsg_txn *t = hwmsg_txn_new();
	struct hwmsg_txn_info i;
	struct ev e;

	make(&e, EMAD, SW, 100, 7, 0x5002, false, 0);
	e.rec.dir = HWMSG_DIR_FROM_HW;
	hwmsg_txn_feed(t, &e.rec, &e.msg, &i);
	CHECK(i.event);
	CHECK(!i.is_response);
	CHECK(!i.matched);
	CHECK_EQ(hwmsg_txn_orphans(t, 0, 0, NULL, NULL), 0);
	hwmsg_txn_free(t);
}

int main(void)
{
	test_cmdreg_timeout();
	test_event_from_device();
	test_pair();
	test_busy_retransmit();
	test_timeout_retransmit();
	test_orphans();
	test_same_tid_two_devices();
	test_cmdreg_fifo();
	test_refs_emad();
	test_refs_cmdreg();
	test_eviction();
	test_many_devices();
	test_many_pending();
	return test_done("txn");
}
