/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register payload as field lines, through the regdb field decoder of
 * libhwmsg (the detail panel falls back to hex when this returns 0).
 */
#ifndef HWMSG_TUI_REGFIELDS_H
#define HWMSG_TUI_REGFIELDS_H

#include <stdint.h>

/* Calls line() once per decoded field; returns the count, 0 if unknown. */
int regfields_lines(uint16_t reg_id, const uint8_t *reg, uint32_t len,
		    void (*line)(void *arg, const char *text), void *arg);

#endif
