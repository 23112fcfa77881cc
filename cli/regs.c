// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg regs: list the register database, show one register's layout,
 * decode register bytes given on the command line.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "json.h"
#include "hwmsg/regdb.h"

#define REGS_MAX_ADB 8

struct regs_opts {
	const char *adb[REGS_MAX_ADB];
	unsigned int n_adb;
	bool no_adb, prefer_adb, json, all;
};

static void regs_usage(FILE *f)
{
	fprintf(f,
		"Usage: hwmsg regs [OPTIONS]                 list registers\n"
		"       hwmsg regs [OPTIONS] REG             show a register's layout\n"
		"       hwmsg regs [OPTIONS] decode REG HEX  decode register bytes\n"
		"       hwmsg regs [-j] coverage FILE...     what of a trace's payloads\n"
		"                                            decodes (exit 1: not all)\n"
		"\n"
		"REG is a name (PMLP) or an id (0x5002). HEX may contain spaces and colons.\n"
		"\n"
		"  --adb FILE     load this mstflint ADB file (repeatable) instead of\n"
		"                 $HWMSG_ADB_PATH or the installed ones\n"
		"  --no-adb       built-in descriptions only\n"
		"  --prefer-adb   where both describe a register, use the ADB one\n"
		"  -a, --all      decode: also print fields that are zero\n"
		"  -j, --json     JSON output\n"
		"  -h, --help     this help\n");
}

static int load_adbs(struct hwmsg_regdb *db, const struct regs_opts *o,
		     struct hwmsg_err *err)
{
	const char *env = getenv("HWMSG_ADB_PATH");
	unsigned int i;

	if (o->no_adb)
		return 0;
	if (o->n_adb) {
		for (i = 0; i < o->n_adb; i++)
			if (hwmsg_regdb_load_adb(db, o->adb[i], err))
				return -1;
		return 0;
	}
	if (env && *env) {
		char *copy = strdup(env), *save = NULL, *p;
		int ret = 0;

		for (p = strtok_r(copy, ":", &save); p && !ret;
		     p = strtok_r(NULL, ":", &save))
			ret = hwmsg_regdb_load_adb(db, p, err);
		free(copy);
		return ret;
	}
	for (i = 0; hwmsg_adb_default_paths[i]; i++) {
		FILE *f = fopen(hwmsg_adb_default_paths[i], "r");

		if (!f)
			continue;
		fclose(f);
		if (hwmsg_regdb_load_adb(db, hwmsg_adb_default_paths[i], err))
			return -1;
	}
	return 0;
}

/* No ADB wanted, or given explicitly: load them. */
static bool wants_adb(const struct regs_opts *o)
{
	return !o->no_adb && (o->n_adb || o->prefer_adb);
}

static struct hwmsg_regdb *open_db(const struct regs_opts *o)
{
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	struct hwmsg_err err = { 0 };
	int ret;

	if (!db) {
		fprintf(stderr, "hwmsg regs: out of memory\n");
		return NULL;
	}
	/* the first description loaded for an id wins */
	if (o->prefer_adb)
		ret = load_adbs(db, o, &err) ||
		      hwmsg_regdb_load_builtin(db, &err);
	else
		ret = hwmsg_regdb_load_builtin(db, &err) ||
		      load_adbs(db, o, &err);
	if (ret) {
		fprintf(stderr, "hwmsg regs: %s\n", err.msg);
		hwmsg_regdb_free(db);
		return NULL;
	}
	return db;
}

static const struct hwmsg_reg *find_quiet(const struct hwmsg_regdb *db,
					  const char *arg)
{
	const struct hwmsg_reg *r = hwmsg_regdb_find_name(db, arg);
	char *end;
	unsigned long id;

	if (r)
		return r;
	id = strtoul(arg, &end, 0);
	return *arg && !*end && id <= 0xffff ?
	       hwmsg_regdb_find(db, (uint16_t)id) : NULL;
}

static const struct hwmsg_reg *find_reg(const struct hwmsg_regdb *db,
					const char *arg)
{
	const struct hwmsg_reg *r = find_quiet(db, arg);

	if (!r)
		fprintf(stderr, "hwmsg regs: unknown register '%s'\n", arg);
	return r;
}

static const char *name_of(const struct hwmsg_name *t, uint32_t v)
{
	const char *n = hwmsg_name_lookup(t, v);

	return n ? n : "?";
}

/* ---- list ----------------------------------------------------------- */

static int regs_list(const struct hwmsg_regdb *db, const struct regs_opts *o)
{
	unsigned int i, n = hwmsg_regdb_count(db);
	int w = 4;	/* the NAME column fits the longest name (ADB ones) */

	for (i = 0; i < n; i++) {
		size_t l = strlen(hwmsg_regdb_at(db, i)->name);

		if ((int)l > w)
			w = l > 64 ? 64 : (int)l;
	}
	if (o->json)
		printf("[");
	else
		printf("%-6s  %-*s %-6s %-8s %s\n", "ID", w, "NAME", "LEN",
		       "SOURCE", "DESCRIPTION");
	for (i = 0; i < n; i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(db, i);
		const char *d = r->descr ? r->descr : "";
		char len[16];

		if (o->json) {
			printf("%s{\"id\":%u,\"name\":", i ? "," : "", r->id);
			json_print_str(stdout, r->name);
			printf(",\"len\":%u,\"source\":\"%s\",\"fields\":%s,"
			       "\"description\":", r->len,
			       name_of(hwmsg_reg_source_names, r->source),
			       r->layout ? "true" : "false");
			json_print_str(stdout, d);
			printf("}");
			continue;
		}
		if (r->layout)
			snprintf(len, sizeof(len), "0x%x", r->len);
		else
			snprintf(len, sizeof(len), "-");
		printf("0x%04x  %-*s %-6s %-8s %.*s\n", r->id, w, r->name, len,
		       r->layout ? name_of(hwmsg_reg_source_names, r->source) :
				   "name",
		       (int)strcspn(d, "\n"), d);
	}
	if (o->json)
		printf("]\n");
	return 0;
}

/* ---- show one layout ------------------------------------------------ */

/* " [1/8 C]", " [s]", " [x100 Mb/s]": what one unit of the raw value is */
static void print_quantity(const struct hwmsg_reg_field *f)
{
	if (!f->unit && !f->scale_den)
		return;
	printf(" [");
	if (f->scale_den > 1)
		printf("%u/%u%s", f->scale_num, f->scale_den,
		       f->unit ? " " : "");
	else if (f->scale_den && f->scale_num != 1)
		printf("x%u%s", f->scale_num, f->unit ? " " : "");
	printf("%s]", f->unit ? f->unit : "");
}

static void show_layout(const struct hwmsg_reg_layout *l, uint32_t base,
			const char *prefix, unsigned int depth,
			const struct regs_opts *o, bool *first);

static void show_field(const struct hwmsg_reg_field *f, uint32_t base,
		       const char *path, unsigned int depth,
		       const struct regs_opts *o, bool *first)
{
	char pos[40], arr[40] = "";
	unsigned int k;

	if (f->kind == HWMSG_REG_LAYOUT || f->kind == HWMSG_REG_UNION ||
	    f->width > 32)
		snprintf(pos, sizeof(pos), "0x%02x/%u", base + f->offset,
			 f->width);
	else
		snprintf(pos, sizeof(pos), "0x%02x.%u/%u", base + f->offset,
			 f->shift, f->width);
	if (f->count && f->backward)	/* packed, element 0 last */
		snprintf(arr, sizeof(arr), "[%u] bitarray", f->count);
	else if (f->count && f->stride % 8)
		snprintf(arr, sizeof(arr), "[%u] stride %u bits", f->count,
			 f->stride);
	else if (f->count)
		snprintf(arr, sizeof(arr), "[%u] stride 0x%x", f->count,
			 f->stride / 8);
	if (o->json) {
		printf("%s{\"path\":", *first ? "" : ",");
		json_print_str(stdout, path);
		printf(",\"offset\":%u,\"shift\":%u,\"width\":%u,\"count\":%u,"
		       "\"stride_bits\":%u,\"backward\":%s,"
		       "\"access\":\"%s\",\"kind\":\"%s\"",
		       base + f->offset, f->shift, f->width, f->count,
		       f->stride, f->backward ? "true" : "false",
		       name_of(hwmsg_reg_access_names, f->access),
		       name_of(hwmsg_reg_kind_names, f->kind));
		if (f->unit) {
			printf(",\"unit\":");
			json_print_str(stdout, f->unit);
		}
		if (f->scale_den)
			printf(",\"scale\":[%u,%u]", f->scale_num,
			       f->scale_den);
		if (f->enums) {
			printf(",\"enum\":{");
			for (k = 0; f->enums[k].name; k++) {
				printf("%s", k ? "," : "");
				json_print_str(stdout, f->enums[k].name);
				printf(":%u", f->enums[k].value);
			}
			printf("}");
		}
		printf("}");
		*first = false;
	} else {
		printf("  %-14s %-6s %-7s %*s%s%s", pos,
		       name_of(hwmsg_reg_access_names, f->access),
		       name_of(hwmsg_reg_kind_names, f->kind), 2 * (int)depth,
		       "", f->name, arr);
		if (f->has_msb)
			printf(" (bits 8.. at 0x%02x.%u/%u)",
			       base + f->msb_offset, f->msb_shift,
			       f->msb_width);
		if (f->kind == HWMSG_REG_UNION)
			printf(" (by %s)", f->selector);
		print_quantity(f);
		printf("\n");
		for (k = 0; f->enums && f->enums[k].name; k++)
			printf(f->kind == HWMSG_REG_ENUM ||
			       f->kind == HWMSG_REG_FLAGS ?
			       "  %-14s %-6s %-7s %*s    %s%u = %s\n" :
			       /* special= values of a number: bit patterns */
			       "  %-14s %-6s %-7s %*s    %s0x%x = %s\n", "", "",
			       "", 2 * (int)depth, "",
			       f->kind == HWMSG_REG_FLAGS ? "bit " : "",
			       f->enums[k].value, f->enums[k].name);
	}
	if (f->kind == HWMSG_REG_LAYOUT) {
		show_layout(f->layout, base + f->offset, path, depth + 1, o,
			    first);
	} else if (f->kind == HWMSG_REG_UNION) {
		for (k = 0; k < f->n_cases; k++) {
			char arm[HWMSG_REG_PATH_MAX];

			if (snprintf(arm, sizeof(arm), "%s.%s", path,
				     f->cases[k].name) >= (int)sizeof(arm))
				continue;
			if (!o->json)
				printf("  %-14s %-6s %-7s %*s  when %s = %u: %s\n",
				       "", "", "", 2 * (int)depth, "",
				       f->selector, f->cases[k].value,
				       f->cases[k].name);
			show_layout(f->cases[k].layout, base + f->offset, arm,
				    depth + 2, o, first);
		}
	}
}

static void show_layout(const struct hwmsg_reg_layout *l, uint32_t base,
			const char *prefix, unsigned int depth,
			const struct regs_opts *o, bool *first)
{
	char path[HWMSG_REG_PATH_MAX];
	unsigned int i;

	if (depth > 16)
		return;
	for (i = 0; i < l->n_fields; i++) {
		const struct hwmsg_reg_field *f = &l->fields[i];

		if (snprintf(path, sizeof(path), "%s%s%s%s", prefix,
			     *prefix ? "." : "", f->name,
			     f->count ? "[]" : "") >= (int)sizeof(path))
			continue;
		show_field(f, base, path, depth, o, first);
	}
}

static int regs_show(const struct hwmsg_reg *r, const struct regs_opts *o)
{
	bool first = true;

	if (o->json) {
		printf("{\"id\":%u,\"name\":", r->id);
		json_print_str(stdout, r->name);
		printf(",\"len\":%u,\"source\":\"%s\",\"description\":", r->len,
		       name_of(hwmsg_reg_source_names, r->source));
		json_print_str(stdout, r->descr ? r->descr : "");
		printf(",\"fields\":[");
	} else {
		printf("%s (0x%04x), %u bytes, %s%s%s\n", r->name, r->id,
		       r->len, name_of(hwmsg_reg_source_names, r->source),
		       r->descr ? ": " : "", r->descr ? r->descr : "");
		if (r->layout)
			printf("  %-14s %-6s %-7s %s\n", "OFF.SHIFT/WIDTH",
			       "ACCESS", "KIND", "FIELD");
		else
			printf("  (no field layout known)\n");
	}
	if (r->layout)
		show_layout(r->layout, 0, "", 0, o, &first);
	if (o->json)
		printf("]}\n");
	return 0;
}

/* ---- decode ------------------------------------------------------- */

static int hex_val(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Concatenate hex arguments; spaces, colons and a leading 0x are skipped. */
static uint8_t *parse_hex(int argc, char **argv, size_t *len)
{
	size_t cap = 0, n = 0;
	uint8_t *buf = NULL;
	int i, hi = -1;

	for (i = 0; i < argc; i++)
		cap += strlen(argv[i]) / 2 + 1;
	buf = malloc(cap ? cap : 1);
	if (!buf)
		return NULL;
	for (i = 0; i < argc; i++) {
		const char *s = argv[i];

		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			s += 2;
		for (; *s; s++) {
			int v = hex_val((unsigned char)*s);

			if (*s == ' ' || *s == ':' || *s == '\t' || *s == '-')
				continue;
			if (v < 0) {
				fprintf(stderr,
					"hwmsg regs: bad hex digit '%c' in argument %d\n",
					*s, i + 1);
				free(buf);
				return NULL;
			}
			if (hi < 0) {
				hi = v;
			} else {
				buf[n++] = (uint8_t)(hi << 4 | v);
				hi = -1;
			}
		}
	}
	if (hi >= 0) {
		fprintf(stderr, "hwmsg regs: odd number of hex digits\n");
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

static int regs_decode(const struct hwmsg_reg *r, int argc, char **argv,
		       const struct regs_opts *o)
{
	struct hwmsg_reg_decoded d;
	struct hwmsg_err err = { 0 };
	char line[256];
	uint8_t *buf;
	size_t len;
	unsigned int i;
	int ret;

	buf = parse_hex(argc, argv, &len);
	if (!buf)
		return 1;
	r = hwmsg_reg_pick_len(r, len);	/* 0x2032: SPMS_V2 or CPID */
	ret = hwmsg_reg_decode_reg(r, buf, len, &d, &err);
	if (ret < 0) {
		fprintf(stderr, "hwmsg regs: %s\n", err.msg);
		hwmsg_reg_decoded_free(&d);
		free(buf);
		return 1;
	}
	if (o->json) {
		printf("{\"register\":");
		json_print_str(stdout, r->name);
		printf(",\"id\":%u,\"len\":%zu,\"missing\":%u,\"fields\":[",
		       r->id, len, d.n_missing);
		for (i = 0; i < d.n_values; i++) {
			const struct hwmsg_reg_value *v = &d.values[i];

			printf("%s{\"path\":", i ? "," : "");
			json_print_str(stdout, v->path);
			printf(",\"offset\":%u", v->offset);
			if (v->missing)
				printf(",\"missing\":true");
			else if (!v->group) {
				/* signed fields keep their sign in JSON */
				if (v->field->kind == HWMSG_REG_INT)
					printf(",\"raw\":%lld,\"value\":",
					       (long long)v->raw);
				else
					printf(",\"raw\":%llu,\"value\":",
					       (unsigned long long)v->raw);
				json_print_str(stdout, hwmsg_reg_value_str(v, line,
							     sizeof(line)));
				json_print_quantity(stdout, ",", "quantity",
						    v->field, v->raw);
			}
			printf("}");
		}
		printf("]}\n");
	} else {
		printf("%s\n", hwmsg_reg_summary(&d, line, sizeof(line)));
		hwmsg_reg_print(stdout, &d, "    ", o->all);
	}
	if (ret > 0)
		fprintf(stderr, "hwmsg regs: %s\n", err.msg);
	hwmsg_reg_decoded_free(&d);
	free(buf);
	return 0;
}

int cmd_regs(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "adb", required_argument, NULL, 'A' },
		{ "no-adb", no_argument, NULL, 'N' },
		{ "prefer-adb", no_argument, NULL, 'P' },
		{ "all", no_argument, NULL, 'a' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct regs_opts o = { 0 };
	const struct hwmsg_reg *r;
	struct hwmsg_regdb *db;
	int c, ret;

	optind = 1;
	/* "+": stop at the first operand, hex like "-1" is no option */
	while ((c = getopt_long(argc, argv, "+ajh", longopts, NULL)) != -1) {
		switch (c) {
		case 'A':
			if (o.n_adb == REGS_MAX_ADB) {
				fprintf(stderr, "hwmsg regs: too many --adb\n");
				return 2;
			}
			o.adb[o.n_adb++] = optarg;
			break;
		case 'N':
			o.no_adb = true;
			break;
		case 'P':
			o.prefer_adb = true;
			break;
		case 'a':
			o.all = true;
			break;
		case 'j':
			o.json = true;
			break;
		case 'h':
			regs_usage(stdout);
			return 0;
		default:
			regs_usage(stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc && !strcmp(argv[0], "coverage"))
		return regs_coverage(argc - 1, argv + 1, o.json);
	if (argc && !strcmp(argv[0], "decode") && argc < 3) {
		regs_usage(stderr);
		return 2;
	}
	/*
	 * Showing or decoding a built-in register needs no ADB: skip loading
	 * it (tens of milliseconds) unless it was asked for.
	 */
	if (argc && !wants_adb(&o)) {
		struct regs_opts builtin = o;

		builtin.no_adb = true;
		db = open_db(&builtin);
		r = db ? find_quiet(db, argv[argc > 1 &&
					    !strcmp(argv[0], "decode")]) :
			 NULL;
		if (!r || !r->layout) {
			hwmsg_regdb_free(db);
			db = open_db(&o);
		}
	} else {
		db = open_db(&o);
	}
	if (!db)
		return 1;
	if (!argc) {
		ret = regs_list(db, &o);
	} else if (!strcmp(argv[0], "decode")) {
		r = find_reg(db, argv[1]);
		ret = r ? regs_decode(r, argc - 2, argv + 2, &o) : 1;
	} else if (argc == 1) {
		r = find_reg(db, argv[0]);
		ret = r ? regs_show(r, &o) : 1;
	} else {
		regs_usage(stderr);
		ret = 2;
	}
	hwmsg_regdb_free(db);
	return ret;
}
