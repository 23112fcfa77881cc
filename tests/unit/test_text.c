// SPDX-License-Identifier: GPL-2.0-or-later
/* Untrusted capture text becomes printable ASCII, never a terminal escape. */
#include "../test.h"
#include "hwmsg/text.h"

int main(void)
{
	char buf[64];

	CHECK_STR(hwmsg_text_safe(buf, sizeof(buf), "rif 0x32 already exists"),
		  "rif 0x32 already exists");
	CHECK_STR(hwmsg_text_safe(buf, sizeof(buf), "\x1b[2J\x1b]0;pwn\x07"),
		  "\\x1b[2J\\x1b]0;pwn\\x07");
	CHECK_STR(hwmsg_text_safe(buf, sizeof(buf), "a\\b\nc\x7f\xc3\xa9"),
		  "a\\\\b\\x0ac\\x7f\\xc3\\xa9");
	/* cut at a whole escape, always terminated */
	CHECK_STR(hwmsg_text_safe(buf, 6, "ab\x01zz"), "ab");
	CHECK_STR(hwmsg_text_safe(buf, 1, "abc"), "");
	CHECK_STR(hwmsg_text_safe(buf, sizeof(buf), NULL), "");
	return test_done("text");
}
