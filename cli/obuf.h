/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An output buffer for the hot print paths (show, show -V, show -j): text
 * is appended by memcpy and hand-rolled number formatting, and goes to its
 * FILE in large writes. printf per field cost more than the decode itself.
 */
#ifndef HWMSG_CLI_OBUF_H
#define HWMSG_CLI_OBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct obuf {
	char *buf;
	size_t len, cap;
	FILE *f;		/* where a flush writes; NULL: memory that grows */
	bool owned;		/* buf is ours to free */
	bool line;		/* a terminal: flush after each record */
};

/* A heap buffer of cap bytes for f; -1 when out of memory. */
int ob_open(struct obuf *o, FILE *f, size_t cap);
/* Text kept in memory (f NULL): the buffer grows instead of writing. */
int ob_open_mem(struct obuf *o, size_t cap);
/* Over caller memory (a few hundred bytes on the stack will do). */
void ob_init(struct obuf *o, char *buf, size_t cap, FILE *f);
void ob_flush(struct obuf *o);
/* Flush and free. */
void ob_close(struct obuf *o);
/* After each record: a terminal sees it now, a file or pipe in bulk. */
static inline void ob_end_record(struct obuf *o)
{
	if (o->line)
		ob_flush(o);
}

void ob_put_slow(struct obuf *o, const char *s, size_t n);

/*
 * Lend an owned (ob_open) buffer to code that appends to a malloc'ed
 * (s, len, cap) and may realloc it (hwmsg_reg_text_append): text goes
 * into the buffer with no copy. ob_return takes it back, maybe larger.
 */
static inline void ob_lend(struct obuf *o, char **s, size_t *len, size_t *cap)
{
	*s = o->buf;
	*len = o->len;
	*cap = o->cap;
}

static inline void ob_return(struct obuf *o, char *s, size_t len, size_t cap)
{
	o->buf = s;
	o->len = len;
	o->cap = cap;
}

static inline void ob_put(struct obuf *o, const char *s, size_t n)
{
	if (o->cap - o->len < n) {
		ob_put_slow(o, s, n);
		return;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static inline void ob_puts(struct obuf *o, const char *s)
{
	ob_put(o, s, strlen(s));
}

static inline void ob_putc(struct obuf *o, char c)
{
	if (o->len == o->cap)
		ob_flush(o);
	o->buf[o->len++] = c;
}

/* printf's %llu, %lld, "%0*llx" (lower case, at least digits digits) */
void ob_u64(struct obuf *o, uint64_t v);
void ob_i64(struct obuf *o, int64_t v);
void ob_hex(struct obuf *o, uint64_t v, unsigned int digits);
/* %0*llu: at least digits digits */
void ob_u64_pad(struct obuf *o, uint64_t v, unsigned int digits);
/* n times c (padding, indents) */
void ob_fill(struct obuf *o, char c, size_t n);
/* For the rare line (errors, floats): printf into the buffer. */
void ob_printf(struct obuf *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
