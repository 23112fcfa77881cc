// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Read-ahead (formats/io/ahead.c): the bytes of a file come out whole and
 * in order for any slot size and any sizes of request, a read error comes
 * after them, stopping early never hangs; and the reader, reading a
 * capture ahead on its thread, gives exactly the records it gives reading
 * it itself.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwmsg/io.h"
#include "../../formats/io/ahead.h"
#include "../test.h"

#define FILE_LEN	1000003u

static uint8_t pattern(size_t i)
{
	return (uint8_t)(i * 131 + (i >> 9));
}

static FILE *pattern_file(size_t len)
{
	static uint8_t buf[FILE_LEN];
	FILE *f = tmpfile();

	for (size_t i = 0; i < len; i++)
		buf[i] = pattern(i);
	if (!f || fwrite(buf, 1, len, f) != len || fseek(f, 0, SEEK_SET))
		abort();
	return f;
}

/* A file of len bytes in requests of 1 to max bytes: each in its place. */
static void check_whole(size_t len, size_t slot, size_t max)
{
	static uint8_t got[FILE_LEN + 1];
	struct hwmsg_ahead a;
	FILE *f = pattern_file(len);
	size_t n = 0, bad = len, r;
	unsigned int seed = (unsigned int)slot;
	int error = -1;

	CHECK(hwmsg_ahead_start(&a, f, slot));
	do {
		size_t want = 1 + (size_t)rand_r(&seed) % max;

		if (want > len + 1 - n)
			want = len + 1 - n;
		r = hwmsg_ahead_read(&a, got + n, want, &error);
		n += r;
		CHECK_EQ(error, 0);
		if (r < want)
			break;	/* short: the end */
	} while (n <= len);
	CHECK_EQ(n, len);
	for (size_t i = 0; i < len && bad == len; i++)
		if (got[i] != pattern(i))
			bad = i;
	CHECK_EQ(bad, len);
	/* and after the end, still the end */
	CHECK_EQ(hwmsg_ahead_read(&a, got, 10, &error), 0);
	CHECK_EQ(error, 0);
	hwmsg_ahead_stop(&a);
	fclose(f);
}

/* Stopped with the ring full and the producer waiting, or at once. */
static void check_stop_early(void)
{
	struct hwmsg_ahead a;
	uint8_t got[10];
	FILE *f = pattern_file(FILE_LEN);
	int error;

	CHECK(hwmsg_ahead_start(&a, f, 4096));
	CHECK_EQ(hwmsg_ahead_read(&a, got, sizeof(got), &error), sizeof(got));
	CHECK_EQ(got[9], pattern(9));
	usleep(20000);	/* let it fill the ring and wait */
	hwmsg_ahead_stop(&a);
	CHECK(hwmsg_ahead_start(&a, f, 4096));
	hwmsg_ahead_stop(&a);
	hwmsg_ahead_stop(&a);	/* twice is harmless */
	fclose(f);
}

/* A read that fails: no bytes, the errno. */
static void check_error(void)
{
	struct hwmsg_ahead a;
	uint8_t got[16];
	FILE *f = fopen("/", "r");	/* opens; reading it is EISDIR */
	int error = 0;

	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(hwmsg_ahead_start(&a, f, 4096));
	CHECK_EQ(hwmsg_ahead_read(&a, got, sizeof(got), &error), 0);
	CHECK_EQ(error, EISDIR);
	hwmsg_ahead_stop(&a);
	fclose(f);
}

/* Is a thread named hwmsg-read running in this process? */
static bool reading_ahead(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	bool found = false;

	while (d && (e = readdir(d))) {
		char path[300], comm[32] = "";
		FILE *f;

		snprintf(path, sizeof(path), "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		found |= fgets(comm, sizeof(comm), f) &&
			 !strcmp(comm, "hwmsg-read\n");
		fclose(f);
	}
	if (d)
		closedir(d);
	return found;
}

static void write_capture(const char *p, int n)
{
	uint8_t payload[300];
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, NULL, &err);
	struct hwmsg_record rec = {
		.bus = "pci", .dev = "0000:01:00.0", .driver = "mlx4_core",
		.ts_ns = 1700000000123456789ull, .dir = HWMSG_DIR_TO_HW,
		.type = HWMSG_TYPE_MLX_CMD_REG, .payload = payload,
	};

	CHECK(w != NULL);
	if (!w)
		return;
	for (int i = 0; i < n; i++) {
		rec.ts_ns += 1000 + (uint64_t)i;
		rec.len = rec.orig_len = 1 + (uint32_t)(i * 7) % sizeof(payload);
		memset(payload, i, rec.len);
		CHECK_EQ(hwmsg_writer_write(w, &rec, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

/* Records read with HWMSG_READ_AHEAD=ahead: their count; sum of their
 * bytes and times into *sum; whether the thread ran into *threaded. */
static int read_capture(const char *p, const char *ahead, uint64_t *sum,
			bool *threaded)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	int n = 0, ret;

	setenv("HWMSG_READ_AHEAD", ahead, 1);
	r = hwmsg_reader_open(p, &err);
	*sum = 0;
	*threaded = false;
	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	while ((ret = hwmsg_reader_next(r, &rec, &err)) > 0) {
		*sum = *sum * 31 + rec.ts_ns + rec.len;
		for (uint32_t i = 0; i < rec.len; i++)
			*sum = *sum * 7 + rec.payload[i];
		if (++n == 2000)
			*threaded = reading_ahead();
	}
	CHECK_EQ(ret, 0);
	hwmsg_reader_close(r);
	CHECK(!reading_ahead());	/* closing ended it */
	unsetenv("HWMSG_READ_AHEAD");
	return n;
}

static void check_reader(void)
{
	char tmp[] = "/tmp/test_io_ahead_XXXXXX";
	int fd = mkstemp(tmp);
	uint64_t own, ahead, slot_sum;
	bool threaded;

	if (fd < 0)
		abort();
	close(fd);
	write_capture(tmp, 5000);
	CHECK_EQ(read_capture(tmp, "off", &own, &threaded), 5000);
	CHECK(!threaded);
	/* from the first byte on, in slots smaller than a block */
	CHECK_EQ(read_capture(tmp, "0,97", &ahead, &threaded), 5000);
	CHECK(threaded);
	CHECK_EQ(ahead, own);
	CHECK_EQ(read_capture(tmp, "10000,4096", &slot_sum, &threaded), 5000);
	CHECK(threaded);
	CHECK_EQ(slot_sum, own);
	/* by default a file this small is over before a thread would pay */
	CHECK_EQ(read_capture(tmp, "", &slot_sum, &threaded), 5000);
	CHECK(!threaded);
	CHECK_EQ(slot_sum, own);
	unlink(tmp);
}

int main(void)
{
	check_whole(20011, 1, 3);
	check_whole(FILE_LEN, 7, 100);
	check_whole(FILE_LEN, 4096, 10000);
	check_whole(FILE_LEN, 256 << 10, 1 << 20);
	check_whole(8 * 4096, 4096, 5000);	/* ends on a slot's end */
	check_whole(0, 4096, 10);		/* empty */
	check_stop_early();
	check_error();
	check_reader();
	return test_done("test_io_ahead");
}
