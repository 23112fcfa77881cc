// SPDX-License-Identifier: GPL-2.0-or-later
/* Short text forms the panels share. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <wchar.h>
#include <wctype.h>

#include "fmt.h"
#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"

bool top_utf8;

const char *top_reg_label(uint16_t id, char *buf, size_t size)
{
	const char *name = hwmsg_reg_name(id);

	if (name)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "0x%04x", id);
	return buf;
}

const char *top_fmt_time(uint64_t ts_ns, char *buf, size_t size)
{
	time_t sec = (time_t)(ts_ns / 1000000000u);
	struct tm tm;

	if (!localtime_r(&sec, &tm)) {
		snprintf(buf, size, "%" PRIu64, ts_ns);
		return buf;
	}
	snprintf(buf, size, "%02d:%02d:%02d.%06u", tm.tm_hour, tm.tm_min,
		 tm.tm_sec, (unsigned int)(ts_ns % 1000000000u / 1000));
	return buf;
}

const char *top_fmt_dur(uint64_t ns, char *buf, size_t size)
{
	if (ns < 10000)
		snprintf(buf, size, "%.1fus", ns / 1e3);
	else if (ns < 1000000)
		snprintf(buf, size, "%" PRIu64 "us", ns / 1000);
	else if (ns < 1000000000)
		snprintf(buf, size, "%.1fms", ns / 1e6);
	else
		snprintf(buf, size, "%.2fs", ns / 1e9);
	return buf;
}

const char *top_fmt_name(const void *table, uint32_t v, char *buf,
			 size_t size)
{
	const char *name = hwmsg_name_lookup(table, v);

	if (name)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "%u", v);
	return buf;
}

void top_sanitize(char *s)
{
	size_t i = 0, n = strlen(s), k;
	mbstate_t st;
	wchar_t wc;

	memset(&st, 0, sizeof(st));
	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c < 0x7f) {
			i++;
			continue;
		}
		if (c < 0x80 || !top_utf8) {
			s[i++] = '?';
			continue;
		}
		k = mbrtowc(&wc, s + i, n - i, &st);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0 ||
		    !iswprint((wint_t)wc) || wcwidth(wc) != 1) {
			memset(&st, 0, sizeof(st));
			s[i++] = '?';
			continue;
		}
		i += k;
	}
}

const char *top_dir_arrow(uint8_t dir)
{
	if (dir == HWMSG_DIR_TO_HW)
		return top_utf8 ? "\u2192" : "->";
	return top_utf8 ? "\u2190" : "<-";
}
