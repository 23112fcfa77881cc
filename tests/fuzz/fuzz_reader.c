// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Any bytes as a whole capture file through hwmsg_reader, its pcapng block
 * scanner (ISBs) included: never a crash. And the reader's own pcapng open
 * and walk against libpcap's (HWMSG_READER=libpcap): the same verdict on
 * the file's header blocks (accepted with the same link type, or refused
 * with the same words), the same records, the same errors, in the same
 * places; only the offsets errors name may differ. And the same bytes read
 * ahead on a thread (a memfd is a regular file) in slots of a few bytes:
 * exactly what the reader gave reading them itself. perf.data too (file
 * and pipe mode, -z: seeds perf-*.data from gen_tracer_seeds.py); not
 * trace.dat (skip_tracedat).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hwmsg/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct blob {
	char *p;
	size_t len, cap;
};

/* What one read of the input gave, for comparison. */
struct outcome {
	struct blob log;	/* all of it */
	struct blob recs;	/* the records alone */
	char zoffs[256];	/* the compressed offsets errors named */
	size_t zlen;
	bool zstd_error;	/* zstd found damage */
	struct named {		/* names_id: what names each number had */
		uint32_t id;
		char names[192];
	} named[80];
	unsigned int n_named;
};

static void add_to(struct blob *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = (b->len + n) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void add(struct outcome *o, const void *p, size_t n)
{
	add_to(&o->log, p, n);
}

static void add_rec(struct outcome *o, const void *p, size_t n)
{
	add_to(&o->log, p, n);
	add_to(&o->recs, p, n);
}

/* A number the reader gave is never given to other names. */
static void check_names_id(struct outcome *o, const struct hwmsg_record *rec)
{
	char names[192];
	unsigned int i;

	if (!rec->names_id)
		return;
	snprintf(names, sizeof(names), "%s/%s/%s", rec->bus, rec->dev,
		 rec->driver);
	for (i = 0; i < o->n_named && o->named[i].id != rec->names_id; i++)
		;
	if (i < o->n_named) {
		if (strcmp(o->named[i].names, names)) {
			fprintf(stderr, "names_id %u: %s, then %s\n",
				rec->names_id, o->named[i].names, names);
			abort();
		}
	} else if (i < sizeof(o->named) / sizeof(o->named[0])) {
		o->named[i].id = rec->names_id;
		memcpy(o->named[i].names, names, sizeof(names));
		o->n_named++;
	}
}

/* Is the shorter of a and b the start of the other? */
static bool prefix(const struct blob *a, const struct blob *b)
{
	size_t n = a->len < b->len ? a->len : b->len;

	return !n || !memcmp(a->p, b->p, n);
}

static bool same(const struct blob *a, const struct blob *b)
{
	return a->len == b->len && (!a->len || !memcmp(a->p, b->p, a->len));
}

/*
 * Without "(offset 0x...)": a damaged file's last error names the bad
 * block (walk) or where libpcap stopped reading; a record libpcap handed
 * over from a block other than an EPB has its data offset guessed. The
 * numbers after "compressed offset 0x" go to zoffs instead: reading ahead
 * may give others, as where zstd finds damage in a frame depends on how
 * much room its output had (a checksum is checked once the frame's last
 * byte is out).
 */
static void add_error(struct outcome *o, const char *msg)
{
	static const char zoff[] = "compressed offset 0x";
	char copy[256];
	const char *off;
	char *z;

	o->zstd_error |= strstr(msg, "zstd") != NULL;
	snprintf(copy, sizeof(copy), "%s", msg);
	for (z = copy; (z = strstr(z, zoff)); ) {
		size_t n;

		z += sizeof(zoff) - 1;
		n = strspn(z, "0123456789abcdef");
		if (o->zlen + n + 1 <= sizeof(o->zoffs)) {
			memcpy(o->zoffs + o->zlen, z, n);
			o->zoffs[o->zlen + n] = ' ';
			o->zlen += n + 1;
		}
		memmove(z, z + n, strlen(z + n) + 1);
	}
	msg = copy;
	add(o, "E", 1);
	while ((off = strstr(msg, " (offset 0x")) && strchr(off, ')')) {
		add(o, msg, (size_t)(off - msg));
		msg = strchr(off, ')') + 1;
	}
	add(o, msg, strlen(msg) + 1);
}

/* The input as a regular file, for the read-ahead thread. */
static FILE *file_of(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz", 0);
	FILE *f;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size ||
	    lseek(fd, 0, SEEK_SET) || !(f = fdopen(fd, "rb")))
		abort();
	return f;
}

static void read_all(const uint8_t *data, size_t size, bool libpcap,
		     const char *ahead, struct outcome *o)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	const struct hwmsg_reader_info *info;
	struct hwmsg_reader_drops drops;
	struct hwmsg_record rec;
	FILE *f;
	int ret;

	if (libpcap)
		setenv("HWMSG_READER", "libpcap", 1);
	else
		unsetenv("HWMSG_READER");
	if (ahead) {
		setenv("HWMSG_READ_AHEAD", ahead, 1);
		f = file_of(data, size);
	} else {
		unsetenv("HWMSG_READ_AHEAD");
		f = fmemopen((void *)data, size, "rb");
	}
	if (!f)
		abort();
	r = hwmsg_reader_fopen(f, "fuzz", &err);
	if (!r) {
		add_error(o, err.msg);
		return;
	}
	info = hwmsg_reader_info(r);	/* opened as */
	add(o, "O", 1);
	add(o, &info->format, sizeof(info->format));
	add(o, &info->compressed, sizeof(info->compressed));
	add(o, &info->linktype, sizeof(info->linktype));
	/* a damaged file ends with one error, then 0: never loops */
	while ((ret = hwmsg_reader_next(r, &rec, &err)) != 0) {
		if (ret < 0) {
			add_error(o, err.msg);
			continue;
		}
		check_names_id(o, &rec);
		add_rec(o, "R", 1);
		add_rec(o, &rec.ts_ns, sizeof(rec.ts_ns));
		add_rec(o, rec.bus, strlen(rec.bus) + 1);
		add_rec(o, rec.dev, strlen(rec.dev) + 1);
		add_rec(o, rec.driver, strlen(rec.driver) + 1);
		add_rec(o, &rec.flags, sizeof(rec.flags));
		add_rec(o, &rec.orig_len, sizeof(rec.orig_len));
		add_rec(o, &rec.len, sizeof(rec.len));
		add_rec(o, rec.payload, rec.len);
	}
	if (!hwmsg_reader_drops(r, &drops)) {
		struct hwmsg_reader_iface ifc;

		add(o, &drops.received, sizeof(drops.received));
		add(o, &drops.dropped, sizeof(drops.dropped));
		add(o, &drops.unattributed, sizeof(drops.unattributed));
		for (unsigned int i = 0; !hwmsg_reader_iface(r, i, &ifc); i++)
			add(o, ifc.name, strlen(ifc.name) + 1);
	}
	add(o, "P", 1);
	add(o, &hwmsg_reader_info(r)->packets,
	    sizeof(hwmsg_reader_info(r)->packets));
	add(o, &hwmsg_reader_info(r)->cut, sizeof(hwmsg_reader_info(r)->cut));
	hwmsg_reader_close(r);
}

/*
 * trace.dat goes to libtracecmd, and libtracecmd 3.1.6 (Debian 12; the
 * code is the same in trace-cmd 3.4) does not survive hostile files: one
 * damaged CPU page of a two-CPU file and tracecmd_open_fd() segfaults
 * (init_cpu_data() gives up on the first CPU before the later CPUs' lists
 * are initialised, then tracecmd_close() walks them: list_del() in
 * trace-input.c:4909); a kallsyms size of 4 GiB in a 4 KiB file is a
 * malloc of 4 GiB (read_proc_kallsyms). Not ours to fix, and the fuzzer
 * found the crash in seconds: such inputs are skipped (the magic could
 * come from the perf seeds' tracing data), unless HWMSG_FUZZ_TRACEDAT is
 * set (seeds: tests/fuzz/tracedat/, made by gen_tracer_seeds.py).
 */
static bool skip_tracedat(const uint8_t *data, size_t size)
{
	static const uint8_t magic[10] = "\x17\x08\x44tracing";

	return size >= sizeof(magic) && !memcmp(data, magic, sizeof(magic)) &&
	       !getenv("HWMSG_FUZZ_TRACEDAT");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct outcome walk = { 0 }, pcap = { 0 }, ahead = { 0 };
	char slots[32];

	if (!size || skip_tracedat(data, size))
		return 0;
	read_all(data, size, false, NULL, &walk);
	read_all(data, size, true, NULL, &pcap);
	/* from the first byte on, slots of 1 to 128 bytes */
	snprintf(slots, sizeof(slots), "0,%u", 1u + data[size - 1] % 128u);
	read_all(data, size, false, slots, &ahead);
	/*
	 * The same, but where zstd found damage: there, how much comes out
	 * before it depends on the room zstd had for its output (small
	 * slots hand out more, and a capture's first bytes may then be
	 * judged before the damage is met): the records of one read are
	 * the first records of the other.
	 */
	if (!same(&walk.log, &ahead.log) &&
	    !((walk.zstd_error || ahead.zstd_error) &&
	      prefix(&walk.recs, &ahead.recs))) {
		fprintf(stderr, "read ahead in slots of %s bytes, the reader read this differently\n",
			slots + 2);
		abort();
	}
	if (!same(&walk.log, &pcap.log) ||
	    walk.zlen != pcap.zlen ||
	    memcmp(walk.zoffs, pcap.zoffs, walk.zlen)) {
		fprintf(stderr, "the pcapng walk and libpcap read this differently\n");
		fwrite(walk.log.p, 1, walk.log.len, stderr);
		fprintf(stderr, "\n---- libpcap:\n");
		fwrite(pcap.log.p, 1, pcap.log.len, stderr);
		fprintf(stderr, "\n");
		abort();
	}
	free(walk.log.p);
	free(walk.recs.p);
	free(pcap.log.p);
	free(pcap.recs.p);
	free(ahead.log.p);
	free(ahead.recs.p);
	return 0;
}
