// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json_print_str (cli/json.c): whatever bytes a capture holds, the JSON
 * string is valid UTF-8; valid sequences are kept, other bytes are \u00XX.
 */
#include <stdlib.h>

#include "json.h"
#include "../test.h"

static void expect(const char *in, const char *want)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		abort();
	json_print_str(f, in);
	fclose(f);
	CHECK_STR(out, want);
	free(out);
}

int main(void)
{
	expect(NULL, "\"\"");
	expect("plain", "\"plain\"");
	expect("\"q\" \\ \n", "\"\\\"q\\\" \\\\ \\n\"");
	expect("\x1b[2J\x07\x7f", "\"\\u001b[2J\\u0007\\u007f\"");
	/* valid UTF-8 is kept: e-acute, euro sign, an emoji */
	expect("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
	       "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	/* a lone byte (the 8-bit CSI) and a cut sequence */
	expect("a\x9b" "31m", "\"a\\u009b31m\"");
	expect("x\xc3", "\"x\\u00c3\"");
	expect("\xe2\x82", "\"\\u00e2\\u0082\"");
	/* overlong forms, a surrogate, past U+10FFFF, bytes never valid */
	expect("\xc0\xaf", "\"\\u00c0\\u00af\"");
	expect("\xe0\x80\xaf", "\"\\u00e0\\u0080\\u00af\"");
	expect("\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\"");
	expect("\xf4\x90\x80\x80", "\"\\u00f4\\u0090\\u0080\\u0080\"");
	expect("\xf8\xff", "\"\\u00f8\\u00ff\"");
	/* C1 controls written validly are escaped as well */
	expect("\xc2\x9b" "2J", "\"\\u009b2J\"");
	expect("\xc2\xa0", "\"\xc2\xa0\"");
	return test_done("json");
}
