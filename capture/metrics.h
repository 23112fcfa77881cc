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

#include "hwmsg/record.h"

struct metrics;

struct metrics *metrics_new(const char *path);
/* Every record the source delivers (kept or filtered out). */
void metrics_feed(struct metrics *m, const struct hwmsg_record *rec);
/* Write the file now; -1 with a message on stderr. */
int metrics_write(struct metrics *m, uint64_t dropped, uint64_t filtered);
void metrics_free(struct metrics *m);

#endif
