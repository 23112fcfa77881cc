// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output is written as it goes (a million records must not become a
 * tree in memory first), so all that needs care is string escaping.
 */
#include "json.h"
#include "hwmsg/regdb.h"

bool json_print_quantity(FILE *f, const char *sep, const char *key,
			 const struct hwmsg_reg_field *fd, uint64_t raw)
{
	double q;

	if (!hwmsg_reg_quantity(fd, raw, &q))
		return false;
	fputs(sep, f);
	json_print_str(f, key);
	fprintf(f, ":%.10g,\"unit\":", q);
	json_print_str(f, fd->unit);
	return true;
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

/* One ASCII character, escaped as JSON needs or for being a control. */
static void json_ascii(FILE *f, unsigned char c)
{
	if (c == '"' || c == '\\')
		fprintf(f, "\\%c", c);
	else if (c == '\n')
		fputs("\\n", f);
	else if (c < 0x20 || c == 0x7f)
		fprintf(f, "\\u%04x", c);
	else
		fputc(c, f);
}

/*
 * Capture text is bytes, JSON is UTF-8: valid sequences are kept, a byte
 * that is not part of one becomes \u00XX (the byte as a code point, as
 * Latin-1 would read it), so the output always parses and no byte is lost.
 * C0 and C1 controls (U+0080-U+009F, the 8-bit CSI among them) are
 * escaped, so the JSON text itself carries no terminal control.
 */
void json_print_str(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	fputc('"', f);
	for (; s && *s; s += n ? n : 1) {
		n = 0;
		if (*s < 0x80) {
			json_ascii(f, *s);
			continue;
		}
		n = utf8_len(s);
		if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)	/* C1 control */
			fprintf(f, "\\u%04x", s[1]);
		else if (n)
			fwrite(s, 1, n, f);
		else
			fprintf(f, "\\u%04x", *s);
	}
	fputc('"', f);
}
