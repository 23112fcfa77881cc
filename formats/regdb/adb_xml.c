// SPDX-License-Identifier: GPL-2.0-or-later
/* libxml2 on first use (adb_xml.h, hwmsg/dl.h). */
#include "adb_xml.h"
#include "hwmsg/dl.h"

static struct adb_xml xml;

#define FN(field, name) { name, offsetof(struct adb_xml, field) }
static const struct hwmsg_dl_sym syms[] = {
	FN(new_parser_ctxt, "xmlNewParserCtxt"),
	FN(ctxt_read_memory, "xmlCtxtReadMemory"),
	FN(ctxt_get_last_error, "xmlCtxtGetLastError"),
	FN(free_parser_ctxt, "xmlFreeParserCtxt"),
	FN(doc_get_root_element, "xmlDocGetRootElement"),
	FN(free_doc, "xmlFreeDoc"),
	FN(get_line_no, "xmlGetLineNo"),
};

/* kept open: documents and the parser's globals live in it */
static struct hwmsg_dl dl = HWMSG_DL_INIT(HWMSG_LIBXML2_SONAME,
					  "reading ADB files needs libxml2",
					  syms, &xml);

const struct adb_xml *adb_xml(struct hwmsg_err *err)
{
	return hwmsg_dl_load(&dl, err) ? NULL : &xml;
}
