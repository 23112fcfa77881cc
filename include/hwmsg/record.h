/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The record model: one message between a driver and its hardware, as every
 * tool sees it, and its encoding as a LINKTYPE_USER15 packet (see wire.h and
 * docs/format.md).
 */
#ifndef HWMSG_RECORD_H
#define HWMSG_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwmsg/err.h"
#include "hwmsg/wire.h"

enum hwmsg_rec_flags {
	HWMSG_RECF_HAS_INDEX = 1 << 0,	/* devlink_index is valid */
	HWMSG_RECF_HAS_SEQ = 1 << 1,	/* seq is valid */
	HWMSG_RECF_TRUNCATED = 1 << 2,	/* orig_len > len */
	HWMSG_RECF_NO_DEVICE = 1 << 3,	/* source had no device names (Ethernet pcap) */
	HWMSG_RECF_UNKNOWN_TAG = 1 << 4, /* hwmsg_rec_decode skipped a newer tag */
};

struct hwmsg_record {
	uint64_t ts_ns;		/* CLOCK_REALTIME, nanoseconds */
	const char *bus;	/* "pci", "platform", ... never NULL */
	const char *dev;	/* "0000:03:00.0", ... never NULL */
	const char *driver;	/* "mlxsw_spectrum", "mlx4_core", ... never NULL */
	uint32_t devlink_index;
	uint16_t type;		/* enum hwmsg_type */
	uint8_t dir;		/* enum hwmsg_dir */
	uint32_t flags;		/* enum hwmsg_rec_flags */
	uint64_t seq;
	const uint8_t *payload;
	uint32_t len;		/* bytes at payload */
	uint32_t orig_len;	/* bytes the message had; == len unless truncated */
	uint16_t tags;		/* hwmsg_rec_decode: 1 << tag of each known tag
				 * met (absent and empty names differ) */
	/*
	 * hwmsg_reader_next: a number for the record's bus, dev and driver,
	 * never given to other names in this process (the same names keep
	 * their number through a capture), so that a consumer may remember
	 * what it found for a device by it instead of comparing the names
	 * of every record; 0: not numbered, compare the names.
	 */
	uint32_t names_id;
};

/* Bytes the encoded record takes (TLV stream, no pcap framing). */
size_t hwmsg_rec_encoded_len(const struct hwmsg_record *rec);

/* Encode into buf; returns bytes written, or -1 (err set) if cap is short. */
long hwmsg_rec_encode(const struct hwmsg_record *rec, uint8_t *buf, size_t cap,
		      struct hwmsg_err *err);

/*
 * The same in two steps for a writer, which needs the size before the
 * bytes: the names are measured once per record, not once per use.
 */
struct hwmsg_rec_size {
	size_t bus, dev, driver;	/* strlen() of each name */
	size_t len;			/* hwmsg_rec_encoded_len() */
};
void hwmsg_rec_measure(const struct hwmsg_record *rec,
		       struct hwmsg_rec_size *sz);
/* sz: hwmsg_rec_measure(rec); then as hwmsg_rec_encode(). */
long hwmsg_rec_encode_measured(const struct hwmsg_record *rec,
			       const struct hwmsg_rec_size *sz, uint8_t *buf,
			       size_t cap, struct hwmsg_err *err);

/*
 * Decode a TLV stream. Strings and payload point into buf (which must outlive
 * rec). Unknown tags are skipped. ts_ns is left untouched (it lives in the
 * pcap framing). Returns 0, or -1 with err naming the offset and tag.
 */
int hwmsg_rec_decode(const uint8_t *buf, size_t len, struct hwmsg_record *rec,
		     struct hwmsg_err *err);

/*
 * The type of a record that has no type tag (bwz.py -s 'tlv(incoming,buf)'
 * keeps only some tags): an EMAD by its ethertype 0x8932, else unknown.
 * hwmsg_rec_decode and the Wireshark plugin both ask it.
 */
uint16_t hwmsg_rec_untyped(const uint8_t *buf, size_t len);

/* "to_hw"/"from_hw", "emad"/"cmd_reg"/... for text output */
const char *hwmsg_dir_str(uint8_t dir);
const char *hwmsg_type_str(uint16_t type);

#endif
