// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg regs coverage FILE...: which register payloads of a trace decode
 * completely (hwmsg_reg_coverage_add() does the work), as a table or JSON.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmds.h"
#include "json.h"
#include "hwmsg/io.h"
#include "hwmsg/regdb.h"
#include "hwmsg/trace.h"

#define COV_BITS_MAX 160

/* Every EMAD/CMD_REG record of path; false when it cannot be read. */
static bool cov_file(struct hwmsg_reg_coverage *c, const char *path,
		     uint64_t *bad)
{
	struct hwmsg_trace *t = hwmsg_trace_new(HWMSG_TRACE_DECODE);
	struct hwmsg_trace_item it;
	struct hwmsg_err err = { 0 };
	bool ok = true;
	int ret;

	if (!t) {
		fprintf(stderr, "hwmsg regs: out of memory\n");
		return false;
	}
	if (hwmsg_trace_open(t, path, &err)) {
		fprintf(stderr, "hwmsg regs: %s\n", err.msg);
		hwmsg_trace_free(t);
		return false;
	}
	while (ok && (ret = hwmsg_trace_next(t, &it, &err)) != 0) {
		if (ret < 0 || (it.rec.type != HWMSG_TYPE_MLX_EMAD &&
				it.rec.type != HWMSG_TYPE_MLX_CMD_REG))
			continue;
		if (!it.msg) {
			(*bad)++;
			continue;
		}
		if (hwmsg_reg_coverage_add(c, it.msg, &err) < 0) {
			fprintf(stderr, "hwmsg regs: %s: %s\n", path, err.msg);
			ok = false;
		}
	}
	hwmsg_trace_free(t);
	return ok;
}

static const char *cov_name(const struct hwmsg_reg_cov_reg *r)
{
	return r->reg ? r->reg->name : "?";
}

static void cov_print_text(const struct hwmsg_reg_coverage *c, uint64_t bad)
{
	char bits[COV_BITS_MAX];
	unsigned int i;

	printf("%-10s %-6s %8s %-6s %9s %5s  %s\n", "REGISTER", "ID", "MSGS",
	       "LAYOUT", "UNDECODED", "SHORT", "UNDECODED BITS (OFF.SHIFT/WIDTH)");
	for (i = 0; i < c->n; i++) {
		const struct hwmsg_reg_cov_reg *r = &c->regs[i];

		hwmsg_reg_bits_str(r->mask, r->mask_len, bits, sizeof(bits));
		printf("%-10s 0x%04x %8llu %-6s %9llu %5llu  %s\n", cov_name(r),
		       r->id, (unsigned long long)r->messages,
		       r->reg && r->reg->layout ? "yes" : "no",
		       (unsigned long long)r->undecoded,
		       (unsigned long long)r->short_msgs, *bits ? bits : "-");
	}
	if (bad)
		printf("records that do not parse: %llu\n",
		       (unsigned long long)bad);
	printf("coverage: %u of %u registers, %llu of %llu messages fully decoded\n",
	       hwmsg_reg_coverage_full_regs(c), c->n,
	       (unsigned long long)c->full, (unsigned long long)c->messages);
}

static void cov_print_json(const struct hwmsg_reg_coverage *c, uint64_t bad)
{
	unsigned int i;

	printf("{\"registers\":[");
	for (i = 0; i < c->n; i++) {
		const struct hwmsg_reg_cov_reg *r = &c->regs[i];
		size_t size = (size_t)r->mask_len * 12 + 8;
		char *bits = malloc(size);

		printf("%s{\"name\":", i ? "," : "");
		json_print_str(stdout, r->reg ? r->reg->name : NULL);
		printf(",\"id\":%u,\"messages\":%llu,\"layout\":%s,"
		       "\"undecoded_messages\":%llu,\"short_messages\":%llu,"
		       "\"undecoded_bits\":", r->id,
		       (unsigned long long)r->messages,
		       r->reg && r->reg->layout ? "true" : "false",
		       (unsigned long long)r->undecoded,
		       (unsigned long long)r->short_msgs);
		json_print_str(stdout, bits ? hwmsg_reg_bits_str(r->mask,
				r->mask_len, bits, size) : "");
		printf(",\"full\":%s}", hwmsg_reg_cov_reg_full(r) ? "true" :
		       "false");
		free(bits);
	}
	printf("],\"registers_full\":%u,\"registers_total\":%u,"
	       "\"messages_full\":%llu,\"messages_total\":%llu,"
	       "\"records_unparsed\":%llu}\n", hwmsg_reg_coverage_full_regs(c),
	       c->n, (unsigned long long)c->full,
	       (unsigned long long)c->messages, (unsigned long long)bad);
}

int regs_coverage(int argc, char **argv, bool json)
{
	struct hwmsg_reg_coverage c = { 0 };
	uint64_t bad = 0;
	bool ok = true;
	int i, ret;

	if (!argc) {
		fprintf(stderr, "hwmsg regs coverage: no capture file given\n");
		return 2;
	}
	for (i = 0; i < argc && ok; i++)
		ok = cov_file(&c, argv[i], &bad);
	if (!ok) {
		hwmsg_reg_coverage_free(&c);
		return 2;
	}
	if (json)
		cov_print_json(&c, bad);
	else
		cov_print_text(&c, bad);
	ret = bad || c.full != c.messages ||
	      hwmsg_reg_coverage_full_regs(&c) != c.n;
	hwmsg_reg_coverage_free(&c);
	return ret;
}
