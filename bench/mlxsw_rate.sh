#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What capturing costs Linux's mlxsw: EMAD transactions per second through
# the driver's core, in a QEMU guest (TCG: the ratios mean something, the
# absolute rates little), with no capture, with hwmsgd's tracepoint source
# and with the genl bridge (devlink_hwmsg), each 3 times interleaved.
# Target: a capture costs the driver at most 10% of its rate and loses
# nothing at that rate.
#
#   bench/mlxsw_rate.sh BUILD_DIR      (N=transactions per run, 20000)
set -eu
BUILD=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
HWMSG_VM_TIMEOUT=${HWMSG_VM_TIMEOUT:-1200} \
	"$HERE/../tests/vm/run-vm.sh" "$BUILD" "$HERE/mlxsw_rate_guest.sh" >/dev/null || {
	rc=$?
	[ $rc = 77 ] && echo "mlxsw_rate: skipped (no QEMU, kernel or linux-source-6.1)"
	exit $rc
}
awk '
{
	rate = $2 / ($3 / 1e6)
	printf "%-10s %6d transactions %8.3f s %8.0f/s", $1, $2, $3 / 1e6, rate
	if ($1 != "none") printf "  written %d dropped %d (of %d messages)", $4, $5, 2 * $2
	printf "\n"
	r[$1, ++n[$1]] = rate
	if ($1 != "none" && ($5 > 0 || $4 < 2 * $2)) lost[$1] = 1
}
# the median of a mode'"'"'s runs: one slow run on a loaded machine moves a mean
function median(m,   i, j, t, k) {
	k = n[m]
	for (i = 1; i <= k; i++) a[i] = r[m, i]
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
		if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
END {
	base = median("none")
	printf "\nmedian rate: none %.0f/s", base
	split("tracepoint genl", modes, " ")
	for (i = 1; i <= 2; i++) if (n[modes[i]])
		printf ", %s %.0f/s (%.1f%% of none%s)", modes[i], median(modes[i]),
		       100 * median(modes[i]) / base,
		       lost[modes[i]] ? ", LOST messages" : ", nothing lost"
	printf "\n"
}' "$BUILD/vm/out/mlxsw_rate_guest/bench.txt"
