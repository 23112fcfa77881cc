// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Device names numbered by the reader (hwmsg_record.names_id): one number
 * per device through a capture, never the same number for other names
 * (not even in another reader), names pointing at a kept copy; records
 * whose names are not laid out as writers lay them stay unnumbered, their
 * names right all the same.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwmsg/io.h"
#include "hwmsg/wire.h"
#include "../../formats/io/devnames.h"
#include "../test.h"

static const char *const devs[3][3] = {
	{ "pci", "0000:03:00.0", "mlxsw_spectrum" },
	{ "pci", "0000:04:00.0", "mlx4_core" },
	{ "pci", "0000:03:00.1", "mlxsw_spectrum" },	/* same tail as [0] */
};

static void write_capture(const char *p)
{
	static const uint8_t payload[16] = { 1 };
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, NULL, &err);
	struct hwmsg_record rec = {
		.ts_ns = 1700000000000000000ull, .type = HWMSG_TYPE_MLX_CMD_REG,
		.payload = payload, .len = sizeof(payload),
		.orig_len = sizeof(payload),
	};

	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < 300; i++) {
		const char *const *d = devs[i % 3 == 2 ? 2 : i % 2];

		rec.bus = d[0];
		rec.dev = d[1];
		rec.driver = d[2];
		rec.ts_ns += 1000;
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

/* Read it: each device one number (into ids[]), one kept copy of its
 * names. */
static void read_capture(const char *p, uint32_t ids[3])
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r = hwmsg_reader_open(p, &err);
	const char *kept[3] = { NULL, NULL, NULL };
	struct hwmsg_record rec;
	int i = 0;

	memset(ids, 0, 3 * sizeof(ids[0]));
	CHECK(r != NULL);
	while (r && hwmsg_reader_next(r, &rec, &err) > 0) {
		int k = i % 3 == 2 ? 2 : i % 2;

		i++;
		CHECK_STR(rec.dev, devs[k][1]);
		CHECK_STR(rec.driver, devs[k][2]);
		CHECK(rec.names_id != 0);
		if (!ids[k]) {
			ids[k] = rec.names_id;
			kept[k] = rec.dev;
		}
		CHECK_EQ(rec.names_id, ids[k]);
		CHECK(rec.dev == kept[k]);	/* the one kept copy */
	}
	CHECK_EQ(i, 300);
	CHECK(ids[0] != ids[1] && ids[0] != ids[2] && ids[1] != ids[2]);
	hwmsg_reader_close(r);
}

static size_t put_tlv(uint8_t *p, uint16_t tag, const void *v, uint16_t len)
{
	hwmsg_put_le16(p, tag);
	hwmsg_put_le16(p + 2, len);
	memcpy(p + HWMSG_REC_TLV_HDR_LEN, v, len);
	return HWMSG_REC_TLV_HDR_LEN + len;
}

/* Names in another order, or not all there: unnumbered, names as given. */
static void check_unnumbered(void)
{
	struct hwmsg_devnames t = { .n = 0 };
	struct hwmsg_record rec;
	uint8_t buf[128], one = 1;
	size_t n = 0;

	n += put_tlv(buf + n, HWMSG_REC_DEV_NAME, "0000:05:00.0", 13);
	n += put_tlv(buf + n, HWMSG_REC_BUS_NAME, "pci", 4);
	n += put_tlv(buf + n, HWMSG_REC_DRIVER_NAME, "mlx5_core", 10);
	n += put_tlv(buf + n, HWMSG_REC_BUF, &one, 1);
	CHECK_EQ(hwmsg_rec_decode(buf, n, &rec, NULL), 0);
	hwmsg_devnames_add(&t, &rec);
	CHECK_EQ(rec.names_id, 0);
	CHECK_STR(rec.dev, "0000:05:00.0");
	CHECK_STR(rec.bus, "pci");

	n = put_tlv(buf, HWMSG_REC_BUS_NAME, "pci", 4);
	n += put_tlv(buf + n, HWMSG_REC_DEV_NAME, "0000:05:00.0", 13);
	n += put_tlv(buf + n, HWMSG_REC_BUF, &one, 1);	/* no driver */
	CHECK_EQ(hwmsg_rec_decode(buf, n, &rec, NULL), 0);
	hwmsg_devnames_add(&t, &rec);
	CHECK_EQ(rec.names_id, 0);
	CHECK_EQ(t.n, 0);

	/* in order: numbered, the same number again */
	n = put_tlv(buf, HWMSG_REC_BUS_NAME, "pci", 4);
	n += put_tlv(buf + n, HWMSG_REC_DEV_NAME, "0000:05:00.0", 13);
	n += put_tlv(buf + n, HWMSG_REC_DRIVER_NAME, "mlx5_core", 10);
	n += put_tlv(buf + n, HWMSG_REC_BUF, &one, 1);
	CHECK_EQ(hwmsg_rec_decode(buf, n, &rec, NULL), 0);
	hwmsg_devnames_add(&t, &rec);
	CHECK(rec.names_id != 0);
	CHECK(rec.dev != (const char *)buf + 8 + 4 + 4);	/* the kept copy */
	CHECK_STR(rec.dev, "0000:05:00.0");
	{
		uint32_t id = rec.names_id;

		memset(&rec, 0, sizeof(rec));
		CHECK_EQ(hwmsg_rec_decode(buf, n, &rec, NULL), 0);
		CHECK_EQ(rec.names_id, 0);	/* the decoder leaves it 0 */
		hwmsg_devnames_add(&t, &rec);
		CHECK_EQ(rec.names_id, id);
	}
	CHECK_EQ(t.n, 1);
	hwmsg_devnames_free(&t);
}

int main(void)
{
	char tmp[] = "/tmp/test_io_devnames_XXXXXX";
	int fd = mkstemp(tmp);
	uint32_t a[3], b[3];

	if (fd < 0)
		abort();
	close(fd);
	write_capture(tmp);
	read_capture(tmp, a);
	/* another reader: other numbers for the same names */
	read_capture(tmp, b);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			CHECK(a[i] != b[j]);
	unlink(tmp);
	check_unnumbered();
	return test_done("test_io_devnames");
}
