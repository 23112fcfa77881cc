#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: `hwmsg show -V` against `tshark -V` with the hwmsg plugin on the
# same simulator capture (default 1M records), side by side; prints both
# times, peak memory and the ratio. Not a test: run it by hand or with
# `cmake --build build --target bench`.
#   bench/show_vs_tshark.sh BUILD_DIR [RECORDS]
set -eu
B=$(cd "${1:-build}" && pwd)
N=${2:-1000000}
T=$(mktemp -d); chmod 755 "$T"; trap 'rm -rf "$T"' EXIT

"$B/capture/hwmsgd" --sim --rate 0 --seed 7 -c "$N" -q -w "$T/bench.pcapng"
chmod 644 "$T/bench.pcapng"

. "$(dirname "$0")/tshark_env.sh"
bench_tshark_env

measure() { # label, command...: prints "label seconds maxrss_kb"
	label=$1; shift
	/usr/bin/time -f "%e %M" -o "$T/time" "$@" > /dev/null
	printf '%s %s\n' "$label" "$(cat "$T/time")"
}

echo "records: $N ($(du -h "$T/bench.pcapng" | cut -f1))"
measure "hwmsg-show-V" "$B/cli/hwmsg" show -V "$T/bench.pcapng" | tee "$T/a"
measure "tshark-V" $AS_USER tshark -V -r "$T/bench.pcapng" | tee "$T/b"
measure "hwmsg-show" "$B/cli/hwmsg" show "$T/bench.pcapng" | tee -a "$T/a2"
measure "tshark" $AS_USER tshark -r "$T/bench.pcapng" | tee -a "$T/b2"
awk -v a="$(cut -d' ' -f2 "$T/a")" -v b="$(cut -d' ' -f2 "$T/b")" \
	'BEGIN { printf "ratio tshark-V / hwmsg-show-V: %.1fx\n", b / a }'
awk -v a="$(cut -d' ' -f2 "$T/a2")" -v b="$(cut -d' ' -f2 "$T/b2")" \
	'BEGIN { printf "ratio tshark / hwmsg-show: %.1fx\n", b / a }'
