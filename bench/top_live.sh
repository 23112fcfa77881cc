#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: how many messages a second the live view of hwmsg top keeps up
# with. top runs in a private tmux server on the simulator at each RATE for
# SECONDS, writing everything it takes in (-w, the same writer as hwmsgd);
# the records in that file over RATE x SECONDS is the share it kept up
# with (1.00: all of it; the simulator is paced by the wall clock, so a
# view that falls behind takes in fewer). Not a test: run it by hand.
#   bench/top_live.sh BUILD_DIR [SECONDS] [RATE...]
#   (default 10 s; 50000 200000 500000 1000000 messages/s)
set -eu
B=$(cd "${1:-build}" && pwd)
[ $# -gt 0 ] && shift
D=${1:-10}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- 50000 200000 500000 1000000
. "$(dirname "$0")/tmux_env.sh"

printf '%10s %8s %12s %10s %8s\n' rate seconds records "taken/s" kept
for rate; do
	f=$T/live-$rate.pcapng
	tm new-session -d -s top -x 140 -y 40 \
		"$B/cli/hwmsg" top --sim --rate "$rate" -w "$f"
	sleep "$D"
	tm send-keys -t top q
	i=0
	while tm has-session -t top 2> /dev/null && [ $i -lt 100 ]; do
		sleep 0.1; i=$((i + 1))
	done
	n=$("$B/cli/hwmsg" stat "$f" | awk '$1 == "records" { print $2 }')
	awk -v r="$rate" -v d="$D" -v n="$n" 'BEGIN {
		printf "%10d %8d %12d %10.0f %8.2f\n", r, d, n, n / d, n / (r * d) }'
done
