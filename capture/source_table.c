// SPDX-License-Identifier: GPL-2.0-or-later
/* Every capture source, in the order a default is looked for. */
#include <string.h>

#include "hwmsg/source.h"

const struct hwmsg_source_ops *const hwmsg_sources[] = {
	&hwmsg_source_sim,
	&hwmsg_source_genl,
	&hwmsg_source_tracepoint,
	NULL
};

const struct hwmsg_source_ops *hwmsg_source_find(const char *name)
{
	for (unsigned int i = 0; hwmsg_sources[i]; i++)
		if (!strcmp(hwmsg_sources[i]->name, name))
			return hwmsg_sources[i];
	return NULL;
}
