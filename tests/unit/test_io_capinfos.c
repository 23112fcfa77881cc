// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Wireshark's own reader agrees with our writer: capinfos (wireshark-common,
 * installed by scripts/install-deps.sh) reads plain and zstd files we write
 * and reports our packet count, nanosecond resolution and interfaces.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwmsg/io.h"
#include "../test.h"

#define N_PACKETS 7

static const char *const names[] = {
	"pci/0000:03:00.0", "pci/0000:04:00.0", "platform/hwmsg_sim.0",
};

static int write_file(const char *path)
{
	static const char *const drivers[] = {
		"mlxsw_spectrum", "mlx4_core", "hwmsg_sim",
	};
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(path, NULL, &err);
	uint8_t payload[32];

	if (!w) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	memset(payload, 0x5a, sizeof(payload));
	for (int i = 0; i < N_PACKETS; i++) {
		char bus[16], dev[16];
		struct hwmsg_record r = {
			.ts_ns = 1700000000000000001ull + (uint64_t)i * 7,
			.bus = bus, .dev = dev, .driver = drivers[i % 3],
			.type = HWMSG_TYPE_MLX_EMAD, .dir = (uint8_t)(i & 1),
			.payload = payload, .len = sizeof(payload),
			.orig_len = sizeof(payload),
		};

		sscanf(names[i % 3], "%15[^/]/%15s", bus, dev);
		if (hwmsg_writer_write(w, &r, &err))
			fprintf(stderr, "%s\n", err.msg);
	}
	return hwmsg_writer_close(w, &err);
}

/* The capinfos report of path, or NULL. */
static char *capinfos(const char *path)
{
	static char out[16384];
	char cmd[256];
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "capinfos '%s' 2>&1", path);
	p = popen(cmd, "r");
	if (!p)
		return NULL;
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	if (pclose(p)) {
		fprintf(stderr, "capinfos failed:\n%s\n", out);
		return NULL;
	}
	return out;
}

static void check(const char *path, int compressed)
{
	char want[64], *out;

	CHECK_EQ(write_file(path), 0);
	out = capinfos(path);
	CHECK(out != NULL);
	if (!out)
		return;
	snprintf(want, sizeof(want), "Number of packets:   %d\n", N_PACKETS);
	CHECK(strstr(out, want) != NULL);
	CHECK(strstr(out, "File encapsulation:  USER 15") != NULL);
	CHECK(strstr(out, "File timestamp precision:  nanoseconds (9)") !=
	      NULL);
	CHECK(strstr(out, "Number of interfaces in file: 3") != NULL);
	for (int i = 0; i < 3; i++) {
		snprintf(want, sizeof(want), "Name = %s\n", names[i]);
		CHECK(strstr(out, want) != NULL);
	}
	CHECK_EQ(strstr(out, "(zstd compressed)") != NULL, compressed);
	CHECK(strstr(out, "First packet time:   2023-11-14 22:13:20.000000001") !=
	      NULL);
}

int main(void)
{
	char dir[] = "/tmp/test_io_capinfos.XXXXXX", path[64];

	if (!mkdtemp(dir))
		return 1;
	setenv("TZ", "UTC", 1);		/* capinfos prints local time */
	snprintf(path, sizeof(path), "%s/c.pcapng", dir);
	check(path, 0);
	unlink(path);
	snprintf(path, sizeof(path), "%s/c.pcapng.zst", dir);
	check(path, 1);
	unlink(path);
	rmdir(dir);
	return test_done("test_io_capinfos");
}
