// SPDX-License-Identifier: GPL-2.0-or-later
/* The devlink:devlink_hwmsg format file and its raw samples: tp_format.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tp_format.h"

#define TP_ENTRY_MAX	65536	/* a sample's raw data is at most this long */

static const char *const field_names[TP_F_NUM] = {
	"bus_name", "dev_name", "driver_name", "incoming", "type", "buf", "len",
};

/* "offset:8;" and the like; -1 when missing or not a small number */
static int field_number(const char *from, const char *key)
{
	const char *p = strstr(from, key);
	char *end;
	long v;

	if (!p)
		return -1;
	v = strtol(p + strlen(key), &end, 10);
	if (end == p + strlen(key) || *end != ';' || v < 0 || v > TP_ENTRY_MAX)
		return -1;
	return (int)v;
}

/* "	field:__data_loc char[] bus_name;	offset:8;	size:4;	signed:1;" */
void tp_format_line(struct tp_format *fmt, const char *line)
{
	const char *fp = strstr(line, "field:");
	const char *semi, *name;
	char decl[256];
	size_t n;
	int i;

	if (!fp)
		return;
	fp += 6;
	semi = strchr(fp, ';');
	if (!semi || (size_t)(semi - fp) >= sizeof(decl))
		return;
	n = (size_t)(semi - fp);
	memcpy(decl, fp, n);
	decl[n] = '\0';
	/* the name is the last word, without any [..] */
	while (n && decl[n - 1] == ']') {
		char *lb = strrchr(decl, '[');

		if (!lb)
			break;
		*lb = '\0';
		n = strlen(decl);
	}
	name = strrchr(decl, ' ');
	name = name ? name + 1 : decl;
	for (i = 0; i < TP_F_NUM; i++) {
		struct tp_field *f = &fmt->f[i];

		if (strcmp(name, field_names[i]))
			continue;
		f->offset = field_number(semi, "offset:");
		f->size = field_number(semi, "size:");
		f->loc = strstr(decl, "__data_loc") != NULL;
		f->rel = strstr(decl, "__rel_loc") != NULL;
		f->found = true;
	}
}

int tp_format_check(const struct tp_format *fmt, const char *path,
		    struct hwmsg_err *err)
{
	int i;

	for (i = 0; i < TP_F_NUM; i++) {
		const struct tp_field *f = &fmt->f[i];
		bool is_loc = i == TP_F_BUS || i == TP_F_DEV ||
			      i == TP_F_DRIVER || i == TP_F_BUF;

		if (!f->found)
			return hwmsg_errf(err, 0,
					  "tracepoint: %s has no field '%s'",
					  path, field_names[i]);
		if (f->offset < 0 || f->size < 1)
			return hwmsg_errf(err, 0,
					  "tracepoint: %s: field '%s': offset or size missing or out of range",
					  path, field_names[i]);
		if (is_loc && ((!f->loc && !f->rel) || f->size != 4))
			return hwmsg_errf(err, 0,
					  "tracepoint: %s: field '%s' is %d bytes at %d, want a 4-byte __data_loc",
					  path, field_names[i], f->size,
					  f->offset);
		if (!is_loc && f->size > 8)
			return hwmsg_errf(err, 0,
					  "tracepoint: %s: field '%s' is %d bytes at %d, want a number of at most 8",
					  path, field_names[i], f->size,
					  f->offset);
	}
	return 0;
}

/* A __data_loc field: where its bytes lie in raw; false if not inside. */
static bool field_loc(const struct tp_field *f, const uint8_t *raw,
		      uint32_t len, uint32_t *off, uint32_t *n)
{
	uint32_t loc;

	if ((uint32_t)f->offset > len || len - (uint32_t)f->offset < 4)
		return false;
	memcpy(&loc, raw + f->offset, 4);	/* host order */
	*off = loc & 0xffff;
	*n = loc >> 16;
	if (f->rel)
		*off += (uint32_t)(f->offset + f->size);
	return *off <= len && *n <= len - *off;
}

static const char *field_str(const struct tp_field *f, const uint8_t *raw,
			     uint32_t len, char *dst, size_t cap)
{
	uint32_t off, n;

	if (!field_loc(f, raw, len, &off, &n))
		return "";
	if (n >= cap)
		n = (uint32_t)cap - 1;
	memcpy(dst, raw + off, n);
	dst[n] = '\0';
	return dst;
}

static uint64_t field_uint(const struct tp_field *f, const uint8_t *raw,
			   uint32_t len)
{
	uint64_t v = 0;

	if (f->size < 1 || f->size > 8 || (uint32_t)f->offset > len ||
	    len - (uint32_t)f->offset < (uint32_t)f->size)
		return 0;
	memcpy(&v, raw + f->offset, (size_t)f->size);	/* little-endian host */
	return v;
}

/*
 * As the devlink_hwmsg module does: the tracepoint's type argument is the
 * driver's word (mlxsw passes 0, EMAD); records keep 16 bits.
 */
static uint16_t type_of(uint64_t tp_type)
{
	return tp_type < HWMSG_TYPE_UNKNOWN ? (uint16_t)tp_type :
	       HWMSG_TYPE_UNKNOWN;
}

void tp_sample_record(const struct tp_format *fmt, const uint8_t *raw,
		      uint32_t len, struct tp_strings *st,
		      struct hwmsg_record *rec)
{
	uint32_t off, n;

	memset(rec, 0, sizeof(*rec));
	rec->bus = field_str(&fmt->f[TP_F_BUS], raw, len, st->bus,
			     sizeof(st->bus));
	rec->dev = field_str(&fmt->f[TP_F_DEV], raw, len, st->dev,
			     sizeof(st->dev));
	rec->driver = field_str(&fmt->f[TP_F_DRIVER], raw, len, st->driver,
				sizeof(st->driver));
	rec->dir = field_uint(&fmt->f[TP_F_INCOMING], raw, len) ?
		   HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	rec->type = type_of(field_uint(&fmt->f[TP_F_TYPE], raw, len));
	rec->payload = (const uint8_t *)"";
	if (field_loc(&fmt->f[TP_F_BUF], raw, len, &off, &n)) {
		rec->payload = raw + off;
		rec->len = n;
	}
	rec->orig_len = (uint32_t)field_uint(&fmt->f[TP_F_LEN], raw, len);
	if (rec->orig_len > rec->len)
		rec->flags |= HWMSG_RECF_TRUNCATED;
	else
		rec->orig_len = rec->len;
}

uint64_t tp_hold_left_ns(uint64_t sample_ts, uint64_t seen_mono,
			 uint64_t now_rt, uint64_t now_mono,
			 uint64_t reorder_ns, uint64_t hold_ns)
{
	uint64_t by_ts = 0, by_hold = 0;

	if (sample_ts + reorder_ns > now_rt)
		by_ts = sample_ts + reorder_ns - now_rt;
	if (now_mono < seen_mono + hold_ns)
		by_hold = seen_mono + hold_ns - now_mono;
	/* whichever comes first lets it go */
	return by_ts < by_hold ? by_ts : by_hold;
}

int tp_cpulist_parse(const char *s, bool *set, int n)
{
	int max = -1, i;

	for (i = 0; i < n; i++)
		set[i] = false;
	while (*s && *s != '\n') {
		char *end;
		long a, b;

		if (*s < '0' || *s > '9')
			return -2;
		a = strtol(s, &end, 10);
		b = a;
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				return -2;
			b = strtol(end + 1, &end, 10);
		}
		if (b < a || b > 1 << 20)
			return -2;
		for (i = (int)a; i <= (int)b; i++)
			if (i < n)
				set[i] = true;
		if (b > max)
			max = (int)b;
		if (*end == ',')
			end++;
		else if (*end && *end != '\n')
			return -2;
		s = end;
	}
	return max;
}
