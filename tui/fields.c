// SPDX-License-Identifier: GPL-2.0-or-later
/* Registers as leaf lists: hwmsg_reg_format's lines with their paths. */
#include <stdlib.h>
#include <string.h>

#include "fields.h"

struct walk {
	struct top_fields *out;
	char stack[16][HWMSG_REG_PATH_MAX];	/* group names by depth */
	unsigned int pos;		/* second walk: where it is */
	bool mark;			/* second walk: mark what is listed */
};

static void path_of(struct walk *w, unsigned int depth, const char *name,
		    char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int d = 0; d < depth && d < 16 && used < size; d++)
		used += (size_t)snprintf(buf + used, size - used, "%s.",
					 w->stack[d]);
	if (used < size)
		snprintf(buf + used, size - used, "%s", name);
}

static void line(void *ctx, unsigned int depth, const char *name,
		 const char *value)
{
	struct walk *w = ctx;
	struct top_fields *o = w->out;
	char path[HWMSG_REG_PATH_MAX];

	if (!value) {		/* a group: the path of what follows */
		if (depth < 16)
			snprintf(w->stack[depth], sizeof(w->stack[0]), "%s",
				 name);
		return;
	}
	path_of(w, depth, name, path, sizeof(path));
	if (w->mark) {
		/* the listed leaves are a subsequence of all of them */
		while (w->pos < o->n && strcmp(o->f[w->pos].path, path))
			w->pos++;
		if (w->pos < o->n)
			o->f[w->pos++].shown = true;
		return;
	}
	if (o->n == TOP_FIELDS_MAX || !o->f)
		return;
	snprintf(o->f[o->n].path, sizeof(o->f[0].path), "%s", path);
	snprintf(o->f[o->n].value, sizeof(o->f[0].value), "%s", value);
	o->f[o->n++].shown = false;
}

int fields_get(uint16_t reg_id, const uint8_t *payload, uint32_t len,
	       struct top_fields *out)
{
	struct hwmsg_reg_decoded d;
	struct walk *w;
	bool oom = false;

	out->n = 0;
	out->f = NULL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return -1;
	w->out = out;
	memset(&d, 0, sizeof(d));
	if (payload && hwmsg_reg_decode(NULL, reg_id, payload, len, &d,
					NULL) >= 0) {
		unsigned int n = d.n_values < TOP_FIELDS_MAX ? d.n_values :
							       TOP_FIELDS_MAX;

		out->f = malloc((n ? n : 1) * sizeof(*out->f));
		oom = !out->f;
		if (out->f) {
			hwmsg_reg_format(&d, true, line, w);
			w->mark = true;
			hwmsg_reg_format(&d, false, line, w);
		}
	}
	hwmsg_reg_decoded_free(&d);
	free(w);
	return oom ? -1 : 0;
}

void fields_free(struct top_fields *f)
{
	free(f->f);
	f->f = NULL;
	f->n = 0;
}

const struct top_field *fields_find(const struct top_fields *f,
				    const char *path, unsigned int hint)
{
	for (unsigned int i = hint; i < f->n; i++)
		if (!strcmp(f->f[i].path, path))
			return &f->f[i];
	for (unsigned int i = 0; i < hint && i < f->n; i++)
		if (!strcmp(f->f[i].path, path))
			return &f->f[i];
	return NULL;
}
