// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

#include "hwmsg/text.h"

const char *hwmsg_text_safe(char *dst, size_t cap, const char *src)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	for (; src && *src; src++) {
		unsigned char c = (unsigned char)*src;
		size_t need = (c >= 0x20 && c < 0x7f && c != '\\') ? 1 :
			      c == '\\' ? 2 : 4;

		if (o + need >= cap)
			break;
		if (need == 1) {
			dst[o++] = (char)c;
		} else if (need == 2) {
			dst[o++] = '\\';
			dst[o++] = '\\';
		} else {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
		}
	}
	dst[o] = '\0';
	return dst;
}
