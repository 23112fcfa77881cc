// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Request/response pairing the Wireshark way: on the first pass each frame
 * gets a file-scoped record (proto data) and a map keyed by device + tid
 * remembers the request still waiting; later passes only read the records.
 * The rules are those of include/hwmsg/txn.h: EMAD pairs by device + tid and
 * a tid sent again is a retransmission; CMD_REG pairs first-in first-out per
 * device (mlx4 answers its commands in order, several may be outstanding).
 */
#include "hwmsg_ws.h"

#include <epan/proto_data.h>

/* A request still waiting for its answer. */
struct txn_pending {
	struct hwmsg_ws_txn_frame *f;
	guint32 frame;
	nstime_t time;
};

/*
 * Per key: requests waiting (by tid: only the latest, which a retransmission
 * replaces; FIFO: all of them, oldest first) and the first request seen.
 */
struct txn_state {
	wmem_list_t *pending;
	guint32 first_req;
};

/* device -> (tid -> struct txn_state); emptied when a file is closed. */
static wmem_map_t *devices;

static wmem_map_t *device_map(const char *device)
{
	wmem_map_t *tids;

	if (!devices)
		devices = wmem_map_new_autoreset(wmem_epan_scope(),
						 wmem_file_scope(),
						 wmem_str_hash, g_str_equal);
	tids = wmem_map_lookup(devices, device);
	if (!tids) {
		tids = wmem_map_new(wmem_file_scope(), wmem_int64_hash,
				    g_int64_equal);
		wmem_map_insert(devices,
				wmem_strdup(wmem_file_scope(), device), tids);
	}
	return tids;
}

static struct txn_state *txn_state(const char *device, guint64 tid)
{
	wmem_map_t *tids = device_map(device);
	struct txn_state *s = wmem_map_lookup(tids, &tid);
	guint64 *key;

	if (!s) {
		key = wmem_new(wmem_file_scope(), guint64);
		*key = tid;
		s = wmem_new0(wmem_file_scope(), struct txn_state);
		s->pending = wmem_list_new(wmem_file_scope());
		wmem_map_insert(tids, key, s);
	}
	return s;
}

struct hwmsg_ws_txn_frame *hwmsg_ws_txn_track(packet_info *pinfo, int proto,
					      const char *device, guint64 tid,
					      gboolean response,
					      enum hwmsg_ws_txn_mode mode)
{
	struct hwmsg_ws_txn_frame *f = p_get_proto_data(wmem_file_scope(),
							pinfo, proto, 0);
	struct txn_pending *p;
	wmem_list_frame_t *head;
	struct txn_state *s;

	if (f)
		return f;
	f = wmem_new0(wmem_file_scope(), struct hwmsg_ws_txn_frame);
	f->response = response;
	p_add_proto_data(wmem_file_scope(), pinfo, proto, 0, f);

	s = txn_state(device ? device : "", tid);
	if (!response) {
		if (mode == HWMSG_WS_TXN_BY_TID && s->first_req) {
			f->retrans = TRUE;
			f->first_req = s->first_req;
		} else if (!s->first_req) {
			s->first_req = pinfo->num;
		}
		/* by tid, the answer goes to the last transmission */
		if (mode == HWMSG_WS_TXN_BY_TID)
			while ((head = wmem_list_head(s->pending)))
				wmem_list_remove_frame(s->pending, head);
		p = wmem_new(wmem_file_scope(), struct txn_pending);
		p->f = f;
		p->frame = pinfo->num;
		p->time = pinfo->abs_ts;
		wmem_list_append(s->pending, p);
	} else if ((head = wmem_list_head(s->pending))) {
		p = wmem_list_frame_data(head);
		wmem_list_remove_frame(s->pending, head);
		f->req_frame = p->frame;
		f->req_time = p->time;
		p->f->rsp_frame = pinfo->num;
	}
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
