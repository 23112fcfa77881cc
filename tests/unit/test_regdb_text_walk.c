// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg_reg_text_append (the walk without a list that show -V prints)
 * against the list-based printer it replaces: hwmsg_reg_decode_flags with
 * leaf paths, then hwmsg_reg_format in hwmsg_reg_print's line format.
 * Every register of the default database (built-in, and the mstflint ADB
 * files when installed), with payloads that are zero, all ones, random,
 * sparse, of small byte values (which pick union arms and enum names) and
 * cut short; with and without zero fields. Byte for byte, and the same
 * return code. And the scaled quantities' text (done by integers) against
 * printf's %.3f of the double it stands for.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "../test.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next_rand(void)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33);
}

struct expect {
	char *s;
	size_t len, cap;
};

static void put(struct expect *e, const char *s, size_t n)
{
	if (e->cap - e->len < n + 1) {
		e->cap = (e->cap + n + 1) * 2;
		e->s = realloc(e->s, e->cap);
		if (!e->s)
			abort();
	}
	memcpy(e->s + e->len, s, n);
	e->len += n;
}

/* hwmsg_reg_print()'s line, with an indent of 8 as show -V has it */
static void expect_line(void *ctx, unsigned int depth, const char *name,
			const char *value)
{
	struct expect *e = ctx;
	size_t pad = depth < 12 ? 24 - 2 * (size_t)depth : 1, n = strlen(name);

	put(e, "        ", 8);
	for (unsigned int i = 0; i < 2 * depth; i++)
		put(e, " ", 1);
	put(e, name, n);
	if (value) {
		for (size_t i = 0; i < (n < pad ? pad - n : 0) + 1; i++)
			put(e, " ", 1);
		put(e, value, strlen(value));
	}
	put(e, "\n", 1);
}

static int compared, mismatches;

static void compare(const struct hwmsg_reg *reg, const uint8_t *p, size_t len,
		    bool all)
{
	static struct hwmsg_reg_decoded d;
	static struct expect e;
	struct hwmsg_reg_text t = { 0 };
	struct hwmsg_err err1, err2;
	int r1, r2;

	e.len = 0;
	r1 = hwmsg_reg_decode_flags(reg, p, len, &d, &err1,
				    HWMSG_REG_DECODE_NO_FILTER |
				    HWMSG_REG_DECODE_LEAF_PATHS);
	if (r1 >= 0)
		hwmsg_reg_format(&d, all, expect_line, &e);
	/* something before: the text is appended */
	t.s = malloc(4);
	t.cap = 4;
	if (!t.s)
		abort();
	memcpy(t.s, "abc\n", 4);
	t.len = 4;
	r2 = hwmsg_reg_text_append(&t, reg, p, len, "        ", all, &err2);
	compared++;
	if (r1 != r2 || (r1 >= 0 && (t.len != e.len + 4 ||
				     (e.len && memcmp(t.s + 4, e.s, e.len)))) ||
	    (r1 < 0 && t.len != 4) || memcmp(t.s, "abc\n", 4)) {
		if (mismatches++ < 5) {
			fprintf(stderr, "%s, %zu bytes, all %d: %d vs %d\n",
				reg->name, len, all, r1, r2);
			fprintf(stderr, "--- list\n%.*s--- walk\n%.*s",
				(int)e.len, e.s ? e.s : "", (int)(t.len - 4),
				t.s + 4);
		}
	}
	free(t.s);
}

static void payloads(const struct hwmsg_reg *reg)
{
	size_t len = reg->len ? reg->len : reg->layout->len;
	uint8_t *p = calloc(1, len + 1);

	if (!p)
		abort();
	for (int kind = 0; kind < 7; kind++) {
		for (size_t i = 0; i < len; i++) {
			uint32_t r = next_rand();

			switch (kind) {
			case 0: p[i] = 0; break;
			case 1: p[i] = 0xff; break;
			case 2: p[i] = (uint8_t)r; break;
			case 3: p[i] = r % 16 ? 0 : (uint8_t)(r >> 8); break;
			default: p[i] = (uint8_t)(r % 4); break;
			}
		}
		for (int all = 0; all < 2; all++) {
			compare(reg, p, len, all);
			/* cut: inside the first word, halfway, none */
			compare(reg, p, len > 3 ? 3 : len, all);
			compare(reg, p, len / 2, all);
			compare(reg, p, 0, all);
			compare(reg, p, next_rand() % (len + 1), all);
		}
	}
	free(p);
}

/* What hwmsg_reg_unit_str() printed by printf before: " (47.125 C)" */
static void unit_ref(const struct hwmsg_reg_field *f, uint64_t raw, char *buf,
		     size_t size)
{
	double q = f->kind == HWMSG_REG_INT ? (double)(int64_t)raw :
					      (double)raw;
	char num[48], *end;

	q = q * f->scale_num / f->scale_den;
	snprintf(num, sizeof(num), "%.3f", q);
	end = num + strlen(num);
	while (end > num && end[-1] == '0')
		*--end = 0;
	if (end > num && end[-1] == '.')
		*--end = 0;
	if (!strcmp(num, "-0"))
		strcpy(num, "0");
	snprintf(buf, size, " (%s%s%s)", num, f->unit ? " " : "",
		 f->unit ? f->unit : "");
}

static void test_scaled(void)
{
	static const uint32_t scales[][2] = {
		{ 1, 8 }, { 1, 1000 }, { 3, 7 }, { 125, 1000 }, { 1, 3 },
		{ 2, 3 }, { 1, 16 }, { 1, 2000 }, { 5, 4096 }, { 0, 5 },
		{ 1000, 1 }, { 7, 1 }, { 1, 0xfffffffb }, { 0xffffffff, 3 },
	};
	int bad = 0, n = 0;

	for (size_t s = 0; s < sizeof(scales) / sizeof(scales[0]); s++) {
		for (int kind = 0; kind < 2; kind++) {
			struct hwmsg_reg_field f = {
				.name = "x", .width = 64, .unit = kind ? "C" : NULL,
				.kind = kind ? HWMSG_REG_INT : HWMSG_REG_UINT,
				.scale_num = scales[s][0],
				.scale_den = scales[s][1],
			};

			for (int i = 0; i < 30000; i++) {
				uint64_t raw = i < 10000 ? (uint64_t)i :
					       i < 12000 ? (uint64_t)-(i - 10000) :
					       (uint64_t)next_rand() << (next_rand() % 40) ^
					       next_rand();
				char got[64], want[64];

				if (i >= 20000 && kind)
					raw = (uint64_t)-(int64_t)(raw >> 1);
				hwmsg_reg_unit_str(&f, raw, got, sizeof(got));
				unit_ref(&f, raw, want, sizeof(want));
				n++;
				if (strcmp(got, want) && bad++ < 5)
					fprintf(stderr, "%u/%u raw %llu: %s vs %s\n",
						f.scale_num, f.scale_den,
						(unsigned long long)raw, got,
						want);
			}
		}
	}
	fprintf(stderr, "%d scaled values compared\n", n);
	CHECK_EQ(bad, 0);
}

int main(void)
{
	struct hwmsg_err err;
	const struct hwmsg_regdb *db = hwmsg_regdb_default(&err);
	unsigned int i, n_regs = 0;

	if (!db) {
		fprintf(stderr, "register database: %s\n", err.msg);
		db = hwmsg_regdb_builtin();
	}
	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *reg = hwmsg_regdb_at(db, i);

		if (!reg->layout)
			continue;
		payloads(reg);
		n_regs++;
	}
	fprintf(stderr, "%u registers, %d texts compared\n", n_regs, compared);
	CHECK(n_regs > 50);
	test_scaled();
	CHECK_EQ(mismatches, 0);
	return test_done("test_regdb_text_walk");
}
