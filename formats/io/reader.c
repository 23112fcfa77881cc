// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_reader: every capture we accept, as records. pcapng is opened
 * and walked by walk.c; classic pcap (and everything with
 * HWMSG_READER=libpcap) by libpcap, loaded then (pcap_dl.h). USER15
 * packets carry a record TLV stream; Ethernet packets with ethertype
 * 0x8932 carry one EMAD frame each. perf.data and trace.dat of the
 * tracepoint devlink:devlink_hwmsg are told by their magic and read by
 * tracer.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devnames.h"
#include "hwmsg/io.h"
#include "in.h"
#include "pcap_dl.h"
#include "tracer.h"
#include "walk.h"

#define LINKTYPE_ETHERNET	1
#define PCAPNG_MAGIC		0x0a0d0d0au
/* classic pcap, micro- and nanosecond, either byte order */
#define PCAP_MAGIC_US		0xa1b2c3d4u
#define PCAP_MAGIC_NS		0xa1b23c4du
#define PCAPNG_EPB_DATA_OFF	28	/* header, if id, ts, lengths */
#define PCAPNG_EPB_MIN_LEN	32	/* ... and the trailing length */
#define PCAP_REC_HDR_LEN	16	/* classic pcap: ts, lengths */
#define EMAD_OP_OFF		HWMSG_EMAD_ETH_HDR_LEN

struct hwmsg_reader {
	char *name;
	FILE *src;
	struct hwmsg_in in;
	FILE *cf;		/* the FILE libpcap reads */
	const struct hwmsg_pcap *pc;	/* libpcap, when it reads this one */
	pcap_t *pcap;
	struct hwmsg_reader_info info;
	bool walking;		/* pcapng: walk.c reads it, not libpcap */
	struct hwmsg_walk walk;
	bool done;
	uint8_t *scratch;	/* a cut record, its last TLV shortened */
	size_t scratch_cap;
	uint8_t *names;		/* a record whose names got their NUL */
	size_t names_cap;
	uint64_t block;		/* plain offset of the last packet's block */
	struct hwmsg_devnames devnames;	/* numbered, for names_id */
	struct hwmsg_tracer tracer;	/* perf.data, trace.dat */
};

void hwmsg_reader_close(struct hwmsg_reader *r)
{
	if (!r)
		return;
	if (r->pcap)
		r->pc->close(r->pcap);	/* fcloses cf */
	else if (r->cf)
		fclose(r->cf);
	hwmsg_walk_free(&r->walk);
	hwmsg_tracer_close(&r->tracer);
	hwmsg_in_free(&r->in);
	if (r->src && r->src != stdin)
		fclose(r->src);
	free(r->scratch);
	free(r->names);
	hwmsg_devnames_free(&r->devnames);
	free(r->name);
	free(r);
}

static bool is_swapped(uint32_t v, uint32_t magic)
{
	return v == magic || v == __builtin_bswap32(magic);
}

/*
 * libpcap says "unknown file format" or "truncated dump file" for a file
 * whose magic is right but whose header is cut short: say which it is.
 */
static int open_failed(struct hwmsg_reader *r, const char *why,
		       struct hwmsg_err *err)
{
	const char *kind = NULL;
	uint32_t m;

	if (r->in.head_len >= 4) {
		m = hwmsg_get_le32(r->in.head);
		if (m == PCAPNG_MAGIC)
			kind = "pcapng header blocks (section header, first interface)";
		else if (is_swapped(m, PCAP_MAGIC_US) ||
			 is_swapped(m, PCAP_MAGIC_NS))
			kind = "pcap file header";
	}
	if (kind && (strstr(why, "truncated") ||
		     !strcmp(why, "unknown file format")))
		return hwmsg_errf(err, 0, "%s: %s cut short (%s)",
				  r->name, kind, why);
	return hwmsg_errf(err, 0, "%s: %s", r->name, why);
}

static bool is_pcapng(const struct hwmsg_reader *r)
{
	return r->in.head_len >= 4 &&
	       hwmsg_get_le32(r->in.head) == PCAPNG_MAGIC;
}

static bool is_zstd_cut(const struct hwmsg_in *in)
{
	return !strncmp(in->errmsg, "zstd frame cut short", 20);
}

/* The first bytes of a capture we write, but fewer than its magic. */
static bool magic_prefix(const struct hwmsg_in *in)
{
	static const uint8_t zstd[4] = { 0x28, 0xb5, 0x2f, 0xfd };
	static const uint8_t pcapng[4] = { 0x0a, 0x0d, 0x0d, 0x0a };

	return in->src.peek_len && in->src.peek_len < 4 &&
	       (!memcmp(in->src.peek, zstd, in->src.peek_len) ||
		!memcmp(in->src.peek, pcapng, in->src.peek_len));
}

/*
 * Fewer plain bytes than the section header (raw zstd blocks stream). Its
 * length from the first bytes kept at open: however far the bytes read
 * since moved the buffer (libpcap reads ahead, the walk does not), both
 * readers give the same verdict.
 */
static bool first_block_partial(const struct hwmsg_in *in)
{
	uint64_t have = in->chunk_start + in->chunk_len;

	if (have < 12 || in->head_len < 8)
		return true;
	return have < hwmsg_get_le32(in->head + 4);
}

/*
 * A capture just started (hwmsgd writes the section header at once, the
 * first interface with the first record) is not damaged: say so.
 */
static int not_yet(struct hwmsg_reader *r, const char *why,
		   struct hwmsg_err *err)
{
	const char *what = NULL;

	if (magic_prefix(&r->in))
		what = "fewer bytes than a file header";
	else if (is_zstd_cut(&r->in) && first_block_partial(&r->in))
		what = "its first compressed frame is not complete yet";
	else if (!r->in.errmsg[0] &&
		 strstr(why, "no Interface Description Blocks"))
		what = "no records yet, only the section header";
	if (!what)
		return 1;
	return hwmsg_errf(err, 0,
			  "%s: empty so far: %s (still being written, or its writer stopped before the first record)",
			  r->name, what);
}

static bool want_libpcap(void)
{
	const char *env = getenv("HWMSG_READER");

	return env && !strcmp(env, "libpcap");
}

/* libpcap opens it: loaded now, one line when it cannot be. */
static int libpcap_open(struct hwmsg_reader *r, char *errbuf,
			struct hwmsg_err *err)
{
	r->pc = hwmsg_pcap(err);
	if (!r->pc) {
		hwmsg_err_prefix(err, "%s: %s needs libpcap", r->name,
				 want_libpcap() ? "HWMSG_READER=libpcap" :
						  "a classic pcap file");
		return -2;
	}
	r->pcap = r->pc->fopen_offline(r->cf, PCAP_TSTAMP_PRECISION_NANO,
				       errbuf);
	return r->pcap ? 0 : -1;
}

/*
 * libpcap reads through stdio, HWMSG_IN_STDIO_BUF bytes at a time: when
 * it refuses a file or a block, the input has been read to the end of
 * that buffer, and a damaged or cut stream there has said so (in->errmsg,
 * which the reader reports first). Read as far when the walk refuses one.
 */
static void read_like_stdio(struct hwmsg_reader *r)
{
	uint64_t end = (r->walk.reach + HWMSG_IN_STDIO_BUF - 1) /
		       HWMSG_IN_STDIO_BUF * HWMSG_IN_STDIO_BUF;
	size_t have;

	if (end > r->in.chunk_start)
		hwmsg_in_span(&r->in, r->in.chunk_start,
			      (size_t)(end - r->in.chunk_start), &have);
}

static int open_pcap(struct hwmsg_reader *r, struct hwmsg_err *err)
{
	char errbuf[PCAP_ERRBUF_SIZE] = "";
	const char *why = errbuf;
	int lt, ret = 1;

	r->cf = hwmsg_in_open(&r->in, r->src, err);
	if (!r->cf) {
		hwmsg_err_prefix(err, "%s", r->name);
		return -1;
	}
	r->info.compressed = r->in.src.dc != NULL;
	ret = hwmsg_tracer_open(&r->tracer, &r->in, r->src, r->name, &r->info,
				err);
	if (ret <= 0)
		return ret;
	if (!want_libpcap()) {
		hwmsg_walk_init(&r->walk, &r->in);
		ret = hwmsg_walk_open(&r->walk);
		r->walking = !ret;
		why = r->walk.errmsg;
		if (ret < 0)
			read_like_stdio(r);
	}
	if (ret == 1) {		/* classic pcap, or libpcap asked for */
		ret = libpcap_open(r, errbuf, err);
		if (ret == -2)
			return -1;
		why = errbuf;
	}
	/* libpcap's words for it: "truncated dump file; tried to read 4..." */
	if (ret && !r->in.src.peek_len && !r->in.errmsg[0])
		return hwmsg_errf(err, 0, "%s: empty file, not a capture",
				  r->name);
	if (ret && not_yet(r, why, err) <= 0)
		return -1;
	if (ret && r->in.errmsg[0])
		return hwmsg_errf(err, 0, "%s: %s", r->name, r->in.errmsg);
	if (ret)
		return open_failed(r, why, err);
	lt = r->walking ? r->walk.linktype : r->pc->datalink(r->pcap);
	r->info.linktype = lt;
	if (lt == LINKTYPE_ETHERNET)
		r->info.format = HWMSG_INPUT_ETHERNET;
	else if (lt != HWMSG_LINKTYPE)
		return hwmsg_errf(err, 0,
				  "%s: link type %d not supported (want 162 USER15 hwmsg records or 1 Ethernet with EMAD)",
				  r->name, lt);
	else if (is_pcapng(r))
		r->info.format = HWMSG_INPUT_PCAPNG_USER15;
	else
		r->info.format = HWMSG_INPUT_PCAP_USER15;
	return 0;
}

struct hwmsg_reader *hwmsg_reader_fopen(FILE *f, const char *name,
					struct hwmsg_err *err)
{
	struct hwmsg_reader *r;

	if (!f) {
		hwmsg_errf(err, 0, "%s: no stream", name);
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r || !(r->name = strdup(name))) {
		hwmsg_errf(err, 0, "%s: out of memory", name);
		free(r);
		if (f != stdin)
			fclose(f);
		return NULL;
	}
	r->src = f;
	if (open_pcap(r, err)) {
		hwmsg_reader_close(r);
		return NULL;
	}
	return r;
}

/*
 * Opening a FIFO blocks until a writer comes: say so rather than hang
 * silently. Opened non-blocking, it waits in poll() for the writer's
 * first bytes (or its close), then reads as usual.
 */
static FILE *open_fifo(const char *path)
{
	struct pollfd pfd = { .events = POLLIN };
	bool said = false;
	int r;

	pfd.fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (pfd.fd < 0)
		return NULL;
	while ((r = poll(&pfd, 1, said ? -1 : 100)) <= 0) {
		if (r < 0 && errno != EINTR)
			break;
		if (!r && !said) {
			fprintf(stderr, "hwmsg: waiting for a writer on %s\n",
				path);
			said = true;
		}
	}
	if (r < 0 || fcntl(pfd.fd, F_SETFL, 0)) {
		close(pfd.fd);
		return NULL;
	}
	return fdopen(pfd.fd, "rb");
}

struct hwmsg_reader *hwmsg_reader_open(const char *path, struct hwmsg_err *err)
{
	struct stat st;
	FILE *f;

	if (!strcmp(path, "-"))
		return hwmsg_reader_fopen(stdin, "(stdin)", err);
	if (!stat(path, &st) && S_ISFIFO(st.st_mode))
		f = open_fifo(path);
	else
		f = fopen(path, "rbe");
	if (!f) {
		hwmsg_errf(err, 0, "%s: %s", path, strerror(errno));
		return NULL;
	}
	return hwmsg_reader_fopen(f, path, err);
}

const struct hwmsg_reader_info *hwmsg_reader_info(const struct hwmsg_reader *r)
{
	return &r->info;
}

/* Where libpcap stands in the plain stream: the end of the last packet. */
static uint64_t consumed(const struct hwmsg_reader *r)
{
	off64_t off = ftello(r->cf);

	return off < 0 ? r->in.chunk_start + r->in.chunk_pos : (uint64_t)off;
}

/*
 * File offset of the packet data libpcap just returned. A classic pcap
 * packet ends with its data; a pcapng EPB ends with options and its total
 * length, so step back over the block (data at block + 28).
 */
static uint64_t data_offset(const struct hwmsg_reader *r, uint32_t caplen)
{
	uint64_t end = consumed(r);
	uint8_t t[4];
	uint32_t len;

	if (!is_pcapng(r))
		return end >= caplen ? end - caplen : 0;
	if (!hwmsg_in_peek_back(&r->in, end - 4, t, 4)) {
		len = hwmsg_get_le32(t);
		if (len > end || len < PCAPNG_EPB_MIN_LEN + caplen)
			len = hwmsg_get_be32(t);	/* big-endian section */
		if (len <= end && len >= PCAPNG_EPB_MIN_LEN + caplen)
			return end - len + PCAPNG_EPB_DATA_OFF;
	}
	/* not held any more: assume our writer's 12 bytes of options */
	return end - 4 - 12 - ((caplen + 3u) & ~3u);
}

static int ethernet_record(struct hwmsg_reader *r, const uint8_t *data,
			   uint32_t caplen, uint64_t off,
			   struct hwmsg_record *rec, struct hwmsg_err *err)
{
	rec->bus = rec->dev = rec->driver = "";
	rec->devlink_index = 0;
	rec->type = HWMSG_TYPE_MLX_EMAD;
	rec->flags |= HWMSG_RECF_NO_DEVICE;
	rec->seq = 0;
	rec->payload = data;
	rec->len = caplen;
	if (caplen < EMAD_OP_OFF + 8)
		return hwmsg_errf(err, off,
				  "%s: record %" PRIu64 " (offset 0x%" PRIx64 "): EMAD frame of %u bytes too short for its OP TLV",
				  r->name, r->info.packets, off, caplen);
	rec->dir = hwmsg_item_get(data, EMAD_OP_OFF + HWMSG_EMAD_OP_R) ?
			   HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	return 0;
}

static uint8_t *scratch(struct hwmsg_reader *r, size_t len)
{
	if (len > r->scratch_cap) {
		uint8_t *p = realloc(r->scratch, len);

		if (!p)
			return NULL;
		r->scratch = p;
		r->scratch_cap = len;
	}
	return r->scratch;
}

/*
 * A USER15 packet cut by a snaplen ends inside one of its TLVs. When that is
 * the buf, hand the decoder a copy whose buf length says what is left. Any
 * other TLV cut (a name, a number, a header) is meaningless: the copy ends
 * before it, with an empty buf if the buf was not reached. Either way the
 * record reads, marked truncated. Returns the bytes to decode, *use_len long;
 * *cut_by is how much of the message is missing (0: not known).
 */
static const uint8_t *cut_record(struct hwmsg_reader *r, const uint8_t *data,
				 uint32_t caplen, uint32_t *use_len,
				 uint32_t *cut_by)
{
	bool seen_buf = false;
	size_t off = 0, vlen = 0, left = 0;
	uint16_t tag = 0xffff;
	uint8_t *p;

	*use_len = caplen;
	*cut_by = 0;
	while (off < caplen) {
		left = caplen - off;
		if (left < HWMSG_REC_TLV_HDR_LEN)
			break;
		left -= HWMSG_REC_TLV_HDR_LEN;
		tag = hwmsg_get_le16(data + off);
		vlen = hwmsg_get_le16(data + off + 2);
		if (vlen > left)
			break;
		seen_buf |= tag == HWMSG_REC_BUF;
		off += HWMSG_REC_TLV_HDR_LEN + vlen;
	}
	if (off == caplen)
		return data;	/* cut between TLVs */
	p = scratch(r, off + HWMSG_REC_TLV_HDR_LEN + left);
	if (!p)
		return data;	/* reported as malformed */
	memcpy(p, data, off);
	*use_len = (uint32_t)off;
	if (caplen - off >= HWMSG_REC_TLV_HDR_LEN && tag == HWMSG_REC_BUF) {
		memcpy(p + off, data + off, HWMSG_REC_TLV_HDR_LEN + left);
		hwmsg_put_le16(p + off + 2, (uint16_t)left);
		*use_len += HWMSG_REC_TLV_HDR_LEN + (uint32_t)left;
		*cut_by = (uint32_t)(vlen - left);
	} else if (!seen_buf) {
		hwmsg_put_le16(p + off, HWMSG_REC_BUF);
		hwmsg_put_le16(p + off + 2, 0);
		*use_len += HWMSG_REC_TLV_HDR_LEN;
	}
	return p;
}

static bool name_without_nul(const uint8_t *tlv, uint16_t tag, uint16_t len)
{
	return tag <= HWMSG_REC_DRIVER_NAME && (!len || tlv[4 + len - 1]);
}

/*
 * bwz.py, re-encoding devlink-hwmsg.py's records, writes the names without
 * their NUL: hand the decoder a copy where each name ends in one. Returns
 * data itself when no name lacks it, NULL when out of memory.
 */
static const uint8_t *nul_names(struct hwmsg_reader *r, const uint8_t *data,
				uint32_t *len)
{
	size_t off, extra = 0, o = 0;
	uint8_t *p;

	for (off = 0; off + HWMSG_REC_TLV_HDR_LEN <= *len;) {
		uint16_t tag = hwmsg_get_le16(data + off);
		uint16_t tlen = hwmsg_get_le16(data + off + 2);

		if (off + HWMSG_REC_TLV_HDR_LEN + tlen > *len)
			break;
		extra += name_without_nul(data + off, tag, tlen) && tlen < 0xffff;
		off += HWMSG_REC_TLV_HDR_LEN + tlen;
	}
	if (!extra)
		return data;
	if (*len + extra > r->names_cap) {
		p = realloc(r->names, *len + extra);
		if (!p)
			return NULL;
		r->names = p;
		r->names_cap = *len + extra;
	}
	p = r->names;
	for (off = 0; off + HWMSG_REC_TLV_HDR_LEN <= *len;) {
		uint16_t tag = hwmsg_get_le16(data + off);
		uint16_t tlen = hwmsg_get_le16(data + off + 2);
		bool add;

		if (off + HWMSG_REC_TLV_HDR_LEN + tlen > *len)
			break;
		add = name_without_nul(data + off, tag, tlen) && tlen < 0xffff;
		memcpy(p + o, data + off, HWMSG_REC_TLV_HDR_LEN + tlen);
		o += HWMSG_REC_TLV_HDR_LEN + tlen;
		if (add) {
			p[o++] = 0;
			hwmsg_put_le16(p + o - tlen - 1 - 2, (uint16_t)(tlen + 1));
		}
		off += HWMSG_REC_TLV_HDR_LEN + tlen;
	}
	/* whatever follows a TLV running past the end: the decoder says */
	memcpy(p + o, data + off, *len - off);
	*len = (uint32_t)(o + *len - off);
	return p;
}

static int user15_record(struct hwmsg_reader *r, const uint8_t *data,
			 uint32_t caplen, uint32_t len, uint64_t off,
			 struct hwmsg_record *rec, struct hwmsg_err *err)
{
	uint32_t use_len = caplen, cut_by = 0;
	const char *why;

	if (caplen < len)
		data = cut_record(r, data, caplen, &use_len, &cut_by);
	/* a record that decodes as it is needs no NULs added: the walk for
	 * names without one only when it does not (the same result) */
	else if (!hwmsg_rec_decode(data, use_len, rec, NULL))
		return 0;
	if (data)
		data = nul_names(r, data, &use_len);
	if (!data)
		return hwmsg_errf(err, off, "%s: out of memory", r->name);
	if (hwmsg_rec_decode(data, use_len, rec, err)) {
		off += err ? err->offset : 0;
		if (!err)
			return -1;
		/* the decoder names the record's offset: name the file's */
		why = err->msg;
		if (!strncmp(why, "offset ", 7) && strstr(why, ": "))
			why = strstr(why, ": ") + 2;
		memmove(err->msg, why, strlen(why) + 1);
		if (caplen < len)	/* cut before its message bytes */
			hwmsg_err_prefix(err, "captured %u of %u bytes",
					 caplen, len);
		hwmsg_err_prefix(err, "%s: record %" PRIu64 " (offset 0x%" PRIx64 ")",
				 r->name, r->info.packets, off);
		err->offset = off;
		return -1;
	}
	if (caplen < len) {
		if (rec->orig_len < rec->len + cut_by)
			rec->orig_len = rec->len + cut_by;
		rec->flags |= HWMSG_RECF_TRUNCATED;
	}
	return 0;
}

/* The next packet from libpcap, as the walk gives it (walk.h). */
static int pcap_packet(struct hwmsg_reader *r, struct hwmsg_walk_pkt *p,
		       const char **why)
{
	struct pcap_pkthdr *hdr;
	const u_char *data;
	int ret = r->pc->next_ex(r->pcap, &hdr, &data);

	if (ret == PCAP_ERROR_BREAK)
		return 0;
	if (ret != 1) {
		*why = r->in.errmsg[0] ? r->in.errmsg : r->pc->geterr(r->pcap);
		/* ended inside a block or frame: not damage within */
		r->info.cut = is_zstd_cut(&r->in) ||
			      (!r->in.errmsg[0] && strstr(*why, "truncated"));
		p->block = consumed(r);
		return -1;
	}
	p->data = data;
	p->caplen = hdr->caplen;
	p->len = hdr->len;
	p->ts_ns = (uint64_t)hdr->ts.tv_sec * 1000000000u +
		   (uint64_t)hdr->ts.tv_usec;
	p->data_off = data_offset(r, hdr->caplen);
	p->block = p->data_off - (is_pcapng(r) ? PCAPNG_EPB_DATA_OFF :
						 PCAP_REC_HDR_LEN);
	return 1;
}

static int walk_packet(struct hwmsg_reader *r, struct hwmsg_walk_pkt *p,
		       const char **why)
{
	int ret = hwmsg_walk_next(&r->walk, p);

	if (ret < 0) {
		if (!r->in.errmsg[0])
			read_like_stdio(r);
		*why = r->in.errmsg[0] ? r->in.errmsg : r->walk.errmsg;
		r->info.cut = is_zstd_cut(&r->in) ||
			      (!r->in.errmsg[0] && r->walk.truncated);
		p->block = r->walk.pos;	/* the block at fault */
	}
	return ret;
}

int hwmsg_reader_next(struct hwmsg_reader *r, struct hwmsg_record *rec,
		      struct hwmsg_err *err)
{
	struct hwmsg_walk_pkt p;
	const char *why = "";
	int ret;

	if (r->tracer.on)
		return hwmsg_tracer_next(&r->tracer, rec, &r->info, err);
	while (!r->done) {
		ret = r->walking ? walk_packet(r, &p, &why) :
				   pcap_packet(r, &p, &why);
		if (ret <= 0) {
			r->done = true;
			if (!ret)
				return 0;
			return hwmsg_errf(err, p.block,
					  "%s: after record %" PRIu64 " (offset 0x%" PRIx64 "): %s",
					  r->name, r->info.packets, p.block,
					  why);
		}
		r->info.packets++;
		r->block = p.block;
		memset(rec, 0, sizeof(*rec));
		rec->ts_ns = p.ts_ns;
		if (r->info.format != HWMSG_INPUT_ETHERNET) {
			if (user15_record(r, p.data, p.caplen, p.len,
					  p.data_off, rec, err))
				return -1;
			hwmsg_devnames_add(&r->devnames, rec);
			return 1;
		}
		if (p.caplen < HWMSG_EMAD_ETH_HDR_LEN ||
		    hwmsg_get_be16(p.data + HWMSG_EMAD_ETH_ETHERTYPE_OFF) !=
			    HWMSG_EMAD_ETHERTYPE) {
			r->info.skipped++;
			continue;
		}
		if (p.caplen < p.len)
			rec->flags |= HWMSG_RECF_TRUNCATED;
		rec->orig_len = p.len > p.caplen ? p.len : p.caplen;
		return ethernet_record(r, p.data, p.caplen, p.data_off, rec,
				       err) ? -1 : 1;
	}
	return 0;
}

/* The ISB counts come from the input's block scanner (scan.c). */
int hwmsg_reader_drops(const struct hwmsg_reader *r,
		       struct hwmsg_reader_drops *d)
{
	if (r->tracer.on)
		return trace_in_drops(&r->tracer.t, d);
	return hwmsg_scan_drops(&r->in.scan, d);
}

int hwmsg_reader_iface(const struct hwmsg_reader *r, unsigned int i,
		       struct hwmsg_reader_iface *s)
{
	if (r->tracer.on)
		return trace_in_iface(&r->tracer.t, i, s);
	return hwmsg_scan_iface(&r->in.scan, i, s);
}

int hwmsg_reader_pos(const struct hwmsg_reader *r, struct hwmsg_reader_pos *p)
{
	struct hwmsg_in_frame f = { 0, 0 };

	memset(p, 0, sizeof(*p));
	if (!r->info.packets || r->tracer.on)	/* no blocks to index */
		return -1;
	p->block = r->block;
	p->src_read = r->in.src_read;
	if (r->in.src.dc && hwmsg_in_frame_of(&r->in, r->block, &f))
		return -1;	/* cannot happen: the ring outlasts the lag */
	p->frame = f.comp;
	p->frame_plain = f.plain;
	return 0;
}

int hwmsg_reader_context(const struct hwmsg_reader *r, uint64_t block,
			 const uint8_t **ctx, size_t *len, uint64_t *start)
{
	const struct hwmsg_scan_sect *x;

	if (r->tracer.on)
		return -1;
	if (!is_pcapng(r)) {
		if (r->in.head_len < HWMSG_IN_FIRST)
			return -1;
		*ctx = r->in.head;	/* the file header */
		*len = HWMSG_IN_FIRST;
		*start = 0;
		return 0;
	}
	x = hwmsg_scan_sect_of(&r->in.scan, block);
	if (!x || x->bad || !x->len)
		return -1;
	*ctx = x->ctx;
	*len = x->len;
	*start = x->start;
	return 0;
}

int hwmsg_reader_origin(const struct hwmsg_reader *r,
			struct hwmsg_reader_origin *o)
{
	memset(o, 0, sizeof(*o));
	if (!r->tracer.on)
		return -1;
	*o = r->tracer.t.origin;
	return 0;
}

int hwmsg_reader_cpu_lost(const struct hwmsg_reader *r, unsigned int cpu,
			  uint64_t *lost)
{
	if (!r->tracer.on)
		return -1;
	return trace_in_cpu_lost(&r->tracer.t, cpu, lost);
}
