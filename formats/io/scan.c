// SPDX-License-Identifier: GPL-2.0-or-later
/* Follows pcapng blocks as bytes pass by; keeps IDB names and ISB counts. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/wire.h"
#include "pcapng.h"
#include "scan.h"

#define HDR_LEN		12	/* type, length, and the SHB's magic */
#define SHB_MIN_LEN	28
#define IDB_OPTS	16	/* header, link type, reserved, snaplen */
#define ISB_OPTS	20	/* header, interface id, timestamp */
#define UNATTRIBUTED	"dropped (not attributable): "

void hwmsg_scan_init(struct hwmsg_scan *s)
{
	memset(s, 0, sizeof(*s));
}

void hwmsg_scan_free(struct hwmsg_scan *s)
{
	for (unsigned int i = 0; i < s->n_sects; i++)
		free(s->sects[i].ctx);
	free(s->sects);
	s->sects = NULL;
	s->n_sects = s->cap_sects = 0;
	free(s->blk);
	free(s->ifs);
	s->blk = NULL;
	s->ifs = NULL;
	s->n_ifs = s->cap_ifs = 0;
	s->state = HWMSG_SCAN_OFF;
}

static uint32_t get32(const struct hwmsg_scan *s, const uint8_t *p)
{
	return s->be ? hwmsg_get_be32(p) : hwmsg_get_le32(p);
}

static uint16_t get16(const struct hwmsg_scan *s, const uint8_t *p)
{
	return s->be ? hwmsg_get_be16(p) : hwmsg_get_le16(p);
}

static uint64_t get64(const struct hwmsg_scan *s, const uint8_t *p)
{
	return s->be ? hwmsg_get_be64(p) : hwmsg_get_le64(p);
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/*
 * The next option of the block in s->blk at *off; options end before the
 * trailing length. 1: an option; 0: the end; -1: one runs past the block.
 */
static int next_opt(const struct hwmsg_scan *s, size_t *off, uint16_t *code,
		    uint16_t *len, const uint8_t **val)
{
	size_t end = s->len - 4, padded;

	if (*off + 4 > end)
		return *off == end ? 0 : -1;
	*code = get16(s, s->blk + *off);
	*len = get16(s, s->blk + *off + 2);
	if (*code == PCAPNG_OPT_END)
		return 0;
	padded = ((size_t)*len + 3) & ~(size_t)3;
	if (padded > end - *off - 4)
		return -1;
	*val = s->blk + *off + 4;
	*off += 4 + padded;
	return 1;
}

/* "dropped (not attributable): N", N decimal; false for anything else. */
static bool parse_unattributed(const uint8_t *v, size_t len, uint64_t *n)
{
	size_t i = sizeof(UNATTRIBUTED) - 1;
	uint64_t x = 0;

	while (len && !v[len - 1])	/* some writers add a NUL */
		len--;
	if (len <= i || memcmp(v, UNATTRIBUTED, i))
		return false;
	for (; i < len; i++) {
		if (v[i] < '0' || v[i] > '9' ||
		    x > (UINT64_MAX - (v[i] - '0')) / 10)
			return false;
		x = x * 10 + (v[i] - '0');
	}
	*n = x;
	return true;
}

/* Printable bytes only, up to a NUL: tools print the name. */
static void copy_name(char *dst, size_t size, const uint8_t *src, size_t len)
{
	size_t i;

	for (i = 0; i < len && src[i] && i + 1 < size; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? (char)src[i] : '?';
	dst[i] = 0;
}

/* A new interface of the current section; its name may be empty. */
static void add_iface(struct hwmsg_scan *s, const uint8_t *name, size_t len)
{
	struct hwmsg_scan_if *ifc;

	if (s->interfaces < UINT_MAX)
		s->interfaces++;
	if (s->n_ifs == HWMSG_SCAN_MAX_IFS || s->n_ifs + 1 != s->interfaces)
		return;		/* past the cap: counted, not kept */
	if (s->n_ifs == s->cap_ifs) {
		unsigned int cap = s->cap_ifs ? s->cap_ifs * 2 : 8;
		void *p = realloc(s->ifs, cap * sizeof(*s->ifs));

		if (!p) {
			s->interfaces--;	/* keeps n_ifs == interfaces */
			s->state = HWMSG_SCAN_OFF;
			return;
		}
		s->ifs = p;
		s->cap_ifs = cap;
	}
	ifc = &s->ifs[s->n_ifs++];
	memset(ifc, 0, sizeof(*ifc));
	copy_name(ifc->name, sizeof(ifc->name), name, len);
}

static void parse_idb(struct hwmsg_scan *s)
{
	size_t off = IDB_OPTS;
	const uint8_t *val, *name = NULL;
	uint16_t code, len, name_len = 0;
	bool raw = false;

	if (s->len >= IDB_OPTS + 4) {
		while (next_opt(s, &off, &code, &len, &val) > 0) {
			/* the name as received beats its escaped form */
			if ((code == PCAPNG_IF_NAME && !raw) ||
			    code == PCAPNG_IF_HWMSG_RAW_NAME) {
				raw = code == PCAPNG_IF_HWMSG_RAW_NAME;
				name = val;
				name_len = len;
			}
		}
	}
	add_iface(s, name, name ? name_len : 0);
}

/* Every option present replaces what an earlier ISB of the interface said. */
static void parse_isb(struct hwmsg_scan *s)
{
	struct hwmsg_scan_if *ifc, got;
	size_t off = ISB_OPTS;
	const uint8_t *val;
	uint16_t code, len;
	uint32_t id;
	uint64_t n;
	bool recv = false, drop = false, unattr = false, accept = false;
	uint64_t accepted = 0;
	int ret;

	if (s->len < ISB_OPTS + 4 || get32(s, s->blk + s->len - 4) != s->len)
		goto skipped;
	id = get32(s, s->blk + 8);
	if (id >= s->interfaces - s->sect_base ||
	    s->sect_base + id >= s->n_ifs)
		goto skipped;
	memset(&got, 0, sizeof(got));
	while ((ret = next_opt(s, &off, &code, &len, &val)) > 0) {
		if (code == PCAPNG_ISB_IFRECV && len == 8) {
			got.recv = get64(s, val);
			recv = true;
		} else if (code == PCAPNG_ISB_IFDROP && len == 8) {
			got.drop = get64(s, val);
			drop = true;
		} else if (code == PCAPNG_ISB_FILTERACCEPT && len == 8) {
			accepted = get64(s, val);
			accept = true;
		} else if (code == PCAPNG_OPT_COMMENT &&
			   parse_unattributed(val, len, &n)) {
			got.unattributed = add_sat(got.unattributed, n);
			unattr = true;
		}
	}
	if (ret < 0)
		goto skipped;
	ifc = &s->ifs[s->sect_base + id];
	ifc->has_isb = true;
	ifc->has_drop |= drop || unattr;
	if (recv)
		ifc->recv = got.recv;
	/* what a capture filter left out was neither kept nor lost */
	if (recv && accept && accepted <= got.recv) {
		ifc->filtered = got.recv - accepted;
		ifc->recv = accepted;
	}
	if (drop)
		ifc->drop = got.drop;
	if (unattr)
		ifc->unattributed = got.unattributed;
	return;

skipped:
	if (s->isb_skipped < UINT_MAX)
		s->isb_skipped++;
}

/* A new section starts at the current block (its SHB). */
static void add_sect(struct hwmsg_scan *s)
{
	struct hwmsg_scan_sect *x;

	if (s->n_sects == s->cap_sects) {
		unsigned int cap = s->cap_sects ? s->cap_sects * 2 : 4;

		x = realloc(s->sects, cap * sizeof(*x));
		if (!x) {
			/* the previous section would be taken for this one */
			if (s->n_sects)
				s->sects[s->n_sects - 1].bad = true;
			return;
		}
		s->sects = x;
		s->cap_sects = cap;
	}
	x = &s->sects[s->n_sects++];
	memset(x, 0, sizeof(*x));
	x->start = s->blk_start;
}

/* The current block, whole, belongs to its section's context. */
static void ctx_add(struct hwmsg_scan *s, const uint8_t *blk, size_t len)
{
	struct hwmsg_scan_sect *x;
	uint8_t *p;

	if (!s->n_sects)
		return;
	x = &s->sects[s->n_sects - 1];
	if (x->bad)
		return;
	if (!blk || x->len + len > HWMSG_SCAN_MAX_CTX) {
		x->bad = true;
		return;
	}
	if (x->len + len > x->cap) {
		size_t cap = x->cap ? x->cap * 2 : 512;

		while (cap < x->len + len)
			cap *= 2;
		p = realloc(x->ctx, cap);
		if (!p) {
			x->bad = true;
			return;
		}
		x->ctx = p;
		x->cap = cap;
	}
	memcpy(x->ctx + x->len, blk, len);
	x->len += len;
}

const struct hwmsg_scan_sect *hwmsg_scan_sect_of(const struct hwmsg_scan *s,
						 uint64_t off)
{
	unsigned int i = s->n_sects;

	while (i--)
		if (s->sects[i].start <= off)
			return &s->sects[i];
	return NULL;
}

/* The 12 header bytes are in: decide what to do with the block. */
static void start_block(struct hwmsg_scan *s)
{
	/* the SHB type reads the same in both byte orders */
	bool shb = hwmsg_get_le32(s->hdr) == PCAPNG_SHB;

	s->hdr_len = 0;
	if (shb) {
		if (hwmsg_get_le32(s->hdr + 8) == PCAPNG_BYTE_ORDER_MAGIC)
			s->be = false;
		else if (hwmsg_get_be32(s->hdr + 8) == PCAPNG_BYTE_ORDER_MAGIC)
			s->be = true;
		else
			goto off;
		s->pcapng = true;
		s->sect_base = s->interfaces;	/* ids count from 0 again */
	} else if (!s->pcapng) {
		goto off;	/* classic pcap, or not a capture at all */
	}
	s->type = get32(s, s->hdr);
	s->len = get32(s, s->hdr + 4);
	if (s->len < HDR_LEN || s->len % 4 || (shb && s->len < SHB_MIN_LEN))
		goto off;	/* libpcap gives up here too */
	if (shb)
		add_sect(s);
	if ((s->type == PCAPNG_IDB || s->type == PCAPNG_ISB || shb) &&
	    s->len <= HWMSG_SCAN_MAX_BLOCK) {
		if (!s->blk)
			s->blk = malloc(HWMSG_SCAN_MAX_BLOCK);
		if (s->blk) {
			memcpy(s->blk, s->hdr, HDR_LEN);
			s->blk_len = HDR_LEN;
			s->state = HWMSG_SCAN_KEEP;
			return;
		}
	}
	/* too big (or no memory) to look into: it still counts */
	if (s->type == PCAPNG_IDB || shb)
		ctx_add(s, NULL, 0);	/* the section cannot be read alone */
	if (s->type == PCAPNG_IDB)
		add_iface(s, NULL, 0);
	else if (s->type == PCAPNG_ISB && s->isb_skipped < UINT_MAX)
		s->isb_skipped++;
	s->skip = s->len - HDR_LEN;
	s->state = HWMSG_SCAN_SKIP;
	return;
off:
	s->state = HWMSG_SCAN_OFF;
}

static void end_block(struct hwmsg_scan *s)
{
	s->state = HWMSG_SCAN_HEADER;
	if (s->type == PCAPNG_SHB) {
		ctx_add(s, s->blk, s->len);
	} else if (s->type == PCAPNG_IDB) {
		ctx_add(s, s->blk, s->len);
		parse_idb(s);
	} else {
		parse_isb(s);
	}
}

/*
 * Whole blocks at p that start_block() would only pass over (packets,
 * above all): skipped at once, no header copied. Returns bytes used.
 */
static size_t pass_packets(struct hwmsg_scan *s, const uint8_t *p, size_t n)
{
	size_t used = 0;

	while (n - used >= HDR_LEN) {
		const uint8_t *b = p + used;
		uint32_t type = get32(s, b), len = get32(s, b + 4);

		if (hwmsg_get_le32(b) == PCAPNG_SHB || type == PCAPNG_IDB ||
		    type == PCAPNG_ISB || len < HDR_LEN || len % 4 ||
		    len > n - used)
			break;
		used += len;
	}
	s->fed += used;
	return used;
}

void hwmsg_scan_feed(struct hwmsg_scan *s, const uint8_t *p, size_t n)
{
	size_t take;

	/* each turn consumes bytes or ends a block: no endless loop */
	while (n && s->state != HWMSG_SCAN_OFF) {
		switch (s->state) {
		case HWMSG_SCAN_HEADER:
			if (!s->hdr_len && s->pcapng) {
				take = pass_packets(s, p, n);
				p += take;
				n -= take;
				if (!n)
					return;
			}
			if (!s->hdr_len)
				s->blk_start = s->fed;
			take = HDR_LEN - s->hdr_len;
			take = take < n ? take : n;
			memcpy(s->hdr + s->hdr_len, p, take);
			s->hdr_len += take;
			if (s->hdr_len == HDR_LEN)
				start_block(s);
			break;
		case HWMSG_SCAN_KEEP:
			take = s->len - s->blk_len;
			take = take < n ? take : n;
			memcpy(s->blk + s->blk_len, p, take);
			s->blk_len += take;
			break;
		case HWMSG_SCAN_SKIP:
			take = s->skip < n ? s->skip : n;
			s->skip -= (uint32_t)take;
			break;
		default:
			return;
		}
		p += take;
		n -= take;
		s->fed += take;
		if (s->state == HWMSG_SCAN_KEEP && s->blk_len == s->len)
			end_block(s);
		else if (s->state == HWMSG_SCAN_SKIP && !s->skip)
			s->state = HWMSG_SCAN_HEADER;
	}
}

int hwmsg_scan_drops(const struct hwmsg_scan *s, struct hwmsg_reader_drops *d)
{
	memset(d, 0, sizeof(*d));
	if (!s->pcapng)
		return -1;
	d->interfaces = s->interfaces;
	d->isb_skipped = s->isb_skipped;
	for (unsigned int i = 0; i < s->n_ifs; i++) {
		const struct hwmsg_scan_if *ifc = &s->ifs[i];

		if (!ifc->has_isb)
			continue;
		/* an ISB with only isb_ifrecv (some writers) counts no loss */
		d->known |= ifc->has_drop;
		d->interfaces_with_isb++;
		d->received = add_sat(d->received, ifc->recv);
		d->filtered = add_sat(d->filtered, ifc->filtered);
		d->dropped = add_sat(d->dropped, ifc->drop);
		d->unattributed = add_sat(d->unattributed, ifc->unattributed);
	}
	return 0;
}

int hwmsg_scan_iface(const struct hwmsg_scan *s, unsigned int i,
		     struct hwmsg_reader_iface *out)
{
	const struct hwmsg_scan_if *ifc;

	memset(out, 0, sizeof(*out));
	if (i >= s->n_ifs)
		return -1;
	ifc = &s->ifs[i];
	out->name = ifc->name;
	out->has_isb = ifc->has_isb;
	out->received = ifc->recv;
	out->dropped = ifc->drop;
	out->unattributed = ifc->unattributed;
	out->filtered = ifc->filtered;
	return 0;
}
