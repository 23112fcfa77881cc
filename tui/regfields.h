/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register payload as field lines, through libhwmsg's register
 * database and decoder (the detail panel falls back to hex without them).
 */
#ifndef HWMSG_TUI_REGFIELDS_H
#define HWMSG_TUI_REGFIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "hwmsg/err.h"

/*
 * Load the database (built-in + mstflint ADB files) before the screen is
 * taken: -1 with err set when an ADB file is bad (the built-in one is used).
 */
int regfields_init(struct hwmsg_err *err);
/*
 * Call line() once per decoded field ("  name  value", indented by depth),
 * zero-valued leaves skipped; summary gets e.g. "PAOS local_port 17".
 * Returns the number of lines, 0 when the register has no layout.
 */
int regfields_lines(uint16_t reg_id, const uint8_t *reg, uint32_t len,
		    char *summary, size_t summary_size,
		    void (*line)(void *arg, const char *text), void *arg);

/*
 * What the payload is about, from its index fields: "local_port 17"
 * (without the register name). NULL when the register has no layout.
 */
const char *regfields_summary(uint16_t reg_id, const uint8_t *reg,
			      uint32_t len, char *buf, size_t size);

#endif
