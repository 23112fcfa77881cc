/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register database: names and field layouts of Mellanox registers,
 * from the built-in descriptions (formats/regdb/db/) and mstflint's ADB
 * files. (Issue 4 extends this header with the layout model and decoder.)
 */
#ifndef HWMSG_REGDB_H
#define HWMSG_REGDB_H

#include <stdint.h>

/* Name of a register id ("PMLP"), from the built-in database; NULL if unknown. */
const char *hwmsg_reg_name(uint16_t id);

#endif
