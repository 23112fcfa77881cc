// SPDX-License-Identifier: GPL-2.0-or-later
/* hwmsg stat -j: every count of the text report as one JSON object. */
#include <stdio.h>

#include "hwmsg/msg.h"
#include "hwmsg/regdb.h"
#include "json.h"
#include "stat.h"

static void devices(const struct stat_ctx *c)
{
	printf(",\"devices\":[");
	for (unsigned int i = 0; i < c->n_devs; i++) {
		printf("%s{\"dev\":", i ? "," : "");
		json_print_str(stdout, c->devs[i].name);
		printf(",\"driver\":");
		json_print_str(stdout, c->devs[i].driver);
		printf(",\"records\":%llu}",
		       (unsigned long long)c->devs[i].records);
	}
	printf("],\"other_device_records\":%llu",
	       (unsigned long long)c->other_dev_records);
}

/* known false: no capture statistics in any file (not 0: unknown) */
static void drops(const struct stat_ctx *c)
{
	bool known = c->files_without_isb < c->files;

	printf(",\"drops\":{\"known\":%s", known ? "true" : "false");
	if (known)
		printf(",\"complete\":%s,\"dropped\":%llu,\"by_device\":%llu,\"not_attributable\":%llu,\"received\":%llu,\"filtered\":%llu",
		       c->files_without_isb ? "false" : "true",
		       (unsigned long long)(c->dropped + c->unattributed),
		       (unsigned long long)c->dropped,
		       (unsigned long long)c->unattributed,
		       (unsigned long long)c->received,
		       (unsigned long long)c->filtered);
	printf("}");
}

static void statuses(const struct stat_ctx *c)
{
	const uint64_t *status = hwmsg_stats_status(c->st);
	bool first = true;

	printf(",\"statuses\":{");
	for (unsigned int i = 0; i < 128; i++) {
		const char *name = hwmsg_name_lookup(hwmsg_emad_status_names, i);
		char num[8];

		if (!status[i])
			continue;
		snprintf(num, sizeof(num), "%u", i);
		printf("%s", first ? "" : ",");
		json_print_str(stdout, name ? name : num);
		printf(":%llu", (unsigned long long)status[i]);
		first = false;
	}
	printf("}");
}

static void registers(const struct stat_ctx *c)
{
	printf(",\"registers\":[");
	for (size_t i = 0; i < hwmsg_stats_count(c->st); i++) {
		const struct hwmsg_stats_row *s = hwmsg_stats_row(c->st, i);
		const char *m = hwmsg_name_lookup(hwmsg_emad_method_names,
						  s->method);

		printf("%s{\"reg\":", i ? "," : "");
		json_print_str(stdout, hwmsg_reg_name(s->reg_id));
		printf(",\"reg_id\":%u,\"method\":", s->reg_id);
		json_print_str(stdout, m ? m : "?");
		printf(",\"requests\":%llu,\"responses\":%llu,\"errors\":%llu,\"retransmits\":%llu,\"orphans\":%llu",
		       (unsigned long long)s->requests,
		       (unsigned long long)s->responses,
		       (unsigned long long)s->errors,
		       (unsigned long long)s->retransmits,
		       (unsigned long long)s->orphans);
		if (s->events)	/* the device's own, unasked */
			printf(",\"events\":%llu",
			       (unsigned long long)s->events);
		if (s->lat.n)
			printf(",\"latency_ns\":{\"n\":%llu,\"avg\":%.0f,\"p50\":%.0f,\"p99\":%.0f,\"max\":%llu}",
			       (unsigned long long)s->lat.n,
			       (double)s->lat.sum_ns / (double)s->lat.n,
			       hwmsg_lathist_percentile(&s->lat, 0.50),
			       hwmsg_lathist_percentile(&s->lat, 0.99),
			       (unsigned long long)s->lat.max_ns);
		if (s->fw_n)
			printf(",\"fw_latency_us_avg\":%llu",
			       (unsigned long long)(s->fw_sum_us / s->fw_n));
		printf("}");
	}
	printf("]");
}

void stat_print_json(const struct stat_ctx *c, const char *path)
{
	printf("{\"file\":");
	json_print_str(stdout, path);
	if (select_active(&c->sel))
		printf(",\"selected\":%llu,\"read\":%llu",
		       (unsigned long long)c->records,
		       (unsigned long long)c->read);
	printf(",\"records\":%llu,\"emad\":%llu,\"cmd_reg\":%llu,\"other\":%llu,\"malformed\":%llu,\"truncated\":%llu,\"undecoded\":%llu,\"files_cut\":%u,\"skipped\":%llu,\"not_paired\":%llu",
	       (unsigned long long)c->records,
	       (unsigned long long)c->by_type[0],
	       (unsigned long long)c->by_type[1],
	       (unsigned long long)(c->by_type[2] + c->by_type[3]),
	       (unsigned long long)c->malformed,
	       (unsigned long long)c->truncated,
	       (unsigned long long)c->undecoded, c->cut,
	       (unsigned long long)c->skipped,
	       (unsigned long long)c->evicted);
	/* as strings: nanoseconds since the epoch outgrow a JSON number */
	printf(",\"first_ts\":\"%llu\",\"last_ts\":\"%llu\"",
	       (unsigned long long)c->first_ts, (unsigned long long)c->last_ts);
	devices(c);
	tracer_info_json(&c->tracer);
	drops(c);
	statuses(c);
	registers(c);
	printf("}\n");
}
