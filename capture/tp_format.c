// SPDX-License-Identifier: GPL-2.0-or-later
/* What hwmsgd's tracepoint source decides on its own: tp_format.h */
#include <stdlib.h>

#include "tp_format.h"

uint64_t tp_hold_left_ns(uint64_t sample_ts, uint64_t seen_mono,
			 uint64_t now_rt, uint64_t now_mono,
			 uint64_t reorder_ns, uint64_t hold_ns)
{
	uint64_t by_ts = 0, by_hold = 0;

	if (sample_ts + reorder_ns > now_rt)
		by_ts = sample_ts + reorder_ns - now_rt;
	if (now_mono < seen_mono + hold_ns)
		by_hold = seen_mono + hold_ns - now_mono;
	/* whichever comes first lets it go */
	return by_ts < by_hold ? by_ts : by_hold;
}

int tp_cpulist_parse(const char *s, bool *set, int n)
{
	int max = -1, i;

	for (i = 0; i < n; i++)
		set[i] = false;
	while (*s && *s != '\n') {
		char *end;
		long a, b;

		if (*s < '0' || *s > '9')
			return -2;
		a = strtol(s, &end, 10);
		b = a;
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				return -2;
			b = strtol(end + 1, &end, 10);
		}
		if (b < a || b > 1 << 20)
			return -2;
		for (i = (int)a; i <= (int)b; i++)
			if (i < n)
				set[i] = true;
		if (b > max)
			max = (int)b;
		if (*end == ',')
			end++;
		else if (*end && *end != '\n')
			return -2;
		s = end;
	}
	return max;
}
