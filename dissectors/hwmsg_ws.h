/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the hwmsg Wireshark protocols share: the context devlink_hwmsg hands
 * to EMAD/CMD_REG, the context the "emad.reg_id" table hands to register
 * dissectors, value_strings made from libhwmsg's name tables, hf bitmasks
 * made from wire.h items, and the request/response tracker.
 */
#ifndef HWMSG_WS_H
#define HWMSG_WS_H

#include <string.h>

#include <epan/column-utils.h>
#include <epan/expert.h>
#include <epan/packet.h>

#include "hwmsg/fields.h"
#include "hwmsg/msg.h"
#include "hwmsg/wire.h"

/* Dissector table register dissectors plug into (key: register id). */
#define HWMSG_WS_REG_TABLE "emad.reg_id"

/* devlink_hwmsg -> "emad"/"cmd_reg" (the data pointer of the call). */
struct hwmsg_ws_rec_ctx {
	const char *device;	/* "bus/dev", packet scope */
	gboolean has_dir;
	guint8 dir;		/* enum hwmsg_dir */
};

/* Room for the register's part of the Info column ("local_port 17"). */
#define HWMSG_WS_REG_INFO_LEN 256

/* "emad"/"cmd_reg" -> a register dissector in HWMSG_WS_REG_TABLE. */
struct hwmsg_ws_reg_ctx {
	guint16 reg_id;
	guint8 method;		/* enum hwmsg_emad_method */
	guint8 status;		/* enum hwmsg_emad_status */
	gboolean response;
	/* out: the index fields for Info (" local_port 17"), "" when
	 * none; the caller appends them after its own text */
	char info[HWMSG_WS_REG_INFO_LEN];
};

/*
 * An OFF, SHIFT, WIDTH item of wire.h as an hf bitmask (0 for a whole word,
 * which Wireshark wants without a mask), its byte offset, shift and width.
 */
#define HWMSG_WS_MASK_(off, shift, width) \
	((guint32)((width) >= 32 ? 0u : ((1u << (width)) - 1) << (shift)))
#define HWMSG_WS_MASK(item) HWMSG_WS_MASK_(item)
#define HWMSG_WS_OFF_(off, shift, width) (off)
#define HWMSG_WS_OFF(item) HWMSG_WS_OFF_(item)
#define HWMSG_WS_SHIFT_(off, shift, width) (shift)
#define HWMSG_WS_SHIFT(item) HWMSG_WS_SHIFT_(item)
#define HWMSG_WS_WIDTH_(off, shift, width) (width)
#define HWMSG_WS_WIDTH(item) HWMSG_WS_WIDTH_(item)
/* The item's value from the big-endian 32-bit word that holds it. */
#define HWMSG_WS_VAL_(word, off, shift, width) \
	(((word) >> (shift)) & hwmsg_item_mask(width))
#define HWMSG_WS_VAL(word, item) HWMSG_WS_VAL_(word, item)

/* ---- protocols and fields from libhwmsg's table (fields.c) ------------- */

/* Each field's hf id (a protocol's: its protocol id), by enum hwmsg_field_id. */
extern int hwmsg_ws_hf[HWMSG_F_COUNT];
#define HF(id) hwmsg_ws_hf[HWMSG_F_##id]

/*
 * Register the protocol proto of the table (its name and filter name from
 * there) and every field after it up to the next protocol; returns the
 * protocol id.
 */
int hwmsg_ws_register_proto(enum hwmsg_field_id proto, const char *short_name);

/* Room for a value_string made from a hwmsg_name table, terminator included. */
#define HWMSG_WS_VALS_MAX 64

/* Copy a {0, NULL}-terminated hwmsg_name table into dst (cap entries). */
void hwmsg_ws_fill_vals(value_string *dst, size_t cap,
			const struct hwmsg_name *src);

/* A BASE_HEX register id field labelled "PMLP (0x5002)". */
proto_item *hwmsg_ws_add_reg_id(proto_tree *tree, int hf, tvbuff_t *tvb,
				gint off, guint16 id);
/* "PMLP", or "reg 0x1234" when unknown; lives as long as the process. */
const char *hwmsg_ws_reg_str(guint16 id);
/* A hwmsg_name lookup that never returns NULL. */
const char *hwmsg_ws_name(const struct hwmsg_name *table, guint32 v);
/*
 * Text from the capture (firmware strings, bus/device/driver names) made
 * safe for columns, labels and expert text, which Wireshark prints as
 * given: format_text() escapes control characters ("\033", "\n") and
 * invalid UTF-8. "" for NULL; s itself when it is printable ASCII.
 */
const char *hwmsg_ws_text(wmem_allocator_t *scope, const char *s);

/*
 * A column's text built in one buffer and set with one col_add_str():
 * what col_add_fstr plus col_append_* calls gave, cut alike at the
 * column's size.
 */
struct hwmsg_ws_line {
	char s[COL_MAX_INFO_LEN];
	size_t n;
};

static inline void hwmsg_ws_line_put(struct hwmsg_ws_line *l, const char *s,
				     size_t n)
{
	if (n > sizeof(l->s) - 1 - l->n)
		n = sizeof(l->s) - 1 - l->n;
	memcpy(l->s + l->n, s, n);
	l->n += n;
	l->s[l->n] = '\0';
}

static inline void hwmsg_ws_line_add(struct hwmsg_ws_line *l, const char *s)
{
	hwmsg_ws_line_put(l, s, strlen(s));
}

/* "0x" and v in 16 lower-case hex digits (a tid, as "%016" PRIx64). */
void hwmsg_ws_line_hex64(struct hwmsg_ws_line *l, guint64 v);

/* ---- items with labels copied in, no printf (items.c) ------------------ */

/*
 * proto_tree_add_subtree(), proto_item_set_text(pi, "%s", text) and
 * proto_item_append_text(pi, "%s", text) with text of n bytes: the same
 * items and labels, the label copied instead of formatted.
 */
proto_tree *hwmsg_ws_add_subtree(proto_tree *tree, tvbuff_t *tvb, gint start,
				 gint len, gint ett, proto_item **item,
				 const char *text, size_t n);
/* The same, its label a then b ("TLV " name, name " TLV"). */
proto_tree *hwmsg_ws_add_subtree2(proto_tree *tree, tvbuff_t *tvb,
				  gint start, gint len, gint ett,
				  proto_item **item, const char *a,
				  const char *b);
void hwmsg_ws_set_label(proto_item *pi, const char *text, size_t n);
void hwmsg_ws_append_label(proto_item *pi, const char *text, size_t n);

/* ---- request/response tracking (txn.c) -------------------------------- */

/* What the tracker knows about one frame; lives until the file closes. */
struct hwmsg_ws_txn_frame {
	guint64 req_ts_ns;	/* response: when its request was seen */
	guint32 req_frame;	/* response: its request (last transmission) */
	guint32 rsp_frame;	/* request: its response */
	guint32 first_req;	/* retransmission: the request's first frame */
	guint8 proto;		/* tracked by this protocol (1, 2; 0: not yet) */
	guint8 response;
	guint8 retrans;
};

/* When the request of a matched response was seen. */
void hwmsg_ws_txn_req_time(const struct hwmsg_ws_txn_frame *f, nstime_t *ts);

/*
 * Track one message of type HWMSG_TYPE_MLX_EMAD or HWMSG_TYPE_MLX_CMD_REG
 * (op: tid, reg_id, method, status, response) with libhwmsg's tracker,
 * include/hwmsg/txn.h; device is "bus/dev". Returns the frame's record
 * (never NULL).
 */
struct hwmsg_ws_txn_frame *hwmsg_ws_txn_track(packet_info *pinfo, int proto,
					      const char *device, guint16 type,
					      const struct hwmsg_emad_op *op);

/* hf/expert ids of the tracking fields of one protocol. */
struct hwmsg_ws_txn_fields {
	int *hf_response_in, *hf_response_to, *hf_time, *hf_retrans,
	    *hf_retrans_of;
	expert_field *ei_retrans;
};

void hwmsg_ws_txn_add_tree(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			   const struct hwmsg_ws_txn_frame *f,
			   const struct hwmsg_ws_txn_fields *ids);

/* ---- the statistics tap ("hwmsg") ---------------------------------------- */

struct hwmsg_ws_tap {
	guint16 type;		/* enum hwmsg_type */
	guint16 reg_id;
	guint8 method;
	guint8 status;
	gboolean response;
	gboolean has_time;	/* a response whose request was seen */
	gdouble time_us;	/* response ts - request ts */
};

extern int hwmsg_ws_tap_id;

/* Fill tap's has_time/time_us from a tracked frame. */
void hwmsg_ws_tap_time(struct hwmsg_ws_tap *tap, packet_info *pinfo,
		       const struct hwmsg_ws_txn_frame *f);

/* register_tap("hwmsg"), from proto_register_emad. */
void hwmsg_ws_register_tap(void);

/* ---- protocols (one line each in plugin.c) ------------------------------- */

void proto_register_devlink_hwmsg(void);
void proto_reg_handoff_devlink_hwmsg(void);
void proto_register_emad(void);
void proto_reg_handoff_emad(void);
void proto_register_cmd_reg(void);
void proto_reg_handoff_cmd_reg(void);
void proto_register_devlink_event(void);
void proto_reg_handoff_devlink_event(void);
void proto_register_mlxreg(void);
void proto_reg_handoff_mlxreg(void);
void hwmsg_ws_register_stats(void);

#endif
