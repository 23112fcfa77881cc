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

#include <epan/proto_data.h>

#include "hwmsg/txn.h"

/* One capture file's tracker and its requests by frame number. */
struct txn_file {
	struct hwmsg_txn *t;
	wmem_map_t *requests;	/* frame -> struct hwmsg_ws_txn_frame */
};

static struct txn_file file;

/* The file scope is freed: the next file starts with an empty tracker. */
static gboolean file_closed(wmem_allocator_t *scope _U_,
			    wmem_cb_event_t event _U_, void *data _U_)
{
	hwmsg_txn_free(file.t);
	file.t = NULL;
	file.requests = NULL;
	return FALSE;
}

static struct hwmsg_txn *file_txn(void)
{
	if (!file.t) {
		file.t = hwmsg_txn_new();
		if (!file.t)
			return NULL;
		file.requests = wmem_map_new(wmem_file_scope(), g_direct_hash,
					     g_direct_equal);
		wmem_register_callback(wmem_file_scope(), file_closed, NULL);
	}
	return file.t;
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

/* "bus/dev" as the tracker's record names (Ethernet captures: ""). */
static void split_device(packet_info *pinfo, const char *device,
			 struct hwmsg_record *rec)
{
	const char *slash = device ? strchr(device, '/') : NULL;

	if (slash) {
		rec->bus = wmem_strndup(pinfo->pool, device,
					(size_t)(slash - device));
		rec->dev = slash + 1;
	} else {
		rec->bus = "";
		rec->dev = device ? device : "";
	}
}

/* First pass: feed the tracker and fill f (and the request's response_in). */
static void txn_feed(packet_info *pinfo, const char *device, guint16 type,
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
	split_device(pinfo, device, &rec);
	rec.driver = "";
	rec.ts_ns = ts_ns(&pinfo->abs_ts);
	rec.type = type;
	rec.dir = op->response ? HWMSG_DIR_FROM_HW : HWMSG_DIR_TO_HW;
	msg.type = type;
	msg.op = *op;
	hwmsg_txn_feed_ref(t, &rec, &msg, pinfo->num, &info);

	if (!op->response) {
		wmem_map_insert(file.requests, GUINT_TO_POINTER(pinfo->num), f);
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
	req = wmem_map_lookup(file.requests, GUINT_TO_POINTER(f->req_frame));
	/* a busy answer keeps the request waiting: response_in is the first */
	if (req && !req->rsp_frame)
		req->rsp_frame = pinfo->num;
}

struct hwmsg_ws_txn_frame *hwmsg_ws_txn_track(packet_info *pinfo, int proto,
					      const char *device, guint16 type,
					      const struct hwmsg_emad_op *op)
{
	struct hwmsg_ws_txn_frame *f = p_get_proto_data(wmem_file_scope(),
							pinfo, proto, 0);

	if (f)
		return f;
	f = wmem_new0(wmem_file_scope(), struct hwmsg_ws_txn_frame);
	f->response = op->response;
	p_add_proto_data(wmem_file_scope(), pinfo, proto, 0, f);
	/* the tracker wants capture order: only the first pass feeds it */
	if (!PINFO_FD_VISITED(pinfo))
		txn_feed(pinfo, device, type, op, f);
	return f;
}

void hwmsg_ws_txn_add_tree(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree,
			   const struct hwmsg_ws_txn_frame *f,
			   const struct hwmsg_ws_txn_fields *ids)
{
	proto_item *pi;
	nstime_t delta;

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
