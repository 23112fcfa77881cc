/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpcap, loaded the first time a capture needs it (classic pcap, or
 * HWMSG_READER=libpcap): pcapng is opened and walked by walk.c, and
 * Debian's libpcap pulls in libdbus, libsystemd, libgcrypt and more,
 * about 2 ms of every start when linked.
 */
#ifndef HWMSG_IO_PCAP_DL_H
#define HWMSG_IO_PCAP_DL_H

#include <pcap/pcap.h>

#include "hwmsg/err.h"

/* The functions reader.c calls, typed as this libpcap declares them. */
struct hwmsg_pcap {
	__typeof__(&pcap_fopen_offline_with_tstamp_precision) fopen_offline;
	__typeof__(&pcap_next_ex) next_ex;
	__typeof__(&pcap_datalink) datalink;
	__typeof__(&pcap_geterr) geterr;
	__typeof__(&pcap_close) close;
};

/* Loads libpcap once (thread-safe); NULL and *err when it cannot. */
const struct hwmsg_pcap *hwmsg_pcap(struct hwmsg_err *err);

#endif
