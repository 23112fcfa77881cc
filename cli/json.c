// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output is written as it goes (a million records must not become a
 * tree in memory first), so all that needs care is string escaping.
 */
#include "json.h"
#include "hwmsg/regdb.h"

bool json_ob_quantity(struct obuf *o, const char *sep, const char *key,
		      const struct hwmsg_reg_field *fd, uint64_t raw)
{
	double q;

	if (!hwmsg_reg_quantity(fd, raw, &q))
		return false;
	ob_puts(o, sep);
	json_ob_str(o, key);
	ob_printf(o, ":%.10g,\"unit\":", q);
	json_ob_str(o, fd->unit);
	return true;
}

bool json_print_quantity(FILE *f, const char *sep, const char *key,
			 const struct hwmsg_reg_field *fd, uint64_t raw)
{
	char buf[512];
	struct obuf o;
	bool r;

	ob_init(&o, buf, sizeof(buf), f);
	r = json_ob_quantity(&o, sep, key, fd, raw);
	ob_flush(&o);
	return r;
}

/* 1 if c is a UTF-8 continuation byte in [lo, hi] */
static int cont(unsigned char c, unsigned char lo, unsigned char hi)
{
	return c >= lo && c <= hi;
}

/*
 * Length of the valid UTF-8 sequence at s (2-4), or 0: overlong forms,
 * surrogates and code points past U+10FFFF are not valid. s is
 * NUL-terminated, and NUL is never a continuation byte, so no read goes
 * past it.
 */
static size_t utf8_len(const unsigned char *s)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;		/* overlong */
	else if (c == 0xed)
		hi = 0x9f;		/* surrogates */
	else if (c == 0xf0)
		lo = 0x90;		/* overlong */
	else if (c == 0xf4)
		hi = 0x8f;		/* past U+10FFFF */
	if (!cont(s[1], lo, hi))
		return 0;
	for (i = 2; i < n; i++)
		if (!cont(s[i], 0x80, 0xbf))
			return 0;
	return n;
}

/* \\u00XX */
static void json_u(struct obuf *o, unsigned char c)
{
	ob_put(o, "\\u", 2);
	ob_hex(o, c, 4);
}

/* One ASCII character, escaped as JSON needs or for being a control. */
static void json_ascii(struct obuf *o, unsigned char c)
{
	if (c == '"' || c == '\\') {
		ob_putc(o, '\\');
		ob_putc(o, (char)c);
	} else if (c == '\n') {
		ob_put(o, "\\n", 2);
	} else if (c < 0x20 || c == 0x7f) {
		json_u(o, c);
	} else {
		ob_putc(o, (char)c);
	}
}

/*
 * Capture text is bytes, JSON is UTF-8: valid sequences are kept, a byte
 * that is not part of one becomes \u00XX (the byte as a code point, as
 * Latin-1 would read it), so the output always parses and no byte is lost.
 * C0 and C1 controls (U+0080-U+009F, the 8-bit CSI among them) are
 * escaped, so the JSON text itself carries no terminal control.
 */
void json_ob_str(struct obuf *o, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	static bool plain[256];		/* bytes copied as they are */
	static bool plain_set;

	if (!plain_set) {
		for (n = 0x20; n < 0x7f; n++)
			plain[n] = n != '"' && n != '\\';
		plain_set = true;
	}
	ob_putc(o, '"');
	/* most strings need no escape: copied as one run */
	for (n = 0; s && plain[s[n]]; n++)
		;
	if (n) {
		ob_put(o, str, n);
		s += n;
	}
	for (; s && *s; s += n ? n : 1) {
		n = 0;
		if (*s < 0x80) {
			json_ascii(o, *s);
			continue;
		}
		n = utf8_len(s);
		if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)	/* C1 control */
			json_u(o, s[1]);
		else if (n)
			ob_put(o, (const char *)s, n);
		else
			json_u(o, *s);
	}
	ob_putc(o, '"');
}

void json_print_str(FILE *f, const char *s)
{
	char buf[512];
	struct obuf o;

	ob_init(&o, buf, sizeof(buf), f);
	json_ob_str(&o, s);
	ob_flush(&o);
}
