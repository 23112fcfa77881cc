// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * devlink:devlink_hwmsg raw samples as records, and the tracefs format
 * text that says where their fields lie (hwmsg/tracepoint.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwmsg/tracepoint.h"

#define TP_ENTRY_MAX	65536	/* a sample's raw data is at most this long */

const char *const hwmsg_tp_field_names[HWMSG_TP_F_NUM] = {
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
void hwmsg_tp_format_line(struct hwmsg_tp_format *fmt, const char *line)
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
	for (i = 0; i < HWMSG_TP_F_NUM; i++) {
		struct hwmsg_tp_field *f = &fmt->f[i];

		if (strcmp(name, hwmsg_tp_field_names[i]))
			continue;
		f->offset = field_number(semi, "offset:");
		f->size = field_number(semi, "size:");
		f->loc = strstr(decl, "__data_loc") != NULL;
		f->rel = strstr(decl, "__rel_loc") != NULL;
		f->found = true;
	}
}

int hwmsg_tp_format_check(const struct hwmsg_tp_format *fmt, const char *path,
			  struct hwmsg_err *err)
{
	int i;

	for (i = 0; i < HWMSG_TP_F_NUM; i++) {
		const struct hwmsg_tp_field *f = &fmt->f[i];
		bool is_loc = i == HWMSG_TP_F_BUS || i == HWMSG_TP_F_DEV ||
			      i == HWMSG_TP_F_DRIVER || i == HWMSG_TP_F_BUF;

		if (!f->found)
			return hwmsg_errf(err, 0,
					  "tracepoint: %s has no field '%s'",
					  path, hwmsg_tp_field_names[i]);
		if (f->offset < 0 || f->size < 1)
			return hwmsg_errf(err, 0,
					  "tracepoint: %s: field '%s': offset or size missing or out of range",
					  path, hwmsg_tp_field_names[i]);
		if (is_loc && ((!f->loc && !f->rel) || f->size != 4))
			return hwmsg_errf(err, 0,
					  "tracepoint: %s: field '%s' is %d bytes at %d, want a 4-byte __data_loc",
					  path, hwmsg_tp_field_names[i], f->size,
					  f->offset);
		if (!is_loc && f->size > 8)
			return hwmsg_errf(err, 0,
					  "tracepoint: %s: field '%s' is %d bytes at %d, want a number of at most 8",
					  path, hwmsg_tp_field_names[i], f->size,
					  f->offset);
	}
	return 0;
}

/* A __data_loc field: where its bytes lie in raw; false if not inside. */
static bool field_loc(const struct hwmsg_tp_field *f, const uint8_t *raw,
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

static const char *field_str(const struct hwmsg_tp_field *f, const uint8_t *raw,
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

static uint64_t field_uint(const struct hwmsg_tp_field *f, const uint8_t *raw,
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

void hwmsg_tp_sample_record(const struct hwmsg_tp_format *fmt, const uint8_t *raw,
		      uint32_t len, struct hwmsg_tp_strings *st,
		      struct hwmsg_record *rec)
{
	uint32_t off, n;

	memset(rec, 0, sizeof(*rec));
	rec->bus = field_str(&fmt->f[HWMSG_TP_F_BUS], raw, len, st->bus,
			     sizeof(st->bus));
	rec->dev = field_str(&fmt->f[HWMSG_TP_F_DEV], raw, len, st->dev,
			     sizeof(st->dev));
	rec->driver = field_str(&fmt->f[HWMSG_TP_F_DRIVER], raw, len, st->driver,
				sizeof(st->driver));
	rec->dir = field_uint(&fmt->f[HWMSG_TP_F_INCOMING], raw, len) ?
		   HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	rec->type = type_of(field_uint(&fmt->f[HWMSG_TP_F_TYPE], raw, len));
	rec->payload = (const uint8_t *)"";
	if (field_loc(&fmt->f[HWMSG_TP_F_BUF], raw, len, &off, &n)) {
		rec->payload = raw + off;
		rec->len = n;
	}
	rec->orig_len = (uint32_t)field_uint(&fmt->f[HWMSG_TP_F_LEN], raw, len);
	if (rec->orig_len > rec->len)
		rec->flags |= HWMSG_RECF_TRUNCATED;
	else
		rec->orig_len = rec->len;
}
