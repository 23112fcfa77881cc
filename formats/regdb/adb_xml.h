/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libxml2, loaded the first time an ADB file is read: a tool that never
 * reads one (hwmsgd, most runs of hwmsg) does not pay for mapping and
 * relocating libxml2 and the ICU and C++ runtimes it pulls in (about 5 ms
 * of every start).
 */
#ifndef HWMSG_REGDB_ADB_XML_H
#define HWMSG_REGDB_ADB_XML_H

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "hwmsg/err.h"

/* The functions adb.c calls, typed as this libxml2 declares them. */
struct adb_xml {
	__typeof__(&xmlNewParserCtxt) new_parser_ctxt;
	__typeof__(&xmlCtxtReadMemory) ctxt_read_memory;
	__typeof__(&xmlCtxtGetLastError) ctxt_get_last_error;
	__typeof__(&xmlFreeParserCtxt) free_parser_ctxt;
	__typeof__(&xmlDocGetRootElement) doc_get_root_element;
	__typeof__(&xmlFreeDoc) free_doc;
	__typeof__(&xmlGetLineNo) get_line_no;
};

/* Loads libxml2 once (thread-safe); NULL and *err when it cannot. */
const struct adb_xml *adb_xml(struct hwmsg_err *err);

#endif
