// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A device name from the kernel with control bytes: the records keep it
 * as received; the IDB's if_name, which Wireshark 4.0 prints raw in its
 * frame lines, is escaped (\xNN), and the raw bytes go in option 0x8001,
 * which hwmsg's reader prefers.
 */
#include "hwmsg/io.h"
#include "test_files.h"

#define HOSTILE "0000:03\x1b[2J:00.0"

/* The name's raw escape sequence: a lone 0x1b byte may be in a timestamp. */
static int count_esc(const uint8_t *p, size_t len)
{
	int n = 0;

	for (size_t i = 0; i + 4 <= len; i++)
		n += !memcmp(p + i, "\x1b[2J", 4);
	return n;
}

static void test_hostile_name(void)
{
	static const uint8_t payload[4] = { 1, 2, 3, 4 };
	struct hwmsg_writer_opts o = { .application = "test_io_hostile" };
	struct hwmsg_record rec = {
		.ts_ns = 1, .bus = "pci", .dev = HOSTILE,
		.driver = "mlxsw\x07", .type = 7, .dir = HWMSG_DIR_TO_HW,
		.payload = payload, .len = 4, .orig_len = 4,
	};
	struct hwmsg_reader_iface ifc;
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(path("h.pcapng"), &o, &err);
	struct hwmsg_reader *r;
	uint8_t *file;
	size_t len;

	CHECK(w != NULL);
	if (!w)
		return;
	CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	file = slurp(path("h.pcapng"), &len);
	CHECK(file != NULL);
	if (file) {
		static const char esc[] = "pci/0000:03\\x1b[2J:00.0";
		static const char raw[] = "pci/" HOSTILE;
		bool has_esc = false, has_raw = false, has_desc = false;

		for (size_t i = 0; i + sizeof(raw) < len; i++) {
			has_esc |= !memcmp(file + i, esc, sizeof(esc) - 1);
			/* option 0x8001, its length, the bytes */
			has_raw |= file[i] == 0x01 && file[i + 1] == 0x80 &&
				   file[i + 2] == sizeof(raw) - 1 &&
				   !memcmp(file + i + 4, raw, sizeof(raw) - 1);
			has_desc |= !memcmp(file + i, "mlxsw\\x07", 9);
		}
		CHECK(has_esc);
		CHECK(has_raw);
		CHECK(has_desc);
		/* ESC only in 0x8001 and in the record's dev_name */
		CHECK_EQ(count_esc(file, len), 2);
		free(file);
	}
	r = hwmsg_reader_open(path("h.pcapng"), &err);
	CHECK(r != NULL);
	if (!r)
		return;
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_STR(rec.dev, HOSTILE);		/* as received */
	CHECK_STR(rec.driver, "mlxsw\x07");
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	CHECK_EQ(hwmsg_reader_iface(r, 0, &ifc), 0);
	/* from the raw option, made printable as every interface name */
	CHECK_STR(ifc.name, "pci/0000:03?[2J:00.0");
	hwmsg_reader_close(r);
}

int main(void)
{
	if (!test_dir_make("test_io_hostile"))
		return 1;
	test_hostile_name();
	test_dir_done();
	return test_done("test_io_hostile");
}
