// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plugin's protocols and hf entries, made from libhwmsg's field table
 * (include/hwmsg/fields.h): the one list hwmsg's filter resolves in too.
 */
#include "hwmsg_ws.h"

#include <epan/unit_strings.h>

int hwmsg_ws_hf[HWMSG_F_COUNT];

static enum ftenum ft_of(const struct hwmsg_field *f)
{
	static const enum ftenum ft[] = {
		[HWMSG_FK_PROTO] = FT_PROTOCOL,
		[HWMSG_FK_U8] = FT_UINT8,
		[HWMSG_FK_U16] = FT_UINT16,
		[HWMSG_FK_U32] = FT_UINT32,
		[HWMSG_FK_U64] = FT_UINT64,
		[HWMSG_FK_BOOL] = FT_BOOLEAN,
		[HWMSG_FK_STRING] = FT_STRING,
		[HWMSG_FK_STRINGZPAD] = FT_STRINGZPAD,
		[HWMSG_FK_BYTES] = FT_BYTES,
		[HWMSG_FK_ETHER] = FT_ETHER,
		[HWMSG_FK_FRAMENUM] = FT_FRAMENUM,
		[HWMSG_FK_RELTIME] = FT_RELATIVE_TIME,
		[HWMSG_FK_ABSTIME] = FT_ABSOLUTE_TIME,
	};

	return ft[f->kind];
}

static int display_of(const struct hwmsg_field *f)
{
	if (f->kind == HWMSG_FK_BOOL)
		return f->bool_bits ? f->bool_bits : BASE_NONE;
	switch (f->base) {
	case HWMSG_FB_DEC:
		return BASE_DEC;
	case HWMSG_FB_HEX:
		return BASE_HEX;
	case HWMSG_FB_DEC_US:
		return BASE_DEC | BASE_UNIT_STRING;
	default:
		return BASE_NONE;
	}
}

/* value_string, true_false_string, unit or frame type: kept for good. */
static const void *strings_of(const struct hwmsg_field *f)
{
	static const ft_framenum_type_t frame[] = {
		[HWMSG_FF_REQUEST] = FT_FRAMENUM_REQUEST,
		[HWMSG_FF_RESPONSE] = FT_FRAMENUM_RESPONSE,
		[HWMSG_FF_RETRANS_PREV] = FT_FRAMENUM_RETRANS_PREV,
	};
	value_string *vs;
	size_t n = 0, i;

	if (f->kind == HWMSG_FK_FRAMENUM)
		return f->frame ? FRAMENUM_TYPE(frame[f->frame]) : NULL;
	if (f->base == HWMSG_FB_DEC_US)
		return &units_microseconds;
	if (!f->vals)
		return NULL;
	if (f->kind == HWMSG_FK_BOOL) {
		true_false_string *tfs = g_new0(true_false_string, 1);

		tfs->true_string = hwmsg_name_lookup(f->vals, 1);
		tfs->false_string = hwmsg_name_lookup(f->vals, 0);
		return tfs;
	}
	while (f->vals[n].name)
		n++;
	vs = g_new0(value_string, n + 1);
	for (i = 0; i < n; i++) {
		vs[i].value = f->vals[i].value;
		vs[i].strptr = f->vals[i].name;
	}
	return vs;
}

int hwmsg_ws_register_proto(enum hwmsg_field_id proto, const char *short_name)
{
	const struct hwmsg_field *p = &hwmsg_fields[proto];
	hf_register_info *hf;
	int id, i, n = 0;

	id = proto_register_protocol(p->name, short_name, p->abbrev);
	hwmsg_ws_hf[proto] = id;
	for (i = proto + 1; i < HWMSG_F_COUNT &&
	     hwmsg_fields[i].kind != HWMSG_FK_PROTO; i++)
		n++;
	hf = g_new0(hf_register_info, n);	/* Wireshark keeps it */
	for (i = 0; i < n; i++) {
		const struct hwmsg_field *f = &hwmsg_fields[proto + 1 + i];
		int *slot = &hwmsg_ws_hf[proto + 1 + i];

		*slot = -1;
		hf[i] = (hf_register_info){ slot, { f->name, f->abbrev,
			ft_of(f), display_of(f), strings_of(f), f->mask,
			f->blurb, HFILL } };
	}
	proto_register_field_array(id, hf, n);
	return id;
}
