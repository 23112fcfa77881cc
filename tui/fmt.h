/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Short text forms the panels share: times, register labels, arrows. */
#ifndef HWMSG_TUI_FMT_H
#define HWMSG_TUI_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TOP_REG_LABEL_LEN 24

/* "MTMP", or "0x900a" for a register the database does not name. */
const char *top_reg_label(uint16_t id, char *buf, size_t size);
/* "08:04:06.123456" (local time) */
const char *top_fmt_time(uint64_t ts_ns, char *buf, size_t size);
/* "123us", "4.5ms", "1.20s" */
const char *top_fmt_dur(uint64_t ns, char *buf, size_t size);
/* Name from a libhwmsg table, or the number. */
const char *top_fmt_name(const void *table, uint32_t v, char *buf,
			 size_t size);
/* Set once from the locale: UTF-8 arrows or ASCII. */
extern bool top_utf8;
/*
 * Make s safe to draw in place: control characters, and in a UTF-8 locale
 * invalid or not single-width sequences (elsewhere any byte >= 0x80),
 * become '?'. Then no character takes more cells than it has bytes.
 */
void top_sanitize(char *s);
const char *top_dir_arrow(uint8_t dir);

#endif
