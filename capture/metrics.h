/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hwmsgd --metrics FILE: what the capture sees, as Prometheus text
 * exposition for node_exporter's textfile collector: messages, errors,
 * retransmissions, orphans and a latency histogram per device, register
 * and method; drops and filtered records. The file is replaced atomically
 * (written beside it, then renamed) every interval and at the end.
 */
#ifndef HWMSGD_METRICS_H
#define HWMSGD_METRICS_H

#include <stdint.h>

#include "hwmsg/trace.h"

struct metrics;

/* t: the cursor every record goes through (pairing on); its evicted
 * requests are counted as orphans. */
struct metrics *metrics_new(const char *path, struct hwmsg_trace *t);
/* Every record the source delivers (kept or filtered out). */
void metrics_feed(struct metrics *m, const struct hwmsg_trace_item *it);
/* Write the file now; -1 with a message on stderr. */
int metrics_write(struct metrics *m, uint64_t dropped, uint64_t filtered);
void metrics_free(struct metrics *m);

#endif
