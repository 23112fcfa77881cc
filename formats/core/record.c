// SPDX-License-Identifier: GPL-2.0-or-later
/* The devlink hwmsg record <-> LINKTYPE_USER15 TLV stream. */
#include <string.h>

#include "hwmsg/msg.h"
#include "hwmsg/record.h"

void hwmsg_rec_measure(const struct hwmsg_record *rec,
		       struct hwmsg_rec_size *sz)
{
	size_t len;

	sz->bus = strlen(rec->bus);
	sz->dev = strlen(rec->dev);
	sz->driver = strlen(rec->driver);
	/* each name with its NUL; incoming (1 byte); type (2) */
	len = 3 * HWMSG_REC_TLV_HDR_LEN + sz->bus + sz->dev + sz->driver + 3 +
	      HWMSG_REC_TLV_HDR_LEN + 1 + HWMSG_REC_TLV_HDR_LEN + 2 +
	      HWMSG_REC_TLV_HDR_LEN + rec->len;
	if (rec->flags & HWMSG_RECF_HAS_INDEX)
		len += HWMSG_REC_TLV_HDR_LEN + 4;
	if (rec->flags & HWMSG_RECF_HAS_SEQ)
		len += HWMSG_REC_TLV_HDR_LEN + 8;
	if (rec->orig_len != rec->len)
		len += HWMSG_REC_TLV_HDR_LEN + 4;
	sz->len = len;
}

size_t hwmsg_rec_encoded_len(const struct hwmsg_record *rec)
{
	struct hwmsg_rec_size sz;

	hwmsg_rec_measure(rec, &sz);
	return sz.len;
}

static uint8_t *put_tlv(uint8_t *p, uint16_t tag, const void *val,
			uint16_t len)
{
	hwmsg_put_le16(p, tag);
	hwmsg_put_le16(p + 2, len);
	if (len)
		memcpy(p + HWMSG_REC_TLV_HDR_LEN, val, len);
	return p + HWMSG_REC_TLV_HDR_LEN + len;
}

long hwmsg_rec_encode(const struct hwmsg_record *rec, uint8_t *buf, size_t cap,
		      struct hwmsg_err *err)
{
	struct hwmsg_rec_size sz;

	hwmsg_rec_measure(rec, &sz);
	return hwmsg_rec_encode_measured(rec, &sz, buf, cap, err);
}

long hwmsg_rec_encode_measured(const struct hwmsg_record *rec,
			       const struct hwmsg_rec_size *sz, uint8_t *buf,
			       size_t cap, struct hwmsg_err *err)
{
	uint8_t v[8], *p = buf;

	if (sz->len > cap)
		return hwmsg_errf(err, 0, "record needs %zu bytes, buffer has %zu",
				  sz->len, cap);
	if (rec->len > UINT16_MAX - HWMSG_REC_TLV_HDR_LEN)
		return hwmsg_errf(err, 0, "payload of %u bytes exceeds a TLV",
				  rec->len);
	/* a longer string would wrap the u16 TLV length */
	if (sz->bus >= UINT16_MAX || sz->dev >= UINT16_MAX ||
	    sz->driver >= UINT16_MAX)
		return hwmsg_errf(err, 0, "device name exceeds a TLV");
	p = put_tlv(p, HWMSG_REC_BUS_NAME, rec->bus, (uint16_t)(sz->bus + 1));
	p = put_tlv(p, HWMSG_REC_DEV_NAME, rec->dev, (uint16_t)(sz->dev + 1));
	p = put_tlv(p, HWMSG_REC_DRIVER_NAME, rec->driver,
		    (uint16_t)(sz->driver + 1));
	v[0] = rec->dir == HWMSG_DIR_FROM_HW;
	p = put_tlv(p, HWMSG_REC_INCOMING, v, 1);
	hwmsg_put_le16(v, rec->type);
	p = put_tlv(p, HWMSG_REC_TYPE, v, 2);
	if (rec->flags & HWMSG_RECF_HAS_INDEX) {
		hwmsg_put_le32(v, rec->devlink_index);
		p = put_tlv(p, HWMSG_REC_DEVLINK_INDEX, v, 4);
	}
	if (rec->flags & HWMSG_RECF_HAS_SEQ) {
		hwmsg_put_le64(v, rec->seq);
		p = put_tlv(p, HWMSG_REC_SEQ, v, 8);
	}
	if (rec->orig_len != rec->len) {
		hwmsg_put_le32(v, rec->orig_len);
		p = put_tlv(p, HWMSG_REC_ORIG_LEN, v, 4);
	}
	p = put_tlv(p, HWMSG_REC_BUF, rec->payload, (uint16_t)rec->len);
	return p - buf;
}

static const char *tag_name(uint16_t tag)
{
	const char *n = hwmsg_name_lookup(hwmsg_rec_tag_names, tag);

	return n ? n : "unknown";
}

/* A string value must be NUL-terminated inside its TLV. */
static int get_str(const uint8_t *val, uint16_t len, const char **out,
		   uint16_t tag, size_t off, struct hwmsg_err *err)
{
	if (!len || val[len - 1] != '\0')
		return hwmsg_errf(err, off,
				  "offset %zu: TLV %u (%s): string not NUL-terminated",
				  off, tag, tag_name(tag));
	*out = (const char *)val;
	return 0;
}

static int want_len(uint16_t tag, uint16_t len, uint16_t want, size_t off,
		    struct hwmsg_err *err)
{
	if (len == want)
		return 0;
	return hwmsg_errf(err, off,
			  "offset %zu: TLV %u (%s): length %u, expected %u",
			  off, tag, tag_name(tag), len, want);
}

uint16_t hwmsg_rec_untyped(const uint8_t *buf, size_t len)
{
	if (len >= HWMSG_EMAD_ETH_HDR_LEN &&
	    hwmsg_get_be16(buf + HWMSG_EMAD_ETH_ETHERTYPE_OFF) ==
		    HWMSG_EMAD_ETHERTYPE)
		return HWMSG_TYPE_MLX_EMAD;
	return HWMSG_TYPE_UNKNOWN;
}

int hwmsg_rec_decode(const uint8_t *buf, size_t len, struct hwmsg_record *rec,
		     struct hwmsg_err *err)
{
	bool have_buf = false, have_orig = false, have_type = false;
	size_t off = 0;

	rec->bus = rec->dev = rec->driver = "";
	rec->devlink_index = 0;
	rec->type = HWMSG_TYPE_UNKNOWN;
	rec->dir = HWMSG_DIR_TO_HW;
	rec->flags = 0;
	rec->seq = 0;
	rec->payload = NULL;
	rec->len = rec->orig_len = 0;
	rec->tags = 0;
	rec->names_id = 0;

	while (off < len) {
		const uint8_t *val;
		uint16_t tag, tlen;

		if (len - off < HWMSG_REC_TLV_HDR_LEN)
			return hwmsg_errf(err, off,
					  "offset %zu: TLV header cut short (%zu bytes left)",
					  off, len - off);
		tag = hwmsg_get_le16(buf + off);
		tlen = hwmsg_get_le16(buf + off + 2);
		if (tlen > len - off - HWMSG_REC_TLV_HDR_LEN)
			return hwmsg_errf(err, off,
					  "offset %zu: TLV %u (%s): length %u exceeds the record (%zu bytes left)",
					  off, tag, tag_name(tag), tlen,
					  len - off - HWMSG_REC_TLV_HDR_LEN);
		val = buf + off + HWMSG_REC_TLV_HDR_LEN;
		switch (tag) {
		case HWMSG_REC_BUS_NAME:
			if (get_str(val, tlen, &rec->bus, tag, off, err))
				return -1;
			break;
		case HWMSG_REC_DEV_NAME:
			if (get_str(val, tlen, &rec->dev, tag, off, err))
				return -1;
			break;
		case HWMSG_REC_DRIVER_NAME:
			if (get_str(val, tlen, &rec->driver, tag, off, err))
				return -1;
			break;
		case HWMSG_REC_INCOMING:
			if (want_len(tag, tlen, 1, off, err))
				return -1;
			rec->dir = val[0] ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
			break;
		case HWMSG_REC_TYPE:
			if (want_len(tag, tlen, 2, off, err))
				return -1;
			rec->type = hwmsg_get_le16(val);
			have_type = true;
			break;
		case HWMSG_REC_BUF:
			rec->payload = val;
			rec->len = tlen;
			have_buf = true;
			break;
		case HWMSG_REC_DEVLINK_INDEX:
			if (want_len(tag, tlen, 4, off, err))
				return -1;
			rec->devlink_index = hwmsg_get_le32(val);
			rec->flags |= HWMSG_RECF_HAS_INDEX;
			break;
		case HWMSG_REC_SEQ:
			if (want_len(tag, tlen, 8, off, err))
				return -1;
			rec->seq = hwmsg_get_le64(val);
			rec->flags |= HWMSG_RECF_HAS_SEQ;
			break;
		case HWMSG_REC_ORIG_LEN:
			if (want_len(tag, tlen, 4, off, err))
				return -1;
			rec->orig_len = hwmsg_get_le32(val);
			have_orig = true;
			break;
		default:	/* a newer writer's tag: skip it */
			rec->flags |= HWMSG_RECF_UNKNOWN_TAG;
			off += HWMSG_REC_TLV_HDR_LEN + tlen;
			continue;
		}
		rec->tags |= (uint16_t)(1u << tag);	/* known tags: 0..8 */
		off += HWMSG_REC_TLV_HDR_LEN + tlen;
	}
	if (!have_buf)
		return hwmsg_errf(err, len, "offset %zu: no buf TLV (tag 5)", len);
	if (!have_type)
		rec->type = hwmsg_rec_untyped(rec->payload, rec->len);
	if (!have_orig || rec->orig_len < rec->len)
		rec->orig_len = rec->len;
	if (rec->orig_len > rec->len)
		rec->flags |= HWMSG_RECF_TRUNCATED;
	return 0;
}

const char *hwmsg_dir_str(uint8_t dir)
{
	const char *n = hwmsg_name_lookup(hwmsg_dir_names, dir);

	return n ? n : "?";
}

const char *hwmsg_type_str(uint16_t type)
{
	const char *n = hwmsg_name_lookup(hwmsg_type_names, type);

	return n ? n : "unknown";
}
