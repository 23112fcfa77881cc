// SPDX-License-Identifier: GPL-2.0-or-later
/* -Y, --since, --until, -d: every one a filter, all of them must pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

/* "30", "+2.5", "1e3": seconds after the first record */
static bool is_offset(const char *s)
{
	char *end;

	if (*s == '+')
		s++;
	strtod(s, &end);
	return end != s && (!*end || (*end == 's' && !end[1]));
}

/* The filter text an option stands for; NULL when out of memory. */
static char *option_text(int opt, const char *arg)
{
	const char *cmp = opt == SELECT_SINCE ? ">=" : "<=";
	const char *slash = strchr(arg, '/');
	char *text = NULL;
	int n = -1;

	switch (opt) {
	case SELECT_FILTER:
		return strdup(arg);
	case SELECT_DEVICE:
		if (slash)
			n = asprintf(&text, "devlink_hwmsg.bus == \"%.*s\" && devlink_hwmsg.dev == \"%s\"",
				     (int)(slash - arg), arg, slash + 1);
		else
			n = asprintf(&text, "devlink_hwmsg.dev == \"%s\"", arg);
		break;
	default:
		if (is_offset(arg))
			n = asprintf(&text, "frame.time_relative %s %.*s", cmp,
				     (int)strcspn(arg + (*arg == '+'), "s"),
				     arg + (*arg == '+'));
		else
			n = asprintf(&text, "frame.time %s \"%s\"", cmp, arg);
		break;
	}
	return n < 0 ? NULL : text;
}

static const char *option_name(int opt)
{
	switch (opt) {
	case SELECT_FILTER:
		return "-Y";
	case SELECT_DEVICE:
		return "-d";
	case SELECT_SINCE:
		return "--since";
	default:
		return "--until";
	}
}

int select_add(struct select *s, const char *prog, int opt, const char *arg)
{
	char *text = option_text(opt, arg);
	struct hwmsg_err err = { 0 };
	struct hwmsg_filter *f;
	char where[64];

	if (!text) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 2;
	}
	if (s->n == sizeof(s->f) / sizeof(s->f[0])) {
		fprintf(stderr, "%s: too many selections (use one -Y with \"and\")\n",
			prog);
		free(text);
		return 2;
	}
	f = hwmsg_filter_compile(text, &err);
	if (!f) {
		snprintf(where, sizeof(where), "%s %s", prog, option_name(opt));
		if (opt == SELECT_FILTER)
			hwmsg_filter_perror(where, text, &err);
		else
			fprintf(stderr, "%s: '%s': %s\n", where, arg, err.msg);
		free(text);
		return 2;
	}
	free(text);
	s->f[s->n++] = f;
	s->needs |= hwmsg_filter_needs(f);
	return 0;
}

bool select_active(const struct select *s)
{
	return s->n > 0;
}

bool select_match(struct select *s, const struct hwmsg_filter_rec *r)
{
	for (unsigned int i = 0; i < s->n; i++)
		if (!hwmsg_filter_match(s->f[i], r))
			return false;
	return true;
}

void select_free(struct select *s)
{
	for (unsigned int i = 0; i < s->n; i++)
		hwmsg_filter_free(s->f[i]);
	s->n = 0;
}
