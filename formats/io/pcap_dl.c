// SPDX-License-Identifier: GPL-2.0-or-later
/* libpcap on first use (pcap_dl.h, hwmsg/dl.h). */
#include "hwmsg/dl.h"
#include "pcap_dl.h"

static struct hwmsg_pcap pcap;

#define FN(field, name) { name, offsetof(struct hwmsg_pcap, field) }
static const struct hwmsg_dl_sym syms[] = {
	FN(fopen_offline, "pcap_fopen_offline_with_tstamp_precision"),
	FN(next_ex, "pcap_next_ex"),
	FN(datalink, "pcap_datalink"),
	FN(geterr, "pcap_geterr"),
	FN(close, "pcap_close"),
};

/* kept open: the pcap_t of every open capture lives in it */
static struct hwmsg_dl dl = HWMSG_DL_INIT(HWMSG_LIBPCAP_SONAME, NULL, syms,
					  &pcap);

const struct hwmsg_pcap *hwmsg_pcap(struct hwmsg_err *err)
{
	return hwmsg_dl_load(&dl, err) ? NULL : &pcap;
}
