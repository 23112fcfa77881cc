// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A tracer's file read at random places (perf.data's feature sections lie
 * after its data, libtracecmd seeks): the file itself when it is a plain
 * regular file, else its plain bytes (a pipe, zstd) copied to a temporary
 * file first.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "trace_spool.h"

static bool plain_file(const struct hwmsg_in *in, FILE *src)
{
	struct stat st;
	int fd = fileno(src);

	return !in->src.dc && fd >= 0 && !fstat(fd, &st) &&
	       S_ISREG(st.st_mode);
}

FILE *trace_spool(struct hwmsg_in *in, FILE *src, const char *name,
		  struct hwmsg_err *err)
{
	uint64_t off = 0;
	FILE *tmp;

	if (plain_file(in, src))
		return src;
	tmp = tmpfile();
	if (!tmp) {
		hwmsg_errf(err, 0, "%s: a temporary copy: %s", name,
			   strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t have = 0;
		const uint8_t *p = hwmsg_in_span(in, off, 1, &have);

		if (!p) {
			hwmsg_errf(err, off, "%s: %s", name, in->errmsg);
			fclose(tmp);
			return NULL;
		}
		if (!have)
			break;
		if (fwrite(p, 1, have, tmp) != have) {
			hwmsg_errf(err, 0, "%s: a temporary copy: %s", name,
				   strerror(errno));
			fclose(tmp);
			return NULL;
		}
		off += have;
	}
	if (fflush(tmp)) {
		hwmsg_errf(err, 0, "%s: a temporary copy: %s", name,
			   strerror(errno));
		fclose(tmp);
		return NULL;
	}
	return tmp;
}
