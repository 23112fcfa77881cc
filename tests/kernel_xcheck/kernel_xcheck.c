// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel cross-check: every field of every register the Linux mlxsw
 * driver defines (reg.h) is set alone to all ones in a zeroed payload of
 * the driver's length, and libhwmsg's decoder (hwmsg_reg_lookup(): the
 * built-in layout, else the ADB's) must read it back as one field holding
 * exactly that value: a 10-bit local port as one number, an array element
 * at the driver's index. Indexed items are checked at their first, second
 * and last element. Unions need their selector: context.txt sets it.
 *
 * A field that does not read back must be listed in differences.txt with a
 * reason; a new difference fails, and so does a listed one that now reads
 * back (the list only shrinks by removing lines).
 *
 * With --mlx5 DRIVER_H (include/linux/mlx5/driver.h), every register id
 * mlx5 names (MLX5_REG_PMPE = 0x5010, ...) must have a name in the built-in
 * database: a capture of any of the drivers shows names, not numbers.
 *
 * Usage: kernel_xcheck REG_H DIFFERENCES CONTEXT [-v] [--list] [--mlx5 H]
 *   -v      print every checked field
 *   --list  print the current differences in the differences file's format
 *   --enums print the values of the kernel's enums the decoder cannot name
 *
 * The kernel's enums (enum mlxsw_reg_<reg>_<item>) are counted too: each
 * value packed alone into its field, how many decode with a name.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "kreg.h"

#define MAX_LINES 1024

/* "reg item rest" lines of the differences and context files */
struct line {
	char reg[32], item[64];
	char *rest;
	unsigned int lineno;
	bool used;
};

struct lines {
	const char *path;
	struct line l[MAX_LINES];
	unsigned int n;
};

static int read_lines(const char *path, struct lines *out)
{
	FILE *f = fopen(path, "r");
	char buf[1024];
	unsigned int no = 0;

	out->path = path;
	out->n = 0;
	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		struct line *l;
		char *p = buf, *rest;
		int n = 0;

		no++;
		buf[strcspn(buf, "\n")] = 0;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			continue;
		if (out->n == MAX_LINES) {
			fprintf(stderr, "%s:%u: too many lines\n", path, no);
			fclose(f);
			return -1;
		}
		l = &out->l[out->n];
		memset(l, 0, sizeof(*l));
		if (sscanf(p, "%31s %63s %n", l->reg, l->item, &n) != 2 ||
		    !n) {
			fprintf(stderr, "%s:%u: want 'REG ITEM TEXT'\n", path,
				no);
			fclose(f);
			return -1;
		}
		rest = p + n;
		l->rest = strdup(rest);
		l->lineno = no;
		out->n++;
	}
	fclose(f);
	return 0;
}

static void free_lines(struct lines *ls)
{
	while (ls->n)
		free(ls->l[--ls->n].rest);
}

static const struct kitem *find_item(const struct kreg *r, const char *name)
{
	unsigned int i;

	for (i = 0; i < r->n_items; i++)
		if (!strcmp(r->items[i].name, name))
			return &r->items[i];
	return NULL;
}

/* The context line for an item: its register, longest item prefix. */
static const struct line *context_for(const struct lines *ctx,
				      const struct kreg *r,
				      const struct kitem *it)
{
	const struct line *best = NULL;
	unsigned int i;

	for (i = 0; i < ctx->n; i++) {
		const struct line *l = &ctx->l[i];
		size_t n = strlen(l->item);

		if (strcmp(l->reg, r->name) || strncmp(it->name, l->item, n))
			continue;
		if (!best || n > strlen(best->item))
			best = l;
	}
	return best;
}

/* Apply "item=value ..." at element index (0 for plain items). */
static int apply_context(const struct line *l, const struct kreg *r,
			 uint32_t index, uint8_t *buf, const char *ctx_path)
{
	char *copy, *tok, *save = NULL;
	int ret = 0;

	if (!l)
		return 0;
	copy = strdup(l->rest);
	for (tok = strtok_r(copy, " \t", &save); tok && !ret;
	     tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		const struct kitem *ci;

		if (!eq) {
			ret = -1;
			break;
		}
		*eq = 0;
		ci = find_item(r, tok);
		if (!ci || kitem_set(ci, ci->indexed ? index : 0,
				     strtoull(eq + 1, NULL, 0), buf, r->len))
			ret = -1;
	}
	if (ret)
		fprintf(stderr, "%s:%u: bad assignment in '%s'\n", ctx_path,
			l->lineno, l->rest);
	free(copy);
	return ret;
}

static bool leaf_nonzero(const struct hwmsg_reg_value *v)
{
	uint32_t i;

	if (v->group || v->missing)
		return false;
	if (hwmsg_reg_kind_is_number(v->field->kind))
		return v->raw != 0;
	for (i = 0; i < v->n_bytes; i++)
		if (v->bytes[i])
			return true;
	return false;
}

static uint64_t ones(uint32_t bits)
{
	return bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
}

/* A number leaf's value within its own width (ints are sign-extended). */
static uint64_t leaf_raw(const struct hwmsg_reg_value *v)
{
	return v->raw & ones(hwmsg_reg_field_bits(v->field));
}

static bool same_leaf(const struct hwmsg_reg_value *a,
		      const struct hwmsg_reg_value *b)
{
	if (strcmp(a->path, b->path))
		return false;
	if (hwmsg_reg_kind_is_number(a->field->kind))
		return a->raw == b->raw;
	return a->n_bytes == b->n_bytes &&
	       !memcmp(a->bytes, b->bytes, a->n_bytes);
}

/* The bits a leaf holds when all its bits are ones; 0 if it is not. */
static uint32_t all_ones_bits(const struct hwmsg_reg_value *v)
{
	uint32_t i;

	if (hwmsg_reg_kind_is_number(v->field->kind)) {
		uint32_t bits = hwmsg_reg_field_bits(v->field);

		return leaf_raw(v) == ones(bits) ? bits : 0;
	}
	for (i = 0; i < v->n_bytes; i++)
		if (v->bytes[i] != 0xff)
			return 0;
	return v->n_bytes * 8;
}

struct check {
	const struct kreg *r;
	const struct hwmsg_reg *db;
	const struct lines *ctx;
	char why[512];		/* the first failure */
	bool indices;		/* the count > 1: paths must carry [k] */
	char path0[HWMSG_REG_PATH_MAX];	/* element 0's field, when it read back */
};

static void describe(struct check *c, uint32_t k,
		     const struct hwmsg_reg_value **hits, unsigned int n)
{
	size_t used;
	unsigned int i;

	used = (size_t)snprintf(c->why, sizeof(c->why), "[%u] read as", k);
	if (!n)
		snprintf(c->why + used, sizeof(c->why) - used,
			 " nothing (no field there)");
	for (i = 0; i < n && i < 4 && used < sizeof(c->why); i++) {
		char val[96];

		hwmsg_reg_value_str(hits[i], val, sizeof(val));
		used += (size_t)snprintf(c->why + used, sizeof(c->why) - used,
					 "%s %s=%s", i ? "," : "",
					 hits[i]->path, val);
	}
	if (n > 4 && used < sizeof(c->why))
		snprintf(c->why + used, sizeof(c->why) - used, ", ...");
}

/* Does element k of the item read back? Sets c->why if not. */
static int check_elem(struct check *c, const struct kitem *it, uint32_t k)
{
	const struct kreg *r = c->r;
	const struct line *cl = context_for(c->ctx, r, it);
	struct hwmsg_reg_decoded base = { 0 }, d = { 0 };
	const struct hwmsg_reg_value *hits[16];
	uint8_t *buf = calloc(1, r->len), *ctxbuf = calloc(1, r->len);
	unsigned int i, j, n = 0, bits = 0;
	char idx[16];
	bool ok = true;
	int ret = -1;

	if (!buf || !ctxbuf)
		goto out;
	if (apply_context(cl, r, k, ctxbuf, c->ctx->path))
		goto out;
	memcpy(buf, ctxbuf, r->len);
	if (kitem_set(it, k, UINT64_MAX, buf, r->len)) {
		snprintf(c->why, sizeof(c->why), "[%u] outside the register",
			 k);
		ret = 1;
		goto out;
	}
	hwmsg_reg_decode_reg(c->db, ctxbuf, r->len, &base, NULL);
	hwmsg_reg_decode_reg(c->db, buf, r->len, &d, NULL);
	snprintf(idx, sizeof(idx), "[%u]", k);
	ok = true;
	for (i = 0; i < d.n_values; i++) {
		const struct hwmsg_reg_value *v = &d.values[i];
		bool in_base = false;
		uint32_t b;

		if (!leaf_nonzero(v))
			continue;
		for (j = 0; j < base.n_values && !in_base; j++)
			in_base = leaf_nonzero(&base.values[j]) &&
				  same_leaf(&base.values[j], v);
		if (in_base)
			continue;
		if (n < sizeof(hits) / sizeof(hits[0]))
			hits[n] = v;
		n++;
		/* a buffer may be read as several fields of all ones */
		b = all_ones_bits(v);
		if (!b || (c->indices && !strstr(v->path, idx)))
			ok = false;
		bits += b;
	}
	if (n > sizeof(hits) / sizeof(hits[0]))
		n = sizeof(hits) / sizeof(hits[0]);
	if (it->kind == KITEM_BUF) {
		ok = ok && n && bits == kitem_value_bits(it);
	} else if (n != 1 || !hwmsg_reg_kind_is_number(hits[0]->field->kind)) {
		ok = false;
	} else if (it->kind == KITEM_BIT_ARRAY && !hits[0]->field->count &&
		   (uint64_t)k * it->bits < hwmsg_reg_field_bits(hits[0]->field)) {
		/* a mask read as one number: element k is its bit(s) k */
		ok = leaf_raw(hits[0]) ==
		     ones(it->bits) << ((uint64_t)k * it->bits);
	} else {
		/* one number holding the value in its low bits: a wider
		 * field is fine, two halves are not */
		ok = leaf_raw(hits[0]) == ones(kitem_value_bits(it)) &&
		     (!c->indices || strstr(hits[0]->path, idx));
	}
	if (ok && !k && n == 1 && it->kind != KITEM_BUF)
		snprintf(c->path0, sizeof(c->path0), "%s", hits[0]->path);
	if (!ok)
		describe(c, k, hits, n);
	ret = ok ? 0 : 1;
out:
	hwmsg_reg_decoded_free(&base);
	hwmsg_reg_decoded_free(&d);
	free(buf);
	free(ctxbuf);
	return ret;
}

/* 0: reads back, 1: a difference (c->why says which), -1: error. */
static int check_item(struct check *c, const struct kitem *it)
{
	uint32_t count = kitem_count(c->r, it);
	uint32_t ks[3] = { 0, 1, count - 1 };
	unsigned int i;

	c->indices = count > 1;
	c->why[0] = 0;
	c->path0[0] = 0;
	if (!c->db || !c->db->layout) {
		snprintf(c->why, sizeof(c->why), "register has no layout");
		return 1;
	}
	for (i = 0; i < 3; i++) {
		int ret;

		if (ks[i] >= count || (i && ks[i] == ks[i - 1]) ||
		    (i == 2 && ks[2] == ks[0]))
			continue;
		ret = check_elem(c, it, ks[i]);
		if (ret)
			return ret;
	}
	return 0;
}

static struct line *listed(struct lines *diffs, const struct kreg *r,
			   const struct kitem *it)
{
	unsigned int i;

	for (i = 0; i < diffs->n; i++)
		if (!strcmp(diffs->l[i].reg, r->name) &&
		    !strcmp(diffs->l[i].item, it->name))
			return &diffs->l[i];
	return NULL;
}

static struct lines diffs, ctx;

/* The database's register for a kernel one (an event by its name). */
static const struct hwmsg_reg *lookup(const struct kreg *r)
{
	const struct hwmsg_reg *named;

	if (!r->event)
		return hwmsg_reg_lookup(r->id);
	named = hwmsg_regdb_find_name(hwmsg_regdb_builtin(), r->name);
	return named ? hwmsg_reg_lookup(named->id) : NULL;
}

struct enum_stats {
	unsigned int enums, values, named;
};

static bool has_name(const struct hwmsg_reg_field *f, uint64_t v)
{
	unsigned int i;

	if (!f->enums)
		return false;
	for (i = 0; f->enums[i].name; i++)
		if (f->enums[i].value == v)
			return true;
	return false;
}

/*
 * The kernel's enum mlxsw_reg_<reg>_<item>: each value packed into the
 * item (element 0) must decode as an enum value with a name. Reported,
 * not failed on: names are the database's to choose, values are checked
 * by the field check.
 */
static void check_enum(const struct kreg_file *kf, const struct kenum *e,
		       struct enum_stats *st, bool print)
{
	const char *rest = e->name + strlen("mlxsw_reg_");
	const struct kreg *r = NULL;
	const struct kitem *it = NULL;
	struct check c = { .ctx = &ctx };
	unsigned int i;
	size_t best = 0;

	for (i = 0; i < kf->n_regs; i++) {
		size_t n = strlen(kf->regs[i].name);

		if (n > best && !strncmp(rest, kf->regs[i].name, n) &&
		    rest[n] == '_') {
			best = n;
			r = &kf->regs[i];
		}
	}
	if (r)
		it = find_item(r, rest + best + 1);
	if (!it || it->kind == KITEM_BUF)
		return;		/* an enum of arguments, not of a field */
	c.r = r;
	c.db = lookup(r);
	if (check_item(&c, it) || !c.path0[0])
		return;		/* the field itself is a difference */
	st->enums++;
	for (i = 0; i < e->n_vals; i++) {
		const struct kenum_val *v = &e->vals[i];
		const struct hwmsg_reg_value *dv;
		struct hwmsg_reg_decoded d = { 0 };
		uint8_t *buf;

		if (v->value < 0 || (uint64_t)v->value > ones(kitem_value_bits(it)) ||
		    !strncmp(v->name, "__", 2))
			continue;	/* a count or a limit, not a value */
		buf = calloc(1, r->len);
		if (!buf || apply_context(context_for(&ctx, r, it), r, 0, buf,
					  ctx.path) ||
		    kitem_set(it, 0, (uint64_t)v->value, buf, r->len)) {
			free(buf);
			continue;
		}
		hwmsg_reg_decode_reg(c.db, buf, r->len, &d, NULL);
		dv = hwmsg_reg_decoded_get(&d, c.path0);
		if (dv && dv->field->kind == HWMSG_REG_FLAGS) {
			hwmsg_reg_decoded_free(&d);
			free(buf);
			continue;	/* named bits, not values */
		}
		st->values++;
		if (dv && has_name(dv->field, (uint64_t)v->value))
			st->named++;
		else if (print)
			printf("enum %s %s %lld (%s): %s\n", r->name, it->name,
			       (long long)v->value, v->name,
			       dv ? "no name" : "not decoded");
		hwmsg_reg_decoded_free(&d);
		free(buf);
	}
}

/* "MLX5_REG_NAME = 0xID," lines: ids the built-in database cannot name. */
static int check_mlx5(const char *path, unsigned int *named)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int missing = 0;

	*named = 0;
	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char name[64];
		unsigned int id;
		const struct hwmsg_reg *r;

		if (sscanf(line, " MLX5_REG_%63[A-Z0-9_] = %x ,", name, &id) != 2)
			continue;
		r = hwmsg_regdb_find(hwmsg_regdb_builtin(), (uint16_t)id);
		if (r && r->name) {
			(*named)++;
			continue;
		}
		fprintf(stderr, "%s: MLX5_REG_%s 0x%04x has no name in formats/regdb/db\n",
			path, name, id);
		missing++;
	}
	fclose(f);
	if (!*named && !missing) {
		fprintf(stderr, "%s: no MLX5_REG_ ids found\n", path);
		return -1;
	}
	return missing;
}

int main(int argc, char **argv)
{
	struct kreg_file kf;
	unsigned int i, j, n_builtin = 0, n_adb = 0, n_none = 0;
	unsigned int exact = 0, accepted = 0, fresh = 0, stale = 0;
	bool verbose = false, list = false, enums = false;
	struct enum_stats es = { 0 };
	const char *mlx5 = NULL;
	unsigned int mlx5_named = 0;
	int a, status = 0;

	for (a = 4; a < argc; a++) {
		if (!strcmp(argv[a], "-v"))
			verbose = true;
		else if (!strcmp(argv[a], "--list"))
			list = true;
		else if (!strcmp(argv[a], "--enums"))
			enums = true;
		else if (!strcmp(argv[a], "--mlx5") && a + 1 < argc)
			mlx5 = argv[++a];
		else
			argc = 0;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: kernel_xcheck REG_H DIFFERENCES CONTEXT [-v] [--list] [--enums] [--mlx5 DRIVER_H]\n");
		return 2;
	}
	if (mlx5) {
		int ret = check_mlx5(mlx5, &mlx5_named);

		if (ret < 0)
			return 2;
		if (ret)
			status = 1;
		printf("kernel_xcheck: %u mlx5 register ids (MLX5_REG_*), all named: %s\n",
		       mlx5_named + ret, ret ? "no" : "yes");
	}
	if (kreg_read(argv[1], &kf, stderr) || read_lines(argv[2], &diffs) ||
	    read_lines(argv[3], &ctx))
		return 2;
	for (i = 0; i < kf.n_regs; i++) {
		const struct kreg *r = &kf.regs[i];
		struct check c = { .r = r, .ctx = &ctx };

		c.db = lookup(r);
		if (!c.db || !c.db->layout)
			n_none++;
		else if (c.db->source == HWMSG_REG_BUILTIN)
			n_builtin++;
		else
			n_adb++;
		for (j = 0; j < r->n_items; j++) {
			const struct kitem *it = &r->items[j];
			struct line *l = listed(&diffs, r, it);
			int ret = check_item(&c, it);

			if (ret < 0) {
				fprintf(stderr, "reg.h:%u: %s %s: cannot check\n",
					it->line, r->name, it->name);
				return 2;
			}
			if (verbose)
				printf("%-4s %s %s%s%s\n", ret ? "DIFF" : "ok",
				       r->name, it->name, ret ? " " : "",
				       c.why);
			if (list && ret)
				printf("%s %s %s\n", r->name, it->name,
				       l ? l->rest : c.why);
			if (!ret) {
				exact++;
				if (l) {
					l->used = true;
					stale++;
					fprintf(stderr,
						"%s:%u: %s %s reads back now: remove the line\n",
						diffs.path, l->lineno, r->name,
						it->name);
				}
			} else if (l) {
				l->used = true;
				accepted++;
			} else {
				fresh++;
				fprintf(stderr,
					"reg.h:%u: new difference: %s %s (0x%04x): %s\n",
					it->line, r->name, it->name, r->id,
					c.why);
			}
		}
	}
	for (i = 0; i < diffs.n; i++) {
		if (diffs.l[i].used)
			continue;
		stale++;
		fprintf(stderr, "%s:%u: %s %s: no such kernel field\n",
			diffs.path, diffs.l[i].lineno, diffs.l[i].reg,
			diffs.l[i].item);
	}
	for (i = 0; i < ctx.n; i++) {
		bool used = false;

		for (j = 0; j < kf.n_regs && !used; j++)
			used = !strcmp(kf.regs[j].name, ctx.l[i].reg);
		if (!used) {
			stale++;
			fprintf(stderr, "%s:%u: no register %s\n", ctx.path,
				ctx.l[i].lineno, ctx.l[i].reg);
		}
	}
	for (i = 0; i < kf.n_enums; i++)
		check_enum(&kf, &kf.enums[i], &es, enums);
	printf("kernel_xcheck: %u of the kernel's %u enums name a field that reads back: %u values, %u named by the decoder (--enums lists the others)\n",
	       es.enums, kf.n_enums, es.values, es.named);
	printf("kernel_xcheck: %u registers (%u built-in layouts, %u ADB, %u none), %u fields checked: %u read back exactly, %u listed differences, %u new, %u stale\n",
	       kf.n_regs, n_builtin, n_adb, n_none, kf.n_items, exact,
	       accepted, fresh, stale);
	if (fresh || stale)
		status = 1;
	free_lines(&diffs);
	free_lines(&ctx);
	kreg_free(&kf);
	return status;
}
