/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Files for the I/O unit tests: a private directory under /tmp, paths in
 * it, whole files in and out. The directory is removed when every check
 * passed, kept to look at when one failed.
 */
#ifndef HWMSG_TEST_FILES_H
#define HWMSG_TEST_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../test.h"

static char dir[64];

/* mkdtemp() of /tmp/NAME.XXXXXX; false (said on stderr) when it fails */
static inline int test_dir_make(const char *name)
{
	snprintf(dir, sizeof(dir), "/tmp/%s.XXXXXX", name);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 0;
	}
	return 1;
}

static inline void test_dir_done(void)
{
	char cmd[128];

	if (test_failures)
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
}

/* dir/name; four results live at a time */
static inline const char *path(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static inline uint8_t *slurp(const char *p, size_t *len)
{
	FILE *f = fopen(p, "rb");
	uint8_t *buf = NULL;
	long n;

	*len = 0;	/* callers may use it before checking the result */
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	if (n >= 0)
		buf = malloc((size_t)n + 1);
	if (buf)
		*len = fread(buf, 1, (size_t)n, f);
	fclose(f);
	return buf;
}

static inline void spit(const char *p, const void *data, size_t len)
{
	FILE *f = fopen(p, "wb");

	fwrite(data, 1, len, f);
	fclose(f);
}

static inline off_t file_size(const char *p)
{
	struct stat st;

	return stat(p, &st) ? -1 : st.st_size;
}

#endif
