// SPDX-License-Identifier: GPL-2.0-or-later
/* libxml2 on first use: dlopen by the soname found at build time. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "adb_xml.h"

static struct adb_xml xml;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool loaded;

/* dlsym() returns an object pointer: copy it into the function pointer. */
#define SYM(field, name)						\
	do {								\
		void *p = dlsym(h, name);				\
		if (!p) {						\
			missing = name;					\
			goto fail;					\
		}							\
		memcpy(&xml.field, &p, sizeof(p));			\
	} while (0)

static void load(void)
{
	const char *missing = NULL;
	void *h = dlopen(HWMSG_LIBXML2_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		snprintf(load_error, sizeof(load_error),
			 "reading ADB files needs libxml2: %s", dlerror());
		return;
	}
	SYM(new_parser_ctxt, "xmlNewParserCtxt");
	SYM(ctxt_read_memory, "xmlCtxtReadMemory");
	SYM(ctxt_get_last_error, "xmlCtxtGetLastError");
	SYM(free_parser_ctxt, "xmlFreeParserCtxt");
	SYM(doc_get_root_element, "xmlDocGetRootElement");
	SYM(free_doc, "xmlFreeDoc");
	SYM(get_line_no, "xmlGetLineNo");
	/* kept open: documents and the parser's globals live in it */
	loaded = true;
	return;
fail:
	snprintf(load_error, sizeof(load_error), "%s: no symbol %s",
		 HWMSG_LIBXML2_SONAME, missing);
	dlclose(h);
}

const struct adb_xml *adb_xml(struct hwmsg_err *err)
{
	pthread_once(&once, load);
	if (loaded)
		return &xml;
	hwmsg_errf(err, 0, "%s", load_error);
	return NULL;
}
