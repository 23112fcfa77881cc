#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Zero-loss capture rate of the genl source against the tracepoint source,
# in a QEMU guest (TCG: absolute numbers mean little, the ratio does).
#
#   bench/vm_bench.sh BUILD_DIR
#
# The guest steps hwmsg_sim's spectrum poller through rates of 5k..100k
# messages/s, 3 s each, once under `hwmsgd --source genl` (8 MiB receive
# buffer) and once under `--source tracepoint` (256 pages per CPU), and
# prints per step what the simulator emitted, what hwmsgd wrote and
# dropped, and for each source the highest rate below which nothing was lost.
set -eu
BUILD=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
HWMSG_VM_TIMEOUT=${HWMSG_VM_TIMEOUT:-600} \
	"$HERE/../tests/vm/run-vm.sh" "$BUILD" "$HERE/vm_bench_guest.sh" >/dev/null || {
	rc=$?
	[ $rc = 77 ] && echo "vm_bench: skipped (no QEMU or kernel)"
	exit $rc
}
T=$BUILD/vm/out/vm_bench_guest/bench.txt
awk '
BEGIN { printf "%-10s %8s %10s %10s %10s\n", "source", "rate/s", "emitted", "written", "dropped" }
{
	printf "%-10s %8d %10d %10d %10d\n", $1, $2, $3, $4, $5
	if (!($1 in best)) best[$1] = 0
	# rates rise: the first step with loss ends the run of clean ones
	if ($5 == 0 && $4 >= $3 && !lossy[$1]) best[$1] = $2
	else lossy[$1] = 1
}
END {
	printf "\nhighest rate with no loss at it or below (messages/s):\n"
	for (s in best) printf "  %-10s %d\n", s, best[s]
	if (best["tracepoint"] > 0)
		printf "  genl/tracepoint ratio: %.2f\n", best["genl"] / best["tracepoint"]
}' "$T"
