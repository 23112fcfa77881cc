// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What hwmsg top draws is made safe first: a firmware string or device name
 * with control characters or bad UTF-8 cannot break the screen's layout.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>
#include <time.h>

#include "fmt.h"
#include "test.h"
#include "timearg.h"

#define S 1000000000ull

/* t TIME: offsets from the first record and times of day (in UTC here) */
static void test_time_arg(void)
{
	uint64_t first = 1767225600ull * S + 3 * S / 2;	/* 00:00:01.5 */
	uint64_t last = first + 2 * 86400 * S, t = 0;

	setenv("TZ", "UTC", 1);
	tzset();
	CHECK_EQ(top_parse_time("+10s", first, last, &t), 0);
	CHECK_EQ(t, first + 10 * S);
	CHECK_EQ(top_parse_time("+1.5m", first, last, &t), 0);
	CHECK_EQ(t, first + 90 * S);
	CHECK_EQ(top_parse_time("+250ms", first, last, &t), 0);
	CHECK_EQ(t, first + S / 4);
	CHECK_EQ(top_parse_time("+3", first, last, &t), 0);
	CHECK_EQ(t, first + 3 * S);
	CHECK_EQ(top_parse_time("12:03:04.5", first, last, &t), 0);
	CHECK_EQ(t, 1767225600ull * S + (12 * 3600 + 3 * 60 + 4) * S + S / 2);
	CHECK_EQ(top_parse_time("00:00:01", first, last, &t), 0);
	CHECK_EQ(t, 1767225600ull * S + S);	/* before it: still that day */
	/* earlier than the first record, reached the next day: that one */
	CHECK_EQ(top_parse_time("00:00", first + 3600 * S, last, &t), 0);
	CHECK_EQ(t, (1767225600ull + 86400) * S);
	CHECK(top_parse_time("12", first, last, &t) < 0);
	CHECK(top_parse_time("+10x", first, last, &t) < 0);
	CHECK(top_parse_time("25:00", first, last, &t) < 0);
	CHECK(top_parse_time("+", first, last, &t) < 0);
}

static void check(const char *in, const char *want)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s", in);
	top_sanitize(buf);
	if (strcmp(buf, want))
		fprintf(stderr, "sanitize(\"%s\"): \"%s\", want \"%s\"\n", in,
			buf, want);
	CHECK(!strcmp(buf, want));
}

int main(void)
{
	top_utf8 = false;
	check("rif 0x32 already exists", "rif 0x32 already exists");
	check("line\nbreak\ttab\r\x1b[2J", "line?break?tab??[2J");
	check("caf\xc3\xa9 \x7f", "caf?? ?");

	if (setlocale(LC_CTYPE, "C.UTF-8")) {
		top_utf8 = true;
		check("caf\xc3\xa9", "caf\xc3\xa9");		/* é stays */
		check("\xe2\x86\x92 arrow", "\xe2\x86\x92 arrow");	/* → */
		check("bad \xc3 \xff", "bad ? ?");		/* cut, invalid */
		check("wide \xe4\xb8\xad", "wide ???");		/* 2 cells */
		check("nl\n", "nl?");
	} else {
		fprintf(stderr, "no C.UTF-8 locale: UTF-8 cases skipped\n");
	}
	test_time_arg();
	return test_done("tui fmt");
}
