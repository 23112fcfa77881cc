// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Request/response pairing by libhwmsg's tracker (include/hwmsg/txn.h), so
 * the plugin follows the rules hwmsg show/stat/top follow: EMAD pairs by
 * device + tid and a tid sent again while waiting is a retransmission;
 * CMD_REG pairs in order per device. On the first pass each message is fed
 * with its frame number as ref and the outcome is kept per frame (proto
 * data, file scope); later passes only read it.
 */
#include "hwmsg_ws.h"

#include <string.h>

#include "hwmsg/txn.h"

/*
 * The per-frame records, by frame number, in chunks that never move: a
 * frame's record is an index away (no hash, no allocation per frame) and
 * the table costs only the chunks a capture reaches. A frame is EMAD or
 * CMD_REG: a second protocol tracking the same frame (Decode As) gets its
 * record from the overflow map.
 */
#define TXN_CHUNK_FRAMES 8192u
/* Protocols that track (emad, cmd_reg), numbered from 1 in records. */
#define TXN_PROTOS 2

/* One capture file's tracker and its records. */
struct txn_file {
	gboolean open;		/* file_closed() is registered */
	struct hwmsg_txn *t;
	struct hwmsg_ws_txn_frame **chunks;
	guint n_chunks;
	GHashTable *overflow;	/* frame * TXN_PROTOS + slot -> record */
};

static struct txn_file file;
static int protos[TXN_PROTOS];	/* slot - 1 -> proto id */

/* The file scope is freed: the next file starts with an empty tracker. */
static gboolean file_closed(wmem_allocator_t *scope _U_,
			    wmem_cb_event_t event _U_, void *data _U_)
{
	guint c;

	hwmsg_txn_free(file.t);
	for (c = 0; c < file.n_chunks; c++)
		g_free(file.chunks[c]);
	g_free(file.chunks);
	if (file.overflow)
		g_hash_table_destroy(file.overflow);
	memset(&file, 0, sizeof(file));
	return FALSE;
}

/* What this file tracks is freed with the file scope. */
static void file_open(void)
{
	if (file.open)
		return;
	file.open = TRUE;
	wmem_register_callback(wmem_file_scope(), file_closed, NULL);
}

static struct hwmsg_txn *file_txn(void)
{
	if (!file.t)
		file.t = hwmsg_txn_new();
	return file.t;
}

/* proto's number in records, 1.. */
static guint8 proto_slot(int proto)
{
	guint i;

	for (i = 0; i < TXN_PROTOS; i++) {
		if (!protos[i])
			protos[i] = proto;
		if (protos[i] == proto)
			return (guint8)(i + 1);
	}
	DISSECTOR_ASSERT_NOT_REACHED();
	return 0;
}

/* The record of frame num for the protocol in slot (zeroed until tracked). */
static struct hwmsg_ws_txn_frame *frame_record(guint8 slot, guint32 num)
{
	guint c = num / TXN_CHUNK_FRAMES;
	struct hwmsg_ws_txn_frame *f;
	gpointer key;

	file_open();
	if (c >= file.n_chunks) {
		guint n = MAX(c + 1, file.n_chunks * 2);

		file.chunks = g_renew(struct hwmsg_ws_txn_frame *, file.chunks,
				      n);
		memset(file.chunks + file.n_chunks, 0,
		       (n - file.n_chunks) * sizeof(*file.chunks));
		file.n_chunks = n;
	}
	if (!file.chunks[c])
		file.chunks[c] = g_new0(struct hwmsg_ws_txn_frame,
					TXN_CHUNK_FRAMES);
	f = &file.chunks[c][num % TXN_CHUNK_FRAMES];
	if (!f->proto || f->proto == slot)
		return f;
	if (!file.overflow)
		file.overflow = g_hash_table_new_full(g_int64_hash,
						      g_int64_equal, g_free,
						      g_free);
	key = g_new(gint64, 1);
	*(gint64 *)key = (gint64)num * TXN_PROTOS + slot;
	f = g_hash_table_lookup(file.overflow, key);
	if (f) {
		g_free(key);
		return f;
	}
	f = g_new0(struct hwmsg_ws_txn_frame, 1);
	g_hash_table_insert(file.overflow, key, f);
	return f;
}

static guint64 ts_ns(const nstime_t *ts)
{
	if (ts->secs < 0)
		return 0;
	return (guint64)ts->secs * 1000000000u + (guint64)ts->nsecs;
}

void hwmsg_ws_txn_req_time(const struct hwmsg_ws_txn_frame *f, nstime_t *ts)
{
	ts->secs = (time_t)(f->req_ts_ns / 1000000000u);
	ts->nsecs = (int)(f->req_ts_ns % 1000000000u);
}

/* First pass: feed the tracker and fill f (and the request's response_in). */
static void txn_feed(packet_info *pinfo, guint8 slot,
		     const char *device, guint16 type,
		     const struct hwmsg_emad_op *op,
		     struct hwmsg_ws_txn_frame *f)
{
	struct hwmsg_txn *t = file_txn();
	struct hwmsg_ws_txn_frame *req;
	struct hwmsg_record rec = { 0 };
	struct hwmsg_msg msg;	/* the tracker reads type and op only: the
				 * rest (half a KiB) is left unset */
	struct hwmsg_txn_info info;

	if (!t)
		return;
	/* the tracker tells devices apart by bus and dev together: the
	 * whole "bus/dev" as dev does that without splitting it */
	rec.bus = "";
	rec.dev = device ? device : "";
	rec.driver = "";
	rec.ts_ns = ts_ns(&pinfo->abs_ts);
	rec.type = type;
	rec.dir = op->response ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	msg.type = type;
	msg.op = *op;
	hwmsg_txn_feed_ref(t, &rec, &msg, pinfo->num, &info);

	if (!op->response) {
		if (info.retransmits) {
			f->retrans = TRUE;
			f->first_req = (guint32)info.first_ref;
		}
		return;
	}
	if (!info.matched)
		return;
	f->req_frame = (guint32)info.req_ref;
	f->req_ts_ns = info.req_ts_ns;
	req = frame_record(slot, f->req_frame);
	/* a busy answer keeps the request waiting: response_in is the first */
	if (req->proto && !req->response && !req->rsp_frame)
		req->rsp_frame = pinfo->num;
}

struct hwmsg_ws_txn_frame *hwmsg_ws_txn_track(packet_info *pinfo, int proto,
					      const char *device, guint16 type,
					      const struct hwmsg_emad_op *op)
{
	guint8 slot = proto_slot(proto);
	struct hwmsg_ws_txn_frame *f = frame_record(slot, pinfo->num);

	if (f->proto)
		return f;
	f->proto = slot;
	f->response = op->response;
	/* the tracker wants capture order: only the first pass feeds it */
	if (!PINFO_FD_VISITED(pinfo))
		txn_feed(pinfo, slot, device, type, op, f);
	return f;
}

void hwmsg_ws_txn_add_tree(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			   const struct hwmsg_ws_txn_frame *f,
			   const struct hwmsg_ws_txn_fields *ids)
{
	proto_item *pi;
	nstime_t delta, req;

	if (!tree) {	/* no items; the expert info still counts */
		if (f->retrans && ids->hf_retrans)
			expert_add_info_format(pinfo, NULL, ids->ei_retrans,
				"Retransmission of the request in frame %u",
				f->first_req);
		return;
	}
	if (!f->response && f->rsp_frame) {
		pi = proto_tree_add_uint(tree, *ids->hf_response_in, tvb, 0, 0,
					 f->rsp_frame);
		proto_item_set_generated(pi);
	}
	if (f->response && f->req_frame) {
		pi = proto_tree_add_uint(tree, *ids->hf_response_to, tvb, 0, 0,
					 f->req_frame);
		proto_item_set_generated(pi);
		hwmsg_ws_txn_req_time(f, &req);
		nstime_delta(&delta, &pinfo->abs_ts, &req);
		pi = proto_tree_add_time(tree, *ids->hf_time, tvb, 0, 0, &delta);
		proto_item_set_generated(pi);
	}
	if (f->retrans && ids->hf_retrans) {
		pi = proto_tree_add_boolean(tree, *ids->hf_retrans, tvb, 0, 0,
					    TRUE);
		proto_item_set_generated(pi);
		expert_add_info_format(pinfo, pi, ids->ei_retrans,
				       "Retransmission of the request in frame %u",
				       f->first_req);
		pi = proto_tree_add_uint(tree, *ids->hf_retrans_of, tvb, 0, 0,
					 f->first_req);
		proto_item_set_generated(pi);
	}
}
