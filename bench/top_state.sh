#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: the register state as of the cursor (hwmsg top's r) on big
# simulator captures (.zst): feeding the state log (what reading the file
# adds), its memory (checkpoints every 65,536 records), a seek to a random
# record from its checkpoint, a one-record step, the history of the
# busiest instance. Not a test: run it by hand (10M records once: 2 cores).
#   bench/top_state.sh BUILD_DIR [RECORDS...]   (default 1000000 10000000)
set -eu
B=$(cd "${1:-build}" && pwd)
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- 1000000 10000000
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '%10s %9s %8s %9s %8s %9s %9s %9s %8s %8s %8s\n' records instances \
	"feed s" "log MiB" "B/rec" "seek ms" "max ms" "step ms" history \
	"hist s" "RSS MiB"
for n in "$@"; do
	"$B/capture/hwmsgd" --sim --rate 0 --seed 1 -c "$n" -q -w "$T/c.pcapng.zst"
	"$B/bench/state_log_bench" "$T/c.pcapng.zst"
	rm -f "$T/c.pcapng.zst"
done
