// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture file I/O: what the writer puts in the pcapng (block by block),
 * what the reader gets back from it (plain, zstd, cut, damaged), and the
 * foreign inputs the reader accepts (devlink-hwmsg.py pcap, EMAD Ethernet).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zstd.h>

#include "hwmsg/io.h"
#include "hwmsg/wire.h"
#include "../test.h"
#include "test_files.h"

#define N_RECS 12

static uint8_t payloads[N_RECS][128];
static struct hwmsg_record recs[N_RECS];

static const struct {
	const char *bus, *dev, *driver;
} devs[] = {
	{ "pci", "0000:03:00.0", "mlxsw_spectrum" },
	{ "pci", "0000:04:00.0", "mlx4_core" },
	{ "platform", "hwmsg_sim.0", "hwmsg_sim" },
};

/* Three devices, both directions on each, EMAD and CMD_REG, one cut. */
static void make_records(void)
{
	for (int i = 0; i < N_RECS; i++) {
		struct hwmsg_record *r = &recs[i];
		int d = i % 3;
		uint8_t reg[16];
		size_t len;

		memset(reg, i, sizeof(reg));
		r->bus = devs[d].bus;
		r->dev = devs[d].dev;
		r->driver = devs[d].driver;
		r->ts_ns = 1700000000123456789ull + (uint64_t)i * 1000003;
		r->dir = (i / 3) & 1 ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
		r->flags = HWMSG_RECF_HAS_SEQ;
		r->seq = 100 + (uint64_t)i;
		if (d == 1) {
			r->type = HWMSG_TYPE_MLX_CMD_REG;
			len = hwmsg_cmdreg_build(payloads[i], sizeof(payloads[i]),
						 0x5004, 1, 0, reg, sizeof(reg));
		} else {
			struct hwmsg_emad_op op = {
				.tid = 0xabcd000000000000ull + (uint64_t)i,
				.reg_id = 0x900a, .method = 1, .cls = 1,
				.response = r->dir == HWMSG_DIR_FROM_HW,
			};

			r->type = HWMSG_TYPE_MLX_EMAD;
			len = hwmsg_emad_build(payloads[i], sizeof(payloads[i]),
					       &op, NULL, reg, sizeof(reg));
		}
		if (d == 0) {
			r->flags |= HWMSG_RECF_HAS_INDEX;
			r->devlink_index = 3;
		}
		r->payload = payloads[i];
		r->len = r->orig_len = (uint32_t)len;
		if (i == 5) {
			r->len = 20;
			r->flags |= HWMSG_RECF_TRUNCATED;
		}
	}
}

static int same_record(const struct hwmsg_record *a,
		       const struct hwmsg_record *b)
{
	return a->ts_ns == b->ts_ns && !strcmp(a->bus, b->bus) &&
	       !strcmp(a->dev, b->dev) && !strcmp(a->driver, b->driver) &&
	       a->devlink_index == b->devlink_index && a->type == b->type &&
	       a->dir == b->dir && a->flags == b->flags && a->seq == b->seq &&
	       a->len == b->len && a->orig_len == b->orig_len &&
	       !memcmp(a->payload, b->payload, a->len);
}

static void check_record(const struct hwmsg_record *got, int i)
{
	const struct hwmsg_record *want = &recs[i % N_RECS];

	CHECK_EQ(got->ts_ns, want->ts_ns);
	CHECK_STR(got->bus, want->bus);
	CHECK_STR(got->dev, want->dev);
	CHECK_STR(got->driver, want->driver);
	CHECK_EQ(got->devlink_index, want->devlink_index);
	CHECK_EQ(got->type, want->type);
	CHECK_EQ(got->dir, want->dir);
	CHECK_EQ(got->flags, want->flags);
	CHECK_EQ(got->seq, want->seq);
	CHECK_EQ(got->len, want->len);
	CHECK_EQ(got->orig_len, want->orig_len);
	CHECK(got->len == want->len &&
	      !memcmp(got->payload, want->payload, got->len));
}

static void write_capture(const char *p, const struct hwmsg_writer_opts *o)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w = hwmsg_writer_open(p, o, &err);

	CHECK(w != NULL);
	if (!w) {
		fprintf(stderr, "%s\n", err.msg);
		return;
	}
	for (int i = 0; i < N_RECS; i++)
		CHECK_EQ(hwmsg_writer_write(w, &recs[i], &err), 0);
	hwmsg_writer_add_drops(w, "pci", "0000:03:00.0", 5);
	hwmsg_writer_add_drops(w, "platform", "hwmsg_sim.0", 4);
	hwmsg_writer_add_drops(w, "platform", "hwmsg_sim.0", 3);
	hwmsg_writer_add_drops(w, "pci", "0000:99:00.0", 2);
	hwmsg_writer_add_drops(w, NULL, NULL, 3);
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
}

/* Reads a whole file: every record must be recs[i % N_RECS]. */
static int read_all(const char *p, int want_format, int want_compressed)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r = hwmsg_reader_open(p, &err);
	struct hwmsg_record rec;
	int n = 0, ret;

	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	CHECK_EQ(hwmsg_reader_info(r)->format, want_format);
	CHECK_EQ(hwmsg_reader_info(r)->compressed, want_compressed);
	CHECK_EQ(hwmsg_reader_info(r)->linktype, 162);
	while ((ret = hwmsg_reader_next(r, &rec, &err)) == 1)
		check_record(&rec, n++);
	CHECK_EQ(ret, 0);
	if (ret)
		fprintf(stderr, "%s\n", err.msg);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	CHECK_EQ(hwmsg_reader_info(r)->packets, n);
	hwmsg_reader_close(r);
	return n;
}

/* ---- walking pcapng blocks in the test itself --------------------- */

struct blk {
	uint32_t type, len;
	const uint8_t *p;	/* block start */
	size_t off;
};

static int next_blk(const uint8_t *f, size_t n, size_t *off, struct blk *b)
{
	if (*off + 12 > n)
		return 0;
	b->p = f + *off;
	b->off = *off;
	b->type = hwmsg_get_le32(b->p);
	b->len = hwmsg_get_le32(b->p + 4);
	CHECK(b->len >= 12 && b->len % 4 == 0 && *off + b->len <= n);
	if (b->len < 12 || b->len % 4 || *off + b->len > n)
		return 0;
	CHECK_EQ(hwmsg_get_le32(b->p + b->len - 4), b->len);
	*off += b->len;
	return 1;
}

/* Option value in [opts, end) or NULL; checks the list is well formed. */
static const uint8_t *opt(const struct blk *b, size_t opts, uint16_t code,
			  uint16_t *len)
{
	size_t off = opts, end = b->len - 4;

	while (off + 4 <= end) {
		uint16_t c = hwmsg_get_le16(b->p + off);
		uint16_t l = hwmsg_get_le16(b->p + off + 2);

		if (c == 0)
			return NULL;
		if (c == code) {
			*len = l;
			return b->p + off + 4;
		}
		off += 4 + ((l + 3u) & ~3u);
	}
	CHECK(!"option list without opt_endofopt");
	return NULL;
}

static int opt_is(const struct blk *b, size_t opts, uint16_t code,
		  const char *s)
{
	uint16_t len = 0;
	const uint8_t *v = opt(b, opts, code, &len);

	return v && len == strlen(s) && !memcmp(v, s, len);
}

static uint64_t opt_u64(const struct blk *b, size_t opts, uint16_t code)
{
	uint16_t len = 0;
	const uint8_t *v = opt(b, opts, code, &len);

	CHECK(v && len == 8);
	return v && len == 8 ? hwmsg_get_le64(v) : ~0ull;
}

static uint64_t opt_ts(const struct blk *b, size_t opts, uint16_t code)
{
	uint16_t len = 0;
	const uint8_t *v = opt(b, opts, code, &len);

	CHECK(v && len == 8);
	if (!v || len != 8)
		return ~0ull;
	return (uint64_t)hwmsg_get_le32(v) << 32 | hwmsg_get_le32(v + 4);
}

static void check_blocks(const char *p)
{
	size_t n, off = 0;
	uint8_t *f = slurp(p, &n);
	int n_idb = 0, n_epb = 0, n_isb = 0;
	struct utsname u;
	struct blk b;
	uint16_t len;
	const uint8_t *v;

	uname(&u);
	CHECK(next_blk(f, n, &off, &b));
	CHECK_EQ(b.type, 0x0a0d0d0a);
	CHECK_EQ(hwmsg_get_le32(b.p + 8), 0x1a2b3c4d);
	CHECK_EQ(hwmsg_get_le16(b.p + 12), 1);
	CHECK_EQ(hwmsg_get_le16(b.p + 14), 0);
	CHECK_EQ(hwmsg_get_le64(b.p + 16), ~0ull);
	CHECK(opt_is(&b, 24, 1, "unit test"));
	CHECK(opt_is(&b, 24, 2, "test-hw"));
	CHECK(opt_is(&b, 24, 4, "test_io"));
	v = opt(&b, 24, 3, &len);
	CHECK(v && len > strlen(u.sysname) &&
	      !memcmp(v, u.sysname, strlen(u.sysname)));

	while (next_blk(f, n, &off, &b)) {
		if (b.type == 1) {		/* IDB */
			char name[64];

			CHECK_EQ(n_isb, 0);
			CHECK_EQ(hwmsg_get_le16(b.p + 8), 162);
			CHECK_EQ(hwmsg_get_le16(b.p + 10), 0);
			CHECK_EQ(hwmsg_get_le32(b.p + 12), 0);
			v = opt(&b, 16, 9, &len);
			CHECK(v && len == 1 && v[0] == 9);
			if (n_idb < 3) {
				snprintf(name, sizeof(name), "%s/%s",
					 devs[n_idb].bus, devs[n_idb].dev);
				CHECK(opt_is(&b, 16, 2, name));
				CHECK(opt_is(&b, 16, 3, devs[n_idb].driver));
			} else {	/* seen only through add_drops */
				CHECK(opt_is(&b, 16, 2, "pci/0000:99:00.0"));
				CHECK(!opt(&b, 16, 3, &len));
			}
			n_idb++;
		} else if (b.type == 6) {	/* EPB */
			const struct hwmsg_record *r = &recs[n_epb];
			size_t rlen = hwmsg_rec_encoded_len(r);
			uint8_t enc[256];
			struct hwmsg_err err;

			CHECK_EQ(hwmsg_get_le32(b.p + 8), n_epb % 3);
			CHECK(n_idb > n_epb % 3);
			CHECK_EQ(hwmsg_get_le32(b.p + 12), r->ts_ns >> 32);
			CHECK_EQ(hwmsg_get_le32(b.p + 16), (uint32_t)r->ts_ns);
			CHECK_EQ(hwmsg_get_le32(b.p + 20), rlen);
			CHECK_EQ(hwmsg_get_le32(b.p + 24), rlen);
			CHECK_EQ(hwmsg_rec_encode(r, enc, sizeof(enc), &err),
				 rlen);
			CHECK_MEM(b.p + 28, enc, rlen);
			CHECK_EQ(b.len, 32 + ((rlen + 3) & ~3u) + 12);
			v = opt(&b, 28 + ((rlen + 3) & ~3u), 2, &len);
			CHECK(v && len == 4);
			if (v)
				CHECK_EQ(hwmsg_get_le32(v),
					 r->dir == HWMSG_DIR_FROM_HW ? 1 : 2);
			n_epb++;
		} else if (b.type == 5) {	/* ISB */
			static const uint64_t drops[] = { 5, 0, 7, 2 };
			uint32_t id = hwmsg_get_le32(b.p + 8);

			CHECK_EQ(id, n_isb);
			CHECK_EQ(n_epb, N_RECS);
			CHECK_EQ(opt_u64(&b, 20, 4), id < 3 ? N_RECS / 3 : 0);
			/* with unattributed drops, 0 is unknown: left out */
			if (drops[id % 4])
				CHECK_EQ(opt_u64(&b, 20, 5), drops[id % 4]);
			else
				CHECK(!opt(&b, 20, 5, &len));
			if (id < 3) {
				CHECK_EQ(opt_ts(&b, 20, 2), recs[id].ts_ns);
				CHECK_EQ(opt_ts(&b, 20, 3),
					 recs[N_RECS - 3 + id].ts_ns);
			} else {
				CHECK(!opt(&b, 20, 2, &len));
			}
			CHECK_EQ(opt_is(&b, 20, 1,
					"dropped (not attributable): 3"),
				 id == 0);
			n_isb++;
		} else {
			CHECK(!"unexpected block type");
		}
	}
	CHECK_EQ(off, n);
	CHECK_EQ(n_idb, 4);
	CHECK_EQ(n_epb, N_RECS);
	CHECK_EQ(n_isb, 4);
	free(f);
}

static const struct hwmsg_writer_opts test_opts = {
	.application = "test_io", .hardware = "test-hw",
	.comment = "unit test",
};

static void test_plain_and_zstd(void)
{
	size_t n;
	uint8_t *f;

	write_capture(path("a.pcapng"), &test_opts);
	check_blocks(path("a.pcapng"));
	CHECK_EQ(read_all(path("a.pcapng"), HWMSG_INPUT_PCAPNG_USER15, 0),
		 N_RECS);

	write_capture(path("a.pcapng.zst"), &test_opts);
	f = slurp(path("a.pcapng.zst"), &n);
	CHECK(n > 4 && hwmsg_get_le32(f) == 0xfd2fb528);
	free(f);
	CHECK_EQ(read_all(path("a.pcapng.zst"), HWMSG_INPUT_PCAPNG_USER15, 1),
		 N_RECS);

	/* compression is forced by option, detected by content */
	{
		struct hwmsg_writer_opts o = test_opts;

		o.compress = HWMSG_COMPRESS_ZSTD;
		write_capture(path("z.pcapng"), &o);
		CHECK_EQ(read_all(path("z.pcapng"),
				  HWMSG_INPUT_PCAPNG_USER15, 1), N_RECS);
		o.compress = HWMSG_COMPRESS_NONE;
		write_capture(path("p.zst"), &o);
		CHECK_EQ(read_all(path("p.zst"),
				  HWMSG_INPUT_PCAPNG_USER15, 0), N_RECS);
	}
}

/*
 * A .zst of three frames of all records (each flush ends a frame); ends[g]
 * is the file size after frame g. Returns the file's bytes (free them).
 */
static uint8_t *write_three_frames(const char *p, off_t ends[3], size_t *n)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w;

	w = hwmsg_writer_open(p, &test_opts, &err);
	CHECK(w != NULL);
	if (!w)
		return NULL;
	for (int g = 0; g < 3; g++) {
		for (int i = 0; i < N_RECS; i++)
			hwmsg_writer_write(w, &recs[i], &err);
		CHECK_EQ(hwmsg_writer_flush(w, &err), 0);
		ends[g] = file_size(p);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	return slurp(p, n);
}

/* Records read (each checked) before the error that must end the file. */
static int read_to_error(const char *p, struct hwmsg_err *err)
{
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	int got = 0, ret;

	r = hwmsg_reader_open(p, err);
	CHECK(r != NULL);
	if (!r)
		return -1;
	while ((ret = hwmsg_reader_next(r, &rec, err)) == 1)
		check_record(&rec, got++);
	CHECK_EQ(ret, -1);
	CHECK_EQ(hwmsg_reader_next(r, &rec, err), 0);
	hwmsg_reader_close(r);
	return got;
}

/* A .zst cut inside its last frame reads every complete frame. */
static void test_zstd_cut(void)
{
	struct hwmsg_err err = { 0 };
	off_t ends[3];
	size_t n;
	uint8_t *f = write_three_frames(path("cut.pcapng.zst"), ends, &n);
	int got;

	if (!f)
		return;
	/* flushes end frames: every frame boundary is a frame start */
	CHECK_EQ(ZSTD_findFrameCompressedSize(f + ends[1],
					      (size_t)(ends[2] - ends[1])),
		 ends[2] - ends[1]);
	spit(path("cut2.pcapng.zst"), f,
	     (size_t)(ends[1] + (ends[2] - ends[1]) / 2));
	free(f);

	got = read_to_error(path("cut2.pcapng.zst"), &err);
	CHECK(strstr(err.msg, "cut2.pcapng.zst: after record") != NULL);
	CHECK(got >= 2 * N_RECS && got < 3 * N_RECS);
}

/*
 * A damaged zstd frame (its content checksum) after good ones: every record
 * of the good frames is read, even those decompressed in the same read as
 * the damage, then one error names it. The damaged frame's records are
 * lost: its checksum says they are wrong.
 */
static void test_zstd_damaged(void)
{
	struct hwmsg_err err = { 0 };
	off_t ends[3];
	size_t n;
	uint8_t *f = write_three_frames(path("dmg.pcapng.zst"), ends, &n);

	if (!f)
		return;
	f[ends[2] - 1] ^= 0xff;	/* the third frame's checksum */
	spit(path("dmg2.pcapng.zst"), f, (size_t)ends[2]);
	free(f);

	CHECK_EQ(read_to_error(path("dmg2.pcapng.zst"), &err), 2 * N_RECS);
	CHECK(strstr(err.msg, "dmg2.pcapng.zst: after record 24") != NULL);
	CHECK(strstr(err.msg, "checksum") != NULL);
}

/* The byte offset of EPB number k (0-based) in a pcapng file. */
static size_t epb_offset(const uint8_t *f, size_t n, int k)
{
	size_t off = 0;
	struct blk b;

	while (next_blk(f, n, &off, &b))
		if (b.type == 6 && !k--)
			return b.off;
	return 0;
}

static void test_bad_record(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	size_t n, epb, tlv;
	char want[256];
	uint8_t *f;

	write_capture(path("bad.pcapng"), NULL);
	f = slurp(path("bad.pcapng"), &n);
	epb = epb_offset(f, n, 1);
	CHECK(epb != 0);
	/* the buf TLV is the last of the record: claim 300 bytes */
	tlv = epb + 28 + hwmsg_rec_encoded_len(&recs[1]) - 4 - recs[1].len;
	CHECK_EQ(hwmsg_get_le16(f + tlv), 5);
	hwmsg_put_le16(f + tlv + 2, 300);
	spit(path("bad.pcapng"), f, n);
	free(f);

	r = hwmsg_reader_open(path("bad.pcapng"), &err);
	CHECK(r != NULL);
	if (!r)
		return;
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	check_record(&rec, 0);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), -1);
	snprintf(want, sizeof(want),
		 "%s: record 2 (offset 0x%zx): TLV 5 (buf): length 300 exceeds the record (%u bytes left)",
		 path("bad.pcapng"), tlv, recs[1].len);
	CHECK_STR(err.msg, want);
	CHECK_EQ(err.offset, tlv);
	for (int i = 2; i < N_RECS; i++) {
		CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
		check_record(&rec, i);
	}
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	hwmsg_reader_close(r);
}

/*
 * Another writer's EPB carries more options (a comment here): the error
 * offset still points at the bad TLV, found from the block's own length.
 */
static void test_bad_record_foreign_options(void)
{
	static const uint8_t comment[] = { 1, 0, 5, 0, 'h', 'e', 'l', 'l',
					   'o', 0, 0, 0 };
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	size_t n, epb, len, opts, tlv;
	char want[256];
	uint8_t *f, *g;

	f = slurp(path("a.pcapng"), &n);
	g = malloc(n + sizeof(comment));
	epb = epb_offset(f, n, 2);
	len = hwmsg_get_le32(f + epb + 4);
	opts = epb + 28 + ((hwmsg_rec_encoded_len(&recs[2]) + 3) & ~3u);
	memcpy(g, f, opts);
	memcpy(g + opts, comment, sizeof(comment));
	memcpy(g + opts + sizeof(comment), f + opts, n - opts);
	hwmsg_put_le32(g + epb + 4, (uint32_t)(len + sizeof(comment)));
	hwmsg_put_le32(g + epb + len + sizeof(comment) - 4,
		       (uint32_t)(len + sizeof(comment)));
	tlv = epb + 28 + hwmsg_rec_encoded_len(&recs[2]) - 4 - recs[2].len;
	CHECK_EQ(hwmsg_get_le16(g + tlv), 5);
	hwmsg_put_le16(g + tlv + 2, 300);
	spit(path("opts.pcapng"), g, n + sizeof(comment));
	free(f);
	free(g);

	r = hwmsg_reader_open(path("opts.pcapng"), &err);
	CHECK(r != NULL);
	if (!r)
		return;
	for (int i = 0; i < N_RECS; i++) {
		int ret = hwmsg_reader_next(r, &rec, &err);

		CHECK_EQ(ret, i == 2 ? -1 : 1);
		if (ret == 1)
			check_record(&rec, i);
	}
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	hwmsg_reader_close(r);
	snprintf(want, sizeof(want),
		 "%s: record 3 (offset 0x%zx): TLV 5 (buf): length 300 exceeds the record (%u bytes left)",
		 path("opts.pcapng"), tlv, recs[2].len);
	/* err holds the last error: record 3's */
	CHECK_STR(err.msg, want);
}

/* A plain file cut inside a block: the records before, one error, end. */
static void test_cut_plain(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	size_t n, epb;
	uint8_t *f;

	f = slurp(path("a.pcapng"), &n);
	epb = epb_offset(f, n, 4);
	spit(path("cut.pcapng"), f, epb + 30);
	free(f);
	r = hwmsg_reader_open(path("cut.pcapng"), &err);
	CHECK(r != NULL);
	if (!r)
		return;
	for (int i = 0; i < 4; i++) {
		CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
		check_record(&rec, i);
	}
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), -1);
	CHECK(strstr(err.msg, "cut.pcapng: after record 4") != NULL);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	hwmsg_reader_close(r);
}

/* ---- foreign inputs, built byte by byte ------------------------------- */

static size_t pcap_hdr(uint8_t *p, uint32_t magic, uint32_t linktype)
{
	hwmsg_put_le32(p, magic);
	hwmsg_put_le16(p + 4, 2);
	hwmsg_put_le16(p + 6, 4);
	hwmsg_put_le32(p + 8, 0);
	hwmsg_put_le32(p + 12, 0);
	hwmsg_put_le32(p + 16, 65535);
	hwmsg_put_le32(p + 20, linktype);
	return 24;
}

static size_t pcap_pkt(uint8_t *p, uint32_t sec, uint32_t frac,
		       const void *data, uint32_t caplen, uint32_t len)
{
	hwmsg_put_le32(p, sec);
	hwmsg_put_le32(p + 4, frac);
	hwmsg_put_le32(p + 8, caplen);
	hwmsg_put_le32(p + 12, len);
	memcpy(p + 16, data, caplen);
	return 16 + caplen;
}

static size_t tlv(uint8_t *p, uint16_t tag, const void *v, uint16_t len)
{
	hwmsg_put_le16(p, tag);
	hwmsg_put_le16(p + 2, len);
	memcpy(p + 4, v, len);
	return 4u + len;
}

/* One packet as devlink-hwmsg.py writes it (tags 0-5 only). */
static size_t legacy_pkt(uint8_t *p, int incoming, uint16_t type,
			 const uint8_t *buf, uint16_t len)
{
	uint8_t t[2] = { (uint8_t)type, (uint8_t)(type >> 8) };
	uint8_t in = (uint8_t)incoming;
	size_t n = 0;

	n += tlv(p + n, 0, "pci", 4);
	n += tlv(p + n, 1, "0000:03:00.0", 13);
	n += tlv(p + n, 2, "mlxsw_spectrum", 15);
	n += tlv(p + n, 3, &in, 1);
	n += tlv(p + n, 4, t, 2);
	n += tlv(p + n, 5, buf, len);
	return n;
}

static void test_legacy_pcap(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	uint8_t f[2048], pkt[512];
	size_t n, plen;

	n = pcap_hdr(f, 0xa1b2c3d4, 162);
	plen = legacy_pkt(pkt, 0, 0, payloads[0], (uint16_t)recs[0].len);
	n += pcap_pkt(f + n, 1600000000, 123456, pkt, plen, plen);
	plen = legacy_pkt(pkt, 1, 1, payloads[1], (uint16_t)recs[1].len);
	n += pcap_pkt(f + n, 1600000001, 5, pkt, plen, plen);
	/* cut by a snaplen 6 bytes into the buf TLV's value */
	plen = legacy_pkt(pkt, 1, 0, payloads[3], (uint16_t)recs[3].len);
	n += pcap_pkt(f + n, 1600000002, 0, pkt,
		      plen - recs[3].len + 6, plen);
	/* cut 2 bytes into the buf TLV's header: a message of 0 bytes */
	n += pcap_pkt(f + n, 1600000003, 0, pkt,
		      plen - recs[3].len - 2, plen);
	/* cut inside the type TLV, before the buf: what came before */
	n += pcap_pkt(f + n, 1600000004, 0, pkt, 4 + 4 + 4 + 13 + 4 + 15 +
		      4 + 1 + 5, plen);
	/* and the next record still reads */
	plen = legacy_pkt(pkt, 0, 0, payloads[0], (uint16_t)recs[0].len);
	n += pcap_pkt(f + n, 1600000005, 0, pkt, plen, plen);
	spit(path("legacy.pcap"), f, n);

	r = hwmsg_reader_open(path("legacy.pcap"), &err);
	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		return;
	}
	CHECK_EQ(hwmsg_reader_info(r)->format, HWMSG_INPUT_PCAP_USER15);
	CHECK_EQ(hwmsg_reader_info(r)->compressed, 0);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.ts_ns, 1600000000123456000ull);
	CHECK_STR(rec.bus, "pci");
	CHECK_STR(rec.dev, "0000:03:00.0");
	CHECK_STR(rec.driver, "mlxsw_spectrum");
	CHECK_EQ(rec.dir, HWMSG_DIR_TO_HW);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_EMAD);
	CHECK_EQ(rec.flags, 0);
	CHECK_EQ(rec.len, recs[0].len);
	CHECK_MEM(rec.payload, payloads[0], recs[0].len);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.ts_ns, 1600000001000005000ull);
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_CMD_REG);
	CHECK_EQ(rec.len, recs[1].len);
	CHECK_MEM(rec.payload, payloads[1], recs[1].len);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.flags, HWMSG_RECF_TRUNCATED);
	CHECK_EQ(rec.len, 6);
	CHECK_EQ(rec.orig_len, recs[3].len);
	CHECK_MEM(rec.payload, payloads[3], 6);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.flags, HWMSG_RECF_TRUNCATED);
	CHECK_EQ(rec.len, 0);
	CHECK_STR(rec.driver, "mlxsw_spectrum");
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_EMAD);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.flags, HWMSG_RECF_TRUNCATED);
	CHECK_EQ(rec.len, 0);
	CHECK_STR(rec.driver, "mlxsw_spectrum");
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.type, HWMSG_TYPE_UNKNOWN);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.ts_ns, 1600000005000000000ull);
	CHECK_EQ(rec.len, recs[0].len);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	hwmsg_reader_close(r);
}

static void test_ethernet_pcap(void)
{
	struct hwmsg_emad_op op = {
		.tid = 0x1122334400000001ull, .reg_id = 0x5004,
		.method = HWMSG_EMAD_METHOD_QUERY,
		.cls = HWMSG_EMAD_CLASS_REG_ACCESS,
	};
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	uint8_t f[2048], req[128], resp[128], ip[60] = { 0 };
	size_t n, req_len, resp_len;

	req_len = hwmsg_emad_build(req, sizeof(req), &op, NULL, NULL, 16);
	op.response = true;
	resp_len = hwmsg_emad_build(resp, sizeof(resp), &op, NULL, NULL, 16);
	ip[12] = 0x08;		/* IPv4: not ours */

	n = pcap_hdr(f, 0xa1b23c4d, 1);		/* nanosecond pcap */
	n += pcap_pkt(f + n, 1600000000, 1, req, (uint32_t)req_len,
		      (uint32_t)req_len);
	n += pcap_pkt(f + n, 1600000000, 2, ip, sizeof(ip), sizeof(ip));
	n += pcap_pkt(f + n, 1600000000, 3, resp, 40, (uint32_t)resp_len);
	n += pcap_pkt(f + n, 1600000000, 4, req, 20, 20);
	spit(path("eth.pcap"), f, n);

	r = hwmsg_reader_open(path("eth.pcap"), &err);
	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.msg);
		return;
	}
	CHECK_EQ(hwmsg_reader_info(r)->format, HWMSG_INPUT_ETHERNET);
	CHECK_EQ(hwmsg_reader_info(r)->linktype, 1);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.ts_ns, 1600000000000000001ull);
	CHECK_EQ(rec.type, HWMSG_TYPE_MLX_EMAD);
	CHECK_EQ(rec.dir, HWMSG_DIR_TO_HW);
	CHECK_EQ(rec.flags, HWMSG_RECF_NO_DEVICE);
	CHECK_STR(rec.bus, "");
	CHECK_STR(rec.dev, "");
	CHECK_STR(rec.driver, "");
	CHECK_EQ(rec.len, req_len);
	CHECK_EQ(rec.orig_len, req_len);
	CHECK_MEM(rec.payload, req, req_len);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 1);
	CHECK_EQ(rec.ts_ns, 1600000000000000003ull);
	CHECK_EQ(rec.dir, HWMSG_DIR_FROM_HW);
	CHECK_EQ(rec.flags, HWMSG_RECF_NO_DEVICE | HWMSG_RECF_TRUNCATED);
	CHECK_EQ(rec.len, 40);
	CHECK_EQ(rec.orig_len, resp_len);
	CHECK_EQ(hwmsg_reader_info(r)->skipped, 1);

	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), -1);
	CHECK(strstr(err.msg, "record 4") != NULL);
	CHECK(strstr(err.msg, "too short for its OP TLV") != NULL);
	CHECK_EQ(hwmsg_reader_next(r, &rec, &err), 0);
	CHECK_EQ(hwmsg_reader_info(r)->packets, 4);
	hwmsg_reader_close(r);
}

static void test_open_errors(void)
{
	struct hwmsg_err err = { 0 };
	uint8_t f[64];

	spit(path("lt105.pcap"), f, pcap_hdr(f, 0xa1b2c3d4, 105));
	CHECK(hwmsg_reader_open(path("lt105.pcap"), &err) == NULL);
	CHECK(strstr(err.msg, "lt105.pcap: link type 105 not supported") !=
	      NULL);

	spit(path("junk"), "this is not a capture file", 26);
	CHECK(hwmsg_reader_open(path("junk"), &err) == NULL);
	CHECK(strstr(err.msg, "junk: ") != NULL);

	/* zstd magic, then garbage */
	spit(path("junk.zst"), "\x28\xb5\x2f\xfd\x08\x00\x00\x00\x00\x00", 10);
	CHECK(hwmsg_reader_open(path("junk.zst"), &err) == NULL);
	CHECK(strstr(err.msg, "junk.zst: zstd: ") != NULL);

	CHECK(hwmsg_reader_open(path("missing"), &err) == NULL);
	CHECK(strstr(err.msg, "missing: No such file or directory") != NULL);
}

/* Non-seekable input (a pipe, like stdin) for plain and zstd. */
static void test_pipe_input(const char *file, int compressed)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_reader *r;
	struct hwmsg_record rec;
	int fds[2], n = 0, ret;
	size_t len;
	uint8_t *data = slurp(file, &len);
	pid_t pid;

	CHECK_EQ(pipe(fds), 0);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (write(fds[1], data, len) != (ssize_t)len)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	free(data);
	r = hwmsg_reader_fopen(fdopen(fds[0], "r"), "pipe", &err);
	CHECK(r != NULL);
	if (r) {
		CHECK_EQ(hwmsg_reader_info(r)->compressed, compressed);
		while ((ret = hwmsg_reader_next(r, &rec, &err)) == 1)
			check_record(&rec, n++);
		CHECK_EQ(ret, 0);
		CHECK_EQ(n, N_RECS);
		hwmsg_reader_close(r);
	}
	waitpid(pid, NULL, 0);
}

static void test_write_errors(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w;
	int fds[2], saved;

	w = hwmsg_writer_open("/dev/full", NULL, &err);
	CHECK(w == NULL);
	CHECK_STR(err.msg, "/dev/full: write: No space left on device");

	w = hwmsg_writer_open(path("no/such/dir.pcapng"), NULL, &err);
	CHECK(w == NULL);
	CHECK(strstr(err.msg, "No such file or directory") != NULL);

	/* stdout is a pipe nobody reads: EPIPE, and the process lives on */
	CHECK_EQ(pipe(fds), 0);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fds[1], STDOUT_FILENO);
	close(fds[1]);
	close(fds[0]);
	w = hwmsg_writer_open("-", NULL, &err);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	CHECK(w == NULL);
	CHECK_STR(err.msg, "(stdout): write: Broken pipe");
}

static void sleep_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000 };

	nanosleep(&ts, NULL);
}

/* Buffered until flush_ms passed at a write, or an explicit flush. */
static void test_flush_timing(void)
{
	struct hwmsg_writer_opts o = { .flush_ms = 60000 };
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w;
	off_t shb;

	w = hwmsg_writer_open(path("t.pcapng"), &o, &err);
	shb = file_size(path("t.pcapng"));
	CHECK(shb > 28);	/* the SHB is out at open */
	hwmsg_writer_write(w, &recs[0], &err);
	sleep_ms(5);
	hwmsg_writer_write(w, &recs[1], &err);
	CHECK_EQ(file_size(path("t.pcapng")), shb);
	CHECK_EQ(hwmsg_writer_flush(w, &err), 0);
	CHECK(file_size(path("t.pcapng")) > shb);
	hwmsg_writer_close(w, &err);

	o.flush_ms = 2;
	w = hwmsg_writer_open(path("t.pcapng"), &o, &err);
	hwmsg_writer_write(w, &recs[0], &err);
	sleep_ms(5);
	hwmsg_writer_write(w, &recs[1], &err);
	CHECK(file_size(path("t.pcapng")) > shb);
	hwmsg_writer_close(w, &err);
}

/* Without flushes, frames still end every ~1 MiB of input. */
static void test_zstd_frame_size(void)
{
	struct hwmsg_writer_opts o = { .flush_ms = 600000 };
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w;
	struct hwmsg_record big = recs[0];
	static uint8_t pl[1000];
	size_t n, off = 0;
	uint8_t *f;
	int frames = 0, count = 0;

	big.payload = pl;
	big.len = big.orig_len = sizeof(pl);
	for (size_t i = 0; i < sizeof(pl); i++)
		pl[i] = (uint8_t)(i * 7 + i / 13);
	w = hwmsg_writer_open(path("big.pcapng.zst"), &o, &err);
	for (int i = 0; i < 2500; i++) {
		big.ts_ns = (uint64_t)i;
		CHECK_EQ(hwmsg_writer_write(w, &big, &err), 0);
	}
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	f = slurp(path("big.pcapng.zst"), &n);
	while (off < n) {
		size_t fl = ZSTD_findFrameCompressedSize(f + off, n - off);

		CHECK(!ZSTD_isError(fl));
		if (ZSTD_isError(fl))
			break;
		/* data frames, not the seek table */
		if (hwmsg_get_le32(f + off) == 0xfd2fb528u) {
			CHECK(ZSTD_getFrameContentSize(f + off, fl) <=
			      (1u << 20) + 1100);
			frames++;
		}
		off += fl;
	}
	free(f);
	/* SHB frame, 2.5 MiB in frames of at most 1 MiB, the ISB at close */
	CHECK(frames >= 4);

	{
		struct hwmsg_reader *r = hwmsg_reader_open(path("big.pcapng.zst"),
							   &err);
		struct hwmsg_record rec;

		while (r && hwmsg_reader_next(r, &rec, &err) == 1) {
			CHECK_EQ(rec.ts_ns, count);
			CHECK_EQ(rec.len, sizeof(pl));
			count++;
		}
		CHECK_EQ(count, 2500);
		hwmsg_reader_close(r);
	}
}

/*
 * Batches compressed on the writer's thread: the frames hold exactly the
 * plain file's bytes, in order, and two runs give the same file.
 */
static void test_zstd_batches(void)
{
	/* ISBs timed by the records: nothing in the files reads a clock */
	struct hwmsg_writer_opts o = { .flush_ms = 600000,
				       .record_clock = true };
	static const char *names[] = { "t1.pcapng", "t1.pcapng.zst",
				       "t2.pcapng.zst" };
	struct hwmsg_err err = { 0 };
	struct hwmsg_record r = recs[0];
	static uint8_t pl[1200];
	uint8_t *plain, *z1, *z2, *out;
	size_t np, n1, n2, off = 0, got = 0;

	for (int f = 0; f < 3; f++) {
		struct hwmsg_writer *w = hwmsg_writer_open(path(names[f]), &o,
							   &err);

		CHECK(w != NULL);
		if (!w)
			return;
		for (int i = 0; i < 4000; i++) {
			for (size_t k = 0; k < sizeof(pl); k++)
				pl[k] = (uint8_t)(k * 13 + (k ^ (unsigned)i) / 7);
			r = recs[i % N_RECS];
			r.payload = pl;
			r.len = r.orig_len = (uint32_t)(200 + i % 1000);
			r.ts_ns = 1700000000000000000ull + (uint64_t)i;
			CHECK_EQ(hwmsg_writer_write(w, &r, &err), 0);
		}
		CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	}
	plain = slurp(path(names[0]), &np);
	z1 = slurp(path(names[1]), &n1);
	z2 = slurp(path(names[2]), &n2);
	CHECK(np > 3u << 20);	/* several batches */
	CHECK_EQ(n1, n2);
	CHECK(n1 == n2 && !memcmp(z1, z2, n1));
	out = malloc(np);
	while (out && off < n1) {
		size_t fl = ZSTD_findFrameCompressedSize(z1 + off, n1 - off);

		CHECK(!ZSTD_isError(fl));
		if (ZSTD_isError(fl))
			break;
		/* data frames; padding and the seek table are skippable */
		if ((hwmsg_get_le32(z1 + off) & 0xfffffff0u) != 0x184d2a50u) {
			size_t d = ZSTD_decompress(out + got, np - got,
						   z1 + off, fl);

			CHECK(!ZSTD_isError(d));
			if (ZSTD_isError(d))
				break;
			got += d;
		}
		off += fl;
	}
	CHECK_EQ(got, np);
	CHECK(out && got == np && !memcmp(out, plain, np));
	free(out);
	free(plain);
	free(z1);
	free(z2);
}

/*
 * A write error while batches wait on the compression thread (the file
 * size limit, as a full disk would give): the writer says so, the file is
 * cut back to its last whole frame, nothing of a later batch follows it,
 * and the records it counts are exactly those a reader gets back.
 */
#define FSIZE_LIMIT 300000
static void zstd_write_error_child(void)
{
	struct hwmsg_writer_opts o = { .flush_ms = 600000 };
	struct rlimit lim = { FSIZE_LIMIT, FSIZE_LIMIT };
	struct hwmsg_err err = { 0 }, cerr = { 0 };
	struct hwmsg_record r = recs[0], rec;
	struct hwmsg_writer *w;
	struct hwmsg_reader *rd;
	static uint8_t pl[1200];
	uint64_t records = 0, got = 0;
	uint32_t x = 1;
	size_t n, off = 0;
	uint8_t *f;
	int i, ret;

	w = hwmsg_writer_open(path("fsize.pcapng.zst"), &o, &err);
	CHECK(w != NULL);
	if (!w)
		return;
	signal(SIGXFSZ, SIG_IGN);
	CHECK_EQ(setrlimit(RLIMIT_FSIZE, &lim), 0);
	/* bytes zstd cannot shrink: each 1 MiB batch is ~1 MiB of frames */
	for (i = 0; i < 6000; i++) {
		for (size_t k = 0; k < sizeof(pl); k++) {
			x = x * 1103515245u + 12345u;
			pl[k] = (uint8_t)(x >> 24);
		}
		r.payload = pl;
		r.len = r.orig_len = sizeof(pl);
		r.ts_ns = (uint64_t)i;
		if (hwmsg_writer_write(w, &r, &err))
			break;
	}
	CHECK(i < 6000);
	CHECK(strstr(err.msg, "File too large") != NULL);
	ret = hwmsg_writer_close_counted(w, &records, &cerr);
	CHECK(ret != 0);
	CHECK(records > 0);

	f = slurp(path("fsize.pcapng.zst"), &n);
	CHECK(n <= FSIZE_LIMIT);
	while (off < n) {	/* whole frames to the end, no seek table */
		size_t fl = ZSTD_findFrameCompressedSize(f + off, n - off);

		CHECK(!ZSTD_isError(fl));
		if (ZSTD_isError(fl))
			break;
		CHECK(hwmsg_get_le32(f + off) != 0x184d2a5eu);
		off += fl;
	}
	CHECK_EQ(off, n);
	free(f);
	rd = hwmsg_reader_open(path("fsize.pcapng.zst"), &err);
	CHECK(rd != NULL);
	while (rd && hwmsg_reader_next(rd, &rec, &err) == 1) {
		CHECK_EQ(rec.ts_ns, got);
		got++;
	}
	hwmsg_reader_close(rd);
	CHECK_EQ(got, records);
}

static void test_zstd_write_error(void)
{
	int status = -1;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		zstd_write_error_child();
		_exit(test_failures ? 1 : 0);
	}
	CHECK_EQ(waitpid(pid, &status, 0), pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* Drops nobody can be named for still reach the file without devices. */
static void test_unattributed_only(void)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_writer *w;
	size_t n, off = 0;
	struct blk b;
	uint8_t *f;
	int idb = 0, isb = 0;
	uint16_t len;

	w = hwmsg_writer_open(path("u.pcapng"), NULL, &err);
	hwmsg_writer_add_drops(w, NULL, NULL, 9);
	CHECK_EQ(hwmsg_writer_close(w, &err), 0);
	f = slurp(path("u.pcapng"), &n);
	while (next_blk(f, n, &off, &b)) {
		if (b.type == 1) {
			CHECK(opt_is(&b, 16, 2, "hwmsg/unattributed"));
			idb++;
		} else if (b.type == 5) {
			CHECK_EQ(opt_u64(&b, 20, 4), 0);
			CHECK(!opt(&b, 20, 5, &len));
			CHECK(opt_is(&b, 20, 1, "dropped (not attributable): 9"));
			isb++;
		}
	}
	CHECK_EQ(idb, 1);
	CHECK_EQ(isb, 1);
	free(f);
	CHECK_EQ(read_all(path("u.pcapng"), HWMSG_INPUT_PCAPNG_USER15, 0), 0);
}

int main(void)
{
	if (!test_dir_make("test_io"))
		return 1;
	make_records();
	CHECK(same_record(&recs[0], &recs[0]));
	test_plain_and_zstd();
	test_zstd_cut();
	test_zstd_damaged();
	test_bad_record();
	test_cut_plain();
	test_bad_record_foreign_options();
	test_legacy_pcap();
	test_ethernet_pcap();
	test_open_errors();
	test_pipe_input(path("a.pcapng"), 0);
	test_pipe_input(path("a.pcapng.zst"), 1);
	test_write_errors();
	test_flush_timing();
	test_zstd_frame_size();
	test_zstd_batches();
	test_zstd_write_error();
	test_unattributed_only();
	test_dir_done();
	return test_done("test_io");
}
