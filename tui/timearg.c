// SPDX-License-Identifier: GPL-2.0-or-later
/* Parsing the time of "t TIME" in hwmsg top. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "timearg.h"

#define NS 1000000000ull
#define DAY_NS (86400ull * NS)

/* Digits, then optionally a fraction: a value in units of scale ns. */
static const char *number(const char *s, uint64_t scale, uint64_t *ns)
{
	uint64_t whole = 0, frac = 0, div = 1;

	if (!isdigit((unsigned char)*s))
		return NULL;
	for (; isdigit((unsigned char)*s); s++) {
		if (whole > UINT64_MAX / 10 / scale)
			return NULL;
		whole = whole * 10 + (uint64_t)(*s - '0');
	}
	if (*s == '.') {
		for (s++; isdigit((unsigned char)*s); s++)
			if (div < NS) {
				frac = frac * 10 + (uint64_t)(*s - '0');
				div *= 10;
			}
	}
	if (whole > (UINT64_MAX - scale) / scale)
		return NULL;
	*ns = whole * scale + frac * scale / div;
	return s;
}

static int relative(const char *s, uint64_t first_ns, uint64_t *ts_ns)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", NS },
		{ "m", 60 * NS }, { "min", 60 * NS }, { "h", 3600 * NS },
		{ "", NS },
	};
	const char *end;
	uint64_t v;
	size_t i, n = strlen(s);

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t ul = strlen(units[i].unit);
		char num[64];

		if (n <= ul || n - ul >= sizeof(num) ||
		    strcmp(s + n - ul, units[i].unit))
			continue;
		memcpy(num, s, n - ul);
		num[n - ul] = '\0';
		end = number(num, units[i].ns, &v);
		if (!end || *end || v > UINT64_MAX - first_ns)
			continue;
		*ts_ns = first_ns + v;
		return 0;
	}
	return -1;
}

static int time_of_day(const char *s, uint64_t first_ns, uint64_t last_ns,
		       uint64_t *ts_ns)
{
	unsigned int h, m;
	uint64_t sec_ns = 0, t;
	time_t first = (time_t)(first_ns / NS), midnight;
	struct tm tm;
	int used = 0;

	if (sscanf(s, "%2u:%2u%n", &h, &m, &used) != 2 || h > 23 || m > 59)
		return -1;
	s += used;
	if (*s == ':' && !(s = number(s + 1, NS, &sec_ns)))
		return -1;
	if (*s || sec_ns >= 61 * NS || !localtime_r(&first, &tm))
		return -1;
	tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
	tm.tm_isdst = -1;
	midnight = mktime(&tm);
	if (midnight == (time_t)-1 || midnight < 0)
		return -1;
	t = (uint64_t)midnight * NS + (h * 3600ull + m * 60ull) * NS + sec_ns;
	/* a capture over midnight: 00:10 is the next day's (the first
	 * record's own second, typed without its fraction, is not) */
	if (t + NS <= first_ns && t + DAY_NS <= last_ns)
		t += DAY_NS;
	*ts_ns = t;
	return 0;
}

int top_parse_time(const char *s, uint64_t first_ns, uint64_t last_ns,
		   uint64_t *ts_ns)
{
	while (*s == ' ')
		s++;
	if (*s == '+')
		return relative(s + 1, first_ns, ts_ns);
	return time_of_day(s, first_ns, last_ns, ts_ns);
}
