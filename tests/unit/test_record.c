// SPDX-License-Identifier: GPL-2.0-or-later
/* The record TLV codec: round trips, devlink-hwmsg.py layout, bad input. */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/record.h"
#include "../test.h"

static const uint8_t payload[] = { 0x01, 0x02, 0xc9, 0x00, 0x00, 0x01, 0xaa,
				   0xbb, 0xcc, 0xdd };

static void check_same(const struct hwmsg_record *a,
		       const struct hwmsg_record *b)
{
	CHECK_STR(a->bus, b->bus);
	CHECK_STR(a->dev, b->dev);
	CHECK_STR(a->driver, b->driver);
	CHECK_EQ(a->type, b->type);
	CHECK_EQ(a->dir, b->dir);
	CHECK_EQ(a->flags, b->flags);
	CHECK_EQ(a->devlink_index, b->devlink_index);
	CHECK_EQ(a->seq, b->seq);
	CHECK_EQ(a->len, b->len);
	CHECK_EQ(a->orig_len, b->orig_len);
	CHECK(a->len == b->len &&
	      (!a->len || !memcmp(a->payload, b->payload, a->len)));
}

static void round_trip(const struct hwmsg_record *rec)
{
	uint8_t buf[256], again[256];
	struct hwmsg_record out;
	struct hwmsg_err err = { 0 };
	long n, m;

	n = hwmsg_rec_encode(rec, buf, sizeof(buf), &err);
	CHECK_EQ(n, hwmsg_rec_encoded_len(rec));
	CHECK_EQ(hwmsg_rec_decode(buf, (size_t)n, &out, &err), 0);
	check_same(rec, &out);
	m = hwmsg_rec_encode(&out, again, sizeof(again), &err);
	CHECK_EQ(m, n);
	CHECK(m == n && !memcmp(buf, again, (size_t)n));

	/* every cut of a valid record is an error, never a crash */
	for (long cut = 0; cut < n; cut++) {
		uint8_t *copy = malloc((size_t)cut + 1);

		memcpy(copy, buf, (size_t)cut);
		err.msg[0] = 0;
		CHECK_EQ(hwmsg_rec_decode(copy, (size_t)cut, &out, &err), -1);
		CHECK(err.msg[0] != 0);
		free(copy);
	}
}

static void test_round_trips(void)
{
	struct hwmsg_record plain = {
		.bus = "pci", .dev = "0000:03:00.0", .driver = "mlxsw_spectrum",
		.type = HWMSG_TYPE_MLX_EMAD, .dir = HWMSG_DIR_FROM_HW,
		.payload = payload, .len = sizeof(payload),
		.orig_len = sizeof(payload),
	};
	struct hwmsg_record ext = {
		.bus = "platform", .dev = "hwmsg_sim", .driver = "hwmsg_sim",
		.type = HWMSG_TYPE_MLX_CMD_REG, .dir = HWMSG_DIR_TO_HW,
		.flags = HWMSG_RECF_HAS_INDEX | HWMSG_RECF_HAS_SEQ |
			 HWMSG_RECF_TRUNCATED,
		.devlink_index = 7, .seq = 0x1122334455667788ull,
		.payload = payload, .len = 6, .orig_len = 1500,
	};
	struct hwmsg_record empty = {
		.bus = "", .dev = "", .driver = "", .type = HWMSG_TYPE_UNKNOWN,
		.payload = NULL, .len = 0, .orig_len = 0,
	};

	round_trip(&plain);
	round_trip(&ext);
	round_trip(&empty);
}

/* What devlink-hwmsg.py writes: tags 0-5, u16 tag, u16 length, LE. */
static size_t put(uint8_t *p, uint16_t tag, const void *v, uint16_t len)
{
	p[0] = (uint8_t)tag;
	p[1] = (uint8_t)(tag >> 8);
	p[2] = (uint8_t)len;
	p[3] = (uint8_t)(len >> 8);
	memcpy(p + 4, v, len);
	return 4u + len;
}

static size_t legacy_record(uint8_t *b)
{
	size_t n = 0;

	n += put(b + n, 0, "pci", 4);
	n += put(b + n, 1, "0000:03:00.0", 13);
	n += put(b + n, 2, "mlxsw_spectrum", 15);
	n += put(b + n, 3, "\x01", 1);
	n += put(b + n, 4, "\x00\x00", 2);
	n += put(b + n, 5, payload, sizeof(payload));
	return n;
}

static void test_legacy_layout(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_record rec;
	uint8_t b[128];
	size_t n = legacy_record(b);

	CHECK_EQ(n, 8 + 17 + 19 + 5 + 6 + 4 + sizeof(payload));
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), 0);
	CHECK_STR(rec.bus, "pci");
	CHECK_STR(rec.dev, "0000:03:00.0");
	CHECK_STR(rec.driver, "mlxsw_spectrum");
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_EMAD);
	CHECK_EQ(rec.flags, 0);
	/* which tags it had: bus, dev, driver, incoming, type, buf */
	CHECK_EQ(rec.tags, 0x3f);
	CHECK_EQ(rec.len, sizeof(payload));
	CHECK_EQ(rec.orig_len, sizeof(payload));
	CHECK(rec.payload == b + n - sizeof(payload));

	/* our encoder produces the same bytes for the same record */
	{
		uint8_t again[128];
		long m = hwmsg_rec_encode(&rec, again, sizeof(again), &err);

		CHECK_EQ(m, n);
		CHECK_MEM(again, b, n);
	}
}

static void test_oversized_tlv(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_record rec;
	uint8_t b[128];
	size_t n = legacy_record(b);
	size_t buf_off = n - sizeof(payload) - 4;

	b[buf_off + 2] = 300 & 0xff;
	b[buf_off + 3] = 300 >> 8;
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), -1);
	CHECK_EQ(err.offset, buf_off);
	{
		char want[160];

		snprintf(want, sizeof(want),
			 "offset %zu: TLV 5 (buf): length 300 exceeds the record (%zu bytes left)",
			 buf_off, sizeof(payload));
		CHECK_STR(err.msg, want);
	}
}

static void test_unknown_tag_skipped(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_record rec;
	uint8_t b[160];
	size_t n = 0;

	n += put(b + n, 0, "pci", 4);
	n += put(b + n, 99, "xyz", 3);		/* from a newer writer */
	n += put(b + n, 1, "0000:04:00.0", 13);
	n += put(b + n, 2, "mlx4_core", 10);
	n += put(b + n, 3, "\x00", 1);
	n += put(b + n, 4, "\x01\x00", 2);
	n += put(b + n, 0x1234, "", 0);
	n += put(b + n, 5, payload, 4);
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), 0);
	CHECK_STR(rec.dev, "0000:04:00.0");
	CHECK_STR(rec.driver, "mlx4_core");
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_CMD_REG);
	CHECK_EQ(rec.dir, HWMSG_DIR_TO_HW);
	CHECK_EQ(rec.len, 4);
	CHECK_MEM(rec.payload, payload, 4);
	/* skipped, but said (the plugin then shows the record item by item) */
	CHECK_EQ(rec.flags, HWMSG_RECF_UNKNOWN_TAG);
	CHECK_EQ(rec.tags, 0x3f);

	/* no incoming, type or names: absent, not empty */
	n = put(b, 5, payload, 4);
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), 0);
	CHECK_EQ(rec.flags, 0);
	CHECK_EQ(rec.tags, 1u << HWMSG_REC_BUF);
	CHECK_STR(rec.driver, "");
}

static void test_bad_values(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_record rec;
	uint8_t b[64];
	size_t n;

	n = put(b, 0, "pci", 3);		/* no NUL */
	n += put(b + n, 5, payload, 2);
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), -1);
	CHECK(strstr(err.msg, "TLV 0 (bus_name)") != NULL);
	CHECK(strstr(err.msg, "NUL") != NULL);

	n = put(b, 3, "\x01\x00", 2);		/* incoming is one byte */
	n += put(b + n, 5, payload, 2);
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), -1);
	CHECK_STR(err.msg, "offset 0: TLV 3 (incoming): length 2, expected 1");

	n = put(b, 0, "pci", 4);		/* no buf TLV */
	CHECK_EQ(hwmsg_rec_decode(b, n, &rec, &err), -1);
	CHECK_STR(err.msg, "offset 8: no buf TLV (tag 5)");
}

static void test_encode_limits(void)
{
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "d", .driver = "drv",
		.payload = payload, .len = sizeof(payload),
		.orig_len = sizeof(payload),
	};
	struct hwmsg_err err = { 0 };
	size_t big = 70000;
	char *name = malloc(big + 1);
	uint8_t *buf = malloc(big + 256);
	uint8_t small[16];

	CHECK_EQ(hwmsg_rec_encode(&rec, small, sizeof(small), &err), -1);
	CHECK(strstr(err.msg, "buffer has 16") != NULL);

	memset(name, 'a', big);
	name[big] = 0;
	rec.dev = name;		/* would wrap the u16 TLV length */
	CHECK_EQ(hwmsg_rec_encode(&rec, buf, big + 256, &err), -1);
	free(name);
	free(buf);
}

int main(void)
{
	test_round_trips();
	test_legacy_layout();
	test_oversized_tlv();
	test_unknown_tag_skipped();
	test_bad_values();
	test_encode_limits();
	return test_done("test_record");
}
