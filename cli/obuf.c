// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "obuf.h"

int ob_open(struct obuf *o, FILE *f, size_t cap)
{
	ob_init(o, malloc(cap), cap, f);
	if (!o->buf)
		return -1;
	o->owned = true;
	o->line = isatty(fileno(f));
	return 0;
}

void ob_init(struct obuf *o, char *buf, size_t cap, FILE *f)
{
	o->buf = buf;
	o->len = 0;
	o->cap = cap;
	o->f = f;
	o->owned = false;
	o->line = false;
}

/* A memory buffer (no FILE) doubles; out of memory, it loses its text. */
static void ob_grow(struct obuf *o, size_t n)
{
	size_t cap = o->cap ? o->cap : 256;
	char *b;

	if (!o->owned) {	/* caller memory cannot grow */
		o->len = 0;
		return;
	}

	while (cap - o->len < n)
		cap *= 2;
	b = realloc(o->buf, cap);
	if (!b) {
		o->len = 0;
		return;
	}
	o->buf = b;
	o->cap = cap;
}

int ob_open_mem(struct obuf *o, size_t cap)
{
	if (ob_open(o, stdout, cap))
		return -1;
	o->f = NULL;
	o->line = false;
	return 0;
}

void ob_flush(struct obuf *o)
{
	if (!o->f) {		/* memory: room instead of a write */
		if (o->len == o->cap)
			ob_grow(o, 1);
		return;
	}
	if (o->len)
		fwrite(o->buf, 1, o->len, o->f);
	o->len = 0;
	if (o->line)
		fflush(o->f);
}

void ob_close(struct obuf *o)
{
	ob_flush(o);
	if (o->owned)
		free(o->buf);
	o->buf = NULL;
	o->cap = 0;
}

void ob_put_slow(struct obuf *o, const char *s, size_t n)
{
	if (!o->f) {
		ob_grow(o, n);
		if (o->cap - o->len >= n) {
			memcpy(o->buf + o->len, s, n);
			o->len += n;
		}
		return;
	}
	ob_flush(o);
	if (n > o->cap) {	/* larger than the buffer: straight through */
		fwrite(s, 1, n, o->f);
		return;
	}
	memcpy(o->buf, s, n);
	o->len = n;
}

/* "00".."99": two digits per division */
static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/*
 * Room for n more bytes at the end of the text (a flush first if need
 * be), or NULL: the caller writes there and adds n to len itself.
 */
static char *ob_room(struct obuf *o, size_t n)
{
	if (o->cap - o->len < n)
		ob_flush(o);
	return o->cap - o->len < n ? NULL : o->buf + o->len;
}

/* Nanoseconds of a timestamp (every show line): straight into place. */
static bool ob_nine_digits(struct obuf *o, uint64_t v)
{
	uint32_t x = (uint32_t)v;
	char *p;

	if (v >= 1000000000u || !(p = ob_room(o, 9)))
		return false;
	for (int i = 7; i > 0; i -= 2) {
		uint32_t r = x % 100;

		x /= 100;
		p[i] = digit_pairs[2 * r];
		p[i + 1] = digit_pairs[2 * r + 1];
	}
	p[0] = (char)('0' + x);
	o->len += 9;
	return true;
}

/* Digits are written backwards into a small buffer, then appended. */
void ob_u64_pad(struct obuf *o, uint64_t v, unsigned int digits)
{
	char d[24];
	unsigned int n = 0;

	if (digits == 9 && ob_nine_digits(o, v))
		return;

	while (v >= 100) {
		unsigned int r = (unsigned int)(v % 100);

		v /= 100;
		d[sizeof(d) - 1 - n++] = digit_pairs[2 * r + 1];
		d[sizeof(d) - 1 - n++] = digit_pairs[2 * r];
	}
	if (v >= 10) {
		d[sizeof(d) - 1 - n++] = digit_pairs[2 * v + 1];
		d[sizeof(d) - 1 - n++] = digit_pairs[2 * v];
	} else {
		d[sizeof(d) - 1 - n++] = (char)('0' + v);
	}
	while (n < digits && n < sizeof(d))
		d[sizeof(d) - 1 - n++] = '0';
	ob_put(o, d + sizeof(d) - n, n);
}

void ob_u64(struct obuf *o, uint64_t v)
{
	if (v < 10) {
		ob_putc(o, (char)('0' + v));
		return;
	}
	ob_u64_pad(o, v, 0);
}

void ob_i64(struct obuf *o, int64_t v)
{
	if (v < 0) {
		ob_putc(o, '-');
		ob_u64(o, (uint64_t)0 - (uint64_t)v);
		return;
	}
	ob_u64(o, (uint64_t)v);
}

void ob_hex(struct obuf *o, uint64_t v, unsigned int digits)
{
	static const char hex[] = "0123456789abcdef";
	char d[16];
	unsigned int n = 0;

	char *p;

	if (digits == 2 && v < 256) {	/* a byte: MACs, hex dumps */
		char b[2] = { hex[v >> 4], hex[v & 15] };

		ob_put(o, b, 2);
		return;
	}
	if (digits == 16 && (p = ob_room(o, 16))) {	/* a tid: in place */
		for (int i = 15; i >= 0; i--, v >>= 4)
			p[i] = hex[v & 15];
		o->len += 16;
		return;
	}
	do {
		d[sizeof(d) - 1 - n++] = hex[v & 15];
		v >>= 4;
	} while (v);
	while (n < digits && n < sizeof(d))
		d[sizeof(d) - 1 - n++] = '0';
	ob_put(o, d + sizeof(d) - n, n);
}

void ob_fill(struct obuf *o, char c, size_t n)
{
	while (n) {
		size_t k;

		if (o->len == o->cap)
			ob_flush(o);
		k = o->cap - o->len < n ? o->cap - o->len : n;
		memset(o->buf + o->len, c, k);
		o->len += k;
		n -= k;
	}
}

void ob_printf(struct obuf *o, const char *fmt, ...)
{
	char small[256], *big;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		ob_put(o, small, (size_t)n);
		return;
	}
	big = malloc((size_t)n + 1);
	if (!big)
		return;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	ob_put(o, big, (size_t)n);
	free(big);
}
