// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What hwmsg top draws is made safe first: a firmware string or device name
 * with control characters or bad UTF-8 cannot break the screen's layout.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "test.h"

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
	return test_done("tui fmt");
}
