// SPDX-License-Identifier: GPL-2.0-or-later
/* Decoded register fields as text: values, one-line summaries, listings. */
#include <arpa/inet.h>
#include <ctype.h>
#include <string.h>

#include "regdb_int.h"

void regdb_sb_init(struct regdb_sbuf *b, char *buf, size_t size)
{
	b->s = buf;
	b->size = size;
	b->n = 0;
	buf[0] = 0;
}

void regdb_sb_u64(struct regdb_sbuf *b, uint64_t v)
{
	char d[20];
	size_t i = sizeof(d);

	do
		d[--i] = (char)('0' + v % 10);
	while (v /= 10);
	regdb_sb_put(b, d + i, sizeof(d) - i);
}

static void sb_hex(struct regdb_sbuf *b, uint64_t v)
{
	static const char x[] = "0123456789abcdef";
	char d[18];
	size_t i = sizeof(d);

	do
		d[--i] = x[v & 15];
	while (v >>= 4);
	d[--i] = 'x';
	d[--i] = '0';
	regdb_sb_put(b, d + i, sizeof(d) - i);
}

static void sb_i64(struct regdb_sbuf *b, int64_t v)
{
	if (v < 0) {
		regdb_sb_put(b, "-", 1);
		regdb_sb_u64(b, 0 - (uint64_t)v);
	} else {
		regdb_sb_u64(b, (uint64_t)v);
	}
}

static const char hex_digit[] = "0123456789abcdef";

/* "0011aabb", "..." where it would not fit (size >= 1) */
static void hex_bytes(const uint8_t *b, uint32_t n, char *buf, size_t size)
{
	struct regdb_sbuf sb;
	uint32_t i;

	regdb_sb_init(&sb, buf, size);
	for (i = 0; i < n; i++) {
		char d[2] = { hex_digit[b[i] >> 4], hex_digit[b[i] & 15] };

		if (sb.n + 3 + 3 >= size) {
			regdb_sb_put(&sb, "...", 3);
			return;
		}
		regdb_sb_put(&sb, d, 2);
	}
}

static void quoted(const uint8_t *b, uint32_t n, char *buf, size_t size)
{
	size_t used = 0;
	uint32_t i;

	if (size < 8) {
		buf[0] = 0;
		return;
	}
	buf[used++] = '"';
	for (i = 0; i < n && b[i]; i++) {
		if (used + 6 >= size)
			break;
		if (isprint(b[i]) && b[i] != '"' && b[i] != '\\') {
			buf[used++] = (char)b[i];
		} else {	/* room: used + 6 < size */
			buf[used++] = '\\';
			buf[used++] = 'x';
			buf[used++] = hex_digit[b[i] >> 4];
			buf[used++] = hex_digit[b[i] & 15];
		}
	}
	buf[used++] = '"';
	buf[used] = 0;
}

/*
 * "0x300000 (100gbase_cr4|100gbase_sr4)"; unnamed bits stay in the hex.
 * Cut where it does not fit (as snprintf would cut it).
 */
static void flags_str(const struct hwmsg_reg_value *v, char *buf, size_t size)
{
	struct regdb_sbuf b;
	bool named = false;
	unsigned int i;

	regdb_sb_init(&b, buf, size);
	sb_hex(&b, v->raw);
	for (i = 0; v->field->enums[i].name && b.n < size - 1; i++) {
		if (v->field->enums[i].value >= 64 ||
		    !(v->raw >> v->field->enums[i].value & 1))
			continue;
		regdb_sb_put(&b, named ? "|" : " (", named ? 1 : 2);
		regdb_sb_puts(&b, v->field->enums[i].name);
		named = true;
	}
	if (named)
		regdb_sb_put(&b, ")", 1);
}

/* A special= name for this raw value, or NULL. */
static const char *special_name(const struct hwmsg_reg_field *f, uint64_t raw)
{
	if (!f->enums || f->kind == HWMSG_REG_ENUM ||
	    f->kind == HWMSG_REG_FLAGS)
		return NULL;
	return hwmsg_name_lookup(f->enums, (uint32_t)(f->width < 32 ?
				 raw & ((1ull << f->width) - 1) : raw));
}

/* At most 3 decimals, no trailing zeros: "47.125", "39.216", "100000". */
static const char *decimal(double q, char *buf, size_t size)
{
	char *end;

	snprintf(buf, size, "%.3f", q);
	end = buf + strlen(buf);
	while (end > buf && end[-1] == '0')
		*--end = 0;
	if (end > buf && end[-1] == '.')
		*--end = 0;
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	return buf;
}

/*
 * decimal() of raw * scale by integers (MTMP's temperatures are on many
 * show lines): the same digits as printf's %.3f of the double whenever
 * raw * scale_num < 2^41. The double is then within 2^-53 of the exact
 * ratio, closer than any half-thousandth it is not on, so both round the
 * same way; a ratio exactly on one is left to printf. false: not done.
 */
static bool decimal_int(const struct hwmsg_reg_field *f, uint64_t raw,
			char *buf, size_t size)
{
	bool neg = f->kind == HWMSG_REG_INT && (int64_t)raw < 0;
	uint64_t mag = neg ? 0 - raw : raw, t, q, rem;
	char d[32];
	size_t i = sizeof(d);
	unsigned int frac;

	if (size < sizeof(d) || !f->scale_den ||
	    (f->scale_num && mag > ((1ull << 41) - 1) / f->scale_num))
		return false;
	t = mag * f->scale_num * 1000;
	q = t / f->scale_den;
	rem = t % f->scale_den;
	if (rem * 2 == f->scale_den)
		return false;
	q += rem * 2 > f->scale_den;
	frac = (unsigned int)(q % 1000);
	if (frac) {		/* no trailing zeros */
		int digits = 3;

		while (!(frac % 10)) {
			frac /= 10;
			digits--;
		}
		while (digits--) {
			d[--i] = (char)('0' + frac % 10);
			frac /= 10;
		}
		d[--i] = '.';
	}
	q /= 1000;
	do
		d[--i] = (char)('0' + q % 10);
	while (q /= 10);
	if (neg && !(d[i] == '0' && i == sizeof(d) - 1))	/* no "-0" */
		d[--i] = '-';
	memcpy(buf, d + i, sizeof(d) - i);
	buf[sizeof(d) - i] = 0;
	return true;
}

bool hwmsg_reg_quantity(const struct hwmsg_reg_field *f, uint64_t raw,
			double *q)
{
	if ((!f->unit && !f->scale_den) || special_name(f, raw))
		return false;
	*q = f->kind == HWMSG_REG_INT ? (double)(int64_t)raw : (double)raw;
	if (f->scale_den)
		*q = *q * f->scale_num / f->scale_den;
	return true;
}

const char *hwmsg_reg_unit_str(const struct hwmsg_reg_field *f, uint64_t raw,
			       char *buf, size_t size)
{
	const char *special = special_name(f, raw);
	struct regdb_sbuf b;
	char num[48];
	double q;

	if (!size)
		return buf;
	regdb_sb_init(&b, buf, size);
	if (special) {
		regdb_sb_put(&b, " (", 2);
		regdb_sb_puts(&b, special);
		regdb_sb_put(&b, ")", 1);
	} else if (!hwmsg_reg_quantity(f, raw, &q)) {
		return buf;			/* a plain number */
	} else if (!f->scale_den) {
		regdb_sb_put(&b, " ", 1);	/* "300 s" */
		regdb_sb_puts(&b, f->unit);
	} else {
		if (!decimal_int(f, raw, num, sizeof(num)))
			decimal(q, num, sizeof(num));
		regdb_sb_put(&b, " (", 2);
		regdb_sb_puts(&b, num);
		if (f->unit) {
			regdb_sb_put(&b, " ", 1);
			regdb_sb_puts(&b, f->unit);
		}
		regdb_sb_put(&b, ")", 1);
	}
	return buf;
}

uint32_t hwmsg_reg_field_bits(const struct hwmsg_reg_field *f)
{
	return f->width + (f->has_msb ? f->msb_width : 0);
}

enum hwmsg_reg_vtype hwmsg_reg_field_vtype(const struct hwmsg_reg_field *f)
{
	switch (f->kind) {
	case HWMSG_REG_INT:
		return HWMSG_REG_V_INT;
	case HWMSG_REG_BOOL:
		return HWMSG_REG_V_BOOL;
	case HWMSG_REG_MAC:
		return f->width == 48 ? HWMSG_REG_V_MAC : HWMSG_REG_V_BYTES;
	case HWMSG_REG_IPV4:
		return f->width == 32 ? HWMSG_REG_V_IPV4 : HWMSG_REG_V_UINT;
	case HWMSG_REG_IPV6:
		return f->width == 128 ? HWMSG_REG_V_IPV6 : HWMSG_REG_V_BYTES;
	case HWMSG_REG_STRING:
		return HWMSG_REG_V_STRING;
	case HWMSG_REG_BYTES:
	case HWMSG_REG_LAYOUT:
	case HWMSG_REG_UNION:	/* a union no arm matched: its bytes */
		return HWMSG_REG_V_BYTES;
	case HWMSG_REG_U64:
		return HWMSG_REG_V_UINT;
	default:		/* uint, enum, flags */
		return f->width > 64 ? HWMSG_REG_V_BYTES : HWMSG_REG_V_UINT;
	}
}

bool hwmsg_reg_field_hex(const struct hwmsg_reg_field *f)
{
	return f->kind == HWMSG_REG_FLAGS ||
	       (f->kind == HWMSG_REG_UINT && f->width >= 32 && !f->unit &&
		!f->scale_den);
}

/* Numbers with a unit get it after them: "376 (47 C)", "300 s". */
static void append_unit(const struct hwmsg_reg_value *v, char *buf,
			size_t size)
{
	const struct hwmsg_reg_field *f = v->field;
	size_t used;

	if (!f->enums && !f->unit && !f->scale_den)	/* a plain number */
		return;
	used = strlen(buf);

	if (used < size)
		hwmsg_reg_unit_str(v->field, v->raw, buf + used, size - used);
}

const char *hwmsg_reg_value_str(const struct hwmsg_reg_value *v, char *buf,
				size_t size)
{
	const struct hwmsg_reg_field *f = v->field;
	const char *name;
	char ip[INET6_ADDRSTRLEN];
	struct regdb_sbuf b;

	if (!size)
		return buf;
	regdb_sb_init(&b, buf, size);
	if (v->missing) {
		regdb_sb_put(&b, "<missing>", 9);
		return buf;
	}
	if (v->group) {
		buf[0] = 0;
		return buf;
	}
	switch (f->kind) {
	case HWMSG_REG_INT:
		regdb_sb_init(&b, buf, size);
		sb_i64(&b, (int64_t)v->raw);
		append_unit(v, buf, size);
		break;
	case HWMSG_REG_ENUM:
		regdb_sb_init(&b, buf, size);
		name = hwmsg_name_lookup(f->enums, (uint32_t)v->raw);
		if (name) {
			regdb_sb_puts(&b, name);
			regdb_sb_put(&b, " (", 2);
		}
		regdb_sb_u64(&b, v->raw);
		if (name)
			regdb_sb_put(&b, ")", 1);
		break;
	case HWMSG_REG_FLAGS:
		flags_str(v, buf, size);
		break;
	case HWMSG_REG_MAC:
		if (!v->bytes)
			goto hex;
		for (int i = 0; i < 6; i++) {
			char d[3] = { ':', hex_digit[v->bytes[i] >> 4],
				      hex_digit[v->bytes[i] & 15] };

			regdb_sb_put(&b, i ? d : d + 1, i ? 3 : 2);
		}
		break;
	case HWMSG_REG_IPV4:
		if (!v->bytes)
			goto hex;
		inet_ntop(AF_INET, v->bytes, ip, sizeof(ip));
		regdb_sb_puts(&b, ip);
		break;
	case HWMSG_REG_IPV6:
		if (!v->bytes)
			goto hex;
		inet_ntop(AF_INET6, v->bytes, ip, sizeof(ip));
		regdb_sb_puts(&b, ip);
		break;
	case HWMSG_REG_STRING:
		if (!v->bytes)
			goto hex;
		quoted(v->bytes, v->n_bytes, buf, size);
		break;
	case HWMSG_REG_BYTES:
	case HWMSG_REG_LAYOUT:
	case HWMSG_REG_UNION:
		if (!v->bytes)
			goto hex;
		hex_bytes(v->bytes, v->n_bytes, buf, size);
		break;
	case HWMSG_REG_U64:
		regdb_sb_init(&b, buf, size);
		regdb_sb_u64(&b, v->raw);
		append_unit(v, buf, size);
		break;
	default:
		regdb_sb_init(&b, buf, size);
		if (hwmsg_reg_field_hex(f))
			sb_hex(&b, v->raw);
		else
			regdb_sb_u64(&b, v->raw);
		append_unit(v, buf, size);
	}
	return buf;
hex:
	sb_hex(&b, v->raw);
	return buf;
}

bool regdb_summary_field(const struct hwmsg_reg_value *v)
{
	return !v->depth && !v->group && !v->missing &&
	       v->field->access == HWMSG_REG_INDEX && !v->field->count &&
	       strcmp(v->field->name, "lp_msb");
}

bool regdb_summary_fallback(const struct hwmsg_reg_field *f)
{
	return strcmp(f->name, "swid") && strcmp(f->name, "slot_index");
}

void regdb_sb_summary_field(struct regdb_sbuf *b, const char *name,
			    const struct hwmsg_reg_value *v)
{
	/* the value's text as 64 bytes hold it, then cut to what b has
	 * left: written in place when b has those 64 bytes */
	char val[64];

	regdb_sb_put(b, " ", 1);
	regdb_sb_puts(b, name);
	regdb_sb_put(b, " ", 1);
	if (b->size - b->n >= sizeof(val)) {
		hwmsg_reg_value_str(v, b->s + b->n, sizeof(val));
		b->n += strlen(b->s + b->n);
		return;
	}
	regdb_sb_puts(b, hwmsg_reg_value_str(v, val, sizeof(val)));
}

/*
 * The top-level index fields that are set (local_port 0 is the CPU port,
 * but a zero swid or slot_index says nothing); if none is, the first one
 * that is not swid or slot_index.
 */
const char *hwmsg_reg_summary(const struct hwmsg_reg_decoded *d, char *buf,
			      size_t size)
{
	const struct hwmsg_reg_value *first = NULL;
	struct regdb_sbuf b;
	unsigned int i, n = 0;

	if (!size)
		return buf;
	regdb_sb_init(&b, buf, size);
	regdb_sb_puts(&b, d->reg ? d->reg->name : "?");
	for (i = 0; i < d->n_values && n < 3; i++) {
		const struct hwmsg_reg_value *v = &d->values[i];

		if (!regdb_summary_field(v))
			continue;
		if (!first && regdb_summary_fallback(v->field))
			first = v;
		if (!v->raw)
			continue;
		regdb_sb_summary_field(&b, v->path, v);
		n++;
	}
	if (!n && first)
		regdb_sb_summary_field(&b, first->path, first);
	return buf;
}

bool regdb_leaf_is_zero(const struct hwmsg_reg_value *v)
{
	uint32_t i;

	if (v->missing || v->raw)
		return false;
	/* a named 0 says something in a scalar, not in each of 4096
	 * array elements (SPMS: "no_change") */
	if (v->field->kind == HWMSG_REG_ENUM && !v->field->count &&
	    hwmsg_name_lookup(v->field->enums, 0))
		return false;
	/* a number's bytes hold its neighbours too: only raw counts */
	if (regdb_is_number(v->field->kind))
		return true;
	for (i = 0; v->bytes && i < v->n_bytes; i++)
		if (v->bytes[i])
			return false;
	return true;
}

/* Does the group at i have a leaf worth showing? */
static bool group_has_content(const struct hwmsg_reg_decoded *d,
			      unsigned int i)
{
	unsigned int k, depth = d->values[i].depth;

	if (d->values[i].missing)
		return true;
	for (k = i + 1; k < d->n_values && d->values[k].depth > depth; k++)
		if (!d->values[k].group && !regdb_leaf_is_zero(&d->values[k]))
			return true;
	return false;
}

void hwmsg_reg_format(const struct hwmsg_reg_decoded *d, bool all,
		      hwmsg_reg_line_fn fn, void *ctx)
{
	unsigned int i;

	for (i = 0; i < d->n_values; i++) {
		const struct hwmsg_reg_value *v = &d->values[i];
		const char *name = strrchr(v->path, '.');
		char val[160];

		name = name ? name + 1 : v->path;
		if (v->group) {
			if (!all && !group_has_content(d, i)) {
				unsigned int depth = v->depth;

				while (i + 1 < d->n_values &&
				       d->values[i + 1].depth > depth)
					i++;
				continue;
			}
			fn(ctx, v->depth, name,
			   v->missing ? "<missing>" : NULL);
			continue;
		}
		if (!all && regdb_leaf_is_zero(v))
			continue;
		fn(ctx, v->depth, name,
		   hwmsg_reg_value_str(v, val, sizeof(val)));
	}
}

struct print_ctx {
	FILE *f;
	const char *indent;
};

static void print_line(void *ctx, unsigned int depth, const char *name,
		       const char *value)
{
	struct print_ctx *p = ctx;
	int pad = 24 - 2 * (int)depth;

	if (pad < 1)
		pad = 1;
	if (value)
		fprintf(p->f, "%s%*s%-*s %s\n", p->indent, 2 * (int)depth, "",
			pad, name, value);
	else
		fprintf(p->f, "%s%*s%s\n", p->indent, 2 * (int)depth, "", name);
}

void hwmsg_reg_print(FILE *f, const struct hwmsg_reg_decoded *d,
		     const char *indent, bool all)
{
	struct print_ctx p = { f, indent ? indent : "" };

	hwmsg_reg_format(d, all, print_line, &p);
}
