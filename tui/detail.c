// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The detail panel: the selected message decoded again through libhwmsg,
 * every field of the record, the EMAD TLVs, the OP fields, the firmware
 * string and latency, what the transaction tracker said, the register.
 */
#include "curses_dl.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "regfields.h"
#include "ui.h"

#define DETAIL_MAX_LINES 320
#define DETAIL_LINE_LEN 200

struct lines {
	char l[DETAIL_MAX_LINES][DETAIL_LINE_LEN];
	unsigned int n;
};

static __attribute__((format(printf, 2, 3)))
void add(struct lines *ls, const char *fmt, ...)
{
	va_list ap;

	if (ls->n >= DETAIL_MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(ls->l[ls->n++], DETAIL_LINE_LEN, fmt, ap);
	va_end(ap);
}

static void reg_line(void *arg, const char *text)
{
	add(arg, "  %s", text);
}

static void record_lines(struct lines *ls, const struct top_store *st,
			 const struct top_msg *m)
{
	const struct hwmsg_device *d = store_dev(st, m);
	char t[32], idx[32] = "";

	/* numbered from 1, as hwmsg show -N and Wireshark number them */
	add(ls, "Record #%" PRIu64 "  %s%03u  %s  %s  %u bytes%s", m->seq + 1,
	    top_fmt_time(m->ts_ns, t, sizeof(t)),
	    (unsigned int)(m->ts_ns % 1000), hwmsg_dir_str(m->dir),
	    hwmsg_type_str(m->type), m->len,
	    (m->rec_flags & HWMSG_RECF_TRUNCATED) ? " (truncated)" : "");
	if (m->rec_flags & HWMSG_RECF_HAS_INDEX)
		snprintf(idx, sizeof(idx), "  devlink index %u",
			 m->devlink_index);
	if (m->rec_flags & HWMSG_RECF_NO_DEVICE)
		add(ls, "  device -  (none named in the capture)%s", idx);
	else
		add(ls, "  device %s/%s  driver %s%s", d->bus, d->dev,
		    d->driver[0] ? d->driver : "-", idx);
	if (m->rec_flags & HWMSG_RECF_TRUNCATED)
		add(ls, "  original length %u", m->orig_len);
}

static void eth_line(struct lines *ls, const struct top_msg *m)
{
	const uint8_t *p = m->payload;

	if (m->type != HWMSG_TYPE_MLX_EMAD || m->len < HWMSG_EMAD_ETH_HDR_LEN)
		return;
	add(ls, "Ethernet  dst %02x:%02x:%02x:%02x:%02x:%02x"
		"  src %02x:%02x:%02x:%02x:%02x:%02x  ethertype 0x%04x"
		"  mlx_proto %u  ver %u",
	    p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10],
	    p[11], hwmsg_get_be16(p + HWMSG_EMAD_ETH_ETHERTYPE_OFF),
	    p[HWMSG_EMAD_ETH_MLX_PROTO_OFF], p[HWMSG_EMAD_ETH_VER_OFF] >> 4);
}

static void tlv_lines(struct lines *ls, const struct top_msg *m,
		      const struct hwmsg_msg *msg)
{
	char buf[DETAIL_LINE_LEN], name[24];
	size_t off = 0;
	unsigned int i;

	if (!msg->n_tlvs)
		return;
	off += (size_t)snprintf(buf, sizeof(buf), "TLVs");
	for (i = 0; i < msg->n_tlvs && off < sizeof(buf); i++) {
		const struct hwmsg_tlv_ref *t = &msg->tlvs[i];

		off += (size_t)snprintf(buf + off, sizeof(buf) - off,
					"  %s@%u(%u)",
					top_fmt_name(hwmsg_emad_tlv_names,
						     t->type, name,
						     sizeof(name)),
					t->offset, t->len);
	}
	add(ls, "%s", buf);
	if (msg->n_unknown)
		add(ls, "  %u TLV(s) of unknown type", msg->n_unknown);
	if (!msg->has_end && m->type == HWMSG_TYPE_MLX_EMAD)
		add(ls, "  no END TLV");
}

static void op_lines(struct lines *ls, const struct top_msg *m,
		     const struct hwmsg_msg *msg)
{
	const struct hwmsg_emad_op *op = &msg->op;
	char reg[TOP_REG_LABEL_LEN], st[40], me[24], cl[24];

	add(ls, "OP  register_id 0x%04x (%s)  method %u (%s)  class %u (%s)",
	    op->reg_id, top_reg_label(op->reg_id, reg, sizeof(reg)),
	    op->method,
	    top_fmt_name(hwmsg_emad_method_names, op->method, me, sizeof(me)),
	    op->cls, top_fmt_name(hwmsg_emad_class_names, op->cls, cl,
				  sizeof(cl)));
	add(ls, "    status %u (%s)  r %u (%s)  dr %u", op->status,
	    top_fmt_name(hwmsg_emad_status_names, op->status, st, sizeof(st)),
	    op->response, op->response ? "response" : "request", op->dr);
	if (m->type == HWMSG_TYPE_MLX_EMAD)
		add(ls, "    tid 0x%016" PRIx64, op->tid);
}

static void txn_lines(struct lines *ls, const struct top_msg *m,
		      const struct hwmsg_msg *msg)
{
	char d[32];

	if (msg->has_fw_string && msg->fw_string[0])
		add(ls, "STRING  \"%s\"", msg->fw_string);
	else if (msg->has_fw_string)
		add(ls, "String  (empty)");
	if (msg->has_latency)
		add(ls, "LATENCY  firmware %" PRIu32 " us", msg->latency_us);
	bool rsp = m->flags & TOP_MSG_RESPONSE;

	if (m->flags & TOP_MSG_PAIRED)
		add(ls,
		    "Transaction  latency %s, %s #%" PRIu64 "  (p: go there)",
		    top_fmt_dur(m->latency_ns, d, sizeof(d)),
		    rsp ? "request" : "response", m->pair_seq + 1);
	else if (m->flags & TOP_MSG_MATCHED)
		add(ls, "Transaction  latency %s (request to response)",
		    top_fmt_dur(m->latency_ns, d, sizeof(d)));
	else if (rsp)
		add(ls, "Transaction  request not in the trace");
	else if (m->flags & TOP_MSG_ORPHAN)
		add(ls, "Transaction  never answered (orphan)");
	if (m->retransmits && rsp)
		add(ls, "Transaction  answered after %u retransmit(s)",
		    m->retransmits);
	else if (m->retransmits)
		add(ls, "Transaction  retransmit %u of this tid",
		    m->retransmits);
}

static void hex_lines(struct lines *ls, const uint8_t *p, uint32_t len)
{
	char buf[DETAIL_LINE_LEN];
	uint32_t i, j;

	for (i = 0; i < len; i += 16) {
		int off = snprintf(buf, sizeof(buf), "  %04x:", i);

		for (j = i; j < i + 16 && j < len; j++)
			off += snprintf(buf + off, sizeof(buf) - (size_t)off,
					"%s%02x", j % 4 ? "" : " ", p[j]);
		add(ls, "%s", buf);
	}
}

static void reg_lines(struct lines *ls, const struct hwmsg_msg *msg)
{
	char reg[TOP_REG_LABEL_LEN], summary[128] = "";
	unsigned int at = ls->n;

	if (!msg->has_reg)
		return;
	add(ls, "REG");
	if (regfields_lines(msg->op.reg_id, msg->reg, msg->reg_len, summary,
			    sizeof(summary), reg_line, ls) <= 0) {
		hex_lines(ls, msg->reg, msg->reg_len);
		summary[0] = '\0';
	}
	/* the heading goes first but knows the summary only now */
	snprintf(ls->l[at], DETAIL_LINE_LEN, "REG  %s, %u bytes",
		 summary[0] ? summary
			    : top_reg_label(msg->op.reg_id, reg, sizeof(reg)),
		 msg->reg_len);
}

static void build(struct lines *ls, const struct top_store *st,
		  const struct top_msg *m)
{
	struct hwmsg_record rec;
	struct hwmsg_msg msg;
	struct hwmsg_err err;

	record_lines(ls, st, m);
	memset(&err, 0, sizeof(err));
	if (store_decode(st, m, &rec, &msg, &err) < 0) {
		add(ls, "Not decoded: %s", err.msg);
		add(ls, "Payload");
		hex_lines(ls, m->payload, m->len);
		return;
	}
	eth_line(ls, m);
	tlv_lines(ls, m, &msg);
	op_lines(ls, m, &msg);
	txn_lines(ls, m, &msg);
	reg_lines(ls, &msg);
}

/* Lines drawn in red: the firmware's complaint, a decode failure. */
static bool alarming(const char *line)
{
	return !strncmp(line, "STRING", 6) || !strncmp(line, "Not decoded", 11);
}

void detail_draw(struct top_ui *ui, int y, int rows)
{
	static struct lines ls;
	const struct top_msg *m = NULL;
	const struct top_store *st = NULL;
	unsigned int i;
	int r;

	if (rows < 1)
		return;
	move(y, 0);
	attron(ui_color(TOP_C_TITLE));
	clrtoeol();
	attroff(ui_color(TOP_C_TITLE));
	ui_put(y, 0, ui_color(TOP_C_TITLE), " Detail  ([ ] scroll)");
	ls.n = 0;
	if (ui->view.count)
		m = ui_msg(ui, view_at(&ui->view, ui->view.sel), &st);
	if (m)
		build(&ls, st, m);
	else
		add(&ls, "no message selected");
	if (ui->detail_scroll + (unsigned int)rows - 1 > ls.n)
		ui->detail_scroll = ls.n > (unsigned int)rows - 1
					    ? ls.n - ((unsigned int)rows - 1)
					    : 0;
	for (r = 1, i = ui->detail_scroll; r < rows; r++, i++) {
		move(y + r, 0);
		clrtoeol();
		if (i < ls.n)
			ui_put(y + r, 0,
			       alarming(ls.l[i]) ? ui_color(TOP_C_ERROR) : 0,
			       "%s", ls.l[i]);
	}
}
