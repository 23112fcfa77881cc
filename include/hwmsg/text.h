/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text from a capture (firmware strings, device names) is untrusted: printed
 * raw, an escape sequence in it would drive the reader's terminal.
 */
#ifndef HWMSG_TEXT_H
#define HWMSG_TEXT_H

#include <stddef.h>

/*
 * src as printable ASCII: backslash and bytes outside 0x20-0x7e become
 * "\\" and "\xNN". Always terminates dst; cuts what does not fit (cap >= 1).
 * Returns dst.
 */
const char *hwmsg_text_safe(char *dst, size_t cap, const char *src);

#endif
