#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: every ratio of the performance goal in one run, on one simulator
# capture (default 200,000 records): tshark with the hwmsg plugin against
# hwmsg (show -V, show, stat), tshark with the plugin against tshark with
# the plugin's protocol disabled (the plugin's own cost), editcap against
# hwmsgd writing the same records, hwmsgd's zstd writer against its plain
# one, perf script against hwmsg show and stat on a perf.data of as many
# samples (bench/perf_synth.py; when a perf binary is there); then the peak
# RSS of show, stat and hwmsgd at N and at 5N records (flat means memory
# does not grow with the capture). Each command runs
# REPEAT times (default 3) and the fastest run counts, so that a neighbour's
# load on a shared machine does not decide the ratio. Not a test.
#   bench/ratios.sh BUILD_DIR [RECORDS]
set -eu
B=$(cd "${1:-build}" && pwd)
N=${2:-200000}
R=${REPEAT:-3}
T=$(mktemp -d); chmod 755 "$T"; trap 'rm -rf "$T"' EXIT

"$B/capture/hwmsgd" --sim --rate 0 --seed 7 -c "$N" -q -w "$T/bench.pcapng"
chmod 644 "$T/bench.pcapng"
F=$T/bench.pcapng

. "$(dirname "$0")/tshark_env.sh"
bench_tshark_env
TS="$AS_USER XDG_CONFIG_HOME=$T/home/.config tshark"
OFF="--disable-protocol devlink_hwmsg"

# best NAME COMMAND...: the fastest of R runs (elapsed seconds) into $T/NAME
best() {
	name=$1; shift
	i=0; b=
	while [ $i -lt "$R" ]; do
		# nanoseconds: /usr/bin/time's 10 ms steps are too coarse for
		# runs of a few tens of milliseconds
		t0=$(date +%s%N)
		"$@" > /dev/null
		t=$(( $(date +%s%N) - t0 ))
		b=$(awk -v a="$t" -v b="$b" 'BEGIN { print (b == "" || a < b) ? a : b }')
		i=$((i + 1))
	done
	echo "$b" > "$T/$name"
	awk -v n="$name" -v b="$b" 'BEGIN { printf "%-34s %8.3f s\n", n, b / 1e9 }'
}

echo "records: $N ($(du -h "$F" | cut -f1)), best of $R runs"
best hwmsg-show-V "$B/cli/hwmsg" show -V "$F"
best hwmsg-show "$B/cli/hwmsg" show "$F"
best hwmsg-stat "$B/cli/hwmsg" stat "$F"
# shellcheck disable=SC2086
{
best tshark-V $TS -V -r "$F"
best tshark $TS -r "$F"
best tshark-stat $TS -q -z hwmsg,tree -r "$F"
best tshark-nohwmsg $TS $OFF -r "$F"
best tshark-V-nohwmsg $TS $OFF -V -r "$F"
}
# perf script against hwmsg on a perf.data of N samples (perf_synth.py)
PERF=${PERF:-/usr/bin/perf}
for p in /usr/bin/perf_*; do [ -x "$p" ] && PERF=$p; done
if head -c 4 "$PERF" 2>/dev/null | od -An -c | grep -q 'E   L   F'; then
	python3 "$(dirname "$0")/perf_synth.py" "$T/bench.data" "$N" > /dev/null
	best perf-script "$PERF" script -i "$T/bench.data"
	best hwmsg-show-perf "$B/cli/hwmsg" show "$T/bench.data"
	best hwmsg-stat-perf "$B/cli/hwmsg" stat "$T/bench.data"
	rm -f "$T/bench.data"
fi
D="$B/capture/hwmsgd --sim --rate 0 --seed 7 -c $N -q"
# shellcheck disable=SC2086
best hwmsgd-w $D -w "$T/out.pcapng"
# shellcheck disable=SC2086
best hwmsgd-w-zst $D -w "$T/out.pcapng.zst"
best editcap editcap -F pcapng "$F" "$T/editcap.pcapng"
rm -f "$T"/out.pcapng* "$T/editcap.pcapng"

# ratio LABEL A B GOAL: A / B beside the goal
ratio() {
	awk -v l="$1" -v a="$(cat "$T/$2")" -v b="$(cat "$T/$3")" -v g="$4" \
		'BEGIN { printf "%-48s %7.1fx  (goal %s)\n", l, a / b, g }'
}
echo
ratio "tshark -V / hwmsg show -V" tshark-V hwmsg-show-V ">= 20x"
ratio "tshark / hwmsg show" tshark hwmsg-show ">= 20x"
ratio "tshark -z hwmsg,tree / hwmsg stat" tshark-stat hwmsg-stat ">= 50x"
ratio "tshark with the plugin / without" tshark tshark-nohwmsg "<= 1.2x"
ratio "tshark -V with the plugin / without" tshark-V tshark-V-nohwmsg "<= 2.0x"
ratio "editcap -F pcapng / hwmsgd --sim -w" editcap hwmsgd-w ">= 3x"
ratio "hwmsgd -w x.zst / hwmsgd -w x" hwmsgd-w-zst hwmsgd-w "<= 1.3x"
if [ -f "$T/perf-script" ]; then
	ratio "perf script / hwmsg show (perf.data)" perf-script hwmsg-show-perf ">= 10x"
	ratio "perf script / hwmsg stat (perf.data)" perf-script hwmsg-stat-perf ">= 10x"
fi

# rss CMD...: peak resident set of one run, in MiB
rss() {
	/usr/bin/time -f %M -o "$T/time" "$@" > /dev/null
	awk '{ printf "%.1f", $1 / 1024 }' "$T/time"
}
"$B/capture/hwmsgd" --sim --rate 0 --seed 7 -c $((N * 5)) -q \
	-w "$T/big.pcapng.zst"
echo
printf '%-34s %10s %10s\n' "peak RSS (MiB)" "$N" "$((N * 5))"
for cmd in show stat; do
	printf '%-34s %10s %10s\n' "hwmsg $cmd" \
		"$(rss "$B/cli/hwmsg" "$cmd" "$F")" \
		"$(rss "$B/cli/hwmsg" "$cmd" "$T/big.pcapng.zst")"
done
for n in "$N" $((N * 5)); do
	# shellcheck disable=SC2086
	rss $D -c "$n" -w "$T/out.pcapng.zst" > "$T/rss.$n"
	rm -f "$T/out.pcapng.zst"
done
printf '%-34s %10s %10s\n' "hwmsgd --sim -w x.zst" "$(cat "$T/rss.$N")" \
	"$(cat "$T/rss.$((N * 5))")"
