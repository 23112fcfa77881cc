// SPDX-License-Identifier: GPL-2.0-or-later
/* Literals read by the type of the field they are compared with. */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "filter_int.h"

/* The token as a NUL-terminated copy (words point into the filter). */
static char *tok_str(const struct token *t)
{
	return strndup(t->text, t->len);
}

/* 10, 012, 0xa, 0b1010 as Wireshark reads integers */
static bool parse_uint(const char *s, uint64_t *v)
{
	char *end;
	int base = 10;

	if (!isdigit((unsigned char)*s))
		return false;
	if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
		base = 2;
		s += 2;
	} else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0' && s[1]) {
		base = 8;
	}
	errno = 0;
	*v = strtoull(s, &end, base);
	return *s && !*end && !errno;
}

static bool parse_int(const char *s, int64_t *v)
{
	uint64_t u;
	bool neg = *s == '-';

	if (!parse_uint(s + neg, &u) || u > (uint64_t)INT64_MAX + neg)
		return false;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return true;
}

static bool enum_value(const struct hwmsg_name *names, const char *s,
		       uint64_t *v)
{
	for (; names && names->name; names++)
		if (!strcasecmp(names->name, s)) {
			*v = names->value;
			return true;
		}
	return false;
}

/* "00:02:c9:01:02:03", "00-02-c9", "0002.c901", or one byte "0x02" */
static int parse_bytes(const char *s, struct lit *l)
{
	size_t n = 0, cap = strlen(s) / 2 + 1;
	uint64_t one;

	l->own = malloc(cap);
	if (!l->own)
		return -1;
	if (s[0] == '0' && s[1] == 'x' && parse_uint(s, &one) && one <= 0xff) {
		l->own[n++] = (uint8_t)one;
		goto done;
	}
	while (*s) {
		unsigned int hi, lo;

		if (!isxdigit((unsigned char)s[0]) ||
		    !isxdigit((unsigned char)s[1]))
			return -1;
		hi = (unsigned int)(isdigit((unsigned char)s[0]) ? s[0] - '0' :
				    tolower((unsigned char)s[0]) - 'a' + 10);
		lo = (unsigned int)(isdigit((unsigned char)s[1]) ? s[1] - '0' :
				    tolower((unsigned char)s[1]) - 'a' + 10);
		l->own[n++] = (uint8_t)(hi << 4 | lo);
		s += 2;
		if (*s == ':' || *s == '-' || *s == '.')
			s++;
	}
done:
	l->lo.p = l->own;
	l->lo.len = n;
	return n ? 0 : -1;
}

static const char *const months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	"Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
};

/* ".123456789" -> ns; s points after the seconds */
static const char *frac_ns(const char *s, int64_t *ns)
{
	int64_t scale = 100000000;

	*ns = 0;
	if (*s != '.')
		return s;
	for (s++; isdigit((unsigned char)*s); s++, scale /= 10)
		*ns += (*s - '0') * scale;
	return s;
}

/*
 * "2026-12-04T16:49:42.5Z", "2026-12-04 16:49:42+01:00", and the legacy
 * "Dec  4, 2026 16:49:42.5 UTC"; local time without a zone.
 */
static bool parse_abstime(const char *s, int64_t *out)
{
	struct tm tm = { 0 };
	const char *p = s;
	int64_t ns, off = 0;
	bool utc = false;
	char mon[4] = { 0 };
	int n = 0;
	time_t t;

	if (sscanf(p, "%d-%d-%d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &n) == 3 && (p[n] == 'T' || p[n] == ' ')) {
		p += n + 1;
	} else if (sscanf(p, "%3s %d, %d %n", mon, &tm.tm_mday, &tm.tm_year,
			  &n) == 3) {
		for (tm.tm_mon = 0; tm.tm_mon < 12; tm.tm_mon++)
			if (!strcasecmp(mon, months[tm.tm_mon]))
				break;
		if (tm.tm_mon == 12)
			return false;
		tm.tm_mon++;
		p += n;
	} else {
		return false;
	}
	n = 0;
	if (sscanf(p, "%d:%d:%d%n", &tm.tm_hour, &tm.tm_min, &tm.tm_sec,
		   &n) != 3)
		return false;
	p = frac_ns(p + n, &ns);
	while (*p == ' ')
		p++;
	if (*p == 'Z' || !strcmp(p, "UTC")) {
		utc = true;
		p += *p == 'Z' ? 1 : 3;
	} else if (*p == '+' || *p == '-') {
		int hh, mm;

		if (sscanf(p + 1, "%2d:%2d%n", &hh, &mm, &n) != 2)
			return false;
		off = (hh * 3600 + mm * 60) * (*p == '+' ? 1 : -1);
		utc = true;
		p += 1 + n;
	}
	if (*p)
		return false;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	tm.tm_isdst = -1;
	t = utc ? timegm(&tm) : mktime(&tm);
	/* nanoseconds in an int64_t: years 1679 to 2261 */
	if (t == (time_t)-1 || t > 9000000000 || t < -9000000000)
		return false;
	*out = ((int64_t)t - off) * 1000000000 + ns;
	return true;
}

static bool parse_seconds(const char *s, int64_t *ns)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(s, &end);
	if (!*s || *end || errno || d > 9e9 || d < -9e9)
		return false;
	*ns = (int64_t)(d * 1e9 + (d < 0 ? -0.5 : 0.5));
	return true;
}

static int lit_value(const struct fref *f, const char *s, bool quoted,
		     struct lit *l, bool for_contains)
{
	struct in6_addr a6;
	struct in_addr a4;

	switch (f->type) {
	case FT_UINT:
	case FT_FRAMENUM:
		return parse_uint(s, &l->lo.u) || enum_value(f->enums, s, &l->lo.u) ?
		       0 : -1;
	case FT_INT:
		if (parse_int(s, &l->lo.i))
			return 0;
		return enum_value(f->enums, s, &l->lo.u) ? 0 : -1;
	case FT_BOOL:
		if (!strcmp(s, "1") || !strcasecmp(s, "true"))
			l->lo.u = 1;
		else if (!strcmp(s, "0") || !strcasecmp(s, "false"))
			l->lo.u = 0;
		else
			return -1;
		return 0;
	case FT_STR:
		l->own = (uint8_t *)strdup(s);
		l->lo.p = l->own;
		l->lo.len = strlen(s);
		return l->own ? 0 : -1;
	case FT_ETHER:
	case FT_BYTES:
		if (quoted && (for_contains || f->type == FT_BYTES)) {
			l->own = (uint8_t *)strdup(s);
			l->lo.p = l->own;
			l->lo.len = strlen(s);
			return l->own ? 0 : -1;
		}
		if (parse_bytes(s, l))
			return -1;
		return f->type == FT_ETHER && !for_contains &&
		       l->lo.len != 6 ? -1 : 0;
	case FT_IPV4:
		if (inet_pton(AF_INET, s, &a4) != 1)
			return -1;
		l->lo.u = ntohl(a4.s_addr);
		return 0;
	case FT_IPV6:
		if (inet_pton(AF_INET6, s, &a6) != 1)
			return -1;
		l->own = malloc(16);
		if (!l->own)
			return -1;
		memcpy(l->own, &a6, 16);
		l->lo.p = l->own;
		l->lo.len = 16;
		return 0;
	case FT_RELTIME:
		return parse_seconds(s, &l->lo.i) ? 0 : -1;
	case FT_ABSTIME:
		return parse_abstime(s, &l->lo.i) ||
		       parse_seconds(s, &l->lo.i) ? 0 : -1;
	default:
		return -1;
	}
}

static const char *type_name(uint8_t type)
{
	static const char *const names[] = {
		[FT_PROTO] = "protocol", [FT_UINT] = "unsigned integer",
		[FT_INT] = "signed integer", [FT_BOOL] = "boolean",
		[FT_STR] = "string", [FT_BYTES] = "byte sequence",
		[FT_ETHER] = "Ethernet address", [FT_IPV4] = "IPv4 address",
		[FT_IPV6] = "IPv6 address", [FT_RELTIME] = "time offset (s)",
		[FT_ABSTIME] = "date and time", [FT_FRAMENUM] = "frame number",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

int lit_parse(const struct fref *f, const struct token *t, struct lit *l,
	      bool for_contains, struct hwmsg_err *err)
{
	char *s = tok_str(t);
	int ret;

	if (!s)
		return hwmsg_errf(err, t->col, "out of memory");
	ret = lit_value(f, s, t->tok == T_STRING, l, for_contains);
	if (ret) {
		lit_free(l);
		hwmsg_errf(err, t->col, "\"%s\" is not a valid %s%s", s,
			   type_name(f->type),
			   f->enums ? " (a number or one of its names)" : "");
	}
	free(s);
	return ret;
}

void lit_free(struct lit *l)
{
	free(l->own);
	l->own = NULL;
	if (l->re_ok)
		regfree(&l->re);
	l->re_ok = false;
}

int fval_cmp(uint8_t type, const struct fval *a, const struct fval *b)
{
	size_t n;
	int c;

	switch (type) {
	case FT_INT:
	case FT_RELTIME:
	case FT_ABSTIME:
		return a->i < b->i ? -1 : a->i > b->i;
	case FT_STR:
	case FT_BYTES:
	case FT_ETHER:
	case FT_IPV6:
		n = a->len < b->len ? a->len : b->len;
		c = n ? memcmp(a->p, b->p, n) : 0;
		if (c)
			return c < 0 ? -1 : 1;
		return a->len < b->len ? -1 : a->len > b->len;
	default:
		return a->u < b->u ? -1 : a->u > b->u;
	}
}
