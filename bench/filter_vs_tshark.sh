#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: one filter over the same simulator capture (default 1M
# records) by `hwmsg show -Y` and `tshark -Y` with the hwmsg plugin, side by
# side: both print the matching frame numbers, which must be the same.
# Prints times, peak memory and the ratio for a message field, a register
# field and a latency filter. Not a test: run it by hand.
#   bench/filter_vs_tshark.sh BUILD_DIR [RECORDS]
set -eu
B=$(cd "${1:-build}" && pwd)
N=${2:-1000000}
T=$(mktemp -d); chmod 755 "$T"; trap 'rm -rf "$T"' EXIT

"$B/capture/hwmsgd" --sim --rate 0 --seed 7 -c "$N" -q -w "$T/bench.pcapng.zst"
chmod 644 "$T/bench.pcapng.zst"

. "$(dirname "$0")/tshark_env.sh"
bench_tshark_env

measure() { # label, output file, command...: "label seconds maxrss_kb"
	label=$1 out=$2; shift 2
	/usr/bin/time -f "%e %M" -o "$T/time" "$@" > "$out"
	printf '%-28s %s\n' "$label" "$(cat "$T/time")"
}

echo "records: $N ($(du -h "$T/bench.pcapng.zst" | cut -f1) zstd)"
for f in 'emad.status != 0' 'mlxreg.paos.local_port == 3' 'emad.time > 0.0002'; do
	echo "filter: $f"
	measure "  hwmsg show -N -Y" "$T/h.out" \
		"$B/cli/hwmsg" show -N -Y "$f" "$T/bench.pcapng.zst"
	measure "  tshark -Y -T fields" "$T/t.out" \
		$AS_USER tshark -r "$T/bench.pcapng.zst" -Y "$f" -T fields -e frame.number
	cut -d' ' -f1 "$T/h.out" > "$T/h.num"
	cmp -s "$T/h.num" "$T/t.out" || { echo "  DIFFERENT frames"; exit 1; }
	a=$(tail -n 2 "$T/time" | head -n 1)
	echo "  same $(wc -l < "$T/t.out") frames"
done > "$T/report"
cat "$T/report"
awk '/hwmsg show/ { h = $(NF-1) } /tshark -Y/ { printf "  ratio tshark / hwmsg: %.1fx\n", $(NF-1) / h }' "$T/report"
