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
 * the table costs only the chunks a capture reaches.
 */
#define TXN_CHUNK_FRAMES 4096u
/* Protocols that track (emad, cmd_reg): each has its own records. */
#define TXN_PROTOS 2

struct txn_table {
	int proto;
	struct hwmsg_ws_txn_frame **chunks;
	guint n_chunks;
};

/* One capture file's tracker and its records. */
struct txn_file {
	gboolean open;		/* file_closed() is registered */
	struct hwmsg_txn *t;
	struct txn_table tables[TXN_PROTOS];
};

static struct txn_file file;

/* The file scope is freed: the next file starts with an empty tracker. */
static gboolean file_closed(wmem_allocator_t *scope _U_,
			    wmem_cb_event_t event _U_, void *data _U_)
{
	guint i, c;

	hwmsg_txn_free(file.t);
	file.t = NULL;
	for (i = 0; i < TXN_PROTOS; i++) {
		for (c = 0; c < file.tables[i].n_chunks; c++)
			g_free(file.tables[i].chunks[c]);
		g_free(file.tables[i].chunks);
	}
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

static struct txn_table *proto_table(int proto)
{
	guint i;

	file_open();
	for (i = 0; i < TXN_PROTOS; i++) {
		if (!file.tables[i].chunks && !file.tables[i].proto)
			file.tables[i].proto = proto;
		if (file.tables[i].proto == proto)
			return &file.tables[i];
	}
	DISSECTOR_ASSERT_NOT_REACHED();
	return NULL;
}

/* The record of frame num (zeroed until tracked); grows the table. */
static struct hwmsg_ws_txn_frame *frame_record(struct txn_table *tb,
					       guint32 num)
{
	guint c = num / TXN_CHUNK_FRAMES;

	if (c >= tb->n_chunks) {
		guint n = MAX(c + 1, tb->n_chunks * 2);

		tb->chunks = g_renew(struct hwmsg_ws_txn_frame *, tb->chunks, n);
		memset(tb->chunks + tb->n_chunks, 0,
		       (n - tb->n_chunks) * sizeof(*tb->chunks));
		tb->n_chunks = n;
	}
	if (!tb->chunks[c])
		tb->chunks[c] = g_new0(struct hwmsg_ws_txn_frame,
				       TXN_CHUNK_FRAMES);
	return &tb->chunks[c][num % TXN_CHUNK_FRAMES];
}

static guint64 ts_ns(const nstime_t *ts)
{
	if (ts->secs < 0)
		return 0;
	return (guint64)ts->secs * 1000000000u + (guint64)ts->nsecs;
}

static void ns_to_nstime(nstime_t *ts, guint64 ns)
{
	ts->secs = (time_t)(ns / 1000000000u);
	ts->nsecs = (int)(ns % 1000000000u);
}

/* First pass: feed the tracker and fill f (and the request's response_in). */
static void txn_feed(packet_info *pinfo, struct txn_table *tb,
		     const char *device, guint16 type,
		     const struct hwmsg_emad_op *op,
		     struct hwmsg_ws_txn_frame *f)
{
	struct hwmsg_txn *t = file_txn();
	struct hwmsg_ws_txn_frame *req;
	struct hwmsg_record rec = { 0 };
	struct hwmsg_msg msg = { 0 };
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
	ns_to_nstime(&f->req_time, info.req_ts_ns);
	req = frame_record(tb, f->req_frame);
	/* a busy answer keeps the request waiting: response_in is the first */
	if (req->known && !req->response && !req->rsp_frame)
		req->rsp_frame = pinfo->num;
}

struct hwmsg_ws_txn_frame *hwmsg_ws_txn_track(packet_info *pinfo, int proto,
					      const char *device, guint16 type,
					      const struct hwmsg_emad_op *op)
{
	struct txn_table *tb = proto_table(proto);
	struct hwmsg_ws_txn_frame *f = frame_record(tb, pinfo->num);

	if (f->known)
		return f;
	f->known = TRUE;
	f->response = op->response;
	/* the tracker wants capture order: only the first pass feeds it */
	if (!PINFO_FD_VISITED(pinfo))
		txn_feed(pinfo, tb, device, type, op, f);
	return f;
}

void hwmsg_ws_txn_add_tree(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			   const struct hwmsg_ws_txn_frame *f,
			   const struct hwmsg_ws_txn_fields *ids)
{
	proto_item *pi;
	nstime_t delta;

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
		nstime_delta(&delta, &pinfo->abs_ts, &f->req_time);
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
