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

/* %02d of a clock field (0-60) */
static void two_digits(char *d, int v)
{
	d[0] = (char)('0' + v / 10 % 10);
	d[1] = (char)('0' + v % 10);
}

/*
 * "HH:MM:SS." of the last second printed: records come many per second,
 * and localtime_r per record showed in the profile.
 */
static void ob_time_of_day(struct obuf *o, uint64_t ts_ns)
{
	static time_t last = (time_t)-1;
	static char hms[8];
	time_t sec = (time_t)(ts_ns / 1000000000ull);

	if (sec != last) {
		struct tm tm;

		localtime_r(&sec, &tm);
		two_digits(hms, tm.tm_hour);
		hms[2] = ':';
		two_digits(hms + 3, tm.tm_min);
		hms[5] = ':';
		two_digits(hms + 6, tm.tm_sec);
		last = sec;
	}
	ob_put(o, hms, 8);
	ob_putc(o, '.');
	ob_u64_pad(o, ts_ns % 1000000000ull, 9);
}

void ob_time(struct obuf *o, uint64_t ts_ns, uint64_t base_ns)
{
	if (base_ns) {
		uint64_t d = ts_ns >= base_ns ? ts_ns - base_ns : 0;

		ob_u64(o, d / 1000000000ull);
		ob_putc(o, '.');
		ob_u64_pad(o, d % 1000000000ull, 9);
		return;
	}
	ob_time_of_day(o, ts_ns);
}

void print_time(FILE *f, uint64_t ts_ns, uint64_t base_ns)
{
	char buf[64];
	struct obuf o;

	ob_init(&o, buf, sizeof(buf), f);
	ob_time(&o, ts_ns, base_ns);
	ob_flush(&o);
}

/*
 * What a line needs of a register id, looked up once each: a trace names
 * the same few registers over and over. One entry per id holds all of it,
 * so that the ids of a trace touch one page each (4 when each had an
 * array of its own).
 */
static struct reg_seen {
	const char *name;
	const struct hwmsg_reg *reg;	/* reg_of() */
	uint8_t name_known;	/* 1 + the name's length; 255: longer */
	bool reg_known;
} seen[65536];

/*
 * Names from the built-in database, which the line's summary needs
 * anyway: hwmsg_reg_name() alone would first make its table of names
 * (what stat, which decodes nothing, wants).
 */
static const char *reg_name_len(uint16_t id, size_t *len)
{
	struct reg_seen *e = &seen[id];

	if (!e->name_known) {
		size_t n;

		hwmsg_regdb_builtin();	/* built: no table of names alone */
		e->name = hwmsg_reg_name(id);
		n = e->name ? strlen(e->name) : 0;
		e->name_known = (uint8_t)(n < 254 ? n + 1 : 255);
	}
	*len = e->name_known < 255 ? e->name_known - 1u : strlen(e->name);
	return e->name;
}

static const char *reg_name(uint16_t id)
{
	size_t len;

	return reg_name_len(id, &len);
}

void ob_reg(struct obuf *o, uint16_t reg_id)
{
	size_t len;
	const char *name = reg_name_len(reg_id, &len);

	if (name) {
		ob_put(o, name, len);
	} else {
		ob_put(o, "reg 0x", 6);
		ob_hex(o, reg_id, 4);
	}
}

/* hwmsg_text_safe(cap) straight into o; plain text is copied as is */
static void ob_safe(struct obuf *o, const char *s, size_t cap)
{
	static bool plain[256];		/* printed as they are */
	static bool plain_set;
	size_t n = 0;
	char *buf;

	if (!plain_set) {
		for (n = 0x20; n < 0x7f; n++)
			plain[n] = n != '\\';
		plain_set = true;
		n = 0;
	}
	while (s && plain[(unsigned char)s[n]])
		n++;
	if (!s || (!s[n] && n < cap)) {
		ob_put(o, s, n);
		return;
	}
	buf = malloc(cap);
	if (!buf)
		return;
	ob_puts(o, hwmsg_text_safe(buf, cap, s));
	free(buf);
}

int reg_parse(const char *arg, uint16_t *reg_id)
{
	const struct hwmsg_reg *r;
	char *end;
	unsigned long id;

	id = strtoul(arg, &end, 0);
	if (*arg && !*end && id <= 0xffff) {
		*reg_id = (uint16_t)id;
		return 0;
	}
	/* a name only the vendor files know (SVER) loads them */
	r = hwmsg_reg_lookup_name(arg, NULL, NULL);
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

/*
 * printf's %.<prec>f of v / div (div 10^k), by integers: it is on every
 * response line. A value exactly halfway between two outputs is left to
 * printf, whose rounding of the binary double decides it.
 */
static void ob_fixed(struct obuf *o, uint64_t v, uint64_t div, unsigned int prec,
		     uint64_t unit)
{
	uint64_t q, r;

	/* unit = div / 10^prec: the last printed digit's worth */
	if (v % unit * 2 == unit) {
		ob_printf(o, "%.*f", (int)prec, (double)v / (double)div);
		return;
	}
	q = v / unit + (v % unit * 2 > unit);
	r = div / unit;
	ob_u64(o, q / r);
	ob_putc(o, '.');
	ob_u64_pad(o, q % r, prec);
}

static void print_latency(struct obuf *o, uint64_t ns)
{
	if (ns < 1000000) {
		ob_put(o, " latency ", 9);
		ob_fixed(o, ns, 1000, 1, 100);
		ob_put(o, "us", 2);
	} else {
		ob_put(o, " latency ", 9);
		ob_fixed(o, ns, 1000000, 3, 1000);
		ob_put(o, "ms", 2);
	}
}

/*
 * A register's description (hwmsg_reg_lookup(): built-in wins, the vendor
 * files load on the first register they alone describe); a vendor database
 * that fails to load is said once.
 */
static const struct hwmsg_reg *reg_lookup(uint16_t id)
{
	const struct hwmsg_reg *r = hwmsg_reg_lookup(id);
	static bool warned;
	struct hwmsg_err err;

	if ((!r || !r->layout) && !warned) {
		warned = true;
		if (!hwmsg_regdb_default(&err))
			fprintf(stderr, "hwmsg: register database: %s (using built-in)\n",
				err.msg);
	}
	return r;
}

/* Looked up once per id, as the names are (two lookups per message). */
static const struct hwmsg_reg *reg_of(uint16_t id)
{
	struct reg_seen *e = &seen[id];

	if (!e->reg_known) {
		e->reg = reg_lookup(id);
		e->reg_known = true;
	}
	return e->reg;
}

/* " local_port 17": the index fields that say which instance it is. */
static void print_reg_index(struct obuf *o, const struct hwmsg_msg *msg)
{
	char buf[128];
	const char *s, *sp;

	if (!msg->has_reg)
		return;
	s = hwmsg_reg_index_summary_reg(hwmsg_reg_pick_len(reg_of(msg->op.reg_id),
							   msg->reg_len), msg->reg,
					msg->reg_len, buf, sizeof(buf));
	sp = s ? strchr(s, ' ') : NULL;	/* the summary starts with the name */
	if (sp)
		ob_puts(o, sp);
}

static void print_op_line(struct obuf *o, const struct hwmsg_record *rec,
			  const struct hwmsg_msg *msg,
			  const struct hwmsg_txn_info *info)
{
	const struct hwmsg_emad_op *op = &msg->op;

	ob_puts(o, rec->type == HWMSG_TYPE_MLX_CMD_REG ? " CMD_REG " : " EMAD ");
	ob_reg(o, op->reg_id);
	ob_putc(o, ' ');
	ob_puts(o, name_or(hwmsg_emad_method_names, op->method, "method?"));
	ob_puts(o, op->response ? " response" : " request");
	print_reg_index(o, msg);
	if (op->response) {
		ob_putc(o, ' ');
		ob_puts(o, op->status ? name_or(hwmsg_emad_status_names,
						op->status, "status?") : "ok");
	}
	if (op->response && op->status) {
		ob_putc(o, '(');
		ob_u64(o, op->status);
		ob_putc(o, ')');
	}
	if (rec->type == HWMSG_TYPE_MLX_EMAD) {
		ob_put(o, " tid 0x", 7);
		ob_hex(o, op->tid, 16);
	}
	if (info && info->is_response && info->matched)
		print_latency(o, info->latency_ns);
	if (msg->has_latency && op->response) {
		ob_put(o, " (fw ", 5);
		ob_u64(o, msg->latency_us);
		ob_put(o, "us)", 3);
	}
	if (info && !info->is_response && info->retransmits) {
		ob_put(o, " retransmit ", 12);
		ob_u64(o, info->retransmits);
	}
	if (info && info->unsolicited)
		ob_puts(o, " (no request in trace)");
	if (info && info->event)
		ob_puts(o, " (from the device, unasked)");
	if (msg->has_fw_string && msg->fw_string[0]) {
		ob_put(o, " \"", 2);
		ob_safe(o, msg->fw_string, 4 * sizeof(msg->fw_string));
		ob_putc(o, '"');
	}
}

/* A devlink "config" notification recorded next to the messages. */
static void print_devlink_event(struct obuf *o, const struct hwmsg_record *rec)
{
	char line[256];

	if (hwmsg_devlink_event_format(rec->payload, rec->len, line,
				       sizeof(line)) < 0)
		ob_printf(o, " devlink event, malformed (%u bytes)", rec->len);
	else
		ob_printf(o, " devlink %s", line);
}

void ob_device(struct obuf *o, const char *bus, const char *dev)
{
	if ((!bus || !bus[0]) && (!dev || !dev[0])) {	/* none named (Ethernet) */
		ob_put(o, " -", 2);
		return;
	}
	ob_putc(o, ' ');
	ob_safe(o, bus, 256);
	ob_putc(o, '/');
	ob_safe(o, dev, 256);
}

void print_device(FILE *f, const char *bus, const char *dev)
{
	char buf[1024];
	struct obuf o;

	ob_init(&o, buf, sizeof(buf), f);
	ob_device(&o, bus, dev);
	ob_flush(&o);
}

/* ob_device()'s longest text: " " and "/" with two names of at most 255 */
#define DEVICE_TEXT_MAX	512u

/*
 * ob_device() of a record whose names the reader numbered: each line names
 * one of a capture's few devices, so its text is kept by that number. It
 * is copied from the output buffer when the buffer had the room for the
 * longest (nothing was flushed or moved meanwhile).
 */
static void ob_record_device(struct obuf *o, const struct hwmsg_record *rec)
{
	static struct {
		uint32_t id;
		uint8_t len;
		char text[127];
	} seen_dev[8];
	__typeof__(seen_dev[0]) *e = &seen_dev[rec->names_id % 8];
	size_t from = o->len;
	bool room = o->cap - o->len >= DEVICE_TEXT_MAX;

	if (rec->names_id && e->id == rec->names_id) {
		ob_put(o, e->text, e->len);
		return;
	}
	ob_device(o, rec->bus, rec->dev);
	if (rec->names_id && room && o->len - from <= sizeof(e->text)) {
		e->id = rec->names_id;
		e->len = (uint8_t)(o->len - from);
		memcpy(e->text, o->buf + from, e->len);
	}
}

void print_record_line(struct obuf *o, const struct hwmsg_record *rec,
		       const struct hwmsg_msg *msg,
		       const struct hwmsg_txn_info *info, uint64_t base_ns)
{
	ob_time(o, rec->ts_ns, base_ns);
	if (rec->flags & HWMSG_RECF_NO_DEVICE)
		ob_put(o, " -", 2);
	else
		ob_record_device(o, rec);
	ob_puts(o, rec->dir == HWMSG_DIR_FROM_HW ? " <" : " >");
	if (msg)
		print_op_line(o, rec, msg, info);
	else if (rec->type == HWMSG_TYPE_DEVLINK_EVENT)
		print_devlink_event(o, rec);
	else
		ob_printf(o, " %s %u bytes", hwmsg_type_str(rec->type), rec->len);
	if (rec->flags & HWMSG_RECF_TRUNCATED)
		ob_printf(o, " [truncated %u of %u bytes]", rec->len,
			  rec->orig_len);
	ob_putc(o, '\n');
}

/* "<indent>0010: 00112233 44556677 ...", 16 bytes a line */
static void print_hex(struct obuf *o, const uint8_t *p, size_t len,
		      const char *indent)
{
	for (size_t i = 0; i < len; i += 16) {
		ob_puts(o, indent);
		ob_hex(o, i, 4);
		ob_putc(o, ':');
		for (size_t j = i; j < i + 16 && j < len; j++) {
			if (!((j - i) % 4))
				ob_putc(o, ' ');
			ob_hex(o, p[j], 2);
		}
		ob_putc(o, '\n');
	}
}

/* "aa:bb:cc:dd:ee:ff" */
static void ob_mac(struct obuf *o, const uint8_t *p)
{
	for (int i = 0; i < 6; i++) {
		if (i)
			ob_putc(o, ':');
		ob_hex(o, p[i], 2);
	}
}

static void print_eth_line(struct obuf *o, const uint8_t *p)
{
	ob_puts(o, "    ethernet dst ");
	ob_mac(o, p);
	ob_puts(o, " src ");
	ob_mac(o, p + 6);
	ob_puts(o, " type 0x");
	ob_hex(o, hwmsg_get_be16(p + HWMSG_EMAD_ETH_ETHERTYPE_OFF), 4);
	ob_puts(o, " mlx_proto ");
	ob_u64(o, p[HWMSG_EMAD_ETH_MLX_PROTO_OFF]);
	ob_puts(o, " ver ");
	ob_u64(o, p[HWMSG_EMAD_ETH_VER_OFF] >> 4);
	ob_putc(o, '\n');
}

/* The line of the last header printed: a trace has one or two headers. */
static void print_eth(struct obuf *o, const uint8_t *p)
{
	static uint8_t last[HWMSG_EMAD_ETH_HDR_LEN];
	static char line[128];
	static size_t len;
	struct obuf l;

	if (len && !memcmp(p, last, sizeof(last))) {
		ob_put(o, line, len);
		return;
	}
	ob_init(&l, line, sizeof(line), NULL);
	print_eth_line(&l, p);
	/* 88 bytes: it fits, never flushed */
	memcpy(last, p, sizeof(last));
	len = l.len;
	ob_put(o, line, len);
}

/* " 3 (name)" */
static void ob_num_name(struct obuf *o, uint64_t v, const char *name)
{
	ob_putc(o, ' ');
	ob_u64(o, v);
	ob_put(o, " (", 2);
	ob_puts(o, name);
	ob_putc(o, ')');
}

static void print_op_fields(struct obuf *o, const struct hwmsg_emad_op *op,
			    bool emad)
{
	ob_puts(o, "      status");
	ob_num_name(o, op->status,
		    name_or(hwmsg_emad_status_names, op->status, "?"));
	ob_puts(o, " register_id 0x");
	ob_hex(o, op->reg_id, 4);
	ob_put(o, " (", 2);
	ob_reg(o, op->reg_id);
	ob_puts(o, ") r ");
	ob_u64(o, op->response);
	ob_puts(o, " method");
	ob_num_name(o, op->method,
		    name_or(hwmsg_emad_method_names, op->method, "?"));
	ob_puts(o, " class");
	ob_num_name(o, op->cls, name_or(hwmsg_emad_class_names, op->cls, "?"));
	if (emad) {
		ob_puts(o, " dr ");
		ob_u64(o, op->dr);
		ob_puts(o, " tid 0x");
		ob_hex(o, op->tid, 16);
	}
	ob_putc(o, '\n');
}

/*
 * The register's text, written by libhwmsg straight into o's buffer (it
 * may grow it) when o owns one, else through a buffer of its own; -1 (and
 * nothing written) when it has no text.
 */
static int reg_text(struct obuf *o, const struct hwmsg_reg *reg,
		    const struct hwmsg_msg *msg, struct hwmsg_err *err)
{
	static struct hwmsg_reg_text own;
	struct hwmsg_reg_text t;
	int r;

	if (o->owned) {
		ob_lend(o, &t.s, &t.len, &t.cap);
		r = hwmsg_reg_text_append(&t, reg, msg->reg, msg->reg_len,
					  "        ", false, err);
		ob_return(o, t.s, t.len, t.cap);
		return r;
	}
	own.len = 0;
	r = hwmsg_reg_text_append(&own, reg, msg->reg, msg->reg_len,
				  "        ", false, err);
	if (r >= 0)
		ob_put(o, own.s, own.len);
	return r;
}

static void print_reg_payload(struct obuf *o, const struct hwmsg_msg *msg)
{
	const struct hwmsg_reg *reg =
		hwmsg_reg_pick_len(reg_of(msg->op.reg_id), msg->reg_len);
	struct hwmsg_err err;
	int r = -1;

	if (reg && reg->layout) {
		static const char all_zero[] = "        (all zero)\n";
		size_t n = hwmsg_reg_bytes_zero(msg->reg, msg->reg_len) ?
			   sizeof(all_zero) - 1 : 0;

		/* zero fields are not printed; "(all zero)" goes again if
		 * there is no text after all. A quarter of the buffer free
		 * first: the text grows the buffer only when it is larger */
		if (o->cap - o->len < o->cap / 4)
			ob_flush(o);
		ob_put(o, all_zero, n);
		r = reg_text(o, reg, msg, &err);
		if (r < 0)
			o->len -= n;
	}
	if (r < 0) {
		print_hex(o, msg->reg, msg->reg_len, "        ");
		return;
	}
	if (r > 0) {
		/* rare (a cut register): the message names the field by its
		 * whole path, so decode again for it */
		struct hwmsg_reg_decoded full;

		hwmsg_reg_decode_reg(reg, msg->reg, msg->reg_len, &full, &err);
		hwmsg_reg_decoded_free(&full);
		ob_printf(o, "        ! %s\n", err.msg);
	}
}

/* " cut: 40 of 68 bytes captured", " bad length", ...: what libhwmsg flagged */
static void print_tlv_flags(struct obuf *o, const struct hwmsg_tlv_ref *t)
{
	if (t->flags & HWMSG_TLV_CUT)
		ob_printf(o, " [cut: %u of %u bytes captured]", t->cap_len,
			  t->len);
	if (t->flags & HWMSG_TLV_BAD_LEN)
		ob_puts(o, " [bad length]");
	if (t->flags & HWMSG_TLV_BAD_SIZE)
		ob_puts(o, " [wrong size for its type]");
	if (t->flags & HWMSG_TLV_EXTRA)
		ob_puts(o, " [second of its type, ignored]");
}

/* The TLV's own fields; false for one libhwmsg did not decode. */
static bool tlv_decoded(const struct hwmsg_tlv_ref *t)
{
	return !(t->flags & (HWMSG_TLV_BAD_LEN | HWMSG_TLV_EXTRA)) &&
	       !(t->type != HWMSG_EMAD_TLV_REG && (t->flags & HWMSG_TLV_BAD_SIZE));
}

static void print_emad_tlvs(struct obuf *o, const struct hwmsg_record *rec,
			    const struct hwmsg_msg *msg)
{
	print_eth(o, rec->payload);
	for (unsigned int i = 0; i < msg->n_tlvs; i++) {
		const struct hwmsg_tlv_ref *t = &msg->tlvs[i];
		const char *name = name_or(hwmsg_emad_tlv_names, t->type,
					   "unknown");
		size_t n = strlen(name);

		/* "tlv %-7s offset %u len %u" */
		ob_puts(o, "    tlv ");
		ob_put(o, name, n);
		ob_fill(o, ' ', n < 7 ? 7 - n : 0);
		ob_puts(o, " offset ");
		ob_u64(o, t->offset);
		ob_puts(o, " len ");
		ob_u64(o, t->len);
		print_tlv_flags(o, t);
		ob_putc(o, '\n');
		if (!tlv_decoded(t)) {
			print_hex(o, rec->payload + t->offset, t->cap_len,
				  "        ");
			continue;
		}
		switch (t->type) {
		case HWMSG_EMAD_TLV_OP:
			print_op_fields(o, &msg->op, true);
			break;
		case HWMSG_EMAD_TLV_STRING:
			ob_puts(o, "      string \"");
			ob_safe(o, msg->fw_string, 4 * sizeof(msg->fw_string));
			ob_put(o, "\"\n", 2);
			break;
		case HWMSG_EMAD_TLV_LATENCY:
			if (msg->has_latency) {
				ob_puts(o, "      latency_time ");
				ob_u64(o, msg->latency_us);
				ob_puts(o, " us\n");
			}
			break;
		case HWMSG_EMAD_TLV_REG:
			ob_puts(o, "      register ");
			ob_u64(o, msg->reg_len);
			ob_puts(o, " bytes\n");
			print_reg_payload(o, msg);
			break;
		case HWMSG_EMAD_TLV_END:
			break;
		default:
			print_hex(o, rec->payload + t->offset, t->cap_len,
				  "        ");
		}
	}
}

void print_record_detail(struct obuf *o, const struct hwmsg_record *rec,
			 const struct hwmsg_msg *msg)
{
	ob_puts(o, "    record type ");
	ob_puts(o, hwmsg_type_str(rec->type));
	ob_puts(o, " dir ");
	ob_puts(o, hwmsg_dir_str(rec->dir));
	if (!(rec->flags & HWMSG_RECF_NO_DEVICE)) {
		ob_puts(o, " driver ");
		ob_safe(o, rec->driver, 256);
	}
	if (rec->flags & HWMSG_RECF_HAS_INDEX) {
		ob_puts(o, " devlink ");
		ob_u64(o, rec->devlink_index);
	}
	if (rec->flags & HWMSG_RECF_HAS_SEQ) {
		ob_puts(o, " seq ");
		ob_u64(o, rec->seq);
	}
	ob_puts(o, " len ");
	ob_u64(o, rec->len);
	if (rec->orig_len != rec->len) {
		ob_puts(o, " orig_len ");
		ob_u64(o, rec->orig_len);
	}
	ob_putc(o, '\n');
	if (!msg) {
		print_hex(o, rec->payload, rec->len, "    ");
		return;
	}
	if (rec->type == HWMSG_TYPE_MLX_EMAD) {
		print_emad_tlvs(o, rec, msg);
		if (!msg->has_reg)
			ob_puts(o, "    no REG TLV\n");
		return;
	}
	ob_puts(o, "    mailbox ");
	ob_u64(o, HWMSG_CMDREG_HDR_LEN);
	ob_puts(o, " byte header\n");
	print_op_fields(o, &msg->op, false);
	ob_puts(o, "      register ");
	ob_u64(o, msg->reg_len);
	ob_puts(o, " bytes");
	print_tlv_flags(o, &msg->tlvs[1]);
	ob_putc(o, '\n');
	print_reg_payload(o, msg);
}

/* ---- JSON: one object per record and line (JSON Lines) ---------------- */

static void json_field_value(struct obuf *o, const struct hwmsg_reg_value *v)
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
		ob_u64(o, v->raw);
		return;
	case HWMSG_REG_INT:
		ob_i64(o, (int64_t)v->raw);
		return;
	case HWMSG_REG_ENUM:
		name = hwmsg_name_lookup(fd->enums, (uint32_t)v->raw);
		if (name)
			json_ob_str(o, name);
		else
			ob_u64(o, v->raw);
		return;
	default:
		break;
	}
	hwmsg_reg_value_str(v, buf, sizeof(buf));
	n = strlen(buf);
	if (fd->kind == HWMSG_REG_STRING && n >= 2 && buf[0] == '"') {
		buf[n - 1] = '\0';	/* the text form quotes strings */
		json_ob_str(o, buf + 1);
	} else {
		json_ob_str(o, buf);
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
 * A register's JSON from one walk: "index":{...} (the register's own index
 * fields) always; with -V "fields":{...} (every non-zero leaf by its whole
 * path) and "quantities":{"temperature":{"value":51.75,"unit":"C"}} (the
 * fields the database gives a unit or scale, as what they measure; left
 * out if none). index goes straight out, the other two are kept aside
 * until the walk is done.
 */
struct json_walk {
	struct obuf *o;
	struct obuf *fields, *quant;	/* NULL: not asked for */
	bool first_i, first_f, first_q;
	char path[HWMSG_REG_PATH_MAX];	/* the value's, as a decode has it */
	size_t group_len[32];		/* path lengths of the open groups */
};

/* Append n bytes of s to the path at *used, cut as a decode cuts it. */
static void path_add(char *path, size_t *used, const char *s, size_t n)
{
	if (n > HWMSG_REG_PATH_MAX - 1 - *used)
		n = HWMSG_REG_PATH_MAX - 1 - *used;
	memcpy(path + *used, s, n);
	*used += n;
}

/* "parent.name[index]": the path a decode gives the value. */
static void json_path(struct json_walk *w, const struct hwmsg_reg_value *v,
		      const char *name, long index)
{
	size_t used = v->depth ? w->group_len[v->depth - 1] : 0;

	if (used)
		path_add(w->path, &used, ".", 1);
	path_add(w->path, &used, name, strlen(name));
	if (index >= 0) {
		char d[HWMSG_REG_INDEX_MAX];
		size_t k = hwmsg_reg_index_suffix(d, (unsigned long)index);

		path_add(w->path, &used, d, k);
	}
	w->path[used] = '\0';
	if (v->group)
		w->group_len[v->depth] = used;
}

static void json_value(void *ctx, const struct hwmsg_reg_value *v,
		       const char *name, long index)
{
	struct json_walk *w = ctx;
	double q;

	if (v->depth >= sizeof(w->group_len) / sizeof(w->group_len[0]))
		return;
	if (!v->depth && !v->group && !v->missing && !v->field->count &&
	    v->field->access == HWMSG_REG_INDEX) {
		json_path(w, v, name, index);
		if (!w->first_i)
			ob_putc(w->o, ',');
		json_ob_str(w->o, w->path);
		ob_putc(w->o, ':');
		json_field_value(w->o, v);
		w->first_i = false;
	}
	if (!w->fields)
		return;
	if (v->group) {
		json_path(w, v, name, index);
		return;
	}
	if (v->missing || json_leaf_is_zero(v))
		return;
	json_path(w, v, name, index);
	if (!w->first_f)
		ob_putc(w->fields, ',');
	json_ob_str(w->fields, w->path);
	ob_putc(w->fields, ':');
	json_field_value(w->fields, v);
	w->first_f = false;
	if (!hwmsg_reg_quantity(v->field, v->raw, &q))
		return;
	ob_puts(w->quant, w->first_q ? ",\"quantities\":{" : ",");
	json_ob_str(w->quant, w->path);
	ob_put(w->quant, ":{", 2);
	json_ob_quantity(w->quant, "", "value", v->field, v->raw);
	ob_putc(w->quant, '}');
	w->first_q = false;
}

static void json_register(struct obuf *o, const struct hwmsg_msg *msg, bool all)
{
	static const struct hwmsg_reg_visitor vis = { .value = json_value };
	static struct obuf index, fields, quant;	/* buffers are kept */
	const struct hwmsg_reg *reg =
		hwmsg_reg_pick_len(reg_of(msg->op.reg_id), msg->reg_len);
	struct json_walk w = { .o = &index, .first_i = true, .first_f = true,
			       .first_q = true };

	if (!reg || !reg->layout)
		return;
	if ((!index.buf && ob_open_mem(&index, 1024)) ||
	    (!fields.buf && ob_open_mem(&fields, 4096)) ||
	    (!quant.buf && ob_open_mem(&quant, 1024)))
		return;
	index.len = fields.len = quant.len = 0;
	if (all) {
		w.fields = &fields;
		w.quant = &quant;
	}
	if (hwmsg_reg_walk(reg, msg->reg, msg->reg_len,
			   all ? HWMSG_REG_WALK_SKIP_ZERO : HWMSG_REG_WALK_INDEX,
			   &vis, &w, NULL) < 0)
		return;
	ob_puts(o, ",\"index\":{");
	ob_put(o, index.buf, index.len);
	ob_putc(o, '}');
	if (all) {
		ob_puts(o, ",\"fields\":{");
		ob_put(o, fields.buf, fields.len);
		ob_putc(o, '}');
		ob_put(o, quant.buf, quant.len);
		if (!w.first_q)
			ob_putc(o, '}');
	}
}

void print_record_json(struct obuf *o, const struct hwmsg_record *rec,
		       const struct hwmsg_msg *msg,
		       const struct hwmsg_txn_info *info, bool verbose)
{
	/* a string, as tid: a JSON number loses the nanoseconds past 2^53 */
	ob_puts(o, "{\"ts\":\"");
	ob_u64(o, rec->ts_ns);
	ob_puts(o, "\",\"dev\":");
	if (rec->flags & HWMSG_RECF_NO_DEVICE) {
		ob_put(o, "\"\"", 2);
	} else {	/* "bus/dev", cut as snprintf to 512 would cut it */
		char dev[512];
		size_t nb = strlen(rec->bus), nd = strlen(rec->dev);

		nb = nb < sizeof(dev) - 1 ? nb : sizeof(dev) - 1;
		memcpy(dev, rec->bus, nb);
		if (nb < sizeof(dev) - 1)
			dev[nb++] = '/';
		nd = nd < sizeof(dev) - 1 - nb ? nd : sizeof(dev) - 1 - nb;
		memcpy(dev + nb, rec->dev, nd);
		dev[nb + nd] = '\0';
		json_ob_str(o, dev);
	}
	ob_puts(o, ",\"driver\":");
	json_ob_str(o, rec->driver);
	ob_puts(o, ",\"dir\":\"");
	ob_puts(o, hwmsg_dir_str(rec->dir));
	ob_puts(o, "\",\"type\":\"");
	ob_puts(o, hwmsg_type_str(rec->type));
	ob_puts(o, "\",\"len\":");
	ob_u64(o, rec->len);
	if (rec->flags & HWMSG_RECF_HAS_SEQ) {
		ob_puts(o, ",\"seq\":");
		ob_u64(o, rec->seq);
	}
	if (rec->flags & HWMSG_RECF_TRUNCATED) {
		ob_puts(o, ",\"orig_len\":");
		ob_u64(o, rec->orig_len);
	}
	if (msg) {
		const struct hwmsg_emad_op *op = &msg->op;

		ob_puts(o, ",\"reg_id\":");
		ob_u64(o, op->reg_id);
		ob_puts(o, ",\"reg\":");
		json_ob_str(o, reg_name(op->reg_id));
		ob_puts(o, ",\"method\":\"");
		ob_puts(o, name_or(hwmsg_emad_method_names, op->method, "?"));
		ob_puts(o, op->response ? "\",\"response\":true" :
					  "\",\"response\":false");
		if (op->response) {
			ob_puts(o, ",\"status\":");
			ob_u64(o, op->status);
			ob_puts(o, ",\"status_name\":\"");
			ob_puts(o, name_or(hwmsg_emad_status_names, op->status,
					   "?"));
			ob_putc(o, '"');
		}
		if (rec->type == HWMSG_TYPE_MLX_EMAD) {	/* a string: 64 bits */
			ob_puts(o, ",\"tid\":\"0x");
			ob_hex(o, op->tid, 16);
			ob_putc(o, '"');
		}
		if (info && info->is_response && info->matched) {
			ob_puts(o, ",\"latency_ns\":");
			ob_u64(o, info->latency_ns);
		}
		if (info && !info->is_response && info->retransmits) {
			ob_puts(o, ",\"retransmit\":");
			ob_u64(o, info->retransmits);
		}
		if (info && info->unsolicited)
			ob_puts(o, ",\"unsolicited\":true");
		if (msg->has_latency && op->response) {
			ob_puts(o, ",\"fw_latency_us\":");
			ob_u64(o, msg->latency_us);
		}
		if (msg->has_fw_string && msg->fw_string[0]) {
			ob_puts(o, ",\"fw_string\":");
			json_ob_str(o, msg->fw_string);
		}
		if (msg->flags & HWMSG_MSGF_CUT)	/* decoded as far as captured */
			ob_puts(o, ",\"cut\":true");
		if (msg->has_reg)
			json_register(o, msg, verbose);
	} else if (rec->type == HWMSG_TYPE_DEVLINK_EVENT) {
		char line[256];

		if (hwmsg_devlink_event_format(rec->payload, rec->len, line,
					       sizeof(line)) >= 0) {
			ob_puts(o, ",\"event\":");
			json_ob_str(o, line);
		}
	}
	ob_put(o, "}\n", 2);
}
