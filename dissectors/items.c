// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tree items with a label of our own, without Wireshark's printf: a
 * proto_tree_add_subtree(), proto_item_set_text() or
 * proto_item_append_text() runs vsnprintf for each label, about two
 * thirds of what a text item costs in a shown tree (tshark -V, callgrind).
 * These build the same item (a text item is Wireshark's own hf_text_only)
 * and copy the label in; anything unusual (a tree nobody shows, a hidden
 * item, a label Wireshark would cut, bytes beyond the capture) goes the
 * ordinary way, so what is shown stays the same.
 */
#include "hwmsg_ws.h"

#include <epan/proto.h>

/* Does the item get its label set now (a shown tree, not hidden)? */
static gboolean label_wanted(proto_item *pi)
{
	return pi && PITEM_FINFO(pi) && PTREE_DATA(pi)->visible &&
	       !proto_item_is_hidden(pi);
}

void hwmsg_ws_set_label(proto_item *pi, const char *text, size_t n)
{
	field_info *fi;

	if (!label_wanted(pi) || n >= ITEM_LABEL_LENGTH) {
		proto_item_set_text(pi, "%s", text);
		return;
	}
	fi = PITEM_FINFO(pi);
	if (!fi->rep)
		fi->rep = wmem_new(PNODE_POOL(pi), item_label_t);
	memcpy(fi->rep->representation, text, n);
	fi->rep->representation[n] = '\0';
}

void hwmsg_ws_append_label(proto_item *pi, const char *text, size_t n)
{
	field_info *fi;
	size_t cur;

	if (!label_wanted(pi)) {
		proto_item_append_text(pi, "%s", text);
		return;
	}
	fi = PITEM_FINFO(pi);
	if (!fi->rep) {
		fi->rep = wmem_new(PNODE_POOL(pi), item_label_t);
		proto_item_fill_label(fi, fi->rep->representation);
	}
	cur = strlen(fi->rep->representation);
	if (cur >= ITEM_LABEL_LENGTH - 1)
		return;
	/* cut as vsnprintf cuts */
	if (n > ITEM_LABEL_LENGTH - 1 - cur)
		n = ITEM_LABEL_LENGTH - 1 - cur;
	memcpy(fi->rep->representation + cur, text, n);
	fi->rep->representation[cur + n] = '\0';
}

proto_tree *hwmsg_ws_add_subtree(proto_tree *tree, tvbuff_t *tvb, gint start,
				 gint len, gint ett, proto_item **item,
				 const char *text, size_t n)
{
	proto_item *pi;

	if (!tree || !PTREE_DATA(tree)->visible || hf_text_only < 0 ||
	    n >= ITEM_LABEL_LENGTH || start < 0 || len < 0 ||
	    (guint)start + (guint)len > tvb_captured_length(tvb))
		return proto_tree_add_subtree_format(tree, tvb, start, len,
						     ett, item, "%s", text);
	pi = proto_tree_add_item(tree, hf_text_only, tvb, start, len,
				 ENC_NA);
	hwmsg_ws_set_label(pi, text, n);
	if (item)
		*item = pi;
	return proto_item_add_subtree(pi, ett);
}

proto_tree *hwmsg_ws_add_subtree2(proto_tree *tree, tvbuff_t *tvb,
				  gint start, gint len, gint ett,
				  proto_item **item, const char *a,
				  const char *b)
{
	char label[64];
	size_t na = strlen(a), nb = strlen(b);

	if (na + nb >= sizeof(label))
		return proto_tree_add_subtree_format(tree, tvb, start, len,
						     ett, item, "%s%s", a, b);
	memcpy(label, a, na);
	memcpy(label + na, b, nb + 1);
	return hwmsg_ws_add_subtree(tree, tvb, start, len, ett, item, label,
				    na + nb);
}
