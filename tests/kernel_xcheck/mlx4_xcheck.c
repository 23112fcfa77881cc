// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mlx4 cross-check: the registers the Linux mlx4 driver accesses with
 * CMD_REG (enum mlx4_reg_id in fw.c: MLX4_REG_ID_PTYS = 0x5004, ...) must
 * have the same name in the built-in register database, and the struct
 * the driver packs each with (struct mlx4_<reg>_reg, found in the given
 * files) must read back through that built-in layout: every member but
 * the reserved ones (resrvd*) is set alone to all ones in a zeroed payload
 * of the struct's size, and the decoder must read it as one field whose
 * bits are exactly the member's. A member the source splits into bits
 * (enum mlx4_<reg>_<member>: MLX4_PTYS_AN_DISABLE_CAP = 1 << 5 in flags)
 * is checked bit mask by bit mask instead: those are what the driver reads
 * and writes.
 *
 * A field that does not read back must be listed in the differences file
 * ("REG FIELD REASON"); a new difference fails, so does a listed one that
 * reads back now.
 *
 * Every access in the sources (fw.c's mlx4_ACCESS_REG(dev, MLX4_REG_ID_X,
 * port.c's and en_ethtool.c's mlx4_ACCESS_X_REG() calls) must be to a
 * register of that enum, so a register added without an id is noticed.
 *
 * Usage: mlx4_xcheck FW_C DIFFERENCES SOURCE... [-v]
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"

#define MAX_FIELDS 64
#define MAX_REGS 16
#define MAX_DIFFS 64

struct field {
	char name[64];		/* "eth_proto_cap", "flags.AN_DISABLE_CAP" */
	unsigned int offset;	/* bytes into the struct */
	unsigned int size;	/* bytes of the member */
	uint64_t mask;		/* the bits within the member's value */
	unsigned int line;
};

struct mreg {
	char name[32];		/* "PTYS" */
	uint16_t id;
	unsigned int size;	/* sizeof(struct mlx4_<reg>_reg) */
	const char *src;	/* the file defining it */
	struct field f[MAX_FIELDS];
	unsigned int n;
};

struct diff {
	char reg[32], field[64];
	unsigned int line;
	bool used;
};

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = 0;
	fclose(f);
	return buf;
}

static unsigned int line_of(const char *text, const char *p)
{
	unsigned int n = 1;

	for (; text < p; text++)
		n += *text == '\n';
	return n;
}

/* The "{ ... }" body after "head {" in text, or NULL; *end past it. */
static const char *body(const char *text, const char *head, const char **end)
{
	const char *p = strstr(text, head), *b;

	while (p && (p > text && (isalnum((unsigned char)p[-1]) ||
				  p[-1] == '_')))
		p = strstr(p + 1, head);
	if (!p)
		return NULL;
	b = p + strlen(head);
	while (isspace((unsigned char)*b))
		b++;
	if (*b != '{')
		return NULL;
	*end = strchr(b, '}');
	return *end ? b + 1 : NULL;
}

/* "MLX4_REG_ID_PTYS = 0x5004," entries of enum mlx4_reg_id. */
static int read_ids(const char *path, const char *text, struct mreg *regs,
		    unsigned int *n)
{
	const char *end, *p = body(text, "enum mlx4_reg_id", &end);

	*n = 0;
	if (!p) {
		fprintf(stderr, "%s: no enum mlx4_reg_id\n", path);
		return -1;
	}
	while ((p = strstr(p, "MLX4_REG_ID_")) && p < end) {
		unsigned int id;
		int used = 0;

		if (*n == MAX_REGS ||
		    sscanf(p, "MLX4_REG_ID_%31[A-Z0-9_] = %i%n",
			   regs[*n].name, (int *)&id, &used) != 2) {
			fprintf(stderr, "%s:%u: cannot read the register id\n",
				path, line_of(text, p));
			return -1;
		}
		regs[*n].id = (uint16_t)id;
		(*n)++;
		p += used;
	}
	if (!*n)
		fprintf(stderr, "%s: enum mlx4_reg_id has no ids\n", path);
	return *n ? 0 : -1;
}

static unsigned int type_size(const char *type)
{
	static const struct {
		const char *name;
		unsigned int size;
	} types[] = { { "u8", 1 }, { "__be16", 2 }, { "__be32", 4 },
		      { "__be64", 8 } };
	unsigned int i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(type, types[i].name))
			return types[i].size;
	return 0;
}

/* The members of struct mlx4_<reg>_reg, in order, packed. */
static int read_struct(const char *path, const char *text, const char *p,
		       const char *end, struct mreg *r)
{
	unsigned int off = 0;

	while (p < end) {
		char type[32], name[64];
		unsigned int count = 1, size;
		const char *nl = strchr(p, '\n');
		int n;

		if (!nl || nl > end)
			nl = end;
		while (p < nl && isspace((unsigned char)*p))
			p++;
		if (p == nl || *p == '#' || *p == '/' || *p == '*') {
			p = nl + (nl < end);
			continue;
		}
		n = sscanf(p, "%31s %63[A-Za-z0-9_][%u];", type, name, &count);
		size = type_size(type);
		if (n < 2 || !size) {
			fprintf(stderr, "%s:%u: member type '%s' unknown\n",
				path, line_of(text, p), n ? type : "");
			return -1;
		}
		if (strncmp(name, "resrvd", 6)) {
			struct field *f = &r->f[r->n];

			if (r->n == MAX_FIELDS || count != 1) {
				fprintf(stderr, "%s:%u: %s: arrays are not read\n",
					path, line_of(text, p), name);
				return -1;
			}
			snprintf(f->name, sizeof(f->name), "%s", name);
			f->offset = off;
			f->size = size;
			f->mask = size == 8 ? UINT64_MAX :
					      (1ull << (size * 8)) - 1;
			f->line = line_of(text, p);
			r->n++;
		}
		off += size * count;
		p = nl + (nl < end);
	}
	r->size = off;
	return 0;
}

/*
 * enum mlx4_<reg>_<word> { MLX4_<REG>_<BIT> = 1 << n, ... }: bit masks of
 * the member named <word> (or the one member starting with "<word>_"),
 * which is replaced by one field per mask.
 */
static int read_masks(const char *path, const char *text, struct mreg *r)
{
	char head[64], lower[32];
	const char *p = text;
	unsigned int i;

	for (i = 0; r->name[i] && i < sizeof(lower) - 1; i++)
		lower[i] = (char)tolower((unsigned char)r->name[i]);
	lower[i] = 0;
	snprintf(head, sizeof(head), "enum mlx4_%s_", lower);
	while ((p = strstr(p, head))) {
		char word[32], ent[128];
		const char *end, *b;
		struct field *m = NULL;
		unsigned int j, base, matches = 0;

		if (sscanf(p + strlen(head), "%31[a-z0-9_]", word) != 1) {
			p++;
			continue;
		}
		snprintf(ent, sizeof(ent), "%s%s", head, word);
		b = body(p, ent, &end);
		if (!b) {
			p++;
			continue;
		}
		for (j = 0; j < r->n; j++) {
			size_t wl = strlen(word);

			if (!strcmp(r->f[j].name, word)) {
				m = &r->f[j];
				matches = 1;
				break;
			}
			if (!strncmp(r->f[j].name, word, wl) &&
			    r->f[j].name[wl] == '_') {
				m = &r->f[j];
				matches++;
			}
		}
		if (matches != 1) {
			fprintf(stderr, "%s:%u: enum mlx4_%s_%s: no one member of struct mlx4_%s_reg it belongs to\n",
				path, line_of(text, p), lower, word, lower);
			return -1;
		}
		base = (unsigned int)(m - r->f);
		while ((b = strstr(b, "MLX4_")) && b < end) {
			char bit[48], member[64];
			unsigned int shift;
			int used = 0;
			struct field *f;

			if (r->n == MAX_FIELDS ||
			    sscanf(b, "MLX4_%*[A-Z0-9]_%47[A-Z0-9_] = 1 << %u%n",
				   bit, &shift, &used) != 2 ||
			    shift >= m->size * 8) {
				fprintf(stderr, "%s:%u: want 'MLX4_%s_NAME = 1 << N' within %s\n",
					path, line_of(text, b), r->name,
					m->name);
				return -1;
			}
			f = &r->f[r->n++];
			*f = r->f[base];
			snprintf(member, sizeof(member), "%s", f->name);
			snprintf(f->name, sizeof(f->name), "%.31s.%.31s",
				 member, bit);
			f->mask = 1ull << shift;
			f->line = line_of(text, b);
			b += used;
		}
		r->f[base].mask = 0;	/* the whole member: not a field */
		p = end;
	}
	return 0;
}

static void put_be(uint8_t *buf, unsigned int size, uint64_t v)
{
	while (size--) {
		buf[size] = (uint8_t)v;
		v >>= 8;
	}
}

/*
 * Write a decoded number leaf's bits back where its field has them. The
 * value's offset is the byte of its first bit: its 32-bit word is the
 * word holding that byte (wider fields start on their offset).
 */
static int put_leaf(uint8_t *img, size_t len, const struct hwmsg_reg_value *v)
{
	const struct hwmsg_reg_field *f = v->field;
	uint64_t raw = v->raw;
	uint64_t low = f->width >= 64 ? raw : raw & ((1ull << f->width) - 1);
	uint32_t word = v->offset & ~3u;

	if (f->width > 32) {
		if (v->offset + 8 > len)
			return -1;
		put_be(img + v->offset, 8, low);
		return 0;
	}
	if (word + 4 > len)
		return -1;
	put_be(img + word, 4, low << f->shift);
	if (f->has_msb && (raw >> f->width)) {
		/* msb_offset is from the field's layout, as offset is */
		uint32_t msb = word - (f->offset & ~3u) + f->msb_offset;

		if (msb + 4 > len)
			return -1;
		put_be(img + msb, 4, (raw >> f->width) << f->msb_shift);
	}
	return 0;
}

/* 0: the field reads back as exactly its bits; 1: not (why says how). */
static int check_field(const struct hwmsg_reg *db, const struct mreg *r,
		       const struct field *f, char *why, size_t n)
{
	uint8_t *buf = calloc(1, r->size), *img = calloc(1, r->size);
	struct hwmsg_reg_decoded d = { 0 };
	const struct hwmsg_reg_value *hit = NULL;
	unsigned int i, hits = 0;
	int ret = 1;

	if (!buf || !img) {
		free(buf);
		free(img);
		return -1;
	}
	put_be(buf + f->offset, f->size, f->mask);
	hwmsg_reg_decode_reg(db, buf, r->size, &d, NULL);
	for (i = 0; i < d.n_values; i++) {
		const struct hwmsg_reg_value *v = &d.values[i];

		if (v->group || v->missing ||
		    !hwmsg_reg_kind_is_number(v->field->kind) || !v->raw)
			continue;
		hits++;
		hit = v;
		if (put_leaf(img, r->size, v))
			hits = 99;
	}
	if (hits == 1 && !memcmp(img, buf, r->size)) {
		ret = 0;
	} else if (!hits) {
		snprintf(why, n, "read as nothing (no field there)");
	} else {
		char val[64];

		hwmsg_reg_value_str(hit, val, sizeof(val));
		snprintf(why, n, "read as %u field(s)%s %s=%s", hits,
			 hits > 1 ? ", the last" : "", hit->path, val);
	}
	hwmsg_reg_decoded_free(&d);
	free(buf);
	free(img);
	return ret;
}

/*
 * The driver's accesses in one source file: mlx4_ACCESS_REG(dev, ID, ...)
 * must pass an MLX4_REG_ID_ of the enum, mlx4_ACCESS_<REG>_REG( must name
 * one of its registers. Returns the number of unknown ones; *calls counts
 * them all (the definitions and declarations of the helpers too).
 */
static int check_calls(const char *path, const struct mreg *regs,
		       unsigned int n_regs, unsigned int *calls)
{
	char *text = slurp(path);
	const char *p;
	int bad = 0;

	if (!text)
		return -1;
	for (p = text; (p = strstr(p, "mlx4_ACCESS_")); p++) {
		char name[32] = "";
		const char *q = p + strlen("mlx4_ACCESS_");
		unsigned int i;
		bool known = false;

		if (!strncmp(q, "REG(", 4)) {
			q = strchr(q, ',');
			while (q && isspace((unsigned char)*++q))
				;
			if (!q || strncmp(q, "u16 ", 4) == 0)
				continue;	/* its definition */
			if (sscanf(q, "MLX4_REG_ID_%31[A-Z0-9_]", name) != 1)
				snprintf(name, sizeof(name), "%.20s", q);
		} else if (sscanf(q, "%31[A-Z0-9]_REG(", name) != 1 ||
			   !strstr(q, "_REG(") ||
			   strstr(q, "_REG(") != q + strlen(name)) {
			continue;	/* not a call: a string, a constant */
		}
		(*calls)++;
		for (i = 0; i < n_regs && !known; i++)
			known = !strcmp(regs[i].name, name);
		if (!known) {
			fprintf(stderr, "%s:%u: mlx4 accesses %s, not in enum mlx4_reg_id\n",
				path, line_of(text, p), name);
			bad++;
		}
	}
	free(text);
	return bad;
}

static int read_diffs(const char *path, struct diff *dv, unsigned int *n)
{
	FILE *f = fopen(path, "r");
	char line[512];
	unsigned int no = 0;

	*n = 0;
	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = line;

		no++;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			continue;
		if (*n == MAX_DIFFS ||
		    sscanf(p, "%31s %63s %*[^\n]", dv[*n].reg,
			   dv[*n].field) != 2) {
			fprintf(stderr, "%s:%u: want 'REG FIELD REASON'\n",
				path, no);
			fclose(f);
			return -1;
		}
		dv[*n].line = no;
		dv[*n].used = false;
		(*n)++;
	}
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	static struct mreg regs[MAX_REGS];
	static struct diff diffs[MAX_DIFFS];
	unsigned int n_regs, n_diffs, i, j, k, fields = 0, exact = 0;
	unsigned int accepted = 0, fresh = 0, stale = 0, unnamed = 0;
	unsigned int calls = 0, unknown = 0;
	bool verbose = false;
	char *fw;
	int a, nsrc = 0;

	for (a = 3; a < argc; a++)
		if (!strcmp(argv[a], "-v"))
			verbose = true;
		else
			nsrc++;
	if (argc < 3 || !nsrc) {
		fprintf(stderr, "usage: mlx4_xcheck FW_C DIFFERENCES SOURCE... [-v]\n");
		return 2;
	}
	fw = slurp(argv[1]);
	if (!fw || read_ids(argv[1], fw, regs, &n_regs) ||
	    read_diffs(argv[2], diffs, &n_diffs))
		return 2;
	free(fw);
	for (i = 0; i < n_regs; i++) {
		struct mreg *r = &regs[i];
		const struct hwmsg_reg *db =
			hwmsg_regdb_find(hwmsg_regdb_builtin(), r->id);
		char head[64], lower[32];
		bool found = false;

		for (j = 0; r->name[j] && j < sizeof(lower) - 1; j++)
			lower[j] = (char)tolower((unsigned char)r->name[j]);
		lower[j] = 0;
		snprintf(head, sizeof(head), "struct mlx4_%s_reg", lower);
		for (a = 3; a < argc && !found; a++) {
			const char *b, *end;
			char *text;

			if (!strcmp(argv[a], "-v"))
				continue;
			text = slurp(argv[a]);
			if (!text)
				return 2;
			b = body(text, head, &end);
			if (b) {
				found = true;
				r->src = argv[a];
				if (read_struct(argv[a], text, b, end, r) ||
				    read_masks(argv[a], text, r)) {
					free(text);
					return 2;
				}
			}
			free(text);
		}
		if (!found) {
			fprintf(stderr, "mlx4_xcheck: MLX4_REG_ID_%s: no %s in the sources\n",
				r->name, head);
			return 2;
		}
		if (!db || !db->name || strcasecmp(db->name, r->name)) {
			fprintf(stderr, "mlx4_xcheck: MLX4_REG_ID_%s 0x%04x is %s in formats/regdb/db\n",
				r->name, r->id,
				db && db->name ? db->name : "not named");
			unnamed++;
			continue;
		}
		if (!db->layout) {
			fprintf(stderr, "mlx4_xcheck: %s 0x%04x has no built-in layout\n",
				r->name, r->id);
			unnamed++;
			continue;
		}
		for (j = 0; j < r->n; j++) {
			const struct field *f = &r->f[j];
			struct diff *l = NULL;
			char why[256] = "";
			int ret;

			if (!f->mask)
				continue;
			fields++;
			for (k = 0; k < n_diffs && !l; k++)
				if (!strcasecmp(diffs[k].reg, r->name) &&
				    !strcmp(diffs[k].field, f->name))
					l = &diffs[k];
			ret = check_field(db, r, f, why, sizeof(why));
			if (ret < 0)
				return 2;
			if (verbose)
				printf("%-4s %s %s (0x%02x mask 0x%llx)%s%s\n",
				       ret ? "DIFF" : "ok", r->name, f->name,
				       f->offset, (unsigned long long)f->mask,
				       ret ? " " : "", why);
			if (l)
				l->used = true;
			if (!ret && l) {
				stale++;
				fprintf(stderr, "%s:%u: %s %s reads back now: remove the line\n",
					argv[2], l->line, r->name, f->name);
			} else if (!ret) {
				exact++;
			} else if (l) {
				accepted++;
			} else {
				fresh++;
				fprintf(stderr, "%s:%u: new difference: %s %s (0x%04x): %s\n",
					r->src, f->line, r->name, f->name,
					r->id, why);
			}
		}
	}
	for (a = 3; a < argc; a++) {
		int bad;

		if (!strcmp(argv[a], "-v"))
			continue;
		bad = check_calls(argv[a], regs, n_regs, &calls);
		if (bad < 0)
			return 2;
		unknown += (unsigned int)bad;
	}
	for (k = 0; k < n_diffs; k++) {
		if (diffs[k].used)
			continue;
		stale++;
		fprintf(stderr, "%s:%u: %s %s: no such mlx4 field\n", argv[2],
			diffs[k].line, diffs[k].reg, diffs[k].field);
	}
	printf("mlx4_xcheck: %u registers (MLX4_REG_ID_*), %u named alike in the built-in database, %u accesses in the sources (%u to other registers); %u fields checked: %u read back exactly, %u listed differences, %u new, %u stale\n",
	       n_regs, n_regs - unnamed, calls, unknown, fields, exact,
	       accepted, fresh, stale);
	return unnamed || unknown || fresh || stale ? 1 : 0;
}
