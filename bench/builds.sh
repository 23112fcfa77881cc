#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: two builds of hwmsg side by side on the same capture (default
# 200,000 simulator records): show, show -V, stat, state, diff, and hwmsgd
# with a filter and metrics on the simulator; the fastest of REPEAT
# runs (default 5) of each, and NEW/OLD. For a change that touches the
# read-decode-pair loop: the cost it adds, measured, not guessed. Not a
# test.
#   bench/builds.sh OLD_BUILD_DIR NEW_BUILD_DIR [RECORDS]
set -eu
OLD=$(cd "$1" && pwd)
NEW=$(cd "$2" && pwd)
N=${3:-200000}
R=${REPEAT:-5}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

"$NEW/capture/hwmsgd" --sim --rate 0 --seed 7 -c "$N" -q -w "$T/a.pcapng"
"$NEW/capture/hwmsgd" --sim --rate 0 --seed 8 -c "$N" -q -w "$T/b.pcapng"
F=$T/a.pcapng

# best COMMAND...: the fastest of R runs, in nanoseconds
best() {
	i=0; b=
	while [ $i -lt "$R" ]; do
		t0=$(date +%s%N)
		"$@" > /dev/null || true	# diff exits 1: they differ
		t=$(( $(date +%s%N) - t0 ))
		[ -z "$b" ] || [ "$t" -lt "$b" ] && b=$t
		i=$((i + 1))
	done
	echo "$b"
}

# row NAME ARGS...: the tool (hwmsg, or hwmsgd) is the first of ARGS
row() {
	name=$1 tool=$2; shift 2
	o=$(best "$OLD/$tool" "$@")
	n=$(best "$NEW/$tool" "$@")
	awk -v m="$name" -v o="$o" -v n="$n" \
		'BEGIN { printf "%-28s %9.3f s %9.3f s %7.3f\n", m, o / 1e9, n / 1e9, n / o }'
}

echo "records: $N, best of $R runs"
printf "%-28s %11s %11s %7s\n" "" OLD NEW NEW/OLD
row "show" cli/hwmsg show "$F"
row "show -V" cli/hwmsg show -V "$F"
row "show -Y emad.time > 0.001" cli/hwmsg show -Y 'emad.time > 0.001' "$F"
row "stat" cli/hwmsg stat "$F"
row "state" cli/hwmsg state "$F"
row "diff" cli/hwmsg diff -q "$F" "$T/b.pcapng"
row "hwmsgd -f --metrics (sim)" capture/hwmsgd --sim --rate 0 --seed 7 \
	-c "$N" -q -f 'emad.status != 0' --metrics "$T/m.prom" \
	-w "$T/out.pcapng"
