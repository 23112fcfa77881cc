// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsg diff: the differences as text and as JSON. */
#include <stdio.h>
#include <string.h>

#include "diff.h"
#include "hwmsg/regdb.h"
#include "json.h"
#include "print.h"

typedef void (*field_fn)(void *ctx, const char *path, const char *va,
			 const char *vb);

/* Every leaf whose value differs between the two images (or is only in
 * one: arrays list their non-zero elements only). */
static void field_diffs(const struct hwmsg_state_inst *a,
			const struct hwmsg_state_inst *b, field_fn fn,
			void *ctx)
{
	struct hwmsg_reg_decoded da, db;
	char va[256], vb[256];

	if (hwmsg_reg_decode(NULL, a->reg_id, a->payload, a->len, &da,
			     NULL) < 0 ||
	    hwmsg_reg_decode(NULL, b->reg_id, b->payload, b->len, &db,
			     NULL) < 0) {
		fn(ctx, "(payload)", "differs", "differs");
		goto out;
	}
	for (unsigned int i = 0; i < da.n_values; i++) {
		const struct hwmsg_reg_value *x = &da.values[i], *y;

		if (x->group || x->missing)
			continue;
		y = hwmsg_reg_decoded_get(&db, x->path);
		hwmsg_reg_value_str(x, va, sizeof(va));
		if (y)
			hwmsg_reg_value_str(y, vb, sizeof(vb));
		if (!y || strcmp(va, vb))
			fn(ctx, x->path, va, y ? vb : "-");
	}
	for (unsigned int i = 0; i < db.n_values; i++) {
		const struct hwmsg_reg_value *y = &db.values[i];

		if (y->group || y->missing || hwmsg_reg_decoded_get(&da, y->path))
			continue;
		fn(ctx, y->path, "-", hwmsg_reg_value_str(y, vb, sizeof(vb)));
	}
out:
	hwmsg_reg_decoded_free(&da);
	hwmsg_reg_decoded_free(&db);
}

static void text_field(void *ctx, const char *path, const char *va,
		       const char *vb)
{
	(void)ctx;
	printf("      %-28s %s  ->  %s\n", path, va, vb);
}

static void reg_method(uint16_t reg_id, uint8_t method, char *buf,
		       size_t size)
{
	const char *name = hwmsg_reg_name(reg_id);
	const char *m = hwmsg_name_lookup(hwmsg_emad_method_names, method);

	if (name)
		snprintf(buf, size, "%s %s", name, m ? m : "?");
	else
		snprintf(buf, size, "0x%04x %s", reg_id, m ? m : "?");
}

/* The same register and method in b, when both sides have latencies. */
static const struct hwmsg_stats_row *
latency_pair(const struct diff_side *b, const struct hwmsg_stats_row *x)
{
	const struct hwmsg_stats_row *y = b->acc ?
		hwmsg_stats_find(b->acc, NULL, NULL, x->reg_id, x->method) :
		NULL;

	return y && x->lat.n && y->lat.n ? y : NULL;
}

static size_t n_acc(const struct diff_side *d)
{
	return d->acc ? hwmsg_stats_count(d->acc) : 0;
}

static void text_latency(const struct diff_side *a, const struct diff_side *b)
{
	bool title = false;
	char rm[48];

	for (size_t i = 0; i < n_acc(a); i++) {
		const struct hwmsg_stats_row *x = hwmsg_stats_row(a->acc, i);
		const struct hwmsg_stats_row *y = latency_pair(b, x);
		double ap99, bp99;

		if (!y)
			continue;
		if (!title) {
			printf("\nlatency (us)          A P50      A P99      B P50      B P99  P99 B/A\n");
			title = true;
		}
		ap99 = hwmsg_lathist_percentile(&x->lat, 0.99);
		bp99 = hwmsg_lathist_percentile(&y->lat, 0.99);
		reg_method(x->reg_id, x->method, rm, sizeof(rm));
		printf("  %-16s %10.1f %10.1f %10.1f %10.1f  %6.2fx\n", rm,
		       hwmsg_lathist_percentile(&x->lat, 0.50) / 1e3,
		       ap99 / 1e3,
		       hwmsg_lathist_percentile(&y->lat, 0.50) / 1e3,
		       bp99 / 1e3, ap99 > 0 ? bp99 / ap99 : 0);
	}
}

static void text_errors(const char *side, const struct diff_error **e,
			size_t n)
{
	char rm[48];

	for (size_t i = 0; i < n; i++) {
		reg_method(e[i]->reg_id, e[i]->method, rm, sizeof(rm));
		printf("  only in %s: %s status %s (%u)", side, rm,
		       hwmsg_name_lookup(hwmsg_emad_status_names,
					 e[i]->status) ?: "?",
		       e[i]->status);
		if (*e[i]->fw_string) {
			putchar(' ');
			json_print_str(stdout, e[i]->fw_string);
		}
		printf(" x%llu\n", (unsigned long long)e[i]->count);
	}
}

static void text_accesses(const char *side,
			  const struct hwmsg_stats_row **v,
			  size_t n)
{
	char rm[48];

	for (size_t i = 0; i < n; i++) {
		reg_method(v[i]->reg_id, v[i]->method, rm, sizeof(rm));
		printf("  only in %s: %s (%llu requests)\n", side, rm,
		       (unsigned long long)v[i]->requests);
	}
}

void diff_print_text(const struct diff_side *a, const struct diff_side *b,
		     const struct diff_result *r)
{
	printf("A  %s: %llu records\nB  %s: %llu records\n", a->path,
	       (unsigned long long)a->records, b->path,
	       (unsigned long long)b->records);
	printf("\nstate: %zu instances differ, %zu in one capture only\n",
	       r->n_changed, r->n_only);
	for (size_t i = 0; i < r->n_changed; i++) {
		printf("  %s %s\n", r->changed[i].a->driver,
		       r->changed[i].a->key);
		field_diffs(r->changed[i].a, r->changed[i].b, text_field,
			    NULL);
	}
	for (size_t i = 0; i < r->n_only; i++) {
		const struct hwmsg_state_inst *in = r->only[i].a ?
						    r->only[i].a : r->only[i].b;

		printf("  only in %s: %s %s\n", r->only[i].a ? "A" : "B",
		       in->driver, in->key);
	}
	printf("\nerrors: %zu kinds in A only, %zu in B only\n", r->n_err_a,
	       r->n_err_b);
	text_errors("A", r->err_only_a, r->n_err_a);
	text_errors("B", r->err_only_b, r->n_err_b);
	printf("\nregisters accessed: %zu in A only, %zu in B only\n",
	       r->n_acc_a, r->n_acc_b);
	text_accesses("A", r->acc_only_a, r->n_acc_a);
	text_accesses("B", r->acc_only_b, r->n_acc_b);
	text_latency(a, b);
}

struct json_ctx {
	bool first;
};

static void json_field(void *ctx, const char *path, const char *va,
		       const char *vb)
{
	struct json_ctx *c = ctx;

	printf("%s{\"path\":", c->first ? "" : ",");
	json_print_str(stdout, path);
	printf(",\"a\":");
	json_print_str(stdout, va);
	printf(",\"b\":");
	json_print_str(stdout, vb);
	putchar('}');
	c->first = false;
}

static void json_inst(const struct hwmsg_state_inst *in)
{
	printf("{\"driver\":");
	json_print_str(stdout, in->driver);
	printf(",\"reg_id\":%u,\"instance\":", in->reg_id);
	json_print_str(stdout, in->key);
}

static void json_errors(const char *key, const struct diff_error **e,
			size_t n)
{
	printf(",\"%s\":[", key);
	for (size_t i = 0; i < n; i++) {
		printf("%s{\"reg_id\":%u,\"method\":%u,\"status\":%u,\"fw_string\":",
		       i ? "," : "", e[i]->reg_id, e[i]->method, e[i]->status);
		json_print_str(stdout, e[i]->fw_string);
		printf(",\"count\":%llu}", (unsigned long long)e[i]->count);
	}
	putchar(']');
}

static void json_accesses(const char *key,
			  const struct hwmsg_stats_row **v,
			  size_t n)
{
	printf(",\"%s\":[", key);
	for (size_t i = 0; i < n; i++)
		printf("%s{\"reg_id\":%u,\"method\":%u,\"requests\":%llu}",
		       i ? "," : "", v[i]->reg_id, v[i]->method,
		       (unsigned long long)v[i]->requests);
	putchar(']');
}

void diff_print_json(const struct diff_side *a, const struct diff_side *b,
		     const struct diff_result *r)
{
	printf("{\"a\":");
	json_print_str(stdout, a->path);
	printf(",\"b\":");
	json_print_str(stdout, b->path);
	printf(",\"differ\":%s,\"changed\":[", diff_differs(r) ? "true" : "false");
	for (size_t i = 0; i < r->n_changed; i++) {
		struct json_ctx c = { .first = true };

		printf("%s", i ? "," : "");
		json_inst(r->changed[i].a);
		printf(",\"fields\":[");
		field_diffs(r->changed[i].a, r->changed[i].b, json_field, &c);
		printf("]}");
	}
	printf("],\"only\":[");
	for (size_t i = 0; i < r->n_only; i++) {
		printf("%s", i ? "," : "");
		json_inst(r->only[i].a ? r->only[i].a : r->only[i].b);
		printf(",\"in\":\"%s\"}", r->only[i].a ? "a" : "b");
	}
	putchar(']');
	json_errors("errors_only_a", r->err_only_a, r->n_err_a);
	json_errors("errors_only_b", r->err_only_b, r->n_err_b);
	json_accesses("registers_only_a", r->acc_only_a, r->n_acc_a);
	json_accesses("registers_only_b", r->acc_only_b, r->n_acc_b);
	printf(",\"latency\":[");
	for (size_t i = 0, n = 0; i < n_acc(a); i++) {
		const struct hwmsg_stats_row *x = hwmsg_stats_row(a->acc, i);
		const struct hwmsg_stats_row *y = latency_pair(b, x);

		if (!y)
			continue;
		printf("%s{\"reg_id\":%u,\"method\":%u,\"a_p50_ns\":%.0f,\"a_p99_ns\":%.0f,\"b_p50_ns\":%.0f,\"b_p99_ns\":%.0f}",
		       n++ ? "," : "", x->reg_id, x->method,
		       hwmsg_lathist_percentile(&x->lat, 0.50),
		       hwmsg_lathist_percentile(&x->lat, 0.99),
		       hwmsg_lathist_percentile(&y->lat, 0.50),
		       hwmsg_lathist_percentile(&y->lat, 0.99));
	}
	printf("]}\n");
}
