// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Walk a pcapng stream block by block over the input's chunk. The rules
 * (and the words of the errors) are libpcap 1.10's, so that switching to
 * this walk changes nothing but the time: libpcap copies each block
 * through stdio twice, which was most of the time `hwmsg stat` took.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/wire.h"
#include "pcapng.h"
#include "walk.h"

#define PCAPNG_SPB		0x00000003u
#define PCAPNG_PB		0x00000002u	/* obsolete, still read */
#define PCAPNG_IF_TSOFFSET	14
#define BLOCK_MIN		12u		/* header and trailer */
#define BLOCK_MAX		(16u << 20)	/* libpcap's limit */
#define SNAPLEN_MAX		262144u		/* libpcap's, these link types */
#define SNAPLEN_BOGUS		0x7fffffffu	/* above: use SNAPLEN_MAX */
#define NS_PER_S		1000000000ull
#define SHB_MIN			28u	/* with byte order, versions, length */
#define SHB_MAX			(1u << 20)	/* libpcap's "insane" limit */
#define PCAP_MAGIC_US		0xa1b2c3d4u
#define PCAP_MAGIC_NS		0xa1b23c4du
#define PCAP_MAGIC_KUZNETZOV	0xa1b2cd34u

enum { PASS, UP_DEC, UP_BIN, DOWN_DEC, DOWN_BIN };

/* One block being looked at: its body after the 8-byte header. */
struct blk {
	uint32_t type;
	const uint8_t *p;
	size_t left;		/* body bytes not taken yet, trailer excluded */
};

void hwmsg_walk_init(struct hwmsg_walk *w, struct hwmsg_in *in)
{
	memset(w, 0, sizeof(*w));
	w->in = in;
}

void hwmsg_walk_free(struct hwmsg_walk *w)
{
	free(w->ifs);
	w->ifs = NULL;
}

static uint16_t get16(const struct hwmsg_walk *w, const uint8_t *p)
{
	uint16_t v = hwmsg_get_le16(p);

	return w->swapped ? __builtin_bswap16(v) : v;
}

static uint32_t get32(const struct hwmsg_walk *w, const uint8_t *p)
{
	uint32_t v = hwmsg_get_le32(p);

	return w->swapped ? __builtin_bswap32(v) : v;
}

__attribute__((format(printf, 2, 3)))
static int fail(struct hwmsg_walk *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->errmsg, sizeof(w->errmsg), fmt, ap);
	va_end(ap);
	return -1;
}

/* The input's bytes, noting how far the walk has asked for. */
static const uint8_t *span(struct hwmsg_walk *w, uint64_t off, size_t want,
			   size_t *have)
{
	if (off + want > w->reach)
		w->reach = off + want;
	return hwmsg_in_span(w->in, off, want, have);
}

static int input_failed(struct hwmsg_walk *w)
{
	return fail(w, "%s", w->in->errmsg[0] ? w->in->errmsg :
						  "error reading dump file");
}

/* The block at w->pos, whole: 1, 0 at a clean end, -1. */
static int read_block(struct hwmsg_walk *w, struct blk *b)
{
	const uint8_t *p;
	uint32_t len;
	size_t have;

	p = span(w, w->pos, 8, &have);
	if (!p)
		return input_failed(w);
	if (!have)
		return 0;
	if (have < 8) {
		w->truncated = true;
		return fail(w, "truncated pcapng dump file; tried to read 8 bytes, only got %zu",
			    have);
	}
	b->type = get32(w, p);
	len = get32(w, p + 4);
	if (len < BLOCK_MIN)
		return fail(w, "block in pcapng dump file has a length of %u < %u",
			    len, BLOCK_MIN);
	if (len % 4)
		return fail(w, "block in pcapng dump file has a length of %u that is not a multiple of 4",
			    len);
	if (len > BLOCK_MAX)
		return fail(w, "pcapng block size %u > maximum %u", len,
			    BLOCK_MAX);
	p = span(w, w->pos, len, &have);
	if (!p)
		return input_failed(w);
	if (have < len) {
		w->truncated = true;
		return fail(w, "truncated pcapng dump file; tried to read %u bytes, only got %zu",
			    len - 8, have - 8);
	}
	if (get32(w, p + len - 4) != len)
		return fail(w, "block total length in header and trailer don't match");
	b->p = p + 8;
	b->left = len - BLOCK_MIN;
	return 1;
}

static const uint8_t *take(struct hwmsg_walk *w, struct blk *b, size_t n)
{
	const uint8_t *p = b->p;

	if (b->left < n) {
		fail(w, "block of type %u in pcapng dump file is too short",
		     b->type);
		return NULL;
	}
	b->p += n;
	b->left -= n;
	return p;
}

static uint32_t adjust_snaplen(uint32_t snaplen)
{
	return !snaplen || snaplen > SNAPLEN_BOGUS ? SNAPLEN_MAX : snaplen;
}

/* if_tsresol: 10^-n or 2^-n of a second. */
static int tsresol(struct hwmsg_walk *w, uint8_t v, struct hwmsg_walk_if *f)
{
	unsigned int i;

	if (v & 0x80) {
		if ((v & 0x7f) > 63)
			return fail(w, "Interface Description Block if_tsresol option resolution 2^-%u is too high",
				    v & 0x7f);
		f->tsresol = 1ull << (v & 0x7f);
		f->scale_type = f->tsresol == NS_PER_S ? PASS :
				f->tsresol > NS_PER_S ? DOWN_BIN : UP_BIN;
		return 0;
	}
	if (v > 19)
		return fail(w, "Interface Description Block if_tsresol option resolution 10^-%u is too high",
			    v);
	for (f->tsresol = 1, i = 0; i < v; i++)
		f->tsresol *= 10;
	if (f->tsresol == NS_PER_S)
		f->scale_type = PASS;
	else if (f->tsresol > NS_PER_S)
		f->scale_type = DOWN_DEC, f->scale = f->tsresol / NS_PER_S;
	else
		f->scale_type = UP_DEC, f->scale = NS_PER_S / f->tsresol;
	return 0;
}

static int idb_options(struct hwmsg_walk *w, struct blk *b,
		       struct hwmsg_walk_if *f)
{
	bool saw_res = false, saw_off = false;

	while (b->left) {
		const uint8_t *h = take(w, b, 4), *v;
		uint16_t code, len;

		if (!h)
			return -1;
		code = get16(w, h);
		len = get16(w, h + 2);
		v = take(w, b, (len + 3u) & ~3u);
		if (!v)
			return -1;
		if (code == PCAPNG_OPT_END) {
			if (len)
				return fail(w, "Interface Description Block has opt_endofopt option with length %u != 0",
					    len);
			break;
		}
		if (code == PCAPNG_IF_TSRESOL) {
			if (len != 1)
				return fail(w, "Interface Description Block has if_tsresol option with length %u != 1",
					    len);
			if (saw_res)
				return fail(w, "Interface Description Block has more than one if_tsresol option");
			saw_res = true;
			if (tsresol(w, v[0], f))
				return -1;
		} else if (code == PCAPNG_IF_TSOFFSET) {
			if (len != 8)
				return fail(w, "Interface Description Block has if_tsoffset option with length %u != 8",
					    len);
			if (saw_off)
				return fail(w, "Interface Description Block has more than one if_tsoffset option");
			saw_off = true;
			f->tsoffset = hwmsg_get_le64(v);
			if (w->swapped)
				f->tsoffset = __builtin_bswap64(f->tsoffset);
		}
	}
	return 0;
}

/*
 * libpcap hands out the first interface's link type as a DLT_ value; on
 * Linux these LINKTYPE_ values have another (the rest are the same). A
 * later interface's raw type is compared with it, as libpcap does.
 */
static int linktype_to_dlt(uint16_t linktype)
{
	switch (linktype) {
	case 100: return 11;	/* ATM_RFC1483 */
	case 101: return 12;	/* RAW */
	case 102: return 15;	/* SLIP_BSDOS */
	case 103: return 16;	/* PPP_BSDOS */
	case 106: return 19;	/* ATM_CLIP */
	default: return linktype;
	}
}

static int add_interface(struct hwmsg_walk *w, struct blk *b)
{
	struct hwmsg_walk_if f = { .tsresol = 1000000, .scale_type = UP_DEC,
				   .scale = 1000 };
	const uint8_t *h = take(w, b, 8);
	uint16_t linktype;
	uint32_t snaplen;

	if (!h)
		return -1;
	linktype = get16(w, h);
	snaplen = get32(w, h + 4);
	if (!w->have_first) {
		w->have_first = true;
		w->linktype = linktype_to_dlt(linktype);
		w->snapshot = adjust_snaplen(snaplen);
	} else if (linktype != w->linktype) {
		return fail(w, "an interface has a type %u different from the type of the first interface",
			    linktype);
	} else if (adjust_snaplen(snaplen) != w->snapshot) {
		return fail(w, "an interface has a snapshot length %u different from the snapshot length of the first interface",
			    snaplen);
	}
	if (idb_options(w, b, &f))
		return -1;
	if (w->n_ifs == w->cap_ifs) {
		unsigned int cap = w->cap_ifs ? 2 * w->cap_ifs : 4;
		struct hwmsg_walk_if *p = realloc(w->ifs, cap * sizeof(*p));

		if (!p)
			return fail(w, "out of memory for per-interface information (%u interfaces)",
				    w->n_ifs + 1);
		w->ifs = p;
		w->cap_ifs = cap;
	}
	w->ifs[w->n_ifs++] = f;
	return 0;
}

static int new_section(struct hwmsg_walk *w, struct blk *b)
{
	const uint8_t *h;
	uint32_t magic;

	h = take(w, b, 16);
	if (!h)
		return -1;
	magic = get32(w, h);
	if (magic == __builtin_bswap32(PCAPNG_BYTE_ORDER_MAGIC))
		return fail(w, "the file has sections with different byte orders");
	if (magic != PCAPNG_BYTE_ORDER_MAGIC)
		return fail(w, "the file has a section with a bad byte order magic field");
	if (get16(w, h + 4) != 1)
		return fail(w, "unknown pcapng savefile major version number %u",
			    get16(w, h + 4));
	w->n_ifs = 0;
	return 0;
}

/* libpcap's arithmetic, overflow and all, into seconds and nanoseconds. */
static uint64_t timestamp(const struct hwmsg_walk_if *f, uint64_t t)
{
	uint64_t sec = t / f->tsresol + f->tsoffset;
	uint64_t frac = t % f->tsresol;

	switch (f->scale_type) {
	case UP_DEC:
		frac *= f->scale;
		break;
	case DOWN_DEC:
		frac /= f->scale;
		break;
	case UP_BIN:
	case DOWN_BIN:
		frac = frac * NS_PER_S / f->tsresol;
		break;
	}
	/* struct timeval's tv_usec got (int)frac */
	return sec * NS_PER_S + (uint64_t)(int64_t)(int32_t)(uint32_t)frac;
}

static int packet(struct hwmsg_walk *w, struct blk *b, uint64_t block_len,
		  struct hwmsg_walk_pkt *pkt)
{
	uint32_t ifid = 0;
	uint64_t t = 0;
	const uint8_t *h;

	if (b->type == PCAPNG_EPB || b->type == PCAPNG_PB) {
		h = take(w, b, 20);
		if (!h)
			return -1;
		ifid = b->type == PCAPNG_EPB ? get32(w, h) : get16(w, h);
		t = (uint64_t)get32(w, h + 4) << 32 | get32(w, h + 8);
		pkt->caplen = get32(w, h + 12);
		pkt->len = get32(w, h + 16);
	} else {
		h = take(w, b, 4);
		if (!h)
			return -1;
		pkt->len = get32(w, h);
		pkt->caplen = pkt->len < w->snapshot ? pkt->len : w->snapshot;
	}
	if (ifid >= w->n_ifs)
		return fail(w, "a packet arrived on interface %u, but there's no Interface Description Block for that interface",
			    ifid);
	if (pkt->caplen > w->snapshot)
		return fail(w, "invalid packet capture length %u, bigger than snaplen of %u",
			    pkt->caplen, w->snapshot);
	pkt->ts_ns = timestamp(&w->ifs[ifid], t);
	pkt->data_off = w->pos + block_len - 4 - b->left;
	pkt->data = take(w, b, pkt->caplen);
	return pkt->data ? 1 : -1;
}

int hwmsg_walk_next(struct hwmsg_walk *w, struct hwmsg_walk_pkt *pkt)
{
	for (;;) {
		struct blk b = { 0 };
		uint64_t len;
		int ret = read_block(w, &b);

		if (ret <= 0)
			return ret;
		len = b.left + BLOCK_MIN;
		switch (b.type) {
		case PCAPNG_EPB:
		case PCAPNG_SPB:
		case PCAPNG_PB:
			ret = packet(w, &b, len, pkt);
			if (ret < 0)
				return ret;
			pkt->block = w->pos;
			w->pos += len;
			return 1;
		case PCAPNG_IDB:
			ret = add_interface(w, &b);
			break;
		case PCAPNG_SHB:
			ret = new_section(w, &b);
			break;
		default:	/* ISBs and the rest: the scanner's or nobody's */
			break;
		}
		if (ret < 0)
			return ret;
		w->pos += len;
	}
}

static bool classic_magic(uint32_t m)
{
	return m == PCAP_MAGIC_US || m == PCAP_MAGIC_NS ||
	       m == PCAP_MAGIC_KUZNETZOV ||
	       m == __builtin_bswap32(PCAP_MAGIC_US) ||
	       m == __builtin_bswap32(PCAP_MAGIC_NS) ||
	       m == __builtin_bswap32(PCAP_MAGIC_KUZNETZOV);
}

/* The first section header, as libpcap's pcapng open checks it. */
static int first_section(struct hwmsg_walk *w)
{
	const uint8_t *p;
	uint16_t major, minor;
	uint32_t len;
	size_t have;

	p = span(w, 0, 12, &have);
	if (!p)
		return input_failed(w);
	/* too short to say, or no byte order magic: not pcapng after all */
	if (have < 12)
		return fail(w, "unknown file format");
	if (hwmsg_get_le32(p + 8) == __builtin_bswap32(PCAPNG_BYTE_ORDER_MAGIC))
		w->swapped = true;
	else if (hwmsg_get_le32(p + 8) != PCAPNG_BYTE_ORDER_MAGIC)
		return fail(w, "unknown file format");
	len = get32(w, p + 4);
	/* not checked: a multiple of 4, the trailer (libpcap does not) */
	if (len < SHB_MIN || len > SHB_MAX)
		return fail(w, "Section Header Block in pcapng dump file has invalid length %u < _%u_ < %u (BT_SHB_INSANE_MAX)",
			    SHB_MIN, len, SHB_MAX);
	p = span(w, 0, len, &have);
	if (!p)
		return input_failed(w);
	if (have < len) {
		w->truncated = true;
		return fail(w, "truncated pcapng dump file; tried to read %u bytes, only got %zu",
			    len - 12, have - 12);
	}
	major = get16(w, p + 12);
	minor = get16(w, p + 14);
	if (major != 1 || (minor != 0 && minor != 2))
		return fail(w, "unsupported pcapng savefile version %u.%u",
			    major, minor);
	w->pos = len;
	return 0;
}

int hwmsg_walk_open(struct hwmsg_walk *w)
{
	const uint8_t *p;
	uint32_t magic;
	size_t have;

	p = span(w, 0, 4, &have);
	if (!p)
		return input_failed(w);
	if (have < 4)
		return fail(w, "truncated dump file; tried to read 4 file header bytes, only got %zu",
			    have);
	magic = hwmsg_get_le32(p);
	if (classic_magic(magic))
		return 1;
	if (magic != PCAPNG_SHB)
		return fail(w, "unknown file format");
	if (first_section(w))
		return -1;
	/* up to the first interface: other blocks (more sections too)
	 * passed over, a packet an error */
	for (;;) {
		struct blk b = { 0 };
		int ret = read_block(w, &b);
		uint64_t len = b.left + BLOCK_MIN;

		if (!ret)
			return fail(w, "the capture file has no Interface Description Blocks");
		if (ret < 0)
			return ret;
		switch (b.type) {
		case PCAPNG_IDB:
			if (add_interface(w, &b))
				return -1;
			w->pos += len;
			return 0;
		case PCAPNG_EPB:
		case PCAPNG_SPB:
		case PCAPNG_PB:
			return fail(w, "the capture file has a packet block before any Interface Description Blocks");
		}
		w->pos += len;
	}
}
