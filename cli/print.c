// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "hwmsg/devlink_event.h"
#include "hwmsg/regdb.h"
#include "hwmsg/text.h"
#include "json.h"
#include "print.h"

void print_time(FILE *f, uint64_t ts_ns, uint64_t base_ns)
{
	time_t sec = (time_t)(ts_ns / 1000000000ull);
	struct tm tm;

	if (base_ns) {
		uint64_t d = ts_ns >= base_ns ? ts_ns - base_ns : 0;

		fprintf(f, "%llu.%09llu", (unsigned long long)(d / 1000000000ull),
			(unsigned long long)(d % 1000000000ull));
		return;
	}
	localtime_r(&sec, &tm);
	fprintf(f, "%02d:%02d:%02d.%09llu", tm.tm_hour, tm.tm_min, tm.tm_sec,
		(unsigned long long)(ts_ns % 1000000000ull));
}

void print_reg(FILE *f, uint16_t reg_id)
{
	const char *name = hwmsg_reg_name(reg_id);

	if (name)
		fputs(name, f);
	else
		fprintf(f, "reg 0x%04x", reg_id);
}

int reg_parse(const char *arg, uint16_t *reg_id)
{
	const struct hwmsg_reg *r;
	struct hwmsg_err err;
	char *end;
	unsigned long id;

	r = hwmsg_regdb_find_name(hwmsg_regdb_builtin(), arg);
	if (r) {
		*reg_id = r->id;
		return 0;
	}
	id = strtoul(arg, &end, 0);
	if (*arg && !*end && id <= 0xffff) {
		*reg_id = (uint16_t)id;
		return 0;
	}
	/* a name only the vendor files know (SVER) loads them */
	r = hwmsg_regdb_find_name(hwmsg_regdb_default(&err), arg);
	if (!r)
		return -1;
	*reg_id = r->id;
	return 0;
}

static const char *name_or(const struct hwmsg_name *t, uint32_t v,
			   const char *dflt)
{
	const char *n = hwmsg_name_lookup(t, v);

	return n ? n : dflt;
}

static void print_latency(FILE *f, uint64_t ns)
{
	if (ns < 1000000)
		fprintf(f, " latency %.1fus", ns / 1e3);
	else
		fprintf(f, " latency %.3fms", ns / 1e6);
}

/* The database every tool uses: built-in layouts, then mstflint's ADB. */
static const struct hwmsg_regdb *regdb(void)
{
	static const struct hwmsg_regdb *db;
	static bool warned;
	struct hwmsg_err err;

	if (!db && !warned) {
		db = hwmsg_regdb_default(&err);
		if (!db) {
			fprintf(stderr, "hwmsg: register database: %s (using built-in)\n",
				err.msg);
			db = hwmsg_regdb_builtin();
		}
		warned = true;
	}
	return db;
}

/* " local_port 17": the index fields that say which instance it is. */
static void print_reg_index(FILE *f, const struct hwmsg_msg *msg)
{
	char buf[128];
	const char *s, *sp;

	if (!msg->has_reg)
		return;
	s = hwmsg_reg_index_summary(regdb(), msg->op.reg_id, msg->reg,
				    msg->reg_len, buf, sizeof(buf));
	sp = s ? strchr(s, ' ') : NULL;	/* the summary starts with the name */
	if (sp)
		fputs(sp, f);
}

static void print_op_line(FILE *f, const struct hwmsg_record *rec,
			  const struct hwmsg_msg *msg,
			  const struct hwmsg_txn_info *info)
{
	const struct hwmsg_emad_op *op = &msg->op;

	fprintf(f, " %s ", rec->type == HWMSG_TYPE_MLX_CMD_REG ? "CMD_REG" : "EMAD");
	print_reg(f, op->reg_id);
	fprintf(f, " %s %s", name_or(hwmsg_emad_method_names, op->method, "method?"),
		op->response ? "response" : "request");
	print_reg_index(f, msg);
	if (op->response)
		fprintf(f, " %s", op->status ?
			name_or(hwmsg_emad_status_names, op->status, "status?") : "ok");
	if (op->response && op->status)
		fprintf(f, "(%u)", op->status);
	if (rec->type == HWMSG_TYPE_MLX_EMAD)
		fprintf(f, " tid 0x%016llx", (unsigned long long)op->tid);
	if (info && info->is_response && info->matched)
		print_latency(f, info->latency_ns);
	if (msg->has_latency && op->response)
		fprintf(f, " (fw %uus)", msg->latency_us);
	if (info && !info->is_response && info->retransmits)
		fprintf(f, " retransmit %u", info->retransmits);
	if (info && info->unsolicited)
		fprintf(f, " (no request in trace)");
	if (info && info->event)
		fprintf(f, " (from the device, unasked)");
	if (msg->has_fw_string && msg->fw_string[0]) {
		char safe[4 * sizeof(msg->fw_string)];

		fprintf(f, " \"%s\"",
			hwmsg_text_safe(safe, sizeof(safe), msg->fw_string));
	}
}

/* A devlink "config" notification recorded next to the messages. */
static void print_devlink_event(FILE *f, const struct hwmsg_record *rec)
{
	char line[256];

	if (hwmsg_devlink_event_format(rec->payload, rec->len, line,
				       sizeof(line)) < 0)
		fprintf(f, " devlink event, malformed (%u bytes)", rec->len);
	else
		fprintf(f, " devlink %s", line);
}

void print_device(FILE *f, const char *bus, const char *dev)
{
	char b[256], d[256];

	if ((!bus || !bus[0]) && (!dev || !dev[0])) {	/* none named (Ethernet) */
		fputs(" -", f);
		return;
	}
	fprintf(f, " %s/%s", hwmsg_text_safe(b, sizeof(b), bus),
		hwmsg_text_safe(d, sizeof(d), dev));
}

void print_record_line(FILE *f, const struct hwmsg_record *rec,
		       const struct hwmsg_msg *msg,
		       const struct hwmsg_txn_info *info, uint64_t base_ns)
{
	print_time(f, rec->ts_ns, base_ns);
	if (rec->flags & HWMSG_RECF_NO_DEVICE)
		fputs(" -", f);
	else
		print_device(f, rec->bus, rec->dev);
	fputs(rec->dir == HWMSG_DIR_FROM_HW ? " <" : " >", f);
	if (msg)
		print_op_line(f, rec, msg, info);
	else if (rec->type == HWMSG_TYPE_DEVLINK_EVENT)
		print_devlink_event(f, rec);
	else
		fprintf(f, " %s %u bytes", hwmsg_type_str(rec->type), rec->len);
	if (rec->flags & HWMSG_RECF_TRUNCATED)
		fprintf(f, " [truncated %u of %u bytes]", rec->len, rec->orig_len);
	fputc('\n', f);
}

void print_hex(FILE *f, const uint8_t *p, size_t len, const char *indent)
{
	for (size_t i = 0; i < len; i += 16) {
		fprintf(f, "%s%04zx:", indent, i);
		for (size_t j = i; j < i + 16 && j < len; j++)
			fprintf(f, "%s%02x", (j - i) % 4 ? "" : " ", p[j]);
		fputc('\n', f);
	}
}

static void print_eth(FILE *f, const uint8_t *p)
{
	fprintf(f, "    ethernet dst %02x:%02x:%02x:%02x:%02x:%02x"
		" src %02x:%02x:%02x:%02x:%02x:%02x type 0x%04x mlx_proto %u ver %u\n",
		p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9],
		p[10], p[11], hwmsg_get_be16(p + HWMSG_EMAD_ETH_ETHERTYPE_OFF),
		p[HWMSG_EMAD_ETH_MLX_PROTO_OFF], p[HWMSG_EMAD_ETH_VER_OFF] >> 4);
}

static void print_op_fields(FILE *f, const struct hwmsg_emad_op *op, bool emad)
{
	fprintf(f, "      status %u (%s) register_id 0x%04x (", op->status,
		name_or(hwmsg_emad_status_names, op->status, "?"), op->reg_id);
	print_reg(f, op->reg_id);
	fprintf(f, ") r %u method %u (%s) class %u (%s)", op->response,
		op->method, name_or(hwmsg_emad_method_names, op->method, "?"),
		op->cls, name_or(hwmsg_emad_class_names, op->cls, "?"));
	if (emad)
		fprintf(f, " dr %u tid 0x%016llx", op->dr,
			(unsigned long long)op->tid);
	fputc('\n', f);
}

static void print_reg_payload(FILE *f, const struct hwmsg_msg *msg)
{
	struct hwmsg_reg_decoded d = { 0 };
	struct hwmsg_err err;
	int r;

	r = hwmsg_reg_decode(regdb(), msg->op.reg_id, msg->reg, msg->reg_len,
			     &d, &err);
	if (r < 0) {
		print_hex(f, msg->reg, msg->reg_len, "        ");
	} else {
		size_t i = 0;

		while (i < msg->reg_len && !msg->reg[i])
			i++;
		if (i == msg->reg_len)	/* zero fields are not printed */
			fprintf(f, "        (all zero)\n");
		hwmsg_reg_print(f, &d, "        ", false);
		if (r > 0)
			fprintf(f, "        ! %s\n", err.msg);
	}
	hwmsg_reg_decoded_free(&d);
}

/* " cut: 40 of 68 bytes captured", " bad length", ...: what libhwmsg flagged */
static void print_tlv_flags(FILE *f, const struct hwmsg_tlv_ref *t)
{
	if (t->flags & HWMSG_TLV_CUT)
		fprintf(f, " [cut: %u of %u bytes captured]", t->cap_len,
			t->len);
	if (t->flags & HWMSG_TLV_BAD_LEN)
		fputs(" [bad length]", f);
	if (t->flags & HWMSG_TLV_BAD_SIZE)
		fputs(" [wrong size for its type]", f);
	if (t->flags & HWMSG_TLV_EXTRA)
		fputs(" [second of its type, ignored]", f);
}

/* The TLV's own fields; false for one libhwmsg did not decode. */
static bool tlv_decoded(const struct hwmsg_tlv_ref *t)
{
	return !(t->flags & (HWMSG_TLV_BAD_LEN | HWMSG_TLV_EXTRA)) &&
	       !(t->type != HWMSG_EMAD_TLV_REG && (t->flags & HWMSG_TLV_BAD_SIZE));
}

static void print_emad_tlvs(FILE *f, const struct hwmsg_record *rec,
			    const struct hwmsg_msg *msg)
{
	print_eth(f, rec->payload);
	for (unsigned int i = 0; i < msg->n_tlvs; i++) {
		const struct hwmsg_tlv_ref *t = &msg->tlvs[i];

		fprintf(f, "    tlv %-7s offset %u len %u",
			name_or(hwmsg_emad_tlv_names, t->type, "unknown"),
			t->offset, t->len);
		print_tlv_flags(f, t);
		fputc('\n', f);
		if (!tlv_decoded(t)) {
			print_hex(f, rec->payload + t->offset, t->cap_len,
				  "        ");
			continue;
		}
		switch (t->type) {
		case HWMSG_EMAD_TLV_OP:
			print_op_fields(f, &msg->op, true);
			break;
		case HWMSG_EMAD_TLV_STRING: {
			char safe[4 * sizeof(msg->fw_string)];

			fprintf(f, "      string \"%s\"\n",
				hwmsg_text_safe(safe, sizeof(safe),
						msg->fw_string));
			break;
		}
		case HWMSG_EMAD_TLV_LATENCY:
			if (msg->has_latency)
				fprintf(f, "      latency_time %u us\n",
					msg->latency_us);
			break;
		case HWMSG_EMAD_TLV_REG:
			fprintf(f, "      register %u bytes\n", msg->reg_len);
			print_reg_payload(f, msg);
			break;
		case HWMSG_EMAD_TLV_END:
			break;
		default:
			print_hex(f, rec->payload + t->offset, t->cap_len,
				  "        ");
		}
	}
}

void print_record_detail(FILE *f, const struct hwmsg_record *rec,
			 const struct hwmsg_msg *msg)
{
	fprintf(f, "    record type %s dir %s", hwmsg_type_str(rec->type),
		hwmsg_dir_str(rec->dir));
	if (!(rec->flags & HWMSG_RECF_NO_DEVICE)) {
		char drv[256];

		fprintf(f, " driver %s",
			hwmsg_text_safe(drv, sizeof(drv), rec->driver));
	}
	if (rec->flags & HWMSG_RECF_HAS_INDEX)
		fprintf(f, " devlink %u", rec->devlink_index);
	if (rec->flags & HWMSG_RECF_HAS_SEQ)
		fprintf(f, " seq %llu", (unsigned long long)rec->seq);
	fprintf(f, " len %u", rec->len);
	if (rec->orig_len != rec->len)
		fprintf(f, " orig_len %u", rec->orig_len);
	fputc('\n', f);
	if (!msg) {
		print_hex(f, rec->payload, rec->len, "    ");
		return;
	}
	if (rec->type == HWMSG_TYPE_MLX_EMAD) {
		print_emad_tlvs(f, rec, msg);
		if (!msg->has_reg)
			fputs("    no REG TLV\n", f);
		return;
	}
	fprintf(f, "    mailbox %u byte header\n", HWMSG_CMDREG_HDR_LEN);
	print_op_fields(f, &msg->op, false);
	fprintf(f, "      register %u bytes", msg->reg_len);
	print_tlv_flags(f, &msg->tlvs[1]);
	fputc('\n', f);
	print_reg_payload(f, msg);
}

/* ---- JSON: one object per record and line (JSON Lines) ---------------- */

static void json_field_value(FILE *f, const struct hwmsg_reg_value *v)
{
	const struct hwmsg_reg_field *fd = v->field;
	char buf[256];
	const char *name;
	size_t n;

	switch (fd->kind) {
	case HWMSG_REG_UINT:
	case HWMSG_REG_BOOL:
	case HWMSG_REG_U64:
	case HWMSG_REG_FLAGS:
		fprintf(f, "%llu", (unsigned long long)v->raw);
		return;
	case HWMSG_REG_INT:
		fprintf(f, "%lld", (long long)v->raw);
		return;
	case HWMSG_REG_ENUM:
		name = hwmsg_name_lookup(fd->enums, (uint32_t)v->raw);
		if (name)
			json_print_str(f, name);
		else
			fprintf(f, "%llu", (unsigned long long)v->raw);
		return;
	default:
		break;
	}
	hwmsg_reg_value_str(v, buf, sizeof(buf));
	n = strlen(buf);
	if (fd->kind == HWMSG_REG_STRING && n >= 2 && buf[0] == '"') {
		buf[n - 1] = '\0';	/* the text form quotes strings */
		json_print_str(f, buf + 1);
	} else {
		json_print_str(f, buf);
	}
}

/* Zero fields are left out, as in the text (named enum values are kept). */
static bool json_leaf_is_zero(const struct hwmsg_reg_value *v)
{
	switch (v->field->kind) {
	case HWMSG_REG_ENUM:
		return !v->raw && !hwmsg_name_lookup(v->field->enums, 0);
	case HWMSG_REG_UINT:
	case HWMSG_REG_INT:
	case HWMSG_REG_BOOL:
	case HWMSG_REG_U64:
	case HWMSG_REG_FLAGS:
		return !v->raw;
	default:
		for (uint32_t i = 0; i < v->n_bytes; i++)
			if (v->bytes[i])
				return false;
		return true;
	}
}

/*
 * "quantities":{"temperature":{"value":51.75,"unit":"C"}}: the fields the
 * database gives a unit or scale, as what they measure; left out if none.
 */
static void json_quantities(FILE *f, const struct hwmsg_reg_decoded *d)
{
	bool first = true;

	for (unsigned int i = 0; i < d->n_values; i++) {
		const struct hwmsg_reg_value *v = &d->values[i];
		double q;

		if (v->group || v->missing || json_leaf_is_zero(v) ||
		    !hwmsg_reg_quantity(v->field, v->raw, &q))
			continue;
		fputs(first ? ",\"quantities\":{" : ",", f);
		json_print_str(f, v->path);
		fputs(":{", f);
		json_print_quantity(f, "", "value", v->field, v->raw);
		fputc('}', f);
		first = false;
	}
	if (!first)
		fputc('}', f);
}

/* "index":{...} always; "fields":{...} (every non-zero leaf) with -V */
static void json_register(FILE *f, const struct hwmsg_msg *msg, bool all)
{
	struct hwmsg_reg_decoded d = { 0 };
	bool first_i = true, first_f = true;

	if (hwmsg_reg_decode(regdb(), msg->op.reg_id, msg->reg, msg->reg_len,
			     &d, NULL) < 0) {
		hwmsg_reg_decoded_free(&d);
		return;
	}
	fputs(",\"index\":{", f);
	for (unsigned int i = 0; i < d.n_values; i++) {
		const struct hwmsg_reg_value *v = &d.values[i];

		if (v->depth || v->group || v->missing || v->field->count ||
		    v->field->access != HWMSG_REG_INDEX)
			continue;
		fputs(first_i ? "" : ",", f);
		json_print_str(f, v->path);
		fputc(':', f);
		json_field_value(f, v);
		first_i = false;
	}
	fputc('}', f);
	if (all) {
		fputs(",\"fields\":{", f);
		for (unsigned int i = 0; i < d.n_values; i++) {
			const struct hwmsg_reg_value *v = &d.values[i];

			if (v->group || v->missing || json_leaf_is_zero(v))
				continue;
			fputs(first_f ? "" : ",", f);
			json_print_str(f, v->path);
			fputc(':', f);
			json_field_value(f, v);
			first_f = false;
		}
		fputc('}', f);
		json_quantities(f, &d);
	}
	hwmsg_reg_decoded_free(&d);
}

void print_record_json(FILE *f, const struct hwmsg_record *rec,
		       const struct hwmsg_msg *msg,
		       const struct hwmsg_txn_info *info, bool verbose)
{
	char dev[512];

	snprintf(dev, sizeof(dev), "%s/%s", rec->bus, rec->dev);
	/* a string, as tid: a JSON number loses the nanoseconds past 2^53 */
	fprintf(f, "{\"ts\":\"%llu\",\"dev\":", (unsigned long long)rec->ts_ns);
	json_print_str(f, rec->flags & HWMSG_RECF_NO_DEVICE ? "" : dev);
	fputs(",\"driver\":", f);
	json_print_str(f, rec->driver);
	fprintf(f, ",\"dir\":\"%s\",\"type\":\"%s\",\"len\":%u",
		hwmsg_dir_str(rec->dir), hwmsg_type_str(rec->type), rec->len);
	if (rec->flags & HWMSG_RECF_HAS_SEQ)
		fprintf(f, ",\"seq\":%llu", (unsigned long long)rec->seq);
	if (rec->flags & HWMSG_RECF_TRUNCATED)
		fprintf(f, ",\"orig_len\":%u", rec->orig_len);
	if (msg) {
		const struct hwmsg_emad_op *op = &msg->op;
		const char *reg = hwmsg_reg_name(op->reg_id);

		fprintf(f, ",\"reg_id\":%u,\"reg\":", op->reg_id);
		json_print_str(f, reg);
		fprintf(f, ",\"method\":\"%s\",\"response\":%s",
			name_or(hwmsg_emad_method_names, op->method, "?"),
			op->response ? "true" : "false");
		if (op->response)
			fprintf(f, ",\"status\":%u,\"status_name\":\"%s\"",
				op->status,
				name_or(hwmsg_emad_status_names, op->status, "?"));
		if (rec->type == HWMSG_TYPE_MLX_EMAD)	/* a string: 64 bits */
			fprintf(f, ",\"tid\":\"0x%016llx\"",
				(unsigned long long)op->tid);
		if (info && info->is_response && info->matched)
			fprintf(f, ",\"latency_ns\":%llu",
				(unsigned long long)info->latency_ns);
		if (info && !info->is_response && info->retransmits)
			fprintf(f, ",\"retransmit\":%u", info->retransmits);
		if (info && info->unsolicited)
			fputs(",\"unsolicited\":true", f);
		if (msg->has_latency && op->response)
			fprintf(f, ",\"fw_latency_us\":%u", msg->latency_us);
		if (msg->has_fw_string && msg->fw_string[0]) {
			fputs(",\"fw_string\":", f);
			json_print_str(f, msg->fw_string);
		}
		if (msg->flags & HWMSG_MSGF_CUT)	/* decoded as far as captured */
			fputs(",\"cut\":true", f);
		if (msg->has_reg)
			json_register(f, msg, verbose);
	} else if (rec->type == HWMSG_TYPE_DEVLINK_EVENT) {
		char line[256];

		if (hwmsg_devlink_event_format(rec->payload, rec->len, line,
					       sizeof(line)) >= 0) {
			fputs(",\"event\":", f);
			json_print_str(f, line);
		}
	}
	fputs("}\n", f);
}
